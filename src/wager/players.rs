//! Who plays each side as a Wager record's `White` and `Black` tags name them, so a
//! record opened or continued later is played on by the same people and AI levels.

use crate::players::{AiLevel, Player};

/// Who played each side, from the record's `White`/`Black` tags (people when absent).
pub fn players_of(m: &timefork_wager::Match) -> [Player; 2] {
    let of = |key: &str| {
        let tag = m
            .tags()
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or("Human");
        AiLevel::ALL
            .into_iter()
            .find(|l| tag == record_name(Player::Ai(*l)))
            .map_or(Player::Human, Player::Ai)
    };
    [of("White"), of("Black")]
}

/// A player as a record's `White`/`Black` tag names it: "Human" or "AI · Hard", in
/// English whatever the language on screen, so records read the same everywhere.
pub fn record_name(p: Player) -> String {
    match p {
        Player::Human | Player::Remote => "Human".to_owned(),
        Player::Ai(l) => format!("AI · {}", l.name()),
    }
}
