//! What the game and the command line call: verify a puzzle, solve a position (hint and
//! main line), judge a submitted action, and find the shortest mate (the generator).

use super::error::PuzzleError;
use super::format::{Goal, Puzzle};
use super::solver::{Action, Defence, SolveLimits, Solver, Stopped, try_action};
use crate::game::is_legal_move;
use crate::notation;
use crate::position::{Move, Position};
use crate::search::{self, MoveOrder, Outcome, legal_actions};

/// A proved solution of "mate in N" from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub goal: Goal,
    /// A first action that forces mate in N.
    pub first: Action,
    /// The main line from the position: attacker, defender, attacker, ..., ending with the
    /// attacker's mating action. Each defender action is its longest resistance found (a
    /// reply after which the mate takes the most turns; among equals, the first in
    /// captures-first order).
    pub line: Vec<Action>,
    /// Actions the solver tried.
    pub nodes: u64,
}

impl Solution {
    /// The first move of the solving action: the hint.
    pub fn hint(&self) -> Move {
        self.first[0]
    }
}

/// The verdict on an action the player submitted in a "mate in N" position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Right: the defender is checkmated now.
    Mate,
    /// Right: every defence still loses. The defender plays `reply` (its longest
    /// resistance found); after it the player has mate in `remaining` (= N - 1) turns.
    Right { reply: Action, remaining: u8 },
    /// Wrong, and why.
    Wrong(Wrong),
    /// A search limit stopped the judgement.
    Unknown,
}

/// Why a submitted action does not solve the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// It is not a legal action in the position (the reason).
    Illegal(String),
    /// It stalemates the defender: a draw, not a win.
    Stalemate,
    /// The defender has this reply, after which the goal is out of reach: for mate in 1
    /// any legal reply (the defender is not mated); for mate in N > 1 a reply after which
    /// there is no mate in N - 1. `check`: whether the action gave check.
    Escapes { refutation: Action, check: bool },
}

impl Wrong {
    /// The reason in words. `after` is the position after the submitted action (the
    /// defender to move), used to write the refutation in 5DPGN.
    pub fn explain(&self, after: Option<&Position>, goal: Goal) -> String {
        match self {
            Wrong::Illegal(why) => format!("not a legal action: {why}"),
            Wrong::Stalemate => {
                "stalemate: the defender has no legal action but is not in check".to_string()
            }
            Wrong::Escapes { refutation, check } => {
                let reply = after
                    .map(|p| notation::write_action(p, refutation))
                    .unwrap_or_else(|| format!("{refutation:?}"));
                match (goal.turns(), check) {
                    (1, false) => format!("not mate (not even check): the defender plays {reply}"),
                    (1, true) => format!("not mate: the defender escapes with {reply}"),
                    (n, _) => format!(
                        "the defender escapes with {reply}: after it there is no mate in {}",
                        n - 1
                    ),
                }
            }
        }
    }
}

/// Proves a puzzle: its goal is reached from its position whatever the defence, and (for
/// N > 1) no shorter mate exists. A stored solution line is checked move by move (each
/// attacker action must keep the mate, the last must mate); without one, a line is
/// found. Returns the solution with the main line (the stored one when it is given).
pub fn verify(p: &Puzzle, limits: SolveLimits) -> Result<Solution, PuzzleError> {
    let pos = p.position();
    let n = p.goal.turns();
    let mut s = Solver::new(limits);
    let unknown = |s: &Solver| PuzzleError::Unknown { nodes: s.nodes };
    let first = if p.solution.is_empty() {
        match s.mate_in(pos, n) {
            Ok(Some(a)) => a,
            Ok(None) => return Err(no_mate(pos, n)),
            Err(Stopped) => return Err(unknown(&s)),
        }
    } else {
        check_line(pos, &p.solution, n, &mut s)?;
        p.solution[0].clone()
    };
    if n > 1 {
        match s.mate_in(pos, n - 1) {
            Ok(None) => {}
            Ok(Some(a)) => {
                // Report the shortest one.
                let mut short = (n - 1, a);
                for k in 1..n - 1 {
                    match s.mate_in(pos, k) {
                        Ok(Some(b)) => {
                            short = (k, b);
                            break;
                        }
                        Ok(None) => {}
                        Err(Stopped) => break,
                    }
                }
                return Err(PuzzleError::ShorterMate {
                    n: short.0,
                    action: notation::write_action(pos, &short.1),
                });
            }
            Err(Stopped) => return Err(unknown(&s)),
        }
    }
    let line = if !p.solution.is_empty() {
        p.solution.clone()
    } else {
        main_line(pos, first.clone(), n, &mut s).map_err(|_| unknown(&s))?
    };
    Ok(Solution {
        goal: p.goal,
        first,
        line,
        nodes: s.nodes,
    })
}

/// A mate in `n` turns for the player to move in `pos`, with its main line (the hint is
/// its first move). `NoMate` when there is none (proved). Shorter mates count: a mate in
/// 1 is also a solution of mate in 2.
pub fn solve(pos: &Position, n: u8, limits: SolveLimits) -> Result<Solution, PuzzleError> {
    let mut s = Solver::new(limits);
    let first = match s.mate_in(pos, n) {
        Ok(Some(a)) => a,
        Ok(None) => return Err(no_mate(pos, n)),
        Err(Stopped) => return Err(PuzzleError::Unknown { nodes: s.nodes }),
    };
    let line = main_line(pos, first.clone(), n, &mut s)
        .map_err(|_| PuzzleError::Unknown { nodes: s.nodes })?;
    Ok(Solution {
        goal: Goal::MateIn(n),
        first,
        line,
        nodes: s.nodes,
    })
}

/// A first action of a mate in `n` turns (at most) for the player to move in `pos`, or
/// `None` when there is none (proved); `Unknown` when a limit stopped the search.
pub fn mate_in(pos: &Position, n: u8, limits: SolveLimits) -> Result<Option<Action>, PuzzleError> {
    let mut s = Solver::new(limits);
    s.mate_in(pos, n)
        .map_err(|_| PuzzleError::Unknown { nodes: s.nodes })
}

/// Judges the action the player submitted in `pos` against "mate in `n`" (`n` >= 1; 0
/// counts as 1): right (mate now, or every defence still loses: then the defender's
/// reply), wrong (illegal, stalemate, or the defender's refutation), or unknown when a
/// limit stopped the proof.
pub fn judge(pos: &Position, n: u8, action: &[Move], limits: SolveLimits) -> Verdict {
    let n = n.max(1);
    let after = match play(pos, action) {
        Ok(p) => p,
        Err(why) => return Verdict::Wrong(Wrong::Illegal(why)),
    };
    let check = after.in_check();
    let mut s = Solver::new(limits);
    let defence = if n <= 1 {
        match search::find_action(&after, s_limits(&limits)) {
            Outcome::Done(Some(reply)) => Defence::Escape(reply),
            Outcome::Done(None) => Defence::NoAction,
            Outcome::Unknown => return Verdict::Unknown,
        }
    } else {
        match s.refutation(&after, n - 1) {
            Ok(d) => d,
            Err(Stopped) => return Verdict::Unknown,
        }
    };
    match defence {
        Defence::NoAction if check => Verdict::Mate,
        Defence::NoAction => Verdict::Wrong(Wrong::Stalemate),
        Defence::Escape(refutation) => Verdict::Wrong(Wrong::Escapes { refutation, check }),
        Defence::Lost => match best_reply(&after, n - 1, &mut s) {
            Ok(Some((reply, _))) => Verdict::Right {
                reply,
                remaining: n - 1,
            },
            // `Lost` means the defender has actions, so a reply exists.
            Ok(None) | Err(Stopped) => Verdict::Unknown,
        },
    }
}

fn s_limits<'a>(l: &SolveLimits<'a>) -> search::Limits<'a> {
    search::Limits {
        max_nodes: l.search_nodes,
        stop: l.stop,
    }
}

/// The result of looking for the shortest mate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShortestMate {
    /// Mate in `n` with `action`, and no mate in fewer turns (proved).
    Found { n: u8, action: Action },
    /// No mate within the turns asked (proved).
    None,
    /// A limit stopped the search; no mate in fewer than `no_mate_below` turns was
    /// proved (1 = nothing proved).
    Unknown { no_mate_below: u8 },
}

/// The shortest mate of at most `max_n` turns for the player to move, trying N = 1, 2, ...
/// in turn, all within one set of limits.
pub fn shortest_mate(pos: &Position, max_n: u8, limits: SolveLimits) -> ShortestMate {
    let mut s = Solver::new(limits);
    for n in 1..=max_n {
        match s.mate_in(pos, n) {
            Ok(Some(action)) => return ShortestMate::Found { n, action },
            Ok(None) => {}
            Err(Stopped) => return ShortestMate::Unknown { no_mate_below: n },
        }
    }
    ShortestMate::None
}

/// The number of first actions that force mate in `n` (counting stops at `cap`, 0 = no
/// cap). For puzzle quality: a puzzle with one solving action is harder than one with
/// twenty.
pub fn count_solutions(
    pos: &Position,
    n: u8,
    cap: u64,
    limits: SolveLimits,
) -> Result<u64, PuzzleError> {
    if n == 0 {
        return Ok(0);
    }
    let mut s = Solver::new(limits);
    let mut count = 0;
    let mut it = legal_actions(pos, MoveOrder::CapturesThenChecks, s_limits(&limits));
    while let Some(p) = it.next_position() {
        let mut after = p.clone();
        after.submit_unchecked();
        if s.tick().is_err() {
            return Err(PuzzleError::Unknown { nodes: s.nodes });
        }
        match s.loses(&after, n - 1) {
            Ok(true) => {
                count += 1;
                if cap != 0 && count >= cap {
                    return Ok(count);
                }
            }
            Ok(false) => {}
            Err(Stopped) => return Err(PuzzleError::Unknown { nodes: s.nodes }),
        }
    }
    if it.stopped() {
        return Err(PuzzleError::Unknown { nodes: s.nodes });
    }
    Ok(count)
}

/// Plays `action` from `pos` and submits it, or says why it is not a legal action.
fn play(pos: &Position, action: &[Move]) -> Result<Position, String> {
    if action.is_empty() {
        return Err("an action has at least one move".to_string());
    }
    let mut p = pos.clone();
    for (i, m) in action.iter().enumerate() {
        if !is_legal_move(&p, m) {
            return Err(format!("move {} is not a legal move there", i + 1));
        }
        p.make_move(m);
    }
    if let Some(e) = p.submit_error() {
        return Err(format!("the turn cannot be submitted: {e}"));
    }
    p.submit_unchecked();
    Ok(p)
}

/// Why there is no mate in `n` (already proved), for the error message.
fn no_mate(pos: &Position, n: u8) -> PuzzleError {
    let reason = match search::find_action(pos, search::Limits::default()) {
        Outcome::Done(None) if pos.in_check() => "the side to move is checkmated".to_string(),
        Outcome::Done(None) => "the side to move is stalemated".to_string(),
        _ => String::new(),
    };
    PuzzleError::NoMate { n, reason }
}

/// Whether `line` (legal, already checked) ends with the defender checkmated.
fn ends_in_mate(pos: &Position, line: &[Action]) -> bool {
    let mut p = pos.clone();
    for a in line {
        match try_action(&p, a) {
            Some(q) => p = q,
            None => return false,
        }
    }
    p.in_check()
        && matches!(
            search::find_action(&p, search::Limits::default()),
            Outcome::Done(None)
        )
}

/// Checks a stored solution line: legal actions; each attacker action keeps the mate in
/// the turns left (the first proves the puzzle); the line ends with the mating action.
fn check_line(pos: &Position, line: &[Action], n: u8, s: &mut Solver) -> Result<(), PuzzleError> {
    let mut p = pos.clone();
    for (i, a) in line.iter().enumerate() {
        let after = play(&p, a).map_err(|reason| PuzzleError::BadSolution { index: i, reason })?;
        s.tick()
            .map_err(|_| PuzzleError::Unknown { nodes: s.nodes })?;
        if i.is_multiple_of(2) {
            let left = n as usize - i / 2;
            if left == 0 {
                return Err(PuzzleError::BadSolution {
                    index: i,
                    reason: format!("the line is longer than mate in {n}"),
                });
            }
            match s.loses(&after, (left - 1) as u8) {
                Ok(true) => {}
                Ok(false) => {
                    // Say how the defence escapes when the first action fails.
                    let why = match (left > 1).then(|| s.refutation(&after, (left - 1) as u8)) {
                        Some(Ok(Defence::Escape(r))) => format!(
                            "{} does not force mate in {left}: {} escapes",
                            notation::write_action(&p, a),
                            notation::write_action(&after, &r)
                        ),
                        _ => format!(
                            "{} does not force mate in {left}",
                            notation::write_action(&p, a)
                        ),
                    };
                    return Err(if i == 0 {
                        PuzzleError::NoMate {
                            n,
                            reason: format!("the solution's first action fails: {why}"),
                        }
                    } else {
                        PuzzleError::BadSolution {
                            index: i,
                            reason: why,
                        }
                    });
                }
                Err(Stopped) => return Err(PuzzleError::Unknown { nodes: s.nodes }),
            }
        }
        p = after;
    }
    if line.len().is_multiple_of(2) {
        return Err(PuzzleError::BadSolution {
            index: line.len() - 1,
            reason: "the line ends with the defender's action, not the mating one".to_string(),
        });
    }
    if !ends_in_mate(pos, line) {
        return Err(PuzzleError::BadSolution {
            index: line.len() - 1,
            reason: "the line does not end in checkmate".to_string(),
        });
    }
    Ok(())
}

/// The defender's longest resistance in `pos` (defender to move) when every action loses
/// within `k` attacker turns: a reply after which the shortest mate is longest, with that
/// length. `None` when the defender has no action.
fn best_reply(pos: &Position, k: u8, s: &mut Solver) -> Result<Option<(Action, u8)>, Stopped> {
    let lim = s.search_limits();
    let mut best: Option<(Action, u8)> = None;
    let mut it = legal_actions(pos, MoveOrder::CapturesFirst, lim);
    while let Some(p) = it.next_position() {
        let reply: Action = p.turn_moves().copied().collect();
        let mut after = p.clone();
        after.submit_unchecked();
        // The shortest mate after this reply (every reply loses within k).
        let mut len = k;
        for m in 1..k {
            if s.mate_in(&after, m)?.is_some() {
                len = m;
                break;
            }
        }
        if best.as_ref().is_none_or(|b| len > b.1) {
            best = Some((reply, len));
        }
        if len == k {
            break;
        }
    }
    if it.stopped() {
        return Err(Stopped);
    }
    Ok(best)
}

/// The main line of a mate in `n` that starts with `first` (proved): the defender's
/// longest resistance, the attacker's mate in the turns left, and so on to the mate.
fn main_line(pos: &Position, first: Action, n: u8, s: &mut Solver) -> Result<Vec<Action>, Stopped> {
    let mut line = vec![first.clone()];
    let mut p = try_action(pos, &first).ok_or(Stopped)?;
    let mut k = n - 1;
    while let Some((reply, _)) = best_reply(&p, k.max(1), s)? {
        if k == 0 {
            // Proved mated after a mate in 1: no reply exists, so this is unreachable.
            return Err(Stopped);
        }
        let q = try_action(&p, &reply).ok_or(Stopped)?;
        let a = s.mate_in(&q, k)?.ok_or(Stopped)?;
        line.push(reply);
        p = try_action(&q, &a).ok_or(Stopped)?;
        line.push(a);
        k -= 1;
    }
    Ok(line)
}
