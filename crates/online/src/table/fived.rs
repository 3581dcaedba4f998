//! A 5D chess game under authority: moves of the turn in progress one by one, undo,
//! submit, resign, in 5DPGN, exactly as a LAN host reads its joiner's. After each
//! submitted turn the exact search decides checkmate or stalemate (a `Probe`, run away
//! from the table); until it answers the clock of the side to move stands still, so a
//! mate is never lost on time.

use std::sync::atomic::AtomicBool;

use timefork_engine::game::{MATE_PROOF_NODES, is_legal_move, status};
use timefork_engine::search::Limits;
use timefork_engine::{Color, Game, GameStatus, Move, Position, notation};
use timefork_net::msg::{FiveDReq, FiveDSync, Snapshot, ToJoiner};
use timefork_net::online::{ClockSpec, PlayReq};
use timefork_records::{GameKind, Side};

use super::{Played, Probe, Seats, Table};
use crate::{Clock, Ending, Reason};

/// The variant a seek without one plays.
pub const DEFAULT_VARIANT: &str = "Standard";

pub struct FiveDTable {
    game: Game,
    /// `game.position()` and the moves of the turn in progress.
    pos: Position,
    clock: Clock,
    spec: Option<ClockSpec>,
    ending: Option<Ending>,
    /// The mate check of the position after this many turns: asked, not yet answered.
    probing: Option<usize>,
    /// Whether the probe for the current position is still to be handed out.
    probe_due: bool,
}

fn side_of(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

impl FiveDTable {
    pub fn new(
        variant: Option<&str>,
        seats: Seats,
        spec: Option<ClockSpec>,
    ) -> Result<FiveDTable, String> {
        let name = variant.unwrap_or(DEFAULT_VARIANT);
        let v = timefork_engine::variants::by_name(name)
            .or_else(|| timefork_engine::variants::official_by_name(name))
            .ok_or_else(|| format!("no 5D variant is called `{name}`"))?;
        let mut game = Game::new(v.position);
        game.headers.push(("Board".into(), v.name.clone()));
        game.headers.push(("White".into(), seats.white));
        game.headers.push(("Black".into(), seats.black));
        if let Some(s) = spec {
            game.headers.push((
                "TimeControl".into(),
                format!("{}+{}", s.base_s, s.increment_s),
            ));
        }
        let pos = game.position().clone();
        Ok(FiveDTable {
            game,
            pos,
            clock: Clock::new(spec),
            spec,
            ending: None,
            probing: None,
            // The start may already be mate in a puzzle-like variant.
            probe_due: true,
        })
    }

    fn side_to_move(&self) -> Side {
        side_of(self.pos.to_move)
    }

    fn turn_moves(&self) -> Vec<Move> {
        self.pos.turn_moves().copied().collect()
    }

    fn turn_sync(&self) -> ToJoiner {
        ToJoiner::FiveD {
            sync: FiveDSync::Turn {
                actions: self.game.actions.len(),
                text: notation::write_action(self.game.position(), &self.turn_moves()),
            },
        }
    }

    fn clock_sync(&self, now: u64) -> ToJoiner {
        ToJoiner::FiveD {
            sync: FiveDSync::Clock {
                clocks: self.clock.wire(now),
            },
        }
    }

    /// Exactly one move of the turn in progress, in 5DPGN.
    fn read_one_move(&self, text: &str) -> Result<Move, String> {
        let moves = notation::read_turn_moves(&self.pos, text).map_err(|e| e.to_string())?;
        match moves.as_slice() {
            [one] if is_legal_move(&self.pos, one) => Ok(*one),
            [one] => Err(format!(
                "{} is not a legal move here",
                notation::write_move(&self.pos, one)
            )),
            _ => Err(format!("`{text}` is not one move")),
        }
    }

    fn finish(&mut self, ending: Ending, now: u64) -> Played {
        self.clock.stop(now);
        while self.pos.undo_move().is_some() {}
        self.ending = Some(ending);
        self.probing = None;
        self.probe_due = false;
        Played {
            syncs: vec![
                self.turn_sync(),
                self.clock_sync(now),
                ToJoiner::FiveD {
                    sync: FiveDSync::Over {
                        outcome: ending.text(),
                    },
                },
            ],
            moved: false,
            ended: Some(ending),
        }
    }

    /// The game in 5DPGN with its result and clocks, and `extra` headers.
    fn text(&self, now: u64, extra: &[(&str, &str)]) -> String {
        let mut g = self.game.clone();
        for (k, v) in extra {
            g.headers.push(((*k).into(), (*v).into()));
        }
        g.headers.retain(|(k, _)| k != "Result");
        g.headers.push((
            "Result".into(),
            self.ending.map_or("*", |e| e.result()).into(),
        ));
        if self.spec.is_some() {
            let w = self.clock.wire(now);
            let r = w.remaining_ms.unwrap_or([0; 2]);
            g.headers.push((
                "TimeforkClocks".into(),
                format!("{} {} {} {}", r[0], r[1], w.used_ms[0], w.used_ms[1]),
            ));
        }
        notation::write_game(&g)
    }

    fn submit(&mut self, now: u64) -> Result<Played, String> {
        if let Some(e) = self.pos.submit_error() {
            return Err(format!("cannot submit: {}", e.describe(&self.pos)));
        }
        let action = self.turn_moves();
        let from = self.game.actions.len();
        let before = self.game.position().clone();
        let by = self.side_to_move();
        self.game
            .apply_action(&action)
            .map_err(|e| format!("the engine refused the turn: {e:?}"))?;
        self.pos = self.game.position().clone();
        // The next clock stands still until the mate check has answered.
        self.clock.switch(by, self.side_to_move(), now);
        self.clock.stop(now);
        self.probe_due = true;
        Ok(Played {
            syncs: vec![
                ToJoiner::FiveD {
                    sync: FiveDSync::Actions {
                        from,
                        text: notation::write_actions(&before, &[action], from / 2 + 1),
                    },
                },
                self.turn_sync(),
                self.clock_sync(now),
            ],
            moved: true,
            ended: None,
        })
    }
}

impl Table for FiveDTable {
    fn kind(&self) -> GameKind {
        GameKind::FiveD
    }

    fn variant(&self) -> String {
        self.game
            .header("Board")
            .unwrap_or(DEFAULT_VARIANT)
            .to_string()
    }

    fn to_move(&self) -> Option<Side> {
        self.ending.is_none().then(|| self.side_to_move())
    }

    fn turns(&self) -> usize {
        self.game.actions.len()
    }

    fn play(&mut self, side: Side, req: &PlayReq, now: u64) -> Result<Played, String> {
        let PlayReq::FiveD { req } = req else {
            return Err("not a 5D request".into());
        };
        if self.ending.is_some() {
            return Err("the game is over".into());
        }
        if *req == FiveDReq::Resign {
            return Ok(self.finish(Ending::win(side.opponent(), Reason::Resignation), now));
        }
        if side != self.side_to_move() {
            return Err("it is not your turn".into());
        }
        match req {
            FiveDReq::Move { text } => {
                let mv = self.read_one_move(text)?;
                self.pos.make_move(&mv);
                Ok(Played {
                    syncs: vec![self.turn_sync()],
                    moved: false,
                    ended: None,
                })
            }
            FiveDReq::Undo => {
                self.pos
                    .undo_move()
                    .ok_or_else(|| "no move of this turn to take back".to_string())?;
                Ok(Played {
                    syncs: vec![self.turn_sync()],
                    moved: false,
                    ended: None,
                })
            }
            FiveDReq::Submit => self.submit(now),
            FiveDReq::Resign => unreachable!("answered above"),
        }
    }

    fn end(&mut self, ending: Ending, now: u64) -> Played {
        if self.ending.is_some() {
            return Played::default();
        }
        self.finish(ending, now)
    }

    fn ending(&self) -> Option<Ending> {
        self.ending
    }

    fn tick(&mut self, now: u64) -> Option<Played> {
        let flagged = self.clock.flagged(now)?;
        Some(self.finish(Ending::win(flagged.opponent(), Reason::TimeOut), now))
    }

    fn flag_at(&self, now: u64) -> Option<u64> {
        if self.ending.is_some() {
            return None;
        }
        self.clock.flag_at(now)
    }

    fn start_clock(&mut self, now: u64) {
        if self.ending.is_none() && !self.probe_due && self.probing.is_none() {
            self.clock.start(self.side_to_move(), now);
        }
    }

    fn stop_clock(&mut self, now: u64) {
        self.clock.stop(now);
    }

    fn snapshot(&self, now: u64) -> Snapshot {
        // The protocol's snapshot is a Timefork 5D save (version 2: its clock headers are
        // read); the players are the receiver's to say, so both are written as people.
        let save = self.text(
            now,
            &[
                ("TimeforkSave", "2"),
                ("TimeforkWhite", "human"),
                ("TimeforkBlack", "human"),
            ],
        );
        Snapshot::FiveD {
            save,
            turn: notation::write_action(self.game.position(), &self.turn_moves()),
            outcome: self.ending.map(|e| e.text()),
            clocks: self.clock.wire(now),
        }
    }

    fn clocks(&self, now: u64) -> Option<ToJoiner> {
        Some(self.clock_sync(now))
    }

    fn record(&self, now: u64) -> String {
        self.text(now, &[])
    }

    fn probe(&mut self) -> Option<Probe> {
        if !self.probe_due || self.ending.is_some() {
            return None;
        }
        self.probe_due = false;
        let key = self.game.actions.len();
        self.probing = Some(key);
        let pos = self.game.position().clone();
        let winner = side_of(pos.to_move.opponent());
        Some(Probe {
            key,
            run: Box::new(move |stop: &AtomicBool| {
                let limits = Limits {
                    max_nodes: MATE_PROOF_NODES,
                    stop: Some(stop),
                };
                match status(&pos, limits) {
                    GameStatus::Checkmate => Some(Ending::win(winner, Reason::Checkmate)),
                    GameStatus::Stalemate => Some(Ending::drawn(Reason::Stalemate)),
                    _ => None,
                }
            }),
        })
    }

    fn probe_answer(&mut self, key: usize, ending: Option<Ending>, now: u64) -> Option<Played> {
        if self.probing != Some(key) || self.ending.is_some() {
            return None;
        }
        self.probing = None;
        match ending {
            Some(e) => Some(self.finish(e, now)),
            None => {
                self.clock.start(self.side_to_move(), now);
                Some(Played {
                    syncs: vec![self.clock_sync(now)],
                    moved: false,
                    ended: None,
                })
            }
        }
    }
}
