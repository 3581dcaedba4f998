//! Browsing the history of the timeline on screen: its board as it stood after a chosen
//! ply (a click in the move list, or Home and Up/Down), that move marked, until "Back to
//! the game" (End or Esc). The match goes on meanwhile (both sides play at once, and the
//! clocks run); only what the board shows changes, and it takes no moves. Another
//! timeline on screen ends the browse.

use super::matchplay::WagerMatch;
use crate::audio::Cue;
use crate::play::GameSystems;
use crate::screens::Screen;
use bevy::prelude::*;
use timefork_wager::chess::{Board, Move};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WagerBrowse>();
    app.add_message::<WagerBrowseRequest>();
    app.add_systems(
        Update,
        (
            browse_keys.in_set(GameSystems::Input),
            apply_browse
                .after(GameSystems::Apply)
                .before(GameSystems::Mirror),
        )
            .distributive_run_if(resource_exists::<WagerMatch>)
            .run_if(in_state(Screen::WagerPlay)),
    );
}

/// What to show instead of the board as it stands.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum WagerBrowseRequest {
    /// The board of the timeline on screen after its first `k` plies (0 = the start).
    To(usize),
    Previous,
    Next,
    Live,
}

/// The ply browsed, for one match and timeline.
#[derive(Resource, Default, Debug)]
pub struct WagerBrowse {
    shown: Option<(u64, usize, usize)>,
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
        let next = match (*r, browse.ply(&w)) {
            (WagerBrowseRequest::To(k), _) => Some(k.min(last)),
            (WagerBrowseRequest::Previous, Some(k)) => Some(k.saturating_sub(1)),
            (WagerBrowseRequest::Previous, None) => last.checked_sub(1),
            (WagerBrowseRequest::Next, Some(k)) if k < last => Some(k + 1),
            (WagerBrowseRequest::Next, _) | (WagerBrowseRequest::Live, _) => None,
        };
        browse.shown = next.map(|k| (w.id, w.viewing, k));
    }
    // A browse of another timeline or match is over.
    if browse.ply(&w).is_none() {
        browse.shown = None;
    }
    if browse.ply(&w) != before && browse.ply(&w).is_some_and(|k| k > 0) {
        cues.write(Cue::Move);
    }
}

/// Home starts at the timeline's beginning; while browsing Up/Down step (Left/Right switch
/// timelines, as always), and End or Esc go back.
fn browse_keys(
    keys: Res<ButtonInput<KeyCode>>,
    w: Res<WagerMatch>,
    browse: Res<WagerBrowse>,
    focus: Res<crate::camera::EguiFocus>,
    mut out: MessageWriter<WagerBrowseRequest>,
) {
    if focus.keyboard() {
        return;
    }
    let plies = w.m.timeline(w.viewing).map_or(0, |t| t.plies());
    if keys.just_pressed(KeyCode::Home) && plies > 0 {
        out.write(WagerBrowseRequest::To(0));
    }
    if !browse.is_browsing(&w) {
        return;
    }
    if keys.just_pressed(KeyCode::ArrowUp) {
        out.write(WagerBrowseRequest::Previous);
    }
    if keys.just_pressed(KeyCode::ArrowDown) {
        out.write(WagerBrowseRequest::Next);
    }
    if keys.any_just_pressed([KeyCode::End, KeyCode::Escape]) {
        out.write(WagerBrowseRequest::Live);
    }
}
