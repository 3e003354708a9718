//! The one loop of every PUCT search, for one tree or for many self-play
//! games at once: gather leaves, evaluate them in one call, absorb the
//! answers, and let the caller look in between (where it can stop the work,
//! or report progress).

use std::time::Instant;

use super::evaluator::{Evaluator, Leaves};
use super::threads::Threads;
use crate::core::Stop;
use crate::games::Position;

/// Work done in rounds of leaves.
pub trait Rounds<P: Position> {
    /// Fills `leaves` with the leaves of this round (with their histories
    /// when `histories`).
    fn gather(&mut self, leaves: &mut Leaves<P>, histories: bool, threads: Threads<'_>);

    /// Takes the evaluations of the leaves [`Rounds::gather`] filled.
    fn absorb(&mut self, leaves: &mut Leaves<P>, threads: Threads<'_>);

    /// Whether the work is finished.
    fn is_done(&self) -> bool;
}

/// When a run ends before its work is done: once `stop` is requested, or
/// at `deadline`. Either is looked at between rounds, after the first
/// (which evaluates a search's root, so a search stopped early still has
/// its root's moves and priors).
#[derive(Clone, Copy, Debug)]
pub struct Until<'a> {
    pub stop: &'a Stop,
    pub deadline: Option<Instant>,
}

impl Until<'_> {
    /// A run that ends only when its work is done.
    pub fn done() -> Until<'static> {
        Until {
            stop: Stop::never(),
            deadline: None,
        }
    }

    /// Whether the run should end now.
    fn reached(&self) -> bool {
        self.stop.requested() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Runs `work` to its end or `until` it is stopped, `evaluator` answering
/// each round's leaves in one call (and given `until.stop` to poll in a
/// long round), and `between` called after each round: an error from
/// either stops the work at once and is returned.
///
/// # Errors
/// The first error of `evaluator` or `between`.
pub fn run<P, R, E>(
    work: &mut R,
    leaves: &mut Leaves<P>,
    evaluator: &mut E,
    threads: Threads<'_>,
    until: Until<'_>,
    mut between: impl FnMut(&R) -> Result<(), E::Error>,
) -> Result<(), E::Error>
where
    P: Position,
    R: Rounds<P>,
    E: Evaluator<P>,
{
    let histories = evaluator.wants_histories();
    while !work.is_done() {
        work.gather(leaves, histories, threads);
        if !leaves.is_empty() {
            evaluator.evaluate(leaves, threads, until.stop)?;
        }
        work.absorb(leaves, threads);
        between(work)?;
        if until.reached() {
            break;
        }
    }
    Ok(())
}
