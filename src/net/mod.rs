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
//! - `panel`: the join screen and the "waiting for the other player" overlay.

pub mod fived;
pub mod host;
pub mod join;
pub mod kingdrops;
pub mod lan;
pub mod link;
pub mod panel;
pub mod wager;

use bevy::prelude::*;
use std::time::Duration;
use timefork_net::msg::PauseWhy;
use timefork_records::{GameKind, Side};

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

/// The joiner's side of a game whose players are one person here and one at the other
/// computer; an error for any other pair.
pub fn remote_side(players: [crate::players::Player; 2]) -> Result<Side, String> {
    use crate::players::Player;
    match players {
        [Player::Human, Player::Remote] => Ok(Side::Black),
        [Player::Remote, Player::Human] => Ok(Side::White),
        _ => Err(timefork_i18n::tr!("net-one-remote")),
    }
}

/// A network game in progress, on either computer; absent otherwise.
#[derive(Resource, Debug)]
pub struct NetSession {
    pub role: Role,
    pub game: GameKind,
    /// The side the joiner plays (the host plays the other).
    pub joiner_side: Side,
    /// Why the game stands still, if it does.
    pub pause: Option<PauseWhy>,
    /// The last thing to tell the person about the link (a refusal, the host leaving).
    pub note: Option<String>,
    /// The side whose draw offer stands, if one does.
    pub draw_offer: Option<Side>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Host,
    Join,
}

impl NetSession {
    /// The side this computer's person plays.
    pub fn own_side(&self) -> Side {
        match self.role {
            Role::Host => self.joiner_side.opponent(),
            Role::Join => self.joiner_side,
        }
    }

    /// Who plays White and Black as this computer sees it.
    pub fn players(&self) -> [crate::players::Player; 2] {
        use crate::players::Player;
        match self.own_side() {
            Side::White => [Player::Human, Player::Remote],
            Side::Black => [Player::Remote, Player::Human],
        }
    }
}

/// How long silence means a lost connection, and how often a joiner tries again. Tests
/// shorten them.
#[derive(Resource, Debug, Clone, Copy)]
pub struct NetTimings {
    pub silence: Duration,
    pub retry: Duration,
    /// How often the host sends its clocks.
    pub clocks: Duration,
}

impl Default for NetTimings {
    fn default() -> NetTimings {
        NetTimings {
            silence: Duration::from_secs(3),
            retry: Duration::from_secs(2),
            clocks: Duration::from_millis(250),
        }
    }
}

/// Whether this computer decides the game: always, but for a network game's joiner.
pub fn authoritative(s: Option<Res<NetSession>>) -> bool {
    s.is_none_or(|s| s.role == Role::Host)
}

/// Whether this computer joined a network game.
pub fn joining(s: Option<Res<NetSession>>) -> bool {
    s.is_some_and(|s| s.role == Role::Join)
}

/// Whether this computer hosts a network game.
pub fn hosting(s: Option<Res<NetSession>>) -> bool {
    s.is_some_and(|s| s.role == Role::Host)
}

/// Whether a network game stands still (the other player is not connected).
pub fn paused(s: Option<Res<NetSession>>) -> bool {
    s.is_some_and(|s| s.pause.is_some())
}
