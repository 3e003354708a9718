//! Single-thread random playout speed, by this thread's CPU time so that a
//! busy machine does not slow the figures down (wall time where the kernel
//! does not say): `cargo run --release --example playout_speed -- GAME
//! [SIDE...]`, e.g. `anadil 9 15`. For each side it prints games and moves
//! per second, the mean length, the share of games unfinished at the default
//! cap of 10 × N actions, the winners, and how finished games ended where
//! the game names its endings. `--scored` also times playouts that ask for
//! the scores after every move (what a bot does), for games that score;
//! `PLAYOUT_SECONDS` (default 3) sets how long each side runs.

use std::collections::BTreeMap;
use std::time::Instant;

use stonefield::core::Rng;
use stonefield::playout::{default_max_moves, playout};
use stonefield::{AnyPosition, OptionValue, Options, Position};

/// This thread's CPU time in seconds (Linux), or the wall time since
/// `wall` elsewhere.
fn thread_seconds(wall: Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(|| wall.elapsed().as_secs_f64(), |ns| ns / 1e9)
}

/// How a finished game ended, for the games that name their endings.
fn ending(state: &AnyPosition) -> Option<&'static str> {
    match state {
        AnyPosition::Anadil(anadil) => anadil.ending().map(|ending| ending.name()),
        _ => None,
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let scored = args.iter().any(|a| a == "--scored");
    args.retain(|a| a != "--scored");
    let Some((game, sides)) = args.split_first() else {
        eprintln!("usage: playout_speed GAME [SIDE...] [--scored]");
        std::process::exit(2);
    };
    let budget: f64 =
        std::env::var("PLAYOUT_SECONDS").map_or(3.0, |s| s.parse().expect("PLAYOUT_SECONDS"));
    let sides: Vec<i64> = match sides {
        [] => vec![7, 9],
        _ => sides.iter().map(|s| s.parse().expect("SIDE")).collect(),
    };
    for side in sides {
        let start = AnyPosition::new(game, &mut Options::new([("size", OptionValue::Int(side))]))
            .unwrap_or_else(|e| panic!("{e}"));
        let cap = default_max_moves(&start);
        let mut state = start.clone();
        let mut buf = Vec::with_capacity(start.num_actions());
        let (mut games, mut moves, mut unfinished) = (0u64, 0u64, 0u64);
        let mut wins = [0u64; 2];
        let mut endings = BTreeMap::new();
        let wall = Instant::now();
        let cpu = thread_seconds(wall);
        while wall.elapsed().as_secs_f64() < budget {
            state.clone_from(&start);
            let outcome = playout(&mut state, &mut Rng::for_game(1, games), cap, &mut buf);
            games += 1;
            moves += u64::from(outcome.length);
            unfinished += u64::from(!outcome.finished);
            if let Some(winner) = state.winner() {
                wins[winner.index()] += 1;
            }
            if let Some(ending) = ending(&state) {
                *endings.entry(ending).or_insert(0u64) += 1;
            }
        }
        let seconds = thread_seconds(wall) - cpu;
        println!(
            "{game} side {side}: {games} games, {:.0} games/s, {:.2} M moves/s, {:.0} ns/move, \
             mean length {:.1}, unfinished {:.2}% at {cap}, black {} white {}{}",
            games as f64 / seconds,
            moves as f64 / seconds / 1e6,
            seconds * 1e9 / moves as f64,
            moves as f64 / games as f64,
            100.0 * unfinished as f64 / games as f64,
            wins[0],
            wins[1],
            if endings.is_empty() {
                String::new()
            } else {
                format!("; endings {endings:?}")
            },
        );
        if scored && start.clone().scores().is_some() {
            let (mut moves, mut sum, mut games) = (0u64, 0.0, 0u64);
            let wall = Instant::now();
            let cpu = thread_seconds(wall);
            while wall.elapsed().as_secs_f64() < budget {
                state.clone_from(&start);
                let mut rng = Rng::for_game(1, games);
                while let Some(action) = state.random_action(&mut rng, &mut buf) {
                    state.apply_unchecked(action);
                    sum += state.scores().expect("a scoring game")[0];
                    moves += 1;
                }
                games += 1;
            }
            std::hint::black_box(sum);
            let seconds = thread_seconds(wall) - cpu;
            println!(
                "{game} side {side}: {:.2} M moves/s with the scores asked after every move",
                moves as f64 / seconds / 1e6
            );
        }
    }
}
