"""MCTS and the random player: the Python API, determinism, and strength
against random play in every game."""

from __future__ import annotations

import math

import numpy as np
import pytest
import stonefield
from stonefield import IllegalMoveError, Move, OptionError
from stonefield.bots import MCTS, Random, play_match

#: A small board per game, so that the strength test stays quick.
SMALL = {
    "sunder": {"size": 4},
    "anda": {"size": 4},
    "esgrad": {"size": 4},
    "lingarda": {"size": 4},
    "anadil": {"size": 5},
}


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_mcts_beats_random_play_in_every_game(name):
    # 40 games, 20 from each seat; a strong player wins nearly all of them.
    game = stonefield.game(name, **SMALL[name])
    mcts = MCTS(iterations=300)
    first = play_match(game, mcts, Random(), games=20, seed=1)
    second = play_match(game, Random(), mcts, games=20, seed=2)
    wins = first.wins[0] + second.wins[1]
    assert wins >= 36, f"MCTS won {wins} of 40 ({first.wins}, {second.wins})"


def test_a_game_played_move_by_move_from_python():
    state = stonefield.Sunder(size=4).start()
    bots = [MCTS(iterations=200, seed=4), Random(seed=4)]
    while not state.is_over:
        move = bots[state.ply % 2].choose(state)
        assert isinstance(move, Move) and state.is_legal(move)
        state.play(move)
    assert state.winner is not None
    with pytest.raises(IllegalMoveError, match="the game is over"):
        MCTS(iterations=10).choose(state)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        Random().choose(state)


def test_analyse_reports_visits_and_values_per_legal_move():
    state = stonefield.Sunder(size=3).start()
    state.play("c3")
    found = MCTS(iterations=500, seed=2).analyse(state)
    assert list(found.moves) == list(state.legal_moves())
    assert "swap" in found.moves, "the pie rule is searched"
    assert found.actions.dtype == np.int64 and found.visits.dtype == np.int64
    assert found.values.dtype == np.float64
    assert int(found.visits.sum()) == found.iterations == 500
    assert np.all((found.values >= -1) & (found.values <= 1))
    assert found.best.action == int(found.actions[np.argmax(found.visits)])


def test_a_search_repeats_for_a_seed_and_thread_count():
    state = stonefield.Sunder(size=5).start()
    one = MCTS(iterations=800, seed=7).analyse(state)
    again = MCTS(iterations=800, seed=7).analyse(state)
    other = MCTS(iterations=800, seed=8).analyse(state)
    assert np.array_equal(one.visits, again.visits)
    assert not np.array_equal(one.visits, other.visits)
    two = MCTS(iterations=801, seed=7, threads=2).analyse(state)
    assert np.array_equal(two.visits, MCTS(iterations=801, seed=7, threads=2).analyse(state).visits)
    assert int(two.visits.sum()) == 801


def test_a_time_budget_runs_for_about_that_long():
    state = stonefield.Sunder(size=7).start()
    found = MCTS(seconds=0.2, threads=2).analyse(state)
    assert found.iterations > 100


def test_mcts_takes_the_winning_swap():
    # With the pie rule, after Black's centre on the 7-point board (a won
    # opening), White's seat should take Black's side.
    state = stonefield.Sunder(size=2).start()
    state.play("b2")
    assert MCTS(iterations=4000, seed=1).choose(state).text == "swap"


def test_random_follows_the_playout_policy_and_repeats():
    state = stonefield.Sunder(size=3).start()
    state.play("b2")
    bot, twin = Random(seed=9), Random(seed=9)
    moves = [bot.choose(state) for _ in range(50)]
    assert moves == [twin.choose(state) for _ in range(50)]
    assert all(m.text != "swap" for m in moves), "random play declines swap"
    assert len({m.text for m in moves}) > 5


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"seconds": -1.0},
        {"threads": 0},
        {"seed": -1},
        {"exploration": float("nan")},
    ],
)
def test_bad_budgets_raise_option_error(kwargs):
    with pytest.raises(OptionError):
        MCTS(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"iterations": 1.5}, "iterations must be a whole number, got 1.5"),
        ({"iterations": "100"}, "iterations must be a whole number, got '100'"),
        ({"iterations": True}, "iterations must be a whole number, got True"),
        ({"iterations": 2**70}, "iterations must be from 1 to 2\\*\\*63 - 1"),
        ({"seconds": "1"}, "seconds must be a number > 0, got '1'"),
        ({"seconds": 0}, "seconds must be a number > 0, got 0"),
        ({"threads": 2.0}, "threads must be a whole number, got 2.0"),
        ({"exploration": "a"}, "exploration must be a number >= 0, got 'a'"),
        ({"exploration": math.inf}, "exploration must be a number >= 0, got inf"),
        ({"max_moves": 1.5}, "max_moves must be a whole number, got 1.5"),
    ],
)
def test_a_bot_refuses_values_of_the_wrong_kind_when_made(kwargs, message):
    with pytest.raises(OptionError, match=message):
        MCTS(**kwargs)


def test_mcts_takes_numpy_integers():
    assert MCTS(iterations=np.int64(50), max_moves=np.int32(9)).iterations == 50


class FirstMove:
    """A bot of the user's own: the first legal move, never swap."""

    def choose(self, state: stonefield.State) -> Move:
        return next(m for m in state.legal_move_objects() if m.text != "swap")


def test_a_match_takes_any_bot_and_plays_as_state_does():
    game = stonefield.Sunder(size=3)
    result = play_match(game, FirstMove(), Random(seed=5), games=6)
    # The same games, move by move on State: the random bot's sequence runs
    # on from game to game.
    random_bot, winners, lengths = Random(seed=5), [], []
    for _ in range(6):
        state = game.start()
        while not state.is_over:
            bot = FirstMove() if state.seat_of(state.to_move) == 0 else random_bot
            state.play(bot.choose(state))
        winners.append(0 if state.winner == "black" else 1)
        lengths.append(state.ply)
    assert result.winners.tolist() == winners and result.lengths.tolist() == lengths
    assert result.games == 6 and sum(result.wins) + result.no_winner == 6
    assert result.winners.dtype == np.int8 and result.lengths.dtype == np.uint32
    capped = play_match(game, FirstMove(), FirstMove(), games=2, max_moves=3)
    assert capped.no_winner == 2 and capped.lengths.tolist() == [3, 3]
    assert isinstance(FirstMove(), stonefield.Bot)


def test_a_match_wants_fixed_iteration_players():
    game = stonefield.Sunder(size=3)
    with pytest.raises(OptionError, match="fixed number of iterations"):
        play_match(game, MCTS(seconds=1.0), Random(), games=2)
    with pytest.raises(OptionError, match="between MCTS and Random"):
        play_match(game, "mcts", Random(), games=2)  # type: ignore[arg-type]


def test_play_offers_mcts_as_an_opponent():
    from stonefield.play import BOTS

    state = stonefield.Sunder(size=2, pie=False).start()
    for move in ["a2", "a1", "c2", "c3"]:
        state.play(move)
    assert BOTS["mcts"](1).choose(state).text == "b2"
