"""What Gutter Bowl's pitch features are, read from their properties in the pitch data.

The hooks never name a feature type. A feature is a *wall* when its ``pushed_into`` is
``wall`` (the market stalls, the barricades) and the space past an edge is a wall when
the pitch's ``beyond_sidelines`` or ``beyond_end_lines`` says ``wall``. A feature is a
*pit* when a player pushed against it goes in (``pushed_into: enters``). A feature
*takes the ball* when its ``ball_lands`` is ``re-enters``: a ball coming down on it is
sent back onto the pitch in a random direction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.errors import UsageError
from bbcore.rules import ball
from bbcore.rules.board import Board, Square, step
from bbcore.rules.passing import under_ruler

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.model.pitch import FeatureType
    from bbcore.ruleset import Ruleset

#: The ``pushed_into`` and ``beyond_*`` value that makes something a wall.
WALL = "wall"
#: The ``pushed_into`` value of a pit: a player pushed against it with nowhere else to go falls in.
ENTERS = "enters"
#: The ``ball_lands`` value of a feature that sends the ball back onto the pitch.
REENTERS = "re-enters"


def is_wall(feature: FeatureType | None) -> bool:
    return feature is not None and feature.pushed_into == WALL


def is_pit(feature: FeatureType | None) -> bool:
    return feature is not None and feature.pushed_into == ENTERS


def inside_a_feature(board: Board, square: Square) -> bool:
    """Whether the square is part of a feature nobody may stand on nor the ball rest on (a stall, a pit)."""
    feature = board.geometry.feature_at(square)
    return feature is not None and (feature.blocks_movement or feature.ball_lands is not None or feature.traps_players)


def wall_past(board: Board, off_square: Square) -> bool:
    """Whether a wall stands past the edge an off-pitch square lies beyond."""
    return board.geometry.beyond(off_square) == WALL


def wall_squares_crossed(board: Board, origin: Square, target: Square) -> list[Square]:
    """The squares of wall features (the market stalls) that the straight line from ``origin`` to ``target`` passes through.

    The geometry: every square is a unit square around its centre, and the line runs
    from the centre of ``origin`` to the centre of ``target`` (the Range Ruler's centre
    line). It crosses a square when it passes through the square's inside; a line
    that only touches a corner (a diagonal between two stall squares' corners) does
    not cross it (:func:`bbcore.rules.passing.under_ruler` with width 0). The two end
    squares do not count: a throw aimed at a stall square does not cross the square it
    hits. Barricades lie between squares and never count.
    """
    return sorted(
        square
        for square, feature in board.geometry.square_features.items()
        if is_wall(feature) and square not in (origin, target) and under_ruler(origin, target, square, 0)
    )


def kick_target_allowed(board: Board, square: Square) -> bool:
    """Whether a kick may be aimed at the square: never at a market stall or a sewer pit (any feature square)."""
    return board.geometry.on_pitch(square) and not inside_a_feature(board, square)


def check_kick_target(board: Board, square: Square) -> None:
    """Raise :class:`~bbcore.errors.UsageError` for a kick aimed at a feature square."""
    if not kick_target_allowed(board, square):
        feature = board.geometry.feature_at(square)
        what = feature.name if feature is not None else "off the pitch"
        raise UsageError(f"the kick-off target {square} cannot be chosen: it is {what}; aim at an open square of the pitch")


def out_of_feature(
    ruleset: Ruleset, board: Board, square: Square, dice: DiceSource, *, free: bool = False
) -> tuple[Square, tuple[int, ...]] | None:
    """A random direction (the ``random-direction`` table) from a feature square, and the nearest square that way outside it.

    The square is the first one in that direction that is on the pitch and not inside a
    feature. A direction that runs off the pitch first (or, with ``free``, meets an
    occupied square first) cannot be used and is rolled again. Returns the square and
    every roll made, or None when no direction could ever do.
    """

    def landing(direction: Square) -> Square | None:
        distance = 1
        while board.geometry.on_pitch(target := step(square, direction, distance)):
            if not inside_a_feature(board, target):
                return None if free and board.occupied(target) else target
            distance += 1
        return None

    table = ruleset.table("random-direction")
    directions = {(int(row.values["dx"] or 0), int(row.values["dy"] or 0)) for row in table.rows}
    if all(landing(d) is None for d in directions):
        return None
    rolls: tuple[int, ...] = ()
    while True:
        direction, rolled = ball.scatter_direction(ruleset, dice)
        rolls += rolled
        found = landing(direction)
        if found is not None:
            return found, rolls
