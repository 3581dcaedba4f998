//! One timeline as a PGN game (ordinary chess tools read it).

use crate::chess::pgn;
use crate::state::Match;
use crate::timeline::TimelineEnd;

impl Match {
    /// Timeline `n` from the match's start position as PGN, with the match's White and
    /// Black tags. Its result is the timeline's (`*` while open or when merged away).
    pub fn timeline_pgn(&self, n: usize) -> Option<String> {
        let t = self.timeline(n)?;
        let tag = |k: &str| {
            self.tags()
                .iter()
                .find(|(key, _)| key == k)
                .map_or("?".to_string(), |(_, v)| v.clone())
        };
        let result = match t.end() {
            None | Some(TimelineEnd::Merged { .. }) => "*",
            Some(end) => end.as_str(),
        };
        let tags = vec![
            ("Event".to_string(), "Timeline Wager".to_string()),
            ("Site".to_string(), "Timefork".to_string()),
            ("Date".to_string(), tag("Date").replace('-', ".")),
            ("Round".to_string(), format!("L{n}")),
            ("White".to_string(), tag("White")),
            ("Black".to_string(), tag("Black")),
            ("Result".to_string(), result.to_string()),
        ];
        Some(pgn::write_pgn(&tags, t.game(), Some(result)))
    }
}
