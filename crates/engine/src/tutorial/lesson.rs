//! What a lesson is: its position, its goal, the intended turn and what to highlight.

use crate::notation::{self, NotationError};
use crate::position::{Coord, Move, Position};

/// What the player must do in a lesson, beyond making a legal turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonGoal {
    /// Move the piece on `from` to `to` (`to` may lie on another board).
    MoveTo { from: Coord, to: Coord },
    /// Make a new timeline (a move onto a board that can no longer be played).
    NewTimeline,
    /// Move a piece from one timeline to another without making a new timeline.
    CrossTimeline,
    /// Any legal turn: every board of the present moved, no king left attacked.
    Submit,
    /// A legal turn that leaves `board` (the last board of an inactive timeline) unplayed.
    LeaveInactive { board: (i32, i32) },
    /// Capture the piece on `target` (on another board than the capturing piece's, so
    /// the capture travels through time or across timelines).
    Capture { target: Coord },
    /// Checkmate with this turn.
    Mate,
}

/// A place to highlight: a whole board `(timeline, half-turn)` or one square of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    Board { l: i32, h: i32 },
    Square(Coord),
}

/// One lesson: a position, its goal, the intended turn and what to highlight.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// Unique; the texts are `tutorial-<id>-title`, `-task`, `-explain` and `-done`.
    pub id: &'static str,
    /// The start position, the player to move (always White).
    pub position: Position,
    pub goal: LessonGoal,
    /// The intended turn as 5DPGN moves separated by spaces (`(0T1)Nc3`).
    pub intended: &'static str,
    /// Boards and squares to highlight: the pieces and places the task names.
    pub focus: Vec<Focus>,
}

impl Lesson {
    /// The intended turn as moves.
    pub fn intended_moves(&self) -> Result<Vec<Move>, NotationError> {
        notation::read_turn_moves(&self.position, self.intended)
    }
}

/// A lesson's data could not be read (a bug in `lessons.rs`; the tests read every one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    pub id: String,
    pub message: String,
}

impl std::fmt::Display for LessonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "lesson `{}`: {}", self.id, self.message)
    }
}

impl std::error::Error for LessonError {}
