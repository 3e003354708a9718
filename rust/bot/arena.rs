//! Whole games between two players (random or MCTS) in seeded batches over
//! all cores, recording how each game went and how many legal moves each
//! ply offered.
//!
//! Game `i` of a batch seeded `seed` draws everything from one generator
//! seeded `(seed, i)`: a random player uses it exactly as
//! [`crate::playout::playout`] does, so random-against-random games are the
//! very games of [`crate::playout::run_batch`], and an MCTS player takes one
//! number from it per search as that search's seed.

use rayon::prelude::*;

use super::mcts::{Budget, RootTotals, Searcher};
use crate::core::Rng;
use crate::games::{Action, AnyPosition, Position, PositionVisitor, Special};
use crate::playout::NO_WINNER;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Player {
    /// The playout policy of RULES.md §8.
    Random,
    /// UCT search, one thread, a fixed number of iterations per move.
    Mcts { iterations: u64, exploration: f64 },
}

/// What kind of action ended a game (the last one played).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum LastAction {
    /// No action was played.
    None = 0,
    Placement = 1,
    Pass = 2,
    Swap = 3,
    Release = 4,
}

impl LastAction {
    fn of<P: Position>(state: &P, action: Action) -> Self {
        let points = state.board().points();
        let Some(special) = (action as usize).checked_sub(points) else {
            return LastAction::Placement;
        };
        match state.specials().get(special) {
            Some(Special::Pass) => LastAction::Pass,
            Some(Special::Swap) => LastAction::Swap,
            Some(Special::Release) => LastAction::Release,
            None => LastAction::None,
        }
    }
}

/// Column arrays for a batch of games, and branching by ply.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Games {
    /// 0 Black, 1 White, [`NO_WINNER`].
    pub winners: Vec<i8>,
    pub lengths: Vec<u32>,
    pub finished: Vec<bool>,
    /// Whether the seats exchanged colours (the first player ended as White).
    pub swapped: Vec<bool>,
    /// Two per game: Black's then White's (NaN for games that do not score).
    pub scores: Vec<f64>,
    /// [`LastAction`] codes.
    pub last: Vec<u8>,
    /// `branching[k]`: legal actions at ply `k`, summed over the games that
    /// reached ply `k` without ending (empty unless branching was asked for).
    pub branching: Vec<u64>,
    /// `reached[k]`: how many games were still going at ply `k`.
    pub reached: Vec<u64>,
}

/// Games per unit of parallel work: small enough to balance two cores,
/// large enough that a block's branching sums cost nothing to merge.
const BLOCK: usize = 32;

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
        let PlayGames {
            players,
            seed,
            first,
            count,
            max_moves,
            branching,
            out,
        } = self;
        let plies = if branching { max_moves + 1 } else { 0 };
        let blocks: Vec<Games> = (0..count.div_ceil(BLOCK))
            .into_par_iter()
            .map_init(
                || {
                    (
                        start.clone(),
                        Searcher::new(start),
                        RootTotals::new(start.num_actions()),
                        Vec::with_capacity(start.num_actions()),
                    )
                },
                |(state, searcher, totals, buf), b| {
                    let mut block = Games {
                        branching: vec![0; plies],
                        reached: vec![0; plies],
                        ..Games::default()
                    };
                    for i in b * BLOCK..((b + 1) * BLOCK).min(count) {
                        state.clone_from(start);
                        let mut rng = Rng::for_game(seed, first + i as u64);
                        let mut game = OneGame {
                            state,
                            searcher,
                            totals,
                            buf,
                            rng: &mut rng,
                            max_moves,
                        };
                        game.play(&players, &mut block, branching);
                    }
                    block
                },
            )
            .collect();
        for g in blocks {
            out.winners.extend(g.winners);
            out.lengths.extend(g.lengths);
            out.finished.extend(g.finished);
            out.swapped.extend(g.swapped);
            out.scores.extend(g.scores);
            out.last.extend(g.last);
            if out.branching.len() < g.branching.len() {
                out.branching.resize(g.branching.len(), 0);
                out.reached.resize(g.reached.len(), 0);
            }
            for (a, b) in out.branching.iter_mut().zip(&g.branching) {
                *a += b;
            }
            for (a, b) in out.reached.iter_mut().zip(&g.reached) {
                *a += b;
            }
        }
    }
}

struct OneGame<'a, P: Position> {
    state: &'a mut P,
    searcher: &'a mut Searcher<P>,
    totals: &'a mut RootTotals,
    buf: &'a mut Vec<Action>,
    rng: &'a mut Rng,
    max_moves: usize,
}

impl<P: Position> OneGame<'_, P> {
    fn play(&mut self, players: &[Player; 2], out: &mut Games, branching: bool) {
        let mut length = 0;
        let mut last = LastAction::None;
        while length < self.max_moves && !self.state.is_terminal() {
            if branching {
                self.state.legal_actions(self.buf);
                out.branching[length] += self.buf.len() as u64;
                out.reached[length] += 1;
            }
            let seat = self.state.to_move().index() ^ usize::from(self.state.swapped());
            let action = match players[seat] {
                Player::Random => self.state.random_action(self.rng, self.buf),
                Player::Mcts {
                    iterations,
                    exploration,
                } => self.search(iterations, exploration),
            };
            let Some(action) = action else { break };
            last = LastAction::of(self.state, action);
            self.state.apply_unchecked(action);
            length += 1;
        }
        let finished = self.state.is_terminal();
        out.winners.push(match self.state.winner() {
            Some(c) if finished => c.index() as i8,
            _ => NO_WINNER,
        });
        out.lengths.push(length as u32);
        out.finished.push(finished);
        out.swapped.push(self.state.swapped());
        out.scores
            .extend(self.state.scores().unwrap_or([f64::NAN; 2]));
        out.last.push(last as u8);
    }

    /// The move an MCTS player makes: its single legal move without a
    /// search, else the most visited after `iterations` iterations.
    fn search(&mut self, iterations: u64, exploration: f64) -> Option<Action> {
        self.state.legal_actions(self.buf);
        if self.buf.len() <= 1 {
            return self.buf.first().copied();
        }
        let budget = Budget {
            iterations: Some(iterations),
            time: None,
            exploration,
            max_moves: 10 * self.state.board().points(),
        };
        let mut tree_rng = Rng::for_game(self.rng.next_u64(), 0);
        self.totals.clear();
        let done = self.searcher.search(
            self.state,
            Some(iterations),
            None,
            &budget,
            &mut tree_rng,
            self.totals,
        );
        self.totals.result(self.buf, done).best()
    }
}

/// Plays games `first .. first + count` of the batch seeded `seed` from
/// `start`, `players[s]` playing seat `s`, on the current rayon pool. Game
/// `i` depends only on `(seed, i)`, so any split into calls or thread count
/// gives the same games. With `branching`, legal moves are counted per ply.
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

#[cfg(test)]
mod tests;
