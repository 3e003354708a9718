use super::chains::UNKNOWN;
use super::naive::{self, Naive};
use super::*;
use crate::core::{on_width, Wide};
use crate::games::vectors::play;
use crate::games::{fixtures, vectors, AnyPosition, Position, Special};
use crate::options::Options;
use widths::AnyGame;

fn new(size: i64, komi: i64) -> Anda {
    fixtures::sized(size, komi)
}

/// The start position of `state`'s board and komi, with its tables of the
/// wide width whatever its board (the wide width is otherwise only for
/// boards of more than 254 points), so the tests cover both widths.
fn widened(state: Anda) -> Anda {
    let game = Game::<Wide>::start(state.board(), state.komi());
    Anda(AnyGame::Wide(Box::new(game)))
}

fn setup(size: usize, black: &str, white: &str, to_move: Colour) -> Anda {
    Anda::setup(size, 0, black, white, to_move).unwrap()
}

/// The stones of every smothered group, by name in point order.
fn smothered(state: &mut Anda) -> String {
    let names: Vec<&str> = state
        .smothered_stones()
        .into_iter()
        .map(|p| state.board().name(p))
        .collect();
    names.join(" ")
}

/// The stones of one colour on the board, by name in point order.
fn stones(state: &Anda, colour: Colour) -> String {
    let board = state.board();
    let names: Vec<&str> = (0..board.points() as Point)
        .filter(|&p| state.cells()[p as usize] == colour.stone())
        .map(|p| board.name(p))
        .collect();
    names.join(" ")
}

/// The literal reference agrees on which groups are smothered.
fn naive_smothered(state: &Anda) -> String {
    let board = state.board();
    let cells = state.cells();
    let names: Vec<&str> = (0..board.points() as Point)
        .filter(|&p| cells[p as usize] != EMPTY && naive::smothered(board, cells, p))
        .map(|p| board.name(p))
        .collect();
    names.join(" ")
}

/// Rebuilds the structure from the stones and compares it with the
/// incremental one, KataGo's `checkConsistency` habit; then checks every
/// count against the literal rules, and that every smothered group is
/// suspect.
fn assert_invariants(state: &Anda, at: &str) {
    on_width!(&state.0, game => game_invariants(game, at));
}

/// [`assert_invariants`] on a game of one width.
fn game_invariants<W: Width>(state: &Game<W>, at: &str) {
    let board = state.board;
    let n = board.points();
    let cells = state.cells();
    let mut copy = state.clone();
    // Components (groups and regions) by plain flood fill, once each.
    let mut component = vec![usize::MAX; n];
    let mut members: Vec<Vec<Point>> = Vec::new();
    for p in 0..n as Point {
        if component[p as usize] == usize::MAX {
            let set = if cells[p as usize] == EMPTY {
                naive::region(board, cells, p)
            } else {
                naive::group(board, cells, p)
            };
            for &q in &set {
                component[q as usize] = members.len();
            }
            members.push(set);
        }
    }
    let mut live = [vec![false; n], vec![false; n]];
    for set in &members {
        let p = set[0];
        let empty = cells[p as usize] == EMPTY;
        let id = state.label[W::of(p)];
        assert_ne!(id, NONE, "{at}: {} unlabelled", board.name(p));
        assert!(
            !live[empty as usize][id as usize],
            "{at}: id {id} used twice"
        );
        live[empty as usize][id as usize] = true;
        for &q in set {
            assert_eq!(
                state.label[W::of(q)],
                id,
                "{at}: labels of {} and {}",
                board.name(p),
                board.name(q)
            );
        }
        let (size, head) = if empty {
            (state.regions[W::of(id)].size, state.regions[W::of(id)].head)
        } else {
            (state.groups[W::of(id)].size, state.groups[W::of(id)].head)
        };
        assert_eq!(size as usize, set.len(), "{at}: size at {}", board.name(p));
        assert!(set.contains(&head), "{at}: head at {}", board.name(p));
        let mut walked = vec![head];
        let mut q = state.next[W::of(head)];
        while q != head {
            walked.push(q);
            if empty {
                assert_eq!(
                    state.next[W::of(state.prev[W::of(q)])],
                    q,
                    "{at}: prev link"
                );
            }
            q = state.next[W::of(q)];
            assert!(walked.len() <= set.len(), "{at}: list longer than the set");
        }
        walked.sort();
        let mut sorted = set.clone();
        sorted.sort();
        assert_eq!(walked, sorted, "{at}: member list at {}", board.name(p));
        if empty {
            for colour in [Colour::Black, Colour::White] {
                let mut touching: Vec<usize> = set
                    .iter()
                    .flat_map(|&q| board.neighbours(q).iter())
                    .filter(|&&m| cells[m as usize] == colour.stone())
                    .map(|&m| component[m as usize])
                    .collect();
                touching.sort();
                touching.dedup();
                let exact = touching.len().min(2) as u8;
                let stored = state.regions[W::of(id)].count[colour.index()];
                if stored < 2 {
                    assert_eq!(
                        stored,
                        exact,
                        "{at}: stored {} count at {}",
                        colour.name(),
                        board.name(p)
                    );
                }
                assert!(stored <= 2 || stored == UNKNOWN);
                assert_eq!(
                    copy.obstruction(id, colour),
                    exact,
                    "{at}: {} count at {}",
                    colour.name(),
                    board.name(p)
                );
            }
        } else if naive::smothered(board, cells, p) {
            assert!(
                state
                    .suspects
                    .iter()
                    .any(|s| component[*s as usize] == component[p as usize]),
                "{at}: smothered group at {} is not suspect",
                board.name(p)
            );
        }
    }
    for (kind, free) in [(0, &state.free_groups), (1, &state.free_regions)] {
        let mut free = free.clone();
        free.sort();
        let unused: Vec<u16> = (0..n as u16)
            .filter(|&id| !live[kind][id as usize])
            .collect();
        assert_eq!(free, unused, "{at}: free ids of kind {kind}");
    }
    let mut open = state.open.as_slice().to_vec();
    open.sort();
    let want: Vec<Point> = (0..n as Point)
        .filter(|&p| cells[p as usize] == EMPTY)
        .collect();
    assert_eq!(open, want, "{at}: open");
    for (i, &p) in state.open.as_slice().iter().enumerate() {
        assert_eq!(state.open.slot(p), i, "{at}: slot");
    }
}

fn same_as_naive(state: &mut Anda, reference: &Naive, at: &str) {
    assert_eq!(state.cells(), reference.cells, "{at}: board");
    assert_eq!(state.to_move(), reference.to_move, "{at}: to move");
    assert_eq!(state.prisoners(), reference.prisoners, "{at}: prisoners");
    assert_eq!(
        state.pending_stone(),
        reference.pending,
        "{at}: pending stone"
    );
    assert_eq!(
        state.first_turn_done(),
        reference.first_turn_done,
        "{at}: first turns"
    );
    assert_eq!(state.is_terminal(), reference.is_over(), "{at}: over");
    let mut buf = Vec::new();
    state.legal_actions(&mut buf);
    assert_eq!(buf, reference.legal_actions(), "{at}: legal actions");
    for p in 0..state.board().points() as Point {
        if state.cells()[p as usize] == EMPTY && !state.is_terminal() {
            let legal = buf.contains(&p);
            assert_eq!(
                state.check(p).is_ok(),
                legal,
                "{at}: check {}",
                state.board().name(p)
            );
        }
    }
    assert_eq!(state.scores().unwrap(), reference.scores(), "{at}: scores");
}

#[test]
fn vectors_replay_exactly() {
    vectors::replay("anda", |state, expected, at| {
        let AnyPosition::Anda(anda) = state else {
            panic!()
        };
        let text = |name: Option<&str>| name.map_or(serde_json::Value::Null, |t| t.into());
        for colour in [Colour::Black, Colour::White] {
            let k = colour.index();
            assert_eq!(
                i64::from(anda.prisoners()[k]),
                expected["prisoners"][colour.name()].as_i64().unwrap(),
                "{at}: {colour:?} prisoners"
            );
            assert_eq!(
                anda.first_turn_done()[k],
                expected["first_turn_done"][colour.name()]
                    .as_bool()
                    .unwrap(),
                "{at}: {colour:?} first turn"
            );
        }
        assert_eq!(
            text(anda.first_pass().map(Colour::name)),
            expected["first_pass"],
            "{at}: first pass"
        );
        assert_eq!(
            text(anda.pending_stone().map(|p| anda.board().name(p))),
            expected["pending_stone"],
            "{at}: pending stone"
        );
        assert_eq!(
            i64::from(anda.turn().consecutive_passes()),
            expected["consecutive_passes"].as_i64().unwrap(),
            "{at}: consecutive passes"
        );
        assert_invariants(anda, at);
    });
}

/// Plays up to `plies` random actions on `state` and on the literal
/// `reference` alike, checking before each that they agree and that `state`
/// holds its invariants; `label` names the game in the messages.
fn lockstep(
    state: &mut Anda,
    reference: &mut Naive,
    plies: usize,
    label: &str,
    rng: &mut Rng,
    buf: &mut Vec<Action>,
) {
    for ply in 0..plies {
        let at = format!("{label} ply {ply}");
        same_as_naive(state, reference, &at);
        assert_invariants(state, &at);
        let Some(action) = state.random_action(rng, buf) else {
            break;
        };
        reference.apply(action);
        state.apply(action).unwrap_or_else(|e| panic!("{at}: {e}"));
    }
}

/// Many random games at every small size (a third of them on the wide
/// tables), in lockstep with the literal reference: the legal actions (and `check`), the board after each action,
/// the counters and the scores agree at every ply, and the incremental
/// structure matches a rebuild.
#[test]
fn random_games_match_the_naive_reference() {
    let mut rng = Rng::new(5);
    let mut buf = Vec::new();
    for game in 0..120 {
        let size = 2 + game % 4;
        let mut state = new(size as i64, (game % 3) as i64 - 1);
        if (game / 4) % 3 == 0 {
            state = widened(state);
        }
        let mut reference = Naive::new(
            state.board(),
            state.komi(),
            vec![EMPTY; state.board().points()],
            Colour::Black,
            false,
        );
        let label = format!("game {game} (size {size})");
        lockstep(&mut state, &mut reference, 300, &label, &mut rng, &mut buf);
    }
}

/// Random stone patterns (not reachable by play, and with groups already
/// smothered) set up directly: legality and the removal after each random
/// placement agree with the literal reference (a third on the wide tables).
#[test]
fn random_positions_match_the_naive_reference() {
    let mut rng = Rng::new(11);
    let mut buf = Vec::new();
    for trial in 0..300 {
        let size = 2 + trial % 5;
        let board = Board::hex(size).unwrap();
        let n = board.points();
        let density = 30 + rng.below(60);
        let cells: Vec<u8> = (0..n)
            .map(|_| {
                if rng.below(100) < density {
                    1 + rng.below(2) as u8
                } else {
                    EMPTY
                }
            })
            .collect();
        let mut state = Anda::setup(size, 0, "", "", Colour::Black).unwrap();
        if trial % 3 == 0 {
            state = widened(state);
        }
        let to_move = if trial % 2 == 0 {
            Colour::Black
        } else {
            Colour::White
        };
        on_width!(&mut state.0, game => {
            (*game.cells)[..n].copy_from_slice(&cells);
            game.first_turn_done = [true; 2];
            game.turn.set_to_move(to_move);
            game.rebuild();
        });
        let mut reference = Naive::new(board, 0, cells, to_move, true);
        let label = format!("trial {trial} (size {size})");
        lockstep(&mut state, &mut reference, 6, &label, &mut rng, &mut buf);
    }
}

// Hand-drawn positions. Side 3 has rows a1-c1, a2-d2, a3-e3, b4-e4, c5-e5;
// (c, r) touches (c±1, r), (c, r±1), (c+1, r+1) and (c-1, r-1).

#[test]
fn ruling_obstructed_an_enemy_group_far_away_obstructs_through_the_region() {
    // One stone each in opposite corners: each one's liberties lie in the
    // one big region, which the other touches, so each is obstructed by
    // exactly one group though no enemy stone is near.
    let mut state = setup(3, "a1", "e5", Colour::Black);
    let breath = state
        .breath(state.board().parse_point("a1").unwrap())
        .unwrap();
    assert_eq!(breath.liberties.len(), 3);
    for liberty in &breath.liberties {
        assert_eq!(liberty.obstructions, 1);
    }
    assert_eq!(smothered(&mut state), "a1 e5");
    assert_eq!(naive_smothered(&state), "a1 e5");
}

#[test]
fn ruling_smothered_a_group_with_no_liberty_is_smothered() {
    let mut state = setup(3, "a1", "b1 a2 b2", Colour::White);
    assert_eq!(smothered(&mut state), "a1");
    // It stays until the next removal, which follows White's placement.
    play(&mut state, "e5");
    assert_eq!(stones(&state, Colour::Black), "");
    assert_eq!(state.prisoners(), [0, 1]);
}

#[test]
fn ruling_smothered_a_liberty_whose_region_two_enemy_groups_touch_keeps_the_group() {
    // b2 is a1's only liberty. With White's ring around b2 whole, b2 is a
    // region of its own touched by one white group: a1 is smothered.
    let mut state = setup(3, "a1", "b1 c2 c3 b3 a2", Colour::White);
    assert_eq!(smothered(&mut state), "a1");
    // Open c3: b2's region is now the big one, touched by the white groups
    // b1-c2 and b3-a2: two, so a1 lives (and the two white groups, whose
    // liberties all lie in a region touched by one black group, do not).
    let mut state = setup(3, "a1", "b1 c2 b3 a2", Colour::White);
    assert_eq!(smothered(&mut state), "b1 a2 c2 b3");
    assert_eq!(naive_smothered(&state), "b1 a2 c2 b3");
}

#[test]
fn ruling_placement_is_judged_before_removal() {
    // Black b3 would be smothered with the stone on the board, although the
    // removal it would trigger takes White's b4 and d4 away.
    let mut state = setup(3, "c1 b2 c2 c4 c5", "b4 d4", Colour::Black);
    let b3 = state.board().parse_point("b3").unwrap();
    let err = state.apply(b3).unwrap_err();
    assert_eq!(
        err,
        Error::Illegal("b3: the stone's group would be smothered".into())
    );
    assert!(naive::smothered(
        state.board(),
        &{
            let mut after = state.cells().to_vec();
            after[b3 as usize] = Colour::Black.stone();
            after
        },
        b3
    ));
}

#[test]
fn ruling_first_turn_two_stones_not_adjacent_removal_after_the_second() {
    let mut state = new(3, 0);
    let err = state.apply(state.parse_action("pass").unwrap());
    assert!(err.is_ok(), "a pass may replace the whole first turn");
    assert_eq!(state.to_move(), Colour::White);
    play(&mut state, "c3");
    assert_eq!(state.to_move(), Colour::White, "the second stone is due");
    assert_eq!(state.pending_stone(), state.board().parse_point("c3").ok());
    let b3 = state.parse_action("b3").unwrap();
    assert_eq!(
        state.apply(b3).unwrap_err(),
        Error::Illegal("b3: adjacent to your first stone".into())
    );
    let pass = state.parse_action("pass").unwrap();
    assert_eq!(
        state.apply(pass).unwrap_err(),
        Error::Illegal("pass: the first turn's second stone must be placed".into())
    );
    play(&mut state, "a1");
    assert_eq!(state.to_move(), Colour::Black);

    // White's first stone e4 is smothered once the second, d2, is down; the
    // one removal comes after the second and takes it, with Black's b1-a2.
    let mut state = setup(3, "b1 a2 d3 d4 e5", "", Colour::White);
    on_width!(&mut state.0, game => game.first_turn_done = [true, false]);
    play(&mut state, "e4");
    assert_eq!(
        stones(&state, Colour::Black),
        "b1 a2 d3 d4 e5",
        "no removal after the first stone"
    );
    play(&mut state, "d2");
    assert_eq!(stones(&state, Colour::White), "d2");
    assert_eq!(stones(&state, Colour::Black), "d3 d4 e5");
    assert_eq!(state.prisoners(), [1, 2]);
}

#[test]
fn ruling_first_turn_a_first_stone_needs_a_legal_second() {
    // Side 2: the centre b2 touches every other point.
    let mut state = new(2, 0);
    let b2 = state.parse_action("b2").unwrap();
    assert_eq!(
        state.apply(b2).unwrap_err(),
        Error::Illegal("b2: no legal second stone could follow it".into())
    );
    let mut buf = Vec::new();
    state.legal_actions(&mut buf);
    assert!(!buf.contains(&b2));
    assert_eq!(buf.len(), 7, "the six other points and pass");
}

#[test]
fn ruling_removal_takes_both_colours_at_once() {
    // Black c2 smothers White's a3 and, at the same time, Black's own e4.
    let mut state = setup(3, "c1 e4", "a3 c3 d3 d4 e5", Colour::Black);
    assert_eq!(smothered(&mut state), "");
    play(&mut state, "c2");
    assert_eq!(stones(&state, Colour::Black), "c1 c2");
    assert_eq!(stones(&state, Colour::White), "c3 d3 d4 e5");
    assert_eq!(state.prisoners(), [1, 1]);
}

#[test]
fn ruling_removal_is_one_evaluation_not_repeated() {
    let mut state = setup(3, "a1 c3 d3 c4 e5", "b1 b2 d4 e4", Colour::Black);
    play(&mut state, "d5");
    assert_eq!(stones(&state, Colour::White), "b1 b2");
    assert_eq!(stones(&state, Colour::Black), "c3 d3 c4 d5 e5");
    assert_eq!(state.prisoners(), [2, 1]);
    // The removal opened regions that leave every group on the board
    // smothered; they stay until the next removal.
    assert_eq!(smothered(&mut state), "b1 b2 c3 d3 c4 d5 e5");
    assert_eq!(naive_smothered(&state), "b1 b2 c3 d3 c4 d5 e5");
    play(&mut state, "pass");
    assert_eq!(
        smothered(&mut state),
        "b1 b2 c3 d3 c4 d5 e5",
        "a pass removes nothing"
    );
    let mut reference = Naive::new(
        state.board(),
        0,
        state.cells().to_vec(),
        Colour::Black,
        true,
    );
    reference.apply(state.parse_action("d2").unwrap());
    play(&mut state, "d2");
    assert_eq!(state.board_string().len(), reference.cells.len());
    assert_eq!(state.cells(), reference.cells);
    assert_eq!(
        stones(&state, Colour::White),
        "",
        "the next removal takes what is smothered then"
    );
}

#[test]
fn ruling_captures_a_stone_removed_from_your_own_group_scores_for_the_opponent() {
    // Black e3 cuts White's e4 off the big region, which White's b3-c4 then
    // obstructs alone: Black's own c1, breathing only there, is removed.
    let mut state = setup(3, "c1 a3 c3 d3", "b3 c4 e4", Colour::Black);
    play(&mut state, "e3");
    assert_eq!(stones(&state, Colour::Black), "a3 c3 d3 e3");
    assert_eq!(state.prisoners(), [0, 1]);
}

#[test]
fn ruling_pass_two_in_a_row_end_the_game_and_the_first_earns_half_a_point() {
    let mut state = new(3, 0);
    play(&mut state, "c3 a1 pass");
    assert_eq!(state.first_pass(), Some(Colour::White));
    assert!(!state.is_terminal());
    play(&mut state, "e5");
    assert_eq!(state.turn().consecutive_passes(), 0);
    play(&mut state, "pass pass");
    assert!(state.is_terminal());
    let mut buf = Vec::new();
    state.legal_actions(&mut buf);
    assert!(buf.is_empty());
    assert_eq!(state.check(0).unwrap_err(), "the game is over");
    let [black, white] = state.scores().unwrap();
    assert_eq!(white.fract(), 0.5);
    assert_eq!(black.fract(), 0.0);
    assert_eq!(state.winner(), Some(fixtures::ahead([black, white])));
}

#[test]
fn ruling_territory_a_region_touched_by_one_colour_only() {
    // Black's wall across row 3 makes rows 1-2 and 4-5 Black's.
    let mut state = setup(3, "a3 b3 c3 d3 e3", "", Colour::White);
    assert_eq!(on_width!(&mut state.0, game => game.territory()), [14, 0]);
    // A white stone in rows 4-5 makes that region neutral (and is itself
    // smothered, to go at the next removal).
    let mut state = setup(3, "a3 b3 c3 d3 e3", "c5", Colour::White);
    assert_eq!(on_width!(&mut state.0, game => game.territory()), [7, 0]);
    let owners = state.territory_owners();
    assert_eq!(owners[0], Some(Colour::Black));
    assert_eq!(
        owners[state.board().parse_point("d5").unwrap() as usize],
        None
    );
}

#[test]
fn ruling_score_territory_plus_prisoners_komi_and_the_half_point() {
    let mut state = Anda::setup(3, 2, "a3 b3 c3 d3 e3", "c5", Colour::White).unwrap();
    play(&mut state, "pass b2");
    // Black b2 triggered the removal of White's smothered c5.
    assert_eq!(state.prisoners(), [1, 0]);
    let [black, white] = state.score_breakdown();
    assert_eq!(black.territory, 13.0);
    assert_eq!(black.prisoners, 1.0);
    assert_eq!(black.komi, 0.0);
    assert_eq!(black.total, 14.0);
    assert_eq!(white.komi, 2.0);
    assert_eq!(white.half_point, 0.5);
    assert_eq!(white.total, 2.5);
    assert_eq!(state.scores(), Some([14.0, 2.5]));
}

#[test]
fn illegal_actions_leave_the_state_untouched() {
    let mut state = setup(3, "c1 b2 c2 c4 c5", "b4 d4", Colour::Black);
    let before = (
        state.board_string(),
        state.to_move(),
        state.prisoners(),
        state.scores(),
    );
    for text in ["b3", "c1", "pass"] {
        let action = state.parse_action(text).unwrap();
        let legal = state.check(action).is_ok();
        if !legal {
            assert!(state.apply(action).is_err());
            assert_eq!(
                (
                    state.board_string(),
                    state.to_move(),
                    state.prisoners(),
                    state.scores()
                ),
                before
            );
            assert_invariants(&state, text);
        }
    }
    assert_eq!(
        state.apply(state.parse_action("c1").unwrap()).unwrap_err(),
        Error::Illegal("c1: the point is occupied".into())
    );
    assert!(state.parse_action("swap").is_err());
    assert!(state.parse_action("z9").is_err());
    assert!(state.action_text(state.num_actions() as Action).is_err());
}

/// Anda's own option values: a whole komi, its message, and the options a
/// position reports (the conformance tests refuse every option's bad kinds
/// and ranges).
#[test]
fn options_are_checked() {
    let bad =
        |pairs: Vec<(&str, OptionValue)>| Anda::from_options(&mut Options::new(pairs)).is_err();
    assert!(!bad(vec![("komi", OptionValue::Int(-3))]));
    assert!(!bad(vec![("komi", OptionValue::Float(4.0))]));
    let err =
        Anda::from_options(&mut Options::new([("komi", OptionValue::Float(2.5))])).unwrap_err();
    assert_eq!(
        err,
        Error::OptionValue {
            option: "komi",
            message: "komi must be a whole number from -1000000000 to 1000000000, got 2.5".into()
        }
    );
    let state = new(9, 0);
    assert_eq!(
        state.options(),
        vec![("size", OptionValue::Int(9)), ("komi", OptionValue::Int(0))]
    );
    assert_eq!(state.num_actions(), 218);
    assert_eq!(state.special_action(Special::Pass), Some(217));
}
