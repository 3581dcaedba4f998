//! How a game ended, in the words records and the wire use.

use serde::{Deserialize, Serialize};
use timefork_records::Side;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    Checkmate,
    Stalemate,
    Resignation,
    TimeOut,
    /// Both sides agreed to a draw.
    Draw,
    /// The loser was gone past the limit and the winner claimed.
    Abandoned,
    /// Ended before the second turn (a player gone from the start): no result.
    Aborted,
    /// The game's own rules ended it (Wager's and Kingdrops' own endings), in words.
    Rules,
}

/// How a game ended: the winner (None: a draw, or no result when aborted) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    pub winner: Option<Side>,
    pub reason: Reason,
}

impl Ending {
    pub fn win(winner: Side, reason: Reason) -> Ending {
        Ending {
            winner: Some(winner),
            reason,
        }
    }

    pub fn drawn(reason: Reason) -> Ending {
        Ending {
            winner: None,
            reason,
        }
    }

    /// PGN's result: `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub fn result(&self) -> &'static str {
        match (self.reason, self.winner) {
            (Reason::Aborted, _) => "*",
            (_, Some(Side::White)) => "1-0",
            (_, Some(Side::Black)) => "0-1",
            (_, None) => "1/2-1/2",
        }
    }

    /// White's score (1, 0.5, 0); None when aborted.
    pub fn white_score(&self) -> Option<f64> {
        match (self.reason, self.winner) {
            (Reason::Aborted, _) => None,
            (_, Some(Side::White)) => Some(1.0),
            (_, Some(Side::Black)) => Some(0.0),
            (_, None) => Some(0.5),
        }
    }

    /// The ending as a 5D LAN host writes it: `checkmate white` (the winner),
    /// `stalemate`, `resignation black`, `time-out white`, `draw`, `abandoned white`,
    /// `aborted`.
    pub fn text(&self) -> String {
        let word = match self.reason {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Resignation => "resignation",
            Reason::TimeOut => "time-out",
            Reason::Draw => "draw",
            Reason::Abandoned => "abandoned",
            Reason::Aborted => "aborted",
            Reason::Rules => "rules",
        };
        match self.winner {
            Some(s) => format!("{word} {}", s.pick("white", "black")),
            None => word.to_string(),
        }
    }

    /// Why, in words for a person.
    pub fn describe(&self) -> String {
        let who = |s: Side| s.pick("White", "Black");
        match (self.reason, self.winner) {
            (Reason::Checkmate, Some(w)) => format!("{} wins by checkmate", who(w)),
            (Reason::Resignation, Some(w)) => format!("{} resigned", who(w.opponent())),
            (Reason::TimeOut, Some(w)) => format!("{} ran out of time", who(w.opponent())),
            (Reason::Abandoned, Some(w)) => format!("{} left the game", who(w.opponent())),
            (Reason::Stalemate, _) => "drawn by stalemate".into(),
            (Reason::Draw, _) => "drawn by agreement".into(),
            (Reason::Aborted, _) => "aborted before the second turn".into(),
            (_, None) => "drawn".into(),
            (_, Some(w)) => format!("{} wins", who(w)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_read_as_pgn_results_and_as_the_lan_writes_them() {
        let mate = Ending::win(Side::Black, Reason::Checkmate);
        assert_eq!(mate.result(), "0-1");
        assert_eq!(mate.text(), "checkmate black");
        assert_eq!(mate.white_score(), Some(0.0));
        let draw = Ending::drawn(Reason::Draw);
        assert_eq!((draw.result(), draw.text().as_str()), ("1/2-1/2", "draw"));
        let abort = Ending::drawn(Reason::Aborted);
        assert_eq!((abort.result(), abort.white_score()), ("*", None));
        assert_eq!(
            Ending::win(Side::White, Reason::TimeOut).describe(),
            "Black ran out of time"
        );
    }
}
