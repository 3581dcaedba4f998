//! Browsing a Kingdrops game's history: the board as it stood after a chosen turn (a click
//! in the move list, the review, or Home and the arrows), with that turn's moves marked,
//! until "Back to the game" (End or Esc). The match never changes while browsing; only
//! what the mirror shows does, and the board takes no moves.

use super::matchplay::KdMatch;
use crate::audio::Cue;
use crate::game_kit::history::{Browser, HistoryStep, add_browser};
use crate::screens::Screen;
use bevy::prelude::*;
use timefork_kingdrops::{Position, Turn};

pub(super) fn plugin(app: &mut App) {
    add_browser::<KdBrowse, _, _>(app, apply_browse);
}

/// What to show instead of the board as it stands (`To(k)`: after the first `k` turns).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct KdBrowseRequest(pub HistoryStep);

impl From<HistoryStep> for KdBrowseRequest {
    fn from(step: HistoryStep) -> KdBrowseRequest {
        KdBrowseRequest(step)
    }
}

/// The state browsed, for one match.
#[derive(Resource, Default, Debug)]
pub struct KdBrowse {
    shown: Option<(u64, usize)>,
}

/// The board has no neighbours to switch to, so both pairs of arrows step.
impl Browser for KdBrowse {
    type Match = KdMatch;
    type Request = KdBrowseRequest;
    const SCREEN: Screen = Screen::KingdropsPlay;
    const BACK: &'static [KeyCode] = &[KeyCode::ArrowLeft, KeyCode::ArrowUp];
    const FORWARD: &'static [KeyCode] = &[KeyCode::ArrowRight, KeyCode::ArrowDown];

    fn is_browsing(&self, m: &KdMatch) -> bool {
        KdBrowse::is_browsing(self, m)
    }

    fn has_history(m: &KdMatch) -> bool {
        !m.game.turns().is_empty()
    }
}

impl KdBrowse {
    /// The number of turns behind the state browsed in this match.
    pub fn state(&self, m: &KdMatch) -> Option<usize> {
        self.shown
            .filter(|(id, k)| *id == m.id && *k < m.game.positions().len())
            .map(|(_, k)| k)
    }

    pub fn is_browsing(&self, m: &KdMatch) -> bool {
        self.state(m).is_some()
    }

    /// The position to draw: the browsed one, or the board as it stands.
    pub fn position<'a>(&self, m: &'a KdMatch) -> &'a Position {
        match self.state(m) {
            Some(k) => &m.game.positions()[k],
            None => &m.shown,
        }
    }

    /// The turn that led to the browsed state (marked on the board).
    pub fn turn<'a>(&self, m: &'a KdMatch) -> Option<&'a Turn> {
        self.state(m)?
            .checked_sub(1)
            .and_then(|i| m.game.turns().get(i))
    }
}

fn apply_browse(
    mut requests: MessageReader<KdBrowseRequest>,
    m: Res<KdMatch>,
    mut browse: ResMut<KdBrowse>,
    mut cues: MessageWriter<Cue>,
) {
    let before = browse.state(&m);
    let last = m.game.turns().len();
    for r in requests.read() {
        browse.shown = r.0.apply(browse.state(&m), last).map(|k| (m.id, k));
    }
    if browse.shown.is_some_and(|(id, _)| id != m.id) {
        browse.shown = None;
    }
    // Each step sounds as the turn did.
    if browse.state(&m) != before && browse.turn(&m).is_some() {
        cues.write(Cue::Move);
    }
}
