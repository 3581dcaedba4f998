//! The puzzle file: a 5DPGN game whose final position is the puzzle, with tags.
//!
//! ```text
//! [Board "Very Small - Open"]
//! [Mode "5D"]
//! [Title "Very Small - Open: the rook's ladder"]
//! [Goal "mate in 2"]
//! [Tier "medium"]
//! [ToMove "White"]
//! [Solution "5. (0T5)Rb3 / (0T5)Ka4 6. (0T6)Rxa3"]
//! [Source "self-play, easy vs easy, seed 3, state 8"]
//!
//! 1. (0T1)a2 / (0T1)d3
//! ...
//! ```
//!
//! - `Goal` (required): `mate in N`, N from 1 to `MAX_GOAL`, for the player to move.
//! - `Tier` (optional): `easy`, `medium` or `hard`. `Title` (optional): free text.
//! - `ToMove` (optional): `White` or `Black`; when present it must be the player to move.
//! - `Solution` (optional): the main line from the puzzle position as movetext (turn
//!   numbers are decoration), attacker first, ending with the mating action.
//! - The position: the game's moves from a named variant (`Board`) or from a 5DFEN start
//!   (`[Board "custom"]`, `Size`, board headers). Positions reached by play should be
//!   given as moves: 5DFEN has no notion of which timelines were created, so it cannot
//!   state their activity.
//! - Any other tag (`Source`, `White`, ...) is kept and written back.

use std::str::FromStr;

use super::error::PuzzleError;
use super::solver::Action;
use crate::game::Game;
use crate::notation;
use crate::piece::Color;
use crate::position::Position;

/// The largest N of a "mate in N" goal.
pub const MAX_GOAL: u8 = 3;

/// What the player to move must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Checkmate within N of the player's own turns, whatever the defence.
    MateIn(u8),
}

impl Goal {
    /// N: the attacker's turns.
    pub fn turns(self) -> u8 {
        match self {
            Goal::MateIn(n) => n,
        }
    }
}

impl std::fmt::Display for Goal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Goal::MateIn(n) => write!(f, "mate in {n}"),
        }
    }
}

impl FromStr for Goal {
    type Err = String;

    /// `mate in N` (any case and spacing), N from 1 to `MAX_GOAL`.
    fn from_str(s: &str) -> Result<Goal, String> {
        let words: Vec<String> = s.split_whitespace().map(str::to_lowercase).collect();
        let bad = || format!("goal `{s}` is not `mate in N` with N from 1 to {MAX_GOAL}");
        match words.as_slice() {
            [m, i, n] if m == "mate" && i == "in" => {
                let n: u8 = n.parse().map_err(|_| bad())?;
                if (1..=MAX_GOAL).contains(&n) {
                    Ok(Goal::MateIn(n))
                } else {
                    Err(bad())
                }
            }
            _ => Err(bad()),
        }
    }
}

/// How hard a puzzle is (see `tier::classify` for the rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tier {
    Easy,
    Medium,
    Hard,
}

impl Tier {
    pub const ALL: [Tier; 3] = [Tier::Easy, Tier::Medium, Tier::Hard];

    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Easy => "easy",
            Tier::Medium => "medium",
            Tier::Hard => "hard",
        }
    }
}

impl std::fmt::Display for Tier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Tier {
    type Err = String;

    fn from_str(s: &str) -> Result<Tier, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Tier::Easy),
            "medium" => Ok(Tier::Medium),
            "hard" => Ok(Tier::Hard),
            _ => Err(format!("tier `{s}` is not easy, medium or hard")),
        }
    }
}

/// A puzzle: the game that reaches its position, the goal, and what the file says about it.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The start and the actions that reach the puzzle position, with the file's other tags
    /// (`Board`, `Source`, ...; never the puzzle tags below).
    pub game: Game,
    pub goal: Goal,
    pub tier: Option<Tier>,
    pub title: Option<String>,
    /// The main line from the puzzle position (attacker, defender, ..., the mating action),
    /// empty when the file gives none. Checked by `verify`.
    pub solution: Vec<Action>,
}

/// Tags the puzzle reads itself (compared without case).
const PUZZLE_TAGS: [&str; 5] = ["goal", "tier", "title", "solution", "tomove"];

impl Puzzle {
    /// A puzzle on the final position of `game`, without tier, title or solution.
    pub fn new(game: Game, goal: Goal) -> Puzzle {
        Puzzle {
            game,
            goal,
            tier: None,
            title: None,
            solution: Vec::new(),
        }
    }

    /// The puzzle position (the player to move is the attacker).
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The side that must give mate.
    pub fn to_move(&self) -> Color {
        self.position().to_move
    }

    /// Reads a puzzle file. Every move of the game and of the solution line is checked;
    /// the solution is not proved here (`verify` does that).
    pub fn parse(text: &str) -> Result<Puzzle, PuzzleError> {
        let fmt = PuzzleError::Format;
        let mut game = notation::read_game(text).map_err(|e| fmt(e.to_string()))?;
        let tag = |k: &str| game.header(k).map(str::to_string);
        let goal: Goal = tag("Goal")
            .ok_or_else(|| fmt("no [Goal \"mate in N\"] tag".to_string()))?
            .parse()
            .map_err(fmt)?;
        let tier = tag("Tier")
            .map(|t| t.parse::<Tier>())
            .transpose()
            .map_err(fmt)?;
        let title = tag("Title");
        let pos = game.position().clone();
        if let Some(side) = tag("ToMove") {
            let want = match side.trim().to_ascii_lowercase().as_str() {
                "white" | "w" => Color::White,
                "black" | "b" => Color::Black,
                _ => return Err(fmt(format!("ToMove `{side}` is not White or Black"))),
            };
            if want != pos.to_move {
                return Err(fmt(format!(
                    "ToMove says {side} but the position has {} to move",
                    color_name(pos.to_move)
                )));
            }
        }
        let solution = match tag("Solution") {
            Some(line) => notation::read_actions(&pos, &line)
                .map_err(|e| fmt(format!("Solution tag: {e}")))?,
            None => Vec::new(),
        };
        game.headers
            .retain(|(k, _)| !PUZZLE_TAGS.contains(&k.to_ascii_lowercase().as_str()));
        Ok(Puzzle {
            game,
            goal,
            tier,
            title,
            solution,
        })
    }

    /// The puzzle file in canonical form (what `parse` reads back).
    pub fn to_text(&self) -> String {
        let mut g = self.game.clone();
        let mut headers = Vec::new();
        let others: Vec<(String, String)> = g
            .headers
            .iter()
            .filter(|(k, _)| !PUZZLE_TAGS.contains(&k.to_ascii_lowercase().as_str()))
            .cloned()
            .collect();
        if let Some(b) = g.header("Board") {
            headers.push(("Board".to_string(), b.to_string()));
        }
        if let Some(t) = &self.title {
            headers.push(("Title".to_string(), t.clone()));
        }
        headers.push(("Goal".to_string(), self.goal.to_string()));
        if let Some(t) = self.tier {
            headers.push(("Tier".to_string(), t.as_str().to_string()));
        }
        headers.push(("ToMove".to_string(), color_name(self.to_move()).to_string()));
        if !self.solution.is_empty() {
            headers.push(("Solution".to_string(), self.solution_text()));
        }
        headers.extend(
            others
                .into_iter()
                .filter(|(k, _)| !k.eq_ignore_ascii_case("board")),
        );
        g.headers = headers;
        notation::write_game(&g)
    }

    /// The solution line as movetext, numbered as the game's movetext goes on.
    pub fn solution_text(&self) -> String {
        notation::write_actions(self.position(), &self.solution, self.next_turn_number())
    }

    /// The movetext turn number of the puzzle position's action (as `write_game` counts).
    pub fn next_turn_number(&self) -> usize {
        let k = self.game.actions.len();
        let black_start = usize::from(self.game.start.to_move == Color::Black);
        (k + black_start) / 2 + 1
    }
}

pub(crate) fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}
