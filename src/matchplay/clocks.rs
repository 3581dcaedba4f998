//! Each side's thinking time: the clock of the side to move runs until the match ends.

use super::{Match, MatchSystems, color_index};
use bevy::prelude::*;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Clocks>();
    app.add_systems(
        Update,
        tick.before(MatchSystems::Apply)
            .run_if(resource_exists::<Match>),
    );
}

/// Time used by White and Black in the current match.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Clocks {
    pub match_id: u64,
    pub used: [Duration; 2],
}

fn tick(time: Res<Time<Real>>, m: Res<Match>, mut clocks: ResMut<Clocks>) {
    if clocks.match_id != m.id {
        *clocks = Clocks {
            match_id: m.id,
            used: [Duration::ZERO; 2],
        };
    }
    if !m.is_over() {
        clocks.used[color_index(m.to_move())] += time.delta();
    }
}

/// `m:ss` (or `h:mm:ss`).
pub fn format_clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}
