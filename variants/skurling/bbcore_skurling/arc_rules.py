"""Skurling's numbers for the arc and the match, read from ``data/rules/arc.yaml``.

The file is registered as the rules file ``skurling/arc``: every ruleset with Skurling
reads it (safe YAML, the JSON Schema ``arc_rules.schema.json``, frozen attrs classes) as
its own layers amend it, so a league's pack may change, say, the points to win in its
``amendments.yaml``. A broken file or amendment stops the ruleset from loading with
every problem located. Call :func:`arc_rules` with the ruleset wherever a number is needed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore_skurling.reading import Reading

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

RULES_FILE = Path(__file__).parent / "data" / "rules" / "arc.yaml"
SCHEMA_FILE = Path(__file__).parent / "arc_rules.schema.json"
#: The id the arc rules are registered under, and amended by.
RULES_ID = "skurling/arc"


@frozen
class StoogeState:
    """One of the Stooge's states and what he is worth arriving in it."""

    id: str
    points: int


@frozen
class Roles:
    """How many players of the attacking team fill each role in an arc."""

    stooge: int
    whacker: int
    goon: int
    cuddler: int

    def counts(self) -> dict[str, int]:
        return {"stooge": self.stooge, "whacker": self.whacker, "goon": self.goon, "cuddler": self.cuddler}


@frozen
class Setup:
    """The defenders set up ``defenders`` players, one of them ``in_front_of_goon`` squares ahead of the Goon."""

    defenders: int
    in_front_of_goon: int


@frozen
class Helmets:
    """The helmets table, and the word on the opening throw that rolls for a helmet instead of choosing one."""

    table: str
    roll: str


@frozen
class ArmourSave:
    """An inducement that may keep the Stooge's state: ``saves_on`` or more on ``dice``."""

    id: str
    dice: str
    saves_on: int


@frozen
class ExtraSlide:
    """An inducement that slides the Stooge ``squares`` more after a Touch."""

    id: str
    squares: int


@frozen
class InducementUses:
    """Which Skurling inducement does what in an arc, by id."""

    before_throw: tuple[str, ...]
    armour_save: ArmourSave
    extra_slide: ExtraSlide
    touch_reroll: str
    cuddler_catch: str
    ding_dong_throw: str


@frozen
class ArcRules:
    source: str
    states: tuple[StoogeState, ...]
    catch_bonus: int
    ding_dong_bonus: int
    turns_per_arc: int
    time_out_turns: int
    blitzes_per_turn: int
    team_rerolls_per_turn: int
    goon_squares: int
    second_hits_per_arc: int
    second_hit_state: str
    target_points: int
    attacks_between_intervals: int
    roles: Roles
    setup: Setup
    out_of_bounds: Reading
    start_squares: Reading
    defender_catch: Reading
    helmets: Helmets
    inducements: InducementUses

    @property
    def first_state(self) -> str:
        return self.states[0].id

    def points_for(self, state: str) -> int:
        return next(s.points for s in self.states if s.id == state)

    def worse(self, state: str) -> str:
        """The next state down; the last state cannot get worse."""
        ids = [s.id for s in self.states]
        return ids[min(ids.index(state) + 1, len(ids) - 1)]


def arc_rules(ruleset: Ruleset) -> ArcRules:
    """The arc rules in force in a ruleset with Skurling, as its layers amend them."""
    return ruleset.rules_model(RULES_ID, ArcRules)
