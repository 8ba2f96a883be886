"""``.. bbcore-modifiers::``: the modifier names a ruleset's effects may give, with the roll each one changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.modifiers import known_modifiers
from bbcore.sphinxext.rst import Rst, escape, literal
from bbcore.sphinxext.selection import Labels, RulesetDirective

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset


class ModifiersDirective(RulesetDirective):
    """A table of every modifier name some rule of the ruleset reads."""

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        out = Rst()
        rows = [(literal(name), escape(reads)) for name, reads in sorted(known_modifiers(ruleset).items())]
        out.list_table(("Modifier", "What it changes"), rows, widths=(1, 3))
        return out
