use super::engine::Engine;
use super::judge::Verdict;
use super::*;
use crate::core::{on_width, Wide, Width};
use crate::games::vectors::play;
use crate::games::{fixtures, vectors, AnyPosition};
use crate::playout::playout;

fn new(size: i64, pie: bool) -> Lingarda {
    let mut options = Options::new([
        ("size", OptionValue::Int(size)),
        ("pie", OptionValue::Bool(pie)),
    ]);
    Lingarda::from_options(&mut options).unwrap()
}

/// The position `state` starts from, with its tables in the wide kind
/// whatever its board (the wide kind is otherwise only for boards of more
/// than 255 points).
fn widened(mut state: Lingarda) -> Lingarda {
    state.engine = AnyEngine::Wide(Box::new(Engine::<Wide>::new(state.board)));
    state
}

/// The cells of the board's points, without the padding past them.
fn board_cells(state: &Lingarda) -> &[u8] {
    state.cells()
}

/// Puts `stone` on the empty point `p`, leaving the sight tables for
/// [`rebuild_sight`].
fn set_cell(state: &mut Lingarda, p: Point, stone: u8) {
    fn set<W: Width>(e: &mut Engine<W>, p: Point, stone: u8) {
        e.cells[W::of(p)] = stone;
        e.open.remove(p);
    }
    on_width!(&mut state.engine, e => set(e, p, stone));
}

/// Rebuilds the sight tables from the cells.
fn rebuild_sight(state: &mut Lingarda) {
    on_width!(&mut state.engine, e => e.rebuild_sight());
}

/// The sight tables' entries, to compare.
fn sight_entries(state: &Lingarda) -> Vec<u32> {
    on_width!(&state.engine, e => e.sight.entries())
}

/// The sight tables of `state` as a rebuild from its cells makes them.
fn rebuilt_sight_entries(state: &Lingarda) -> Vec<u32> {
    let mut rebuilt = state.clone();
    rebuild_sight(&mut rebuilt);
    sight_entries(&rebuilt)
}

/// The weighing of `p` for the mover, exact or for legality only.
fn weigh(state: &mut Lingarda, p: Point, exact: bool) -> Verdict {
    let mover = state.turn.to_move();
    on_width!(&mut state.engine, e => e.verdict(p, mover, exact))
}

/// Whether `p` is known lifeless for `mover`.
fn is_known_lifeless(state: &Lingarda, mover: Colour, p: Point) -> bool {
    fn contains<W: Width>(e: &Engine<W>, mover: Colour, p: Point) -> bool {
        e.lifeless.contains(mover, W::of(p))
    }
    on_width!(&state.engine, e => contains(e, mover, p))
}

/// The stone to name for the last weighed candidate, if it strands one.
fn stranded_to_name(state: &Lingarda) -> (Point, bool) {
    let mover = state.turn.to_move();
    on_width!(&state.engine, e => e.stranded_to_name(mover))
}

fn point(state: &Lingarda, name: &str) -> Point {
    state.board.parse_point(name).unwrap()
}

/// A hand-drawn position: `"B: a1 b2 W: c3"`, with `to_move` to play.
fn position(size: i64, stones: &str, to_move: Colour) -> Lingarda {
    let mut state = new(size, false);
    let mut colour = Colour::Black;
    for token in stones.split_whitespace() {
        match token {
            "B:" => colour = Colour::Black,
            "W:" => colour = Colour::White,
            name => {
                let p = point(&state, name);
                assert_eq!(state.cells()[p as usize], EMPTY, "{name} twice");
                set_cell(&mut state, p, colour.stone());
                state.stones[colour.index()] += 1;
            }
        }
    }
    rebuild_sight(&mut state);
    state.turn.set_to_move(to_move);
    state
}

fn error(state: &mut Lingarda, text: &str) -> String {
    let action = state.parse_action(text).unwrap();
    state.apply(action).unwrap_err().to_string()
}

fn legal(state: &mut Lingarda) -> Vec<Action> {
    let mut out = Vec::new();
    state.legal_actions(&mut out);
    out
}

fn names(state: &Lingarda, points: &[Point]) -> Vec<String> {
    points
        .iter()
        .map(|&p| state.board.name(p).to_string())
        .collect()
}

/// The black stones with a lifeline, by name.
fn black_lifelines(state: &Lingarda) -> Vec<String> {
    names(state, &state.lifelines()[0])
}

fn preview(state: &mut Lingarda, at: &str) -> Preview {
    let p = point(state, at);
    state.preview(p).unwrap()
}

// ---------------------------------------------------------------------------
// The naive reference: a literal transcription of RULES.md §6, walking rays
// by coordinates, recomputing every lifeline from nothing each time.

const VECTORS: [(i32, i32); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];

/// The stones with a lifeline: start from none and add every stone with a
/// ray of at least one empty point that leaves the board or ends at a
/// friendly stone already in the set, until nothing changes.
fn naive_lifelines(board: &Board, cells: &[u8]) -> Vec<bool> {
    let mut has = vec![false; cells.len()];
    loop {
        let mut changed = false;
        for s in 0..cells.len() {
            if cells[s] == EMPTY || has[s] {
                continue;
            }
            let (c0, r0) = board.coords(s as Point);
            for &(dc, dr) in &VECTORS {
                let (mut c, mut r) = (c0 as i32, r0 as i32);
                let mut empties = 0;
                let end = loop {
                    c += dc;
                    r += dr;
                    match board.at(c, r) {
                        None => break None,
                        Some(q) if cells[q as usize] == EMPTY => empties += 1,
                        Some(q) => break Some(q as usize),
                    }
                };
                let lifeline = empties >= 1
                    && match end {
                        None => true,
                        Some(t) => cells[t] == cells[s] && has[t],
                    };
                if lifeline {
                    has[s] = true;
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            return has;
        }
    }
}

#[derive(Debug, PartialEq)]
enum NaiveVerdict {
    Legal(Vec<u8>),
    NoLifeline,
    Stranded(Vec<Point>),
}

/// Places `colour` at the empty `p`: the new stone needs a lifeline; every
/// enemy stone without one flips; then every stone of the mover needs one.
fn naive_place(board: &Board, cells: &[u8], p: Point, colour: Colour) -> NaiveVerdict {
    let mut after = cells.to_vec();
    after[p as usize] = colour.stone();
    let has = naive_lifelines(board, &after);
    if !has[p as usize] {
        return NaiveVerdict::NoLifeline;
    }
    for s in 0..after.len() {
        if after[s] == colour.opponent().stone() && !has[s] {
            after[s] = colour.stone();
        }
    }
    let has = naive_lifelines(board, &after);
    let stranded: Vec<Point> = (0..after.len())
        .filter(|&s| after[s] == colour.stone() && !has[s])
        .map(|s| s as Point)
        .collect();
    if stranded.is_empty() {
        NaiveVerdict::Legal(after)
    } else {
        NaiveVerdict::Stranded(stranded)
    }
}

/// Scores: stones, plus regions whose touching stones are strictly more of
/// one colour, plus the half point.
fn naive_scores(board: &Board, cells: &[u8], last_placer: Option<Colour>) -> [f64; 2] {
    let mut scores = [0.0; 2];
    for &cell in cells {
        if let Some(c) = Colour::of_cell(cell) {
            scores[c.index()] += 1.0;
        }
    }
    let mut region_of = vec![usize::MAX; cells.len()];
    let mut regions = 0;
    for start in 0..cells.len() {
        if cells[start] != EMPTY || region_of[start] != usize::MAX {
            continue;
        }
        let mut members = vec![start];
        region_of[start] = regions;
        let mut i = 0;
        while i < members.len() {
            for &q in board.neighbours(members[i] as Point) {
                if cells[q as usize] == EMPTY && region_of[q as usize] == usize::MAX {
                    region_of[q as usize] = regions;
                    members.push(q as usize);
                }
            }
            i += 1;
        }
        let mut touching = std::collections::BTreeSet::new();
        for &m in &members {
            for &q in board.neighbours(m as Point) {
                if cells[q as usize] != EMPTY {
                    touching.insert(q);
                }
            }
        }
        let black = touching
            .iter()
            .filter(|&&q| cells[q as usize] == Colour::Black.stone())
            .count();
        let white = touching.len() - black;
        if black > white {
            scores[0] += members.len() as f64;
        } else if white > black {
            scores[1] += members.len() as f64;
        }
        regions += 1;
    }
    if let Some(c) = last_placer {
        scores[c.index()] += 0.5;
    }
    scores
}

// ---------------------------------------------------------------------------

#[test]
fn vectors_replay_exactly_with_every_counter() {
    vectors::replay("lingarda", |state, expected, at| {
        let AnyPosition::Lingarda(lingarda) = state else {
            panic!()
        };
        assert_eq!(
            lingarda.swapped(),
            expected["swapped"].as_bool().unwrap(),
            "{at}"
        );
        let passes = expected["consecutive_passes"].as_i64().unwrap();
        assert_eq!(i64::from(lingarda.consecutive_passes()), passes, "{at}");
        assert_eq!(
            lingarda.last_placer().map(Colour::name),
            expected["last_placer"].as_str(),
            "{at}: last placer"
        );
        let want = [
            expected["scores"]["black"].as_f64().unwrap(),
            expected["scores"]["white"].as_f64().unwrap(),
        ];
        assert_eq!(
            lingarda.score_breakdown().totals(),
            want,
            "{at}: score breakdown"
        );
    });
}

#[test]
fn ruling_lifelines_an_edge_stone_has_no_lifeline_toward_the_outside() {
    // a1 is a corner: its three inward neighbours are white, and its three
    // outward rays hold no empty point.
    let mut state = position(3, "W: b1 a2 b2", Colour::Black);
    assert_eq!(
        error(&mut state, "a1"),
        "a1: the stone would have no lifeline"
    );
    let view = preview(&mut state, "a1");
    assert_eq!(names(&state, &view.lifelines[0]), Vec::<String>::new());
    assert_eq!(
        view.reason.as_deref(),
        Some("the stone would have no lifeline")
    );
    // An edge stone with one empty point on its inward ray has one.
    let mut state = position(3, "W: a2 b2", Colour::Black);
    play(&mut state, "a1");
}

#[test]
fn ruling_lifelines_adjacent_friendly_stones_do_not_share() {
    // b1 has a lifeline of its own, but a1 touches it with no empty point
    // between them.
    let mut state = position(3, "B: b1 W: a2 b2", Colour::Black);
    assert_eq!(black_lifelines(&state), ["b1"]);
    assert_eq!(
        error(&mut state, "a1"),
        "a1: the stone would have no lifeline"
    );
    // One empty point between them, and a1 sees c1's lifeline.
    let mut state = position(3, "B: c1 W: a2 b2", Colour::Black);
    let view = preview(&mut state, "a1");
    assert_eq!(names(&state, &view.lifelines[0]), ["a1", "c1"]);
    play(&mut state, "a1");
}

#[test]
fn ruling_lifelines_a_chain_of_sight_reaches_the_edge() {
    // b4 sees d4 across c4, d4 sees f4 across e4, f4 sees the edge across g4;
    // every other ray of the three is closed by an adjacent white stone.
    let walls = "W: c5 b5 a4 a3 b3 e5 d5 c3 d3 g5 f5 e3 f3";
    let state = position(4, &format!("B: b4 d4 f4 {walls}"), Colour::Black);
    assert_eq!(black_lifelines(&state), ["b4", "d4", "f4"]);
    assert_eq!(
        naive_lifelines(state.board, board_cells(&state)),
        state.lifeline_flags(NO_POINT)
    );
    // Close the edge ray: the three still see each other, but sight alone
    // grounds nothing (the smallest closed set is empty).
    let state = position(4, &format!("B: b4 d4 f4 {walls} g4"), Colour::Black);
    assert_eq!(black_lifelines(&state), Vec::<String>::new());
    assert_eq!(
        naive_lifelines(state.board, board_cells(&state)),
        state.lifeline_flags(NO_POINT)
    );
}

#[test]
fn placement_is_illegal_when_a_flipped_stone_would_lack_a_lifeline() {
    // White a1 lives up its column. Black a2 cuts it off: a1 flips, and as a
    // black stone it only touches stones, so the move is illegal.
    let mut state = position(3, "W: a1 B: b1 b2", Colour::Black);
    let before = state.board_string();
    assert_eq!(
        error(&mut state, "a2"),
        "a2: your stone at a1 would be left without a lifeline once flipped"
    );
    assert_eq!(state.board_string(), before);
    let view = preview(&mut state, "a2");
    assert_eq!(names(&state, &view.flips), ["a1"]);
    assert!(view.reason.is_some(), "illegal");
    // Black a3 also cuts a1 off, but the flipped a1 then sees a3 across a2.
    play(&mut state, "a3");
    assert_eq!(state.cell(point(&state, "a1")), Some(Colour::Black));
    assert_eq!(state.stones, [4, 0]);
}

#[test]
fn placement_is_illegal_when_an_own_stone_would_lose_its_lifeline() {
    // Black a1 lives only up its column; Black's own stone on a2 would close it.
    let mut state = position(3, "B: a1 W: b1 b2", Colour::Black);
    assert_eq!(
        error(&mut state, "a2"),
        "a2: your stone at a1 would be left without a lifeline"
    );
    play(&mut state, "a3");
}

#[test]
fn placement_is_legal_when_the_flip_gives_back_the_lifelines_it_took() {
    // White a4 leaves White a1 and a3 without a lifeline before the flip,
    // and Black d1 and d7 too. Those two flip, and through them a1 and a3
    // find a lifeline again: the move is legal. (The fast test settles a
    // stranded friend before the flip only when no flip could reach it;
    // here one does.)
    let mut state = position(4, "B: d1 b3 f6 d7 e7 W: a1 a3 f3 g6", Colour::White);
    let view = preview(&mut state, "a4");
    assert_eq!(names(&state, &view.lifelines[1]), ["f3", "a4", "g6"]);
    assert_eq!(names(&state, &view.flips), ["d1", "d7"]);
    assert_eq!(view.reason, None, "legal");
    let a4 = point(&state, "a4");
    let NaiveVerdict::Legal(after) =
        naive_place(state.board, board_cells(&state), a4, Colour::White)
    else {
        panic!("the reference finds a4 illegal");
    };
    play(&mut state, "a4");
    assert_eq!(board_cells(&state), after);
    assert_eq!(state.stones, [3, 7]);
    let has = naive_lifelines(state.board, board_cells(&state));
    assert!(state
        .cells()
        .iter()
        .zip(&has)
        .all(|(&c, &has)| c == EMPTY || has));
}

#[test]
fn placement_flips_every_enemy_stone_without_a_lifeline_at_once() {
    // White a1 sees only a3 (across a2); a3 lives along its diagonal b4 c5.
    let mut state = position(3, "W: a1 a3 B: b1 b2 c3", Colour::Black);
    let flags = naive_lifelines(state.board, board_cells(&state));
    assert!(
        state
            .cells()
            .iter()
            .zip(&flags)
            .all(|(&c, &f)| c == EMPTY || f),
        "the position is valid"
    );
    // b4 closes the diagonal: a1 and a3 now only see each other, and both
    // flip; as black stones a3 sees c3 across b3.
    let view = preview(&mut state, "b4");
    assert_eq!(names(&state, &view.flips), ["a1", "a3"]);
    assert_eq!(names(&state, &view.lifelines[1]), Vec::<String>::new());
    play(&mut state, "b4");
    assert_eq!(state.board_string().matches('W').count(), 0);
    assert_eq!(state.stones, [6, 0]);
}

#[test]
fn enclosure_a_majority_tie_owns_nothing() {
    // Side 2: one black and one white stone touch the single region.
    let mut state = position(2, "B: a1 W: c3", Colour::Black);
    assert_eq!(state.score().enclosures, [0, 0]);
    // Distinct stones count, not contacts: b2 touches all four empty points,
    // yet a1 and b1 are two black stones to its one.
    let mut state = position(2, "B: a1 b1 W: b2", Colour::Black);
    assert_eq!(state.score().enclosures, [4, 0]);
    let mut state = position(2, "B: a1 W: b2", Colour::Black);
    assert_eq!(
        state.score().enclosures,
        [0, 0],
        "a2 b1 c2 b3 c3 tie 1 to 1"
    );
}

#[test]
fn enclosures_view_names_each_points_owner_and_sums_to_the_score() {
    // Side 2: a1 and b1 are two black stones to b2's one around the single
    // region a2 c2 b3 c3, so Black owns it; stones have no owner.
    let mut state = position(2, "B: a1 b1 W: b2", Colour::Black);
    let owners = state.enclosure_owners();
    assert_eq!(owners.len(), 7, "an owner per point");
    let owned: Vec<(&str, Colour)> = (0..7)
        .filter_map(|p| Some((state.board.name(p as Point), owners[p]?)))
        .collect();
    let black = Colour::Black;
    assert_eq!(
        owned,
        [("a2", black), ("c2", black), ("b3", black), ("c3", black)]
    );
    let mut tie = position(2, "B: a1 W: b2", Colour::Black);
    assert_eq!(tie.enclosure_owners(), vec![None; 7]);
}

#[test]
fn score_counts_stones_enclosures_and_the_half_point_of_the_last_placement() {
    let mut state = new(2, false);
    assert_eq!(state.scores(), Some([0.0, 0.0]));
    play(&mut state, "a1 c3");
    let score = state.score_breakdown();
    assert_eq!(score.stones[0], 1);
    assert_eq!(score.enclosures[0], 0);
    assert_eq!(score.half_point[0], 0.0);
    assert_eq!(score.half_point[1], 0.5);
    assert_eq!(score.totals()[1], 1.5);
    assert_eq!(state.scores(), Some([1.0, 1.5]));
}

#[test]
fn pass_is_legal_only_when_no_placement_is_and_two_in_a_row_end_the_game() {
    let mut state = new(3, false);
    assert_eq!(
        error(&mut state, "pass"),
        "pass: pass is legal only when no placement is"
    );
    let mut rng = Rng::new(5);
    let mut buf = Vec::new();
    let mut history = Vec::new();
    while let Some(action) = state.random_action(&mut rng, &mut buf) {
        let options = legal(&mut state);
        if action == state.pass_action() {
            assert_eq!(options, [action], "pass only when it is the only action");
        }
        state.apply(action).unwrap();
        history.push(action);
    }
    let pass = state.pass_action();
    assert_eq!(history[history.len() - 2..], [pass, pass]);
    assert!(state.is_terminal());
    assert_eq!(
        state.winner(),
        Some(fixtures::ahead(state.scores().unwrap()))
    );
    assert!(legal(&mut state).is_empty());
    assert_eq!(error(&mut state, "pass"), "pass: the game is over");
}

#[test]
fn swap_exchanges_seats_and_keeps_board_and_colour_to_move() {
    let mut state = new(4, true);
    assert_eq!(state.num_actions(), 39);
    assert_eq!(
        error(&mut state, "swap"),
        "swap: swap is offered only to the second player, on its first turn"
    );
    play(&mut state, "d4");
    let board = state.board_string();
    assert_eq!(*legal(&mut state).last().unwrap(), state.pass_action() + 1);
    play(&mut state, "swap");
    assert!(state.swapped());
    assert_eq!(state.to_move(), Colour::White);
    assert_eq!(state.board_string(), board);
    assert!(
        state.check(state.pass_action() + 1).is_err(),
        "offered once only"
    );
    play(&mut state, "a1");
    assert_eq!(state.to_move(), Colour::Black);
    let no_pie = new(4, false);
    assert!(
        no_pie.parse_action("swap").is_err(),
        "no swap action without the pie rule"
    );
    assert_eq!(no_pie.num_actions(), 38);
}

#[test]
fn options_are_checked() {
    let make =
        |pairs: Vec<(&str, OptionValue)>| AnyPosition::new("lingarda", &mut Options::new(pairs));
    for bad in [
        vec![("size", OptionValue::Int(1))],
        vec![("size", OptionValue::Int(26))],
        vec![("size", OptionValue::Float(9.0))],
        vec![("pie", OptionValue::Int(1))],
        vec![("komi", OptionValue::Int(1))],
    ] {
        let err = make(bad.clone()).unwrap_err();
        assert!(
            matches!(err, Error::Option(_) | Error::OptionValue { .. }),
            "{bad:?}: {err}"
        );
    }
    assert_eq!(
        make(vec![("size", OptionValue::Int(1))])
            .unwrap_err()
            .to_string(),
        "size must be from 2 to 25, got 1"
    );
    let default = make(vec![]).unwrap();
    assert_eq!(
        default.options(),
        vec![
            ("size", OptionValue::Int(9)),
            ("pie", OptionValue::Bool(true))
        ]
    );
    assert_eq!(default.num_actions(), 219);
    assert!(make(vec![
        ("size", OptionValue::Int(25)),
        ("pie", OptionValue::Bool(false))
    ])
    .is_ok());
}

/// Everything an illegal action must leave as it was.
#[derive(Debug, PartialEq)]
struct Snapshot {
    board: String,
    to_move: Colour,
    swapped: bool,
    consecutive_passes: u8,
    last_placer: Option<Colour>,
    legal: Vec<Action>,
    scores: [f64; 2],
    sight: Vec<u32>,
}

fn snapshot(state: &mut Lingarda) -> Snapshot {
    Snapshot {
        board: state.board_string(),
        to_move: state.turn.to_move(),
        swapped: state.turn.swapped(),
        consecutive_passes: state.turn.consecutive_passes(),
        last_placer: state.last_placer,
        legal: legal(state),
        scores: state.scores().unwrap(),
        sight: sight_entries(state),
    }
}

#[test]
fn illegal_actions_name_themselves_and_leave_the_state_untouched() {
    let mut rng = Rng::new(17);
    let mut buf = Vec::new();
    let mut reasons = std::collections::BTreeSet::new();
    for game in 0..30 {
        let mut state = new(2 + game % 4, true);
        if game % 2 == 1 {
            state = widened(state);
        }
        while let Some(action) = state.random_action(&mut rng, &mut buf) {
            let before = snapshot(&mut state);
            let legal = before.legal.clone();
            for a in 0..state.num_actions() as Action {
                if legal.contains(&a) {
                    continue;
                }
                let text = state.action_text(a).unwrap();
                let err = state.apply(a).unwrap_err();
                let Error::Illegal(message) = &err else {
                    panic!("{err:?}")
                };
                assert!(message.starts_with(&format!("{text}: ")), "{message}");
                reasons.insert(
                    message[text.len() + 2..]
                        .split(" at ")
                        .next()
                        .unwrap()
                        .to_string(),
                );
                assert_eq!(snapshot(&mut state), before, "{message}");
            }
            state.apply(action).unwrap();
        }
    }
    for reason in [
        "the point is occupied",
        "the stone would have no lifeline",
        "your stone",
    ] {
        assert!(reasons.contains(reason), "{reason} never seen: {reasons:?}");
    }
}

/// The fast engine against the literal reference on every empty point of
/// every position of many random games: legality and its reason, the board
/// after each move (flips), the lifelines view, the scores, and the
/// invariant that between turns every stone has a lifeline.
#[test]
fn fast_placement_test_matches_the_naive_reference() {
    let mut rng = Rng::new(2024);
    let mut buf = Vec::new();
    let (mut stranded, mut no_lifeline, mut passes, mut known_lifeless) = (0, 0, 0, 0);
    for game in 0..240 {
        let size = [2, 3, 4, 5, 6, 3, 4, 5][game % 8] + if game % 60 == 59 { 2 } else { 0 };
        let mut state = new(size as i64, game % 2 == 0);
        if game % 3 == 1 {
            state = widened(state);
        }
        while let Some(action) = state.random_action(&mut rng, &mut buf) {
            let at = format!("game {game} size {size} ply {}", state.turn.plies());
            let mover = state.turn.to_move();
            let mut naive_legal = Vec::new();
            for p in 0..state.board.points() as Point {
                if state.cells()[p as usize] != EMPTY {
                    continue;
                }
                let naive = naive_place(state.board, board_cells(&state), p, mover);
                if is_known_lifeless(&state, mover, p) {
                    assert_eq!(naive, NaiveVerdict::NoLifeline, "{at}: known lifeless");
                    known_lifeless += 1;
                }
                let fast = weigh(&mut state, p, true);
                let quick = weigh(&mut state, p, false);
                assert!(
                    match quick {
                        Verdict::Legal => fast == Verdict::Legal,
                        Verdict::NoLifeline => fast == Verdict::NoLifeline,
                        Verdict::Stranded => fast == Verdict::Stranded,
                        Verdict::Illegal => fast != Verdict::Legal,
                    },
                    "{at} {}: exact {fast:?}, for legality {quick:?}",
                    state.board.name(p)
                );
                match (&naive, fast) {
                    (NaiveVerdict::Legal(_), Verdict::Legal) => naive_legal.push(p),
                    (NaiveVerdict::NoLifeline, Verdict::NoLifeline) => no_lifeline += 1,
                    (NaiveVerdict::Stranded(list), Verdict::Stranded) => {
                        stranded += 1;
                        let (named, _) = stranded_to_name(&state);
                        assert!(
                            list.contains(&named),
                            "{at}: {} named, stranded {list:?}",
                            state.board.name(named)
                        );
                    }
                    _ => panic!(
                        "{at} {}: naive {naive:?}, fast {fast:?}",
                        state.board.name(p)
                    ),
                }
            }
            let fast_legal = legal(&mut state);
            let placements: Vec<Action> = fast_legal
                .iter()
                .copied()
                .filter(|&a| a < state.pass_action())
                .collect();
            assert_eq!(placements, naive_legal, "{at}: legal placements");
            if placements.is_empty() {
                assert_eq!(fast_legal[0], state.pass_action(), "{at}");
                passes += 1;
            }
            if let Some(&p) = naive_legal.get(rng.below(naive_legal.len().max(1))) {
                // The teaching view agrees with the reference before the flip.
                let mut imagined = board_cells(&state).to_vec();
                imagined[p as usize] = mover.stone();
                assert_eq!(
                    state.lifeline_flags(p),
                    naive_lifelines(state.board, &imagined),
                    "{at}"
                );
            }

            let want = (action < state.pass_action())
                .then(|| naive_place(state.board, board_cells(&state), action, mover));
            state.apply(action).unwrap();
            match want {
                Some(NaiveVerdict::Legal(cells)) => {
                    assert_eq!(board_cells(&state), cells, "{at}: board after the move")
                }
                Some(other) => panic!("{at}: random placement judged {other:?}"),
                None => {}
            }
            assert!(
                rebuilt_sight_entries(&state) == sight_entries(&state),
                "{at}: the sight tables drifted"
            );
            let has = naive_lifelines(state.board, board_cells(&state));
            for (s, &cell) in board_cells(&state).iter().enumerate() {
                assert!(
                    cell == EMPTY || has[s],
                    "{at}: {} has no lifeline between turns",
                    state.board.name(s as Point)
                );
            }
            let stones =
                [1, 2].map(|c| board_cells(&state).iter().filter(|&&x| x == c).count() as u32);
            assert_eq!(state.stones, stones, "{at}: stone counts");
            assert_eq!(
                state.scores().unwrap(),
                naive_scores(state.board, board_cells(&state), state.last_placer),
                "{at}: scores"
            );
        }
        assert!(state.is_terminal());
    }
    // The random games must have met every case the test is about.
    assert!(
        stranded > 50 && no_lifeline > 500 && passes > 100 && known_lifeless > 100,
        "{stranded} {no_lifeline} {passes} {known_lifeless}"
    );
}

#[test]
fn flips_happen_in_random_games_and_match_the_reference() {
    // Counts moves that flip, to show the comparison above covers them.
    let mut rng = Rng::new(8);
    let mut buf = Vec::new();
    let mut flipping_moves = 0;
    for game in 0..60 {
        let mut state = new(3 + game % 4, false);
        while let Some(action) = state.random_action(&mut rng, &mut buf) {
            let mover = state.turn.to_move();
            let before = state.stones[mover.opponent().index()];
            let expected = (action < state.pass_action())
                .then(|| naive_place(state.board, board_cells(&state), action, mover));
            state.apply_unchecked(action);
            if let Some(NaiveVerdict::Legal(cells)) = expected {
                assert_eq!(board_cells(&state), cells);
                if state.stones[mover.opponent().index()] < before {
                    flipping_moves += 1;
                }
            }
        }
    }
    assert!(flipping_moves > 20, "{flipping_moves}");
}

/// The rejection sampler picks every legal placement about equally often,
/// and nothing else, from a position where many points are illegal.
#[test]
fn random_placements_are_uniform_over_the_legal_ones() {
    let mut rng = Rng::new(31);
    let mut buf = Vec::new();
    let mut start = new(4, false);
    // Play until about half the open points are illegal for the mover.
    loop {
        let legal = legal(&mut start);
        let open = start.cells().iter().filter(|&&c| c == EMPTY).count();
        if legal.len() * 2 <= open && legal.len() >= 4 || legal == [start.pass_action()] {
            break;
        }
        let action = start.random_action(&mut rng, &mut buf).unwrap();
        start.apply(action).unwrap();
    }
    let legal = legal(&mut start);
    assert!(legal.len() >= 4, "{legal:?}");
    let draws = 400 * legal.len();
    let mut counts = vec![0usize; start.num_actions()];
    let mut state = start.clone();
    for _ in 0..draws {
        state.clone_from(&start);
        counts[state.random_action(&mut rng, &mut buf).unwrap() as usize] += 1;
    }
    for (action, &count) in counts.iter().enumerate() {
        if legal.contains(&(action as Action)) {
            assert!(
                (300..=500).contains(&count),
                "{}: {count} of {draws}",
                state.action_text(action as Action).unwrap()
            );
        } else {
            assert_eq!(
                count,
                0,
                "{} is illegal",
                state.action_text(action as Action).unwrap()
            );
        }
    }
}

/// The largest board (1801 points) stays within the sight table's encoding:
/// a whole random game keeps the table equal to one rebuilt from the cells.
#[test]
fn the_largest_board_plays_to_the_end_with_a_consistent_sight_table() {
    let mut state = new(25, true);
    let mut rng = Rng::new(4);
    let outcome = playout(&mut state, &mut rng, usize::MAX, &mut Vec::new());
    assert!(outcome.finished && outcome.length > 1000, "{outcome:?}");
    assert!(rebuilt_sight_entries(&state) == sight_entries(&state));
    let flags = state.lifeline_flags(NO_POINT);
    assert!(state
        .cells()
        .iter()
        .zip(&flags)
        .all(|(&c, &f)| c == EMPTY || f));
}
