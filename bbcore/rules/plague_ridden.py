"""Plague Ridden: a victim killed by a block rises again, as a new Lineman of the blocker's team.

Once a game, when a player with the trait gives an opponent the ``plague_ridden.casualty``
row (Dead) with a Block Action, and no Apothecary saves him, the team adds a new player
of a Lineman position of its roster (the positions Journeymen come from) to its
Reserves, even past sixteen players. Never against a position with one of
``immune_keywords`` (Big Guys) or a player with one of ``immune_skills`` (Decay,
Regeneration, Stunty). The trait says the coach *may*: he is asked
(``Decisions.use_skill``, situation :data:`NEW_LINEMAN`). The new player can be hired after
the game as a Journeyman can: he is listed in ``GameState.journeymen``.

A Blitz's block counts: a rule that works when a Block Action is performed works for the
one a Blitz makes, while a special action that replaces it (Stab, Chainsaw...) is no
Block Action. The injury events say which (``cause`` ``block``, ``by`` the blocker), so
the core answers ``bbcore_after_procedure_effects`` with :func:`plague_after_procedure`,
and a tracker that hands each procedure's outcome to
:func:`bbcore.rules.turns.after_procedure` gets the rule without calling it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.errors import UsageError
from bbcore.rules.board import Board, Status, player_from_position, position_keywords
from bbcore.rules.events import Event
from bbcore.rules.pregame import journeyman_positions

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The trait whose victims come back for the other side.
PLAGUE_RIDDEN = "plague-ridden"
#: The situation in which the coach is asked whether to use the trait (``Decisions.use_skill``).
NEW_LINEMAN = "new-lineman"
#: The cause of the injury events a block gives (see bbcore.rules.injury.Harm).
BLOCK = "block"
#: The kind of the events of an Injury Roll.
INJURY = "injury"


def plague_ridden(
    ruleset: Ruleset, state: GameState, player_id: str, victim_id: str, casualty: str, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """``player_id``'s Block Action has given ``victim_id`` the Casualty row ``casualty``, after any Apothecary; add
    the new Lineman when Plague Ridden says so and the coach wants him (event ``plague-ridden``, result
    ``new-player``), else change nothing.

    With several Lineman positions the coach picks one (``Decisions.journeyman_position``);
    a roster without one gets nobody (result ``no-position``).
    """
    rules = ruleset.parameters.plague_ridden
    player, victim = state.board.player(player_id), state.board.player(victim_id)
    team = state.team(player.team)
    immune_keywords = {k.lower() for k in rules.immune_keywords}
    immune = any(k.lower() in immune_keywords for k in position_keywords(ruleset, victim)) or any(
        victim.has(s) for s in rules.immune_skills
    )
    if not player.has(PLAGUE_RIDDEN) or team.plague_ridden_used or casualty != rules.casualty or immune or victim.team == player.team:
        return state, ()
    if not decisions.use_skill(player_id, PLAGUE_RIDDEN, NEW_LINEMAN):
        return state, ()
    positions = journeyman_positions(ruleset, team.roster)
    if not positions:
        return state.update_team(team.id, plague_ridden_used=True), (Event(PLAGUE_RIDDEN, team.id, (), "no-position"),)
    position = positions[0] if len(positions) == 1 else decisions.journeyman_position(team.id, positions)
    if position not in positions:
        raise UsageError(f"{position!r} is not a Lineman position of team {team.id!r}; they are {', '.join(positions)}")
    number = 1
    while f"{team.id}-plague-{number}" in state.board.players:
        number += 1
    new_id = f"{team.id}-plague-{number}"
    board = state.board.with_player(player_from_position(ruleset, new_id, team.id, position, None, Status.RESERVES))
    state = attrs.evolve(state, board=board, journeymen=(*state.journeymen, new_id))
    event = Event(PLAGUE_RIDDEN, team.id, (), "new-player", {"player": new_id, "position": position, "victim": victim_id})
    return state.update_team(team.id, plague_ridden_used=True), (event,)


def plague_after_procedure(
    ruleset: Ruleset, state: GameState, before: Board, events: tuple[Event, ...], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """The opponents a procedure's blocks have just killed (the result that stands, after any Apothecary), each offered
    to the blocker's Plague Ridden; None when nothing changed."""
    casualty = ruleset.parameters.plague_ridden.casualty
    found: list[Event] = []
    for event in events:
        victim_id, blocker_id = event.who, event.detail.get("by")
        if event.kind != INJURY or event.detail.get("cause") != BLOCK or victim_id is None or not isinstance(blocker_id, str):
            continue
        if victim_id not in state.board.players or blocker_id not in state.board.players:
            continue
        was = before.players.get(victim_id)
        if casualty not in state.board.player(victim_id).casualty_results or (was is not None and casualty in was.casualty_results):
            continue
        state, raised = plague_ridden(ruleset, state, blocker_id, victim_id, casualty, decisions)
        found.extend(raised)
    return (state, tuple(found)) if found else None
