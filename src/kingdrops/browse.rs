//! Browsing a Kingdrops game's history: the board as it stood after a chosen turn (a click
//! in the move list, the review, or Home and the arrows), with that turn's moves marked,
//! until "Back to the game" (End or Esc). The match never changes while browsing; only
//! what the mirror shows does, and the board takes no moves.

use super::matchplay::KdMatch;
use crate::audio::Cue;
use crate::play::GameSystems;
use crate::screens::Screen;
use bevy::prelude::*;
use timefork_kingdrops::{Position, Turn};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KdBrowse>();
    app.add_message::<KdBrowseRequest>();
    app.add_systems(
        Update,
        (
            browse_keys.in_set(GameSystems::Input),
            apply_browse
                .after(GameSystems::Apply)
                .before(GameSystems::Mirror),
        )
            .distributive_run_if(resource_exists::<KdMatch>)
            .run_if(in_state(Screen::KingdropsPlay)),
    );
}

/// What to show instead of the board as it stands.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum KdBrowseRequest {
    /// The position after the first `k` turns (0 = the start).
    To(usize),
    Previous,
    Next,
    /// Back to the game.
    Live,
}

/// The state browsed, for one match.
#[derive(Resource, Default, Debug)]
pub struct KdBrowse {
    shown: Option<(u64, usize)>,
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
        let next = match (*r, browse.state(&m)) {
            (KdBrowseRequest::To(k), _) => Some(k.min(last)),
            (KdBrowseRequest::Previous, Some(k)) => Some(k.saturating_sub(1)),
            // Stepping back from the game starts at the state before the last turn.
            (KdBrowseRequest::Previous, None) => last.checked_sub(1),
            (KdBrowseRequest::Next, Some(k)) if k < last => Some(k + 1),
            (KdBrowseRequest::Next, _) | (KdBrowseRequest::Live, _) => None,
        };
        browse.shown = next.map(|k| (m.id, k));
    }
    if browse.shown.is_some_and(|(id, _)| id != m.id) {
        browse.shown = None;
    }
    // Each step sounds as the turn did.
    if browse.state(&m) != before && browse.turn(&m).is_some() {
        cues.write(Cue::Move);
    }
}

/// Home starts at the beginning; while browsing the arrows step (they pan otherwise), and
/// End or Esc go back to the game.
fn browse_keys(
    keys: Res<ButtonInput<KeyCode>>,
    m: Res<KdMatch>,
    browse: Res<KdBrowse>,
    focus: Res<crate::camera::EguiFocus>,
    mut out: MessageWriter<KdBrowseRequest>,
) {
    if focus.keyboard() {
        return;
    }
    if keys.just_pressed(KeyCode::Home) && !m.game.turns().is_empty() {
        out.write(KdBrowseRequest::To(0));
    }
    if !browse.is_browsing(&m) {
        return;
    }
    if keys.any_just_pressed([KeyCode::ArrowLeft, KeyCode::ArrowUp]) {
        out.write(KdBrowseRequest::Previous);
    }
    if keys.any_just_pressed([KeyCode::ArrowRight, KeyCode::ArrowDown]) {
        out.write(KdBrowseRequest::Next);
    }
    if keys.any_just_pressed([KeyCode::End, KeyCode::Escape]) {
        out.write(KdBrowseRequest::Live);
    }
}
