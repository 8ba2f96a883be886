"""The Sawbones and the Snack Stand: Gutter Bowl's hired help, bought as inducements.

The Sawbones
------------

A treatment in the core's sense (``bbcore_casualty_treatment``): straight after a
casualty roll against a player, before anything else could heal him, his coach may
call the Sawbones. The core asks ``Decisions.casualty_treatment`` (through the
procedure's ``choose_treatment`` callback). It is 0-1 and used once per game (its
``uses``): :class:`bbcore.rules.treatments.HeldTreatments` lets a coach call it only while
the team has it, and :func:`bbcore.rules.treatments.spend_treatments` notes its use once an
event says it was used. A frog cannot be treated (see :mod:`bbcore_gutterbowl.wizard`): the call
is turned down and the Sawbones is not spent.

The Snack Stand
---------------

+1 to every KO recovery roll of its team, through ``bbcore_ko_recovery_modifiers``,
which the core now tells each team's inducements; the +1 is the ``ko-recovery``
modifier effect of the inducement in ``inducements.yaml``, so any inducement with
such an effect helps the same way. Its free re-roll (a die each time a team re-roll
is used) answers the core's ``bbcore_team_reroll_used`` (:func:`snack_stand_refund`),
so a tracker that keeps the teams' re-rolls with
:func:`bbcore.rules.turns.spend_team_rerolls` gets it; :func:`snack_stand_refunds` does
the same for a re-roll budget still in use inside a procedure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from bbcore.dice import DiceSource, roll_dice
from bbcore.model.table import Row, Table
from bbcore.rules.board import PlayerState, Status
from bbcore.rules.events import Event
from bbcore.rules.injury import CasualtyTreatment, casualty_roll
from bbcore.rules.rerolls import TEAM_REROLL, RerollBudget
from bbcore.rules.sequences import HALF_POOL, GameState
from bbcore.rules.treatments import TREATMENT_EVENT
from bbcore.ruleset import Ruleset
from bbcore_gutterbowl.variant_rules import variant_rules

SAWBONES = "gutterbowl/sawbones"
SNACK_STAND = "gutterbowl/snack-stand"
#: The test name of the effects that change a KO recovery roll.
KO_RECOVERY = "ko-recovery"


def dead_row(table: Table) -> Row:
    """The row of the casualty table whose effects kill the player (its last row, if none says so)."""
    return next((row for row in table.rows if any(effect.status == "dead" for effect in row.effects)), table.rows[-1])


def sawbones(ruleset: Ruleset, player: PlayerState, casualty: Row, niggling_injuries: int, dice: DiceSource) -> CasualtyTreatment:
    """The Sawbones sees to a player straight after his casualty roll.

    A die of at most ``dead_at_most`` kills him. Otherwise the casualty table is rolled
    again and the milder of the two results applies: the coach chooses, and an earlier
    row of the table is never worse (the choice the core's apothecary also makes). A
    Badly Hurt player (the table's first row) is patched up and goes to the Reserves.
    """
    rules = variant_rules(ruleset).sawbones
    table = ruleset.table("casualty")
    rolls = roll_dice(dice, rules.dice)
    if sum(rolls) <= rules.dead_at_most:
        dead = dead_row(table)
        event = Event(TREATMENT_EVENT, player.id, rolls, dead.id, {"treatment": SAWBONES, "outcome": "fatal"})
        return CasualtyTreatment(dead, Status.CASUALTY, SAWBONES, (event,))
    second, second_event = casualty_roll(ruleset, player.id, dice, niggling_injuries)
    chosen = min((casualty, second), key=lambda row: row.min or 0)
    patched = chosen.id == table.rows[0].id
    detail = {"treatment": SAWBONES, "outcome": "patched-up" if patched else "chosen", "results": [casualty.id, second.id]}
    event = Event(TREATMENT_EVENT, player.id, rolls, chosen.id, detail)
    return CasualtyTreatment(chosen, Status.RESERVES if patched else Status.CASUALTY, SAWBONES, (second_event, event))


def ko_recovery_modifier(ruleset: Ruleset, inducements: Mapping[str, int]) -> int:
    """The sum of the ``ko-recovery`` modifier effects of the inducements a team holds (the Snack Stand's +1)."""
    total = 0
    for inducement_id, count in inducements.items():
        inducement = ruleset.inducements.get(inducement_id)
        if inducement is None or count <= 0:
            continue
        total += sum(effect.by or 0 for effect in inducement.effects if effect.modifier == KO_RECOVERY)
    return total


def snack_stand_refunds(
    ruleset: Ruleset, inducements: Mapping[str, int], events: Iterable[Event], budget: RerollBudget, dice: DiceSource
) -> tuple[RerollBudget, tuple[Event, ...]]:
    """After a procedure, a die for each team re-roll its events say was used; on ``free_reroll_on`` or more it is given back.

    Only for a team that holds a Snack Stand (``inducements``, the team's). ``budget`` is
    the team's budget after the procedure; the returned one has the free re-rolls back.
    """
    if not inducements.get(SNACK_STAND):
        return budget, ()
    found: list[Event] = []
    for event in events:
        if event.kind != TEAM_REROLL or event.result != "used":
            continue
        free, rolled = _snack_stand_roll(ruleset, event.who, dice)
        if free:
            budget = attrs.evolve(budget, team_rerolls=budget.team_rerolls + 1)  # what else the budget holds or bars stays
        found.append(rolled)
    return budget, tuple(found)


def snack_stand_refund(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, pool: str = HALF_POOL
) -> tuple[GameState, tuple[Event, ...]] | None:
    """A team re-roll ``team`` used has come off its record: with a Snack Stand, a die; on ``free_reroll_on`` or more it
    is back in the ``pool`` it came from (a drive's re-roll stays the drive's). None for a team without one."""
    if not state.team(team).inducements.get(SNACK_STAND):
        return None
    free, rolled = _snack_stand_roll(ruleset, team, dice)
    if free:
        state = state.give_back_reroll(team, pool)
    return state, (rolled,)


def _snack_stand_roll(ruleset: Ruleset, who: str | None, dice: DiceSource) -> tuple[bool, Event]:
    rules = variant_rules(ruleset).snack_stand
    rolls = roll_dice(dice, rules.dice)
    free = sum(rolls) >= rules.free_reroll_on
    return free, Event("snack-stand", who, rolls, "free-reroll" if free else "reroll-spent")


__all__ = [
    "SAWBONES",
    "SNACK_STAND",
    "dead_row",
    "ko_recovery_modifier",
    "sawbones",
    "snack_stand_refund",
    "snack_stand_refunds",
]
