//! Take-back against the AI: the last full turn of each side comes off, the position is
//! the one before the person's turn, and the game no longer enters the leaderboard.

mod common;
use bevy::prelude::*;
use common::{go, run_until};
use std::time::Duration;
use timefork::fived::matchplay::ai_player::AiBudgets;
use timefork::fived::matchplay::{Match, Request};
use timefork::game_kit::LevelBudgets;
use timefork::players::{AiLevel, Player};
use timefork::screens::Screen;
use timefork_engine::notation;

#[test]
fn a_5d_take_back_removes_the_persons_turn_and_the_ais_answer() {
    let mut app = timefork::headless_app();
    app.insert_resource(AiBudgets {
        levels: LevelBudgets::all(Duration::from_millis(30)),
        hint: Duration::from_millis(30),
        limit: Some(timefork_engine::ai::Limit::Nodes(300)),
    });
    let m = Match::from_variant("Standard", [Player::Human, Player::Ai(AiLevel::Easy)]).unwrap();
    let start = notation::write_game(&m.game);
    app.insert_resource(m);
    go(&mut app, Screen::FiveDPlay);
    assert!(!app.world().resource::<Match>().can_take_back());
    // White's e3, then the AI's answer.
    let m = app.world().resource::<Match>();
    let mut moves = Vec::new();
    for (l, _) in m.pos.playable_boards() {
        m.pos.board_moves(l, &mut moves);
    }
    let e3 = *moves
        .iter()
        .find(|mv| notation::write_move(&m.pos, mv).ends_with("e3"))
        .unwrap();
    app.world_mut().write_message(Request::Move(e3));
    app.update();
    app.world_mut().write_message(Request::Submit);
    run_until(&mut app, |app| {
        app.world().resource::<Match>().game.actions.len() == 2
    });
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().resource::<Match>().can_take_back());
    app.world_mut().write_message(Request::TakeBack);
    for _ in 0..3 {
        app.update();
    }
    let m = app.world().resource::<Match>();
    assert!(m.game.actions.is_empty());
    assert_eq!(notation::write_game(&m.game), start);
    assert_eq!(m.pos.to_move, timefork_engine::Color::White);
    assert!(m.took_back, "kept off the leaderboard");
    // The mirror shows the start again: one board.
    let boards = app
        .world_mut()
        .query::<&timefork::fived::mirror::BoardView>()
        .iter(app.world())
        .count();
    assert_eq!(boards, 1);
}

#[test]
fn a_kingdrops_take_back_restores_the_position_before_the_persons_turn() {
    use timefork::kingdrops::ai::KdAiBudgets;
    use timefork::kingdrops::matchplay::{KdMatch, KdOrigin, KdRequest};
    use timefork_kingdrops::{Color, Game, Placement};
    let mut app = timefork::headless_app();
    app.insert_resource(KdAiBudgets {
        levels: LevelBudgets::all(Duration::from_millis(5)),
        pause: Duration::ZERO,
        depth: Some(1),
    });
    let g = Game::from_setup(
        &Placement::standard(Color::White),
        &Placement::standard(Color::Black),
    )
    .unwrap();
    let start = g.position().to_kfen();
    app.insert_resource(KdMatch::new(
        g,
        [Player::Human, Player::Ai(AiLevel::Easy)],
        KdOrigin::Setup,
    ));
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
    run_until(&mut app, |app| {
        let m = app.world().resource::<KdMatch>();
        m.game.turns().len() == 2 && m.human_to_move()
    });
    app.world_mut().write_message(KdRequest::TakeBack);
    app.update();
    app.update();
    let m = app.world().resource::<KdMatch>();
    assert!(m.game.turns().is_empty());
    assert_eq!(m.shown.to_kfen(), start);
    assert!(m.took_back);
    // Nothing more to take back.
    assert!(!m.can_take_back());
}
