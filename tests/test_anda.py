"""Anda (RULES.md §4) through the Python API."""

from __future__ import annotations

import numpy as np
import pytest
import stonefield
from hypothesis import given
from hypothesis import strategies as st
from stonefield import Colour, IllegalMoveError

from tests import vectors
from tests.helpers import play

PLAYOUTS = vectors.playouts("anda")


@pytest.mark.parametrize("playout", PLAYOUTS, ids=list(vectors.ids("anda")))
def test_vector_replays_exactly(playout):
    def counters(state, expected, at):
        assert state.prisoners == {Colour(k): v for k, v in expected["prisoners"].items()}, at
        assert state.first_pass == expected["first_pass"], at
        assert state.consecutive_passes == expected["consecutive_passes"], at
        done = {Colour(k): v for k, v in expected["first_turn_done"].items()}
        assert state.first_turn_done == done, at
        assert state.pending_stone == expected["pending_stone"], at
        vectors.check_scores(state, expected, at)

    vectors.replay(playout, counters)


def test_illegal_placements_name_the_reason():
    state = play(stonefield.Anda(size=3).start(), "c3")
    with pytest.raises(IllegalMoveError, match=r"^b3: adjacent to your first stone"):
        state.play("b3")
    with pytest.raises(IllegalMoveError, match=r"^pass: the first turn's second stone"):
        state.play("pass")
    with pytest.raises(IllegalMoveError, match=r"^c3: the point is occupied"):
        state.play("c3")
    # White's a1 in the corner between Black's b1, a2 and b2 has no liberty.
    state = play(stonefield.Anda(size=3).start(), "b1 e5 c3 c5 a2 e3 b2")
    assert state.to_move == Colour.WHITE
    before = state.record()
    with pytest.raises(IllegalMoveError, match=r"^a1: the stone's group would be smothered"):
        state.play("a1")
    assert state.record() == before
    assert not state.is_legal("a1")


def test_score_breakdown_and_half_point_for_the_first_pass():
    state = play(stonefield.Anda(size=3, komi=2).start(), "a3 e3 c1 c5 a1 pass")
    assert state.first_pass == Colour.WHITE
    score = state.score()
    white = score[Colour.WHITE]
    assert white.komi == 2.0 and white.half_point == 0.5
    for parts in score.values():
        assert parts.total == sum(v for k, v in parts.to_dict().items() if k != "total")
    assert state.scores() == {c: s.total for c, s in score.items()}
    play(state, "pass")
    assert state.is_over
    black, white_total = score[Colour.BLACK].total, white.total
    assert state.winner == (Colour.BLACK if black > white_total else Colour.WHITE)


def test_breath_lists_a_groups_liberties_and_their_obstructions():
    # Black a1 and e5, White b1 and d5: a1 breathes at a2 and b2, in the big
    # region, which White's two groups both touch.
    state = play(stonefield.Anda(size=3).start(), "a1 e5 b1 d5")
    breath = state.breath("a1")
    assert breath is not None and breath.colour == Colour.BLACK
    assert breath.stones == ["a1"]
    assert [(liberty.point, liberty.obstructions) for liberty in breath.liberties] == [
        ("a2", 2),
        ("b2", 2),
    ]
    assert not breath.smothered
    assert state.smothered() == []
    assert state.breath("c3") is None


def test_territory_and_views():
    state = play(stonefield.Anda(size=2).start(), "a1 c3")
    owners = state.territory()
    assert set(owners.values()) <= {Colour.BLACK}
    assert "b2" in owners


def test_game_by_name_and_defaults():
    game = stonefield.game("Anda", komi=-2)
    assert isinstance(game, stonefield.Anda)
    assert game.options == {"size": 9, "komi": -2}
    assert game.num_actions == 218 and game.specials == ("pass",)
    assert isinstance(game.start(), stonefield.AndaState)


def test_simulate_stops_unfinished_games_at_max_moves():
    result = stonefield.simulate("anda", games=50, seed=3, size=3, max_moves=5)
    assert not result.finished.any()
    assert (result.lengths == 5).all()
    assert (result.winners == stonefield.NO_WINNER).all()
    assert result.summary.unfinished_share == 1.0
    full = stonefield.simulate("anda", games=300, seed=3, size=4)
    assert full.max_moves == 10 * 37
    share = full.summary.unfinished_share
    assert 0 <= share < 0.5
    done = full.finished
    assert set(np.unique(full.winners[done])) <= {stonefield.BLACK, stonefield.WHITE}


def test_simulate_is_the_same_for_one_and_two_threads():
    one = stonefield.simulate("anda", games=300, seed=8, threads=1, size=4)
    two = stonefield.simulate("anda", games=300, seed=8, threads=2, size=4)
    assert one == two


# A literal transcription of the rules, for comparison with the engine.


def neighbours_of(game):
    index = {c: p for p, c in enumerate(game.coords)}
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)]
    return [
        [index[(c + dc, r + dr)] for dc, dr in steps if (c + dc, r + dr) in index]
        for (c, r) in game.coords
    ]


def flood(neighbours, start, inside):
    seen, todo = {start}, [start]
    while todo:
        p = todo.pop()
        for q in neighbours[p]:
            if q not in seen and inside(q):
                seen.add(q)
                todo.append(q)
    return seen


def smothered(neighbours, board, p):
    colour = board[p]
    enemy = "W" if colour == "B" else "B"
    group = flood(neighbours, p, lambda q: board[q] == colour)
    liberties = {q for s in group for q in neighbours[s] if board[q] == "."}
    for liberty in liberties:
        region = flood(neighbours, liberty, lambda q: board[q] == ".")
        enemies = {
            min(flood(neighbours, q, lambda x: board[x] == enemy))
            for r in region
            for q in neighbours[r]
            if board[q] == enemy
        }
        if len(enemies) != 1:
            return False
    return True


def after_placement(neighbours, board, p, colour, remove):
    """The board after `colour` places at `p`, or None when illegal (the
    placement rule only; first turns are handled by the caller)."""
    placed = board[:p] + colour + board[p + 1 :]
    if smothered(neighbours, placed, p):
        return None
    if not remove:
        return placed
    doomed = {
        q for q in range(len(placed)) if placed[q] != "." and smothered(neighbours, placed, q)
    }
    return "".join("." if q in doomed else c for q, c in enumerate(placed))


@given(
    size=st.integers(2, 4),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=40),
)
def test_legality_and_removal_match_the_literal_rules(size, choices):
    state = stonefield.Anda(size=size).start()
    neighbours = neighbours_of(state.game)
    for choice in choices:
        if state.is_over:
            break
        board = state.board_string()
        colour = "B" if state.to_move == Colour.BLACK else "W"
        pending = state.pending_stone
        first_turn = not state.first_turn_done[state.to_move]
        legal = [m for m in state.legal_moves() if m != "pass"]
        names = state.game.point_names
        for p, name in enumerate(names):
            if board[p] != ".":
                assert name not in legal
                continue
            if pending is not None and p in neighbours[names.index(pending)]:
                assert name not in legal
                continue
            ok = after_placement(neighbours, board, p, colour, remove=False) is not None
            if ok and first_turn and pending is None:
                placed = board[:p] + colour + board[p + 1 :]
                ok = any(
                    placed[q] == "."
                    and q not in neighbours[p]
                    and after_placement(neighbours, placed, q, colour, remove=False) is not None
                    for q in range(len(board))
                )
            assert (name in legal) == ok, (state.record(), name)
        moves = state.legal_moves()
        move = moves[choice % len(moves)]
        expected = None
        if move != "pass":
            expected = after_placement(
                neighbours,
                board,
                names.index(move),
                colour,
                remove=not first_turn or pending is not None,
            )
        state.play(move)
        if expected is not None:
            assert state.board_string() == expected, state.record()


@given(
    size=st.integers(2, 5),
    actions=st.lists(st.integers(0, 100), max_size=80),
)
def test_any_action_sequence_keeps_the_invariants(size, actions):
    state = stonefield.Anda(size=size).start()
    n = state.game.num_points
    placements = 0
    for action in actions:
        action %= state.game.num_actions
        before = (state.record(), state.board_string(), state.prisoners)
        if state.is_legal(action):
            state.play(action)
            placements += action < n
        else:
            with pytest.raises(IllegalMoveError):
                state.play(action)
            assert (state.record(), state.board_string(), state.prisoners) == before
        on_board = n - state.board_string().count(".")
        assert sum(state.prisoners.values()) == placements - on_board
        if state.is_over:
            assert state.legal_moves() == []
            assert state.winner is not None
    assert stonefield.load(state.record()) == state
    while state.ply:
        record = state.record()
        state.undo()
        assert record.startswith(state.record().rstrip())
    assert state.board_string() == "." * n
