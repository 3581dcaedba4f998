//! The book of the open rules page: every section of the open game in the current
//! language, made again when either changes. The one place that knows each game's
//! sections (`fived::rules_page`, `wager::rules_page`, `kingdrops::rules_page`).

use super::RulesPage;
use super::diagram::Section;
use bevy::prelude::*;
use timefork_i18n::Lang;
use timefork_records::GameKind;

/// The open game's sections in the current language (made again when either changes).
#[derive(Resource, Default, Debug)]
pub struct RulesBook {
    pub made_for: Option<(GameKind, Lang)>,
    pub sections: Vec<Section>,
}

/// Every section of a game's rules, in the current language.
pub fn sections(game: GameKind) -> Vec<Section> {
    match game {
        GameKind::FiveD => crate::fived::rules_page::sections(),
        GameKind::Wager => crate::wager::rules_page::sections(),
        GameKind::Kingdrops => crate::kingdrops::rules_page::sections(),
    }
}

pub(super) fn fill_the_book(mut page: ResMut<RulesPage>, mut book: ResMut<RulesBook>) {
    let want = page.open.map(|g| (g, timefork_i18n::language()));
    if book.made_for != want {
        book.made_for = want;
        book.sections = want.map(|(g, _)| sections(g)).unwrap_or_default();
    }
    // A section past the end (`--rules wager:99`) shows the last one.
    let last = book.sections.len().saturating_sub(1);
    if page.open.is_some() && page.section > last {
        page.section = last;
    }
}
