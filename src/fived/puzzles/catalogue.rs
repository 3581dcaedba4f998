//! The shipped puzzles: every `.5dpgn` under `assets/puzzles/{easy,medium,hard}/`, read
//! from the binary once at start, in list order (tier, then file name).

use super::texts::{goal_text, side_key};
use bevy::prelude::*;
use timefork_engine::puzzle::{Puzzle, Tier};
use timefork_i18n::tr;

/// One puzzle of the list.
#[derive(Debug, Clone)]
pub struct CatalogueEntry {
    /// Its path under `assets/puzzles` without the extension: `medium/02-small-centered`.
    /// Saves (`TimeforkPuzzle`) and the solved file name puzzles by it.
    pub id: String,
    pub tier: Tier,
    /// Its place in its tier, from 1.
    pub number: usize,
    pub puzzle: Puzzle,
}

impl CatalogueEntry {
    /// The variant it is played in (the file's `Board` tag).
    pub fn variant(&self) -> &str {
        self.puzzle.game.header("Board").unwrap_or("custom")
    }

    /// The variant as the list shows it: its name, or "custom" in the current language
    /// for a board of the file's own.
    pub fn variant_label(&self) -> String {
        match self.variant() {
            "custom" => tr!("puzzles-custom-board"),
            name => name.to_string(),
        }
    }

    /// "Black to play, mate in 2": the side to play and the goal.
    pub fn task(&self) -> String {
        tr!(
            "puzzles-task",
            side = side_key(self.puzzle.to_move()),
            goal = goal_text(self.puzzle.goal)
        )
    }

    /// The file's title, or the variant and the task.
    pub fn title(&self) -> String {
        self.puzzle.title.clone().unwrap_or_else(|| {
            tr!(
                "puzzles-untitled",
                variant = self.variant_label(),
                task = self.task()
            )
        })
    }
}

/// Every shipped puzzle, in list order.
#[derive(Resource, Debug, Clone, Default)]
pub struct PuzzleCatalogue {
    pub entries: Vec<CatalogueEntry>,
}

impl PuzzleCatalogue {
    /// The puzzles embedded in the binary. A file that does not read as a puzzle is left
    /// out with a warning (the CLI's `puzzle verify` test keeps the shipped set right).
    pub fn embedded() -> PuzzleCatalogue {
        PuzzleCatalogue::from_files(crate::embedded::under("puzzles").map(|(path, bytes)| {
            (
                path.trim_start_matches("puzzles/").to_string(),
                String::from_utf8_lossy(bytes).into_owned(),
            )
        }))
    }

    /// Puzzles from (path under the puzzles folder, text) pairs: `easy/01-x.5dpgn`. The
    /// folder names the tier; files elsewhere or with another extension are ignored.
    pub fn from_files(files: impl IntoIterator<Item = (String, String)>) -> PuzzleCatalogue {
        let mut entries = Vec::new();
        for (path, text) in files {
            let Some(stem) = path.strip_suffix(".5dpgn") else {
                continue;
            };
            let Some(tier) = stem
                .split_once('/')
                .and_then(|(dir, _)| Tier::ALL.into_iter().find(|t| t.as_str() == dir))
            else {
                continue;
            };
            match Puzzle::parse(&text) {
                Ok(puzzle) => entries.push(CatalogueEntry {
                    id: stem.to_string(),
                    tier,
                    number: 0,
                    puzzle,
                }),
                Err(e) => warn!("puzzle {path} is left out: {e}"),
            }
        }
        entries.sort_by(|a, b| (a.tier, &a.id).cmp(&(b.tier, &b.id)));
        for tier in Tier::ALL {
            for (i, e) in entries.iter_mut().filter(|e| e.tier == tier).enumerate() {
                e.number = i + 1;
            }
        }
        PuzzleCatalogue { entries }
    }

    pub fn get(&self, id: &str) -> Option<&CatalogueEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The puzzles of one tier, in order.
    pub fn tier(&self, tier: Tier) -> impl Iterator<Item = &CatalogueEntry> {
        self.entries.iter().filter(move |e| e.tier == tier)
    }

    /// The puzzle after `id` in list order, round to the first after the last.
    pub fn next_after(&self, id: &str) -> Option<&CatalogueEntry> {
        let i = self.entries.iter().position(|e| e.id == id)?;
        self.entries.get((i + 1) % self.entries.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MATE_IN_1: &str = "[Board \"Standard - Turn Zero\"]\n[Goal \"mate in 1\"]\n\
        1. (0T1)f4 / (0T1)e5\n2. (0T2)d4\n";

    #[test]
    fn files_are_ordered_by_tier_then_name_and_numbered_per_tier() {
        let files = [
            ("hard/01-a.5dpgn", MATE_IN_1),
            ("easy/02-b.5dpgn", MATE_IN_1),
            ("easy/01-a.5dpgn", MATE_IN_1),
            ("easy/notes.txt", "not a puzzle"),
            ("other/01-a.5dpgn", MATE_IN_1),
            ("easy/03-bad.5dpgn", "[Board \"Standard\"]\n"),
        ];
        let c =
            PuzzleCatalogue::from_files(files.iter().map(|(p, t)| (p.to_string(), t.to_string())));
        let ids: Vec<(&str, usize)> = c
            .entries
            .iter()
            .map(|e| (e.id.as_str(), e.number))
            .collect();
        // The .txt, the unknown folder and the file without a Goal are left out.
        assert_eq!(ids, [("easy/01-a", 1), ("easy/02-b", 2), ("hard/01-a", 1)]);
        assert_eq!(c.next_after("easy/02-b").unwrap().id, "hard/01-a");
        assert_eq!(c.next_after("hard/01-a").unwrap().id, "easy/01-a");
        let e = c.get("easy/01-a").unwrap();
        assert_eq!(e.variant(), "Standard - Turn Zero");
        // After 1. f4 / e5 2. d4 Black is to move.
        assert_eq!(e.task(), "Black to play, mate in 1");
    }

    #[test]
    fn the_shipped_set_is_embedded_sixteen_a_tier() {
        let c = PuzzleCatalogue::embedded();
        for tier in Tier::ALL {
            assert_eq!(c.tier(tier).count(), 16, "{tier:?}");
        }
    }
}
