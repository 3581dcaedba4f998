//! A 5D table played request by request: a public game (conformance data, where the
//! last state has no legal action: Black mates on turn 8) sent move by move in 5DPGN,
//! refusals with the rules' reasons, clocks on a made-up time.

use std::sync::atomic::AtomicBool;

use timefork_engine::{Game, notation};
use timefork_net::msg::{FiveDReq, FiveDSync, ToJoiner};
use timefork_net::online::{ClockSpec, PlayReq};
use timefork_online::table::{Seats, Table, fived::FiveDTable};
use timefork_online::{Ending, Reason};
use timefork_records::Side;

const STANDARD: &str = include_str!("../../engine/tests/data/conformance/standard.5dpgn");

fn seats() -> Seats {
    Seats {
        white: "Anna".into(),
        black: "Boris".into(),
    }
}

fn req(r: FiveDReq) -> PlayReq {
    PlayReq::FiveD { req: r }
}

fn mv(text: String) -> PlayReq {
    req(FiveDReq::Move { text })
}

/// Runs the table's mate check at once, as a server would on another thread.
fn check(t: &mut FiveDTable, now: u64) -> Option<Ending> {
    let p = t.probe().expect("a check is due after a submitted turn");
    let answer = (p.run)(&AtomicBool::new(false));
    t.probe_answer(p.key, answer, now);
    answer
}

#[test]
fn a_public_game_played_move_by_move_ends_in_blacks_checkmate() {
    let game = notation::read_game(STANDARD).unwrap();
    assert_eq!(game.actions.len(), 16);
    let mut t = FiveDTable::new(Some("Standard"), seats(), None).unwrap();
    assert_eq!(check(&mut t, 0), None);
    t.start_clock(0);
    let mut replay = Game::new(game.start.clone());
    for (k, action) in game.actions.iter().enumerate() {
        let side = if k % 2 == 0 { Side::White } else { Side::Black };
        // The other side may not play.
        let refused = t.play(side.opponent(), &req(FiveDReq::Submit), 0);
        assert_eq!(refused, Err("it is not your turn".into()));
        let mut pos = replay.position().clone();
        for m in action {
            let played = t.play(side, &mv(notation::write_move(&pos, m)), 0).unwrap();
            pos.make_move(m);
            assert!(matches!(
                played.syncs.as_slice(),
                [ToJoiner::FiveD {
                    sync: FiveDSync::Turn { .. }
                }]
            ));
        }
        let played = t.play(side, &req(FiveDReq::Submit), 0).unwrap();
        assert!(played.moved);
        let ToJoiner::FiveD {
            sync: FiveDSync::Actions { from, text },
        } = &played.syncs[0]
        else {
            panic!("a submitted turn is sent as 5DPGN: {:?}", played.syncs);
        };
        assert_eq!(*from, k);
        assert_eq!(
            notation::read_actions(replay.position(), text).unwrap(),
            vec![action.clone()]
        );
        replay.apply_action(action).unwrap();
        let ending = check(&mut t, 0);
        if k + 1 < game.actions.len() {
            assert_eq!(ending, None, "after turn {k}");
        } else {
            assert_eq!(ending, Some(Ending::win(Side::Black, Reason::Checkmate)));
        }
    }
    assert_eq!(t.to_move(), None);
    assert_eq!(
        t.play(Side::White, &req(FiveDReq::Resign), 0),
        Err("the game is over".into())
    );
    // The record reads back as the same game, with its players and result.
    let record = t.record(0);
    let back = notation::read_game(&record).unwrap();
    assert_eq!(back.actions, game.actions);
    assert_eq!(back.header("White"), Some("Anna"));
    assert_eq!(back.header("Black"), Some("Boris"));
    assert_eq!(back.header("Result"), Some("0-1"));
}

#[test]
fn refusals_carry_the_rules_reason_and_change_nothing() {
    let mut t = FiveDTable::new(None, seats(), None).unwrap();
    check(&mut t, 0);
    let before = t.record(0);
    // Not a move of this position; two moves at once; nothing to undo; nothing played.
    let e = t.play(Side::White, &mv("(0T1)e2e5".into()), 0).unwrap_err();
    assert!(!e.is_empty());
    let e = t
        .play(Side::White, &mv("(0T1)e2e4 (0T1)d2d4".into()), 0)
        .unwrap_err();
    assert!(e.contains("d2d4"), "{e}");
    let e = t.play(Side::White, &req(FiveDReq::Undo), 0).unwrap_err();
    assert!(e.contains("take back"), "{e}");
    let e = t.play(Side::White, &req(FiveDReq::Submit), 0).unwrap_err();
    assert!(e.contains("present"), "{e}");
    let wrong_game = PlayReq::Kd {
        req: timefork_net::msg::KdReq::EndTurn,
    };
    assert!(t.play(Side::White, &wrong_game, 0).is_err());
    assert_eq!(t.record(0), before);
    // A move, taken back, made again and submitted.
    t.play(Side::White, &mv("(0T1)e2e4".into()), 0).unwrap();
    t.play(Side::White, &req(FiveDReq::Undo), 0).unwrap();
    t.play(Side::White, &mv("(0T1)d2d4".into()), 0).unwrap();
    t.play(Side::White, &req(FiveDReq::Submit), 0).unwrap();
    assert_eq!(t.turns(), 1);
    assert_eq!(t.to_move(), Some(Side::Black));
    // Either side may resign at any time.
    let p = t.play(Side::White, &req(FiveDReq::Resign), 0).unwrap();
    assert_eq!(p.ended, Some(Ending::win(Side::Black, Reason::Resignation)));
}

#[test]
fn the_flag_falls_on_the_side_to_move_and_not_while_the_mate_check_runs() {
    let spec = ClockSpec {
        base_s: 10,
        increment_s: 1,
    };
    let mut t = FiveDTable::new(None, seats(), Some(spec)).unwrap();
    check(&mut t, 0);
    t.start_clock(0);
    // White uses 4 s: 6 s left, +1 s.
    t.play(Side::White, &mv("(0T1)e2e4".into()), 4_000).unwrap();
    t.play(Side::White, &req(FiveDReq::Submit), 4_000).unwrap();
    // The check takes 20 s (a long proof): nobody's clock runs meanwhile.
    assert_eq!(t.tick(24_000), None);
    check(&mut t, 24_000);
    assert_eq!(t.flag_at(24_000), Some(34_000));
    assert_eq!(t.tick(33_999), None);
    let p = t.tick(34_000).expect("Black's flag falls");
    assert_eq!(p.ended, Some(Ending::win(Side::White, Reason::TimeOut)));
    let record = t.record(34_000);
    assert!(record.contains("[TimeControl \"10+1\"]"), "{record}");
    assert!(
        record.contains("[TimeforkClocks \"7000 0 4000 10000\"]"),
        "{record}"
    );
}
