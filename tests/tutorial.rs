//! The 5D chess tutorial in a headless app: a lesson opens as a match of its position;
//! the turn submitted through the match's own requests is judged by the lesson: the
//! intended turn solves every lesson and is recorded in the progress file; a wrong turn is
//! refused with the lesson's explanation and the boards go back to the lesson's start;
//! the progress survives a restart, and the tutorial screen opens the first lesson left.

use bevy::prelude::*;
use std::path::{Path, PathBuf};
use timefork::fived::matchplay::{Match, Request};
use timefork::fived::tutorial::{
    ActiveLesson, FinishedLessons, LessonPhase, TutorialLessons, TutorialProgressFile,
    TutorialRequest,
};
use timefork::screens::Screen;
use timefork_engine::tutorial::{self, LESSON_IDS, LessonWrong};
use timefork_engine::{Move, notation};

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir()
        .join(format!("timefork-tutorial-{}-{name}", std::process::id()))
        .join("tutorial.json")
}

/// A headless app whose progress file is `file`.
fn app_with_file(file: &Path) -> App {
    let mut app = timefork::headless_app();
    app.insert_resource(TutorialProgressFile(file.to_path_buf()));
    app.update();
    app
}

fn ask(app: &mut App, r: TutorialRequest) {
    app.world_mut().write_message(r);
    app.update();
    app.update();
}

fn the_match(app: &App) -> &Match {
    app.world().resource::<Match>()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// The lesson being played: its id and phase.
fn lesson_now(app: &App) -> (&'static str, LessonPhase) {
    let s = app
        .world()
        .resource::<ActiveLesson>()
        .of(the_match(app))
        .expect("a lesson is being played");
    (s.id(), s.phase.clone())
}

/// Plays the moves one request at a time, as clicks would, then submits.
fn play(app: &mut App, moves: &[Move]) {
    for mv in moves {
        app.world_mut().write_message(Request::Move(*mv));
        app.update();
    }
    app.world_mut().write_message(Request::Submit);
    app.update();
}

/// The moves of a turn written in 5DPGN, read in the position on the boards now.
fn moves(app: &App, text: &str) -> Vec<Move> {
    notation::read_turn_moves(the_match(app).game.position(), text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn finished_in_file(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("the progress file is written");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["version"], 1);
    v["solved"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// Whether the boards show the lesson's start: no action played, no move made.
fn at_start(app: &App, id: &str) -> bool {
    let lesson = tutorial::lesson(id).unwrap();
    let m = the_match(app);
    m.game.actions.is_empty()
        && m.pos.turn_len() == 0
        && m.pos.position_hash() == lesson.position.position_hash()
}

#[test]
fn every_lesson_is_solved_by_its_intended_turn_and_recorded() {
    let file = temp_file("all");
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
    let mut app = app_with_file(&file);
    let ids: Vec<&str> = app
        .world()
        .resource::<TutorialLessons>()
        .lessons
        .iter()
        .map(|l| l.id)
        .collect();
    assert_eq!(ids, LESSON_IDS.to_vec(), "every lesson, in order");
    for (k, id) in LESSON_IDS.iter().enumerate() {
        ask(&mut app, TutorialRequest::Open(id.to_string()));
        assert_eq!(screen(&app), Screen::FiveDPlay, "{id}");
        assert_eq!(lesson_now(&app), (*id, LessonPhase::Play));
        assert!(at_start(&app, id), "{id} opens at its start");
        let intended = tutorial::lesson(id).unwrap().intended_moves().unwrap();
        play(&mut app, &intended);
        assert_eq!(lesson_now(&app), (*id, LessonPhase::Solved), "{id}");
        // The match played the turn: the boards show it.
        assert_eq!(the_match(&app).game.actions, vec![intended], "{id}");
        let done = app.world().resource::<FinishedLessons>();
        assert!(done.contains(id), "{id} is marked finished");
        assert_eq!(done.finished.len(), k + 1);
    }
    let mut written = finished_in_file(&file);
    written.sort();
    let mut all: Vec<String> = LESSON_IDS.iter().map(|s| s.to_string()).collect();
    all.sort();
    assert_eq!(written, all);
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
}

#[test]
fn a_wrong_turn_is_refused_with_the_lesson_s_reason_and_the_boards_go_back() {
    let file = temp_file("wrong");
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
    let mut app = app_with_file(&file);

    // Lesson 1: the king moves instead of the knight.
    ask(&mut app, TutorialRequest::Open("board".into()));
    let first_match = the_match(&app).id;
    let wrong = moves(&app, "(0T1)Ka2");
    play(&mut app, &wrong);
    let (id, phase) = lesson_now(&app);
    assert_eq!(id, "board");
    let LessonPhase::Wrong(why) = phase else {
        panic!("not refused: {phase:?}");
    };
    assert!(matches!(why.wrong, LessonWrong::WrongPiece { .. }));
    assert_eq!(
        why.text(),
        "Move the piece on L0 T1w b1, not the one on L0 T1w a1."
    );
    assert!(at_start(&app, "board"), "back at the lesson's start");
    assert_ne!(the_match(&app).id, first_match, "a fresh match");
    assert!(!app.world().resource::<FinishedLessons>().contains("board"));
    assert!(!file.exists(), "nothing finished, nothing written");
    // The hint asked for now stays through the retry; the intended turn still solves it.
    ask(&mut app, TutorialRequest::Hint);
    let hint = tutorial::hint(&tutorial::lesson("board").unwrap());
    let session_hint = |app: &App| {
        app.world()
            .resource::<ActiveLesson>()
            .of(the_match(app))
            .unwrap()
            .hint
    };
    assert!(hint.is_some());
    assert_eq!(session_hint(&app), hint);
    let right = moves(&app, "(0T1)Nc3");
    // The next try's first move puts the last try's "not quite" away.
    app.world_mut().write_message(Request::Move(right[0]));
    app.update();
    app.update();
    assert_eq!(lesson_now(&app), ("board", LessonPhase::Play));
    app.world_mut().write_message(Request::Submit);
    app.update();
    assert_eq!(lesson_now(&app), ("board", LessonPhase::Solved));

    // Lesson 4: only one board of the present played. The match alone would refuse the
    // submission too; the lesson says which board still waits.
    ask(&mut app, TutorialRequest::Open("present".into()));
    let half = moves(&app, "(0T1)Nc3");
    play(&mut app, &half);
    let LessonPhase::Wrong(why) = lesson_now(&app).1 else {
        panic!("the half turn was not refused");
    };
    assert!(matches!(why.wrong, LessonWrong::PresentNotDone { .. }));
    assert_eq!(
        why.text(),
        "The present still waits on L+1 T1w: make a move there too before you submit."
    );
    assert!(at_start(&app, "present"));
    // A request the match turned down would have left its reason on the match.
    assert_eq!(the_match(&app).feedback, None);

    // Lesson 2: the rook moves on its own board and makes no timeline.
    ask(&mut app, TutorialRequest::Open("time".into()));
    let along = moves(&app, "(0T2)Rd1");
    play(&mut app, &along);
    let LessonPhase::Wrong(why) = lesson_now(&app).1 else {
        panic!("the move on the board was not refused");
    };
    assert_eq!(
        why.text(),
        "No new timeline was made: send a piece to a board that can no longer be played, \
         such as one in the past."
    );
    assert!(at_start(&app, "time"));

    // Only the right turn of lesson 1 was recorded.
    assert_eq!(finished_in_file(&file), vec!["board".to_string()]);
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
}

#[test]
fn progress_survives_a_restart_and_the_tutorial_screen_opens_the_first_lesson_left() {
    let file = temp_file("reload");
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
    let mut app = app_with_file(&file);
    // The tutorial screen with nothing finished: lesson 1.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::FiveDTutorial);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::FiveDPlay);
    assert_eq!(lesson_now(&app), ("board", LessonPhase::Play));
    for id in ["board", "time"] {
        ask(&mut app, TutorialRequest::Open(id.into()));
        let intended = tutorial::lesson(id).unwrap().intended_moves().unwrap();
        play(&mut app, &intended);
        assert_eq!(lesson_now(&app).1, LessonPhase::Solved, "{id}");
    }
    // Next and Previous step through the list from the lesson shown.
    ask(&mut app, TutorialRequest::Next);
    assert_eq!(lesson_now(&app), ("timelines", LessonPhase::Play));
    ask(&mut app, TutorialRequest::Previous);
    assert_eq!(lesson_now(&app).0, "time");
    // Back to the title ends the lesson's match and the session with it.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    app.update();
    app.update();
    assert!(app.world().get_resource::<Match>().is_none());
    assert!(app.world().resource::<ActiveLesson>().session.is_none());

    // A new app reading the same file knows both, and the tutorial goes on at lesson 3.
    let mut app2 = app_with_file(&file);
    let done = app2.world().resource::<FinishedLessons>();
    assert!(done.contains("board") && done.contains("time"));
    assert_eq!(done.finished.len(), 2);
    app2.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::FiveDTutorial);
    for _ in 0..4 {
        app2.update();
    }
    assert_eq!(lesson_now(&app2), ("timelines", LessonPhase::Play));
    assert!(at_start(&app2, "timelines"));
    // Reset after a few moves puts the boards back.
    let mv = moves(&app2, "(0T2)Rd1");
    app2.world_mut().write_message(Request::Move(mv[0]));
    app2.update();
    assert_eq!(the_match(&app2).pos.turn_len(), 1);
    ask(&mut app2, TutorialRequest::Reset);
    assert!(at_start(&app2, "timelines"));
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
}
