use super::*;
use crate::games::{vectors, AnyGame};

fn new(size: i64, komi: f64, pie: bool) -> Sunder {
    let mut options = Options::new([
        ("size", OptionValue::Int(size)),
        ("komi", OptionValue::Float(komi)),
        ("pie", OptionValue::Bool(pie)),
    ]);
    Sunder::from_options(&mut options).unwrap()
}

fn play(state: &mut Sunder, moves: &str) {
    for text in moves.split_whitespace() {
        let action = state.parse_action(text).unwrap();
        state.apply(action).unwrap();
    }
}

/// The largest part of the board minus the group at `p`, by a plain flood
/// fill of everything: the reference the incremental test must match.
fn naive_largest_cut(state: &Sunder, p: Point) -> (usize, usize) {
    let board = state.board;
    let stone = state.cells[p as usize];
    let n = board.points();
    let mut in_group = vec![false; n];
    let mut todo = vec![p];
    in_group[p as usize] = true;
    while let Some(q) = todo.pop() {
        for &r in board.neighbours(q) {
            if state.cells[r as usize] == stone && !in_group[r as usize] {
                in_group[r as usize] = true;
                todo.push(r);
            }
        }
    }
    let mut seen = in_group.clone();
    let (mut largest, mut parts) = (0, 0);
    for start in 0..n {
        if seen[start] {
            continue;
        }
        parts += 1;
        seen[start] = true;
        let mut todo = vec![start as Point];
        let mut size = 0;
        while let Some(q) = todo.pop() {
            size += 1;
            for &r in board.neighbours(q) {
                if !seen[r as usize] {
                    seen[r as usize] = true;
                    todo.push(r);
                }
            }
        }
        largest = largest.max(size);
    }
    (largest, parts)
}

#[test]
fn vectors_replay_exactly() {
    vectors::replay("sunder", |state, expected, at| {
        let Detail::Bool(swapped) = state.query("swapped", None).unwrap() else {
            panic!()
        };
        assert_eq!(
            swapped,
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
    assert_eq!(no_pie.num_actions(), no_pie.board.points());
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

#[test]
fn options_are_checked() {
    let bad =
        |pairs: Vec<(&str, OptionValue)>| Sunder::from_options(&mut Options::new(pairs)).is_err();
    assert!(bad(vec![("size", OptionValue::Int(1))]));
    assert!(bad(vec![("size", OptionValue::Int(26))]));
    assert!(bad(vec![("komi", OptionValue::Float(0.3))]));
    assert!(bad(vec![
        ("komi", OptionValue::Float(3.5)),
        ("size", OptionValue::Int(2))
    ]));
    assert!(bad(vec![("pie", OptionValue::Int(1))]));
    assert!(!bad(vec![("komi", OptionValue::Float(-1.5))]));
    let unknown =
        AnyGame::new("sunder", &mut Options::new([("sise", OptionValue::Int(5))])).unwrap_err();
    assert!(
        unknown.to_string().contains("unknown option 'sise'"),
        "{unknown}"
    );
}

/// Every placement of many random games, at every size and several komi:
/// the incremental win test agrees with the naive flood fill, its bound
/// never exceeds the true largest cut, and "may not split" is never wrong.
#[test]
fn incremental_cut_test_matches_the_naive_reference() {
    let mut rng = Rng::new(99);
    let mut buf = Vec::new();
    for game in 0..400 {
        let size = 2 + game % 6;
        let n = 3 * size * (size - 1) + 1;
        let komi = [0.0, 0.5, -1.5, 2.0, 3.5][game % 5];
        if komi * 2.0 >= n as f64 {
            continue;
        }
        let mut state = new(size as i64, komi, false);
        while let Some(action) = state.random_action(&mut rng, &mut buf) {
            let colour = state.to_move();
            state.apply(action).unwrap();
            let (largest, parts) = naive_largest_cut(&state, action);
            assert_eq!(
                state.winner() == Some(colour),
                largest <= state.cut_limit(colour),
                "game {game}"
            );
            let root = state.groups.find(action) as usize;
            assert!(
                state.largest_cut[root] as usize <= largest,
                "game {game}: bound above the truth"
            );
            if !state.may_split[root] {
                assert!(parts <= 1, "game {game}: a split was missed");
            }
        }
        assert!(state.is_terminal());
        if komi == 0.0 {
            assert!(
                state.winner().is_some(),
                "komi 0: a full board has a winner"
            );
        }
    }
}
