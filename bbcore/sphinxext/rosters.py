"""``.. bbcore-rosters::``: every roster with its team details and a table of positions."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from bbcore.render.text import either, money, target
from bbcore.sphinxext.rst import NONE, Rst, escape, literal, ref
from bbcore.sphinxext.selection import Labels, RulesetDirective
from bbcore.sphinxext.words import category_name, league_link, skill_link, special_rule_link, yes_no

if TYPE_CHECKING:
    from bbcore.model.roster import Position, Roster, RosterRule
    from bbcore.ruleset import Ruleset

POSITION_HEADER = ("Qty", "Position", "Cost", "MA", "ST", "AG", "PA", "AV", "Skills and traits", "Keywords", "Primary", "Secondary")


def _rule_words(ruleset: Ruleset, labels: Labels, rule: RosterRule) -> str:
    if rule.choose:
        return "one of " + either([special_rule_link(ruleset, labels, r) for r in rule.choose])
    words = special_rule_link(ruleset, labels, rule.rule or "")
    if rule.league is not None:
        words += f" (when playing in the {league_link(ruleset, labels, rule.league)})"
    return words


def _categories(ruleset: Ruleset, labels: Labels, categories: tuple[str, ...]) -> str:
    known = {skill.category for skill in ruleset.skills.values()}
    return ", ".join(ref(category_name(c), labels("skill-category", c)) if c in known else escape(category_name(c)) for c in categories)


def position_row(ruleset: Ruleset, labels: Labels, roster: Roster, position: Position) -> list[str]:
    # The position's own label sits in its name cell, so other pages can link to one position.
    name_cell = f".. _{labels('position', roster.id, position.id)}:\n\n{escape(position.name)}"
    return [
        f"{position.min}-{position.max}",
        name_cell,
        money(position.cost),
        str(position.ma),
        str(position.st),
        target(position.ag),
        escape(target(position.pa)),
        target(position.av),
        ", ".join(skill_link(ruleset, labels, s) for s in position.skills) or NONE,
        escape(", ".join(position.keywords)) or NONE,
        _categories(ruleset, labels, position.primary) or NONE,
        _categories(ruleset, labels, position.secondary) or NONE,
    ]


def roster_rst(ruleset: Ruleset, labels: Labels, roster: Roster, level: int = 0) -> Rst:
    out = Rst()
    out.label(labels("roster", roster.id))
    out.heading(roster.name, level)
    names = {p.id: p.name for p in roster.positions}
    limits = [
        f"at most {limit.max} of "
        + either([escape(names.get(p, p)) for p in limit.positions], "and")
        + (f" ({escape(limit.text)})" if limit.text else "")
        for limit in roster.position_limits
    ]
    out.fields(
        [
            ("Id", literal(roster.id)),
            ("Tier", str(roster.tier)),
            ("Leagues", ", ".join(league_link(ruleset, labels, l) for l in roster.leagues) or "none"),
            ("Special rules", "; ".join(_rule_words(ruleset, labels, r) for r in roster.special_rules) or "none"),
            ("Team re-rolls", f"{money(roster.reroll_cost)} each"),
            ("Apothecary", yes_no(roster.apothecary)),
            ("Shared limits", "; ".join(limits)),
            ("Source", escape(roster.source)),
        ]
    )
    if roster.provisional:
        out.admonition("Provisional", [escape(roster.note or "This roster is not settled yet.")])
    elif roster.note:
        out.admonition("Note", [escape(roster.note)], "note")
    out.list_table(
        POSITION_HEADER,
        (position_row(ruleset, labels, roster, p) for p in roster.positions),
        css_class="bbcore-positions",
    )
    return out


class RostersDirective(RulesetDirective):
    """Every roster of the ruleset (``:own:``: of its variant and packs), in name order, as a section."""

    option_spec: ClassVar[dict[str, object]] = {**RulesetDirective.option_spec, **RulesetDirective.OWN}

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        out = Rst()
        for roster in sorted(ruleset.rosters.values(), key=lambda r: r.name):
            if self.own(ruleset, "roster", roster.id):
                out.extend(roster_rst(ruleset, labels, roster))
        return out
