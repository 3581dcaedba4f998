//! The weighted clock with exact numbers (rules.md section 2, "Timed variant").

mod common;

use common::{from_fen, ok, refused, timed};
use timefork_wager::chess::Color;
use timefork_wager::{Clocks, EndReason, FlagFall, Match, MatchError, Outcome, Rate};

fn clocks(white_ms: u64, black_ms: u64) -> Option<Clocks> {
    Some(Clocks { white_ms, black_ms })
}

#[test]
fn the_seeds_example_80_and_20() {
    // 10+10. White splits with stake 20 at 0 s: L0 holds 80 points (White to move), L1 20
    // (Black to move). The split is a move on L1: +10 s * 20/100 = 2 s for White.
    let mut m = timed("10+10");
    let a = ok(&mut m, 0, "W L0 e2e4 split 20");
    assert_eq!(a.increment_ms, 2_000);
    assert_eq!(m.clocks(), clocks(602_000, 600_000));
    // Mine runs at 0.8 s/s, yours at 0.2 s/s.
    assert_eq!(m.clock_rate(Color::White), Rate { num: 80, den: 100 });
    assert_eq!(m.clock_rate(Color::Black), Rate { num: 20, den: 100 });
    // Ten seconds later: 8 s and 2 s gone.
    assert_eq!(m.clocks_at(10_000), clocks(594_000, 598_000));
    // I play on the 80 timeline: +8 s; my clock stops, yours runs at 1.0 s/s.
    let a = ok(&mut m, 10_000, "W L0 d2d4");
    assert_eq!(a.increment_ms, 8_000);
    assert_eq!(m.clocks(), clocks(602_000, 598_000));
    assert_eq!(m.clock_rate(Color::White).num, 0);
    assert_eq!(m.clock_rate(Color::Black), Rate { num: 100, den: 100 });
    assert_eq!(m.clocks_at(15_000), clocks(602_000, 593_000));
}

#[test]
fn spending_rounds_down_to_the_millisecond() {
    // 1+0, stake 34: L0 66 points (White to move), L1 34 (Black to move). Over 1001 ms
    // White spends floor(1001 * 66 / 100) = floor(660.66) = 660 ms and Black
    // floor(1001 * 34 / 100) = floor(340.34) = 340 ms.
    let mut m = timed("1+0");
    ok(&mut m, 0, "W L0 e2e4 split 34");
    ok(&mut m, 1001, "B L1 e7e5");
    assert_eq!(m.clocks(), clocks(59_340, 59_660));
    // Now White is to move on both (rate 1): 1000 ms costs 1000 ms.
    assert_eq!(m.clocks_at(2001), clocks(58_340, 59_660));
}

#[test]
fn flag_falls_at_the_exact_millisecond() {
    // 0.05+0 = 3 s. White's clock runs at 1 s/s from 0: it runs out at 3000 ms.
    let mut m = timed("0.05+0");
    assert_eq!(m.flag_fall(2_999), None);
    let flag = FlagFall {
        side: Color::White,
        at_ms: 3_000,
        both: false,
    };
    assert_eq!(m.flag_fall(3_000), Some(flag));
    assert_eq!(
        refused(&mut m, 3_000, "W L0 e2e4"),
        MatchError::FlagFallen {
            side: Color::White,
            at_ms: 3_000
        }
    );
    assert_eq!(
        refused(&mut m, 2_000, "W flag"),
        MatchError::FlagNotFallen {
            side: Color::White,
            at_ms: 2_000,
            runs_out_ms: Some(3_000)
        }
    );
    // One millisecond earlier the move stands: 1 ms left; Black's 3 s now run.
    ok(&mut m, 2_999, "W L0 e2e4");
    assert_eq!(m.clocks(), clocks(1, 3_000));
    assert_eq!(m.runs_out_at(Color::Black), Some(5_999));
    let a = m.tick(10_000).unwrap();
    let r = a.ended.unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.at_ms),
        (Outcome::WhiteWins, EndReason::FlagFall, 5_999)
    );
    assert_eq!(m.clocks(), clocks(1, 0));
    assert!(m.record().ends_with("2.999 W L0 e2e4\n5.999 B flag\n"));
    assert_eq!(m.tick(20_000), None);
}

#[test]
fn a_weighted_clock_runs_out_later() {
    // 1+0, stake 20: White runs at 0.8 s/s, so 60 s last ceil(60000 * 100 / 80) = 75000 ms;
    // Black at 0.2 s/s: 300000 ms.
    let mut m = timed("1+0");
    ok(&mut m, 0, "W L0 e2e4 split 20");
    assert_eq!(m.runs_out_at(Color::White), Some(75_000));
    assert_eq!(m.runs_out_at(Color::Black), Some(300_000));
    assert_eq!(m.flag_fall(74_999), None);
    assert_eq!(m.flag_fall(80_000).unwrap().at_ms, 75_000);
    m.tick(80_000).unwrap();
    assert_eq!(m.result().unwrap().outcome, Outcome::BlackWins);
    assert_eq!(m.clocks(), clocks(0, 45_000));
}

#[test]
fn both_flags_in_the_same_millisecond_draw() {
    // Stake 50: 50 points each side of the split, each clock at 0.5 s/s: both run out at
    // 120000 ms.
    let mut m = timed("1+0");
    ok(&mut m, 0, "W L0 e2e4 split 50");
    let f = m.flag_fall(200_000).unwrap();
    assert_eq!((f.at_ms, f.both), (120_000, true));
    m.tick(200_000).unwrap();
    let r = m.result().unwrap();
    assert_eq!((r.outcome, r.reason), (Outcome::Draw, EndReason::BothFlags));
    let again = Match::from_record(&m.record()).unwrap();
    assert_eq!(again.result(), m.result());
    assert_eq!(again.clocks(), clocks(0, 0));
}

#[test]
fn a_move_that_closes_its_timeline_earns_the_increment_as_if_open() {
    // 1+10. A split with stake 40 playing Qf8# closes L1 at once: 10 s * 40/100 = 4 s.
    // Then 1 s on L0 (60 of 60 open points: 1 s/s) and the stalemate Qf7 there:
    // 10 s * 60/60 = 10 s. White: 60 + 4 - 1 + 10 = 73 s.
    let mut m = from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", Some("1+10"));
    let a = ok(&mut m, 0, "W L0 f1f8 split 40");
    assert_eq!(a.increment_ms, 4_000);
    let a = ok(&mut m, 1_000, "W L0 f1f7");
    assert_eq!(a.increment_ms, 10_000);
    assert_eq!(m.clocks(), clocks(73_000, 60_000));
    assert_eq!(m.result().unwrap().outcome, Outcome::WhiteWins);
    // Frozen once over.
    assert_eq!(m.clocks_at(99_000), clocks(73_000, 60_000));
}

#[test]
fn clocks_run_while_an_offer_is_open_and_answers_earn_nothing() {
    let mut m = timed("10+10");
    ok(&mut m, 0, "W L0 e2e4 split 20"); // White 602000
    // 0..1 s: White spends 800 ms, Black 200 ms; e4 on L0 earns 8 s and offers a merge.
    let a = ok(&mut m, 1_000, "W L0 e2e4");
    assert_eq!(a.offers_opened, vec![(0, 1)]);
    assert_eq!(m.clocks(), clocks(609_200, 599_800));
    // Black is to move on both (1 s/s).
    let a = ok(&mut m, 3_000, "B merge L0 L1 yes");
    assert_eq!(a.increment_ms, 0);
    assert_eq!(m.clocks(), clocks(609_200, 597_800));
    let a = ok(&mut m, 4_000, "W merge L0 L1 yes");
    assert_eq!(a.merged, Some((0, 1)));
    assert_eq!(m.clocks(), clocks(609_200, 596_800));
    assert_eq!(m.clock_rate(Color::Black), Rate { num: 100, den: 100 });
}

#[test]
fn untimed_has_no_clocks() {
    let mut m = Match::new(None);
    assert_eq!(m.clocks(), None);
    assert_eq!(m.clocks_at(1_000_000), None);
    assert_eq!(m.flag_fall(u64::MAX), None);
    assert_eq!(refused(&mut m, 5, "W flag"), MatchError::Untimed);
    ok(&mut m, 1_000_000, "W L0 e2e4");
}
