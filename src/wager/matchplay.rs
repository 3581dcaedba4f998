//! The Timeline Wager match: the one `timefork_wager::Match`, who plays each side, the
//! match's own time, and the requests that change it. Every change goes through
//! `apply_requests`, which hands it to the rules with the current time; a refused request
//! changes nothing and says why. After every accepted event the match record is written to
//! its autosave file (a temporary file, then a rename), so a killed game loads again.

use crate::game_kit::{DecidingSystems, GameSystems, PausableSystems};
use crate::players::Player;
use bevy::prelude::*;
use std::path::PathBuf;
use timefork_wager::chess::{Color, Move};
use timefork_wager::{Action, Applied, Event, Match, MatchError};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<WagerRequest>();
    app.add_message::<WagerTakeBack>();
    app.add_message::<WagerEvent>();
    app.add_systems(
        Update,
        (tick_flags, apply_requests, apply_take_backs)
            .chain()
            .in_set(GameSystems::Apply)
            .distributive_run_if(resource_exists::<WagerMatch>)
            // While the other player is away the match's time stands still (`net.rs`).
            .in_set(DecidingSystems)
            .in_set(PausableSystems),
    );
}

/// Where a match came from: only one started here from the start position can enter the
/// leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WagerOrigin {
    New,
    File,
}

/// The match being played.
#[derive(Resource)]
pub struct WagerMatch {
    /// Changes whenever a new match replaces this one.
    pub id: u64,
    pub m: Match,
    pub players: [Player; 2],
    pub origin: WagerOrigin,
    /// The match's time when this session of it began (0 for a new match, the last
    /// event's time for a loaded one), and the app's clock then: the match's time is the
    /// first plus the app's time since.
    pub base_ms: u64,
    pub started_secs: Option<f64>,
    /// The timeline on screen.
    pub viewing: usize,
    /// Why the last request was refused, in the language of that moment.
    pub feedback: Option<String>,
    /// The refusal itself, which the bar translates each time it draws it.
    pub refused: Option<MatchError>,
    /// Where the record is written after every event (none in tests that do not ask).
    pub autosave: Option<PathBuf>,
    pub started_at: std::time::SystemTime,
    /// A move was taken back: the match no longer enters the leaderboard.
    pub took_back: bool,
}

static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl WagerMatch {
    pub fn new(m: Match, players: [Player; 2], origin: WagerOrigin) -> WagerMatch {
        let base_ms = m.last_event_ms();
        WagerMatch {
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            m,
            players,
            origin,
            base_ms,
            started_secs: None,
            viewing: 0,
            feedback: None,
            refused: None,
            autosave: None,
            started_at: std::time::SystemTime::now(),
            took_back: false,
        }
    }

    /// The match's time now, in ms since its start.
    pub fn now_ms(&self, app_secs: f64) -> u64 {
        let since = self.started_secs.map_or(0.0, |s| (app_secs - s).max(0.0));
        self.base_ms + (since * 1000.0) as u64
    }

    pub fn player(&self, side: Color) -> Player {
        self.players[side_index(side)]
    }

    /// Whether a person plays this side here.
    pub fn human(&self, side: Color) -> bool {
        self.player(side) == Player::Human
    }

    /// The timeline on screen after an accepted event: a person's own split is followed,
    /// and a timeline merged away gives way to the one it merged into.
    pub fn follow(&mut self, side: Color, applied: &Applied) {
        if let Some(n) = applied.new_timeline
            && self.human(side)
        {
            self.viewing = n;
        }
        if let Some((survivor, closed)) = applied.merged
            && self.viewing == closed
        {
            self.viewing = survivor;
        }
    }

    /// Every legal move on a timeline, if it is open and its side to move is a person's.
    pub fn human_moves(&self, timeline: usize) -> Vec<Move> {
        match self.m.timeline(timeline) {
            Some(t) if t.is_open() && !self.m.is_over() && self.human(t.side_to_move()) => {
                t.game().legal_moves()
            }
            _ => Vec::new(),
        }
    }
}

impl WagerMatch {
    /// The person who may take back on `timeline` now, if one may: against the AI, on the
    /// person's move there, with the person's last move and the AI's answer the last two
    /// moves on it and nothing later resting on them (`Match::take_back_events`).
    pub fn take_back_side(&self, timeline: usize) -> Option<Color> {
        let side = match self.players {
            [Player::Human, Player::Ai(_)] => Color::White,
            [Player::Ai(_), Player::Human] => Color::Black,
            _ => return None,
        };
        self.m.take_back_events(timeline, side).ok().map(|_| side)
    }
}

pub fn side_index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// A request to change the match, from a player's input or an AI.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct WagerRequest {
    pub side: Color,
    pub action: Action,
}

/// The person playing the AI takes back their last move on a timeline and the AI's
/// answer there.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct WagerTakeBack {
    pub side: Color,
    pub timeline: usize,
}

/// What an accepted request did (sounds, animation and the view follow these).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum WagerEvent {
    Applied {
        event: Event,
        applied: Applied,
    },
    /// Two moves came off this timeline.
    TookBack {
        timeline: usize,
    },
    Rejected(String),
}

/// A flag that fell is recorded at its exact millisecond.
fn tick_flags(
    time: Res<Time<Real>>,
    mut w: ResMut<WagerMatch>,
    mut events: MessageWriter<WagerEvent>,
    dir: Res<crate::unfinished::UnfinishedDir>,
) {
    let app = time.elapsed_secs_f64();
    if w.started_secs.is_none() {
        w.started_secs = Some(app);
    }
    if w.m.is_over() || w.m.control().is_none() {
        return;
    }
    let now = w.now_ms(app);
    if w.m.flag_fall(now).is_some()
        && let Some(applied) = w.m.tick(now)
    {
        let event = w.m.events().last().map(|e| e.event);
        if let Some(event) = event {
            events.write(WagerEvent::Applied { event, applied });
        }
        save(&mut w, &dir);
    }
}

fn apply_requests(
    time: Res<Time<Real>>,
    mut requests: MessageReader<WagerRequest>,
    mut events: MessageWriter<WagerEvent>,
    mut w: ResMut<WagerMatch>,
    dir: Res<crate::unfinished::UnfinishedDir>,
) {
    for r in requests.read() {
        let now = w.now_ms(time.elapsed_secs_f64());
        let event = Event::new(r.side, r.action);
        match w.m.apply(event, now) {
            Ok(applied) => {
                w.feedback = None;
                w.refused = None;
                w.follow(r.side, &applied);
                save(&mut w, &dir);
                events.write(WagerEvent::Applied { event, applied });
            }
            Err(e) => {
                let reason = super::texts::error_text(&e);
                if w.human(r.side) {
                    w.feedback = Some(reason.clone());
                    w.refused = Some(e);
                }
                events.write(WagerEvent::Rejected(reason));
            }
        }
    }
}

fn apply_take_backs(
    mut asks: MessageReader<WagerTakeBack>,
    mut events: MessageWriter<WagerEvent>,
    mut w: ResMut<WagerMatch>,
    dir: Res<crate::unfinished::UnfinishedDir>,
) {
    for ask in asks.read() {
        let allowed = w.take_back_side(ask.timeline) == Some(ask.side);
        let taken = if allowed {
            w.m.taken_back(ask.timeline, ask.side)
                .map_err(|e| super::texts::take_back_error_text(&e))
        } else {
            Err(timefork_i18n::tr!("wager-error-no-take-back"))
        };
        match taken {
            Ok(m) => {
                w.m = m;
                w.took_back = true;
                w.feedback = None;
                w.refused = None;
                save(&mut w, &dir);
                events.write(WagerEvent::TookBack {
                    timeline: ask.timeline,
                });
            }
            Err(reason) => {
                warn!("take-back on L{} refused: {reason}", ask.timeline);
                w.feedback = Some(reason.clone());
                events.write(WagerEvent::Rejected(reason));
            }
        }
    }
}

/// Writes the record to the autosave file, if there is one. A match kept among the
/// unfinished games goes to the saves once it is over.
fn save(w: &mut WagerMatch, dir: &crate::unfinished::UnfinishedDir) {
    let Some(path) = w.autosave.clone() else {
        return;
    };
    if let Err(e) = crate::files::write_atomically(&path, w.m.record().as_bytes()) {
        warn!("could not save the match to {}: {e}", path.display());
        return;
    }
    if w.m.is_over() && dir.holds(&path) {
        let saves = dir.saves_beside();
        let to = saves.join(path.file_name().unwrap_or_default());
        let moved = std::fs::create_dir_all(&saves).and_then(|()| std::fs::rename(&path, &to));
        match moved {
            Ok(()) => w.autosave = Some(to),
            Err(e) => warn!("could not move the finished match to {}: {e}", to.display()),
        }
    }
}
