//! The game's logic in a headless app (no window, no renderer): requests go through the
//! real systems, the ECS mirror follows the engine, and the async mate check ends games.

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use timefork::leaderboard::{Leaderboard, LeaderboardFile};
use timefork::matchplay::ai_player::AiBudgets;
use timefork::matchplay::{AiLevel, Match, MatchEvent, MateCheck, Outcome, Player, Request};
use timefork::mirror::{BoardView, PieceView, PresentLine, TimelineView};
use timefork::picking::{Hovered, Selection};
use timefork_engine::Coord;
use timefork_engine::{Color as Side, GameStatus, Move, notation};

fn app_with(m: Match) -> App {
    let mut app = timefork::headless_app();
    app.insert_resource(m);
    app.update();
    app.update();
    app
}

fn standard() -> Match {
    Match::from_variant("Standard", [Player::Human, Player::Human]).unwrap()
}

fn all_moves(m: &Match) -> Vec<Move> {
    let mut v = Vec::new();
    for (l, _) in m.pos.playable_boards() {
        m.pos.board_moves(l, &mut v);
    }
    v
}

/// A move's notation without its board prefix: "(0T1)e4" -> "e4".
fn short(s: &str) -> &str {
    s.split_once(')').map_or(s, |(_, rest)| rest)
}

fn find(app: &App, text: &str) -> Move {
    let m = app.world().resource::<Match>();
    *all_moves(m)
        .iter()
        .find(|mv| short(&notation::write_move(&m.pos, mv)) == text)
        .unwrap_or_else(|| panic!("no legal move {text}"))
}

fn send(app: &mut App, r: Request) {
    app.world_mut().write_message(r);
    app.update();
    app.update();
}

/// Every entity's `T` in the mirror.
fn all<T: Component + Clone>(app: &mut App) -> Vec<T> {
    app.world_mut()
        .query::<&T>()
        .iter(app.world())
        .cloned()
        .collect()
}

fn board_count(app: &mut App) -> usize {
    all::<BoardView>(app).len()
}

fn engine_board_count(app: &App) -> usize {
    app.world().resource::<Match>().pos.all_boards().count()
}

fn wait_for_mate_check(app: &mut App) -> MateCheck {
    for _ in 0..2000 {
        app.update();
        let mc = app.world().resource::<Match>().mate_check;
        if matches!(mc, MateCheck::Done(_)) {
            return mc;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the mate check did not finish");
}

#[test]
fn mirror_follows_moves_undo_and_submit() {
    let mut app = app_with(standard());
    assert_eq!(board_count(&mut app), engine_board_count(&app));
    let before = board_count(&mut app);

    let e4 = find(&app, "e4");
    send(&mut app, Request::Move(e4));
    assert_eq!(board_count(&mut app), before + 1);
    assert_eq!(board_count(&mut app), engine_board_count(&app));
    // The pawn that moved knows where it came from (for its hop animation).
    let hopped: Vec<_> = all::<PieceView>(&mut app)
        .into_iter()
        .filter_map(|p| p.arrived_from)
        .collect();
    assert_eq!(hopped, vec![e4.from]);

    send(&mut app, Request::Undo);
    assert_eq!(board_count(&mut app), before);

    send(&mut app, Request::Move(e4));
    send(&mut app, Request::Submit);
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.actions.len(), 1);
    assert_eq!(m.to_move(), Side::Black);
    let h = present(&mut app);
    assert_eq!(h, app.world().resource::<Match>().pos.present());
}

fn present(app: &mut App) -> i32 {
    let v = all::<PresentLine>(app);
    assert_eq!(v.len(), 1, "one present line");
    v[0].h
}

/// A left click on `at`, as the window would deliver it.
fn click(app: &mut App, at: Coord) {
    app.world_mut().resource_mut::<Hovered>().0 = Some(at);
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
    app.update();
}

#[test]
fn clicks_select_a_piece_and_move_it() {
    let mut app = app_with(standard());
    let before = board_count(&mut app);
    let e2 = Coord {
        l: 0,
        h: 2,
        x: 4,
        y: 1,
    };
    click(&mut app, e2);
    let sel = app.world().resource::<Selection>().clone();
    assert_eq!(sel.from, Some(e2));
    assert_eq!(sel.moves.len(), 2, "e3 and e4");
    click(&mut app, Coord { y: 3, ..e2 });
    assert_eq!(app.world().resource::<Match>().pos.turn_len(), 1);
    assert_eq!(board_count(&mut app), before + 1);
    assert_eq!(app.world().resource::<Selection>().from, None);
    // A click on an opponent's piece selects nothing.
    click(
        &mut app,
        Coord {
            l: 0,
            h: 2,
            x: 4,
            y: 6,
        },
    );
    assert_eq!(app.world().resource::<Selection>().from, None);
}

#[test]
fn refused_requests_leave_the_match_alone_and_say_why() {
    let mut app = app_with(standard());
    send(&mut app, Request::Submit);
    let m = app.world().resource::<Match>();
    assert!(m.feedback.as_deref().unwrap().contains("present"));
    assert_eq!(m.game.actions.len(), 0);
    let mut events = app.world_mut().resource_mut::<Messages<MatchEvent>>();
    let rejected = events
        .drain()
        .filter(|e| matches!(e, MatchEvent::Rejected(_)))
        .count();
    assert!(rejected >= 1);
}

#[test]
fn time_travel_grows_a_timeline_in_the_mirror() {
    let mut app = app_with(standard());
    for t in ["Nf3", "Nf6"] {
        let mv = find(&app, t);
        send(&mut app, Request::Move(mv));
        send(&mut app, Request::Submit);
    }
    // A knight jumping back one turn onto an earlier board makes a new timeline.
    let m = app.world().resource::<Match>();
    let jump = *all_moves(m)
        .iter()
        .find(|mv| !mv.is_physical() && mv.to.l == mv.from.l && mv.to.h < mv.from.h)
        .expect("a knight can travel back in time");
    let present_before = present(&mut app);
    send(&mut app, Request::Move(jump));
    assert!(
        present(&mut app) < present_before,
        "the new timeline pulls the present back"
    );
    let timelines = all::<TimelineView>(&mut app);
    assert_eq!(timelines.len(), 2);
    assert_eq!(board_count(&mut app), engine_board_count(&app));
    let new_l = timelines.iter().map(|t| t.l).find(|&l| l != 0).unwrap();
    let first_of_new = all::<BoardView>(&mut app)
        .into_iter()
        .filter(|b| b.l == new_l)
        .map(|b| b.parent)
        .collect::<Vec<_>>();
    assert_eq!(first_of_new, vec![Some((jump.to.l, jump.to.h))]);
    send(&mut app, Request::Undo);
    let n = all::<TimelineView>(&mut app).len();
    assert_eq!(n, 1, "undo takes the new timeline away");
}

#[test]
fn a_mating_turn_ends_the_game_through_the_async_check() {
    // The last turn of a real game that ends in checkmate, played move by move.
    let mut app = play_last_turn_and_wait([Player::Human; 2]);
    let m = app.world().resource::<Match>();
    let Some(Outcome::Checkmate { winner: mover }) = m.outcome else {
        panic!("not mate: {:?}", m.outcome);
    };
    // Nothing more can be played.
    let before = m.game.actions.len();
    send(&mut app, Request::Resign);
    assert_eq!(app.world().resource::<Match>().game.actions.len(), before);
    assert_eq!(
        app.world().resource::<Match>().outcome,
        Some(Outcome::Checkmate { winner: mover })
    );
}

#[test]
fn a_new_match_replaces_the_whole_mirror() {
    let mut app = app_with(standard());
    let e4 = find(&app, "e4");
    send(&mut app, Request::Move(e4));
    let m = Match::from_variant("Standard - Two Timelines", [Player::Human; 2]).unwrap();
    let expected = m.pos.all_boards().count();
    app.world_mut().insert_resource(m);
    app.update();
    app.update();
    assert_eq!(board_count(&mut app), expected);
    let n = all::<TimelineView>(&mut app).len();
    assert_eq!(n, 2);
    app.world_mut().remove_resource::<Match>();
    app.update();
    app.update();
    assert_eq!(board_count(&mut app), 0, "no match, no mirror");
}

/// The match of `standard.5dpgn` one turn before its mate, with the given players.
fn one_turn_before_mate(players: [Player; 2]) -> (Match, Vec<Move>) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/engine/tests/data/conformance/standard.5dpgn"
    );
    let mut game = timefork::files::read_game_file(std::path::Path::new(path)).unwrap();
    let last = game.actions.pop().unwrap();
    let mut g = timefork_engine::Game::new(game.start.clone());
    g.headers = game.headers.clone();
    for a in &game.actions {
        g.apply_action(a).unwrap();
    }
    (Match::new(g, players), last)
}

fn leaderboard(app: &App) -> Leaderboard {
    Leaderboard::load(&app.world().resource::<LeaderboardFile>().0)
}

fn fast_ai(app: &mut App) {
    app.insert_resource(AiBudgets {
        easy: std::time::Duration::from_millis(40),
        medium: std::time::Duration::from_millis(60),
        hard: std::time::Duration::from_millis(80),
        max: std::time::Duration::from_millis(100),
        hint: std::time::Duration::from_millis(50),
    });
}

/// Plays the last turn of the game as `mover`'s player, through move requests.
fn play_last_turn_and_wait(players: [Player; 2]) -> App {
    let (m, last) = one_turn_before_mate(players);
    let mover = m.to_move();
    let mut app = app_with(m);
    fast_ai(&mut app);
    assert!(matches!(
        wait_for_mate_check(&mut app),
        MateCheck::Done(GameStatus::Ongoing | GameStatus::Check)
    ));
    for mv in &last {
        send(&mut app, Request::Move(*mv));
    }
    send(&mut app, Request::Submit);
    assert_eq!(
        wait_for_mate_check(&mut app),
        MateCheck::Done(GameStatus::Checkmate)
    );
    app.update();
    assert_eq!(
        app.world().resource::<Match>().outcome,
        Some(Outcome::Checkmate { winner: mover })
    );
    app
}

#[test]
fn a_human_checkmate_of_the_ai_enters_the_leaderboard() {
    let (m, _) = one_turn_before_mate([Player::Human; 2]);
    let mut players = [Player::Ai(AiLevel::Easy); 2];
    players[timefork::matchplay::color_index(m.to_move())] = Player::Human;
    let app = play_last_turn_and_wait(players);
    let board = leaderboard(&app);
    assert_eq!(board.entries.len(), 1, "{board:?}");
    assert_eq!(board.entries[0].level, AiLevel::Easy);
    assert_eq!(board.entries[0].variant, "Standard");
    let _ = std::fs::remove_file(&app.world().resource::<LeaderboardFile>().0);
}

#[test]
fn a_checkmate_between_two_people_never_enters_it() {
    let app = play_last_turn_and_wait([Player::Human; 2]);
    assert!(leaderboard(&app).entries.is_empty());
}

#[test]
fn a_scripted_human_plays_the_ai_to_the_end() {
    // White: a scripted human playing random legal turns (seeded). Black: the AI.
    let m = Match::from_variant("Standard", [Player::Human, Player::Ai(AiLevel::Hard)]).unwrap();
    let mut app = app_with(m);
    // Enough time for the AI to play with purpose even on a loaded machine.
    app.insert_resource(AiBudgets {
        hard: std::time::Duration::from_millis(250),
        ..AiBudgets::default()
    });
    let mut seed = 1u64;
    let mut ai_turns = 0;
    let started = std::time::Instant::now();
    while started.elapsed() < std::time::Duration::from_secs(1200) {
        app.update();
        let m = app.world().resource::<Match>();
        if m.is_over() || m.game.actions.len() >= 400 {
            break;
        }
        let ready = matches!(m.mate_check, MateCheck::Done(s) if s != GameStatus::Checkmate && s != GameStatus::Stalemate);
        if m.player_to_move() == Player::Human && ready {
            let pos = m.game.position().clone();
            seed += 1;
            let cfg = timefork_engine::ai::AiConfig {
                level: timefork_engine::ai::Level::Random,
                budget: std::time::Duration::from_millis(50),
                seed,
            };
            let stop = std::sync::atomic::AtomicBool::new(false);
            let action = timefork_engine::ai::choose_action(&pos, &cfg, &stop)
                .expect("a legal turn")
                .action;
            app.world_mut().write_message(Request::SubmitAction(action));
        } else if m.player_to_move() != Player::Human {
            ai_turns += 1;
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    let m = app.world().resource::<Match>();
    assert!(m.feedback.is_none(), "a refused turn: {:?}", m.feedback);
    assert!(ai_turns > 0);
    // Every submitted turn was legal (the engine replays them all) and the game ended.
    let mut replay = timefork_engine::Game::new(m.game.start.clone());
    for a in &m.game.actions {
        replay
            .apply_action(a)
            .expect("every turn in the record is legal");
    }
    let outcome = m
        .outcome
        .unwrap_or_else(|| panic!("no end after {} actions", m.game.actions.len()));
    eprintln!("{outcome:?} after {} actions", m.game.actions.len());
    // Only a human's checkmate of the AI would enter the leaderboard.
    let entries = leaderboard(&app).entries.len();
    let human_won = outcome
        == Outcome::Checkmate {
            winner: Side::White,
        };
    assert_eq!(entries, usize::from(human_won), "{outcome:?}");
}

#[test]
fn the_ai_turn_arrives_through_the_match_and_animates_like_a_players() {
    let m = Match::from_variant("Standard", [Player::Ai(AiLevel::Easy), Player::Human]).unwrap();
    let mut app = app_with(m);
    fast_ai(&mut app);
    let started = std::time::Instant::now();
    while app.world().resource::<Match>().game.actions.is_empty() {
        assert!(started.elapsed().as_secs() < 120, "the AI never moved");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    app.update();
    app.update();
    let m = app.world().resource::<Match>();
    assert_eq!(m.to_move(), Side::Black);
    let moved = m.game.actions[0][0];
    let fresh_boards = all::<BoardView>(&mut app)
        .into_iter()
        .filter(|b| b.fresh)
        .count();
    assert!(fresh_boards >= 1, "the AI's new board grows in");
    let hops: Vec<_> = all::<PieceView>(&mut app)
        .into_iter()
        .filter_map(|p| p.arrived_from)
        .collect();
    assert_eq!(
        hops,
        vec![moved.from],
        "the moved piece hops from its square"
    );
}
