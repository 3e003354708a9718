use super::chains::UNKNOWN;
use super::naive::{self, Naive};
use super::*;
use crate::games::{vectors, AnyGame};

fn new(size: i64, komi: i64) -> Anda {
    let mut options = Options::new([("size", OptionValue::Int(size)), ("komi", OptionValue::Int(komi))]);
    Anda::from_options(&mut options).unwrap()
}

/// Rebuilds the structure from the stones and compares it with the
/// incremental one, KataGo's `checkConsistency` habit; then checks every
/// count against the literal rules, and that every smothered group is
/// suspect.
fn assert_invariants(state: &Anda, at: &str) {
    let board = state.board;
    let n = board.points();
    let cells = &state.cells;
    let mut copy = state.clone();
    // Components (groups and regions) by plain flood fill, once each.
    let mut component = vec![usize::MAX; n];
    let mut members: Vec<Vec<Point>> = Vec::new();
    for p in 0..n as Point {
        if component[p as usize] == usize::MAX {
            let set =
                if cells[p as usize] == EMPTY { naive::region(board, cells, p) } else { naive::group(board, cells, p) };
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
        let id = state.label[p as usize];
        assert_ne!(id, NONE, "{at}: {} unlabelled", board.name(p));
        assert!(!live[empty as usize][id as usize], "{at}: id {id} used twice");
        live[empty as usize][id as usize] = true;
        for &q in set {
            assert_eq!(state.label[q as usize], id, "{at}: labels of {} and {}", board.name(p), board.name(q));
        }
        let (size, head) = if empty {
            (state.regions[id as usize].size, state.regions[id as usize].head)
        } else {
            (state.groups[id as usize].size, state.groups[id as usize].head)
        };
        assert_eq!(size as usize, set.len(), "{at}: size at {}", board.name(p));
        assert!(set.contains(&head), "{at}: head at {}", board.name(p));
        let mut walked = vec![head];
        let mut q = state.next[head as usize];
        while q != head {
            walked.push(q);
            if empty {
                assert_eq!(state.next[state.prev[q as usize] as usize], q, "{at}: prev link");
            }
            q = state.next[q as usize];
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
                let stored = state.regions[id as usize].count[colour.index()];
                if stored < 2 {
                    assert_eq!(stored, exact, "{at}: stored {} count at {}", colour.name(), board.name(p));
                }
                assert!(stored <= 2 || stored == UNKNOWN);
                assert_eq!(copy.obstruction(id, colour), exact, "{at}: {} count at {}", colour.name(), board.name(p));
            }
        } else if naive::smothered(board, cells, p) {
            assert!(
                state.suspects.iter().any(|s| component[*s as usize] == component[p as usize]),
                "{at}: smothered group at {} is not suspect",
                board.name(p)
            );
        }
    }
    for (kind, free) in [(0, &state.free_groups), (1, &state.free_regions)] {
        let mut free = free.clone();
        free.sort();
        let unused: Vec<u16> = (0..n as u16).filter(|&id| !live[kind][id as usize]).collect();
        assert_eq!(free, unused, "{at}: free ids of kind {kind}");
    }
    let mut empties = state.empties.clone();
    empties.sort();
    let want: Vec<Point> = (0..n as Point).filter(|&p| cells[p as usize] == EMPTY).collect();
    assert_eq!(empties, want, "{at}: empties");
    for (i, &p) in state.empties.iter().enumerate() {
        assert_eq!(state.slot[p as usize] as usize, i, "{at}: slot");
    }
}

fn same_as_naive(state: &mut Anda, reference: &Naive, at: &str) {
    assert_eq!(state.cells[..state.board.points()], reference.cells, "{at}: board");
    assert_eq!(state.to_move, reference.to_move, "{at}: to move");
    assert_eq!(state.prisoners, reference.prisoners, "{at}: prisoners");
    assert_eq!(state.pending, reference.pending, "{at}: pending stone");
    assert_eq!(state.first_turn_done, reference.first_turn_done, "{at}: first turns");
    assert_eq!(state.is_terminal(), reference.is_over(), "{at}: over");
    let mut buf = Vec::new();
    state.legal_actions(&mut buf);
    assert_eq!(buf, reference.legal_actions(), "{at}: legal actions");
    for p in 0..state.board.points() as Point {
        if state.cells[p as usize] == EMPTY && !state.is_terminal() {
            let legal = buf.contains(&p);
            assert_eq!(state.check(p).is_ok(), legal, "{at}: check {}", state.board.name(p));
        }
    }
    assert_eq!(state.scores().unwrap(), reference.scores(), "{at}: scores");
}

#[test]
fn vectors_replay_exactly() {
    vectors::replay("anda", |state, expected, at| {
        let mut query = |what: &str| state.query(what, None).unwrap();
        let int = |d: Detail| {
            if let Detail::Int(v) = d {
                v
            } else {
                panic!("{d:?}")
            }
        };
        let Detail::Map(prisoners) = query("prisoners") else { panic!() };
        for (colour, value) in prisoners {
            assert_eq!(int(value), expected["prisoners"][&colour].as_i64().unwrap(), "{at}: {colour} prisoners");
        }
        let text = |d: Detail| match d {
            Detail::Text(t) => serde_json::Value::String(t),
            Detail::None => serde_json::Value::Null,
            other => panic!("{other:?}"),
        };
        assert_eq!(text(query("first_pass")), expected["first_pass"], "{at}: first pass");
        assert_eq!(text(query("pending_stone")), expected["pending_stone"], "{at}: pending stone");
        assert_eq!(
            int(query("consecutive_passes")),
            expected["consecutive_passes"].as_i64().unwrap(),
            "{at}: consecutive passes"
        );
        let Detail::Map(done) = query("first_turn_done") else { panic!() };
        for (colour, value) in done {
            assert_eq!(
                value,
                Detail::Bool(expected["first_turn_done"][&colour].as_bool().unwrap()),
                "{at}: {colour} first turn"
            );
        }
        let scores = state.scores().unwrap();
        assert_eq!(scores[0], expected["scores"]["black"].as_f64().unwrap(), "{at}: black score");
        assert_eq!(scores[1], expected["scores"]["white"].as_f64().unwrap(), "{at}: white score");
        let AnyGame::Anda(anda) = state else { panic!() };
        assert_invariants(anda, at);
    });
}

/// Many random games at every small size, in lockstep with the literal
/// reference: the legal actions (and `check`), the board after each action,
/// the counters and the scores agree at every ply, and the incremental
/// structure matches a rebuild.
#[test]
fn random_games_match_the_naive_reference() {
    let mut rng = Rng::new(5);
    let mut buf = Vec::new();
    for game in 0..120 {
        let size = 2 + game % 4;
        let mut state = new(size as i64, (game % 3) as i64 - 1);
        let mut reference =
            Naive::new(state.board, state.komi, vec![EMPTY; state.board.points()], Colour::Black, false);
        for ply in 0..300 {
            let at = format!("game {game} (size {size}) ply {ply}");
            same_as_naive(&mut state, &reference, &at);
            assert_invariants(&state, &at);
            let Some(action) = state.random_action(&mut rng, &mut buf) else {
                break;
            };
            reference.apply(action);
            state.apply(action).unwrap_or_else(|e| panic!("{at}: {e}"));
        }
    }
}

/// Random stone patterns (not reachable by play, and with groups already
/// smothered) set up directly: legality and the removal after each random
/// placement agree with the literal reference.
#[test]
fn random_positions_match_the_naive_reference() {
    let mut rng = Rng::new(11);
    let mut buf = Vec::new();
    for trial in 0..300 {
        let size = 2 + trial % 5;
        let board = Board::hex(size).unwrap();
        let n = board.points();
        let density = 30 + rng.below(60);
        let cells: Vec<u8> =
            (0..n).map(|_| if rng.below(100) < density { 1 + rng.below(2) as u8 } else { EMPTY }).collect();
        let mut state = Anda::setup(size, 0, "", "", Colour::Black).unwrap();
        state.cells[..n].copy_from_slice(&cells);
        state.to_move = if trial % 2 == 0 { Colour::Black } else { Colour::White };
        state.rebuild();
        let mut reference = Naive::new(board, 0, cells, state.to_move, true);
        for ply in 0..6 {
            let at = format!("trial {trial} (size {size}) ply {ply}");
            same_as_naive(&mut state, &reference, &at);
            assert_invariants(&state, &at);
            let Some(action) = state.random_action(&mut rng, &mut buf) else {
                break;
            };
            reference.apply(action);
            state.apply(action).unwrap_or_else(|e| panic!("{at}: {e}"));
        }
    }
}

/// Single-thread random playouts per second and moves per second at sides 7
/// and 9 (`cargo test --release anda::tests::playout_speed -- --ignored
/// --nocapture`).
#[test]
#[ignore]
fn playout_speed() {
    for size in [7, 9] {
        let start = new(size, 0);
        let max_moves = 10 * start.board.points();
        let mut state = start.clone();
        let mut buf = Vec::with_capacity(start.num_actions());
        let (mut moves, mut unfinished, mut games) = (0u64, 0u64, 0u64);
        let clock = std::time::Instant::now();
        while clock.elapsed().as_secs_f64() < 3.0 {
            for _ in 0..100 {
                state.clone_from(&start);
                let mut rng = Rng::for_game(1, games);
                let outcome = crate::playout::playout(&mut state, &mut rng, max_moves, &mut buf);
                moves += outcome.length as u64;
                unfinished += !outcome.finished as u64;
                games += 1;
            }
        }
        let seconds = clock.elapsed().as_secs_f64();
        println!(
            "anda size {size}: {games} games, {:.0} games/s, {:.2} M moves/s, {:.0} ns/move, mean length {:.1}, unfinished {:.2}%",
            games as f64 / seconds,
            moves as f64 / seconds / 1e6,
            seconds * 1e9 / moves as f64,
            moves as f64 / games as f64,
            100.0 * unfinished as f64 / games as f64
        );
    }
}

/// A fixed amount of playout work (200 games at side 9), for instruction
/// counts under callgrind, which do not depend on the machine's load.
#[test]
#[ignore]
fn playout_fixed_work() {
    let start = new(9, 0);
    let mut state = start.clone();
    let mut buf = Vec::new();
    let mut moves = 0;
    for game in 0..200 {
        state.clone_from(&start);
        let outcome = crate::playout::playout(&mut state, &mut Rng::for_game(1, game), 2170, &mut buf);
        moves += outcome.length;
    }
    println!("moves {moves}");
}
