//! The game's assets live inside the binary (see `build.rs`): every file under `assets/`
//! is registered with Bevy's `embedded://` source at start, so a release binary copied
//! anywhere still has its sounds, icons and puzzles. Load them with `path("sounds/x.wav")`.

use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/embedded_assets.rs"));

/// Where embedded files appear: `embedded://timefork/<path under assets>`.
const PREFIX: &str = "timefork";

pub(super) fn plugin(app: &mut App) {
    let Some(registry) = app.world().get_resource::<EmbeddedAssetRegistry>() else {
        return;
    };
    for (name, bytes) in FILES {
        registry.insert_asset(PathBuf::new(), &Path::new(PREFIX).join(name), *bytes);
    }
}

/// The asset path of a file that was under `assets/`.
pub fn path(name: &str) -> String {
    format!("embedded://{PREFIX}/{name}")
}

/// The bytes of a file that was under `assets/` (for assets read without the asset server,
/// such as the puzzles and the window icon).
pub fn bytes(name: &str) -> Option<&'static [u8]> {
    FILES.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
}

/// Every embedded file under a folder of `assets/`, by path.
pub fn under(folder: &str) -> impl Iterator<Item = (&'static str, &'static [u8])> {
    let prefix = format!("{}/", folder.trim_end_matches('/'));
    FILES
        .iter()
        .filter(move |(n, _)| n.starts_with(&prefix))
        .map(|(n, b)| (*n, *b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file in the source tree's `assets/` is in the binary, byte for byte.
    #[test]
    fn every_asset_is_embedded() {
        fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, out)
                } else {
                    out.push(p)
                }
            }
        }
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let mut files = Vec::new();
        walk(&root, &mut files);
        assert!(files.len() >= 7, "the sounds at least");
        for f in files {
            let name = f
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let embedded = bytes(&name).unwrap_or_else(|| panic!("{name} is not embedded"));
            assert_eq!(embedded, std::fs::read(&f).unwrap().as_slice(), "{name}");
        }
        assert!(under("sounds").any(|(n, _)| n == "sounds/move.wav"));
        assert_eq!(
            path("sounds/move.wav"),
            "embedded://timefork/sounds/move.wav"
        );
    }
}
