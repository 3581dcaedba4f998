//! The network game in progress on this computer (`NetSession`), who decides it, and the
//! run conditions every game's deciding systems read (`authoritative`, `paused`). The
//! games' match plugins read only this file of `net/`.

use bevy::prelude::*;
use std::time::Duration;
use timefork_net::msg::PauseWhy;
use timefork_records::{GameKind, Side};

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
    /// A spectator of a game on a server: follows it as a joiner does, plays neither side.
    Watch,
}

impl NetSession {
    /// A game followed from another computer with nothing standing yet: no pause, no
    /// note, no draw offer.
    pub fn new(role: Role, game: GameKind, joiner_side: Side) -> NetSession {
        NetSession {
            role,
            game,
            joiner_side,
            pause: None,
            note: None,
            draw_offer: None,
        }
    }

    /// The side this computer's person plays (a spectator: the side it looks from).
    pub fn own_side(&self) -> Side {
        match self.role {
            Role::Host => self.joiner_side.opponent(),
            Role::Join | Role::Watch => self.joiner_side,
        }
    }

    /// Who plays White and Black as this computer sees it.
    pub fn players(&self) -> [crate::players::Player; 2] {
        use crate::players::Player;
        if self.role == Role::Watch {
            return [Player::Remote, Player::Remote];
        }
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

/// Whether this computer follows a network game someone else decides: its joiner, or
/// a spectator.
pub fn joining(s: Option<Res<NetSession>>) -> bool {
    s.is_some_and(|s| matches!(s.role, Role::Join | Role::Watch))
}

/// Whether this computer hosts a network game.
pub fn hosting(s: Option<Res<NetSession>>) -> bool {
    s.is_some_and(|s| s.role == Role::Host)
}

/// Whether a network game stands still (the other player is not connected).
pub fn paused(s: Option<Res<NetSession>>) -> bool {
    s.is_some_and(|s| s.pause.is_some())
}
