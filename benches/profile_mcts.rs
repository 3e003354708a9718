//! MCTS from a game's start position on one thread, for profilers:
//! `valgrind --tool=callgrind target/release/examples/profile_mcts sunder 7
//! 20000` counts the instructions of one 20,000-iteration search of Sunder
//! on side 7 with one random rollout per leaf (run it with 0 iterations too
//! and subtract, to leave out start-up); `callgrind_annotate --inclusive=yes`
//! then splits an iteration into its phases, which are functions of their
//! own in `bot::mcts` (resetting the position, descending the tree with its
//! expansions, the rollout, the backup). Arguments: game, board side,
//! iterations, and optionally the seed (default 1) and the number of
//! searches (default 1), the later ones reusing the first one's buffers.

use std::time::Instant;

use stonefield::bot::mcts::{Budget, RootTotals, Searcher};
use stonefield::core::{Rng, Stop};
use stonefield::games::PositionVisitor;
use stonefield::{AnyPosition, OptionValue, Options, Position};

/// `searches` searches of `iterations` iterations each from a position, on
/// its own game's type (as `bot::mcts::search` runs them): the first seeded
/// `(seed, 0)`, the next `(seed, 1)` and so on. Returns the last one's mean
/// reward.
struct Searches {
    iterations: u64,
    seed: u64,
    searches: u64,
}

impl PositionVisitor for Searches {
    type Output = f64;

    fn visit<P: Position>(self, root: &P) -> f64 {
        let budget = Budget {
            iterations: Some(self.iterations),
            time: None,
            exploration: 1.4,
            max_moves: 10 * root.board().points(),
        };
        let mut searcher = Searcher::new(root);
        let mut totals = RootTotals::new(root.num_actions());
        for k in 0..self.searches {
            totals.clear();
            searcher.search(
                root,
                Some(self.iterations),
                None,
                Stop::never(),
                &budget,
                &mut Rng::for_game(self.seed, k),
                &mut totals,
            );
        }
        totals.mean_reward()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, side, iterations, rest @ ..] = &args[..] else {
        eprintln!("usage: profile_mcts GAME SIDE ITERATIONS [SEED [SEARCHES]]");
        std::process::exit(2);
    };
    let side: i64 = side.parse().expect("SIDE is a whole number");
    let iterations: u64 = iterations.parse().expect("ITERATIONS is a whole number");
    let number = |i: usize, default: u64| {
        rest.get(i).map_or(default, |s| {
            s.parse().expect("SEED and SEARCHES are whole numbers")
        })
    };
    let (seed, searches) = (number(0, 1), number(1, 1));
    let root = AnyPosition::new(game, &mut Options::new([("size", OptionValue::Int(side))]))
        .unwrap_or_else(|e| panic!("{e}"));
    let started = Instant::now();
    let value = root.visit(Searches {
        iterations,
        seed,
        searches,
    });
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{searches} searches of {iterations} iterations: {:.0} iterations/s, root value {value:.4}",
        (searches * iterations) as f64 / seconds.max(1e-9),
    );
}
