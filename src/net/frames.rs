//! The frames between a game's network side and the connection: what the game that
//! decides sent (`FromServer`, the protocol's `ToJoiner`), what this computer asks of it
//! (`Outbox`, the protocol's `ToHost`), the draw buttons, and the host's leaving.

use bevy::prelude::*;
use timefork_net::msg::{DrawMsg, ToHost, ToJoiner};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Outbox>();
    app.add_message::<FromServer>();
    app.add_message::<HostLeft>();
    app.add_message::<DrawButton>();
}

/// What this computer's game asks of the one that decides, sent at the end of the frame.
#[derive(Resource, Default, Debug)]
pub struct Outbox(pub Vec<ToHost>);

impl Outbox {
    pub fn push(&mut self, msg: ToHost) {
        self.0.push(msg);
    }
}

/// A game message from the one that decides (the record, what happened, an answer to a
/// request).
#[derive(Message, Debug, Clone)]
pub struct FromServer(pub ToJoiner);

/// The computer hosting a local-network game is gone: each game's side keeps a copy.
#[derive(Message, Debug, Clone, Copy)]
pub struct HostLeft;

/// The person at this computer offered, accepted or declined a draw.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawButton(pub DrawMsg);
