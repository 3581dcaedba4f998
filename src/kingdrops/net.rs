//! Kingdrops over the network. The setup: pieces are arranged at this computer and the
//! placement (KFEN's two ranks) goes to the server on Ready; the server checks it with
//! the rules crate and says each side that is ready. The game: this computer's moves go
//! as move text (`e2e3`, `R@d3`), and the server sends its finished turns (a record's
//! turn lines) and the turn in progress, replayed through `KdMatch::apply`, so the board
//! animates as at one computer.

use super::matchplay::{KdEvent, KdMatch, KdOrigin, KdOutcome, KdRequest};
use super::save::{read_record, record_text};
use super::setup::{KdSetup, SetupRequest, apply_setup_request};
use crate::game_kit::GameSystems;
use crate::net::adapter::{
    NetMatch, add_net_match, moves_to_catch_up, network_game_is, same_turn, turns_after_ours,
};
use crate::net::frames::{FromServer, Outbox};
use crate::net::session::{NetSession, joining};
use crate::screens::Screen;
use bevy::prelude::*;
use timefork_i18n::tr;
use timefork_kingdrops::{Color, Move, Placement, Turn};
use timefork_net::msg::{KdReq, KdSync, Snapshot, ToHost, ToJoiner};
use timefork_records::GameKind;

pub(super) fn plugin(app: &mut App) {
    add_net_match::<KdMatch>(app);
    let kingdrops = network_game_is::<KdMatch>;
    app.add_systems(
        Update,
        (forward_setup, forward_requests, apply_from_server)
            .chain()
            .in_set(GameSystems::Apply)
            .run_if(joining)
            .run_if(kingdrops),
    );
}

/// The request that brings a match to an outcome the server sent (`resignation white`,
/// the winner; `draw`; `time-out white`, `abandoned white`, `aborted`). The rules' own
/// endings follow from the turns.
fn outcome_request(text: &str) -> Result<KdRequest, String> {
    match text.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["resignation", "white"] => Ok(KdRequest::ResignSide(Color::Black)),
        ["resignation", "black"] => Ok(KdRequest::ResignSide(Color::White)),
        ["draw"] => Ok(KdRequest::AgreeDraw),
        ["time-out", w] | ["abandoned", w] => {
            let winner = match *w {
                "white" => Color::White,
                "black" => Color::Black,
                _ => return Err(format!("`{text}`: no side `{w}`")),
            };
            Ok(KdRequest::Called(if text.starts_with("time-out") {
                KdOutcome::TimeOut { winner }
            } else {
                KdOutcome::Abandoned { winner }
            }))
        }
        ["aborted"] => Ok(KdRequest::Called(KdOutcome::Aborted)),
        _ => Err(format!("`{text}` is not a Kingdrops outcome")),
    }
}

/// The moves of a turn in progress as the link writes them (`e2e3,d1d2`; empty before
/// the first).
fn read_moves(text: &str) -> Result<Vec<Move>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<Move>().map_err(|e| e.to_string()))
        .collect()
}

impl KdMatch {
    /// Whether `req` would be played, tried on a copy.
    fn apply_checked(&self, req: &KdRequest) -> Result<(), String> {
        self.clone().apply(req).map(|_| ())
    }
}

/// This computer's setup: pieces are placed here (nobody else sees them until Ready), and
/// Ready goes to the server, which checks it and says when the side is done.
fn forward_setup(
    mut requests: MessageReader<SetupRequest>,
    setup: Option<ResMut<KdSetup>>,
    session: Res<NetSession>,
    mut cues: MessageWriter<crate::audio::Cue>,
    mut out: ResMut<Outbox>,
    mut seq: Local<u32>,
) {
    let Some(mut setup) = setup else {
        requests.clear();
        return;
    };
    let own = session.side.pick(Color::White, Color::Black);
    for req in requests.read() {
        if session.lost {
            setup.feedback = Some(tr!("net-link-lost"));
            continue;
        }
        if setup.side != own {
            setup.feedback = Some(tr!("net-not-your-turn"));
            continue;
        }
        if *req != SetupRequest::Ready {
            apply_setup_request(&mut setup, req, &mut cues);
            continue;
        }
        let mut probe = setup.clone();
        match probe.apply(req) {
            Ok(()) => {
                let placement = probe.done[own.index()]
                    .as_ref()
                    .map(Placement::to_text)
                    .unwrap_or_default();
                *seq += 1;
                out.push(ToHost::Kd {
                    seq: *seq,
                    req: KdReq::SetupReady { placement },
                });
            }
            Err(e) => setup.feedback = Some(e),
        }
    }
}

/// This computer's moves: refused here as at one computer, or sent to the server.
fn forward_requests(
    mut requests: MessageReader<KdRequest>,
    m: Option<ResMut<KdMatch>>,
    session: Res<NetSession>,
    mut events: MessageWriter<KdEvent>,
    mut out: ResMut<Outbox>,
    mut seq: Local<u32>,
) {
    let Some(mut m) = m else {
        requests.clear();
        return;
    };
    let own = session.side.pick(Color::White, Color::Black);
    for req in requests.read() {
        let mine = m.to_move() == own;
        let checked = if session.lost {
            Err(tr!("net-link-lost"))
        } else {
            m.apply_checked(req).and_then(|()| match req {
                KdRequest::Move(mv) if mine => Ok(KdReq::Move {
                    text: mv.to_string(),
                }),
                KdRequest::Undo if mine => Ok(KdReq::Undo),
                KdRequest::EndTurn if mine => Ok(KdReq::EndTurn),
                KdRequest::Resign if m.resigner() == Some(own) => Ok(KdReq::Resign),
                KdRequest::Move(_) | KdRequest::Undo | KdRequest::EndTurn => {
                    Err(tr!("net-not-your-turn"))
                }
                _ => Err(tr!("net-not-in-network-game")),
            })
        };
        match checked {
            Ok(req) => {
                *seq += 1;
                out.push(ToHost::Kd { seq: *seq, req });
            }
            Err(reason) => {
                m.feedback = Some(reason.clone());
                events.write(KdEvent::Rejected(reason));
            }
        }
    }
}

/// What the server sends, applied to the setup or match here.
#[allow(clippy::too_many_arguments)]
fn apply_from_server(
    mut from: MessageReader<FromServer>,
    mut m: Option<ResMut<KdMatch>>,
    mut setup: Option<ResMut<KdSetup>>,
    session: Res<NetSession>,
    mut events: MessageWriter<KdEvent>,
    mut cues: MessageWriter<crate::audio::Cue>,
    mut out: ResMut<Outbox>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    for FromServer(msg) in from.read() {
        let r = match (msg, m.as_deref_mut(), setup.as_deref_mut()) {
            (ToJoiner::Snapshot { snap }, current, current_setup) => {
                match rebuild_or_catch_up(snap, current, current_setup, session.players()) {
                    Ok(Rebuilt::Caught(evs)) => {
                        events.write_batch(evs);
                        Ok(())
                    }
                    Ok(Rebuilt::Match(new)) => {
                        commands.insert_resource(*new);
                        commands.remove_resource::<KdSetup>();
                        next.set(Screen::KingdropsPlay);
                        Ok(())
                    }
                    Ok(Rebuilt::Setup(new)) => {
                        commands.insert_resource(*new);
                        commands.remove_resource::<KdMatch>();
                        next.set(Screen::KingdropsSetup);
                        Ok(())
                    }
                    Err(e) => Err(e),
                }
            }
            (ToJoiner::Kd { sync }, m, s) => match (sync, m, s) {
                (KdSync::SetupDone { side, placement }, _, Some(s)) => {
                    let c = side.pick(Color::White, Color::Black);
                    if s.done[c.index()].is_some() {
                        Ok(())
                    } else {
                        Placement::from_text(c, placement)
                            .map_err(|e| e.to_string())
                            .and_then(|p| {
                                s.apply(&SetupRequest::Use(p))?;
                                apply_setup_request(s, &SetupRequest::Ready, &mut cues);
                                match s.done[c.index()] {
                                    Some(_) => Ok(()),
                                    None => Err(format!("{c:?}'s placement does not apply here")),
                                }
                            })
                    }
                }
                (KdSync::Turns { from, lines }, Some(m), _) => lines
                    .iter()
                    .map(|l| l.parse::<Turn>().map_err(|e| e.to_string()))
                    .collect::<Result<Vec<_>, _>>()
                    .and_then(|turns| catch_up(m, *from, &turns))
                    .map(|evs| played(m, &mut events, evs)),
                (KdSync::InTurn { turns, text }, Some(m), _) => {
                    catch_up_turn(m, *turns, text).map(|evs| played(m, &mut events, evs))
                }
                (KdSync::Over { outcome }, Some(m), _) => outcome_request(outcome).and_then(|r| {
                    if m.is_over() {
                        Ok(())
                    } else {
                        m.apply(&r).map(|evs| played(m, &mut events, evs))
                    }
                }),
                // Turns for a match this computer has not started yet: the snapshot that
                // follows the setup brings it.
                _ => Ok(()),
            },
            (ToJoiner::Rejected { reason, .. }, Some(m), _) => {
                m.feedback = Some(reason.clone());
                events.write(KdEvent::Rejected(reason.clone()));
                Ok(())
            }
            (ToJoiner::Rejected { reason, .. }, None, Some(s)) => {
                s.feedback = Some(reason.clone());
                Ok(())
            }
            _ => Ok(()),
        };
        if let Err(e) = r {
            warn!(
                "the server's Kingdrops game does not follow from ours ({e}); asking for all of it"
            );
            out.push(ToHost::Resync);
        }
    }
}

/// Events the server's game brought, written for the view; what was played clears the last
/// refusal, as `apply_requests` does.
fn played(m: &mut KdMatch, events: &mut MessageWriter<KdEvent>, evs: Vec<KdEvent>) {
    if !evs.is_empty() {
        m.feedback = None;
    }
    events.write_batch(evs);
}

enum Rebuilt {
    /// The events that brought the match up to the server's.
    Caught(Vec<KdEvent>),
    Match(Box<KdMatch>),
    Setup(Box<KdSetup>),
}

fn rebuild_or_catch_up(
    snap: &Snapshot,
    current: Option<&mut KdMatch>,
    current_setup: Option<&mut KdSetup>,
    players: [crate::players::Player; 2],
) -> Result<Rebuilt, String> {
    let Snapshot::Kd {
        white,
        black,
        record,
        turn,
        outcome,
    } = snap
    else {
        return Err("not a Kingdrops game".into());
    };
    let Some(record) = record else {
        // Still setting up: the sides that are ready, the rest to come.
        let mut s = KdSetup::new(players);
        for (c, text) in [(Color::White, white), (Color::Black, black)] {
            let Some(text) = text else { break };
            let p = Placement::from_text(c, text).map_err(|e| e.to_string())?;
            s.apply(&SetupRequest::Use(p))?;
            s.apply(&SetupRequest::Ready)?;
        }
        if let Some(cur) = current_setup
            && cur.done == s.done
        {
            return Ok(Rebuilt::Caught(Vec::new()));
        }
        return Ok(Rebuilt::Setup(Box::new(s)));
    };
    let game = read_record(record)?.game;
    let finish = |m: &mut KdMatch| -> Result<Vec<KdEvent>, String> {
        let n = m.game.turns().len();
        let mut evs = catch_up_turn(m, n, turn)?;
        if let Some(o) = outcome
            && !m.is_over()
        {
            evs.extend(m.apply(&outcome_request(o)?)?);
        }
        Ok(evs)
    };
    if let Some(m) = current
        && m.game.start() == game.start()
    {
        let mut probe = m.clone();
        if let Ok(mut evs) = catch_up(&mut probe, 0, game.turns()) {
            evs.extend(finish(&mut probe)?);
            *m = probe;
            return Ok(Rebuilt::Caught(evs));
        }
    }
    let mut m = KdMatch::new(game, players, KdOrigin::Setup);
    finish(&mut m)?;
    Ok(Rebuilt::Match(Box::new(m)))
}

/// Brings `m`'s finished turns to the server's (`theirs` from turn `from` on).
fn catch_up(m: &mut KdMatch, from: usize, theirs: &[Turn]) -> Result<Vec<KdEvent>, String> {
    let new = turns_after_ours(m.game.turns(), from, theirs)?;
    let mut events = Vec::new();
    for turn in new {
        let before = m.game.turns().len();
        // Our own turn, made move by move, now ended: end it, as at one computer.
        if m.moves.as_slice() != turn.moves() {
            events.extend(catch_up_turn(m, before, "")?);
            for mv in turn.moves() {
                events.extend(m.apply(&KdRequest::Move(*mv))?);
            }
        }
        // A winning move ends its turn by itself.
        if m.game.turns().len() == before {
            events.extend(m.apply(&KdRequest::EndTurn)?);
        }
    }
    Ok(events)
}

/// Brings the turn in progress to the server's (after `turns` finished turns).
fn catch_up_turn(m: &mut KdMatch, turns: usize, text: &str) -> Result<Vec<KdEvent>, String> {
    same_turn(turns, m.game.turns().len())?;
    if m.is_over() {
        return Ok(Vec::new());
    }
    let theirs = read_moves(text)?;
    let (undo, play) = moves_to_catch_up(&m.moves, &theirs);
    let mut events = Vec::new();
    for _ in 0..undo {
        events.extend(m.apply(&KdRequest::Undo)?);
    }
    for mv in play {
        events.extend(m.apply(&KdRequest::Move(*mv))?);
    }
    Ok(events)
}

impl NetMatch for KdMatch {
    const KIND: GameKind = GameKind::Kingdrops;
    type Request = KdRequest;
    type Event = KdEvent;

    fn copy_to_keep(&self, _: &World) -> (String, &'static str, String) {
        let mut copy = self.clone();
        copy.players = [crate::players::Player::Human; 2];
        ("network-kingdrops".into(), "kingdrops", record_text(&copy))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The endings a server says outside the rules (`timefork_online::Ending::text`) end
    /// the match here the same way.
    #[test]
    fn every_outcome_word_of_a_server_reads() {
        let cases = [
            (
                "resignation white",
                KdOutcome::Resigned {
                    winner: Color::White,
                },
            ),
            ("draw", KdOutcome::DrawAgreed),
            (
                "time-out black",
                KdOutcome::TimeOut {
                    winner: Color::Black,
                },
            ),
            (
                "abandoned white",
                KdOutcome::Abandoned {
                    winner: Color::White,
                },
            ),
            ("aborted", KdOutcome::Aborted),
        ];
        for (text, o) in cases {
            let expected = match o {
                KdOutcome::Resigned { winner } => KdRequest::ResignSide(winner.opponent()),
                KdOutcome::DrawAgreed => KdRequest::AgreeDraw,
                other => KdRequest::Called(other),
            };
            assert_eq!(outcome_request(text), Ok(expected), "{text}");
        }
        for bad in ["time-out", "abandoned grey", "aborted white", "rules"] {
            assert!(outcome_request(bad).is_err(), "{bad}");
        }
    }
}
