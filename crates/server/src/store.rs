//! The database: players, ratings, games and every event of a live game, in SQLite (one
//! file, the default) or PostgreSQL (a URL), through sqlx's `Any` pool so each query is
//! written once. The schema comes from `migrations/`, applied at start.
//!
//! Writes arrive in batches (`Op`s) and each batch is one transaction: the hub only tells
//! anyone of a move once the transaction holding it has committed.

use std::time::{SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor, Row};
use timefork_net::online::{ClockSpec, Ratings};
use timefork_records::GameKind;

use crate::rating::Stored;

/// A write, done in the batch's transaction.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    NewGame(GameRow),
    /// An event of a live game (JSON, see `room::Logged`), at the game's time.
    Event {
        game: i64,
        seq: i64,
        at_ms: i64,
        body: String,
    },
    /// The game is over: its result, why, and its record in its own format.
    EndGame {
        game: i64,
        result: String,
        reason: String,
        record: String,
    },
    Rating {
        name: String,
        kind: GameKind,
        stored: Stored,
    },
}

/// A game's row.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub kind: GameKind,
    pub variant: String,
    pub white: String,
    pub black: String,
    pub rated: bool,
    pub clock: Option<ClockSpec>,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`; None while live.
    pub result: Option<String>,
}

/// A live game's events, in order: (at_ms, body).
pub type Events = Vec<(i64, String)>;

#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    sqlite: bool,
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

pub fn kind_word(kind: GameKind) -> &'static str {
    match kind {
        GameKind::FiveD => "fived",
        GameKind::Wager => "wager",
        GameKind::Kingdrops => "kingdrops",
    }
}

fn kind_of(word: &str) -> Result<GameKind, sqlx::Error> {
    match word {
        "fived" => Ok(GameKind::FiveD),
        "wager" => Ok(GameKind::Wager),
        "kingdrops" => Ok(GameKind::Kingdrops),
        other => Err(sqlx::Error::Protocol(format!("no game kind `{other}`"))),
    }
}

/// A token as stored: its SHA-256, so a copy of the database gives nobody a name.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Equal strings, in time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// What the database says of a name and a token.
#[derive(Clone, Debug, PartialEq)]
pub enum Identity {
    /// The name is the token's: its ratings, whether it is a bot's.
    Known { ratings: [Stored; 3], bot: bool },
    /// A new name, now taken for a new player with this token.
    New { token: String },
    /// The name is someone's (a newcomer without a token asked for it).
    Taken,
    /// A token that is not the name's, or a token for a name nobody has.
    Wrong,
}

/// `sqlite:PATH`, `sqlite::memory:` or `postgres://...`; a bare path means SQLite.
pub fn database_url(given: &str) -> String {
    if given.contains("://") || given.starts_with("sqlite:") {
        given.to_string()
    } else {
        format!("sqlite:{given}")
    }
}

impl Store {
    /// Opens (creating a SQLite file if need be) and migrates.
    pub async fn open(url: &str) -> Result<Store, String> {
        sqlx::any::install_default_drivers();
        let url = database_url(url);
        let sqlite = url.starts_with("sqlite:");
        let url = if sqlite && !url.contains(":memory:") && !url.contains("mode=") {
            format!("{url}?mode=rwc")
        } else {
            url
        };
        let pool = AnyPoolOptions::new()
            // SQLite has one writer: one connection keeps its order and avoids busy waits.
            .max_connections(if sqlite { 1 } else { 8 })
            .after_connect(|conn, _| {
                Box::pin(async move {
                    if conn.backend_name() == "SQLite" {
                        // In WAL mode NORMAL syncs at checkpoints, not at each commit: a
                        // commit survives the server being killed (what it promises);
                        // only a power cut may lose the last moments.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        // The writer checkpoints when it has nothing waiting
                        // (`checkpoint`), never in a commit players wait for.
                        conn.execute("PRAGMA wal_autocheckpoint = 0").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .map_err(|e| format!("cannot open the database {url}: {e}"))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| format!("cannot bring the database {url} up to date: {e}"))?;
        Ok(Store { pool, sqlite })
    }

    /// Who `name` with `token` is (a new player when the name is free and no token given).
    pub async fn identify(
        &self,
        name: &str,
        token: Option<&str>,
        bot: bool,
    ) -> Result<Identity, sqlx::Error> {
        let row = sqlx::query("SELECT token_hash, bot FROM players WHERE name = $1")
            .bind(name)
            .fetch_optional(&self.pool)
            .await?;
        match (row, token) {
            (Some(row), Some(t)) => {
                let hash: String = row.try_get(0)?;
                if !same(&hash, &token_hash(t)) {
                    return Ok(Identity::Wrong);
                }
                let bot: i64 = row.try_get(1)?;
                Ok(Identity::Known {
                    ratings: self.ratings_of(name).await?,
                    bot: bot != 0,
                })
            }
            (Some(_), None) => Ok(Identity::Taken),
            (None, Some(_)) => Ok(Identity::Wrong),
            (None, None) => {
                let token = new_token();
                let r = sqlx::query(
                    "INSERT INTO players (name, token_hash, bot, created_ms) VALUES ($1, $2, $3, $4)",
                )
                .bind(name)
                .bind(token_hash(&token))
                .bind(i64::from(bot))
                .bind(now_ms())
                .execute(&self.pool)
                .await;
                match r {
                    Ok(_) => Ok(Identity::New { token }),
                    // Taken a moment ago by another connection.
                    Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(Identity::Taken),
                    Err(e) => Err(e),
                }
            }
        }
    }

    /// A player's ratings (1500, no games, in a kind not played yet).
    pub async fn ratings_of(&self, name: &str) -> Result<[Stored; 3], sqlx::Error> {
        let rows = sqlx::query(
            "SELECT kind, rating, deviation, volatility, games FROM ratings WHERE name = $1",
        )
        .bind(name)
        .fetch_all(&self.pool)
        .await?;
        let mut out = [Stored::default(); 3];
        for row in rows {
            let kind = kind_of(&row.try_get::<String, _>(0)?)?;
            out[kind_index(kind)] = Stored {
                rating: row.try_get(1)?,
                deviation: row.try_get(2)?,
                volatility: row.try_get(3)?,
                games: row.try_get::<i64, _>(4)? as u32,
            };
        }
        Ok(out)
    }

    /// Whether a player of this name exists.
    pub async fn exists(&self, name: &str) -> Result<bool, sqlx::Error> {
        Ok(sqlx::query("SELECT 1 FROM players WHERE name = $1")
            .bind(name)
            .fetch_optional(&self.pool)
            .await?
            .is_some())
    }

    /// SQLite: copies the write-ahead log into the database and empties it (the writer
    /// calls it between batches; on its one connection it waits for nobody).
    pub async fn checkpoint(&self) -> Result<(), sqlx::Error> {
        if self.sqlite {
            self.pool.execute("PRAGMA wal_checkpoint(TRUNCATE)").await?;
        }
        Ok(())
    }

    /// Does a batch in one transaction.
    pub async fn write(&self, ops: &[Op]) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        for op in ops {
            match op {
                Op::NewGame(g) => {
                    sqlx::query(
                        "INSERT INTO games (id, kind, variant, white, black, rated, base_s, \
                         increment_s, state, created_ms) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'live', $9)",
                    )
                    .bind(g.id)
                    .bind(kind_word(g.kind))
                    .bind(&g.variant)
                    .bind(&g.white)
                    .bind(&g.black)
                    .bind(i64::from(g.rated))
                    .bind(g.clock.map(|c| i64::from(c.base_s)))
                    .bind(g.clock.map(|c| i64::from(c.increment_s)))
                    .bind(now_ms())
                    .execute(&mut *tx)
                    .await?;
                }
                Op::Event {
                    game,
                    seq,
                    at_ms,
                    body,
                } => {
                    sqlx::query(
                        "INSERT INTO events (game, seq, at_ms, body) VALUES ($1, $2, $3, $4)",
                    )
                    .bind(*game)
                    .bind(*seq)
                    .bind(*at_ms)
                    .bind(body)
                    .execute(&mut *tx)
                    .await?;
                }
                Op::EndGame {
                    game,
                    result,
                    reason,
                    record,
                } => {
                    sqlx::query(
                        "UPDATE games SET state = 'over', result = $1, reason = $2, record = $3, \
                         ended_ms = $4 WHERE id = $5",
                    )
                    .bind(result)
                    .bind(reason)
                    .bind(record)
                    .bind(now_ms())
                    .bind(*game)
                    .execute(&mut *tx)
                    .await?;
                    // A finished game keeps its record; its events were only for rebuilding.
                    sqlx::query("DELETE FROM events WHERE game = $1")
                        .bind(*game)
                        .execute(&mut *tx)
                        .await?;
                }
                Op::Rating { name, kind, stored } => {
                    let kind = kind_word(*kind);
                    let updated = sqlx::query(
                        "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, \
                         games = $4 WHERE name = $5 AND kind = $6",
                    )
                    .bind(stored.rating)
                    .bind(stored.deviation)
                    .bind(stored.volatility)
                    .bind(i64::from(stored.games))
                    .bind(name)
                    .bind(kind)
                    .execute(&mut *tx)
                    .await?;
                    if updated.rows_affected() == 0 {
                        sqlx::query(
                            "INSERT INTO ratings (name, kind, rating, deviation, volatility, \
                             games) VALUES ($1, $2, $3, $4, $5, $6)",
                        )
                        .bind(name)
                        .bind(kind)
                        .bind(stored.rating)
                        .bind(stored.deviation)
                        .bind(stored.volatility)
                        .bind(i64::from(stored.games))
                        .execute(&mut *tx)
                        .await?;
                    }
                }
            }
        }
        tx.commit().await
    }

    fn game_row(row: &AnyRow) -> Result<GameRow, sqlx::Error> {
        let base: Option<i64> = row.try_get(6)?;
        let inc: Option<i64> = row.try_get(7)?;
        Ok(GameRow {
            id: row.try_get(0)?,
            kind: kind_of(&row.try_get::<String, _>(1)?)?,
            variant: row.try_get(2)?,
            white: row.try_get(3)?,
            black: row.try_get(4)?,
            rated: row.try_get::<i64, _>(5)? != 0,
            clock: base.zip(inc).map(|(b, i)| ClockSpec {
                base_s: b as u32,
                increment_s: i as u32,
            }),
            result: row.try_get(8)?,
        })
    }

    const GAME_COLUMNS: &str =
        "id, kind, variant, white, black, rated, base_s, increment_s, result";

    /// Every live game with its events, to rebuild after a start.
    pub async fn live_games(&self) -> Result<Vec<(GameRow, Events)>, sqlx::Error> {
        let q = format!(
            "SELECT {} FROM games WHERE state = 'live' ORDER BY created_ms",
            Self::GAME_COLUMNS
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(q))
            .fetch_all(&self.pool)
            .await?;
        let mut out = Vec::new();
        for row in rows {
            let g = Self::game_row(&row)?;
            let events = sqlx::query("SELECT at_ms, body FROM events WHERE game = $1 ORDER BY seq")
                .bind(g.id)
                .fetch_all(&self.pool)
                .await?
                .iter()
                .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
                .collect::<Result<Events, sqlx::Error>>()?;
            out.push((g, events));
        }
        Ok(out)
    }

    /// The games finished last, newest first.
    pub async fn recent_games(&self, limit: i64) -> Result<Vec<GameRow>, sqlx::Error> {
        let q = format!(
            "SELECT {} FROM games WHERE state = 'over' ORDER BY ended_ms DESC LIMIT $1",
            Self::GAME_COLUMNS
        );
        sqlx::query(sqlx::AssertSqlSafe(q))
            .bind(limit)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(Self::game_row)
            .collect()
    }

    /// A finished game's kind and record.
    pub async fn record(&self, game: i64) -> Result<Option<(GameKind, String)>, sqlx::Error> {
        let row = sqlx::query("SELECT kind, record FROM games WHERE id = $1 AND state = 'over'")
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Ok((kind_of(&r.try_get::<String, _>(0)?)?, r.try_get(1)?)))
            .transpose()
    }

    /// How many rows `table` has (for tests: nothing written for an attacker).
    pub async fn count(&self, table: &str) -> Result<i64, sqlx::Error> {
        let q = match table {
            "players" => "SELECT COUNT(*) FROM players",
            "games" => "SELECT COUNT(*) FROM games",
            "events" => "SELECT COUNT(*) FROM events",
            _ => "SELECT COUNT(*) FROM ratings",
        };
        sqlx::query(q).fetch_one(&self.pool).await?.try_get(0)
    }
}

pub fn kind_index(kind: GameKind) -> usize {
    match kind {
        GameKind::FiveD => 0,
        GameKind::Wager => 1,
        GameKind::Kingdrops => 2,
    }
}

/// The ratings as the wire shows them.
pub fn ratings_view(r: &[Stored; 3]) -> Ratings {
    Ratings {
        fived: r[0].view(),
        wager: r[1].view(),
        kingdrops: r[2].view(),
    }
}

/// A new secret: 32 random bytes, in hex.
pub fn new_token() -> String {
    let bytes: [u8; 32] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_db() -> (std::path::PathBuf, String) {
        let dir = std::env::temp_dir().join(format!(
            "timefork-store-{}-{}",
            std::process::id(),
            rand::random::<u32>()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite:{}", dir.join("s.db").display());
        (dir, url)
    }

    #[tokio::test]
    async fn a_name_is_known_by_its_token_only_and_ratings_read_back() {
        let (dir, url) = temp_db();
        let store = Store::open(&url).await.unwrap();
        let Identity::New { token } = store.identify("Anna", None, false).await.unwrap() else {
            panic!("a free name is taken")
        };
        assert_eq!(
            store.identify("Anna", None, false).await.unwrap(),
            Identity::Taken
        );
        assert_eq!(
            store.identify("Anna", Some("nope"), false).await.unwrap(),
            Identity::Wrong
        );
        assert_eq!(
            store.identify("Nobody", Some(&token), false).await.unwrap(),
            Identity::Wrong
        );
        let known = store.identify("Anna", Some(&token), false).await.unwrap();
        assert_eq!(
            known,
            Identity::Known {
                ratings: [Stored::default(); 3],
                bot: false
            }
        );
        let stored = Stored {
            rating: 1600.5,
            deviation: 200.25,
            volatility: 0.059,
            games: 3,
        };
        for _ in 0..2 {
            store
                .write(&[Op::Rating {
                    name: "Anna".into(),
                    kind: GameKind::Wager,
                    stored,
                }])
                .await
                .unwrap();
        }
        let r = store.ratings_of("Anna").await.unwrap();
        assert_eq!(r[1], stored);
        assert_eq!(r[0], Stored::default());
        // Another pool on the same file sees it all (a restart).
        drop(store);
        let again = Store::open(&url).await.unwrap();
        assert_eq!(again.ratings_of("Anna").await.unwrap()[1], stored);
        assert_eq!(again.count("ratings").await.unwrap(), 1);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
