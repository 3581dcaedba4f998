//! `--screenshot OUT.png`: wait until the scene is drawn and still, save a screenshot, exit.
//! `--bench-frames N`: render N frames, print the mean and 95th-percentile CPU time of a
//! frame (the main schedule, from `First` to `Last`), exit.
//! F12 at any time saves what the window shows under the settings folder's `screenshots/`.

use crate::LaunchOptions;
use crate::game_kit::animation::{Grow, Hop};
use crate::screens::Screen;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::time::{Duration, Instant};

/// Frames the scene must stay still before the screenshot (lets meshes and shadows settle).
const STILL_FRAMES: u32 = 20;
/// Render pipelines compile in the background and draw nothing until they are ready (a
/// second or more on a software renderer): a screenshot waits at least this long.
const WARM_UP: Duration = Duration::from_secs(5);
/// Give up on a screenshot after this long.
const SCREENSHOT_TIMEOUT: Duration = Duration::from_secs(120);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CaptureState>();
    app.add_systems(Update, (screenshot_when_still, screenshot_key));
    app.add_systems(First, frame_start);
    app.add_systems(Last, frame_end);
}

#[derive(Resource)]
struct CaptureState {
    started: Instant,
    still: u32,
    requested: bool,
    frame_start: Option<Instant>,
    last_start: Option<Instant>,
    samples: Vec<Duration>,
    intervals: Vec<Duration>,
}

impl Default for CaptureState {
    fn default() -> Self {
        CaptureState {
            started: Instant::now(),
            still: 0,
            requested: false,
            frame_start: None,
            last_start: None,
            samples: Vec::new(),
            intervals: Vec::new(),
        }
    }
}

/// F12: the window as it is now, to `screenshots/timefork-<milliseconds>.png`.
fn screenshot_key(mut commands: Commands, keys: Res<ButtonInput<KeyCode>>) {
    if !keys.just_pressed(KeyCode::F12) {
        return;
    }
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    let dir = crate::files::config_dir().join("screenshots");
    if let Err(e) = std::fs::create_dir_all(&dir) {
        error!("no screenshot: cannot make {}: {e}", dir.display());
        return;
    }
    let path = dir.join(format!("timefork-{ms}.png"));
    info!("screenshot to {}", path.display());
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path));
}

/// Anything still animating.
type Moving = Or<(With<Grow>, With<Hop>)>;

fn screenshot_when_still(
    mut commands: Commands,
    opts: Res<LaunchOptions>,
    mut st: ResMut<CaptureState>,
    screen: Res<State<Screen>>,
    moving: Query<(), Moving>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = &opts.screenshot else { return };
    if st.requested {
        // `save_to_disk` writes the file in its observer; once it is there we are done.
        if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
            info!("screenshot written to {}", path.display());
            exit.write(AppExit::Success);
        } else if st.started.elapsed() > SCREENSHOT_TIMEOUT {
            error!("the screenshot was not written within {SCREENSHOT_TIMEOUT:?}");
            exit.write(AppExit::from_code(1));
        }
        return;
    }
    let ready_screen = if opts.screen == Some(Screen::FiveDTutorial) {
        // The tutorial opens its lesson as a 5D match on the game screen.
        *screen.get() == Screen::FiveDPlay
    } else if let Some(s) = opts.screen {
        *screen.get() == s
    } else if opts.game.is_some() {
        // A game from a file is shown on its game's play screen.
        screen.get().is_play()
    } else {
        *screen.get() == Screen::Title
    };
    // Behind the menus the multiverse never stops drifting; only a game waits for stillness.
    let menu = crate::game_kit::states::is_menu(*screen.get());
    if !ready_screen || (!menu && !moving.is_empty()) || st.started.elapsed() < WARM_UP {
        st.still = 0;
        return;
    }
    st.still += 1;
    if st.still >= STILL_FRAMES {
        let _ = std::fs::remove_file(path);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()));
        st.requested = true;
    }
}

/// Frame times are only kept when `--bench-frames` asks for them (they would otherwise
/// grow for as long as the game runs).
fn frame_start(opts: Res<LaunchOptions>, mut st: ResMut<CaptureState>) {
    if opts.bench_frames.is_none() {
        return;
    }
    let now = Instant::now();
    if let Some(prev) = st.last_start {
        st.intervals.push(now - prev);
    }
    st.last_start = Some(now);
    st.frame_start = Some(now);
}

fn frame_end(
    opts: Res<LaunchOptions>,
    mut st: ResMut<CaptureState>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(n) = opts.bench_frames else { return };
    if let Some(s) = st.frame_start.take() {
        st.samples.push(s.elapsed());
    }
    if st.samples.len() as u32 >= n {
        let (mean, p95) = frame_stats(&st.samples);
        let (wall_mean, wall_p95) = frame_stats(&st.intervals);
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "frames {} cpu mean {:.3} ms p95 {:.3} ms (main schedule); wall mean {:.3} ms p95 {:.3} ms (frame to frame, rendering included)",
            st.samples.len(),
            ms(mean),
            ms(p95),
            ms(wall_mean),
            ms(wall_p95)
        );
        exit.write(AppExit::Success);
        st.samples.clear();
    }
}

/// Mean and 95th percentile (nearest rank) of frame times.
pub fn frame_stats(samples: &[Duration]) -> (Duration, Duration) {
    if samples.is_empty() {
        return (Duration::ZERO, Duration::ZERO);
    }
    let mut v = samples.to_vec();
    v.sort();
    let mean = v.iter().sum::<Duration>() / v.len() as u32;
    let rank = ((v.len() as f64) * 0.95).ceil() as usize;
    (mean, v[rank.clamp(1, v.len()) - 1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_times_are_kept_only_for_a_bench() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.init_resource::<CaptureState>();
        app.insert_resource(LaunchOptions::default());
        app.add_systems(First, frame_start);
        for _ in 0..200 {
            app.update();
        }
        let st = app.world().resource::<CaptureState>();
        assert!(
            st.samples.is_empty() && st.intervals.is_empty(),
            "{}",
            st.intervals.len()
        );
    }

    #[test]
    fn stats_of_frames() {
        let ms = |x: u64| Duration::from_millis(x);
        let v: Vec<_> = (1..=100).map(ms).collect();
        let (mean, p95) = frame_stats(&v);
        assert_eq!(p95, ms(95));
        assert_eq!(mean, Duration::from_micros(50_500));
        assert_eq!(frame_stats(&[ms(7)]), (ms(7), ms(7)));
    }
}
