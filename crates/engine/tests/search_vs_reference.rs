//! The fast legal-action search against a plain reference on positions reached by random
//! play in several variants. The reference knows nothing of phases, prefilters, minimal
//! actions or backjumping: it plays every move from every playable board in every order,
//! undoes, and keeps the distinct actions after which the turn can be submitted. Two move
//! orders are the same action when they give the same position with each branching jump
//! making the same timeline (the conformance data's sense: jumps in another order that
//! number the new timelines differently are another action, even if the boards match).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use timefork_engine::search::{self, Limits, Outcome};
use timefork_engine::variants;

#[path = "common/action_key.rs"]
mod action_key;
use action_key::{Key, key};
#[path = "common/reference.rs"]
mod reference;
use reference::reference_actions;

use action_key::Rng;

/// Plays random legal actions from a variant's start and checks the search against the
/// reference in every position reached. Returns how many positions were compared.
fn compare_in(variant: &str, games: usize, plies: usize, seed: u64) -> usize {
    compare_until(variant, games, plies, seed, None)
}

/// `compare_in`, starting no new game after `deadline`.
fn compare_until(
    variant: &str,
    games: usize,
    plies: usize,
    seed: u64,
    deadline: Option<Instant>,
) -> usize {
    let start = variants::by_name(variant)
        .unwrap_or_else(|| panic!("{variant}: no such variant"))
        .position;
    let mut rng = Rng(seed);
    let mut compared = 0;
    for g in 0..games {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let mut pos = start.clone();
        for ply in 0..plies {
            let Some(reference) = reference_actions(&pos, 150_000) else {
                break;
            };
            let n = reference.len() as u64;
            if std::env::var_os("TF_DIAG").is_some() {
                let mut hs = Vec::new();
                let _ = search::for_each_action(&pos, Limits::default(), |p| {
                    hs.push((
                        key(p),
                        p.turn_moves().copied().collect::<Vec<_>>(),
                        p.can_submit(),
                    ));
                    true
                });
                let set: HashSet<Key> = hs.iter().map(|h| h.0.clone()).collect();
                if set.len() != hs.len() || !set.is_subset(&reference) {
                    eprintln!(
                        "{variant} g{g} ply{ply}: search {} distinct {} reference {}",
                        hs.len(),
                        set.len(),
                        reference.len()
                    );
                    let mut seen = HashSet::new();
                    for (h, ms, ok) in &hs {
                        if !seen.insert(h.clone()) {
                            eprintln!(
                                "  DUP {}",
                                timefork_engine::notation::write_action(&pos, ms)
                            );
                        }
                        if !reference.contains(h) {
                            eprintln!(
                                "  EXTRA submit_ok={ok} {} {:?}",
                                timefork_engine::notation::write_action(&pos, ms),
                                ms.iter()
                                    .map(|m| (m.from.l, m.from.h, m.to.l, m.to.h))
                                    .collect::<Vec<_>>()
                            );
                        }
                    }
                    panic!("diag");
                }
            }
            let counted = search::count_actions(&pos, 0, Limits::default());
            assert_eq!(
                counted,
                Outcome::Done(n),
                "{variant} game {g} ply {ply}: count differs from the reference"
            );
            // The lazy iterator, in an order that sorts every board's moves: the same set.
            let mut it = search::legal_actions(
                &pos,
                search::MoveOrder::CapturesThenChecks,
                Limits::default(),
            );
            let mut yielded = HashSet::new();
            while let Some(p) = it.next_position() {
                assert!(
                    yielded.insert(key(p)),
                    "{variant} game {g} ply {ply}: the iterator yields an action twice"
                );
            }
            assert!(
                yielded == reference,
                "{variant} game {g} ply {ply}: the iterator yields {} actions, the reference has {n}",
                yielded.len()
            );
            let capped = search::count_actions(&pos, 7, Limits::default());
            assert_eq!(
                capped,
                Outcome::Done(n.min(7)),
                "{variant} game {g} ply {ply}: capped count"
            );
            let found = search::find_action(&pos, Limits::default());
            let Outcome::Done(found) = found else {
                panic!("{variant} game {g} ply {ply}: unknown")
            };
            assert_eq!(
                found.is_some(),
                n > 0,
                "{variant} game {g} ply {ply}: existence differs"
            );
            if let Some(moves) = &found {
                // The witness is a real action: replaying it gives a submittable position.
                let mut q = pos.clone();
                for m in moves {
                    q.make_move(m);
                }
                assert!(
                    q.can_submit(),
                    "{variant} game {g} ply {ply}: witness cannot be submitted"
                );
                assert!(
                    reference.contains(&key(&q)),
                    "{variant} game {g} ply {ply}: witness not among the reference actions"
                );
            }
            // The hypercuboid search alone (find_action runs it only when the quiet search
            // finds nothing): same existence, and a witness that is one of the actions.
            let Outcome::Done(cut) = search::find_action_hypercuboid(&pos, Limits::default())
            else {
                panic!("{variant} game {g} ply {ply}: hypercuboid unknown")
            };
            assert_eq!(
                cut.is_some(),
                n > 0,
                "{variant} game {g} ply {ply}: hypercuboid existence differs"
            );
            if let Some(moves) = &cut {
                let mut q = pos.clone();
                for m in moves {
                    q.make_move(m);
                }
                assert!(
                    q.can_submit() && reference.contains(&key(&q)),
                    "{variant} game {g} ply {ply}: hypercuboid witness not among the reference actions"
                );
            }
            compared += 1;
            if std::env::var_os("TF_VERBOSE").is_some() && compared % 10 == 0 {
                eprintln!("{variant}: {compared} positions");
            }
            if n == 0 {
                break;
            }
            // Play a random action of the search's enumeration.
            let mut all = Vec::new();
            let _ = search::for_each_action(&pos, Limits::default(), |p| {
                all.push(p.turn_moves().copied().collect::<Vec<_>>());
                true
            });
            let a = &all[rng.below(all.len())];
            for m in a {
                pos.make_move(m);
            }
            pos.submit_unchecked();
        }
    }
    compared
}

#[test]
fn very_small_open_agrees_with_reference() {
    assert!(compare_in("Very Small - Open", 12, 14, 0x9e3779b97f4a7c15) > 50);
}

#[test]
fn just_kings_agrees_with_reference() {
    assert!(compare_in("Focused - Just Kings", 12, 14, 12345) > 50);
}

#[test]
fn unicorns_and_dragons_agree_with_reference() {
    assert!(compare_in("Focused - Just Unicorns", 6, 10, 777) > 20);
    assert!(compare_in("Focused - Just Dragons", 6, 10, 4242) > 20);
}

#[test]
fn two_timelines_agrees_with_reference() {
    assert!(compare_in("Misc - Timeline Tactitian", 6, 8, 99) > 10);
}

#[test]
fn turn_zero_small_agrees_with_reference() {
    assert!(compare_in("Focused - Just Pawns", 8, 10, 31337) > 20);
}

#[test]
fn standard_family_agrees_with_reference() {
    assert!(compare_in("Standard", 4, 8, 2024) > 10);
    assert!(compare_in("Standard - Turn Zero", 4, 8, 7) > 10);
    assert!(compare_in("Standard - Two Timelines", 3, 6, 11) > 5);
}

/// Many timelines: variants that start with several (random play adds more by branching).
#[test]
fn many_timeline_variants_agree_with_reference() {
    assert!(compare_in("Misc - Timeline Fragments", 3, 6, 5) > 5);
    assert!(compare_in("Misc - Timeline Skirmish", 3, 6, 6) > 5);
}

/// The same comparisons on many more positions (several thousand in all). Slow: run with
/// `cargo test --release -p timefork-engine --test search_vs_reference -- --ignored`.
/// With `TIMEFORK_LONG_TESTS_SECS=S` it stops starting new games after S seconds (CI runs
/// it that way; `.ci/run`) and asks only that some positions were compared.
#[test]
#[ignore = "slow: thousands of positions against the reference"]
fn thousands_of_positions_agree_with_reference() {
    let secs = long_tests_secs();
    let deadline = secs.map(|s| Instant::now() + Duration::from_secs(s));
    let mut n = 0;
    for seed in 1..=12u64 {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let s = seed.wrapping_mul(0x9e3779b97f4a7c15);
        for (variant, games, plies, salt) in [
            ("Very Small - Open", 25, 16, 0),
            ("Focused - Just Kings", 25, 16, 1),
            ("Focused - Just Pawns", 12, 12, 2),
            ("Focused - Just Unicorns", 8, 10, 3),
            ("Focused - Just Dragons", 8, 10, 4),
            ("Misc - Timeline Tactitian", 4, 8, 5),
            ("Misc - Timeline Fragments", 3, 6, 6),
            ("Standard", 2, 8, 7),
            ("Standard - Turn Zero", 2, 8, 8),
            ("Standard - Two Timelines", 2, 6, 9),
        ] {
            n += compare_until(variant, games, plies, s ^ salt, deadline);
        }
        eprintln!("seed {seed}: {n} positions so far");
    }
    match secs {
        None => assert!(n > 3000, "{n} positions compared"),
        Some(s) => {
            eprintln!("{n} positions compared in about {s} s");
            assert!(n > 50, "{n} positions compared");
        }
    }
}

/// `TIMEFORK_LONG_TESTS_SECS`: how long a long test may run (CI), if set.
fn long_tests_secs() -> Option<u64> {
    let v = std::env::var("TIMEFORK_LONG_TESTS_SECS").ok()?;
    Some(v.trim().parse().unwrap_or_else(|_| {
        panic!("TIMEFORK_LONG_TESTS_SECS must be a number of seconds, not {v:?}")
    }))
}

/// Seed 10 of the ignored test, "Very Small - Open" game 12 ply 8. The present is White's
/// T4 on L-1, and L-1 is the only board White must play; but L-2 is inactive (Black made it
/// as a second timeline, and White has made none) and ends earlier, at White's T3. After
/// `(-2T3)Kxa2`, the branching jump `(0T5)Ka1>>(0T4)b1` (White's first new timeline)
/// reactivates L-2, whose last board, now Black's T3, pulls the present back behind L-1:
/// L-1 may be left alone. The search used to pass on a board that must be
/// played only when some jump could land before the present, so it missed that action.
#[test]
fn branch_reactivating_a_timeline_pulls_the_present_back() {
    let text = r#"[Board "custom"]
[Mode "5D"]
[Size "4x4"]
[nbr*k*/3p*/P*3/K*R*BN:0:1:w]

1. (0T1)Rb3 / (0T1)Bc3
2. (0T2)Nb2 / (0T2)Na4>>x(0T1)a2
3. (-1T2)Rb2 (0T3)Bd2 / (-1T2)Rc3 (0T3)Bc3>>(-1T2)c3
4. (-1T3)Bd2 (0T4)Nd1 / (-1T3)Ra3 (0T4)Rc1
"#;
    let game = timefork_engine::notation::read_game(text).expect("the game reads");
    let pos = game.position().clone();
    assert!(!pos.is_active(-2) && pos.mandatory_boards() == vec![(-1, 8)]);
    let reference = reference_actions(&pos, 1_000_000).expect("small");
    assert_eq!(reference.len(), 10);
    assert_eq!(
        search::count_actions(&pos, 0, Limits::default()),
        Outcome::Done(10)
    );
    let mut found = HashSet::new();
    let mut written = Vec::new();
    let _ = search::for_each_action(&pos, Limits::default(), |p| {
        found.insert(key(p));
        let moves: Vec<_> = p.turn_moves().copied().collect();
        written.push(timefork_engine::notation::write_action(&pos, &moves));
        true
    });
    assert_eq!(found, reference);
    assert!(
        written.iter().any(|a| a == "(-2T3)Kxa2 (0T5)Ka1>>(0T4)b1"),
        "the action that leaves L-1 alone: {written:?}"
    );
}
