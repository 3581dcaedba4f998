//! Kingdrops in a headless app (no window, no renderer): the setup and play go through
//! the real systems, the requests a person's clicks send, and the AI on the search pool.

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::time::Duration;
use timefork::game_kit::LevelBudgets;
use timefork::kingdrops::ai::KdAiBudgets;
use timefork::kingdrops::input::KdHovered;
use timefork::kingdrops::layout::Slot;
use timefork::kingdrops::matchplay::{KdMatch, KdOrigin, KdRequest, banner};
use timefork::kingdrops::mirror::KdPiece;
use timefork::kingdrops::setup::{KdSetup, QuickLayout, SetupRequest};
use timefork::leaderboard::LeaderboardFile;
use timefork::players::{AiLevel, Player};
use timefork::saved_games::{OpenGame, Opened};
use timefork::screens::Screen;
use timefork_kingdrops::{Color, Game, Kind, Move, Piece, Placement, Square};

fn new_app() -> App {
    let mut app = timefork::headless_app();
    // A quick AI that thinks by depth, inline, and its moves played without a pause; its
    // setups from a fixed seed; time by frames. What a frame sees is the same on any
    // machine.
    app.insert_resource(KdAiBudgets {
        levels: LevelBudgets::all(Duration::from_millis(5)),
        pause: Duration::ZERO,
        depth: Some(1),
    });
    app.insert_resource(timefork::game_kit::tasks::SearchPool::inline());
    app.insert_resource(timefork::kingdrops::ai::KdSetupSeed(7));
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(10),
    ));
    app.update();
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn go(app: &mut App, s: Screen) {
    app.world_mut().resource_mut::<NextState<Screen>>().set(s);
    app.update();
    app.update();
}

fn setup_req(app: &mut App, r: SetupRequest) {
    app.world_mut().write_message(r);
    app.update();
    app.update();
}

fn req(app: &mut App, r: KdRequest) {
    app.world_mut().write_message(r);
    app.update();
    app.update();
}

fn the_match(app: &App) -> &KdMatch {
    app.world().resource::<KdMatch>()
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// Runs frames until `done`, at most 2,000 (the AI answers in the frame it is asked:
/// `new_app`).
fn run_until(app: &mut App, mut done: impl FnMut(&mut App) -> bool) {
    let mut frames = 0;
    while !done(app) {
        frames += 1;
        assert!(frames < 2_000, "waited 2,000 frames in vain");
        app.update();
    }
}

/// A match between two people from rules.md's example layout on both sides: White
/// `AAAASSSS/RBGQKGBR` (archers a2-d2, spearmen e2-h2, king e1), Black mirrored.
fn standard_app() -> App {
    let mut app = new_app();
    let g = Game::from_setup(
        &Placement::standard(Color::White),
        &Placement::standard(Color::Black),
    )
    .unwrap();
    app.insert_resource(KdMatch::new(g, [Player::Human; 2], KdOrigin::Setup));
    go(&mut app, Screen::KingdropsPlay);
    app
}

#[test]
fn a_whole_game_against_the_ai_setup_included() {
    let mut app = new_app();
    // As the new-game screen does: White a person, Black the AI.
    app.insert_resource(KdSetup::new([Player::Human, Player::Ai(AiLevel::Easy)]));
    go(&mut app, Screen::KingdropsSetup);
    // The person takes the quick "random" layout and is ready; then the AI sets up.
    setup_req(&mut app, SetupRequest::Quick(QuickLayout::Random));
    assert_eq!(app.world().resource::<KdSetup>().placed_count(), 16);
    setup_req(&mut app, SetupRequest::Ready);
    run_until(&mut app, |app| screen(app) == Screen::KingdropsPlay);
    let start = the_match(&app).game.start().clone();
    assert!(the_match(&app).game.started_from_setup());
    // Each side's 16 pieces on its own two ranks.
    for sq in Square::all() {
        let expected = match sq.rank() {
            0 | 1 => Some(Color::White),
            6 | 7 => Some(Color::Black),
            _ => None,
        };
        assert_eq!(start.piece_at(sq).map(|p| p.color), expected, "{sq}");
    }
    // The person plays random legal moves through the requests a click sends, and ends
    // each turn when the rules allow it.
    let mut rng = StdRng::seed_from_u64(11);
    let mut frames = 0;
    loop {
        let m = the_match(&app);
        if m.is_over() {
            break;
        }
        assert!(m.game.turns().len() < 400, "the game does not end");
        frames += 1;
        assert!(frames < 100_000, "the game takes too long");
        if m.human_to_move() {
            let r = if m.can_end {
                KdRequest::EndTurn
            } else {
                KdRequest::Move(m.next[rng.random_range(0..m.next.len())])
            };
            req(&mut app, r);
            assert_eq!(the_match(&app).feedback, None, "{r:?} was refused");
        } else {
            app.update();
        }
    }
    let m = the_match(&app);
    // Every turn replays legally from the start, and the replay ends the same way.
    let mut replay = Game::new(start);
    for (i, t) in m.game.turns().iter().enumerate() {
        replay
            .play(t)
            .unwrap_or_else(|e| panic!("turn {} ({t}) is illegal: {e}", i + 1));
    }
    let result = m.game.result().expect("the game ended by the rules");
    eprintln!(
        "the game: {result} after {} turns\n{}",
        m.game.turns().len(),
        m.game.to_record()
    );
    assert_eq!(replay.result(), Some(result));
    let (head, detail) = banner(m).unwrap();
    assert_eq!(head, format!("{} wins", result.winner.name()));
    assert!(!detail.is_empty());
    // Only a win of the person's earns an entry, and it verifies.
    let board = timefork::leaderboard::load(&app.world().resource::<LeaderboardFile>().0);
    if result.winner == Color::White {
        assert_eq!(board.entries.len(), 1);
        assert_eq!(
            timefork_records::leaderboard::verify(&board.entries[0]),
            Ok(())
        );
    } else {
        assert!(board.entries.is_empty());
    }
}

#[test]
fn in_hot_seat_white_sets_up_first_then_black() {
    let mut app = new_app();
    app.insert_resource(KdSetup::new([Player::Human; 2]));
    go(&mut app, Screen::KingdropsSetup);
    let s = app.world().resource::<KdSetup>();
    assert_eq!(s.side, Color::White);
    // White places on ranks 1 and 2 only.
    setup_req(
        &mut app,
        SetupRequest::Place {
            kind: Kind::King,
            to: sq("e8"),
        },
    );
    let s = app.world().resource::<KdSetup>();
    assert_eq!(
        s.feedback.as_deref(),
        Some("e8 is not on White's ranks 1 and 2: pieces are set up there")
    );
    setup_req(&mut app, SetupRequest::Quick(QuickLayout::Standard));
    setup_req(&mut app, SetupRequest::Ready);
    let s = app.world().resource::<KdSetup>();
    assert_eq!(s.side, Color::Black);
    assert_eq!(screen(&app), Screen::KingdropsSetup);
    // White's 16 pieces stand on the board, Black's 16 wait in the tray.
    let pieces: Vec<KdPiece> = app
        .world_mut()
        .query::<&KdPiece>()
        .iter(app.world())
        .copied()
        .collect();
    let on_board = pieces
        .iter()
        .filter(|p| matches!(p.slot, Slot::Board(_)) && p.piece.color == Color::White)
        .count();
    let in_tray = pieces
        .iter()
        .filter(|p| matches!(p.slot, Slot::Tray(Color::Black, _)))
        .count();
    assert_eq!((on_board, in_tray, pieces.len()), (16, 16, 32));
    setup_req(&mut app, SetupRequest::Quick(QuickLayout::Mirror));
    setup_req(&mut app, SetupRequest::Ready);
    assert_eq!(screen(&app), Screen::KingdropsPlay);
    let pos = the_match(&app).game.position().clone();
    // White's standard ranks AAAASSSS/RBGQKGBR, and Black the same reflected: the kings
    // face each other on e1 and e8, the archers on a2 and a7.
    let at = |s: &str| pos.piece_at(sq(s));
    assert_eq!(at("e1"), Some(Piece::new(Color::White, Kind::King)));
    assert_eq!(at("e8"), Some(Piece::new(Color::Black, Kind::King)));
    assert_eq!(at("a2"), Some(Piece::new(Color::White, Kind::Archer)));
    assert_eq!(at("a7"), Some(Piece::new(Color::Black, Kind::Archer)));
    assert_eq!(at("h7"), Some(Piece::new(Color::Black, Kind::Spearman)));
    assert_eq!(pos.side_to_move(), Color::White);
}

#[test]
fn the_moves_of_a_turn_can_be_taken_back_until_it_ends() {
    let mut app = standard_app();
    req(&mut app, KdRequest::Move(mv("e2e3")));
    req(&mut app, KdRequest::Move(mv("f2f3")));
    assert_eq!(the_match(&app).moves, vec![mv("e2e3"), mv("f2f3")]);
    req(&mut app, KdRequest::Undo);
    let m = the_match(&app);
    assert_eq!(m.moves, vec![mv("e2e3")]);
    // The spearman is back on f2, the other still on e3.
    let spearman = Some(Piece::new(Color::White, Kind::Spearman));
    assert_eq!(m.shown.piece_at(sq("f2")), spearman);
    assert_eq!(m.shown.piece_at(sq("f3")), None);
    assert_eq!(m.shown.piece_at(sq("e3")), spearman);
    // The mirror follows: the piece on e3 and none on f3.
    let slots: Vec<Slot> = app
        .world_mut()
        .query::<&KdPiece>()
        .iter(app.world())
        .map(|p| p.slot)
        .collect();
    assert!(slots.contains(&Slot::Board(sq("e3"))) && !slots.contains(&Slot::Board(sq("f3"))));
    // One move of three made: the turn cannot end.
    req(&mut app, KdRequest::EndTurn);
    assert!(
        the_match(&app)
            .feedback
            .as_deref()
            .unwrap()
            .contains("1 of 3 moves made")
    );
    req(&mut app, KdRequest::Move(mv("f2f3")));
    req(&mut app, KdRequest::Move(mv("g2g3")));
    req(&mut app, KdRequest::EndTurn);
    let m = the_match(&app);
    assert_eq!(m.game.turns().len(), 1);
    assert_eq!(m.game.turns()[0].to_string(), "e2e3,f2f3,g2g3");
    // The ended turn stays.
    req(&mut app, KdRequest::Undo);
    let m = the_match(&app);
    assert_eq!(m.game.turns().len(), 1);
    assert!(
        m.feedback
            .as_deref()
            .unwrap()
            .contains("no move of this turn")
    );
}

fn press(app: &mut App, at: Square) {
    app.insert_resource(KdHovered(Some(Slot::Board(at))));
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
fn an_illegal_move_is_refused_with_the_reason() {
    let mut app = standard_app();
    // A spearman steps one square forward: e2e5 is not its move.
    req(&mut app, KdRequest::Move(mv("e2e5")));
    assert_eq!(
        the_match(&app).feedback.as_deref(),
        Some("e2e5 is not legal: the spearman on e2 cannot move to e5")
    );
    // Nothing is in White's reserve to drop.
    req(&mut app, KdRequest::Move(mv("R@d3")));
    assert_eq!(
        the_match(&app).feedback.as_deref(),
        Some("R@d3 is not legal: there is no rook in White's reserve")
    );
    assert!(the_match(&app).moves.is_empty());
    // The same through clicks: the spearman on e2, then e5, asks and hears why.
    press(&mut app, sq("e2"));
    press(&mut app, sq("e5"));
    let m = the_match(&app);
    assert!(m.moves.is_empty());
    assert_eq!(
        m.feedback.as_deref(),
        Some("e2e5 is not legal: the spearman on e2 cannot move to e5")
    );
    // And a legal click pair makes the move.
    press(&mut app, sq("e2"));
    press(&mut app, sq("e3"));
    assert_eq!(the_match(&app).moves, vec![mv("e2e3")]);
}

/// The self-play game of the records crate's test data: five turns, then Black's bishop
/// on a2 takes the white king on c4.
fn five_turns_before_the_win() -> String {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/records/tests/data/black-captures-the-king.kingdrops"
    ))
    .unwrap();
    text.lines().take(7).map(|l| format!("{l}\n")).collect()
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("timefork-kd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn a_saved_game_reopens_through_opening() {
    let mut app = standard_app();
    for m in ["e2e3", "f2f3", "g2g3"] {
        req(&mut app, KdRequest::Move(mv(m)));
    }
    req(&mut app, KdRequest::EndTurn);
    req(&mut app, KdRequest::Move(mv("e7e6")));
    let text = timefork::kingdrops::save::record_text(the_match(&app));
    let path = temp_file("saved.kingdrops", &text);
    let opened = open_file(&app, &path).unwrap();
    let Some(saved) = opened.get::<timefork::kingdrops::save::KdSaved>() else {
        panic!("not read as Kingdrops");
    };
    assert_eq!(saved.players, Some([Player::Human; 2]));
    app.world_mut().write_message(OpenGame(opened));
    app.update();
    app.update();
    app.update();
    let m = the_match(&app);
    assert_eq!(screen(&app), Screen::KingdropsPlay);
    assert_eq!(m.origin, KdOrigin::File);
    // The ended turn is there; the unfinished one (e7e6) was not saved.
    assert_eq!(m.game.turns().len(), 1);
    assert_eq!(m.to_move(), Color::Black);
    assert!(m.moves.is_empty());
    // A damaged record names its line.
    let bad = temp_file("bad.kingdrops", &text.replace("e2e3,f2f3,g2g3", "e2e3"));
    let e = open_file(&app, &bad).unwrap_err();
    assert!(e.contains("bad.kingdrops") && e.contains("line 3"), "{e}");
}

#[test]
fn a_loaded_game_never_enters_the_leaderboard() {
    // Black, a person, against the AI, one move from capturing White's king.
    let text = format!(
        "{}# White: AI Easy\n# Black: Human\n",
        five_turns_before_the_win()
    );
    let path = temp_file("win.kingdrops", &text);
    let mut app = new_app();
    let opened = open_file(&app, &path).unwrap();
    app.world_mut().write_message(OpenGame(opened));
    app.update();
    app.update();
    app.update();
    assert_eq!(the_match(&app).origin, KdOrigin::File);
    assert!(the_match(&app).human_to_move());
    req(&mut app, KdRequest::Move(mv("a2c4")));
    let m = the_match(&app);
    assert_eq!(m.game.result().map(|r| r.winner), Some(Color::Black));
    let file = app.world().resource::<LeaderboardFile>().0.clone();
    assert!(timefork::leaderboard::load(&file).entries.is_empty());

    // The same win in a game set up in the app does enter it, and verifies.
    let saved = timefork::kingdrops::save::read_record(&text).unwrap();
    let mut app = new_app();
    app.insert_resource(KdMatch::new(
        saved.game,
        [Player::Ai(AiLevel::Easy), Player::Human],
        KdOrigin::Setup,
    ));
    go(&mut app, Screen::KingdropsPlay);
    req(&mut app, KdRequest::Move(mv("a2c4")));
    let file = app.world().resource::<LeaderboardFile>().0.clone();
    let entries = timefork::leaderboard::load(&file).entries;
    assert_eq!(entries.len(), 1);
    // Six turns of one side each are three whole turns.
    assert_eq!((entries[0].turns, entries[0].level), (3, AiLevel::Easy));
    assert_eq!(timefork_records::leaderboard::verify(&entries[0]), Ok(()));

    // The same win after a take-back does not.
    let saved = timefork::kingdrops::save::read_record(&text).unwrap();
    let mut app = new_app();
    app.insert_resource(KdMatch::new(
        saved.game.clone(),
        [Player::Ai(AiLevel::Easy), Player::Human],
        KdOrigin::Setup,
    ));
    go(&mut app, Screen::KingdropsPlay);
    assert!(the_match(&app).can_take_back());
    req(&mut app, KdRequest::TakeBack);
    // Back where Black was two turns before: the AI's turn and Black's come again, as
    // they were played.
    let turns = saved.game.turns().to_vec();
    let n = turns.len();
    assert_eq!(the_match(&app).game.turns(), &turns[..n - 2]);
    let mut m = app.world_mut().resource_mut::<KdMatch>();
    for t in &turns[n - 2..] {
        m.game.play(t).unwrap();
    }
    let fresh = KdMatch::new(m.game.clone(), m.players, KdOrigin::Setup);
    let took_back = m.took_back;
    *m = KdMatch {
        took_back,
        id: m.id,
        ..fresh
    };
    req(&mut app, KdRequest::Move(mv("a2c4")));
    assert_eq!(
        the_match(&app).game.result().map(|r| r.winner),
        Some(Color::Black)
    );
    let file = app.world().resource::<LeaderboardFile>().0.clone();
    assert!(timefork::leaderboard::load(&file).entries.is_empty());
}

/// Random requests of every kind (legal and not), setup requests, screen changes and
/// damaged records, in a random order: nothing panics, every turn the match holds is
/// legal, and a refused request always says why.
#[test]
fn a_monkey_finds_no_panic_and_no_illegal_turn() {
    let mut rng = StdRng::seed_from_u64(20261201);
    let mut app = new_app();
    let sample = five_turns_before_the_win();
    let screens = [
        Screen::Title,
        Screen::KingdropsNew,
        Screen::KingdropsSetup,
        Screen::KingdropsPlay,
    ];
    let player = |rng: &mut StdRng| {
        if rng.random_bool(0.6) {
            Player::Human
        } else {
            Player::Ai(AiLevel::ALL[rng.random_range(0..AiLevel::ALL.len())])
        }
    };
    // Turns seen ended (by either side) and matches played in.
    let mut turns_ended = 0;
    let mut last: Option<(u64, usize)> = None;
    let mut matches = std::collections::HashSet::new();
    // The AI thinks inline and by depth (`new_app`): the same walk on every run.
    for _ in 0..1200 {
        match rng.random_range(0..100) {
            0..=2 => {
                let players = [player(&mut rng), player(&mut rng)];
                app.insert_resource(KdSetup::new(players));
                go(&mut app, Screen::KingdropsSetup);
            }
            3..=5 => go(&mut app, screens[rng.random_range(0..screens.len())]),
            6..=8 => {
                // A record with a few characters changed: most fail to read, with a
                // message; those that read open.
                let mut bytes = sample.clone().into_bytes();
                for _ in 0..rng.random_range(0..3) {
                    let i = rng.random_range(0..bytes.len());
                    bytes[i] = b"abcdefgh12345678,@RQx#\n"[rng.random_range(0..23)];
                }
                let text = String::from_utf8_lossy(&bytes).into_owned();
                match timefork::kingdrops::save::read_record(&text) {
                    Ok(_) => {
                        let file = std::path::Path::new("fuzzed.kingdrops");
                        let opened = (timefork::kingdrops::save::FILE.read)(file, &text).unwrap();
                        app.world_mut().write_message(OpenGame(opened));
                        app.update();
                    }
                    Err(e) => assert!(e.starts_with("line "), "{e}"),
                }
            }
            9..=40 if app.world().contains_resource::<KdSetup>() => {
                let kinds = Kind::ALL;
                let r = match rng.random_range(0..8) {
                    0 => SetupRequest::Quick(QuickLayout::Random),
                    1 => SetupRequest::Quick(QuickLayout::Mirror),
                    2 => SetupRequest::Quick(QuickLayout::Standard),
                    3 => SetupRequest::Ready,
                    4 => SetupRequest::Clear,
                    5 => SetupRequest::Lift(
                        Square::new(rng.random_range(0..8), rng.random_range(0..8)).unwrap(),
                    ),
                    6 => SetupRequest::Shift {
                        from: Square::new(rng.random_range(0..8), rng.random_range(0..8)).unwrap(),
                        to: Square::new(rng.random_range(0..8), rng.random_range(0..8)).unwrap(),
                    },
                    _ => SetupRequest::Place {
                        kind: kinds[rng.random_range(0..kinds.len())],
                        to: Square::new(rng.random_range(0..8), rng.random_range(0..8)).unwrap(),
                    },
                };
                setup_req(&mut app, r);
            }
            _ if app.world().contains_resource::<KdMatch>() => {
                let m = the_match(&app);
                let r = match rng.random_range(0..10) {
                    0..=4 if !m.next.is_empty() => {
                        KdRequest::Move(m.next[rng.random_range(0..m.next.len())])
                    }
                    5 => KdRequest::Move(Move::Step {
                        from: Square::new(rng.random_range(0..8), rng.random_range(0..8)).unwrap(),
                        to: Square::new(rng.random_range(0..8), rng.random_range(0..8)).unwrap(),
                    }),
                    6 => KdRequest::Undo,
                    7 if rng.random_bool(0.1) => KdRequest::Resign,
                    _ => KdRequest::EndTurn,
                };
                let before = the_match(&app).id;
                req(&mut app, r);
                let m = the_match(&app);
                if m.id == before
                    && let Some(f) = &m.feedback
                {
                    assert!(!f.is_empty());
                }
            }
            _ => app.update(),
        }
        if let Some(m) = app.world().get_resource::<KdMatch>() {
            let now = (m.id, m.game.turns().len());
            if let Some((id, n)) = last
                && id == now.0
                && now.1 > n
            {
                turns_ended += now.1 - n;
            }
            last = Some(now);
            matches.insert(m.id);
            let mut g = Game::new(m.game.start().clone());
            for t in m.game.turns() {
                g.play(t)
                    .unwrap_or_else(|e| panic!("turn {t} is illegal: {e}"));
            }
        }
    }
    // The monkey really played: several matches and turns ended in them.
    assert!(matches.len() >= 3, "{} matches", matches.len());
    assert!(turns_ended >= 20, "{turns_ended} turns ended");
}

/// White rook d4, king a1; a black rook on d6 and a white rook already in Black's prison.
/// White's only pieces are the king and the rook, so a turn is two moves: d4d6 takes the
/// black rook into White's prison, a1b1 (the king not attacked), and at the end of the
/// turn both prisons hold a rook, so they are exchanged back to the reserves.
#[test]
fn the_exchange_moves_the_prisoners_to_the_reserves_with_a_hop() {
    let mut app = new_app();
    let pos = timefork_kingdrops::Position::from_kfen("7k/8/3r4/8/3R4/8/8/K7 w - - - R").unwrap();
    app.insert_resource(KdMatch::new(
        Game::new(pos),
        [Player::Human; 2],
        KdOrigin::File,
    ));
    go(&mut app, Screen::KingdropsPlay);
    let find = |app: &mut App, slot: Slot| {
        app.world_mut()
            .query::<(Entity, &KdPiece)>()
            .iter(app.world())
            .find(|(_, p)| p.slot == slot)
            .map(|(e, _)| e)
    };
    let hopping = |app: &App, e: Entity| {
        app.world()
            .entity(e)
            .contains::<timefork::game_kit::animation::Hop>()
    };
    let prisoner = find(&mut app, Slot::Prison(Color::Black, Kind::Rook, 0)).unwrap();
    let black_rook = find(&mut app, Slot::Board(sq("d6"))).unwrap();
    assert!(!hopping(&app, prisoner));
    req(&mut app, KdRequest::Move(mv("d4d6")));
    // Taken, the black rook hops into White's prison.
    assert_eq!(
        find(&mut app, Slot::Prison(Color::White, Kind::Rook, 0)),
        Some(black_rook)
    );
    assert!(the_match(&app).turn_len == 2 && !the_match(&app).can_end);
    req(&mut app, KdRequest::Move(mv("a1b1")));
    req(&mut app, KdRequest::EndTurn);
    let m = the_match(&app);
    assert_eq!(
        m.last_turn.as_ref().unwrap().exchanges,
        vec![timefork_kingdrops::Exchange {
            kind: Kind::Rook,
            count: 1
        }]
    );
    assert_eq!(m.game.position().reserve_count(Color::White, Kind::Rook), 1);
    // The same entities, now in their owners' reserves, on their way there.
    assert_eq!(
        find(&mut app, Slot::Reserve(Color::White, Kind::Rook, 0)),
        Some(prisoner)
    );
    assert_eq!(
        find(&mut app, Slot::Reserve(Color::Black, Kind::Rook, 0)),
        Some(black_rook)
    );
    assert!(hopping(&app, prisoner));
}

/// A file read as the load screen reads it, by the kinds the app's games registered.
fn open_file(app: &App, path: &std::path::Path) -> Result<Opened, String> {
    app.world()
        .resource::<timefork::saved_games::GameFiles>()
        .open(path)
}

/// With a move of a three-move turn made, End turn waits, and the turn bar says why where
/// the player reads (not only in the greyed button's tooltip): a turn makes as many moves
/// as it can. Before any move, and once the turn is complete, nothing more is said.
#[test]
fn the_turn_bar_says_why_end_turn_waits() {
    use timefork::kingdrops::panels::turn_bar::{end_turn_waits, turn_status};
    let mut app = standard_app();
    assert_eq!(turn_status(the_match(&app)), "Move 1 of 3");
    assert_eq!(end_turn_waits(the_match(&app)), None);
    req(&mut app, KdRequest::Move(mv("e2e3")));
    assert!(!the_match(&app).can_end);
    assert_eq!(turn_status(the_match(&app)), "Move 2 of 3");
    let why = end_turn_waits(the_match(&app)).expect("End turn waits: said why");
    assert!(
        why.starts_with("2 more moves") && why.contains("as many moves as it can"),
        "{why}"
    );
    req(&mut app, KdRequest::Move(mv("f2f3")));
    let why = end_turn_waits(the_match(&app)).unwrap();
    assert!(why.starts_with("One more move"), "{why}");
    req(&mut app, KdRequest::Move(mv("g2g3")));
    assert!(the_match(&app).can_end);
    assert_eq!(end_turn_waits(the_match(&app)), None);
    assert_eq!(
        turn_status(the_match(&app)),
        "Turn complete (3 of 3): end it"
    );
}
