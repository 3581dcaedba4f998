//! The messages between a player's program (the game, the CLI's bot) and a Timefork
//! server, on the same versioned frames as the rest of the protocol. A connection says
//! `Hello` with a name and, after the first time, the secret token the server gave it;
//! then it seeks games, joins rooms by code, watches, and plays. Inside a game the server
//! speaks as a LAN host does (`ToJoiner`: the whole record, then what changed), so a
//! client applies a game the same way whoever hosts it.
//!
//! Over TCP every frame is one line of JSON (serde never writes a raw newline); a line
//! longer than the limit closes the connection.

use serde::{Deserialize, Serialize};
use timefork_records::{GameKind, Side};

use crate::msg::{DrawMsg, FiveDReq, KdReq, ToJoiner};

/// The longest frame a client may send, in bytes (a 5D move or a Kingdrops setup is far
/// shorter): anything longer closes the connection.
pub const MAX_CLIENT_FRAME: usize = 16 * 1024;
/// The longest frame a server sends (a long game's whole record).
pub const MAX_SERVER_FRAME: usize = 8 * 1024 * 1024;
/// The server's TCP port unless its operator chooses another.
pub const DEFAULT_SERVER_PORT: u16 = 5760;
/// Above this Glicko-2 deviation a rating is provisional, shown with a `?` (lichess's
/// threshold).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// Names: 2 to 20 letters, digits, `_` or `-` (any script), as people type them.
pub const NAME_MAX_CHARS: usize = 20;

/// From a player's program to the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ToServer {
    /// The first frame of a connection. `token`: the secret the server gave this name the
    /// first time (None: take the name, which must be free). `bot`: an engine plays.
    Hello {
        name: String,
        token: Option<String>,
        #[serde(default)]
        bot: bool,
    },
    /// Look for an opponent in public (or by rating, `range` points either way).
    Seek {
        seek: Seek,
    },
    /// Withdraw this connection's seek.
    CancelSeek,
    /// A private room: the server answers with a code to give a friend.
    Private {
        seek: Seek,
    },
    /// Sit in the private room with this code.
    JoinCode {
        code: String,
    },
    /// The live games, to watch.
    Live,
    /// The games finished last, to replay.
    Recent,
    /// A finished game's record.
    Record {
        game: u64,
    },
    /// Follow a live game as a spectator: its whole record, then every change.
    Watch {
        game: u64,
    },
    Unwatch {
        game: u64,
    },
    /// A request in one's own game; `seq` numbers the requests for `Accepted`/`Rejected`.
    Play {
        game: u64,
        seq: u32,
        req: PlayReq,
    },
    /// A draw offer or its answer.
    Draw {
        game: u64,
        msg: DrawMsg,
    },
    /// The opponent has been gone past the limit: end the game (a win, or an abort
    /// before the second turn).
    Claim {
        game: u64,
    },
    /// Send the whole record of a game again.
    Resync {
        game: u64,
    },
    /// A player's ratings (no Hello needed).
    Ratings {
        name: String,
    },
    /// Keeps a quiet connection open.
    Ping,
    /// Leaving on purpose.
    Bye,
}

/// A request of the player's own side, in its game's text (as a LAN joiner sends it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum PlayReq {
    FiveD { req: FiveDReq },
    Wager { event: String },
    Kd { req: KdReq },
}

/// What a player looks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seek {
    pub game: GameKind,
    /// The variant's name (5D: `Standard`, `Standard - Turn Zero`, ...); None: the game's
    /// usual start.
    #[serde(default)]
    pub variant: Option<String>,
    /// None: untimed.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    pub rated: bool,
    /// The side wanted; None: either.
    #[serde(default)]
    pub color: Option<Side>,
    /// Pair only with players within this many rating points (None: anyone).
    #[serde(default)]
    pub range: Option<u32>,
}

/// Base time and increment per turn, in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSpec {
    pub base_s: u32,
    pub increment_s: u32,
}

/// From the server to a player's program.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ToClient {
    /// The name is this connection's. `token`: given once, when the name is new (keep
    /// it: it is the only way back to the name). `games`: the player's live games, to
    /// rejoin (`Resync` each).
    Welcome {
        name: String,
        token: Option<String>,
        games: Vec<GameInfo>,
        ratings: Ratings,
    },
    /// No: why. The connection is closed after it.
    Refused {
        why: OnlineRefusal,
    },
    /// A request that could not be done (the connection stays).
    Error {
        reason: String,
    },
    /// The seek stands; a `Started` follows when someone is paired.
    Seeking,
    /// The private room's code.
    Code {
        code: String,
    },
    /// A game begins (or is rejoined): who plays, and the receiver's side.
    Started {
        info: GameInfo,
    },
    /// Inside a game: what a LAN host would send (the record, changes, answers).
    Game {
        game: u64,
        msg: ToJoiner,
    },
    /// A player of a game left or came back. `claim_in_ms`: when the other may claim.
    Presence {
        game: u64,
        side: Side,
        present: bool,
        claim_in_ms: Option<u64>,
    },
    /// The server restarted: the game goes on where it was, its clocks stood still while
    /// the server was down.
    Restarted {
        game: u64,
    },
    /// A game ended: the result (`1-0`, `0-1`, `1/2-1/2`, `*` aborted), why, and the
    /// ratings after it when it was rated.
    Ended {
        game: u64,
        result: String,
        reason: String,
        ratings: Option<[RatingChange; 2]>,
    },
    LiveGames {
        games: Vec<GameInfo>,
    },
    RecentGames {
        games: Vec<GameInfo>,
    },
    Record {
        game: u64,
        kind: GameKind,
        record: String,
    },
    Ratings {
        name: String,
        ratings: Ratings,
    },
    Pong,
}

/// Why the server refused a connection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnlineRefusal {
    /// Another protocol version (the frame's head says which release).
    Version,
    /// The name is not one the server accepts (length, characters).
    BadName,
    /// The name belongs to someone: a new player needs another.
    NameTaken,
    /// The name and token do not go together (the same answer whether the name exists
    /// or not).
    BadToken,
    /// The name plays from another address now (a copied token takes over nothing).
    InUse,
    /// Too many connections from this address, or too many frames.
    TooMany,
    /// No Hello in time, or a frame that is not a Timefork frame.
    Protocol,
}

/// A game as lists show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    pub id: u64,
    pub kind: GameKind,
    pub variant: String,
    pub white: PlayerInfo,
    pub black: PlayerInfo,
    pub rated: bool,
    pub clock: Option<ClockSpec>,
    /// The receiver's side, when it plays in it.
    pub seat: Option<Side>,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`; None while it is played.
    pub result: Option<String>,
}

/// A player as a game shows them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerInfo {
    pub name: String,
    pub rating: f64,
    /// The deviation is still high: shown with a `?`.
    pub provisional: bool,
    pub bot: bool,
}

/// One game kind's Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub games: u32,
}

/// A player's ratings in every game kind (`timefork-cli online ratings` prints this).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ratings {
    pub fived: Rating,
    pub wager: Rating,
    pub kingdrops: Rating,
}

impl Ratings {
    pub fn of(&self, kind: GameKind) -> Rating {
        match kind {
            GameKind::FiveD => self.fived,
            GameKind::Wager => self.wager,
            GameKind::Kingdrops => self.kingdrops,
        }
    }

    pub fn of_mut(&mut self, kind: GameKind) -> &mut Rating {
        match kind {
            GameKind::FiveD => &mut self.fived,
            GameKind::Wager => &mut self.wager,
            GameKind::Kingdrops => &mut self.kingdrops,
        }
    }
}

/// A side's rating before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    pub before: f64,
    pub after: f64,
    pub deviation: f64,
}

/// Whether `name` is one a server accepts: 2 to 20 characters, each a letter or digit
/// of any script, `_` or `-`.
pub fn valid_name(name: &str) -> bool {
    let n = name.chars().count();
    (2..=NAME_MAX_CHARS).contains(&n)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{decode, encode};

    #[test]
    fn online_messages_read_back_as_written_on_one_line() {
        let seek = Seek {
            game: GameKind::FiveD,
            variant: Some("Standard".into()),
            clock: Some(ClockSpec {
                base_s: 600,
                increment_s: 5,
            }),
            rated: true,
            color: None,
            range: Some(200),
        };
        for m in [
            ToServer::Hello {
                name: "Юки".into(),
                token: Some("ab\ncd".into()),
                bot: false,
            },
            ToServer::Seek { seek: seek.clone() },
            ToServer::Private { seek },
            ToServer::Play {
                game: 7,
                seq: 1,
                req: PlayReq::FiveD {
                    req: FiveDReq::Move {
                        text: "(0T1)e2e4".into(),
                    },
                },
            },
            ToServer::Play {
                game: 7,
                seq: 2,
                req: PlayReq::Kd {
                    req: KdReq::EndTurn,
                },
            },
            ToServer::Claim { game: 3 },
        ] {
            let text = encode(&m);
            assert!(!text.contains('\n'), "{text}");
            assert_eq!(decode::<ToServer>(&text).unwrap(), m);
        }
        let r = Rating {
            rating: 1500.0,
            deviation: 350.0,
            games: 0,
        };
        let m = ToClient::Ratings {
            name: "Anna".into(),
            ratings: Ratings {
                fived: r,
                wager: r,
                kingdrops: r,
            },
        };
        assert_eq!(decode::<ToClient>(&encode(&m)).unwrap(), m);
    }

    #[test]
    fn names_are_short_words_of_any_script() {
        for ok in ["Anna", "Юки", "名前", "bot_7", "a-b"] {
            assert!(valid_name(ok), "{ok}");
        }
        for bad in ["", "a", "x".repeat(21).as_str(), "two words", "a\nb", "<b>"] {
            assert!(!valid_name(bad), "{bad:?}");
        }
    }
}
