//! stonefield: exact, fast rules engines for five abstract board games —
//! Sunder, Anda, Anadil, Lingarda and Esgrad — with batch random playouts.
//!
//! The rules live in [`games`], one file per game, each a state implementing
//! [`games::Position`]; geometry lives in [`board`]; [`playout`] plays one
//! game out and [`batch`] runs seeded batches of them over all cores; [`bot`]
//! holds the search players; [`env`] steps batches of games for learners. The Python
//! bindings (feature `python`) are the only code that knows Python.

pub mod batch;
pub mod board;
pub mod bot;
pub mod core;
pub mod env;
pub mod error;
pub mod games;
pub mod observation;
pub mod options;
pub mod playout;
pub mod record;

#[cfg(feature = "python")]
mod python;

pub use error::Error;
pub use games::{Action, AnyPosition, Position};
pub use options::{OptionKind, OptionSpec, OptionValue, Options};
