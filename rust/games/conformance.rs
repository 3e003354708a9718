//! What every registered game must do, checked on random games of each: the
//! action space of RULES.md §2, the random playout policy and outcomes of
//! §8, legality that agrees between `legal_actions`, `check` and `apply`,
//! refusals that change nothing, clones that play on alike, records that
//! read back to the same game, and replays (how the bindings undo) that
//! reach the same position. One line per game
//! and options below; the games' own tests hold only their own rules.

use super::{Action, AnyPosition, Position, Special, GAME_NAMES};
use crate::core::{Colour, Rng};
use crate::observation::{observation_len, write_observation};
use crate::options::{OptionValue, Options};
use crate::record;

/// Everything a caller can see of a position, to compare two of them.
#[derive(Clone, Debug, PartialEq)]
struct Seen {
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

fn seen(state: &mut AnyPosition) -> Seen {
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

fn position(game: &str, options: &[(&str, OptionValue)]) -> AnyPosition {
    AnyPosition::new(game, &mut Options::new(options.iter().copied()))
        .unwrap_or_else(|e| panic!("{game} {options:?}: {e}"))
}

/// Checks the position between two actions of a game in play.
fn check_position(state: &mut AnyPosition, at: &str) {
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
        assert_eq!(state.winner(), None, "{at}: no winner before the end");
        assert_eq!(state.returns(), [0.0, 0.0], "{at}: returns before the end");
    }
}

/// RULES.md §8: a random action is legal, never a swap, and a pass only
/// when it is the only legal action.
fn check_random_action(state: &mut AnyPosition, action: Action, at: &str) {
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

/// Plays `games` random games of the game and options that `header` names
/// (a record's header: `"sunder size=4 komi=2.5"`), checking every
/// position, then clones, records and replays.
fn conforms(header: &str, games: u64) {
    let start = record::read(header)
        .unwrap_or_else(|e| panic!("{header}: {e}"))
        .start;
    let game = start.name();
    let max_moves = 10 * start.board().points();
    let mut buf = Vec::new();
    for g in 0..games {
        let mut rng = Rng::for_game(5, g);
        let mut state = start.clone();
        let mut played = Vec::new();
        let mut seen_at = Vec::new();
        while played.len() < max_moves {
            let at = format!("{header} game {g} ply {}", played.len());
            check_position(&mut state, &at);
            seen_at.push(seen(&mut state));
            let Some(action) = state.random_action(&mut rng, &mut buf) else {
                break;
            };
            check_random_action(&mut state, action, &at);
            // A clone made now plays on exactly as the original does.
            let mut twin = state.clone();
            state.apply(action).unwrap_or_else(|e| panic!("{at}: {e}"));
            twin.apply_unchecked(action);
            assert_eq!(seen(&mut twin), seen(&mut state), "{at}: clone");
            played.push(action);
        }
        if state.is_terminal() {
            let winner = state.winner();
            if game != "sunder" {
                // RULES.md §8: only Sunder may end with no winner.
                assert!(winner.is_some(), "{game} game {g} ended with no winner");
            }
        }
        // The record written for the game reads back to the same start and
        // moves, and replays to the same end.
        let text = record::write(&start, &played);
        let mut reader = record::read(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut read_back = reader.start.clone();
        assert_eq!(seen(&mut read_back), seen_at[0], "{text}: start");
        let mut moves = Vec::new();
        while let Some(action) = reader.next_move(&mut read_back) {
            let action = action.unwrap_or_else(|e| panic!("{text}: {e}"));
            read_back.apply(action).unwrap();
            moves.push(action);
        }
        assert_eq!(moves, played, "{text}: moves");
        assert_eq!(seen(&mut read_back), seen(&mut state), "{text}: end");
        // Undo, as the bindings do it: replaying a prefix from the start
        // (or from a position copied on the way) reaches the same position.
        for k in [0, played.len() / 3, played.len() / 2, played.len()] {
            let mut replayed = start.clone();
            for &action in &played[..k] {
                replayed.apply(action).unwrap();
            }
            assert_eq!(
                seen(&mut replayed),
                seen_at.get(k).cloned().unwrap_or_else(|| seen(&mut state)),
                "{game} game {g}: replay of {k} actions"
            );
            let mut reused = state.clone();
            reused.clone_from(&replayed);
            assert_eq!(seen(&mut reused), seen(&mut replayed), "{game}: clone_from");
        }
    }
}

#[test]
fn every_registered_game_is_covered_here() {
    let covered = ["sunder", "anda", "anadil", "lingarda", "esgrad"];
    assert_eq!(
        GAME_NAMES, covered,
        "add a conformance line for each new game"
    );
}

/// An option the game does not have is refused by name; so is the pie rule
/// where the game has no swap.
#[test]
fn unknown_options_are_refused_by_name() {
    for &game in GAME_NAMES {
        let mut names = vec!["no_such_option"];
        let start = position(game, &[]);
        if !start.options().iter().any(|(name, _)| *name == "pie") {
            names.push("pie");
        }
        for name in names {
            let error =
                AnyPosition::new(game, &mut Options::new([(name, OptionValue::Bool(true))]))
                    .expect_err("an unknown option");
            let want = format!("unknown option '{name}'");
            assert!(error.to_string().contains(&want), "{game}: {error}");
        }
    }
}

#[test]
fn sunder_conforms() {
    conforms("sunder size=5", 20);
    conforms("sunder size=4 komi=2.5", 6);
    conforms("sunder size=3 pie=false", 4);
}

#[test]
fn anda_conforms() {
    conforms("anda size=4", 10);
    conforms("anda size=2 komi=3", 6);
}

#[test]
fn anadil_conforms() {
    conforms("anadil size=5", 20);
    conforms("anadil size=7 komi=2", 2);
}

#[test]
fn lingarda_conforms() {
    conforms("lingarda size=5", 10);
    conforms("lingarda size=4 pie=false", 3);
}

#[test]
fn esgrad_conforms() {
    conforms("esgrad size=5", 10);
    conforms("esgrad size=4 komi=-2", 3);
}
