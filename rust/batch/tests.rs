use super::*;
use crate::options::{OptionValue, Options};
use crate::playout::{LastAction, NO_WINNER};

const BRANCHING: Detail = Detail {
    branching: true,
    evaluation: None,
};

/// MCTS with `iterations` a move and the usual exploration.
fn mcts(iterations: u64) -> Player {
    Player::Mcts {
        iterations,
        exploration: 1.4,
    }
}

/// Games `first..first + count` of `seed` between `players` from `start`
/// (Sunder 4 or smaller, so the cap of 370 moves never ends one), recording
/// `detail`.
fn played(
    start: &AnyPosition,
    players: [Player; 2],
    seed: u64,
    first: u64,
    count: usize,
    detail: Detail,
) -> Games {
    let schedule = Schedule {
        players,
        seed,
        first,
        count,
        max_moves: 370,
        detail,
    };
    play_games(start, schedule, Stop::never())
}

/// Games `first..first + count` of `seed` between random players, capped
/// at `max_moves` actions, with their branching counted.
fn counted(seed: u64, first: u64, count: usize, max_moves: usize) -> Schedule {
    Schedule {
        players: [Player::Random; 2],
        seed,
        first,
        count,
        max_moves,
        detail: BRANCHING,
    }
}

fn sunder(size: i64) -> AnyPosition {
    AnyPosition::new(
        "sunder",
        &mut Options::new([("size", OptionValue::Int(size))]),
    )
    .unwrap()
}

#[test]
fn a_batch_does_not_depend_on_thread_count_or_split() {
    let start = sunder(5);
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let a = one.install(|| playouts(&start, 42, 0, 300, 1000, Stop::never()));
    let b = two.install(|| playouts(&start, 42, 0, 300, 1000, Stop::never()));
    let bits = |batch: &Games| batch.scores.iter().map(|s| s.to_bits()).collect::<Vec<_>>();
    assert_eq!(
        (&a.winners, &a.lengths, &a.finished),
        (&b.winners, &b.lengths, &b.finished)
    );
    assert_eq!(bits(&a), bits(&b));
    let head = playouts(&start, 42, 0, 100, 1000, Stop::never());
    let tail = playouts(&start, 42, 100, 200, 1000, Stop::never());
    assert_eq!(head.winners[..], a.winners[..100]);
    assert_eq!(tail.lengths[..], a.lengths[100..]);
}

#[test]
fn one_game_replays_alone() {
    let start = sunder(5);
    let batch = playouts(&start, 7, 0, 20, 1000, Stop::never());
    let mut state = start.clone();
    let outcome = playout(&mut state, &mut Rng::for_game(7, 13), 1000, &mut Vec::new());
    assert_eq!(outcome.winner, batch.winners[13]);
    assert_eq!(outcome.length, batch.lengths[13]);
}

#[test]
fn sunder_playouts_finish_with_one_winner_at_komi_zero() {
    let batch = playouts(&sunder(4), 1, 0, 500, 1000, Stop::never());
    assert!(batch.finished.iter().all(|&f| f));
    assert!(batch.winners.iter().all(|&w| w == 0 || w == 1));
}

#[test]
fn max_moves_stops_a_game_unfinished() {
    let batch = playouts(&sunder(7), 3, 0, 10, 5, Stop::never());
    assert!(batch.lengths.iter().all(|&l| l == 5));
    assert!(batch.finished.iter().all(|&f| !f));
    assert!(batch.winners.iter().all(|&w| w == NO_WINNER));
}

#[test]
fn counting_branching_plays_the_same_playouts() {
    let start = sunder(5);
    let games = play_games(&start, counted(11, 5, 100, 610), Stop::never());
    let batch = playouts(&start, 11, 5, 100, 610, Stop::never());
    assert_eq!(games.winners, batch.winners);
    assert_eq!(games.lengths, batch.lengths);
    assert_eq!(games.finished, batch.finished);
    assert!(
        games.swapped.iter().all(|&s| !s),
        "random play declines swap"
    );
    assert!(games.last.iter().all(|&l| l == LastAction::Placement as u8));
    assert_eq!(games.last, batch.last);
    // Every game is still going at ply 0, where all 61 points are legal.
    assert_eq!((games.reached[0], games.branching[0]), (100, 6100));
    // At ply 1 White also has swap: 60 points + 1.
    assert_eq!(games.branching[1], 100 * 61);
    let total: u64 = games.reached.iter().sum();
    assert_eq!(total, games.lengths.iter().map(|&l| l as u64).sum::<u64>());
}
#[test]
fn a_batch_of_games_does_not_depend_on_split_or_threads() {
    let start = sunder(4);
    let players = [mcts(50), Player::Random];
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let all = one.install(|| played(&start, players, 3, 0, 40, BRANCHING));
    let head = played(&start, players, 3, 0, 15, BRANCHING);
    let tail = played(&start, players, 3, 15, 25, BRANCHING);
    assert_eq!(all.winners[..15], head.winners[..]);
    assert_eq!(all.winners[15..], tail.winners[..]);
    assert_eq!(all.lengths[15..], tail.lengths[..]);
    let summed: Vec<u64> = head
        .branching
        .iter()
        .zip(&tail.branching)
        .map(|(a, b)| a + b)
        .collect();
    assert_eq!(all.branching, summed);
}

#[test]
fn mcts_beats_random_play_from_either_seat() {
    let start = sunder(4);
    let as_first = played(
        &start,
        [mcts(300), Player::Random],
        1,
        0,
        20,
        Detail::default(),
    );
    let as_second = played(
        &start,
        [Player::Random, mcts(300)],
        1,
        0,
        20,
        Detail::default(),
    );
    // The seat that won: the winner's colour, exchanged after a swap.
    let seat_wins = |g: &Games, seat: i8| {
        (0..g.winners.len())
            .filter(|&i| g.winners[i] >= 0 && (g.winners[i] ^ g.swapped[i] as i8) == seat)
            .count()
    };
    assert!(seat_wins(&as_first, 0) >= 18, "{:?}", as_first.winners);
    assert!(seat_wins(&as_second, 1) >= 18, "{:?}", as_second.winners);
}

#[test]
fn per_game_tallies_count_every_ply_of_a_small_board() {
    // Sunder side 2 without swap: 7 points, no captures, so ply k offers
    // the 7 - k empty points and every placement covers a new point.
    let start = AnyPosition::new(
        "sunder",
        &mut Options::new([
            ("size", OptionValue::Int(2)),
            ("pie", OptionValue::Bool(false)),
        ]),
    )
    .unwrap();
    let games = play_games(&start, counted(5, 0, 50, 70), Stop::never());
    for i in 0..50 {
        let length = games.lengths[i];
        let total: u32 = (0..length).map(|k| 7 - k).sum();
        assert_eq!(games.legal_total[i], total as u64);
        assert_eq!(games.legal_first[i], 7);
        assert_eq!(games.legal_max[i], 7);
        assert_eq!(games.legal_last[i], 7 - (length - 1));
        let forced = u32::from(length == 7);
        assert_eq!(games.decisions[i], length - forced);
        assert_eq!(games.covered[i], length);
    }
}

#[test]
fn evaluations_leave_the_games_as_they_are() {
    let start = sunder(4);
    let evaluation = Evaluation {
        games: 6,
        every: 3,
        iterations: 40,
        exploration: 1.4,
    };
    let detail = Detail {
        branching: true,
        evaluation: Some(evaluation),
    };
    let players = [mcts(30), Player::Random];
    let plain = played(&start, players, 9, 4, 8, BRANCHING);
    let evaluated = played(&start, players, 9, 4, 8, detail);
    assert_eq!(plain.winners, evaluated.winners);
    assert_eq!(plain.lengths, evaluated.lengths);
    assert_eq!(plain.covered, evaluated.covered);
    // Games 4 and 5 of the batch are evaluated at plies 0, 3, 6, ...
    for game in [4, 5] {
        let count = evaluated
            .evaluated_game
            .iter()
            .filter(|&&g| g == game)
            .count();
        let length = evaluated.lengths[(game - 4) as usize] as usize;
        assert_eq!(count, length.div_ceil(3), "game {game}");
    }
    assert!(evaluated.evaluated_game.iter().all(|&g| g == 4 || g == 5));
    assert!(evaluated.evaluated_ply.iter().all(|&p| p % 3 == 0));
    assert!(evaluated
        .evaluation
        .iter()
        .all(|v| (-1.0..=1.0).contains(v)));
    let again = played(&start, players, 9, 4, 8, detail);
    assert_eq!(again.evaluation, evaluated.evaluation, "seeded");
}

#[test]
fn a_requested_stop_leaves_the_games_not_begun_out() {
    let start = sunder(5);
    let stop = Stop::new();
    stop.request();
    let players = [mcts(1_000_000), Player::Random];
    let schedule = Schedule {
        players,
        ..counted(1, 0, 10_000, 610)
    };
    let games = play_games(&start, schedule, &stop);
    assert!(games.winners.is_empty());
}

#[test]
fn a_cap_of_billions_of_moves_costs_only_the_moves_played() {
    let games = play_games(&sunder(3), counted(2, 0, 64, usize::MAX), Stop::never());
    let longest = *games.lengths.iter().max().unwrap() as usize;
    assert_eq!(games.reached.len(), longest);
}
