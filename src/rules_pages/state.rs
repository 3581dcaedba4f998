//! Which game's rules page is open, at which section, and over which screen.

use bevy::prelude::*;
use timefork_records::GameKind;

/// Which game's rules are open, and at which section.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct RulesPage {
    pub open: Option<GameKind>,
    pub section: usize,
    /// The screen it was opened over; moving to another closes it.
    pub(super) opened_on: Option<crate::screens::Screen>,
}

impl RulesPage {
    pub fn open(&mut self, game: GameKind, on: crate::screens::Screen) {
        *self = RulesPage {
            open: Some(game),
            section: 0,
            opened_on: Some(on),
        };
    }

    pub fn close(&mut self) {
        *self = RulesPage::default();
    }
}

/// Run condition: no rules page is open.
pub fn closed(page: Res<RulesPage>) -> bool {
    page.open.is_none()
}
