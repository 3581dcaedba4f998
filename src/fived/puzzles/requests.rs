//! What the player asks of a puzzle (start, retry, hint, show the solution), and adopting
//! a puzzle match opened from a save.

use super::catalogue::PuzzleCatalogue;
use super::judge::{Answer, Job, spawn};
use super::session::*;
use crate::fived::matchplay::{Match, Origin, Request, place};
use crate::game_kit::tasks::SearchPool;
use crate::saved_games::OpenGame;
use crate::screens::Screen;
use bevy::prelude::*;
use timefork_engine::puzzle::solve;

/// Keeps the session with the match it plays: it ends when the match goes or is replaced
/// by a game that is not this puzzle; a puzzle save being opened (`TimeforkPuzzle`) starts
/// one. A puzzle match whose puzzle is unknown plays on as a game from a file.
pub(super) fn adopt(
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

pub(super) fn answer_requests(
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
