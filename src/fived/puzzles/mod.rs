//! 5D chess puzzles: "mate in N" positions from `assets/puzzles` (embedded), proved by the
//! engine's exact solver (`timefork_engine::puzzle`, see `crates/engine/PUZZLES.md`).
//! - `catalogue`: the shipped puzzles, by tier.
//! - `progress`: the solved set, saved as `puzzles.json` in the config folder.
//! - `session`: the puzzle in play (a 5D match of origin `Puzzle`): each submitted turn
//!   judged on the search pool, the defence's replies, hint, solution, retries.
//! - `list_screen`: the list (`Screen::FiveDPuzzles`); `panel`: the in-game puzzle panel;
//!   `marks`: the refutation and the hint drawn on the boards.
//! - `texts`: the engine's puzzle words (tiers, goals, why a turn is wrong) translated.

pub mod catalogue;
mod judge;
pub mod list_screen;
pub(crate) mod marks;
mod panel;
pub mod progress;
mod requests;
pub mod session;
pub mod texts;

use bevy::prelude::*;

pub use catalogue::{CatalogueEntry, PuzzleCatalogue};
pub use progress::{PuzzleProgressFile, SolvedPuzzles};
pub use session::{ActivePuzzle, Phase, PuzzleLimits, PuzzleRequest, Session, Why};

/// The puzzles without any rendering: the list, the solved set, the session. Headless
/// tests run exactly this.
pub fn logic_plugin(app: &mut App) {
    app.insert_resource(PuzzleCatalogue::embedded());
    if !app.world().contains_resource::<PuzzleProgressFile>() {
        let dir = crate::files::ConfigDir::of(app.world());
        app.insert_resource(PuzzleProgressFile(dir.join(progress::PROGRESS_FILE)));
    }
    app.init_resource::<SolvedPuzzles>();
    app.init_resource::<ActivePuzzle>();
    app.init_resource::<PuzzleLimits>();
    app.add_message::<PuzzleRequest>();
    app.add_systems(
        Update,
        (
            progress::load_progress,
            requests::adopt,
            requests::answer_requests,
            judge::start_judging,
            judge::poll_tasks,
        )
            .chain()
            .in_set(crate::game_kit::GameSystems::Think),
    );
}

/// The list screen, the panel and the marks on the boards.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((list_screen::plugin, panel::plugin, marks::plugin));
}
