//! Browsing the history: the multiverse as it was after a chosen turn (clicked in the move
//! list, or stepped with Left/Right), with that turn's moves drawn, until "back to the
//! game". The match itself never changes while browsing; only what is shown does.

use super::Match;
use crate::game_kit::GameSystems;
use bevy::prelude::*;
use timefork_engine::{Move, Position};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Browse>();
    app.add_message::<BrowseRequest>();
    app.add_systems(
        Update,
        apply_browse
            .after(GameSystems::Apply)
            .before(GameSystems::Mirror)
            .run_if(resource_exists::<Match>),
    );
}

/// What to show instead of the live position.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrowseRequest {
    /// The state after the first `k` actions (0 = the start).
    To(usize),
    /// One action back or forward from the state shown.
    Previous,
    Next,
    /// Back to the live game.
    Live,
}

/// The state being browsed, if any: its index and the position (kept, not recomputed
/// every frame), for one match.
#[derive(Resource, Default)]
pub struct Browse {
    shown: Option<Shown>,
}

struct Shown {
    match_id: u64,
    state: usize,
    pos: Position,
}

impl Browse {
    /// The state index being browsed in this match.
    pub fn state(&self, m: &Match) -> Option<usize> {
        self.shown
            .as_ref()
            .filter(|s| s.match_id == m.id)
            .map(|s| s.state)
    }

    pub fn is_browsing(&self, m: &Match) -> bool {
        self.state(m).is_some()
    }

    /// The position to draw: the browsed state, or the live position with the moves of
    /// the unfinished turn.
    pub fn position<'a>(&'a self, m: &'a Match) -> &'a Position {
        match &self.shown {
            Some(s) if s.match_id == m.id => &s.pos,
            _ => &m.pos,
        }
    }

    /// The moves of the action that led to the browsed state (drawn on the boards).
    pub fn action<'a>(&self, m: &'a Match) -> Option<&'a [Move]> {
        let k = self.state(m)?;
        k.checked_sub(1)
            .and_then(|i| m.game.actions.get(i))
            .map(Vec::as_slice)
    }

    fn show(&mut self, m: &Match, k: usize) {
        let k = k.min(m.game.actions.len());
        self.shown = Some(Shown {
            match_id: m.id,
            state: k,
            pos: m.game.position_at(k),
        });
    }
}

fn apply_browse(
    mut requests: MessageReader<BrowseRequest>,
    m: Res<Match>,
    mut browse: ResMut<Browse>,
    mut cues: MessageWriter<crate::audio::Cue>,
) {
    let before = browse.state(&m);
    for r in requests.read() {
        let last = m.game.actions.len();
        let current = browse.state(&m);
        match (*r, current) {
            (BrowseRequest::To(k), _) => browse.show(&m, k),
            (BrowseRequest::Previous, Some(k)) => browse.show(&m, k.saturating_sub(1)),
            // Stepping back from the live game starts at the last submitted turn's state
            // before it (the live state is already on screen).
            (BrowseRequest::Previous, None) => browse.show(&m, last.saturating_sub(1)),
            (BrowseRequest::Next, Some(k)) if k < last => browse.show(&m, k + 1),
            (BrowseRequest::Next, Some(_)) | (BrowseRequest::Live, _) => browse.shown = None,
            (BrowseRequest::Next, None) => {}
        }
    }
    // A browse of another match means nothing any more.
    if browse.shown.as_ref().is_some_and(|s| s.match_id != m.id) {
        browse.shown = None;
    }
    // Stepping to a state sounds its action, as playing it did.
    let after = browse.state(&m);
    if after != before
        && let Some(moves) = browse.action(&m)
    {
        cues.write(if moves.iter().any(|mv| !mv.is_physical()) {
            crate::audio::Cue::Jump
        } else {
            crate::audio::Cue::Move
        });
    }
}
