//! The game's command line. Tests and checks depend on these exact forms.

use bevy::prelude::Resource;
use std::path::PathBuf;
use timefork_engine::Game;

pub const USAGE: &str = "usage: timefork [GAME.5dpgn]
       timefork --screenshot OUT.png [GAME.5dpgn]
       timefork --bench-frames N [GAME.5dpgn]";

/// What the game was started with. A game file is read before the window opens, so a bad
/// file is reported on stderr with exit status 2 instead of a window that shows nothing.
#[derive(Resource, Default, Clone, Debug)]
pub struct LaunchOptions {
    pub game: Option<(PathBuf, Game)>,
    pub screenshot: Option<PathBuf>,
    pub bench_frames: Option<u32>,
    pub help: bool,
}

impl LaunchOptions {
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<LaunchOptions, String> {
        let mut opts = LaunchOptions::default();
        let mut args = args.into_iter();
        let mut file: Option<PathBuf> = None;
        while let Some(a) = args.next() {
            match a.as_str() {
                "-h" | "--help" => opts.help = true,
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
            let game = crate::files::read_game_file(&path)?;
            opts.game = Some((path, game));
        }
        Ok(opts)
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
        assert!(
            parse(&["/no/such/file.5dpgn"])
                .unwrap_err()
                .contains("/no/such/file.5dpgn")
        );
    }
}
