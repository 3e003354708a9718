"""Lingarda (RULES.md §6) through the Python API."""

from __future__ import annotations

import pytest
import stonefield
from hypothesis import given
from hypothesis import strategies as st
from stonefield import Colour, IllegalMoveError, NotationError

from tests import vectors
from tests.helpers import play

PLAYOUTS = vectors.playouts("lingarda")


def stones(state):
    board = state.board_string()
    names = state.game.point_names
    return {
        Colour.BLACK: [names[i] for i, c in enumerate(board) if c == "B"],
        Colour.WHITE: [names[i] for i, c in enumerate(board) if c == "W"],
    }


@pytest.mark.parametrize("playout", PLAYOUTS, ids=list(vectors.ids("lingarda")))
def test_vector_replays_exactly(playout):
    def counters(state, expected, at):
        assert state.swapped == expected["swapped"], at
        assert state.consecutive_passes == expected["consecutive_passes"], at
        assert state.last_placer == expected["last_placer"], at
        vectors.check_scores(state, expected, at)
        assert state.lifelines() == stones(state), f"{at}: every stone has a lifeline"

    vectors.replay(playout, counters)


# Side 3 (19 points), rows from the bottom: a1 b1 c1 / a2 b2 c2 d2 /
# a3 b3 c3 d3 e3 / b4 c4 d4 e4 / c5 d5 e5.


def test_ruling_lifelines_an_edge_stone_has_no_lifeline_toward_the_outside():
    # White surrounds the corner a1 from inside; Black's stones go far away.
    state = play(stonefield.Lingarda(size=3, pie=False).start(), "e5 b1 e3 a2 c5 b2")
    assert state.preview("a1").lifelines[Colour.BLACK] == ["e3", "c5", "e5"]
    with pytest.raises(IllegalMoveError, match=r"^a1: the stone would have no lifeline"):
        state.play("a1")


def test_ruling_lifelines_adjacent_friendly_stones_do_not_share():
    # b1 has a lifeline, but a1 touches it with no empty point between.
    state = play(stonefield.Lingarda(size=3, pie=False).start(), "b1 a2 e5 b2")
    assert "b1" in state.lifelines()[Colour.BLACK]
    with pytest.raises(IllegalMoveError, match="a1: the stone would have no lifeline"):
        state.play("a1")


def test_ruling_lifelines_a_chain_of_sight_reaches_the_edge():
    # c1 sees the edge; a1 sees c1 across b1, so a1 has a lifeline although
    # every other ray of it is closed.
    state = play(stonefield.Lingarda(size=3, pie=False).start(), "c1 a2 e5 b2")
    preview = state.preview("a1")
    assert preview.legal and "a1" in preview.lifelines[Colour.BLACK]
    state.play("a1")
    assert state.lifelines()[Colour.BLACK] == ["a1", "c1", "e5"]


def test_a_move_is_illegal_when_a_flipped_stone_would_lack_a_lifeline():
    # White a1 lives up its column (a2, a3). Black a2 cuts it off: it flips,
    # and as a black stone it touches b1, b2 and a2 with no empty point.
    state = play(stonefield.Lingarda(size=3, pie=False).start(), "b1 a1 b2 e5")
    assert state.preview("a2").flips == ["a1"]
    before = state.record()
    with pytest.raises(
        IllegalMoveError, match="a2: your stone at a1 would be left without a lifeline"
    ):
        state.play("a2")
    assert state.record() == before
    # Black a3 also cuts it off, but the flipped a1 then sees a3 across a2.
    state.play("a3")
    assert state.stone_at("a1") == Colour.BLACK


def test_a_move_is_illegal_when_an_own_stone_would_lose_its_lifeline():
    state = play(stonefield.Lingarda(size=3, pie=False).start(), "a1 b1 e5 b2")
    with pytest.raises(
        IllegalMoveError, match="a2: your stone at a1 would be left without a lifeline"
    ):
        state.play("a2")


def test_enclosure_a_majority_tie_owns_nothing():
    # Side 2: one stone each touches the one region: nobody owns it.
    state = play(stonefield.Lingarda(size=2, pie=False).start(), "a1 c3")
    score = state.score()
    black, white = score[Colour.BLACK].to_dict(), score[Colour.WHITE].to_dict()
    assert black == {"stones": 1, "enclosures": 0, "half_point": 0.0, "total": 1.0}
    assert white == {"stones": 1, "enclosures": 0, "half_point": 0.5, "total": 1.5}


def test_score_breakdown_adds_up_and_the_half_point_follows_the_last_placement():
    state = stonefield.Lingarda(size=4).start()
    assert state.last_placer is None
    assert state.scores() == {Colour.BLACK: 0.0, Colour.WHITE: 0.0}
    while not state.is_over:
        legal = state.legal_moves()
        state.play(legal[len(legal) // 2])
        for colour, part in state.score().items():
            half = 0.5 if colour == state.last_placer else 0.0
            assert part.half_point == half
            assert part.total == part.stones + part.enclosures + half
    totals = {c: s.total for c, s in state.score().items()}
    assert state.winner == max(totals, key=lambda c: totals[c])
    assert state.moves[-2:] == ["pass", "pass"] and state.consecutive_passes == 2


def test_pass_only_when_no_placement_is_legal():
    state = stonefield.Lingarda(size=3).start()
    with pytest.raises(IllegalMoveError, match="pass: pass is legal only when no placement is"):
        state.play("pass")
    assert "pass" not in state.legal_moves()


def test_preview_of_an_occupied_point_is_a_notation_error():
    state = play(stonefield.Lingarda(size=3).start(), "c3")
    with pytest.raises(NotationError, match="occupied"):
        state.preview("c3")


def test_game_by_name_and_defaults():
    game = stonefield.game("lingarda")
    assert game == stonefield.Lingarda(size=9, pie=True)
    assert (game.num_points, game.num_actions, game.specials) == (217, 219, ("pass", "swap"))
    assert isinstance(game.start(), stonefield.LingardaState)


def test_simulate_finishes_every_game_with_a_winner():
    result = stonefield.simulate("lingarda", games=300, seed=3, size=5)
    assert result.finished.all()
    assert set(result.winners.tolist()) <= {stonefield.BLACK, stonefield.WHITE}
    again = stonefield.simulate("lingarda", games=300, seed=3, size=5, threads=1)
    assert result == again


# ---------------------------------------------------------------------------
# A literal transcription of the rules, in Python: the reference for the
# engine's legal moves on random positions.

VECTORS = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)]


def naive_lifelines(coords, cells):
    at = {c: i for i, c in enumerate(coords)}
    has = [False] * len(cells)
    changed = True
    while changed:
        changed = False
        for s, cell in enumerate(cells):
            if cell == "." or has[s]:
                continue
            for dc, dr in VECTORS:
                c, r = coords[s]
                empties, end = 0, None
                while True:
                    c, r = c + dc, r + dr
                    q = at.get((c, r))
                    if q is None or cells[q] != ".":
                        end = q
                        break
                    empties += 1
                if empties and (end is None or (cells[end] == cell and has[end])):
                    has[s] = changed = True
                    break
    return has


def naive_legal_placements(state):
    coords = state.game.coords
    board = list(state.board_string())
    me = "B" if state.to_move == Colour.BLACK else "W"
    legal = []
    for p, cell in enumerate(board):
        if cell != ".":
            continue
        after = board.copy()
        after[p] = me
        has = naive_lifelines(coords, after)
        if not has[p]:
            continue
        after = [me if c not in (".", me) and not has[i] else c for i, c in enumerate(after)]
        has = naive_lifelines(coords, after)
        if all(has[i] for i, c in enumerate(after) if c == me):
            legal.append(state.game.point_names[p])
    return legal


@given(
    size=st.integers(2, 5),
    pie=st.booleans(),
    choices=st.lists(st.integers(0, 10_000), max_size=60),
)
def test_legal_moves_equal_the_naive_reference_and_stones_keep_their_lifelines(size, pie, choices):
    state = stonefield.Lingarda(size=size, pie=pie).start()
    for choice in choices:
        if state.is_over:
            break
        legal = state.legal_moves()
        placements = [m for m in legal if m not in ("pass", "swap")]
        assert placements == naive_legal_placements(state)
        assert ("pass" in legal) == (not placements)
        state.play(legal[choice % len(legal)])
        assert state.lifelines() == stones(state), "between turns every stone has a lifeline"


@given(
    size=st.integers(2, 5),
    actions=st.lists(st.integers(-3, 80), max_size=80),
)
def test_any_action_sequence_plays_or_raises_and_leaves_the_state_as_it_was(size, actions):
    state = stonefield.Lingarda(size=size).start()
    for action in actions:
        before = (state.record(), state.board_string(), state.to_move, state.scores())
        try:
            state.play(action)
        except (IllegalMoveError, NotationError):
            assert (state.record(), state.board_string(), state.to_move, state.scores()) == before
        else:
            assert state.ply == len(before[0].split(";")[1].split()) + 1


@given(size=st.integers(2, 5), choices=st.lists(st.integers(0, 10_000), max_size=50))
def test_undo_and_records_round_trip(size, choices):
    state = stonefield.Lingarda(size=size).start()
    history = [state.copy()]
    for choice in choices:
        legal = state.legal_moves()
        if not legal:
            break
        state.play(legal[choice % len(legal)])
        history.append(state.copy())
    assert stonefield.load(state.record()) == state
    assert stonefield.load(state.record()).board_string() == state.board_string()
    while history:
        expected = history.pop()
        assert state == expected and state.board_string() == expected.board_string()
        assert state.score() == expected.score()
        if history:
            state.undo()
