//! Drawing the mirrored multiverse in 3D: layout, boards, timeline arrows, highlights,
//! the last turn's moves, labels, and which way round it is shown.

pub mod boards;
pub mod highlights;
pub mod labels;
pub mod layout;
pub mod timelines;

use crate::game_kit::GameSystems;
use crate::game_kit::animation::AnimationSystems;
use crate::game_kit::states::ActiveGame;
use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<boards::BoardAssets>();
    app.init_resource::<boards::ShownPieceStyle>();
    app.add_systems(
        Startup,
        (
            light_the_scene,
            highlights::setup_gizmos,
            highlights::spawn_present_band,
            timelines::setup,
        ),
    );
    app.add_systems(
        Update,
        (
            boards::choose_piece_style,
            boards::relayout,
            boards::dress_boards,
            boards::dress_pieces,
            boards::restyle_boards,
            timelines::dress_timelines,
            timelines::place_arrows,
        )
            .chain()
            .after(GameSystems::Mirror)
            .before(AnimationSystems),
    );
    app.add_systems(
        PostUpdate,
        (
            highlights::draw_frames,
            highlights::draw_selection,
            highlights::draw_travel,
            highlights::place_present_band,
            highlights::draw_last_turn,
        ),
    );
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        labels::draw_labels.run_if(in_state(ActiveGame::FiveD)),
    );
    app.add_systems(Update, apply_quality);
}

/// Shadows and MSAA follow the quality setting (and, on `Auto`, the kind of renderer).
fn apply_quality(
    settings: Res<crate::settings::Settings>,
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    mut lights: Query<&mut DirectionalLight>,
    mut cams: Query<&mut Msaa, With<crate::camera::MainCamera>>,
    mut applied: Local<Option<bool>>,
) {
    let software = adapter.is_some_and(|a| format!("{:?}", a.device_type) == "Cpu");
    let high = settings.quality.is_high(software);
    if *applied == Some(high) {
        return;
    }
    *applied = Some(high);
    for mut l in &mut lights {
        l.shadow_maps_enabled = high;
    }
    for mut m in &mut cams {
        *m = if high { Msaa::Sample4 } else { Msaa::Off };
    }
}
fn light_the_scene(mut commands: Commands) {
    commands.insert_resource(GlobalAmbientLight {
        color: Color::srgb(0.75, 0.8, 1.0),
        brightness: 450.0,
        ..default()
    });
    commands.spawn((
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-30.0, 60.0, 40.0).looking_at(Vec3::ZERO, Vec3::Y),
        CascadeShadowConfigBuilder {
            maximum_distance: 400.0,
            first_cascade_far_bound: 60.0,
            ..default()
        }
        .build(),
    ));
}
