//! The Kingdrops texts built from the rules crate's values, in the current language:
//! the names of sides and kinds, the result of a game, and the rules' errors, matched
//! variant by variant (the rules crate's `Display` stays English, for logs and the
//! terminal). Squares and moves keep their notation in every language.
//!
//! A side or a kind goes into a message as a selector value (`side`, `kind`: "white",
//! "rook"), so that each language writes the case and gender its grammar needs.

use super::layout::Slot;
use crate::players::{Player, level_name};
use timefork_i18n::tr;
use timefork_kingdrops::{
    Color, GameResult, IllegalReason, Kind, Piece, SetupError, TurnError, WinReason,
};

/// A side as a selector value: "white" or "black".
pub fn side(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A kind as a selector value: "king", "queen", ...
pub fn kind(k: Kind) -> &'static str {
    match k {
        Kind::King => "king",
        Kind::Queen => "queen",
        Kind::Rook => "rook",
        Kind::Bishop => "bishop",
        Kind::Guard => "guard",
        Kind::Spearman => "spearman",
        Kind::Archer => "archer",
    }
}

/// A kind's name: "rook".
pub fn kind_name(k: Kind) -> String {
    match k {
        Kind::King => tr!("kd-kind-king"),
        Kind::Queen => tr!("kd-kind-queen"),
        Kind::Rook => tr!("kd-kind-rook"),
        Kind::Bishop => tr!("kd-kind-bishop"),
        Kind::Guard => tr!("kd-kind-guard"),
        Kind::Spearman => tr!("kd-kind-spearman"),
        Kind::Archer => tr!("kd-kind-archer"),
    }
}

/// A kind's plural name: "rooks".
pub fn kind_plural(k: Kind) -> String {
    match k {
        Kind::King => tr!("kd-kinds-king"),
        Kind::Queen => tr!("kd-kinds-queen"),
        Kind::Rook => tr!("kd-kinds-rook"),
        Kind::Bishop => tr!("kd-kinds-bishop"),
        Kind::Guard => tr!("kd-kinds-guard"),
        Kind::Spearman => tr!("kd-kinds-spearman"),
        Kind::Archer => tr!("kd-kinds-archer"),
    }
}

/// A piece within a sentence: "White king".
pub fn piece(p: Piece) -> String {
    tr!("kd-piece", side = side(p.color), kind = kind(p.kind))
}

/// A piece as a heading (the tooltip's): "White king".
pub fn piece_title(p: Piece) -> String {
    tr!("kd-piece-title", side = side(p.color), kind = kind(p.kind))
}

/// Why a game ended, in a few words: "king captured".
pub fn win_reason(r: WinReason) -> String {
    match r {
        WinReason::KingCaptured => tr!("kd-reason-king-captured"),
        WinReason::LastRank => tr!("kd-reason-last-rank"),
        WinReason::Repetition => tr!("kd-reason-repetition"),
    }
}

/// A result as the record's last line: "1-0 (White wins: king captured)".
pub fn result(r: GameResult) -> String {
    tr!(
        "kd-result",
        score = r.score_text(),
        side = side(r.winner),
        reason = win_reason(r.reason)
    )
}

/// Why a move cannot be made at its place in the turn.
pub fn illegal(reason: &IllegalReason) -> String {
    match reason {
        IllegalReason::TooManyMoves => tr!("kd-at-most-three"),
        IllegalReason::AfterWin => tr!("kd-illegal-after-win"),
        IllegalReason::NoPiece(s) => tr!("kd-illegal-no-piece", square = s.to_string()),
        IllegalReason::NotYours(s, p) => tr!(
            "kd-illegal-not-yours",
            square = s.to_string(),
            piece = piece(*p)
        ),
        IllegalReason::AlreadyMoved(s) => {
            tr!("kd-illegal-already-moved", square = s.to_string())
        }
        IllegalReason::KingAttacked(s) => {
            tr!("kd-illegal-king-attacked", square = s.to_string())
        }
        IllegalReason::OwnPiece(s, k) => tr!(
            "kd-illegal-own-piece",
            square = s.to_string(),
            name = kind_name(*k)
        ),
        IllegalReason::Unreachable { from, to, kind } => tr!(
            "kd-illegal-unreachable",
            name = kind_name(*kind),
            from = from.to_string(),
            to = to.to_string()
        ),
        IllegalReason::SecondDrop => tr!("kd-illegal-second-drop"),
        IllegalReason::NotInReserve(c, k) => tr!(
            "kd-illegal-not-in-reserve",
            side = side(*c),
            name = kind_name(*k)
        ),
        IllegalReason::NoKing => tr!("kd-illegal-no-king"),
        IllegalReason::NotNextToKing { to, king } => tr!(
            "kd-illegal-not-next-to-king",
            to = to.to_string(),
            king = king.to_string()
        ),
        IllegalReason::Occupied(s, p) => tr!(
            "kd-illegal-occupied",
            square = s.to_string(),
            piece = piece(*p)
        ),
        IllegalReason::DeadEnd => tr!("kd-illegal-dead-end"),
    }
}

/// Why a turn (or the moves so far of one) is not legal.
pub fn turn_error(e: &TurnError) -> String {
    match e {
        TurnError::GameOver(r) => tr!("kd-game-over", result = result(*r)),
        TurnError::TooManyMoves(n) => tr!("kd-turn-too-many", n = *n),
        TurnError::IllegalMove { index, mv, reason } => tr!(
            "kd-turn-illegal-move",
            n = index + 1,
            mv = mv.to_string(),
            reason = illegal(reason)
        ),
        TurnError::TooShort { made: 0, required } => {
            tr!("kd-turn-pass-illegal", required = *required)
        }
        TurnError::TooShort { made, required } => {
            tr!("kd-turn-too-short", made = *made, required = *required)
        }
    }
}

/// Why a side's setup is not valid.
pub fn setup_error(e: &SetupError) -> String {
    match e {
        SetupError::OffHomeRanks {
            color,
            square,
            kind,
        } => {
            let [a, b] = color.home_ranks();
            tr!(
                "kd-setup-off-home",
                side = side(*color),
                name = kind_name(*kind),
                square = square.to_string(),
                low = a.min(b) + 1,
                high = a.max(b) + 1
            )
        }
        SetupError::SquareTwice { square } => {
            tr!("kd-setup-square-twice", square = square.to_string())
        }
        SetupError::Missing {
            color,
            kind,
            placed,
        } => tr!(
            "kd-setup-missing",
            side = side(*color),
            missing = kind.start_count() - placed,
            name = kind_name(*kind),
            plural = kind_plural(*kind),
            placed = *placed,
            total = kind.start_count()
        ),
        SetupError::TooMany {
            color,
            kind,
            placed,
        } => tr!(
            "kd-setup-too-many",
            side = side(*color),
            placed = *placed,
            plural = kind_plural(*kind),
            total = kind.start_count()
        ),
        SetupError::WrongColor { square, piece: p } => tr!(
            "kd-setup-wrong-color",
            square = square.to_string(),
            piece = piece(*p)
        ),
        // Free text from the rules crate's readers (placement text, KFEN): as it is.
        SetupError::Text(m) => m.clone(),
        SetupError::Colors => tr!("kd-setup-colors"),
        SetupError::NotAStart(m) => tr!("kd-setup-not-a-start", reason = m),
    }
}

/// Who plays a side, in brackets after the heading: "(a person)", "(the AI (Hard))".
pub fn player_name(p: Player) -> String {
    let player = match p {
        Player::Human => tr!("kd-player-person"),
        Player::Ai(l) => tr!("kd-player-ai", level = level_name(l)),
        Player::Remote => tr!("kd-player-remote"),
    };
    tr!("kd-player-in-brackets", player = player)
}

/// How a kind moves.
pub fn rule(kind: Kind) -> String {
    match kind {
        Kind::King => tr!("kd-rule-king"),
        Kind::Queen => tr!("kd-rule-queen"),
        Kind::Rook => tr!("kd-rule-rook"),
        Kind::Bishop => tr!("kd-rule-bishop"),
        Kind::Guard => tr!("kd-rule-guard"),
        Kind::Spearman => tr!("kd-rule-spearman"),
        Kind::Archer => tr!("kd-rule-archer"),
    }
}

/// What the place a piece stands adds to its description.
pub fn where_note(piece: Piece, slot: Slot) -> Option<String> {
    match slot {
        Slot::Reserve(c, ..) => Some(tr!("kd-in-reserve", side = side(c))),
        Slot::Prison(holder, ..) => Some(tr!(
            "kd-in-prison",
            side = side(holder),
            name = kind_name(piece.kind)
        )),
        Slot::Tray(..) => Some(tr!("kd-in-tray")),
        Slot::Board(_) if piece.kind.reserve_index().is_some() => Some(tr!("kd-taken-to-prison")),
        Slot::Board(_) => None,
    }
}
