//! The reference enumeration of legal turns. It knows nothing of phases, prefilters,
//! minimal actions or backjumping: it plays every move from every playable board in every
//! order, undoes, and keeps the distinct turns after which `Position::can_submit` allows a
//! submission. It shares the attack code of `check` with the search; `judge` shares none.

use std::collections::HashMap;

use crate::position::{Move, Position};

use super::{Key, key};

/// Distinct submittable turns of the player to move, each with one order of its moves, or
/// `None` past `budget` moves tried.
pub fn reference_actions(pos: &Position, budget: u64) -> Option<HashMap<Key, Vec<Move>>> {
    struct Walk {
        legal: HashMap<Key, Vec<Move>>,
        visited: std::collections::HashSet<Key>,
        tried: u64,
        budget: u64,
    }
    fn walk(p: &mut Position, w: &mut Walk) -> bool {
        // A partial turn reached by different orders is explored once.
        let k = key(p);
        if !w.visited.insert(k.clone()) {
            return true;
        }
        if p.can_submit() {
            w.legal.insert(k, p.turn_moves().copied().collect());
        }
        for (l, _) in p.playable_boards() {
            let mut moves = Vec::new();
            p.board_moves(l, &mut moves);
            for m in moves {
                w.tried += 1;
                if w.tried > w.budget {
                    return false;
                }
                p.make_move(&m);
                let ok = walk(p, w);
                p.undo_move();
                if !ok {
                    return false;
                }
            }
        }
        true
    }
    let mut w = Walk {
        legal: HashMap::new(),
        visited: Default::default(),
        tried: 0,
        budget,
    };
    walk(&mut pos.clone(), &mut w).then_some(w.legal)
}
