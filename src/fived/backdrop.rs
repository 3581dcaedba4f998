//! The multiverse behind the menus: a real game (`assets/demo/title.5dpgn`) replayed turn by
//! turn, timelines growing, the camera drifting along with the present; it starts over
//! when the game ends. It is an ordinary match of two people that nobody plays, so it
//! draws exactly as a game does; it gives way as soon as a game starts.

use super::matchplay::{Match, Origin, Request};
use crate::camera::{CameraGoal, CameraSystems, Goal, ViewInsets, ViewPitch, fit_scale};
use crate::game_kit::states::{InMenus, is_menu};
use crate::players::Player;
use crate::screens::Screen;
use crate::window::MainWindow;
use bevy::prelude::*;
use timefork_engine::{Game, notation};

/// Seconds between replayed turns, and the pause before the replay starts over.
const TURN_SECS: f64 = 1.8;
const RESTART_SECS: f64 = 5.0;
/// How many columns of boards (half-turns) the drifting camera shows.
const COLUMNS_SHOWN: i32 = 7;
/// The replay opens this many turns in, where the game already has a few timelines.
const OPENING_ACTIONS: usize = 30;

pub(super) fn plugin(app: &mut App) {
    // After games opened from files, so a match that opens this frame is never replaced.
    app.add_systems(
        Update,
        (
            replay.after(super::flow::open_games),
            drift.in_set(CameraSystems::Aim),
        )
            .run_if(in_state(InMenus)),
    );
    app.add_systems(Update, leave_other_games_alone);
}

/// Another game's screens show that game alone: the backdrop goes when one opens.
fn leave_other_games_alone(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    m: Option<Res<Match>>,
) {
    let five_d = matches!(screen.get(), Screen::FiveDPlay | Screen::FiveDOver);
    if !is_menu(*screen.get()) && !five_d && m.is_some_and(|m| m.origin == Origin::Backdrop) {
        commands.remove_resource::<Match>();
    }
}

/// The game replayed behind the menus.
pub fn demo_game() -> Option<Game> {
    let text = crate::embedded::bytes("demo/title.5dpgn")?;
    notation::read_game(std::str::from_utf8(text).ok()?).ok()
}

/// The replay: the whole game, and how far it has got.
#[derive(Default)]
struct Replay {
    game: Option<Game>,
    next_at: f64,
}

fn replay(
    mut commands: Commands,
    m: Option<Res<Match>>,
    time: Res<Time<Real>>,
    next: Res<NextState<Screen>>,
    mut requests: MessageWriter<Request>,
    mut st: Local<Replay>,
    mut opened: MessageReader<crate::saved_games::OpenGame>,
) {
    // On the way out of the menus (a game is starting), or while a game is being opened
    // (the command line's, at start), the show stops: a show started now could replace it.
    if !matches!(*next, NextState::Unchanged) || opened.read().count() > 0 {
        return;
    }
    let now = time.elapsed_secs_f64();
    if st.game.is_none() {
        st.game = demo_game();
    }
    let Some(full) = &st.game else { return };
    let fresh = |full: &Game| {
        let mut g = Game::new(full.start.clone());
        g.headers = full.headers.clone();
        for a in full.actions.iter().take(OPENING_ACTIONS) {
            if g.apply_action(a).is_err() {
                break;
            }
        }
        Match::new(g, [Player::Human; 2]).from_origin(Origin::Backdrop)
    };
    let backdrop = m.as_ref().filter(|m| m.origin == Origin::Backdrop);
    let Some(m) = backdrop else {
        // No match yet (a real one the player left behind stays on view): start the show.
        if m.is_none() {
            commands.insert_resource(fresh(full));
            st.next_at = now + TURN_SECS;
        }
        return;
    };
    if now < st.next_at {
        return;
    }
    let done = m.game.actions.len();
    match full.actions.get(done) {
        Some(action) if !m.is_over() => {
            requests.write(Request::SubmitAction(action.clone()));
            st.next_at = now + TURN_SECS;
        }
        _ => {
            // Start over with a new match in its place (never a frame without one).
            if now >= st.next_at + RESTART_SECS {
                commands.insert_resource(fresh(full));
                st.next_at = now + TURN_SECS;
            }
        }
    }
}

/// The camera follows the newest boards, a few columns at a time, across every timeline.
fn drift(
    m: Option<Res<Match>>,
    pitch: ViewPitch,
    window: MainWindow,
    mut goal: ResMut<CameraGoal>,
    mut insets: ResMut<ViewInsets>,
) {
    // No panels to leave room for: the menus float over the middle.
    insets.set_if_neq(ViewInsets::NONE);
    let Some(m) = m.filter(|m| m.origin == Origin::Backdrop) else {
        return;
    };
    let lay = super::view::layout::Layout::new(m.pos.width, m.pos.height);
    let last = m
        .pos
        .timeline_indices()
        .map(|l| m.pos.last_h(l))
        .max()
        .unwrap_or(0);
    let first = m
        .pos
        .timeline_indices()
        .filter_map(|l| m.pos.timeline(l).map(|t| t.start))
        .min()
        .unwrap_or(0)
        .max(last - COLUMNS_SHOWN + 1);
    let half = lay.half_extent();
    let mut lo = lay.board_center(m.pos.l_min(), first) - Vec3::new(half.x, 0.0, half.y);
    let mut hi = lay.board_center(m.pos.l_max(), last) + Vec3::new(half.x, 0.0, half.y);
    // At least `COLUMNS_SHOWN` columns wide, so a young game is not one huge board.
    let want = COLUMNS_SHOWN as f32 * lay.column_step();
    let grow = (want - (hi.x - lo.x)).max(0.0) / 2.0;
    lo.x -= grow;
    hi.x += grow;
    let size = window.size();
    let scale = fit_scale(lo, hi, 2.0, pitch.get(), size, &insets);
    goal.0 = Some(Goal {
        center: (lo + hi) / 2.0,
        scale: Some(scale),
    });
}
