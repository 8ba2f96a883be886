"""League files: a season's results, read from YAML and checked, and the league table worked out from them.

A league file (``schemas/league.schema.json``) names the divisions and lists the fixtures
with their scores and the Casualties that earned SPP. :func:`load_league_file` reads one
and refuses, all at once and each at its line, what the schema cannot see: a fixture
with no score, or a score for one not played; a team playing itself; a team in two
divisions, or a fixture naming a team no division has; a fixture between two divisions,
or a pair of teams meeting twice (the regular season pairs each team with every other
of its division once); an unknown tie-breaker. The rules advise at least
``league.division_min_teams`` teams a division, and leave the commissioner free:
:func:`division_notes` points out a smaller one without refusing it.
:func:`league_tables` then gives each division's table
(:func:`bbcore.rules.league.standings`), every team of a division listed even before its
first fixture, and :func:`bbcore.rules.season.playoff_qualifiers` reads those tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.errors import DataError, Problem
from bbcore.loading.datadir import LoadedFile, load_file, load_text
from bbcore.loading.yaml_source import YamlDocument
from bbcore.model.league import Fixture, League
from bbcore.rules.league import TIE_BREAKERS, FixtureRecord, Standing, standings

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The name of the one division of a league that names none.
WHOLE_LEAGUE = "league"
#: The data kind of a league file (its schema: schemas/league.schema.json).
LEAGUE_KIND = "league"


@frozen
class LeagueFile:
    """A league file read and checked: where it came from, its YAML (for locating problems) and the model."""

    path: Path | None
    document: YamlDocument
    league: League


def parse_league_text(text: str, file: str = "<league>", path: Path | None = None) -> LeagueFile:
    """Parse and check a league file's text; raise :class:`~bbcore.errors.DataError` with every problem."""
    return _checked(*load_text(text, file, LEAGUE_KIND), path)


def load_league_file(path: Path | str) -> LeagueFile:
    """Read a league file from disk (see :func:`parse_league_text`)."""
    path = Path(path)
    return _checked(*load_file(path, LEAGUE_KIND), path)


def _checked(loaded: LoadedFile | None, problems: list[Problem], path: Path | None) -> LeagueFile:
    """The league file loaded, once what the schema cannot see is checked too; else every problem, raised."""
    if loaded is None:
        raise DataError(problems)
    found = list(_league_problems(loaded.document, loaded.model))
    if found:
        raise DataError(found)
    return LeagueFile(path, loaded.document, loaded.model)


def _league_problems(document: YamlDocument, league: League) -> Iterator[Problem]:
    division_of: dict[str, str] = {}
    for name, teams in league.divisions.items():
        for j, team in enumerate(teams):
            if team in division_of:
                yield document.problem(("divisions", name, j), "duplicate-team", f"{team!r} is in division {division_of[team]!r} already")
            division_of.setdefault(team, name)
    for j, tie_breaker in enumerate(league.tie_breakers or ()):
        if tie_breaker not in TIE_BREAKERS:
            known = ", ".join(TIE_BREAKERS)
            yield document.problem(
                ("tie_breakers", j), "unknown-tie-breaker", f"unknown tie-breaker {tie_breaker!r}; tie-breakers: {known}"
            )
    for i, fixture in enumerate(league.fixtures):
        if fixture.score is None and not fixture.unplayed:
            yield document.problem(("fixtures", i), "missing-score", "a fixture played needs its score (or unplayed: true)")
        if fixture.score is not None and fixture.unplayed:
            yield document.problem(("fixtures", i, "score"), "score-of-unplayed", "a fixture not played has no score")
        if fixture.home == fixture.away:
            yield document.problem(("fixtures", i, "away"), "plays-itself", f"{fixture.home!r} cannot play itself")
        for side in ("home", "away"):
            team = getattr(fixture, side)
            if league.divisions and team not in division_of:
                yield document.problem(("fixtures", i, side), "unknown-team", f"{team!r} is in no division of the league")
    yield from _pairing_problems(document, league, division_of)


def _pairing_problems(document: YamlDocument, league: League, division_of: dict[str, str]) -> Iterator[Problem]:
    """A fixture between two divisions, and a pair of teams meeting again: the regular season pairs every team with
    each other team of its division once."""
    met: dict[frozenset[str], int] = {}
    for i, fixture in enumerate(league.fixtures):
        home, away = division_of.get(fixture.home), division_of.get(fixture.away)
        if home is not None and away is not None and home != away:
            message = f"{fixture.home!r} ({home}) and {fixture.away!r} ({away}) are in different divisions: league fixtures stay within one"
            yield document.problem(("fixtures", i), "across-divisions", message)
        pair = frozenset((fixture.home, fixture.away))
        if len(pair) == 2 and pair in met:
            message = f"{fixture.home!r} and {fixture.away!r} met already at $.fixtures[{met[pair]}]: each pair meets once a season"
            yield document.problem(("fixtures", i), "repeated-fixture", message)
        met.setdefault(pair, i)


def division_notes(ruleset: Ruleset, league_file: LeagueFile) -> tuple[Problem, ...]:
    """Advice, not refusal: each division the file names with fewer teams than the rules advise
    (``league.division_min_teams``), located in the file (code ``small-division``)."""
    least = ruleset.parameters.league.division_min_teams
    if least is None:
        return ()
    return tuple(
        league_file.document.problem(
            ("divisions", name), "small-division", f"division {name!r} has {len(teams)} teams; the rules advise at least {least}"
        )
        for name, teams in league_file.league.divisions.items()
        if len(teams) < least
    )


def result_problems(ruleset: Ruleset, league_file: LeagueFile) -> tuple[Problem, ...]:
    """What the file records that the ruleset's league play refuses, located in the file: a drawn fixture
    (code ``drawn-fixture``) where every game has a winner (``league.points.draw`` null)."""
    if ruleset.parameters.league.points.draw is not None:
        return ()
    return tuple(
        league_file.document.problem(
            ("fixtures", i, "score"), "drawn-fixture", f"{fixture.home!r} v {fixture.away!r} is drawn; every game here has a winner"
        )
        for i, fixture in enumerate(league_file.league.fixtures)
        if not fixture.unplayed and fixture.score is not None and fixture.score[0] == fixture.score[1]
    )


def fixture_records(fixture: Fixture) -> tuple[FixtureRecord, FixtureRecord]:
    """The two teams' lines of one fixture, home first; one not played is a loss for both."""
    if fixture.unplayed or fixture.score is None:
        return FixtureRecord(fixture.home, "loss", 0, 0, unplayed=True), FixtureRecord(fixture.away, "loss", 0, 0, unplayed=True)
    home, away = fixture.score
    home_cas, away_cas = fixture.casualties
    result = "win" if home > away else "loss" if home < away else "draw"
    other = {"win": "loss", "loss": "win", "draw": "draw"}[result]
    return FixtureRecord(fixture.home, result, home, away, home_cas), FixtureRecord(fixture.away, other, away, home, away_cas)


def league_tables(ruleset: Ruleset, league: League) -> dict[str, tuple[Standing, ...]]:
    """Each division's table, by division id (:data:`WHOLE_LEAGUE` for a league of one), every team listed."""
    records = [record for fixture in league.fixtures for record in fixture_records(fixture)]
    divisions = dict(league.divisions) or {WHOLE_LEAGUE: tuple(sorted({r.team for r in records}))}
    tables: dict[str, tuple[Standing, ...]] = {}
    for name, teams in divisions.items():
        own = [record for record in records if record.team in teams]
        tables[name] = standings(ruleset, own, bonus=league.bonus_points, tie_breakers=league.tie_breakers, teams=teams)
    return tables


__all__ = [
    "WHOLE_LEAGUE",
    "LeagueFile",
    "division_notes",
    "fixture_records",
    "league_tables",
    "load_league_file",
    "parse_league_text",
    "result_problems",
]
