"""Skills the packs write in an older form, played as the core's: Blood Bowl 2020's Mighty Blow (+X) and
Really Stupid (X+), the classic list's Fearless (as Dauntless)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.rules.activation import ActivationResult, activation_test
from bbcore.rules.block import block
from bbcore.rules.board import Board
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import hit_by
from bbcore.testing import build_board

LINEMAN, ORC, OGRE = "human/human-lineman", "orc/orc-lineman", "human/ogre"
MIGHTY_BLOW_2 = {"bb2020/mighty-blow": 2}


def duel(rules: bbcore.Ruleset, skills: Mapping[str, Any], defender: str = ORC) -> Board:
    return build_board(rules, {"a": ("home", LINEMAN, (10, 7)), "d": ("away", defender, (11, 7))}, skills={"a": skills})


def face(rules: bbcore.Ruleset, face_id: str) -> int:
    low = rules.table("block-dice").row(face_id).min
    assert low is not None
    return low


def two_dice_making(total: int) -> list[int]:
    return [total // 2, total - total // 2]


def only(events: Iterable[Event], kind: str) -> Event:
    (event,) = [e for e in events if e.kind == kind]
    return event


def pow_then(rules: bbcore.Ruleset, board: Board, rolls: list[int], answers: Iterable[tuple[str, Any]] = ()) -> Outcome:
    with ScriptedDice([face(rules, "pow"), *rolls]) as dice, ScriptedDecisions(answers) as decisions:
        return block(rules, board, "a", "d", dice, decisions)


# -- Mighty Blow (+X) ------------------------------------------------------------------------------


def test_the_core_mighty_blow_adds_the_parameter_and_the_older_form_its_own_value(bb2020: bbcore.Ruleset) -> None:
    player = duel(bb2020, {"mighty-blow": None}).player("a")
    assert (hit_by(bb2020, "block", player).mighty_blow, hit_by(bb2020, "block", player).blow_bonus) == (
        True,
        bb2020.parameters.block.mighty_blow,
    )
    older = hit_by(bb2020, "block", duel(bb2020, MIGHTY_BLOW_2).player("a"))
    assert (older.mighty_blow, older.blow_bonus) == (True, 2)
    assert hit_by(bb2020, "block", duel(bb2020, {}).player("a")).mighty_blow is False


def test_mighty_blow_plus_two_breaks_armour_that_plus_one_leaves_whole(bb2020: bbcore.Ruleset) -> None:
    armour = two_dice_making(bb2020.position(ORC).av - 2)
    plus_one = pow_then(bb2020, duel(bb2020, {"mighty-blow": None}), [*armour])
    assert only(plus_one.events, "armour").result == "held"
    plus_two = pow_then(bb2020, duel(bb2020, MIGHTY_BLOW_2), [*armour, 1, 1])
    assert (only(plus_two.events, "armour").result, only(plus_two.events, "armour").detail["mighty_blow"]) == ("broken", True)


def test_an_unspent_mighty_blow_plus_two_goes_on_the_injury_roll(bb2020: bbcore.Ruleset) -> None:
    outcome = pow_then(bb2020, duel(bb2020, MIGHTY_BLOW_2), [*two_dice_making(bb2020.position(ORC).av), 1, 1])
    assert only(outcome.events, "injury").detail["total"] == 2 + 2


# -- Really Stupid (X+) ----------------------------------------------------------------------------


def activate(rules: bbcore.Ruleset, skills: Mapping[str, Any], rolls: list[int], mate: Mapping[str, Any] | None = None) -> ActivationResult:
    players = {"m": ("home", LINEMAN, (5, 5)), "o": ("away", ORC, (15, 10))}
    all_skills: dict[str, Mapping[str, Any]] = {"m": skills}
    if mate is not None:
        players["t"] = ("home", LINEMAN, (5, 6))
        all_skills["t"] = mate
    board = build_board(rules, players, skills=all_skills)
    with ScriptedDice(rolls) as dice, ScriptedDecisions([], strict=True) as decisions:
        return activation_test(rules, board, "m", "move", dice, decisions)


def test_really_stupid_five_plus_is_rolled_against_its_own_target(bb2020: bbcore.Ruleset) -> None:
    assert not activate(bb2020, {"bb2020/really-stupid": 5}, [4]).passed
    passed = activate(bb2020, {"bb2020/really-stupid": 5}, [5])
    assert passed.passed
    assert only(passed.events, "bb2020/really-stupid").detail["target"] == 5
    assert activate(bb2020, {"really-stupid": None}, [4]).passed  # the core trait's own 4+


def test_a_team_mate_with_either_form_of_really_stupid_does_not_help(bb2020: bbcore.Ruleset) -> None:
    older = {"bb2020/really-stupid": 5}
    assert activate(bb2020, older, [3], mate={}).passed  # 3 + 2 from a clear-headed team-mate
    assert not activate(bb2020, older, [3], mate={"really-stupid": None}).passed
    assert not activate(bb2020, {"really-stupid": None}, [3], mate={"bb2020/really-stupid": 4}).passed


# -- Fearless (classic) ----------------------------------------------------------------------------


def test_fearless_is_played_as_dauntless(classic: bbcore.Ruleset) -> None:
    board = duel(classic, {"classic/fearless": None}, defender=OGRE)
    ogre, lineman = board.player("d").st, board.player("a").st
    with ScriptedDice([ogre - lineman + 1, face(classic, "push-back")]) as dice, ScriptedDecisions([("use-skill", True)]) as decisions:
        outcome = block(classic, board, "a", "d", dice, decisions)
    assert only(outcome.events, "dauntless").result == "matched"
    assert only(outcome.events, "block").detail["attacker_strength"] == ogre
