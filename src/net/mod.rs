//! Network games. A server decides every one of them: a Timefork server on the internet
//! (`online`, the lobby in `lobby`), or, for two computers on one network, the same
//! server run inside the host's window (`lan_server`), which both windows play on as
//! clients. This computer's input becomes requests in the games' own text
//! (`timefork-net`'s messages), the server validates them through the rules crates, and
//! what it sends back is applied through the same functions a local game uses (so the
//! mirror, sounds and animations are a local game's).
//! - `frames`: the messages between a game's network side and the connection.
//! - `online`: the connection to a server, its lobby's state, a game's frames to it.
//! - `lan_server`: hosting on the local network (the server on a thread of the window).
//! - `lan`: finding a host on the local network (a broadcast and its answers).
//! - `adapter`: what every game's side shares (`NetMatch`, `add_net_match`).
//! - `session`: the network game in progress, its roles and the run conditions of the
//!   games' deciding and pausable systems (set here, once, on `DecidingSystems` and
//!   `PausableSystems`).
//! - `panel`: the join and hosting screens, and the network game's panel.
//!
//! Each game's own side (what it asks, how it follows the server) is its `net.rs`,
//! beside its match; nothing here names a game.

pub mod adapter;
pub mod frames;
pub mod lan;
pub mod lan_server;
pub mod lobby;
pub mod online;
pub mod panel;
pub mod session;

pub use session::{NetSession, Role, authoritative, joining, own_side_against_remote, paused};

use crate::game_kit::{DecidingSystems, PausableSystems};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    // In a network game the server decides, and nothing moves on while its connection is
    // lost.
    app.configure_sets(
        Update,
        (
            DecidingSystems.run_if(authoritative),
            PausableSystems.run_if(not(paused)),
        ),
    );
    app.add_plugins((
        frames::plugin,
        lan_server::plugin,
        lan::plugin,
        online::plugin,
    ));
    // Leaving for the title ends a network game on this side: a local network's (its
    // server too, when this window hosts it); an internet server's game goes on there.
    app.add_systems(
        OnEnter(crate::screens::Screen::Title),
        |world: &mut World| {
            lan_server::stop(world);
            online::leave_game(world);
        },
    );
}

/// What the panels draw for a network game.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((panel::plugin, lobby::plugin));
}
