//! One mesh per piece kind and side, merged from simple solids so each kind keeps a
//! distinct silhouette: height, crown and shoulders differ between all twelve. Because the
//! default view looks down on the boards, each kind (but the pawn) also wears its own
//! colour on its crown and on a ring round its foot, which still reads when a piece is a
//! few pixels wide. Colours are baked into the vertices, so every piece shares one
//! material. Meshes face -z (White's forward); Black's pieces are turned half a circle.

use bevy::mesh::VertexAttributeValues;
use bevy::prelude::*;
use std::collections::HashMap;
use timefork_engine::{Color as Side, PieceKind};

/// The colour that marks a kind (none for the pawn).
pub fn accent(kind: PieceKind) -> Option<Color> {
    let c = |r, g, b| Some(Color::srgb(r, g, b));
    match kind {
        PieceKind::Pawn => None,
        PieceKind::Knight => c(0.15, 0.75, 0.6),
        PieceKind::Bishop => c(0.62, 0.4, 0.92),
        PieceKind::Rook => c(0.92, 0.5, 0.18),
        PieceKind::Queen => c(0.98, 0.82, 0.2),
        PieceKind::King => c(0.92, 0.18, 0.18),
        PieceKind::Unicorn => c(0.3, 0.82, 0.98),
        PieceKind::Dragon => c(0.35, 0.82, 0.25),
        PieceKind::Princess => c(0.98, 0.45, 0.72),
        PieceKind::Brawn => c(0.62, 0.55, 0.38),
        PieceKind::RoyalQueen => c(1.0, 0.45, 0.05),
        PieceKind::CommonKing => c(0.72, 0.74, 0.8),
    }
}

fn y_range(m: &Mesh) -> (f32, f32) {
    match m.attribute(Mesh::ATTRIBUTE_POSITION) {
        Some(VertexAttributeValues::Float32x3(v)) => {
            v.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
                (lo.min(p[1]), hi.max(p[1]))
            })
        }
        _ => (0.0, 0.0),
    }
}

fn with_color(mut m: Mesh, c: [f32; 4]) -> Mesh {
    let n = m.count_vertices();
    m.insert_attribute(Mesh::ATTRIBUTE_COLOR, vec![c; n]);
    m
}

/// The kind's mesh for one side: the body in the side's colour; the foot's ring and the
/// parts of the crown (those wholly in the top part of the piece) in the kind's accent.
/// Whole parts are painted, so colours never bleed across a surface.
pub fn painted_piece(kind: PieceKind, side: Side) -> Mesh {
    let body = match side {
        Side::White => crate::theme::palette::PIECE_WHITE,
        Side::Black => crate::theme::palette::PIECE_BLACK,
    }
    .to_linear()
    .to_f32_array();
    let accent = accent(kind).map(|c| c.to_linear().to_f32_array());
    let parts = piece_parts(kind);
    let top = parts.iter().map(|m| y_range(m).1).fold(0.0f32, f32::max);
    let painted = parts
        .into_iter()
        .enumerate()
        .map(|(i, m)| {
            let crown = y_range(&m).0 >= top * 0.62;
            let c = match accent {
                Some(a) if i == FOOT_RING || crown => a,
                _ => body,
            };
            with_color(m, c)
        })
        .collect();
    merge(painted)
}

/// Index of the foot's upper ring among a piece's parts (see `foot`).
const FOOT_RING: usize = 1;

/// A part: a mesh and where it sits on the piece.
fn part(mesh: impl Into<Mesh>, t: Transform) -> Mesh {
    mesh.into().transformed_by(t)
}

fn at(x: f32, y: f32, z: f32) -> Transform {
    Transform::from_xyz(x, y, z)
}

fn merge(parts: Vec<Mesh>) -> Mesh {
    let mut it = parts.into_iter();
    let mut out = it.next().expect("a piece has at least one part");
    for p in it {
        if let Err(e) = out.merge(&p) {
            warn!("piece mesh part skipped: {e}");
        }
    }
    out
}

// Few segments: a 400-board game shows thousands of pieces, and software renderers
// pay for every triangle; at the sizes pieces are drawn 14 sides read as round.
const SIDES: u32 = 14;

fn cyl(r: f32, h: f32, y0: f32) -> Mesh {
    part(
        Cylinder::new(r, h).mesh().resolution(SIDES),
        at(0.0, y0 + h / 2.0, 0.0),
    )
}

fn ball(r: f32, y: f32) -> Mesh {
    part(
        Sphere::new(r).mesh().ico(1).expect("ico 1 is valid"),
        at(0.0, y, 0.0),
    )
}

fn cone_mesh(r: f32, h: f32) -> Mesh {
    Cone {
        radius: r,
        height: h,
    }
    .mesh()
    .resolution(SIDES)
    .build()
}

fn cone(r: f32, h: f32, y0: f32) -> Mesh {
    part(cone_mesh(r, h), at(0.0, y0 + h / 2.0, 0.0))
}

fn bx(x: f32, y: f32, z: f32, t: Transform) -> Mesh {
    part(Cuboid::new(x, y, z), t)
}

/// The foot every piece stands on.
fn foot() -> Vec<Mesh> {
    vec![cyl(0.34, 0.08, 0.0), cyl(0.28, 0.06, 0.08)]
}

fn crenellations(r: f32, y: f32, n: usize) -> Vec<Mesh> {
    (0..n)
        .map(|i| {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            bx(0.09, 0.1, 0.09, at(r * a.cos(), y + 0.05, r * a.sin()))
        })
        .collect()
}

fn cross(y: f32) -> Vec<Mesh> {
    vec![
        bx(0.06, 0.24, 0.06, at(0.0, y + 0.12, 0.0)),
        bx(0.2, 0.06, 0.06, at(0.0, y + 0.15, 0.0)),
    ]
}

fn horse(neck_h: f32) -> Vec<Mesh> {
    vec![
        bx(0.24, neck_h, 0.3, at(0.0, 0.14 + neck_h / 2.0, 0.04)),
        bx(0.2, 0.17, 0.44, at(0.0, 0.14 + neck_h, -0.06)),
        bx(0.06, 0.1, 0.06, at(0.06, 0.26 + neck_h, 0.06)),
        bx(0.06, 0.1, 0.06, at(-0.06, 0.26 + neck_h, 0.06)),
    ]
}

/// The shape of a kind, uncoloured.
pub fn piece_mesh(kind: PieceKind) -> Mesh {
    merge(piece_parts(kind))
}

fn piece_parts(kind: PieceKind) -> Vec<Mesh> {
    let mut p = foot();
    match kind {
        PieceKind::Pawn => {
            p.extend([
                cyl(0.13, 0.22, 0.14),
                cyl(0.18, 0.04, 0.34),
                ball(0.14, 0.48),
            ]);
        }
        PieceKind::Brawn => {
            // A pawn with a broad, heavy top: it moves like a pawn but captures more ways.
            p.extend([
                cyl(0.2, 0.22, 0.14),
                ball(0.19, 0.46),
                bx(0.36, 0.05, 0.36, at(0.0, 0.62, 0.0)),
            ]);
        }
        PieceKind::Knight => p.extend(horse(0.38)),
        PieceKind::Unicorn => {
            p.extend(horse(0.42));
            let horn =
                Transform::from_xyz(0.0, 0.72, -0.2).with_rotation(Quat::from_rotation_x(-0.6));
            p.push(part(cone_mesh(0.05, 0.34), horn));
        }
        PieceKind::Dragon => {
            p.extend(horse(0.46));
            for s in [-1.0f32, 1.0] {
                let wing = Transform::from_xyz(s * 0.2, 0.58, 0.1)
                    .with_rotation(Quat::from_rotation_z(s * 0.7));
                p.push(bx(0.03, 0.36, 0.3, wing));
            }
        }
        PieceKind::Bishop => {
            p.extend([cone(0.2, 0.52, 0.14), ball(0.11, 0.6), ball(0.05, 0.74)]);
        }
        PieceKind::Rook => {
            p.extend([cyl(0.22, 0.38, 0.14), cyl(0.27, 0.08, 0.52)]);
            p.extend(crenellations(0.2, 0.6, 4));
        }
        PieceKind::Princess => {
            // Rook and bishop: a battlement with a mitre rising from it.
            p.extend([cyl(0.2, 0.3, 0.14), cyl(0.25, 0.07, 0.44)]);
            p.extend(crenellations(0.19, 0.51, 6));
            p.extend([cone(0.13, 0.34, 0.51), ball(0.05, 0.88)]);
        }
        PieceKind::Queen | PieceKind::RoyalQueen => {
            p.extend([
                cone(0.23, 0.62, 0.14),
                cyl(0.19, 0.06, 0.66),
                part(
                    Torus::new(0.1, 0.2)
                        .mesh()
                        .minor_resolution(6)
                        .major_resolution(SIDES as usize),
                    at(0.0, 0.74, 0.0),
                ),
                ball(0.08, 0.8),
            ]);
            if kind == PieceKind::RoyalQueen {
                p.extend(cross(0.86));
            }
        }
        PieceKind::King => {
            p.extend([cyl(0.2, 0.58, 0.14), cyl(0.25, 0.08, 0.72)]);
            p.extend(cross(0.8));
        }
        PieceKind::CommonKing => {
            // A king's body without the cross: it is not royal.
            p.extend([cyl(0.2, 0.58, 0.14), cyl(0.25, 0.08, 0.72), ball(0.12, 0.9)]);
        }
    }
    p
}

/// Handles to the 24 piece meshes (kind and side) and the one piece material.
#[derive(Resource)]
pub struct PieceAssets {
    pub meshes: HashMap<(PieceKind, Side), Handle<Mesh>>,
    pub material: Handle<StandardMaterial>,
}

pub(super) fn setup(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut handles = HashMap::new();
    for k in PieceKind::ALL {
        for side in [Side::White, Side::Black] {
            handles.insert((k, side), meshes.add(painted_piece(k, side)));
        }
    }
    let material = materials.add(StandardMaterial {
        base_color: Color::WHITE,
        perceptual_roughness: 0.4,
        reflectance: 0.45,
        ..default()
    });
    commands.insert_resource(PieceAssets {
        meshes: handles,
        material,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    fn height(m: &Mesh) -> f32 {
        match m.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(VertexAttributeValues::Float32x3(v)) => {
                v.iter().map(|p| p[1]).fold(f32::MIN, f32::max)
            }
            _ => panic!("positions missing"),
        }
    }

    #[test]
    fn kinds_but_the_pawn_wear_distinct_accents() {
        let mut seen = Vec::new();
        for k in PieceKind::ALL {
            match accent(k) {
                None => assert_eq!(k, PieceKind::Pawn),
                Some(c) => {
                    let rgb = c.to_srgba().to_u8_array();
                    assert!(!seen.contains(&rgb), "{k:?} shares its accent");
                    seen.push(rgb);
                    let m = painted_piece(k, Side::Black);
                    let Some(VertexAttributeValues::Float32x4(cols)) =
                        m.attribute(Mesh::ATTRIBUTE_COLOR)
                    else {
                        panic!("no colours");
                    };
                    let a = c.to_linear().to_f32_array();
                    assert!(cols.contains(&a), "{k:?} accent not painted");
                }
            }
        }
    }

    #[test]
    fn every_kind_has_its_own_shape_and_fits_a_square() {
        let mut seen: Vec<(usize, i32)> = Vec::new();
        for k in PieceKind::ALL {
            let m = piece_mesh(k);
            let h = height(&m);
            assert!(h > 0.3 && h < 1.2, "{k:?} height {h}");
            if let Some(VertexAttributeValues::Float32x3(v)) = m.attribute(Mesh::ATTRIBUTE_POSITION)
            {
                assert!(
                    v.iter().all(|p| p[0].abs() <= 0.5 && p[2].abs() <= 0.5),
                    "{k:?} overflows its square"
                );
                // Thousands of pieces are drawn at once: keep each one cheap.
                assert!(v.len() < 2000, "{k:?} has {} vertices", v.len());
                let sig = (v.len(), (h * 100.0) as i32);
                assert!(!seen.contains(&sig), "{k:?} looks like another kind");
                seen.push(sig);
            }
        }
    }
}
