//! The shared parts know no game: a made-up fourth game, registered from outside through
//! the same registries the three games use, is listed, summarised, opened and given a
//! rules page, in an app that has only the shared parts (no shared file names it).

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use std::path::Path;
use timefork::players::{AiLevel, Player};
use timefork::rules_pages::{AddRules, Diagram, RulesBook, RulesPage, Section};
use timefork::saved_games::{AddGameFile, GameFile, GameFiles, OpenGame, Opened, Summary};
use timefork::screens::Screen;
use timefork::unfinished::{Continuing, UnfinishedDir, kept_games};
use timefork_records::GameKind;

/// The fourth game's kind in this app (the app has no Kingdrops to take it from it).
const KIND: GameKind = GameKind::Kingdrops;

/// What the fourth game reads from its file: one move a line after its mark.
#[derive(Debug, Clone, PartialEq)]
struct FourthRecord {
    moves: Vec<String>,
}

fn read_fourth(path: &Path, text: &str) -> Result<Opened, String> {
    let mut lines = text.lines();
    if lines.next() != Some("FOURTH 1") {
        return Err("line 1: not `FOURTH 1`".into());
    }
    let moves: Vec<String> = lines.map(str::to_owned).collect();
    let summary = Summary {
        kind: KIND,
        players: [Player::Human, Player::Ai(AiLevel::Easy)],
        turn: moves.len() / 2 + 1,
    };
    Ok(Opened::new(summary, path, FourthRecord { moves }))
}

const FOURTH_FILE: GameFile = GameFile {
    kind: KIND,
    extension: "fourth",
    stem: "fourth-game",
    claims: |text| text.starts_with("FOURTH"),
    last_resort: false,
    read: read_fourth,
};

fn fourth_rules() -> Vec<Section> {
    ["Board", "Moves"]
        .iter()
        .map(|t| Section {
            title: format!("Fourth: {t}"),
            text: format!("How the fourth game's {t} work."),
            diagram: Diagram::default(),
        })
        .collect()
}

/// What the fourth game's plugin heard opened.
#[derive(Resource, Default)]
struct Heard(Vec<(FourthRecord, std::path::PathBuf)>);

fn hear(mut opened: MessageReader<OpenGame>, mut heard: ResMut<Heard>) {
    for OpenGame(o) in opened.read() {
        if let Some(r) = o.get::<FourthRecord>() {
            heard.0.push((r.clone(), o.path.clone()));
        }
    }
}

fn fourth_game_plugin(app: &mut App) {
    app.add_game_file(FOURTH_FILE)
        .add_rules(KIND, fourth_rules)
        .init_resource::<Heard>()
        .add_systems(Update, hear);
}

#[test]
fn a_fourth_game_registered_from_outside_is_listed_opened_and_has_its_rules() {
    let mut app = timefork::headless_shared_app();
    app.add_plugins(fourth_game_plugin);
    app.update();

    // Nothing of the three games is there: only the fourth game's kind of file.
    let files = app.world().resource::<GameFiles>().clone();
    assert_eq!(files.extensions(), vec!["fourth"]);

    // A kept game of the fourth kind, in the unfinished folder, as a game keeps it.
    let dir = app.world().resource::<UnfinishedDir>().clone();
    let kept = dir.new_file(&FOURTH_FILE);
    let name = kept.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("fourth-game-") && name.ends_with(".fourth"),
        "{name}"
    );
    std::fs::create_dir_all(&dir.0).unwrap();
    std::fs::write(&kept, "FOURTH 1\na1\nb2\nc3\n").unwrap();
    // A file of no registered kind beside it is not listed.
    std::fs::write(dir.0.join("other.5dpgn"), "1. e4 / e5\n").unwrap();
    let (games, damaged) = kept_games(&dir, &files);
    assert!(damaged.is_empty());
    assert_eq!(games.len(), 1);
    let (path, summary) = &games[0];
    assert_eq!(path, &kept);
    assert_eq!(summary.turn, 2);
    assert_eq!(summary.players, [Player::Human, Player::Ai(AiLevel::Easy)]);
    assert!(summary.text().contains("Easy"), "{}", summary.text());

    // Chosen as on the load screen: the fourth game hears its own record, from there.
    app.world_mut()
        .run_system_once(
            move |mut out: MessageWriter<OpenGame>,
                  files: Res<GameFiles>,
                  dir: Res<UnfinishedDir>,
                  mut continuing: ResMut<Continuing>| {
                timefork::unfinished::open_chosen(&kept, &files, &dir, &mut continuing, &mut out)
            },
        )
        .unwrap()
        .unwrap();
    app.update();
    let heard = &app.world().resource::<Heard>().0;
    assert_eq!(heard.len(), 1);
    assert_eq!(heard[0].0.moves, vec!["a1", "b2", "c3"]);
    assert_eq!(heard[0].1, games[0].0);

    // Its text under another name is recognised; a text no game claims is refused, with
    // the file's name.
    let tmp = std::env::temp_dir().join(format!("timefork-fourth-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(tmp.join("copy.txt"), "FOURTH 1\nd4\n").unwrap();
    let copy = files.open(&tmp.join("copy.txt")).unwrap();
    assert_eq!(copy.get::<FourthRecord>().unwrap().moves, vec!["d4"]);
    std::fs::write(tmp.join("chess.txt"), "1. e4 / e5\n").unwrap();
    let e = files.open(&tmp.join("chess.txt")).unwrap_err();
    assert!(
        e.contains("chess.txt") && e.contains("not a saved game"),
        "{e}"
    );
    // A damaged file of its kind says why, in the game's own words.
    std::fs::write(tmp.join("bad.fourth"), "FIFTH 1\n").unwrap();
    let e = files.open(&tmp.join("bad.fourth")).unwrap_err();
    assert!(e.contains("bad.fourth") && e.contains("line 1"), "{e}");

    // Its rules page opens from its chapter.
    app.world_mut()
        .resource_mut::<RulesPage>()
        .open(KIND, Screen::Title);
    app.update();
    let titles: Vec<String> = app
        .world()
        .resource::<RulesBook>()
        .sections
        .iter()
        .map(|s| s.title.clone())
        .collect();
    assert_eq!(titles, vec!["Fourth: Board", "Fourth: Moves"]);
    let _ = std::fs::remove_dir_all(tmp);
}
