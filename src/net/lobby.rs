//! The "Play online" screen: the server and the name, then the lobby (your ratings, a
//! seek, a private room's code, a friend's code, the live and finished games, another
//! player's ratings). A game that starts opens on its own screen.

use super::online::{OnlineLink, OnlinePhase, OnlineRequest, side_word};
use crate::screens::{Screen, menu_window};
use crate::settings::Settings;
use crate::theme::menu_button;
use crate::theme::prose::ProseTips as _;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;
use timefork_net::online::{
    ClockSpec, DEFAULT_SERVER_PORT, GameInfo, PROVISIONAL_DEVIATION, Rating, Ratings, Seek,
};
use timefork_records::{GameKind, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LobbyForm>();
    app.add_systems(
        EguiPrimaryContextPass,
        lobby_screen.run_if(in_state(Screen::Online)),
    );
    app.add_systems(OnEnter(Screen::Online), ask_for_lists);
    // The lists go stale while the lobby is open: asked again now and then.
    app.add_systems(
        Update,
        ask_for_lists.run_if(in_state(Screen::Online)).run_if(
            bevy::time::common_conditions::on_real_timer(std::time::Duration::from_secs(15)),
        ),
    );
}

/// The clocks a seek offers: (base seconds, increment seconds).
const CLOCKS: [Option<(u32, u32)>; 6] = [
    Some((180, 2)),
    Some((300, 5)),
    Some((600, 5)),
    Some((900, 10)),
    Some((1800, 20)),
    None,
];

/// The lobby's fields.
#[derive(Resource)]
pub struct LobbyForm {
    pub game: GameKind,
    pub variant: String,
    pub clock: usize,
    pub rated: bool,
    pub colour: Option<Side>,
    pub code: String,
    pub look_up: String,
}

impl Default for LobbyForm {
    fn default() -> LobbyForm {
        LobbyForm {
            game: GameKind::FiveD,
            variant: String::new(),
            clock: 2,
            rated: true,
            colour: None,
            code: String::new(),
            look_up: String::new(),
        }
    }
}

impl LobbyForm {
    fn seek(&self) -> Seek {
        Seek {
            game: self.game,
            variant: (self.game == GameKind::FiveD && !self.variant.trim().is_empty())
                .then(|| self.variant.trim().to_string()),
            // Kingdrops is played without a clock in this program.
            clock: CLOCKS[self.clock]
                .filter(|_| self.game != GameKind::Kingdrops)
                .map(|(b, i)| ClockSpec {
                    base_s: b,
                    increment_s: i,
                }),
            rated: self.rated,
            color: self.colour,
            range: None,
        }
    }
}

/// A clock as a seek or a game line says it (`10+5`, `90s+2`, untimed).
pub(super) fn clock_text(c: Option<(u32, u32)>) -> String {
    match c {
        Some((b, i)) if b % 60 == 0 => format!("{}+{i}", b / 60),
        Some((b, i)) => format!("{b}s+{i}"),
        None => tr!("online-untimed"),
    }
}

fn ask_for_lists(link: Option<Res<OnlineLink>>, mut reqs: MessageWriter<OnlineRequest>) {
    if link.is_some_and(|l| l.phase == OnlinePhase::Ready) {
        reqs.write(OnlineRequest::Live);
        reqs.write(OnlineRequest::Recent);
    }
}

/// A rating as shown: the number, and `?` while it is provisional.
pub fn rating_text(r: Rating) -> String {
    let q = if r.deviation > PROVISIONAL_DEVIATION {
        "?"
    } else {
        ""
    };
    format!("{:.0}{q}", r.rating)
}

fn ratings_block(ui: &mut egui::Ui, r: &Ratings) {
    for kind in GameKind::ALL {
        let x = r.of(kind);
        // Each rating on one line of its own: the row wraps between them, not inside.
        ui.add(
            egui::Label::new(tr!(
                "online-rating-line",
                game = crate::players::game_name(kind),
                rating = format!("{:.0}", x.rating),
                provisional = if x.deviation > PROVISIONAL_DEVIATION {
                    "yes"
                } else {
                    "no"
                },
                games = x.games
            ))
            .extend(),
        )
        .on_hover_prose(tr!("online-provisional-tip"));
    }
}

fn game_line(g: &GameInfo) -> String {
    // A finished game comes from the record, which keeps no ratings: names only.
    let player = |p: &timefork_net::online::PlayerInfo| match g.result {
        Some(_) => p.name.clone(),
        None => {
            let q = if p.provisional { "?" } else { "" };
            format!("{} ({:.0}{q})", p.name, p.rating)
        }
    };
    let clock = clock_text(g.clock.map(|c| (c.base_s, c.increment_s)));
    let mut line = tr!(
        "online-game-line",
        game = crate::players::game_name(g.kind),
        white = player(&g.white),
        black = player(&g.black),
        clock = clock
    );
    if let Some(r) = &g.result {
        line = format!("{line} · {r}");
    }
    line
}

/// A listed game's line; a click on it asks for both players' ratings.
fn players_line(ui: &mut egui::Ui, g: &GameInfo, reqs: &mut MessageWriter<OnlineRequest>) {
    let line = ui
        .add(egui::Label::new(game_line(g)).sense(egui::Sense::click()))
        .on_hover_prose(tr!("online-players-ratings-tip"));
    if line.clicked() {
        reqs.write(OnlineRequest::Ratings(g.white.name.clone()));
        reqs.write(OnlineRequest::Ratings(g.black.name.clone()));
    }
}

/// A server's certificate that no authority signed: its fingerprint, to compare with
/// what the server's operator publishes, and the choice to trust it.
fn untrusted(
    ui: &mut egui::Ui,
    fingerprint: &str,
    changed: bool,
    settings: &Settings,
    reqs: &mut MessageWriter<OnlineRequest>,
) {
    let (why, colour) = if changed {
        (tr!("online-cert-changed"), crate::theme::BAD)
    } else {
        (tr!("online-cert-unknown"), crate::theme::WARN)
    };
    ui.colored_label(colour, why);
    ui.label(egui::RichText::new(fingerprint).monospace().strong());
    if ui
        .button(tr!("online-cert-trust"))
        .on_hover_prose(tr!("online-cert-trust-tip"))
        .clicked()
    {
        reqs.write(OnlineRequest::TrustAndConnect {
            server: settings.online_server.clone(),
            name: settings.player_name.clone(),
            fingerprint: fingerprint.to_string(),
        });
    }
}

fn lobby_screen(
    mut contexts: EguiContexts,
    mut form: ResMut<LobbyForm>,
    mut settings: ResMut<Settings>,
    link: Option<Res<OnlineLink>>,
    mut reqs: MessageWriter<OnlineRequest>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    menu_window(ctx, "online", [720.0, 620.0], |ui| {
        ui.heading(tr!("online-heading"));
        ui.add_space(4.0);
        let ready = link.as_ref().is_some_and(|l| l.phase == OnlinePhase::Ready);
        if !ready {
            crate::theme::prose::prose(ui, tr!("online-explain", port = DEFAULT_SERVER_PORT));
            ui.add_space(6.0);
            egui::Grid::new("online-connect")
                .num_columns(2)
                .show(ui, |ui| {
                    ui.label(tr!("online-server"));
                    ui.add(
                        egui::TextEdit::singleline(&mut settings.online_server)
                            .hint_text("192.168.1.20")
                            .desired_width(260.0),
                    );
                    ui.end_row();
                    ui.label(tr!("online-name"));
                    ui.add(
                        egui::TextEdit::singleline(&mut settings.player_name).desired_width(260.0),
                    );
                    ui.end_row();
                });
            ui.add_space(6.0);
            let connecting = link
                .as_ref()
                .is_some_and(|l| l.phase == OnlinePhase::Connecting);
            if connecting {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(tr!("online-connecting"));
                });
            } else if menu_button(ui, &tr!("online-connect")).clicked() {
                reqs.write(OnlineRequest::Connect {
                    server: settings.online_server.clone(),
                    name: settings.player_name.clone(),
                });
            }
            match link.as_ref().map(|l| &l.phase) {
                Some(OnlinePhase::Closed(why)) => {
                    ui.colored_label(crate::theme::WARN, why);
                }
                Some(OnlinePhase::Untrusted {
                    fingerprint,
                    changed,
                }) => {
                    untrusted(ui, fingerprint, *changed, &settings, &mut reqs);
                }
                _ => {}
            }
        }
        if let (true, Some(link)) = (ready, link.as_ref()) {
            lobby(ui, &mut form, link, &mut reqs);
        }
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            if ui.button(tr!("common-back")).clicked() {
                next.set(Screen::Title);
            }
            if ready && ui.button(tr!("online-disconnect")).clicked() {
                reqs.write(OnlineRequest::Disconnect);
            }
        });
    });
    Ok(())
}

fn lobby(
    ui: &mut egui::Ui,
    form: &mut LobbyForm,
    link: &OnlineLink,
    reqs: &mut MessageWriter<OnlineRequest>,
) {
    ui.label(
        egui::RichText::new(tr!(
            "online-connected",
            server = link.server.as_str(),
            name = link.name.as_str()
        ))
        .color(crate::theme::TITLE_GOLD),
    );
    if let Some(r) = &link.ratings {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(tr!("online-your-ratings")).strong());
            ratings_block(ui, r);
        });
    }
    ui.separator();
    // The seek.
    egui::Grid::new("online-seek")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label(tr!("online-game"));
            ui.horizontal(|ui| {
                for kind in GameKind::ALL {
                    ui.selectable_value(&mut form.game, kind, crate::players::game_name(kind));
                }
            });
            ui.end_row();
            if form.game == GameKind::FiveD {
                ui.label(tr!("online-variant"));
                ui.add(
                    egui::TextEdit::singleline(&mut form.variant)
                        .hint_text("Standard")
                        .desired_width(220.0),
                );
                ui.end_row();
            }
            if form.game != GameKind::Kingdrops {
                ui.label(tr!("online-clock"));
                ui.horizontal_wrapped(|ui| {
                    for (i, c) in CLOCKS.iter().enumerate() {
                        ui.selectable_value(&mut form.clock, i, clock_text(*c));
                    }
                });
                ui.end_row();
            }
            ui.label(tr!("online-colour"));
            ui.horizontal(|ui| {
                ui.selectable_value(&mut form.colour, None, tr!("online-any"));
                ui.selectable_value(&mut form.colour, Some(Side::White), side_word(Side::White));
                ui.selectable_value(&mut form.colour, Some(Side::Black), side_word(Side::Black));
            });
            ui.end_row();
            ui.label("");
            ui.checkbox(&mut form.rated, tr!("online-rated"))
                .on_hover_prose(tr!("online-rated-tip"));
            ui.end_row();
        });
    ui.add_space(4.0);
    if link.seeking || link.code.is_some() {
        ui.horizontal(|ui| {
            ui.spinner();
            match &link.code {
                Some(code) => ui.label(
                    egui::RichText::new(tr!("online-code", code = code.as_str()))
                        .strong()
                        .color(crate::theme::TITLE_GOLD),
                ),
                None => ui.label(tr!("online-seeking")),
            };
            if ui.button(tr!("online-cancel")).clicked() {
                reqs.write(OnlineRequest::CancelSeek);
            }
        });
    } else {
        ui.horizontal(|ui| {
            if ui
                .button(tr!("online-seek"))
                .on_hover_prose(tr!("online-seek-tip"))
                .clicked()
            {
                reqs.write(OnlineRequest::Seek(form.seek()));
            }
            if ui
                .button(tr!("online-private"))
                .on_hover_prose(tr!("online-private-tip"))
                .clicked()
            {
                reqs.write(OnlineRequest::Private(form.seek()));
            }
        });
    }
    ui.horizontal(|ui| {
        ui.label(tr!("online-join-code"));
        ui.add(
            egui::TextEdit::singleline(&mut form.code)
                .hint_text("ABC234")
                .desired_width(90.0),
        );
        if ui.button(tr!("online-join")).clicked() && !form.code.trim().is_empty() {
            reqs.write(OnlineRequest::JoinCode(form.code.clone()));
        }
    });
    if let Some(note) = &link.note {
        ui.colored_label(crate::theme::WARN, note);
    }
    ui.separator();
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(tr!("online-live")).strong());
        if ui.small_button(tr!("online-refresh")).clicked() {
            reqs.write(OnlineRequest::Live);
            reqs.write(OnlineRequest::Recent);
        }
    });
    egui::ScrollArea::vertical()
        .id_salt("online-lists")
        .max_height(140.0)
        .show(ui, |ui| {
            if link.live.is_empty() {
                ui.label(egui::RichText::new(tr!("online-none")).weak());
            }
            for g in &link.live {
                ui.horizontal(|ui| {
                    let mine = g.white.name == link.name || g.black.name == link.name;
                    if !mine
                        && ui
                            .small_button(tr!("online-watch"))
                            .on_hover_prose(tr!("online-watch-tip"))
                            .clicked()
                    {
                        reqs.write(OnlineRequest::Watch(g.clone()));
                    }
                    players_line(ui, g, reqs);
                });
            }
            ui.label(egui::RichText::new(tr!("online-recent")).strong());
            if link.recent.is_empty() {
                ui.label(egui::RichText::new(tr!("online-none")).weak());
            }
            for g in link.recent.iter().take(20) {
                ui.horizontal(|ui| {
                    if ui
                        .small_button(tr!("online-replay"))
                        .on_hover_prose(tr!("online-replay-tip"))
                        .clicked()
                    {
                        reqs.write(OnlineRequest::Replay(g.id));
                    }
                    players_line(ui, g, reqs);
                });
            }
        });
    ui.separator();
    ui.horizontal(|ui| {
        ui.label(tr!("online-ratings-of"));
        ui.add(egui::TextEdit::singleline(&mut form.look_up).desired_width(140.0));
        if ui.button(tr!("online-look-up")).clicked() && !form.look_up.trim().is_empty() {
            reqs.write(OnlineRequest::Ratings(form.look_up.clone()));
        }
    });
    // The players asked about last, newest first.
    for (name, r) in link.asked.iter().rev().take(4) {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(name).strong());
            ratings_block(ui, r);
        });
    }
}
