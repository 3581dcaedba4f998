//! The 5D chess tutorial: nine lessons (`timefork_engine::tutorial`), each a small
//! position played on the real 5D view, as a puzzle is.
//! - `progress`: the finished lessons, saved as `tutorial.json` beside `puzzles.json`.
//! - `session`: the lesson in play (a 5D match of its position): the submitted turn is
//!   judged by `tutorial::judge` before the match plays it; a wrong turn is refused and the
//!   boards go back to the lesson's start.
//! - `panel`: the lesson's texts, hint, reset, the lesson list; `marks`: the places the
//!   task names and the hint drawn on the boards.
//!
//! `Screen::FiveDTutorial` is the way in: it opens the first lesson not yet finished and plays
//! it in `Screen::FiveDPlay`, where the 5D view, the picking and the panels already run.

mod marks;
mod panel;
pub mod progress;
pub mod session;

use crate::screens::Screen;
use bevy::prelude::*;

pub use progress::{FinishedLessons, TutorialProgressFile};
pub use session::{
    ActiveLesson, LessonPhase, LessonSession, LessonTry, TutorialLessons, TutorialRequest,
};

/// The tutorial without any rendering: the lessons, the finished set, the session.
/// Headless tests run exactly this.
pub fn logic_plugin(app: &mut App) {
    if !app.world().contains_resource::<TutorialProgressFile>() {
        let file = progress::progress_path(app.world());
        app.insert_resource(file);
    }
    app.init_resource::<FinishedLessons>();
    app.add_plugins(session::plugin);
    app.add_systems(OnEnter(Screen::FiveDTutorial), open_first_unfinished);
}

/// The panel and the marks on the boards.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((panel::plugin, marks::plugin));
}

/// Coming to the tutorial (the title's button, `--screen tutorial`) opens the first
/// lesson not finished yet; the request is answered once the finished set is read.
fn open_first_unfinished(mut asks: MessageWriter<TutorialRequest>) {
    asks.write(TutorialRequest::Continue);
}
