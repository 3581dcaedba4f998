//! From the cursor to a slot (a square, a reserve, a tray), and from clicks, drags and
//! keys to requests. Nothing here changes the match or the setup: it only sends
//! `KdRequest`s and `SetupRequest`s, which the rules check.
//!
//! In play: click a piece (or a reserve piece), then one of its targets. In the setup:
//! drag a piece from the tray onto a square of the side's two ranks, or between squares
//! (they swap), or off the board (back to the tray); a click on a piece and then on a
//! square does the same.

use super::browse::KdBrowse;
use super::layout::{KdLayout, Slot};
use super::matchplay::{KdMatch, KdRequest};
use super::setup::{KdSetup, SetupRequest};
use crate::game_kit::GameSystems;
use crate::game_kit::states::ActiveGame;
use crate::pointer::{TablePoint, clicked_on_table, keys_for_table};
use crate::screens::Screen;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use timefork_kingdrops::{Kind, Move};

/// The hover needs a window and a camera; the game adds it on top of `input_plugin`.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        hover
            .in_set(GameSystems::Input)
            .before(play_clicks)
            .before(setup_clicks)
            .run_if(in_state(ActiveGame::Kingdrops)),
    );
}

/// Clicks, drags and keys to requests; runs headless too (tests drive it with input
/// messages and `KdHovered`).
pub fn input_plugin(app: &mut App) {
    app.init_resource::<KdHovered>();
    app.init_resource::<KdSelection>();
    app.init_resource::<SetupHand>();
    app.init_resource::<EguiWantsInput>();
    app.add_systems(
        Update,
        (
            play_clicks.run_if(clicked_on_table),
            play_keys.run_if(keys_for_table),
        )
            .chain()
            .in_set(GameSystems::Input)
            .distributive_run_if(resource_exists::<KdMatch>)
            .run_if(in_state(Screen::KingdropsPlay)),
    );
    app.add_systems(
        Update,
        setup_clicks
            .in_set(GameSystems::Input)
            .run_if(resource_exists::<KdSetup>)
            .run_if(in_state(Screen::KingdropsSetup)),
    );
    app.add_systems(
        Update,
        clear_stale_selection
            .after(GameSystems::Apply)
            .run_if(resource_exists::<KdMatch>),
    );
    // A piece still in hand when the setup ends is put down.
    app.add_systems(
        OnExit(Screen::KingdropsSetup),
        |mut hand: ResMut<SetupHand>| *hand = SetupHand::default(),
    );
}

/// The slot under the cursor, if any.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct KdHovered(pub Option<Slot>);

/// The piece picked in play and the moves it has now.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct KdSelection {
    /// A square, or a reserve slot for a drop.
    pub from: Option<Slot>,
    pub moves: Vec<Move>,
}

/// The piece in the setting-up player's hand: where it was picked up and what it is,
/// and whether the button is still held (a drag) or it was picked by a click.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct SetupHand {
    pub held: Option<(Slot, Kind)>,
    pub dragging: bool,
}

fn hover(
    point: Res<TablePoint>,
    layout: Res<KdLayout>,
    screen: Res<State<Screen>>,
    mut hovered: ResMut<KdHovered>,
) {
    let setting_up = *screen.get() == Screen::KingdropsSetup;
    let found = point.on_table().and_then(|p| layout.slot_at(p, setting_up));
    hovered.set_if_neq(KdHovered(found));
}

/// What a click on `at` means in play, given the selection: a move to request (a legal
/// one, or one the player aimed at a square its piece cannot reach, so the refusal says
/// why), and the selection after the click.
pub fn click_action(
    m: &KdMatch,
    sel: &KdSelection,
    at: Option<Slot>,
) -> (Option<Move>, KdSelection) {
    let none = KdSelection::default();
    let mover = m.to_move();
    match at {
        Some(Slot::Board(sq)) => {
            if let Some(mv) = sel.moves.iter().find(|mv| mv.to() == sq) {
                return (Some(*mv), none);
            }
            let own = m.shown.piece_at(sq).is_some_and(|p| p.color == mover);
            let moves = m.moves_from(sq);
            if !moves.is_empty() {
                return (
                    None,
                    KdSelection {
                        from: Some(Slot::Board(sq)),
                        moves,
                    },
                );
            }
            // Aimed at a square the picked piece cannot reach: ask anyway, to hear why.
            let tried = match sel.from {
                Some(Slot::Board(from)) if !own => Some(Move::Step { from, to: sq }),
                Some(Slot::Reserve(_, kind, _)) if !own => Some(Move::Drop { kind, to: sq }),
                _ => None,
            };
            (tried, none)
        }
        Some(Slot::Reserve(c, kind, n)) if c == mover => {
            let moves = m.drops_of(kind);
            if moves.is_empty() {
                return (None, none);
            }
            (
                None,
                KdSelection {
                    from: Some(Slot::Reserve(c, kind, n)),
                    moves,
                },
            )
        }
        _ => (None, none),
    }
}

fn play_clicks(
    m: Res<KdMatch>,
    hovered: Res<KdHovered>,
    mut selection: ResMut<KdSelection>,
    mut requests: MessageWriter<KdRequest>,
    browse: Res<KdBrowse>,
) {
    // A browsed position is only looked at.
    if !m.human_to_move() || browse.is_browsing(&m) {
        return;
    }
    let (mv, next) = click_action(&m, &selection, hovered.0);
    if let Some(mv) = mv {
        requests.write(KdRequest::Move(mv));
    }
    *selection = next;
}

fn play_keys(
    keys: Res<ButtonInput<KeyCode>>,
    m: Res<KdMatch>,
    browse: Res<KdBrowse>,
    mut selection: ResMut<KdSelection>,
    mut requests: MessageWriter<KdRequest>,
) {
    if keys.just_pressed(KeyCode::Escape) {
        *selection = KdSelection::default();
    }
    if !m.human_to_move() || browse.is_browsing(&m) {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        *selection = KdSelection::default();
        requests.write(KdRequest::Undo);
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) && m.can_end {
        requests.write(KdRequest::EndTurn);
    }
}

/// The setup request that putting the held piece on `to` makes, if any: from the tray
/// onto a square places it, from a square onto another moves it (swapping), and a placed
/// piece let go anywhere off the board goes back to the tray.
pub fn setup_drop(held: (Slot, Kind), to: Option<Slot>) -> Option<SetupRequest> {
    match (held.0, to) {
        (Slot::Tray(..), Some(Slot::Board(sq))) => Some(SetupRequest::Place {
            kind: held.1,
            to: sq,
        }),
        (Slot::Board(from), Some(Slot::Board(to))) if from != to => {
            Some(SetupRequest::Shift { from, to })
        }
        (Slot::Board(_), Some(Slot::Board(_))) => None,
        (Slot::Board(from), _) => Some(SetupRequest::Lift(from)),
        _ => None,
    }
}

/// The piece of the side setting up on a slot, if it may be picked up there.
fn pickable(s: &KdSetup, at: Option<Slot>) -> Option<(Slot, Kind)> {
    match at? {
        Slot::Tray(c, n) if c == s.side => s.tray()[n as usize].map(|k| (Slot::Tray(c, n), k)),
        Slot::Board(sq) => s.placed[sq.index()].map(|k| (Slot::Board(sq), k)),
        _ => None,
    }
}

fn setup_clicks(
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    s: Res<KdSetup>,
    hovered: Res<KdHovered>,
    focus: Res<EguiWantsInput>,
    mut hand: ResMut<SetupHand>,
    mut requests: MessageWriter<SetupRequest>,
) {
    if s.player() != crate::players::Player::Human
        || s.finished()
        || (keys.just_pressed(KeyCode::Escape) && !focus.wants_any_keyboard_input())
    {
        // Nothing to pick up, or Esc: a piece in hand goes back where it was.
        if *hand != SetupHand::default() {
            *hand = SetupHand::default();
        }
        return;
    }
    if mouse.just_pressed(MouseButton::Left) && !focus.wants_any_pointer_input() {
        match hand.held {
            // Picked by a click: this click puts it down (or picks another piece).
            Some(held) if !hand.dragging && Some(held.0) != hovered.0 => {
                match setup_drop(held, hovered.0) {
                    Some(r) => {
                        requests.write(r);
                        *hand = SetupHand::default();
                    }
                    None => {
                        *hand = SetupHand {
                            held: pickable(&s, hovered.0),
                            dragging: true,
                        };
                    }
                }
            }
            _ => {
                *hand = SetupHand {
                    held: pickable(&s, hovered.0),
                    dragging: true,
                };
            }
        }
    }
    if mouse.just_released(MouseButton::Left) && hand.dragging {
        let Some(held) = hand.held else {
            *hand = SetupHand::default();
            return;
        };
        if hovered.0 == Some(held.0) {
            // Let go where it was picked up: it stays picked, for a click on a square.
            hand.dragging = false;
        } else {
            if let Some(r) = setup_drop(held, hovered.0) {
                requests.write(r);
            }
            *hand = SetupHand::default();
        }
    }
}

/// A selection made on a turn that has since changed is dropped.
fn clear_stale_selection(m: Res<KdMatch>, mut selection: ResMut<KdSelection>) {
    if m.is_changed() && selection.from.is_some() {
        let fresh = match selection.from {
            Some(Slot::Board(sq)) => m.moves_from(sq),
            Some(Slot::Reserve(_, k, _)) => m.drops_of(k),
            _ => Vec::new(),
        };
        if fresh != selection.moves || !m.human_to_move() {
            *selection = KdSelection::default();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kingdrops::matchplay::KdOrigin;
    use crate::players::Player;
    use timefork_kingdrops::{Color, Game, Placement, Square};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_click_picks_a_piece_and_the_next_moves_it() {
        let g = Game::from_setup(
            &Placement::standard(Color::White),
            &Placement::standard(Color::Black),
        )
        .unwrap();
        let m = KdMatch::new(g, [Player::Human; 2], KdOrigin::Setup);
        // The spearman on e2 has one move, e2e3.
        let (mv, sel) = click_action(&m, &KdSelection::default(), Some(Slot::Board(sq("e2"))));
        assert_eq!(mv, None);
        assert_eq!(sel.moves, vec!["e2e3".parse().unwrap()]);
        let (mv, sel) = click_action(&m, &sel, Some(Slot::Board(sq("e3"))));
        assert_eq!(mv, Some("e2e3".parse().unwrap()));
        assert_eq!(sel, KdSelection::default());
        // Aiming past its reach still asks, so the refusal can say why.
        let (_, sel) = click_action(&m, &KdSelection::default(), Some(Slot::Board(sq("e2"))));
        let (mv, _) = click_action(&m, &sel, Some(Slot::Board(sq("e5"))));
        assert_eq!(mv, Some("e2e5".parse().unwrap()));
    }

    #[test]
    fn setup_drops_place_move_and_take_back() {
        let tray = (Slot::Tray(Color::White, 0), Kind::King);
        assert_eq!(
            setup_drop(tray, Some(Slot::Board(sq("e1")))),
            Some(SetupRequest::Place {
                kind: Kind::King,
                to: sq("e1")
            })
        );
        assert_eq!(setup_drop(tray, None), None);
        let placed = (Slot::Board(sq("e1")), Kind::King);
        assert_eq!(
            setup_drop(placed, Some(Slot::Board(sq("d2")))),
            Some(SetupRequest::Shift {
                from: sq("e1"),
                to: sq("d2")
            })
        );
        assert_eq!(setup_drop(placed, None), Some(SetupRequest::Lift(sq("e1"))));
        assert_eq!(setup_drop(placed, Some(Slot::Board(sq("e1")))), None);
    }
}
