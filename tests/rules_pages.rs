//! The rules pages: every game's sections in every language, their diagrams as the rules
//! make them (expected values worked out from docs/rules.md), and the page's life over the
//! screens.

use bevy::prelude::*;
use std::collections::BTreeSet;
use std::sync::{Mutex, MutexGuard};
use timefork::rules_pages::{Diagram, Mark, RulesBook, RulesChapters, RulesPage, Section};
use timefork::screens::Screen;
use timefork_i18n::Lang;
use timefork_records::GameKind;

const GAMES: [GameKind; 3] = [GameKind::FiveD, GameKind::Wager, GameKind::Kingdrops];

fn speak(lang: Lang) -> MutexGuard<'static, ()> {
    static LANGUAGE: Mutex<()> = Mutex::new(());
    let guard = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    timefork_i18n::set_language(lang);
    guard
}

fn labels(d: &Diagram) -> Vec<&str> {
    d.marks
        .iter()
        .filter_map(|m| match m {
            Mark::Label { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

fn rings(d: &Diagram) -> Vec<Vec3> {
    d.marks
        .iter()
        .filter_map(|m| match m {
            Mark::Ring { at, .. } => Some(*at),
            _ => None,
        })
        .collect()
}

fn section<'a>(s: &'a [Section], title: &str) -> &'a Section {
    s.iter()
        .find(|s| s.title == title)
        .unwrap_or_else(|| panic!("no section `{title}`"))
}

#[test]
fn every_game_has_sections_with_text_and_a_diagram_in_every_language() {
    for lang in Lang::ALL {
        let _speaking = speak(lang);
        for game in GAMES {
            let s = sections(game);
            assert!(s.len() >= 5, "{game:?} has {} sections", s.len());
            for sec in &s {
                // A missing text shows as its key, which starts `rules-`.
                assert!(!sec.title.starts_with("rules-"), "{lang:?} {}", sec.title);
                assert!(sec.text.len() > 80, "{lang:?} {}: {}", sec.title, sec.text);
                assert!(
                    !sec.diagram.boards.is_empty(),
                    "{lang:?} {game:?} `{}` draws no board",
                    sec.title
                );
            }
        }
    }
}

#[test]
fn the_time_travel_diagram_shows_the_new_timeline_and_the_inactive_one_is_dimmed() {
    let _speaking = speak(Lang::En);
    let s = sections(GameKind::FiveD);
    // The rook of L0 turn 2 jumps to c1 of turn 1, a played board: White's first new
    // timeline, L+1, starts there with Black to move (T1b).
    let time = section(&s, "Travel through time");
    assert!(
        labels(&time.diagram).contains(&"L+1 T1b"),
        "{:?}",
        labels(&time.diagram)
    );
    // White made two timelines, Black none: the second (L+2) is inactive, L0 and L+1 not.
    let inactive = section(&s, "Active and inactive timelines");
    let d = &inactive.diagram;
    let names = labels(d);
    let boards_of = |l: &str| {
        names
            .iter()
            .zip(&d.boards)
            .filter(|(n, _)| n.starts_with(&format!("{l} ")))
            .map(|(_, b)| b.dim)
            .collect::<Vec<_>>()
    };
    assert!(boards_of("L+2").iter().all(|&dim| dim) && !boards_of("L+2").is_empty());
    assert!(boards_of("L0").iter().all(|&dim| !dim));
    assert!(boards_of("L+1").iter().all(|&dim| !dim));
}

#[test]
fn the_wager_diagrams_show_the_rules_banks_and_clock_shares() {
    let _speaking = speak(Lang::En);
    let s = sections(GameKind::Wager);
    // A stake of 20 takes 10 from each share of L0's 50/50 bank.
    let split = labels(&section(&s, "Move and split").diagram);
    assert!(split.contains(&"White 40 · Black 40"), "{split:?}");
    assert!(split.contains(&"White 10 · Black 10"), "{split:?}");
    // The seed's example: 80 and 20 points, each side to move on one.
    let clock = labels(&section(&s, "The weighted clock").diagram);
    assert!(clock.contains(&"White to move · 0.80 s/s"), "{clock:?}");
    assert!(clock.contains(&"Black to move · 0.20 s/s"), "{clock:?}");
    // Nf3 on L0 after the split with Nf3: the same position, so the rules offer a merge.
    let merge = labels(&section(&s, "Merging timelines").diagram);
    assert!(merge.contains(&"same position"), "{merge:?}");
}

/// The square's centre on the Kingdrops board (a1 near left, as its layout has it).
fn kd_square(name: &str) -> Vec3 {
    let b = name.as_bytes();
    Vec3::new((b[0] - b'a') as f32 - 3.5, 0.0, 3.5 - (b[1] - b'1') as f32)
}

fn square_set(points: &[Vec3]) -> BTreeSet<(i32, i32)> {
    points
        .iter()
        .map(|p| ((p.x * 2.0).round() as i32, (p.z * 2.0).round() as i32))
        .collect()
}

#[test]
fn the_kingdrops_diagrams_ring_what_the_rules_allow() {
    let _speaking = speak(Lang::En);
    let s = sections(GameKind::Kingdrops);
    // A rook in the reserve drops on any empty neighbour of the king on e3: all eight.
    let drops = rings(&section(&s, "Drops beside the king").diagram);
    let want: Vec<Vec3> = ["d2", "e2", "f2", "d3", "f3", "d4", "e4", "f4"]
        .map(kd_square)
        .to_vec();
    assert_eq!(square_set(&drops), square_set(&want));
    // Queen d4 (one or two squares, 16 here), rook g2 (one to three: g3 g4 g5 g1 h2 f2 e2
    // d2), spearman b3 (b4), archer a5 (b6): 22 squares, some reached by two pieces.
    let reach = rings(&section(&s, "The pieces").diagram);
    let want: Vec<Vec3> = [
        "d5", "d6", "d3", "d2", "e4", "f4", "c4", "b4", "e5", "f6", "c5", "b6", "e3", "f2", "c3",
        "b2", "g3", "g4", "g5", "g1", "h2", "e2",
    ]
    .map(kd_square)
    .to_vec();
    assert_eq!(square_set(&reach), square_set(&want));
    // The three moves shown make a legal turn from the start.
    let start = timefork_kingdrops::Position::from_kfen(timefork::kingdrops::rules_page::START)
        .expect("the start reads");
    let turn = timefork::kingdrops::rules_page::THREE
        .parse()
        .expect("the turn reads");
    assert!(start.is_legal_turn(&turn));
    // Both prisons hold a rook: the exchange sends each home, as the text says.
    let ex = timefork_kingdrops::Position::from_kfen(timefork::kingdrops::rules_page::EXCHANGE)
        .expect("the exchange position reads");
    let after = ex
        .apply_turn(&"e1e2".parse().expect("a step"))
        .expect("a legal turn");
    assert_eq!(
        after
            .position
            .reserve(timefork_kingdrops::Color::White)
            .len(),
        1
    );
    assert_eq!(
        after
            .position
            .reserve(timefork_kingdrops::Color::Black)
            .len(),
        1
    );
}

#[test]
fn the_page_opens_over_a_screen_follows_the_language_and_closes_when_the_screen_changes() {
    let _speaking = speak(Lang::En);
    let mut app = timefork::headless_app();
    app.update();
    app.world_mut()
        .resource_mut::<RulesPage>()
        .open(GameKind::Wager, Screen::Title);
    app.update();
    let first = app.world().resource::<RulesBook>().sections[0]
        .title
        .clone();
    assert_eq!(first, "Chess on every timeline");
    // Another language chosen in the settings: the book is made again in it.
    app.world_mut()
        .resource_mut::<timefork::settings::Settings>()
        .language = timefork::settings::LanguageSetting::Ru;
    app.update();
    app.update();
    let first = app.world().resource::<RulesBook>().sections[0]
        .title
        .clone();
    timefork_i18n::set_language(Lang::En);
    assert_eq!(first, "Шахматы на каждой линии");
    // Leaving the title closes the page; the book empties.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Settings);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<RulesPage>().open, None);
    assert!(app.world().resource::<RulesBook>().sections.is_empty());
}

/// A game's sections as the book makes them, from the chapters the games register.
fn sections(game: GameKind) -> Vec<Section> {
    static CHAPTERS: std::sync::OnceLock<RulesChapters> = std::sync::OnceLock::new();
    CHAPTERS
        .get_or_init(|| {
            timefork::headless_app()
                .world()
                .resource::<RulesChapters>()
                .clone()
        })
        .sections(game)
}
