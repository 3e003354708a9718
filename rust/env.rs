//! Batched environments: many games of one kind stepped at once, each step
//! writing every env's observation, legal-action mask, rewards, end flags
//! and turn facts into caller-owned buffers, over rayon, with no allocation
//! once the buffers and the envs' scratch have grown.
//!
//! A step is the same engine call a [`Position`] makes (`check`, then
//! `apply_unchecked`), so an env agrees with the same moves played one
//! position at a time. Env `i`'s `k`-th game draws its random actions from
//! one generator seeded `(seed, i, k)`, so a run is the same for any number
//! of threads.
//!
//! The batch is generic over the game ([`Envs`]), so the hot loops are
//! compiled once per game with no dispatch per point; [`new`] picks the game
//! once and hands back a [`Batch`] to drive.

use std::borrow::Cow;

use crate::core::Rng;
use crate::games::{Action, AnyPosition, Position, PositionVisitor};
use crate::observation::{
    common_len, write_common_planes, write_feature_planes, write_observation,
};

mod split;

use split::{par_split, Split};

/// What a step does to an env whose game has ended (Gymnasium's modes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Autoreset {
    /// The step after the end resets the env and ignores its action.
    NextStep,
    /// The step that ends a game resets the env at once; the ended game's
    /// last observation goes to the final-observation buffer.
    SameStep,
    /// Stepping an ended env is an error; reset it explicitly.
    Off,
}

/// What an illegal action does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The step is refused and no env changes.
    Raise,
    /// The mover loses that game at once (-1, the opponent +1).
    Lose,
}

/// How a batch runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Actions after which an unfinished game is cut (truncated).
    pub max_moves: usize,
    pub autoreset: Autoreset,
    pub illegal: Illegal,
}

/// Why a step was refused: the env, the action and the reason. No env has
/// changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepError {
    /// The index of the first env that refused.
    pub env: usize,
    /// The action it was given.
    pub action: i64,
    /// The action's text, when the action exists.
    pub text: Option<&'static str>,
    pub reason: Cow<'static, str>,
}

impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.text {
            Some(text) => write!(f, "env {}: {text}: {}", self.env, self.reason),
            None => write!(
                f,
                "env {}: action {}: {}",
                self.env, self.action, self.reason
            ),
        }
    }
}

/// An observation value: float planes as the core writes them, or bytes.
pub trait Element: Copy + Default + Send + Sync + 'static {
    /// Writes `state`'s observation from its colour to move into `out`,
    /// through `scratch` when the values need converting.
    fn write<P: Position>(state: &mut P, scratch: &mut Vec<f32>, out: &mut [Self]);
}

impl Element for f32 {
    #[inline]
    fn write<P: Position>(state: &mut P, _: &mut Vec<f32>, out: &mut [f32]) {
        let perspective = state.to_move();
        write_observation(state, perspective, out);
    }
}

impl Element for u8 {
    /// Each float plane value times 255, rounded (so 0/1 planes are 0/255
    /// and dividing by 255 gives the float planes back to within 1/510).
    /// The common planes are 0/1, so they are written as bytes at once;
    /// only the game's own planes go through floats, and only those that
    /// are not all zero are rounded value by value.
    #[inline]
    fn write<P: Position>(state: &mut P, scratch: &mut Vec<f32>, out: &mut [u8]) {
        let perspective = state.to_move();
        let (common, own) = out.split_at_mut(common_len(state));
        write_common_planes(state, perspective, common, 255);
        scratch.resize(own.len(), 0.0);
        write_feature_planes(state, perspective, scratch);
        let area = state.board().grid_width().pow(2);
        for (bytes, values) in own.chunks_exact_mut(area).zip(scratch.chunks_exact(area)) {
            // A plane of zeros (a flag that is off, the usual case) has
            // nothing to round: its bits are all zero.
            if values.iter().fold(0, |bits, value| bits | value.to_bits()) == 0 {
                bytes.fill(0);
                continue;
            }
            for (byte, &value) in bytes.iter_mut().zip(values) {
                *byte = to_byte(value);
            }
        }
    }
}

/// `(value * 255.0).round() as u8`, without the library call `round` is on
/// a CPU without SSE4.1 (one call per value made bytes four times slower
/// than floats): for `0 < x < 255` the fraction `x - trunc(x)` is exact, and
/// `as` saturates the rest as it would (negatives and NaN to 0, past 255 to
/// 255).
#[inline]
fn to_byte(value: f32) -> u8 {
    let x = value * 255.0;
    if x >= 255.0 {
        return 255;
    }
    if x.is_nan() || x <= 0.0 {
        return 0;
    }
    let whole = x as u32;
    (whole + u32::from(x - whole as f32 >= 0.5)) as u8
}

/// Every env's rows of the output buffers; `split` cuts them between envs.
pub struct Outputs<'a, T> {
    /// `(envs, observation_len)`.
    pub observations: &'a mut [T],
    /// `(envs, observation_len)` with [`Autoreset::SameStep`], where a game
    /// that ended leaves its last observation; empty otherwise.
    pub final_observations: &'a mut [T],
    /// Which envs wrote a final observation this step (same-step only;
    /// empty otherwise).
    pub has_final: &'a mut [bool],
    /// `(envs, num_actions)`: true where legal; all false once a game ended.
    pub masks: &'a mut [bool],
    /// `(envs, 2)` per seat: the game's returns on the step that ends it.
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    /// The colour to move: 0 Black, 1 White.
    pub to_move: &'a mut [i32],
    /// The seat to move (0 first player, 1 second), after swaps.
    pub current_player: &'a mut [i32],
    /// Actions played in the env's current game.
    pub ply: &'a mut [i32],
    observation_len: usize,
    num_actions: usize,
}

impl<'a, T> Outputs<'a, T> {
    /// Rows for `envs` envs of a game with observations of
    /// `observation_len` values and `num_actions` actions; pass empty final
    /// buffers unless the batch resets on the same step.
    ///
    /// # Panics
    /// When a buffer has the wrong length.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        envs: usize,
        observation_len: usize,
        num_actions: usize,
        observations: &'a mut [T],
        final_observations: &'a mut [T],
        has_final: &'a mut [bool],
        masks: &'a mut [bool],
        rewards: &'a mut [f32],
        terminated: &'a mut [bool],
        truncated: &'a mut [bool],
        to_move: &'a mut [i32],
        current_player: &'a mut [i32],
        ply: &'a mut [i32],
    ) -> Self {
        assert_eq!(observations.len(), envs * observation_len, "observations");
        assert!(
            final_observations.is_empty() || final_observations.len() == observations.len(),
            "final observations"
        );
        assert!(
            has_final.is_empty() || has_final.len() == envs,
            "final flags"
        );
        assert_eq!(masks.len(), envs * num_actions, "masks");
        assert_eq!(rewards.len(), envs * 2, "rewards");
        for (name, len) in [
            ("terminated", terminated.len()),
            ("truncated", truncated.len()),
            ("to_move", to_move.len()),
            ("current_player", current_player.len()),
            ("ply", ply.len()),
        ] {
            assert_eq!(len, envs, "{name}");
        }
        Outputs {
            observations,
            final_observations,
            has_final,
            masks,
            rewards,
            terminated,
            truncated,
            to_move,
            current_player,
            ply,
            observation_len,
            num_actions,
        }
    }
}

fn split_rows<T>(rows: &mut [T], width: usize, mid: usize) -> (&mut [T], &mut [T]) {
    if rows.is_empty() {
        return (&mut [], &mut []);
    }
    rows.split_at_mut(mid * width)
}

impl<T: Send> Outputs<'_, T> {
    /// Rewrites env `row`'s reward and end flags.
    fn ended(&mut self, row: usize, rewards: [f32; 2], terminated: bool, truncated: bool) {
        self.rewards[2 * row..2 * row + 2].copy_from_slice(&rewards);
        self.terminated[row] = terminated;
        self.truncated[row] = truncated;
    }
}

impl<T: Send> Split for Outputs<'_, T> {
    fn len(&self) -> usize {
        self.terminated.len()
    }

    fn split_at(self, mid: usize) -> (Self, Self) {
        let (len, actions) = (self.observation_len, self.num_actions);
        // Each buffer, with its values per env, cut at env `mid`.
        macro_rules! split {
            ($($buffer:ident: $width:expr),* $(,)?) => {{
                $(let $buffer = split_rows(self.$buffer, $width, mid);)*
                (
                    Outputs { $($buffer: $buffer.0,)* observation_len: len, num_actions: actions },
                    Outputs { $($buffer: $buffer.1,)* observation_len: len, num_actions: actions },
                )
            }};
        }
        split!(
            observations: len,
            final_observations: len,
            has_final: 1,
            masks: actions,
            rewards: 2,
            terminated: 1,
            truncated: 1,
            to_move: 1,
            current_player: 1,
            ply: 1,
        )
    }
}

/// One env: its game and its scratch.
#[derive(Clone, Debug)]
struct Slot<P> {
    state: P,
    /// The actions of the current game.
    history: Vec<Action>,
    rng: Rng,
    /// Games begun before the current one since the last seeding.
    game: u64,
    /// Whether the current game is the first since seeding and untouched
    /// (so a reset keeps its number).
    fresh: bool,
    /// The game ended (or was cut, or lost by an illegal action) and waits
    /// for its reset.
    done: bool,
    buf: Vec<Action>,
    scratch: Vec<f32>,
}

/// The generator of env `env`'s game `game` for a batch seeded `seed`.
fn game_rng(seed: u64, env: usize, game: u64) -> Rng {
    Rng::for_game(Rng::for_game(seed, env as u64).next_u64(), game)
}

impl<P: Position> Slot<P> {
    fn new(start: &P, seed: u64, env: usize, config: &Config) -> Self {
        Slot {
            state: start.clone(),
            // Room for a whole game of the usual length, so stepping grows
            // nothing (a longer cap may grow it once).
            history: Vec::with_capacity(config.max_moves.min(10 * start.board().points())),
            rng: game_rng(seed, env, 0),
            game: 0,
            fresh: true,
            done: false,
            buf: Vec::with_capacity(start.num_actions()),
            scratch: Vec::new(),
        }
    }

    /// Starts the env's next game (numbered on, unless the current one is
    /// fresh).
    fn restart(&mut self, start: &P, seed: u64, env: usize) {
        if !self.fresh {
            self.game += 1;
        }
        self.fresh = false;
        self.rng = game_rng(seed, env, self.game);
        self.state.clone_from(start);
        self.history.clear();
        self.done = false;
    }

    /// Why `action` cannot be played now, if it cannot.
    fn refusal(&mut self, action: i64, config: &Config) -> Option<Cow<'static, str>> {
        let actions = self.state.num_actions() as i64;
        if !(0..actions).contains(&action) {
            return Some(format!("{action} is not an action (0 to {})", actions - 1).into());
        }
        if self.done {
            return (config.autoreset == Autoreset::Off)
                .then_some("the game is over: reset the env first".into());
        }
        match config.illegal {
            Illegal::Raise => self.state.check(action as Action).err(),
            Illegal::Lose => None,
        }
    }

    /// Plays `action` (already judged by [`Slot::refusal`]) and returns the
    /// rewards per seat, whether the game ended and whether it was cut.
    fn play(&mut self, action: Action, config: &Config) -> ([f32; 2], bool, bool) {
        if config.illegal == Illegal::Lose && self.state.check(action).is_err() {
            self.done = true;
            let mut rewards = [1.0; 2];
            rewards[self.seat_to_move()] = -1.0;
            return (rewards, true, false);
        }
        self.state.apply_unchecked(action);
        self.history.push(action);
        if self.state.is_terminal() {
            self.done = true;
            let [black, white] = self.state.returns().map(|r| r as f32);
            let rewards = if self.state.swapped() {
                [white, black]
            } else {
                [black, white]
            };
            (rewards, true, false)
        } else if self.history.len() >= config.max_moves {
            self.done = true;
            ([0.0; 2], false, true)
        } else {
            ([0.0; 2], false, false)
        }
    }

    fn seat_to_move(&self) -> usize {
        self.state.to_move().index() ^ usize::from(self.state.swapped())
    }

    /// Writes the env's observation (into `observations`, or the final
    /// buffer), mask and turn facts into row `row` of `out`.
    fn write<T: Element>(&mut self, out: &mut Outputs<'_, T>, row: usize, last: bool) {
        let len = out.observation_len;
        let rows = if last {
            &mut *out.final_observations
        } else {
            &mut *out.observations
        };
        T::write(
            &mut self.state,
            &mut self.scratch,
            &mut rows[row * len..(row + 1) * len],
        );
        if last {
            return;
        }
        let actions = out.num_actions;
        let mask = &mut out.masks[row * actions..(row + 1) * actions];
        if self.done {
            mask.fill(false);
        } else {
            self.state.legal_mask(mask, &mut self.buf);
        }
        out.to_move[row] = self.state.to_move().index() as i32;
        out.current_player[row] = self.seat_to_move() as i32;
        out.ply[row] = self.history.len() as i32;
    }
}

/// The rows one step task works on: envs, their actions, their outputs.
type StepRows<'s, 'o, P, T> = ((&'s mut [Slot<P>], &'s [i64]), Outputs<'o, T>);

/// A batch of envs of one game, driven through [`Batch`].
pub struct Envs<P> {
    start: P,
    slots: Vec<Slot<P>>,
    seed: u64,
    config: Config,
}

/// The fewest envs of a rayon task.
const MIN_GRAIN: usize = 8;

/// Envs per rayon task for a pass over `envs` envs: a few equal pieces per
/// thread of the current pool (one piece on one thread), so that each task
/// is long enough to outweigh handing it to another thread, and an uneven
/// one can still be balanced by stealing.
fn grain(envs: usize) -> usize {
    const PIECES_PER_THREAD: usize = 4;
    let threads = rayon::current_num_threads();
    if threads == 1 {
        return envs.max(1);
    }
    envs.div_ceil(PIECES_PER_THREAD * threads).max(MIN_GRAIN)
}

impl<P: Position> Envs<P> {
    /// `envs` envs at `start`, seeded `seed`.
    pub fn new(start: &P, envs: usize, seed: u64, config: Config) -> Self {
        Envs {
            slots: (0..envs)
                .map(|i| Slot::new(start, seed, i, &config))
                .collect(),
            start: start.clone(),
            seed,
            config,
        }
    }

    /// The first env that refuses its action, with the refusal.
    fn first_refusal(&mut self, actions: &[i64]) -> Option<StepError> {
        let config = self.config;
        let grain = grain(self.slots.len());
        let env = par_split(
            (&mut self.slots[..], actions),
            0,
            grain,
            &|first, (slots, actions): (&mut [Slot<P>], &[i64])| {
                let found = slots
                    .iter_mut()
                    .zip(actions)
                    .position(|(slot, &a)| slot.refusal(a, &config).is_some());
                found.map(|i| first + i)
            },
            &Option::or,
        )?;
        let slot = &mut self.slots[env];
        let action = actions[env];
        let reason = slot.refusal(action, &config)?;
        let text = u16::try_from(action)
            .ok()
            .and_then(|a| slot.state.action_text(a).ok());
        Some(StepError {
            env,
            action,
            text,
            reason,
        })
    }
}

impl<P: Position, T: Element> Batch<T> for Envs<P> {
    fn len(&self) -> usize {
        self.slots.len()
    }

    fn config(&self) -> Config {
        self.config
    }

    fn reset(&mut self, seed: Option<u64>, mask: Option<&[bool]>, out: Outputs<'_, T>) {
        let mask = mask.unwrap_or(&[]);
        assert!(
            mask.is_empty() || mask.len() == self.slots.len(),
            "one flag per env"
        );
        if let Some(seed) = seed {
            self.seed = seed;
        }
        let (start, seed_now) = (&self.start, self.seed);
        let grain = grain(self.slots.len());
        par_split(
            (&mut self.slots[..], out),
            0,
            grain,
            &|first, (slots, mut out): (&mut [Slot<P>], Outputs<'_, T>)| {
                for (row, slot) in slots.iter_mut().enumerate() {
                    let env = first + row;
                    if mask.get(env) == Some(&false) {
                        continue;
                    }
                    if seed.is_some() {
                        (slot.game, slot.fresh) = (0, true);
                    }
                    slot.restart(start, seed_now, env);
                    out.ended(row, [0.0; 2], false, false);
                    if !out.has_final.is_empty() {
                        out.has_final[row] = false;
                    }
                    slot.write(&mut out, row, false);
                }
            },
            &|(), ()| (),
        );
    }

    fn step(&mut self, actions: &[i64], out: Outputs<'_, T>) -> Result<(), StepError> {
        assert_eq!(actions.len(), self.slots.len(), "one action per env");
        if let Some(refusal) = self.first_refusal(actions) {
            return Err(refusal);
        }
        let (start, seed, config) = (&self.start, self.seed, self.config);
        let grain = grain(self.slots.len());
        par_split(
            ((&mut self.slots[..], actions), out),
            0,
            grain,
            &|first, ((slots, actions), mut out): StepRows<'_, '_, P, T>| {
                for (row, (slot, &action)) in slots.iter_mut().zip(actions).enumerate() {
                    let (rewards, terminated, truncated) = if slot.done {
                        // Next-step autoreset: the action is ignored.
                        slot.restart(start, seed, first + row);
                        ([0.0; 2], false, false)
                    } else {
                        slot.fresh = false;
                        slot.play(action as Action, &config)
                    };
                    out.ended(row, rewards, terminated, truncated);
                    if config.autoreset == Autoreset::SameStep {
                        out.has_final[row] = slot.done;
                        if slot.done {
                            slot.write(&mut out, row, true);
                            slot.restart(start, seed, first + row);
                        }
                    }
                    slot.write(&mut out, row, false);
                }
            },
            &|(), ()| (),
        );
        Ok(())
    }

    fn random_actions(&mut self, out: &mut [i64]) {
        assert_eq!(out.len(), self.slots.len(), "one action per env");
        let grain = grain(self.slots.len());
        par_split(
            (&mut self.slots[..], out),
            0,
            grain,
            &|_, (slots, out): (&mut [Slot<P>], &mut [i64])| {
                for (slot, action) in slots.iter_mut().zip(out) {
                    let drawn = if slot.done {
                        None
                    } else {
                        slot.state.random_action(&mut slot.rng, &mut slot.buf)
                    };
                    *action = drawn.map_or(0, i64::from);
                }
            },
            &|(), ()| (),
        );
    }

    fn position(&self, env: usize) -> EnvPosition<'_> {
        let slot = &self.slots[env];
        EnvPosition {
            current: AnyPosition::from_position(&slot.state),
            history: &slot.history,
            done: slot.done,
        }
    }

    fn set_position(
        &mut self,
        env: usize,
        current: &AnyPosition,
        history: &[Action],
        out: Outputs<'_, T>,
    ) -> bool {
        let Some(state) = current.downcast_ref::<P>() else {
            return false;
        };
        let slot = &mut self.slots[env];
        slot.state.clone_from(state);
        slot.history.clear();
        slot.history.extend_from_slice(history);
        slot.fresh = false;
        slot.done = state.is_terminal() || history.len() >= self.config.max_moves;
        let (_, rest) = out.split_at(env);
        let (mut row, _) = rest.split_at(1);
        row.ended(0, [0.0; 2], false, false);
        if !row.has_final.is_empty() {
            row.has_final[0] = false;
        }
        slot.write(&mut row, 0, false);
        true
    }
}

/// What [`Batch::position`] tells of one env.
pub struct EnvPosition<'a> {
    /// The position as it stands.
    pub current: AnyPosition,
    /// The actions played since the game's start.
    pub history: &'a [Action],
    /// Whether its game has ended and waits for a reset.
    pub done: bool,
}

/// A batch of envs of some game, writing observations of type `T`: what
/// the bindings drive.
pub trait Batch<T: Element>: Send + Sync {
    /// The number of envs.
    fn len(&self) -> usize;

    /// Whether there are no envs.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How the batch runs.
    fn config(&self) -> Config;

    /// Starts a new game in every env (`mask`: only where true), writing
    /// their rows of `out`; `seed` reseeds the batch, numbering each reset
    /// env's games from 0 again.
    fn reset(&mut self, seed: Option<u64>, mask: Option<&[bool]>, out: Outputs<'_, T>);

    /// Plays one action per env and writes every row of `out`.
    ///
    /// # Errors
    /// [`StepError`] for the first env whose action is refused (not an
    /// action; illegal, under [`Illegal::Raise`]; a game over, under
    /// [`Autoreset::Off`]). No env has changed.
    fn step(&mut self, actions: &[i64], out: Outputs<'_, T>) -> Result<(), StepError>;

    /// Writes a random action per env under the playout policy (RULES.md
    /// §8), drawn from each env's own generator (0 for a game over).
    fn random_actions(&mut self, out: &mut [i64]);

    /// Env `env`'s position and the moves that led to it.
    fn position(&self, env: usize) -> EnvPosition<'_>;

    /// Puts a position (of this batch's game, reached by `history` from the
    /// start) into env `env` and rewrites its row of `out`. False, with
    /// nothing changed, for a position of another game.
    fn set_position(
        &mut self,
        env: usize,
        current: &AnyPosition,
        history: &[Action],
        out: Outputs<'_, T>,
    ) -> bool;
}

/// Builds [`Envs`] for the game of a start position.
struct Build<T> {
    envs: usize,
    seed: u64,
    config: Config,
    element: std::marker::PhantomData<T>,
}

impl<T: Element> PositionVisitor for Build<T> {
    type Output = Box<dyn Batch<T>>;

    fn visit<P: Position>(self, start: &P) -> Box<dyn Batch<T>> {
        Box::new(Envs::new(start, self.envs, self.seed, self.config))
    }
}

/// `envs` envs of the game whose start is `start`, seeded `seed`.
pub fn new<T: Element>(
    start: &AnyPosition,
    envs: usize,
    seed: u64,
    config: Config,
) -> Box<dyn Batch<T>> {
    start.visit(Build {
        envs,
        seed,
        config,
        element: std::marker::PhantomData,
    })
}

#[cfg(test)]
mod tests;
