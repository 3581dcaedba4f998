//! `puzzle verify PATH`: re-proves puzzle files.
//!
//! Output: one line per puzzle, `ok <file> <goal> <tier> <first action> (<nodes> actions,
//! <ms> ms)` or `FAIL <file>: <reason>`, then `N puzzles verified` (the number that were
//! proved). Exit 0 when all were, 1 when some puzzle is wrong or unproved, 2 when some
//! file cannot be read as a puzzle.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use timefork_engine::notation;
use timefork_engine::puzzle::{self, Puzzle};

use crate::error::CliError;

/// Every `.5dpgn` file under `path` (or `path` itself when it is a file), sorted.
pub(super) fn puzzle_files(path: &Path) -> Result<Vec<PathBuf>, CliError> {
    let meta =
        std::fs::metadata(path).map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    if meta.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir)
            .map_err(|e| CliError::Input(format!("{}: {e}", dir.display())))?;
        for e in entries {
            let p = e
                .map_err(|e| CliError::Input(format!("{}: {e}", dir.display())))?
                .path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "5dpgn") {
                out.push(p);
            }
        }
    }
    out.sort();
    if out.is_empty() {
        return Err(CliError::Input(format!(
            "{}: no .5dpgn puzzle files",
            path.display()
        )));
    }
    Ok(out)
}

pub fn run(path: &Path, max_nodes: u64, seconds: f64) -> Result<String, CliError> {
    let files = puzzle_files(path)?;
    let mut out = std::io::stdout().lock();
    let (mut ok, mut wrong, mut unreadable) = (0usize, 0usize, 0usize);
    for f in &files {
        let name = f.display();
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                unreadable += 1;
                let _ = writeln!(out, "FAIL {name}: cannot read: {e}");
                continue;
            }
        };
        let p = match Puzzle::parse(&text) {
            Ok(p) => p,
            Err(e) => {
                unreadable += 1;
                let _ = writeln!(out, "FAIL {name}: {e}");
                continue;
            }
        };
        let t0 = Instant::now();
        match puzzle::verify(&p, super::args::limits(max_nodes, seconds)) {
            Ok(s) => {
                ok += 1;
                let _ = writeln!(
                    out,
                    "ok {name} {} {} {} ({} actions, {:.0} ms)",
                    p.goal,
                    p.tier.map(|t| t.as_str()).unwrap_or("-"),
                    notation::write_action(p.position(), &s.first),
                    s.nodes,
                    t0.elapsed().as_secs_f64() * 1000.0
                );
            }
            Err(e) => {
                wrong += 1;
                let _ = writeln!(out, "FAIL {name}: {e}");
            }
        }
        let _ = out.flush();
    }
    let _ = writeln!(out, "{ok} puzzles verified");
    let _ = out.flush();
    if unreadable > 0 {
        return Err(CliError::Input(format!(
            "{unreadable} of {} puzzle files cannot be read",
            files.len()
        )));
    }
    if wrong > 0 {
        return Err(CliError::Failed(format!(
            "{wrong} of {} puzzles are wrong or unproved",
            files.len()
        )));
    }
    Ok(String::new())
}
