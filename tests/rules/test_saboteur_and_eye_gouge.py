"""Saboteur, Eye Gouge, Defensive, Trickster and Dump-off, with scripted dice.

Each test would fail without the rule it names; the numbers come from the parameters.
"""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.odds import block_odds
from bbcore.rules.activation import activation_test
from bbcore.rules.block import apply_block_face, assists, block, trickster
from bbcore.rules.board import Board, Status
from bbcore.rules.decisions import DecisionScriptError, ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.foul import foul_assists
from bbcore.rules.passing import dump_off
from bbcore.rules.special_actions import stab
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.rules.test_block import PUSH, duel

SABOTEUR = {"saboteur": None, "secret-weapon": None}
HELD = [2, 2]  # an armour roll that breaks nobody's armour
PUSH_ON = [("push-square", (12, 7)), ("follow-up", False)]


def face(rules: Ruleset, board: Board, which: str, rolls: list[int], answers: list[tuple[str, object]]) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return apply_block_face(rules, board, "a", "d", which, dice, decisions)


def results(outcome: Outcome, kind: str) -> list[str]:
    return [e.result for e in outcome.events if e.kind == kind]


# -- Saboteur ---------------------------------------------------------------------------------------


def test_a_saboteur_whose_weapon_goes_off_is_knocked_out_and_brings_the_blocker_down(core: Ruleset) -> None:
    goes_off = core.parameters.targets.saboteur
    outcome = face(core, duel(core, skills={"d": SABOTEUR}), "pow", [goes_off, *HELD], PUSH_ON)
    assert outcome.board.player("d").status is Status.KO
    assert outcome.board.player("d").square is None
    assert outcome.board.player("a").status is Status.PRONE
    assert results(outcome, "saboteur") == ["went-off"]
    assert [e.who for e in outcome.events if e.kind == "armour"] == ["a"]  # none for the saboteur
    assert not outcome.turnover


def test_the_apothecary_may_patch_up_a_saboteur_his_weapon_knocked_out(core: Ruleset) -> None:
    goes_off = core.parameters.targets.saboteur
    outcome = face(core, duel(core, skills={"d": SABOTEUR}), "pow", [goes_off, *HELD], [*PUSH_ON, ("apothecary", True)])
    saboteur = outcome.board.player("d")
    assert (saboteur.status, saboteur.square) == (Status.STUNNED, (12, 7))
    assert results(outcome, "apothecary") == ["patched-up"]


def test_a_blocker_brought_down_by_a_saboteur_while_holding_the_ball_causes_a_turnover(core: Ruleset) -> None:
    goes_off = core.parameters.targets.saboteur
    bounce_west = 4
    board = duel(core, skills={"d": SABOTEUR}, ball="a")
    outcome = face(core, board, "pow", [goes_off, *HELD, bounce_west], PUSH_ON)
    assert outcome.turnover
    assert outcome.board.ball.carrier is None


def test_a_saboteur_who_rolls_low_is_knocked_down_as_usual(core: Ruleset) -> None:
    dud = core.parameters.targets.saboteur - 1
    outcome = face(core, duel(core, skills={"d": SABOTEUR}), "pow", [dud, *HELD], PUSH_ON)
    assert results(outcome, "saboteur") == ["nothing"]
    assert outcome.board.player("d").status is Status.PRONE
    assert outcome.board.player("a").standing


def test_a_saboteur_whose_coach_keeps_the_weapon_quiet_rolls_nothing(core: Ruleset) -> None:
    outcome = face(core, duel(core, skills={"d": SABOTEUR}), "pow", HELD, [*PUSH_ON, ("use-skill", False)])
    assert results(outcome, "saboteur") == []
    assert outcome.board.player("d").status is Status.PRONE
    assert outcome.board.player("a").standing


def test_a_both_down_blocker_brought_down_by_the_saboteur_is_not_knocked_down_twice(core: Ruleset) -> None:
    goes_off = core.parameters.targets.saboteur
    outcome = face(core, duel(core, skills={"d": SABOTEUR}), "both-down", [goes_off, *HELD], [])
    assert [e.who for e in outcome.events if e.kind == "knocked-down"] == ["a"]
    assert outcome.turnover  # the blocker fell on a Both Down without Block


def test_the_block_odds_count_the_saboteur(core: Ruleset) -> None:
    goes_off = Fraction(7 - core.parameters.targets.saboteur, 6)
    plain = block_odds(core, duel(core), "a", "d").results
    sabotaged = block_odds(core, duel(core, skills={"d": SABOTEUR}), "a", "d").results
    assert sabotaged["defender-down"] == plain["defender-down"] * (1 - goes_off)
    assert sabotaged["both-down"] == plain["both-down"] + plain["defender-down"] * goes_off


# -- Eye Gouge --------------------------------------------------------------------------------------


def gouging(rules: Ruleset) -> Board:
    """a (Eye Gouge) blocks d; d's team-mate h and a's team-mate t stand near."""
    return build_board(
        rules,
        {
            "a": ("home", "human/human-lineman", (10, 7)),
            "t": ("home", "human/human-lineman", (13, 8)),
            "d": ("away", "orc/orc-lineman", (11, 7)),
            "h": ("away", "orc/orc-lineman", (13, 7)),
        },
        skills={"a": {"eye-gouge": None}},
    )


def test_a_player_pushed_back_by_eye_gouge_gives_no_assists_until_activated(core: Ruleset) -> None:
    outcome = face(core, gouging(core), "push-back", [], [("push-square", (12, 7)), ("follow-up", False)])
    board = outcome.board
    assert results(outcome, "eye-gouge") == ["gouged"]
    assert board.player("d").gives_assists is False
    # d now stands next to t, marked by t alone: were he not gouged, he would assist h's block on t.
    offensive, _ = assists(board, board.player("h"), board.player("t"))
    assert offensive == ()
    ungouged = board.with_player(attrs.evolve(board.player("d"), gives_assists=True))
    offensive, _ = assists(ungouged, ungouged.player("h"), ungouged.player("t"))
    assert offensive == ("d",)
    with ScriptedDice([]) as dice, ScriptedDecisions([]) as decisions:
        activated = activation_test(core, board, "d", "move", dice, decisions)
    assert activated.board.player("d").gives_assists is True
    assert [e.kind for e in activated.events] == ["assists-back"]


def test_a_player_who_stands_firm_is_not_gouged(core: Ruleset) -> None:
    board = gouging(core)
    board = board.with_player(attrs.evolve(board.player("d"), skills={"stand-firm": None}))
    outcome = face(core, board, "push-back", [], [("use-skill", True)])
    assert results(outcome, "eye-gouge") == []
    assert outcome.board.player("d").gives_assists is True


def test_a_gouged_player_gives_no_foul_assists_either(core: Ruleset) -> None:
    board = build_board(
        core,
        {
            "f": ("home", "human/human-lineman", (10, 7)),
            "b": ("home", "human/human-lineman", (12, 7)),
            "v": ("away", "orc/orc-lineman", (11, 7)),
        },
        skills={"b": {"put-the-boot-in": None}},
        statuses={"v": "prone"},
    )
    assert foul_assists(board, board.player("f"), board.player("v"))[0] == ("b",)
    gouged = board.with_player(attrs.evolve(board.player("b"), gives_assists=False))
    assert foul_assists(gouged, gouged.player("f"), gouged.player("v"))[0] == ()


# -- Defensive --------------------------------------------------------------------------------------


def guarded(rules: Ruleset, marker_skills: dict[str, int | str | None]) -> Board:
    """a blocks d; a's team-mate g (Guard) stands by d, marked by d and by m, whose skills are given."""
    return build_board(
        rules,
        {
            "a": ("home", "human/human-lineman", (10, 7)),
            "g": ("home", "human/human-lineman", (11, 8)),
            "d": ("away", "orc/orc-lineman", (11, 7)),
            "m": ("away", "orc/orc-lineman", (12, 9)),
        },
        skills={"g": {"guard": None}, "m": marker_skills},
    )


def test_a_defensive_marker_takes_guard_away_in_the_other_teams_turn(core: Ruleset) -> None:
    plain = guarded(core, {})
    assert assists(plain, plain.player("a"), plain.player("d"))[0] == ("g",)
    board = guarded(core, {"defensive": None})
    assert assists(board, board.player("a"), board.player("d"))[0] == ()


def test_a_defensive_player_does_not_stop_guard_in_his_own_teams_turn(core: Ruleset) -> None:
    # The away team's d blocks a: the home Guard g, marked by the Defensive m, still helps a, as it is m's own turn.
    board = guarded(core, {"defensive": None})
    _, defensive = assists(board, board.player("d"), board.player("a"))
    assert defensive == ("g",)


def test_a_defensive_marker_stops_put_the_boot_in(core: Ruleset) -> None:
    players = {
        "f": ("home", "human/human-lineman", (10, 7)),
        "b": ("home", "human/human-lineman", (11, 8)),
        "v": ("away", "orc/orc-lineman", (11, 7)),
        "m": ("away", "orc/orc-lineman", (12, 9)),
    }
    booting = build_board(core, players, skills={"b": {"put-the-boot-in": None}}, statuses={"v": "prone"})
    assert foul_assists(booting, booting.player("f"), booting.player("v"))[0] == ("b",)
    stopped = build_board(core, players, skills={"b": {"put-the-boot-in": None}, "m": {"defensive": None}}, statuses={"v": "prone"})
    assert foul_assists(stopped, stopped.player("f"), stopped.player("v"))[0] == ()


# -- Trickster --------------------------------------------------------------------------------------


def test_trickster_steps_beside_the_blocker_before_the_dice(core: Ruleset) -> None:
    board = duel(core, skills={"d": {"trickster": None}})
    with (
        ScriptedDice([PUSH]) as dice,
        ScriptedDecisions([("square", (10, 6)), ("push-square", (10, 5)), ("follow-up", False)]) as decisions,
    ):
        outcome = block(core, board, "a", "d", dice, decisions)
    assert [e.kind for e in outcome.events][:2] == ["trickster", "block"]
    assert outcome.board.player("d").square == (10, 5)  # pushed on from the square he chose, away from the blocker


def test_a_trickster_landing_on_the_ball_tries_to_pick_it_up(core: Ruleset) -> None:
    board = duel(core, skills={"d": {"trickster": None}}, ball=(9, 7))
    picked_up = 6
    with (
        ScriptedDice([picked_up, PUSH]) as dice,
        ScriptedDecisions([("square", (9, 7)), ("push-square", (8, 7)), ("follow-up", False)]) as decisions,
    ):
        outcome = block(core, board, "a", "d", dice, decisions)
    assert [e.kind for e in outcome.events][:3] == ["trickster", "pick-up", "block"]
    assert outcome.board.ball.carrier == "d"


def test_a_trickster_may_stay_and_may_only_go_beside_the_actor(core: Ruleset) -> None:
    board = duel(core, skills={"d": {"trickster": None}})
    with ScriptedDice([PUSH]) as dice, ScriptedDecisions([("square", None), ("push-square", (12, 7)), ("follow-up", False)]) as decisions:
        stayed = block(core, board, "a", "d", dice, decisions)
    assert "trickster" not in [e.kind for e in stayed.events]
    with ScriptedDice([]) as dice, pytest.raises(DecisionScriptError, match="not among"):
        trickster(core, board, "a", "d", dice, ScriptedDecisions([("square", (13, 7))]))


def test_a_trickster_steps_aside_from_a_stab_too(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"stab": None}, "d": {"trickster": None}})
    with ScriptedDice(HELD) as dice, ScriptedDecisions([("square", (10, 8))]) as decisions:
        outcome = stab(core, board, "a", "d", dice, decisions)
    assert outcome.board.player("d").square == (10, 8)
    assert [e.kind for e in outcome.events][:2] == ["trickster", "stab"]


# -- Dump-off ---------------------------------------------------------------------------------------


def dumping(rules: Ruleset) -> Board:
    """The away Orc a blocks the home carrier d (Dump-off); d's team-mate c stands three squares away."""
    players = {
        "a": ("away", "orc/orc-lineman", (4, 7)),
        "d": ("home", "human/human-lineman", (5, 7)),
        "c": ("home", "human/human-lineman", (8, 7)),
    }
    return build_board(rules, players, skills={"d": {"dump-off": None}}, ball="d")


def test_dump_off_throws_a_quick_pass_before_the_block(core: Ruleset) -> None:
    accurate, caught = 6, 6
    answers = [("square", (8, 7)), ("push-square", (6, 7)), ("follow-up", False)]
    with ScriptedDice([accurate, caught, PUSH]) as dice, ScriptedDecisions(answers) as decisions:
        outcome = block(core, dumping(core), "a", "d", dice, decisions)
    kinds = [e.kind for e in outcome.events]
    assert kinds.index("dump-off") < kinds.index("pass") < kinds.index("block")
    assert outcome.board.ball.carrier == "c"
    assert not outcome.turnover


def test_a_dropped_dump_off_is_no_turnover_for_anyone(core: Ruleset) -> None:
    fumbled, bounce_down = 1, 7
    answers = [("square", (8, 7)), ("push-square", (6, 7)), ("follow-up", False)]
    with ScriptedDice([fumbled, bounce_down, PUSH]) as dice, ScriptedDecisions(answers) as decisions:
        outcome = block(core, dumping(core), "a", "d", dice, decisions)
    assert outcome.board.ball.carrier is None
    assert not outcome.turnover


def test_dump_off_allows_only_a_quick_pass(core: Ruleset) -> None:
    with ScriptedDice([]) as dice, pytest.raises(DecisionScriptError, match="not among"):
        dump_off(core, dumping(core), "d", dice, ScriptedDecisions([("square", (12, 7))]))
    with ScriptedDice([]) as dice:
        board = dumping(core)
        assert dump_off(core, board, "d", dice, ScriptedDecisions([("square", None)])) == Outcome(board)


def test_a_dump_off_is_out_of_the_throwers_activation_so_pro_is_not_offered(core: Ruleset) -> None:
    board = dumping(core)
    board = board.with_player(attrs.evolve(board.player("d"), skills={"dump-off": None, "pro": None}))
    fumbled, bounce_down = 1, 7
    answers = [("square", (8, 7)), ("push-square", (6, 7)), ("follow-up", False)]
    # Strict: a question about Pro after the fumble would find no answer.
    with ScriptedDice([fumbled, bounce_down, PUSH]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions)
    assert not [e for e in outcome.events if e.kind == "pro"]
    assert outcome.board.ball.carrier is None
