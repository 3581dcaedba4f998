//! What every game's network side shares, written once: a player whose local-network
//! host left keeps a copy of the game in the saves folder, and a copy follows the
//! server's turns. A game implements `NetMatch` for its match and calls `add_net_match`
//! from its own `net.rs`; the rest of its network side (what it asks, how it catches
//! up) is its own.

use super::frames::HostLeft;
use super::session::NetSession;
use bevy::ecs::component::Mutable;
use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use timefork_i18n::tr;
use timefork_records::GameKind;

/// A game's match, as the network layer needs it.
pub trait NetMatch: Resource + Component<Mutability = Mutable> {
    const KIND: GameKind;
    type Request: Message;
    type Event: Message;
    /// The copy kept when the local-network host leaves, for people at one computer: its
    /// name (without time or extension), extension and text.
    fn copy_to_keep(&self, world: &World) -> (String, &'static str, String);
}

/// Whether the network game in progress is of `M`'s game.
pub fn network_game_is<M: NetMatch>(session: Option<Res<NetSession>>) -> bool {
    session.is_some_and(|s| s.game == M::KIND)
}

/// The shared part of a game's network side.
pub fn add_net_match<M: NetMatch>(app: &mut App) {
    app.add_systems(
        Update,
        keep_a_copy_when_the_host_leaves::<M>.run_if(network_game_is::<M>),
    );
}

/// The host left: the game is kept in the saves folder, and the person told where.
fn keep_a_copy_when_the_host_leaves<M: NetMatch>(
    world: &mut World,
    mut left: Local<MessageCursor<HostLeft>>,
) {
    if left.read(world.resource::<Messages<HostLeft>>()).count() == 0 {
        return;
    }
    let Some(m) = world.get_resource::<M>() else {
        return;
    };
    if !world.contains_resource::<NetSession>() {
        return;
    }
    let (name, extension, text) = m.copy_to_keep(world);
    let saves = world.resource::<crate::files::SavesDir>();
    let note = match crate::files::save_in_saves(saves, &name, extension, &text) {
        Ok(path) => tr!("net-host-left-saved", path = path.display().to_string()),
        Err(e) => tr!("net-host-left-not-saved", error = e.to_string()),
    };
    world.resource_mut::<NetSession>().note = Some(note);
}

/// The server's turns that follow ours: `theirs` is its history from turn `from`,
/// which must continue ours (`ours` is our whole history).
pub fn turns_after_ours<'a, T: PartialEq>(
    ours: &[T],
    from: usize,
    theirs: &'a [T],
) -> Result<&'a [T], String> {
    let mine = ours.get(from..).unwrap_or(&[]);
    if from > ours.len() || mine.len() > theirs.len() || mine != &theirs[..mine.len()] {
        return Err("the host's turns are not a continuation of ours".into());
    }
    Ok(&theirs[mine.len()..])
}

/// How our turn in progress becomes the host's: how many of our moves to take back, and
/// the host's moves to play after the ones both share.
pub fn moves_to_catch_up<'a, M: PartialEq>(ours: &[M], theirs: &'a [M]) -> (usize, &'a [M]) {
    let same = ours.iter().zip(theirs).take_while(|(a, b)| a == b).count();
    (ours.len() - same, &theirs[same..])
}

/// The host's turn in progress is for the turn we are at (`turns` done on both sides).
pub fn same_turn(theirs: usize, ours: usize) -> Result<(), String> {
    if theirs == ours {
        Ok(())
    } else {
        Err(format!("a turn after {theirs} turns, {ours} here"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_continues_our_turns_or_says_it_does_not() {
        // Ours: a b c. The host's from turn 1: b c d e, so d e are new.
        assert_eq!(
            turns_after_ours(&['a', 'b', 'c'], 1, &['b', 'c', 'd', 'e']),
            Ok(&['d', 'e'][..])
        );
        // Nothing new; and the host's from beyond what we have, or another history.
        assert_eq!(turns_after_ours(&['a'], 0, &['a']), Ok(&[][..]));
        assert!(turns_after_ours(&['a'], 2, &['x']).is_err());
        assert!(turns_after_ours(&['a', 'b'], 0, &['a', 'x', 'y']).is_err());
        assert!(turns_after_ours(&['a', 'b'], 0, &['a']).is_err());
    }

    #[test]
    fn a_turn_in_progress_is_taken_back_to_where_it_parts_from_the_hosts() {
        // Ours x y z, the host's x w: take back y z, play w.
        assert_eq!(moves_to_catch_up(&[1, 2, 3], &[1, 4]), (2, &[4][..]));
        assert_eq!(moves_to_catch_up(&[1], &[1, 2, 3]), (0, &[2, 3][..]));
        assert_eq!(moves_to_catch_up::<u8>(&[5, 6], &[]), (2, &[][..]));
        assert!(same_turn(3, 3).is_ok());
        assert_eq!(same_turn(4, 3), Err("a turn after 4 turns, 3 here".into()));
    }
}
