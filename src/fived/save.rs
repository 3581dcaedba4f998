//! The 5D save file: 5DPGN with a few headers of ours, so a save is also a game any 5D
//! tool opens, and export stays one click. Version 2 adds who plays each side, the time
//! control and both clocks, where the match came from, and the puzzle it plays:
//!
//! ```text
//! [Board "Standard"]
//! [Mode "5D"]
//! [TimeforkSave "2"]
//! [TimeforkWhite "human"]
//! [TimeforkBlack "ai:hard"]
//! [TimeControl "600+5"]           (PGN's form: seconds + increment; absent when untimed)
//! [TimeforkClocks "431500 587250 168500 12750"]   (ms left White, Black; ms used White, Black)
//! [TimeforkOrigin "variant"]      (variant, file, pasted, puzzle)
//! [TimeforkPuzzle "easy/mate-in-1-03"]   (only for a puzzle)
//! [TimeforkHelped "white"]        (the sides that asked the engine while the game was on:
//!                                  a hint or the analysis board; absent when none did)
//! ```
//!
//! Version 1 saves (and any other 5DPGN) are plain games: they open with two people,
//! untimed. Unknown newer versions are refused with a clear message.

use super::matchplay::clocks::{ClockStart, Clocks, TimeControl};
use super::matchplay::{Match, Origin};
use crate::players::{AiLevel, Player};
use crate::saved_games::{GameFile, Opened, Summary};
use std::time::Duration;
use timefork_engine::{Game, notation};
use timefork_i18n::tr;
use timefork_records::GameKind;

pub const SAVE_VERSION: u32 = 2;

const KEYS: [&str; 7] = [
    "TimeforkHelped",
    "TimeforkSave",
    "TimeforkWhite",
    "TimeforkBlack",
    "TimeControl",
    "TimeforkClocks",
    "TimeforkOrigin",
];

/// What a save holds besides the game.
#[derive(Debug, Clone)]
pub struct Saved {
    pub game: Game,
    /// `None` for a plain 5DPGN (the caller decides who plays).
    pub players: Option<[Player; 2]>,
    pub time_control: Option<TimeControl>,
    pub clocks: ClockStart,
    pub origin: Origin,
    pub puzzle: Option<String>,
    /// The sides that asked the engine (`TimeforkHelped`).
    pub helped: [bool; 2],
}

fn player_text(p: Player) -> String {
    match p {
        Player::Human | Player::Remote => "human".into(),
        Player::Ai(l) => format!("ai:{}", l.name().to_ascii_lowercase()),
    }
}

fn parse_player(s: &str) -> Result<Player, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "human" => Ok(Player::Human),
        other => other
            .strip_prefix("ai:")
            .and_then(|l| {
                AiLevel::ALL
                    .into_iter()
                    .find(|x| x.name().eq_ignore_ascii_case(l))
            })
            .map(Player::Ai)
            .ok_or_else(|| tr!("fived-save-not-a-player", value = s)),
    }
}

fn origin_text(o: Origin) -> &'static str {
    match o {
        Origin::Variant => "variant",
        Origin::File | Origin::Backdrop | Origin::Tutorial | Origin::Analysis => "file",
        Origin::Pasted => "pasted",
        Origin::Puzzle => "puzzle",
    }
}

/// The save text of a match as it stands (submitted turns only).
pub fn save_text(m: &Match, clocks: &Clocks, puzzle: Option<&str>) -> String {
    let mut game = m.game.clone();
    game.headers.retain(|(k, _)| {
        !KEYS
            .iter()
            .chain(["TimeforkPuzzle"].iter())
            .any(|x| x.eq_ignore_ascii_case(k))
    });
    let ms = |d: Duration| d.as_millis().to_string();
    let current = clocks.match_id == m.id;
    let used = if current {
        clocks.used
    } else {
        m.clock_start.used
    };
    let left = if current {
        clocks.remaining
    } else {
        m.clock_start.remaining
    };
    let mut h = vec![
        ("TimeforkSave", SAVE_VERSION.to_string()),
        ("TimeforkWhite", player_text(m.players[0])),
        ("TimeforkBlack", player_text(m.players[1])),
    ];
    if let Some(tc) = m.time_control {
        h.push(("TimeControl", tc.tag()));
    }
    let left = left.unwrap_or([Duration::ZERO; 2]);
    h.push((
        "TimeforkClocks",
        format!(
            "{} {} {} {}",
            ms(left[0]),
            ms(left[1]),
            ms(used[0]),
            ms(used[1])
        ),
    ));
    h.push(("TimeforkOrigin", origin_text(m.origin).to_string()));
    if let Some(p) = puzzle {
        h.push(("TimeforkPuzzle", p.to_string()));
    }
    let helped: Vec<&str> = ["white", "black"]
        .into_iter()
        .zip(m.helped)
        .filter_map(|(side, asked)| asked.then_some(side))
        .collect();
    if !helped.is_empty() {
        h.push(("TimeforkHelped", helped.join(" ")));
    }
    game.headers
        .extend(h.into_iter().map(|(k, v)| (k.to_string(), v)));
    notation::write_game(&game)
}

/// 5D chess's kind of file: `.5dpgn`, and any text no other game claims.
pub const FILE: GameFile = GameFile {
    kind: GameKind::FiveD,
    extension: "5dpgn",
    stem: "5d-chess",
    claims: |_| false,
    last_resort: true,
    read: |path, text| {
        let saved = read_save(text)?;
        let summary = Summary {
            kind: GameKind::FiveD,
            players: saved.players.unwrap_or([Player::Human; 2]),
            turn: saved.game.actions.len() / 2 + 1,
        };
        Ok(Opened::new(summary, path, saved))
    },
};

/// Reads a save, or any 5DPGN / 5DFEN text.
pub fn read_save(text: &str) -> Result<Saved, String> {
    if text.trim().is_empty() {
        return Err(tr!("common-no-game-text"));
    }
    let game = notation::read_game(text).map_err(|e| notation_error_text(&e))?;
    let version = match game.header("TimeforkSave") {
        None => 1,
        Some(v) => v
            .trim()
            .parse::<u32>()
            .map_err(|_| tr!("fived-save-bad-version", value = v))?,
    };
    if version > SAVE_VERSION {
        return Err(tr!(
            "fived-save-too-new",
            version = version,
            supported = SAVE_VERSION
        ));
    }
    let mut saved = Saved {
        game,
        players: None,
        time_control: None,
        clocks: ClockStart::default(),
        origin: Origin::File,
        puzzle: None,
        helped: [false; 2],
    };
    if version < 2 {
        return Ok(saved);
    }
    let g = &saved.game;
    let field = |k: &str| g.header(k).map(str::to_string);
    // A header's value, or why the save is refused (the header's name in the message).
    let player = |header: &str| {
        let value =
            field(header).ok_or_else(|| tr!("fived-save-header-missing", header = header))?;
        parse_player(&value).map_err(|e| tr!("fived-save-header-error", header = header, error = e))
    };
    let players = [player("TimeforkWhite")?, player("TimeforkBlack")?];
    let tc = field("TimeControl")
        .map(|t| {
            TimeControl::parse_tag(&t)
                .map_err(|e| tr!("fived-save-header-error", header = "TimeControl", error = e))
        })
        .transpose()?;
    if let Some(c) = field("TimeforkClocks") {
        let n: Vec<u64> = c
            .split_whitespace()
            .map(|x| x.parse::<u64>())
            .collect::<Result<_, _>>()
            .map_err(|_| tr!("fived-save-bad-clocks", value = &c))?;
        let [lw, lb, uw, ub] = n[..] else {
            return Err(tr!("fived-save-bad-clocks", value = &c));
        };
        let d = Duration::from_millis;
        saved.clocks = ClockStart {
            used: [d(uw), d(ub)],
            remaining: tc.map(|_| [d(lw), d(lb)]),
        };
    }
    saved.puzzle = field("TimeforkPuzzle");
    if let Some(h) = field("TimeforkHelped") {
        for word in h.split_whitespace() {
            match word.to_ascii_lowercase().as_str() {
                "white" => saved.helped[0] = true,
                "black" => saved.helped[1] = true,
                _ => {
                    return Err(tr!(
                        "fived-save-header-error",
                        header = "TimeforkHelped",
                        error = word
                    ));
                }
            }
        }
    }
    saved.players = Some(players);
    saved.time_control = tc;
    // However it began, a reopened game is a game from a file (it never enters the
    // leaderboard); a puzzle stays a puzzle.
    saved.origin = match field("TimeforkOrigin").as_deref() {
        Some("puzzle") => Origin::Puzzle,
        _ => Origin::File,
    };
    Ok(saved)
}

/// A 5DPGN reading error in the current language: the frame (line, the text at fault)
/// and the engine's fixed messages are translated; messages the engine builds around a
/// move or a board stay as it writes them (they hold notation).
pub fn notation_error_text(e: &notation::NotationError) -> String {
    let message = match e.message.as_str() {
        "closing brace without an opening one" => tr!("fived-notation-stray-brace"),
        "comment is never closed" => tr!("fived-notation-open-comment"),
        "header is not closed with `]`" => tr!("fived-notation-open-header"),
        "header value is not closed with a quote" => tr!("fived-notation-open-quote"),
        "header key must be one word" => tr!("fived-notation-header-key"),
        "header is neither `[Key \"value\"]` nor a 5DFEN board" => {
            tr!("fived-notation-bad-header")
        }
        "text after a header" => tr!("fived-notation-after-header"),
        "only Mode \"5D\" games can be read" => tr!("fived-notation-mode"),
        "Size must look like 8x8" => tr!("fived-notation-size"),
        "unknown variant (see `timefork-cli variants`)" => tr!("fived-notation-unknown-variant"),
        "no game (no header and no move)" => tr!("fived-notation-no-game"),
        "text after the game result" => tr!("fived-notation-after-result"),
        "the game starts with White to move" => tr!("fived-notation-white-starts"),
        other => other.to_string(),
    };
    if e.is_no_game() {
        message
    } else {
        tr!(
            "fived-notation-error",
            line = e.line,
            text = &e.text,
            message = message
        )
    }
}

impl Saved {
    /// The match this save opens, with `default_players` for a plain 5DPGN.
    pub fn into_match(self, default_players: [Player; 2]) -> Match {
        let mut m = Match::new(self.game, self.players.unwrap_or(default_players))
            .timed(self.time_control)
            .from_origin(self.origin);
        m.clock_start = self.clocks;
        m.helped = self.helped;
        m
    }
}

/// Reads a 5DPGN game (or a 5DFEN position: boards as headers and no moves).
pub fn read_game_file(path: &std::path::Path) -> Result<Game, String> {
    let text = crate::files::read_text(path)?;
    read_game_text(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads pasted 5DPGN or 5DFEN text.
pub fn read_game_text(text: &str) -> Result<Game, String> {
    if text.trim().is_empty() {
        return Err(timefork_i18n::tr!("common-no-game-text"));
    }
    notation::read_game(text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_round_trips_players_clocks_and_origin() {
        let m = Match::from_variant("Standard", [Player::Human, Player::Ai(AiLevel::Hard)])
            .unwrap()
            .timed(Some(TimeControl::minutes(10, 5)));
        let clocks = Clocks {
            match_id: m.id,
            used: [
                Duration::from_millis(168_500),
                Duration::from_millis(12_750),
            ],
            remaining: Some([
                Duration::from_millis(431_500),
                Duration::from_millis(587_250),
            ]),
            warned: [false; 2],
        };
        let text = save_text(&m, &clocks, None);
        assert!(text.contains("[TimeforkSave \"2\"]"), "{text}");
        assert!(text.contains("[TimeControl \"600+5\"]"), "{text}");
        assert!(
            text.contains("[TimeforkClocks \"431500 587250 168500 12750\"]"),
            "{text}"
        );
        let s = read_save(&text).unwrap();
        assert_eq!(s.players, Some([Player::Human, Player::Ai(AiLevel::Hard)]));
        assert_eq!(s.time_control, Some(TimeControl::minutes(10, 5)));
        assert_eq!(s.clocks.remaining, clocks.remaining);
        assert_eq!(s.clocks.used, clocks.used);
        // A reopened game is from a file, whatever it was.
        assert_eq!(s.origin, Origin::File);
        // Saving twice does not stack our headers.
        let again = save_text(
            &s.into_match([Player::Human; 2]),
            &Clocks::default(),
            Some("easy/p1"),
        );
        assert_eq!(again.matches("TimeforkSave").count(), 1, "{again}");
        assert!(again.contains("[TimeforkPuzzle \"easy/p1\"]"));
    }

    #[test]
    fn old_and_foreign_games_open_and_newer_saves_are_refused() {
        // A plain 5DPGN (what version 1 saved): two people by default, untimed.
        let s = read_save("[Board \"Standard\"]\n1. e4 / e5\n").unwrap();
        assert_eq!(
            (s.players, s.time_control, s.origin),
            (None, None, Origin::File)
        );
        assert_eq!(s.game.actions.len(), 2);
        let e = read_save("[Board \"Standard\"]\n[TimeforkSave \"9\"]\n").unwrap_err();
        assert!(e.contains("version 9"), "{e}");
        let e = read_save(
            "[Board \"Standard\"]\n[TimeforkSave \"2\"]\n[TimeforkWhite \"wizard\"]\n[TimeforkBlack \"human\"]\n",
        )
        .unwrap_err();
        assert!(e.contains("TimeforkWhite") && e.contains("wizard"), "{e}");
        assert!(read_save("  ").unwrap_err().contains("no game text"));
    }

    #[test]
    fn pasted_text_errors_are_clear() {
        assert!(read_game_text("  ").unwrap_err().contains("no game text"));
        let e = read_game_text("[Board \"Standard\"]\n1. (0T1)Pe2e9\n").unwrap_err();
        assert!(e.contains("line"), "{e}");
        let g = read_game_text("[Board \"Standard\"]\n1. e4 / e5\n").unwrap();
        assert_eq!(g.actions.len(), 2);
    }
}
