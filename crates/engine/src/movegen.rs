//! Piece movement in four dimensions: x (file), y (rank), t (turn) and l (timeline).
//! Each vector is `[dx, dy, dt, dl]`; one step in t is a whole turn (two half-turns), so
//! a piece always lands on a board where its own side is to move.

use std::sync::LazyLock;

use crate::board::Board;
use crate::piece::{Color, Piece, PieceKind};
use crate::position::{Coord, Move, Position, Special};

pub type Vec4 = [i32; 4];

fn all_unit_vectors() -> Vec<Vec4> {
    let mut v = Vec::new();
    for dx in -1..=1 {
        for dy in -1..=1 {
            for dt in -1..=1 {
                for dl in -1..=1 {
                    if (dx, dy, dt, dl) != (0, 0, 0, 0) {
                        v.push([dx, dy, dt, dl]);
                    }
                }
            }
        }
    }
    v
}

/// Number of axes a unit vector moves along.
pub fn axes(v: &Vec4) -> usize {
    v.iter().filter(|c| **c != 0).count()
}

/// Unit vectors grouped by the number of axes they use (index 1..=4).
pub static BY_AXES: LazyLock<[Vec<Vec4>; 5]> = LazyLock::new(|| {
    let mut out: [Vec<Vec4>; 5] = Default::default();
    for v in all_unit_vectors() {
        out[axes(&v)].push(v);
    }
    out
});

pub static ALL_UNIT: LazyLock<Vec<Vec4>> = LazyLock::new(all_unit_vectors);

/// Knight leaps: 2 along one axis and 1 along another.
pub static KNIGHT: LazyLock<Vec<Vec4>> = LazyLock::new(|| {
    let mut out = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            if a == b {
                continue;
            }
            for sa in [-2, 2] {
                for sb in [-1, 1] {
                    let mut v = [0; 4];
                    v[a] = sa;
                    v[b] = sb;
                    out.push(v);
                }
            }
        }
    }
    out
});

/// Slider directions of a kind, or `None` if it does not slide.
pub fn slider_dirs(k: PieceKind) -> Option<&'static [Vec4]> {
    static PRINCESS: LazyLock<Vec<Vec4>> = LazyLock::new(|| {
        let mut v = BY_AXES[1].clone();
        v.extend(BY_AXES[2].iter().copied());
        v
    });
    match k {
        PieceKind::Rook => Some(&BY_AXES[1]),
        PieceKind::Bishop => Some(&BY_AXES[2]),
        PieceKind::Unicorn => Some(&BY_AXES[3]),
        PieceKind::Dragon => Some(&BY_AXES[4]),
        PieceKind::Princess => Some(&PRINCESS),
        PieceKind::Queen | PieceKind::RoyalQueen => Some(&ALL_UNIT),
        _ => None,
    }
}

/// Whether a kind slides along vector `v` (unit vector) at all.
#[inline]
pub fn slides_along(k: PieceKind, n_axes: usize) -> bool {
    match k {
        PieceKind::Rook => n_axes == 1,
        PieceKind::Bishop => n_axes == 2,
        PieceKind::Unicorn => n_axes == 3,
        PieceKind::Dragon => n_axes == 4,
        PieceKind::Princess => n_axes <= 2,
        PieceKind::Queen | PieceKind::RoyalQueen => true,
        _ => false,
    }
}

/// Capture vectors of a pawn-like piece of colour `c` (pawn: 4; brawn: 9).
pub fn pawn_capture_vectors(k: PieceKind, c: Color) -> &'static [Vec4] {
    static W_PAWN: LazyLock<Vec<Vec4>> = LazyLock::new(|| pawn_caps(PieceKind::Pawn, Color::White));
    static B_PAWN: LazyLock<Vec<Vec4>> = LazyLock::new(|| pawn_caps(PieceKind::Pawn, Color::Black));
    static W_BRAWN: LazyLock<Vec<Vec4>> =
        LazyLock::new(|| pawn_caps(PieceKind::Brawn, Color::White));
    static B_BRAWN: LazyLock<Vec<Vec4>> =
        LazyLock::new(|| pawn_caps(PieceKind::Brawn, Color::Black));
    match (k, c) {
        (PieceKind::Brawn, Color::White) => &W_BRAWN,
        (PieceKind::Brawn, Color::Black) => &B_BRAWN,
        (_, Color::White) => &W_PAWN,
        (_, Color::Black) => &B_PAWN,
    }
}

fn pawn_caps(k: PieceKind, c: Color) -> Vec<Vec4> {
    let fy = c.forward_y();
    let fl = c.forward_l();
    let mut out = vec![[-1, fy, 0, 0], [1, fy, 0, 0], [0, 0, -1, fl], [0, 0, 1, fl]];
    if k == PieceKind::Brawn {
        // One step on exactly two axes, at least one forward (y or l) and none backward.
        for v in BY_AXES[2].iter() {
            let backward = v[1] == -fy || v[3] == -fl;
            let forward = v[1] == fy || v[3] == fl;
            if forward && !backward && !out.contains(v) {
                out.push(*v);
            }
        }
    }
    out
}

impl Position {
    /// The board a vector step from `(l, h)` reaches, if it exists.
    #[inline]
    pub fn step_board(&self, l: i32, h: i32, v: &Vec4, k: i32) -> Option<&Board> {
        self.board(l + v[3] * k, h + 2 * v[2] * k)
    }

    /// All moves of the piece at `from` (which must belong to the player to move and stand
    /// on a playable board), appended to `out`. Legality of the whole turn is not checked.
    pub fn piece_moves(&self, from: Coord, out: &mut Vec<Move>) {
        let Some(board) = self.board(from.l, from.h) else {
            return;
        };
        let piece = board.get(from.x, from.y);
        let Some(kind) = piece.kind() else { return };
        let color = piece.color();
        let target = |v: &Vec4, k: i32| Coord {
            l: from.l + v[3] * k,
            h: from.h + 2 * v[2] * k,
            x: from.x + v[0] * k,
            y: from.y + v[1] * k,
        };
        match kind {
            PieceKind::Pawn | PieceKind::Brawn => self.pawn_moves(from, piece, kind, color, out),
            PieceKind::Knight => {
                for v in KNIGHT.iter() {
                    let to = target(v, 1);
                    if let Some(p) = self.piece_at(to)
                        && !p.is_color(color)
                    {
                        out.push(Move {
                            from,
                            to,
                            promotion: None,
                            special: Special::None,
                        });
                    }
                }
            }
            PieceKind::King | PieceKind::CommonKing => {
                for v in ALL_UNIT.iter() {
                    let to = target(v, 1);
                    if let Some(p) = self.piece_at(to)
                        && !p.is_color(color)
                    {
                        out.push(Move {
                            from,
                            to,
                            promotion: None,
                            special: Special::None,
                        });
                    }
                }
                if kind == PieceKind::King && piece.unmoved() {
                    self.castling_moves(from, board, color, out);
                }
            }
            _ => {
                let dirs = slider_dirs(kind).expect("slider");
                for v in dirs {
                    let mut k = 1;
                    loop {
                        let to = target(v, k);
                        let Some(p) = self.piece_at(to) else { break };
                        if p.is_color(color) {
                            break;
                        }
                        out.push(Move {
                            from,
                            to,
                            promotion: None,
                            special: Special::None,
                        });
                        if !p.is_empty() {
                            break;
                        }
                        k += 1;
                    }
                }
            }
        }
    }

    fn promotion_for(&self, kind: PieceKind, color: Color, to: &Coord) -> Option<PieceKind> {
        let last = if color == Color::White {
            self.height - 1
        } else {
            0
        };
        (kind.is_pawnlike() && to.y == last).then_some(PieceKind::Queen)
    }

    fn pawn_moves(
        &self,
        from: Coord,
        piece: Piece,
        kind: PieceKind,
        color: Color,
        out: &mut Vec<Move>,
    ) {
        let fy = color.forward_y();
        let fl = color.forward_l();
        // Quiet steps: forward along y or along l, double while unmoved (same axis).
        for v in [[0, fy, 0, 0], [0, 0, 0, fl]] {
            let one = Coord {
                l: from.l + v[3],
                h: from.h,
                x: from.x,
                y: from.y + v[1],
            };
            if self.piece_at(one) == Some(Piece::EMPTY) {
                let promotion = self.promotion_for(kind, color, &one);
                out.push(Move {
                    from,
                    to: one,
                    promotion,
                    special: Special::None,
                });
                if piece.unmoved() {
                    let two = Coord {
                        l: from.l + 2 * v[3],
                        h: from.h,
                        x: from.x,
                        y: from.y + 2 * v[1],
                    };
                    if self.piece_at(two) == Some(Piece::EMPTY) {
                        let promotion = self.promotion_for(kind, color, &two);
                        out.push(Move {
                            from,
                            to: two,
                            promotion,
                            special: Special::DoubleStep,
                        });
                    }
                }
            }
        }
        for v in pawn_capture_vectors(kind, color) {
            let to = Coord {
                l: from.l + v[3],
                h: from.h + 2 * v[2],
                x: from.x + v[0],
                y: from.y + v[1],
            };
            if let Some(p) = self.piece_at(to)
                && !p.is_empty()
                && !p.is_color(color)
            {
                let promotion = self.promotion_for(kind, color, &to);
                out.push(Move {
                    from,
                    to,
                    promotion,
                    special: Special::None,
                });
            }
        }
        // En passant, on the board only, against the previous board of this timeline.
        if let Some(prev) = self.previous_board(from.l, from.h) {
            let board = self.board(from.l, from.h).unwrap();
            for dx in [-1, 1] {
                let x = from.x + dx;
                if !self.in_bounds(x, from.y) {
                    continue;
                }
                let victim = board.get(x, from.y);
                if !victim.is_color(color.opponent())
                    || victim.kind() != Some(PieceKind::Pawn)
                        && victim.kind() != Some(PieceKind::Brawn)
                {
                    continue;
                }
                // The victim must have just double-stepped from its start square.
                let vy = from.y; // victim's rank now
                let start_y = vy + 2 * fy; // where it came from (toward us)
                let mid_y = vy + fy;
                if !self.in_bounds(x, start_y) {
                    continue;
                }
                let was = prev.get(x, start_y);
                if was.kind() == victim.kind()
                    && was.is_color(color.opponent())
                    && was.unmoved()
                    && prev.get(x, vy).is_empty()
                    && prev.get(x, mid_y).is_empty()
                    && board.get(x, start_y).is_empty()
                    && board.get(x, mid_y).is_empty()
                {
                    let to = Coord {
                        l: from.l,
                        h: from.h,
                        x,
                        y: mid_y,
                    };
                    out.push(Move {
                        from,
                        to,
                        promotion: None,
                        special: Special::EnPassant,
                    });
                }
            }
        }
    }

    /// The board before `(l, h)` in the history of timeline `l` (crossing into the parent
    /// timeline for the first board of a branch).
    pub fn previous_board(&self, l: i32, h: i32) -> Option<&Board> {
        let t = self.timeline(l)?;
        if h > t.start {
            t.get(h - 1)
        } else {
            let (pl, ph) = t.parent?;
            self.board(pl, ph)
        }
    }

    fn castling_moves(&self, from: Coord, board: &Board, color: Color, out: &mut Vec<Move>) {
        let y = from.y;
        for dir in [-1, 1] {
            // Find the first piece in this direction along the rank.
            let mut x = from.x + dir;
            while self.in_bounds(x, y) && board.get(x, y).is_empty() {
                x += dir;
            }
            if !self.in_bounds(x, y) {
                continue;
            }
            let rook = board.get(x, y);
            if !(rook.is_color(color) && rook.kind() == Some(PieceKind::Rook) && rook.unmoved()) {
                continue;
            }
            if (x - from.x).abs() < 3 {
                continue;
            }
            let kx = from.x + 2 * dir;
            let cross = from.x + dir;
            let attacked = [from.x, cross, kx].iter().any(|&sx| {
                square_attacked_on_board(board, self.width, self.height, sx, y, color.opponent())
            });
            if attacked {
                continue;
            }
            out.push(Move {
                from,
                to: Coord { x: kx, ..from },
                promotion: None,
                special: Special::Castle {
                    rook_from: x,
                    rook_to: cross,
                },
            });
        }
    }

    /// All moves from the last board of timeline `l` (which must be playable).
    pub fn board_moves(&self, l: i32, out: &mut Vec<Move>) {
        let h = self.last_h(l);
        let Some(board) = self.board(l, h) else {
            return;
        };
        for (x, y, _) in board.pieces(self.to_move) {
            self.piece_moves(Coord { l, h, x, y }, out);
        }
    }
}

/// Whether `by` attacks square (x, y) on this board alone, as in 2D chess (castling rule).
pub fn square_attacked_on_board(b: &Board, w: i32, hgt: i32, x: i32, y: i32, by: Color) -> bool {
    let inb = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < hgt;
    for v in ALL_UNIT.iter().filter(|v| v[2] == 0 && v[3] == 0) {
        let mut k = 1;
        loop {
            let (sx, sy) = (x + v[0] * k, y + v[1] * k);
            if !inb(sx, sy) {
                break;
            }
            let p = b.get(sx, sy);
            if !p.is_empty() {
                if p.is_color(by) {
                    let kind = p.kind().unwrap();
                    let n = axes(v);
                    if slides_along(kind, n)
                        || (k == 1 && matches!(kind, PieceKind::King | PieceKind::CommonKing))
                    {
                        return true;
                    }
                    if k == 1 && kind.is_pawnlike() {
                        // Attacker moves by -v onto (x, y).
                        let mv = [-v[0], -v[1], 0, 0];
                        if pawn_capture_vectors(kind, by).contains(&mv) {
                            return true;
                        }
                    }
                }
                break;
            }
            k += 1;
        }
    }
    for v in KNIGHT.iter().filter(|v| v[2] == 0 && v[3] == 0) {
        let (sx, sy) = (x + v[0], y + v[1]);
        if inb(sx, sy) {
            let p = b.get(sx, sy);
            if p.is_color(by) && p.kind() == Some(PieceKind::Knight) {
                return true;
            }
        }
    }
    false
}
