"""Stalling: a ball carrier who could have scored without a die, and the Crowd Takes Action."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.rules.board import BallState, Status
from bbcore.rules.decisions import DefaultDecisions
from bbcore.rules.drive import end_turn
from bbcore.rules.sequences import GameState
from bbcore.rules.stalling import could_score_without_dice
from bbcore.rules.turns import end_activation, start_activation
from bbcore.ruleset import Ruleset
from tests.rules.game_states import game

LINEMAN, ORC = "human/human-lineman", "orc/orc-lineman"  # the Human Lineman has MA 6


def carrier_at(core: Ruleset, square: tuple[int, int], **others: tuple[str, str, tuple[int, int]]) -> GameState:
    state = game(core, {"c": ("home", LINEMAN, square), **others}, ball="c")
    return state.update_team("home", turn=3)


def test_a_carrier_with_a_free_run_within_his_movement_could_score(core: Ruleset) -> None:
    end_zone = core.pitch.length - core.pitch.end_zone_depth  # the first square of the away End Zone, where home scores
    assert core.position(LINEMAN).ma == 6
    assert could_score_without_dice(core, carrier_at(core, (end_zone - 6, 7)).board, "c")
    assert not could_score_without_dice(core, carrier_at(core, (end_zone - 7, 7)).board, "c")  # a Rush needed


@pytest.mark.parametrize(
    ("why", "others", "skills"),
    [
        ("marked where he stands", {"o": ("away", ORC, (20, 8))}, None),
        ("a wall of tackle zones across the pitch", {f"o{y}": ("away", ORC, (22, y)) for y in range(1, 15, 3)}, None),
        ("a trait that rolls on activation", {}, {"c": {"bone-head": None}}),
    ],
)
def test_a_carrier_who_must_roll_a_die_could_not(core: Ruleset, why: str, others: dict, skills: dict | None) -> None:
    state = game(core, {"c": ("home", LINEMAN, (20, 7)), **others}, ball="c", skills=skills)
    assert could_score_without_dice(core, state.board, "c") is False, why
    without = game(core, {"c": ("home", LINEMAN, (20, 7))}, ball="c")
    assert could_score_without_dice(core, without.board, "c")


def test_a_player_without_the_ball_could_not(core: Ruleset) -> None:
    state = game(core, {"c": ("home", LINEMAN, (20, 7))}, ball=(5, 5))
    assert not could_score_without_dice(core, state.board, "c")


def test_the_crowd_knocks_a_stalling_player_down_on_a_die_of_his_turn_or_more(core: Ruleset) -> None:
    state, _ = start_activation(core, carrier_at(core, (20, 7)), "c")
    assert state.may_stall == "c"
    turn, armour_holds, bounce = 3, [1, 1], [5]
    with ScriptedDice([turn, *armour_holds, *bounce]) as dice:
        after, outcome = end_activation(core, state, "c", dice, DefaultDecisions())
    assert outcome.turnover
    assert (outcome.events[0].kind, outcome.events[0].result) == ("stalling", "crowd-takes-action")
    assert after.board.player("c").status is Status.PRONE
    assert after.home.stalled
    assert after.stalling == {"c"}
    assert after.may_stall is None
    # Below his team's turn number the crowd holds back, but he stalled all the same.
    with ScriptedDice([turn - 1]) as dice:
        spared, quiet = end_activation(core, state, "c", dice)
    assert (quiet.turnover, spared.home.stalled, spared.board.player("c").status) == (False, True, Status.STANDING)
    # The turn's record is cleared when it ends.
    ended, _ = end_turn(core, spared, "home", ScriptedDice([]))
    assert ended.stalling == frozenset()


def test_a_carrier_who_scored_or_passed_the_ball_on_was_not_stalling(core: Ruleset) -> None:
    state, _ = start_activation(core, carrier_at(core, (20, 7)), "c")
    scored = attrs.evolve(state, board=state.board.with_player(state.board.player("c").moved((25, 7))))
    with ScriptedDice([]) as dice:
        after, outcome = end_activation(core, scored, "c", dice)
    assert (outcome.events, after.home.stalled) == ((), False)
    passed = attrs.evolve(state, board=state.board.with_ball(BallState(square=(22, 7))))
    with ScriptedDice([]) as dice:
        after, outcome = end_activation(core, passed, "c", dice)
    assert (outcome.events, after.home.stalled) == ((), False)
    # Nor is a carrier who could not have scored without a die, whatever he did.
    far, _ = start_activation(core, carrier_at(core, (10, 7)), "c")
    with ScriptedDice([]) as dice:
        assert end_activation(core, far, "c", dice)[1].events == ()
