"""Skurling hooks for team building, Team Value, the options' consistency and its rules files' references.

Each hook hands over to the module that holds the rule: the team checks, the
valuation and the league parameters live in :mod:`~bbcore_skurling.building`. The
functions have names of their own (``specname`` says which hook each implements), so
that the plugin module, which star-imports this one beside the match hooks, never has
two functions of one name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from bbcore import hookimpl
from bbcore_skurling.building import SKURLING_CHECKS, league_parameters, skurling_valuation
from bbcore_skurling.rules_references import rules_file_problems

if TYPE_CHECKING:
    from bbcore.model.team import Team
    from bbcore.rules_files import RulesFileProblem
    from bbcore.ruleset import Ruleset
    from bbcore.teams.checks import TeamCheck
    from bbcore.teams.valuation import TeamValuation

#: Options that each pick a replacement weather table: at most one may be set.
EXCLUSIVE_WEATHER_OPTIONS = ("season", "ground")
#: The value of those options that sets nothing.
NOT_SET = "none"


@hookimpl(specname="bbcore_team_checks")
def skurling_team_checks(ruleset: Ruleset) -> Iterable[TeamCheck]:
    """Skurling's team checks, some replacing the core's (:data:`~bbcore_skurling.building.SKURLING_CHECKS`)."""
    return SKURLING_CHECKS


@hookimpl(specname="bbcore_team_valuation")
def skurling_team_valuation(ruleset: Ruleset, team: Team) -> TeamValuation:
    """Cost and Team Value of a Skurling team (:func:`~bbcore_skurling.building.skurling_valuation`)."""
    return skurling_valuation(ruleset, team)


@hookimpl(specname="bbcore_parameter_changes")
def skurling_league_parameters(options: Mapping[str, str], rules_files: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """League play builds with the league budget and roster, without inducements (:func:`~bbcore_skurling.building.league_parameters`)."""
    return league_parameters(options, rules_files)


@hookimpl(specname="bbcore_option_problems")
def one_weather_table_at_a_time(options: Mapping[str, str]) -> Iterable[str]:
    """A season and a ground each replace the Weather table; only one may be chosen."""
    chosen = [f"{key}={options[key]}" for key in EXCLUSIVE_WEATHER_OPTIONS if options.get(key, NOT_SET) != NOT_SET]
    if len(chosen) > 1:
        return [f"only one weather table at a time: {' and '.join(chosen)} cannot both be set; choose a season or a ground"]
    return []


@hookimpl(specname="bbcore_option_problems")
def kind_of_play_by_match(options: Mapping[str, str]) -> Iterable[str]:
    """Skurling names its kind of match with its own ``match`` option: the core's ``play`` stays ``any``."""
    play = options.get("play", "any")
    return [] if play == "any" else [f"Skurling names the kind of match with the match option (match=league, say), not play={play}"]


#: The kinds of match played without the extra rules (helmets, seasons, grounds), as the seed names them.
WITHOUT_EXTRA_RULES = {"throwback": "a Throwback Night", "first-match": "a first match"}


@hookimpl(specname="bbcore_option_problems")
def no_extra_rules_at_throwback_nights(options: Mapping[str, str]) -> Iterable[str]:
    """Throwback Nights are played as before the helmets, and a first match leaves the extra rules out: no extra rule
    may be chosen with ``match=throwback`` or ``match=first-match``."""
    kind = WITHOUT_EXTRA_RULES.get(options.get("match", ""))
    if kind is None:
        return []
    extras = [f"{key}={options[key]}" for key in EXCLUSIVE_WEATHER_OPTIONS if options.get(key, NOT_SET) != NOT_SET]
    if options.get("helmets") == "on":
        extras.append("helmets=on")
    return [f"{kind} uses none of the extra rules: drop {', '.join(extras)}"] if extras else []


@hookimpl(specname="bbcore_rules_file_problems")
def skurling_rules_file_references(ruleset: Ruleset) -> Iterable[RulesFileProblem]:
    """What Skurling's rules files name must be in the ruleset (a league's amended files too)."""
    return rules_file_problems(ruleset)


__all__: list[str] = [
    "kind_of_play_by_match",
    "no_extra_rules_at_throwback_nights",
    "one_weather_table_at_a_time",
    "skurling_league_parameters",
    "skurling_rules_file_references",
    "skurling_team_checks",
    "skurling_team_valuation",
]
