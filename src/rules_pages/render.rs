//! Renders the open section's diagram into a picture for the page: its boards and pieces
//! made from the shared board look (`board_look`) and piece models (`pieces`), in the
//! player's piece style, on a render layer of their own with their own light and a fixed
//! camera whose target is an image egui shows. Nothing is spawned while no page is open.

use super::diagram::{Diagram, DiagramView};
use super::{RulesBook, RulesPage};
use crate::board_look::{self, BoardPaint};
use crate::pieces::meshes::PieceAssets;
use crate::pieces::{PieceStyle, Side};
use crate::theme::palette;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{RenderTarget, ScalingMode};
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;

/// The picture's size in pixels (the page scales it to fit).
pub const PICTURE: UVec2 = UVec2::new(1120, 630);
/// The render layer the diagrams live on (the games draw on layer 0).
const LAYER: usize = 9;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_picture);
    app.add_systems(Update, redraw.after(super::book::fill_the_book));
}

/// The image the diagram camera draws into, and how the shown diagram is framed.
#[derive(Resource)]
pub struct Picture {
    pub image: Handle<Image>,
    pub texture: Option<bevy_egui::egui::TextureId>,
    /// The framing of the diagram now in the picture (`None` while nothing is).
    pub view: Option<DiagramView>,
}

/// Everything spawned for the shown diagram.
#[derive(Component)]
struct DiagramPart;

fn make_picture(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    textures: Option<ResMut<bevy_egui::EguiUserTextures>>,
) {
    let image = images.add(Image::new_target_texture(
        PICTURE.x,
        PICTURE.y,
        TextureFormat::Rgba8UnormSrgb,
        None,
    ));
    let texture =
        textures.map(|mut t| t.add_image(bevy_egui::EguiTextureHandle::Strong(image.clone())));
    commands.insert_resource(Picture {
        image,
        texture,
        view: None,
    });
}

/// What the picture shows now: the page's game, section and language, and the style.
type Shown = Option<(
    timefork_records::GameKind,
    usize,
    timefork_i18n::Lang,
    PieceStyle,
)>;

#[allow(clippy::too_many_arguments)]
fn redraw(
    mut commands: Commands,
    page: Res<RulesPage>,
    book: Res<RulesBook>,
    settings: Res<crate::settings::Settings>,
    mut picture: ResMut<Picture>,
    mut paint: BoardPaint,
    parts: Query<Entity, With<DiagramPart>>,
    mut shown: Local<Shown>,
) {
    let want = match (page.open, book.made_for) {
        (Some(g), Some((bg, lang))) if g == bg && page.section < book.sections.len() => {
            Some((g, page.section, lang, settings.piece_style))
        }
        _ => None,
    };
    if *shown == want {
        return;
    }
    *shown = want;
    for e in &parts {
        commands.entity(e).despawn();
    }
    picture.view = None;
    let (Some((_, section, _, style)), Some((pieces, meshes, materials, images))) =
        (want, paint.ready())
    else {
        return;
    };
    let d = &book.sections[section].diagram;
    let view = DiagramView::framing(d, PICTURE.x as f32 / PICTURE.y as f32);
    picture.view = Some(view);
    let layer = RenderLayers::layer(LAYER);
    commands.spawn((
        DiagramPart,
        Camera3d::default(),
        Camera {
            order: -2,
            clear_color: ClearColorConfig::Custom(palette::BACKGROUND),
            ..default()
        },
        RenderTarget::Image(picture.image.clone().into()),
        Msaa::Sample4,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::Fixed {
                width: view.size.x,
                height: view.size.y,
            },
            ..OrthographicProjection::default_3d()
        }),
        Transform::from_translation(view.center - view.forward() * 200.0)
            .with_rotation(view.rotation),
        layer.clone(),
    ));
    commands.spawn((
        DiagramPart,
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_xyz(-30.0, 60.0, 40.0).looking_at(Vec3::ZERO, Vec3::Y),
        layer.clone(),
    ));
    spawn_diagram(
        &mut commands,
        d,
        style,
        pieces,
        meshes,
        materials,
        images,
        &layer,
    );
}

#[allow(clippy::too_many_arguments)]
fn spawn_diagram(
    commands: &mut Commands,
    d: &Diagram,
    style: PieceStyle,
    pieces: &PieceAssets,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    images: &mut Assets<Image>,
    layer: &RenderLayers,
) {
    let slab_material = |side: Side, materials: &mut Assets<StandardMaterial>| {
        materials.add(board_look::slab_material(match side {
            Side::White => palette::BORDER_WHITE,
            Side::Black => palette::BORDER_BLACK,
        }))
    };
    let piece = |commands: &mut Commands, p: &super::DiagramPiece| {
        let (mesh, material) = pieces.look(style, p.shape, p.side);
        let rotation = if style == PieceStyle::Models && p.turned {
            Quat::from_rotation_y(std::f32::consts::PI)
        } else {
            Quat::IDENTITY
        };
        commands.spawn((
            DiagramPart,
            Mesh3d(mesh),
            MeshMaterial3d(material),
            Transform::from_translation(p.at).with_rotation(rotation),
            layer.clone(),
        ));
    };
    for b in &d.boards {
        let border = if b.latest {
            crate::board_look::BORDER_THICK
        } else {
            crate::board_look::BORDER_THIN
        };
        let (slab, slab_tf) = board_look::slab(b.width, b.height, border);
        let top = images.add(board_look::checker_image(b.width, b.height, b.dim));
        commands.spawn((
            DiagramPart,
            Mesh3d(meshes.add(slab)),
            MeshMaterial3d(slab_material(b.border, materials)),
            Transform::from_translation(b.center + slab_tf.translation),
            layer.clone(),
        ));
        commands.spawn((
            DiagramPart,
            Mesh3d(
                meshes.add(
                    Plane3d::default()
                        .mesh()
                        .size(b.width as f32, b.height as f32),
                ),
            ),
            MeshMaterial3d(materials.add(board_look::top_material(top))),
            Transform::from_translation(b.center),
            layer.clone(),
        ));
        for p in &b.pieces {
            piece(commands, p);
        }
    }
    for p in &d.loose {
        piece(commands, p);
    }
}
