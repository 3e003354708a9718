use super::*;
use crate::games::vectors;
use crate::games::Action;
use crate::games::{AnyPosition, GAME_NAMES};
use crate::observation::{observation_shape, write_observation};

/// How many plies a set-up position is played on beside the original.
const WINDOW: usize = 8;

/// Everything a player or a learner sees of a position: the board, the
/// turn, the legal actions, the end, the scores and the observation planes.
#[derive(Debug, PartialEq)]
struct Seen {
    description: Description,
    legal: Vec<Action>,
    over: bool,
    winner: Option<Colour>,
    scores: Option<[f64; 2]>,
    planes: Vec<f32>,
}

fn seen(state: &mut AnyPosition) -> Seen {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut planes = vec![0.0; observation_shape(state).iter().product()];
    write_observation(state, state.to_move(), &mut planes);
    Seen {
        description: state.describe(),
        legal,
        over: state.is_terminal(),
        winner: state.winner(),
        scores: state.scores(),
        planes,
    }
}

#[test]
fn every_position_of_the_vectors_sets_up_as_it_was_and_plays_on_the_same() {
    for &game in GAME_NAMES {
        for (k, playout) in vectors::playouts(game).iter().enumerate() {
            let start = vectors::start(playout);
            let moves: Vec<Action> = {
                let names = playout["moves"].as_array().unwrap();
                names
                    .iter()
                    .map(|m| start.parse_action(m.as_str().unwrap()).unwrap())
                    .collect()
            };
            let mut state = start.clone();
            for ply in 0..=moves.len() {
                let at = format!("{game} playout {k} ply {ply}");
                let description = state.describe();
                let mut copy = start
                    .set_up(&description)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
                let mut original = state.clone();
                for (step, &action) in moves[ply..].iter().take(WINDOW).enumerate() {
                    assert_eq!(seen(&mut copy), seen(&mut original), "{at} + {step}");
                    copy.apply(action)
                        .unwrap_or_else(|e| panic!("{at} + {step}: {e}"));
                    original.apply_unchecked(action);
                }
                assert_eq!(
                    seen(&mut copy),
                    seen(&mut original),
                    "{at}: after the window"
                );
                if let Some(&action) = moves.get(ply) {
                    state.apply_unchecked(action);
                }
            }
        }
    }
}

#[test]
fn a_board_string_reads_back_and_bad_ones_are_named() {
    let start = vectors::start(&vectors::playouts("sunder")[0]);
    let board = start.board();
    let text = ".".repeat(board.points());
    assert_eq!(
        parse_stones(board, &text).unwrap(),
        vec![None; board.points()]
    );
    let short = parse_stones(board, "..").unwrap_err().to_string();
    assert!(
        short.contains(&format!("{} here, got 2", board.points())),
        "{short}"
    );
    let mut bad = text.clone();
    bad.replace_range(1..2, "x");
    let message = parse_stones(board, &bad).unwrap_err().to_string();
    assert!(message.contains("'x' at b1 (point 1)"), "{message}");
}
