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
from bbcore.model.team import InducementOrder, Team, TeamPlayer
from bbcore.rules.board import Status, player_from_position
from bbcore.rules.conditions import WEATHER_ROLE, with_conditions
from bbcore.rules.decisions import Decisions
from bbcore.rules.events import Event
from bbcore.rules.prayers import answer_prayer
from bbcore.rules.sequences import GameState, StepProcedure, TeamState, inducement_rerolls
from bbcore.teams.checks import inducement_choice_problems
from bbcore.teams.purchases import hires_a_player
from bbcore.teams.valuation import inducement_price, may_buy, team_roster, value_team

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


def _stand_in(team: TeamState, players: tuple[TeamPlayer, ...] = (), inducements: Mapping[str, int] | None = None) -> Team:
    """A team file carrying what the valuation and the inducement rules look at: roster, special rules, league."""
    orders = tuple(InducementOrder(key, count) for key, count in (team.inducements if inducements is None else inducements).items())
    return Team(
        name=team.name,
        players=players,
        roster=team.roster,
        league=team.league,
        special_rules=team.special_rules,
        inducements=orders,
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
                ruleset, _stand_in(team, tuple(TeamPlayer(name=pid, position=pos) for pid, pos in hired), {})
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


def inducement_offer(ruleset: Ruleset, team: TeamState) -> dict[str, int]:
    """Every inducement of the active list the team may buy, with its price for this team.

    Inducements that hire a named player (mercenaries, stars) are left out: their
    price depends on the position hired, which a purchase by id and count cannot say.
    """
    stand_in = _stand_in(team)
    return {
        inducement.id: inducement_price(ruleset, stand_in, inducement)
        for inducement in ruleset.inducements.values()
        if may_buy(ruleset, stand_in, inducement) and not hires_a_player(inducement)
    }


def _shop(ruleset: Ruleset, state: GameState, team_id: str, decisions: Decisions, budget: InducementBudget) -> tuple[GameState, int, Event]:
    """One team buys inducements with its budget: Petty Cash first, then up to ``budget.treasury`` of its Treasury.

    Returns the new state, the gold taken from the Treasury and the event.
    """
    team = state.team(team_id)
    offer = inducement_offer(ruleset, team)
    petty_cash = budget.petty_cash
    bought = {key: count for key, count in decisions.buy_inducements(team.id, offer, budget.total).items() if count}
    problems = [f"{key!r} is not on offer to this team" for key in bought if key not in offer]
    problems += [f"{count} x {key!r}: a count cannot be negative" for key, count in bought.items() if count < 0]
    cost = sum(offer.get(key, 0) * count for key, count in bought.items())
    if cost > budget.total:
        problems.append(f"the inducements cost {cost}; the team has {budget.total} to spend")
    combined = dict(team.inducements)
    for key, count in bought.items():
        combined[key] = combined.get(key, 0) + count
    if not problems:
        problems += [p.message for p in inducement_choice_problems(ruleset, _stand_in(team, inducements=combined))]
    if problems:
        raise UsageError(f"team {team.id!r} cannot buy these inducements: " + "; ".join(problems))
    spent_treasury = max(0, cost - petty_cash)
    added = inducement_rerolls(ruleset, bought)
    per_half = None if team.rerolls_per_half is None else team.rerolls_per_half + added
    state = state.update_team(
        team.id, inducements=combined, treasury=team.treasury - spent_treasury, rerolls=team.rerolls + added, rerolls_per_half=per_half
    )
    event = Event(
        "inducements",
        team.id,
        result="bought" if bought else "none",
        detail={
            "bought": bought,
            "cost": cost,
            "petty_cash": petty_cash,
            "from_treasury": spent_treasury,
            "petty_cash_lost": petty_cash - min(cost, petty_cash),
        },
    )
    return state, spent_treasury, event


def buy_inducements(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """Both teams buy inducements before the game, the higher Current Team Value first.

    Each team's budget is :func:`inducement_budget`: the higher CTV spends from its
    Treasury alone, the other gets Petty Cash (the gap plus what the first took from
    its Treasury) and a capped top-up from its own Treasury. With equal CTVs neither
    team buys anything. What to buy is asked of ``Decisions.buy_inducements``; a
    purchase over budget, not on offer or beyond an inducement's limits is an error
    listing every problem. Journeymen that a purchase brings (Riotous Rookies) join
    at once (:func:`inducement_journeymen`).
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
