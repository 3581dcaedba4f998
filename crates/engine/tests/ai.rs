//! The AI (`timefork_engine::ai`): legal turns in varied positions (random games in
//! several variants, positions with 10 or more timelines), mate in one, no action at mate.

mod common;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use timefork_engine::ai::{AiConfig, Level, Limit, NoChoice, choose_action};
use timefork_engine::game::{self, Game};
use timefork_engine::notation::read_game;
use timefork_engine::search::Limits;
use timefork_engine::{GameStatus, Position, variants};

fn cfg(level: Level, ms: u64, seed: u64) -> AiConfig {
    AiConfig {
        level,
        budget: Duration::from_millis(ms),
        seed,
        limit: None,
    }
}

/// Thinking by work, not by the clock (`AiConfig::limited`): the same answer on any
/// machine. Hard visits 1,600 to 5,800 positions in the game's 2.5 s on a 2-core machine.
fn work(level: Level, seed: u64) -> AiConfig {
    AiConfig {
        seed,
        ..AiConfig::limited(level, Limit::Nodes(3_000))
    }
}

fn status(p: &Position) -> GameStatus {
    game::status(p, Limits::default())
}

/// Plays `turns` actions from `start`, alternating the given levels; every action must be
/// accepted by `Game::apply_action`. Returns the game.
fn play(start: Position, levels: [Level; 2], turns: usize, ms: u64, seed: u64) -> Game {
    let stop = AtomicBool::new(false);
    let mut g = Game::new(start);
    for i in 0..turns {
        let level = levels[i % 2];
        let pos = g.position().clone();
        match choose_action(&pos, &cfg(level, ms, seed + i as u64), &stop) {
            Ok(out) => {
                assert!(!out.action.is_empty(), "empty action at turn {i}");
                if let Err(e) = g.apply_action(&out.action) {
                    panic!(
                        "{level} played an illegal turn at action {i}: {e:?}\n{}",
                        timefork_engine::notation::write_game(&g)
                    );
                }
            }
            Err(no) => {
                assert_eq!(no, expected_no_choice(&pos), "{level} at action {i}");
                break;
            }
        }
    }
    g
}

/// What the AI must say in a position where it gives no action (its `stop` not set).
fn expected_no_choice(pos: &Position) -> NoChoice {
    match status(pos) {
        GameStatus::Checkmate => NoChoice::Checkmate,
        GameStatus::Stalemate => NoChoice::Stalemate,
        s => panic!("no action but the status is {s:?}"),
    }
}

#[test]
fn levels_parse_and_display() {
    for l in Level::ALL {
        assert_eq!(l.to_string().parse::<Level>(), Ok(l));
        assert_eq!(l.to_string().to_uppercase().parse::<Level>(), Ok(l));
    }
    assert!("expert".parse::<Level>().is_err());
}

#[test]
fn legal_turns_in_random_games_of_several_variants() {
    for (k, name) in [
        "Standard",
        "Standard - Turn Zero",
        "Standard - Two Timelines",
        "Very Small - Open",
        "Misc - Timeline Invasion",
        "Misc - Royal Queen Showdown",
        "Focused - Just Knights",
    ]
    .iter()
    .enumerate()
    {
        let v = variants::by_name(name).unwrap();
        // Random against the AI levels; random play branches a lot.
        let g = play(
            v.position.clone(),
            [Level::Random, Level::Easy],
            16,
            20,
            k as u64,
        );
        assert!(!g.actions.is_empty(), "{name}: no action played");
        play(
            g.position().clone(),
            [Level::Hard, Level::Medium],
            4,
            40,
            k as u64,
        );
    }
}

/// Issue 20: at 1 ms a turn (the arena's shortest) Random and Easy answer every turn in
/// the variants where an arena run once printed forfeits: an action the game accepts, or
/// a mate or stalemate the exact search proves (`play` checks both), never `Stopped`.
/// (What the arena saw as forfeits were answers later than its grace: Random's
/// enumeration now ends at its deadline; times are measured by the arena, not here.)
#[test]
fn every_turn_is_answered_at_one_millisecond() {
    for (k, name) in [
        "Misc - Timeline Invasion",
        "Misc - Timeline Battlegrounds",
        "Standard - Two Timelines",
    ]
    .iter()
    .enumerate()
    {
        let v = variants::by_name(name).unwrap();
        for seed in 0..2u64 {
            let g = play(
                v.position.clone(),
                [Level::Random, Level::Easy],
                30,
                1,
                100 * k as u64 + seed,
            );
            assert!(!g.actions.is_empty(), "{name}: no action played");
        }
    }
}

/// Positions with 10 or more timelines: from random games, and from recorded games.
fn many_timeline_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for (name, text) in common::GAMES {
        if !["many2.5dpgn", "100_timelines.5dpgn"].contains(name) {
            continue;
        }
        let g = read_game(text).unwrap();
        for p in g.states() {
            if p.l_max() - p.l_min() + 1 >= 10 {
                out.push(p);
            }
        }
    }
    // Random play until there are 10 timelines.
    let v = variants::by_name("Standard").unwrap();
    let stop = AtomicBool::new(false);
    let mut g = Game::new(v.position);
    let mut seed = 1;
    while g.position().l_max() - g.position().l_min() + 1 < 10 && g.actions.len() < 200 {
        let p = g.position().clone();
        let Ok(o) = choose_action(&p, &cfg(Level::Random, 10, seed), &stop) else {
            break;
        };
        g.apply_action(&o.action).unwrap();
        seed += 1;
    }
    if g.position().l_max() - g.position().l_min() + 1 >= 10 {
        out.push(g.position().clone());
    }
    out
}

#[test]
fn legal_turns_with_ten_or_more_timelines() {
    let positions = many_timeline_positions();
    assert!(positions.len() >= 5, "only {} positions", positions.len());
    let stop = AtomicBool::new(false);
    for (i, p) in positions.iter().enumerate().step_by(3) {
        for level in [Level::Random, Level::Easy, Level::Hard] {
            let out = choose_action(p, &cfg(level, 60, i as u64), &stop);
            match out {
                Ok(o) => {
                    let mut g = Game::new(p.clone());
                    g.apply_action(&o.action)
                        .unwrap_or_else(|e| panic!("position {i}, {level}: illegal: {e:?}"));
                }
                Err(no) => assert_eq!(no, expected_no_choice(p), "position {i}, {level}"),
            }
        }
    }
}

#[test]
fn finds_mate_in_one() {
    // Qa8 mates: the king has no board to flee to in time or across timelines.
    let text = "[Board \"custom\"]\n[Size \"8x8\"]\n[7k/8/6K1/8/8/8/8/Q7:0:1:w]\n";
    let g = read_game(text).unwrap();
    let stop = AtomicBool::new(false);
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Max] {
        let o = choose_action(g.position(), &work(level, 3), &stop).unwrap();
        let mut g2 = g.clone();
        g2.apply_action(&o.action).unwrap();
        assert_eq!(
            status(g2.position()),
            GameStatus::Checkmate,
            "{level} missed the mate: {}",
            timefork_engine::notation::write_action(g.position(), &o.action)
        );
        assert!(o.score > timefork_engine::ai::eval::MATE_BOUND, "{level}");
    }
    // Recorded games that end in mate: the mating turn is found from the state before.
    // (The mates of NP0, ctp1 and ctp2, coordinated moves on four or five boards at once,
    // fall outside the beam: a known limit, see the README.)
    {
        let name = "futures.5dpgn";
        let text = common::GAMES.iter().find(|g| g.0 == name).unwrap().1;
        let g = read_game(text).unwrap();
        let n = g.actions.len();
        let before = g.position_at(n - 1);
        let o = choose_action(&before, &work(Level::Hard, 0), &stop).unwrap();
        let mut g2 = Game::new(before.clone());
        g2.apply_action(&o.action).unwrap();
        assert_eq!(status(g2.position()), GameStatus::Checkmate, "{name}");
    }
}

#[test]
fn no_action_at_mate() {
    let stop = AtomicBool::new(false);
    for name in ["NP0.5dpgn", "ctp1.5dpgn", "ctp2.5dpgn", "futures.5dpgn"] {
        let text = common::GAMES.iter().find(|g| g.0 == name).unwrap().1;
        let g = read_game(text).unwrap();
        assert_eq!(status(g.position()), GameStatus::Checkmate, "{name}");
        for level in [Level::Random, Level::Easy, Level::Hard] {
            assert_eq!(
                choose_action(g.position(), &cfg(level, 50, 0), &stop),
                Err(NoChoice::Checkmate),
                "{name} {level}"
            );
        }
    }
}

#[test]
fn random_level_is_reproducible() {
    let v = variants::by_name("Standard").unwrap();
    let stop = AtomicBool::new(false);
    let a = choose_action(&v.position, &work(Level::Random, 7), &stop).unwrap();
    let b = choose_action(&v.position, &work(Level::Random, 7), &stop).unwrap();
    assert_eq!(a.action, b.action);
}

/// `stop` ends the thinking soon, with a legal action: set 200 ms into a 60 s budget, the
/// answer comes within 20 s of it (a search that ignored the flag would think for 51 s or
/// more: Hard uses 85% of the budget, Max all of it). This test keeps the clock: what it
/// checks is an answer to the clock, and its bound holds on a machine twenty times slower. With the flag already set, the
/// answer is still a legal action (the first candidate turn is built before the search
/// looks at the flag).
#[test]
fn stop_flag_is_obeyed() {
    let v = variants::by_name("Standard").unwrap();
    for level in [Level::Hard, Level::Max] {
        let stop = AtomicBool::new(false);
        let (o, late) = std::thread::scope(|s| {
            let h = s.spawn(|| choose_action(&v.position, &cfg(level, 60_000, 0), &stop));
            std::thread::sleep(Duration::from_millis(200));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            let set = std::time::Instant::now();
            let o = h.join().unwrap();
            (o, set.elapsed())
        });
        assert!(
            late < Duration::from_secs(20),
            "{level} answered {late:?} after the stop flag"
        );
        let o = o.unwrap_or_else(|no| panic!("{level}: {no:?}"));
        Game::new(v.position.clone())
            .apply_action(&o.action)
            .unwrap();
    }
    let stop = AtomicBool::new(true);
    for level in [Level::Easy, Level::Hard, Level::Max] {
        let o = choose_action(&v.position, &cfg(level, 60_000, 0), &stop).unwrap();
        Game::new(v.position.clone())
            .apply_action(&o.action)
            .unwrap();
    }
}

/// Issue 13: an undecided search is not "no legal action". In `ctp1.5dpgn` state 7 (and
/// `wide.5dpgn` state 43) the side to move is in check and has legal actions, but the beam
/// finds none, so the AI falls back on the exact search. With `stop` set, that search
/// stops before it finds one: the AI must then say it was stopped, never that there is no
/// action (which the game, the 5DUCI front end and the arena read as mate or stalemate).
/// Before the fix this returned "no action" for Easy and Hard. Without `stop`, a budget of
/// a millisecond still ends with a legal action: running out of time is no reason to give
/// none.
#[test]
fn a_stopped_fallback_is_not_a_mate() {
    for (name, k) in [("ctp1.5dpgn", 7), ("wide.5dpgn", 43)] {
        let text = common::GAMES.iter().find(|g| g.0 == name).unwrap().1;
        let pos = read_game(text).unwrap().position_at(k);
        assert_eq!(status(&pos), GameStatus::Check, "{name} {k}");
        for level in [Level::Random, Level::Easy, Level::Hard] {
            let stopped = AtomicBool::new(true);
            match choose_action(&pos, &cfg(level, 1000, 0), &stopped) {
                Ok(o) => {
                    Game::new(pos.clone())
                        .apply_action(&o.action)
                        .unwrap_or_else(|e| panic!("{name} {k} {level}: illegal: {e:?}"));
                }
                Err(no) => assert_eq!(no, NoChoice::Stopped, "{name} {k} {level}"),
            }
            let go_on = AtomicBool::new(false);
            let o = choose_action(&pos, &cfg(level, 1, 0), &go_on)
                .unwrap_or_else(|no| panic!("{name} {k} {level}: {no:?} out of time"));
            Game::new(pos.clone())
                .apply_action(&o.action)
                .unwrap_or_else(|e| panic!("{name} {k} {level}: illegal: {e:?}"));
        }
    }
}

/// The mate oracle (issue 15). `7k/8/6K1/8/8/8/8/Q7`, White to move: Qa8 mates (the
/// queen checks along the eighth rank and covers g8, the white king on g6 covers g7 and
/// h7, and there is no other board to flee to). The quick look and the exhaustive one both
/// find a mating turn, and the exact search confirms it. From the Standard start no turn
/// of White gives check, so there is no mate: the quick look says None (every checking
/// action seen: there are none) and so does the exhaustive one.
#[test]
fn mate_in_one_oracle() {
    use std::time::Instant;
    use timefork_engine::ai::mates::{self, MateInOne};
    let text = "[Board \"custom\"]\n[Size \"8x8\"]\n[7k/8/6K1/8/8/8/8/Q7:0:1:w]\n";
    let pos = read_game(text).unwrap().position().clone();
    let stop = AtomicBool::new(false);
    let far = Instant::now() + Duration::from_secs(60);
    let MateInOne::Found(moves) = mates::find_mate_in_one(&pos, far, &stop) else {
        panic!("no mate found")
    };
    let mut g = Game::new(pos.clone());
    g.apply_action(&moves).unwrap();
    assert_eq!(status(g.position()), GameStatus::Checkmate);
    assert!(matches!(
        mates::find_mate_exhaustive(&pos, Limits::default()),
        timefork_engine::search::Outcome::Done(Some(_))
    ));
    let start = variants::by_name("Standard").unwrap().position;
    assert_eq!(mates::find_mate_in_one(&start, far, &stop), MateInOne::None);
    assert_eq!(
        mates::find_mate_exhaustive(&start, Limits::default()),
        timefork_engine::search::Outcome::Done(None)
    );
    // A stop flag already set: nothing is known.
    let set = AtomicBool::new(true);
    assert_eq!(
        mates::find_mate_in_one(&start, far, &set),
        MateInOne::Unknown
    );
}

/// A shuffle (issue 15): after 1. Nf3 / Nf6 2. Ng1 / Ng8, White's 3. Nf3 makes the board
/// White made with 1. Nf3 again (two of White's turns later, the same pieces on the same
/// squares, Black's knight back on g8 too): `repeats` says so. 3. Nc3 makes a new board.
#[test]
fn a_shuffle_repeats_a_board() {
    use timefork_engine::ai::eval::repeats;
    let g = read_game("[Board \"Standard\"]\n1. Nf3 / Nf6\n2. Ng1 / Ng8\n").unwrap();
    let play = |san: &str| {
        let text = format!("[Board \"Standard\"]\n1. Nf3 / Nf6\n2. Ng1 / Ng8\n3. {san}\n");
        let g3 = read_game(&text).unwrap();
        let moves = g3.actions.last().unwrap().clone();
        let mut after = g.position().clone();
        for m in &moves {
            after.make_move(m);
        }
        after.submit_unchecked();
        repeats(&after, &moves)
    };
    assert!(play("Nf3"));
    assert!(!play("Nc3"));
}

/// A longer shuffle: the rook goes a1-a2-a3-a1 (three turns) while Black's knight goes
/// g8-f6-g8 (two), so 8. Ra2 makes the board White made with 2. Ra2 (rook on a2, knight
/// on f6, both moved before), six of White's turns later and no sooner. 8. Nc3 makes a
/// board not seen before.
#[test]
fn a_shuffle_over_six_turns_repeats_a_board() {
    use timefork_engine::ai::eval::repeats;
    let prefix = "[Board \"Standard\"]\n1. a4 / Nf6\n2. Ra2 / Ng8\n3. Ra3 / Nf6\n4. Ra1 / Ng8\n\
                  5. Ra2 / Nf6\n6. Ra3 / Ng8\n7. Ra1 / Nf6\n";
    let g = read_game(prefix).unwrap();
    let play = |san: &str| {
        let g8 = read_game(&format!("{prefix}8. {san}\n")).unwrap();
        let moves = g8.actions.last().unwrap().clone();
        let mut after = g.position().clone();
        for m in &moves {
            after.make_move(m);
        }
        after.submit_unchecked();
        repeats(&after, &moves)
    };
    assert!(play("Ra2"));
    assert!(!play("Nc3"));
}

/// The fallback when the beam finds nothing (`random::any_action`, random constructions
/// racing the exact search): a legal action where there is one, the proof where there is
/// none, and "stopped" (never a proof) when the stop flag is already set.
#[test]
fn the_fallback_race_answers_an_action_a_proof_or_stopped() {
    use rand::SeedableRng;
    use timefork_engine::ai::random::any_action;
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let go = AtomicBool::new(false);
    let (_, text) = common::GAMES
        .iter()
        .find(|(name, _)| *name == "100_timelines.5dpgn")
        .expect("the 100-timeline game is in the test data");
    let g = read_game(text).unwrap();
    for p in g.states().into_iter().rev().take(6) {
        let expect_none = matches!(status(&p), GameStatus::Checkmate | GameStatus::Stalemate);
        match any_action(&p, &mut rng, &go) {
            Ok(moves) => {
                assert!(!expect_none);
                let mut g = Game::new(p.clone());
                g.apply_action(&moves)
                    .expect("the fallback's action is legal");
            }
            Err(NoChoice::Checkmate) => assert_eq!(status(&p), GameStatus::Checkmate),
            Err(NoChoice::Stalemate) => assert_eq!(status(&p), GameStatus::Stalemate),
            Err(NoChoice::Stopped) => panic!("stopped without a stop"),
        }
    }
    let set = AtomicBool::new(true);
    let start = variants::by_name("Standard").unwrap().position;
    assert_eq!(any_action(&start, &mut rng, &set), Err(NoChoice::Stopped));
}

/// A board of the present with no safe move: in this position from an arena game (Black
/// to move, 22 timelines), every black move on one of the two boards that must be played
/// leaves a black royal capturable, yet there are legal actions: a jump to the past from
/// another board makes a timeline that pulls the present back, so that board need not be
/// played this turn. The beam used to stop at such a board and find no turn at all, and
/// Hard then played the first legal action the exact search gave it.
#[test]
fn a_dead_end_board_is_escaped_by_a_jump_to_the_past() {
    use timefork_engine::ai::turns;
    use timefork_engine::search::safe_after;
    let g = read_game(include_str!("data/ai/dead-end-board.5dpgn")).unwrap();
    let pos = g.position().clone();
    assert_eq!(status(&pos), GameStatus::Check);
    let dead = pos.mandatory_boards().into_iter().filter(|&(l, _)| {
        let mut p = pos.clone();
        let mut moves = Vec::new();
        p.board_moves(l, &mut moves);
        !moves.iter().any(|m| {
            let e = p.make_move(m);
            let safe = safe_after(&p, e, true);
            p.undo_move();
            safe
        })
    });
    assert_eq!(dead.count(), 1, "one board of the present has no safe move");
    let (cands, complete) = turns::candidates(&pos, 40, &mut || false);
    assert!(complete);
    assert!(!cands.is_empty(), "the beam finds turns");
    for c in &cands {
        let mut g = Game::new(pos.clone());
        g.apply_action(&c.moves).expect("every candidate is legal");
        assert!(
            c.moves.iter().any(|m| m.to.h < m.from.h),
            "a jump to the past in {:?}",
            c.moves
        );
    }
    let stop = AtomicBool::new(false);
    let out = choose_action(&pos, &work(Level::Hard, 1), &stop).unwrap();
    Game::new(pos.clone()).apply_action(&out.action).unwrap();
    assert!(
        out.depth >= 1,
        "Hard searched its turn (depth {})",
        out.depth
    );
}

/// A score means one thing: at most a mate (`eval::MATE`), never past it. In
/// `manyChecks.5dpgn` at states 39 and 50 every action of the side to move allows a mate
/// in one, the candidates' sorting penalty once leaked into the score (about twice
/// `MATE`, issue 43); the score of such a position is a mate against the side to move.
#[test]
fn scores_never_pass_the_mate_score() {
    use timefork_engine::ai::eval::{MATE, MATE_BOUND};
    let text = include_str!("data/conformance/manyChecks.5dpgn");
    let g = read_game(text).unwrap();
    for k in [39, 50] {
        let pos = g.position_at(k);
        let cfg = AiConfig::limited(Level::Hard, Limit::Depth(1));
        let o = choose_action(&pos, &cfg, &AtomicBool::new(false)).unwrap();
        assert!(o.score.abs() <= MATE, "state {k}: {}", o.score);
        assert!(o.score <= -MATE_BOUND, "state {k}: {}", o.score);
    }
}
