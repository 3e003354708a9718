//! Every game's rules commute with the board's symmetries: a game played
//! with every action moved by a symmetry is the same game moved, ply by ply
//! (the board, the legal actions, the outcome and the observation planes).
//! A symmetry can be played only from a start position it keeps, which for
//! Anadil (its corners alternate in colour) is half of them.

use super::{Action, AnyPosition, Position, GAME_NAMES};
use crate::board::{Point, Symmetry};
use crate::core::Rng;
use crate::observation::{observation_len, write_observation};
use crate::options::{OptionValue, Options};

fn start(name: &str, side: i64) -> AnyPosition {
    AnyPosition::new(name, &mut Options::new([("size", OptionValue::Int(side))]))
        .expect("every game has this side")
}

fn moved_board(state: &AnyPosition, s: &Symmetry) -> String {
    let mut cells = vec!['.'; state.board().points()];
    for (p, c) in state.board_string().chars().enumerate() {
        cells[s.point(p as Point) as usize] = c;
    }
    cells.into_iter().collect()
}

/// The symmetries (by index) that keep the start position of `name`.
fn keeping_the_start(name: &str, side: i64) -> Vec<usize> {
    let start = start(name, side);
    let board = start.board();
    (0..board.symmetries().len())
        .filter(|&k| moved_board(&start, &board.symmetries()[k]) == start.board_string())
        .collect()
}

#[test]
fn anadil_keeps_its_start_under_the_half_turn_and_the_two_diagonal_reflections() {
    assert_eq!(keeping_the_start("anadil", 7), [0, 2, 4, 6]);
    for name in GAME_NAMES.iter().filter(|&&n| n != "anadil") {
        assert_eq!(keeping_the_start(name, 5).len(), 12, "{name}");
    }
}

#[test]
fn a_game_played_through_a_symmetry_is_the_same_game_moved() {
    for name in GAME_NAMES {
        let side = if *name == "anadil" { 7 } else { 4 };
        for k in keeping_the_start(name, side) {
            for seed in 0..3 {
                play_both(name, side, k, seed);
            }
        }
    }
}

fn play_both(name: &str, side: i64, k: usize, seed: u64) {
    let mut state = start(name, side);
    let mut moved = state.clone();
    let board = state.board();
    let s = &board.symmetries()[k];
    let (mut legal, mut moved_legal) = (Vec::new(), Vec::new());
    let mut observation = vec![0.0; observation_len(&state)];
    let mut moved_observation = observation.clone();
    let mut expected = observation.clone();
    let mut rng = Rng::new(seed);
    for ply in 0..board.points() * 4 {
        let at = format!("{name} symmetry {k} seed {seed} ply {ply}");
        assert_eq!(moved.board_string(), moved_board(&state, s), "{at}");
        assert_eq!(moved.to_move(), state.to_move(), "{at}");
        assert_eq!(moved.turn(), state.turn(), "{at}");
        state.legal_actions(&mut legal);
        moved.legal_actions(&mut moved_legal);
        let mut images: Vec<Action> = legal.iter().map(|&a| s.action(a)).collect();
        images.sort_unstable();
        assert_eq!(moved_legal, images, "{at}: legal actions");
        assert_eq!(moved.scores(), state.scores(), "{at}");
        let perspective = state.to_move();
        write_observation(&mut state, perspective, &mut observation);
        write_observation(&mut moved, perspective, &mut moved_observation);
        s.transform_planes(&observation, &mut expected);
        assert_eq!(moved_observation, expected, "{at}: planes");
        let Some(action) = state.random_action(&mut rng, &mut legal) else {
            break;
        };
        state.apply_unchecked(action);
        moved
            .apply(s.action(action))
            .unwrap_or_else(|e| panic!("{at}: {e}"));
    }
    assert_eq!(moved.winner(), state.winner(), "{name} symmetry {k}");
    assert_eq!(moved.is_terminal(), state.is_terminal());
}
