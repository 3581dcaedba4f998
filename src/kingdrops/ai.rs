//! The computer player. It thinks on the search pool (threads of their own, see
//! `search_pool`) with a copy of the game, so the window keeps drawing; its turn comes
//! back whole and is played through the same requests a person's clicks send, one move
//! at a time with a pause between them, so each move animates, and then ends the turn.
//! Its setup is chosen the same way and placed with a `SetupRequest`, then Ready.

use super::matchplay::{KdMatch, KdRequest};
use super::setup::{KdSetup, SetupRequest};
use crate::game_kit::GameSystems;
use crate::game_kit::LevelBudgets;
use crate::game_kit::tasks::{MatchKey, PoolTask, SearchPool};
use crate::players::{AiLevel, Player};
use bevy::prelude::*;
use std::collections::VecDeque;
use std::time::Duration;
use timefork_kingdrops::ai::{self, AiConfig, Level};
use timefork_kingdrops::{Color, Move, Placement, Turn};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KdAiBudgets>();
    app.init_resource::<KdAiState>();
    app.init_resource::<KdSetupSeed>();
    app.add_systems(
        Update,
        (poll_setup, start_setup)
            .chain()
            .in_set(GameSystems::Input)
            .distributive_run_if(resource_exists::<KdSetup>),
    );
    app.add_systems(
        Update,
        play_back
            .in_set(GameSystems::Input)
            .run_if(resource_exists::<KdMatch>),
    );
    app.add_systems(
        Update,
        (start_thinking, poll_thinking)
            .chain()
            .in_set(GameSystems::Think)
            .distributive_run_if(resource_exists::<KdMatch>),
    );
}

/// Thinking time per turn for each level (Easy and Medium use only part of it, see the
/// rules crate's `Level`), and the pause between the moves of its turn.
#[derive(Resource, Debug, Clone, Copy)]
pub struct KdAiBudgets {
    pub levels: LevelBudgets,
    pub pause: Duration,
    /// Thinking this many turns deep instead of the levels' times (tests: the same turns
    /// on any machine).
    pub depth: Option<u32>,
}

impl Default for KdAiBudgets {
    fn default() -> Self {
        KdAiBudgets {
            levels: LevelBudgets::from_millis(1000, 1600, 2500, 6000),
            pause: Duration::from_millis(450),
            depth: None,
        }
    }
}

/// The seed of the AI's next setup: a new one each time, from the clock at start (tests
/// set their own).
#[derive(Resource, Debug)]
pub struct KdSetupSeed(pub u64);

impl Default for KdSetupSeed {
    fn default() -> Self {
        KdSetupSeed(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(3),
        )
    }
}

/// The rules crate's level for a player's level (it has no level above Hard: Max is
/// Hard with more time).
pub fn engine_level(l: AiLevel) -> Level {
    match l {
        AiLevel::Easy => Level::Easy,
        AiLevel::Medium => Level::Medium,
        AiLevel::Hard | AiLevel::Max => Level::Hard,
    }
}

/// Whether the AI is thinking (the panels show it), and the moves of its turn still to
/// be played.
#[derive(Resource, Default, Debug)]
pub struct KdAiState {
    pub thinking: bool,
    pub setting_up: bool,
    playback: Option<Playback>,
}

#[derive(Debug)]
struct Playback {
    key: MatchKey,
    moves: VecDeque<Move>,
    next_at: f64,
}

/// A turn being thought about, for the match and turn it is for.
type TurnTask = PoolTask<Option<Turn>>;

/// A setup being chosen, for the side it is for.
#[derive(Component)]
struct SetupTask {
    side: Color,
    task: PoolTask<Placement>,
}

fn key(m: &KdMatch) -> MatchKey {
    MatchKey::new(m.id, m.game.turns().len())
}

fn start_thinking(
    mut commands: Commands,
    m: Res<KdMatch>,
    budgets: Res<KdAiBudgets>,
    pool: Res<SearchPool>,
    tasks: Query<&TurnTask>,
    mut st: ResMut<KdAiState>,
) {
    let Player::Ai(level) = m.player_to_move() else {
        return;
    };
    let k = key(&m);
    let waiting = st.playback.as_ref().is_some_and(|p| p.key == k);
    if m.is_over() || !m.moves.is_empty() || waiting || tasks.iter().any(|t| t.key == k) {
        return;
    }
    let game = m.game.clone();
    let cfg = AiConfig {
        level: engine_level(level),
        budget: budgets.levels.of(level),
        seed: k.seed(),
        depth: budgets.depth,
    };
    commands.spawn(TurnTask::spawn(&pool, k, move |stop| {
        ai::choose_turn(&game, &cfg, stop).map(|o| o.turn)
    }));
    st.thinking = true;
}

fn poll_thinking(
    mut commands: Commands,
    m: Res<KdMatch>,
    time: Res<Time<Real>>,
    budgets: Res<KdAiBudgets>,
    mut tasks: Query<(Entity, &mut TurnTask)>,
    mut st: ResMut<KdAiState>,
) {
    for (e, mut t) in &mut tasks {
        if t.key != key(&m) || m.is_over() {
            // Nobody waits for this think any more (a resignation, another match).
            commands.entity(e).despawn();
            st.thinking = false;
            continue;
        }
        let Some(answer) = t.poll() else {
            continue;
        };
        commands.entity(e).despawn();
        st.thinking = false;
        match answer {
            Some(turn) => {
                st.playback = Some(Playback {
                    key: t.key,
                    moves: turn.moves().iter().copied().collect(),
                    next_at: time.elapsed_secs_f64() + budgets.pause.as_secs_f64() * 0.5,
                });
            }
            None => warn!("the Kingdrops AI found no turn in a game that goes on"),
        }
    }
}

/// The AI's turn, a move at a time, then its end.
fn play_back(
    m: Res<KdMatch>,
    time: Res<Time<Real>>,
    budgets: Res<KdAiBudgets>,
    mut st: ResMut<KdAiState>,
    mut requests: MessageWriter<KdRequest>,
) {
    let now = time.elapsed_secs_f64();
    let Some(p) = st.playback.as_mut() else {
        return;
    };
    if p.key != key(&m) || m.is_over() {
        // A winning move ended the turn, or the match moved on.
        st.playback = None;
        return;
    }
    if now < p.next_at {
        return;
    }
    match p.moves.pop_front() {
        Some(mv) => {
            requests.write(KdRequest::Move(mv));
            p.next_at = now + budgets.pause.as_secs_f64();
        }
        None => {
            requests.write(KdRequest::EndTurn);
            st.playback = None;
        }
    }
}

fn start_setup(
    mut commands: Commands,
    s: Res<KdSetup>,
    pool: Res<SearchPool>,
    tasks: Query<&SetupTask>,
    mut st: ResMut<KdAiState>,
    mut seeds: ResMut<KdSetupSeed>,
) {
    let Player::Ai(level) = s.player() else {
        st.setting_up = false;
        return;
    };
    if s.finished() || tasks.iter().any(|t| t.side == s.side) {
        return;
    }
    let side = s.side;
    let seed = seeds.0;
    seeds.0 = seeds.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
    // A setup has no position to key: it is for this side of the setup under way.
    let task = PoolTask::spawn(&pool, MatchKey::new(0, side as usize), move |_| {
        ai::choose_setup(side, engine_level(level), seed)
    });
    commands.spawn(SetupTask { side, task });
    st.setting_up = true;
}

fn poll_setup(
    mut commands: Commands,
    s: Res<KdSetup>,
    mut tasks: Query<(Entity, &mut SetupTask)>,
    mut requests: MessageWriter<SetupRequest>,
    mut st: ResMut<KdAiState>,
) {
    for (e, mut t) in &mut tasks {
        if t.side != s.side || s.finished() || s.player() == Player::Human {
            // A setup left behind (a new one started, or the side is a person's now).
            commands.entity(e).despawn();
            continue;
        }
        if let Some(p) = t.task.poll() {
            commands.entity(e).despawn();
            st.setting_up = false;
            requests.write(SetupRequest::Use(p));
            requests.write(SetupRequest::Ready);
        }
    }
}
