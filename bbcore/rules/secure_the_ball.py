"""The Secure the Ball Action: a free move onto a loose ball that no opponent is near, and a safe pick-up.

A player may declare it only while the ball lies loose on the pitch and no Standing
opponent who is not Distracted stands within ``secure_the_ball.clear_of`` squares of
it; a position with one of ``barred_keywords`` (Big Guys) or a player with one of
``barred_skills`` (Unsteady) never may. The move must end on the ball; there a D6 of
``pick_up_on`` or more picks it up (:func:`bbcore.rules.ball.secure_pick_up`) and the
player's activation ends. A move that ends short of the ball, or a failed roll, is a
turnover. Only one player may declare it each turn: that count is the caller's, as
for the Blitz.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from bbcore.dice import DiceSource
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Square, distance, position_keywords
from bbcore.rules.decisions import Decisions
from bbcore.rules.events import Outcome
from bbcore.rules.movement import Jump, move

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset


def why_not_secure_the_ball(ruleset: Ruleset, board: Board, player_id: str) -> str | None:
    """Why ``player_id`` may not declare a Secure the Ball Action now, or None when he may."""
    rules = ruleset.parameters.secure_the_ball
    player = board.player(player_id)
    if not player.on_pitch:
        return f"{player_id} is not on the pitch"
    barred = [k for k in position_keywords(ruleset, player) if k.lower() in {b.lower() for b in rules.barred_keywords}]
    if barred:
        return f"{player_id} is a {barred[0]}"
    skill = next((s for s in rules.barred_skills if player.has(s)), None)
    if skill is not None:
        return f"{player_id} has {ruleset.skill_display(skill)}"
    resting = board.ball
    if resting.carrier is not None or resting.square is None or not board.geometry.on_pitch(resting.square):
        return "the ball is not loose on the pitch"
    near = sorted(
        p.id
        for p in board.players.values()
        if p.team != player.team
        and p.standing
        and p.tackle_zone
        and p.square is not None
        and distance(p.square, resting.square) <= rules.clear_of
    )
    if near:
        return f"{', '.join(near)} of the other team stand within {rules.clear_of} squares of the ball"
    return None


def secure_the_ball(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    path: Sequence[Square | Jump],
    dice: DiceSource,
    decisions: Decisions,
    **move_options: Any,
) -> Outcome:
    """Declare and play a Secure the Ball Action: move along ``path``, which must end on the loose ball (and cross it
    nowhere else), then roll to pick it up.

    ``move_options`` are :func:`bbcore.rules.movement.move`'s (team re-rolls, what was
    spent...). A player who may not declare it, or a path that does not end on the ball,
    raises ``UsageError``. The outcome is the move's, ending in a ``move-ends`` event; it
    is a turnover when the player did not get there on his feet or failed the roll.
    """
    reason = why_not_secure_the_ball(ruleset, board, player_id)
    if reason is not None:
        raise UsageError(f"{player_id} cannot Secure the Ball: {reason}")
    squares = [step.to if isinstance(step, Jump) else (int(step[0]), int(step[1])) for step in path]
    target = board.ball.square
    if not squares or squares[-1] != target or target in squares[:-1]:
        raise UsageError(f"{player_id} cannot Secure the Ball along {squares}: the move must end on the ball, at {target}")
    moved = move(ruleset, board, player_id, path, dice, decisions, securing=True, **move_options)
    if moved.board.ball.carrier == player_id:
        return moved
    return attrs.evolve(moved, turnover=True)
