//! The reference enumeration of legal actions, shared by the tests that compare the fast
//! search with it (`search_vs_reference.rs`, `legal_actions.rs`). It knows nothing of
//! phases, prefilters, minimal actions or backjumping: it plays every move from every
//! playable board in every order, undoes, and keeps the distinct actions after which the
//! turn can be submitted (identity: `action_key::key`).

use std::collections::HashSet;

use timefork_engine::position::Position;

use crate::action_key::{Key, key};

/// Distinct submittable actions of this turn, or `None` past `budget` moves.
pub fn reference_actions(pos: &Position, budget: u64) -> Option<HashSet<Key>> {
    fn walk(
        p: &mut Position,
        seen: &mut HashSet<Key>,
        visited: &mut HashSet<Key>,
        nodes: &mut u64,
        budget: u64,
    ) -> bool {
        // A partial action reached by different orders is explored once.
        if !visited.insert(key(p)) {
            return true;
        }
        if p.can_submit() {
            seen.insert(key(p));
        }
        for (l, _) in p.playable_boards() {
            let mut moves = Vec::new();
            p.board_moves(l, &mut moves);
            for m in moves {
                *nodes += 1;
                if *nodes > budget {
                    return false;
                }
                p.make_move(&m);
                let ok = walk(p, seen, visited, nodes, budget);
                p.undo_move();
                if !ok {
                    return false;
                }
            }
        }
        true
    }
    let mut p = pos.clone();
    let mut seen = HashSet::new();
    let mut visited = HashSet::new();
    let mut nodes = 0;
    walk(&mut p, &mut seen, &mut visited, &mut nodes, budget).then_some(seen)
}
