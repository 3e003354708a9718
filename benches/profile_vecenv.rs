//! Batched environments stepped on one thread, for profilers:
//! `valgrind --tool=callgrind target/release/examples/profile_vecenv sunder 9
//! 256 100 f32` counts the instructions of 100 steps of 256 envs of Sunder
//! on side 9 with random actions, observations and masks written as
//! `VecEnv.step` writes them (run it with 0 steps too and subtract, to leave
//! out start-up and the first reset). Arguments: game, board side, envs,
//! steps, the observation type (`f32` or `u8`), and optionally the threads
//! (default 1) and `check`, which prints a checksum of every step's outputs
//! (so that two versions of the step can be compared for the same results;
//! it costs more than the steps, so leave it out when profiling).

use std::time::Instant;

use stonefield::env::{self, Autoreset, Config, Element, Illegal, Outputs};
use stonefield::observation::observation_len;
use stonefield::playout::default_max_moves;
use stonefield::{AnyPosition, OptionValue, Options, Position};

/// A checksum of a buffer's values, in order.
fn fold(hash: u64, values: impl IntoIterator<Item = u64>) -> u64 {
    values.into_iter().fold(hash, |h, v| {
        let h = (h ^ v).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^ (h >> 32)
    })
}

/// Steps `envs` envs `steps` times; returns the games ended and, with
/// `check`, the checksum of every step's outputs.
fn run<T: Element + Into<f64>>(
    start: &AnyPosition,
    envs: usize,
    steps: usize,
    check: bool,
) -> (usize, Option<u64>) {
    let config = Config {
        max_moves: default_max_moves(start),
        autoreset: Autoreset::NextStep,
        illegal: Illegal::Raise,
    };
    let len = observation_len(start);
    let actions = start.num_actions();
    let mut observations = vec![T::default(); envs * len];
    let mut masks = vec![false; envs * actions];
    let mut rewards = vec![0.0; envs * 2];
    let (mut terminated, mut truncated) = (vec![false; envs], vec![false; envs]);
    let (mut to_move, mut player, mut ply) = (vec![0; envs], vec![0; envs], vec![0; envs]);
    let mut batch = env::new::<T>(start, envs, 1, config);
    let mut chosen = vec![0i64; envs];
    let (mut ended, mut hash) = (0, 0xcbf2_9ce4_8422_2325);
    for k in 0..=steps {
        let out = Outputs::new(
            envs,
            len,
            actions,
            &mut observations,
            &mut [],
            &mut [],
            &mut masks,
            &mut rewards,
            &mut terminated,
            &mut truncated,
            &mut to_move,
            &mut player,
            &mut ply,
        );
        if k == 0 {
            batch.reset(None, None, out);
        } else {
            batch.step(&chosen, out).expect("random actions are legal");
            ended += terminated.iter().filter(|&&t| t).count();
        }
        if !check {
            batch.random_actions(&mut chosen);
            continue;
        }
        hash = fold(hash, observations.iter().map(|&v| v.into().to_bits()));
        hash = fold(hash, masks.iter().map(|&m| u64::from(m)));
        hash = fold(hash, rewards.iter().map(|&r| u64::from(r.to_bits())));
        hash = fold(
            hash,
            terminated.iter().chain(&truncated).map(|&t| u64::from(t)),
        );
        hash = fold(
            hash,
            to_move.iter().chain(&player).chain(&ply).map(|&i| i as u64),
        );
        batch.random_actions(&mut chosen);
    }
    (ended, check.then_some(hash))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, side, envs, steps, dtype, rest @ ..] = &args[..] else {
        eprintln!("usage: profile_vecenv GAME SIDE ENVS STEPS f32|u8 [THREADS [check]]");
        std::process::exit(2);
    };
    let side: i64 = side.parse().expect("SIDE is a whole number");
    let envs: usize = envs.parse().expect("ENVS is a whole number");
    let steps: usize = steps.parse().expect("STEPS is a whole number");
    let threads: usize = rest
        .first()
        .map_or(1, |s| s.parse().expect("THREADS is a whole number"));
    let check = rest.get(1).is_some_and(|s| s == "check");
    let start = AnyPosition::new(game, &mut Options::new([("size", OptionValue::Int(side))]))
        .unwrap_or_else(|e| panic!("{e}"));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let clock = Instant::now();
    let (ended, hash) = pool.install(|| match dtype.as_str() {
        "f32" => run::<f32>(&start, envs, steps, check),
        "u8" => run::<u8>(&start, envs, steps, check),
        other => panic!("the observation type is f32 or u8, not {other}"),
    });
    let seconds = clock.elapsed().as_secs_f64();
    let hash = hash.map_or_else(String::new, |h| format!(", checksum {h:016x}"));
    println!(
        "{envs} envs, {steps} steps, {ended} games ended{hash}, {:.0} env-steps/s",
        (envs * steps) as f64 / seconds
    );
}
