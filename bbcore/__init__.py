"""bbcore: the rules of Blood Bowl and its variants as data.

The public API::

    import bbcore
    rules = bbcore.load_ruleset()                     # Blood Bowl 2025
    rules.table("weather"), rules.position("human/ogre")
    bbcore.roll_on_table(rules.table("weather"), bbcore.SeededDice(1))
"""

from __future__ import annotations

from bbcore.dice import (
    DiceScriptError,
    DiceSource,
    ScriptedDice,
    SeededDice,
    TableRoll,
    exact_outcomes,
    roll_on_table,
    table_odds,
)
from bbcore.errors import BBCoreError, DataError, Location, PluginError, Problem, UsageError
from bbcore.hookspecs import hookimpl
from bbcore.ruleset import Ruleset, build_ruleset, clear_cache, load_ruleset
from bbcore.teams import TeamReport, check_team, load_team_file, value_team

__version__ = "0.1.0"


__all__ = [
    "BBCoreError",
    "DataError",
    "DiceScriptError",
    "DiceSource",
    "Location",
    "PluginError",
    "Problem",
    "Ruleset",
    "ScriptedDice",
    "SeededDice",
    "TableRoll",
    "TeamReport",
    "UsageError",
    "__version__",
    "build_ruleset",
    "check_team",
    "clear_cache",
    "exact_outcomes",
    "hookimpl",
    "load_ruleset",
    "load_team_file",
    "roll_on_table",
    "table_odds",
    "value_team",
]
