"""Too Many Players: a team found with more players on the pitch than its set-up allowed, once the drive is under way.

Found before the drive starts, the set-up is simply put right: the ``set-up`` step refuses
it (:func:`bbcore.rules.drive.setup_problems`). Found only after the drive's first turn
has begun, the extra players leave the pitch for the Reserves at once, picked by the
opposing coach among those who neither hold the ball nor are Star Players
(:func:`remove_extra_players`). How many a team may field this drive is what its set-up
fielded, never fewer than ``players_on_pitch`` (``GameState.drive_fielding``: more when an
allowance or Swarming let it stand more, and it did).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.rules.board import Status
from bbcore.rules.decisions import Decisions, checked_choices
from bbcore.rules.events import Event

if TYPE_CHECKING:
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The kind of the event, and the ``reason`` the opposing coach is asked to pick the players with.
TOO_MANY_PLAYERS = "too-many-players"


def fielding_limit(ruleset: Ruleset, state: GameState, team_id: str) -> int:
    """How many players the team may have on the pitch in this drive (``GameState.drive_fielding``, else
    ``players_on_pitch``)."""
    return state.drive_fielding.get(team_id, ruleset.parameters.players_on_pitch)


def allowance_beyond_usual(ruleset: Ruleset, state: GameState, team_id: str) -> int:
    """How many players beyond ``players_on_pitch`` the team may field in this drive (Swarming's, say): what a set-up
    done again in the drive (Solid Defence, Dwarven Wisdom) keeps."""
    return max(0, fielding_limit(ruleset, state, team_id) - ruleset.parameters.players_on_pitch)


def extra_players(ruleset: Ruleset, state: GameState, team_id: str) -> int:
    """How many more players the team has on the pitch than it may (0 when it has no more)."""
    on_pitch = sum(1 for player in state.board.team_players(team_id) if player.on_pitch)
    return max(0, on_pitch - fielding_limit(ruleset, state, team_id))


def remove_extra_players(ruleset: Ruleset, state: GameState, team_id: str, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """Send the team's extra players on the pitch (:func:`extra_players`) to the Reserves, as many as it has too many.

    The opposing coach picks them (``Decisions.choose_players``, reason :data:`TOO_MANY_PLAYERS`)
    among the team's players on the pitch who neither hold the ball nor are Star Players
    (``PlayerState.star``); when fewer than that may go, all of them go. Nothing happens to a
    team with no more than it may field. Event :data:`TOO_MANY_PLAYERS`, result ``removed``,
    ``detail["players"]`` those sent off the pitch, ``["allowed"]`` the limit and
    ``["chosen_by"]`` the opposing team.
    """
    excess = extra_players(ruleset, state, team_id)
    if not excess:
        return state, ()
    board = state.board
    carrier = board.ball.carrier
    candidates = sorted(p.id for p in board.team_players(team_id) if p.on_pitch and p.id != carrier and not p.star)
    count = min(excess, len(candidates))
    opponent = state.opponent(team_id).id
    chosen: tuple[str, ...] = ()
    if count:
        answer = decisions.choose_players(opponent, TOO_MANY_PLAYERS, candidates, count)
        chosen = tuple(sorted(checked_choices(answer, candidates, count, question=TOO_MANY_PLAYERS, who=opponent, fewest=count)))
        board = board.replace_players(board.player(pid).with_status(Status.RESERVES) for pid in chosen)
    detail = {"players": list(chosen), "allowed": fielding_limit(ruleset, state, team_id), "chosen_by": opponent}
    return attrs.evolve(state, board=board), (Event(TOO_MANY_PLAYERS, team_id, result="removed", detail=detail),)


__all__ = ["TOO_MANY_PLAYERS", "extra_players", "fielding_limit", "remove_extra_players"]
