//! The book of the open rules page: every section of the open game in the current
//! language, made again when either changes. Each game registers its chapter (the
//! function that makes its sections) from its own plugin with `app.add_rules(..)`; the book
//! looks it up and names no game.

use super::diagram::Section;
use super::state::RulesPage;
use bevy::prelude::*;
use std::collections::HashMap;
use timefork_i18n::Lang;
use timefork_records::GameKind;

/// The open game's sections in the current language (made again when either changes).
#[derive(Resource, Default, Debug)]
pub struct RulesBook {
    pub made_for: Option<(GameKind, Lang)>,
    pub sections: Vec<Section>,
}

/// Each game's chapter: the function that makes its sections in the current language.
#[derive(Resource, Default, Debug, Clone)]
pub struct RulesChapters(HashMap<GameKind, fn() -> Vec<Section>>);

impl RulesChapters {
    /// Every section of a game's rules, in the current language (none for a game that
    /// registered no chapter).
    pub fn sections(&self, game: GameKind) -> Vec<Section> {
        self.0.get(&game).map(|make| make()).unwrap_or_default()
    }
}

/// How a game registers its chapter of the rules, from its own plugin.
pub trait AddRules {
    fn add_rules(&mut self, game: GameKind, sections: fn() -> Vec<Section>) -> &mut Self;
}

impl AddRules for App {
    fn add_rules(&mut self, game: GameKind, sections: fn() -> Vec<Section>) -> &mut Self {
        self.world_mut()
            .get_resource_or_init::<RulesChapters>()
            .0
            .insert(game, sections);
        self
    }
}

pub(super) fn fill_the_book(
    mut page: ResMut<RulesPage>,
    mut book: ResMut<RulesBook>,
    chapters: Res<RulesChapters>,
) {
    let want = page.open.map(|g| (g, timefork_i18n::language()));
    if book.made_for != want {
        book.made_for = want;
        book.sections = want.map(|(g, _)| chapters.sections(g)).unwrap_or_default();
    }
    // A section past the end (`--rules wager:99`) shows the last one.
    let last = book.sections.len().saturating_sub(1);
    if page.open.is_some() && page.section > last {
        page.section = last;
    }
}
