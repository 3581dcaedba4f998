//! The puzzle solver and file format on small hand-made positions whose answers are worked
//! out by hand below, from the rules (docs/rules.md section 1).
//!
//! Both positions are one 5x5 board (files a-e, ranks 1-5) at turn 1, White to move, White
//! has two rooks and no king, Black a lone king. With one starting board there is no past
//! board at Black's first reply, so that reply is an ordinary king move; from Black's
//! second reply on, the king may jump back to the board of turn 1 (black), which the
//! working below takes into account.

use timefork_engine::notation;
use timefork_engine::puzzle::{
    self, Goal, Puzzle, PuzzleError, ShortestMate, SolveLimits, Tier, Verdict, Wrong,
};
use timefork_engine::{Move, Position};

/// MATE1: Black Ke5; White Ra4, Rb1.
///
/// White's 16 actions: Ra4 to a5, a3, a2, a1, b4, c4, d4, e4; Rb1 to b2, b3, b4, b5, a1,
/// c1, d1, e1. A mate needs a check; the checks are:
/// - Rb5+: the rook on rank 5 takes d5 and e5's rank; d4 and e4 are on Ra4's rank; the
///   king cannot reach b5. Mate (Black has no other piece and no past board).
/// - Ra5+: rank 4 is free again, Kd4 / Ke4 escape.
/// - Re4+: next to the king, unprotected: Kxe4.
/// - Re1+: d5 is free (a-file, rank 4, e-file cover it not): Kd5.
///
/// So exactly one action mates in 1: (0T1)Rb5.
///
/// Rd1 (quiet): d5 on the d-file, d4 and e4 on rank 4, the king not in check: stalemate.
const MATE1: &str = "[Board \"custom\"]\n[Mode \"5D\"]\n[Size \"5x5\"]\n[4k/R4/5/5/1R3:0:1:w]\n";

/// MATE2: Black Ke4; White Ra3, Rb1.
///
/// No mate in 1: no past board, so White's actions are the 16 rook moves; the checks are
/// Rb4+ (Kd5 / Ke5), Ra4+ (rank 3 free again: Kd3), Re1+ (Kd4: rank 4 and the d-file
/// are free), Re3+ (next to the king: Kxe3); each leaves the king a move.
///
/// Mate in 2: 1. Rb4+ (rank 4): rank 3 is Ra3's, so the king's only moves are Kd5 and
/// Ke5. 2. Ra5 checks along rank 5; c4/d4/e4 are on Rb4's rank, the rest of rank 5 on
/// Ra5's (e5 behind the king too). Jumps back to the board of turn 1 (black) fail: that
/// board holds the king on e4 in check from b4, so the copy it makes leaves that king
/// capturable unless the arriving king takes b4 (two files away: out of reach) or blocks
/// on c4 / d4 (both on b4's rank). So 2. Ra5 mates after either reply.
///
/// The tempting 1. Re1+ (e-file) fails: the king has Kd4 and Kd5. After 1... Kd5, White
/// (Ra3, Re1) has no mate in 1: Ra5+ (rank 4 free: Kc4), Rd1+ / Rd3+ (rank 4: Kc4 or
/// Ke4), Re5+ (Kxe5, unprotected), and the one jump (Re1 back to turn 1's e1; Ra3 cannot,
/// its square there holds the other rook) makes a timeline where the king on e4 is in
/// check from e1 and walks to d4 (free of a3, b1 and e1).
const MATE2: &str = "[Board \"custom\"]\n[Mode \"5D\"]\n[Size \"5x5\"]\n[5/4k/R4/5/1R3:0:1:w]\n";

fn position(text: &str) -> Position {
    notation::read_game(text).unwrap().position().clone()
}

/// The single action written in `text` (movetext), played from `pos`.
fn action(pos: &Position, text: &str) -> Vec<Move> {
    let mut a = notation::read_actions(pos, text).unwrap();
    assert_eq!(a.len(), 1, "{text} is one action");
    a.remove(0)
}

fn after(pos: &Position, a: &[Move]) -> Position {
    puzzle::try_action(pos, a).expect("a legal action")
}

fn write(pos: &Position, a: &[Move]) -> String {
    notation::write_action(pos, a)
}

fn limits() -> SolveLimits<'static> {
    SolveLimits::default()
}

#[test]
fn mate_in_one_is_found_and_unique() {
    let pos = position(MATE1);
    assert_eq!(
        puzzle::shortest_mate(&pos, 3, limits()),
        ShortestMate::Found {
            n: 1,
            action: action(&pos, "1. (0T1)Rb5")
        }
    );
    assert_eq!(puzzle::count_solutions(&pos, 1, 0, limits()), Ok(1));
    let s = puzzle::solve(&pos, 1, limits()).unwrap();
    assert_eq!(s.line, vec![action(&pos, "1. (0T1)Rb5")]);
    assert_eq!(write(&pos, &[s.hint()]), "(0T1)Rb5");
    // N = 0 is no goal anyone reaches; judge reads it as 1. Nothing panics.
    assert_eq!(puzzle::mate_in(&pos, 0, limits()), Ok(None));
    assert_eq!(puzzle::count_solutions(&pos, 0, 0, limits()), Ok(0));
    let rb5 = action(&pos, "1. (0T1)Rb5");
    assert_eq!(puzzle::judge(&pos, 0, &rb5, limits()), Verdict::Mate);
}

#[test]
fn no_mate_in_one_where_every_check_has_an_escape() {
    let pos = position(MATE2);
    assert_eq!(puzzle::mate_in(&pos, 1, limits()), Ok(None));
    assert_eq!(puzzle::shortest_mate(&pos, 1, limits()), ShortestMate::None);
    assert!(matches!(
        puzzle::solve(&pos, 1, limits()),
        Err(PuzzleError::NoMate { n: 1, .. })
    ));
}

#[test]
fn mate_in_two_with_a_check_that_drives_the_king_to_the_edge() {
    let pos = position(MATE2);
    let found = puzzle::shortest_mate(&pos, 3, limits());
    let ShortestMate::Found {
        n: 2,
        action: first,
    } = found
    else {
        panic!("expected a mate in 2, got {found:?}");
    };
    assert_eq!(write(&pos, &first), "(0T1)Rb4");
    // Only Rb4 forces it (Re1, Ra4, Re3 let the king out; quiet moves give no check).
    assert_eq!(puzzle::count_solutions(&pos, 2, 0, limits()), Ok(1));

    let s = puzzle::solve(&pos, 2, limits()).unwrap();
    assert_eq!(s.line.len(), 3);
    assert_eq!(write(&pos, &s.line[0]), "(0T1)Rb4");
    let p1 = after(&pos, &s.line[0]);
    let reply = write(&p1, &s.line[1]);
    assert!(
        ["(0T1)Kd5", "(0T1)Ke5"].contains(&reply.as_str()),
        "{reply}"
    );
    let p2 = after(&p1, &s.line[1]);
    assert_eq!(write(&p2, &s.line[2]), "(0T2)Ra5");
}

#[test]
fn judge_right_then_mate() {
    let pos = position(MATE2);
    let rb4 = action(&pos, "1. (0T1)Rb4");
    let Verdict::Right { reply, remaining } = puzzle::judge(&pos, 2, &rb4, limits()) else {
        panic!("Rb4 solves the mate in 2");
    };
    assert_eq!(remaining, 1);
    let p1 = after(&pos, &rb4);
    assert!(["(0T1)Kd5", "(0T1)Ke5"].contains(&write(&p1, &reply).as_str()));
    let p2 = after(&p1, &reply);
    let ra5 = action(&p2, "2. (0T2)Ra5");
    assert_eq!(puzzle::judge(&p2, 1, &ra5, limits()), Verdict::Mate);
    // Ra5 after the reply is mate whichever king move was played: both lines.
    for k in ["1... (0T1)Kd5", "1... (0T1)Ke5"] {
        let q = after(&p1, &action(&p1, k));
        let m = action(&q, "2. (0T2)Ra5");
        assert_eq!(puzzle::judge(&q, 1, &m, limits()), Verdict::Mate, "{k}");
    }
}

#[test]
fn judge_wrong_tempting_check_and_its_refutation() {
    let pos = position(MATE2);
    let re1 = action(&pos, "1. (0T1)Re1");
    let Verdict::Wrong(Wrong::Escapes { refutation, check }) =
        puzzle::judge(&pos, 2, &re1, limits())
    else {
        panic!("Re1 does not force mate in 2");
    };
    assert!(check);
    let p1 = after(&pos, &re1);
    let r = write(&p1, &refutation);
    assert!(["(0T1)Kd4", "(0T1)Kd5"].contains(&r.as_str()), "{r}");
    // The escape worked out by hand: after Kd5 White has no mate in 1.
    let kd5 = after(&p1, &action(&p1, "1... (0T1)Kd5"));
    assert_eq!(puzzle::mate_in(&kd5, 1, limits()), Ok(None));
    let text = Wrong::Escapes {
        refutation: refutation.clone(),
        check,
    }
    .explain(Some(&p1), Goal::MateIn(2));
    assert!(text.contains(&r) && text.contains("no mate in 1"), "{text}");

    // As mate in 1, Rb4 is check but not mate: the king walks to d5 or e5.
    let rb4 = action(&pos, "1. (0T1)Rb4");
    let v = puzzle::judge(&pos, 1, &rb4, limits());
    assert!(
        matches!(v, Verdict::Wrong(Wrong::Escapes { check: true, .. })),
        "{v:?}"
    );
}

#[test]
fn judge_wrong_stalemate_no_check_and_illegal() {
    let pos = position(MATE1);
    let rd1 = action(&pos, "1. (0T1)Rd1");
    assert_eq!(
        puzzle::judge(&pos, 1, &rd1, limits()),
        Verdict::Wrong(Wrong::Stalemate)
    );
    assert_eq!(
        puzzle::judge(&pos, 2, &rd1, limits()),
        Verdict::Wrong(Wrong::Stalemate)
    );
    let rb2 = action(&pos, "1. (0T1)Rb2");
    assert!(matches!(
        puzzle::judge(&pos, 1, &rb2, limits()),
        Verdict::Wrong(Wrong::Escapes { check: false, .. })
    ));
    // A rook move from a square that holds no rook.
    let mut bad = rb2.clone();
    bad[0].from.x = 2;
    assert!(matches!(
        puzzle::judge(&pos, 1, &bad, limits()),
        Verdict::Wrong(Wrong::Illegal(_))
    ));
    assert!(matches!(
        puzzle::judge(&pos, 1, &[], limits()),
        Verdict::Wrong(Wrong::Illegal(_))
    ));
}

#[test]
fn a_tiny_node_budget_gives_unknown_never_an_answer() {
    let pos = position(MATE2);
    let tiny = SolveLimits {
        max_nodes: 3,
        ..SolveLimits::default()
    };
    assert!(matches!(
        puzzle::mate_in(&pos, 2, tiny),
        Err(PuzzleError::Unknown { .. })
    ));
    assert_eq!(
        puzzle::shortest_mate(&pos, 2, tiny),
        ShortestMate::Unknown { no_mate_below: 1 }
    );
    let rb4 = action(&pos, "1. (0T1)Rb4");
    assert_eq!(puzzle::judge(&pos, 2, &rb4, tiny), Verdict::Unknown);
}

/// A puzzle file: MATE2 with the tags and its solution line.
fn mate2_file(goal: &str, solution: &str) -> String {
    format!(
        "[Board \"custom\"]\n[Mode \"5D\"]\n[Size \"5x5\"]\n[Title \"Rook ladder\"]\n\
         [Goal \"{goal}\"]\n[Tier \"medium\"]\n[Solution \"{solution}\"]\n\
         [Source \"hand-made\"]\n[5/4k/R4/5/1R3:0:1:w]\n"
    )
}

#[test]
fn puzzle_file_round_trip_and_verify() {
    let text = mate2_file("mate in 2", "1. (0T1)Rb4 / (0T1)Ke5 2. (0T2)Ra5");
    let p = Puzzle::parse(&text).unwrap();
    assert_eq!(p.goal, Goal::MateIn(2));
    assert_eq!(p.tier, Some(Tier::Medium));
    assert_eq!(p.title.as_deref(), Some("Rook ladder"));
    assert_eq!(p.game.header("Source"), Some("hand-made"));
    assert_eq!(p.solution.len(), 3);
    let s = puzzle::verify(&p, limits()).unwrap();
    assert_eq!(s.line, p.solution);
    assert_eq!(write(p.position(), &s.first), "(0T1)Rb4");

    let written = p.to_text();
    assert!(written.contains("[Goal \"mate in 2\"]"), "{written}");
    assert!(written.contains("[ToMove \"White\"]"), "{written}");
    assert!(
        written.contains("[Solution \"1. (0T1)Rb4 / (0T1)Ke5 2. (0T2)Ra5\"]"),
        "{written}"
    );
    let q = Puzzle::parse(&written).unwrap();
    assert_eq!(q.goal, p.goal);
    assert_eq!(q.tier, p.tier);
    assert_eq!(q.title, p.title);
    assert_eq!(q.solution, p.solution);
    assert_eq!(q.position().position_hash(), p.position().position_hash());
    assert_eq!(q.to_text(), written);
}

#[test]
fn a_position_reached_by_moves_reads_back_at_its_last_state() {
    // The same ladder reached by play from MATE2's board: 1. Ra2 / Kd4 2. Ra3 / Ke4 puts
    // Black's king and White's rook back, Black having a past board now.
    let text = "[Board \"custom\"]\n[Mode \"5D\"]\n[Size \"5x5\"]\n[Goal \"mate in 2\"]\n\
                [5/4k/R4/5/1R3:0:1:w]\n\n1. (0T1)Ra2 / (0T1)Kd4\n2. (0T2)Ra3 / (0T2)Ke4\n";
    let p = Puzzle::parse(text).unwrap();
    assert_eq!(p.game.actions.len(), 4);
    assert_eq!(p.next_turn_number(), 3);
    let q = Puzzle::parse(&p.to_text()).unwrap();
    assert_eq!(q.position().position_hash(), p.position().position_hash());
}

#[test]
fn verify_rejects_wrong_goals_and_lines() {
    // Mate in 1 claimed where the shortest is 2.
    let p = Puzzle::parse(&mate2_file("mate in 1", "1. (0T1)Rb4")).unwrap();
    assert!(matches!(
        puzzle::verify(&p, limits()),
        Err(PuzzleError::NoMate { n: 1, .. })
    ));
    // Mate in 3 claimed where there is a mate in 2.
    let mut p = Puzzle::parse(&mate2_file("mate in 3", "1. (0T1)Rb4")).unwrap();
    p.solution.clear();
    assert!(matches!(
        puzzle::verify(&p, limits()),
        Err(PuzzleError::ShorterMate { n: 2, .. })
    ));
    // A first action that does not force the mate.
    let p = Puzzle::parse(&mate2_file("mate in 2", "1. (0T1)Re1")).unwrap();
    let e = puzzle::verify(&p, limits()).unwrap_err();
    assert!(matches!(e, PuzzleError::NoMate { n: 2, .. }), "{e}");
    // A line whose last action does not mate.
    let p = Puzzle::parse(&mate2_file(
        "mate in 2",
        "1. (0T1)Rb4 / (0T1)Ke5 2. (0T2)Raa4",
    ))
    .unwrap();
    assert!(matches!(
        puzzle::verify(&p, limits()),
        Err(PuzzleError::BadSolution { index: 2, .. })
    ));
    // A line that stops on the defender's action.
    let p = Puzzle::parse(&mate2_file("mate in 2", "1. (0T1)Rb4 / (0T1)Ke5")).unwrap();
    assert!(matches!(
        puzzle::verify(&p, limits()),
        Err(PuzzleError::BadSolution { index: 1, .. })
    ));
}

#[test]
fn bad_puzzle_files_are_format_errors() {
    let no_goal = "[Board \"custom\"]\n[Mode \"5D\"]\n[Size \"5x5\"]\n[5/4k/R4/5/1R3:0:1:w]\n";
    for (text, what) in [
        (no_goal.to_string(), "Goal"),
        (mate2_file("mate in 4", "1. (0T1)Rb4"), "mate in N"),
        (mate2_file("win", "1. (0T1)Rb4"), "mate in N"),
        (mate2_file("mate in 2", "1. (0T1)Rb6"), "Solution"),
        (
            mate2_file("mate in 2", "1. (0T1)Rb4").replace("medium", "brutal"),
            "tier",
        ),
        (
            mate2_file("mate in 2", "1. (0T1)Rb4")
                .replace("[Source", "[ToMove \"Black\"]\n[Source"),
            "ToMove",
        ),
    ] {
        let e = Puzzle::parse(&text).unwrap_err();
        let PuzzleError::Format(m) = &e else {
            panic!("{e:?}")
        };
        assert!(m.contains(what), "{m} should mention {what}");
    }
}

#[test]
fn tiers_follow_n_and_how_busy_the_position_is() {
    // MATE2 solved: one board, 16 actions, one solving action that stays on the board.
    let pos = position(MATE2);
    let s = puzzle::solve(&pos, 2, limits()).unwrap();
    let f = puzzle::features(&pos, 2, &s.line, 16, Some(1));
    assert_eq!(f.timelines, 1);
    assert!(!f.travels);
    // Rb4 (b1, b4 on turn 1), the king's move (turn 1 black), Ra5 (a3, a5 on turn 2):
    // boards (0, T1 white), (0, T1 black), (0, T2 white).
    assert_eq!(f.boards_in_line, 3);
    assert_eq!(puzzle::classify(&f), Tier::Medium);
    // The rule: N sets the tier, a busy position moves it up one.
    let base = puzzle::Features {
        n: 1,
        timelines: 1,
        attacker_actions: 20,
        solving_actions: Some(2),
        travels: false,
        boards_in_line: 1,
    };
    assert_eq!(puzzle::classify(&base), Tier::Easy);
    let busy = |f: puzzle::Features| puzzle::classify(&f);
    assert_eq!(
        busy(puzzle::Features {
            timelines: 3,
            ..base.clone()
        }),
        Tier::Medium
    );
    assert_eq!(
        busy(puzzle::Features {
            attacker_actions: 301,
            ..base.clone()
        }),
        Tier::Medium
    );
    assert_eq!(
        busy(puzzle::Features {
            solving_actions: Some(1),
            travels: true,
            ..base.clone()
        }),
        Tier::Medium
    );
    assert_eq!(
        busy(puzzle::Features {
            n: 2,
            timelines: 3,
            ..base.clone()
        }),
        Tier::Hard
    );
    assert_eq!(
        busy(puzzle::Features {
            n: 3,
            ..base.clone()
        }),
        Tier::Hard
    );
    assert_eq!(
        busy(puzzle::Features {
            n: 3,
            timelines: 4,
            ..base
        }),
        Tier::Hard
    );
}
