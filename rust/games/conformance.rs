//! What every registered game must do, checked on random games of each: the
//! action space of RULES.md §2, the random playout policy and outcomes of
//! §8, legality that agrees between `legal_actions`, `check` and `apply`,
//! refusals that change nothing, clones that play on alike, records that
//! read back to the same game, and replays (how the bindings undo) that
//! reach the same position. One line per game
//! and options below; the games' own tests hold only their own rules.

use super::{option_specs, AnyPosition, Position, GAME_NAMES};
use crate::core::Rng;
use crate::invariants::{check_position, check_random_action, seen};
use crate::options::{halves_value, OptionKind, OptionValue, Options};
use crate::record;

fn position(game: &str, options: &[(&str, OptionValue)]) -> AnyPosition {
    AnyPosition::new(game, &mut Options::new(options.iter().copied()))
        .unwrap_or_else(|e| panic!("{game} {options:?}: {e}"))
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

/// Every option of every game refuses, by name, a value out of its range or
/// of another kind, as its spec declares them: a count takes no fraction
/// (nor a whole komi half a point), a half-point komi no other fraction, a
/// number no `true`, and a flag no number.
#[test]
fn every_option_refuses_values_outside_its_kind_and_range() {
    for &game in GAME_NAMES {
        for spec in option_specs(game).unwrap() {
            let refused = match spec.kind {
                OptionKind::Int { default, min, max } | OptionKind::Whole { default, min, max } => {
                    vec![
                        OptionValue::Int(min - 1),
                        OptionValue::Int(max + 1),
                        OptionValue::Float(default as f64 + 0.5),
                        OptionValue::Bool(true),
                    ]
                }
                OptionKind::Halves { default, min, max } => vec![
                    halves_value(min - 1),
                    halves_value(max + 1),
                    OptionValue::Float(default as f64 / 2.0 + 0.3),
                    OptionValue::Bool(true),
                ],
                OptionKind::Flag { .. } => vec![OptionValue::Int(1)],
            };
            for value in refused {
                let at = format!("{game} {}={value}", spec.name);
                let error =
                    AnyPosition::new(game, &mut Options::new([(spec.name, value)])).expect_err(&at);
                assert!(error.to_string().contains(spec.name), "{at}: {error}");
            }
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
