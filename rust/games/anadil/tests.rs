use std::collections::{BTreeSet, HashSet};

use super::*;
use crate::games::vectors::play;
use crate::games::{fixtures, vectors, AnyPosition};

fn new(size: i64, komi: i64) -> Anadil {
    fixtures::sized(size, komi)
}

fn at(state: &Anadil, name: &str) -> Point {
    state.board.parse_point(name).unwrap()
}

fn names(state: &Anadil, points: &[Point]) -> Vec<String> {
    points
        .iter()
        .map(|&p| state.board.name(p).to_string())
        .collect()
}

fn smothered(state: &mut Anadil, colour: Colour) -> Vec<String> {
    let found = state.smothered_stones();
    names(state, &found[colour.index()])
}

/// The breaths of the group at `point`, by name, with whether each is
/// obstructed.
fn breaths(state: &Anadil, point: &str) -> Vec<(String, bool)> {
    let found = state.breaths(at(state, point)).unwrap();
    found
        .into_iter()
        .map(|(e, obstructed)| (state.board.name(e).to_string(), obstructed))
        .collect()
}

/// A hand-drawn position: `rows` from the top row down, `B`, `W` or `.`;
/// no turn has been played, so neither player has a board to repeat.
fn position(rows: &[&str], to_move: Colour, prison: i64) -> Anadil {
    let side = rows.len();
    let mut state = new(side as i64, 0);
    let n = state.board.points();
    state.cells.fill(EMPTY);
    state.open.clear();
    state.stones = [0; 2];
    state.hash = 0;
    for (i, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), side, "row {i}");
        for (c, &ch) in cells.iter().enumerate() {
            let p = state.board.at(c as i32 + 1, (side - i) as i32).unwrap();
            let colour = match ch {
                'B' => Colour::Black,
                'W' => Colour::White,
                _ => continue,
            };
            state.cells[p as usize] = colour.stone();
            state.stones[colour.index()] += 1;
            state.hash ^= state.keys[p as usize][colour.index()];
        }
    }
    for p in 0..n as Point {
        if state.cells[p as usize] == EMPTY {
            state.open.insert(p);
        }
    }
    state.turn.set_to_move(to_move);
    state.prison = prison;
    state.regions.rebuild(&state.cells);
    state
}

// ---------------------------------------------------------------------------
// The naive reference: a literal transcription of RULES.md §5 with its own
// neighbour arithmetic, sets and whole-board copies.

#[derive(Clone)]
struct Naive {
    side: i32,
    cells: Vec<u8>,
    to_move: Colour,
    prison: i64,
    protected: Option<Point>,
    previous: [Option<Vec<u8>>; 2],
}

impl Naive {
    fn of(state: &Anadil) -> Self {
        Naive {
            side: state.board.side() as i32,
            cells: state.cells.clone(),
            to_move: state.turn.to_move(),
            prison: state.prison,
            protected: state.protected_point(),
            previous: [0, 1].map(|k| state.previous[k].map(|_| state.previous_cells[k].clone())),
        }
    }

    fn around(&self, p: Point, king: bool) -> Vec<Point> {
        let (c, r) = (p as i32 % self.side, p as i32 / self.side);
        let mut out = Vec::new();
        for dc in -1..=1 {
            for dr in -1..=1 {
                let diagonal = dc != 0 && dr != 0;
                if (dc, dr) == (0, 0) || (diagonal && !king) {
                    continue;
                }
                let (c2, r2) = (c + dc, r + dr);
                if (0..self.side).contains(&c2) && (0..self.side).contains(&r2) {
                    out.push((r2 * self.side + c2) as Point);
                }
            }
        }
        out
    }

    /// The points with `p`'s cell value connected to it.
    fn component(&self, cells: &[u8], p: Point, king: bool) -> BTreeSet<Point> {
        let mut seen = BTreeSet::from([p]);
        let mut todo = vec![p];
        while let Some(q) = todo.pop() {
            for r in self.around(q, king) {
                if cells[r as usize] == cells[p as usize] && seen.insert(r) {
                    todo.push(r);
                }
            }
        }
        seen
    }

    /// Every stone of `colour` in a group whose every breath is obstructed.
    fn smothered(&self, cells: &[u8], colour: Colour) -> BTreeSet<Point> {
        let mut out = BTreeSet::new();
        let mut seen = BTreeSet::new();
        let mut obstructed_at = std::collections::HashMap::new();
        for p in 0..cells.len() as Point {
            if cells[p as usize] != colour.stone() || seen.contains(&p) {
                continue;
            }
            let group = self.component(cells, p, false);
            seen.extend(group.iter().copied());
            let breaths: BTreeSet<Point> = group
                .iter()
                .flat_map(|&q| self.around(q, true))
                .filter(|&e| cells[e as usize] == EMPTY)
                .collect();
            let mut obstructed = |breath: Point| {
                if let Some(&known) = obstructed_at.get(&breath) {
                    return known;
                }
                let region = self.component(cells, breath, true);
                let reaching: HashSet<BTreeSet<Point>> = region
                    .iter()
                    .flat_map(|&e| self.around(e, true))
                    .filter(|&s| cells[s as usize] == colour.opponent().stone())
                    .map(|s| self.component(cells, s, true))
                    .collect();
                // Every breath of one region has the same answer.
                for &e in &region {
                    obstructed_at.insert(e, reaching.len() == 1);
                }
                reaching.len() == 1
            };
            if breaths.iter().all(|&b| obstructed(b)) {
                out.extend(group);
            }
        }
        out
    }

    /// The board after the mover places on `p`, and the stones removed per
    /// colour.
    fn placed(&self, p: Point) -> (Vec<u8>, [usize; 2]) {
        let mover = self.to_move;
        let mut cells = self.cells.clone();
        cells[p as usize] = mover.stone();
        let mut removed = [0; 2];
        for colour in [mover.opponent(), mover] {
            for q in self.smothered(&cells, colour) {
                cells[q as usize] = EMPTY;
                removed[colour.index()] += 1;
            }
        }
        (cells, removed)
    }

    fn legal(&self) -> Vec<Action> {
        let mover = self.to_move;
        let repeats = |cells: &Vec<u8>| self.previous[mover.index()].as_ref() == Some(cells);
        let mut out = Vec::new();
        for p in 0..self.cells.len() as Point {
            if self.cells[p as usize] != EMPTY {
                continue;
            }
            let (cells, _) = self.placed(p);
            let counter = self.protected.is_some_and(|q| cells[q as usize] == EMPTY);
            if !counter && !repeats(&cells) {
                out.push(p);
            }
        }
        let enemy_held = if mover == Colour::Black {
            -self.prison
        } else {
            self.prison
        };
        if enemy_held > 0 && !repeats(&self.cells) {
            out.push(self.cells.len() as Action);
        }
        out
    }

    fn apply(&mut self, action: Action) {
        let mover = self.to_move;
        let enemy = mover.opponent();
        self.protected = None;
        if (action as usize) < self.cells.len() {
            let enemy_had = self.cells.iter().any(|&c| c == enemy.stone());
            let (cells, removed) = self.placed(action);
            self.cells = cells;
            self.prison += removed[0] as i64 - removed[1] as i64;
            let enemy_left = self.cells.iter().any(|&c| c == enemy.stone());
            if enemy_had && !enemy_left && self.cells[action as usize] == mover.stone() {
                self.protected = Some(action);
            }
        } else {
            self.prison += if mover == Colour::Black { 1 } else { -1 };
        }
        self.previous[mover.index()] = Some(self.cells.clone());
        self.to_move = enemy;
    }
}

/// Plays random games on small boards; before every turn the fast legal
/// actions, the random policy's choice and every resolved placement match
/// the naive reference; after it the board, prison and protected stone do.
#[test]
fn fast_rules_match_the_naive_reference() {
    let mut rng = Rng::new(5);
    let mut buf = Vec::new();
    let mut ends = 0;
    let (mut protected_turns, mut repeat_turns) = (0, 0);
    for game in 0..40 {
        let (size, komi, cap) = [(5, 0, 300), (5, 2, 300), (7, 1, 100), (5, 1, 300)][game % 4];
        let mut state = new(size, komi);
        let mut naive = Naive::of(&state);
        for ply in 0..cap {
            let at = format!("game {game} ply {ply}");
            let want = naive.legal();
            // Half the games skip the full list, so that the random choice
            // meets the state exactly as a playout leaves it.
            if game % 2 == 0 {
                state.legal_actions(&mut buf);
                assert_eq!(buf, want, "{at}: legal actions");
            }
            assert_eq!(state.is_terminal(), want.is_empty(), "{at}: terminal");
            if want.is_empty() {
                assert_eq!(
                    state.winner(),
                    Some(naive.to_move.opponent()),
                    "{at}: the player with no action loses"
                );
                ends += 1;
                break;
            }
            protected_turns += usize::from(state.protected != NO_POINT);
            repeat_turns += usize::from(state.repeat != Repeat::Never);
            // As in playouts: the random choice, then the unchecked apply.
            let action = state.random_action(&mut rng, &mut Vec::new()).unwrap();
            assert!(want.contains(&action), "{at}: the random action is legal");
            state.apply_unchecked(action);
            naive.apply(action);
            assert_eq!(state.cells, naive.cells, "{at}: board");
            assert_eq!(state.prison, naive.prison, "{at}: prison");
            assert_eq!(state.protected_point(), naive.protected, "{at}: protected");
            let stones = [Colour::Black, Colour::White]
                .map(|c| state.cells.iter().filter(|&&v| v == c.stone()).count());
            assert_eq!(state.stones, stones, "{at}: stone counts");
            let hash = (0..state.cells.len())
                .filter_map(|p| Colour::of_cell(state.cells[p]).map(|c| state.keys[p][c.index()]))
                .fold(0, |a, b| a ^ b);
            assert_eq!(state.hash, hash, "{at}: hash");
            assert_kept_regions(&state, &at);
        }
    }
    assert!(ends > 10, "many small games end ({ends})");
    assert!(
        protected_turns > 0 && repeat_turns > 0,
        "the rulings were exercised"
    );
}

/// The regions kept up to date move by move agree with regions rebuilt from
/// scratch on the same board.
fn assert_kept_regions(state: &Anadil, at: &str) {
    let mut scratch = Regions::new(state.board.side());
    scratch.rebuild(&state.cells);
    if let Err(why) = state.regions.agrees_with(&scratch) {
        panic!("{at}: kept regions: {why}");
    }
}

/// Whole random games on boards from the smallest to the largest size: after
/// every turn the kept regions agree with rebuilt ones (and with a
/// brute-force count of what reaches each region), and placements removed
/// stones of both colours many times.
#[test]
fn kept_regions_match_rebuilt_ones() {
    let (mut enemy_removals, mut friendly_removals) = (0, 0);
    for (size, games) in [(5, 12), (7, 6), (9, 4), (15, 2), (25, 1)] {
        for game in 0..games {
            let mut state = new(size, game as i64 % 3);
            let mut rng = Rng::for_game(7, game);
            let mut buf = Vec::new();
            for ply in 0..4 * size * size {
                let Some(action) = state.random_action(&mut rng, &mut buf) else {
                    break;
                };
                state.apply_unchecked(action);
                if (action as usize) < state.board.points() {
                    enemy_removals += usize::from(state.enemy_removed > 0);
                    friendly_removals += usize::from(state.removed.len() > state.enemy_removed);
                }
                assert_kept_regions(&state, &format!("{size}x{size} game {game} ply {ply}"));
            }
        }
    }
    assert!(
        enemy_removals > 100 && friendly_removals > 100,
        "removals were exercised ({enemy_removals}, {friendly_removals})"
    );
}

#[test]
fn vectors_replay_exactly() {
    vectors::replay("anadil", |state, expected, at| {
        let AnyPosition::Anadil(anadil) = state else {
            panic!()
        };
        assert_eq!(
            anadil.prison(),
            expected["prison"].as_i64().unwrap(),
            "{at}: prison"
        );
        let protected = anadil
            .protected_point()
            .map_or(serde_json::Value::Null, |p| anadil.board.name(p).into());
        assert_eq!(
            protected, expected["protected_point"],
            "{at}: protected point"
        );
    });
}

/// The whole state a failed action must leave untouched.
fn snapshot(state: &Anadil) -> (Vec<u8>, Colour, i64, Point, u64, [usize; 2], Option<Colour>) {
    (
        state.cells.clone(),
        state.turn.to_move(),
        state.prison,
        state.protected,
        state.hash,
        state.stones,
        state.turn.winner(),
    )
}

fn illegal(state: &mut Anadil, text: &str) -> String {
    let before = snapshot(state);
    let action = state.parse_action(text).unwrap();
    let err = state.apply(action).unwrap_err();
    assert_eq!(
        snapshot(state),
        before,
        "{text}: a refused action changes nothing"
    );
    let Error::Illegal(message) = err else {
        panic!("{err:?}")
    };
    message
}

#[test]
fn start_has_the_corner_stones_komi_in_the_prison_and_black_to_move() {
    let state = new(5, 3);
    assert_eq!(state.board_string(), "B...W...............W...B");
    assert_eq!(state.prison(), 3);
    assert_eq!(state.to_move(), Colour::Black);
    assert_eq!(state.num_actions(), 26);
    assert_eq!(state.action_text(25).unwrap(), "release");
    let mut state = new(15, 0);
    assert_eq!(state.num_actions(), 226);
    let mut buf = Vec::new();
    state.legal_actions(&mut buf);
    assert_eq!(
        buf.len(),
        221,
        "every empty point, and no release from an empty prison"
    );
}

#[test]
fn ruling_reach_a_breath_reached_by_two_enemy_supergroups_keeps_a_group_alive() {
    // One black stone anywhere in the region of a1's breaths obstructs them.
    let mut state = position(
        &[
            ". . . . .",
            ". . . B .",
            ". . . . .",
            ". . . . .",
            "W . . . .",
        ],
        Colour::Black,
        0,
    );
    assert_eq!(smothered(&mut state, Colour::White), ["a1"]);
    // Two black supergroups (b2 and d4 do not touch) reach it: a1 breathes.
    let mut state = position(
        &[
            ". . . . .",
            ". . . B .",
            ". . . . .",
            ". B . . .",
            "W . . . .",
        ],
        Colour::Black,
        0,
    );
    assert!(smothered(&mut state, Colour::White).is_empty());
    assert_eq!(
        breaths(&state, "a1"),
        [("b1".to_string(), false), ("a2".to_string(), false)]
    );
    // c3 touches both diagonally: one supergroup now reaches the region.
    play(&mut state, "c3");
    assert_eq!(state.board_string(), "......B.....B.....B......");
    assert_eq!(state.prison(), -1);
}

#[test]
fn ruling_reach_counts_supergroups_through_the_whole_king_region() {
    // The pocket {a1} is closed by white, so no black stone reaches it: the
    // white wall's breath a1 is free although one black supergroup reaches
    // all the others.
    let mut state = position(
        &[
            ". . . . .",
            ". . . . B",
            ". . . . .",
            "W W . . .",
            ". W . . .",
        ],
        Colour::White,
        0,
    );
    assert!(smothered(&mut state, Colour::White).is_empty());
    let breaths = breaths(&state, "b2");
    assert_eq!(
        breaths.iter().filter(|(_, obstructed)| !obstructed).count(),
        1
    );
    assert_eq!(breaths[0], ("a1".to_string(), false));
    assert_eq!(
        names(&state, &state.region(at(&state, "a1")).unwrap()),
        ["a1"]
    );
}

#[test]
fn diagonal_only_contact_forms_a_supergroup_but_not_a_group() {
    // a1 and b2 touch diagonally: one supergroup, two groups. a1 has no
    // breath and is smothered; b2 breathes, as two white supergroups reach
    // its region.
    let mut state = position(
        &[
            ". . . . W",
            ". . . . .",
            ". . . . .",
            "W B . . .",
            "B W . . .",
        ],
        Colour::White,
        0,
    );
    let a1 = at(&state, "a1");
    assert_eq!(names(&state, &state.group(a1).unwrap()), ["a1"]);
    assert_eq!(names(&state, &state.supergroup(a1).unwrap()), ["a1", "b2"]);
    assert_eq!(smothered(&mut state, Colour::Black), ["a1"]);
}

#[test]
fn ruling_placement_removes_enemy_groups_before_reevaluating_friendly_ones() {
    // On the board after b2 both a1 and b2 are smothered (each colour has
    // one supergroup); the enemy goes first, and then b2 breathes.
    let mut state = position(
        &[
            ". . . . .",
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "W . . . .",
        ],
        Colour::Black,
        0,
    );
    play(&mut state, "b2");
    assert_eq!(state.board_string(), "......B..................");
    assert_eq!(state.prison(), -1);
}

#[test]
fn ruling_prison_pairs_cancel_after_every_turn() {
    // Black's a1 has no breath. e5 (no breath) goes first; then a1 and a4
    // (whose breaths only the white wall reaches) follow, while the d5 group
    // now breathes at e5. Three white stones in the prison, one more white
    // and two black: two white stones are left.
    let mut state = position(
        &[
            ". . . B W",
            "B . . B B",
            ". . . . .",
            "W W . . .",
            ". W . . .",
        ],
        Colour::Black,
        -3,
    );
    play(&mut state, "a1");
    assert_eq!(state.board_string(), ".W...WW...........BB...B.");
    assert_eq!(state.prison(), -2);
    // A release takes one stone of the other colour.
    let mut state = new(5, 2);
    play(&mut state, "c3 release");
    assert_eq!(state.prison(), 1);
}

#[test]
fn ruling_repetition_forbids_a_placement_that_undoes_nothing_after_a_release() {
    let mut state = position(
        &[
            "B . . . W",
            ". . . . .",
            ". . . . .",
            "W W . . .",
            ". W . . B",
        ],
        Colour::Black,
        1,
    );
    play(&mut state, "c3 release");
    // a1 has no breath and removes nothing: the board would be as after c3.
    assert_eq!(
        illegal(&mut state, "a1"),
        "a1: the board would repeat your previous turn"
    );
    let mut buf = Vec::new();
    state.legal_actions(&mut buf);
    assert!(!buf.contains(&at(&state, "a1")));
    assert!(buf.contains(&at(&state, "d3")));
    play(&mut state, "d3");
}

#[test]
fn ruling_repetition_forbids_a_release_after_a_placement_that_changed_nothing() {
    // White's e1 has no breath and removes nothing, so the board is as Black
    // left it: Black's release would leave it so again.
    let mut state = position(
        &[
            "W . . . W",
            ". . . . .",
            ". . . . .",
            ". . . B B",
            "B . . B .",
        ],
        Colour::Black,
        -1,
    );
    play(&mut state, "c4 e1");
    assert_eq!(state.prison(), -2);
    assert_eq!(
        illegal(&mut state, "release"),
        "release: the board would repeat your previous turn"
    );
    play(&mut state, "b4");
    // White's release after a changing turn is not a repetition; Black's
    // first turn had nothing to compare with.
    assert_eq!(
        illegal(&mut state, "release"),
        "release: the prison holds no black stone"
    );
}

#[test]
fn ruling_no_counter_annihilation_protects_the_annihilating_stone() {
    // b2 removes White's only stone. With black stones in the prison White
    // may release, but no placement: each would smother b2.
    let mut state = position(
        &[
            ". . . . .",
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "W . . . .",
        ],
        Colour::Black,
        2,
    );
    play(&mut state, "b2");
    assert_eq!(state.protected_point(), Some(at(&state, "b2")));
    assert_eq!(illegal(&mut state, "d4"), "d4: it would counter-annihilate");
    let mut buf = Vec::new();
    state.legal_actions(&mut buf);
    assert_eq!(buf, [25]);
    play(&mut state, "release");
    assert_eq!(
        state.protected_point(),
        None,
        "the protection lasts one turn"
    );
}

#[test]
fn a_player_with_no_legal_action_loses() {
    // As above with an empty prison: White has no legal action.
    let mut state = position(
        &[
            ". . . . .",
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "W . . . .",
        ],
        Colour::Black,
        0,
    );
    play(&mut state, "b2");
    assert!(state.is_terminal());
    assert_eq!(state.winner(), Some(Colour::Black));
    assert_eq!(state.returns(), [1.0, -1.0]);
    assert_eq!(state.ending(), Some(Ending::Annihilated));
    assert_eq!(illegal(&mut state, "d4"), "d4: the game is over");
    let mut buf = vec![1];
    state.legal_actions(&mut buf);
    assert!(buf.is_empty());
    assert_eq!(state.random_action(&mut Rng::new(1), &mut buf), None);
}

#[test]
fn illegal_actions_are_refused_with_a_reason_and_change_nothing() {
    let mut state = new(5, 0);
    assert_eq!(illegal(&mut state, "a1"), "a1: the point is occupied");
    assert_eq!(
        illegal(&mut state, "release"),
        "release: the prison holds no white stone"
    );
    play(&mut state, "c3");
    assert_eq!(illegal(&mut state, "C3"), "c3: the point is occupied");
    assert!(state.parse_action("pass").is_err());
    assert!(state.parse_action("f1").is_err());
}

#[test]
fn options_are_checked() {
    let bad =
        |pairs: Vec<(&str, OptionValue)>| Anadil::from_options(&mut Options::new(pairs)).err();
    let message = |pairs| bad(pairs).map(|e: Error| e.to_string()).unwrap_or_default();
    assert!(message(vec![("size", OptionValue::Int(6))]).contains("odd"));
    assert!(bad(vec![("size", OptionValue::Int(3))]).is_some());
    assert!(bad(vec![("size", OptionValue::Int(27))]).is_some());
    assert!(message(vec![("komi", OptionValue::Int(-1))]).contains("komi"));
    assert!(bad(vec![("komi", OptionValue::Float(1.5))]).is_some());
    assert!(bad(vec![
        ("size", OptionValue::Int(25)),
        ("komi", OptionValue::Int(40))
    ])
    .is_none());
    let state = new(7, 4);
    assert_eq!(
        state.options(),
        vec![("size", OptionValue::Int(7)), ("komi", OptionValue::Int(4))]
    );
    let default = AnyPosition::new("anadil", &mut Options::default()).unwrap();
    assert_eq!(default.board().side(), 15);
}

/// For a mover with no stone, the look by region finds a surely legal
/// placement exactly when trying every empty point does.
#[test]
fn a_surely_legal_placement_is_found_by_region_as_by_every_point() {
    let mut buf = Vec::new();
    let mut lone_turns = 0;
    for game in 0..40 {
        let mut state = new(9, 0);
        let mut rng = Rng::for_game(7, game);
        while let Some(action) = state.random_action(&mut rng, &mut buf) {
            let every_point = state.open.as_slice().iter().any(|&p| state.surely_legal(p));
            assert_eq!(
                state.some_surely_legal(),
                every_point,
                "game {game} ply {}",
                state.turn.plies()
            );
            lone_turns += usize::from(state.stones[state.turn.to_move().index()] == 0);
            state.apply_unchecked(action);
        }
    }
    assert!(
        lone_turns > 100,
        "{lone_turns} turns of a mover with no stone"
    );
}
