"""Casualties caused: the Star Player Points a Casualty earns the player who caused it, and the team's count.

A player whose Injury Roll gives a Casualty, caused by an opposing player's Block (or by what
:func:`bbcore.rules.league.casualty_earns_spp` also counts: a special action with Violent
Innovator, a crash landing with Lethal Flight, a fall Arm Bar worsened, a Foul or the crowd
under the Prayers that say so), earns that player the casualty award of the SPP table (a Foul's or the crowd's, the award
the Prayer gives: :data:`PRAYED_FOR`), even when an Apothecary or Regeneration then saves him; only such casualties count towards the
team's ``casualties_caused`` (the league's bonus points and tie-breakers read it). A
casualty of the causer's own team, himself included, earns nothing.

The ``injury`` event says what caused it (``cause``) and who (``by``). The core answers
``bbcore_after_procedure_effects`` with :func:`award_casualties`, so
:func:`bbcore.rules.turns.after_procedure` keeps the books the moment a procedure ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.rules.board import Status
from bbcore.rules.events import Event
from bbcore.rules.foul import FOUL
from bbcore.rules.league import casualty_earns_spp, spp_for

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.rules.board import Board
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The achievement of the SPP table a Casualty earns.
CASUALTY = "casualty"
#: The kind of the event that reports a Casualty caused and its award.
CASUALTY_CAUSED = "casualty-caused"
#: The achievement a Casualty earns instead, by its cause, where only a Prayer to Nuffle rewards it with an award of
#: its own (``league.prayer_awards``: Fouling Frenzy's and Fan Interaction's, whatever the casualty award is).
PRAYED_FOR = {FOUL: "foul-casualty", "crowd": "crowd-casualty"}


def award_casualties(
    ruleset: Ruleset, state: GameState, before: Board, events: tuple[Event, ...], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """For each Casualty an Injury Roll of the events gives to an opponent of its causer, caused in a way that earns
    the award: the causer's SPP (``GameState.spp``) and his team's ``casualties_caused`` go up (event
    :data:`CASUALTY_CAUSED`). None when there is none."""
    found: list[Event] = []
    for event in events:
        if event.kind != "injury" or event.detail.get("status") != Status.CASUALTY.value or event.who is None:
            continue
        causer_id = event.detail.get("by")
        if not isinstance(causer_id, str) or causer_id not in state.board.players:
            continue
        causer = state.board.player(causer_id)
        victim = state.board.players.get(event.who) or before.players.get(event.who)
        if victim is None or victim.team == causer.team:
            continue  # the award is for hurting the other side: never a team-mate, nor oneself
        team = state.team(causer.team)
        if not casualty_earns_spp(str(event.detail.get("cause")), causer, prayers=team.prayers):
            continue
        cause = str(event.detail.get("cause"))
        award = spp_for(ruleset, PRAYED_FOR.get(cause, CASUALTY), special_rules=team.special_rules, prayers=team.prayers)
        state = attrs.evolve(state, spp={**state.spp, causer_id: state.spp.get(causer_id, 0) + award})
        state = state.update_team(team.id, casualties_caused=team.casualties_caused + 1)
        found.append(Event(CASUALTY_CAUSED, causer_id, (), "earned", {"victim": event.who, "spp": award, "team": team.id}))
    return (state, tuple(found)) if found else None


__all__ = ["CASUALTY", "CASUALTY_CAUSED", "PRAYED_FOR", "award_casualties"]
