//! The authority over a game played over a network, with no Bevy and no sockets: a
//! `Table` holds one game of one kind, reads each side's requests in the game's own text
//! with its rules crate, runs the clocks on a time it is given (so tests control it),
//! and answers with what every client must hear (`timefork-net`'s `ToJoiner`). The
//! server keeps one table a room; the requests a table accepted, replayed in order,
//! rebuild it after a restart.
//!
//! - `clock`: two clocks, base and increment, on a given time.
//! - `ending`: how a game ended, as results and records write it.
//! - `table`: the trait, and a table per game kind (`table::fived`).
//! - `client`: a player's connection to a server (the game, the CLI's bot, the tests);
//!   `tls` its TLS, with trust on first use for certificates no authority signed.
//! - `identity`: the tokens a computer holds, in the settings folder.

pub mod client;
pub mod clock;
pub mod ending;
pub mod identity;
pub mod table;
pub mod tls;

pub use clock::Clock;
pub use ending::{Ending, Reason};
pub use table::{Played, Table, new_table};
