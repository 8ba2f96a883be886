"""Sevens' pre-game step: each coach rolls on the Warm-up table.

The step itself (its id, name, place in the sequence and table) is data, in
``data/sequences.yaml``; this module holds the procedure that runs it, registered
through ``bbcore_register_sequence_steps``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.dice import roll_on_table
from bbcore.rules.events import Event

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The step id in ``data/sequences.yaml`` (its table has the same id).
WARM_UP_STEP = "sevens/warm-up"


def warm_up(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """Each team, home first, rolls on the step's table; a row with a ``rerolls`` effect adds drive re-rolls."""
    step = next(step for step in ruleset.sequence("pre-game").steps if step.id == WARM_UP_STEP)
    table = ruleset.table(step.table or WARM_UP_STEP)  # the step names its table in data
    events = []
    for team in state.teams:
        rolled = roll_on_table(table, dice)
        extra = sum(effect.rerolls or 0 for effect in rolled.row.effects)
        if extra:
            state = state.update_team(team.id, drive_rerolls=team.drive_rerolls + extra)
        events.append(Event("warm-up", team.id, rolled.rolls, rolled.row.id, {"table": table.id, "drive_rerolls": extra}))
    return state, tuple(events)
