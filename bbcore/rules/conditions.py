"""The test modifiers in force for everybody on the pitch, read from the table rows that put them there.

A row's ``modifier`` effect aimed at everybody (``who: both``, or no ``who``) is a board
condition (``Board.conditions``, :meth:`bbcore.rules.board.Board.modifier`): the core's rolls add it (a rush, a
dodge, a catch, a pick-up, a pass...). In a game the rows in force are the weather's
(``GameState.weather``, a row of the table filling the ``weather`` role) and those of the
drive's effects (``GameState.drive_effects``: a kick-off event such as a sticky pitch).
A ``pass_bands`` effect aimed at everybody limits every Pass Action to those bands of the
pass-range table (``Board.open_pass_bands``: a Blizzard's Quick and Short Passes). Effects
on one team or one player, and every other verb, are for the procedure that knows the
moment.

The core keeps the board's conditions in step with the game (:func:`with_conditions`): when
a weather is rolled, as the kicked ball comes down, as each team turn starts (after the
plugins' turn-start effects) and when the drive ends. A variant that wants a modifier for
everybody puts it in a row's effects and the row in force (a weather, a drive effect);
conditions set on the board by hand are replaced at those moments.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from bbcore.errors import UsageError

if TYPE_CHECKING:
    from bbcore.model.table import Row
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The role of the table the weather is rolled on.
WEATHER_ROLE = "weather"
#: ``who`` values meaning everybody on the pitch.
EVERYBODY = frozenset({None, "both"})


def row_conditions(rows: Iterable[Row | None]) -> dict[str, int]:
    """The test modifiers for everybody that the given rows put in force, summed by test (None rows are skipped)."""
    conditions: dict[str, int] = {}
    for row in rows:
        if row is None:
            continue
        for effect in row.effects:
            if effect.modifier is not None and effect.who in EVERYBODY:
                conditions[effect.modifier] = conditions.get(effect.modifier, 0) + (effect.by or 0)
    return {test: by for test, by in conditions.items() if by}


def row_pass_bands(rows: Iterable[Row | None]) -> tuple[str, ...] | None:
    """The only pass-range bands the given rows allow everybody (``pass_bands`` effects; several narrow each other,
    in the order of the first), or None when none of them limits the passes."""
    allowed: list[str] | None = None
    for row in rows:
        for effect in row.effects if row is not None else ():
            if effect.pass_bands is not None and effect.who in EVERYBODY:
                allowed = list(effect.pass_bands) if allowed is None else [band for band in allowed if band in effect.pass_bands]
    return None if allowed is None else tuple(allowed)


def table_row(ruleset: Ruleset, table_id_or_role: str, row_id: str | None) -> Row | None:
    """A row of a table found as ``Ruleset.table`` finds it (a role before an id); None when no row
    is given, or the table or row is unknown."""
    if row_id is None:
        return None
    try:
        table = ruleset.table(table_id_or_role)
    except UsageError:
        return None
    return next((row for row in table.rows if row.id == row_id), None)


def weather_row(ruleset: Ruleset, weather: str | None) -> Row | None:
    """The row of ``weather`` in the table filling the ``weather`` role (a variant's own, not the core's table of that
    id); None for no weather, or one that is no row of it."""
    return table_row(ruleset, WEATHER_ROLE, weather)


def rows_in_force(ruleset: Ruleset, state: GameState) -> list[Row | None]:
    """The game's weather row and the rows of its drive effects (by ``table/row`` id); None for one not found."""
    rows = [weather_row(ruleset, state.weather)]
    for effect_id in sorted(state.drive_effects):
        table_id, _, row_id = effect_id.rpartition("/")
        rows.append(table_row(ruleset, table_id, row_id))
    return rows


def conditions_in_force(ruleset: Ruleset, state: GameState) -> dict[str, int]:
    """The board conditions the game's weather and drive effects put in force (:func:`rows_in_force`)."""
    return row_conditions(rows_in_force(ruleset, state))


def with_conditions(ruleset: Ruleset, state: GameState) -> GameState:
    """The game with its board's conditions made those in force now: the test modifiers (:func:`conditions_in_force`)
    and the pass-range bands allowed (:func:`row_pass_bands`, ``Board.open_pass_bands``)."""
    rows = rows_in_force(ruleset, state)
    conditions, bands = row_conditions(rows), row_pass_bands(rows)
    board = state.board
    if dict(board.conditions) == conditions and board.open_pass_bands == bands:
        return state
    return attrs.evolve(state, board=attrs.evolve(board, conditions=conditions, open_pass_bands=bands))
