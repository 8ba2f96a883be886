"""The Touch: a Whacker or the Goon hits the Stooge, and the Stooge slides.

The Stooge is the ball. His own team-mates hit him with Blood Bowl block dice (Strength
against Strength, assists counted) and the attacking coach picks the face; the hitter
names a direction once, straight on or one of the two diagonals towards the destination
end zone, and the face says how many squares the Stooge goes (the ``skurling/touch``
table, read from data). On the way he chain-pushes anybody standing in his path, except
the Cuddler: entering the Cuddler's square is a catch. He scores the moment he enters
the destination end zone, in the middle of a push if need be.

Assists are counted as in a Blood Bowl block with the Stooge as the player blocked:
the hitter's team-mates next to the Stooge and marked by no opponent help the hitter;
opponents next to the hitter and marked by no attacker but the hitter help the Stooge.

Two things the seed leaves open are read in ``data/rules/arc.yaml`` and marked there as
provisional: a Stooge driven over a side edge stops on the last square inside it (the
"Out of bounds" heading is empty), and a defender who catches him in the end zone drops
him on the square he came from, and the arc goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from bbcore.rules import ball
from bbcore.rules.block import dice_for_strengths
from bbcore.rules.board import Board, PlayerState, Square, Status, adjacent, step
from bbcore.rules.events import Event, Outcome
from bbcore.rules.push import push

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from bbcore.dice import DiceSource
    from bbcore.rules.decisions import Decisions
    from bbcore.ruleset import Ruleset

#: The table that says how far each block face moves the Stooge.
TOUCH_TABLE = "skurling/touch"

#: The three directions a hitter may send the Stooge, for an arc played towards higher x.
DIRECTIONS: dict[str, Square] = {"straight": (1, 0), "left": (1, -1), "right": (1, 1)}

#: The situation name under which a catch of the Stooge reads ``ball.catch_modifiers``.
CATCH_SITUATION = "stooge"

#: A bounce that keeps finding the edge or another player gives up after this many tries.
_MAX_BOUNCES = 20


@frozen
class TouchDice:
    """The dice of one Touch: Strengths, assists, how many dice, and whose choice by Blood Bowl's rule."""

    hitter_strength: int
    stooge_strength: int
    offensive_assists: tuple[str, ...]
    defensive_assists: tuple[str, ...]
    count: int
    chooser: str


@frozen
class FaceEffect:
    """What one block face does in a Touch: squares moved, and who falls."""

    squares: int
    hitter_falls: bool
    stooge_falls: bool


@frozen
class Run:
    """Where a driven Stooge ended: the board, the events, and how he met the end zone.

    ``arrival`` is None while he is still in play, ``scored`` when he entered the end zone
    (or bounced into it), ``stopped`` when a defender caught him. ``catcher`` names the
    Cuddler who tried to catch him, with ``caught`` saying whether he held on.
    """

    board: Board
    events: tuple[Event, ...]
    arrival: str | None = None
    catcher: str | None = None
    caught: bool = False


def face_effect(ruleset: Ruleset, face: str) -> FaceEffect:
    """The Touch table's row for a block face."""
    row = next(r for r in ruleset.table(TOUCH_TABLE).rows if r.id == face)
    values = row.values
    return FaceEffect(int(values["squares"] or 0), bool(values["hitter-falls"]), bool(values["stooge-falls"]))


def _helps(board: Board, helper: PlayerState, target: PlayerState, only_marker: PlayerState | None) -> bool:
    """Standing next to ``target`` and marked by nobody but ``only_marker`` (Guard ignores markers)."""
    if helper.square is None or target.square is None or not board.in_play(helper) or not adjacent(helper.square, target.square):
        return False
    if helper.has("guard"):
        return True
    return all(only_marker is not None and marker.id == only_marker.id for marker in board.markers_of(helper))


def touch_dice(ruleset: Ruleset, board: Board, hitter_id: str, stooge_id: str, *, extra_assists: int = 0) -> TouchDice:
    """Count the dice of a Touch by hitter on Stooge; ``extra_assists`` are given by something else (a landing event)."""
    hitter, stooge = board.player(hitter_id), board.player(stooge_id)
    offensive = tuple(
        p.id for p in board.team_players(hitter.team) if p.id not in (hitter_id, stooge_id) and _helps(board, p, stooge, None)
    )
    defensive = tuple(p.id for p in board.team_players(board.opponent_of(hitter.team)) if _helps(board, p, hitter, hitter))
    strength, resistance = hitter.st + len(offensive) + extra_assists, stooge.st + len(defensive)
    count, chooser = dice_for_strengths(ruleset, strength, resistance)
    return TouchDice(strength, resistance, offensive, defensive, count, chooser)


def destination_row(board: Board) -> int:
    """The x of the destination end zone's row nearest the pitch."""
    return board.pitch.length - board.pitch.end_zone_depth


def in_destination(board: Board, square: Square) -> bool:
    return square[0] >= destination_row(board)


def drive_stooge(
    ruleset: Ruleset,
    board: Board,
    stooge_id: str,
    direction: Square,
    squares: int,
    dice: DiceSource,
    decisions: Decisions,
    roles: Mapping[str, str],
    *,
    catch_bonus: Callable[[], int] | None = None,
    team_reroll: int | bool = False,
) -> Run:
    """Move the Stooge ``squares`` squares in ``direction``, square by square, until he scores or stops.

    Whoever stands in the next square is pushed on in the same direction and its
    neighbours, as in a Blood Bowl chain push (the attacking coach chooses); at the
    pitch's edge they go into the crowd. The standing Cuddler is never pushed: the Stooge
    enters his square and he must try to catch. A standing defender in an end-zone
    square tries to catch him too. ``roles`` gives the attacking team's roles by player id.
    Each catch of him takes the Stooge's own ``catch`` modifier (a helmet's); the
    Cuddler's also takes what ``catch_bonus`` answers when the catch comes, and a miss may
    be rolled again with a team re-roll, as any catch in the attacker's own turn, when
    ``team_reroll`` allows one (``Decisions.use_team_reroll``; its ``team-reroll`` event
    says so).
    """
    events: list[Event] = []
    for _ in range(squares):
        stooge = board.player(stooge_id)
        assert stooge.square is not None
        origin = stooge.square
        target = step(origin, direction)
        if not board.geometry.on_pitch(target):
            events.append(Event("stooge-at-edge", stooge_id, (), "stopped", {"square": list(origin)}))
            break
        occupant = board.at(target)
        if occupant is not None and occupant.team == stooge.team and roles.get(occupant.id) == "cuddler":
            if not (occupant.standing and in_destination(board, target)):
                # The Stooge never pushes the Cuddler: one who cannot catch him there stops him.
                events.append(Event("stooge-blocked", stooge_id, (), "stopped", {"square": list(origin), "by": occupant.id}))
                break
            extra = catch_bonus() if catch_bonus is not None else 0
            return _cuddler_catch(ruleset, board, stooge, occupant, target, dice, tuple(events), extra, decisions, team_reroll)
        if occupant is not None and occupant.team != stooge.team and occupant.standing and in_destination(board, target):
            return _defender_catch(ruleset, board, stooge, occupant, origin, target, dice, tuple(events))
        if occupant is not None:
            pushed = push(ruleset, board, occupant.id, origin, dice, decisions, chooser=stooge.team, stand_firm=True)
            board = pushed.outcome.board
            events.extend(pushed.outcome.events)
            if board.occupied(target):
                events.append(Event("stooge-blocked", stooge_id, (), "stopped", {"square": list(origin), "by": occupant.id}))
                break
        board = board.with_player(board.player(stooge_id).moved(target))
        events.append(Event("stooge-slides", stooge_id, (), "moved", {"from": list(origin), "to": list(target)}))
        if in_destination(board, target):
            events.append(Event("stooge-scores", stooge_id, (), "end-zone", {"square": list(target)}))
            return Run(board, tuple(events), "scored")
    return Run(board, tuple(events))


def _cuddler_catch(
    ruleset: Ruleset,
    board: Board,
    stooge: PlayerState,
    cuddler: PlayerState,
    square: Square,
    dice: DiceSource,
    events: tuple[Event, ...],
    extra: int,
    decisions: Decisions,
    team_reroll: int | bool,
) -> Run:
    """The Stooge enters the Cuddler's square: he has scored; the Cuddler tries a Blood Bowl catch for the bonus."""
    scored = Event("stooge-scores", stooge.id, (), "end-zone", {"square": list(square), "cuddler": cuddler.id})
    modifier = stooge.modifiers.get("catch", 0) + extra
    caught, rolled = ball.catching_roll(
        ruleset, board, cuddler.id, dice, situation=CATCH_SITUATION, modifier=modifier, decisions=decisions, team_reroll=team_reroll
    )
    return Run(board, (*events, scored, *rolled), "scored", catcher=cuddler.id, caught=caught)


def _defender_catch(
    ruleset: Ruleset,
    board: Board,
    stooge: PlayerState,
    defender: PlayerState,
    origin: Square,
    square: Square,
    dice: DiceSource,
    events: tuple[Event, ...],
) -> Run:
    """A standing defender holds the end-zone square: his catch stops the score; a miss lets the Stooge bounce."""
    modifier = stooge.modifiers.get("catch", 0)
    caught, rolled = ball.try_to_catch(ruleset, board, defender.id, dice, situation=CATCH_SITUATION, modifier=modifier)
    if caught:
        stopped = Event("stooge-caught-by-defender", stooge.id, (), "no-score", {"defender": defender.id, "square": list(origin)})
        return Run(board, (*events, rolled, stopped), "stopped")
    lifted = board.with_player(stooge.moved(None))
    landing, bounces = _bounce(ruleset, lifted, square, dice)
    board = lifted.with_player(stooge.moved(landing))
    bounced = Event("stooge-bounces", stooge.id, bounces, "bounced", {"from": list(square), "to": list(landing)})
    if in_destination(board, landing):
        scored = Event("stooge-scores", stooge.id, (), "end-zone", {"square": list(landing)})
        return Run(board, (*events, rolled, bounced, scored), "scored")
    return Run(board, (*events, rolled, bounced))


def _bounce(ruleset: Ruleset, board: Board, square: Square, dice: DiceSource) -> tuple[Square, tuple[int, ...]]:
    """Bounce one square in a random direction, again while the square is off the pitch or taken."""
    rolls: tuple[int, ...] = ()
    here = square
    for _ in range(_MAX_BOUNCES):
        direction, rolled = ball.scatter_direction(ruleset, dice)
        rolls += rolled
        landing = step(here, direction)
        if not board.geometry.on_pitch(landing):
            continue  # the Stooge never leaves the pitch: roll again from the same square
        if board.at(landing) is None:
            return landing, rolls
        here = landing
    return nearest_free_square(board, square), rolls


def nearest_free_square(board: Board, square: Square) -> Square:
    """The empty square on the pitch closest to ``square`` (itself if empty), nearer the destination first."""
    if board.at(square) is None:
        return square
    pitch = board.pitch
    candidates = [(x, y) for x in range(pitch.length) for y in range(pitch.width) if board.at((x, y)) is None]
    return min(candidates, key=lambda s: (max(abs(s[0] - square[0]), abs(s[1] - square[1])), -s[0], s[1]))


def lay_down(board: Board, stooge_id: str, square: Square) -> Board:
    """Put the Stooge on the pitch, lying Stunned, on ``square`` or the nearest empty square."""
    stooge = board.player(stooge_id)
    placed = attrs.evolve(stooge, status=Status.STUNNED, square=None)
    board = board.with_player(placed)
    return board.with_player(attrs.evolve(placed, square=nearest_free_square(board, square)))


def outcome_of(run: Run) -> Outcome:
    return Outcome(run.board, run.events)
