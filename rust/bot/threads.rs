//! Where the parallel phases of a search run: on a rayon pool the caller
//! chose, or on the calling thread alone. Never on rayon's global pool,
//! which the bindings avoid (it does not survive a `fork`).

use rayon::prelude::*;

/// The threads a search spreads its work over.
#[derive(Clone, Copy, Debug)]
pub enum Threads<'a> {
    /// The calling thread only.
    Caller,
    /// Every thread of this pool (the calling thread waits).
    Pool(&'a rayon::ThreadPool),
}

impl Threads<'_> {
    /// Calls `f(scratch, item)` on every item, with per-worker scratch made
    /// by `init`: in order on the calling thread (allocating nothing), or
    /// spread over the pool.
    pub fn each<T, S>(
        self,
        items: impl IntoIterator<Item = T>,
        init: impl Fn() -> S + Sync + Send,
        f: impl Fn(&mut S, T) + Sync + Send,
    ) where
        T: Send,
    {
        match self {
            Threads::Caller => {
                let mut scratch = init();
                for item in items {
                    f(&mut scratch, item);
                }
            }
            Threads::Pool(pool) => {
                let items: Vec<T> = items.into_iter().collect();
                pool.install(|| {
                    items
                        .into_par_iter()
                        .for_each_init(&init, |s, item| f(s, item))
                });
            }
        }
    }
}
