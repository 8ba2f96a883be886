"""What a team may buy from the active inducement list, at what price, and why not.

The list is the ruleset's (a pack's, when one is selected). Everything here reads
the list's data: limits, conditional limits, groups, eligibility and its
alternatives, prices with conditions, and the terms of inducements that hire a
player. The team checks (:mod:`bbcore.teams.checks`) and the ``inducements``
command build on these.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs
from attrs import field, frozen

from bbcore.model.team import InducementOrder
from bbcore.render.text import condition_text, either
from bbcore.teams.valuation import inducement_limit, may_buy, order_price, team_roster

if TYPE_CHECKING:
    from bbcore.model.common import Condition
    from bbcore.model.inducement import Inducement, InducementStake
    from bbcore.model.team import Team
    from bbcore.ruleset import Ruleset


def entity_name(ruleset: Ruleset, kind: str, entity_id: str) -> str:
    """The display name of a roster, special rule or league, or its id when the ruleset lacks it."""
    found: Any = {"roster": ruleset.rosters, "special-rule": ruleset.special_rules, "league": ruleset.leagues}[kind].get(entity_id)
    return str(found.name) if found is not None else entity_id


def condition_in_words(ruleset: Ruleset, condition: Condition | None) -> str:
    """Who a condition admits, with plain names: ``teams of the Underworld Challenge league``."""
    return condition_text(condition, lambda kind, entity_id: entity_name(ruleset, kind, entity_id))


def eligibility_in_words(ruleset: Ruleset, inducement: Inducement) -> str:
    """Who may buy an inducement: its condition, and one of its alternatives when it lists some."""
    if not inducement.eligibility_any:
        return condition_in_words(ruleset, inducement.eligibility)
    alternatives = either([condition_in_words(ruleset, c) for c in inducement.eligibility_any])
    if inducement.eligibility is None:
        return alternatives
    return f"{condition_in_words(ruleset, inducement.eligibility)}, if also {alternatives}"


def eligibility_reason(ruleset: Ruleset, team: Team, inducement: Inducement) -> str | None:
    """Why a team may not buy an inducement (``only for ...``), or None when it may."""
    if may_buy(ruleset, team, inducement):
        return None
    return f"only for {eligibility_in_words(ruleset, inducement)}"


def hires_a_player(inducement: Inducement) -> bool:
    """Whether an order for the inducement names the player hired: it has hiring terms or a price that adds the player's cost."""
    return inducement.hire is not None or any(c.plus_position_cost for c in inducement.costs)


def stake_problem(inducement: Inducement, order: InducementOrder) -> str | None:
    """What is wrong with an order's stake (none named, one not allowed, or one outside the inducement's terms), or None."""
    terms = inducement.stake
    if terms is None:
        return None if order.stake is None else f"{inducement.name} takes no stake"
    if order.stake is None:
        return f"{inducement.name}: name the stake (stake: {terms.min} to {terms.max}); it is the price"
    if not terms.admits(order.stake):
        return f"{inducement.name}: a stake of {order.stake} is not {terms.min} to {terms.max} in steps of {terms.step}"
    return None


def undecided_leagues(ruleset: Ruleset, team: Team) -> tuple[str, ...]:
    """The leagues a team might play in when its file names none and its roster plays in several; empty when settled."""
    if team.league is not None:
        return ()
    roster = team_roster(ruleset, team)
    return tuple(roster.leagues) if roster is not None and len(roster.leagues) > 1 else ()


def prices_by_league(ruleset: Ruleset, team: Team, inducement: Inducement, order: InducementOrder | None = None) -> dict[str, int | None]:
    """What an inducement costs the team in each league it might play in (None: not open to it there).

    Empty when the team's league is settled, or when the league would change
    neither whether it may buy the inducement nor its price: then the league does
    not decide. Otherwise the team file's ``league:`` decides.
    """
    outcomes: dict[str, int | None] = {}
    for league in undecided_leagues(ruleset, team):
        in_league = attrs.evolve(team, league=league)
        outcomes[league] = order_price(ruleset, in_league, inducement, order) if may_buy(ruleset, in_league, inducement) else None
    return outcomes if len(set(outcomes.values())) > 1 else {}


@frozen
class InducementOffer:
    """One entry of the active list as a team sees it.

    ``max`` is the team's limit (a special limit it meets applied; None: no limit).
    ``price`` is what one costs the team; for an inducement that hires a player it
    is the listed price before the player's own cost, and ``positions`` gives the
    full price of one for each position the team may hire. ``skill_cost`` is what
    a skill bought with a hired player adds. ``reason`` says why ``eligible`` is
    false. ``by_league`` is set when the team's file names no league and the
    league would change the entry: price per league, None where it is not open.
    ``hires_player`` is set when an order names the player hired: one that may hire
    from any roster (a Star Player) lists no ``positions`` and costs ``price`` plus
    the position's own cost. ``stake`` is set when the price is a stake the order
    names (``price`` is then the least stake).
    """

    id: str
    name: str
    min: int
    max: int | None
    price: int
    eligible: bool
    reason: str | None = None
    group: str | None = None
    plus_position_cost: bool = False
    positions: Mapping[str, int] = field(factory=dict)
    skill_cost: int | None = None
    by_league: Mapping[str, int | None] = field(factory=dict)
    hires_player: bool = False
    stake: InducementStake | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "min": self.min,
            "max": self.max,
            "price": self.price,
            "eligible": self.eligible,
            "reason": self.reason,
            "group": self.group,
        }
        if self.plus_position_cost:
            data["plus_position_cost"] = True
        if self.positions:
            data["positions"] = dict(self.positions)
        if self.skill_cost is not None:
            data["skill_cost"] = self.skill_cost
        if self.by_league:
            data["by_league"] = dict(self.by_league)
        if self.hires_player:
            data["hires_player"] = True
        if self.stake is not None:
            data["stake"] = {"min": self.stake.min, "max": self.stake.max, "step": self.stake.step}
        return data


def inducement_offer(ruleset: Ruleset, team: Team, inducement: Inducement) -> InducementOffer:
    """How one inducement of the active list stands for a team: its limit, price, and whether it may buy it."""
    roster = team_roster(ruleset, team)
    hire = inducement.hire
    positions: dict[str, int] = {}
    if hire is not None and hire.positions == "own-roster" and roster is not None:
        for position in roster.positions:
            ref = f"{roster.id}/{position.id}"
            positions[ref] = order_price(ruleset, team, inducement, InducementOrder(inducement.id, position=ref))
    return InducementOffer(
        id=inducement.id,
        name=inducement.name,
        min=inducement.min,
        max=inducement_limit(ruleset, team, inducement),
        price=order_price(ruleset, team, inducement),
        eligible=may_buy(ruleset, team, inducement),
        reason=eligibility_reason(ruleset, team, inducement),
        group=inducement.group,
        plus_position_cost=any(c.plus_position_cost for c in inducement.costs),
        positions=positions,
        skill_cost=hire.skill.cost if hire is not None and hire.skill is not None else None,
        by_league=prices_by_league(ruleset, team, inducement),
        hires_player=hires_a_player(inducement),
        stake=inducement.stake,
    )


def inducement_offers(ruleset: Ruleset, team: Team) -> tuple[InducementOffer, ...]:
    """Every inducement of the active list, in the list's order, as the team sees it (the ones it may not buy included)."""
    return tuple(inducement_offer(ruleset, team, inducement) for inducement in ruleset.inducements.values())


def count_prices(offers: Iterable[InducementOffer]) -> dict[str, int]:
    """The price of one of each offered inducement that is bought by count alone: every one that hires no player
    (one with a stake at its least stake)."""
    return {offer.id: offer.price for offer in offers if not offer.hires_player}
