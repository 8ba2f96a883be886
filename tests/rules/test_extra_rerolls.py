"""Extra re-rolls: limited re-roll sources a caller hands to ``move`` (and puts in a ``RerollBudget``).

The core knows no such source; a variant's once-per-match staff is the example. Each test
moves one Human Lineman (MA 6) east with scripted dice and answers.
"""

from __future__ import annotations

from bbcore.dice import ScriptedDice
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.movement import MoveProgress
from bbcore.rules.rerolls import ExtraReroll, RerollBudget, take_test, target_test
from bbcore.ruleset import Ruleset
from tests.rules.test_movement import HELD, east, field, walk

COACH = ExtraReroll("coach", frozenset({"rush"}))


def rushes(outcome: Outcome) -> list[tuple[str, object]]:
    return [(e.result, e.detail["rerolled_with"]) for e in outcome.events if e.kind == "rush"]


def test_an_extra_reroll_re_rolls_a_failed_rush_and_its_use_is_counted(core: Ruleset) -> None:
    outcome = walk(core, field(core), east((5, 5), 7), [1, 4], [("use-skill", True)], extra_rerolls=(COACH,))
    assert rushes(outcome) == [("passed", "coach")]
    assert outcome.board.player("m").square == (12, 5)
    end = outcome.events[-1]
    assert end.kind == "move-ends"
    assert end.detail["extra_rerolls"] == {"coach": 0}
    assert MoveProgress.after(outcome, "m").team_rerolls == 0


def test_a_used_up_extra_reroll_is_not_offered_again(core: Ruleset) -> None:
    # Two rushes fail: the one use saves the first, the second falls (no team re-roll).
    outcome = walk(core, field(core), east((5, 5), 8), [1, 4, 1, *HELD], [("use-skill", True)], extra_rerolls=(COACH,))
    assert rushes(outcome) == [("passed", "coach"), ("failed", None)]
    assert outcome.turnover


def test_an_extra_reroll_covers_only_its_tests_and_comes_before_a_team_reroll(core: Ruleset) -> None:
    dodging = ExtraReroll("dodge-coach", frozenset({"dodge"}))
    # Its test is not the rush: the team re-roll is offered instead.
    outcome = walk(core, field(core), east((5, 5), 7), [1, 5], [("team-reroll", True)], extra_rerolls=(dodging,), team_reroll=1)
    assert rushes(outcome) == [("passed", "team-reroll")]
    assert outcome.events[-1].detail["extra_rerolls"] == {"dodge-coach": 1}
    # With both, the extra source goes first and the team re-roll is kept.
    kept = walk(core, field(core), east((5, 5), 7), [1, 5], [("use-skill", True)], extra_rerolls=(COACH,), team_reroll=1)
    assert rushes(kept) == [("passed", "coach")]
    assert MoveProgress.after(kept, "m").team_rerolls == 1


def test_a_declined_extra_reroll_keeps_its_use(core: Ruleset) -> None:
    board = field(core)
    budget = RerollBudget(extra=(COACH,))
    with ScriptedDice([1]) as dice, ScriptedDecisions([("use-skill", False)]) as decisions:
        rolled, after = take_test(board.player("m"), "rush", target_test(2, 0), dice, decisions, budget)
    assert not rolled.passed
    assert after.extra_left() == {"coach": 1}
