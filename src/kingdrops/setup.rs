//! The setup phase (rules.md section 3): the board starts empty, White places its 16
//! pieces on ranks 1-2, then Black on ranks 7-8. A person drags pieces from the tray (or
//! takes a quick choice: random, mirror the opponent, the standard layout) and presses
//! Ready; the AI chooses its own. `SetupRequest`s change the placement in progress, and
//! `Placement::new` of the rules crate checks it when Ready is pressed. When both sides
//! are ready the match starts.

use super::matchplay::{KdMatch, KdOrigin};
use super::texts;
use crate::game_kit::{DecidingSystems, GameSystems};
use crate::players::Player;
use crate::screens::Screen;
use bevy::prelude::*;
use timefork_i18n::tr;
use timefork_kingdrops::setup::ARMY;
use timefork_kingdrops::{Color, Game, Kind, Placement, Square};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SetupRequest>();
    app.add_systems(OnEnter(Screen::KingdropsSetup), ensure_setup);
    app.add_systems(
        Update,
        (
            apply_setup_requests.in_set(DecidingSystems),
            start_the_match,
        )
            .chain()
            .in_set(GameSystems::Apply)
            .distributive_run_if(resource_exists::<KdSetup>)
            .run_if(in_state(Screen::KingdropsSetup)),
    );
}

/// The quick choices of the setup screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuickLayout {
    /// A random arrangement.
    Random,
    /// The opponent's arrangement reflected across the middle (only once it has set up).
    Mirror,
    /// rules.md's example layout.
    Standard,
}

/// A change to the placement in progress.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum SetupRequest {
    /// A piece from the tray onto a square of the side's two ranks (a piece already
    /// there goes back to the tray).
    Place {
        kind: Kind,
        to: Square,
    },
    /// A placed piece to another square of the two ranks (swapping with one there).
    Shift {
        from: Square,
        to: Square,
    },
    /// A placed piece back to the tray.
    Lift(Square),
    Quick(QuickLayout),
    /// A whole arrangement at once (the AI's).
    Use(Placement),
    /// Everything back to the tray.
    Clear,
    /// The side is done: the placement is checked and kept.
    Ready,
}

/// The setup in progress: who plays each side, whose setup it is, and what is placed.
#[derive(Resource, Clone, Debug)]
pub struct KdSetup {
    pub players: [Player; 2],
    /// The side setting up now (White first, then Black).
    pub side: Color,
    /// The placements of the sides that are ready.
    pub done: [Option<Placement>; 2],
    /// What the side setting up has placed, by square index.
    pub placed: [Option<Kind>; 64],
    /// Why the last request was refused.
    pub feedback: Option<String>,
    /// Changes for every quick random layout.
    seed: u64,
}

impl KdSetup {
    pub fn new(players: [Player; 2]) -> KdSetup {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(7);
        KdSetup {
            players,
            side: Color::White,
            done: [None, None],
            placed: [None; 64],
            feedback: None,
            seed,
        }
    }

    /// The player setting up now.
    pub fn player(&self) -> Player {
        self.players[self.side.index()]
    }

    /// Whether both sides are ready.
    pub fn finished(&self) -> bool {
        self.done.iter().all(Option::is_some)
    }

    /// The pieces placed so far, with their squares.
    pub fn placed_pieces(&self) -> Vec<(Square, Kind)> {
        Square::all()
            .filter_map(|s| self.placed[s.index()].map(|k| (s, k)))
            .collect()
    }

    /// How many of a kind are still in the tray.
    pub fn in_tray(&self, kind: Kind) -> u8 {
        let placed = self.placed.iter().filter(|k| **k == Some(kind)).count() as u8;
        kind.start_count().saturating_sub(placed)
    }

    /// The tray: slot `i` (of 16, in the order of `ARMY`) holds its kind while fewer
    /// than all of that kind are placed (the first slots of a kind fill first).
    pub fn tray(&self) -> [Option<Kind>; 16] {
        let mut out = [None; 16];
        let mut seen = [0u8; 7];
        for (i, &k) in ARMY.iter().enumerate() {
            let n = &mut seen[k as usize];
            if *n < self.in_tray(k) {
                out[i] = Some(k);
            }
            *n += 1;
        }
        out
    }

    pub fn placed_count(&self) -> usize {
        self.placed.iter().flatten().count()
    }

    /// Whether a square is on the two ranks of the side setting up.
    pub fn is_home(&self, sq: Square) -> bool {
        self.side.home_ranks().contains(&sq.rank())
    }

    fn home_error(&self, sq: Square) -> String {
        let [a, b] = self.side.home_ranks();
        tr!(
            "kd-not-home",
            square = sq.to_string(),
            side = texts::side(self.side),
            low = a.min(b) + 1,
            high = a.max(b) + 1
        )
    }

    fn set_layout(&mut self, p: &Placement) {
        self.placed = [None; 64];
        for (sq, k) in p.pieces() {
            self.placed[sq.index()] = Some(k);
        }
    }

    /// Applies one request.
    pub fn apply(&mut self, req: &SetupRequest) -> Result<(), String> {
        if self.finished() {
            return Err(tr!("kd-setup-done"));
        }
        match req {
            SetupRequest::Place { kind, to } => {
                if !self.is_home(*to) {
                    return Err(self.home_error(*to));
                }
                if self.in_tray(*kind) == 0 {
                    return Err(tr!(
                        "kd-all-placed",
                        n = kind.start_count(),
                        pieces = if kind.start_count() == 1 {
                            texts::kind_name(*kind)
                        } else {
                            texts::kind_plural(*kind)
                        },
                        side = texts::side(self.side)
                    ));
                }
                // A piece already on the square goes back to the tray.
                self.placed[to.index()] = Some(*kind);
            }
            SetupRequest::Shift { from, to } => {
                let k = self.placed[from.index()]
                    .ok_or_else(|| tr!("kd-no-piece-to-move", square = from.to_string()))?;
                if !self.is_home(*to) {
                    return Err(self.home_error(*to));
                }
                self.placed[from.index()] = self.placed[to.index()];
                self.placed[to.index()] = Some(k);
            }
            SetupRequest::Lift(sq) => {
                self.placed[sq.index()]
                    .take()
                    .ok_or_else(|| tr!("kd-no-piece-to-lift", square = sq.to_string()))?;
            }
            SetupRequest::Quick(q) => {
                let p = match q {
                    QuickLayout::Random => {
                        self.seed = self
                            .seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        Placement::random(self.side, self.seed)
                    }
                    QuickLayout::Standard => Placement::standard(self.side),
                    QuickLayout::Mirror => {
                        let other = self.done[self.side.opponent().index()]
                            .as_ref()
                            .ok_or_else(|| {
                                tr!(
                                    "kd-nothing-to-mirror",
                                    side = texts::side(self.side.opponent())
                                )
                            })?;
                        Placement::mirror_of(other)
                    }
                };
                self.set_layout(&p);
            }
            SetupRequest::Use(p) => {
                if p.color() != self.side {
                    return Err(tr!(
                        "kd-wrong-layout",
                        layout = texts::side(p.color()),
                        side = texts::side(self.side)
                    ));
                }
                self.set_layout(p);
            }
            SetupRequest::Clear => self.placed = [None; 64],
            SetupRequest::Ready => {
                let p = Placement::new(self.side, &self.placed_pieces()).map_err(|e| {
                    tr!(
                        "kd-not-ready",
                        error = texts::setup_error(&e),
                        n = self.placed_count()
                    )
                })?;
                self.done[self.side.index()] = Some(p);
                self.placed = [None; 64];
                if self.side == Color::White {
                    self.side = Color::Black;
                }
            }
        }
        self.feedback = None;
        Ok(())
    }

    /// The match both placements make (once both are ready).
    pub fn to_match(&self) -> Option<KdMatch> {
        let [Some(w), Some(b)] = &self.done else {
            return None;
        };
        let game = Game::from_setup(w, b).ok()?;
        Some(KdMatch::new(game, self.players, KdOrigin::Setup))
    }
}

/// The setup screen opened without a setup (from the command line) sets one up for a
/// person against the AI.
fn ensure_setup(
    mut commands: Commands,
    setup: Option<Res<KdSetup>>,
    form: Res<super::players::KdPlayers>,
) {
    if setup.is_none() {
        commands.insert_resource(KdSetup::new(form.0));
    }
}

fn apply_setup_requests(
    mut requests: MessageReader<SetupRequest>,
    mut setup: ResMut<KdSetup>,
    mut cues: MessageWriter<crate::audio::Cue>,
) {
    for req in requests.read() {
        apply_setup_request(&mut setup, req, &mut cues);
    }
}

/// One request applied, with its sound, or its refusal kept for the panel.
pub fn apply_setup_request(
    setup: &mut KdSetup,
    req: &SetupRequest,
    cues: &mut MessageWriter<crate::audio::Cue>,
) {
    match setup.apply(req) {
        Ok(()) => {
            cues.write(crate::audio::Cue::Move);
        }
        Err(e) => {
            warn!("setup request {req:?} refused: {e}");
            setup.feedback = Some(e);
        }
    }
}

/// Both sides ready: the game begins.
fn start_the_match(
    mut commands: Commands,
    setup: Res<KdSetup>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(m) = setup.to_match() {
        commands.insert_resource(m);
        commands.remove_resource::<KdSetup>();
        next.set(Screen::KingdropsPlay);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn pieces_go_on_the_two_ranks_and_back_to_the_tray() {
        let mut s = KdSetup::new([Player::Human; 2]);
        let e = s
            .apply(&SetupRequest::Place {
                kind: Kind::King,
                to: sq("e3"),
            })
            .unwrap_err();
        assert!(e.contains("e3 is not on White's ranks 1 and 2"), "{e}");
        s.apply(&SetupRequest::Place {
            kind: Kind::King,
            to: sq("e1"),
        })
        .unwrap();
        assert_eq!(s.in_tray(Kind::King), 0);
        // Tray slot 0 is the king's (ARMY starts with it): empty now.
        assert_eq!(s.tray()[0], None);
        let e = s
            .apply(&SetupRequest::Place {
                kind: Kind::King,
                to: sq("d1"),
            })
            .unwrap_err();
        assert!(e.contains("all 1 king of White"), "{e}");
        // A queen placed on the king's square sends the king back.
        s.apply(&SetupRequest::Place {
            kind: Kind::Queen,
            to: sq("e1"),
        })
        .unwrap();
        assert_eq!(s.in_tray(Kind::King), 1);
        s.apply(&SetupRequest::Shift {
            from: sq("e1"),
            to: sq("d2"),
        })
        .unwrap();
        assert_eq!(s.placed[sq("d2").index()], Some(Kind::Queen));
        s.apply(&SetupRequest::Lift(sq("d2"))).unwrap();
        assert_eq!(s.placed_count(), 0);
        let e = s.apply(&SetupRequest::Ready).unwrap_err();
        assert!(e.contains("0 of 16"), "{e}");
        let e = s
            .apply(&SetupRequest::Quick(QuickLayout::Mirror))
            .unwrap_err();
        assert!(e.contains("Black has not set up yet"), "{e}");
    }

    #[test]
    fn white_then_black_then_the_match() {
        let mut s = KdSetup::new([Player::Human; 2]);
        s.apply(&SetupRequest::Quick(QuickLayout::Standard))
            .unwrap();
        assert_eq!(s.placed_count(), 16);
        s.apply(&SetupRequest::Ready).unwrap();
        assert_eq!(s.side, Color::Black);
        assert!(s.to_match().is_none());
        s.apply(&SetupRequest::Quick(QuickLayout::Mirror)).unwrap();
        // White's standard rank 1 is RBGQKGBR; mirrored, Black's rank 8 is the same.
        assert_eq!(s.placed[sq("d8").index()], Some(Kind::Queen));
        assert_eq!(s.placed[sq("e8").index()], Some(Kind::King));
        s.apply(&SetupRequest::Ready).unwrap();
        let m = s.to_match().unwrap();
        assert_eq!(m.to_move(), Color::White);
        assert_eq!(m.origin, KdOrigin::Setup);
    }
}
