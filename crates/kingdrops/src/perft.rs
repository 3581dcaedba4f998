//! Counting turns (rules.md section 3): distinct legal turns as ordered sequences,
//! recursively to a depth of N turns. A pass counts as one turn, a winning turn is a leaf,
//! the exchange is made at the end of each turn, and repetition is ignored.

use crate::moves::Turn;
use crate::position::Position;
use crate::turn::{MoveList, TurnState, end_turn, visit_turns};

/// The number of legal turn sequences of length `depth` from `pos` (1 at depth 0; a
/// finished game has none).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.winner().is_some() {
        return 0;
    }
    let mut st = TurnState::new(pos);
    let m = st.max_len();
    if m == 0 {
        let mut next = pos.clone();
        end_turn(&mut next, false);
        return perft(&next, depth - 1);
    }
    count_rec(&mut st, m, depth)
}

fn count_rec(st: &mut TurnState, m: u8, depth: u32) -> u64 {
    let mut list = MoveList::new();
    st.gen_moves(&mut list);
    // The turn's last move at the last depth: every available move ends a legal turn
    // (winning or not), so count them without making them.
    if depth == 1 && st.made + 1 == m {
        return list.len() as u64;
    }
    let mut total = 0;
    for &mv in list.as_slice() {
        let (u, win) = st.make(mv);
        total += if win.is_some() {
            1
        } else if st.made == m {
            if depth == 1 {
                1
            } else {
                let mut next = st.pos.clone();
                end_turn(&mut next, false);
                perft(&next, depth - 1)
            }
        } else {
            count_rec(st, m, depth)
        };
        st.unmake(mv, u);
    }
    total
}

/// `perft` split by the first turn: each legal turn with the count below it, in generation
/// order.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Turn, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    visit_turns(pos, &mut |st, turn, win| {
        let n = if win.is_some() || depth == 1 {
            1
        } else {
            let mut next = st.pos.clone();
            end_turn(&mut next, false);
            perft(&next, depth - 1)
        };
        out.push((*turn, n));
        true
    });
    out
}
