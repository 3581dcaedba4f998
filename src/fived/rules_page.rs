//! The 5D chess rules page: one section per idea, each drawn from a tutorial lesson's
//! position (the engine's `tutorial` module), laid out as the 5D view lays out boards,
//! with the lesson's intended moves as arrows and its focus as frames and rings. The
//! section on time travel shows the board after the jump, with its new timeline.

use super::view::boards::{shape_of, side_of};
use super::view::layout::Layout;
use crate::rules_pages::diagram::{Diagram, DiagramBoard, DiagramPiece, Mark, Section, Tone};
use bevy::prelude::*;
use timefork_engine::tutorial::{self, Focus, board_label};
use timefork_engine::{Color, Coord, Move, Position};
use timefork_i18n::tr;

/// The sections in order: (lesson id, heading, text, whether to show the position after
/// the lesson's turn is played).
fn texts() -> [(&'static str, String, String, bool); 8] {
    [
        (
            "board",
            tr!("rules-fived-board-title"),
            tr!("rules-fived-board-text"),
            false,
        ),
        (
            "time",
            tr!("rules-fived-time-title"),
            tr!("rules-fived-time-text"),
            true,
        ),
        (
            "timelines",
            tr!("rules-fived-timelines-title"),
            tr!("rules-fived-timelines-text"),
            false,
        ),
        (
            "present",
            tr!("rules-fived-present-title"),
            tr!("rules-fived-present-text"),
            false,
        ),
        (
            "inactive",
            tr!("rules-fived-inactive-title"),
            tr!("rules-fived-inactive-text"),
            false,
        ),
        (
            "check",
            tr!("rules-fived-check-title"),
            tr!("rules-fived-check-text"),
            false,
        ),
        (
            "mate",
            tr!("rules-fived-mate-title"),
            tr!("rules-fived-mate-text"),
            false,
        ),
        (
            "pawn",
            tr!("rules-fived-pawn-title"),
            tr!("rules-fived-pawn-text"),
            false,
        ),
    ]
}

pub fn sections() -> Vec<Section> {
    texts()
        .into_iter()
        .map(|(id, title, text, after)| {
            let diagram = match tutorial::lesson(id) {
                Ok(lesson) => {
                    let moves = lesson.intended_moves().unwrap_or_default();
                    diagram(&lesson.position, &moves, &lesson.focus, after)
                }
                // A lesson that does not read is a bug the engine's tests catch; the page
                // still shows its text.
                Err(_) => Diagram::default(),
            };
            Section {
                title,
                text,
                diagram,
            }
        })
        .collect()
}

/// `pos` drawn as the 5D view draws it, the `moves` of one turn as arrows (made first
/// when `after`), `focus` as frames on boards and rings on squares.
pub fn diagram(pos: &Position, moves: &[Move], focus: &[Focus], after: bool) -> Diagram {
    let lay = Layout::new(pos.width, pos.height);
    let centre = |c: &Coord| lay.square_center(c.l, c.h, c.x, c.y);
    let mut shown = pos.clone();
    let mut arrows = Vec::new();
    for mv in moves {
        let from = centre(&mv.from);
        let to = if after {
            // The arrival is on the board the move made (a new timeline's first board).
            let eff = shown.make_move(mv);
            let l = eff.dst_l.unwrap_or(mv.to.l);
            lay.square_center(l, shown.last_h(l), mv.to.x, mv.to.y)
        } else {
            centre(&mv.to)
        };
        arrows.push(Mark::Arrow {
            from,
            to,
            tone: Tone::Move,
        });
    }
    let pos = &shown;
    let mut d = Diagram::default();
    for l in pos.timeline_indices() {
        let Some(tl) = pos.timeline(l) else { continue };
        for (i, b) in tl.boards.iter().enumerate() {
            let h = tl.start + i as i32;
            let mut pieces = Vec::new();
            for y in 0..pos.height {
                for x in 0..pos.width {
                    let p = b.get(x, y);
                    let Some(kind) = p.kind() else { continue };
                    pieces.push(DiagramPiece {
                        at: lay.square_center(l, h, x, y),
                        shape: shape_of(kind),
                        side: side_of(p.color()),
                        turned: p.color() == Color::Black,
                    });
                }
            }
            let center = lay.board_center(l, h);
            d.boards.push(DiagramBoard {
                center,
                width: pos.width,
                height: pos.height,
                border: side_of(Color::of_half_turn(h)),
                latest: pos.last_h(l) == h,
                dim: !pos.is_active(l),
                pieces,
            });
            d.marks.push(Mark::Label {
                at: center - Vec3::Z * (pos.height as f32 / 2.0 + 1.05),
                text: board_label(l, h, pos.even),
            });
        }
    }
    for f in focus {
        d.marks.push(match f {
            Focus::Board { l, h } => Mark::Frame {
                center: lay.board_center(*l, *h),
                half: lay.half_extent() + Vec2::splat(0.5),
                tone: Tone::Focus,
            },
            Focus::Square(c) => Mark::Ring {
                at: centre(c),
                tone: Tone::Focus,
            },
        });
    }
    d.marks.extend(arrows);
    d
}
