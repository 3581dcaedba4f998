//! What a network game shows: the join screen (games hosted on this network, or an
//! address and a room code), the hosting screen (the address and code to give while
//! waiting), and during the game a small panel (who plays what, draw offers, a claim)
//! that becomes "connection lost" over everything when the link to the server is gone.

use super::lan::{FoundHost, LanSearch, parse_address};
use super::lan_server::LanServer;
use super::online::{OnlineLink, OnlinePhase, OnlineRequest};
use super::session::{NetSession, Role};
use crate::screens::{Screen, menu_window};
use crate::theme::menu_button;
use crate::theme::prose::ProseTips as _;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_i18n::tr;
use timefork_net::msg::DrawMsg;
use timefork_net::online::ToServer;
use timefork_net::{DEFAULT_PORT, DISCOVERY_PORT};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>();
    app.add_systems(OnEnter(Screen::NetJoin), |mut f: ResMut<JoinForm>| {
        f.error = None;
    });
    app.add_systems(
        EguiPrimaryContextPass,
        (
            join_screen.run_if(in_state(Screen::NetJoin)),
            host_screen.run_if(in_state(Screen::NetHost)),
            game_panel.run_if(resource_exists::<NetSession>),
        ),
    );
}

/// The join screen's fields.
#[derive(Resource, Default)]
pub struct JoinForm {
    pub address: String,
    pub code: String,
    pub error: Option<String>,
}

fn join_screen(
    mut contexts: EguiContexts,
    mut form: ResMut<JoinForm>,
    link: Option<Res<OnlineLink>>,
    mut lan: Option<ResMut<LanSearch>>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // An address typed in is asked too: a broadcast may not reach it.
    if let Some(l) = lan.as_deref_mut() {
        let typed = form.address.trim();
        let ip = typed
            .parse::<std::net::SocketAddr>()
            .map(|a| a.ip())
            .or_else(|_| typed.parse::<std::net::IpAddr>());
        l.typed = ip.ok();
    }
    let found = lan.as_ref().map_or(&[][..], |l| l.found.as_slice());
    let status = link.as_deref().filter(|l| l.is_lan()).map(|l| LinkStatus {
        busy: matches!(l.phase, OnlinePhase::Connecting | OnlinePhase::Ready),
        problem: match &l.phase {
            OnlinePhase::Closed(why) => Some(why.clone()),
            _ => l.note.clone(),
        },
    });
    match join_ui(ctx, &mut form, found, status.as_ref()) {
        Some(JoinChoice::Join { addr, code }) => {
            commands.queue(move |world: &mut World| join(world, addr, code));
        }
        Some(JoinChoice::Back) => {
            commands.queue(super::lan_server::stop);
            next.set(Screen::Title);
        }
        None => {}
    }
    Ok(())
}

/// Joins the game hosted at `addr`: with the room's code, or without one to take back
/// a seat this computer left.
pub fn join(world: &mut World, addr: std::net::SocketAddr, code: Option<String>) {
    super::lan_server::stop(world);
    let name = world
        .get_resource::<crate::settings::Settings>()
        .map(|s| s.player_name.clone())
        .unwrap_or_default();
    let link = OnlineLink::start_lan(
        addr.to_string(),
        super::lan_server::lan_name(&name, "Guest"),
        crate::files::ConfigDir::of(world),
    );
    if let Some(code) = code {
        link.send(ToServer::JoinCode { code });
    }
    world.insert_resource(link);
}

/// How the join under way stands, for the join screen.
pub struct LinkStatus {
    /// Connecting, or waiting for the room to open.
    pub busy: bool,
    /// Why it failed, or what the server said.
    pub problem: Option<String>,
}

/// What the join screen asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JoinChoice {
    /// Join the host at this address, with the room's code (none: take back a seat).
    Join {
        addr: std::net::SocketAddr,
        code: Option<String>,
    },
    Back,
}

/// The join screen: the games hosted on this network (one click joins), or an address
/// and a room code typed in, and how the join under way stands.
pub fn join_ui(
    ctx: &egui::Context,
    form: &mut JoinForm,
    found: &[FoundHost],
    status: Option<&LinkStatus>,
) -> Option<JoinChoice> {
    let mut choice = None;
    let busy = status.is_some_and(|s| s.busy);
    menu_window(ctx, "join", [560.0, 480.0], |ui| {
        ui.heading(tr!("net-join-heading"));
        ui.add_space(6.0);
        crate::theme::prose::prose(ui, tr!("net-join-explain"));
        ui.add_space(8.0);
        // Hosts on this network that answered the search: one click joins.
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
                form.address = f.addr.to_string();
                form.code = f.code.clone().unwrap_or_default();
                choice = Some(JoinChoice::Join {
                    addr: f.addr,
                    code: f.code.clone(),
                });
            }
        }
        ui.add_space(10.0);
        crate::theme::prose::prose(ui, tr!("net-join-typed", port = DEFAULT_PORT));
        egui::Grid::new("join fields")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label(tr!("net-address"));
                ui.add(
                    egui::TextEdit::singleline(&mut form.address)
                        .hint_text("192.168.1.20")
                        .desired_width(220.0),
                );
                ui.end_row();
                ui.label(tr!("net-code"));
                ui.add(
                    egui::TextEdit::singleline(&mut form.code)
                        .hint_text("K7QX2P")
                        .desired_width(120.0),
                );
                ui.end_row();
            });
        ui.add_space(8.0);
        if busy {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tr!("net-connecting"));
            });
        } else if menu_button(ui, &tr!("net-join")).clicked() {
            match typed_join(form, found) {
                Ok(c) => {
                    form.error = None;
                    choice = Some(c);
                }
                Err(e) => form.error = Some(e),
            }
        }
        if let Some(why) = status.and_then(|s| s.problem.as_deref()) {
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

/// The join the typed fields ask: the address, and the code typed or the one the host
/// at that address answered with.
fn typed_join(form: &JoinForm, found: &[FoundHost]) -> Result<JoinChoice, String> {
    let addr = parse_address(&form.address, DEFAULT_PORT)
        .map_err(|e| tr!("net-bad-address", error = e))?;
    let here = found
        .iter()
        .find(|f| f.addr.port() == addr.port() && super::lan::same_host(f.addr, addr));
    let code = form.code.trim();
    let code = if !code.is_empty() {
        Some(code.to_uppercase())
    } else {
        match here {
            Some(f) if f.returning => None,
            Some(f) => f.code.clone(),
            None => return Err(tr!("net-need-code")),
        }
    };
    Ok(JoinChoice::Join { addr, code })
}

/// Hosting: the address and the room's code to give the other player, until they join
/// (the game then opens on its own screen).
fn host_screen(
    mut contexts: EguiContexts,
    server: Option<Res<LanServer>>,
    link: Option<Res<OnlineLink>>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let room = server
        .as_ref()
        .zip(link.as_ref().and_then(|l| l.code.clone()))
        .map(|(s, code)| HostedRoom {
            code,
            address: super::lan::local_address()
                .unwrap_or(s.addr.ip())
                .to_string(),
            port: s.addr.port(),
        });
    let problem = link.as_ref().and_then(|l| match &l.phase {
        OnlinePhase::Closed(why) => Some(why.clone()),
        _ => l.note.clone(),
    });
    let game = server.as_ref().map(|s| s.seek.game);
    let about = server.as_ref().map(|s| seek_words(&s.seek));
    if host_ui(
        ctx,
        game,
        about.as_deref(),
        room.as_ref(),
        problem.as_deref(),
    ) {
        next.set(Screen::Title);
    }
    Ok(())
}

/// The game a room was opened for, in words: its variant, its clock, the host's side.
fn seek_words(seek: &timefork_net::online::Seek) -> String {
    let clock = super::lobby::clock_text(seek.clock.map(|c| (c.base_s, c.increment_s)));
    let side = seek.color.map(super::online::side_word);
    [seek.variant.clone(), Some(clock), side]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The room a host's server opened: its code and where to join it.
pub struct HostedRoom {
    pub code: String,
    pub address: String,
    pub port: u16,
}

/// The hosting screen: the game (`about`: its variant, clock and the host's side), the
/// room to give the other player (none while the server opens it), or what went wrong;
/// whether Back was pressed.
pub fn host_ui(
    ctx: &egui::Context,
    game: Option<timefork_records::GameKind>,
    about: Option<&str>,
    room: Option<&HostedRoom>,
    problem: Option<&str>,
) -> bool {
    let mut leave = false;
    menu_window(ctx, "host", [560.0, 420.0], |ui| {
        let game = game.map(crate::players::game_name).unwrap_or_default();
        ui.heading(tr!("net-host-heading", game = game));
        if let Some(a) = about {
            ui.label(egui::RichText::new(a).strong());
        }
        ui.add_space(8.0);
        match room {
            Some(r) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(tr!("net-host-waiting"));
                });
                ui.add_space(8.0);
                ui.label(
                    egui::RichText::new(tr!("net-host-code", code = r.code.as_str()))
                        .heading()
                        .strong()
                        .color(crate::theme::TITLE_GOLD),
                );
                ui.label(
                    egui::RichText::new(tr!(
                        "net-host-address",
                        address = r.address.as_str(),
                        port = r.port
                    ))
                    .strong(),
                );
                ui.add_space(6.0);
                crate::theme::prose::prose(ui, tr!("net-host-how"));
                ui.label(
                    egui::RichText::new(tr!(
                        "net-host-firewall",
                        port = r.port,
                        discovery = DISCOVERY_PORT
                    ))
                    .weak(),
                );
                crate::theme::prose::prose(ui, egui::RichText::new(tr!("net-host-rules")).weak());
            }
            None if problem.is_none() => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(tr!("net-connecting"));
                });
            }
            None => {}
        }
        if let Some(p) = problem {
            ui.colored_label(crate::theme::WARN, p);
        }
        ui.add_space(12.0);
        leave = ui.button(tr!("common-back")).clicked();
    });
    leave
}

/// During a network game: the link's state and the draw offers; "waiting for the other
/// player" over everything while the game stands still.
fn game_panel(
    mut contexts: EguiContexts,
    mut session: ResMut<NetSession>,
    hosting: Option<Res<LanServer>>,
    screen: Res<State<Screen>>,
    mut buttons: MessageWriter<super::frames::DrawButton>,
    mut next: ResMut<NextState<Screen>>,
    online: Option<Res<OnlineLink>>,
    mut online_reqs: MessageWriter<OnlineRequest>,
) -> Result {
    if !screen.get().is_play() && *screen.get() != Screen::KingdropsSetup {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let own = session.side;
    let side_id = match own {
        timefork_records::Side::White => "white",
        timefork_records::Side::Black => "black",
    };
    if session.lost {
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
                ui.heading(tr!("net-link-lost-heading"));
                ui.label(tr!("net-link-lost"));
                if let Some(note) = &session.note {
                    ui.colored_label(crate::theme::WARN, note);
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
                Role::Play if hosting.is_some() => tr!("net-you-host", side = side_id),
                Role::Play => tr!("net-you-join", side = side_id),
                Role::Watch => tr!("online-watching"),
            };
            ui.label(role);
            // Who plays (online with their ratings; a local network's games are not
            // rated); the claim once the other is gone.
            if let Some(link) = online.as_ref()
                && let Some(g) = &link.game
            {
                let r = |p: &timefork_net::online::PlayerInfo| {
                    format!("{:.0}{}", p.rating, if p.provisional { "?" } else { "" })
                };
                let (white, black) = (g.white.name.as_str(), g.black.name.as_str());
                let players = if link.is_lan() {
                    tr!("net-players", white = white, black = black)
                } else {
                    tr!(
                        "online-players",
                        white = white,
                        wr = r(&g.white),
                        black = black,
                        br = r(&g.black)
                    )
                };
                ui.label(egui::RichText::new(players).strong());
                if g.seat.is_some()
                    && link
                        .claim_from
                        .is_some_and(|t| std::time::Instant::now() >= t)
                    && ui
                        .button(tr!("online-claim"))
                        .on_hover_prose(tr!("online-claim-tip"))
                        .clicked()
                {
                    online_reqs.write(OnlineRequest::Claim);
                }
            }
            // While the link is lost the note is on the overlay.
            if let Some(note) = session.note.clone().filter(|_| !session.lost) {
                ui.colored_label(crate::theme::WARN, note);
                if ui.small_button(tr!("rules-close")).clicked() {
                    session.note = None;
                }
            }
            // Timeline Wager has no draw by agreement (its record has no such event);
            // nor is there one before a Kingdrops game begins.
            let draws = session.role != Role::Watch
                && session.game != timefork_records::GameKind::Wager
                && *screen.get() != Screen::KingdropsSetup;
            if session.lost || !draws {
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
                            buttons.write(super::frames::DrawButton(DrawMsg::Accept));
                        }
                        if ui.button(tr!("net-draw-decline")).clicked() {
                            buttons.write(super::frames::DrawButton(DrawMsg::Decline));
                        }
                    });
                }
                None => {
                    if ui
                        .button(tr!("net-draw-offer"))
                        .on_hover_prose(tr!("net-draw-offer-tip"))
                        .clicked()
                    {
                        buttons.write(super::frames::DrawButton(DrawMsg::Offer));
                    }
                }
            }
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use timefork_net::msg::Lan;
    use timefork_records::{GameKind, Side};

    fn found(ip: &str, code: Option<&str>, returning: bool) -> FoundHost {
        let answer = Lan::Hosting {
            game: GameKind::FiveD,
            port: DEFAULT_PORT,
            seat: Side::Black,
            host: "Ada".into(),
            returning,
            code: code.map(str::to_string),
        };
        FoundHost::heard(ip.parse().unwrap(), answer, std::time::Duration::ZERO).unwrap()
    }

    fn form(address: &str, code: &str) -> JoinForm {
        JoinForm {
            address: address.into(),
            code: code.into(),
            error: None,
        }
    }

    #[test]
    fn a_typed_address_joins_with_the_code_typed_or_the_one_its_host_answered() {
        let addr = |a: &str| a.parse::<std::net::SocketAddr>().unwrap();
        // A code typed is used, in capitals, whatever was heard.
        assert_eq!(
            typed_join(&form("10.0.0.7", " k7qx2p "), &[]),
            Ok(JoinChoice::Join {
                addr: addr("10.0.0.7:5757"),
                code: Some("K7QX2P".into())
            })
        );
        // None typed: the code the host at that address answered with.
        let heard = [found("10.0.0.7", Some("ABCDEF"), false)];
        assert_eq!(
            typed_join(&form("10.0.0.7:5757", ""), &heard),
            Ok(JoinChoice::Join {
                addr: addr("10.0.0.7:5757"),
                code: Some("ABCDEF".into())
            })
        );
        // A seat that awaits its player is taken back without a code.
        let back = [found("10.0.0.7", None, true)];
        assert_eq!(
            typed_join(&form("10.0.0.7", ""), &back),
            Ok(JoinChoice::Join {
                addr: addr("10.0.0.7:5757"),
                code: None
            })
        );
        // Another host's answer is not this one's; nothing heard and no code: say so.
        assert!(typed_join(&form("10.0.0.8", ""), &heard).is_err());
        assert!(typed_join(&form("", "ABCDEF"), &heard).is_err());
    }
}
