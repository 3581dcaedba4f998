//! The hub: one task that owns every room, seek, private code and player online, so the
//! rules of the lobby and of each game run in one order with no locks. Connections send
//! it what their players asked; it answers through the writer (`Outbox`), which commits
//! what must be kept before anything is sent, so nobody hears of a move that a crash
//! could lose.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use timefork_net::encode;
use timefork_net::msg::{DrawMsg, ToJoiner};
use timefork_net::online::{
    GameInfo, OnlineRefusal, PlayReq, RatingChange, Seek, ToClient, ToServer,
};
use timefork_online::table::{Played, Seats, new_table};
use timefork_online::{Ending, Reason};
use timefork_records::Side;
use tokio::sync::{Semaphore, mpsc, oneshot};

use crate::handle::ConnHandle;
use crate::rating::{Stored, rate};
use crate::room::{ConnId, Logged, Room, index};
use crate::store::{GameRow, Op, Store, kind_index};

/// What the hub hears.
pub enum HubMsg {
    /// A connection said a good Hello: it asks to be the name's connection.
    Joined {
        conn: ConnId,
        name: String,
        bot: bool,
        addr: IpAddr,
        handle: ConnHandle,
        ratings: [Stored; 3],
        /// A new name's token, for the Welcome.
        token: Option<String>,
        reply: oneshot::Sender<Result<(), OnlineRefusal>>,
    },
    /// A frame from a connection that said Hello.
    Frame { conn: ConnId, msg: ToServer },
    /// The connection closed.
    Left { conn: ConnId },
    /// A mate check answered.
    Probed {
        game: u64,
        key: usize,
        ending: Option<Ending>,
    },
    /// Check the clocks.
    Tick,
}

/// Writes to commit and frames to send after them, in order.
#[derive(Default)]
pub struct Batch {
    pub ops: Vec<Op>,
    pub frames: Vec<(ConnHandle, Arc<str>)>,
}

struct Online {
    name: String,
    addr: IpAddr,
    handle: ConnHandle,
}

struct Seeking {
    conn: ConnId,
    name: String,
    seek: Seek,
    rating: f64,
}

pub struct Hub {
    store: Store,
    writer: mpsc::Sender<Batch>,
    me: mpsc::Sender<HubMsg>,
    start: Instant,
    conns: HashMap<ConnId, Online>,
    by_name: HashMap<String, ConnId>,
    rooms: HashMap<u64, Room>,
    seeks: Vec<Seeking>,
    codes: HashMap<String, Seeking>,
    /// Ratings and bot flags of every player seen in this run (online or seated).
    ratings: HashMap<String, [Stored; 3]>,
    bots: HashMap<String, bool>,
    probes: Arc<Semaphore>,
    out: Batch,
}

fn frame(msg: &ToClient) -> Arc<str> {
    encode(msg).into()
}

/// The variant a seek names, as the table calls it (None: the game's usual start).
fn variant_key(seek: &Seek) -> String {
    seek.variant.clone().unwrap_or_default()
}

fn compatible(a: &Seeking, b: &Seeking) -> bool {
    let within = |s: &Seeking, other: f64| {
        s.seek
            .range
            .is_none_or(|r| (s.rating - other).abs() <= f64::from(r))
    };
    a.name != b.name
        && a.seek.game == b.seek.game
        && variant_key(&a.seek) == variant_key(&b.seek)
        && a.seek.clock == b.seek.clock
        && a.seek.rated == b.seek.rated
        && !(a.seek.color.is_some() && a.seek.color == b.seek.color)
        && within(a, b.rating)
        && within(b, a.rating)
}

/// A short code to give a friend: 6 letters and digits that cannot be misread.
fn new_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    (0..6)
        .map(|_| ALPHABET[rand::random_range(0..ALPHABET.len())] as char)
        .collect()
}

impl Hub {
    pub fn new(
        store: Store,
        writer: mpsc::Sender<Batch>,
        me: mpsc::Sender<HubMsg>,
        start: Instant,
    ) -> Hub {
        Hub {
            store,
            writer,
            me,
            start,
            conns: HashMap::new(),
            by_name: HashMap::new(),
            rooms: HashMap::new(),
            seeks: Vec::new(),
            codes: HashMap::new(),
            ratings: HashMap::new(),
            bots: HashMap::new(),
            probes: Arc::new(Semaphore::new(
                std::thread::available_parallelism().map_or(2, |n| n.get()),
            )),
            out: Batch::default(),
        }
    }

    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Rebuilds the live games of the database (at start).
    pub async fn restore(&mut self) -> Result<usize, String> {
        let live = self
            .store
            .live_games()
            .await
            .map_err(|e| format!("cannot read the live games: {e}"))?;
        let now = self.now();
        let mut n = 0;
        for (row, events) in live {
            for name in [&row.white, &row.black] {
                let r = self
                    .store
                    .ratings_of(name)
                    .await
                    .map_err(|e| format!("cannot read {name}'s ratings: {e}"))?;
                self.ratings.insert(name.clone(), r);
            }
            match Room::rebuild(&row, &events, now, [false; 2]) {
                Ok(room) => {
                    self.rooms.insert(room.id, room);
                    self.start_probe(row.id as u64);
                    n += 1;
                }
                // Kept in the database for its operator to look at; not played on.
                Err(e) => eprintln!("timefork-server: a live game is set aside: {e}"),
            }
        }
        self.flush().await;
        Ok(n)
    }

    pub async fn run(mut self, mut rx: mpsc::Receiver<HubMsg>) {
        while let Some(msg) = rx.recv().await {
            self.handle(msg);
            self.flush().await;
        }
    }

    async fn flush(&mut self) {
        if self.out.ops.is_empty() && self.out.frames.is_empty() {
            return;
        }
        let batch = std::mem::take(&mut self.out);
        // The writer only stops when the server does.
        let _ = self.writer.send(batch).await;
    }

    fn send(&mut self, conn: ConnId, msg: &ToClient) {
        if let Some(c) = self.conns.get(&conn) {
            self.out.frames.push((c.handle.clone(), frame(msg)));
        }
    }

    fn send_all(&mut self, conns: &[ConnId], msg: &ToClient) {
        let f = frame(msg);
        for c in conns {
            if let Some(c) = self.conns.get(c) {
                self.out.frames.push((c.handle.clone(), f.clone()));
            }
        }
    }

    fn error(&mut self, conn: ConnId, reason: impl Into<String>) {
        self.send(
            conn,
            &ToClient::Error {
                reason: reason.into(),
            },
        );
    }

    fn handle(&mut self, msg: HubMsg) {
        match msg {
            HubMsg::Joined {
                conn,
                name,
                bot,
                addr,
                handle,
                ratings,
                token,
                reply,
            } => {
                let r = self.join(conn, name, bot, addr, handle, ratings, token);
                let _ = reply.send(r);
            }
            HubMsg::Frame { conn, msg } => self.frame(conn, msg),
            HubMsg::Left { conn } => self.left(conn),
            HubMsg::Probed { game, key, ending } => self.probed(game, key, ending),
            HubMsg::Tick => self.tick(),
        }
    }

    fn ratings_of(&self, name: &str) -> [Stored; 3] {
        self.ratings.get(name).copied().unwrap_or_default()
    }

    fn info(&self, room: &Room, seat: Option<Side>) -> GameInfo {
        let w = self.ratings_of(&room.seats[0].name);
        let b = self.ratings_of(&room.seats[1].name);
        room.info([&w, &b], seat)
    }

    fn join(
        &mut self,
        conn: ConnId,
        name: String,
        bot: bool,
        addr: IpAddr,
        handle: ConnHandle,
        ratings: [Stored; 3],
        token: Option<String>,
    ) -> Result<(), OnlineRefusal> {
        if let Some(&old) = self.by_name.get(&name) {
            // The token is good, but the name plays from another address now: a copied
            // token does not take over a game in progress.
            if self.conns.get(&old).is_some_and(|o| o.addr != addr) {
                return Err(OnlineRefusal::InUse);
            }
            // The same computer back before its old connection was noticed gone.
            if let Some(o) = self.conns.get(&old) {
                o.handle.close();
            }
            self.left(old);
        }
        self.ratings.insert(name.clone(), ratings);
        self.bots.insert(name.clone(), bot);
        self.conns.insert(
            conn,
            Online {
                name: name.clone(),
                addr,
                handle,
            },
        );
        self.by_name.insert(name.clone(), conn);
        let now = self.now();
        let ids: Vec<u64> = self
            .rooms
            .values()
            .filter(|r| r.side_named(&name).is_some())
            .map(|r| r.id)
            .collect();
        // The Welcome first, with the games to rejoin; then each game's record.
        let games = ids
            .iter()
            .map(|id| {
                let room = &self.rooms[id];
                self.info(room, room.side_named(&name))
            })
            .collect();
        self.send(
            conn,
            &ToClient::Welcome {
                name: name.clone(),
                token,
                games,
                ratings: crate::store::ratings_view(&ratings),
            },
        );
        for id in ids {
            let room = self.rooms.get_mut(&id).expect("listed above");
            let side = room.side_named(&name).expect("listed above");
            let seat = &mut room.seats[index(side)];
            seat.conn = Some(conn);
            seat.gone_since = None;
            seat.bot = bot;
            let restarted = std::mem::take(&mut room.restarted[index(side)]);
            let audience = room.audience();
            let snap = room.table.snapshot(room.game_now(now));
            let standing = room.draws.standing();
            self.send_all(
                &audience,
                &ToClient::Presence {
                    game: id,
                    side,
                    present: true,
                    claim_in_ms: None,
                },
            );
            self.send(
                conn,
                &ToClient::Game {
                    game: id,
                    msg: ToJoiner::Snapshot { snap },
                },
            );
            if restarted {
                self.send(conn, &ToClient::Restarted { game: id });
            }
            if standing == Some(side.opponent()) {
                self.send(
                    conn,
                    &ToClient::Game {
                        game: id,
                        msg: ToJoiner::Draw {
                            msg: DrawMsg::Offer,
                        },
                    },
                );
            }
        }
        Ok(())
    }

    fn left(&mut self, conn: ConnId) {
        let Some(online) = self.conns.remove(&conn) else {
            return;
        };
        if self.by_name.get(&online.name) == Some(&conn) {
            self.by_name.remove(&online.name);
        }
        self.seeks.retain(|s| s.conn != conn);
        self.codes.retain(|_, s| s.conn != conn);
        let now = self.now();
        let mut notes = Vec::new();
        for room in self.rooms.values_mut() {
            room.watchers.remove(&conn);
            if let Some(side) = room.side_of(conn) {
                let seat = &mut room.seats[index(side)];
                seat.conn = None;
                seat.gone_since = Some(now);
                notes.push((room.audience(), room.id, side, room.gone_limit()));
            }
        }
        for (audience, game, side, limit) in notes {
            self.send_all(
                &audience,
                &ToClient::Presence {
                    game,
                    side,
                    present: false,
                    claim_in_ms: Some(limit),
                },
            );
        }
    }

    fn frame(&mut self, conn: ConnId, msg: ToServer) {
        match msg {
            ToServer::Seek { seek } => self.seek(conn, seek, false),
            ToServer::Private { seek } => self.seek(conn, seek, true),
            ToServer::CancelSeek => {
                self.seeks.retain(|s| s.conn != conn);
                self.codes.retain(|_, s| s.conn != conn);
            }
            ToServer::JoinCode { code } => self.join_code(conn, &code),
            ToServer::Live => {
                let games = self.rooms.values().map(|r| self.info(r, None)).collect();
                self.send(conn, &ToClient::LiveGames { games });
            }
            ToServer::Watch { game } => self.watch(conn, game),
            ToServer::Unwatch { game } => {
                if let Some(r) = self.rooms.get_mut(&game) {
                    r.watchers.remove(&conn);
                }
            }
            ToServer::Play { game, seq, req } => self.play(conn, game, seq, req),
            ToServer::Draw { game, msg } => self.draw(conn, game, msg),
            ToServer::Claim { game } => self.claim(conn, game),
            ToServer::Resync { game } => self.resync(conn, game),
            ToServer::Ping => self.send(conn, &ToClient::Pong),
            // Answered by the connection itself, or never sent after Hello.
            ToServer::Hello { .. }
            | ToServer::Ratings { .. }
            | ToServer::Recent
            | ToServer::Record { .. }
            | ToServer::Bye => {}
        }
    }

    fn seek(&mut self, conn: ConnId, seek: Seek, private: bool) {
        let Some(name) = self.conns.get(&conn).map(|c| c.name.clone()) else {
            return;
        };
        // Checked now, so a bad seek is refused to its maker, not to the one it meets.
        if let Err(e) = new_table(
            seek.game,
            seek.variant.as_deref(),
            Seats {
                white: String::new(),
                black: String::new(),
            },
            seek.clock,
        ) {
            return self.error(conn, e);
        }
        if seek
            .clock
            .is_some_and(|c| c.base_s == 0 || c.base_s > 30 * 86_400)
        {
            return self.error(conn, "a clock's base time is 1 s to 30 days");
        }
        let rating = self.ratings_of(&name)[kind_index(seek.game)].rating;
        let me = Seeking {
            conn,
            name,
            seek,
            rating,
        };
        self.seeks.retain(|s| s.conn != conn);
        self.codes.retain(|_, s| s.conn != conn);
        if private {
            let mut code = new_code();
            while self.codes.contains_key(&code) {
                code = new_code();
            }
            self.send(conn, &ToClient::Code { code: code.clone() });
            self.codes.insert(code, me);
            return;
        }
        match self.seeks.iter().position(|s| compatible(s, &me)) {
            Some(i) => {
                let other = self.seeks.remove(i);
                self.pair(other, me);
            }
            None => {
                self.seeks.push(me);
                self.send(conn, &ToClient::Seeking);
            }
        }
    }

    fn join_code(&mut self, conn: ConnId, code: &str) {
        let code = code.trim().to_uppercase();
        let Some(name) = self.conns.get(&conn).map(|c| c.name.clone()) else {
            return;
        };
        match self.codes.get(&code) {
            None => self.error(conn, format!("no room has the code {code}")),
            Some(s) if s.name == name => self.error(conn, "this is your own room"),
            Some(_) => {
                let host = self.codes.remove(&code).expect("found above");
                let rating = self.ratings_of(&name)[kind_index(host.seek.game)].rating;
                let me = Seeking {
                    conn,
                    name,
                    seek: Seek {
                        color: None,
                        range: None,
                        ..host.seek.clone()
                    },
                    rating,
                };
                self.pair(host, me);
            }
        }
    }

    /// Seats two seekers at a new game.
    fn pair(&mut self, a: Seeking, b: Seeking) {
        let a_white = match (a.seek.color, b.seek.color) {
            (Some(c), _) => c == Side::White,
            (None, Some(c)) => c == Side::Black,
            (None, None) => rand::random::<bool>(),
        };
        let (white, black) = if a_white { (a, b) } else { (b, a) };
        let id = rand::random::<u64>() >> 1;
        let row =
            GameRow {
                id: id as i64,
                kind: white.seek.game,
                variant: white.seek.variant.clone().unwrap_or_else(|| {
                    timefork_online::table::default_variant(white.seek.game).into()
                }),
                white: white.name.clone(),
                black: black.name.clone(),
                rated: white.seek.rated,
                clock: white.seek.clock,
                result: None,
            };
        let bots = [self.is_bot(&white.name), self.is_bot(&black.name)];
        let now = self.now();
        let mut room = match Room::new(&row, now, bots) {
            Ok(r) => r,
            Err(e) => {
                self.error(white.conn, e.clone());
                return self.error(black.conn, e);
            }
        };
        room.seats[0].conn = Some(white.conn);
        room.seats[0].gone_since = None;
        room.seats[1].conn = Some(black.conn);
        room.seats[1].gone_since = None;
        let snap = room.table.snapshot(0);
        self.out.ops.push(Op::NewGame(GameRow {
            variant: room.variant.clone(),
            ..row
        }));
        self.rooms.insert(id, room);
        for (conn, side) in [(white.conn, Side::White), (black.conn, Side::Black)] {
            let info = self.info(&self.rooms[&id], Some(side));
            self.send(conn, &ToClient::Started { info });
            self.send(
                conn,
                &ToClient::Game {
                    game: id,
                    msg: ToJoiner::Snapshot { snap: snap.clone() },
                },
            );
        }
        self.start_probe(id);
    }

    fn is_bot(&self, name: &str) -> bool {
        self.bots.get(name).copied().unwrap_or(false)
    }

    fn watch(&mut self, conn: ConnId, game: u64) {
        let now = self.now();
        let Some(room) = self.rooms.get_mut(&game) else {
            return self.error(conn, format!("no live game {game}"));
        };
        room.watchers.insert(conn);
        let snap = room.table.snapshot(room.game_now(now));
        let info = self.info(&self.rooms[&game], None);
        self.send(conn, &ToClient::Started { info });
        self.send(
            conn,
            &ToClient::Game {
                game,
                msg: ToJoiner::Snapshot { snap },
            },
        );
    }

    fn resync(&mut self, conn: ConnId, game: u64) {
        let now = self.now();
        let Some(room) = self.rooms.get(&game) else {
            return self.error(conn, format!("no live game {game}"));
        };
        if room.side_of(conn).is_none() && !room.watchers.contains(&conn) {
            return self.error(conn, format!("you neither play nor watch game {game}"));
        }
        let snap = room.table.snapshot(room.game_now(now));
        self.send(
            conn,
            &ToClient::Game {
                game,
                msg: ToJoiner::Snapshot { snap },
            },
        );
    }

    /// The room and the side `conn` plays in it, or an error said to `conn`.
    fn seated(&mut self, conn: ConnId, game: u64) -> Option<Side> {
        let side = self.rooms.get(&game).and_then(|r| r.side_of(conn));
        if side.is_none() {
            self.error(conn, format!("you do not play in game {game}"));
        }
        side
    }

    fn log(&mut self, game: u64, logged: &Logged, at: u64) {
        let room = self.rooms.get_mut(&game).expect("a live room");
        let seq = room.next_seq;
        room.next_seq += 1;
        self.out.ops.push(Op::Event {
            game: game as i64,
            seq,
            at_ms: at as i64,
            body: serde_json::to_string(logged).expect("events are plain data"),
        });
    }

    fn play(&mut self, conn: ConnId, game: u64, seq: u32, req: PlayReq) {
        let Some(side) = self.seated(conn, game) else {
            // The request is answered, so a client waiting for it is not left hanging.
            return self.send(
                conn,
                &ToClient::Game {
                    game,
                    msg: ToJoiner::Rejected {
                        seq,
                        reason: format!("you do not play in game {game}"),
                    },
                },
            );
        };
        let now = self.now();
        let room = self.rooms.get_mut(&game).expect("seated");
        let at = room.game_now(now);
        match room.table.play(side, &req, at) {
            Err(reason) => self.send(
                conn,
                &ToClient::Game {
                    game,
                    msg: ToJoiner::Rejected { seq, reason },
                },
            ),
            Ok(played) => {
                if played.moved {
                    let before = room.draws.standing();
                    room.draws.moved(side);
                    if before.is_some() && room.draws.standing().is_none() {
                        let audience = room.audience();
                        self.send_all(
                            &audience,
                            &ToClient::Game {
                                game,
                                msg: ToJoiner::Draw {
                                    msg: DrawMsg::Decline,
                                },
                            },
                        );
                    }
                }
                self.log(game, &Logged::Play { side, req }, at);
                self.send(
                    conn,
                    &ToClient::Game {
                        game,
                        msg: ToJoiner::Accepted { seq },
                    },
                );
                self.played(game, played);
                if self.rooms.contains_key(&game) {
                    self.start_probe(game);
                }
            }
        }
    }

    /// Tells the room what changed; an ending closes it.
    fn played(&mut self, game: u64, played: Played) {
        let audience = self.rooms[&game].audience();
        for msg in played.syncs {
            self.send_all(&audience, &ToClient::Game { game, msg });
        }
        if let Some(ending) = played.ended {
            self.finish(game, ending);
        }
    }

    fn draw(&mut self, conn: ConnId, game: u64, msg: DrawMsg) {
        let Some(side) = self.seated(conn, game) else {
            return;
        };
        let room = self.rooms.get_mut(&game).expect("seated");
        if room.table.ending().is_some() {
            return self.error(conn, "the game is over");
        }
        if !room.table.draws_by_agreement() {
            return self.error(conn, "this game has no draw by agreement");
        }
        let r = match msg {
            DrawMsg::Offer => room.draws.offer(side),
            DrawMsg::Accept => room.draws.answer(side, true),
            DrawMsg::Decline => room.draws.answer(side, false),
        };
        match r {
            Err(e) => self.error(conn, e.to_string()),
            Ok(true) => self.end_now(game, Ending::drawn(Reason::Draw)),
            Ok(false) => {
                let audience = room.audience();
                let msg = if room.draws.standing().is_some() {
                    DrawMsg::Offer
                } else {
                    DrawMsg::Decline
                };
                self.send_all(
                    &audience,
                    &ToClient::Game {
                        game,
                        msg: ToJoiner::Draw { msg },
                    },
                );
            }
        }
    }

    fn claim(&mut self, conn: ConnId, game: u64) {
        let Some(side) = self.seated(conn, game) else {
            return;
        };
        let now = self.now();
        match self.rooms[&game].claim(side, now) {
            Err(e) => self.error(conn, e),
            Ok(ending) => self.end_now(game, ending),
        }
    }

    /// Ends a game from outside its rules (logged, so a restart ends it too).
    fn end_now(&mut self, game: u64, ending: Ending) {
        let now = self.now();
        let room = self.rooms.get_mut(&game).expect("a live room");
        let at = room.game_now(now);
        let played = room.table.end(ending, at);
        self.log(game, &Logged::End { ending }, at);
        self.played(game, played);
    }

    /// The game is over: its record kept, the ratings moved, the room closed.
    fn finish(&mut self, game: u64, ending: Ending) {
        let now = self.now();
        let Some(room) = self.rooms.remove(&game) else {
            return;
        };
        let at = room.game_now(now);
        let record = room.table.record(at);
        self.out.ops.push(Op::EndGame {
            game: game as i64,
            result: ending.result().into(),
            reason: ending.text(),
            record,
        });
        let mut changes = None;
        if let (true, Some(score)) = (room.rated, ending.white_score()) {
            let k = kind_index(room.kind);
            let names = [room.seats[0].name.clone(), room.seats[1].name.clone()];
            let before = [self.ratings_of(&names[0]), self.ratings_of(&names[1])];
            let (w, b) = rate(before[0][k], before[1][k], score);
            let mut c = [RatingChange {
                before: 0.0,
                after: 0.0,
                deviation: 0.0,
            }; 2];
            for (i, after) in [w, b].into_iter().enumerate() {
                let mut r = before[i];
                r[k] = after;
                self.ratings.insert(names[i].clone(), r);
                self.out.ops.push(Op::Rating {
                    name: names[i].clone(),
                    kind: room.kind,
                    stored: after,
                });
                c[i] = RatingChange {
                    before: before[i][k].rating,
                    after: after.rating,
                    deviation: after.deviation,
                };
            }
            changes = Some(c);
        }
        self.send_all(
            &room.audience(),
            &ToClient::Ended {
                game,
                result: ending.result().into(),
                reason: ending.describe(),
                ratings: changes,
            },
        );
    }

    fn start_probe(&mut self, game: u64) {
        let Some(probe) = self.rooms.get_mut(&game).and_then(|r| r.table.probe()) else {
            return;
        };
        let me = self.me.clone();
        let permits = self.probes.clone();
        tokio::spawn(async move {
            let Ok(_permit) = permits.acquire_owned().await else {
                return;
            };
            let key = probe.key;
            let ending = tokio::task::spawn_blocking(move || (probe.run)(&AtomicBool::new(false)))
                .await
                .unwrap_or(None);
            let _ = me.send(HubMsg::Probed { game, key, ending }).await;
        });
    }

    fn probed(&mut self, game: u64, key: usize, ending: Option<Ending>) {
        let now = self.now();
        let Some(room) = self.rooms.get_mut(&game) else {
            return;
        };
        let at = room.game_now(now);
        if let Some(played) = room.table.probe_answer(key, ending, at) {
            self.log(game, &Logged::Checked { key, ending }, at);
            self.played(game, played);
        }
    }

    fn tick(&mut self) {
        let now = self.now();
        let flagged: Vec<(u64, Played)> = self
            .rooms
            .values_mut()
            .filter_map(|r| {
                let at = r.game_now(now);
                r.table.tick(at).map(|p| (r.id, p))
            })
            .collect();
        for (game, played) in flagged {
            let room = &self.rooms[&game];
            let at = room.game_now(now);
            let ending = played.ended.expect("a flag ends the game");
            self.log(game, &Logged::End { ending }, at);
            self.played(game, played);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use timefork_net::online::ClockSpec;
    use timefork_records::GameKind;

    fn seeking(name: &str, rating: f64, f: impl FnOnce(&mut Seek)) -> Seeking {
        let mut seek = Seek {
            game: GameKind::FiveD,
            variant: None,
            clock: Some(ClockSpec {
                base_s: 600,
                increment_s: 5,
            }),
            rated: true,
            color: None,
            range: None,
        };
        f(&mut seek);
        Seeking {
            conn: 1,
            name: name.into(),
            seek,
            rating,
        }
    }

    #[test]
    fn seeks_pair_only_when_game_clock_rating_and_colours_agree() {
        let a = seeking("Anna", 1500.0, |_| {});
        assert!(compatible(&a, &seeking("Boris", 1900.0, |_| {})));
        assert!(!compatible(&a, &seeking("Anna", 1500.0, |_| {})));
        assert!(!compatible(
            &a,
            &seeking("Boris", 1500.0, |s| s.rated = false)
        ));
        assert!(!compatible(
            &a,
            &seeking("Boris", 1500.0, |s| s.clock = None)
        ));
        assert!(!compatible(
            &a,
            &seeking("Boris", 1500.0, |s| s.game = GameKind::Wager)
        ));
        assert!(!compatible(
            &a,
            &seeking("Boris", 1500.0, |s| s.variant =
                Some("Standard - Turn Zero".into()))
        ));
        // Either side's range counts.
        assert!(!compatible(
            &a,
            &seeking("Boris", 1701.0, |s| s.range = Some(200))
        ));
        assert!(compatible(
            &a,
            &seeking("Boris", 1700.0, |s| s.range = Some(200))
        ));
        let white = seeking("Anna", 1500.0, |s| s.color = Some(Side::White));
        assert!(!compatible(
            &white,
            &seeking("Boris", 1500.0, |s| s.color = Some(Side::White))
        ));
        assert!(compatible(
            &white,
            &seeking("Boris", 1500.0, |s| s.color = Some(Side::Black))
        ));
    }

    #[test]
    fn codes_are_six_unambiguous_characters() {
        for _ in 0..100 {
            let c = new_code();
            assert_eq!(c.len(), 6);
            assert!(!c.contains(['0', 'O', '1', 'I', 'L']), "{c}");
        }
    }
}
