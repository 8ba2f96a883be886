"""Gutter Bowl passing: over a market stall, the Potion of Accuracy, and throwing the ball at the wall.

The core's pass (:func:`bbcore.rules.passing.pass_ball`) does the rest; the first two
rules reach it through ``bbcore_pass_modifiers`` (see :mod:`bbcore_gutterbowl.pitch_hooks`
and :mod:`bbcore_gutterbowl.game_hooks`). An Inaccurate Pass that comes down on a
stall re-enters play through the core's landing and the ball-reentry hook, as a kick
does. Throwing the ball at a wall is built from the core's steps: the range, the
test for accuracy, the interception and the catch. Its numbers are ``throw_at_wall``
in ``variant-rules.yaml``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules import ball
from bbcore.rules.board import BallState, Board, PlayerState, Square, step
from bbcore.rules.decisions import Decisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.passing import (
    ACCURATE,
    CATCH_SITUATION,
    FUMBLED,
    INACCURATE,
    SAFE_PASS,
    allowed_bands,
    fumble,
    held_by_team,
    intercept,
    measure_range,
    roll_for_accuracy,
    safe_pass,
)
from bbcore.rules.rerolls import RerollBudget, pro_for
from bbcore_gutterbowl.features import inside_a_feature, is_wall, wall_past, wall_squares_crossed
from bbcore_gutterbowl.variant_rules import variant_rules

if TYPE_CHECKING:
    from bbcore.model.table import Row
    from bbcore.ruleset import Ruleset

#: The trait the Potion of Accuracy gives (see ``superior-magic-potions.yaml``).
POTION_OF_ACCURACY = "gutterbowl/potion-of-accuracy"


def over_a_market_stall(ruleset: Ruleset, board: Board, passer: PlayerState, target: Square) -> int | None:
    """``pass_over_stall_modifier`` when the line from the passer to the target crosses a stall.

    The line test is :func:`bbcore_gutterbowl.features.wall_squares_crossed`.
    """
    if passer.square is None or not wall_squares_crossed(board, passer.square, target):
        return None
    return variant_rules(ruleset).pass_over_stall_modifier


def range_ignored(passer: PlayerState, band: Row) -> int | None:
    """A passer who drank the Potion of Accuracy takes no modifier for the range: the band's modifier, cancelled."""
    if not passer.has(POTION_OF_ACCURACY):
        return None
    return -int(band.values.get("modifier") or 0) or None


# -- Throwing the ball at the wall ---------------------------------------------------------------


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def is_wall_square(board: Board, square: Square) -> bool:
    """A square the ball may be thrown at: part of a wall feature (a stall), or just past a sideline that is a wall."""
    geometry = board.geometry
    if geometry.on_pitch(square):
        return is_wall(geometry.feature_at(square))
    return geometry.edge_beyond(square) == "sideline" and square[1] in (-1, geometry.pitch.width) and wall_past(board, square)


def wall_face(board: Board, square: Square, origin: Square) -> Square | None:
    """The outward normal of the face of wall square ``square`` that a ball thrown from ``origin`` hits; None when it shows none.

    A sideline's face looks into the pitch. A stall square shows the faces towards the
    thrower that are open (the square beyond is on the pitch and not part of a wall);
    a ball aimed at its centre comes in through the face across the larger part of the
    way, and exactly along the diagonal onto an open corner it meets the corner (a
    diagonal normal).
    """
    geometry = board.geometry
    if not geometry.on_pitch(square):
        return (0, 1) if square[1] < 0 else (0, -1)

    def open_towards(direction: Square) -> bool:
        beyond = step(square, direction)
        return direction != (0, 0) and geometry.on_pitch(beyond) and not is_wall(geometry.feature_at(beyond))

    vx, vy = origin[0] - square[0], origin[1] - square[1]
    across_x, across_y = (_sign(vx), 0), (0, _sign(vy))
    x_open, y_open = open_towards(across_x), open_towards(across_y)
    if x_open and y_open:
        if abs(vx) == abs(vy):
            return (across_x[0], across_y[1])
        return across_x if abs(vx) > abs(vy) else across_y
    if x_open:
        return across_x
    if y_open:
        return across_y
    return None


def wall_square_beside(board: Board, square: Square, face: Square, *, right: bool) -> Square:
    """The wall square to the thrower's right (or left) of ``square`` along the face hit; ``square`` itself where the wall ends.

    Facing the wall (against ``face``), right is a quarter turn clockwise on the pitch (y
    grows downwards). On a corner, the neighbour is along whichever face carries on that
    way. Past the end of a stall or a sideline there is no wall to hit, so the ball hits
    the declared square after all (our reading; the seed does not say).
    """
    facing = (-face[0], -face[1])
    side = (-facing[1], facing[0]) if right else (facing[1], -facing[0])
    options = [(side[0], 0), (0, side[1])] if face[0] and face[1] else [side]
    for direction in options:
        if direction == (0, 0):
            continue
        beside = step(square, direction)
        if is_wall_square(board, beside) and board.geometry.on_pitch(beside) == board.geometry.on_pitch(square):
            return beside
    return square


def ricochet_direction(origin: Square, hit: Square, face: Square) -> Square:
    """Which way the ball comes off the wall: the reflection of its flight, kept to the eight directions and always away from the wall.

    The part of the flight across the wall reverses and the part along it carries on,
    as off a cushion. That reflected line is rounded to the nearest of the eight
    directions: within 22.5 degrees of square-on the ball comes straight back out;
    otherwise it comes off diagonally, still going the way it was along the wall (it
    never runs along the wall itself). A ball meeting a corner head-on comes back along
    the diagonal. The seed's diagrams are missing; this is our reading.
    """
    if face[0] and face[1]:
        return face
    along_wall = (face[1], face[0])
    vx, vy = hit[0] - origin[0], hit[1] - origin[1]
    across = abs(vx * face[0] + vy * face[1])
    along = vx * along_wall[0] + vy * along_wall[1]
    # Straight out when |along| / |across| < tan(22.5 degrees) = sqrt(2) - 1.
    if (abs(along) + across) ** 2 < 2 * across**2:
        return face
    sense = _sign(along)
    return (face[0] + sense * along_wall[0], face[1] + sense * along_wall[1])


def _check(board: Board, passer: PlayerState, wall_square: Square) -> Square:
    if not passer.standing or passer.square is None:
        raise UsageError(f"{passer.id} cannot pass: they are {passer.status.value}")
    if board.ball.carrier != passer.id:
        raise UsageError(f"{passer.id} cannot pass: they do not hold the ball")
    if not is_wall_square(board, wall_square):
        raise UsageError(f"{wall_square} is not a wall square: aim at a market stall or just past a sideline")
    face = wall_face(board, wall_square, passer.square)
    if face is None:
        raise UsageError(f"{passer.id} cannot throw at {wall_square}: no side of it faces them")
    return face


def throw_at_wall(
    ruleset: Ruleset,
    board: Board,
    passer_id: str,
    wall_square: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll: int | bool = False,
    spent: frozenset[str] = frozenset(),
    weather: Mapping[str, int] | None = None,
    open_bands: Collection[str] | None = None,
) -> Outcome:
    """A Pass action at a wall square, for the ball to ricochet off it.

    ``open_bands`` are the only ranges the caller allows, narrowed by the board's
    ``open_pass_bands`` (Clouds of Smog's Quick and Short passes in a game), as for
    :func:`bbcore.rules.passing.pass_ball`.

    ``wall_square`` is a market-stall square or a square just past a sideline
    (:func:`is_wall_square`) within the Range Ruler, with a side facing the passer.
    The test for accuracy is a pass's (:func:`bbcore.rules.passing.roll_for_accuracy`:
    the range, the markers, a stall crossed, re-rolls); a fumble is a pass's fumble.
    An Accurate throw hits the square aimed at; otherwise a D6 (``throw_at_wall.dice``)
    at most ``right_at_most`` hits the wall square to the right, higher the one to the
    left (:func:`wall_square_beside`). One opponent under the ruler may intercept, as
    for any pass. The ball then comes off the wall (:func:`ricochet_direction`) and
    travels ``ricochet_distance`` squares; each standing player it passes over, in
    order, tries to catch it as an Inaccurate Pass, and a miss lets it fly on (a
    player who tries has nothing to lose, so everyone tries). It stops short of a
    stall or a pit, and leaving the pitch is what the ball-leaves-pitch hook says (a
    sideline: off the wall again). If nobody catches it, it bounces
    ``bounces_after`` times from where it ends. A turnover unless a player of the
    passing team holds the ball.
    """
    passer = board.player(passer_id)
    face = _check(board, passer, wall_square)
    assert passer.square is not None
    rules = variant_rules(ruleset).throw_at_wall
    weather = weather or {}
    band = measure_range(ruleset, passer, wall_square, open_bands=allowed_bands(board, open_bands))
    declared = Event("throw-at-wall", passer_id, (), band.id, {"target": list(wall_square)})
    rolled, _ = roll_for_accuracy(
        ruleset,
        board,
        passer_id,
        wall_square,
        band,
        dice,
        decisions,
        RerollBudget(int(team_reroll), frozenset(spent), pro=pro_for(ruleset, passer_id)),
        weather=weather.get("pass", 0) + weather.get("pass-action", 0),
    )
    events = (declared, *rolled.events)
    accuracy = rolled.verdict.result
    if accuracy == FUMBLED:
        if safe_pass(passer, rolled):
            return Outcome(board, (*events, Event(SAFE_PASS, passer_id, (), "kept", {"square": list(passer.square)})))
        dropped = fumble(ruleset, board, passer, dice, decisions)
        return Outcome(dropped.board, events + dropped.events, turnover=True)

    hit, side = wall_square, "on-target"
    side_rolls: tuple[int, ...] = ()
    if accuracy != ACCURATE:
        accuracy = INACCURATE
        side_rolls = roll_dice(dice, rules.dice)
        right = sum(side_rolls) <= rules.right_at_most
        side = "right" if right else "left"
        hit = wall_square_beside(board, wall_square, face, right=right)
        face = wall_face(board, hit, passer.square) or face
    outcome = Outcome(board.with_ball(BallState()), (*events, Event("wall-hit", passer_id, side_rolls, side, {"square": list(hit)})))
    # Interfered with as any pass is: Cloud Burster keeps off all but Very Long Legs (see interception_candidates).
    stolen = intercept(ruleset, outcome.board, passer_id, hit, accuracy, dice, decisions, weather=weather.get("interception", 0))
    if stolen is not None:
        outcome = outcome.then(stolen)
        if stolen.turnover:
            return outcome
    flown = _ricochet(ruleset, outcome.board, passer.square, hit, face, dice, decisions, weather.get("catch", 0))
    outcome = outcome.then(flown)
    return Outcome(outcome.board, outcome.events, turnover=not held_by_team(outcome.board, passer.team))


def _ricochet(
    ruleset: Ruleset,
    board: Board,
    origin: Square,
    hit: Square,
    face: Square,
    dice: DiceSource,
    decisions: Decisions,
    catch_weather: int,
) -> Outcome:
    """The ball flies off the wall at ``hit``: catches on the way, then out of play, stopped, or a bounce where it ends."""
    rules = variant_rules(ruleset).throw_at_wall
    geometry = board.geometry
    direction = ricochet_direction(origin, hit, face)
    distance_rolls = roll_dice(dice, rules.ricochet_distance)
    square = hit
    path: list[Square] = []
    events: list[Event] = []
    situation = CATCH_SITUATION[INACCURATE]

    def flown(stopped: str) -> Event:
        detail = {"from": list(hit), "direction": list(direction), "path": [list(s) for s in path], "stopped": stopped}
        return Event("ricochet", None, distance_rolls, "ricocheted", detail)

    for _ in range(sum(distance_rolls)):
        ahead = step(square, direction)
        if not geometry.on_pitch(ahead):
            last = path[-1] if path else step(hit, face)
            out = ball.leave_pitch(ruleset, board.with_ball(BallState(square=last)), last, ahead, dice, decisions, cause="pass")
            return Outcome(out.board, (flown("edge"), *events, *out.events))
        if inside_a_feature(board, ahead):
            break
        square = ahead
        path.append(square)
        occupant = board.at(square)
        if occupant is not None and board.in_play(occupant):
            caught, event = ball.try_to_catch(ruleset, board, occupant.id, dice, situation=situation, modifier=catch_weather)
            events.append(event)
            if caught:
                return Outcome(board.with_ball(BallState(carrier=occupant.id)), (flown("caught"), *events))
    if not path:
        square = step(hit, face)
    landed = board.with_ball(BallState(square=square))
    bounced = ball.bounce(ruleset, landed, square, dice, decisions, cause="pass", times=rules.bounces_after)
    return Outcome(bounced.board, (flown("landed"), *events, *bounced.events))


__all__ = [
    "POTION_OF_ACCURACY",
    "is_wall_square",
    "over_a_market_stall",
    "range_ignored",
    "ricochet_direction",
    "throw_at_wall",
    "wall_face",
    "wall_square_beside",
]
