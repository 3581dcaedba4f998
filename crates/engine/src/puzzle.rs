//! Puzzles: a position, the side to move (the player to move in it) and a goal, "mate in
//! N turns" (N = the attacker's turns, 1 to 3), proved by an exact search.
//!
//! - `format`: the puzzle file (5DPGN with tags; `Puzzle::parse`, `Puzzle::to_text`).
//! - `solver`: the exact search (`SolveLimits`, the mate-in-N recursion).
//! - `play`: what the game calls: `verify` a puzzle, `solve` a position (hint and main
//!   line), `judge` a submitted action; and `shortest_mate` for the generator.
//! - `tier`: how hard a puzzle is (`classify`).
//!
//! Exactness: every answer that says "mate", "right", "wrong" or "verified" rests on a
//! finished search over every legal action of the defender (and, for "no mate", of the
//! attacker). When a limit stops a search the answer is "unknown"
//! (`PuzzleError::Unknown`, `Verdict::Unknown`), never a guess.

mod error;
mod format;
mod play;
mod solver;
mod tier;

pub use error::PuzzleError;
pub use format::{Goal, MAX_GOAL, Puzzle, Tier};
pub use play::{
    ShortestMate, Solution, Verdict, Wrong, count_solutions, judge, mate_in, shortest_mate, solve,
    verify,
};
pub use solver::{Action, SolveLimits, try_action};
pub use tier::{Features, classify, features};
