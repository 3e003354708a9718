"""One module per game: its Game class and its State class with the game's
own methods. Importing a module registers the game by name."""

from stonefield.games.anadil import Anadil, AnadilState, Prison
from stonefield.games.anda import Anda, AndaState
from stonefield.games.esgrad import Esgrad, EsgradState
from stonefield.games.lingarda import Lingarda, LingardaState
from stonefield.games.sunder import Sunder, SunderState

__all__ = [
    "Anadil",
    "AnadilState",
    "Anda",
    "AndaState",
    "Esgrad",
    "EsgradState",
    "Lingarda",
    "LingardaState",
    "Prison",
    "Sunder",
    "SunderState",
]
