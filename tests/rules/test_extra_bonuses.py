"""Extra bonuses: limited one-roll bonuses a caller hands to ``move`` (and puts in a ``RerollBudget``).

The core knows no such source; a variant's one-use tool is the example. The moves walk one
Human Lineman (MA 6) east with scripted dice, on a lane where rushing is one harder
(``rush_modifier=-1``), so a rolled 2 fails the Rush and a bonus of 1 saves it.
"""

from __future__ import annotations

import pytest

from bbcore.dice import ScriptedDice
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.movement import MoveProgress, pay_for_block
from bbcore.rules.rerolls import ExtraBonus, ExtraReroll, RerollBudget, take_test, target_test
from bbcore.ruleset import Ruleset
from tests.rules.test_movement import HELD, east, field, walk

BROOM = ExtraBonus("broom", frozenset({"rush"}), 1)


def rushes(outcome: Outcome) -> list[tuple[str, object, object]]:
    return [(e.result, e.detail["rerolled_with"], e.detail.get("helped_by")) for e in outcome.events if e.kind == "rush"]


def test_a_bonus_turns_a_failed_rush_into_a_pass_and_its_use_is_counted(core: Ruleset) -> None:
    outcome = walk(core, field(core), east((5, 5), 7), [2], [("use-skill", True)], extra_bonuses=(BROOM,), rush_modifier=-1)
    assert rushes(outcome) == [("passed", None, "broom")]
    assert outcome.board.player("m").square == (12, 5)
    assert outcome.events[-1].detail["extra_bonuses"] == {"broom": 0}


def test_a_bonus_is_not_offered_when_it_would_not_save_the_roll(core: Ruleset) -> None:
    # A natural 1 fails whatever is added: nothing is asked, the use is kept, the runner falls.
    outcome = walk(core, field(core), east((5, 5), 7), [1, *HELD], extra_bonuses=(BROOM,), rush_modifier=-1)
    assert rushes(outcome) == [("failed", None, None)]
    assert outcome.turnover
    assert outcome.events[-1].detail["extra_bonuses"] == {"broom": 1}


def test_a_bonus_comes_before_a_reroll_and_keeps_it(core: Ruleset) -> None:
    coach = ExtraReroll("coach", frozenset({"rush"}))
    outcome = walk(
        core, field(core), east((5, 5), 7), [2], [("use-skill", True)], extra_bonuses=(BROOM,), extra_rerolls=(coach,), rush_modifier=-1
    )
    assert rushes(outcome) == [("passed", None, "broom")]
    assert outcome.events[-1].detail["extra_rerolls"] == {"coach": 1}


def test_a_declined_bonus_leaves_the_reroll_and_is_offered_again_on_the_new_die(core: Ruleset) -> None:
    # Declined on the first 2; the team re-roll gives another 2, and this time the coach takes the bonus.
    answers = [("use-skill", False), ("team-reroll", True), ("use-skill", True)]
    outcome = walk(core, field(core), east((5, 5), 7), [2, 2], answers, extra_bonuses=(BROOM,), rush_modifier=-1, team_reroll=1)
    assert rushes(outcome) == [("passed", "team-reroll", "broom")]
    assert MoveProgress.after(outcome, "m").team_rerolls == 0


def test_a_bonus_helps_only_its_tests(core: Ruleset) -> None:
    board = field(core)
    gloves = ExtraBonus("gloves", frozenset({"catch"}), 1)
    with ScriptedDice([2]) as dice, ScriptedDecisions([]) as decisions:
        rolled, after = take_test(board.player("m"), "rush", target_test(3, 0), dice, decisions, RerollBudget(bonuses=(gloves,)))
    assert not rolled.passed
    assert after.bonuses_left() == {"gloves": 1}


@pytest.mark.parametrize(("by", "passes"), [(1, False), (2, True)])
def test_a_bonus_adds_its_own_size(core: Ruleset, by: int, passes: bool) -> None:
    board = field(core)
    big = ExtraBonus("big", frozenset({"rush"}), by)
    answers = [("use-skill", True)] if passes else []
    with ScriptedDice([2]) as dice, ScriptedDecisions(answers) as decisions:
        rolled, after = take_test(board.player("m"), "rush", target_test(4, 0), dice, decisions, RerollBudget(bonuses=(big,)))
    assert rolled.passed is passes
    assert rolled.verdict.modifier == (by if passes else 0)
    assert after.bonuses_left() == {"big": 0 if passes else 1}


def test_a_bonus_saves_the_rush_a_blitz_makes_for_its_block(core: Ruleset) -> None:
    board = field(core)
    spent = MoveProgress(ma_used=6, rushes_used=0, spent=frozenset(), team_rerolls=0)
    with ScriptedDice([2]) as dice, ScriptedDecisions([("use-skill", True)]) as decisions:
        outcome = pay_for_block(core, board, "m", spent, dice, decisions, rush_modifier=-1, extra_bonuses=(BROOM,))
    assert not outcome.turnover
    assert rushes(outcome) == [("passed", None, "broom")]
