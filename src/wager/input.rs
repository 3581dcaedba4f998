//! From the cursor and keys to Timeline Wager requests: pick a piece on the board on
//! screen, then its target (a move, or a move and split when the split toggle is on with
//! its stake); a promotion asks for the piece; Left/Right or Tab switch timelines, S
//! toggles the split. Nothing here changes the match: it only sends `WagerRequest`s.

use super::browse::WagerBrowse;
use super::layout::{WagerOrientation, square_at};
use super::matchplay::{WagerMatch, WagerRequest};
use crate::game_kit::GameSystems;
use crate::pointer::{TablePoint, clicked_on_table, keys_for_table};
use crate::screens::Screen;
use bevy::prelude::*;
use timefork_wager::Action;
use timefork_wager::chess::{Move, Square};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>();
    app.init_resource::<WagerHover>();
    app.init_resource::<SplitMode>();
    app.add_systems(
        Update,
        hover
            .before(click)
            .in_set(GameSystems::Input)
            .run_if(in_state(Screen::WagerPlay))
            .run_if(resource_exists::<WagerMatch>),
    );
    app.add_systems(
        Update,
        (
            click.run_if(clicked_on_table),
            keys.run_if(keys_for_table),
            keep_selection_valid,
        )
            .chain()
            .in_set(GameSystems::Input)
            .run_if(in_state(Screen::WagerPlay))
            .distributive_run_if(resource_exists::<WagerMatch>),
    );
}

/// The piece picked on the board on screen, its legal moves, and a promotion waiting for
/// the player's choice of piece.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Selection {
    pub timeline: usize,
    pub from: Option<Square>,
    pub moves: Vec<Move>,
    pub promotion: Vec<Move>,
}

/// The square under the cursor on the board on screen.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct WagerHover(pub Option<Square>);

/// Whether the next move also splits the timeline, and with what stake.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct SplitMode {
    pub on: bool,
    pub stake: u32,
}

impl Default for SplitMode {
    fn default() -> Self {
        SplitMode {
            on: false,
            stake: 10,
        }
    }
}

/// The stakes a split of this timeline may take: even, from 2 to the largest allowed.
pub fn legal_stakes(w: &WagerMatch, timeline: usize) -> Option<std::ops::RangeInclusive<u32>> {
    let max = w.m.max_stake(timeline)?;
    (max >= 2).then_some(2..=max)
}

fn hover(o: Res<WagerOrientation>, point: Res<TablePoint>, mut hovered: ResMut<WagerHover>) {
    let found = point.on_table().and_then(|p| square_at(p, o.flipped));
    hovered.set_if_neq(WagerHover(found));
}

/// What a click on `at` does: a move (or the moves a promotion chooses from), or a new
/// selection.
pub fn click_action(w: &WagerMatch, sel: &Selection, at: Option<Square>) -> (Vec<Move>, Selection) {
    let Some(at) = at else {
        return (Vec::new(), Selection::default());
    };
    if sel.timeline == w.viewing && sel.from.is_some() {
        let to = moves_to(&sel.moves, at);
        if !to.is_empty() {
            return (to, Selection::default());
        }
    }
    let moves: Vec<Move> = w
        .human_moves(w.viewing)
        .into_iter()
        .filter(|m| m.from == at)
        .collect();
    if moves.is_empty() {
        return (Vec::new(), Selection::default());
    }
    (
        Vec::new(),
        Selection {
            timeline: w.viewing,
            from: Some(at),
            moves,
            promotion: Vec::new(),
        },
    )
}

/// The request a chosen move makes: a plain move, or a move and split.
pub fn move_request(w: &WagerMatch, mv: Move, split: SplitMode) -> Option<WagerRequest> {
    let t = w.m.timeline(w.viewing)?;
    let action = if split.on {
        Action::Split {
            timeline: w.viewing,
            mv,
            stake: split.stake,
        }
    } else {
        Action::Move {
            timeline: w.viewing,
            mv,
        }
    };
    Some(WagerRequest {
        side: t.side_to_move(),
        action,
    })
}

fn click(
    w: Res<WagerMatch>,
    browse: Res<WagerBrowse>,
    hovered: Res<WagerHover>,
    split: Res<SplitMode>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<WagerRequest>,
) {
    if !selection.promotion.is_empty() || browse.is_browsing(&w) {
        return;
    }
    let (moves, next) = click_action(&w, &selection, hovered.0);
    match moves.len() {
        0 => *selection = next,
        1 => {
            if let Some(r) = move_request(&w, moves[0], *split) {
                requests.write(r);
            }
            *selection = next;
        }
        // A pawn reaching the last rank: the panel asks which piece it becomes.
        _ => {
            selection.promotion = moves;
        }
    }
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut w: ResMut<WagerMatch>,
    mut split: ResMut<SplitMode>,
    mut selection: ResMut<Selection>,
) {
    let n = w.m.timelines().len();
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let step = if keys.just_pressed(KeyCode::ArrowRight)
        || (keys.just_pressed(KeyCode::Tab) && !shift)
    {
        Some(1)
    } else if keys.just_pressed(KeyCode::ArrowLeft) || (keys.just_pressed(KeyCode::Tab) && shift) {
        Some(n - 1)
    } else {
        None
    };
    if let Some(s) = step
        && n > 0
    {
        w.viewing = (w.viewing + s) % n;
        *selection = Selection::default();
    }
    if keys.just_pressed(KeyCode::KeyS) {
        split.on = !split.on;
    }
    if keys.just_pressed(KeyCode::Escape) {
        *selection = Selection::default();
    }
}

/// A selection on a board that has changed since (or another timeline) is dropped.
fn keep_selection_valid(w: Res<WagerMatch>, mut selection: ResMut<Selection>) {
    if selection.from.is_none() {
        return;
    }
    let still = selection.timeline == w.viewing
        && selection
            .moves
            .iter()
            .all(|m| w.human_moves(w.viewing).contains(m));
    if !still {
        *selection = Selection::default();
    }
}

/// Moves of the selection with the same target (a promotion offers four).
pub fn moves_to(moves: &[Move], to: Square) -> Vec<Move> {
    moves.iter().copied().filter(|m| m.to == to).collect()
}
