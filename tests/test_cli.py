"""The command-line contract of ARCHITECTURE §7: JSON shapes and exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bbcore.cli import main
from bbcore.resources import CORE_DATA_DIR

HUMAN = str(CORE_DATA_DIR / "teams" / "human-starter.yaml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    return json.loads(out)


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    import bbcore

    with pytest.raises(SystemExit) as caught:
        main(["--version"])
    assert caught.value.code == 0
    assert bbcore.__version__ in capsys.readouterr().out


def test_plugins_json(capsys: pytest.CaptureFixture[str]) -> None:
    plugins = run_json(capsys, "plugins")
    assert {tuple(sorted(p)) for p in plugins} == {("description", "kind", "name", "version")}
    assert {p["name"] for p in plugins} >= {"core", "skurling", "gutterbowl", "inducement-packs"}


def test_ruleset_json(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "ruleset")
    assert {"plugins", "options", "parameters"} <= set(document)
    assert document["parameters"]["players_on_pitch"] == 11
    assert document["parameters"]["draft_budget"] == 1_000_000


ROW_KEYS = {"min", "max", "id", "name", "text", "effects"}
TABLE_KEYS = {"id", "name", "dice", "roles", "provisional", "source", "rows"}


def test_tables_json(capsys: pytest.CaptureFixture[str]) -> None:
    tables = run_json(capsys, "tables")
    assert len(tables) >= 16
    for table in tables:
        assert set(table) >= TABLE_KEYS
        for row in table["rows"]:
            assert set(row) >= ROW_KEYS


def test_table_by_id_and_by_role(capsys: pytest.CaptureFixture[str]) -> None:
    table = run_json(capsys, "table", "weather")
    assert table["id"] == "weather"
    assert table["dice"] == "2D6"
    status, out, _ = run(capsys, "table", "weather")
    assert status == 0
    assert "Weather" in out


def test_roll_json_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "roll", "weather", "--seed", "1")
    second = run_json(capsys, "roll", "weather", "--seed", "1")
    assert first == second
    assert set(first) == {"table", "rolls", "modifier", "total", "row"}
    assert sum(first["rolls"]) == first["total"]
    assert first["row"]["min"] <= first["total"] <= first["row"]["max"]


def test_roll_modifier_is_clamped(capsys: pytest.CaptureFixture[str]) -> None:
    rolled = run_json(capsys, "roll", "injury", "--seed", "3", "--modifier", "20")
    assert rolled["total"] == 12
    assert rolled["modifier"] == 20


def test_rosters_json_has_all_thirty_with_the_contract_keys(capsys: pytest.CaptureFixture[str]) -> None:
    rosters = run_json(capsys, "rosters")
    assert len(rosters) == 30
    position_keys = {"id", "name", "min", "max", "cost", "ma", "st", "ag", "pa", "av", "skills", "primary", "secondary", "keywords"}
    for roster in rosters:
        assert set(roster) >= {"id", "name", "tier", "reroll_cost", "apothecary", "leagues", "special_rules", "positions"}
        for position in roster["positions"]:
            assert set(position) >= position_keys
    human = next(r for r in rosters if r["id"] == "human")
    ogre = next(p for p in human["positions"] if p["id"] == "ogre")
    assert "Loner (3+)" in ogre["skills"]
    assert ogre["av"] == 10


def test_skills_json(capsys: pytest.CaptureFixture[str]) -> None:
    skills = run_json(capsys, "skills")
    assert {tuple(sorted(s)) for s in skills} == {("category", "elite", "id", "name", "trait")}
    assert any(s["id"] == "mighty-blow" and s["elite"] for s in skills)


def test_inducements_json(capsys: pytest.CaptureFixture[str], core: Any) -> None:
    inducements = run_json(capsys, "inducements")
    assert {inducement["id"] for inducement in inducements} == set(core.inducements)
    for inducement in inducements:
        assert set(inducement) >= {"id", "name", "min", "max", "costs", "eligibility", "text"}
        assert all(set(cost) >= {"cost", "condition"} for cost in inducement["costs"])


def test_team_check_json_for_a_valid_team(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "team", "check", HUMAN)
    assert report["valid"] is True
    assert report["cost"] == 1_000_000
    assert report["problems"] == []
    assert {"valid", "cost", "team_value", "problems"} <= set(report)


def test_team_check_exits_1_when_rules_are_broken(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(Path(HUMAN).read_text(encoding="utf-8").replace("rerolls: 2", "rerolls: 9"), encoding="utf-8")
    status, out, _ = run(capsys, "team", "check", str(path), "--json")
    assert status == 1
    report = json.loads(out)
    assert report["valid"] is False
    assert {p["code"] for p in report["problems"]} == {"too-many-rerolls", "over-budget"}
    assert all(set(p) >= {"code", "message", "path"} for p in report["problems"])


def test_team_check_at_the_league_stage_leaves_the_budget_out(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(Path(HUMAN).read_text(encoding="utf-8").replace("rerolls: 2", "rerolls: 3"), encoding="utf-8")
    status, out, _ = run(capsys, "team", "check", str(path), "--json")
    assert (status, [p["code"] for p in json.loads(out)["problems"]]) == (1, ["over-budget"])
    report = run_json(capsys, "team", "check", str(path), "--stage", "league")
    assert report["valid"] is True
    status, _, err = run(capsys, "team", "check", str(path), "--stage", "final")
    assert status == 2
    assert "--stage" in err


def test_data_check_passes_the_core_and_fails_a_broken_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "data", "check", str(CORE_DATA_DIR))
    assert status == 0
    assert "valid" in out
    (tmp_path / "tables").mkdir()
    bad = tmp_path / "tables" / "t.yaml"
    bad.write_text("id: t\nname: T\nsource: s\ndice: D6\nrows: []\n", encoding="utf-8")
    status, _, err = run(capsys, "data", "check", str(bad))
    assert status == 2
    assert "t.yaml:5:1: $.rows: [] should be non-empty" in err


TABLE_NAMING_A_SKILL = (
    "id: t\nname: T\nsource: s\ndice: D6\nrows:\n"
    "  - {{min: 1, max: 3, id: a, name: A, text: x, effects: [{{gain_skills: [{skill}], duration: game}}]}}\n"
    "  - {{min: 4, max: 6, id: {second}, name: B, text: y}}\n"
)


def test_data_check_of_one_file_resolves_it_with_its_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "tables").mkdir()
    alone = tmp_path / "tables" / "t.yaml"
    alone.write_text(TABLE_NAMING_A_SKILL.format(skill="no-such-skill", second="a"), encoding="utf-8")
    status, _, err = run(capsys, "data", "check", str(alone))
    assert status == 2
    assert "t.yaml:6:72: $.rows[0].effects[0].gain_skills[0]: unknown skill or trait 'no-such-skill'" in err
    assert "t.yaml:7:22: $.rows[1].id: duplicate row id 'a'" in err
    # Sound itself, beside a file that is not: it is not called valid, and the message says why.
    alone.write_text(TABLE_NAMING_A_SKILL.format(skill="block", second="b"), encoding="utf-8")
    other = tmp_path / "tables" / "u.yaml"
    other.write_text(TABLE_NAMING_A_SKILL.format(skill="no-such-skill", second="b").replace("id: t", "id: u"), encoding="utf-8")
    status, out, _ = run(capsys, "data", "check", str(alone), "--json")
    assert status == 2
    (problem,) = json.loads(out)["problems"]
    assert problem["code"] == "unresolved"
    assert "u.yaml" in problem["message"]
    other.unlink()
    status, out, _ = run(capsys, "data", "check", str(alone))
    assert (status, out.strip()) == (0, "1 file(s) valid")


def test_data_check_of_one_file_names_a_broken_plugin_rather_than_its_directory(tmp_path: Path) -> None:
    from bbcore.datacheck import _resolved_in_place
    from bbcore.errors import Problem

    (tmp_path / "tables").mkdir()
    alone = tmp_path / "tables" / "t.yaml"
    alone.write_text(TABLE_NAMING_A_SKILL.format(skill="block", second="b"), encoding="utf-8")
    broken = Problem("plugin", "plugin 'shaky' failed to import", "$", str(tmp_path))
    # The directory as resolving it found it: a plugin that would not load, nothing wrong in the file itself.
    assert _resolved_in_place(alone, {tmp_path.resolve(): [broken]}) == [broken]
    assert [p.code for p in _resolved_in_place(alone, {tmp_path.resolve(): [Problem("x", "y", "$", "other.yaml")]})] == ["unresolved"]


def test_data_check_reads_a_plugins_rules_file_by_its_registration(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from bbcore.plugins import PluginHost

    registered = [rules.path for rules in PluginHost().rules_files.values()]
    assert registered, "no installed plugin registers a rules file"
    status, out, err = run(capsys, "data", "check", *map(str, registered))
    assert (status, err) == (0, "")
    assert f"{len(registered)} file(s) valid" in out
    # The same file elsewhere is no plugin's rules file: read as a team file, it is refused.
    copy = tmp_path / registered[0].name
    copy.write_text(registered[0].read_text(encoding="utf-8"), encoding="utf-8")
    status, _, err = run(capsys, "data", "check", str(copy))
    assert status == 2
    assert "'players' is required" in err


def test_stats_json_counts_what_the_ruleset_holds(capsys: pytest.CaptureFixture[str]) -> None:
    stats = run_json(capsys, "stats")
    assert stats["rosters"] == 30
    assert stats["tables"] >= 16
    assert 0 < stats["rows_with_effects"] <= stats["rows"]
    assert {"positions", "skills", "provisional_tables"} <= set(stats)


def test_teams_json_lists_the_shipped_teams_with_cost(capsys: pytest.CaptureFixture[str]) -> None:
    teams = run_json(capsys, "teams")
    assert {tuple(sorted(t)) for t in teams} == {("cost", "id", "name", "path")}
    assert any(t["id"] == "human-starter" and t["cost"] == 1_000_000 for t in teams)


@pytest.mark.parametrize(
    "argv",
    [
        ["rosters", "--variant", "nope"],
        ["rosters", "--option", "nope=1"],
        ["rosters", "--option", "novalue"],
        ["roll", "weather", "--modifier", "x"],
        ["table", "nope"],
        ["roll", "spp-awards"],
        ["nonsense"],
        ["team", "check", "/no/such/team.yaml"],
        ["balance", "--jobs", "0"],
        ["simulate", "--jobs", "two"],
    ],
)
def test_bad_usage_exits_2_with_one_line_and_no_traceback(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_every_listing_prints_exactly_one_json_document(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (
        ["plugins"],
        ["ruleset"],
        ["tables"],
        ["rosters"],
        ["skills"],
        ["inducements"],
        ["stats"],
        ["teams"],
        ["table", "injury"],
        ["roster", "orc"],
    ):
        status, out, err = run(capsys, *command, "--json")
        assert status == 0, f"{command}: {err}"
        document = json.loads(out)
        assert document, f"{command} printed an empty document"
        assert "error" not in document, f"{command} printed an error"


def test_variant_pack_and_option_are_accepted_where_rules_are_read(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "ruleset", "--variant", "skurling", "--pack", "bb2020")
    assert document["variant"] == "skurling"
    assert document["packs"] == ["bb2020"]


def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run([sys.executable, "-m", "bbcore", "table", "weather", "--json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert json.loads(done.stdout)["id"] == "weather"


def test_a_second_variant_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "rosters", "--variant", "skurling", "--variant", "gutterbowl")
    assert status == 2
    assert "at most one game variant" in err


def test_a_commands_help_prints_its_percent_signs_once(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["balance", "--help"])
    described = capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = capsys.readouterr().out
    for text in (described, listed):
        assert "95% intervals" in text
        assert "%%" not in text


def test_a_roster_with_an_assumed_value_says_so_in_text_and_json(capsys: pytest.CaptureFixture[str], core: Any) -> None:
    (assumed,) = [r for r in core.rosters.values() if r.provisional]
    data = run_json(capsys, "roster", assumed.id, "--json")
    assert (data["provisional"], data["note"]) == (True, assumed.note)
    assert run_json(capsys, "roster", "orc", "--json")["provisional"] is False
    code, out, _ = run(capsys, "roster", assumed.id)
    assert code == 0
    assert f"provisional: {assumed.note}" in out.splitlines()[1]


@pytest.mark.parametrize(
    ("raised", "status", "said"),
    [
        (KeyboardInterrupt(), 130, "bbcore: interrupted"),
        (PermissionError(13, "Permission denied", "team.yaml"), 2, "bbcore: error: Permission denied (team.yaml)"),
    ],
)
def test_an_interrupt_or_a_file_that_cannot_be_written_ends_with_a_message(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, raised: BaseException, status: int, said: str
) -> None:
    import bbcore.cli.commands as commands

    def stopped(args: object) -> int:
        raise raised

    monkeypatch.setattr(commands, "cmd_rosters", stopped)
    code, out, err = run(capsys, "rosters")
    assert (code, out, err.strip()) == (status, "", said)


def test_a_command_group_alone_shows_its_own_help_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "team")
    assert (code, out) == (2, "")
    assert err.startswith("usage: bbcore team")


def test_text_the_terminal_cannot_encode_is_escaped_not_a_crash(tmp_path: Path) -> None:
    team = tmp_path / "team.yaml"
    team.write_text("name: Snow \u2603 Team\nroster: human\nplayers: []\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "bbcore", "team", "check", str(team)],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "latin-1"},
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert b"Snow \\u2603 Team" in done.stdout
    assert b"Traceback" not in done.stderr


def test_team_check_still_prints_its_document_for_a_file_that_cannot_be_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    team = tmp_path / "team.yaml"
    team.write_text("name: [unclosed\n", encoding="utf-8")
    code, out, err = run(capsys, "team", "check", str(team), "--json")
    document = json.loads(out)
    assert (code, document["valid"], document["cost"]) == (2, False, None)
    assert [p["code"] for p in document["problems"]] == ["yaml-syntax"]
    assert "malformed YAML" in err


def test_data_check_names_yaml_files_the_layout_does_not_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "roster").mkdir()
    (tmp_path / "roster" / "orcs.yaml").write_text("id: orcs\n", encoding="utf-8")
    (tmp_path / "tables" / "old").mkdir(parents=True)
    (tmp_path / "tables" / "old" / "weather.yaml").write_text("id: weather\n", encoding="utf-8")
    (tmp_path / "skill.yaml").write_text("skills: []\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("not data, not flagged\n", encoding="utf-8")
    status, out, err = run(capsys, "data", "check", str(tmp_path), "--json")
    assert status == 2
    problems = json.loads(out)["problems"]
    assert [p["code"] for p in problems] == ["no-data-files", *["stray-data-file"] * 3]
    by_file = {Path(p["file"]).relative_to(tmp_path).as_posix(): p["message"] for p in problems[1:]}
    assert by_file["roster/orcs.yaml"].endswith("did you mean rosters/?")
    assert by_file["skill.yaml"].endswith("did you mean skills.yaml?")
    assert "only the files right in tables/ are read" in by_file["tables/old/weather.yaml"]
    assert "notes.md" not in err


def test_data_check_of_the_shipped_data_finds_no_strays(capsys: pytest.CaptureFixture[str]) -> None:
    from bbcore.plugins import PluginHost

    # Plugins keep their own rules files in their data directories; those are read, so not strays.
    directories = {source.data_dir for source in PluginHost().sources}
    status, _, err = run(capsys, "data", "check", *map(str, sorted(directories)))
    assert (status, err) == (0, "")


def test_team_files_choose_the_variant_of_a_simulation(capsys: pytest.CaptureFixture[str]) -> None:
    from bbcore.ruleset import load_ruleset

    shipped = [ref.path for ref in load_ruleset("skurling").team_files[:2]]
    given = ["simulate", "--home", shipped[0], "--away", shipped[1], "--seed", "3", "--json"]
    assert run_json(capsys, *given) == run_json(capsys, *given, "--variant", "skurling")
    status, _, err = run(capsys, "simulate", "--home", shipped[0], "--away", HUMAN)
    assert status == 2
    assert err.count("these team files are for different games") == 2


def test_balance_refuses_a_folder_without_team_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "balance", "--variant", "skurling", str(tmp_path))
    assert status == 2
    assert f"no team files (*.yaml) in {tmp_path}" in err


def test_inducements_for_a_team_naming_an_unknown_position_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    team = tmp_path / "team.yaml"
    team.write_text("name: T\nplayers:\n  - {name: A, position: human/wizard}\n", encoding="utf-8")
    status, out, err = run(capsys, "inducements", "--team", str(team))
    assert (status, out) == (2, "")
    assert "team.yaml:3:15: $.players[0].position: unknown position 'human/wizard'" in err


def test_an_effect_that_opens_no_pass_band_keeps_its_verb_in_json() -> None:
    from bbcore.model.common import Effect
    from bbcore.render.json import effect_json

    assert effect_json(Effect(pass_bands=(), who="both", duration="drive")) == {"pass_bands": [], "who": "both", "duration": "drive"}
    assert effect_json(Effect(pass_bands=("quick",)))["pass_bands"] == ["quick"]


def test_a_simulation_summary_reads_as_words_with_each_team_named() -> None:
    from bbcore.cli.commands import _summary_value

    teams = ["Reavers", "Raiders"]
    assert _summary_value([0.25, 0.75], teams) == "Reavers 0.25, Raiders 0.75"
    assert _summary_value(0.8518518518518519, teams) == "0.852"
    assert _summary_value({"ko": 3, "stunned": 1}, teams) == "ko 3, stunned 1"
    assert _summary_value({}, teams) == "none"
    assert _summary_value(54, teams) == "54"
