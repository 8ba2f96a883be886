"""Skurling's sidelines, read from ``data/rules/sidelines.yaml``.

Sidelines are the permanent staff of the Touchline Guild. A team hires them from a
budget of their own (the ``sideline_budget`` parameter, 80K), at most one of each;
they never count in Team Value and are never hurt. A team file lists them under
``staff`` as ``sidelines: [pebbler, skip]`` (the key is ``sidelines_staff_key`` in
``building.yaml``). Their prices and effects are provisional: the original table was
lost, so the file is marked ``provisional: true`` and a league replaces it by data.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.loading.plugin_files import load_plugin_file
from bbcore_skurling.building_rules import building_rules

if TYPE_CHECKING:
    from bbcore.model.team import Team

#: The data file and the schema it is validated against.
SIDELINES_FILE = Path(__file__).parent / "data" / "rules" / "sidelines.yaml"
SCHEMA_FILE = Path(__file__).parent / "sidelines.schema.json"


@frozen
class Sideline:
    """One sideline: its price from the sideline budget, what it does, and its effect in play."""

    id: str
    name: str
    cost: int
    text: str
    effect: str


@frozen
class SidelineList:
    """Every sideline a team may hire, in the file's order."""

    source: str
    sidelines: tuple[Sideline, ...]
    provisional: bool = False
    note: str | None = None

    @property
    def by_id(self) -> Mapping[str, Sideline]:
        return {sideline.id: sideline for sideline in self.sidelines}


@cache
def sideline_list(path: Path = SIDELINES_FILE) -> SidelineList:
    """The sidelines (cached); raises :class:`bbcore.errors.DataError` naming file, line and path when wrong."""
    return load_plugin_file(path, SCHEMA_FILE, SidelineList)


def team_sidelines(team: Team) -> tuple[str, ...]:
    """The sideline ids a team file lists under ``staff``; empty when it lists none or lists them wrongly."""
    listed = team.staff.get(building_rules().sidelines_staff_key, ())
    return tuple(listed) if isinstance(listed, tuple | list) else ()


def sideline_cost(team: Team, sidelines: SidelineList | None = None) -> int:
    """What a team's sidelines cost from the sideline budget (unknown ids cost nothing; the checks report them)."""
    known = (sidelines or sideline_list()).by_id
    return sum(known[sideline_id].cost for sideline_id in team_sidelines(team) if sideline_id in known)


__all__ = ["Sideline", "SidelineList", "sideline_cost", "sideline_list", "team_sidelines"]
