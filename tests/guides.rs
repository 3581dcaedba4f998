//! The first-game guides of Timeline Wager and Kingdrops: "Learn to play" starts a real
//! game against the Easy AI, and each step that asks for an action moves on when the
//! player has done it, as the game's requests do it.

use bevy::prelude::*;
use std::time::Duration;
use timefork::game_kit::LevelBudgets;
use timefork::game_kit::guide::StartGuide;
use timefork::kingdrops::ai::KdAiBudgets;
use timefork::kingdrops::guide::KdGuide;
use timefork::kingdrops::matchplay::{KdMatch, KdRequest};
use timefork::kingdrops::setup::{KdSetup, QuickLayout, SetupRequest};
use timefork::players::{AiLevel, Player};
use timefork::screens::Screen;
use timefork::wager::ai::WagerAiCap;
use timefork::wager::guide::WagerGuide;
use timefork::wager::matchplay::{WagerMatch, WagerRequest};
use timefork_records::GameKind;
use timefork_wager::Action;
use timefork_wager::chess::{Color, uci};

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

#[test]
fn the_wager_guide_plays_a_real_match_and_follows_the_move_and_the_split() {
    let mut app = timefork::headless_app();
    app.insert_resource(WagerAiCap::Nodes(500));
    app.update();
    app.world_mut().write_message(StartGuide(GameKind::Wager));
    app.update();
    // The match never writes into the player's saves during a test.
    app.world_mut().resource_mut::<WagerMatch>().autosave = None;
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::WagerPlay);
    let w = app.world().resource::<WagerMatch>();
    assert_eq!(w.players, [Player::Human, Player::Ai(AiLevel::Easy)]);
    assert!(
        w.m.control().is_some(),
        "the guide shows the weighted clock"
    );
    assert_eq!(app.world().resource::<WagerGuide>().step, 0);

    // Step 1 asks for a move on L0: played, the guide asks for a split.
    let t0 = app.world().resource::<WagerMatch>().m.timeline(0).unwrap();
    let e4 = uci::parse(t0.board(), "e2e4").unwrap();
    app.world_mut().write_message(WagerRequest {
        side: Color::White,
        action: Action::Move {
            timeline: 0,
            mv: e4,
        },
    });
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<WagerGuide>().step, 1);
    // Wait for the AI's reply on L0, then split there.
    let start = std::time::Instant::now();
    while app
        .world()
        .resource::<WagerMatch>()
        .m
        .timeline(0)
        .unwrap()
        .plies()
        < 2
    {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the AI never replied"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    let t0 = app.world().resource::<WagerMatch>().m.timeline(0).unwrap();
    let d4 = uci::parse(t0.board(), "d2d4").unwrap();
    app.world_mut().write_message(WagerRequest {
        side: Color::White,
        action: Action::Split {
            timeline: 0,
            mv: d4,
            stake: 10,
        },
    });
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<WagerMatch>().m.split_count(), 1);
    // The next steps only explain: the guide waits on them.
    assert_eq!(app.world().resource::<WagerGuide>().step, 2);
    frames(&mut app, 3);
    assert_eq!(app.world().resource::<WagerGuide>().step, 2);
    // Back to the title: the guide ends with its match.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    frames(&mut app, 2);
    assert!(app.world().get_resource::<WagerGuide>().is_none());
}

#[test]
fn the_kingdrops_guide_follows_the_setup_ready_and_a_turn() {
    let mut app = timefork::headless_app();
    app.insert_resource(KdAiBudgets {
        levels: LevelBudgets::all(Duration::from_millis(5)),
        pause: Duration::ZERO,
        depth: Some(1),
    });
    app.update();
    app.world_mut()
        .write_message(StartGuide(GameKind::Kingdrops));
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::KingdropsSetup);
    assert_eq!(
        app.world().resource::<KdSetup>().players,
        [Player::Human, Player::Ai(AiLevel::Easy)]
    );
    assert_eq!(app.world().resource::<KdGuide>().step, 0);
    // A standard layout fills ranks 1-2: the guide asks for Ready.
    app.world_mut()
        .write_message(SetupRequest::Quick(QuickLayout::Standard));
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<KdGuide>().step, 1);
    app.world_mut().write_message(SetupRequest::Ready);
    let start = std::time::Instant::now();
    while screen(&app) != Screen::KingdropsPlay {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "play never began"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    frames(&mut app, 1);
    assert_eq!(app.world().resource::<KdGuide>().step, 2);
    // A turn of White's: its moves until the turn may end, then End turn.
    for _ in 0..3 {
        let m = app.world().resource::<KdMatch>();
        if m.can_end && m.next.is_empty() {
            break;
        }
        let first = m.next[0];
        app.world_mut().write_message(KdRequest::Move(first));
        frames(&mut app, 2);
    }
    app.world_mut().write_message(KdRequest::EndTurn);
    frames(&mut app, 2);
    assert!(!app.world().resource::<KdMatch>().game.turns().is_empty());
    assert_eq!(app.world().resource::<KdGuide>().step, 3);
}
