//! The new-game screen: a variant from the engine's catalogue (or the community variants),
//! or a 5DPGN / 5DFEN file or pasted text; and who plays each side.

use super::{Screen, menu_window};
use crate::files;
use crate::matchplay::{AiLevel, Match, Player};
use crate::settings::Settings;
use crate::theme::menu_button;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_engine::variants;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewGameForm>();
    app.add_systems(OnEnter(Screen::NewGame), prepare_form);
    app.add_systems(
        EguiPrimaryContextPass,
        new_game.run_if(in_state(Screen::NewGame)),
    );
}

#[derive(Resource, Default)]
struct NewGameForm {
    base: Vec<String>,
    community: Vec<String>,
    filter: String,
    /// (community?, name)
    chosen: (bool, String),
    players: [Player; 2],
    path: String,
    text: String,
    error: Option<String>,
}

fn prepare_form(mut form: ResMut<NewGameForm>, settings: Res<Settings>) {
    if form.base.is_empty() {
        form.base = variants::names();
        form.community = variants::official_catalogue()
            .into_iter()
            .map(|v| v.name)
            .collect();
    }
    form.chosen = (false, settings.last_variant.clone());
    form.players = settings.last_players;
    form.error = None;
}

fn player_picker(ui: &mut egui::Ui, label: &str, p: &mut Player) {
    ui.horizontal(|ui| {
        ui.label(label);
        let text = match p {
            Player::Human => "Human".to_string(),
            Player::Ai(l) => format!("AI · {}", l.name()),
        };
        egui::ComboBox::from_id_salt(label)
            .selected_text(text)
            .show_ui(ui, |ui| {
                ui.selectable_value(p, Player::Human, "Human");
                for l in AiLevel::ALL {
                    ui.selectable_value(p, Player::Ai(l), format!("AI · {}", l.name()));
                }
            });
    });
}

fn new_game(
    mut contexts: EguiContexts,
    mut form: ResMut<NewGameForm>,
    mut settings: ResMut<Settings>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let form = &mut *form;
    let mut start: Option<Result<Match, String>> = None;
    menu_window(ctx, "new game", |ui| {
        ui.heading("New game");
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.label("Variant");
                ui.add(egui::TextEdit::singleline(&mut form.filter).hint_text("filter"));
                egui::ScrollArea::vertical()
                    .max_height(300.0)
                    .min_scrolled_height(300.0)
                    .show(ui, |ui| {
                        let f = form.filter.to_lowercase();
                        for (community, list) in [(false, &form.base), (true, &form.community)] {
                            if community {
                                ui.separator();
                                ui.label(egui::RichText::new("Community variants").weak());
                            }
                            for name in list.iter().filter(|n| n.to_lowercase().contains(&f)) {
                                let on = form.chosen == (community, name.clone());
                                if ui.selectable_label(on, name).clicked() {
                                    form.chosen = (community, name.clone());
                                }
                            }
                        }
                    });
            });
            ui.separator();
            ui.vertical(|ui| {
                player_picker(ui, "White", &mut form.players[0]);
                player_picker(ui, "Black", &mut form.players[1]);
                ui.add_space(12.0);
                ui.label(format!("Variant: {}", form.chosen.1));
                if menu_button(ui, "Start").clicked() {
                    let (community, name) = form.chosen.clone();
                    start = Some(if community {
                        variants::official_by_name(&name)
                            .map(|v| {
                                let mut g = timefork_engine::Game::new(v.position);
                                g.headers.push(("Board".into(), v.name));
                                Match::new(g, form.players)
                            })
                            .ok_or_else(|| format!("there is no variant called \"{name}\""))
                    } else {
                        Match::from_variant(&name, form.players)
                    });
                }
                ui.add_space(16.0);
                ui.label("Or open a 5DPGN / 5DFEN file:");
                ui.horizontal(|ui| {
                    ui.add(
                        egui::TextEdit::singleline(&mut form.path).hint_text("path/to/game.5dpgn"),
                    );
                    if ui.button("Open").clicked() {
                        start = Some(
                            files::read_game_file(std::path::Path::new(form.path.trim()))
                                .map(|g| Match::new(g, form.players)),
                        );
                    }
                });
                ui.label("Or paste one:");
                ui.add(
                    egui::TextEdit::multiline(&mut form.text)
                        .desired_rows(4)
                        .desired_width(320.0)
                        .code_editor(),
                );
                if ui.button("Start from pasted text").clicked() {
                    start = Some(
                        files::read_game_text(&form.text).map(|g| Match::new(g, form.players)),
                    );
                }
                if let Some(e) = &form.error {
                    ui.colored_label(egui::Color32::from_rgb(255, 130, 110), e);
                }
                ui.add_space(12.0);
                if ui.button("Back").clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    });
    match start {
        Some(Ok(m)) => {
            if !form.chosen.0 {
                settings.last_variant = form.chosen.1.clone();
            }
            settings.last_players = form.players;
            commands.insert_resource(m);
            next.set(Screen::Gameplay);
        }
        Some(Err(e)) => form.error = Some(e),
        None => {}
    }
    Ok(())
}
