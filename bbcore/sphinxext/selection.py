"""The base of every bbcore directive: choose a ruleset, name its labels, parse generated markup.

``:variant:``, ``:pack:`` (comma-separated) and ``:option:`` (comma-separated
``key=value``) select the ruleset exactly as the CLI's ``--variant``, ``--pack``
and ``--option`` do. Labels get a prefix naming that selection, so the same
directive can render the core and each variant on different pages without two
pages defining ``table-weather``.

A link made under a selection goes to that selection's entry when the site has
one, else to the entry of a selection that loads the same ruleset (its defaults
spelled out), else to the nearest broader one: without the options, without the
packs, the core. So a variant's pages need to render only what the variant adds,
and its Bone Head links to the core's skills page. A fallback written
``*<prefix>|<rest>`` takes any label that starts with the prefix and ends with the
rest: the overview directives use it to reach an entry the site shows only under
one of a variant's options.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from attrs import frozen
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.addnodes import pending_xref
from sphinx.util.docutils import SphinxDirective
from sphinx.util.parsing import nested_parse_to_nodes

import bbcore
from bbcore.errors import BBCoreError
from bbcore.plugins import default_host

if TYPE_CHECKING:
    from docutils.nodes import Element, Node, reference
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

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


def _prefix(variant: str | None, packs: tuple[str, ...], options: Mapping[str, str]) -> str:
    parts = [*([variant] if variant else []), *packs, *(f"{k}-{v}" for k, v in sorted(options.items()))]
    return "".join(f"{part}-" for part in parts)


@frozen
class Labels:
    """Label names for one ruleset selection: ``table-weather``, or ``myvariant-table-weather`` under a variant.

    ``fallbacks`` are the prefixes a link tries, in order, when the site has no
    entry under ``prefix`` (see :func:`resolve_to_a_broader_selection`).
    """

    prefix: str = ""
    fallbacks: tuple[str, ...] = ()

    @classmethod
    def for_selection(
        cls,
        variant: str | None,
        packs: tuple[str, ...],
        options: Mapping[str, str],
        resolved: Mapping[str, str] | None = None,
    ) -> Labels:
        """The labels of a selection; ``resolved`` are its options with the defaults filled in."""
        defaults = sorted((k, v) for k, v in (resolved or {}).items() if k not in options)
        # The same ruleset, spelled with some of its default options: fewest first.
        same = [
            _prefix(variant, packs, {**options, **dict(chosen)})
            for n in range(1, len(defaults) + 1)
            for chosen in combinations(defaults, n)
        ]
        broader = [_prefix(variant, packs, {}), _prefix(variant, (), {}), ""]
        prefix = _prefix(variant, packs, options)
        return cls(prefix, tuple(dict.fromkeys(p for p in [*same, *broader] if p != prefix)))

    def __call__(self, kind: str, *ids: str) -> str:
        # Scoped ids (myvariant/wet-weather) keep their scope, with the slash made label-safe.
        return self.prefix + "-".join((kind, *ids)).replace("/", "-").lower()

    def fallbacks_for(self, label: str) -> list[str]:
        """The labels a link to ``label`` (one of this selection's) tries when the site lacks it."""
        if not self.prefix or not label.startswith(self.prefix):
            return []
        rest = label[len(self.prefix) :]
        return [fallback + rest for fallback in self.fallbacks]


def resolve_to_a_broader_selection(app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Element) -> reference | None:
    """``missing-reference``: send a bbcore link with no entry under its selection to the first fallback the site has."""
    fallbacks = node.get("bbcore_fallbacks")
    if not fallbacks:
        return None
    std = env.get_domain("std")
    for fallback in fallbacks:
        target = fallback
        if fallback.startswith("*"):
            # "*<prefix>|<rest>": an entry of the same selection under any of its options.
            prefix, _, rest = fallback[1:].partition("|")
            labels = sorted(std.anonlabels)  # type: ignore[attr-defined]
            target = next((label for label in labels if label.startswith(prefix) and label.endswith(rest)), "")
        if target in std.anonlabels:  # type: ignore[attr-defined]
            found: reference | None = std.resolve_xref(env, node["refdoc"], app.builder, "ref", target, node, contnode)
            return found
    return None


class RulesetDirective(SphinxDirective):
    """A directive that renders part of a ruleset; subclasses implement :meth:`render`."""

    option_spec: ClassVar[dict[str, object]] = {
        "variant": directives.unchanged,
        "pack": _packs,
        "option": _options,
    }
    #: For directives that list entities: ``:own:`` keeps only those the variant or a pack defines.
    OWN: ClassVar[dict[str, object]] = {"own": directives.flag}

    def ruleset(self) -> Ruleset:
        # load_ruleset caches per process, so every directive on every page shares one build.
        try:
            return bbcore.load_ruleset(self.options.get("variant") or None, self.options.get("pack", ()), self.options.get("option", {}))
        except BBCoreError as error:
            raise self.error(f"{self.name}: cannot load the ruleset: {error}") from None

    def labels(self, ruleset: Ruleset) -> Labels:
        return Labels.for_selection(
            self.options.get("variant") or None, self.options.get("pack", ()), self.options.get("option", {}), ruleset.options
        )

    def own(self, ruleset: Ruleset, kind: str, entity_id: str) -> bool:
        """Whether to show an entity: always, or under ``:own:`` only if the variant or a pack defines it."""
        if "own" not in self.options:
            return True
        origin = ruleset.origins.get((kind, entity_id))
        return origin is not None and origin.layer > 0

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        raise NotImplementedError

    def run(self) -> list[Node]:
        ruleset = self.ruleset()
        self._note_data_files(ruleset)
        labels = self.labels(ruleset)
        markup = self.render(ruleset, labels)
        source = f"<{self.name} in {self.env.docname}>"
        parsed = nested_parse_to_nodes(self.state, StringList(markup.lines, source=source), source=source, allow_section_headings=True)
        for tree in parsed:
            for xref in tree.findall(pending_xref):
                if xref.get("refdomain") == "std" and xref.get("reftype") == "ref":
                    xref["bbcore_fallbacks"] = labels.fallbacks_for(xref["reftarget"])
        return parsed

    def _note_data_files(self, ruleset: Ruleset) -> None:
        """Rebuild the page when a data file it renders from changes.

        That is every file an entity came from, and every file in the data folders of
        the core, the variant and the packs (parameters, sequences, rules files).
        """
        files = {Path(origin.document.file) for origin in ruleset.origins.values()}
        host = default_host()
        sources = [host.core_source()]
        if ruleset.variant is not None and ruleset.variant in host.variants():
            sources.append(host.variants()[ruleset.variant])
        sources += [host.packs()[pack] for pack in ruleset.packs if pack in host.packs()]
        for source in sources:
            files.update(path for path in Path(source.data_dir).rglob("*") if path.suffix in {".yaml", ".yml", ".json"})
        for path in sorted({file.resolve() for file in files}):
            if path.is_file():
                self.env.note_dependency(str(path))
