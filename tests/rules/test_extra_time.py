"""Extra Time and the penalty shoot-out: a winner for a game that must have one."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.rules.drive import replenish_rerolls
from bbcore.rules.extra_time import (
    EXTRA_TIME,
    PENALTY,
    PENALTY_SHOOT_OUT,
    needs_extra_time,
    penalty_shoot_out,
    start_extra_time,
    winner,
)
from bbcore.rules.postgame import result_for
from bbcore.rules.sequences import GameState
from bbcore.ruleset import Ruleset
from tests.rules.game_states import away_team, game, home_team


def level_at_the_end(core: Ruleset, home_score: int = 1, away_score: int = 1) -> GameState:
    """The last half over: turn markers at the end, one re-roll left to home, none to away."""
    last = core.parameters.turns_per_half
    home = home_team(score=home_score, turn=last, rerolls=1, rerolls_per_half=3)
    away = away_team(score=away_score, turn=last, rerolls=0, rerolls_per_half=2)
    return game(core, home=home, away=away, half=core.parameters.halves)


def test_a_level_game_goes_to_extra_time_with_the_rerolls_it_has_left(core: Ruleset) -> None:
    state = level_at_the_end(core)
    assert needs_extra_time(core, state)
    assert not needs_extra_time(core, level_at_the_end(core, 2, 1))
    # Away wins the roll-off 2-5 and chooses to receive: home kicks.
    with ScriptedDice([2, 5]) as dice, ScriptedDecisions([("kick-or-receive", "receive")], strict=True) as decisions:
        after, events = start_extra_time(core, state, dice, decisions)
    assert (after.half, after.home.turn, after.away.turn, after.kicking_team) == (core.parameters.halves + 1, 0, 0, "home")
    assert events[-1].kind == EXTRA_TIME
    assert events[-1].detail == {"half": core.parameters.halves + 1, "kicking_team": "home"}
    assert not needs_extra_time(core, after)
    # The start of its first drive gives no team re-roll back.
    replenished, told = replenish_rerolls(core, after, ScriptedDice([]), DefaultDecisions())
    assert told == ()
    assert (replenished.home.rerolls, replenished.away.rerolls) == (1, 0)
    with pytest.raises(UsageError, match="played already"):
        start_extra_time(core, after, ScriptedDice([]))


def test_extra_time_is_only_for_a_level_game(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="for a level game; the score is 2-1"):
        start_extra_time(core, level_at_the_end(core, 2, 1), ScriptedDice([]))
    with pytest.raises(UsageError, match="for a level game"):
        penalty_shoot_out(core, level_at_the_end(core, 0, 1), ScriptedDice([]))


def test_the_shoot_out_is_won_by_the_coach_who_wins_more_roll_offs(core: Ruleset) -> None:
    state = attrs.evolve(level_at_the_end(core), half=core.parameters.halves + 1)
    assert winner(state) is None
    assert result_for(state, "home") == "draw"
    # Five roll-offs: home, tie then away, home, away, away.
    rolls = [6, 1, 3, 3, 2, 4, 5, 4, 1, 2, 3, 6]
    with ScriptedDice(rolls) as dice:
        after, events = penalty_shoot_out(core, state, dice)
    roll_offs = [e for e in events if e.kind == PENALTY]
    assert [e.result for e in roll_offs] == ["home", "tie", "away", "home", "away", "away"]
    (settled,) = [e for e in events if e.kind == PENALTY_SHOOT_OUT]
    assert (settled.who, settled.detail["won"], settled.detail["roll_offs"]) == ("away", {"home": 2, "away": 3}, 5)
    assert after.shoot_out_winner == "away" == winner(after)
    assert (result_for(after, "home"), result_for(after, "away")) == ("loss", "win")
    with pytest.raises(UsageError, match="won already"):
        penalty_shoot_out(core, after, ScriptedDice([]))


def test_a_shoot_out_of_an_even_number_of_roll_offs_goes_on_until_one_leads(core: Ruleset) -> None:
    rules = core.parameters.extra_time
    assert rules is not None
    two = attrs.evolve(core, parameters=attrs.evolve(core.parameters, extra_time=attrs.evolve(rules, penalty_roll_offs=2)))
    with ScriptedDice([6, 1, 1, 6, 2, 5]) as dice:
        after, events = penalty_shoot_out(two, level_at_the_end(core), dice)
    assert after.shoot_out_winner == "away"
    assert events[-1].detail["roll_offs"] == 3
