"""Masters of Undeath: an opponent killed in the game gets up again for the other side, as a new Lineman.

Once a game, when an opponent of a team with the special rule named by
``masters_of_undeath.special_rule`` is left with the ``casualty`` row (the result that
stands, after any Apothecary), has ST ``st_at_most`` or less and holds none of
``immune_skills``, that team's coach may raise the dead (``Decisions.use_special_rule``,
situation :data:`RAISE_THE_DEAD`; declining keeps the chance for a later victim). A new
player of a Lineman position of the team's roster (the positions Journeymen come from;
the coach picks when there are several) joins its Reserves, even past sixteen players.
He is listed in ``GameState.raised``: after the game the team may keep him without
paying his Hiring Fee, if its roster has room (the hiring step's event names him).

:func:`raise_the_dead` works the rule for one victim. The core answers
``bbcore_after_procedure_effects`` with :func:`raised_after_procedure`, so a tracker
that hands each procedure's outcome to :func:`bbcore.rules.turns.after_procedure` gets
the rule without calling it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.errors import UsageError
from bbcore.rules.board import Board, Status, player_from_position
from bbcore.rules.events import Event
from bbcore.rules.pregame import journeyman_positions

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The situation in which the coach is asked whether to raise a victim (``Decisions.use_special_rule``).
RAISE_THE_DEAD = "raise-the-dead"
#: The kind of the event that reports the rule.
MASTERS_OF_UNDEATH = "masters-of-undeath"


def may_raise(ruleset: Ruleset, state: GameState, team_id: str, victim_id: str) -> bool:
    """Whether ``team_id`` may raise ``victim_id`` now: its special rule unused this game, the victim an opponent
    left with the casualty row, not too strong, with no skill that keeps him down."""
    rules = ruleset.parameters.masters_of_undeath
    team = state.team(team_id)
    victim = state.board.player(victim_id)
    return (
        rules.special_rule in team.special_rules
        and not team.raised_the_dead
        and victim.team != team_id
        and rules.casualty in victim.casualty_results
        and victim.st <= rules.st_at_most
        and not any(victim.has(skill) for skill in rules.immune_skills)
    )


def raise_the_dead(
    ruleset: Ruleset, state: GameState, team_id: str, victim_id: str, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """``victim_id`` has just been killed: ``team_id`` raises him as a new Lineman when the rule allows and its coach
    wants to (event :data:`MASTERS_OF_UNDEATH`, result ``raised``), else nothing changes.

    A roster without a Lineman position to raise him as spends the chance for nothing
    (result ``no-position``).
    """
    rules = ruleset.parameters.masters_of_undeath
    if not may_raise(ruleset, state, team_id, victim_id):
        return state, ()
    if not decisions.use_special_rule(team_id, rules.special_rule, RAISE_THE_DEAD):
        return state, ()
    team = state.team(team_id)
    positions = journeyman_positions(ruleset, team.roster)
    if not positions:
        spent = state.update_team(team_id, raised_the_dead=True)
        return spent, (Event(MASTERS_OF_UNDEATH, team_id, (), "no-position", {"victim": victim_id}),)
    position = positions[0] if len(positions) == 1 else decisions.journeyman_position(team_id, positions)
    if position not in positions:
        raise UsageError(f"{position!r} is not a Lineman position of team {team_id!r}; they are {', '.join(positions)}")
    new_id = _new_id(state.board, team_id)
    board = state.board.with_player(player_from_position(ruleset, new_id, team_id, position, None, Status.RESERVES))
    state = attrs.evolve(state, board=board, raised=(*state.raised, new_id))
    event = Event(MASTERS_OF_UNDEATH, team_id, (), "raised", {"player": new_id, "position": position, "victim": victim_id})
    return state.update_team(team_id, raised_the_dead=True), (event,)


def _new_id(board: Board, team_id: str) -> str:
    number = 1
    while f"{team_id}-raised-{number}" in board.players:
        number += 1
    return f"{team_id}-raised-{number}"


def raised_after_procedure(
    ruleset: Ruleset, state: GameState, before: Board, events: tuple[Event, ...], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """The players a procedure has just left with the casualty row, offered to the other team's Masters of Undeath
    (by player id, each team at most once a game); None when nothing changed."""
    casualty = ruleset.parameters.masters_of_undeath.casualty
    killed = sorted(
        pid
        for pid, player in state.board.players.items()
        if casualty in player.casualty_results and (pid not in before.players or casualty not in before.player(pid).casualty_results)
    )
    found: list[Event] = []
    for victim_id in killed:
        victim = state.board.player(victim_id)
        for team in state.teams:
            if team.id != victim.team:
                state, raised = raise_the_dead(ruleset, state, team.id, victim_id, decisions)
                found.extend(raised)
    return (state, tuple(found)) if found else None
