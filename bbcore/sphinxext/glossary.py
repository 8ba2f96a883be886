"""``.. bbcore-glossary::``: leagues and team special rules, with the rosters that have them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.sphinxext.rst import Rst, literal
from bbcore.sphinxext.selection import Labels, RulesetDirective
from bbcore.sphinxext.words import linked_text, roster_link

if TYPE_CHECKING:
    from collections.abc import Iterable

    from bbcore.model.glossary import GlossaryEntry
    from bbcore.ruleset import Ruleset


def _entry_rst(ruleset: Ruleset, labels: Labels, kind: str, entry: GlossaryEntry, members: Iterable[str], member_label: str) -> Rst:
    out = Rst()
    out.label(labels(kind, entry.id))
    out.heading(entry.name, 1)
    out.fields([("Id", literal(entry.id))])
    out.paragraph(linked_text(ruleset, labels, entry.text))
    out.fields([(member_label, ", ".join(members))])
    return out


class GlossaryDirective(RulesetDirective):
    """Two sections, leagues then special rules; each entry lists the rosters that name it."""

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        rosters = sorted(ruleset.rosters.values(), key=lambda r: r.name)
        out = Rst()
        out.label(labels("glossary-leagues"))
        out.heading("Leagues", 0)
        for entry in sorted(ruleset.leagues.values(), key=lambda e: e.name):
            members = [roster_link(ruleset, labels, r.id) for r in rosters if entry.id in r.leagues]
            out.extend(_entry_rst(ruleset, labels, "league", entry, members, "Rosters"))
        out.label(labels("glossary-special-rules"))
        out.heading("Special rules", 0)
        for entry in sorted(ruleset.special_rules.values(), key=lambda e: e.name):
            members = [roster_link(ruleset, labels, r.id) for r in rosters if any(entry.id in rule.rule_ids for rule in r.special_rules)]
            out.extend(_entry_rst(ruleset, labels, "special-rule", entry, members, "Rosters"))
        return out
