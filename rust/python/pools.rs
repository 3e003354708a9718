//! Rayon thread pools by size: the one place threads are made, under one
//! limit, with a bounded cache, and safe across `fork`.
//!
//! A call may ask for up to [`max_threads`] threads (four per core: more
//! only adds switching). The last [`KEPT`] pool sizes asked for are kept for
//! reuse; an older pool is dropped from the cache, and its threads end once
//! the calls still using it return, so any sequence of thread counts leaves
//! at most `KEPT` pools alive.
//!
//! A forked child inherits a pool's bookkeeping but none of its threads, so
//! a job sent to it would wait forever (the deadlock huggingface/tokenizers
//! guards against with `pthread_atfork`). Every batch here runs on a pool
//! from this table, never on rayon's global pool, and the table remembers
//! the process that built it: a child sees another process id and builds
//! fresh pools, leaking the dead ones (dropping them would signal threads
//! that do not exist in the child).

use std::sync::{Arc, Mutex, PoisonError};

use pyo3::prelude::*;

use super::errors::OptionError;

/// Pool sizes kept for reuse.
pub const KEPT: usize = 4;

/// The cores of this machine (1 when unknown).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The most threads one call may use: four per core.
pub fn max_threads() -> usize {
    4 * cores()
}

struct Pools {
    pid: u32,
    /// Least recently used first.
    by_size: Vec<(usize, Arc<rayon::ThreadPool>)>,
}

static POOLS: Mutex<Option<Pools>> = Mutex::new(None);

/// The pool of `threads` threads (`None`: one per core) for this process;
/// any other count than 1 to [`max_threads`] is an OptionError.
pub fn pool(threads: Option<usize>) -> PyResult<Arc<rayon::ThreadPool>> {
    let threads = threads.unwrap_or_else(cores);
    if !(1..=max_threads()).contains(&threads) {
        return Err(OptionError::new_err(format!(
            "threads must be at least 1 and at most {}, got {threads}",
            max_threads()
        )));
    }
    let pid = std::process::id();
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if pools.as_ref().is_some_and(|p| p.pid != pid) {
        if let Some(inherited) = pools.take() {
            std::mem::forget(inherited);
        }
    }
    let pools = pools.get_or_insert_with(|| Pools {
        pid,
        by_size: Vec::with_capacity(KEPT + 1),
    });
    if let Some(i) = pools.by_size.iter().position(|(size, _)| *size == threads) {
        let entry = pools.by_size.remove(i);
        let pool = entry.1.clone();
        pools.by_size.push(entry);
        return Ok(pool);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("stonefield-{i}"))
        .build()
        .map_err(|e| OptionError::new_err(format!("cannot start {threads} threads: {e}")))?;
    let pool = Arc::new(pool);
    pools.by_size.push((threads, pool.clone()));
    if pools.by_size.len() > KEPT {
        pools.by_size.remove(0);
    }
    Ok(pool)
}
