//! The fast turn generator against a plain one written straight from rules.md section 3
//! (separate code: a board of letters, every sequence of up to three moves enumerated by
//! brute force with copies, the longest-sequence rule applied afterwards). They must agree
//! on the set of legal turns and on the position after each, on positions reached by
//! random play from random setups and on random sparse positions with reserves and
//! prisons.

use std::collections::BTreeSet;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use timefork_kingdrops::{Color, Kind, Move, Placement, Position, Square, Turn, perft};

/// The plain model: `board[rank][file]` holds a KFEN letter or '.'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Plain {
    board: [[u8; 8]; 8],
    white: bool,
    /// Counts in the order Q R B G: `reserve[0]` White's, `reserve[1]` Black's.
    reserve: [[u8; 4]; 2],
    /// `prison[0]` White's prison (black pieces), `prison[1]` Black's.
    prison: [[u8; 4]; 2],
}

const QRBG: [char; 4] = ['Q', 'R', 'B', 'G'];

fn from_position(p: &Position) -> Plain {
    let mut board = [[b'.'; 8]; 8];
    for (r, row) in board.iter_mut().enumerate() {
        for (f, cell) in row.iter_mut().enumerate() {
            if let Some(pc) = p.piece_at(Square::new(f as u8, r as u8).unwrap()) {
                *cell = pc.letter() as u8;
            }
        }
    }
    let kinds = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Guard];
    let mut reserve = [[0; 4]; 2];
    let mut prison = [[0; 4]; 2];
    for (ci, c) in [Color::White, Color::Black].into_iter().enumerate() {
        for (i, &k) in kinds.iter().enumerate() {
            reserve[ci][i] = p.reserve_count(c, k);
            prison[ci][i] = p.prison_count(c, k);
        }
    }
    Plain {
        board,
        white: p.side_to_move() == Color::White,
        reserve,
        prison,
    }
}

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

impl Plain {
    fn at(&self, f: i32, r: i32) -> char {
        self.board[r as usize][f as usize] as char
    }

    /// Squares the piece on (f, r) can move to: every piece moves and captures alike,
    /// within its range, stopping at the first piece.
    fn targets(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let c = self.at(f, r);
        let white = c.is_ascii_uppercase();
        let fwd = if white { 1 } else { -1 };
        let all = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ];
        let (dirs, range): (Vec<(i32, i32)>, i32) = match c.to_ascii_uppercase() {
            'K' | 'G' => (all.to_vec(), 1),
            'Q' => (all.to_vec(), 2),
            'R' => (all[..4].to_vec(), 3),
            'B' => (all[4..].to_vec(), 3),
            'S' => (vec![(0, fwd)], 1),
            'A' => (vec![(1, fwd), (-1, fwd)], 1),
            x => panic!("letter {x}"),
        };
        let mut out = Vec::new();
        for (df, dr) in dirs {
            for n in 1..=range {
                let (tf, tr) = (f + df * n, r + dr * n);
                if !on_board(tf, tr) {
                    break;
                }
                let t = self.at(tf, tr);
                if t == '.' {
                    out.push((tf, tr));
                    continue;
                }
                if t.is_ascii_uppercase() != white {
                    out.push((tf, tr));
                }
                break;
            }
        }
        out
    }

    fn attacked_by(&self, f: i32, r: i32, white: bool) -> bool {
        (0..8).any(|af| {
            (0..8).any(|ar| {
                let c = self.at(af, ar);
                c != '.'
                    && c.is_ascii_uppercase() == white
                    && self.targets(af, ar).contains(&(f, r))
            })
        })
    }

    fn king_of(&self, white: bool) -> Option<(i32, i32)> {
        let k = if white { 'K' } else { 'k' };
        (0..8)
            .flat_map(|f| (0..8).map(move |r| (f, r)))
            .find(|&(f, r)| self.at(f, r) == k)
    }
}

/// One move of the plain model: from (file, rank) to (file, rank), or a drop of a letter.
#[derive(Clone, Copy)]
enum PlainMove {
    Step(i32, i32, i32, i32),
    Drop(char, i32, i32),
}

fn move_text(m: PlainMove) -> String {
    match m {
        PlainMove::Step(f, r, tf, tr) => format!("{}{}", name(f, r), name(tf, tr)),
        PlainMove::Drop(q, tf, tr) => format!("{q}@{}", name(tf, tr)),
    }
}

/// A sequence being built: the position, the squares where pieces that moved or were
/// dropped this turn now stand, whether the drop is spent, and whether it has won.
#[derive(Clone, Copy)]
struct Partial {
    pos: Plain,
    moved: u64,
    dropped: bool,
    won: bool,
}

/// Each move possible in `s`, with the state after it.
fn extensions(s: &Partial, made: usize) -> Vec<(PlainMove, Partial)> {
    let mut out = Vec::new();
    if s.won || made == 3 {
        return out;
    }
    let white = s.pos.white;
    let side = if white { 0 } else { 1 };
    for f in 0..8 {
        for r in 0..8 {
            let c = s.pos.at(f, r);
            if c == '.' || c.is_ascii_uppercase() != white || s.moved & (1 << (r * 8 + f)) != 0 {
                continue;
            }
            let kind = c.to_ascii_uppercase();
            // The king moves second or third only when not attacked.
            if kind == 'K' && made > 0 && s.pos.attacked_by(f, r, !white) {
                continue;
            }
            for (tf, tr) in s.pos.targets(f, r) {
                let mut n = *s;
                let taken = n.pos.at(tf, tr);
                n.pos.board[tr as usize][tf as usize] = c as u8;
                n.pos.board[r as usize][f as usize] = b'.';
                if taken != '.' {
                    let tk = taken.to_ascii_uppercase();
                    if tk == 'K' {
                        n.won = true;
                    } else if let Some(i) = QRBG.iter().position(|&q| q == tk) {
                        n.pos.prison[side][i] += 1;
                    }
                }
                let last = if white { 7 } else { 0 };
                if matches!(kind, 'K' | 'S' | 'A') && tr == last {
                    n.won = true;
                }
                n.moved |= 1 << (tr * 8 + tf);
                out.push((PlainMove::Step(f, r, tf, tr), n));
            }
        }
    }
    if !s.dropped
        && let Some((kf, kr)) = s.pos.king_of(white)
    {
        for (i, &q) in QRBG.iter().enumerate() {
            if s.pos.reserve[side][i] == 0 {
                continue;
            }
            for df in -1..=1 {
                for dr in -1..=1 {
                    let (tf, tr) = (kf + df, kr + dr);
                    if (df, dr) == (0, 0) || !on_board(tf, tr) || s.pos.at(tf, tr) != '.' {
                        continue;
                    }
                    let mut n = *s;
                    n.pos.reserve[side][i] -= 1;
                    n.pos.board[tr as usize][tf as usize] = if white {
                        q as u8
                    } else {
                        q.to_ascii_lowercase() as u8
                    };
                    n.dropped = true;
                    n.moved |= 1 << (tr * 8 + tf);
                    out.push((PlainMove::Drop(q, tf, tr), n));
                }
            }
        }
    }
    out
}

fn game_over(p: &Plain) -> bool {
    let runner_home = |white: bool| {
        let r = if white { 7 } else { 0 };
        (0..8).any(|f| {
            let c = p.at(f, r);
            c != '.'
                && c.is_ascii_uppercase() == white
                && matches!(c.to_ascii_uppercase(), 'K' | 'S' | 'A')
        })
    };
    p.king_of(true).is_none()
        || p.king_of(false).is_none()
        || runner_home(true)
        || runner_home(false)
}

/// The most moves any sequence from `s` can have (a sequence stops at a win).
fn longest(s: &Partial, made: usize) -> usize {
    extensions(s, made)
        .iter()
        .map(|(_, n)| 1 + longest(n, made + 1))
        .max()
        .unwrap_or(0)
}

/// The sequences from `s` that are legal turns of `m` moves: those that win, and those
/// of exactly `m` moves.
fn legal_sequences(
    s: &Partial,
    m: usize,
    seq: &mut Vec<PlainMove>,
    out: &mut Vec<(Vec<PlainMove>, Plain, bool)>,
) {
    for (mv, n) in extensions(s, seq.len()) {
        seq.push(mv);
        if n.won || seq.len() == m {
            let mut after = n.pos;
            finish(&mut after, n.won);
            out.push((seq.clone(), after, n.won));
        } else {
            legal_sequences(&n, m, seq, out);
        }
        seq.pop();
    }
}

/// Every legal turn (no moves for a pass), with the position after it (exchange made,
/// other side to move) and whether it won.
fn plain_turn_moves(p: &Plain) -> Vec<(Vec<PlainMove>, Plain, bool)> {
    if game_over(p) {
        return Vec::new();
    }
    let start = Partial {
        pos: *p,
        moved: 0,
        dropped: false,
        won: false,
    };
    let m = longest(&start, 0);
    if m == 0 {
        let mut after = *p;
        finish(&mut after, false);
        return vec![(Vec::new(), after, false)];
    }
    let mut out = Vec::new();
    legal_sequences(&start, m, &mut Vec::new(), &mut out);
    out
}

fn finish(p: &mut Plain, won: bool) {
    if !won {
        for i in 0..4 {
            while p.prison[0][i] > 0 && p.prison[1][i] > 0 {
                p.prison[0][i] -= 1;
                p.prison[1][i] -= 1;
                p.reserve[0][i] += 1;
                p.reserve[1][i] += 1;
            }
        }
    }
    p.white = !p.white;
}

fn plain_perft(p: &Plain, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    plain_turn_moves(p)
        .iter()
        .map(|(_, after, won)| {
            if *won {
                1
            } else {
                plain_perft(after, depth - 1)
            }
        })
        .sum()
}

/// A number per turn, the same for both generators' moves: 16 bits a move (a step
/// `from * 64 + to`, a drop `4096 + kind * 64 + to`), then the count of moves.
fn plain_key(seq: &[PlainMove]) -> u64 {
    let mut key = 0u64;
    for &m in seq {
        let code = match m {
            PlainMove::Step(f, r, tf, tr) => ((r * 8 + f) * 64 + tr * 8 + tf) as u64,
            PlainMove::Drop(q, tf, tr) => {
                4096 + QRBG.iter().position(|&x| x == q).unwrap() as u64 * 64 + (tr * 8 + tf) as u64
            }
        };
        key = key << 16 | code;
    }
    key << 2 | seq.len() as u64
}

fn fast_key(t: &Turn) -> u64 {
    let mut key = 0u64;
    for &m in t.moves() {
        let code = match m {
            Move::Step { from, to } => (from.index() * 64 + to.index()) as u64,
            Move::Drop { kind, to } => {
                let i = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Guard]
                    .iter()
                    .position(|&k| k == kind)
                    .unwrap();
                4096 + i as u64 * 64 + to.index() as u64
            }
        };
        key = key << 16 | code;
    }
    key << 2 | t.len() as u64
}

fn plain_text(seq: &[PlainMove]) -> String {
    if seq.is_empty() {
        return "pass".to_string();
    }
    let moves: Vec<String> = seq.iter().map(|&m| move_text(m)).collect();
    moves.join(",")
}

/// Compares both generators on `pos`; returns the number of turns.
fn compare(pos: &Position, rng: &mut StdRng, label: &str) -> usize {
    let plain = from_position(pos);
    let expected = plain_turn_moves(&plain);
    let fast = pos.legal_turns();
    let mut fast_keys: Vec<u64> = fast.iter().map(fast_key).collect();
    let mut plain_keys: Vec<u64> = expected.iter().map(|(seq, _, _)| plain_key(seq)).collect();
    fast_keys.sort_unstable();
    plain_keys.sort_unstable();
    let n = fast_keys.len();
    fast_keys.dedup();
    assert_eq!(
        fast_keys.len(),
        n,
        "{label}: the fast generator repeats turns"
    );
    if fast_keys != plain_keys {
        let fast_set: BTreeSet<String> = fast.iter().map(|t| t.to_string()).collect();
        let plain_set: BTreeSet<String> = expected.iter().map(|(s, _, _)| plain_text(s)).collect();
        let missing: Vec<_> = plain_set.difference(&fast_set).take(5).collect();
        let extra: Vec<_> = fast_set.difference(&plain_set).take(5).collect();
        panic!(
            "{label}: {} fast vs {} reference turns; missing {missing:?}, extra {extra:?}",
            fast_keys.len(),
            plain_keys.len()
        );
    }
    assert_eq!(
        perft(pos, 1) as usize,
        expected.len(),
        "{label}: perft 1 vs reference"
    );
    // The positions after a sample of the turns.
    let mut sample: Vec<&(Vec<PlainMove>, Plain, bool)> = expected.iter().collect();
    sample.shuffle(rng);
    for (seq, after, won) in sample.into_iter().take(40) {
        let text = plain_text(seq);
        let out = pos
            .apply_turn(&text.parse().unwrap())
            .unwrap_or_else(|e| panic!("{label}: {text}: {e}"));
        assert_eq!(out.win.is_some(), *won, "{label}: {text} wins?");
        assert_eq!(
            &from_position(&out.position),
            after,
            "{label}: after {text}"
        );
    }
    expected.len()
}

#[test]
fn agree_on_random_play_from_random_setups() {
    let mut rng = StdRng::seed_from_u64(0x6b64);
    let mut positions = 0;
    let mut turns = 0;
    for game in 0..6u64 {
        let white = Placement::random(Color::White, 100 + game);
        let black = match game % 3 {
            0 => Placement::mirror_of(&white),
            1 => Placement::standard(Color::Black),
            _ => Placement::random(Color::Black, 200 + game),
        };
        let mut pos = Position::from_setup(&white, &black).unwrap();
        for ply in 0..40 {
            // Positions have thousands of turns; compare every other one.
            if ply % 2 == 0 {
                turns += compare(
                    &pos,
                    &mut rng,
                    &format!("game {game} ply {ply}: {}", pos.to_kfen()),
                );
                positions += 1;
            }
            let legal = pos.legal_turns();
            let Some(t) = legal.get(rng.random_range(0..legal.len().max(1))) else {
                break;
            };
            pos = pos.apply_turn(t).unwrap().position;
            if pos.winner().is_some() {
                break;
            }
        }
    }
    eprintln!("random play: {positions} positions, {turns} turns compared");
    assert!(positions >= 80, "only {positions} positions compared");
    assert!(turns > 10_000, "only {turns} turns compared");
}

/// A random position: both kings, a random part of each army anywhere (no runner on its
/// last rank), random reserves and prisons within the piece counts, either side to move.
fn random_sparse(rng: &mut StdRng) -> Position {
    loop {
        let mut board = [['.'; 8]; 8];
        let mut free: Vec<(usize, usize)> =
            (0..8).flat_map(|f| (0..8).map(move |r| (f, r))).collect();
        free.shuffle(rng);
        let mut reserve = [String::new(), String::new()];
        let mut prison = [String::new(), String::new()];
        for (ci, white) in [true, false].into_iter().enumerate() {
            for (letter, count) in [
                ('K', 1),
                ('Q', 1),
                ('R', 2),
                ('B', 2),
                ('G', 2),
                ('S', 4),
                ('A', 4),
            ] {
                for _ in 0..count {
                    let c = if white {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    };
                    let roll = rng.random_range(0..10);
                    if letter == 'K' || roll < 3 {
                        let last = if white { 7 } else { 0 };
                        // A runner never stands on its last rank (that game is over).
                        let i = free
                            .iter()
                            .rposition(|&(_, r)| !(matches!(letter, 'K' | 'S' | 'A') && r == last))
                            .unwrap();
                        let (f, r) = free.remove(i);
                        board[r][f] = c;
                    } else if "QRBG".contains(letter) && roll < 5 {
                        reserve[ci].push(c);
                    } else if "QRBG".contains(letter) && roll < 6 {
                        // In the opponent's prison.
                        prison[1 - ci].push(c);
                    }
                }
            }
        }
        let ranks: Vec<String> = (0..8)
            .rev()
            .map(|r| {
                let mut s = String::new();
                let mut empty = 0;
                for &c in &board[r] {
                    if c == '.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(c);
                    }
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                }
                s
            })
            .collect();
        let field = |s: &String| {
            if s.is_empty() {
                "-".to_string()
            } else {
                s.clone()
            }
        };
        let kfen = format!(
            "{} {} {} {} {} {}",
            ranks.join("/"),
            if rng.random_range(0..2) == 0 {
                'w'
            } else {
                'b'
            },
            field(&reserve[0]),
            field(&reserve[1]),
            field(&prison[0]),
            field(&prison[1]),
        );
        let p = Position::from_kfen(&kfen).unwrap_or_else(|e| panic!("{kfen}: {e}"));
        if p.winner().is_none() && p.king_square(Color::White).is_some() {
            return p;
        }
    }
}

#[test]
fn agree_on_random_sparse_positions() {
    let mut rng = StdRng::seed_from_u64(0x5eed);
    let mut turns = 0;
    let mut with_drops = 0;
    for i in 0..200 {
        let pos = random_sparse(&mut rng);
        turns += compare(&pos, &mut rng, &format!("sparse {i}: {}", pos.to_kfen()));
        if pos
            .legal_turns()
            .iter()
            .any(|t| t.moves().iter().any(|m| m.is_drop()))
        {
            with_drops += 1;
        }
    }
    eprintln!("sparse: {turns} turns compared, {with_drops} positions with drops");
    assert!(with_drops >= 80, "only {with_drops} positions with drops");
    assert!(turns > 10_000, "only {turns} turns compared");
}

#[test]
fn perft_two_agrees_on_sparse_positions() {
    let mut rng = StdRng::seed_from_u64(0xbeef);
    let mut compared = 0;
    while compared < 8 {
        let pos = random_sparse(&mut rng);
        // Keep the reference's depth-2 count quick.
        if perft(&pos, 1) > 250 {
            continue;
        }
        let expected = plain_perft(&from_position(&pos), 2);
        assert_eq!(perft(&pos, 2), expected, "{}", pos.to_kfen());
        compared += 1;
    }
}
