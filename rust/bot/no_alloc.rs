//! Holds MCTS and PUCT to "no allocation per iteration beyond tree growth"
//! for every game: a test-only global allocator counts the allocations each
//! thread makes, and a search that repeats one already made (so its tree
//! needs no new room) must make none.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use super::evaluator::{Leaves, Rollouts, Uniform};
use super::mcts::{Budget, RootTotals, Searcher};
use super::puct::{Config, Search};
use super::rounds::{run, Until};
use super::threads::Threads;
use crate::core::{Rng, Stop};
use crate::games::{AnyPosition, Position, PositionVisitor, GAME_NAMES};
use crate::options::{OptionValue, Options};

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

struct Counting;

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Allocations made so far on the calling thread.
pub(crate) fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

struct RepeatSearch;

impl PositionVisitor for RepeatSearch {
    type Output = u64;

    /// Allocations made by the second of two identical searches.
    fn visit<P: Position>(self, root: &P) -> u64 {
        let budget = Budget {
            iterations: Some(400),
            time: None,
            exploration: 1.4,
            max_moves: 10 * root.board().points(),
        };
        let mut searcher = Searcher::new(root);
        let mut totals = RootTotals::new(root.num_actions());
        let mut run = |searcher: &mut Searcher<P>| {
            totals.clear();
            searcher.search(
                root,
                Some(400),
                None,
                Stop::never(),
                &budget,
                &mut Rng::new(5),
                &mut totals,
            )
        };
        run(&mut searcher);
        let before = allocations();
        run(&mut searcher);
        allocations() - before
    }
}

struct RepeatPuct;

impl PositionVisitor for RepeatPuct {
    type Output = u64;

    /// Allocations made by the second of two identical PUCT searches, one
    /// with equal priors and one with random playouts.
    fn visit<P: Position>(self, root: &P) -> u64 {
        let config = Config {
            simulations: 200,
            c_puct: 1.25,
            virtual_loss: 1.0,
            batch_size: 8,
            noise: Some((0.3, 0.25)),
        };
        let mut search = Search::new(root, config);
        let mut leaves = Leaves::new(root, 1, config.batch_size);
        let mut rollouts = Rollouts {
            playouts: 1,
            max_moves: 10 * root.board().points(),
        };
        let mut run_both = |search: &mut Search<P>| {
            search.start(root, &[], 5);
            run(
                search,
                &mut leaves,
                &mut Uniform,
                Threads::Caller,
                Until::done(),
                |_| Ok(()),
            )
            .unwrap();
            search.start(root, &[], 5);
            run(
                search,
                &mut leaves,
                &mut rollouts,
                Threads::Caller,
                Until::done(),
                |_| Ok(()),
            )
            .unwrap();
        };
        run_both(&mut search);
        let before = allocations();
        run_both(&mut search);
        allocations() - before
    }
}

#[test]
fn a_repeated_search_allocates_nothing_in_any_game() {
    for name in GAME_NAMES {
        let start = AnyPosition::new(name, &mut Options::new([("size", OptionValue::Int(5))]))
            .expect("every game has a side-5 board");
        for (search, made) in [
            ("MCTS", start.visit(RepeatSearch)),
            ("PUCT", start.visit(RepeatPuct)),
        ] {
            assert_eq!(
                made, 0,
                "{name}: a repeated {search} search allocated {made} times; give its state a \
                 Clone whose clone_from reuses buffers (core::clone_by_fields!)"
            );
        }
    }
}
