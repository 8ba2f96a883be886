"""Casualties caused: the award and the team's count, kept by after_procedure from the injury events."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.rules.board import Status
from bbcore.rules.casualties_caused import CASUALTY, CASUALTY_CAUSED, PRAYED_FOR
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import Harm, hit_by, roll_injury
from bbcore.rules.league import FOULING_FRENZY, spp_for
from bbcore.rules.movement import move
from bbcore.rules.sequences import GameState
from bbcore.rules.special_actions import projectile_vomit
from bbcore.rules.ttm import throw_team_mate
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
    prayer_award = core.parameters.league.prayer_awards[FOULING_FRENZY][PRAYED_FOR["foul"]]
    assert (after.away.casualties_caused, after.spp["h"]) == (1, prayer_award)
    # The Prayer's award is its own: a team whose casualty award is higher (Brawlin' Brutes) still earns it.
    brutes = brawl(core, prayers=(FOULING_FRENZY,), special_rules=("brawlin-brutes",))
    assert spp_for(core, CASUALTY, special_rules=("brawlin-brutes",)) != prayer_award
    after, _ = injured(core, brutes, CASUALTY_ROLLS, foul)
    assert after.spp["h"] == prayer_award


def test_a_push_into_the_crowd_names_the_pusher_and_earns_under_fan_interaction(core: Ruleset) -> None:
    from bbcore.rules.league import FAN_INTERACTION
    from bbcore.rules.push import push

    players = {"v": ("home", HUMAN, (10, 0)), "h": ("away", ORC, (10, 1))}
    state = game(core, players, away=away_team(prayers=(FAN_INTERACTION,)))
    with ScriptedDice(CASUALTY_ROLLS) as dice:
        pushed = push(core, state.board, "v", (10, 1), dice, ScriptedDecisions([]), chooser="away", attacker=state.board.player("h"))
    injury = next(e for e in pushed.outcome.events if e.kind == "injury")
    assert injury.detail["by"] == "h"
    with ScriptedDice([]) as dice:
        after, _ = after_procedure(core, state, pushed.outcome, dice, ScriptedDecisions([]))
    assert after.spp["h"] == core.parameters.league.prayer_awards[FAN_INTERACTION][PRAYED_FOR["crowd"]]


def test_the_crowd_earns_it_under_fan_interaction_at_the_prayers_award(core: Ruleset) -> None:
    from bbcore.rules.league import FAN_INTERACTION

    state = brawl(core, prayers=(FAN_INTERACTION,), special_rules=("brawlin-brutes",))
    crowd = Harm("crowd", attacker=state.board.player("h"), crowd=True)
    after, _ = injured(core, state, CASUALTY_ROLLS, crowd)
    assert after.spp["h"] == core.parameters.league.prayer_awards[FAN_INTERACTION][PRAYED_FOR["crowd"]]
    assert after.away.casualties_caused == 1


@pytest.mark.parametrize("rule", ["brawlin-brutes"])
def test_a_team_rule_that_changes_the_award_is_followed(core: Ruleset, rule: str) -> None:
    assert spp_for(core, CASUALTY, special_rules=(rule,)) != spp_for(core, CASUALTY)
    state = brawl(core, special_rules=(rule,))
    after, _ = injured(core, state, CASUALTY_ROLLS, hit_by(core, "block", state.board.player("h")))
    assert after.spp["h"] == spp_for(core, CASUALTY, special_rules=(rule,))


# -- Casualties caused by skills outside a block ------------------------------------------------


def settled(rules: Ruleset, state: GameState, outcome: Outcome) -> GameState:
    """The game once the procedure's outcome is taken in (the awards are kept there)."""
    with ScriptedDice([]) as dice:
        after, _ = after_procedure(rules, state, outcome, dice, ScriptedDecisions([]))
    return after


@pytest.mark.parametrize(("skills", "credited"), [({"lethal-flight": None}, True), ({}, False)])
def test_a_crash_landing_casualty_is_credited_to_a_thrown_player_with_lethal_flight(
    core: Ruleset, skills: dict[str, None], credited: bool
) -> None:
    players = {"t": ("home", "human/ogre", (10, 7)), "h": ("home", "human/halfling-hopeful", (10, 8)), "o": ("away", ORC, (13, 7))}
    state = game(core, players, skills={"t": {"bullseye": None}, "h": skills})
    # A Superb throw lands on o; his armour breaks and the Injury Roll is a Casualty (Badly Hurt); h bounces right and
    # falls with his armour holding.
    with ScriptedDice([5, 6, 6, *CASUALTY_ROLLS, 5, 2, 2]) as dice, ScriptedDecisions([]) as decisions:
        outcome = throw_team_mate(core, state.board, "t", "h", (13, 7), dice, decisions)
    assert outcome.board.player("o").status is Status.CASUALTY
    after = settled(core, state, outcome)
    assert after.spp.get("h", 0) == (spp_for(core, CASUALTY) if credited else 0)
    assert after.home.casualties_caused == int(credited)


@pytest.mark.parametrize("used", [True, False])
def test_a_casualty_of_a_dodger_held_by_arm_bar_is_credited_to_the_arm_bar_player(core: Ruleset, used: bool) -> None:
    state = game(core, {"m": ("home", HUMAN, (5, 5)), "o": ("away", ORC, (4, 5))}, skills={"o": {"arm-bar": None}})
    # The Dodge away from o fails; the Armour Roll breaks and the Injury Roll is a Casualty (Badly Hurt).
    with ScriptedDice([1, 6, 6, *CASUALTY_ROLLS]) as dice, ScriptedDecisions([("use-skill", used)]) as decisions:
        outcome = move(core, state.board, "m", [(6, 5)], dice, decisions)
    assert outcome.board.player("m").status is Status.CASUALTY
    after = settled(core, state, outcome)
    assert after.spp.get("o", 0) == (spp_for(core, CASUALTY) if used else 0)
    assert after.away.casualties_caused == int(used)


def test_a_violent_innovator_who_vomits_on_himself_earns_nothing_for_his_own_casualty(core: Ruleset) -> None:
    skills = {"h": {"projectile-vomit": None, "violent-innovator": None}}
    state = game(core, {"v": ("home", HUMAN, (10, 7)), "h": ("away", ORC, (11, 7))}, skills=skills)
    # A 1 misses: the bile lands on h himself; his armour breaks and the Injury Roll is a Casualty.
    with ScriptedDice([1, 6, 6, *CASUALTY_ROLLS]) as dice:
        outcome = projectile_vomit(core, state.board, "h", "v", dice, ScriptedDecisions([]))
    assert outcome.board.player("h").status is Status.CASUALTY
    after = settled(core, state, outcome)
    assert dict(after.spp) == {}
    assert (after.away.casualties_caused, after.home.casualties_caused) == (0, 0)
    assert "h" not in after.injury_causes  # nor a grudge against his own kind


def test_a_casualty_of_a_team_mate_earns_nothing(core: Ruleset) -> None:
    state = game(core, {"v": ("away", ORC, (10, 7)), "h": ("away", ORC, (11, 7))}, statuses={"v": "prone"})
    after, events = injured(core, state, CASUALTY_ROLLS, hit_by(core, "block", state.board.player("h")))
    assert dict(after.spp) == {}
    assert after.away.casualties_caused == 0
    assert not [e for e in events if e.kind == CASUALTY_CAUSED]
