//! The fast legal-action search against two slow answers on positions reached by random
//! play, in every named variant (`timefork_engine::crosscheck`): the reference (every move
//! in every order, then `can_submit`) and the judge (every move in every order, then every
//! reply of the opponent from the plain move generator; it shares no attack code with the
//! search or the reference). Every state is compared three ways: the count, the lazy
//! iterator's set, finding an action (both searches), and the game's status.
//!
//! Random play leans toward jumps and long turns (`Bias::Jumps`), where the search takes
//! its shortcuts. A failure prints the game's own seed and its record so far;
//! `timefork-cli reference-check --variant V --seed S --games 1` replays it.

use std::collections::HashSet;

use timefork_engine::crosscheck::{self, Bias, Plan, Sizes, Summary, judge, key, reference};
use timefork_engine::search::{self, Limits, Outcome};
use timefork_engine::{notation, variants};

/// Compares `games` games of every named variant (seeds from `seed`), each up to `plies`
/// turns. The variants are shared among the machine's cores; each variant's games are the
/// same whatever the number of cores.
fn every_variant(games: u64, plies: usize, seed: u64, sizes: Sizes) -> Summary {
    let catalogue = variants::catalogue();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let total = std::sync::Mutex::new(Summary::default());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(v) = catalogue.get(i) else { break };
                    let plan = Plan {
                        games,
                        plies,
                        seed: seed.wrapping_add(1000 * i as u64),
                        sizes,
                        bias: Bias::Jumps,
                    };
                    let t = std::time::Instant::now();
                    let s = crosscheck::run(&v.position, &plan, |_, _| {})
                        .unwrap_or_else(|f| panic!("{}: {f}", v.name));
                    assert!(s.states > 0, "{}: no state compared", v.name);
                    eprintln!("{} ({:.1?}): {s:?}", v.name, t.elapsed());
                    total.lock().unwrap().add(&s);
                }
            });
        }
    });
    let total = total.into_inner().unwrap();
    eprintln!("all variants: {total:?}");
    total
}

/// Every named variant, a few games each, leaning toward jumps.
#[test]
fn every_named_variant_agrees_three_ways() {
    let s = every_variant(2, 8, 1, Sizes::QUICK);
    // Enough of the states where the search takes shortcuts: turns of several moves.
    assert!(s.states >= 300, "{s:?}");
    assert!(s.multi_move * 4 >= s.states, "{s:?}");
}

/// The small variants with long-range special pieces, where rays run across timelines
/// through boards made in the same turn (the regression of `unicorn_ray_through_a_board_made_this_turn`).
#[test]
fn special_piece_variants_agree_three_ways() {
    for (name, seed) in [
        ("Focused - Just Unicorns", 777),
        ("Focused - Just Dragons", 4242),
        ("Focused - Just Kings", 12345),
        ("Very Small - Open", 9),
    ] {
        let v = variants::by_name(name).unwrap();
        for bias in [Bias::Uniform, Bias::Jumps] {
            let plan = Plan {
                games: 6,
                plies: 12,
                seed,
                sizes: Sizes::QUICK,
                bias,
            };
            let s = crosscheck::run(&v.position, &plan, |_, _| {})
                .unwrap_or_else(|f| panic!("{name} ({bias:?}): {f}"));
            assert!(s.states >= 20, "{name} ({bias:?}): {s:?}");
        }
    }
}

/// The same comparison on more than ten thousand states (10,405: twenty games of
/// every variant). Slow, about five minutes on two cores: run with
/// `cargo test -p timefork-engine --test search_vs_reference -- --ignored` (CI runs it;
/// `.ci/run`). A fixed number of games, never a time: the same states on every machine.
/// `timefork-cli reference-check` goes further on one variant, with larger budgets.
#[test]
#[ignore = "slow: tens of thousands of states three ways"]
fn tens_of_thousands_of_states_agree_three_ways() {
    let start = std::time::Instant::now();
    let s = every_variant(20, 14, 100_000, Sizes::QUICK);
    eprintln!("{} states in {:.0?}", s.states, start.elapsed());
    assert!(s.states >= 10_000, "{s:?}");
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
    let game = notation::read_game(text).expect("the game reads");
    let pos = game.position().clone();
    assert!(!pos.is_active(-2) && pos.mandatory_boards() == vec![(-1, 8)]);
    let reference: HashSet<_> = reference::reference_actions(&pos, 1_000_000)
        .expect("small")
        .into_keys()
        .collect();
    assert_eq!(reference.len(), 10);
    assert_eq!(judge::legal_turns(&pos, 1_000_000), Some(reference.clone()));
    assert_eq!(
        search::count_actions(&pos, 0, Limits::default()),
        Outcome::Done(10)
    );
    let mut found = HashSet::new();
    let mut written = Vec::new();
    let _ = search::for_each_action(&pos, Limits::default(), |p| {
        found.insert(key(p));
        let moves: Vec<_> = p.turn_moves().copied().collect();
        written.push(notation::write_action(&pos, &moves));
        true
    });
    assert_eq!(found, reference);
    assert!(
        written.iter().any(|a| a == "(-2T3)Kxa2 (0T5)Ka1>>(0T4)b1"),
        "the action that leaves L-1 alone: {written:?}"
    );
}

/// White to move; L-1 (T1) must be played, L+1 and L+2 (T2) may be. Black's unicorn on
/// L0 (T2, its own board) at a1 looks along +x, +y and +L: b2 on L+1, then c3 on L+2. At
/// the start of the turn L+1 has no black T2 board, so the ray stops there. A turn that
/// plays L+1 (the knight leaves; b2 stays empty) makes that board, and a king step d4-c3
/// on L+2 then walks into the ray: the unicorn could take it (rules.md: any single move of
/// the opponent, from any board it could then play). The search used to look at a board
/// made mid-turn only for attackers standing on the boards made since, and accepted these
/// turns (4f3c5d3).
#[test]
fn unicorn_ray_through_a_board_made_this_turn() {
    let text = include_str!("data/regressions/unicorn-ray-through-a-board-made-this-turn.5dpgn");
    let pos = notation::read_game(text)
        .expect("the position reads")
        .position()
        .clone();
    assert_eq!(pos.mandatory_boards(), vec![(-1, 2)]);
    // Whether the reference allows a turn; the judge must say the same.
    let legal = |moves: &str| {
        let mut q = pos.clone();
        for m in notation::read_turn_moves(&pos, moves).unwrap_or_else(|e| panic!("{moves}: {e:?}"))
        {
            q.make_move(&m);
        }
        assert_eq!(
            judge::may_submit(&q),
            q.can_submit(),
            "{moves}: judge and reference"
        );
        q.can_submit()
    };
    // The ray crosses the board L+1's move made: refused, whichever board is played first.
    for turn in [
        "(-1T1)Nc4 (1T2)Nc2 (2T2)Kc3",
        "(-1T1)Nd3 (1T2)Nd3 (2T2)Kc3",
        "(1T2)Ne1>(-1T1)e1 (2T2)Kc3",
        "(-1T1)Ne5>(1T2)e5 (2T2)Kc3",
    ] {
        assert!(!legal(turn), "{turn} leaves the king on c3 capturable");
    }
    // Without a board at L+1 T2 black the ray stops: the same king step is safe.
    assert!(legal("(-1T1)Nc4 (2T2)Kc3"));
    assert!(legal("(-1T1)Nc4 (1T2)Nc2 (2T2)Kd5"));
    let reference: HashSet<_> = reference::reference_actions(&pos, 1_000_000)
        .expect("small")
        .into_keys()
        .collect();
    assert_eq!(judge::legal_turns(&pos, 1_000_000), Some(reference.clone()));
    assert_eq!(
        search::count_actions(&pos, 0, Limits::default()),
        Outcome::Done(reference.len() as u64)
    );
    let mut found = HashSet::new();
    let _ = search::for_each_action(&pos, Limits::default(), |p| {
        found.insert(key(p));
        true
    });
    assert_eq!(found, reference);
}

/// White to move on L-2, L-1, L-0, L+0 and more. Two moved white rooks stand on d1 of
/// L-2 and L+0 (T3); both may jump to d1 of L-1 or of L-0 (T3), boards White may still
/// play. `(-2T3)Rd1>(-1T3)d1 (+0T3)Rd1>(-0T3)d1` and `(-2T3)Rd1>(-0T3)d1
/// (+0T3)Rd1>(-1T3)d1` are different moves but make the same multiverse: one action
/// (rules.md counts distinct actions; the conformance data tells actions apart by what
/// they make and by the numbers their new timelines get). The search used to count and
/// yield it twice.
#[test]
fn two_jumps_trading_targets_are_one_action() {
    let text = include_str!("data/regressions/two-rooks-trade-targets.5dpgn");
    let pos = notation::read_game(text)
        .expect("the game reads")
        .position()
        .clone();
    let one = |moves: &str| {
        let mut q = pos.clone();
        for m in notation::read_turn_moves(&pos, moves).unwrap_or_else(|e| panic!("{moves}: {e:?}"))
        {
            q.make_move(&m);
        }
        key(&q)
    };
    let a = "(-3T2)Nd3 (-2T3)Rd1>(-1T3)d1 (+0T3)Rd1>(-0T3)d1 (+2T3)Bxb3";
    let b = "(-3T2)Nd3 (-2T3)Rd1>(-0T3)d1 (+0T3)Rd1>(-1T3)d1 (+2T3)Bxb3";
    assert_eq!(one(a), one(b), "the same multiverse");
    let mut q = pos.clone();
    for m in notation::read_turn_moves(&pos, a).unwrap() {
        q.make_move(&m);
    }
    assert!(judge::may_submit(&q) && q.can_submit(), "{a} is legal");
    let mut yielded = HashSet::new();
    let mut it = search::legal_actions(
        &pos,
        search::MoveOrder::CapturesThenChecks,
        Limits::default(),
    );
    while let Some(p) = it.next_position() {
        assert!(
            yielded.insert(key(p)),
            "yielded twice: {:?}",
            p.turn_moves().collect::<Vec<_>>()
        );
    }
    assert!(yielded.contains(&one(a)));
    assert_eq!(
        search::count_actions(&pos, 0, Limits::default()),
        Outcome::Done(yielded.len() as u64)
    );
}
