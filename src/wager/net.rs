//! Timeline Wager over the link. Both players play at once, so the host's match time is
//! the time: the joiner's moves, splits, merge answers and resignations go as the event
//! text of a record line (`L0 e2e4`, `L0 e2e4 split 20`, `merge L0 L1 yes`, `resign`),
//! the host applies them at its own time as it applies its own, and sends the new lines
//! of its record (time, side, event) and its time. The joiner replays the lines through
//! the rules at their times, so its clocks, banks and offers are the host's. While the
//! other player is away the match's time stands still on both sides.

use super::matchplay::{WagerEvent, WagerMatch, WagerOrigin, WagerRequest};
use super::texts::error_text;
use crate::game_kit::GameSystems;
use crate::net::adapter::{NetMatch, add_net_match, network_game_is};
use crate::net::host::{FromJoiner, Outbox, SendSnapshot};
use crate::net::join::FromHost;
use crate::net::session::{NetSession, NetTimings, hosting, joining, paused};
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
            host_requests
                .in_set(GameSystems::Input)
                .run_if(hosting)
                .run_if(wager)
                .run_if(resource_exists::<WagerMatch>),
            host_sync
                .after(GameSystems::Think)
                .run_if(hosting)
                .run_if(wager)
                .run_if(resource_exists::<WagerMatch>),
            (forward_requests, apply_from_host)
                .chain()
                .in_set(GameSystems::Apply)
                .run_if(joining)
                .run_if(wager),
        ),
    );
}

/// While the game stands still its time does: the match's time so far is kept, and it
/// goes on from there when play resumes (the host's `tick_flags` restarts it; the
/// joiner's restarts with the host's next time).
fn freeze_time(time: Res<Time<Real>>, mut w: ResMut<WagerMatch>) {
    if w.started_secs.is_some() {
        let now = w.now_ms(time.elapsed_secs_f64());
        w.base_ms = now;
        w.started_secs = None;
    }
}

/// The match's time set to the host's `match_ms`, now.
fn set_time(w: &mut WagerMatch, match_ms: u64, app_secs: f64) {
    w.base_ms = match_ms;
    w.started_secs = Some(app_secs);
}

// ---- the host ----

/// The joiner's events, tried at the host's time on a copy: refused with the rules'
/// reason, or written as requests of the joiner's side (applied the same frame, at the
/// same time).
fn host_requests(
    time: Res<Time<Real>>,
    mut from: MessageReader<FromJoiner>,
    w: Res<WagerMatch>,
    session: Res<NetSession>,
    mut requests: MessageWriter<WagerRequest>,
    mut out: ResMut<Outbox>,
) {
    let side = session.joiner_side.pick(Color::White, Color::Black);
    let now = w.now_ms(time.elapsed_secs_f64());
    for FromJoiner(msg) in from.read() {
        let ToHost::Wager { seq, event } = msg else {
            continue;
        };
        let seq = *seq;
        let answer = Action::parse(event)
            .and_then(|action| match action {
                // A flag falls by the host's clocks, never by the joiner's word.
                Action::Flag => Err(format!("\"{event}\": {}", tr!("net-not-in-network-game"))),
                _ => Ok(action),
            })
            .and_then(|action| {
                w.m.clone()
                    .apply(Event::new(side, action), now)
                    .map(|_| action)
                    .map_err(|e| error_text(&e))
            });
        match answer {
            Ok(action) => {
                requests.write(WagerRequest { side, action });
                out.push(&ToJoiner::Accepted { seq });
            }
            Err(reason) => out.push(&ToJoiner::Rejected { seq, reason }),
        }
    }
}

/// What the joiner has been sent.
#[derive(Default)]
struct Sent {
    match_id: u64,
    events: usize,
    /// When the match time was last sent (`Time<Real>`).
    time_at: Option<std::time::Duration>,
}

/// The event lines of a record (its headers left out).
fn event_lines(record: &str) -> impl Iterator<Item = &str> {
    record
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('['))
}

fn host_sync(
    time: Res<Time<Real>>,
    w: Res<WagerMatch>,
    timings: Res<NetTimings>,
    mut snapshot: MessageReader<SendSnapshot>,
    mut out: ResMut<Outbox>,
    mut sent: Local<Sent>,
) {
    let match_ms = w.now_ms(time.elapsed_secs_f64());
    let events = w.m.events().len();
    let whole = snapshot.read().count() > 0 || sent.match_id != w.id || events < sent.events;
    if whole {
        out.push(&ToJoiner::Snapshot {
            snap: Snapshot::Wager {
                record: w.m.record(),
                match_ms,
            },
        });
    } else if events > sent.events {
        let record = w.m.record();
        out.push(&ToJoiner::Wager {
            sync: WagerSync::Events {
                from: sent.events,
                lines: event_lines(&record)
                    .skip(sent.events)
                    .map(str::to_owned)
                    .collect(),
            },
        });
    }
    let now = time.elapsed();
    let due = sent.time_at.is_none_or(|t| now - t >= timings.clocks);
    if whole || due || events != sent.events {
        out.push(&ToJoiner::Wager {
            sync: WagerSync::Time { match_ms },
        });
        sent.time_at = Some(now);
    }
    sent.match_id = w.id;
    sent.events = events;
}

// ---- the joiner ----

/// The joiner's events: refused here as at one computer (at its copy of the host's time),
/// or sent to the host, which decides.
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
    let own = session.joiner_side.pick(Color::White, Color::Black);
    let now = w.now_ms(time.elapsed_secs_f64());
    for r in requests.read() {
        let checked = if session.pause.is_some() {
            Err(tr!("net-waiting"))
        } else if r.side != own || r.action == Action::Flag {
            Err(tr!("net-not-in-network-game"))
        } else {
            // The host's time may be a little past ours: the check is of the rules, not
            // of the clock (the host's clock decides).
            let at = now.max(w.m.last_event_ms());
            w.m.clone()
                .apply(Event::new(r.side, r.action), at)
                .map(|_| ())
                .map_err(|e| error_text(&e))
        };
        match checked {
            Ok(()) => {
                *seq += 1;
                out.push(&ToHost::Wager {
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

/// The host's lines from event `from` on, applied at their times (all or none): the
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

/// What the host sends, applied to the joiner's match.
#[allow(clippy::too_many_arguments)]
fn apply_from_host(
    time: Res<Time<Real>>,
    mut from: MessageReader<FromHost>,
    mut w: Option<ResMut<WagerMatch>>,
    session: Res<NetSession>,
    mut events: MessageWriter<WagerEvent>,
    mut out: ResMut<Outbox>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    let app = time.elapsed_secs_f64();
    for FromHost(msg) in from.read() {
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
            warn!("the host's match does not follow from ours ({e}); asking for all of it");
            out.push(&ToHost::Resync);
        }
    }
}

impl NetMatch for WagerMatch {
    const KIND: GameKind = GameKind::Wager;
    type Request = WagerRequest;
    type Event = WagerEvent;

    fn refuse(&mut self, reason: String) -> WagerEvent {
        self.feedback = Some(reason.clone());
        WagerEvent::Rejected(reason)
    }

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
