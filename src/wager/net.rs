//! Timeline Wager over the network. Both players play at once, so the server's match
//! time is the time: this computer's moves, splits, merge answers and resignations go as
//! the event text of a record line (`L0 e2e4`, `L0 e2e4 split 20`, `merge L0 L1 yes`,
//! `resign`), the server applies them at its own time, and sends the new lines of its
//! record (time, side, event) and its time. They are replayed through the rules at their
//! times, so the clocks, banks and offers here are the server's. While the connection is
//! lost the time shown stands still (the server's runs on).

use super::matchplay::{WagerEvent, WagerMatch, WagerOrigin, WagerRequest};
use super::texts::error_text;
use crate::game_kit::GameSystems;
use crate::net::adapter::{NetMatch, add_net_match, network_game_is};
use crate::net::frames::{FromServer, Outbox};
use crate::net::session::{NetSession, joining, paused};
use crate::screens::Screen;
use bevy::prelude::*;
use timefork_i18n::tr;
use timefork_net::msg::{Snapshot, ToHost, ToJoiner, WagerSync};
use timefork_records::GameKind;
use timefork_wager::chess::Color;
use timefork_wager::{Action, Event, Match, TimedEvent};

pub(super) fn plugin(app: &mut App) {
    add_net_match::<WagerMatch>(app);
    let wager = network_game_is::<WagerMatch>;
    app.add_systems(
        Update,
        (
            freeze_time
                .in_set(GameSystems::Input)
                .run_if(paused)
                .run_if(resource_exists::<WagerMatch>),
            (forward_requests, apply_from_server)
                .chain()
                .in_set(GameSystems::Apply)
                .run_if(joining)
                .run_if(wager),
        ),
    );
}

/// While the connection is lost the time shown stands still: the match's time so far is
/// kept, and the server's next time sets it again.
fn freeze_time(time: Res<Time<Real>>, mut w: ResMut<WagerMatch>) {
    if w.started_secs.is_some() {
        let now = w.now_ms(time.elapsed_secs_f64());
        w.base_ms = now;
        w.started_secs = None;
    }
}

/// The match's time set to the server's `match_ms`, now.
fn set_time(w: &mut WagerMatch, match_ms: u64, app_secs: f64) {
    w.base_ms = match_ms;
    w.started_secs = Some(app_secs);
}

/// The event lines of a record (its headers left out).
fn event_lines(record: &str) -> impl Iterator<Item = &str> {
    record
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('['))
}

/// This computer's events: refused here as at one computer (at its copy of the server's time),
/// or sent to the server, which decides.
fn forward_requests(
    time: Res<Time<Real>>,
    mut requests: MessageReader<WagerRequest>,
    w: Option<ResMut<WagerMatch>>,
    session: Res<NetSession>,
    mut events: MessageWriter<WagerEvent>,
    mut out: ResMut<Outbox>,
    mut seq: Local<u32>,
) {
    let Some(mut w) = w else {
        requests.clear();
        return;
    };
    let own = session.side.pick(Color::White, Color::Black);
    let now = w.now_ms(time.elapsed_secs_f64());
    for r in requests.read() {
        let checked = if session.lost {
            Err(tr!("net-link-lost"))
        } else if r.side != own || r.action == Action::Flag {
            Err(tr!("net-not-in-network-game"))
        } else {
            // The server's time may be a little past ours: the check is of the rules, not
            // of the clock (the server's clock decides).
            let at = now.max(w.m.last_event_ms());
            w.m.clone()
                .apply(Event::new(r.side, r.action), at)
                .map(|_| ())
                .map_err(|e| error_text(&e))
        };
        match checked {
            Ok(()) => {
                *seq += 1;
                out.push(ToHost::Wager {
                    seq: *seq,
                    event: r.action.to_string(),
                });
            }
            Err(reason) => {
                w.feedback = Some(reason.clone());
                events.write(WagerEvent::Rejected(reason));
            }
        }
    }
}

/// The server's lines from event `from` on, applied at their times (all or none): the
/// events for the view, in order.
fn catch_up(w: &mut WagerMatch, from: usize, lines: &[String]) -> Result<Vec<WagerEvent>, String> {
    let ours = w.m.events().len();
    if from > ours || from + lines.len() < ours {
        return Err(format!("events from {from}, {ours} here"));
    }
    let mut m = w.m.clone();
    let mut done = Vec::new();
    for line in &lines[ours - from..] {
        let TimedEvent { at_ms, event } =
            TimedEvent::parse_line(line).map_err(|e| format!("\"{line}\": {e}"))?;
        let applied = m
            .apply(event, at_ms)
            .map_err(|e| format!("\"{line}\": {e:?}"))?;
        done.push((event, applied));
    }
    w.m = m;
    let mut out = Vec::new();
    for (event, applied) in done {
        w.follow(event.side, &applied);
        out.push(WagerEvent::Applied { event, applied });
    }
    if !out.is_empty() {
        w.feedback = None;
        w.refused = None;
    }
    Ok(out)
}

/// What the server sends, applied to the match here.
#[allow(clippy::too_many_arguments)]
fn apply_from_server(
    time: Res<Time<Real>>,
    mut from: MessageReader<FromServer>,
    mut w: Option<ResMut<WagerMatch>>,
    session: Res<NetSession>,
    mut events: MessageWriter<WagerEvent>,
    mut out: ResMut<Outbox>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    let app = time.elapsed_secs_f64();
    for FromServer(msg) in from.read() {
        let r = match (msg, w.as_deref_mut()) {
            (ToJoiner::Snapshot { snap }, current) => {
                let Snapshot::Wager { record, match_ms } = snap else {
                    continue;
                };
                match Match::from_record(record) {
                    Err(e) => Err(e.to_string()),
                    Ok(theirs) => {
                        let lines: Vec<String> = event_lines(record).map(str::to_owned).collect();
                        let caught = current.and_then(|cur| {
                            let continues = cur.m.timelines()[0].game().start()
                                == theirs.timelines()[0].game().start()
                                && theirs.events().starts_with(cur.m.events());
                            let evs = continues.then(|| catch_up(cur, 0, &lines).ok())??;
                            set_time(cur, *match_ms, app);
                            Some(evs)
                        });
                        match caught {
                            Some(evs) => {
                                events.write_batch(evs);
                            }
                            None => {
                                let mut new =
                                    WagerMatch::new(theirs, session.players(), WagerOrigin::New);
                                set_time(&mut new, *match_ms, app);
                                commands.insert_resource(new);
                                next.set(Screen::WagerPlay);
                            }
                        }
                        Ok(())
                    }
                }
            }
            (ToJoiner::Wager { sync }, Some(w)) => match sync {
                WagerSync::Events { from, lines } => catch_up(w, *from, lines).map(|evs| {
                    events.write_batch(evs);
                }),
                WagerSync::Time { match_ms } => {
                    set_time(w, *match_ms, app);
                    Ok(())
                }
            },
            (ToJoiner::Rejected { reason, .. }, Some(w)) => {
                w.feedback = Some(reason.clone());
                events.write(WagerEvent::Rejected(reason.clone()));
                Ok(())
            }
            _ => Ok(()),
        };
        if let Err(e) = r {
            warn!("the server's match does not follow from ours ({e}); asking for all of it");
            out.push(ToHost::Resync);
        }
    }
}

impl NetMatch for WagerMatch {
    const KIND: GameKind = GameKind::Wager;
    type Request = WagerRequest;
    type Event = WagerEvent;

    fn copy_to_keep(&self, _: &World) -> (String, &'static str, String) {
        // Played on by people at one computer, whoever played it.
        let mut copy = self.m.clone();
        for side in ["White", "Black"] {
            copy.set_tag(
                side,
                &super::players::record_name(crate::players::Player::Human),
            );
        }
        ("network-wager".into(), "wager", copy.record())
    }
}
