//! Every game by name, and [`AnyPosition`]: one state of any game, for the
//! bindings and the batch runners. Adding a game is one line in `games!`
//! below (and its `pub mod` line in `games/mod.rs`).

use std::borrow::Cow;

use super::setup::{CounterSpec, Description, SetUp};
use super::{Action, Position, Special, Turn};
use crate::board::Board;
use crate::core::{Colour, Rng};
use crate::error::Error;
use crate::observation::Planes;
use crate::options::{OptionSpec, OptionValue, Options};

/// Runs generic code on the concrete game inside an [`AnyPosition`], so hot loops
/// are compiled once per game with no dispatch per move.
pub trait PositionVisitor {
    type Output;
    fn visit<P: Position>(self, game: &P) -> Self::Output;
}

macro_rules! games {
    // `$d` is a literal `$`, so the inner macro can have variables of its own.
    ($d:tt; $($module:ident :: $ty:ident),* $(,)?) => {
        /// A state of any registered game.
        #[derive(Debug)]
        pub enum AnyPosition {
            $($ty(super::$module::$ty),)*
        }

        impl Clone for AnyPosition {
            fn clone(&self) -> Self {
                match self {
                    $(AnyPosition::$ty(g) => AnyPosition::$ty(g.clone()),)*
                }
            }

            /// The game's own `clone_from` when both are of the same game,
            /// so that resetting a state from a start reuses its buffers
            /// (the derived one would clone afresh).
            fn clone_from(&mut self, source: &Self) {
                match (self, source) {
                    $((AnyPosition::$ty(g), AnyPosition::$ty(from)) => g.clone_from(from),)*
                    (this, source) => *this = source.clone(),
                }
            }
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

        impl AnyPosition {
            /// The start position of game `name` with `options`.
            ///
            /// # Errors
            /// [`Error::Option`] for an unknown game or a bad option.
            pub fn new(name: &str, options: &mut Options) -> Result<Self, Error> {
                let game = match name {
                    $(stringify!($module) => AnyPosition::$ty(<super::$module::$ty as Position>::from_options(options)?),)*
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
                    $(AnyPosition::$ty(_) => super::$module::OPTIONS,)*
                }
            }

            /// `position` as a state of any game: `P` is a registered
            /// game (or `AnyPosition` itself).
            pub fn from_position<P: Position>(position: &P) -> AnyPosition {
                let any = position as &dyn std::any::Any;
                $(if let Some(g) = any.downcast_ref::<super::$module::$ty>() {
                    return AnyPosition::$ty(g.clone());
                })*
                any.downcast_ref::<AnyPosition>()
                    .expect("every Position is a registered game")
                    .clone()
            }

            /// The concrete game inside, when it is a `P`.
            pub fn downcast_ref<P: Position>(&self) -> Option<&P> {
                match self {
                    $(AnyPosition::$ty(g) => (g as &dyn std::any::Any).downcast_ref::<P>(),)*
                }
            }

            /// The game's own counters (besides the turn's), for set-ups.
            pub fn counter_specs(&self) -> &'static [CounterSpec] {
                match self {
                    $(AnyPosition::$ty(_) => <super::$module::$ty as SetUp>::COUNTERS,)*
                }
            }

            /// The position `description` gives, in this start position's
            /// game (see [`SetUp::set_up`]).
            ///
            /// # Errors
            /// [`Error::Position`] for a position the rules cannot hold.
            pub fn set_up(&self, description: &Description) -> Result<AnyPosition, Error> {
                Ok(match self {
                    $(AnyPosition::$ty(start) => AnyPosition::$ty(SetUp::set_up(start, description)?),)*
                })
            }

            /// This position in plain terms (see [`SetUp::describe`]).
            pub fn describe(&self) -> Description {
                match self {
                    $(AnyPosition::$ty(g) => g.describe(),)*
                }
            }

            /// Calls `visitor` with the concrete game.
            pub fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
                match self {
                    $(AnyPosition::$ty(g) => visitor.visit(g),)*
                }
            }
        }

        macro_rules! forward {
            ($d state:ident, $d g:ident => $d body:expr) => {
                match $d state {
                    $(AnyPosition::$ty($d g) => $d body,)*
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

/// Writes each listed method of [`Position`] as a call on the game inside,
/// one method at a time.
macro_rules! forward_methods {
    () => {};
    (fn $name:ident(&self $(, $arg:ident: $ty:ty)*) $(-> $ret:ty)?; $($rest:tt)*) => {
        fn $name(&self $(, $arg: $ty)*) $(-> $ret)? {
            forward!(self, g => g.$name($($arg),*))
        }
        forward_methods!($($rest)*);
    };
    (fn $name:ident(&mut self $(, $arg:ident: $ty:ty)*) $(-> $ret:ty)?; $($rest:tt)*) => {
        fn $name(&mut self $(, $arg: $ty)*) $(-> $ret)? {
            forward!(self, g => g.$name($($arg),*))
        }
        forward_methods!($($rest)*);
    };
}

impl Position for AnyPosition {
    fn from_options(_: &mut Options) -> Result<Self, Error> {
        Err(Error::Option(
            "AnyPosition needs a game name: use AnyPosition::new".into(),
        ))
    }

    forward_methods! {
        fn name(&self) -> &'static str;
        fn options(&self) -> Vec<(&'static str, OptionValue)>;
        fn board(&self) -> &'static Board;
        fn specials(&self) -> &'static [Special];
        fn turn(&self) -> &Turn;
        fn cells(&self) -> &[u8];
        fn legal_actions(&mut self, out: &mut Vec<Action>);
        fn legal_actions_after(&mut self, before: &[Action], played: Action, out: &mut Vec<Action>);
        fn legal_actions_in_play(&mut self, out: &mut Vec<Action>);
        fn legal_mask(&mut self, mask: &mut [bool], buf: &mut Vec<Action>);
        fn legal_bits(&mut self, words: &mut [u64], buf: &mut Vec<Action>);
        fn check(&mut self, action: Action) -> Result<(), Cow<'static, str>>;
        fn check_in_play(&mut self, action: Action) -> Result<(), Cow<'static, str>>;
        fn apply_unchecked(&mut self, action: Action);
        fn scores(&mut self) -> Option<[f64; 2]>;
        fn random_action(&mut self, rng: &mut Rng, buf: &mut Vec<Action>) -> Option<Action>;
        fn feature_plane_names(&self) -> &'static [&'static str];
        fn feature_planes(&mut self, perspective: Colour, planes: &mut Planes<'_>);
    }
}
