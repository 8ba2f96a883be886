"""Changes that last until a moment of a coming team turn, undone when that moment comes.

Some effects end not with the drive but at a turn: a spell whose victim stays changed
"until the start of the opposition's next team turn", a modifier in force "for this team
turn". Whoever makes such a change records it in ``GameState.turn_changes`` as a
:class:`~bbcore.rules.sequences.TurnChange`: :func:`keep_player_change` for a player
changed on the board, :func:`add_team_modifiers` for a modifier on a whole team, or
:func:`keep_effect` for something the procedures look up by name
(``GameState.turn_effects``). The core then undoes it at its moment:
:func:`bbcore.rules.turns.start_turn` those that end as a team's turn starts,
:func:`bbcore.rules.drive.end_turn` those that end as it ends, and the drive-ends step
whatever is left when the drive ends first.

Undoing takes back what the change did, not a whole profile: a player changed again
meanwhile (by a spell that lasts the drive, say) keeps that other change.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from bbcore.errors import UsageError
from bbcore.rules.board import Board, PlayerState
from bbcore.rules.events import Event
from bbcore.rules.sequences import TURN_ENDS, TURN_STARTS, GameState, TurnChange

#: The characteristics a change may alter and a :class:`~bbcore.rules.sequences.TurnChange` takes back.
CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")
#: The event that says a change has ended: ``who`` the player or the team it changed, ``result`` its cause.
CHANGE_ENDS = "change-ends"


def _checked(state: GameState, team: str, ends: str) -> None:
    state.team(team)  # an unknown team is refused here, not when its turn never comes
    if ends not in (TURN_STARTS, TURN_ENDS):
        raise UsageError(f"a change ends at {TURN_STARTS!r} or {TURN_ENDS!r}, not {ends!r}")


def keep_player_change(state: GameState, before: PlayerState, *, team: str, ends: str, cause: str) -> GameState:
    """Record that the player on the board changed from ``before`` until ``team``'s turn starts or ends (``ends``).

    What differs is kept: skills gained, characteristics altered, a tackle zone lost.
    Nothing is recorded when the player is as he was.
    """
    _checked(state, team, ends)
    after = state.board.player(before.id)
    skills = tuple(skill for skill in after.skills if skill not in before.skills)
    characteristics = {
        name: getattr(after, name) - getattr(before, name)
        for name in CHARACTERISTICS
        if getattr(after, name) is not None and getattr(before, name) is not None and getattr(after, name) != getattr(before, name)
    }
    lost_zone = before.tackle_zone and not after.tackle_zone
    if not (skills or characteristics or lost_zone):
        return state
    change = TurnChange(team, ends, cause, player=before.id, skills=skills, characteristics=characteristics, tackle_zone=lost_zone)
    return attrs.evolve(state, turn_changes=(*state.turn_changes, change))


def add_team_modifiers(
    state: GameState, modified_team: str, modifiers: Mapping[str, int], *, team: str, ends: str, cause: str
) -> GameState:
    """``modifiers`` (by test: ``rush``, ``dodge``...) in force for every player of ``modified_team``
    (``Board.team_conditions``) until ``team``'s turn starts or ends (``ends``)."""
    _checked(state, team, ends)
    state.team(modified_team)
    board = _with_team_modifiers(state.board, modified_team, modifiers, 1)
    change = TurnChange(team, ends, cause, modified_team=modified_team, modifiers=modifiers)
    return attrs.evolve(state, board=board, turn_changes=(*state.turn_changes, change))


def keep_effect(state: GameState, effect: str, *, team: str, ends: str, cause: str) -> GameState:
    """``effect`` in force (``GameState.turn_effects``) until ``team``'s turn starts or ends (``ends``)."""
    _checked(state, team, ends)
    return attrs.evolve(state, turn_changes=(*state.turn_changes, TurnChange(team, ends, cause, effect=effect)))


def end_turn_changes(state: GameState, team: str, ends: str) -> tuple[GameState, tuple[Event, ...]]:
    """Undo the changes that end now, as ``team``'s turn starts or ends (``ends``), in the order they were made.

    Each undone change is told by a :data:`CHANGE_ENDS` event.
    """
    due = [change for change in state.turn_changes if change.team == team and change.ends == ends]
    if not due:
        return state, ()
    left = tuple(change for change in state.turn_changes if not (change.team == team and change.ends == ends))
    return _undone(attrs.evolve(state, turn_changes=left), due)


def end_every_turn_change(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """Undo every change still waiting for its turn: the drive has ended before it came."""
    due = list(state.turn_changes)
    return _undone(attrs.evolve(state, turn_changes=()), due) if due else (state, ())


def _undone(state: GameState, due: list[TurnChange]) -> tuple[GameState, tuple[Event, ...]]:
    board = state.board
    events = []
    for change in due:
        board = undo(board, change)
        who = change.player or change.modified_team
        events.append(Event(CHANGE_ENDS, who, (), change.cause, {"team": change.team, "ends": change.ends}))
    return attrs.evolve(state, board=board), tuple(events)


def undo(board: Board, change: TurnChange) -> Board:
    """The board with ``change`` taken back: the player's skills, characteristics and tackle zone, the team's modifiers.

    A player no longer on the board is left alone.
    """
    if change.modified_team is not None:
        board = _with_team_modifiers(board, change.modified_team, change.modifiers, -1)
    player = board.players.get(change.player) if change.player is not None else None
    if player is None:
        return board
    skills = {skill: level for skill, level in player.skills.items() if skill not in change.skills}
    back: dict[str, Any] = {
        name: getattr(player, name) - by for name, by in change.characteristics.items() if getattr(player, name) is not None
    }
    if change.tackle_zone:
        back["tackle_zone"] = True
    return board.with_player(attrs.evolve(player, skills=skills, **back))


def _with_team_modifiers(board: Board, team: str, modifiers: Mapping[str, int], sign: int) -> Board:
    held = dict(board.team_conditions.get(team, {}))
    for test, by in modifiers.items():
        held[test] = held.get(test, 0) + sign * by
        if held[test] == 0:
            del held[test]
    return attrs.evolve(board, team_conditions={**board.team_conditions, team: held})


__all__ = [
    "CHANGE_ENDS",
    "CHARACTERISTICS",
    "add_team_modifiers",
    "end_every_turn_change",
    "end_turn_changes",
    "keep_effect",
    "keep_player_change",
    "undo",
]
