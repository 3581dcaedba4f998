//! Timefork's rules engine for 5D chess: the multiverse, piece movement, turns, the exact
//! legal-action search, variants and 5DPGN. It knows nothing of Bevy.
//!
//! Where to find a rule:
//! - `piece`: colours, kinds, the one-byte piece encoding.
//! - `board`: one 2D board.
//! - `position`: timelines, making and undoing moves, activity and the present.
//! - `movegen`: how each piece moves along x, y, t and l.
//! - `check`: attacks on royal pieces, check, whether a turn can be submitted.
//! - `search`: the exact search over whole turns (counting, finding, mate).
//! - `game`: a game as a start position plus submitted actions.
//! - `variants`, `fen`: starting positions (named variants, 5DFEN, the commercial JSON).
//! - `notation`: 5DPGN reading and writing.
//! - `puzzle`: "mate in N" puzzles: the file format and an exact solver.
//! - `ai`: the AI opponent (a whole legal turn for the side to move).
//! - `tutorial`: the tutorial's lessons (positions, goals) and the judge of a try.
//! - `crosscheck`: the search compared with a plain reference and with a judge that
//!   shares no attack code with either, on positions of random play.

pub mod ai;
pub mod board;
pub mod check;
pub mod crosscheck;
pub mod fen;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod piece;
pub mod position;
pub mod puzzle;
pub mod search;
pub mod tutorial;
pub mod variants;

pub use board::Board;
pub use game::{Game, GameStatus};
pub use piece::{Color, Piece, PieceKind};
pub use position::{Coord, Move, Position, Special};

/// Why a turn cannot be submitted yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubmitError {
    /// The present is still on the player's side: some board at half-turn `present`
    /// must still be played.
    PresentNotMoved { present: i32 },
    /// After this turn the opponent could capture a royal piece with this move.
    RoyalCapturable { from: Coord, to: Coord },
}

impl SubmitError {
    /// The reason in words, with timelines named as players write them (`L-0` in a game
    /// that starts with an even number of timelines, `L+1`, `L-1`).
    pub fn describe(&self, pos: &Position) -> String {
        self.describe_with(pos.even)
    }

    fn describe_with(&self, even: bool) -> String {
        match self {
            SubmitError::PresentNotMoved { present } => format!(
                "the present (turn {} {}) has not moved: play every board there first",
                present.div_euclid(2),
                if present.rem_euclid(2) == 0 {
                    "white"
                } else {
                    "black"
                }
            ),
            SubmitError::RoyalCapturable { from, to } => format!(
                "the opponent could capture a royal piece: (L{} T{}) {} takes (L{} T{}) {}",
                position::timeline_display(from.l, even),
                from.turn(),
                notation::square_name(from.x, from.y),
                position::timeline_display(to.l, even),
                to.turn(),
                notation::square_name(to.x, to.y)
            ),
        }
    }
}

/// Without the position, timelines are named as in a game with an odd number of starting
/// timelines; `describe` names them right in every game.
impl std::fmt::Display for SubmitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe_with(false))
    }
}
