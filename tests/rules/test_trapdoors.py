"""Treacherous Trapdoor: the core pitch's trapdoors sleep until the prayer wakes them, then anyone entering may fall through."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.block import block
from bbcore.rules.board import Board, Square, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.drive import QUICK_SNAP, step_open_players
from bbcore.rules.events import Outcome
from bbcore.rules.movement import move
from bbcore.rules.prayers import answer_prayer
from bbcore.rules.push import push
from bbcore.rules.trapdoors import FALL_THROUGH, enter_square, fell_through
from bbcore.rules.ttm import throw_team_mate
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.rules.game_states import game

LINEMAN, ORC, OGRE, HALFLING = "human/human-lineman", "orc/orc-lineman", "human/ogre", "human/halfling-hopeful"
STUNNED = [3, 3]  # an Injury Roll of 6: Stunned, which the crowd makes the Reserves
POW, PUSH = 6, 3
RIGHT, LEFT, UP = 5, 4, 2  # Random direction D8 faces


def trapdoor(core: Ruleset) -> Square:
    """The home half's trapdoor square, from the pitch data."""
    (feature,) = [f for f in core.pitch.features if f.type == "trapdoor" and f.area is not None and f.area.x < core.pitch.half_length]
    assert feature.area is not None
    return (feature.area.x, feature.area.y)


def woken(board: Board) -> Board:
    return attrs.evolve(board, woken={"trapdoor"})


def fall_through_events(outcome: Outcome) -> list[tuple[str | None, tuple[int, ...], str]]:
    return [(e.who, e.rolls, e.result) for e in outcome.events if e.kind == FALL_THROUGH]


def moved(core: Ruleset, board: Board, path: Iterable[Square], rolls: Iterable[int], **options: Any) -> Outcome:
    with ScriptedDice(rolls) as dice:
        return move(core, board, "p", list(path), dice, ScriptedDecisions([]), **options)


def test_the_core_pitch_has_a_sleeping_trapdoor_in_each_half_s_wide_zone(core: Ruleset) -> None:
    squares = [(f.area.x, f.area.y) for f in core.pitch.features if f.type == "trapdoor" and f.area is not None]
    board = build_board(core, {})
    assert sorted(board.geometry.half_of(s) for s in squares) == ["away", "home"]
    assert all(board.geometry.zone(s) == "wide-zone" for s in squares)
    (kind,) = [t for t in core.pitch.feature_types if t.id == "trapdoor"]
    assert (kind.falls_through, kind.dormant, kind.provisional) == (1, True, True)
    assert board.feature_in_force(squares[0]) is None
    assert woken(board).feature_in_force(squares[0]) is kind


def test_the_prayer_wakes_the_trapdoors_for_the_game(core: Ruleset) -> None:
    state = game(core, {"h1": ("home", LINEMAN, (5, 7)), "a1": ("away", ORC, (15, 7))})
    row = core.table("prayers-to-nuffle").row("treacherous-trapdoor")
    with ScriptedDice([]) as dice:
        after, events = answer_prayer(core, state, "home", row, dice, ScriptedDecisions([]))
    assert after.board.woken == frozenset({"trapdoor"})
    assert [(e.result, e.detail) for e in events] == [("treacherous-trapdoor", {"wakes": "trapdoor", "features": 2})]


def test_a_prayer_that_wakes_something_not_named_is_refused(core: Ruleset) -> None:
    state = game(core, {"h1": ("home", LINEMAN, (5, 7)), "a1": ("away", ORC, (15, 7))})
    row = core.table("prayers-to-nuffle").row("treacherous-trapdoor")
    broken = attrs.evolve(row, values={**row.values, "wakes": 3})
    with pytest.raises(UsageError, match="'wakes' names a feature type"):
        answer_prayer(core, state, "home", broken, ScriptedDice([]), ScriptedDecisions([]))


def test_a_sleeping_trapdoor_asks_for_no_roll(core: Ruleset) -> None:
    x, y = trapdoor(core)
    board = build_board(core, {"p": ("home", LINEMAN, (x - 1, y))})
    outcome = moved(core, board, [(x, y), (x + 1, y)], [])
    assert outcome.board.player("p").square == (x + 1, y)
    assert not fall_through_events(outcome)


def test_a_mover_who_rolls_above_the_number_walks_on(core: Ruleset) -> None:
    x, y = trapdoor(core)
    board = woken(build_board(core, {"p": ("home", LINEMAN, (x - 1, y))}))
    outcome = moved(core, board, [(x, y), (x + 1, y)], [2])
    assert outcome.board.player("p").square == (x + 1, y)
    assert fall_through_events(outcome) == [("p", (2,), "held")]


def test_a_mover_who_rolls_a_one_falls_through_and_his_move_ends(core: Ruleset) -> None:
    x, y = trapdoor(core)
    board = woken(build_board(core, {"p": ("home", LINEMAN, (x - 1, y))}))
    outcome = moved(core, board, [(x, y), (x + 1, y)], [1, *STUNNED])
    player = outcome.board.player("p")
    assert (player.square, player.status) == (None, Status.RESERVES)
    assert fall_through_events(outcome) == [("p", (1,), "fell")]
    assert [e.kind for e in outcome.events if e.kind in ("armour", "injury")] == ["injury"]  # no Armour Roll
    assert outcome.events[-1].result == "ended"
    assert not outcome.turnover  # he held no ball


def test_a_ball_carrier_who_falls_through_loses_the_ball_from_the_trapdoor_and_it_is_a_turnover(core: Ruleset) -> None:
    x, y = trapdoor(core)
    board = woken(build_board(core, {"p": ("home", LINEMAN, (x - 1, y))}, ball="p"))
    outcome = moved(core, board, [(x, y)], [1, *STUNNED, RIGHT])
    assert outcome.turnover
    assert outcome.board.ball.carrier is None
    assert outcome.board.ball.square == (x + 1, y)  # bounced one square from the trapdoor


def test_a_failed_rush_into_a_trapdoor_rolls_for_it_before_the_fall(core: Ruleset) -> None:
    x, y = trapdoor(core)
    board = woken(build_board(core, {"p": ("home", LINEMAN, (x - 1, y))}))
    ma = board.player("p").ma
    outcome = moved(core, board, [(x, y)], [1, 2, 1, 1], ma_used=ma)  # the rush fails, the trapdoor holds, armour holds
    assert fall_through_events(outcome) == [("p", (2,), "held")]
    kinds = [e.kind for e in outcome.events]
    assert kinds.index(FALL_THROUGH) < kinds.index("fall") < kinds.index("armour")
    assert outcome.board.player("p").square == (x, y)
    assert outcome.turnover


def test_a_player_pushed_onto_a_trapdoor_who_falls_through_is_not_knocked_down_as_well(core: Ruleset) -> None:
    x, y = trapdoor(core)
    board = woken(build_board(core, {"a": ("home", LINEMAN, (x - 2, y)), "d": ("away", ORC, (x - 1, y))}))
    answers = [("push-square", (x, y)), ("follow-up", False)]
    with ScriptedDice([POW, 1, *STUNNED]) as dice, ScriptedDecisions(answers) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions)
    assert outcome.board.player("d").status is Status.RESERVES
    assert fall_through_events(outcome) == [("d", (1,), "fell")]
    assert "armour" not in [e.kind for e in outcome.events]
    assert not outcome.turnover


def test_the_follow_up_is_decided_before_the_trapdoor_is_rolled_for(core: Ruleset) -> None:
    x, y = trapdoor(core)
    board = woken(build_board(core, {"a": ("home", LINEMAN, (x - 2, y)), "d": ("away", ORC, (x - 1, y))}))
    answers = [("push-square", (x, y)), ("follow-up", True)]
    with ScriptedDice([PUSH, 1, *STUNNED]) as dice, ScriptedDecisions(answers) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions)
    kinds = [e.kind for e in outcome.events]
    assert kinds.index("follow-up") < kinds.index(FALL_THROUGH) < kinds.index("injury")
    assert outcome.board.player("a").square == (x - 1, y)
    assert outcome.board.player("d").status is Status.RESERVES


def test_an_opposing_carrier_falling_through_is_no_turnover_for_the_blocker(core: Ruleset) -> None:
    x, y = trapdoor(core)
    board = woken(build_board(core, {"a": ("home", LINEMAN, (x - 2, y)), "d": ("away", ORC, (x - 1, y))}, ball="d"))
    answers = [("push-square", (x, y)), ("follow-up", False)]
    with ScriptedDice([PUSH, 1, *STUNNED, RIGHT]) as dice, ScriptedDecisions(answers) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions)
    assert fall_through_events(outcome) == [("d", (1,), "fell")]
    assert outcome.board.ball.carrier is None
    assert not outcome.turnover


def test_a_chain_push_rolls_for_the_player_pushed_onto_the_trapdoor(core: Ruleset) -> None:
    x, y = trapdoor(core)
    players = {"a": ("home", LINEMAN, (x - 3, y)), "d": ("away", ORC, (x - 2, y)), "e": ("away", ORC, (x - 1, y))}
    board = woken(build_board(core, players))
    with ScriptedDice([2]) as dice:  # pushed straight on: no square to choose, e goes onto the trapdoor
        result = push(core, board, "d", (x - 3, y), dice, ScriptedDecisions([]), chooser="home", direction=(1, 0))
    assert result.outcome.board.player("e").square == (x, y)
    assert fall_through_events(result.outcome) == [("e", (2,), "held")]


def test_a_blocker_who_follows_up_onto_a_trapdoor_rolls_too(core: Ruleset) -> None:
    x, y = trapdoor(core)
    board = woken(build_board(core, {"a": ("home", LINEMAN, (x - 1, y)), "d": ("away", ORC, (x, y))}, ball="a"))
    answers = [("push-square", (x + 1, y)), ("follow-up", True)]
    with ScriptedDice([PUSH, 1, *STUNNED, LEFT]) as dice, ScriptedDecisions(answers) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions)
    assert fall_through_events(outcome) == [("a", (1,), "fell")]  # the defender was there already: no roll for him
    assert outcome.board.player("a").status is Status.RESERVES
    assert outcome.turnover  # the blocker held the ball


def test_a_thrown_team_mate_coming_down_on_a_trapdoor_rolls_before_landing(core: Ruleset) -> None:
    x, y = trapdoor(core)
    board = woken(build_board(core, {"t": ("home", OGRE, (x - 3, y + 1)), "h": ("home", HALFLING, (x - 3, y + 2))}))
    with ScriptedDice([5, RIGHT, LEFT, UP, 1, *STUNNED]) as dice:
        outcome = throw_team_mate(core, board, "t", "h", (x, y + 1), dice, ScriptedDecisions([]))
    assert fall_through_events(outcome) == [("h", (1,), "fell")]
    assert "landing" not in [e.kind for e in outcome.events]
    assert outcome.board.player("h").status is Status.RESERVES


def test_a_kick_off_step_onto_a_trapdoor_rolls(core: Ruleset) -> None:
    x, y = trapdoor(core)
    board = woken(build_board(core, {"p": ("home", LINEMAN, (x - 1, y))}))
    with ScriptedDice([1, *STUNNED]) as dice, ScriptedDecisions([("free-move", ("p", ((x, y),)))]) as decisions:
        after, events = step_open_players(core, board, "home", 1, QUICK_SNAP, dice, decisions)
    assert [e.kind for e in events][:2] == ["stepped", FALL_THROUGH]
    assert after.player("p").status is Status.RESERVES


@pytest.mark.parametrize(("roll", "falls"), [(1, True), (2, False), (6, False)])
def test_enter_square_reports_who_fell(core: Ruleset, roll: int, falls: bool) -> None:
    x, y = trapdoor(core)
    board = woken(build_board(core, {"p": ("home", LINEMAN, (x, y))}))
    with ScriptedDice([roll, *(STUNNED if falls else [])]) as dice:
        entered = enter_square(core, board, "p", dice, ScriptedDecisions([]))
    assert entered is not None
    assert fell_through(entered, "p") is falls
    assert (entered.board.player("p").square is None) is falls
    elsewhere = woken(build_board(core, {"p": ("home", LINEMAN, (x + 1, y))}))
    assert enter_square(core, elsewhere, "p", ScriptedDice([]), ScriptedDecisions([])) is None
