"""Touchdowns: scored the moment a procedure leaves a Standing ball carrier in the opposing End Zone."""

from __future__ import annotations

import attrs

from bbcore.dice import ScriptedDice
from bbcore.rules.board import Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.drive import clear_the_pitch
from bbcore.rules.events import Outcome
from bbcore.rules.league import spp_for
from bbcore.rules.movement import move
from bbcore.rules.sequences import GameState
from bbcore.rules.touchdown import TOUCHDOWN, scorer
from bbcore.rules.turns import after_procedure
from bbcore.ruleset import Ruleset
from tests.rules.game_states import game

HUMAN, ORC = "human/human-lineman", "orc/orc-lineman"


def runner(rules: Ruleset, x: int, **changes: object) -> GameState:
    """The home ``c`` holds the ball at (x, 7), no opponent near; the away End Zone begins at the far end."""
    return game(rules, {"c": ("home", HUMAN, (x, 7)), "o": ("away", ORC, (5, 1))}, ball="c", **changes)


def far_end(rules: Ruleset) -> int:
    """The first x of the away team's End Zone."""
    state = runner(rules, 10)
    pitch = state.board.pitch
    return pitch.length - pitch.end_zone_depth


def taken(rules: Ruleset, state: GameState, outcome: Outcome) -> tuple[GameState, tuple[str, ...]]:
    with ScriptedDice([]) as dice:
        after, events = after_procedure(rules, state, outcome, dice, ScriptedDecisions([], strict=True))
    return after, tuple(e.kind for e in events)


def test_a_carrier_who_moves_into_the_opposing_end_zone_scores(core: Ruleset) -> None:
    end = far_end(core)
    state = runner(core, end - 1)
    with ScriptedDice([]) as dice:
        outcome = move(core, state.board, "c", [(end, 7)], dice, ScriptedDecisions([]))
    assert scorer(outcome.board) is not None
    with ScriptedDice([]) as dice:
        after, events = after_procedure(core, state, outcome, dice)
    (event,) = [e for e in events if e.kind == TOUCHDOWN]
    award = spp_for(core, TOUCHDOWN, state.home.special_rules, state.home.prayers)
    assert (event.who, event.result, event.detail["team"], event.detail["spp"]) == ("c", "scored", "home", award)
    assert (after.home.score, after.away.score, after.touchdown, after.spp["c"]) == (1, 0, "home", award)
    # Still there after the next procedure: the drive's touchdown is recorded once.
    again, kinds = taken(core, after, Outcome(after.board, ()))
    assert TOUCHDOWN not in kinds
    assert again.home.score == 1
    # The drive ends: the record of its touchdown goes.
    with ScriptedDice([]) as dice:
        cleared, _ = clear_the_pitch(core, again, dice, ScriptedDecisions([]))
    assert cleared.touchdown is None
    assert cleared.home.score == 1


def test_no_touchdown_down_on_the_ground_outside_the_end_zone_or_in_ones_own(core: Ruleset) -> None:
    end = far_end(core)
    prone = runner(core, end, statuses={"c": "prone"})
    short = runner(core, end - 1)
    own = runner(core, 0)
    for state in (prone, short, own):
        assert scorer(state.board) is None
        after, kinds = taken(core, state, Outcome(state.board, ()))
        assert TOUCHDOWN not in kinds
        assert (after.home.score, after.touchdown) == (0, None)


def test_a_carrier_pushed_in_during_the_opponents_turn_scores_for_his_team(core: Ruleset) -> None:
    end = far_end(core)
    state = runner(core, end - 1)
    pushed = state.board.with_player(state.board.player("c").moved((end, 7)))
    after, kinds = taken(core, state, Outcome(pushed, ()))
    assert TOUCHDOWN in kinds
    assert after.home.score == 1


def test_a_hired_player_who_earns_no_spp_scores_but_earns_nothing(core: Ruleset) -> None:
    end = far_end(core)
    state = runner(core, end)
    star = state.board.with_player(attrs.evolve(state.board.player("c"), spp_earned="none", hired=True, star=True))
    after, kinds = taken(core, state, Outcome(star, ()))
    assert TOUCHDOWN in kinds
    assert (after.home.score, after.spp.get("c", 0)) == (1, 0)
    assert after.board.player("c").status is Status.STANDING


def test_a_team_that_scores_in_its_opponents_turn_skips_its_next_turn(core: Ruleset) -> None:
    from bbcore.rules.drive import end_turn
    from bbcore.rules.turns import CELEBRATING, start_turn, turn_lost

    end = far_end(core)

    def scored_in_turn_of(active: str | None) -> GameState:
        state = runner(core, end - 1, active_team=active)
        with ScriptedDice([]) as dice:
            outcome = move(core, state.board, "c", [(end, 7)], dice, ScriptedDecisions([]))
        after, _ = taken(core, state, outcome)
        return after

    # Scored in its own turn, or with no turn under way: nothing is skipped.
    assert scored_in_turn_of("home").celebrating is None
    assert scored_in_turn_of(None).celebrating is None
    # Carried in during the away team's turn (a push, say): home celebrates through its next turn.
    state = runner(core, end - 1, active_team="away")
    with ScriptedDice([]) as dice:
        outcome = move(core, state.board, "c", [(end, 7)], dice, ScriptedDecisions([]))
        after, events = after_procedure(core, state, outcome, dice)
    (scored,) = [e for e in events if e.kind == TOUCHDOWN]
    assert scored.detail["in_opponents_turn"] is True
    assert after.celebrating == "home"
    with ScriptedDice([]) as dice:
        ended, _ = end_turn(core, after, "away", dice)
        cleared, _ = clear_the_pitch(core, ended, dice, ScriptedDecisions([]))
    assert (cleared.active_team, cleared.celebrating) == (None, "home")  # the end of the drive keeps it
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as decisions:
        skipped, told = start_turn(core, cleared, "home", dice, decisions)
    assert turn_lost(told, "home")
    assert told[-1].result == CELEBRATING
    assert (skipped.celebrating, skipped.active_team) == (None, "home")
    # Only the one turn.
    with ScriptedDice([]) as dice:
        _, told = start_turn(core, skipped, "home", dice)
    assert not turn_lost(told, "home")
