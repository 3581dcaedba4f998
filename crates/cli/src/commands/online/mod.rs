//! `timefork-cli online`: a player's ratings on a server, a bot that seeks and plays
//! rated games there with the builtin AI or any 5DUCI engine, and a load benchmark.

mod bot;
mod load;

use std::time::Duration;

use clap::Subcommand;
use timefork_net::online::{Rating, ToClient, ToServer};
use timefork_online::client::Client;

use crate::error::CliError;

pub use bot::BotArgs;

#[derive(Subcommand)]
pub enum OnlineCommand {
    /// A player's Glicko-2 ratings on a server, one JSON object:
    /// {"fived": {"rating": R, "deviation": D, "games": N}, "wager": {...}, "kingdrops": {...}}.
    Ratings {
        /// The server: HOST or HOST:PORT (port 5760 unless given).
        #[arg(long)]
        server: String,
        name: String,
    },
    /// Seek and play rated games as a bot account until N are over (exit 0); rides out a
    /// server restart.
    Bot(Box<BotArgs>),
    /// A load benchmark: N games at once replaying public 5D games; the time from a
    /// Submit to the other player seeing it, and the server's CPU and memory.
    Load(load::LoadArgs),
}

pub fn run(cmd: OnlineCommand) -> Result<String, CliError> {
    match cmd {
        OnlineCommand::Ratings { server, name } => ratings(&server, &name),
        OnlineCommand::Bot(args) => bot::run(*args),
        OnlineCommand::Load(args) => load::run(args),
    }
}

const WAIT: Duration = Duration::from_secs(10);

fn rating_json(r: Rating) -> String {
    format!(
        "{{\"rating\": {:.1}, \"deviation\": {:.1}, \"games\": {}}}",
        r.rating, r.deviation, r.games
    )
}

fn ratings(server: &str, name: &str) -> Result<String, CliError> {
    let mut c = Client::connect(server, WAIT).map_err(CliError::Failed)?;
    c.send(&ToServer::Ratings { name: name.into() })
        .map_err(CliError::Failed)?;
    loop {
        match c.recv(WAIT).map_err(CliError::Failed)? {
            None => return Err(CliError::Failed(format!("{server} did not answer"))),
            Some(ToClient::Ratings { ratings, .. }) => {
                return Ok(format!(
                    "{{\"fived\": {}, \"wager\": {}, \"kingdrops\": {}}}\n",
                    rating_json(ratings.fived),
                    rating_json(ratings.wager),
                    rating_json(ratings.kingdrops)
                ));
            }
            Some(ToClient::Error { reason }) => return Err(CliError::Failed(reason)),
            Some(_) => {}
        }
    }
}
