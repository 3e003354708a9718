//! Random playouts on one thread, for profilers: `valgrind --tool=callgrind
//! target/release/examples/profile_playouts sunder 9 100` counts the
//! instructions of 100 random games of Sunder on side 9 (run it with 0 games
//! too and subtract, to leave out start-up). The games run on the game's own
//! type, as batch playouts run them. Arguments: game, board side, number of
//! games, and optionally the seed (default 1).

use stonefield::core::Rng;
use stonefield::games::PositionVisitor;
use stonefield::playout::{default_max_moves, playout};
use stonefield::{AnyPosition, OptionValue, Options, Position};

/// `games` playouts from a position, game `i` seeded `(seed, i)`; returns
/// the number of moves played.
struct Playouts {
    games: u64,
    seed: u64,
    max_moves: usize,
}

impl PositionVisitor for Playouts {
    type Output = u64;

    fn visit<P: Position>(self, start: &P) -> u64 {
        let mut state = start.clone();
        let mut buf = Vec::new();
        let mut moves = 0u64;
        for i in 0..self.games {
            state.clone_from(start);
            let mut rng = Rng::for_game(self.seed, i);
            moves += u64::from(playout(&mut state, &mut rng, self.max_moves, &mut buf).length);
        }
        moves
    }
}

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
    let moves = start.visit(Playouts {
        games,
        seed,
        max_moves,
    });
    println!("{games} games, {moves} moves");
}
