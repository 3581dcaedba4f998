//! The match record: write, read back, replay with exact clocks, errors naming lines.

mod common;

use common::{from_fen, ok, snapshot, timed};
use timefork_wager::chess::Color;
use timefork_wager::{Clocks, Match, Points, RecordError};

/// A timed match with splits, a refusal, a merge and moves after it.
fn eventful() -> Match {
    let mut m = timed("5+3");
    m.set_tag("White", "Ann \"the rook\"");
    let events = [
        (0, "W L0 e2e4 split 20"),
        (1_250, "B L1 e7e5"),
        (2_000, "W L0 e2e4"),
        (2_500, "B merge L0 L1 no"),
        (3_000, "B L0 e7e5"),
        (3_500, "W L1 g1f3 split 10"),
        (4_000, "W merge L0 L1 yes"),
        (4_001, "B merge L0 L1 yes"),
        (5_000, "B L2 b8c6"),
        (6_000, "W L0 f2f3"),
        (6_500, "B L0 d8h4"),
    ];
    for (t, e) in events {
        ok(&mut m, t, e);
    }
    m
}

#[test]
fn round_trip_gives_the_same_match() {
    let m = eventful();
    let text = m.record();
    assert!(text.starts_with("[Mode \"Timeline Wager\"]\n[Version \"1\"]\n[Clock \"5+3\"]\n"));
    assert!(text.contains("[White \"Ann \\\"the rook\\\"\"]\n"));
    assert!(text.contains("\n1.25 B L1 e7e5\n"));
    assert!(text.contains("\n4.001 B merge L0 L1 yes\n"));
    let back = Match::from_record(&text).unwrap();
    assert_eq!(back.record(), text);
    assert_eq!(snapshot(&back), snapshot(&m));
    assert_eq!(back.tags(), m.tags());
    // L0 and L1 merged at "after e4 e5" (2 plies each: L0 kept) with 40 + 5 each; L2
    // split off L1 with 5 each before.
    assert_eq!(back.timelines().len(), 3);
    assert_eq!(back.timelines()[0].bank(), Points::new(45, 45));
    assert_eq!(back.timelines()[2].bank(), Points::new(5, 5));
    assert!(!back.timelines()[1].is_open());
}

#[test]
fn replay_reproduces_clocks_to_the_millisecond() {
    // Worked by hand: split at 0 s earns 10 s * 20/100 = 2 s (White 602 s). 0-10 s: White
    // runs at 0.8 (-8 s), Black at 0.2 (-2 s). d4 on the 80 timeline: +8 s: White 602 s,
    // Black 598 s. 10-15 s: Black to move on both (1 s/s): 593 s; e5 on L1 earns
    // 10 s * 20/100 = 2 s: 595 s. 15-17.5 s: White runs at 20/100 on L1 (-0.5 s), Black
    // at 80/100 on L0 (-2 s); Black moves on L0 at 17.5 s: +8 s: 601 s.
    let text = "[Mode \"Timeline Wager\"]\n[Clock \"10+10\"]\n\n\
                0 W L0 e2e4 split 20\n10 W L0 d2d4\n15 B L1 e7e5\n17.5 B L0 d7d5\n";
    let m = Match::from_record(text).unwrap();
    assert_eq!(
        m.clocks(),
        Some(Clocks {
            white_ms: 601_500,
            black_ms: 601_000
        })
    );
    assert_eq!(m.last_event_ms(), 17_500);
    assert_eq!(m.timelines()[0].bank(), Points::new(40, 40));
    // No Version header: read as version 1, written with it.
    assert!(m.record().contains("[Version \"1\"]"));
}

fn err(text: &str) -> RecordError {
    Match::from_record(text).unwrap_err()
}

#[test]
fn errors_name_their_line() {
    let head = "[Mode \"Timeline Wager\"]\n[Clock \"10+10\"]\n";
    let e = err(&format!("{head}0 W L0 e2e4\n1 W L0 d2d4\n"));
    assert_eq!(e.line, 4);
    assert!(e.message.contains("not White's turn on L0"), "{e}");
    let e = err(&format!("{head}0 W L0 e2e4\n1 B L0 e7e5 split 3\n"));
    assert_eq!(e.line, 4);
    assert!(e.message.contains("odd"), "{e}");
    let e = err(&format!("{head}0 W L0 e2e4\n1 B L1 e7e5\n"));
    assert_eq!(
        (e.line, e.message.contains("no timeline L1")),
        (4, true),
        "{e}"
    );
    let e = err(&format!("{head}0 W merge L0 L1 yes\n"));
    assert_eq!(e.line, 3);
    assert!(e.message.contains("no open merge offer"), "{e}");
    let e = err(&format!("{head}5 W L0 e2e4\n4 B L0 e7e5\n"));
    assert_eq!(e.line, 4);
    assert!(e.message.contains("before the previous event"), "{e}");
    let e = err(&format!("{head}0 W resign\n1 B L0 e7e5\n"));
    assert!(e.line == 4 && e.message.contains("over"), "{e}");
    // A move after the clock ran out (10+10: White's 600 s end at 600 s).
    let e = err(&format!("{head}600 W L0 e2e4\n"));
    assert!(e.line == 3 && e.message.contains("ran out at 600 s"), "{e}");
    // Syntax.
    assert_eq!(
        err(&format!("{head}0 W L0 e2e4\n\n1.2345 B L0 e7e5\n")).line,
        5
    );
    assert_eq!(err(&format!("{head}0 X L0 e2e4\n")).line, 3);
    assert_eq!(err(&format!("{head}0 W jump L0\n")).line, 3);
    assert_eq!(err(&format!("{head}0 W L0 e2e4\n[Event \"x\"]\n")).line, 4);
    assert_eq!(err("[Mode \"Timeline Wager\"]\n[Clock \"ten\"]\n").line, 2);
    assert_eq!(
        err("[Mode \"Timeline Wager\"]\n[Mode \"Timeline Wager\"]\n").line,
        2
    );
    assert_eq!(err("[Mode \"Timeline Wager\"]\n[FEN \"8/8 w\"]\n").line, 2);
    // Headers.
    let e = err("[Mode \"5D\"]\n");
    assert!(
        e.line == 1 && e.message.contains("not \"Timeline Wager\""),
        "{e}"
    );
    let e = err("0 W L0 e2e4\n");
    assert!(e.line == 0 && e.message.contains("Mode"), "{e}");
    let e = err("[Mode \"Timeline Wager\"]\n[Version \"2\"]\n");
    assert!(e.line == 2 && e.message.contains("version 2"), "{e}");
    assert_eq!(e.to_string(), format!("line 2: {}", e.message));
}

#[test]
fn untimed_fen_start_and_flag_records() {
    let mut m = from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", None);
    ok(&mut m, 1_500, "W L0 f1f7 split 40");
    let text = m.record();
    assert!(text.contains("[Clock \"-\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n"));
    assert!(text.ends_with("1.5 W L0 f1f7 split 40\n"));
    let back = Match::from_record(&text).unwrap();
    assert_eq!(snapshot(&back), snapshot(&m));
    assert_eq!(back.secured(), Points::new(20, 20));
    assert_eq!(back.clocks(), None);
    // A flag line replays only at the exact millisecond the clock ran out.
    let head = "[Mode \"Timeline Wager\"]\n[Clock \"0.05+0\"]\n";
    let m = Match::from_record(&format!("{head}3 W flag\n")).unwrap();
    assert_eq!(m.result().unwrap().outcome.as_str(), "0-1");
    let e = err(&format!("{head}2.5 W flag\n"));
    assert!(e.message.contains("runs out at 3 s, not 2.5 s"), "{e}");
    let e = err(&format!("{head}3 B flag\n"));
    assert!(e.message.contains("not running"), "{e}");
    let e = err(&format!("{head}4 W flag\n"));
    assert!(e.message.contains("ran out at 3 s"), "{e}");
    let _ = Color::White;
}

#[test]
fn a_timeline_exports_as_pgn() {
    // L1 = 1.f3 e5 2.g4 Qh4#, split off with the first move.
    let mut m = Match::new(None);
    m.set_tag("White", "Ann");
    ok(&mut m, 0, "W L0 f2f3 split 40");
    for e in ["B L1 e7e5", "W L1 g2g4", "B L1 d8h4"] {
        ok(&mut m, 0, e);
    }
    let pgn = m.timeline_pgn(1).unwrap();
    assert!(
        pgn.contains("[Round \"L1\"]\n[White \"Ann\"]\n[Black \"?\"]\n[Result \"0-1\"]\n"),
        "{pgn}"
    );
    assert!(pgn.ends_with("\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{pgn}");
    let back = timefork_wager::chess::pgn::read_pgn(&pgn).unwrap();
    assert_eq!(back.game.moves(), m.timelines()[1].game().moves());
    assert!(m.timeline_pgn(0).unwrap().ends_with("\n*\n"));
    assert!(m.timeline_pgn(2).is_none());
}

#[test]
fn random_matches_round_trip() {
    // Random movers (splits, merge answers) with a fast clock and uneven think times: every
    // record read back gives the same match, flag falls included.
    use std::sync::atomic::AtomicBool;
    use timefork_wager::ai::{self, AiConfig, Level};
    let stop = AtomicBool::new(false);
    let (mut flags, mut splits, mut answers) = (0, 0, 0);
    for seed in 0..12u64 {
        let mut m = timed("0.05+0.5");
        let mut now = 0;
        let mut side = Color::White;
        for i in 0..400u64 {
            if m.is_over() {
                break;
            }
            now += (seed * 7 + i * 13) % 97;
            if m.tick(now).is_some() {
                break;
            }
            let cfg = AiConfig {
                seed: seed * 1000 + i,
                ..AiConfig::new(Level::Random, 10)
            };
            if let Some(e) = ai::choose_action(&m, side, now, &cfg, &stop) {
                m.apply(e, now).unwrap();
            }
            side = !side;
        }
        let back = Match::from_record(&m.record()).unwrap();
        assert_eq!(snapshot(&back), snapshot(&m), "seed {seed}");
        let text = m.record();
        flags += text.matches(" flag\n").count();
        splits += text.matches(" split ").count();
        answers += text.matches(" merge ").count();
    }
    // The runs cover what the record holds.
    assert!(
        flags > 0 && splits > 0 && answers > 0,
        "{flags} {splits} {answers}"
    );
}
