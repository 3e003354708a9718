//! Rayon thread pools by size, built once per process and safe across
//! `fork`.
//!
//! A forked child inherits a pool's bookkeeping but none of its threads, so
//! a job sent to it would wait forever (the deadlock huggingface/tokenizers
//! guards against with `pthread_atfork`). Every batch here runs on a pool
//! from this table, never on rayon's global pool, and the table remembers
//! the process that built it: a child sees another process id and builds
//! fresh pools, leaking the dead ones (dropping them would signal threads
//! that do not exist in the child).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;

use super::errors::OptionError;

struct Pools {
    pid: u32,
    by_size: HashMap<usize, Arc<rayon::ThreadPool>>,
}

static POOLS: Mutex<Option<Pools>> = Mutex::new(None);

/// The pool of `threads` threads (`None`: one per core) for this process.
pub fn pool(threads: Option<usize>) -> PyResult<Arc<rayon::ThreadPool>> {
    let threads = match threads {
        Some(0) => return Err(OptionError::new_err("threads must be at least 1")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pid = std::process::id();
    let mut pools = POOLS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if pools.as_ref().is_some_and(|p| p.pid != pid) {
        if let Some(inherited) = pools.take() {
            std::mem::forget(inherited);
        }
    }
    let pools = pools.get_or_insert_with(|| Pools {
        pid,
        by_size: HashMap::new(),
    });
    if let Some(pool) = pools.by_size.get(&threads) {
        return Ok(pool.clone());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("stonefield-{i}"))
        .build()
        .map_err(|e| OptionError::new_err(format!("cannot start {threads} threads: {e}")))?;
    let pool = Arc::new(pool);
    pools.by_size.insert(threads, pool.clone());
    Ok(pool)
}
