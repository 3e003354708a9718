"""Self-play: its rows are the games' positions replayed, policies over the
legal actions, outcomes from the records' winners, symmetric rows the moved
originals; games depend on their index alone; errors and Ctrl-C stop it."""

from __future__ import annotations

import threading
import weakref

import numpy as np
import pytest
import stonefield
from stonefield import OptionError
from stonefield.evaluators import EvaluatorError, Rollouts, Uniform

from tests.test_puct import uniform


@pytest.fixture(scope="module")
def played():
    game = stonefield.Sunder(size=3)
    data = stonefield.selfplay(
        game, Rollouts(1), games=6, concurrent=4, simulations=24, temperature_moves=4, seed=3
    )
    return game, data


def test_every_row_is_its_game_replayed(played):
    game, data = played
    assert data.observations.dtype == np.float32 and data.policies.dtype == np.float32
    assert data.masks.dtype == np.bool_ and data.to_move.dtype == np.int8
    assert len(data.records) == 6 and int(data.lengths.sum()) == len(data.ply)
    for i, record in enumerate(data.records):
        final = stonefield.load(record)
        rows = np.flatnonzero(data.game_index == i)
        assert list(data.ply[rows]) == list(range(len(final.actions)))
        state = game.start()
        for row, action in zip(rows, final.actions, strict=True):
            assert np.array_equal(data.observations[row], state.observation())
            assert np.array_equal(data.masks[row], state.legal_action_mask())
            assert data.to_move[row] == (0 if state.to_move == stonefield.Colour.BLACK else 1)
            assert data.policies[row, action] > 0, "the move played was visited"
            state.play(action)


def test_policies_sum_to_one_over_the_legal_actions_only(played):
    _, data = played
    assert np.allclose(data.policies.sum(axis=1), 1)
    assert np.all(data.policies[~data.masks] == 0)
    assert np.all(data.policies >= 0)


def test_outcomes_are_the_records_winners_from_the_movers_view(played):
    _, data = played
    assert data.finished.all()
    for i, record in enumerate(data.records):
        final = stonefield.load(record)
        winner = 0 if final.winner == stonefield.Colour.BLACK else 1
        assert data.winners[i] == winner
        rows = data.game_index == i
        won = final.seat_of(final.winner)
        # A row's outcome is +1 exactly when the seat to move there won.
        state = final.game.start()
        expected = []
        for action in final.actions:
            expected.append(1.0 if state.seat_of(state.to_move) == won else -1.0)
            state.play(action)
        assert list(data.outcomes[rows]) == expected


def test_symmetric_rows_are_the_moved_originals():
    game = stonefield.Sunder(size=3)
    plain = stonefield.selfplay(game, Uniform(), games=2, simulations=8, seed=1)
    data = stonefield.selfplay(game, Uniform(), games=2, simulations=8, seed=1, symmetries=True)
    rows = len(plain.ply)
    assert len(data.ply) == rows * len(game.symmetries)
    for k in range(len(game.symmetries)):
        block = slice(k * rows, (k + 1) * rows)
        observations, policies = game.transform(k, plain.observations, plain.policies)
        _, masks = game.transform(k, None, plain.masks)
        assert np.array_equal(data.observations[block], observations)
        assert np.array_equal(data.policies[block], policies)
        assert np.array_equal(data.masks[block], masks)
        assert np.all(data.symmetry[block] == k)
        for name in ("to_move", "game_index", "ply", "outcomes"):
            assert np.array_equal(getattr(data, name)[block], getattr(plain, name))
    assert np.allclose(data.policies.sum(axis=1), 1)
    assert np.all(data.policies[~data.masks] == 0)


def test_a_game_depends_on_its_index_not_on_concurrency_or_threads():
    arguments = {"games": 5, "simulations": 16, "temperature_moves": 3, "seed": 8}
    one = stonefield.selfplay("anda", uniform, concurrent=1, threads=1, size=3, **arguments)
    many = stonefield.selfplay("anda", uniform, concurrent=5, threads=2, size=3, **arguments)
    assert one.records == many.records
    assert np.array_equal(one.policies, many.policies)


def test_one_evaluator_call_answers_the_leaves_of_every_game():
    sizes = []

    def counting(observations, masks):
        sizes.append(len(masks))
        return uniform(observations, masks)

    stonefield.selfplay(
        "sunder", counting, games=16, concurrent=16, simulations=32, batch_size=4, size=4
    )
    assert max(sizes) == 16 * 4
    assert np.median(sizes) > 16


def test_an_evaluator_may_keep_its_arrays_and_others_are_refilled():
    kept, copies, last, reused = [], [], [], []

    def keeping(observations, masks):
        # Odd rounds keep their arrays; the memory of the even rounds, which
        # keep nothing, comes back refilled in the next round.
        buffer = observations.base
        if last:
            reused.append(buffer is not None and last.pop()() is buffer)
        if (len(kept) + len(reused)) % 2:
            kept.append((observations, masks))
            copies.append((observations.copy(), masks.copy()))
        elif buffer is not None:
            last.append(weakref.ref(buffer))
        return uniform(observations, masks)

    arguments = {"games": 8, "concurrent": 8, "simulations": 24, "batch_size": 4, "size": 4}
    data = stonefield.selfplay("sunder", keeping, seed=2, **arguments)
    assert len(kept) > 4 and sum(reused) > 4
    for (observations, masks), (observation_copy, mask_copy) in zip(kept, copies, strict=True):
        assert np.array_equal(observations, observation_copy)
        assert np.array_equal(masks, mask_copy)
    again = stonefield.selfplay("sunder", uniform, seed=2, **arguments)
    assert again.records == data.records
    assert np.array_equal(again.observations, data.observations)


def test_games_stopped_at_max_moves_are_unfinished_with_outcome_zero():
    data = stonefield.selfplay("sunder", Uniform(), games=3, simulations=4, max_moves=5, size=5)
    assert not data.finished.any() and np.all(data.winners == -1)
    assert np.all(data.outcomes == 0) and list(data.lengths) == [5, 5, 5]


def test_save_writes_every_array(tmp_path, played):
    _, data = played
    path = tmp_path / "data.npz"
    data.save(str(path))
    with np.load(path) as saved:
        assert np.array_equal(saved["policies"], data.policies)
        assert list(saved["records"]) == data.records


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"games": -1}, OptionError),
        ({"concurrent": 0}, OptionError),
        ({"simulations": 0}, OptionError),
        ({"temperature_moves": -1}, OptionError),
        ({"max_moves": 0}, OptionError),
        ({"threads": 0}, OptionError),
        ({"games": 10**6, "concurrent": 10**5, "simulations": 10**5}, OptionError),
    ],
)
def test_bad_arguments_are_refused(arguments, error):
    with pytest.raises(error):
        stonefield.selfplay("sunder", Uniform(), **{"games": 2, **arguments})


def test_a_bad_answer_or_an_exception_stops_self_play_with_no_thread_left():
    threads_before = threading.active_count()

    def negative(observations, masks):
        return -masks.astype(np.float32), np.zeros(len(masks), np.float32)

    with pytest.raises(EvaluatorError, match="priors of legal actions are finite and at least 0"):
        stonefield.selfplay("sunder", negative, games=4, size=3)

    def failing(observations, masks):
        raise ZeroDivisionError("the network divided by zero")

    with pytest.raises(ZeroDivisionError, match="the network"):
        stonefield.selfplay("sunder", failing, games=4, size=3, threads=2)
    assert threading.active_count() == threads_before
