"""Stalling: a ball carrier who could have scored without a die and did not.

A player holding the ball when he is activated, who could reach the opposing End Zone
with no die to roll (no activation test, no Dodge, no Rush, no risky crossing), and who
ends his activation still holding it outside that End Zone, is Stalling (a Pass or a
Hand-off that leaves him without the ball is not). :func:`could_score_without_dice`
answers the first part as the activation starts; :func:`bbcore.rules.turns.start_activation`
records it and :func:`bbcore.rules.turns.end_activation` judges the rest.

Then the Crowd Takes Action (``stalling.crowd_takes_action``): a die
(``stalling.dice``) of at least the team's turn number knocks the player down, which is
a turnover. Either way the team has stalled in the match (``TeamState.stalled``: no
winnings bonus for it), and the player joins the turn's ``GameState.stalling``, which
the turn-end hooks see (a variant whose fans answer stalling their own way).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, roll_dice
from bbcore.rules.activation import activation_traits
from bbcore.rules.board import ONE_SQUARE, Board, PlayerState, Square, Status, step
from bbcore.rules.decisions import Decisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import Harm, knock_down_with_ball
from bbcore.rules.movement import Crossing, blocking_feature
from bbcore.rules.sequences import GameState

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The cause of the knock-down when the crowd pelts a stalling player.
CROWD_TAKES_ACTION = "crowd-takes-action"

#: The eight steps a player may take.
_STEPS: tuple[Square, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def could_score_without_dice(ruleset: Ruleset, board: Board, player_id: str) -> bool:
    """Whether ``player_id``, as his activation starts, could carry the ball into the opposing End Zone rolling no die.

    He must hold the ball, stand, roll nothing when activated (no activation trait), and
    find a way within his Movement Allowance (no Rush) through free squares, none of which
    but the last is covered by an opponent's tackle zone (leaving it would need a Dodge),
    starting from a square no opponent marks, and crossing nothing that asks for a roll
    (a crossing with a cost as well is taken carefully, paying it). A player on a bigger
    base moves it whole, every square of it counting: free, unmarked on the way, and in
    the End Zone with any one.
    """
    player = board.player(player_id)
    start = player.square
    if board.ball.carrier != player_id or player.status is not Status.STANDING or start is None:
        return False
    if activation_traits(ruleset, player) or _covered(board, player, start):
        return False
    target_zone = board.opponent_of(player.team)
    here = board.without(player_id)  # the squares he leaves are free behind him
    cheapest = {start: 0}
    queue = deque([start])
    while queue:
        square = queue.popleft()
        spent = cheapest[square]
        for direction in _STEPS:
            ahead = step(square, direction)
            cost = _step_cost(ruleset, here, player.moved(square), ahead)
            if cost is None or spent + cost > player.ma:
                continue
            if _in_end_zone(here, player, ahead, target_zone):
                return True
            if _covered(here, player, ahead):
                continue  # he could go in, but not on without a Dodge
            if spent + cost < cheapest.get(ahead, player.ma + 1):
                cheapest[ahead] = spent + cost
                queue.append(ahead)
    return False


def _covered(board: Board, player: PlayerState, square: Square) -> bool:
    """Whether an opponent's Tackle Zone covers the player's base with him in ``square``."""
    if player.base is ONE_SQUARE:
        return board.tackle_zones_on(square, player.team) > 0
    return any(board.tackle_zones_on(covered, player.team) for covered in player.moved(square).squares)


def _in_end_zone(board: Board, player: PlayerState, square: Square, zone: str) -> bool:
    """Whether the player's base with him in ``square`` reaches the End Zone of team ``zone``."""
    if player.base is ONE_SQUARE:
        return board.end_zone_owner(square) == zone
    return any(board.end_zone_owner(covered) == zone for covered in player.moved(square).squares)


def _step_cost(ruleset: Ruleset, board: Board, player: PlayerState, target: Square) -> int | None:
    """The movement one step from the player's square costs with no die rolled, or None when it cannot be taken so."""
    origin = player.square
    assert origin is not None
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    entered = (target,) if player.base is ONE_SQUARE else player.moved(target).squares  # each of a bigger base's
    for square in entered:
        before = (square[0] - dx, square[1] - dy)
        if not board.geometry.on_pitch(square) or board.occupied(square) or blocking_feature(board, before, square) is not None:
            return None
    crossing: Crossing | None = ruleset.hook.bbcore_crossing(ruleset=ruleset, board=board, player=player, origin=origin, target=target)
    if crossing is None:
        return 1
    if crossing.risk and not crossing.cost:
        return None  # only a roll gets him over
    return 1 + crossing.cost


def is_stalling(state: GameState, player_id: str) -> bool:
    """Whether ``player_id``, his activation over, was Stalling: he could have scored without a die as it began
    (``GameState.may_stall``), still holds the ball, and stands outside the opposing End Zone."""
    board = state.board
    if state.may_stall != player_id or board.ball.carrier != player_id:
        return False
    player = board.player(player_id)
    return player.square is None or not _in_end_zone(board, player, player.square, board.opponent_of(player.team))


def crowd_takes_action(
    ruleset: Ruleset, state: GameState, player_id: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, Outcome]:
    """A stalling player: the team has stalled, the player joins ``GameState.stalling``, and, when
    ``stalling.crowd_takes_action``, a die of at least the team's turn number knocks him down (a turnover)."""
    player = state.board.player(player_id)
    team = state.team(player.team)
    state = attrs.evolve(state, stalling=state.stalling | {player_id}).update_team(team.id, stalled=True)
    rules = ruleset.parameters.stalling
    if not rules.crowd_takes_action:
        return state, Outcome(state.board, (Event("stalling", player_id, (), "stalled", {"turn": team.turn}),))
    rolls = roll_dice(dice, rules.dice)
    hit = sum(rolls) >= team.turn
    event = Event("stalling", player_id, rolls, "crowd-takes-action" if hit else "crowd-holds-back", {"turn": team.turn})
    if not hit:
        return state, Outcome(state.board, (event,))
    down = knock_down_with_ball(ruleset, state.board, player_id, Harm(CROWD_TAKES_ACTION), dice, decisions)
    return attrs.evolve(state, board=down.board), Outcome(down.board, (event, *down.events), turnover=True)


__all__ = ["CROWD_TAKES_ACTION", "could_score_without_dice", "crowd_takes_action", "is_stalling"]
