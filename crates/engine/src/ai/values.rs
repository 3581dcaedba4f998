//! Material values, shared by the evaluation and the exchange search (`quiesce`), which
//! both read them.

use crate::piece::PieceKind;

/// Material value of a piece kind (royal pieces have none: losing them is mate).
pub fn piece_value(k: PieceKind) -> i32 {
    match k {
        PieceKind::Pawn => 100,
        PieceKind::Brawn => 150,
        PieceKind::Knight => 350,
        PieceKind::Bishop => 350,
        PieceKind::Rook => 450,
        PieceKind::Queen => 1000,
        PieceKind::Princess => 800,
        PieceKind::Unicorn => 300,
        PieceKind::Dragon => 250,
        PieceKind::CommonKing => 300,
        PieceKind::King | PieceKind::RoyalQueen => 0,
    }
}
