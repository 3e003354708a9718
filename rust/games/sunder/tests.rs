use super::*;
use crate::core::on_width;
use crate::error::Error;
use crate::games::vectors::play;
use crate::games::Position;
use crate::games::{vectors, AnyPosition};
use crate::options::{OptionValue, Options};

fn new(size: i64, komi: f64, pie: bool) -> Sunder {
    let mut options = Options::new([
        ("size", OptionValue::Int(size)),
        ("komi", OptionValue::Float(komi)),
        ("pie", OptionValue::Bool(pie)),
    ]);
    Sunder::from_options(&mut options).unwrap()
}

/// The parts of the board minus the group at `p`, by a plain flood fill of
/// everything: the reference the incremental test must match.
fn naive_parts(state: &Sunder, p: Point) -> Vec<Vec<Point>> {
    let (board, cells) = (state.board(), state.cells());
    let stone = cells[p as usize];
    let n = board.points();
    let mut in_group = vec![false; n];
    let mut todo = vec![p];
    in_group[p as usize] = true;
    while let Some(q) = todo.pop() {
        for &r in board.neighbours(q) {
            if cells[r as usize] == stone && !in_group[r as usize] {
                in_group[r as usize] = true;
                todo.push(r);
            }
        }
    }
    let mut seen = in_group;
    let mut parts = Vec::new();
    for start in 0..n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut part = vec![start as Point];
        let mut i = 0;
        while i < part.len() {
            for &r in board.neighbours(part[i]) {
                if !seen[r as usize] {
                    seen[r as usize] = true;
                    part.push(r);
                }
            }
            i += 1;
        }
        parts.push(part);
    }
    parts
}

/// The size of the largest part and the number of parts (see `naive_parts`).
fn naive_largest_cut(state: &Sunder, p: Point) -> (usize, usize) {
    let parts = naive_parts(state, p);
    (parts.iter().map(Vec::len).max().unwrap_or(0), parts.len())
}

/// Checks the live bookkeeping of the group at `p` against the naive parts:
/// the live set, count and size are exactly those of the parts larger than
/// the limit of the group's colour.
fn check_group(state: &Sunder, p: Point, at: &str) {
    let colour = Colour::of_cell(state.cells()[p as usize]).unwrap();
    let limit = cut_limit_of(state, colour);
    let live: Vec<Vec<Point>> = naive_parts(state, p)
        .into_iter()
        .filter(|part| part.len() > limit)
        .collect();
    on_width!(&state.0, game => check_live(game, p, &live, at));
}

/// Ruling (cuts): the largest cut a winning group of `colour` may have.
fn cut_limit_of(state: &Sunder, colour: Colour) -> usize {
    on_width!(&state.0, game => game.cut_limit(colour))
}

/// The live set, count and size of the group at `p` are those of `live`.
fn check_live<W: LiveWidth>(game: &Game<W>, p: Point, live: &[Vec<Point>], at: &str) {
    let mut groups = game.groups.clone();
    let root = groups.find(W::of(p));
    let set = game.live.get(root);
    let mut expected = vec![0u64; set.len()];
    for &q in live.iter().flatten() {
        bits::insert(&mut expected, game.board.grid_index(q));
    }
    assert_eq!(set, &expected[..], "{at}: live set");
    assert_eq!(
        usize::from(game.live_parts[root]),
        live.len(),
        "{at}: live parts"
    );
    assert_eq!(
        usize::from(game.live_size[root]),
        live.iter().map(Vec::len).sum::<usize>(),
        "{at}: live size"
    );
}

/// Plays random games and checks every placement: the incremental win test
/// agrees with the naive flood fill, and the placed group's live parts are
/// exact; at the end, every group's are. Every other ply the game goes on in
/// a copy made by `clone_from` into a reused position (one that held an
/// earlier ply or another game), so copies are checked as thoroughly.
fn check_random_games(seed: u64, games: usize, sizes: &[usize], komis: &[f64]) {
    let mut rng = Rng::new(seed);
    let mut buf = Vec::new();
    let mut copy = new(sizes[0] as i64, 0.0, false);
    for game in 0..games {
        let size = sizes[game % sizes.len()];
        let n = 3 * size * (size - 1) + 1;
        let komi = komis[game % komis.len()];
        if komi * 2.0 >= n as f64 {
            continue;
        }
        let mut state = new(size as i64, komi, false);
        while let Some(action) = state.random_action(&mut rng, &mut buf) {
            let colour = state.to_move();
            state.apply(action).unwrap();
            let at = format!(
                "game {game} (size {size}, komi {komi}) ply {}",
                state.turn().plies()
            );
            let (largest, _) = naive_largest_cut(&state, action);
            assert_eq!(
                state.winner() == Some(colour),
                largest <= cut_limit_of(&state, colour),
                "{at}: win"
            );
            check_group(&state, action, &at);
            if state.turn().plies() % 2 == 0 {
                copy.clone_from(&state);
                std::mem::swap(&mut state, &mut copy);
            }
        }
        assert!(state.is_terminal());
        for p in 0..n as Point {
            if state.cells()[p as usize] != EMPTY {
                check_group(&state, p, &format!("game {game}: end, point {p}"));
            }
        }
        if komi == 0.0 {
            assert!(
                state.winner().is_some(),
                "komi 0: a full board has a winner"
            );
        }
    }
}

#[test]
fn vectors_replay_exactly() {
    vectors::replay("sunder", |state, expected, at| {
        assert_eq!(
            state.swapped(),
            expected["swapped"].as_bool().unwrap(),
            "{at}: swapped"
        );
    });
}

#[test]
fn ruling_cuts_a_group_splitting_the_board_into_small_parts_wins() {
    // Side 2: rows a1 b1 / a2 b2 c2 / b3 c3. Black's middle row leaves two
    // parts of 2 points, at most 7/2 = 3.5.
    let mut state = new(2, 0.0, false);
    play(&mut state, "a2 a1 c2 b1");
    assert_eq!(state.winner(), None);
    play(&mut state, "b2");
    assert_eq!(state.winner(), Some(Colour::Black));
    assert!(state.is_terminal());
}

#[test]
fn ruling_cuts_komi_raises_blacks_bar_and_lowers_whites() {
    // The same row wins for Black with komi 1.5 (parts must be <= 2) ...
    let mut state = new(2, 1.5, false);
    play(&mut state, "a2 a1 c2 c3 b2");
    assert_eq!(state.winner(), Some(Colour::Black));
    // ... but not with komi 2 (parts must be <= 1.5). White keeps its stones
    // apart: with komi 2 a white pair would leave parts of 5 <= 5.5 and win.
    let mut state = new(2, 2.0, false);
    play(&mut state, "a2 a1 c2 c3");
    assert_eq!(state.winner(), None);
    play(&mut state, "b2");
    assert_eq!(state.winner(), None);
    // White's bar rises with komi: with komi 2.5 any white stone leaves parts
    // of at most 6 <= 7/2 + 2.5, so White's first stone wins.
    let mut state = new(2, 2.5, false);
    play(&mut state, "a1 b3");
    assert_eq!(state.winner(), Some(Colour::White));
}

#[test]
fn ruling_cuts_the_parts_may_hold_stones_of_either_colour() {
    // Black's row b2-c2-d2... on side 3; the parts below and above hold white
    // stones and still count whole.
    let mut state = new(3, 0.0, false);
    play(&mut state, "a3 a1 b3 b1 c3 c1 d3 a2 e3");
    assert_eq!(state.winner(), Some(Colour::Black));
    let (largest, parts) = naive_largest_cut(&state, state.parse_action("c3").unwrap());
    assert_eq!((largest, parts), (7, 2));
}

#[test]
fn the_win_is_tested_on_the_group_of_the_stone_just_placed() {
    let mut state = new(2, 0.0, false);
    play(&mut state, "a2 a1 c2 b1 b2");
    assert_eq!(state.to_move(), Colour::White);
    let mut buf = Vec::new();
    state.legal_actions(&mut buf);
    assert!(buf.is_empty(), "a won game has no legal action");
    assert_eq!(
        state.check(state.parse_action("c3").unwrap()).unwrap_err(),
        "the game is over"
    );
}

#[test]
fn swap_exchanges_seats_and_keeps_board_and_colour_to_move() {
    let mut state = new(4, 0.0, true);
    let swap = state.parse_action("swap").unwrap();
    assert!(
        state.check(swap).is_err(),
        "not offered to the first player"
    );
    play(&mut state, "d4");
    let board = state.board_string();
    play(&mut state, "swap");
    assert!(state.swapped());
    assert_eq!(state.to_move(), Colour::White);
    assert_eq!(state.board_string(), board);
    assert!(state.check(swap).is_err(), "offered once only");
    play(&mut state, "a1");
    assert_eq!(state.to_move(), Colour::Black);
    let no_pie = new(4, 0.0, false);
    assert!(
        no_pie.parse_action("swap").is_err(),
        "no swap action without the pie rule"
    );
    assert_eq!(no_pie.num_actions(), no_pie.board().points());
}

#[test]
fn occupied_points_are_illegal_and_leave_the_state_untouched() {
    let mut state = new(3, 0.0, true);
    play(&mut state, "b2");
    let before = state.board_string();
    let err = state.apply(state.parse_action("B2").unwrap()).unwrap_err();
    assert_eq!(err, Error::Illegal("b2: the point is occupied".into()));
    assert_eq!(state.board_string(), before);
    assert_eq!(state.to_move(), Colour::White);
}

/// Sunder's own option values: a komi under half the board, half points,
/// and an unknown name (the conformance tests refuse every option's bad
/// kinds and ranges).
#[test]
fn options_are_checked() {
    let bad =
        |pairs: Vec<(&str, OptionValue)>| Sunder::from_options(&mut Options::new(pairs)).is_err();
    assert!(bad(vec![
        ("komi", OptionValue::Float(3.5)),
        ("size", OptionValue::Int(2))
    ]));
    assert!(!bad(vec![("komi", OptionValue::Float(-1.5))]));
    let unknown =
        AnyPosition::new("sunder", &mut Options::new([("sise", OptionValue::Int(5))])).unwrap_err();
    assert!(
        unknown.to_string().contains("unknown option 'sise'"),
        "{unknown}"
    );
}

/// Every placement of many random games, at every small size and several
/// komi (large komi gives groups several live parts).
#[test]
fn incremental_cut_test_matches_the_naive_reference() {
    check_random_games(99, 400, &[2, 3, 4, 5, 6, 7], &[0.0, 0.5, -1.5, 2.0, 3.5]);
}

/// The same on the larger boards playouts use, up to the largest (whose
/// grid rows are 49 bits wide), on fewer games.
#[test]
fn incremental_cut_test_matches_the_naive_reference_on_large_boards() {
    check_random_games(7, 40, &[9, 11, 16, 25], &[0.0, 0.5, -2.0, 7.5, -30.5]);
}

/// The open arcs of every ring, against a walk of the ring one direction
/// at a time from just after its first closed direction: the same arcs in
/// the same order (the order numbers a split's fills).
#[test]
fn open_arcs_are_the_runs_of_open_directions_in_ring_order() {
    for open in 0u8..64 {
        let mut expected = Vec::new();
        if open == 0x3f {
            expected.push(open);
        } else if open != 0 {
            let first = (!open & 0x3f).trailing_zeros() as usize;
            let mut arc = 0;
            for k in 1..=6 {
                let d = (first + k) % 6;
                if open & (1 << d) != 0 {
                    arc |= 1 << d;
                } else if arc != 0 {
                    expected.push(arc);
                    arc = 0;
                }
            }
        }
        assert_eq!(open_arcs(open).collect::<Vec<_>>(), expected, "{open:06b}");
    }
}
