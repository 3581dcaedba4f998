//! The multiverse: timelines of boards, whose turn it is, and making / unmaking single
//! moves within a turn. Timeline indices are stored as plain integers; games that start
//! with an even number of timelines show them as -0/+0 (see `TimelineLabel`).

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::piece::{Color, Piece, PieceKind};

/// A square in the multiverse. `h` is the half-turn index: `2 * turn + (0 white | 1 black)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub struct Coord {
    pub l: i32,
    pub h: i32,
    pub x: i32,
    pub y: i32,
}

impl Coord {
    pub fn turn(&self) -> i32 {
        self.h.div_euclid(2)
    }
    pub fn board(&self) -> (i32, i32) {
        (self.l, self.h)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Special {
    None,
    /// Pawn or brawn double step (along y or along L).
    DoubleStep,
    /// En passant: the captured pawn stands at (to.x, from.y).
    EnPassant,
    /// Castling: the rook moves from `rook_from` to `rook_to` on the same rank.
    Castle {
        rook_from: i32,
        rook_to: i32,
    },
}

/// One move of one piece, possibly across time and timelines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub from: Coord,
    pub to: Coord,
    pub promotion: Option<PieceKind>,
    pub special: Special,
}

impl Move {
    pub fn is_physical(&self) -> bool {
        self.from.l == self.to.l && self.from.h == self.to.h
    }
}

#[derive(Clone, Debug)]
pub struct Timeline {
    /// Half-turn index of the first board.
    pub start: i32,
    pub boards: Vec<Board>,
    /// The board this timeline branched from (`None` for starting timelines).
    pub parent: Option<(i32, i32)>,
}

impl Timeline {
    #[inline]
    pub fn last_h(&self) -> i32 {
        self.start + self.boards.len() as i32 - 1
    }
    #[inline]
    pub fn get(&self, h: i32) -> Option<&Board> {
        let i = h - self.start;
        if i < 0 {
            None
        } else {
            self.boards.get(i as usize)
        }
    }
    #[inline]
    pub fn last(&self) -> &Board {
        self.boards.last().expect("timelines are never empty")
    }
}

/// What a move did to the multiverse, so it can be undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    /// Timeline the source board was appended to (always `from.l`).
    pub src_l: i32,
    /// Timeline that received the arrival when it differs from the source one.
    pub dst_l: Option<i32>,
    /// Whether `dst_l` is a timeline this move created.
    pub branched: bool,
}

/// The multiverse position, with the player to move.
#[derive(Clone, Debug)]
pub struct Position {
    pub width: i32,
    pub height: i32,
    /// Timeline labels use -0/+0 (games that start with an even number of timelines).
    pub even: bool,
    pub init_min: i32,
    pub init_max: i32,
    l_min: i32,
    tls: VecDeque<Timeline>,
    pub to_move: Color,
    /// Moves made so far in the current turn, with their effects.
    turn_moves: Vec<(Move, MoveEffect)>,
}

impl Position {
    /// Builds a position from starting timelines `(index, timeline)` (indices contiguous).
    pub fn new(
        width: i32,
        height: i32,
        even: bool,
        mut timelines: Vec<(i32, Timeline)>,
        to_move: Color,
    ) -> Position {
        timelines.sort_by_key(|(l, _)| *l);
        let init_min = timelines.first().map(|t| t.0).unwrap_or(0);
        let init_max = timelines.last().map(|t| t.0).unwrap_or(0);
        let tls = timelines.into_iter().map(|(_, t)| t).collect();
        Position {
            width,
            height,
            even,
            init_min,
            init_max,
            l_min: init_min,
            tls,
            to_move,
            turn_moves: Vec::new(),
        }
    }

    #[inline]
    pub fn l_min(&self) -> i32 {
        self.l_min
    }
    #[inline]
    pub fn l_max(&self) -> i32 {
        self.l_min + self.tls.len() as i32 - 1
    }
    pub fn timeline_indices(&self) -> std::ops::RangeInclusive<i32> {
        self.l_min..=self.l_max()
    }
    #[inline]
    pub fn timeline(&self, l: i32) -> Option<&Timeline> {
        let i = l - self.l_min;
        if i < 0 {
            None
        } else {
            self.tls.get(i as usize)
        }
    }
    #[inline]
    fn timeline_mut(&mut self, l: i32) -> &mut Timeline {
        let i = (l - self.l_min) as usize;
        &mut self.tls[i]
    }
    #[inline]
    pub fn board(&self, l: i32, h: i32) -> Option<&Board> {
        self.timeline(l)?.get(h)
    }
    #[inline]
    pub fn last_h(&self, l: i32) -> i32 {
        self.timeline(l).map(|t| t.last_h()).unwrap_or(i32::MIN)
    }
    #[inline]
    pub fn in_bounds(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.width && y < self.height
    }
    #[inline]
    pub fn piece_at(&self, c: Coord) -> Option<Piece> {
        if !self.in_bounds(c.x, c.y) {
            return None;
        }
        self.board(c.l, c.h).map(|b| b.get(c.x, c.y))
    }

    /// Timelines created by White / by Black so far.
    pub fn white_created(&self) -> i32 {
        self.l_max() - self.init_max
    }
    pub fn black_created(&self) -> i32 {
        self.init_min - self.l_min
    }

    /// Active: starting timelines, and a player's n-th created timeline while the
    /// opponent has created at least n-1.
    pub fn is_active(&self, l: i32) -> bool {
        if l > self.init_max {
            self.black_created() >= l - self.init_max - 1
        } else if l < self.init_min {
            self.white_created() >= self.init_min - l - 1
        } else {
            true
        }
    }

    /// The present: the earliest half-turn among the last boards of active timelines.
    pub fn present(&self) -> i32 {
        self.timeline_indices()
            .filter(|&l| self.is_active(l))
            .map(|l| self.last_h(l))
            .min()
            .unwrap_or(0)
    }

    /// Boards (timeline, half-turn) the player to move may move on: the last board of
    /// every timeline, active or not, on which it is their turn.
    pub fn playable_boards(&self) -> Vec<(i32, i32)> {
        let p = self.to_move.parity();
        self.timeline_indices()
            .map(|l| (l, self.last_h(l)))
            .filter(|&(_, h)| h.rem_euclid(2) == p)
            .collect()
    }

    #[inline]
    pub fn is_playable(&self, l: i32, h: i32) -> bool {
        self.last_h(l) == h && Color::of_half_turn(h) == self.to_move
    }

    /// Boards the player must still move on before the present passes to the opponent.
    pub fn mandatory_boards(&self) -> Vec<(i32, i32)> {
        let present = self.present();
        if Color::of_half_turn(present) != self.to_move {
            return Vec::new();
        }
        self.timeline_indices()
            .filter(|&l| self.is_active(l) && self.last_h(l) == present)
            .map(|l| (l, present))
            .collect()
    }

    /// Whether the present has passed to the opponent (the first condition to submit).
    pub fn present_passed(&self) -> bool {
        Color::of_half_turn(self.present()) != self.to_move
    }

    pub fn turn_moves(&self) -> impl Iterator<Item = &Move> {
        self.turn_moves.iter().map(|(m, _)| m)
    }
    pub fn turn_effects(&self) -> impl Iterator<Item = &(Move, MoveEffect)> {
        self.turn_moves.iter()
    }
    pub fn turn_len(&self) -> usize {
        self.turn_moves.len()
    }

    /// The index a new timeline created now by the player to move would get.
    pub fn next_timeline_index(&self) -> i32 {
        match self.to_move {
            Color::White => self.l_max() + 1,
            Color::Black => self.l_min - 1,
        }
    }

    /// Whether a timeline the player to move creates now would be active: that player has
    /// not created more timelines than the opponent.
    pub fn next_timeline_active(&self) -> bool {
        match self.to_move {
            Color::White => self.black_created() >= self.white_created(),
            Color::Black => self.white_created() >= self.black_created(),
        }
    }

    /// Makes one move without checking it is legal (callers generate moves first).
    /// A jump lands on its target board when that board is still playable; otherwise it
    /// creates a new timeline.
    pub fn make_move(&mut self, m: &Move) -> MoveEffect {
        let branch = !m.is_physical() && !self.is_playable(m.to.l, m.to.h);
        self.make_move_as(m, branch)
    }

    /// Makes a move, forcing whether a jump branches. Used by the search, which makes a
    /// turn's branching jumps before the non-branching moves they logically follow.
    pub fn make_move_as(&mut self, m: &Move, branch: bool) -> MoveEffect {
        let src = *self
            .board(m.from.l, m.from.h)
            .expect("move from a missing board");
        let mut piece = src.get(m.from.x, m.from.y).moved();
        if let Some(k) = m.promotion {
            piece = Piece::new(k, piece.color(), false);
        }
        let effect;
        if m.is_physical() {
            let mut b = src;
            b.set(m.from.x, m.from.y, Piece::EMPTY);
            match m.special {
                Special::EnPassant => b.set(m.to.x, m.from.y, Piece::EMPTY),
                Special::Castle { rook_from, rook_to } => {
                    let rook = b.get(rook_from, m.from.y).moved();
                    b.set(rook_from, m.from.y, Piece::EMPTY);
                    b.set(rook_to, m.from.y, rook);
                }
                _ => {}
            }
            b.set(m.to.x, m.to.y, piece);
            self.timeline_mut(m.from.l).boards.push(b);
            effect = MoveEffect {
                src_l: m.from.l,
                dst_l: None,
                branched: false,
            };
        } else {
            let mut b = src;
            b.set(m.from.x, m.from.y, Piece::EMPTY);
            let mut d = *self.board(m.to.l, m.to.h).expect("move to a missing board");
            d.set(m.to.x, m.to.y, piece);
            self.timeline_mut(m.from.l).boards.push(b);
            if branch {
                let l = self.next_timeline_index();
                let t = Timeline {
                    start: m.to.h + 1,
                    boards: vec![d],
                    parent: Some((m.to.l, m.to.h)),
                };
                if l > self.l_max() {
                    self.tls.push_back(t);
                } else {
                    self.tls.push_front(t);
                    self.l_min -= 1;
                }
                effect = MoveEffect {
                    src_l: m.from.l,
                    dst_l: Some(l),
                    branched: true,
                };
            } else {
                self.timeline_mut(m.to.l).boards.push(d);
                effect = MoveEffect {
                    src_l: m.from.l,
                    dst_l: Some(m.to.l),
                    branched: false,
                };
            }
        }
        self.turn_moves.push((*m, effect));
        effect
    }

    /// Undoes the last move of the current turn. Returns it, or `None` if the turn is empty.
    pub fn undo_move(&mut self) -> Option<Move> {
        let (m, e) = self.turn_moves.pop()?;
        if let Some(dl) = e.dst_l {
            if e.branched {
                if dl > self.init_max {
                    self.tls.pop_back();
                } else {
                    self.tls.pop_front();
                    self.l_min += 1;
                }
            } else {
                self.timeline_mut(dl).boards.pop();
            }
        }
        self.timeline_mut(e.src_l).boards.pop();
        Some(m)
    }

    /// Ends the turn (callers check `can_submit` first) and passes the move to the opponent.
    pub fn submit_unchecked(&mut self) {
        self.turn_moves.clear();
        self.to_move = self.to_move.opponent();
    }

    /// Every board position `(l, h)` with its board, for hashing and display.
    pub fn all_boards(&self) -> impl Iterator<Item = (i32, i32, &Board)> {
        self.tls.iter().enumerate().flat_map(move |(i, t)| {
            let l = self.l_min + i as i32;
            t.boards
                .iter()
                .enumerate()
                .map(move |(j, b)| (l, t.start + j as i32, b))
        })
    }

    /// A hash equal for equal positions (boards, timelines, side to move).
    pub fn position_hash(&self) -> u64 {
        // FNV-1a over a canonical byte stream: stable across runs and platforms.
        let mut h: u64 = 0xcbf29ce484222325;
        let mut feed = |bytes: &[u8]| {
            for b in bytes {
                h ^= *b as u64;
                h = h.wrapping_mul(0x100000001b3);
            }
        };
        feed(&[
            self.width as u8,
            self.height as u8,
            self.to_move as u8,
            self.even as u8,
        ]);
        for l in self.timeline_indices() {
            let t = self.timeline(l).unwrap();
            feed(&l.to_le_bytes());
            feed(&t.start.to_le_bytes());
            feed(&(t.boards.len() as u32).to_le_bytes());
            for b in &t.boards {
                for p in b.squares.iter() {
                    feed(&[p.0]);
                }
            }
        }
        h
    }

    /// Timeline label as players write it: `-0`/`+0` in even games, `0`, `1`, `-1` otherwise.
    pub fn timeline_label(&self, l: i32) -> String {
        timeline_label(l, self.even)
    }
}

/// Largest timeline or turn number accepted from text: far beyond any real game, and far
/// enough from the integer limits that index arithmetic cannot overflow.
pub const MAX_INDEX: i32 = 1_000_000;

/// Label of internal timeline index `l`. In even games internal -1 is "-0", -2 is "-1".
pub fn timeline_label(l: i32, even: bool) -> String {
    if even {
        if l >= 0 {
            format!("+{l}")
        } else {
            format!("-{}", -l - 1)
        }
    } else {
        format!("{l}")
    }
}

/// Timeline name as the documents write it for people: `0`, `+1`, `-1`, and `-0`/`+0` in
/// even games (5DPGN writes positive timelines without the sign; see `timeline_label`).
pub fn timeline_display(l: i32, even: bool) -> String {
    let label = timeline_label(l, even);
    if !even && l > 0 {
        format!("+{label}")
    } else {
        label
    }
}

/// Parses a timeline label (`0`, `+1`, `-2`, `-0`, `+0`) to the internal index.
pub fn parse_timeline_label(s: &str, even: bool) -> Option<i32> {
    let s = s.trim();
    let (neg, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i32 = digits.parse().ok()?;
    if n > MAX_INDEX {
        return None;
    }
    Some(match (even, neg) {
        (true, true) => -n - 1,
        (_, false) => n,
        (false, true) => -n,
    })
}

impl Position {
    /// Appends a copy of the last board of `l` with the move passed to the other side:
    /// the "null move" used to ask whether the player to move is in check.
    pub(crate) fn push_null_board(&mut self, l: i32) {
        let t = self.timeline_mut(l);
        let b = *t.last();
        t.boards.push(b);
    }
}

impl Position {
    /// Appends a board to timeline `l` outside of any move (search probes only).
    pub(crate) fn push_board(&mut self, l: i32, b: Board) {
        self.timeline_mut(l).boards.push(b);
    }
    pub(crate) fn pop_board(&mut self, l: i32) {
        self.timeline_mut(l).boards.pop();
    }
}

#[cfg(test)]
mod display_tests {
    use super::*;

    #[test]
    fn timelines_are_named_as_the_documents_write_them() {
        // Odd games: L0, L+1, L-1. Even games: internal 0 is +0, internal -1 is -0.
        let names: Vec<String> = [-2, -1, 0, 1, 2]
            .iter()
            .map(|&l| timeline_display(l, false))
            .collect();
        assert_eq!(names, ["-2", "-1", "0", "+1", "+2"]);
        let even: Vec<String> = [-2, -1, 0, 1]
            .iter()
            .map(|&l| timeline_display(l, true))
            .collect();
        assert_eq!(even, ["-1", "-0", "+0", "+1"]);
    }

    #[test]
    fn a_submit_error_names_even_timelines_by_their_labels() {
        let c = |l| Coord {
            l,
            h: 6,
            x: 4,
            y: 0,
        };
        let e = crate::SubmitError::RoyalCapturable {
            from: c(-1),
            to: c(0),
        };
        let text = e.describe_with(true);
        assert!(text.contains("(L-0 T3) e1 takes (L+0 T3) e1"), "{text}");
        assert!(e.to_string().contains("(L-1 T3)"), "{e}");
    }
}
