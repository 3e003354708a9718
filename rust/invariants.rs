//! What must hold of every position of every game, whatever led to it: the
//! checks the conformance tests run on random games and the fuzz targets
//! (`fuzz/`) run after every step of arbitrary input. Each check panics,
//! naming `at`, when it fails.

use crate::core::{Colour, Rng};
use crate::games::{Action, AnyPosition, Position, Special};
use crate::observation::{observation_len, write_observation};

/// Everything a caller can see of a position, to compare two of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    board: String,
    to_move: Colour,
    swapped: bool,
    terminal: bool,
    winner: Option<Colour>,
    legal: Vec<Action>,
    /// As bits, so that NaN compares equal to itself.
    scores: Option<[u64; 2]>,
    observation: Vec<u32>,
}

/// What a caller can see of `state` now.
pub fn seen(state: &mut AnyPosition) -> Seen {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut observation = vec![0.0; observation_len(state)];
    write_observation(state, state.to_move(), &mut observation);
    Seen {
        board: state.board_string(),
        to_move: state.to_move(),
        swapped: state.swapped(),
        terminal: state.is_terminal(),
        winner: state.winner(),
        legal,
        scores: state.scores().map(|s| s.map(f64::to_bits)),
        observation: observation.into_iter().map(f32::to_bits).collect(),
    }
}

/// Checks the position between two actions of a game in play.
pub fn check_position(state: &mut AnyPosition, at: &str) {
    let n = state.board().points();
    let specials = state.specials();
    assert_eq!(
        state.num_actions(),
        n + specials.len(),
        "{at}: action count"
    );
    let order = [Special::Pass, Special::Swap, Special::Release];
    assert!(
        specials.windows(2).all(|w| {
            let rank = |s| order.iter().position(|&o| o == s);
            rank(w[0]) < rank(w[1])
        }),
        "{at}: specials in the fixed order"
    );
    let board = state.board_string();
    assert_eq!(board.len(), n, "{at}: board string");
    for p in 0..n {
        let want = match state.cell(p as u16) {
            Some(Colour::Black) => 'B',
            Some(Colour::White) => 'W',
            None => '.',
        };
        assert_eq!(board.as_bytes()[p] as char, want, "{at}: cell {p}");
    }
    for action in 0..state.num_actions() as Action {
        let text = state.action_text(action).unwrap();
        assert_eq!(state.parse_action(text).unwrap(), action, "{at}: {text}");
        assert_eq!(
            state.parse_action(&text.to_ascii_uppercase()).unwrap(),
            action,
            "{at}: {text} in capitals"
        );
    }
    assert!(state.action_text(state.num_actions() as Action).is_err());

    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "{at}: legal in order"
    );
    let mut mask = vec![true; state.num_actions()];
    state.legal_mask(&mut mask, &mut Vec::new());
    let listed: Vec<Action> = (0..mask.len() as Action)
        .filter(|&a| mask[a as usize])
        .collect();
    assert_eq!(
        listed, legal,
        "{at}: the legal mask marks the legal actions"
    );
    let mut words = vec![!0; state.num_actions().div_ceil(64)];
    state.legal_bits(&mut words, &mut Vec::new());
    let packed: Vec<Action> = (0..state.num_actions() as Action)
        .filter(|&a| words[usize::from(a) / 64] >> (a % 64) & 1 == 1)
        .collect();
    assert_eq!(packed, legal, "{at}: the legal bits mark the legal actions");
    let before = seen(state);
    for action in 0..state.num_actions() as Action {
        let legal_here = legal.binary_search(&action).is_ok();
        let checked = state.check(action);
        assert_eq!(checked.is_ok(), legal_here, "{at}: check({action})");
        if !legal_here {
            let error = state.apply(action).expect_err("an illegal action");
            let text = state.action_text(action).unwrap();
            assert!(error.to_string().contains(text), "{at}: {error}");
            assert_eq!(
                seen(state),
                before,
                "{at}: a refused {text} changed the state"
            );
        }
    }
    if state.is_terminal() {
        assert!(legal.is_empty(), "{at}: no action after the end");
        assert!(state.random_action(&mut Rng::new(0), &mut legal).is_none());
        let returns = state.returns();
        assert_eq!(returns[0], -returns[1], "{at}: returns sum to zero");
    } else {
        assert!(!legal.is_empty(), "{at}: a game in play has an action");
        // The first, a middle and the last action (a special one, such as
        // a swap, where there is one): a clone for every action made the
        // checks ten times slower.
        let (mut after, mut derived) = (Vec::new(), Vec::new());
        let some = [legal[0], legal[legal.len() / 2], legal[legal.len() - 1]];
        for action in some {
            let mut next = state.clone();
            next.apply_unchecked(action);
            next.legal_actions(&mut after);
            next.legal_actions_after(&legal, action, &mut derived);
            assert_eq!(derived, after, "{at}: the legal actions after {action}");
        }
        assert_eq!(state.winner(), None, "{at}: no winner before the end");
        assert_eq!(state.returns(), [0.0, 0.0], "{at}: returns before the end");
    }
}

/// RULES.md §8: a random action is legal, never a swap, and a pass only
/// when it is the only legal action.
pub fn check_random_action(state: &mut AnyPosition, action: Action, at: &str) {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert!(legal.contains(&action), "{at}: random {action} is legal");
    assert_ne!(
        Some(action),
        state.special_action(Special::Swap),
        "{at}: swap"
    );
    if Some(action) == state.special_action(Special::Pass) {
        let without_swap = legal
            .iter()
            .filter(|&&a| Some(a) != state.special_action(Special::Swap));
        assert_eq!(
            without_swap.count(),
            1,
            "{at}: pass while a placement is legal"
        );
    }
}
