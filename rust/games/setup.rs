//! Positions set up by hand: the stones in point-index order and every
//! counter a position holds besides them, and the rules that say which of
//! them a game can hold.
//!
//! [`Description`] is a position in plain terms (what `state.to_dict()`
//! holds); [`SetUp`] builds a game's position from one, refusing what its
//! rules cannot reach, and describes a position back. The turn counters
//! every game shares are checked here once; each game checks its own board
//! and counters in its `setup` module, beside its rules.

use super::{Position, Turn};
use crate::board::{Board, Point};
use crate::core::Colour;
use crate::error::Error;

/// The stones of a board in point-index order: a colour or `None` per point.
pub type Stones = Vec<Option<Colour>>;

/// One of a game's own counters: its name (the key of `to_dict()` and the
/// keyword of `setup`), the value it takes when a set-up leaves it out
/// (which gives its kind), and its meaning.
#[derive(Clone, Debug)]
pub struct CounterSpec {
    pub name: &'static str,
    pub default: Counter,
    pub doc: &'static str,
}

/// The value of one counter. Pairs are `[black, white]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counter {
    /// A count per colour, at least 0.
    Counts([u32; 2]),
    /// A flag per colour.
    Flags([bool; 2]),
    /// A signed count.
    Signed(i64),
    /// A point, or none.
    Point(Option<Point>),
    /// A colour, or none.
    Colour(Option<Colour>),
    /// A board, or none.
    Board(Option<Stones>),
}

/// A position in plain terms: the stones, the turn counters every game
/// shares, and the game's own counters (one per [`SetUp::COUNTERS`] entry,
/// in that order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    pub stones: Stones,
    pub to_move: Colour,
    /// Whether the seats have exchanged colours (pie rule).
    pub swapped: bool,
    /// Turns ended so far; `None` in a set-up lets the game count them from
    /// the rest (see each game's `set_up`).
    pub ply: Option<u32>,
    /// Passes in a row just before now.
    pub passes: u8,
    /// The colour that made the game's first pass.
    pub first_pass: Option<Colour>,
    pub counters: Vec<Counter>,
}

/// A game whose positions can be set up by hand and described.
pub trait SetUp: Position {
    /// The game's own counters, in the order of [`Description::counters`].
    const COUNTERS: &'static [CounterSpec];

    /// The position `description` gives, in the game (with the options) of
    /// the start position `start`.
    ///
    /// # Errors
    /// [`Error::Position`] for a position the rules cannot hold, naming what
    /// is wrong.
    fn set_up(start: &Self, description: &Description) -> Result<Self, Error>;

    /// The game's own counters of this position, one per [`SetUp::COUNTERS`]
    /// entry.
    fn counters(&self) -> Vec<Counter>;

    /// This position in plain terms: a set-up of it gives it back.
    fn describe(&self) -> Description {
        let board = self.board();
        let turn = self.turn();
        Description {
            stones: (0..board.points() as Point).map(|p| self.cell(p)).collect(),
            to_move: turn.to_move(),
            swapped: turn.swapped(),
            ply: Some(turn.plies()),
            passes: turn.consecutive_passes(),
            first_pass: turn.first_pass(),
            counters: self.counters(),
        }
    }
}

/// A [`Error::Position`] with `message`.
pub fn refuse<T>(message: impl Into<String>) -> Result<T, Error> {
    Err(Error::Position(message.into()))
}

/// The stones of `text`, `N` characters `B`, `W` or `.` in point-index
/// order (as `board_string()` writes them; lower case is taken too).
///
/// # Errors
/// [`Error::Position`] for a wrong length or a character that is no stone,
/// naming its point.
pub fn parse_stones(board: &Board, text: &str) -> Result<Stones, Error> {
    let n = board.points();
    let length = text.chars().count();
    if length != n {
        return refuse(format!(
            "a board string has one character per point, {n} here, got {length}"
        ));
    }
    text.chars()
        .enumerate()
        .map(|(p, c)| match c {
            'B' | 'b' => Ok(Some(Colour::Black)),
            'W' | 'w' => Ok(Some(Colour::White)),
            '.' => Ok(None),
            other => refuse(format!(
                "{other:?} at {} (point {p}) is no stone: use 'B', 'W' or '.'",
                board.name(p as Point)
            )),
        })
        .collect()
}

/// The character of a point's stone in a board string: `B`, `W` or `.`.
pub fn stone_char(stone: Option<Colour>) -> char {
    match stone {
        Some(Colour::Black) => 'B',
        Some(Colour::White) => 'W',
        None => '.',
    }
}

/// How many stones of each colour `stones` holds, `[black, white]`.
pub fn count(stones: &[Option<Colour>]) -> [usize; 2] {
    let mut counts = [0; 2];
    for colour in stones.iter().flatten() {
        counts[colour.index()] += 1;
    }
    counts
}

impl Description {
    /// The shared turn counters as a [`Turn`] for a game with `pie` and, when
    /// `passes` is false, no pass, at ply `default_ply` unless the ply is
    /// given; the game ends it later if the position is over.
    ///
    /// # Errors
    /// [`Error::Position`] when the counters contradict each other: a swap
    /// without the pie rule or before the second player's turn, passes in a
    /// game without them, passes in a row with no first pass, more than two
    /// passes in a row, or fewer turns than the passes and swap.
    pub fn turn(&self, pie: bool, passes: bool, default_ply: u32) -> Result<Turn, Error> {
        let ply = self.ply.unwrap_or(default_ply);
        if self.swapped && !pie {
            return refuse("swapped is true, but this game has no pie rule");
        }
        if self.swapped && ply < 2 {
            return refuse(format!(
                "swapped is true at ply {ply}: a swap is the second player's first turn, so it ends ply 2 or later"
            ));
        }
        if !passes && (self.passes > 0 || self.first_pass.is_some()) {
            return refuse("this game has no pass, so passes is 0 and first_pass is None");
        }
        if self.passes > 2 {
            return refuse(format!(
                "passes is {}: two passes in a row end the game",
                self.passes
            ));
        }
        if self.passes > 0 && self.first_pass.is_none() {
            return refuse(format!(
                "passes is {} but first_pass is None: someone has passed",
                self.passes
            ));
        }
        let least = u32::from(self.passes) + u32::from(self.swapped);
        if ply < least {
            return refuse(format!(
                "ply is {ply}, fewer than the {least} turns of the passes in a row and the swap"
            ));
        }
        Ok(Turn::set_up(
            pie,
            self.to_move,
            self.swapped,
            ply,
            self.passes,
            self.first_pass,
        ))
    }

    /// The stones on the board plus the passes in a row plus the swap: the
    /// turns played in a game whose stones never leave the board, short of
    /// the passes before the last placement.
    pub fn placements_and_passes(&self) -> u32 {
        let [black, white] = count(&self.stones);
        (black + white) as u32 + u32::from(self.passes) + u32::from(self.swapped)
    }

    /// The game's own counter `k` of `specs`, checked to be of its kind.
    fn counter(&self, specs: &[CounterSpec], k: usize) -> Result<&Counter, Error> {
        let spec = &specs[k];
        match self.counters.get(k) {
            Some(value) if spec.default.same_kind(value) => Ok(value),
            _ => refuse(format!("{} is missing or not of its kind", spec.name)),
        }
    }

    /// Counter `k` of `specs`, a count per colour.
    ///
    /// # Errors
    /// [`Error::Position`] when it is missing or of another kind.
    pub fn counts(&self, specs: &[CounterSpec], k: usize) -> Result<[u32; 2], Error> {
        match self.counter(specs, k)? {
            Counter::Counts(v) => Ok(*v),
            _ => unreachable!("kind checked"),
        }
    }

    /// Counter `k` of `specs`, a flag per colour.
    ///
    /// # Errors
    /// [`Error::Position`] when it is missing or of another kind.
    pub fn flags(&self, specs: &[CounterSpec], k: usize) -> Result<[bool; 2], Error> {
        match self.counter(specs, k)? {
            Counter::Flags(v) => Ok(*v),
            _ => unreachable!("kind checked"),
        }
    }

    /// Counter `k` of `specs`, a signed count.
    ///
    /// # Errors
    /// [`Error::Position`] when it is missing or of another kind.
    pub fn signed(&self, specs: &[CounterSpec], k: usize) -> Result<i64, Error> {
        match self.counter(specs, k)? {
            Counter::Signed(v) => Ok(*v),
            _ => unreachable!("kind checked"),
        }
    }

    /// Counter `k` of `specs`, a point or none, checked to be on the board.
    ///
    /// # Errors
    /// [`Error::Position`] when it is missing, of another kind or off the
    /// board.
    pub fn point(&self, specs: &[CounterSpec], k: usize) -> Result<Option<Point>, Error> {
        match self.counter(specs, k)? {
            Counter::Point(Some(p)) if *p as usize >= self.stones.len() => refuse(format!(
                "{} is point {p}, off the board (points 0 to {})",
                specs[k].name,
                self.stones.len() - 1
            )),
            Counter::Point(v) => Ok(*v),
            _ => unreachable!("kind checked"),
        }
    }

    /// Counter `k` of `specs`, a colour or none.
    ///
    /// # Errors
    /// [`Error::Position`] when it is missing or of another kind.
    pub fn colour(&self, specs: &[CounterSpec], k: usize) -> Result<Option<Colour>, Error> {
        match self.counter(specs, k)? {
            Counter::Colour(v) => Ok(*v),
            _ => unreachable!("kind checked"),
        }
    }

    /// Counter `k` of `specs`, a board or none, checked to be of the
    /// board's size.
    ///
    /// # Errors
    /// [`Error::Position`] when it is missing, of another kind or of
    /// another size.
    pub fn board(&self, specs: &[CounterSpec], k: usize) -> Result<Option<&Stones>, Error> {
        match self.counter(specs, k)? {
            Counter::Board(Some(b)) if b.len() != self.stones.len() => refuse(format!(
                "{} has one point per point of the board, {}, got {}",
                specs[k].name,
                self.stones.len(),
                b.len()
            )),
            Counter::Board(b) => Ok(b.as_ref()),
            _ => unreachable!("kind checked"),
        }
    }
}

impl Counter {
    /// Whether `other` is of the same kind as this.
    fn same_kind(&self, other: &Counter) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

#[cfg(test)]
mod tests;
