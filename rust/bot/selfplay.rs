//! Self-play: many games at once, every move chosen by a PUCT search, and
//! the leaves of all the games' searches answered by one evaluator call per
//! round, so that a network sees batches of about `concurrent × batch_size`.
//!
//! Each game leaves one row of training data per ply: the observation of
//! the position, its legal actions, the search's visit distribution (a
//! one-hot row for a forced move, which is played without a search), the
//! colour to move and, once the game is over, its outcome for the player to
//! move. Game `i` draws all its randomness from `(seed, i)` and depends on
//! nothing else but the evaluator's answers, so neither the number of
//! concurrent games nor the threads change it.

use super::evaluator::Leaves;
use super::puct::{Config, Search};
use super::rounds::Rounds;
use super::threads::Threads;
use crate::core::Rng;
use crate::games::{Action, Position};
use crate::observation::{observation_len, write_observation};

/// What a self-play run plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// The search of every move.
    pub search: Config,
    /// Games in all.
    pub games: usize,
    /// Games played at once, at least 1.
    pub concurrent: usize,
    /// The first `temperature_moves` plies of a game are drawn from the
    /// root's visits at `temperature`; later plies take the most visited.
    pub temperature_moves: u32,
    /// The temperature of the first `temperature_moves` plies (1: in
    /// proportion to the visits).
    pub temperature: f64,
    /// A game stops unfinished (outcome 0) after this many actions.
    pub max_moves: usize,
    /// Game `i` draws from `(seed, i)`.
    pub seed: u64,
}

/// One game played: its actions and one row per ply.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayedGame {
    pub actions: Vec<Action>,
    /// Whether the game reached its end within `max_moves`.
    pub finished: bool,
    /// The winning colour's index (0 Black, 1 White), if the game ended
    /// with a winner.
    pub winner: Option<usize>,
    /// Per ply, [`observation_len`] floats: the position seen by the
    /// colour to move.
    pub observations: Vec<f32>,
    /// Per ply, one flag per action: whether it is legal.
    pub masks: Vec<bool>,
    /// Per ply, one share per action: the root's visit distribution.
    pub policies: Vec<f32>,
    /// Per ply, the colour to move (0 Black, 1 White).
    pub to_move: Vec<u8>,
    /// Per ply, +1 when the player to move went on to win, -1 when it lost,
    /// 0 when the game ended with no winner or stopped unfinished.
    pub outcomes: Vec<f32>,
}

impl PlayedGame {
    /// Room for `rows` more plies, of `observation_len` floats and
    /// `actions` actions each.
    fn reserve_rows(&mut self, rows: usize, observation_len: usize, actions: usize) {
        self.actions.reserve(rows);
        self.observations.reserve(rows * observation_len);
        self.masks.reserve(rows * actions);
        self.policies.reserve(rows * actions);
        self.to_move.reserve(rows);
    }
}

/// A table where one game at a time is played.
#[derive(Debug)]
struct Table<P: Position> {
    /// The index of the game under way, or `None` when the table is idle.
    game: Option<usize>,
    /// Whether the game under way has ended (and waits to be collected).
    over: bool,
    position: P,
    search: Search<P>,
    rng: Rng,
    played: PlayedGame,
    /// The seat to move at each ply, for the outcomes.
    seats: Vec<usize>,
    buf: Vec<Action>,
}

impl<P: Position> Table<P> {
    fn new(start: &P, config: Config) -> Self {
        Table {
            game: None,
            over: false,
            position: start.clone(),
            search: Search::new(start, config),
            rng: Rng::new(0),
            played: PlayedGame::default(),
            seats: Vec::new(),
            buf: Vec::with_capacity(start.num_actions()),
        }
    }

    /// Starts game `index` from `start`.
    fn begin(&mut self, start: &P, index: usize, options: &Options) {
        self.game = Some(index);
        self.over = false;
        self.position.clone_from(start);
        self.rng = Rng::for_game(options.seed, index as u64);
        self.seats.clear();
        // Rows for a game as long as it has actions (most end sooner),
        // reserved at once rather than grown by doubling and copying.
        let rows = options.max_moves.min(start.num_actions());
        self.played
            .reserve_rows(rows, observation_len(start), start.num_actions());
        self.advance(options);
    }

    /// Plays the forced moves from here, then starts the search of the next
    /// move, or ends the game.
    fn advance(&mut self, options: &Options) {
        loop {
            if self.position.is_terminal() || self.played.actions.len() >= options.max_moves {
                self.finish();
                return;
            }
            self.position.legal_actions(&mut self.buf);
            if self.buf.len() > 1 {
                let seed = self.rng.next_u64();
                self.search
                    .start(&self.position, &self.played.actions, seed);
                return;
            }
            let action = self.buf[0];
            self.record(|policy| policy[action as usize] = 1.0);
            self.play(action);
        }
    }

    /// Records the row of the searched move and plays it.
    fn play_searched(&mut self, options: &Options) {
        let search = &self.search;
        let ply = self.played.actions.len() as u32;
        self.position.legal_actions(&mut self.buf);
        let policy_of = |policy: &mut [f32]| search.write_policy(policy);
        Self::record_row(
            &mut self.played,
            &mut self.seats,
            &mut self.position,
            &self.buf,
            policy_of,
        );
        let temperature = if ply < options.temperature_moves {
            options.temperature
        } else {
            0.0
        };
        let action = self.search.choose(temperature);
        self.play(action);
        self.advance(options);
    }

    /// Records a row for the position, with its policy written by `policy`;
    /// `self.buf` holds the legal actions.
    fn record(&mut self, policy: impl FnOnce(&mut [f32])) {
        Self::record_row(
            &mut self.played,
            &mut self.seats,
            &mut self.position,
            &self.buf,
            policy,
        );
    }

    fn record_row(
        played: &mut PlayedGame,
        seats: &mut Vec<usize>,
        position: &mut P,
        legal: &[Action],
        policy: impl FnOnce(&mut [f32]),
    ) {
        let len = observation_len(position);
        let from = played.observations.len();
        played.observations.resize(from + len, 0.0);
        let to_move = position.to_move();
        write_observation(position, to_move, &mut played.observations[from..]);
        let actions = position.num_actions();
        let from = played.masks.len();
        played.masks.resize(from + actions, false);
        for &a in legal {
            played.masks[from + a as usize] = true;
        }
        played.policies.resize(from + actions, 0.0);
        policy(&mut played.policies[from..]);
        played.to_move.push(to_move.index() as u8);
        seats.push(position.turn().seat_to_move());
    }

    fn play(&mut self, action: Action) {
        self.position.apply_unchecked(action);
        self.played.actions.push(action);
    }

    /// Ends the game: its winner and every row's outcome.
    fn finish(&mut self) {
        self.over = true;
        let turn = self.position.turn();
        self.played.finished = self.position.is_terminal();
        self.played.winner = self
            .position
            .winner()
            .filter(|_| self.played.finished)
            .map(|c| c.index());
        let winner = turn.winner_seat();
        self.played.outcomes = self
            .seats
            .iter()
            .map(|&seat| match winner {
                Some(w) if w == seat => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            })
            .collect();
    }
}

/// A self-play run under way; [`super::rounds::run`] drives it.
#[derive(Debug)]
pub struct SelfPlay<P: Position> {
    start: P,
    options: Options,
    tables: Vec<Table<P>>,
    /// The next game to begin.
    next: usize,
    /// The games begun, by index, each `None` until it is finished (grown
    /// as games begin, so memory follows the games played, not asked for).
    played: Vec<Option<PlayedGame>>,
    finished: usize,
}

impl<P: Position> SelfPlay<P> {
    /// A run of `options.games` games from `start`, the first
    /// `options.concurrent` of them begun.
    pub fn new(start: &P, options: Options) -> Self {
        let tables = options.concurrent.min(options.games);
        let mut run = SelfPlay {
            start: start.clone(),
            options,
            tables: (0..tables)
                .map(|_| Table::new(start, options.search))
                .collect(),
            next: 0,
            played: Vec::new(),
            finished: 0,
        };
        run.collect_and_refill();
        run
    }

    /// The leaves buffer this run gathers into.
    pub fn leaves(&self) -> Leaves<P> {
        Leaves::new(
            &self.start,
            self.tables.len(),
            self.options.search.batch_size,
        )
    }

    /// Games finished so far.
    pub fn finished(&self) -> usize {
        self.finished
    }

    /// The games played, in game order.
    ///
    /// # Panics
    /// When the run is not done.
    pub fn into_games(self) -> Vec<PlayedGame> {
        self.played
            .into_iter()
            .map(|g| g.expect("a finished run has every game"))
            .collect()
    }

    /// Moves the finished games off their tables, and begins the next
    /// games on the idle tables.
    fn collect_and_refill(&mut self) {
        for table in &mut self.tables {
            loop {
                if let (Some(index), true) = (table.game, table.over) {
                    self.played[index] = Some(std::mem::take(&mut table.played));
                    self.finished += 1;
                    table.game = None;
                }
                if table.game.is_some() || self.next == self.options.games {
                    break;
                }
                table.begin(&self.start, self.next, &self.options);
                self.played.push(None);
                self.next += 1;
            }
        }
    }
}

impl<P: Position> Rounds<P> for SelfPlay<P> {
    fn gather(&mut self, leaves: &mut Leaves<P>, histories: bool, threads: Threads<'_>) {
        let work = self.tables.iter_mut().zip(leaves.chunks_mut());
        threads.each(
            work,
            || (),
            |_, (table, (slots, count))| {
                *count = if table.game.is_some() && !table.search.is_done() {
                    table.search.gather(slots, histories)
                } else {
                    0
                };
            },
        );
    }

    fn absorb(&mut self, leaves: &mut Leaves<P>, threads: Threads<'_>) {
        let options = self.options;
        let work = self.tables.iter_mut().zip(leaves.chunks_mut());
        threads.each(
            work,
            || (),
            |_, (table, (slots, _))| {
                if table.game.is_none() {
                    return;
                }
                table.search.absorb(slots);
                if table.search.is_done() {
                    table.play_searched(&options);
                }
            },
        );
        self.collect_and_refill();
    }

    fn is_done(&self) -> bool {
        self.finished == self.options.games
    }
}

#[cfg(test)]
mod tests;
