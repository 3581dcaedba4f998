//! The server on loopback for tests: in this process (a runtime on a thread of its own,
//! dropped to stop it as a crash would) or as its own program (killed with SIGKILL), on
//! a fresh SQLite file, or on a fresh schema of the PostgreSQL database that
//! `TIMEFORK_TEST_POSTGRES` names.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use timefork_net::online::{ToClient, ToServer};
use timefork_online::client::{Client, Welcome};
use timefork_server::{Config, Limits};

pub const WAIT: Duration = Duration::from_secs(20);

static NEXT: AtomicU32 = AtomicU32::new(0);

/// A database for one test: a new SQLite file, or a new schema in PostgreSQL.
pub struct Db {
    pub url: String,
    pub what: &'static str,
    _dir: Option<PathBuf>,
    /// PostgreSQL: the database and the schema to drop.
    schema: Option<(String, String)>,
}

impl Drop for Db {
    fn drop(&mut self) {
        if let Some(d) = &self._dir {
            let _ = std::fs::remove_dir_all(d);
        }
        if let Some((base, schema)) = self.schema.take() {
            let rt = tokio::runtime::Runtime::new().unwrap();
            rt.block_on(async {
                use sqlx::Executor;
                if let Ok(pool) = sqlx::postgres::PgPool::connect(&base).await {
                    let drop = format!("DROP SCHEMA {schema} CASCADE");
                    let _ = pool.execute(sqlx::AssertSqlSafe(drop)).await;
                }
            });
        }
    }
}

fn unique(stem: &str) -> String {
    format!(
        "{stem}_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

pub fn sqlite() -> Db {
    let dir = std::env::temp_dir().join(unique("timefork-server-test"));
    std::fs::create_dir_all(&dir).unwrap();
    Db {
        url: format!("sqlite:{}", dir.join("server.db").display()),
        what: "SQLite",
        _dir: Some(dir),
        schema: None,
    }
}

/// A fresh schema of the test PostgreSQL database, reached with `search_path` set.
pub fn postgres() -> Option<Db> {
    let base = std::env::var("TIMEFORK_TEST_POSTGRES").ok()?;
    let schema = unique("t");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        use sqlx::Executor;
        let pool = sqlx::postgres::PgPool::connect(&base)
            .await
            .unwrap_or_else(|e| panic!("TIMEFORK_TEST_POSTGRES={base}: {e}"));
        pool.execute(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}")))
            .await
            .unwrap();
    });
    let sep = if base.contains('?') { '&' } else { '?' };
    Some(Db {
        url: format!("{base}{sep}options=-c%20search_path%3D{schema}"),
        what: "PostgreSQL",
        _dir: None,
        schema: Some((base, schema)),
    })
}

/// SQLite always; PostgreSQL too when the environment names one.
pub fn databases() -> Vec<Db> {
    let mut v = vec![sqlite()];
    match postgres() {
        Some(pg) => v.push(pg),
        // Said, not skipped silently: `.ci/run` sets it, so CI runs both.
        None => eprintln!("TIMEFORK_TEST_POSTGRES is not set: this test runs on SQLite only"),
    }
    v
}

/// The server in this process.
pub struct InProcess {
    pub addr: SocketAddr,
    stop: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl InProcess {
    pub fn start(db: &Db, limits: Limits) -> InProcess {
        Self::start_at(db, limits, "127.0.0.1:0".parse().unwrap())
    }

    pub fn start_at(db: &Db, limits: Limits, listen: SocketAddr) -> InProcess {
        Self::start_with(db, limits, listen, None)
    }

    /// Over TLS with this certificate and key (PEM files).
    pub fn start_tls(db: &Db, cert: &std::path::Path, key: &std::path::Path) -> InProcess {
        let tls = Some((cert.to_path_buf(), key.to_path_buf()));
        Self::start_with(db, Limits::default(), "127.0.0.1:0".parse().unwrap(), tls)
    }

    fn start_with(
        db: &Db,
        limits: Limits,
        listen: SocketAddr,
        tls: Option<(std::path::PathBuf, std::path::PathBuf)>,
    ) -> InProcess {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = std::sync::mpsc::channel::<()>();
        let config = Config {
            listen,
            database: db.url.clone(),
            tls,
            limits,
        };
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            let server = rt.block_on(timefork_server::start(config));
            match server {
                Ok(s) => {
                    addr_tx.send(Ok(s.addr)).unwrap();
                    let _ = stop_rx.recv();
                    s.abort();
                }
                Err(e) => addr_tx.send(Err(e)).unwrap(),
            }
            rt.shutdown_timeout(Duration::from_secs(1));
        });
        let addr = addr_rx.recv().unwrap().unwrap();
        InProcess {
            addr,
            stop: Some(stop_tx),
            thread: Some(thread),
        }
    }

    /// Stops at once: what was not committed is lost, as in a crash.
    pub fn kill(mut self) {
        self.stop.take();
        if let Some(t) = self.thread.take() {
            t.join().unwrap();
        }
    }
}

impl Drop for InProcess {
    fn drop(&mut self) {
        self.stop.take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A player: a connection, its name and token.
pub struct Player {
    pub client: Client,
    pub name: String,
    pub token: String,
    pub welcome: Welcome,
    /// Frames read while waiting for another.
    pub seen: Vec<ToClient>,
    seq: u32,
}

impl Player {
    pub fn new(addr: SocketAddr, name: &str) -> Player {
        let mut client = Client::connect(&addr.to_string(), WAIT).unwrap();
        let welcome = client.hello(name, None, false, WAIT).unwrap();
        let token = welcome.token.clone().expect("a new name gets a token");
        Player {
            client,
            name: name.into(),
            token,
            welcome,
            seen: Vec::new(),
            seq: 0,
        }
    }

    /// The same name from a new connection, with its token.
    pub fn back(addr: SocketAddr, name: &str, token: &str) -> Player {
        let mut client = Client::connect(&addr.to_string(), WAIT).unwrap();
        let welcome = client.hello(name, Some(token), false, WAIT).unwrap();
        assert_eq!(welcome.token, None, "a known name gets no new token");
        Player {
            client,
            name: name.into(),
            token: token.into(),
            welcome,
            seen: Vec::new(),
            seq: 0,
        }
    }

    pub fn send(&mut self, msg: ToServer) {
        self.client.send(&msg).unwrap();
    }

    /// Reads until a frame `pick` takes; the frames before it are kept in `seen`.
    pub fn expect<T>(&mut self, what: &str, mut pick: impl FnMut(&ToClient) -> Option<T>) -> T {
        let deadline = std::time::Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let msg = self
                .client
                .recv(left)
                .unwrap_or_else(|e| panic!("{}: waiting for {what}: {e}", self.name));
            let Some(msg) = msg else {
                panic!(
                    "{}: no {what} in {WAIT:?}; seen {:#?}",
                    self.name, self.seen
                );
            };
            if let Some(t) = pick(&msg) {
                return t;
            }
            self.seen.push(msg);
        }
    }

    pub fn next_seq(&mut self) -> u32 {
        self.seq += 1;
        self.seq
    }
}
