"""The Punt special action, with scripted dice."""

from __future__ import annotations

import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Square
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.punt import punt
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

HUMAN, ORC = "human/human-lineman", "orc/orc-lineman"
STRAIGHT = 3  # the throw-in table's straight-ahead roll
EAST = (1, 0)
BOUNCE_EAST = 5


def field(
    rules: Ruleset, *, kicker_skills: dict[str, int | str | None] | None = None, others: dict[str, tuple[str, str, Square]] | None = None
) -> Board:
    players: dict[str, tuple[str, str, Square | None]] = {"p": ("home", HUMAN, (5, 7)), **(others or {})}
    return build_board(rules, players, skills={"p": {"punt": None, **(kicker_skills or {})}}, ball="p")


def kick(rules: Ruleset, board: Board, rolls: list[int], answers: list[tuple[str, object]] | None = None) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers or []) as decisions:
        return punt(rules, board, "p", EAST, dice, decisions)


def test_a_punt_sends_the_ball_straight_ahead_the_rolled_distance_and_it_bounces(core: Ruleset) -> None:
    outcome = kick(core, field(core), [STRAIGHT, 4, BOUNCE_EAST])
    (event,) = [e for e in outcome.events if e.kind == "punt"]
    assert event.detail["to"] == [9, 7]
    assert outcome.board.ball.square == (10, 7)
    assert not outcome.turnover  # a ball on the ground is no turnover


def test_an_opponent_who_catches_the_punt_makes_it_a_turnover(core: Ruleset) -> None:
    board = field(core, others={"o": ("away", ORC, (9, 7))})
    caught = 6
    outcome = kick(core, board, [STRAIGHT, 4, caught])
    assert outcome.board.ball.carrier == "o"
    assert outcome.turnover


def test_a_player_with_my_ball_cannot_punt(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="My Ball"):
        kick(core, field(core, kicker_skills={"my-ball": None}), [])


def test_a_punt_into_the_crowd_is_a_turnover(core: Ruleset) -> None:
    board = build_board(core, {"p": ("home", HUMAN, (24, 7))}, skills={"p": {"punt": None}}, ball="p")
    bounce_west = 4  # away from the punter
    with ScriptedDice([STRAIGHT, 3, STRAIGHT, 2, 1, bounce_west]) as dice, ScriptedDecisions([]) as decisions:
        outcome = punt(core, board, "p", EAST, dice, decisions)
    assert [e.result for e in outcome.events if e.kind == "punt"] == ["off-the-pitch"]
    assert "throw-in" in [e.kind for e in outcome.events]
    assert outcome.turnover


def test_kick_rolls_the_direction_again_before_the_distance(core: Ruleset) -> None:
    board = field(core, kicker_skills={"kick": None})
    diagonal_left = 1
    outcome = kick(core, board, [diagonal_left, STRAIGHT, 2, 5, BOUNCE_EAST], [("use-skill", True), ("use-skill", True)])
    (event,) = [e for e in outcome.events if e.kind == "punt"]
    assert event.rolls == (diagonal_left, STRAIGHT, 2, 5)
    assert event.detail["direction"] == [1, 0]
    assert event.detail["to"] == [10, 7]


def test_only_a_standing_carrier_with_punt_may_punt_facing_an_edge(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="only a Standing player with Punt"):
        kick(core, build_board(core, {"p": ("home", HUMAN, (5, 7))}, ball="p"), [])
    with pytest.raises(UsageError, match="does not hold the ball"):
        kick(core, build_board(core, {"p": ("home", HUMAN, (5, 7))}, skills={"p": {"punt": None}}, ball=(1, 1)), [])
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="must face"):
        punt(core, field(core), "p", (1, 1), dice, ScriptedDecisions([]))
