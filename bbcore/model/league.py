"""A league file: a season's divisions and fixture results (schemas/league.schema.json)."""

from __future__ import annotations

from collections.abc import Mapping

from attrs import field, frozen


@frozen
class Fixture:
    """One fixture: the teams, the touchdowns and the SPP-earning Casualties each side scored (home first), or
    ``unplayed``: not played in time, a loss for both."""

    home: str
    away: str
    score: tuple[int, int] | None = None
    casualties: tuple[int, int] = (0, 0)
    unplayed: bool = False


@frozen
class League:
    """A league season: ``divisions`` (team ids by division; empty for one division), whether ``bonus_points`` add to
    the League Points, its ``tie_breakers`` (None: the rules' order) and its ``fixtures``."""

    name: str
    fixtures: tuple[Fixture, ...]
    divisions: Mapping[str, tuple[str, ...]] = field(factory=dict)
    bonus_points: bool = False
    tie_breakers: tuple[str, ...] | None = None
