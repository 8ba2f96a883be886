"""Applying the structured effects of a table row or an inducement to one player.

Only what changes the player's profile is applied here: ``change`` (a characteristic)
and ``gain_skills``. A ``roll_on`` is not rolled: it is handed back, in order, so the
caller rolls the next table with its own dice and applies that row in turn. Every
other verb (a status, a modifier to a test, re-rolls, gold...) and every effect aimed
at someone other than the player (``who`` other than ``player``) is handed back too,
for the procedure that knows what to do with it. ``duration`` is not looked at: the
caller knows when a change for the drive or the game runs out, and keeps the
player's earlier state if it must restore it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs
from attrs import frozen

from bbcore.errors import UsageError
from bbcore.rules.board import PlayerState

if TYPE_CHECKING:
    from bbcore.model.common import Effect
    from bbcore.model.inducement import InducementProfile
    from bbcore.ruleset import Ruleset

#: Characteristics kept as the target number of a D6 test: an improvement lowers the number.
#: (Armour Value is the total to reach on 2D6, so a better AV is a higher number.)
LOWER_IS_BETTER = frozenset({"ag", "pa"})

#: The ``who`` values that mean the player the effects are applied to.
THE_PLAYER = frozenset({None, "player"})


@frozen
class AppliedEffects:
    """The player after the effects, the tables to roll on next (ids or roles, in order), and the effects left to the caller."""

    player: PlayerState
    roll_on: tuple[str, ...] = ()
    not_applied: tuple[Effect, ...] = ()


def changed_characteristic(current: int, characteristic: str, by: int, limit: int | None) -> int:
    """A characteristic after a change of ``by`` steps (positive: better), held at ``limit``.

    ``limit`` is in the stored form (3 for 3+) and is the bound in the direction of the
    change: the highest value when the stored number rises, the lowest when it falls. A
    value already past the limit is not pulled back to it.
    """
    step = -by if characteristic in LOWER_IS_BETTER else by
    value = current + step
    if limit is None:
        return value
    if step > 0:
        return min(value, max(limit, current))
    return max(value, min(limit, current))


def apply_effects(ruleset: Ruleset, player: PlayerState, effects: Iterable[Effect]) -> AppliedEffects:
    """Apply the effects that change the player's profile; hand back what is left.

    ``change`` moves a characteristic (see :func:`changed_characteristic`); a Passing
    Ability of "-" (None) has nothing to move and the effect is handed back unapplied.
    ``gain_skills`` adds skills and traits the player does not have yet (one already
    held keeps its value). A skill the ruleset does not know is a ``UsageError``.
    """
    rolls: list[str] = []
    left: list[Effect] = []
    for effect in effects:
        if effect.who not in THE_PLAYER:
            left.append(effect)
        elif effect.change is not None and effect.by is not None:
            current = getattr(player, effect.change)
            if current is None:
                left.append(effect)
                continue
            value = changed_characteristic(current, effect.change, effect.by, effect.limit)
            changes: dict[str, Any] = {effect.change: value}
            player = attrs.evolve(player, **changes)
        elif effect.gain_skills is not None:
            unknown = [ref.id for ref in effect.gain_skills if ref.id not in ruleset.skills]
            if unknown:
                raise UsageError(f"cannot give {player.id} unknown skill(s): {', '.join(unknown)}")
            skills = dict(player.skills)
            for ref in effect.gain_skills:
                skills.setdefault(ref.id, ref.value)
            player = attrs.evolve(player, skills=skills)
        elif effect.roll_on is not None:
            rolls.append(effect.roll_on)
        else:
            left.append(effect)
    return AppliedEffects(player, tuple(rolls), tuple(left))


#: What a transformation swaps and a restore gives back: the characteristics, skills, and how the player is treated.
PROFILE_FIELDS = ("ma", "st", "ag", "pa", "av", "skills", "treatable", "casualty_counts_as")


def transform(ruleset: Ruleset, player: PlayerState, profile: InducementProfile) -> PlayerState:
    """The player turned into ``profile``: its characteristics, skills and traits replace theirs.

    Who the player is, their team, square and status stay. The profile must give MA, ST,
    AG and AV (a Passing Ability of "-" is kept as None); a skill the ruleset does not know
    is a ``UsageError``. Keep the player as they were to :func:`restore` them later.
    """
    ma, st, ag, av = profile.ma, profile.st, profile.ag, profile.av
    if ma is None or st is None or ag is None or av is None:
        missing = [name for name in ("ma", "st", "ag", "av") if getattr(profile, name) is None]
        raise UsageError(f"profile {profile.id!r} gives no {', '.join(missing)}: a player cannot be turned into it")
    unknown = [ref.id for ref in profile.skills if ref.id not in ruleset.skills]
    if unknown:
        raise UsageError(f"profile {profile.id!r} names unknown skill(s): {', '.join(unknown)}")
    skills = {ref.id: ref.value for ref in profile.skills}
    return attrs.evolve(player, ma=ma, st=st, ag=ag, pa=profile.pa, av=av, skills=skills)


def restore(now: PlayerState, original: PlayerState) -> PlayerState:
    """A transformed player back in their own profile, treated as before; where they are and their status now stay."""
    return attrs.evolve(now, **{name: getattr(original, name) for name in PROFILE_FIELDS})


def serves_hired(effects: Iterable[Effect]) -> bool:
    """Whether these effects may be used on a player hired for the game only: none of them says ``for_hired: false``."""
    return all(effect.for_hired is not False for effect in effects)


__all__ = [
    "LOWER_IS_BETTER",
    "PROFILE_FIELDS",
    "AppliedEffects",
    "apply_effects",
    "changed_characteristic",
    "restore",
    "serves_hired",
    "transform",
]
