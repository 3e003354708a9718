//! Fuzz harnesses: arbitrary bytes drive the rules core, and every step is
//! checked against [`crate::invariants`]. The `fuzz/` targets (cargo-fuzz)
//! call these functions, and a plain test replays a fixed corpus through
//! them, so the fuzzers and the test suite run the very same checks.
//!
//! Neither function may panic for any input, except through a failed
//! invariant: a panic is a finding.

use crate::games::{option_specs, Action, AnyPosition, Position, GAME_NAMES};
use crate::invariants::{check_position, check_random_action, seen};
use crate::observation::{observation_len, write_observation};
use crate::options::{OptionKind, OptionSpec, OptionValue, Options};
use crate::record;

/// A cursor over the input; past its end every byte reads as 0.
struct Bytes<'a> {
    data: &'a [u8],
}

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

/// The value an input byte picks for an option: the default, a value inside
/// the range (small boards far more often than large ones, so that a run
/// covers many positions), a bound, just outside a bound, or the wrong kind.
fn option_value(spec: &OptionSpec, byte: u8) -> Option<OptionValue> {
    let (min, max, halves) = match spec.kind {
        OptionKind::Int { min, max, .. } | OptionKind::Whole { min, max, .. } => (min, max, false),
        OptionKind::Halves { min, max, .. } => (min, max, true),
        OptionKind::Flag { .. } => {
            return (byte & 1 == 1).then_some(OptionValue::Bool(byte & 2 == 2))
        }
    };
    let number = |n: i64| {
        if halves {
            OptionValue::Float(n as f64 / 2.0)
        } else {
            OptionValue::Int(n)
        }
    };
    Some(match byte % 16 {
        0..=2 => return None,
        3 => number(min),
        4 => number(max),
        5 => number(min.saturating_sub(1)),
        6 => number(max.saturating_add(1)),
        7 => OptionValue::Float(0.25),
        8 => OptionValue::Bool(true),
        // Sizes near the minimum, komi near zero.
        _ => {
            let step = i64::from(byte / 16) % 6;
            number(if min > 0 { min + step } else { step - 2 }.clamp(min, max))
        }
    })
}

/// Drives a game from bytes: the first byte picks the game, then one byte
/// per option picks its value (a refused option set must be refused with an
/// error, never a panic), then each further byte is an operation: play an
/// action (a legal or illegal one, or a number past the action space), undo,
/// clone and play on both, write the observations, play a random action,
/// write the record and read it back. [`check_position`] runs after every
/// step, and a refused action must leave the position as it was.
pub fn drive_game(data: &[u8]) {
    let mut bytes = Bytes { data };
    let game = GAME_NAMES[bytes.next() as usize % GAME_NAMES.len()];
    let specs = option_specs(game).expect("a registered game has options");
    let given: Vec<(&str, OptionValue)> = specs
        .iter()
        .filter_map(|spec| option_value(spec, bytes.next()).map(|v| (spec.name, v)))
        .collect();
    let Ok(start) = AnyPosition::new(game, &mut Options::new(given.iter().copied())) else {
        return;
    };
    let mut state = start.clone();
    // The position after each prefix of `history`, for undo.
    let mut earlier: Vec<AnyPosition> = Vec::new();
    let mut history: Vec<Action> = Vec::new();
    let mut buf = Vec::new();
    let mut rng = crate::core::Rng::new(u64::from(bytes.next()));
    let at = |history: &[Action]| format!("{game} {given:?} after {history:?}");
    check_position(&mut state, &at(&history));
    // Bounded work per input: every step checks every action, so a large
    // board (hundreds of points) gets a few steps, a small one many.
    let steps = if state.board().points() <= 100 {
        256
    } else {
        4
    };
    for _ in 0..steps {
        if bytes.is_empty() {
            break;
        }
        let op = bytes.next();
        match op % 8 {
            0..=2 => {
                let limit = state.num_actions() + 2;
                let action = (usize::from(bytes.next()) * 256 + usize::from(bytes.next())) % limit;
                let before = seen(&mut state);
                let was = state.clone();
                match state.apply(action as Action) {
                    Ok(()) => {
                        earlier.push(was);
                        history.push(action as Action);
                    }
                    Err(_) => assert_eq!(
                        seen(&mut state),
                        before,
                        "{}: a refused action {action} changed the state",
                        at(&history)
                    ),
                }
            }
            3 => {
                if let Some(previous) = earlier.pop() {
                    history.pop();
                    // Undo as the bindings do it: replay from the start.
                    let mut replayed = start.clone();
                    for &a in &history {
                        replayed.apply(a).expect("a replayed action stays legal");
                    }
                    let mut previous = previous;
                    assert_eq!(
                        seen(&mut replayed),
                        seen(&mut previous),
                        "{}: undo",
                        at(&history)
                    );
                    state.clone_from(&replayed);
                }
            }
            4 => {
                let mut twin = state.clone();
                assert_eq!(seen(&mut twin), seen(&mut state), "{}: clone", at(&history));
                if let Some(action) = state.random_action(&mut rng, &mut buf) {
                    twin.apply_unchecked(action);
                    let mut reused = twin.clone();
                    reused.clone_from(&start);
                    reused.clone_from(&twin);
                    assert_eq!(
                        seen(&mut reused),
                        seen(&mut twin),
                        "{}: clone_from",
                        at(&history)
                    );
                }
            }
            5 => {
                // Every cell is written, and with a number (a komi of a
                // billion makes a large one, not an infinite one).
                let mut out = vec![f32::NAN; observation_len(&state)];
                for perspective in [crate::core::Colour::Black, crate::core::Colour::White] {
                    write_observation(&mut state, perspective, &mut out);
                    assert!(
                        out.iter().all(|v| v.is_finite()),
                        "{}: observation values",
                        at(&history)
                    );
                }
            }
            6 => {
                if let Some(action) = state.random_action(&mut rng, &mut buf) {
                    check_random_action(&mut state, action, &at(&history));
                    earlier.push(state.clone());
                    state.apply(action).expect("a random action is legal");
                    history.push(action);
                }
            }
            _ => {
                let text = record::write(&start, &history);
                let mut reader = record::read(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                let mut read_back = reader.start.clone();
                while let Some(action) = reader.next_move(&mut read_back) {
                    let action = action.unwrap_or_else(|e| panic!("{text}: {e}"));
                    read_back.apply(action).expect("a read move is legal");
                }
                assert_eq!(seen(&mut read_back), seen(&mut state), "{text}: read back");
            }
        }
        check_position(&mut state, &at(&history));
    }
}

/// Reads bytes as a record (when they are UTF-8): reading may fail, but only
/// with an error that points inside the text; a record that reads whole
/// writes back to a record that reads to the same moves.
pub fn read_record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines = text.matches('\n').count() + 1;
    let within = |error: &record::RecordError| {
        assert!(
            (1..=lines).contains(&error.line) && error.column >= 1,
            "{text:?}: {error} points outside the text"
        );
    };
    let mut reader = match record::read(text) {
        Ok(reader) => reader,
        Err(error) => return within(&error),
    };
    let start = reader.start.clone();
    let mut state = start.clone();
    let mut played = Vec::new();
    // A record of the longest games holds a few thousand moves.
    while played.len() < 20_000 {
        match reader.next_move(&mut state) {
            None => break,
            Some(Ok(action)) => {
                state
                    .apply(action)
                    .expect("a move the reader accepted is legal");
                played.push(action);
            }
            Some(Err(error)) => return within(&error),
        }
    }
    let written = record::write(&start, &played);
    let mut again = record::read(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
    let mut replayed = again.start.clone();
    let mut moves = Vec::new();
    while let Some(action) = again.next_move(&mut replayed) {
        let action = action.unwrap_or_else(|e| panic!("{written}: {e}"));
        replayed.apply(action).expect("a written move is legal");
        moves.push(action);
    }
    assert_eq!(moves, played, "{text:?}: written back as {written}");
    assert_eq!(seen(&mut replayed), seen(&mut state), "{written}: replayed");
}

#[cfg(test)]
mod tests;
