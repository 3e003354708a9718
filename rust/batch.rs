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
//!
//! Beyond each game's outcome a batch can record what the design measures
//! need ([`Detail`]): legal actions per ply and per game, decisions and
//! board coverage, and MCTS evaluations of sampled positions. Evaluations
//! draw from a generator of their own, so an evaluated game is move for move
//! the game the batch plays without them.

use rayon::prelude::*;

use crate::bot::mcts::{Budget, RootTotals, Searcher};
use crate::core::{Colour, Rng, Stop};
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

/// What a batch records beyond each game's outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Detail {
    /// Count legal actions per ply and per game, the plies with a choice
    /// and the points ever placed on.
    pub branching: bool,
    /// Evaluate sampled positions of the first games by MCTS.
    pub evaluation: Option<Evaluation>,
}

/// MCTS evaluations of the positions of a batch's first games, every
/// `every` plies from the start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    /// Games with a batch index below this are evaluated.
    pub games: u64,
    /// Plies between two evaluated positions (at least 1).
    pub every: usize,
    /// Iterations of each evaluation's search (at least 1).
    pub iterations: u64,
    pub exploration: f64,
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
    /// reached ply `k` without ending (empty unless branching was asked for;
    /// as long as the longest game).
    pub branching: Vec<u64>,
    /// `reached[k]`: how many games were still going at ply `k`.
    pub reached: Vec<u64>,
    /// Per game, with [`Detail::branching`]: legal actions summed over its
    /// plies, their largest and first and last counts, and how many plies
    /// offered more than one.
    pub legal_total: Vec<u64>,
    pub legal_max: Vec<u32>,
    pub legal_first: Vec<u32>,
    pub legal_last: Vec<u32>,
    pub decisions: Vec<u32>,
    /// Per game, with [`Detail::branching`]: the points ever placed on.
    pub covered: Vec<u32>,
    /// One entry per evaluated position: the game's batch index, its ply and
    /// Black's value in `[-1, 1]` (the search's mean reward, +1 a sure win).
    pub evaluated_game: Vec<u64>,
    pub evaluated_ply: Vec<u32>,
    pub evaluation: Vec<f64>,
}

/// Legal actions over the plies of one game.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    total: u64,
    max: u32,
    first: u32,
    last: u32,
    decisions: u32,
    plies: u32,
}

impl Tally {
    fn add(&mut self, legal: usize) {
        let legal = legal as u32;
        if self.plies == 0 {
            self.first = legal;
        }
        self.total += u64::from(legal);
        self.max = self.max.max(legal);
        self.last = legal;
        self.decisions += u32::from(legal > 1);
        self.plies += 1;
    }
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

    /// Adds one game's legal-action tally and coverage.
    fn record_detail(&mut self, tally: &Tally, covered: u32) {
        self.legal_total.push(tally.total);
        self.legal_max.push(tally.max);
        self.legal_first.push(tally.first);
        self.legal_last.push(tally.last);
        self.decisions.push(tally.decisions);
        self.covered.push(covered);
    }

    /// Appends the games of `block`, which come after these.
    fn append(&mut self, block: Games) {
        self.winners.extend(block.winners);
        self.lengths.extend(block.lengths);
        self.finished.extend(block.finished);
        self.swapped.extend(block.swapped);
        self.scores.extend(block.scores);
        self.last.extend(block.last);
        self.legal_total.extend(block.legal_total);
        self.legal_max.extend(block.legal_max);
        self.legal_first.extend(block.legal_first);
        self.legal_last.extend(block.legal_last);
        self.decisions.extend(block.decisions);
        self.covered.extend(block.covered);
        self.evaluated_game.extend(block.evaluated_game);
        self.evaluated_ply.extend(block.evaluated_ply);
        self.evaluation.extend(block.evaluation);
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

/// Blocks played between two joins of their results.
const WAVE: usize = 4096;

/// What one worker thread reuses from game to game.
struct Worker<P: Position> {
    state: P,
    buf: Vec<Action>,
    /// Made at the first move of an MCTS player.
    searcher: Option<(Searcher<P>, RootTotals)>,
    /// Made at the first evaluated position.
    evaluator: Option<(Searcher<P>, RootTotals)>,
    /// Whether each point has been placed on in the current game.
    covered: Vec<bool>,
}

/// Which games of a batch to play, by whom, and what to record: games
/// `first .. first + count` of the batch seeded `seed`, `players[s]`
/// playing seat `s`, each stopped unfinished after `max_moves` actions,
/// recording what `detail` asks for beyond the outcomes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    pub players: [Player; 2],
    pub seed: u64,
    pub first: u64,
    pub count: usize,
    pub max_moves: usize,
    pub detail: Detail,
}

struct PlayGames<'a> {
    schedule: Schedule,
    stop: &'a Stop,
    out: &'a mut Games,
}

impl PositionVisitor for PlayGames<'_> {
    type Output = ();

    fn visit<P: Position>(self, start: &P) {
        // In waves of blocks, so that the blocks' results waiting to be
        // joined stay few, and a stopped batch ends at once.
        let blocks = self.schedule.count.div_ceil(BLOCK);
        for wave in (0..blocks).step_by(WAVE) {
            if self.stop.requested() {
                break;
            }
            let done: Vec<Games> = (wave..(wave + WAVE).min(blocks))
                .into_par_iter()
                .map_init(
                    || Worker {
                        state: start.clone(),
                        buf: Vec::with_capacity(start.num_actions()),
                        searcher: None,
                        evaluator: None,
                        covered: Vec::new(),
                    },
                    |worker, b| {
                        let mut block = Games::default();
                        for i in b * BLOCK..((b + 1) * BLOCK).min(self.schedule.count) {
                            if self.stop.requested() {
                                break;
                            }
                            worker.state.clone_from(start);
                            let index = self.schedule.first + i as u64;
                            let mut rng = Rng::for_game(self.schedule.seed, index);
                            let outcome = self.play(index, worker, &mut rng, &mut block);
                            block.record(&outcome);
                        }
                        block
                    },
                )
                .collect();
            for block in done {
                self.out.append(block);
            }
        }
    }
}

impl PlayGames<'_> {
    /// Plays game `index` of the batch from the worker's state.
    fn play<P: Position>(
        &self,
        index: u64,
        worker: &mut Worker<P>,
        rng: &mut Rng,
        block: &mut Games,
    ) -> Outcome {
        let Worker {
            state,
            buf,
            searcher,
            evaluator,
            covered,
        } = worker;
        if self.schedule.players == [Player::Random; 2] && self.schedule.detail == Detail::default()
        {
            return playout(state, rng, self.schedule.max_moves, buf);
        }
        let branching = self.schedule.detail.branching;
        let evaluation = self.schedule.detail.evaluation.filter(|e| index < e.games);
        let mut evaluation_rng = Rng::for_game(evaluation_seed(self.schedule.seed), index);
        let points = state.board().points();
        covered.clear();
        covered.resize(points, false);
        let mut tally = Tally::default();
        let mut placed = 0;
        let games = &mut *block;
        let before_move = |state: &mut P, ply: usize, buf: &mut Vec<Action>| {
            if state.is_terminal() {
                return;
            }
            if branching {
                // Grown as games get longer, never to the cap: a cap of
                // billions of moves costs nothing until a game plays them.
                if games.reached.len() <= ply {
                    games.branching.resize(ply + 1, 0);
                    games.reached.resize(ply + 1, 0);
                }
                state.legal_actions(buf);
                games.branching[ply] += buf.len() as u64;
                games.reached[ply] += 1;
                tally.add(buf.len());
            }
            if let Some(e) = evaluation.filter(|e| ply % e.every == 0) {
                let (searcher, totals) = evaluator.get_or_insert_with(|| {
                    (Searcher::new(state), RootTotals::new(state.num_actions()))
                });
                let value =
                    black_value(state, searcher, totals, &mut evaluation_rng, &e, self.stop);
                games.evaluated_game.push(index);
                games.evaluated_ply.push(ply as u32);
                games.evaluation.push(value);
            }
        };
        let choose = |state: &mut P, rng: &mut Rng, buf: &mut Vec<Action>| {
            let seat = state.turn().seat_to_move();
            let action = match self.schedule.players[seat] {
                Player::Random => state.random_action(rng, buf),
                Player::Mcts {
                    iterations,
                    exploration,
                } => {
                    let (searcher, totals) = searcher.get_or_insert_with(|| {
                        (Searcher::new(state), RootTotals::new(state.num_actions()))
                    });
                    let search = (iterations, exploration, self.stop);
                    search_move(state, searcher, totals, rng, buf, search)
                }
            };
            if let Some(point) = action.map(|a| a as usize).filter(|&p| p < points) {
                placed += u32::from(!covered[point]);
                covered[point] = true;
            }
            action
        };
        let outcome = play_out(
            state,
            rng,
            self.schedule.max_moves,
            buf,
            choose,
            before_move,
        );
        if branching {
            block.record_detail(&tally, placed);
        }
        outcome
    }
}

/// The seed of the evaluations' generators in a batch seeded `seed`: a
/// stream apart from the games' own.
fn evaluation_seed(seed: u64) -> u64 {
    Rng::new(seed ^ 0x6576_616C_7561_7465).next_u64()
}

/// Black's value of `state` in `[-1, 1]`: the mean reward of an MCTS search
/// of it, seen from Black.
fn black_value<P: Position>(
    state: &P,
    searcher: &mut Searcher<P>,
    totals: &mut RootTotals,
    rng: &mut Rng,
    evaluation: &Evaluation,
    stop: &Stop,
) -> f64 {
    let budget = Budget {
        iterations: Some(evaluation.iterations),
        time: None,
        exploration: evaluation.exploration,
        max_moves: 10 * state.board().points(),
    };
    let mut tree_rng = Rng::for_game(rng.next_u64(), 0);
    totals.clear();
    searcher.search(
        state,
        Some(evaluation.iterations),
        None,
        stop,
        &budget,
        &mut tree_rng,
        totals,
    );
    let mover = totals.mean_reward();
    if state.to_move() == Colour::Black {
        mover
    } else {
        -mover
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
    (iterations, exploration, stop): (u64, f64, &Stop),
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
        stop,
        &budget,
        &mut tree_rng,
        totals,
    );
    totals.result(buf, done).best()
}

/// Plays the games of `schedule` from `start` on the current rayon pool.
/// When `stop` is requested the batch ends early: the games not yet begun
/// are left out, and the game in play may end unfinished.
pub fn play_games(start: &AnyPosition, schedule: Schedule, stop: &Stop) -> Games {
    let mut out = Games::default();
    start.visit(PlayGames {
        schedule,
        stop,
        out: &mut out,
    });
    out
}

/// Random playouts (RULES.md §8): games `first .. first + count` of the
/// batch seeded `seed` between two random players, stopped early (as
/// [`play_games`]) when `stop` is requested.
pub fn playouts(
    start: &AnyPosition,
    seed: u64,
    first: u64,
    count: usize,
    max_moves: usize,
    stop: &Stop,
) -> Games {
    let schedule = Schedule {
        players: [Player::Random; 2],
        seed,
        first,
        count,
        max_moves,
        detail: Detail::default(),
    };
    play_games(start, schedule, stop)
}

#[cfg(test)]
mod tests;
