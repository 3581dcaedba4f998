//! `timefork-server [--listen ADDR:PORT] [--database URL] [--tls-cert PEM --tls-key PEM]`

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use timefork_server::{Config, Limits, start};

/// A Timefork server: rooms, rated pairing, spectators and a bot API for 5D chess,
/// Timeline Wager and Kingdrops.
#[derive(Parser)]
#[command(name = "timefork-server", version)]
struct Args {
    /// Where to listen.
    #[arg(long, default_value = "0.0.0.0:5760")]
    listen: SocketAddr,
    /// `sqlite:PATH` (a bare path is SQLite too) or `postgres://USER@HOST/DB`.
    #[arg(long, default_value = "sqlite:timefork-server.db")]
    database: String,
    /// The certificate chain (PEM) for TLS; with --tls-key.
    #[arg(long, requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The private key (PEM) for TLS; with --tls-cert.
    #[arg(long, requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Connections one address may hold at once (raise it behind a reverse proxy).
    #[arg(long, default_value_t = Limits::default().per_address)]
    max_per_address: usize,
    /// New names one address may take in an hour.
    #[arg(long, default_value_t = Limits::default().new_names_per_hour)]
    new_names_per_hour: usize,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let config = Config {
        listen: args.listen,
        database: args.database,
        tls: args.tls_cert.zip(args.tls_key),
        limits: Limits {
            per_address: args.max_per_address,
            new_names_per_hour: args.new_names_per_hour,
            ..Limits::default()
        },
    };
    let plain = config.tls.is_none();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("timefork-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        match start(config).await {
            Ok(server) => {
                println!(
                    "timefork-server: listening on {} ({}); {} live game(s) resumed",
                    server.addr,
                    if plain {
                        "plain TCP: trust this network or put TLS in front"
                    } else {
                        "TLS"
                    },
                    server.restored
                );
                server.run_forever().await;
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("timefork-server: {e}");
                ExitCode::FAILURE
            }
        }
    })
}
