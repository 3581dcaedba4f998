//! While browsing the timeline's history: which ply is shown, steps, and the way back
//! (the shared bar in Wager's words).

use crate::game_kit::history::{BrowseWords, browse_bar as bar};
use crate::wager::browse::WagerBrowseRequest;
use bevy::prelude::*;
use bevy_egui::egui;
use timefork_i18n::tr;

/// While browsing the timeline's history: which ply is shown, steps, and the way back.
pub(super) fn browse_bar(ui: &mut egui::Ui, k: usize, out: &mut MessageWriter<WagerBrowseRequest>) {
    let shown = if k == 0 {
        tr!("wager-browsing-start")
    } else {
        tr!(
            "wager-browsing-after",
            n = k.div_ceil(2),
            white = if k % 2 == 1 { "yes" } else { "no" }
        )
    };
    let words = BrowseWords {
        shown,
        arrows: ["▲", "▼"],
        previous_tip: tr!("wager-browse-previous"),
        next_tip: tr!("wager-browse-next"),
        back: tr!("wager-back-to-game"),
        back_tip: tr!("wager-back-to-game-tip"),
        wrap: false,
    };
    if let Some(step) = bar(ui, k, words, |_| {}) {
        out.write(WagerBrowseRequest(step));
    }
}
