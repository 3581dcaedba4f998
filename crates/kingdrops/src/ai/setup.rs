//! The AI's setup: a sound layout, varied by the seed.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::Level;
use crate::piece::Color;
use crate::setup::Placement;

/// White's layouts (rank 2, then rank 1): runners in front, the king on the back rank
/// behind them with guards beside it, the long-range pieces spread out.
const LAYOUTS: [&str; 4] = [
    "AAAASSSS/RBGQKGBR",
    "SAASSAAS/RBGQKGBR",
    "ASASASAS/RBQGKGBR",
    "SASAASAS/BRGKQGRB",
];

/// The AI's placement for `color`: a random one at level Random, otherwise one of a few
/// sound layouts (the seed chooses which; Black's is the mirror image of White's).
pub fn choose_setup(color: Color, level: Level, seed: u64) -> Placement {
    if level == Level::Random {
        return Placement::random(color, seed);
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let text = LAYOUTS[rng.random_range(0..LAYOUTS.len())];
    let white = Placement::from_text(Color::White, text).expect("the layouts are valid");
    match color {
        Color::White => white,
        Color::Black => Placement::mirror_of(&white),
    }
}
