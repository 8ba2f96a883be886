"""The Leader Re-roll: gained at the start of a half with a Leader on the pitch, usable while one stays there."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.drive import leader_reroll, may_use_leader_reroll, use_leader_reroll
from bbcore.rules.sequences import GameState
from bbcore.ruleset import Ruleset
from tests.rules.game_states import AWAY_LINEMAN, HOME_LINEMAN, away_team, game

LEADING = {"boss": {"leader": None}}


def kicked_off(core: Ruleset, **changes: object) -> GameState:
    players = {"boss": ("home", HOME_LINEMAN, (10, 7)), "lino": ("home", HOME_LINEMAN, (10, 8)), "orc": ("away", AWAY_LINEMAN, (15, 7))}
    return game(core, players, skills=LEADING, **changes)


def step(core: Ruleset, state: GameState) -> GameState:
    with ScriptedDice([]) as dice:
        after, _ = leader_reroll(core, state, dice, ScriptedDecisions([]))
    return after


def test_a_team_starting_a_half_with_a_leader_gains_the_leader_re_roll(core: Ruleset) -> None:
    with ScriptedDice([]) as dice:
        after, events = leader_reroll(core, kicked_off(core), dice, ScriptedDecisions([]))
    assert after.home.leader_reroll is True
    assert after.away.leader_reroll is False
    assert [(e.kind, e.who, e.result) for e in events] == [("leader-reroll", "home", "gained")]
    assert after.home.rerolls == kicked_off(core).home.rerolls  # apart from the team's own re-rolls


def test_no_leader_re_roll_is_gained_on_a_drive_that_does_not_start_a_half(core: Ruleset) -> None:
    state = kicked_off(core, away=away_team(turn=3))
    assert step(core, state).home.leader_reroll is False


def test_a_half_without_a_leader_on_the_pitch_loses_the_last_halfs_re_roll(core: Ruleset) -> None:
    last_half = kicked_off(core).update_team("home", leader_reroll=True)
    gone = attrs.evolve(last_half, board=last_half.board.with_player(last_half.board.player("boss").with_status(Status.RESERVES)))
    assert step(core, gone).home.leader_reroll is False


def test_the_leader_re_roll_needs_a_leader_still_on_the_pitch(core: Ruleset) -> None:
    state = step(core, kicked_off(core))
    assert may_use_leader_reroll(state, "home")
    spent, events = use_leader_reroll(state, "home")
    assert spent.home.leader_reroll is False
    assert [e.result for e in events] == ["used"]
    assert not may_use_leader_reroll(spent, "home")
    hurt = attrs.evolve(state, board=state.board.with_player(state.board.player("boss").with_status(Status.CASUALTY)))
    assert not may_use_leader_reroll(hurt, "home")
    with pytest.raises(UsageError, match="no Leader Re-roll"):
        use_leader_reroll(hurt, "home")


def test_the_start_of_drive_sequence_gives_it_after_the_set_up(core: Ruleset) -> None:
    steps = [s.id for s in core.sequence("start-of-drive").steps]
    assert steps.index("leader-reroll") > steps.index("set-up")
