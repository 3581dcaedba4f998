//! The match: timelines, banks, secured points, merge offers, clocks, and the rules that
//! change them (rules.md section 2).

use cozy_chess::{Board, Color};

use crate::chess::{Game, Status};
use crate::clock::{Clocks, Rate, TimeControl, scaled_increment};
use crate::error::MatchError;
use crate::event::{Action, Event, TimedEvent};
use crate::points::Points;
use crate::timeline::{Fork, Timeline, TimelineEnd};

pub use crate::outcome::{EndReason, MatchResult, Outcome};

/// Headers the match record owns (not free tags).
pub fn is_reserved_tag(key: &str) -> bool {
    matches!(key, "Mode" | "Version" | "Clock" | "FEN")
}

/// Each side's bank at the start.
pub const START_SHARE: u32 = 50;
/// At most this many timelines are open at once.
pub const MAX_OPEN_TIMELINES: usize = 50;
/// Secured points above this win the match.
pub const WIN_ABOVE: u32 = 50;

/// An open merge offer between timelines `a` < `b`: a move made the position of one equal
/// to a position in the other's history.
#[derive(Clone, Debug)]
pub struct Offer {
    pub a: usize,
    pub b: usize,
    /// The position the two share (as of the move that made the offer).
    pub position: Board,
    pub opened_ms: u64,
    answers: [Option<bool>; 2],
}

impl Offer {
    /// This side's answer so far.
    pub fn answer(&self, side: Color) -> Option<bool> {
        self.answers[side as usize]
    }

    pub fn involves(&self, timeline: usize) -> bool {
        self.a == timeline || self.b == timeline
    }
}

/// A refused pair: the two timelines and the position they shared. The same pair meeting
/// in that position again makes no new offer; meeting in another position does.
#[derive(Clone, Debug)]
struct Refusal {
    a: usize,
    b: usize,
    position: Board,
}

/// A clock that ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlagFall {
    /// Whose clock ran out (White when both ran out in the same millisecond).
    pub side: Color,
    pub at_ms: u64,
    /// Both clocks ran out in the same millisecond.
    pub both: bool,
}

/// What an accepted event did, for the game to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// The timeline a split made.
    pub new_timeline: Option<usize>,
    /// Timelines closed by this event (mate, draw, or merged away).
    pub closed: Vec<usize>,
    /// Merge offers opened, as (a, b) with a < b.
    pub offers_opened: Vec<(usize, usize)>,
    /// Offers withdrawn (a move on one of the two, a timeline closing, the match ending).
    pub offers_withdrawn: Vec<(usize, usize)>,
    /// A refused offer.
    pub refused: Option<(usize, usize)>,
    /// An executed merge: (the timeline play goes on in, the one that closed).
    pub merged: Option<(usize, usize)>,
    /// The increment the mover's clock earned.
    pub increment_ms: u64,
    /// The match ended with this event.
    pub ended: Option<MatchResult>,
}

/// A match of Timeline Wager.
///
/// Every call that changes it takes the time in milliseconds since the start of the
/// match; the match never reads a clock. An event that breaks a rule is refused with a
/// `MatchError` and changes nothing.
#[derive(Clone, Debug)]
pub struct Match {
    control: Option<TimeControl>,
    /// As of `now_ms` (zeros when untimed).
    clocks: Clocks,
    /// The time of the last event (0 before the first).
    now_ms: u64,
    timelines: Vec<Timeline>,
    secured: Points,
    offers: Vec<Offer>,
    refusals: Vec<Refusal>,
    result: Option<MatchResult>,
    events: Vec<TimedEvent>,
    /// Extra record headers (names, dates), kept in order.
    tags: Vec<(String, String)>,
}

impl Match {
    /// A match from the standard starting position.
    pub fn new(control: Option<TimeControl>) -> Match {
        Match::from_position(Board::default(), control)
    }

    /// A match whose first timeline starts from `start` (puzzles, tests). Its record
    /// carries a `[FEN]` header.
    pub fn from_position(start: Board, control: Option<TimeControl>) -> Match {
        let base = control.map_or(0, |c| c.base_ms());
        let mut m = Match {
            control,
            clocks: Clocks {
                white_ms: base,
                black_ms: base,
            },
            now_ms: 0,
            timelines: vec![Timeline {
                number: 0,
                fork: None,
                game: Game::new(start),
                bank: Points::new(START_SHARE, START_SHARE),
                end: None,
                created_ms: 0,
            }],
            secured: Points::default(),
            offers: Vec::new(),
            refusals: Vec::new(),
            result: None,
            events: Vec::new(),
            tags: Vec::new(),
        };
        // A start position that is already over (mate, stalemate, dead) closes L0 at once.
        let status = m.timelines[0].game.status();
        if status != Status::Ongoing {
            let mut applied = Applied::default();
            m.close_finished(0, status, &mut applied);
            m.check_end(0, &mut applied);
        }
        m
    }

    // ----- reading the state -----

    /// Every timeline ever made, by number.
    pub fn timelines(&self) -> &[Timeline] {
        &self.timelines
    }

    pub fn timeline(&self, n: usize) -> Option<&Timeline> {
        self.timelines.get(n)
    }

    pub fn open_timelines(&self) -> impl Iterator<Item = &Timeline> {
        self.timelines.iter().filter(|t| t.is_open())
    }

    pub fn open_count(&self) -> usize {
        self.open_timelines().count()
    }

    /// Open timelines where it is `side`'s turn.
    pub fn to_move(&self, side: Color) -> impl Iterator<Item = &Timeline> {
        self.open_timelines()
            .filter(move |t| t.side_to_move() == side)
    }

    /// The points still at stake in open timelines (both shares).
    pub fn open_points(&self) -> u32 {
        self.open_timelines().map(|t| t.bank.total()).sum()
    }

    pub fn secured(&self) -> Points {
        self.secured
    }

    pub fn offers(&self) -> &[Offer] {
        &self.offers
    }

    /// The open offer between `a` and `b` (either order).
    pub fn offer(&self, a: usize, b: usize) -> Option<&Offer> {
        let (a, b) = (a.min(b), a.max(b));
        self.offers.iter().find(|o| o.a == a && o.b == b)
    }

    pub fn result(&self) -> Option<MatchResult> {
        self.result
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    pub fn control(&self) -> Option<TimeControl> {
        self.control
    }

    /// The time of the last event.
    pub fn last_event_ms(&self) -> u64 {
        self.now_ms
    }

    /// Every accepted event in order.
    pub fn events(&self) -> &[TimedEvent] {
        &self.events
    }

    /// Splits made so far.
    pub fn split_count(&self) -> usize {
        self.timelines.len() - 1
    }

    /// Merges made so far.
    pub fn merge_count(&self) -> usize {
        self.timelines
            .iter()
            .filter(|t| matches!(t.end, Some(TimelineEnd::Merged { .. })))
            .count()
    }

    /// Extra record headers (besides Mode, Version, Clock, FEN).
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Sets an extra record header (`White`, `Black`, `Date`, ...). The record's own
    /// headers (Mode, Version, Clock, FEN) cannot be set this way.
    pub fn set_tag(&mut self, key: &str, value: &str) {
        if is_reserved_tag(key) {
            return;
        }
        match self.tags.iter_mut().find(|(k, _)| k == key) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((key.to_string(), value.to_string())),
        }
    }

    /// The largest stake a split on `timeline` allows now (None: no split possible there:
    /// closed, bank too small, or 50 timelines open).
    pub fn max_stake(&self, timeline: usize) -> Option<u32> {
        let t = self.timelines.get(timeline).filter(|t| t.is_open())?;
        if self.open_count() >= MAX_OPEN_TIMELINES {
            return None;
        }
        let max = 2 * (t.bank.white.min(t.bank.black).saturating_sub(1));
        (max >= 2).then_some(max)
    }

    // ----- clocks -----

    /// The rate `side`'s clock runs at now: the banks of the open timelines where it is
    /// that side's turn over the banks of all open timelines.
    pub fn clock_rate(&self, side: Color) -> Rate {
        if self.result.is_some() {
            return Rate { num: 0, den: 1 };
        }
        Rate {
            num: self.to_move(side).map(|t| t.bank.total()).sum(),
            den: self.open_points(),
        }
    }

    /// The clocks as of the last event (None when untimed).
    pub fn clocks(&self) -> Option<Clocks> {
        self.control.map(|_| self.clocks)
    }

    /// The clocks at `now_ms` (at the last event's time if `now_ms` is earlier; frozen once
    /// the match is over; 0 for a clock that has run out).
    pub fn clocks_at(&self, now_ms: u64) -> Option<Clocks> {
        self.control?;
        if self.result.is_some() {
            return Some(self.clocks);
        }
        let dt = now_ms.saturating_sub(self.now_ms);
        let mut c = self.clocks;
        for side in Color::ALL {
            let left = c.get_mut(side);
            *left = left.saturating_sub(self.clock_rate(side).spent(dt));
        }
        Some(c)
    }

    /// When `side`'s clock runs out if nothing happens before (None: not running, untimed,
    /// or the match is over).
    pub fn runs_out_at(&self, side: Color) -> Option<u64> {
        self.control?;
        if self.result.is_some() {
            return None;
        }
        let after = self
            .clock_rate(side)
            .runs_out_after(self.clocks.get(side))?;
        Some(self.now_ms.saturating_add(after))
    }

    /// The first clock to run out at or before `now_ms`, if any.
    pub fn flag_fall(&self, now_ms: u64) -> Option<FlagFall> {
        let w = self.runs_out_at(Color::White).filter(|&t| t <= now_ms);
        let b = self.runs_out_at(Color::Black).filter(|&t| t <= now_ms);
        match (w, b) {
            (Some(tw), Some(tb)) if tw == tb => Some(FlagFall {
                side: Color::White,
                at_ms: tw,
                both: true,
            }),
            (Some(tw), Some(tb)) if tb < tw => Some(FlagFall {
                side: Color::Black,
                at_ms: tb,
                both: false,
            }),
            (Some(tw), _) => Some(FlagFall {
                side: Color::White,
                at_ms: tw,
                both: false,
            }),
            (None, Some(tb)) => Some(FlagFall {
                side: Color::Black,
                at_ms: tb,
                both: false,
            }),
            (None, None) => None,
        }
    }

    /// Ends the match if a clock has run out by `now_ms` (recording the flag fall at the
    /// exact millisecond it happened). The game calls this as time passes.
    pub fn tick(&mut self, now_ms: u64) -> Option<Applied> {
        let f = self.flag_fall(now_ms)?;
        self.apply(Event::new(f.side, Action::Flag), f.at_ms).ok()
    }

    fn advance_clocks(&mut self, to_ms: u64) {
        if let Some(c) = self.clocks_at(to_ms) {
            self.clocks = c;
        }
        self.now_ms = to_ms;
    }

    // ----- events -----

    /// Applies `event` at `now_ms` (ms since the start). Refused events change nothing.
    pub fn apply(&mut self, event: Event, now_ms: u64) -> Result<Applied, MatchError> {
        if let Some(r) = self.result {
            return Err(MatchError::MatchOver(r));
        }
        if now_ms < self.now_ms {
            return Err(MatchError::TimeWentBack {
                last_ms: self.now_ms,
                now_ms,
            });
        }
        if event.action == Action::Flag {
            return self.apply_flag(event, now_ms);
        }
        if let Some(f) = self.flag_fall(now_ms) {
            return Err(MatchError::FlagFallen {
                side: f.side,
                at_ms: f.at_ms,
            });
        }
        let applied = match event.action {
            Action::Move { timeline, mv } => {
                self.check_move(event.side, timeline, mv)?;
                self.advance_clocks(now_ms);
                self.do_move(event.side, timeline, mv, now_ms)
            }
            Action::Split {
                timeline,
                mv,
                stake,
            } => {
                self.check_move(event.side, timeline, mv)?;
                self.check_stake(timeline, stake)?;
                self.advance_clocks(now_ms);
                self.do_split(event.side, timeline, mv, stake, now_ms)
            }
            Action::Merge { a, b, accept } => {
                let i = self.offer_index(a, b)?;
                if self.offers[i].answers[event.side as usize].is_some() {
                    let o = &self.offers[i];
                    return Err(MatchError::AlreadyAnswered {
                        a: o.a,
                        b: o.b,
                        side: event.side,
                    });
                }
                self.advance_clocks(now_ms);
                self.do_answer(event.side, i, accept)
            }
            Action::Resign => {
                self.advance_clocks(now_ms);
                let mut applied = Applied::default();
                self.end(
                    Outcome::win_for(!event.side),
                    EndReason::Resignation,
                    now_ms,
                    &mut applied,
                );
                applied
            }
            Action::Flag => unreachable!("handled above"),
        };
        self.events.push(TimedEvent {
            at_ms: now_ms,
            event,
        });
        Ok(applied)
    }

    fn apply_flag(&mut self, event: Event, now_ms: u64) -> Result<Applied, MatchError> {
        if self.control.is_none() {
            return Err(MatchError::Untimed);
        }
        let side = event.side;
        let mine = self.runs_out_at(side);
        if mine != Some(now_ms) {
            // A flag that fell earlier than claimed is reported as such.
            if let Some(f) = self.flag_fall(now_ms)
                && f.at_ms < now_ms
            {
                return Err(MatchError::FlagFallen {
                    side: f.side,
                    at_ms: f.at_ms,
                });
            }
            return Err(MatchError::FlagNotFallen {
                side,
                at_ms: now_ms,
                runs_out_ms: mine,
            });
        }
        let theirs = self.runs_out_at(!side);
        if let Some(t) = theirs
            && t < now_ms
        {
            return Err(MatchError::FlagFallen {
                side: !side,
                at_ms: t,
            });
        }
        self.advance_clocks(now_ms);
        let mut applied = Applied::default();
        if theirs == Some(now_ms) {
            self.end(Outcome::Draw, EndReason::BothFlags, now_ms, &mut applied);
        } else {
            self.end(
                Outcome::win_for(!side),
                EndReason::FlagFall,
                now_ms,
                &mut applied,
            );
        }
        self.events.push(TimedEvent {
            at_ms: now_ms,
            event,
        });
        Ok(applied)
    }

    fn check_move(
        &self,
        side: Color,
        timeline: usize,
        mv: cozy_chess::Move,
    ) -> Result<(), MatchError> {
        let t = self
            .timelines
            .get(timeline)
            .ok_or(MatchError::NoSuchTimeline(timeline))?;
        if !t.is_open() {
            return Err(MatchError::TimelineClosed(timeline));
        }
        if t.side_to_move() != side {
            return Err(MatchError::NotYourTurn { timeline, side });
        }
        if !t.game.is_legal(mv) {
            return Err(MatchError::IllegalMove {
                timeline,
                mv: crate::chess::uci::format(mv),
                fen: t.board().to_string(),
            });
        }
        Ok(())
    }

    fn check_stake(&self, timeline: usize, stake: u32) -> Result<(), MatchError> {
        if stake % 2 == 1 {
            return Err(MatchError::OddStake(stake));
        }
        if stake < 2 {
            return Err(MatchError::StakeTooSmall(stake));
        }
        if self.open_count() >= MAX_OPEN_TIMELINES {
            return Err(MatchError::TimelineLimit);
        }
        let bank = self.timelines[timeline].bank;
        let max = 2 * bank.white.min(bank.black).saturating_sub(1);
        if stake > max {
            return Err(MatchError::StakeTooLarge { stake, max });
        }
        Ok(())
    }

    /// The increment for a move on `timeline`, measured with it counted as open.
    fn increment_for(&self, timeline: usize) -> u64 {
        match self.control {
            Some(c) => scaled_increment(
                c.increment_ms(),
                self.timelines[timeline].bank.total(),
                self.open_points(),
            ),
            None => 0,
        }
    }

    fn do_move(
        &mut self,
        side: Color,
        timeline: usize,
        mv: cozy_chess::Move,
        now_ms: u64,
    ) -> Applied {
        let mut applied = Applied {
            increment_ms: self.increment_for(timeline),
            ..Applied::default()
        };
        let status = self.timelines[timeline]
            .game
            .play(mv)
            .expect("checked legal");
        self.withdraw_offers(timeline, &mut applied);
        self.after_move(timeline, status, now_ms, &mut applied);
        self.credit(side, applied.increment_ms);
        applied
    }

    fn do_split(
        &mut self,
        side: Color,
        timeline: usize,
        mv: cozy_chess::Move,
        stake: u32,
        now_ms: u64,
    ) -> Applied {
        let number = self.timelines.len();
        let parent = &mut self.timelines[timeline];
        let half = stake / 2;
        parent.bank.white -= half;
        parent.bank.black -= half;
        let mut game = parent.game.clone();
        let fork = Fork {
            parent: timeline,
            ply: game.plies(),
        };
        let status = game.play(mv).expect("checked legal");
        self.timelines.push(Timeline {
            number,
            fork: Some(fork),
            game,
            bank: Points::new(half, half),
            end: None,
            created_ms: now_ms,
        });
        let mut applied = Applied {
            new_timeline: Some(number),
            increment_ms: self.increment_for(number),
            ..Applied::default()
        };
        self.after_move(number, status, now_ms, &mut applied);
        self.credit(side, applied.increment_ms);
        applied
    }

    fn credit(&mut self, side: Color, ms: u64) {
        if self.control.is_some() {
            let c = self.clocks.get_mut(side);
            *c = c.saturating_add(ms);
        }
    }

    /// After a move made `timeline`'s new position: close it if its game ended, else
    /// offer merges with the other open timelines whose history holds that position.
    fn after_move(&mut self, timeline: usize, status: Status, now_ms: u64, applied: &mut Applied) {
        if status != Status::Ongoing {
            self.close_finished(timeline, status, applied);
            self.check_end(now_ms, applied);
            return;
        }
        let pos = self.timelines[timeline].board().clone();
        let key = pos.hash_without_ep();
        for other in 0..self.timelines.len() {
            let o = &self.timelines[other];
            if other == timeline || !o.is_open() {
                continue;
            }
            let seen = o
                .game
                .boards()
                .iter()
                .any(|b| b.hash_without_ep() == key && b.same_position(&pos));
            if !seen {
                continue;
            }
            let (a, b) = (timeline.min(other), timeline.max(other));
            let refused = self
                .refusals
                .iter()
                .any(|r| r.a == a && r.b == b && r.position.same_position(&pos));
            if refused || self.offer(a, b).is_some() {
                continue;
            }
            self.offers.push(Offer {
                a,
                b,
                position: pos.clone(),
                opened_ms: now_ms,
                answers: [None, None],
            });
            applied.offers_opened.push((a, b));
        }
    }

    /// Closes a timeline whose game ended and secures its bank.
    fn close_finished(&mut self, timeline: usize, status: Status, applied: &mut Applied) {
        let t = &mut self.timelines[timeline];
        let bank = t.bank;
        t.end = Some(match status {
            Status::Checkmate { winner } => {
                self.secured.add(winner, bank.total());
                TimelineEnd::Checkmate { winner }
            }
            Status::Draw(reason) => {
                // Split evenly: half of the bank each (banks are even).
                let half = bank.total() / 2;
                self.secured.add(Color::White, half);
                self.secured.add(Color::Black, bank.total() - half);
                TimelineEnd::Draw(reason)
            }
            Status::Ongoing => unreachable!("only finished games close"),
        });
        applied.closed.push(timeline);
        self.withdraw_offers(timeline, applied);
    }

    /// A win above 50 points, or a draw once every timeline is closed.
    fn check_end(&mut self, now_ms: u64, applied: &mut Applied) {
        for side in Color::ALL {
            if self.secured.get(side) > WIN_ABOVE {
                self.end(Outcome::win_for(side), EndReason::Points, now_ms, applied);
                return;
            }
        }
        if self.open_count() == 0 {
            self.end(Outcome::Draw, EndReason::AllClosed, now_ms, applied);
        }
    }

    fn end(&mut self, outcome: Outcome, reason: EndReason, now_ms: u64, applied: &mut Applied) {
        let r = MatchResult {
            outcome,
            reason,
            at_ms: now_ms,
        };
        self.result = Some(r);
        applied.ended = Some(r);
        for o in self.offers.drain(..) {
            applied.offers_withdrawn.push((o.a, o.b));
        }
    }

    fn withdraw_offers(&mut self, timeline: usize, applied: &mut Applied) {
        self.offers.retain(|o| {
            let gone = o.involves(timeline);
            if gone {
                applied.offers_withdrawn.push((o.a, o.b));
            }
            !gone
        });
    }

    fn offer_index(&self, a: usize, b: usize) -> Result<usize, MatchError> {
        let (lo, hi) = (a.min(b), a.max(b));
        self.offers
            .iter()
            .position(|o| o.a == lo && o.b == hi)
            .ok_or(MatchError::NoOffer { a, b })
    }

    fn do_answer(&mut self, side: Color, i: usize, accept: bool) -> Applied {
        let mut applied = Applied::default();
        let o = &mut self.offers[i];
        o.answers[side as usize] = Some(accept);
        let (a, b) = (o.a, o.b);
        if !accept {
            let o = self.offers.remove(i);
            self.refusals.push(Refusal {
                a,
                b,
                position: o.position,
            });
            applied.refused = Some((a, b));
            return applied;
        }
        if o.answers.iter().any(|x| x.is_none()) {
            return applied;
        }
        self.offers.remove(i);
        // Play goes on on the board farther in the future (more plies); on a tie, on the
        // older timeline (the lower number). The survivor keeps its number.
        let (keep, close) = if self.timelines[b].plies() > self.timelines[a].plies() {
            (b, a)
        } else {
            (a, b)
        };
        let bank = self.timelines[close].bank;
        self.timelines[keep].bank = self.timelines[keep].bank + bank;
        self.timelines[close].end = Some(TimelineEnd::Merged { into: keep });
        applied.closed.push(close);
        applied.merged = Some((keep, close));
        self.withdraw_offers(close, &mut applied);
        applied
    }
}
