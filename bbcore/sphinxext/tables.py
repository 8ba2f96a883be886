"""``.. bbcore-tables::`` (every table) and ``.. bbcore-table:: ID`` (one table, by id or role)."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, ClassVar

from docutils.parsers.rst import directives

from bbcore.dice import table_odds
from bbcore.errors import UsageError
from bbcore.model.common import SkillRef
from bbcore.sphinxext.rst import Rst, escape, literal
from bbcore.sphinxext.selection import Labels, RulesetDirective
from bbcore.sphinxext.words import category_name, effects_words, linked_text, skill_link, table_link

if TYPE_CHECKING:
    from bbcore.model.table import Row, Table
    from bbcore.ruleset import Ruleset


#: A value written as an id: lower-case words joined by hyphens.
_SLUG = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def _value(ruleset: Ruleset, labels: Labels, value: int | str | None) -> str:
    """A grid cell: a number, a skill or table (linked), or a name the data writes as an id (``minor-incident``) in words."""
    if value is None:
        return escape("-")
    if isinstance(value, int):
        return escape(f"{value:,}")
    if value in ruleset.skills:
        return skill_link(ruleset, labels, SkillRef(value))
    if value in ruleset.tables:
        return table_link(ruleset, labels, value)
    if _SLUG.fullmatch(value):
        return escape(category_name(value))
    return escape(value)


def chance_percent(share: float) -> str:
    """A chance as a percentage to a tenth, halves rounded up (1 in 16 is 6.3%, not the float's 6.2%)."""
    if not share:
        return "0%"
    tenths = Decimal(str(share * 1000)).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return f"{tenths / 10:.1f}%"


def _role_words(ruleset: Ruleset, labels: Labels, table: Table) -> str:
    words = []
    for role in table.roles:
        active = ruleset.roles.get(role)
        if active == table.id:
            words.append(literal(role))
        else:
            # Another table fills the role under this ruleset; this one is still there by id.
            words.append(f"{literal(role)} (filled by {table_link(ruleset, labels, role)})")
    return ", ".join(words)


def _kind_words(table: Table) -> tuple[str, str]:
    if table.dice is not None:
        return "Dice", literal(table.dice)
    if table.index is not None:
        return "Read by", f"{escape(table.index.name)} ({table.index.min}-{table.index.max})"
    return "Kind", "a chart of named rows"


def rows_table(ruleset: Ruleset, labels: Labels, table: Table) -> Rst:
    """The rows as a list-table: range, chance, name, grid values, text and effects, as the table needs."""
    rows: list[Row] = list(table.rows)
    odds = table_odds(table) if table.dice is not None else {}
    has_range = any(row.min is not None for row in rows)
    # A row named by its own result (``1``, ``2-3``) would show the same thing twice.
    named = not has_range or any(row.name != row.range_label for row in rows)
    has_effects = any(row.effects for row in rows)
    header: list[str] = []
    if has_range:
        header.append(table.dice or escape(table.index.name if table.index else "Result"))
    if odds:
        header.append("Chance")
    if named:
        header.append("Result")
    header += [escape(column.name) for column in table.columns]
    header.append("What happens")
    if has_effects:
        header.append("Effects")

    def cells(row: Row) -> list[str]:
        out = []
        if has_range:
            out.append(escape(row.range_label))
        if odds:
            out.append(chance_percent(float(odds.get(row.id, 0))))
        if named:
            out.append(f"**{escape(row.name)}**")
        out += [_value(ruleset, labels, row.values.get(column.id)) for column in table.columns]
        out.append(linked_text(ruleset, labels, row.text, skip=("table", table.id)))
        if has_effects:
            out.append(effects_words(ruleset, labels, row.effects))
        return out

    body = Rst()
    body.list_table(header, (cells(row) for row in rows), css_class="bbcore-table")
    return body


def table_body(ruleset: Ruleset, labels: Labels, table: Table) -> Rst:
    """Everything about a table but its title and label."""
    out = Rst()
    if table.provisional:
        out.admonition("Provisional", [escape(table.note or "This table is not settled yet.")])
    out.fields(
        [
            ("Id", literal(table.id)),
            _kind_words(table),
            ("Roles", _role_words(ruleset, labels, table)),
            ("Source", escape(table.source)),
        ]
    )
    if table.note and not table.provisional:
        out.admonition("Note", [escape(table.note)], "note")
    if table.text:
        out.paragraph(linked_text(ruleset, labels, table.text, skip=("table", table.id)))
    out.extend(rows_table(ruleset, labels, table))
    return out


def table_rst(ruleset: Ruleset, labels: Labels, table: Table, level: int = 0) -> Rst:
    out = Rst()
    out.label(labels("table", table.id))
    out.heading(table.name, level)
    out.extend(table_body(ruleset, labels, table))
    return out


class TablesDirective(RulesetDirective):
    """Every table of the ruleset (``:own:``: of its variant and packs), by name, each a section labelled ``table-<id>``."""

    option_spec: ClassVar[dict[str, object]] = {**RulesetDirective.option_spec, **RulesetDirective.OWN}

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        out = Rst()
        for table in sorted(ruleset.tables.values(), key=lambda t: t.name):
            if self.own(ruleset, "table", table.id):
                out.extend(table_rst(ruleset, labels, table))
        return out


class TableDirective(RulesetDirective):
    """One table by id or role, under a rubric (it may sit in the middle of a page).

    It defines no label unless ``:label:`` is given, so a page may show a table that
    the reference already holds. With ``:link:`` it shows only the table's name, linked
    to where the site shows it (which table fills a role under an option, say).
    """

    required_arguments = 1
    option_spec: ClassVar[dict[str, object]] = {**RulesetDirective.option_spec, "label": directives.flag, "link": directives.flag}

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        try:
            table = ruleset.table(self.arguments[0])
        except UsageError as error:
            raise self.error(f"{self.name}: {error}") from None
        out = Rst()
        if "link" in self.options:
            out.paragraph(table_link(ruleset, labels, table.id))
            return out
        if "label" in self.options:
            out.label(labels("table", table.id))
        out.rubric(table.name)
        out.extend(table_body(ruleset, labels, table))
        return out
