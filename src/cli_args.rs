//! The game's command line (clap). Tests and checks depend on these exact forms.

use crate::saved_games::{GameFiles, OpenGame, Opened};
use bevy::prelude::*;
use std::path::PathBuf;

/// What the command line asks for at start: a game to open, or a screen to show.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Startup,
        (open_from_command_line, open_screen_from_command_line),
    );
}

/// `--screen NAME` opens that screen at start.
fn open_screen_from_command_line(
    opts: Option<Res<LaunchOptions>>,
    mut next: ResMut<NextState<crate::screens::Screen>>,
) {
    if let Some(s) = opts.and_then(|o| o.screen) {
        next.set(s);
    }
}

/// The game named on the command line, read by `read_the_command_line_game` before the
/// window opens.
#[derive(Resource, Debug, Clone)]
pub struct CommandLineGame(pub Opened);

/// The game named on the command line is opened once the app starts.
fn open_from_command_line(game: Option<Res<CommandLineGame>>, mut out: MessageWriter<OpenGame>) {
    if let Some(g) = game {
        out.write(OpenGame(g.0.clone()));
    }
}

/// Reads the game the command line names through the file kinds the games registered in
/// `app` (call it after building the app, before running it: a bad file is reported on
/// stderr with exit status 2 and never opens a window).
pub fn read_the_command_line_game(app: &mut App) -> Result<(), String> {
    let Some(path) = app
        .world()
        .get_resource::<LaunchOptions>()
        .and_then(|o| o.game.clone())
    else {
        return Ok(());
    };
    let mut opened = app.world().resource::<GameFiles>().open(&path)?;
    opened.from_command_line = true;
    app.insert_resource(CommandLineGame(opened));
    Ok(())
}

/// The command line as clap reads it; `LaunchOptions::parse` checks what clap cannot
/// (the game file is read at once).
#[derive(clap::Parser, Debug)]
#[command(
    name = "timefork",
    version,
    about = "Timefork: 5D chess, Timeline Wager and Kingdrops",
    after_help = "GAME: a saved game (.5dpgn for 5D chess, .wager, .kingdrops)."
)]
struct Args {
    /// A saved game to open (.5dpgn, .wager, .kingdrops).
    #[arg(value_name = "GAME")]
    game: Option<PathBuf>,
    /// Save a screenshot of the first settled frame to OUT.png, then quit.
    #[arg(long, value_name = "OUT.png")]
    screenshot: Option<PathBuf>,
    /// Draw N frames and print the frame times, then quit.
    #[arg(long, value_name = "N", value_parser = parse_frames)]
    bench_frames: Option<u32>,
    /// Open a screen instead of the title: title, new-game, load, settings, leaderboard,
    /// puzzles, tutorial, wager-new, kingdrops-new, kingdrops-setup, join.
    #[arg(long, value_name = "NAME", value_parser = parse_screen)]
    screen: Option<crate::screens::Screen>,
    /// The window's size (default 1280x720).
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    size: Option<(u32, u32)>,
    /// Draw every text in language L (en, ru, ja) without changing the setting.
    #[arg(long, value_name = "L", value_parser = parse_lang)]
    lang: Option<timefork_i18n::Lang>,
    /// Open the rules of game G (fived, wager, kingdrops) at section N (from 1) over the
    /// screen.
    #[arg(long, value_name = "G[:N]", value_parser = parse_rules)]
    rules: Option<(timefork_records::GameKind, usize)>,
}

/// The usage text (`timefork --help`).
pub fn usage() -> String {
    use clap::CommandFactory;
    Args::command().render_help().to_string()
}

/// What the game was started with. A game file must be readable here; what it holds is
/// read before the window opens (`read_the_command_line_game`), so a bad file is reported
/// on stderr with exit status 2 instead of a window that shows nothing.
#[derive(Resource, Default, Clone, Debug)]
pub struct LaunchOptions {
    pub game: Option<PathBuf>,
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
    /// Reads the arguments after the program's name. `Err` is the message to print.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<LaunchOptions, String> {
        use clap::Parser;
        use clap::error::ErrorKind;
        let a = match Args::try_parse_from(std::iter::once("timefork".to_string()).chain(args)) {
            Ok(a) => a,
            Err(e) => {
                return match e.kind() {
                    ErrorKind::DisplayHelp => Ok(LaunchOptions {
                        help: true,
                        ..LaunchOptions::default()
                    }),
                    ErrorKind::DisplayVersion => Ok(LaunchOptions {
                        version: true,
                        ..LaunchOptions::default()
                    }),
                    _ => Err(e.to_string().trim_end().to_string()),
                };
            }
        };
        let mut opts = LaunchOptions {
            game: None,
            screenshot: a.screenshot,
            bench_frames: a.bench_frames,
            screen: a.screen,
            size: a.size,
            lang: a.lang,
            rules: a.rules,
            help: false,
            version: false,
        };
        if let Some(path) = a.game {
            crate::files::read_text(&path)?;
            opts.game = Some(path);
        }
        Ok(opts)
    }
}

fn parse_frames(n: &str) -> Result<u32, String> {
    match n.parse::<u32>() {
        Ok(0) => Err("the number of frames must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{n}` is not a number of frames")),
    }
}

fn parse_screen(n: &str) -> Result<crate::screens::Screen, String> {
    crate::screens::Screen::from_cli_name(n).ok_or_else(|| {
        format!(
            "there is no screen `{n}` (try {})",
            crate::screens::Screen::CLI_NAMES.join(", ")
        )
    })
}

fn parse_size(v: &str) -> Result<(u32, u32), String> {
    v.split_once('x')
        .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
        .filter(|&(w, h)| (320..=8192).contains(&w) && (240..=8192).contains(&h))
        .ok_or_else(|| format!("`{v}` is not WIDTHxHEIGHT (320x240 to 8192x8192)"))
}

fn parse_lang(v: &str) -> Result<timefork_i18n::Lang, String> {
    timefork_i18n::Lang::from_code(v)
        .ok_or_else(|| format!("`{v}` is not one of the game's languages (en, ru, ja)"))
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
            return Err(format!("`{g}` is not a game (fived, wager or kingdrops)"));
        }
    };
    match n.parse::<usize>() {
        Ok(n) if n >= 1 => Ok((game, n - 1)),
        _ => Err(format!("`{n}` is not a section number (1, 2, ...)")),
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
        assert_eq!(o.screen, Some(crate::screens::Screen::FiveDNew));
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
