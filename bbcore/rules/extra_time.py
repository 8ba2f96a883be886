"""Extra Time and penalties: a winner for a game that must have one (a play-off game, say).

When the last half ends level (:func:`needs_extra_time`) and the game needs a winner,
:func:`start_extra_time` begins one more half: the coaches roll off and the winner chooses
to kick or to receive, and the turn markers start again. The team re-rolls are not given
back (the ``half-rerolls`` step leaves alone a half past ``halves``): what each team has
left carries over. The tracker then sets up with the start-of-drive sequence and plays
the half like any other.

Still level once it is over, :func:`penalty_shoot_out` settles it: the coaches roll off
``extra_time.penalty_roll_offs`` times (a D6 each, ties rolled again, no re-roll of any
kind), and the one who wins more of them wins the game. :func:`winner` and
:func:`bbcore.rules.postgame.result_for` read the shoot-out's winner
(``GameState.shoot_out_winner``) when the score is level.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import attrs

from bbcore.errors import UsageError
from bbcore.model.parameters import required
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.events import Event
from bbcore.rules.pregame import choose_kicking_team, roll_off

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.model.parameters import ExtraTimeRules
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The kind of the event that starts Extra Time.
EXTRA_TIME = "extra-time"
#: The kind of each roll-off of a shoot-out, and of the event that gives its result.
PENALTY = "penalty"
PENALTY_SHOOT_OUT = "penalty-shoot-out"


def extra_time_rules(ruleset: Ruleset) -> ExtraTimeRules:
    """The ruleset's Extra Time; a ruleset without it (``extra_time`` in the parameters) plays none."""
    return required(ruleset.parameters.extra_time, "extra_time", "Extra Time")


def winner(state: GameState) -> str | None:
    """The team that won: more touchdowns, or when level the shoot-out's winner; None for a draw (so far)."""
    home, away = state.home, state.away
    if home.score != away.score:
        return home.id if home.score > away.score else away.id
    return state.shoot_out_winner


def needs_extra_time(ruleset: Ruleset, state: GameState) -> bool:
    """Whether a game that must have a winner goes to Extra Time now: level, with Extra Time not yet played."""
    return state.home.score == state.away.score and state.half <= ruleset.parameters.halves


def start_extra_time(
    ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Begin Extra Time (see the module): a roll-off for the kick, the half after the last, the turn markers at 0.

    Raises :class:`~bbcore.errors.UsageError` for a game that is not level, one already in
    Extra Time, or a ruleset without Extra Time.
    """
    extra_time_rules(ruleset)
    if state.home.score != state.away.score:
        raise UsageError(f"Extra Time is for a level game; the score is {state.home.score}-{state.away.score}")
    if state.half > ruleset.parameters.halves:
        raise UsageError("Extra Time has been played already; a shoot-out settles the game (penalty_shoot_out)")
    state, events = choose_kicking_team(ruleset, state, dice, decisions or DefaultDecisions())
    half = ruleset.parameters.halves + 1
    state = attrs.evolve(state, half=half).update_team(state.home.id, turn=0).update_team(state.away.id, turn=0)
    started = Event(EXTRA_TIME, None, (), "started", {"half": half, "kicking_team": state.kicking_team})
    return state, (*events, started)


def penalty_shoot_out(ruleset: Ruleset, state: GameState, dice: DiceSource) -> tuple[GameState, tuple[Event, ...]]:
    """Settle a game still level after Extra Time (see the module); the winner becomes ``GameState.shoot_out_winner``.

    Should the roll-offs be even in number and split evenly (only under other parameters),
    one more is rolled at a time until a coach is ahead. Raises
    :class:`~bbcore.errors.UsageError` for a game that is not level, or one already settled.
    """
    rules = extra_time_rules(ruleset)
    if state.home.score != state.away.score:
        raise UsageError(f"a penalty shoot-out is for a level game; the score is {state.home.score}-{state.away.score}")
    if state.shoot_out_winner is not None:
        raise UsageError(f"the shoot-out was won already, by {state.shoot_out_winner!r}")
    home, away = state.home.id, state.away.id
    won: Counter[str] = Counter({home: 0, away: 0})
    events: list[Event] = []
    rolled = 0
    while rolled < rules.penalty_roll_offs or won[home] == won[away]:
        taker, told = roll_off(dice, home, away, kind=PENALTY)
        won[taker] += 1
        events.extend(told)
        rolled += 1
    champion = home if won[home] > won[away] else away
    events.append(Event(PENALTY_SHOOT_OUT, champion, (), "won", {"won": {home: won[home], away: won[away]}, "roll_offs": rolled}))
    return attrs.evolve(state, shoot_out_winner=champion), tuple(events)


__all__ = [
    "EXTRA_TIME",
    "PENALTY",
    "PENALTY_SHOOT_OUT",
    "extra_time_rules",
    "needs_extra_time",
    "penalty_shoot_out",
    "start_extra_time",
    "winner",
]
