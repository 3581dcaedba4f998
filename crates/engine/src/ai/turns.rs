//! Candidate turns: a beam over the boards that must be played.
//!
//! The number of legal actions is the product of the choices on every board, so it
//! explodes with the number of timelines. Candidates are built instead: the boards that
//! must be played are taken one at a time (recomputed after each move, since a branch can
//! pull the present back or a jump can play a second board); each partial turn in the beam
//! is extended by every move of that board that is safe on its own (`safe_after`), scored
//! by a cheap move score (captures, promotions, pieces left hanging or saved, checks on
//! the board, the activity of a new timeline); the best partial turns are kept. When no
//! move of the board is safe (a dead end, common in melees of dozens of timelines), a
//! partial turn is extended instead by jumps to the past from other boards that pull the
//! present back so that the board need not be played this turn. A partial
//! turn whose present has passed is a candidate if the engine says it can be submitted
//! (`Position::can_submit`); the best few candidates may also add one strong move on an
//! optional board. Candidates are finally ordered by the full evaluation of the position
//! they lead to. Everything returned is a legal action.

use crate::ai::eval::{self, piece_value};
use crate::movegen::square_attacked_on_board;
use crate::piece::Color;
use crate::position::{Coord, Move, MoveEffect, Position};
use crate::search::{BoardSafety, judged_safe, safe_after};

/// One legal action and the position after it (submitted: the opponent is to move).
#[derive(Clone, Debug)]
pub struct Candidate {
    pub moves: Vec<Move>,
    pub after: Position,
    /// Static evaluation of `after` from the mover's point of view.
    pub static_score: i32,
    /// Subtracted from the search's score at the root (a shuffle while ahead, a turn that
    /// loses to a mate in one).
    pub penalty: i32,
    /// Whether the opponent has no mate in one after it, when the exact search has said.
    pub safe: Option<bool>,
}

struct Partial {
    pos: Position,
    score: i32,
}

/// The beam over the boards that must be played (see the module docs): the finished turns
/// it keeps that can be submitted, and whether `stop` let it finish. `check_bonus` is the
/// score of a move that gives check.
fn beam_turns(
    pos: &Position,
    beam: usize,
    bonus: &dyn Fn(&Move) -> i32,
    check_bonus: i32,
    stop: &mut dyn FnMut() -> bool,
) -> (Vec<Partial>, bool) {
    let me = pos.to_move;
    let mut finals: Vec<Partial> = Vec::new();
    let mut states = vec![Partial {
        pos: pos.clone(),
        score: 0,
    }];
    let mut complete = true;
    let mut moves = Vec::new();
    // Each step plays one more board; a turn cannot play more boards than exist.
    let max_steps = 2 * (pos.l_max() - pos.l_min() + 1) as usize + 2;
    for _ in 0..max_steps {
        let (done, todo): (Vec<Partial>, Vec<Partial>) =
            states.into_iter().partition(|s| s.pos.present_passed());
        finals.extend(done);
        states = todo;
        if states.is_empty() {
            break;
        }
        let mut next: Vec<(usize, Move, i32)> = Vec::new();
        for (si, st) in states.iter_mut().enumerate() {
            if stop() {
                complete = false;
                break;
            }
            let Some(&(l, h)) = st.pos.mandatory_boards().first() else {
                continue;
            };
            moves.clear();
            st.pos.board_moves(l, &mut moves);
            let found = next.len();
            let safety = BoardSafety::new(&mut st.pos, l);
            for m in &moves {
                if stop() {
                    complete = false;
                    break;
                }
                let ext = extension(
                    &mut st.pos,
                    st.score,
                    m,
                    me,
                    bonus,
                    check_bonus,
                    Some(&safety),
                );
                if let Some(s) = ext {
                    next.push((si, *m, s));
                }
            }
            if next.len() == found && complete {
                // A dead end: every move of this board leaves a royal capturable. A jump to
                // the past from another board can still save the turn: its new timeline
                // pulls the present back, and this board need not be played this turn.
                for (l2, _) in st.pos.playable_boards() {
                    if l2 == l || stop() {
                        continue;
                    }
                    moves.clear();
                    st.pos.board_moves(l2, &mut moves);
                    for m in moves.iter().filter(|m| m.to.h < m.from.h) {
                        st.pos.make_move(m);
                        let freed = !st.pos.mandatory_boards().contains(&(l, h));
                        st.pos.undo_move();
                        if !freed {
                            continue;
                        }
                        if let Some(s) =
                            extension(&mut st.pos, st.score, m, me, bonus, check_bonus, None)
                        {
                            next.push((si, *m, s));
                        }
                    }
                }
            }
        }
        if !complete {
            break;
        }
        next.sort_by_key(|&(_, _, s)| std::cmp::Reverse(s));
        next.truncate(beam);
        let prev = std::mem::take(&mut states);
        states = next
            .into_iter()
            .map(|(si, m, s)| {
                let mut p = prev[si].pos.clone();
                p.make_move(&m);
                Partial { pos: p, score: s }
            })
            .collect();
    }
    // Legal ones only.
    let mut legal = Vec::with_capacity(finals.len());
    for f in finals {
        if !complete || stop() {
            complete = false;
            break;
        }
        if f.pos.can_submit() {
            legal.push(f);
        }
    }
    (legal, complete)
}

/// The beam score of partial turn `pos` (scored `score`) extended by `m`, if the move is
/// safe on its own (`safe_after`, judged through `safety` when the move is of the board it
/// was made for); `pos` is left as it was.
fn extension(
    pos: &mut Position,
    score: i32,
    m: &Move,
    me: Color,
    bonus: &dyn Fn(&Move) -> i32,
    check_bonus: i32,
    safety: Option<&BoardSafety>,
) -> Option<i32> {
    let (gain, escape) = before_move(pos, m);
    let e = pos.make_move(m);
    let safe = match safety {
        Some(s) => judged_safe(s, pos, m, e),
        None => safe_after(pos, e, true),
    };
    let s = safe.then(|| score + gain + escape + after_move(pos, m, e, me, check_bonus) + bonus(m));
    pos.undo_move();
    s
}

/// Turns of the side to move that give check, from a beam of `beam` partial turns that
/// ranks checks (on a board or across boards) far above everything else: the candidates
/// for a mate that needs moves on several boards, which the exhaustive look in `mates`
/// cannot reach when there are many. Each is the position after the turn, not submitted.
pub fn checking_turns(
    pos: &Position,
    beam: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Vec<Position> {
    let (legal, _) = beam_turns(pos, beam, &|_| 0, MATE_CHECK_BONUS, stop);
    legal
        .into_iter()
        .filter(|f| {
            let mut q = f.pos.clone();
            q.submit_unchecked();
            q.in_check()
        })
        .map(|f| f.pos)
        .collect()
}

/// Beam score of a check when looking for mates.
const MATE_CHECK_BONUS: i32 = 2_000;

/// Builds up to `width` candidate actions for the side to move in `pos` (a position at the
/// start of a turn), best first by static evaluation. `stop` is polled often; when it
/// says stop, the candidates found so far are returned with `false`.
pub fn candidates(
    pos: &Position,
    width: usize,
    stop: &mut dyn FnMut() -> bool,
) -> (Vec<Candidate>, bool) {
    candidates_with(pos, width, &|_| 0, stop)
}

/// `candidates`, with `bonus` added to each move's beam score (the search's killer and
/// history heuristics: moves that refuted other turns at the same depth).
pub fn candidates_with(
    pos: &Position,
    width: usize,
    bonus: &dyn Fn(&Move) -> i32,
    stop: &mut dyn FnMut() -> bool,
) -> (Vec<Candidate>, bool) {
    let width = width.max(1);
    // The beam costs (boards to play) x (beam) x (moves per board): with many timelines
    // it narrows, so a turn over 40 boards costs about what one over 8 boards does.
    let n_boards = pos.mandatory_boards().len().max(1);
    let beam = (width.max(2) * 2 * 8 / n_boards.max(8)).max(2);
    let me = pos.to_move;
    let (legal, mut complete) = beam_turns(pos, beam, bonus, CHECK_BONUS, stop);
    let mut moves = Vec::new();
    let mut finals = legal;
    finals.sort_by_key(|f| std::cmp::Reverse(f.score));
    // Optional boards: the best few finished turns may also add one good move there.
    let mut extra = Vec::new();
    for f in finals.iter().take(8) {
        if !complete || stop() {
            complete = false;
            break;
        }
        let mut p = f.pos.clone();
        for (l, h) in p.playable_boards() {
            if !p.is_playable(l, h) {
                continue;
            }
            moves.clear();
            p.board_moves(l, &mut moves);
            for m in &moves {
                if stop() {
                    break;
                }
                let (gain, escape) = before_move(&p, m);
                let e = p.make_move(m);
                // Only a capture or a check is worth an optional board; those tests are
                // cheap, the safety of the move (a look over every board) is not.
                let strong = gain >= 100
                    || checks_on_landing(&p, m, e, me)
                    || checks_across(&mut p, m, e, me);
                if strong && safe_after(&p, e, true) {
                    let after = after_move(&mut p, m, e, me, CHECK_BONUS) + bonus(m);
                    let s = f.score + gain + escape + after;
                    if (s > f.score || gain < 100) && p.can_submit() {
                        extra.push(Partial {
                            pos: p.clone(),
                            score: s,
                        });
                    }
                }
                p.undo_move();
            }
        }
    }
    finals.append(&mut extra);
    finals.sort_by_key(|f| std::cmp::Reverse(f.score));
    finals.truncate(beam);
    let finals_len = finals.len();
    let mut out: Vec<Candidate> = finals
        .into_iter()
        .take_while(|_| complete && !stop())
        .map(|f| {
            let moves: Vec<Move> = f.pos.turn_moves().copied().collect();
            let mut after = f.pos;
            after.submit_unchecked();
            let static_score = -eval::evaluate(&after);
            Candidate {
                moves,
                after,
                static_score,
                penalty: 0,
                safe: None,
            }
        })
        .collect();
    if out.len() < finals_len {
        complete = false;
    }
    out.sort_by_key(|c| std::cmp::Reverse(c.static_score));
    if out.len() > width {
        // Turns that give check stay even when their static score is poor: they are where
        // mates are (the search's leaf probe then finds them).
        let mut rest = out.split_off(width);
        let mut checks = 0;
        for c in rest.drain(..) {
            if checks >= width.div_ceil(4) || stop() {
                break;
            }
            if c.after.in_check() {
                out.push(c);
                checks += 1;
            }
        }
    }
    (out, complete)
}

/// Beam bonus of a capture of a piece that attacks one of the mover's royals (the first
/// thing to try when in check, on any board).
const ATTACKER_CAPTURE_BONUS: i32 = 300;

/// Move score parts known before the move: what it captures or promotes (more for a
/// piece that attacks a royal), and whether the moving piece escapes an attack on its
/// board.
fn before_move(pos: &Position, m: &Move) -> (i32, i32) {
    let me = pos.to_move;
    let mut gain = eval::capture_gain(pos, m);
    if let Some(v) = pos.piece_at(m.to)
        && v.is_color(me.opponent())
        && let Some(k) = v.kind()
        && pos.piece_attacks_royal(m.to, k, me.opponent()).is_some()
    {
        gain += ATTACKER_CAPTURE_BONUS;
    }
    let Some(b) = pos.board(m.from.l, m.from.h) else {
        return (gain, 0);
    };
    let Some(k) = b.get(m.from.x, m.from.y).kind() else {
        return (gain, 0);
    };
    let attacked =
        square_attacked_on_board(b, pos.width, pos.height, m.from.x, m.from.y, me.opponent());
    let escape = if attacked {
        let defended = square_attacked_on_board(b, pos.width, pos.height, m.from.x, m.from.y, me);
        if defended {
            (piece_value(k) - 100).max(0) / 3
        } else {
            piece_value(k) / 2
        }
    } else {
        0
    };
    (gain, escape)
}

/// Whether the board a move landed on has an enemy royal attacked on it.
fn checks_on_landing(pos: &Position, m: &Move, e: MoveEffect, me: Color) -> bool {
    let dest_l = e.dst_l.unwrap_or(m.from.l);
    pos.board(dest_l, pos.last_h(dest_l)).is_some_and(|b| {
        b.royals(me.opponent())
            .any(|(x, y)| square_attacked_on_board(b, pos.width, pos.height, x, y, me))
    })
}

/// Whether the moved piece, on the board its move made, could capture an enemy royal on
/// any board of the mover's colour if the opponent passed (a check across time or
/// timelines; `checks_on_landing` covers the board itself).
fn checks_across(pos: &mut Position, m: &Move, e: MoveEffect, me: Color) -> bool {
    let l = e.dst_l.unwrap_or(m.from.l);
    pos.push_null_board(l);
    let at = Coord {
        l,
        h: pos.last_h(l),
        x: m.to.x,
        y: m.to.y,
    };
    let hit = pos
        .piece_at(at)
        .and_then(|p| p.kind())
        .is_some_and(|k| pos.piece_attacks_royal(at, k, me).is_some());
    pos.pop_board(l);
    hit
}

/// Beam bonus of a move that attacks a royal on the board it lands on or across boards:
/// mates in 5D are often checks on several boards at once, which the beam must keep
/// together.
const CHECK_BONUS: i32 = 150;

/// Move score parts known after the move: the moved piece hanging where it lands, a check
/// (on the board it lands on or across boards), and the activity of a timeline it created.
fn after_move(pos: &mut Position, m: &Move, e: MoveEffect, me: Color, check_bonus: i32) -> i32 {
    let dest_l = e.dst_l.unwrap_or(m.from.l);
    let dest_h = pos.last_h(dest_l);
    let dest = Coord {
        l: dest_l,
        h: dest_h,
        x: m.to.x,
        y: m.to.y,
    };
    let mut s = 0;
    let Some(piece) = pos.piece_at(dest) else {
        return 0;
    };
    let val = piece.kind().map(piece_value).unwrap_or(0);
    if pos.attacker_of(dest, me.opponent()).is_some() {
        let b = pos.board(dest_l, dest_h).unwrap();
        let defended = square_attacked_on_board(b, pos.width, pos.height, m.to.x, m.to.y, me);
        s -= if defended { (val - 100).max(0) } else { val };
    }
    if checks_on_landing(pos, m, e, me) || checks_across(pos, m, e, me) {
        s += check_bonus;
    }
    if e.branched
        && let Some(l) = e.dst_l
    {
        if pos.is_active(l) {
            let b = pos.timeline(l).unwrap().last();
            let mut diff = 0;
            for p in b.squares.iter() {
                if let Some(k) = p.kind() {
                    let v = piece_value(k);
                    diff += if p.color() == me { v } else { -v };
                }
            }
            s += 20 + diff / 3;
        } else {
            s -= 80;
        }
    }
    s
}
