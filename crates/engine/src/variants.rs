//! Starting positions: the commercial game's 45 named variants, and community variants in
//! the commercial game's own JSON format. The data lives in `data/` (see its README for
//! sources and licences) and is embedded in the binary.
//!
//! The variant table (`base-game-variants.json`) gives, per variant, `boards` (timelines
//! separated by spaces, boards of one timeline separated by `|`, ranks from the top),
//! `timelines` (one `LABEL` or `LABEL:OFFSET` per timeline) and `size`. OFFSET is the
//! half-turn of the timeline's first board counted from White's turn 1 (as in the
//! 5dchess-notation project, whose internal time index is `2 * (turn - 1) + black`): the
//! first board is at `h = 2 + OFFSET`, so `0:-1` (Turn Zero) starts with Black's turn 0
//! and `-0:1` (Timeline Fragments) with Black's turn 1. Without an offset a timeline
//! starts at White's turn 1.
//!
//! The commercial JSON format (`Name`, `Author`, `Timelines`, `CosmeticTurnOffset`,
//! `GameBuilderOverride`) lists each timeline's boards in half-turn order; leading
//! `null`s push the first board later (first board at `h = 2 + nulls`), and
//! `CosmeticTurnOffset` renumbers turns (adds `2 * offset` to every half-turn), so a
//! Turn Zero variant has one `null` and offset -1. The game reads the file leniently
//! (byte-order mark, comments, trailing commas); so does `load_official_json`, as JSON5
//! (the `json5` crate).

use std::fmt;
use std::sync::OnceLock;

use serde_json::Value;

use crate::fen::{Dialect, FenError, assemble_position, infer_size_with, parse_board_with};
use crate::position::{Position, Timeline, parse_timeline_label};

const BASE_JSON: &str = include_str!("../data/base-game-variants.json");
const OFFICIAL_JSON: &str = include_str!("../data/official-json-community-variants.json");

/// Half-turns further than this from the start are refused (they would only come from
/// corrupt files).
const MAX_HALF_TURN: i64 = 1 << 20;

/// A named starting position.
#[derive(Clone, Debug)]
pub struct Variant {
    pub name: String,
    pub author: Option<String>,
    pub position: Position,
}

/// Why a variant file could not be read. Messages name the variant and the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// The file is not (lenient) JSON.
    Json(String),
    /// A field is missing or has the wrong shape.
    Format(String),
    /// A board of the named variant is not valid.
    Board { variant: String, error: FenError },
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Json(m) | VariantError::Format(m) => f.write_str(m),
            VariantError::Board { variant, error } => write!(f, "variant \"{variant}\": {error}"),
        }
    }
}

impl std::error::Error for VariantError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            VariantError::Board { error, .. } => Some(error),
            _ => None,
        }
    }
}

fn format_err(variant: &str, msg: impl fmt::Display) -> VariantError {
    VariantError::Format(format!("variant \"{variant}\": {msg}"))
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 80 {
        format!("{}...", s.chars().take(80).collect::<String>())
    } else {
        s
    }
}

/// The 45 named variants of the commercial game, in the order of its menu.
pub fn catalogue() -> Vec<Variant> {
    static BASE: OnceLock<Vec<Variant>> = OnceLock::new();
    BASE.get_or_init(|| load_base_json(BASE_JSON).expect("the embedded variant table is valid"))
        .clone()
}

/// The names of the catalogue's variants.
pub fn names() -> Vec<String> {
    catalogue().into_iter().map(|v| v.name).collect()
}

/// A name reduced to lower-case letters and digits.
fn name_key(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// `name_key` without a trailing plural `s`.
fn loose_key(s: &str) -> String {
    let mut k = name_key(s);
    if k.ends_with('s') {
        k.pop();
    }
    k
}

fn find_by_name(list: Vec<Variant>, name: &str) -> Option<Variant> {
    let key = name_key(name);
    if key.is_empty() {
        return None;
    }
    if let Some(i) = list.iter().position(|v| name_key(&v.name) == key) {
        return list.into_iter().nth(i);
    }
    let loose = loose_key(name);
    let mut hits = list.into_iter().filter(|v| loose_key(&v.name) == loose);
    let first = hits.next()?;
    if hits.next().is_some() {
        None
    } else {
        Some(first)
    }
}

/// A catalogue variant by name, ignoring case, spacing, punctuation and a trailing
/// plural: `misc - timeline battleground` finds "Misc - Timeline Battlegrounds".
pub fn by_name(name: &str) -> Option<Variant> {
    find_by_name(catalogue(), name)
}

/// The community variants in the commercial game's JSON format shipped with the engine.
pub fn official_catalogue() -> Vec<Variant> {
    static OFFICIAL: OnceLock<Vec<Variant>> = OnceLock::new();
    OFFICIAL
        .get_or_init(|| {
            load_official_json(OFFICIAL_JSON).expect("the embedded community variants are valid")
        })
        .clone()
}

/// A community variant by name, with the same tolerance as `by_name`.
pub fn official_by_name(name: &str) -> Option<Variant> {
    find_by_name(official_catalogue(), name)
}

/// Reads a variant table in the format of `data/base-game-variants.json`: a JSON array of
/// `{ "name", "boards", "timelines", "size" }` (`size` optional: then read from the
/// first board). Every piece starts unmoved.
pub fn load_base_json(text: &str) -> Result<Vec<Variant>, VariantError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let root: Value = serde_json::from_str(text)
        .map_err(|e| VariantError::Json(format!("variant table is not JSON: {e}")))?;
    let Value::Array(entries) = root else {
        return Err(VariantError::Format(format!(
            "variant table must be a JSON array, found {}",
            short(&root)
        )));
    };
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| base_variant(i, e))
        .collect()
}

fn base_variant(index: usize, entry: &Value) -> Result<Variant, VariantError> {
    let name = match entry.get("name") {
        Some(Value::String(s)) => s.clone(),
        _ => {
            return Err(VariantError::Format(format!(
                "variant #{} has no \"name\": {}",
                index + 1,
                short(entry)
            )));
        }
    };
    let field = |key: &str| match entry.get(key) {
        Some(Value::String(s)) => Ok(s.as_str()),
        Some(other) => Err(format_err(
            &name,
            format!("\"{key}\" must be a string, found {}", short(other)),
        )),
        None => Err(format_err(&name, format!("\"{key}\" is missing"))),
    };
    let boards = field("boards")?;
    let specs = field("timelines")?;
    let tl_texts: Vec<&str> = boards.split_whitespace().collect();
    let tl_specs: Vec<&str> = specs.split_whitespace().collect();
    if tl_texts.is_empty() {
        return Err(format_err(&name, "\"boards\" is empty"));
    }
    if tl_texts.len() != tl_specs.len() {
        return Err(format_err(
            &name,
            format!(
                "\"boards\" has {} timeline(s) but \"timelines\" (\"{specs}\") has {}",
                tl_texts.len(),
                tl_specs.len()
            ),
        ));
    }
    let (width, height) = match entry.get("size") {
        None => infer_size_with(tl_texts[0].split('|').next().unwrap_or(""), false),
        Some(Value::String(s)) => parse_size(s)
            .ok_or_else(|| format_err(&name, format!("size \"{s}\" must look like 8x8")))?,
        Some(other) => {
            return Err(format_err(
                &name,
                format!("\"size\" must be a string, found {}", short(other)),
            ));
        }
    };
    let labels: Vec<(&str, Option<&str>)> = tl_specs
        .iter()
        .map(|s| match s.split_once(':') {
            Some((l, o)) => (l, Some(o)),
            None => (*s, None),
        })
        .collect();
    let even = labels.iter().any(|(l, _)| matches!(*l, "-0" | "+0"));
    let dialect = Dialect {
        default_unmoved: true,
        repeat: false,
    };
    let mut timelines = Vec::new();
    for ((label, offset), text) in labels.iter().zip(&tl_texts) {
        let l = parse_timeline_label(label, even).ok_or_else(|| {
            format_err(
                &name,
                format!("\"{label}\" in \"{specs}\" is not a timeline"),
            )
        })?;
        let offset: i32 = match offset {
            None => 0,
            Some(o) => o
                .parse()
                .ok()
                .filter(|o: &i32| (*o as i64).abs() <= MAX_HALF_TURN)
                .ok_or_else(|| {
                    format_err(
                        &name,
                        format!("\"{o}\" in \"{label}:{o}\" is not a half-turn offset"),
                    )
                })?,
        };
        let mut boards = Vec::new();
        for b in text.split('|') {
            boards.push(
                parse_board_with(b, width, height, dialect).map_err(|error| {
                    VariantError::Board {
                        variant: name.clone(),
                        error,
                    }
                })?,
            );
        }
        timelines.push((
            l,
            Timeline {
                start: 2 + offset,
                boards,
                parent: None,
            },
        ));
    }
    let position =
        assemble_position(width, height, even, timelines).map_err(|m| format_err(&name, m))?;
    Ok(Variant {
        name,
        author: None,
        position,
    })
}

fn parse_size(s: &str) -> Option<(i32, i32)> {
    let (a, b) = s.split_once(['x', 'X'])?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// Reads variants in the commercial game's JSON format: an array (or one object) of
/// `{ "Name", "Author", "Timelines": { "0L": [null, "board", ...], ... },
/// "CosmeticTurnOffset", "GameBuilderOverride" }`. The text may start with a byte-order
/// mark and have comments and trailing commas. Letters: upper case White, lower case
/// Black; `W` brawn, `Y` royal queen, `C` common king, `S` princess, `U` unicorn,
/// `D` dragon; `3*p` repeats a piece; every piece starts unmoved. The board size is read
/// from the boards. The game has an even number of starting timelines (labels -0/+0)
/// when it lists an even number, unless `GameBuilderOverride` says `GameBuilderOdd` or
/// `GameBuilderEven`.
pub fn load_official_json(text: &str) -> Result<Vec<Variant>, VariantError> {
    // JSON5 is a superset of what the commercial game accepts (comments, trailing
    // commas); a byte-order mark is not part of it.
    let root: Value = json5::from_str(text.trim_start_matches('\u{feff}')).map_err(|e| {
        VariantError::Json(format!("variant file is not JSON even read leniently: {e}"))
    })?;
    match root {
        Value::Array(entries) => entries
            .iter()
            .enumerate()
            .map(|(i, e)| official_variant(i, e))
            .collect(),
        obj @ Value::Object(_) => Ok(vec![official_variant(0, &obj)?]),
        other => Err(VariantError::Format(format!(
            "variant file must hold an array of variants, found {}",
            short(&other)
        ))),
    }
}

fn official_variant(index: usize, entry: &Value) -> Result<Variant, VariantError> {
    let Value::Object(map) = entry else {
        return Err(VariantError::Format(format!(
            "variant #{} is not an object: {}",
            index + 1,
            short(entry)
        )));
    };
    let name = match map.get("Name") {
        Some(Value::String(s)) => s.clone(),
        _ => {
            return Err(VariantError::Format(format!(
                "variant #{} has no \"Name\": {}",
                index + 1,
                short(entry)
            )));
        }
    };
    let author = match map.get("Author") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => {
            return Err(format_err(
                &name,
                format!("\"Author\" must be a string, found {}", short(other)),
            ));
        }
    };
    let cosmetic: i64 = match map.get("CosmeticTurnOffset") {
        None | Some(Value::Null) => 0,
        Some(v) => v
            .as_i64()
            .filter(|o| o.abs() <= MAX_HALF_TURN)
            .ok_or_else(|| {
                format_err(
                    &name,
                    format!(
                        "\"CosmeticTurnOffset\" must be a whole number, found {}",
                        short(v)
                    ),
                )
            })?,
    };
    let Some(Value::Object(tls)) = map.get("Timelines") else {
        return Err(format_err(
            &name,
            "\"Timelines\" must be an object like {\"0L\": [\"board\", ...]}",
        ));
    };
    if tls.is_empty() {
        return Err(format_err(&name, "\"Timelines\" is empty"));
    }
    let even = match map.get("GameBuilderOverride") {
        None | Some(Value::Null) => tls.len() % 2 == 0,
        Some(Value::String(s)) if s == "GameBuilderEven" => true,
        Some(Value::String(s)) if s == "GameBuilderOdd" => false,
        Some(other) => {
            return Err(format_err(
                &name,
                format!(
                    "\"GameBuilderOverride\" must be \"GameBuilderOdd\" or \"GameBuilderEven\", found {}",
                    short(other)
                ),
            ));
        }
    };

    // Boards of each timeline, after its leading nulls.
    let mut parsed: Vec<(i32, &str, i64, Vec<&str>)> = Vec::new();
    for (key, boards) in tls {
        let label = key.trim();
        let label = label.strip_suffix(['L', 'l']).unwrap_or(label).trim();
        if !even && label == "-0" {
            return Err(format_err(
                &name,
                format!("timeline \"{key}\" (-0) in a game with an odd number of timelines"),
            ));
        }
        let l = parse_timeline_label(label, even).ok_or_else(|| {
            format_err(
                &name,
                format!("\"{key}\" is not a timeline like \"0L\", \"+0L\" or \"-1L\""),
            )
        })?;
        let Value::Array(list) = boards else {
            return Err(format_err(
                &name,
                format!(
                    "timeline \"{key}\" must be a list of boards, found {}",
                    short(boards)
                ),
            ));
        };
        let nulls = list.iter().take_while(|b| b.is_null()).count();
        let mut texts = Vec::new();
        for b in &list[nulls..] {
            match b {
                Value::String(s) => texts.push(s.as_str()),
                Value::Null => {
                    return Err(format_err(
                        &name,
                        format!("timeline \"{key}\" has a null after its first board"),
                    ));
                }
                other => {
                    return Err(format_err(
                        &name,
                        format!(
                            "timeline \"{key}\": a board must be a string, found {}",
                            short(other)
                        ),
                    ));
                }
            }
        }
        if texts.is_empty() {
            return Err(format_err(
                &name,
                format!("timeline \"{key}\" has no board"),
            ));
        }
        parsed.push((l, key.as_str(), nulls as i64, texts));
    }

    parsed.sort_by_key(|p| p.0);
    let (width, height) = infer_size_with(parsed[0].3[0], true);
    let dialect = Dialect {
        default_unmoved: true,
        repeat: true,
    };
    let mut timelines = Vec::new();
    for (l, key, nulls, texts) in parsed {
        let start = 2 + nulls + 2 * cosmetic;
        if start.abs() > MAX_HALF_TURN {
            return Err(format_err(
                &name,
                format!("timeline \"{key}\" starts too far in time (half-turn {start})"),
            ));
        }
        let mut boards = Vec::with_capacity(texts.len());
        for t in texts {
            boards.push(
                parse_board_with(t, width, height, dialect).map_err(|error| {
                    VariantError::Board {
                        variant: name.clone(),
                        error,
                    }
                })?,
            );
        }
        timelines.push((
            l,
            Timeline {
                start: start as i32,
                boards,
                parent: None,
            },
        ));
    }
    let position =
        assemble_position(width, height, even, timelines).map_err(|m| format_err(&name, m))?;
    Ok(Variant {
        name,
        author,
        position,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::{
        FenBoard, board_to_fen, infer_size, parse_fen_header, position_from_fen_boards,
    };
    use crate::piece::{Color, PieceKind};
    use std::path::PathBuf;

    /// Moves (not checked for legality of the whole turn) from every playable board.
    fn move_count(pos: &Position) -> usize {
        let mut v = Vec::new();
        for (l, _) in pos.playable_boards() {
            pos.board_moves(l, &mut v);
        }
        v.len()
    }

    fn has_pieces(pos: &Position) -> bool {
        pos.all_boards()
            .any(|(_, _, b)| b.squares.iter().any(|p| !p.is_empty()))
    }

    /// Same boards at the same places, same timelines and numbering, same player to move.
    fn same_position(a: &Position, b: &Position) -> Result<(), String> {
        let shape = |p: &Position| (p.width, p.height, p.even, p.init_min, p.init_max, p.to_move);
        if shape(a) != shape(b) {
            return Err(format!("{:?} != {:?}", shape(a), shape(b)));
        }
        let boards = |p: &Position| -> Vec<(i32, i32, String)> {
            p.all_boards()
                .map(|(l, h, x)| (l, h, board_to_fen(x, p.width, p.height)))
                .collect()
        };
        if boards(a) != boards(b) {
            return Err(format!("{:?}\n!=\n{:?}", boards(a), boards(b)));
        }
        if a.position_hash() != b.position_hash() {
            return Err("hashes differ".to_string());
        }
        Ok(())
    }

    /// A folder of the engine's test data (`tests/data/`), which must be there.
    fn test_data(rel: &str) -> PathBuf {
        let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(rel);
        assert!(p.is_dir(), "{} is missing", p.display());
        p
    }

    #[test]
    fn catalogue_matches_the_table() {
        let raw: Vec<Value> = serde_json::from_str(BASE_JSON).unwrap();
        let cat = catalogue();
        assert_eq!(raw.len(), 45);
        assert_eq!(cat.len(), 45);
        for (v, r) in cat.iter().zip(&raw) {
            assert_eq!(v.name, r["name"].as_str().unwrap());
            let (w, h) = parse_size(r["size"].as_str().unwrap()).unwrap();
            assert_eq!((v.position.width, v.position.height), (w, h), "{}", v.name);
            let n = r["timelines"].as_str().unwrap().split_whitespace().count();
            assert_eq!(v.position.timeline_indices().count(), n, "{}", v.name);
            assert_eq!(
                v.position.timeline_indices(),
                v.position.init_min..=v.position.init_max
            );
            let moves = move_count(&v.position);
            if v.name == "Misc - Global Warming" {
                // A single empty square: nobody has a piece, so nobody has a move.
                assert!(!has_pieces(&v.position));
                assert_eq!(moves, 0);
            } else {
                assert!(
                    moves > 0,
                    "{}: no move for {:?}",
                    v.name,
                    v.position.to_move
                );
            }
        }
        let names = names();
        assert_eq!(names.len(), 45);
        // Names stay distinct under the lookup's tolerance.
        for n in &names {
            assert_eq!(by_name(n).unwrap().name, *n);
            assert_eq!(
                names
                    .iter()
                    .filter(|m| loose_key(m) == loose_key(n))
                    .count(),
                1,
                "{n}"
            );
        }
    }

    #[test]
    fn standard_and_turn_zero() {
        let s = by_name("Standard").unwrap();
        let p = &s.position;
        assert_eq!((p.width, p.height, p.even), (8, 8, false));
        assert_eq!(p.to_move, Color::White);
        assert_eq!(p.playable_boards(), vec![(0, 2)]);
        assert_eq!(move_count(p), 20);
        let b = p.board(0, 2).unwrap();
        assert_eq!(b.get(4, 0).kind(), Some(PieceKind::King));
        assert!(b.get(4, 0).unmoved() && b.get(0, 7).unmoved() && b.get(3, 1).unmoved());

        let t = by_name("Standard - Turn Zero").unwrap().position;
        let tl = t.timeline(0).unwrap();
        assert_eq!((tl.start, tl.boards.len()), (1, 2));
        assert_eq!(t.to_move, Color::White);
        assert_eq!(t.playable_boards(), vec![(0, 2)]);
        assert_eq!(move_count(&t), 20);

        let f = by_name("Misc - Timeline Fragments").unwrap().position;
        assert!(f.even);
        assert_eq!(f.timeline(-1).unwrap().start, 3);
        assert_eq!(f.timeline(0).unwrap().start, 2);
        assert_eq!(f.to_move, Color::White);
        assert_eq!(f.playable_boards(), vec![(0, 2)]);

        let two = by_name("Standard - Two Timelines").unwrap().position;
        assert!(two.even);
        assert_eq!(two.timeline_indices(), -1..=0);
        // 20 on each board, plus each knight's jump to the other timeline's third rank.
        assert_eq!(move_count(&two), 44);
        let bg = by_name("Misc - Timeline Battlegrounds").unwrap().position;
        assert!(!bg.even);
        assert_eq!(bg.timeline_indices(), -1..=1);

        // Half Reflected swaps Black's king and queen (see the rules reference).
        let hr = by_name("Standard - Half Reflected").unwrap().position;
        let b = hr.board(0, 2).unwrap();
        assert_eq!(b.get(3, 7).kind(), Some(PieceKind::King));
        assert_eq!(b.get(4, 7).kind(), Some(PieceKind::Queen));
        assert_eq!(b.get(4, 0).kind(), Some(PieceKind::King));

        let rr = by_name("Standard - Reversed Royalty").unwrap().position;
        let b = rr.board(0, 2).unwrap();
        assert_eq!(b.get(3, 0).kind(), Some(PieceKind::RoyalQueen));
        assert_eq!(b.get(4, 7).kind(), Some(PieceKind::CommonKing));
        assert_eq!(b.get(4, 7).color(), Color::Black);
    }

    #[test]
    fn lookup_is_tolerant() {
        assert_eq!(by_name("standard").unwrap().name, "Standard");
        assert_eq!(
            by_name("STANDARD - TURN ZERO").unwrap().name,
            "Standard - Turn Zero"
        );
        assert_eq!(
            by_name("Standard-Turn Zero").unwrap().name,
            "Standard - Turn Zero"
        );
        assert_eq!(
            by_name("Misc - Timeline Battleground").unwrap().name,
            "Misc - Timeline Battlegrounds"
        );
        assert_eq!(
            by_name("misc timeline battlegrounds").unwrap().name,
            "Misc - Timeline Battlegrounds"
        );
        assert_eq!(
            by_name("Simple - Knights vs Bishop").unwrap().name,
            "Simple - Knights vs. Bishop"
        );
        assert_eq!(
            by_name("Checkmate Practice - Pawn").unwrap().name,
            "Checkmate Practice - Pawns"
        );
        assert_eq!(
            by_name(" very small  - open ").unwrap().name,
            "Very Small - Open"
        );
        assert!(by_name("Standard - Turn One").is_none());
        assert!(by_name("").is_none());
        assert!(by_name(" - ").is_none());
        assert_eq!(
            official_by_name("custom - royalty war").unwrap().name,
            "Custom - Royalty War"
        );
    }

    #[test]
    fn conformance_games_name_known_variants() {
        let dir = test_data("conformance");
        let mut seen = 0;
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            if path.extension().is_none_or(|x| x != "5dpgn") {
                continue;
            }
            let text = std::fs::read_to_string(path).unwrap();
            for line in text.lines() {
                let t = line.trim();
                if t.len() > 8 && t[..7].eq_ignore_ascii_case("[Board ") {
                    let name = t[7..].trim_end_matches(']').trim().trim_matches('"');
                    assert!(by_name(name).is_some(), "unknown variant {name:?}");
                    seen += 1;
                }
            }
        }
        assert_eq!(seen, 20, "one [Board] header in each of the 20 games");
    }

    /// Reads a 5DPGN file's headers: (key, value) pairs and 5DFEN boards.
    fn read_5dfen_file(text: &str) -> (Vec<(String, String)>, Vec<FenBoard>) {
        let mut pairs = Vec::new();
        let mut boards = Vec::new();
        for line in text.lines() {
            let t = line.trim();
            if !t.starts_with('[') {
                continue;
            }
            if t.contains('"') {
                let inner = t.trim_start_matches('[').trim_end_matches(']');
                if let Some((k, v)) = inner.split_once(' ') {
                    pairs.push((k.to_string(), v.trim().trim_matches('"').to_string()));
                }
            } else {
                boards.push(parse_fen_header(t).unwrap());
            }
        }
        (pairs, boards)
    }

    #[test]
    fn five_d_fen_files_match_the_catalogue() {
        let dir = test_data("variants-5dfen");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "5dpgn"))
            .collect();
        files.sort();
        assert_eq!(files.len(), 16);
        let mut compared = 0;
        for path in files {
            let file = path.file_name().unwrap().to_string_lossy().to_string();
            let (pairs, boards) = read_5dfen_file(&std::fs::read_to_string(&path).unwrap());
            let get = |k: &str| {
                pairs
                    .iter()
                    .find(|(key, _)| key.eq_ignore_ascii_case(k))
                    .map(|(_, v)| v.clone())
            };
            let name = get("VariantName").expect("VariantName");
            let (w, h) = match get("Size") {
                Some(s) => parse_size(&s).unwrap(),
                None => infer_size(&boards[0].board_text),
            };
            let pos =
                position_from_fen_boards(&boards, w, h).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert!(move_count(&pos) > 0, "{file}");
            let initial = get("InitialMultiverses").unwrap();
            assert_eq!(
                pos.timeline_indices().count(),
                initial.split_whitespace().count(),
                "{file}"
            );
            match by_name(&name) {
                Some(v) if name == "Standard - Half Reflected" => {
                    // That file swaps White's king and queen; the table (and the game)
                    // swap Black's. Only the first rank differs.
                    assert!(same_position(&v.position, &pos).is_err(), "{file}");
                    let (a, b) = (v.position.board(0, 2).unwrap(), pos.board(0, 2).unwrap());
                    assert_eq!(a.get(3, 0).kind(), Some(PieceKind::Queen));
                    assert_eq!(b.get(3, 0).kind(), Some(PieceKind::King));
                    assert_eq!(a.get(3, 7).kind(), Some(PieceKind::King));
                    assert_eq!(b.get(3, 7).kind(), Some(PieceKind::Queen));
                }
                Some(v) => {
                    assert!(file.starts_with("base-"), "{file}");
                    same_position(&v.position, &pos)
                        .unwrap_or_else(|e| panic!("{file} vs {}: {e}", v.name));
                    compared += 1;
                }
                None => {
                    assert!(
                        file.starts_with("community-"),
                        "{file}: {name} not in the catalogue"
                    );
                    if name == "Royalty War" {
                        let v = official_by_name("Custom - Royalty War").unwrap();
                        same_position(&v.position, &pos).unwrap_or_else(|e| panic!("{file}: {e}"));
                    }
                }
            }
        }
        assert_eq!(compared, 8);
    }

    #[test]
    fn official_variants_load() {
        let list = official_catalogue();
        assert_eq!(list.len(), 54);
        // One empty square: nobody has a piece, so nobody has a move.
        let empty = ["T0 Global Warming"];
        for v in &list {
            assert!(v.author.is_some(), "{}", v.name);
            let moves = move_count(&v.position);
            if empty.contains(&v.name.as_str()) {
                assert!(!has_pieces(&v.position), "{}", v.name);
                assert_eq!(moves, 0);
            } else {
                assert!(
                    moves > 0,
                    "{}: no move for {:?}",
                    v.name,
                    v.position.to_move
                );
            }
        }
        let get = |n: &str| list.iter().find(|v| v.name == n).unwrap().position.clone();
        // Turn Zero: one null and offset -1 put the first board at Black's turn 0.
        let p = get("Simple Set (6x6) - Turn Zero");
        assert_eq!((p.width, p.height), (6, 6));
        assert_eq!(p.timeline(0).unwrap().start, 1);
        assert_eq!(p.timeline(0).unwrap().boards.len(), 2);
        assert_eq!(p.to_move, Color::White);
        same_position(&get("Standard"), &by_name("Standard").unwrap().position).unwrap();
        let rr = get("Reversed Royalty Turn Zero");
        assert_eq!(rr.timeline(0).unwrap().start, 1);
        // "0L" and "1L" with GameBuilderOdd: an odd game with timelines 0 and 1.
        let dup = get("Standard - Duplicated, White disadvantaged");
        assert!(!dup.even);
        assert_eq!(dup.timeline_indices(), 0..=1);
        let fair = get("Fair Two Timelines");
        assert!(fair.even);
        assert_eq!(fair.timeline(-1).unwrap().start, 3);
        assert_eq!(fair.timeline(0).unwrap().start, 2);
        assert_eq!(fair.to_move, Color::White);
        let reunion = get("Disconnected - Reunion 5");
        assert_eq!(reunion.timeline(0).unwrap().start, 10);
        // 8193 one-square boards; White's queen on the last one can only travel back.
        let hyper = get("Hyper Jump");
        assert_eq!(hyper.timeline(0).unwrap().boards.len(), 8193);
        assert_eq!(hyper.playable_boards(), vec![(0, 8194)]);
        let tinf = get("T-∞ v2");
        assert_eq!(tinf.timeline(0).unwrap().start, 3 - 256);
        let tut = get("Tutorial Pawn");
        assert_eq!((tut.width, tut.height), (3, 3));
        assert_eq!(tut.timeline_indices(), -2..=2);
        assert_eq!(tut.present(), 6);
        assert_eq!(tut.mandatory_boards(), vec![(1, 6)]);
        let scourge = get("Custom - Scourging Assessment");
        // One null and no cosmetic offset: boards at Black's turn 1 and White's turn 2.
        assert_eq!(scourge.timeline(1).unwrap().start, 3);
        assert_eq!(scourge.to_move, Color::White);
    }

    #[test]
    fn official_format_details() {
        let text = "\u{feff}[ // a comment\n { \"Name\": \"Mini\", /* block */ \"Author\": \"me, \\\"quoted\\\" // not a comment\",\n \
            \"Timelines\": { \"-0L\": [null, \"2k/3/K2\", \"2k/3/K2\",], \"+0L\": [null, \"3*w/3/2*W1\", \"3*w/3/2*W1\"], },\n \
            \"CosmeticTurnOffset\": -1, },\n]";
        let list = load_official_json(text).unwrap();
        assert_eq!(list.len(), 1);
        let v = &list[0];
        assert_eq!(v.author.as_deref(), Some("me, \"quoted\" // not a comment"));
        let p = &v.position;
        assert!(p.even);
        assert_eq!((p.width, p.height), (3, 3));
        assert_eq!(p.timeline_indices(), -1..=0);
        assert_eq!(p.timeline(0).unwrap().start, 1);
        assert_eq!(board_to_fen(p.board(0, 1).unwrap(), 3, 3), "w*w*w*/3/W*W*1");
        assert_eq!(board_to_fen(p.board(-1, 1).unwrap(), 3, 3), "2k*/3/K*2");
        // A single object is one variant.
        let one =
            load_official_json("{\"Name\": \"x\", \"Timelines\": {\"0L\": [\"1\"]}}").unwrap();
        assert_eq!(one[0].position.timeline(0).unwrap().start, 2);
        assert!(one[0].author.is_none());
    }

    #[test]
    fn malformed_input_is_an_error() {
        let official: &[(&str, &str)] = &[
            ("", "not JSON"),
            ("[", "not JSON"),
            ("42", "array"),
            ("[42]", "not an object"),
            ("[{}]", "no \"Name\""),
            ("[{\"Name\": \"a\"}]", "\"Timelines\""),
            ("[{\"Name\": \"a\", \"Timelines\": {}}]", "empty"),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"0L\": []}}]",
                "no board",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"0L\": [null]}}]",
                "no board",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"0L\": [\"1\", null]}}]",
                "null after",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"0L\": [\"1\", 3]}}]",
                "must be a string",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"0L\": \"1\"}}]",
                "list of boards",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"zL\": [\"1\"]}}]",
                "\"zL\"",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"-0L\": [\"1\"]}}]",
                "odd number",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"0L\": [\"1\"], \"2L\": [\"1\"], \"1L\": [\"x\"]}}]",
                "'x'",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"0L\": [\"1\"], \"2L\": [\"1\"], \"-1L\": [\"1\"]}}]",
                "contiguous",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"0L\": [\"2k/3/K2\", \"1\"]}}]",
                "\"1\"",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"0L\": [\"9/9\"]}}]",
                "9x2",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"0L\": [\"1\"]}, \"CosmeticTurnOffset\": 0.5}]",
                "whole number",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"0L\": [\"1\"]}, \"CosmeticTurnOffset\": 99999999999}]",
                "whole number",
            ),
            (
                "[{\"Name\": \"a\", \"Timelines\": {\"0L\": [\"1\"]}, \"GameBuilderOverride\": \"X\"}]",
                "GameBuilderOverride",
            ),
        ];
        for (text, needle) in official {
            let e = load_official_json(text).expect_err(text);
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
        let base: &[(&str, &str)] = &[
            ("{}", "array"),
            ("[{\"boards\": \"1\"}]", "no \"name\""),
            (
                "[{\"name\": \"a\", \"boards\": \"1\"}]",
                "\"timelines\" is missing",
            ),
            (
                "[{\"name\": \"a\", \"boards\": \"1 1\", \"timelines\": \"0\", \"size\": \"1x1\"}]",
                "2 timeline(s)",
            ),
            (
                "[{\"name\": \"a\", \"boards\": \"1\", \"timelines\": \"0:x\", \"size\": \"1x1\"}]",
                "\"x\"",
            ),
            (
                "[{\"name\": \"a\", \"boards\": \"1\", \"timelines\": \"q\", \"size\": \"1x1\"}]",
                "\"q\"",
            ),
            (
                "[{\"name\": \"a\", \"boards\": \"1\", \"timelines\": \"0\", \"size\": \"big\"}]",
                "\"big\"",
            ),
            (
                "[{\"name\": \"a\", \"boards\": \"2k/3/K2\", \"timelines\": \"0\", \"size\": \"4x4\"}]",
                "2k/3/K2",
            ),
            (
                "[{\"name\": \"a\", \"boards\": \"1 1\", \"timelines\": \"0 2\", \"size\": \"1x1\"}]",
                "contiguous",
            ),
            (
                "[{\"name\": \"a\", \"boards\": \"\", \"timelines\": \"\", \"size\": \"1x1\"}]",
                "empty",
            ),
        ];
        for (text, needle) in base {
            let e = load_base_json(text).expect_err(text);
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
        // Without a size the table reads it from the first board.
        let v =
            load_base_json("[{\"name\": \"a\", \"boards\": \"2k/3/K2\", \"timelines\": \"0\"}]")
                .unwrap();
        assert_eq!((v[0].position.width, v[0].position.height), (3, 3));
    }

    mod fuzz {
        use super::super::*;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(300))]
            #[test]
            fn loaders_never_panic(text in "[\\[\\]{}\",:0-9a-zA-Z/* \\n-]{0,80}") {
                let _ = load_official_json(&text);
                let _ = load_base_json(&text);
            }

            #[test]
            fn structured_official_never_panics(
                key in "[-+]?[0-9]{1,2}L?",
                nulls in 0usize..4,
                board in "[0-9pkKwW*/]{0,12}",
                offset in -3i64..3,
            ) {
                let list = format!("{}\"{board}\"", "null, ".repeat(nulls));
                let text = format!("[{{\"Name\": \"f\", \"Timelines\": {{\"{key}\": [{list}]}}, \"CosmeticTurnOffset\": {offset}}}]");
                if let Ok(v) = load_official_json(&text) {
                    prop_assert_eq!(v.len(), 1);
                }
            }
        }
    }
}
