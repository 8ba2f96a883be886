"""What is in force on the lane and on the Stooge, read from the rows and inducements that put it there.

The lane's conditions come from the weather row and the Pebblemuck attribute: each of
their ``modifier`` effects aimed at everybody (``who: both``, or no ``who``) becomes a
board condition, read as the core reads a Blood Bowl game's
(:func:`bbcore.rules.conditions.row_conditions`), so the core's rolls add it: rush,
dodge, catch, landing, throw-team-mate, armour. Effects on one team or one player,
and every other verb, are for the procedure that knows the moment (a landing event, the
pre-match Fans step).

The Stooge is dressed by a helmet row and by inducements such as Padding: a ``change``
effect on him changes his profile (:func:`bbcore.rules.effects.apply_effects`), a
``modifier`` effect on him goes into his own modifiers (``armour`` counts on armour
rolls against him, ``landing`` on his landings, ``catch`` on catches of him,
``throw-team-mate`` on throws of him).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import attrs

from bbcore.rules.effects import apply_effects

if TYPE_CHECKING:
    from bbcore.model.common import Effect
    from bbcore.rules.board import PlayerState
    from bbcore.ruleset import Ruleset


def dress(ruleset: Ruleset, stooge: PlayerState, effects: Iterable[Effect]) -> PlayerState:
    """The Stooge with the effects aimed at him applied: profile changes, then his own test modifiers."""
    applied = apply_effects(ruleset, stooge, [e for e in effects if e.who in (None, "player")])
    modifiers = dict(applied.player.modifiers)
    for effect in applied.not_applied:
        if effect.modifier is not None:
            modifiers[effect.modifier] = modifiers.get(effect.modifier, 0) + (effect.by or 0)
    return attrs.evolve(applied.player, modifiers=modifiers)


def without(player: PlayerState, modifiers: Mapping[str, int]) -> PlayerState:
    """The player with some modifiers taken off again (one that lasted a single roll)."""
    left = dict(player.modifiers)
    for test, by in modifiers.items():
        left[test] = left.get(test, 0) - by
        if not left[test]:
            del left[test]
    return attrs.evolve(player, modifiers=left)
