//! The evaluation's terms: where each kind starts in the weight table, and what a weight
//! is. `eval` adds the weights up, `weights` holds the fitted numbers, `tune` fits them;
//! all three read this leaf.

/// Where each kind of term's weights start in the weight table.
pub(crate) mod index {
    /// Material of pawn..queen.
    pub const MATERIAL: usize = 0;
    /// Piece-square tables: [piece (pawn..king)][square from the side's own view].
    pub const PST: usize = MATERIAL + 5;
    /// Mobility by the number of squares reached (not holding own pieces).
    pub const MOB_KNIGHT: usize = PST + 6 * 64;
    pub const MOB_BISHOP: usize = MOB_KNIGHT + 9;
    pub const MOB_ROOK: usize = MOB_BISHOP + 14;
    pub const MOB_QUEEN: usize = MOB_ROOK + 15;
    pub const ROOK_OPEN: usize = MOB_QUEEN + 28;
    pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
    pub const BISHOP_PAIR: usize = ROOK_HALF_OPEN + 1;
    /// Per pawn with another of its side on its file.
    pub const DOUBLED: usize = BISHOP_PAIR + 1;
    pub const ISOLATED: usize = DOUBLED + 1;
    /// A passed pawn by its rank from its own side (0 = first rank).
    pub const PASSED: usize = ISOLATED + 1;
    /// The king's shield by how many of its pawns stand in front of it (0..=3).
    pub const SHIELD: usize = PASSED + 8;
    /// Number of weights (each a middlegame and an endgame value).
    pub const COUNT: usize = SHIELD + 4;
}

/// A weight: (middlegame, endgame) centipawns.
pub(crate) type Weight = (i32, i32);
