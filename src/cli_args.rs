//! The game's command line. Tests and checks depend on these exact forms.

use crate::opening::Opened;
use bevy::prelude::Resource;
use std::path::PathBuf;

pub const USAGE: &str = "usage: timefork [GAME]
       timefork --screenshot OUT.png [--screen NAME] [--size WxH] [--lang L] [--rules G[:N]] [GAME]
       timefork --bench-frames N [GAME]
       timefork --version

GAME: a saved game (.5dpgn for 5D chess, .wager, .kingdrops).
--screen NAME opens a screen: title, new-game, load, settings, leaderboard, puzzles,
              tutorial, wager-new, kingdrops-new, kingdrops-setup.
--size WxH sets the window's size (default 1280x720).
--lang L draws every text in language L (en, ru, ja) without changing the setting.
--rules G[:N] opens the rules of game G (fived, wager, kingdrops) at section N (from 1)
              over the screen.";

/// What the game was started with. A game file is read before the window opens, so a bad
/// file is reported on stderr with exit status 2 instead of a window that shows nothing.
#[derive(Resource, Default, Clone, Debug)]
pub struct LaunchOptions {
    pub game: Option<(PathBuf, Opened)>,
    pub screenshot: Option<PathBuf>,
    pub bench_frames: Option<u32>,
    /// The screen to open instead of the title.
    pub screen: Option<crate::screens::Screen>,
    /// The window's size in logical pixels.
    pub size: Option<(u32, u32)>,
    /// The language for this run only (`--lang`).
    pub lang: Option<timefork_i18n::Lang>,
    /// The rules page to open over the screen (`--rules`): the game and its section.
    pub rules: Option<(timefork_records::GameKind, usize)>,
    pub help: bool,
    pub version: bool,
}

impl LaunchOptions {
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<LaunchOptions, String> {
        let mut opts = LaunchOptions::default();
        let mut args = args.into_iter();
        let mut file: Option<PathBuf> = None;
        while let Some(a) = args.next() {
            match a.as_str() {
                "-h" | "--help" => opts.help = true,
                "-V" | "--version" => opts.version = true,
                "--screen" => {
                    let n = args.next().ok_or("--screen needs a screen name")?;
                    opts.screen =
                        Some(crate::screens::Screen::from_cli_name(&n).ok_or_else(|| {
                            format!(
                                "--screen: there is no screen `{n}` (try {})",
                                crate::screens::Screen::CLI_NAMES.join(", ")
                            )
                        })?);
                }
                "--size" => {
                    let v = args.next().ok_or("--size needs WIDTHxHEIGHT")?;
                    let parsed = v
                        .split_once('x')
                        .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
                        .filter(|&(w, h)| (320..=8192).contains(&w) && (240..=8192).contains(&h));
                    opts.size = Some(parsed.ok_or_else(|| {
                        format!("--size: `{v}` is not WIDTHxHEIGHT (320x240 to 8192x8192)")
                    })?);
                }
                "--lang" => {
                    let v = args.next().ok_or("--lang needs a language: en, ru or ja")?;
                    opts.lang = Some(timefork_i18n::Lang::from_code(&v).ok_or_else(|| {
                        format!("--lang: `{v}` is not one of the game's languages (en, ru, ja)")
                    })?);
                }
                "--rules" => {
                    let v = args
                        .next()
                        .ok_or("--rules needs a game: fived, wager or kingdrops")?;
                    opts.rules = Some(parse_rules(&v)?);
                }
                "--screenshot" => {
                    let p = args.next().ok_or("--screenshot needs an output path")?;
                    opts.screenshot = Some(PathBuf::from(p));
                }
                "--bench-frames" => {
                    let n = args
                        .next()
                        .ok_or("--bench-frames needs a number of frames")?;
                    let n: u32 = n
                        .parse()
                        .map_err(|_| format!("--bench-frames: `{n}` is not a number of frames"))?;
                    if n == 0 {
                        return Err(
                            "--bench-frames: the number of frames must be at least 1".into()
                        );
                    }
                    opts.bench_frames = Some(n);
                }
                s if s.starts_with('-') => return Err(format!("unknown option `{s}`")),
                s => {
                    if file.is_some() {
                        return Err(format!(
                            "only one game file can be opened (got a second: `{s}`)"
                        ));
                    }
                    file = Some(PathBuf::from(s));
                }
            }
        }
        if let Some(path) = file {
            let mut opened = crate::opening::open_file(&path)?;
            // A plain 5DPGN given on the command line is for two people to look at.
            if let Opened::FiveD(saved) = &mut opened {
                saved
                    .players
                    .get_or_insert([crate::players::Player::Human; 2]);
            }
            opts.game = Some((path, opened));
        }
        Ok(opts)
    }
}

/// `fived`, `wager:3`: a game and a section counted from 1 (the first when left out).
fn parse_rules(v: &str) -> Result<(timefork_records::GameKind, usize), String> {
    use timefork_records::GameKind;
    let (g, n) = v.split_once(':').unwrap_or((v, "1"));
    let game = match g {
        "fived" => GameKind::FiveD,
        "wager" => GameKind::Wager,
        "kingdrops" => GameKind::Kingdrops,
        _ => {
            return Err(format!(
                "--rules: `{g}` is not a game (fived, wager or kingdrops)"
            ));
        }
    };
    match n.parse::<usize>() {
        Ok(n) if n >= 1 => Ok((game, n - 1)),
        _ => Err(format!(
            "--rules: `{n}` is not a section number (1, 2, ...)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(a: &[&str]) -> Result<LaunchOptions, String> {
        LaunchOptions::parse(a.iter().map(|s| s.to_string()))
    }

    #[test]
    fn options_and_errors() {
        let o = parse(&["--screenshot", "out.png", "--bench-frames", "12"]).unwrap();
        assert_eq!(
            o.screenshot.as_deref(),
            Some(std::path::Path::new("out.png"))
        );
        assert_eq!(o.bench_frames, Some(12));
        assert!(o.game.is_none());
        assert!(
            parse(&["--bench-frames", "x"])
                .unwrap_err()
                .contains("not a number")
        );
        assert!(parse(&["--bench-frames", "0"]).is_err());
        assert!(parse(&["--screenshot"]).is_err());
        assert!(parse(&["--fly"]).unwrap_err().contains("--fly"));
        let o = parse(&["--screen", "new-game", "--size", "1024x600"]).unwrap();
        assert_eq!(o.screen, Some(crate::screens::Screen::NewGame));
        assert_eq!(o.size, Some((1024, 600)));
        assert!(parse(&["--screen", "moon"]).unwrap_err().contains("title"));
        assert!(parse(&["--size", "10x10"]).is_err());
        let o = parse(&["--lang", "ja"]).unwrap();
        assert_eq!(o.lang, Some(timefork_i18n::Lang::Ja));
        assert!(parse(&["--lang", "de"]).unwrap_err().contains("en, ru, ja"));
        assert!(parse(&["--lang"]).is_err());
        let o = parse(&["--rules", "wager:3"]).unwrap();
        assert_eq!(o.rules, Some((timefork_records::GameKind::Wager, 2)));
        let o = parse(&["--rules", "fived"]).unwrap();
        assert_eq!(o.rules, Some((timefork_records::GameKind::FiveD, 0)));
        assert!(
            parse(&["--rules", "chess"])
                .unwrap_err()
                .contains("kingdrops")
        );
        assert!(parse(&["--rules", "wager:0"]).is_err());
        assert!(parse(&["--size", "wide"]).is_err());
        assert!(parse(&["--version"]).unwrap().version);
        assert!(
            parse(&["/no/such/file.5dpgn"])
                .unwrap_err()
                .contains("/no/such/file.5dpgn")
        );
    }
}
