"""Where a player can walk on the lane: the squares around each square, and the shortest paths within reach.

Both the legal listing (:mod:`bbcore_skurling.legal`) and the arc's own checks
(``bbcore_skurling.arc``, a displaced Cuddler's way back) read it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from bbcore.rules.movement import max_rushes, stand_up_cost
from bbcore_skurling.touch import destination_row

if TYPE_CHECKING:
    from bbcore.rules.board import Board, PlayerState, Square
    from bbcore.ruleset import Ruleset

#: The eight steps from a square to its neighbours.
STEPS: tuple[Square, ...] = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))


def allowance(ruleset: Ruleset, player: PlayerState) -> int:
    """Squares the player can still cover this activation: MA plus rushes, less the cost of standing up."""
    if player.rooted:
        return 0  # Take Root: the player may not leave the square
    return walking_allowance(ruleset, player) + max_rushes(ruleset, player)


def walking_allowance(ruleset: Ruleset, player: PlayerState) -> int:
    """Squares the player can cover this activation without a Rush: MA less the cost of standing up."""
    standing_cost = 0 if player.standing else stand_up_cost(ruleset, player)
    return max(0, player.ma - standing_cost)


@cache
def neighbours_on(length: int, width: int) -> dict[Square, tuple[Square, ...]]:
    """Every square's neighbours on a pitch of this size, worked out once."""
    found: dict[Square, tuple[Square, ...]] = {}
    for x in range(length):
        for y in range(width):
            found[(x, y)] = tuple((x + dx, y + dy) for dx, dy in STEPS if 0 <= x + dx < length and 0 <= y + dy < width)
    return found


@cache
def grid_of(length: int, width: int) -> tuple[tuple[Square, ...], tuple[tuple[int, ...], ...]]:
    """The pitch's squares by number (``x * width + y``) and each one's neighbours by number, in
    :func:`neighbours_on` order: the search below marks squares in a flat array instead of hashing them."""
    squares = tuple((x, y) for x in range(length) for y in range(width))
    around = tuple(tuple(nx * width + ny for nx, ny in neighbours_on(length, width)[square]) for square in squares)
    return squares, around


def reachable(board: Board, player: PlayerState, squares: int, *, cuddler: bool = False) -> dict[Square, tuple[Square, ...]]:
    """A shortest path through empty squares to every square within ``squares`` steps (the start: an empty path).

    A Cuddler in the destination end zone stays in it; one knocked out of it only moves
    towards it.
    """
    assert player.square is not None
    start = player.square
    length, width = board.pitch.length, board.pitch.width
    grid, around = grid_of(length, width)
    # Reached or taken: a square is looked at once, by number.
    closed = bytearray(length * width)
    for other in board.players.values():
        held = other.square
        if held is not None and other.id != player.id and other.on_pitch and 0 <= held[0] < length and 0 <= held[1] < width:
            closed[held[0] * width + held[1]] = 1
    zone = destination_row(board)
    in_zone = start[0] >= zone
    paths: dict[Square, tuple[Square, ...]] = {start: ()}
    if not (0 <= start[0] < length and 0 <= start[1] < width):
        return paths
    first = start[0] * width + start[1]
    closed[first] = 1
    path_of: dict[int, tuple[Square, ...]] = {first: ()}
    # Breadth first, one ring of squares at a time: the same order as a queue, without measuring each path.
    ring = [first]
    for _ in range(squares):
        following: list[int] = []
        for here in ring:
            path = path_of[here]
            for there in around[here]:
                if closed[there]:
                    continue
                if cuddler:
                    x, from_x = there // width, here // width
                    if (in_zone and x < zone) or (not in_zone and x <= from_x and x < zone):
                        continue
                closed[there] = 1
                square = grid[there]
                path_of[there] = paths[square] = path + (square,)  # noqa: RUF005 - quicker than unpacking, in the innermost loop
                following.append(there)
        if not following:
            break
        ring = following
    return paths
