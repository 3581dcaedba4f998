//! One connection: frames in (one JSON line each, at most `MAX_CLIENT_FRAME` bytes, at
//! most `Limits::frames_per_second` on average), the Hello before anything else and
//! within its deadline, frames out through a bounded queue. A connection that breaks a
//! rule is told why (when it can be) and closed; it never reaches the database.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use timefork_net::online::{MAX_CLIENT_FRAME, OnlineRefusal, ToClient, ToServer, valid_name};
use timefork_net::{WireError, decode, encode};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{mpsc, oneshot};
use tokio::time::timeout;

use crate::Limits;
use crate::handle::ConnHandle;
use crate::hub::HubMsg;
use crate::room::ConnId;
use crate::store::{Identity, Store, ratings_view};

/// Frames waiting for a slow reader, at most; past it the connection is closed (it may
/// come back and ask for the whole record).
const OUT_QUEUE: usize = 1024;

/// What every connection task shares.
pub struct Shared {
    pub store: Store,
    pub hub: mpsc::Sender<HubMsg>,
    pub limits: Limits,
    next_conn: AtomicU64,
    per_address: Mutex<HashMap<IpAddr, usize>>,
    new_names: Mutex<HashMap<IpAddr, Vec<Instant>>>,
}

impl Shared {
    pub fn new(store: Store, hub: mpsc::Sender<HubMsg>, limits: Limits) -> Shared {
        Shared {
            store,
            hub,
            limits,
            next_conn: AtomicU64::new(1),
            per_address: Mutex::new(HashMap::new()),
            new_names: Mutex::new(HashMap::new()),
        }
    }

    /// Counts a connection from `ip`, or says no when the address has too many.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<AddressSlot> {
        let mut map = self
            .per_address
            .lock()
            .expect("never poisoned: no panics inside");
        let n = map.entry(ip).or_insert(0);
        if *n >= self.limits.per_address {
            return None;
        }
        *n += 1;
        Some(AddressSlot {
            shared: self.clone(),
            ip,
        })
    }

    /// Whether `ip` may take one more new name this hour.
    fn may_register(&self, ip: IpAddr) -> bool {
        let mut map = self
            .new_names
            .lock()
            .expect("never poisoned: no panics inside");
        let times = map.entry(ip).or_default();
        let hour = Duration::from_secs(3600);
        times.retain(|t| t.elapsed() < hour);
        if times.len() >= self.limits.new_names_per_hour {
            return false;
        }
        times.push(Instant::now());
        true
    }
}

/// A connection counted against its address; dropping it frees the place.
pub struct AddressSlot {
    shared: Arc<Shared>,
    ip: IpAddr,
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut map = self
            .shared
            .per_address
            .lock()
            .expect("never poisoned: no panics inside");
        if let Some(n) = map.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.ip);
            }
        }
    }
}

/// Why reading stopped.
enum Stop {
    Closed,
    Refuse(OnlineRefusal),
}

/// A token bucket: `burst` frames at once, `rate` a second on average.
struct Bucket {
    tokens: f64,
    at: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    fn new(rate: u32, burst: u32) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            at: Instant::now(),
            rate: f64::from(rate),
            burst: f64::from(burst),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.at).as_secs_f64() * self.rate).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Reads one line of at most `MAX_CLIENT_FRAME` bytes; None at the end of the stream.
async fn read_line<R: AsyncBufReadExt + Unpin>(
    r: &mut R,
    buf: &mut Vec<u8>,
) -> Result<Option<String>, Stop> {
    buf.clear();
    let n = (&mut *r)
        .take(MAX_CLIENT_FRAME as u64 + 1)
        .read_until(b'\n', buf)
        .await
        .map_err(|_| Stop::Closed)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() != Some(&b'\n') {
        return if buf.len() > MAX_CLIENT_FRAME {
            Err(Stop::Refuse(OnlineRefusal::TooMany))
        } else {
            Ok(None)
        };
    }
    String::from_utf8(std::mem::take(buf))
        .map(Some)
        .map_err(|_| Stop::Refuse(OnlineRefusal::Protocol))
}

fn read_frame(line: &str) -> Result<ToServer, Stop> {
    decode::<ToServer>(line.trim_end()).map_err(|e| {
        Stop::Refuse(match e {
            WireError::Version { .. } => OnlineRefusal::Version,
            _ => OnlineRefusal::Protocol,
        })
    })
}

async fn write_loop<W: AsyncWrite + Unpin>(wr: W, mut rx: mpsc::Receiver<Arc<str>>) {
    let write_time = Duration::from_secs(30);
    // Frames queued together go out in one write.
    let mut wr = tokio::io::BufWriter::new(wr);
    while let Some(f) = rx.recv().await {
        let wrote = timeout(write_time, async {
            wr.write_all(f.as_bytes()).await?;
            wr.write_all(b"\n").await?;
            if rx.is_empty() {
                wr.flush().await?;
            }
            Ok::<(), std::io::Error>(())
        })
        .await;
        if !matches!(wrote, Ok(Ok(()))) {
            return;
        }
    }
    let _ = timeout(write_time, wr.shutdown()).await;
}

/// Serves one connection to its end.
pub async fn serve<S>(stream: S, peer: SocketAddr, shared: Arc<Shared>, _slot: AddressSlot)
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let (rd, wr) = tokio::io::split(stream);
    let (tx, rx) = mpsc::channel(OUT_QUEUE);
    let handle = ConnHandle::new(tx);
    let writer = tokio::spawn(write_loop(wr, rx));
    let conn = shared.next_conn.fetch_add(1, Ordering::Relaxed);
    let mut reader = BufReader::new(rd);
    let stop = {
        let kill = handle.kill_switch();
        tokio::select! {
            s = talk(&mut reader, peer, &shared, conn, &handle) => s,
            _ = kill.notified() => Stop::Closed,
        }
    };
    if let Stop::Refuse(why) = stop {
        handle.deliver(encode(&ToClient::Refused { why }).into());
    }
    let _ = shared.hub.send(HubMsg::Left { conn }).await;
    drop(handle);
    // A lingering close: what the client still sends is read and dropped for a moment,
    // so closing with unread bytes does not reset the connection before the client has
    // read why it was closed.
    let drain = async {
        let mut sink = [0u8; 4096];
        let mut left: usize = 1 << 20;
        while left > 0 {
            match reader.read(&mut sink).await {
                Ok(0) | Err(_) => break,
                Ok(n) => left = left.saturating_sub(n),
            }
        }
    };
    let _ = tokio::join!(writer, timeout(Duration::from_secs(1), drain));
}

/// The Hello, then the player's frames until the connection ends or breaks a rule.
async fn talk<R: AsyncBufReadExt + Unpin>(
    reader: &mut R,
    peer: SocketAddr,
    shared: &Arc<Shared>,
    conn: ConnId,
    handle: &ConnHandle,
) -> Stop {
    let limits = &shared.limits;
    let mut bucket = Bucket::new(limits.frames_per_second, limits.burst);
    let mut buf = Vec::new();
    let say = |msg: &ToClient| handle.deliver(encode(msg).into());
    let deadline = tokio::time::Instant::now() + limits.hello_deadline;
    // Before the Hello: only the Hello, a ratings question or a ping, before the deadline.
    let hello = loop {
        let line = match tokio::time::timeout_at(deadline, read_line(reader, &mut buf)).await {
            Err(_) => return Stop::Refuse(OnlineRefusal::Protocol),
            Ok(Err(s)) => return s,
            Ok(Ok(None)) => return Stop::Closed,
            Ok(Ok(Some(l))) => l,
        };
        if !bucket.take() {
            return Stop::Refuse(OnlineRefusal::TooMany);
        }
        match read_frame(&line) {
            Err(s) => return s,
            Ok(ToServer::Ping) => say(&ToClient::Pong),
            Ok(ToServer::Ratings { name }) => say(&ratings_answer(&shared.store, &name).await),
            Ok(h @ ToServer::Hello { .. }) => break h,
            Ok(_) => return Stop::Refuse(OnlineRefusal::Protocol),
        }
    };
    let ToServer::Hello { name, token, bot } = hello else {
        unreachable!("the loop breaks on a Hello only")
    };
    if !valid_name(&name) {
        return Stop::Refuse(OnlineRefusal::BadName);
    }
    if token.is_none() && !shared.may_register(peer.ip()) {
        return Stop::Refuse(OnlineRefusal::TooMany);
    }
    let identity = match shared.store.identify(&name, token.as_deref(), bot).await {
        Ok(i) => i,
        Err(e) => {
            eprintln!("timefork-server: the database failed on a Hello: {e}");
            say(&ToClient::Error {
                reason: "the server cannot reach its database; try again later".into(),
            });
            return Stop::Closed;
        }
    };
    let (ratings, new_token) = match identity {
        Identity::Known { ratings, .. } => (ratings, None),
        Identity::New { token } => (Default::default(), Some(token)),
        Identity::Taken => return Stop::Refuse(OnlineRefusal::NameTaken),
        Identity::Wrong => return Stop::Refuse(OnlineRefusal::BadToken),
    };
    let (reply, answer) = oneshot::channel();
    let joined = HubMsg::Joined {
        conn,
        name,
        bot,
        addr: peer.ip(),
        handle: handle.clone(),
        ratings,
        token: new_token,
        reply,
    };
    if shared.hub.send(joined).await.is_err() {
        return Stop::Closed;
    }
    match answer.await {
        Ok(Ok(())) => {}
        Ok(Err(why)) => return Stop::Refuse(why),
        Err(_) => return Stop::Closed,
    }
    loop {
        let line = match timeout(limits.idle, read_line(reader, &mut buf)).await {
            Err(_) => return Stop::Closed,
            Ok(Err(s)) => return s,
            Ok(Ok(None)) => return Stop::Closed,
            Ok(Ok(Some(l))) => l,
        };
        if !bucket.take() {
            return Stop::Refuse(OnlineRefusal::TooMany);
        }
        let msg = match read_frame(&line) {
            Ok(m) => m,
            Err(s) => return s,
        };
        match msg {
            ToServer::Bye => return Stop::Closed,
            ToServer::Ratings { name } => say(&ratings_answer(&shared.store, &name).await),
            ToServer::Recent => say(&recent_answer(&shared.store).await),
            ToServer::Record { game } => say(&record_answer(&shared.store, game).await),
            ToServer::Hello { .. } => say(&ToClient::Error {
                reason: "this connection has said Hello already".into(),
            }),
            msg => {
                if shared.hub.send(HubMsg::Frame { conn, msg }).await.is_err() {
                    return Stop::Closed;
                }
            }
        }
    }
}

async fn ratings_answer(store: &Store, name: &str) -> ToClient {
    let found = match store.exists(name).await {
        Ok(true) => store.ratings_of(name).await.map(Some),
        Ok(false) => Ok(None),
        Err(e) => Err(e),
    };
    match found {
        Ok(Some(r)) => ToClient::Ratings {
            name: name.to_string(),
            ratings: ratings_view(&r),
        },
        Ok(None) => ToClient::Error {
            reason: format!("no player is called {name}"),
        },
        Err(e) => ToClient::Error {
            reason: format!("the server's database failed: {e}"),
        },
    }
}

async fn recent_answer(store: &Store) -> ToClient {
    match store.recent_games(50).await {
        Ok(rows) => ToClient::RecentGames {
            games: rows
                .into_iter()
                .map(|g| {
                    let player = |name: String| timefork_net::online::PlayerInfo {
                        name,
                        rating: 0.0,
                        provisional: false,
                        bot: false,
                    };
                    timefork_net::online::GameInfo {
                        id: g.id as u64,
                        kind: g.kind,
                        variant: g.variant,
                        white: player(g.white),
                        black: player(g.black),
                        rated: g.rated,
                        clock: g.clock,
                        seat: None,
                        result: g.result,
                    }
                })
                .collect(),
        },
        Err(e) => ToClient::Error {
            reason: format!("the server's database failed: {e}"),
        },
    }
}

async fn record_answer(store: &Store, game: u64) -> ToClient {
    match store.record(game as i64).await {
        Ok(Some((kind, record))) => ToClient::Record { game, kind, record },
        Ok(None) => ToClient::Error {
            reason: format!("no finished game {game}"),
        },
        Err(e) => ToClient::Error {
            reason: format!("the server's database failed: {e}"),
        },
    }
}
