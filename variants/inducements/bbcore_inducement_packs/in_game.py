"""A pack inducement used during a game with the game's records kept: its use spent, its drive-long changes remembered.

The spells, pots and fireballs act on a board (:mod:`bbcore_inducement_packs.spells`,
:mod:`bbcore_inducement_packs.blasts`). :func:`use_in_game` runs one of them on a game's
board: it first spends one of the inducement's ``uses``
(:func:`bbcore.rules.inducement_uses.use_inducement`, which refuses one too many), and
afterwards remembers every player the act changed until the drive ends (a Frog, a hexed
player: an event with an ``original`` detail) as he was
(:meth:`bbcore.rules.sequences.GameState.with_drive_form`), so the core's drive-ends step
turns him back.

When each may be used is data too (``moments`` in ``pack-rules.yaml``): :func:`acts_at`
says what an inducement may do at a moment of the game, for the team that holds it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import attrs

from bbcore.errors import UsageError
from bbcore.rules.board import Board
from bbcore.rules.events import Event, Outcome
from bbcore.rules.inducement_uses import use_inducement
from bbcore.rules.sequences import GameState
from bbcore.ruleset import Ruleset
from bbcore_inducement_packs.blasts import Blast
from bbcore_inducement_packs.moments import (
    MOMENTS,
    OPPOSITION_TURN_END,
    OPPOSITION_TURN_START,
    OWN_TURN_END,
    OWN_TURN_START,
)
from bbcore_inducement_packs.pack_rules import pack_rules

Result = TypeVar("Result", bound=Outcome | Blast)


def use_in_game(
    ruleset: Ruleset,
    state: GameState,
    team_id: str,
    inducement: str,
    act: Callable[[Board], Result],
    *,
    moment: str | None = None,
    spell: str | None = None,
) -> tuple[GameState, Event, Result]:
    """Spend one use of the team's ``inducement``, then ``act`` on the game's board: the new state, the use's event
    and what the act returned.

    ``act`` takes the board, e.g. ``lambda board: zap(ruleset, board, "home", wizard, "orc-1", dice)``.
    Given the ``moment`` of the game (one of :data:`MOMENTS`, seen from ``team_id``) and the
    ``spell`` cast (its profile id, or :data:`POT`), a use the data does not allow then is
    refused (a :class:`~bbcore.errors.UsageError`) before anything is spent.
    """
    if moment is not None and spell is not None and spell not in acts_at(ruleset, inducement, moment):
        allowed = ", ".join(acts_at(ruleset, inducement, moment)) or "nothing"
        raise UsageError(f"{inducement} cannot be used for {spell!r} at {moment}: then it may do {allowed}")
    state, used = use_inducement(ruleset, state, team_id, inducement)
    before = state.board
    result = act(before)
    outcome = result.outcome if isinstance(result, Blast) else result
    for event in outcome.events:
        changed = before.players.get(event.who or "")
        if "original" in event.detail and changed is not None:
            state = state.with_drive_form(changed)
    return attrs.evolve(state, board=outcome.board), used, result


#: The act of a pot (pots have no spell profile).
POT = "pot"


def acts_at(ruleset: Ruleset, inducement: str, moment: str) -> tuple[str, ...]:
    """What ``inducement`` may do at ``moment`` (one of :data:`MOMENTS`): its spells' profile ids, or :data:`POT`.

    Empty when it may do nothing then, or has no spell or pot in the pack's rules. Whether
    a use is left is another question (:func:`bbcore.rules.inducement_uses.uses_left`).
    """
    if moment not in MOMENTS:
        raise UsageError(f"unknown moment {moment!r}; the moments are {', '.join(MOMENTS)}")
    rules = pack_rules(ruleset)
    pot = rules.pots.get(inducement)
    acts = [POT] if pot is not None and moment in pot.moments else []
    spells = rules.spells
    kinds = (
        rules.fireballs,
        spells.zaps,
        spells.bolts,
        spells.columns,
        spells.hexes,
        spells.blinks,
        spells.stomps,
        spells.floras,
        spells.grounds,
        spells.time_shifts,
        spells.mutations,
        spells.danses,
    )
    for kind in kinds:
        spell = kind.get(inducement)
        if spell is not None and moment in spell.moments and spell.spell not in acts:
            acts.append(spell.spell)
    return tuple(acts)


__all__ = [
    "MOMENTS",
    "OPPOSITION_TURN_END",
    "OPPOSITION_TURN_START",
    "OWN_TURN_END",
    "OWN_TURN_START",
    "POT",
    "acts_at",
    "use_in_game",
]
