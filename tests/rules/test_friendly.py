"""Friendly games: no SPP, League Points or winnings, every Casualty a mild one, the teams left as they were."""

from __future__ import annotations

import attrs

from bbcore.dice import ScriptedDice, SeededDice
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.rules.friendly import FRIENDLY, friendly_casualty
from bbcore.rules.injury import suffer_casualty
from bbcore.rules.sequences import GameState, run_sequence, team_state
from bbcore.rules.turns import after_procedure
from bbcore.ruleset import Ruleset
from tests.rules.game_states import away_team, game, home_team

DEAD_ON_THE_D16 = 16


def undead_against_humans(core: Ruleset, *, friendly: bool) -> GameState:
    """The home Shambling Undead (Masters of Undeath) beside an away Human Lineman v."""
    players = {"z": ("home", "shambling-undead/zombie-lineman", (10, 7)), "v": ("away", "human/human-lineman", (11, 7))}
    home = home_team(roster="shambling-undead", special_rules=(core.parameters.masters_of_undeath.special_rule,))
    return game(core, players, home=home, friendly=friendly)


def test_in_a_friendly_every_casualty_counts_as_the_mild_row(core: Ruleset) -> None:
    mild = friendly_casualty(core)
    for friendly, expected in ((False, "dead"), (True, mild)):
        state = undead_against_humans(core, friendly=friendly)
        with ScriptedDice([DEAD_ON_THE_D16]) as dice:
            outcome = suffer_casualty(core, state.board, "v", dice)
        assert outcome.board.player("v").casualty_results == ("dead",)
        with ScriptedDice([]) as dice:
            after, events = after_procedure(core, state, outcome, dice, ScriptedDecisions([("use-special-rule", True)]))
        assert after.board.player("v").casualty_results == (expected,)
        # Nobody dies in a friendly, so nobody is raised from the dead.
        assert after.home.raised_the_dead is not friendly
        if friendly:
            (event,) = [e for e in events if e.kind == FRIENDLY]
            assert (event.who, event.result, event.detail["rolled"]) == ("v", mild, "dead")


def test_after_a_friendly_the_teams_are_left_as_they_were(core: Ruleset) -> None:
    human = next(ref.team for ref in core.team_files if ref.id == "human-starter")
    home = attrs.evolve(team_state(core, "home", human), score=2, fan_factor=4, treasury=150_000)
    state = game(core, home=home, away=away_team(fan_factor=3), friendly=True, spp={"home-1": 3}, played=frozenset({"home-1"}))
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as decisions:
        after, events = run_sequence(core, "post-game", state, dice, decisions)
    outcomes = [e for e in events if e.kind == "outcome"]
    assert [(e.who, e.result, e.detail["league_points"]) for e in outcomes] == [("home", "win", 0), ("away", "loss", 0)]
    assert [e.result for e in events if e.kind == "winnings"] == [FRIENDLY, FRIENDLY]
    assert after.spp == {}
    assert (after.home.treasury, after.home.dedicated_fans, after.home.team) == (150_000, home.dedicated_fans, human)
    skipped = [e.result for e in events if e.kind == FRIENDLY]
    steps = [step.id for step in core.sequence("post-game").steps]
    assert skipped == [step for step in steps if step != "outcome-and-winnings"]
    # The same game, not a friendly, pays out.
    paid, _ = run_sequence(core, "post-game", attrs.evolve(state, friendly=False), SeededDice(1), DefaultDecisions())
    assert paid.home.treasury > 150_000
