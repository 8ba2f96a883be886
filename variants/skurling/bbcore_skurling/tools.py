"""A sponsor's tool on the lane: where each one acts, read from its row of the tools table.

A tool is a row of the table ``league.yaml`` names as ``tools_table`` (``skurling/tools``).
A team keeps it as long as its sponsor stays; in a match it may use each tool once,
during one of its own attacks, for one roll. Where a tool acts follows from its row's
effects, so a league that replaces the table with its own tools needs no code:

* a ``throw-team-mate`` modifier: the opening throw (declared with it, like the
  inducements put on before the throw) or a Ding-Dong throw;
* an ``armour`` modifier: one armour roll against the attacker's own Stooge (a Touch's
  face that knocks him down), offered before the dice are rolled while his state can
  still get worse;
* ``rerolls``: a team re-roll for the arc, declared with the opening throw and gone
  when the arc ends;
* a ``catch`` modifier: the Cuddler's catch of the Stooge, offered when the catch comes;
* a ``fan-factor`` modifier: the attacker's total in a landing-event roll-off that counts
  Fan Factor, offered once both totals are known;
* a ``rush`` modifier: a Rush roll of one of the attacker's players that it turns from a
  failure into a pass (a core :class:`~bbcore.rules.rerolls.ExtraBonus`).

A row whose effects name none of these has nowhere to act: the rules-file check
(``bbcore_skurling.rules_references``) reports it. Each use is recorded as a ``tool``
event naming the tool and the moment.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bbcore.errors import UsageError
from bbcore.rules.rerolls import ExtraBonus
from bbcore_skurling.league_rules import league_rules
from bbcore_skurling.prematch import FAN_FACTOR_TEST

if TYPE_CHECKING:
    from bbcore.model.table import Row, Table
    from bbcore.ruleset import Ruleset

#: The event recorded whenever a tool is used.
TOOL_EVENT = "tool"

#: The moments a tool acts at.
BEFORE_THROW = "before-throw"
DING_DONG_THROW = "ding-dong-throw"
CUDDLER_CATCH = "cuddler-catch"
STOOGE_ARMOUR = "stooge-armour"
LANDING_CONTEST = "landing-contest"
RUSH = "rush"

#: The modifier a tool gives to a landing-event roll-off's total: the Fan Factor's.
FAN_FACTOR_MODIFIER = FAN_FACTOR_TEST

#: Where a tool acts, by the modifier its effect gives.
MOMENTS_BY_MODIFIER: dict[str, tuple[str, ...]] = {
    "throw-team-mate": (BEFORE_THROW, DING_DONG_THROW),
    "armour": (STOOGE_ARMOUR,),
    "catch": (CUDDLER_CATCH,),
    FAN_FACTOR_MODIFIER: (LANDING_CONTEST,),
    RUSH: (RUSH,),
}


def tools_table(ruleset: Ruleset) -> Table:
    """The table of tools a sponsor gives (``league.yaml``'s ``tools_table``)."""
    return ruleset.table(league_rules(ruleset).league.sponsorship.tools_table)


def tool(ruleset: Ruleset, tool_id: str) -> Row:
    """One tool, by its row id."""
    table = tools_table(ruleset)
    found = next((row for row in table.rows if row.id == tool_id), None)
    if found is None:
        raise UsageError(f"unknown tool {tool_id!r}; the tools of {table.id} are {', '.join(row.id for row in table.rows)}")
    return found


def tool_moments(row: Row) -> tuple[str, ...]:
    """The moments a tool acts at, in the order its effects give them."""
    moments: list[str] = []
    for effect in row.effects:
        found = (BEFORE_THROW,) if effect.rerolls else MOMENTS_BY_MODIFIER.get(effect.modifier or "", ())
        moments.extend(moment for moment in found if moment not in moments)
    return tuple(moments)


def tools_at(ruleset: Ruleset, held: Iterable[str], moment: str) -> list[str]:
    """The tools among ``held`` that act at ``moment``, in the order held."""
    return [tool_id for tool_id in held if moment in tool_moments(tool(ruleset, tool_id))]


def tool_bonus(ruleset: Ruleset, tool_id: str, modifier: str) -> int:
    """What a tool adds to rolls of ``modifier``'s kind."""
    return sum(effect.by or 0 for effect in tool(ruleset, tool_id).effects if effect.modifier == modifier)


def tool_rerolls(ruleset: Ruleset, tool_id: str) -> int:
    """The team re-rolls a tool gives for one arc."""
    return sum(effect.rerolls or 0 for effect in tool(ruleset, tool_id).effects)


def rush_bonuses(ruleset: Ruleset, held: Iterable[str]) -> tuple[ExtraBonus, ...]:
    """The held tools that help a Rush, as the core's one-use bonuses."""
    return tuple(ExtraBonus(tool_id, frozenset({RUSH}), tool_bonus(ruleset, tool_id, RUSH)) for tool_id in tools_at(ruleset, held, RUSH))


def check_tools(ruleset: Ruleset, held: Iterable[str], owner: str) -> None:
    """Raise ``UsageError`` naming every tool of ``held`` that the tools table does not have."""
    known = {row.id for row in tools_table(ruleset).rows}
    unknown = sorted(set(held) - known)
    if unknown:
        raise UsageError(f"{owner}: unknown tool(s) {', '.join(unknown)}; the tools are {', '.join(sorted(known))}")


__all__ = [
    "BEFORE_THROW",
    "CUDDLER_CATCH",
    "DING_DONG_THROW",
    "FAN_FACTOR_MODIFIER",
    "LANDING_CONTEST",
    "MOMENTS_BY_MODIFIER",
    "RUSH",
    "STOOGE_ARMOUR",
    "TOOL_EVENT",
    "check_tools",
    "rush_bonuses",
    "tool",
    "tool_bonus",
    "tool_moments",
    "tool_rerolls",
    "tools_at",
    "tools_table",
]
