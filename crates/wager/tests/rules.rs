//! The rules of rules.md section 2, one test per rule, expected values worked by hand.

mod common;

use common::{event, fen_of, from_fen, ok, refused};
use timefork_wager::chess::{Color, DrawReason, START_FEN};
use timefork_wager::{
    EndReason, Fork, MAX_OPEN_TIMELINES, Match, MatchError, Outcome, Points, TimelineEnd,
};

const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
/// White mates with Qf8# or stalemates with Qf7 (Black: Kh8; White: Kg6, Qf1).
const MATE_OR_STALEMATE: &str = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1";

#[test]
fn start_is_one_timeline_with_fifty_each() {
    let m = Match::new(None);
    assert_eq!(m.timelines().len(), 1);
    let l0 = &m.timelines()[0];
    assert_eq!(l0.bank(), Points::new(50, 50));
    assert!(l0.is_open() && l0.fork().is_none());
    assert_eq!(l0.board().to_string(), START_FEN);
    assert_eq!(m.secured(), Points::new(0, 0));
    assert_eq!(m.result(), None);
}

#[test]
fn moves_alternate_on_each_timeline() {
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 e2e4");
    assert_eq!(fen_of(&m, 0), AFTER_E4);
    assert_eq!(
        refused(&mut m, 10, "W L0 d2d4"),
        MatchError::NotYourTurn {
            timeline: 0,
            side: Color::White
        }
    );
    assert!(matches!(
        refused(&mut m, 10, "B L0 e7e4"),
        MatchError::IllegalMove { timeline: 0, .. }
    ));
    assert_eq!(
        refused(&mut m, 10, "B L7 e7e5"),
        MatchError::NoSuchTimeline(7)
    );
    ok(&mut m, 10, "B L0 e7e5");
    assert_eq!(
        refused(&mut m, 5, "W L0 g1f3"),
        MatchError::TimeWentBack {
            last_ms: 10,
            now_ms: 5
        }
    );
}

#[test]
fn split_copies_history_and_moves_half_the_stake_from_each_share() {
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 e2e4");
    ok(&mut m, 0, "B L0 e7e5");
    let applied = ok(&mut m, 0, "W L0 g1f3 split 20");
    assert_eq!(applied.new_timeline, Some(1));
    // Stake 20: 10 from each share. L0 keeps 40/40 and it is still White's turn there;
    // L1 has 10/10, the two shared plies plus Nf3, and Black to move.
    let (l0, l1) = (&m.timelines()[0], &m.timelines()[1]);
    assert_eq!(l0.bank(), Points::new(40, 40));
    assert_eq!(l1.bank(), Points::new(10, 10));
    assert_eq!(l0.side_to_move(), Color::White);
    assert_eq!(l0.plies(), 2);
    assert_eq!(l1.side_to_move(), Color::Black);
    assert_eq!(l1.plies(), 3);
    assert_eq!(l1.fork(), Some(Fork { parent: 0, ply: 2 }));
    assert_eq!(l1.game().boards()[..3], l0.game().boards()[..3]);
    // White may split again on L0, or move normally.
    ok(&mut m, 0, "W L0 b1c3 split 2");
    assert_eq!(m.timelines()[0].bank(), Points::new(39, 39));
    assert_eq!(m.timelines()[2].bank(), Points::new(1, 1));
    ok(&mut m, 0, "W L0 d2d4");
    assert_eq!(m.split_count(), 2);
}

#[test]
fn stakes_are_even_at_least_two_and_leave_a_point_in_each_share() {
    let mut m = Match::new(None);
    assert_eq!(
        refused(&mut m, 0, "W L0 e2e4 split 21"),
        MatchError::OddStake(21)
    );
    assert_eq!(
        refused(&mut m, 0, "W L0 e2e4 split 0"),
        MatchError::StakeTooSmall(0)
    );
    // 50 per share: at most 49 may go, so the largest stake is 98.
    assert_eq!(m.max_stake(0), Some(98));
    assert_eq!(
        refused(&mut m, 0, "W L0 e2e4 split 100"),
        MatchError::StakeTooLarge {
            stake: 100,
            max: 98
        }
    );
    ok(&mut m, 0, "W L0 e2e4 split 98");
    assert_eq!(m.timelines()[0].bank(), Points::new(1, 1));
    assert_eq!(m.max_stake(0), None);
    assert_eq!(
        refused(&mut m, 0, "W L0 d2d4 split 2"),
        MatchError::StakeTooLarge { stake: 2, max: 0 }
    );
    // A split with an illegal move is refused as a move.
    assert!(matches!(
        refused(&mut m, 0, "W L0 e2e5 split 2"),
        MatchError::IllegalMove { .. }
    ));
    assert!(matches!(
        refused(&mut m, 0, "B L1 e2e4 split 2"),
        MatchError::IllegalMove { .. }
    ));
}

#[test]
fn at_most_fifty_open_timelines() {
    // 100 points and at least 2 per timeline: 50 open timelines hold 1/1 each. Build them:
    // White splits L0 with stake 20 (L1: 10/10, Black to move), then 38 times with stake
    // 2 (L0: 2/2, 40 open); Black splits L1 9 times (L1: 1/1, 49 open); White splits L0
    // once more (L0: 1/1, 50 open).
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 e2e4 split 20");
    for _ in 0..38 {
        ok(&mut m, 0, "W L0 e2e4 split 2");
    }
    assert_eq!(m.open_count(), 40);
    for _ in 0..9 {
        ok(&mut m, 0, "B L1 e7e5 split 2");
    }
    ok(&mut m, 0, "W L0 e2e4 split 2");
    assert_eq!(m.open_count(), MAX_OPEN_TIMELINES);
    assert!(m.open_timelines().all(|t| t.bank() == Points::new(1, 1)));
    assert_eq!(m.open_points(), 100);
    assert_eq!(
        refused(&mut m, 0, "W L0 d2d4 split 2"),
        MatchError::TimelineLimit
    );
    assert_eq!(m.max_stake(0), None);
    // Identical positions: every split from L0 made the same position as L1 (after e4),
    // offering merges, and the offers stay open while no one moves there.
    assert!(!m.offers().is_empty());
}

#[test]
fn mate_secures_the_whole_bank_and_more_than_fifty_wins() {
    // Fool's mate on L0: Black secures all 100 points.
    let mut m = Match::new(None);
    for (t, e) in ["W L0 f2f3", "B L0 e7e5", "W L0 g2g4"].iter().enumerate() {
        ok(&mut m, t as u64, e);
    }
    let a = ok(&mut m, 3, "B L0 d8h4");
    assert_eq!(a.closed, vec![0]);
    assert_eq!(
        m.timelines()[0].end(),
        Some(TimelineEnd::Checkmate {
            winner: Color::Black
        })
    );
    assert_eq!(m.secured(), Points::new(0, 100));
    let r = m.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.at_ms),
        (Outcome::BlackWins, EndReason::Points, 3)
    );
    assert_eq!(a.ended, Some(r));
    assert!(matches!(
        refused(&mut m, 4, "W resign"),
        MatchError::MatchOver(_)
    ));
}

#[test]
fn a_mate_on_a_small_timeline_does_not_end_the_match() {
    // White splits with stake 40 playing f3 on L1 (20/20); fool's mate there gives Black
    // 40 secured points, not above 50: the match goes on, L0 has 30/30.
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 f2f3 split 40");
    ok(&mut m, 1, "B L1 e7e5");
    ok(&mut m, 2, "W L1 g2g4");
    ok(&mut m, 3, "B L1 d8h4");
    assert_eq!(m.secured(), Points::new(0, 40));
    assert_eq!(m.result(), None);
    assert_eq!(m.timelines()[0].bank(), Points::new(30, 30));
    assert_eq!(
        refused(&mut m, 4, "W L1 a2a3"),
        MatchError::TimelineClosed(1)
    );
}

#[test]
fn a_draw_splits_the_bank_evenly() {
    // Split with stake 40 playing the stalemate Qf7 on L1: 20 points each. Then Qf8# on
    // L0 (60 points): White has 20 + 60 = 80.
    let mut m = from_fen(MATE_OR_STALEMATE, None);
    let a = ok(&mut m, 0, "W L0 f1f7 split 40");
    assert_eq!(a.new_timeline, Some(1));
    assert_eq!(a.closed, vec![1]);
    assert_eq!(
        m.timelines()[1].end(),
        Some(TimelineEnd::Draw(DrawReason::Stalemate))
    );
    assert_eq!(m.secured(), Points::new(20, 20));
    assert_eq!(m.result(), None);
    ok(&mut m, 0, "W L0 f1f8");
    assert_eq!(m.secured(), Points::new(80, 20));
    assert_eq!(m.result().unwrap().outcome, Outcome::WhiteWins);
}

#[test]
fn all_closed_without_more_than_fifty_is_a_draw() {
    // Stake 98 to a stalemate (49 each), then a stalemate on L0 (1 each): 50 to 50 is not
    // above 50; every timeline is closed: a draw.
    let mut m = from_fen(MATE_OR_STALEMATE, None);
    ok(&mut m, 0, "W L0 f1f7 split 98");
    assert_eq!(m.secured(), Points::new(49, 49));
    ok(&mut m, 0, "W L0 f1f7");
    assert_eq!(m.secured(), Points::new(50, 50));
    let r = m.result().unwrap();
    assert_eq!((r.outcome, r.reason), (Outcome::Draw, EndReason::AllClosed));
}

#[test]
fn merge_needs_both_and_keeps_the_older_timeline_on_a_tie() {
    // L1 = e4 (split, stake 20); then e4 on L0 makes L0's position L1's: an offer.
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 e2e4 split 20");
    let a = ok(&mut m, 1, "W L0 e2e4");
    assert_eq!(a.offers_opened, vec![(0, 1)]);
    ok(&mut m, 2, "W merge L1 L0 yes");
    assert_eq!(m.offers()[0].answer(Color::White), Some(true));
    assert!(m.timelines()[1].is_open());
    assert_eq!(
        refused(&mut m, 3, "W merge L0 L1 yes"),
        MatchError::AlreadyAnswered {
            a: 0,
            b: 1,
            side: Color::White
        }
    );
    let a = ok(&mut m, 3, "B merge L0 L1 yes");
    // One ply each: the older timeline, L0, goes on with both banks: 40+10 each.
    assert_eq!(a.merged, Some((0, 1)));
    assert_eq!(a.closed, vec![1]);
    assert_eq!(m.timelines()[0].bank(), Points::new(50, 50));
    assert_eq!(
        m.timelines()[1].end(),
        Some(TimelineEnd::Merged { into: 0 })
    );
    assert_eq!(m.open_count(), 1);
    assert_eq!(m.merge_count(), 1);
    assert!(m.offers().is_empty());
    assert_eq!(
        refused(&mut m, 4, "B merge L0 L1 yes"),
        MatchError::NoOffer { a: 0, b: 1 }
    );
}

#[test]
fn merge_goes_on_on_the_board_farther_in_the_future() {
    // L1 = e4 e5 Nf3 (3 plies). On L0, e4 meets L1's ply 1 (offer, left open), then e5
    // withdraws it (a move on L0) and meets L1's ply 2: a new offer. Accepted: L0 has 2
    // plies, L1 3, so play goes on on L1, with 40+10 each.
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 e2e4 split 20");
    ok(&mut m, 0, "B L1 e7e5");
    ok(&mut m, 0, "W L1 g1f3");
    let a = ok(&mut m, 0, "W L0 e2e4");
    assert_eq!(a.offers_opened, vec![(0, 1)]);
    let a = ok(&mut m, 0, "B L0 e7e5");
    assert_eq!(a.offers_withdrawn, vec![(0, 1)]);
    assert_eq!(a.offers_opened, vec![(0, 1)]);
    ok(&mut m, 0, "B merge L0 L1 yes");
    let a = ok(&mut m, 0, "W merge L0 L1 yes");
    assert_eq!(a.merged, Some((1, 0)));
    assert_eq!(m.timelines()[1].bank(), Points::new(50, 50));
    assert_eq!(m.timelines()[1].plies(), 3);
    assert_eq!(
        m.timelines()[0].end(),
        Some(TimelineEnd::Merged { into: 1 })
    );
    assert_eq!(m.timelines()[0].end().unwrap().as_str(), "merged");
}

#[test]
fn a_refusal_is_final_for_that_pair_and_position_and_a_move_withdraws() {
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 e2e4 split 20");
    // P = after e4. Offer at P, refused by Black.
    ok(&mut m, 0, "W L0 e2e4");
    let a = ok(&mut m, 0, "B merge L0 L1 no");
    assert_eq!(a.refused, Some((0, 1)));
    assert!(m.offers().is_empty());
    // Q = after e4 Nf6: L0 reaches it first (L1's history is start, P: no offer), then L1
    // (in L0's history: an offer), which White accepts; a move on L0 withdraws it.
    let a = ok(&mut m, 0, "B L0 g8f6");
    assert!(a.offers_opened.is_empty());
    let a = ok(&mut m, 0, "B L1 g8f6");
    assert_eq!(a.offers_opened, vec![(0, 1)]);
    ok(&mut m, 0, "W merge L0 L1 yes");
    let a = ok(&mut m, 0, "W L0 g1f3");
    assert_eq!(a.offers_withdrawn, vec![(0, 1)]);
    assert!(m.offers().is_empty());
    ok(&mut m, 0, "B L0 f6g8");
    // Back at P on L0: P is in L1's history, but the pair refused P: no offer.
    let a = ok(&mut m, 0, "W L0 f3g1");
    assert_eq!(fen_of(&m, 0).split(' ').next(), AFTER_E4.split(' ').next());
    assert!(a.offers_opened.is_empty());
    // Back at Q: withdrawn, not refused, so offered again; both accept; L0 has 6 plies,
    // L1 2: L0 goes on.
    let a = ok(&mut m, 0, "B L0 g8f6");
    assert_eq!(a.offers_opened, vec![(0, 1)]);
    ok(&mut m, 0, "W merge L0 L1 yes");
    let a = ok(&mut m, 0, "B merge L0 L1 yes");
    assert_eq!(a.merged, Some((0, 1)));
    assert_eq!(m.timelines()[0].plies(), 6);
}

#[test]
fn a_move_on_the_other_timeline_withdraws_too() {
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 e2e4 split 20");
    ok(&mut m, 0, "W L0 e2e4");
    assert_eq!(m.offers().len(), 1);
    let a = ok(&mut m, 0, "B L1 c7c5");
    assert_eq!(a.offers_withdrawn, vec![(0, 1)]);
    assert!(m.offers().is_empty());
    assert_eq!(
        refused(&mut m, 0, "W merge L0 L1 yes"),
        MatchError::NoOffer { a: 0, b: 1 }
    );
}

#[test]
fn offers_come_from_history_shared_with_the_parent() {
    // L1 splits off with 1.Nf3 Nf6 (it shares the start and 1.Nf3 with L0). On L0,
    // 1...Nc6 2.Ng1 Nb8 repeats the start, which is in L1's history: an offer.
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 g1f3");
    ok(&mut m, 0, "B L0 g8f6 split 10");
    ok(&mut m, 0, "B L0 b8c6");
    let a = ok(&mut m, 0, "W L0 f3g1");
    assert!(a.offers_opened.is_empty());
    let a = ok(&mut m, 0, "B L0 c6b8");
    assert_eq!(a.offers_opened, vec![(0, 1)]);
    assert_eq!(fen_of(&m, 0).split(' ').next(), START_FEN.split(' ').next());
    // 1.Nf3 again: the move withdraws that offer and meets L1's ply 1: a new one.
    let a = ok(&mut m, 0, "W L0 g1f3");
    assert_eq!(a.offers_withdrawn, vec![(0, 1)]);
    assert_eq!(a.offers_opened, vec![(0, 1)]);
}

#[test]
fn resignation_loses() {
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 e2e4");
    let a = ok(&mut m, 5000, "B resign");
    let r = a.ended.unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.at_ms),
        (Outcome::WhiteWins, EndReason::Resignation, 5000)
    );
    assert!(matches!(
        refused(&mut m, 6000, "W L0 d2d4"),
        MatchError::MatchOver(_)
    ));
    assert!(matches!(
        refused(&mut m, 6000, "W resign"),
        MatchError::MatchOver(_)
    ));
}

#[test]
fn threefold_on_a_timeline_draws_it() {
    let mut m = Match::new(None);
    ok(&mut m, 0, "W L0 e2e4 split 10");
    for e in ["B L1 g8f6", "W L1 g1f3", "B L1 f6g8", "W L1 f3g1"] {
        ok(&mut m, 0, e);
    }
    for e in ["B L1 g8f6", "W L1 g1f3", "B L1 f6g8"] {
        ok(&mut m, 0, e);
    }
    let a = ok(&mut m, 0, "W L1 f3g1");
    // L1's position after e4 for the third time (plies 1, 5, 9).
    assert_eq!(a.closed, vec![1]);
    assert_eq!(
        m.timelines()[1].end(),
        Some(TimelineEnd::Draw(DrawReason::Threefold))
    );
    assert_eq!(m.secured(), Points::new(5, 5));
}

#[test]
fn merge_answer_without_offer_and_unknown_timeline() {
    let mut m = Match::new(None);
    assert_eq!(
        refused(&mut m, 0, "W merge L0 L1 yes"),
        MatchError::NoOffer { a: 0, b: 1 }
    );
    assert_eq!(event("B merge L3 L2 no").to_string(), "B merge L3 L2 no");
}
