"""One module per game: its Game class and its State class with the game's
own methods, counters, overlays and drawing. Importing a module registers
the game by name; every game the core registers is imported here, so a new
game's module needs no line in this file to be playable by name."""

import importlib

from stonefield._core import GAME_NAMES
from stonefield.games.anadil import Anadil, AnadilState, Prison
from stonefield.games.anda import Anda, AndaState
from stonefield.games.esgrad import Esgrad, EsgradState
from stonefield.games.lingarda import Lingarda, LingardaState
from stonefield.games.sunder import Sunder, SunderState

for _name in GAME_NAMES:
    importlib.import_module(f"stonefield.games.{_name}")

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
