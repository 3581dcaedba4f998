//! The bot's copy of a Kingdrops game: the placements while the sides set up, then the
//! record and the turn in progress; its setup and its turns chosen by the builtin AI.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use timefork_kingdrops::ai::{AiConfig, Level, choose_setup, choose_turn};
use timefork_kingdrops::{Color, Game, Move, Placement, Turn};
use timefork_net::msg::{KdReq, KdSync, Snapshot, ToJoiner};
use timefork_net::online::PlayReq;
use timefork_records::Side;

use super::{Brain, GameCopy};

pub(super) struct KingdropsCopy {
    level: Level,
    /// Each side's placement once it is ready (White first), before the game begins.
    placed: [Option<Placement>; 2],
    game: Option<Game>,
    /// The server's turn in progress.
    turn: Vec<Move>,
    /// What the bot answered last: the setup (None) or a turn number.
    answered: Option<Option<usize>>,
    /// The server's record has come (nothing is answered before it).
    known: bool,
}

fn color_of(s: Side) -> Color {
    s.pick(Color::White, Color::Black)
}

impl KingdropsCopy {
    pub(super) fn new(level: &str) -> Result<KingdropsCopy, String> {
        Ok(KingdropsCopy {
            level: level
                .parse()
                .map_err(|e: timefork_kingdrops::ai::ParseLevelError| e.0)?,
            placed: [None, None],
            game: None,
            turn: Vec::new(),
            answered: None,
            known: false,
        })
    }

    fn place(&mut self, side: Side, text: &str) -> Result<(), String> {
        let p = Placement::from_text(color_of(side), text).map_err(|e| e.to_string())?;
        self.placed[side.pick(0, 1)] = Some(p);
        if let [Some(w), Some(b)] = &self.placed {
            self.game = Some(Game::from_setup(w, b).map_err(|e| e.to_string())?);
        }
        Ok(())
    }

    fn read_turn(text: &str) -> Result<Vec<Move>, String> {
        text.split(',')
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .map(|m| m.parse().map_err(|e| format!("`{m}`: {e}")))
            .collect()
    }
}

impl GameCopy for KingdropsCopy {
    fn follow(&mut self, msg: ToJoiner) -> Result<(), String> {
        match msg {
            ToJoiner::Snapshot {
                snap:
                    Snapshot::Kd {
                        white,
                        black,
                        record,
                        turn,
                        ..
                    },
            } => {
                self.placed = [None, None];
                self.game = None;
                match record {
                    Some(r) => {
                        self.game = Some(Game::from_record(&r).map_err(|e| e.to_string())?);
                    }
                    None => {
                        if let Some(w) = white {
                            self.place(Side::White, &w)?;
                        }
                        if let Some(b) = black {
                            self.place(Side::Black, &b)?;
                        }
                    }
                }
                self.turn = Self::read_turn(&turn)?;
                self.answered = None;
                self.known = true;
            }
            ToJoiner::Kd { sync } => match sync {
                KdSync::SetupDone { side, placement } => self.place(side, &placement)?,
                KdSync::Turns { from, lines } => {
                    let game = self.game.as_mut().ok_or("turns before the setup")?;
                    if from != game.turns().len() {
                        return Err(format!("turns from {from}, {} here", game.turns().len()));
                    }
                    for line in lines {
                        let turn: Turn = line.parse().map_err(|e| format!("`{line}`: {e}"))?;
                        game.play(&turn).map_err(|e| format!("`{line}`: {e}"))?;
                    }
                    self.turn.clear();
                }
                KdSync::InTurn { turns, text } => {
                    if self.game.as_ref().is_some_and(|g| g.turns().len() == turns) {
                        self.turn = Self::read_turn(&text)?;
                    }
                }
                KdSync::Over { .. } | KdSync::Clock { .. } => {}
            },
            ToJoiner::Rejected { reason, .. } => {
                return Err(format!("a request was refused: {reason}"));
            }
            _ => {}
        }
        Ok(())
    }

    fn answer(&mut self, brain: &mut Brain, id: u64, side: Side) -> Option<Vec<PlayReq>> {
        if !self.known {
            return None;
        }
        let reqs = match &self.game {
            None => {
                let setting_up = if self.placed[0].is_none() {
                    Side::White
                } else {
                    Side::Black
                };
                if setting_up != side || self.answered == Some(None) {
                    return None;
                }
                self.answered = Some(None);
                let placement = choose_setup(color_of(side), self.level, id);
                vec![KdReq::SetupReady {
                    placement: placement.to_text(),
                }]
            }
            Some(game) => {
                let turns = game.turns().len();
                if game.result().is_some()
                    || game.position().side_to_move() != color_of(side)
                    || self.answered == Some(Some(turns))
                {
                    return None;
                }
                self.answered = Some(Some(turns));
                let cfg = match brain.depth {
                    Some(d) => AiConfig {
                        seed: id ^ turns as u64,
                        ..AiConfig::to_depth(self.level, d)
                    },
                    None => AiConfig {
                        seed: id ^ turns as u64,
                        ..AiConfig::new(self.level, Duration::from_millis(brain.movetime_ms))
                    },
                };
                let chosen = choose_turn(game, &cfg, &AtomicBool::new(false))?;
                let mut reqs: Vec<KdReq> = self.turn.iter().map(|_| KdReq::Undo).collect();
                let moves = chosen.turn.moves();
                reqs.extend(moves.iter().map(|m| KdReq::Move {
                    text: m.to_string(),
                }));
                // A winning move ends the turn by itself.
                let wins = game
                    .position()
                    .position_after_moves(moves)
                    .is_ok_and(|p| p.winner().is_some());
                if !wins {
                    reqs.push(KdReq::EndTurn);
                }
                reqs
            }
        };
        Some(reqs.into_iter().map(|req| PlayReq::Kd { req }).collect())
    }
}
