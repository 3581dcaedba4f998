//! One module per subcommand. Each returns the text to print on stdout.

pub mod bench;
pub mod convert;
pub mod count;
pub mod status;
pub mod variants;
