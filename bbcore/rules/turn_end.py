"""What the core does when a team's turn ends: Pick-me-up.

At the end of each of a team's turns, every Prone player of the other team within
``movement.pick_me_up_reach`` squares of a Standing team-mate with Pick-me-up rolls a
D6, and stands up on ``targets.pick_me_up`` or more. A Pick-me-up player stood up this
way helps nobody else that turn. The core answers ``bbcore_turn_end_effects`` with it,
so :func:`bbcore.rules.drive.end_turn` plays it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.dice import DiceSource, roll_dice
from bbcore.rules.board import Board, Status, distance
from bbcore.rules.events import Event

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The trait whose players help Prone team-mates up at the end of the opposition's turn.
PICK_ME_UP = "pick-me-up"


def pick_me_up(ruleset: Ruleset, board: Board, team: str, dice: DiceSource) -> tuple[Board, tuple[Event, ...]]:
    """``team``'s turn has ended: the other team's Prone players near a Pick-me-up team-mate who is Standing and not
    Distracted roll to stand.

    The Prone players roll in id order; each stands on ``targets.pick_me_up`` or more
    (event ``pick-me-up``, result ``stood-up`` or ``stayed-down``, naming the helper).
    A helper is one who stood at the end of the turn: one stood up by a team-mate's
    Pick-me-up does not help in turn.
    """
    helped_team = board.opponent_of(team)
    reach = ruleset.parameters.movement.pick_me_up_reach
    target = ruleset.parameters.targets.pick_me_up
    helpers = [p for p in board.team_players(helped_team) if p.has(PICK_ME_UP) and p.alert]
    events: list[Event] = []
    lying = sorted((p for p in board.team_players(helped_team) if p.status is Status.PRONE and p.square is not None), key=lambda p: p.id)
    for player in lying:
        helper = next(
            (
                h
                for h in helpers
                if h.id != player.id and h.square is not None and player.square is not None and distance(h.square, player.square) <= reach
            ),
            None,
        )
        if helper is None:
            continue
        (roll,) = roll_dice(dice, "D6")
        stood = roll >= target
        events.append(
            Event(PICK_ME_UP, player.id, (roll,), "stood-up" if stood else "stayed-down", {"helper": helper.id, "target": target})
        )
        if stood:
            board = board.with_player(board.player(player.id).with_status(Status.STANDING))
    return board, tuple(events)
