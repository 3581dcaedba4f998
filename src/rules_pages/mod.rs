//! The rules pages of the three games: short sections, each with a small diagram drawn by
//! the game's own board look and piece models (rendered to a picture the page shows), in
//! the player's language. Opened from each game's card on the title and from each game's
//! top bar; a window over whatever screen is showing, so a game in progress stays as it is.
//!
//! Each game registers its chapter (`app.add_rules`, from its own plugin), building its
//! diagrams from real positions of its rules crate; this module holds the shared parts:
//! the book (`book`), the rendering (`render`) and the window (`page`), and names no game.

pub mod book;
pub mod diagram;
pub mod page;
pub mod render;
pub mod state;

use crate::theme::prose::ProseTips as _;
use bevy::prelude::*;
use timefork_records::GameKind;

pub use book::{AddRules, RulesBook, RulesChapters};
pub use diagram::{Diagram, DiagramBoard, DiagramPiece, DiagramView, Mark, Section, Tone};
pub use state::{RulesPage, closed};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((render::plugin, page::plugin));
}

/// The logic half (the headless tests have it): which page is open, and its book.
pub fn logic_plugin(app: &mut App) {
    app.init_resource::<RulesPage>();
    app.init_resource::<RulesBook>();
    app.init_resource::<RulesChapters>();
    app.add_systems(
        Update,
        (
            open_from_command_line,
            close_on_another_screen,
            book::fill_the_book,
        )
            .chain(),
    );
}

/// `--rules G[:N]`: the page opens once the screen the run asked for is showing.
fn open_from_command_line(
    opts: Option<Res<crate::LaunchOptions>>,
    screen: Option<Res<State<crate::screens::Screen>>>,
    next: Option<Res<NextState<crate::screens::Screen>>>,
    mut page: ResMut<RulesPage>,
    mut done: Local<bool>,
) {
    let (Some(opts), Some(screen)) = (opts, screen) else {
        return;
    };
    let Some((game, section)) = opts.rules else {
        return;
    };
    let now = *screen.get();
    let settled = next.is_none_or(|n| matches!(*n, NextState::Unchanged));
    let arrived = match (opts.screen, &opts.game) {
        (Some(crate::screens::Screen::FiveDTutorial), _) => {
            now == crate::screens::Screen::FiveDPlay
        }
        (Some(s), _) => now == s,
        (None, Some(_)) => now.is_play(),
        (None, None) => now == crate::screens::Screen::Title,
    };
    if *done || !settled || !arrived {
        return;
    }
    *done = true;
    page.open(game, now);
    page.section = section;
}

fn close_on_another_screen(
    mut page: ResMut<RulesPage>,
    screen: Option<Res<State<crate::screens::Screen>>>,
) {
    let now = screen.map(|s| *s.get());
    if page.open.is_some() && page.opened_on != now {
        page.close();
    }
}

/// What a game's top bar needs for its last buttons (Save as, Rules, Menu) and for leaving
/// the game otherwise (`next`).
#[derive(bevy::ecs::system::SystemParam)]
pub struct GameMenu<'w> {
    pub next: ResMut<'w, NextState<crate::screens::Screen>>,
    dialogs: MessageWriter<'w, crate::file_dialogs::DialogRequest>,
    rules: ResMut<'w, RulesPage>,
    screen: Res<'w, State<crate::screens::Screen>>,
}

impl GameMenu<'_> {
    /// "Save as...": the platform's dialog for where to write the game (`text`, made
    /// when pressed); not drawn where no dialog can be shown (Save still is).
    pub fn save_as(
        &mut self,
        ui: &mut bevy_egui::egui::Ui,
        suggested: &str,
        extension: &'static str,
        text: impl FnOnce() -> String,
    ) {
        if crate::file_dialogs::unavailable().is_some() {
            return;
        }
        if ui
            .button(timefork_i18n::tr!("files-save-as"))
            .on_hover_prose(timefork_i18n::tr!("files-save-as-tip"))
            .clicked()
        {
            self.dialogs.write(crate::file_dialogs::DialogRequest(
                crate::file_dialogs::DialogPurpose::SaveAs {
                    suggested: suggested.to_string(),
                    extension,
                    text: text(),
                },
            ));
        }
    }

    /// "Rules" (opens `game`'s rules over the game, which goes on as it was) and the
    /// game's own Menu button (`menu`), which goes back to the title.
    pub fn buttons(&mut self, ui: &mut bevy_egui::egui::Ui, game: GameKind, menu: String) {
        let r = ui
            .button(timefork_i18n::tr!("rules-button"))
            .on_hover_prose(timefork_i18n::tr!("rules-button-tip"));
        crate::game_kit::guide::mark_control(ui.ctx(), "rules", r.rect);
        if r.clicked() {
            let on = *self.screen.get();
            self.rules.open(game, on);
        }
        if ui.button(menu).clicked() {
            self.next.set(crate::screens::Screen::Title);
        }
    }
}
