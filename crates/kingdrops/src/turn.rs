//! Turns: the state within a turn, the moves available in it, the longest-sequence rule,
//! winning moves, the end-of-turn prisoner exchange, and checking a whole turn.

use std::fmt;

use crate::movegen::{attacked_by_any, for_each_target, is_attacked};
use crate::moves::{MAX_TURN_MOVES, Move, Turn};
use crate::piece::{Color, Kind, Piece};
use crate::position::Position;
use crate::result::{GameResult, WinReason};
use crate::square::{RAYS, Square};

/// Room for every move of one state: at most 16 pieces (queen 16 targets, rooks and
/// bishops 12, guards and king 8, archers 2, spearmen 1: 100 in all) plus 4 kinds of drop
/// on 8 squares.
const MOVE_CAPACITY: usize = 160;

/// The moves available in one state, without allocating.
pub(crate) struct MoveList {
    moves: [Move; MOVE_CAPACITY],
    len: usize,
}

impl MoveList {
    pub(crate) fn new() -> MoveList {
        MoveList {
            moves: [Move::Drop {
                kind: Kind::Queen,
                to: Square::from_index_unchecked(0),
            }; MOVE_CAPACITY],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    pub(crate) fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

/// What `TurnState::make` needs to undo a move.
#[derive(Clone, Copy)]
pub(crate) struct Undo {
    captured: Option<Piece>,
}

/// A position part-way through a turn: which pieces have moved or been dropped, whether
/// the drop is spent, how many moves were made. `pos.side` is the mover throughout.
#[derive(Clone)]
pub(crate) struct TurnState {
    pub pos: Position,
    /// Squares of the mover's pieces that moved or were dropped this turn.
    pub used: u64,
    pub dropped: bool,
    pub made: u8,
}

impl TurnState {
    pub(crate) fn new(pos: &Position) -> TurnState {
        TurnState {
            pos: pos.clone(),
            used: 0,
            dropped: false,
            made: 0,
        }
    }

    /// Whether the mover's king on `sq` may move now: as the first move always, later only
    /// when no enemy piece attacks its square.
    #[inline]
    fn king_may_move(&self, sq: Square) -> bool {
        self.made == 0 || !is_attacked(&self.pos, sq, self.pos.side.opponent())
    }

    /// Every move available now (not taking the longest-sequence rule into account).
    pub(crate) fn gen_moves(&self, out: &mut MoveList) {
        out.len = 0;
        if self.made as usize >= MAX_TURN_MOVES {
            return;
        }
        let side = self.pos.side;
        let mut own = self.pos.occupied_by(side) & !self.used;
        while own != 0 {
            let from = Square::from_index_unchecked(own.trailing_zeros() as u8);
            own &= own - 1;
            let p = self.pos.board[from.index()].expect("occupancy matches the board");
            if p.kind == Kind::King && !self.king_may_move(from) {
                continue;
            }
            for_each_target(&self.pos, from, p, |to| out.push(Move::Step { from, to }));
        }
        if !self.dropped {
            let reserve = self.pos.reserve[side.index()];
            if reserve.iter().any(|&n| n > 0)
                && let Some(k) = self.pos.kings[side.index()]
            {
                for ray in &RAYS[k.index()] {
                    if ray.len == 0 {
                        continue;
                    }
                    let to = Square::from_index_unchecked(ray.squares[0]);
                    if self.pos.board[to.index()].is_some() {
                        continue;
                    }
                    for (i, &kind) in Kind::RESERVABLE.iter().enumerate() {
                        if reserve[i] > 0 {
                            out.push(Move::Drop { kind, to });
                        }
                    }
                }
            }
        }
    }

    /// Makes a move known to be available, and says whether it wins.
    #[inline]
    pub(crate) fn make(&mut self, m: Move) -> (Undo, Option<WinReason>) {
        let side = self.pos.side;
        self.made += 1;
        match m {
            Move::Step { from, to } => {
                let p = self.pos.take(from).expect("a piece moves");
                let captured = self.pos.take(to);
                self.pos.put(to, p);
                self.used |= to.bit();
                let mut win = None;
                if let Some(c) = captured {
                    match c.kind.reserve_index() {
                        Some(i) => self.pos.prison[side.index()][i] += 1,
                        None if c.kind == Kind::King => win = Some(WinReason::KingCaptured),
                        None => {}
                    }
                }
                if win.is_none() && p.kind.is_runner() && to.rank() == side.last_rank() {
                    win = Some(WinReason::LastRank);
                }
                (Undo { captured }, win)
            }
            Move::Drop { kind, to } => {
                let i = kind.reserve_index().expect("only reservable kinds drop");
                self.pos.reserve[side.index()][i] -= 1;
                self.pos.put(to, Piece::new(side, kind));
                self.used |= to.bit();
                self.dropped = true;
                (Undo { captured: None }, None)
            }
        }
    }

    #[inline]
    pub(crate) fn unmake(&mut self, m: Move, u: Undo) {
        let side = self.pos.side;
        self.made -= 1;
        match m {
            Move::Step { from, to } => {
                let p = self.pos.take(to).expect("the moved piece");
                self.pos.put(from, p);
                self.used &= !to.bit();
                if let Some(c) = u.captured {
                    if let Some(i) = c.kind.reserve_index() {
                        self.pos.prison[side.index()][i] -= 1;
                    }
                    self.pos.put(to, c);
                }
            }
            Move::Drop { kind, to } => {
                let i = kind.reserve_index().expect("only reservable kinds drop");
                self.pos.take(to);
                self.pos.reserve[side.index()][i] += 1;
                self.used &= !to.bit();
                self.dropped = false;
            }
        }
    }

    /// The most further moves that can be made from here in this turn (a sequence stops
    /// at a winning move).
    pub(crate) fn max_len(&mut self) -> u8 {
        let remaining = MAX_TURN_MOVES as u8 - self.made;
        if remaining == 0 {
            return 0;
        }
        let mut list = MoveList::new();
        self.gen_moves(&mut list);
        if list.len == 0 {
            return 0;
        }
        if remaining == 1 {
            return 1;
        }
        let mut best = 1;
        for &m in list.as_slice() {
            let (u, win) = self.make(m);
            let l = if win.is_some() { 1 } else { 1 + self.max_len() };
            self.unmake(m, u);
            best = best.max(l);
            if best == remaining {
                break;
            }
        }
        best
    }

    /// Whether some move available now wins (captures the enemy king, or brings a king,
    /// spearman or archer to the last rank).
    pub(crate) fn winning_move_exists(&self) -> bool {
        if self.made as usize >= MAX_TURN_MOVES {
            return false;
        }
        let side = self.pos.side;
        let free = self.pos.occupied_by(side) & !self.used;
        let may_move = |sq: Square, p: Piece| {
            free & sq.bit() != 0 && (p.kind != Kind::King || self.king_may_move(sq))
        };
        if let Some(ek) = self.pos.kings[side.opponent().index()]
            && attacked_by_any(&self.pos, ek, side, may_move)
        {
            return true;
        }
        // Runners one rank from the last.
        let last = side.last_rank();
        let before_last = if last == 7 { 6 } else { 1 };
        let mut runners = free & (0xffu64 << (before_last * 8));
        while runners != 0 {
            let from = Square::from_index_unchecked(runners.trailing_zeros() as u8);
            runners &= runners - 1;
            let p = self.pos.board[from.index()].expect("occupancy matches the board");
            if !p.kind.is_runner() || !may_move(from, p) {
                continue;
            }
            let mut wins = false;
            for_each_target(&self.pos, from, p, |to| wins |= to.rank() == last);
            if wins {
                return true;
            }
        }
        false
    }

    /// Whether some sequence of moves from here wins this turn.
    pub(crate) fn can_win(&mut self) -> bool {
        if self.winning_move_exists() {
            return true;
        }
        // With one move left only a winning move could do it, and there is none.
        if self.made as usize + 1 >= MAX_TURN_MOVES {
            return false;
        }
        let mut list = MoveList::new();
        self.gen_moves(&mut list);
        for &m in list.as_slice() {
            let (u, win) = self.make(m);
            let found = win.is_some() || self.can_win();
            self.unmake(m, u);
            if found {
                return true;
            }
        }
        false
    }

    /// Why `m` cannot be made now, or `Ok` when it can (the longest-sequence rule aside).
    pub(crate) fn check_move(&self, m: Move) -> Result<(), IllegalReason> {
        let side = self.pos.side;
        if self.made as usize >= MAX_TURN_MOVES {
            return Err(IllegalReason::TooManyMoves);
        }
        match m {
            Move::Step { from, to } => {
                let p = self
                    .pos
                    .piece_at(from)
                    .ok_or(IllegalReason::NoPiece(from))?;
                if p.color != side {
                    return Err(IllegalReason::NotYours(from, p));
                }
                if self.used & from.bit() != 0 {
                    return Err(IllegalReason::AlreadyMoved(from));
                }
                if p.kind == Kind::King && !self.king_may_move(from) {
                    return Err(IllegalReason::KingAttacked(from));
                }
                let mut reachable = false;
                for_each_target(&self.pos, from, p, |t| reachable |= t == to);
                if reachable {
                    return Ok(());
                }
                match self.pos.piece_at(to) {
                    Some(q) if q.color == side => Err(IllegalReason::OwnPiece(to, q.kind)),
                    _ => Err(IllegalReason::Unreachable {
                        from,
                        to,
                        kind: p.kind,
                    }),
                }
            }
            Move::Drop { kind, to } => {
                if self.dropped {
                    return Err(IllegalReason::SecondDrop);
                }
                if self.pos.reserve_count(side, kind) == 0 {
                    return Err(IllegalReason::NotInReserve(side, kind));
                }
                let king = self.pos.kings[side.index()].ok_or(IllegalReason::NoKing)?;
                if !king.neighbours().any(|n| n == to) {
                    return Err(IllegalReason::NotNextToKing { to, king });
                }
                if let Some(q) = self.pos.piece_at(to) {
                    return Err(IllegalReason::Occupied(to, q));
                }
                Ok(())
            }
        }
    }
}

/// Why a move cannot be made at its place in the turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// The turn already has three moves.
    TooManyMoves,
    /// An earlier move of the turn won the game; nothing more is played.
    AfterWin,
    NoPiece(Square),
    NotYours(Square, Piece),
    /// The piece on this square moved or was dropped earlier in the turn.
    AlreadyMoved(Square),
    /// The king is attacked and this is not the turn's first move.
    KingAttacked(Square),
    OwnPiece(Square, Kind),
    Unreachable {
        from: Square,
        to: Square,
        kind: Kind,
    },
    SecondDrop,
    NotInReserve(Color, Kind),
    NoKing,
    NotNextToKing {
        to: Square,
        king: Square,
    },
    Occupied(Square, Piece),
    /// The move can be made, but no legal turn continues this way: after it the turn can
    /// neither reach the longest possible length nor win.
    DeadEnd,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::TooManyMoves => write!(f, "a turn has at most three moves"),
            IllegalReason::AfterWin => {
                write!(
                    f,
                    "an earlier move of the turn won the game; nothing more is played"
                )
            }
            IllegalReason::NoPiece(s) => write!(f, "there is no piece on {s}"),
            IllegalReason::NotYours(s, p) => {
                write!(f, "{s} holds a {p}, not a piece of the side to move")
            }
            IllegalReason::AlreadyMoved(s) => write!(
                f,
                "the piece on {s} has already moved or been dropped this turn (each piece moves at most once a turn)"
            ),
            IllegalReason::KingAttacked(s) => write!(
                f,
                "the king on {s} is attacked, so it may move only as the first move of the turn"
            ),
            IllegalReason::OwnPiece(s, k) => write!(f, "{s} holds the mover's own {k}"),
            IllegalReason::Unreachable { from, to, kind } => {
                write!(f, "the {kind} on {from} cannot move to {to}")
            }
            IllegalReason::SecondDrop => write!(f, "only one drop per turn"),
            IllegalReason::NotInReserve(c, k) => write!(f, "there is no {k} in {c}'s reserve"),
            IllegalReason::NoKing => write!(f, "there is no king to drop next to"),
            IllegalReason::NotNextToKing { to, king } => {
                write!(
                    f,
                    "{to} is not next to the king (on {king}); drops go next to the king"
                )
            }
            IllegalReason::Occupied(s, p) => write!(f, "{s} is not empty (it holds a {p})"),
            IllegalReason::DeadEnd => write!(
                f,
                "after it the turn can neither reach the longest possible number of moves nor win"
            ),
        }
    }
}

/// Why a turn (or the moves made so far in one) is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnError {
    /// The game is already over.
    GameOver(GameResult),
    /// More than three moves.
    TooManyMoves(usize),
    /// Move `index` (0-based) cannot be made at that point.
    IllegalMove {
        index: usize,
        mv: Move,
        reason: IllegalReason,
    },
    /// The turn stops after `made` moves without winning while `required` moves are
    /// possible (the longest-sequence rule). A pass is this with `made` = 0.
    TooShort { made: usize, required: usize },
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::GameOver(r) => write!(f, "the game is over: {r}"),
            TurnError::TooManyMoves(n) => write!(f, "{n} moves, but a turn has at most three"),
            TurnError::IllegalMove { index, mv, reason } => {
                write!(f, "move {} ({mv}): {reason}", index + 1)
            }
            TurnError::TooShort { made: 0, required } => write!(
                f,
                "pass is legal only when no move is possible, and {required} can be made"
            ),
            TurnError::TooShort { made, required } => write!(
                f,
                "the turn stops after {made} move{} without winning, but a turn must have as many moves as possible ({required} here)",
                if *made == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for TurnError {}

/// One prisoner exchange at the end of a turn: `count` white pieces of `kind` went from
/// Black's prison to White's reserve, and as many black ones from White's prison to
/// Black's reserve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exchange {
    pub kind: Kind,
    pub count: u8,
}

/// What a turn did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnOutcome {
    /// The position after the turn, with the exchange made and the other side to move.
    pub position: Position,
    /// `Some` when the turn won (its last move captured the king or reached the last rank).
    pub win: Option<WinReason>,
    /// The prisoner exchanges made at the end of the turn, in the order Q R B G (none
    /// after a winning turn).
    pub exchanges: Vec<Exchange>,
}

/// The end-of-turn prisoner exchange: while both prisons hold a piece of the same kind,
/// each goes back to its owner's reserve.
pub(crate) fn exchange_prisoners(pos: &mut Position) -> [u8; 4] {
    let mut swapped = [0u8; 4];
    for (i, s) in swapped.iter_mut().enumerate() {
        let n = pos.prison[0][i].min(pos.prison[1][i]);
        if n > 0 {
            pos.prison[0][i] -= n;
            pos.prison[1][i] -= n;
            pos.reserve[0][i] += n;
            pos.reserve[1][i] += n;
            *s = n;
        }
    }
    swapped
}

/// Ends a turn on `pos` (the position after its last move): the exchange unless the turn
/// won, then the other side to move.
pub(crate) fn end_turn(pos: &mut Position, won: bool) -> [u8; 4] {
    let swapped = if won { [0; 4] } else { exchange_prisoners(pos) };
    pos.side = pos.side.opponent();
    swapped
}

/// Calls `f` with each legal turn from `pos` and the state after its last move (before the
/// exchange); `f` returns `false` to stop early. Nothing is visited once the game is over.
/// A pass is visited (with the untouched state) when no move is possible.
pub(crate) fn visit_turns<F>(pos: &Position, f: &mut F)
where
    F: FnMut(&TurnState, &Turn, Option<WinReason>) -> bool,
{
    if pos.winner().is_some() {
        return;
    }
    let mut st = TurnState::new(pos);
    let m = st.max_len();
    if m == 0 {
        f(&st, &Turn::PASS, None);
        return;
    }
    let mut turn = Turn::PASS;
    visit_rec(&mut st, m, &mut turn, f);
}

fn visit_rec<F>(st: &mut TurnState, m: u8, turn: &mut Turn, f: &mut F) -> bool
where
    F: FnMut(&TurnState, &Turn, Option<WinReason>) -> bool,
{
    let mut list = MoveList::new();
    st.gen_moves(&mut list);
    for &mv in list.as_slice() {
        let (u, win) = st.make(mv);
        turn.push(mv);
        let go_on = if win.is_some() || st.made == m {
            f(st, turn, win)
        } else {
            visit_rec(st, m, turn, f)
        };
        turn.pop();
        st.unmake(mv, u);
        if !go_on {
            return false;
        }
    }
    true
}

/// The state after `moves`, each checked, with whether the last one won.
fn replay(pos: &Position, moves: &[Move]) -> Result<(TurnState, Option<WinReason>), TurnError> {
    if let Some(r) = pos.winner() {
        return Err(TurnError::GameOver(r));
    }
    if moves.len() > MAX_TURN_MOVES {
        return Err(TurnError::TooManyMoves(moves.len()));
    }
    let mut st = TurnState::new(pos);
    let mut win = None;
    for (index, &mv) in moves.iter().enumerate() {
        let illegal = |reason| TurnError::IllegalMove { index, mv, reason };
        if win.is_some() {
            return Err(illegal(IllegalReason::AfterWin));
        }
        st.check_move(mv).map_err(illegal)?;
        win = st.make(mv).1;
    }
    Ok((st, win))
}

/// The position after `turn`, known to be legal and not winning (exchange made, other
/// side to move).
pub(crate) fn play_unchecked(pos: &Position, turn: &Turn) -> Position {
    let mut st = TurnState::new(pos);
    for &m in turn.moves() {
        st.make(m);
    }
    let mut after = st.pos;
    end_turn(&mut after, false);
    after
}

/// Whether the side to move has a winning turn in `pos`.
pub(crate) fn has_winning_turn(pos: &Position) -> bool {
    pos.winner().is_none() && TurnState::new(pos).can_win()
}

impl Position {
    /// M of the longest-sequence rule: the most moves any turn from here can have (0..=3;
    /// 0 when only a pass is possible, or when the game is over).
    pub fn max_turn_len(&self) -> usize {
        if self.winner().is_some() {
            return 0;
        }
        TurnState::new(self).max_len() as usize
    }

    /// Every legal turn, in generation order (empty once the game is over; `[pass]` when
    /// no move is possible).
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut out = Vec::new();
        visit_turns(self, &mut |_, t, _| {
            out.push(*t);
            true
        });
        out
    }

    /// The board part-way through a turn: this position after `moves` (each checked; the
    /// side to move is still the mover, nothing is exchanged yet).
    pub fn position_after_moves(&self, moves: &[Move]) -> Result<Position, TurnError> {
        Ok(replay(self, moves)?.0.pos)
    }

    /// The moves that may come next in a turn that started in this position with `moves`
    /// made so far: each `m` such that `moves` followed by `m` begins a legal turn. Empty
    /// when the turn must end (or cannot be completed). An error when `moves` themselves
    /// cannot be made.
    pub fn legal_next_moves(&self, moves: &[Move]) -> Result<Vec<Move>, TurnError> {
        let (mut st, win) = replay(self, moves)?;
        if win.is_some() {
            return Ok(Vec::new());
        }
        let m = TurnState::new(self).max_len() as usize;
        let mut list = MoveList::new();
        st.gen_moves(&mut list);
        let mut out = Vec::new();
        for &mv in list.as_slice() {
            let (u, w) = st.make(mv);
            let made = st.made as usize;
            let ok = w.is_some() || made == m || made + st.max_len() as usize == m;
            st.unmake(mv, u);
            if ok {
                out.push(mv);
            }
        }
        Ok(out)
    }

    /// Whether a turn that started here may end after `moves`: they are a legal turn
    /// (as many moves as possible, or the last one wins; no moves when only a pass is
    /// possible).
    pub fn can_end_turn(&self, moves: &[Move]) -> Result<bool, TurnError> {
        let (_, win) = replay(self, moves)?;
        Ok(win.is_some() || moves.len() == self.max_turn_len())
    }

    /// Checks and plays a whole turn: the position after it (exchange made, other side to
    /// move), whether it won, and what the exchange swapped.
    pub fn apply_turn(&self, turn: &Turn) -> Result<TurnOutcome, TurnError> {
        let moves = turn.moves();
        let (st, win) = replay(self, moves)?;
        if win.is_none() {
            let required = self.max_turn_len();
            if moves.len() != required {
                return Err(TurnError::TooShort {
                    made: moves.len(),
                    required,
                });
            }
        }
        let mut position = st.pos;
        let swapped = end_turn(&mut position, win.is_some());
        let exchanges = Kind::RESERVABLE
            .iter()
            .zip(swapped)
            .filter(|&(_, n)| n > 0)
            .map(|(&kind, count)| Exchange { kind, count })
            .collect();
        Ok(TurnOutcome {
            position,
            win,
            exchanges,
        })
    }

    /// Whether `moves` is a legal turn here (`apply_turn` without the outcome).
    pub fn is_legal_turn(&self, turn: &Turn) -> bool {
        self.apply_turn(turn).is_ok()
    }
}
