//! Search players built on the [`crate::Position`] trait, so every game gets
//! them: Monte Carlo tree search with random rollouts ([`mcts`]), and PUCT
//! search guided by an [`Evaluator`] ([`puct`]), run in rounds of batched
//! leaves ([`rounds`]) for one position or for many self-play games at once
//! ([`selfplay`]). Batches of whole games between two players are
//! [`crate::batch`].

mod draws;
pub mod evaluator;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod mcts;
#[cfg(test)]
pub(crate) mod no_alloc;
pub mod puct;
pub mod rounds;
pub mod selfplay;
pub mod threads;

pub use evaluator::{Evaluator, Leaf, Leaves, Priors, Rollouts, Uniform};
pub use mcts::{search, Budget, SearchResult};
pub use puct::{RootStats, Search};
pub use rounds::{run, Rounds, Until};
pub use selfplay::{PlayedGame, SelfPlay};
pub use threads::Threads;
