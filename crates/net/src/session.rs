//! The rules of draw offers; plain data, so they are tested without a network.

use timefork_records::Side;

/// A draw offer: it stands until the other side answers it or moves (a move declines it,
/// as over the board).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DrawOffers {
    standing: Option<Side>,
}

/// A draw message that does not fit the offers standing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawError {
    /// `side` has an offer standing already.
    AlreadyOffered(Side),
    /// No offer to `side` stands.
    NothingToAnswer(Side),
}

impl std::fmt::Display for DrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = |s: &Side| match s {
            Side::White => "White",
            Side::Black => "Black",
        };
        match self {
            DrawError::AlreadyOffered(s) => write!(f, "{} has offered a draw already", name(s)),
            DrawError::NothingToAnswer(s) => write!(f, "no draw offer to {} stands", name(s)),
        }
    }
}

impl std::error::Error for DrawError {}

impl DrawOffers {
    /// The side whose offer stands.
    pub fn standing(&self) -> Option<Side> {
        self.standing
    }

    /// `by` offers a draw. An offer the other side made stands: offering back accepts it
    /// (returns true: the game is drawn).
    pub fn offer(&mut self, by: Side) -> Result<bool, DrawError> {
        match self.standing {
            Some(s) if s == by => Err(DrawError::AlreadyOffered(by)),
            Some(_) => {
                self.standing = None;
                Ok(true)
            }
            None => {
                self.standing = Some(by);
                Ok(false)
            }
        }
    }

    /// `by` answers the other side's offer; true when the game is drawn.
    pub fn answer(&mut self, by: Side, accept: bool) -> Result<bool, DrawError> {
        match self.standing {
            Some(s) if s != by => {
                self.standing = None;
                Ok(accept)
            }
            _ => Err(DrawError::NothingToAnswer(by)),
        }
    }

    /// `by` moved: an offer made to it lapses (its offer stands).
    pub fn moved(&mut self, by: Side) {
        if self.standing.is_some_and(|s| s != by) {
            self.standing = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_offer_stands_until_answered_or_the_other_side_moves() {
        let mut d = DrawOffers::default();
        assert_eq!(d.offer(Side::White), Ok(false));
        assert_eq!(d.standing(), Some(Side::White));
        assert_eq!(
            d.offer(Side::White),
            Err(DrawError::AlreadyOffered(Side::White))
        );
        // The offerer cannot answer its own offer.
        assert_eq!(
            d.answer(Side::White, true),
            Err(DrawError::NothingToAnswer(Side::White))
        );
        // The offerer moving keeps it; the other side moving declines it.
        d.moved(Side::White);
        assert_eq!(d.standing(), Some(Side::White));
        d.moved(Side::Black);
        assert_eq!(d.standing(), None);
        assert_eq!(
            d.answer(Side::Black, true),
            Err(DrawError::NothingToAnswer(Side::Black))
        );
        // Declined, then accepted.
        d.offer(Side::Black).unwrap();
        assert_eq!(d.answer(Side::White, false), Ok(false));
        assert_eq!(d.standing(), None);
        d.offer(Side::Black).unwrap();
        assert_eq!(d.answer(Side::White, true), Ok(true));
        // Offering back accepts.
        d.offer(Side::White).unwrap();
        assert_eq!(d.offer(Side::Black), Ok(true));
        assert_eq!(d.standing(), None);
        assert_eq!(
            DrawError::NothingToAnswer(Side::Black).to_string(),
            "no draw offer to Black stands"
        );
    }
}
