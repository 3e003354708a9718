//! Every game by name, and [`AnyGame`]: one state of any game, for the
//! bindings and the batch runners. Adding a game is one line in `games!`
//! below (and its `pub mod` line in `games/mod.rs`).

use std::borrow::Cow;

use super::{Action, Detail, Game, Special};
use crate::board::{Board, Point};
use crate::core::{Colour, Rng};
use crate::error::Error;
use crate::observation::Planes;
use crate::options::{OptionSpec, OptionValue, Options};

/// Runs generic code on the concrete game inside an [`AnyGame`], so hot loops
/// are compiled once per game with no dispatch per move.
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self, game: &G) -> Self::Output;
}

macro_rules! games {
    // `$d` is a literal `$`, so the inner macro can have variables of its own.
    ($d:tt; $($module:ident :: $ty:ident),* $(,)?) => {
        /// A state of any registered game.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($ty(super::$module::$ty),)*
        }

        /// The registry names, in registration order.
        pub const GAME_NAMES: &[&str] = &[$(stringify!($module)),*];

        /// The option table of the game named `name`, if there is one.
        pub fn option_specs(name: &str) -> Option<&'static [OptionSpec]> {
            match name {
                $(stringify!($module) => Some(super::$module::OPTIONS),)*
                _ => None,
            }
        }

        impl AnyGame {
            /// The start position of game `name` with `options`.
            ///
            /// # Errors
            /// [`Error::Option`] for an unknown game or a bad option.
            pub fn new(name: &str, options: &mut Options) -> Result<Self, Error> {
                let game = match name {
                    $(stringify!($module) => AnyGame::$ty(<super::$module::$ty as Game>::from_options(options)?),)*
                    _ => {
                        return Err(Error::Option(format!(
                            "unknown game '{name}' (games: {})",
                            GAME_NAMES.join(", ")
                        )))
                    }
                };
                options.finish(name, game.option_specs())?;
                Ok(game)
            }

            /// The option table of this state's game.
            pub fn option_specs(&self) -> &'static [OptionSpec] {
                match self {
                    $(AnyGame::$ty(_) => super::$module::OPTIONS,)*
                }
            }

            /// Calls `visitor` with the concrete game.
            pub fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
                match self {
                    $(AnyGame::$ty(g) => visitor.visit(g),)*
                }
            }
        }

        macro_rules! forward {
            ($d state:ident, $d g:ident => $d body:expr) => {
                match $d state {
                    $(AnyGame::$ty($d g) => $d body,)*
                }
            };
        }
    };
}

games! {
    $;
    sunder::Sunder,
    anda::Anda,
    anadil::Anadil,
    lingarda::Lingarda,
    esgrad::Esgrad,
}

impl Game for AnyGame {
    fn from_options(_: &mut Options) -> Result<Self, Error> {
        Err(Error::Option(
            "AnyGame needs a game name: use AnyGame::new".into(),
        ))
    }
    fn name(&self) -> &'static str {
        forward!(self, g => g.name())
    }
    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        forward!(self, g => g.options())
    }
    fn board(&self) -> &'static Board {
        forward!(self, g => g.board())
    }
    fn specials(&self) -> &'static [Special] {
        forward!(self, g => g.specials())
    }
    fn to_move(&self) -> Colour {
        forward!(self, g => g.to_move())
    }
    fn cell(&self, p: Point) -> u8 {
        forward!(self, g => g.cell(p))
    }
    fn swapped(&self) -> bool {
        forward!(self, g => g.swapped())
    }
    fn legal_actions(&mut self, out: &mut Vec<Action>) {
        forward!(self, g => g.legal_actions(out))
    }
    fn check(&mut self, action: Action) -> Result<(), Cow<'static, str>> {
        forward!(self, g => g.check(action))
    }
    fn apply_unchecked(&mut self, action: Action) {
        forward!(self, g => g.apply_unchecked(action))
    }
    fn is_terminal(&self) -> bool {
        forward!(self, g => g.is_terminal())
    }
    fn winner(&self) -> Option<Colour> {
        forward!(self, g => g.winner())
    }
    fn scores(&mut self) -> Option<[f64; 2]> {
        forward!(self, g => g.scores())
    }
    fn random_action(&mut self, rng: &mut Rng, buf: &mut Vec<Action>) -> Option<Action> {
        forward!(self, g => g.random_action(rng, buf))
    }
    fn query(&mut self, what: &str, point: Option<Point>) -> Result<Detail, Error> {
        forward!(self, g => g.query(what, point))
    }
    fn returns(&self) -> [f64; 2] {
        forward!(self, g => g.returns())
    }
    fn feature_plane_names(&self) -> &'static [&'static str] {
        forward!(self, g => g.feature_plane_names())
    }
    fn feature_planes(&mut self, perspective: Colour, planes: &mut Planes<'_>) {
        forward!(self, g => g.feature_planes(perspective, planes))
    }
}
