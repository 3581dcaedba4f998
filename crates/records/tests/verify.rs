//! `leaderboard::verify` on real games: the conformance game `standard.5dpgn` is a Standard
//! game of 16 actions whose final position (White to move) has no legal action with White
//! in check (its expected.json entry ends in 0), so it is Black's checkmate in 8 turns.

use timefork_records::leaderboard::{Entry, verify};
use timefork_records::{AiLevel, GameKind, Side};

fn standard_game() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/tests/data/conformance/standard.5dpgn"
    );
    std::fs::read_to_string(path).expect("the conformance game is in the repository")
}

fn entry(record: String, human: Side, turns: u32) -> Entry {
    Entry {
        game: GameKind::FiveD,
        name: "Ada".into(),
        variant: "Standard".into(),
        level: AiLevel::Hard,
        date: 1_796_083_200,
        turns,
        seconds: 300,
        clock: None,
        time_used_ms: 120_000,
        human,
        record,
    }
}

#[test]
fn a_human_checkmate_from_the_variant_start_verifies() {
    assert_eq!(verify(&entry(standard_game(), Side::Black, 8)), Ok(()));
}

#[test]
fn claims_the_game_does_not_back_are_refused() {
    let g = standard_game();
    // White was mated, so a White human did not win.
    assert!(
        verify(&entry(g.clone(), Side::White, 8))
            .unwrap_err()
            .contains("AI is not")
    );
    let e = verify(&entry(g.clone(), Side::Black, 7)).unwrap_err();
    assert!(e.contains("says 7 turns, the game has 8"), "{e}");
    // Without its last line the game stops before the mate.
    let cut: String = g
        .lines()
        .take(g.lines().count() - 1)
        .collect::<Vec<_>>()
        .join("\n");
    let e = verify(&entry(cut, Side::Black, 8)).unwrap_err();
    assert!(
        e.contains("says 8 turns") || e.contains("does not end in checkmate"),
        "{e}"
    );
    // The same moves claimed for another variant do not start from its position.
    let mut other = entry(g.clone(), Side::Black, 8);
    other.variant = "Standard - Turn Zero".into();
    let e = verify(&other).unwrap_err();
    assert!(e.contains("starting position"), "{e}");
    let e = verify(&entry("1. (0T1)e9".into(), Side::Black, 1)).unwrap_err();
    assert!(e.contains("does not replay"), "{e}");
}

/// A short Timeline Wager match, worked by hand: the fool's mate on the one timeline.
/// Black checkmates with its second move, secures the timeline's whole bank (100 points,
/// more than 50: rules.md) and wins on points with two moves.
const WAGER_WIN: &str = "[Mode \"Timeline Wager\"]\n[Clock \"-\"]\n\
1 W L0 f2f3\n2 B L0 e7e5\n3 W L0 g2g4\n4 B L0 d8h4\n";

fn wager_entry(record: &str, human: Side, turns: u32) -> Entry {
    Entry {
        game: GameKind::Wager,
        variant: "Timeline Wager".into(),
        ..entry(record.into(), human, turns)
    }
}

#[test]
fn a_wager_win_verifies_and_a_wrong_claim_does_not() {
    assert_eq!(verify(&wager_entry(WAGER_WIN, Side::Black, 2)), Ok(()));
    assert!(
        verify(&wager_entry(WAGER_WIN, Side::White, 2))
            .unwrap_err()
            .contains("did not win")
    );
    assert!(
        verify(&wager_entry(WAGER_WIN, Side::Black, 3))
            .unwrap_err()
            .contains("says 3 moves")
    );
    let unfinished = "[Mode \"Timeline Wager\"]\n1 W L0 e2e4\n";
    assert!(
        verify(&wager_entry(unfinished, Side::White, 1))
            .unwrap_err()
            .contains("did not end")
    );
}

/// The Wager AI never resigns: a win by the AI's resignation can only be forged.
#[test]
fn a_forged_wager_resignation_is_refused() {
    let resigned = "[Mode \"Timeline Wager\"]\n[Clock \"-\"]\n1 W L0 e2e4\n2 B resign\n";
    let e = verify(&wager_entry(resigned, Side::White, 1)).unwrap_err();
    assert!(e.contains("resignation"), "{e}");
}
