//! The AI: legal events only, its budget and the stop flag, tactics, splits, merge
//! answers, the think-budget helper, and a seeded match against the random mover.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::{from_fen, ok, timed};
use timefork_wager::ai::{self, AiConfig, Level};
use timefork_wager::chess::{Color, uci};
use timefork_wager::{Action, Match, Outcome};

fn cfg(level: Level, nodes: u64, seed: u64) -> AiConfig {
    AiConfig {
        level,
        // Generous: the node budget decides, so the play is deterministic.
        budget_ms: 60_000,
        seed,
        max_nodes: nodes,
    }
}

fn mv_text(e: &timefork_wager::Event) -> String {
    match e.action {
        Action::Move { mv, .. } | Action::Split { mv, .. } => uci::format(mv),
        _ => String::new(),
    }
}

/// Plays an untimed match between two configurations (one event per call, alternating
/// sides, one millisecond apart); every event must be legal. Returns the match.
fn play(white: AiConfig, black: AiConfig, max_events: usize) -> Match {
    let mut m = Match::new(None);
    let stop = AtomicBool::new(false);
    let mut t = 0;
    let mut idle = 0;
    while !m.is_over() && m.events().len() < max_events {
        for (side, c) in [(Color::White, &white), (Color::Black, &black)] {
            if m.is_over() {
                break;
            }
            match ai::choose_action(&m, side, t, c, &stop) {
                Some(e) => {
                    idle = 0;
                    m.apply(e, t)
                        .unwrap_or_else(|err| panic!("illegal AI event {e}: {err}"));
                }
                None => idle += 1,
            }
            t += 1;
        }
        assert!(idle < 4, "neither side has anything to do in an open match");
    }
    m
}

#[test]
fn hard_beats_the_random_mover() {
    // Seeded and node-bounded: the same match every run. Random splits (one move in ten)
    // and answers merges at random; Hard mates on the heavy timelines.
    for seed in [1, 2] {
        let m = play(
            cfg(Level::Hard, 3_000, seed),
            cfg(Level::Random, 0, seed),
            3_000,
        );
        let r = m.result().expect("the match ends within 3000 events");
        assert_eq!(
            r.outcome,
            Outcome::WhiteWins,
            "seed {seed}: {:?}",
            m.secured()
        );
        assert!(m.secured().white > 50);
    }
    let m = play(
        cfg(Level::Random, 0, 3),
        cfg(Level::Medium, 2_000, 3),
        3_000,
    );
    assert_eq!(m.result().map(|r| r.outcome), Some(Outcome::BlackWins));
}

#[test]
fn every_level_plays_only_legal_events() {
    // Easy against Medium for 150 events (splits, merge answers and all): `play` panics
    // on any refused event.
    let m = play(
        cfg(Level::Easy, 1_500, 7),
        cfg(Level::Medium, 1_500, 7),
        150,
    );
    assert!(m.events().len() >= 100 || m.is_over());
}

#[test]
fn takes_a_hanging_queen() {
    // Black's queen on d5 is attacked by the rook on d2 and defended by nothing.
    let m = from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", None);
    let stop = AtomicBool::new(false);
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let e = ai::choose_action(&m, Color::White, 0, &cfg(level, 20_000, 0), &stop).unwrap();
        assert_eq!(mv_text(&e), "d2d5", "{level}");
    }
}

#[test]
fn mates_in_one() {
    // Back-rank mate Ra8#, for White; and the same mirrored for Black (Ra1#).
    let stop = AtomicBool::new(false);
    let m = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", None);
    let m2 = from_fen("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", None);
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let e = ai::choose_action(&m, Color::White, 0, &cfg(level, 20_000, 0), &stop).unwrap();
        assert_eq!(mv_text(&e), "a1a8", "{level}");
        let e = ai::choose_action(&m2, Color::Black, 0, &cfg(level, 20_000, 0), &stop).unwrap();
        assert_eq!(mv_text(&e), "a8a1", "{level}");
    }
}

#[test]
fn nothing_to_do_is_none() {
    let mut m = Match::new(None);
    let stop = AtomicBool::new(false);
    // Black has no timeline to move at the start.
    assert_eq!(
        ai::choose_action(&m, Color::Black, 0, &cfg(Level::Hard, 1_000, 0), &stop),
        None
    );
    ok(&mut m, 0, "W resign");
    assert_eq!(
        ai::choose_action(&m, Color::Black, 0, &cfg(Level::Hard, 1_000, 0), &stop),
        None
    );
}

#[test]
fn hard_splits_when_two_moves_are_about_equal_and_not_twice_there() {
    // At the start several first moves are within a few centipawns: Hard puts the second
    // best on a new timeline with an even stake of about half the bank.
    let mut m = Match::new(None);
    let stop = AtomicBool::new(false);
    let c = cfg(Level::Hard, 20_000, 0);
    let e = ai::choose_action(&m, Color::White, 0, &c, &stop).unwrap();
    let Action::Split {
        timeline: 0,
        stake,
        mv,
    } = e.action
    else {
        panic!("expected a split at the start, got {e}");
    };
    assert!(stake % 2 == 0 && (2..=50).contains(&stake), "stake {stake}");
    m.apply(e, 0).unwrap();
    // Still White's turn on L0: now a plain move, and not the one played on L1.
    let e2 = ai::choose_action(&m, Color::White, 0, &c, &stop).unwrap();
    match e2.action {
        Action::Move {
            timeline: 0,
            mv: mv2,
        } => assert_ne!(mv2, mv),
        other => panic!("expected a plain move on L0, got {other}"),
    }
}

#[test]
fn easy_and_random_never_split_or_random_splits_legally() {
    let m = Match::new(None);
    let stop = AtomicBool::new(false);
    let e = ai::choose_action(&m, Color::White, 0, &cfg(Level::Easy, 5_000, 0), &stop).unwrap();
    assert!(matches!(e.action, Action::Move { .. }));
    // The random mover splits about one move in ten; every split is legal.
    let mut splits = 0;
    for seed in 0..200 {
        let e =
            ai::choose_action(&m, Color::White, 0, &cfg(Level::Random, 0, seed), &stop).unwrap();
        if let Action::Split { .. } = e.action {
            splits += 1;
        }
        m.clone().apply(e, 0).unwrap();
    }
    assert!((5..=50).contains(&splits), "{splits} random splits in 200");
}

#[test]
fn answers_merges_by_evaluation() {
    // L1: 1.e4 e5 2.Nf3 Qg5?? 3.Nxg5: White a queen up, 5 plies. On L0 1.e4 meets L1's
    // first ply: an offer; the survivor would be L1 (more plies), where White is winning.
    // Merging puts all 100 points there: White accepts, Black refuses.
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 e2e4 split 20");
    for e in ["B L1 e7e5", "W L1 g1f3", "B L1 d8g5", "W L1 f3g5"] {
        ok(&mut m, 0, e);
    }
    ok(&mut m, 0, "W L0 e2e4");
    let offer = m.offer(0, 1).unwrap().clone();
    assert!(ai::answer_merge(&m, Color::White, &offer));
    assert!(!ai::answer_merge(&m, Color::Black, &offer));
    // choose_action answers open offers first.
    let stop = AtomicBool::new(false);
    let e = ai::choose_action(&m, Color::Black, 0, &cfg(Level::Hard, 5_000, 0), &stop).unwrap();
    assert_eq!(
        e.action,
        Action::Merge {
            a: 0,
            b: 1,
            accept: false
        }
    );
}

#[test]
fn identical_boards_one_side_accepts() {
    // Both timelines after 1.e4: merging changes no expectation; exactly one side (the
    // one behind by the evaluation) accepts.
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 e2e4 split 20");
    ok(&mut m, 0, "W L0 e2e4");
    let offer = m.offer(0, 1).unwrap().clone();
    assert_ne!(
        ai::answer_merge(&m, Color::White, &offer),
        ai::answer_merge(&m, Color::Black, &offer)
    );
}

#[test]
fn stops_when_told_and_honours_the_deadline() {
    // A middlegame where Hard would search for minutes without limits.
    let m = from_fen(
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
        None,
    );
    // Stop already set: an answer after at most a poll interval of nodes.
    let stop = AtomicBool::new(true);
    let c = AiConfig::new(Level::Hard, 600_000);
    let d = ai::decide(&m, Color::White, 0, &c, &stop).unwrap();
    assert!(d.nodes <= 2_048, "{} nodes after stop", d.nodes);
    m.clone().apply(d.event, 0).unwrap();
    // Stop set from another thread after 50 ms of a ten-minute budget: the call ends far
    // sooner than the budget (the bound only catches a search that ignores the flag).
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let t0 = Instant::now();
    let e = ai::choose_action(&m, Color::White, 0, &c, &stop).unwrap();
    assert!(t0.elapsed() < Duration::from_secs(30));
    setter.join().unwrap();
    m.clone().apply(e, 0).unwrap();
    // A 30 ms budget without a node limit: the deadline ends the search (again the bound
    // is loose; speed itself is measured by `timefork-cli wager bench`).
    let stop = AtomicBool::new(false);
    let t0 = Instant::now();
    let d = ai::decide(&m, Color::White, 0, &AiConfig::new(Level::Hard, 30), &stop).unwrap();
    assert!(t0.elapsed() < Duration::from_secs(30));
    assert!(d.depth < 30);
}

#[test]
fn think_budget_from_the_clock() {
    // Untimed: fixed per level.
    let m = Match::new(None);
    assert_eq!(ai::think_budget_ms(&m, Color::White, 0, Level::Hard), 1_000);
    assert_eq!(ai::think_budget_ms(&m, Color::White, 0, Level::Easy), 100);
    // 10+10 at the start, one timeline: 600 s / 25 + 0.8 * 10 s = 32 s, capped: Hard 10 s,
    // Medium 2 s.
    let m = timed("10+10");
    assert_eq!(
        ai::think_budget_ms(&m, Color::White, 0, Level::Hard),
        10_000
    );
    assert_eq!(
        ai::think_budget_ms(&m, Color::White, 0, Level::Medium),
        2_000
    );
    // 1+0: 60 s / 25 = 2.4 s.
    let mut m = timed("1+0");
    assert_eq!(ai::think_budget_ms(&m, Color::White, 0, Level::Hard), 2_400);
    assert_eq!(ai::think_budget_ms(&m, Color::White, 0, Level::Easy), 300);
    // Banks 80 (White to move, w = r = 0.8) and 20 (Black to move, w = r = 0.2). White:
    // 2.4 s * 0.8 / 0.8 = 2.4 s. Black: 2.4 s * 0.2 / max(0.2, 0.5) = 0.96 s.
    ok(&mut m, 0, "W L0 e2e4 split 20");
    assert_eq!(ai::think_budget_ms(&m, Color::White, 0, Level::Hard), 2_400);
    assert_eq!(ai::think_budget_ms(&m, Color::Black, 0, Level::Hard), 960);
    assert_eq!(ai::think_budget_ms(&m, Color::Black, 0, Level::Medium), 960);
    assert_eq!(ai::think_budget_ms(&m, Color::Black, 0, Level::Easy), 300);
    // 40 s later White's clock has 60 - 32 = 28 s (0.8 s/s): 28 s / 25 = 1.12 s.
    assert_eq!(
        ai::think_budget_ms(&m, Color::White, 40_000, Level::Hard),
        1_120
    );
}

#[test]
fn next_timeline_is_the_heaviest() {
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 e2e4 split 60"); // L0 40, L1 60: Black to move on L1 only
    ok(&mut m, 0, "W L0 d2d4"); // now Black to move on L0 (40) and L1 (60)
    assert_eq!(ai::next_timeline(&m, Color::Black), Some(1));
    assert_eq!(ai::next_timeline(&m, Color::White), None);
    assert_eq!("hard".parse::<Level>(), Ok(Level::Hard));
    assert!("grandmaster".parse::<Level>().is_err());
}
