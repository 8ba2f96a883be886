"""The Star Player Points of completions, interceptions and Throw Team-mate, read from the procedures' events."""

from __future__ import annotations

import attrs

from bbcore.dice import ScriptedDice
from bbcore.rules.achievements import SPP_EARNED
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.league import spp_for
from bbcore.rules.sequences import GameState, TeamState
from bbcore.rules.turns import after_procedure
from bbcore.ruleset import Ruleset
from tests.rules.game_states import away_team, home_team
from tests.rules.test_passing import LINEMAN, ORC, QUICK, RIGHT, SHORT, pitch, throw


def books(rules: Ruleset, outcome: Outcome, home: TeamState | None = None) -> tuple[GameState, list[tuple[str | None, str]]]:
    """The outcome taken into a game: the state, and the awards reported as (player, achievement)."""
    state = GameState(home or home_team(), away_team(), outcome.board)
    with ScriptedDice([]) as dice:
        after, events = after_procedure(rules, state, outcome, dice, ScriptedDecisions([]))
    return after, [(e.who, e.result) for e in events if e.kind == SPP_EARNED]


def test_an_accurate_pass_caught_by_a_team_mate_is_a_completion(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, {"r": ("home", LINEMAN, SHORT)}), SHORT, [5, 3])
    after, awards = books(core, outcome)
    assert awards == [("p", "completion")]
    assert dict(after.spp) == {"p": spp_for(core, "completion")}


def test_no_completion_for_an_inaccurate_pass_a_drop_or_an_opponents_catch(core: Ruleset) -> None:
    inaccurate = throw(core, pitch(core, {"t": ("home", LINEMAN, (10, 8))}), QUICK, [3, RIGHT, RIGHT, 7, 3])
    assert inaccurate.board.ball.carrier == "t"  # caught, but the pass was not Accurate
    dropped = throw(core, pitch(core, {"r": ("home", LINEMAN, QUICK)}), QUICK, [4, 2, RIGHT])
    for outcome in (inaccurate, dropped):
        assert books(core, outcome)[1] == []


def test_an_interception_earns_the_interceptor_and_no_completion(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, SHORT), "x": ("away", ORC, (7, 7))})
    outcome = throw(core, board, SHORT, [5, 6], answers=[("interceptor", "x")])
    assert outcome.board.ball.carrier == "x"
    after, awards = books(core, outcome)
    assert awards == [("x", "interception")]
    assert after.spp["x"] == spp_for(core, "interception")


def thrown(quality: str, landing: str) -> tuple[Event, ...]:
    """The events of a Throw Team-mate by ``o`` of ``h``: the throw test's verdict and how ``h`` came down."""
    return (
        Event("throw-team-mate", "o", (), "quick", {"thrown": "h", "target": [8, 7], "range": 3}),
        Event("throw", "o", (6,), quality, {}),
        Event("thrown-player-lands", "h", (), landing, {"square": [8, 7]}),
    )


def test_a_superb_throw_that_lands_on_its_feet_earns_both_and_a_safe_landing_the_thrown(core: Ruleset) -> None:
    board = pitch(core, {"o": ("home", "human/ogre", (10, 10)), "h": ("home", "human/halfling-hopeful", (8, 7))})
    superb = books(core, Outcome(board, thrown("superb", "on-feet")))[1]
    assert superb == [("o", "throw-team-mate"), ("h", "throw-team-mate-safe-landing")]
    subpar = books(core, Outcome(board, thrown("subpar", "on-feet")))[1]
    assert subpar == [("h", "throw-team-mate-safe-landing")]
    assert books(core, Outcome(board, thrown("superb", "off-pitch")))[1] == []


def test_a_hired_player_who_earns_nothing_gets_no_award(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, SHORT)})
    star = board.with_player(attrs.evolve(board.player("p"), spp_earned="none", hired=True))
    outcome = throw(core, star, SHORT, [5, 3])
    assert books(core, outcome)[1] == []


def test_a_catch_from_a_pass_earns_only_under_the_prayer_that_rewards_it(core: Ruleset) -> None:
    prayer = next(p for p, awards in core.parameters.league.prayer_awards.items() if "catch" in awards)
    outcome = throw(core, pitch(core, {"r": ("home", LINEMAN, SHORT)}), SHORT, [5, 3])
    assert books(core, outcome)[1] == [("p", "completion")]  # without the prayer a catch is worth nothing
    after, awards = books(core, outcome, home_team(prayers=(prayer,)))
    assert awards == [("p", "completion"), ("r", "catch")]
    assert after.spp["r"] == spp_for(core, "catch", prayers=(prayer,)) > 0
    # A catch that does not come from a pass earns nothing, prayer or not.
    handed = Outcome(outcome.board, tuple(e for e in outcome.events if e.kind != "pass-action"))
    assert books(core, handed, home_team(prayers=(prayer,)))[1] == []
