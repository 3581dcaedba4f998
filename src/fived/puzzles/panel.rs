//! The puzzle panel beside the boards (under the move list): the goal and the turns left,
//! what the last turn earned (right, wrong and why, unknown), hint, solution, retries, the
//! next puzzle and the way back to the list; and a "Solved!" box when the mate is found.

use super::catalogue::PuzzleCatalogue;
use super::session::{ActivePuzzle, Phase, PuzzleRequest, Session};
use super::texts::{error_text, goal_text, piece_name, side_key, tier_name};
use crate::fived::matchplay::Match;
use crate::game_kit::states::ActiveGame;
use crate::screens::Screen;
use crate::theme::prose::ProseTips as _;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use timefork_engine::{Move, Position, notation};
use timefork_i18n::tr;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (panel, solved_box)
            .run_if(in_state(ActiveGame::FiveD))
            .distributive_run_if(resource_exists::<Match>),
    );
}

/// "Hint: move the knight on (0T4)d1 (in gold).": the piece a move starts with, where it
/// stands.
pub fn piece_hint(pos: &Position, mv: &Move) -> String {
    let c = mv.from;
    let square = format!(
        "({}T{}){}",
        pos.timeline_label(c.l),
        c.turn(),
        notation::square_name(c.x, c.y)
    );
    tr!(
        "puzzles-hint-piece",
        piece = piece_name(pos.piece_at(c).and_then(|p| p.kind())),
        square = square
    )
}

fn panel(
    mut contexts: EguiContexts,
    m: Res<Match>,
    active: Res<ActivePuzzle>,
    catalogue: Res<PuzzleCatalogue>,
    mut asks: MessageWriter<PuzzleRequest>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let Some(s) = active.of(&m) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    crate::theme::column::panel_under_moves(ctx, "Puzzle", |ui| {
        body(ui, s, &m, &catalogue, &mut asks, &mut next);
    });
    Ok(())
}

fn body(
    ui: &mut egui::Ui,
    s: &Session,
    m: &Match,
    catalogue: &PuzzleCatalogue,
    asks: &mut MessageWriter<PuzzleRequest>,
    next: &mut NextState<Screen>,
) {
    let mut ask = |r: PuzzleRequest| {
        asks.write(r);
    };
    if let Some(e) = catalogue.get(&s.id) {
        ui.label(
            egui::RichText::new(format!(
                "{} {:02} · {}",
                tier_name(e.tier).to_uppercase(),
                e.number,
                e.variant_label()
            ))
            .weak(),
        );
    }
    ui.label(
        egui::RichText::new(tr!(
            "puzzles-to-play",
            side = side_key(s.attacker()),
            goal = goal_text(s.goal())
        ))
        .size(20.0)
        .strong(),
    );
    if !matches!(s.phase, Phase::Solved { .. } | Phase::Watching) {
        let left = s.turns_left(m);
        ui.label(tr!("puzzles-turns-left", n = left));
    }
    ui.separator();
    status(ui, s, m, &mut ask);
    ui.separator();
    hint_and_solution(ui, s, m, &mut ask);
    ui.separator();
    ui.horizontal(|ui| {
        if ui.button(tr!("puzzles-next")).clicked() {
            ask(PuzzleRequest::Next);
        }
        if ui.button(tr!("puzzles-back-to-list")).clicked() {
            next.set(Screen::FiveDPuzzles);
        }
    });
}

/// What the last turn earned, and what the person can do about it.
fn status(ui: &mut egui::Ui, s: &Session, m: &Match, ask: &mut impl FnMut(PuzzleRequest)) {
    let retry = |ui: &mut egui::Ui, ask: &mut dyn FnMut(PuzzleRequest), first_turn: bool| {
        ui.horizontal(|ui| {
            if !first_turn
                && ui
                    .button(egui::RichText::new(tr!("puzzles-retry-turn")).strong())
                    .clicked()
            {
                ask(PuzzleRequest::RetryTurn);
            }
            let text = if first_turn {
                tr!("puzzles-retry")
            } else {
                tr!("puzzles-start-over")
            };
            if ui.button(egui::RichText::new(text).strong()).clicked() {
                ask(PuzzleRequest::StartOver);
            }
        });
    };
    // The failed turn was the attacker's first when one action has been played.
    let first_turn = s.done(m) <= 1;
    match &s.phase {
        Phase::Play if s.players_turn(m) => {
            if let Some(r) = &s.last_reply {
                ui.colored_label(crate::theme::GOOD, tr!("puzzles-right"));
                ui.label(tr!("puzzles-defence-answers", reply = r));
            }
            ui.label(tr!("puzzles-your-turn"));
        }
        Phase::Play => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tr!("puzzles-defence-replies"));
            });
        }
        Phase::Judging => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tr!("puzzles-checking"));
            });
        }
        Phase::Solved { marked } => {
            ui.colored_label(
                crate::theme::GOOD,
                egui::RichText::new(tr!("puzzles-solved"))
                    .size(20.0)
                    .strong(),
            );
            if !marked {
                ui.label(egui::RichText::new(tr!("puzzles-not-marked")).weak());
            }
            if ui.button(tr!("puzzles-play-it-again")).clicked() {
                ask(PuzzleRequest::StartOver);
            }
        }
        Phase::Wrong { why, refutation } => {
            ui.colored_label(
                crate::theme::BAD,
                egui::RichText::new(tr!("puzzles-not-the-solution")).strong(),
            );
            crate::theme::prose::prose(ui, why.text());
            if refutation.is_some() {
                ui.label(egui::RichText::new(tr!("puzzles-refutation-shown")).weak());
            }
            retry(ui, ask, first_turn);
        }
        Phase::Unknown => {
            ui.colored_label(crate::theme::AMBER, tr!("puzzles-out-of-time"));
            ui.label(tr!("puzzles-unproved"));
            retry(ui, ask, first_turn);
        }
        Phase::Watching => {
            let total = s.solution_line().map_or(0, Vec::len);
            match s.next_step(m) {
                Some((k, _)) => {
                    ui.label(tr!("puzzles-solution-step", k = k + 1, total = total));
                    if ui
                        .button(egui::RichText::new(tr!("puzzles-play-next-action")).strong())
                        .clicked()
                    {
                        ask(PuzzleRequest::Step);
                    }
                }
                None if total > 0 && s.done(m) >= total => {
                    ui.colored_label(crate::theme::GOOD, tr!("puzzles-solution-played"));
                    if ui.button(tr!("puzzles-try-yourself")).clicked() {
                        ask(PuzzleRequest::StartOver);
                    }
                }
                None => {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(tr!("puzzles-finding-solution"));
                    });
                }
            }
        }
    }
}

fn hint_and_solution(
    ui: &mut egui::Ui,
    s: &Session,
    m: &Match,
    ask: &mut impl FnMut(PuzzleRequest),
) {
    ui.horizontal(|ui| {
        if ui
            .add_enabled(s.players_turn(m), egui::Button::new(tr!("puzzles-hint")))
            .on_hover_prose(tr!("puzzles-hint-tip"))
            .clicked()
        {
            ask(PuzzleRequest::Hint);
        }
        if ui
            .button(tr!("puzzles-show-solution"))
            .on_hover_prose(tr!("puzzles-show-solution-tip"))
            .clicked()
        {
            ask(PuzzleRequest::ShowSolution);
        }
    });
    if let Some(h) = s.hint_now(m) {
        let pos = m.game.position();
        match &h.answer {
            None => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(tr!("puzzles-looking-for-hint"));
                });
            }
            Some(Ok(mv)) if h.show_move => {
                ui.label(tr!(
                    "puzzles-hint-move",
                    move = notation::write_move(pos, mv)
                ));
            }
            Some(Ok(mv)) => {
                ui.label(piece_hint(pos, mv));
                if ui.small_button(tr!("puzzles-show-move")).clicked() {
                    ask(PuzzleRequest::HintMove);
                }
            }
            Some(Err(e)) => {
                ui.colored_label(
                    crate::theme::AMBER,
                    tr!("puzzles-no-hint", error = error_text(e)),
                );
            }
        }
    }
    match &s.solution {
        Some(Some(Ok(line))) => {
            ui.label(egui::RichText::new(tr!("puzzles-solution")).strong());
            ui.add(
                egui::Label::new(
                    egui::RichText::new(notation::write_actions(
                        s.puzzle.position(),
                        line,
                        s.puzzle.next_turn_number(),
                    ))
                    .monospace(),
                )
                .wrap(),
            );
        }
        Some(Some(Err(e))) => {
            ui.colored_label(
                crate::theme::AMBER,
                tr!("puzzles-no-solution", error = error_text(e)),
            );
        }
        _ => {}
    }
}

/// The box that says the puzzle is solved, over the boards, until closed.
fn solved_box(
    mut contexts: EguiContexts,
    m: Res<Match>,
    active: Res<ActivePuzzle>,
    mut asks: MessageWriter<PuzzleRequest>,
    mut next: ResMut<NextState<Screen>>,
    mut hidden: Local<Option<u64>>,
) -> Result {
    let Some(s) = active.of(&m) else {
        return Ok(());
    };
    let Phase::Solved { marked } = s.phase else {
        return Ok(());
    };
    if *hidden == Some(m.id) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Solved")
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        // Below the turn bar, over the boards.
        .anchor(
            egui::Align2::CENTER_TOP,
            [0.0, crate::fived::follow::PANELS.top + 10.0],
        )
        .frame(
            egui::Frame::window(&ctx.global_style())
                .fill(crate::theme::PANEL_FILL)
                .stroke(egui::Stroke::new(2.0, crate::theme::GOOD))
                .inner_margin(18.0),
        )
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(tr!("puzzles-solved"))
                        .size(34.0)
                        .strong()
                        .color(crate::theme::GOOD),
                );
                ui.label(tr!(
                    "puzzles-solved-mates",
                    side = side_key(s.attacker()),
                    n = s.goal().turns()
                ));
                if !marked {
                    ui.label(egui::RichText::new(tr!("puzzles-not-marked-short")).weak());
                }
                ui.add_space(6.0);
                ui.horizontal(|ui| {
                    if ui
                        .button(egui::RichText::new(tr!("puzzles-next")).strong().size(16.0))
                        .clicked()
                    {
                        asks.write(PuzzleRequest::Next);
                    }
                    if ui.button(tr!("puzzles-back-to-list")).clicked() {
                        next.set(Screen::FiveDPuzzles);
                    }
                    if ui.button(tr!("puzzles-close")).clicked() {
                        *hidden = Some(m.id);
                    }
                });
            });
        });
    Ok(())
}
