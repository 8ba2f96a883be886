"""The fixtures bbcore.testing gives plugin authors: each does what its docstring promises, and fails when it should."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import bbcore
from bbcore.errors import DataError, Problem, UsageError
from bbcore.model.team import Team
from bbcore.resources import CORE_DATA_DIR
from bbcore.ruleset import Ruleset
from bbcore.testing import REMOVE, assert_data_error, default_plugin_name, parse_json_path
from tests.fixtures.plugins import DataPlugin

WEATHER_A = DataPlugin("variant", "weather-a", "weather-a")

GOOD_TABLE = """\
id: coin
name: Coin
dice: D6
source: "a test"
rows:
  - {min: 1, max: 3, id: heads, name: Heads, text: "Heads."}
  - {min: 4, max: 6, id: tails, name: Tails, text: "Tails."}
"""


# -- plugin_ruleset ---------------------------------------------------------------------------


def test_plugin_ruleset_holds_the_core_and_the_plugin_under_test_only(plugin_ruleset: Callable[..., Ruleset]) -> None:
    rules = plugin_ruleset(WEATHER_A, name="weather-a")
    assert rules.variant == "weather-a"  # the plugin's own variant is selected by default
    assert rules.table("weather").id == "plugin-a/weather"
    assert {p.name for p in rules.plugins} == {"core", "weather-a"}  # no installed variant leaks in


def test_plugin_ruleset_with_variant_none_gives_the_core_rules(plugin_ruleset: Callable[..., Ruleset]) -> None:
    rules = plugin_ruleset(WEATHER_A, name="weather-a", variant=None)
    assert rules.variant is None
    assert rules.table("weather").id == "weather"


def test_a_plugin_is_named_after_its_package_without_the_bbcore_prefix() -> None:
    import types

    assert default_plugin_name(types.ModuleType("bbcore_my_variant.plugin")) == "my-variant"


# -- make_team ----------------------------------------------------------------------------------


def test_make_team_builds_players_from_position_counts(make_team: Callable[..., Team], core: Ruleset) -> None:
    team = make_team({"human/human-lineman": 10, "human/ogre": 1}, ruleset=core, rerolls=2)
    assert len(team.players) == 11
    assert team.players[-1].position == "human/ogre"
    assert team.players[0].name == "Player 1"
    assert team.rerolls == 2
    assert bbcore.value_team(core, team).cost == 10 * 50_000 + 140_000 + 2 * 50_000


def test_a_team_from_make_team_passes_the_core_checks(make_team: Callable[..., Team], core: Ruleset) -> None:
    team = make_team({"human/human-lineman": 11}, ruleset=core)
    report = bbcore.check_team(core, team)
    assert report.valid, report.problems


def test_make_team_refuses_an_unknown_position_when_given_the_ruleset(make_team: Callable[..., Team], core: Ruleset) -> None:
    with pytest.raises(UsageError, match="human/ogree"):
        make_team(["human/ogree"], ruleset=core)
    with pytest.raises(UsageError, match="roster-id"):
        make_team(["ogre"])


# -- data_override ------------------------------------------------------------------------------


def test_data_override_changes_one_core_value_and_leaves_the_installed_file_alone(data_override: Callable[..., Ruleset]) -> None:
    before = (CORE_DATA_DIR / "parameters.yaml").read_text(encoding="utf-8")
    rules = data_override("parameters.yaml", "$.turns_per_half", 9)
    assert rules.parameters.turns_per_half == 9
    assert (CORE_DATA_DIR / "parameters.yaml").read_text(encoding="utf-8") == before
    assert bbcore.load_ruleset().parameters.turns_per_half == 8


def test_data_override_edits_a_plugins_own_directory(data_override: Callable[..., Ruleset]) -> None:
    rules = data_override("tables/weather.yaml", "$.name", "Odd Weather", plugin=WEATHER_A, name="weather-a")
    assert rules.table("weather").name == "Odd Weather"


def test_data_override_can_break_the_data_and_the_error_is_located(data_override: Callable[..., Ruleset]) -> None:
    with pytest.raises(DataError) as caught:
        data_override("tables/weather.yaml", "$.rows[0].max", 1)
    messages = [str(p) for p in caught.value.problems]
    assert any("weather.yaml" in m and "$.rows" in m for m in messages), messages


def test_data_override_removes_a_value(data_override: Callable[..., Ruleset]) -> None:
    with pytest.raises(DataError, match="source"):
        data_override("tables/weather.yaml", "$.source", REMOVE)


def test_data_override_names_a_path_that_leads_nowhere(data_override: Callable[..., Ruleset]) -> None:
    with pytest.raises(UsageError, match=r"nothing at \$\.rows\[99\]"):
        data_override("tables/weather.yaml", "$.rows[99].max", 3)


@pytest.mark.parametrize(
    ("path", "parts"),
    [("$.rows[0].max", ("rows", 0, "max")), ("$['odd key'][2]", ("odd key", 2)), ("$.a-b.c_d", ("a-b", "c_d"))],
)
def test_json_paths_are_read_in_the_messages_dialect(path: str, parts: tuple[Any, ...]) -> None:
    assert parse_json_path(path) == parts


def test_a_json_path_must_start_with_a_dollar() -> None:
    with pytest.raises(UsageError, match="starts with"):
        parse_json_path("rows[0]")


# -- assert_data_error --------------------------------------------------------------------------


def test_assert_data_error_finds_a_located_schema_error_in_text(assert_data_error: Callable[..., Problem]) -> None:
    broken = GOOD_TABLE.replace("dice: D6", "dice: D7")
    found = assert_data_error(broken, "table", "D7", at="$.dice")
    assert (found.file, found.line) == ("<text>", 3)


def test_assert_data_error_checks_the_rows_cover_the_dice(assert_data_error: Callable[..., Problem]) -> None:
    assert_data_error(GOOD_TABLE.replace("max: 3", "max: 2"), "table", "3")


def test_assert_data_error_reads_a_file_by_its_place_in_the_layout(tmp_path: Path) -> None:
    tables = tmp_path / "tables"
    tables.mkdir()
    (tables / "coin.yaml").write_text(GOOD_TABLE.replace("id: heads", "id: Heads"), encoding="utf-8")
    found = assert_data_error(tables / "coin.yaml", None, "Heads")
    assert found.file is not None
    assert found.file.endswith("coin.yaml")
    assert found.path == "$.rows[0].id"


def test_assert_data_error_fails_on_valid_data_and_lists_what_it_found() -> None:
    with pytest.raises(AssertionError, match="the data is valid"):
        assert_data_error(GOOD_TABLE, "table", "anything")


def test_assert_data_error_fails_when_the_message_differs() -> None:
    with pytest.raises(AssertionError, match="no problem mentions 'elephant'"):
        assert_data_error(GOOD_TABLE.replace("dice: D6", "dice: D7"), "table", "elephant")


def test_assert_data_error_fails_when_the_path_differs() -> None:
    with pytest.raises(AssertionError, match=r"not at \$\.name"):
        assert_data_error(GOOD_TABLE.replace("dice: D6", "dice: D7"), "table", "D7", at="$.name")


def test_assert_data_error_needs_the_kind_of_text() -> None:
    with pytest.raises(UsageError, match="kind"):
        assert_data_error(GOOD_TABLE, None, "x")


# -- scripted_dice (kept) -------------------------------------------------------------------------


def test_scripted_dice_roll_what_the_test_says(scripted_dice: Callable[..., bbcore.ScriptedDice]) -> None:
    dice = scripted_dice([3, 5])
    assert [dice.roll(6), dice.roll(6)] == [3, 5]
