"""What Skurling's rules files name that only the ruleset knows: checked each time a ruleset with Skurling is built.

A schema sees one file; the tables, skills, roles and rows a file names live elsewhere.
:func:`rules_file_problems` reports each one missing at its place in the file (through
the core's ``bbcore_rules_file_problems``), so a league whose amendment names a table or
a skill that does not exist is told where, instead of the match going wrong later.
The inducements the arc file names are checked when no pack is chosen: a pack replaces
Skurling's list, and with it those names. The landing file's rows are checked only
where an amendment wrote them: a league that replaces the landing events table keeps the
entries of the rows it still has and the others go unused, but an entry it writes for a
row its table lacks is a mistake. Every row of the tools table must act somewhere in a match
(:mod:`bbcore_skurling.tools`): a tool whose effects no moment reads would do nothing. A
sideline's ``tests`` must be rolls the rules make (``bbcore.rules.rerolls.roll_names``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bbcore.rules.rerolls import roll_names
from bbcore.rules_files import RulesFileProblem
from bbcore_skurling import arc_rules, building_rules, headliners, landing_rules, league_rules, sidelines, tools

if TYPE_CHECKING:
    from bbcore.errors import JsonPath
    from bbcore.ruleset import Ruleset


def _missing_tables(ruleset: Ruleset, rules_id: str, named: Iterable[tuple[JsonPath, str]]) -> list[RulesFileProblem]:
    return [RulesFileProblem(rules_id, path, f"no table {table_id!r}") for path, table_id in named if table_id not in ruleset.tables]


def _arc_problems(ruleset: Ruleset) -> list[RulesFileProblem]:
    rules = arc_rules.arc_rules(ruleset)
    problems = _missing_tables(ruleset, arc_rules.RULES_ID, [(("helmets", "table"), rules.helmets.table)])
    states = [state.id for state in rules.states]
    if rules.second_hit_state not in states:
        message = f"no Stooge state {rules.second_hit_state!r}; the states are {', '.join(states)}"
        problems.append(RulesFileProblem(arc_rules.RULES_ID, ("second_hit_state",), message))
    if not ruleset.packs:
        uses = rules.inducements
        named: list[tuple[JsonPath, str]] = [(("inducements", "before_throw", i), held) for i, held in enumerate(uses.before_throw)]
        named += [
            (("inducements", "armour_save", "id"), uses.armour_save.id),
            (("inducements", "extra_slide", "id"), uses.extra_slide.id),
            (("inducements", "touch_reroll"), uses.touch_reroll),
            (("inducements", "cuddler_catch"), uses.cuddler_catch),
            (("inducements", "ding_dong_throw"), uses.ding_dong_throw),
        ]
        problems += [
            RulesFileProblem(arc_rules.RULES_ID, path, f"no inducement {held!r}") for path, held in named if held not in ruleset.inducements
        ]
    return problems


def _building_problems(ruleset: Ruleset) -> list[RulesFileProblem]:
    rules = building_rules.building_rules(ruleset)
    rules_id = building_rules.RULES_ID
    skills: list[tuple[JsonPath, str]] = [(("stooge_skill",), rules.stooge_skill), (("thrower_skill",), rules.thrower_skill)]
    skills += [(("banned_skills", i), skill) for i, skill in enumerate(rules.banned_skills)]
    skills += [(("never_cuddler_skills", i), skill) for i, skill in enumerate(rules.never_cuddler_skills)]
    problems = [
        RulesFileProblem(rules_id, path, f"unknown skill or trait {skill!r}") for path, skill in skills if skill not in ruleset.skills
    ]
    roles = [role.id for role in rules.roles]
    for key in ("stooge_role", "thrower_role", "cuddler_role", "reroll_price_role"):
        role = getattr(rules, key)
        if role not in roles:
            problems.append(RulesFileProblem(rules_id, (key,), f"no role {role!r}; the roles are {', '.join(roles)}"))
    return problems


def _league_problems(ruleset: Ruleset) -> list[RulesFileProblem]:
    rules = league_rules.league_rules(ruleset)
    sponsorship = rules.league.sponsorship
    named: list[tuple[JsonPath, str]] = [
        (("prematch", "pebblemuck_table"), rules.prematch.pebblemuck_table),
        (("league", "sponsorship", "offer_table"), sponsorship.offer_table),
        (("league", "sponsorship", "tools_table"), sponsorship.tools_table),
    ]
    problems = _missing_tables(ruleset, league_rules.RULES_ID, named)
    if sponsorship.tools_table in ruleset.tables:
        idle = [row.id for row in ruleset.table(sponsorship.tools_table).rows if not tools.tool_moments(row)]
        if idle:
            readable = ", ".join(sorted(tools.MOMENTS_BY_MODIFIER))
            message = (
                f"the tools table {sponsorship.tools_table!r} has rows a match never uses: {', '.join(idle)} "
                f"(a tool needs a re-roll or a modifier of {readable})"
            )
            problems.append(RulesFileProblem(league_rules.RULES_ID, ("league", "sponsorship", "tools_table"), message))
    return problems


def _landing_problems(ruleset: Ruleset) -> list[RulesFileProblem]:
    table = ruleset.table("landing-events")
    rows = {row.id for row in table.rows}
    return [
        RulesFileProblem(
            landing_rules.RULES_ID,
            ("events", i, "row"),
            f"the landing events table {table.id!r} has no row {rule.row!r}",
            amended_only=True,
        )
        for i, rule in enumerate(landing_rules.landing_rules(ruleset).events)
        if rule.row not in rows
    ]


def _sideline_problems(ruleset: Ruleset) -> list[RulesFileProblem]:
    """A sideline's ``tests`` must name rolls the rules make, or its re-roll would never be offered."""
    known = roll_names(ruleset)
    rolls = ", ".join(sorted(known))
    return [
        RulesFileProblem(sidelines.RULES_ID, ("sidelines", i, "tests", j), f"no roll is named {test!r}; the rolls: {rolls}")
        for i, entry in enumerate(sidelines.sideline_list(ruleset).sidelines)
        for j, test in enumerate(entry.tests)
        if test not in known
    ]


def rules_file_problems(ruleset: Ruleset) -> list[RulesFileProblem]:
    """Every name in Skurling's rules files that the ruleset does not have, each at its place."""
    return [
        *_arc_problems(ruleset),
        *_building_problems(ruleset),
        *_league_problems(ruleset),
        *_landing_problems(ruleset),
        *_sideline_problems(ruleset),
        *headliners.reference_problems(ruleset),
    ]
