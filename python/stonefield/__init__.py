"""stonefield: exact, fast engines for the board games Sunder, Anda, Anadil,
Lingarda and Esgrad, with a rules core in Rust.

>>> import stonefield
>>> state = stonefield.game("sunder", size=5).start()
>>> state.play("c3")
>>> state.to_move
<Colour.WHITE: 'white'>
"""

from importlib.metadata import version as _version

from stonefield import bots, evaluators, registry
from stonefield._core import (
    IllegalMoveError,
    LegalMoves,
    NotationError,
    OptionError,
    PositionError,
    RecordError,
    StonefieldError,
)
from stonefield.analyze import BalanceReport, KomiPoint, PlayReport, analyze
from stonefield.bots import Bot
from stonefield.bots import Random as RandomBot
from stonefield.colour import Colour
from stonefield.env import VecEnv
from stonefield.game import Game, Move, State, game
from stonefield.games import (
    Anadil,
    AnadilState,
    Anda,
    AndaState,
    Esgrad,
    EsgradState,
    Lingarda,
    LingardaState,
    Prison,
    Sunder,
    SunderState,
)
from stonefield.metrics import SkillTrace, Tournament, skill_trace, tournament
from stonefield.notation import load, read
from stonefield.observation import observations
from stonefield.play import BOTS
from stonefield.playthrough import playthrough
from stonefield.position import from_dict
from stonefield.selfplay import SelfPlayData, selfplay
from stonefield.simulate import (
    BLACK,
    NO_WINNER,
    WHITE,
    SimulationResult,
    Summary,
    simulate,
)
from stonefield.svg import svg

GAMES: tuple[str, ...] = tuple(sorted(registry.GAMES))
"""The names of every game, for :func:`game`."""

__version__: str = _version("stonefield")
"""The installed package's version, from its metadata."""

__all__ = [
    "BLACK",
    "BOTS",
    "GAMES",
    "NO_WINNER",
    "WHITE",
    "Anadil",
    "AnadilState",
    "Anda",
    "AndaState",
    "BalanceReport",
    "Bot",
    "Colour",
    "Esgrad",
    "EsgradState",
    "Game",
    "IllegalMoveError",
    "KomiPoint",
    "LegalMoves",
    "Lingarda",
    "LingardaState",
    "Move",
    "NotationError",
    "OptionError",
    "PlayReport",
    "PositionError",
    "Prison",
    "RandomBot",
    "RecordError",
    "SelfPlayData",
    "SimulationResult",
    "SkillTrace",
    "State",
    "StonefieldError",
    "Summary",
    "Sunder",
    "SunderState",
    "Tournament",
    "VecEnv",
    "__version__",
    "analyze",
    "bots",
    "evaluators",
    "from_dict",
    "game",
    "load",
    "observations",
    "playthrough",
    "read",
    "selfplay",
    "simulate",
    "skill_trace",
    "svg",
    "tournament",
]
