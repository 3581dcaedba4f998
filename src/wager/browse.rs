//! Browsing the history of the timeline on screen: its board as it stood after a chosen
//! ply (a click in the move list, or Home and Up/Down), that move marked, until "Back to
//! the game" (End or Esc). The match goes on meanwhile (both sides play at once, and the
//! clocks run); only what the board shows changes, and it takes no moves. Another
//! timeline on screen ends the browse.

use super::matchplay::WagerMatch;
use crate::audio::Cue;
use crate::game_kit::history::{Browser, HistoryStep, add_browser};
use crate::screens::Screen;
use bevy::prelude::*;
use timefork_wager::chess::{Board, Move};

pub(super) fn plugin(app: &mut App) {
    add_browser::<WagerBrowse, _, _>(app, apply_browse);
}

/// What to show instead of the board as it stands (`To(k)`: the board of the timeline on
/// screen after its first `k` plies).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct WagerBrowseRequest(pub HistoryStep);

impl From<HistoryStep> for WagerBrowseRequest {
    fn from(step: HistoryStep) -> WagerBrowseRequest {
        WagerBrowseRequest(step)
    }
}

/// The ply browsed, for one match and timeline.
#[derive(Resource, Default, Debug)]
pub struct WagerBrowse {
    shown: Option<(u64, usize, usize)>,
}

/// Up/Down step through the timeline on screen; Left/Right switch timelines, as always.
impl Browser for WagerBrowse {
    type Match = WagerMatch;
    type Request = WagerBrowseRequest;
    const SCREEN: Screen = Screen::WagerPlay;
    const BACK: &'static [KeyCode] = &[KeyCode::ArrowUp];
    const FORWARD: &'static [KeyCode] = &[KeyCode::ArrowDown];

    fn is_browsing(&self, w: &WagerMatch) -> bool {
        WagerBrowse::is_browsing(self, w)
    }

    fn has_history(w: &WagerMatch) -> bool {
        w.m.timeline(w.viewing).is_some_and(|t| t.plies() > 0)
    }
}

impl WagerBrowse {
    /// The ply shown on the timeline on screen, if browsing.
    pub fn ply(&self, w: &WagerMatch) -> Option<usize> {
        let plies = w.m.timeline(w.viewing)?.plies();
        self.shown
            .filter(|&(id, t, k)| id == w.id && t == w.viewing && k <= plies)
            .map(|(_, _, k)| k)
    }

    pub fn is_browsing(&self, w: &WagerMatch) -> bool {
        self.ply(w).is_some()
    }

    /// The board to draw for the timeline on screen: the browsed one, or as it stands.
    pub fn board<'a>(&self, w: &'a WagerMatch) -> Option<&'a Board> {
        let t = w.m.timeline(w.viewing)?;
        Some(match self.ply(w) {
            Some(k) => &t.game().boards()[k],
            None => t.board(),
        })
    }

    /// The move that led to the board drawn (marked on it).
    pub fn last_move(&self, w: &WagerMatch) -> Option<Move> {
        let moves = w.m.timeline(w.viewing)?.game().moves();
        match self.ply(w) {
            Some(k) => k.checked_sub(1).map(|i| moves[i]),
            None => moves.last().copied(),
        }
    }
}

fn apply_browse(
    mut requests: MessageReader<WagerBrowseRequest>,
    w: Res<WagerMatch>,
    mut browse: ResMut<WagerBrowse>,
    mut cues: MessageWriter<Cue>,
) {
    let Some(t) = w.m.timeline(w.viewing) else {
        return;
    };
    let last = t.plies();
    let before = browse.ply(&w);
    for r in requests.read() {
        browse.shown =
            r.0.apply(browse.ply(&w), last)
                .map(|k| (w.id, w.viewing, k));
    }
    // A browse of another timeline or match is over.
    if browse.ply(&w).is_none() {
        browse.shown = None;
    }
    if browse.ply(&w) != before && browse.ply(&w).is_some_and(|k| k > 0) {
        cues.write(Cue::Move);
    }
}
