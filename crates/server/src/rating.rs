//! Glicko-2 ratings per game kind (skillratings' implementation of Glickman's paper),
//! updated after each rated game as its own rating period, as lichess does.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use timefork_net::online::Rating;

pub use timefork_net::online::PROVISIONAL_DEVIATION;

/// A rating as stored: Glicko-2's three numbers and the games counted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stored {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
}

impl Default for Stored {
    /// A new player: 1500, deviation 350, volatility 0.06, no games.
    fn default() -> Stored {
        let g = Glicko2Rating::new();
        Stored {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            games: 0,
        }
    }
}

impl Stored {
    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn after(self, g: Glicko2Rating) -> Stored {
        Stored {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            games: self.games + 1,
        }
    }

    pub fn view(self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            games: self.games,
        }
    }

    pub fn provisional(self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }
}

/// Both ratings after a game White scored `white_score` in (1, 0.5 or 0).
pub fn rate(white: Stored, black: Stored, white_score: f64) -> (Stored, Stored) {
    let outcome = if white_score > 0.75 {
        Outcomes::WIN
    } else if white_score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (w, b) = glicko2(
        &white.glicko(),
        &black.glicko(),
        &outcome,
        &Glicko2Config::new(),
    );
    (white.after(w), black.after(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    /// Glickman, "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf): a
    /// player at 1500, RD 200, volatility 0.06, tau 0.5, against 1400/30 (a win),
    /// 1550/100 and 1700/300 (losses) ends at 1464.06, RD 151.52, volatility 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after = glicko2_rating_period(
            &player,
            &[
                (opp(1400.0, 30.0), Outcomes::WIN),
                (opp(1550.0, 100.0), Outcomes::LOSS),
                (opp(1700.0, 300.0), Outcomes::LOSS),
            ],
            &Glicko2Config::new(),
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{}", after.rating);
        assert!(
            (after.deviation - 151.52).abs() < 0.01,
            "{}",
            after.deviation
        );
        assert!(
            (after.volatility - 0.05999).abs() < 0.00001,
            "{}",
            after.volatility
        );
    }

    #[test]
    fn a_win_moves_both_new_players_symmetrically_and_a_draw_between_equals_moves_neither() {
        let new = Stored::default();
        assert_eq!((new.rating, new.deviation, new.games), (1500.0, 350.0, 0));
        assert!(new.provisional());
        let (w, b) = rate(new, new, 1.0);
        assert!(w.rating > 1500.0 && b.rating < 1500.0);
        assert!((w.rating - 1500.0 - (1500.0 - b.rating)).abs() < 1e-9);
        assert!(w.deviation < 350.0 && (w.games, b.games) == (1, 1));
        let (w, b) = rate(new, new, 0.5);
        assert!((w.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
    }
}
