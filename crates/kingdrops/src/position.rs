//! A position between turns: the board, the side to move, reserves and prisons.

use crate::piece::{Color, Kind, Piece};
use crate::result::{GameResult, WinReason};
use crate::square::Square;

/// A Kingdrops position. Reserves and prisons hold only queens, rooks, bishops and guards
/// (counted per kind, in the order Q R B G). `prison[c]` holds the opponent's pieces that
/// `c` captured.
///
/// Two positions are equal when board, side to move, reserves and prisons are (the
/// repetition rule's notion of "the same position").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 64],
    /// Squares occupied by each colour (kept in step with `board`).
    pub(crate) occ: [u64; 2],
    /// Each king's square (kept in step with `board`); `None` once captured.
    pub(crate) kings: [Option<Square>; 2],
    pub(crate) side: Color,
    pub(crate) reserve: [[u8; 4]; 2],
    pub(crate) prison: [[u8; 4]; 2],
}

impl Position {
    /// An empty board with empty reserves and prisons.
    pub fn empty(side: Color) -> Position {
        Position {
            board: [None; 64],
            occ: [0; 2],
            kings: [None; 2],
            side,
            reserve: [[0; 4]; 2],
            prison: [[0; 4]; 2],
        }
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Where `color`'s king stands (`None` once it has been captured).
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// How many pieces of `kind` are in `color`'s reserve (always 0 for king, spearman and
    /// archer).
    pub fn reserve_count(&self, color: Color, kind: Kind) -> u8 {
        kind.reserve_index()
            .map_or(0, |i| self.reserve[color.index()][i])
    }

    /// How many of the opponent's pieces of `kind` are in `holder`'s prison (White's prison
    /// holds black pieces).
    pub fn prison_count(&self, holder: Color, kind: Kind) -> u8 {
        kind.reserve_index()
            .map_or(0, |i| self.prison[holder.index()][i])
    }

    /// `color`'s reserve as kinds, in the order Q R B G (a kind repeated per piece).
    pub fn reserve(&self, color: Color) -> Vec<Kind> {
        expand(&self.reserve[color.index()])
    }

    /// `holder`'s prison as kinds (pieces of the opponent's colour), in the order Q R B G.
    pub fn prison(&self, holder: Color) -> Vec<Kind> {
        expand(&self.prison[holder.index()])
    }

    /// The pieces on the board, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|s| self.piece_at(s).map(|p| (s, p)))
    }

    /// The game's result as far as the board shows it: a side whose king is gone has lost,
    /// a side with its king, a spearman or an archer on its last rank has won. (Repetition
    /// needs the game's history: see `Game`.)
    pub fn winner(&self) -> Option<GameResult> {
        for c in Color::BOTH {
            if self.kings[c.opponent().index()].is_none() {
                return Some(GameResult {
                    winner: c,
                    reason: WinReason::KingCaptured,
                });
            }
        }
        for c in Color::BOTH {
            if self.has_runner_home(c) {
                return Some(GameResult {
                    winner: c,
                    reason: WinReason::LastRank,
                });
            }
        }
        None
    }

    /// Whether `c` has a king, spearman or archer on its last rank.
    pub(crate) fn has_runner_home(&self, c: Color) -> bool {
        let r = c.last_rank();
        (0..8).any(|f| {
            let sq = Square::new(f, r).expect("on the board");
            matches!(self.piece_at(sq), Some(p) if p.color == c && p.kind.is_runner())
        })
    }

    /// Places `p` on the empty square `sq`.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        debug_assert!(self.board[sq.index()].is_none());
        self.board[sq.index()] = Some(p);
        self.occ[p.color.index()] |= sq.bit();
        if p.kind == Kind::King {
            self.kings[p.color.index()] = Some(sq);
        }
    }

    /// Removes and returns what stands on `sq`.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.board[sq.index()].take()?;
        self.occ[p.color.index()] &= !sq.bit();
        if p.kind == Kind::King {
            self.kings[p.color.index()] = None;
        }
        Some(p)
    }

    /// The squares of `color`'s pieces, as a bit set (bit i = square i).
    #[inline]
    pub(crate) fn occupied_by(&self, color: Color) -> u64 {
        self.occ[color.index()]
    }
}

fn expand(counts: &[u8; 4]) -> Vec<Kind> {
    Kind::RESERVABLE
        .iter()
        .zip(counts)
        .flat_map(|(&k, &n)| std::iter::repeat_n(k, n as usize))
        .collect()
}
