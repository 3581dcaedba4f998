//! PGN of one game (one timeline): writing, and reading the common export format
//! (tags, SAN movetext with move numbers, comments, NAGs and variations skipped).

use cozy_chess::{Board, Color};

use super::{ChessError, Game, START_FEN, fen, san};

/// A game read from PGN.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    pub game: Game,
    /// The result token at the end of the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// PGN text of `game` with `tags` (in order; a `Result` tag is added from the game's status
/// when missing, `SetUp`/`FEN` when the start is not the standard one). The result token
/// ends the movetext. Lines are kept under 80 columns.
pub fn write_pgn(tags: &[(String, String)], game: &Game, result: Option<&str>) -> String {
    let result = result.unwrap_or(game.status().result_str());
    let mut out = String::new();
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    let has = |key: &str| tags.iter().any(|(k, _)| k == key);
    if !has("Result") {
        out.push_str(&format!("[Result \"{result}\"]\n"));
    }
    let start_fen = fen::format(game.start());
    if start_fen != START_FEN && !has("FEN") {
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[FEN \"{start_fen}\"]\n"));
    }
    out.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    for (i, mv) in game.moves().iter().enumerate() {
        let board = &game.boards()[i];
        let number = board.fullmove_number();
        match board.side_to_move() {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if i == 0 => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(san::to_san(board, *mv).expect("a game holds legal moves"));
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

fn parse_tag(line: &str, n: usize) -> Result<(String, String), ChessError> {
    let err = |reason: &str| ChessError::Pgn {
        line: n,
        reason: reason.to_string(),
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| err("a tag is [Name \"value\"]"))?;
    let (key, rest) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(|| err("a tag is [Name \"value\"]"))?;
    let rest = rest.trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| err("the tag value is not quoted"))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.push(
                chars
                    .next()
                    .ok_or_else(|| err("a tag ends in a backslash"))?,
            );
        } else {
            value.push(c);
        }
    }
    Ok((key.to_string(), value))
}

/// Reads the first game of a PGN text.
pub fn read_pgn(text: &str) -> Result<PgnGame, ChessError> {
    let mut tags = Vec::new();
    let mut movetext: Vec<(usize, String)> = Vec::new();
    let mut in_moves = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if !in_moves && line.starts_with('[') {
            tags.push(parse_tag(line, i + 1)?);
        } else if !line.is_empty() || in_moves {
            if line.starts_with('[') {
                break; // the next game's tags
            }
            in_moves = in_moves || !line.is_empty();
            movetext.push((i + 1, raw.to_string()));
        }
    }
    let start = match tags.iter().find(|(k, _)| k == "FEN") {
        Some((_, f)) => fen::parse(f)?,
        None => Board::default(),
    };
    let mut game = Game::new(start);
    let mut result = None;
    let mut depth = 0usize; // variation nesting
    let mut in_comment = false;
    for (n, line) in movetext {
        let mut rest = line.as_str();
        loop {
            if in_comment {
                match rest.find('}') {
                    Some(p) => {
                        rest = &rest[p + 1..];
                        in_comment = false;
                    }
                    None => break,
                }
            }
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else { break };
            match c {
                '{' => {
                    in_comment = true;
                    rest = &rest[1..];
                    continue;
                }
                ';' => break,
                '(' => {
                    depth += 1;
                    rest = &rest[1..];
                    continue;
                }
                ')' => {
                    if depth == 0 {
                        return Err(ChessError::Pgn {
                            line: n,
                            reason: "unbalanced ')'".to_string(),
                        });
                    }
                    depth -= 1;
                    rest = &rest[1..];
                    continue;
                }
                _ => {}
            }
            let end = rest
                .find(|ch: char| ch.is_whitespace() || "{};()".contains(ch))
                .unwrap_or(rest.len());
            let token = &rest[..end];
            rest = &rest[end..];
            if depth > 0 || token.starts_with('$') {
                continue;
            }
            if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                result = Some(token.to_string());
                continue;
            }
            // Move numbers, alone ("12.", "12...") or glued to the move ("12.e4").
            let mv = token.trim_start_matches(|ch: char| ch.is_ascii_digit() || ch == '.');
            if mv.is_empty() {
                continue;
            }
            let m = san::parse_san(game.board(), mv).map_err(|e| ChessError::Pgn {
                line: n,
                reason: e.to_string(),
            })?;
            game.play(m).map_err(|e| ChessError::Pgn {
                line: n,
                reason: e.to_string(),
            })?;
        }
    }
    Ok(PgnGame { tags, game, result })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Status, uci};

    #[test]
    fn round_trip_with_comments_and_variations() {
        let text = "[Event \"Test\"]\n[White \"A \\\"quoted\\\" name\"]\n\n1. e4 {best by test} e5 2. Nf3 (2. f4 exf4) Nc6 $1\n3. Bc4 Nd4?! 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1\n";
        let g = read_pgn(text).unwrap();
        assert_eq!(g.tags[1].1, "A \"quoted\" name");
        assert_eq!(g.result.as_deref(), Some("0-1"));
        assert_eq!(g.game.plies(), 14);
        assert_eq!(
            g.game.status(),
            Status::Checkmate {
                winner: Color::Black
            }
        );
        let written = write_pgn(&g.tags, &g.game, None);
        assert!(written.contains("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2\nNf3# 0-1\n") || written.contains("7. Be2 Nf3# 0-1"), "{written}");
        let again = read_pgn(&written).unwrap();
        assert_eq!(again.game.moves(), g.game.moves());
        assert_eq!(again.tags[1].1, "A \"quoted\" name");
    }

    #[test]
    fn fen_start_and_black_first() {
        let mut game = Game::new(fen::parse("4k3/8/8/8/8/8/4p3/K7 b - - 0 40").unwrap());
        game.play(uci::parse(game.board(), "e2e1q").unwrap())
            .unwrap();
        let text = write_pgn(&[], &game, None);
        assert!(
            text.contains("[FEN \"4k3/8/8/8/8/8/4p3/K7 b - - 0 40\"]"),
            "{text}"
        );
        assert!(text.contains("40... e1=Q+ *"), "{text}");
        let back = read_pgn(&text).unwrap();
        assert_eq!(back.game.moves(), game.moves());
    }

    #[test]
    fn bad_move_names_its_line() {
        let e = read_pgn("[Event \"x\"]\n\n1. e4 e5\n2. Ke3\n").unwrap_err();
        assert!(matches!(e, ChessError::Pgn { line: 4, .. }), "{e}");
    }
}
