"""How the arc resolves each landing event, read from ``data/rules/landing.yaml``.

The landing events table (role ``landing-events``) names the events and carries the
effects the vocabulary can hold (a re-roll for both teams, a roll on the weather
table). What it cannot hold lives here, keyed by row id: which procedure of
:mod:`bbcore_skurling.landing` runs (``does``), the dice of each roll-off and whether Fan
Factor is added, who gets the event on a tie, how many players are picked, and the
changes a player suffers. A league that replaces the table keeps the procedures of the
rows it keeps; a row with no entry here is resolved from its own effects.

The file is the rules file ``skurling/landing`` (safe YAML, the JSON Schema
``landing_rules.schema.json``, frozen attrs classes), read per ruleset as its layers
amend it; a broken file or amendment stops the ruleset with every problem located.
Call :func:`landing_rules` with the ruleset.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.model.common import Effect

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

RULES_FILE = Path(__file__).parent / "data" / "rules" / "landing.yaml"
SCHEMA_FILE = Path(__file__).parent / "landing_rules.schema.json"
#: The id the landing rules are registered under, and amended by.
RULES_ID = "skurling/landing"

#: The ``does`` value of a row resolved from its own effects (also what an unlisted row gets).
ROW_EFFECTS = "row-effects"


@frozen
class Contest:
    """A roll-off: each coach rolls ``dice`` (plus Fan Factor when ``fan_factor``).

    The event falls on the team with the ``highest`` or ``lowest`` total (``falls_on``);
    on a tie it falls on ``both`` teams or on ``neither`` (``ties``).
    """

    dice: str
    fan_factor: bool
    falls_on: str
    ties: str


@frozen
class LandingRule:
    """The procedure and numbers for one row of the landing events table.

    ``players`` is a whole number or a dice expression (``D3``); ``team`` is whose players
    are picked (``attacker`` or ``defender``) when the coach picks them; the other fields
    are read only by the procedure named in ``does``.
    """

    row: str
    does: str
    note: str | None = None
    team: str | None = None
    players: int | str | None = None
    contest: Contest | None = None
    rerolls: int | None = None
    assists: int | None = None
    effects: tuple[Effect, ...] = ()
    status: str | None = None
    role: str | None = None
    squares: int | None = None
    blitzes: int | None = None
    blitz_roles: tuple[str, ...] = ()


@frozen
class LandingRules:
    source: str
    provisional: bool
    note: str
    events: tuple[LandingRule, ...]

    def for_row(self, row_id: str) -> LandingRule:
        """The rule for a row; a row with no entry is resolved from its own effects."""
        found = next((rule for rule in self.events if rule.row == row_id), None)
        return found if found is not None else LandingRule(row=row_id, does=ROW_EFFECTS)


def landing_rules(ruleset: Ruleset) -> LandingRules:
    """The landing event rules in force in a ruleset with Skurling, as its layers amend them."""
    return ruleset.rules_model(RULES_ID, LandingRules)
