"""``.. bbcore-team-checks::``: the checks a team file must pass in a ruleset, by id, each with what it asks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.sphinxext.rst import Rst, escape, literal
from bbcore.sphinxext.selection import Labels, RulesetDirective
from bbcore.teams.checks import STAGES, TeamCheck, active_checks

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset


class TeamChecksDirective(RulesetDirective):
    """A table of the team checks in force: those of the core and of the plugins, after any replacement."""

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        out = Rst()
        rows = [(literal(check.id), _when(check), escape(check.description or "")) for check in active_checks(ruleset)]
        out.list_table(("Check", "When", "What it asks"), rows, widths=(2, 1, 5))
        return out


def _when(check: TeamCheck) -> str:
    """The stages a check runs at, in words: a new team's draft, league play, or always."""
    if set(STAGES) <= check.stages:
        return "always"
    return ", ".join(stage for stage in STAGES if stage in check.stages)
