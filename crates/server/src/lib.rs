//! timefork-server: any number of games of all three kinds at once, over TCP (TLS when
//! given a certificate), with rated pairing, private rooms, spectators and a bot API.
//!
//! - `conn`: one connection: the Hello, the limits, frames in and out.
//! - `hub`: the one task that owns rooms, seeks and players online.
//! - `handle`: the way to a connection's outgoing frames.
//! - `room`: a live game, its seats and spectators, and its log.
//! - `store`: the database (SQLite or PostgreSQL) and its migrations.
//! - `rating`: Glicko-2.
//! - `tls`: the certificate and key files.
//!
//! The rules are `timefork-online`'s tables; the messages `timefork-net`'s.

pub mod conn;
pub mod handle;
pub mod hub;
pub mod rating;
pub mod room;
pub mod store;
pub mod tls;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::net::TcpListener;
use tokio::sync::mpsc;

use conn::Shared;
use hub::{Batch, Hub, HubMsg};
use store::Store;

/// What a server allows a connection.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The Hello must come within this.
    pub hello_deadline: Duration,
    /// A connection silent this long is closed (clients ping more often).
    pub idle: Duration,
    /// Frames a second on average, and at once.
    pub frames_per_second: u32,
    pub burst: u32,
    /// Connections from one address at once.
    pub per_address: usize,
    /// New names one address may take in an hour.
    pub new_names_per_hour: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            hello_deadline: Duration::from_secs(10),
            idle: Duration::from_secs(90),
            frames_per_second: 20,
            burst: 60,
            per_address: 256,
            new_names_per_hour: 30,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Config {
    pub listen: SocketAddr,
    /// `sqlite:PATH`, a path, or `postgres://...`.
    pub database: String,
    /// The certificate chain and private key (PEM) for TLS; None: plain TCP.
    pub tls: Option<(PathBuf, PathBuf)>,
    pub limits: Limits,
}

/// A running server.
pub struct Server {
    /// Where it listens (the port chosen when the config said 0).
    pub addr: SocketAddr,
    pub store: Store,
    /// Live games rebuilt from the database at start.
    pub restored: usize,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Server {
    /// Serves until the process ends.
    pub async fn run_forever(self) {
        for t in self.tasks {
            let _ = t.await;
        }
    }

    /// Stops at once, as a crash would (for tests): nothing more is written or sent.
    pub fn abort(self) {
        for t in self.tasks {
            t.abort();
        }
    }
}

/// Opens the database, rebuilds the live games, and starts listening.
pub async fn start(config: Config) -> Result<Server, String> {
    let store = Store::open(&config.database).await?;
    let acceptor = config
        .tls
        .as_ref()
        .map(|(c, k)| tls::acceptor(c, k))
        .transpose()?;
    let listener = TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
    let (hub_tx, hub_rx) = mpsc::channel::<HubMsg>(4096);
    let (writer_tx, writer_rx) = mpsc::channel::<Batch>(4096);
    let mut hub = Hub::new(store.clone(), writer_tx, hub_tx.clone(), Instant::now());
    let writer = tokio::spawn(write_batches(store.clone(), writer_rx));
    let restored = hub.restore().await?;
    let hub_task = tokio::spawn(hub.run(hub_rx));
    let ticker = {
        let hub = hub_tx.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_millis(100));
            loop {
                every.tick().await;
                if hub.send(HubMsg::Tick).await.is_err() {
                    return;
                }
            }
        })
    };
    let shared = Arc::new(Shared::new(store.clone(), hub_tx, config.limits.clone()));
    let accept = tokio::spawn(accept_loop(listener, acceptor, shared));
    Ok(Server {
        addr,
        store,
        restored,
        tasks: vec![accept, ticker, hub_task, writer],
    })
}

async fn accept_loop(
    listener: TcpListener,
    acceptor: Option<tokio_rustls::TlsAcceptor>,
    shared: Arc<Shared>,
) {
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(s) => s,
            Err(e) => {
                // Out of file descriptors, say: wait a moment rather than spin.
                eprintln!("timefork-server: accept: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(slot) = shared.admit(peer.ip()) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let shared = shared.clone();
        let acceptor = acceptor.clone();
        tokio::spawn(async move {
            match acceptor {
                None => conn::serve(stream, peer, shared, slot).await,
                Some(a) => {
                    let deadline = shared.limits.hello_deadline;
                    if let Ok(Ok(tls)) = tokio::time::timeout(deadline, a.accept(stream)).await {
                        conn::serve(tls, peer, shared, slot).await;
                    }
                }
            }
        });
    }
}

/// Commits batches (as many as are waiting, in one transaction), then sends their
/// frames. A write the database refuses stops the server: going on would acknowledge
/// moves that are not kept.
async fn write_batches(store: Store, mut rx: mpsc::Receiver<Batch>) {
    let mut checkpointed = Instant::now();
    loop {
        // A quiet moment, a second after the last: the log is copied into the database.
        if rx.is_empty() && checkpointed.elapsed() >= Duration::from_secs(1) {
            if let Err(e) = store.checkpoint().await {
                eprintln!("timefork-server: a checkpoint failed: {e}");
            }
            checkpointed = Instant::now();
        }
        let Some(first) = rx.recv().await else {
            return;
        };
        let mut batches = vec![first];
        while batches.len() < 256 {
            match rx.try_recv() {
                Ok(b) => batches.push(b),
                Err(_) => break,
            }
        }
        let ops: Vec<store::Op> = batches.iter().flat_map(|b| b.ops.iter().cloned()).collect();
        if !ops.is_empty()
            && let Err(e) = store.write(&ops).await
        {
            eprintln!(
                "timefork-server: the database refused a write ({e}); stopping, so that no \
                 move is acknowledged that is not kept"
            );
            std::process::exit(2);
        }
        for b in batches {
            for (to, f) in b.frames {
                to.deliver(f);
            }
        }
    }
}
