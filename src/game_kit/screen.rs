//! The screens of the app, one state: the menus, and each game's own screens. The
//! shared screens live in `screens/`, each game's in its folder; this enum is a leaf every
//! one of them reads.

use bevy::prelude::*;

#[derive(States, Debug, Hash, PartialEq, Eq, Clone, Copy, Default)]
pub enum Screen {
    #[default]
    Title,
    Load,
    Settings,
    Leaderboard,
    /// 5D chess: the new-game screen, play, and the finished game (still browsable).
    FiveDNew,
    FiveDPlay,
    FiveDOver,
    /// Timeline Wager: the new-match screen and the match.
    WagerNew,
    WagerPlay,
    /// 5D chess: the puzzle list (a puzzle is played in `FiveDPlay`).
    FiveDPuzzles,
    /// 5D chess: the way into the tutorial; it opens the first lesson not finished, which
    /// is played in `FiveDPlay`.
    FiveDTutorial,
    /// Kingdrops: who plays, the setup, play (the end stays on the play screen).
    KingdropsNew,
    KingdropsSetup,
    KingdropsPlay,
    /// A network game: the address of the host to join (the game opens on its own
    /// screen once joined).
    NetJoin,
    /// Hosting a network game: the address and room code to give, until the other
    /// player joins (the game then opens on its own screen).
    NetHost,
    /// Play online: a server, its lobby and ratings (a game opens on its own screen).
    Online,
}

impl Screen {
    /// The screens where a game is being played (or looked at after it ended).
    pub fn is_play(self) -> bool {
        matches!(
            self,
            Screen::FiveDPlay | Screen::FiveDOver | Screen::WagerPlay | Screen::KingdropsPlay
        )
    }

    /// The screens `--screen NAME` opens, by name.
    pub const CLI_NAMES: [&str; 12] = [
        "title",
        "new-game",
        "load",
        "settings",
        "leaderboard",
        "wager-new",
        "puzzles",
        "tutorial",
        "kingdrops-new",
        "kingdrops-setup",
        "join",
        "online",
    ];

    pub fn from_cli_name(name: &str) -> Option<Screen> {
        Some(match name {
            "title" => Screen::Title,
            "new-game" => Screen::FiveDNew,
            "load" => Screen::Load,
            "settings" => Screen::Settings,
            "leaderboard" => Screen::Leaderboard,
            "wager-new" => Screen::WagerNew,
            "puzzles" => Screen::FiveDPuzzles,
            "tutorial" => Screen::FiveDTutorial,
            "kingdrops-new" => Screen::KingdropsNew,
            "kingdrops-setup" => Screen::KingdropsSetup,
            "join" => Screen::NetJoin,
            "online" => Screen::Online,
            _ => return None,
        })
    }
}
