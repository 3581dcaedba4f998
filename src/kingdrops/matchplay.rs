//! The Kingdrops match: the one `Game` of the rules crate, the moves of the turn in
//! progress, who plays each side, and the requests that change them. Every change goes
//! through `KdMatch::apply`, which asks the rules first; nothing else writes the game.
//!
//! A turn is played move by move: each move is checked against the moves the rules allow
//! next (`Game::legal_next_moves`), can be taken back until the turn ends, and the turn
//! ends on `EndTurn` once `Game::can_end_turn` allows it, or at once when a move wins.

use super::texts;
use crate::game_kit::{DecidingSystems, GameSystems, PausableSystems};
use crate::players::Player;
use bevy::prelude::*;
use timefork_i18n::tr;
use timefork_kingdrops::{
    Color, Exchange, Game, GameResult, IllegalReason, Kind, Move, Position, Square, Turn,
    TurnError, WinReason,
};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<KdRequest>();
    app.add_message::<KdEvent>();
    app.add_systems(
        Update,
        apply_requests
            .in_set(GameSystems::Apply)
            .run_if(resource_exists::<KdMatch>)
            .in_set(DecidingSystems)
            .in_set(PausableSystems),
    );
}

/// Where a match came from. Only a game set up in the app can enter the leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KdOrigin {
    /// Both sides set up on the setup screen.
    Setup,
    /// A record file.
    File,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KdOutcome {
    /// By the rules: a king captured, a runner on the last rank, a third repetition.
    Rules(GameResult),
    Resigned {
        winner: Color,
    },
    /// Both players agreed to a draw (offered over the network; the rules have no draw).
    DrawAgreed,
    /// Online, where the server keeps a clock: the loser's time ran out.
    TimeOut {
        winner: Color,
    },
    /// Online: the loser left and did not come back in time; the winner claimed it.
    Abandoned {
        winner: Color,
    },
    /// Online: ended before the second turn with no result.
    Aborted,
}

impl KdOutcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            KdOutcome::Rules(r) => Some(r.winner),
            KdOutcome::Resigned { winner }
            | KdOutcome::TimeOut { winner }
            | KdOutcome::Abandoned { winner } => Some(winner),
            KdOutcome::DrawAgreed | KdOutcome::Aborted => None,
        }
    }
}

/// The moves of the turn that ended last, and what its end did (for the highlights and
/// the exchange notice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastTurn {
    pub by: Color,
    pub turn: Turn,
    pub exchanges: Vec<Exchange>,
}

/// The match being played.
#[derive(Resource, Clone, Debug)]
pub struct KdMatch {
    /// Changes whenever a new match replaces this one.
    pub id: u64,
    pub game: Game,
    /// The moves made so far in the turn in progress.
    pub moves: Vec<Move>,
    /// The board as it stands: the game's position after `moves`.
    pub shown: Position,
    /// The moves that may come next in this turn (empty once the turn must end or the
    /// game is over).
    pub next: Vec<Move>,
    /// Whether the turn may end now (`Game::can_end_turn`).
    pub can_end: bool,
    /// How many moves this turn must have (M of the longest-sequence rule).
    pub turn_len: usize,
    pub players: [Player; 2],
    pub origin: KdOrigin,
    pub resigned: Option<Color>,
    /// An ending the players or the network host called, outside the rules and
    /// resignations: a draw agreed, a time-out, an abandonment, an abort.
    pub called: Option<KdOutcome>,
    /// Why the last request was refused, for the panels.
    pub feedback: Option<String>,
    pub last_turn: Option<LastTurn>,
    /// Wall-clock start, for the leaderboard.
    pub started_at: std::time::SystemTime,
    /// A turn was taken back: the game no longer enters the leaderboard.
    pub took_back: bool,
}

static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl crate::game_kit::MatchId for KdMatch {
    fn match_id(&self) -> u64 {
        self.id
    }
}

impl KdMatch {
    pub fn new(game: Game, players: [Player; 2], origin: KdOrigin) -> KdMatch {
        // A game that already has turns (opened from a file) shows its last one.
        let n = game.turns().len();
        let last_turn = n.checked_sub(1).map(|i| {
            let turn = game.turns()[i];
            let by = game.positions()[i].side_to_move();
            let exchanges = game.positions()[i]
                .apply_turn(&turn)
                .map(|o| o.exchanges)
                .unwrap_or_default();
            LastTurn {
                by,
                turn,
                exchanges,
            }
        });
        let mut m = KdMatch {
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            shown: game.position().clone(),
            game,
            moves: Vec::new(),
            next: Vec::new(),
            can_end: false,
            turn_len: 0,
            players,
            origin,
            resigned: None,
            called: None,
            feedback: None,
            last_turn,
            started_at: std::time::SystemTime::now(),
            took_back: false,
        };
        m.refresh();
        m
    }

    /// Whether the person playing the AI may take back now: on their turn, with a turn of
    /// theirs and the AI's answer behind it.
    pub fn can_take_back(&self) -> bool {
        let against_ai = matches!(
            self.players,
            [Player::Human, Player::Ai(_)] | [Player::Ai(_), Player::Human]
        );
        against_ai && !self.is_over() && self.human_to_move() && self.game.turns().len() >= 2
    }

    /// Recomputes what the rules allow now (after every change).
    fn refresh(&mut self) {
        self.shown = self
            .game
            .position()
            .position_after_moves(&self.moves)
            .unwrap_or_else(|_| self.game.position().clone());
        if self.is_over() {
            self.next.clear();
            self.can_end = false;
            self.turn_len = 0;
            return;
        }
        self.turn_len = self.game.position().max_turn_len();
        self.next = self.game.legal_next_moves(&self.moves).unwrap_or_default();
        self.can_end = self.game.can_end_turn(&self.moves).unwrap_or(false);
    }

    pub fn to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    pub fn player(&self, c: Color) -> Player {
        self.players[c.index()]
    }

    pub fn player_to_move(&self) -> Player {
        self.player(self.to_move())
    }

    /// Whether a person at this computer makes the next move.
    pub fn human_to_move(&self) -> bool {
        !self.is_over() && self.player_to_move() == Player::Human
    }

    pub fn outcome(&self) -> Option<KdOutcome> {
        if let Some(r) = self.game.result() {
            return Some(KdOutcome::Rules(r));
        }
        if let Some(o @ KdOutcome::DrawAgreed) = self.called {
            return Some(o);
        }
        self.resigned
            .map(|loser| KdOutcome::Resigned {
                winner: loser.opponent(),
            })
            .or(self.called)
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Who resigns on "Resign": the side to move when a person plays it, else the one
    /// person playing (the AI never resigns).
    pub fn resigner(&self) -> Option<Color> {
        if self.is_over() {
            return None;
        }
        if self.human_to_move() {
            return Some(self.to_move());
        }
        Color::BOTH
            .into_iter()
            .find(|&c| self.player(c) == Player::Human)
    }

    /// The legal next moves of the piece on `from`.
    pub fn moves_from(&self, from: Square) -> Vec<Move> {
        self.next
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Step { from: f, .. } if *f == from))
            .collect()
    }

    /// The legal next drops of a reserve piece of `kind`.
    pub fn drops_of(&self, kind: Kind) -> Vec<Move> {
        self.next
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Drop { kind: k, .. } if *k == kind))
            .collect()
    }

    /// Why `mv` cannot be made next, in a sentence naming the move.
    pub fn explain(&self, mv: Move) -> String {
        if let Some(o) = self.outcome() {
            return tr!(
                "kd-cannot-play-over",
                mv = mv.to_string(),
                result = describe(o).0
            );
        }
        let mut seq = self.moves.clone();
        seq.push(mv);
        let why = match self.game.position().position_after_moves(&seq) {
            Err(TurnError::IllegalMove { reason, .. }) => texts::illegal(&reason),
            Err(e) => texts::turn_error(&e),
            Ok(_) => texts::illegal(&IllegalReason::DeadEnd),
        };
        tr!("kd-not-legal", mv = mv.to_string(), reason = why)
    }

    /// Applies one request; returns what happened, in order.
    pub fn apply(&mut self, req: &KdRequest) -> Result<Vec<KdEvent>, String> {
        if let Some(o) = self.outcome() {
            return Err(tr!("kd-game-over", result = describe(o).0));
        }
        let by = self.to_move();
        let events = match *req {
            KdRequest::Move(mv) => {
                if !self.next.contains(&mv) {
                    return Err(self.explain(mv));
                }
                let capture = match mv {
                    Move::Step { to, .. } => self.shown.piece_at(to).map(|p| p.kind),
                    Move::Drop { .. } => None,
                };
                self.moves.push(mv);
                self.refresh();
                let mut ev = vec![KdEvent::Moved { mv, by, capture }];
                // A winning move ends the turn, and the game, at once.
                if self.shown.winner().is_some() {
                    ev.extend(self.end_turn()?);
                }
                ev
            }
            KdRequest::Undo => {
                let mv = self.moves.pop().ok_or_else(|| tr!("kd-nothing-to-undo"))?;
                self.refresh();
                vec![KdEvent::Undone { mv }]
            }
            KdRequest::EndTurn => self.end_turn()?,
            KdRequest::TakeBack => {
                if !self.can_take_back() {
                    return Err(tr!("kd-no-take-back"));
                }
                self.moves.clear();
                self.game.undo();
                self.game.undo();
                self.last_turn = None;
                self.took_back = true;
                self.refresh();
                vec![KdEvent::TookBack]
            }
            KdRequest::Resign => {
                let loser = self.resigner().ok_or_else(|| tr!("kd-cannot-resign"))?;
                self.resign(loser)
            }
            KdRequest::ResignSide(loser) => {
                if let Player::Ai(_) = self.player(loser) {
                    return Err(tr!("kd-cannot-resign"));
                }
                self.resign(loser)
            }
            KdRequest::AgreeDraw => self.call(KdOutcome::DrawAgreed),
            KdRequest::Called(o) => self.call(o),
        };
        self.feedback = None;
        Ok(events)
    }

    fn call(&mut self, o: KdOutcome) -> Vec<KdEvent> {
        self.moves.clear();
        self.called = Some(o);
        self.refresh();
        vec![KdEvent::Over(o)]
    }

    fn resign(&mut self, loser: Color) -> Vec<KdEvent> {
        self.moves.clear();
        self.resigned = Some(loser);
        self.refresh();
        vec![KdEvent::Over(KdOutcome::Resigned {
            winner: loser.opponent(),
        })]
    }

    fn end_turn(&mut self) -> Result<Vec<KdEvent>, String> {
        let turn = Turn::new(&self.moves).ok_or_else(|| tr!("kd-at-most-three"))?;
        if !self.can_end {
            let made = self.moves.len();
            return Err(if made == 0 && self.turn_len > 0 {
                tr!("kd-cannot-end-none", n = self.turn_len)
            } else {
                tr!("kd-cannot-end-short", made = made, total = self.turn_len)
            });
        }
        let by = self.to_move();
        let outcome = self.game.play(&turn).map_err(|e| texts::turn_error(&e))?;
        self.moves.clear();
        self.last_turn = Some(LastTurn {
            by,
            turn,
            exchanges: outcome.exchanges.clone(),
        });
        self.refresh();
        let mut ev = vec![KdEvent::TurnEnded {
            by,
            turn,
            exchanges: outcome.exchanges,
        }];
        if let Some(r) = self.game.result() {
            ev.push(KdEvent::Over(KdOutcome::Rules(r)));
        }
        Ok(ev)
    }

    /// The turn in progress as move text (`e2e3,d1d2`), empty before the first move.
    pub fn turn_text(&self) -> String {
        self.moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The banner of an outcome: a headline and a line on how it came about.
pub fn describe(o: KdOutcome) -> (String, String) {
    match o {
        KdOutcome::Rules(r) => {
            let w = texts::side(r.winner);
            let l = texts::side(r.winner.opponent());
            let detail = match r.reason {
                WinReason::KingCaptured => tr!("kd-king-captured", loser = l),
                WinReason::LastRank => tr!(
                    "kd-runner-reached",
                    side = w,
                    rank = r.winner.last_rank() + 1
                ),
                WinReason::Repetition => tr!("kd-repetition", loser = l),
            };
            (tr!("kd-wins", side = w), detail)
        }
        KdOutcome::Resigned { winner } => (
            tr!("kd-wins", side = texts::side(winner)),
            tr!("kd-resigned", side = texts::side(winner.opponent())),
        ),
        KdOutcome::DrawAgreed => (tr!("kd-draw"), tr!("kd-draw-agreed")),
        KdOutcome::TimeOut { winner } => (
            tr!("kd-wins", side = texts::side(winner)),
            tr!("kd-time-out", side = texts::side(winner.opponent())),
        ),
        KdOutcome::Abandoned { winner } => (
            tr!("kd-wins", side = texts::side(winner)),
            tr!("kd-abandoned", side = texts::side(winner.opponent())),
        ),
        KdOutcome::Aborted => (tr!("kd-no-result"), tr!("kd-aborted")),
    }
}

/// The banner's detail with the runner named: "a white spearman reached rank 8".
pub fn banner(m: &KdMatch) -> Option<(String, String)> {
    let o = m.outcome()?;
    let (head, mut detail) = describe(o);
    if let (KdOutcome::Rules(r), Some(last)) = (o, &m.last_turn)
        && r.reason == WinReason::LastRank
        && let Some(mv) = last.turn.moves().last()
        && let Some(p) = m.game.position().piece_at(mv.to())
    {
        detail = tr!(
            "kd-piece-reached",
            side = texts::side(p.color),
            name = texts::kind_name(p.kind),
            rank = mv.to().rank() + 1
        );
    }
    Some((head, detail))
}

/// A request to change the match, from a person's input or the AI.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum KdRequest {
    Move(Move),
    /// Take back the last move of the turn in progress.
    Undo,
    /// End the turn (a pass when no move is possible).
    EndTurn,
    Resign,
    /// This side resigns (a network game's other player: "Resign" alone means the
    /// person here).
    ResignSide(Color),
    /// Both players agreed to a draw (a network game's draw offer, accepted).
    AgreeDraw,
    /// The network host ended the game outside the rules (a time-out, an abandonment,
    /// an abort).
    Called(KdOutcome),
    /// The person playing the AI takes back their last turn and the AI's answer.
    TakeBack,
}

/// What a request did; sounds, animation and the camera follow these.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum KdEvent {
    Moved {
        mv: Move,
        by: Color,
        /// The kind taken, if the move captured.
        capture: Option<Kind>,
    },
    Undone {
        mv: Move,
    },
    TurnEnded {
        by: Color,
        turn: Turn,
        exchanges: Vec<Exchange>,
    },
    Over(KdOutcome),
    /// The last turn of each side was taken back.
    TookBack,
    Rejected(String),
}

fn apply_requests(
    mut requests: MessageReader<KdRequest>,
    mut events: MessageWriter<KdEvent>,
    mut m: ResMut<KdMatch>,
) {
    for req in requests.read() {
        match m.apply(req) {
            Ok(ev) => {
                events.write_batch(ev);
            }
            Err(reason) => {
                warn!("Kingdrops request {req:?} refused: {reason}");
                m.feedback = Some(reason.clone());
                events.write(KdEvent::Rejected(reason));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use timefork_kingdrops::Placement;

    fn standard(players: [Player; 2]) -> KdMatch {
        let g = Game::from_setup(
            &Placement::standard(Color::White),
            &Placement::standard(Color::Black),
        )
        .unwrap();
        KdMatch::new(g, players, KdOrigin::Setup)
    }

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    #[test]
    fn a_turn_is_made_move_by_move_and_ends_after_three() {
        // The standard layout: archers on a2-d2, spearmen on e2-h2 (AAAASSSS), so White
        // has plenty of moves and M = 3.
        let mut m = standard([Player::Human; 2]);
        assert_eq!(m.turn_len, 3);
        assert!(!m.can_end);
        m.apply(&KdRequest::Move(mv("e2e3"))).unwrap();
        let e = m.apply(&KdRequest::EndTurn).unwrap_err();
        assert!(e.contains("1 of 3 moves"), "{e}");
        // The spearman on e3 already moved this turn.
        let e = m.apply(&KdRequest::Move(mv("e3e4"))).unwrap_err();
        assert!(e.contains("e3e4") && e.contains("already moved"), "{e}");
        m.apply(&KdRequest::Move(mv("f2f3"))).unwrap();
        m.apply(&KdRequest::Undo).unwrap();
        assert_eq!(m.moves, vec![mv("e2e3")]);
        m.apply(&KdRequest::Move(mv("f2f3"))).unwrap();
        m.apply(&KdRequest::Move(mv("g2g3"))).unwrap();
        assert!(m.can_end && m.next.is_empty());
        let ev = m.apply(&KdRequest::EndTurn).unwrap();
        assert!(matches!(
            ev[0],
            KdEvent::TurnEnded {
                by: Color::White,
                ..
            }
        ));
        assert_eq!(m.to_move(), Color::Black);
        assert!(m.moves.is_empty());
        let e = m.apply(&KdRequest::Undo).unwrap_err();
        assert!(e.contains("no move of this turn"), "{e}");
    }

    #[test]
    fn resigning_is_for_the_person() {
        use crate::players::AiLevel;
        // White is the AI and to move: the person (Black) resigns.
        let mut m = standard([Player::Ai(AiLevel::Easy), Player::Human]);
        m.apply(&KdRequest::Resign).unwrap();
        assert_eq!(
            m.outcome(),
            Some(KdOutcome::Resigned {
                winner: Color::White
            })
        );
        assert!(m.apply(&KdRequest::EndTurn).unwrap_err().contains("over"));
    }
}
