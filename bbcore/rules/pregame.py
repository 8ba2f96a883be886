"""The pre-game sequence: Fan Factors, the weather, Journeymen, inducements, Prayers to Nuffle and the kicking team.

Each step is a procedure ``(ruleset, state, dice, decisions) -> (state, events)``
registered by the core under its step id. Teams roll in the order home, away.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from bbcore.dice import DiceSource, roll_dice, roll_on_table
from bbcore.errors import UsageError
from bbcore.model.inducement import NEITHER_PLAYS
from bbcore.model.team import InducementOrder, Team, TeamPlayer
from bbcore.rules.board import Status, player_from_position
from bbcore.rules.conditions import WEATHER_ROLE, with_conditions
from bbcore.rules.decisions import Decisions, inducement_orders_from
from bbcore.rules.events import Event
from bbcore.rules.hired_players import hired_players
from bbcore.rules.prayers import answer_prayer
from bbcore.rules.sequences import GameState, StepProcedure, TeamState, inducement_rerolls
from bbcore.teams.checks import hired_player_problems, inducement_choice_problems
from bbcore.teams.purchases import InducementOffer, count_prices, inducement_offers
from bbcore.teams.valuation import order_price, team_roster, value_team

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The table roles the pre-game steps roll on (the weather's is the conditions' own).
PRAYERS_ROLE = "prayers-to-nuffle"


# -- the fans ------------------------------------------------------------------------------------


def fan_factors(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """Each team's Fan Factor for this game: its Dedicated Fans plus a die of fair-weather fans (``fan_factor_dice``)."""
    events = []
    for team in state.teams:
        rolls = roll_dice(dice, ruleset.parameters.dedicated_fans.fan_factor_dice)
        fan_factor = team.dedicated_fans + sum(rolls)
        state = state.update_team(team.id, fan_factor=fan_factor)
        events.append(
            Event("fan-factor", team.id, rolls, str(fan_factor), {"dedicated_fans": team.dedicated_fans, "fan_factor": fan_factor})
        )
    return state, tuple(events)


# -- the weather --------------------------------------------------------------------------------


def roll_weather(ruleset: Ruleset, state: GameState, dice: DiceSource, modifier: int = 0) -> tuple[GameState, tuple[Event, ...]]:
    """A new weather: a roll on the table filling the ``weather`` role, replacing whatever held before; the board's
    conditions follow it (:func:`bbcore.rules.conditions.with_conditions`).

    ``modifier`` is added to the roll (the total held to the table's range): a coach
    who may change a weather roll (an inducement's weather mage) chooses it, asked
    through ``Decisions.weather_modifier`` by the procedure that offers the choice.
    """
    rolled = roll_on_table(ruleset.table(WEATHER_ROLE), dice, modifier)
    detail = {"table": rolled.table.id, "previous": state.weather, "modifier": modifier}
    event = Event("weather", None, rolled.rolls, rolled.row.id, detail)
    return with_conditions(ruleset, attrs.evolve(state, weather=rolled.row.id)), (event,)


def weather(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The weather the game starts in."""
    return roll_weather(ruleset, state, dice)


# -- journeymen ----------------------------------------------------------------------------------


def journeyman_positions(ruleset: Ruleset, roster_id: str) -> tuple[str, ...]:
    """The positions (``roster/position``) a roster may take Journeymen from.

    Those carrying the ``journeymen.keyword`` keyword (Lineman) whose roster limit is
    ``journeymen.position_max`` (0-16): a Lineman position with a lower limit never
    supplies Journeymen.
    """
    rules = ruleset.parameters.journeymen
    roster = ruleset.roster(roster_id)
    return tuple(f"{roster.id}/{p.id}" for p in roster.positions if rules.keyword in p.keywords and p.max == rules.position_max)


def _stand_in(team: TeamState, players: tuple[TeamPlayer, ...] = (), orders: tuple[InducementOrder, ...] | None = None) -> Team:
    """A team file carrying what the valuation and the inducement rules look at: roster, special rules, league, the
    players given and the inducements held (``orders``, else the team's counts as plain orders)."""
    held = tuple(InducementOrder(key, count) for key, count in team.inducements.items()) if orders is None else orders
    return Team(
        name=team.name,
        players=players,
        roster=team.roster,
        league=team.league,
        special_rules=team.special_rules,
        inducements=held,
    )


def _hire_journeymen(
    ruleset: Ruleset, state: GameState, team: TeamState, count: int, decisions: Decisions
) -> tuple[GameState, tuple[tuple[str, str], ...]]:
    """``count`` Journeymen for the team, in the Reserves, each of a Journeyman position (the coach picks when
    there are several) with the ``journeymen.skills``: the state and (player id, position) for each."""
    skills = {skill.id: skill.value for skill in ruleset.parameters.journeymen.skills}
    positions = journeyman_positions(ruleset, team.roster)
    board = state.board
    hired: list[tuple[str, str]] = []
    for _ in range(count):
        position = positions[0] if len(positions) == 1 else decisions.journeyman_position(team.id, positions)
        if position not in positions:
            raise UsageError(f"{position!r} is not a Journeyman position of team {team.id!r}; they are {', '.join(positions)}")
        number = 1
        while f"{team.id}-journeyman-{number}" in board.players:
            number += 1
        player_id = f"{team.id}-journeyman-{number}"
        board = board.with_player(player_from_position(ruleset, player_id, team.id, position, None, Status.RESERVES, skills))
        hired.append((player_id, position))
    state = attrs.evolve(state, board=board, journeymen=state.journeymen + tuple(pid for pid, _ in hired))
    return state, tuple(hired)


def take_on_journeymen(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """Make each short-handed team up to ``players_on_pitch`` with Journeymen, then add those its inducements bring.

    A team's players able to play are its players on the board who are in the Reserves
    or on the pitch (the caller leaves off the board those who miss the game). Each
    Journeyman is a player of a Journeyman position with the ``journeymen.skills``
    (Loner (4+)) added, placed in the Reserves. With several such positions the coach
    picks one for each Journeyman (``Decisions.journeyman_position``); with none the team
    plays short. Journeymen count towards the team's CTV, valued through
    :func:`bbcore.teams.value_team` as if they were on the team. A team already holding
    an inducement with a ``journeymen`` effect (Riotous Rookies) then takes on those too
    (:func:`inducement_journeymen`).
    """
    events = []
    for team in state.teams:
        able = [p for p in state.board.team_players(team.id) if p.status is Status.RESERVES or p.on_pitch]
        missing = ruleset.parameters.players_on_pitch - len(able)
        if missing > 0 and not journeyman_positions(ruleset, team.roster):
            events.append(Event("journeymen", team.id, result="no-position", detail={"missing": missing}))
        elif missing > 0:
            state, hired = _hire_journeymen(ruleset, state, team, missing, decisions)
            value = value_team(
                ruleset, _stand_in(team, tuple(TeamPlayer(name=pid, position=pos) for pid, pos in hired), ())
            ).current_team_value
            state = state.update_team(team.id, ctv=team.ctv + value)
            events.append(
                Event(
                    "journeymen",
                    team.id,
                    result=str(len(hired)),
                    detail={
                        "players": [pid for pid, _ in hired],
                        "positions": [pos for _, pos in hired],
                        "value": value,
                        "ctv": team.ctv + value,
                    },
                )
            )
        state, more = inducement_journeymen(ruleset, state, team.id, state.team(team.id).inducements, dice, decisions)
        events.extend(more)
    return state, tuple(events)


def inducement_journeymen(
    ruleset: Ruleset, state: GameState, team_id: str, inducements: Mapping[str, int], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """The Journeymen that ``inducements`` (ids and counts the team holds) bring for the game: for each ``journeymen``
    effect, its dice plus its ``by`` more, hired as :func:`take_on_journeymen` hires them (past any roster limit).
    Judgement call: having been paid for as an inducement, they do not add to the team's CTV. They are kept in
    ``GameState.induced_journeymen`` as well as in ``journeymen``."""
    team = state.team(team_id)
    events: list[Event] = []
    for inducement_id, held in sorted(inducements.items()):
        inducement = ruleset.inducements.get(inducement_id)
        effects = [e for e in inducement.effects if e.journeymen is not None] if inducement is not None and held > 0 else []
        for effect in effects * held:
            assert effect.journeymen is not None
            rolls = roll_dice(dice, effect.journeymen)
            count = sum(rolls) + (effect.by or 0)
            if not journeyman_positions(ruleset, team.roster):
                events.append(Event("journeymen", team_id, rolls, "no-position", {"inducement": inducement_id, "missing": count}))
                continue
            state, hired = _hire_journeymen(ruleset, state, state.team(team_id), count, decisions)
            state = attrs.evolve(state, induced_journeymen=state.induced_journeymen + tuple(pid for pid, _ in hired))
            detail = {"inducement": inducement_id, "players": [pid for pid, _ in hired], "positions": [pos for _, pos in hired]}
            events.append(Event("journeymen", team_id, rolls, str(len(hired)), detail))
    return state, tuple(events)


# -- inducements ---------------------------------------------------------------------------------


@frozen
class InducementBudget:
    """What a team may spend on inducements before a game.

    ``petty_cash`` is spent first and whatever is left of it is lost; ``treasury``
    is the most the team may add from its Treasury.
    """

    petty_cash: int
    treasury: int

    @property
    def total(self) -> int:
        return self.petty_cash + self.treasury


def inducement_budget(ruleset: Ruleset, ctv: int, treasury: int, opponent_ctv: int, opponent_from_treasury: int = 0) -> InducementBudget:
    """How much a team of Current Team Value ``ctv`` may spend against a team of ``opponent_ctv``.

    The team with the higher CTV buys first, from its Treasury alone. The other gets
    Petty Cash: the gap between the two CTVs plus ``opponent_from_treasury``, the gold
    the first team took from its Treasury, and may add up to
    ``petty_cash.treasury_top_up_max`` of its own Treasury. With equal CTVs neither
    team buys anything. A ruleset whose ``petty_cash.given`` is false gives no Petty
    Cash, one whose ``petty_cash.from_treasury`` is false lets no Treasury be spent.
    """
    rules = ruleset.parameters.petty_cash
    usable = treasury if rules.from_treasury else 0
    if ctv == opponent_ctv:
        return InducementBudget(0, 0)
    if ctv > opponent_ctv:
        return InducementBudget(0, usable)
    petty_cash = opponent_ctv - ctv + opponent_from_treasury if rules.given else 0
    return InducementBudget(petty_cash, min(rules.treasury_top_up_max, usable))


def team_inducement_budget(ruleset: Ruleset, team: Team, opponent_ctv: int, opponent_from_treasury: int = 0) -> InducementBudget:
    """:func:`inducement_budget` for a team file: its Current Team Value (:func:`~bbcore.teams.value_team`) with the
    Journeymen it will take on (see :func:`take_on_journeymen`; of the roster's first Journeyman position, as a coach who
    is not asked takes them), and its treasury."""
    missing = ruleset.parameters.players_on_pitch - sum(1 for player in team.players if player.available)
    roster = team_roster(ruleset, team)
    positions = journeyman_positions(ruleset, roster.id) if missing > 0 and roster is not None else ()
    stand_ins = tuple(TeamPlayer(name=f"journeyman-{number + 1}", position=positions[0]) for number in range(missing)) if positions else ()
    ctv = value_team(ruleset, attrs.evolve(team, players=(*team.players, *stand_ins))).current_team_value
    return inducement_budget(ruleset, ctv, team.treasury, opponent_ctv, opponent_from_treasury)


def _able_players(state: GameState, team_id: str) -> tuple[TeamPlayer, ...]:
    """The team's players on the board able to play (in the Reserves or on the pitch), as team-file players: what a
    hired player's limits are counted against."""
    return tuple(
        TeamPlayer(name=p.id, position=p.position or "")
        for p in state.board.team_players(team_id)
        if p.status is Status.RESERVES or p.on_pitch
    )


def _held(ruleset: Ruleset, team: TeamState) -> tuple[InducementOrder, ...]:
    """The inducements a team holds as plain orders, for counting toward limits."""
    stakes = {key: inducement.stake for key, inducement in ruleset.inducements.items()}
    return tuple(InducementOrder.counted(key, count, stakes.get(key)) for key, count in team.inducements.items())


def pregame_offers(ruleset: Ruleset, state: GameState, team_id: str) -> tuple[InducementOffer, ...]:
    """Every inducement of the active list the team may buy before this game, with its limit and prices for this
    team: those that hire a player (Mercenaries, Star Players) and those whose price is a stake included."""
    team = state.team(team_id)
    return _eligible(ruleset, _stand_in(team, _able_players(state, team_id), _held(ruleset, team)))


def _eligible(ruleset: Ruleset, stand_in: Team) -> tuple[InducementOffer, ...]:
    return tuple(offer for offer in inducement_offers(ruleset, stand_in) if offer.eligible)


def inducement_offer(ruleset: Ruleset, team: TeamState) -> dict[str, int]:
    """Every inducement of the active list the team may buy by count alone, with its price for this team.

    Inducements that hire a named player (mercenaries, stars) are left out: their
    price depends on the position hired, which a count cannot say; they are in
    :func:`pregame_offers`.
    """
    return count_prices(_eligible(ruleset, _stand_in(team)))


def _order_detail(order: InducementOrder) -> dict[str, object]:
    detail: dict[str, object] = {"id": order.id, "count": order.count}
    if order.position is not None:
        detail["position"] = order.position
    if order.skill is not None:
        detail["skill"] = order.skill.id
    if order.stake is not None:
        detail["stake"] = order.stake
    return detail


def _shop(ruleset: Ruleset, state: GameState, team_id: str, decisions: Decisions, budget: InducementBudget) -> tuple[GameState, int, Event]:
    """One team buys inducements with its budget: Petty Cash first, then up to ``budget.treasury`` of its Treasury.

    Returns the new state, the gold taken from the Treasury and the event.
    """
    team = state.team(team_id)
    players, held = _able_players(state, team_id), _held(ruleset, team)
    offers = _eligible(ruleset, _stand_in(team, players, held))
    on_offer = {offer.id for offer in offers}
    petty_cash = budget.petty_cash
    orders = tuple(order for order in inducement_orders_from(decisions, team.id, offers, budget.total) if order.count)
    problems = [f"{order.id!r} is not on offer to this team" for order in orders if order.id not in on_offer]
    problems += [f"{order.count} x {order.id!r}: a count cannot be negative" for order in orders if order.count < 0]
    priced = _stand_in(team, players, (*held, *orders))
    cost = sum(order_price(ruleset, priced, ruleset.inducement(o.id), o) * o.count for o in orders if o.id in on_offer)
    if cost > budget.total:
        problems.append(f"the inducements cost {cost}; the team has {budget.total} to spend")
    problems += [p.message for p in inducement_choice_problems(ruleset, priced)]
    problems += [p.message for p in hired_player_problems(ruleset, _stand_in(team, players, orders))]
    if problems:
        raise UsageError(f"team {team.id!r} cannot buy these inducements: " + "; ".join(problems))
    bought: dict[str, int] = {}
    for order in orders:
        bought[order.id] = bought.get(order.id, 0) + order.count
    combined = dict(team.inducements)
    for key, count in bought.items():
        combined[key] = combined.get(key, 0) + count
    spent_treasury = max(0, cost - petty_cash)
    added = inducement_rerolls(ruleset, bought)
    per_half = None if team.rerolls_per_half is None else team.rerolls_per_half + added
    state = state.update_team(
        team.id,
        inducements=combined,
        orders=team.orders + orders,
        treasury=team.treasury - spent_treasury,
        rerolls=team.rerolls + added,
        rerolls_per_half=per_half,
    )
    detail: dict[str, object] = {
        "bought": bought,
        "cost": cost,
        "petty_cash": petty_cash,
        "from_treasury": spent_treasury,
        "petty_cash_lost": petty_cash - min(cost, petty_cash),
    }
    with_terms = [_order_detail(order) for order in orders if (order.position, order.skill, order.stake) != (None, None, None)]
    if with_terms:
        detail["orders"] = with_terms
    return state, spent_treasury, Event("inducements", team.id, result="bought" if bought else "none", detail=detail)


def _hire_bought_players(
    ruleset: Ruleset, state: GameState, team_id: str, orders: tuple[InducementOrder, ...]
) -> tuple[GameState, tuple[Event, ...]]:
    """The players the team's ``orders`` (bought before this game) hire, put in its Reserves at once as Journeymen are
    (:func:`~bbcore.rules.hired_players.hired_players`: those naming a position, and those a plugin makes a player of).

    A position the opponent hires too under the same inducement, on terms that field
    neither (``if_both_hire: neither-plays``), is fielded by neither: nobody is hired
    for it here, and the opponent's player hired with its team file leaves the board.
    """
    other = next(team for team in state.teams if team.id != team_id)
    players = hired_players(ruleset, team_id, orders, tuple(state.board.players), opposing_orders=other.held_orders)
    board = state.board
    for player in players:
        board = board.with_player(player)
    clashes = {(order.id, order.position) for order in orders if order.position is not None and _neither_plays(ruleset, order.id)}
    brought = other.team.inducements if other.team is not None else ()
    clashing = {order.position for order in brought if (order.id, order.position) in clashes}
    left_out = tuple(p.id for p in board.team_players(other.id) if p.hired and p.star and p.position in clashing)
    for player_id in left_out:
        board = board.without(player_id)
    state = attrs.evolve(state, board=board)
    if not players and not left_out:
        return state, ()
    detail = {"players": [p.id for p in players], "positions": [p.position for p in players], "fielded_by_neither": list(left_out)}
    return state, (Event("hired-players", team_id, result=str(len(players)), detail=detail),)


def _neither_plays(ruleset: Ruleset, inducement_id: str) -> bool:
    terms = ruleset.inducement(inducement_id).hire
    return terms is not None and terms.if_both_hire == NEITHER_PLAYS


def buy_inducements(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """Both teams buy inducements before the game, the higher Current Team Value first.

    Each team's budget is :func:`inducement_budget`: the higher CTV spends from its
    Treasury alone, the other gets Petty Cash (the gap plus what the first took from
    its Treasury) and a capped top-up from its own Treasury. With equal CTVs neither
    team buys anything. What to buy is asked of the coach (:func:`~bbcore.rules.decisions.inducement_orders_from`:
    as orders, naming the players hired, of a coach who answers
    :class:`~bbcore.rules.decisions.OrdersInducements`, else by count through
    ``Decisions.buy_inducements``); a purchase over budget, not on offer, beyond an
    inducement's limits or hiring a player the team may not field is an error listing
    every problem. The orders are kept in ``TeamState.orders``. Journeymen that a
    purchase brings (Riotous Rookies) join at once (:func:`inducement_journeymen`), and
    so do the players it hires (Mercenaries, Star Players, a plugin's own), in the
    Reserves, marked ``hired``; the caller adds only those hired with the team file.
    """
    home, away = state.teams
    if home.ctv == away.ctv:
        return state, (Event("inducements", None, result="even", detail={"ctv": home.ctv}),)
    higher, lower = (home, away) if home.ctv > away.ctv else (away, home)
    budget = inducement_budget(ruleset, higher.ctv, higher.treasury, lower.ctv)
    state, spent, first = _shop(ruleset, state, higher.id, decisions, budget)
    budget = inducement_budget(ruleset, lower.ctv, lower.treasury, higher.ctv, spent)
    state, _, second = _shop(ruleset, state, lower.id, decisions, budget)
    events = [first, second]
    bought = {team.id: state.team(team.id).orders[len(team.orders) :] for team in (higher, lower)}
    for team_id, orders in bought.items():
        state, hired = _hire_bought_players(ruleset, state, team_id, orders)
        events.extend(hired)
    for shopped in (first, second):
        assert shopped.who is not None
        state, rookies = inducement_journeymen(ruleset, state, shopped.who, shopped.detail["bought"], dice, decisions)
        events.extend(rookies)
    return state, tuple(events)


# -- prayers to nuffle -------------------------------------------------------------------------------


def pray_to_nuffle(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """Roll for every Prayer to Nuffle each team bought; a result the team already has is rolled again.

    The prayers are the inducements whose ``table`` is the prayers table (by role or
    id). The results are kept in ``TeamState.prayers`` and last the game. What one does
    to players (a random player gains Stab, a chosen one +1 AV...) is applied as it is
    rolled (:func:`bbcore.rules.prayers.answer_prayer`); the procedures other prayers
    change read them from ``TeamState.prayers`` (Under Scrutiny and Friends with the Ref:
    :mod:`bbcore.rules.foul`; the SPP prayers: :func:`bbcore.rules.league.spp_for`).
    """
    table = ruleset.table(PRAYERS_ROLE)
    events = []
    for team in state.teams:
        count = sum(
            n
            for key, n in team.inducements.items()
            if key in ruleset.inducements and ruleset.inducements[key].table in (PRAYERS_ROLE, table.id)
        )
        if count + len(team.prayers) > len(table.rows):
            raise UsageError(
                f"team {team.id!r} has {count} prayers to roll but only {len(table.rows) - len(team.prayers)} results are left"
            )
        drawn = list(team.prayers)
        for _ in range(count):
            rolls: tuple[int, ...] = ()
            while True:
                rolled = roll_on_table(table, dice)
                rolls += rolled.rolls
                if rolled.row.id not in drawn:
                    break
            drawn.append(rolled.row.id)
            events.append(Event("prayer-to-nuffle", team.id, rolls, rolled.row.id, {"table": table.id, "rolled_again": len(rolls) - 1}))
            state, answered = answer_prayer(ruleset, state, team.id, rolled.row, dice, decisions)
            events.extend(answered)
        state = state.update_team(team.id, prayers=tuple(drawn))
    return state, tuple(events)


# -- the kicking team ------------------------------------------------------------------------------


def roll_off(dice: DiceSource, first: str, second: str, *, kind: str = "roll-off") -> tuple[str, tuple[Event, ...]]:
    """Both coaches roll a D6 until one is higher; the winner's team id, and one event per pair of dice."""
    events = []
    while True:
        (a,) = roll_dice(dice, "D6")
        (b,) = roll_dice(dice, "D6")
        winner = first if a > b else second if b > a else None
        events.append(Event(kind, winner, (a, b), winner or "tie", {"teams": [first, second]}))
        if winner is not None:
            return winner, tuple(events)


def choose_kicking_team(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The coaches roll off; the winner decides whether their team kicks or receives (``Decisions.kick_or_receive``).
    The team that kicks is also remembered as the game's first kicker (``GameState.opening_kicker``)."""
    winner, events = roll_off(dice, state.home.id, state.away.id)
    choice = decisions.kick_or_receive(winner)
    if choice not in ("kick", "receive"):
        raise UsageError(f"a team chooses to 'kick' or to 'receive', not {choice!r}")
    kicking = winner if choice == "kick" else state.opponent(winner).id
    chosen = attrs.evolve(state, kicking_team=kicking, opening_kicker=kicking)
    return chosen, (*events, Event("kicking-team", kicking, result=choice, detail={"chosen_by": winner}))


#: The core's procedures for the pre-game steps, by step id.
STEPS: dict[str, StepProcedure] = {
    "fans": fan_factors,
    "weather": weather,
    "journeymen": take_on_journeymen,
    "inducements": buy_inducements,
    "prayers-to-nuffle": pray_to_nuffle,
    "kicking-team": choose_kicking_team,
}
