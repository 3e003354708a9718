//! A request to stop a long computation early: set by whoever asks (the
//! Python bindings on Ctrl-C), read by the loops that do the work.

use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that long loops poll between units of work (an MCTS iteration, a
/// game of a batch, a state's observation), and then stop. A stopped
/// computation returns what it has done so far; the caller, who asked,
/// knows that it is partial.
#[derive(Debug, Default)]
pub struct Stop(AtomicBool);

impl Stop {
    /// A flag that is never set, for work that nobody stops.
    pub fn never() -> &'static Stop {
        static NEVER: Stop = Stop::new();
        &NEVER
    }

    /// A flag not yet set.
    pub const fn new() -> Self {
        Stop(AtomicBool::new(false))
    }

    /// Asks the work to stop.
    pub fn request(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether stopping was asked for.
    #[inline]
    pub fn requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
