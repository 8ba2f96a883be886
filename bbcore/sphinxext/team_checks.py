"""``.. bbcore-team-checks::``: the checks a team file must pass in a ruleset, by id, each with what it asks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.sphinxext.rst import Rst, escape, literal
from bbcore.sphinxext.selection import Labels, RulesetDirective
from bbcore.teams.checks import active_checks

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset


class TeamChecksDirective(RulesetDirective):
    """A table of the team checks in force: those of the core and of the plugins, after any replacement."""

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        out = Rst()
        rows = [(literal(check.id), escape(check.description or "")) for check in active_checks(ruleset)]
        out.list_table(("Check", "What it asks"), rows, widths=(1, 3))
        return out
