"""What a team costs to draft and what it is worth (Team Value)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.errors import UsageError
from bbcore.model.common import Condition
from bbcore.rules.league import value_increase

if TYPE_CHECKING:
    from bbcore.model.inducement import Inducement
    from bbcore.model.roster import Position, Roster
    from bbcore.model.team import InducementOrder, Team, TeamPlayer
    from bbcore.ruleset import Ruleset


@frozen
class CostItem:
    """One line of a team's bill: what, how much to buy, and how much it adds to Team Value."""

    label: str
    cost: int
    value: int


@frozen
class TeamValuation:
    cost: int
    team_value: int
    current_team_value: int
    items: tuple[CostItem, ...] = ()


def team_roster(ruleset: Ruleset, team: Team) -> Roster | None:
    """The roster a team is drafted from: its ``roster`` field, or its first player's."""
    roster_id = team.roster or (team.players[0].roster_id if team.players else None)
    return ruleset.rosters.get(roster_id) if roster_id else None


def team_special_rules(ruleset: Ruleset, team: Team) -> set[str]:
    """The special rules a team has: its roster's fixed ones, league ones that apply, and its choices."""
    roster = team_roster(ruleset, team)
    rules: set[str] = set(team.special_rules)
    if roster is not None:
        for rule in roster.special_rules:
            if rule.rule is not None and (rule.league is None or rule.league == team.league):
                rules.add(rule.rule)
    return rules


def condition_holds(ruleset: Ruleset, team: Team, condition: Condition | None) -> bool:
    if condition is None:
        return True
    roster = team_roster(ruleset, team)
    if condition.special_rules is not None and not set(condition.special_rules) & team_special_rules(ruleset, team):
        return False
    if condition.leagues is not None:
        leagues = {team.league} if team.league else set(roster.leagues if roster else ())
        if not set(condition.leagues) & leagues:
            return False
    if condition.rosters is not None and (roster is None or roster.id not in condition.rosters):
        return False
    if condition.tiers is not None and (roster is None or roster.tier not in condition.tiers):
        return False
    return not (condition.apothecary is not None and (roster is None or roster.apothecary != condition.apothecary))


def may_buy(ruleset: Ruleset, team: Team, inducement: Inducement) -> bool:
    """Whether a team meets an inducement's eligibility: its condition, and one of its alternatives when it lists some."""
    if not condition_holds(ruleset, team, inducement.eligibility):
        return False
    return not inducement.eligibility_any or any(condition_holds(ruleset, team, c) for c in inducement.eligibility_any)


def inducement_price(ruleset: Ruleset, team: Team, inducement: Inducement) -> int:
    """The lowest listed price the team qualifies for."""
    prices = [c.cost for c in inducement.costs if condition_holds(ruleset, team, c.condition)]
    return min(prices) if prices else min(c.cost for c in inducement.costs)


def inducement_limit(ruleset: Ruleset, team: Team, inducement: Inducement) -> int | None:
    """How many the team may buy: the inducement's max, or that of the last special limit whose condition it meets (None: no limit)."""
    limit = inducement.max
    for special in inducement.limits:
        if condition_holds(ruleset, team, special.condition):
            limit = special.max
    return limit


def hired_position(ruleset: Ruleset, order: InducementOrder) -> Position | None:
    """The position an order hires, if it names one that exists."""
    if order.roster_id is None or order.position_id is None:
        return None
    roster = ruleset.rosters.get(order.roster_id)
    return roster.position(order.position_id) if roster else None


def order_price(ruleset: Ruleset, team: Team, inducement: Inducement, order: InducementOrder | None = None) -> int:
    """What one of an order costs the team.

    The lowest listed price the team qualifies for; a price that adds the hired
    player's cost adds that of the order's position, and a skill bought with a hired
    player adds the inducement's skill price. Without an order (or a position) it is
    the listed price alone. An order's stake, for an inducement that is one, is its price.
    """
    if order is not None and order.stake is not None and inducement.stake is not None:
        return order.stake
    position = hired_position(ruleset, order) if order is not None else None
    extra = position.cost if position is not None else 0
    qualifying = [c for c in inducement.costs if condition_holds(ruleset, team, c.condition)] or list(inducement.costs)
    price = min(c.cost + (extra if c.plus_position_cost else 0) for c in qualifying)
    hire = inducement.hire
    if order is not None and order.skill is not None and hire is not None and hire.skill is not None:
        price += hire.skill.cost
    return price


def staff_count(value: object) -> int:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)  # ``2.0``: the schema takes it as the whole number it is
    if isinstance(value, tuple | list):
        return len(value)
    return 0


def hiring_fee(ruleset: Ruleset, player: TeamPlayer) -> int:
    """The Hiring Fee of the player's position (0 for a position that does not exist: the team checks report it)."""
    roster = ruleset.rosters.get(player.roster_id)
    position = roster.position(player.position_id) if roster else None
    return position.cost if position else 0


def player_value(ruleset: Ruleset, player: TeamPlayer) -> int:
    """A player's Current Value: hiring fee plus the value increase of each advancement."""
    value = hiring_fee(ruleset, player)
    for advancement in player.advancements:
        skill = ruleset.skills.get(advancement.skill.id) if advancement.skill else None
        try:
            value += value_increase(ruleset, advancement.kind, elite=skill is not None and skill.elite)
        except UsageError:
            continue  # an unknown kind is reported by the team checks, not priced here
    return value


def draft_reroll_price(ruleset: Ruleset, team: Team) -> int:
    """What one team re-roll costs at the draft (and counts in the Team Value): the parameters' fixed price, or the
    roster's."""
    fixed = ruleset.parameters.rerolls.fixed_cost
    if fixed is not None:
        return fixed
    roster = team_roster(ruleset, team)
    return roster.reroll_cost if roster else 0


def trophy_rerolls(ruleset: Ruleset, team: Team) -> int:
    """The free team re-rolls a team holding the League Trophy has (``league.trophy_rerolls``); 0 for any other."""
    return ruleset.parameters.league.trophy_rerolls if team.league_trophy else 0


def core_valuation(ruleset: Ruleset, team: Team) -> TeamValuation:
    """Blood Bowl 2025: players at Current Value, re-rolls and staff count; fans and inducements are bought but not counted.

    The Current Team Value leaves out the players who miss the next game and, for a team
    with Low Cost Linemen, its Linemen's Hiring Fees (not their value increases).
    """
    params = ruleset.parameters
    rules = team_special_rules(ruleset, team)
    items: list[CostItem] = []
    unavailable = 0
    free_fees = 0
    for player in team.players:
        value = player_value(ruleset, player)
        player_roster = ruleset.rosters.get(player.roster_id)
        position = player_roster.position(player.position_id) if player_roster else None
        fee = hiring_fee(ruleset, player)
        items.append(CostItem(f"{player.name} ({player.position})", fee, value))
        if not player.available:
            unavailable += value
        elif params.low_cost_linemen_rule in rules and position is not None and "Lineman" in position.keywords:
            # Low Cost Linemen: a Lineman's Hiring Fee counts 0 in the Current Team Value; his value increases count.
            free_fees += fee
    reroll_price = draft_reroll_price(ruleset, team)
    if team.rerolls:
        items.append(CostItem(f"{team.rerolls} team re-roll(s)", team.rerolls * reroll_price, team.rerolls * reroll_price))
    trophy = trophy_rerolls(ruleset, team)
    if trophy:
        # The League Trophy's re-rolls cost nothing, but count towards the Team Value like any other.
        items.append(CostItem(f"{trophy} League Trophy re-roll(s)", 0, trophy * reroll_price))
    for staff_id, amount in team.staff.items():
        count = staff_count(amount)
        if staff_id == "dedicated-fans":
            extra = max(0, count - params.dedicated_fans.start)
            if extra:
                items.append(CostItem(f"{extra} extra Dedicated Fans", extra * params.dedicated_fans.cost, 0))
        elif staff_id in params.staff and count:
            terms = params.staff[staff_id]
            items.append(CostItem(f"{count} x {terms.name}", count * terms.cost, count * terms.cost))
    for order in team.inducements:
        inducement = ruleset.inducements.get(order.id)
        if inducement is not None:
            price = order_price(ruleset, team, inducement, order)
            hired = f" ({order.position})" if order.position else ""
            items.append(CostItem(f"{order.count} x {inducement.name}{hired}", order.count * price, 0))
    cost = sum(i.cost for i in items)
    team_value = sum(i.value for i in items)
    return TeamValuation(cost, team_value, team_value - unavailable - free_fees, tuple(items))


def value_team(ruleset: Ruleset, team: Team) -> TeamValuation:
    """Cost and Team Value under the ruleset, through the ``bbcore_team_valuation`` hook."""
    result: TeamValuation = ruleset.hook.bbcore_team_valuation(ruleset=ruleset, team=team)
    return result
