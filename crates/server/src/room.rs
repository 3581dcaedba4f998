//! A room: one live game, its two seats, its spectators and draw offers, and the log of
//! what its table accepted (so a restart rebuilds it).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use timefork_net::online::{ClockSpec, GameInfo, PlayReq, PlayerInfo};
use timefork_net::session::DrawOffers;
use timefork_online::table::{Seats, Table, new_table};
use timefork_online::{Ending, Reason};
use timefork_records::{GameKind, Side};

use crate::rating::Stored;
use crate::store::{Events, GameRow};

pub type ConnId = u64;

/// What a room's log holds, one JSON object an event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "snake_case")]
pub enum Logged {
    /// A request the table accepted.
    Play { side: Side, req: PlayReq },
    /// The mate check of the position after `key` turns answered.
    Checked { key: usize, ending: Option<Ending> },
    /// The game ended from outside its rules: a draw agreed, a flag, an abandonment.
    End { ending: Ending },
}

/// A seat and who sits in it.
pub struct Seat {
    pub name: String,
    pub bot: bool,
    /// The connection playing it now.
    pub conn: Option<ConnId>,
    /// Since when (server time, ms) nobody sits in it.
    pub gone_since: Option<u64>,
}

pub struct Room {
    pub id: u64,
    pub kind: GameKind,
    pub variant: String,
    pub rated: bool,
    pub clock: Option<ClockSpec>,
    pub seats: [Seat; 2],
    pub table: Box<dyn Table>,
    /// Server time at the game's time 0: the game's time is `now - offset`.
    pub offset: u64,
    pub next_seq: i64,
    pub watchers: BTreeSet<ConnId>,
    pub draws: DrawOffers,
    /// Rebuilt after a restart: each player is told when they come back.
    pub restarted: [bool; 2],
}

pub fn index(side: Side) -> usize {
    side.pick(0, 1)
}

impl Room {
    pub fn new(row: &GameRow, now: u64, bots: [bool; 2]) -> Result<Room, String> {
        let table = new_table(
            row.kind,
            Some(&row.variant),
            Seats {
                white: row.white.clone(),
                black: row.black.clone(),
            },
            row.clock,
        )?;
        let seat = |name: &str, bot| Seat {
            name: name.to_string(),
            bot,
            conn: None,
            gone_since: Some(now),
        };
        Ok(Room {
            id: row.id as u64,
            kind: row.kind,
            variant: table.variant(),
            rated: row.rated,
            clock: row.clock,
            seats: [seat(&row.white, bots[0]), seat(&row.black, bots[1])],
            table,
            offset: now,
            next_seq: 0,
            watchers: BTreeSet::new(),
            draws: DrawOffers::default(),
            restarted: [false; 2],
        })
    }

    /// A live game from its row and its log; the clocks go on from where the last event
    /// left them (the time the server was down is nobody's).
    pub fn rebuild(
        row: &GameRow,
        events: &Events,
        now: u64,
        bots: [bool; 2],
    ) -> Result<Room, String> {
        let mut room = Room::new(row, now, bots)?;
        let mut last = 0u64;
        for (at, body) in events {
            let at = *at as u64;
            let logged: Logged = serde_json::from_str(body)
                .map_err(|e| format!("game {}: event {body}: {e}", row.id))?;
            match logged {
                Logged::Play { side, req } => {
                    room.table
                        .play(side, &req, at)
                        .map_err(|e| format!("game {}: {body} is refused now: {e}", row.id))?;
                }
                Logged::Checked { key, ending } => {
                    if room.table.probe().is_some_and(|p| p.key == key) {
                        room.table.probe_answer(key, ending, at);
                    }
                }
                Logged::End { ending } => {
                    room.table.end(ending, at);
                }
            }
            room.next_seq += 1;
            last = at;
        }
        room.table.stop_clock(last);
        room.offset = now.saturating_sub(last);
        room.table.start_clock(last);
        room.restarted = [true; 2];
        Ok(room)
    }

    pub fn game_now(&self, now: u64) -> u64 {
        now.saturating_sub(self.offset)
    }

    /// The side `conn` plays here, if it plays.
    pub fn side_of(&self, conn: ConnId) -> Option<Side> {
        [Side::White, Side::Black]
            .into_iter()
            .find(|&s| self.seats[index(s)].conn == Some(conn))
    }

    pub fn side_named(&self, name: &str) -> Option<Side> {
        [Side::White, Side::Black]
            .into_iter()
            .find(|&s| self.seats[index(s)].name == name)
    }

    /// Everyone who hears the game: both players present and the spectators.
    pub fn audience(&self) -> Vec<ConnId> {
        let mut v: Vec<ConnId> = self.seats.iter().filter_map(|s| s.conn).collect();
        v.extend(self.watchers.iter().copied());
        v
    }

    /// How long a player may be gone before the other may claim: a twentieth of the
    /// base time, between 10 s and 10 min (untimed: 10 min).
    pub fn gone_limit(&self) -> u64 {
        match self.clock {
            Some(c) => (u64::from(c.base_s) * 1000 / 20).clamp(10_000, 600_000),
            None => 600_000,
        }
    }

    /// The ending a claim by `side` at `now` gives, or why not yet.
    pub fn claim(&self, side: Side, now: u64) -> Result<Ending, String> {
        let other = &self.seats[index(side.opponent())];
        let Some(since) = other.gone_since else {
            return Err("the other player is here".into());
        };
        let gone = now.saturating_sub(since);
        let limit = self.gone_limit();
        if gone < limit {
            return Err(format!(
                "the other player may come back for {} s more",
                (limit - gone).div_ceil(1000)
            ));
        }
        Ok(if self.table.turns() < 2 {
            Ending::drawn(Reason::Aborted)
        } else {
            Ending::win(side, Reason::Abandoned)
        })
    }

    pub fn info(&self, ratings: [&[Stored; 3]; 2], seat: Option<Side>) -> GameInfo {
        let k = crate::store::kind_index(self.kind);
        let player = |i: usize| PlayerInfo {
            name: self.seats[i].name.clone(),
            rating: ratings[i][k].rating,
            provisional: ratings[i][k].provisional(),
            bot: self.seats[i].bot,
        };
        GameInfo {
            id: self.id,
            kind: self.kind,
            variant: self.variant.clone(),
            white: player(0),
            black: player(1),
            rated: self.rated,
            clock: self.clock,
            seat,
            result: self.table.ending().map(|e| e.result().to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use timefork_net::msg::FiveDReq;

    fn row() -> GameRow {
        GameRow {
            id: 9,
            kind: GameKind::FiveD,
            variant: "Standard".into(),
            white: "Anna".into(),
            black: "Boris".into(),
            rated: true,
            clock: Some(ClockSpec {
                base_s: 300,
                increment_s: 0,
            }),
            result: None,
        }
    }

    #[test]
    fn a_claim_waits_for_the_limit_and_aborts_before_the_second_turn() {
        let mut room = Room::new(&row(), 0, [false; 2]).unwrap();
        room.seats[0].gone_since = None;
        room.seats[1].gone_since = Some(1_000);
        // 300 s base: 15 s to come back.
        assert_eq!(room.gone_limit(), 15_000);
        assert!(room.claim(Side::White, 15_999).unwrap_err().contains("1 s"));
        assert_eq!(
            room.claim(Side::White, 16_000),
            Ok(Ending::drawn(Reason::Aborted))
        );
        assert!(room.claim(Side::Black, 100_000).is_err());
    }

    #[test]
    fn a_room_is_rebuilt_from_its_log_with_the_clock_where_it_was() {
        let log = |l: Logged| serde_json::to_string(&l).unwrap();
        let play = |side, text: &str| Logged::Play {
            side,
            req: PlayReq::FiveD {
                req: FiveDReq::Move { text: text.into() },
            },
        };
        let submit = |side| Logged::Play {
            side,
            req: PlayReq::FiveD {
                req: FiveDReq::Submit,
            },
        };
        let events: Events = vec![
            (
                0,
                log(Logged::Checked {
                    key: 0,
                    ending: None,
                }),
            ),
            (5_000, log(play(Side::White, "(0T1)e2e4"))),
            (5_000, log(submit(Side::White))),
            (
                5_000,
                log(Logged::Checked {
                    key: 1,
                    ending: None,
                }),
            ),
        ];
        // The server comes back at its time 1,000,000: Black's clock starts from 300 s.
        let room = Room::rebuild(&row(), &events, 1_000_000, [false; 2]).unwrap();
        assert_eq!(room.table.turns(), 1);
        assert_eq!(room.next_seq, 4);
        let now = room.game_now(1_002_000);
        assert_eq!(now, 7_000);
        let clocks = room.table.clocks(now);
        let Some(timefork_net::msg::ToJoiner::FiveD {
            sync: timefork_net::msg::FiveDSync::Clock { clocks },
        }) = clocks
        else {
            panic!("{clocks:?}");
        };
        assert_eq!(clocks.remaining_ms, Some([295_000, 298_000]));
        // A log that the rules refuse is an error naming the game, not a panic.
        let bad = vec![(0, log(play(Side::Black, "(0T1)e7e5")))];
        let e = Room::rebuild(&row(), &bad, 0, [false; 2]).err().unwrap();
        assert!(e.contains("game 9"), "{e}");
    }
}
