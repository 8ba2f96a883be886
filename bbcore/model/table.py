"""Tables: rolled (dice), looked up (an integer index) or charts (keyed rows)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from attrs import field, frozen

from bbcore.model.common import Effect

_DICE = re.compile(r"^(?P<count>[1-9]?)D(?P<sides>\d+)$")


@cache
def parse_dice(dice: str) -> tuple[int, int]:
    """``2D6`` → (2, 6); ``D16`` → (1, 16). Kept per expression: every roll of the rules asks again."""
    match = _DICE.match(dice)
    if match is None:
        raise ValueError(f"not a dice expression: {dice!r}")
    return int(match["count"] or 1), int(match["sides"])


@frozen
class Row:
    id: str
    name: str
    text: str
    min: int | None = None
    max: int | None = None
    effects: tuple[Effect, ...] = ()
    values: Mapping[str, int | str | None] = field(factory=dict)

    @property
    def range_label(self) -> str:
        if self.min is None:
            return ""
        return str(self.min) if self.min == self.max else f"{self.min}-{self.max}"


@frozen
class Column:
    id: str
    name: str
    min: int | None = None
    max: int | None = None


@frozen
class Index:
    name: str
    min: int
    max: int


@frozen
class Table:
    id: str
    name: str
    source: str
    rows: tuple[Row, ...]
    dice: str | None = None
    index: Index | None = None
    roles: tuple[str, ...] = ()
    when: Mapping[str, str] = field(factory=dict)
    provisional: bool = False
    note: str | None = None
    text: str | None = None
    columns: tuple[Column, ...] = ()
    replaces: str | None = None
    #: With ``replaces``: the plugins whose replacement of the same entry this one wins over.
    precedence_over: tuple[str, ...] = ()

    @property
    def range(self) -> tuple[int, int] | None:
        """The lowest and highest result the rows must cover, or None for a chart."""
        if self.dice is not None:
            count, sides = parse_dice(self.dice)
            return count, count * sides
        if self.index is not None:
            return self.index.min, self.index.max
        return None

    def row_for(self, result: int) -> Row:
        for row in self.rows:
            if row.min is not None and row.max is not None and row.min <= result <= row.max:
                return row
        raise KeyError(f"table {self.id} has no row for {result}")

    def row(self, row_id: str) -> Row:
        for row in self.rows:
            if row.id == row_id:
                return row
        raise KeyError(f"table {self.id} has no row {row_id!r}")
