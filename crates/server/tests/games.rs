//! Whole games over loopback with the real server and headless clients: a rated 5D game
//! to checkmate (a public game, conformance data), a private room joined by code with a
//! spectator who sees every move and whose requests are refused, a player cut and
//! reconnected, and the server stopped as in a crash and started again on the same
//! database. On SQLite, and on PostgreSQL when `TIMEFORK_TEST_POSTGRES` names one.

mod common;

use common::{InProcess, Player, databases};
use timefork_engine::{Game, Move, notation};
use timefork_net::msg::{DrawMsg, FiveDReq, FiveDSync, Snapshot, ToJoiner};
use timefork_net::online::{ClockSpec, GameInfo, PlayReq, Seek, ToClient, ToServer};
use timefork_records::{GameKind, Side};
use timefork_server::Limits;

const STANDARD: &str = include_str!("../../engine/tests/data/conformance/standard.5dpgn");

fn seek(rated: bool) -> Seek {
    Seek {
        game: GameKind::FiveD,
        variant: Some("Standard".into()),
        clock: Some(ClockSpec {
            base_s: 600,
            increment_s: 5,
        }),
        rated,
        color: None,
        range: None,
    }
}

fn started(p: &mut Player) -> GameInfo {
    p.expect("Started", |m| match m {
        ToClient::Started { info } => Some(info.clone()),
        _ => None,
    })
}

/// Sends one request of `p`'s side in game `id` and waits for it to be accepted.
fn request(p: &mut Player, id: u64, req: PlayReq) {
    let seq = p.next_seq();
    p.send(ToServer::Play {
        game: id,
        seq,
        req: req.clone(),
    });
    p.expect("an answer", |m| match m {
        ToClient::Game {
            msg: ToJoiner::Accepted { seq: s },
            ..
        } if *s == seq => Some(()),
        ToClient::Game {
            msg: ToJoiner::Rejected { seq: s, reason },
            ..
        } if *s == seq => panic!("{req:?} refused: {reason}"),
        _ => None,
    });
}

/// Plays one whole action as `p` in game `id`, each request accepted.
fn play_action(p: &mut Player, id: u64, before: &Game, action: &[Move]) {
    let mut pos = before.position().clone();
    for m in action {
        let text = notation::write_move(&pos, m);
        pos.make_move(m);
        request(
            p,
            id,
            PlayReq::FiveD {
                req: FiveDReq::Move { text },
            },
        );
    }
    request(
        p,
        id,
        PlayReq::FiveD {
            req: FiveDReq::Submit,
        },
    );
}

/// Two new players seeking the same game are paired; returns them White first.
fn paired(addr: std::net::SocketAddr, a: &str, b: &str, rated: bool) -> (Player, Player, u64) {
    let mut pa = Player::new(addr, a);
    let mut pb = Player::new(addr, b);
    pa.send(ToServer::Seek { seek: seek(rated) });
    pa.expect("Seeking", |m| matches!(m, ToClient::Seeking).then_some(()));
    pb.send(ToServer::Seek { seek: seek(rated) });
    let ia = started(&mut pa);
    let ib = started(&mut pb);
    assert_eq!(ia.id, ib.id);
    assert_eq!(ia.white.name, ib.white.name);
    assert_ne!(ia.seat, ib.seat);
    assert!(ia.rated == rated && ia.kind == GameKind::FiveD);
    // A new player's rating is 1500 and provisional.
    assert_eq!(ia.white.rating, 1500.0);
    assert!(ia.white.provisional);
    let id = ia.id;
    if ia.seat == Some(Side::White) {
        (pa, pb, id)
    } else {
        (pb, pa, id)
    }
}

#[test]
fn a_rated_5d_game_to_checkmate_moves_both_ratings() {
    for db in databases() {
        let server = InProcess::start(&db, Limits::default());
        let (mut white, mut black, id) = paired(server.addr, "Anna", "Boris", true);
        let game = notation::read_game(STANDARD).unwrap();
        let mut replay = Game::new(game.start.clone());
        for (k, action) in game.actions.iter().enumerate() {
            let p = if k % 2 == 0 { &mut white } else { &mut black };
            play_action(p, id, &replay, action);
            replay.apply_action(action).unwrap();
        }
        // The conformance data: no legal action in the last state, Black mates.
        for p in [&mut white, &mut black] {
            let (result, reason, ratings) = p.expect("Ended", |m| match m {
                ToClient::Ended {
                    game,
                    result,
                    reason,
                    ratings,
                } if *game == id => Some((result.clone(), reason.clone(), *ratings)),
                _ => None,
            });
            assert_eq!(result, "0-1", "{}", db.what);
            assert_eq!(reason, "Black wins by checkmate");
            let [w, b] = ratings.expect("a rated game moves the ratings");
            assert!(w.after < w.before && b.after > b.before, "{w:?} {b:?}");
        }
        // Every move reached the other side too: White heard Black's last turn.
        let heard = white.seen.iter().any(|m| {
            matches!(m, ToClient::Game { msg: ToJoiner::FiveD { sync: FiveDSync::Actions { from, .. } }, .. } if *from == 15)
        });
        assert!(heard, "{}", db.what);
        // The ratings page and the record.
        white.send(ToServer::Ratings {
            name: black.name.clone(),
        });
        let r = white.expect("Ratings", |m| match m {
            ToClient::Ratings { ratings, .. } => Some(*ratings),
            _ => None,
        });
        assert_eq!(r.fived.games, 1);
        assert!(r.fived.rating > 1500.0 && r.fived.deviation < 350.0);
        assert_eq!((r.wager.games, r.wager.rating), (0, 1500.0));
        white.send(ToServer::Record { game: id });
        let record = white.expect("Record", |m| match m {
            ToClient::Record { record, .. } => Some(record.clone()),
            _ => None,
        });
        let back = notation::read_game(&record).unwrap();
        assert_eq!(back.actions, game.actions, "{}", db.what);
        assert_eq!(back.header("Result"), Some("0-1"));
    }
}

#[test]
fn a_private_room_by_code_and_a_spectator_who_sees_every_move_but_cannot_act() {
    for db in databases() {
        let server = InProcess::start(&db, Limits::default());
        let mut host = Player::new(server.addr, "Host");
        let mut friend = Player::new(server.addr, "Friend");
        let mut watcher = Player::new(server.addr, "Watcher");
        host.send(ToServer::Private {
            seek: Seek {
                color: Some(Side::White),
                ..seek(false)
            },
        });
        let code = host.expect("Code", |m| match m {
            ToClient::Code { code } => Some(code.clone()),
            _ => None,
        });
        // A wrong code is an error; the right one, typed in lower case, seats the friend.
        friend.send(ToServer::JoinCode {
            code: "ZZZZZZ".into(),
        });
        friend.expect("Error", |m| {
            matches!(m, ToClient::Error { .. }).then_some(())
        });
        friend.send(ToServer::JoinCode {
            code: code.to_lowercase(),
        });
        let info = started(&mut friend);
        assert_eq!(info.seat, Some(Side::Black));
        assert_eq!(started(&mut host).seat, Some(Side::White));
        let id = info.id;
        // The spectator finds it among the live games and watches.
        watcher.send(ToServer::Live);
        let live = watcher.expect("LiveGames", |m| match m {
            ToClient::LiveGames { games } => Some(games.clone()),
            _ => None,
        });
        assert!(live.iter().any(|g| g.id == id && g.white.name == "Host"));
        watcher.send(ToServer::Watch { game: id });
        assert_eq!(started(&mut watcher).seat, None);
        watcher.expect("Snapshot", |m| {
            matches!(
                m,
                ToClient::Game {
                    msg: ToJoiner::Snapshot {
                        snap: Snapshot::FiveD { .. }
                    },
                    ..
                }
            )
            .then_some(())
        });
        let start = notation::read_game("[Board \"Standard\"]\n").unwrap();
        let mut replay = Game::new(start.start.clone());
        let e4 = notation::read_turn_moves(replay.position(), "(0T1)e2e4").unwrap();
        play_action(&mut host, id, &replay, &e4);
        replay.apply_action(&e4).unwrap();
        // The spectator hears the turn as the players do.
        let text = watcher.expect("the turn", |m| match m {
            ToClient::Game {
                msg:
                    ToJoiner::FiveD {
                        sync: FiveDSync::Actions { from: 0, text },
                    },
                ..
            } => Some(text.clone()),
            _ => None,
        });
        assert_eq!(
            notation::read_actions(&start.start, &text).unwrap(),
            vec![e4]
        );
        // Nothing the spectator sends acts on the game.
        watcher.send(ToServer::Play {
            game: id,
            seq: 1,
            req: PlayReq::FiveD {
                req: FiveDReq::Resign,
            },
        });
        watcher.expect("Rejected", |m| {
            matches!(
                m,
                ToClient::Game {
                    msg: ToJoiner::Rejected { seq: 1, .. },
                    ..
                }
            )
            .then_some(())
        });
        for msg in [
            ToServer::Draw {
                game: id,
                msg: DrawMsg::Offer,
            },
            ToServer::Claim { game: id },
        ] {
            watcher.send(msg);
            watcher.expect("Error", |m| {
                matches!(m, ToClient::Error { .. }).then_some(())
            });
        }
        // The game goes on: Black answers, the spectator hears it.
        let e5 = notation::read_turn_moves(replay.position(), "(0T1)e7e5").unwrap();
        play_action(&mut friend, id, &replay, &e5);
        watcher.expect("Black's turn", |m| {
            matches!(
                m,
                ToClient::Game {
                    msg: ToJoiner::FiveD {
                        sync: FiveDSync::Actions { from: 1, .. }
                    },
                    ..
                }
            )
            .then_some(())
        });
        // A draw offered and accepted ends a casual game unrated.
        host.send(ToServer::Draw {
            game: id,
            msg: DrawMsg::Offer,
        });
        friend.expect("the offer", |m| {
            matches!(
                m,
                ToClient::Game {
                    msg: ToJoiner::Draw {
                        msg: DrawMsg::Offer
                    },
                    ..
                }
            )
            .then_some(())
        });
        friend.send(ToServer::Draw {
            game: id,
            msg: DrawMsg::Accept,
        });
        let (result, ratings) = watcher.expect("Ended", |m| match m {
            ToClient::Ended {
                result, ratings, ..
            } => Some((result.clone(), *ratings)),
            _ => None,
        });
        assert_eq!((result.as_str(), ratings), ("1/2-1/2", None), "{}", db.what);
    }
}

#[test]
fn a_player_cut_off_comes_back_with_the_token_and_the_game_goes_on() {
    for db in databases() {
        let server = InProcess::start(&db, Limits::default());
        let (mut white, black, id) = paired(server.addr, "Cleo", "Dmitri", false);
        let start = Game::new(notation::read_game("[Board \"Standard\"]\n").unwrap().start);
        let d4 = notation::read_turn_moves(start.position(), "(0T1)d2d4").unwrap();
        play_action(&mut white, id, &start, &d4);
        let (name, token) = (black.name.clone(), black.token.clone());
        drop(black);
        let (present, claim) = white.expect("Presence", |m| match m {
            ToClient::Presence {
                side: Side::Black,
                present,
                claim_in_ms,
                ..
            } => Some((*present, *claim_in_ms)),
            _ => None,
        });
        assert!(!present);
        // 600 s base: a twentieth, 30 s, to come back.
        assert_eq!(claim, Some(30_000));
        // Too early to claim.
        white.send(ToServer::Claim { game: id });
        white.expect("Error", |m| {
            matches!(m, ToClient::Error { .. }).then_some(())
        });
        // A stranger with a made-up token is refused, and said nothing of the name.
        let mut stranger =
            timefork_online::client::Client::connect(&server.addr.to_string(), common::WAIT)
                .unwrap();
        let e = stranger
            .hello(&name, Some("00"), false, common::WAIT)
            .unwrap_err();
        let mut nobody =
            timefork_online::client::Client::connect(&server.addr.to_string(), common::WAIT)
                .unwrap();
        let e2 = nobody
            .hello("Nobody", Some("00"), false, common::WAIT)
            .unwrap_err();
        assert_eq!(
            e.to_string().replace(&name, "X"),
            e2.to_string().replace("Nobody", "X")
        );
        let mut black = Player::back(server.addr, &name, &token);
        let info = black
            .welcome
            .games
            .iter()
            .find(|g| g.id == id)
            .cloned()
            .unwrap();
        assert_eq!(info.seat, Some(Side::Black));
        let turns = black.expect("Snapshot", |m| match m {
            ToClient::Game {
                msg:
                    ToJoiner::Snapshot {
                        snap: Snapshot::FiveD { save, .. },
                    },
                ..
            } => Some(notation::read_game(save).unwrap().actions.len()),
            _ => None,
        });
        assert_eq!(turns, 1);
        white.expect("Presence back", |m| {
            matches!(
                m,
                ToClient::Presence {
                    side: Side::Black,
                    present: true,
                    ..
                }
            )
            .then_some(())
        });
        let mut after = start.clone();
        after.apply_action(&d4).unwrap();
        let d5 = notation::read_turn_moves(after.position(), "(0T1)d7d5").unwrap();
        play_action(&mut black, id, &after, &d5);
        white.expect("Black's turn", |m| {
            matches!(
                m,
                ToClient::Game {
                    msg: ToJoiner::FiveD {
                        sync: FiveDSync::Actions { from: 1, .. }
                    },
                    ..
                }
            )
            .then_some(())
        });
    }
}

#[test]
fn a_server_stopped_mid_game_and_started_again_loses_no_acknowledged_move() {
    for db in databases() {
        let server = InProcess::start(&db, Limits::default());
        let addr = server.addr;
        let (mut white, mut black, id) = paired(addr, "Eva", "Fyodor", true);
        let game = notation::read_game(STANDARD).unwrap();
        let mut replay = Game::new(game.start.clone());
        for (k, action) in game.actions.iter().take(6).enumerate() {
            let p = if k % 2 == 0 { &mut white } else { &mut black };
            play_action(p, id, &replay, action);
            replay.apply_action(action).unwrap();
        }
        // White's next move is acknowledged, not yet submitted.
        let mut pos = replay.position().clone();
        let first = game.actions[6][0];
        let seq = white.next_seq();
        white.send(ToServer::Play {
            game: id,
            seq,
            req: PlayReq::FiveD {
                req: FiveDReq::Move {
                    text: notation::write_move(&pos, &first),
                },
            },
        });
        white.expect("Accepted", |m| {
            matches!(m, ToClient::Game { msg: ToJoiner::Accepted { seq: s }, .. } if *s == seq)
                .then_some(())
        });
        pos.make_move(&first);
        server.kill();
        let (wn, wt) = (white.name.clone(), white.token.clone());
        let (bn, bt) = (black.name.clone(), black.token.clone());
        drop((white, black));
        let server = InProcess::start_at(&db, Limits::default(), addr);
        let mut white = Player::back(server.addr, &wn, &wt);
        let mut black = Player::back(server.addr, &bn, &bt);
        for p in [&mut white, &mut black] {
            assert!(p.welcome.games.iter().any(|g| g.id == id), "{}", db.what);
            let (actions, turn) = p.expect("Snapshot", |m| match m {
                ToClient::Game {
                    msg:
                        ToJoiner::Snapshot {
                            snap: Snapshot::FiveD { save, turn, .. },
                        },
                    ..
                } => Some((notation::read_game(save).unwrap().actions, turn.clone())),
                _ => None,
            });
            assert_eq!(actions, game.actions[..6].to_vec(), "{}", db.what);
            assert_eq!(
                notation::read_turn_moves(replay.position(), &turn).unwrap(),
                vec![first]
            );
            p.expect("Restarted", |m| {
                matches!(m, ToClient::Restarted { game } if *game == id).then_some(())
            });
        }
        // The game goes on from the move in progress: White finishes its turn.
        let rest = &game.actions[6][1..];
        let mut reqs: Vec<FiveDReq> = rest
            .iter()
            .map(|m| {
                let t = notation::write_move(&pos, m);
                pos.make_move(m);
                FiveDReq::Move { text: t }
            })
            .collect();
        reqs.push(FiveDReq::Submit);
        for req in reqs {
            let seq = white.next_seq();
            white.send(ToServer::Play {
                game: id,
                seq,
                req: PlayReq::FiveD { req },
            });
            white.expect("Accepted", |m| match m {
                ToClient::Game {
                    msg: ToJoiner::Accepted { seq: s },
                    ..
                } if *s == seq => Some(()),
                ToClient::Game {
                    msg: ToJoiner::Rejected { reason, .. },
                    ..
                } => panic!("{reason}"),
                _ => None,
            });
        }
        black.expect("White's turn", |m| {
            matches!(
                m,
                ToClient::Game {
                    msg: ToJoiner::FiveD {
                        sync: FiveDSync::Actions { from: 6, .. }
                    },
                    ..
                }
            )
            .then_some(())
        });
        black.send(ToServer::Play {
            game: id,
            seq: 99,
            req: PlayReq::FiveD {
                req: FiveDReq::Resign,
            },
        });
        let result = white.expect("Ended", |m| match m {
            ToClient::Ended { result, .. } => Some(result.clone()),
            _ => None,
        });
        assert_eq!(result, "1-0");
    }
}

/// Sends one Kingdrops request and waits for its answer.
fn kd_request(p: &mut Player, id: u64, req: timefork_net::msg::KdReq) {
    request(p, id, PlayReq::Kd { req });
}

#[test]
fn a_whole_kingdrops_game_between_two_clients() {
    use timefork_kingdrops::{Color, Game as KdGame, Placement};
    use timefork_net::msg::KdReq;
    for db in databases() {
        let server = InProcess::start(&db, Limits::default());
        let mut a = Player::new(server.addr, "Kira");
        let mut b = Player::new(server.addr, "Lev");
        let kd_seek = Seek {
            game: GameKind::Kingdrops,
            variant: None,
            clock: None,
            rated: true,
            color: Some(Side::White),
            range: None,
        };
        a.send(ToServer::Seek {
            seek: kd_seek.clone(),
        });
        a.expect("Seeking", |m| matches!(m, ToClient::Seeking).then_some(()));
        b.send(ToServer::Seek {
            seek: Seek {
                color: None,
                ..kd_seek
            },
        });
        let info = started(&mut b);
        assert_eq!(
            (info.kind, info.variant.as_str()),
            (GameKind::Kingdrops, "Kingdrops")
        );
        let id = info.id;
        started(&mut a);
        let (wp, bp) = (
            Placement::standard(Color::White),
            Placement::standard(Color::Black),
        );
        kd_request(
            &mut a,
            id,
            KdReq::SetupReady {
                placement: wp.to_text(),
            },
        );
        kd_request(
            &mut b,
            id,
            KdReq::SetupReady {
                placement: bp.to_text(),
            },
        );
        let mut reference = KdGame::from_setup(&wp, &bp).unwrap();
        let mut over = None;
        for k in 0..300 {
            let white = reference.position().side_to_move() == Color::White;
            let p = if white { &mut a } else { &mut b };
            let turns = reference.legal_turns();
            let turn = turns[(k * 5) % turns.len()];
            for m in turn.moves() {
                kd_request(
                    p,
                    id,
                    KdReq::Move {
                        text: m.to_string(),
                    },
                );
            }
            reference.play(&turn).unwrap();
            if reference.result().is_some() {
                over = reference.result();
                break;
            }
            kd_request(p, id, KdReq::EndTurn);
        }
        if over.is_none() {
            kd_request(&mut b, id, KdReq::Resign);
        }
        let result = a.expect("Ended", |m| match m {
            ToClient::Ended {
                result, ratings, ..
            } => {
                assert!(ratings.is_some(), "a rated game");
                Some(result.clone())
            }
            _ => None,
        });
        let expected = match over {
            Some(r) => r.score_text(),
            None => "1-0",
        };
        assert_eq!(result, expected, "{}", db.what);
        a.send(ToServer::Record { game: id });
        let record = a.expect("Record", |m| match m {
            ToClient::Record { record, .. } => Some(record.clone()),
            _ => None,
        });
        assert_eq!(
            KdGame::from_record(&record).unwrap().turns(),
            reference.turns(),
            "{}",
            db.what
        );
    }
}

#[test]
fn a_whole_timeline_wager_match_between_two_clients() {
    for db in databases() {
        let server = InProcess::start(&db, Limits::default());
        let (mut a, mut b) = (
            Player::new(server.addr, "Mila"),
            Player::new(server.addr, "Nils"),
        );
        let wager = Seek {
            game: GameKind::Wager,
            variant: None,
            clock: Some(ClockSpec {
                base_s: 600,
                increment_s: 10,
            }),
            rated: true,
            color: Some(Side::White),
            range: None,
        };
        a.send(ToServer::Seek {
            seek: wager.clone(),
        });
        a.expect("Seeking", |m| matches!(m, ToClient::Seeking).then_some(()));
        b.send(ToServer::Seek {
            seek: Seek {
                color: None,
                ..wager
            },
        });
        let id = started(&mut b).id;
        started(&mut a);
        let event = |p: &mut Player, text: &str| {
            request(p, id, PlayReq::Wager { event: text.into() });
        };
        event(&mut a, "L0 e2e4");
        event(&mut b, "L0 e7e5");
        event(&mut a, "L0 g1f3 split 10");
        // Wager has no draw by agreement.
        b.send(ToServer::Draw {
            game: id,
            msg: DrawMsg::Offer,
        });
        b.expect("Error", |m| {
            matches!(m, ToClient::Error { .. }).then_some(())
        });
        event(&mut b, "resign");
        let (result, ratings) = a.expect("Ended", |m| match m {
            ToClient::Ended {
                result, ratings, ..
            } => Some((result.clone(), *ratings)),
            _ => None,
        });
        assert_eq!(result, "1-0", "{}", db.what);
        assert!(ratings.is_some());
        a.send(ToServer::Record { game: id });
        let record = a.expect("Record", |m| match m {
            ToClient::Record { record, .. } => Some(record.clone()),
            _ => None,
        });
        let m = timefork_wager::Match::from_record(&record).unwrap();
        assert_eq!(m.events().len(), 4, "{record}");
        assert!(record.contains("[White \"Mila\"]"), "{record}");
    }
}
