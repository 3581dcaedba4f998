//! A Kingdrops table from the setup to the end: White's ranks, then Black's, then turns
//! sent move by move as the rules crate lists them; the record replays to the same game.

use timefork_kingdrops::{Color, Game, Placement};
use timefork_net::msg::{KdReq, KdSync, ToJoiner};
use timefork_net::online::PlayReq;
use timefork_online::table::kingdrops::KingdropsTable;
use timefork_online::table::{Seats, Table};
use timefork_online::{Ending, Reason};
use timefork_records::Side;

fn kd(req: KdReq) -> PlayReq {
    PlayReq::Kd { req }
}

fn seats() -> Seats {
    Seats {
        white: "W".into(),
        black: "B".into(),
    }
}

#[test]
fn a_setup_then_a_whole_game_agrees_with_the_rules_crate() {
    let mut t = KingdropsTable::new(None, seats(), None).unwrap();
    let white = Placement::random(Color::White, 7);
    let black = Placement::random(Color::Black, 11);
    // Black waits for White; a move before the setup is over is refused.
    let e = t
        .play(
            Side::Black,
            &kd(KdReq::SetupReady {
                placement: black.to_text(),
            }),
            0,
        )
        .unwrap_err();
    assert!(e.contains("first"), "{e}");
    assert!(t.play(Side::White, &kd(KdReq::EndTurn), 0).is_err());
    // A placement of the wrong side's ranks is refused by the rules crate.
    assert!(
        t.play(
            Side::White,
            &kd(KdReq::SetupReady {
                placement: black.to_text()
            }),
            0
        )
        .is_err()
    );
    let p = t
        .play(
            Side::White,
            &kd(KdReq::SetupReady {
                placement: white.to_text(),
            }),
            0,
        )
        .unwrap();
    assert!(matches!(
        &p.syncs[0],
        ToJoiner::Kd {
            sync: KdSync::SetupDone {
                side: Side::White,
                ..
            }
        }
    ));
    t.play(
        Side::Black,
        &kd(KdReq::SetupReady {
            placement: black.to_text(),
        }),
        0,
    )
    .unwrap();
    let mut reference = Game::from_setup(&white, &black).unwrap();
    let mut ended = None;
    for k in 0..400 {
        let side = match reference.position().side_to_move() {
            Color::White => Side::White,
            Color::Black => Side::Black,
        };
        assert_eq!(t.to_move(), Some(side));
        let turns = reference.legal_turns();
        let turn = turns[(k * 7) % turns.len()];
        let mut last = None;
        for m in turn.moves() {
            last = Some(
                t.play(
                    side,
                    &kd(KdReq::Move {
                        text: m.to_string(),
                    }),
                    0,
                )
                .unwrap(),
            );
        }
        let played = match last {
            Some(p) if p.ended.is_some() => p,
            _ => t.play(side, &kd(KdReq::EndTurn), 0).unwrap(),
        };
        let line = played.syncs.iter().find_map(|s| match s {
            ToJoiner::Kd {
                sync: KdSync::Turns { lines, .. },
            } => Some(lines[0].clone()),
            _ => None,
        });
        assert_eq!(line, Some(turn.to_string()));
        reference.play(&turn).unwrap();
        if let Some(e) = played.ended {
            ended = Some(e);
            break;
        }
    }
    let ending = match ended {
        Some(e) => {
            let r = reference.result().expect("the rules ended it too");
            let winner = match r.winner {
                Color::White => Side::White,
                Color::Black => Side::Black,
            };
            assert_eq!(e, Ending::win(winner, Reason::Rules));
            e
        }
        None => {
            // Still going after 400 turns: White resigns, and that is the ending.
            let p = t.play(Side::White, &kd(KdReq::Resign), 0).unwrap();
            p.ended.unwrap()
        }
    };
    assert_eq!(t.ending(), Some(ending));
    let back = Game::from_record(&t.record(0)).unwrap();
    assert_eq!(back.turns(), reference.turns());
}

#[test]
fn a_move_that_breaks_the_rules_is_refused_with_the_reason() {
    let mut t = KingdropsTable::new(Some("Kingdrops"), seats(), None).unwrap();
    assert!(KingdropsTable::new(Some("Standard"), seats(), None).is_err());
    for (side, c) in [(Side::White, Color::White), (Side::Black, Color::Black)] {
        let placement = Placement::standard(c).to_text();
        t.play(side, &kd(KdReq::SetupReady { placement }), 0)
            .unwrap();
    }
    let e = t
        .play(
            Side::White,
            &kd(KdReq::Move {
                text: "e2e7".into(),
            }),
            0,
        )
        .unwrap_err();
    assert!(e.contains("e2e7"), "{e}");
    assert!(
        t.play(
            Side::Black,
            &kd(KdReq::Move {
                text: "e7e6".into()
            }),
            0
        )
        .is_err()
    );
    assert!(
        t.play(Side::White, &kd(KdReq::Move { text: "zz".into() }), 0)
            .is_err()
    );
    // End turn before making the moves that can be made.
    let e = t.play(Side::White, &kd(KdReq::EndTurn), 0).unwrap_err();
    assert!(e.contains("as many moves"), "{e}");
}
