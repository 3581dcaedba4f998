//! 5D chess puzzles in a headless app: a puzzle opened from the list is a match of its
//! game; each turn the person submits is judged by the solver, which plays the defence;
//! a mate marks the puzzle solved in the solved file; a wrong turn says why, shows the
//! defence that escapes and can be retried; a saved puzzle reopens as that puzzle.

use bevy::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Duration;
use timefork::fived::matchplay::clocks::Clocks;
use timefork::fived::matchplay::{AiLevel, Match, Origin, Player, Request};
use timefork::fived::puzzles::{
    ActivePuzzle, Phase, PuzzleCatalogue, PuzzleLimits, PuzzleProgressFile, PuzzleRequest,
    SolvedPuzzles,
};
use timefork::fived::save::{read_save, save_text};
use timefork::saved_games::{OpenGame, Opened};
use timefork_engine::puzzle::try_action;
use timefork_engine::{Color as Side, notation};

/// Medium 02, Small - Centered, Black mates in 2. The start (ranks 5 to 1):
/// `rnkqr / ppppp / 5 / PPPPP / RQKNR`; after 1. e3 / d3 2. b3 / c3 3. dxc3 Black is to
/// move with a5 r, b5 n, c5 k, d5 q, e5 r; pawns a4 b4 e4; d3 (Black); b3 c3 e3 (White);
/// a2 c2 (White); a1 R, b1 Q, c1 K, d1 N, e1 R.
const MATE_IN_2: &str = "medium/02-small-centered";
/// Easy 05, Standard - Turn Zero, Black mates in 1, after 1. f4 / e5 2. d4.
const MATE_IN_1: &str = "easy/05-standard-turn-zero";

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir()
        .join(format!("timefork-puzzles-{}-{name}", std::process::id()))
        .join("puzzles.json")
}

/// A headless app whose solved file is `file`, with small solver budgets (the puzzles
/// used here need a few thousand actions at most).
fn app_with_file(file: &Path) -> App {
    let mut app = timefork::headless_app();
    app.insert_resource(PuzzleProgressFile(file.to_path_buf()));
    app.insert_resource(PuzzleLimits {
        max_nodes: 300_000,
        search_nodes: 300_000,
        time: Duration::from_secs(60),
    });
    app.update();
    app
}

fn open(app: &mut App, id: &str) {
    app.world_mut()
        .write_message(PuzzleRequest::Open(id.to_string()));
    app.update();
    app.update();
}

fn ask(app: &mut App, r: PuzzleRequest) {
    app.world_mut().write_message(r);
    app.update();
    app.update();
}

fn the_match(app: &App) -> &Match {
    app.world().resource::<Match>()
}

fn phase(app: &App) -> Phase {
    let active = app.world().resource::<ActivePuzzle>();
    active
        .of(the_match(app))
        .expect("a puzzle is being played")
        .phase
        .clone()
}

/// Plays one action written in 5DPGN (`3... (0T3)d2`) move by move, and submits it.
fn play(app: &mut App, text: &str) {
    let pos = the_match(app).game.position().clone();
    let actions = notation::read_actions(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(actions.len(), 1, "{text} is one action");
    for mv in &actions[0] {
        app.world_mut().write_message(Request::Move(*mv));
        app.update();
    }
    app.world_mut().write_message(Request::Submit);
    app.update();
}

/// Updates until `done` holds (the solver works on threads of its own).
fn wait_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..5000 {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("timed out waiting for {what} (phase {:?})", phase(app));
}

fn actions(app: &App) -> usize {
    the_match(app).game.actions.len()
}

/// The last action of the match in 5DPGN, written in the position it was played in.
fn last_action(app: &App) -> String {
    let g = &the_match(app).game;
    let k = g.actions.len() - 1;
    notation::write_action(&g.position_at(k), &g.actions[k])
}

fn solved_in_file(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("the solved file is written");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["version"], 1);
    v["solved"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_mate_in_two_solved_with_the_defence_played_by_the_solver() {
    let file = temp_file("solve");
    let _ = std::fs::remove_file(&file);
    let mut app = app_with_file(&file);
    open(&mut app, MATE_IN_2);
    let base = app
        .world()
        .resource::<PuzzleCatalogue>()
        .get(MATE_IN_2)
        .unwrap()
        .puzzle
        .game
        .actions
        .len();
    {
        let m = the_match(&app);
        assert_eq!(m.origin, Origin::Puzzle);
        // Black attacks: the person plays Black, the solver (marked as a computer) White.
        assert_eq!(m.players, [Player::Ai(AiLevel::Max), Player::Human]);
        assert_eq!(m.to_move(), Side::Black);
        assert_eq!(m.game.actions.len(), base);
        let s = app.world().resource::<ActivePuzzle>();
        assert_eq!(s.of(m).unwrap().turns_left(m), 2);
    }
    assert_eq!(
        *app.world()
            .resource::<State<timefork::screens::Screen>>()
            .get(),
        timefork::screens::Screen::FiveDPlay
    );

    // 3... d2+: the pawn attacks c1 and e1, so the king on c1 is in check. It cannot take
    // on d2 (the queen on d5 sees down the empty d-file), c2 and d1 hold its own pieces,
    // and no White piece can take the pawn or block a pawn's check; b2 is free and not
    // attacked (the queen's diagonal d5-c4-b3 stops at White's pawn on b3). White plays
    // on its one board, so Kb2 is its only reply, and the defence must play it.
    play(&mut app, "3... (0T3)d2");
    wait_until(&mut app, "the defence", |a| actions(a) == base + 2);
    assert_eq!(last_action(&app), "(0T4)Kb2");
    assert_eq!(phase(&app), Phase::Play);
    {
        let m = the_match(&app);
        let s = app.world().resource::<ActivePuzzle>();
        assert_eq!(s.of(m).unwrap().turns_left(m), 1);
        assert_eq!(m.to_move(), Side::Black);
    }
    assert!(
        !app.world().resource::<SolvedPuzzles>().contains(MATE_IN_2),
        "not solved halfway"
    );

    // 4... a3+: the pawn attacks b2. The king's squares: a1, b1, a2, b3, c2, c3 hold
    // White's own pieces, c1 is attacked by the pawn on d2, and a3 is guarded by the pawn
    // on b4. No White piece reaches a3 (the a-pawn only moves ahead, the rook is behind it,
    // the queen and the knight have no line or jump there), and a pawn's check cannot be
    // blocked: mate.
    play(&mut app, "4... (0T4)a3");
    wait_until(&mut app, "the verdict", |a| {
        matches!(phase(a), Phase::Solved { .. })
    });
    assert_eq!(phase(&app), Phase::Solved { marked: true });
    assert!(app.world().resource::<SolvedPuzzles>().contains(MATE_IN_2));
    assert_eq!(solved_in_file(&file), vec![MATE_IN_2.to_string()]);

    // The mark survives a restart: a new app reading the same file.
    let app2 = app_with_file(&file);
    assert!(app2.world().resource::<SolvedPuzzles>().contains(MATE_IN_2));
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
}

#[test]
fn a_wrong_turn_shows_the_escape_marks_nothing_and_retries() {
    let file = temp_file("wrong");
    let _ = std::fs::remove_file(&file);
    let mut app = app_with_file(&file);
    open(&mut app, MATE_IN_1);
    let start = the_match(&app).game.position().position_hash();
    let base = actions(&app);
    // 2... Nc6 develops a knight; whatever it attacks, White still has a legal reply,
    // so it is not mate, and the refutation is such a reply.
    play(&mut app, "2... (0T2)Nc6");
    wait_until(&mut app, "the verdict", |a| {
        matches!(phase(a), Phase::Wrong { .. })
    });
    let Phase::Wrong { why, refutation } = phase(&app) else {
        unreachable!()
    };
    assert!(why.starts_with("not mate"), "{why}");
    let refutation = refutation.expect("a refutation to draw");
    let after = the_match(&app).game.position().clone();
    assert!(
        try_action(&after, &refutation).is_some(),
        "the refutation is a legal action of White's there"
    );
    assert!(
        why.contains(&notation::write_action(&after, &refutation)),
        "{why}"
    );
    // The solver plays the defence only after a right turn; the AI never does.
    for _ in 0..50 {
        app.update();
    }
    assert_eq!(actions(&app), base + 1);
    assert!(!app.world().resource::<SolvedPuzzles>().contains(MATE_IN_1));
    assert!(!file.exists(), "nothing solved, nothing written");

    let old_id = the_match(&app).id;
    ask(&mut app, PuzzleRequest::RetryTurn);
    let m = the_match(&app);
    assert_ne!(m.id, old_id, "a fresh match");
    assert_eq!(m.game.actions.len(), base);
    assert_eq!(m.game.position().position_hash(), start);
    assert_eq!(m.to_move(), Side::Black);
    assert_eq!(phase(&app), Phase::Play);

    // And the right move from there solves it: 2... Qh4.
    play(&mut app, "2... (0T2)Qh4");
    wait_until(&mut app, "the verdict", |a| {
        matches!(phase(a), Phase::Solved { .. })
    });
    assert_eq!(solved_in_file(&file), vec![MATE_IN_1.to_string()]);
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
}

#[test]
fn a_judgement_out_of_budget_is_unknown_and_can_be_retried() {
    let mut app = app_with_file(&temp_file("unknown"));
    // One action may be tried: judging a mate in 2 plays White's reply and then tries
    // Black's actions for the mate in 1 (more than one), so it stops.
    app.insert_resource(PuzzleLimits {
        max_nodes: 1,
        search_nodes: 1,
        time: Duration::from_secs(60),
    });
    open(&mut app, MATE_IN_2);
    let base = actions(&app);
    play(&mut app, "3... (0T3)d2");
    wait_until(&mut app, "the verdict", |a| phase(a) != Phase::Judging);
    assert_eq!(phase(&app), Phase::Unknown);
    assert_eq!(actions(&app), base + 1, "no defence is played");
    ask(&mut app, PuzzleRequest::RetryTurn);
    assert_eq!(actions(&app), base);
    assert_eq!(phase(&app), Phase::Play);
}

#[test]
fn a_damaged_solved_file_is_kept_aside_and_an_empty_set_used() {
    let file = temp_file("damaged");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, "{ \"version\": 1, \"solved\": [ half writ").unwrap();
    let mut app = app_with_file(&file);
    assert!(app.world().resource::<SolvedPuzzles>().solved.is_empty());
    assert!(file.with_extension("json.damaged").exists());
    // Solving writes a good file again.
    open(&mut app, MATE_IN_1);
    play(&mut app, "2... (0T2)Qh4");
    wait_until(&mut app, "the verdict", |a| {
        matches!(phase(a), Phase::Solved { .. })
    });
    assert_eq!(solved_in_file(&file), vec![MATE_IN_1.to_string()]);
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
}

#[test]
fn hint_solution_and_playing_it_out() {
    let mut app = app_with_file(&temp_file("hint"));
    open(&mut app, MATE_IN_2);
    let base = actions(&app);
    ask(&mut app, PuzzleRequest::Hint);
    wait_until(&mut app, "the hint", |a| {
        let m = the_match(a);
        let s = a.world().resource::<ActivePuzzle>();
        s.of(m)
            .unwrap()
            .hint_now(m)
            .is_some_and(|h| h.answer.is_some())
    });
    // The hint is the first move of a solving turn: played (Small - Centered has one
    // board, so it is the whole turn) it is judged right and the defence answers.
    let hint = {
        let m = the_match(&app);
        let s = app.world().resource::<ActivePuzzle>();
        let h = s.of(m).unwrap().hint_now(m).unwrap();
        let mv = h.answer.clone().unwrap().unwrap();
        assert_eq!(
            m.game.position().piece_at(mv.from).map(|p| p.color()),
            Some(Side::Black),
            "a piece of the side to move"
        );
        mv
    };
    app.world_mut().write_message(Request::Move(hint));
    app.update();
    app.world_mut().write_message(Request::Submit);
    app.update();
    wait_until(&mut app, "the defence", |a| actions(a) == base + 2);
    assert_eq!(phase(&app), Phase::Play);
    ask(&mut app, PuzzleRequest::ShowSolution);
    assert_eq!(phase(&app), Phase::Watching);
    for step in 0..3 {
        ask(&mut app, PuzzleRequest::Step);
        assert_eq!(actions(&app), base + step + 1);
    }
    // The file's line: 3... d2 4. Kb2 / a3, played out; nothing more to play.
    assert_eq!(last_action(&app), "(0T4)a3");
    ask(&mut app, PuzzleRequest::Step);
    assert_eq!(actions(&app), base + 3);
    // Seeing the solution first earns no mark even when the mate is then played.
    ask(&mut app, PuzzleRequest::StartOver);
    assert_eq!(actions(&app), base);
    play(&mut app, "3... (0T3)d2");
    wait_until(&mut app, "the defence", |a| actions(a) == base + 2);
    play(&mut app, "4... (0T4)a3");
    wait_until(&mut app, "the verdict", |a| {
        matches!(phase(a), Phase::Solved { .. })
    });
    assert_eq!(phase(&app), Phase::Solved { marked: false });
    assert!(!app.world().resource::<SolvedPuzzles>().contains(MATE_IN_2));
}

#[test]
fn a_saved_puzzle_reopens_as_that_puzzle_and_its_last_turn_is_judged() {
    let mut app = app_with_file(&temp_file("reopen"));
    open(&mut app, MATE_IN_1);
    play(&mut app, "2... (0T2)Nc6");
    wait_until(&mut app, "the verdict", |a| {
        matches!(phase(a), Phase::Wrong { .. })
    });
    let text = {
        let m = the_match(&app);
        let id = app
            .world()
            .resource::<ActivePuzzle>()
            .id_of(m)
            .map(str::to_string);
        save_text(m, &Clocks::default(), id.as_deref())
    };
    assert!(
        text.contains(&format!("[TimeforkPuzzle \"{MATE_IN_1}\"]")),
        "{text}"
    );
    assert!(text.contains("[TimeforkOrigin \"puzzle\"]"), "{text}");

    // Opened in another app, as the load screen does: the match, and the message.
    let mut app2 = app_with_file(&temp_file("reopen2"));
    let saved = read_save(&text).unwrap();
    app2.insert_resource(saved.clone().into_match([Player::Human; 2]));
    app2.world_mut().write_message(OpenGame(as_opened(&text)));
    app2.update();
    wait_until(&mut app2, "the verdict", |a| {
        matches!(phase(a), Phase::Wrong { .. })
    });
    let m = the_match(&app2);
    assert_eq!(
        app2.world().resource::<ActivePuzzle>().id_of(m),
        Some(MATE_IN_1)
    );

    // A puzzle save naming no known puzzle plays on as a game from a file.
    let mut app3 = app_with_file(&temp_file("reopen3"));
    let other = text.replace(MATE_IN_1, "easy/99-nothing");
    let saved = read_save(&other).unwrap();
    app3.insert_resource(saved.clone().into_match([Player::Human; 2]));
    app3.world_mut().write_message(OpenGame(as_opened(&other)));
    app3.update();
    app3.update();
    assert_eq!(the_match(&app3).origin, Origin::File);
    assert!(app3.world().resource::<ActivePuzzle>().session.is_none());
}

/// A 5D save's text as the load screen reads it.
fn as_opened(text: &str) -> Opened {
    (timefork::fived::save::FILE.read)(std::path::Path::new("reopened.5dpgn"), text).unwrap()
}
