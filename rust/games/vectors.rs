//! Test support: replays the shared test vectors (`tests/data/<game>.json`)
//! ply by ply, and plays moves given as text.

use serde_json::Value;

use super::{AnyPosition, Position};
use crate::core::Colour;
use crate::options::{OptionValue, Options};

/// Loads the playouts of one game's vector file.
pub fn playouts(game: &str) -> Vec<Value> {
    let path = format!("{}/tests/data/{game}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let file: Value = serde_json::from_str(&text).unwrap();
    file["playouts"].as_array().unwrap().clone()
}

/// The start state of a playout, built from its options.
pub fn start(playout: &Value) -> AnyPosition {
    let options = playout["options"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| {
            let value = match v {
                Value::Bool(b) => OptionValue::Bool(*b),
                Value::Number(n) if n.is_i64() => OptionValue::Int(n.as_i64().unwrap()),
                Value::Number(n) => OptionValue::Float(n.as_f64().unwrap()),
                other => panic!("option {k}: {other}"),
            };
            (k.clone(), value)
        });
    AnyPosition::new(
        playout["game"].as_str().unwrap(),
        &mut Options::new(options),
    )
    .unwrap()
}

fn colour_name(colour: Option<Colour>) -> Value {
    colour.map_or(Value::Null, |c| Value::String(c.name().into()))
}

/// Replays every playout of `game`, checking after every ply the board, the
/// colour to move, the legal actions, the end and the winner, and where the
/// vectors give them the seats, the passes and the scores; `extra` checks
/// the game's own counters against each vector state.
pub fn replay(game: &str, extra: impl Fn(&mut AnyPosition, &Value, &str)) {
    for (k, playout) in playouts(game).iter().enumerate() {
        let mut state = start(playout);
        let moves = playout["moves"].as_array().unwrap();
        let states = playout["states"].as_array().unwrap();
        assert_eq!(states.len(), moves.len() + 1);
        let mut buf = Vec::new();
        for (ply, expected) in states.iter().enumerate() {
            let at = format!("{game} playout {k} ply {ply}");
            assert_eq!(
                state.board_string(),
                expected["board"].as_str().unwrap(),
                "{at}: board"
            );
            assert_eq!(
                state.is_terminal(),
                expected["terminal"].as_bool().unwrap(),
                "{at}: terminal"
            );
            if !state.is_terminal() {
                assert_eq!(
                    state.to_move().name(),
                    expected["to_move"].as_str().unwrap(),
                    "{at}: to move"
                );
            }
            assert_eq!(
                colour_name(state.winner()),
                expected["winner"],
                "{at}: winner"
            );
            state.legal_actions(&mut buf);
            let legal: Vec<&str> = buf.iter().map(|&a| state.action_text(a).unwrap()).collect();
            let want: Vec<&str> = expected["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            assert_eq!(legal, want, "{at}: legal actions");
            check_turn_and_scores(&mut state, expected, &at);
            extra(&mut state, expected, &at);
            if let Some(text) = moves.get(ply) {
                let action = state.parse_action(text.as_str().unwrap()).unwrap();
                state.apply(action).unwrap_or_else(|e| panic!("{at}: {e}"));
            }
        }
        let returns = state.returns();
        assert_eq!(
            playout["returns"]["black"].as_f64().unwrap(),
            returns[0],
            "{game} playout {k}: returns"
        );
        assert_eq!(
            playout["returns"]["white"].as_f64().unwrap(),
            returns[1],
            "{game} playout {k}: returns"
        );
        if let Some(scores) = playout["scores"].as_object() {
            let got = state.scores().expect("the game scores");
            assert_eq!(
                scores["black"].as_f64().unwrap(),
                got[0],
                "{game} playout {k}: black score"
            );
            assert_eq!(
                scores["white"].as_f64().unwrap(),
                got[1],
                "{game} playout {k}: white score"
            );
        }
    }
}

/// Checks the turn's counters and the scores that a vector state gives.
fn check_turn_and_scores(state: &mut AnyPosition, expected: &Value, at: &str) {
    if let Some(swapped) = expected.get("swapped") {
        assert_eq!(state.swapped(), swapped.as_bool().unwrap(), "{at}: swapped");
    }
    if let Some(passes) = expected.get("consecutive_passes") {
        assert_eq!(
            u64::from(state.turn().consecutive_passes()),
            passes.as_u64().unwrap(),
            "{at}: consecutive passes"
        );
    }
    if let Some(first) = expected.get("first_pass") {
        assert_eq!(
            &colour_name(state.turn().first_pass()),
            first,
            "{at}: first pass"
        );
    }
    if let Some(scores) = expected.get("scores") {
        let want = ["black", "white"].map(|c| scores[c].as_f64().unwrap());
        assert_eq!(state.scores(), Some(want), "{at}: scores");
    }
}

/// Plays moves given as text (`"a1 b2 pass"`), panicking with the move and
/// the reason if one is refused.
pub fn play<P: Position>(state: &mut P, moves: &str) {
    for text in moves.split_whitespace() {
        let action = state
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        state
            .apply(action)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}
