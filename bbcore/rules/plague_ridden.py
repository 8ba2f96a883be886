"""Plague Ridden: a victim killed by a block rises again, as a new Lineman of the blocker's team.

Once a game, when a player with the trait gives an opponent the ``plague_ridden.casualty``
row (Dead) with a Block Action, and no Apothecary saves him, the team adds a new player
of a Lineman position of its roster (the positions Journeymen come from) to its
Reserves, even past sixteen players. Never against a position with one of
``immune_keywords`` (Big Guys) or a player with one of ``immune_skills`` (Decay,
Regeneration, Stunty). The new player can be hired after the game as a Journeyman can:
he is listed in ``GameState.journeymen``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.errors import UsageError
from bbcore.rules.board import Status, player_from_position, position_keywords
from bbcore.rules.events import Event
from bbcore.rules.pregame import journeyman_positions

if TYPE_CHECKING:
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The trait whose victims come back for the other side.
PLAGUE_RIDDEN = "plague-ridden"


def plague_ridden(
    ruleset: Ruleset, state: GameState, player_id: str, victim_id: str, casualty: str, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """``player_id``'s Block Action has given ``victim_id`` the Casualty row ``casualty``, after any Apothecary; add
    the new Lineman when Plague Ridden says so (event ``plague-ridden``, result ``new-player``), else change nothing.

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
