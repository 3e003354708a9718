use super::*;
use crate::games::fixtures::{play, sunder};

/// The value of `plane` at column `c`, row `r` (from 1).
fn at(obs: &[f32], width: usize, plane: usize, c: usize, r: usize) -> f32 {
    obs[plane * width * width + (r - 1) * width + (c - 1)]
}

fn observe(game: &mut AnyPosition, perspective: Colour) -> Vec<f32> {
    let mut out = vec![f32::NAN; observation_len(game)];
    write_observation(game, perspective, &mut out);
    out
}

#[test]
fn the_hex_board_sits_on_its_coordinate_grid_with_a_mask() {
    let mut game = sunder(3, true);
    assert_eq!(observation_shape(&game), [7, 5, 5]);
    let obs = observe(&mut game, Colour::Black);
    let mask: Vec<f32> = obs[ON_BOARD * 25..ON_BOARD * 25 + 25].to_vec();
    assert_eq!(mask.iter().sum::<f32>(), 19.0);
    // (c, r) is on the side-3 board when |c - r| <= 2.
    for r in 1..=5 {
        for c in 1..=5 {
            let on = (c as i32 - r as i32).abs() <= 2;
            assert_eq!(at(&obs, 5, ON_BOARD, c, r), f32::from(u8::from(on)));
            for plane in 0..7 {
                if !on {
                    assert_eq!(at(&obs, 5, plane, c, r), 0.0, "plane {plane} off the board");
                }
            }
        }
    }
}

#[test]
fn stones_are_seen_from_the_perspective_colour() {
    let mut game = sunder(3, false);
    play(&mut game, &["b2", "c4"]); // Black b2 = (2, 2), White c4 = (3, 4)
    let black = observe(&mut game, Colour::Black);
    let white = observe(&mut game, Colour::White);
    assert_eq!(at(&black, 5, OWN, 2, 2), 1.0);
    assert_eq!(at(&black, 5, OPPONENT, 3, 4), 1.0);
    assert_eq!(at(&white, 5, OWN, 3, 4), 1.0);
    assert_eq!(at(&white, 5, OPPONENT, 2, 2), 1.0);
    assert_eq!(at(&black, 5, EMPTY_PLANE, 2, 2), 0.0);
    assert_eq!(at(&black, 5, EMPTY_PLANE, 1, 1), 1.0);
    let plane_sum = |obs: &[f32], k: usize| obs[k * 25..(k + 1) * 25].iter().sum::<f32>();
    assert_eq!([0, 1, 2].map(|k| plane_sum(&black, k)), [1.0, 1.0, 17.0]);
    // Black is to move: Black's view has its turn and its colour set.
    assert_eq!(plane_sum(&black, OWN_BLACK), 19.0);
    assert_eq!(plane_sum(&black, OWN_TURN), 19.0);
    assert_eq!(plane_sum(&white, OWN_BLACK), 0.0);
    assert_eq!(plane_sum(&white, OWN_TURN), 0.0);
}

#[test]
fn sunder_shows_when_swap_is_available() {
    let mut game = sunder(3, true);
    let swap_plane = COMMON_PLANES.len();
    assert_eq!(game.feature_plane_names(), ["swap_available"]);
    let sum = |obs: &[f32]| obs[swap_plane * 25..].iter().sum::<f32>();
    assert_eq!(sum(&observe(&mut game, Colour::Black)), 0.0);
    play(&mut game, &["b2"]);
    assert_eq!(sum(&observe(&mut game, Colour::White)), 19.0);
    play(&mut game, &["swap"]);
    assert_eq!(sum(&observe(&mut game, Colour::White)), 0.0);
    assert_eq!(observation_shape(&sunder(3, false)), [7, 5, 5]);
}

#[test]
fn a_batch_equals_the_single_observations_from_the_mover() {
    let mut states: Vec<AnyPosition> = (0..9)
        .map(|i| {
            let mut game = sunder(4, true);
            let mut rng = crate::core::Rng::for_game(5, i);
            let mut buf = Vec::new();
            for _ in 0..i * 3 {
                if let Some(a) = game.random_action(&mut rng, &mut buf) {
                    game.apply_unchecked(a);
                }
            }
            game
        })
        .collect();
    let len = observation_len(&states[0]);
    let mut batch = vec![f32::NAN; len * states.len()];
    write_observations(&mut states, &mut batch, Stop::never());
    for (i, state) in states.iter_mut().enumerate() {
        let mover = state.to_move();
        assert_eq!(batch[i * len..(i + 1) * len], observe(state, mover)[..]);
    }
}

#[test]
#[should_panic(expected = "different observation shapes")]
fn a_batch_refuses_mixed_shapes() {
    let mut states = vec![sunder(3, true), sunder(4, true)];
    let mut out = vec![0.0; 2 * observation_len(&states[0])];
    write_observations(&mut states, &mut out, Stop::never());
}

#[test]
fn an_observation_from_a_neighbours_equals_one_written_anew() {
    for name in ["sunder", "anda", "anadil", "esgrad", "lingarda"] {
        let mut game =
            AnyPosition::new(name, &mut crate::options::Options::new::<&str>([])).unwrap();
        let mut rng = crate::core::Rng::for_game(3, 0);
        let mut buf = Vec::new();
        let mut line = vec![game.clone()];
        while let Some(a) = game.random_action(&mut rng, &mut buf) {
            game.apply_unchecked(a);
            line.push(game.clone());
        }
        let perspectives = [Colour::Black, Colour::White];
        for (i, step) in (0..line.len()).zip([1, 3, 7].into_iter().cycle()) {
            let j = (i + step).min(line.len() - 1);
            for (like_perspective, perspective) in perspectives
                .into_iter()
                .flat_map(|a| perspectives.map(|b| (a, b)))
            {
                let like_out = observe(&mut line[i], like_perspective);
                let like = line[i].clone();
                let expected = observe(&mut line[j], perspective);
                let mut out = vec![f32::NAN; expected.len()];
                let from = (&like, like_perspective, &like_out[..]);
                write_observation_like(&mut line[j], perspective, &mut out, from);
                assert_eq!(out, expected, "{name}, ply {j} from ply {i}");
            }
        }
    }
}
