"""The numbers of Skurling's Throwback Nights, read from ``data/rules/throwback.yaml``.

Team counts, Swiss rounds, tournament points, the match target, the time limit and the
Attribute rows rolled again fit no core data kind, so the plugin keeps them in a file of
its own. It is read as the core reads its data: safe YAML with positions, a JSON Schema
(``throwback_rules.schema.json``: every key required, no unknown key) and cattrs into
frozen attrs classes. It is the rules file ``skurling/throwback``: every ruleset reads it
as its layers amend it (a league may change, say, the time limit), and anything wrong
stops the ruleset with every problem located. Call :func:`throwback_rules` with the
ruleset wherever a number is needed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

from attrs import frozen

from bbcore.loading.plugin_files import load_plugin_file
from bbcore_skurling.reading import Reading

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The data file and the schema it is validated against.
RULES_FILE = Path(__file__).parent / "data" / "rules" / "throwback.yaml"
SCHEMA_FILE = Path(__file__).parent / "throwback_rules.schema.json"
#: The id this file is registered under, and amended by.
RULES_ID = "skurling/throwback"


@frozen
class RoundRobinRange:
    """From ``min_teams`` to ``max_teams`` teams everybody plays everybody once."""

    min_teams: int
    max_teams: int


@frozen
class FormatRules:
    """How the tournament is organised for a number of teams."""

    round_robin: RoundRobinRange
    swiss_rounds: int
    finalists: int


@frozen
class PointsRules:
    """Tournament points for a win, a loss, and the dress bonus earned per match."""

    win: int
    loss: int
    dress_bonus: int


@frozen
class ByeRules:
    """What a Swiss bye is worth (provisional: the seed is silent)."""

    provisional: bool
    note: str
    counts_as: Literal["win", "loss"]
    scored: int
    conceded: int


@frozen
class CoinRules:
    """The Gaffers' coin: ``dice`` at most ``first_team_at_most`` goes to the first attacker."""

    dice: str
    first_team_at_most: int


@frozen
class MatchRules:
    """How a Throwback match ends."""

    target_points: int
    intervals: bool
    time_limit_minutes: int
    coin: CoinRules


@frozen
class PebblemuckRules:
    """The one preparation played on, and its Attribute rows that are rolled again."""

    preparation: str
    rerolled_attributes: tuple[str, ...]


@frozen
class ThrowbackRules:
    """Every number of ``throwback.yaml``; each field is documented in that file."""

    source: str
    format: FormatRules
    points: PointsRules
    ranking_ties: Reading
    bye: ByeRules
    match: MatchRules
    pebblemuck: PebblemuckRules


def load_throwback_rules(path: Path = RULES_FILE) -> ThrowbackRules:
    """Read, validate and structure one Throwback rules file; raise DataError listing every problem."""
    return load_plugin_file(path, SCHEMA_FILE, ThrowbackRules)


def throwback_rules(ruleset: Ruleset) -> ThrowbackRules:
    """The numbers in force in a ruleset with Skurling, as its layers amend them (the rules file ``skurling/throwback``)."""
    return ruleset.rules_model(RULES_ID, ThrowbackRules)
