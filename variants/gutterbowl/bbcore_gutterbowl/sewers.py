"""Sewer pits: players pushed or thrown in, two players in one pit, and what lives down there.

A pit is a feature whose ``pushed_into`` is ``enters``; it ``traps_players``, so the core
already keeps anyone inside out of play. At the end of each team turn the table filling
the ``pit-creature`` role is rolled for each of the active team's players in a pit, and
its rows' effects decide: ``status: casualty`` (with ``roll_on`` a casualty roll),
``status: standing`` (thrown back onto the pitch), or nothing (he stays).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.dice import roll_on_table
from bbcore.rules import ball
from bbcore.rules.board import Board, PlayerState, Square, Status, step
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import suffer_casualty, treatment_from
from bbcore.rules.push import BlockedSquare, PushBlocked, push
from bbcore_gutterbowl.features import is_pit, out_of_feature

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.model.table import Row
    from bbcore.ruleset import Ruleset

#: The table role of the "something in the pit" roll.
CREATURE_ROLE = "pit-creature"


def _placeable(board: Board, square: Square) -> bool:
    return board.geometry.on_pitch(square) and is_pit(board.geometry.feature_at(square)) and not board.occupied(square)


def place_in_pit(ruleset: Ruleset, board: Board, square: Square, dice: DiceSource) -> tuple[Square, tuple[int, ...]] | None:
    """Where a player falling into the pit square ``square`` ends up: there, or by a random direction if someone is already there.

    From an occupied square the ``random-direction`` table is rolled until it points at a
    free square of a pit (our reading of "a square where the player can be placed": he
    fell in, so he stays in the sewer). None when no square around could ever do.
    """
    if not board.occupied(square):
        return square, ()
    table = ruleset.table("random-direction")
    around = [step(square, (int(row.values["dx"] or 0), int(row.values["dy"] or 0))) for row in table.rows]
    if not any(_placeable(board, s) for s in around):
        return None
    rolls: tuple[int, ...] = ()
    while True:
        direction, rolled = ball.scatter_direction(ruleset, dice)
        rolls += rolled
        if _placeable(board, target := step(square, direction)):
            return target, rolls


def pushed_into_a_pit(ruleset: Ruleset, board: Board, blocked: tuple[BlockedSquare, ...], dice: DiceSource) -> PushBlocked | None:
    """A pushed player with no free square and a pit among the squares behind him falls in.

    He goes to a free pit square among those behind him: the pushing coach picks one when
    there are several (the answer's ``squares``; the one straight on is the default). If
    every such pit square is taken, he is placed around the first by
    :func:`place_in_pit`. A pit beats a chain push. None when no pit is behind him, or
    no square of it can take him (he then stays where he is, as the core decides).
    """
    pits = [b.square for b in blocked if is_pit(board.geometry.feature_at(b.square))]
    if not pits:
        return None
    feature = board.geometry.feature_at(pits[0])
    assert feature is not None
    free = [s for s in pits if not board.occupied(s)]
    placed = (free[0], ()) if free else place_in_pit(ruleset, board, pits[0], dice)
    if placed is None:
        return None
    return PushBlocked("enters", feature.id, square=placed[0], squares=tuple(free) if len(free) > 1 else ())


def thrown_into_a_pit(ruleset: Ruleset, board: Board, square: Square, dice: DiceSource) -> PushBlocked | None:
    """A thrown team-mate coming down in a pit: into it, without an armour roll (the throw procedure makes it a turnover)."""
    feature = board.geometry.feature_at(square)
    placed = place_in_pit(ruleset, board, square, dice)
    if feature is None or placed is None:
        return None
    return PushBlocked("enters", feature.id, square=placed[0])


def _row_status(row: Row) -> str | None:
    return next((effect.status for effect in row.effects if effect.status is not None), None)


def _climbs_out(
    ruleset: Ruleset, board: Board, player: PlayerState, dice: DiceSource, decisions: Decisions
) -> tuple[Board, tuple[Event, ...]]:
    """The creature puts the player back on the pitch, standing, the nearest square out of the pit in a random direction.

    Someone in that square is pushed back as if blocked from the pit square the player
    climbs out of; the active coach picks the square. If that player does not move
    (Stand Firm, say), the returning player stays in the pit.
    """
    assert player.square is not None
    found = out_of_feature(ruleset, board, player.square, dice)
    if found is None:
        return board, (Event("pit-creature", player.id, (), "no-way-out", {"square": list(player.square)}),)
    target, rolls = found
    events: tuple[Event, ...] = (Event("pit-creature", player.id, rolls, "placed", {"from": list(player.square), "to": list(target)}),)
    occupant = board.at(target)
    if occupant is not None:
        climbing_from = _edge_of_pit(player.square, target)
        pushed = push(ruleset, board, occupant.id, climbing_from, dice, decisions, chooser=player.team)
        board, events = pushed.outcome.board, events + pushed.outcome.events
        if board.occupied(target):
            return board, (*events, Event("pit-creature", player.id, (), "still-in-the-pit", {"square": list(player.square)}))
    board = board.with_player(board.player(player.id).moved(target).with_status(Status.STANDING))
    if board.ball.carrier is None and board.ball.square == target:
        loose = ball.bounce(ruleset, board, target, dice, decisions)
        board, events = loose.board, events + loose.events
    return board, events


def _edge_of_pit(start: Square, target: Square) -> Square:
    """The last pit square on the straight line from the player's square to the square outside: where he climbs out from."""
    dx = (target[0] > start[0]) - (target[0] < start[0])
    dy = (target[1] > start[1]) - (target[1] < start[1])
    return step(target, (-dx, -dy))


def something_in_the_pit(ruleset: Ruleset, board: Board, team: str, dice: DiceSource, decisions: Decisions | None = None) -> Outcome:
    """At the end of ``team``'s turn, the pit-creature table for each of their players in a pit, by player id.

    Each row is read by its effects: a casualty (with a casualty roll when the row says
    ``roll_on``, no apothecary in Gutter Bowl, but the coach may call a treatment such as
    the Sawbones), back out standing, or nothing. ``decisions`` answer for the coaches:
    the treatment, and a ball the return disturbs (the defaults without).
    """
    table = ruleset.table(CREATURE_ROLE)
    decisions = decisions or DefaultDecisions()
    events: list[Event] = []
    for player_id in sorted(p.id for p in board.team_players(team) if p.on_pitch and board.trapped(p)):
        player = board.player(player_id)
        rolled = roll_on_table(table, dice)
        events.append(Event("pit-creature", player_id, rolled.rolls, rolled.row.id, {"table": table.id}))
        status = _row_status(rolled.row)
        if status == Status.CASUALTY.value:
            roll = any(effect.roll_on for effect in rolled.row.effects)
            hurt = suffer_casualty(ruleset, board, player_id, dice, roll=roll, choose_treatment=treatment_from(decisions))
            board = hurt.board
            events.extend(hurt.events)
        elif status == Status.STANDING.value:
            board, placed = _climbs_out(ruleset, board, player, dice, decisions)
            events.extend(placed)
    return Outcome(board, tuple(events))
