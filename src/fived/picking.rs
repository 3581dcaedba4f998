//! From the cursor to a square, and from clicks and keys to move requests. Nothing here
//! changes the match: it only sends `Request`s, which the engine validates.

use crate::fived::matchplay::browse::{Browse, BrowseRequest};
use crate::fived::matchplay::{Match, Player, Request};
use crate::fived::view::layout::Orientation;
use crate::game_kit::GameSystems;
use crate::game_kit::states::ActiveGame;
use crate::pointer::{TablePoint, clicked_on_table, keys_for_table};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use timefork_engine::{Coord, Move};

/// Hovering needs a window and a camera; the game adds it on top of `input_plugin`.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        hover
            .before(click)
            .in_set(GameSystems::Input)
            .run_if(resource_exists::<Match>)
            .run_if(in_state(ActiveGame::FiveD)),
    );
}

/// Clicks and keys to requests; runs headless too (tests drive it with input messages).
pub fn input_plugin(app: &mut App) {
    app.init_resource::<Selection>();
    app.init_resource::<Hovered>();
    app.init_resource::<Pointed>();
    app.init_resource::<EguiWantsInput>();
    // Only while a match is on screen: behind the menus the title's multiverse drifts by.
    app.add_systems(
        Update,
        (
            click.run_if(clicked_on_table).run_if(may_move),
            keys.run_if(keys_for_table),
        )
            .chain()
            .in_set(GameSystems::Input)
            .run_if(resource_exists::<Match>)
            .run_if(in_state(ActiveGame::FiveD)),
    );
    app.add_systems(
        Update,
        clear_stale_selection
            .after(GameSystems::Apply)
            .run_if(resource_exists::<Match>),
    );
}

/// The piece the player picked and every legal destination of it.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Selection {
    pub from: Option<Coord>,
    pub moves: Vec<Move>,
}

/// The square under the cursor, if it is on a board (none while browsing: nothing moves).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Hovered(pub Option<Coord>);

/// The square under the cursor, browsing or not (what the player's arrows start and end on).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Pointed(pub Option<Coord>);

/// The square under a point of the window, if any.
pub fn square_at(m: &Match, orientation: &Orientation, p: Vec3) -> Option<Coord> {
    let lay = orientation.layout(&m.pos);
    let (l, h, x, y) = lay.locate(p);
    (m.pos.board(l, h).is_some() && m.pos.in_bounds(x, y)).then_some(Coord { l, h, x, y })
}

fn hover(
    m: Res<Match>,
    point: Res<TablePoint>,
    orientation: Res<Orientation>,
    browse: Res<Browse>,
    mut hovered: ResMut<Hovered>,
    mut pointed: ResMut<Pointed>,
) {
    // Browsing shows another state: its boards are where the layout puts them too.
    let found = point
        .on_table()
        .and_then(|p| square_at(&m, &orientation, p));
    pointed.set_if_neq(Pointed(found));
    let found = found.filter(|_| !browse.is_browsing(&m));
    hovered.set_if_neq(Hovered(found));
}

/// What a click on `at` means, given the current selection: a move, a new selection, or
/// clearing the selection.
pub fn click_action(
    m: &Match,
    selection: &Selection,
    at: Option<Coord>,
) -> (Option<Move>, Selection) {
    let Some(at) = at else {
        return (None, Selection::default());
    };
    if let Some(mv) = selection.moves.iter().find(|mv| mv.to == at) {
        return (Some(*mv), Selection::default());
    }
    let moves = m.legal_moves_from(at);
    if moves.is_empty() {
        return (None, Selection::default());
    }
    (
        None,
        Selection {
            from: Some(at),
            moves,
        },
    )
}

fn human_to_move(m: &Match, browse: &Browse) -> bool {
    !m.is_over() && m.player_to_move() == Player::Human && !browse.is_browsing(m)
}

/// Run condition: the person may move now on the board shown.
fn may_move(m: Option<Res<Match>>, browse: Res<Browse>) -> bool {
    m.is_some_and(|m| human_to_move(&m, &browse))
}

fn click(
    m: Res<Match>,
    hovered: Res<Hovered>,
    time: Res<Time<Real>>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<Request>,
    mut last: Local<Option<(f64, Coord)>>,
) {
    // The second click of a double click on a square centres its board (`follow`): it
    // takes back the selection the first click made, and plays nothing.
    let now = time.elapsed_secs_f64();
    let double = hovered.0.is_some_and(|at| {
        last.is_some_and(|(t, c)| c == at && now - t < crate::pointer::DOUBLE_CLICK_SECS)
    });
    *last = if double {
        None
    } else {
        hovered.0.map(|at| (now, at))
    };
    if double {
        *selection = Selection::default();
        return;
    }
    let (mv, next) = click_action(&m, &selection, hovered.0);
    if let Some(mv) = mv {
        requests.write(Request::Move(mv));
    }
    *selection = next;
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    m: Res<Match>,
    browse: Res<Browse>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<Request>,
    mut browsing: MessageWriter<BrowseRequest>,
) {
    if keys.just_pressed(KeyCode::Escape) {
        *selection = Selection::default();
        if browse.is_browsing(&m) {
            browsing.write(BrowseRequest::Live);
        }
    }
    // Left/Right (and Up/Down, as in every move list) step through the history while
    // browsing (the arrows pan otherwise); Home goes to the start, End back to the game.
    if browse.is_browsing(&m) {
        if keys.any_just_pressed([KeyCode::ArrowLeft, KeyCode::ArrowUp]) {
            browsing.write(BrowseRequest::Previous);
        }
        if keys.any_just_pressed([KeyCode::ArrowRight, KeyCode::ArrowDown]) {
            browsing.write(BrowseRequest::Next);
        }
        if keys.just_pressed(KeyCode::End) {
            browsing.write(BrowseRequest::Live);
        }
    }
    if keys.just_pressed(KeyCode::Home) && !m.game.actions.is_empty() {
        browsing.write(BrowseRequest::To(0));
    }
    if !human_to_move(&m, &browse) {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        *selection = Selection::default();
        requests.write(Request::Undo);
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        requests.write(Request::Submit);
    }
}

/// A selection made on a position that has since changed is dropped.
fn clear_stale_selection(m: Res<Match>, mut selection: ResMut<Selection>) {
    if m.is_changed()
        && let Some(from) = selection.from
        && m.legal_moves_from(from) != selection.moves
    {
        *selection = Selection::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn click_selects_then_moves_including_time_travel() {
        let m = Match::from_variant("Standard", [Player::Human; 2]).unwrap();
        let e2 = Coord {
            l: 0,
            h: 2,
            x: 4,
            y: 1,
        };
        let (mv, sel) = click_action(&m, &Selection::default(), Some(e2));
        assert!(mv.is_none());
        assert_eq!(sel.from, Some(e2));
        assert_eq!(sel.moves.len(), 2, "e3 and e4");
        let e4 = Coord { y: 3, ..e2 };
        let (mv, sel2) = click_action(&m, &sel, Some(e4));
        assert_eq!(mv.map(|m| m.to), Some(e4));
        assert_eq!(sel2, Selection::default());
        // A black piece cannot be picked by White; an empty square clears.
        let e7 = Coord { y: 6, ..e2 };
        assert_eq!(click_action(&m, &sel, Some(e7)).1, Selection::default());
        assert_eq!(click_action(&m, &sel, None).1, Selection::default());
    }
}
