"""The biased referees and the coaching staff's rolls, with scripted dice."""

from __future__ import annotations

import pytest
from bbcore_inducement_packs.coaching_staff import bless, treat_knock_out
from bbcore_inducement_packs.referees import argue_with_the_axe, kit_argument, watch_foul

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import BBCoreError
from bbcore.rules.board import Board, Status, build_board
from bbcore.rules.sequences import GameState, TeamState

LINEMAN = "human/human-lineman"


@pytest.fixture(scope="module")
def bb2020() -> bbcore.Ruleset:
    return bbcore.load_ruleset(packs=["bb2020"])


def board(rules: bbcore.Ruleset) -> Board:
    players = {
        "f": ("away", LINEMAN, (10, 5)),
        "v": ("home", LINEMAN, (9, 5)),
        "h2": ("home", LINEMAN, (3, 3)),
        "a2": ("away", LINEMAN, (20, 8)),
    }
    return build_board(rules, players, statuses={"v": "prone"})


def game(rules: bbcore.Ruleset, home: dict[str, int]) -> GameState:
    return GameState(TeamState("home", "H", "human", 1, inducements=home), TeamState("away", "A", "human", 1), board(rules))


@pytest.mark.parametrize(
    ("inducement", "roll", "sent_off"),
    [("bb2020/biased-referee", 5, "f"), ("bb2020/biased-referee", 4, None), ("bb2020/thoron-korensson", 4, "f")],
)
def test_a_referee_sends_off_an_unlucky_fouler_on_his_number(
    bb2020: bbcore.Ruleset, inducement: str, roll: int, sent_off: str | None
) -> None:
    state = game(bb2020, {inducement: 1})
    with ScriptedDice([roll]) as dice:
        _, call = watch_foul(bb2020, state, inducement, "f", "v", False, dice)
    assert call.sent_off == sent_off
    assert call.bribe is (inducement == "bb2020/biased-referee" and sent_off is not None)


def test_a_referee_adds_nothing_to_a_double(bb2020: bbcore.Ruleset) -> None:
    _, call = watch_foul(bb2020, game(bb2020, {}), "bb2020/biased-referee", "f", "v", True, ScriptedDice([]))
    assert call.sent_off is None
    assert call.events == ()


@pytest.mark.parametrize(("roll", "sent_off"), [(6, "f"), (3, None), (1, "v")])
def test_the_triplets_roll_on_their_table_and_may_send_off_the_victim(bb2020: bbcore.Ruleset, roll: int, sent_off: str | None) -> None:
    with ScriptedDice([roll]) as dice:
        _, call = watch_foul(bb2020, game(bb2020, {}), "bb2020/trundlefoot-triplets", "f", "v", False, dice)
    assert call.sent_off == sent_off


def test_jorm_knocks_the_fouler_down_with_his_bonus(bb2020: bbcore.Ruleset) -> None:
    # 4 spots; armour 4+4 = 8, +1 from Jorm reaches AV 9; injury 2+3 = 5: Stunned.
    with ScriptedDice([4, 4, 4, 2, 3]) as dice:
        after, call = watch_foul(bb2020, game(bb2020, {}), "bb2020/jorm-the-ogre", "f", "v", False, dice)
    assert call.sent_off is None
    assert after.board.player("f").status is Status.STUNNED


def test_ranulf_halts_play_and_his_axe_settles_the_argument(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {})
    with ScriptedDice([4]) as dice:
        _, call = watch_foul(bb2020, state, "bb2020/ranulf-red-hokuli", "f", "v", False, dice)
    assert call.halted
    assert call.sent_off is None
    # 3+4 = 7, +2 = 9 breaks AV 9: Prone, injury 2+2 = 4 Stunned, no Turnover.
    with ScriptedDice([3, 4, 2, 2]) as dice:
        after, turnover, _ = argue_with_the_axe(bb2020, state, "bb2020/ranulf-red-hokuli", "f", dice)
    assert not turnover
    assert after.board.player("f").status is Status.STUNNED
    with ScriptedDice([3, 3]) as dice:
        after, turnover, _ = argue_with_the_axe(bb2020, state, "bb2020/ranulf-red-hokuli", "f", dice)
    assert turnover
    assert after.board.player("f").status is Status.SENT_OFF


@pytest.mark.parametrize(("roll", "stunned"), [(6, True), (5, False)])
def test_the_triplets_argue_with_an_unmarked_opponent_on_a_six(bb2020: bbcore.Ruleset, roll: int, stunned: bool) -> None:
    state = game(bb2020, {"bb2020/trundlefoot-triplets": 1})
    # "f" is marked by nobody standing ("v" is Prone), so both away players are candidates.
    with ScriptedDice([roll, 2]) if stunned else ScriptedDice([roll]) as dice:
        after, _ = kit_argument(state, "home", "bb2020/trundlefoot-triplets", dice)
    assert (after.board.player("f").status is Status.STUNNED) is stunned


@pytest.mark.parametrize(("roll", "status", "skills"), [(1, Status.KO, ()), (3, Status.PRONE, ("big-hand", "very-long-legs"))])
def test_papa_skullbones_blesses_or_strikes_down(bb2020: bbcore.Ruleset, roll: int, status: Status, skills: tuple[str, ...]) -> None:
    state = game(bb2020, {"bb2020/papa-skullbones": 1})
    with ScriptedDice([roll]) as dice:
        after, _ = bless(bb2020, state, "home", "bb2020/papa-skullbones", "v", dice)
    assert after.board.player("v").status is status
    assert all(after.board.player("v").has(skill) for skill in skills)


def test_an_overlooked_player_passes_the_roll_to_another(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {"bb2020/papa-skullbones": 1})
    with ScriptedDice([2, 1, 7]) as dice:
        after, _events = bless(bb2020, state, "home", "bb2020/papa-skullbones", "v", dice)
    assert after.board.player("h2").has("claws")
    assert not after.board.player("v").has("claws")
    with pytest.raises(BBCoreError):
        bless(bb2020, state, "home", "bb2020/papa-skullbones", "v", ScriptedDice([3]), blessed=frozenset({"v"}))


@pytest.mark.parametrize(("roll", "status"), [(1, Status.CASUALTY), (3, Status.KO), (5, Status.STUNNED)])
def test_mungo_treats_a_knocked_out_player(bb2020: bbcore.Ruleset, roll: int, status: Status) -> None:
    state = game(bb2020, {"bb2020/mungo-spinecracker": 1})
    with ScriptedDice([roll]) as dice:
        after, _ = treat_knock_out(bb2020, state, "home", "bb2020/mungo-spinecracker", "v", dice)
    assert after.board.player("v").status is status
