//! Runs `timefork-cli kingdrops ...` and checks its output and exit status on positions
//! whose answers are worked out by hand (see the kingdrops crate's rules tests).

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_timefork-cli");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("kingdrops")
        .args(args)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// King a2 and spearman b2 against a lone king: the longest-sequence rule leaves 7 turns
/// (spearman then king to a1, a3, b1 or b2; king to a1, a3 or b1 then spearman), printed
/// in byte order.
#[test]
fn turns_sorted() {
    let o = run(&["turns", "7k/8/8/8/8/8/KS6/8 w - - - -"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "a2a1,b2b3\na2a3,b2b3\na2b1,b2b3\nb2b3,a2a1\nb2b3,a2a3\nb2b3,a2b1\nb2b3,a2b2\n"
    );
    // A pass is printed as `pass`.
    let o = run(&["turns", "1BRBRQGG/ASA1SASK/6AS/8/8/k7/8/8 w - - - -"]);
    assert_eq!(stdout(&o), "pass\n");
    // A finished game has no turns.
    let o = run(&["turns", "3S4/8/8/7k/8/8/8/K7 b - - - -"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
}

/// Kings a1 and h8: 3, 9 and 54 turn sequences at depths 1-3 (worked in the rules tests);
/// divided at depth 2, each white king move has Black's 3 replies.
#[test]
fn perft_and_divide() {
    let kk = "7k/8/8/8/8/8/8/K7 w - - - -";
    for (depth, n) in [("1", "3\n"), ("2", "9\n"), ("3", "54\n")] {
        let o = run(&["perft", kk, depth]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), n);
    }
    let o = run(&["perft", kk, "2", "--divide"]);
    assert_eq!(stdout(&o), "a1a2 3\na1b1 3\na1b2 3\ntotal 9\n");
}

#[test]
fn bad_input_exits_2() {
    for args in [
        vec!["turns", "7k/8/8/8/8/8/8/K7 w - - -"],
        vec!["turns", "7k/8/8/8/8/8/8/K7 x - - - -"],
        vec!["perft", "7k/8/8/8/8/8/8/K8 w - - - -", "1"],
        vec!["perft", "7k/8/8/8/8/8/8/K7 w - - - -", "x"],
        vec!["selfplay", "--white", "hard", "--black", "builtin:easy"],
        vec![
            "selfplay",
            "--white",
            "builtin:best",
            "--black",
            "builtin:easy",
        ],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("error"), "{args:?}: {}", stderr(&o));
    }
    let o = run(&["turns", "7k/8/8/8/8/8/8/K7 x - - - -"]);
    assert!(stderr(&o).contains("side to move"), "{}", stderr(&o));
}

/// Two quick games between random movers: one line per game, colours alternating, then
/// the summary.
#[test]
fn selfplay_lines() {
    let o = run(&[
        "selfplay",
        "--white",
        "builtin:random",
        "--black",
        "builtin:easy",
        "--games",
        "2",
        "--movetime",
        "20",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].starts_with("game 1: White random Black easy: "),
        "{text}"
    );
    assert!(
        lines[1].starts_with("game 2: White easy Black random: "),
        "{text}"
    );
    assert!(lines[2].starts_with("random vs easy: "), "{text}");
    assert!(lines[2].contains("in 2 games"), "{text}");
}
