"""The Punt special action: the carrier kicks the ball downfield off the throw-in template.

A player with Punt may declare it (one a turn: the caller counts) and first makes a Move
Action (:func:`bbcore.rules.movement.move`). If he then holds the ball, :func:`punt` sends
it: his coach sets the throw-in template over him facing an End Zone or a sideline, a
roll on the ``throw-in`` table gives the direction and ``ball.punt_distance`` the number
of squares. With Kick he may roll either die again, deciding on the direction before the
distance is rolled. The ball comes down like a kick (a standing player there tries to
catch it, ``catch_modifiers.punted``; otherwise it bounces). A ball resting on the ground
is no turnover; one held by an opponent, or gone into the crowd, is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules.ball import MY_BALL, TEMPLATE_FACINGS, land_ball, leave_pitch, template_direction
from bbcore.rules.board import BallState, Board, Square, step
from bbcore.rules.decisions import Decisions
from bbcore.rules.events import Event, Outcome

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The skill that kicks the ball downfield, and the one that lets the kicker roll again.
PUNT, KICK = "punt", "kick"


def _roll(
    dice: DiceSource, expression: str, player_id: str, decisions: Decisions, kicks: bool, situation: str
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Every die rolled, and those that count (the second roll when Kick rolled again)."""
    rolls = roll_dice(dice, expression)
    if kicks and decisions.use_skill(player_id, KICK, situation):
        again = roll_dice(dice, expression)
        return rolls + again, again
    return rolls, rolls


def punt(ruleset: Ruleset, board: Board, player_id: str, facing: Square, dice: DiceSource, decisions: Decisions) -> Outcome:
    """``player_id``, Standing with Punt and the ball after his move, punts it with the template facing ``facing``
    (one of :data:`bbcore.rules.ball.TEMPLATE_FACINGS`).

    Kick's re-rolls are asked with ``Decisions.use_skill`` (situations ``punt-direction``
    and ``punt-distance``). The ``punt`` event carries every die, the direction and the
    distance; what the ball then does follows it. Anything else (no skill, no ball, a
    facing that is not one of the four) raises :class:`~bbcore.errors.UsageError`.
    """
    player = board.player(player_id)
    if not player.has(PUNT) or not player.standing or player.square is None:
        raise UsageError(f"{player_id} cannot Punt: only a Standing player with Punt can")
    if board.ball.carrier != player_id:
        raise UsageError(f"{player_id} cannot Punt: he does not hold the ball")
    if player.has(MY_BALL):
        raise UsageError(f"{player_id} cannot Punt: with My Ball he never gives the ball up")
    if facing not in TEMPLATE_FACINGS:
        raise UsageError(f"the template must face an End Zone or a sideline, one of {list(TEMPLATE_FACINGS)}; not {facing}")
    kicks = player.has(KICK)
    table = ruleset.table("throw-in")
    way, way_kept = _roll(dice, table.dice or "D6", player_id, decisions, kicks, "punt-direction")
    direction = template_direction(facing, table.row_for(sum(way_kept)))
    far, far_kept = _roll(dice, ruleset.parameters.ball.punt_distance, player_id, decisions, kicks, "punt-distance")
    origin = player.square
    board = board.with_ball(BallState(square=origin))
    square = origin
    for _ in range(sum(far_kept)):
        ahead = step(square, direction)
        if not board.geometry.on_pitch(ahead):
            event = Event(PUNT, player_id, (*way, *far), "off-the-pitch", {"direction": list(direction), "from": list(origin)})
            gone = leave_pitch(ruleset, board, square, ahead, dice, decisions, cause="punt")
            # The crowd throws it back (a variant's wall may send it back instead, which is no crowd).
            crowd = any(e.kind == "throw-in" for e in gone.events)
            return _settled(Outcome(gone.board, (event, *gone.events)), player.team, crowd=crowd)
        square = ahead
    event = Event(PUNT, player_id, (*way, *far), "kicked", {"direction": list(direction), "from": list(origin), "to": list(square)})
    landed = land_ball(ruleset, board, square, dice, decisions, cause="punt", situation="punted")
    return _settled(Outcome(landed.board, (event, *landed.events)), player.team, crowd=False)


def _settled(outcome: Outcome, team: str, *, crowd: bool) -> Outcome:
    """A turnover when the ball went into the crowd or an opponent holds it."""
    holder = outcome.board.ball.carrier
    stolen = holder is not None and outcome.board.player(holder).team != team
    return attrs.evolve(outcome, turnover=crowd or stolen)
