//! `cargo dist [--target linux|windows|macos] [--skip-build] [--out DIR]`: builds the release
//! game and packs it for players:
//! - Linux: `timefork-VERSION-linux-ARCH.tar.gz` with the binary, README, licences, a
//!   `.desktop` file and the icon;
//! - Windows: `timefork-VERSION-windows-ARCH.zip` with `timefork.exe`, README, licences;
//! - macOS: `timefork-VERSION-macos-ARCH.zip` holding `Timefork.app` (Info.plist, icon).
//!
//! Every asset is inside the binary, so the archive needs nothing else. The target defaults
//! to the system this runs on; the binary is built for that system by `cargo build
//! --release -p timefork` (cross-building is not attempted).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const APP: &str = "timefork";

#[derive(Clone, Copy, PartialEq, Debug)]
enum Target {
    Linux,
    Windows,
    Macos,
}

impl Target {
    fn here() -> Target {
        if cfg!(target_os = "windows") {
            Target::Windows
        } else if cfg!(target_os = "macos") {
            Target::Macos
        } else {
            Target::Linux
        }
    }

    fn name(self) -> &'static str {
        match self {
            Target::Linux => "linux",
            Target::Windows => "windows",
            Target::Macos => "macos",
        }
    }
}

struct Args {
    target: Target,
    skip_build: bool,
    out: PathBuf,
}

fn parse_args(root: &Path) -> Result<Args, String> {
    let mut args = Args {
        target: Target::here(),
        skip_build: false,
        out: root.join("target").join("dist"),
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--target" => {
                let t = it.next().ok_or("--target needs linux, windows or macos")?;
                args.target = match t.as_str() {
                    "linux" => Target::Linux,
                    "windows" => Target::Windows,
                    "macos" => Target::Macos,
                    _ => return Err(format!("--target: `{t}` is not linux, windows or macos")),
                };
            }
            "--skip-build" => args.skip_build = true,
            "--out" => args.out = PathBuf::from(it.next().ok_or("--out needs a folder")?),
            "-h" | "--help" => {
                return Err("usage: cargo dist [--target linux|windows|macos] [--skip-build] [--out DIR]".into());
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(args)
}

/// The repository root: this tool lives in `dist/`.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("dist/ is inside the repository")
        .to_path_buf()
}

/// The game's version, from its manifest.
fn version(root: &Path) -> Result<String, String> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).map_err(|e| e.to_string())?;
    let mut in_package = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package && line.starts_with("version") {
            return line
                .split('"')
                .nth(1)
                .map(str::to_string)
                .ok_or_else(|| "the version line has no quoted value".into());
        }
    }
    Err("no [package] version in Cargo.toml".into())
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"))
}

fn build(root: &Path) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    eprintln!("building the release game (cargo build --release -p timefork)…");
    let status = Command::new(cargo)
        .current_dir(root)
        .args(["build", "--release", "-p", "timefork"])
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("the release build failed ({status})"));
    }
    Ok(())
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Files that go beside the binary in every package.
fn documents(root: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    ["README.md", "LICENSE", "LICENSE-MIT", "LICENSE-APACHE"]
        .iter()
        .map(|n| Ok((n.to_string(), read(&root.join(n))?)))
        .collect()
}

const DESKTOP: &str = "[Desktop Entry]
Type=Application
Name=Timefork
GenericName=Multiverse chess
Comment=5D chess, Timeline Wager and Kingdrops
Exec=timefork
Icon=timefork
Terminal=false
Categories=Game;BoardGame;
StartupWMClass=timefork
";

fn info_plist(version: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>CFBundleName</key><string>Timefork</string>
  <key>CFBundleDisplayName</key><string>Timefork</string>
  <key>CFBundleIdentifier</key><string>org.timefork.Timefork</string>
  <key>CFBundleVersion</key><string>{version}</string>
  <key>CFBundleShortVersionString</key><string>{version}</string>
  <key>CFBundlePackageType</key><string>APPL</string>
  <key>CFBundleExecutable</key><string>timefork</string>
  <key>CFBundleIconFile</key><string>timefork.icns</string>
  <key>NSHighResolutionCapable</key><true/>
  <key>LSApplicationCategoryType</key><string>public.app-category.board-games</string>
</dict>
</plist>
"#
    )
}

/// An `.icns` holding the 256 px PNG (type `ic08`, which macOS reads as PNG data).
fn icns(png: &[u8]) -> Vec<u8> {
    let entry_len = 8 + png.len() as u32;
    let total = 8 + entry_len;
    let mut out = Vec::with_capacity(total as usize);
    out.extend_from_slice(b"icns");
    out.extend_from_slice(&total.to_be_bytes());
    out.extend_from_slice(b"ic08");
    out.extend_from_slice(&entry_len.to_be_bytes());
    out.extend_from_slice(png);
    out
}

/// One file of a package: its path inside the archive, its bytes, and whether it runs.
struct Item {
    path: String,
    bytes: Vec<u8>,
    executable: bool,
}

fn tar_gz(out: &Path, items: &[Item]) -> Result<(), String> {
    let file = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let gz = flate2::write::GzEncoder::new(file, flate2::Compression::best());
    let mut tar = tar::Builder::new(gz);
    for it in items {
        let mut h = tar::Header::new_gnu();
        h.set_size(it.bytes.len() as u64);
        h.set_mode(if it.executable { 0o755 } else { 0o644 });
        h.set_mtime(0);
        h.set_cksum();
        tar.append_data(&mut h, &it.path, it.bytes.as_slice())
            .map_err(|e| format!("{}: {e}", it.path))?;
    }
    tar.into_inner()
        .and_then(|gz| gz.finish())
        .and_then(|mut f| f.flush())
        .map_err(|e| format!("{}: {e}", out.display()))
}

fn zip_file(out: &Path, items: &[Item]) -> Result<(), String> {
    let file = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut zip = zip::ZipWriter::new(file);
    for it in items {
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .unix_permissions(if it.executable { 0o755 } else { 0o644 });
        zip.start_file(it.path.as_str(), opts)
            .and_then(|()| zip.write_all(&it.bytes).map_err(Into::into))
            .map_err(|e| format!("{}: {e}", it.path))?;
    }
    zip.finish().map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(())
}

fn run() -> Result<PathBuf, String> {
    let root = repo_root();
    let args = parse_args(&root)?;
    if args.target != Target::here() && !args.skip_build {
        return Err(format!(
            "packing for {} needs a binary built on {}: run this there (or pass --skip-build with the binary in place)",
            args.target.name(),
            args.target.name()
        ));
    }
    if !args.skip_build {
        build(&root)?;
    }
    let version = version(&root)?;
    let exe = if args.target == Target::Windows {
        "timefork.exe"
    } else {
        APP
    };
    let binary = read(&target_dir(&root).join("release").join(exe))?;
    let icon = read(&root.join("assets").join("icon.png"))?;
    let arch = std::env::consts::ARCH;
    let base = format!("{APP}-{version}-{}-{arch}", args.target.name());
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let doc = |dir: &str| -> Result<Vec<Item>, String> {
        Ok(documents(&root)?
            .into_iter()
            .map(|(n, bytes)| Item {
                path: format!("{dir}/{n}"),
                bytes,
                executable: false,
            })
            .collect())
    };
    let out = match args.target {
        Target::Linux => {
            let mut items = vec![
                Item {
                    path: format!("{base}/timefork"),
                    bytes: binary,
                    executable: true,
                },
                Item {
                    path: format!("{base}/timefork.desktop"),
                    bytes: DESKTOP.as_bytes().to_vec(),
                    executable: false,
                },
                Item {
                    path: format!("{base}/timefork.png"),
                    bytes: icon,
                    executable: false,
                },
            ];
            items.extend(doc(&base)?);
            let out = args.out.join(format!("{base}.tar.gz"));
            tar_gz(&out, &items)?;
            out
        }
        Target::Windows => {
            let mut items = vec![Item {
                path: format!("{base}/timefork.exe"),
                bytes: binary,
                executable: true,
            }];
            items.extend(doc(&base)?);
            let out = args.out.join(format!("{base}.zip"));
            zip_file(&out, &items)?;
            out
        }
        Target::Macos => {
            let app = "Timefork.app/Contents";
            let mut items = vec![
                Item {
                    path: format!("{app}/MacOS/timefork"),
                    bytes: binary,
                    executable: true,
                },
                Item {
                    path: format!("{app}/Info.plist"),
                    bytes: info_plist(&version).into_bytes(),
                    executable: false,
                },
                Item {
                    path: format!("{app}/Resources/timefork.icns"),
                    bytes: icns(&icon),
                    executable: false,
                },
            ];
            items.extend(doc(&format!("{app}/Resources"))?);
            let out = args.out.join(format!("{base}.zip"));
            zip_file(&out, &items)?;
            out
        }
    };
    Ok(out)
}

fn main() -> ExitCode {
    match run() {
        Ok(out) => {
            let size = std::fs::metadata(&out).map(|m| m.len()).unwrap_or(0);
            println!("{} ({:.1} MB)", out.display(), size as f64 / 1e6);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icns_wraps_the_png_with_sizes() {
        let png = [0x89u8, b'P', b'N', b'G', 1, 2, 3];
        let i = icns(&png);
        assert_eq!(&i[0..4], b"icns");
        assert_eq!(u32::from_be_bytes(i[4..8].try_into().unwrap()) as usize, i.len());
        assert_eq!(&i[8..12], b"ic08");
        assert_eq!(u32::from_be_bytes(i[12..16].try_into().unwrap()), 8 + png.len() as u32);
        assert_eq!(&i[16..], &png);
    }

    #[test]
    fn the_version_comes_from_the_package_section() {
        assert!(!version(&repo_root()).unwrap().is_empty());
    }
}
