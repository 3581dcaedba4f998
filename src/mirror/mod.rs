//! The ECS mirror of the match: one entity per timeline, board and piece, one for the
//! present line and one per clock. It is updated from what changed: boards are never
//! edited in 5D chess, only added (a move, a new timeline) or taken away (an undo), so the
//! mirror spawns and despawns board entities by comparing the engine's boards with its
//! index, and refreshes the per-board flags (playable, mandatory, active).

use crate::matchplay::clocks::Clocks;
use crate::matchplay::{Match, MatchSystems};
use bevy::prelude::*;
use std::collections::HashMap;
use std::time::Duration;
use timefork_engine::{Color, Coord, Piece};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MirrorIndex>();
    app.add_systems(
        Update,
        (
            sync_boards.run_if(resource_exists_and_changed::<Match>),
            sync_clocks,
        )
            .chain()
            .in_set(MatchSystems::Mirror)
            .run_if(resource_exists::<Match>),
    );
    app.add_systems(
        Update,
        clear_without_match.run_if(not(resource_exists::<Match>)),
    );
}

/// A timeline of the multiverse.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct TimelineView {
    pub l: i32,
    pub label: String,
    pub active: bool,
}

/// One board: timeline `l`, half-turn `h` (2 * turn, + 1 for Black).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardView {
    pub l: i32,
    pub h: i32,
    pub width: i32,
    pub height: i32,
    /// The board it grew out of: the previous board of its timeline, or for the first
    /// board of a new timeline the board the move travelled to.
    pub parent: Option<(i32, i32)>,
    /// Whether it appeared by a move just made (animate it) rather than a load or rebuild.
    pub fresh: bool,
}

/// What the player to move may or must do on a board; refreshed after every change.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BoardFlags {
    pub playable: bool,
    pub mandatory: bool,
    pub active: bool,
    /// Whose move it is on this board (the colour of its half-turn).
    pub side: Option<Color>,
}

/// A piece standing on its board entity (a child of it).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceView {
    pub x: i32,
    pub y: i32,
    pub piece: Piece,
    /// The square it came from when it is the piece that just moved here.
    pub arrived_from: Option<Coord>,
}

/// The present: the half-turn of the earliest playable board among active timelines.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PresentLine {
    pub h: i32,
}

/// A side's clock.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct ClockView {
    pub color: Color,
    pub used: Duration,
    pub running: bool,
}

/// Every mirror entity belongs to the match it mirrors.
#[derive(Component)]
pub struct MirrorOf(pub u64);

/// Which entity mirrors which timeline and board.
#[derive(Resource, Default)]
pub struct MirrorIndex {
    pub match_id: u64,
    pub boards: HashMap<(i32, i32), Entity>,
    pub timelines: HashMap<i32, Entity>,
    pub present: Option<Entity>,
    pub clocks: Vec<Entity>,
}

fn despawn_all(commands: &mut Commands, index: &mut MirrorIndex) {
    for e in index.boards.values().chain(index.timelines.values()) {
        commands.entity(*e).despawn();
    }
    for e in index.present.iter().chain(index.clocks.iter()) {
        commands.entity(*e).despawn();
    }
    *index = MirrorIndex::default();
}

fn clear_without_match(mut commands: Commands, mut index: ResMut<MirrorIndex>) {
    if index.match_id != 0 {
        despawn_all(&mut commands, &mut index);
    }
}

fn sync_boards(
    mut commands: Commands,
    m: Res<Match>,
    mut index: ResMut<MirrorIndex>,
    mut boards: Query<(&BoardView, &mut BoardFlags)>,
    mut timelines: Query<&mut TimelineView>,
    mut present: Query<&mut PresentLine>,
) {
    let rebuild = index.match_id != m.id;
    if rebuild {
        despawn_all(&mut commands, &mut index);
        index.match_id = m.id;
    }
    let pos = &m.pos;
    let id = m.id;

    // Boards the engine no longer has (an undo) go first.
    index.boards.retain(|&(l, h), e| {
        let keep = pos.board(l, h).is_some();
        if !keep {
            commands.entity(*e).despawn();
        }
        keep
    });
    index.timelines.retain(|&l, e| {
        let keep = pos.timeline(l).is_some();
        if !keep {
            commands.entity(*e).despawn();
        }
        keep
    });

    let playable: std::collections::HashSet<(i32, i32)> =
        pos.playable_boards().into_iter().collect();
    let mandatory: std::collections::HashSet<(i32, i32)> =
        pos.mandatory_boards().into_iter().collect();
    let flags_of = |l: i32, h: i32| BoardFlags {
        playable: playable.contains(&(l, h)),
        mandatory: mandatory.contains(&(l, h)),
        active: pos.is_active(l),
        side: Some(Color::of_half_turn(h)),
    };

    // Boards added by moves (a player's, one at a time, or an AI's whole turn) animate;
    // a loaded or replaced match appears in place. A moved piece hops from where it was.
    let arrivals: Vec<(i32, i32, timefork_engine::Move)> = pos
        .turn_effects()
        .chain(m.last_submitted.iter())
        .map(|&(mv, eff)| {
            let l = eff.dst_l.unwrap_or(mv.to.l);
            (l, pos.last_h(l), mv)
        })
        .collect();
    for l in pos.timeline_indices() {
        let Some(tl) = pos.timeline(l) else { continue };
        let active = pos.is_active(l);
        match index.timelines.get(&l) {
            Some(&e) => {
                if let Ok(mut t) = timelines.get_mut(e) {
                    t.set_if_neq(TimelineView {
                        l,
                        label: pos.timeline_label(l),
                        active,
                    });
                }
            }
            None => {
                let e = commands
                    .spawn((
                        TimelineView {
                            l,
                            label: pos.timeline_label(l),
                            active,
                        },
                        MirrorOf(id),
                    ))
                    .id();
                index.timelines.insert(l, e);
            }
        }
        for (i, b) in tl.boards.iter().enumerate() {
            let h = tl.start + i as i32;
            if index.boards.contains_key(&(l, h)) {
                continue;
            }
            let parent = if i > 0 { Some((l, h - 1)) } else { tl.parent };
            let fresh = !rebuild;
            let arrived = arrivals
                .iter()
                .find(|&&(al, ah, _)| al == l && ah == h)
                .map(|a| a.2);
            let e = commands
                .spawn((
                    BoardView {
                        l,
                        h,
                        width: pos.width,
                        height: pos.height,
                        parent,
                        fresh,
                    },
                    flags_of(l, h),
                    MirrorOf(id),
                ))
                .with_children(|c| {
                    for y in 0..pos.height {
                        for x in 0..pos.width {
                            let piece = b.get(x, y);
                            if piece.is_empty() {
                                continue;
                            }
                            let arrived_from = arrived
                                .filter(|mv| fresh && mv.to.x == x && mv.to.y == y)
                                .map(|mv| mv.from);
                            c.spawn(PieceView {
                                x,
                                y,
                                piece,
                                arrived_from,
                            });
                        }
                    }
                })
                .id();
            index.boards.insert((l, h), e);
        }
    }

    // Flags change for old boards too (a new board makes its predecessor unplayable).
    for (bv, mut f) in &mut boards {
        f.set_if_neq(flags_of(bv.l, bv.h));
    }

    let h = pos.present();
    match index.present.and_then(|e| present.get_mut(e).ok()) {
        Some(mut p) => {
            p.set_if_neq(PresentLine { h });
        }
        None => {
            if index.present.is_none() {
                index.present = Some(commands.spawn((PresentLine { h }, MirrorOf(id))).id());
            }
        }
    }
}

fn sync_clocks(
    mut commands: Commands,
    m: Res<Match>,
    clocks: Res<Clocks>,
    mut index: ResMut<MirrorIndex>,
    mut views: Query<&mut ClockView>,
) {
    if index.clocks.is_empty() {
        for color in [Color::White, Color::Black] {
            let e = commands
                .spawn((
                    ClockView {
                        color,
                        used: Duration::ZERO,
                        running: false,
                    },
                    MirrorOf(m.id),
                ))
                .id();
            index.clocks.push(e);
        }
        return;
    }
    for &e in &index.clocks {
        if let Ok(mut c) = views.get_mut(e) {
            let i = crate::matchplay::color_index(c.color);
            let used = if clocks.match_id == m.id {
                clocks.used[i]
            } else {
                Duration::ZERO
            };
            let running = !m.is_over() && m.to_move() == c.color;
            c.set_if_neq(ClockView {
                color: c.color,
                used,
                running,
            });
        }
    }
}
