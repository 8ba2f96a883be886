"""Active skills and traits want a player Standing and not Distracted: Taunt, Trickster, Saboteur, Steady Footing, Dump-off,
Pick-me-up, and the special actions of Stab, Projectile Vomit and Hypnotic Gaze.

Each test would fail if the skill ignored the Distracted player's lost Tackle Zone.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.odds import block_odds
from bbcore.rules.block import apply_block_face, block
from bbcore.rules.board import Board, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.injury import Harm, knock_down, steady_footing
from bbcore.rules.passing import dump_off
from bbcore.rules.special_actions import hypnotic_gaze, projectile_vomit, stab
from bbcore.rules.turn_end import pick_me_up
from bbcore.ruleset import Ruleset
from tests.rules.test_block import PUSH, duel
from tests.rules.test_standing_and_falling import helpers_board

HELD = [2, 2]  # an armour roll that breaks nobody's armour
SABOTEUR = {"saboteur": None, "secret-weapon": None}


def distracted(board: Board, player_id: str) -> Board:
    """The player keeps his feet but has lost his Tackle Zone (a failed Bone Head, a Hypnotic Gaze...)."""
    return board.with_player(attrs.evolve(board.player(player_id), tackle_zone=False))


def test_a_distracted_taunter_cannot_drag_the_blocker_after_him(core: Ruleset) -> None:
    board = distracted(duel(core, skills={"d": {"taunt": None}}), "d")
    # Taunt is never asked about: the blocker's coach alone decides on the follow-up.
    with ScriptedDice([PUSH]) as dice, ScriptedDecisions([("push-square", (12, 7)), ("follow-up", False)], strict=True) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions)
    assert outcome.board.player("a").square == (10, 7)
    assert [e.result for e in outcome.events if e.kind == "follow-up"] == []


def test_a_distracted_trickster_stays_where_he_is(core: Ruleset) -> None:
    board = distracted(duel(core, skills={"d": {"trickster": None}}), "d")
    with ScriptedDice([PUSH]) as dice, ScriptedDecisions([("push-square", (12, 7)), ("follow-up", False)], strict=True) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions)
    assert not [e for e in outcome.events if e.kind == "trickster"]
    assert outcome.board.player("d").square == (12, 7)


def test_a_distracted_saboteur_is_knocked_down_without_his_roll(core: Ruleset) -> None:
    board = distracted(duel(core, skills={"d": SABOTEUR}), "d")
    with ScriptedDice(HELD) as dice, ScriptedDecisions([("push-square", (12, 7)), ("follow-up", False)]) as decisions:
        outcome = apply_block_face(core, board, "a", "d", "pow", dice, decisions)
    assert not [e for e in outcome.events if e.kind == "saboteur"]
    assert outcome.board.player("d").status is Status.PRONE
    assert outcome.board.player("a").standing


def test_a_distracted_carrier_cannot_set_the_ball_down_with_safe_pair_of_hands(core: Ruleset) -> None:
    board = distracted(duel(core, skills={"d": {"safe-pair-of-hands": None}}, ball="d"), "d")
    bounce = 5
    answers = [("push-square", (12, 7)), ("follow-up", False)]  # no place-ball question
    with ScriptedDice([*HELD, bounce]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        outcome = apply_block_face(core, board, "a", "d", "pow", dice, decisions)
    assert [e.kind for e in outcome.events if e.kind in ("safe-pair-of-hands", "bounce")] == ["bounce"]


def test_the_block_odds_leave_out_a_distracted_saboteur_and_steady_footing(core: Ruleset) -> None:
    for skills in (SABOTEUR, {"steady-footing": None}):
        plain = block_odds(core, distracted(duel(core), "d"), "a", "d")
        skilled = block_odds(core, distracted(duel(core, skills={"d": skills}), "d"), "a", "d")
        assert skilled.results == plain.results


def test_a_distracted_player_has_no_steady_footing(core: Ruleset) -> None:
    board = duel(core, skills={"d": {"steady-footing": None}})
    with ScriptedDice([6]) as dice:
        assert steady_footing(core, board, "d", dice) is not None
    with ScriptedDice([]) as dice:
        assert steady_footing(core, distracted(board, "d"), "d", dice) is None
    with ScriptedDice(HELD) as dice:
        down = knock_down(core, distracted(board, "d"), "d", Harm("fall"), dice)
    assert down.board.player("d").status is Status.PRONE


def test_a_distracted_pick_me_up_player_helps_nobody(core: Ruleset) -> None:
    board = distracted(helpers_board(core), "helper")
    with ScriptedDice([]) as dice:
        assert pick_me_up(core, board, "away", dice) == (board, ())


@pytest.mark.parametrize(("skill", "action"), [("stab", stab), ("projectile-vomit", projectile_vomit), ("hypnotic-gaze", hypnotic_gaze)])
def test_a_distracted_player_cannot_perform_a_special_action(core: Ruleset, skill: str, action: Callable[..., object]) -> None:
    board = distracted(duel(core, skills={"a": {skill: None}}), "a")
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="Distracted"):
        action(core, board, "a", "d", dice)


def test_a_distracted_ball_carrier_cannot_dump_off(core: Ruleset) -> None:
    board = distracted(duel(core, skills={"d": {"dump-off": None}}, ball="d"), "d")
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as decisions:
        assert dump_off(core, board, "d", dice, decisions) == Outcome(board)


def test_no_dump_off_while_no_quick_pass_may_be_thrown(core: Ruleset) -> None:
    from bbcore.rules.passing import allowed_bands

    board = attrs.evolve(duel(core, skills={"d": {"dump-off": None}}, ball="d"), open_pass_bands=())
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as decisions:
        assert dump_off(core, board, "d", dice, decisions) == Outcome(board)
    # What a caller allows is narrowed by the board's bands, never widened.
    assert allowed_bands(board, ("quick",)) == ()
    assert allowed_bands(attrs.evolve(board, open_pass_bands=("quick", "short")), ("quick", "long")) == ("quick",)
    assert allowed_bands(attrs.evolve(board, open_pass_bands=None), None) is None
