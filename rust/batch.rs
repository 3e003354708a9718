//! Seeded batches of whole games over all cores, between two players
//! (random or MCTS): random playouts and bot games alike run here, and each
//! game's result is recorded in one place ([`Games::record`]).
//!
//! Game `i` of a batch seeded `seed` draws everything from one generator
//! seeded `(seed, i)`: a random player uses it exactly as
//! [`crate::playout::playout`] does, so random-against-random games are the
//! very games of a random playout, and an MCTS player takes one number from
//! it per search as that search's seed. Game `i` depends only on
//! `(seed, i)`, so any split into calls or thread count gives the same games.

use rayon::prelude::*;

use crate::bot::mcts::{Budget, RootTotals, Searcher};
use crate::core::Rng;
use crate::games::{Action, AnyPosition, Position, PositionVisitor};
use crate::playout::{play_out, playout, Outcome};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Player {
    /// The playout policy of RULES.md §8.
    Random,
    /// UCT search, one thread, a fixed number of iterations per move.
    Mcts { iterations: u64, exploration: f64 },
}

/// Column arrays for a batch of games, and branching by ply.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Games {
    /// 0 Black, 1 White, [`crate::playout::NO_WINNER`].
    pub winners: Vec<i8>,
    pub lengths: Vec<u32>,
    pub finished: Vec<bool>,
    /// Whether the seats exchanged colours (the first player ended as White).
    pub swapped: Vec<bool>,
    /// Two per game: Black's then White's (NaN for games that do not score).
    pub scores: Vec<f64>,
    /// [`crate::playout::LastAction`] codes.
    pub last: Vec<u8>,
    /// `branching[k]`: legal actions at ply `k`, summed over the games that
    /// reached ply `k` without ending (empty unless branching was asked for).
    pub branching: Vec<u64>,
    /// `reached[k]`: how many games were still going at ply `k`.
    pub reached: Vec<u64>,
}

impl Games {
    /// Adds one game's outcome.
    fn record(&mut self, outcome: &Outcome) {
        self.winners.push(outcome.winner);
        self.lengths.push(outcome.length);
        self.finished.push(outcome.finished);
        self.swapped.push(outcome.swapped);
        self.scores.extend(outcome.scores);
        self.last.push(outcome.last as u8);
    }

    /// Appends the games of `block`, which come after these.
    fn append(&mut self, block: Games) {
        self.winners.extend(block.winners);
        self.lengths.extend(block.lengths);
        self.finished.extend(block.finished);
        self.swapped.extend(block.swapped);
        self.scores.extend(block.scores);
        self.last.extend(block.last);
        if self.branching.len() < block.branching.len() {
            self.branching.resize(block.branching.len(), 0);
            self.reached.resize(block.reached.len(), 0);
        }
        for (a, b) in self.branching.iter_mut().zip(&block.branching) {
            *a += b;
        }
        for (a, b) in self.reached.iter_mut().zip(&block.reached) {
            *a += b;
        }
    }
}

/// Games per unit of parallel work: small enough to balance two cores,
/// large enough that a block's branching sums cost nothing to merge.
const BLOCK: usize = 32;

/// What one worker thread reuses from game to game.
struct Worker<P: Position> {
    state: P,
    buf: Vec<Action>,
    /// Made at the first move of an MCTS player.
    searcher: Option<(Searcher<P>, RootTotals)>,
}

struct PlayGames<'a> {
    players: [Player; 2],
    seed: u64,
    first: u64,
    count: usize,
    max_moves: usize,
    branching: bool,
    out: &'a mut Games,
}

impl PositionVisitor for PlayGames<'_> {
    type Output = ();

    fn visit<P: Position>(self, start: &P) {
        let plies = if self.branching {
            self.max_moves + 1
        } else {
            0
        };
        let blocks: Vec<Games> = (0..self.count.div_ceil(BLOCK))
            .into_par_iter()
            .map_init(
                || Worker {
                    state: start.clone(),
                    buf: Vec::with_capacity(start.num_actions()),
                    searcher: None,
                },
                |worker, b| {
                    let mut block = Games {
                        branching: vec![0; plies],
                        reached: vec![0; plies],
                        ..Games::default()
                    };
                    for i in b * BLOCK..((b + 1) * BLOCK).min(self.count) {
                        worker.state.clone_from(start);
                        let mut rng = Rng::for_game(self.seed, self.first + i as u64);
                        let outcome = self.play(worker, &mut rng, &mut block);
                        block.record(&outcome);
                    }
                    block
                },
            )
            .collect();
        for block in blocks {
            self.out.append(block);
        }
    }
}

impl PlayGames<'_> {
    /// Plays one game from the worker's state.
    fn play<P: Position>(
        &self,
        worker: &mut Worker<P>,
        rng: &mut Rng,
        block: &mut Games,
    ) -> Outcome {
        let Worker {
            state,
            buf,
            searcher,
        } = worker;
        if self.players == [Player::Random; 2] && !self.branching {
            return playout(state, rng, self.max_moves, buf);
        }
        let count_branching = |state: &mut P, ply: usize, buf: &mut Vec<Action>| {
            if self.branching && !state.is_terminal() {
                state.legal_actions(buf);
                block.branching[ply] += buf.len() as u64;
                block.reached[ply] += 1;
            }
        };
        let choose = |state: &mut P, rng: &mut Rng, buf: &mut Vec<Action>| {
            let seat = state.turn().seat_to_move();
            match self.players[seat] {
                Player::Random => state.random_action(rng, buf),
                Player::Mcts {
                    iterations,
                    exploration,
                } => {
                    let (searcher, totals) = searcher.get_or_insert_with(|| {
                        (Searcher::new(state), RootTotals::new(state.num_actions()))
                    });
                    search_move(state, searcher, totals, rng, buf, iterations, exploration)
                }
            }
        };
        play_out(state, rng, self.max_moves, buf, choose, count_branching)
    }
}

/// The move an MCTS player makes: its single legal move without a search,
/// else the most visited after `iterations` iterations.
fn search_move<P: Position>(
    state: &mut P,
    searcher: &mut Searcher<P>,
    totals: &mut RootTotals,
    rng: &mut Rng,
    buf: &mut Vec<Action>,
    iterations: u64,
    exploration: f64,
) -> Option<Action> {
    state.legal_actions(buf);
    if buf.len() <= 1 {
        return buf.first().copied();
    }
    let budget = Budget {
        iterations: Some(iterations),
        time: None,
        exploration,
        max_moves: 10 * state.board().points(),
    };
    let mut tree_rng = Rng::for_game(rng.next_u64(), 0);
    totals.clear();
    let done = searcher.search(
        state,
        Some(iterations),
        None,
        &budget,
        &mut tree_rng,
        totals,
    );
    totals.result(buf, done).best()
}

/// Plays games `first .. first + count` of the batch seeded `seed` from
/// `start`, `players[s]` playing seat `s`, on the current rayon pool. With
/// `branching`, legal moves are counted per ply.
pub fn play_games(
    start: &AnyPosition,
    players: [Player; 2],
    seed: u64,
    first: u64,
    count: usize,
    max_moves: usize,
    branching: bool,
) -> Games {
    let mut out = Games::default();
    start.visit(PlayGames {
        players,
        seed,
        first,
        count,
        max_moves,
        branching,
        out: &mut out,
    });
    out
}

/// Random playouts (RULES.md §8): games `first .. first + count` of the
/// batch seeded `seed` between two random players.
pub fn playouts(
    start: &AnyPosition,
    seed: u64,
    first: u64,
    count: usize,
    max_moves: usize,
) -> Games {
    play_games(
        start,
        [Player::Random; 2],
        seed,
        first,
        count,
        max_moves,
        false,
    )
}

#[cfg(test)]
mod tests;
