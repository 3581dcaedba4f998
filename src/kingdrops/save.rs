//! Saving and opening Kingdrops games: the rules crate's game record (`Kingdrops 1`, the
//! setup, a turn a line), with who played each side added as comments, which the record
//! format ignores (`# White: Human`, `# Black: AI Medium`): a saved game against the AI
//! goes on against the AI when opened. A record without them is two people's game.

use super::matchplay::{KdMatch, KdOutcome};
use crate::players::{AiLevel, Player};
use crate::saved_games::{GameFile, Opened, Summary};
use timefork_i18n::tr;
use timefork_kingdrops::{Color, Game};
use timefork_records::GameKind;

/// A game read from a record, and its players if the file names them.
#[derive(Debug, Clone)]
pub struct KdSaved {
    pub game: Game,
    pub players: Option<[Player; 2]>,
}

/// The record of a match, with its players.
pub fn record_text(m: &KdMatch) -> String {
    let mut s = m.game.to_record();
    if let Some(KdOutcome::Resigned { winner }) = m.outcome() {
        // A resignation is not in the rules' record; say so for the reader (in English,
        // like the rest of the file, whatever language the window is in).
        s.push_str(&format!(
            "# {} wins: {} resigned\n",
            winner.name(),
            winner.opponent().name()
        ));
    }
    match m.outcome() {
        Some(KdOutcome::DrawAgreed) => s.push_str("# Drawn by agreement\n"),
        Some(KdOutcome::TimeOut { winner }) => s.push_str(&format!(
            "# {} wins: {} ran out of time\n",
            winner.name(),
            winner.opponent().name()
        )),
        Some(KdOutcome::Abandoned { winner }) => s.push_str(&format!(
            "# {} wins: {} left the game\n",
            winner.name(),
            winner.opponent().name()
        )),
        Some(KdOutcome::Aborted) => s.push_str("# Aborted: no result\n"),
        _ => {}
    }
    for c in Color::BOTH {
        s.push_str(&format!("# {}: {}\n", c.name(), player_text(m.player(c))));
    }
    s
}

fn player_text(p: Player) -> String {
    match p {
        Player::Human | Player::Remote => "Human".into(),
        Player::Ai(l) => format!("AI {}", l.name()),
    }
}

fn parse_player(s: &str) -> Option<Player> {
    let s = s.trim();
    if s == "Human" {
        return Some(Player::Human);
    }
    let level = s.strip_prefix("AI ")?.trim();
    AiLevel::ALL
        .into_iter()
        .find(|l| l.name() == level)
        .map(Player::Ai)
}

/// Kingdrops' kind of file: `.kingdrops`, or a text that starts `Kingdrops`.
pub const FILE: GameFile = GameFile {
    kind: GameKind::Kingdrops,
    extension: "kingdrops",
    stem: "kingdrops",
    claims: |text| text.trim_start().starts_with("Kingdrops"),
    last_resort: false,
    read: |path, text| {
        let saved = read_record(text)?;
        let summary = Summary {
            kind: GameKind::Kingdrops,
            players: saved.players.unwrap_or([Player::Human; 2]),
            turn: saved.game.turns().len() / 2 + 1,
        };
        Ok(Opened::new(summary, path, saved))
    },
};

/// Reads a record (errors name the line), with the players' comments if both are there.
pub fn read_record(text: &str) -> Result<KdSaved, String> {
    // The line is translated; what is wrong on it is the rules crate's own text.
    let game = Game::from_record(text).map_err(|e| {
        tr!(
            "kd-record-line",
            line = e.line,
            message = e.message.as_str()
        )
    })?;
    let mut players = [None, None];
    for line in text.lines() {
        let Some(c) = line.trim().strip_prefix('#') else {
            continue;
        };
        for side in Color::BOTH {
            if let Some(p) = c
                .trim()
                .strip_prefix(side.name())
                .and_then(|r| r.strip_prefix(':'))
                .and_then(parse_player)
            {
                players[side.index()] = Some(p);
            }
        }
    }
    let players = match players {
        [Some(w), Some(b)] => Some([w, b]),
        _ => None,
    };
    Ok(KdSaved { game, players })
}

/// Saves the game in the saves folder; the message says where, or why not.
pub fn save_in_saves(saves: &crate::files::SavesDir, m: &KdMatch) -> String {
    let text = record_text(m);
    match crate::files::save_in_saves(saves, "kingdrops", "kingdrops", &text) {
        Ok(p) => tr!("kd-saved-to", path = p.display().to_string()),
        Err(e) => tr!("kd-save-failed", error = e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kingdrops::matchplay::{KdOrigin, KdRequest};
    use timefork_kingdrops::Placement;

    #[test]
    fn records_keep_the_players_and_read_back() {
        let g = Game::from_setup(
            &Placement::standard(Color::White),
            &Placement::standard(Color::Black),
        )
        .unwrap();
        let mut m = KdMatch::new(
            g,
            [Player::Human, Player::Ai(AiLevel::Hard)],
            KdOrigin::Setup,
        );
        for mv in ["e2e3", "f2f3", "g2g3"] {
            m.apply(&KdRequest::Move(mv.parse().unwrap())).unwrap();
        }
        m.apply(&KdRequest::EndTurn).unwrap();
        let text = record_text(&m);
        assert!(text.starts_with("Kingdrops 1\nsetup "), "{text}");
        assert!(text.contains("\ne2e3,f2f3,g2g3\n"), "{text}");
        assert!(text.contains("# Black: AI Hard"), "{text}");
        let back = read_record(&text).unwrap();
        assert_eq!(
            back.players,
            Some([Player::Human, Player::Ai(AiLevel::Hard)])
        );
        assert_eq!(back.game.turns().len(), 1);
        // Without the comments: no players; a bad turn names its line.
        let plain = m.game.to_record();
        assert_eq!(read_record(&plain).unwrap().players, None);
        let bad = plain.replace("e2e3,f2f3,g2g3", "e2e4");
        let e = read_record(&bad).unwrap_err();
        assert!(e.starts_with("line 3:"), "{e}");
    }
}
