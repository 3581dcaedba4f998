//! 5D chess over the network. This computer's requests go to the server as 5DPGN text
//! (tried on a copy of the match first, so a refusal reads as at one computer); the
//! server decides and sends its submitted turns and the turn in progress as 5DPGN
//! whenever they change. The match catches up through `Match::apply` (the same events,
//! so the same mirror and animations as a local game), or rebuilds from the whole record
//! when it cannot.

use super::matchplay::clocks::Clocks;
use super::matchplay::{Match, MatchEvent, Outcome, Request};
use super::save::{read_save, save_text};
use crate::game_kit::GameSystems;
use crate::net::adapter::{
    NetMatch, add_net_match, moves_to_catch_up, network_game_is, same_turn, turns_after_ours,
};
use crate::net::frames::{FromServer, Outbox};
use crate::net::session::{NetSession, joining};
use crate::screens::Screen;
use bevy::prelude::*;
use std::time::Duration;
use timefork_engine::{Color, Move, notation};
use timefork_i18n::tr;
use timefork_net::msg::{Clocks as WireClocks, FiveDReq, FiveDSync, Snapshot, ToHost, ToJoiner};
use timefork_records::GameKind;

pub(super) fn plugin(app: &mut App) {
    add_net_match::<Match>(app);
    let fived = network_game_is::<Match>;
    app.add_systems(
        Update,
        (forward_requests, apply_from_server)
            .chain()
            .in_set(GameSystems::Apply)
            .run_if(joining)
            .run_if(fived),
    );
}

/// An outcome as the server writes it (`timefork_online::Ending::text`): `checkmate
/// white` (the winner), `stalemate`, `resignation black`, `time-out white`, `draw`,
/// `abandoned black`, `aborted`.
pub fn parse_outcome(text: &str) -> Result<Outcome, String> {
    let mut words = text.split_whitespace();
    let kind = words.next().unwrap_or("");
    let winner = match words.next() {
        Some("white") => Some(Color::White),
        Some("black") => Some(Color::Black),
        Some(other) => return Err(format!("`{text}`: no side `{other}`")),
        None => None,
    };
    Ok(match (kind, winner) {
        ("checkmate", Some(winner)) => Outcome::Checkmate { winner },
        ("stalemate", None) => Outcome::Stalemate,
        ("resignation", Some(winner)) => Outcome::Resignation { winner },
        ("time-out", Some(winner)) => Outcome::TimeOut { winner },
        ("draw", None) => Outcome::DrawAgreed,
        ("abandoned", Some(winner)) => Outcome::Abandoned { winner },
        ("aborted", None) => Outcome::Aborted,
        _ => return Err(format!("`{text}` is not an outcome")),
    })
}

fn set_clocks(c: &mut Clocks, m: &Match, w: &WireClocks) {
    let d = Duration::from_millis;
    c.match_id = m.id;
    c.used = [d(w.used_ms[0]), d(w.used_ms[1])];
    c.remaining = w.remaining_ms.map(|r| [d(r[0]), d(r[1])]);
}

/// This computer's requests: refused here as at one computer, or sent to the server (which
/// decides; the match here changes only by what the server sends back).
fn forward_requests(
    mut requests: MessageReader<Request>,
    m: Option<ResMut<Match>>,
    session: Option<Res<NetSession>>,
    mut events: MessageWriter<MatchEvent>,
    mut out: ResMut<Outbox>,
    mut seq: Local<u32>,
) {
    let (Some(mut m), Some(session)) = (m, session) else {
        requests.clear();
        return;
    };
    let own = session.side.pick(Color::White, Color::Black);
    for req in requests.read() {
        let checked = if session.lost {
            Err(tr!("net-link-lost"))
        } else {
            m.clone().apply(req).and_then(|_| match req {
                Request::Move(mv) if m.to_move() == own => Ok(FiveDReq::Move {
                    text: notation::write_move(&m.pos, mv),
                }),
                Request::Undo if m.to_move() == own => Ok(FiveDReq::Undo),
                Request::Submit if m.to_move() == own => Ok(FiveDReq::Submit),
                Request::Resign(c) if *c == own => Ok(FiveDReq::Resign),
                Request::Move(_) | Request::Undo | Request::Submit => Err(tr!("net-not-your-turn")),
                _ => Err(tr!("net-not-in-network-game")),
            })
        };
        match checked {
            Ok(req) => {
                *seq += 1;
                out.push(ToHost::FiveD { seq: *seq, req });
            }
            Err(reason) => {
                m.feedback = Some(reason.clone());
                events.write(MatchEvent::Rejected(reason));
            }
        }
    }
}

/// What the server sends, applied to the match here.
fn apply_from_server(
    mut from: MessageReader<FromServer>,
    m: Option<ResMut<Match>>,
    session: Option<Res<NetSession>>,
    mut clocks: ResMut<Clocks>,
    mut events: MessageWriter<MatchEvent>,
    mut out: ResMut<Outbox>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(session) = session else { return };
    if session.game != GameKind::FiveD {
        return;
    }
    let mut m = m;
    for FromServer(msg) in from.read() {
        let r = match (msg, m.as_deref_mut()) {
            (ToJoiner::Snapshot { snap }, current) => {
                match rebuild_or_catch_up(snap, current, session.players()) {
                    Ok(Caught::Up(evs, w)) => {
                        events.write_batch(evs);
                        if let Some(m) = m.as_deref() {
                            set_clocks(&mut clocks, m, &w);
                        }
                        Ok(())
                    }
                    Ok(Caught::New(new, w)) => {
                        set_clocks(&mut clocks, &new, &w);
                        commands.insert_resource(*new);
                        next.set(Screen::FiveDPlay);
                        Ok(())
                    }
                    Err(e) => Err(e),
                }
            }
            (ToJoiner::FiveD { sync }, Some(m)) => match sync {
                FiveDSync::Actions { from, text } => {
                    read_actions_from(m, *from, text).and_then(|a| catch_up(m, *from, &a))
                }
                FiveDSync::Turn { actions, text } => catch_up_turn(m, *actions, text),
                FiveDSync::Over { outcome } => parse_outcome(outcome).map(|o| {
                    if !m.is_over() {
                        m.finish(o);
                        vec![MatchEvent::Over(o)]
                    } else {
                        Vec::new()
                    }
                }),
                FiveDSync::Clock { clocks: w } => {
                    set_clocks(&mut clocks, m, w);
                    Ok(Vec::new())
                }
            }
            .map(|evs| {
                // As `apply_requests`: what was played clears the last refusal.
                if !evs.is_empty() {
                    m.feedback = None;
                }
                events.write_batch(evs);
            }),
            (ToJoiner::Rejected { reason, .. }, Some(m)) => {
                m.feedback = Some(reason.clone());
                events.write(MatchEvent::Rejected(reason.clone()));
                Ok(())
            }
            _ => Ok(()),
        };
        if let Err(e) = r {
            // The copy disagrees with the server: ask for the whole record.
            warn!("the server's game does not follow from ours ({e}); asking for all of it");
            out.push(ToHost::Resync);
        }
    }
}

enum Caught {
    /// The events that brought the match up to the record.
    Up(Vec<MatchEvent>, WireClocks),
    /// A new match (the first, or one the old could not become).
    New(Box<Match>, WireClocks),
}

fn read_actions_from(m: &Match, from: usize, text: &str) -> Result<Vec<Vec<Move>>, String> {
    if from > m.game.actions.len() {
        return Err(format!(
            "turns from {from} but {} here",
            m.game.actions.len()
        ));
    }
    notation::read_actions(&m.game.position_at(from), text)
        .map_err(|e| super::save::notation_error_text(&e))
}

/// The match of a snapshot; or the events that bring `current` to it, when the server's
/// turns continue ours.
fn rebuild_or_catch_up(
    snap: &Snapshot,
    current: Option<&mut Match>,
    players: [crate::players::Player; 2],
) -> Result<Caught, String> {
    let Snapshot::FiveD {
        save,
        turn,
        outcome,
        clocks,
    } = snap
    else {
        return Err("not a 5D game".into());
    };
    let saved = read_save(save)?;
    let outcome = outcome.as_deref().map(parse_outcome).transpose()?;
    if let Some(m) = current {
        let mut probe = m.clone();
        let caught = catch_up(&mut probe, 0, &saved.game.actions).and_then(|mut evs| {
            let n = probe.game.actions.len();
            evs.extend(catch_up_turn(&mut probe, n, turn)?);
            if let Some(o) = outcome
                && !probe.is_over()
            {
                probe.finish(o);
                evs.push(MatchEvent::Over(o));
            }
            Ok(evs)
        });
        if let Ok(evs) = caught {
            *m = probe;
            return Ok(Caught::Up(evs, *clocks));
        }
    }
    let mut m = saved.into_match(players);
    m.players = players;
    let moves = notation::read_turn_moves(&m.pos, turn)
        .map_err(|e| super::save::notation_error_text(&e))?;
    for mv in &moves {
        m.pos.make_move(mv);
    }
    m.outcome = outcome;
    Ok(Caught::New(Box::new(m), *clocks))
}

/// Brings `m`'s submitted turns to the server's (`theirs` from turn `from` on): ours must
/// be where theirs begin.
pub fn catch_up(
    m: &mut Match,
    from: usize,
    theirs: &[Vec<Move>],
) -> Result<Vec<MatchEvent>, String> {
    let new = turns_after_ours(&m.game.actions, from, theirs)?;
    let mut events = Vec::new();
    for action in new.iter().cloned() {
        let in_turn: Vec<Move> = m.pos.turn_moves().copied().collect();
        // Our own turn, made move by move and now submitted: submit it, as at one computer.
        let req = if in_turn == action {
            Request::Submit
        } else {
            Request::SubmitAction(action)
        };
        events.push(m.apply(&req)?);
    }
    Ok(events)
}

/// Brings the turn in progress to the server's (after `actions` submitted turns): our moves
/// that differ are taken back, the server's made.
pub fn catch_up_turn(m: &mut Match, actions: usize, text: &str) -> Result<Vec<MatchEvent>, String> {
    same_turn(actions, m.game.actions.len())?;
    if m.is_over() {
        return Ok(Vec::new());
    }
    let theirs = notation::read_turn_moves(m.game.position(), text)
        .map_err(|e| super::save::notation_error_text(&e))?;
    let ours: Vec<Move> = m.pos.turn_moves().copied().collect();
    let (undo, play) = moves_to_catch_up(&ours, &theirs);
    let mut events = Vec::new();
    for _ in 0..undo {
        events.push(m.apply(&Request::Undo)?);
    }
    for mv in play {
        events.push(m.apply(&Request::Move(*mv))?);
    }
    Ok(events)
}

impl NetMatch for Match {
    const KIND: GameKind = GameKind::FiveD;
    type Request = Request;
    type Event = MatchEvent;

    fn copy_to_keep(&self, world: &World) -> (String, &'static str, String) {
        let mut copy = self.clone();
        copy.players = [crate::players::Player::Human; 2];
        let name = self.game.header("Board").unwrap_or("5d").to_string();
        let text = save_text(&copy, world.resource::<Clocks>(), None);
        (format!("network-{name}"), "5dpgn", text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words a server writes for each ending (`timefork_online::Ending::text`) read
    /// as the ending they name.
    #[test]
    fn every_outcome_word_of_a_server_reads() {
        let cases = [
            (
                "checkmate white",
                Outcome::Checkmate {
                    winner: Color::White,
                },
            ),
            ("stalemate", Outcome::Stalemate),
            (
                "resignation black",
                Outcome::Resignation {
                    winner: Color::Black,
                },
            ),
            (
                "time-out white",
                Outcome::TimeOut {
                    winner: Color::White,
                },
            ),
            ("draw", Outcome::DrawAgreed),
            (
                "abandoned black",
                Outcome::Abandoned {
                    winner: Color::Black,
                },
            ),
            ("aborted", Outcome::Aborted),
        ];
        for (text, o) in cases {
            assert_eq!(parse_outcome(text), Ok(o), "{text}");
        }
        for bad in ["aborted white", "abandoned", "checkmate grey", "rules"] {
            assert!(parse_outcome(bad).is_err(), "{bad}");
        }
    }
}
