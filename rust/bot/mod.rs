//! Search players built on the [`crate::Position`] trait, so every game gets
//! them: Monte Carlo tree search ([`mcts`]) and seeded batches of whole
//! games between two players ([`arena`]).

pub mod arena;
pub mod mcts;
#[cfg(test)]
mod no_alloc;

pub use arena::{play_games, Games, LastAction, Player};
pub use mcts::{search, Budget, SearchResult};
