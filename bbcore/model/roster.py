"""Rosters and their positions."""

from __future__ import annotations

from attrs import frozen

from bbcore.model.common import SkillRef


@frozen
class Position:
    """A player type a roster may hire."""

    id: str
    name: str
    min: int
    max: int
    cost: int
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[SkillRef, ...]
    keywords: tuple[str, ...]
    primary: tuple[str, ...]
    secondary: tuple[str, ...]


@frozen
class RosterRule:
    """A team special rule: a fixed rule, a choice made at drafting, or a rule for one league only."""

    rule: str | None = None
    choose: tuple[str, ...] = ()
    league: str | None = None

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (self.rule,) if self.rule is not None else self.choose


@frozen
class PositionLimit:
    """A cap shared by several positions of one roster."""

    positions: tuple[str, ...]
    max: int
    text: str | None = None


@frozen
class Roster:
    """A team roster."""

    id: str
    name: str
    source: str
    tier: int
    reroll_cost: int
    apothecary: bool
    leagues: tuple[str, ...]
    special_rules: tuple[RosterRule, ...]
    positions: tuple[Position, ...]
    position_limits: tuple[PositionLimit, ...] = ()
    replaces: str | None = None
    #: With ``replaces``: the plugins whose replacement of the same entry this one wins over.
    precedence_over: tuple[str, ...] = ()
    note: str | None = None
    #: A value of the roster is no source's (its ``note`` says which).
    provisional: bool = False

    def position(self, position_id: str) -> Position | None:
        for position in self.positions:
            if position.id == position_id:
                return position
        return None
