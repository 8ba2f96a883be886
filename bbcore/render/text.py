"""Plain-text rendering for people: money as 50K, aligned columns."""

from __future__ import annotations

from collections.abc import Sequence


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
