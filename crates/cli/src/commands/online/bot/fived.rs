//! The bot's copy of a 5D game: the submitted turns and the turn in progress as the
//! server has them, and its turn chosen by the builtin AI or a 5DUCI engine.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use timefork_engine::ai::{AiConfig, Level, Limit, choose_action};
use timefork_engine::game::Game;
use timefork_engine::notation;
use timefork_engine::position::Move;
use timefork_net::msg::{FiveDReq, FiveDSync, Snapshot, ToJoiner};
use timefork_net::online::PlayReq;
use timefork_records::Side;

use super::{Brain, GameCopy};
use crate::commands::arena::clock::Go;
use crate::commands::arena::player::Failure;
use crate::commands::arena::push_action;
use crate::fiveduci;

pub(super) struct FiveDCopy {
    level: Level,
    /// The submitted turns, once the record has come.
    game: Option<Game>,
    /// The server's turn in progress.
    turn: Vec<Move>,
    clocks: Option<[u64; 2]>,
    /// The turn the bot answered last (so it answers each once).
    answered: Option<usize>,
}

impl FiveDCopy {
    pub(super) fn new(level: &str) -> Result<FiveDCopy, String> {
        Ok(FiveDCopy {
            level: level
                .parse()
                .map_err(|e: timefork_engine::ai::ParseLevelError| e.to_string())?,
            game: None,
            turn: Vec::new(),
            clocks: None,
            answered: None,
        })
    }
}

impl GameCopy for FiveDCopy {
    fn follow(&mut self, msg: ToJoiner) -> Result<(), String> {
        let err = |e: notation::NotationError| e.to_string();
        match msg {
            ToJoiner::Snapshot {
                snap: Snapshot::FiveD {
                    save, turn, clocks, ..
                },
            } => {
                let game = notation::read_game(&save).map_err(err)?;
                self.turn = notation::read_turn_moves(game.position(), &turn).map_err(err)?;
                self.clocks = clocks.remaining_ms;
                self.game = Some(game);
                // The record after a reconnect: the turn to answer may be one already sent.
                self.answered = None;
            }
            ToJoiner::FiveD { sync } => {
                let Some(game) = self.game.as_mut() else {
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
                        self.turn.clear();
                    }
                    FiveDSync::Turn { actions, text } => {
                        if actions == game.actions.len() {
                            self.turn =
                                notation::read_turn_moves(game.position(), &text).map_err(err)?;
                        }
                    }
                    FiveDSync::Clock { clocks } => self.clocks = clocks.remaining_ms,
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

    fn answer(&mut self, brain: &mut Brain, id: u64, side: Side) -> Option<Vec<PlayReq>> {
        let game = self.game.as_ref()?;
        let pos = game.position();
        let to_move = match pos.to_move {
            timefork_engine::Color::White => Side::White,
            timefork_engine::Color::Black => Side::Black,
        };
        if to_move != side || self.answered == Some(game.actions.len()) {
            return None;
        }
        self.answered = Some(game.actions.len());
        let base = fiveduci::position_base(&game.start);
        let mut history = String::new();
        for a in &game.actions {
            push_action(&mut history, a);
        }
        let movetime = Duration::from_millis(brain.movetime_ms);
        let go = Go {
            movetime: Some(movetime),
            clocks: self
                .clocks
                .map(|c| [Duration::from_millis(c[0]), Duration::from_millis(c[1])]),
            inc: Duration::from_secs(brain.clock.map_or(0, |c| u64::from(c.increment_s))),
            limit: movetime * 3 + Duration::from_secs(2),
        };
        let mut reqs: Vec<FiveDReq> = self.turn.iter().map(|_| FiveDReq::Undo).collect();
        let chosen = match brain.nodes {
            Some(n) => {
                let cfg = AiConfig {
                    level: self.level,
                    budget: movetime,
                    seed: id ^ game.actions.len() as u64,
                    limit: Some(Limit::Nodes(n)),
                };
                match choose_action(pos, &cfg, &AtomicBool::new(false)) {
                    Ok(o) => Ok(Some(o.action)),
                    Err(_) => Ok(None),
                }
            }
            None => brain
                .player
                .as_mut()
                .expect("a 5D bot starts its player")
                .choose(game, &base, &history, &go, game.actions.len()),
        };
        let reqs = match chosen {
            Ok(Some(action)) => {
                let mut p = pos.clone();
                for m in &action {
                    reqs.push(FiveDReq::Move {
                        text: notation::write_move(&p, m),
                    });
                    p.make_move(m);
                }
                reqs.push(FiveDReq::Submit);
                reqs
            }
            // No legal turn: the server's mate check ends the game.
            Ok(None) => return None,
            Err(Failure::OnTime(e) | Failure::Forfeit(e)) => {
                eprintln!("game {id}: the engine failed ({e}); resigning");
                vec![FiveDReq::Resign]
            }
        };
        Some(reqs.into_iter().map(|req| PlayReq::FiveD { req }).collect())
    }
}
