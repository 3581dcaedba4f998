//! The rules side of the 5D chess tutorial: a short sequence of lessons, each a small
//! position the player solves with one turn (the moves of one turn, then submit), judged
//! here. The game draws the boards and the texts (`tutorial-<id>-*` and
//! `tutorial-wrong-*` in the i18n crate's `tutorial` area); this module says what the
//! position is, what counts as solving it, and why a try does not.
//!
//! - `lessons()`: every lesson in order, each parsed from 5DPGN held in `lessons.rs`.
//! - `judge(lesson, moves)`: `Ok(())`, or a `LessonWrong` with the data its text needs.
//! - `hint(lesson)`: the first move of the intended turn.
//!
//! A try is judged in this order, so the player hears the most basic fault first: the
//! moves are legal, the turn can be submitted (the present has passed, no king left
//! attacked), then the lesson's own goal.

mod lesson;
mod lessons;

use crate::SubmitError;
use crate::game::is_legal_move;
use crate::notation;
use crate::position::{Coord, Move, Position, timeline_display};
use crate::puzzle::{self, SolveLimits, Verdict, Wrong};

pub use lesson::{Focus, Lesson, LessonError, LessonGoal};
pub use lessons::LESSON_IDS;

/// Every lesson, in teaching order.
pub fn lessons() -> Result<Vec<Lesson>, LessonError> {
    lessons::DATA.iter().map(lessons::build).collect()
}

/// The lesson with this id.
pub fn lesson(id: &str) -> Result<Lesson, LessonError> {
    match lessons::DATA.iter().find(|d| d.id == id) {
        Some(d) => lessons::build(d),
        None => Err(LessonError {
            id: id.to_string(),
            message: "no lesson has this id".to_string(),
        }),
    }
}

/// The first move of the intended turn, for the UI to show where to look. `None` only if
/// the lesson's intended text does not read (the tests make sure it does).
pub fn hint(lesson: &Lesson) -> Option<Move> {
    lesson.intended_moves().ok()?.first().copied()
}

/// Why a try does not solve a lesson. Each variant is a text `tutorial-wrong-<key>`
/// (`key()`), with the variables `args()` gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonWrong {
    /// The turn has no move.
    NoMoves,
    /// Move `index` (0-based) is not a legal move at that point of the turn.
    Illegal { index: usize },
    /// The present still waits on this board `(timeline, half-turn)`: it must be played
    /// before the turn can be submitted.
    PresentNotDone { board: (i32, i32) },
    /// After the turn the piece on `from` could capture the player's king on `king`.
    KingInCheck { from: Coord, king: Coord },
    /// The task names the piece on `expected`; the turn moved the one on `got`.
    WrongPiece { expected: Coord, got: Coord },
    /// The right piece moved, but to `got` instead of `expected`.
    WrongSquare { expected: Coord, got: Coord },
    /// The turn made no new timeline.
    NoNewTimeline,
    /// The turn made timeline `timeline`, and the task is to move without one.
    NewTimelineMade { timeline: i32 },
    /// No move of the turn went from one timeline to another.
    NoTimelineCrossed,
    /// The turn moved on the inactive board `board`, which could have waited.
    MovedInactive { board: (i32, i32) },
    /// The piece on `target` was not captured.
    NoCapture { target: Coord },
    /// Not checkmate: the opponent answers with `reply` (5DPGN). `check`: whether the
    /// turn gave check at all.
    NotMate { check: bool, reply: String },
    /// The opponent has no legal turn but is not in check: a draw, not a mate.
    Stalemate,
    /// A search limit stopped the judgement (not expected on the lessons' tiny boards).
    Undecided,
}

impl LessonWrong {
    /// The variant's name in the text key `tutorial-wrong-<key>`.
    pub fn key(&self) -> &'static str {
        match self {
            LessonWrong::NoMoves => "no-moves",
            LessonWrong::Illegal { .. } => "illegal",
            LessonWrong::PresentNotDone { .. } => "present-not-done",
            LessonWrong::KingInCheck { .. } => "king-in-check",
            LessonWrong::WrongPiece { .. } => "wrong-piece",
            LessonWrong::WrongSquare { .. } => "wrong-square",
            LessonWrong::NoNewTimeline => "no-new-timeline",
            LessonWrong::NewTimelineMade { .. } => "new-timeline-made",
            LessonWrong::NoTimelineCrossed => "no-timeline-crossed",
            LessonWrong::MovedInactive { .. } => "moved-inactive",
            LessonWrong::NoCapture { .. } => "no-capture",
            LessonWrong::NotMate { .. } => "not-mate",
            LessonWrong::Stalemate => "stalemate",
            LessonWrong::Undecided => "undecided",
        }
    }

    /// The full text key: `tutorial-wrong-<key>`.
    pub fn text_key(&self) -> String {
        format!("tutorial-wrong-{}", self.key())
    }

    /// The text's variables, written in notation (`L+1 T1b c1`, `L+2`, 5DPGN moves) so no
    /// language has to translate them. `even`: the position's `even` (timelines named
    /// -0/+0). `n` is the move's number counted from 1; `check` is `yes` or `no`.
    pub fn args(&self, even: bool) -> Vec<(&'static str, String)> {
        let sq = |c: &Coord| square_label(c, even);
        match self {
            LessonWrong::NoMoves
            | LessonWrong::NoNewTimeline
            | LessonWrong::NoTimelineCrossed
            | LessonWrong::Stalemate
            | LessonWrong::Undecided => Vec::new(),
            LessonWrong::Illegal { index } => vec![("n", (index + 1).to_string())],
            LessonWrong::PresentNotDone { board } | LessonWrong::MovedInactive { board } => {
                vec![("board", board_label(board.0, board.1, even))]
            }
            LessonWrong::KingInCheck { from, king } => {
                vec![("from", sq(from)), ("king", sq(king))]
            }
            LessonWrong::WrongPiece { expected, got }
            | LessonWrong::WrongSquare { expected, got } => {
                vec![("expected", sq(expected)), ("got", sq(got))]
            }
            LessonWrong::NewTimelineMade { timeline } => {
                vec![("timeline", timeline_label(*timeline, even))]
            }
            LessonWrong::NoCapture { target } => vec![("target", sq(target))],
            LessonWrong::NotMate { check, reply } => vec![
                ("check", if *check { "yes" } else { "no" }.to_string()),
                ("reply", reply.clone()),
            ],
        }
    }

    /// The reason in English (logs and tests), with timelines named as in the position.
    pub fn describe(&self, even: bool) -> String {
        let arg = |name: &str| {
            self.args(even)
                .into_iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v)
                .unwrap_or_default()
        };
        match self {
            LessonWrong::NoMoves => "the turn has no move".to_string(),
            LessonWrong::Illegal { .. } => {
                format!("move {} is not a legal move there", arg("n"))
            }
            LessonWrong::PresentNotDone { .. } => format!(
                "the present still waits on {}: move there too before submitting",
                arg("board")
            ),
            LessonWrong::KingInCheck { .. } => format!(
                "the king on {} is still attacked from {}",
                arg("king"),
                arg("from")
            ),
            LessonWrong::WrongPiece { .. } => format!(
                "move the piece on {}, not the one on {}",
                arg("expected"),
                arg("got")
            ),
            LessonWrong::WrongSquare { .. } => format!(
                "the piece went to {}; the target is {}",
                arg("got"),
                arg("expected")
            ),
            LessonWrong::NoNewTimeline => "the turn made no new timeline".to_string(),
            LessonWrong::NewTimelineMade { .. } => format!(
                "the turn made a new timeline ({}); land on a board that is still playable",
                arg("timeline")
            ),
            LessonWrong::NoTimelineCrossed => {
                "no move went from one timeline to another".to_string()
            }
            LessonWrong::MovedInactive { .. } => format!(
                "{} is on an inactive timeline and did not need a move",
                arg("board")
            ),
            LessonWrong::NoCapture { .. } => {
                format!("the piece on {} was not captured", arg("target"))
            }
            LessonWrong::NotMate { check: true, .. } => {
                format!("not mate: the opponent escapes with {}", arg("reply"))
            }
            LessonWrong::NotMate { check: false, .. } => format!(
                "not mate (not even check): the opponent plays {}",
                arg("reply")
            ),
            LessonWrong::Stalemate => {
                "stalemate: the opponent has no legal turn but is not in check".to_string()
            }
            LessonWrong::Undecided => "the judgement stopped at a search limit".to_string(),
        }
    }
}

/// Without the position, timelines are named as in a game with an odd number of starting
/// timelines (every lesson is one); `describe` takes the position's naming.
impl std::fmt::Display for LessonWrong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe(false))
    }
}

/// A timeline as the texts write it: `L0`, `L+1`, `L-1` (`L-0`/`L+0` in even games).
pub fn timeline_label(l: i32, even: bool) -> String {
    format!("L{}", timeline_display(l, even))
}

/// A board as the texts write it: timeline, turn and the side to move, `L+1 T3w`.
pub fn board_label(l: i32, h: i32, even: bool) -> String {
    let side = if h.rem_euclid(2) == 0 { 'w' } else { 'b' };
    format!("{} T{}{side}", timeline_label(l, even), h.div_euclid(2))
}

/// A square with its board, `L0 T1w c3`.
pub fn square_label(c: &Coord, even: bool) -> String {
    format!(
        "{} {}",
        board_label(c.l, c.h, even),
        notation::square_name(c.x, c.y)
    )
}

/// Judges a try: the moves of one turn, in the order made, from the lesson's position,
/// as submitted. `Ok(())` when it solves the lesson.
pub fn judge(lesson: &Lesson, moves: &[Move]) -> Result<(), LessonWrong> {
    let start = &lesson.position;
    if moves.is_empty() {
        return Err(LessonWrong::NoMoves);
    }
    let mut p = start.clone();
    for (index, m) in moves.iter().enumerate() {
        if !is_legal_move(&p, m) {
            return Err(LessonWrong::Illegal { index });
        }
        p.make_move(m);
    }
    match p.submit_error() {
        Some(SubmitError::PresentNotMoved { present }) => {
            // The present is the earliest active board still to play, so there is one.
            let board = p
                .mandatory_boards()
                .first()
                .copied()
                .unwrap_or((p.l_min(), present));
            return Err(LessonWrong::PresentNotDone { board });
        }
        Some(SubmitError::RoyalCapturable { from, to }) => {
            return Err(LessonWrong::KingInCheck { from, king: to });
        }
        None => {}
    }
    let new_timeline = p.timeline_indices().find(|&l| start.timeline(l).is_none());
    match lesson.goal {
        LessonGoal::MoveTo { from, to } => {
            if moves.iter().any(|m| m.from == from && m.to == to) {
                Ok(())
            } else if let Some(m) = moves.iter().find(|m| m.from == from) {
                Err(LessonWrong::WrongSquare {
                    expected: to,
                    got: m.to,
                })
            } else {
                Err(LessonWrong::WrongPiece {
                    expected: from,
                    got: moves[0].from,
                })
            }
        }
        LessonGoal::NewTimeline => match new_timeline {
            Some(_) => Ok(()),
            None => Err(LessonWrong::NoNewTimeline),
        },
        LessonGoal::CrossTimeline => {
            if let Some(timeline) = new_timeline {
                Err(LessonWrong::NewTimelineMade { timeline })
            } else if moves.iter().any(|m| m.from.l != m.to.l) {
                Ok(())
            } else {
                Err(LessonWrong::NoTimelineCrossed)
            }
        }
        LessonGoal::Submit => Ok(()),
        LessonGoal::LeaveInactive { board } => {
            // The board was played when its timeline grew past it.
            if p.last_h(board.0) > board.1 {
                Err(LessonWrong::MovedInactive { board })
            } else {
                Ok(())
            }
        }
        LessonGoal::Capture { target } => {
            if moves.iter().any(|m| m.to == target) {
                Ok(())
            } else {
                Err(LessonWrong::NoCapture { target })
            }
        }
        LessonGoal::Mate => judge_mate(start, moves, &p),
    }
}

/// The mate goal, by the puzzle judge (exact: a finished search over every reply).
/// `played`: the position after the moves, before the submission.
fn judge_mate(start: &Position, moves: &[Move], played: &Position) -> Result<(), LessonWrong> {
    match puzzle::judge(start, 1, moves, SolveLimits::default()) {
        Verdict::Mate => Ok(()),
        Verdict::Wrong(Wrong::Stalemate) => Err(LessonWrong::Stalemate),
        Verdict::Wrong(Wrong::Escapes { refutation, check }) => {
            let mut after = played.clone();
            after.submit_unchecked();
            Err(LessonWrong::NotMate {
                check,
                reply: notation::write_action(&after, &refutation),
            })
        }
        // The moves were checked above, and a mate in 1 has no "right but not yet".
        Verdict::Wrong(Wrong::Illegal(_)) | Verdict::Right { .. } | Verdict::Unknown => {
            Err(LessonWrong::Undecided)
        }
    }
}
