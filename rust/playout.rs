//! One game played out, and what it came to: the loop every random playout,
//! MCTS rollout and batch game runs (RULES.md §8), and its [`Outcome`].

use crate::core::Rng;
use crate::games::{Action, AnyPosition, Position, Special};

/// Winner code of a game with no winner (unfinished, or Sunder's full board
/// with komi). Black is 0 and White is 1, as in per-colour arrays.
pub const NO_WINNER: i8 = -1;

/// What kind of action ended a game (the last one played).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum LastAction {
    /// No action was played.
    None = 0,
    Placement = 1,
    Pass = 2,
    Swap = 3,
    Release = 4,
}

impl LastAction {
    fn of<P: Position>(state: &P, action: Option<Action>) -> Self {
        let Some(action) = action else {
            return LastAction::None;
        };
        let Some(special) = (action as usize).checked_sub(state.board().points()) else {
            return LastAction::Placement;
        };
        match state.specials().get(special) {
            Some(Special::Pass) => LastAction::Pass,
            Some(Special::Swap) => LastAction::Swap,
            Some(Special::Release) => LastAction::Release,
            None => LastAction::None,
        }
    }
}

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// 0 Black, 1 White, [`NO_WINNER`].
    pub winner: i8,
    /// Actions played (a two-stone turn counts 2).
    pub length: u32,
    /// Whether the game reached its end within `max_moves`.
    pub finished: bool,
    /// Whether the seats exchanged colours (the first player ended as White).
    pub swapped: bool,
    /// Scores per colour at the end, for games that score (else NaN).
    pub scores: [f64; 2],
    /// The kind of the last action played.
    pub last: LastAction,
}

/// Plays `state` on, at most `max_moves` actions, each chosen by `choose`
/// (`None`: the game is over), after `before_move` has seen the position
/// and the number of actions played so far. `buf` is scratch for legal
/// actions, reused across games.
#[inline]
pub fn play_out<P: Position>(
    state: &mut P,
    rng: &mut Rng,
    max_moves: usize,
    buf: &mut Vec<Action>,
    mut choose: impl FnMut(&mut P, &mut Rng, &mut Vec<Action>) -> Option<Action>,
    mut before_move: impl FnMut(&mut P, usize, &mut Vec<Action>),
) -> Outcome {
    let mut length = 0;
    let mut last = None;
    while length < max_moves {
        before_move(state, length, buf);
        let Some(action) = choose(state, rng, buf) else {
            break;
        };
        state.apply_unchecked(action);
        last = Some(action);
        length += 1;
    }
    let finished = state.is_terminal();
    let winner = match state.winner() {
        Some(c) if finished => c.index() as i8,
        _ => NO_WINNER,
    };
    Outcome {
        winner,
        length: length as u32,
        finished,
        swapped: state.swapped(),
        scores: state.scores().unwrap_or([f64::NAN; 2]),
        last: LastAction::of(state, last),
    }
}

/// A uniformly random playout (RULES.md §8) of at most `max_moves` actions.
#[inline]
pub fn playout<P: Position>(
    state: &mut P,
    rng: &mut Rng,
    max_moves: usize,
    buf: &mut Vec<Action>,
) -> Outcome {
    play_out(state, rng, max_moves, buf, P::random_action, |_, _, _| {})
}

/// The default playout cap: `10 × N` actions (RULES.md §8).
pub fn default_max_moves(game: &AnyPosition) -> usize {
    10 * game.board().points()
}
