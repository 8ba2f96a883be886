"""Skills that act as others: the form of a skill a player holds, for the procedures that play it.

A skill may be written as a form of another (``acts_as`` in the skills data): an older
edition's Mighty Blow with a value in brackets is played as Mighty Blow, adding that
value. The procedures that play such a skill ask :func:`held_form` rather than
``PlayerState.has``, so every form counts; the value comes from the form held.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bbcore.rules.board import PlayerState
    from bbcore.ruleset import Ruleset


def held_form(ruleset: Ruleset, player: PlayerState, skill_id: str) -> str | None:
    """The id under which the player holds ``skill_id``: the skill itself, else the first form of it he has, else None."""
    for form in ruleset.skill_forms(skill_id):
        if form in player.skills:
            return form
    return None
