"""The actions the rules allow right now in an arc: what an automatic coach chooses from.

:func:`legal_actions` lists them for the team whose turn it is. Movement is offered as
one shortest path to every square the player can reach this activation (Move Allowance
plus rushes, standing up first if prone), through empty squares of the lane; a Blitz or a
Touch by Blitz as a path to every free square next to its target. Every action listed is
one :func:`bbcore_skurling.arc.apply` accepts; the dice decide how it turns out.

The questions asked inside an action (block face, re-rolls, push squares, the Ding-Dong,
inducements...) are not actions: they go to the coach's decisions object as they come.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from bbcore.rules.board import Board, PlayerState, Square, Status, adjacent, step
from bbcore.rules.movement import max_rushes
from bbcore.rules.ttm import pass_range
from bbcore_skurling.arc import (
    HITTERS,
    THROW,
    WHACKER,
    Action,
    ArcState,
    Blitz,
    Block,
    EndTurn,
    Move,
    SecondHit,
    Throw,
    Touch,
)
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.touch import DIRECTIONS, in_destination

if TYPE_CHECKING:
    from collections.abc import Iterator

    from bbcore.ruleset import Ruleset

_STEPS: tuple[Square, ...] = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))


def allowance(ruleset: Ruleset, player: PlayerState) -> int:
    """Squares the player can still cover this activation: MA plus rushes, less the cost of standing up."""
    standing_cost = 0 if player.standing else ruleset.parameters.movement.stand_up_cost
    return max(0, player.ma - standing_cost) + max_rushes(ruleset, player)


def reachable(board: Board, player: PlayerState, squares: int, *, cuddler: bool = False) -> dict[Square, tuple[Square, ...]]:
    """A shortest path through empty squares to every square within ``squares`` steps (the start: an empty path).

    A Cuddler in the destination end zone stays in it; one knocked out of it only moves
    towards it.
    """
    assert player.square is not None
    start = player.square
    taken = {p.square for p in board.players.values() if p.on_pitch and p.id != player.id}
    in_zone = in_destination(board, start)
    paths: dict[Square, tuple[Square, ...]] = {start: ()}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        path = paths[here]
        if len(path) >= squares:
            continue
        for direction in _STEPS:
            there = step(here, direction)
            if there in paths or there in taken or not board.geometry.on_pitch(there):
                continue
            if cuddler and in_zone and not in_destination(board, there):
                continue
            if cuddler and not in_zone and there[0] <= here[0] and not in_destination(board, there):
                continue
            paths[there] = (*path, there)
            queue.append(there)
    return paths


def legal_actions(ruleset: Ruleset, arc: ArcState) -> list[Action]:
    """Every action the active team may take now, EndTurn last (none once the arc is over)."""
    if arc.over:
        return []
    if arc.phase == THROW:
        # Before the opening throw only the attacker's throwers act; a turn without one ends.
        throws: list[Action] = list(_throws(ruleset, arc)) if arc.active == arc.attacker else []
        return throws or [EndTurn()]
    actions: list[Action] = []
    for player in arc.board.team_players(arc.active):
        if player.id in arc.activated or player.id == arc.stooge or not player.on_pitch:
            continue
        if player.status not in (Status.STANDING, Status.PRONE):
            continue
        actions.extend(_player_actions(ruleset, arc, player))
    actions.append(EndTurn())
    return actions


def _throws(ruleset: Ruleset, arc: ArcState) -> Iterator[Throw]:
    stooge = arc.board.player(arc.stooge)
    assert stooge.square is not None
    for pid, role in arc.roles.items():
        thrower = arc.board.player(pid)
        if role != WHACKER or not thrower.has("throw-team-mate") or thrower.square is None or not thrower.standing:
            continue
        if pid in arc.activated:
            continue
        if not adjacent(thrower.square, stooge.square):
            continue
        for x in range(arc.board.pitch.length):
            for y in range(arc.board.pitch.width):
                band = pass_range(ruleset, thrower.square, (x, y))
                if band is not None and band.values.get("throw"):
                    yield Throw(pid, (x, y))


def _player_actions(ruleset: Ruleset, arc: ArcState, player: PlayerState) -> Iterator[Action]:
    assert player.square is not None
    board = arc.board
    role = arc.role_of(player.id)
    paths = reachable(board, player, allowance(ruleset, player), cuddler=role == "cuddler")
    for path in paths.values():
        if path:
            yield Move(player.id, path)
    if not player.standing and not paths:
        yield Move(player.id, ())
    opponents = [p for p in board.team_players(board.opponent_of(player.team)) if p.standing and p.id != arc.stooge and p.square]
    if player.standing:
        for target in opponents:
            assert target.square is not None
            if adjacent(player.square, target.square):
                yield Block(player.id, target.id)
    if not arc.blitz_used:
        for target in opponents:
            assert target.square is not None
            for square, path in paths.items():
                if path and adjacent(square, target.square):
                    yield Blitz(player.id, target.id, path)
    stooge = board.player(arc.stooge)
    if arc.active != arc.attacker or role not in HITTERS or stooge.square is None:
        return
    beside = {s: p for s, p in paths.items() if adjacent(s, stooge.square)}
    may_second = (
        role == WHACKER
        and player.has("throw-team-mate")
        and arc.second_hits < arc_rules().second_hits_per_arc
        and arc.state == arc_rules().second_hit_state
    )
    for direction in DIRECTIONS:
        if player.standing and stooge.square in _around(player.square):
            yield Touch(player.id, direction)
            if may_second:
                yield SecondHit(player.id, direction)
        for path in beside.values():
            if not path:
                continue
            if not arc.blitz_used:
                yield Touch(player.id, direction, blitz=True, path=path)
            if may_second:
                yield SecondHit(player.id, direction, path=path)


def _around(square: Square) -> set[Square]:
    return {step(square, d) for d in _STEPS}
