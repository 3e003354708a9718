//! What a PUCT search asks about the positions it reaches: prior weights
//! over the legal actions and a value, from an [`Evaluator`].
//!
//! Searches gather their leaves into one [`Leaves`] per round, so that an
//! evaluator (a network behind the Python bindings) answers many at once.
//! The built-in evaluators need no network: [`Uniform`] and [`Rollouts`].

use std::convert::Infallible;

use super::threads::Threads;
use crate::core::{Rng, Stop};
use crate::games::{Action, Position};
use crate::playout::playout;

/// One position awaiting evaluation, and the evaluator's answer.
#[derive(Clone, Debug)]
pub struct Leaf<P> {
    /// The position. An evaluator may play it on (the search rebuilds it
    /// for every leaf it gathers).
    pub position: P,
    legal: Vec<Action>,
    key: u64,
    history: Vec<Action>,
    /// Scratch for the built-in evaluators' playouts.
    buf: Vec<Action>,
    /// Whether each action is legal, once [`Leaf::write_mask`] wrote it
    /// for the leaf's legal actions (`masked`).
    mask: Vec<bool>,
    masked: bool,
    /// The answer: a weight per legal action, in the order of `legal`
    /// (so the search expands the leaf from one contiguous row), unless
    /// `share`. Weights are at least 0, finite, and not all 0; the search
    /// divides them by their sum, `prior_sum`.
    priors: Vec<f32>,
    prior_sum: f32,
    /// The prior of every legal action, when the answer gives them all the
    /// same one (and `priors` is unused).
    share: Option<f32>,
    /// The answer: the value in `[-1, 1]` for the player to move.
    pub value: f32,
}

impl<P: Position> Leaf<P> {
    fn new(like: &P) -> Self {
        Leaf {
            position: like.clone(),
            legal: Vec::with_capacity(like.num_actions()),
            key: 0,
            history: Vec::new(),
            buf: Vec::with_capacity(like.num_actions()),
            mask: vec![false; like.num_actions()],
            masked: false,
            priors: Vec::with_capacity(like.num_actions()),
            prior_sum: 0.0,
            share: None,
            value: 0.0,
        }
    }

    /// Its legal actions in increasing order; never empty.
    pub fn legal(&self) -> &[Action] {
        &self.legal
    }

    /// A random number drawn for this leaf from the search's seed: the
    /// randomness of a random evaluator, so that a search stays
    /// deterministic for its seed whatever the batching and threads.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The actions from the start of the game to this leaf, kept only when
    /// the evaluator [wants them](Evaluator::wants_histories).
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// Makes the leaf of the position it holds: its legal actions (from
    /// `parent`'s, the legal actions of the position before and the action
    /// played from it, when there is one), and a key drawn from `rng`.
    pub(super) fn set_legal(&mut self, parent: Option<(&[Action], Action)>, rng: &mut Rng) {
        match parent {
            Some((before, played)) => {
                self.position
                    .legal_actions_after(before, played, &mut self.legal);
            }
            None => self.position.legal_actions(&mut self.legal),
        }
        self.masked = false;
        self.key = rng.next_u64();
    }

    pub(super) fn history_mut(&mut self) -> &mut Vec<Action> {
        &mut self.history
    }

    /// The answer's priors, as the leaf's children get them.
    pub fn priors(&self) -> Priors<'_> {
        match self.share {
            Some(prior) => Priors::Equal(prior),
            None if self.prior_sum > 0.0 && self.prior_sum.is_finite() => {
                Priors::Weights(&self.priors, self.prior_sum)
            }
            // Weights too large to add up: equal priors.
            None => Priors::Equal(1.0 / self.legal.len() as f32),
        }
    }

    /// Answers equal priors over the legal actions.
    pub fn set_uniform_priors(&mut self) {
        self.share = Some(1.0 / self.legal.len() as f32);
    }

    /// Answers `row[a]`, in a row over every action, as the weight of each
    /// legal action `a`, and tells whether the weights are usable: finite,
    /// at least 0, and not all 0.
    ///
    /// # Panics
    /// When `row` is shorter than the actions.
    pub fn set_priors(&mut self, row: &[f32]) -> bool {
        let row = &row[..self.position.num_actions()];
        if self.masked && self.set_equal_priors(row) {
            return self.prior_sum > 0.0;
        }
        // Into a row of the right length, reused: the gather then neither
        // grows the vector nor keeps its length up to date a weight.
        self.priors.resize(self.legal.len(), 0.0);
        let (sum, row_usable) = gather_weights(row, &self.legal, &mut self.priors);
        self.prior_sum = sum;
        let first = self.priors[0];
        let (mut usable, mut positive, mut equal) = (true, false, true);
        // When every weight of the row is usable, so are the legal actions'.
        if row_usable {
            // Weights at least 0 add up to more than 0 unless all are 0.
            positive = sum > 0.0;
            for &p in &self.priors {
                equal &= p == first;
            }
        } else {
            for &p in &self.priors {
                usable &= usable_weight(p);
                positive |= p > 0.0;
                equal &= p == first;
            }
        }
        // Equal weights give every child `w * (1 / sum)`, the float the
        // search would give each from the weights.
        self.share = (equal && sum > 0.0 && sum.is_finite()).then(|| first * (1.0 / sum));
        usable && positive
    }

    /// Answers equal priors when `row`, over every action, gives every
    /// legal action the same usable weight, as [`Leaf::set_priors`] would
    /// (the others do not matter): a pass over the row against the mask,
    /// with no gather of the legal weights, which equal priors do not
    /// need. Returns whether it did.
    fn set_equal_priors(&mut self, row: &[f32]) -> bool {
        let first = row[usize::from(self.legal[0])];
        if !usable_weight(first) {
            return false;
        }
        // Weights equal to a usable one have its bits, or are ±0.0 for
        // a 0.0: left to the gather, as are differing weights.
        let first_bits = first.to_bits();
        // The differing bits of each lane of a run, reduced once at the end.
        let mut differ = [0u32; LEGAL_RUN];
        let masked = |differ: &mut [u32], weights: &[f32], legal: &[bool]| {
            for ((lane, &w), &legal) in differ.iter_mut().zip(weights).zip(legal) {
                *lane |= (w.to_bits() ^ first_bits) & 0u32.wrapping_sub(u32::from(legal));
            }
        };
        let mut chunks = row
            .chunks_exact(LEGAL_RUN)
            .zip(self.mask.chunks_exact(LEGAL_RUN));
        for (weights, legal) in &mut chunks {
            let legal: &[bool; LEGAL_RUN] = legal.try_into().expect("a whole run");
            // Runs of legal actions are common: no mask to apply to them.
            if *legal == [true; LEGAL_RUN] {
                for (lane, &w) in differ.iter_mut().zip(weights) {
                    *lane |= w.to_bits() ^ first_bits;
                }
            } else if *legal != [false; LEGAL_RUN] {
                masked(&mut differ, weights, legal);
            }
        }
        let tail = row.len() - row.len() % LEGAL_RUN;
        masked(&mut differ, &row[tail..], &self.mask[tail..]);
        let differ = differ.iter().fold(0, |all, &lane| all | lane);
        if differ != 0 {
            return false;
        }
        let sum = repeated_sum(first, self.legal.len());
        self.prior_sum = sum;
        self.share = (sum > 0.0 && sum.is_finite()).then(|| first * (1.0 / sum));
        true
    }

    /// Writes into `mask`, one entry per action, whether each is legal here.
    pub fn write_mask(&mut self, mask: &mut [bool]) {
        self.position.legal_mask(&mut self.mask, &mut self.buf);
        self.masked = true;
        mask.copy_from_slice(&self.mask);
    }
}

/// Whether `weight` may be a prior's weight: finite and at least 0 (NaN is
/// in no range).
fn usable_weight(weight: f32) -> bool {
    (0.0..=f32::MAX).contains(&weight)
}

/// `0.0 + weight + weight + ...` with `count` weights, added in that order
/// as a gather of equal weights adds them. Each partial sum `k · weight` is
/// exact while `k` times the odd part of the weight's significand fits in
/// the 24 bits of a float's: then the sum is the one product `count ·
/// weight`, rounded once to the same float (infinity past the largest
/// float, as the additions give).
fn repeated_sum(weight: f32, count: usize) -> f32 {
    const SIGNIFICAND_BITS: u32 = f32::MANTISSA_DIGITS - 1;
    let bits = weight.to_bits();
    let exponent = (bits >> SIGNIFICAND_BITS) & 0xff;
    let fraction = bits & ((1 << SIGNIFICAND_BITS) - 1);
    // Subnormals have no implicit bit.
    let significand = if exponent == 0 {
        fraction
    } else {
        fraction | (1 << SIGNIFICAND_BITS)
    };
    let odd = significand >> significand.trailing_zeros().min(SIGNIFICAND_BITS);
    match u64::from(odd).checked_mul(count as u64) {
        // Adding to 0.0 turns a product of -0.0 into the additions' 0.0.
        Some(most) if weight.is_finite() && most < 1 << f32::MANTISSA_DIGITS => {
            0.0 + count as f32 * weight
        }
        _ => (0..count).fold(0.0, |sum, _| sum + weight),
    }
}

/// Actions whose mask entries [`Leaf::set_equal_priors`] reads at once.
const LEGAL_RUN: usize = 8;

/// Actions a block of a row of weights: indexed by an action's low byte,
/// a block needs no bounds check a weight.
const BLOCK: usize = 256;

/// Writes `row[a]` for each action `a` of `legal` (increasing, each less
/// than `row.len()`) into `weights`, in order, and returns their sum added
/// in that order, and whether every weight of the whole row is usable.
/// The row goes block by block, the last, partial one copied into a whole
/// one as it is checked; the checks have no early exit, so they run on
/// vectors.
fn gather_weights(row: &[f32], legal: &[Action], weights: &mut [f32]) -> (f32, bool) {
    let (mut legal, mut weights) = (legal, weights);
    let mut sum = 0.0;
    let mut gather = |block: &[f32; BLOCK], actions: &[Action], out: &mut [f32]| {
        for (weight, &a) in out.iter_mut().zip(actions) {
            let p = block[usize::from(a) % BLOCK];
            sum += p;
            *weight = p;
        }
    };
    let mut row_usable = true;
    let mut blocks = row.chunks_exact(BLOCK);
    for (i, block) in (&mut blocks).enumerate() {
        row_usable = block
            .iter()
            .fold(row_usable, |ok, &p| ok & usable_weight(p));
        let here = legal.partition_point(|&a| usize::from(a) < (i + 1) * BLOCK);
        let (actions, later) = legal.split_at(here);
        let (out, rest) = std::mem::take(&mut weights).split_at_mut(here);
        gather(block.try_into().expect("a whole block"), actions, out);
        (legal, weights) = (later, rest);
    }
    let mut last = [0.0; BLOCK];
    for (copy, &p) in last.iter_mut().zip(blocks.remainder()) {
        row_usable &= usable_weight(p);
        *copy = p;
    }
    gather(&last, legal, weights);
    (sum, row_usable)
}

/// An answer's priors over a leaf's legal actions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Priors<'a> {
    /// Every legal action has this prior.
    Equal(f32),
    /// A weight per legal action, in increasing action order, to divide by
    /// their sum (positive and finite).
    Weights(&'a [f32], f32),
}

/// The leaves of one round: up to `width` for each of a number of searches,
/// search `i` filling slots `i * width ..` and counting how many it filled.
/// Rows are the filled slots in order (search by search), which is the
/// order an evaluator sees them in.
#[derive(Debug)]
pub struct Leaves<P> {
    slots: Vec<Leaf<P>>,
    counts: Vec<usize>,
    width: usize,
}

impl<P: Position> Leaves<P> {
    /// Room for `searches` searches of up to `width` leaves each, for
    /// positions of the game `like` is a position of.
    pub fn new(like: &P, searches: usize, width: usize) -> Self {
        Leaves {
            slots: (0..searches * width).map(|_| Leaf::new(like)).collect(),
            counts: vec![0; searches],
            width,
        }
    }

    /// The most leaves a round can gather: `searches × width`.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// The number of leaves gathered this round.
    pub fn len(&self) -> usize {
        self.counts.iter().sum()
    }

    /// Whether no leaf was gathered this round.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Each search's slots and the count of those it filled, in order.
    pub fn chunks_mut(&mut self) -> impl Iterator<Item = (&mut [Leaf<P>], &mut usize)> {
        self.slots
            .chunks_mut(self.width)
            .zip(self.counts.iter_mut())
    }

    /// The gathered leaves, in row order.
    pub fn iter(&self) -> impl Iterator<Item = &Leaf<P>> {
        self.slots
            .chunks(self.width)
            .zip(&self.counts)
            .flat_map(|(slots, &n)| &slots[..n])
    }

    /// Calls `f(scratch, leaf, row, other, earlier)` on every gathered leaf,
    /// where `row` is the leaf's `row_len` items of `out` (which holds
    /// `len() * row_len`), `other` its `other_len` items of `other_out`, and
    /// `earlier`, but for a search's first leaf, that first leaf with its
    /// row as `f` wrote it (a neighbour in the search's tree, which `f` may
    /// start from); spread over `threads` with per-worker scratch from
    /// `init`: one pass that writes both rows of a leaf while its position
    /// is in cache.
    ///
    /// # Panics
    /// When `out` or `other_out` has the wrong length.
    pub fn each_rows<T: Send, U: Send, S>(
        &mut self,
        threads: Threads<'_>,
        (out, row_len): (&mut [T], usize),
        (other_out, other_len): (&mut [U], usize),
        init: impl Fn() -> S + Sync + Send,
        f: impl Fn(&mut S, &mut Leaf<P>, &mut [T], &mut [U], Option<(&Leaf<P>, &[T])>) + Sync + Send,
    ) {
        let mut rows = SearchRows::new(out, row_len, self.len());
        let mut others = SearchRows::new(other_out, other_len, self.len());
        let chunks = self
            .slots
            .chunks_mut(self.width)
            .zip(&self.counts)
            .map(move |(slots, &n)| (&mut slots[..n], rows.next(n), others.next(n)));
        threads.each(chunks, init, |scratch, (slots, mut rows, mut others)| {
            let Some((first, later)) = slots.split_first_mut() else {
                return;
            };
            let (first_row, mut later_rows) = rows.split_first();
            f(scratch, first, first_row, others.row(0), None);
            let earlier = Some((&*first, &*first_row));
            for (j, leaf) in later.iter_mut().enumerate() {
                f(scratch, leaf, later_rows.row(j), others.row(j + 1), earlier);
            }
        });
    }

    /// Calls `f(scratch, leaf)` on every gathered leaf, spread over
    /// `threads` with per-worker scratch from `init`.
    pub fn each<S>(
        &mut self,
        threads: Threads<'_>,
        init: impl Fn() -> S + Sync + Send,
        f: impl Fn(&mut S, &mut Leaf<P>) + Sync + Send,
    ) {
        let (none, neither) = ((&mut [] as &mut [u8], 0), (&mut [] as &mut [u8], 0));
        self.each_rows(threads, none, neither, init, |s, leaf, _, _, _| f(s, leaf));
    }
}

/// A row buffer handed out search by search: each search's leaves take the
/// next rows, in order.
struct SearchRows<'a, T> {
    rest: &'a mut [T],
    row_len: usize,
}

impl<'a, T> SearchRows<'a, T> {
    fn new(out: &'a mut [T], row_len: usize, rows: usize) -> Self {
        assert_eq!(out.len(), rows * row_len, "a row buffer of the wrong size");
        SearchRows { rest: out, row_len }
    }

    /// The rows of the next search's `n` leaves.
    fn next(&mut self, n: usize) -> SearchRows<'a, T> {
        let (rows, tail) = std::mem::take(&mut self.rest).split_at_mut(n * self.row_len);
        self.rest = tail;
        SearchRows {
            rest: rows,
            row_len: self.row_len,
        }
    }

    /// The first row, and the rows after it.
    fn split_first(&mut self) -> (&'a mut [T], SearchRows<'a, T>) {
        let (first, rest) = std::mem::take(&mut self.rest).split_at_mut(self.row_len);
        let rest = SearchRows {
            rest,
            row_len: self.row_len,
        };
        (first, rest)
    }

    /// Row `j`.
    fn row(&mut self, j: usize) -> &mut [T] {
        &mut self.rest[j * self.row_len..(j + 1) * self.row_len]
    }
}

/// Answers a batch of leaves: writes each leaf's priors and value.
pub trait Evaluator<P: Position> {
    /// Why an evaluation failed (a network's exception, bad output).
    type Error: Send;

    /// Writes `priors` and `value` of every gathered leaf of `leaves`,
    /// using `threads` for work that parallelises. A long evaluation polls
    /// `stop` and may end early once it is requested: its answers are then
    /// thrown away.
    ///
    /// # Errors
    /// Whatever stops the evaluator; the search stops with it.
    fn evaluate(
        &mut self,
        leaves: &mut Leaves<P>,
        threads: Threads<'_>,
        stop: &Stop,
    ) -> Result<(), Self::Error>;

    /// Whether leaves should carry their histories from the game's start.
    fn wants_histories(&self) -> bool {
        false
    }
}

/// Equal priors over the legal actions and value 0: search guided by the
/// exploration term alone, and the trivial case for measuring a search's
/// own cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Uniform;

impl<P: Position> Evaluator<P> for Uniform {
    type Error = Infallible;

    fn evaluate(
        &mut self,
        leaves: &mut Leaves<P>,
        threads: Threads<'_>,
        _: &Stop,
    ) -> Result<(), Infallible> {
        leaves.each(
            threads,
            || (),
            |_, leaf| {
                leaf.set_uniform_priors();
                leaf.value = 0.0;
            },
        );
        Ok(())
    }
}

/// Equal priors over the legal actions, and as value the mean result of
/// `playouts` random playouts (RULES.md §8) from the leaf: +1 for a win of
/// the player to move, -1 for a loss, 0 for a game with no winner or one
/// stopped after `max_moves` actions. Playout `j` of a leaf draws from the
/// generator of game `j` of a batch seeded with the leaf's key.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rollouts {
    /// Playouts per leaf, at least 1.
    pub playouts: u32,
    /// A playout stops unfinished after this many actions.
    pub max_moves: usize,
}

impl<P: Position> Evaluator<P> for Rollouts {
    type Error = Infallible;

    fn evaluate(
        &mut self,
        leaves: &mut Leaves<P>,
        threads: Threads<'_>,
        stop: &Stop,
    ) -> Result<(), Infallible> {
        let (playouts, max_moves) = (self.playouts, self.max_moves);
        leaves.each(
            threads,
            || None::<P>,
            |copy, leaf| {
                leaf.set_uniform_priors();
                let seat = leaf.position.turn().seat_to_move();
                let mut total = 0i64;
                let mut done = 0;
                for j in 0..playouts {
                    // A stopped run throws its values away.
                    if stop.requested() {
                        break;
                    }
                    let mut rng = Rng::for_game(leaf.key, u64::from(j));
                    // The last playout may use up the leaf's position.
                    let state = if j + 1 == playouts {
                        &mut leaf.position
                    } else {
                        let copy = copy.get_or_insert_with(|| leaf.position.clone());
                        copy.clone_from(&leaf.position);
                        copy
                    };
                    playout(state, &mut rng, max_moves, &mut leaf.buf);
                    total += match state.turn().winner_seat() {
                        Some(winner) if winner == seat => 1,
                        Some(_) => -1,
                        None => 0,
                    };
                    done += 1;
                }
                leaf.value = total as f32 / done.max(1) as f32;
            },
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests;
