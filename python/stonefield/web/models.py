"""The JSON API's requests and answers, as pydantic models: FastAPI checks
requests against them and describes them in ``/openapi.json``.

Values are typed here but their ranges are not: a game's options, a move and
a record are judged by the engine, so an answer's reason is the one the
Python API gives (``stonefield.game("sunder", size=99)`` and ``POST
/api/games {"game": "sunder", "options": {"size": 99}}`` both say ``size must
be from 2 to 25, got 99``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

OptionValue = StrictBool | StrictInt | StrictFloat
ColourName = Literal["black", "white"]


class _Model(BaseModel):
    # Unknown fields are refused rather than silently ignored.
    model_config = ConfigDict(extra="forbid")


class OptionInfo(_Model):
    """One option of a game, from its table in the engine."""

    name: str
    kind: Literal["int", "halves", "flag"]
    default: OptionValue
    min: StrictInt | StrictFloat | None
    max: StrictInt | StrictFloat | None
    takes: str = Field(description="the values it takes, in words")
    doc: str


class GameInfo(_Model):
    """A game the server plays."""

    name: str
    options: list[OptionInfo]
    specials: list[str] = Field(description="its actions that are not points")
    overlays: list[str] = Field(description="the overlays of its pictures")
    scores: bool = Field(description="whether it is won on a score")


class BotInfo(_Model):
    """A bot the server offers."""

    name: str
    doc: str
    searches: bool = Field(description="whether it takes iterations or seconds")


class LimitsInfo(_Model):
    """What the server bounds."""

    games: int = Field(description="games kept at once; the least recently used go first")
    moves: int = Field(description="moves in one game")
    body_bytes: int = Field(description="bytes in one request body")
    iterations: int = Field(description="search iterations per request")
    seconds: float = Field(description="seconds of thinking per request")


class Catalogue(_Model):
    """Everything the server plays: games, bots and limits."""

    games: list[GameInfo]
    bots: list[BotInfo]
    limits: LimitsInfo


class NewGame(_Model):
    """A game to start: a name of ``/api/catalogue`` and its options (those
    left out take their defaults)."""

    game: str
    options: dict[str, OptionValue] = Field(default_factory=dict)


class NewRecord(_Model):
    """A game to go on from: a record, as ``State.record()`` writes it or by
    hand (comments allowed)."""

    record: str


class Changed(_Model):
    """A change to a game; with ``version``, refused (409) when the game has
    changed since that version, so a change meant for one position is never
    made to another."""

    version: StrictInt | None = None


class PlayMove(Changed):
    """A move to play, in notation: ``e5``, ``pass``, ``swap``, ``release``."""

    move: str


class Undo(Changed):
    """Take back moves."""

    count: StrictInt = Field(1, description="how many moves, 1 or more")


class Search(_Model):
    """A search budget: iterations, seconds or both (whichever runs out
    first); neither means the package's default iterations. The server caps
    both (``/api/catalogue``)."""

    iterations: StrictInt | None = None
    seconds: StrictInt | StrictFloat | None = None
    seed: StrictInt | None = Field(None, description="0 to 2**64 - 1; none draws one")


class BotMove(Changed, Search):
    """Ask a bot to choose the move and play it."""

    bot: str = Field(description="a name of the catalogue's bots")


class Analyse(Search):
    """Ask for a search of a position and its visit shares."""

    ply: StrictInt | None = Field(None, description="the position after this many moves (all)")


class ScoreRow(_Model):
    """One part of a score breakdown, per colour (a list, like Esgrad's
    groups, counts its items)."""

    part: str
    black: StrictInt | StrictFloat
    white: StrictInt | StrictFloat


class OverlayView(_Model):
    """The overlay drawn on a position's picture."""

    name: str
    caption: str


class Position(_Model):
    """A game and one of its positions (by default the latest)."""

    id: str = Field(description="the game's id, to name it in later requests")
    version: int = Field(description="changes made to the game so far")
    game: str
    options: dict[str, OptionValue]
    moves: list[str] = Field(description="every move of the game, in notation")
    movers: list[ColourName] = Field(description="the colour that played each move")
    record: str = Field(description="the game's record (all its moves)")
    ply: int = Field(description="the position shown: after this many moves")
    points: list[str] = Field(description="the board's points, in index order")
    board: str = Field(description="per point: B, W or . (empty)")
    to_move: ColourName
    swapped: bool = Field(description="whether the seats exchanged colours")
    is_over: bool
    winner: ColourName | None
    ending: str | None = Field(description="how a finished game ended, where the game says")
    last_move: str | None
    legal_moves: list[str]
    scores: dict[ColourName, float] | None = Field(description="each colour's total, if scored")
    score: list[ScoreRow] | None = Field(description="the score's breakdown, if scored")
    overlays: list[str]
    overlay: OverlayView | None
    svg: str = Field(description="the board as SVG, a target over every point")


class MoveShare(_Model):
    """One move of a search."""

    move: str
    visits: int
    share: float = Field(description="its part of the visits, 0 to 1")
    value: float = Field(description="mean reward for the mover, -1 to 1")


class Analysis(_Model):
    """A search of a position: its visits per move and the board drawn with
    them (the "analyse" overlay)."""

    id: str
    version: int
    ply: int
    iterations: int
    best: str
    moves: list[MoveShare]
    caption: str
    svg: str


class Problem(_Model):
    """Why a request was refused. ``message`` is the text of the exception
    the Python API raises for the same request; the other fields are its
    attributes, where it has them."""

    error: str = Field(description="illegal_move, bad_option, bad_notation, bad_record, ...")
    message: str
    move: str | None = None
    reason: str | None = None
    option: str | None = None
    line: int | None = None
    column: int | None = None
    move_number: int | None = None
    word: str | None = None
