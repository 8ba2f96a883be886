"""Skurling's pre-match and league numbers, read from ``data/rules/league.yaml``.

The core's parameters have no key for numbers such as the sponsor roll or the winnings'
bonus for a win, so the plugin keeps them in a file of its own, read the way the core
reads its data: safe YAML, a JSON Schema (``league_rules.schema.json``: every key
required, no unknown key) and cattrs into frozen attrs classes. It is the rules file
``skurling/league``: every ruleset reads it as its layers amend it (a league may change
its winnings or SPP awards), and anything wrong stops the ruleset with every problem
located. Call :func:`league_rules` with the ruleset wherever a number is needed.

Numbers that already have a home are not repeated here (the file's header lists where
each lives): the ruleset parameters, the core's tables (the Expensive Mistakes table's
lowest band, 100K, is the threshold), ``building.yaml``, ``headliners.yaml`` and
``throwback.yaml``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.errors import UsageError
from bbcore.loading.plugin_files import load_plugin_file
from bbcore_skurling.reading import Reading

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The data file and the schema it is validated against.
RULES_FILE = Path(__file__).parent / "data" / "rules" / "league.yaml"
SCHEMA_FILE = Path(__file__).parent / "league_rules.schema.json"
#: The id this file is registered under, and amended by.
RULES_ID = "skurling/league"


@frozen
class PreMatchRules:
    """The numbers of the five pre-match steps."""

    pebblemuck_table: str
    attribute_table_key: str
    weather_role: str
    weather_die_per_coach: str
    inducements_per_type: int
    coin_dice: str
    first_attacker_dice: str


@frozen
class WinningsRules:
    """(⌈FA / attendance_divisor⌉ + per_arc_scored x arcs scored in + win_bonus if won) x gold_per_point."""

    attendance_divisor: int
    per_arc_scored: int
    win_bonus: int
    gold_per_point: int


@frozen
class SponsorshipRules:
    """Finding a sponsor, choosing its gift and keeping it from season to season."""

    search_dice: str
    offer_on: int
    win_bonus: int
    max_sponsors: int
    offer_table: str
    gift_key: str
    sideline_key: str
    tools_table: str
    downgrades: tuple[str, ...]
    renewal_dice: str
    renewal_on: int


@frozen
class MvpRules:
    """The MVP: the fielded miniatures numbered from 1, ``dice`` rolled again on ``reroll``."""

    dice: str
    reroll: int


@frozen
class SppAward:
    """One way to earn SPP: ``who`` names the miniature that earns it (cuddler, hitter, stooge...)."""

    id: str
    name: str
    spp: int
    who: str
    provisional: bool


@frozen
class SppRules:
    provisional: bool
    note: str
    awards: tuple[SppAward, ...]

    def award(self, award_id: str) -> SppAward:
        for award in self.awards:
            if award.id == award_id:
                return award
        raise UsageError(f"unknown SPP award {award_id!r}; awards: {', '.join(a.id for a in self.awards)}")


@frozen
class LeagueRules:
    """League play's numbers."""

    winnings: WinningsRules
    sponsorship: SponsorshipRules
    headliners_at_a_time: int
    reroll_price_multiplier: int
    ko_recovery_dice: str
    mvp: MvpRules
    spp: SppRules
    journeymen: Reading
    substitutes: Reading
    mvp_numbering: Reading


@frozen
class SkurlingLeagueRules:
    """Every number of ``league.yaml``; each is documented in that file."""

    source: str
    prematch: PreMatchRules
    league: LeagueRules


def load_league_rules(path: Path = RULES_FILE) -> SkurlingLeagueRules:
    """Read, validate and structure one league rules file; raise DataError listing every problem."""
    return load_plugin_file(path, SCHEMA_FILE, SkurlingLeagueRules)


def league_rules(ruleset: Ruleset) -> SkurlingLeagueRules:
    """The numbers in force in a ruleset with Skurling, as its layers amend them (the rules file ``skurling/league``)."""
    return ruleset.rules_model(RULES_ID, SkurlingLeagueRules)


__all__ = ["SkurlingLeagueRules", "league_rules", "load_league_rules"]
