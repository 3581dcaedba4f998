//! The ECS mirror of the match: one entity per timeline, board and piece, one for the
//! present line and one per clock. It is updated from what changed: boards are never
//! edited in 5D chess, only added (a move, a new timeline) or taken away (an undo), so the
//! mirror spawns and despawns board entities by comparing the engine's boards with its
//! index, and refreshes the per-board flags (playable, mandatory, active).

use crate::fived::matchplay::Match;
use crate::fived::matchplay::browse::Browse;
use crate::fived::matchplay::clocks::Clocks;
use crate::fived::view::layout::Orientation;
use crate::game_kit::GameSystems;
use crate::net::session::NetSession;
use crate::players::Player;
use crate::settings::ViewSide;
use bevy::prelude::*;
use std::collections::HashMap;
use std::time::Duration;
use timefork_engine::{Color, Coord, Piece};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MirrorIndex>();
    app.add_systems(
        Update,
        (
            sync_boards.run_if(
                resource_exists_and_changed::<Match>.or_else(resource_exists_and_changed::<Browse>),
            ),
            sync_clocks,
        )
            .chain()
            .in_set(GameSystems::Mirror)
            .distributive_run_if(resource_exists::<Match>),
    );
    app.add_systems(
        Update,
        clear_without_match.run_if(not(resource_exists::<Match>)),
    );
    app.init_resource::<Orientation>();
    app.add_systems(
        Update,
        follow_orientation
            .in_set(GameSystems::Mirror)
            .before(sync_boards)
            .distributive_run_if(resource_exists::<Match>),
    );
}

/// Which side is shown near the viewer (seed 004 flips the timeline axis per player): the
/// setting, or on Auto the one human's side, in hot-seat the side to move, and White when
/// the AI plays both sides.
pub fn viewing_side(setting: ViewSide, players: [Player; 2], to_move: Color) -> Color {
    setting.near_viewer(players, to_move, Color::White, Color::Black)
}

fn follow_orientation(
    m: Res<Match>,
    settings: Res<crate::settings::Settings>,
    analysis: Res<crate::fived::analysis::Analysis>,
    mut orientation: ResMut<Orientation>,
) {
    // The analysis board is seen from the side the game waiting behind it is seen from.
    let players = analysis
        .waiting_players()
        .filter(|_| analysis.is_open(&m))
        .unwrap_or(m.players);
    // A lesson is one turn: it stays seen from the side that plays it, also once played.
    let acting = if m.origin == crate::fived::matchplay::Origin::Tutorial {
        m.game.start.to_move
    } else {
        m.game.position().to_move
    };
    let side = viewing_side(settings.view_side, players, acting);
    orientation.set_if_neq(Orientation {
        flipped: side == Color::Black,
    });
}

/// A timeline of the multiverse.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct TimelineView {
    pub l: i32,
    /// As players write it: `0`, `+1`, `-1`, `-0`.
    pub label: String,
    pub active: bool,
    /// Who made it (`None` for the timelines the game started with).
    pub creator: Option<Color>,
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
    /// The latest board of its timeline (seed 004 draws it with a thick border).
    pub latest: bool,
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
    /// Time left in a timed game, time used in an untimed one.
    pub shown: Duration,
    pub timed: bool,
    pub running: bool,
    /// Under the low-time warning threshold.
    pub low: bool,
}

/// The match the mirror shows, as an entity: every timeline, board, present line and
/// clock hangs off it (`MirrorOf`), so one despawn clears a replaced match.
#[derive(Component, Debug)]
pub struct MatchRoot {
    pub id: u64,
}

/// A mirror entity of the match whose root is this entity.
#[derive(Component, Debug)]
#[relationship(relationship_target = Mirrors)]
pub struct MirrorOf(pub Entity);

/// Everything mirroring the root's match; despawned with the root.
#[derive(Component, Debug, Default)]
#[relationship_target(relationship = MirrorOf, linked_spawn)]
pub struct Mirrors(Vec<Entity>);

/// Which entity mirrors which timeline and board, for the match of `root`.
#[derive(Resource, Default)]
pub struct MirrorIndex {
    /// The match mirrored and its root entity.
    pub root: Option<(u64, Entity)>,
    pub boards: HashMap<(i32, i32), Entity>,
    pub timelines: HashMap<i32, Entity>,
    pub present: Option<Entity>,
    pub clocks: Vec<Entity>,
}

impl MirrorIndex {
    /// The root of match `id`: the one there, or a new one after the old match's root
    /// and everything on it are gone. `true` when it is new (the mirror starts over).
    fn root_for(&mut self, commands: &mut Commands, id: u64) -> (Entity, bool) {
        match self.root {
            Some((shown, root)) if shown == id => (root, false),
            _ => {
                self.clear(commands);
                let root = commands.spawn(MatchRoot { id }).id();
                self.root = Some((id, root));
                (root, true)
            }
        }
    }

    fn clear(&mut self, commands: &mut Commands) {
        if let Some((_, root)) = self.root {
            commands.entity(root).despawn();
        }
        *self = MirrorIndex::default();
    }
}

fn clear_without_match(mut commands: Commands, mut index: ResMut<MirrorIndex>) {
    if index.root.is_some() {
        index.clear(&mut commands);
    }
}

fn sync_boards(
    mut commands: Commands,
    m: Res<Match>,
    mut index: ResMut<MirrorIndex>,
    mut boards: Query<(&BoardView, &mut BoardFlags)>,
    mut timelines: Query<&mut TimelineView>,
    mut present: Query<&mut PresentLine>,
    browse: Res<Browse>,
) {
    let (root, rebuild) = index.root_for(&mut commands, m.id);
    let browsing = browse.is_browsing(&m);
    let pos = browse.position(&m);

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
        latest: pos.last_h(l) == h,
        side: Some(Color::of_half_turn(h)),
    };

    // Boards added by moves (a player's, one at a time, or an AI's whole turn) animate;
    // a loaded or replaced match appears in place. A moved piece hops from where it was.
    // Browsing shows past states in place (no moves to animate).
    let arrivals: Vec<(i32, i32, timefork_engine::Move)> = if browsing {
        Vec::new()
    } else {
        pos.turn_effects()
            .chain(m.last_submitted.iter())
            .map(|&(mv, eff)| {
                let l = eff.dst_l.unwrap_or(mv.to.l);
                (l, pos.last_h(l), mv)
            })
            .collect()
    };
    for l in pos.timeline_indices() {
        let Some(tl) = pos.timeline(l) else { continue };
        let view = TimelineView {
            l,
            label: timefork_engine::position::timeline_display(l, pos.even),
            active: pos.is_active(l),
            creator: if l > pos.init_max {
                Some(Color::White)
            } else if l < pos.init_min {
                Some(Color::Black)
            } else {
                None
            },
        };
        match index.timelines.get(&l) {
            Some(&e) => {
                if let Ok(mut t) = timelines.get_mut(e) {
                    t.set_if_neq(view);
                }
            }
            None => {
                let e = commands.spawn((view, MirrorOf(root))).id();
                index.timelines.insert(l, e);
            }
        }
        for (i, b) in tl.boards.iter().enumerate() {
            let h = tl.start + i as i32;
            if index.boards.contains_key(&(l, h)) {
                continue;
            }
            let parent = if i > 0 { Some((l, h - 1)) } else { tl.parent };
            let fresh = !rebuild && !browsing;
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
                    MirrorOf(root),
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
                index.present = Some(commands.spawn((PresentLine { h }, MirrorOf(root))).id());
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
    session: Option<Res<NetSession>>,
) {
    // A network game waiting for its other player stands still, clocks and all.
    let waiting = session.is_some_and(|s| s.lost);
    let view = |color: Color| {
        let i = crate::fived::matchplay::color_index(color);
        let current = clocks.match_id == m.id;
        let (shown, timed) = match clocks.remaining.filter(|_| current) {
            Some(r) => (r[i], true),
            None if current => (clocks.used[i], false),
            // Clocks not started for this match yet (a network game waiting for its
            // other player): a timed game shows its base time.
            None => (
                m.time_control.map_or(Duration::ZERO, |tc| tc.base()),
                m.time_control.is_some(),
            ),
        };
        ClockView {
            color,
            shown,
            timed,
            running: !waiting
                && m.to_move() == color
                && crate::fived::matchplay::clocks::running(&m),
            low: current && clocks.low(&m, color),
        }
    };
    if index.clocks.is_empty() {
        // The clocks hang off the root the boards made for this match.
        let Some((_, root)) = index.root.filter(|&(id, _)| id == m.id) else {
            return;
        };
        for color in [Color::White, Color::Black] {
            let e = commands.spawn((view(color), MirrorOf(root))).id();
            index.clocks.push(e);
        }
        return;
    }
    for &e in &index.clocks {
        if let Ok(mut c) = views.get_mut(e) {
            let v = view(c.color);
            c.set_if_neq(v);
        }
    }
}
