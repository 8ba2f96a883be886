"""The weather mage: an inducement that changes the weather.

(The packs' chefs cook in the core's own ``chef`` step: their inducements carry the core's
``chef`` effect, read by :func:`bbcore.rules.drive.cook`.)

The weather mage is called at the moments its data names (``moments``; the start of its
team's turn as shipped): as a turn starts or just after it ends, its coach is asked whether
he calls it (:func:`mages_at_turn_start` and :func:`mages_after_turn`, through the core's
``bbcore_turn_start_effects`` and ``bbcore_after_turn_effects``). Its weather comes back
when the opponent's next turn ends, whatever the moment (one of the opponent's under way
counts). :func:`call_weather_mage` rolls the weather again
with the modifier he picks (``Decisions.weather_modifier``) from the data's allowed
values, and spends the use. How long the new weather holds differs (until the end of the
opponent's next turn or the drive in the 2020 list; until the team's next turn in the
classic one): the game state keeps the weather to come back
(``GameState.weather_return``), which the core brings back then. When both teams' mages
have spoken before it does, the weather from before the first comes back when the
second's time is up: the first one's weather was already gone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource
from bbcore.errors import UsageError
from bbcore.rules.events import Event
from bbcore.rules.inducement_uses import use_inducement, uses_left
from bbcore.rules.pregame import roll_weather
from bbcore.rules.sequences import GameState, WeatherReturn
from bbcore_inducement_packs.moments import OPPOSITION_TURN_END, OPPOSITION_TURN_START, OWN_TURN_END, OWN_TURN_START, TURN_START
from bbcore_inducement_packs.pack_rules import pack_rules, rules_for

if TYPE_CHECKING:
    from bbcore.rules.decisions import Decisions
    from bbcore.ruleset import Ruleset

#: A weather mage's ``lasts``: the old weather comes back when the opponent's next team turn ends.
OPPONENT_TURN = "opponent-turn"


def call_weather_mage(
    ruleset: Ruleset,
    state: GameState,
    team_id: str,
    inducement: str,
    dice: DiceSource,
    decisions: Decisions,
    moment: str | None = None,
) -> tuple[GameState, tuple[Event, ...]]:
    """The team's weather mage rolls the weather with a modifier its coach picks: one of the mage's ``uses``
    (:func:`bbcore.rules.inducement_uses.use_inducement`). A mage whose weather lasts only until the opponent's
    next turn ends leaves the old weather waiting to come back (``GameState.weather_return``), which the core's
    ``end_turn`` and drive-ends step bring back; if another mage's weather was already waiting to give way, the
    weather from before that one is what comes back. A mage whose weather holds leaves nothing waiting.

    A team without that inducement, or with no use of it left, is a ``UsageError``; so is a ``moment`` (one of
    :data:`bbcore_inducement_packs.moments.MOMENTS`, seen from ``team_id``) its data's ``moments`` do not name.
    """
    mage = rules_for(pack_rules(ruleset).weather_mages, inducement, "weather mage")
    if moment is not None and moment not in mage.moments:
        raise UsageError(f"{inducement} cannot be called at {moment}: only at {', '.join(mage.moments)}")
    state, spent = use_inducement(ruleset, state, team_id, inducement)
    modifier = decisions.weather_modifier(team_id, mage.modifiers)
    if modifier not in mage.modifiers:
        raise UsageError(f"{modifier} is not a modifier the {inducement!r} allows: {list(mage.modifiers)}")
    previous = state.weather
    waiting = state.weather_return
    state, events = roll_weather(ruleset, state, dice, modifier)
    if mage.lasts == OPPONENT_TURN:
        before = previous if waiting is None else waiting.weather
        back = WeatherReturn(before, state.opponent(team_id).id, at_drive_end=mage.at_drive_end == "back")
        state = attrs.evolve(state, weather_return=back)
    else:
        state = attrs.evolve(state, weather_return=None)
    used = Event("weather-mage", team_id, (), str(modifier), {"inducement": inducement, "previous": previous, "lasts": mage.lasts})
    return state, (spent, used, *events)


def _mages_at(
    ruleset: Ruleset, state: GameState, order: tuple[tuple[str, str], ...], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """For each (team, moment seen from it) in turn: each weather mage the team holds with a use left whose data names
    that moment is offered to its coach (``Decisions.use_inducement``: situation ``turn-start`` as his own turn
    starts, else the moment's name); each he calls rolls the weather (:func:`call_weather_mage`)."""
    events: list[Event] = []
    for team_id, moment in order:
        situation = TURN_START if moment == OWN_TURN_START else moment
        for inducement, mage in sorted(pack_rules(ruleset).weather_mages.items()):
            if moment not in mage.moments or state.team(team_id).inducements.get(inducement, 0) <= 0:
                continue
            if uses_left(ruleset, state, team_id, inducement) == 0 or not decisions.use_inducement(team_id, inducement, situation):
                continue
            state, called = call_weather_mage(ruleset, state, team_id, inducement, dice, decisions, moment)
            events.extend(called)
    return state, tuple(events)


def mages_at_turn_start(
    ruleset: Ruleset, state: GameState, team_id: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """As ``team_id``'s turn starts: its coach's mages that may be called at ``own-turn-start``, then his opponent's
    that may be called at ``opposition-turn-start``, are offered (the plugin's ``bbcore_turn_start_effects``)."""
    other = state.opponent(team_id).id
    return _mages_at(ruleset, state, ((team_id, OWN_TURN_START), (other, OPPOSITION_TURN_START)), dice, decisions)


def mages_after_turn(
    ruleset: Ruleset, state: GameState, team_id: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """Just after ``team_id``'s turn has ended: its coach's mages that may be called at ``own-turn-end``, then his
    opponent's at ``opposition-turn-end`` (the plugin's ``bbcore_after_turn_effects``)."""
    other = state.opponent(team_id).id
    return _mages_at(ruleset, state, ((team_id, OWN_TURN_END), (other, OPPOSITION_TURN_END)), dice, decisions)


__all__ = ["call_weather_mage", "mages_after_turn", "mages_at_turn_start"]
