//! The README's two commands share one build: every crate the game is built from gets the
//! same features under `cargo test --workspace` (every member, dev-dependencies too) as
//! under `cargo run` (the game alone), so the second compiles no dependency again. A
//! dev-dependency that turns on one feature more of a crate the game uses (ttf-parser's
//! `default`, once) rebuilds everything above it, winit and all of Bevy.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// Each package (`name vX.Y.Z`) with its features, as `cargo tree` resolves `args`.
fn features(args: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| env!("CARGO").to_string());
    let out = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["tree", "--locked", "--prefix", "none"])
        .args(["--format", "{p}|{f}"])
        .args(args)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut map: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Some((package, feats)) = line.split_once('|') else {
            continue;
        };
        // `name v1.2.3` (a path or `(*)` may follow; the name and version say which).
        let id: Vec<&str> = package.split_whitespace().take(2).collect();
        let feats = feats.trim_end_matches(" (*)");
        map.entry(id.join(" ")).or_default().extend(
            feats
                .split(',')
                .filter(|f| !f.is_empty())
                .map(str::to_owned),
        );
    }
    map
}

#[test]
fn the_tests_and_the_game_build_every_shared_crate_with_the_same_features() {
    let game = features(&["-p", "timefork", "-e", "normal,build"]);
    let tests = features(&["--workspace", "-e", "normal,build,dev"]);
    assert!(
        game.keys().any(|p| p.starts_with("bevy v0.19")),
        "{:?}",
        game.keys()
    );
    let differ: Vec<String> = game
        .iter()
        .filter_map(|(p, f)| {
            let t = tests.get(p)?;
            (t != f).then(|| {
                let more: Vec<_> = t.difference(f).collect();
                let fewer: Vec<_> = f.difference(t).collect();
                format!("{p}: the tests add {more:?}, leave out {fewer:?}")
            })
        })
        .collect();
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
