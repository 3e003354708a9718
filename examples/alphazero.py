"""AlphaZero on a small board, on a CPU in minutes, with numpy only.

Each iteration plays self-play games with stonefield's PUCT search asking a
small network for priors and values (all games' leaves of a round in one
call), trains the network on the games' rows in every symmetry of the board,
and then measures it: the trained network's PUCT against random play, against
MCTS with random rollouts at the same number of simulations, and against the
untrained network (whose own score against that MCTS is the baseline).

    python examples/alphazero.py                 # Sunder side 4, a few minutes
    python examples/alphazero.py --game anda --size 4 --iterations 5

The network is a multilayer perceptron written out in numpy (one hidden
layer, a softmax policy head over the legal actions and a tanh value head),
trained with Adam on the cross-entropy to the search's visit distribution plus
the squared error to the game's outcome.
"""

from __future__ import annotations

import os

# The network's matrices are small: BLAS threads would only fight the
# search's threads for the cores (a run here was 20 times slower with them).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import argparse
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import stonefield
from stonefield.bots import MCTS, PUCT, Bot, Random

Array = npt.NDArray[np.float32]


class Network:
    """Observation → tanh hidden layer → (policy logits, value), with its
    own Adam optimiser. Called as a stonefield evaluator, it answers the
    softmax of the logits over the legal actions and the value.

    >>> net = Network(inputs=6, actions=3, hidden=4)
    >>> priors, values = net(np.zeros((2, 6), np.float32), np.array([[1, 0, 1], [0, 1, 0]], bool))
    >>> priors.round(2).tolist(), values.shape
    ([[0.5, 0.0, 0.5], [0.0, 1.0, 0.0]], (2,))
    """

    def __init__(self, inputs: int, actions: int, hidden: int = 128, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        scale = np.sqrt(1.0 / inputs)
        self.weights = {
            "w1": rng.normal(0.0, scale, (inputs, hidden)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "wp": np.zeros((hidden, actions), np.float32),  # uniform priors at first
            "bp": np.zeros(actions, np.float32),
            "wv": np.zeros((hidden, 1), np.float32),  # value 0 at first
            "bv": np.zeros(1, np.float32),
        }
        self.moments = {k: (np.zeros_like(w), np.zeros_like(w)) for k, w in self.weights.items()}
        self.steps = 0

    def forward(self, x: Array) -> tuple[Array, Array, Array]:
        """Hidden activations, policy logits and values of a batch."""
        w = self.weights
        hidden = np.tanh(x @ w["w1"] + w["b1"])
        return hidden, hidden @ w["wp"] + w["bp"], np.tanh(hidden @ w["wv"] + w["bv"])[:, 0]

    def __call__(self, observations: Array, masks: npt.NDArray[np.bool_]) -> tuple[Array, Array]:
        _, logits, values = self.forward(observations.reshape(len(observations), -1))
        return masked_softmax(logits, masks), values.astype(np.float32)

    def train_step(
        self, x: Array, masks: npt.NDArray[np.bool_], policies: Array, outcomes: Array, lr: float
    ) -> tuple[float, float]:
        """One Adam step on a minibatch; returns its policy and value losses."""
        w, n = self.weights, len(x)
        hidden, logits, values = self.forward(x)
        priors = masked_softmax(logits, masks)
        policy_loss = -float(np.sum(policies * np.log(np.maximum(priors, 1e-12))) / n)
        value_loss = float(np.mean((values - outcomes) ** 2))
        d_logits = (priors - policies) / n
        d_value = (2.0 / n) * (values - outcomes) * (1.0 - values**2)
        d_hidden = (d_logits @ w["wp"].T + d_value[:, None] @ w["wv"].T) * (1.0 - hidden**2)
        grads = {
            "w1": x.T @ d_hidden,
            "b1": d_hidden.sum(axis=0),
            "wp": hidden.T @ d_logits,
            "bp": d_logits.sum(axis=0),
            "wv": hidden.T @ d_value[:, None],
            "bv": d_value.sum(keepdims=True),
        }
        self.steps += 1
        for k, g in grads.items():
            m, v = self.moments[k]
            m[:] = 0.9 * m + 0.1 * g
            v[:] = 0.999 * v + 0.001 * g * g
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            w[k] -= (lr * m_hat / (np.sqrt(v_hat) + 1e-8) + lr * 1e-4 * w[k]).astype(np.float32)
        return policy_loss, value_loss


def masked_softmax(logits: Array, masks: npt.NDArray[np.bool_]) -> Array:
    """The softmax of ``logits`` over the legal actions (0 elsewhere)."""
    z = np.where(masks, logits, -np.inf)
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return (z / z.sum(axis=1, keepdims=True)).astype(np.float32)


@dataclass
class Settings:
    game: str = "sunder"
    size: int = 4
    iterations: int = 8
    games: int = 128
    simulations: int = 64
    epochs: int = 4
    batch: int = 256
    lr: float = 3e-3
    hidden: int = 128
    window: int = 3
    eval_games: int = 40
    seed: int = 0


def train(settings: Settings, log: Callable[[str], object] = print) -> dict[str, float]:
    """Runs the loop and returns the final measures (win rates and losses)."""
    game = stonefield.game(settings.game, size=settings.size)
    inputs = int(np.prod(game.observation_shape))
    net = Network(inputs, game.num_actions, settings.hidden, settings.seed)
    untrained = Network(inputs, game.num_actions, settings.hidden, settings.seed)
    rng = np.random.default_rng(settings.seed)
    window: list[stonefield.SelfPlayData] = []
    losses = (float("nan"), float("nan"))
    for iteration in range(settings.iterations):
        started = time.perf_counter()
        data = stonefield.selfplay(
            game,
            net,
            games=settings.games,
            concurrent=settings.games,
            simulations=settings.simulations,
            temperature_moves=game.num_actions // 4,
            dirichlet_alpha=0.3,
            symmetries=True,
            seed=settings.seed * 1_000_003 + iteration,
        )
        played = time.perf_counter() - started
        window = [*window, data][-settings.window :]
        x = np.concatenate([d.observations for d in window]).reshape(-1, inputs)
        masks = np.concatenate([d.masks for d in window])
        policies = np.concatenate([d.policies for d in window])
        outcomes = np.concatenate([d.outcomes for d in window])
        steps = []
        for _ in range(settings.epochs):
            order = rng.permutation(len(x))
            for at in range(0, len(order), settings.batch):
                rows = order[at : at + settings.batch]
                batch = (x[rows], masks[rows], policies[rows], outcomes[rows])
                steps.append(net.train_step(*batch, settings.lr))
        losses = tuple(np.mean(steps, axis=0))  # type: ignore[assignment]
        won = np.mean(data.outcomes[(data.ply == 0) & (data.symmetry == 0)] > 0)
        log(
            f"iteration {iteration + 1}: {len(data.records)} games ({len(x)} rows in the "
            f"window) in {played:.1f} s; first player won {won:.0%}; "
            f"policy loss {losses[0]:.3f}, value loss {losses[1]:.3f}"
        )
    sims = settings.simulations

    def trained(seed: int) -> Bot:
        return PUCT(net, simulations=sims, seed=seed)

    def mcts(seed: int) -> Bot:
        return MCTS(iterations=sims, seed=seed)

    results = {
        "policy_loss": float(losses[0]),
        "value_loss": float(losses[1]),
        "vs_random": win_rate(game, trained, lambda s: Random(seed=s), settings.eval_games),
        "vs_mcts": win_rate(game, trained, mcts, settings.eval_games),
        "untrained_vs_mcts": win_rate(
            game, lambda s: PUCT(untrained, simulations=sims, seed=s), mcts, settings.eval_games
        ),
        "vs_untrained": win_rate(
            game,
            trained,
            lambda s: PUCT(untrained, simulations=sims, seed=s, temperature=1.0),
            settings.eval_games,
        ),
    }
    log(
        f"trained network, PUCT {sims} simulations, over {settings.eval_games} games "
        f"(half in each seat): {results['vs_random']:.0%} against random play, "
        f"{results['vs_mcts']:.0%} against MCTS with {sims} random-rollout iterations, "
        f"{results['vs_untrained']:.0%} against the untrained network (which wins "
        f"{results['untrained_vs_mcts']:.0%} against that MCTS)"
    )
    return results


def win_rate(
    game: stonefield.Game,
    first: Callable[[int], Bot],
    second: Callable[[int], Bot],
    games: int,
) -> float:
    """The share of ``games`` won by the player ``first(i)`` makes against
    ``second(i)`` in game ``i``, seats alternating (a game with no winner is
    half a win)."""
    score = 0.0
    for i in range(games):
        seat = i % 2
        players = [first(i), second(i)] if seat == 0 else [second(i), first(i)]
        state = game.start()
        while not state.is_over and state.ply < game.default_max_moves:
            state.play(players[state.seat_of(state.to_move)].choose(state))
        if state.winner is None:
            score += 0.5
        elif state.seat_of(state.winner) == seat:
            score += 1.0
    return score / max(games, 1)


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    defaults = Settings()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name, value in vars(defaults).items():
        parser.add_argument(f"--{name.replace('_', '-')}", type=type(value), default=value)
    settings = Settings(**vars(parser.parse_args(argv)))
    started = time.perf_counter()
    results = train(settings)
    print(f"wall time {time.perf_counter() - started:.0f} s")
    return results


if __name__ == "__main__":
    main()
