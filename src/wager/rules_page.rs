//! The Timeline Wager rules page: each section's diagram is a small match replayed from a
//! match record through the rules crate (so the banks, the merge offer and the clock
//! rates shown are the rules' own), its timelines side by side as the Wager board draws
//! them, each with its number and bank.

use super::layout::square_center;
use super::view::{shape_of, side_of};
use crate::rules_pages::diagram::{Diagram, DiagramBoard, DiagramPiece, Mark, Section, Tone};
use bevy::prelude::*;
use timefork_i18n::tr;
use timefork_wager::cozy_chess::{Color, Piece};
use timefork_wager::{Match, Timeline};

/// How far apart two timelines' boards stand.
const SPACING: f32 = 11.0;

/// The sections' records: each a match the rules replay.
pub const SPLIT: &str = "[Mode \"Timeline Wager\"]\n[Clock \"10+10\"]\n0 W L0 e2e4 split 20\n";
pub const MERGE: &str =
    "[Mode \"Timeline Wager\"]\n[Clock \"-\"]\n0 W L0 g1f3 split 20\n1 W L0 g1f3\n";
pub const MATE: &str = "[Mode \"Timeline Wager\"]\n[Clock \"-\"]\n\
                        0 W L0 f2f3\n1 B L0 e7e5\n2 W L0 g2g4\n3 B L0 d8h4\n";

pub fn sections() -> Vec<Section> {
    let read = |text: &str| Match::from_record(text).ok();
    let fresh = Match::new(None);
    let mut out = vec![Section {
        title: tr!("rules-wager-board-title"),
        text: tr!("rules-wager-board-text"),
        diagram: diagram(&fresh, Labels::Banks),
    }];
    let mut add = |title: String, text: String, m: Option<Match>, labels: Labels| {
        out.push(Section {
            title,
            text,
            diagram: m.map(|m| diagram(&m, labels)).unwrap_or_default(),
        });
    };
    add(
        tr!("rules-wager-split-title"),
        tr!("rules-wager-split-text"),
        read(SPLIT),
        Labels::Banks,
    );
    add(
        tr!("rules-wager-merge-title"),
        tr!("rules-wager-merge-text"),
        read(MERGE),
        Labels::Banks,
    );
    add(
        tr!("rules-wager-clock-title"),
        tr!("rules-wager-clock-text"),
        read(SPLIT),
        Labels::ClockShares,
    );
    add(
        tr!("rules-wager-win-title"),
        tr!("rules-wager-win-text"),
        read(MATE),
        Labels::Banks,
    );
    out
}

/// What the line under each board says.
#[derive(Clone, Copy)]
enum Labels {
    /// Each player's points on that timeline.
    Banks,
    /// Whose clock the timeline runs, and at what share of a second a second.
    ClockShares,
}

fn side_name(c: Color) -> String {
    match c {
        Color::White => tr!("common-white"),
        Color::Black => tr!("common-black"),
    }
}

/// Every timeline of `m` side by side, L0 on the left, its last move as an arrow.
fn diagram(m: &Match, labels: Labels) -> Diagram {
    let mut d = Diagram::default();
    let n = m.timelines().len();
    let open_points = m.open_points().max(1);
    for (i, t) in m.timelines().iter().enumerate() {
        let center = Vec3::X * (i as f32 - (n as f32 - 1.0) / 2.0) * SPACING;
        d.boards.push(board(t, center));
        if let Some(mv) = t.game().moves().last() {
            let mated = t.end().is_some();
            d.marks.push(Mark::Arrow {
                from: center + square_center(mv.from, false),
                to: center + square_center(mv.to, false),
                tone: if mated { Tone::Threat } else { Tone::Move },
            });
            if mated {
                let k = t.board().king(t.side_to_move());
                d.marks.push(Mark::Ring {
                    at: center + square_center(k, false),
                    tone: Tone::Threat,
                });
            }
        }
        let bank = t.bank();
        d.marks.push(Mark::Label {
            at: center - Vec3::Z * 4.9,
            text: format!("L{}", t.number()),
        });
        let line = match labels {
            Labels::Banks => tr!("rules-wager-bank", white = bank.white, black = bank.black),
            Labels::ClockShares => tr!(
                "rules-wager-clock-share",
                side = side_name(t.side_to_move()),
                share = format!("{:.2}", bank.total() as f64 / open_points as f64)
            ),
        };
        d.marks.push(Mark::Label {
            at: center + Vec3::Z * 4.9,
            text: line,
        });
    }
    if let Some(o) = m.offers().first() {
        let (a, b) = (o.a, o.b);
        let x = |k: usize| (k as f32 - (n as f32 - 1.0) / 2.0) * SPACING;
        d.marks.push(Mark::Label {
            at: Vec3::X * (x(a) + x(b)) / 2.0,
            text: tr!("rules-wager-same"),
        });
    }
    d
}

fn board(t: &Timeline, center: Vec3) -> DiagramBoard {
    let b = t.board();
    let pieces = b
        .occupied()
        .into_iter()
        .filter_map(|sq| {
            let (piece, color): (Piece, Color) = (b.piece_on(sq)?, b.color_on(sq)?);
            Some(DiagramPiece {
                at: center + square_center(sq, false),
                shape: shape_of(piece),
                side: side_of(color),
                turned: color == Color::Black,
            })
        })
        .collect();
    DiagramBoard {
        center,
        width: 8,
        height: 8,
        border: side_of(t.side_to_move()),
        latest: true,
        dim: !t.is_open(),
        pieces,
    }
}
