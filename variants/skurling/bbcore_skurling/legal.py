"""The actions the rules allow right now in an arc: what an automatic coach chooses from.

:func:`legal_actions` lists them for the team whose turn it is. Movement is offered as
one shortest path to every square the player can reach this activation (Move Allowance
plus rushes, standing up first if prone), through empty squares of the lane; a Blitz or a
Touch by Blitz as a path to every free square next to its target, leaving the movement
its block costs. After a Blitz's block the player may move on with what is left
(:class:`~bbcore_skurling.arc.MoveOn`, declared as ``move-on``). Every action listed is
one :func:`bbcore_skurling.arc.apply` accepts; the dice decide how it turns out.

The questions asked inside an action (block face, re-rolls, push squares, the Touch's
direction once its face is picked, the Ding-Dong, inducements...) are not actions: they go
to the coach's decisions object as they come.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from attrs import frozen

from bbcore.rules.board import Board, PlayerState, Square, Status, adjacent, distance
from bbcore.rules.movement import max_rushes
from bbcore.rules.ttm import pass_range
from bbcore_skurling.arc import (
    CUDDLER,
    HITTERS,
    THROW,
    WHACKER,
    Action,
    ArcState,
    Blitz,
    Block,
    EndTurn,
    Move,
    MoveOn,
    SecondHit,
    Throw,
    Touch,
    displaced_cuddler,
    ready_throwers,
)
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.reach import allowance, neighbours_on, reachable, walking_allowance
from bbcore_skurling.touch import destination_row

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset


def legal_actions(ruleset: Ruleset, arc: ArcState) -> list[Action]:
    """Every action the active team may take now, EndTurn last (none once the arc is over): each
    :func:`declarations` entry's :func:`actions_for`, so the two never disagree."""
    return [action for declaration in declarations(ruleset, arc) for action in actions_for(ruleset, arc, declaration)]


def _move_ons(ruleset: Ruleset, arc: ArcState) -> Iterator[MoveOn]:
    if arc.moving_on is not None:
        for path in _moving_on_paths(ruleset, arc).values():
            if path:
                yield MoveOn(arc.moving_on.player, path)


def _throws(ruleset: Ruleset, arc: ArcState) -> Iterator[Throw]:
    for pid in ready_throwers(arc):
        square = arc.board.player(pid).square
        assert square is not None
        for target in _throw_targets(ruleset, arc.board.pitch.length, arc.board.pitch.width, square):
            yield Throw(pid, target)


#: The squares a team-mate can be thrown to from a square, by ruleset: a pure function of the ruleset's
#: Range Ruler, asked for the same few squares at every opening throw.
_TARGETS: WeakKeyDictionary[Ruleset, dict[tuple[int, int, Square], tuple[Square, ...]]] = WeakKeyDictionary()


def _throw_targets(ruleset: Ruleset, length: int, width: int, origin: Square) -> tuple[Square, ...]:
    known = _TARGETS.setdefault(ruleset, {})
    key = (length, width, origin)
    if key not in known:
        found = []
        for x in range(length):
            for y in range(width):
                band = pass_range(ruleset, origin, (x, y))
                if band is not None and band.values.get("throw"):
                    found.append((x, y))
        known[key] = tuple(found)
    return known[key]


class _PathMemo:
    """The paths worked out for the players of the last board asked about (boards never change, so identity is enough)."""

    board: Board | None = None
    paths: dict[str, dict[Square, tuple[Square, ...]]] = {}  # noqa: RUF012 - replaced whole, never shared
    blitz_paths: dict[str, dict[Square, tuple[Square, ...]]] = {}  # noqa: RUF012 - replaced whole, never shared


def _paths(ruleset: Ruleset, arc: ArcState, player: PlayerState) -> dict[Square, tuple[Square, ...]]:
    if _PathMemo.board is not arc.board:
        _PathMemo.board, _PathMemo.paths, _PathMemo.blitz_paths = arc.board, {}, {}
    if player.id not in _PathMemo.paths:
        _PathMemo.paths[player.id] = reachable(arc.board, player, allowance(ruleset, player), cuddler=arc.role_of(player.id) == "cuddler")
    return _PathMemo.paths[player.id]


def _blitz_paths(ruleset: Ruleset, arc: ArcState, player: PlayerState) -> dict[Square, tuple[Square, ...]]:
    """The paths a Blitz may take before its block, which costs movement of its own (kept with the paths)."""
    paths = _paths(ruleset, arc, player)
    found = _PathMemo.blitz_paths.get(player.id)
    if found is None:
        most = allowance(ruleset, player) - ruleset.parameters.movement.blitz_block_cost
        found = _PathMemo.blitz_paths[player.id] = {square: path for square, path in paths.items() if len(path) <= most}
    return found


def _moving_on_paths(ruleset: Ruleset, arc: ArcState) -> dict[Square, tuple[Square, ...]]:
    """Where the player who has just made a Blitz's block may still go, with what his activation has left."""
    moving = arc.moving_on
    if moving is None:
        return {}
    player = arc.board.player(moving.player)
    if not player.standing or player.square is None:
        return {}
    left = max(0, player.ma - moving.progress.ma_used) + max(0, max_rushes(ruleset, player) - moving.progress.rushes_used)
    return reachable(arc.board, player, left, cuddler=arc.role_of(player.id) == "cuddler")


def _opponents(arc: ArcState, player: PlayerState) -> list[PlayerState]:
    """Standing opponents a player may block: never the Stooge."""
    board = arc.board
    return [p for p in board.team_players(board.opponent_of(player.team)) if p.standing and p.id != arc.stooge and p.square]


def _moves(ruleset: Ruleset, arc: ArcState, player: PlayerState) -> Iterator[Action]:
    paths = _paths(ruleset, arc, player)
    pid = player.id
    if not player.standing and len(paths) == 1:
        return iter([Move(pid, ())])  # nowhere to go: he only stands up
    if arc.role_of(pid) == CUDDLER and player.square is not None and player.square[0] < destination_row(arc.board):
        # Knocked out of the end zone: when he can walk back in without a Rush, his move must end in it.
        walk, zone = walking_allowance(ruleset, player), destination_row(arc.board)
        back = {square: path for square, path in paths.items() if square[0] >= zone}
        if any(len(path) <= walk for path in back.values()):
            paths = back
    return iter([Move(pid, path) for path in paths.values() if path])


def _blocks(ruleset: Ruleset, arc: ArcState, player: PlayerState) -> Iterator[Action]:
    if player.standing and player.square is not None:
        for target in _opponents(arc, player):
            if target.square is not None and adjacent(player.square, target.square):
                yield Block(player.id, target.id)


def _blitzes(ruleset: Ruleset, arc: ArcState, player: PlayerState) -> Iterator[Action]:
    if arc.blitz_used:
        return
    paths = _blitz_paths(ruleset, arc, player)
    neighbours = neighbours_on(arc.board.pitch.length, arc.board.pitch.width)
    for target in _opponents(arc, player):
        assert target.square is not None
        around = neighbours[target.square]
        for square, path in paths.items():
            if path and square in around:
                yield Blitz(player.id, target.id, path)


def _hitter(arc: ArcState, player: PlayerState) -> Square | None:
    """The Stooge's square, when the player is one of the attacker's hitters on the attacker's turn."""
    if arc.active != arc.attacker or arc.role_of(player.id) not in HITTERS:
        return None
    return arc.board.player(arc.stooge).square


def _may_second(ruleset: Ruleset, arc: ArcState, player: PlayerState) -> bool:
    rules = arc_rules(ruleset)
    return (
        arc.role_of(player.id) == WHACKER
        and player.has("throw-team-mate")
        and arc.second_hits < rules.second_hits_per_arc
        and arc.state == rules.second_hit_state
    )


def _touches(ruleset: Ruleset, arc: ArcState, player: PlayerState) -> Iterator[Action]:
    stooge = _hitter(arc, player)
    if stooge is not None and player.standing and player.square is not None and adjacent(player.square, stooge):
        yield Touch(player.id)


def _touch_blitzes(ruleset: Ruleset, arc: ArcState, player: PlayerState) -> Iterator[Action]:
    stooge = _hitter(arc, player)
    if stooge is None or arc.blitz_used:
        return
    around = neighbours_on(arc.board.pitch.length, arc.board.pitch.width)[stooge]
    for square, path in _blitz_paths(ruleset, arc, player).items():
        if path and square in around:
            yield Touch(player.id, blitz=True, path=path)


def _second_hits(ruleset: Ruleset, arc: ArcState, player: PlayerState) -> Iterator[Action]:
    stooge = _hitter(arc, player)
    if stooge is None or not _may_second(ruleset, arc, player) or player.square is None:
        return
    around = neighbours_on(arc.board.pitch.length, arc.board.pitch.width)[stooge]
    for square, path in _blitz_paths(ruleset, arc, player).items():
        if (path or player.standing) and square in around:
            yield SecondHit(player.id, path=path)


#: The kinds of action a player may declare, and the function listing each kind's concrete actions.
_ACTIONS: dict[str, Callable[[Ruleset, ArcState, PlayerState], Iterator[Action]]] = {
    "move": _moves,
    "block": _blocks,
    "blitz": _blitzes,
    "touch": _touches,
    "touch-blitz": _touch_blitzes,
    "second-hit": _second_hits,
}
KINDS: tuple[str, ...] = tuple(_ACTIONS)

#: The declaration that ends the turn.
END_TURN = "end-turn"
THROW_KIND = "throw"
#: The rest of a Blitz after its block: the player moves on.
MOVE_ON = "move-on"


@frozen
class Declaration:
    """What a coach declares first: which player does which kind of action (or the end of the turn)."""

    player: str | None
    kind: str


@cache
def _declared(player: str | None, kind: str) -> Declaration:
    """One declaration, made once: the same few are offered at every decision, and they never change."""
    return Declaration(player, kind)


def declarations(ruleset: Ruleset, arc: ArcState) -> list[Declaration]:
    """The kinds of action each player of the active team may declare now, End Turn last.

    Cheaper than :func:`legal_actions`: the squares and targets are listed by
    :func:`actions_for` for the one declaration chosen. A declaration with no concrete
    action left (every path blocked) is not offered.
    """
    if arc.over:
        return []
    end = _declared(None, END_TURN)
    throwing: list[Declaration] = []
    if arc.phase == THROW:
        # The turn opens with the throw; once a thrower has failed, the others may still throw or do anything else.
        throwers = sorted({a.thrower for a in _throws(ruleset, arc)})
        throwing = [_declared(pid, THROW_KIND) for pid in throwers]
        if throwing and not arc.activated:
            return throwing
    board = arc.board
    taken = board.occupants()
    stooge_id = arc.stooge
    opponents = [p.square for p in board.team_players(board.opponent_of(arc.active)) if p.standing and p.id != stooge_id and p.square]
    stooge = board.player(stooge_id).square
    end_zone = destination_row(board)
    neighbours = neighbours_on(board.pitch.length, board.pitch.width)
    attacking = arc.active == arc.attacker
    activated = arc.activated
    found: list[Declaration] = throwing
    if arc.moving_on is not None and len(_moving_on_paths(ruleset, arc)) > 1:
        found.append(Declaration(arc.moving_on.player, MOVE_ON))
    for player in board.team_players(arc.active):
        here, pid = player.square, player.id
        if here is None or pid in activated or pid == stooge_id or player.status not in _ACTING:
            continue
        role = arc.roles.get(pid)
        standing = player.status is Status.STANDING
        if role == CUDDLER and here[0] < end_zone:
            kinds = ["move"]  # a Cuddler out of the end zone must move back into it
        else:
            hitting = stooge if attacking and role in HITTERS and arc.phase != THROW else None
            # A Blitz's block needs a square next to its target and costs movement of its own.
            reach = allowance(ruleset, player) - ruleset.parameters.movement.blitz_block_cost + 1
            kinds = _open_kinds(ruleset, arc, player, standing, neighbours[here], reach, opponents, hitting)
        if standing and (player.rooted or not _has_free_step(arc, player, taken)):
            kinds.remove("move")
        found.extend([_declared(pid, kind) for kind in kinds])
    if displaced_cuddler(ruleset, arc) is None:
        found.append(end)  # a Cuddler knocked out of the end zone moves back before the turn may end
    return found


#: The statuses in which a player may be declared.
_ACTING = (Status.STANDING, Status.PRONE)


def _open_kinds(
    ruleset: Ruleset,
    arc: ArcState,
    player: PlayerState,
    standing: bool,
    around: tuple[Square, ...],
    reach: int,
    opponents: list[Square],
    stooge: Square | None,
) -> list[str]:
    """The kinds of action open to one player, by quick tests: a Blitz needs a target within its reach plus one.

    ``around`` are the squares next to the player, ``stooge`` the Stooge's square when the
    player is one of the attacker's hitters on the attacker's turn. :func:`actions_for` may
    still find every path of a Blitz blocked; the caller then declares again.
    """
    kinds = ["move"]
    here = player.square
    assert here is not None
    if standing and any(square in around for square in opponents):
        kinds.append("block")
    if not arc.blitz_used and any(distance(here, square) <= reach for square in opponents):
        kinds.append("blitz")
    if stooge is not None:
        if standing and stooge in around:
            kinds.append("touch")
        if not arc.blitz_used and distance(here, stooge) <= reach:
            kinds.append("touch-blitz")
        if _may_second(ruleset, arc, player) and distance(here, stooge) <= max(reach, 1):
            kinds.append("second-hit")
    return kinds


def _has_free_step(arc: ArcState, player: PlayerState, taken: Mapping[Square, PlayerState]) -> bool:
    """Whether the player has an empty square to step into (for a Cuddler, one his rule allows)."""
    assert player.square is not None
    board = arc.board
    neighbours = neighbours_on(board.pitch.length, board.pitch.width)[player.square]
    if arc.role_of(player.id) != CUDDLER:
        return not all(square in taken for square in neighbours)
    return len(reachable(board, player, 1, cuddler=True)) > 1


class _ActionMemo:
    """The actions listed for the declarations of the last arc asked about (arcs never change, so identity is enough).

    A coach that weighs every declaration lists their actions once; the simulator then asks
    again for the one declared.
    """

    arc: ArcState | None = None
    ruleset: Ruleset | None = None
    listed: dict[Declaration, tuple[Action, ...]] = {}  # noqa: RUF012 - replaced whole, never shared


def actions_for(ruleset: Ruleset, arc: ArcState, declaration: Declaration) -> list[Action]:
    """The concrete actions of one declaration."""
    if _ActionMemo.arc is not arc or _ActionMemo.ruleset is not ruleset:
        _ActionMemo.arc, _ActionMemo.ruleset, _ActionMemo.listed = arc, ruleset, {}
    listed = _ActionMemo.listed.get(declaration)
    if listed is None:
        listed = _ActionMemo.listed[declaration] = tuple(_list_actions(ruleset, arc, declaration))
    return list(listed)


def _list_actions(ruleset: Ruleset, arc: ArcState, declaration: Declaration) -> list[Action]:
    if declaration.kind == END_TURN:
        return [EndTurn()]
    if declaration.kind == THROW_KIND:
        return [a for a in _throws(ruleset, arc) if a.thrower == declaration.player]
    if declaration.kind == MOVE_ON:
        return [a for a in _move_ons(ruleset, arc) if a.player == declaration.player]
    assert declaration.player is not None
    return list(_ACTIONS[declaration.kind](ruleset, arc, arc.board.player(declaration.player)))
