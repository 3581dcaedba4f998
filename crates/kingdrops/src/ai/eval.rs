//! The static evaluation: material on the board, in reserve and in prison, runners near
//! the last rank, pieces near the enemy king, and the king's cover.

use crate::movegen::is_attacked;
use crate::piece::{Color, Kind};
use crate::position::Position;

/// A won position's score (less the plies needed, so faster wins score higher).
pub const WIN: i32 = 1_000_000;

/// Scores at least this far from zero are wins or losses.
pub const WIN_THRESHOLD: i32 = WIN - 1000;

/// Piece values in the order of `Kind` (king, queen, rook, bishop, guard, spearman,
/// archer). The king is not material: losing it loses the game.
const VALUE: [i32; 7] = [0, 500, 420, 320, 300, 100, 110];

/// A piece in reserve can be dropped next to the king at once: worth nearly as much.
const RESERVE_PERCENT: i32 = 90;

/// A captured piece in the holder's prison: a bargaining chip for an exchange.
const PRISON_PERCENT: i32 = 15;

/// Spearmen and archers `d` ranks from the last rank (index d). One rank away wins on the
/// next move unless captured: nearly a piece.
const RUNNER_BONUS: [i32; 8] = [0, 350, 140, 60, 25, 10, 3, 0];

/// The king `d` ranks from the last rank.
const KING_RUN_BONUS: [i32; 8] = [0, 220, 70, 20, 0, 0, 0, 0];

/// Per piece kind, the bonus per step closer than 4 to the enemy king (Chebyshev).
const NEAR_ENEMY_KING: [i32; 7] = [0, 12, 10, 8, 8, 3, 3];

/// Each own piece next to the king (up to four).
const SHELTER: i32 = 12;
/// Each enemy piece within two squares of the king.
const ENEMY_NEAR_KING: i32 = 20;
/// The king's square attacked.
const KING_ATTACKED: i32 = 40;
/// Bonus for the side to move (it has three moves in hand).
const TEMPO: i32 = 20;

const fn chebyshev(a: usize, b: usize) -> i32 {
    let df = (a % 8) as i32 - (b % 8) as i32;
    let dr = (a / 8) as i32 - (b / 8) as i32;
    let df = if df < 0 { -df } else { df };
    let dr = if dr < 0 { -dr } else { dr };
    if df > dr { df } else { dr }
}

struct Tables {
    /// Value and advancement of a piece: `[colour][kind][square]`.
    piece_square: [[[i32; 64]; 7]; 2],
    /// `[a][b]`: Chebyshev distance.
    distance: [[u8; 64]; 64],
    /// Squares within one / two steps of a square (itself excluded).
    ring1: [u64; 64],
    ring2: [u64; 64],
}

const fn build() -> Tables {
    let mut t = Tables {
        piece_square: [[[0; 64]; 7]; 2],
        distance: [[0; 64]; 64],
        ring1: [0; 64],
        ring2: [0; 64],
    };
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let d = chebyshev(a, b);
            t.distance[a][b] = d as u8;
            if d == 1 {
                t.ring1[a] |= 1 << b;
            }
            if d >= 1 && d <= 2 {
                t.ring2[a] |= 1 << b;
            }
            b += 1;
        }
        let rank = a / 8;
        let mut c = 0;
        while c < 2 {
            // Ranks still to go to the last rank (8 for White, 1 for Black).
            let to_go = if c == 0 { 7 - rank } else { rank };
            let mut k = 0;
            while k < 7 {
                let bonus = match k {
                    0 => KING_RUN_BONUS[to_go],
                    5 | 6 => RUNNER_BONUS[to_go],
                    _ => 0,
                };
                t.piece_square[c][k][a] = VALUE[k] + bonus;
                k += 1;
            }
            c += 1;
        }
        a += 1;
    }
    t
}

static TABLES: Tables = build();

/// The position's score for the side to move, in hundredths of a spearman.
pub fn evaluate(pos: &Position) -> i32 {
    let white = side_score(pos, Color::White);
    let black = side_score(pos, Color::Black);
    let s = white - black;
    TEMPO
        + match pos.side {
            Color::White => s,
            Color::Black => -s,
        }
}

fn side_score(pos: &Position, c: Color) -> i32 {
    let them = c.opponent();
    let mut score = 0;
    for (i, &k) in Kind::RESERVABLE.iter().enumerate() {
        let v = VALUE[k as usize];
        score += pos.reserve[c.index()][i] as i32 * v * RESERVE_PERCENT / 100;
        score += pos.prison[c.index()][i] as i32 * v * PRISON_PERCENT / 100;
    }
    let table = &TABLES.piece_square[c.index()];
    let their_king = pos.kings[them.index()].map(|k| &TABLES.distance[k.index()]);
    let mut bits = pos.occupied_by(c);
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let kind = pos.board[i].expect("occupancy matches the board").kind as usize;
        score += table[kind][i];
        if let Some(dist) = their_king {
            score += NEAR_ENEMY_KING[kind] * (4 - dist[i] as i32).max(0);
        }
    }
    if let Some(k) = pos.kings[c.index()] {
        let shelter = (pos.occupied_by(c) & TABLES.ring1[k.index()]).count_ones() as i32;
        score += SHELTER * shelter.min(4);
        let near = (pos.occupied_by(them) & TABLES.ring2[k.index()]).count_ones() as i32;
        score -= ENEMY_NEAR_KING * near;
        if is_attacked(pos, k, them) {
            score -= KING_ATTACKED;
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    /// The tables against the definitions, on a few squares worked by hand.
    #[test]
    fn tables() {
        let sq = |s: &str| s.parse::<Square>().unwrap().index();
        // A white spearman on e7 is one rank from rank 8: 100 + 350.
        assert_eq!(
            TABLES.piece_square[0][Kind::Spearman as usize][sq("e7")],
            450
        );
        // A black archer on e2 is one rank from rank 1: 110 + 350.
        assert_eq!(TABLES.piece_square[1][Kind::Archer as usize][sq("e2")], 460);
        // A white king on e6: two ranks to go: 70.
        assert_eq!(TABLES.piece_square[0][Kind::King as usize][sq("e6")], 70);
        assert_eq!(TABLES.distance[sq("a1")][sq("c4")], 3);
        assert_eq!(TABLES.ring1[sq("a1")].count_ones(), 3);
        assert_eq!(TABLES.ring2[sq("a1")].count_ones(), 8);
        assert_eq!(TABLES.ring2[sq("e4")].count_ones(), 24);
    }

    /// Symmetry: the standard start scores the same for either side to move (tempo only).
    #[test]
    fn start_is_balanced() {
        let p =
            Position::from_kfen("rbgqkgbr/aaaassss/8/8/8/8/AAAASSSS/RBGQKGBR w - - - -").unwrap();
        assert_eq!(evaluate(&p), TEMPO);
    }
}
