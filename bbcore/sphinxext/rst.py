"""Write reStructuredText safely: escaped text, labels, headings, field lists and list-tables.

The directives build their output as reStructuredText and let docutils parse it,
so every piece of text that comes from data passes through :func:`escape` first.
Nothing here knows about Blood Bowl.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

# Characters that start inline markup, substitutions, references, roles or footnotes.
_INLINE = re.compile(r"([\\`*_|\[\]:<>])")
# Text that would start a block construct (list, enumeration, comment, doctest) at the start of a line.
_BLOCK_START = re.compile(r"^(?:[-+*•](?:\s|$)|\.\.|>>>|(?:\d+|[A-Za-z#]|[ivxlcdmIVXLCDM]+)[.)](?:\s|$)|\((?:\d+|[A-Za-z#])\)(?:\s|$))")
_HEADING_CHARS = "=-~^\"'"
#: What an empty cell of a table shows when there is none of a thing (a position without skills): a dash.
NONE = "\u2013"


def escape(text: object) -> str:
    """Data text as inline reStructuredText that renders exactly as written, on one line."""
    flat = " ".join(str(text).split())
    escaped = _INLINE.sub(r"\\\1", flat)
    if _BLOCK_START.match(escaped):
        escaped = "\\" + escaped
    return escaped


def escape_inline(text: str) -> str:
    """A piece of a line of data text escaped as inline markup, its spaces kept (see :func:`escape` for a whole line)."""
    return _INLINE.sub(r"\\\1", text)


def starts_a_block(markup: str) -> bool:
    """Whether a line of markup would be read as a list, enumeration, comment or doctest."""
    return bool(_BLOCK_START.match(markup))


def literal(text: object) -> str:
    """Inline code: ``text``."""
    return f"``{' '.join(str(text).split())}``" if str(text).strip() else ""


def ref(title: str, label: str) -> str:
    """A cross-reference to a label, showing ``title``."""
    safe = " ".join(title.split()).replace("\\", "\\\\").replace("`", "\\`").replace("<", "\\<")
    return f":ref:`{safe} <{label}>`"


class Rst:
    """Accumulates reStructuredText lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def blank(self) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")

    def label(self, name: str) -> None:
        self.blank()
        self.lines += [f".. _{name}:", ""]

    def heading(self, text: str, level: int) -> None:
        """A section title; level 0 is the outermost level the directive produces."""
        title = escape(text)
        self.blank()
        self.lines += [title, _HEADING_CHARS[level] * len(title), ""]

    def rubric(self, text: str) -> None:
        self.blank()
        self.lines += [f".. rubric:: {escape(text)}", ""]

    def paragraph(self, markup: str) -> None:
        """A paragraph of ready-made markup (escape data text first)."""
        if markup:
            self.blank()
            self.lines += [markup, ""]

    def fields(self, pairs: Iterable[tuple[str, str]]) -> None:
        """A field list; pairs with an empty value are left out."""
        rows = [(name, value) for name, value in pairs if value]
        if rows:
            self.blank()
            self.lines += [f":{name}: {value}" for name, value in rows]
            self.lines.append("")

    def bullets(self, items: Iterable[str], *, numbered: bool = False) -> None:
        marker = "#." if numbered else "-"
        items = [i for i in items if i]
        if items:
            self.blank()
            self.lines += [f"{marker} {item}" for item in items]
            self.lines.append("")

    def admonition(self, title: str, body: Sequence[str], css_class: str = "warning") -> None:
        """A titled admonition box; ``body`` holds paragraphs of ready-made markup."""
        self.blank()
        self.lines += [f".. admonition:: {escape(title)}", f"   :class: {css_class}", ""]
        for markup in body:
            self.lines += [f"   {markup}", ""]

    def raw(self, output_format: str, markup: str) -> None:
        """Markup passed straight to one output format, e.g. generated SVG for ``html``; escape any data in it first."""
        self.blank()
        self.lines += [f".. raw:: {output_format}", ""]
        self.lines += [f"   {line}".rstrip() for line in markup.splitlines()]
        self.lines.append("")

    def list_table(
        self,
        header: Sequence[str],
        rows: Iterable[Sequence[str]],
        *,
        title: str = "",
        widths: Sequence[int] | None = None,
        css_class: str = "",
    ) -> None:
        """A list-table of cells of ready-made markup (escape data text first); a cell may span lines.

        With no rows it writes nothing: docutils rejects a table that is only a header.
        """
        rows = list(rows)
        if not rows:
            return
        self.blank()
        self.lines.append(f".. list-table:: {escape(title)}".rstrip())
        self.lines.append("   :header-rows: 1")
        if widths:
            self.lines.append(f"   :widths: {' '.join(map(str, widths))}")
        if css_class:
            self.lines.append(f"   :class: {css_class}")
        self.lines.append("")
        for row in [header, *rows]:
            for index, cell in enumerate(row):
                bullet = "   * -" if index == 0 else "     -"
                first, *rest = cell.split("\n") if cell else [""]
                self.lines.append(f"{bullet} {first}".rstrip())
                self.lines += [f"       {line}".rstrip() for line in rest]
        self.lines.append("")

    def extend(self, other: Rst) -> None:
        self.blank()
        self.lines += other.lines
