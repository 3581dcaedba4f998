//! The end-of-match table: engine 1's wins, losses and draws by how each game ended, its
//! score, and the Elo difference with its 95% interval.

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Checkmate,
    /// A clock ran out, or no answer came within the time per turn.
    OnTime,
    /// An illegal action, `nobestmove` with legal actions left, a broken answer, or an
    /// engine not ready for the game.
    Forfeit,
    Stalemate,
    /// Still going after `--max-actions` actions: a draw.
    ActionLimit,
    /// `nobestmove`, and the exact search could not decide whether it was mate: a draw.
    Undecided,
}

impl Ending {
    const ALL: [Ending; 6] = [
        Ending::Checkmate,
        Ending::OnTime,
        Ending::Forfeit,
        Ending::Stalemate,
        Ending::ActionLimit,
        Ending::Undecided,
    ];

    fn label(self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::OnTime => "on time",
            Ending::Forfeit => "forfeit",
            Ending::Stalemate => "stalemate",
            Ending::ActionLimit => "action limit",
            Ending::Undecided => "undecided",
        }
    }
}

/// A game's result for engine 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

/// The table and summary lines for `results` (engine 1's score and how each game ended).
pub fn summary(results: &[(Score, Ending)]) -> String {
    let count = |s: Score, e: Option<Ending>| {
        results
            .iter()
            .filter(|(rs, re)| *rs == s && e.is_none_or(|e| e == *re))
            .count()
    };
    let (w, d, l) = (
        count(Score::Win, None),
        count(Score::Draw, None),
        count(Score::Loss, None),
    );
    let mut out = String::new();
    out.push_str(&format!(
        "{:<14}{:>6}{:>8}{:>7}\n",
        "ended by", "wins", "losses", "draws"
    ));
    for e in Ending::ALL {
        let row = [
            count(Score::Win, Some(e)),
            count(Score::Loss, Some(e)),
            count(Score::Draw, Some(e)),
        ];
        if row.iter().all(|n| *n == 0) {
            continue;
        }
        out.push_str(&format!(
            "{:<14}{:>6}{:>8}{:>7}\n",
            e.label(),
            row[0],
            row[1],
            row[2]
        ));
    }
    out.push_str(&format!("{:<14}{w:>6}{l:>8}{d:>7}\n", "all"));
    out.push_str(&format!("wins {w} draws {d} losses {l}\n"));
    let (p, lo, hi) = score_interval(w, d, l);
    out.push_str(&format!("score {:.1}%\n", 100.0 * p));
    let margin = if lo <= 1e-9 || hi >= 1.0 - 1e-9 {
        "inf".to_string()
    } else {
        format!("{:.1}", (elo(hi) - elo(lo)) / 2.0)
    };
    out.push_str(&format!(
        "elo {} +/- {} (95% interval {} .. {})\n",
        fmt_elo(p),
        margin,
        fmt_elo(lo),
        fmt_elo(hi)
    ));
    out
}

/// The mean score per game and its 95% interval (normal approximation over the games'
/// scores 1, 1/2, 0), clamped to 0..1.
pub fn score_interval(w: usize, d: usize, l: usize) -> (f64, f64, f64) {
    let n = (w + d + l) as f64;
    let (w, d, l) = (w as f64, d as f64, l as f64);
    let p = (w + d / 2.0) / n;
    let var = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
    let se = (var / n).sqrt();
    (p, (p - 1.96 * se).max(0.0), (p + 1.96 * se).min(1.0))
}

/// Elo difference for a score fraction (clamped away from 0 and 1).
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / p - 1.0).log10()
}

fn fmt_elo(p: f64) -> String {
    if p >= 1.0 - 1e-9 {
        "+inf".to_string()
    } else if p <= 1e-9 {
        "-inf".to_string()
    } else {
        format!("{:+.1}", elo(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_counts_each_ending() {
        let r = [
            (Score::Win, Ending::Checkmate),
            (Score::Win, Ending::Checkmate),
            (Score::Win, Ending::OnTime),
            (Score::Loss, Ending::Checkmate),
            (Score::Draw, Ending::ActionLimit),
        ];
        let s = summary(&r);
        assert!(s.contains("checkmate          2       1      0"), "{s}");
        assert!(s.contains("on time            1       0      0"), "{s}");
        assert!(s.contains("action limit       0       0      1"), "{s}");
        assert!(!s.contains("forfeit"), "{s}");
        assert!(s.contains("all                3       1      1"), "{s}");
        assert!(s.contains("wins 3 draws 1 losses 1"), "{s}");
        assert!(s.contains("score 70.0%"), "{s}");
    }

    #[test]
    fn elo_of_known_scores() {
        // 3:1 odds is 400 * log10(3) = 190.8 Elo; an even score is 0.
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert!(elo(0.5).abs() < 1e-9);
        // 10 wins and 10 losses: p = 0.5, se = 0.5 / sqrt(20), interval 0.5 +- 0.219.
        let (p, lo, hi) = score_interval(10, 0, 10);
        assert!((p - 0.5).abs() < 1e-12);
        assert!((hi - lo - 2.0 * 1.96 * 0.5 / 20f64.sqrt()).abs() < 1e-12);
    }
}
