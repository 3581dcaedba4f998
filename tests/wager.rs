//! Timeline Wager in the headless game: requests go through the real systems, the AI
//! thinks (inline, by nodes: the same play on any machine), the record is saved after
//! every event and replays exactly.

mod common;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use common::tap;
use std::time::Duration;
use timefork::game_kit::history::HistoryStep;
use timefork::players::{AiLevel, Player};
use timefork::screens::Screen;
use timefork::wager::ai::WagerAiCap;
use timefork::wager::matchplay::{WagerMatch, WagerOrigin, WagerRequest};
use timefork_wager::chess::{Color, Move, uci};
use timefork_wager::{Action, Match, TimeControl, TimelineEnd};

fn app_with(w: WagerMatch) -> App {
    let mut app = timefork::headless_app();
    app.insert_resource(w);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::WagerPlay);
    // The match's time advances a fixed step a frame, whatever the machine's speed, and
    // the AI answers in the frame it is asked (with `WagerAiCap::Nodes`, the same answer).
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        50,
    )));
    app.insert_resource(timefork::game_kit::tasks::SearchPool::inline());
    app.update();
    app.update();
    app
}

fn new_match(players: [Player; 2], clock: Option<&str>) -> WagerMatch {
    let control = clock.map(|c| TimeControl::parse(c).unwrap());
    WagerMatch::new(Match::new(control), players, WagerOrigin::New)
}

fn w(app: &App) -> &WagerMatch {
    app.world().resource::<WagerMatch>()
}

fn mv(app: &App, timeline: usize, text: &str) -> Move {
    let t = w(app).m.timeline(timeline).unwrap();
    uci::parse(t.board(), text).unwrap()
}

fn send(app: &mut App, side: Color, action: Action) {
    app.world_mut().write_message(WagerRequest { side, action });
    app.update();
}

/// The state a replay must reproduce: each timeline's FEN, bank, openness and end; the
/// secured points; the result; the clocks.
fn state(m: &Match) -> String {
    let tls: Vec<String> = m
        .timelines()
        .iter()
        .map(|t| format!("{} {:?} {} {:?}", t.board(), t.bank(), t.is_open(), t.end()))
        .collect();
    format!(
        "{tls:?} {:?} {:?} {:?}",
        m.secured(),
        m.result(),
        m.clocks()
    )
}

#[test]
fn two_people_split_merge_with_two_confirmations_and_resign() {
    let mut app = app_with(new_match([Player::Human; 2], None));
    // White splits with e4, staking 20: half the stake comes from each share of L0's
    // 50 · 50, so the new L1 (e4 played, Black to move) holds White 10 · Black 10 and L0
    // keeps White 40 · Black 40 and White's turn.
    let e4 = mv(&app, 0, "e2e4");
    send(
        &mut app,
        Color::White,
        Action::Split {
            timeline: 0,
            mv: e4,
            stake: 20,
        },
    );
    {
        let m = &w(&app).m;
        assert_eq!(m.timelines().len(), 2);
        let (b0, b1) = (m.timeline(0).unwrap().bank(), m.timeline(1).unwrap().bank());
        assert_eq!((b0.white, b0.black, b1.white, b1.black), (40, 40, 10, 10));
        // The person who split sees the new timeline.
        assert_eq!(w(&app).viewing, 1);
    }
    // Black answers e5 on L1; White plays e4 on L0, which makes L0 equal to the position
    // after e4 in L1's history: a merge offer.
    let e5 = mv(&app, 1, "e7e5");
    send(
        &mut app,
        Color::Black,
        Action::Move {
            timeline: 1,
            mv: e5,
        },
    );
    let e4 = mv(&app, 0, "e2e4");
    send(
        &mut app,
        Color::White,
        Action::Move {
            timeline: 0,
            mv: e4,
        },
    );
    assert!(
        w(&app).m.offer(0, 1).is_some(),
        "the move made a merge offer"
    );
    // Both people confirm. L1 has played more (e4 e5: 2 plies against 1), so play goes
    // on there and the banks add: 10 · 10 + 40 · 40 = 50 · 50.
    send(
        &mut app,
        Color::White,
        Action::Merge {
            a: 0,
            b: 1,
            accept: true,
        },
    );
    assert!(w(&app).m.offer(0, 1).is_some(), "one yes is not enough");
    send(
        &mut app,
        Color::Black,
        Action::Merge {
            a: 0,
            b: 1,
            accept: true,
        },
    );
    {
        let m = &w(&app).m;
        assert_eq!(
            m.timeline(0).unwrap().end(),
            Some(TimelineEnd::Merged { into: 1 })
        );
        let b1 = m.timeline(1).unwrap().bank();
        assert_eq!((b1.white, b1.black), (50, 50));
        assert_eq!(m.merge_count(), 1);
    }
    // A move on the closed timeline is refused with a clear message and changes nothing.
    let before = state(&w(&app).m);
    send(
        &mut app,
        Color::White,
        Action::Move {
            timeline: 0,
            mv: e4,
        },
    );
    assert!(
        w(&app).feedback.as_deref().unwrap().contains("closed"),
        "{:?}",
        w(&app).feedback
    );
    assert_eq!(state(&w(&app).m), before);
    send(&mut app, Color::Black, Action::Resign);
    let r = w(&app).m.result().unwrap();
    assert_eq!(r.outcome.winner(), Some(Color::White));
}

/// Plays random legal moves for the person, as fast as frames come.
fn scripted_person(app: &mut App, side: Color, seed: &mut u64) {
    let w = w(app);
    if w.m.is_over() {
        return;
    }
    let mut requests = Vec::new();
    // Answer offers: yes.
    for o in w.m.offers() {
        if o.answer(side).is_none() {
            requests.push(Action::Merge {
                a: o.a,
                b: o.b,
                accept: true,
            });
        }
    }
    for t in w.m.to_move(side) {
        let moves = t.game().legal_moves();
        if moves.is_empty() {
            continue;
        }
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        let mv = moves[(*seed % moves.len() as u64) as usize];
        requests.push(Action::Move {
            timeline: t.number(),
            mv,
        });
    }
    for action in requests {
        app.world_mut().write_message(WagerRequest { side, action });
    }
}

#[test]
fn a_whole_match_against_the_ai_splits_merges_and_ends() {
    // White is a scripted person; Black the AI (Hard, quick). 2 minutes + 1 second.
    let mut game = new_match([Player::Human, Player::Ai(AiLevel::Hard)], Some("2+1"));
    let save = std::env::temp_dir().join(format!("timefork-wager-{}.wager", std::process::id()));
    game.autosave = Some(save.clone());
    let mut app = app_with(game);
    app.insert_resource(WagerAiCap::Nodes(3_000));
    // The opening that makes a merge offer: a split with e4, then e4 on L0 as well.
    let e4 = mv(&app, 0, "e2e4");
    send(
        &mut app,
        Color::White,
        Action::Split {
            timeline: 0,
            mv: e4,
            stake: 20,
        },
    );
    let e4 = mv(&app, 0, "e2e4");
    send(
        &mut app,
        Color::White,
        Action::Move {
            timeline: 0,
            mv: e4,
        },
    );
    let mut seed = 7u64;
    let mut frames = 0;
    while !w(&app).m.is_over() {
        scripted_person(&mut app, Color::White, &mut seed);
        app.update();
        frames += 1;
        assert!(frames < 40_000, "the match never ended");
    }
    let m = &w(&app).m;
    assert!(m.split_count() >= 1);
    let answered: Vec<Color> = m
        .events()
        .iter()
        .filter(|e| matches!(e.event.action, Action::Merge { .. }))
        .map(|e| e.event.side)
        .collect();
    assert!(
        answered.contains(&Color::White) && answered.contains(&Color::Black),
        "the merge offer was answered by both sides: {answered:?}"
    );
    let ai_moves = m
        .events()
        .iter()
        .filter(|e| e.event.side == Color::Black && e.event.timeline().is_some())
        .count();
    assert!(ai_moves >= 10, "the AI played: {ai_moves} moves");
    let r = m.result().expect("a decided result");
    eprintln!(
        "{r:?} after {} events, {} splits",
        m.events().len(),
        m.split_count()
    );
    // The autosaved record replays to exactly the same match, clocks included.
    let text = std::fs::read_to_string(&save).unwrap();
    let replayed = Match::from_record(&text).unwrap();
    assert_eq!(state(&replayed), state(m));
    // And it opens again through the game's loader.
    let opened = app
        .world()
        .resource::<timefork::saved_games::GameFiles>()
        .open(&save)
        .unwrap();
    let Some(again) = opened.get::<Match>() else {
        panic!("a .wager file opens as Timeline Wager");
    };
    assert_eq!(state(again), state(m));
    let _ = std::fs::remove_file(save);
}

#[test]
fn a_killed_match_loads_again_from_its_record() {
    let mut game = new_match([Player::Human; 2], Some("5+5"));
    let save =
        std::env::temp_dir().join(format!("timefork-wager-kill-{}.wager", std::process::id()));
    game.autosave = Some(save.clone());
    let mut app = app_with(game);
    for (side, t, text) in [
        (Color::White, 0, "d2d4"),
        (Color::Black, 0, "d7d5"),
        (Color::White, 0, "c2c4"),
    ] {
        let m = mv(&app, t, text);
        send(&mut app, side, Action::Move { timeline: t, mv: m });
        for _ in 0..5 {
            app.update();
        }
    }
    let live = state(&w(&app).m);
    // The app is gone (nothing more is written); what is on disk is the match as of its
    // last event, clocks included.
    drop(app);
    let back = Match::from_record(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(state(&back), live);
    let mut app = app_with(WagerMatch::new(back, [Player::Human; 2], WagerOrigin::File));
    // It plays on from where it stopped: Black to move on L0.
    let e6 = mv(&app, 0, "e7e6");
    send(
        &mut app,
        Color::Black,
        Action::Move {
            timeline: 0,
            mv: e6,
        },
    );
    assert_eq!(w(&app).m.timeline(0).unwrap().plies(), 4);
    let _ = std::fs::remove_file(save);
}

#[test]
fn a_take_back_on_one_timeline_leaves_the_other_and_the_leaderboard_behind() {
    use timefork::wager::matchplay::WagerTakeBack;
    let mut app = app_with(new_match([Player::Human, Player::Ai(AiLevel::Easy)], None));
    app.insert_resource(WagerAiCap::Nodes(3_000));
    // Nothing to take back before a move.
    assert_eq!(w(&app).take_back_side(0), None);
    // White splits with e4 (L1, Black to move there), then plays d4 on L0.
    let e4 = mv(&app, 0, "e2e4");
    send(
        &mut app,
        Color::White,
        Action::Split {
            timeline: 0,
            mv: e4,
            stake: 20,
        },
    );
    let d4 = mv(&app, 0, "d2d4");
    send(
        &mut app,
        Color::White,
        Action::Move {
            timeline: 0,
            mv: d4,
        },
    );
    // The AI answers on both.
    let start = std::time::Instant::now();
    while w(&app)
        .m
        .timelines()
        .iter()
        .any(|t| t.side_to_move() == Color::Black)
    {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the AI never answered"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    // L1 began with the split: nothing of White's there to take back; L0 has d4 and its
    // answer.
    assert_eq!(w(&app).take_back_side(1), None);
    assert_eq!(w(&app).take_back_side(0), Some(Color::White));
    let l1_before = w(&app).m.timeline(1).unwrap().board().to_string();
    let events = w(&app).m.events().len();
    app.world_mut().write_message(WagerTakeBack {
        side: Color::White,
        timeline: 0,
    });
    app.update();
    let m = &w(&app).m;
    assert_eq!(m.events().len(), events - 2);
    let l0 = m.timeline(0).unwrap();
    assert_eq!(l0.game().moves().len(), 0, "L0 is at the start again");
    assert_eq!(l0.side_to_move(), Color::White);
    assert_eq!(m.timeline(1).unwrap().board().to_string(), l1_before);
    assert!(w(&app).took_back);
    // Again on L0: nothing left there; refused with a reason, nothing changed.
    app.world_mut().write_message(WagerTakeBack {
        side: Color::White,
        timeline: 0,
    });
    app.update();
    assert_eq!(w(&app).m.events().len(), events - 2);
    assert!(w(&app).feedback.is_some());
    // A resignation naming the AI's side ends the match, but the AI never resigns: it
    // enters no leaderboard, taken back or not.
    send(&mut app, Color::Black, Action::Resign);
    let now = std::time::SystemTime::now();
    use timefork::wager::records::entry_for;
    assert!(w(&app).m.is_over());
    assert!(entry_for(w(&app), "x", now).is_none());
    app.world_mut().resource_mut::<WagerMatch>().took_back = false;
    assert!(entry_for(w(&app), "x", now).is_none());
}

/// The fool's mate played by the person (Black) against the AI (White, f3 and g4 already
/// played), after a take-back or not: the match, and the leaderboard the game wrote.
fn the_fools_mate_against_the_ai(
    took_back: bool,
) -> (App, timefork_records::leaderboard::Leaderboard) {
    let mut m = Match::new(None);
    for (ms, side, text) in [
        (1_000, Color::White, "f2f3"),
        (2_000, Color::Black, "e7e5"),
        (3_000, Color::White, "g2g4"),
    ] {
        let mv = uci::parse(m.timeline(0).unwrap().board(), text).unwrap();
        m.apply(
            timefork_wager::Event::new(side, Action::Move { timeline: 0, mv }),
            ms,
        )
        .unwrap();
    }
    let mut wm = WagerMatch::new(
        m,
        [Player::Ai(AiLevel::Easy), Player::Human],
        WagerOrigin::New,
    );
    wm.took_back = took_back;
    let mut app = app_with(wm);
    let qh4 = mv(&app, 0, "d8h4");
    send(
        &mut app,
        Color::Black,
        Action::Move {
            timeline: 0,
            mv: qh4,
        },
    );
    app.update();
    let path = &app
        .world()
        .resource::<timefork::leaderboard::LeaderboardFile>()
        .0;
    let board = timefork::leaderboard::load(path);
    (app, board)
}

/// The entry the game writes for a person's win over the AI goes through the
/// leaderboard's own verification: checkmate on the one timeline secures its whole bank,
/// more than 50 points (rules.md), and the win counts the winner's two moves.
#[test]
fn a_win_over_the_ai_enters_the_leaderboard_and_verifies() {
    let (app, board) = the_fools_mate_against_the_ai(false);
    let result = w(&app).m.result().expect("the fool's mate ends the match");
    assert_eq!(result.reason, timefork_wager::EndReason::Points);
    assert_eq!(board.entries.len(), 1, "{board:?}");
    let e = &board.entries[0];
    assert_eq!(e.game, timefork_records::GameKind::Wager);
    assert_eq!(e.human, timefork_records::Side::Black);
    assert_eq!(e.turns, 2);
    assert_eq!(timefork_records::leaderboard::verify(e), Ok(()));
    // The same win after a take-back enters nothing.
    let (app, board) = the_fools_mate_against_the_ai(true);
    assert!(w(&app).m.is_over());
    assert!(board.entries.is_empty());
}

#[test]
fn the_timeline_on_screen_is_browsed_ply_by_ply_and_the_match_goes_on() {
    use timefork::wager::browse::{WagerBrowse, WagerBrowseRequest};
    let mut app = app_with(new_match([Player::Human; 2], None));
    for (side, text) in [
        (Color::White, "e2e4"),
        (Color::Black, "e7e5"),
        (Color::White, "g1f3"),
    ] {
        let mv = mv(&app, 0, text);
        send(&mut app, side, Action::Move { timeline: 0, mv });
    }
    let ply = |app: &App| app.world().resource::<WagerBrowse>().ply(w(app));
    let shown = |app: &App| {
        app.world()
            .resource::<WagerBrowse>()
            .board(w(app))
            .unwrap()
            .to_string()
    };
    assert_eq!(ply(&app), None);
    tap(&mut app, KeyCode::Home);
    assert_eq!(ply(&app), Some(0));
    assert_eq!(
        shown(&app),
        timefork_wager::chess::Board::default().to_string()
    );
    tap(&mut app, KeyCode::ArrowDown);
    tap(&mut app, KeyCode::ArrowDown);
    assert_eq!(ply(&app), Some(2));
    // After 1. e4 e5: the board the game had then.
    let after_two = w(&app).m.timeline(0).unwrap().game().boards()[2].to_string();
    assert_eq!(shown(&app), after_two);
    // The match goes on meanwhile: Black's answer lands; the board shown stays.
    let nc6 = mv(&app, 0, "b8c6");
    send(
        &mut app,
        Color::Black,
        Action::Move {
            timeline: 0,
            mv: nc6,
        },
    );
    assert_eq!(w(&app).m.timeline(0).unwrap().plies(), 4);
    assert_eq!(ply(&app), Some(2));
    assert_eq!(shown(&app), after_two);
    tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(ply(&app), Some(1));
    tap(&mut app, KeyCode::End);
    assert_eq!(ply(&app), None);
    assert_eq!(
        shown(&app),
        w(&app).m.timeline(0).unwrap().board().to_string()
    );
    // A click in the move list, then Esc.
    app.world_mut()
        .write_message(WagerBrowseRequest(HistoryStep::To(3)));
    app.update();
    assert_eq!(ply(&app), Some(3));
    tap(&mut app, KeyCode::Escape);
    assert_eq!(ply(&app), None);
}
