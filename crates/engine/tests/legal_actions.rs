//! The lazy iterator over legal actions (`search::legal_actions`, issue 3): every order
//! yields each action once, the same set as the independent reference enumeration
//! (`crosscheck::reference`), whose size `count_actions` also gives; the counts agree with
//! the conformance data; `CapturesFirst` yields a capture first; a stopped iteration says
//! so.

mod common;

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use common::GAMES;
use serde_json::Value;
use timefork_engine::position::{Move, Position, Special};
use timefork_engine::search::{self, Limits, MoveOrder, Outcome};
use timefork_engine::{notation, variants};

const EXPECTED: &str = include_str!("data/conformance/expected.json");

use timefork_engine::crosscheck::{Key, Rng, key};

/// The reference's turns (`crosscheck::reference`), by identity.
fn reference_actions(pos: &Position, budget: u64) -> Option<HashSet<Key>> {
    timefork_engine::crosscheck::reference::reference_actions(pos, budget)
        .map(|turns| turns.into_keys().collect())
}

/// Replays `moves` with `make_move` (which decides by itself whether a jump branches):
/// the action's identity and whether it can be submitted.
fn replay(pos: &Position, moves: &[Move]) -> (Key, bool) {
    let mut p = pos.clone();
    for m in moves {
        p.make_move(m);
    }
    (key(&p), p.can_submit())
}

/// Whether an action captures. Every move lands on a board that existed at the start of
/// the turn (a jump lands on a board of the mover's colour; the boards a turn makes are the
/// opponent's), so the start position says what stands there.
fn captures(pos: &Position, moves: &[Move]) -> bool {
    let me = pos.to_move;
    moves.iter().any(|m| {
        m.special == Special::EnPassant
            || pos
                .piece_at(m.to)
                .is_some_and(|q| !q.is_empty() && !q.is_color(me))
    })
}

fn orders() -> Vec<(&'static str, MoveOrder<'static>)> {
    vec![
        ("natural", MoveOrder::Natural),
        ("captures first", MoveOrder::CapturesFirst),
        ("captures then checks", MoveOrder::CapturesThenChecks),
        // A key that reverses the generation order on every board, and passes last.
        (
            "custom key",
            MoveOrder::Key(Box::new(|_: &Position, m: &Move| {
                -(m.to.x * 7 + m.to.y * 3 + m.to.l * 11 + m.to.h)
            })),
        ),
    ]
}

/// Iterates every action in `order`; checks each is submittable and new, and that the
/// first ones replay (by `make_move`) to the same action. Returns the set, and whether
/// each action captures, in the order yielded.
fn collect(pos: &Position, what: &str, order: MoveOrder) -> (HashSet<Key>, Vec<bool>) {
    let mut it = search::legal_actions(pos, order, Limits::default());
    let mut set = HashSet::new();
    let mut capt = Vec::new();
    while let Some(p) = it.next_position() {
        let moves: Vec<Move> = p.turn_moves().copied().collect();
        let k = key(p);
        assert!(
            p.can_submit(),
            "{what}: {} cannot be submitted",
            notation::write_action(pos, &moves)
        );
        if set.len() < 20 {
            assert_eq!(
                replay(pos, &moves),
                (k.clone(), true),
                "{what}: {} replays to another action",
                notation::write_action(pos, &moves)
            );
        }
        assert!(
            set.insert(k),
            "{what}: {} yielded twice",
            notation::write_action(pos, &moves)
        );
        capt.push(captures(pos, &moves));
    }
    assert!(!it.stopped(), "{what}: stopped without a limit");
    (set, capt)
}

/// Every order yields the set of the reference enumeration (`all`), of `count_actions`'
/// size; with `CapturesFirst` and `CapturesThenChecks`, the actions that capture come
/// before the others. Returns whether some action captures.
fn check_position(pos: &Position, all: &HashSet<Key>, what: &str) -> bool {
    assert_eq!(
        search::count_actions(pos, 0, Limits::default()),
        Outcome::Done(all.len() as u64),
        "{what}: count_actions"
    );
    let mut any_capture = false;
    for (name, order) in orders() {
        let (set, capt) = collect(pos, &format!("{what} ({name})"), order);
        assert_eq!(set.len(), all.len(), "{what} ({name}): how many");
        assert!(set == *all, "{what} ({name}): another set of actions");
        any_capture |= capt.iter().any(|&c| c);
        if name.starts_with("captures") {
            let first_quiet = capt.iter().position(|&c| !c).unwrap_or(capt.len());
            assert!(
                capt[first_quiet..].iter().all(|&c| !c),
                "{what} ({name}): an action that captures after one that does not"
            );
        }
    }
    any_capture
}

/// Every state of the conformance games whose expected count is exact (under the cap of
/// 1000): the iterator yields that many actions in every order, each once.
#[test]
fn conformance_counts_in_every_order() {
    let root: Value = serde_json::from_str(EXPECTED).unwrap();
    let mut states = 0;
    for (file, text) in GAMES {
        let Some(counts) = root[*file]["legal_actions_per_state_capped_1000"].as_array() else {
            continue;
        };
        let game = notation::read_game(text).unwrap();
        for (k, pos) in game.states().iter().enumerate() {
            let want = counts[k].as_u64().unwrap();
            if want >= 1000 {
                continue;
            }
            for (name, order) in orders() {
                let (set, _) = collect(pos, &format!("{file} state {k} ({name})"), order);
                assert_eq!(
                    set.len() as u64,
                    want,
                    "{file} state {k} ({name}): legal actions"
                );
            }
            states += 1;
        }
    }
    assert!(states > 100, "{states} states compared");
}

/// Random play in a variant; every position reached is checked (`check_position`).
/// Returns (positions checked, positions where some action captures).
fn random_play(variant: &str, games: usize, plies: usize, seed: u64) -> (usize, usize) {
    let start = variants::by_name(variant).unwrap().position;
    let mut rng = Rng(seed);
    let (mut n, mut with_capture) = (0, 0);
    for g in 0..games {
        let mut pos = start.clone();
        for ply in 0..plies {
            // The reference walks every order of every move: past this budget it is too
            // slow for the default test run, and the game ends here.
            let Some(reference) = reference_actions(&pos, 30_000) else {
                break;
            };
            with_capture += usize::from(check_position(
                &pos,
                &reference,
                &format!("{variant} g{g} ply{ply}"),
            ));
            n += 1;
            if reference.is_empty() {
                break;
            }
            let all: Vec<Vec<Move>> =
                search::legal_actions(&pos, MoveOrder::Natural, Limits::default()).collect();
            for m in &all[rng.below(all.len())] {
                pos.make_move(m);
            }
            pos.submit_unchecked();
        }
    }
    (n, with_capture)
}

#[test]
fn random_play_in_every_order() {
    let mut total = (0, 0);
    for (variant, games, plies, seed) in [
        ("Very Small - Open", 8, 14, 0x9e3779b97f4a7c15u64),
        ("Focused - Just Kings", 6, 12, 12345),
        ("Focused - Just Pawns", 4, 10, 31337),
        ("Focused - Just Unicorns", 3, 8, 777),
        ("Misc - Timeline Tactitian", 3, 8, 99),
        ("Standard", 2, 6, 2024),
        ("Standard - Turn Zero", 2, 6, 7),
        ("Misc - Timeline Fragments", 2, 5, 5),
    ] {
        let (n, c) = random_play(variant, games, plies, seed);
        assert!(n > 5, "{variant}: {n} positions");
        total.0 += n;
        total.1 += c;
    }
    eprintln!("{} positions, {} with a capture", total.0, total.1);
    assert!(
        total.1 > 20,
        "captures first was checked on {} positions",
        total.1
    );
}

fn position_of(file: &str, state: Option<usize>) -> Position {
    let (_, text) = GAMES.iter().find(|(f, _)| *f == file).unwrap();
    let game = notation::read_game(text).unwrap();
    match state {
        Some(k) => game.position_at(k),
        None => game.position().clone(),
    }
}

/// A node budget or a stop flag ends the iteration early, and `stopped` tells it from an
/// iteration that yielded everything.
#[test]
fn a_stopped_iteration_says_so() {
    let pos = position_of("another.5dpgn", None);
    let budget = Limits {
        max_nodes: 2_000,
        stop: None,
    };
    let mut it = search::legal_actions(&pos, MoveOrder::CapturesFirst, budget);
    let n = it.by_ref().count();
    assert!(it.stopped() && n > 0 && n < 271_480, "{n} actions");
    assert!(it.nodes() <= 2_001);
    assert!(it.next().is_none(), "a stopped iteration stays ended");

    let flag = AtomicBool::new(true);
    let stop = Limits {
        max_nodes: 0,
        stop: Some(&flag),
    };
    let mut it = search::legal_actions(&pos, MoveOrder::Natural, stop);
    let n = it.by_ref().count();
    assert!(it.stopped() && n < 271_480, "{n} actions");

    // Small and unstopped: ends by itself.
    let pos = position_of("standard.5dpgn", Some(0));
    let mut it = search::legal_actions(&pos, MoveOrder::Natural, Limits::default());
    assert_eq!(it.by_ref().count(), 20);
    assert!(!it.stopped());
}

/// Uncapped counts through the iterator, with an order that sorts every board's moves:
/// 271,480 actions in `another.5dpgn`'s final state, 324,700 in `test1.5dpgn` after 15
/// actions (where a branch can reactivate a timeline and pull the present back).
#[test]
fn uncapped_counts_through_the_iterator() {
    for (file, state, want) in [
        ("another.5dpgn", None, 271_480usize),
        ("test1.5dpgn", Some(15), 324_700),
    ] {
        let pos = position_of(file, state);
        let mut it = search::legal_actions(&pos, MoveOrder::CapturesThenChecks, Limits::default());
        let mut n = 0;
        while it.next_position().is_some() {
            n += 1;
        }
        assert!(!it.stopped());
        assert_eq!(n, want, "{file} {state:?}");
    }
}
