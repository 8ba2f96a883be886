"""Dice sources. Every random number in bbcore comes through one of these.

* :class:`SeededDice` — reproducible: the same seed gives the same rolls in any process.
* :class:`ScriptedDice` — for tests: the exact rolls, an error if they run out or are left over.
* :func:`exact_outcomes` — enumerates every outcome of a procedure with its probability.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import Protocol, TypeVar, runtime_checkable

from attrs import frozen

from bbcore.errors import BBCoreError
from bbcore.model.table import Row, Table, parse_dice

R = TypeVar("R", bound=Hashable)


@runtime_checkable
class DiceSource(Protocol):
    """Anything that rolls one die of a given number of sides."""

    def roll(self, sides: int) -> int:
        """One die: an integer from 1 to ``sides``."""
        ...


class SeededDice:
    """Dice from a seeded generator; the sequence depends only on the seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._generator = random.Random(seed)  # noqa: S311 - game dice, not cryptography
        # randint(1, sides) is exactly 1 + _randbelow(sides), after three calls of argument checks:
        # the same numbers, sooner. typeshed does not list the private method.
        self._below: Callable[[int], int] = self._generator._randbelow  # type: ignore[attr-defined]

    def roll(self, sides: int) -> int:
        if sides < 1:
            return self._generator.randint(1, sides)  # raises, as it always has
        return self._below(sides) + 1


class DiceScriptError(BBCoreError, AssertionError):
    """A scripted dice source ran out, was asked for an impossible face, or was not used up."""


class ScriptedDice:
    """Dice that return exactly the given rolls, in order.

    Use it as a context manager to also fail when rolls are left over::

        with ScriptedDice([4, 2]) as dice:
            ...
    """

    def __init__(self, rolls: Iterable[int]) -> None:
        self._rolls = list(rolls)
        self._position = 0

    def roll(self, sides: int) -> int:
        if self._position >= len(self._rolls):
            raise DiceScriptError(f"the dice script ran out after {len(self._rolls)} roll(s); a D{sides} was asked for")
        value = self._rolls[self._position]
        if not 1 <= value <= sides:
            raise DiceScriptError(f"scripted roll #{self._position + 1} is {value}, impossible on a D{sides}")
        self._position += 1
        return value

    @property
    def remaining(self) -> list[int]:
        return self._rolls[self._position :]

    def assert_used_up(self) -> None:
        if self.remaining:
            raise DiceScriptError(f"{len(self.remaining)} scripted roll(s) were not used: {self.remaining}")

    def __enter__(self) -> ScriptedDice:
        return self

    def __exit__(self, exc_type: object, *_: object) -> None:
        if exc_type is None:
            self.assert_used_up()


class _Branching:
    """Replays a prefix of choices, then always takes face 1 and records where it branched."""

    def __init__(self, prefix: list[int]) -> None:
        self.prefix = prefix
        self.taken: list[tuple[int, int]] = []  # (face, sides)

    def roll(self, sides: int) -> int:
        index = len(self.taken)
        face = self.prefix[index] if index < len(self.prefix) else 1
        self.taken.append((face, sides))
        return face


def exact_outcomes(procedure: Callable[[DiceSource], R], *, limit: int = 200_000) -> dict[R, Fraction]:
    """Every result of ``procedure(dice)`` with its exact probability.

    The procedure must be pure and decide its rolls only from earlier rolls. Each
    path of dice is run once, so the cost is the number of distinct paths.
    """
    results: dict[R, Fraction] = {}
    stack: list[list[int]] = [[]]
    runs = 0
    while stack:
        prefix = stack.pop()
        dice = _Branching(prefix)
        result = procedure(dice)
        runs += 1
        if runs > limit:
            raise BBCoreError(f"more than {limit} dice paths; the procedure is too large to enumerate exactly")
        probability = Fraction(1)
        for _face, sides in dice.taken:
            probability /= sides
        results[result] = results.get(result, Fraction(0)) + probability
        # Every roll taken past the prefix at face 1 has siblings 2..sides still to visit.
        for index in range(len(prefix), len(dice.taken)):
            _, sides = dice.taken[index]
            base = [face for face, _ in dice.taken[:index]]
            stack.extend([*base, face] for face in range(2, sides + 1))
    return results


def passes(roll: int, target: int, modifier: int = 0) -> bool:
    """A D6 test: a natural 1 always fails, a natural 6 always passes, otherwise roll + modifier must reach the target."""
    return roll != 1 and (roll == 6 or roll + modifier >= target)


@frozen
class TableRoll:
    """The result of rolling on a table."""

    table: Table
    rolls: tuple[int, ...]
    modifier: int
    total: int
    row: Row

    def to_json(self) -> dict[str, object]:
        from bbcore.render.json import row_json  # noqa: PLC0415

        return {
            "table": self.table.id,
            "rolls": list(self.rolls),
            "modifier": self.modifier,
            "total": self.total,
            "row": row_json(self.row),
        }


def roll_dice(dice: DiceSource, expression: str) -> tuple[int, ...]:
    """Roll a dice expression such as ``2D6`` or ``D16``."""
    count, sides = parse_dice(expression)
    return tuple(dice.roll(sides) for _ in range(count))


def pick_at_random(dice: DiceSource, candidates: Sequence[str], count: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """``count`` of the candidates (all, if fewer) picked one by one with a die of as many faces as are left."""
    left = list(candidates)
    picked: list[str] = []
    rolls: list[int] = []
    while left and len(picked) < count:
        roll = dice.roll(len(left))
        rolls.append(roll)
        picked.append(left.pop(roll - 1))
    return tuple(picked), tuple(rolls)


def roll_on_table(table: Table, dice: DiceSource, modifier: int = 0) -> TableRoll:
    """Roll a table's dice, add the modifier, and clamp the total to the table's range."""
    if table.dice is None:
        raise BBCoreError(f"table {table.id!r} is not rolled on (it has no dice)")
    rolls = roll_dice(dice, table.dice)
    low, high = table.range or (0, 0)
    total = min(max(sum(rolls) + modifier, low), high)
    return TableRoll(table, rolls, modifier, total, table.row_for(total))


def table_odds(table: Table, modifier: int = 0) -> dict[str, Fraction]:
    """The exact chance of each row of a rolled table, with a modifier."""
    outcomes = exact_outcomes(lambda dice: roll_on_table(table, dice, modifier).row.id)
    return {row.id: outcomes.get(row.id, Fraction(0)) for row in table.rows}
