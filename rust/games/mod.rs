//! The games: the [`Position`] trait every game's position implements, one
//! module per game, and the registry that lists them by name.
//!
//! Actions are the integers of RULES.md §2: one per point, `0..N`, then the
//! game's special actions in the fixed order `pass`, `swap`, `release`.

/// The [`Position`] methods every game answers from the same fields (its
/// `board`, its `turn` and its `cells`), written once. The arguments are the
/// game's registry name; its special actions as the pie rule has them
/// (`Swap` last: without the pie rule there is none); and, after `self =>`,
/// its options after `size` with their values, in their canonical order.
macro_rules! position_basics {
    ($name:literal, [$($special:ident),*], $self:ident => [$($option:expr),*]) => {
        fn name(&self) -> &'static str {
            $name
        }

        fn options(&$self) -> Vec<(&'static str, crate::options::OptionValue)> {
            let size = crate::options::OptionValue::Int($self.board.side() as i64);
            vec![("size", size), $($option),*]
        }

        fn board(&self) -> &'static crate::board::Board {
            self.board
        }

        fn specials(&self) -> &'static [crate::games::Special] {
            self.turn.offered(&[$(crate::games::Special::$special),*])
        }

        fn turn(&self) -> &crate::games::Turn {
            &self.turn
        }

        fn cells(&self) -> &[u8] {
            &self.cells[..self.board.points()]
        }
    };
}

/// The [`Position`] methods of a game whose legal actions are its empty
/// points and, while `$extra` holds, the one action after the last point
/// (a swap, a pass), none once the game is over: listed, marked and packed
/// from one [`crate::core::EmptyPoints`]. A game whose cells are not its
/// own fields gives the `EmptyPoints` itself (`$self, points => ...`).
macro_rules! empty_point_actions {
    ($self:ident => $extra:expr) => {
        empty_point_actions!($self, points => crate::core::EmptyPoints {
            cells: &$self.cells[..$self.board.points()],
            in_play: !$self.is_terminal(),
            extra: $extra,
        });
    };
    ($self:ident, points => $points:expr) => {
        fn legal_actions_in_play(&mut $self, out: &mut Vec<Action>) {
            $points.list(out);
        }

        fn legal_actions_after(&mut $self, before: &[Action], played: Action, out: &mut Vec<Action>) {
            $points.list_after(before, played, out);
        }

        fn legal_mask(&mut $self, mask: &mut [bool], _: &mut Vec<Action>) {
            $points.mark(mask);
        }

        fn legal_bits(&mut $self, words: &mut [u64], _: &mut Vec<Action>) {
            $points.pack(words);
        }
    };
}

mod position;
mod registry;
pub mod setup;
mod turn;

pub use position::Position;
pub use registry::{option_specs, AnyPosition, PositionVisitor, GAME_NAMES};
pub use turn::{Turn, SWAP_REASON};

/// An action index: a point, or `N + k` for the game's k-th special action.
pub type Action = u16;

/// The special actions, in their fixed order (RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    Pass,
    Swap,
    Release,
}

impl Special {
    /// The action's text.
    pub fn name(self) -> &'static str {
        match self {
            Special::Pass => "pass",
            Special::Swap => "swap",
            Special::Release => "release",
        }
    }
}

pub mod anadil;
pub mod anda;
pub mod esgrad;
pub mod lingarda;
pub mod sunder;

#[cfg(test)]
mod conformance;
#[cfg(test)]
pub(crate) mod fixtures;
#[cfg(test)]
mod symmetries;
#[cfg(test)]
pub(crate) mod vectors;
