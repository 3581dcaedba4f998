//! The game's logic in a headless app (no window, no renderer): requests go through the
//! real systems, the ECS mirror follows the engine, and the async mate check ends games.

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use timefork::matchplay::{Match, MatchEvent, MateCheck, Outcome, Player, Request};
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

fn board_count(app: &mut App) -> usize {
    app.world_mut()
        .query::<&BoardView>()
        .iter(app.world())
        .count()
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
    let hopped: Vec<_> = app
        .world_mut()
        .query::<&PieceView>()
        .iter(app.world())
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
    let present: Vec<_> = app
        .world_mut()
        .query::<&PresentLine>()
        .iter(app.world())
        .copied()
        .collect();
    assert_eq!(present.len(), 1);
    assert_eq!(present[0].h, app.world().resource::<Match>().pos.present());
}

fn present(app: &mut App) -> i32 {
    let v: Vec<_> = app
        .world_mut()
        .query::<&PresentLine>()
        .iter(app.world())
        .copied()
        .collect();
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
    let timelines: Vec<TimelineView> = app
        .world_mut()
        .query::<&TimelineView>()
        .iter(app.world())
        .cloned()
        .collect();
    assert_eq!(timelines.len(), 2);
    assert_eq!(board_count(&mut app), engine_board_count(&app));
    let new_l = timelines.iter().map(|t| t.l).find(|&l| l != 0).unwrap();
    let first_of_new = app
        .world_mut()
        .query::<&BoardView>()
        .iter(app.world())
        .filter(|b| b.l == new_l)
        .map(|b| b.parent)
        .collect::<Vec<_>>();
    assert_eq!(first_of_new, vec![Some((jump.to.l, jump.to.h))]);
    send(&mut app, Request::Undo);
    let n = app
        .world_mut()
        .query::<&TimelineView>()
        .iter(app.world())
        .count();
    assert_eq!(n, 1, "undo takes the new timeline away");
}

#[test]
fn a_mating_turn_ends_the_game_through_the_async_check() {
    // The last turn of a real game that ends in checkmate, played move by move.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/engine/tests/data/conformance/standard.5dpgn"
    );
    let mut game = timefork::files::read_game_file(std::path::Path::new(path)).unwrap();
    let last = game.actions.pop().unwrap();
    let mut start = timefork_engine::Game::new(game.start.clone());
    start.headers = game.headers.clone();
    for a in &game.actions {
        start.apply_action(a).unwrap();
    }
    let mut app = app_with(Match::new(start, [Player::Human; 2]));
    assert!(matches!(
        wait_for_mate_check(&mut app),
        MateCheck::Done(GameStatus::Ongoing | GameStatus::Check)
    ));
    let mover = app.world().resource::<Match>().to_move();
    for mv in &last {
        send(&mut app, Request::Move(*mv));
    }
    send(&mut app, Request::Submit);
    assert_eq!(
        wait_for_mate_check(&mut app),
        MateCheck::Done(GameStatus::Checkmate)
    );
    let m = app.world().resource::<Match>();
    assert_eq!(m.outcome, Some(Outcome::Checkmate { winner: mover }));
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
    let n = app
        .world_mut()
        .query::<&TimelineView>()
        .iter(app.world())
        .count();
    assert_eq!(n, 2);
    app.world_mut().remove_resource::<Match>();
    app.update();
    app.update();
    assert_eq!(board_count(&mut app), 0, "no match, no mirror");
}
