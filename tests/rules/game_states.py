"""Small builders of game states for the sequence tests: a Human home team against an Orc away team."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from bbcore.rules.board import Square
from bbcore.rules.sequences import GameState, TeamState
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

HOME_LINEMAN = "human/human-lineman"
AWAY_LINEMAN = "orc/orc-lineman"

PlayerSpec = tuple[str, str, Square | None]


def home_team(**changes: Any) -> TeamState:
    team = TeamState("home", "Altdorf", "human", dedicated_fans=2, rerolls=2, ctv=1_000_000, cheerleaders=1, assistant_coaches=2)
    return attrs.evolve(team, **changes)


def away_team(**changes: Any) -> TeamState:
    return attrs.evolve(TeamState("away", "Badlands", "orc", dedicated_fans=1, rerolls=2, ctv=1_000_000), **changes)


def formation(team: str, position: str, count: int = 11, *, line: int = 3) -> dict[str, PlayerSpec]:
    """A legal set-up: ``line`` players on the line of scrimmage, the rest two squares behind it in the centre."""
    line_x, back_x = (12, 10) if team == "home" else (13, 15)
    players: dict[str, PlayerSpec] = {}
    for n in range(count):
        square = (line_x, 5 + n) if n < line else (back_x - (n - line) // 5, 5 + (n - line) % 5)
        players[f"{team}-{n + 1}"] = (team, position, square)
    return players


def reserves(team: str, position: str, count: int) -> dict[str, PlayerSpec]:
    return {f"{team}-{n + 1}": (team, position, None) for n in range(count)}


def game(
    core: Ruleset,
    players: Mapping[str, PlayerSpec] | None = None,
    *,
    home: TeamState | None = None,
    away: TeamState | None = None,
    skills: Mapping[str, Mapping[str, int | str | None]] | None = None,
    statuses: Mapping[str, str] | None = None,
    ball: Square | str | None = None,
    **changes: Any,
) -> GameState:
    """A game state; players without a square wait in the Reserves unless ``statuses`` says otherwise."""
    players = dict(players) if players is not None else {**formation("home", HOME_LINEMAN), **formation("away", AWAY_LINEMAN)}
    all_statuses = {pid: "reserves" for pid, (_, _, square) in players.items() if square is None}
    all_statuses.update(statuses or {})
    board = build_board(core, players, skills=skills, statuses=all_statuses, ball=ball)
    state = GameState(home or home_team(), away or away_team(), board)
    return attrs.evolve(state, **changes)
