//! Random playouts on one thread, for profilers: `valgrind --tool=callgrind
//! target/release/examples/profile_playouts sunder 9 100` counts the
//! instructions of 100 random games of Sunder on side 9 (run it with 0 games
//! too and subtract, to leave out start-up). Arguments: game, board side,
//! number of games, and optionally the seed (default 1).

use stonefield::core::Rng;
use stonefield::playout::{default_max_moves, playout};
use stonefield::{AnyPosition, OptionValue, Options};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, side, games, rest @ ..] = &args[..] else {
        eprintln!("usage: profile_playouts GAME SIDE GAMES [SEED]");
        std::process::exit(2);
    };
    let side: i64 = side.parse().expect("SIDE is a whole number");
    let games: u64 = games.parse().expect("GAMES is a whole number");
    let seed: u64 = rest
        .first()
        .map_or(1, |s| s.parse().expect("SEED is a whole number"));
    let start = AnyPosition::new(game, &mut Options::new([("size", OptionValue::Int(side))]))
        .unwrap_or_else(|e| panic!("{e}"));
    let max_moves = default_max_moves(&start);
    let mut state = start.clone();
    let mut buf = Vec::new();
    let mut moves = 0u64;
    for i in 0..games {
        state.clone_from(&start);
        let outcome = playout(&mut state, &mut Rng::for_game(seed, i), max_moves, &mut buf);
        moves += u64::from(outcome.length);
    }
    println!("{games} games, {moves} moves");
}
