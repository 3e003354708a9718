use std::convert::Infallible;

use super::*;
use crate::bot::evaluator::{Evaluator, Uniform};
use crate::bot::fixtures::{rollouts, run_to_end};
use crate::games::AnyPosition;
use crate::observation::observation_len;
use crate::options::{OptionValue, Options as GameOptions};

fn game(name: &str, size: i64) -> AnyPosition {
    AnyPosition::new(
        name,
        &mut GameOptions::new([("size", OptionValue::Int(size))]),
    )
    .unwrap()
}

fn options(games: usize, concurrent: usize) -> Options {
    Options {
        search: Config {
            simulations: 12,
            c_puct: 1.25,
            virtual_loss: 1.0,
            batch_size: 4,
            noise: Some((0.3, 0.25)),
        },
        games,
        concurrent,
        temperature_moves: 4,
        temperature: 1.0,
        max_moves: 200,
        seed: 11,
    }
}

fn played(
    start: &AnyPosition,
    options: Options,
    evaluator: &mut impl Evaluator<AnyPosition, Error = Infallible>,
    threads: Threads<'_>,
) -> Vec<PlayedGame> {
    let mut selfplay = SelfPlay::new(start, options);
    let mut leaves = selfplay.leaves();
    run_to_end(&mut selfplay, &mut leaves, evaluator, threads);
    selfplay.into_games()
}

#[test]
fn every_row_is_its_position_replayed_with_a_policy_over_legal_actions() {
    let start = game("sunder", 3);
    let games = played(&start, options(5, 2), &mut rollouts(), Threads::Caller);
    let (len, actions) = (observation_len(&start), start.num_actions());
    for g in &games {
        let plies = g.actions.len();
        assert!(g.finished, "sunder always ends");
        assert_eq!(g.observations.len(), plies * len);
        assert_eq!(
            (g.masks.len(), g.policies.len()),
            (plies * actions, plies * actions)
        );
        assert_eq!((g.to_move.len(), g.outcomes.len()), (plies, plies));
        let mut state = start.clone();
        let mut legal = Vec::new();
        let mut observation = vec![0.0; len];
        for (ply, &action) in g.actions.iter().enumerate() {
            state.legal_actions(&mut legal);
            let mask = &g.masks[ply * actions..(ply + 1) * actions];
            let policy = &g.policies[ply * actions..(ply + 1) * actions];
            for a in 0..actions {
                assert_eq!(mask[a], legal.contains(&(a as Action)));
                assert!(policy[a] == 0.0 || mask[a], "policy on an illegal action");
            }
            assert!((policy.iter().sum::<f32>() - 1.0).abs() < 1e-5);
            assert!(policy[action as usize] > 0.0, "the move played was visited");
            let to_move = state.to_move();
            assert_eq!(g.to_move[ply], to_move.index() as u8);
            write_observation(&mut state, to_move, &mut observation);
            assert_eq!(
                &g.observations[ply * len..(ply + 1) * len],
                &observation[..]
            );
            let seat = state.turn().seat_to_move();
            let winner = g.winner.map(|c| c ^ usize::from(g.swapped_at_end(&start)));
            let expected = match winner {
                Some(w) if w == seat => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            };
            assert_eq!(g.outcomes[ply], expected);
            state.apply(action).unwrap();
        }
        assert!(state.is_terminal());
        assert_eq!(state.winner().map(|c| c.index()), g.winner);
    }
}

impl PlayedGame {
    /// Whether the seats exchanged colours by the end of the game.
    fn swapped_at_end(&self, start: &AnyPosition) -> bool {
        let mut state = start.clone();
        for &a in &self.actions {
            state.apply_unchecked(a);
        }
        state.swapped()
    }
}

#[test]
fn a_game_depends_on_its_index_alone_not_on_concurrency_or_threads() {
    let start = game("sunder", 3);
    let alone = played(&start, options(6, 1), &mut rollouts(), Threads::Caller);
    let together = played(&start, options(6, 4), &mut rollouts(), Threads::Caller);
    assert_eq!(alone, together);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let pooled = played(&start, options(6, 3), &mut rollouts(), Threads::Pool(&pool));
    assert_eq!(alone, pooled);
    assert_ne!(
        alone[0].actions, alone[1].actions,
        "games draw from their own seeds"
    );
}

#[test]
fn a_game_stopped_at_max_moves_is_unfinished_with_outcome_zero() {
    let start = game("anda", 3);
    let mut short = options(3, 3);
    short.max_moves = 5;
    for g in played(&start, short, &mut Uniform, Threads::Caller) {
        assert_eq!(g.actions.len(), 5);
        assert!(!g.finished);
        assert_eq!(g.winner, None);
        assert!(g.outcomes.iter().all(|&o| o == 0.0));
    }
}
