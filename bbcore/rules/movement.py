"""Movement: stepping, dodging, rushing, standing up, and crossing what lies between squares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

if TYPE_CHECKING:
    from bbcore.rules.board import Board, Square


@frozen
class Crossing:
    """What one step costs beyond the usual square, and how risky it is.

    ``cost`` is extra movement spent; ``risk`` makes the player roll a D6 and fall over on
    that number or lower (0: no roll).
    """

    cost: int = 0
    risk: int = 0


def core_crossing(board: Board, origin: Square, target: Square) -> Crossing:
    """The core's answer: the edge feature between the squares, from the pitch data, or nothing."""
    feature = board.geometry.feature_between(origin, target)
    if feature is None:
        return Crossing()
    return Crossing(feature.crossing_cost, feature.crossing_risk)
