//! Computer players and hints. The AI thinks on the search pool (threads of its own, see
//! `search_pool`) with a clone of the position, so the window keeps rendering and the mate
//! check never waits for it; its answer comes back as a whole-turn request that the match
//! validates like a player's. A hint runs the same AI for the human.

use super::{AiLevel, AiThinking, Match, MateCheck, Player, Request, color_index};
use crate::game_kit::GameSystems;
use crate::game_kit::LevelBudgets;
use crate::game_kit::tasks::{MatchKey, PoolTask, SearchPool};
use bevy::prelude::*;
use std::time::Duration;
use timefork_engine::ai::{self, AiConfig, Level, Limit, NoChoice};
use timefork_engine::{GameStatus, Move};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hint>();
    app.init_resource::<AiBudgets>();
    app.add_message::<HintRequest>();
    app.add_systems(
        Update,
        (start_thinking, poll_thinking, start_hint, poll_hint)
            .chain()
            .in_set(GameSystems::Think)
            .distributive_run_if(resource_exists::<Match>),
    );
}

/// Thinking time per turn for each level (Max uses all of its time).
#[derive(Resource, Debug, Clone, Copy)]
pub struct AiBudgets {
    pub levels: LevelBudgets,
    pub hint: Duration,
    /// Thinking by work instead of these times (tests: the same turns on any machine).
    pub limit: Option<Limit>,
}

impl Default for AiBudgets {
    fn default() -> Self {
        AiBudgets {
            levels: LevelBudgets::from_millis(300, 1000, 2500, 8000),
            hint: Duration::from_millis(1500),
            limit: None,
        }
    }
}

pub fn engine_level(l: AiLevel) -> Level {
    match l {
        AiLevel::Easy => Level::Easy,
        AiLevel::Medium => Level::Medium,
        AiLevel::Hard => Level::Hard,
        AiLevel::Max => Level::Max,
    }
}

/// The AI's search in flight: which position it is for, and its stop flag.
#[derive(Component)]
pub struct AiTask {
    /// A whole turn, or why there is none (mate or stalemate proved, or stopped).
    task: PoolTask<Result<Vec<Move>, NoChoice>>,
    hint: bool,
}

fn key(m: &Match) -> MatchKey {
    MatchKey::new(m.id, m.game.actions.len())
}

/// Ask for a hint for the human to move.
#[derive(Message, Debug, Clone, Copy)]
pub struct HintRequest;

/// The last hint: the turn the AI would play, for the position it was asked in.
#[derive(Resource, Default, Debug, Clone)]
pub struct Hint {
    pub key: Option<MatchKey>,
    pub thinking: bool,
    pub action: Option<Vec<Move>>,
}

fn spawn_search(
    commands: &mut Commands,
    pool: &SearchPool,
    m: &Match,
    level: AiLevel,
    budget: Duration,
    limit: Option<Limit>,
    hint: bool,
) {
    let pos = m.game.position().clone();
    let k = key(m);
    let task = PoolTask::spawn(pool, k, move |stop| {
        let cfg = AiConfig {
            level: engine_level(level),
            budget,
            seed: k.seed(),
            limit,
        };
        ai::choose_action(&pos, &cfg, stop).map(|o| o.action)
    });
    commands.spawn(AiTask { task, hint });
}

/// The think budget: the level's, less when the clock is short (a twentieth of the time
/// left plus most of the increment, at least a tenth of a second).
pub fn think_budget(
    level_budget: Duration,
    left: Option<Duration>,
    increment: Duration,
) -> Duration {
    match left {
        Some(left) => {
            level_budget.min((left / 20 + increment * 3 / 4).max(Duration::from_millis(100)))
        }
        None => level_budget,
    }
}

fn start_thinking(
    mut commands: Commands,
    m: Res<Match>,
    budgets: Res<AiBudgets>,
    clocks: Res<super::clocks::Clocks>,
    pool: Res<SearchPool>,
    tasks: Query<&AiTask>,
    mut thinking: ResMut<AiThinking>,
) {
    // In a puzzle the solver plays the defence (`fived::puzzles`), not the AI.
    let (Player::Ai(level), false) = (m.player_to_move(), m.origin == super::Origin::Puzzle) else {
        thinking.set_if_neq(AiThinking(false));
        return;
    };
    // Wait for the mate check: a side with no legal turn does not think.
    let checked = matches!(
        m.mate_check,
        MateCheck::Done(GameStatus::Ongoing | GameStatus::Check | GameStatus::Unknown)
    );
    if m.is_over() || !checked || tasks.iter().any(|t| !t.hint && t.task.key == key(&m)) {
        return;
    }
    let left = clocks
        .remaining
        .filter(|_| clocks.match_id == m.id)
        .map(|r| r[super::color_index(m.to_move())]);
    let increment = m.time_control.map_or(Duration::ZERO, |tc| tc.increment());
    let budget = think_budget(budgets.levels.of(level), left, increment);
    spawn_search(
        &mut commands,
        &pool,
        &m,
        level,
        budget,
        budgets.limit,
        false,
    );
    thinking.set_if_neq(AiThinking(true));
}

fn poll_thinking(
    mut commands: Commands,
    m: Res<Match>,
    mut tasks: Query<(Entity, &mut AiTask)>,
    mut requests: MessageWriter<Request>,
    mut thinking: ResMut<AiThinking>,
) {
    for (e, mut t) in &mut tasks {
        if t.hint {
            continue;
        }
        if t.task.key != key(&m) || m.is_over() {
            // A think nobody waits for (resignation, a new match) stops, and so does the
            // "thinking" notice.
            commands.entity(e).despawn();
            thinking.set_if_neq(AiThinking(false));
            continue;
        }
        let Some(answer) = t.task.poll() else {
            continue;
        };
        commands.entity(e).despawn();
        thinking.set_if_neq(AiThinking(false));
        match answer {
            Ok(action) => {
                requests.write(Request::SubmitAction(action));
            }
            // Proved: the mate check ends the game. Stopped: only a think nobody waits
            // for is stopped, and the next frame starts a fresh one if one is wanted.
            Err(NoChoice::Checkmate | NoChoice::Stalemate) => {
                info!("the AI has no legal turn; the mate check decides the game")
            }
            Err(NoChoice::Stopped) => {}
        }
    }
}

fn start_hint(
    mut commands: Commands,
    mut asks: MessageReader<HintRequest>,
    mut m: ResMut<Match>,
    budgets: Res<AiBudgets>,
    pool: Res<SearchPool>,
    mut hint: ResMut<Hint>,
) {
    if asks.read().count() == 0
        || m.is_over()
        || m.player_to_move() != Player::Human
        || !m.engine_may_help()
    {
        return;
    }
    if hint.key == Some(key(&m)) && (hint.thinking || hint.action.is_some()) {
        return;
    }
    // The side to move asked the engine: its record says so.
    let side = color_index(m.pos.to_move);
    m.helped[side] = true;
    spawn_search(
        &mut commands,
        &pool,
        &m,
        AiLevel::Hard,
        budgets.hint,
        budgets.limit,
        true,
    );
    *hint = Hint {
        key: Some(key(&m)),
        thinking: true,
        action: None,
    };
}

fn poll_hint(
    mut commands: Commands,
    m: Res<Match>,
    mut tasks: Query<(Entity, &mut AiTask)>,
    mut hint: ResMut<Hint>,
) {
    for (e, mut t) in &mut tasks {
        if !t.hint {
            continue;
        }
        if t.task.key != key(&m) {
            commands.entity(e).despawn();
            continue;
        }
        if let Some(answer) = t.task.poll() {
            commands.entity(e).despawn();
            *hint = Hint {
                key: Some(t.task.key),
                thinking: false,
                action: answer.ok(),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_clock_shortens_the_think() {
        let s = Duration::from_secs;
        // Untimed: the level's budget.
        assert_eq!(think_budget(s(8), None, s(0)), s(8));
        // 100 s left + 4 s increment: 5 s + 3 s = 8 s, within Max's 8 s.
        assert_eq!(think_budget(s(8), Some(s(100)), s(4)), s(8));
        // 20 s left, no increment: 1 s.
        assert_eq!(think_budget(s(8), Some(s(20)), s(0)), s(1));
        // Almost flagged: never under a tenth of a second.
        assert_eq!(
            think_budget(s(8), Some(Duration::from_millis(50)), s(0)),
            Duration::from_millis(100)
        );
    }
}
