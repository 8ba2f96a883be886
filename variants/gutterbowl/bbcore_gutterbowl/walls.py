"""Walls: players pushed or thrown into them, and balls bouncing off them.

The sidelines are walls, and so is every feature whose ``pushed_into`` is ``wall``
(the market stalls and the barricades). The numbers are ``wall_push`` and
``thrown_into_wall_armour_modifier`` in ``variant-rules.yaml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.dice import roll_on_table
from bbcore.rules.ball import BallReentry, template_direction
from bbcore.rules.board import Board, Square, step
from bbcore.rules.push import BlockedSquare, PushBlocked, direction_between
from bbcore_gutterbowl.features import WALL, is_wall, wall_past
from bbcore_gutterbowl.variant_rules import variant_rules

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.ruleset import Ruleset

#: The eight directions turning clockwise as seen on the pitch (y grows downwards).
_CLOCKWISE: tuple[Square, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def wall_met(board: Board, origin: Square, blocked: BlockedSquare) -> str | None:
    """What wall a pushed player in ``origin`` meets at a blocked square: ``wall`` (a sideline), a feature's id, or None."""
    geometry = board.geometry
    if blocked.reason == "off-pitch":
        return WALL if wall_past(board, blocked.square) else None
    for feature in (geometry.feature_at(blocked.square), geometry.feature_between(origin, blocked.square)):
        if is_wall(feature):
            assert feature is not None
            return feature.id
    return None


def pushed_into_a_wall(
    ruleset: Ruleset, board: Board, origin: Square, blocked: tuple[BlockedSquare, ...], knocked_down: bool
) -> PushBlocked | None:
    """A pushed player with no free square and a wall among the squares behind them is slammed into it.

    He stays in his square. After a plain push the active coach's D6 decides: at or
    above ``wall_push.fall_on`` he falls over. After a POW there is no roll: he stays,
    and the block knocks him down in his square. A wall beats a chain push, so a player
    with team-mates behind him and a wall beside them hits the wall. None when no wall
    is behind him.
    """
    met = next((label for b in blocked if (label := wall_met(board, origin, b)) is not None), None)
    if met is None:
        return None
    if knocked_down:
        return PushBlocked("stays", met)
    rule = variant_rules(ruleset).wall_push
    return PushBlocked("stays", met, armour_modifier=rule.armour_modifier, fall_on=rule.fall_on)


def thrown_into_a_wall(ruleset: Ruleset, label: str, square: Square | None = None) -> PushBlocked:
    """A thrown team-mate who comes down against a wall: a crash landing with the wall's extra armour modifier.

    ``square`` is where he falls when it is not the square he came down on (off a stall).
    """
    return PushBlocked("knocked-down", label, armour_modifier=variant_rules(ruleset).thrown_into_wall_armour_modifier, square=square)


def _turn(direction: Square, eighths: int) -> Square:
    return _CLOCKWISE[(_CLOCKWISE.index(direction) + eighths) % 8]


def _facing_off(board: Board, square: Square, origin: Square) -> Square:
    """Which way a ball that rolled from ``origin`` into the wall feature at ``square`` comes back.

    Straight in, it comes straight back. Diagonally against a flat side (one of the two
    squares it brushed past is part of the wall too), the side sends it back square to
    that side. Diagonally onto a corner, with open squares on both sides, it comes back
    the way it came: the seed's corner diagram is missing, this is our reading (provisional:
    ``readings.corner_bounce`` in ``variant-rules.yaml``).
    """
    dx, dy = direction_between(origin, square)
    if dx == 0 or dy == 0:
        return (-dx, -dy)
    beside_x = is_wall(board.geometry.feature_at((origin[0] + dx, origin[1])))
    beside_y = is_wall(board.geometry.feature_at((origin[0], origin[1] + dy)))
    if beside_x and not beside_y:
        return (-dx, 0)
    if beside_y and not beside_x:
        return (0, -dy)
    return (-dx, -dy)


def rebound_off_a_feature(ruleset: Ruleset, board: Board, square: Square, origin: Square, dice: DiceSource) -> BallReentry:
    """A ball rolling into a wall feature comes back off it by the throw-in template.

    The template sits on the feature square the ball would have reached, facing away
    from the face it hit (see :func:`_facing_off`); the ``throw-in`` table's die says
    which of the three squares in front it goes to. Facing diagonally (a corner), the
    three squares are the one the ball came from and the two beside the corner. The
    ball then arrives there as a bouncing ball does, and bounces no more (a provisional
    reading: ``readings.wall_rebound_comes_to_rest`` in ``variant-rules.yaml``).
    """
    facing = _facing_off(board, square, origin)
    rolled = roll_on_table(ruleset.table("throw-in"), dice)
    if facing[0] and facing[1]:
        forward, lateral = int(rolled.row.values["forward"] or 0), int(rolled.row.values["lateral"] or 0)
        target = step(square, _turn(facing, lateral), forward)
    else:
        target = step(square, template_direction(facing, rolled.row))
    return BallReentry(target, bounce=False)
