//! A batch agrees with the same moves played one position at a time, in
//! every autoreset mode and for any thread count; refusals change nothing;
//! and stepping allocates nothing once the envs have grown.

use super::*;
use crate::core::Colour;
use crate::games::GAME_NAMES;
use crate::observation::observation_len;
use crate::options::{OptionValue, Options};

fn start(name: &str) -> AnyPosition {
    let side = if name == "anadil" { 5 } else { 3 };
    AnyPosition::new(name, &mut Options::new([("size", OptionValue::Int(side))]))
        .expect("every game has this side")
}

/// Buffers for a batch, owned.
#[derive(Clone, Debug, PartialEq)]
struct Buffers<T> {
    observations: Vec<T>,
    final_observations: Vec<T>,
    has_final: Vec<bool>,
    masks: Vec<bool>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    to_move: Vec<i32>,
    current_player: Vec<i32>,
    ply: Vec<i32>,
    len: usize,
    actions: usize,
}

impl<T: Element> Buffers<T> {
    fn new(start: &AnyPosition, envs: usize, same_step: bool) -> Self {
        let len = observation_len(start);
        let finals = if same_step { envs } else { 0 };
        Buffers {
            observations: vec![T::default(); envs * len],
            final_observations: vec![T::default(); finals * len],
            has_final: vec![false; finals],
            masks: vec![false; envs * start.num_actions()],
            rewards: vec![0.0; envs * 2],
            terminated: vec![false; envs],
            truncated: vec![false; envs],
            to_move: vec![0; envs],
            current_player: vec![0; envs],
            ply: vec![0; envs],
            len,
            actions: start.num_actions(),
        }
    }

    fn outputs(&mut self) -> Outputs<'_, T> {
        Outputs::new(
            self.terminated.len(),
            self.len,
            self.actions,
            &mut self.observations,
            &mut self.final_observations,
            &mut self.has_final,
            &mut self.masks,
            &mut self.rewards,
            &mut self.terminated,
            &mut self.truncated,
            &mut self.to_move,
            &mut self.current_player,
            &mut self.ply,
        )
    }
}

fn config(autoreset: Autoreset, max_moves: usize) -> Config {
    Config {
        max_moves,
        autoreset,
        illegal: Illegal::Raise,
    }
}

/// `envs` envs of `name` seeded 0 under `config`, just reset: the start
/// position, the batch and the rows it wrote.
fn reset(
    name: &str,
    envs: usize,
    config: Config,
) -> (AnyPosition, Box<dyn Batch<f32>>, Buffers<f32>) {
    let start = start(name);
    let mut batch = new::<f32>(&start, envs, 0, config);
    let mut out = Buffers::new(&start, envs, false);
    batch.reset(None, None, out.outputs());
    (start, batch, out)
}

/// One env played by hand: the position, its actions, and whether its game
/// ended at the last step.
struct Reference {
    state: AnyPosition,
    plies: usize,
    done: bool,
}

impl Reference {
    fn seat_to_move(&self) -> i32 {
        (self.state.to_move().index() ^ usize::from(self.state.swapped())) as i32
    }

    /// Checks row `i` of `out` against this position.
    fn check_row(&mut self, out: &Buffers<f32>, i: usize, at: &str) {
        let len = out.len;
        let mut expected = vec![0.0; len];
        let perspective = self.state.to_move();
        write_observation(&mut self.state, perspective, &mut expected);
        assert_eq!(
            &out.observations[i * len..(i + 1) * len],
            &expected[..],
            "{at}"
        );
        let mut legal = Vec::new();
        if !self.done {
            self.state.legal_actions(&mut legal);
        }
        let mask = &out.masks[i * out.actions..(i + 1) * out.actions];
        let from_mask: Vec<Action> = (0..out.actions as Action)
            .filter(|&a| mask[a as usize])
            .collect();
        assert_eq!(from_mask, legal, "{at}: mask");
        assert_eq!(out.to_move[i], self.state.to_move().index() as i32, "{at}");
        assert_eq!(out.current_player[i], self.seat_to_move(), "{at}");
        assert_eq!(out.ply[i], self.plies as i32, "{at}");
    }
}

/// Steps a batch of random games through several autoresets, checking
/// every row against positions played by hand; returns every step's
/// buffers so runs can be compared.
fn run(name: &str, autoreset: Autoreset, threads: usize, max_moves: usize) -> Vec<Buffers<f32>> {
    let envs = 20;
    let start = start(name);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let same_step = autoreset == Autoreset::SameStep;
    let mut batch = new::<f32>(&start, envs, 7, config(autoreset, max_moves));
    let mut out = Buffers::new(&start, envs, same_step);
    pool.install(|| batch.reset(None, None, out.outputs()));
    let mut refs: Vec<Reference> = (0..envs)
        .map(|_| Reference {
            state: start.clone(),
            plies: 0,
            done: false,
        })
        .collect();
    for (i, r) in refs.iter_mut().enumerate() {
        r.check_row(&out, i, &format!("{name}: reset, env {i}"));
    }
    let mut seen = vec![out.clone()];
    let mut actions = vec![0; envs];
    let mut ended = 0;
    for step in 0..4 * max_moves {
        pool.install(|| batch.random_actions(&mut actions));
        pool.install(|| batch.step(&actions, out.outputs()))
            .unwrap();
        for (i, r) in refs.iter_mut().enumerate() {
            let at = format!("{name} {autoreset:?}: step {step}, env {i}");
            let (mut rewards, mut terminated, mut truncated) = ([0.0; 2], false, false);
            if r.done {
                *r = Reference {
                    state: start.clone(),
                    plies: 0,
                    done: false,
                };
            } else {
                let action = actions[i] as Action;
                r.state
                    .apply(action)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
                r.plies += 1;
                terminated = r.state.is_terminal();
                truncated = !terminated && r.plies >= max_moves;
                if terminated {
                    let [b, w] = r.state.returns().map(|x| x as f32);
                    rewards = if r.state.swapped() { [w, b] } else { [b, w] };
                }
                r.done = terminated || truncated;
            }
            assert_eq!(out.rewards[2 * i..2 * i + 2], rewards, "{at}");
            assert_eq!(
                (out.terminated[i], out.truncated[i]),
                (terminated, truncated),
                "{at}"
            );
            if same_step {
                assert_eq!(out.has_final[i], r.done, "{at}");
                if r.done {
                    let mut last = vec![0.0; out.len];
                    let perspective = r.state.to_move();
                    write_observation(&mut r.state, perspective, &mut last);
                    let len = out.len;
                    assert_eq!(out.final_observations[i * len..(i + 1) * len], last[..]);
                    *r = Reference {
                        state: start.clone(),
                        plies: 0,
                        done: false,
                    };
                    ended += 1;
                }
            } else if r.done {
                ended += 1;
            }
            r.check_row(&out, i, &at);
        }
        seen.push(out.clone());
    }
    assert!(ended > envs, "{name}: games ended and restarted");
    seen
}

#[test]
fn every_autoreset_mode_steps_as_the_positions_played_by_hand() {
    for name in GAME_NAMES {
        for autoreset in [Autoreset::NextStep, Autoreset::SameStep] {
            run(name, autoreset, 2, 30);
        }
    }
}

#[test]
fn a_run_is_the_same_for_any_thread_count() {
    for name in ["sunder", "anda"] {
        assert_eq!(
            run(name, Autoreset::NextStep, 1, 25),
            run(name, Autoreset::NextStep, 2, 25),
            "{name}"
        );
    }
}

#[test]
fn bytes_are_the_float_planes_times_255() {
    let start = start("anda");
    let mut floats = new::<f32>(&start, 9, 3, config(Autoreset::NextStep, 100));
    let mut bytes = new::<u8>(&start, 9, 3, config(Autoreset::NextStep, 100));
    let (mut f, mut b) = (
        Buffers::<f32>::new(&start, 9, false),
        Buffers::<u8>::new(&start, 9, false),
    );
    let mut actions = vec![0; 9];
    for _ in 0..40 {
        floats.random_actions(&mut actions);
        floats.step(&actions, f.outputs()).unwrap();
        bytes.step(&actions, b.outputs()).unwrap();
        let scaled: Vec<u8> = f
            .observations
            .iter()
            .map(|&v| (v * 255.0).round().min(255.0) as u8)
            .collect();
        assert_eq!(b.observations, scaled);
        assert_eq!(b.masks, f.masks);
    }
    assert!(f.observations.iter().any(|&v| v > 0.0 && v < 1.0), "counts");
}

#[test]
fn a_refused_step_names_the_env_and_changes_nothing() {
    let (_, mut batch, mut out) = reset("sunder", 4, config(Autoreset::Off, 100));
    batch.step(&[0, 1, 2, 3], out.outputs()).unwrap();
    let before = out.clone();
    let occupied = batch.step(&[4, 5, 2, 6], out.outputs()).unwrap_err();
    assert_eq!((occupied.env, occupied.text), (2, Some("c1")));
    assert!(
        occupied.to_string().starts_with("env 2: c1: "),
        "{occupied}"
    );
    let outside = batch.step(&[4, 5, 6, 99], out.outputs()).unwrap_err();
    assert_eq!((outside.env, outside.text), (3, None));
    assert_eq!(
        outside.to_string(),
        "env 3: action 99: 99 is not an action (0 to 19)"
    );
    assert_eq!(out, before, "nothing was written");
    for env in 0..4 {
        assert_eq!(batch.position(env).history, [env as Action]);
    }
}

#[test]
fn with_autoreset_off_an_ended_game_must_be_reset() {
    let (_, mut batch, mut out) = reset("sunder", 2, config(Autoreset::Off, 3));
    for a in 0..3 {
        batch.step(&[a, a], out.outputs()).unwrap();
    }
    assert_eq!(out.truncated, [true, true]);
    assert_eq!(out.masks.iter().filter(|&&m| m).count(), 0);
    let refused = batch.step(&[5, 5], out.outputs()).unwrap_err();
    assert_eq!(refused.reason, "the game is over: reset the env first");
    batch.reset(None, Some(&[true, false]), out.outputs());
    assert_eq!(out.ply, [0, 3]);
    assert_eq!(batch.step(&[5, 5], out.outputs()).unwrap_err().env, 1);
}

#[test]
fn an_illegal_action_loses_at_once_when_asked() {
    let mut lose = config(Autoreset::NextStep, 100);
    lose.illegal = Illegal::Lose;
    let (_, mut batch, mut out) = reset("sunder", 2, lose);
    batch.step(&[0, 0], out.outputs()).unwrap();
    // White (the second seat) plays on Black's stone in env 0.
    batch.step(&[0, 1], out.outputs()).unwrap();
    assert_eq!(out.rewards, [1.0, -1.0, 0.0, 0.0]);
    assert_eq!(out.terminated, [true, false]);
    assert_eq!(batch.position(0).history, [0]);
    assert!(batch.position(0).done);
    batch.step(&[7, 2], out.outputs()).unwrap();
    assert_eq!(
        (out.ply[0], out.rewards[0]),
        (0, 0.0),
        "the next step resets"
    );
}

#[test]
fn a_position_put_into_an_env_is_stepped_on_and_its_row_rewritten() {
    let (start, mut batch, mut out) = reset("lingarda", 3, config(Autoreset::NextStep, 100));
    let mut moved = start.clone();
    moved.apply(4).unwrap();
    assert!(batch.set_position(1, &moved, &[4], out.outputs()));
    let mut reference = Reference {
        state: moved.clone(),
        plies: 1,
        done: false,
    };
    reference.check_row(&out, 1, "set");
    assert!(!batch.set_position(1, &self::start("sunder"), &[], out.outputs()));
    assert_eq!(batch.position(1).history, [4]);
    assert_eq!(
        batch.position(1).current.board_string(),
        moved.board_string()
    );
    assert_eq!(batch.position(1).current.to_move(), Colour::White);
}

#[test]
fn stepping_allocates_nothing_once_the_envs_have_grown() {
    // A pool whose one thread is this one, so the thread's count sees all.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .use_current_thread()
        .build()
        .unwrap();
    for name in GAME_NAMES {
        let start = start(name);
        for same_step in [false, true] {
            let autoreset = if same_step {
                Autoreset::SameStep
            } else {
                Autoreset::NextStep
            };
            let mut floats = new::<f32>(&start, 16, 1, config(autoreset, 40));
            let mut bytes = new::<u8>(&start, 16, 1, config(autoreset, 40));
            let mut f = Buffers::<f32>::new(&start, 16, same_step);
            let mut b = Buffers::<u8>::new(&start, 16, same_step);
            let mut actions = vec![0; 16];
            // The second of two identical runs: every buffer has reached
            // the size these games need, so nothing may grow.
            let mut run = || {
                pool.install(|| {
                    floats.reset(Some(3), None, f.outputs());
                    bytes.reset(Some(3), None, b.outputs());
                    for _ in 0..300 {
                        floats.random_actions(&mut actions);
                        floats.step(&actions, f.outputs()).unwrap();
                        bytes.step(&actions, b.outputs()).unwrap();
                    }
                })
            };
            run();
            let before = crate::bot::no_alloc::allocations();
            run();
            let made = crate::bot::no_alloc::allocations() - before;
            assert_eq!(made, 0, "{name}: 300 steps allocated {made} times");
        }
    }
}

#[test]
fn a_byte_is_the_rounded_float_times_255_at_every_edge() {
    let rounded = |v: f32| (v * 255.0).round() as u8;
    let mut values = vec![
        0.0,
        -0.0,
        -1.0,
        1.0,
        2.0,
        f32::NAN,
        f32::INFINITY,
        -f32::INFINITY,
        f32::MAX,
        f32::MIN,
        1e9,
        -1e9,
        256.0 / 255.0,
    ];
    // Every count over every board size a plane divides by, and the floats
    // on either side of each half step.
    for n in 1..=700u32 {
        for k in 0..=n + 2 {
            values.push(k as f32 / n as f32);
        }
    }
    for h in 0..=520u32 {
        let half = (h as f32 + 0.5) / 255.0;
        let bits = half.to_bits();
        for b in bits.saturating_sub(4)..=bits + 4 {
            values.push(f32::from_bits(b));
        }
    }
    for v in values {
        assert_eq!(super::to_byte(v), rounded(v), "{v:e}");
    }
}
