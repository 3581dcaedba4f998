//! What every game plugs into: the groups of screens as computed states (`states`), one
//! system order for every game's frame (`GameSystems`), background searches that stop
//! when dropped (`tasks`), how long a search thinks (`thinking`), stepping through a history (`history`), and the AI's thinking time per level (`LevelBudgets`).
//! Each game keeps its own rules, match resource and panels; only the plumbing is here.

pub mod animation;
pub mod guide;
pub mod history;
pub mod screen;
pub mod states;
pub mod tasks;
pub mod thinking;

use crate::players::AiLevel;
use bevy::prelude::*;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            GameSystems::Input,
            GameSystems::Apply,
            GameSystems::Think,
            GameSystems::Mirror,
            GameSystems::View,
        )
            .chain(),
    );
    app.add_message::<guide::StartGuide>();
    app.add_plugins((states::plugin, tasks::plugin));
}

/// Every game, every frame, in this order: input writes requests, `Apply` validates them
/// through the rules crate and changes the match, `Think` starts and polls the searches
/// (AI, mate checks, puzzle judges) on the new state, `Mirror` brings the entities in
/// step with the match, `View` dresses and draws them. The camera aims after `Mirror`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSystems {
    Input,
    Apply,
    Think,
    Mirror,
    View,
}

/// What decides a game: applying its requests, running its clocks, judging its end. Over a
/// network only the host decides (the network layer sets the condition): the joiner
/// forwards its requests and plays what the host sends.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DecidingSystems;

/// What moves a game on: it stands still while a network game waits for the other player
/// (the network layer sets the condition).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PausableSystems;

/// A game's match resource, known by an id that no other match of this run has, so work
/// begun for one match (a review, a search) is never taken for another's.
pub trait MatchId: Resource {
    fn match_id(&self) -> u64;
}

/// The AI's thinking time per turn for each level, one table a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelBudgets {
    pub easy: Duration,
    pub medium: Duration,
    pub hard: Duration,
    pub max: Duration,
}

impl LevelBudgets {
    pub const fn from_millis(easy: u64, medium: u64, hard: u64, max: u64) -> LevelBudgets {
        LevelBudgets {
            easy: Duration::from_millis(easy),
            medium: Duration::from_millis(medium),
            hard: Duration::from_millis(hard),
            max: Duration::from_millis(max),
        }
    }

    /// Every level the same time (tests make the AI quick with it).
    pub const fn all(d: Duration) -> LevelBudgets {
        LevelBudgets {
            easy: d,
            medium: d,
            hard: d,
            max: d,
        }
    }

    pub fn of(&self, level: AiLevel) -> Duration {
        match level {
            AiLevel::Easy => self.easy,
            AiLevel::Medium => self.medium,
            AiLevel::Hard => self.hard,
            AiLevel::Max => self.max,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_reads_its_own_budget() {
        let b = LevelBudgets::from_millis(1, 2, 3, 4);
        assert_eq!(b.of(AiLevel::Easy), Duration::from_millis(1));
        assert_eq!(b.of(AiLevel::Medium), Duration::from_millis(2));
        assert_eq!(b.of(AiLevel::Hard), Duration::from_millis(3));
        assert_eq!(b.of(AiLevel::Max), Duration::from_millis(4));
    }
}
