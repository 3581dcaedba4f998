//! The static evaluation: material on the board, in reserve and in prison, runners near
//! the last rank, pieces near the enemy king, and the king's cover.

use crate::movegen::is_attacked;
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::square::Square;

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
/// Each enemy queen, rook, bishop or guard within two squares of the king.
const ENEMY_NEAR_KING: i32 = 25;
/// The king's square attacked.
const KING_ATTACKED: i32 = 40;
/// Bonus for the side to move (it has three moves in hand).
const TEMPO: i32 = 20;

fn chebyshev(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

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
    let my_king = pos.kings[c.index()];
    let their_king = pos.kings[them.index()];
    let last = c.last_rank() as i32;
    let mut shelter = 0;
    let mut bits = pos.occupied_by(c);
    while bits != 0 {
        let sq = Square::from_index_unchecked(bits.trailing_zeros() as u8);
        bits &= bits - 1;
        let p = pos.board[sq.index()].expect("occupancy matches the board");
        score += VALUE[p.kind as usize];
        let to_go = (last - sq.rank() as i32).unsigned_abs() as usize;
        match p.kind {
            Kind::Spearman | Kind::Archer => score += RUNNER_BONUS[to_go],
            Kind::King => score += KING_RUN_BONUS[to_go],
            _ => {}
        }
        if let Some(ek) = their_king {
            score += NEAR_ENEMY_KING[p.kind as usize] * (4 - chebyshev(sq, ek)).max(0);
        }
        if let Some(k) = my_king
            && p.kind != Kind::King
            && chebyshev(sq, k) == 1
        {
            shelter += 1;
        }
    }
    score += SHELTER * shelter.min(4);
    if let Some(k) = my_king {
        let mut bits = pos.occupied_by(them);
        while bits != 0 {
            let sq = Square::from_index_unchecked(bits.trailing_zeros() as u8);
            bits &= bits - 1;
            let p = pos.board[sq.index()].expect("occupancy matches the board");
            if p.kind.reserve_index().is_some() && chebyshev(sq, k) <= 2 {
                score -= ENEMY_NEAR_KING;
            }
        }
        if is_attacked(pos, k, them) {
            score -= KING_ATTACKED;
        }
    }
    score
}
