/// A player's colour. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Colour {
    Black = 1,
    White = 2,
}

/// The cell value of an empty point; a stone's cell value is its colour's.
pub const EMPTY: u8 = 0;

impl Colour {
    /// The other colour.
    #[inline]
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The value a stone of this colour has in a cell array.
    #[inline]
    pub fn stone(self) -> u8 {
        self as u8
    }

    /// 0 for Black, 1 for White: the index into per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize - 1
    }

    /// The colour of a cell value, or `None` for an empty cell.
    #[inline]
    pub fn of_cell(cell: u8) -> Option<Colour> {
        match cell {
            1 => Some(Colour::Black),
            2 => Some(Colour::White),
            _ => None,
        }
    }

    /// `"black"` or `"white"`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}
