//! The host's rules for who may sit down and for draw offers; plain data, so the rules are
//! tested without a network.

use timefork_records::Side;

use crate::msg::Refusal;

/// The joiner's seat: its side, the token that takes it back after a dropped connection,
/// and the connection holding it now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub side: Side,
    pub token: u64,
    /// The transport's id of the connection in the seat; None while it is empty.
    pub client: Option<u64>,
    /// Whether anyone has sat in it: after that, only the token takes it.
    pub taken_once: bool,
}

/// What the host does with a `Hello`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Admission {
    /// A first join: the seat is the newcomer's (send `Welcome` with the token).
    Seat,
    /// The same player back after a drop (send the snapshot and resume). `replaces`: the
    /// connection the host still holds for them (a drop it has not noticed yet); the
    /// token proves who they are, so that one is closed.
    Rejoin {
        replaces: Option<u64>,
    },
    Refuse(Refusal),
}

impl Seat {
    pub fn new(side: Side, token: u64) -> Seat {
        Seat {
            side,
            token,
            client: None,
            taken_once: false,
        }
    }

    /// Whether connection `client` saying Hello with `rejoin` gets the seat. Only the
    /// seat's token takes it once someone sat (even from a connection the host still
    /// holds: the joiner knows its connection dropped before the host does); a token that
    /// is not this seat's is refused as unknown, and a newcomer without one as taken.
    pub fn admit(&self, client: u64, rejoin: Option<u64>) -> Admission {
        let other = self.client.filter(|&c| c != client);
        match rejoin {
            Some(t) if t == self.token && self.taken_once => Admission::Rejoin { replaces: other },
            Some(_) => Admission::Refuse(Refusal::UnknownSeat),
            None if self.taken_once || other.is_some() => Admission::Refuse(Refusal::SeatTaken),
            None => Admission::Seat,
        }
    }

    /// Applies an admission: the connection sits down.
    pub fn sit(&mut self, client: u64) {
        self.client = Some(client);
        self.taken_once = true;
    }

    /// The connection in the seat dropped (or left).
    pub fn leave(&mut self, client: u64) {
        if self.client == Some(client) {
            self.client = None;
        }
    }
}

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
    fn a_seat_goes_to_the_first_comer_then_only_to_its_token() {
        let mut seat = Seat::new(Side::Black, 42);
        assert_eq!(seat.admit(1, None), Admission::Seat);
        // A made-up token before anyone sat: not this seat's.
        assert_eq!(
            seat.admit(1, Some(5)),
            Admission::Refuse(Refusal::UnknownSeat)
        );
        seat.sit(1);
        // While the first player is connected nobody else sits down without the token.
        assert_eq!(seat.admit(2, None), Admission::Refuse(Refusal::SeatTaken));
        assert_eq!(
            seat.admit(2, Some(7)),
            Admission::Refuse(Refusal::UnknownSeat)
        );
        // The token does, from a new connection, closing the one the host still holds.
        assert_eq!(
            seat.admit(2, Some(42)),
            Admission::Rejoin { replaces: Some(1) }
        );
        // The connection drops: the token takes the seat back, on a new connection.
        seat.leave(1);
        assert_eq!(seat.client, None);
        assert_eq!(
            seat.admit(3, Some(42)),
            Admission::Rejoin { replaces: None }
        );
        assert_eq!(seat.admit(3, None), Admission::Refuse(Refusal::SeatTaken));
        assert_eq!(
            seat.admit(3, Some(41)),
            Admission::Refuse(Refusal::UnknownSeat)
        );
        seat.sit(3);
        // Another connection leaving does not empty the seat.
        seat.leave(1);
        assert_eq!(seat.client, Some(3));
    }

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
