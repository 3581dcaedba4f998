//! One module per subcommand. Each returns the text to print on stdout.

pub mod ai_bench;
pub mod arena;
pub mod bench;
pub mod convert;
pub mod count;
pub mod eval;
pub mod kingdrops;
pub mod leaderboard;
pub mod online;
pub mod puzzle;
pub mod reference_check;
pub mod status;
pub mod tactics;
pub mod uci;
pub mod variants;
pub mod wager;
