"""Skurling's sidelines, read from ``data/rules/sidelines.yaml``.

Sidelines are the permanent staff of the Touchline Guild. A team hires them from a
budget of their own (the ``sideline_budget`` parameter), at most one of each;
they never count in Team Value and are never hurt. A team file lists them under
``staff`` as ``sidelines: [pebbler, skip]`` (the key is ``sidelines_staff_key`` in
``building.yaml``). Their prices and effects are provisional: the original table was
lost, so the file is marked ``provisional: true``. It is the rules file
``skurling/sidelines``: a league replaces the list with its own in an
``amendments.yaml`` (a list is replaced whole), and every ruleset reads it as its layers
amend it.

Each sideline's effect is data: the moments of play it acts at (``acts_on``), what it
does there (``does``: a re-roll, a modifier, or clearing the Stooge's path), how many
times a match (``uses_per_match``; none means every time) and its numbers
(``modifier``, ``squares``, ``tests``). The procedures ask this module, by moment,
which of a team's sidelines apply:

* ``pebblemuck-attribute`` (re-roll): :func:`bbcore_skurling.prematch.pebblemuck`;
* ``fan-factor`` (modifier): :func:`bbcore_skurling.prematch.fan_factors`;
* ``landing-event`` (re-roll): :func:`bbcore_skurling.landing.roll_landing_event`;
* ``before-touch`` (clear-path) and ``touch-move`` (re-roll of the named ``tests``):
  the Touch in :mod:`bbcore_skurling.arc`;
* ``sponsor-search`` and ``sponsor-renewal`` (modifier): :mod:`bbcore_skurling.sponsorship`.

A match keeps the uses left of each team's limited sidelines (:func:`match_uses`), never
refreshed at an interval. The ``effect`` text repeats the numbers for the reader; a test
checks that it agrees with the fields.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.loading.plugin_files import load_plugin_file
from bbcore_skurling.building_rules import building_rules

if TYPE_CHECKING:
    from bbcore.model.team import Team
    from bbcore.ruleset import Ruleset

#: The moments of play a sideline acts at (``acts_on``), as the schema lists them.
PEBBLEMUCK_ATTRIBUTE = "pebblemuck-attribute"
FAN_FACTOR = "fan-factor"
LANDING_EVENT = "landing-event"
BEFORE_TOUCH = "before-touch"
TOUCH_MOVE = "touch-move"
SPONSOR_SEARCH = "sponsor-search"
SPONSOR_RENEWAL = "sponsor-renewal"

#: What a sideline does at its moments (``does``).
REROLL = "reroll"
MODIFIER = "modifier"
CLEAR_PATH = "clear-path"

#: The kind of the event recorded whenever a sideline is used.
SIDELINE_EVENT = "sideline"

#: The data file and the schema it is validated against.
SIDELINES_FILE = Path(__file__).parent / "data" / "rules" / "sidelines.yaml"
SCHEMA_FILE = Path(__file__).parent / "sidelines.schema.json"
#: The id the sidelines are registered under, and amended by.
RULES_ID = "skurling/sidelines"


@frozen
class Sideline:
    """One sideline: its price from the sideline budget, what it does, and its effect in play.

    ``acts_on`` are the moments it acts at and ``does`` what it does there; ``uses_per_match``
    limits it (None: every time); ``modifier``, ``squares`` and ``tests`` are its numbers
    for a modifier, a cleared path and a re-roll while moving for a Touch.
    """

    id: str
    name: str
    cost: int
    text: str
    effect: str
    acts_on: tuple[str, ...]
    does: str
    uses_per_match: int | None = None
    modifier: int = 0
    squares: int = 0
    tests: tuple[str, ...] = ()

    def acts(self, moment: str, does: str) -> bool:
        """Whether this sideline does ``does`` at ``moment``."""
        return moment in self.acts_on and self.does == does


@frozen
class SidelineList:
    """Every sideline a team may hire, in the file's order."""

    source: str
    sidelines: tuple[Sideline, ...]
    provisional: bool = False
    note: str | None = None

    @property
    def by_id(self) -> Mapping[str, Sideline]:
        return {sideline.id: sideline for sideline in self.sidelines}


def load_sideline_list(path: Path = SIDELINES_FILE) -> SidelineList:
    """Read one sidelines file; raises :class:`bbcore.errors.DataError` naming file, line and path when wrong."""
    return load_plugin_file(path, SCHEMA_FILE, SidelineList)


def sideline_list(ruleset: Ruleset) -> SidelineList:
    """The sidelines in force in a ruleset with Skurling, as its layers amend them."""
    return ruleset.rules_model(RULES_ID, SidelineList)


def team_sidelines(ruleset: Ruleset, team: Team) -> tuple[str, ...]:
    """The sideline ids a team file lists under ``staff``; empty when it lists none or lists them wrongly."""
    listed = team.staff.get(building_rules(ruleset).sidelines_staff_key, ())
    return tuple(listed) if isinstance(listed, tuple | list) else ()


def sideline_cost(ruleset: Ruleset, team: Team) -> int:
    """What a team's sidelines cost from the sideline budget (unknown ids cost nothing, and one named twice is paid
    once; the checks report both)."""
    known = sideline_list(ruleset).by_id
    return sum(known[sideline_id].cost for sideline_id in set(team_sidelines(ruleset, team)) if sideline_id in known)


def sidelines_at(ruleset: Ruleset, held: Iterable[str], moment: str, does: str) -> tuple[Sideline, ...]:
    """The sidelines among ``held`` (ids; unknown ones are ignored) that do ``does`` at ``moment``, in the file's order."""
    wanted = set(held)
    return tuple(s for s in sideline_list(ruleset).sidelines if s.id in wanted and s.acts(moment, does))


def sideline_modifier(ruleset: Ruleset, held: Iterable[str], moment: str) -> int:
    """What the ``held`` sidelines add to the roll or total of ``moment`` (0 when none applies)."""
    return sum(s.modifier for s in sidelines_at(ruleset, held, moment, MODIFIER))


def match_uses(ruleset: Ruleset, held: Iterable[str]) -> dict[str, int]:
    """The uses a match gives each of the ``held`` sidelines that is limited per match, by id."""
    wanted = set(held)
    return {s.id: s.uses_per_match for s in sideline_list(ruleset).sidelines if s.id in wanted and s.uses_per_match is not None}


def ready_sideline(ruleset: Ruleset, uses_left: Mapping[str, int], moment: str, does: str) -> Sideline | None:
    """The first sideline with a use left in ``uses_left`` that does ``does`` at ``moment``, or None."""
    return next((s for s in sidelines_at(ruleset, uses_left, moment, does) if uses_left.get(s.id, 0) > 0), None)


__all__ = [
    "BEFORE_TOUCH",
    "CLEAR_PATH",
    "FAN_FACTOR",
    "LANDING_EVENT",
    "MODIFIER",
    "PEBBLEMUCK_ATTRIBUTE",
    "REROLL",
    "SIDELINE_EVENT",
    "SPONSOR_RENEWAL",
    "SPONSOR_SEARCH",
    "TOUCH_MOVE",
    "Sideline",
    "SidelineList",
    "load_sideline_list",
    "match_uses",
    "ready_sideline",
    "sideline_cost",
    "sideline_list",
    "sideline_modifier",
    "sidelines_at",
    "team_sidelines",
]
