//! The translation files as a whole: every file parses, every language has every key
//! with the same variables, and plural forms follow each language's rules.

use timefork_i18n::{Arg, Lang, check, keys, text_in};

#[test]
fn every_language_has_every_key_and_every_file_parses() {
    let problems = check();
    let listed: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert!(listed.is_empty(), "{}", listed.join("\n"));
}

#[test]
fn english_defines_texts() {
    assert!(keys().len() > 100, "only {} keys", keys().len());
}

#[test]
fn a_missing_key_shows_as_itself() {
    assert_eq!(text_in(Lang::Ru, "no-such-key", &[]), "no-such-key");
}

/// Every `tr!("key"` in the game's sources (`src/` of the root package) names an English
/// message, so a typo in a key fails here rather than showing the key to a player.
#[test]
fn every_key_the_game_uses_exists() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src");
    let known: std::collections::BTreeSet<String> = keys().into_iter().collect();
    let mut missing = Vec::new();
    let mut used = 0;
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src/ is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let source = std::fs::read_to_string(&path).expect("a source file");
            // rustfmt puts the key on a line of its own when there are arguments.
            for (i, _) in source.match_indices("tr!(") {
                // `include_str!(` ends in `tr!(` too.
                let macro_starts = source[..i]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
                if !macro_starts {
                    continue;
                }
                let rest = source[i + 4..].trim_start();
                let Some(rest) = rest.strip_prefix('"') else {
                    continue;
                };
                let key = &rest[..rest.find('"').unwrap_or(0)];
                used += 1;
                if !known.contains(key) {
                    missing.push(format!("{}: {key}", path.display()));
                }
            }
        }
    }
    assert!(used > 0, "no tr! found under src/");
    assert!(
        missing.is_empty(),
        "keys with no English text:\n{}",
        missing.join("\n")
    );
}

/// Russian counts take three forms (1, 21: ход; 2-4, 22: хода; 5-20, 25: ходов), English
/// two, Japanese one.
#[test]
fn plural_forms_follow_each_language() {
    let turns = |lang, n: i64| text_in(lang, "common-turns", &[("n", Arg::Int(n))]);
    assert_eq!(turns(Lang::Ru, 1), "1 ход");
    assert_eq!(turns(Lang::Ru, 3), "3 хода");
    assert_eq!(turns(Lang::Ru, 5), "5 ходов");
    assert_eq!(turns(Lang::Ru, 11), "11 ходов");
    assert_eq!(turns(Lang::Ru, 21), "21 ход");
    assert_eq!(turns(Lang::Ru, 24), "24 хода");
    assert_eq!(turns(Lang::En, 1), "1 turn");
    assert_eq!(turns(Lang::En, 2), "2 turns");
    assert_eq!(turns(Lang::Ja, 1), "1 手番");
    assert_eq!(turns(Lang::Ja, 5), "5 手番");
}
