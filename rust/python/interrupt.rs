//! Ctrl-C for long calls, the one way every long call of the extension
//! answers signals (batches of games, searches, observations of many
//! states, and whatever batch work comes later).
//!
//! Python runs signal handlers only on the main thread, between bytecodes:
//! a call that holds that thread in Rust for seconds would leave Ctrl-C
//! pending to its end. So the work runs on a thread of its own, with the GIL
//! released, and the calling thread waits for it, waking every [`POLL`] to
//! run Python's pending handlers (`PyErr_CheckSignals`). When a handler
//! raises (KeyboardInterrupt, by default), the work's [`Stop`] is requested;
//! the work polls it between units of work (an MCTS iteration, a game, a
//! state) and returns within milliseconds; the call then raises the
//! handler's exception. No thread is left running and nothing is half done.

use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

use pyo3::prelude::*;

use crate::core::Stop;

/// How often the calling thread looks for a pending signal.
const POLL: Duration = Duration::from_millis(50);

/// Set when the work is over, however it ended (a panic included).
struct Finished<'a>(&'a (Mutex<bool>, Condvar));

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        let (done, wake) = self.0;
        *done.lock().unwrap_or_else(PoisonError::into_inner) = true;
        wake.notify_all();
    }
}

/// Runs `work` with the GIL released, stopping it on a signal: returns its
/// value, or the exception a signal handler raised meanwhile (after `work`,
/// its `Stop` requested, has returned). `work` must poll the `Stop` it is
/// given at least every few tens of milliseconds. A panic in `work` is
/// raised again here.
pub fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce(&Stop) -> T + Send) -> PyResult<T> {
    let stop = Stop::new();
    let finished = (Mutex::new(false), Condvar::new());
    let mut raised = None;
    let joined = py.detach(|| {
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let _finished = Finished(&finished);
                work(&stop)
            });
            let (done, wake) = &finished;
            loop {
                let guard = done.lock().unwrap_or_else(PoisonError::into_inner);
                let (guard, _) = wake
                    .wait_timeout_while(guard, POLL, |done| !*done)
                    .unwrap_or_else(PoisonError::into_inner);
                if *guard {
                    break;
                }
                drop(guard);
                if raised.is_none() {
                    if let Err(error) = Python::attach(|py| py.check_signals()) {
                        stop.request();
                        raised = Some(error);
                    }
                }
            }
            worker.join()
        })
    });
    let value = joined.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    match raised {
        Some(error) => Err(error),
        None => Ok(value),
    }
}
