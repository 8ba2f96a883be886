"""A pack inducement used during a game with the game's records kept: its use spent, its drive-long changes remembered.

The spells, pots and fireballs act on a board (:mod:`bbcore_inducement_packs.spells`,
:mod:`bbcore_inducement_packs.blasts`). :func:`use_in_game` runs one of them on a game's
board: it first spends one of the inducement's ``uses``
(:func:`bbcore.rules.inducement_uses.use_inducement`, which refuses one too many), and
afterwards remembers every player the act changed until the drive ends (a Frog, a hexed
player: an event with an ``original`` detail) as he was
(:meth:`bbcore.rules.sequences.GameState.with_drive_form`), so the core's drive-ends step
turns him back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import attrs

from bbcore.rules.board import Board
from bbcore.rules.events import Event, Outcome
from bbcore.rules.inducement_uses import use_inducement
from bbcore.rules.sequences import GameState
from bbcore.ruleset import Ruleset
from bbcore_inducement_packs.blasts import Blast

Result = TypeVar("Result", Outcome, Blast)


def use_in_game(
    ruleset: Ruleset, state: GameState, team_id: str, inducement: str, act: Callable[[Board], Result]
) -> tuple[GameState, Event, Result]:
    """Spend one use of the team's ``inducement``, then ``act`` on the game's board: the new state, the use's event
    and what the act returned.

    ``act`` takes the board, e.g. ``lambda board: zap(ruleset, board, "home", wizard, "orc-1", dice)``.
    """
    state, used = use_inducement(ruleset, state, team_id, inducement)
    before = state.board
    result = act(before)
    outcome = result.outcome if isinstance(result, Blast) else result
    for event in outcome.events:
        changed = before.players.get(event.who or "")
        if "original" in event.detail and changed is not None:
            state = state.with_drive_form(changed)
    return attrs.evolve(state, board=outcome.board), used, result


__all__ = ["use_in_game"]
