"""What the API answers about a game, made from its ``State``, its views and
``stonefield.svg`` alone, so the page shows exactly what the package says.

>>> import stonefield
>>> state = stonefield.Anda(size=2).start()
>>> state.play("a1")
>>> shown = position("id", Entry(state), ply=None, overlay="territory")
>>> shown.to_move, shown.board[:3], shown.overlay.caption
('black', 'B..', 'territory: black 6, white 0')
>>> [(row.part, row.black) for row in shown.score][:2]
[('territory', 6.0), ('prisoners', 0.0)]
"""

from __future__ import annotations

from typing import cast

from stonefield.bots import SearchResult
from stonefield.colour import Colour
from stonefield.game import State
from stonefield.overlays import available, overlay_marks, visit_shares
from stonefield.play import score_rows
from stonefield.svg import svg
from stonefield.web.games import Entry, RequestError
from stonefield.web.models import (
    Analysis,
    ColourName,
    MoveShare,
    OverlayView,
    Position,
    ScoreRow,
)


def state_at(state: State, ply: int | None) -> State:
    """The position after the first ``ply`` moves of ``state``'s game (all
    of them for None), replayed from the start.

    Raises:
        RequestError: 400 for a ply outside the game.
    """
    if ply is None or ply == state.ply:
        return state
    if not 0 <= ply <= state.ply:
        raise RequestError(
            400, "bad_ply", f"ply must be from 0 to {state.ply} in this game, got {ply}"
        )
    shown: State = state.game.start()
    for action in state.actions[:ply]:
        shown.play(action)
    return shown


def movers(state: State) -> list[ColourName]:
    """The colour that played each move of ``state``'s game (a swap or a
    two-stone turn makes it more than alternation)."""
    replay = state.game.start()
    colours = []
    for action in state.actions:
        colours.append(cast(ColourName, replay.to_move.value))
        replay.play(action)
    return colours


def position(
    game_id: str,
    entry: Entry,
    ply: int | None = None,
    overlay: str | None = None,
    at: str | None = None,
) -> Position:
    """A game and its position after ``ply`` moves, its picture with the
    overlay ``overlay`` (about the group at ``at``) drawn on it.

    Raises:
        RequestError: for a ply outside the game.
        NotationError: for an overlay the game does not have, or an ``at``
            that is not a point.
    """
    state = entry.state
    shown = state_at(state, ply)
    drawing = None if overlay is None else overlay_marks(shown, overlay, at)
    breakdown = getattr(shown, "score", None)
    scores = shown.scores()
    winner = shown.winner
    last = shown.last_move
    return Position(
        id=game_id,
        version=entry.version,
        game=state.game.name,
        options=state.game.options,
        moves=state.moves,
        movers=movers(state),
        record=state.record(),
        ply=shown.ply,
        points=list(state.game.point_names),
        board=shown.board_string(),
        to_move=shown.to_move.value,
        swapped=shown.swapped,
        is_over=shown.is_over,
        winner=None if winner is None else winner.value,
        ending=getattr(shown, "ending", None),
        last_move=None if last is None else last.text,
        legal_moves=list(shown.legal_moves()),
        scores=None if scores is None else {c.value: v for c, v in scores.items()},
        score=None
        if not callable(breakdown)
        else [
            ScoreRow(part=part, black=values[Colour.BLACK], white=values[Colour.WHITE])
            for part, values in score_rows(breakdown())
        ],
        overlays=available(state.game.name),
        overlay=None
        if drawing is None
        else OverlayView(name=drawing.name, caption=drawing.caption),
        svg=svg(shown, size=None, marks=drawing, targets=True),
    )


def analysis(game_id: str, entry: Entry, shown: State, found: SearchResult) -> Analysis:
    """A search's findings about ``shown``, a position of the game, with the
    board drawn with its visit shares."""
    total = int(found.visits.sum())
    drawing = visit_shares(shown, found.moves, [int(v) for v in found.visits])
    return Analysis(
        id=game_id,
        version=entry.version,
        ply=shown.ply,
        iterations=found.iterations,
        best=found.best.text,
        moves=[
            MoveShare(
                move=move,
                visits=int(visits),
                share=int(visits) / total if total else 0.0,
                value=float(value),
            )
            for move, visits, value in zip(found.moves, found.visits, found.values, strict=True)
        ],
        caption=drawing.caption,
        svg=svg(shown, size=None, marks=drawing, targets=True),
    )
