//! Judging on the search pool: each submitted turn (mate, right with the defence's reply,
//! wrong with its refutation, unknown), hints and the solution line, keyed by the match's
//! id and actions so that an answer about a position that has gone is dropped.

use super::progress::{PuzzleProgressFile, SolvedPuzzles, mark_solved};
use super::session::*;
use crate::fived::matchplay::{Match, Request};
use crate::game_kit::tasks::{MatchKey, PoolTask, SearchPool};
use bevy::prelude::*;
use timefork_engine::notation;
use timefork_engine::puzzle::{Goal, PuzzleError, Solution, SolveLimits, Verdict, Wrong, judge};

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Job {
    /// The turn that ends at this key, judged against mate in `n`.
    Judge {
        n: u8,
    },
    Hint,
    /// The solution line from the puzzle's position.
    Line,
}

pub(super) enum Answer {
    Verdict(Verdict),
    Solved(Result<Solution, PuzzleError>),
}

/// A search of the puzzle in play on the search pool; stops when dropped.
#[derive(Component)]
pub struct PuzzleTask {
    job: Job,
    task: PoolTask<Answer>,
}

pub(super) fn spawn(
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
pub(super) fn start_judging(
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

pub(super) fn poll_tasks(
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
pub(super) fn judged(
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
