//! What a network game shows: the join screen (the host's address, the state of the
//! connection), and during the game a small panel (who plays what, draw offers, leaving)
//! that becomes "waiting for the other player" while the game stands still.

use super::join::{JoinState, Phase};
use super::session::{NetSession, Role};
use crate::screens::{Screen, menu_window};
use crate::theme::menu_button;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;
use timefork_net::DEFAULT_PORT;
use timefork_net::msg::{DrawMsg, PauseWhy};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>();
    app.add_systems(OnEnter(Screen::NetJoin), |mut f: ResMut<JoinForm>| {
        f.error = None;
    });
    app.add_systems(
        EguiPrimaryContextPass,
        (
            join_screen.run_if(in_state(Screen::NetJoin)),
            game_panel.run_if(resource_exists::<NetSession>),
        ),
    );
}

/// The join screen's fields.
#[derive(Resource, Default)]
pub struct JoinForm {
    pub address: String,
    pub error: Option<String>,
}

fn join_screen(
    mut contexts: EguiContexts,
    mut form: ResMut<JoinForm>,
    join: Option<Res<JoinState>>,
    lan: Option<Res<super::lan::LanSearch>>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let found = lan.as_ref().map_or(&[][..], |l| l.found.as_slice());
    let busy = join.as_ref().is_some_and(|j| j.phase == Phase::Connecting);
    let refused = match join.as_ref().map(|j| &j.phase) {
        Some(Phase::Refused(why)) => Some(why.as_str()),
        _ => None,
    };
    match join_ui(ctx, &mut form, found, busy, refused) {
        Some(JoinChoice::Join(addr)) => {
            commands.queue(move |world: &mut World| {
                super::join::stop(world);
                if let Err(e) = super::join::start(world, addr) {
                    world.resource_mut::<JoinForm>().error = Some(e);
                }
            });
        }
        Some(JoinChoice::Back) => {
            commands.queue(super::join::stop);
            next.set(Screen::Title);
        }
        None => {}
    }
    Ok(())
}

/// What the join screen asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinChoice {
    /// Join the host at this address (typed, or one found on this network).
    Join(std::net::SocketAddr),
    Back,
}

/// The join screen: the address to join, the hosts found on this network (one click
/// joins), the connection's state (`busy` while connecting, why the host refused).
pub fn join_ui(
    ctx: &egui::Context,
    form: &mut JoinForm,
    found: &[super::lan::FoundHost],
    busy: bool,
    refused: Option<&str>,
) -> Option<JoinChoice> {
    let mut choice = None;
    menu_window(ctx, "join", [560.0, 440.0], |ui| {
        ui.heading(tr!("net-join-heading"));
        ui.add_space(6.0);
        ui.label(tr!("net-join-explain", port = DEFAULT_PORT));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            ui.label(tr!("net-address"));
            ui.add(
                egui::TextEdit::singleline(&mut form.address)
                    .hint_text("192.168.1.20:5757")
                    .desired_width(240.0),
            );
        });
        ui.add_space(8.0);
        // Hosts on this network that answered the search: one click joins.
        let mut chosen = None;
        ui.label(egui::RichText::new(tr!("net-found-heading")).strong());
        if found.is_empty() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(egui::RichText::new(tr!("net-found-none")).weak());
            });
        }
        for f in found {
            let side = match f.seat {
                timefork_records::Side::White => "white",
                timefork_records::Side::Black => "black",
            };
            let mut text = tr!(
                "net-found-host",
                game = crate::players::game_name(f.game),
                side = side,
                address = f.addr.to_string(),
                name = f.name.as_str()
            );
            if f.returning {
                text = format!("{text}\n{}", tr!("net-found-returning"));
            }
            if ui.add_enabled(!busy, egui::Button::new(text)).clicked() {
                chosen = Some(f.addr);
            }
        }
        ui.add_space(8.0);
        if let Some(addr) = chosen {
            form.address = addr.to_string();
        }
        if busy {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tr!("net-connecting"));
            });
        } else if menu_button(ui, &tr!("net-join")).clicked() || chosen.is_some() {
            match super::link::parse_address(&form.address, DEFAULT_PORT) {
                Ok(addr) => {
                    form.error = None;
                    choice = Some(JoinChoice::Join(addr));
                }
                Err(e) => form.error = Some(tr!("net-bad-address", error = e)),
            }
        }
        if let Some(why) = refused {
            ui.colored_label(crate::theme::WARN, why);
        }
        if let Some(e) = &form.error {
            ui.colored_label(crate::theme::WARN, e);
        }
        ui.add_space(12.0);
        if ui.button(tr!("common-back")).clicked() {
            choice = Some(JoinChoice::Back);
        }
    });
    choice
}

/// During a network game: the link's state and the draw offers; "waiting for the other
/// player" over everything while the game stands still.
fn game_panel(
    mut contexts: EguiContexts,
    mut session: ResMut<NetSession>,
    host: Option<Res<super::host::HostState>>,
    join: Option<Res<JoinState>>,
    screen: Res<State<Screen>>,
    mut buttons: MessageWriter<super::host::DrawButton>,
    mut next: ResMut<NextState<Screen>>,
    online: Option<Res<super::online::OnlineLink>>,
    mut online_reqs: MessageWriter<super::online::OnlineRequest>,
) -> Result {
    if !screen.get().is_play() && *screen.get() != Screen::KingdropsSetup {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let own = session.own_side();
    let side_id = match own {
        timefork_records::Side::White => "white",
        timefork_records::Side::Black => "black",
    };
    if let Some(why) = session.pause {
        egui::Window::new("net waiting")
            .title_bar(false)
            .resizable(false)
            .collapsible(false)
            .order(egui::Order::Foreground)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .frame(
                egui::Frame::window(&ctx.global_style())
                    .fill(crate::theme::PANEL_FILL)
                    .inner_margin(20.0),
            )
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.heading(tr!("net-waiting"));
                });
                let why = match why {
                    PauseWhy::WaitingForJoiner => tr!("net-waiting-first"),
                    PauseWhy::PeerLost => tr!("net-waiting-lost"),
                };
                ui.label(why);
                if let Some(h) = &host {
                    let ip = super::link::local_address()
                        .map(|ip| ip.to_string())
                        .unwrap_or_else(|| h.addr.ip().to_string());
                    ui.label(
                        egui::RichText::new(tr!(
                            "net-host-address",
                            address = ip,
                            port = h.addr.port()
                        ))
                        .strong()
                        .color(crate::theme::TITLE_GOLD),
                    );
                    ui.label(tr!("net-host-firewall", port = h.addr.port()));
                }
                ui.add_space(8.0);
                if ui.button(tr!("net-leave")).clicked() {
                    next.set(Screen::Title);
                }
            });
    }
    egui::Window::new("net game")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
        .frame(egui::Frame::window(&ctx.global_style()).fill(crate::theme::PANEL_FILL))
        .show(ctx, |ui| {
            let role = match session.role {
                Role::Host => tr!("net-you-host", side = side_id),
                Role::Join => tr!("net-you-join", side = side_id),
                Role::Watch => tr!("online-watching"),
            };
            ui.label(role);
            // Online: who plays, with their ratings; the claim once the other is gone.
            if let Some(link) = online.as_ref()
                && let Some(g) = &link.game
            {
                let r = |p: &timefork_net::online::PlayerInfo| {
                    format!("{:.0}{}", p.rating, if p.provisional { "?" } else { "" })
                };
                ui.label(
                    egui::RichText::new(tr!(
                        "online-players",
                        white = g.white.name.as_str(),
                        wr = r(&g.white),
                        black = g.black.name.as_str(),
                        br = r(&g.black)
                    ))
                    .strong(),
                );
                if g.seat.is_some()
                    && link
                        .claim_from
                        .is_some_and(|t| std::time::Instant::now() >= t)
                    && ui
                        .button(tr!("online-claim"))
                        .on_hover_text(tr!("online-claim-tip"))
                        .clicked()
                {
                    online_reqs.write(super::online::OnlineRequest::Claim);
                }
            }
            if let Some(note) = session.note.clone() {
                ui.colored_label(crate::theme::WARN, note);
                if ui.small_button(tr!("rules-close")).clicked() {
                    session.note = None;
                }
            }
            // Timeline Wager has no draw by agreement (its record has no such event);
            // nor is there one before a Kingdrops game begins, or with a host that left.
            let link_over = join
                .as_ref()
                .is_some_and(|j| matches!(j.phase, Phase::Over | Phase::Refused(_)));
            let draws = session.role != Role::Watch
                && session.game != timefork_records::GameKind::Wager
                && *screen.get() != Screen::KingdropsSetup
                && !link_over;
            if session.pause.is_some() || !draws {
                return;
            }
            match session.draw_offer {
                Some(s) if s == own => {
                    ui.label(tr!("net-draw-offered"));
                }
                Some(_) => {
                    ui.label(tr!("net-draw-offer-to-you"));
                    ui.horizontal(|ui| {
                        if ui.button(tr!("net-draw-accept")).clicked() {
                            buttons.write(super::host::DrawButton(DrawMsg::Accept));
                        }
                        if ui.button(tr!("net-draw-decline")).clicked() {
                            buttons.write(super::host::DrawButton(DrawMsg::Decline));
                        }
                    });
                }
                None => {
                    if ui
                        .button(tr!("net-draw-offer"))
                        .on_hover_text(tr!("net-draw-offer-tip"))
                        .clicked()
                    {
                        buttons.write(super::host::DrawButton(DrawMsg::Offer));
                    }
                }
            }
        });
    Ok(())
}
