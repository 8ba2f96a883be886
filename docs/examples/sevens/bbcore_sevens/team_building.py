"""Sevens' team-building rule: at most one Big Guy.

The roster size and the budget are core parameters (``data/parameters.yaml``), which
the core's own checks enforce. The Big Guy limit has no core parameter, so it is a
team check contributed through the ``bbcore_team_checks`` hook, with its number in
``data/team-building.yaml``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.loading.plugin_files import load_plugin_file
from bbcore.teams.checks import TeamCheck, problem

if TYPE_CHECKING:
    from bbcore.errors import Problem
    from bbcore.model.team import Team
    from bbcore.ruleset import Ruleset

RULES_FILE = Path(__file__).parent / "data" / "team-building.yaml"
SCHEMA_FILE = Path(__file__).parent / "team_building.schema.json"


@frozen
class TeamBuilding:
    """The numbers of ``data/team-building.yaml``."""

    source: str
    max_big_guys: int
    big_guy_keyword: str


@cache
def team_building() -> TeamBuilding:
    """The team-building numbers, read once (safe YAML, the schema, then the model)."""
    return load_plugin_file(RULES_FILE, SCHEMA_FILE, TeamBuilding)


def check_big_guys(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """At most ``max_big_guys`` players whose position has the Big Guy keyword."""
    numbers = team_building()
    big_guys = []
    for player in team.players:
        roster = ruleset.rosters.get(player.roster_id)
        position = roster.position(player.position_id) if roster is not None else None
        if position is not None and numbers.big_guy_keyword in position.keywords:
            big_guys.append(player.name)
    if len(big_guys) > numbers.max_big_guys:
        yield problem(
            "sevens/too-many-big-guys",
            f"{len(big_guys)} Big Guys ({', '.join(big_guys)}); a Sevens team may have at most {numbers.max_big_guys}",
            "players",
        )


BIG_GUY_CHECK = TeamCheck("sevens/big-guys", check_big_guys, description="At most one Big Guy (Sevens).")
