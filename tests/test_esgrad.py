"""Esgrad (RULES.md §7) through the Python API."""

from __future__ import annotations

import numpy as np
import pytest
import stonefield
from hypothesis import given
from hypothesis import strategies as st
from stonefield import Colour, IllegalMoveError, NotationError

from tests import vectors
from tests.helpers import play, undo_back, walk

PLAYOUTS = vectors.playouts("esgrad")


@pytest.mark.parametrize("playout", PLAYOUTS, ids=list(vectors.ids("esgrad")))
def test_vector_replays_exactly(playout):
    def counters(state, expected, at):
        assert state.consecutive_passes == expected["consecutive_passes"], at
        assert state.first_pass == expected["first_pass"], at
        vectors.check_scores(state, expected, at)

    vectors.replay(playout, counters)


def group_at(state, point):
    """(partitions, value) of the group holding ``point``, from score()."""
    for part in state.score().values():
        for group in part.groups:
            if point in group.points:
                return group.partitions, group.value
    raise AssertionError(f"no group at {point}")


def test_ruling_partitions_a_group_cutting_off_a_corner_point_has_2_worth_3():
    # a1 is a corner of side 3; b1 b2 a2 are all its neighbours.
    state = play(stonefield.Esgrad(size=3).start(), "b1 e5 b2 e4 a2")
    assert group_at(state, "b2") == (2, 3)
    assert state.partitions("a2")[0] == ["a1"]
    assert state.scores() == {Colour.BLACK: 3.0, Colour.WHITE: 1.0}


def test_ruling_partitions_a_lone_stone_is_worth_1():
    for point in ["c3", "a1", "e4"]:
        state = play(stonefield.Esgrad(size=3).start(), point)
        assert group_at(state, point) == (1, 1)
        assert len(state.partitions(point)) == 1


def test_ruling_partitions_a_ring_around_an_empty_point_has_2():
    state = play(stonefield.Esgrad(size=3).start(), "b2 a1 c2 pass d3 pass d4 pass c4 pass b3")
    assert group_at(state, "c2") == (2, 3)
    assert state.partitions("b3")[1] == ["c3"]  # a1 opens the outer part
    # A white stone inside is worth 1, and the ring keeps its 2 partitions.
    state.play("c3")
    assert group_at(state, "c2") == (2, 3)
    assert group_at(state, "c3") == (1, 1)


def test_ruling_partitions_opponent_stones_inside_a_partition_do_not_split_or_merge_it():
    # Black's middle row splits side 3 into two halves of 7; White's row a2-d2
    # inside the lower half does not cut a1 b1 c1 off from Black's row.
    state = play(stonefield.Esgrad(size=3).start(), "a3 a2 b3 b2 c3 c2 d3 d2 e3")
    parts = state.partitions("c3")
    assert [len(part) for part in parts] == [7, 7]
    assert {"a1", "a2", "b1", "b2", "c1", "c2", "d2"} == set(parts[0])
    assert group_at(state, "c3") == (2, 3)
    assert group_at(state, "a2") == (2, 3)  # White's row cuts a1 b1 c1 off
    state.play("c5")
    assert group_at(state, "c3") == (2, 3)


def test_passes_half_point_and_the_end():
    state = stonefield.Esgrad(size=3).start()
    assert state.legal_moves()[-1] == "pass"
    play(state, "pass c3 a1 pass")
    assert (state.first_pass, state.consecutive_passes) == (Colour.BLACK, 1)
    play(state, "e5")
    assert state.consecutive_passes == 0 and not state.is_over
    play(state, "pass pass")
    assert state.is_over and state.legal_moves() == []
    black, white = state.score()[Colour.BLACK], state.score()[Colour.WHITE]
    assert (black.half_point, white.half_point) == (0.5, 0.0)
    assert state.scores() == {Colour.BLACK: 2.5, Colour.WHITE: 1.0}
    assert state.winner == Colour.BLACK
    assert state.colour_returns() == {Colour.BLACK: 1.0, Colour.WHITE: -1.0}


def test_score_breakdown_lists_groups_komi_half_point_and_total():
    state = play(stonefield.Esgrad(size=3, komi=-2).start(), "b1 e5 b2 pass a2")
    assert {colour: part.to_dict() for colour, part in state.score().items()} == {
        Colour.BLACK: {
            "groups": [{"points": ["b1", "a2", "b2"], "partitions": 2, "value": 3}],
            "group_values": 3,
            "komi": 0,
            "half_point": 0.0,
            "total": 3.0,
        },
        Colour.WHITE: {
            "groups": [{"points": ["e5"], "partitions": 1, "value": 1}],
            "group_values": 1,
            "komi": -2,
            "half_point": 0.5,
            "total": -0.5,
        },
    }
    assert state.partitions("c3") is None


def test_illegal_moves_name_the_point_and_the_reason_and_change_nothing():
    state = play(stonefield.Esgrad(size=3).start(), "b2 pass")
    before = (state.record(), state.consecutive_passes, state.first_pass)
    with pytest.raises(IllegalMoveError, match="b2: the point is occupied"):
        state.play("b2")
    assert (state.record(), state.consecutive_passes, state.first_pass) == before
    with pytest.raises(NotationError):
        state.play("swap")
    state.play("pass")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.play("a1")


def test_options_and_the_action_space():
    game = stonefield.game("esgrad")
    assert game.options == {"size": 9, "komi": 0}
    assert (game.num_points, game.num_actions, game.specials) == (217, 218, ("pass",))
    assert stonefield.Esgrad(komi=-3.0).options == {"size": 9, "komi": -3}
    assert stonefield.Esgrad(size=4, komi=2).start().record() == "esgrad size=4 komi=2 ;"


def test_random_playouts_fill_the_board_and_end_with_one_winner():
    result = stonefield.simulate("esgrad", games=2000, seed=5, size=4)
    assert result.finished.all()
    assert (result.lengths == 37 + 2).all()
    assert set(np.unique(result.winners)) <= {stonefield.BLACK, stonefield.WHITE}
    # 37 stones: Black places the last one, so White passes first.
    assert (result.scores[:, 1] % 1 == 0.5).all() and (result.scores[:, 0] % 1 == 0).all()


def naive_partitions(state):
    """Every group's points and partition count by plain flood fills over the
    board's coordinates, literally as Ruling (partitions) says."""
    game = state.game
    index = {xy: p for p, xy in enumerate(game.coords)}

    def neighbours(p):
        c, r = game.coords[p]
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)):
            q = index.get((c + dc, r + dr))
            if q is not None:
                yield q

    board = state.board_string()

    def flood(start, allowed):
        seen, todo = {start}, [start]
        while todo:
            for q in neighbours(todo.pop()):
                if q not in seen and allowed(q):
                    seen.add(q)
                    todo.append(q)
        return seen

    groups, done = [], set()
    for p, cell in enumerate(board):
        if cell == "." or p in done:
            continue
        group = flood(p, lambda q, cell=cell: board[q] == cell)
        done |= group
        rest, parts = set(range(len(board))) - group, 0
        while rest:
            rest -= flood(next(iter(rest)), lambda q, group=group: q not in group)
            parts += 1
        groups.append((sorted(game.point_names[q] for q in group), max(parts, 1)))
    return sorted(groups)


@given(
    size=st.integers(2, 5),
    komi=st.integers(-5, 5),
    choices=st.lists(st.integers(0, 10_000), max_size=80),
)
def test_fast_score_equals_the_naive_reference_and_undo_and_records_round_trip(size, komi, choices):
    state = stonefield.Esgrad(size=size, komi=komi).start()

    def look(s):
        return s.record(), s.board_string(), s.scores()

    seen = walk(state, choices, look)
    score = state.score()
    fast = sorted((sorted(g.points), g.partitions) for part in score.values() for g in part.groups)
    assert fast == naive_partitions(state)
    for colour, part in score.items():
        assert all(g.value == g.partitions * (g.partitions + 1) // 2 for g in part.groups)
        assert part.group_values == sum(g.value for g in part.groups)
        assert part.total == part.group_values + part.komi + part.half_point
        assert part.total == state.scores()[colour]
        for group in part.groups:
            parts = state.partitions(group.points[0])
            assert max(len(parts), 1) == group.partitions
    if state.is_over:
        totals = state.scores()
        assert state.winner == max(totals, key=lambda c: totals[c])
    assert stonefield.load(state.record()) == state
    undo_back(state, seen, look)


@given(st.lists(st.one_of(st.integers(-3, 22), st.text(max_size=4)), max_size=60))
def test_any_action_sequence_never_crashes_and_errors_leave_the_state_unchanged(moves):
    state = stonefield.Esgrad(size=3).start()
    for move in moves:
        before = (state.record(), state.board_string(), state.scores(), state.first_pass)
        try:
            state.play(move)
        except (IllegalMoveError, NotationError):
            after = (state.record(), state.board_string(), state.scores(), state.first_pass)
            assert after == before
