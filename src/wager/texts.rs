//! Texts of Timeline Wager that several panels share, in the current language: the rules'
//! refusals (`MatchError`), draw reasons, piece names, and the clock's refusals. A side is
//! passed to the Fluent files as `white` or `black` so each language spells the colour in
//! the form its sentence needs.

use timefork_i18n::tr;
use timefork_wager::chess::{Color, DrawReason, Piece};
use timefork_wager::clock::{MAX_BASE_MS, MAX_INCREMENT_MS, format_decimal};
use timefork_wager::{MatchError, TakeBackError};

/// The selector a message's `$side` takes: `white` or `black`.
pub fn side_key(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A time in the match, in seconds ("1.5 s").
fn secs(ms: u64) -> String {
    tr!("wager-seconds", s = format_decimal(ms, 3))
}

/// Why the rules refused a request, with its details.
pub fn error_text(e: &MatchError) -> String {
    match e {
        MatchError::MatchOver(r) => tr!("wager-error-match-over", result = r.outcome.as_str()),
        MatchError::TimeWentBack { last_ms, now_ms } => tr!(
            "wager-error-time-went-back",
            now = secs(*now_ms),
            last = secs(*last_ms)
        ),
        MatchError::FlagFallen { side, at_ms } => tr!(
            "wager-error-flag-fallen",
            side = side_key(*side),
            at = secs(*at_ms)
        ),
        MatchError::FlagNotFallen {
            side,
            at_ms,
            runs_out_ms: Some(t),
        } => tr!(
            "wager-error-flag-not-fallen",
            side = side_key(*side),
            runs_out = secs(*t),
            at = secs(*at_ms)
        ),
        MatchError::FlagNotFallen {
            side,
            at_ms,
            runs_out_ms: None,
        } => tr!(
            "wager-error-clock-not-running",
            side = side_key(*side),
            at = secs(*at_ms)
        ),
        MatchError::Untimed => tr!("wager-error-untimed"),
        MatchError::NoSuchTimeline(n) => tr!("wager-error-no-timeline", n = *n),
        MatchError::TimelineClosed(n) => tr!("wager-error-timeline-closed", n = *n),
        MatchError::NotYourTurn { timeline, side } => tr!(
            "wager-error-not-your-turn",
            side = side_key(*side),
            timeline = *timeline
        ),
        MatchError::IllegalMove { timeline, mv, fen } => tr!(
            "wager-error-illegal-move",
            mv = mv,
            timeline = *timeline,
            fen = fen
        ),
        MatchError::OddStake(s) => tr!("wager-error-odd-stake", stake = *s),
        MatchError::StakeTooSmall(s) => tr!("wager-error-stake-too-small", stake = *s),
        MatchError::StakeTooLarge { stake, max } => {
            tr!("wager-error-stake-too-large", stake = *stake, max = *max)
        }
        MatchError::TimelineLimit => tr!("wager-error-timeline-limit"),
        MatchError::NoOffer { a, b } => tr!("wager-error-no-offer", a = *a, b = *b),
        MatchError::AlreadyAnswered { a, b, side } => tr!(
            "wager-error-already-answered",
            side = side_key(*side),
            a = *a,
            b = *b
        ),
    }
}

/// Why a timeline was drawn ("stalemate").
pub fn draw_reason(d: DrawReason) -> String {
    match d {
        DrawReason::Stalemate => tr!("wager-draw-stalemate"),
        DrawReason::Threefold => tr!("wager-draw-threefold"),
        DrawReason::FiftyMoves => tr!("wager-draw-fifty-moves"),
        DrawReason::InsufficientMaterial => tr!("wager-draw-insufficient-material"),
    }
}

/// A piece's name, for the promotion choice.
pub fn piece_name(p: Piece) -> String {
    match p {
        Piece::Queen => tr!("wager-piece-queen"),
        Piece::Rook => tr!("wager-piece-rook"),
        Piece::Bishop => tr!("wager-piece-bishop"),
        Piece::Knight => tr!("wager-piece-knight"),
        Piece::Pawn => tr!("wager-piece-pawn"),
        Piece::King => tr!("wager-piece-king"),
    }
}

/// Why `TimeControl::new` refuses this clock: the same checks, in the current language.
pub fn clock_error(base_ms: u64, increment_ms: u64) -> String {
    if base_ms == 0 {
        tr!("wager-clock-error-zero")
    } else if base_ms > MAX_BASE_MS || increment_ms > MAX_INCREMENT_MS {
        tr!(
            "wager-clock-error-too-long",
            minutes = MAX_BASE_MS / 60_000,
            seconds = MAX_INCREMENT_MS / 1_000
        )
    } else {
        tr!("wager-clock-error-fraction", ms = base_ms)
    }
}

/// Why a take-back cannot be made, in the current language.
pub fn take_back_error_text(e: &TakeBackError) -> String {
    match e {
        TakeBackError::Over => tr!("wager-error-no-take-back-over"),
        TakeBackError::NotOpen { timeline } => {
            tr!("wager-error-no-take-back-closed", timeline = *timeline)
        }
        TakeBackError::NotTheirTurn { timeline, side } => tr!(
            "wager-error-no-take-back-turn",
            timeline = *timeline,
            side = side_key(*side)
        ),
        TakeBackError::NoTurnPair { timeline } => {
            tr!("wager-error-no-take-back-pair", timeline = *timeline)
        }
        TakeBackError::Depended { timeline, event } => tr!(
            "wager-error-no-take-back-depended",
            timeline = *timeline,
            event = event + 1
        ),
        TakeBackError::Replay { event, error } => tr!(
            "wager-error-no-take-back-replay",
            event = event + 1,
            reason = error_text(error)
        ),
    }
}
