//! The lesson panel beside the boards (under the move list, in the column the 5D panels
//! keep free): which lesson of how many, its task and the rule it teaches, what the
//! submitted turn earned, hint and reset, the way to the other lessons and back to the
//! menu, and the list of lessons with the finished ones marked.

use super::progress::FinishedLessons;
use super::session::{ActiveLesson, LessonPhase, LessonSession, TutorialLessons, TutorialRequest};
use crate::fived::matchplay::Match;
use crate::game_kit::states::ActiveGame;
use crate::screens::Screen;
use crate::theme::prose::ProseTips as _;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_engine::notation;
use timefork_i18n::tr;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        panel
            .run_if(in_state(ActiveGame::FiveD))
            .run_if(resource_exists::<Match>),
    );
}

/// A lesson's texts: title, task, the rule it teaches, and what the right turn did. The
/// keys are written out so the i18n tests see each of them.
pub struct LessonTexts {
    pub title: String,
    pub task: String,
    pub explain: String,
    pub done: String,
}

pub fn lesson_texts(id: &str) -> LessonTexts {
    let [title, task, explain, done] = match id {
        "board" => [
            tr!("tutorial-board-title"),
            tr!("tutorial-board-task"),
            tr!("tutorial-board-explain"),
            tr!("tutorial-board-done"),
        ],
        "time" => [
            tr!("tutorial-time-title"),
            tr!("tutorial-time-task"),
            tr!("tutorial-time-explain"),
            tr!("tutorial-time-done"),
        ],
        "timelines" => [
            tr!("tutorial-timelines-title"),
            tr!("tutorial-timelines-task"),
            tr!("tutorial-timelines-explain"),
            tr!("tutorial-timelines-done"),
        ],
        "present" => [
            tr!("tutorial-present-title"),
            tr!("tutorial-present-task"),
            tr!("tutorial-present-explain"),
            tr!("tutorial-present-done"),
        ],
        "inactive" => [
            tr!("tutorial-inactive-title"),
            tr!("tutorial-inactive-task"),
            tr!("tutorial-inactive-explain"),
            tr!("tutorial-inactive-done"),
        ],
        "check" => [
            tr!("tutorial-check-title"),
            tr!("tutorial-check-task"),
            tr!("tutorial-check-explain"),
            tr!("tutorial-check-done"),
        ],
        "capture" => [
            tr!("tutorial-capture-title"),
            tr!("tutorial-capture-task"),
            tr!("tutorial-capture-explain"),
            tr!("tutorial-capture-done"),
        ],
        "mate" => [
            tr!("tutorial-mate-title"),
            tr!("tutorial-mate-task"),
            tr!("tutorial-mate-explain"),
            tr!("tutorial-mate-done"),
        ],
        "pawn" => [
            tr!("tutorial-pawn-title"),
            tr!("tutorial-pawn-task"),
            tr!("tutorial-pawn-explain"),
            tr!("tutorial-pawn-done"),
        ],
        // A lesson the texts do not know yet shows its id rather than nothing.
        other => [
            other.to_string(),
            String::new(),
            String::new(),
            String::new(),
        ],
    };
    LessonTexts {
        title,
        task,
        explain,
        done,
    }
}

fn panel(
    mut contexts: EguiContexts,
    m: Res<Match>,
    active: Res<ActiveLesson>,
    lessons: Res<TutorialLessons>,
    finished: Res<FinishedLessons>,
    mut asks: MessageWriter<TutorialRequest>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let Some(s) = active.of(&m) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut ask = |r: TutorialRequest| {
        asks.write(r);
    };
    crate::theme::column::panel_under_moves(ctx, "Lesson", |ui| {
        body(ui, s, &lessons, &finished, &mut ask, &mut next);
    });
    Ok(())
}

fn body(
    ui: &mut egui::Ui,
    s: &LessonSession,
    lessons: &TutorialLessons,
    finished: &FinishedLessons,
    ask: &mut impl FnMut(TutorialRequest),
    next: &mut NextState<Screen>,
) {
    let total = lessons.lessons.len();
    let texts = lesson_texts(s.id());
    ui.label(egui::RichText::new(tr!("tutorial-lesson-of", n = s.index + 1, total = total)).weak());
    ui.label(egui::RichText::new(&texts.title).size(20.0).strong());
    // The buttons first, so they stay in sight above however long the texts run.
    let last = s.index + 1 >= total;
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(tr!("tutorial-hint"))
            .on_hover_prose(tr!("tutorial-hint-tip"))
            .clicked()
        {
            ask(TutorialRequest::Hint);
        }
        if ui
            .button(tr!("tutorial-reset"))
            .on_hover_prose(tr!("tutorial-reset-tip"))
            .clicked()
        {
            ask(TutorialRequest::Reset);
        }
    });
    if let Some(mv) = s.hint {
        ui.label(tr!(
            "tutorial-hint-move",
            move = notation::write_move(&s.lesson.position, &mv)
        ));
    }
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(s.index > 0, egui::Button::new(tr!("tutorial-previous")))
            .clicked()
        {
            ask(TutorialRequest::Previous);
        }
        if ui
            .add_enabled(!last, egui::Button::new(tr!("tutorial-next")))
            .clicked()
        {
            ask(TutorialRequest::Next);
        }
        if ui.button(tr!("tutorial-back")).clicked() {
            next.set(Screen::Title);
        }
    });
    ui.separator();
    crate::theme::prose::prose(ui, egui::RichText::new(&texts.task).strong());
    ui.add_space(4.0);
    crate::theme::prose::prose(ui, &texts.explain);
    crate::theme::prose::prose(
        ui,
        egui::RichText::new(tr!("tutorial-focus-help"))
            .small()
            .color(crate::theme::ASIDE_BLUE),
    );
    ui.separator();
    match &s.phase {
        LessonPhase::Play => {
            crate::theme::prose::prose(ui, tr!("tutorial-submit-help"));
        }
        LessonPhase::Solved => {
            ui.colored_label(
                crate::theme::GOOD,
                egui::RichText::new(tr!("tutorial-right"))
                    .size(18.0)
                    .strong(),
            );
            crate::theme::prose::prose(ui, &texts.done);
            if last {
                crate::theme::prose::prose(ui, tr!("tutorial-all-done"));
            } else if ui
                .button(
                    egui::RichText::new(tr!("tutorial-next"))
                        .strong()
                        .size(16.0),
                )
                .clicked()
            {
                ask(TutorialRequest::Next);
            }
        }
        LessonPhase::Wrong(why) => {
            ui.colored_label(
                crate::theme::BAD,
                egui::RichText::new(tr!("tutorial-not-yet")).strong(),
            );
            crate::theme::prose::prose(ui, why.text());
            ui.label(egui::RichText::new(tr!("tutorial-retry-help")).weak());
        }
    }
    ui.separator();
    let done = lessons
        .lessons
        .iter()
        .filter(|l| finished.contains(l.id))
        .count();
    egui::CollapsingHeader::new(tr!("tutorial-lessons", done = done, total = total))
        .id_salt("tutorial lessons")
        .show(ui, |ui| {
            for (i, l) in lessons.lessons.iter().enumerate() {
                let is_done = finished.contains(l.id);
                ui.horizontal(|ui| {
                    let mark = if is_done {
                        egui::RichText::new("✔").color(crate::theme::GOOD)
                    } else {
                        egui::RichText::new("○").weak()
                    };
                    ui.label(mark).on_hover_prose(if is_done {
                        tr!("tutorial-row-done")
                    } else {
                        tr!("tutorial-row-not-done")
                    });
                    let title = format!("{}. {}", i + 1, lesson_texts(l.id).title);
                    if ui
                        .add(egui::Button::selectable(i == s.index, title))
                        .clicked()
                        && i != s.index
                    {
                        ask(TutorialRequest::Open(l.id.to_string()));
                    }
                });
            }
        });
}
