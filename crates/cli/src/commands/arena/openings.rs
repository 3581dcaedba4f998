//! `--openings`: the games a match starts from, so that it is not the same game twice.
//!
//! A file holds one opening per line: a 5DPGN game on one line, headers first (`[Board
//! "Standard"] 1. (0T1)e3 / (0T1)d6`); blank lines and lines starting with `#` are
//! skipped. A folder holds one opening per `.5dpgn` file (in name order). An opening
//! without a `Board` header is in the match's variant.

use std::path::Path;

use timefork_engine::{Game, notation};

pub struct Opening {
    /// Where it came from, for the saved games (`FILE:LINE` or the file name).
    pub name: String,
    pub game: Game,
}

/// The openings of a file or a folder; an error names the file and line that does not
/// read, and a source without any opening is an error too.
pub fn read(path: &Path, variant: &str) -> Result<Vec<Opening>, String> {
    let shown = path.display().to_string();
    let mut out = Vec::new();
    if path.is_dir() {
        let mut files: Vec<_> = std::fs::read_dir(path)
            .map_err(|e| format!("{shown}: {e}"))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "5dpgn"))
            .collect();
        files.sort();
        for f in files {
            let name = f.display().to_string();
            let text = std::fs::read_to_string(&f).map_err(|e| format!("{name}: {e}"))?;
            let game = read_one(&text, variant).map_err(|e| format!("{name}: {e}"))?;
            out.push(Opening { name, game });
        }
    } else {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let name = format!("{shown}:{}", i + 1);
            let game =
                read_one(&one_line_to_5dpgn(t), variant).map_err(|e| format!("{name}: {e}"))?;
            out.push(Opening { name, game });
        }
    }
    if out.is_empty() {
        return Err(format!("{shown}: no opening in it"));
    }
    Ok(out)
}

/// A game, in `variant` unless it names its own board.
fn read_one(text: &str, variant: &str) -> Result<Game, String> {
    let game = notation::read_game(text).map_err(|e| e.to_string())?;
    if game.header("Board").is_some() {
        return Ok(game);
    }
    let with_board = format!("[Board \"{variant}\"]\n{text}");
    notation::read_game(&with_board).map_err(|e| e.to_string())
}

/// A one-line 5DPGN game with each leading header on a line of its own, as the 5DPGN
/// reader wants (a `]` inside a quoted value does not end a header).
fn one_line_to_5dpgn(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line.trim_start();
    while rest.starts_with('[') {
        let mut quoted = false;
        let end = rest.char_indices().find_map(|(i, c)| {
            match c {
                '"' => quoted = !quoted,
                ']' if !quoted => return Some(i),
                _ => {}
            }
            None
        });
        let Some(end) = end else { break };
        out.push_str(&rest[..=end]);
        out.push('\n');
        rest = rest[end + 1..].trim_start();
    }
    out.push_str(rest);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_on_one_line_are_split() {
        assert_eq!(
            one_line_to_5dpgn(r#"[Board "Standard"] [Note "a]b"] 1. (0T1)e3 / (0T1)d6"#),
            "[Board \"Standard\"]\n[Note \"a]b\"]\n1. (0T1)e3 / (0T1)d6\n"
        );
        assert_eq!(one_line_to_5dpgn("1. (0T1)e3"), "1. (0T1)e3\n");
    }

    #[test]
    fn a_file_reads_one_opening_per_line() {
        let dir = std::env::temp_dir().join(format!("timefork-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("openings.txt");
        std::fs::write(
            &f,
            "# two openings\n\n1. (0T1)e3 / (0T1)d6\n[Board \"Standard\"] 1. (0T1)Nf3\n",
        )
        .unwrap();
        let o = read(&f, "Standard").unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[0].game.actions.len(), 2);
        assert_eq!(o[1].game.actions.len(), 1);
        assert!(o[0].name.ends_with("openings.txt:3"), "{}", o[0].name);
        std::fs::write(&f, "1. (0T1)e3 / (0T1)e3\n").unwrap();
        let e = read(&f, "Standard").err().unwrap();
        assert!(e.contains("openings.txt:1"), "{e}");
        std::fs::write(&f, "# nothing\n").unwrap();
        assert!(read(&f, "Standard").is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
