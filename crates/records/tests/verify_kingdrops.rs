//! `leaderboard::verify` on Kingdrops entries. The game in `data/black-captures-the-king.kingdrops`
//! was played by the CLI's self-play (White random, Black hard). It has six turn lines:
//! White's three (b2a3,..; f4f6,..; e2f3,d3c4,..) and Black's three, the last `a2c4`: the
//! black bishop that went g8-d5-a2 takes the white king, which walked c2-d3-c4. So Black
//! won by capturing the king, and six turns of one side each are 6 / 2 = 3 whole turns.

use timefork_records::leaderboard::{Entry, KINGDROPS_VARIANT, verify};
use timefork_records::{AiLevel, GameKind, Side};

fn record() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/black-captures-the-king.kingdrops"
    ))
    .expect("the test game is in the repository")
}

fn entry(record: String, human: Side, turns: u32) -> Entry {
    Entry {
        game: GameKind::Kingdrops,
        name: "Ada".into(),
        variant: KINGDROPS_VARIANT.into(),
        level: AiLevel::Medium,
        date: 1_796_083_200,
        turns,
        seconds: 120,
        clock: None,
        time_used_ms: 60_000,
        human,
        record,
    }
}

#[test]
fn the_winner_of_a_game_from_a_setup_verifies() {
    assert_eq!(verify(&entry(record(), Side::Black, 3)), Ok(()));
}

#[test]
fn claims_the_record_does_not_back_are_refused() {
    let g = record();
    let e = verify(&entry(g.clone(), Side::White, 3)).unwrap_err();
    assert!(e.contains("human did not win"), "{e}");
    let e = verify(&entry(g.clone(), Side::Black, 4)).unwrap_err();
    assert!(e.contains("says 4 turns, the game has 3"), "{e}");
    // Without the capturing turn (and the result comment) the game is still going after
    // five turns, which are three whole turns.
    let cut: String = g.lines().take(7).map(|l| format!("{l}\n")).collect();
    let e = verify(&entry(cut, Side::Black, 3)).unwrap_err();
    assert!(e.contains("not over"), "{e}");
    let mut other = entry(g.clone(), Side::Black, 3);
    other.variant = "Standard".into();
    let e = verify(&other).unwrap_err();
    assert!(e.contains("one variant"), "{e}");
    // A record from a position where White's spearman already stands on rank 8: White
    // has won with no turn played, but not from a setup.
    let won = "Kingdrops 1\nposition 4k2S/8/8/8/8/8/8/4K3 b - - - -\n".to_string();
    let e = verify(&entry(won, Side::White, 0)).unwrap_err();
    assert!(e.contains("does not start from a setup"), "{e}");
    let bad = g.replace("a2c4", "a2c5");
    let e = verify(&entry(bad, Side::Black, 3)).unwrap_err();
    assert!(e.contains("does not replay") && e.contains("a2c5"), "{e}");
}
