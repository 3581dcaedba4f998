//! Helpers shared by the integration tests.
#![allow(dead_code)]

use timefork_wager::chess::{Color, fen};
use timefork_wager::{Action, Applied, Event, Match, MatchError, TimeControl};

/// Parses `W L0 e2e4` / `B merge L0 L1 yes` into an event.
pub fn event(text: &str) -> Event {
    let (side, rest) = text.split_once(' ').unwrap();
    let side = match side {
        "W" => Color::White,
        "B" => Color::Black,
        _ => panic!("bad side in {text}"),
    };
    Event::new(side, Action::parse(rest).unwrap())
}

/// Applies an event that must be accepted.
pub fn ok(m: &mut Match, at_ms: u64, text: &str) -> Applied {
    m.apply(event(text), at_ms)
        .unwrap_or_else(|e| panic!("{text} at {at_ms}: {e}"))
}

/// Applies an event that must be refused, and checks that it changed nothing.
pub fn refused(m: &mut Match, at_ms: u64, text: &str) -> MatchError {
    let before = snapshot(m);
    let e = m.apply(event(text), at_ms).expect_err(text);
    assert_eq!(
        snapshot(m),
        before,
        "a refused event changed the match: {text}"
    );
    e
}

/// Everything observable about a match, as text.
pub fn snapshot(m: &Match) -> String {
    let mut s = m.record();
    for t in m.timelines() {
        s.push_str(&format!(
            "L{} {} {:?} {:?} {:?}\n",
            t.number(),
            t.board(),
            t.bank(),
            t.end(),
            t.fork()
        ));
    }
    s.push_str(&format!(
        "{:?} {:?} {:?} {:?}\n",
        m.secured(),
        m.clocks(),
        m.result(),
        m.last_event_ms()
    ));
    for o in m.offers() {
        s.push_str(&format!(
            "offer {} {} {:?} {:?}\n",
            o.a,
            o.b,
            o.answer(Color::White),
            o.answer(Color::Black)
        ));
    }
    s
}

pub fn timed(clock: &str) -> Match {
    Match::new(Some(TimeControl::parse(clock).unwrap()))
}

pub fn from_fen(f: &str, clock: Option<&str>) -> Match {
    Match::from_position(
        fen::parse(f).unwrap(),
        clock.map(|c| TimeControl::parse(c).unwrap()),
    )
}

pub fn fen_of(m: &Match, timeline: usize) -> String {
    m.timeline(timeline).unwrap().board().to_string()
}
