"""Hooks not exercised elsewhere: a test plugin implements each and the outcome changes."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import PluginError, Problem
from bbcore.model.pitch import Area, Feature, FeatureType
from bbcore.rules.ball import BallReentry, bounce
from bbcore.rules.board import Board, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Event
from bbcore.rules.injury import Harm, KnockOutTreatment, roll_injury
from bbcore.teams.valuation import TeamValuation
from bbcore.testing import MakeRuleset, build_board
from tests.fixtures.plugins import DataPlugin

STREET = DataPlugin("variant", "street", "street", (("ground", ("street", "sewer"), "street"),))


class PreferSewer:
    @bbcore.hookimpl
    def bbcore_active_table_for_role(self, role: str, candidates: Any, options: Any) -> Any:
        return next((t for t in candidates if t.id == "weather"), None) if role == "weather" else None


def test_a_plugin_chooses_which_table_fills_a_role(make_ruleset: MakeRuleset) -> None:
    plain = make_ruleset("street", plugins=[("street", STREET)], entry_points=False)
    assert plain.table("weather").id == "street/street-weather"
    chosen = make_ruleset("street", plugins=[("street", STREET), ("prefer", PreferSewer())], entry_points=False)
    assert chosen.table("weather").id == "weather"


class FlatFee:
    @bbcore.hookimpl
    def bbcore_team_valuation(self, ruleset: Any, team: Any) -> TeamValuation:
        return TeamValuation(cost=100_000 * len(team.players), team_value=0, current_team_value=0)


class NoOgres:
    @bbcore.hookimpl
    def bbcore_extra_team_problems(self, ruleset: Any, team: Any) -> list[Problem]:
        return [Problem("no-ogres", "no ogres here", f"$.players[{i}]") for i, p in enumerate(team.players) if p.position.endswith("/ogre")]


def test_a_plugin_prices_teams_and_adds_problems(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(plugins=[("flat", FlatFee()), ("no-ogres", NoOgres())], entry_points=False)
    team = bbcore.load_ruleset().team_files[0].team
    report = bbcore.check_team(rules, team)
    assert report.cost == 100_000 * len(team.players)
    assert {p.code for p in report.problems} == {"no-ogres", "over-budget"}


class Careless:
    @bbcore.hookimpl
    def bbcore_extra_team_problems(self, ruleset: Any, team: Any) -> list[str]:
        return ["no ogres here"]


def test_a_plugin_adding_something_else_than_a_problem_is_named(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(plugins=[("careless", Careless())], entry_points=False)
    with pytest.raises(PluginError, match="gave 'no ogres here', which is not a Problem"):
        bbcore.check_team(rules, bbcore.load_ruleset().team_files[0].team)


class Grates:
    """A pitch feature that swallows the ball and spits it out at a fixed square."""

    @bbcore.hookimpl
    def bbcore_ball_reentry(self, ruleset: Any, board: Any, square: Any, dice: Any) -> BallReentry:
        return BallReentry((3, 3), bounce=False)


def test_a_plugin_decides_where_a_ball_on_a_feature_comes_back(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(plugins=[("grates", Grates())], entry_points=False)
    grate = FeatureType("grate", "Grate", "squares", "A drain.", ball_lands="re-enters")
    pitch = attrs.evolve(rules.pitch, feature_types=(grate,), features=(Feature("grate", area=Area(11, 7, 1, 1)),))
    placed = build_board(rules, {"h": ("home", "human/human-lineman", (1, 1))}, ball=(10, 7))
    board = Board.build(pitch, placed.players.values(), placed.ball)
    with ScriptedDice([5]) as dice:  # 5: one square to the right, onto the grate
        outcome = bounce(rules, board, (10, 7), dice, ScriptedDecisions([]))
    assert outcome.board.ball.square == (3, 3)
    assert any(e.kind == "ball-reenters" for e in outcome.events)


class Trainer:
    """A knock-out treatment of a test plugin: back on his feet, or (misbehaving) straight to the Reserves."""

    def __init__(self, status: Any) -> None:
        self.status = status

    @bbcore.hookimpl
    def bbcore_knock_out_treatment(self, player: Any, treatment: str) -> Any:
        return KnockOutTreatment(self.status, (Event("trainer", player.id, (), self.status.value),)) if treatment == "trainer" else None


def test_a_plugin_treats_a_knocked_out_player_and_may_not_send_him_anywhere(make_ruleset: MakeRuleset) -> None:
    board = build_board(bbcore.load_ruleset(), {"p": ("home", "human/human-lineman", (5, 5))})
    rules = make_ruleset(plugins=[("trainer", Trainer(Status.STUNNED))], entry_points=False)
    with ScriptedDice([4, 4]) as dice:
        outcome = roll_injury(rules, board, "p", Harm("block"), dice, choose_treatment=lambda player, injury: "trainer")
    assert outcome.board.player("p").status is Status.STUNNED
    assert [e.kind for e in outcome.events] == ["injury", "trainer"]
    wrong = make_ruleset(plugins=[("trainer", Trainer(Status.RESERVES))], entry_points=False)
    with (
        ScriptedDice([4, 4]) as dice,
        pytest.raises(bbcore.BBCoreError, match="left 'p' 'reserves'; it may leave him only ko, stunned, casualty"),
    ):
        roll_injury(wrong, board, "p", Harm("block"), dice, choose_treatment=lambda player, injury: "trainer")


class Fans:
    """Fans who pay their team 1,000 for each of its players a procedure sends to the Casualty box; a second plugin
    that counts what the first left in the Treasury."""

    @bbcore.hookimpl
    def bbcore_after_procedure_effects(self, state: Any, before: Any, events: Any) -> Any:
        hurt = [p for p in before.players.values() if p.on_pitch and state.board.player(p.id).status is Status.CASUALTY]
        for player in hurt:
            state = state.update_team(player.team, treasury=state.team(player.team).treasury + 1000)
        return (state, tuple(Event("fans-pay", p.team, (), str(len(events))) for p in hurt)) if hurt else None


class Auditor:
    @bbcore.hookimpl
    def bbcore_after_procedure_effects(self, state: Any) -> Any:
        return state, (Event("audit", "home", (), str(state.home.treasury)),)


def test_after_a_procedure_the_game_takes_its_board_and_the_plugins_answer_in_turn(make_ruleset: MakeRuleset) -> None:
    from bbcore.rules.sequences import GameState, TeamState
    from bbcore.rules.turns import after_procedure

    rules = make_ruleset(plugins=[("auditor", Auditor()), ("fans", Fans())], entry_points=False)  # the fans answer first
    board = build_board(rules, {"p": ("home", "human/human-lineman", (5, 5)), "q": ("away", "human/human-lineman", (9, 5))})
    state = GameState(TeamState("home", "H", "human", 1), TeamState("away", "A", "human", 1), board)
    with ScriptedDice([6, 6, 12]) as dice:  # an Injury Roll of 12, then a Serious Injury
        outcome = roll_injury(rules, board, "p", Harm("block"), dice)
    after, events = after_procedure(rules, state, outcome, ScriptedDice([]))
    assert after.board is outcome.board
    assert after.home.treasury == 1000
    assert [(e.kind, e.result) for e in events] == [("fans-pay", str(len(outcome.events))), ("audit", "1000")]
    # Nobody carried off: the fans pay nothing; the auditor still answers.
    quiet, noted = after_procedure(rules, state, bbcore.rules.events.Outcome(board), ScriptedDice([]))
    assert (quiet.home.treasury, [e.kind for e in noted]) == (0, ["audit"])


class TrollAgency:
    """An inducement of a test plugin that brings a troll with a stat line of its own; ``sloppy`` makes him wrongly."""

    def __init__(self, sloppy: bool = False) -> None:
        self.sloppy = sloppy

    @bbcore.hookimpl
    def bbcore_inducement_player(self, inducement: Any, team: str, player_id: str) -> Any:
        from bbcore.rules.board import PlayerState

        if inducement.id != "bribes":
            return None
        return PlayerState(player_id, team, 4, 5, 5, 6, 10, status=Status.STANDING if self.sloppy else Status.RESERVES, hired=True)


def test_a_plugin_makes_the_player_an_inducement_brings_without_a_position(make_ruleset: MakeRuleset) -> None:
    from bbcore.model.team import InducementOrder
    from bbcore.rules.hired_players import hired_players

    rules = make_ruleset(plugins=[("trolls", TrollAgency())], entry_points=False)
    trolls = hired_players(rules, "home", [InducementOrder("bribes", count=2)], taken={"home-hired-1"})
    assert [(p.id, p.st, p.status, p.hired) for p in trolls] == [
        ("home-hired-2", 5, Status.RESERVES, True),
        ("home-hired-3", 5, Status.RESERVES, True),
    ]
    assert hired_players(bbcore.load_ruleset(), "home", [InducementOrder("bribes", count=2)]) == ()  # no plugin: nobody
    sloppy = make_ruleset(plugins=[("trolls", TrollAgency(sloppy=True))], entry_points=False)
    with pytest.raises(bbcore.UsageError, match=r"must be 'home-hired-1' of 'home', hired, in the Reserves; it is .* standing"):
        hired_players(sloppy, "home", [InducementOrder("bribes")])
