"""The Skurling plugin: hook implementations only.

The hooks live in modules by subject and are re-exported here, so that the entry point
registers one plugin: :mod:`bbcore_skurling.building_hooks` (team building, Team Value,
the ruleset options' consistency) and :mod:`bbcore_skurling.match_hooks` (what the core
procedures ask while an arc is played: helmets on armour rolls, the Stooge at the
edge of the lane, ...), and :mod:`bbcore_skurling.simulation_hooks` (the simulator behind
``bbcore simulate`` and ``bbcore balance``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bbcore import hookimpl
from bbcore_skurling import arc_rules, building_rules, headliners, landing_rules, league_rules, sidelines, throwback_rules
from bbcore_skurling.building_hooks import *  # noqa: F403 - the hook implementations, registered with this module
from bbcore_skurling.match_hooks import *  # noqa: F403
from bbcore_skurling.simulation_hooks import *  # noqa: F403

if TYPE_CHECKING:
    from bbcore.registry import DataRegistrar, OptionRegistrar

DATA_DIR = Path(__file__).parent / "data"
#: Skurling's own files of numbers (``data/rules``): each one a rules file a league's ``amendments.yaml`` may change.
RULES_FILES = (
    (arc_rules.RULES_ID, arc_rules.RULES_FILE, arc_rules.SCHEMA_FILE, arc_rules.ArcRules, "The numbers of an arc and a match."),
    (
        landing_rules.RULES_ID,
        landing_rules.RULES_FILE,
        landing_rules.SCHEMA_FILE,
        landing_rules.LandingRules,
        "How each landing event is resolved.",
    ),
    (
        throwback_rules.RULES_ID,
        throwback_rules.RULES_FILE,
        throwback_rules.SCHEMA_FILE,
        throwback_rules.ThrowbackRules,
        "Throwback Nights: the tournament's format and points, and its matches.",
    ),
    (
        league_rules.RULES_ID,
        league_rules.RULES_FILE,
        league_rules.SCHEMA_FILE,
        league_rules.SkurlingLeagueRules,
        "The pre-match sequence's and league play's numbers.",
    ),
    (
        building_rules.RULES_ID,
        building_rules.RULES_FILE,
        building_rules.SCHEMA_FILE,
        building_rules.BuildingRules,
        "Team building: roles, budgets, banned positions and league starts.",
    ),
    (
        sidelines.RULES_ID,
        sidelines.SIDELINES_FILE,
        sidelines.SCHEMA_FILE,
        sidelines.SidelineList,
        "The sidelines a team may hire: prices and effects (provisional).",
    ),
    (
        headliners.RULES_ID,
        headliners.HEADLINERS_FILE,
        headliners.SCHEMA_FILE,
        headliners.HeadlinerFile,
        "The Headliners a sponsor may lend, and the Team Value they add (provisional profiles).",
    ),
)


@hookimpl
def bbcore_register_data(register: DataRegistrar) -> None:
    register.variant("skurling", DATA_DIR, "Skurling: five-a-side on the wide zones; the Stooge is the ball.")
    for rules_id, path, schema, model, description in RULES_FILES:
        register.rules_file(rules_id, path, schema, model, description)


@hookimpl
def bbcore_register_options(register: OptionRegistrar) -> None:
    register.option(
        "match",
        ("one-off", "first-match", "league", "throwback"),
        "one-off",
        "one-off: a friendly match with every basic rule; first-match: the short first game (no Pebblemuck, weather, fans, "
        "landing events, inducements or sidelines); league: league play; throwback: a Throwback Night tournament match.",
    )
    register.option("helmets", ("off", "on"), "off", "The Stooge helmets extra rule (never at Throwback Nights).")
    register.option(
        "season",
        ("none", "spring", "summer", "autumn", "winter"),
        "none",
        "Seasonal weather (extra rule): that season's table replaces the standard Weather table. Not with a ground.",
    )
    register.option(
        "ground",
        ("none", "loch", "moor"),
        "none",
        "Ground weather (extra rule): that ground's table replaces the standard Weather table. Not with a season.",
    )
