//! Fitting the evaluation's weights to game results (Texel's method).
//!
//! 1. `self_play` plays games of the search against itself at a fixed node count from
//!    randomised openings and keeps quiet positions (not in check, the searched best move
//!    neither a capture nor a promotion) labelled with the game's result for White.
//! 2. `tune` finds the weights that best predict those results: the mean squared error
//!    between the result and `1 / (1 + 10^(-k e / 400))`, e the evaluation for White, is
//!    minimised by gradient descent (Adam) over every weight, `k` fitted first to the
//!    starting weights.
//! 3. `weights_source` writes them as `weights.rs`.
//!
//! Node-limited searches with per-game seeds make the data the same on every run and
//! machine, whatever the number of threads.

use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cozy_chess::{Board, Color, Move};

use super::eval::{self, MAX_PHASE, TEMPO, Terms};
use super::rng::SplitMix64;
use super::search::{Limits, MATE_BOUND, Searcher, Tables};
use super::terms::{Weight, index};
use crate::chess::game::{Game, Status, insufficient_material};
use crate::chess::{START_FEN, fen, uci};

/// One labelled position.
#[derive(Clone, Debug)]
pub struct Sample {
    pub board: Board,
    /// The game's result for White: 1, 0.5 or 0.
    pub result: f64,
}

/// How the self-play games are played.
#[derive(Clone, Copy, Debug)]
pub struct PlayConfig {
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies before the search takes over.
    pub random_plies: usize,
    pub seed: u64,
    pub threads: usize,
}

/// A game is given to a side whose search scores it this many centipawns ahead for this
/// many plies running, and drawn after `MAX_PLIES`.
const DECIDED: i32 = 1_000;
const DECIDED_PLIES: usize = 6;
const MAX_PLIES: usize = 300;
/// An opening more lopsided than this (by a short search) is drawn again.
const OPENING_MAX: i32 = 150;

fn limits(nodes: u64) -> Limits {
    Limits {
        deadline: Instant::now() + Duration::from_secs(3_600),
        max_nodes: nodes,
        max_depth: super::search::MAX_DEPTH,
    }
}

/// A search of `board` at `nodes` nodes with the game's history: (move in cozy-chess's
/// form, score for the side to move).
fn think(tables: &mut Option<Tables>, game: &Game, nodes: u64) -> Option<(Move, i32)> {
    let stop = AtomicBool::new(false);
    let history = super::position_history(game.boards());
    let mut s = Searcher::with_tables(
        tables.take().unwrap_or_else(|| Tables::new(18)),
        &history,
        &stop,
        limits(nodes),
    );
    let r = s.search(game.board(), &[]);
    *tables = Some(s.into_tables());
    r.map(|r| (r.best, r.score))
}

/// A random opening of `plies` plies that a short search finds balanced.
fn opening(rng: &mut SplitMix64, plies: usize) -> Game {
    let start = fen::parse(START_FEN).expect("the start position parses");
    loop {
        let mut game = Game::new(start.clone());
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            game.play(mv).expect("a generated move is legal");
        }
        if game.status() != Status::Ongoing {
            continue;
        }
        if let Some((_, score)) = think(&mut None, &game, 20_000)
            && score.abs() <= OPENING_MAX
        {
            return game;
        }
    }
}

/// One self-play game from its seed: its quiet positions with the result for White.
fn play_one(seed: u64, cfg: &PlayConfig) -> Vec<Sample> {
    let mut rng = SplitMix64::new(seed);
    let mut game = opening(&mut rng, cfg.random_plies);
    let mut tables = None;
    let mut quiet: Vec<Board> = Vec::new();
    // Plies running that the side to move has scored at least DECIDED (positive) or at
    // most -DECIDED (negative), from White's side.
    let mut streak: (Color, usize) = (Color::White, 0);
    let result = loop {
        match game.status() {
            Status::Checkmate { winner } => break if winner == Color::White { 1.0 } else { 0.0 },
            Status::Draw(_) => break 0.5,
            Status::Ongoing => {}
        }
        if game.plies() >= MAX_PLIES {
            break 0.5;
        }
        let board = game.board().clone();
        let Some((mv, score)) = think(&mut tables, &game, cfg.nodes) else {
            break 0.5;
        };
        let ahead = if score >= DECIDED {
            Some(board.side_to_move())
        } else if score <= -DECIDED {
            Some(!board.side_to_move())
        } else {
            None
        };
        streak = match ahead {
            Some(c) if c == streak.0 => (c, streak.1 + 1),
            Some(c) => (c, 1),
            None => (streak.0, 0),
        };
        if streak.1 >= DECIDED_PLIES {
            break if streak.0 == Color::White { 1.0 } else { 0.0 };
        }
        let capture = board.colors(!board.side_to_move()).has(mv.to)
            || (board.piece_on(mv.from) == Some(cozy_chess::Piece::Pawn)
                && mv.from.file() != mv.to.file());
        if board.checkers().is_empty()
            && !capture
            && mv.promotion.is_none()
            && score.abs() < MATE_BOUND
            && !insufficient_material(&board)
        {
            quiet.push(board.clone());
        }
        game.play(uci::to_standard(&board, mv))
            .expect("the search plays legal moves");
    };
    quiet
        .into_iter()
        .map(|board| Sample { board, result })
        .collect()
}

/// Self-play games, their samples in the order of the games. `progress` is called
/// after each game with the number done.
pub fn self_play(cfg: &PlayConfig, progress: &(dyn Fn(usize) + Sync)) -> Vec<Sample> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let games: Mutex<Vec<(usize, Vec<Sample>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= cfg.games {
                        break;
                    }
                    let samples = play_one(cfg.seed.wrapping_add(g as u64), cfg);
                    games.lock().expect("no thread panics").push((g, samples));
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    let mut games = games.into_inner().expect("no thread panics");
    games.sort_by_key(|(g, _)| *g);
    games.into_iter().flat_map(|(_, s)| s).collect()
}

/// A sample as the tuner sees it: its terms' counts for White minus Black, its phase and
/// what the weights do not change (mop-up and tempo), all from White's side.
struct Row {
    terms: Vec<(u16, i16)>,
    phase: f64,
    fixed: f64,
    result: f64,
}

struct Counts([i16; index::COUNT]);

impl Terms for Counts {
    fn add(&mut self, color: Color, index: usize, n: i32) {
        let n = n as i16;
        self.0[index] += if color == Color::White { n } else { -n };
    }
}

fn row(s: &Sample) -> Row {
    let mut counts = Counts([0; index::COUNT]);
    eval::terms(&s.board, &mut counts);
    let terms = counts
        .0
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c != 0)
        .map(|(i, &c)| (i as u16, c))
        .collect();
    let tempo = if s.board.side_to_move() == Color::White {
        TEMPO
    } else {
        -TEMPO
    };
    Row {
        terms,
        phase: f64::from(eval::phase(&s.board)) / f64::from(MAX_PHASE),
        fixed: f64::from(eval::mop_up(&s.board) + tempo),
        result: s.result,
    }
}

/// The evaluation for White of a row with weights `w` (mg, eg interleaved).
fn row_eval(r: &Row, w: &[f64]) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, c) in &r.terms {
        mg += w[2 * i as usize] * f64::from(c);
        eg += w[2 * i as usize + 1] * f64::from(c);
    }
    mg * r.phase + eg * (1.0 - r.phase) + r.fixed
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

fn error(rows: &[Row], w: &[f64], k: f64) -> f64 {
    rows.iter()
        .map(|r| (r.result - sigmoid(k, row_eval(r, w))).powi(2))
        .sum::<f64>()
        / rows.len().max(1) as f64
}

/// The scale `k` that best fits the results to the evaluations (golden-section search).
fn fit_k(rows: &[Row], w: &[f64]) -> f64 {
    let (mut a, mut b) = (0.2f64, 3.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if error(rows, w, c) < error(rows, w, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// What a tuning run did.
#[derive(Clone, Debug)]
pub struct Tuned {
    pub weights: Vec<Weight>,
    pub k: f64,
    /// Mean squared error on the positions fitted to, before and after.
    pub error_before: f64,
    pub error_after: f64,
    /// The same on the positions held out (every tenth block), which the fit never sees:
    /// the honest measure, since few positions and many weights overfit. None when there
    /// are too few positions to hold any out.
    pub held_out: Option<(f64, f64)>,
}

/// Positions in a row held out together: several games' worth.
const HELD_OUT_BLOCK: usize = 1_000;

/// Weights fitted to `samples` (but every tenth block of them, held out) from `start`, by `epochs`
/// full passes of Adam with step `rate` centipawns, each weight pulled back towards its
/// start by `l2` times the square of its distance (a term of the error), so that weights
/// the data barely shows stay near their start. The material of the pawn in the
/// middlegame stays fixed, so that a centipawn keeps its meaning.
pub fn tune(samples: &[Sample], start: &[Weight], epochs: usize, rate: f64, l2: f64) -> Tuned {
    assert_eq!(start.len(), index::COUNT, "one weight per term");
    let (mut rows, mut held) = (Vec::new(), Vec::new());
    for (i, s) in samples.iter().enumerate() {
        // Blocks of positions in a row, so that the held-out ones come from other games
        // than the fitted ones (positions of one game share its result).
        if (i / HELD_OUT_BLOCK) % 10 == 9 {
            held.push(row(s));
        } else {
            rows.push(row(s));
        }
    }
    let mut w: Vec<f64> = start
        .iter()
        .flat_map(|&(mg, eg)| [f64::from(mg), f64::from(eg)])
        .collect();
    let w0 = w.clone();
    let k = fit_k(&rows, &w);
    let error_before = error(&rows, &w, k);
    let held_out_before = (!held.is_empty()).then(|| error(&held, &w, k));
    let n = w.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2) = (0.9f64, 0.999f64);
    let fixed = 2 * index::MATERIAL;
    let scale = k * std::f64::consts::LN_10 / 400.0;
    for t in 1..=epochs {
        let mut grad = vec![0.0; n];
        for r in &rows {
            let s = sigmoid(k, row_eval(r, &w));
            // d(error)/d(eval), up to the constant factor 2 / rows.
            let de = -(r.result - s) * s * (1.0 - s) * scale;
            for &(i, c) in &r.terms {
                let c = f64::from(c) * de;
                grad[2 * i as usize] += c * r.phase;
                grad[2 * i as usize + 1] += c * (1.0 - r.phase);
            }
        }
        let norm = 2.0 / rows.len().max(1) as f64;
        for j in 0..n {
            if j == fixed {
                continue;
            }
            let g = grad[j] * norm + 2.0 * l2 * (w[j] - w0[j]);
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let mh = m[j] / (1.0 - b1.powi(t as i32));
            let vh = v[j] / (1.0 - b2.powi(t as i32));
            w[j] -= rate * mh / (vh.sqrt() + 1e-12);
        }
    }
    let error_after = error(&rows, &w, k);
    let held_out = held_out_before.map(|before| (before, error(&held, &w, k)));
    Tuned {
        weights: w
            .chunks(2)
            .map(|p| (p[0].round() as i32, p[1].round() as i32))
            .collect(),
        k,
        error_before,
        error_after,
        held_out,
    }
}

/// The weights in use.
pub fn current_weights() -> Vec<Weight> {
    super::weights::FITTED.to_vec()
}

/// A sample as a line: the FEN and the result for White in brackets (`[1.0]`, `[0.5]`,
/// `[0.0]`), the usual form of tuning sets.
pub fn sample_line(s: &Sample) -> String {
    format!("{} [{:.1}]", fen::format(&s.board), s.result)
}

/// Reads `sample_line`'s form (one per line; blank lines are skipped). The error names
/// the line.
pub fn parse_samples(text: &str) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let bad = |why: &str| format!("line {}: {why}: {line}", n + 1);
        let (fen_text, rest) = line.rsplit_once('[').ok_or_else(|| bad("no [result]"))?;
        let result: f64 = rest
            .trim_end_matches(']')
            .trim()
            .parse()
            .map_err(|_| bad("the result is not a number"))?;
        if ![0.0, 0.5, 1.0].contains(&result) {
            return Err(bad("the result is not 0.0, 0.5 or 1.0"));
        }
        let board = fen::parse(fen_text.trim()).map_err(|e| bad(&e.to_string()))?;
        out.push(Sample { board, result });
    }
    Ok(out)
}

/// Section names of `weights.rs`, with where each starts.
fn sections() -> Vec<(usize, &'static str)> {
    use index::*;
    vec![
        (MATERIAL, "material: pawn, knight, bishop, rook, queen"),
        (PST, "pawn squares, a1..h8 from the side's own view"),
        (PST + 64, "knight squares, a1..h8 from the side's own view"),
        (PST + 128, "bishop squares, a1..h8 from the side's own view"),
        (PST + 192, "rook squares, a1..h8 from the side's own view"),
        (PST + 256, "queen squares, a1..h8 from the side's own view"),
        (PST + 320, "king squares, a1..h8 from the side's own view"),
        (MOB_KNIGHT, "knight mobility, 0..=8 squares"),
        (MOB_BISHOP, "bishop mobility, 0..=13 squares"),
        (MOB_ROOK, "rook mobility, 0..=14 squares"),
        (MOB_QUEEN, "queen mobility, 0..=27 squares"),
        (ROOK_OPEN, "rook on an open file"),
        (ROOK_HALF_OPEN, "rook on a half-open file"),
        (BISHOP_PAIR, "bishop pair"),
        (DOUBLED, "doubled pawn"),
        (ISOLATED, "isolated pawn"),
        (PASSED, "passed pawn by rank 1..=8"),
        (SHIELD, "king shield, 0..=3 pawns"),
    ]
}

/// `weights.rs` for `weights`, with `note` (how they were made) in its header.
pub fn weights_source(weights: &[Weight], note: &str) -> String {
    let mut out = String::new();
    out.push_str(
        "//! The evaluation's weights, (middlegame, endgame) centipawns, in the order of\n",
    );
    out.push_str("//! `terms::index`. Written by `timefork-cli wager tune`; see `tune.rs`.\n");
    for line in note.lines() {
        let _ = writeln!(out, "//! {line}");
    }
    out.push_str("\nuse super::terms::{Weight, index};\n\n#[rustfmt::skip]\n");
    out.push_str("pub(crate) const FITTED: [Weight; index::COUNT] = [\n");
    let starts = sections();
    for (si, &(start, name)) in starts.iter().enumerate() {
        let end = starts.get(si + 1).map_or(weights.len(), |s| s.0);
        let _ = writeln!(out, "    // {name}");
        for chunk in weights[start..end].chunks(8) {
            let cells: Vec<String> = chunk.iter().map(|(a, b)| format!("({a}, {b}),")).collect();
            let _ = writeln!(out, "    {}", cells.join(" "));
        }
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terms_times_the_weights_are_the_evaluation() {
        // The tuner's view of a position (its counts) and the search's (the sum of the
        // weights) must agree, or the tuner fits a different function.
        for f in [
            START_FEN,
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/5pk1/6p1/3R4/8/6P1/5PK1/2r5 b - - 3 41",
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        ] {
            let board = fen::parse(f).unwrap();
            let sample = Sample {
                board: board.clone(),
                result: 0.5,
            };
            let w: Vec<f64> = current_weights()
                .iter()
                .flat_map(|&(a, b)| [f64::from(a), f64::from(b)])
                .collect();
            let from_terms = row_eval(&row(&sample), &w);
            let white = if board.side_to_move() == Color::White {
                eval::evaluate(&board)
            } else {
                -eval::evaluate(&board)
            };
            // The search divides by the phase in integers: within a centipawn.
            assert!(
                (from_terms - f64::from(white)).abs() <= 1.0,
                "{f}: {from_terms} {white}"
            );
        }
    }

    #[test]
    fn tuning_fits_a_bias_in_the_results() {
        // Positions where White has an extra knight, and White always won: tuning must
        // raise the knight's worth (it lowers the error and moves the weight up).
        let won = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let drawn = START_FEN;
        let mut samples = Vec::new();
        for _ in 0..20 {
            samples.push(Sample {
                board: fen::parse(won).unwrap(),
                result: 1.0,
            });
            samples.push(Sample {
                board: fen::parse(drawn).unwrap(),
                result: 0.5,
            });
        }
        let start = current_weights();
        let tuned = tune(&samples, &start, 200, 2.0, 0.0);
        assert!(tuned.error_after < tuned.error_before);
        let knight = index::MATERIAL + 1;
        assert!(tuned.weights[knight].0 > start[knight].0);
        // The pawn's middlegame worth is the unit and stays.
        assert_eq!(tuned.weights[index::MATERIAL].0, start[index::MATERIAL].0);
    }

    #[test]
    fn self_play_is_the_same_for_one_thread_or_two() {
        let cfg = PlayConfig {
            games: 2,
            nodes: 300,
            random_plies: 6,
            seed: 7,
            threads: 1,
        };
        let one: Vec<String> = self_play(&cfg, &|_| {}).iter().map(sample_line).collect();
        let two: Vec<String> = self_play(&PlayConfig { threads: 2, ..cfg }, &|_| {})
            .iter()
            .map(sample_line)
            .collect();
        assert!(!one.is_empty());
        assert_eq!(one, two);
        // Every line reads back.
        let back = parse_samples(&one.join("\n")).unwrap();
        assert_eq!(back.len(), one.len());
        for s in &back {
            assert!(s.board.checkers().is_empty());
        }
    }

    #[test]
    fn a_bad_sample_line_names_its_line() {
        let e = parse_samples("8/8/8/8/8/8/8/K6k w - - 0 1 [1.0]\nnot a fen [0.5]").unwrap_err();
        assert!(e.starts_with("line 2"), "{e}");
        let e = parse_samples("8/8/8/8/8/8/8/K6k w - - 0 1 [0.7]").unwrap_err();
        assert!(e.contains("0.0, 0.5 or 1.0"), "{e}");
    }

    #[test]
    fn the_weights_file_round_trips_its_layout() {
        let src = weights_source(&current_weights(), "test");
        // One "(mg, eg)," per weight.
        let (_, table) = src.split_once("= [").unwrap();
        assert_eq!(table.matches("),").count(), index::COUNT);
        assert!(src.contains("// king shield, 0..=3 pawns"));
    }
}
