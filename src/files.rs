//! Where the game keeps things on disk, and reading and writing game files.
//!
//! Everything written goes through `write_atomically` (a temporary file, then a rename),
//! so a crash mid-write leaves the old file intact.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The platform's standard folder for Timefork's settings, saves and leaderboard, from the
/// `directories` crate: `$XDG_CONFIG_HOME/timefork` (or `~/.config/timefork`) on Linux,
/// `%APPDATA%\Timefork\config` on Windows, `~/Library/Application Support/Timefork` on
/// macOS. `TIMEFORK_CONFIG_DIR` overrides it (tests use that to stay out of the player's
/// files); without a home folder it is `.timefork` in the working folder.
pub fn config_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("TIMEFORK_CONFIG_DIR") {
        return PathBuf::from(d);
    }
    directories::ProjectDirs::from("", "", "Timefork")
        .map(|d| d.config_dir().to_path_buf())
        .unwrap_or_else(|| PathBuf::from(".timefork"))
}

/// The settings folder of this app: the player's (`config_dir`), or a test's own. A
/// feature that keeps a file there asks `ConfigDir::of` when its plugin is built.
#[derive(bevy::prelude::Resource, Clone, Debug)]
pub struct ConfigDir(pub PathBuf);

impl ConfigDir {
    /// The app's settings folder: its `ConfigDir`, else the player's.
    pub fn of(world: &bevy::prelude::World) -> PathBuf {
        world
            .get_resource::<ConfigDir>()
            .map_or_else(config_dir, |d| d.0.clone())
    }
}

/// Saved games live here, one file each (the player's folder; an app's own is `SavesDir`).
pub fn saves_dir() -> PathBuf {
    config_dir().join("saves")
}

/// The folder this app saves games in: the player's (`saves_dir`), or a test's own.
#[derive(bevy::prelude::Resource, Clone, Debug)]
pub struct SavesDir(pub PathBuf);

impl Default for SavesDir {
    fn default() -> Self {
        SavesDir(saves_dir())
    }
}

/// Writes `contents` to `path` through a temporary file in the same folder and a rename.
pub fn write_atomically(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Reads a text file, with the path in the message when it cannot.
pub fn read_text(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| {
        timefork_i18n::tr!(
            "common-cannot-read",
            path = path.display().to_string(),
            error = e.to_string()
        )
    })
}

/// Keeps a file that no longer reads out of the way, beside where it was: renamed
/// `aside_path(path)`, never deleted. Returns the new path.
pub fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let aside = aside_path(path);
    std::fs::rename(path, &aside)?;
    Ok(aside)
}

/// Where what does not read of `path` is kept: `NAME.damaged`, or `NAME.damaged-2`, `-3`,
/// ... when that exists (an earlier one is never overwritten).
pub fn aside_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut aside = path.with_file_name(format!("{name}.damaged"));
    let mut n = 2;
    while aside.exists() {
        aside = path.with_file_name(format!("{name}.damaged-{n}"));
        n += 1;
    }
    aside
}

/// The saved games in `saves` whose names end in one of `extensions`, newest first.
pub fn list_saves(saves: &SavesDir, extensions: &[&str]) -> Vec<PathBuf> {
    list_games(&saves.0, extensions)
}

/// The games in `dir` whose names end in one of `extensions`, newest first.
pub fn list_games(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut v: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| extensions.contains(&x))
        })
        .map(|p| {
            let t = p
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (t, p)
        })
        .collect();
    v.sort_by_key(|e| std::cmp::Reverse(e.0));
    v.into_iter().map(|(_, p)| p).collect()
}

/// Saves a game's text in the saves folder `saves`, named from `name` (a variant, say) and
/// the time, with the given extension.
pub fn save_in_saves(
    saves: &SavesDir,
    name: &str,
    extension: &str,
    text: &str,
) -> std::io::Result<PathBuf> {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let name: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let path = saves.0.join(format!("{name}-{secs}.{extension}"));
    write_atomically(&path, text.as_bytes())?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("timefork-files-{}", std::process::id()));
        let p = dir.join("a/b.txt");
        write_atomically(&p, b"one").unwrap();
        write_atomically(&p, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "two");
        let names: Vec<_> = std::fs::read_dir(p.parent().unwrap())
            .unwrap()
            .flatten()
            .collect();
        assert_eq!(names.len(), 1);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
