//! Exact search over legal actions (whole turns).
//!
//! An action is a set of non-branching moves (each consumes its playable source board and,
//! for a jump onto a playable board, that board too) plus an ordered list of branching
//! jumps (their order decides the new timelines' numbers). Any action can be played in that
//! canonical order: all non-branching moves first, then the branching jumps. The search
//! enumerates exactly these, so every distinct action is visited once (where two sets of
//! moves make the same multiverse, two jumps of the same piece trading their targets, the
//! second is skipped: `Dfs::repeats`).
//!
//! Pruning rests on one fact: boards are never changed once made and a turn only adds
//! boards, so an attack on a royal piece that exists part-way through a turn exists at its
//! end. After every move the search looks only for attacks that involve the boards that
//! move made (as the attacker's board, the target's board, or a gap it filled).
//!
//! The enumeration is one resumable walk with an explicit stack (`iter.rs`): behind
//! `for_each_action` and behind the lazy iterator `legal_actions`, whose `MoveOrder` puts
//! captures (and checks) first for the AI.

mod board_safety;
mod count;
mod dfs;
mod hypercuboid;
mod iter;
mod limits;
mod race;

pub(crate) use board_safety::BoardSafety;
pub use count::count_actions;
pub(crate) use dfs::judged_safe;
pub use dfs::{attack_after, find_action, find_action_hypercuboid, safe_after};
pub use iter::{LegalActions, MoveKey, MoveOrder, for_each_action, legal_actions};
pub use limits::{Limits, Outcome};
pub use race::find_action_raced;
