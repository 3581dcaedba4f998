//! The bar along the top: turn, side to move, the present, clocks, the mate check, and the
//! buttons (undo, submit, resign, menu). The submit button says why it cannot be pressed.

use crate::fived::analysis::{Analysis, AnalysisRequest, can_analyse};
use crate::fived::matchplay::ai_player::{Hint, HintRequest};
use crate::fived::matchplay::browse::{Browse, BrowseRequest};
use crate::fived::matchplay::{
    Match, MateCheck, Origin, Player, Request, color_name, side_id, submit_error_text,
};
use crate::fived::mirror::ClockView;
use crate::fived::review::{FiveDReview, can_review};
use crate::game_kit::history::{BrowseWords, HistoryStep, browse_bar as history_bar};
use crate::review::driver::ReviewRequest;
use crate::screens::Screen;
use crate::theme::format_clock;
use crate::theme::prose::ProseTips as _;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use timefork_engine::{Color as Side, GameStatus};
use timefork_i18n::tr;

pub(super) fn turn_bar(
    mut contexts: EguiContexts,
    m: Res<Match>,
    clocks: Query<&ClockView>,
    mut requests: MessageWriter<Request>,
    mut menu: crate::rules_pages::GameMenu,
    thinking: Option<Res<crate::fived::matchplay::AiThinking>>,
    hint: Res<Hint>,
    mut ask_hint: MessageWriter<HintRequest>,
    browse: Res<Browse>,
    mut browsing: MessageWriter<BrowseRequest>,
    analysis: Res<Analysis>,
    mut analyse: MessageWriter<AnalysisRequest>,
    review: Res<FiveDReview>,
    mut reviewing: MessageWriter<ReviewRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("turn")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, [10.0, 10.0])
        .show(ctx, |ui| {
            if analysis.is_open(&m) {
                super::analysis_bar::analysis_bar(ui, &m, &analysis, &mut analyse);
                ui.separator();
            }
            if let Some(k) = browse.state(&m) {
                browse_bar(ui, &m, k, &mut browsing, &mut analyse);
                ui.separator();
            }
            let pos = &m.pos;
            let present = pos.present();
            let browsing = browse.is_browsing(&m);
            // While a past state is shown its bar says which; the live game's turn and
            // present would contradict the boards.
            ui.horizontal(|ui| {
                let Some(heading) = bar_heading(&m, browsing) else {
                    return;
                };
                ui.heading(heading);
                if m.is_over() {
                    return;
                }
                ui.separator();
                // The present in notation (T3w), the same in every language.
                let present = format!(
                    "T{}{}",
                    present.div_euclid(2),
                    if present.rem_euclid(2) == 0 { "w" } else { "b" }
                );
                ui.label(tr!("fived-present", present = present))
                    .on_hover_prose(tr!("fived-present-tip"));
            });
            // The analysis board has no clocks of its own (the game's wait, stopped); a
            // lesson has none.
            if !analysis.is_open(&m) && m.origin != Origin::Tutorial {
                ui.horizontal(|ui| {
                    for side in [Side::White, Side::Black] {
                        if let Some(c) = clocks.iter().find(|c| c.color == side) {
                            clock_label(ui, &m, c);
                        }
                    }
                    if let Some(tc) = m.time_control {
                        ui.label(egui::RichText::new(tc.label()).weak())
                            .on_hover_prose(tr!("fived-time-control-tip"));
                    }
                });
            }
            ui.horizontal(|ui| match m.mate_check {
                MateCheck::Running => {
                    ui.spinner();
                    ui.label(tr!("fived-checking-mate"));
                }
                MateCheck::Done(GameStatus::Check) => {
                    ui.colored_label(crate::theme::BAD, tr!("fived-check"))
                        .on_hover_prose(tr!("fived-check-tip"));
                }
                MateCheck::Done(GameStatus::Unknown) => {
                    ui.label(tr!("fived-mate-check-gave-up"));
                }
                _ => {}
            });
            if let Some(t) = thinking
                && t.0
                && !m.is_over()
            {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(tr!("fived-ai-thinking"));
                });
            }
            // A lesson is one turn: once played, nobody is to move.
            let lesson_played = m.origin == Origin::Tutorial && !m.game.actions.is_empty();
            let human = !m.is_over()
                && !lesson_played
                && m.player_to_move() == Player::Human
                && !browse.is_browsing(&m);
            ui.horizontal(|ui| {
                // A spectator (no person here plays) has no turn to make, nor anyone
                // once the game is over.
                if m.players.contains(&Player::Human) && !m.is_over() && !lesson_played {
                    let can_undo = human && pos.turn_len() > 0;
                    if ui
                        .add_enabled(can_undo, egui::Button::new(tr!("fived-undo")))
                        .clicked()
                    {
                        requests.write(Request::Undo);
                    }
                    let err = m.submit_error();
                    let submit = ui.add_enabled(
                        human && err.is_none(),
                        egui::Button::new(egui::RichText::new(tr!("fived-submit")).strong()),
                    );
                    if submit.clicked() {
                        requests.write(Request::Submit);
                    }
                }
                // A puzzle or a lesson has its own hint and retries (its panel); no engine
                // helps between two people over the network.
                let game = !matches!(
                    m.origin,
                    Origin::Puzzle | Origin::Tutorial | Origin::Analysis
                ) && m.engine_may_help();
                if game
                    && !m.is_over()
                    && ui
                        .add_enabled(human, egui::Button::new(tr!("fived-hint")))
                        .on_hover_prose(tr!("fived-hint-tip"))
                        .clicked()
                {
                    ask_hint.write(HintRequest);
                }
                // The person resigns, whoever is to move; at one computer, the side to move.
                let resigner = match m.players {
                    [Player::Human, Player::Ai(_)] => Some(Side::White),
                    [Player::Ai(_), Player::Human] => Some(Side::Black),
                    [Player::Human, Player::Human] => Some(m.to_move()),
                    [Player::Human, Player::Remote] => Some(Side::White),
                    [Player::Remote, Player::Human] => Some(Side::Black),
                    _ => None,
                };
                if game
                    && m.players.contains(&Player::Human)
                    && m.players.iter().any(|p| matches!(p, Player::Ai(_)))
                {
                    let r = ui
                        .add_enabled(m.can_take_back(), egui::Button::new(tr!("fived-take-back")))
                        .on_hover_prose(tr!("fived-take-back-tip"));
                    if r.clicked() {
                        requests.write(Request::TakeBack);
                    }
                }
                if let Some(side) = resigner.filter(|_| game && !m.is_over())
                    && crate::theme::confirm(ui, egui::Id::new("fived resign"), |ui| {
                        ui.add_enabled(!m.is_over(), egui::Button::new(tr!("fived-resign")))
                            .on_hover_prose(tr!("fived-resign-tip", side = side_id(side)))
                    })
                {
                    requests.write(Request::Resign(side));
                }
                // While browsing, the browse bar's Analyse opens the state shown.
                if can_analyse(&m)
                    && !browsing
                    && ui
                        .button(tr!("fived-analyse"))
                        .on_hover_prose(analyse_tip(&m))
                        .clicked()
                {
                    analyse.write(AnalysisRequest::Start(None));
                }
                if can_review(&m)
                    && review.of(m.id).is_none()
                    && crate::review::window::open_button(ui)
                {
                    reviewing.write(ReviewRequest::Open);
                }
                menu.buttons(ui, timefork_records::GameKind::FiveD, tr!("fived-menu"));
            });
            // Why Submit is off, once the turn has begun (before it, that the present has
            // not moved yet goes without saying).
            if let (Some(e), true) = (m.submit_error(), human && pos.turn_len() > 0) {
                ui.colored_label(
                    crate::theme::AMBER,
                    tr!(
                        "fived-cannot-submit",
                        reason = submit_error_text(&e, &m.pos)
                    ),
                );
            }
            let key = crate::game_kit::tasks::MatchKey::new(m.id, m.game.actions.len());
            if hint.key == Some(key) {
                if hint.thinking {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(tr!("fived-looking-for-hint"));
                    });
                } else if let Some(a) = &hint.action {
                    ui.label(tr!(
                        "fived-hint-action",
                        action = timefork_engine::notation::write_action(m.game.position(), a)
                    ));
                }
            }
            if let Some(f) = &m.feedback {
                ui.colored_label(crate::theme::WARN, f);
            }
            crate::theme::prose::prose(
                ui,
                egui::RichText::new(tr!("fived-controls-help"))
                    .small()
                    .weak(),
            );
        });
    Ok(())
}

/// While browsing: which state is shown, steps back and forth, and the way back.
/// The bar's heading: the live turn and side to move; "Game over" once it is; none while
/// a past state is shown (the browse bar says which).
pub fn bar_heading(m: &Match, browsing: bool) -> Option<String> {
    if m.is_over() {
        return Some(tr!("fived-game-over"));
    }
    (!browsing).then(|| {
        tr!(
            "fived-turn-heading",
            turn = m.game.position().present().div_euclid(2),
            side = side_id(m.pos.to_move)
        )
    })
}

fn browse_bar(
    ui: &mut egui::Ui,
    m: &Match,
    k: usize,
    out: &mut MessageWriter<BrowseRequest>,
    analyse: &mut MessageWriter<AnalysisRequest>,
) {
    let shown = if k == 0 {
        tr!("fived-browsing-start")
    } else {
        let side = if (k - 1).is_multiple_of(2) {
            m.game.start.to_move
        } else {
            m.game.start.to_move.opponent()
        };
        tr!("fived-browsing-after", k = k, side = side_id(side))
    };
    let words = BrowseWords {
        shown,
        arrows: ["◀", "▶"],
        previous_tip: tr!("fived-browse-previous"),
        next_tip: tr!("fived-browse-next"),
        back: tr!("fived-back-to-game"),
        back_tip: tr!("fived-browse-live-key"),
        wrap: false,
    };
    let step = history_bar(ui, k, words, |ui| {
        if can_analyse(m)
            && ui
                .button(tr!("fived-analyse"))
                .on_hover_prose(analyse_tip(m))
                .clicked()
        {
            analyse.write(AnalysisRequest::Start(Some(k)));
        }
    });
    match step {
        Some(HistoryStep::Previous) => {
            out.write(BrowseRequest::Previous);
        }
        Some(HistoryStep::Next) => {
            out.write(BrowseRequest::Next);
        }
        Some(HistoryStep::Live) => {
            out.write(BrowseRequest::Live);
        }
        _ => {}
    }
}

/// The Analyse button's tooltip: what it opens, and the leaderboard's rule while a game
/// against the AI is on.
fn analyse_tip(m: &Match) -> String {
    let against_ai = m.players.iter().any(|p| matches!(p, Player::Ai(_)));
    if against_ai && !m.is_over() {
        format!(
            "{}\n{}",
            tr!("fived-analyse-tip"),
            tr!("fived-analyse-off-board-tip")
        )
    } else {
        tr!("fived-analyse-tip")
    }
}

/// One side's clock: who plays it, the time (left, or used when untimed), strong while
/// it runs, red under the warning threshold.
fn clock_label(ui: &mut egui::Ui, m: &Match, c: &ClockView) {
    let who = match m.players[crate::fived::matchplay::color_index(c.color)] {
        Player::Human => tr!("fived-clock-human"),
        Player::Ai(_) if m.origin == Origin::Puzzle => tr!("fived-clock-solver"),
        Player::Ai(l) => tr!("fived-clock-ai", level = crate::players::level_name(l)),
        Player::Remote => tr!("fived-clock-remote"),
    };
    // Tenths only where they matter: a timed clock under ten seconds.
    let time = if c.timed {
        format_clock(c.shown)
    } else {
        crate::theme::format_duration(c.shown)
    };
    let side = color_name(c.color);
    let text = if c.timed {
        tr!("fived-clock-left", side = side, who = who, time = time)
    } else {
        tr!("fived-clock-used", side = side, who = who, time = time)
    };
    let mut rt = egui::RichText::new(text).monospace().size(16.0);
    rt = if c.running { rt.strong() } else { rt.weak() };
    if c.low {
        rt = rt.color(egui::Color32::from_rgb(255, 90, 70));
    }
    egui::Frame::new()
        .fill(if c.running {
            egui::Color32::from_rgba_premultiplied(60, 60, 70, 200)
        } else {
            egui::Color32::TRANSPARENT
        })
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(6, 2))
        .show(ui, |ui| {
            ui.label(rt);
        });
}

pub(super) fn game_over_box(
    mut contexts: EguiContexts,
    m: Res<Match>,
    mut next: ResMut<NextState<Screen>>,
    mut hidden: Local<Option<u64>>,
    mut reviewing: MessageWriter<ReviewRequest>,
) -> Result {
    let Some(outcome) = m.outcome else {
        return Ok(());
    };
    // A puzzle's or a lesson's end is its panel's to tell.
    if matches!(
        m.origin,
        Origin::Puzzle | Origin::Tutorial | Origin::Analysis
    ) {
        return Ok(());
    }
    if *hidden == Some(m.id) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Under the turn bar, so it hides neither the clocks nor the move list.
    let below_bar = ctx
        .memory(|mem| mem.area_rect(egui::Id::new("turn")))
        .map_or(170.0, |r| r.bottom() + 10.0);
    egui::Window::new(tr!("fived-game-over"))
        .id(egui::Id::new("game over"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, [10.0, below_bar])
        .show(ctx, |ui| {
            ui.heading(outcome.describe());
            ui.label(tr!("fived-after-turns", n = m.game.actions.len()));
            ui.horizontal(|ui| {
                if ui.button(tr!("fived-keep-browsing")).clicked() {
                    *hidden = Some(m.id);
                }
                if can_review(&m) && crate::review::window::open_button(ui) {
                    // The review takes the box's place.
                    *hidden = Some(m.id);
                    reviewing.write(ReviewRequest::Open);
                }
                if ui.button(tr!("fived-new-game")).clicked() {
                    next.set(Screen::FiveDNew);
                }
                if ui.button(tr!("fived-title")).clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fived::matchplay::Outcome;

    #[test]
    fn the_heading_speaks_of_the_live_game_only() {
        timefork_i18n::set_language(timefork_i18n::Lang::En);
        let mut m = Match::from_variant("Standard", [Player::Human, Player::Human]).unwrap();
        let live = bar_heading(&m, false).unwrap();
        assert!(live.contains("Turn 1") && live.contains("White"), "{live}");
        assert_eq!(bar_heading(&m, true), None);
        m.finish(Outcome::Resignation {
            winner: Side::Black,
        });
        assert_eq!(bar_heading(&m, false).as_deref(), Some("Game over"));
        assert_eq!(bar_heading(&m, true).as_deref(), Some("Game over"));
    }
}
