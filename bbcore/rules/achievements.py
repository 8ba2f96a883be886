"""The Star Player Points of passes and throws: completions, interceptions, and Throw Team-mate.

Read from a procedure's events, as :func:`bbcore.rules.turns.after_procedure` hands them on
(the core answers ``bbcore_after_procedure_effects`` with :func:`award_passes_and_throws`):

* a **completion**: a Pass Action (``pass-action``) whose pass test ends Accurate, the ball
  then caught by a team-mate of the passer before it bounces, earns the passer the
  ``completion`` award;
* an **interception** of a Pass Action (an ``interception`` test passed) earns the
  interceptor the ``interception`` award;
* a **catch** of the ball from a Pass Action earns the catcher the ``catch`` award, which
  only a prayer of his team gives (Dazzling Catching, ``league.prayer_awards``): without it
  the award is nothing and no event is told;
* a **Throw Team-mate** whose throw test ends Superb, the thrown player landing on his feet,
  earns the thrower the ``throw-team-mate`` award; the thrown player who lands on his feet
  earns the ``throw-team-mate-safe-landing`` award, however the throw went.

The awards are those of the SPP table (:func:`bbcore.rules.league.spp_for`, with the team's
special rules and prayers) and go into ``GameState.spp``; a hired player who earns only
the MVP award, or nothing, earns none of them. The event :data:`SPP_EARNED` reports each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.rules.ball import CATCH, CAUGHT
from bbcore.rules.events import Event
from bbcore.rules.league import spp_for
from bbcore.rules.passing import ACCURATE, PASS_TEST

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.rules.board import Board
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The kind of the event that reports an award.
SPP_EARNED = "spp-earned"
#: The achievements of the SPP table read here.
COMPLETION, INTERCEPTION, CATCH_AWARD = "completion", "interception", "catch"
THROW_TEAM_MATE, SAFE_LANDING = "throw-team-mate", "throw-team-mate-safe-landing"
#: The events and test results read here.
PASS_ACTION, INTERCEPTION_TEST, THROW_TEST, SUPERB, ON_FEET = "pass-action", "interception", "throw", "superb", "on-feet"


def _last_result(events: tuple[Event, ...], kind: str, who: str | None) -> str | None:
    """The result of the last event of ``kind`` by ``who``: a test's verdict once any re-roll is done."""
    found = [e.result for e in events if e.kind == kind and e.who == who]
    return found[-1] if found else None


def _completions(state: GameState, events: tuple[Event, ...]) -> list[tuple[str, str]]:
    found = []
    for index, event in enumerate(events):
        if event.kind != PASS_ACTION or event.who is None or event.who not in state.board.players:
            continue
        after = events[index + 1 :]
        if _last_result(tuple(e for e in after if e.kind == PASS_TEST), PASS_TEST, event.who) != ACCURATE:
            continue
        if any(e.kind == INTERCEPTION_TEST and e.result == "passed" for e in after):
            continue
        team = state.board.player(event.who).team
        for later in after:
            if later.kind == "bounce":
                break  # the ball hit the ground first
            catcher = later.who
            if later.kind == CATCH and later.result == CAUGHT and catcher is not None and catcher in state.board.players:
                if catcher != event.who and state.board.player(catcher).team == team:
                    found.append((event.who, COMPLETION))
                break
    return found


def _interceptions(events: tuple[Event, ...]) -> list[tuple[str, str]]:
    if not any(e.kind == PASS_ACTION for e in events):
        return []  # a bomb caught in the air is no Pass Action intercepted
    interceptors = {e.who for e in events if e.kind == INTERCEPTION_TEST and e.who is not None}
    return [(who, INTERCEPTION) for who in sorted(interceptors) if _last_result(events, INTERCEPTION_TEST, who) == "passed"]


def _catches(events: tuple[Event, ...]) -> list[tuple[str, str]]:
    if not any(e.kind == PASS_ACTION for e in events):
        return []
    catchers = {e.who for e in events if e.kind == CATCH and e.who is not None}
    return [(who, CATCH_AWARD) for who in sorted(catchers) if _last_result(events, CATCH, who) == CAUGHT]


def _throws(events: tuple[Event, ...]) -> list[tuple[str, str]]:
    found = []
    for index, event in enumerate(events):
        if event.kind != THROW_TEAM_MATE or event.who is None:
            continue
        thrown = event.detail.get("thrown")
        after = events[index + 1 :]
        landed = any(e.kind == "thrown-player-lands" and e.who == thrown and e.result == ON_FEET for e in after)
        if not landed or not isinstance(thrown, str):
            continue
        if _last_result(after, THROW_TEST, event.who) == SUPERB:
            found.append((event.who, THROW_TEAM_MATE))
        found.append((thrown, SAFE_LANDING))
    return found


def award_passes_and_throws(
    ruleset: Ruleset, state: GameState, before: Board, events: tuple[Event, ...], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """The awards the events earn (see the module's docstring), into ``GameState.spp``; None when there is none."""
    told: list[Event] = []
    earned = (*_completions(state, events), *_interceptions(events), *_catches(events), *_throws(events))
    for player_id, achievement in earned:
        if player_id not in state.board.players:
            continue
        player = state.board.player(player_id)
        if player.spp_earned != "all":
            continue
        team = state.team(player.team)
        award = spp_for(ruleset, achievement, special_rules=team.special_rules, prayers=team.prayers)
        if not award:
            continue
        state = attrs.evolve(state, spp={**state.spp, player_id: state.spp.get(player_id, 0) + award})
        told.append(Event(SPP_EARNED, player_id, (), achievement, {"spp": award}))
    return (state, tuple(told)) if told else None


__all__ = ["SPP_EARNED", "award_passes_and_throws"]
