"""Round-robin tournaments and Elo ratings."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
import stonefield
from stonefield import OptionError
from stonefield.bots import MCTS, PUCT, Random
from stonefield.evaluators import Rollouts
from stonefield.metrics import elo_ratings, tournament
from stonefield.metrics.ratings import ELO


def test_two_players_elo_difference_is_the_log_odds_of_their_score():
    # 75 points of 100: odds 3, so 400 · log10(3) Elo apart, centred on 0.
    a, b = elo_ratings(["a", "b"], [[0, 75], [25, 0]], prior=0)
    assert a.elo == pytest.approx(200 * math.log10(3))
    assert b.elo == pytest.approx(-a.elo)
    # The difference has variance 1 / (n p (1 - p)) in log-odds; each
    # rating, half the difference from the mean, a quarter of it.
    sd = 0.5 * math.sqrt(1 / (100 * 0.75 * 0.25)) * ELO
    assert a.high - a.elo == pytest.approx(1.96 * sd)


def test_equal_players_rate_alike_and_a_prior_keeps_a_clean_sweep_finite():
    even = elo_ratings(["a", "b", "c"], np.full((3, 3), 5.0))
    assert all(r.elo == pytest.approx(0, abs=1e-9) for r in even)
    sweep = elo_ratings(["a", "b"], [[0, 10], [0, 0]])
    # One virtual draw: a scores 10.5 of 11.
    assert sweep[0].elo == pytest.approx(200 * math.log10(10.5 / 0.5))
    with pytest.raises(OptionError, match="table"):
        elo_ratings(["a", "b"], [[0, -1], [1, 0]])


def test_a_round_robin_plays_both_colours_and_is_seeded():
    game = stonefield.Sunder(size=3)
    assert stonefield.tournament is tournament
    result = tournament(game, ["random", "mcts:40", "mcts:160"], games_per_pair=6, seed=3)
    assert result.players == ("random", "mcts:40", "mcts:160")
    for i in range(3):
        for j in range(3):
            if i != j:
                played = result.first_wins[i, j] + result.second_wins[i, j] + result.draws[i, j]
                assert played == 3, "each moves first in half of a pair's games"
    assert result.scores.sum() == 3 * 6
    assert result.ratings[2].elo > result.ratings[0].elo
    again = tournament(game, ["random", "mcts:40", "mcts:160"], games_per_pair=6, seed=3)
    assert np.array_equal(again.first_wins, result.first_wins)
    assert np.array_equal(again.second_wins, result.second_wins)
    with ThreadPoolExecutor(2) as pool:
        there = tournament(
            game, ["random", "mcts:40", "mcts:160"], games_per_pair=6, seed=3, executor=pool
        )
    assert np.array_equal(there.first_wins, result.first_wins)
    assert np.array_equal(there.draws, result.draws)


def test_bot_objects_play_as_their_names():
    game = stonefield.Sunder(size=3)
    by_name = tournament(game, ["random", "mcts:50"], games_per_pair=4, seed=1)
    by_bot = tournament(game, [Random(), MCTS(iterations=50)], games_per_pair=4, seed=1)
    assert by_bot.players == by_name.players
    assert np.array_equal(by_bot.first_wins, by_name.first_wins)


def test_a_python_function_is_a_player():
    def first_legal(state):
        return state.legal_moves()[0]

    game = stonefield.Sunder(size=3)
    result = tournament(game, [first_legal, "mcts:200"], games_per_pair=4, seed=2)
    assert result.players == ("first_legal", "mcts:200")
    assert result.scores.sum() == 4
    assert result.scores[1, 0] >= 3, result.scores
    # A deterministic function against seeded MCTS plays the same games.
    again = tournament(game, [first_legal, "mcts:200"], games_per_pair=4, seed=2)
    assert np.array_equal(again.first_wins, result.first_wins)


def test_bad_players_are_refused():
    game = stonefield.Sunder(size=3)
    with pytest.raises(OptionError, match="mcts:N"):
        tournament(game, ["random", "mcts:many"])
    with pytest.raises(OptionError, match="a player is"):
        tournament(game, ["random", "alphazero"])
    with pytest.raises(OptionError, match="two players"):
        tournament(game, ["random"])
    with pytest.raises(OptionError, match="games_per_pair"):
        tournament(game, ["random", "mcts:5"], games_per_pair=1)


def first_legal(state):
    return state.legal_moves()[0]


def test_a_puct_player_is_puct_with_one_playout_a_leaf_seeded_by_game():
    game = stonefield.Sunder(size=3)
    result = tournament(game, ["puct:30", first_legal], games_per_pair=4, seed=7)
    assert result.players == ("puct:30", "first_legal")
    # The same games by hand: game j of the pair has PUCT seeded 7 + j,
    # moving first in games 0 and 1.
    points = 0.0
    for j in range(4):
        puct = PUCT(Rollouts(), simulations=30, seed=7 + j)
        puct_seat = 0 if j < 2 else 1
        state = game.start()
        while not state.is_over and state.ply < game.default_max_moves:
            mover = state.seat_of(state.to_move)
            state.play(puct.choose(state) if mover == puct_seat else first_legal(state))
        winner = None if state.winner is None else state.seat_of(state.winner)
        points += 0.5 if winner is None else float(winner == puct_seat)
    assert result.scores[0, 1] == points
    stronger = tournament(game, ["random", "puct:200"], games_per_pair=10, seed=1)
    assert stronger.ratings[1].elo > stronger.ratings[0].elo, stronger.scores
    with pytest.raises(OptionError, match="puct:N"):
        tournament(game, ["random", "puct:0"])
    with pytest.raises(OptionError, match="simulations"):
        tournament(game, ["random", f"puct:{2**40}"])
