//! The lessons as text: each position is 5DPGN (a 5DFEN start on 5x5 boards, files a-e,
//! ranks 1-5, and the moves that lead to it), the goal's squares and the highlights are
//! written `<timeline>T<turn><w|b> <square>` (`0T1w c3`, `-1T1w c2`) or, for a whole
//! board, without the square. White is always the player.
//!
//! Positions reached by play are given as moves, not as 5DFEN, because only moves say
//! which timelines were created (and so which are active).

use super::lesson::{Focus, Lesson, LessonError, LessonGoal};
use crate::notation;
use crate::position::{Coord, parse_timeline_label};

/// A lesson's goal with its places still as text.
pub(super) enum GoalText {
    MoveTo(&'static str, &'static str),
    NewTimeline,
    CrossTimeline,
    Submit,
    LeaveInactive(&'static str),
    Capture(&'static str),
    Mate,
}

pub(super) struct LessonData {
    pub id: &'static str,
    pub pgn: &'static str,
    pub goal: GoalText,
    pub intended: &'static str,
    pub focus: &'static [&'static str],
}

/// The lesson ids in teaching order.
pub const LESSON_IDS: [&str; 9] = [
    "board",
    "time",
    "timelines",
    "present",
    "inactive",
    "check",
    "capture",
    "mate",
    "pawn",
];

pub(super) const DATA: [LessonData; 9] = [
    // 1. A knight moves on its own board, as in chess.
    LessonData {
        id: LESSON_IDS[0],
        pgn: "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/5/KN3:0:1:w]\n",
        goal: GoalText::MoveTo("0T1w b1", "0T1w c3"),
        intended: "(0T1)Nc3",
        focus: &["0T1w b1", "0T1w c3"],
    },
    // 2. The rook went b1-c1 at turn 1; at turn 2 it goes back along the time axis to
    // c1 of turn 1, which was empty then, and a new timeline branches from there.
    LessonData {
        id: LESSON_IDS[1],
        pgn: "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/5/KR3:0:1:w]\n\n\
              1. (0T1)Rc1 / (0T1)Ke4\n",
        goal: GoalText::NewTimeline,
        intended: "(0T2)Rc1>>(0T1)c1",
        focus: &["0T2w c1", "0T1w c1"],
    },
    // 3. Two timelines at turn 2: the rook steps along the timeline axis from L0 c1 to
    // L+1 c1, a board still to be played, so no timeline is made. Going back to turn 1
    // instead would make one.
    LessonData {
        id: LESSON_IDS[2],
        pgn: "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/5/KR3:0:1:w]\n[4k/5/5/5/K4:1:1:w]\n\n\
              1. (0T1)Rc1 (1T1)Kb1 / (0T1)Ke4 (1T1)Ke4\n",
        goal: GoalText::CrossTimeline,
        intended: "(0T2)Rc1>(1T2)c1",
        focus: &["0T2w c1", "1T2w c1"],
    },
    // 4. Both timelines are at turn 1, White to move: both boards are the present.
    LessonData {
        id: LESSON_IDS[3],
        pgn: "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/5/KN3:0:1:w]\n[4k/5/5/5/KN3:1:1:w]\n",
        goal: GoalText::Submit,
        intended: "(0T1)Nc3 (1T1)Nc3",
        focus: &["0T1w", "1T1w"],
    },
    // 5. White's queen went back in time twice (L+1, then from L+1 to L0's turn 1: L+2);
    // Black made no timeline, so L+2 is inactive. Black played all three boards, and now
    // L+2 stands at turn 2 while the present (L0 and L+1) is at turn 3.
    LessonData {
        id: LESSON_IDS[4],
        pgn: "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/5/KQ3:0:1:w]\n\n\
              1. (0T1)Qc1 / (0T1)Kd5\n\
              2. (0T2)Qc1>>(0T1)c1 / (1T1)Kd5\n\
              3. (1T2)Qc1>>(0T1)c1 / (0T2)Kd4 (1T2)Kd4 (2T1)Kd5\n",
        goal: GoalText::LeaveInactive("2T2w"),
        intended: "(0T3)Kb2 (1T3)Kb2",
        focus: &["0T3w", "1T3w", "2T2w"],
    },
    // 6. The black rook on L+1 c1 attacks the white king on L0 c1 along the timeline
    // axis. White must move that king and also play L+1.
    LessonData {
        id: LESSON_IDS[5],
        pgn: "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/P4/2K2:0:1:w]\n[4k/5/5/K4/2r2:1:1:w]\n",
        goal: GoalText::Submit,
        intended: "(0T1)Kb2 (1T1)Ka3",
        focus: &["1T1w c1", "0T1w c1"],
    },
    // 7. The black knight stood on c3 at turn 1; the white rook stands on c3 now (turn 3)
    // and goes straight back two turns to take it, through c3 of turn 2, empty then.
    LessonData {
        id: LESSON_IDS[6],
        pgn: "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/2n2/5/K1R2:0:1:w]\n\n\
              1. (0T1)Kb2 / (0T1)Ne4\n\
              2. (0T2)Rc3 / (0T2)Kd5\n",
        goal: GoalText::Capture("0T1w c3"),
        intended: "(0T3)Rc3>>x(0T1)c3",
        focus: &["0T3w c3", "0T1w c3"],
    },
    // 8. Both black kings are walled in by their own pieces. The knight leaps from L0 c3
    // to L+1 c5 (two ranks up, one timeline over) and from there attacks the king on L0
    // e5 (two files over, one timeline back): nothing can take it or block a knight, and
    // every square the king could step to, on either board, is taken by its own pieces.
    LessonData {
        id: LESSON_IDS[7],
        pgn: "[Board \"custom\"]\n[Size \"5x5\"]\n[3nk/3pp/2N2/5/K4:0:1:w]\n[3nk/3pp/5/5/K4:1:1:w]\n",
        goal: GoalText::Mate,
        intended: "(0T1)Nc3>(1T1)c5",
        focus: &["0T1w c3", "1T1w c5", "0T1w e5"],
    },
    // 9. A pawn also moves forward along the timeline axis: for White toward the negative
    // timelines, here from L0 to L-1, onto the same square.
    LessonData {
        id: LESSON_IDS[8],
        pgn: "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/2P2/K4:0:1:w]\n[4k/5/5/5/K4:-1:1:w]\n",
        goal: GoalText::MoveTo("0T1w c2", "-1T1w c2"),
        intended: "(0T1)c2>(-1T1)c2",
        focus: &["0T1w c2", "-1T1w c2"],
    },
];

/// Reads a place: `0T1w` (a board) or `0T1w c3` (a square of it).
pub(super) fn parse_place(text: &str, even: bool) -> Option<Focus> {
    let mut parts = text.split_whitespace();
    let board = parts.next()?;
    let square = parts.next();
    if parts.next().is_some() {
        return None;
    }
    let (label, rest) = board.split_once('T')?;
    let l = parse_timeline_label(label, even)?;
    let side = match rest.chars().last()? {
        'w' => 0,
        'b' => 1,
        _ => return None,
    };
    let turn: i32 = rest[..rest.len() - 1].parse().ok()?;
    let h = turn.checked_mul(2)?.checked_add(side)?;
    let Some(square) = square else {
        return Some(Focus::Board { l, h });
    };
    let b = square.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(Focus::Square(Coord {
        l,
        h,
        x: (b[0] - b'a') as i32,
        y: (b[1] - b'1') as i32,
    }))
}

/// A lesson from its text; the error names what does not read.
pub(super) fn build(d: &LessonData) -> Result<Lesson, LessonError> {
    let fail = |message: String| LessonError {
        id: d.id.to_string(),
        message,
    };
    let game = notation::read_game(d.pgn).map_err(|e| fail(format!("position: {e}")))?;
    let position = game.position().clone();
    let even = position.even;
    let place = |t: &str| parse_place(t, even).ok_or_else(|| fail(format!("place `{t}`")));
    let square = |t: &str| match place(t)? {
        Focus::Square(c) => Ok(c),
        Focus::Board { .. } => Err(fail(format!("`{t}` names a board, not a square"))),
    };
    let board = |t: &str| match place(t)? {
        Focus::Board { l, h } => Ok((l, h)),
        Focus::Square(_) => Err(fail(format!("`{t}` names a square, not a board"))),
    };
    let goal = match d.goal {
        GoalText::MoveTo(from, to) => LessonGoal::MoveTo {
            from: square(from)?,
            to: square(to)?,
        },
        GoalText::NewTimeline => LessonGoal::NewTimeline,
        GoalText::CrossTimeline => LessonGoal::CrossTimeline,
        GoalText::Submit => LessonGoal::Submit,
        GoalText::LeaveInactive(b) => LessonGoal::LeaveInactive { board: board(b)? },
        GoalText::Capture(t) => LessonGoal::Capture { target: square(t)? },
        GoalText::Mate => LessonGoal::Mate,
    };
    let focus = d.focus.iter().map(|t| place(t)).collect::<Result<_, _>>()?;
    Ok(Lesson {
        id: d.id,
        position,
        goal,
        intended: d.intended,
        focus,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_read_boards_and_squares() {
        assert_eq!(
            parse_place("0T1w", false),
            Some(Focus::Board { l: 0, h: 2 })
        );
        assert_eq!(
            parse_place("-1T3b e5", false),
            Some(Focus::Square(Coord {
                l: -1,
                h: 7,
                x: 4,
                y: 4
            }))
        );
        // Even games: -0 is internal -1.
        assert_eq!(
            parse_place("-0T2w", true),
            Some(Focus::Board { l: -1, h: 4 })
        );
    }

    #[test]
    fn bad_places_are_refused() {
        for t in [
            "",
            "0T1",
            "0T1x",
            "T1w",
            "xT1w",
            "0Tw",
            "0T1w z9",
            "0T1w c",
            "0T1w c3 d4",
            "0T1wc3",
            "0T99999999999w",
        ] {
            assert_eq!(parse_place(t, false), None, "{t:?}");
        }
    }
}
