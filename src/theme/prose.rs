//! Paragraphs wrapped to the width at hand. egui breaks Japanese text between any two
//! characters (it keeps 。 and 、 off a line's start, nothing more), so a paragraph can end
//! on a line of one or two characters ("くださ / い。"); such a paragraph is laid out a
//! little narrower until its last line holds a few.

use bevy_egui::egui;
use std::sync::Arc;

/// The fewest characters (punctuation not counted) a wrapped Japanese paragraph may end its
/// last line with.
const SHORTEST_LAST_LINE: usize = 3;
/// How much narrower a paragraph may get to mend its last line.
const LEAST_WIDTH_SHARE: f32 = 0.75;

/// A wrapping label that does not leave a Japanese paragraph's last line one or two
/// characters long.
pub fn prose(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    let galley = lay_out(ui, text.into(), ui.available_width());
    ui.add(egui::Label::new(galley))
}

/// Tooltips laid out as `prose`.
pub trait ProseTips {
    /// `on_hover_text`, wrapped as `prose`.
    fn on_hover_prose(self, text: impl Into<egui::WidgetText>) -> Self;
    /// `on_disabled_hover_text`, wrapped as `prose`.
    fn on_disabled_hover_prose(self, text: impl Into<egui::WidgetText>) -> Self;
}

impl ProseTips for egui::Response {
    fn on_hover_prose(self, text: impl Into<egui::WidgetText>) -> Self {
        let text = text.into();
        self.on_hover_ui(|ui| {
            prose(ui, text);
        })
    }

    fn on_disabled_hover_prose(self, text: impl Into<egui::WidgetText>) -> Self {
        let text = text.into();
        self.on_disabled_hover_ui(|ui| {
            prose(ui, text);
        })
    }
}

/// `text` wrapped at `width` or, if that ends a paragraph on a short Japanese line, at the
/// widest narrower width (in small steps) that does not.
pub fn lay_out(ui: &egui::Ui, text: egui::WidgetText, width: f32) -> Arc<egui::Galley> {
    // As `egui::Label` lays out a wrapping text, so a centred panel stays centred.
    let mut job = Arc::unwrap_or_clone(text.into_layout_job(
        ui.style(),
        egui::FontSelection::Default,
        ui.text_valign(),
    ));
    job.halign = ui.layout().horizontal_placement();
    job.justify = ui.layout().horizontal_justify();
    let wrap = |w: f32| {
        let mut job = job.clone();
        job.wrap = egui::text::TextWrapping::wrap_at_width(w);
        ui.fonts_mut(|f| f.layout_job(job))
    };
    let first = wrap(width);
    if !ends_short(&first) {
        return first;
    }
    // A third of a character (a row's height is near enough an em): a step moves at most
    // one character down every third row. egui caches layouts, so the tries cost little
    // after the first frame.
    let step = first
        .rows
        .first()
        .map_or(15.0, |r| r.rect().height())
        .max(6.0)
        / 3.0;
    let mut w = width - step;
    while w >= width * LEAST_WIDTH_SHARE {
        let g = wrap(w);
        if !ends_short(&g) {
            return g;
        }
        w -= step;
    }
    first
}

/// Whether a paragraph of `galley` that wrapped ends on a line of Japanese of fewer than
/// `SHORTEST_LAST_LINE` characters.
pub fn ends_short(galley: &egui::Galley) -> bool {
    let rows = &galley.rows;
    rows.iter().enumerate().any(|(i, row)| {
        let ends_paragraph = row.ends_with_newline || i + 1 == rows.len();
        let wrapped_onto = i > 0 && !rows[i - 1].ends_with_newline;
        if !(ends_paragraph && wrapped_onto) {
            return false;
        }
        // Every label runs this each frame: no allocation.
        let chars = || row.glyphs.iter().map(|g| g.chr);
        chars().any(is_japanese)
            && chars()
                .filter(|&c| !c.is_whitespace() && !is_punctuation(c))
                .count()
                < SHORTEST_LAST_LINE
    })
}

fn is_japanese(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30FF}' | '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

fn is_punctuation(c: char) -> bool {
    c.is_ascii_punctuation()
        || matches!(c, '\u{3000}'..='\u{303F}' | '\u{FF01}'..='\u{FF0F}' | '\u{FF1A}'..='\u{FF20}' | '\u{FF3B}'..='\u{FF40}' | '\u{FF5B}'..='\u{FF65}')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` in a frame of a context with the game's fonts and style.
    fn in_frame(mut f: impl FnMut(&mut egui::Ui)) {
        let ctx = egui::Context::default();
        crate::theme::apply_style(&ctx);
        // Fonts take effect from the next frame.
        for _ in 0..2 {
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| f(ui));
            // No renderer here takes the font atlas.
            out.textures_delta.clear();
        }
    }

    const SENTENCE: &str =
        "駒をクリックしてから升をクリックし、指し終えたら「手番終了」を押してください。";

    #[test]
    fn a_japanese_paragraph_never_ends_on_one_or_two_characters() {
        let mut short_plain = Vec::new();
        let mut short_mended = Vec::new();
        in_frame(|ui| {
            short_plain.clear();
            short_mended.clear();
            for width in (120..=500).step_by(3) {
                let w = width as f32;
                let text = egui::WidgetText::from(SENTENCE);
                let plain = text.clone().into_galley(
                    ui,
                    Some(egui::TextWrapMode::Wrap),
                    w,
                    egui::TextStyle::Body,
                );
                if ends_short(&plain) {
                    short_plain.push(width);
                }
                let mended = lay_out(ui, text, w);
                if ends_short(&mended) {
                    short_mended.push(width);
                }
                assert!(mended.size().x <= w + 0.5, "at {w} the text is wider");
            }
        });
        // Without the mend egui leaves such lines at some widths (what the issue saw).
        assert!(!short_plain.is_empty(), "no width gives a short last line");
        assert_eq!(short_mended, Vec::<u32>::new());
    }

    #[test]
    fn the_rule_counts_characters_not_punctuation() {
        in_frame(|ui| {
            let g = |t: &str, w: f32| {
                egui::WidgetText::from(t).into_galley(
                    ui,
                    Some(egui::TextWrapMode::Wrap),
                    w,
                    egui::TextStyle::Body,
                )
            };
            // One line: nothing wrapped, nothing to mend.
            assert!(!ends_short(&g("い。", 400.0)));
            // English is left as egui wraps it.
            assert!(!ends_short(&g(
                "Press the button to end your turn now a",
                120.0
            )));
        });
    }
}
