//! Two computers, one game: one person hosts, the other joins by address and port. The
//! host's match is the match: the joiner's input becomes requests in the games' own text
//! (`timefork-net`'s messages), the host validates them through the rules crates as it
//! does its own, and sends back what happened, which the joiner applies through the same
//! functions a local game uses (so its mirror, sounds and animations are a local game's).
//! - `link`: the transport (renet over UDP with netcode's handshake), frames in and out.
//! - `host`: the seat, pauses while the joiner is away, the whole record on every join.
//! - `join`: connecting, the seat's token, reconnecting, the host leaving.
//! - `lan`: finding a host on the local network (a broadcast and its answers).
//! - `fived`, `kingdrops`, `wager`: each game over the link.
//! - `session`: the network game in progress, its roles and the run conditions the games'
//!   deciding systems read (kept apart so a game's match needs nothing of the screens).
//! - `panel`: the join screen and the "waiting for the other player" overlay.

pub mod fived;
pub mod host;
pub mod join;
pub mod kingdrops;
pub mod lan;
pub mod link;
pub mod panel;
pub mod session;
pub mod wager;

pub use session::{
    NetSession, NetTimings, Role, authoritative, hosting, joining, paused, remote_side,
};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NetTimings>();
    app.add_plugins((
        link::plugin,
        host::plugin,
        join::plugin,
        fived::plugin,
        kingdrops::plugin,
        wager::plugin,
        lan::plugin,
    ));
    // Leaving for the title ends a network game on this side (the other is told).
    app.add_systems(
        OnEnter(crate::screens::Screen::Title),
        |world: &mut World| {
            host::stop(world);
            join::stop(world);
        },
    );
}

/// What the panels draw for a network game.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(panel::plugin);
}
