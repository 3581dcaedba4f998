//! The AI opponent of Timeline Wager. It plays in real time, like the person: whenever it
//! is to move on some timeline or has a merge offer to answer, it thinks on the shared
//! search pool with a snapshot of the match (its clock share sizes the think) and sends
//! one request, which the match validates like a player's. If the match changed in the
//! meantime and the request is refused, it simply thinks again.

use super::matchplay::{WagerMatch, WagerRequest, side_index};
use crate::game_kit::GameSystems;
use crate::game_kit::tasks::{MatchKey, PoolTask, SearchPool};
use crate::players::{AiLevel, Player};
use bevy::prelude::*;
use timefork_wager::ai::{self, AiConfig, Level};
use timefork_wager::chess::Color;
use timefork_wager::{Action, Event};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WagerThinking>();
    app.add_systems(
        Update,
        (start_thinking, poll_thinking)
            .chain()
            .in_set(GameSystems::Think)
            .distributive_run_if(resource_exists::<WagerMatch>),
    );
}

/// Whether each side's AI is thinking (the panels show it).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct WagerThinking(pub [bool; 2]);

/// Tests' limit on the AI's thinks (without it: the crate's budget for the clock).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub enum WagerAiCap {
    /// At most this many milliseconds.
    Millis(u64),
    /// This many search nodes, and no clock: the same play on any machine.
    Nodes(u64),
}

/// One side's think in flight, keyed by the match and its event count when it began.
#[derive(Component)]
pub struct WagerAiTask {
    side: Color,
    /// Whether an offer was waiting for this side's answer when the think began.
    answering: bool,
    task: PoolTask<Option<Event>>,
}

pub fn engine_level(l: AiLevel) -> Level {
    match l {
        AiLevel::Easy => Level::Easy,
        AiLevel::Medium => Level::Medium,
        // Timeline Wager's strongest opponent is Hard.
        AiLevel::Hard | AiLevel::Max => Level::Hard,
    }
}

/// Whether this side has anything to do: a timeline to move on, or an offer to answer.
fn has_work(w: &WagerMatch, side: Color) -> bool {
    w.m.to_move(side).next().is_some() || awaits_answer(w, side)
}

/// Whether an open merge offer waits for this side's answer.
fn awaits_answer(w: &WagerMatch, side: Color) -> bool {
    w.m.offers().iter().any(|o| o.answer(side).is_none())
}

fn start_thinking(
    mut commands: Commands,
    w: Res<WagerMatch>,
    time: Res<Time<Real>>,
    pool: Res<SearchPool>,
    cap: Option<Res<WagerAiCap>>,
    tasks: Query<&WagerAiTask>,
    mut thinking: ResMut<WagerThinking>,
) {
    for side in [Color::White, Color::Black] {
        let Player::Ai(level) = w.player(side) else {
            thinking.0[side_index(side)] = false;
            continue;
        };
        let busy = tasks
            .iter()
            .any(|t| t.task.key.match_id == w.id && t.side == side);
        if busy || w.m.is_over() || !has_work(&w, side) {
            thinking.0[side_index(side)] = busy;
            continue;
        }
        let now = w.now_ms(time.elapsed_secs_f64());
        let level = engine_level(level);
        let mut budget = ai::think_budget_ms(&w.m, side, now, level);
        let mut max_nodes = 0;
        match cap.as_deref() {
            Some(WagerAiCap::Millis(ms)) => budget = budget.min(*ms),
            // A minute: no node-budgeted think comes near it.
            Some(WagerAiCap::Nodes(n)) => (budget, max_nodes) = (60_000, *n),
            None => {}
        }
        let snapshot = w.m.clone();
        let key = MatchKey::new(w.id, w.m.events().len());
        // Both sides may think about the same state at once: their seeds differ.
        let seed = key.seed() ^ side_index(side) as u64;
        let task = PoolTask::spawn(&pool, key, move |stop| {
            let cfg = AiConfig {
                seed,
                max_nodes,
                ..AiConfig::new(level, budget)
            };
            ai::choose_action(&snapshot, side, now, &cfg, stop)
        });
        commands.spawn(WagerAiTask {
            side,
            answering: awaits_answer(&w, side),
            task,
        });
        thinking.0[side_index(side)] = true;
    }
}

fn poll_thinking(
    mut commands: Commands,
    w: Res<WagerMatch>,
    mut tasks: Query<(Entity, &mut WagerAiTask)>,
    mut requests: MessageWriter<WagerRequest>,
) {
    for (e, mut t) in &mut tasks {
        if t.task.key.match_id != w.id || w.m.is_over() {
            commands.entity(e).despawn();
            continue;
        }
        // An offer opened while the AI thought about a move: like a person, it answers the
        // offer first (its move could withdraw the offer unseen), so the move think stops.
        if !t.answering && awaits_answer(&w, t.side) {
            commands.entity(e).despawn();
            continue;
        }
        let Some(answer) = t.task.poll() else {
            continue;
        };
        commands.entity(e).despawn();
        let Some(event) = answer else { continue };
        // An answer to an offer that has since gone is dropped; the AI asks again.
        if let Action::Merge { a, b, .. } = event.action
            && w.m.offer(a, b).is_none()
            && w.m.events().len() != t.task.key.ply
        {
            continue;
        }
        requests.write(WagerRequest {
            side: event.side,
            action: event.action,
        });
    }
}
