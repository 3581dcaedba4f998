//! A player's connection to a Timefork server, without threads of its own: frames out,
//! frames in with a deadline. The CLI's bot and load tools and the tests use it.
//!
//! Plain TCP only goes to a server on this computer or this network: a token sent in
//! clear anywhere else could be read on the way. Any other server, or one written
//! `tls://host[:port]`, is reached over TLS (`crate::tls`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream, ToSocketAddrs};

use crate::tls::{Stream, TlsError};
use std::time::{Duration, Instant};

use timefork_net::online::{
    GameInfo, MAX_SERVER_FRAME, OnlineRefusal, Ratings, ToClient, ToServer,
};
use timefork_net::{decode, encode};

pub struct Client {
    reader: BufReader<Stream>,
    pub addr: SocketAddr,
    /// The server's certificate fingerprint, over TLS.
    pub fingerprint: Option<String>,
    line: Vec<u8>,
}

/// What the server said to a Hello.
#[derive(Clone, Debug, PartialEq)]
pub struct Welcome {
    pub name: String,
    /// A new name's token, to keep.
    pub token: Option<String>,
    pub games: Vec<GameInfo>,
    pub ratings: Ratings,
}

/// Why a Hello got no Welcome.
#[derive(Clone, Debug, PartialEq)]
pub enum HelloError {
    /// The server said no, and why.
    Refused { why: OnlineRefusal, text: String },
    /// The server's TLS certificate is not one to accept without the player's word (see
    /// `crate::tls::TlsError`).
    Certificate(String),
    /// No answer, a broken connection, an error.
    Other(String),
}

impl HelloError {
    /// Whether trying again cannot help (the name or token is not the server's).
    pub fn is_final(&self) -> bool {
        matches!(self, HelloError::Certificate(_))
            || matches!(
                self,
                HelloError::Refused {
                    why: OnlineRefusal::BadName
                        | OnlineRefusal::NameTaken
                        | OnlineRefusal::BadToken
                        | OnlineRefusal::Version,
                    ..
                }
            )
    }
}

impl std::fmt::Display for HelloError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HelloError::Refused { text, .. }
            | HelloError::Certificate(text)
            | HelloError::Other(text) => f.write_str(text),
        }
    }
}

/// Whether a token may travel in clear to `ip`: this computer, or a private network
/// (RFC 1918, link-local, IPv6 unique-local).
pub fn local_network(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback() || v4.is_private() || v4.is_link_local(),
        IpAddr::V6(v6) => {
            v6.is_loopback()
                || (v6.segments()[0] & 0xfe00) == 0xfc00
                || (v6.segments()[0] & 0xffc0) == 0xfe80
        }
    }
}

/// `host:port`, `host` (the default port), `[v6]:port`.
pub fn resolve(server: &str) -> Result<SocketAddr, String> {
    let s = server.trim();
    let with_port = if s.parse::<SocketAddr>().is_ok()
        || s.rsplit_once(':')
            .is_some_and(|(h, p)| !h.ends_with(':') && p.parse::<u16>().is_ok() && !h.contains(':'))
    {
        s.to_string()
    } else if s.parse::<std::net::Ipv6Addr>().is_ok() {
        format!("[{s}]:{}", timefork_net::online::DEFAULT_SERVER_PORT)
    } else {
        format!("{s}:{}", timefork_net::online::DEFAULT_SERVER_PORT)
    };
    with_port
        .to_socket_addrs()
        .map_err(|e| format!("{s}: {e}"))?
        .next()
        .ok_or_else(|| format!("{s}: no address"))
}

/// The host part of a server's address as typed (`host:port`, `[v6]:port`, `host`),
/// without `tls://`.
fn host_of(server: &str) -> &str {
    let s = server.trim();
    if let Some(rest) = s.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    match s.rsplit_once(':') {
        Some((h, p)) if !h.contains(':') && p.parse::<u16>().is_ok() => h,
        _ => s,
    }
}

/// Where a server is, and whether it takes TLS: written `tls://...`, or anywhere but this
/// computer or network. Also the address without `tls://`.
fn route(server: &str) -> Result<(bool, &str, SocketAddr), String> {
    let (tls, server) = match server.trim().strip_prefix("tls://") {
        Some(rest) => (true, rest),
        None => (false, server.trim()),
    };
    let addr = resolve(server)?;
    Ok((tls || !local_network(addr.ip()), server, addr))
}

impl Client {
    /// Connects: plain TCP to a server on this computer or network, TLS to any other or
    /// to one written `tls://...` (a certificate no authority signed is refused: see
    /// `connect_trusting`).
    pub fn connect(server: &str, timeout: Duration) -> Result<Client, String> {
        Client::connect_trusting(server, timeout, None).map_err(|e| e.to_string())
    }

    /// `connect`, accepting over TLS the certificate whose fingerprint is `trusted` (the
    /// one the player saw and trusted for this server before).
    pub fn connect_trusting(
        server: &str,
        timeout: Duration,
        trusted: Option<&str>,
    ) -> Result<Client, TlsError> {
        let (tls, server, addr) = route(server).map_err(TlsError::Other)?;
        let sock = TcpStream::connect_timeout(&addr, timeout)
            .map_err(|e| TlsError::Other(format!("cannot reach {addr}: {e}")))?;
        let _ = sock.set_nodelay(true);
        let (stream, fingerprint) = if tls {
            // The handshake waits no longer than the connection may.
            let _ = sock.set_read_timeout(Some(timeout));
            let stream = crate::tls::handshake(sock, host_of(server), trusted)?;
            let fp = match &stream {
                Stream::Tls(t) => t
                    .conn
                    .peer_certificates()
                    .and_then(|c| c.first())
                    .map(|c| crate::tls::fingerprint(c)),
                Stream::Plain(_) => None,
            };
            (stream, fp)
        } else {
            (Stream::Plain(sock), None)
        };
        Ok(Client {
            reader: BufReader::new(stream),
            addr,
            fingerprint,
            line: Vec::new(),
        })
    }

    pub fn send(&mut self, msg: &ToServer) -> Result<(), String> {
        let mut text = encode(msg);
        text.push('\n');
        let stream = self.reader.get_mut();
        stream
            .write_all(text.as_bytes())
            .and_then(|()| stream.flush())
            .map_err(|e| format!("the server connection broke: {e}"))
    }

    /// The next frame, waiting at most `wait`; Ok(None) when none came in time.
    pub fn recv(&mut self, wait: Duration) -> Result<Option<ToClient>, String> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            self.reader
                .get_ref()
                .tcp()
                .set_read_timeout(Some(left))
                .map_err(|e| e.to_string())?;
            let before = self.line.len();
            let r = (&mut self.reader)
                .take((MAX_SERVER_FRAME + 1 - before.min(MAX_SERVER_FRAME)) as u64)
                .read_until(b'\n', &mut self.line);
            match r {
                Ok(0) if self.line.len() == before => {
                    return Err("the server closed the connection".into());
                }
                Ok(_) if self.line.last() == Some(&b'\n') => {
                    let text = String::from_utf8_lossy(&self.line).into_owned();
                    self.line.clear();
                    return decode::<ToClient>(text.trim_end())
                        .map(Some)
                        .map_err(|e| format!("the server sent {e}"));
                }
                Ok(_) if self.line.len() > MAX_SERVER_FRAME => {
                    return Err("the server sent a frame over the limit".into());
                }
                Ok(_) => {}
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => return Err(format!("the server connection broke: {e}")),
            }
        }
    }

    /// Says Hello and waits for the answer (other frames before it are dropped).
    pub fn hello(
        &mut self,
        name: &str,
        token: Option<&str>,
        bot: bool,
        wait: Duration,
    ) -> Result<Welcome, HelloError> {
        self.send(&ToServer::Hello {
            name: name.to_string(),
            token: token.map(str::to_string),
            bot,
        })
        .map_err(HelloError::Other)?;
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv(left).map_err(HelloError::Other)? {
                None => {
                    return Err(HelloError::Other(
                        "the server did not answer the Hello".into(),
                    ));
                }
                Some(ToClient::Welcome {
                    name,
                    token,
                    games,
                    ratings,
                }) => {
                    return Ok(Welcome {
                        name,
                        token,
                        games,
                        ratings,
                    });
                }
                Some(ToClient::Refused { why }) => {
                    let text = refusal_text(&why, name);
                    return Err(HelloError::Refused { why, text });
                }
                Some(ToClient::Error { reason }) => return Err(HelloError::Other(reason)),
                Some(_) => {}
            }
        }
    }
}

/// A refusal in words.
pub fn refusal_text(why: &OnlineRefusal, name: &str) -> String {
    match why {
        OnlineRefusal::Version => "the server runs another release of Timefork".into(),
        OnlineRefusal::BadName => {
            format!("`{name}` is not a name the server takes: 2 to 20 letters, digits, `_` or `-`")
        }
        OnlineRefusal::NameTaken => format!("the name {name} is someone else's: choose another"),
        OnlineRefusal::BadToken => {
            format!("the server does not know {name} with this computer's token")
        }
        OnlineRefusal::InUse => format!("{name} is playing from another computer now"),
        OnlineRefusal::TooMany => "too many connections or requests: wait and try again".into(),
        OnlineRefusal::Protocol => "the server did not understand this program".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_tcp_only_to_this_computer_or_network() {
        for ok in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.0.9",
            "172.16.0.1",
            "::1",
            "fd00::1",
            "fe80::1",
        ] {
            assert!(local_network(ok.parse().unwrap()), "{ok}");
        }
        for far in ["8.8.8.8", "172.32.0.1", "2001:db8::1"] {
            assert!(!local_network(far.parse().unwrap()), "{far}");
        }
        // Far servers, and any written tls://, are reached over TLS.
        let tls = |s: &str| route(s).unwrap().0;
        assert!(tls("8.8.8.8:5760"));
        assert!(tls("[2001:db8::1]:5760"));
        assert!(tls("tls://127.0.0.1:7000"));
        assert!(!tls("127.0.0.1"));
        assert!(!tls("192.168.1.20:5760"));
        assert_eq!(route("tls://127.0.0.1:7000").unwrap().1, "127.0.0.1:7000");
        assert_eq!(host_of("example.org:5760"), "example.org");
        assert_eq!(host_of("[::1]:5760"), "::1");
        assert_eq!(host_of("example.org"), "example.org");
    }

    #[test]
    fn addresses_take_the_default_port() {
        assert_eq!(resolve("127.0.0.1").unwrap().port(), 5760);
        assert_eq!(resolve("127.0.0.1:7000").unwrap().port(), 7000);
        assert_eq!(resolve("::1").unwrap().port(), 5760);
        assert_eq!(resolve("[::1]:7001").unwrap().port(), 7001);
        assert_eq!(resolve("localhost:7002").unwrap().port(), 7002);
    }
}
