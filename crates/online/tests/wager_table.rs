//! A Timeline Wager table: events as record lines without their time, applied at the
//! table's time, answered with the record's new lines; flags fall by the match's clocks.

use timefork_net::msg::{ToJoiner, WagerSync};
use timefork_net::online::{ClockSpec, PlayReq};
use timefork_online::table::wager::WagerTable;
use timefork_online::table::{Seats, Table};
use timefork_online::{Ending, Reason};
use timefork_records::Side;
use timefork_wager::Match;

fn ev(text: &str) -> PlayReq {
    PlayReq::Wager { event: text.into() }
}

fn table(spec: Option<ClockSpec>) -> WagerTable {
    WagerTable::new(
        None,
        Seats {
            white: "Wanda".into(),
            black: "Boris".into(),
        },
        spec,
    )
    .unwrap()
}

#[test]
fn events_become_record_lines_at_the_tables_time_and_the_record_replays() {
    let mut t = table(None);
    let p = t.play(Side::White, &ev("L0 e2e4"), 1_500).unwrap();
    assert_eq!(
        p.syncs[0],
        ToJoiner::Wager {
            sync: WagerSync::Events {
                from: 0,
                lines: vec!["1.5 W L0 e2e4".into()]
            }
        }
    );
    // Not Black's word for a flag; not White's move twice on L0; not a made-up event.
    assert!(t.play(Side::Black, &ev("flag"), 2_000).is_err());
    assert!(t.play(Side::White, &ev("L0 d2d4"), 2_000).is_err());
    assert!(t.play(Side::White, &ev("teleport"), 2_000).is_err());
    t.play(Side::Black, &ev("L0 e7e5"), 3_000).unwrap();
    t.play(Side::White, &ev("L0 g1f3 split 10"), 4_000).unwrap();
    let p = t.play(Side::Black, &ev("resign"), 5_250).unwrap();
    assert_eq!(p.ended, Some(Ending::win(Side::White, Reason::Resignation)));
    assert!(t.play(Side::White, &ev("L0 d2d4"), 6_000).is_err());
    let record = t.record(6_000);
    assert!(record.contains("[White \"Wanda\"]"), "{record}");
    let back = Match::from_record(&record).unwrap();
    assert_eq!(back.events().len(), 4);
    assert!(back.is_over());
    // Wager has no draw by agreement.
    assert!(!t.draws_by_agreement());
}

#[test]
fn a_flag_falls_by_the_matchs_clocks() {
    let mut t = table(Some(ClockSpec {
        base_s: 60,
        increment_s: 0,
    }));
    t.play(Side::White, &ev("L0 e2e4"), 1_000).unwrap();
    // Black's clock runs on L0 from White's move: a minute is long gone by ten.
    assert_eq!(t.tick(5_000), None);
    let p = t.tick(600_000).expect("a flag has fallen");
    assert_eq!(p.ended.map(|e| e.reason), Some(Reason::TimeOut));
    assert_eq!(t.ending().and_then(|e| e.winner), Some(Side::White));
}

#[test]
fn an_abandonment_is_said_in_the_records_headers() {
    let mut t = table(None);
    t.play(Side::White, &ev("L0 e2e4"), 1_000).unwrap();
    t.end(Ending::win(Side::White, Reason::Abandoned), 90_000);
    let record = t.record(90_000);
    assert!(record.contains("[Result \"1-0\"]"), "{record}");
    assert!(record.contains("Black left the game"), "{record}");
    assert!(Match::from_record(&record).is_ok());
}
