//! The match: the one authoritative engine state, who plays each colour, and the requests
//! that change it. Every change goes through `apply_requests`, which validates it with the
//! engine first; nothing else writes the position.

pub mod ai_player;
pub mod browse;
pub mod clocks;
pub mod mate_check;

use crate::game_kit::{DecidingSystems, GameSystems, PausableSystems};
pub use crate::players::{AiLevel, Player};
use bevy::prelude::*;
use timefork_engine::game::is_legal_move;
use timefork_engine::position::MoveEffect;
use timefork_engine::{Color, Game, GameStatus, Move, Position, SubmitError, notation};
use timefork_i18n::tr;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Request>();
    app.add_message::<MatchEvent>();
    app.init_resource::<AiThinking>();
    app.add_systems(
        Update,
        apply_requests
            .in_set(GameSystems::Apply)
            .run_if(resource_exists::<Match>)
            .in_set(DecidingSystems)
            .in_set(PausableSystems),
    );
    app.add_plugins((
        mate_check::plugin,
        clocks::plugin,
        ai_player::plugin,
        browse::plugin,
    ));
}

/// How a finished match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Checkmate {
        winner: Color,
    },
    Stalemate,
    Resignation {
        winner: Color,
    },
    /// The loser's clock reached zero.
    TimeOut {
        winner: Color,
    },
    /// One side offered a draw and the other accepted (network games).
    DrawAgreed,
    /// Online: the loser left and did not come back in time; the winner claimed it.
    Abandoned {
        winner: Color,
    },
    /// Online: ended before the second turn with no result (the other player left).
    Aborted,
}

impl Outcome {
    /// The result in words, in the current language.
    pub fn describe(self) -> String {
        match self {
            Outcome::Checkmate { winner } => {
                tr!("fived-outcome-checkmate", winner = side_id(winner))
            }
            Outcome::Stalemate => tr!("fived-outcome-stalemate"),
            Outcome::Resignation { winner } => {
                tr!("fived-outcome-resignation", winner = side_id(winner))
            }
            Outcome::TimeOut { winner } => {
                tr!("fived-outcome-time-out", winner = side_id(winner))
            }
            Outcome::DrawAgreed => tr!("fived-outcome-draw-agreed"),
            Outcome::Abandoned { winner } => {
                tr!("fived-outcome-abandoned", winner = side_id(winner))
            }
            Outcome::Aborted => tr!("fived-outcome-aborted"),
        }
    }
}

/// Where a match came from. Only a match started in the app from a variant's starting
/// position can enter the leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Origin {
    /// A named variant's starting position, chosen on the new-game screen.
    #[default]
    Variant,
    /// A file (a save, an export, someone else's game).
    File,
    /// Text pasted into the game.
    Pasted,
    /// A puzzle.
    Puzzle,
    /// The game replayed behind the menus.
    Backdrop,
    /// A tutorial lesson (its panel has the hint and tells the end).
    Tutorial,
    /// A free board opened on a position to analyse (both sides moved by the person).
    Analysis,
}

/// "White" or "Black" in the current language.
pub fn color_name(c: Color) -> String {
    match c {
        Color::White => tr!("common-white"),
        Color::Black => tr!("common-black"),
    }
}

/// A side as the Fluent files select on it (`{ $side -> [white] ... *[black] ... }`), so
/// each language can decline the colour as its sentence needs. Never shown.
pub fn side_id(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Why a turn cannot be submitted, in the current language, with timelines named as
/// players write them (as `SubmitError::describe` does in English).
pub fn submit_error_text(e: &SubmitError, pos: &Position) -> String {
    use timefork_engine::position::timeline_display;
    match e {
        SubmitError::PresentNotMoved { present } => tr!(
            "fived-submit-present-not-moved",
            turn = present.div_euclid(2),
            side = side_id(if present.rem_euclid(2) == 0 {
                Color::White
            } else {
                Color::Black
            })
        ),
        SubmitError::RoyalCapturable { from, to } => tr!(
            "fived-submit-royal-capturable",
            from_l = timeline_display(from.l, pos.even),
            from_t = from.turn(),
            from_sq = notation::square_name(from.x, from.y),
            to_l = timeline_display(to.l, pos.even),
            to_t = to.turn(),
            to_sq = notation::square_name(to.x, to.y)
        ),
    }
}

/// The state of the mate check of the current position (run after every submitted turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MateCheck {
    #[default]
    Idle,
    Running,
    /// The search answered; `Unknown` means its budget ran out (never taken as mate).
    Done(GameStatus),
}

/// The match being played. A network game's joiner tries a request on a copy first, so
/// a refusal reads as at one computer.
#[derive(Resource, Clone)]
pub struct Match {
    /// Changes whenever a new match replaces this one, so the mirror knows to start over.
    pub id: u64,
    /// The start and every submitted action.
    pub game: Game,
    /// The current position: `game.position()` plus the moves of the unfinished turn.
    pub pos: Position,
    pub players: [Player; 2],
    pub outcome: Option<Outcome>,
    pub mate_check: MateCheck,
    /// Why the last request was refused, for the HUD.
    pub feedback: Option<String>,
    /// The moves of the turn submitted last, with what they did: an AI's whole turn
    /// arrives at once, and its boards and pieces animate from these.
    pub last_submitted: Vec<(Move, MoveEffect)>,
    /// Wall-clock start, for the leaderboard.
    pub started_at: std::time::SystemTime,
    /// Base time and increment; `None` is untimed.
    pub time_control: Option<clocks::TimeControl>,
    /// What the clocks showed when the match was (re)opened.
    pub clock_start: clocks::ClockStart,
    pub origin: Origin,
    /// A turn was taken back: the game no longer enters the leaderboard.
    pub took_back: bool,
    /// The game was analysed while it was being played: it no longer enters the
    /// leaderboard either.
    pub analysed: bool,
    /// Which sides (White, Black) asked the engine while the game was on: a hint, or the
    /// analysis board. Kept in the save (`TimeforkHelped`), so the record says so.
    pub helped: [bool; 2],
}

static NEXT_MATCH_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl crate::game_kit::MatchId for Match {
    fn match_id(&self) -> u64 {
        self.id
    }
}

impl Match {
    pub fn new(game: Game, players: [Player; 2]) -> Match {
        let pos = game.position().clone();
        Match {
            id: NEXT_MATCH_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            game,
            pos,
            players,
            outcome: None,
            mate_check: MateCheck::Idle,
            feedback: None,
            last_submitted: Vec::new(),
            started_at: std::time::SystemTime::now(),
            time_control: None,
            clock_start: clocks::ClockStart::default(),
            // Only `from_variant` (the new-game screen) makes a match from a variant's start.
            origin: Origin::File,
            took_back: false,
            analysed: false,
            helped: [false; 2],
        }
    }

    /// The same match with a time control.
    pub fn timed(mut self, tc: Option<clocks::TimeControl>) -> Match {
        self.time_control = tc;
        self
    }

    /// The same match, marked as coming from elsewhere than a variant's start.
    pub fn from_origin(mut self, origin: Origin) -> Match {
        self.origin = origin;
        self
    }

    /// A new game of a named variant.
    pub fn from_variant(name: &str, players: [Player; 2]) -> Result<Match, String> {
        let v = timefork_engine::variants::by_name(name)
            .or_else(|| timefork_engine::variants::official_by_name(name))
            .ok_or_else(|| tr!("fived-no-such-variant", name = name))?;
        let mut game = Game::new(v.position);
        game.headers.push(("Board".into(), v.name.clone()));
        Ok(Match::new(game, players).from_origin(Origin::Variant))
    }

    pub fn to_move(&self) -> Color {
        self.pos.to_move
    }

    pub fn player_to_move(&self) -> Player {
        self.players[color_index(self.pos.to_move)]
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether the engine may help here (a hint, the analysis board): not while a game
    /// between two people over the network is on; a finished one may be analysed.
    pub fn engine_may_help(&self) -> bool {
        self.is_over() || !self.players.contains(&Player::Remote)
    }

    /// Why the turn cannot be submitted now, if it cannot.
    pub fn submit_error(&self) -> Option<SubmitError> {
        self.pos.submit_error()
    }

    /// Every legal move of the piece on `from` (a playable board), time travel included.
    pub fn legal_moves_from(&self, from: timefork_engine::Coord) -> Vec<Move> {
        let own = self
            .pos
            .piece_at(from)
            .is_some_and(|p| !p.is_empty() && p.color() == self.pos.to_move);
        if self.is_over() || !own || !self.pos.is_playable(from.l, from.h) {
            return Vec::new();
        }
        let mut v = Vec::new();
        self.pos.piece_moves(from, &mut v);
        v
    }

    /// The game in canonical 5DPGN (submitted actions only).
    pub fn pgn(&self) -> String {
        notation::write_game(&self.game)
    }

    /// Whether the person playing the AI may take back now: it is their turn, and a turn
    /// of theirs and the AI's answer stand behind it (a puzzle or a lesson has its own
    /// retries).
    pub fn can_take_back(&self) -> bool {
        let against_ai = matches!(
            self.players,
            [Player::Human, Player::Ai(_)] | [Player::Ai(_), Player::Human]
        );
        against_ai
            && !self.is_over()
            && self.player_to_move() == Player::Human
            && self.game.actions.len() >= 2
            && matches!(self.origin, Origin::Variant | Origin::File | Origin::Pasted)
    }

    /// Takes back the last full turn of each side: the AI's answer and the person's turn
    /// before it (and whatever moves of the turn now being made).
    fn take_back(&mut self) -> Result<(), String> {
        if !self.can_take_back() {
            return Err(tr!("fived-error-no-take-back"));
        }
        self.drop_last_actions(2)?;
        self.took_back = true;
        Ok(())
    }

    /// The game replayed without its last `n` actions (and the turn being made).
    fn drop_last_actions(&mut self, n: usize) -> Result<(), String> {
        let keep = self.game.actions.len().saturating_sub(n);
        let mut g = Game::new(self.game.start.clone());
        g.headers = self.game.headers.clone();
        for a in &self.game.actions[..keep] {
            g.apply_action(a)
                .map_err(|e| tr!("fived-error-engine-refused", error = format!("{e:?}")))?;
        }
        self.game = g;
        self.pos = self.game.position().clone();
        self.last_submitted.clear();
        self.mate_check = MateCheck::Idle;
        Ok(())
    }

    /// In analysis: the last submitted turn comes off (after a mate too); returns it.
    fn retract(&mut self) -> Result<Vec<Move>, String> {
        if self.origin != Origin::Analysis {
            return Err(tr!("fived-error-not-analysis"));
        }
        let last = self
            .game
            .actions
            .last()
            .cloned()
            .ok_or_else(|| tr!("fived-error-nothing-to-retract"))?;
        self.drop_last_actions(1)?;
        self.outcome = None;
        Ok(last)
    }

    /// Takes back the moves of the unfinished turn (used when the match ends mid-turn).
    fn clear_turn(&mut self) {
        while self.pos.undo_move().is_some() {}
    }

    /// Applies one request; returns what happened.
    pub fn apply(&mut self, req: &Request) -> Result<MatchEvent, String> {
        // A finished line of analysis can still be stepped back.
        if self.is_over() && *req != Request::Retract {
            return Err(tr!("fived-error-game-over"));
        }
        match req {
            Request::Move(m) => {
                if !is_legal_move(&self.pos, m) {
                    return Err(tr!(
                        "fived-error-illegal-move",
                        mv = notation::write_move(&self.pos, m)
                    ));
                }
                let capture = self.is_capture(m);
                let effect = self.pos.make_move(m);
                self.last_submitted.clear();
                Ok(MatchEvent::Moved {
                    mv: *m,
                    effect,
                    capture,
                })
            }
            Request::Retract => self
                .retract()
                .map(|action| MatchEvent::Retracted { action }),
            Request::TakeBack => {
                self.take_back()?;
                Ok(MatchEvent::TookBack)
            }
            Request::Undo => {
                let mv = self
                    .pos
                    .undo_move()
                    .ok_or_else(|| tr!("fived-error-nothing-to-undo"))?;
                Ok(MatchEvent::Undone { mv })
            }
            Request::Submit => {
                if let Some(e) = self.pos.submit_error() {
                    return Err(tr!(
                        "fived-error-cannot-submit",
                        reason = submit_error_text(&e, &self.pos)
                    ));
                }
                let action: Vec<Move> = self.pos.turn_moves().copied().collect();
                let effects: Vec<(Move, MoveEffect)> = self.pos.turn_effects().copied().collect();
                let by = self.pos.to_move;
                self.game
                    .apply_action(&action)
                    .map_err(|e| tr!("fived-error-engine-refused", error = format!("{e:?}")))?;
                self.last_submitted = effects;
                self.pos = self.game.position().clone();
                self.mate_check = MateCheck::Idle;
                Ok(MatchEvent::Submitted { action, by })
            }
            Request::SubmitAction(action) => {
                if self.pos.turn_len() > 0 {
                    self.clear_turn();
                }
                let by = self.pos.to_move;
                self.game
                    .apply_action(action)
                    .map_err(|e| tr!("fived-error-engine-refused", error = format!("{e:?}")))?;
                // The engine accepted it; replay it once more to learn what each move did.
                let mut p = self.pos.clone();
                self.last_submitted = action.iter().map(|m| (*m, p.make_move(m))).collect();
                self.pos = self.game.position().clone();
                self.mate_check = MateCheck::Idle;
                Ok(MatchEvent::Submitted {
                    action: action.clone(),
                    by,
                })
            }
            Request::Resign(side) => {
                let winner = side.opponent();
                self.finish(Outcome::Resignation { winner });
                Ok(MatchEvent::Over(Outcome::Resignation { winner }))
            }
            Request::AgreeDraw => {
                self.finish(Outcome::DrawAgreed);
                Ok(MatchEvent::Over(Outcome::DrawAgreed))
            }
            Request::TimeOut(side) => {
                if self.time_control.is_none() {
                    return Err(tr!("fived-error-untimed"));
                }
                if *side != self.pos.to_move {
                    return Err(tr!("fived-error-clock-not-running", side = side_id(*side)));
                }
                let o = clocks::time_out(*side);
                self.finish(o);
                Ok(MatchEvent::Over(o))
            }
        }
    }

    /// Ends the match (the position returns to the start of the unfinished turn).
    pub fn finish(&mut self, outcome: Outcome) {
        self.clear_turn();
        self.outcome = Some(outcome);
    }

    /// Whether `m` takes a piece: an enemy piece on its target square, or en passant.
    fn is_capture(&self, m: &Move) -> bool {
        m.special == timefork_engine::Special::EnPassant
            || self
                .pos
                .board(m.to.l, m.to.h)
                .map(|b| b.get(m.to.x, m.to.y))
                .is_some_and(|p| !p.is_empty() && p.color() != self.pos.to_move)
    }
}

pub fn color_index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Puts a new match on the table at once (replacing the one there, so the systems after
/// the caller already see it). Requests not yet applied were meant for the match replaced
/// (the menus' replay, say) and go with it. Puzzles and lessons open their matches so.
pub fn place(
    commands: &mut Commands,
    m: &mut Option<ResMut<Match>>,
    requests: &mut Messages<Request>,
    new: Match,
) {
    requests.clear();
    match m {
        Some(m) => **m = new,
        None => commands.insert_resource(new),
    }
}

/// A request to change the match, from a player's input or an AI.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Request {
    Move(Move),
    Undo,
    /// The person playing the AI takes back their last turn and the AI's answer.
    TakeBack,
    /// In analysis: the last submitted turn comes off (it can be played again).
    Retract,
    Submit,
    /// A whole turn at once (the AI's answer).
    SubmitAction(Vec<Move>),
    /// This side gives up (whoever is to move).
    Resign(Color),
    /// This side's clock reached zero (sent by the clocks).
    TimeOut(Color),
    /// Both players agreed to a draw (a network game's offer, accepted).
    AgreeDraw,
}

/// What a request did; sounds, animation and the camera follow these.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum MatchEvent {
    Moved {
        mv: Move,
        effect: MoveEffect,
        capture: bool,
    },
    Undone {
        mv: Move,
    },
    Submitted {
        action: Vec<Move>,
        by: Color,
    },
    Over(Outcome),
    /// The last turn of each side was taken back.
    TookBack,
    /// In analysis, this turn came off.
    Retracted {
        action: Vec<Move>,
    },
    Rejected(String),
}

fn apply_requests(
    mut requests: MessageReader<Request>,
    mut events: MessageWriter<MatchEvent>,
    mut m: ResMut<Match>,
) {
    for req in requests.read() {
        match m.apply(req) {
            Ok(ev) => {
                m.feedback = None;
                events.write(ev);
            }
            Err(reason) => {
                warn!("request {req:?} refused: {reason}");
                m.feedback = Some(reason.clone());
                events.write(MatchEvent::Rejected(reason));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standard() -> Match {
        Match::from_variant("Standard", [Player::Human, Player::Human]).unwrap()
    }

    /// A move's notation without its board prefix: "(0T1)e4" -> "e4".
    fn short(s: &str) -> &str {
        s.split_once(')').map_or(s, |(_, rest)| rest)
    }

    fn mv(m: &Match, text: &str) -> Move {
        // Finds the legal move whose canonical notation is `text`.
        let mut all = Vec::new();
        for (l, h) in m.pos.playable_boards() {
            m.pos.board_moves(l, &mut all);
            let _ = h;
        }
        *all.iter()
            .find(|x| short(&notation::write_move(&m.pos, x)) == text)
            .unwrap_or_else(|| panic!("no move {text}"))
    }

    #[test]
    fn move_undo_submit_and_refusals() {
        let mut m = standard();
        assert!(m.apply(&Request::Undo).unwrap_err().contains("no move"));
        assert!(m.apply(&Request::Submit).unwrap_err().contains("present"));
        let e4 = mv(&m, "e4");
        assert!(matches!(
            m.apply(&Request::Move(e4)),
            Ok(MatchEvent::Moved { .. })
        ));
        assert_eq!(m.pos.turn_len(), 1);
        assert_eq!(m.apply(&Request::Undo), Ok(MatchEvent::Undone { mv: e4 }));
        m.apply(&Request::Move(e4)).unwrap();
        // A move of the wrong side is refused with its notation in the message.
        let mut bad = e4;
        bad.from.y = 6;
        bad.to.y = 4;
        assert!(m.apply(&Request::Move(bad)).is_err());
        m.apply(&Request::Submit).unwrap();
        assert_eq!(m.game.actions.len(), 1);
        assert_eq!(m.to_move(), Color::Black);
        assert!(m.pgn().contains("1. (0T1)e4"), "{}", m.pgn());
    }

    #[test]
    fn resignation_ends_the_match_and_blocks_moves() {
        let mut m = standard();
        let e4 = mv(&m, "e4");
        m.apply(&Request::Move(e4)).unwrap();
        m.apply(&Request::Resign(Color::White)).unwrap();
        assert_eq!(
            m.outcome,
            Some(Outcome::Resignation {
                winner: Color::Black
            })
        );
        assert_eq!(m.pos.turn_len(), 0, "the unfinished turn is taken back");
        assert!(m.apply(&Request::Move(e4)).unwrap_err().contains("over"));
        assert!(m.legal_moves_from(e4.from).is_empty());
    }

    #[test]
    fn unknown_variant_is_an_error() {
        let e = Match::from_variant("No Such Thing", [Player::Human; 2])
            .err()
            .unwrap();
        assert!(e.contains("No Such Thing"));
    }
}

/// Whether a computer player is thinking now (the HUD shows it).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AiThinking(pub bool);
