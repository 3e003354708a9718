"""Observations for learning: the embedding, the planes, and the batch."""

from __future__ import annotations

import random

import numpy as np
import pytest
import stonefield
from stonefield import Colour, NotationError, OptionError, StonefieldError
from stonefield.observation import COMMON_PLANES

OWN, OPPONENT, EMPTY, ON_BOARD, OWN_BLACK, OWN_TURN = range(6)


def small(name: str) -> stonefield.Game:
    """The game on a small board: side 3 hex, 5 by 5 square."""
    square = stonefield.game(name).shape == "square"
    return stonefield.game(name, size=5 if square else 3)


def random_state(game: stonefield.Game, plies: int, seed: int) -> stonefield.State:
    rng = random.Random(seed)
    state = game.start()
    for _ in range(plies):
        if state.is_over:
            break
        state.play(int(rng.choice(state.legal_actions())))
    return state


def at(point: str) -> tuple[int, int]:
    """The grid cell [row - 1, column - 1] of a point such as 'c4'."""
    return int(point[1:]) - 1, ord(point[0]) - ord("a")


def test_planes_are_named_common_ones_first():
    game = stonefield.Sunder(size=3)
    assert COMMON_PLANES == (
        "own_stones",
        "opponent_stones",
        "empty",
        "on_board",
        "own_colour_black",
        "own_turn",
    )
    assert game.observation_planes == (*COMMON_PLANES, "swap_available")
    assert game.observation_shape == (7, 5, 5)
    assert stonefield.Sunder(size=9).observation_shape == (7, 17, 17)


def test_a_hand_made_sunder_position_from_both_sides():
    state = stonefield.Sunder(size=3, pie=False).start()
    state.play("b2")
    state.play("c4")
    black = state.observation()
    white = state.observation("white")
    assert black.dtype == np.float32 and black.shape == (7, 5, 5)
    assert np.array_equal(black, state.observation(Colour.BLACK))
    assert black[OWN][at("b2")] == 1 and black[OPPONENT][at("c4")] == 1
    assert white[OWN][at("c4")] == 1 and white[OPPONENT][at("b2")] == 1
    assert [int(black[k].sum()) for k in (OWN, OPPONENT, EMPTY)] == [1, 1, 17]
    assert black[EMPTY][at("b2")] == 0 and black[EMPTY][at("a1")] == 1
    # Black is to move: its view shows its colour and its turn everywhere on
    # the board; White's view shows neither.
    assert black[OWN_BLACK].sum() == black[OWN_TURN].sum() == 19
    assert white[OWN_BLACK].sum() == white[OWN_TURN].sum() == 0
    assert np.array_equal(white[ON_BOARD], black[ON_BOARD])


def test_the_hex_board_sits_on_its_coordinate_grid():
    game = stonefield.Sunder(size=4)
    obs = random_state(game, 12, seed=1).observation()
    mask = np.array([[abs(c - r) <= 3 for c in range(7)] for r in range(7)])
    assert np.array_equal(obs[ON_BOARD], mask.astype(np.float32))
    assert not obs[:, ~mask].any(), "every plane is zero off the board"
    for (c, r), name in zip(game.coords, game.point_names, strict=True):
        assert at(name) == (r - 1, c - 1)


def test_sunder_marks_the_turn_when_swap_is_available():
    state = stonefield.Sunder(size=3).start()
    assert state.observation()[6].sum() == 0
    state.play("b2")
    assert state.observation()[6].sum() == 19
    state.play("swap")  # White to move still, now played by the first player
    obs = state.observation()
    assert obs[6].sum() == 0
    assert obs[OWN_BLACK].sum() == 0 and obs[OPPONENT][at("b2")] == 1


def test_a_bad_perspective_is_a_notation_error():
    with pytest.raises(NotationError, match="not a colour"):
        stonefield.Sunder(size=3).start().observation("red")


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_every_game_shows_its_board(name):
    game = small(name)
    assert len(game.observation_planes) == game.observation_shape[0]
    assert game.observation_planes[:6] == COMMON_PLANES
    for seed in range(5):
        state = random_state(game, 4 * seed, seed)
        obs = state.observation()
        assert obs.shape == game.observation_shape and obs.dtype == np.float32
        assert (obs >= 0).all() and np.isfinite(obs).all()
        own = "B" if state.to_move == Colour.BLACK else "W"
        for (c, r), stone in zip(game.coords, state.board_string(), strict=True):
            cell = obs[:, r - 1, c - 1]
            expected = [stone == own, stone not in (own, "."), stone == "."]
            assert list(cell[:3]) == expected
            assert cell[ON_BOARD] == 1 and cell[OWN_TURN] == 1
        assert obs[ON_BOARD].sum() == game.num_points


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_a_batch_equals_the_stacked_single_observations(name):
    game = small(name)
    states = [random_state(game, plies, seed=plies) for plies in range(0, 40, 3)]
    batch = stonefield.observations(states)
    assert batch.shape == (len(states), *game.observation_shape)
    assert batch.dtype == np.float32
    assert np.array_equal(batch, np.stack([s.observation() for s in states]))
    assert np.array_equal(stonefield.observations(iter(states[:2])), batch[:2])
    twice = stonefield.observations([states[3], states[1], states[3]])
    assert np.array_equal(twice, batch[[3, 1, 3]])


def test_a_batch_needs_states_of_one_game_and_size():
    with pytest.raises(OptionError, match="one game and size"):
        stonefield.observations([stonefield.Sunder(size=3).start(), stonefield.Sunder().start()])
    with pytest.raises(StonefieldError, match="at least one state"):
        stonefield.observations([])
    with pytest.raises(TypeError):
        stonefield.observations(["b2"])  # type: ignore[list-item]


def plane(state: stonefield.State, name: str, perspective: str | None = None) -> np.ndarray:
    return state.observation(perspective)[state.game.observation_planes.index(name)]


def points_of(state: stonefield.State, values: np.ndarray) -> set[str]:
    game = state.game
    return {
        name
        for (c, r), name in zip(game.coords, game.point_names, strict=True)
        if values[r - 1, c - 1]
    }


def test_lingarda_shows_lifelines_the_last_placement_and_passes():
    state = stonefield.Lingarda(size=3, pie=False).start()
    state.play("a1")
    state.play("c3")  # White in the centre: Black to move
    assert points_of(state, plane(state, "own_lifelines")) == {"b1", "c1", "a2", "a3"}
    # Every ray of c3 reaches the edge but the one that meets Black's a1.
    assert points_of(state, plane(state, "opponent_lifelines")) == {
        *("d3", "e3", "d4", "e5", "c4", "c5", "b3", "a3", "c2", "c1"),
    }
    assert plane(state, "opponent_placed_last").sum() == 19
    assert plane(state, "own_placed_last", "white").sum() == 19
    assert plane(state, "pass_ends_game").sum() == plane(state, "swap_available").sum() == 0
    pie = stonefield.Lingarda(size=3).start()
    pie.play("a1")
    assert plane(pie, "swap_available").sum() == 19


def test_esgrad_shows_partitions_and_the_passes():
    state = stonefield.Esgrad(size=2).start()
    for move in ["a2", "a1", "c2", "c3", "b2", "pass"]:
        state.play(move)
    # Black's a2-b2-c2 splits the board into {a1, b1} and {b3, c3}.
    partitions = plane(state, "group_partitions") * state.game.num_points
    assert {p: round(float(partitions[at(p)])) for p in ["a2", "b2", "c2", "a1", "c3", "b1"]} == {
        "a2": 2,
        "b2": 2,
        "c2": 2,
        "a1": 1,
        "c3": 1,
        "b1": 0,
    }
    assert plane(state, "opponent_first_pass").sum() == 7  # White passed first
    assert plane(state, "own_first_pass").sum() == 0
    assert plane(state, "pass_ends_game").sum() == 7
    state.play("b1")
    assert plane(state, "pass_ends_game").sum() == 0


def test_anadil_shows_each_sides_stones_in_the_prison():
    state = stonefield.Anadil(size=5, komi=2).start()  # two black stones in the prison
    n = state.game.num_points
    assert plane(state, "own_in_prison")[0, 0] * n == pytest.approx(2)
    assert plane(state, "opponent_in_prison").sum() == 0
    assert plane(state, "opponent_in_prison", "white").sum() * n == pytest.approx(2 * n)
    state.play("c3")
    state.play("release")  # White frees one black stone
    assert plane(state, "own_in_prison")[0, 0] * n == pytest.approx(1)
    assert plane(state, "protected_stone").sum() == 0
    # White's b5 removed every black stone: Black may not annihilate its group.
    record = "anadil size=5 komi=0 ; b2 b5 b4 d5 a2 d1 c2 e3 c4 d3 b1 a4 e4 a3 c5 e2 c3 d4 c1 b5"
    protected = stonefield.load(record)
    assert points_of(protected, plane(protected, "protected_stone")) == {"b5"}


def test_anda_shows_the_two_stone_turn_and_the_passes():
    state = stonefield.Anda(size=3).start()
    state.play("a1")  # the first of Black's two stones
    assert points_of(state, plane(state, "pending_stone")) == {"a1"}
    assert plane(state, "own_two_stone_turn").sum() == 19
    assert plane(state, "opponent_two_stone_turn").sum() == 19
    state.play("c3")
    assert state.to_move == Colour.WHITE
    assert plane(state, "pending_stone").sum() == 0
    assert plane(state, "own_two_stone_turn").sum() == 19
    assert plane(state, "opponent_two_stone_turn").sum() == 0
    state.play("pass")  # uses up White's two-stone turn
    assert plane(state, "opponent_first_pass").sum() == 19
    assert plane(state, "own_first_pass").sum() == 0
    assert plane(state, "pass_ends_game").sum() == 19
    assert plane(state, "opponent_two_stone_turn").sum() == 0


def test_anda_prisoner_planes_count_each_sides_prisoners():
    game = stonefield.Anda(size=4)
    seen = 0
    for seed in range(30):
        state = random_state(game, 60, seed)
        prisoners = state.prisoners
        for colour in Colour:
            value = plane(state, "own_prisoners", colour.value)[0, 3] * game.num_points
            assert value == pytest.approx(prisoners[colour])
            seen += prisoners[colour]
    assert seen > 0, "some random game took prisoners"
