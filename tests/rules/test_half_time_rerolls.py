"""Team re-rolls are replenished at the start of each half, not of Extra Time: the ``half-rerolls`` start-of-drive step."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.model.team import InducementOrder
from bbcore.rules.decisions import DefaultDecisions
from bbcore.rules.drive import STEPS, replenish_rerolls
from bbcore.rules.events import Event
from bbcore.rules.sequences import GameState, team_state
from bbcore.ruleset import Ruleset
from bbcore.testing import team_from_positions
from tests.rules.game_states import game


def second_half(core: Ruleset, *, half: int = 2, home_left: int = 0, away_left: int = 1) -> GameState:
    """The first drive of ``half``: home kept ``home_left`` of its 3 team re-rolls, away ``away_left`` of its 2."""
    state = game(core, half=half)
    state = state.update_team("home", rerolls=home_left, rerolls_per_half=3)
    return state.update_team("away", rerolls=away_left, rerolls_per_half=2)


def replenished(core: Ruleset, state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    with ScriptedDice([]) as dice:
        return replenish_rerolls(core, state, dice, DefaultDecisions())


def test_each_team_starts_the_second_half_with_its_full_count(core: Ruleset) -> None:
    after, events = replenished(core, second_half(core))
    assert (after.home.rerolls, after.away.rerolls) == (3, 2)
    assert [(e.who, e.result, e.detail) for e in events] == [
        ("home", "replenished", {"half": 2, "rerolls": 3, "left_before": 0}),
        ("away", "replenished", {"half": 2, "rerolls": 2, "left_before": 1}),
    ]


def test_unused_team_rerolls_do_not_carry_over(core: Ruleset) -> None:
    after, _ = replenished(core, second_half(core, home_left=5))  # a chef's gains, say, left unspent
    assert after.home.rerolls == 3


def test_team_rerolls_gained_before_the_game_are_kept_for_the_first_half(core: Ruleset) -> None:
    after, events = replenished(core, second_half(core, half=1, home_left=4, away_left=0))
    assert (after.home.rerolls, after.away.rerolls) == (4, 2)
    assert [e.detail["rerolls"] for e in events] == [4, 2]


def test_nothing_changes_on_a_drive_within_a_half(core: Ruleset) -> None:
    state = second_half(core)
    state = state.update_team("home", turn=3)
    assert replenished(core, state) == (state, ())


def test_extra_time_keeps_what_is_left(core: Ruleset) -> None:
    state = second_half(core, half=core.parameters.halves + 1)
    assert replenished(core, state) == (state, ())


def test_a_team_whose_count_is_unknown_is_left_to_the_caller(core: Ruleset) -> None:
    state = second_half(core).update_team("away", rerolls_per_half=None)
    after, events = replenished(core, state)
    assert (after.home.rerolls, after.away.rerolls) == (3, 1)
    assert [e.who for e in events] == ["home"]


def test_a_team_made_from_its_file_knows_its_count_inducements_included(core: Ruleset) -> None:
    orders = (InducementOrder(id="extra-team-training", count=1),)
    team = team_from_positions({"human/human-lineman": 11}, ruleset=core, rerolls=2, inducements=orders)
    assert team_state(core, "home", team).rerolls_per_half == 3
    spent = attrs.evolve(team_state(core, "home", team), rerolls=0)
    after, _ = replenished(core, game(core, half=2, home=spent))
    assert after.home.rerolls == 3


@pytest.mark.parametrize("before", ["chef", "leader-reroll"])
def test_the_step_comes_first_in_the_start_of_drive_sequence(core: Ruleset, before: str) -> None:
    steps = [step.id for step in core.sequence("start-of-drive").steps]
    assert steps[0] == "half-rerolls"
    assert steps.index("half-rerolls") < steps.index(before)
    assert STEPS["half-rerolls"] is replenish_rerolls
