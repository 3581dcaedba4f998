//! Animations every game uses: a new 5D board grows out of the board it came from, a
//! moved piece hops along an arc (a high one when it travelled through time or across
//! timelines, or went to prison in Kingdrops). Input stays live while they run; their
//! speed is a setting (0 turns them off).

use super::GameSystems;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.configure_sets(Update, AnimationSystems.after(GameSystems::Mirror));
    app.add_systems(
        Update,
        (grow_boards, hop_pieces).chain().in_set(AnimationSystems),
    );
}

/// The animations run after the mirror (and after the views that dress what it spawned).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AnimationSystems;

/// Seconds an animation takes at speed 1.
const BASE_SECONDS: f32 = 0.45;

/// A board moving from its parent's place to its own while scaling up.
#[derive(Component, Debug, Clone, Copy)]
pub struct Grow {
    from: Vec3,
    to: Vec3,
    t: f32,
}

impl Grow {
    pub fn new(from: Vec3, to: Vec3) -> Grow {
        Grow { from, to, t: 0.0 }
    }
}

/// A piece moving along an arc, in its board's local space.
#[derive(Component, Debug, Clone, Copy)]
pub struct Hop {
    from: Vec3,
    to: Vec3,
    height: f32,
    t: f32,
}

impl Hop {
    pub fn new(from: Vec3, to: Vec3, travelled: bool) -> Hop {
        let d = from.distance(to);
        let height = if travelled {
            1.5 + d * 0.25
        } else {
            0.4 + d * 0.1
        };
        Hop {
            from,
            to,
            height,
            t: 0.0,
        }
    }
}

fn ease(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

/// Where a hop is at time `t` in 0..=1: a parabola over the straight line.
pub fn hop_point(from: Vec3, to: Vec3, height: f32, t: f32) -> Vec3 {
    let s = ease(t);
    from.lerp(to, s) + Vec3::Y * height * 4.0 * s * (1.0 - s)
}

fn grow_boards(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<crate::settings::Settings>,
    mut q: Query<(Entity, &mut Grow, &mut Transform)>,
) {
    let speed = settings.animation_speed.max(0.0);
    for (e, mut g, mut tf) in &mut q {
        g.t = if speed == 0.0 {
            1.0
        } else {
            (g.t + time.delta_secs() * speed / BASE_SECONDS).min(1.0)
        };
        let s = ease(g.t);
        tf.translation = g.from.lerp(g.to, s);
        tf.scale = Vec3::splat(0.05 + 0.95 * s);
        if g.t >= 1.0 {
            tf.translation = g.to;
            tf.scale = Vec3::ONE;
            commands.entity(e).remove::<Grow>();
        }
    }
}

fn hop_pieces(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<crate::settings::Settings>,
    mut q: Query<(Entity, &mut Hop, &mut Transform)>,
) {
    let speed = settings.animation_speed.max(0.0);
    for (e, mut h, mut tf) in &mut q {
        h.t = if speed == 0.0 {
            1.0
        } else {
            (h.t + time.delta_secs() * speed / (BASE_SECONDS * 1.4)).min(1.0)
        };
        tf.translation = hop_point(h.from, h.to, h.height, h.t);
        if h.t >= 1.0 {
            tf.translation = h.to;
            commands.entity(e).remove::<Hop>();
        }
    }
}

/// Whether anything is still moving (the screenshot waits for this to be false).
pub fn animating(grows: Query<(), With<Grow>>, hops: Query<(), With<Hop>>) -> bool {
    !grows.is_empty() || !hops.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hops_start_and_end_on_their_squares_and_rise_between() {
        let (a, b) = (Vec3::new(0.0, 0.0, 0.0), Vec3::new(4.0, 0.0, -2.0));
        assert!(hop_point(a, b, 1.0, 0.0).distance(a) < 1e-6);
        assert!(hop_point(a, b, 1.0, 1.0).distance(b) < 1e-6);
        assert!(hop_point(a, b, 1.0, 0.5).y > 0.9);
        let near = Hop::new(a, Vec3::X, false);
        let far = Hop::new(a, Vec3::X * 20.0, true);
        assert!(far.height > near.height);
    }
}
