//! A game's messages. A player asks, the host (a server's table) decides: a request
//! carries the game's own text (a 5DPGN move, a Wager match-record event, a Kingdrops
//! move or placement), which the host reads with the rules crates exactly as it reads a
//! file, so an illegal request is refused the way a local one is. The host answers with
//! what happened, as the same texts, and sends the whole record on every join and rejoin.
//! `online` wraps them in the server's frames.
//!
//! Every enum is tagged by name in JSON (`{"t": "hello", ...}`), so a frame reads in a log.

use serde::{Deserialize, Serialize};
use timefork_records::{GameKind, Side};

/// From the joiner to the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ToHost {
    /// A 5D request; `seq` numbers the joiner's requests for `Accepted`/`Rejected`.
    FiveD { seq: u32, req: FiveDReq },
    /// A Timeline Wager event as a line of the match record without its time (the host
    /// times it on arrival): `e2e4 @0`, `split 2 e2e4 @1`, `merge 0 1`, `accept 3`, `resign`.
    Wager { seq: u32, event: String },
    /// A Kingdrops request.
    Kd { seq: u32, req: KdReq },
    /// A draw offer or its answer.
    Draw { msg: DrawMsg },
    /// Send the whole record again (the joiner's copy disagrees with a diff).
    Resync,
}

/// A 5D chess request of the joiner's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FiveDReq {
    /// One move of the turn in progress, in 5DPGN (`(0T1)e2e4`, `(0T2)Nb1>>(0T1)b3`).
    Move {
        text: String,
    },
    /// Take back the last move of the turn in progress.
    Undo,
    /// Submit the turn.
    Submit,
    Resign,
}

/// A Kingdrops request of the joiner's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KdReq {
    /// The setup of the joiner's ranks, in KFEN's placement form, once it is ready.
    SetupReady {
        placement: String,
    },
    /// One move of the turn, in Kingdrops move text (`e2e3`, `R@d3`).
    Move {
        text: String,
    },
    Undo,
    EndTurn,
    Resign,
}

/// Draw offers, either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawMsg {
    Offer,
    Accept,
    Decline,
}

/// From the host to the joiner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ToJoiner {
    /// The whole game as it stands; the joiner rebuilds its copy from it.
    Snapshot {
        snap: Snapshot,
    },
    /// What happened in a 5D game since the last message.
    FiveD {
        sync: FiveDSync,
    },
    /// What happened in a Wager match.
    Wager {
        sync: WagerSync,
    },
    /// What happened in a Kingdrops game.
    Kd {
        sync: KdSync,
    },
    /// The joiner's request `seq` was played.
    Accepted {
        seq: u32,
    },
    /// The joiner's request `seq` was refused, with the rules' own reason; nothing changed.
    Rejected {
        seq: u32,
        reason: String,
    },
    Draw {
        msg: DrawMsg,
    },
}

/// Finding a host on the local network: a joiner broadcasts `Looking` to the discovery
/// port; every host with its seat still free answers `Hosting` to the sender.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Lan {
    Looking,
    /// `port`: where the host's server listens (TCP); `seat`: the side the joiner would
    /// play; `host`: the host's player name; `returning`: the seat's player has been and
    /// is awaited back (only the computer holding its name's token takes the seat);
    /// `code`: the room's join code while nobody has taken the seat.
    Hosting {
        game: GameKind,
        port: u16,
        seat: Side,
        host: String,
        returning: bool,
        #[serde(default)]
        code: Option<String>,
    },
}

/// The whole game, in the documented formats.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum Snapshot {
    /// `save`: the game's 5DPGN save; `turn`: the moves of the turn in progress (5DPGN);
    /// `outcome`: how it ended, if it has.
    FiveD {
        save: String,
        turn: String,
        outcome: Option<String>,
        clocks: Clocks,
    },
    /// `record`: the Wager match record; `match_ms`: the match's time now.
    Wager { record: String, match_ms: u64 },
    /// While setting up: each side's placement once it is ready; then the record (KFEN
    /// and moves) and the turn in progress.
    Kd {
        white: Option<String>,
        black: Option<String>,
        record: Option<String>,
        turn: String,
        outcome: Option<String>,
    },
}

/// 5D and Kingdrops clocks as the host's clocks have them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Clocks {
    /// Time left per side (White, Black); None untimed.
    pub remaining_ms: Option<[u64; 2]>,
    /// Time each side has had the move.
    pub used_ms: [u64; 2],
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FiveDSync {
    /// Turns submitted from turn number `from` on (5DPGN).
    Actions {
        from: usize,
        text: String,
    },
    /// The moves of the turn in progress after `actions` submitted turns.
    Turn {
        actions: usize,
        text: String,
    },
    Over {
        outcome: String,
    },
    Clock {
        clocks: Clocks,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WagerSync {
    /// Match-record lines from event number `from` on.
    Events { from: usize, lines: Vec<String> },
    /// The match's time now (its clocks follow from it).
    Time { match_ms: u64 },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KdSync {
    SetupDone {
        side: Side,
        placement: String,
    },
    /// Turns from turn number `from` on, one line each.
    Turns {
        from: usize,
        lines: Vec<String>,
    },
    /// The moves of the turn in progress after `turns` turns.
    InTurn {
        turns: usize,
        text: String,
    },
    Over {
        outcome: String,
    },
    Clock {
        clocks: Clocks,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{decode, encode};

    fn round_trip_host(m: ToHost) {
        assert_eq!(decode::<ToHost>(&encode(&m)).unwrap(), m);
    }

    fn round_trip_joiner(m: ToJoiner) {
        assert_eq!(decode::<ToJoiner>(&encode(&m)).unwrap(), m);
    }

    #[test]
    fn every_message_reads_back_as_written() {
        round_trip_host(ToHost::FiveD {
            seq: 1,
            req: FiveDReq::Submit,
        });
        round_trip_host(ToHost::Wager {
            seq: 2,
            event: "split 2 e2e4 @0".into(),
        });
        round_trip_host(ToHost::Kd {
            seq: 3,
            req: KdReq::SetupReady {
                placement: "RNBQKBNR/PPPPPPPP".into(),
            },
        });
        round_trip_host(ToHost::Draw {
            msg: DrawMsg::Offer,
        });
        round_trip_host(ToHost::Resync);
        round_trip_joiner(ToJoiner::Snapshot {
            snap: Snapshot::FiveD {
                save: "[Mode \"5D\"]\n1. (0T1)e4 / (0T1)e5".into(),
                turn: String::new(),
                outcome: None,
                clocks: Clocks {
                    remaining_ms: Some([60_000, 59_000]),
                    used_ms: [0, 1_000],
                },
            },
        });
        round_trip_joiner(ToJoiner::Snapshot {
            snap: Snapshot::Wager {
                record: "[Mode \"Timeline Wager\"]\n".into(),
                match_ms: 1,
            },
        });
        round_trip_joiner(ToJoiner::Wager {
            sync: WagerSync::Events {
                from: 4,
                lines: vec!["12000 white e2e4 @0".into()],
            },
        });
        round_trip_joiner(ToJoiner::Kd {
            sync: KdSync::InTurn {
                turns: 2,
                text: "e2e3".into(),
            },
        });
        round_trip_joiner(ToJoiner::Rejected {
            seq: 9,
            reason: "illegal move".into(),
        });
        for m in [
            Lan::Looking,
            Lan::Hosting {
                game: GameKind::Wager,
                port: 5757,
                seat: Side::White,
                host: "Ана".into(),
                returning: true,
                code: Some("K7QX2P".into()),
            },
        ] {
            assert_eq!(decode::<Lan>(&encode(&m)).unwrap(), m);
        }
    }

    /// A host's answer without a room code (as before codes) still reads: no code.
    #[test]
    fn an_answer_without_a_code_reads_as_none() {
        let with = encode(&Lan::Hosting {
            game: GameKind::Wager,
            port: 5757,
            seat: Side::White,
            host: "A".into(),
            returning: false,
            code: Some("K7QX2P".into()),
        });
        let without = with.replace(r#","code":"K7QX2P""#, "");
        assert_ne!(with, without);
        match decode::<Lan>(&without) {
            Ok(Lan::Hosting { code, port, .. }) => assert_eq!((code, port), (None, 5757)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn messages_are_tagged_by_name() {
        let text = encode(&ToHost::Draw {
            msg: DrawMsg::Accept,
        });
        assert!(
            text.contains(r#""t":"draw""#) && text.contains(r#""msg":"accept""#),
            "{text}"
        );
    }
}
