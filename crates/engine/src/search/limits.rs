//! What bounds a search (nodes, a stop flag) and what a bounded search answers.

use std::sync::atomic::AtomicBool;

/// Limits on a search. A search that hits one reports that it stopped, never a result.
#[derive(Clone, Copy, Default)]
pub struct Limits<'a> {
    /// Stop after making this many moves (0 = no limit).
    pub max_nodes: u64,
    /// Stop as soon as this flag is set.
    pub stop: Option<&'a AtomicBool>,
}

/// The answer of a search that may be stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<T> {
    Done(T),
    /// The search was stopped (node budget or stop flag): the answer is unknown.
    Unknown,
}

impl<T> Outcome<T> {
    pub fn done(self) -> Option<T> {
        match self {
            Outcome::Done(t) => Some(t),
            Outcome::Unknown => None,
        }
    }
}
