use super::*;
use crate::games::fixtures::{play, sunder};
use crate::games::{AnyPosition, Special};

fn budget(iterations: u64) -> Budget {
    Budget {
        iterations: Some(iterations),
        time: None,
        exploration: 1.4,
        max_moves: 1000,
    }
}

/// Exact value for the player to move, by negamax over seats: +1 a win.
fn solve(state: &AnyPosition) -> i32 {
    if state.is_terminal() {
        return 0; // only reached at the start of a search
    }
    let mover = state.turn().seat_to_move();
    let mut legal = Vec::new();
    state.clone().legal_actions(&mut legal);
    let mut best = -1;
    for a in legal {
        let mut next = state.clone();
        next.apply_unchecked(a);
        let value = if next.is_terminal() {
            match next.turn().winner_seat() {
                Some(seat) if seat == mover => 1,
                Some(_) => -1,
                None => 0,
            }
        } else if next.turn().seat_to_move() == mover {
            solve(&next)
        } else {
            -solve(&next)
        };
        best = best.max(value);
        if best == 1 {
            break;
        }
    }
    best
}

#[test]
fn visits_add_up_to_the_iterations_over_every_legal_action() {
    let mut state = sunder(4, true);
    play(&mut state, &["d4"]);
    let result = search(&state, &budget(3000), 1, 1, Stop::never());
    assert_eq!(result.iterations, 3000);
    assert_eq!(result.visits.iter().sum::<u64>(), 3000);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert_eq!(result.actions, legal, "swap is searched like any move");
    assert!(result.visits.iter().all(|&v| v > 0));
    assert!(result.values().iter().all(|v| (-1.0..=1.0).contains(v)));
}

#[test]
fn a_search_repeats_exactly_for_a_seed_and_thread_count() {
    let state = sunder(5, true);
    let one = search(&state, &budget(2000), 9, 1, Stop::never());
    assert_eq!(one, search(&state, &budget(2000), 9, 1, Stop::never()));
    assert_ne!(
        one.visits,
        search(&state, &budget(2000), 10, 1, Stop::never()).visits
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let two = pool.install(|| search(&state, &budget(2001), 9, 3, Stop::never()));
    assert_eq!(
        two,
        pool.install(|| search(&state, &budget(2001), 9, 3, Stop::never()))
    );
    assert_eq!(two.iterations, 2001);
}

#[test]
fn a_time_budget_stops_the_search() {
    let state = sunder(7, true);
    let timed = Budget {
        iterations: None,
        time: Some(Duration::from_millis(50)),
        ..budget(0)
    };
    let started = Instant::now();
    let result = search(&state, &timed, 1, 1, Stop::never());
    assert!(started.elapsed() < Duration::from_millis(500));
    assert!(result.iterations > 0);
}

#[test]
fn a_requested_stop_ends_the_search_at_once() {
    let state = sunder(7, true);
    let stop = Stop::new();
    stop.request();
    let endless = Budget {
        iterations: None,
        time: Some(Duration::from_secs(3600)),
        ..budget(0)
    };
    let started = Instant::now();
    let result = search(&state, &endless, 1, 1, &stop);
    assert!(started.elapsed() < Duration::from_millis(500));
    assert_eq!(result.iterations, 0);
}

#[test]
fn a_time_too_long_for_a_deadline_is_no_limit() {
    // Duration::MAX cannot be added to now: the iterations bound the search.
    let state = sunder(3, true);
    let forever = Budget {
        time: Some(Duration::MAX),
        ..budget(200)
    };
    assert_eq!(
        search(&state, &forever, 1, 1, Stop::never()).iterations,
        200
    );
}

#[test]
fn it_takes_an_immediate_win() {
    // Black's b2 joins a2..c2 across the side-2 board: every cut is at
    // most 2 points (see the cuts example in the Python docs).
    let mut state = sunder(2, false);
    play(&mut state, &["a2", "a1", "c2", "c3"]);
    let result = search(&state, &budget(500), 3, 1, Stop::never());
    let b2 = state.parse_action("b2").unwrap();
    assert_eq!(result.best(), Some(b2));
    let i = result.actions.iter().position(|&a| a == b2).unwrap();
    assert_eq!(result.values()[i], 1.0);
}

#[test]
fn values_belong_to_the_player_to_move_across_a_swap() {
    // On the 7-point board, find Black openings won and lost with best play
    // (pie off), then check that the second player swaps after a won one
    // and does not after a lost one: a swap makes it play Black.
    let plain = sunder(2, false);
    let mut legal = Vec::new();
    plain.clone().legal_actions(&mut legal);
    let (mut won, mut lost) = (None, None);
    for &a in &legal {
        let mut after = plain.clone();
        after.apply_unchecked(a);
        match -solve(&after) {
            1 => won = won.or(Some(a)),
            -1 => lost = lost.or(Some(a)),
            _ => {}
        }
    }
    // On this board the centre wins and a corner loses.
    let (won, lost) = (won.unwrap(), lost.unwrap());
    let swap = sunder(2, true).special_action(Special::Swap).unwrap();
    let mut state = sunder(2, true);
    state.apply(won).unwrap();
    assert_eq!(
        search(&state, &budget(4000), 5, 1, Stop::never()).best(),
        Some(swap)
    );
    let mut state = sunder(2, true);
    state.apply(lost).unwrap();
    assert_ne!(
        search(&state, &budget(4000), 5, 1, Stop::never()).best(),
        Some(swap)
    );
}
