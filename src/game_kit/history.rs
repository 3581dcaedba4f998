//! Stepping through a game's history, the same in every game's browser: to a state, one
//! back or forward, or back to the game; and the keys that ask for it.

use super::GameSystems;
use super::screen::Screen;
use crate::theme::prose::ProseTips as _;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

/// A game's history browser: the state it keeps (this resource), the match it browses,
/// the request that steps it, and which keys step back and forward.
pub trait Browser: Resource + Default {
    type Match: Resource;
    type Request: Message + From<HistoryStep>;
    /// The screen the game is played on.
    const SCREEN: Screen;
    /// The keys that step back and forward while browsing (others pan the view).
    const BACK: &'static [KeyCode];
    const FORWARD: &'static [KeyCode];
    fn is_browsing(&self, m: &Self::Match) -> bool;
    /// Whether there is anything to browse yet (Home does nothing otherwise).
    fn has_history(m: &Self::Match) -> bool;
}

/// Adds a game's history browser `B`: its keys (in `Input`) and the system applying its
/// requests (after `Apply`, before `Mirror`), while its match exists on its screen.
pub fn add_browser<B: Browser, A, MA>(app: &mut App, apply: A)
where
    A: IntoScheduleConfigs<ScheduleSystem, MA>,
{
    app.init_resource::<B>();
    app.add_message::<B::Request>();
    app.add_systems(
        Update,
        (
            browse_keys::<B>.in_set(GameSystems::Input),
            apply.after(GameSystems::Apply).before(GameSystems::Mirror),
        )
            .distributive_run_if(resource_exists::<B::Match>)
            .run_if(in_state(B::SCREEN)),
    );
}

/// Home starts at the beginning; while browsing the game's keys step, and End or Esc go
/// back to the game. Keys typed into a panel are the panel's.
fn browse_keys<B: Browser>(
    keys: Res<ButtonInput<KeyCode>>,
    m: Res<B::Match>,
    browse: Res<B>,
    focus: Res<EguiWantsInput>,
    mut out: MessageWriter<B::Request>,
) {
    if focus.wants_any_keyboard_input() {
        return;
    }
    let browsing = browse.is_browsing(&m);
    for step in keyed_steps(&keys, browsing, B::has_history(&m), B::BACK, B::FORWARD) {
        out.write(step.into());
    }
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
fn keyed_steps(
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

/// What a game's browse bar says: where the history is shown (`shown`), its two arrows
/// (back, on) and each button's tooltip, and the way back to the game.
pub struct BrowseWords {
    pub shown: String,
    pub arrows: [&'static str; 2],
    pub previous_tip: String,
    pub next_tip: String,
    pub back: String,
    pub back_tip: String,
    /// Lay the bar out over several lines when it does not fit on one.
    pub wrap: bool,
}

/// The bar shown while a game's history is browsed at state `k`: where it is, a step back
/// (off at the start), a step on, the way back to the game, then what `more` adds (5D's
/// Analyse). Returns the step asked.
pub fn browse_bar(
    ui: &mut bevy_egui::egui::Ui,
    k: usize,
    w: BrowseWords,
    more: impl FnOnce(&mut bevy_egui::egui::Ui),
) -> Option<HistoryStep> {
    use bevy_egui::egui;
    let mut step = None;
    let bar = |ui: &mut egui::Ui| {
        ui.label(
            egui::RichText::new(w.shown)
                .strong()
                .color(crate::theme::ASIDE_BLUE),
        );
        if ui
            .add_enabled(k > 0, egui::Button::new(w.arrows[0]))
            .on_hover_prose(w.previous_tip)
            .clicked()
        {
            step = Some(HistoryStep::Previous);
        }
        if ui.button(w.arrows[1]).on_hover_prose(w.next_tip).clicked() {
            step = Some(HistoryStep::Next);
        }
        if ui
            .button(egui::RichText::new(w.back).strong())
            .on_hover_prose(w.back_tip)
            .clicked()
        {
            step = Some(HistoryStep::Live);
        }
        more(ui);
    };
    if w.wrap {
        ui.horizontal_wrapped(bar);
    } else {
        ui.horizontal(bar);
    }
    step
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
