"""Scoring a touchdown: a Standing player holding the ball in the opposing End Zone.

It may happen in any procedure, in either team's turn: a move or a push that ends there, a
pick-up or a catch there. A player who goes down on the way scores nothing, as he is not
Standing. :func:`scorer` finds the player. The core answers
``bbcore_after_procedure_effects`` with :func:`score_after_procedure`, so
:func:`bbcore.rules.turns.after_procedure` records the touchdown the moment a procedure
leaves one: the team's ``score`` goes up by one, the scorer earns the touchdown award of the
SPP table (``GameState.spp``; a hired player who earns only the MVP award, or nothing, earns
none), and ``GameState.touchdown`` names the team that scored, until the ``drive-ends`` step
clears it. The event (``touchdown``) says so.

A touchdown is a turnover and ends the drive: the tracker stops the turn and runs the end
of drive sequence when ``GameState.touchdown`` is set. A team that scores in its
opponent's turn (``GameState.active_team``, set by :func:`bbcore.rules.turns.start_turn`, is
the other team) skips its next turn: the state notes it (``GameState.celebrating``, and the
event's ``in_opponents_turn``), and that turn's :func:`~bbcore.rules.turns.start_turn` ends it
at once. Outside any turn (a tracker that does not call ``start_turn``) nothing is skipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.rules.board import Board, PlayerState, Status
from bbcore.rules.events import Event
from bbcore.rules.league import spp_for

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The kind of the event, and the achievement of the SPP table it earns.
TOUCHDOWN = "touchdown"


def scorer(board: Board) -> PlayerState | None:
    """The player scoring a touchdown on this board: holding the ball, Standing, in the opposing End Zone (any square
    of a bigger base in it); else None."""
    carrier_id = board.ball.carrier
    if carrier_id is None or carrier_id not in board.players:
        return None
    carrier = board.player(carrier_id)
    if carrier.status is not Status.STANDING or carrier.square is None:
        return None
    opposing = board.opponent_of(carrier.team)
    return carrier if any(board.end_zone_owner(square) == opposing for square in carrier.squares) else None


def score_after_procedure(
    ruleset: Ruleset, state: GameState, before: Board, events: tuple[Event, ...], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """Record the touchdown the procedure left on the board (see the module's docstring); None when there is none, or
    when the drive's touchdown is recorded already."""
    player = scorer(state.board)
    if player is None or state.touchdown is not None:
        return None
    team = state.team(player.team)
    state = state.update_team(team.id, score=team.score + 1)
    award = 0
    if player.spp_earned == "all":
        award = spp_for(ruleset, TOUCHDOWN, special_rules=team.special_rules, prayers=team.prayers)
        state = attrs.evolve(state, spp={**state.spp, player.id: state.spp.get(player.id, 0) + award})
    # Scored in the opponent's turn (pushed into the End Zone, say): the team skips its next turn.
    in_their_turn = state.active_team is not None and state.active_team != team.id
    state = attrs.evolve(state, touchdown=team.id, celebrating=team.id if in_their_turn else state.celebrating)
    assert player.square is not None
    detail = {"team": team.id, "score": team.score + 1, "square": list(player.square), "spp": award, "in_opponents_turn": in_their_turn}
    return state, (Event(TOUCHDOWN, player.id, (), "scored", detail),)


__all__ = ["TOUCHDOWN", "score_after_procedure", "scorer"]
