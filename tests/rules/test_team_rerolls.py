"""Team re-rolls on the block dice, a pick-up and a catch: offered only when the caller says the team has one.

Blood Bowl 2025 lets the active team spend a team re-roll on any of its own failed rolls
but armour, injury, casualty, scatter and the like: the dice of a block (all of them) and a
pick-up and a catch among them. Dice and answers are scripted.
"""

from __future__ import annotations

import pytest

from bbcore.dice import ScriptedDice
from bbcore.rules.ball import pick_up
from bbcore.rules.block import block
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.movement import MoveProgress
from bbcore.rules.rerolls import TEAM_REROLL
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.rules.test_block import PLAYER_DOWN, PUSH, duel
from tests.rules.test_movement import field, walk
from tests.rules.test_passing import DOWN, LINEMAN, ORC, QUICK, RIGHT, only, pitch, throw

HELD = [1, 1]  # an armour roll that breaks nobody's armour


def used(outcome: Outcome) -> list[str]:
    return [e.result for e in outcome.events if e.kind == TEAM_REROLL]


# -- the block dice ----------------------------------------------------------------------------


def test_a_team_re_roll_rolls_the_block_dice_again_and_the_second_roll_stands(core: Ruleset) -> None:
    # Human Lineman ST 3 against Orc Lineman ST 3: one die, Player Down, then Push Back.
    with ScriptedDice([PLAYER_DOWN, PUSH]) as dice, ScriptedDecisions([("reroll-block", True)]) as decisions:
        outcome = block(core, duel(core), "a", "d", dice, decisions, team_reroll=1)
    (rolled,) = [e for e in outcome.events if e.kind == "block"]
    assert (rolled.rolls, rolled.result, rolled.detail["rerolled_with"]) == ((PLAYER_DOWN, PUSH), "push-back", TEAM_REROLL)
    assert used(outcome) == ["used"]
    assert not outcome.turnover
    assert outcome.board.player("a").standing


def test_a_declined_re_roll_keeps_the_dice_and_the_re_roll(core: Ruleset) -> None:
    with ScriptedDice([PLAYER_DOWN, *HELD]) as dice, ScriptedDecisions([("reroll-block", False)], strict=True) as decisions:
        outcome = block(core, duel(core), "a", "d", dice, decisions, team_reroll=1)
    assert used(outcome) == []
    assert outcome.turnover


def test_without_a_team_re_roll_nobody_is_asked(core: Ruleset) -> None:
    with ScriptedDice([PLAYER_DOWN, *HELD]) as dice, ScriptedDecisions([], strict=True) as decisions:
        outcome = block(core, duel(core), "a", "d", dice, decisions)
    assert outcome.turnover
    assert next(e for e in outcome.events if e.kind == "block").detail["rerolled_with"] is None


def test_a_loner_who_fails_his_roll_loses_the_re_roll(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"loner": 4}})
    # Player Down; the team re-roll is spent, the Loner roll of 3 misses 4+: the Player Down stands.
    with ScriptedDice([PLAYER_DOWN, 3, *HELD]) as dice, ScriptedDecisions([("reroll-block", True)], strict=True) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions, team_reroll=1)
    assert used(outcome) == ["used"]
    assert [e.result for e in outcome.events if e.kind == "loner"] == ["re-roll-lost"]
    assert outcome.turnover


@pytest.mark.parametrize(
    ("faces", "attacker_has_block", "attacker_chooses", "rerolls"),
    [
        (["player-down"], False, True, True),
        (["push-back"], False, True, False),
        (["both-down"], False, True, True),
        (["both-down"], True, True, False),
        (["player-down", "pow"], False, True, False),
        (["player-down", "pow"], False, False, True),
    ],
)
def test_the_default_coach_re_rolls_only_when_the_face_taken_puts_the_blocker_down(
    faces: list[str], attacker_has_block: bool, attacker_chooses: bool, rerolls: bool
) -> None:
    assert DefaultDecisions().reroll_block("a", faces, attacker_has_block, False, attacker_chooses) is rerolls


# -- the pick-up ------------------------------------------------------------------------------------


def test_a_team_re_roll_saves_a_failed_pick_up_and_is_counted_in_the_move(core: Ruleset) -> None:
    answers = [("team-reroll", True)]
    outcome = walk(core, field(core, ball=(6, 5)), [(6, 5), (7, 5)], [2, 4], answers, team_reroll=1)
    pick = next(e for e in outcome.events if e.kind == "pick-up")
    assert (pick.rolls, pick.result, pick.detail["rerolled_with"]) == ((2, 4), "picked-up", TEAM_REROLL)
    assert outcome.board.ball.carrier == "m"
    assert MoveProgress.after(outcome, "m").team_rerolls == 0


def test_sure_hands_comes_before_the_team_re_roll(core: Ruleset) -> None:
    board = field(core, ball=(6, 5), skills={"m": {"sure-hands": None}})
    outcome = walk(core, board, [(6, 5)], [2, 4], [("use-skill", True)], team_reroll=1)
    assert next(e for e in outcome.events if e.kind == "pick-up").detail["rerolled_with"] == "sure-hands"
    assert MoveProgress.after(outcome, "m").team_rerolls == 1


def test_a_pick_up_alone_offers_the_team_re_roll_only_when_given_one(core: Ruleset) -> None:
    board = build_board(core, {"l": ("home", "human/human-lineman", (10, 7))}, ball=(10, 7))
    with ScriptedDice([2, 4]) as dice, ScriptedDecisions([("team-reroll", True)], strict=True) as decisions:
        assert pick_up(core, board, "l", dice, decisions, team_reroll=True).board.ball.carrier == "l"
    with ScriptedDice([2, 5]) as dice, ScriptedDecisions([], strict=True) as decisions:
        dropped = pick_up(core, board, "l", dice, decisions)
    assert dropped.turnover


# -- the catch of a pass ------------------------------------------------------------------------------


def test_the_passing_teams_receiver_may_spend_a_team_re_roll_on_a_dropped_pass(core: Ruleset) -> None:
    # The Quick pass is accurate (4); the catch misses (2) and the team re-roll's die (3) holds it.
    board = pitch(core, {"r": ("home", LINEMAN, QUICK)})
    outcome = throw(core, board, QUICK, [4, 2, 3], [("team-reroll", True)], team_reroll=1)
    catch = only(outcome, "catch")
    assert (catch.rolls, catch.result, catch.detail["rerolled_with"]) == ((2, 3), "caught", TEAM_REROLL)
    assert outcome.board.ball.carrier == "r"
    assert used(outcome) == ["used"]


def test_a_team_re_roll_spent_on_the_pass_is_not_there_for_the_catch(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, QUICK)})
    # The pass fails (3), the team re-roll makes it accurate (4); the catch misses (2): nothing is left to offer.
    outcome = throw(core, board, QUICK, [3, 4, 2, RIGHT], [("team-reroll", True)], team_reroll=1)
    assert only(outcome, "catch").detail["rerolled_with"] is None
    assert outcome.turnover


def test_an_opponent_catching_the_pass_gets_no_team_re_roll_of_the_passers(core: Ruleset) -> None:
    # Inaccurate (3, the team re-roll kept), scattered onto an Orc who misses (2): he is not offered it.
    board = pitch(core, {"o": ("away", ORC, (10, 8))})
    outcome = throw(core, board, QUICK, [3, RIGHT, RIGHT, DOWN, 2, RIGHT], [("team-reroll", False)], team_reroll=1)
    assert only(outcome, "catch").result == "dropped"
    assert used(outcome) == []


def test_the_catch_skill_is_the_coachs_choice_and_comes_first(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, QUICK)}, skills={"r": {"catch": None}})
    outcome = throw(core, board, QUICK, [4, 2, 3], [("use-skill", True)], team_reroll=1)
    assert only(outcome, "catch").detail["rerolled_with"] == "catch"
    assert used(outcome) == []
    declined = throw(core, board, QUICK, [4, 2, 3], [("use-skill", False), ("team-reroll", True)], team_reroll=1)
    assert only(declined, "catch").detail["rerolled_with"] == TEAM_REROLL


def test_a_test_the_caller_bars_gets_no_team_re_roll_and_the_others_still_do(core: Ruleset) -> None:
    # A failed pick-up (2) is not offered one; the team re-roll is still there for what follows.
    board = field(core, ball=(6, 5))
    outcome = walk(core, board, [(6, 5)], [2, RIGHT], [], team_reroll=1, team_reroll_barred={"pick-up"})
    assert next(e for e in outcome.events if e.kind == "pick-up").detail["rerolled_with"] is None
    assert MoveProgress.after(outcome, "m").team_rerolls == 1
    dodging = field(core, opponents=[(4, 5)])
    saved = walk(core, dodging, [(6, 5)], [2, 5], [("team-reroll", True)], team_reroll=1, team_reroll_barred={"pick-up"})
    assert next(e for e in saved.events if e.kind == "dodge").detail["rerolled_with"] == TEAM_REROLL
