//! The language switch: the same screen reads in English, Russian or Japanese as the
//! setting says, and the fonts the game loads draw every character the translations use.
//! One test binary of its own, as the language is one for the whole process.

use bevy_egui::egui;
use std::sync::{Mutex, MutexGuard};
use timefork::screens::{settings_screen, title};
use timefork_i18n::Lang;

fn speak(lang: Lang) -> MutexGuard<'static, ()> {
    static LANGUAGE: Mutex<()> = Mutex::new(());
    let guard = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    timefork_i18n::set_language(lang);
    guard
}

fn pass(ctx: &egui::Context, draw: &mut impl FnMut(&egui::Context)) -> egui::FullOutput {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 720.0),
        )),
        ..Default::default()
    };
    ctx.begin_pass(input);
    draw(ctx);
    let mut out = ctx.end_pass();
    out.textures_delta.clear();
    out
}

/// Every text a screen paints, joined by newlines.
fn painted_text(mut draw: impl FnMut(&egui::Context)) -> String {
    let ctx = egui::Context::default();
    timefork::theme::apply_style(&ctx);
    let mut text = String::new();
    for _ in 0..3 {
        let out = pass(&ctx, &mut draw);
        text.clear();
        for s in &out.shapes {
            if let egui::epaint::Shape::Text(t) = &s.shape {
                text.push_str(t.galley.text());
                text.push('\n');
            }
        }
    }
    text
}

#[test]
fn the_title_speaks_the_chosen_language() {
    let cards = cards();
    // The texts of the title's buttons as locales/<lang>/title.ftl gives them.
    for (lang, new_game, settings) in [
        (Lang::En, "New game", "Settings"),
        (Lang::Ru, "Новая игра", "Настройки"),
        (Lang::Ja, "新しい対局", "設定"),
    ] {
        let _speaking = speak(lang);
        let text = painted_text(|ctx| {
            title::ui(ctx, &cards);
        });
        assert!(
            text.contains(new_game),
            "{lang:?}: no {new_game:?} in\n{text}"
        );
        assert!(
            text.contains(settings),
            "{lang:?}: no {settings:?} in\n{text}"
        );
        // The notation and the name stay as they are in every language.
        assert!(text.contains("TIMEFORK"), "{lang:?}");
    }
    let _speaking = speak(Lang::Ru);
    let text = painted_text(|ctx| {
        title::ui(ctx, &cards);
    });
    assert!(
        !text.contains("New game"),
        "English left in Russian:\n{text}"
    );
}

#[test]
fn switching_the_language_changes_the_settings_screen_at_once() {
    let mut s = timefork::settings::Settings::default();
    let _speaking = speak(Lang::En);
    let english = painted_text(|ctx| {
        settings_screen::ui(ctx, &mut s);
    });
    assert!(english.contains("Volume"), "{english}");
    timefork_i18n::set_language(Lang::Ja);
    let japanese = painted_text(|ctx| {
        settings_screen::ui(ctx, &mut s);
    });
    assert!(japanese.contains("音量"), "{japanese}");
    assert!(!japanese.contains("Volume"), "{japanese}");
    timefork_i18n::set_language(Lang::Ru);
    let russian = painted_text(|ctx| {
        settings_screen::ui(ctx, &mut s);
    });
    assert!(russian.contains("Громкость"), "{russian}");
}

#[test]
fn the_language_setting_follows_its_choice() {
    use timefork::settings::LanguageSetting;
    assert_eq!(LanguageSetting::Ru.lang(), Lang::Ru);
    assert_eq!(LanguageSetting::Ja.lang(), Lang::Ja);
    assert_eq!(LanguageSetting::of(Lang::En), LanguageSetting::En);
}

/// The fonts of a family, in the order egui falls back through them.
fn faces<'a>(
    fonts: &'a egui::FontDefinitions,
    family: &egui::FontFamily,
) -> Vec<ttf_parser::Face<'a>> {
    fonts.families[family]
        .iter()
        .map(|name| {
            let data = &fonts.font_data[name];
            ttf_parser::Face::parse(&data.font, data.index)
                .unwrap_or_else(|e| panic!("font {name} does not parse: {e}"))
        })
        .collect()
}

/// Every character of every language's texts has a glyph in the fonts the game loads
/// (egui's own, and the Japanese subset): a missing one would draw as a box. After a new
/// Japanese text, `tools/fonts/subset-japanese.sh` makes the subset again. (egui's own
/// `has_glyph` cannot tell: it answers no for every character of the font that holds its
/// replacement box, so the fonts' character maps are read here.)
#[test]
fn every_text_has_glyphs() {
    let fonts = timefork::theme::fonts();
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let faces = faces(&fonts, &family);
        assert!(faces.len() >= 2, "{family:?} has {} fonts", faces.len());
        for lang in Lang::ALL {
            let missing: String = timefork_i18n::characters(lang)
                .into_iter()
                .filter(|c| !c.is_control() && !c.is_whitespace())
                .filter(|&c| faces.iter().all(|f| f.glyph_index(c).is_none()))
                .collect();
            assert!(
                missing.is_empty(),
                "{lang:?} {family:?}: no glyph for {missing:?}"
            );
        }
    }
}

/// Issue 42: "（ 手番 1 白 ）". A character is drawn by the first font of its family that
/// has it, as egui falls back; egui's icon font has the full-width forms too, wide and
/// padded, so the Japanese font must come before it. And egui applies no OpenType
/// features, so the subset script gives the brackets their proportional width (the
/// font's own `palt`); kana, ideographs and other punctuation keep a full em.
#[test]
fn japanese_brackets_are_half_width_and_text_full() {
    let fonts = timefork::theme::fonts();
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let faces = faces(&fonts, &family);
        // The face that draws `c` and its advance in ems.
        let drawn = |c: char| {
            faces
                .iter()
                .find_map(|f| {
                    let g = f.glyph_index(c)?;
                    let ink = f.glyph_bounding_box(g);
                    Some((
                        f64::from(f.glyph_hor_advance(g)?) / f64::from(f.units_per_em()),
                        ink.map(|b| {
                            (
                                f64::from(b.x_min) / f64::from(f.units_per_em()),
                                f64::from(b.x_max) / f64::from(f.units_per_em()),
                            )
                        }),
                    ))
                })
                .unwrap_or_else(|| panic!("{family:?}: no font draws {c}"))
        };
        for c in "（）「」『』【】［］".chars() {
            let (advance, ink) = drawn(c);
            assert_eq!(advance, 0.5, "{family:?}: {c} is not half-width");
            // The outline moved with the advance: it stays inside its box.
            let (lo, hi) = ink.expect("an outline");
            assert!(
                lo >= 0.0 && hi <= 0.5,
                "{family:?}: {c} drawn at {lo}..{hi}"
            );
        }
        for c in "手番白あア：、。！０Ａ".chars() {
            assert_eq!(drawn(c).0, 1.0, "{family:?}: {c} is not full-width");
        }
    }
}

/// The title cards the three games register.
fn cards() -> timefork::screens::title::TitleCards {
    timefork::headless_app()
        .world()
        .resource::<timefork::screens::title::TitleCards>()
        .clone()
}
