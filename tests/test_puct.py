"""PUCT search and its evaluators: strength against random play in every
game, legality, determinism, a Python evaluator answering like the Rust one,
and clear errors for unusable answers."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest
import stonefield
from stonefield import IllegalMoveError, OptionError, _core
from stonefield.bots import PUCT, PuctConfig, Random
from stonefield.evaluators import EvaluatorError, Leaves, Rollouts, Uniform

from tests.test_bots import SMALL


def uniform(observations, masks):
    """A Python evaluator: equal priors over the legal actions, value 0."""
    return masks.astype(np.float32), np.zeros(len(masks), np.float32)


class MirrorRollouts:
    """The built-in ``Rollouts(playouts)`` written in Python: leaf ``k``'s
    playout ``j`` is game ``j`` of a batch of random games seeded with the
    leaf's key, played from the leaf."""

    wants_leaves = True

    def __init__(self, playouts: int) -> None:
        self.playouts = playouts
        self.calls = 0

    def __call__(self, observations, masks, leaves: Leaves):
        self.calls += 1
        values = []
        for state, key in zip(leaves.states(), leaves.keys, strict=True):
            found = _core.playouts(
                leaves.game, seed=int(key), first=0, count=self.playouts, threads=1, state=state
            )
            mover = 0 if state.to_move == stonefield.Colour.BLACK else 1
            winners = found.winners
            values.append(np.mean(np.where(winners < 0, 0, np.where(winners == mover, 1, -1))))
        return masks.astype(np.float32), np.array(values, np.float32)


def play_against_random(game, bot, seat, games, seed):
    """Wins of ``bot`` playing seat ``seat`` against random play."""
    wins = 0
    for i in range(games):
        state = game.start()
        players = [bot, Random(seed=seed + i)]
        if seat == 1:
            players.reverse()
        while not state.is_over:
            seat_to_move = state.seat_of(state.to_move)
            move = players[seat_to_move].choose(state)
            assert state.is_legal(move)
            state.play(move)
        if state.winner is not None and state.seat_of(state.winner) == seat:
            wins += 1
    return wins


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_puct_with_rollouts_beats_random_play_in_every_game(name):
    # 40 games, 20 from each seat; a strong player wins nearly all of them.
    game = stonefield.game(name, **SMALL[name])
    bot = PUCT(Rollouts(1), simulations=100, seed=1)
    wins = play_against_random(game, bot, 0, 20, seed=100)
    wins += play_against_random(game, bot, 1, 20, seed=200)
    assert wins >= 36, f"PUCT won {wins} of 40"


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_one_simulation_with_uniform_priors_plays_legal_moves_only(name):
    state = stonefield.game(name, size=5).start()
    bot = PUCT(Uniform(), simulations=1, batch_size=1)
    while not state.is_over and state.ply < 400:
        found = bot.analyse(state)
        assert list(found.moves) == list(state.legal_moves())
        assert int(found.visits.sum()) == found.simulations == 1
        assert state.is_legal(found.best)
        state.play(found.best)


@pytest.mark.parametrize("name", stonefield.GAMES)
@pytest.mark.parametrize("batch_size", [1, 8])
def test_a_python_evaluator_mirroring_rollouts_gives_the_same_search(name, batch_size):
    state = stonefield.game(name, **SMALL[name]).start()
    state.play(state.legal_moves()[0])
    rust = PUCT(Rollouts(3), simulations=120, batch_size=batch_size, seed=9).analyse(state)
    mirror = MirrorRollouts(3)
    python = PUCT(mirror, simulations=120, batch_size=batch_size, seed=9).analyse(state)
    assert np.array_equal(rust.visits, python.visits)
    assert np.allclose(rust.values, python.values)
    assert rust.best == python.best
    assert mirror.calls <= 1 + 120 // batch_size + 120 // 2, "leaves come in batches"


def test_analyse_reports_visits_values_and_priors_per_legal_move():
    state = stonefield.Sunder(size=3).start()
    state.play("c3")
    found = PUCT(Rollouts(2), simulations=300, seed=2).analyse(state)
    assert list(found.moves) == list(state.legal_moves())
    assert "swap" in found.moves, "the pie rule is searched"
    assert found.actions.dtype == np.int64 and found.visits.dtype == np.int64
    assert found.values.dtype == np.float32 and found.priors.dtype == np.float32
    assert int(found.visits.sum()) == found.simulations == 300
    assert np.all((found.values >= -1) & (found.values <= 1))
    assert np.allclose(found.priors, 1 / len(found.moves))
    assert found.best.action == int(found.actions[np.argmax(found.visits)])


def test_a_search_repeats_for_a_seed_and_not_for_another():
    state = stonefield.Anda(size=4).start()
    noisy = {"dirichlet_alpha": 0.3, "simulations": 200, "batch_size": 16}
    one = PUCT(Rollouts(1), seed=5, **noisy).analyse(state)
    again = PUCT(Rollouts(1), seed=5, threads=2, **noisy).analyse(state)
    other = PUCT(Rollouts(1), seed=6, **noisy).analyse(state)
    assert np.array_equal(one.visits, again.visits) and np.array_equal(one.priors, again.priors)
    assert not np.array_equal(one.priors, other.priors)
    assert np.isclose(one.priors.sum(), 1) and not np.allclose(one.priors, one.priors[0])


def test_temperature_draws_a_visited_move_and_repeats_for_a_seed():
    state = stonefield.Sunder(size=3).start()
    drawn = {
        PUCT(Uniform(), simulations=50, temperature=1.0, seed=s).choose(state) for s in range(8)
    }
    assert len(drawn) > 1
    bot = PUCT(Uniform(), simulations=50, temperature=1.0, seed=3)
    assert bot.choose(state) == bot.choose(state)


def test_it_takes_an_immediate_win():
    state = stonefield.Sunder(size=2, pie=False).start()
    for move in ["a2", "a1", "c2", "c3"]:
        state.play(move)
    assert PUCT(uniform, simulations=40, batch_size=4).choose(state).text == "b2"


def test_a_finished_game_has_no_move():
    state = stonefield.Sunder(size=2, pie=False).start()
    for move in ["a2", "a1", "c2", "c3", "b2"]:
        state.play(move)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        PUCT(Uniform()).choose(state)


@pytest.mark.parametrize(
    "arguments",
    [
        {"simulations": 0},
        {"batch_size": 0},
        {"batch_size": 5000},
        {"c_puct": -1.0},
        {"c_puct": float("nan")},
        {"virtual_loss": -1.0},
        {"dirichlet_alpha": 0.0},
        {"dirichlet_fraction": 1.5},
        {"temperature": -0.5},
        {"seed": -1},
        {"threads": 0},
    ],
)
def test_bad_arguments_are_refused_when_the_bot_is_made(arguments):
    with pytest.raises(OptionError):
        PUCT(Uniform(), **arguments)


def test_bad_built_in_evaluators_and_non_callables_are_refused():
    with pytest.raises(OptionError, match="playouts"):
        Rollouts(0)
    with pytest.raises(OptionError, match="max_moves"):
        Rollouts(1, max_moves=0)
    with pytest.raises(TypeError, match="an evaluator is"):
        PUCT(42).choose(stonefield.Sunder(size=3).start())  # type: ignore[arg-type]
    assert repr(Rollouts(4)) == "Rollouts(4)" and Uniform() == Uniform()


def _answers(masks, **changes):
    priors = masks.astype(np.float32)
    values = np.zeros(len(masks), np.float32)
    if "prior" in changes:
        priors[:, np.argmax(masks[0])] = changes["prior"]
    if "zero" in changes:
        priors[:] = 0
        priors[~masks] = 1  # weight on illegal actions only
    if "value" in changes:
        values[0] = changes["value"]
    return priors, values


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (lambda o, m: None, "a pair"),
        (lambda o, m: (m.astype(np.float32),), "a pair"),
        (lambda o, m: (m[:, :-1].astype(np.float32), np.zeros(len(m))), "priors have shape"),
        (lambda o, m: (m.astype(np.float32), np.zeros(len(m) + 1)), "values have shape"),
        (lambda o, m: ("x", np.zeros(len(m))), "priors are not an array"),
        (lambda o, m: _answers(m, prior=float("nan")), "is NaN"),
        (lambda o, m: _answers(m, prior=-0.5), "is -0.5"),
        (lambda o, m: _answers(m, zero=True), "0 on every legal action"),
        (lambda o, m: _answers(m, value=1.5), "values are in"),
        (lambda o, m: _answers(m, value=float("nan")), "values are in"),
    ],
)
def test_an_unusable_answer_is_a_clear_error(answer, message):
    state = stonefield.Sunder(size=3).start()
    with pytest.raises(EvaluatorError, match=message):
        PUCT(answer, simulations=20, batch_size=4).choose(state)
    assert issubclass(EvaluatorError, ValueError)
    assert state.ply == 0


def test_an_evaluator_exception_comes_out_as_itself():
    class NetworkDown(RuntimeError):
        pass

    calls = []

    def failing(observations, masks):
        calls.append(len(masks))
        if len(calls) == 3:
            raise NetworkDown("no network")
        return uniform(observations, masks)

    threads_before = threading.active_count()
    with pytest.raises(NetworkDown, match="no network") as raised:
        PUCT(failing, simulations=100, batch_size=4).choose(stonefield.Sunder(size=3).start())
    assert raised.traceback[-1].name == "failing"
    assert len(calls) == 3
    assert threading.active_count() == threads_before


def test_observations_and_masks_are_those_of_the_leaves():
    state = stonefield.Lingarda(size=4).start()
    seen = []

    def looking(observations, masks):
        seen.append((observations.copy(), masks.copy()))
        return uniform(observations, masks)

    PUCT(looking, simulations=1, batch_size=1).choose(state)
    observations, masks = seen[0]  # the root's evaluation comes first
    assert observations.dtype == np.float32 and masks.dtype == np.bool_
    assert np.array_equal(observations[0], state.observation())
    assert np.array_equal(masks[0], state.legal_action_mask())


def test_the_search_releases_the_gil_between_evaluator_calls():
    # A second Python thread keeps running while a long Rust search goes on.
    state = stonefield.Sunder(size=9).start()
    ticks = 0
    done = threading.Event()

    def tick():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        while ticks == 0:  # the ticker is running
            time.sleep(0.001)
        before = ticks
        PUCT(Rollouts(1), simulations=3000, batch_size=32).choose(state)
        assert ticks > before
    finally:
        done.set()
        ticker.join()


def test_one_config_holds_the_settings_the_bot_was_given():
    bot = PUCT(Uniform(), simulations=50, c_puct=2, dirichlet_alpha=0.3, temperature=0.5)
    assert bot.config == PuctConfig(
        simulations=50, c_puct=2.0, dirichlet_alpha=0.3, temperature=0.5
    )
    assert (bot.simulations, bot.c_puct, bot.dirichlet_alpha, bot.temperature) == (
        50,
        2.0,
        0.3,
        0.5,
    )
    assert (bot.batch_size, bot.virtual_loss, bot.dirichlet_fraction, bot.seconds) == (
        8,
        1.0,
        0.25,
        None,
    )
    assert PUCT(Uniform()).simulations == 800  # neither simulations nor seconds
    with pytest.raises(AttributeError):
        bot.config.simulations = 3  # type: ignore[misc]


@pytest.mark.parametrize("evaluator", [Uniform(), Rollouts(1), uniform], ids=["rust", "", "py"])
def test_a_search_by_seconds_alone_stops_at_its_time(evaluator):
    state = stonefield.Sunder(size=9).start()
    started = time.perf_counter()
    found = PUCT(evaluator, seconds=0.3).analyse(state)
    took = time.perf_counter() - started
    assert 0.3 <= took < 2.0
    assert found.simulations > 10 and found.visits.sum() == found.simulations
    assert state.is_legal(found.best.text)


def test_with_simulations_and_seconds_whichever_runs_out_first_stops():
    state = stonefield.Sunder(size=5).start()
    assert PUCT(Uniform(), simulations=20, seconds=100).analyse(state).simulations == 20
    calls = 0

    def slow(observations, masks):
        nonlocal calls
        calls += 1
        time.sleep(0.05)
        return uniform(observations, masks)

    found = PUCT(slow, simulations=10**6, seconds=0.2, batch_size=1).analyse(state)
    # The time is looked at after each call: the root's, then one per leaf.
    assert 4 <= calls <= 10 and found.simulations == calls - 1


def test_a_search_out_of_time_after_its_root_still_finds_a_move():
    def slow(observations, masks):
        time.sleep(0.02)
        return uniform(observations, masks)

    state = stonefield.Sunder(size=5).start()
    found = PUCT(slow, seconds=0.001).analyse(state)
    assert found.simulations == 0 and found.visits.sum() == 0
    assert np.isclose(found.priors.sum(), 1.0) and state.is_legal(found.best.text)


@pytest.mark.parametrize(
    ("seconds", "error"),
    [
        (0, OptionError),
        (-1.0, OptionError),
        (float("nan"), OptionError),
        (float("inf"), OptionError),
        (1e20, OptionError),
        ("1", TypeError),
        (True, TypeError),
    ],
)
def test_seconds_are_bounded_like_mcts_seconds(seconds, error):
    with pytest.raises(error, match="seconds must be a number"):
        PUCT(Uniform(), seconds=seconds)


def test_self_play_takes_no_seconds():
    with pytest.raises(OptionError, match="not seconds"):
        _core.selfplay(
            stonefield.Sunder(size=3),
            Uniform(),
            PuctConfig(seconds=1.0),
            games=1,
            concurrent=1,
            temperature_moves=0,
            max_moves=None,
            seed=0,
        )
