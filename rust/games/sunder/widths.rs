//! A Sunder position of the width its board fits: boards of fewer than 255
//! points (side 9 and below) index their tables by a byte, held in place,
//! and larger boards by two bytes. The position picks its [`Game`] once per
//! call, so the loops within are compiled for that width.

use std::borrow::Cow;

use super::{Cuts, Game, KOMI, SIZE};
use crate::board::{Board, Point};
use crate::core::{on_width, ByWidth, Colour, Narrow, Rng, Wide, Width};
use crate::error::Error;
use crate::games::setup::{Counter, CounterSpec, Description, SetUp};
use crate::games::{Action, Position, Special, Turn};
use crate::observation::Planes;
use crate::options::{halves_value, OptionValue, Options, PIE};

/// A Sunder position.
#[derive(Debug)]
pub struct Sunder(pub(super) AnyGame);

impl Clone for Sunder {
    fn clone(&self) -> Self {
        Sunder(self.0.clone())
    }

    /// Copies into the existing game when the widths match, reusing its
    /// buffers.
    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

/// A [`Game`] of the narrowest width its board fits, boxed (the narrow one
/// holds its tables in place).
pub(super) type AnyGame = ByWidth<Game<Narrow>, Game<Wide>>;

impl Sunder {
    /// The komi in half points (`komi = 1.5` gives 3).
    pub fn komi_halves(&self) -> i64 {
        on_width!(&self.0, g => g.komi_halves())
    }

    /// The group holding the stone at `p` and its cuts (see [`Game::cuts`]).
    pub fn cuts(&mut self, p: Point) -> Option<Cuts> {
        on_width!(&mut self.0, g => g.cuts(p))
    }
}

impl Position for Sunder {
    fn from_options(options: &mut Options) -> Result<Self, Error> {
        let board = options.board(&SIZE, Board::hex)?;
        let komi_halves = options.halves(&KOMI)?;
        let pie = options.flag(&PIE)?;
        let n = board.points();
        if komi_halves.unsigned_abs() as usize >= n {
            return Err(Error::OptionValue {
                option: "komi",
                message: format!(
                    "komi must be less than half the board ({}) in size, got {}",
                    n as f64 / 2.0,
                    komi_halves as f64 / 2.0
                ),
            });
        }
        Ok(Sunder(if n < Narrow::MAX_POINTS {
            AnyGame::Narrow(Box::new(Game::start(board, komi_halves, pie)))
        } else {
            AnyGame::Wide(Box::new(Game::start(board, komi_halves, pie)))
        }))
    }

    fn name(&self) -> &'static str {
        "sunder"
    }

    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        on_width!(&self.0, g => vec![
            ("size", OptionValue::Int(g.board.side() as i64)),
            ("komi", halves_value(g.komi_halves)),
            ("pie", OptionValue::Bool(g.turn.pie())),
        ])
    }

    fn board(&self) -> &'static Board {
        on_width!(&self.0, g => g.board)
    }

    fn specials(&self) -> &'static [Special] {
        on_width!(&self.0, g => g.turn.offered(&[Special::Swap]))
    }

    fn turn(&self) -> &Turn {
        on_width!(&self.0, g => &g.turn)
    }

    fn cells(&self) -> &[u8] {
        on_width!(&self.0, g => g.cells())
    }

    // The empty points, and the swap while it is on offer.
    empty_point_actions!(self, points => on_width!(&self.0, g => g.empty_points()));

    fn check_in_play(&mut self, action: Action) -> Result<(), Cow<'static, str>> {
        on_width!(&mut self.0, g => g.check_in_play(action))
    }

    fn apply_unchecked(&mut self, action: Action) {
        on_width!(&mut self.0, g => g.apply_unchecked(action))
    }

    fn random_action(&mut self, rng: &mut Rng, _: &mut Vec<Action>) -> Option<Action> {
        on_width!(&mut self.0, g => g.random_action(rng))
    }

    fn feature_plane_names(&self) -> &'static [&'static str] {
        &["swap_available"]
    }

    /// `swap_available`: 1 on the board while the player to move may swap,
    /// whose choice then weighs the whole position, not a point.
    fn feature_planes(&mut self, _: Colour, planes: &mut Planes<'_>) {
        if self.turn().swap_available() {
            planes.fill(0, 1.0);
        }
    }
}

impl SetUp for Sunder {
    const COUNTERS: &'static [CounterSpec] = &[];

    fn set_up(start: &Sunder, description: &Description) -> Result<Sunder, Error> {
        Ok(Sunder(match &start.0 {
            AnyGame::Narrow(g) => AnyGame::Narrow(Box::new(Game::set_up(g, description)?)),
            AnyGame::Wide(g) => AnyGame::Wide(Box::new(Game::set_up(g, description)?)),
        }))
    }

    fn counters(&self) -> Vec<Counter> {
        Vec::new()
    }
}
