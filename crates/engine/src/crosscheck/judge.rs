//! A judge of legal turns that shares nothing with the search: slow, and written straight
//! from the rules text (rules.md section 1, seed 004).
//!
//! "A turn may be submitted only when the present has passed to the opponent and none of
//! the player's royal pieces could be captured by any single opponent move from any board
//! the opponent could then play, onto any board of the opponent's colour."
//!
//! So after a candidate turn the judge lists every move of the opponent, from the last
//! board of every timeline (active or not) whose side to move is the opponent's, with the
//! plain move generator that lists a piece's moves for a player (`Position::piece_moves`),
//! and calls the turn illegal when one of them lands on a royal piece. Activity and the
//! present are computed here again from their definitions. There are no attack tables, no
//! rays walked backwards, no "boards made since", no caches: nothing of `check` or
//! `search`.

use std::collections::HashSet;

use crate::piece::Color;
use crate::position::{Coord, Position};

use super::{Key, key};

/// Every distinct turn the player to move may submit (identity: `super::key`), or `None`
/// past `budget` moves tried. Every move of every board the player may play, in every
/// order; a partial turn reached by different orders is followed once.
pub fn legal_turns(pos: &Position, budget: u64) -> Option<HashSet<Key>> {
    struct Walk {
        legal: HashSet<Key>,
        visited: HashSet<Key>,
        tried: u64,
        budget: u64,
    }
    fn walk(p: &mut Position, w: &mut Walk) -> bool {
        if !w.visited.insert(key(p)) {
            return true;
        }
        if may_submit(p) {
            w.legal.insert(key(p));
        }
        for from in pieces_on_playable_boards(p, p.to_move) {
            let mut moves = Vec::new();
            p.piece_moves(from, &mut moves);
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
        legal: HashSet::new(),
        visited: HashSet::new(),
        tried: 0,
        budget,
    };
    walk(&mut pos.clone(), &mut w).then_some(w.legal)
}

/// Whether the turn made so far in `pos` may be submitted.
pub fn may_submit(pos: &Position) -> bool {
    present_passed(pos) && !royal_capturable(pos, pos.to_move.opponent())
}

/// "The present has passed to the opponent."
pub fn present_passed(pos: &Position) -> bool {
    Color::of_half_turn(present(pos)) != pos.to_move
}

/// Whether the player to move is in check: had they passed on every board they must play,
/// could the opponent capture one of their royal pieces?
pub fn in_check(pos: &Position) -> bool {
    let mut passed = pos.clone();
    let now = present(pos);
    if Color::of_half_turn(now) == pos.to_move {
        for l in pos.timeline_indices() {
            if active(pos, l) && pos.last_h(l) == now {
                passed.push_null_board(l);
            }
        }
    }
    royal_capturable(&passed, pos.to_move.opponent())
}

/// Whether some move of `by`, from a board `by` could play, lands on a royal piece.
fn royal_capturable(pos: &Position, by: Color) -> bool {
    let mut moves = Vec::new();
    for from in pieces_on_playable_boards(pos, by) {
        pos.piece_moves(from, &mut moves);
    }
    moves.iter().any(|m| {
        pos.piece_at(m.to)
            .is_some_and(|p| p.is_royal() && p.is_color(by.opponent()))
    })
}

/// Every piece of `side` on the last board of a timeline where `side` is to move.
pub(super) fn pieces_on_playable_boards(pos: &Position, side: Color) -> Vec<Coord> {
    let mut out = Vec::new();
    for l in pos.timeline_indices() {
        let h = pos.last_h(l);
        if Color::of_half_turn(h) != side {
            continue;
        }
        if let Some(board) = pos.board(l, h) {
            out.extend(board.pieces(side).map(|(x, y, _)| Coord { l, h, x, y }));
        }
    }
    out
}

/// "Initial timelines are active; the n-th timeline created by a player is active while
/// the opponent has created at least n-1." White's are numbered up from the starting ones,
/// Black's down.
fn active(pos: &Position, l: i32) -> bool {
    let by_white = pos.l_max() - pos.init_max;
    let by_black = pos.init_min - pos.l_min();
    if l > pos.init_max {
        by_black >= (l - pos.init_max) - 1
    } else if l < pos.init_min {
        by_white >= (pos.init_min - l) - 1
    } else {
        true
    }
}

/// "The present is the earliest turn among the last boards of the active timelines."
fn present(pos: &Position) -> i32 {
    pos.timeline_indices()
        .filter(|&l| active(pos, l))
        .map(|l| pos.last_h(l))
        .min()
        .expect("a position has a starting timeline")
}
