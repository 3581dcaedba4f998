//! 5DPGN round trips: every conformance game and every catalogue variant (with no moves,
//! and with a few actions played) is written, read back and written again. The re-read
//! game must have the same start, the same actions and the same final position, and the
//! second text must equal the first.

use timefork_engine::search::{self, Limits, Outcome};
use timefork_engine::{Game, notation, variants};

mod common;

use common::GAMES;

/// Writes `game`, reads it back and checks the result; returns the text.
fn round_trip(what: &str, game: &Game) -> String {
    let text = notation::write_game(game);
    let back = notation::read_game(&text)
        .unwrap_or_else(|e| panic!("{what}: the written text does not read back: {e}\n{text}"));
    assert_eq!(
        back.start.position_hash(),
        game.start.position_hash(),
        "{what}: start position\n{text}"
    );
    assert_eq!(
        back.start.to_move, game.start.to_move,
        "{what}: player to move at the start"
    );
    assert_eq!(back.actions, game.actions, "{what}: actions\n{text}");
    assert_eq!(
        back.position().position_hash(),
        game.position().position_hash(),
        "{what}: final position\n{text}"
    );
    assert_eq!(
        back.position().to_move,
        game.position().to_move,
        "{what}: player to move at the end"
    );
    let again = notation::write_game(&back);
    assert_eq!(
        again, text,
        "{what}: writing the re-read game gives another text"
    );
    text
}

#[test]
fn conformance_games_round_trip() {
    for (file, text) in GAMES {
        let game = notation::read_game(text).unwrap_or_else(|e| panic!("{file}: {e}"));
        round_trip(file, &game);
    }
}

/// Each catalogue variant as a game with no moves, named by its `Board` header and
/// written as a custom 5DFEN start.
#[test]
fn catalogue_variants_round_trip_with_no_moves() {
    let all = variants::catalogue();
    assert!(all.len() >= 45, "{} variants", all.len());
    for v in all {
        let mut named = Game::new(v.position.clone());
        named.headers.push(("Board".to_string(), v.name.clone()));
        let text = round_trip(&v.name, &named);
        assert!(
            text.contains(&format!("[Board \"{}\"]", v.name)),
            "{}: written by name\n{text}",
            v.name
        );
        let custom = Game::new(v.position.clone());
        let text = round_trip(&format!("{} (custom)", v.name), &custom);
        assert!(
            text.contains("[Board \"custom\"]"),
            "{}: written as 5DFEN\n{text}",
            v.name
        );
    }
}

#[test]
fn community_variants_round_trip_with_no_moves() {
    for v in variants::official_catalogue() {
        round_trip(&v.name, &Game::new(v.position.clone()));
    }
}

/// Plays up to `n` actions (fewer when the game ends), each picked by a fixed
/// pseudo-random sequence among the first 64 legal actions the search finds. Returns how
/// many were played.
fn play_first_actions(game: &mut Game, n: usize) -> usize {
    let limits = Limits {
        max_nodes: 500_000,
        stop: None,
    };
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ game.start.position_hash();
    for _ in 0..n {
        let Outcome::Done(count) = search::count_actions(game.position(), 64, limits) else {
            break;
        };
        if count == 0 {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = (seed >> 33) % count;
        let (mut i, mut action) = (0, None);
        let _ = search::for_each_action(game.position(), limits, |p| {
            if i == pick {
                action = Some(p.turn_moves().copied().collect::<Vec<_>>());
                return false;
            }
            i += 1;
            true
        });
        let action = action.expect("the search visits the action it counted");
        game.apply_action(&action)
            .expect("the search finds legal actions");
    }
    game.actions.len()
}

#[test]
fn catalogue_variants_round_trip_after_a_few_actions() {
    let (mut games, mut played, mut jumps) = (0, 0, 0);
    for v in variants::catalogue() {
        for named in [true, false] {
            let mut game = Game::new(v.position.clone());
            if named {
                game.headers.push(("Board".to_string(), v.name.clone()));
            }
            played += play_first_actions(&mut game, 6);
            jumps += game
                .actions
                .iter()
                .flatten()
                .filter(|m| !m.is_physical())
                .count();
            games += 1;
            round_trip(
                &format!("{} after {} actions", v.name, game.actions.len()),
                &game,
            );
        }
    }
    eprintln!("{games} games, {played} actions, {jumps} jumps");
    assert!(played >= games * 5, "{played} actions in {games} games");
    assert!(jumps >= 20, "only {jumps} moves across time or timelines");
}

#[test]
fn community_variants_round_trip_after_a_few_actions() {
    let (mut games, mut played) = (0, 0);
    for v in variants::official_catalogue() {
        let mut game = Game::new(v.position.clone());
        played += play_first_actions(&mut game, 6);
        games += 1;
        round_trip(
            &format!("{} after {} actions", v.name, game.actions.len()),
            &game,
        );
    }
    eprintln!("{games} games, {played} actions");
    assert!(played >= games * 5, "{played} actions in {games} games");
}

/// A header value may hold PGN's comment characters: `;` and braces inside quotes are
/// text, not comments. The arena writes `Termination` values such as "...: the engine
/// exited; restarted: ...", which had made its own saved games unreadable ("header is not
/// closed with `]`").
#[test]
fn header_values_with_comment_characters_round_trip() {
    let mut game = Game::new(variants::by_name("Standard").unwrap().position);
    play_first_actions(&mut game, 2);
    let value = "Black forfeits: the engine exited; restarted: {no readyok} within 10s";
    game.headers
        .push(("Termination".to_string(), value.to_string()));
    let text = round_trip("header with ; and braces", &game);
    let back = notation::read_game(&text).unwrap();
    assert_eq!(back.header("Termination"), Some(value), "{text}");
    // A comment after the headers is still a comment, and an escaped quote stays inside.
    let commented = text.replacen(
        "\n\n",
        "\n[Annotator \"a \\\"q\\\"; b\"]\n; a comment\n\n",
        1,
    );
    let back = notation::read_game(&commented).unwrap_or_else(|e| panic!("{e}\n{commented}"));
    assert_eq!(back.actions, game.actions, "{commented}");
    assert_eq!(back.header("Termination"), Some(value), "{commented}");
}
