//! The puzzle in play. It is a 5D `Match` (`Origin::Puzzle`) of the puzzle's game: the
//! person plays the side to move, and the other side is marked as a computer player so
//! that nobody clicks its pieces, but the usual AI never thinks in a puzzle: its turns
//! are the solver's replies, played from here.
//!
//! Each turn the person submits is judged on the search pool, from the position at the
//! start of that turn with the turns left (`puzzle::judge`): mate solves the puzzle (the
//! solved set is saved); right plays the defence's best reply as a whole-turn request, so
//! it animates like an AI's turn; wrong stops with the reason and the refutation, until
//! the player retries the turn or starts over; unknown (a budget ran out) likewise.
//! Everything the session knows is keyed by the match's id and its number of actions, so
//! an answer about a position that has gone (a retry, another puzzle) is dropped.

use super::catalogue::{CatalogueEntry, PuzzleCatalogue};
use super::progress::{PuzzleProgressFile, SolvedPuzzles, mark_solved};
use crate::fived::matchplay::{Match, Origin, Request, place};
use crate::play::GameSystems;
use crate::play::tasks::{MatchKey, PoolTask, SearchPool};
use crate::players::{AiLevel, Player};
use crate::saved_games::OpenGame;
use crate::screens::Screen;
use bevy::prelude::*;
use std::time::Duration;
use timefork_engine::puzzle::{
    Action, Goal, Puzzle, PuzzleError, Solution, SolveLimits, Verdict, Wrong, judge, solve,
};
use timefork_engine::{Color, Move, Position, notation};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ActivePuzzle>();
    app.init_resource::<PuzzleLimits>();
    app.add_message::<PuzzleRequest>();
    app.add_systems(
        Update,
        (
            super::progress::load_progress,
            adopt,
            answer_requests,
            start_judging,
            poll_tasks,
        )
            .chain()
            .in_set(GameSystems::Think),
    );
}

/// What the person asks of the puzzle in play (the panels send these; so do tests).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum PuzzleRequest {
    /// Open a puzzle of the list (by id) at its start, and show it.
    Open(String),
    /// Open the puzzle after the current one in the list.
    Next,
    /// Back to the puzzle's position.
    StartOver,
    /// Back to the start of the turn that failed (or ran out of time).
    RetryTurn,
    /// The first move of a solution from the position now: its piece.
    Hint,
    /// The hinted move itself, not just its piece.
    HintMove,
    /// The solution line from the puzzle's position; the boards go back to it so the line
    /// can be played out with `Step`.
    ShowSolution,
    /// Play the next action of the solution shown.
    Step,
}

/// Budgets of the searches behind a puzzle (tests make them small).
#[derive(Resource, Debug, Clone, Copy)]
pub struct PuzzleLimits {
    /// Actions the solver may try per judgement, hint or solution.
    pub max_nodes: u64,
    /// Moves each exact search inside may make.
    pub search_nodes: u64,
    /// Wall-clock time per judgement, hint or solution.
    pub time: Duration,
}

impl Default for PuzzleLimits {
    /// The engine's defaults (the whole shipped set verifies within them in under 2 s a
    /// puzzle), and 30 s of wall clock so a slow machine still answers "unknown" in time.
    fn default() -> Self {
        let d = SolveLimits::default();
        PuzzleLimits {
            max_nodes: d.max_nodes,
            search_nodes: d.search_nodes,
            time: Duration::from_secs(30),
        }
    }
}

/// Where the attempt stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The person's turn, or the defence's reply on its way.
    Play,
    /// The turn just submitted is being judged.
    Judging,
    /// Mate. `marked`: the solved mark was given (not after the solution was shown).
    Solved { marked: bool },
    /// The turn just submitted fails: why, and the defence that escapes (drawn on the
    /// boards; `None` when the turn was a stalemate or not legal).
    Wrong {
        why: Why,
        refutation: Option<Action>,
    },
    /// The judgement ran out of budget: neither right nor wrong was proved.
    Unknown,
    /// The solution, played out step by step from the puzzle's position.
    Watching,
}

/// Why a submitted turn fails: the engine's verdict with what its words need. It reads as
/// the engine's explanation in English (`Wrong::explain`, for logs and tests); `text` says
/// it in the current language for the panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    pub wrong: Wrong,
    /// The goal at the start of the turn judged.
    pub goal: Goal,
    /// The refutation in 5DPGN (empty when there is none).
    pub reply: String,
    english: String,
}

impl Why {
    /// `after`: the position after the submitted action (the defender to move).
    pub fn new(wrong: Wrong, after: &Position, goal: Goal) -> Why {
        let reply = match &wrong {
            Wrong::Escapes { refutation, .. } => notation::write_action(after, refutation),
            Wrong::Illegal(_) | Wrong::Stalemate => String::new(),
        };
        let english = wrong.explain(Some(after), goal);
        Why {
            wrong,
            goal,
            reply,
            english,
        }
    }

    /// The reason in the current language, from a capital letter.
    pub fn text(&self) -> String {
        super::texts::wrong_text(&self.wrong, &self.reply, self.goal)
    }
}

impl std::ops::Deref for Why {
    type Target = str;

    fn deref(&self) -> &str {
        &self.english
    }
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.english)
    }
}

/// The hint for one position: the first move of a solution from there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintState {
    pub key: MatchKey,
    /// `None` while the solver looks; then the move, or why there is none.
    pub answer: Option<Result<Move, PuzzleError>>,
    /// The whole move is shown, not only the piece.
    pub show_move: bool,
}

/// One puzzle being played.
#[derive(Clone, Debug)]
pub struct Session {
    pub id: String,
    pub puzzle: Puzzle,
    /// The match it is played in (a retry makes a new one).
    pub match_id: u64,
    /// Actions of the puzzle's own game: the match's actions after these are the attempt.
    pub base: usize,
    pub phase: Phase,
    pub hint: Option<HintState>,
    /// The solution line from the puzzle's position: `None` until asked for (the file's
    /// line, or found by the solver); `Some(None)` while the solver looks.
    pub solution: Option<Option<Result<Vec<Action>, PuzzleError>>>,
    /// The solution was shown: a mate played after that does not earn the solved mark.
    pub revealed: bool,
    /// The defence's last reply in 5DPGN, for the panel.
    pub last_reply: Option<String>,
    /// The position (match id, actions) whose last turn was judged or is being judged.
    judged: Option<MatchKey>,
}

impl Session {
    fn new(entry: &CatalogueEntry, match_id: u64) -> Session {
        Session {
            id: entry.id.clone(),
            puzzle: entry.puzzle.clone(),
            match_id,
            base: entry.puzzle.game.actions.len(),
            phase: Phase::Play,
            hint: None,
            solution: None,
            revealed: false,
            last_reply: None,
            judged: None,
        }
    }

    /// The side that must give mate (the person).
    pub fn attacker(&self) -> Color {
        self.puzzle.to_move()
    }

    pub fn goal(&self) -> Goal {
        self.puzzle.goal
    }

    /// Actions played since the puzzle's position.
    pub fn done(&self, m: &Match) -> usize {
        m.game.actions.len().saturating_sub(self.base)
    }

    /// The attacker's turns still to play, counting the one in progress: the goal at the
    /// start, one less after each of the attacker's turns.
    pub fn turns_left(&self, m: &Match) -> u8 {
        let played = self.done(m).div_ceil(2);
        self.goal()
            .turns()
            .saturating_sub(u8::try_from(played).unwrap_or(u8::MAX))
    }

    /// Whether the person may play now: their side to move, in play, the game not over.
    pub fn players_turn(&self, m: &Match) -> bool {
        matches!(self.phase, Phase::Play | Phase::Watching)
            && !m.is_over()
            && m.to_move() == self.attacker()
    }

    /// The next action of the solution while it is played out, and its number (from 0).
    pub fn next_step(&self, m: &Match) -> Option<(usize, &Action)> {
        let line = self.solution_line()?;
        let k = self.done(m);
        (self.phase == Phase::Watching)
            .then(|| line.get(k).map(|a| (k, a)))
            .flatten()
    }

    /// The solution line, once known.
    pub fn solution_line(&self) -> Option<&Vec<Action>> {
        self.solution.as_ref()?.as_ref()?.as_ref().ok()
    }

    /// The hint for the position now, if there is one for it.
    pub fn hint_now(&self, m: &Match) -> Option<&HintState> {
        self.hint.as_ref().filter(|h| h.key == key(m))
    }

    /// Back to a fresh attempt (after a restart of the boards).
    fn reset_attempt(&mut self) {
        self.phase = Phase::Play;
        self.hint = None;
        self.last_reply = None;
        self.judged = None;
    }
}

/// The puzzle in play, if any, and a puzzle id read from a save being opened.
#[derive(Resource, Default, Debug)]
pub struct ActivePuzzle {
    pub session: Option<Session>,
    pending: Option<String>,
}

impl ActivePuzzle {
    /// The session of this match, if it is a puzzle being played.
    pub fn of(&self, m: &Match) -> Option<&Session> {
        self.session.as_ref().filter(|s| s.match_id == m.id)
    }

    /// The id of the puzzle this match plays, for its save (`TimeforkPuzzle`).
    pub fn id_of(&self, m: &Match) -> Option<&str> {
        self.of(m).map(|s| s.id.as_str())
    }
}

fn key(m: &Match) -> MatchKey {
    MatchKey::new(m.id, m.game.actions.len())
}

/// Who plays a puzzle: the person the attacker, the solver (marked as a computer player)
/// the defence.
pub fn puzzle_players(attacker: Color) -> [Player; 2] {
    let solver = Player::Ai(AiLevel::Max);
    match attacker {
        Color::White => [Player::Human, solver],
        Color::Black => [solver, Player::Human],
    }
}

/// The match that plays `puzzle`'s game plus the first `extra` actions of `attempt`.
fn puzzle_match(puzzle: &Puzzle, attempt: &[Action]) -> Match {
    let mut game = puzzle.game.clone();
    for a in attempt {
        // These actions were played in this very game already, so they apply again.
        if let Err(e) = game.apply_action(a) {
            warn!("a puzzle action did not replay ({e:?}); the attempt restarts there");
            break;
        }
    }
    Match::new(game, puzzle_players(puzzle.to_move())).from_origin(Origin::Puzzle)
}

/// Whether a match plays this puzzle: its game reaches the puzzle's position first.
fn plays(entry: &CatalogueEntry, m: &Match) -> bool {
    let base = entry.puzzle.game.actions.len();
    m.game.actions.len() >= base
        && m.game.position_at(base).position_hash() == entry.puzzle.position().position_hash()
        && m.game.actions[..base] == entry.puzzle.game.actions[..]
}

/// Keeps the session with the match it plays: it ends when the match goes or is replaced
/// by a game that is not this puzzle; a puzzle save being opened (`TimeforkPuzzle`) starts
/// one. A puzzle match whose puzzle is unknown plays on as a game from a file.
fn adopt(
    mut opened: MessageReader<OpenGame>,
    m: Option<ResMut<Match>>,
    mut active: ResMut<ActivePuzzle>,
    catalogue: Res<PuzzleCatalogue>,
) {
    for OpenGame(o) in opened.read() {
        if let Some(saved) = o.get::<crate::fived::save::Saved>() {
            active.pending = saved
                .puzzle
                .clone()
                .filter(|_| saved.origin == Origin::Puzzle);
        }
    }
    let Some(mut m) = m else {
        active.session = None;
        return;
    };
    if active.session.as_ref().is_some_and(|s| s.match_id == m.id) {
        return;
    }
    if m.origin != Origin::Puzzle {
        active.session = None;
        return;
    }
    let pending = active.pending.take();
    let entry = pending
        .as_deref()
        .and_then(|id| catalogue.get(id))
        .filter(|e| plays(e, &m));
    match entry {
        Some(e) => {
            info!("puzzle {} reopened", e.id);
            active.session = Some(Session::new(e, m.id));
        }
        None => {
            warn!(
                "this game says it is a puzzle ({}), but no puzzle of the list starts it; \
                 it is played as a game",
                pending.as_deref().unwrap_or("no id")
            );
            m.origin = Origin::File;
            active.session = None;
        }
    }
}

fn answer_requests(
    mut commands: Commands,
    mut asks: MessageReader<PuzzleRequest>,
    catalogue: Res<PuzzleCatalogue>,
    mut active: ResMut<ActivePuzzle>,
    mut m: Option<ResMut<Match>>,
    mut requests: ResMut<Messages<Request>>,
    screen: Option<Res<State<Screen>>>,
    mut next: ResMut<NextState<Screen>>,
    pool: Res<SearchPool>,
    limits: Res<PuzzleLimits>,
) {
    for ask in asks.read() {
        let open = match ask {
            PuzzleRequest::Open(id) => Some(id.clone()),
            PuzzleRequest::Next => active
                .session
                .as_ref()
                .and_then(|s| catalogue.next_after(&s.id))
                .map(|e| e.id.clone()),
            _ => None,
        };
        if let Some(id) = open {
            let Some(entry) = catalogue.get(&id) else {
                warn!("there is no puzzle {id}");
                continue;
            };
            let new = puzzle_match(&entry.puzzle, &[]);
            active.session = Some(Session::new(entry, new.id));
            place(&mut commands, &mut m, &mut requests, new);
            if screen
                .as_ref()
                .is_none_or(|s| *s.get() != Screen::FiveDPlay)
            {
                next.set(Screen::FiveDPlay);
            }
            continue;
        }
        let (Some(s), Some(mm)) = (active.session.as_mut(), m.as_deref()) else {
            continue;
        };
        if s.match_id != mm.id {
            continue;
        }
        let done = s.done(mm);
        match ask {
            PuzzleRequest::StartOver => {
                let new = puzzle_match(&s.puzzle, &[]);
                s.match_id = new.id;
                s.reset_attempt();
                place(&mut commands, &mut m, &mut requests, new);
            }
            PuzzleRequest::RetryTurn => {
                // The attacker's latest turn starts at an even number of actions.
                let keep = done - done % 2;
                let attempt = mm.game.actions[s.base..s.base + keep].to_vec();
                let new = puzzle_match(&s.puzzle, &attempt);
                s.match_id = new.id;
                s.reset_attempt();
                place(&mut commands, &mut m, &mut requests, new);
            }
            PuzzleRequest::Hint => {
                if !s.players_turn(mm) || s.hint_now(mm).is_some() {
                    continue;
                }
                let n = s.turns_left(mm);
                let pos = mm.game.position().clone();
                s.hint = Some(HintState {
                    key: key(mm),
                    answer: None,
                    show_move: false,
                });
                spawn(
                    &mut commands,
                    &pool,
                    *limits,
                    key(mm),
                    Job::Hint,
                    move |l| Answer::Solved(solve(&pos, n, l)),
                );
            }
            PuzzleRequest::HintMove => {
                if let Some(h) = s.hint.as_mut() {
                    h.show_move = true;
                }
            }
            PuzzleRequest::ShowSolution => {
                s.revealed = true;
                if s.solution.is_none() {
                    if s.puzzle.solution.is_empty() {
                        let pos = s.puzzle.position().clone();
                        let n = s.goal().turns();
                        s.solution = Some(None);
                        spawn(
                            &mut commands,
                            &pool,
                            *limits,
                            key(mm),
                            Job::Line,
                            move |l| Answer::Solved(solve(&pos, n, l)),
                        );
                    } else {
                        s.solution = Some(Some(Ok(s.puzzle.solution.clone())));
                    }
                }
                let new = puzzle_match(&s.puzzle, &[]);
                s.match_id = new.id;
                s.reset_attempt();
                s.phase = Phase::Watching;
                place(&mut commands, &mut m, &mut requests, new);
            }
            PuzzleRequest::Step => {
                if let Some((_, a)) = s.next_step(mm) {
                    requests.write(Request::SubmitAction(a.clone()));
                }
            }
            PuzzleRequest::Open(_) | PuzzleRequest::Next => {}
        }
    }
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Job {
    /// The turn that ends at this key, judged against mate in `n`.
    Judge {
        n: u8,
    },
    Hint,
    /// The solution line from the puzzle's position.
    Line,
}

enum Answer {
    Verdict(Verdict),
    Solved(Result<Solution, PuzzleError>),
}

/// A search of the puzzle in play on the search pool; stops when dropped.
#[derive(Component)]
pub struct PuzzleTask {
    job: Job,
    task: PoolTask<Answer>,
}

fn spawn(
    commands: &mut Commands,
    pool: &SearchPool,
    limits: PuzzleLimits,
    key: MatchKey,
    job: Job,
    work: impl FnOnce(SolveLimits) -> Answer + Send + 'static,
) {
    let task = PoolTask::spawn(pool, key, move |stop| {
        work(SolveLimits {
            max_nodes: limits.max_nodes,
            search_nodes: limits.search_nodes,
            time: Some(limits.time),
            stop: Some(stop),
        })
    });
    commands.spawn(PuzzleTask { job, task });
}

/// A turn of the person's that is not judged yet is sent to the solver: the last action
/// of the match when it is the attacker's (whether just submitted, or in a save reopened).
fn start_judging(
    mut commands: Commands,
    m: Option<Res<Match>>,
    mut active: ResMut<ActivePuzzle>,
    pool: Res<SearchPool>,
    limits: Res<PuzzleLimits>,
) {
    let (Some(m), Some(s)) = (m, active.session.as_mut()) else {
        return;
    };
    let done = s.done(&m);
    // Playing out the solution: a turn of the person's own that leaves the line is judged.
    if s.phase == Phase::Watching
        && let Some(line) = s.solution_line()
        && !line.starts_with(&m.game.actions[s.base.min(m.game.actions.len())..])
    {
        s.phase = Phase::Play;
    }
    if s.match_id != m.id || s.phase != Phase::Play || done % 2 == 0 || s.judged == Some(key(&m)) {
        return;
    }
    let turn = m.game.actions.len() - 1;
    let pos = m.game.position_at(turn);
    let action = m.game.actions[turn].clone();
    // Turns left at the start of the turn judged.
    let n = s.goal().turns().saturating_sub((done / 2) as u8).max(1);
    s.judged = Some(key(&m));
    s.phase = Phase::Judging;
    spawn(
        &mut commands,
        &pool,
        *limits,
        key(&m),
        Job::Judge { n },
        move |l| Answer::Verdict(judge(&pos, n, &action, l)),
    );
}

fn poll_tasks(
    mut commands: Commands,
    m: Option<Res<Match>>,
    mut active: ResMut<ActivePuzzle>,
    mut tasks: Query<(Entity, &mut PuzzleTask)>,
    mut requests: MessageWriter<Request>,
    mut solved: ResMut<SolvedPuzzles>,
    file: Res<PuzzleProgressFile>,
) {
    for (e, mut t) in &mut tasks {
        let current = match (&m, active.session.as_ref()) {
            (Some(m), Some(s)) => match t.job {
                // A solution line is about the puzzle, whatever the boards show.
                Job::Line => s.solution == Some(None),
                _ => t.task.key == key(m) && s.match_id == m.id,
            },
            _ => false,
        };
        if !current {
            commands.entity(e).despawn();
            continue;
        }
        let Some(answer) = t.task.poll() else {
            continue;
        };
        commands.entity(e).despawn();
        let (Some(m), Some(s)) = (&m, active.session.as_mut()) else {
            continue;
        };
        match (t.job, answer) {
            (Job::Judge { n }, Answer::Verdict(v)) => {
                judged(s, m, n, v, &mut requests, &mut solved, &file);
            }
            (Job::Hint, Answer::Solved(r)) => {
                if let Some(h) = s.hint.as_mut().filter(|h| h.key == t.task.key) {
                    h.answer = Some(r.map(|sol| sol.hint()));
                }
            }
            (Job::Line, Answer::Solved(r)) => {
                s.solution = Some(Some(r.map(|sol| sol.line)));
            }
            _ => {}
        }
    }
}

/// What a verdict does to the attempt.
fn judged(
    s: &mut Session,
    m: &Match,
    n: u8,
    v: Verdict,
    requests: &mut MessageWriter<Request>,
    solved: &mut SolvedPuzzles,
    file: &PuzzleProgressFile,
) {
    let after = m.game.position();
    match v {
        Verdict::Mate => {
            let marked = !s.revealed;
            if marked {
                mark_solved(solved, file, &s.id);
            }
            s.phase = Phase::Solved { marked };
        }
        Verdict::Right { reply, .. } => {
            s.last_reply = Some(notation::write_action(after, &reply));
            s.phase = Phase::Play;
            requests.write(Request::SubmitAction(reply));
        }
        Verdict::Wrong(w) => {
            let refutation = match &w {
                Wrong::Escapes { refutation, .. } => Some(refutation.clone()),
                Wrong::Illegal(_) | Wrong::Stalemate => None,
            };
            s.phase = Phase::Wrong {
                why: Why::new(w, after, Goal::MateIn(n)),
                refutation,
            };
        }
        Verdict::Unknown => s.phase = Phase::Unknown,
    }
}
