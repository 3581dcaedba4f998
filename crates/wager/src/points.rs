//! Points held for each side: a timeline's bank, or the secured totals.

use cozy_chess::Color;

/// Points of White and of Black.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Points {
    pub white: u32,
    pub black: u32,
}

impl Points {
    pub const fn new(white: u32, black: u32) -> Points {
        Points { white, black }
    }

    pub fn get(self, side: Color) -> u32 {
        match side {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    pub fn add(&mut self, side: Color, n: u32) {
        match side {
            Color::White => self.white += n,
            Color::Black => self.black += n,
        }
    }

    /// Both shares together.
    pub fn total(self) -> u32 {
        self.white + self.black
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points::new(self.white + o.white, self.black + o.black)
    }
}
