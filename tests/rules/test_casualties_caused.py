"""Casualties caused: the award and the team's count, kept by after_procedure from the injury events."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.rules.casualties_caused import CASUALTY, CASUALTY_CAUSED
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import Harm, hit_by, roll_injury
from bbcore.rules.league import FOULING_FRENZY, spp_for
from bbcore.rules.sequences import GameState
from bbcore.rules.turns import after_procedure
from bbcore.ruleset import Ruleset
from tests.rules.game_states import away_team, game

HUMAN, ORC = "human/human-lineman", "orc/orc-lineman"
CASUALTY_ROLLS = [6, 6, 1]  # a Casualty on the Injury Roll, then Badly Hurt on the D16
KO_ROLLS = [4, 4]


def brawl(rules: Ruleset, **away: object) -> GameState:
    """The home Human ``v`` lies Prone beside the away Orc ``h``, who has just knocked him down."""
    players = {"v": ("home", HUMAN, (10, 7)), "h": ("away", ORC, (11, 7))}
    return game(rules, players, statuses={"v": "prone"}, away=away_team(**away))


def injured(rules: Ruleset, state: GameState, rolls: list[int], harm: Harm) -> tuple[GameState, tuple[Event, ...]]:
    with ScriptedDice(rolls) as dice:
        outcome = roll_injury(rules, state.board, "v", harm, dice)
    with ScriptedDice([]) as dice:
        return after_procedure(rules, state, Outcome(outcome.board, outcome.events), dice, ScriptedDecisions([]))


def test_a_casualty_from_a_block_earns_the_blocker_the_award_and_counts_for_his_team(core: Ruleset) -> None:
    state = brawl(core)
    after, events = injured(core, state, CASUALTY_ROLLS, hit_by(core, "block", state.board.player("h")))
    award = spp_for(core, CASUALTY)
    assert after.spp["h"] == award
    assert (after.away.casualties_caused, after.home.casualties_caused) == (1, 0)
    (event,) = [e for e in events if e.kind == CASUALTY_CAUSED]
    assert (event.who, event.detail["victim"], event.detail["spp"]) == ("h", "v", award)
    # The victim's recovery (Badly Hurt here) changes nothing: the award stands.
    assert after.board.player("v").casualty_results == ("badly-hurt",)


def test_a_knock_out_or_a_fall_earns_nothing(core: Ruleset) -> None:
    state = brawl(core)
    knocked, _ = injured(core, state, KO_ROLLS, hit_by(core, "block", state.board.player("h")))
    fell, _ = injured(core, state, CASUALTY_ROLLS, Harm("fall"))
    for after in (knocked, fell):
        assert dict(after.spp) == {}
        assert after.away.casualties_caused == 0


def test_a_foul_earns_it_only_under_the_prayer_that_says_so(core: Ruleset) -> None:
    plain = brawl(core)
    foul = attrs.evolve(hit_by(core, "foul", plain.board.player("h")), by_block=False)
    after, _ = injured(core, plain, CASUALTY_ROLLS, foul)
    assert after.away.casualties_caused == 0
    prayed = brawl(core, prayers=(FOULING_FRENZY,))
    after, _ = injured(core, prayed, CASUALTY_ROLLS, foul)
    assert (after.away.casualties_caused, after.spp["h"]) == (1, spp_for(core, CASUALTY, prayers=(FOULING_FRENZY,)))


@pytest.mark.parametrize("rule", ["brawlin-brutes"])
def test_a_team_rule_that_changes_the_award_is_followed(core: Ruleset, rule: str) -> None:
    assert spp_for(core, CASUALTY, special_rules=(rule,)) != spp_for(core, CASUALTY)
    state = brawl(core, special_rules=(rule,))
    after, _ = injured(core, state, CASUALTY_ROLLS, hit_by(core, "block", state.board.player("h")))
    assert after.spp["h"] == spp_for(core, CASUALTY, special_rules=(rule,))
