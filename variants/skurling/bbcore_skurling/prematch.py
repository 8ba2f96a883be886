"""Skurling's pre-match sequence: Pebblemuck, fans, weather, inducements and the first attacker.

Each step is a pure procedure: the ruleset, the two sides, a dice source and a
decisions object go in; a result and the events come out. :func:`run_pre_match` runs
them in order and returns a :class:`PreMatch`. Every number comes from
``data/rules/league.yaml`` (:func:`bbcore_skurling.league_rules.league_rules`) or from the
tables: the Pebblemuck preparation table, its Attribute tables (named by each row's
``values``), and the table filling the ``weather`` role (the standard, seasonal or ground
table, as the ruleset's ``season`` and ``ground`` options choose).

The ruleset's ``match`` option picks the profile:

* ``one-off``: every step; the lower-TV team gets Petty Cash, no Treasury exists.
* ``league``: every step; the higher-TV team may spend Treasury first, the lower one adds
  up to the league top-up of its own Treasury to its Petty Cash.
* ``first-match``: only the first attacker, by a coin (no Pebblemuck, fans, weather, inducements).
* ``throwback``: Raw Ground always (only its Attribute is rolled, the old-days ones rolled
  again); fans and weather as usual; inducements come from building only, so no Petty
  Cash and no Treasury.

Sidelines (``data/rules/sidelines.yaml``) act in two steps: one acting on the
``pebblemuck-attribute`` (the Pebbler) lets its team have the Attribute D6 rolled again,
and one acting on the ``fan-factor`` (the Mob) adds its modifier to its team's FF.

Judgement calls (the seed is silent): an Attribute's Fan Factor change is the sum of its
``fans`` effects and ``fan-factor`` modifiers, applied to both teams and never below 0;
the coin is a two-sided die whose 1 names the first team given. The Attribute is rolled
again at most once in all (the second result stands, even if the other team has a Pebbler
too); the teams are asked in the order given, the first team first. At a Throwback Night
the Attribute rolled again is again rolled until it is one of the old days'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

import attrs
from attrs import field, frozen

from bbcore.dice import DiceSource, TableRoll, roll_dice, roll_on_table
from bbcore.errors import UsageError
from bbcore.model.team import Team
from bbcore.rules.events import Event
from bbcore.teams.purchases import hires_a_player
from bbcore.teams.valuation import inducement_price, may_buy
from bbcore_skurling.coaching import ATTACK, DEFEND, DefaultSkurlingDecisions, SkurlingDecisions
from bbcore_skurling.headliners import headliner
from bbcore_skurling.league_rules import league_rules
from bbcore_skurling.sidelines import (
    FAN_FACTOR,
    PEBBLEMUCK_ATTRIBUTE,
    REROLL,
    SIDELINE_EVENT,
    sideline_modifier,
    sidelines_at,
    team_sidelines,
)
from bbcore_skurling.throwback import throwback_attribute
from bbcore_skurling.throwback_rules import throwback_rules

if TYPE_CHECKING:
    from bbcore.model.table import Row, Table
    from bbcore.ruleset import Ruleset

#: The ruleset option naming the kind of match, and its values.
MATCH_OPTION = "match"
ONE_OFF = "one-off"
FIRST_MATCH = "first-match"
LEAGUE = "league"
THROWBACK = "throwback"

#: The questions put to ``Decisions.agreed_choice``.
PEBBLEMUCK_QUESTION = "pebblemuck"
FIRST_ATTACKER_QUESTION = "first-attacker"
COIN = "coin"
DICE = "dice"

#: The effect test an Attribute uses to change the Fan Factor.
FAN_FACTOR_TEST = "fan-factor"


def _frozen_counts(counts: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(counts))


@frozen
class Side:
    """One team as the pre-match sees it.

    ``team_value`` is the Team Value compared for Petty Cash: the five fielded miniatures plus
    re-rolls in a one-off match, and in a league the league's Team Value (every miniature not
    missing the match, with his advancements, plus re-rolls: the seed's league section says
    so, over the pre-match step's one-off wording); inducements never count. A ``headliner``
    lent for this match adds the league's Headliner value on top.
    ``dedicated_fans`` defaults to the one every Skurling team has. ``inducements`` are
    those bought at building (id to count). ``team`` is the team file, if any, used to
    price inducements whose price depends on the team. ``sidelines`` are the sideline ids
    the team has (bought or sponsored); when not given they are read from ``team``'s staff.
    """

    id: str
    team_value: int
    treasury: int = 0
    dedicated_fans: int | None = None
    inducements: Mapping[str, int] = field(factory=dict, converter=_frozen_counts)
    headliner: str | None = None
    team: Team | None = field(default=None, eq=False, repr=False)
    sidelines: tuple[str, ...] | None = None

    def held_sidelines(self, ruleset: Ruleset) -> tuple[str, ...]:
        """The team's sideline ids: those given, else those its team file lists, else none."""
        if self.sidelines is not None:
            return self.sidelines
        return team_sidelines(ruleset, self.team) if self.team is not None else ()

    def fans(self, ruleset: Ruleset) -> int:
        """The team's Dedicated Fans for this match: its own, or the ruleset's starting figure."""
        return ruleset.parameters.dedicated_fans.start if self.dedicated_fans is None else self.dedicated_fans

    def match_team_value(self, ruleset: Ruleset) -> int:
        """The Team Value compared for Petty Cash: with the Headliner's value if one plays (``headliners.yaml``)."""
        return self.team_value + (headliner(ruleset, self.headliner).cost_in_tv if self.headliner else 0)


@frozen
class Pebblemuck:
    """The lane's preparation and its Attribute; ``fan_factor_change`` applies to each team's FF after the fans step."""

    preparation: str
    attribute: str
    chosen_by: str
    fan_factor_change: int = 0


@frozen
class InducementPurchase:
    """What one team bought before the match, and with what."""

    team: str
    bought: Mapping[str, int] = field(converter=_frozen_counts)
    cost: int
    petty_cash: int
    from_treasury: int
    petty_cash_lost: int


@frozen
class PreMatch:
    """The whole pre-match: every step's result (None for a skipped step), the updated sides and the events."""

    profile: str
    pebblemuck: Pebblemuck | None
    fan_factors: Mapping[str, int] | None
    fan_attendance: int | None
    weather: str | None
    purchases: tuple[InducementPurchase, ...]
    sides: tuple[Side, Side]
    first_attacker: str
    events: tuple[Event, ...]

    @property
    def preparation(self) -> str | None:
        return self.pebblemuck.preparation if self.pebblemuck else None

    @property
    def attribute(self) -> str | None:
        return self.pebblemuck.attribute if self.pebblemuck else None


def match_profile(ruleset: Ruleset) -> str:
    """The ruleset's ``match`` option (``one-off`` when the option is absent)."""
    return ruleset.options.get(MATCH_OPTION, ONE_OFF)


# -- 1. the pebblemuck --------------------------------------------------------------------------


def attribute_table(ruleset: Ruleset, preparation: Row) -> Table:
    """The Attribute table a Pebblemuck preparation row names in its values."""
    key = league_rules(ruleset).prematch.attribute_table_key
    table_id = preparation.values.get(key)
    if not isinstance(table_id, str):
        raise UsageError(f"the Pebblemuck row {preparation.id!r} names no Attribute table under {key!r} in its values")
    return ruleset.table(table_id)


def _fan_factor_change(row: Row) -> int:
    return sum((effect.fans or 0) + (effect.by or 0 if effect.modifier == FAN_FACTOR_TEST else 0) for effect in row.effects)


def pebblemuck(
    ruleset: Ruleset, dice: DiceSource, decisions: SkurlingDecisions, *, profile: str = ONE_OFF, sides: Sequence[Side] = ()
) -> tuple[Pebblemuck, tuple[Event, ...]]:
    """The preparation (agreed by both coaches, or 2D6 on the Pebblemuck table), then a D6 for its Attribute.

    At a Throwback Night the preparation is always the Throwback one (Raw Ground, from
    ``throwback.yaml``) with no roll and no agreement, and the Attributes that did not exist
    in the old days are rolled again until another comes up
    (:func:`bbcore_skurling.throwback.throwback_attribute`). Then the first of ``sides``
    with a sideline that re-rolls the Attribute (the Pebbler) and wants to
    (``SkurlingDecisions.use_sideline``) has it rolled again; the second result stands.
    """
    rules = league_rules(ruleset)
    table = ruleset.table(rules.prematch.pebblemuck_table)
    events: list[Event] = []
    if profile == THROWBACK:
        row, chosen_by = table.row(throwback_rules(ruleset).pebblemuck.preparation), "throwback"
        events.append(Event("pebblemuck", None, (), row.id, {"table": table.id, "chosen_by": chosen_by}))
    else:
        options = tuple(r.id for r in table.rows)
        agreed = decisions.agreed_choice(PEBBLEMUCK_QUESTION, options)
        if agreed is not None:
            if agreed not in options:
                raise UsageError(f"the coaches can agree on a preparation of {', '.join(options)}, not {agreed!r}")
            row, chosen_by = table.row(agreed), "coaches"
            events.append(Event("pebblemuck", None, (), row.id, {"table": table.id, "chosen_by": chosen_by}))
        else:
            rolled = roll_on_table(table, dice)
            row, chosen_by = rolled.row, "dice"
            events.append(Event("pebblemuck", None, rolled.rolls, row.id, {"table": table.id, "chosen_by": chosen_by}))
    attributes = attribute_table(ruleset, row)
    attribute, found = _roll_attribute(ruleset, attributes, dice, profile)
    events.extend(found)
    for side in sides:
        pebblers = sidelines_at(ruleset, side.held_sidelines(ruleset), PEBBLEMUCK_ATTRIBUTE, REROLL)
        if pebblers and decisions.use_sideline(side.id, pebblers[0].id, attribute.row.id):
            events.append(Event(SIDELINE_EVENT, side.id, (), pebblers[0].id, {"on": PEBBLEMUCK_ATTRIBUTE, "discarded": attribute.row.id}))
            attribute, found = _roll_attribute(ruleset, attributes, dice, profile)
            events.extend(found)
            break
    change = _fan_factor_change(attribute.row)
    return Pebblemuck(row.id, attribute.row.id, chosen_by, change), tuple(events)


def _roll_attribute(ruleset: Ruleset, attributes: Table, dice: DiceSource, profile: str) -> tuple[TableRoll, tuple[Event, ...]]:
    """A D6 on an Attribute table (at a Throwback Night, again until an old-days one comes up), with its events."""
    rolled = throwback_attribute(ruleset, attributes, dice).rolls if profile == THROWBACK else (roll_on_table(attributes, dice),)
    events = tuple(
        Event("pebblemuck-attribute", None, one.rolls, one.row.id, {"table": attributes.id, "rolled_again": number < len(rolled)})
        for number, one in enumerate(rolled, start=1)
    )
    return rolled[-1], events


# -- 2. the fans --------------------------------------------------------------------------------


def fan_factors(
    ruleset: Ruleset, sides: Sequence[Side], dice: DiceSource, change: int = 0
) -> tuple[dict[str, int], int, tuple[Event, ...]]:
    """Each team's Fan Factor and the Fan Attendance (their sum).

    FF is the ruleset's fan-factor die (a D3) plus the team's Dedicated Fans and what its
    sidelines add to the Fan Factor (the Mob), then the Pebblemuck Attribute's ``change``
    (applied after the roll, never below 0).
    """
    factors: dict[str, int] = {}
    events = []
    for side in sides:
        rolls = roll_dice(dice, ruleset.parameters.dedicated_fans.fan_factor_dice)
        fans = side.fans(ruleset)
        staff = sideline_modifier(ruleset, side.held_sidelines(ruleset), FAN_FACTOR)
        factor = max(0, sum(rolls) + fans + staff + change)
        factors[side.id] = factor
        detail = {"dedicated_fans": fans, "sidelines": staff, "attribute_change": change}
        events.append(Event("fan-factor", side.id, rolls, str(factor), detail))
    attendance = sum(factors.values())
    events.append(Event("fan-attendance", None, (), str(attendance), {"fan_factors": dict(factors)}))
    return factors, attendance, tuple(events)


# -- 3. the weather -----------------------------------------------------------------------------


def weather(ruleset: Ruleset, sides: Sequence[Side], dice: DiceSource) -> tuple[str, tuple[Event, ...]]:
    """One die per coach, added, read on the table filling the weather role (held to its range)."""
    rules = league_rules(ruleset).prematch
    table = ruleset.table(rules.weather_role)
    rolls = tuple(roll for _ in sides for roll in roll_dice(dice, rules.weather_die_per_coach))
    low, high = table.range or (sum(rolls), sum(rolls))
    total = min(max(sum(rolls), low), high)
    row = table.row_for(total)
    detail = {"table": table.id, "by_coach": {side.id: roll for side, roll in zip(sides, rolls, strict=False)}}
    return row.id, (Event("weather", None, rolls, row.id, detail),)


# -- 4. inducements -----------------------------------------------------------------------------


def inducement_prices(ruleset: Ruleset, side: Side) -> dict[str, int]:
    """Every inducement the side may still buy (fewer held than one of each type allows), with its price."""
    limit = league_rules(ruleset).prematch.inducements_per_type
    stand_in = side.team or Team(name=side.id, players=())
    return {
        inducement.id: inducement_price(ruleset, stand_in, inducement)
        for inducement in ruleset.inducements.values()
        if may_buy(ruleset, stand_in, inducement) and not hires_a_player(inducement) and side.inducements.get(inducement.id, 0) < limit
    }


def _shop(ruleset: Ruleset, side: Side, decisions: SkurlingDecisions, petty_cash: int, treasury: int) -> tuple[Side, InducementPurchase]:
    """One side buys with Petty Cash first, then at most ``treasury`` of its Treasury; what Petty Cash is left is lost."""
    limit = league_rules(ruleset).prematch.inducements_per_type
    prices = inducement_prices(ruleset, side)
    budget = petty_cash + treasury
    bought = {key: count for key, count in decisions.buy_inducements(side.id, prices, budget).items() if count}
    problems = [f"{key!r} is not on offer to this team" for key in bought if key not in prices]
    problems += [f"{count} x {key!r}: a count cannot be negative" for key, count in bought.items() if count < 0]
    problems += [
        f"{key!r}: only {limit} of each inducement per team, building included"
        for key, count in bought.items()
        if side.inducements.get(key, 0) + count > limit
    ]
    cost = sum(prices.get(key, 0) * count for key, count in bought.items())
    if cost > budget:
        problems.append(f"the inducements cost {cost}; the team has {budget} to spend")
    if problems:
        raise UsageError(f"team {side.id!r} cannot buy these inducements: " + "; ".join(problems))
    from_treasury = max(0, cost - petty_cash)
    held = dict(side.inducements)
    for key, count in bought.items():
        held[key] = held.get(key, 0) + count
    purchase = InducementPurchase(side.id, bought, cost, petty_cash, from_treasury, petty_cash - min(cost, petty_cash))
    return attrs.evolve(side, treasury=side.treasury - from_treasury, inducements=held), purchase


def _purchase_event(purchase: InducementPurchase, step: str) -> Event:
    return Event("inducements", purchase.team, result=step, detail={**attrs.asdict(purchase), "bought": dict(purchase.bought)})


def buy_inducements(
    ruleset: Ruleset, sides: tuple[Side, Side], decisions: SkurlingDecisions
) -> tuple[tuple[Side, Side], tuple[InducementPurchase, ...], tuple[Event, ...]]:
    """Steps (a), (b) and (c): the TV comparison and Petty Cash.

    (a) In a league the higher-TV team may spend Treasury (one-off games have none).
    (b) The lower-TV team gets Petty Cash: the TV gap plus what the other spent.
    (c) It spends it, plus up to the ruleset's Petty Cash top-up (50K) of its Treasury in
    a league; unspent
    Petty Cash is lost. Equal TVs: no Petty Cash and no Treasury spending. At a Throwback
    Night there is neither Petty Cash nor Treasury, so the step does nothing.

    Whether there is Petty Cash and Treasury is the ruleset's ``petty_cash.given`` and
    ``petty_cash.from_treasury``, which the ``match`` option sets (the same parameters
    the core's :func:`bbcore.rules.pregame.inducement_budget` reads).
    """
    rules = ruleset.parameters.petty_cash
    if not rules.given and not rules.from_treasury:
        return sides, (), (Event("inducements", None, result="building-only"),)
    first, second = sides
    if first.match_team_value(ruleset) == second.match_team_value(ruleset):
        return sides, (), (Event("inducements", None, result="even", detail={"team_value": first.match_team_value(ruleset)}),)
    higher, lower = (first, second) if first.match_team_value(ruleset) > second.match_team_value(ruleset) else (second, first)
    purchases: list[InducementPurchase] = []
    events: list[Event] = []
    spent = 0
    if rules.from_treasury:
        higher, purchase = _shop(ruleset, higher, decisions, 0, higher.treasury)
        spent = purchase.from_treasury
        purchases.append(purchase)
        events.append(_purchase_event(purchase, "a"))
    petty_cash = higher.match_team_value(ruleset) - lower.match_team_value(ruleset) + spent if rules.given else 0
    top_up = min(rules.treasury_top_up_max, lower.treasury) if rules.from_treasury else 0
    lower, purchase = _shop(ruleset, lower, decisions, petty_cash, top_up)
    purchases.append(purchase)
    events.append(_purchase_event(purchase, "c"))
    by_id = {higher.id: higher, lower.id: lower}
    return (by_id[first.id], by_id[second.id]), tuple(purchases), tuple(events)


# -- 5. the first attacker ----------------------------------------------------------------------


def first_attacker(
    ruleset: Ruleset, sides: Sequence[Side], dice: DiceSource, decisions: SkurlingDecisions, *, coin_only: bool = False
) -> tuple[str, tuple[Event, ...]]:
    """A coin (unless both coaches agree on dice), or each coach rolls 2D6 with ties rolled again; the winner attacks or defends.

    ``coin_only`` (the first match's short rules) tosses the coin without asking.
    """
    rules = league_rules(ruleset).prematch
    ids = [side.id for side in sides]
    method = COIN if coin_only else decisions.agreed_choice(FIRST_ATTACKER_QUESTION, (COIN, DICE)) or COIN
    events: list[Event] = []
    if method == COIN:
        rolls = roll_dice(dice, rules.coin_dice)
        winner = ids[(sum(rolls) - 1) % len(ids)]
        events.append(Event("first-attacker-toss", winner, rolls, winner, {"method": COIN}))
    elif method == DICE:
        while True:
            totals = [roll_dice(dice, rules.first_attacker_dice) for _ in ids]
            sums = [sum(t) for t in totals]
            best = max(sums)
            leaders = [team for team, total in zip(ids, sums, strict=True) if total == best]
            winner_or_none = leaders[0] if len(leaders) == 1 else None
            flat = tuple(r for t in totals for r in t)
            events.append(Event("first-attacker-toss", winner_or_none, flat, winner_or_none or "tie", {"method": DICE, "totals": sums}))
            if winner_or_none is not None:
                winner = winner_or_none
                break
    else:
        raise UsageError(f"the first attacker is found by {COIN!r} or {DICE!r}, not {method!r}")
    choice = decisions.attack_or_defend(winner)
    if choice not in (ATTACK, DEFEND):
        raise UsageError(f"the winner of the toss chooses {ATTACK!r} or {DEFEND!r}, not {choice!r}")
    attacker = winner if choice == ATTACK else next(team for team in ids if team != winner)
    events.append(Event("first-attacker", attacker, result=choice, detail={"chosen_by": winner}))
    return attacker, tuple(events)


# -- the runner ---------------------------------------------------------------------------------


def run_pre_match(ruleset: Ruleset, home: Side, away: Side, dice: DiceSource, decisions: SkurlingDecisions | None = None) -> PreMatch:
    """Every pre-match step in order for the ruleset's ``match`` profile; a ``prematch-step`` event marks each step run."""
    decisions = decisions or DefaultSkurlingDecisions()
    profile = match_profile(ruleset)
    sides: tuple[Side, Side] = (home, away)
    events: list[Event] = []
    muck: Pebblemuck | None = None
    factors: dict[str, int] | None = None
    attendance: int | None = None
    sky: str | None = None
    purchases: tuple[InducementPurchase, ...] = ()

    def step(name: str) -> None:
        events.append(Event("prematch-step", None, result=name, detail={"profile": profile}))

    if profile != FIRST_MATCH:
        step("pebblemuck")
        muck, found = pebblemuck(ruleset, dice, decisions, profile=profile, sides=sides)
        events.extend(found)
        step("fans")
        factors, attendance, found = fan_factors(ruleset, sides, dice, muck.fan_factor_change)
        events.extend(found)
        step("weather")
        sky, found = weather(ruleset, sides, dice)
        events.extend(found)
        step("inducements")
        sides, purchases, found = buy_inducements(ruleset, sides, decisions)
        events.extend(found)
    step("first-attacker")
    attacker, found = first_attacker(ruleset, sides, dice, decisions, coin_only=profile == FIRST_MATCH)
    events.extend(found)
    return PreMatch(profile, muck, factors, attendance, sky, purchases, sides, attacker, tuple(events))


__all__ = [
    "FIRST_MATCH",
    "LEAGUE",
    "ONE_OFF",
    "THROWBACK",
    "InducementPurchase",
    "Pebblemuck",
    "PreMatch",
    "Side",
    "buy_inducements",
    "fan_factors",
    "first_attacker",
    "inducement_prices",
    "match_profile",
    "pebblemuck",
    "run_pre_match",
    "weather",
]
