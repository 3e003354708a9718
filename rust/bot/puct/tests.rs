use std::convert::Infallible;

use super::*;
use crate::bot::evaluator::{Evaluator, Uniform};
use crate::bot::fixtures::{rollouts, run_to_end};
use crate::bot::rounds::{run, Until};
use crate::core::Stop;
use crate::games::fixtures::{play, sunder};
use crate::games::AnyPosition;

fn config(simulations: u32, batch_size: usize) -> Config {
    Config {
        simulations,
        c_puct: 1.25,
        virtual_loss: 1.0,
        batch_size,
        noise: None,
    }
}

fn searched(
    root: &AnyPosition,
    config: Config,
    seed: u64,
    evaluator: &mut impl Evaluator<AnyPosition, Error = Infallible>,
    threads: Threads<'_>,
) -> Search<AnyPosition> {
    let mut search = Search::new(root, config);
    search.start(root, &[], seed);
    let mut leaves = Leaves::new(root, 1, config.batch_size);
    run_to_end(&mut search, &mut leaves, evaluator, threads);
    search
}

#[test]
fn the_root_visits_add_up_to_the_simulations_over_every_legal_action() {
    let mut state = sunder(4, true);
    play(&mut state, &["d4"]);
    let search = searched(&state, config(300, 8), 1, &mut rollouts(), Threads::Caller);
    let stats = search.root_stats();
    assert_eq!(search.simulations(), 300);
    assert_eq!(stats.visits.iter().sum::<u32>(), 300);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert_eq!(stats.actions, legal, "swap is searched like any move");
    assert!(stats.values.iter().all(|v| (-1.0..=1.0).contains(v)));
    assert!((stats.priors.iter().sum::<f32>() - 1.0).abs() < 1e-5);
}

#[test]
fn rollouts_find_the_winning_move() {
    // a2-c2 wait for b2, which joins them into a winning group.
    let mut state = sunder(2, false);
    play(&mut state, &["a2", "a1", "c2", "c3"]);
    let mut search = searched(&state, config(200, 4), 3, &mut rollouts(), Threads::Caller);
    let b2 = state.parse_action("b2").unwrap();
    assert_eq!(search.choose(0.0), b2);
}

#[test]
fn a_move_that_ends_the_game_is_valued_without_the_evaluator() {
    // Uniform answers 0 everywhere: only the finished game's +1 tells b2
    // apart, and every visit to it counts that +1.
    let mut state = sunder(2, false);
    play(&mut state, &["a2", "a1", "c2", "c3"]);
    let mut search = searched(&state, config(100, 1), 3, &mut Uniform, Threads::Caller);
    let b2 = state.parse_action("b2").unwrap();
    let stats = search.root_stats();
    let i = stats.actions.iter().position(|&a| a == b2).unwrap();
    assert_eq!(stats.values[i], 1.0);
    assert_eq!(search.choose(0.0), b2);
}

#[test]
fn a_search_repeats_exactly_for_a_seed_and_does_not_depend_on_threads() {
    let state = sunder(4, true);
    let mut noisy = config(200, 8);
    noisy.noise = Some((0.3, 0.25));
    let one = searched(&state, noisy, 5, &mut rollouts(), Threads::Caller).root_stats();
    let again = searched(&state, noisy, 5, &mut rollouts(), Threads::Caller).root_stats();
    assert_eq!(one, again);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let pooled = searched(&state, noisy, 5, &mut rollouts(), Threads::Pool(&pool)).root_stats();
    assert_eq!(one, pooled);
    let other = searched(&state, noisy, 6, &mut rollouts(), Threads::Caller).root_stats();
    assert_ne!(one.priors, other.priors, "the noise is drawn from the seed");
}

#[test]
fn virtual_loss_spreads_a_round_over_different_leaves() {
    let state = sunder(3, false);
    let mut search = Search::new(&state, config(64, 8));
    search.start(&state, &[], 1);
    let mut leaves = Leaves::new(&state, 1, 8);
    let (slots, _) = leaves.chunks_mut().next().unwrap();
    assert_eq!(search.gather(slots, true), 1, "the root comes first, alone");
    slots[0].set_uniform_priors();
    search.absorb(slots);
    assert_eq!(search.gather(slots, true), 8);
    let mut firsts: Vec<Action> = slots.iter().map(|leaf| leaf.history()[0]).collect();
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(firsts.len(), 8, "eight different first moves");
    for leaf in slots.iter_mut() {
        leaf.set_uniform_priors();
        leaf.value = 0.0;
    }
    search.absorb(slots);
    assert_eq!(search.simulations(), 8);
    assert!(search.nodes.iter().all(|n| n.in_flight == 0));
}

#[test]
fn noise_keeps_the_root_priors_a_distribution() {
    let state = sunder(3, true);
    let mut noisy = config(16, 4);
    noisy.noise = Some((0.03, 0.25));
    let stats = searched(&state, noisy, 2, &mut Uniform, Threads::Caller).root_stats();
    assert!((stats.priors.iter().sum::<f32>() - 1.0).abs() < 1e-5);
    let uniform = 1.0 / stats.priors.len() as f32;
    assert!(stats.priors.iter().any(|&p| (p - uniform).abs() > 0.05));
}

#[test]
fn the_policy_is_the_visit_distribution_and_a_sampled_move_is_a_visited_one() {
    let state = sunder(3, true);
    let mut search = searched(&state, config(50, 4), 7, &mut rollouts(), Threads::Caller);
    let mut policy = vec![0.0; state.num_actions()];
    search.write_policy(&mut policy);
    assert!((policy.iter().sum::<f32>() - 1.0).abs() < 1e-5);
    let stats = search.root_stats();
    for (a, v) in stats.actions.iter().zip(&stats.visits) {
        assert_eq!(policy[*a as usize], *v as f32 / 50.0);
    }
    for _ in 0..20 {
        let a = search.choose(1.0);
        assert!(policy[a as usize] > 0.0);
    }
}

/// The simulations of a search of 1,000 in rounds of 8, run `until`.
fn simulations_until(until: Until<'_>) -> u32 {
    let root = sunder(5, true);
    let config = config(1000, 8);
    let mut search = Search::new(&root, config);
    search.start(&root, &[], 3);
    let mut leaves = Leaves::new(&root, 1, config.batch_size);
    run(
        &mut search,
        &mut leaves,
        &mut rollouts(),
        Threads::Caller,
        until,
        |_| Ok(()),
    )
    .unwrap();
    assert!(search.choose(0.0) < root.num_actions() as Action);
    search.simulations()
}

#[test]
fn a_stopped_or_timed_out_run_ends_after_its_first_round_with_the_root_evaluated() {
    let stop = Stop::new();
    stop.request();
    let stopped = Until {
        stop: &stop,
        deadline: None,
    };
    assert_eq!(simulations_until(stopped), 0);
    let past = Until {
        stop: Stop::never(),
        deadline: Some(std::time::Instant::now()),
    };
    assert_eq!(simulations_until(past), 0);
    let far = Until {
        stop: Stop::never(),
        deadline: std::time::Instant::now().checked_add(std::time::Duration::from_secs(3600)),
    };
    assert_eq!(simulations_until(far), 1000);
}

#[test]
fn equal_weights_give_every_child_the_prior_the_weights_would() {
    // With the mask written, equal weights are found without a gather.
    for masked in [false, true] {
        equal_weights_give_the_prior_of_the_weights(masked);
    }
}

fn equal_weights_give_the_prior_of_the_weights(masked: bool) {
    let state = sunder(3, true);
    let mut search = Search::new(&state, config(4, 1));
    search.start(&state, &[], 1);
    let mut leaves = Leaves::new(&state, 1, 1);
    let (slots, _) = leaves.chunks_mut().next().unwrap();
    assert_eq!(search.gather(slots, false), 1);
    if masked {
        slots[0].write_mask(&mut vec![false; state.num_actions()]);
    }
    let legal = slots[0].legal().len();
    assert!(slots[0].set_priors(&vec![0.37; state.num_actions()]));
    // The weights' sum, added in action order as the search would.
    let sum = (0..legal).fold(0.0f32, |sum, _| sum + 0.37);
    assert_eq!(slots[0].priors(), Priors::Equal(0.37 * (1.0 / sum)));
    // An illegal action's weight is not looked at.
    let actions = state.num_actions();
    let illegal = (0..actions).find(|&a| !slots[0].legal().contains(&(a as _)));
    let mut odd = vec![0.37; actions];
    odd[illegal.expect("an illegal action at the start")] = f32::NAN;
    assert!(slots[0].set_priors(&odd));
    assert_eq!(slots[0].priors(), Priors::Equal(0.37 * (1.0 / sum)));
    let mut tied = vec![0.5; state.num_actions()];
    tied[usize::from(slots[0].legal()[1])] = 0.25;
    assert!(slots[0].set_priors(&tied));
    assert!(matches!(slots[0].priors(), Priors::Weights(w, _) if w.len() == legal));
    assert!(!slots[0].set_priors(&vec![0.0; state.num_actions()]));
    assert!(slots[0].set_priors(&vec![0.37; state.num_actions()]));
    search.absorb(slots);
    let stats = search.root_stats();
    assert!(stats.priors.iter().all(|&p| p == 0.37 * (1.0 / sum)));
}
