//! Where things stand on the board plane (y = 0), one unit a square, as the 5D boards.
//! The board is centred on the origin: file a to h along +x, rank 1 nearest the viewer
//! (+z). Beside it each side has a column: White's on the right (its reserve nearer the
//! viewer, its prison beyond), Black's on the left, the same turned half a circle. In the
//! setup the side setting up has its tray (the pieces still to place) in its column.
//! Flipped (Black nearest the viewer), everything turns half a circle about the centre.

use bevy::prelude::*;
use timefork_kingdrops::{Color, Kind, Square};

/// Where a piece can stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    Board(Square),
    /// The owner's reserve: its `n`th piece of a kind.
    Reserve(Color, Kind, u8),
    /// The holder's prison (the opponent's pieces it took): its `n`th of a kind.
    Prison(Color, Kind, u8),
    /// The tray of a side setting up: slot `n` of 16.
    Tray(Color, u8),
}

/// The column beside the board: its distance from the centre and the spacing of slots.
pub const COLUMN_X: f32 = 5.15;
pub const SLOT_STEP: f32 = 0.92;
/// The reserve's rows start this far from the middle rank line; the prison's likewise
/// on the other side.
const ROW_START: f32 = 0.75;
/// Half the width and the depth of a reserve or prison tray.
pub const TRAY_HALF: Vec2 = Vec2::new(1.0, 1.8);
/// How far the board and its columns reach from the centre, for framing.
pub const EXTENT: Vec2 = Vec2::new(COLUMN_X + SLOT_STEP + 0.6, 4.4);

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Resource)]
pub struct KdLayout {
    /// Black nearest the viewer.
    pub flipped: bool,
}

/// The row of a reservable kind in a reserve or prison (queen nearest the middle).
fn kind_row(kind: Kind) -> f32 {
    kind.reserve_index().unwrap_or(0) as f32
}

impl KdLayout {
    fn sign(&self) -> f32 {
        if self.flipped { -1.0 } else { 1.0 }
    }

    /// A point given for White's side of the board (unflipped, White's column on the
    /// right), turned for `side` and for the view.
    fn place(&self, side: Color, x: f32, z: f32) -> Vec3 {
        let s = self.sign() * if side == Color::White { 1.0 } else { -1.0 };
        Vec3::new(s * x, 0.0, s * z)
    }

    pub fn square(&self, sq: Square) -> Vec3 {
        let s = self.sign();
        Vec3::new(
            s * (sq.file() as f32 - 3.5),
            0.0,
            s * (3.5 - sq.rank() as f32),
        )
    }

    /// The centre of a side's reserve tray (nearer the viewer in White's frame) or prison.
    pub fn reserve_center(&self, side: Color) -> Vec3 {
        self.place(
            side,
            COLUMN_X + SLOT_STEP / 2.0,
            ROW_START + 1.5 * SLOT_STEP,
        )
    }

    pub fn prison_center(&self, side: Color) -> Vec3 {
        self.place(
            side,
            COLUMN_X + SLOT_STEP / 2.0,
            -(ROW_START + 1.5 * SLOT_STEP),
        )
    }

    /// The centre of the setup tray of a side (its whole column).
    pub fn tray_center(&self, side: Color) -> Vec3 {
        self.place(side, COLUMN_X + SLOT_STEP / 2.0, 0.0)
    }

    pub fn slot(&self, slot: Slot) -> Vec3 {
        match slot {
            Slot::Board(sq) => self.square(sq),
            Slot::Reserve(c, k, n) => self.place(
                c,
                COLUMN_X + n as f32 * SLOT_STEP,
                ROW_START + kind_row(k) * SLOT_STEP,
            ),
            Slot::Prison(c, k, n) => self.place(
                c,
                COLUMN_X + n as f32 * SLOT_STEP,
                -(ROW_START + kind_row(k) * SLOT_STEP),
            ),
            // Two across, eight down: the king and queen at the far end, archers near.
            Slot::Tray(c, n) => self.place(
                c,
                COLUMN_X + (n % 2) as f32 * SLOT_STEP,
                (n / 2) as f32 - 3.5,
            ),
        }
    }

    /// The square under a point of the board plane.
    pub fn square_at(&self, p: Vec3) -> Option<Square> {
        let s = self.sign();
        let (x, z) = (p.x * s, p.z * s);
        let file = (x + 4.0).floor();
        let rank = (4.0 - z).floor();
        if !(0.0..8.0).contains(&file) || !(0.0..8.0).contains(&rank) {
            return None;
        }
        Square::new(file as u8, rank as u8)
    }

    /// The slot under a point: a square, or the nearest slot beside the board within
    /// half a step (the setup's trays in the setup, else the reserves and prisons).
    pub fn slot_at(&self, p: Vec3, in_setup: bool) -> Option<Slot> {
        if let Some(sq) = self.square_at(p) {
            return Some(Slot::Board(sq));
        }
        let mut best: Option<(f32, Slot)> = None;
        for c in Color::BOTH {
            if in_setup {
                for n in 0..16u8 {
                    let s = Slot::Tray(c, n);
                    consider(&mut best, self.slot(s).distance(p), s);
                }
                continue;
            }
            for k in Kind::RESERVABLE {
                for n in 0..2u8 {
                    for s in [Slot::Reserve(c, k, n), Slot::Prison(c, k, n)] {
                        consider(&mut best, self.slot(s).distance(p), s);
                    }
                }
            }
        }
        best.filter(|(d, _)| *d < SLOT_STEP / 2.0).map(|(_, s)| s)
    }

    /// How a piece of this side stands: models face their side's forward direction.
    pub fn rotation(&self, side: Color) -> Quat {
        if (side == Color::Black) != self.flipped {
            Quat::from_rotation_y(std::f32::consts::PI)
        } else {
            Quat::IDENTITY
        }
    }
}

fn consider(best: &mut Option<(f32, Slot)>, d: f32, s: Slot) {
    if best.is_none_or(|(b, _)| d < b) {
        *best = Some((d, s));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_slots_are_found_where_they_stand() {
        for flipped in [false, true] {
            let lay = KdLayout { flipped };
            for sq in Square::all() {
                let p = lay.square(sq) + Vec3::new(0.3, 0.0, -0.4);
                assert_eq!(lay.slot_at(p, false), Some(Slot::Board(sq)));
            }
            for c in Color::BOTH {
                for k in Kind::RESERVABLE {
                    for n in 0..2 {
                        for s in [Slot::Reserve(c, k, n), Slot::Prison(c, k, n)] {
                            assert_eq!(lay.slot_at(lay.slot(s) + Vec3::X * 0.2, false), Some(s));
                        }
                    }
                }
                for n in 0..16 {
                    let s = Slot::Tray(c, n);
                    assert_eq!(lay.slot_at(lay.slot(s) - Vec3::Z * 0.3, true), Some(s));
                }
            }
        }
    }

    #[test]
    fn white_is_near_and_right_unless_flipped() {
        let lay = KdLayout::default();
        let a1 = lay.square("a1".parse().unwrap());
        let h8 = lay.square("h8".parse().unwrap());
        // Rank 1 toward the viewer (+z), files left to right.
        assert!(a1.z > h8.z && a1.x < h8.x);
        assert!(lay.reserve_center(Color::White).x > 4.0);
        assert!(lay.reserve_center(Color::White).z > 0.0);
        assert!(lay.reserve_center(Color::Black).x < -4.0);
        let f = KdLayout { flipped: true };
        assert!(f.square("h8".parse().unwrap()).z > f.square("a1".parse().unwrap()).z);
        assert!(f.reserve_center(Color::Black).x > 4.0);
        // Black's models face -z (away from the viewer) when Black is near.
        assert!((f.rotation(Color::Black) * Vec3::NEG_Z).z < -0.9);
        assert!((lay.rotation(Color::Black) * Vec3::NEG_Z).z > 0.9);
    }
}
