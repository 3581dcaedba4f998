//! Tactics: positions with a goal the AI must meet, checked by the exact search.
//!
//! A tactic is a 5DPGN game whose final position is the puzzle, with a `Goal` header:
//! - `mate in 1`: the side to move has a mating turn; the answer must mate (after it the
//!   opponent is in check and `find_action` proves it has no legal action).
//! - `avoid mate in 1`: some turn of the side to move lets the opponent mate at once (the
//!   game's own turn did) and some turn does not; the answer must not (every legal reply
//!   is asked, `mates::find_mate_exhaustive`).
//! - `mate in 2` (issue 20): the side to move has a turn after which every reply of the
//!   opponent allows a mate in one; the answer must be such a turn (every reply, and for
//!   each every turn after it, is asked: `forced_mate_in_two`).
//! - `avoid mate in 2`: the game's turn let the opponent force a mate in two (but not mate
//!   at once) while some turn allowed neither; the answer must allow neither.
//!
//! `mine` finds such positions in a game, the way the shipped set was made.

use crate::game::{Game, GameStatus, status};
use crate::notation::{self, read_game};
use crate::position::{Move, Position};
use crate::search::{Limits, Outcome, count_actions, for_each_action};

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::mate_in_two::{Caps, MateInTwo, find_mate_in_two};
use super::mates::{
    MateInOne, Reach, find_mate_exhaustive, find_mate_in_one_within, first_action_where, mates,
};

/// What a tactic asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    MateInOne,
    AvoidMateInOne,
    MateInTwo,
    AvoidMateInTwo,
}

impl Goal {
    pub const ALL: [Goal; 4] = [
        Goal::MateInOne,
        Goal::AvoidMateInOne,
        Goal::MateInTwo,
        Goal::AvoidMateInTwo,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Goal::MateInOne => "mate in 1",
            Goal::AvoidMateInOne => "avoid mate in 1",
            Goal::MateInTwo => "mate in 2",
            Goal::AvoidMateInTwo => "avoid mate in 2",
        }
    }

    pub fn parse(s: &str) -> Option<Goal> {
        let t = s.trim();
        Goal::ALL
            .into_iter()
            .find(|g| g.as_str().eq_ignore_ascii_case(t))
    }

    /// Whether the goal is not to lose (the game's own turn, in `Blunder`, did).
    pub fn is_avoid(self) -> bool {
        matches!(self, Goal::AvoidMateInOne | Goal::AvoidMateInTwo)
    }
}

/// A tactic read from 5DPGN: the game (its final position is the puzzle) and the goal.
#[derive(Clone, Debug)]
pub struct Tactic {
    pub game: Game,
    pub goal: Goal,
}

impl Tactic {
    pub fn position(&self) -> &Position {
        self.game.position()
    }
}

/// Reads a tactic: a 5DPGN game with a `Goal` header (`mate in 1` or `avoid mate in 1`).
pub fn read_tactic(text: &str) -> Result<Tactic, String> {
    let game = read_game(text).map_err(|e| e.to_string())?;
    let g = game.header("Goal").ok_or(
        "no Goal header ([Goal \"mate in 1\"], \"avoid mate in 1\", \"mate in 2\" or \"avoid mate in 2\")",
    )?;
    let goal = Goal::parse(g).ok_or_else(|| {
        format!(
            "Goal \"{g}\" is none of \"mate in 1\", \"avoid mate in 1\", \"mate in 2\", \"avoid mate in 2\""
        )
    })?;
    Ok(Tactic { game, goal })
}

/// The exact verdict on an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Solved,
    /// The answer is legal but misses the goal (why, in words).
    Missed(String),
    /// The answer is not a legal action.
    Illegal(String),
    /// The exact search could not decide within `limits`.
    Undecided,
}

/// Checks `answer` (an action for the side to move) against the tactic's goal.
pub fn check_answer(t: &Tactic, answer: &[Move], limits: Limits) -> Verdict {
    let pos = t.position();
    let mut g = Game::new(pos.clone());
    if let Err(e) = g.apply_action(answer) {
        return Verdict::Illegal(format!("{e:?}"));
    }
    let after = g.position();
    match t.goal {
        Goal::MateInOne => match status(after, limits) {
            GameStatus::Checkmate => Verdict::Solved,
            GameStatus::Unknown => Verdict::Undecided,
            s => Verdict::Missed(format!("the opponent is left {}", s.as_str())),
        },
        Goal::AvoidMateInOne => match find_mate_exhaustive(after, limits) {
            Outcome::Done(None) => Verdict::Solved,
            Outcome::Done(Some(m)) => Verdict::Missed(format!(
                "the opponent mates with {}",
                notation::write_action(after, &m)
            )),
            Outcome::Unknown => Verdict::Undecided,
        },
        Goal::MateInTwo => match forced_mate_in_two(after, limits) {
            Outcome::Done(true) => Verdict::Solved,
            Outcome::Done(false) => {
                Verdict::Missed("some reply of the opponent allows no mate in one".to_string())
            }
            Outcome::Unknown => Verdict::Undecided,
        },
        Goal::AvoidMateInTwo => match find_mate_exhaustive(after, limits) {
            Outcome::Done(Some(m)) => Verdict::Missed(format!(
                "the opponent mates with {}",
                notation::write_action(after, &m)
            )),
            Outcome::Unknown => Verdict::Undecided,
            Outcome::Done(None) => match find_mate_in_two_exhaustive(after, limits) {
                Outcome::Done(None) => Verdict::Solved,
                Outcome::Done(Some(m)) => Verdict::Missed(format!(
                    "the opponent forces a mate in two with {}",
                    notation::write_action(after, &m)
                )),
                Outcome::Unknown => Verdict::Undecided,
            },
        },
    }
}

/// Whether, in `after_first` (a position at the start of a turn, after the opponent's
/// first turn of a mate in two), every legal action of the side to move allows the
/// opponent a mate in one: a forced mate in two. No action at all counts only when it is
/// mate. Every action, and every reply to each, is asked whether the reply escapes a mate
/// in one (`escapes`).
pub fn forced_mate_in_two(after_first: &Position, limits: Limits) -> Outcome<bool> {
    forced_mate_in_two_hinted(after_first, limits, &mut Escapes::default())
}

/// Replies that escaped after earlier first turns, the latest first. Most first turns
/// leave alone what such a reply depends on, so one of them escapes again and the look
/// over every reply ends at once; the answer is the same either way.
#[derive(Default)]
struct Escapes(Vec<Vec<Move>>);

impl Escapes {
    /// Escapes kept: a first turn that spoils the latest one (a piece it captures, a
    /// square it blocks) is usually answered by one of a handful of others.
    const KEPT: usize = 16;

    fn found(&mut self, i: usize) {
        let e = self.0.remove(i);
        self.0.insert(0, e);
    }

    fn add(&mut self, reply: Vec<Move>) {
        self.0.insert(0, reply);
        self.0.truncate(Self::KEPT);
    }
}

/// Whether, after `reply` (a position at the start of the opponent's turn), the opponent
/// has no mate in one: every action is asked (`find_mate_exhaustive`). Before that walk,
/// the checking beam (`find_mate_in_one_within`, fixed work) may propose a mate; only a
/// mate the exact search confirms (`mates`) ends the look, so the beam makes it quicker,
/// never different.
fn escapes(reply: &Position, limits: Limits) -> Outcome<bool> {
    let flag = AtomicBool::new(false);
    let stop = limits.stop.unwrap_or(&flag);
    let far = Instant::now() + Duration::from_secs(3600);
    if let MateInOne::Found(m) = find_mate_in_one_within(reply, far, stop, Reach::LIMITED)
        && played_mates(reply, &m, limits.stop)
    {
        return Outcome::Done(false);
    }
    match find_mate_exhaustive(reply, limits) {
        Outcome::Done(m) => Outcome::Done(m.is_none()),
        Outcome::Unknown => Outcome::Unknown,
    }
}

/// `forced_mate_in_two`, asking first about the replies in `known` that escaped after
/// other first turns; a reply found escaping here is added to them.
fn forced_mate_in_two_hinted(
    after_first: &Position,
    limits: Limits,
    known: &mut Escapes,
) -> Outcome<bool> {
    for i in 0..known.0.len() {
        let mut g = Game::new(after_first.clone());
        if g.apply_action(&known.0[i]).is_ok()
            && escapes(g.position(), limits) == Outcome::Done(true)
        {
            known.found(i);
            return Outcome::Done(false);
        }
    }
    let mut escape = None;
    let mut any = false;
    let mut undecided = false;
    let r = for_each_action(after_first, limits, |p| {
        any = true;
        let mut q = p.clone();
        q.submit_unchecked();
        match escapes(&q, limits) {
            Outcome::Done(false) => true,
            Outcome::Done(true) => {
                escape = Some(p.turn_moves().copied().collect());
                false
            }
            Outcome::Unknown => {
                undecided = true;
                false
            }
        }
    });
    if let Some(e) = escape {
        known.add(e);
        return Outcome::Done(false);
    }
    if undecided || r == Outcome::Unknown {
        return Outcome::Unknown;
    }
    if !any {
        return Outcome::Done(after_first.in_check());
    }
    Outcome::Done(true)
}

/// A forced mate in two of the side to move (a first turn), asking about every legal
/// action (`forced_mate_in_two` after each); a mate in one counts too.
pub fn find_mate_in_two_exhaustive(pos: &Position, limits: Limits) -> Outcome<Option<Vec<Move>>> {
    // The replies that escaped after earlier first actions are asked first after the next.
    let mut known = Escapes::default();
    first_action_where(pos, limits, |p| {
        let mut q = p.clone();
        q.submit_unchecked();
        forced_mate_in_two_hinted(&q, limits, &mut known)
    })
}

/// An action of the side to move after which the opponent has neither a mate in one nor a
/// forced mate in two.
pub fn find_safe_action_in_two(pos: &Position, limits: Limits) -> Outcome<Option<Vec<Move>>> {
    first_action_where(pos, limits, |p| {
        let mut after = p.clone();
        after.submit_unchecked();
        match find_mate_exhaustive(&after, limits) {
            Outcome::Done(Some(_)) => return Outcome::Done(false),
            Outcome::Unknown => return Outcome::Unknown,
            Outcome::Done(None) => {}
        }
        match find_mate_in_two_exhaustive(&after, limits) {
            Outcome::Done(m) => Outcome::Done(m.is_none()),
            Outcome::Unknown => Outcome::Unknown,
        }
    })
}

/// A safe action of the side to move: one after which the opponent has no mate in one
/// (`Unknown` if `limits` stopped a search first).
pub fn find_safe_action(pos: &Position, limits: Limits) -> Outcome<Option<Vec<Move>>> {
    first_action_where(pos, limits, |p| {
        let mut after = p.clone();
        after.submit_unchecked();
        match find_mate_exhaustive(&after, limits) {
            Outcome::Done(m) => Outcome::Done(m.is_none()),
            Outcome::Unknown => Outcome::Unknown,
        }
    })
}

/// The tactics in a game: for each state k (after the first k actions), `MateInOne` when
/// the side to move has a mating turn, `AvoidMateInOne` when the turn played at k let the
/// opponent mate at once while a safe turn existed. Only states with at most
/// `max_actions` legal actions are looked at (the checks ask about every action, and the
/// avoid check about every reply to each); each search is bounded by `limits`; states it
/// cannot decide are left out.
pub fn mine(game: &Game, max_actions: u64, limits: Limits) -> Vec<(usize, Goal)> {
    let states = game.states();
    let small: Vec<bool> = states
        .iter()
        .map(|p| {
            matches!(count_actions(p, max_actions + 1, limits), Outcome::Done(n) if n <= max_actions)
        })
        .collect();
    let mut out = Vec::new();
    // Whether the side to move in state k has a mate in one (computed once per state).
    let mut mate_at: Vec<Option<bool>> = vec![None; states.len()];
    let mut has_mate = |k: usize| -> Option<bool> {
        if !small[k] {
            return None;
        }
        if mate_at[k].is_none() {
            mate_at[k] = find_mate_exhaustive(&states[k], limits)
                .done()
                .map(|m| m.is_some());
        }
        mate_at[k]
    };
    for k in 0..states.len() {
        if has_mate(k) == Some(true) {
            out.push((k, Goal::MateInOne));
            continue;
        }
        if k + 1 < states.len()
            && small[k]
            && has_mate(k + 1) == Some(true)
            && !played_mates(&states[k], &game.actions[k], None)
            && matches!(find_safe_action(&states[k], limits), Outcome::Done(Some(_)))
        {
            out.push((k, Goal::AvoidMateInOne));
        }
    }
    out
}

/// Time the AI's look for a mate in two gets per position while mining.
const AI_LOOK: std::time::Duration = std::time::Duration::from_secs(20);

/// The tactics of two turns in a game (issue 20): for each state k, `MateInTwo` when the
/// side to move has a forced mate in two but no mate in one, `AvoidMateInTwo` when the turn
/// played at k let the opponent force a mate in two (but not mate at once) while a turn
/// that allowed neither existed. As `mine`: only states with at most `max_actions` legal
/// actions, each search bounded by `limits`, undecided states left out. In a game with a
/// `Result`, only the winner's mates and the loser's blunders.
///
/// Asking the exact search about every turn, every reply and every turn after it is too
/// slow for a whole game, so the mates in two are looked for by the AI's own look
/// (`mate_in_two::find_mate_in_two`, at most `AI_LOOK` a position, whose `Found` is a
/// proof); what the set's tests check is then exhaustive. A mate in two that look misses
/// is not mined.
pub fn mine_in_two(game: &Game, max_actions: u64, limits: Limits) -> Vec<(usize, Goal)> {
    let states = game.states();
    let small = |p: &Position| matches!(count_actions(p, max_actions + 1, limits), Outcome::Done(n) if n <= max_actions);
    let decided = |o: Outcome<Option<Vec<Move>>>| o.done().map(|m| m.is_some());
    let stop = AtomicBool::new(false);
    let flag = limits.stop.unwrap_or(&stop);
    let ai_finds = |p: &Position| {
        let deadline = std::time::Instant::now() + AI_LOOK;
        matches!(
            find_mate_in_two(p, deadline, flag, Caps::default()),
            MateInTwo::Found(_)
        )
    };
    // In a decided game, the mates are the winner's and the blunders the loser's.
    let loser = match game.header("Result") {
        Some("1-0") => Some(crate::Color::Black),
        Some("0-1") => Some(crate::Color::White),
        _ => None,
    };
    let mut out = Vec::new();
    for k in 0..states.len() {
        let side = states[k].to_move;
        if !small(&states[k]) {
            continue;
        }
        if decided(find_mate_exhaustive(&states[k], limits)) != Some(false) {
            continue;
        }
        if loser != Some(side) && ai_finds(&states[k]) {
            out.push((k, Goal::MateInTwo));
            continue;
        }
        let Some(next) = states.get(k + 1) else {
            continue;
        };
        if loser.is_none_or(|l| l == side)
            && small(next)
            && decided(find_mate_exhaustive(next, limits)) == Some(false)
            && ai_finds(next)
            && decided(find_safe_action_in_two(&states[k], limits)) == Some(true)
        {
            out.push((k, Goal::AvoidMateInTwo));
        }
    }
    out
}

/// Whether playing `action` in `pos` mates (then state k+1 is over, not a blunder).
fn played_mates(pos: &Position, action: &[Move], stop: Option<&AtomicBool>) -> bool {
    let mut p = pos.clone();
    for m in action {
        p.make_move(m);
    }
    mates(&p, stop) == Outcome::Done(true)
}

/// The game cut at state k with a `Goal` header: a tactic file. For `AvoidMateInOne`, a
/// `Blunder` header gives the turn the game played there (after which the opponent had a
/// mate in one).
pub fn tactic_text(game: &Game, k: usize, goal: Goal, source: &str) -> String {
    let mut g = Game::new(game.start.clone());
    g.headers = game
        .headers
        .iter()
        .filter(|(key, _)| {
            ![
                "goal",
                "result",
                "termination",
                "source",
                "state",
                "blunder",
            ]
            .contains(&key.to_ascii_lowercase().as_str())
        })
        .cloned()
        .collect();
    g.headers
        .push(("Goal".to_string(), goal.as_str().to_string()));
    g.headers.push(("Source".to_string(), source.to_string()));
    g.headers.push(("State".to_string(), k.to_string()));
    for a in &game.actions[..k] {
        g.apply_action(a).expect("a recorded action");
    }
    if goal.is_avoid()
        && let Some(a) = game.actions.get(k)
    {
        let text = notation::write_action(g.position(), a);
        g.headers.push(("Blunder".to_string(), text));
    }
    notation::write_game(&g)
}

/// The game of a tactic with its `Blunder` header played as one more action (`None`
/// without the header). The header is read by appending it to the game's text, so the
/// 5DPGN reader checks it.
pub fn with_blunder(text: &str) -> Option<Result<Game, String>> {
    let t = read_tactic(text).ok()?;
    let blunder = t.game.header("Blunder")?.to_string();
    let pos = t.position();
    let turn = pos.to_move;
    let n = match turn {
        crate::Color::White => t.game.actions.len() / 2 + 1,
        crate::Color::Black => t.game.actions.len().div_ceil(2),
    };
    // Turn numbers count from the game's first turn; the reader accepts any numbering
    // that matches the side to move, so the last line is extended or a new one started.
    let body = text.trim_end();
    let extended = match turn {
        crate::Color::White => format!("{body}\n{n}. {blunder}\n"),
        crate::Color::Black => format!("{body} / {blunder}\n"),
    };
    Some(read_game(&extended).map_err(|e| e.to_string()))
}
