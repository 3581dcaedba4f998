//! Game review: a finished game's every state searched in the background, one entry per
//! turn, the state clicked shown on the board, and the review closing whenever asked.

mod common;
use bevy::prelude::*;
use common::{go, run_until, tap};
use std::time::Duration;
use timefork::fived::matchplay::browse::Browse;
use timefork::fived::matchplay::{Match, Origin, Outcome};
use timefork::fived::review::FiveDReview;
use timefork::game_kit::history::HistoryStep;
use timefork::game_kit::thinking::Thinking;
use timefork::players::{AiLevel, Player};
use timefork::review::driver::{ReviewBudgets, ReviewRequest};
use timefork::screens::Screen;
use timefork_engine::Color;
use timefork_engine::ai::eval::MATE_BOUND;

/// The shipped mate-in-one puzzle with its solution played: White has mated.
fn mated() -> String {
    let puzzle = include_str!("../assets/puzzles/easy/02-small.5dpgn");
    format!("{puzzle}3. (0T3)Qa2\n")
}

#[test]
fn a_finished_5d_game_is_reviewed_turn_by_turn_and_shows_what_is_clicked() {
    let mut app = timefork::headless_app();
    app.insert_resource(ReviewBudgets::all(Thinking::Depth(2)));
    let game = timefork_engine::notation::read_game(&mated()).unwrap();
    app.insert_resource(
        Match::new(game, [Player::Human, Player::Ai(AiLevel::Easy)]).from_origin(Origin::Variant),
    );
    go(&mut app, Screen::FiveDPlay);
    run_until(&mut app, |app| {
        app.world().resource::<Match>().outcome
            == Some(Outcome::Checkmate {
                winner: Color::White,
            })
    });
    app.world_mut().write_message(ReviewRequest::Open);
    app.update();
    {
        let m = app.world().resource::<Match>();
        let r = app.world().resource::<FiveDReview>().of(m.id).unwrap();
        assert_eq!(r.progress().1, 6, "the start and five states after it");
    }
    run_until(&mut app, |app| {
        let m = app.world().resource::<Match>();
        app.world()
            .resource::<FiveDReview>()
            .of(m.id)
            .unwrap()
            .is_complete()
    });
    let m = app.world().resource::<Match>();
    let r = app.world().resource::<FiveDReview>().of(m.id).unwrap();
    let entries = r.entries();
    assert_eq!(entries.len(), 5, "one entry per turn");
    assert_eq!(
        entries.iter().map(|e| e.by_white).collect::<Vec<_>>(),
        vec![true, false, true, false, true]
    );
    assert!(entries[4].played.ends_with("Qa2"));
    // The last state is Black mated: won for White, with no turn to play.
    let last = r.states[5].as_ref().unwrap();
    assert!(last.white >= MATE_BOUND && last.best.is_none(), "{last:?}");
    // Before the mate White had a mate in one: the mate itself costs nothing.
    assert!(r.states[4].as_ref().unwrap().white >= MATE_BOUND);
    assert_eq!(entries[4].loss, 0);
    // A click shows the state after the second turn, through the history browser.
    app.world_mut().write_message(ReviewRequest::Show(2));
    for _ in 0..3 {
        app.update();
    }
    let m = app.world().resource::<Match>();
    assert_eq!(app.world().resource::<Browse>().state(m), Some(2));
    app.world_mut().write_message(ReviewRequest::Close);
    app.update();
    let m = app.world().resource::<Match>();
    assert!(app.world().resource::<FiveDReview>().of(m.id).is_none());
}

#[test]
fn a_review_closes_at_once_while_it_is_still_searching() {
    let mut app = timefork::headless_app();
    // Long enough that the review is nowhere near done when closed (three frames into
    // searches of 20 s each: only a machine that makes frames slower than that fails it).
    app.insert_resource(ReviewBudgets::all(Thinking::Time(Duration::from_secs(20))));
    let game = timefork_engine::notation::read_game(&mated()).unwrap();
    app.insert_resource(Match::new(game, [Player::Human; 2]).from_origin(Origin::File));
    go(&mut app, Screen::FiveDPlay);
    run_until(&mut app, |app| app.world().resource::<Match>().is_over());
    app.world_mut().write_message(ReviewRequest::Open);
    for _ in 0..3 {
        app.update();
    }
    let (done, all) = {
        let m = app.world().resource::<Match>();
        app.world()
            .resource::<FiveDReview>()
            .of(m.id)
            .unwrap()
            .progress()
    };
    assert!(done < all);
    app.world_mut().write_message(ReviewRequest::Close);
    app.update();
    let m = app.world().resource::<Match>();
    assert!(app.world().resource::<FiveDReview>().of(m.id).is_none());
}

/// Opens the records crate's Kingdrops game as the load screen does: six turns, the last
/// Black's bishop taking the king.
fn open_finished_kingdrops(app: &mut App) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/records/tests/data/black-captures-the-king.kingdrops"
    );
    let opened = app
        .world()
        .resource::<timefork::saved_games::GameFiles>()
        .open(std::path::Path::new(path))
        .unwrap();
    app.world_mut()
        .write_message(timefork::saved_games::OpenGame(opened));
    for _ in 0..3 {
        app.update();
    }
}

#[test]
fn a_finished_kingdrops_game_is_reviewed_and_browsed_turn_by_turn() {
    use timefork::kingdrops::browse::KdBrowse;
    use timefork::kingdrops::matchplay::KdMatch;
    use timefork::kingdrops::mirror::{KdPiece, position_pieces};
    use timefork::kingdrops::review::KdReview;
    use timefork_kingdrops::ai::eval::WIN_THRESHOLD;
    let mut app = timefork::headless_app();
    app.insert_resource(ReviewBudgets::all(Thinking::Depth(2)));
    app.update();
    open_finished_kingdrops(&mut app);
    assert!(app.world().resource::<KdMatch>().is_over());
    app.world_mut().write_message(ReviewRequest::Open);
    app.update();
    run_until(&mut app, |app| {
        let m = app.world().resource::<KdMatch>();
        app.world()
            .resource::<KdReview>()
            .of(m.id)
            .unwrap()
            .is_complete()
    });
    let m = app.world().resource::<KdMatch>();
    let r = app.world().resource::<KdReview>().of(m.id).unwrap();
    let entries = r.entries();
    assert_eq!(entries.len(), 6, "one entry per turn");
    assert_eq!(entries[0].played, "b2a3,f2f4,c2d3");
    assert_eq!(entries[5].played, "a2c4");
    assert!(!entries[5].by_white);
    // The king is taken: won for Black.
    let last = r.states[6].as_ref().unwrap();
    assert!(
        last.white <= -WIN_THRESHOLD && last.best.is_none(),
        "{last:?}"
    );
    // A click on the graph's third point shows the board after two turns.
    app.world_mut().write_message(ReviewRequest::Show(2));
    for _ in 0..3 {
        app.update();
    }
    let m = app.world().resource::<KdMatch>().clone();
    assert_eq!(app.world().resource::<KdBrowse>().state(&m), Some(2));
    let mut want: Vec<_> = position_pieces(&m.game.positions()[2])
        .into_iter()
        .map(|(slot, piece)| format!("{slot:?} {piece:?}"))
        .collect();
    let mut shown: Vec<_> = app
        .world_mut()
        .query::<&KdPiece>()
        .iter(app.world())
        .map(|p| format!("{:?} {:?}", p.slot, p.piece))
        .collect();
    want.sort();
    shown.sort();
    assert_eq!(shown, want, "the mirror shows the browsed position");
    assert_ne!(
        position_pieces(&m.game.positions()[2]),
        position_pieces(&m.shown),
        "which differs from the end"
    );
    // Back to the game.
    app.world_mut()
        .write_message(timefork::kingdrops::browse::KdBrowseRequest(
            HistoryStep::Live,
        ));
    for _ in 0..2 {
        app.update();
    }
    assert!(!app.world().resource::<KdBrowse>().is_browsing(&m));
}

#[test]
fn the_kingdrops_history_steps_with_home_the_arrows_and_end() {
    use timefork::kingdrops::browse::KdBrowse;
    use timefork::kingdrops::matchplay::KdMatch;
    let mut app = timefork::headless_app();
    app.update();
    open_finished_kingdrops(&mut app);
    let state = |app: &App| {
        let m = app.world().resource::<KdMatch>();
        app.world().resource::<KdBrowse>().state(m)
    };
    assert_eq!(state(&app), None);
    tap(&mut app, KeyCode::Home);
    assert_eq!(state(&app), Some(0));
    tap(&mut app, KeyCode::ArrowRight);
    tap(&mut app, KeyCode::ArrowDown);
    assert_eq!(state(&app), Some(2));
    tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(state(&app), Some(1));
    tap(&mut app, KeyCode::End);
    assert_eq!(state(&app), None);
}
