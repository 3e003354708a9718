//! Search players built on the [`crate::Position`] trait, so every game gets
//! them: Monte Carlo tree search ([`mcts`]). Batches of whole games between
//! two players are [`crate::batch`].

pub mod mcts;
#[cfg(test)]
pub(crate) mod no_alloc;

pub use mcts::{search, Budget, SearchResult};
