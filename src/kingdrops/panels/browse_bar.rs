//! While browsing the history: which position is shown, steps back and forth, and the
//! way back (the shared bar in Kingdrops' words).

use crate::game_kit::history::{BrowseWords, browse_bar as bar};
use crate::kingdrops::browse::KdBrowseRequest;
use crate::kingdrops::matchplay::KdMatch;
use crate::kingdrops::texts;
use bevy::prelude::*;
use bevy_egui::egui;
use timefork_i18n::tr;

/// While browsing: which position is shown, steps back and forth, and the way back.
pub(super) fn browse_bar(
    ui: &mut egui::Ui,
    m: &KdMatch,
    k: usize,
    out: &mut MessageWriter<KdBrowseRequest>,
) {
    let shown = match k.checked_sub(1) {
        None => tr!("kd-browsing-start"),
        Some(i) => tr!(
            "kd-browsing-after",
            n = k,
            side = texts::side(m.game.positions()[i].side_to_move())
        ),
    };
    let words = BrowseWords {
        shown,
        arrows: ["◀", "▶"],
        previous_tip: tr!("kd-browse-previous"),
        next_tip: tr!("kd-browse-next"),
        back: tr!("kd-back-to-game"),
        back_tip: tr!("kd-back-to-game-tip"),
        wrap: true,
    };
    if let Some(step) = bar(ui, k, words, |_| {}) {
        out.write(KdBrowseRequest(step));
    }
}
