//! The game's logic in a headless app (no window, no renderer): requests go through the
//! real systems, the ECS mirror follows the engine, and the async mate check ends games.

mod common;
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use common::{key, tap};
use timefork::fived::matchplay::ai_player::AiBudgets;
use timefork::fived::matchplay::{
    AiLevel, Match, MatchEvent, MateCheck, Origin, Outcome, Player, Request,
};
use timefork::fived::mirror::{BoardView, PieceView, PresentLine, TimelineView};
use timefork::fived::picking::{Hovered, Selection};
use timefork::game_kit::LevelBudgets;
use timefork::leaderboard::{Leaderboard, LeaderboardFile};
use timefork_engine::Coord;
use timefork_engine::{Color as Side, GameStatus, Move, notation};

fn app_with(m: Match) -> App {
    let mut app = timefork::headless_app();
    app.insert_resource(m);
    app.world_mut()
        .resource_mut::<NextState<timefork::screens::Screen>>()
        .set(timefork::screens::Screen::FiveDPlay);
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

/// Frames until the mate check (on its own pool) answers. The wall-clock bound only
/// catches a hang: the check answers in milliseconds here, and the same answer whenever.
fn wait_for_mate_check(app: &mut App) -> MateCheck {
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(300) {
        app.update();
        let mc = app.world().resource::<Match>().mate_check;
        if matches!(mc, MateCheck::Done(_)) {
            return mc;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the mate check did not finish in 300 s");
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

/// A double click looks (its board is centred): the piece under it is not left selected
/// and nothing is played; a click a moment later selects again.
#[test]
fn a_double_click_selects_nothing() {
    use bevy::time::TimeUpdateStrategy;
    let mut app = app_with(standard());
    // 10 ms a frame whatever the machine: a click (three frames) is 30 ms.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(10),
    ));
    let e2 = Coord {
        l: 0,
        h: 2,
        x: 4,
        y: 1,
    };
    click(&mut app, e2);
    assert_eq!(app.world().resource::<Selection>().from, Some(e2));
    click(&mut app, e2);
    assert_eq!(app.world().resource::<Selection>().from, None);
    assert_eq!(app.world().resource::<Match>().pos.turn_len(), 0);
    for _ in 0..40 {
        app.update();
    }
    click(&mut app, e2);
    assert_eq!(app.world().resource::<Selection>().from, Some(e2));
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
    send(&mut app, Request::Resign(Side::White));
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
    let mut game = timefork::fived::save::read_game_file(std::path::Path::new(path)).unwrap();
    let last = game.actions.pop().unwrap();
    let mut g = timefork_engine::Game::new(game.start.clone());
    g.headers = game.headers.clone();
    for a in &game.actions {
        g.apply_action(a).unwrap();
    }
    // As if played in the app from the variant's start (the leaderboard tests need that).
    (Match::new(g, players).from_origin(Origin::Variant), last)
}

fn leaderboard(app: &App) -> Leaderboard {
    timefork::leaderboard::load(&app.world().resource::<LeaderboardFile>().0)
}

fn fast_ai(app: &mut App) {
    app.insert_resource(AiBudgets {
        levels: LevelBudgets {
            easy: std::time::Duration::from_millis(40),
            medium: std::time::Duration::from_millis(60),
            hard: std::time::Duration::from_millis(80),
            max: std::time::Duration::from_millis(100),
        },
        hint: std::time::Duration::from_millis(50),
        limit: Some(timefork_engine::ai::Limit::Nodes(300)),
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
    players[timefork::fived::matchplay::color_index(m.to_move())] = Player::Human;
    let app = play_last_turn_and_wait(players);
    let board = leaderboard(&app);
    assert_eq!(board.entries.len(), 1, "{board:?}");
    assert_eq!(board.entries[0].level, AiLevel::Easy);
    assert_eq!(board.entries[0].variant, "Standard");
    // The entry the game wrote proves itself: the leaderboard's own verification replays
    // it to the human's checkmate of the AI.
    assert_eq!(
        timefork_records::leaderboard::verify(&board.entries[0]),
        Ok(())
    );
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
    // Hard thinks by its clock here (80 ms a turn), not by work: random play grows dozens
    // of timelines, where looks for mates bounded only by counts take minutes. What this
    // test asserts holds for any game Hard plays (every turn legal, an end by 400 actions,
    // an entry only for a human's win), so a slower machine changes the game, never the
    // outcome.
    fast_ai(&mut app);
    app.world_mut().resource_mut::<AiBudgets>().limit = None;
    let mut seed = 1u64;
    let mut ai_turns = 0;
    // A hang guard only: the game ends by 400 actions, however long each frame takes.
    let start = std::time::Instant::now();
    loop {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(1800),
            "the game hung"
        );
        app.update();
        let m = app.world().resource::<Match>();
        if m.is_over() || m.game.actions.len() >= 400 {
            break;
        }
        let ready = matches!(m.mate_check, MateCheck::Done(s) if s != GameStatus::Checkmate && s != GameStatus::Stalemate);
        // A game that drags on past 300 turns is ended by the person resigning, through
        // the same requests.
        if m.player_to_move() == Player::Human && ready && m.game.actions.len() >= 300 {
            app.world_mut().write_message(Request::Resign(Side::White));
        } else if m.player_to_move() == Player::Human && ready {
            let pos = m.game.position().clone();
            seed += 1;
            let cfg = timefork_engine::ai::AiConfig {
                level: timefork_engine::ai::Level::Random,
                budget: std::time::Duration::from_millis(50),
                seed,
                limit: None,
            };
            let stop = std::sync::atomic::AtomicBool::new(false);
            let action = timefork_engine::ai::choose_action(&pos, &cfg, &stop)
                .expect("a legal turn (the mate check said there is one)")
                .action;
            app.world_mut().write_message(Request::SubmitAction(action));
        } else {
            if m.player_to_move() != Player::Human {
                ai_turns += 1;
            }
            // The AI and the mate check think on their own pools: give them the cores.
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

/// A conformance game at its final state, for two people.
fn conformance(name: &str) -> Match {
    let path = format!(
        "{}/crates/engine/tests/data/conformance/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let g = timefork::fived::save::read_game_file(std::path::Path::new(&path)).unwrap();
    Match::new(g, [Player::Human; 2])
}

#[test]
fn each_board_is_framed_for_its_role() {
    use timefork::fived::mirror::BoardFlags;
    use timefork::fived::view::highlights::{FrameStyle, frame_style};
    let mut app = app_with(conformance("another.5dpgn"));
    let pos = app.world().resource::<Match>().pos.clone();
    let mandatory: Vec<_> = pos.mandatory_boards();
    let playable: Vec<_> = pos.playable_boards();
    let mut seen = std::collections::HashSet::new();
    let views: Vec<(BoardView, BoardFlags)> = app
        .world_mut()
        .query::<(&BoardView, &BoardFlags)>()
        .iter(app.world())
        .map(|(b, f)| (*b, *f))
        .collect();
    for (b, f) in views {
        let want = if mandatory.contains(&(b.l, b.h)) {
            FrameStyle::Mandatory
        } else if playable.contains(&(b.l, b.h)) {
            FrameStyle::Optional
        } else {
            FrameStyle::None
        };
        assert_eq!(frame_style(&f), want, "board L{} h{}", b.l, b.h);
        // The latest board of a timeline has the thick border.
        assert_eq!(f.latest, pos.last_h(b.l) == b.h);
        seen.insert(format!("{want:?}"));
    }
    assert_eq!(
        seen.len(),
        3,
        "all three roles appear in this game: {seen:?}"
    );
    // The documents' colours: orange for boards that must be played, green for the others.
    use timefork::fived::view::highlights::frame_color;
    use timefork::theme::palette;
    assert_eq!(frame_color(FrameStyle::Mandatory), Some(palette::MANDATORY));
    assert_eq!(frame_color(FrameStyle::Optional), Some(palette::PLAYABLE));
    assert_eq!(frame_color(FrameStyle::None), None);
    let orange = palette::MANDATORY.to_srgba();
    assert!(orange.red > 0.9 && orange.green > 0.35 && orange.green < 0.65 && orange.blue < 0.2);
    let green = palette::PLAYABLE.to_srgba();
    assert!(green.green > 0.7 && green.red < 0.4 && green.blue < 0.4);
    let yellow = palette::PRESENT_LINE.to_srgba();
    assert!(yellow.red > 0.9 && yellow.green > 0.75 && yellow.blue < 0.3);
}

#[test]
fn timeline_arrows_follow_each_timelines_state() {
    use timefork::fived::view::timelines::arrow_color;
    use timefork::theme::palette;
    // 11 of this game's timelines are inactive at its end.
    let mut app = app_with(conformance("niceAndrey.5dpgn"));
    let pos = app.world().resource::<Match>().pos.clone();
    let timelines = all::<TimelineView>(&mut app);
    assert_eq!(timelines.len(), pos.timeline_indices().count());
    let mut inactive = 0;
    for t in &timelines {
        assert_eq!(t.active, pos.is_active(t.l), "L{}", t.label);
        let creator = if t.l > pos.init_max {
            Some(Side::White)
        } else if t.l < pos.init_min {
            Some(Side::Black)
        } else {
            None
        };
        assert_eq!(t.creator, creator);
        let want = match (t.active, t.creator) {
            (false, Some(Side::White)) => palette::TIMELINE_WHITE,
            (false, Some(Side::Black)) => palette::TIMELINE_BLACK,
            _ => palette::TIMELINE_ACTIVE,
        };
        assert_eq!(arrow_color(t), want);
        inactive += usize::from(!t.active);
    }
    assert!(inactive > 0, "this game has inactive timelines");
    let purple = palette::TIMELINE_ACTIVE.to_srgba();
    assert!(purple.blue > 0.8 && purple.red > 0.45 && purple.green < 0.4);
}

#[test]
fn timelines_are_labelled_as_the_documents_write_them() {
    let mut app = app_with(conformance("many2.5dpgn"));
    let mut labels: Vec<(i32, String)> = all::<TimelineView>(&mut app)
        .into_iter()
        .map(|t| (t.l, t.label))
        .collect();
    labels.sort();
    for (l, label) in labels {
        let want = match l.signum() {
            1 => format!("+{l}"),
            _ => l.to_string(),
        };
        assert_eq!(label, want);
    }
    // An even game: -0 and +0.
    let mut app =
        app_with(Match::from_variant("Standard - Two Timelines", [Player::Human; 2]).unwrap());
    let mut labels: Vec<String> = all::<TimelineView>(&mut app)
        .into_iter()
        .map(|t| t.label)
        .collect();
    labels.sort();
    assert_eq!(labels, vec!["+0".to_string(), "-0".to_string()]);
}

#[test]
fn the_view_turns_to_the_player_on_the_near_side() {
    use timefork::fived::view::layout::Orientation;
    use timefork::settings::{Settings, ViewSide};
    let flipped = |app: &App| app.world().resource::<Orientation>().flipped;
    // A human playing Black against the AI sees Black's side near.
    let app = app_with(
        Match::from_variant("Standard", [Player::Ai(AiLevel::Easy), Player::Human]).unwrap(),
    );
    assert!(flipped(&app));
    let app = app_with(
        Match::from_variant("Standard", [Player::Human, Player::Ai(AiLevel::Easy)]).unwrap(),
    );
    assert!(!flipped(&app));
    // Two people at one computer: the view turns with the side to move.
    let mut app = app_with(standard());
    assert!(!flipped(&app));
    let e4 = find(&app, "e4");
    send(&mut app, Request::Move(e4));
    assert!(
        !flipped(&app),
        "it turns when the turn is submitted, not before"
    );
    send(&mut app, Request::Submit);
    assert!(flipped(&app));
    // The setting overrides it.
    app.world_mut().resource_mut::<Settings>().view_side = ViewSide::White;
    app.update();
    assert!(!flipped(&app));
}

/// Updates until the mate check of the current position has answered.
fn settle(app: &mut App) {
    wait_for_mate_check(app);
    app.update();
}

#[test]
fn clocks_run_for_the_side_to_move_add_increments_and_flag() {
    use bevy::time::TimeUpdateStrategy;
    use std::time::Duration;
    use timefork::fived::matchplay::clocks::{Clocks, TimeControl};
    // 1 minute + 2 seconds a turn.
    let tc = TimeControl::parse_tag("60+2").unwrap();
    let m = standard().timed(Some(tc));
    let mut app = app_with(m);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        500,
    )));
    settle(&mut app);
    let left = |app: &App| app.world().resource::<Clocks>().remaining.unwrap();
    let start = left(&app);
    assert_eq!(
        start[1],
        Duration::from_secs(60),
        "Black's clock has not run"
    );
    for _ in 0..10 {
        app.update();
    }
    // Ten frames of half a second ran on White's clock only.
    assert_eq!(left(&app)[0], start[0] - Duration::from_secs(5));
    assert_eq!(left(&app)[1], Duration::from_secs(60));
    let white_before = left(&app)[0];
    let e4 = find(&app, "e4");
    app.world_mut().write_message(Request::Move(e4));
    app.update();
    app.world_mut().write_message(Request::Submit);
    app.update();
    // Two frames of White's time, then the 2-second increment.
    assert_eq!(
        left(&app)[0],
        white_before - Duration::from_secs(1) + Duration::from_secs(2)
    );
    settle(&mut app);
    let black_before = left(&app)[1];
    assert!(black_before <= Duration::from_secs(60));
    // Black thinks until the flag falls: White wins on time.
    for _ in 0..200 {
        app.update();
        if app.world().resource::<Match>().is_over() {
            break;
        }
    }
    let m = app.world().resource::<Match>();
    assert_eq!(
        m.outcome,
        Some(Outcome::TimeOut {
            winner: Side::White
        })
    );
    assert_eq!(left(&app)[1], Duration::ZERO);
    // The clock stands still once the game is over.
    let white_after = left(&app)[0];
    app.update();
    assert_eq!(left(&app)[0], white_after);
}

#[test]
fn a_loaded_game_never_enters_the_leaderboard() {
    // The same mating turn as the leaderboard test, in a match opened from a save.
    let (m, last) = one_turn_before_mate([Player::Human, Player::Human]);
    let mover = m.to_move();
    let mut players = [Player::Ai(AiLevel::Easy); 2];
    players[timefork::fived::matchplay::color_index(mover)] = Player::Human;
    let text = timefork::fived::save::save_text(
        &Match::new(m.game.clone(), players),
        &timefork::fived::matchplay::clocks::Clocks::default(),
        None,
    );
    let loaded = timefork::fived::save::read_save(&text)
        .unwrap()
        .into_match([Player::Human; 2]);
    assert_eq!(loaded.players, players);
    assert_eq!(loaded.origin, Origin::File);
    let mut app = app_with(loaded);
    fast_ai(&mut app);
    wait_for_mate_check(&mut app);
    for mv in &last {
        send(&mut app, Request::Move(*mv));
    }
    send(&mut app, Request::Submit);
    wait_for_mate_check(&mut app);
    app.update();
    assert_eq!(
        app.world().resource::<Match>().outcome,
        Some(Outcome::Checkmate { winner: mover })
    );
    assert!(leaderboard(&app).entries.is_empty());
}

#[test]
fn browsing_shows_the_multiverse_after_the_chosen_turn() {
    use std::collections::BTreeSet;
    use timefork::fived::matchplay::browse::{Browse, BrowseRequest};
    let mut app = app_with(conformance("another.5dpgn"));
    let game = app.world().resource::<Match>().game.clone();
    let boards_shown = |app: &mut App| -> BTreeSet<(i32, i32)> {
        all::<BoardView>(app)
            .into_iter()
            .map(|b| (b.l, b.h))
            .collect()
    };
    let pieces_shown = |app: &mut App| -> usize { all::<PieceView>(app).len() };
    for k in [0, 1, game.actions.len() / 2, game.actions.len()] {
        app.world_mut().write_message(BrowseRequest::To(k));
        app.update();
        app.update();
        let pos = game.position_at(k);
        let want: BTreeSet<(i32, i32)> = pos.all_boards().map(|(l, h, _)| (l, h)).collect();
        assert_eq!(boards_shown(&mut app), want, "state {k}");
        let want_pieces: usize = pos
            .all_boards()
            .map(|(_, _, b)| {
                (0..pos.height)
                    .flat_map(|y| (0..pos.width).map(move |x| (x, y)))
                    .filter(|&(x, y)| !b.get(x, y).is_empty())
                    .count()
            })
            .sum();
        assert_eq!(pieces_shown(&mut app), want_pieces, "state {k}");
        let m = app.world().resource::<Match>();
        assert_eq!(app.world().resource::<Browse>().state(m), Some(k));
    }
    // Stepping back and forth, then back to the game.
    app.world_mut().write_message(BrowseRequest::To(3));
    app.update();
    app.world_mut().write_message(BrowseRequest::Previous);
    app.update();
    app.update();
    let want: BTreeSet<(i32, i32)> = game
        .position_at(2)
        .all_boards()
        .map(|(l, h, _)| (l, h))
        .collect();
    assert_eq!(boards_shown(&mut app), want);
    app.world_mut().write_message(BrowseRequest::Live);
    app.update();
    app.update();
    assert_eq!(board_count(&mut app), engine_board_count(&app));
    // Browsing never changes the game.
    assert_eq!(app.world().resource::<Match>().game.actions, game.actions);
}

#[test]
fn the_mate_check_never_waits_for_a_long_think() {
    use timefork::game_kit::tasks::SearchPool;
    // Hold every thread of the search pool (where the AI and hints think) busy until the
    // test lets go, then play a mating turn: the mate check still answers, and frames go
    // on being drawn the whole time.
    let (m, last) = one_turn_before_mate([Player::Human; 2]);
    let mut app = app_with(m);
    wait_for_mate_check(&mut app);
    let pool = app
        .world()
        .resource::<SearchPool>()
        .0
        .clone()
        .expect("threads");
    let (release, held) = std::sync::mpsc::channel::<()>();
    let held = std::sync::Arc::new(std::sync::Mutex::new(held));
    let busy: Vec<_> = (0..pool.thread_num())
        .map(|_| {
            let held = held.clone();
            pool.spawn(async move {
                let _ = held.lock().unwrap().recv();
            })
        })
        .collect();
    for mv in &last {
        send(&mut app, Request::Move(*mv));
    }
    send(&mut app, Request::Submit);
    let mut frames = 0;
    let status = loop {
        app.update();
        frames += 1;
        if let MateCheck::Done(s) = app.world().resource::<Match>().mate_check {
            break s;
        }
        assert!(frames < 100_000, "the mate check never answered");
        std::thread::sleep(std::time::Duration::from_millis(1));
    };
    assert_eq!(status, GameStatus::Checkmate);
    assert!(frames > 0);
    for _ in 0..busy.len() {
        release.send(()).unwrap();
    }
    for t in busy {
        bevy::tasks::block_on(t);
    }
}

#[test]
fn resigning_while_the_ai_thinks_ends_the_think_and_its_notice() {
    use timefork::fived::matchplay::AiThinking;
    // The AI (White, Max with a long budget) thinks; the person (Black) resigns meanwhile.
    let m = Match::from_variant("Standard", [Player::Ai(AiLevel::Max), Player::Human]).unwrap();
    let mut app = app_with(m);
    app.insert_resource(AiBudgets {
        levels: LevelBudgets {
            max: std::time::Duration::from_secs(60),
            ..AiBudgets::default().levels
        },
        ..AiBudgets::default()
    });
    for _ in 0..2000 {
        app.update();
        if app.world().resource::<AiThinking>().0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(app.world().resource::<AiThinking>().0, "the AI is thinking");
    send(&mut app, Request::Resign(Side::Black));
    let m = app.world().resource::<Match>();
    // Black resigned: White wins, not the other way round.
    assert_eq!(
        m.outcome,
        Some(Outcome::Resignation {
            winner: Side::White
        })
    );
    assert!(
        !app.world().resource::<AiThinking>().0,
        "no \"the AI is thinking\" on the game-over screen"
    );
    assert!(
        app.world().resource::<Match>().game.actions.is_empty(),
        "the AI's late answer is dropped"
    );
}

#[test]
fn a_dragged_slider_writes_the_settings_once_they_settle() {
    use bevy::time::TimeUpdateStrategy;
    use timefork::settings::{Settings, SettingsFile};
    let mut app = app_with(standard());
    app.insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(100),
    ));
    let file = app.world().resource::<SettingsFile>().0.clone();
    // Two seconds of a slider moving every frame: nothing is written while it moves.
    for i in 0..20 {
        app.world_mut().resource_mut::<Settings>().volume = i as f32 / 20.0;
        app.update();
        assert!(!file.exists(), "written while still changing (frame {i})");
    }
    // Half a second after the last change it is written, with the last value.
    for _ in 0..8 {
        app.update();
    }
    let saved = Settings::load(&file);
    assert_eq!(saved.volume, 19.0 / 20.0);
    let _ = std::fs::remove_file(file);
}

#[test]
fn home_end_and_up_down_walk_the_move_list_and_each_step_sounds_its_action() {
    use bevy::ecs::message::Messages;
    use timefork::audio::Cue;
    use timefork::fived::matchplay::browse::Browse;
    let mut app = app_with(conformance("another.5dpgn"));
    let n = app.world().resource::<Match>().game.actions.len();
    let state = |app: &App| {
        let m = app.world().resource::<Match>();
        app.world().resource::<Browse>().state(m)
    };
    let mut cursor = app.world().resource::<Messages<Cue>>().get_cursor();
    let mut heard = |app: &App| -> Vec<Cue> {
        cursor
            .read(app.world().resource::<Messages<Cue>>())
            .copied()
            .collect()
    };
    heard(&app);
    tap(&mut app, KeyCode::Home);
    assert_eq!(state(&app), Some(0));
    // The start has no action before it: nothing to sound.
    assert!(heard(&app).is_empty());
    tap(&mut app, KeyCode::ArrowDown);
    assert_eq!(state(&app), Some(1));
    // The first action is a move of turn 1, when there is no past to travel to.
    assert_eq!(heard(&app), vec![Cue::Move]);
    tap(&mut app, KeyCode::ArrowDown);
    tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(state(&app), Some(1));
    tap(&mut app, KeyCode::End);
    assert_eq!(state(&app), None, "End goes back to the game ({n} actions)");
}

#[test]
fn arrows_drawn_across_boards_belong_to_their_position_and_a_click_clears_them() {
    use timefork::fived::drawings::{Drawing, Drawings, Ink};
    use timefork::fived::matchplay::browse::{Browse, BrowseRequest};
    use timefork::fived::picking::Pointed;
    let mut app = app_with(conformance("another.5dpgn"));
    let mouse = |app: &mut App, button: MouseButton, state: ButtonState| {
        app.world_mut().write_message(MouseButtonInput {
            button,
            state,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    };
    // Two squares on two different boards of the live position.
    let (a, b) = {
        let m = app.world().resource::<Match>();
        let boards = m.pos.playable_boards();
        let (l0, h0) = boards[0];
        let (l1, h1) = *boards.last().unwrap();
        (
            Coord {
                l: l0,
                h: h0,
                x: 1,
                y: 1,
            },
            Coord {
                l: l1,
                h: h1 - 2,
                x: 4,
                y: 4,
            },
        )
    };
    let shown = |app: &App| {
        let m = app.world().resource::<Match>();
        let browse = app.world().resource::<Browse>();
        app.world().resource::<Drawings>().shown(m, browse).to_vec()
    };
    // Shift+Ctrl+right-drag from a to b: a red arrow.
    key(&mut app, KeyCode::ShiftLeft, ButtonState::Pressed);
    key(&mut app, KeyCode::ControlLeft, ButtonState::Pressed);
    app.world_mut().resource_mut::<Pointed>().0 = Some(a);
    mouse(&mut app, MouseButton::Right, ButtonState::Pressed);
    app.world_mut().resource_mut::<Pointed>().0 = Some(b);
    mouse(&mut app, MouseButton::Right, ButtonState::Released);
    key(&mut app, KeyCode::ControlLeft, ButtonState::Released);
    // Shift+right-click on b: a green circle.
    mouse(&mut app, MouseButton::Right, ButtonState::Pressed);
    mouse(&mut app, MouseButton::Right, ButtonState::Released);
    key(&mut app, KeyCode::ShiftLeft, ButtonState::Released);
    app.update();
    let live = vec![
        Drawing {
            from: a,
            to: b,
            ink: Ink::Red,
        },
        Drawing {
            from: b,
            to: b,
            ink: Ink::Green,
        },
    ];
    assert_eq!(shown(&app), live);
    // Another state of the history has none of them; back in the game they are there.
    app.world_mut().write_message(BrowseRequest::To(1));
    app.update();
    app.update();
    assert!(shown(&app).is_empty());
    app.world_mut().write_message(BrowseRequest::Live);
    app.update();
    app.update();
    assert_eq!(shown(&app), live);
    // A left click clears them.
    mouse(&mut app, MouseButton::Left, ButtonState::Pressed);
    mouse(&mut app, MouseButton::Left, ButtonState::Released);
    assert!(shown(&app).is_empty());
}

/// The last submitted turn is marked where its moves show: a move on one board on that
/// board's next state; a jump's departure on its board's next state and its arrival on
/// the board it made (a new timeline, L+1 for White, on the board after the one it
/// reached). Worked out from the rules; the half-turn h of turn T is 2T for White and
/// 2T + 1 for Black (`Coord::turn` is h / 2).
#[test]
fn the_last_turn_is_marked_on_the_boards_it_made() {
    use timefork::fived::last_turn::LastTurnMarks;
    let c = |l, h, x, y| Coord { l, h, x, y };
    let mut app = app_with(standard());
    let marks = |app: &App| app.world().resource::<LastTurnMarks>().squares.clone();
    assert!(marks(&app).is_empty());
    let mv = find(&app, "Nc3");
    send(&mut app, Request::Move(mv));
    send(&mut app, Request::Submit);
    // b1 (x 1, y 0) to c3 (x 2, y 2), shown on L0's board after T1 White.
    assert_eq!(marks(&app), vec![(c(0, 3, 1, 0), c(0, 3, 2, 2))]);
    let mv = find(&app, "Nf6");
    send(&mut app, Request::Move(mv));
    send(&mut app, Request::Submit);
    assert_eq!(marks(&app), vec![(c(0, 4, 6, 7), c(0, 4, 5, 5))]);
    // The knight jumps back a turn to e3 of T1 White: a new timeline L+1 from there.
    let mv = find(&app, "Nc3>>(0T1)e3");
    send(&mut app, Request::Move(mv));
    send(&mut app, Request::Submit);
    assert_eq!(marks(&app), vec![(c(0, 5, 2, 2), c(1, 3, 4, 2))]);
}
