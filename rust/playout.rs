//! Random playouts (RULES.md §8) and seeded batches of them over all cores.

use rayon::prelude::*;

use crate::core::{Colour, Rng};
use crate::games::{Action, AnyPosition, Position, PositionVisitor};

/// Winner code of a game with no winner (unfinished, or Sunder's full board
/// with komi). Black is 0 and White is 1, as in per-colour arrays.
pub const NO_WINNER: i8 = -1;

/// How one random game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// 0 Black, 1 White, [`NO_WINNER`].
    pub winner: i8,
    /// Actions played (a two-stone turn counts 2).
    pub length: u32,
    /// Whether the game reached its end within `max_moves`.
    pub finished: bool,
    /// Scores per colour at the end, for games that score (else NaN).
    pub scores: [f64; 2],
}

/// Plays `state` out at random, at most `max_moves` actions. `buf` is scratch
/// for legal actions, reused across games.
pub fn playout<P: Position>(
    state: &mut P,
    rng: &mut Rng,
    max_moves: usize,
    buf: &mut Vec<Action>,
) -> Outcome {
    let mut length = 0;
    while length < max_moves {
        match state.random_action(rng, buf) {
            Some(action) => state.apply_unchecked(action),
            None => break,
        }
        length += 1;
    }
    let finished = state.is_terminal();
    let winner = match state.winner() {
        Some(c) if finished => c.index() as i8,
        _ => NO_WINNER,
    };
    Outcome {
        winner,
        length: length as u32,
        finished,
        scores: state.scores().unwrap_or([f64::NAN; 2]),
    }
}

/// The default playout cap: `10 × N` actions (RULES.md §8).
pub fn default_max_moves(game: &AnyPosition) -> usize {
    10 * game.board().points()
}

/// Column arrays for a batch of games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Batch {
    pub winners: Vec<i8>,
    pub lengths: Vec<u32>,
    pub finished: Vec<bool>,
    /// Two per game: Black's then White's.
    pub scores: Vec<f64>,
}

struct RunGames<'a> {
    seed: u64,
    first: u64,
    max_moves: usize,
    out: &'a mut Batch,
}

impl PositionVisitor for RunGames<'_> {
    type Output = ();

    fn visit<P: Position>(self, start: &P) {
        let RunGames {
            seed,
            first,
            max_moves,
            out,
        } = self;
        out.winners
            .par_iter_mut()
            .zip(out.lengths.par_iter_mut())
            .zip(out.finished.par_iter_mut())
            .zip(out.scores.par_chunks_mut(2))
            .enumerate()
            .for_each_init(
                || (start.clone(), Vec::with_capacity(start.num_actions())),
                |(state, buf), (i, (((winner, length), finished), scores))| {
                    state.clone_from(start);
                    let mut rng = Rng::for_game(seed, first + i as u64);
                    let o = playout(state, &mut rng, max_moves, buf);
                    (*winner, *length, *finished) = (o.winner, o.length, o.finished);
                    scores.copy_from_slice(&o.scores);
                },
            );
    }
}

/// Plays games `first .. first + count` of the batch seeded `seed` from
/// `start`, on the current rayon pool. Game `i` depends only on `(seed, i)`,
/// so the result is the same for any thread count or split into calls.
pub fn run_batch(
    start: &AnyPosition,
    seed: u64,
    first: u64,
    count: usize,
    max_moves: usize,
) -> Batch {
    let mut out = Batch {
        winners: vec![NO_WINNER; count],
        lengths: vec![0; count],
        finished: vec![false; count],
        scores: vec![f64::NAN; 2 * count],
    };
    start.visit(RunGames {
        seed,
        first,
        max_moves,
        out: &mut out,
    });
    out
}

/// The colour of a winner code, if any.
pub fn winner_colour(code: i8) -> Option<Colour> {
    match code {
        0 => Some(Colour::Black),
        1 => Some(Colour::White),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{OptionValue, Options};

    fn sunder(size: i64) -> AnyPosition {
        AnyPosition::new(
            "sunder",
            &mut Options::new([("size", OptionValue::Int(size))]),
        )
        .unwrap()
    }

    #[test]
    fn a_batch_does_not_depend_on_thread_count_or_split() {
        let start = sunder(5);
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let two = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let a = one.install(|| run_batch(&start, 42, 0, 300, 1000));
        let b = two.install(|| run_batch(&start, 42, 0, 300, 1000));
        let bits = |batch: &Batch| batch.scores.iter().map(|s| s.to_bits()).collect::<Vec<_>>();
        assert_eq!(
            (&a.winners, &a.lengths, &a.finished),
            (&b.winners, &b.lengths, &b.finished)
        );
        assert_eq!(bits(&a), bits(&b));
        let head = run_batch(&start, 42, 0, 100, 1000);
        let tail = run_batch(&start, 42, 100, 200, 1000);
        assert_eq!(head.winners[..], a.winners[..100]);
        assert_eq!(tail.lengths[..], a.lengths[100..]);
    }

    #[test]
    fn one_game_replays_alone() {
        let start = sunder(5);
        let batch = run_batch(&start, 7, 0, 20, 1000);
        let mut state = start.clone();
        let outcome = playout(&mut state, &mut Rng::for_game(7, 13), 1000, &mut Vec::new());
        assert_eq!(outcome.winner, batch.winners[13]);
        assert_eq!(outcome.length, batch.lengths[13]);
    }

    #[test]
    fn sunder_playouts_finish_with_one_winner_at_komi_zero() {
        let batch = run_batch(&sunder(4), 1, 0, 500, 1000);
        assert!(batch.finished.iter().all(|&f| f));
        assert!(batch.winners.iter().all(|&w| w == 0 || w == 1));
    }

    #[test]
    fn max_moves_stops_a_game_unfinished() {
        let batch = run_batch(&sunder(7), 3, 0, 10, 5);
        assert!(batch.lengths.iter().all(|&l| l == 5));
        assert!(batch.finished.iter().all(|&f| !f));
        assert!(batch.winners.iter().all(|&w| w == NO_WINNER));
    }
}
