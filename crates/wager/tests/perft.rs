//! Perft from the published positions: the chess move generation under the match.

use timefork_wager::chess::{fen, perft};

#[test]
fn start_position() {
    // Published counts (chessprogramming.org "Perft Results", initial position).
    let b = fen::parse(timefork_wager::chess::START_FEN).unwrap();
    let counts: Vec<u64> = (1..=4).map(|d| perft::perft(&b, d)).collect();
    assert_eq!(counts, [20, 400, 8_902, 197_281]);
}

#[test]
fn kiwipete() {
    // Published counts for "Kiwipete" (position 2), castling, en passant and promotions.
    let b =
        fen::parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    let counts: Vec<u64> = (1..=4).map(|d| perft::perft(&b, d)).collect();
    assert_eq!(counts, [48, 2_039, 97_862, 4_085_603]);
}

#[test]
fn position_3_and_divide() {
    // Position 3 of the same page: en passant discovered checks along the rank.
    let b = fen::parse("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
    assert_eq!(perft::perft(&b, 4), 43_238);
    let d = perft::divide(&b, 2);
    assert_eq!(d.len(), 14);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 191);
    // Divide lists castling in standard form.
    let c = fen::parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let names: Vec<String> = perft::divide(&c, 1)
        .iter()
        .map(|(m, _)| m.to_string())
        .collect();
    assert!(names.contains(&"e1g1".to_string()) && names.contains(&"e1c1".to_string()));
}
