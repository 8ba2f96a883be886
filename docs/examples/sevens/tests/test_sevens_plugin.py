"""The Sevens example plugin, tested with the fixtures bbcore.testing gives every plugin author."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import bbcore_sevens.plugin as sevens
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import DataError, Problem
from bbcore.model.team import Team
from bbcore.rules.sequences import GameState, TeamState, run_sequence
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

DATA = Path(sevens.__file__).parent / "data"


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    from bbcore.testing import plugin_ruleset

    return plugin_ruleset(sevens)  # the core and Sevens only, whatever else is installed


# -- parameters and pitch: data only -----------------------------------------------------------


def test_seven_players_six_turns(rules: Ruleset) -> None:
    assert rules.variant == "sevens"
    assert (rules.parameters.players_on_pitch, rules.parameters.turns_per_half) == (7, 6)


def test_the_pitch_is_twenty_by_eleven(rules: Ruleset) -> None:
    assert rules.pitch.id == "sevens/pitch"
    assert (rules.pitch.length, rules.pitch.width) == (20, 11)


def test_the_core_is_unchanged_without_the_variant(plugin_ruleset: Callable[..., Ruleset]) -> None:
    core = plugin_ruleset(sevens, variant=None)
    assert core.parameters.players_on_pitch == 11
    assert core.table("weather").id == "weather"


# -- tables: one added, one replaced -----------------------------------------------------------


def test_the_weather_table_replaces_the_core_one(rules: Ruleset) -> None:
    assert rules.table("weather").id == "sevens/weather"
    assert "weather" not in rules.tables  # replaced, not added beside


def test_the_warm_up_table_is_added(rules: Ruleset) -> None:
    assert rules.table("sevens/warm-up").dice == "D6"


def test_a_changed_row_shows_in_the_ruleset(data_override: Callable[..., Ruleset]) -> None:
    changed = data_override("tables/warm-up.yaml", "$.rows[2].name", "Raring to Go", plugin=sevens)
    assert changed.table("sevens/warm-up").rows[2].name == "Raring to Go"


def test_a_gap_in_the_weather_rows_is_reported_with_its_place(assert_data_error: Callable[..., Problem]) -> None:
    broken = (DATA / "tables" / "weather.yaml").read_text(encoding="utf-8").replace("max: 4", "max: 3")
    assert_data_error(broken, "table", "4")


def test_a_team_building_number_must_be_a_number() -> None:
    # team-building.yaml is the plugin's own file: the core's loader skips it, the plugin reads it.
    from bbcore_sevens.team_building import SCHEMA_FILE, TeamBuilding

    from bbcore.loading.plugin_files import load_plugin_file

    bad = DATA.parent.parent / "tests" / "broken-team-building.yaml"
    with pytest.raises(DataError, match=r"broken-team-building\.yaml:\d+:\d+: \$\.max_big_guys"):
        load_plugin_file(bad, SCHEMA_FILE, TeamBuilding)


# -- team building: the hook -------------------------------------------------------------------


def test_a_team_of_seven_is_valid(rules: Ruleset, make_team: Callable[..., Team]) -> None:
    team = make_team({"human/human-lineman": 6, "human/ogre": 1}, ruleset=rules)
    report = bbcore.check_team(rules, team)
    assert report.valid, [str(p) for p in report.problems]


def test_two_big_guys_are_too_many(rules: Ruleset, make_team: Callable[..., Team]) -> None:
    team = make_team({"shambling-undead/skeleton-lineman": 5, "shambling-undead/mummy": 2}, ruleset=rules)
    report = bbcore.check_team(rules, team)
    assert [p.code for p in report.problems] == ["sevens/too-many-big-guys"]


def test_the_big_guy_rule_is_not_a_core_rule(plugin_ruleset: Callable[..., Ruleset], make_team: Callable[..., Team]) -> None:
    core = plugin_ruleset(sevens, variant=None)
    team = make_team({"shambling-undead/skeleton-lineman": 9, "shambling-undead/mummy": 2}, ruleset=core)
    assert "sevens/too-many-big-guys" not in {p.code for p in bbcore.check_team(core, team).problems}


# -- the pre-game step: data and hook ------------------------------------------------------------


def seven_a_side(rules: Ruleset) -> GameState:
    players = {f"h{i}": ("home", "human/human-lineman", None) for i in range(7)}
    players.update({f"a{i}": ("away", "orc/orc-lineman", None) for i in range(7)})
    board = build_board(rules, players, statuses=dict.fromkeys(players, "reserves"))
    return GameState(TeamState("home", "Home", "human", 1), TeamState("away", "Away", "orc", 1), board)


def test_the_warm_up_comes_right_after_the_weather(rules: Ruleset) -> None:
    steps = [step.id for step in rules.sequence("pre-game").steps]
    assert steps[steps.index("weather") + 1] == "sevens/warm-up"


def test_a_fired_up_team_gets_a_re_roll_for_the_first_drive(rules: Ruleset, scripted_dice: Callable[..., ScriptedDice]) -> None:
    # fans D3 x2, weather D6, warm-up D6 x2 (home 6: Fired Up; away 3), kicking team D6 x2
    dice = scripted_dice([1, 2, 3, 6, 3, 4, 2])
    state, events = run_sequence(rules, "pre-game", seven_a_side(rules), dice)
    warm_ups = {event.who: event.result for event in events if event.kind == "warm-up"}
    assert warm_ups == {"home": "fired-up", "away": "ready"}
    assert (state.home.drive_rerolls, state.away.drive_rerolls) == (1, 0)
