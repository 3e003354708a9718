//! Whose turn it is, and the few facts about the game's course that every
//! game keeps the same way: the seats after a swap, the turns played, passes
//! in a row, the first pass, and the end with its winner.

use super::Special;
use crate::core::Colour;

/// The turn bookkeeping of one game. A game keeps one and moves it on from
/// its own rules; [`super::Position`] answers `to_move`, `swapped`,
/// `winner` and `is_terminal` from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    to_move: Colour,
    /// Whether the second player may swap on its first turn (pie rule).
    pie: bool,
    swapped: bool,
    /// Turns ended so far (a swap is one; a two-stone first turn is one).
    plies: u32,
    /// Passes since the last placement.
    passes: u8,
    first_pass: Option<Colour>,
    over: bool,
    winner: Option<Colour>,
}

/// Why a swap is illegal whenever it is.
pub const SWAP_REASON: &str = "swap is offered only to the second player, on its first turn";

impl Turn {
    /// The start of a game: Black to move; `pie` offers the second player
    /// a swap on its first turn.
    pub const fn new(pie: bool) -> Turn {
        Turn {
            to_move: Colour::Black,
            pie,
            swapped: false,
            plies: 0,
            passes: 0,
            first_pass: None,
            over: false,
            winner: None,
        }
    }

    /// The colour whose turn it is.
    #[inline]
    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// Whether the seats have exchanged colours (pie rule).
    #[inline]
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// The seat (0 for the player who moved first, 1 for the other) that
    /// plays `colour` now.
    #[inline]
    pub fn seat_of(&self, colour: Colour) -> usize {
        colour.index() ^ usize::from(self.swapped)
    }

    /// The seat whose turn it is: search players keep values per seat, so
    /// that a swap, which hands the colour to move to the other player, is
    /// an ordinary move.
    #[inline]
    pub fn seat_to_move(&self) -> usize {
        self.seat_of(self.to_move)
    }

    /// Turns ended so far.
    #[inline]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Passes since the last placement.
    #[inline]
    pub fn consecutive_passes(&self) -> u8 {
        self.passes
    }

    /// The colour that made the game's first pass, if any.
    #[inline]
    pub fn first_pass(&self) -> Option<Colour> {
        self.first_pass
    }

    /// Whether the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The winner of a finished game; `None` while it goes on or when it
    /// ended with no winner.
    #[inline]
    pub fn winner(&self) -> Option<Colour> {
        self.winner
    }

    /// The seat that won a finished game; `None` while it goes on or when
    /// it ended with no winner.
    #[inline]
    pub fn winner_seat(&self) -> Option<usize> {
        self.winner.filter(|_| self.over).map(|c| self.seat_of(c))
    }

    /// Whether the game has the pie rule.
    #[inline]
    pub fn pie(&self) -> bool {
        self.pie
    }

    /// Whether the player to move may swap now: with the pie rule, on the
    /// second player's first turn.
    #[inline]
    pub fn swap_available(&self) -> bool {
        self.pie && self.plies == 1
    }

    /// The special actions of a game whose full list is `specials` (`swap`
    /// last, where the game has it): all of them under the pie rule, else
    /// all but `swap`.
    #[inline]
    pub fn offered(&self, specials: &'static [Special]) -> &'static [Special] {
        match specials.split_last() {
            Some((Special::Swap, others)) if !self.pie => others,
            _ => specials,
        }
    }

    /// Why a swap is illegal now, or `Ok`.
    ///
    /// # Errors
    /// [`SWAP_REASON`] when no swap is on offer.
    pub fn check_swap(&self) -> Result<(), &'static str> {
        if self.swap_available() {
            Ok(())
        } else {
            Err(SWAP_REASON)
        }
    }

    /// The mover placed a stone: the run of passes is broken. The turn goes
    /// on until [`Turn::end_turn`].
    #[inline]
    pub fn placed(&mut self) {
        self.passes = 0;
    }

    /// The mover's turn is over: the opponent moves next.
    #[inline]
    pub fn end_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.plies += 1;
    }

    /// The seats exchange colours; the board and the colour to move stay.
    pub fn swap(&mut self) {
        self.swapped = !self.swapped;
        self.plies += 1;
    }

    /// The mover passes, which ends its turn; the game's first pass is
    /// remembered. Returns whether it was the second pass in a row.
    pub fn pass(&mut self) -> bool {
        self.first_pass.get_or_insert(self.to_move);
        self.passes += 1;
        self.end_turn();
        self.passes >= 2
    }

    /// The game ends, won by `winner` (`None`: nobody wins).
    #[inline]
    pub fn end(&mut self, winner: Option<Colour>) {
        self.over = true;
        self.winner = winner;
    }

    /// The game ends on scores `[black, white]`, which cannot tie (each
    /// scoring game gives half a point to one side): the higher wins.
    pub fn end_on_scores(&mut self, [black, white]: [f64; 2]) {
        self.end(Some(if black > white {
            Colour::Black
        } else {
            Colour::White
        }));
    }

    /// Sets the colour to move, for positions set up by hand.
    pub fn set_to_move(&mut self, colour: Colour) {
        self.to_move = colour;
    }

    /// A game going on with these counters, for positions set up by hand
    /// (`super::setup` checks that they agree with each other).
    pub fn set_up(
        pie: bool,
        to_move: Colour,
        swapped: bool,
        plies: u32,
        passes: u8,
        first_pass: Option<Colour>,
    ) -> Turn {
        Turn {
            to_move,
            pie,
            swapped,
            plies,
            passes,
            first_pass,
            over: false,
            winner: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_passes_in_a_row_and_the_first_pass_are_kept() {
        let mut turn = Turn::new(false);
        turn.placed();
        turn.end_turn();
        assert!(!turn.pass(), "White's pass is the first in a row");
        assert_eq!(turn.first_pass(), Some(Colour::White));
        turn.placed();
        turn.end_turn();
        assert_eq!(turn.consecutive_passes(), 0);
        assert!(!turn.pass());
        assert!(turn.pass(), "the second pass in a row");
        assert_eq!(turn.first_pass(), Some(Colour::White));
        assert_eq!(turn.plies(), 5);
    }

    #[test]
    fn a_swap_is_offered_once_and_keeps_the_colour_to_move() {
        let mut turn = Turn::new(true);
        assert!(turn.check_swap().is_err());
        turn.end_turn();
        assert!(turn.swap_available());
        turn.swap();
        assert!(turn.swapped());
        assert_eq!(turn.to_move(), Colour::White);
        assert_eq!(turn.check_swap(), Err(SWAP_REASON));
        assert!(!Turn::new(false).swap_available());
    }

    #[test]
    fn the_end_names_the_higher_score() {
        let mut turn = Turn::new(false);
        turn.end_on_scores([3.0, 3.5]);
        assert!(turn.is_over());
        assert_eq!(turn.winner(), Some(Colour::White));
    }
}
