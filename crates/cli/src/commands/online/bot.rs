//! The bot: a name (its token kept in the settings folder), a seek, and the builtin AI or
//! a 5DUCI engine choosing each turn. Whatever breaks the connection (the server
//! restarting, the network), it connects again, says Hello with its token, and goes on
//! with the games the server gives back.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use std::sync::atomic::AtomicBool;

use timefork_engine::ai::{AiConfig, Level, Limit, choose_action};
use timefork_engine::game::Game;
use timefork_engine::notation;
use timefork_engine::position::Move;
use timefork_net::msg::{FiveDReq, FiveDSync, Snapshot, ToJoiner};
use timefork_net::online::{ClockSpec, PlayReq, Seek, ToClient, ToServer};
use timefork_online::client::{Client, HelloError};
use timefork_online::identity::{FILE, Identities};
use timefork_records::{GameKind, Side};

use crate::commands::arena::clock::Go;
use crate::commands::arena::player::{Failure, Player};
use crate::commands::arena::{push_action, ready_player_retried};
use crate::error::CliError;
use crate::fiveduci;

#[derive(Args)]
pub struct BotArgs {
    /// The server: HOST or HOST:PORT (port 5760 unless given).
    #[arg(long)]
    server: String,
    /// The bot's name (taken on first use; its token is kept in the settings folder).
    #[arg(long)]
    name: String,
    /// The builtin AI's level.
    #[arg(long, default_value = "medium")]
    level: Level,
    /// A 5DUCI engine's command line, instead of the builtin AI.
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
    #[arg(long, conflicts_with = "engine")]
    nodes: Option<u64>,
    /// The file holding the bot's token (default: the settings folder's
    /// `online-identities.json`; `TIMEFORK_CONFIG_DIR` moves the folder).
    #[arg(long)]
    identities: Option<PathBuf>,
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

/// A game the bot plays.
struct Live {
    id: u64,
    side: Side,
    /// The submitted turns, once the record has come.
    game: Option<Game>,
    /// The server's turn in progress.
    turn: Vec<Move>,
    clocks: Option<[u64; 2]>,
    /// The turn the bot answered last (so it answers each once).
    answered: Option<usize>,
    claim_at: Option<Instant>,
}

impl Live {
    /// A game the bot sits in; its record comes next.
    fn new(id: u64, side: Side) -> Live {
        Live {
            id,
            side,
            game: None,
            turn: Vec::new(),
            clocks: None,
            answered: None,
            claim_at: None,
        }
    }
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
    clock: Option<ClockSpec>,
    player: Player,
    finished: u32,
}

pub fn run(args: BotArgs) -> Result<String, CliError> {
    let kind = parse_kind(&args.game)?;
    let clock = parse_clock(&args.clock)?;
    let player = match &args.engine {
        Some(cmd) => ready_player_retried(cmd, 1).map_err(CliError::Failed)?,
        None => Player::start(&format!("builtin:{}", args.level.as_str()), rand::random())
            .map_err(CliError::Failed)?,
    };
    let mut bot = Bot {
        args,
        kind,
        clock,
        player,
        finished: 0,
    };
    let r = bot.play();
    bot.player.close();
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
        let mut trying_since: Option<Instant> = None;
        loop {
            let token = ids
                .token(&self.args.server, &self.args.name)
                .map(str::to_string);
            let connected = Client::connect(&self.args.server, Duration::from_secs(5))
                .map_err(HelloError::Other)
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
                .and_then(|g| g.seat.map(|side| Live::new(g.id, side)));
            match self.session(&mut client, live)? {
                Next::Done => return Ok(()),
                Next::Reconnect(why) => {
                    eprintln!("{}: {why}; connecting again", self.args.server);
                    std::thread::sleep(Duration::from_millis(300));
                }
            }
        }
    }

    fn seek(&self, client: &mut Client) -> Result<(), String> {
        client.send(&ToServer::Seek {
            seek: Seek {
                game: self.kind,
                variant: self.args.variant.clone(),
                clock: self.clock,
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
        loop {
            let msg = match client.recv(Duration::from_millis(200)) {
                Err(e) => return Ok(Next::Reconnect(e)),
                Ok(m) => m,
            };
            if let Some(msg) = msg {
                match msg {
                    ToClient::Started { info } => {
                        if let Some(side) = info.seat {
                            live = Some(Live::new(info.id, side));
                        }
                    }
                    ToClient::Game { game, msg } => {
                        if let Some(l) = live.as_mut().filter(|l| l.id == game)
                            && let Err(e) = follow(l, msg)
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
                if let Some(reqs) = self.answer(l) {
                    for (seq, req) in reqs.into_iter().enumerate() {
                        let r = client.send(&ToServer::Play {
                            game: l.id,
                            seq: seq as u32 + 1,
                            req: PlayReq::FiveD { req },
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

    /// The requests of the bot's turn, when it is the bot's turn and not answered yet.
    fn answer(&mut self, l: &mut Live) -> Option<Vec<FiveDReq>> {
        let game = l.game.as_ref()?;
        let pos = game.position();
        let side = match pos.to_move {
            timefork_engine::Color::White => Side::White,
            timefork_engine::Color::Black => Side::Black,
        };
        if side != l.side || l.answered == Some(game.actions.len()) {
            return None;
        }
        l.answered = Some(game.actions.len());
        let base = fiveduci::position_base(&game.start);
        let mut history = String::new();
        for a in &game.actions {
            push_action(&mut history, a);
        }
        let movetime = Duration::from_millis(self.args.movetime);
        let go = Go {
            movetime: Some(movetime),
            clocks: l
                .clocks
                .map(|c| [Duration::from_millis(c[0]), Duration::from_millis(c[1])]),
            inc: Duration::from_secs(self.clock.map_or(0, |c| u64::from(c.increment_s))),
            limit: movetime * 3 + Duration::from_secs(2),
        };
        let mut reqs: Vec<FiveDReq> = l.turn.iter().map(|_| FiveDReq::Undo).collect();
        let chosen = match self.args.nodes {
            Some(n) => {
                let cfg = AiConfig {
                    level: self.args.level,
                    budget: movetime,
                    seed: l.id ^ game.actions.len() as u64,
                    limit: Some(Limit::Nodes(n)),
                };
                match choose_action(pos, &cfg, &AtomicBool::new(false)) {
                    Ok(o) => Ok(Some(o.action)),
                    Err(_) => Ok(None),
                }
            }
            None => self
                .player
                .choose(game, &base, &history, &go, game.actions.len()),
        };
        match chosen {
            Ok(Some(action)) => {
                let mut p = pos.clone();
                for m in &action {
                    reqs.push(FiveDReq::Move {
                        text: notation::write_move(&p, m),
                    });
                    p.make_move(m);
                }
                reqs.push(FiveDReq::Submit);
                Some(reqs)
            }
            // No legal turn: the server's mate check ends the game.
            Ok(None) => None,
            Err(Failure::OnTime(e) | Failure::Forfeit(e)) => {
                eprintln!("game {}: the engine failed ({e}); resigning", l.id);
                Some(vec![FiveDReq::Resign])
            }
        }
    }
}

/// Applies what the server says of a game to the bot's copy.
fn follow(l: &mut Live, msg: ToJoiner) -> Result<(), String> {
    let err = |e: notation::NotationError| e.to_string();
    match msg {
        ToJoiner::Snapshot {
            snap: Snapshot::FiveD {
                save, turn, clocks, ..
            },
        } => {
            let game = notation::read_game(&save).map_err(err)?;
            l.turn = notation::read_turn_moves(game.position(), &turn).map_err(err)?;
            l.clocks = clocks.remaining_ms;
            l.game = Some(game);
            // The record after a reconnect: the turn to answer may be one already sent.
            l.answered = None;
        }
        ToJoiner::FiveD { sync } => {
            let Some(game) = l.game.as_mut() else {
                return Err("a change before the record".into());
            };
            match sync {
                FiveDSync::Actions { from, text } => {
                    if from != game.actions.len() {
                        return Err(format!("turns from {from}, {} here", game.actions.len()));
                    }
                    for a in notation::read_actions(game.position(), &text).map_err(err)? {
                        game.apply_action(&a).map_err(|e| format!("{e:?}"))?;
                    }
                    l.turn.clear();
                }
                FiveDSync::Turn { actions, text } => {
                    if actions == game.actions.len() {
                        l.turn = notation::read_turn_moves(game.position(), &text).map_err(err)?;
                    }
                }
                FiveDSync::Clock { clocks } => l.clocks = clocks.remaining_ms,
                FiveDSync::Over { .. } => {}
            }
        }
        // The whole record is asked for; it sets the turn to answer again.
        ToJoiner::Rejected { reason, .. } => {
            return Err(format!("a request was refused: {reason}"));
        }
        _ => {}
    }
    Ok(())
}
