//! The pieces as entities, one per piece on the board, in a reserve, in a prison or in a
//! setup tray, kept in step with the match (or the setup) every frame: what should stand
//! where is compared with the entities, an entity whose piece now stands elsewhere hops
//! there (a move, a capture into prison, a drop from the reserve, an exchange back to the
//! reserves, a piece placed from the tray), new ones appear, and gone ones are removed.
//! Which side faces the viewer follows the settings and the players.

use super::input::SetupHand;
use super::layout::{KdLayout, Slot};
use super::matchplay::KdMatch;
use super::setup::KdSetup;
use crate::game_kit::GameSystems;
use crate::game_kit::animation::Hop;
use crate::game_kit::states::ActiveGame;
use crate::players::Player;
use crate::screens::Screen;
use crate::settings::{Settings, ViewSide};
use bevy::prelude::*;
use std::collections::HashMap;
use timefork_kingdrops::{Color, Kind, Piece, Placement, Position, Square};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KdLayout>();
    app.add_systems(
        Update,
        (follow_orientation, sync_pieces)
            .chain()
            .in_set(GameSystems::Mirror)
            .run_if(in_state(ActiveGame::Kingdrops)),
    );
}

/// A piece shown somewhere.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct KdPiece {
    pub piece: Piece,
    pub slot: Slot,
}

/// The side shown nearest the viewer: the setting, or on Auto the one person's side
/// against the AI, in a game of two people the side to move (in the setup, the side
/// setting up), and White when the AI plays both.
pub fn viewing_side(setting: ViewSide, players: [Player; 2], acting: Color) -> Color {
    setting.near_viewer(players, acting, Color::White, Color::Black)
}

/// The view turns to the side to act, but only once the pieces have landed: the hops of
/// a turn's end (the exchange) play out before the board turns for the next player.
fn follow_orientation(
    screen: Res<State<Screen>>,
    m: Option<Res<KdMatch>>,
    setup: Option<Res<KdSetup>>,
    settings: Res<Settings>,
    hopping: Query<(), (With<KdPiece>, With<Hop>)>,
    mut layout: ResMut<KdLayout>,
    mut shown_screen: Local<Option<Screen>>,
) {
    let just_changed = m.as_ref().is_some_and(|m| m.is_changed())
        || setup.as_ref().is_some_and(|s| s.is_changed());
    // On a new screen the view is set at once; else it waits for the pieces.
    let new_screen = *shown_screen != Some(*screen.get());
    *shown_screen = Some(*screen.get());
    if !new_screen && (just_changed || !hopping.is_empty()) {
        return;
    }
    let side = match (screen.get(), m, setup) {
        // A finished game stays seen from the winner's side when two people played.
        (Screen::KingdropsPlay, Some(m), _) => viewing_side(
            settings.view_side,
            m.players,
            m.outcome().and_then(|o| o.winner()).unwrap_or(m.to_move()),
        ),
        (Screen::KingdropsSetup, _, Some(s)) => viewing_side(settings.view_side, s.players, s.side),
        _ => Color::White,
    };
    layout.set_if_neq(KdLayout {
        flipped: side == Color::Black,
    });
}

/// Every piece of a position, on the board, in the reserves and in the prisons.
pub fn position_pieces(pos: &Position) -> Vec<(Slot, Piece)> {
    let mut out: Vec<(Slot, Piece)> = Square::all()
        .filter_map(|s| pos.piece_at(s).map(|p| (Slot::Board(s), p)))
        .collect();
    for c in Color::BOTH {
        for k in Kind::RESERVABLE {
            for n in 0..pos.reserve_count(c, k) {
                out.push((Slot::Reserve(c, k, n), Piece::new(c, k)));
            }
            // The holder's prison holds the opponent's pieces.
            for n in 0..pos.prison_count(c, k) {
                out.push((Slot::Prison(c, k, n), Piece::new(c.opponent(), k)));
            }
        }
    }
    out
}

/// What the setup shows: the sides that are ready, what the side setting up has placed,
/// and its tray.
pub fn setup_pieces(s: &KdSetup) -> Vec<(Slot, Piece)> {
    let mut out = Vec::new();
    for p in s.done.iter().flatten() {
        out.extend(
            p.pieces()
                .into_iter()
                .map(|(sq, k)| (Slot::Board(sq), Piece::new(p.color(), k))),
        );
    }
    if s.finished() {
        return out;
    }
    for (sq, k) in s.placed_pieces() {
        out.push((Slot::Board(sq), Piece::new(s.side, k)));
    }
    for (n, k) in s.tray().iter().enumerate() {
        if let Some(k) = k {
            out.push((Slot::Tray(s.side, n as u8), Piece::new(s.side, *k)));
        }
    }
    out
}

/// The new-game screen shows rules.md's example layout.
fn preview_pieces() -> Vec<(Slot, Piece)> {
    let mut out = Vec::new();
    for c in Color::BOTH {
        let p = Placement::standard(c);
        out.extend(
            p.pieces()
                .into_iter()
                .map(|(sq, k)| (Slot::Board(sq), Piece::new(c, k))),
        );
    }
    out
}

/// Where a piece stands and how it is turned (models face their side's forward; the
/// flat icons always read upright).
fn transform_of(layout: &KdLayout, settings: &Settings, slot: Slot, piece: Piece) -> Transform {
    let rotation = match settings.piece_style {
        crate::pieces::PieceStyle::Models => layout.rotation(piece.color),
        crate::pieces::PieceStyle::FlatIcons => Quat::IDENTITY,
    };
    Transform::from_translation(layout.slot(slot)).with_rotation(rotation)
}

type PieceQuery<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static mut KdPiece,
        &'static mut Transform,
        Has<Hop>,
    ),
>;

fn sync_pieces(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    m: Option<Res<KdMatch>>,
    setup: Option<Res<KdSetup>>,
    layout: Res<KdLayout>,
    settings: Res<Settings>,
    hand: Res<SetupHand>,
    browse: Res<super::browse::KdBrowse>,
    mut pieces: PieceQuery,
    mut last: Local<Option<(KdLayout, crate::pieces::PieceStyle)>>,
) {
    let want_list = match (screen.get(), &m, &setup) {
        (Screen::KingdropsPlay, Some(m), _) => position_pieces(browse.position(m)),
        (Screen::KingdropsSetup, _, Some(s)) => setup_pieces(s),
        (Screen::KingdropsNew, _, _) => preview_pieces(),
        _ => Vec::new(),
    };
    let mut want: HashMap<Slot, Piece> = want_list.iter().copied().collect();
    // A new view or piece style puts everything in place at once.
    let relaid = *last != Some((*layout, settings.piece_style));
    *last = Some((*layout, settings.piece_style));
    let animate = settings.animation_speed > 0.0 && !relaid;
    let held = hand.dragging.then_some(hand.held.map(|h| h.0)).flatten();
    let mut loose: Vec<(Entity, Piece, Vec3)> = Vec::new();
    for (e, kp, mut tf, hopping) in &mut pieces {
        if want.get(&kp.slot) == Some(&kp.piece) {
            want.remove(&kp.slot);
            let target = transform_of(&layout, &settings, kp.slot, kp.piece);
            if relaid {
                *tf = target;
                commands.entity(e).remove::<Hop>();
            } else if !hopping
                && Some(kp.slot) != held
                && tf.translation.distance(target.translation) > 1e-3
            {
                // A piece let go off any target goes back where it stands.
                hop(&mut commands, e, &mut tf, target, animate);
            }
        } else {
            loose.push((e, kp.piece, tf.translation));
        }
    }
    // What should stand somewhere new: the nearest loose entity of that piece moves
    // there, else a new one appears. In the order of `want_list`, so it is repeatable.
    for (slot, piece) in want_list {
        if want.remove(&slot).is_none() {
            continue;
        }
        let target = transform_of(&layout, &settings, slot, piece);
        let nearest = loose
            .iter()
            .enumerate()
            .filter(|(_, (_, p, _))| *p == piece)
            .min_by(|a, b| {
                let da = a.1.2.distance(target.translation);
                let db = b.1.2.distance(target.translation);
                da.total_cmp(&db)
            })
            .map(|(i, _)| i);
        match nearest {
            Some(i) => {
                let (e, _, _) = loose.swap_remove(i);
                if let Ok((_, mut kp, mut tf, _)) = pieces.get_mut(e) {
                    kp.slot = slot;
                    hop(&mut commands, e, &mut tf, target, animate);
                }
            }
            None => {
                commands.spawn((
                    KdPiece { piece, slot },
                    target,
                    Visibility::default(),
                    DespawnOnExit(ActiveGame::Kingdrops),
                ));
            }
        }
    }
    for (e, _, _) in loose {
        commands.entity(e).despawn();
    }
}

/// Moves a piece to `target`: along a hop from where it stands, or at once.
fn hop(commands: &mut Commands, e: Entity, tf: &mut Transform, target: Transform, animate: bool) {
    let from = tf.translation;
    tf.rotation = target.rotation;
    if animate && from.distance(target.translation) > 1e-3 {
        let far = from.distance(target.translation) > 3.0;
        commands
            .entity(e)
            .insert(Hop::new(from, target.translation, far));
    } else {
        tf.translation = target.translation;
        commands.entity(e).remove::<Hop>();
    }
}
