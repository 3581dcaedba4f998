//! Perft: the number of leaf positions of the legal-move tree to a depth.

use cozy_chess::Board;

use super::uci;

/// Leaf count to `depth` plies (1 at depth 0). Counts moves in bulk at the last ply.
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut n = 0;
            board.generate_moves(|pm| {
                n += pm.len() as u64;
                false
            });
            n
        }
        _ => {
            let mut n = 0;
            board.generate_moves(|pm| {
                for mv in pm {
                    let mut next = board.clone();
                    next.play_unchecked(mv);
                    n += perft(&next, depth - 1);
                }
                false
            });
            n
        }
    }
}

/// Perft per root move (standard form, sorted by UCI text); `depth` >= 1.
pub fn divide(board: &Board, depth: u32) -> Vec<(cozy_chess::Move, u64)> {
    let mut out = Vec::new();
    board.generate_moves(|pm| {
        for mv in pm {
            let mut next = board.clone();
            next.play_unchecked(mv);
            out.push((
                uci::to_standard(board, mv),
                perft(&next, depth.saturating_sub(1)),
            ));
        }
        false
    });
    out.sort_by_key(|(m, _)| m.to_string());
    out
}
