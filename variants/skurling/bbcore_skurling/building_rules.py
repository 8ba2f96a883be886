"""Skurling's team-building numbers, read from ``data/rules/building.yaml``.

The core parameters hold what they have keys for (five players, the 400K budget, the
80K sideline budget, no staff, one Dedicated Fan). What they cannot say lives here:
the roles and how many of each a fielded team has, which role throws, which one sets
the re-roll price, the skills that decide who may be what, and the league start. It is
read like the core's data (safe YAML, a JSON Schema beside this module, cattrs into
frozen classes) as the rules file ``skurling/building``, per ruleset and as its layers
amend it: call :func:`building_rules` with the ruleset wherever a number is needed. The
league start's budget and roster reach the parameters through
``bbcore_parameter_changes``, which reads the amended file from its ``rules_files``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The data file and the schema it is validated against.
RULES_FILE = Path(__file__).parent / "data" / "rules" / "building.yaml"
SCHEMA_FILE = Path(__file__).parent / "building_rules.schema.json"
#: The id this file is registered under, and amended by.
RULES_ID = "skurling/building"


@frozen
class Role:
    """A role a fielded miniature plays, and how many of the fielded five play it."""

    id: str
    name: str
    count: int
    text: str


@frozen
class LeagueStart:
    """A new league team: its starting budget and the most miniatures its roster may hold."""

    budget: int
    roster_max: int


@frozen
class BuildingRules:
    """Every Skurling team-building number and id the core parameters have no key for."""

    source: str
    roles: tuple[Role, ...]
    stooge_role: str
    thrower_role: str
    cuddler_role: str
    reroll_price_role: str
    stooge_skill: str
    thrower_skill: str
    banned_skills: tuple[str, ...]
    never_cuddler_skills: tuple[str, ...]
    sidelines_staff_key: str
    league: LeagueStart
    note: str | None = None

    @property
    def role_ids(self) -> tuple[str, ...]:
        return tuple(role.id for role in self.roles)

    def role(self, role_id: str) -> Role:
        """A role by id (one the file names; a KeyError otherwise)."""
        for role in self.roles:
            if role.id == role_id:
                return role
        raise KeyError(role_id)

    @property
    def fielded(self) -> int:
        """How many miniatures hold a role: the sum of the role counts."""
        return sum(role.count for role in self.roles)


def building_rules(ruleset: Ruleset) -> BuildingRules:
    """The numbers in force in a ruleset with Skurling, as its layers amend them (the rules file ``skurling/building``)."""
    return ruleset.rules_model(RULES_ID, BuildingRules)


__all__ = ["BuildingRules", "LeagueStart", "Role", "building_rules"]
