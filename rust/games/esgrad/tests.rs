use super::*;
use crate::games::vectors;
use crate::games::vectors::play;
use crate::games::{fixtures, AnyPosition};
use crate::playout::playout;

fn new(size: i64, komi: i64) -> Esgrad {
    fixtures::sized(size, komi)
}

fn at(state: &Esgrad, text: &str) -> Point {
    state.board.parse_point(text).unwrap()
}

/// The naive reference: every group found by its own flood fill, and its
/// partitions counted by a flood fill of the rest of the board, literally as
/// Ruling (partitions) says. Groups as (stone, ascending points, partitions),
/// ordered by first point.
fn naive_groups(board: &Board, cells: &[u8]) -> Vec<(u8, Vec<Point>, usize)> {
    let n = board.points();
    let mut grouped = vec![false; n];
    let mut groups = Vec::new();
    for p in 0..n {
        if cells[p] == EMPTY || grouped[p] {
            continue;
        }
        let mut in_group = vec![false; n];
        let mut todo = vec![p as Point];
        in_group[p] = true;
        while let Some(q) = todo.pop() {
            for &r in board.neighbours(q) {
                if cells[r as usize] == cells[p] && !in_group[r as usize] {
                    in_group[r as usize] = true;
                    todo.push(r);
                }
            }
        }
        let points: Vec<Point> = (0..n as Point).filter(|&q| in_group[q as usize]).collect();
        for &q in &points {
            grouped[q as usize] = true;
        }
        let mut seen = in_group;
        let mut parts = 0;
        for start in 0..n {
            if seen[start] {
                continue;
            }
            parts += 1;
            seen[start] = true;
            let mut todo = vec![start as Point];
            while let Some(q) = todo.pop() {
                for &r in board.neighbours(q) {
                    if !seen[r as usize] {
                        seen[r as usize] = true;
                        todo.push(r);
                    }
                }
            }
        }
        groups.push((cells[p], points, parts.max(1)));
    }
    groups
}

fn naive_scores(state: &Esgrad) -> [f64; 2] {
    let mut scores = [0.0, state.komi as f64];
    for (stone, _, parts) in naive_groups(state.board, &state.cells) {
        scores[stone as usize - 1] += (parts * (parts + 1) / 2) as f64;
    }
    if let Some(colour) = state.turn.first_pass() {
        scores[colour.index()] += 0.5;
    }
    scores
}

/// The groups as kept up to date, in the naive reference's form.
fn fast_groups(state: &mut Esgrad) -> Vec<(u8, Vec<Point>, usize)> {
    state.groups.catch_up(&state.cells);
    let n = state.board.points();
    let mut members: Vec<Vec<Point>> = vec![Vec::new(); n];
    for p in 0..n as Point {
        if state.cells[p as usize] != EMPTY {
            members[state.groups.find(p) as usize].push(p);
        }
    }
    let mut groups: Vec<_> = members
        .into_iter()
        .enumerate()
        .filter(|(_, points)| !points.is_empty())
        .map(|(root, points)| {
            let parts = state.groups.partitions(root as Point);
            (state.cells[root], points, parts)
        })
        .collect();
    groups.sort_unstable_by_key(|(_, points, _)| points[0]);
    groups
}

/// The partitions and value of the group at `text`, as kept up to date.
fn group_at(state: &mut Esgrad, text: &str) -> (usize, u64) {
    let p = at(state, text);
    let group = fast_groups(state)
        .into_iter()
        .find(|(_, points, _)| points.contains(&p))
        .unwrap();
    (group.2, value(group.2))
}

#[test]
fn vectors_replay_exactly() {
    vectors::replay("esgrad", |state, expected, at| {
        let want = [
            expected["scores"]["black"].as_f64().unwrap(),
            expected["scores"]["white"].as_f64().unwrap(),
        ];
        let AnyPosition::Esgrad(state) = state else {
            panic!("{at}: not an Esgrad state")
        };
        assert_eq!(state.scores(), Some(want), "{at}: scores");
        assert_eq!(
            u64::from(state.consecutive_passes()),
            expected["consecutive_passes"].as_u64().unwrap(),
            "{at}"
        );
        assert_eq!(
            state.first_pass().map(|c| c.name()),
            expected["first_pass"].as_str(),
            "{at}: first pass"
        );
    });
}

#[test]
fn ruling_partitions_a_group_cutting_off_a_corner_point_has_2_partitions_worth_3() {
    // a1 is a corner of side 3; b1 b2 a2 are all its neighbours.
    let mut state = new(3, 0);
    play(&mut state, "b1 e5 b2 e4 a2");
    assert_eq!(group_at(&mut state, "a2"), (2, 3));
    assert_eq!(group_at(&mut state, "e5"), (1, 1));
    assert_eq!(state.scores().unwrap(), [3.0, 1.0]);
    let parts = state.partitions_at(at(&state, "b2")).unwrap();
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0], vec![at(&state, "a1")]);
}

#[test]
fn ruling_partitions_a_lone_stone_separates_nothing_and_is_worth_1() {
    for point in ["c3", "a1", "e4"] {
        let mut state = new(3, 0);
        play(&mut state, point);
        assert_eq!(group_at(&mut state, point), (1, 1), "{point}");
        assert_eq!(state.scores().unwrap(), [1.0, 0.0]);
    }
}

#[test]
fn ruling_partitions_a_ring_around_an_empty_point_has_2_partitions() {
    // The six neighbours of the centre c3 of side 3, joined into one ring.
    let mut state = new(3, 0);
    play(&mut state, "b2 a1 c2 pass d3 pass d4 pass c4 pass b3");
    assert_eq!(group_at(&mut state, "b2"), (2, 3));
    // A white stone inside the ring is worth 1 and the ring keeps its 2.
    play(&mut state, "c3");
    assert_eq!(group_at(&mut state, "b2"), (2, 3));
    assert_eq!(group_at(&mut state, "c3"), (1, 1));
    assert_eq!(state.scores().unwrap(), [3.0, 2.5]);
}

#[test]
fn ruling_partitions_opponent_stones_inside_a_partition_neither_split_nor_merge_it() {
    // Black's middle row a3..e3 of side 3 splits the board into two halves
    // of 7 points. White's row a2..d2 inside the lower half would cut a1 b1
    // c1 off from Black's row, were stones walls: they are not, so the half
    // stays one partition.
    let mut state = new(3, 0);
    play(&mut state, "a3 a2 b3 b2 c3 c2 d3 d2 e3");
    assert_eq!(group_at(&mut state, "c3"), (2, 3));
    // The white line is worth 2 partitions itself: a1 b1 c1 and the rest.
    assert_eq!(group_at(&mut state, "b2"), (2, 3));
    let parts = state.partitions_at(at(&state, "c3")).unwrap();
    let sizes: Vec<usize> = parts.iter().map(Vec::len).collect();
    assert_eq!(sizes, [7, 7]);
    // A white stone in the upper half too does not join the halves.
    play(&mut state, "c5");
    assert_eq!(group_at(&mut state, "c3"), (2, 3));
}

#[test]
fn ruling_partitions_a_group_covering_the_board_has_one_partition() {
    let mut state = new(2, 0);
    play(
        &mut state,
        "a1 pass b1 pass a2 pass b2 pass c2 pass b3 pass c3",
    );
    assert_eq!(group_at(&mut state, "b2"), (1, 1));
    assert_eq!(state.scores().unwrap(), [1.0, 0.5]);
    let parts = state.partitions_at(at(&state, "b2")).unwrap();
    assert!(parts.is_empty());
}

#[test]
fn score_breakdown_lists_groups_komi_half_point_and_total() {
    let mut state = new(3, -2);
    play(&mut state, "b1 e5 b2 pass a2");
    let [black, white] = state.score_breakdown();
    let expected_black = ColourScore {
        groups: vec![GroupScore {
            points: vec![1, 3, 4],
            partitions: 2,
            value: 3,
        }],
        group_values: 3,
        komi: 0,
        half_point: 0.0,
        total: 3.0,
    };
    assert_eq!(black, expected_black);
    assert_eq!(white.komi, -2);
    assert_eq!(white.half_point, 0.5);
    assert_eq!(white.total, 1.0 - 2.0 + 0.5);
}

#[test]
fn passes_earn_the_first_passer_half_a_point_and_two_in_a_row_end() {
    let mut state = new(3, 0);
    play(&mut state, "pass");
    assert_eq!(
        (state.first_pass(), state.consecutive_passes()),
        (Some(Colour::Black), 1)
    );
    assert_eq!(state.scores().unwrap(), [0.5, 0.0]);
    play(&mut state, "c3 a1 pass");
    assert_eq!(
        (state.first_pass(), state.consecutive_passes()),
        (Some(Colour::Black), 1)
    );
    assert!(!state.is_terminal());
    play(&mut state, "e5");
    assert_eq!(state.consecutive_passes(), 0);
    play(&mut state, "pass pass");
    assert!(state.is_terminal());
    // Two lone black stones and the half point against one white stone.
    assert_eq!(state.scores().unwrap(), [2.5, 1.0]);
    assert_eq!(state.winner(), Some(Colour::Black));
    assert_eq!(state.returns(), [1.0, -1.0]);
    let mut buf = Vec::new();
    state.legal_actions(&mut buf);
    assert!(buf.is_empty());
}

#[test]
fn pass_is_always_legal_and_placement_on_any_empty_point() {
    let mut state = new(2, 0);
    let mut buf = Vec::new();
    state.legal_actions(&mut buf);
    assert_eq!(buf, (0..8).collect::<Vec<Action>>());
    play(&mut state, "b2");
    state.legal_actions(&mut buf);
    assert_eq!(buf, [0, 1, 2, 4, 5, 6, 7]);
    assert_eq!(state.num_actions(), 8);
    assert_eq!(state.action_text(7).unwrap(), "pass");
}

#[test]
fn illegal_actions_leave_the_state_untouched() {
    let mut state = new(3, 0);
    play(&mut state, "b2 pass");
    let before = (
        state.board_string(),
        state.to_move(),
        state.consecutive_passes(),
        state.first_pass(),
    );
    let err = state.apply(at(&state, "B2")).unwrap_err();
    assert_eq!(err, Error::Illegal("b2: the point is occupied".into()));
    assert_eq!(
        (
            state.board_string(),
            state.to_move(),
            state.consecutive_passes(),
            state.first_pass()
        ),
        before
    );
    play(&mut state, "pass");
    assert!(state.is_terminal());
    let winner = state.winner();
    let err = state
        .apply(state.parse_action("pass").unwrap())
        .unwrap_err();
    assert_eq!(err, Error::Illegal("pass: the game is over".into()));
    let err = state.apply(at(&state, "a1")).unwrap_err();
    assert_eq!(err, Error::Illegal("a1: the game is over".into()));
    assert_eq!(state.winner(), winner);
    assert!(state.apply(20).is_err(), "out of range");
    assert!(state.parse_action("swap").is_err());
}

#[test]
fn options_are_checked() {
    let make = |pairs: Vec<(&str, OptionValue)>| Esgrad::from_options(&mut Options::new(pairs));
    let error = |pairs| make(pairs).unwrap_err().to_string();
    assert!(error(vec![("size", OptionValue::Int(1))]).contains("size must be from 2 to 25"));
    assert!(error(vec![("size", OptionValue::Int(26))]).contains("size"));
    assert!(error(vec![("komi", OptionValue::Float(0.5))]).contains("komi must be a whole number"));
    assert!(error(vec![("komi", OptionValue::Float(0.3))]).contains("komi"));
    assert!(error(vec![("komi", OptionValue::Bool(true))]).contains("komi"));
    assert!(error(vec![("komi", OptionValue::Int(2_000_000_000))]).contains("komi must be from"));
    assert_eq!(
        make(vec![("komi", OptionValue::Float(-3.0))])
            .unwrap()
            .komi(),
        -3
    );
    let default = make(vec![]).unwrap();
    assert_eq!((default.board.side(), default.komi()), (9, 0));
    assert_eq!(
        default.options(),
        vec![("size", OptionValue::Int(9)), ("komi", OptionValue::Int(0))]
    );
}

#[test]
fn an_empty_point_has_no_partitions() {
    let state = new(3, 0);
    assert_eq!(state.partitions_at(0), None);
}

/// Random positions of every density and sides 2 to 11: the groups, placed
/// stone by stone in random order and recounted from scratch, are the naive
/// reference's, with the same partitions, and the totals agree.
#[test]
fn fast_partitions_match_the_naive_reference_on_random_positions() {
    let mut rng = Rng::new(5);
    for round in 0..3000 {
        let side = 2 + round % 10;
        let mut state = new(side as i64, 0);
        let n = state.board.points();
        // Empty, black and white weights, so sparse, dense and lopsided
        // boards all occur.
        let weights = [rng.below(5), rng.below(5) + 1, rng.below(5)];
        let total: usize = weights.iter().sum();
        let mut order: Vec<Point> = (0..n as Point).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for p in order {
            let x = rng.below(total);
            if x >= weights[0] {
                state.cells[p as usize] = if x < weights[0] + weights[1] { 1 } else { 2 };
                state.groups.place(&state.cells, p);
            }
        }
        let naive = naive_groups(state.board, &state.cells);
        let at = format!("round {round}: {}", state.board_string());
        assert_eq!(fast_groups(&mut state), naive, "stone by stone, {at}");
        let placed = state.groups.totals(&state.cells);
        assert_eq!(state.scores().unwrap(), naive_scores(&state), "{at}");
        state.groups.recount(&state.cells);
        assert_eq!(fast_groups(&mut state), naive, "recounted, {at}");
        assert_eq!(state.groups.totals(&state.cells), placed, "{at}");
    }
}

/// Asking for the score after every move (stone by stone) and only at the
/// end (one recount), or now and then (both), gives the same scores.
#[test]
fn catching_up_stone_by_stone_or_by_recount_agrees() {
    let mut rng = Rng::new(17);
    let mut buf = Vec::new();
    for game in 0..300 {
        let side = 2 + game % 7;
        let start = new(side as i64, 0);
        let (mut every, mut sometimes, mut end) = (start.clone(), start.clone(), start.clone());
        while let Some(action) = every.random_action(&mut rng, &mut buf) {
            for state in [&mut every, &mut sometimes, &mut end] {
                state.apply_unchecked(action);
            }
            let scores = every.scores();
            if rng.below(5) == 0 {
                assert_eq!(sometimes.scores(), scores, "game {game}");
            }
        }
        assert_eq!(end.scores(), every.scores(), "game {game}");
        assert_eq!(end.winner(), every.winner());
        assert_eq!(
            fast_groups(&mut end),
            fast_groups(&mut every),
            "game {game}"
        );
        assert_eq!(
            fast_groups(&mut sometimes),
            fast_groups(&mut every),
            "game {game}"
        );
    }
}

/// Every ply of random games, passes included: legal actions and scores as
/// the naive reference gives them, and the cache never stale.
#[test]
fn scores_after_every_ply_match_the_naive_reference() {
    let mut rng = Rng::new(11);
    let mut buf = Vec::new();
    for game in 0..200 {
        let side = 2 + game % 6;
        let mut state = new(side as i64, [0, 3, -2][game % 3]);
        loop {
            state.legal_actions(&mut buf);
            let naive: Vec<Action> = if state.is_terminal() {
                Vec::new()
            } else {
                let n = state.board.points();
                (0..n as Action)
                    .filter(|&p| state.cells[p as usize] == EMPTY)
                    .chain([n as Action])
                    .collect()
            };
            assert_eq!(buf, naive, "game {game}");
            assert_eq!(state.scores().unwrap(), naive_scores(&state), "game {game}");
            if state.is_terminal() {
                break;
            }
            // Pass now and then, so positions with passes and empty points
            // are scored too.
            let action = if rng.below(8) == 0 {
                n_pass(&state)
            } else {
                buf[rng.below(buf.len())]
            };
            state.apply(action).unwrap();
        }
        assert_eq!(state.winner(), Some(fixtures::ahead(naive_scores(&state))));
    }
}

fn n_pass(state: &Esgrad) -> Action {
    state.board.points() as Action
}

#[test]
fn random_playouts_fill_the_board_then_pass_twice() {
    let mut rng = Rng::new(3);
    let start = new(5, 0);
    let mut state = start.clone();
    for _ in 0..50 {
        state.clone_from(&start);
        let outcome = playout(&mut state, &mut rng, 10_000, &mut Vec::new());
        assert!(outcome.finished);
        assert_eq!(outcome.length as usize, 61 + 2);
        assert!(state.open.is_empty());
        assert_eq!(outcome.scores, naive_scores(&state));
        assert_eq!(
            state.first_pass(),
            Some(Colour::White),
            "61 stones: Black plays the last one"
        );
    }
}
