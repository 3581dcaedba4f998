//! Smoke test of the real game window: under Xvfb with Mesa's software Vulkan (lavapipe)
//! the game opens a conformance game with several timelines, saves a screenshot, and the
//! picture must be neither blank nor one colour.
//!
//! It needs a display, so it is ignored in a plain `cargo test`; `.ci/run` runs it under
//! `xvfb-run` with `--ignored`.

use std::path::PathBuf;
use std::process::Command;

fn conformance(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("crates/engine/tests/data/conformance")
        .join(name)
}

/// Distinct colours and the share of the most common one.
fn colour_stats(png_path: &std::path::Path) -> (usize, f64, (u32, u32)) {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(png_path).expect("screenshot exists"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("sized")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let bpp = info.line_size / info.width as usize;
    let mut counts = std::collections::HashMap::<Vec<u8>, usize>::new();
    for px in buf[..info.buffer_size()].chunks(bpp) {
        *counts.entry(px[..3.min(bpp)].to_vec()).or_default() += 1;
    }
    let total: usize = counts.values().sum();
    let top = counts.values().copied().max().unwrap_or(0);
    (
        counts.len(),
        top as f64 / total as f64,
        (info.width, info.height),
    )
}

#[test]
#[ignore = "needs a display: .ci/run runs it under xvfb-run with lavapipe"]
fn window_screenshot_of_a_multi_timeline_game() {
    let game = conformance("another.5dpgn");
    assert!(game.exists(), "{}", game.display());
    let out = std::env::temp_dir().join(format!("timefork-smoke-{}.png", std::process::id()));
    let cfg = std::env::temp_dir().join(format!("timefork-smoke-cfg-{}", std::process::id()));
    let status = Command::new(env!("CARGO_BIN_EXE_timefork"))
        .arg("--screenshot")
        .arg(&out)
        .arg(&game)
        .env("TIMEFORK_CONFIG_DIR", &cfg)
        .env(
            "WGPU_BACKEND",
            std::env::var("WGPU_BACKEND").unwrap_or("vulkan".into()),
        )
        .env_remove("WAYLAND_DISPLAY")
        .status()
        .expect("the game starts");
    assert!(status.success(), "the game exited with {status}");
    let (colours, top_share, size) = colour_stats(&out);
    eprintln!(
        "screenshot {}: {size:?}, {colours} colours, most common {:.1}%",
        out.display(),
        top_share * 100.0
    );
    assert!(size.0 >= 640 && size.1 >= 360, "tiny screenshot {size:?}");
    assert!(colours > 50, "only {colours} colours: blank or one colour");
    assert!(
        top_share < 0.97,
        "{:.1}% of the picture is one colour",
        top_share * 100.0
    );
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_dir_all(&cfg);
}
