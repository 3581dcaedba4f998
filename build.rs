//! Embeds every file under `assets/` in the game binary: writes a table of
//! `(path, include_bytes!(...))` that `src/embedded.rs` registers with Bevy's embedded asset
//! source, so the game runs from any folder with nothing beside it.

use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let assets = root.join("assets");
    println!("cargo:rerun-if-changed=assets");
    let mut files = Vec::new();
    walk(&assets, &mut files);
    let mut table = String::from(
        "/// Every file under `assets/`, by its path there.\npub const FILES: &[(&str, &[u8])] = &[\n",
    );
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let rel = f
            .strip_prefix(&assets)
            .expect("under assets")
            .to_string_lossy()
            .replace('\\', "/");
        table.push_str(&format!(
            "    ({rel:?}, include_bytes!({:?})),\n",
            f.to_string_lossy()
        ));
    }
    table.push_str("];\n");
    let out =
        PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("embedded_assets.rs");
    std::fs::write(out, table).expect("OUT_DIR is writable");
}
