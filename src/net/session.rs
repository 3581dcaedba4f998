//! The network game in progress on this computer (`NetSession`), and the run conditions
//! every game's deciding systems read (`authoritative`, `paused`). The games' match
//! plugins read only this file of `net/`.

use bevy::prelude::*;
use timefork_records::{GameKind, Side};

/// The side the person at this computer plays in a game against someone at another
/// computer (`players` as the new-game screen set them); an error for any other pair.
pub fn own_side_against_remote(players: [crate::players::Player; 2]) -> Result<Side, String> {
    use crate::players::Player;
    match players {
        [Player::Human, Player::Remote] => Ok(Side::White),
        [Player::Remote, Player::Human] => Ok(Side::Black),
        _ => Err(timefork_i18n::tr!("net-one-remote")),
    }
}

/// A network game on screen: a server (on the internet, or the one a host runs inside
/// its window for the local network) decides it; this computer follows it. Absent
/// otherwise.
#[derive(Resource, Debug)]
pub struct NetSession {
    pub role: Role,
    pub game: GameKind,
    /// The side this computer plays (a spectator: the side it looks from).
    pub side: Side,
    /// The connection to the server is lost: the game stands still here.
    pub lost: bool,
    /// The last thing to tell the person about the link (a refusal, the host leaving).
    pub note: Option<String>,
    /// The side whose draw offer stands, if one does.
    pub draw_offer: Option<Side>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Plays `NetSession::side`.
    Play,
    /// A spectator: follows the game, plays neither side.
    Watch,
}

impl NetSession {
    /// A game followed from the server with nothing standing yet: connected, no note, no
    /// draw offer.
    pub fn new(role: Role, game: GameKind, side: Side) -> NetSession {
        NetSession {
            role,
            game,
            side,
            lost: false,
            note: None,
            draw_offer: None,
        }
    }

    /// Who plays White and Black as this computer sees it.
    pub fn players(&self) -> [crate::players::Player; 2] {
        use crate::players::Player;
        if self.role == Role::Watch {
            return [Player::Remote, Player::Remote];
        }
        match self.side {
            Side::White => [Player::Human, Player::Remote],
            Side::Black => [Player::Remote, Player::Human],
        }
    }
}

/// Whether this computer decides the game: always, but for a network game (its server
/// does).
pub fn authoritative(s: Option<Res<NetSession>>) -> bool {
    s.is_none()
}

/// Whether this computer follows a network game someone else decides: as a player, or
/// a spectator.
pub fn joining(s: Option<Res<NetSession>>) -> bool {
    s.is_some()
}

/// Whether a network game stands still here (its connection is lost).
pub fn paused(s: Option<Res<NetSession>>) -> bool {
    s.is_some_and(|s| s.lost)
}
