"""Josef (bb2020) and Joseph (classic) Bugman: his beer's KO recovery re-roll, and the classic one counting as two assistant coaches."""

from __future__ import annotations

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.rules.board import Board, Status, build_board
from bbcore.rules.decisions import DefaultDecisions
from bbcore.rules.drive import kick_off_event
from bbcore.rules.injury import recover_knocked_out
from bbcore.rules.sequences import GameState, TeamState

LINEMAN = "human/human-lineman"
BUGMAN = {"bb2020": "bb2020/josef-bugman", "classic": "classic/joseph-bugman"}


@pytest.fixture(scope="module", params=sorted(BUGMAN))
def pack(request: pytest.FixtureRequest) -> tuple[bbcore.Ruleset, str]:
    return bbcore.load_ruleset(packs=[request.param]), BUGMAN[request.param]


def knocked_out(rules: bbcore.Ruleset) -> Board:
    return build_board(rules, {"k": ("home", LINEMAN, None), "o": ("away", LINEMAN, None)}, statuses={"k": "ko", "o": "ko"})


@pytest.mark.parametrize(("rolls", "status"), [([1, 4], Status.RESERVES), ([1, 1], Status.KO)])
def test_bugman_lets_his_team_roll_a_one_again(pack: tuple[bbcore.Ruleset, str], rolls: list[int], status: Status) -> None:
    rules, bugman = pack
    with ScriptedDice([*rolls, 1]) as dice:  # "k" (home) first, then "o" (away, no Bugman): its 1 stands
        outcome = recover_knocked_out(rules, knocked_out(rules), dice, {"home": {bugman: 1}})
    assert outcome.board.player("k").status is status
    assert outcome.board.player("o").status is Status.KO
    assert outcome.events[0].rolls == tuple(rolls)


def test_bugman_does_not_help_a_roll_of_two_or_three(pack: tuple[bbcore.Ruleset, str]) -> None:
    rules, bugman = pack
    with ScriptedDice([3, 2]) as dice:
        outcome = recover_knocked_out(rules, knocked_out(rules), dice, {"home": {bugman: 1}})
    assert outcome.board.player("k").status is Status.KO


def test_without_bugman_a_one_stands(pack: tuple[bbcore.Ruleset, str]) -> None:
    rules, _ = pack
    with ScriptedDice([1, 1]) as dice:
        outcome = recover_knocked_out(rules, knocked_out(rules), dice, {})
    assert outcome.board.player("k").status is Status.KO


def brilliant_coaching(rules: bbcore.Ruleset, home: dict[str, int], rolls: list[int]) -> GameState:
    row = rules.table("kick-off-events").row("brilliant-coaching")
    assert row.min is not None
    state = GameState(TeamState("home", "H", "human", 1, inducements=home), TeamState("away", "A", "human", 1), knocked_out(rules))
    state = attrs.evolve(state, kicking_team="home")
    with ScriptedDice([1, row.min - 1, *rolls]) as dice:
        after, _ = kick_off_event(rules, state, dice, DefaultDecisions())
    return after


@pytest.mark.parametrize(
    ("inducements", "rerolls"), [({"classic/joseph-bugman": 1}, (1, 0)), ({"classic/assistant-coaches": 1}, (1, 1)), ({}, (0, 1))]
)
def test_classic_bugman_counts_as_two_assistant_coaches(inducements: dict[str, int], rerolls: tuple[int, int]) -> None:
    rules = bbcore.load_ruleset(packs=["classic"])
    after = brilliant_coaching(rules, inducements, [2, 3])  # home 2 + staff, away 3
    assert (after.home.drive_rerolls, after.away.drive_rerolls) == rerolls


def test_bb2020_assistant_coaches_count_for_brilliant_coaching() -> None:
    rules = bbcore.load_ruleset(packs=["bb2020"])
    after = brilliant_coaching(rules, {"bb2020/part-time-assistant-coaches": 2}, [2, 3])
    assert (after.home.drive_rerolls, after.away.drive_rerolls) == (1, 0)
