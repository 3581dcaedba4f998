//! Position hashes for the AI (duplicate turns, repetition): one random key per piece
//! and square, per reserve and prison count, and for the side to move.

use std::hash::{BuildHasherDefault, Hasher};

use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;
use crate::square::Square;

/// Zobrist hashes are already random: a set of them needs no further hashing.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(crate) type KeyBuild = BuildHasherDefault<KeyHasher>;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

struct Keys {
    /// `[colour * 7 + kind][square]`.
    piece: [[u64; 64]; 14],
    /// `[colour][kind Q R B G][count 0..=2]`: reserve counts.
    reserve: [[[u64; 3]; 4]; 2],
    /// `[holder][kind][count]`: prison counts.
    prison: [[[u64; 3]; 4]; 2],
    black_to_move: u64,
}

const fn build() -> Keys {
    let mut k = Keys {
        piece: [[0; 64]; 14],
        reserve: [[[0; 3]; 4]; 2],
        prison: [[[0; 3]; 4]; 2],
        black_to_move: 0,
    };
    let mut state = 0x4b69_6e67_6472_6f70; // "Kingdrop"
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 64 {
            let (ns, v) = splitmix(state);
            state = ns;
            k.piece[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < 4 {
            // Count 0 hashes to nothing, so an empty reserve costs nothing.
            let mut n = 1;
            while n < 3 {
                let (ns, v) = splitmix(state);
                state = ns;
                k.reserve[c][i][n] = v;
                let (ns, v) = splitmix(state);
                state = ns;
                k.prison[c][i][n] = v;
                n += 1;
            }
            i += 1;
        }
        c += 1;
    }
    let (_, v) = splitmix(state);
    k.black_to_move = v;
    k
}

static KEYS: Keys = build();

fn count_key(table: &[[u64; 3]; 4], counts: &[u8; 4]) -> u64 {
    let mut h = 0;
    for i in 0..4 {
        h ^= table[i][counts[i].min(2) as usize];
    }
    h
}

/// The hash of the board, reserves, prisons and side to move.
pub(crate) fn hash(pos: &Position) -> u64 {
    hash_parts(pos, &pos.reserve, &pos.prison, pos.side)
}

/// The hash `pos` (the position after a turn's last move, mover still to move) will have
/// once the turn ends without a win: prisoners exchanged, the other side to move.
pub(crate) fn hash_after_turn(pos: &Position) -> u64 {
    let mut reserve = pos.reserve;
    let mut prison = pos.prison;
    for i in 0..4 {
        let n = prison[0][i].min(prison[1][i]);
        prison[0][i] -= n;
        prison[1][i] -= n;
        reserve[0][i] += n;
        reserve[1][i] += n;
    }
    hash_parts(pos, &reserve, &prison, pos.side.opponent())
}

fn piece_key(p: Piece, sq: Square) -> u64 {
    KEYS.piece[p.color.index() * 7 + p.kind as usize][sq.index()]
}

/// The hash of the pieces on the board only.
pub(crate) fn board_hash(pos: &Position) -> u64 {
    let mut h = 0;
    for c in Color::BOTH {
        let mut bits = pos.occupied_by(c);
        while bits != 0 {
            let sq = Square::from_index_unchecked(bits.trailing_zeros() as u8);
            bits &= bits - 1;
            let p = pos.piece_at(sq).expect("occupancy matches the board");
            h ^= piece_key(p, sq);
        }
    }
    h
}

/// How move `m` of a turn that started in `start` changes the board hash. Within a turn
/// only the mover's pieces move, each once, so the piece leaving `from` and the enemy
/// piece (if any) on `to` are those of the turn's start.
pub(crate) fn move_delta(start: &Position, m: Move) -> u64 {
    let side = start.side;
    match m {
        Move::Step { from, to } => {
            let p = start.piece_at(from).expect("the mover's piece");
            let mut h = piece_key(p, from) ^ piece_key(p, to);
            if let Some(c) = start.piece_at(to)
                && c.color != side
            {
                h ^= piece_key(c, to);
            }
            h
        }
        Move::Drop { kind, to } => piece_key(Piece::new(side, kind), to),
    }
}

/// The hash of what is not on the board after a turn ends without a win in `pos` (the
/// position after its last move): reserves and prisons after the exchange, and the other
/// side to move.
pub(crate) fn off_board_hash_after_turn(pos: &Position) -> u64 {
    let mut reserve = pos.reserve;
    let mut prison = pos.prison;
    for i in 0..4 {
        let n = prison[0][i].min(prison[1][i]);
        prison[0][i] -= n;
        prison[1][i] -= n;
        reserve[0][i] += n;
        reserve[1][i] += n;
    }
    let mut h = 0;
    for c in Color::BOTH {
        h ^= count_key(&KEYS.reserve[c.index()], &reserve[c.index()]);
        h ^= count_key(&KEYS.prison[c.index()], &prison[c.index()]);
    }
    if pos.side.opponent() == Color::Black {
        h ^= KEYS.black_to_move;
    }
    h
}

fn hash_parts(pos: &Position, reserve: &[[u8; 4]; 2], prison: &[[u8; 4]; 2], side: Color) -> u64 {
    let mut h = 0;
    for c in Color::BOTH {
        let mut bits = pos.occupied_by(c);
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let p = pos
                .piece_at(Square::from_index_unchecked(i))
                .expect("occupancy matches the board");
            h ^= KEYS.piece[c.index() * 7 + p.kind as usize][i as usize];
        }
        h ^= count_key(&KEYS.reserve[c.index()], &reserve[c.index()]);
        h ^= count_key(&KEYS.prison[c.index()], &prison[c.index()]);
    }
    if side == Color::Black {
        h ^= KEYS.black_to_move;
    }
    h
}
