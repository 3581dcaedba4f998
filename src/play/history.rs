//! Stepping through a game's history, the same in every game's browser: to a state, one
//! back or forward, or back to the game; and the keys that ask for it.

use super::GameSystems;
use crate::screens::Screen;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;

/// Adds a game's history browser: its state `B`, its request `R`, its `keys` (in `Input`)
/// and the system applying the requests (after `Apply`, before `Mirror`), while its match
/// `M` exists on the game's `screen`.
pub fn add_browser<B: Resource + Default, R: Message, M: Resource, K, MK, A, MA>(
    app: &mut App,
    screen: Screen,
    keys: K,
    apply: A,
) where
    K: IntoScheduleConfigs<ScheduleSystem, MK>,
    A: IntoScheduleConfigs<ScheduleSystem, MA>,
{
    app.init_resource::<B>();
    app.add_message::<R>();
    app.add_systems(
        Update,
        (
            keys.in_set(GameSystems::Input),
            apply.after(GameSystems::Apply).before(GameSystems::Mirror),
        )
            .distributive_run_if(resource_exists::<M>)
            .run_if(in_state(screen)),
    );
}

/// One step of a history browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryStep {
    /// The state after the first `k` turns (or plies; 0 = the start).
    To(usize),
    Previous,
    Next,
    /// Back to the game.
    Live,
}

impl HistoryStep {
    /// The state browsed after this step from `current` (`None`: the game itself), in a
    /// history of `last` steps. Stepping back from the game starts at the state before
    /// the last; stepping forward from the last state returns to the game.
    pub fn apply(self, current: Option<usize>, last: usize) -> Option<usize> {
        match (self, current) {
            (HistoryStep::To(k), _) => Some(k.min(last)),
            (HistoryStep::Previous, Some(k)) => Some(k.saturating_sub(1)),
            (HistoryStep::Previous, None) => last.checked_sub(1),
            (HistoryStep::Next, Some(k)) if k < last => Some(k + 1),
            (HistoryStep::Next, _) | (HistoryStep::Live, _) => None,
        }
    }
}

/// The steps the keys ask for: Home the start (when there is a history); while browsing,
/// `back` and `forward` step and End or Esc return.
pub fn keyed_steps(
    keys: &ButtonInput<KeyCode>,
    browsing: bool,
    has_history: bool,
    back: &[KeyCode],
    forward: &[KeyCode],
) -> Vec<HistoryStep> {
    let mut out = Vec::new();
    if keys.just_pressed(KeyCode::Home) && has_history {
        out.push(HistoryStep::To(0));
    }
    if browsing {
        if keys.any_just_pressed(back.iter().copied()) {
            out.push(HistoryStep::Previous);
        }
        if keys.any_just_pressed(forward.iter().copied()) {
            out.push(HistoryStep::Next);
        }
        if keys.any_just_pressed([KeyCode::End, KeyCode::Escape]) {
            out.push(HistoryStep::Live);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_walk_a_history_of_three() {
        use HistoryStep::*;
        assert_eq!(To(9).apply(None, 3), Some(3));
        assert_eq!(Previous.apply(None, 3), Some(2));
        assert_eq!(
            Previous.apply(None, 0),
            None,
            "no history, nothing to browse"
        );
        assert_eq!(Previous.apply(Some(0), 3), Some(0));
        assert_eq!(Next.apply(Some(2), 3), Some(3));
        assert_eq!(Next.apply(Some(3), 3), None, "past the last: the game");
        assert_eq!(Next.apply(None, 3), None);
        assert_eq!(Live.apply(Some(1), 3), None);
    }
}
