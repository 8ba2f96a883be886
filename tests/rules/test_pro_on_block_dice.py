"""Pro on the block dice: one die, the coach's choice (the worst by default), rolled again on the Pro D6, once in an
activation, and no team re-roll after it.

``a`` (a Human Lineman with Pro) blocks ``d`` (an Orc Lineman): ST 3 against 3, one die,
unless a test gives ``a`` more Strength.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.rules.block import block, multiple_block, roll_block
from bbcore.rules.board import Board
from bbcore.rules.decisions import ChoosesProDie, Decisions, DefaultDecisions, IllegalAnswerError, ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.rules.test_block import BOTH_DOWN, PLAYER_DOWN, POW, PUSH, duel

PRO = {"pro": None}


def hit(
    core: Ruleset, rolls: Iterable[int], answers: Iterable[tuple[str, Any]], *, skills: dict[str, Any] | None = None, **options: Any
) -> Outcome:
    board = duel(core, skills=skills if skills is not None else {"a": PRO})
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        return block(core, board, "a", "d", dice, decisions, **options)


def the(outcome: Outcome, kind: str) -> list[Event]:
    return [e for e in outcome.events if e.kind == kind]


def test_pro_rolls_a_bad_die_again_on_its_d6(core: Ruleset) -> None:
    # Player Down; the coach wants it gone and uses Pro: a 4 (3+) lets the die go again, a POW; armour 1+1 holds.
    answers = [("reroll-block", True), ("use-skill", True), ("push-square", (12, 7)), ("follow-up", False)]
    outcome = hit(core, [PLAYER_DOWN, 4, POW, 1, 1], answers)
    (rolled,) = the(outcome, "block")
    assert (rolled.rolls, rolled.result, rolled.detail["rerolled_with"]) == ((PLAYER_DOWN, POW), "pow", "pro")
    (pro,) = the(outcome, "pro")
    assert (pro.rolls, pro.result) == ((4,), "re-roll")
    assert not outcome.turnover


def test_a_refused_pro_keeps_the_die_and_no_team_reroll_follows(core: Ruleset) -> None:
    # The Pro D6 is a 2: the Player Down stands, though a team re-roll was there to spend.
    outcome = hit(core, [PLAYER_DOWN, 2, 1, 1], [("reroll-block", True), ("use-skill", True)], team_reroll=1)
    (rolled,) = the(outcome, "block")
    assert (rolled.rolls, rolled.result, rolled.detail["rerolled_with"]) == ((PLAYER_DOWN,), "player-down", None)
    assert the(outcome, "pro")[0].result == "refused"
    assert not the(outcome, "team-reroll")
    assert outcome.turnover


def test_without_pro_left_the_team_reroll_is_offered_as_before(core: Ruleset) -> None:
    answers = [("reroll-block", True), ("push-square", (12, 7)), ("follow-up", False)]
    outcome = hit(core, [PLAYER_DOWN, POW, 1, 1], answers, team_reroll=1, pro=False)
    assert the(outcome, "block")[0].detail["rerolled_with"] == "team-reroll"
    assert not the(outcome, "pro")


def test_pro_is_not_asked_about_good_dice(core: Ruleset) -> None:
    outcome = hit(core, [PUSH], [("reroll-block", False), ("push-square", (12, 7)), ("follow-up", False)])
    assert not the(outcome, "pro")


def two_dice(core: Ruleset) -> Board:
    """``a`` at ST 4 against the ST 3 Orc: two dice, the blocker chooses."""
    board = duel(core, skills={"a": PRO})
    return board.with_player(attrs.evolve(board.player("a"), st=4))


def test_the_coach_names_the_die_pro_rolls_again(core: Ruleset) -> None:
    # Both Down and Player Down; the coach sends the Both Down (die 0) again, and Pro (a 6) lets it go: a POW.
    answers = [("reroll-block", True), ("use-skill", True), ("pro-die", 0), ("block-face", 0)]
    with ScriptedDice([BOTH_DOWN, PLAYER_DOWN, 6, POW]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        rolled = roll_block(core, two_dice(core), "a", "d", dice, decisions, pro=True)
    assert rolled.faces == ("pow", "player-down")
    assert rolled.face == "pow"
    (pro,) = [e for e in rolled.after if e.kind == "pro"]
    assert pro.detail["die"] == 0


def test_a_coach_who_does_not_say_sends_the_worst_die_again(core: Ruleset) -> None:
    # No answer in the script: the default coach picks the Player Down (die 1), rolled again into a POW.
    answers = [("reroll-block", True), ("use-skill", True), ("block-face", 1)]
    with ScriptedDice([BOTH_DOWN, PLAYER_DOWN, 6, POW]) as dice, ScriptedDecisions(answers) as decisions:
        rolled = roll_block(core, two_dice(core), "a", "d", dice, decisions, pro=True)
    assert rolled.faces == ("both-down", "pow")
    assert DefaultDecisions().pro_die("a", ["pow", "both-down", "player-down"], False, False, True) == 2


class _NoProDie:
    """A coach's answers that know nothing of the Pro die question (an older coach, a bot)."""

    def __init__(self, inner: Decisions) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> Any:
        if name == "pro_die":
            raise AttributeError(name)
        return getattr(self._inner, name)


def test_a_coach_without_the_question_gets_the_worst_die(core: Ruleset) -> None:
    answers = [("reroll-block", True), ("use-skill", True), ("block-face", 1)]
    with ScriptedDice([PLAYER_DOWN, BOTH_DOWN, 6, POW]) as dice, ScriptedDecisions(answers, strict=True) as scripted:
        coach = _NoProDie(scripted)
        assert not isinstance(coach, ChoosesProDie)
        rolled = roll_block(core, two_dice(core), "a", "d", dice, coach, pro=True)  # type: ignore[arg-type]
    assert rolled.faces == ("pow", "both-down")


def test_a_die_not_shown_is_refused(core: Ruleset) -> None:
    answers = [("reroll-block", True), ("use-skill", True), ("pro-die", 2)]
    with ScriptedDice([BOTH_DOWN, PLAYER_DOWN]) as dice, pytest.raises(IllegalAnswerError, match="pro-die"):
        roll_block(core, two_dice(core), "a", "d", dice, ScriptedDecisions(answers, strict=True), pro=True)


def test_one_die_asks_no_question(core: Ruleset) -> None:
    # The strict script has no pro-die answer: with one die none is asked, and the event names die 0.
    outcome = hit(
        core, [PLAYER_DOWN, 4, POW, 1, 1], [("reroll-block", True), ("use-skill", True), ("push-square", (12, 7)), ("follow-up", False)]
    )
    assert the(outcome, "pro")[0].detail["die"] == 0


def test_a_frenzied_second_block_gets_no_second_pro(core: Ruleset) -> None:
    skills = {"a": {**PRO, "frenzy": None}}
    # First block: Push, fine (no Pro asked); the Orc is pushed and followed. Second block: Player Down, and the coach
    # would re-roll; Pro is asked and tried (a 1: refused).
    answers = [
        ("reroll-block", False),
        ("push-square", (12, 7)),
        ("reroll-block", True),
        ("use-skill", True),
    ]
    outcome = hit(core, [PUSH, PLAYER_DOWN, 1, 1, 1], answers, skills=skills)
    assert [e.result for e in the(outcome, "pro")] == ["refused"]
    # Had Pro been tried on the first block, the second would not even ask for a re-roll (the script has none left).
    answers_first = [("reroll-block", True), ("use-skill", True), ("push-square", (12, 7))]
    outcome = hit(core, [PLAYER_DOWN, 5, PUSH, PLAYER_DOWN, 1, 1], answers_first, skills=skills)
    assert len(the(outcome, "pro")) == 1


def test_a_multiple_block_tries_pro_once(core: Ruleset) -> None:
    board = build_board(
        core,
        {
            "a": ("home", "human/human-lineman", (10, 7)),
            "d": ("away", "orc/orc-lineman", (11, 7)),
            "e": ("away", "orc/orc-lineman", (11, 8)),
        },
        skills={"a": {**PRO, "multiple-block": None}},
    )
    board = board.with_player(attrs.evolve(board.player("a"), st=5))
    # ST 5 less 2 for the Multiple Block, each target assisted by the other: two dice each, the Orcs choose.
    # Pro is tried (a 1) on the first pair; the second pair would be offered it by the default coach if it were left.
    answers = [("reroll-block", True), ("use-skill", True)]
    with ScriptedDice([PLAYER_DOWN, PLAYER_DOWN, 1, PLAYER_DOWN, PLAYER_DOWN, 1, 1]) as dice, ScriptedDecisions(answers) as decisions:
        outcome = multiple_block(core, board, "a", ["d", "e"], dice, decisions)
    assert len(the(outcome, "pro")) == 1


def test_pro_may_roll_a_failed_dauntless_again_and_is_then_spent_for_the_dice(core: Ruleset) -> None:
    board = duel(core, defender="human/ogre", skills={"a": {"pro": None, "dauntless": None}})
    gap = board.player("d").st - board.player("a").st
    # Dauntless fails by one; Pro's 4 lets it go again and it matches: one die, a Player Down nobody may re-roll now.
    with ScriptedDice([gap, 4, gap + 1, PLAYER_DOWN, 1, 1]) as dice, ScriptedDecisions([("use-skill", True)] * 2, strict=True) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions)
    (dauntless,) = the(outcome, "dauntless")
    assert (dauntless.rolls, dauntless.result) == ((gap, gap + 1), "matched")
    (pro,) = the(outcome, "pro")
    assert (pro.rolls, pro.result, pro.detail) == ((4,), "re-roll", {"test": "dauntless"})
    assert the(outcome, "block")[0].rolls == (PLAYER_DOWN,)
    assert outcome.turnover


def test_pro_may_try_a_failed_foul_appearance_roll_again(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"pro": None}, "d": {"foul-appearance": None}})
    fails, braves = 1, core.parameters.targets.foul_appearance
    with ScriptedDice([fails, 4, braves, PLAYER_DOWN, 1, 1]) as dice, ScriptedDecisions([("use-skill", True)], strict=True) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions)
    assert [(e.kind, e.result) for e in outcome.events][:3] == [
        ("foul-appearance", "cancelled"),
        ("pro", "re-roll"),
        ("foul-appearance", "braved"),
    ]
    assert the(outcome, "block")[0].rolls == (PLAYER_DOWN,)  # Pro is spent: no question about the dice
    # The exact odds count the second try: the block is called off less often than without Pro.
    from bbcore.odds import block_odds

    plain = block_odds(core, duel(core, skills={"d": {"foul-appearance": None}}), "a", "d")
    with_pro = block_odds(core, board, "a", "d")
    assert with_pro.results["cancelled"] < plain.results["cancelled"]
