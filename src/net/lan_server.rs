//! Hosting a game on the local network: the window runs `timefork-server`'s library on a
//! thread of its own (its own tokio runtime, a SQLite file in the settings folder) and
//! plays on it as any client does, through `online`'s link on loopback, in a private
//! room whose code the other player joins with. One protocol, one client path, and the
//! local-network host under the internet server's limits against hostile input.
//!
//! The database is begun afresh at each hosting: a local-network game lives as long as
//! its host's window (its record is the players' to save).

use super::online::OnlineLink;
use bevy::prelude::*;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;
use timefork_net::online::{Seek, ToServer};
use timefork_records::Side;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LanBind>();
}

/// The database's file in the settings folder.
pub const DATABASE: &str = "lan-server.db";

/// Where a host listens: every interface, the default port (tests take a free port on
/// loopback).
#[derive(Resource, Debug, Clone, Copy)]
pub struct LanBind(pub SocketAddr);

impl Default for LanBind {
    fn default() -> LanBind {
        LanBind(SocketAddr::new(
            IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            timefork_net::DEFAULT_PORT,
        ))
    }
}

/// The server this window runs for a local-network game; it stops when dropped.
#[derive(Resource)]
pub struct LanServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// The game hosted, as the room was asked for (its `color`: the host's side).
    pub seek: Seek,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl LanServer {
    /// The side the other player will play.
    pub fn joiner_side(&self) -> Side {
        self.seek.color.unwrap_or(Side::White).opponent()
    }
}

impl Drop for LanServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        // Joined, so the port is free for the next hosting when this returns.
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Starts the server and this window's player on it, in a private room of `seek` (its
/// `color`: the host's side). The other player joins with the room's code.
pub fn host(world: &mut World, seek: Seek) -> Result<(), String> {
    stop(world);
    let bind = world
        .get_resource::<LanBind>()
        .copied()
        .unwrap_or_default()
        .0;
    let config = crate::files::ConfigDir::of(world);
    let db = config.join(DATABASE);
    for suffix in ["", "-wal", "-shm"] {
        let f = std::path::PathBuf::from(format!("{}{suffix}", db.display()));
        if let Err(e) = std::fs::remove_file(&f)
            && e.kind() != std::io::ErrorKind::NotFound
        {
            return Err(format!("{}: {e}", f.display()));
        }
    }
    std::fs::create_dir_all(&config).map_err(|e| format!("{}: {e}", config.display()))?;
    let (started_tx, started) = std::sync::mpsc::channel::<Result<SocketAddr, String>>();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let database = format!("sqlite:{}", db.display());
    let thread = std::thread::Builder::new()
        .name("lan-server".into())
        .spawn(move || serve(bind, database, started_tx, stop_rx))
        .map_err(|e| e.to_string())?;
    let addr = match started.recv_timeout(Duration::from_secs(20)) {
        Ok(Ok(addr)) => addr,
        Ok(Err(e)) => {
            let _ = thread.join();
            return Err(e);
        }
        Err(_) => return Err("the server did not start".into()),
    };
    info!("hosting {:?} on {addr}", seek.game);
    world.insert_resource(LanServer {
        addr,
        seek: seek.clone(),
        stop: Some(stop_tx),
        thread: Some(thread),
    });
    let name = lan_name(&player_name(world), "Host");
    let own = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), addr.port());
    let link = OnlineLink::start_lan(own.to_string(), name, config);
    // Sent once the link has said Hello.
    link.send(ToServer::Private { seek });
    world.insert_resource(link);
    Ok(())
}

/// The server's thread: start, say where it listens (or why it cannot), serve until
/// told to stop or the window lets go.
fn serve(
    bind: SocketAddr,
    database: String,
    started: std::sync::mpsc::Sender<Result<SocketAddr, String>>,
    stop: tokio::sync::oneshot::Receiver<()>,
) {
    let rt = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            let _ = started.send(Err(e.to_string()));
            return;
        }
    };
    rt.block_on(async move {
        let config = timefork_server::Config {
            listen: bind,
            database,
            tls: None,
            limits: timefork_server::Limits::default(),
        };
        match timefork_server::start(config).await {
            Ok(server) => {
                let _ = started.send(Ok(server.addr));
                let _ = stop.await;
                server.abort();
            }
            Err(e) => {
                let _ = started.send(Err(e));
            }
        }
    });
}

/// Stops hosting (and this window's link to its own server, or to the host it joined).
pub fn stop(world: &mut World) {
    if world
        .get_resource::<OnlineLink>()
        .is_some_and(|l| l.is_lan())
    {
        if let Some(l) = world.remove_resource::<OnlineLink>() {
            l.send(ToServer::Bye);
        }
        world.remove_resource::<super::NetSession>();
    }
    world.remove_resource::<LanServer>();
}

/// Hosts when the frame's commands run, and shows the hosting screen; `failed` hears
/// why it could not (the port taken, no settings folder).
pub fn queue_hosting(
    commands: &mut Commands,
    seek: Seek,
    failed: impl FnOnce(&mut World, String) + Send + 'static,
) {
    commands.queue(move |world: &mut World| match host(world, seek) {
        Ok(()) => world
            .resource_mut::<NextState<crate::screens::Screen>>()
            .set(crate::screens::Screen::NetHost),
        Err(e) => failed(
            world,
            timefork_i18n::tr!("net-cannot-host", error = e.as_str()),
        ),
    });
}

fn player_name(world: &World) -> String {
    world
        .get_resource::<crate::settings::Settings>()
        .map(|s| s.player_name.clone())
        .unwrap_or_default()
}

/// A player's name as a server takes it (2 to 20 letters, digits, `_` or `-`): other
/// characters become `_`, and a name too short is `fallback`.
pub fn lan_name(name: &str, fallback: &str) -> String {
    let cleaned: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .take(timefork_net::online::NAME_MAX_CHARS)
        .collect();
    if timefork_net::online::valid_name(&cleaned) {
        cleaned
    } else {
        fallback.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_players_name_becomes_one_a_server_takes() {
        assert_eq!(lan_name("Ada", "Host"), "Ada");
        assert_eq!(lan_name(" Ada Lovelace ", "Host"), "Ada_Lovelace");
        assert_eq!(lan_name("Ана", "Host"), "Ана");
        assert_eq!(lan_name("", "Guest"), "Guest");
        assert_eq!(lan_name("A", "Guest"), "Guest");
        let long = lan_name(&"x".repeat(80), "Guest");
        assert!(timefork_net::online::valid_name(&long), "{long}");
    }
}
