//! Arrows and circles the player draws on the 5D boards, as on lichess: Shift+right-drag
//! from a square to a square (across boards, through time and timelines too) draws an
//! arrow, a Shift+right-click a circle, the same again takes it away; Ctrl, Alt or both
//! with Shift change the colour; a left click clears them. They belong to the position:
//! the live game and each state browsed in the history keep their own.

use super::matchplay::Match;
use super::matchplay::browse::Browse;
use super::picking::Pointed;
use super::view::layout::Orientation;
use crate::game_kit::GameSystems;
use crate::game_kit::states::ActiveGame;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use std::collections::HashMap;
use timefork_engine::Coord;

pub(super) fn input_plugin(app: &mut App) {
    app.init_resource::<Drawings>();
    app.add_systems(
        Update,
        draw_with_the_pointer
            .in_set(GameSystems::Input)
            .run_if(resource_exists::<Match>)
            .run_if(in_state(ActiveGame::FiveD)),
    );
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(PreUpdate, hold_the_pan_while_drawing);
    app.add_systems(
        PostUpdate,
        show.run_if(resource_exists::<Match>)
            .run_if(in_state(ActiveGame::FiveD)),
    );
}

/// The four colours: plain Shift, with Ctrl, with Alt, with both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ink {
    Green,
    Red,
    Blue,
    Yellow,
}

impl Ink {
    pub fn of(ctrl: bool, alt: bool) -> Ink {
        match (ctrl, alt) {
            (false, false) => Ink::Green,
            (true, false) => Ink::Red,
            (false, true) => Ink::Blue,
            (true, true) => Ink::Yellow,
        }
    }

    fn color(self) -> Color {
        match self {
            Ink::Green => Color::srgba(0.3, 0.85, 0.35, 0.85),
            Ink::Red => Color::srgba(0.95, 0.3, 0.25, 0.85),
            Ink::Blue => Color::srgba(0.3, 0.6, 1.0, 0.85),
            Ink::Yellow => Color::srgba(1.0, 0.85, 0.2, 0.85),
        }
    }
}

/// An arrow from a square to another, or a circle when both are the same.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drawing {
    pub from: Coord,
    pub to: Coord,
    pub ink: Ink,
}

/// What the player drew, per state of the game (the number of actions before it).
#[derive(Resource, Default, Debug)]
pub struct Drawings {
    match_id: u64,
    by_state: HashMap<usize, Vec<Drawing>>,
    /// Where the drag being made began.
    start: Option<Coord>,
}

impl Drawings {
    /// The drawings on the state now on screen.
    pub fn shown(&self, m: &Match, browse: &Browse) -> &[Drawing] {
        if self.match_id != m.id {
            return &[];
        }
        self.by_state
            .get(&state_of(m, browse))
            .map_or(&[], Vec::as_slice)
    }

    /// Adds the drawing, or takes it away when it is already there (in any colour: the
    /// new colour replaces it unless it is the same).
    fn toggle(&mut self, state: usize, d: Drawing) {
        let list = self.by_state.entry(state).or_default();
        if let Some(i) = list.iter().position(|x| x.from == d.from && x.to == d.to) {
            let same = list[i].ink == d.ink;
            list.remove(i);
            if same {
                return;
            }
        }
        list.push(d);
    }
}

/// The state on screen: the browsed one, or the live game's.
fn state_of(m: &Match, browse: &Browse) -> usize {
    browse.state(m).unwrap_or(m.game.actions.len())
}

#[allow(clippy::too_many_arguments)]
fn draw_with_the_pointer(
    m: Res<Match>,
    browse: Res<Browse>,
    hovered: Res<Pointed>,
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<EguiWantsInput>,
    mut drawings: ResMut<Drawings>,
) {
    if drawings.match_id != m.id {
        *drawings = Drawings {
            match_id: m.id,
            ..default()
        };
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let alt = keys.any_pressed([KeyCode::AltLeft, KeyCode::AltRight]);
    let state = state_of(&m, &browse);
    if focus.wants_any_pointer_input() {
        drawings.start = None;
        return;
    }
    if buttons.just_pressed(MouseButton::Right) && shift {
        drawings.start = hovered.0;
    }
    if buttons.just_released(MouseButton::Right)
        && let Some(from) = drawings.start.take()
    {
        let to = hovered.0.unwrap_or(from);
        drawings.toggle(
            state,
            Drawing {
                from,
                to,
                ink: Ink::of(ctrl, alt),
            },
        );
    }
    if buttons.just_pressed(MouseButton::Left) && !shift {
        drawings.by_state.remove(&state);
    }
}

/// Shift+right-drag draws: the camera does not pan meanwhile.
fn hold_the_pan_while_drawing(
    keys: Res<ButtonInput<KeyCode>>,
    game: Option<Res<State<ActiveGame>>>,
    mut pan: Query<&mut bevy_pancam::PanCam>,
) {
    let drawing = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight])
        && game.is_some_and(|g| *g.get() == ActiveGame::FiveD);
    for mut p in &mut pan {
        if p.enabled == drawing {
            p.enabled = !drawing;
        }
    }
}

fn show(
    mut gizmos: Gizmos,
    m: Res<Match>,
    browse: Res<Browse>,
    orientation: Res<Orientation>,
    drawings: Res<Drawings>,
) {
    let lay = orientation.layout(browse.position(&m));
    let at = |c: &Coord| lay.square_center(c.l, c.h, c.x, c.y) + Vec3::Y * 0.35;
    for d in drawings.shown(&m, &browse) {
        let color = d.ink.color();
        if d.from == d.to {
            let iso = Isometry3d::new(
                at(&d.from),
                Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
            );
            gizmos.circle(iso, 0.44, color);
            gizmos.circle(iso, 0.4, color);
        } else {
            gizmos
                .arrow(at(&d.from), at(&d.to), color)
                .with_tip_length(0.6);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_choose_the_colour() {
        assert_eq!(Ink::of(false, false), Ink::Green);
        assert_eq!(Ink::of(true, false), Ink::Red);
        assert_eq!(Ink::of(false, true), Ink::Blue);
        assert_eq!(Ink::of(true, true), Ink::Yellow);
    }
}
