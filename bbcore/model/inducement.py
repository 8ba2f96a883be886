"""Inducement lists."""

from __future__ import annotations

from attrs import frozen

from bbcore.model.common import Condition, Effect, SkillRef


@frozen
class InducementCost:
    """One price, paid by teams meeting ``condition``; a team pays the lowest price it qualifies for."""

    cost: int
    condition: Condition | None = None
    plus_position_cost: bool = False


@frozen
class InducementLimit:
    """A different maximum for teams meeting a condition."""

    max: int | None
    condition: Condition


@frozen
class HireSkill:
    """A skill a hired player may be given for ``cost`` more, from its position's ``categories`` (primary or secondary)."""

    cost: int
    categories: str


@frozen
class InducementHire:
    """An inducement that hires a player: the order names the position (and any skill bought with it).

    ``positions`` is ``own-roster`` (the team's own roster only) or ``any``;
    ``within_limits``: hired players count toward the roster size and, from the team's own
    roster (``own-roster``), toward their position's limit;
    ``spp``: the Star Player Points they earn (:data:`SPP_EARNINGS`); ``star``: they are
    Star Players (no Prayer to Nuffle picks them); ``treatable``: False when no Apothecary nor
    any other treatment may be used on them; ``if_both_hire``: what happens when both teams
    hire the same position (:data:`IF_BOTH_HIRE`).
    """

    positions: str = "any"
    within_limits: bool = False
    skill: HireSkill | None = None
    spp: str = "all"
    star: bool = False
    treatable: bool = True
    if_both_hire: str = "both-play"


#: When both teams hire the same position: each fields his own (an impostor among them), or neither fields him.
IF_BOTH_HIRE = ("both-play", "neither-plays")
NEITHER_PLAYS = "neither-plays"

#: What a hired player earns in Star Player Points: everything, the MVP award alone, or nothing (never the MVP).
SPP_EARNINGS = ("all", "mvp", "none")


@frozen
class InducementStake:
    """The inducement is a stake a team names in its order: ``min`` to ``max`` in steps of ``step``; its price is the stake."""

    min: int
    max: int
    step: int

    def admits(self, stake: int) -> bool:
        return self.min <= stake <= self.max and (stake - self.min) % self.step == 0


@frozen
class InducementUses:
    """How often an inducement may be used: ``count`` times per ``per`` (game, half, drive or turn)."""

    count: int
    per: str


@frozen
class OldScale:
    """Characteristics as an older edition printed them; AG and AV there are not target numbers, so they stay as printed."""

    ma: int | None = None
    st: int | None = None
    ag: int | None = None
    pa: int | None = None
    av: int | None = None


@frozen
class InducementProfile:
    """A named option of an inducement (a wizard, a referee, a player), with its own price or stats."""

    id: str
    name: str
    cost: int | None = None
    ma: int | None = None
    st: int | None = None
    ag: int | None = None
    pa: int | None = None
    av: int | None = None
    skills: tuple[SkillRef, ...] = ()
    eligibility: Condition | None = None
    old_scale: OldScale | None = None
    tables: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    text: str | None = None
    incomplete: bool = False
    note: str | None = None


@frozen
class Inducement:
    id: str
    name: str
    min: int
    max: int | None
    costs: tuple[InducementCost, ...]
    text: str
    limits: tuple[InducementLimit, ...] = ()
    price_varies: bool = False
    #: Set when the inducement hires a player whose position the team's order names.
    hire: InducementHire | None = None
    #: Set when the price is a stake the team's order names.
    stake: InducementStake | None = None
    #: Players each one brings into the team for the game from its own profile (a giant): they count toward the roster size.
    players: int = 0
    eligibility: Condition | None = None
    #: Alternatives: a team must also meet at least one of these (a special rule or a league, say).
    eligibility_any: tuple[Condition, ...] = ()
    group: str | None = None
    timing: str | None = None
    uses: InducementUses | None = None
    table: str | None = None
    profiles: tuple[InducementProfile, ...] = ()
    effects: tuple[Effect, ...] = ()
    replaces: str | None = None
    #: With ``replaces``: the plugins whose replacement of the same entry this one wins over.
    precedence_over: tuple[str, ...] = ()
    provisional: bool = False
    incomplete: bool = False
    note: str | None = None


@frozen
class InducementGroup:
    """Inducements that share one limit (for example at most one wizard of any kind)."""

    id: str
    name: str
    max: int
    text: str | None = None


@frozen
class InducementList:
    source: str
    inducements: tuple[Inducement, ...]
    list_id: str | None = None
    mode: str = "extend"
    groups: tuple[InducementGroup, ...] = ()
    provisional: bool = False
    note: str | None = None
