//! Every unfinished game is kept: a game left through Menu comes back from Continue
//! exactly (position, players, clocks), the load screen lists it first, and a finished
//! game is no longer offered.

mod common;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use common::go;
use std::time::Duration;
use timefork::fived::matchplay::clocks::{Clocks, TimeControl};
use timefork::fived::matchplay::{Match, Request};
use timefork::players::{AiLevel, Player};
use timefork::saved_games::{GameFiles, OpenGame};
use timefork::screens::Screen;
use timefork::unfinished::{Continuing, UnfinishedDir, newest};
use timefork_engine::notation;
use timefork_records::GameKind;

fn play(app: &mut App, text: &str) {
    let m = app.world().resource::<Match>();
    let mut moves = Vec::new();
    for (l, _) in m.pos.playable_boards() {
        m.pos.board_moves(l, &mut moves);
    }
    let mv = *moves
        .iter()
        .find(|mv| notation::write_move(&m.pos, mv).ends_with(text))
        .unwrap_or_else(|| panic!("no move {text}"));
    app.world_mut().write_message(Request::Move(mv));
    app.update();
    app.world_mut().write_message(Request::Submit);
    for _ in 0..4 {
        app.update();
    }
}

/// What Continue on the title does: open the newest kept game where it is kept.
fn continue_newest(app: &mut App) {
    let dir = app.world().resource::<UnfinishedDir>().clone();
    let files = app.world().resource::<GameFiles>().clone();
    let (path, _) = newest(&dir, &files).0.expect("a game to continue");
    let opened = files.open(&path).expect("the kept game reads");
    app.world_mut().resource_mut::<Continuing>().0 = Some(path);
    app.world_mut().write_message(OpenGame(opened));
    for _ in 0..4 {
        app.update();
    }
}

#[test]
fn a_5d_game_left_through_menu_comes_back_from_continue_exactly() {
    let mut app = timefork::headless_app();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        250,
    )));
    let m = Match::from_variant("Standard", [Player::Human, Player::Human])
        .unwrap()
        .timed(Some(TimeControl::parse_tag("300+3").unwrap()));
    app.insert_resource(m);
    go(&mut app, Screen::FiveDPlay);
    play(&mut app, "e3");
    play(&mut app, "Nf6");
    for _ in 0..8 {
        app.update();
    }
    let before = {
        let m = app.world().resource::<Match>();
        (m.game.actions.clone(), m.players, m.time_control)
    };
    let clocks = app.world().resource::<Clocks>().clone();
    // Menu: back to the title; the match is gone from the window.
    go(&mut app, Screen::Title);
    assert!(app.world().get_resource::<Match>().is_none());
    let dir = app.world().resource::<UnfinishedDir>().clone();
    let (_, summary) = newest(&dir, app.world().resource::<GameFiles>())
        .0
        .expect("the game is kept");
    assert_eq!(summary.kind, GameKind::FiveD);
    assert_eq!(summary.players, [Player::Human; 2]);
    // Two actions: White's and Black's first turn; the next is turn 2.
    assert_eq!(summary.turn, 2);
    // The load screen lists it first, named as Continue names it.
    let mut form = timefork::screens::load::LoadForm::default();
    form.fill(
        &dir,
        app.world().resource::<timefork::files::SavesDir>(),
        app.world().resource::<GameFiles>(),
    );
    assert_eq!(form.unfinished.len(), 1);
    assert_eq!(form.unfinished[0].1, summary.text());
    continue_newest(&mut app);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::FiveDPlay
    );
    let after = app.world().resource::<Match>();
    assert_eq!(after.game.actions, before.0);
    assert_eq!(after.players, before.1);
    assert_eq!(after.time_control, before.2);
    let now = app.world().resource::<Clocks>();
    // The clocks as they were when the game was left (the first frames back may run
    // the side to move's clock by a frame or two).
    let rem = |c: &Clocks| c.remaining.expect("a timed game");
    assert_eq!(rem(now)[1], rem(&clocks)[1], "Black's clock, not running");
    let white = rem(&clocks)[0].saturating_sub(rem(now)[0]);
    assert!(
        white <= Duration::from_secs(1),
        "White's clock moved {white:?}"
    );
    // Still one kept file: the continued game goes on in it.
    assert_eq!(dir.list(app.world().resource::<GameFiles>()).len(), 1);
}

#[test]
fn a_finished_game_is_not_kept_and_a_game_not_begun_is_not_offered() {
    let mut app = timefork::headless_app();
    let m = Match::from_variant("Standard", [Player::Human, Player::Ai(AiLevel::Easy)]).unwrap();
    app.insert_resource(m);
    go(&mut app, Screen::FiveDPlay);
    let dir = app.world().resource::<UnfinishedDir>().clone();
    // Nothing played: nothing to continue.
    assert!(dir.list(app.world().resource::<GameFiles>()).is_empty());
    play(&mut app, "e3");
    assert_eq!(dir.list(app.world().resource::<GameFiles>()).len(), 1);
    app.world_mut()
        .write_message(Request::Resign(timefork_engine::Color::White));
    for _ in 0..4 {
        app.update();
    }
    assert!(app.world().resource::<Match>().is_over());
    assert!(
        dir.list(app.world().resource::<GameFiles>()).is_empty(),
        "{:?}",
        dir.list(app.world().resource::<GameFiles>())
    );
}

#[test]
fn a_kingdrops_game_and_a_wager_match_come_back_from_continue() {
    use timefork::kingdrops::matchplay::{KdMatch, KdOrigin, KdRequest};
    use timefork::wager::matchplay::{WagerMatch, WagerOrigin, WagerRequest};
    use timefork_kingdrops::{Color, Game, Placement};
    let mut app = timefork::headless_app();
    let dir = app.world().resource::<UnfinishedDir>().clone();
    // Kingdrops between two people from the standard layout: one turn, then Menu.
    let g = Game::from_setup(
        &Placement::standard(Color::White),
        &Placement::standard(Color::Black),
    )
    .unwrap();
    app.insert_resource(KdMatch::new(g, [Player::Human; 2], KdOrigin::Setup));
    go(&mut app, Screen::KingdropsPlay);
    for _ in 0..3 {
        let m = app.world().resource::<KdMatch>();
        if m.next.is_empty() {
            break;
        }
        let mv = m.next[0];
        app.world_mut().write_message(KdRequest::Move(mv));
        app.update();
        app.update();
    }
    app.world_mut().write_message(KdRequest::EndTurn);
    app.update();
    app.update();
    let turns = app.world().resource::<KdMatch>().game.turns().to_vec();
    assert_eq!(turns.len(), 1);
    go(&mut app, Screen::Title);
    let (_, s) = newest(&dir, app.world().resource::<GameFiles>())
        .0
        .expect("the Kingdrops game is kept");
    assert_eq!((s.kind, s.turn), (GameKind::Kingdrops, 1));
    continue_newest(&mut app);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::KingdropsPlay
    );
    assert_eq!(app.world().resource::<KdMatch>().game.turns(), &turns[..]);
    go(&mut app, Screen::Title);

    // Timeline Wager: a split, then Menu; the record comes back with both timelines.
    let mut w = WagerMatch::new(
        timefork_wager::Match::new(None),
        [Player::Human; 2],
        WagerOrigin::New,
    );
    w.autosave = Some(dir.new_file(&timefork::wager::save::FILE));
    app.insert_resource(w);
    go(&mut app, Screen::WagerPlay);
    let t0 = app.world().resource::<WagerMatch>().m.timeline(0).unwrap();
    let e4 = timefork_wager::chess::uci::parse(t0.board(), "e2e4").unwrap();
    app.world_mut().write_message(WagerRequest {
        side: timefork_wager::chess::Color::White,
        action: timefork_wager::Action::Split {
            timeline: 0,
            mv: e4,
            stake: 20,
        },
    });
    app.update();
    go(&mut app, Screen::Title);
    let (_, s) = newest(&dir, app.world().resource::<GameFiles>())
        .0
        .expect("the Wager match is kept");
    assert_eq!(s.kind, GameKind::Wager);
    continue_newest(&mut app);
    let w = app.world().resource::<WagerMatch>();
    assert_eq!(w.m.timelines().len(), 2);
    assert_eq!(w.m.split_count(), 1);
}

#[test]
fn a_file_dropped_onto_the_window_opens_and_a_bad_one_says_why() {
    use bevy::window::FileDragAndDrop;
    use timefork::saved_games::OpenProblem;
    let mut app = timefork::headless_app();
    app.update();
    let dir = std::env::temp_dir().join(format!("timefork-drop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("dropped.5dpgn");
    std::fs::write(&good, "[Board \"Standard\"]\n\n1. e3 / Nf6\n").unwrap();
    let bad = dir.join("broken.5dpgn");
    std::fs::write(&bad, "[Board \"Standard\"]\n\n1. Ke9\n").unwrap();
    let drop = |app: &mut App, path: &std::path::Path| {
        app.world_mut().write_message(FileDragAndDrop::DroppedFile {
            window: Entity::PLACEHOLDER,
            path_buf: path.to_path_buf(),
        });
        for _ in 0..4 {
            app.update();
        }
    };
    drop(&mut app, &bad);
    let problem = app.world().resource::<OpenProblem>().0.clone();
    assert!(
        problem
            .as_deref()
            .is_some_and(|p| p.contains("broken.5dpgn")),
        "{problem:?}"
    );
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Title
    );
    drop(&mut app, &good);
    assert_eq!(app.world().resource::<OpenProblem>().0, None);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::FiveDPlay
    );
    assert_eq!(app.world().resource::<Match>().game.actions.len(), 2);
    std::fs::remove_dir_all(dir).unwrap();
}

/// A kept game that no longer reads is not dropped without a word: the title says which
/// file and why, and the file is kept aside as `.damaged` (never deleted); the good game
/// beside it is still offered.
#[test]
fn a_damaged_kept_game_is_set_aside_with_a_message() {
    let mut app = timefork::headless_app();
    go(&mut app, Screen::Load);
    let dir = app.world().resource::<UnfinishedDir>().clone();
    std::fs::create_dir_all(&dir.0).unwrap();
    let good = dir.0.join("5d-chess-1-0.5dpgn");
    std::fs::write(&good, "[Board \"Standard\"]\n\n1. e3 / Nf6\n").unwrap();
    let damaged = dir.0.join("5d-chess-2-0.5dpgn");
    std::fs::write(&damaged, "1. (0T1)e9 is not a move").unwrap();
    // What the title does when it shows (the headless app has no window to show it in).
    use bevy::ecs::system::RunSystemOnce;
    app.init_resource::<timefork::screens::title::ContinueOffer>();
    app.world_mut()
        .run_system_once(timefork::screens::title::find_the_unfinished)
        .unwrap();
    let said = &app
        .world()
        .resource::<timefork::unfinished::SetAsideNote>()
        .0;
    assert_eq!(
        said.len(),
        1,
        "the title says a kept game could not be read"
    );
    let problem = said[0].text();
    assert!(problem.contains("5d-chess-2-0.5dpgn"), "{problem}");
    assert!(problem.contains("5d-chess-2-0.5dpgn.damaged"), "{problem}");
    assert!(!damaged.exists());
    assert!(dir.0.join("5d-chess-2-0.5dpgn.damaged").exists());
    let offer = app
        .world()
        .resource::<timefork::screens::title::ContinueOffer>()
        .0
        .clone()
        .expect("the game that reads is offered");
    assert_eq!(offer.0, good);
    // Said once; a second damaged file of the same name does not overwrite the first one
    // kept aside, and the load screen says it too.
    assert!(
        newest(&dir, app.world().resource::<GameFiles>())
            .1
            .is_empty()
    );
    std::fs::write(&damaged, "still not a game").unwrap();
    let mut form = timefork::screens::load::LoadForm::default();
    form.fill(
        &dir,
        app.world().resource::<timefork::files::SavesDir>(),
        app.world().resource::<GameFiles>(),
    );
    assert_eq!(form.unfinished.len(), 1);
    let said = form.error.expect("the load screen says what was set aside");
    assert!(said.contains("5d-chess-2-0.5dpgn.damaged-2"), "{said}");
    assert!(dir.0.join("5d-chess-2-0.5dpgn.damaged-2").exists());
}
