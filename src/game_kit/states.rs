//! Groups of screens as computed states: which game is on screen (`ActiveGame`) and
//! whether a menu stands over the drifting multiverse (`InMenus`). Systems gate on them
//! with `in_state`, games end their matches `OnExit`, and entities that belong to a game
//! carry `DespawnOnExit(ActiveGame::..)`.

use super::screen::Screen;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<State<Screen>>() {
        app.init_state::<Screen>();
    }
    app.add_computed_state::<ActiveGame>();
    app.add_computed_state::<InMenus>();
}

/// The game being played (or looked at after it ended) or set up.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ActiveGame {
    FiveD,
    Wager,
    Kingdrops,
}

impl ComputedStates for ActiveGame {
    type SourceStates = Screen;
    // Moving between two screens of one game is no exit: its match and entities stay.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(s: Screen) -> Option<Self> {
        match s {
            Screen::FiveDPlay | Screen::FiveDOver => Some(ActiveGame::FiveD),
            Screen::WagerPlay => Some(ActiveGame::Wager),
            Screen::KingdropsNew | Screen::KingdropsSetup | Screen::KingdropsPlay => {
                Some(ActiveGame::Kingdrops)
            }
            _ => None,
        }
    }
}

/// The screens that stand over the multiverse drifting behind the menus.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct InMenus;

impl ComputedStates for InMenus {
    type SourceStates = Screen;
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(s: Screen) -> Option<Self> {
        is_menu(s).then_some(InMenus)
    }
}

/// Whether `s` is one of the menus (the title, the new-game forms, load, settings,
/// leaderboard and the puzzle list).
pub fn is_menu(s: Screen) -> bool {
    matches!(
        s,
        Screen::Title
            | Screen::FiveDNew
            | Screen::Load
            | Screen::Settings
            | Screen::Leaderboard
            | Screen::WagerNew
            | Screen::KingdropsNew
            | Screen::FiveDPuzzles
            | Screen::NetJoin
            | Screen::NetHost
            | Screen::Online
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::state::app::StatesPlugin;

    #[test]
    fn every_screen_is_a_menu_or_a_game_and_kingdrops_new_is_both() {
        let all = [
            Screen::Title,
            Screen::Load,
            Screen::Settings,
            Screen::Leaderboard,
            Screen::FiveDNew,
            Screen::FiveDPlay,
            Screen::FiveDOver,
            Screen::WagerNew,
            Screen::WagerPlay,
            Screen::FiveDPuzzles,
            Screen::KingdropsNew,
            Screen::KingdropsSetup,
            Screen::KingdropsPlay,
            Screen::NetJoin,
            Screen::NetHost,
            Screen::Online,
        ];
        for s in all {
            let game = ActiveGame::compute(s);
            assert!(
                game.is_some() || is_menu(s),
                "{s:?} is neither a menu nor a game"
            );
        }
        assert_eq!(
            ActiveGame::compute(Screen::FiveDOver),
            Some(ActiveGame::FiveD)
        );
        assert_eq!(ActiveGame::compute(Screen::WagerNew), None);
        assert_eq!(
            ActiveGame::compute(Screen::KingdropsNew),
            Some(ActiveGame::Kingdrops)
        );
        assert!(is_menu(Screen::KingdropsNew));
    }

    #[derive(Component)]
    struct Scoped;

    #[test]
    fn a_game_entity_outlives_its_own_screens_and_goes_with_the_game() {
        let mut app = App::new();
        app.add_plugins(StatesPlugin);
        app.add_plugins(plugin);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::KingdropsNew);
        app.update();
        app.world_mut()
            .spawn((Scoped, DespawnOnExit(ActiveGame::Kingdrops)));
        let count = |app: &mut App| {
            app.world_mut()
                .query_filtered::<(), With<Scoped>>()
                .iter(app.world())
                .count()
        };
        for s in [Screen::KingdropsSetup, Screen::KingdropsPlay] {
            app.world_mut().resource_mut::<NextState<Screen>>().set(s);
            app.update();
            assert_eq!(count(&mut app), 1, "still there on {s:?}");
        }
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Title);
        app.update();
        assert_eq!(count(&mut app), 0);
        assert!(app.world().contains_resource::<State<InMenus>>());
    }
}
