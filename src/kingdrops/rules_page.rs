//! The Kingdrops rules page: each section's diagram is a position written in KFEN and read
//! by the rules crate, laid out as the Kingdrops board lays it out (reserves and prisons in
//! the columns beside it). The squares a piece may reach and the drops beside the king are
//! the rules crate's own legal moves.

use super::layout::{KdLayout, Slot};
use super::view::pieces::{painted, shape_of};
use crate::rules_pages::diagram::{Diagram, DiagramBoard, DiagramPiece, Mark, Section, Tone};
use bevy::prelude::*;
use timefork_i18n::tr;
use timefork_kingdrops::{Color, Kind, Move, Position, Square, Turn};

/// The sections' positions.
pub const SETUP: &str = "8/8/8/8/8/8/AAAASSSS/RBGQKGBR b - - - -";
pub const REACH: &str = "4k3/8/8/A7/3Q4/1S6/6R1/4K3 w - - - -";
/// The pieces whose reach the second section rings.
pub const REACH_FROM: [&str; 4] = ["d4", "g2", "b3", "a5"];
pub const START: &str = "rbgqkgbr/ssssaaaa/8/8/8/8/AAAASSSS/RBGQKGBR w - - - -";
pub const THREE: &str = "e2e3,d2c3,d1d2";
pub const DROP: &str = "4k3/8/8/8/8/4K3/8/8 w R - - -";
pub const EXCHANGE: &str = "4k3/8/8/8/8/8/8/4K3 w - - r R";
pub const WIN: &str = "4k3/1S6/8/8/8/8/8/4K3 w - - - -";

pub fn sections() -> Vec<Section> {
    let lay = KdLayout::default();
    let read = |kfen: &str| Position::from_kfen(kfen).ok();
    let mut out = Vec::new();
    let mut add = |title: String, text: String, diagram: Option<Diagram>| {
        out.push(Section {
            title,
            text,
            diagram: diagram.unwrap_or_default(),
        });
    };
    add(
        tr!("rules-kd-setup-title"),
        tr!("rules-kd-setup-text"),
        read(SETUP).map(|p| {
            let mut d = diagram(&p, &lay);
            d.marks.push(Mark::Frame {
                center: Vec3::new(0.0, 0.0, -3.0),
                half: Vec2::new(4.0, 1.0),
                tone: Tone::Focus,
            });
            d.marks.push(Mark::Label {
                at: Vec3::new(0.0, 0.0, -3.0),
                text: tr!("rules-kd-setup-here"),
            });
            d
        }),
    );
    add(
        tr!("rules-kd-pieces-title"),
        tr!("rules-kd-pieces-text"),
        read(REACH).map(|p| {
            let mut d = diagram(&p, &lay);
            let from: Vec<Square> = REACH_FROM.iter().filter_map(|s| s.parse().ok()).collect();
            for mv in p.legal_next_moves(&[]).unwrap_or_default() {
                if let Move::Step { from: f, to } = mv
                    && from.contains(&f)
                {
                    d.marks.push(Mark::Ring {
                        at: lay.square(to),
                        tone: Tone::Reach,
                    });
                }
            }
            d
        }),
    );
    add(
        tr!("rules-kd-three-title"),
        tr!("rules-kd-three-text"),
        read(START).map(|p| {
            let mut d = diagram(&p, &lay);
            if let Ok(turn) = THREE.parse::<Turn>() {
                for (i, mv) in turn.moves().iter().enumerate() {
                    if let Move::Step { from, to } = *mv {
                        d.marks.push(Mark::Arrow {
                            from: lay.square(from),
                            to: lay.square(to),
                            tone: Tone::Move,
                        });
                        d.marks.push(Mark::Label {
                            at: (lay.square(from) + lay.square(to)) / 2.0,
                            text: (i + 1).to_string(),
                        });
                    }
                }
            }
            d
        }),
    );
    add(
        tr!("rules-kd-drops-title"),
        tr!("rules-kd-drops-text"),
        read(DROP).map(|p| {
            let mut d = diagram(&p, &lay);
            for mv in p.legal_next_moves(&[]).unwrap_or_default() {
                if let Move::Drop { to, .. } = mv {
                    d.marks.push(Mark::Ring {
                        at: lay.square(to),
                        tone: Tone::Reach,
                    });
                }
            }
            d.marks.push(Mark::Label {
                at: lay.slot(Slot::Reserve(Color::White, Kind::Rook, 0)) + Vec3::Z * 1.2,
                text: tr!("rules-kd-reserve"),
            });
            d
        }),
    );
    add(
        tr!("rules-kd-exchange-title"),
        tr!("rules-kd-exchange-text"),
        read(EXCHANGE).map(|p| {
            let mut d = diagram(&p, &lay);
            for holder in [Color::White, Color::Black] {
                let prison = lay.slot(Slot::Prison(holder, Kind::Rook, 0));
                let owner = holder.opponent();
                let home = lay.slot(Slot::Reserve(owner, Kind::Rook, 0));
                d.marks.push(Mark::Label {
                    at: prison - Vec3::Z * 1.2 * side_sign(holder),
                    text: match holder {
                        Color::White => tr!("rules-kd-prison-white"),
                        Color::Black => tr!("rules-kd-prison-black"),
                    },
                });
                d.marks.push(Mark::Arrow {
                    from: prison,
                    to: home,
                    tone: Tone::Move,
                });
            }
            d
        }),
    );
    add(
        tr!("rules-kd-win-title"),
        tr!("rules-kd-win-text"),
        read(WIN).map(|p| {
            let mut d = diagram(&p, &lay);
            if let (Ok(from), Ok(to)) = ("b7".parse(), "b8".parse()) {
                d.marks.push(Mark::Arrow {
                    from: lay.square(from),
                    to: lay.square(to),
                    tone: Tone::Threat,
                });
            }
            d
        }),
    );
    out
}

/// +1 for White's column (on the right, reserve toward the viewer), -1 for Black's.
fn side_sign(c: Color) -> f32 {
    match c {
        Color::White => 1.0,
        Color::Black => -1.0,
    }
}

/// The board of `p` and the pieces in its reserves and prisons, where the game puts them.
pub fn diagram(p: &Position, lay: &KdLayout) -> Diagram {
    let piece = |at: Vec3, kind: Kind, color: Color| DiagramPiece {
        at,
        shape: shape_of(kind),
        side: painted(color),
        turned: color == Color::Black,
    };
    let pieces = p
        .pieces()
        .map(|(sq, pc)| piece(lay.square(sq), pc.kind, pc.color))
        .collect();
    let mut loose = Vec::new();
    for c in [Color::White, Color::Black] {
        for (slot_of, owner, list) in [
            (
                Slot::Reserve as fn(Color, Kind, u8) -> Slot,
                c,
                p.reserve(c),
            ),
            (Slot::Prison, c.opponent(), p.prison(c)),
        ] {
            let mut seen: Vec<Kind> = Vec::new();
            for kind in list {
                let n = seen.iter().filter(|&&k| k == kind).count() as u8;
                seen.push(kind);
                loose.push(piece(lay.slot(slot_of(c, kind, n)), kind, owner));
            }
        }
    }
    Diagram {
        boards: vec![DiagramBoard {
            center: Vec3::ZERO,
            width: 8,
            height: 8,
            border: painted(p.side_to_move()),
            latest: true,
            dim: false,
            pieces,
        }],
        loose,
        marks: Vec::new(),
    }
}
