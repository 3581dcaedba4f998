//! The puzzles' texts that come from the engine's types, in the current language: the
//! tiers, the goal ("mate in 2"), the side to play, piece names, why a submitted turn is
//! wrong (`Wrong`) and why the solver found nothing (`PuzzleError`). A side is passed to
//! the Fluent files as `white` or `black` so each language spells the colour in the form
//! its sentence needs.

use timefork_engine::puzzle::{Goal, PuzzleError, Tier, Wrong};
use timefork_engine::{Color, PieceKind};
use timefork_i18n::tr;

/// The selector a message's `$side` takes: `white` or `black`.
pub fn side_key(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// "Easy", "Medium", "Hard": a puzzle tier.
pub fn tier_name(t: Tier) -> String {
    match t {
        Tier::Easy => tr!("puzzles-tier-easy"),
        Tier::Medium => tr!("puzzles-tier-medium"),
        Tier::Hard => tr!("puzzles-tier-hard"),
    }
}

/// What the puzzles of a tier are, under its tab.
pub fn tier_blurb(t: Tier) -> String {
    match t {
        Tier::Easy => tr!("puzzles-tier-easy-blurb"),
        Tier::Medium => tr!("puzzles-tier-medium-blurb"),
        Tier::Hard => tr!("puzzles-tier-hard-blurb"),
    }
}

/// "mate in 2": the goal, as the engine's `Display` writes it in English.
pub fn goal_text(g: Goal) -> String {
    match g {
        Goal::MateIn(n) => tr!("puzzles-goal-mate-in", n = n),
    }
}

/// A piece's name, as in "move the knight on (0T4)d1".
pub fn piece_name(k: Option<PieceKind>) -> String {
    match k {
        None => tr!("puzzles-piece"),
        Some(PieceKind::Pawn) => tr!("puzzles-piece-pawn"),
        Some(PieceKind::Knight) => tr!("puzzles-piece-knight"),
        Some(PieceKind::Bishop) => tr!("puzzles-piece-bishop"),
        Some(PieceKind::Rook) => tr!("puzzles-piece-rook"),
        Some(PieceKind::Queen) => tr!("puzzles-piece-queen"),
        Some(PieceKind::King) => tr!("puzzles-piece-king"),
        Some(PieceKind::Unicorn) => tr!("puzzles-piece-unicorn"),
        Some(PieceKind::Dragon) => tr!("puzzles-piece-dragon"),
        Some(PieceKind::Princess) => tr!("puzzles-piece-princess"),
        Some(PieceKind::Brawn) => tr!("puzzles-piece-brawn"),
        Some(PieceKind::RoyalQueen) => tr!("puzzles-piece-royal-queen"),
        Some(PieceKind::CommonKing) => tr!("puzzles-piece-common-king"),
    }
}

/// Why an action is not legal, from the engine's reason: the reasons `judge` gives are
/// recognised and translated; any other is shown as the engine wrote it.
fn illegal_reason(why: &str) -> String {
    if why == "an action has at least one move" {
        return tr!("puzzles-illegal-empty");
    }
    if let Some(n) = why
        .strip_prefix("move ")
        .and_then(|r| r.strip_suffix(" is not a legal move there"))
        .and_then(|n| n.parse::<u32>().ok())
    {
        return tr!("puzzles-illegal-move", n = n);
    }
    why.to_string()
}

/// Why a submitted turn does not solve the puzzle, for the panel (from a capital letter).
/// `reply`: the refutation in 5DPGN; `goal`: the goal at the start of the turn judged.
pub fn wrong_text(w: &Wrong, reply: &str, goal: Goal) -> String {
    match w {
        Wrong::Illegal(why) => tr!("puzzles-wrong-illegal", reason = illegal_reason(why)),
        Wrong::Stalemate => tr!("puzzles-wrong-stalemate"),
        Wrong::Escapes { check, .. } => match (goal.turns(), check) {
            (1, false) => tr!("puzzles-wrong-no-check", reply = reply),
            (1, true) => tr!("puzzles-wrong-escapes", reply = reply),
            (n, _) => tr!("puzzles-wrong-no-mate-after", reply = reply, n = n - 1),
        },
    }
}

/// Why the solver has no answer (no hint, no solution), as the error's `Display` writes it
/// in English. Reasons the engine gives in words are translated where they are known.
pub fn error_text(e: &PuzzleError) -> String {
    match e {
        PuzzleError::Format(m) => tr!("puzzles-error-format", reason = m),
        PuzzleError::NoMate { n, reason } if reason.is_empty() => {
            tr!("puzzles-error-no-mate", n = *n)
        }
        PuzzleError::NoMate { n, reason } => {
            let reason = match reason.as_str() {
                "the side to move is checkmated" => tr!("puzzles-reason-checkmated"),
                "the side to move is stalemated" => tr!("puzzles-reason-stalemated"),
                other => other.to_string(),
            };
            tr!("puzzles-error-no-mate-because", n = *n, reason = reason)
        }
        PuzzleError::ShorterMate { n, action } => {
            tr!("puzzles-error-shorter-mate", n = *n, action = action)
        }
        PuzzleError::BadSolution { index, reason } => tr!(
            "puzzles-error-bad-solution",
            index = index + 1,
            reason = reason
        ),
        PuzzleError::Unknown { nodes } => tr!("puzzles-error-unknown", nodes = *nodes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_matches_the_engine() {
        for n in 1..=3 {
            assert_eq!(goal_text(Goal::MateIn(n)), Goal::MateIn(n).to_string());
        }
        let errors = [
            PuzzleError::Format("no Goal tag".into()),
            PuzzleError::NoMate {
                n: 2,
                reason: String::new(),
            },
            PuzzleError::NoMate {
                n: 1,
                reason: "the side to move is stalemated".into(),
            },
            PuzzleError::ShorterMate {
                n: 1,
                action: "(0T3)Qh4".into(),
            },
            PuzzleError::BadSolution {
                index: 0,
                reason: "x".into(),
            },
            PuzzleError::Unknown { nodes: 12 },
        ];
        for e in errors {
            assert_eq!(error_text(&e), e.to_string());
        }
        for why in [
            "an action has at least one move",
            "move 2 is not a legal move there",
        ] {
            let w = Wrong::Illegal(why.into());
            let english = w.explain(None, Goal::MateIn(1));
            assert_eq!(wrong_text(&w, "", Goal::MateIn(1)).to_lowercase(), english);
        }
        assert_eq!(
            wrong_text(&Wrong::Stalemate, "", Goal::MateIn(1)).to_lowercase(),
            Wrong::Stalemate.explain(None, Goal::MateIn(1))
        );
    }
}
