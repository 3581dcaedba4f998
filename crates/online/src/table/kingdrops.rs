//! A Kingdrops game under authority. The setup first: White arranges its two ranks and
//! sends them (KFEN's placement), then Black, who has seen White's; then the game: moves
//! of the turn one by one (`e2e3`, `R@d3`), undo, end turn, resign, exactly as a LAN
//! host reads its joiner's. A move that wins ends the turn, and the game, at once.

use timefork_kingdrops::{Color, Game, Move, Placement, Turn};
use timefork_net::msg::{KdReq, KdSync, Snapshot, ToJoiner};
use timefork_net::online::{ClockSpec, PlayReq};
use timefork_records::{GameKind, Side};

use super::{Played, Probe, Seats, Table};
use crate::{Clock, Ending, Reason};

pub const VARIANT: &str = "Kingdrops";

pub struct KingdropsTable {
    /// Each side's placement once it is ready (White first).
    placed: [Option<Placement>; 2],
    /// The game, once both are placed.
    game: Option<Game>,
    /// The moves of the turn in progress.
    moves: Vec<Move>,
    clock: Clock,
    ending: Option<Ending>,
}

fn side_of(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

fn color_of(s: Side) -> Color {
    s.pick(Color::White, Color::Black)
}

fn idx(s: Side) -> usize {
    s.pick(0, 1)
}

impl KingdropsTable {
    pub fn new(
        variant: Option<&str>,
        // The record format names no players.
        _seats: Seats,
        spec: Option<ClockSpec>,
    ) -> Result<KingdropsTable, String> {
        if let Some(v) = variant.filter(|v| !v.eq_ignore_ascii_case(VARIANT)) {
            return Err(format!("Kingdrops has no variant `{v}`"));
        }
        Ok(KingdropsTable {
            placed: [None, None],
            game: None,
            moves: Vec::new(),
            clock: Clock::new(spec),
            ending: None,
        })
    }

    /// The side that sets up now (None once the game has begun).
    fn setting_up(&self) -> Option<Side> {
        if self.game.is_some() {
            return None;
        }
        Some(if self.placed[0].is_none() {
            Side::White
        } else {
            Side::Black
        })
    }

    fn turn_text(&self) -> String {
        self.moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    fn in_turn(&self, game: &Game) -> ToJoiner {
        ToJoiner::Kd {
            sync: KdSync::InTurn {
                turns: game.turns().len(),
                text: self.turn_text(),
            },
        }
    }

    fn clock_sync(&self, now: u64) -> Option<ToJoiner> {
        self.clock.is_timed().then(|| ToJoiner::Kd {
            sync: KdSync::Clock {
                clocks: self.clock.wire(now),
            },
        })
    }

    fn finish(&mut self, ending: Ending, now: u64) -> Played {
        self.clock.stop(now);
        self.moves.clear();
        self.ending = Some(ending);
        let mut syncs = Vec::new();
        if let Some(g) = &self.game {
            syncs.push(self.in_turn(g));
        }
        syncs.extend(self.clock_sync(now));
        // The rules' own endings follow from the turns; the others are said.
        if ending.reason != Reason::Rules {
            syncs.push(ToJoiner::Kd {
                sync: KdSync::Over {
                    outcome: ending.text(),
                },
            });
        }
        Played {
            syncs,
            moved: false,
            ended: Some(ending),
        }
    }

    fn setup(&mut self, side: Side, placement: &str, now: u64) -> Result<Played, String> {
        if self.setting_up() != Some(side) {
            return Err(match self.setting_up() {
                None => "the setup is over".into(),
                Some(_) => "the other side sets up first".into(),
            });
        }
        let p = Placement::from_text(color_of(side), placement).map_err(|e| e.to_string())?;
        let mut syncs = vec![ToJoiner::Kd {
            sync: KdSync::SetupDone {
                side,
                placement: p.to_text(),
            },
        }];
        self.placed[idx(side)] = Some(p);
        if let [Some(w), Some(b)] = &self.placed {
            let game = Game::from_setup(w, b).map_err(|e| e.to_string())?;
            self.clock
                .start(side_of(game.position().side_to_move()), now);
            self.game = Some(game);
            syncs.extend(self.clock_sync(now));
        }
        Ok(Played {
            syncs,
            moved: false,
            ended: None,
        })
    }

    fn end_turn(&mut self, now: u64) -> Result<Played, String> {
        let game = self.game.as_mut().expect("playing");
        let turn = Turn::new(&self.moves).ok_or("a turn is at most three moves")?;
        if !game.can_end_turn(&self.moves).map_err(|e| e.to_string())? {
            return Err(format!(
                "a turn makes as many moves as it can: {} of {} made",
                self.moves.len(),
                game.position().max_turn_len()
            ));
        }
        let from = game.turns().len();
        let by = side_of(game.position().side_to_move());
        game.play(&turn).map_err(|e| e.to_string())?;
        self.moves.clear();
        let next = side_of(game.position().side_to_move());
        let result = game.result();
        let mut syncs = vec![ToJoiner::Kd {
            sync: KdSync::Turns {
                from,
                lines: vec![turn.to_string()],
            },
        }];
        let game = self.game.as_ref().expect("playing");
        syncs.push(self.in_turn(game));
        self.clock.switch(by, next, now);
        syncs.extend(self.clock_sync(now));
        let mut played = Played {
            syncs,
            moved: true,
            ended: None,
        };
        if let Some(r) = result {
            let end = self.finish(Ending::win(side_of(r.winner), Reason::Rules), now);
            played.syncs.extend(end.syncs);
            played.ended = end.ended;
        }
        Ok(played)
    }
}

impl Table for KingdropsTable {
    fn kind(&self) -> GameKind {
        GameKind::Kingdrops
    }

    fn variant(&self) -> String {
        VARIANT.into()
    }

    fn to_move(&self) -> Option<Side> {
        if self.ending.is_some() {
            return None;
        }
        match &self.game {
            Some(g) => Some(side_of(g.position().side_to_move())),
            None => self.setting_up(),
        }
    }

    fn turns(&self) -> usize {
        self.game.as_ref().map_or(0, |g| g.turns().len())
    }

    fn play(&mut self, side: Side, req: &PlayReq, now: u64) -> Result<Played, String> {
        let PlayReq::Kd { req } = req else {
            return Err("not a Kingdrops request".into());
        };
        if self.ending.is_some() {
            return Err("the game is over".into());
        }
        if *req == KdReq::Resign {
            return Ok(self.finish(Ending::win(side.opponent(), Reason::Resignation), now));
        }
        if let KdReq::SetupReady { placement } = req {
            return self.setup(side, placement, now);
        }
        let Some(game) = self.game.as_ref() else {
            return Err("the setup is not over".into());
        };
        if side_of(game.position().side_to_move()) != side {
            return Err("it is not your turn".into());
        }
        match req {
            KdReq::Move { text } => {
                let mv: Move = text.parse().map_err(|e| format!("`{text}`: {e}"))?;
                let next = game
                    .legal_next_moves(&self.moves)
                    .map_err(|e| e.to_string())?;
                if !next.contains(&mv) {
                    let mut seq = self.moves.clone();
                    seq.push(mv);
                    return Err(match game.position().position_after_moves(&seq) {
                        Err(e) => format!("{mv} is not legal: {e}"),
                        Ok(_) => format!("{mv} is not legal: it leaves no way to finish the turn"),
                    });
                }
                self.moves.push(mv);
                let wins = game
                    .position()
                    .position_after_moves(&self.moves)
                    .is_ok_and(|p| p.winner().is_some());
                if wins {
                    return self.end_turn(now);
                }
                let game = self.game.as_ref().expect("playing");
                Ok(Played {
                    syncs: vec![self.in_turn(game)],
                    moved: false,
                    ended: None,
                })
            }
            KdReq::Undo => {
                self.moves
                    .pop()
                    .ok_or("no move of this turn to take back")?;
                Ok(Played {
                    syncs: vec![self.in_turn(game)],
                    moved: false,
                    ended: None,
                })
            }
            KdReq::EndTurn => self.end_turn(now),
            KdReq::Resign | KdReq::SetupReady { .. } => unreachable!("answered above"),
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
        if self.ending.is_some() {
            return None;
        }
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
        if self.ending.is_none()
            && let Some(g) = &self.game
        {
            self.clock.start(side_of(g.position().side_to_move()), now);
        }
    }

    fn stop_clock(&mut self, now: u64) {
        self.clock.stop(now);
    }

    fn snapshot(&self, _now: u64) -> Snapshot {
        let outcome = self
            .ending
            .filter(|e| e.reason != Reason::Rules)
            .map(|e| e.text());
        match &self.game {
            Some(g) => Snapshot::Kd {
                white: None,
                black: None,
                record: Some(g.to_record()),
                turn: self.turn_text(),
                outcome,
            },
            None => Snapshot::Kd {
                white: self.placed[0].as_ref().map(Placement::to_text),
                black: self.placed[1].as_ref().map(Placement::to_text),
                record: None,
                turn: String::new(),
                outcome,
            },
        }
    }

    fn clocks(&self, now: u64) -> Option<ToJoiner> {
        self.clock_sync(now)
    }

    fn record(&self, _now: u64) -> String {
        let mut text = match &self.game {
            Some(g) => g.to_record(),
            None => String::new(),
        };
        if let Some(e) = self.ending.filter(|e| e.reason != Reason::Rules) {
            text.push_str(&format!("# {} ({})\n", e.result(), e.describe()));
        }
        text
    }

    fn probe(&mut self) -> Option<Probe> {
        None
    }

    fn probe_answer(&mut self, _key: usize, _ending: Option<Ending>, _now: u64) -> Option<Played> {
        None
    }
}
