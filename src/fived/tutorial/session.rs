//! The lesson in play. It is a 5D `Match` of the lesson's position, both sides played by
//! the person (so no AI answers; only White's first turn counts). The turn the person
//! submits is judged here with `tutorial::judge` before the match applies it (this runs
//! between the input and `Apply`), so even a turn the match would refuse (the present not
//! played, the king left in check) gets the lesson's own explanation:
//! - right: the match plays it, the lesson is marked finished (the file is written), and
//!   the panel says what happened;
//! - wrong: the request is dropped, the boards go back to the lesson's start (a new match),
//!   and the panel says why. The hint and the progress stay.
//!
//! Everything is keyed by the match's id: a match that is not this lesson's (the menus,
//! a game opened) ends the session.

use super::progress::{FinishedLessons, TutorialProgressFile, load_progress, mark_finished};
use crate::fived::matchplay::{Match, Origin, Player, Request, place};
use crate::game_kit::GameSystems;
use crate::screens::Screen;
use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use timefork_engine::game::is_legal_move;
use timefork_engine::tutorial::{self, Lesson, LessonWrong};
use timefork_engine::{Game, Move};
use timefork_i18n::Arg;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(TutorialLessons::embedded());
    app.init_resource::<ActiveLesson>();
    app.add_message::<TutorialRequest>();
    app.add_systems(
        Update,
        (load_progress, follow_match, answer_requests, judge_submits)
            .chain()
            .after(GameSystems::Input)
            .before(GameSystems::Apply),
    );
    app.add_systems(Update, next_try_begins.after(GameSystems::Apply));
}

/// The first move of the next try puts away what was wrong with the last one.
fn next_try_begins(m: Option<Res<Match>>, mut active: ResMut<ActiveLesson>) {
    let Some(m) = m else { return };
    if let Some(s) = active.session.as_mut()
        && s.match_id == m.id
        && matches!(s.phase, LessonPhase::Wrong(_))
        && m.pos.turn_len() > 0
    {
        s.phase = LessonPhase::Play;
    }
}

/// Every lesson, in teaching order.
#[derive(Resource, Debug, Clone, Default)]
pub struct TutorialLessons {
    pub lessons: Vec<Lesson>,
}

impl TutorialLessons {
    /// The engine's lessons; none (and an error in the log) if one does not read, which the
    /// engine's tests rule out.
    pub fn embedded() -> TutorialLessons {
        match tutorial::lessons() {
            Ok(lessons) => TutorialLessons { lessons },
            Err(e) => {
                error!("the tutorial's lessons did not read: {e}");
                TutorialLessons::default()
            }
        }
    }

    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.lessons.iter().position(|l| l.id == id)
    }
}

/// What the person asks of the tutorial (the panel and the title send these; so do tests).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum TutorialRequest {
    /// Open a lesson (by id) at its start, and show it.
    Open(String),
    /// Open the first lesson not finished yet (the first one when all are).
    Continue,
    /// The lesson after the current one.
    Next,
    /// The lesson before the current one.
    Previous,
    /// Back to the lesson's start.
    Reset,
    /// Show the first move of the intended turn.
    Hint,
}

/// A try that does not solve the lesson: why, with the timeline naming of its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonTry {
    pub wrong: LessonWrong,
    pub even: bool,
}

impl LessonTry {
    /// The explanation in the current language (`tutorial-wrong-*`).
    pub fn text(&self) -> String {
        let args: Vec<(&str, Arg)> = self
            .wrong
            .args(self.even)
            .into_iter()
            .map(|(name, value)| (name, Arg::Text(value)))
            .collect();
        timefork_i18n::text_with(&self.wrong.text_key(), &args)
    }
}

/// Where the lesson stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonPhase {
    /// The person's turn.
    Play,
    /// The turn submitted solved the lesson; the boards show it played.
    Solved,
    /// The turn submitted did not; the boards are back at the lesson's start.
    Wrong(LessonTry),
}

/// One lesson being played.
#[derive(Clone, Debug)]
pub struct LessonSession {
    /// Its place in `TutorialLessons` (from 0).
    pub index: usize,
    pub lesson: Lesson,
    /// The match it is played in (a retry makes a new one).
    pub match_id: u64,
    pub phase: LessonPhase,
    /// The intended turn's first move, once asked for.
    pub hint: Option<Move>,
}

impl LessonSession {
    pub fn id(&self) -> &'static str {
        self.lesson.id
    }
}

/// The lesson in play, if any.
#[derive(Resource, Default, Debug)]
pub struct ActiveLesson {
    pub session: Option<LessonSession>,
}

impl ActiveLesson {
    /// The session of this match, if it plays a lesson.
    pub fn of(&self, m: &Match) -> Option<&LessonSession> {
        self.session.as_ref().filter(|s| s.match_id == m.id)
    }
}

/// A match at the lesson's start. Both sides are the person's: nothing answers the turn.
pub fn lesson_match(lesson: &Lesson) -> Match {
    let mut game = Game::new(lesson.position.clone());
    game.headers.push(("Board".into(), "custom".into()));
    Match::new(game, [Player::Human; 2]).from_origin(Origin::Tutorial)
}

/// The session ends with its match (the menus remove it, another game replaces it).
fn follow_match(m: Option<Res<Match>>, mut active: ResMut<ActiveLesson>) {
    let here = match (&m, &active.session) {
        (Some(m), Some(s)) => s.match_id == m.id,
        _ => false,
    };
    if !here && active.session.is_some() {
        active.session = None;
    }
}

fn answer_requests(
    mut commands: Commands,
    mut asks: MessageReader<TutorialRequest>,
    lessons: Res<TutorialLessons>,
    finished: Res<FinishedLessons>,
    mut active: ResMut<ActiveLesson>,
    mut m: Option<ResMut<Match>>,
    mut requests: ResMut<Messages<Request>>,
    screen: Option<Res<State<Screen>>>,
    mut next: ResMut<NextState<Screen>>,
) {
    for ask in asks.read() {
        let current = active.session.as_ref().map(|s| s.index);
        let open = match ask {
            TutorialRequest::Open(id) => match lessons.index_of(id) {
                Some(i) => Some(i),
                None => {
                    warn!("there is no lesson {id}");
                    continue;
                }
            },
            TutorialRequest::Continue => Some(
                lessons
                    .lessons
                    .iter()
                    .position(|l| !finished.contains(l.id))
                    .unwrap_or(0),
            ),
            TutorialRequest::Next => current.map(|i| i + 1),
            TutorialRequest::Previous => current.and_then(|i| i.checked_sub(1)),
            TutorialRequest::Reset => current,
            TutorialRequest::Hint => None,
        };
        if *ask == TutorialRequest::Hint {
            if let Some(s) = active.session.as_mut() {
                s.hint = tutorial::hint(&s.lesson);
            }
            continue;
        }
        let Some(lesson) = open.and_then(|i| lessons.lessons.get(i).map(|l| (i, l))) else {
            continue;
        };
        let (index, lesson) = lesson;
        let new = lesson_match(lesson);
        // Reset keeps the hint shown; another lesson starts without one.
        let hint = active
            .session
            .as_ref()
            .filter(|s| s.index == index && *ask == TutorialRequest::Reset)
            .and_then(|s| s.hint);
        active.session = Some(LessonSession {
            index,
            lesson: lesson.clone(),
            match_id: new.id,
            phase: LessonPhase::Play,
            hint,
        });
        place(&mut commands, &mut m, &mut requests, new);
        // From the game-over screen too: the new lesson is not over.
        if screen
            .as_ref()
            .is_none_or(|s| *s.get() != Screen::FiveDPlay)
        {
            next.set(Screen::FiveDPlay);
        }
    }
}

/// Judges the lesson's turn when it is submitted, before the match applies it. The moves
/// of the turn are the match's so far plus those requested in this frame before the
/// submission, taken as the match will take them.
fn judge_submits(
    mut m: Option<ResMut<Match>>,
    mut requests: ResMut<Messages<Request>>,
    mut cursor: Local<MessageCursor<Request>>,
    mut active: ResMut<ActiveLesson>,
    mut finished: ResMut<FinishedLessons>,
    file: Res<TutorialProgressFile>,
) {
    let asked: Vec<Request> = cursor.read(&requests).cloned().collect();
    let (Some(mm), Some(s)) = (m.as_deref_mut(), active.session.as_mut()) else {
        return;
    };
    // Only the lesson's first turn is judged, once.
    if s.match_id != mm.id
        || !mm.game.actions.is_empty()
        || mm.is_over()
        || s.phase == LessonPhase::Solved
    {
        return;
    }
    let mut pos = mm.pos.clone();
    let mut submitted = None;
    for r in &asked {
        match r {
            Request::Move(mv) if is_legal_move(&pos, mv) => {
                pos.make_move(mv);
            }
            Request::Undo => {
                pos.undo_move();
            }
            Request::Submit => {
                submitted = Some(pos.turn_moves().copied().collect::<Vec<_>>());
                break;
            }
            Request::SubmitAction(action) => {
                submitted = Some(action.clone());
                break;
            }
            _ => {}
        }
    }
    let Some(moves) = submitted else { return };
    match tutorial::judge(&s.lesson, &moves) {
        Ok(()) => {
            // The match plays the turn as submitted: the boards show what it did.
            info!("lesson {} solved", s.id());
            mark_finished(&mut finished, &file, s.id());
            s.phase = LessonPhase::Solved;
        }
        Err(wrong) => {
            info!(
                "lesson {}: {}",
                s.id(),
                wrong.describe(s.lesson.position.even)
            );
            s.phase = LessonPhase::Wrong(LessonTry {
                wrong,
                even: s.lesson.position.even,
            });
            let new = lesson_match(&s.lesson);
            s.match_id = new.id;
            // The submission and whatever came with it are dropped, not applied.
            requests.clear();
            *mm = new;
        }
    }
}
