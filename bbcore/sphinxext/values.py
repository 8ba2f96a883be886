"""Roles that show one number of the data in running text, so a page never types a rule's number.

``:bbcore-number:``, ``:bbcore-money:``, ``:bbcore-value:`` and ``:bbcore-modifier:`` take
``[VARIANT:]PATH``: the ruleset of ``VARIANT`` (the core without one), and a dotted path
that starts with ``parameters`` (the resolved game parameters) or ``pitch`` (the pitch in
use) and walks on: ``:bbcore-number:`myvariant:parameters.players_on_pitch```,
``:bbcore-number:`pitch.half_length```. A part names a field (or a property, such as the
pitch's ``centre_width``), a key of a mapping, or in a list the item whose ``id`` it is
(or, if it is a number, the item at that index).

A path that leads nowhere, or to a value of the wrong kind, is reported as an ERROR at
the page and line, naming the path, the part that was not found and what there is; the
build fails (at once with ``-W``, with a failing exit status otherwise). The role notes
the data files of the core and the variant as dependencies of the page.

A plugin's own extension can reuse :class:`DataValueRole`, :func:`walk` and the
formatters (``SHOW``) for roles into its own data files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
from docutils import nodes
from sphinx.util.docutils import SphinxRole

import bbcore
from bbcore.errors import BBCoreError
from bbcore.plugins import default_host
from bbcore.render.text import money

if TYPE_CHECKING:
    from sphinx.application import Sphinx

#: What went wrong in this build: a page named data that is not there. Reported where it
#: happened (an ERROR, which ``-W`` turns into a failure at once) and, at the end of a build
#: without ``-W``, turned into a failing exit status.
FAILURES: list[str] = []


# -- walking a path ------------------------------------------------------------------------


def _names(node: Any) -> list[str]:
    """The parts a path may take next from an attrs instance: its fields, then its public properties."""
    cls = type(node)
    fields = [field.name for field in attrs.fields(cls)]
    properties = [name for name in dir(cls) if not name.startswith("_") and isinstance(getattr(cls, name, None), property)]
    return fields + [name for name in properties if name not in fields]


def _id(item: Any) -> Any:
    if isinstance(item, Mapping):
        return item.get("id")
    return getattr(item, "id", None)


def keys_of(node: Any) -> str:
    """What a path may take next at ``node``, for the message when a part is not there."""
    if attrs.has(type(node)):
        return ", ".join(_names(node)) or "none"
    if isinstance(node, Mapping):
        return ", ".join(str(key) for key in node) or "none"
    if isinstance(node, list | tuple):
        ids = [str(_id(item)) for item in node if _id(item) is not None]
        return ", ".join(ids) if ids else f"indexes 0-{len(node) - 1}"
    return f"none: it is the value {node!r}"


def step(node: Any, part: str) -> Any:
    """One part of a path; a :class:`KeyError` when it is not there."""
    if attrs.has(type(node)) and part in _names(node):
        return getattr(node, part)
    if isinstance(node, Mapping) and part in node:
        return node[part]
    if isinstance(node, list | tuple):
        for item in node:
            if _id(item) == part:
                return item
        if part.isdigit() and int(part) < len(node):
            return node[int(part)]
    raise KeyError(part)


def walk(node: Any, name: str, parts: Iterable[str]) -> Any:
    """The value at ``parts`` below ``node`` (called ``name``); the :class:`KeyError` says what is missing and what exists."""
    walked = [name]
    for part in parts:
        try:
            node = step(node, part)
        except KeyError:
            raise KeyError(f"{'.'.join(walked)} has no {part!r}; it has: {keys_of(node)}") from None
        walked.append(part)
    return node


# -- showing a value -----------------------------------------------------------------------


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"is not {what}")
    return value


def as_number(value: Any) -> str:
    """A whole number: ``1,000``."""
    return f"{_whole(value, 'a whole number'):,}"


def as_money(value: Any) -> str:
    """Gold as the site shows it: ``750K``."""
    return money(_whole(value, "an amount of gold"))


def as_value(value: Any) -> str:
    """A number or a word as written: ``D6``."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError("is neither a number nor a word")
    return str(value)


def as_modifier(value: Any) -> str:
    """A modifier with its sign: ``+1``, ``-1``."""
    return f"{_whole(value, 'a whole number'):+d}"


def as_range(value: Any) -> str:
    """A span of die results: a table row's ``min``-``max`` (``2-3``, ``1``), or ``1``-N for an "at most N" number."""
    low: Any
    if isinstance(value, int) and not isinstance(value, bool):
        low, high = 1, value
    else:
        try:
            low, high = step(value, "min"), step(value, "max")
        except KeyError:
            raise TypeError("is neither a number nor something with a min and a max") from None
    low, high = _whole(low, "a range: its min is not a number"), _whole(high, "a range: its max is not a number")
    return str(low) if low == high else f"{low}-{high}"


_TIMES = {1: "once", 2: "twice"}


def as_times(value: Any) -> str:
    """How many times, in words: ``once``, ``twice``, ``3 times``."""
    count = _whole(value, "a whole number")
    return _TIMES.get(count, f"{count:,} times")


def as_count(value: Any) -> str:
    """How many items a list holds: a barricade's ``edges`` (``3``)."""
    if not isinstance(value, list | tuple):
        raise TypeError("is not a list")
    return f"{len(value):,}"


#: The formatters by the suffix of a role's name (``bbcore-number``, ``myvariant-range``...).
SHOW: dict[str, Callable[[Any], str]] = {
    "number": as_number,
    "money": as_money,
    "value": as_value,
    "modifier": as_modifier,
    "range": as_range,
    "times": as_times,
    "count": as_count,
}


# -- the role --------------------------------------------------------------------------------


class DataValueRole(SphinxRole):
    """Shows the value ``resolve`` finds for the role's text, formatted by ``show``; a bad path stops the build.

    ``resolve`` returns the value and the files it was read from (noted as dependencies
    of the page), or raises :class:`KeyError` with a message saying what is missing.
    """

    def __init__(self, resolve: Callable[[str], tuple[Any, Iterable[Path]]], show: Callable[[Any], str], css_class: str) -> None:
        self.resolve = resolve
        self.show = show
        self.css_class = css_class

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        try:
            value, files = self.resolve(self.text)
        except KeyError as error:
            return self._fail(str(error.args[0]))
        except BBCoreError as error:
            return self._fail(f"cannot load the data: {error}")
        for file in files:
            self.env.note_dependency(str(file))
        try:
            shown = self.show(value)
        except TypeError as error:
            return self._fail(f"the value there ({value!r}) {error}")
        return [nodes.inline(self.rawtext, shown, classes=[self.css_class])], []

    def _fail(self, why: str) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        FAILURES.append(f":{self.name}:`{self.text}`: {why}")
        message = self.inliner.reporter.error(FAILURES[-1], line=self.lineno)
        return [self.inliner.problematic(self.rawtext, self.rawtext, message)], [message]


#: Where a core role's path may start.
ROOTS = ("parameters", "pitch")


def _data_files(variant: str | None) -> list[Path]:
    host = default_host()
    sources = [host.core_source()]
    if variant is not None and variant in host.variants():
        sources.append(host.variants()[variant])
    return sorted(path.resolve() for source in sources for path in Path(source.data_dir).rglob("*") if path.suffix in {".yaml", ".yml"})


def resolve_ruleset_path(text: str) -> tuple[Any, list[Path]]:
    """``[VARIANT:]PATH`` into the resolved ruleset: its value and the data files it may come from."""
    selection, sep, path = text.strip().rpartition(":")
    variant = (selection.strip() or None) if sep else None
    root, *parts = path.strip().split(".")
    if root not in ROOTS:
        raise KeyError(f"a path starts with one of: {', '.join(ROOTS)}; not {root!r}")
    ruleset = bbcore.load_ruleset(variant)
    node = ruleset.parameters if root == "parameters" else ruleset.pitch
    return walk(node, root, parts), _data_files(variant)


def _forget_failures(app: Sphinx) -> None:
    FAILURES.clear()


def _fail_the_build(app: Sphinx, exception: Exception | None) -> None:
    """A page named missing data: the build fails even without ``-W``."""
    if FAILURES and exception is None:
        app.statuscode = 1


def setup_roles(app: Sphinx) -> None:
    """Register ``bbcore-number``, ``bbcore-money``, ``bbcore-value`` and ``bbcore-modifier``, and the failing exit status."""
    for kind in ("number", "money", "value", "modifier"):
        app.add_role(f"bbcore-{kind}", DataValueRole(resolve_ruleset_path, SHOW[kind], "bbcore-data"))
    app.connect("builder-inited", _forget_failures)
    app.connect("build-finished", _fail_the_build)
