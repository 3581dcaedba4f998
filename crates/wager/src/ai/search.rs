//! Alpha-beta search of one timeline's chess position.
//!
//! Negamax with principal-variation search, iterative deepening, a transposition table,
//! move ordering (TT move, captures by MVV-LVA with those that lose the exchange last,
//! queen promotions, two killers per ply, the history heuristic), check extension,
//! null-move pruning, logarithmic late-move reductions, reverse futility, futility and
//! late-move pruning at shallow depth, and a quiescence search over the captures that do
//! not lose the exchange (`see`) and queen promotions (all evasions when in check).
//! A position repeated inside the search, or for the third time counting the timeline's
//! history, and the fifty-move rule score as draws. It stops at a deadline, a node budget or a stop flag, polled every
//! 1024 nodes, and then keeps the best move of the last finished depth (or of the
//! unfinished one once its first move has been searched).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use cozy_chess::{BitBoard, Board, Color, Move, Piece};

use super::eval::{evaluate, piece_value};
use super::see::see_ge;

pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;
pub const MAX_DEPTH: u32 = 64;
/// A root move with its score.
type Scored = (Move, i32);

/// Aspiration window: the first half-width around the last score, and the widest tried
/// before the full window.
const ASPIRATION: i32 = 25;
const ASPIRATION_MAX: i32 = 400;
/// Futility pruning: at depth d <= 2, a node whose static evaluation plus d * 150 is at
/// most alpha searches no further quiet move.
const FUTILITY_DEPTH: i32 = 2;
const FUTILITY_MARGIN: i32 = 150;
/// Late-move pruning: at depth d <= 3, only the first 3 + d * d quiet moves.
const LMP_DEPTH: i32 = 3;

fn lmp_count(depth: i32) -> i32 {
    3 + depth * depth
}

/// Late-move reduction of the i-th move at `depth`: 0.75 + ln(depth) ln(i) / 2.25
/// plies (the usual logarithmic shape), from a table built once.
fn lmr(depth: i32, i: usize) -> i32 {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        std::array::from_fn(|d| {
            std::array::from_fn(|m| {
                if d == 0 || m == 0 {
                    0
                } else {
                    (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8
                }
            })
        })
    });
    i32::from(t[(depth as usize).min(63)][i.min(63)])
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    mv: Option<Move>,
    score: i32,
    depth: i32,
    bound: Bound,
}

impl Entry {
    /// The stored score at `ply` where its bound settles the window (alpha, beta).
    fn cut(&self, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let s = from_tt(self.score, ply);
        let settles = match self.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        settles.then_some(s)
    }
}

/// Bytes of one transposition-table slot (for sizing the table in megabytes).
pub const SLOT_BYTES: usize = std::mem::size_of::<Option<Entry>>();

/// Transposition table: one entry per slot, replaced by a deeper or different position.
struct Tt {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Tt {
    fn new(log2: u32) -> Tt {
        let n = 1usize << log2;
        Tt {
            slots: vec![None; n],
            mask: n - 1,
        }
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    fn store(&mut self, e: Entry) {
        let slot = &mut self.slots[e.key as usize & self.mask];
        let replace = match slot {
            Some(old) => old.key != e.key || e.depth >= old.depth,
            None => true,
        };
        if replace {
            *slot = Some(e);
        }
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// When to stop.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub deadline: Instant,
    /// 0: no node budget.
    pub max_nodes: u64,
    pub max_depth: u32,
}

/// The outcome of a root search. `best` is in cozy-chess's move form.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Move,
    /// Centipawns for the side to move (near +-MATE for mates).
    pub score: i32,
    /// The last depth searched in full (0 when stopped before depth 1 finished).
    pub depth: u32,
    pub nodes: u64,
    /// Every root move's score of the last finished depth when searched with full windows
    /// (`Searcher::score_root_moves`); otherwise empty.
    pub root_scores: Vec<(Move, i32)>,
}

/// What a search learns that outlives it: the transposition table and the move-ordering
/// statistics. A UCI engine keeps them from one move of a game to the next.
pub struct Tables {
    tt: Tt,
    killers: Vec<[Option<Move>; 2]>,
    history: Box<[[[i32; 64]; 64]; 2]>,
    /// The quiet move that last refuted a move, by that move's squares (from, to).
    counter: Box<[[Option<Move>; 64]; 64]>,
}

impl Tables {
    /// A table of 2^tt_log2 slots (`SLOT_BYTES` each).
    pub fn new(tt_log2: u32) -> Tables {
        Tables {
            tt: Tt::new(tt_log2),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: Box::new([[[0; 64]; 64]; 2]),
            counter: Box::new([[None; 64]; 64]),
        }
    }

    /// log2 of the table's slots.
    pub fn tt_log2(&self) -> u32 {
        self.tt.slots.len().trailing_zeros()
    }

    /// Ready for the next position of the same game: killers are per position and go;
    /// the history scores are halved so that old cut-offs fade.
    fn next_position(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        for side in self.history.iter_mut() {
            for from in side.iter_mut() {
                from.iter_mut().for_each(|h| *h /= 2);
            }
        }
    }
}

/// One finished depth of an iterative-deepening search, as it is reported.
#[derive(Clone, Debug)]
pub struct Progress {
    pub depth: u32,
    /// Centipawns for the side to move (near +-MATE for mates).
    pub score: i32,
    pub nodes: u64,
    /// The principal variation in cozy-chess's move form, the best move first.
    pub pv: Vec<Move>,
}

pub struct Searcher<'a> {
    tables: Tables,
    /// Hashes of the positions before the current node: the game's history, then the
    /// search path.
    path: Vec<u64>,
    /// Where the search's own positions start in `path` (the root's index).
    root_index: usize,
    nodes: u64,
    stop: &'a AtomicBool,
    limits: Limits,
    aborted: bool,
    /// The static evaluation at each ply of the current path (-INF in check), for
    /// "improving": better than two plies before.
    evals: [i32; MAX_PLY + 2],
    /// The move that led to each ply of the current path (None: the root or a null move).
    played: [Option<Move>; MAX_PLY + 2],
}

/// History scores stay within +-HISTORY_MAX: a bonus moves a score towards the bound by
/// its share of the distance left ("gravity"), so old scores fade as new ones come.
const HISTORY_MAX: i32 = 16_384;

fn add_history(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

fn is_capture(board: &Board, mv: Move) -> bool {
    let them = board.colors(!board.side_to_move());
    them.has(mv.to)
        || (board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file())
}

fn has_pieces(board: &Board, side: Color) -> bool {
    let minor_major = board.pieces(Piece::Knight)
        | board.pieces(Piece::Bishop)
        | board.pieces(Piece::Rook)
        | board.pieces(Piece::Queen);
    !(minor_major & board.colors(side)).is_empty()
}

impl<'a> Searcher<'a> {
    /// `tt_log2`: the table has 2^tt_log2 slots. `history`: hashes of the positions before
    /// the root (oldest first) for repetition detection.
    pub fn new(tt_log2: u32, history: &[u64], stop: &'a AtomicBool, limits: Limits) -> Self {
        Searcher::with_tables(Tables::new(tt_log2), history, stop, limits)
    }

    /// A search that starts from what earlier searches learned (`into_tables`).
    pub fn with_tables(
        mut tables: Tables,
        history: &[u64],
        stop: &'a AtomicBool,
        limits: Limits,
    ) -> Self {
        tables.next_position();
        Searcher {
            tables,
            path: history.to_vec(),
            root_index: history.len(),
            nodes: 0,
            stop,
            limits,
            aborted: false,
            evals: [0; MAX_PLY + 2],
            played: [None; MAX_PLY + 2],
        }
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The tables, for the next search of the same game.
    pub fn into_tables(self) -> Tables {
        self.tables
    }

    /// New limits for a further search with the same tables.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        self.aborted = false;
    }

    fn poll(&mut self) -> bool {
        if !self.aborted && self.nodes & 1023 == 0 {
            self.aborted = self.stop.load(Ordering::Relaxed)
                || (self.limits.max_nodes > 0 && self.nodes >= self.limits.max_nodes)
                || Instant::now() >= self.limits.deadline;
        }
        self.aborted
    }

    /// A draw by repetition: the position occurred before inside the search (either side
    /// can repeat it again), or twice before in the game (the third time).
    fn is_repetition(&self, board: &Board) -> bool {
        let key = board.hash();
        let n = self.path.len();
        let window = (board.halfmove_clock() as usize).min(n);
        let mut in_game = 0;
        for back in (2..=window).step_by(2) {
            let at = n - back;
            if self.path[at] == key {
                if at >= self.root_index {
                    return true;
                }
                in_game += 1;
                if in_game == 2 {
                    return true;
                }
            }
        }
        false
    }

    /// Legal moves with ordering scores, best first.
    fn ordered(&self, board: &Board, tt_move: Option<Move>, ply: usize) -> Vec<(Move, i32)> {
        let side = board.side_to_move() as usize;
        let mut out = Vec::with_capacity(48);
        let killers = self.tables.killers[ply.min(MAX_PLY)];
        let counter = self.counter_move(ply);
        board.generate_moves(|pm| {
            for mv in pm {
                let score = if Some(mv) == tt_move {
                    1_000_000
                } else if is_capture(board, mv) {
                    let victim = board.piece_on(mv.to).unwrap_or(Piece::Pawn);
                    let promo = if mv.promotion == Some(Piece::Queen) {
                        800
                    } else {
                        0
                    };
                    let mvv_lva = 10 * piece_value(victim) - piece_value(pm.piece) / 10 + promo;
                    // Captures that lose material in the exchange go last.
                    if see_ge(board, mv, 0) {
                        100_000 + mvv_lva
                    } else {
                        -100_000 + mvv_lva
                    }
                } else if mv.promotion == Some(Piece::Queen) {
                    95_000
                } else if mv.promotion.is_some() {
                    -50_000
                } else if killers[0] == Some(mv) {
                    90_000
                } else if killers[1] == Some(mv) {
                    89_000
                } else if counter == Some(mv) {
                    88_000
                } else {
                    self.tables.history[side][mv.from as usize][mv.to as usize]
                };
                out.push((mv, score));
            }
            false
        });
        out.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        out
    }

    /// The counter move to the move that led to `ply`, if any.
    fn counter_move(&self, ply: usize) -> Option<Move> {
        let prev = self.played[ply.min(MAX_PLY)]?;
        self.tables.counter[prev.from as usize][prev.to as usize]
    }

    fn negamax(
        &mut self,
        board: &Board,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        if self.poll() {
            return 0;
        }
        let in_check = !board.checkers().is_empty();
        if ply > 0 {
            if (board.halfmove_clock() >= 100 && !in_check) || self.is_repetition(board) {
                return 0;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY {
            return evaluate(board);
        }
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(board, alpha, beta, ply);
        }
        self.nodes += 1;
        let pv_node = beta - alpha > 1;
        let key = board.hash();
        let mut tt_move = None;
        if let Some(e) = self.tables.tt.probe(key) {
            tt_move = e.mv;
            if !pv_node
                && ply > 0
                && e.depth >= depth
                && let Some(s) = e.cut(ply, alpha, beta)
            {
                return s;
            }
        }
        let stm = board.side_to_move();
        let static_eval = if in_check { -INF } else { evaluate(board) };
        self.evals[ply] = static_eval;
        // Improving: the static evaluation is above the one two plies before (the same
        // side to move); prune less where it is, more where it is not.
        let improving = !in_check && ply >= 2 && static_eval > self.evals[ply - 2];
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta at shallow depth.
            let margin = 110 * depth - if improving { 40 } else { 0 };
            if depth <= 3 && static_eval - margin >= beta {
                return static_eval;
            }
            // Null move: give the opponent a free move; still above beta means a cut.
            // The reduction grows with depth and with the margin above beta.
            if allow_null
                && depth >= 3
                && static_eval >= beta
                && has_pieces(board, stm)
                && let Some(nb) = board.null_move()
            {
                let r = 3 + depth / 3 + ((static_eval - beta) / 200).min(3);
                self.path.push(key);
                self.played[ply + 1] = None;
                let s = -self.negamax(&nb, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.path.pop();
                if self.aborted {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        // No table move where one was expected: search a ply shallower (internal
        // iterative reduction), the next iteration finds the move cheaper.
        let depth = if tt_move.is_none() && depth >= 4 {
            depth - 1
        } else {
            depth
        };
        let moves = self.ordered(board, tt_move, ply);
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let killers = self.tables.killers[ply];
        let counter = self.counter_move(ply);
        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut quiets = 0;
        // Quiet moves searched without a cut, to be marked down when a later one cuts.
        let mut tried_quiets: Vec<Move> = Vec::new();
        // Shallow non-PV nodes far below alpha: quiet moves cannot raise it.
        let futile = !pv_node
            && !in_check
            && depth <= FUTILITY_DEPTH
            && alpha.abs() < MATE_BOUND
            && static_eval + FUTILITY_MARGIN * depth <= alpha;
        let lmp_limit = lmp_count(depth);
        for (i, &(mv, _)) in moves.iter().enumerate() {
            let quiet = !is_capture(board, mv) && mv.promotion.is_none();
            let mut child = board.clone();
            child.play_unchecked(mv);
            let gives_check = !child.checkers().is_empty();
            if quiet {
                quiets += 1;
            }
            // Late quiet moves of shallow non-PV nodes are not searched (late-move and
            // futility pruning), once one move is searched and no mate is in view.
            if i > 0
                && quiet
                && !gives_check
                && !pv_node
                && !in_check
                && best > -MATE_BOUND
                && (futile || (depth <= LMP_DEPTH && quiets > lmp_limit))
            {
                continue;
            }
            self.path.push(key);
            self.played[ply + 1] = Some(mv);
            let mut s;
            if i == 0 {
                s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true);
            } else {
                let mut r = 0;
                if depth >= 3 && i >= 3 && quiet && !in_check && !gives_check {
                    let h = self.tables.history[stm as usize][mv.from as usize][mv.to as usize];
                    r = lmr(depth, i)
                        - i32::from(pv_node)
                        - i32::from(killers.contains(&Some(mv)) || counter == Some(mv))
                        - h / 8_192;
                    r = r.clamp(0, depth - 2);
                }
                s = -self.negamax(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            self.path.pop();
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                best_move = Some(mv);
            }
            if s > alpha {
                alpha = s;
            }
            if alpha >= beta {
                if quiet {
                    let k = &mut self.tables.killers[ply];
                    if k[0] != Some(mv) {
                        k[1] = k[0];
                        k[0] = Some(mv);
                    }
                    if let Some(prev) = self.played[ply] {
                        self.tables.counter[prev.from as usize][prev.to as usize] = Some(mv);
                    }
                    let bonus = (depth * depth * 16).min(1_600);
                    let side = &mut self.tables.history[stm as usize];
                    add_history(&mut side[mv.from as usize][mv.to as usize], bonus);
                    for q in &tried_quiets {
                        add_history(&mut side[q.from as usize][q.to as usize], -bonus);
                    }
                }
                break;
            }
            if quiet {
                tried_quiets.push(mv);
            }
        }
        let bound = if best <= orig_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tables.tt.store(Entry {
            key,
            mv: best_move,
            score: to_tt(best, ply),
            depth,
            bound,
        });
        best
    }

    fn quiesce(&mut self, board: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.poll() {
            return 0;
        }
        self.nodes += 1;
        if ply >= MAX_PLY {
            return evaluate(board);
        }
        if let Some(s) = self
            .tables
            .tt
            .probe(board.hash())
            .and_then(|e| e.cut(ply, alpha, beta))
        {
            return s;
        }
        let in_check = !board.checkers().is_empty();
        let mut best = -INF;
        if !in_check {
            let stand = evaluate(board);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let them = board.colors(!board.side_to_move());
        let ep = board
            .en_passant()
            .map(|f| {
                cozy_chess::Square::new(
                    f,
                    cozy_chess::Rank::Sixth.relative_to(board.side_to_move()),
                )
                .bitboard()
            })
            .unwrap_or(BitBoard::EMPTY);
        let promo_ranks = cozy_chess::Rank::First.bitboard() | cozy_chess::Rank::Eighth.bitboard();
        let mut moves: Vec<(Move, i32)> = Vec::with_capacity(16);
        board.generate_moves(|mut pm| {
            if !in_check {
                let mut targets = them;
                if pm.piece == Piece::Pawn {
                    targets |= ep | promo_ranks;
                }
                pm.to &= targets;
            }
            for mv in pm {
                if !in_check && mv.promotion.is_some_and(|p| p != Piece::Queen) {
                    continue;
                }
                let victim = board.piece_on(mv.to).filter(|_| them.has(mv.to));
                let gain =
                    victim.map_or(0, piece_value) + if mv.promotion.is_some() { 800 } else { 0 };
                moves.push((mv, 10 * gain - piece_value(pm.piece) / 10));
            }
            false
        });
        if in_check && moves.is_empty() {
            return -MATE + ply as i32;
        }
        moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        for (mv, order) in moves {
            // Delta pruning: even winning this piece cannot reach alpha.
            if !in_check && best + order / 10 + 200 < alpha && mv.promotion.is_none() {
                continue;
            }
            // A capture that loses the exchange cannot help a side that may stand pat.
            if !in_check && mv.promotion.is_none() && !see_ge(board, mv, 0) {
                continue;
            }
            let mut child = board.clone();
            child.play_unchecked(mv);
            let s = -self.quiesce(&child, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
            }
            if s > alpha {
                alpha = s;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// One pass over the root moves at `depth` in the window (lo, hi): the best move and
    /// score (a bound when it is at most lo or at least hi; the pass ends at the first
    /// move at least hi) and every move's score so far.
    fn root_pass(
        &mut self,
        board: &Board,
        root: &[(Move, i32)],
        depth: u32,
        lo: i32,
        hi: i32,
    ) -> (Option<Scored>, Vec<Scored>) {
        let key = board.hash();
        self.enter_root(board);
        let mut alpha = lo;
        let mut iter_best: Option<(Move, i32)> = None;
        let mut scores = Vec::with_capacity(root.len());
        for (i, &(mv, _)) in root.iter().enumerate() {
            let mut child = board.clone();
            child.play_unchecked(mv);
            self.path.push(key);
            self.played[1] = Some(mv);
            let d = depth as i32 - 1;
            let mut s;
            if i == 0 {
                s = -self.negamax(&child, d, -hi, -alpha, 1, true);
            } else {
                s = -self.negamax(&child, d, -alpha - 1, -alpha, 1, true);
                if s > alpha && s < hi && !self.aborted {
                    s = -self.negamax(&child, d, -hi, -alpha, 1, true);
                }
            }
            self.path.pop();
            if self.aborted {
                break;
            }
            scores.push((mv, s));
            if iter_best.is_none_or(|(_, b)| s > b) {
                iter_best = Some((mv, s));
            }
            if s >= hi {
                break;
            }
            alpha = alpha.max(s);
        }
        (iter_best, scores)
    }

    /// The root's entries of the path's evaluations and moves.
    fn enter_root(&mut self, board: &Board) {
        self.evals[0] = if board.checkers().is_empty() {
            evaluate(board)
        } else {
            -INF
        };
        self.played[0] = None;
    }

    /// Iterative deepening over the root moves not in `excluded`. None when no legal move
    /// is left to search.
    pub fn search(&mut self, board: &Board, excluded: &[Move]) -> Option<SearchResult> {
        self.search_reporting(board, excluded, &mut |_| {})
    }

    /// `search`, calling `report` after every depth searched in full.
    pub fn search_reporting(
        &mut self,
        board: &Board,
        excluded: &[Move],
        report: &mut dyn FnMut(&Progress),
    ) -> Option<SearchResult> {
        let mut root: Vec<(Move, i32)> = self
            .ordered(board, None, 0)
            .into_iter()
            .filter(|(m, _)| !excluded.contains(m))
            .collect();
        if root.is_empty() {
            return None;
        }
        let mut best = root[0].0;
        let mut best_score = -INF;
        let mut done_depth = 0;
        for depth in 1..=self.limits.max_depth.min(MAX_DEPTH) {
            // From depth 5 the search looks in a window around the last score first
            // (aspiration), widening it each time the score falls outside.
            let mut delta = ASPIRATION;
            let (mut lo, mut hi) = if depth >= 5 && best_score.abs() < MATE_BOUND {
                (best_score - delta, best_score + delta)
            } else {
                (-INF, INF)
            };
            let (iter_best, scores) = loop {
                let (pass_best, scores) = self.root_pass(board, &root, depth, lo, hi);
                if self.aborted {
                    // A stopped pass counts where its best is exact or failed high: better
                    // than the last depth's best either way.
                    break (pass_best.filter(|&(_, s)| s > lo), scores);
                }
                match pass_best {
                    Some((_, s)) if s <= lo && lo > -INF => lo = (s - delta).max(-INF),
                    Some((mv, s)) if s >= hi && hi < INF => {
                        hi = (s + delta).min(INF);
                        // Search the move that failed high first.
                        if let Some(i) = root.iter().position(|&(m, _)| m == mv) {
                            let m = root.remove(i);
                            root.insert(0, m);
                        }
                    }
                    _ => break (pass_best, scores),
                }
                delta *= 2;
                if delta > ASPIRATION_MAX {
                    (lo, hi) = (-INF, INF);
                }
            };
            if let Some((mv, s)) = iter_best {
                // A finished depth, or an unfinished one whose first (previously best)
                // move was searched: its best is at least as well founded.
                best = mv;
                best_score = s;
                if !self.aborted {
                    done_depth = depth;
                }
            }
            if self.aborted {
                break;
            }
            report(&Progress {
                depth,
                score: best_score,
                nodes: self.nodes,
                pv: self.pv(board, best, depth as usize),
            });
            // Next depth: best first, then by this depth's scores (bounds for the rest).
            let order = |m: &Move| {
                scores
                    .iter()
                    .find(|(x, _)| x == m)
                    .map_or(-INF, |&(_, s)| s)
            };
            root.sort_by_key(|(m, _)| std::cmp::Reverse(if *m == best { INF } else { order(m) }));
            // A mate found within the depth cannot be improved by searching deeper.
            if best_score.abs() >= MATE_BOUND && (MATE - best_score.abs()) as u32 <= depth {
                break;
            }
        }
        if best_score == -INF {
            // Stopped before the first move finished: the static best guess.
            best_score = -evaluate(board);
        }
        Some(SearchResult {
            best,
            score: best_score,
            depth: done_depth,
            nodes: self.nodes,
            root_scores: Vec::new(),
        })
    }

    /// `first`, then the transposition table's best moves after it: at most `max` legal
    /// moves, ending before a position repeats.
    pub fn pv(&self, board: &Board, first: Move, max: usize) -> Vec<Move> {
        let mut pv = vec![first];
        let mut b = board.clone();
        b.play_unchecked(first);
        let mut seen = vec![board.hash(), b.hash()];
        while pv.len() < max.max(1) {
            let Some(mv) = self.tables.tt.probe(b.hash()).and_then(|e| e.mv) else {
                break;
            };
            if !b.is_legal(mv) {
                break;
            }
            b.play_unchecked(mv);
            if seen.contains(&b.hash()) {
                break;
            }
            seen.push(b.hash());
            pv.push(mv);
        }
        pv
    }

    /// Every root move's exact score at `depth` (full windows; for the noisy Easy level).
    /// Stops early with what it has when the limits run out.
    pub fn score_root_moves(&mut self, board: &Board, depth: u32) -> Option<SearchResult> {
        let root = self.ordered(board, None, 0);
        if root.is_empty() {
            return None;
        }
        let key = board.hash();
        self.enter_root(board);
        let mut scores = Vec::with_capacity(root.len());
        for &(mv, _) in &root {
            let mut child = board.clone();
            child.play_unchecked(mv);
            self.path.push(key);
            self.played[1] = Some(mv);
            let s = -self.negamax(&child, depth as i32 - 1, -INF, INF, 1, true);
            self.path.pop();
            if self.aborted {
                break;
            }
            scores.push((mv, s));
        }
        let &(best, score) = scores
            .iter()
            .max_by_key(|&&(_, s)| s)
            .unwrap_or(&(root[0].0, 0));
        Some(SearchResult {
            best,
            score,
            depth: if self.aborted { 0 } else { depth },
            nodes: self.nodes,
            root_scores: scores,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{fen, uci};
    use std::time::Duration;

    fn best(f: &str, depth: u32) -> (String, i32) {
        let b = fen::parse(f).unwrap();
        let stop = AtomicBool::new(false);
        let limits = Limits {
            deadline: Instant::now() + Duration::from_secs(60),
            max_nodes: 0,
            max_depth: depth,
        };
        let mut s = Searcher::new(16, &[], &stop, limits);
        let r = s.search(&b, &[]).unwrap();
        (uci::format(uci::to_standard(&b, r.best)), r.score)
    }

    #[test]
    fn finds_mate_in_one_and_two() {
        // Back-rank mate.
        let (mv, score) = best("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3);
        assert_eq!(mv, "a1a8");
        assert_eq!(score, MATE - 1);
        // Mate in two, not one (Ra8+ Kh7): 1.Rb7 Kg8 2.Ra8#, mate at ply 3.
        let (_, score) = best("7k/8/8/8/8/8/1R6/R5K1 w - - 0 1", 5);
        assert_eq!(score, MATE - 3);
    }

    #[test]
    fn a_third_repetition_is_a_draw_a_second_is_not() {
        // Black, a bare king against a queen, can play Kf7 into a position the game has
        // seen: twice before, that is the third time (a draw, the best it has); once, it
        // is not.
        let b = fen::parse("6k1/8/8/8/8/8/8/4K2Q b - - 10 40").unwrap();
        let mut after = b.clone();
        after.play_unchecked("g8f7".parse().unwrap());
        let search = |history: &[u64]| {
            let stop = AtomicBool::new(false);
            let limits = Limits {
                deadline: Instant::now() + Duration::from_secs(60),
                max_nodes: 0,
                max_depth: 4,
            };
            let mut s = Searcher::new(16, history, &stop, limits);
            let r = s.search(&b, &[]).unwrap();
            (uci::format(r.best), r.score)
        };
        let twice = [b.hash(), after.hash(), b.hash(), after.hash()];
        assert_eq!(search(&twice), ("g8f7".to_string(), 0));
        let (_, once) = search(&twice[2..]);
        assert!(once < -500, "{once}");
    }

    #[test]
    fn takes_a_hanging_queen() {
        let (mv, _) = best("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 4);
        assert_eq!(mv, "d2d5");
    }

    #[test]
    fn stops_at_once_when_told() {
        let b = Board::default();
        let stop = AtomicBool::new(true);
        let limits = Limits {
            deadline: Instant::now() + Duration::from_secs(60),
            max_nodes: 0,
            max_depth: 30,
        };
        let mut s = Searcher::new(12, &[], &stop, limits);
        let r = s.search(&b, &[]).unwrap();
        assert!(uci::legal_moves(&b).contains(&uci::to_standard(&b, r.best)));
        assert!(r.nodes <= 1024);
    }
}
