//! The monkey: the headless game driven by thousands of random inputs from a seeded
//! generator: clicks on boards and squares, keys (Enter, Ctrl+Z, Esc, F, V, arrows),
//! screen changes, new games of random variants with random players (the AI included),
//! loads of random and corrupted text, browsing, resigning, Timeline Wager matches with
//! random (often illegal) requests. No panic; every submitted 5D turn is legal by the
//! engine (the whole game replays through `Game::apply_action`); the Wager match replays
//! from its own record; the leaderboard and settings files stay valid.
//!
//! `TIMEFORK_MONKEY_STEPS=N` runs longer (default 5000 inputs); `TIMEFORK_MONKEY_SEED=S`
//! another sequence.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use timefork::fived::matchplay::ai_player::AiBudgets;
use timefork::fived::matchplay::browse::BrowseRequest;
use timefork::fived::matchplay::{Match, Origin, Request};
use timefork::fived::picking::Hovered;
use timefork::game_kit::LevelBudgets;
use timefork::leaderboard::LeaderboardFile;
use timefork::players::{AiLevel, Player};
use timefork::screens::Screen;
use timefork::settings::{Settings, SettingsFile};
use timefork_engine::{Coord, Game};

fn steps() -> usize {
    std::env::var("TIMEFORK_MONKEY_STEPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5000)
}

fn key(app: &mut App, code: KeyCode, state: ButtonState) {
    let window = Entity::PLACEHOLDER;
    app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window,
    });
}

fn click(app: &mut App) {
    let window = Entity::PLACEHOLDER;
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
        app.update();
    }
}

/// A square somewhere on or near the multiverse (sometimes off every board).
fn random_square(rng: &mut StdRng, m: &Match) -> Coord {
    let boards: Vec<(i32, i32)> = m.pos.all_boards().map(|(l, h, _)| (l, h)).collect();
    let (l, h) = boards[rng.random_range(0..boards.len())];
    let playable = m.pos.playable_boards();
    let (l, h) = if !playable.is_empty() && rng.random_bool(0.7) {
        playable[rng.random_range(0..playable.len())]
    } else {
        (l + rng.random_range(-1..=1), h + rng.random_range(-1..=1))
    };
    Coord {
        l,
        h,
        x: rng.random_range(-1..=m.pos.width),
        y: rng.random_range(-1..=m.pos.height),
    }
}

/// Text that is sometimes a real game, sometimes a damaged one, sometimes noise.
fn random_text(rng: &mut StdRng, base: &str) -> String {
    match rng.random_range(0..4) {
        0 => base.to_string(),
        1 => {
            let mut b = base.as_bytes().to_vec();
            for _ in 0..rng.random_range(1..8) {
                if b.is_empty() {
                    break;
                }
                let i = rng.random_range(0..b.len());
                b[i] = rng.random_range(32..127);
            }
            String::from_utf8_lossy(&b).into_owned()
        }
        2 => base
            .chars()
            .take(rng.random_range(0..base.len().max(1)))
            .collect(),
        _ => (0..rng.random_range(0..200))
            .map(|_| rng.random_range(32u8..127) as char)
            .collect(),
    }
}

/// A request for the Wager match on, often legal, sometimes not (a closed timeline, the
/// wrong side, an odd stake, an answer to no offer).
fn random_wager_request(
    rng: &mut StdRng,
    app: &App,
) -> Option<timefork::wager::matchplay::WagerRequest> {
    use timefork_wager::Action;
    use timefork_wager::chess::Color;
    let w = app
        .world()
        .get_resource::<timefork::wager::matchplay::WagerMatch>()?;
    let tls = w.m.timelines();
    let t = &tls[rng.random_range(0..tls.len())];
    let side = if rng.random_bool(0.8) {
        t.side_to_move()
    } else if rng.random_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let moves = t.game().legal_moves();
    let action = match rng.random_range(0..10) {
        0 => Action::Merge {
            a: rng.random_range(0..tls.len() + 1),
            b: rng.random_range(0..tls.len() + 1),
            accept: rng.random_bool(0.5),
        },
        1 if rng.random_bool(0.1) => Action::Resign,
        2..=3 if !moves.is_empty() => Action::Split {
            timeline: t.number(),
            mv: moves[rng.random_range(0..moves.len())],
            stake: rng.random_range(0..60),
        },
        _ if !moves.is_empty() => Action::Move {
            timeline: t.number(),
            mv: moves[rng.random_range(0..moves.len())],
        },
        _ => return None,
    };
    Some(timefork::wager::matchplay::WagerRequest { side, action })
}

/// The Wager match on replays from its own record to the same timelines.
fn assert_wager_replays(app: &App) {
    let Some(w) = app
        .world()
        .get_resource::<timefork::wager::matchplay::WagerMatch>()
    else {
        return;
    };
    let back = timefork_wager::Match::from_record(&w.m.record())
        .unwrap_or_else(|e| panic!("the Wager record does not replay: {e}"));
    let fens = |m: &timefork_wager::Match| -> Vec<String> {
        m.timelines()
            .iter()
            .map(|t| t.board().to_string())
            .collect()
    };
    assert_eq!(fens(&back), fens(&w.m));
    assert_eq!(back.secured(), w.m.secured());
}

/// Every action the match holds replays legally from its start.
fn assert_legal(m: &Match) {
    let mut g = Game::new(m.game.start.clone());
    for (i, a) in m.game.actions.iter().enumerate() {
        g.apply_action(a)
            .unwrap_or_else(|e| panic!("action {i} of match {} is illegal: {e:?}", m.id));
    }
}

#[test]
fn the_monkey_finds_no_panic_and_no_illegal_turn() {
    let seed: u64 = std::env::var("TIMEFORK_MONKEY_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20261201);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut app = timefork::headless_app();
    // Quick AIs, so games against them move along.
    app.insert_resource(AiBudgets {
        levels: LevelBudgets {
            easy: std::time::Duration::from_millis(20),
            medium: std::time::Duration::from_millis(30),
            hard: std::time::Duration::from_millis(40),
            max: std::time::Duration::from_millis(50),
        },
        hint: std::time::Duration::from_millis(30),
        limit: Some(timefork_engine::ai::Limit::Nodes(300)),
    });
    let variants = timefork_engine::variants::names();
    let sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/engine/tests/data/conformance/another.5dpgn"
    ))
    .unwrap();
    let screens = [
        Screen::Title,
        Screen::FiveDNew,
        Screen::Load,
        Screen::Settings,
        Screen::Leaderboard,
        Screen::FiveDPlay,
        Screen::FiveDOver,
    ];
    let keys = [
        KeyCode::Enter,
        KeyCode::Escape,
        KeyCode::KeyF,
        KeyCode::KeyV,
        KeyCode::KeyG,
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
    ];
    let players = |rng: &mut StdRng| {
        let mut p = || {
            if rng.random_bool(0.6) {
                Player::Human
            } else {
                Player::Ai(AiLevel::ALL[rng.random_range(0..AiLevel::ALL.len())])
            }
        };
        [p(), p()]
    };
    let mut submitted = 0usize;
    let mut matches = 0usize;
    let n = steps();
    for step in 0..n {
        let has_match = app.world().get_resource::<Match>().is_some();
        match rng.random_range(0..100) {
            // A new game of a random variant.
            0..=2 => {
                let name = &variants[rng.random_range(0..variants.len())];
                let m = Match::from_variant(name, players(&mut rng)).unwrap();
                app.insert_resource(m);
                app.world_mut()
                    .resource_mut::<NextState<Screen>>()
                    .set(Screen::FiveDPlay);
                matches += 1;
            }
            // A load of random or corrupted text (most fail with a message, none panic).
            3..=4 => {
                let text = random_text(&mut rng, &sample);
                if let Ok(s) = timefork::fived::save::read_save(&text) {
                    app.insert_resource(
                        s.into_match(players(&mut rng)).from_origin(Origin::Pasted),
                    );
                    matches += 1;
                }
            }
            // A screen change.
            5..=7 => {
                let s = screens[rng.random_range(0..screens.len())];
                app.world_mut().resource_mut::<NextState<Screen>>().set(s);
            }
            // Browse the history, or come back.
            8..=10 if has_match => {
                let r = match rng.random_range(0..4) {
                    0 => BrowseRequest::To(rng.random_range(0..50)),
                    1 => BrowseRequest::Previous,
                    2 => BrowseRequest::Next,
                    _ => BrowseRequest::Live,
                };
                app.world_mut().write_message(r);
            }
            // Resign, or a request straight to the match.
            11 if has_match => {
                let side = if rng.random_bool(0.5) {
                    timefork_engine::Color::White
                } else {
                    timefork_engine::Color::Black
                };
                app.world_mut().write_message(Request::Resign(side));
            }
            12..=13 if has_match => {
                app.world_mut().write_message(Request::Undo);
            }
            // Ctrl+Z.
            14..=17 => {
                key(&mut app, KeyCode::ControlLeft, ButtonState::Pressed);
                key(&mut app, KeyCode::KeyZ, ButtonState::Pressed);
                app.update();
                key(&mut app, KeyCode::KeyZ, ButtonState::Released);
                key(&mut app, KeyCode::ControlLeft, ButtonState::Released);
            }
            // Another key.
            18..=35 => {
                let k = keys[rng.random_range(0..keys.len())];
                key(&mut app, k, ButtonState::Pressed);
                app.update();
                key(&mut app, k, ButtonState::Released);
            }
            // Timeline Wager: a new match, or a random request in the one on.
            38..=39 => {
                let w = timefork::wager::matchplay::WagerMatch::new(
                    timefork_wager::Match::new(None),
                    players(&mut rng),
                    timefork::wager::matchplay::WagerOrigin::New,
                );
                app.insert_resource(w);
                app.world_mut()
                    .resource_mut::<NextState<Screen>>()
                    .set(Screen::WagerPlay);
                matches += 1;
            }
            40..=44 => {
                if let Some(r) = random_wager_request(&mut rng, &app) {
                    app.world_mut().write_message(r);
                }
            }
            // A settings change (written once it settles).
            36..=37 => {
                let mut s = app.world_mut().resource_mut::<Settings>();
                s.volume = rng.random_range(0.0..=1.0);
                s.animation_speed = rng.random_range(0.0..=4.0);
            }
            // A click on a square (most of the time), often twice to pick and move.
            _ if has_match => {
                let m = app.world().resource::<Match>();
                let c = random_square(&mut rng, m);
                let from_selection = app
                    .world()
                    .resource::<timefork::fived::picking::Selection>()
                    .moves
                    .clone();
                // Half the time, aim the second click at a legal target.
                let target = if !from_selection.is_empty() && rng.random_bool(0.6) {
                    from_selection[rng.random_range(0..from_selection.len())].to
                } else {
                    c
                };
                app.insert_resource(Hovered(Some(target)));
                click(&mut app);
            }
            _ => {}
        }
        app.update();
        if let Some(m) = app.world().get_resource::<Match>() {
            submitted = submitted.max(m.game.actions.len());
            if step % 50 == 0 {
                assert_legal(m);
            }
        }
        if step % 50 == 0 {
            assert_wager_replays(&app);
        }
    }
    // Let the AI's last think and the mate check land, then check everything once more.
    for _ in 0..50 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    if let Some(m) = app.world().get_resource::<Match>() {
        assert_legal(m);
    }
    assert_wager_replays(&app);
    // Close the app: pending settings are written.
    app.world_mut().write_message(AppExit::Success);
    app.update();
    let lb = app.world().resource::<LeaderboardFile>().0.clone();
    if lb.exists() {
        timefork_records::leaderboard::Leaderboard::from_json(
            &std::fs::read_to_string(&lb).unwrap(),
        )
        .expect("the leaderboard file stays valid");
    }
    let sf = app.world().resource::<SettingsFile>().0.clone();
    let text = std::fs::read_to_string(&sf).expect("the settings were written");
    serde_json::from_str::<Settings>(&text).expect("the settings file stays valid");
    println!("monkey: {n} inputs, {matches} matches started, longest game {submitted} actions");
}
