//! Why a puzzle is not right, or could not be read or proved.

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The text is not a puzzle file: bad 5DPGN, or a missing or bad tag.
    Format(String),
    /// Proved: the side to move has no mate in N (`reason` says more when it can: no
    /// legal action, or the refutation of the stored first action).
    NoMate { n: u8, reason: String },
    /// Proved: a mate in fewer turns exists, starting with this action (5DPGN).
    ShorterMate { n: u8, action: String },
    /// The stored solution line is wrong at action `index` (0 = the first action).
    BadSolution { index: usize, reason: String },
    /// A search limit stopped the proof after this many actions tried.
    Unknown { nodes: u64 },
}

impl std::fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PuzzleError::Format(m) => write!(f, "not a puzzle: {m}"),
            PuzzleError::NoMate { n, reason } => {
                write!(f, "no mate in {n}")?;
                if !reason.is_empty() {
                    write!(f, ": {reason}")?;
                }
                Ok(())
            }
            PuzzleError::ShorterMate { n, action } => {
                write!(f, "a shorter mate exists: mate in {n} with {action}")
            }
            PuzzleError::BadSolution { index, reason } => {
                write!(
                    f,
                    "the solution line is wrong at action {}: {reason}",
                    index + 1
                )
            }
            PuzzleError::Unknown { nodes } => write!(
                f,
                "unknown: a search limit stopped the proof after {nodes} actions"
            ),
        }
    }
}

impl std::error::Error for PuzzleError {}
