//! The analysis section of the turn bar: the engine's evaluation and best turn for the
//! position on the free board, steps back and forth, and the way back to the game.

use crate::fived::analysis::{Analysis, AnalysisRequest, score_text};
use crate::fived::matchplay::Match;
use crate::theme::prose::ProseTips as _;
use bevy::prelude::*;
use bevy_egui::egui;
use timefork_i18n::tr;

pub(super) fn analysis_bar(
    ui: &mut egui::Ui,
    m: &Match,
    analysis: &Analysis,
    out: &mut MessageWriter<AnalysisRequest>,
) {
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(tr!("fived-analysis"))
                .strong()
                .color(crate::theme::ASIDE_BLUE),
        )
        .on_hover_prose(tr!("fived-analysis-tip"));
        if ui
            .button(egui::RichText::new(tr!("fived-back-to-game")).strong())
            .on_hover_prose(tr!("fived-analysis-back-tip"))
            .clicked()
        {
            out.write(AnalysisRequest::ToGame);
        }
    });
    ui.horizontal(|ui| {
        if let Some(o) = m.outcome {
            ui.label(egui::RichText::new(o.describe()).strong());
            return;
        }
        match analysis.current(m) {
            Some(e) => {
                ui.label(
                    egui::RichText::new(tr!("fived-analysis-eval", score = score_text(e.white)))
                        .monospace()
                        .strong(),
                )
                .on_hover_prose(tr!("fived-analysis-eval-tip"));
                if e.depth > 0 {
                    ui.label(
                        egui::RichText::new(tr!("fived-analysis-depth", depth = e.depth)).weak(),
                    );
                }
                if analysis.thinking(m) {
                    ui.spinner();
                }
            }
            None => {
                ui.spinner();
                ui.label(tr!("fived-analysis-thinking"));
            }
        }
    });
    if let Some(e) = analysis.current(m).filter(|e| !e.best.is_empty()) {
        ui.horizontal_wrapped(|ui| {
            ui.label(tr!("fived-analysis-best", action = e.best_text.as_str()));
            if ui
                .small_button(tr!("fived-analysis-play-best"))
                .on_hover_prose(tr!("fived-analysis-play-best-tip"))
                .clicked()
            {
                out.write(AnalysisRequest::PlayBest);
            }
        });
    }
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                !m.game.actions.is_empty(),
                egui::Button::new(tr!("fived-analysis-turn-back")),
            )
            .on_hover_prose(tr!("fived-analysis-turn-back-tip"))
            .clicked()
        {
            out.write(AnalysisRequest::Back);
        }
        if ui
            .add_enabled(
                analysis.can_go_forward(),
                egui::Button::new(tr!("fived-analysis-turn-forward")),
            )
            .on_hover_prose(tr!("fived-analysis-turn-forward-tip"))
            .clicked()
        {
            out.write(AnalysisRequest::Forward);
        }
    });
}
