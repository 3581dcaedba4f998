//! Errors that end a command, with their exit status.

use std::fmt;

#[derive(Debug)]
pub enum CliError {
    /// The input cannot be read, is not 5DPGN, is not a legal game, or names a state the
    /// game does not have. Exit status 2.
    Input(String),
    /// Anything else (for example a search that stopped without an answer). Exit status 1.
    Failed(String),
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) => 2,
            CliError::Failed(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(m) | CliError::Failed(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for CliError {}
