//! The analysis board: a position of the game opened on a free board, the engine's
//! evaluation and best turn answered on the search pool and updated after a move, turns
//! stepped back and forth, and the game back exactly as it was.

mod common;
use bevy::prelude::*;
use common::{go, run_until};
use timefork::fived::analysis::{Analysis, AnalysisRequest, EvalBudgets};
use timefork::fived::matchplay::{Match, Origin};
use timefork::game_kit::thinking::Thinking;
use timefork::players::{AiLevel, Player};
use timefork::screens::Screen;
use timefork_engine::ai::eval::MATE_BOUND;
use timefork_engine::{Color, notation};

fn ask(app: &mut App, r: AnalysisRequest) {
    app.world_mut().write_message(r);
    for _ in 0..3 {
        app.update();
    }
}

/// The evaluation for the position on the board, once the engine has answered.
fn evaluated(app: &App) -> bool {
    let m = app.world().resource::<Match>();
    app.world().resource::<Analysis>().current(m).is_some()
}

/// A shipped puzzle, checked by the puzzle verifier: on the Small board White mates in one
/// after these four actions.
const MATE_IN_ONE: &str = include_str!("../assets/puzzles/easy/02-small.5dpgn");

fn app_with(pgn: &str, players: [Player; 2]) -> App {
    let mut app = timefork::headless_app();
    // By depth, not by the clock: the same answers on any machine.
    app.insert_resource(EvalBudgets(vec![Thinking::Depth(1), Thinking::Depth(2)]));
    let game = notation::read_game(pgn).unwrap();
    app.insert_resource(Match::new(game, players).from_origin(Origin::Variant));
    go(&mut app, Screen::FiveDPlay);
    app
}

#[test]
fn the_analysis_answers_for_a_position_and_again_after_a_move() {
    let mut app = app_with(MATE_IN_ONE, [Player::Human, Player::Ai(AiLevel::Easy)]);
    let game_id = app.world().resource::<Match>().id;
    // From the history: the state after the first three actions (Black to play there).
    ask(&mut app, AnalysisRequest::Start(Some(3)));
    {
        let m = app.world().resource::<Match>();
        assert_eq!(m.origin, Origin::Analysis);
        assert_eq!(m.players, [Player::Human; 2]);
        assert_eq!(m.game.actions.len(), 3);
        assert_eq!(m.to_move(), Color::Black);
        assert!(app.world().resource::<Analysis>().is_open(m));
        assert!(app.world().resource::<Analysis>().can_go_forward());
    }
    run_until(&mut app, evaluated);
    // Forward plays the game's own fourth action: White is to move and mates in one.
    ask(&mut app, AnalysisRequest::Forward);
    assert_eq!(app.world().resource::<Match>().game.actions.len(), 4);
    assert!(!app.world().resource::<Analysis>().can_go_forward());
    run_until(&mut app, evaluated);
    let white = {
        let m = app.world().resource::<Match>();
        app.world().resource::<Analysis>().current(m).unwrap().white
    };
    assert!(white >= MATE_BOUND, "White mates: {white}");
    // Playing the best turn mates, as the exact mate check says; the board steps back.
    ask(&mut app, AnalysisRequest::PlayBest);
    run_until(&mut app, |app| {
        app.world().resource::<Match>().outcome
            == Some(timefork::fived::matchplay::Outcome::Checkmate {
                winner: Color::White,
            })
    });
    ask(&mut app, AnalysisRequest::Back);
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.actions.len(), 4);
    assert!(m.outcome.is_none());
    assert!(app.world().resource::<Analysis>().can_go_forward());
    // Back to the game: the same match, its four actions, White's mate not yet played.
    ask(&mut app, AnalysisRequest::ToGame);
    let m = app.world().resource::<Match>();
    assert_eq!(m.id, game_id);
    assert_eq!(m.origin, Origin::Variant);
    assert_eq!(m.game.actions.len(), 4);
    assert!(m.analysed, "analysed while on: off the leaderboard");
    assert!(!app.world().resource::<Analysis>().is_open(m));
}

#[test]
fn the_board_shows_the_analysis_position_and_the_game_comes_back_on_screen() {
    let mut app = app_with(MATE_IN_ONE, [Player::Human; 2]);
    let boards = |app: &mut App| {
        app.world_mut()
            .query::<&timefork::fived::mirror::BoardView>()
            .iter(app.world())
            .count()
    };
    // The game shows its start board and one board per action (no branch among them).
    assert_eq!(boards(&mut app), 5);
    ask(&mut app, AnalysisRequest::Start(Some(0)));
    assert_eq!(boards(&mut app), 1, "the start on the free board");
    ask(&mut app, AnalysisRequest::ToGame);
    assert_eq!(boards(&mut app), 5);
}

/// A game in which a side asked the engine says so in its record, and keeps saying so
/// when it is opened again: a hint marks the side that asked it, the analysis board the
/// person's sides; a game nobody asked about says nothing.
#[test]
fn a_side_that_asked_the_engine_is_named_in_the_record() {
    use timefork::fived::matchplay::ai_player::{AiBudgets, HintRequest};
    use timefork::fived::matchplay::clocks::Clocks;
    use timefork::fived::save::{read_save, save_text};
    let text = |app: &App| {
        let m = app.world().resource::<Match>();
        save_text(m, app.world().resource::<Clocks>(), None)
    };
    // Nobody asked: no header.
    let mut app = app_with(MATE_IN_ONE, [Player::Human, Player::Ai(AiLevel::Easy)]);
    assert!(!text(&app).contains("TimeforkHelped"), "{}", text(&app));
    // White (the person, to move) asks for a hint.
    app.world_mut().resource_mut::<AiBudgets>().limit = Some(timefork_engine::ai::Limit::Depth(1));
    app.world_mut().write_message(HintRequest);
    run_until(&mut app, |app| {
        app.world()
            .resource::<timefork::fived::matchplay::ai_player::Hint>()
            .action
            .is_some()
    });
    let saved = text(&app);
    assert!(saved.contains("[TimeforkHelped \"white\"]"), "{saved}");
    assert_eq!(read_save(&saved).unwrap().helped, [true, false]);
    let reopened = read_save(&saved).unwrap().into_match([Player::Human; 2]);
    assert_eq!(reopened.helped, [true, false]);

    // Two people at one computer open the analysis board: both sides asked.
    let mut app = app_with(MATE_IN_ONE, [Player::Human; 2]);
    ask(&mut app, AnalysisRequest::Start(None));
    ask(&mut app, AnalysisRequest::ToGame);
    let saved = text(&app);
    assert!(
        saved.contains("[TimeforkHelped \"white black\"]"),
        "{saved}"
    );
    // A word that is no side is refused, naming the header.
    let bad = saved.replace("white black", "white grey");
    let e = read_save(&bad).unwrap_err();
    assert!(e.contains("TimeforkHelped") && e.contains("grey"), "{e}");
}
