"""Jump Up's Block from Prone: the Agility Test with its modifier, then the stand and the block, with scripted dice.

The Prone Human ``a`` (Jump Up) lies at (10, 7) beside the Orc ``d`` at (11, 7); a push sends
the Orc to (12, 7). His Agility is set to 5 so that the modifier decides the middle rolls.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.block import JUMP_UP, block, jump_up_block
from bbcore.rules.board import Board, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.ruleset import Ruleset
from tests.rules.test_block import PLAYER_DOWN, PUSH, duel

AG = 5
PUSHED = [("push-square", (12, 7)), ("follow-up", False)]


def lying(core: Ruleset, skills: dict[str, Any] | None = None, **changes: Any) -> Board:
    board = duel(core, skills={"a": {JUMP_UP: None, **(skills or {})}}, statuses={"a": "prone"})
    return board.with_player(attrs.evolve(board.player("a"), ag=AG, **changes))


def needed(core: Ruleset) -> int:
    """The lowest roll that passes the test: the Agility less Jump Up's modifier."""
    return AG - core.parameters.block.jump_up


def rise(core: Ruleset, board: Board, rolls: Iterable[int], answers: Iterable[tuple[str, Any]], **options: Any) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        return jump_up_block(core, board, "a", "d", dice, decisions, **options)


def test_a_passed_test_stands_him_up_and_he_blocks(core: Ruleset) -> None:
    outcome = rise(core, lying(core), [needed(core), PUSH], PUSHED)
    assert [e.kind for e in outcome.events][:3] == [JUMP_UP, "stand-up", "block"]
    test = outcome.events[0]
    assert (test.result, test.detail["modifier"]) == ("passed", core.parameters.block.jump_up)
    assert outcome.board.player("a").status is Status.STANDING
    assert outcome.board.player("d").square == (12, 7)
    assert not outcome.turnover


def test_a_failed_test_leaves_him_prone_and_ends_his_activation_without_a_turnover(core: Ruleset) -> None:
    outcome = rise(core, lying(core), [needed(core) - 1], [])
    assert [(e.kind, e.result) for e in outcome.events] == [(JUMP_UP, "failed")]
    assert outcome.board.player("a").status is Status.PRONE
    assert outcome.board.player("d").square == (11, 7)
    assert not outcome.turnover


def test_a_team_re_roll_spent_on_the_test_is_not_there_for_the_dice(core: Ruleset) -> None:
    # The test fails, then passes on the re-roll; the block's Player Down is then not offered one (the script would
    # refuse the question), and the blocker goes down: a turnover.
    rolls = [needed(core) - 1, needed(core), PLAYER_DOWN, 1, 1]
    outcome = rise(core, lying(core), rolls, [("team-reroll", True)], team_reroll=1)
    assert outcome.events[0].detail["rerolled_with"] == "team-reroll"
    assert outcome.board.player("a").status is Status.PRONE
    assert outcome.turnover


def test_pro_tried_on_the_test_is_not_tried_again_on_the_dice(core: Ruleset) -> None:
    # Pro saves the test; with a second Pro the strict script would be asked about the dice (reroll-block).
    rolls = [needed(core) - 1, core.parameters.targets.pro, needed(core), PUSH]
    outcome = rise(core, lying(core, {"pro": None}), rolls, [("use-skill", True), *PUSHED])
    assert outcome.events[0].detail["rerolled_with"] == "pro"
    assert outcome.board.player("d").square == (12, 7)


def test_foul_appearance_is_rolled_once_he_is_up(core: Ruleset) -> None:
    board = lying(core)
    board = board.with_player(attrs.evolve(board.player("d"), skills={"foul-appearance": None}))
    outcome = rise(core, board, [needed(core), 1], [])
    assert [(e.kind, e.result) for e in outcome.events] == [(JUMP_UP, "passed"), ("stand-up", "stood-up"), ("foul-appearance", "cancelled")]
    assert outcome.board.player("a").standing


@pytest.mark.parametrize(
    ("board_of", "message"),
    [
        (lambda core: duel(core, skills={"a": {JUMP_UP: None}}), "only a Prone player"),
        (lambda core: duel(core, statuses={"a": "prone"}), "no Jump Up"),
        (lambda core: lying(core, tackle_zone=False), "Distracted"),
        (lambda core: lying(core).with_player(lying(core).player("d").moved((12, 7))), "marks"),
        (lambda core: lying(core).with_player(lying(core).player("d").with_status(Status.PRONE)), "Standing opposition"),
    ],
)
def test_only_a_prone_player_with_jump_up_and_a_target_he_would_mark(core: Ruleset, board_of: Any, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        rise(core, board_of(core), [], [])


def test_a_plain_block_still_refuses_a_prone_blocker(core: Ruleset) -> None:
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="Standing player"):
        block(core, lying(core), "a", "d", dice)
