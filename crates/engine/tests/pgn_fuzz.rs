//! Fuzzing the 5DPGN reader. `read_game` must never panic, whatever the text (it may
//! return an error), and any game it accepts must survive write → read unchanged.
//!
//! - `mutated_games_*` / `token_soup_*`: proptest, a few hundred cases (seconds).
//! - `long_fuzz` (ignored): a plain loop with its own PRNG over `TF_FUZZ_INPUTS` inputs
//!   (default 1,000,000; a count, never a time, so a slow machine tries the same inputs),
//!   seed `TF_FUZZ_SEED` (default 1; `TF_FUZZ_SEED=clock` for a new one each run). It
//!   prints the number of inputs tried and, for each distinct failure, a minimised input.
//!   Run it with `TF_FUZZ_INPUTS=10000000 cargo test -p timefork-engine --release --test
//!   pgn_fuzz -- --ignored long_fuzz --nocapture`.

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use timefork_engine::notation;

mod common;

/// Real game texts to mutate.
const GAMES: [&str; common::GAMES.len()] = {
    let mut out = [""; common::GAMES.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = common::GAMES[i].1;
        i += 1;
    }
    out
};

/// Short pieces of notation inserted into real games.
const NOTATION_BITS: &[&str] = &[
    "(",
    ")",
    "T",
    "L",
    ">",
    ">>",
    "x",
    "=Q",
    "=N",
    "/",
    ".",
    "...",
    "1.",
    "b.",
    "w.",
    "-",
    "+",
    "~",
    "*",
    "#",
    "!",
    "?",
    "O-O",
    "O-O-O",
    "0-0",
    "{",
    "}",
    ";",
    "[",
    "]",
    "\"",
    ":",
    "\n",
    " ",
    "\t",
    "0",
    "1",
    "2",
    "3",
    "7",
    "8",
    "9",
    "a",
    "e",
    "h",
    "i",
    "K",
    "Q",
    "R",
    "B",
    "N",
    "P",
    "U",
    "D",
    "S",
    "W",
    "Y",
    "C",
    "Z",
    "-0",
    "+0",
    "+1",
    "-1",
    "(0T1)",
    "(-1T2)",
    "(+0T3)",
    "(1T0)",
    "e4",
    "Nf3",
    "1-0",
    "0-1",
    "1/2-1/2",
    "½-½",
    "β",
    "ρ",
    "κ",
    "é",
    "\u{feff}",
    "\u{0}",
    "2147483647",
    "-2147483648",
    "4294967296",
    "99999999999999999999",
    "[Board \"custom\"]",
    "[Mode \"5D\"]",
    "[Size \"8x8\"]",
    "[Size \"0x0\"]",
    "[Size \"9x9\"]",
    "[8/8/8/8/8/8/8/8:0:1:w]",
    "[K*:0:1:w]",
];

/// One change to a text, at byte offset `at` (taken modulo the text's length).
#[derive(Clone, Debug)]
enum Edit {
    Flip { at: usize, mask: u8 },
    Delete { at: usize, len: usize },
    Insert { at: usize, bit: usize },
    Duplicate { at: usize, len: usize, to: usize },
    Truncate { at: usize },
}

fn apply_edits(text: &str, edits: &[Edit]) -> String {
    let mut b = text.as_bytes().to_vec();
    for e in edits {
        let n = b.len().max(1);
        match *e {
            Edit::Flip { at, mask } => {
                if !b.is_empty() {
                    b[at % n] ^= mask.max(1);
                }
            }
            Edit::Delete { at, len } => {
                let s = (at % n).min(b.len());
                let end = (s + len).min(b.len());
                b.drain(s..end);
            }
            Edit::Insert { at, bit } => {
                let s = (at % n).min(b.len());
                let bit = NOTATION_BITS[bit % NOTATION_BITS.len()].as_bytes();
                b.splice(s..s, bit.iter().copied());
            }
            Edit::Duplicate { at, len, to } => {
                let s = (at % n).min(b.len());
                let end = (s + len).min(b.len());
                let chunk: Vec<u8> = b[s..end].to_vec();
                let t = (to % n).min(b.len());
                b.splice(t..t, chunk);
            }
            Edit::Truncate { at } => b.truncate(at % n),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Checks one input: `read_game` returns (a panic is not caught here: the caller decides),
/// and an accepted game round-trips. Returns whether the text was read as a game, or a
/// description of a round-trip failure.
fn check(text: &str) -> Result<bool, String> {
    let Ok(game) = notation::read_game(text) else {
        return Ok(false);
    };
    let written = notation::write_game(&game);
    let back = notation::read_game(&written)
        .map_err(|e| format!("round trip: the written game does not read back: {e}"))?;
    if back.actions != game.actions {
        return Err("round trip: the actions differ".into());
    }
    if back.start.position_hash() != game.start.position_hash() {
        return Err("round trip: the start positions differ".into());
    }
    if back.position().position_hash() != game.position().position_hash() {
        return Err("round trip: the final positions differ".into());
    }
    if notation::write_game(&back) != written {
        return Err("round trip: writing the re-read game gives another text".into());
    }
    Ok(true)
}

// ---------------------------------------------------------------------------------------
// Token soups
// ---------------------------------------------------------------------------------------

/// A small PRNG (xorshift64*), used by the soups and by `long_fuzz`.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545F4914F6CDD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

const LABELS: &[&str] = &[
    "0",
    "1",
    "2",
    "-1",
    "-2",
    "+0",
    "-0",
    "+1",
    "+2",
    "L0",
    "L-1",
    "3",
    "-3",
    "99",
    "2147483647",
    "-2147483648",
];
const TURNS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "10",
    "-1",
    "1073741824",
    "2147483647",
    "99999999999",
];
const PIECES: &[&str] = &[
    "", "", "", "K", "Q", "R", "B", "N", "P", "U", "D", "S", "W", "Y", "C",
];
const FILES: &[&str] = &["a", "b", "c", "d", "e", "f", "g", "h"];
const RANKS: &[&str] = &["1", "2", "3", "4", "5", "6", "7", "8"];
const VARIANTS: &[&str] = &[
    "Standard",
    "Standard - Turn Zero",
    "Standard - Two Timelines",
    "Very Small - Open",
    "Focused - Just Kings",
    "Misc - Timeline Invasion",
    "Misc - Global Warming",
    "Misc - Timeline Fragments",
    "Nonexistent",
    "custom",
];

fn board_text(rng: &mut Rng) -> String {
    let w = 1 + rng.below(9);
    let h = 1 + rng.below(9);
    let cells = [
        "", "1", "2", "8", "K", "k", "K*", "p*", "P", "r*", "Q", "n", "β", "Ρ", "κ", "3*p", "Q+",
        "x", "/",
    ];
    let mut ranks = Vec::new();
    for _ in 0..h {
        let mut r = String::new();
        for _ in 0..w {
            r.push_str(rng.pick(&cells));
        }
        ranks.push(r);
    }
    ranks.join("/")
}

fn soup_header(rng: &mut Rng) -> String {
    match rng.below(7) {
        0 => format!("[Board \"{}\"]", rng.pick(VARIANTS)),
        1 => "[Mode \"5D\"]".to_string(),
        2 => format!("[Size \"{}x{}\"]", rng.below(10), rng.below(10)),
        3 => format!(
            "[{}:{}:{}:{}]",
            board_text(rng),
            rng.pick(LABELS),
            rng.pick(TURNS),
            rng.pick(&["w", "b", "x"])
        ),
        4 => format!(
            "[{} \"{}\"]",
            rng.pick(&[
                "White",
                "Black",
                "Date",
                "mode",
                "board",
                "Key With Space",
                ""
            ]),
            rng.pick(&["x", "", "5D", "\\\""])
        ),
        5 => rng
            .pick(&["[", "]", "[Board \"Standard\"", "[Mode 5D]", "[:::]"])
            .to_string(),
        _ => format!(
            "[{}:{}:{}:w]",
            board_text(rng),
            rng.pick(LABELS),
            rng.pick(TURNS)
        ),
    }
}

fn soup_square(rng: &mut Rng) -> String {
    format!("{}{}", rng.pick(FILES), rng.pick(RANKS))
}

fn soup_board(rng: &mut Rng) -> String {
    format!("({}T{})", rng.pick(LABELS), rng.pick(TURNS))
}

fn soup_move(rng: &mut Rng) -> String {
    let mut m = String::new();
    if rng.chance(60) {
        m.push_str(&soup_board(rng));
    }
    if rng.chance(10) {
        m.push_str(rng.pick(&["O-O", "O-O-O", "0-0"]));
        return m;
    }
    m.push_str(rng.pick(PIECES));
    if rng.chance(30) {
        m.push_str(rng.pick(FILES));
    }
    if rng.chance(40) {
        m.push_str(&soup_square(rng));
        if rng.chance(50) {
            m.push_str(rng.pick(&[">", ">>", "-", ""]));
            if rng.chance(30) {
                m.push('x');
            }
            m.push_str(&soup_board(rng));
        }
    } else if rng.chance(30) {
        m.push('x');
    }
    m.push_str(&soup_square(rng));
    if rng.chance(10) {
        m.push_str(rng.pick(&["=Q", "=R", "=", "=QQ"]));
    }
    if rng.chance(15) {
        m.push_str(rng.pick(&["+", "#", "~", "*", "!", "?", "!!", "+~"]));
    }
    m
}

/// A random sequence of headers, turn numbers, moves, comments and results.
fn token_soup(rng: &mut Rng) -> String {
    let mut out = String::new();
    for _ in 0..rng.below(5) {
        out.push_str(&soup_header(rng));
        out.push_str(rng.pick(&["\n", "\n", " ", ""]));
    }
    out.push('\n');
    let n = rng.below(40);
    let mut turn = 1;
    for _ in 0..n {
        let tok = match rng.below(12) {
            0 | 1 => {
                turn += usize::from(rng.chance(70));
                format!("{turn}{}", rng.pick(&[".", "b.", "w.", "...", ""]))
            }
            2 => "/".to_string(),
            3 => rng
                .pick(&[
                    "{",
                    "}",
                    "{comment}",
                    ";",
                    "(>L1)",
                    "(~T3)",
                    "1-0",
                    "*",
                    "½-½",
                ])
                .to_string(),
            4 => rng.pick(NOTATION_BITS).to_string(),
            _ => soup_move(rng),
        };
        out.push_str(&tok);
        out.push_str(rng.pick(&[" ", " ", " ", "\n", "", "\t"]));
    }
    out
}

/// A real game's headers followed by a soup of moves: more soups get past the headers.
fn game_with_soup(rng: &mut Rng) -> String {
    let g = rng.pick(&GAMES);
    let headers: String = g
        .lines()
        .take_while(|l| l.trim_start().starts_with('['))
        .map(|l| format!("{l}\n"))
        .collect();
    let moves: Vec<&str> = g
        .lines()
        .skip_while(|l| l.trim_start().starts_with('[') || l.trim().is_empty())
        .collect();
    let keep = rng.below(moves.len() + 1);
    let mut out = headers;
    out.push('\n');
    for l in &moves[..keep] {
        out.push_str(l);
        out.push('\n');
    }
    let mut soup = Rng::new(rng.next());
    for _ in 0..1 + rng.below(6) {
        out.push_str(&soup_move(&mut soup));
        out.push_str(rng.pick(&[" ", " / ", "\n"]));
    }
    out
}

// ---------------------------------------------------------------------------------------
// proptest: a few hundred cases in `cargo test`
// ---------------------------------------------------------------------------------------

fn edit_strategy() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(at, mask)| Edit::Flip { at, mask }),
        (any::<usize>(), 1..24usize).prop_map(|(at, len)| Edit::Delete { at, len }),
        (any::<usize>(), any::<usize>()).prop_map(|(at, bit)| Edit::Insert { at, bit }),
        (any::<usize>(), 1..40usize, any::<usize>()).prop_map(|(at, len, to)| Edit::Duplicate {
            at,
            len,
            to
        }),
        any::<usize>().prop_map(|at| Edit::Truncate { at }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_games_never_panic_and_round_trip(game in 0..GAMES.len(), edits in prop::collection::vec(edit_strategy(), 1..6)) {
        let text = apply_edits(GAMES[game], &edits);
        if let Err(sig) = run(&text) {
            prop_assert!(known_bug(&sig).is_some(), "{sig}\ninput: {text:?}");
        }
    }

    #[test]
    fn token_soups_never_panic_and_round_trip(seed in any::<u64>(), with_game in any::<bool>()) {
        let mut rng = Rng::new(seed);
        let text = if with_game { game_with_soup(&mut rng) } else { token_soup(&mut rng) };
        if let Err(sig) = run(&text) {
            prop_assert!(known_bug(&sig).is_some(), "{sig}\ninput: {text:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Reader bugs this harness found, fixed since; each keeps a regression test below. A new
// bug found by the fuzz tests may be listed in `KNOWN_BUGS` (so they keep looking for
// others) with an ignored test reproducing it, until it is fixed.
// ---------------------------------------------------------------------------------------

/// (file, text in the panic message) of each known bug, with its regression test's name.
const KNOWN_BUGS: &[(&str, &str, &str)] = &[];

/// The regression test of a known bug this failure signature matches, if any.
fn known_bug(signature: &str) -> Option<&'static str> {
    KNOWN_BUGS
        .iter()
        .find(|(file, msg, _)| {
            signature.starts_with("panic: ") && signature.contains(file) && signature.contains(msg)
        })
        .map(|(_, _, test)| *test)
}

#[test]
fn regression_move_ending_in_a_multibyte_character() {
    for text in ["€", "1. €", "1. e€", "[Board \"Standard\"]\n\n1. (0T1)Nf€"] {
        assert!(notation::read_game(text).is_err(), "{text:?}");
    }
}

#[test]
fn regression_huge_turn_number_in_a_board_reference() {
    // With overflow checks (debug and test builds) this panics; without, it wraps.
    for text in [
        "1. (0T1073741824)e4",
        "1. (0T2147483647)e4",
        "1. (0T1)Ng1>>(0T1073741824)f3",
    ] {
        assert!(notation::read_game(text).is_err(), "{text:?}");
    }
}

/// Every real game still reads and round-trips (the base the mutations start from).
#[test]
fn unmutated_games_round_trip() {
    for g in &GAMES {
        assert_eq!(check(g), Ok(true));
    }
}

// ---------------------------------------------------------------------------------------
// long_fuzz: a timed loop with its own PRNG
// ---------------------------------------------------------------------------------------

thread_local! {
    /// While set, panics on this thread are recorded here instead of printed.
    static CAPTURE: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

/// Installs (once) a panic hook that records panics on threads inside `run` and passes
/// the others on to the previous hook.
fn install_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let captured = CAPTURE.with(|c| {
                let mut c = c.borrow_mut();
                let Some(slot) = c.as_mut() else { return false };
                let msg = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                let loc = info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                *slot = Some(format!("{loc}: {msg}"));
                true
            });
            if !captured {
                previous(info);
            }
        }));
    });
}

/// Runs `check` on `text`, catching a panic: whether the text was read as a game, or the
/// failure's signature (the panic's location and message, or the round-trip failure).
fn run(text: &str) -> Result<bool, String> {
    install_hook();
    CAPTURE.with(|c| *c.borrow_mut() = Some(None));
    let r = panic::catch_unwind(AssertUnwindSafe(|| check(text)));
    let caught = CAPTURE.with(|c| c.borrow_mut().take()).flatten();
    match r {
        Ok(r) => r,
        Err(_) => Err(format!(
            "panic: {}",
            caught.unwrap_or_else(|| "(no message)".into())
        )),
    }
}

/// What makes two failures the same: a panic's location (not its message, which quotes
/// the input), or the round-trip failure.
fn failure_key(signature: &str) -> String {
    if signature.starts_with("panic: ") {
        signature
            .splitn(4, ':')
            .take(3)
            .collect::<Vec<_>>()
            .join(":")
    } else {
        signature.to_string()
    }
}

/// Greedy minimisation: removes chunks of characters while the same failure remains.
fn minimise(text: &str, signature: &str) -> String {
    let key = failure_key(signature);
    let mut cur: Vec<char> = text.chars().collect();
    let mut chunk = (cur.len() / 2).max(1);
    let mut tries = 0;
    loop {
        let mut i = 0;
        while i < cur.len() && tries < 50_000 {
            let cand: String = cur[..i]
                .iter()
                .chain(&cur[(i + chunk).min(cur.len())..])
                .collect();
            tries += 1;
            if run(&cand).err().is_some_and(|s| failure_key(&s) == key) {
                cur = cand.chars().collect();
            } else {
                i += chunk;
            }
        }
        if chunk == 1 || tries >= 50_000 {
            break;
        }
        chunk /= 2;
    }
    cur.into_iter().collect()
}

fn random_edits(rng: &mut Rng) -> Vec<Edit> {
    (0..1 + rng.below(8))
        .map(|_| match rng.below(10) {
            0..=2 => Edit::Flip {
                at: rng.next() as usize,
                mask: 1 << rng.below(8),
            },
            3 | 4 => Edit::Delete {
                at: rng.next() as usize,
                len: 1 + rng.below(24),
            },
            5..=7 => Edit::Insert {
                at: rng.next() as usize,
                bit: rng.next() as usize,
            },
            8 => Edit::Duplicate {
                at: rng.next() as usize,
                len: 1 + rng.below(60),
                to: rng.next() as usize,
            },
            _ => Edit::Truncate {
                at: rng.next() as usize,
            },
        })
        .collect()
}

#[test]
#[ignore = "long-running fuzzer: TF_FUZZ_INPUTS inputs (default 1,000,000)"]
fn long_fuzz() {
    let inputs: u64 = match std::env::var("TF_FUZZ_INPUTS") {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("TF_FUZZ_INPUTS must be a number of inputs, not {v:?}")),
        Err(_) => 1_000_000,
    };
    let seed: u64 = match std::env::var("TF_FUZZ_SEED") {
        Ok(v) if v == "clock" => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64,
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("TF_FUZZ_SEED must be a number or \"clock\", not {v:?}")),
        Err(_) => 1,
    };
    println!("long_fuzz: {inputs} inputs, seed {seed}");
    let mut rng = Rng::new(seed);
    let start = Instant::now();
    let mut last_report = start;
    let (mut tried, mut accepted) = (0u64, 0u64);
    let mut failures: Vec<(String, String)> = Vec::new();
    while tried < inputs {
        let text = match rng.below(4) {
            0 | 1 => apply_edits(rng.pick(&GAMES), &random_edits(&mut rng)),
            2 => token_soup(&mut rng),
            _ => game_with_soup(&mut rng),
        };
        tried += 1;
        match run(&text) {
            Ok(read) => accepted += u64::from(read),
            Err(sig) => {
                if !failures
                    .iter()
                    .any(|(s, _)| failure_key(s) == failure_key(&sig))
                {
                    let small = minimise(&text, &sig);
                    let known = known_bug(&sig)
                        .map(|t| format!(" (known: {t})"))
                        .unwrap_or_default();
                    println!(
                        "FAILURE{known} {sig}\n  input ({} bytes): {text:?}\n  minimised: {small:?}",
                        text.len()
                    );
                    failures.push((sig, small));
                }
            }
        }
        if last_report.elapsed() >= Duration::from_secs(60) {
            last_report = Instant::now();
            println!(
                "  {:>4} s: {tried} inputs, {accepted} read as games",
                start.elapsed().as_secs()
            );
        }
    }
    println!(
        "long_fuzz: {tried} inputs in {:.0} s ({accepted} read as games), {} distinct failure(s)",
        start.elapsed().as_secs_f64(),
        failures.len()
    );
    let new: Vec<&(String, String)> = failures
        .iter()
        .filter(|(s, _)| known_bug(s).is_none())
        .collect();
    assert!(new.is_empty(), "new failures: {new:#?}");
}

#[test]
fn regression_huge_timeline_number_in_a_board_reference() {
    for text in [
        "[Board \"Standard - Two Timelines\"]\n\n1. (2147483647T1)e4",
        "[Board \"Standard - Two Timelines\"]\n\n1. (+2147483647T1)e4",
        "[Board \"Standard - Turn Zero\"]\n\n1. Nf3 / (0T1)Ng8>>(0T0)g6\n2. (2147483647T1)e4",
    ] {
        assert!(notation::read_game(text).is_err(), "{text:?}");
    }
}

#[test]
fn regression_5dfen_timeline_number_near_i32_max() {
    for text in [
        "[Q:2147483647:1:w]",
        "[Board \"custom\"]\n[K:2147483647:1:w]\n[k:2147483646:1:w]\n",
    ] {
        let Ok(game) = notation::read_game(text) else {
            continue;
        };
        let p = &game.start;
        assert!(
            std::panic::catch_unwind(|| (p.playable_boards(), p.position_hash())).is_ok(),
            "{text:?}"
        );
    }
}
