//! Analysis: a position of the game (the live one, a browsed one, a loaded file's) opened
//! on a free board where the person moves both sides, with the engine's evaluation and
//! best turn computed on the search pool for every position reached. Turns step back and
//! forth freely (the game's own continuation is there to step into). The game itself waits
//! aside, its clocks stopped, and "Back to the game" puts it back exactly as it was.
//!
//! The analysis board is a `Match` of its own origin, so the mirror, the view and the input
//! work on it as on any game; only this module knows there is a game waiting behind it.

use super::matchplay::clocks::Clocks;
use super::matchplay::{Match, MatchEvent, Origin, Player, Request};
use super::unfinished::KeptFiveD;
use crate::game_kit::GameSystems;
use crate::game_kit::states::ActiveGame;
use crate::game_kit::tasks::{MatchKey, PoolTask, SearchPool};
use crate::game_kit::thinking::Thinking;
use bevy::prelude::*;
use std::time::Duration;
use timefork_engine::ai::{self, AiConfig, Level, Limit, NoChoice, eval};
use timefork_engine::{Game, Move, notation};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>();
    app.init_resource::<EvalBudgets>();
    app.add_message::<AnalysisRequest>();
    app.add_systems(
        Update,
        (
            apply_analysis_requests.in_set(GameSystems::Input),
            follow_events
                .after(GameSystems::Apply)
                .before(GameSystems::Mirror),
            (start_eval, poll_eval).chain().in_set(GameSystems::Think),
        )
            .distributive_run_if(resource_exists::<Match>),
    );
    app.add_systems(
        OnExit(ActiveGame::FiveD),
        back_on_leaving.before(super::unfinished::keep_on_leaving),
    );
}

/// What the person asks of the analysis.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisRequest {
    /// Opens the state after the first `k` actions of the game (`None`: the live
    /// position) on the free board.
    Start(Option<usize>),
    /// The last turn comes off (kept to step forward into).
    Back,
    /// The turn stepped back from last is played again.
    Forward,
    /// The engine's best turn is played.
    PlayBest,
    /// Closes the analysis: the game comes back as it was.
    ToGame,
}

/// The game waiting behind the analysis board, with its clocks and where it is kept.
struct Waiting {
    game: Match,
    clocks: Clocks,
    kept: KeptFiveD,
}

/// The analysis in progress, if any.
#[derive(Resource, Default)]
pub struct Analysis {
    waiting: Option<Waiting>,
    /// The analysis board's match id.
    board_id: u64,
    /// Turns stepped back from (the last one first to come back).
    forward: Vec<Vec<Move>>,
    /// The evaluation of the position at the start of the turn now being made.
    pub eval: Option<Evaluation>,
    task: Option<PoolTask<Result<ai::AiOutcome, NoChoice>>>,
    /// The search budget of the task running (an index into `EvalBudgets`).
    stage: usize,
}

/// The engine's word on a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    pub key: MatchKey,
    /// In centipawns for White (mate scores near +-`eval::MATE`).
    pub white: i32,
    /// The best turn, empty when the position has none (mate, stalemate).
    pub best: Vec<Move>,
    /// `best` in 5DPGN.
    pub best_text: String,
    pub depth: u32,
    /// A deeper search of the same position is still running.
    pub deepening: bool,
}

/// How long the engine looks at each position: a quick first answer, then a deeper one.
#[derive(Resource, Clone, Debug)]
pub struct EvalBudgets(pub Vec<Thinking>);

impl Default for EvalBudgets {
    fn default() -> Self {
        EvalBudgets(vec![
            Thinking::Time(Duration::from_millis(400)),
            Thinking::Time(Duration::from_millis(3000)),
        ])
    }
}

impl Analysis {
    /// Whether `m` is the analysis board.
    pub fn is_open(&self, m: &Match) -> bool {
        self.waiting.is_some() && m.id == self.board_id && m.origin == Origin::Analysis
    }

    /// Whether a turn stepped back from can be played again.
    pub fn can_go_forward(&self) -> bool {
        !self.forward.is_empty()
    }

    /// The players of the game waiting (the view keeps its side).
    pub fn waiting_players(&self) -> Option<[Player; 2]> {
        self.waiting.as_ref().map(|w| w.game.players)
    }

    /// Whether the search is still looking at the position on the board.
    pub fn thinking(&self, m: &Match) -> bool {
        self.task.as_ref().is_some_and(|t| t.key == key(m))
    }

    /// The evaluation for the position on the board, if the engine has answered.
    pub fn current(&self, m: &Match) -> Option<&Evaluation> {
        self.eval.as_ref().filter(|e| e.key == key(m))
    }
}

fn key(m: &Match) -> MatchKey {
    MatchKey::new(m.id, m.game.actions.len())
}

/// Whether the game on the board may be analysed (not a puzzle, a lesson, the backdrop, or
/// the analysis itself).
pub fn can_analyse(m: &Match) -> bool {
    matches!(m.origin, Origin::Variant | Origin::File | Origin::Pasted) && m.engine_may_help()
}

/// The analysis board for the state after `k` actions of `m`'s game, and the rest of the
/// game to step forward into.
fn board_for(m: &Match, k: usize) -> Result<(Match, Vec<Vec<Move>>), String> {
    let k = k.min(m.game.actions.len());
    let mut g = Game::new(m.game.start.clone());
    g.headers = m.game.headers.clone();
    for a in &m.game.actions[..k] {
        g.apply_action(a).map_err(|e| format!("{e:?}"))?;
    }
    let forward = m.game.actions[k..].iter().rev().cloned().collect();
    Ok((
        Match::new(g, [Player::Human; 2]).from_origin(Origin::Analysis),
        forward,
    ))
}

fn apply_analysis_requests(
    mut asks: MessageReader<AnalysisRequest>,
    mut m: ResMut<Match>,
    mut analysis: ResMut<Analysis>,
    mut clocks: ResMut<Clocks>,
    mut kept: ResMut<KeptFiveD>,
    mut requests: MessageWriter<Request>,
) {
    for ask in asks.read() {
        let open = analysis.is_open(&m);
        match *ask {
            AnalysisRequest::Start(state) if !open && can_analyse(&m) => {
                let k = state.unwrap_or(m.game.actions.len());
                let (board, forward) = match board_for(&m, k) {
                    Ok(b) => b,
                    Err(e) => {
                        warn!("cannot analyse state {k}: {e}");
                        m.feedback = Some(e);
                        continue;
                    }
                };
                // Looking at the engine's view while the game is on keeps it off the
                // leaderboard, as a take-back does.
                if !m.is_over() {
                    m.analysed = true;
                    // The person's sides asked the engine.
                    let players = m.players;
                    for (helped, player) in m.helped.iter_mut().zip(players) {
                        *helped |= player == Player::Human;
                    }
                }
                analysis.board_id = board.id;
                analysis.forward = forward;
                analysis.eval = None;
                analysis.task = None;
                let game = std::mem::replace(&mut *m, board);
                analysis.waiting = Some(Waiting {
                    game,
                    clocks: clocks.clone(),
                    kept: std::mem::take(&mut *kept),
                });
            }
            AnalysisRequest::Back if open => {
                requests.write(Request::Retract);
            }
            AnalysisRequest::Forward if open => {
                if let Some(a) = analysis.forward.last() {
                    requests.write(Request::SubmitAction(a.clone()));
                }
            }
            AnalysisRequest::PlayBest if open => {
                if let Some(e) = analysis.current(&m).filter(|e| !e.best.is_empty()) {
                    requests.write(Request::SubmitAction(e.best.clone()));
                }
            }
            AnalysisRequest::ToGame if open => {
                back_to_game(&mut m, &mut analysis, &mut clocks, &mut kept);
            }
            _ => {}
        }
    }
}

fn back_to_game(m: &mut Match, analysis: &mut Analysis, clocks: &mut Clocks, kept: &mut KeptFiveD) {
    if let Some(w) = analysis.waiting.take() {
        *m = w.game;
        *clocks = w.clocks;
        *kept = w.kept;
    }
    analysis.forward.clear();
    analysis.eval = None;
    analysis.task = None;
}

/// Leaving the game during an analysis leaves the game itself (kept as it was), not the
/// analysis board.
fn back_on_leaving(
    m: Option<ResMut<Match>>,
    mut analysis: ResMut<Analysis>,
    mut clocks: ResMut<Clocks>,
    mut kept: ResMut<KeptFiveD>,
) {
    if let Some(mut m) = m
        && analysis.is_open(&m)
    {
        back_to_game(&mut m, &mut analysis, &mut clocks, &mut kept);
    }
}

/// Keeps the turns to step forward into: a turn played again leaves them, a new turn ends
/// them, a turn stepped back from joins them.
fn follow_events(
    mut events: MessageReader<MatchEvent>,
    m: Res<Match>,
    mut analysis: ResMut<Analysis>,
) {
    if !analysis.is_open(&m) {
        events.clear();
        return;
    }
    for e in events.read() {
        match e {
            MatchEvent::Retracted { action } => analysis.forward.push(action.clone()),
            MatchEvent::Submitted { action, .. } => {
                if analysis.forward.last() == Some(action) {
                    analysis.forward.pop();
                } else {
                    analysis.forward.clear();
                }
            }
            _ => {}
        }
    }
}

fn start_eval(
    m: Res<Match>,
    mut analysis: ResMut<Analysis>,
    budgets: Res<EvalBudgets>,
    pool: Res<SearchPool>,
) {
    if !analysis.is_open(&m) {
        return;
    }
    let k = key(&m);
    if analysis.task.as_ref().is_some_and(|t| t.key == k) {
        return;
    }
    // The next budget for this position: the first for a new one, a longer one once an
    // answer is in, none once the longest has answered.
    let stage = match &analysis.eval {
        Some(e) if e.key == k && e.deepening => analysis.stage + 1,
        Some(e) if e.key == k => return,
        _ => 0,
    };
    let Some(&budget) = budgets.0.get(stage) else {
        return;
    };
    let pos = m.game.position().clone();
    analysis.stage = stage;
    analysis.task = Some(PoolTask::spawn(&pool, k, move |stop| {
        let cfg = AiConfig {
            level: Level::Hard,
            budget: budget.time(),
            seed: k.seed(),
            limit: budget.depth().map(Limit::Depth),
        };
        ai::choose_action(&pos, &cfg, stop)
    }));
}

fn poll_eval(m: Res<Match>, mut analysis: ResMut<Analysis>, budgets: Res<EvalBudgets>) {
    let k = key(&m);
    let Some(task) = analysis.task.as_mut() else {
        return;
    };
    if task.key != k {
        // The position moved on: the next frame looks at the new one.
        analysis.task = None;
        return;
    }
    let Some(answer) = task.poll() else {
        return;
    };
    analysis.task = None;
    let pos = m.game.position();
    let depth = answer.as_ref().map_or(0, |o| o.depth);
    // A position with no turn (mate, stalemate) has nothing deeper to find.
    let deepening = answer.is_ok() && analysis.stage + 1 < budgets.0.len();
    analysis.eval = white_view(pos, answer).map(|(white, best)| Evaluation {
        key: k,
        white,
        best_text: notation::write_action(pos, &best),
        best,
        depth,
        deepening,
    });
}

// The AI's answer as White sees it: one definition in the engine, for the review and
// `timefork-cli eval` too.
pub use timefork_engine::ai::for_white::white_view;

/// A score for White as players read it: "+1.25", "-0.40", or who mates.
pub fn score_text(white: i32) -> String {
    use timefork_i18n::tr;
    if white.abs() >= eval::MATE_BOUND {
        let side = if white > 0 { "white" } else { "black" };
        return tr!("fived-analysis-mates", side = side);
    }
    ai::for_white::score_words(white)
}

#[cfg(test)]
mod tests {
    use super::*;
    use timefork_engine::Color;

    #[test]
    fn scores_read_as_pawns_for_white() {
        assert_eq!(score_text(125), "+1.25");
        assert_eq!(score_text(-40), "-0.40");
        assert_eq!(score_text(0), "+0.00");
    }

    #[test]
    fn the_board_starts_at_the_chosen_state_with_the_rest_to_step_into() {
        let mut m = Match::from_variant("Standard", [Player::Human, Player::Human]).unwrap();
        // Two turns: 1. e3 / e6 (found by their notation).
        for text in ["e3", "e6"] {
            let mut all = Vec::new();
            for (l, _) in m.pos.playable_boards() {
                m.pos.board_moves(l, &mut all);
            }
            let mv = *all
                .iter()
                .find(|x| notation::write_move(&m.pos, x).ends_with(text))
                .unwrap();
            m.apply(&Request::SubmitAction(vec![mv])).unwrap();
        }
        let (board, forward) = board_for(&m, 1).unwrap();
        assert_eq!(board.origin, Origin::Analysis);
        assert_eq!(board.players, [Player::Human; 2]);
        assert_eq!(board.game.actions.len(), 1);
        assert_eq!(board.to_move(), Color::Black);
        assert_eq!(forward, vec![m.game.actions[1].clone()]);
        assert!(board.time_control.is_none(), "no clocks on the free board");
    }

    #[test]
    fn only_the_analysis_board_steps_back_and_it_does_so_after_a_mate() {
        let mut game = Match::from_variant("Standard", [Player::Human; 2]).unwrap();
        assert!(game.apply(&Request::Retract).is_err());
        let mut all = Vec::new();
        for (l, _) in game.pos.playable_boards() {
            game.pos.board_moves(l, &mut all);
        }
        let first = vec![all[0]];
        game.apply(&Request::SubmitAction(first.clone())).unwrap();
        let (mut board, _) = board_for(&game, 1).unwrap();
        board.finish(super::super::matchplay::Outcome::Stalemate);
        assert_eq!(
            board.apply(&Request::Retract),
            Ok(MatchEvent::Retracted { action: first })
        );
        assert!(board.outcome.is_none());
        assert!(board.game.actions.is_empty());
        assert!(board.apply(&Request::Retract).is_err(), "nothing left");
    }
}
