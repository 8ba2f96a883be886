"""The Weather Mage: once a game, as one of his team's turns starts, the weather is rolled again.

The parameters' ``inducements.weather_mage`` name the inducement and the modifiers its
coach may add to the roll; the entry's ``uses`` say how often (once a game). As each of
the team's turns starts the core asks its coach whether he calls the mage
(:func:`mage_at_turn_start`, the core's answer to ``bbcore_turn_start_effects``:
``Decisions.use_inducement`` with the situation :data:`~bbcore.rules.decisions.USE_AT_TURN_START`) and then which
modifier (``Decisions.weather_modifier``, among those allowed). :func:`call_weather_mage`
does the rest: the use is spent, the weather table rolled with the modifier
(:func:`bbcore.rules.pregame.roll_weather`), and the new weather is in force at once,
board conditions and all. It stays until something rolls the weather again (a Changing
Weather kick-off event): nothing brings the old weather back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource
from bbcore.errors import UsageError
from bbcore.rules.decisions import USE_AT_TURN_START as TURN_START
from bbcore.rules.decisions import Decisions, DefaultDecisions, checked_choice
from bbcore.rules.events import Event
from bbcore.rules.inducement_uses import use_inducement, uses_left
from bbcore.rules.pregame import roll_weather

if TYPE_CHECKING:
    from bbcore.model.parameters import WeatherMageRules
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The event of a mage called, its result the modifier picked.
WEATHER_MAGE = "weather-mage"


def _mage(ruleset: Ruleset) -> WeatherMageRules | None:
    """The ruleset's weather mage, when its parameters name one that its inducement list sells."""
    rules = ruleset.parameters.inducements.weather_mage
    return rules if rules is not None and rules.inducement in ruleset.inducements else None


def call_weather_mage(
    ruleset: Ruleset, state: GameState, team_id: str, modifier: int, dice: DiceSource
) -> tuple[GameState, tuple[Event, ...]]:
    """``team_id``'s weather mage rolls the weather again with ``modifier`` added: the new state and the events (the
    use spent, the mage's event, the weather rolled).

    A :class:`~bbcore.errors.UsageError` when the ruleset plays no weather mage, when ``modifier`` is not one the
    parameters allow (nothing is spent then), or when the team holds none or has used it as often as it may
    (:func:`bbcore.rules.inducement_uses.use_inducement`).
    """
    rules = _mage(ruleset)
    if rules is None:
        raise UsageError("this ruleset plays no weather mage (inducements.weather_mage)")
    if isinstance(modifier, bool) or modifier not in rules.modifiers:
        allowed = ", ".join(f"{m:+d}" if m else "0" for m in rules.modifiers)
        raise UsageError(f"a weather mage's modifier is one of {allowed}, not {modifier!r}")
    state, spent = use_inducement(ruleset, state, team_id, rules.inducement)
    previous = state.weather
    state, rolled = roll_weather(ruleset, state, dice, modifier)
    called = Event(WEATHER_MAGE, team_id, (), f"{modifier:+d}", {"inducement": rules.inducement, "previous": previous})
    # The new weather holds until the next weather roll: no earlier one is waiting to come back.
    return attrs.evolve(state, weather_return=None), (spent, called, *rolled)


def mage_at_turn_start(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, decisions: Decisions | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """As ``team``'s turn starts: if it holds a weather mage with a use left, its coach is asked whether he calls it
    (``Decisions.use_inducement``, situation :data:`~bbcore.rules.decisions.USE_AT_TURN_START`) and with which modifier
    (``Decisions.weather_modifier``; an answer not allowed is an
    :class:`~bbcore.rules.decisions.IllegalAnswerError`); then :func:`call_weather_mage`."""
    rules = _mage(ruleset)
    if rules is None or uses_left(ruleset, state, team, rules.inducement) == 0:
        return state, ()
    decisions = decisions or DefaultDecisions()
    if not decisions.use_inducement(team, rules.inducement, TURN_START):
        return state, ()
    answer = decisions.weather_modifier(team, rules.modifiers)
    modifier = checked_choice(answer, rules.modifiers, question="weather-modifier", who=team)
    return call_weather_mage(ruleset, state, team, modifier, dice)


__all__ = ["TURN_START", "WEATHER_MAGE", "call_weather_mage", "mage_at_turn_start"]
