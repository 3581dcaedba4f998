//! Hostile clients against a server with a game going on: random datagrams at its port,
//! garbage byte streams, a frame over the limit, a flood of frames, a hundred
//! connections that never say Hello, and the real player's token replayed from another
//! address. The server stays up, the real players' game goes on, and nothing is written
//! for the attackers.

mod common;

use std::io::{Read, Write};
use std::net::{TcpStream, UdpSocket};
use std::time::Duration;

use common::{InProcess, Player, databases};
use timefork_engine::notation;
use timefork_net::msg::{FiveDReq, ToJoiner};
use timefork_net::online::{ClockSpec, OnlineRefusal, PlayReq, Seek, ToClient, ToServer};
use timefork_net::{decode, encode};
use timefork_records::{GameKind, Side};
use timefork_server::Limits;

/// Reads what the server sends until it closes; the last frame it sent, if any.
fn read_until_closed(mut s: TcpStream, wait: Duration) -> (bool, Option<ToClient>) {
    s.set_read_timeout(Some(wait)).unwrap();
    let mut all = Vec::new();
    let mut buf = [0u8; 4096];
    let closed = loop {
        match s.read(&mut buf) {
            Ok(0) => break true,
            Ok(n) => all.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break true,
            Err(_) => break false,
        }
    };
    let text = String::from_utf8_lossy(&all);
    let last = text.lines().rev().find_map(|l| decode::<ToClient>(l).ok());
    (closed, last)
}

fn refused(why: OnlineRefusal) -> Option<ToClient> {
    Some(ToClient::Refused { why })
}

fn move_of(p: &mut Player, game: u64, text: &str) {
    let seq = p.next_seq();
    p.send(ToServer::Play {
        game,
        seq,
        req: PlayReq::FiveD {
            req: FiveDReq::Move { text: text.into() },
        },
    });
    p.expect("Accepted", |m| match m {
        ToClient::Game {
            msg: ToJoiner::Accepted { seq: s },
            ..
        } if *s == seq => Some(()),
        ToClient::Game {
            msg: ToJoiner::Rejected { reason, .. },
            ..
        } => panic!("{text}: {reason}"),
        _ => None,
    });
}

#[test]
fn attackers_change_nothing_and_the_real_game_goes_on() {
    for db in databases() {
        let limits = Limits {
            hello_deadline: Duration::from_secs(2),
            ..Limits::default()
        };
        let server = InProcess::start(&db, limits);
        let addr = server.addr;
        let seek = Seek {
            game: GameKind::FiveD,
            variant: None,
            clock: Some(ClockSpec {
                base_s: 600,
                increment_s: 0,
            }),
            rated: true,
            color: Some(Side::White),
            range: None,
        };
        let mut white = Player::new(addr, "Real1");
        let mut black = Player::new(addr, "Real2");
        white.send(ToServer::Seek { seek: seek.clone() });
        white.expect("Seeking", |m| matches!(m, ToClient::Seeking).then_some(()));
        black.send(ToServer::Seek {
            seek: Seek {
                color: None,
                ..seek
            },
        });
        let id = white.expect("Started", |m| match m {
            ToClient::Started { info } => Some(info.id),
            _ => None,
        });
        move_of(&mut white, id, "(0T1)e2e4");

        // Random datagrams at the port (nothing listens for UDP there).
        let udp = UdpSocket::bind("127.0.0.1:0").unwrap();
        for i in 0..200u32 {
            let junk: Vec<u8> = (0..(i % 97) + 1).map(|k| (k * 31 + i) as u8).collect();
            let _ = udp.send_to(&junk, addr);
        }
        // A hundred connections that never say anything.
        let silent: Vec<TcpStream> = (0..100)
            .map(|_| TcpStream::connect(addr).unwrap())
            .collect();
        // Garbage bytes, with and without line ends: refused and closed.
        let mut garbage = TcpStream::connect(addr).unwrap();
        let bytes: Vec<u8> = (0..5000u32)
            .map(|k| (k.wrapping_mul(2_654_435_761) >> 24) as u8)
            .collect();
        garbage.write_all(&bytes).unwrap();
        garbage
            .write_all(b"\n{\"proto\": 2, \"app\": \"x\", \"body\": {\"t\": \"hack\"}}\n")
            .unwrap();
        // A frame over the limit (no line end within 16 KiB).
        let mut huge = TcpStream::connect(addr).unwrap();
        let _ = huge.write_all(&vec![b'a'; 64 * 1024]);
        // A flood of frames before any Hello.
        let mut flood = TcpStream::connect(addr).unwrap();
        let ping = format!("{}\n", encode(&ToServer::Ping)).repeat(1000);
        let _ = flood.write_all(ping.as_bytes());
        // The real player's token, replayed from another address of this computer.
        let rt = tokio::runtime::Runtime::new().unwrap();
        let replayed = rt.block_on(async {
            use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
            let sock = tokio::net::TcpSocket::new_v4().unwrap();
            sock.bind("127.0.0.2:0".parse().unwrap()).unwrap();
            let mut s = sock.connect(addr).await.unwrap();
            let hello = ToServer::Hello {
                name: white.name.clone(),
                token: Some(white.token.clone()),
                bot: false,
            };
            s.write_all(format!("{}\n", encode(&hello)).as_bytes())
                .await
                .unwrap();
            let mut line = String::new();
            BufReader::new(s).read_line(&mut line).await.unwrap();
            decode::<ToClient>(line.trim_end()).unwrap()
        });
        assert_eq!(
            replayed,
            ToClient::Refused {
                why: OnlineRefusal::InUse
            },
            "{}",
            db.what
        );

        let wait = Duration::from_secs(10);
        let (closed, last) = read_until_closed(garbage, wait);
        assert!(
            closed && last == refused(OnlineRefusal::Protocol),
            "{last:?}"
        );
        let (closed, last) = read_until_closed(huge, wait);
        assert!(
            closed && last == refused(OnlineRefusal::TooMany),
            "{last:?}"
        );
        let (closed, last) = read_until_closed(flood, wait);
        assert!(
            closed && last == refused(OnlineRefusal::TooMany),
            "{last:?}"
        );
        // The silent ones are closed at the Hello's deadline (2 s here).
        for s in silent {
            let (closed, last) = read_until_closed(s, wait);
            assert!(
                closed && last == refused(OnlineRefusal::Protocol),
                "{last:?}"
            );
        }

        // The game goes on, and both players are still who they were.
        let start = notation::read_game("[Board \"Standard\"]\n").unwrap();
        let mut pos = start.start.clone();
        let e4 = notation::read_turn_moves(&pos, "(0T1)e2e4").unwrap();
        pos.make_move(&e4[0]);
        let seq = white.next_seq();
        white.send(ToServer::Play {
            game: id,
            seq,
            req: PlayReq::FiveD {
                req: FiveDReq::Submit,
            },
        });
        white.expect("Accepted", |m| {
            matches!(m, ToClient::Game { msg: ToJoiner::Accepted { seq: s }, .. } if *s == seq)
                .then_some(())
        });
        move_of(&mut black, id, "(0T1)e7e5");
        let counts = rt.block_on(async {
            let store = timefork_server::store::Store::open(&db.url).await.unwrap();
            (
                store.count("players").await.unwrap(),
                store.count("games").await.unwrap(),
            )
        });
        assert_eq!(
            counts,
            (2, 1),
            "{}: only the real players and their game",
            db.what
        );
    }
}
