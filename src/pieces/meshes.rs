//! Bevy meshes of the piece models of `timefork_pieces` (made in code: lathe profiles,
//! extruded heads, a few shaped parts), one per shape and side. The body is in the side's colour;
//! the parts the models mark as the accent (a ring round the foot, the crown's detail) wear
//! the kind's own colour, which still reads when a piece is a few pixels wide. Colours
//! are baked into the vertices, so every piece shares one material.
//!
//! The horse heads (knight, unicorn, dragon) are turned a quarter so the camera, which
//! looks from behind White, sees their profile: White's face left as in printed diagrams.

use super::{PieceStyle, Side};
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use std::collections::HashMap;
use timefork_pieces::{Shape, geometry};

/// The colour that marks a kind (none for the pawn).
pub fn accent(shape: Shape) -> Option<Color> {
    let c = |r, g, b| Some(Color::srgb(r, g, b));
    match shape {
        Shape::Pawn => None,
        Shape::Knight => c(0.15, 0.75, 0.6),
        Shape::Bishop => c(0.62, 0.4, 0.92),
        Shape::Rook => c(0.92, 0.5, 0.18),
        Shape::Queen => c(0.98, 0.82, 0.2),
        Shape::King => c(0.92, 0.18, 0.18),
        Shape::Unicorn => c(0.3, 0.82, 0.98),
        Shape::Dragon => c(0.35, 0.82, 0.25),
        Shape::Princess => c(0.98, 0.45, 0.72),
        Shape::Brawn => c(0.62, 0.55, 0.38),
        Shape::RoyalQueen => c(1.0, 0.45, 0.05),
        Shape::CommonKing => c(0.72, 0.74, 0.8),
        Shape::Spearman => c(0.25, 0.5, 0.95),
        // Kingdrops shows these beside the king (red) and queen (yellow): green and teal.
        Shape::Archer => c(0.3, 0.72, 0.2),
        Shape::Guard => c(0.1, 0.7, 0.75),
    }
}

/// Whether a shape's model is turned a quarter to show its profile.
fn shows_profile(shape: Shape) -> bool {
    matches!(shape, Shape::Knight | Shape::Unicorn | Shape::Dragon)
}

/// The shape's mesh for one side, painted. Meshes face -z (White's forward); the views
/// turn Black's pieces half a circle.
pub fn painted_piece(shape: Shape, side: Side) -> Mesh {
    let g = geometry(shape);
    let body = match side {
        Side::White => crate::theme::palette::PIECE_WHITE,
        Side::Black => crate::theme::palette::PIECE_BLACK,
    }
    .to_linear()
    .to_f32_array();
    let accent = accent(shape).map_or(body, |c| c.to_linear().to_f32_array());
    let colors: Vec<[f32; 4]> = g
        .accent
        .iter()
        .map(|&a| if a { accent } else { body })
        .collect();
    let turn = if shows_profile(shape) {
        Quat::from_rotation_y(std::f32::consts::FRAC_PI_2)
    } else {
        Quat::IDENTITY
    };
    let positions: Vec<[f32; 3]> = g
        .positions
        .iter()
        .map(|p| (turn * Vec3::from_array(*p)).to_array())
        .collect();
    let normals: Vec<[f32; 3]> = g
        .normals
        .iter()
        .map(|n| (turn * Vec3::from_array(*n)).to_array())
        .collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colors)
    .with_inserted_indices(Indices::U32(g.indices))
}

/// Handles to every piece look: a mesh per shape and side with the one shared material,
/// and the flat icons (a textured square per shape and side, lying on the board).
#[derive(Resource)]
pub struct PieceAssets {
    meshes: HashMap<(Shape, Side), Handle<Mesh>>,
    material: Handle<StandardMaterial>,
    icon_quad: Handle<Mesh>,
    icons: HashMap<(Shape, Side), Handle<StandardMaterial>>,
}

impl PieceAssets {
    /// The mesh and material of a piece in the chosen style.
    pub fn look(
        &self,
        style: PieceStyle,
        shape: Shape,
        side: Side,
    ) -> (Handle<Mesh>, Handle<StandardMaterial>) {
        match style {
            PieceStyle::Models => (self.meshes[&(shape, side)].clone(), self.material.clone()),
            PieceStyle::FlatIcons => (self.icon_quad.clone(), self.icons[&(shape, side)].clone()),
        }
    }
}

/// The flat icon's file under `assets/pieces/flat/`.
pub fn icon_file(shape: Shape, side: Side) -> String {
    let side = match side {
        Side::White => "white",
        Side::Black => "black",
    };
    format!("pieces/flat/{side}-{}.png", shape.name())
}

pub(super) fn setup(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    server: Option<Res<AssetServer>>,
) {
    let mut handles = HashMap::new();
    let mut icons = HashMap::new();
    for shape in Shape::ALL {
        for side in [Side::White, Side::Black] {
            handles.insert((shape, side), meshes.add(painted_piece(shape, side)));
            let texture = server
                .as_ref()
                .map(|s| s.load(crate::embedded::path(&icon_file(shape, side))));
            icons.insert(
                (shape, side),
                materials.add(StandardMaterial {
                    base_color_texture: texture,
                    alpha_mode: AlphaMode::Mask(0.5),
                    unlit: true,
                    ..default()
                }),
            );
        }
    }
    let material = materials.add(StandardMaterial {
        base_color: Color::WHITE,
        perceptual_roughness: 0.4,
        reflectance: 0.45,
        ..default()
    });
    // A square a little smaller than the board's, just above it, facing up; its texture's
    // top edge toward -z, the far side of the board.
    let icon_quad = meshes.add(
        Plane3d::default()
            .mesh()
            .size(0.92, 0.92)
            .build()
            .translated_by(Vec3::Y * 0.02),
    );
    commands.insert_resource(PieceAssets {
        meshes: handles,
        material,
        icon_quad,
        icons,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    #[test]
    fn kinds_but_the_pawn_wear_distinct_accents() {
        let mut seen = Vec::new();
        for s in Shape::ALL {
            match accent(s) {
                None => assert_eq!(s, Shape::Pawn),
                Some(c) => {
                    let rgb = c.to_srgba().to_u8_array();
                    assert!(!seen.contains(&rgb), "{s:?} shares its accent");
                    seen.push(rgb);
                    let m = painted_piece(s, Side::Black);
                    let Some(VertexAttributeValues::Float32x4(cols)) =
                        m.attribute(Mesh::ATTRIBUTE_COLOR)
                    else {
                        panic!("no colours");
                    };
                    let a = c.to_linear().to_f32_array();
                    assert!(cols.contains(&a), "{s:?} accent not painted");
                }
            }
        }
    }

    #[test]
    fn horse_heads_show_their_profile_to_the_camera() {
        // Turned a quarter about +y, the knight is longer along x (across the screen) than
        // along z (toward the camera).
        let m = painted_piece(Shape::Knight, Side::White);
        let Some(VertexAttributeValues::Float32x3(v)) = m.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions missing");
        };
        let span = |i: usize| {
            let (lo, hi) = v.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
                (lo.min(p[i]), hi.max(p[i]))
            });
            hi - lo
        };
        assert!(span(0) > span(2), "x {} z {}", span(0), span(2));
    }

    #[test]
    fn every_icon_file_is_in_the_binary() {
        for s in Shape::ALL {
            for side in [Side::White, Side::Black] {
                let f = icon_file(s, side);
                assert!(crate::embedded::bytes(&f).is_some(), "{f} is not embedded");
            }
        }
    }
}
