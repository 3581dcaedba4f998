//! Shared by the tests that compare sets of actions from random play: an action's identity
//! (the position it leads to, and which timeline each branching jump made: two actions that
//! differ only in the order of their branches make different timelines) and a seeded
//! generator.

use timefork_engine::position::{Move, Position};

pub type Key = (u64, Vec<(Move, i32)>);

/// The identity of the action that led to `p` (its moves: `p.turn_moves()`).
pub fn key(p: &Position) -> Key {
    let mut branches: Vec<(Move, i32)> = p
        .turn_effects()
        .filter(|(_, e)| e.branched)
        .map(|(m, e)| (*m, e.dst_l.unwrap()))
        .collect();
    branches.sort_by_key(|(m, l)| (*l, m.from, m.to));
    (p.position_hash(), branches)
}

/// A small deterministic generator (xorshift), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
