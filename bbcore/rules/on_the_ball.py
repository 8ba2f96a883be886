"""On the Ball: a short move of the player's own when the opposition declares a pass, and one at the kick-off.

When a Pass Action's target has been declared and before its Passing Ability Test,
each Standing opponent with the skill may in turn move a few squares
(:func:`before_pass`, called by :func:`bbcore.rules.passing.pass_ball`); a fall ends
that player's move and every later one. In the start-of-drive step ``on-the-ball``,
after the kick deviates and before the kick-off event, one Open player of the
receiving team with the skill may do the same without leaving his half, unless the
deviation already makes it a touchback (:func:`kick_off_move`).

Either move follows the rules of a Move Action, dodges included, except that the
player may not Rush; ``movement.on_the_ball_squares`` (parameters) says how far he
goes, and his Move Allowance still bounds it. The move is out of his team's turn and his
own activation, so neither a team re-roll nor Pro is offered, and a fall is no turnover
for anyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource
from bbcore.errors import UsageError
from bbcore.rules.board import Board, PlayerState, Square
from bbcore.rules.decisions import Decisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.movement import Jump, move, paths_within, plan_path
from bbcore.rules.rerolls import PRO

if TYPE_CHECKING:
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

ON_THE_BALL = "on-the-ball"

#: The reasons given to ``Decisions.free_move``: a pass was declared, or the kick has deviated.
PASS_DECLARED = "pass-declared"  # noqa: S105 - a reason, not a password
KICK_OFF = "kick-off"


def may_move(board: Board, player: PlayerState) -> bool:
    """Whether ``player`` may use On the Ball now: he has it, stands on the pitch, and is neither Distracted nor
    Chomped (:meth:`~bbcore.rules.board.Board.chompers_of`)."""
    return (
        player.has(ON_THE_BALL) and player.square is not None and player.standing and player.tackle_zone and not board.chompers_of(player)
    )


def reach(ruleset: Ruleset, player: PlayerState) -> int:
    """How many squares of movement an On the Ball move gives ``player``: the parameter, or his MA if less."""
    return max(0, min(ruleset.parameters.movement.on_the_ball_squares, player.ma))


def offered_moves(
    ruleset: Ruleset, board: Board, movers: Sequence[str], *, half: str | None = None
) -> list[tuple[str, tuple[Square, ...]]]:
    """One path, of plain steps, to each square each of ``movers`` can reach by an On the Ball move (staying in
    ``half``, when given): the choices put to ``Decisions.free_move``. A coach may answer with any other legal path."""
    offered: list[tuple[str, tuple[Square, ...]]] = []
    for player_id in movers:
        player = board.player(player_id)
        within = None if half is None else (lambda square: board.geometry.half_of(square) == half)
        offered.extend((player_id, path) for path in paths_within(ruleset, board, player, reach(ruleset, player), within=within))
    return offered


def on_the_ball_move(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    path: Sequence[Square | Jump],
    dice: DiceSource,
    decisions: Decisions,
    *,
    reason: str = PASS_DECLARED,
    half: str | None = None,
) -> Outcome:
    """Move ``player_id`` along ``path`` as On the Ball lets him (see the module): a path needing a Rush, longer than
    :func:`reach`, or (``half`` given) leaving that half of the pitch is a :class:`~bbcore.errors.UsageError`.

    The outcome starts with an ``on-the-ball`` event (result ``moved``, or ``fell`` when he went down on the way),
    followed by the move's own events; it is never a turnover.
    """
    player = board.player(player_id)
    if not may_move(board, player):
        raise UsageError(f"{player_id} cannot use On the Ball: he needs the skill, and to be Standing, not Distracted and not Chomped")
    ma_used = player.ma - reach(ruleset, player)
    legs = plan_path(ruleset, board, player, path, ma_used=ma_used, rushes_used=0)
    if any(leg.rushes for leg in legs):
        raise UsageError(f"{player_id} may not Rush in an On the Ball move: the path needs more than {reach(ruleset, player)} squares")
    if half is not None:
        outside = [leg.target for leg in legs if board.geometry.half_of(leg.target) != half]
        if outside:
            raise UsageError(f"{player_id} may not leave his own half in an On the Ball move: {outside[0]} is past the line")
    # Out of his own activation: no Pro, and no team re-roll.
    moved = move(ruleset, board, player_id, path, dice, decisions, ma_used=ma_used, spent=frozenset({PRO}))
    fell = not moved.board.player(player_id).standing
    declared = Event(ON_THE_BALL, player_id, (), "fell" if fell else "moved", {"reason": reason, "path": [list(s) for s in _squares(path)]})
    return Outcome(moved.board, (declared, *moved.events))


def _squares(path: Sequence[Square | Jump]) -> list[Square]:
    return [item.to if isinstance(item, Jump) else item for item in path]


def before_pass(ruleset: Ruleset, board: Board, passer_id: str, dice: DiceSource, decisions: Decisions) -> Outcome:
    """The opposition's On the Ball moves after ``passer_id``'s pass target is declared: its coach
    (``Decisions.free_move``, reason ``pass-declared``) picks a player and a path, one at a time, until he
    declines, every player with the skill has moved, or one falls."""
    passing_team = board.player(passer_id).team
    events: list[Event] = []
    moved: set[str] = set()
    while True:
        movers = [p.id for p in board.players.values() if p.team != passing_team and p.id not in moved and may_move(board, p)]
        if not movers:
            break
        team = board.player(movers[0]).team
        answer = decisions.free_move(team, PASS_DECLARED, offered_moves(ruleset, board, movers))
        if answer is None:
            break
        player_id, path = answer
        if player_id not in movers:
            raise UsageError(f"{player_id} cannot make an On the Ball move now; those who may: {', '.join(movers)}")
        outcome = on_the_ball_move(ruleset, board, player_id, path, dice, decisions)
        board = outcome.board
        events.extend(outcome.events)
        moved.add(player_id)
        if not board.player(player_id).standing:
            break
    return Outcome(board, tuple(events))


def kick_off_move(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The start-of-drive step ``on-the-ball``, after the kick and before the kick-off event: one Open player of
    the receiving team with the skill may move (``Decisions.free_move``, reason ``kick-off``), not into the kicking
    team's half. Nothing happens when the kick has deviated off the pitch or out of the receiving half (a
    touchback), or when no such player stands."""
    if state.kicking_team is None or state.kick_landing is None:
        raise UsageError("On the Ball at the kick-off comes after the kick: run the kick-off step first")
    board = state.board
    receiving = state.opponent(state.kicking_team).id
    half = "home" if receiving == board.home else "away"
    landing = state.kick_landing
    if not board.geometry.on_pitch(landing) or board.geometry.half_of(landing) != half:
        return state, ()
    movers = [p.id for p in board.team_players(receiving) if may_move(board, p) and not board.markers_of(p)]
    if not movers:
        return state, ()
    answer = decisions.free_move(receiving, KICK_OFF, offered_moves(ruleset, board, movers, half=half))
    if answer is None:
        return state, ()
    player_id, path = answer
    if player_id not in movers:
        raise UsageError(f"{player_id} cannot make an On the Ball move at the kick-off; those who may: {', '.join(movers)}")
    outcome = on_the_ball_move(ruleset, board, player_id, path, dice, decisions, reason=KICK_OFF, half=half)
    return attrs.evolve(state, board=outcome.board), outcome.events
