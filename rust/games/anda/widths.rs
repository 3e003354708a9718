//! An Anda position of the width its board fits: boards of at most 254
//! points (side 9 and below; the sentinel point takes one more) index their
//! tables by a byte, held in place, and larger boards by two bytes. The
//! position picks its [`Game`] once per call, so the loops within are
//! compiled for that width.

use std::borrow::Cow;

use super::views::{Breath, ColourScore};
use super::{Game, KOMI, SIZE};
use crate::board::{Board, Point};
use crate::core::{on_width, ByWidth, Colour, Narrow, Rng, Wide, Width};
use crate::error::Error;
use crate::games::setup::{Counter, CounterSpec, Description, SetUp};
use crate::games::{Action, Position, Turn};
use crate::observation::Planes;
use crate::options::{OptionValue, Options};

/// An Anda position.
#[derive(Debug)]
pub struct Anda(pub(super) AnyGame);

impl Clone for Anda {
    fn clone(&self) -> Self {
        Anda(self.0.clone())
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

impl Anda {
    /// The start position on `board`, of the narrowest width it fits.
    fn start(board: &'static Board, komi: i64) -> Anda {
        Anda(if board.points() < Narrow::MAX_POINTS {
            AnyGame::Narrow(Box::new(Game::start(board, komi)))
        } else {
            AnyGame::Wide(Box::new(Game::start(board, komi)))
        })
    }

    /// A position set up from text, for tests and teaching: `black` and
    /// `white` list points (`"a1 b2"`); both first turns count as done and no
    /// one has passed. Groups already smothered stay until the next removal,
    /// as they would after a removal in play.
    ///
    /// # Errors
    /// [`Error::Notation`] for a bad point, [`Error::Option`] for bad options.
    pub fn setup(
        size: usize,
        komi: i64,
        black: &str,
        white: &str,
        to_move: Colour,
    ) -> Result<Anda, Error> {
        let mut options = Options::new([
            ("size", OptionValue::Int(size as i64)),
            ("komi", OptionValue::Int(komi)),
        ]);
        let mut state = Anda::from_options(&mut options)?;
        on_width!(&mut state.0, g => g.set_stones(black, white, to_move))?;
        Ok(state)
    }

    /// The komi (points added to White's score).
    pub fn komi(&self) -> i64 {
        on_width!(&self.0, g => g.komi())
    }

    /// Stones each colour has captured, `[black, white]`.
    pub fn prisoners(&self) -> [u32; 2] {
        on_width!(&self.0, g => g.prisoners())
    }

    /// Whether each colour has had (or passed) its two-stone first turn,
    /// `[black, white]`.
    pub fn first_turn_done(&self) -> [bool; 2] {
        on_width!(&self.0, g => g.first_turn_done())
    }

    /// The first stone of a two-stone first turn, while the second is due.
    pub fn pending_stone(&self) -> Option<Point> {
        on_width!(&self.0, g => g.pending_stone())
    }

    /// The colour that made the game's first pass.
    pub fn first_pass(&self) -> Option<Colour> {
        on_width!(&self.0, g => g.first_pass())
    }

    /// The score of the position as it stands, part by part,
    /// `[black, white]` (see [`Game::score_breakdown`]).
    pub fn score_breakdown(&mut self) -> [ColourScore; 2] {
        on_width!(&mut self.0, g => g.score_breakdown())
    }

    /// Per point, the colour whose territory it is (see
    /// [`Game::territory_owners`]).
    pub fn territory_owners(&mut self) -> Vec<Option<Colour>> {
        on_width!(&mut self.0, g => g.territory_owners())
    }

    /// The stones the next removal takes (see [`Game::smothered_stones`]).
    pub fn smothered_stones(&mut self) -> Vec<Point> {
        on_width!(&mut self.0, g => g.smothered_stones())
    }

    /// How the group of the stone at `p` breathes (see [`Game::breath`]).
    pub fn breath(&mut self, p: Point) -> Option<Breath> {
        on_width!(&mut self.0, g => g.breath(p))
    }
}

impl Position for Anda {
    fn from_options(options: &mut Options) -> Result<Self, Error> {
        let board = options.board(&SIZE, Board::hex)?;
        let komi = options.int(&KOMI)?;
        Ok(Anda::start(board, komi))
    }

    fn name(&self) -> &'static str {
        "anda"
    }

    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        on_width!(&self.0, g => g.options())
    }

    fn board(&self) -> &'static Board {
        on_width!(&self.0, g => g.board)
    }

    fn specials(&self) -> &'static [crate::games::Special] {
        on_width!(&self.0, g => g.specials())
    }

    fn turn(&self) -> &Turn {
        on_width!(&self.0, g => &g.turn)
    }

    fn cells(&self) -> &[u8] {
        on_width!(&self.0, g => g.cells())
    }

    fn legal_actions_in_play(&mut self, out: &mut Vec<Action>) {
        on_width!(&mut self.0, g => g.legal_actions_in_play(out))
    }

    fn check_in_play(&mut self, action: Action) -> Result<(), Cow<'static, str>> {
        on_width!(&mut self.0, g => g.check_in_play(action))
    }

    fn apply_unchecked(&mut self, action: Action) {
        on_width!(&mut self.0, g => g.apply_unchecked(action))
    }

    fn scores(&mut self) -> Option<[f64; 2]> {
        on_width!(&mut self.0, g => g.scores())
    }

    fn random_action(&mut self, rng: &mut Rng, buf: &mut Vec<Action>) -> Option<Action> {
        on_width!(&mut self.0, g => g.random_action(rng, buf))
    }

    fn feature_plane_names(&self) -> &'static [&'static str] {
        on_width!(&self.0, g => g.feature_plane_names())
    }

    fn feature_planes(&mut self, perspective: Colour, planes: &mut Planes<'_>) {
        on_width!(&mut self.0, g => g.feature_planes(perspective, planes))
    }
}

impl SetUp for Anda {
    const COUNTERS: &'static [CounterSpec] = super::setup::COUNTERS;

    fn set_up(start: &Anda, description: &Description) -> Result<Anda, Error> {
        Ok(Anda(match &start.0 {
            AnyGame::Narrow(g) => AnyGame::Narrow(Box::new(Game::set_up(g, description)?)),
            AnyGame::Wide(g) => AnyGame::Wide(Box::new(Game::set_up(g, description)?)),
        }))
    }

    fn counters(&self) -> Vec<Counter> {
        on_width!(&self.0, g => g.counters())
    }
}
