//! What the search tests share: the cheapest rollout evaluator, and a run
//! of rounds to the end of their work.

use std::convert::Infallible;

use super::rounds::{run, Rounds, Until};
use super::{Evaluator, Leaves, Rollouts, Threads};
use crate::games::Position;

/// One random rollout per leaf, capped far beyond any small game's length.
pub(crate) fn rollouts() -> Rollouts {
    Rollouts {
        playouts: 1,
        max_moves: 1000,
    }
}

/// Runs `work` in rounds of `leaves` until it is done, evaluated by an
/// `evaluator` that cannot fail.
pub(crate) fn run_to_end<P: Position, R: Rounds<P>>(
    work: &mut R,
    leaves: &mut Leaves<P>,
    evaluator: &mut impl Evaluator<P, Error = Infallible>,
    threads: Threads<'_>,
) {
    run(work, leaves, evaluator, threads, Until::done(), |_| Ok(())).unwrap();
}
