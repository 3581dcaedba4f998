//! The AI: always a legal turn, takes a win it has, stops a win it can stop, avoids the
//! third repetition, and chooses valid setups.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use timefork_kingdrops::ai::{AiConfig, Level, choose_setup, choose_turn, choose_turn_in};
use timefork_kingdrops::{Color, Game, Placement, Position};

fn pos(kfen: &str) -> Position {
    Position::from_kfen(kfen).unwrap()
}

fn cfg(level: Level, ms: u64) -> AiConfig {
    AiConfig {
        level,
        budget: Duration::from_millis(ms),
        seed: 3,
        depth: None,
    }
}

/// Thinking `depth` turns deep with no clock: the same answer on any machine.
fn deep(level: Level, depth: u32) -> AiConfig {
    AiConfig {
        seed: 3,
        ..AiConfig::to_depth(level, depth)
    }
}

const SEARCHING: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

/// White: king a1, rook h1, spearman d7 (d7d8 wins). Every searching level must take a
/// winning turn, and say so in its score.
#[test]
fn takes_a_win() {
    let p = pos("8/3S4/8/7k/8/8/8/K6R w - - - -");
    let stop = AtomicBool::new(false);
    for level in SEARCHING {
        let out = choose_turn_in(&p, &deep(level, 1), &stop).unwrap();
        let played = p.apply_turn(&out.turn).unwrap();
        assert!(played.win.is_some(), "{level}: {} does not win", out.turn);
    }
}

/// Black's spearman d2 reaches rank 1 next turn unless taken; only White's rook a2 can
/// take it (a2d2 through b2, c2). White cannot win this turn. Medium and Hard must take
/// it (Easy may blunder by design).
#[test]
fn stops_a_win_it_can_stop() {
    let p = pos("k7/8/7K/8/8/8/R2s4/8 w - - - -");
    let stop = AtomicBool::new(false);
    for level in [Level::Medium, Level::Hard] {
        let out = choose_turn_in(&p, &deep(level, 2), &stop).unwrap();
        let after = p.apply_turn(&out.turn).unwrap().position;
        assert!(
            out.turn.to_string().contains("a2d2"),
            "{level}: {} leaves d2d1",
            out.turn
        );
        assert!(
            after
                .legal_turns()
                .iter()
                .all(|t| after.apply_turn(t).unwrap().win.is_none()),
            "{level}: Black can still win"
        );
    }
}

/// Kings shuffle (a1b1 h8g8 b1a1 g8h8 twice, less the last turn): Black's g8h8 would make
/// the start position occur a third time and lose. Every searching level plays another
/// king move (f8, f7, g7 or h7).
#[test]
fn avoids_the_third_repetition() {
    let mut g = Game::new(pos("7k/8/8/8/8/8/8/K7 w - - - -"));
    for t in ["a1b1", "h8g8", "b1a1", "g8h8", "a1b1", "h8g8", "b1a1"] {
        g.play(&t.parse().unwrap()).unwrap();
    }
    let stop = AtomicBool::new(false);
    for level in SEARCHING {
        let out = choose_turn(&g, &deep(level, 2), &stop).unwrap();
        assert_ne!(out.turn.to_string(), "g8h8", "{level}");
        let mut h = g.clone();
        h.play(&out.turn).unwrap();
        assert_eq!(h.result(), None, "{level}: {}", out.turn);
    }
}

/// Random play from random setups; at every few positions each level, with small
/// budgets, a budget of zero and a stop flag already set, returns a legal turn.
#[test]
fn always_a_legal_turn() {
    let mut rng = StdRng::seed_from_u64(11);
    let stopped = AtomicBool::new(true);
    let running = AtomicBool::new(false);
    let mut checked = 0;
    for game in 0..3u64 {
        let w = Placement::random(Color::White, game);
        let b = Placement::random(Color::Black, game + 50);
        let mut g = Game::from_setup(&w, &b).unwrap();
        while g.result().is_none() && g.turns().len() < 40 {
            if g.turns().len().is_multiple_of(4) {
                for level in Level::ALL {
                    for (ms, stop) in [(0, &running), (5, &running), (30, &running), (30, &stopped)]
                    {
                        let out = choose_turn(&g, &cfg(level, ms), stop)
                            .unwrap_or_else(|| panic!("{level}: no turn"));
                        let mut h = g.clone();
                        h.play(&out.turn).unwrap_or_else(|e| {
                            panic!(
                                "{level} {ms} ms: {} in {}: {e}",
                                out.turn,
                                g.position().to_kfen()
                            )
                        });
                        checked += 1;
                    }
                }
            }
            let legal = g.legal_turns();
            let t = legal[rng.random_range(0..legal.len())];
            g.play(&t).unwrap();
        }
        // A finished game has no turn to choose.
        if g.result().is_some() {
            assert_eq!(choose_turn(&g, &cfg(Level::Hard, 10), &running), None);
        }
    }
    assert!(checked >= 100, "{checked}");
}

#[test]
fn setups_are_valid() {
    for level in Level::ALL {
        for seed in 0..8 {
            let w = choose_setup(Color::White, level, seed);
            let b = choose_setup(Color::Black, level, seed + 1);
            assert_eq!(w.color(), Color::White);
            assert_eq!(b.color(), Color::Black);
            assert_eq!(Placement::new(Color::White, &w.pieces()).unwrap(), w);
            assert_eq!(Placement::new(Color::Black, &b.pieces()).unwrap(), b);
            assert!(Position::from_setup(&w, &b).unwrap().legal_turns().len() > 1);
        }
    }
}

/// The review's evaluation ends every search on White's turn: an odd number of whole
/// turns from a White-to-move position, an even number from a Black-to-move one (three
/// turns deep: 3 from White, 2 from Black).
#[test]
fn the_review_evaluation_ends_its_searches_on_whites_turn() {
    use timefork_kingdrops::ai::evaluate_for_review;
    let stop = AtomicBool::new(false);
    let mut g = Game::from_setup(
        &Placement::standard(Color::White),
        &Placement::standard(Color::Black),
    )
    .unwrap();
    let white = evaluate_for_review(g.position(), &deep(Level::Hard, 3), &stop).unwrap();
    assert_eq!(white.depth, 3);
    let first = g.legal_turns()[0];
    g.play(&first).unwrap();
    let black = evaluate_for_review(g.position(), &deep(Level::Hard, 3), &stop).unwrap();
    assert_eq!(black.depth, 2);
}
