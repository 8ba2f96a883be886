"""The base of every bbcore directive: choose a ruleset, name its labels, parse generated markup.

``:variant:``, ``:pack:`` (comma-separated) and ``:option:`` (comma-separated
``key=value``) select the ruleset exactly as the CLI's ``--variant``, ``--pack``
and ``--option`` do. Labels get a prefix naming that selection, so the same
directive can render the core and each variant on different pages without two
pages defining ``table-weather``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from attrs import frozen
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.parsing import nested_parse_to_nodes

import bbcore
from bbcore.errors import BBCoreError

if TYPE_CHECKING:
    from docutils.nodes import Node

    from bbcore.ruleset import Ruleset
    from bbcore.sphinxext.rst import Rst


def _packs(argument: str | None) -> tuple[str, ...]:
    return tuple(p.strip() for p in (argument or "").split(",") if p.strip())


def _options(argument: str | None) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in (argument or "").split(","):
        if not pair.strip():
            continue
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ValueError(f"expected key=value, got {pair.strip()!r}")
        options[key.strip()] = value.strip()
    return options


@frozen
class Labels:
    """Label names for one ruleset selection: ``table-weather``, or ``myvariant-table-weather`` under a variant."""

    prefix: str = ""

    @classmethod
    def for_selection(cls, variant: str | None, packs: tuple[str, ...], options: Mapping[str, str]) -> Labels:
        parts = [*([variant] if variant else []), *packs, *(f"{k}-{v}" for k, v in sorted(options.items()))]
        return cls("".join(f"{part}-" for part in parts))

    def __call__(self, kind: str, *ids: str) -> str:
        # Scoped ids (myvariant/wet-weather) keep their scope, with the slash made label-safe.
        return self.prefix + "-".join((kind, *ids)).replace("/", "-").lower()


class RulesetDirective(SphinxDirective):
    """A directive that renders part of a ruleset; subclasses implement :meth:`render`."""

    option_spec: ClassVar[dict[str, object]] = {
        "variant": directives.unchanged,
        "pack": _packs,
        "option": _options,
    }

    def ruleset(self) -> Ruleset:
        # load_ruleset caches per process, so every directive on every page shares one build.
        try:
            return bbcore.load_ruleset(self.options.get("variant") or None, self.options.get("pack", ()), self.options.get("option", {}))
        except BBCoreError as error:
            raise self.error(f"{self.name}: cannot load the ruleset: {error}") from None

    def labels(self) -> Labels:
        return Labels.for_selection(self.options.get("variant") or None, self.options.get("pack", ()), self.options.get("option", {}))

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        raise NotImplementedError

    def run(self) -> list[Node]:
        ruleset = self.ruleset()
        self._note_data_files(ruleset)
        markup = self.render(ruleset, self.labels())
        source = f"<{self.name} in {self.env.docname}>"
        return nested_parse_to_nodes(self.state, StringList(markup.lines, source=source), source=source, allow_section_headings=True)

    def _note_data_files(self, ruleset: Ruleset) -> None:
        """Rebuild the page when a data file it renders from changes."""
        for file in sorted({origin.document.file for origin in ruleset.origins.values()}):
            path = Path(file).resolve()
            if path.is_file():
                self.env.note_dependency(str(path))
