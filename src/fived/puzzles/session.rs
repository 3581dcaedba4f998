//! The puzzle in play. It is a 5D `Match` (`Origin::Puzzle`) of the puzzle's game: the
//! person plays the side to move, and the other side is marked as a computer player so
//! that nobody clicks its pieces, but the usual AI never thinks in a puzzle: its turns
//! are the solver's replies, played from here.
//!
//! Each turn the person submits is judged on the search pool, from the position at the
//! start of that turn with the turns left (`puzzle::judge`): mate solves the puzzle (the
//! solved set is saved); right plays the defence's best reply as a whole-turn request, so
//! it animates like an AI's turn; wrong stops with the reason and the refutation, until
//! the player retries the turn or starts over; unknown (a budget ran out) likewise.
//! Everything the session knows is keyed by the match's id and its number of actions, so
//! an answer about a position that has gone (a retry, another puzzle) is dropped.

use super::catalogue::CatalogueEntry;
use crate::fived::matchplay::{Match, Origin};
use crate::game_kit::tasks::MatchKey;
use crate::players::{AiLevel, Player};
use bevy::prelude::*;
use std::time::Duration;
use timefork_engine::puzzle::{Action, Goal, Puzzle, PuzzleError, SolveLimits, Wrong};
use timefork_engine::{Color, Move, Position, notation};

/// What the person asks of the puzzle in play (the panels send these; so do tests).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum PuzzleRequest {
    /// Open a puzzle of the list (by id) at its start, and show it.
    Open(String),
    /// Open the puzzle after the current one in the list.
    Next,
    /// Back to the puzzle's position.
    StartOver,
    /// Back to the start of the turn that failed (or ran out of time).
    RetryTurn,
    /// The first move of a solution from the position now: its piece.
    Hint,
    /// The hinted move itself, not just its piece.
    HintMove,
    /// The solution line from the puzzle's position; the boards go back to it so the line
    /// can be played out with `Step`.
    ShowSolution,
    /// Play the next action of the solution shown.
    Step,
}

/// Budgets of the searches behind a puzzle (tests make them small).
#[derive(Resource, Debug, Clone, Copy)]
pub struct PuzzleLimits {
    /// Actions the solver may try per judgement, hint or solution.
    pub max_nodes: u64,
    /// Moves each exact search inside may make.
    pub search_nodes: u64,
    /// Wall-clock time per judgement, hint or solution.
    pub time: Duration,
}

impl Default for PuzzleLimits {
    /// The engine's defaults (the whole shipped set verifies within them in under 2 s a
    /// puzzle), and 30 s of wall clock so a slow machine still answers "unknown" in time.
    fn default() -> Self {
        let d = SolveLimits::default();
        PuzzleLimits {
            max_nodes: d.max_nodes,
            search_nodes: d.search_nodes,
            time: Duration::from_secs(30),
        }
    }
}

/// Where the attempt stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The person's turn, or the defence's reply on its way.
    Play,
    /// The turn just submitted is being judged.
    Judging,
    /// Mate. `marked`: the solved mark was given (not after the solution was shown).
    Solved { marked: bool },
    /// The turn just submitted fails: why, and the defence that escapes (drawn on the
    /// boards; `None` when the turn was a stalemate or not legal).
    Wrong {
        why: Why,
        refutation: Option<Action>,
    },
    /// The judgement ran out of budget: neither right nor wrong was proved.
    Unknown,
    /// The solution, played out step by step from the puzzle's position.
    Watching,
}

/// Why a submitted turn fails: the engine's verdict with what its words need. It reads as
/// the engine's explanation in English (`Wrong::explain`, for logs and tests); `text` says
/// it in the current language for the panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    pub wrong: Wrong,
    /// The goal at the start of the turn judged.
    pub goal: Goal,
    /// The refutation in 5DPGN (empty when there is none).
    pub reply: String,
    pub(super) english: String,
}

impl Why {
    /// `after`: the position after the submitted action (the defender to move).
    pub fn new(wrong: Wrong, after: &Position, goal: Goal) -> Why {
        let reply = match &wrong {
            Wrong::Escapes { refutation, .. } => notation::write_action(after, refutation),
            Wrong::Illegal(_) | Wrong::Stalemate => String::new(),
        };
        let english = wrong.explain(Some(after), goal);
        Why {
            wrong,
            goal,
            reply,
            english,
        }
    }

    /// The reason in the current language, from a capital letter.
    pub fn text(&self) -> String {
        super::texts::wrong_text(&self.wrong, &self.reply, self.goal)
    }
}

impl std::ops::Deref for Why {
    type Target = str;

    fn deref(&self) -> &str {
        &self.english
    }
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.english)
    }
}

/// The hint for one position: the first move of a solution from there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintState {
    pub key: MatchKey,
    /// `None` while the solver looks; then the move, or why there is none.
    pub answer: Option<Result<Move, PuzzleError>>,
    /// The whole move is shown, not only the piece.
    pub show_move: bool,
}

/// One puzzle being played.
#[derive(Clone, Debug)]
pub struct Session {
    pub id: String,
    pub puzzle: Puzzle,
    /// The match it is played in (a retry makes a new one).
    pub match_id: u64,
    /// Actions of the puzzle's own game: the match's actions after these are the attempt.
    pub base: usize,
    pub phase: Phase,
    pub hint: Option<HintState>,
    /// The solution line from the puzzle's position: `None` until asked for (the file's
    /// line, or found by the solver); `Some(None)` while the solver looks.
    pub solution: Option<Option<Result<Vec<Action>, PuzzleError>>>,
    /// The solution was shown: a mate played after that does not earn the solved mark.
    pub revealed: bool,
    /// The defence's last reply in 5DPGN, for the panel.
    pub last_reply: Option<String>,
    /// The position (match id, actions) whose last turn was judged or is being judged.
    pub(super) judged: Option<MatchKey>,
}

impl Session {
    pub(super) fn new(entry: &CatalogueEntry, match_id: u64) -> Session {
        Session {
            id: entry.id.clone(),
            puzzle: entry.puzzle.clone(),
            match_id,
            base: entry.puzzle.game.actions.len(),
            phase: Phase::Play,
            hint: None,
            solution: None,
            revealed: false,
            last_reply: None,
            judged: None,
        }
    }

    /// The side that must give mate (the person).
    pub fn attacker(&self) -> Color {
        self.puzzle.to_move()
    }

    pub fn goal(&self) -> Goal {
        self.puzzle.goal
    }

    /// Actions played since the puzzle's position.
    pub fn done(&self, m: &Match) -> usize {
        m.game.actions.len().saturating_sub(self.base)
    }

    /// The attacker's turns still to play, counting the one in progress: the goal at the
    /// start, one less after each of the attacker's turns.
    pub fn turns_left(&self, m: &Match) -> u8 {
        let played = self.done(m).div_ceil(2);
        self.goal()
            .turns()
            .saturating_sub(u8::try_from(played).unwrap_or(u8::MAX))
    }

    /// Whether the person may play now: their side to move, in play, the game not over.
    pub fn players_turn(&self, m: &Match) -> bool {
        matches!(self.phase, Phase::Play | Phase::Watching)
            && !m.is_over()
            && m.to_move() == self.attacker()
    }

    /// The next action of the solution while it is played out, and its number (from 0).
    pub fn next_step(&self, m: &Match) -> Option<(usize, &Action)> {
        let line = self.solution_line()?;
        let k = self.done(m);
        (self.phase == Phase::Watching)
            .then(|| line.get(k).map(|a| (k, a)))
            .flatten()
    }

    /// The solution line, once known.
    pub fn solution_line(&self) -> Option<&Vec<Action>> {
        self.solution.as_ref()?.as_ref()?.as_ref().ok()
    }

    /// The hint for the position now, if there is one for it.
    pub fn hint_now(&self, m: &Match) -> Option<&HintState> {
        self.hint.as_ref().filter(|h| h.key == key(m))
    }

    /// Back to a fresh attempt (after a restart of the boards).
    pub(super) fn reset_attempt(&mut self) {
        self.phase = Phase::Play;
        self.hint = None;
        self.last_reply = None;
        self.judged = None;
    }
}

/// The puzzle in play, if any, and a puzzle id read from a save being opened.
#[derive(Resource, Default, Debug)]
pub struct ActivePuzzle {
    pub session: Option<Session>,
    pub(super) pending: Option<String>,
}

impl ActivePuzzle {
    /// The session of this match, if it is a puzzle being played.
    pub fn of(&self, m: &Match) -> Option<&Session> {
        self.session.as_ref().filter(|s| s.match_id == m.id)
    }

    /// The id of the puzzle this match plays, for its save (`TimeforkPuzzle`).
    pub fn id_of(&self, m: &Match) -> Option<&str> {
        self.of(m).map(|s| s.id.as_str())
    }
}

pub(super) fn key(m: &Match) -> MatchKey {
    MatchKey::new(m.id, m.game.actions.len())
}

/// Who plays a puzzle: the person the attacker, the solver (marked as a computer player)
/// the defence.
pub fn puzzle_players(attacker: Color) -> [Player; 2] {
    let solver = Player::Ai(AiLevel::Max);
    match attacker {
        Color::White => [Player::Human, solver],
        Color::Black => [solver, Player::Human],
    }
}

/// The match that plays `puzzle`'s game plus the first `extra` actions of `attempt`.
pub(super) fn puzzle_match(puzzle: &Puzzle, attempt: &[Action]) -> Match {
    let mut game = puzzle.game.clone();
    for a in attempt {
        // These actions were played in this very game already, so they apply again.
        if let Err(e) = game.apply_action(a) {
            warn!("a puzzle action did not replay ({e:?}); the attempt restarts there");
            break;
        }
    }
    Match::new(game, puzzle_players(puzzle.to_move())).from_origin(Origin::Puzzle)
}

/// Whether a match plays this puzzle: its game reaches the puzzle's position first.
pub(super) fn plays(entry: &CatalogueEntry, m: &Match) -> bool {
    let base = entry.puzzle.game.actions.len();
    m.game.actions.len() >= base
        && m.game.position_at(base).position_hash() == entry.puzzle.position().position_hash()
        && m.game.actions[..base] == entry.puzzle.game.actions[..]
}
