//! The result of a finished match.

use crate::screens::Screen;
use crate::wager::matchplay::WagerMatch;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_i18n::tr;
use timefork_wager::{EndReason, Outcome};

pub(super) fn result_box(
    mut contexts: EguiContexts,
    w: Res<WagerMatch>,
    mut next: ResMut<NextState<Screen>>,
    mut hidden: Local<Option<u64>>,
) -> Result {
    let Some(r) = w.m.result() else {
        return Ok(());
    };
    if *hidden == Some(w.id) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let secured = w.m.secured();
    let headline = match r.outcome {
        Outcome::WhiteWins => tr!("wager-white-wins"),
        Outcome::BlackWins => tr!("wager-black-wins"),
        Outcome::Draw => tr!("wager-match-drawn"),
    };
    let why = match r.reason {
        EndReason::Points => tr!("wager-end-points"),
        EndReason::AllClosed => tr!("wager-end-all-closed"),
        EndReason::Resignation => tr!("wager-end-resignation"),
        EndReason::FlagFall => tr!("wager-end-flag-fall"),
        EndReason::BothFlags => tr!("wager-end-both-flags"),
    };
    egui::Window::new(tr!("wager-over-title"))
        .id(egui::Id::new("wager match over"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [-120.0, 170.0])
        .show(ctx, |ui| {
            ui.heading(tr!("wager-result", headline = headline, reason = why));
            ui.label(tr!(
                "wager-result-summary",
                white = secured.white,
                black = secured.black,
                splits = w.m.split_count(),
                merges = w.m.merge_count()
            ));
            ui.horizontal(|ui| {
                if ui.button(tr!("wager-keep-browsing")).clicked() {
                    *hidden = Some(w.id);
                }
                if ui.button(tr!("wager-new-match")).clicked() {
                    next.set(Screen::WagerNew);
                }
                if ui.button(tr!("wager-title")).clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    Ok(())
}
