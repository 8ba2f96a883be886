"""The giants' rules that a one-square board can already play: their scatter and the crowd.

A giant (the 2020 Giant Mercenary, the classic Slave Giant) stands on a 2x2 base. Here the
base is named by its top-left square ``(x, y)``; it covers ``(x, y)`` to ``(x + 1, y + 1)``.

:func:`giant_scatter` is the giant's own random direction: the entry's die (``giants`` in
``pack-rules.yaml``), re-rolled while it shows ``reroll_from`` or more, picks one of the
twelve squares around the base (the entry's ``directions``, counted clockwise from the
square diagonally above-left). The giant moves one square towards it: diagonally for a
corner, straight for either of the two squares along a side. The seeds name the dice but
not the template, so that numbering is the pack's own.

:func:`base_squares` and :func:`pushed_into_crowd` are the crowd rule: if any square of the
base is off the pitch, the whole giant is pushed into the crowd.

Left for a core that can hold a player on several squares: the four-square body, its facing
and the Tackle Zone that misses the four squares behind it, Dodging out of any marked
square, stepping over Prone or Stunned players, chain pushes from a base, interference
and interception modifiers, and the re-roll of a Fumbled Throw Team-mate (the core's
:func:`bbcore.rules.ttm.throw_team_mate` offers no hook to roll the Passing Ability Test
again for one thrower).
"""

from __future__ import annotations

from bbcore.dice import DiceSource, roll_dice
from bbcore.rules.board import PitchGeometry, Square
from bbcore.rules.events import Event
from bbcore_inducement_packs.pack_rules import pack_rules, rules_for


def base_squares(anchor: Square) -> tuple[Square, ...]:
    """The four squares of a base whose top-left square is ``anchor``."""
    x, y = anchor
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def pushed_into_crowd(geometry: PitchGeometry, anchor: Square) -> bool:
    """True when any square of the base at ``anchor`` is off the pitch: then the whole giant goes into the crowd."""
    return not all(geometry.on_pitch(square) for square in base_squares(anchor))


def _toward(offset: int) -> int:
    """The step towards a ring square ``offset`` from the base's top-left square (the base spans offsets 0 and 1)."""
    return -1 if offset < 0 else 1 if offset > 1 else 0


def giant_scatter(inducement: str, anchor: Square, dice: DiceSource) -> tuple[Square, Event]:
    """One scatter of the giant hired as ``inducement`` whose base is at ``anchor``: the new anchor and the event."""
    giant = rules_for(pack_rules().giants, inducement, "giant")
    rolls: list[int] = []
    while True:
        rolled = sum(roll_dice(dice, giant.scatter_dice))
        rolls.append(rolled)
        if giant.reroll_from is None or rolled < giant.reroll_from:
            break
    dx, dy = giant.directions[rolled - 1]
    step = (_toward(dx), _toward(dy))
    moved = (anchor[0] + step[0], anchor[1] + step[1])
    return moved, Event("giant-scatter", inducement, tuple(rolls), f"{step[0]},{step[1]}", {"from": list(anchor), "to": list(moved)})


__all__ = ["base_squares", "giant_scatter", "pushed_into_crowd"]
