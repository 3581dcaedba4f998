//! Three answers to "which turns may the player to move submit here?", compared on
//! positions reached by random play:
//!
//! - the search (`search`): the fast count, the lazy iterator, finding one action (the
//!   quiet search and the hypercuboid search alone), and the game's status;
//! - the reference (`reference`): every move in every order, then `can_submit`;
//! - the judge (`judge`): every move in every order, then every reply of the opponent from
//!   the plain move generator. It shares no attack code with the other two.
//!
//! Random play leans toward jumps and turns of several moves (`Bias::Jumps`), where the
//! search takes its shortcuts. The engine's tests run this on every named variant;
//! `timefork-cli reference-check` runs it for as long as anyone likes.

pub mod judge;
pub mod reference;

use std::collections::{HashMap, HashSet};

use crate::game::{self, GameStatus};
use crate::notation;
use crate::position::{Move, Position};
use crate::search::{self, Limits, Outcome};

/// A turn's identity: the position it leads to, and which timeline each branching jump
/// made (two turns that differ only in the order of their branches make different
/// timelines, so they are different turns: the conformance data's sense).
pub type Key = (u64, Vec<(Move, i32)>);

/// The identity of the turn that led to `p` (its moves: `p.turn_moves()`).
pub fn key(p: &Position) -> Key {
    let mut branches: Vec<(Move, i32)> = p
        .turn_effects()
        .filter(|(_, e)| e.branched)
        .map(|(m, e)| (*m, e.dst_l.unwrap_or(m.to.l)))
        .collect();
    branches.sort_by_key(|(m, l)| (*l, m.from, m.to));
    (p.position_hash(), branches)
}

/// A small deterministic generator (xorshift), so a failure replays from its seed.
pub struct Rng(pub u64);

impl Rng {
    /// A generator for `seed` (any value; 0 included).
    pub fn new(seed: u64) -> Rng {
        // splitmix64 once, so that nearby seeds start far apart and none is 0.
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((z ^ (z >> 31)) | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// One state compared three ways.
pub struct Compared {
    /// The legal turns found, in a fixed order (by identity), each as one order of its
    /// moves: all of them, or (`complete` false) the first `Sizes::listed` the search yields
    /// within `Sizes::nodes` nodes.
    pub turns: Vec<Vec<Move>>,
    /// Every turn is known (the search's enumeration was not capped).
    pub complete: bool,
    /// The reference and the judge enumerated every turn in every order (the three sets
    /// are equal); otherwise the search's turns were judged one by one and random turns
    /// that the judge allows were looked for among them.
    pub exhaustive: bool,
    /// The status the search and the judge agree on (`Unknown` when a state too large to
    /// enumerate has no turn: only the exhaustive comparison can confirm a mate).
    pub status: GameStatus,
}

/// How much of a state the comparison looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// Moves the reference and the judge may each try in one state; a larger state is
    /// compared by sampling.
    pub budget: u64,
    /// The most turns of the search listed in a state compared by sampling.
    pub listed: usize,
    /// Of those, how many the reference and the judge check one by one (spread evenly).
    pub judged: usize,
    /// Random turns whose judgement is looked for among the search's.
    pub random: usize,
    /// Nodes any one search may visit in one state: past it, what it found is compared
    /// as far as it goes.
    pub nodes: u64,
}

impl Sizes {
    /// For the test run of every build.
    pub const QUICK: Sizes = Sizes {
        budget: 20_000,
        listed: 2_000,
        judged: 300,
        random: 100,
        nodes: 200_000,
    };
    /// For long runs.
    pub const THOROUGH: Sizes = Sizes {
        budget: 100_000,
        listed: 20_000,
        judged: 5_000,
        random: 400,
        nodes: 3_000_000,
    };
}

/// Compares the search, the reference and the judge on `pos`.
///
/// When the reference and the judge can enumerate every turn in every order within
/// `sizes.budget` moves each, the three sets of turns must be equal, and the count, the finders
/// and the game's status must agree with them. A larger state is compared by sampling:
/// every turn the search yields (up to `sizes.listed`; `sizes.judged` of them, spread
/// evenly, if more) must be one the reference and the judge allow when its moves are made, and
/// `sizes.random` random turns that the judge allows must be among the search's. `Err`: what
/// differs, with the turns written in 5DPGN.
pub fn compare_state(pos: &Position, sizes: &Sizes, rng: &mut Rng) -> Result<Compared, String> {
    let budget = sizes.budget;
    let limits = Limits {
        max_nodes: sizes.nodes,
        stop: None,
    };
    let written = |moves: &[Move]| notation::write_action(pos, moves);

    // The search's turns, by its lazy iterator (an order that sorts every board's moves):
    // each once.
    let mut searched: HashMap<Key, Vec<Move>> = HashMap::new();
    let mut it = search::legal_actions(pos, search::MoveOrder::CapturesThenChecks, limits);
    let mut complete = true;
    while let Some(p) = it.next_position() {
        if searched.len() == sizes.listed {
            complete = false;
            break;
        }
        let moves: Vec<Move> = p.turn_moves().copied().collect();
        if let Some(first) = searched.insert(key(p), moves.clone()) {
            return Err(format!(
                "the search yields a turn twice: {} and {}",
                written(&first),
                written(&moves)
            ));
        }
    }
    complete &= !it.stopped();
    drop(it);
    let n = searched.len() as u64;
    // A fixed order (the map's is random), so that a run replays from its seed.
    let mut turns: Vec<(&Key, &Vec<Move>)> = searched.iter().collect();
    turns.sort_by_key(|(k, _)| {
        (
            k.0,
            k.1.iter()
                .map(|(m, l)| (m.from, m.to, *l))
                .collect::<Vec<_>>(),
        )
    });
    let turns: Vec<Vec<Move>> = turns.into_iter().map(|(_, m)| m.clone()).collect();
    if complete {
        let counted = search::count_actions(pos, 0, Limits::default());
        if counted != Outcome::Done(n) {
            return Err(format!("the fast count says {counted:?}, the iterator {n}"));
        }
    }
    let capped = search::count_actions(pos, 7, limits);
    if capped != Outcome::Unknown && capped != Outcome::Done(n.min(7)) && (complete || n >= 7) {
        return Err(format!("the count capped at 7 says {capped:?} of {n}"));
    }

    // Each legal turn costs the slow answers at least one move: past the budget, skip them.
    let slow = if complete && n <= budget {
        (
            reference::reference_actions(pos, budget),
            judge::legal_turns(pos, budget),
        )
    } else {
        (None, None)
    };
    let exhaustive = match slow {
        (Some(reference), Some(judged)) => {
            let reference_keys: HashSet<Key> = reference.keys().cloned().collect();
            if judged != reference_keys {
                let mut lines = vec![format!(
                    "the judge allows {} turns, the reference {}",
                    judged.len(),
                    reference.len()
                )];
                for (k, moves) in &reference {
                    if !judged.contains(k) {
                        lines.push(format!("  the judge refuses {}", written(moves)));
                    }
                }
                let only_judged = judged.difference(&reference_keys).count();
                if only_judged > 0 {
                    lines.push(format!(
                        "  and allows {only_judged} turns the reference refuses"
                    ));
                }
                return Err(lines.join("\n"));
            }
            if searched.len() != reference.len()
                || searched.keys().any(|k| !reference.contains_key(k))
            {
                let mut lines = vec![format!(
                    "the search yields {}{} turns, the reference and the judge {}",
                    if complete { "" } else { "more than " },
                    searched.len(),
                    reference.len()
                )];
                for (k, moves) in &searched {
                    if !reference.contains_key(k) {
                        lines.push(format!("  the search allows {}", written(moves)));
                    }
                }
                for (k, moves) in &reference {
                    if !searched.contains_key(k) {
                        lines.push(format!("  the search misses {}", written(moves)));
                    }
                }
                return Err(lines.join("\n"));
            }
            true
        }
        _ => {
            // Too large to enumerate in every order: the search's turns one by one...
            let step = turns.len().div_ceil(sizes.judged).max(1);
            for moves in turns.iter().step_by(step) {
                let mut q = pos.clone();
                for m in moves.iter() {
                    q.make_move(m);
                }
                if !judge::may_submit(&q) || !q.can_submit() {
                    return Err(format!(
                        "the search allows {}, which the {} refuses",
                        written(moves),
                        if q.can_submit() { "judge" } else { "reference" }
                    ));
                }
            }
            // ...and random turns the judge allows, among the search's.
            if complete {
                for _ in 0..sizes.random {
                    let q = random_turn(pos, rng);
                    if judge::may_submit(&q) && !searched.contains_key(&key(&q)) {
                        let moves: Vec<Move> = q.turn_moves().copied().collect();
                        return Err(format!(
                            "the search misses {}, which the judge allows",
                            written(&moves)
                        ));
                    }
                }
            }
            false
        }
    };

    for (name, found) in [
        ("find_action", search::find_action(pos, limits)),
        (
            "the hypercuboid search",
            search::find_action_hypercuboid(pos, limits),
        ),
    ] {
        let Outcome::Done(found) = found else {
            if complete {
                return Err(format!(
                    "{name} gave up after {} nodes where the iterator did not",
                    sizes.nodes
                ));
            }
            continue;
        };
        match found {
            None if n > 0 => return Err(format!("{name} finds no turn of {n}")),
            None => {}
            Some(moves) => {
                let mut q = pos.clone();
                for m in &moves {
                    q.make_move(m);
                }
                if !(complete && searched.contains_key(&key(&q))
                    || !complete && judge::may_submit(&q))
                {
                    return Err(format!(
                        "{name} finds {}, not a legal turn",
                        written(&moves)
                    ));
                }
            }
        }
    }
    let check = judge::in_check(pos);
    let expected = match (n > 0, check, exhaustive) {
        (true, true, _) => GameStatus::Check,
        (true, false, _) => GameStatus::Ongoing,
        (false, true, true) => GameStatus::Checkmate,
        (false, false, true) => GameStatus::Stalemate,
        (false, _, false) => GameStatus::Unknown,
    };
    let status = game::status(pos, limits);
    if status != expected && expected != GameStatus::Unknown && status != GameStatus::Unknown {
        return Err(format!(
            "the game's status is {}, the judge's {} ({n} turns, {}in check)",
            status.as_str(),
            expected.as_str(),
            if check { "" } else { "not " }
        ));
    }
    Ok(Compared {
        turns,
        complete,
        exhaustive,
        status: expected,
    })
}

/// A random turn, legal or not: random moves from the boards the player may play (as the
/// judge lists them) until the present has passed, then sometimes a few more.
fn random_turn(pos: &Position, rng: &mut Rng) -> Position {
    let mut q = pos.clone();
    let mut moves = Vec::new();
    for _ in 0..64 {
        let passed = judge::present_passed(&q);
        if passed && rng.below(2) == 0 {
            break;
        }
        moves.clear();
        for from in judge::pieces_on_playable_boards(&q, q.to_move) {
            q.piece_moves(from, &mut moves);
        }
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        q.make_move(&m);
    }
    q
}

/// How random play picks the next turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bias {
    /// Every legal turn alike.
    Uniform,
    /// Two turns in three by weight (1 + jumps)² × moves, while there are few timelines:
    /// more timelines, more boards to play in one turn, more pieces lined up across them.
    Jumps,
}

/// `Bias::Jumps` leans toward jumps only while a state has fewer timelines than this:
/// past it every state is too large for the reference anyway.
const JUMPY_TIMELINES: i32 = 6;

/// What a run of random games compares.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub games: u64,
    /// Turns a game is played for at most.
    pub plies: usize,
    /// The first game's seed; game `g` plays from `seed + g`.
    pub seed: u64,
    pub sizes: Sizes,
    pub bias: Bias,
}

/// What a run compared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub states: u64,
    /// States the reference and the judge enumerated in every order (the rest were
    /// compared by sampling).
    pub exhaustive: u64,
    /// States with a legal turn of two moves or more (the search's mid-turn shortcuts).
    pub multi_move: u64,
    /// States with a legal turn of three moves or more.
    pub three_moves: u64,
    /// States with a legal turn that makes a new timeline.
    pub branching: u64,
    pub checkmates: u64,
    pub stalemates: u64,
    /// The most timelines in a compared state.
    pub most_timelines: i32,
}

impl Summary {
    pub fn add(&mut self, o: &Summary) {
        self.states += o.states;
        self.exhaustive += o.exhaustive;
        self.multi_move += o.multi_move;
        self.three_moves += o.three_moves;
        self.branching += o.branching;
        self.checkmates += o.checkmates;
        self.stalemates += o.stalemates;
        self.most_timelines = self.most_timelines.max(o.most_timelines);
    }
}

/// A state where the three answers differ.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The failing game's own seed (`Plan::seed` + game): a plan with this seed and one
    /// game replays it.
    pub seed: u64,
    pub ply: usize,
    /// The game up to the state, in 5DPGN.
    pub record: String,
    pub message: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "game seed {} ply {}: {}\nthe game so far:\n{}",
            self.seed, self.ply, self.message, self.record
        )
    }
}

/// Plays `plan.games` random games from `start` and compares every state reached.
/// `each_game` hears of every finished game (for progress); a failure ends the run.
pub fn run(
    start: &Position,
    plan: &Plan,
    mut each_game: impl FnMut(u64, &Summary),
) -> Result<Summary, Failure> {
    let mut total = Summary::default();
    for g in 0..plan.games {
        let seed = plan.seed.wrapping_add(g);
        let s = play_one(start, plan, seed)?;
        total.add(&s);
        each_game(g, &total);
    }
    Ok(total)
}

/// One game of `run`, from its own seed.
pub fn play_one(start: &Position, plan: &Plan, seed: u64) -> Result<Summary, Failure> {
    let mut rng = Rng::new(seed);
    let mut game = game::Game::new(start.clone());
    let mut s = Summary::default();
    for ply in 0..plan.plies {
        let pos = game.position().clone();
        let c = compare_state(&pos, &plan.sizes, &mut rng).map_err(|message| Failure {
            seed,
            ply,
            record: notation::write_game(&game),
            message,
        })?;
        s.states += 1;
        s.exhaustive += u64::from(c.exhaustive);
        let longest = c.turns.iter().map(Vec::len).max().unwrap_or(0);
        s.multi_move += u64::from(longest >= 2);
        s.three_moves += u64::from(longest >= 3);
        s.most_timelines = s.most_timelines.max(pos.l_max() - pos.l_min() + 1);
        let branches = |t: &Vec<Move>| {
            let mut q = pos.clone();
            t.iter().filter(|m| q.make_move(m).branched).count()
        };
        s.branching += u64::from(c.turns.iter().any(|t| branches(t) > 0));
        match c.status {
            GameStatus::Checkmate => s.checkmates += 1,
            GameStatus::Stalemate => s.stalemates += 1,
            _ => {}
        }
        if c.turns.is_empty() {
            break;
        }
        let pick = match plan.bias {
            Bias::Jumps if rng.below(3) != 0 && pos.l_max() - pos.l_min() < JUMPY_TIMELINES => {
                let weight = |t: &Vec<Move>| {
                    let jumps = t.iter().filter(|m| !m.is_physical()).count();
                    ((1 + jumps) * (1 + jumps) * t.len()) as u64
                };
                let total: u64 = c.turns.iter().map(weight).sum();
                let mut r = (rng.below(usize::MAX) as u64) % total;
                c.turns
                    .iter()
                    .position(|t| {
                        let w = weight(t);
                        if r < w {
                            true
                        } else {
                            r -= w;
                            false
                        }
                    })
                    .unwrap_or(0)
            }
            _ => rng.below(c.turns.len()),
        };
        game.apply_action(&c.turns[pick]).map_err(|e| Failure {
            seed,
            ply,
            record: notation::write_game(&game),
            message: format!("a legal turn was refused by the game: {e:?}"),
        })?;
    }
    Ok(s)
}
