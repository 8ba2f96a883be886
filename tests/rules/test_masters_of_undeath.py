"""Masters of Undeath: an opponent killed in the game rises for the team with the rule, as a new Lineman."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Status
from bbcore.rules.decisions import DecisionScriptError, DefaultDecisions, ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.injury import suffer_casualty
from bbcore.rules.masters_of_undeath import MASTERS_OF_UNDEATH, RAISE_THE_DEAD, may_raise, raise_the_dead
from bbcore.rules.postgame import hiring_and_firing
from bbcore.rules.sequences import GameState
from bbcore.rules.turns import after_procedure
from bbcore.ruleset import Ruleset
from tests.rules.game_states import game, home_team

HUMAN = "human/human-lineman"
UNDEAD = "shambling-undead"
LINEMEN = ("shambling-undead/skeleton-lineman", "shambling-undead/zombie-lineman")


def undead_game(rules: Ruleset, *victims: tuple[str, str]) -> GameState:
    """The home team plays the Shambling Undead (Masters of Undeath); each victim (id, position) stands for the away team."""
    players = {"z": ("home", LINEMEN[1], (10, 7))}
    players.update({pid: ("away", position, (11, 3 + 2 * n)) for n, (pid, position) in enumerate(victims)})
    home = home_team(roster=UNDEAD, special_rules=(rules.parameters.masters_of_undeath.special_rule,))
    return game(rules, players, home=home)


def killed(rules: Ruleset, state: GameState, victim: str, casualty_die: int = 16) -> Outcome:
    """The casualty procedure run on ``victim`` with the die given (16: the Dead row of the core's table)."""
    with ScriptedDice([casualty_die]) as dice:
        return suffer_casualty(rules, state.board, victim, dice)


def test_a_killed_opponent_rises_as_a_new_lineman_of_the_coachs_choice(core: Ruleset) -> None:
    state = undead_game(core, ("v", HUMAN))
    outcome = killed(core, state, "v")
    decisions = ScriptedDecisions([("use-special-rule", True), ("journeyman", LINEMEN[0])], strict=True)
    with ScriptedDice([]) as dice, decisions:
        after, events = after_procedure(core, state, outcome, dice, decisions)
    (event,) = [e for e in events if e.kind == MASTERS_OF_UNDEATH]
    assert (event.who, event.result, event.detail["victim"], event.detail["position"]) == ("home", "raised", "v", LINEMEN[0])
    risen = after.board.player(event.detail["player"])
    assert (risen.team, risen.position, risen.status) == ("home", LINEMEN[0], Status.RESERVES)
    assert after.raised == (risen.id,)
    assert risen.id not in after.journeymen  # kept for nothing, not hired as a Journeyman is
    assert after.home.raised_the_dead
    assert after.board.player("v").status is Status.CASUALTY


def test_once_a_game_but_a_refusal_keeps_the_chance(core: Ruleset) -> None:
    state = undead_game(core, ("v", HUMAN), ("w", HUMAN), ("x", HUMAN))
    first = killed(core, state, "v")
    with ScriptedDice([]) as dice, ScriptedDecisions([("use-special-rule", False)], strict=True) as refusing:
        refused, events = after_procedure(core, state, first, dice, refusing)
    assert events == ()
    assert not refused.home.raised_the_dead
    second = killed(core, refused, "w")
    with ScriptedDice([]) as dice:
        raised, events = after_procedure(core, refused, second, dice, ScriptedDecisions([("journeyman", LINEMEN[1])]))
    assert [e.detail["victim"] for e in events] == ["w"]
    # The rule is spent: a third death raises nobody and asks nothing.
    third = killed(core, raised, "x")
    assert not may_raise(core, attrs.evolve(raised, board=third.board), "home", "x")
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as silent:
        assert after_procedure(core, raised, third, dice, silent)[1] == ()


@pytest.mark.parametrize(
    ("victim", "why"),
    [
        ("human/ogre", "stronger than the rule allows"),
        ("human/halfling-hopeful", "Stunty"),
    ],
)
def test_a_victim_too_strong_or_with_an_immune_skill_stays_dead(core: Ruleset, victim: str, why: str) -> None:
    state = undead_game(core, ("v", victim))
    outcome = killed(core, state, "v")
    assert not may_raise(core, attrs.evolve(state, board=outcome.board), "home", "v"), why
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as silent:
        assert after_procedure(core, state, outcome, dice, silent)[1] == ()


def test_only_an_opponent_killed_and_only_for_a_team_with_the_rule(core: Ruleset) -> None:
    state = undead_game(core, ("v", HUMAN))
    hurt = killed(core, state, "v", casualty_die=1)  # badly hurt: alive
    own = Outcome(state.board.with_player(state.board.player("z").with_casualty("dead")), ())  # the team's own player
    without_the_rule = attrs.evolve(state, home=attrs.evolve(state.home, special_rules=()))
    for before, outcome in ((state, hurt), (state, own), (without_the_rule, killed(core, without_the_rule, "v"))):
        with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as silent:
            after, events = after_procedure(core, before, outcome, dice, silent)
        assert events == ()
        assert after.raised == ()


def test_a_roster_without_linemen_spends_the_chance_and_a_wrong_position_is_refused(core: Ruleset) -> None:
    state = undead_game(core, ("v", HUMAN))
    dead = attrs.evolve(state, board=killed(core, state, "v").board)
    roster = core.roster(UNDEAD)
    keyword = core.parameters.journeymen.keyword
    bare = attrs.evolve(roster, positions=tuple(p for p in roster.positions if keyword not in p.keywords))
    no_linemen = attrs.evolve(core, rosters={**core.rosters, UNDEAD: bare})
    spent, events = raise_the_dead(no_linemen, dead, "home", "v", ScriptedDecisions([]))
    assert [(e.result, e.detail) for e in events] == [("no-position", {"victim": "v"})]
    assert spent.home.raised_the_dead
    assert spent.board == dead.board
    with pytest.raises(UsageError, match="not a Lineman position of team 'home'"):
        raise_the_dead(core, dead, "home", "v", MummyCoach())
    with pytest.raises(DecisionScriptError, match="'use-special-rule' decision"):
        raise_the_dead(core, dead, "home", "v", ScriptedDecisions([], strict=True))
    assert RAISE_THE_DEAD == "raise-the-dead"


class MummyCoach(DefaultDecisions):
    def journeyman_position(self, team: str, positions: Sequence[str]) -> str:
        return "shambling-undead/mummy"


def test_the_hiring_step_names_the_raised_apart_from_the_journeymen(core: Ruleset) -> None:
    state = undead_game(core, ("v", HUMAN))
    with ScriptedDice([]) as dice:
        after, _ = after_procedure(core, state, killed(core, state, "v"), dice, ScriptedDecisions([("journeyman", LINEMEN[1])]))
    with ScriptedDice([]) as dice:
        _, events = hiring_and_firing(core, after, dice, ScriptedDecisions([]))
    home = next(e for e in events if e.who == "home")
    assert home.detail["raised"] == list(after.raised)
    assert home.detail["journeymen"] == []
