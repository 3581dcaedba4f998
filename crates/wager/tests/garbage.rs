//! Bad input never panics: seeded random text through every reader.

use timefork_wager::chess::{Board, fen, pgn, san, uci};
use timefork_wager::{Action, Match};

/// xorshift64*, seeded: the same strings every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }

    /// Up to `max` characters drawn from `alphabet`.
    fn text(&mut self, alphabet: &[&str], max: usize) -> String {
        let n = self.below(max + 1);
        (0..n)
            .map(|_| alphabet[self.below(alphabet.len())])
            .collect()
    }
}

const FEN_BITS: &[&str] = &[
    "r", "n", "b", "q", "k", "p", "R", "N", "B", "Q", "K", "P", "1", "2", "7", "8", "9", "/", " ",
    "w", "-", "KQkq", "e3", "0", "1", "100", "x", "é",
];
const RECORD_BITS: &[&str] = &[
    "[Mode \"Timeline Wager\"]\n",
    "[Clock \"1+1\"]\n",
    "[Clock \"-\"]\n",
    "[Version \"1\"]\n",
    "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n",
    "0 ",
    "1.5 ",
    "99999999999999999999 ",
    "W ",
    "B ",
    "L0 ",
    "L1 ",
    "L99999999999999999999 ",
    "e2e4",
    "e7e5",
    "g1f3",
    "split ",
    "2",
    "98",
    "4294967296",
    "merge ",
    "yes",
    "no",
    "resign",
    "flag",
    "\n",
    " ",
    "[",
    "]",
    "\"",
];
const SAN_BITS: &[&str] = &[
    "N", "B", "R", "Q", "K", "a", "b", "e", "h", "1", "4", "8", "x", "=", "+", "#", "O", "-", "0",
    "!", "?", "e.p.",
];

#[test]
fn garbage_never_panics() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let start = Board::default();
    for _ in 0..3_000 {
        let f = rng.text(FEN_BITS, 40);
        let _ = fen::parse(&f);
        let r = rng.text(RECORD_BITS, 30);
        let _ = Match::from_record(&r);
        let _ = Action::parse(&rng.text(RECORD_BITS, 6));
        let s = rng.text(SAN_BITS, 8);
        let _ = san::parse_san(&start, &s);
        let _ = uci::parse(&start, &s);
        let _ = pgn::read_pgn(&format!("[Event \"x\"]\n\n1. {s} {s} (x {{y\n"));
    }
}
