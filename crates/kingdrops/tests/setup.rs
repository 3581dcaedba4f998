//! The setup phase: placements are checked, and the quick choices give valid ones.

use std::collections::BTreeMap;

use timefork_kingdrops::{Color, Kind, Placement, Position, SetupError, Square};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn counts(p: &Placement) -> BTreeMap<Kind, usize> {
    let mut m = BTreeMap::new();
    for (_, k) in p.pieces() {
        *m.entry(k).or_insert(0) += 1;
    }
    m
}

#[test]
fn standard_layout_is_rules_md_example() {
    let w = Placement::standard(Color::White);
    assert_eq!(w.to_text(), "AAAASSSS/RBGQKGBR");
    assert_eq!(w.kind_at(sq("e1")), Some(Kind::King));
    assert_eq!(w.kind_at(sq("a2")), Some(Kind::Archer));
    assert_eq!(w.kind_at(sq("e3")), None);
    let b = Placement::standard(Color::Black);
    assert_eq!(b.to_text(), "rbgqkgbr/ssssaaaa");
    let p = Position::from_setup(&w, &b).unwrap();
    assert_eq!(
        p.to_kfen(),
        "rbgqkgbr/ssssaaaa/8/8/8/8/AAAASSSS/RBGQKGBR w - - - -"
    );
}

#[test]
fn placement_errors() {
    let mut pieces = Placement::standard(Color::White).pieces();
    // The king moved off the two ranks.
    let king = pieces.iter().position(|&(_, k)| k == Kind::King).unwrap();
    pieces[king].0 = sq("e4");
    assert_eq!(
        Placement::new(Color::White, &pieces),
        Err(SetupError::OffHomeRanks {
            color: Color::White,
            square: sq("e4"),
            kind: Kind::King
        })
    );
    let msg = Placement::new(Color::White, &pieces)
        .unwrap_err()
        .to_string();
    assert!(msg.contains("e4") && msg.contains("1 and 2"), "{msg}");
    // A rook missing (15 pieces).
    let mut pieces = Placement::standard(Color::White).pieces();
    let rook = pieces.iter().position(|&(_, k)| k == Kind::Rook).unwrap();
    pieces.remove(rook);
    let e = Placement::new(Color::White, &pieces).unwrap_err();
    assert_eq!(
        e,
        SetupError::Missing {
            color: Color::White,
            kind: Kind::Rook,
            placed: 1
        }
    );
    assert!(e.to_string().contains("rook"), "{e}");
    // A third guard instead of a rook.
    let mut pieces = Placement::standard(Color::Black).pieces();
    let rook = pieces.iter().position(|&(_, k)| k == Kind::Rook).unwrap();
    pieces[rook].1 = Kind::Guard;
    assert!(matches!(
        Placement::new(Color::Black, &pieces),
        Err(SetupError::TooMany {
            kind: Kind::Guard,
            placed: 3,
            ..
        })
    ));
    // Black's pieces belong on ranks 7 and 8.
    let white_layout = Placement::standard(Color::White).pieces();
    assert!(matches!(
        Placement::new(Color::Black, &white_layout),
        Err(SetupError::OffHomeRanks { .. })
    ));
    // Two pieces on one square.
    let mut pieces = Placement::standard(Color::White).pieces();
    pieces[1].0 = pieces[0].0;
    assert!(matches!(
        Placement::new(Color::White, &pieces),
        Err(SetupError::SquareTwice { .. })
    ));
    // Text: wrong colour, short rank, bad letter.
    assert!(matches!(
        Placement::from_text(Color::White, "aaaassss/rbgqkgbr"),
        Err(SetupError::WrongColor { .. })
    ));
    assert!(Placement::from_text(Color::White, "AAAASSS/RBGQKGBR").is_err());
    assert!(Placement::from_text(Color::White, "AAAASSSX/RBGQKGBR").is_err());
}

#[test]
fn random_and_mirror_are_valid() {
    for seed in 0..50 {
        for color in Color::BOTH {
            let p = Placement::random(color, seed);
            // Valid: re-checking its pieces gives the same placement.
            assert_eq!(Placement::new(color, &p.pieces()).unwrap(), p);
            assert_eq!(counts(&p), counts(&Placement::standard(color)));
            let m = Placement::mirror_of(&p);
            assert_eq!(m.color(), color.opponent());
            // Mirrored: same file, rank r <-> 9 - r.
            for (s, k) in p.pieces() {
                let t = Square::new(s.file(), 7 - s.rank()).unwrap();
                assert_eq!(m.kind_at(t), Some(k));
            }
        }
    }
    assert_eq!(
        Placement::random(Color::White, 7),
        Placement::random(Color::White, 7)
    );
    assert_ne!(
        Placement::random(Color::White, 7),
        Placement::random(Color::White, 8)
    );
    // White's standard layout mirrored for Black: the king faces the king on e8.
    let m = Placement::mirror_of(&Placement::standard(Color::White));
    assert_eq!(m.to_text(), "rbgqkgbr/aaaassss");
}
