"""Plain-text rendering for people: money as 50K, aligned columns."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bbcore.model.common import Condition


def counted(count: int, noun: str) -> str:
    """``1 team re-roll``, ``2 team re-rolls``: a number with its noun, plural when it is not one."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def money(gold: int | None) -> str:
    """50000 → ``50K``; 1250000 → ``1,250K``."""
    if gold is None:
        return "-"
    if gold % 1000:
        return f"{gold:,} gp"
    return f"{gold // 1000:,}K"


def target(value: int | None) -> str:
    """A target number as printed on a roster: 3 → ``3+``, None → ``-``."""
    return "-" if value is None else f"{value}+"


def columns(rows: Sequence[Sequence[str]], header: Sequence[str] | None = None) -> str:
    """Rows aligned in columns, with an optional header line."""
    all_rows = [list(header)] if header else []
    all_rows.extend(list(r) for r in rows)
    if not all_rows:
        return ""
    widths = [max(len(r[i]) for r in all_rows if i < len(r)) for i in range(max(len(r) for r in all_rows))]
    lines = []
    for index, row in enumerate(all_rows):
        cells = [cell.ljust(widths[i]) if i < len(row) - 1 else cell for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
        if header and index == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def either(items: Sequence[str], word: str = "or") -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def condition_text(condition: Condition | None, name: Callable[[str, str], str]) -> str:
    """Who a condition admits, in words: ``teams with Bribery and Corruption``, ``Halfling or Ogre teams``.

    ``name(kind, id)`` gives the words for a ``roster``, ``special-rule`` or ``league``
    (a plain name for the command line, a link on the site).
    """
    if condition is None:
        return "any team"
    parts = []
    if condition.rosters:
        parts.append(either([name("roster", r) for r in condition.rosters]) + " teams")
    if condition.special_rules:
        parts.append("teams with " + either([name("special-rule", r) for r in condition.special_rules]))
    if condition.leagues:
        parts.append("teams playing in the " + either([name("league", league) for league in condition.leagues]))
    if condition.tiers:
        parts.append("tier " + either([str(t) for t in condition.tiers]) + " teams")
    if condition.apothecary is not None:
        parts.append("teams that may hire an apothecary" if condition.apothecary else "teams that may not hire an apothecary")
    return either(parts, "and") or "any team"
