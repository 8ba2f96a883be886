"""Small value types shared by several kinds of data."""

from __future__ import annotations

from attrs import frozen

#: The verb keys of an effect; exactly one is set on each effect.
EFFECT_VERBS = (
    "change",
    "pass_bands",
    "modifier",
    "gain_skills",
    "rerolls",
    "status",
    "miss_next_game",
    "niggling_injury",
    "roll_on",
    "spp",
    "gold",
    "fans",
    "choose_improvement",
    "choose_skill",
    "journeymen",
    "apothecary",
    "regeneration_reroll",
    "chef",
)


#: The ``apothecary`` effect's values: an inducement that treats any injury, or Knocked-out players only.
ANY_INJURY = "any"
KNOCKED_OUT = "knocked-out"


@frozen
class SkillRef:
    """A skill or trait named by id, with its parameter if it has one (Loner (4+): id loner, value 4)."""

    id: str
    value: int | str | None = None


@frozen
class Condition:
    """Who something applies to. Each given field must hold; a tuple holds when any member does."""

    special_rules: tuple[str, ...] | None = None
    leagues: tuple[str, ...] | None = None
    rosters: tuple[str, ...] | None = None
    tiers: tuple[int, ...] | None = None
    apothecary: bool | None = None


@frozen
class Effect:
    """One structured effect of a table row or an inducement."""

    change: str | None = None
    modifier: str | None = None
    gain_skills: tuple[SkillRef, ...] | None = None
    rerolls: int | None = None
    status: str | None = None
    miss_next_game: bool | None = None
    niggling_injury: bool | None = None
    roll_on: str | None = None
    spp: int | None = None
    gold: int | None = None
    fans: int | None = None
    choose_improvement: tuple[str, ...] | None = None
    choose_skill: tuple[str, ...] | None = None
    journeymen: str | None = None  # dice of extra Journeymen the team takes on for the game, plus ``by``
    apothecary: str | None = None  # each use works as the team's Apothecary would: for ``any`` injury, or ``knocked-out`` only
    regeneration_reroll: bool | None = None  # each use re-rolls a player's failed Regeneration roll
    chef: str | None = None  # dice rolled at the start of each half: each die of ``target``+ gains ``by`` re-rolls, takes ``by``
    by: int | None = None
    target: int | None = None  # what each die of a verb that rolls must reach (chef); a D6 a re-roll needs to work
    limit: int | None = None
    who: str | None = None
    duration: str | None = None
    for_hired: bool | None = None  # False: not for a player hired for the game only (a Mercenary, a Star Player)
    pass_bands: tuple[str, ...] | None = None  # the only pass-range bands (rows) a Pass Action may be while it holds

    @property
    def verbs(self) -> tuple[str, ...]:
        return tuple(v for v in EFFECT_VERBS if getattr(self, v) is not None)
