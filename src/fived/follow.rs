//! Where the camera looks in a 5D match: F frames every board however small they get
//! (both documents say so), G shows the boards to play, a double click centres the board
//! under the cursor, a new match opens framed, and after each turn the camera follows
//! the boards to play unless the player has panned or zoomed since.

use super::matchplay::browse::Browse;
use super::matchplay::{Match, MatchEvent};
use super::view::layout::{Layout, Orientation};
use crate::camera::{
    CameraGoal, CameraSystems, Follow, Goal, MainCamera, ViewInsets, ViewPitch, fit_scale,
    px_per_unit,
};
use crate::game_kit::states::ActiveGame;
use crate::window::MainWindow;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

/// The smallest a board may be drawn (pixels tall) when a new match is first framed; a
/// bigger multiverse opens on the boards to play (F still shows everything).
const MIN_BOARD_PX: f32 = 70.0;
/// A double click centres a board and zooms in until it is at least this tall.
const CENTRED_BOARD_PX: f32 = 220.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            panel_room,
            keys,
            follow_play,
            double_click_centres,
            arrows_browse_or_pan,
        )
            .chain()
            .in_set(CameraSystems::Aim)
            .distributive_run_if(resource_exists::<Match>)
            .run_if(in_state(ActiveGame::FiveD)),
    );
}

/// The room the 5D panels take: the turn bar on top, the move list on the right.
pub const PANELS: ViewInsets = ViewInsets {
    left: 0.0,
    top: 215.0,
    right: 310.0,
    bottom: 0.0,
};

fn panel_room(
    mut insets: ResMut<ViewInsets>,
    review: Res<crate::review::ReviewRoom>,
    mut contexts: bevy_egui::EguiContexts,
) {
    // The turn bar grows while browsing or analysing: the room below it follows (as last
    // drawn); an open review takes the bottom of the screen.
    let bar = contexts
        .ctx_mut()
        .ok()
        .and_then(|ctx| ctx.memory(|mem| mem.area_rect(bevy_egui::egui::Id::new("turn"))));
    let top = bar.map_or(PANELS.top, |r| PANELS.top.max(r.bottom() + 60.0));
    insets.set_if_neq(ViewInsets {
        top,
        bottom: review.0,
        ..PANELS
    });
}

/// While browsing the history, Left/Right step through it, so the arrow keys stop panning.
fn arrows_browse_or_pan(
    m: Res<Match>,
    browse: Res<Browse>,
    mut pancam: Query<&mut bevy_pancam::PanCam>,
) {
    let keys = if browse.is_browsing(&m) {
        bevy_pancam::DirectionKeys::NONE
    } else {
        bevy_pancam::DirectionKeys::arrows()
    };
    for mut p in &mut pancam {
        if p.move_keys.left != keys.left {
            p.move_keys = keys.clone();
        }
    }
}

/// What a key or event asked the camera to show.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shot {
    /// Every board, fitted into the window.
    All,
    /// Every board unless that makes boards too small to read, else the boards to play
    /// at a readable size, or smaller where they would not fit the room so.
    Opening,
    /// The boards to play, fitted.
    ToPlay,
    /// The boards to play, centred at the current zoom, zoomed out if they do not fit
    /// the room the panels leave (never in).
    Centre,
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Res<EguiWantsInput>,
    mut follow: ResMut<Follow>,
    m: Res<Match>,
    pitch: ViewPitch,
    orientation: Res<Orientation>,
    insets: Res<ViewInsets>,
    window: MainWindow,
    mut goal: ResMut<CameraGoal>,
) {
    if egui.wants_any_keyboard_input() {
        return;
    }
    let shot = if keys.just_pressed(KeyCode::KeyF) {
        Shot::All
    } else if keys.just_pressed(KeyCode::KeyG) {
        Shot::ToPlay
    } else {
        return;
    };
    follow.enabled = true;
    goal.0 = aim(
        &m.pos,
        shot,
        pitch.get(),
        *orientation,
        &insets,
        window.size(),
    );
}

fn follow_play(
    m: Res<Match>,
    mut events: MessageReader<MatchEvent>,
    mut follow: ResMut<Follow>,
    pitch: ViewPitch,
    orientation: Res<Orientation>,
    insets: Res<ViewInsets>,
    window: MainWindow,
    rig: Query<&Projection, With<crate::camera::PanRig>>,
    browse: Res<Browse>,
    mut goal: ResMut<CameraGoal>,
    mut last_match: Local<u64>,
    mut last_browsed: Local<Option<usize>>,
) {
    // A turn played or taken back: the boards to play are others now.
    let submitted = events
        .read()
        .any(|e| matches!(e, MatchEvent::Submitted { .. } | MatchEvent::TookBack));
    let shot = if *last_match != m.id {
        *last_match = m.id;
        follow.enabled = true;
        Some(Shot::Opening)
    } else if (submitted && follow.enabled) || (orientation.is_changed() && !orientation.is_added())
    {
        // A flip mirrors the world: the boards to play are somewhere else now.
        Some(Shot::Centre)
    } else {
        None
    };
    // Each state shown while browsing (a step, a click in the review) is centred too,
    // with the boards to play in it.
    let browsed = browse.state(&m);
    let stepped = browsed != *last_browsed;
    *last_browsed = browsed;
    let (shot, pos) = match (shot, browsed) {
        (None, Some(_)) if stepped => (Shot::Centre, browse.position(&m)),
        // Back to the game: its boards to play.
        (None, None) if stepped => (Shot::Centre, &m.pos),
        (None, _) => return,
        (Some(shot), _) => (shot, &m.pos),
    };
    let current = match rig.single() {
        Ok(Projection::Orthographic(o)) => o.scale,
        _ => 1.0,
    };
    goal.0 =
        aim(pos, shot, pitch.get(), *orientation, &insets, window.size()).map(|g| match shot {
            // Centred: the zoom stays unless the boards to play would not fit.
            Shot::Centre => Goal {
                scale: g.scale.filter(|&fit| fit > current),
                ..g
            },
            _ => g,
        });
}

/// The box of the board plane that holds these boards.
fn bounds(lay: &Layout, boards: impl IntoIterator<Item = (i32, i32)>) -> Option<(Vec3, Vec3)> {
    let half = lay.half_extent();
    let half = Vec3::new(half.x, 0.0, half.y);
    boards.into_iter().fold(None, |acc, (l, h)| {
        let c = lay.board_center(l, h);
        Some(match acc {
            None => (c - half, c + half),
            Some((lo, hi)) => (lo.min(c - half), hi.max(c + half)),
        })
    })
}

fn aim(
    pos: &timefork_engine::Position,
    shot: Shot,
    pitch: f32,
    orientation: Orientation,
    insets: &ViewInsets,
    window: Vec2,
) -> Option<Goal> {
    let lay = orientation.layout(pos);
    let to_play = || {
        let v = pos.playable_boards();
        if v.len() > 12 {
            pos.mandatory_boards()
        } else {
            v
        }
    };
    let fitted = |(lo, hi): (Vec3, Vec3)| Goal {
        center: (lo + hi) / 2.0,
        scale: Some(fit_scale(lo, hi, 4.0, pitch, window, insets) * 1.05),
    };
    match shot {
        Shot::All => bounds(&lay, pos.all_boards().map(|(l, h, _)| (l, h))).map(fitted),
        Shot::ToPlay => bounds(&lay, to_play()).map(fitted),
        // The scale that fits them; `follow_play` keeps the zoom when they fit already.
        Shot::Centre => bounds(&lay, to_play()).map(fitted),
        Shot::Opening => {
            let all = bounds(&lay, pos.all_boards().map(|(l, h, _)| (l, h))).map(fitted)?;
            let board_px = lay.height as f32 * px_per_unit(all.scale?, window.y);
            if board_px >= MIN_BOARD_PX {
                return Some(all);
            }
            // The boards to play at that size, or smaller if they do not fit so.
            let readable =
                lay.height as f32 * window.y / (crate::camera::VIEW_HEIGHT * MIN_BOARD_PX);
            let to_play = bounds(&lay, to_play()).map(fitted)?;
            Some(Goal {
                scale: to_play.scale.map(|fit| fit.max(readable)),
                ..to_play
            })
        }
    }
}

/// A double click on a board centres it, zooming in when it is small.
fn double_click_centres(
    mouse: Res<ButtonInput<MouseButton>>,
    time: Res<Time<Real>>,
    egui: Res<EguiWantsInput>,
    m: Res<Match>,
    window: MainWindow,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    rig: Query<&Projection, With<crate::camera::PanRig>>,
    orientation: Res<Orientation>,
    mut goal: ResMut<CameraGoal>,
    mut last: Local<Option<(f64, Vec2)>>,
) {
    if !mouse.just_pressed(MouseButton::Left) || egui.wants_any_pointer_input() {
        return;
    }
    let Some(cursor) = window.cursor() else {
        return;
    };
    let now = time.elapsed_secs_f64();
    let double = last.is_some_and(|(t, p)| {
        now - t < crate::pointer::DOUBLE_CLICK_SECS && p.distance(cursor) < 8.0
    });
    *last = Some((now, cursor));
    if !double {
        return;
    }
    *last = None;
    let Ok((cam, tf)) = camera.single() else {
        return;
    };
    let Some(p) = cam.viewport_to_world(tf, cursor).ok().and_then(|ray| {
        Some(ray.get_point(ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?))
    }) else {
        return;
    };
    let lay = orientation.layout(&m.pos);
    let (l, h, _, _) = lay.locate(p);
    if m.pos.board(l, h).is_none() {
        return;
    }
    let current = match rig.single() {
        Ok(Projection::Orthographic(o)) => o.scale,
        _ => 1.0,
    };
    let board_px = lay.height as f32 * px_per_unit(current, window.size().y);
    let scale = (board_px < CENTRED_BOARD_PX).then(|| {
        lay.height as f32 * window.size().y / (crate::camera::VIEW_HEIGHT * CENTRED_BOARD_PX)
    });
    goal.0 = Some(Goal {
        center: lay.board_center(l, h),
        scale,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camera::{CameraMode, Tilt, pitch_of};

    /// The 5D view's tilt (5D asks for no tilt of its own).
    fn tilted() -> f32 {
        pitch_of(CameraMode::Tilted, Tilt::default())
    }

    /// Public games with many timelines and many boards to play at once.
    const GAMES: [(&str, &str); 4] = [
        (
            "manyChecks",
            include_str!("../../crates/engine/tests/data/conformance/manyChecks.5dpgn"),
        ),
        (
            "silly",
            include_str!("../../crates/engine/tests/data/conformance/silly.5dpgn"),
        ),
        (
            "NP",
            include_str!("../../crates/engine/tests/data/conformance/NP.5dpgn"),
        ),
        (
            "futures",
            include_str!("../../crates/engine/tests/data/conformance/futures.5dpgn"),
        ),
    ];

    /// How far (pixels) a board's edge lies outside the free room, centred on `goal`.
    fn overflow(
        lay: &Layout,
        board: (i32, i32),
        goal: &Goal,
        window: Vec2,
        insets: &ViewInsets,
    ) -> f32 {
        let px = px_per_unit(goal.scale.expect("a fitted scale"), window.y);
        let free = insets.free(window);
        let half = lay.half_extent();
        let d = lay.board_center(board.0, board.1) - goal.center;
        // Across: as it lies; up the screen: foreshortened by the tilt.
        let across = (d.x.abs() + half.x) * px - free.x / 2.0;
        let up = (d.z.abs() + half.y) * tilted().sin() * px - free.y / 2.0;
        across.max(up)
    }

    /// Issue 42, item 5: after any turn (the AI's branching ones among them), a take-back
    /// (the state before) or a state clicked in the review, the camera centres the boards
    /// to play and zooms out until every one of them lies inside the room the panels leave
    /// (the turn bar, the move list, the review window below), in either orientation; a
    /// game opened (a saved one, "Play it" from the analysis board) too.
    #[test]
    fn every_board_to_play_is_framed_inside_the_free_room() {
        let review = ViewInsets {
            bottom: 300.0,
            ..PANELS
        };
        let mut checked = 0;
        for (name, text) in GAMES {
            let game = timefork_engine::notation::read_game(text).expect("a conformance game");
            for pos in game.states() {
                let to_play = {
                    let v = pos.playable_boards();
                    if v.len() > 12 {
                        pos.mandatory_boards()
                    } else {
                        v
                    }
                };
                for flipped in [false, true] {
                    let orientation = Orientation { flipped };
                    let lay = orientation.layout(&pos);
                    for window in [Vec2::new(1280.0, 720.0), Vec2::new(1920.0, 1080.0)] {
                        for (insets, shot) in [
                            (PANELS, Shot::Centre),
                            (review, Shot::Centre),
                            (PANELS, Shot::Opening),
                        ] {
                            let goal = aim(&pos, shot, tilted(), orientation, &insets, window)
                                .expect("boards to play");
                            let mut tightest = f32::MIN;
                            for &b in &to_play {
                                let out = overflow(&lay, b, &goal, window, &insets);
                                tightest = tightest.max(out);
                                assert!(
                                    out <= 0.0,
                                    "{name}: board {b:?} is {out:.0} px out of the free room \
                                     ({window}, {insets:?}, flipped {flipped})",
                                );
                                checked += 1;
                            }
                            // Fitted, not merely far away: the outermost board comes near
                            // the room's edge (the margin and 5% apart). A game opens on
                            // boards big enough to read, if the room lets them be.
                            let room = insets.free(window).max_element();
                            let board_px =
                                lay.height as f32 * px_per_unit(goal.scale.unwrap(), window.y);
                            assert!(
                                tightest > -0.2 * room
                                    || (shot == Shot::Opening && board_px >= MIN_BOARD_PX - 0.5),
                                "{name}: {tightest:.0} px to spare ({shot:?})"
                            );
                        }
                    }
                }
            }
        }
        // Many boards, over many states: the rule was asked, not skipped.
        assert!(checked > 1000, "{checked}");
    }
}
