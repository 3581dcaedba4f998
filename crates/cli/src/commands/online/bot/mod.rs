//! The bot: a name (its token kept in the settings folder), a seek, and the builtin AI or
//! a 5DUCI engine choosing each turn. Whatever breaks the connection (the server
//! restarting, the network), it connects again, says Hello with its token, and goes on
//! with the games the server gives back.

mod fived;
mod kingdrops;
mod wager;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;

use timefork_net::msg::ToJoiner;
use timefork_net::online::{ClockSpec, PlayReq, Seek, ToClient, ToServer};
use timefork_online::client::{Client, HelloError};
use timefork_online::identity::{FILE, Identities};
use timefork_online::tls::TlsError;
use timefork_records::{GameKind, Side};

use crate::commands::arena::player::Player;
use crate::commands::arena::ready_player_retried;
use crate::error::CliError;

#[derive(Args)]
pub struct BotArgs {
    /// The server: HOST or HOST:PORT (port 5760 unless given).
    #[arg(long)]
    server: String,
    /// The bot's name (taken on first use; its token is kept in the settings folder).
    #[arg(long)]
    name: String,
    /// The builtin AI's level: random, easy, medium or hard (5D also max).
    #[arg(long, default_value = "medium")]
    level: String,
    /// A 5DUCI engine's command line, instead of the builtin AI (5D only).
    #[arg(long)]
    engine: Option<String>,
    /// The game to seek: fived, wager or kingdrops.
    #[arg(long, default_value = "fived")]
    game: String,
    /// The variant (5D: `Standard`, `Standard - Turn Zero`, ...).
    #[arg(long)]
    variant: Option<String>,
    /// How many games to finish before exiting.
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// The clock to seek, BASE+INCREMENT in seconds, or `none`.
    #[arg(long, default_value = "300+5")]
    clock: String,
    /// Seek casual games instead of rated ones.
    #[arg(long)]
    casual: bool,
    /// The time the AI or engine may think each turn, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// The builtin AI thinks this many positions a turn instead of by the clock (the
    /// same play on any machine).
    /// (5D and Wager.)
    #[arg(long, conflicts_with = "engine")]
    nodes: Option<u64>,
    /// Kingdrops's AI thinks this many whole turns deep instead of by the clock.
    #[arg(long)]
    depth: Option<u32>,
    /// The file holding the bot's token (default: the settings folder's
    /// `online-identities.json`; `TIMEFORK_CONFIG_DIR` moves the folder).
    #[arg(long)]
    identities: Option<PathBuf>,
    /// Trust this SHA-256 fingerprint (`AB:01:...`) for the server's TLS certificate when
    /// no authority signed it (kept with the tokens for later runs).
    #[arg(long)]
    trust: Option<String>,
    /// How long to keep trying to reach the server before giving up, in seconds.
    #[arg(long, default_value_t = 600)]
    give_up_after: u64,
}

/// The settings folder, as the game finds it.
fn config_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("TIMEFORK_CONFIG_DIR") {
        return PathBuf::from(d);
    }
    directories::ProjectDirs::from("", "", "Timefork")
        .map(|d| d.config_dir().to_path_buf())
        .unwrap_or_else(|| PathBuf::from(".timefork"))
}

fn parse_kind(word: &str) -> Result<GameKind, CliError> {
    match word {
        "fived" | "5d" => Ok(GameKind::FiveD),
        "wager" => Ok(GameKind::Wager),
        "kingdrops" => Ok(GameKind::Kingdrops),
        other => Err(CliError::Input(format!(
            "no game `{other}`: fived, wager or kingdrops"
        ))),
    }
}

fn parse_clock(text: &str) -> Result<Option<ClockSpec>, CliError> {
    if text.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let bad = || {
        CliError::Input(format!(
            "`{text}`: a clock is BASE+INCREMENT in seconds, or none"
        ))
    };
    let (b, i) = text.split_once('+').ok_or_else(bad)?;
    Ok(Some(ClockSpec {
        base_s: b.trim().parse().map_err(|_| bad())?,
        increment_s: i.trim().parse().map_err(|_| bad())?,
    }))
}

/// The time a frame the bot sends takes from its allowance: ten a second, half what a
/// server accepts.
const SEND_GAP: Duration = Duration::from_millis(100);

/// What decides the bot's moves, whatever the game.
struct Brain {
    movetime_ms: u64,
    nodes: Option<u64>,
    depth: Option<u32>,
    clock: Option<ClockSpec>,
    /// The 5DUCI engine or the builtin 5D AI behind the same pipe (5D only).
    player: Option<Player>,
}

/// The bot's copy of one game, as the server tells it.
trait GameCopy {
    /// Applies what the server says; an error asks for the whole record again.
    fn follow(&mut self, msg: ToJoiner) -> Result<(), String>;
    /// The requests of the bot's move when it is the bot's to make and not made yet.
    fn answer(&mut self, brain: &mut Brain, id: u64, side: Side) -> Option<Vec<PlayReq>>;
}

fn new_copy(kind: GameKind, level: &str) -> Result<Box<dyn GameCopy>, String> {
    Ok(match kind {
        GameKind::FiveD => Box::new(fived::FiveDCopy::new(level)?),
        GameKind::Wager => Box::new(wager::WagerCopy::new(level)?),
        GameKind::Kingdrops => Box::new(kingdrops::KingdropsCopy::new(level)?),
    })
}

/// A game the bot plays.
struct Live {
    id: u64,
    side: Side,
    copy: Box<dyn GameCopy>,
    claim_at: Option<Instant>,
}

enum Next {
    /// The connection broke: connect again.
    Reconnect(String),
    /// All games are over.
    Done,
}

struct Bot {
    args: BotArgs,
    kind: GameKind,
    brain: Brain,
    finished: u32,
}

pub fn run(args: BotArgs) -> Result<String, CliError> {
    let kind = parse_kind(&args.game)?;
    let clock = parse_clock(&args.clock)?;
    // The level is read now, so a wrong one is said before connecting.
    new_copy(kind, &args.level).map_err(CliError::Input)?;
    if kind != GameKind::FiveD && args.engine.is_some() {
        return Err(CliError::Input(
            "--engine: a 5DUCI engine plays 5D only; Wager and Kingdrops use the builtin AI".into(),
        ));
    }
    if kind == GameKind::Kingdrops && args.nodes.is_some() {
        return Err(CliError::Input(
            "--nodes: Kingdrops's AI thinks by --movetime or --depth".into(),
        ));
    }
    if kind != GameKind::Kingdrops && args.depth.is_some() {
        return Err(CliError::Input(
            "--depth is for Kingdrops; 5D and Wager take --nodes".into(),
        ));
    }
    let player = match (&args.engine, kind) {
        (Some(cmd), _) => Some(ready_player_retried(cmd, 1).map_err(CliError::Failed)?),
        (None, GameKind::FiveD) => Some(
            Player::start(&format!("builtin:{}", args.level), rand::random())
                .map_err(CliError::Failed)?,
        ),
        (None, _) => None,
    };
    let brain = Brain {
        movetime_ms: args.movetime,
        nodes: args.nodes,
        depth: args.depth,
        clock,
        player,
    };
    let mut bot = Bot {
        args,
        kind,
        brain,
        finished: 0,
    };
    let r = bot.play();
    if let Some(p) = bot.brain.player.take() {
        p.close();
    }
    // Each game's line was printed as it ended.
    r.map(|()| String::new())
}

impl Bot {
    fn play(&mut self) -> Result<(), CliError> {
        let path = self
            .args
            .identities
            .clone()
            .unwrap_or_else(|| config_dir().join(FILE));
        let (mut ids, note) = Identities::load(&path);
        if let Some(n) = note {
            eprintln!("{n}");
        }
        if let Some(fp) = &self.args.trust {
            ids.trust(&self.args.server, fp.trim());
            ids.save(&path).map_err(CliError::Failed)?;
        }
        let mut trying_since: Option<Instant> = None;
        loop {
            let token = ids
                .token(&self.args.server, &self.args.name)
                .map(str::to_string);
            let trusted = ids.trusted(&self.args.server).map(str::to_string);
            let connected = Client::connect_trusting(
                &self.args.server,
                Duration::from_secs(5),
                trusted.as_deref(),
            )
            .map_err(|e| match e {
                // A certificate to trust or a changed one: waiting changes nothing.
                TlsError::Other(e) => HelloError::Other(e),
                e => HelloError::Certificate(format!("{e} (--trust FINGERPRINT trusts it)")),
            })
            .and_then(|mut c| {
                c.hello(
                    &self.args.name,
                    token.as_deref(),
                    true,
                    Duration::from_secs(10),
                )
                .map(|w| (c, w))
            });
            let (mut client, welcome) = match connected {
                Ok(x) => x,
                Err(e) => {
                    // A name or token the server refuses will not change by trying again.
                    if e.is_final() {
                        return Err(CliError::Failed(e.to_string()));
                    }
                    let since = *trying_since.get_or_insert_with(Instant::now);
                    if since.elapsed() > Duration::from_secs(self.args.give_up_after) {
                        return Err(CliError::Failed(format!(
                            "cannot reach {} for {} s: {e}",
                            self.args.server, self.args.give_up_after
                        )));
                    }
                    eprintln!("{}: {e}; trying again", self.args.server);
                    std::thread::sleep(Duration::from_millis(500));
                    continue;
                }
            };
            trying_since = None;
            if let Some(t) = &welcome.token {
                ids.set(&self.args.server, &self.args.name, t);
                // Read again first: another program may have kept a name meanwhile.
                let (mut on_disk, _) = Identities::load(&path);
                on_disk.set(&self.args.server, &self.args.name, t);
                on_disk.save(&path).map_err(|e| {
                    CliError::Failed(format!("the new name's token cannot be kept: {e}"))
                })?;
            }
            let live = welcome
                .games
                .iter()
                .find(|g| g.kind == self.kind)
                .and_then(|g| g.seat.map(|side| self.live(g.id, side)));
            match self.session(&mut client, live)? {
                Next::Done => return Ok(()),
                Next::Reconnect(why) => {
                    eprintln!("{}: {why}; connecting again", self.args.server);
                    std::thread::sleep(Duration::from_millis(300));
                }
            }
        }
    }

    fn live(&self, id: u64, side: Side) -> Live {
        Live {
            id,
            side,
            copy: new_copy(self.kind, &self.args.level).expect("the level was read at the start"),
            claim_at: None,
        }
    }

    fn seek(&self, client: &mut Client) -> Result<(), String> {
        client.send(&ToServer::Seek {
            seek: Seek {
                game: self.kind,
                variant: self.args.variant.clone(),
                clock: self.brain.clock,
                rated: !self.args.casual,
                color: None,
                range: None,
            },
        })
    }

    /// One connection's worth of play.
    fn session(&mut self, client: &mut Client, mut live: Option<Live>) -> Result<Next, CliError> {
        if live.is_none()
            && let Err(e) = self.seek(client)
        {
            return Ok(Next::Reconnect(e));
        }
        let mut last_sent = Instant::now();
        let mut send_after = Instant::now();
        loop {
            let msg = match client.recv(Duration::from_millis(200)) {
                Err(e) => return Ok(Next::Reconnect(e)),
                Ok(m) => m,
            };
            if let Some(msg) = msg {
                match msg {
                    ToClient::Started { info } => {
                        if let Some(side) = info.seat {
                            live = Some(self.live(info.id, side));
                        }
                    }
                    ToClient::Game { game, msg } => {
                        if let Some(l) = live.as_mut().filter(|l| l.id == game)
                            && let Err(e) = l.copy.follow(msg)
                        {
                            eprintln!("game {game}: {e}; asking for the whole record");
                            client.send(&ToServer::Resync { game }).ok();
                        }
                    }
                    ToClient::Presence {
                        game,
                        side,
                        present,
                        claim_in_ms,
                    } => {
                        if let Some(l) = live.as_mut().filter(|l| l.id == game && l.side != side) {
                            l.claim_at = match (present, claim_in_ms) {
                                (false, Some(ms)) => {
                                    Some(Instant::now() + Duration::from_millis(ms + 500))
                                }
                                _ => None,
                            };
                        }
                    }
                    ToClient::Restarted { game } => {
                        eprintln!("game {game}: the server restarted; its clocks stood still");
                    }
                    ToClient::Ended {
                        game,
                        result,
                        reason,
                        ratings,
                    } => {
                        let side = live.as_ref().filter(|l| l.id == game).map(|l| l.side);
                        self.finished += 1;
                        let mut line = format!("game {game}: {result} ({reason})");
                        if let Some(s) = side {
                            line += &format!(" as {}", s.pick("white", "black"));
                            if let Some(r) = ratings {
                                let r = r[s.pick(0, 1)];
                                line += &format!("; rating {:.1} -> {:.1}", r.before, r.after);
                            }
                        }
                        println!("{line}");
                        live = None;
                        if self.finished >= self.args.games {
                            client.send(&ToServer::Bye).ok();
                            return Ok(Next::Done);
                        }
                        if let Err(e) = self.seek(client) {
                            return Ok(Next::Reconnect(e));
                        }
                    }
                    ToClient::Error { reason } => {
                        if live.is_none() {
                            // A seek the server refuses (a game it does not host, a bad
                            // variant) will not pair by waiting.
                            return Err(CliError::Failed(reason));
                        }
                        eprintln!("the server says: {reason}");
                    }
                    _ => {}
                }
            }
            if let Some(l) = live.as_mut() {
                if l.claim_at.is_some_and(|t| Instant::now() >= t) {
                    l.claim_at = Some(Instant::now() + Duration::from_secs(5));
                    client.send(&ToServer::Claim { game: l.id }).ok();
                }
                if let Some(reqs) = l.copy.answer(&mut self.brain, l.id, l.side) {
                    // Kept well under the server's rate limit, however fast the AI.
                    let wait = send_after.saturating_duration_since(Instant::now());
                    std::thread::sleep(wait);
                    send_after = Instant::now() + SEND_GAP * reqs.len() as u32;
                    for (seq, req) in reqs.into_iter().enumerate() {
                        let r = client.send(&ToServer::Play {
                            game: l.id,
                            seq: seq as u32 + 1,
                            req,
                        });
                        if let Err(e) = r {
                            return Ok(Next::Reconnect(e));
                        }
                    }
                    last_sent = Instant::now();
                }
            }
            if last_sent.elapsed() > Duration::from_secs(15) {
                if let Err(e) = client.send(&ToServer::Ping) {
                    return Ok(Next::Reconnect(e));
                }
                last_sent = Instant::now();
            }
        }
    }
}
