//! Every menu screen lays out inside the window, with a margin of background on every side,
//! from the smallest supported window (1024x600) to a large one (2560x1440), in every
//! language (Russian runs longest, Japanese needs its own font): each screen's panel is run
//! through egui at that size and everything it paints must lie inside.

use bevy_egui::egui;
use std::sync::{Mutex, MutexGuard};
use timefork::screens::{leaderboard_screen, load, settings_screen, title};
use timefork_i18n::Lang;

const SIZES: [(f32, f32); 3] = [(1024.0, 600.0), (1280.0, 720.0), (2560.0, 1440.0)];

/// Every size in every language.
fn cases() -> Vec<(Lang, (f32, f32))> {
    Lang::ALL
        .into_iter()
        .flat_map(|l| SIZES.map(|s| (l, s)))
        .collect()
}

/// The language is one for the whole process: a test holds this while it draws in one.
fn speak(lang: Lang) -> MutexGuard<'static, ()> {
    static LANGUAGE: Mutex<()> = Mutex::new(());
    let guard = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    timefork_i18n::set_language(lang);
    guard
}
/// Background that must stay free on each side (the menu margin is 24; a window's shadow
/// may reach a little into it).
const FREE: f32 = 6.0;

/// Runs a screen's panel for a few passes (egui sizes windows from what it drew last) and
/// returns the rectangle everything painted covers, clipped as egui clips it.
fn painted(size: (f32, f32), mut draw: impl FnMut(&egui::Context)) -> egui::Rect {
    let ctx = egui::Context::default();
    timefork::theme::apply_style(&ctx);
    let mut covered = egui::Rect::NOTHING;
    for pass in 0..12 {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(size.0, size.1),
            )),
            time: Some(pass as f64 / 60.0),
            ..Default::default()
        };
        ctx.begin_pass(input);
        if std::env::var("DBG").is_ok() {
            eprintln!(
                "content {:?} viewport {:?} ppp {}",
                ctx.content_rect(),
                ctx.viewport_rect(),
                ctx.pixels_per_point()
            );
        }
        draw(&ctx);
        let mut out = ctx.end_pass();
        // No renderer takes the font texture here.
        out.textures_delta.clear();
        covered = egui::Rect::NOTHING;
        for s in &out.shapes {
            let r = s.shape.visual_bounding_rect().intersect(s.clip_rect);
            if r.is_positive() {
                covered = covered.union(r);
            }
        }
    }
    covered
}

fn assert_inside(name: &str, size: (f32, f32), r: egui::Rect) {
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size.0, size.1));
    assert!(r.is_positive(), "{name} at {size:?} painted nothing");
    assert!(
        screen.shrink(FREE).contains_rect(r),
        "{name} at {}x{} in {:?} paints {r:?}, outside the window less {FREE} px",
        size.0,
        size.1,
        timefork_i18n::language()
    );
}

#[test]
fn the_title_fits() {
    let cards = cards();
    for (lang, size) in cases() {
        let _speaking = speak(lang);
        assert_inside(
            "title",
            size,
            painted(size, |ctx| {
                title::ui(ctx, &cards);
            }),
        );
        // The first start offers the tutorial under the buttons.
        assert_inside(
            "title with the tutorial offer",
            size,
            painted(size, |ctx| {
                title::ui_offering(ctx, &cards, true, None);
            }),
        );
        // An unfinished game offered as Continue, with the offer too.
        assert_inside(
            "title with Continue",
            size,
            painted(size, |ctx| {
                title::ui_offering(
                    ctx,
                    &cards,
                    true,
                    Some("Timeline Wager, against the AI (Medium), turn 128"),
                );
            }),
        );
    }
}

#[test]
fn the_new_game_screen_fits() {
    let settings = timefork::settings::Settings {
        // A long name must not widen the panel.
        last_variant: "Misc - Timeline Invasion With A Very Long Name Indeed".into(),
        ..Default::default()
    };
    for (lang, size) in cases() {
        let _speaking = speak(lang);
        let mut form = timefork::fived::new_game::NewGameForm::default();
        form.prepare(&settings);
        assert_inside(
            "new game",
            size,
            painted(size, |ctx| {
                drop(timefork::fived::new_game::ui(ctx, &mut form))
            }),
        );
    }
}

#[test]
fn the_load_screen_fits_with_many_long_names() {
    for (lang, size) in cases() {
        let _speaking = speak(lang);
        let mut form = load::LoadForm {
            saves: (0..60)
                .map(|i| {
                    std::path::PathBuf::from(format!(
                        "/home/someone/.config/timefork/saves/Standard-Turn-Zero-with-a-long-name-{i}-1796083200.5dpgn"
                    ))
                })
                .collect(),
            ..Default::default()
        };
        assert_inside(
            "load",
            size,
            painted(size, |ctx| drop(load::ui(ctx, &mut form))),
        );
    }
}

#[test]
fn the_settings_screen_fits() {
    for (lang, size) in cases() {
        let _speaking = speak(lang);
        let mut s = timefork::settings::Settings::default();
        assert_inside(
            "settings",
            size,
            painted(size, |ctx| {
                settings_screen::ui(ctx, &mut s);
            }),
        );
    }
}

#[test]
fn the_leaderboard_fits_with_many_entries() {
    let entry = |i: u32| timefork::leaderboard::Entry {
        game: timefork_records::GameKind::FiveD,
        name: format!("A rather long player name number {i}"),
        variant: "Standard".into(),
        level: timefork::players::AiLevel::Medium,
        date: 1_796_083_200,
        turns: 10 + i,
        seconds: 600,
        clock: Some("10+5".into()),
        time_used_ms: 300_000,
        human: timefork_records::Side::White,
        record: String::new(),
    };
    for (lang, size) in cases() {
        let _speaking = speak(lang);
        let mut view = leaderboard_screen::View {
            board: timefork::leaderboard::Leaderboard {
                version: timefork_records::leaderboard::VERSION,
                entries: (0..30).map(entry).collect(),
            },
            variant: "Standard".into(),
            level: timefork::players::AiLevel::Medium,
            ..Default::default()
        };
        let mut name = "Ada".to_string();
        assert_inside(
            "leaderboard",
            size,
            painted(size, |ctx| {
                leaderboard_screen::ui(ctx, &mut view, &mut name);
            }),
        );
    }
}

#[test]
fn the_puzzle_list_fits() {
    use timefork::fived::puzzles::list_screen::{self, ListView};
    use timefork::fived::puzzles::{PuzzleCatalogue, SolvedPuzzles};
    let catalogue = PuzzleCatalogue::embedded();
    let mut solved = SolvedPuzzles::default();
    solved.solved.insert("medium/02-small-centered".into());
    for (lang, size) in cases() {
        let _speaking = speak(lang);
        let mut view = ListView {
            tier: timefork_engine::puzzle::Tier::Medium,
        };
        let r = painted(size, |ctx| {
            list_screen::ui(ctx, &catalogue, &solved, &mut view);
        });
        assert_inside("puzzle list", size, r);
    }
}

#[test]
fn the_kingdrops_new_game_screen_fits() {
    for (lang, size) in cases() {
        let _speaking = speak(lang);
        let mut players = timefork::kingdrops::KdPlayers::default();
        assert_inside(
            "kingdrops new game",
            size,
            painted(size, |ctx| {
                let _ = timefork::kingdrops::new_game::ui(ctx, &mut players, None);
            }),
        );
    }
}

#[test]
fn the_wager_new_match_screen_fits() {
    for (lang, size) in cases() {
        let _speaking = speak(lang);
        let mut form = timefork::wager::new_game::WagerForm::default();
        assert_inside(
            "wager new match",
            size,
            painted(size, |ctx| {
                let _ = timefork::wager::new_game::ui(ctx, &mut form);
            }),
        );
    }
}

/// The join screen with hosts found on the network (one returning, with a long name), a
/// refusal and an address error shown at once: its tallest state.
#[test]
fn the_join_screen_fits_with_hosts_found() {
    use timefork::net::lan::FoundHost;
    use timefork::net::panel::{LinkStatus, join_ui};
    use timefork_net::msg::Lan;
    use timefork_records::{GameKind, Side};
    let found: Vec<FoundHost> = [GameKind::FiveD, GameKind::Wager, GameKind::Kingdrops]
        .into_iter()
        .enumerate()
        .map(|(i, game)| {
            let answer = Lan::Hosting {
                game,
                port: 5757,
                seat: if i % 2 == 0 { Side::White } else { Side::Black },
                host: "Anastasia_Konstantinovna".into(),
                returning: i == 1,
                code: (i != 1).then(|| "K7QX2P".into()),
            };
            let ip = format!("192.168.100.{}", 200 + i).parse().unwrap();
            FoundHost::heard(ip, answer, std::time::Duration::ZERO).unwrap()
        })
        .collect();
    for (lang, size) in cases() {
        let _speaking = speak(lang);
        let mut form = timefork::net::panel::JoinForm {
            address: "192.168.100.200:5757".into(),
            code: "K7QX2P".into(),
            error: Some("the address is not one this computer can reach".into()),
        };
        let status = LinkStatus {
            busy: false,
            problem: Some("no room has the code K7QX2P".into()),
        };
        assert_inside(
            "join",
            size,
            painted(size, |ctx| {
                let _ = join_ui(ctx, &mut form, &found, Some(&status));
            }),
        );
    }
}

/// The hosting screen with its room, and with a problem: both fit.
#[test]
fn the_hosting_screen_fits() {
    use timefork::net::panel::{HostedRoom, host_ui};
    let room = HostedRoom {
        code: "K7QX2P".into(),
        address: "192.168.100.200".into(),
        port: 5757,
    };
    for (lang, size) in cases() {
        let _speaking = speak(lang);
        for game in [
            timefork_records::GameKind::FiveD,
            timefork_records::GameKind::Wager,
        ] {
            assert_inside(
                "host",
                size,
                painted(size, |ctx| {
                    let _ = host_ui(
                        ctx,
                        Some(game),
                        Some("Standard - Turn Zero · 15+10 · White"),
                        Some(&room),
                        Some("Cannot host the game: address in use"),
                    );
                }),
            );
        }
    }
}

/// The Kingdrops setup bar, for a person (the instructions) and while the AI sets up.
#[test]
fn the_kingdrops_setup_bar_fits() {
    use timefork::players::{AiLevel, Player};
    for (lang, size) in cases() {
        let _speaking = speak(lang);
        for players in [
            [Player::Human, Player::Ai(AiLevel::Hard)],
            [Player::Ai(AiLevel::Hard), Player::Human],
        ] {
            let setup = timefork::kingdrops::setup::KdSetup::new(players);
            assert_inside(
                "kingdrops setup",
                size,
                painted(size, |ctx| {
                    let _ = timefork::kingdrops::panels::setup_bar::setup_ui(
                        ctx,
                        &setup,
                        true,
                        bevy::math::Vec2::new(size.0, size.1),
                        |ui| {
                            let _ = ui.button(timefork_i18n::tr!("kd-menu"));
                        },
                    );
                }),
            );
        }
    }
}

#[test]
fn every_rules_page_fits_at_every_section() {
    use timefork::rules_pages::{DiagramView, RulesBook, RulesChapters, RulesPage, page};
    use timefork_records::GameKind;
    let chapters = timefork::headless_app()
        .world()
        .resource::<RulesChapters>()
        .clone();
    for (lang, size) in cases() {
        let _speaking = speak(lang);
        for game in [GameKind::FiveD, GameKind::Wager, GameKind::Kingdrops] {
            let book = RulesBook {
                made_for: Some((game, lang)),
                sections: chapters.sections(game),
            };
            for i in 0..book.sections.len() {
                let mut p = RulesPage::default();
                p.open(game, timefork::screens::Screen::Title);
                p.section = i;
                let view = DiagramView::framing(&book.sections[i].diagram, 16.0 / 9.0);
                let picture = Some((egui::TextureId::User(1), view));
                assert_inside(
                    &format!("rules of {game:?}, section {}", i + 1),
                    size,
                    painted(size, |ctx| {
                        page::ui(ctx, &mut p, &book, picture);
                    }),
                );
            }
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
