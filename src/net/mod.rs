//! Two computers, one game: one person hosts, the other joins by address and port. The
//! host's match is the match: the joiner's input becomes requests in the games' own text
//! (`timefork-net`'s messages), the host validates them through the rules crates as it
//! does its own, and sends back what happened, which the joiner applies through the same
//! functions a local game uses (so its mirror, sounds and animations are a local game's).
//! - `link`: the transport (renet over UDP with netcode's handshake), frames in and out.
//! - `host`: the seat, pauses while the joiner is away, the whole record on every join.
//! - `join`: connecting, the seat's token, reconnecting, the host leaving.
//! - `lan`: finding a host on the local network (a broadcast and its answers).
//! - `adapter`: what every game's side shares (`NetMatch`, `add_net_match`).
//! - `session`: the network game in progress, its roles and the run conditions of the
//!   games' deciding and pausable systems (set here, once, on `DecidingSystems` and
//!   `PausableSystems`).
//! - `panel`: the join screen and the "waiting for the other player" overlay.
//! - `online`: a game on a Timefork server, played through the joiner's path; `lobby`
//!   the "Play online" screen.
//!
//! Each game's own side (what its host decides, what its joiner applies) is its `net.rs`,
//! beside its match; nothing here names a game.

pub mod adapter;
pub mod host;
pub mod join;
pub mod lan;
pub mod link;
pub mod lobby;
pub mod online;
pub mod panel;
pub mod session;

pub use session::{
    NetSession, NetTimings, Role, authoritative, hosting, joining, paused, remote_side,
};

use crate::game_kit::{DecidingSystems, PausableSystems};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NetTimings>();
    // Over a network only the host decides, and nothing moves on while a player is away.
    app.configure_sets(
        Update,
        (
            DecidingSystems.run_if(authoritative),
            PausableSystems.run_if(not(paused)),
        ),
    );
    app.add_plugins((
        link::plugin,
        host::plugin,
        join::plugin,
        lan::plugin,
        online::plugin,
    ));
    // Leaving for the title ends a network game on this side (the other is told).
    app.add_systems(
        OnEnter(crate::screens::Screen::Title),
        |world: &mut World| {
            host::stop(world);
            join::stop(world);
            online::leave_game(world);
        },
    );
}

/// What the panels draw for a network game.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((panel::plugin, lobby::plugin));
}
