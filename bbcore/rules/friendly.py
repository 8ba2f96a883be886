"""Friendly games (league play): played for practice or bragging rights, with no effect on the league.

A game whose state says so (``GameState.friendly``) awards no Star Player Points of any
kind, no League Points and no winnings, and every Casualty counts as the casualty table's
row ``league.friendly.casualty`` (Badly Hurt). Players who were to miss the team's next game
still miss it: the friendly was not that game.

The core answers ``bbcore_after_procedure_effects`` with :func:`friendly_casualties` before
its other readers, so a result that would kill or maim is already the mild one when
Plague Ridden or Masters of Undeath look. The post-game steps read the flag: the outcome
is recorded with no League Points and no winnings, and every other step leaves the teams
as they were (event :data:`FRIENDLY`, the step's id as its result), the SPP of the game
dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.model.parameters import required
from bbcore.rules.events import Event

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.rules.board import Board
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The kind of the events that report what a friendly game changed or left alone.
FRIENDLY = "friendly"


def friendly_casualty(ruleset: Ruleset) -> str:
    """The casualty row every Casualty of a friendly game counts as."""
    return required(ruleset.parameters.league.friendly, "league.friendly", "friendly games").casualty


def friendly_casualties(
    ruleset: Ruleset, state: GameState, before: Board, events: tuple[Event, ...], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """In a friendly game, each casualty result the procedure added becomes the friendly row (event :data:`FRIENDLY`,
    result the row, ``detail["rolled"]`` the result it replaced); None when nothing changed."""
    if not state.friendly:
        return None
    mild = friendly_casualty(ruleset)
    board = state.board
    told: list[Event] = []
    for player_id, player in sorted(board.players.items()):
        was = before.players.get(player_id)
        earlier = len(was.casualty_results) if was is not None else 0
        added = player.casualty_results[earlier:]
        if not added or all(result == mild for result in added):
            continue
        # The mild result rolls on no table: a lasting injury rolled with the real one goes too.
        lasting = was.lasting_injuries if was is not None else ()
        mild_results = (*player.casualty_results[:earlier], *(mild for _ in added))
        board = board.with_player(attrs.evolve(player, casualty_results=mild_results, lasting_injuries=lasting))
        told.extend(Event(FRIENDLY, player_id, (), mild, {"rolled": result}) for result in added if result != mild)
    return attrs.evolve(state, board=board), tuple(told)


__all__ = ["FRIENDLY", "friendly_casualties", "friendly_casualty"]
