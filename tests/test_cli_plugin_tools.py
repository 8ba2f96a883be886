"""The command-line tools for plugin authors: `bbcore new-plugin`, `bbcore plugins --trace` and `bbcore --version`."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bbcore
from bbcore import hookimpl
from bbcore.cli import main
from bbcore.cli.scaffold import PluginNames
from bbcore.edition import data_edition
from bbcore.errors import UsageError
from bbcore.hooktrace import summarize, tracing
from bbcore.plugins import PluginHost
from bbcore.resources import CORE_DATA_DIR
from bbcore.ruleset import build_ruleset

HUMAN = str(CORE_DATA_DIR / "teams" / "human-starter.yaml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# -- bbcore --version ----------------------------------------------------------------------------------


def test_version_names_the_data_edition_its_provenance_and_the_plugins(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--version"])
    assert caught.value.code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"bbcore {bbcore.__version__}"
    edition = data_edition()
    assert lines[1] == f"{edition.title}, from {edition.provenance}"
    assert "Blood Bowl 2025" in lines[1]
    assert lines[2].startswith("plugins: ")
    assert "skurling 0.1.0" in lines[2]
    assert "core " not in lines[2]  # the core is bbcore itself, on the first line


# -- bbcore new-plugin -------------------------------------------------------------------------------------


@pytest.fixture
def scaffold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[Path]:
    """`bbcore new-plugin tiny-bowl` run into a fresh folder; its package importable for the test only."""
    target = tmp_path / "bbcore-tiny-bowl"
    status, out, err = run(capsys, "new-plugin", "tiny-bowl", "--dir", str(target), "--json")
    assert status == 0, err
    assert json.loads(out)["package"] == "bbcore_tiny_bowl"
    sys.path.insert(0, str(target))
    try:
        yield target
    finally:
        sys.path.remove(str(target))
        for name in [m for m in sys.modules if m == "bbcore_tiny_bowl" or m.startswith("bbcore_tiny_bowl.")]:
            del sys.modules[name]


def test_the_scaffold_has_the_plugin_layout(scaffold: Path) -> None:
    files = sorted(str(p.relative_to(scaffold)) for p in scaffold.rglob("*") if p.is_file())
    assert files == [
        "bbcore_tiny_bowl/__init__.py",
        "bbcore_tiny_bowl/data/tables/example.yaml",
        "bbcore_tiny_bowl/docs/tiny-bowl.rst",
        "bbcore_tiny_bowl/plugin.py",
        "bbcore_tiny_bowl/py.typed",
        "pyproject.toml",
        "tests/test_tiny_bowl_plugin.py",
    ]
    pyproject = (scaffold / "pyproject.toml").read_text(encoding="utf-8")
    assert '[project.entry-points.bbcore]\ntiny-bowl = "bbcore_tiny_bowl.plugin"' in pyproject


def test_the_scaffolded_plugin_loads_and_adds_its_table(scaffold: Path) -> None:
    plugin = importlib.import_module("bbcore_tiny_bowl.plugin")
    host = PluginHost([("tiny-bowl", plugin)], entry_points=False)
    assert [(i.name, i.kind) for i in host.describe()] == [("core", "core"), ("tiny-bowl", "variant")]
    rules = build_ruleset("tiny-bowl", host=host)
    assert rules.table("tiny-bowl/example").dice == "D6"


def test_the_scaffolded_data_passes_data_check(scaffold: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "data", "check", str(scaffold / "bbcore_tiny_bowl" / "data"))
    assert status == 0, err


@pytest.mark.slow
def test_the_scaffolded_tests_pass_under_pytest(scaffold: Path) -> None:
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(scaffold), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=scaffold,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 passed" in done.stdout


@pytest.mark.slow
def test_the_scaffold_installs_with_pip_and_bbcore_finds_it_through_its_entry_point(scaffold: Path, tmp_path: Path) -> None:
    """Build and install the scaffold the way an author would (pip, into a folder of its own), then ask bbcore."""
    target = tmp_path / "installed"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target", str(target), str(scaffold)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert list(target.glob("bbcore_tiny_bowl-*.dist-info/entry_points.txt"))
    # Only the installed copy on the path: the fixture's source folder must not be what is found.
    environment = {**os.environ, "PYTHONPATH": str(target)}
    listed = subprocess.run(
        [sys.executable, "-m", "bbcore", "plugins", "--json"], cwd=tmp_path, env=environment, capture_output=True, text=True, check=False
    )
    assert listed.returncode == 0, listed.stderr
    assert {"name": "tiny-bowl", "kind": "variant"}.items() <= next(
        p for p in json.loads(listed.stdout) if p["name"] == "tiny-bowl"
    ).items()
    table = subprocess.run(
        [sys.executable, "-m", "bbcore", "table", "tiny-bowl/example", "--variant", "tiny-bowl", "--json"],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert table.returncode == 0, table.stderr
    assert json.loads(table.stdout)["dice"] == "D6"


def test_new_plugin_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "taken"
    target.mkdir()
    (target / "pyproject.toml").write_text("mine", encoding="utf-8")
    status, _, err = run(capsys, "new-plugin", "tiny-bowl", "--dir", str(target))
    assert status == 2
    assert "never overwrites" in err
    assert (target / "pyproject.toml").read_text(encoding="utf-8") == "mine"


def test_new_plugin_refuses_the_name_of_an_installed_plugin(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "new-plugin", "skurling", "--dir", str(tmp_path / "mine"))
    assert status == 2
    assert "a plugin named 'skurling' is already installed (from bbcore-skurling)" in err
    assert not (tmp_path / "mine").exists()


@pytest.mark.parametrize("name", ["Tiny", "tiny_bowl", "tiny--bowl", "-tiny", "7s"])
def test_a_plugin_name_must_be_kebab_case(name: str) -> None:
    with pytest.raises(UsageError, match="kebab-case"):
        PluginNames.of(name)


# -- bbcore plugins --trace ---------------------------------------------------------------------------------


def test_trace_shows_which_plugins_answered_a_commands_hooks(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "plugins", "--json", "--trace", "team", "check", HUMAN, "--json")
    assert status == 0, err
    document = json.loads(out)
    assert document["command"] == ["team", "check", HUMAN, "--json"]
    assert document["status"] == 0
    assert json.loads(document["output"])["valid"] is True  # the traced command's own output, kept apart
    answers = {(a["hook"], a["plugin"]): a for a in document["answers"]}
    assert answers[("bbcore_register_data", "core")]["answer"] == "registers core"
    assert answers[("bbcore_team_checks", "core")]["used"] == 1
    assert answers[("bbcore_team_valuation", "core")]["used"] >= 1
    assert ("bbcore_team_checks", "skurling") not in answers  # not active without --variant skurling


def test_trace_prints_a_table_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "plugins", "--trace", "table", "weather")
    assert status == 0
    assert out.splitlines()[0] == "bbcore table weather: exit status 0; its output is left out"
    assert "bbcore_register_data" in out
    assert "Perfect Conditions" not in out


def test_trace_needs_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["plugins", "--trace"], ["plugins", "--trace", "--"]):
        status, _, err = run(capsys, *argv)
        assert status == 2
        assert "needs a command" in err


def test_a_double_dash_may_end_bbcores_options_before_the_traced_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "plugins", "--json", "--trace", "--", "table", "weather")
    assert (status, err) == (0, "")
    assert json.loads(out)["command"] == ["table", "weather"]


def test_a_traced_command_that_fails_reports_its_status(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "plugins", "--json", "--trace", "table", "no-such-table")
    assert status == 0
    assert json.loads(out)["status"] == 2


class Bounces:
    """An extension answering a firstresult hook: the ball bounces ``times`` times (None: no answer)."""

    def __init__(self, times: int | None) -> None:
        self.times = times

    @hookimpl
    def bbcore_ball_bounces_on_landing(self, ruleset: Any, board: Any, square: Any, cause: str) -> int | None:
        return self.times


def test_trace_marks_the_answer_a_firstresult_hook_used() -> None:
    with tracing() as trace:
        host = PluginHost([("silent", Bounces(None)), ("twice", Bounces(2))], entry_points=False)
        rules = build_ruleset(host=host)
        result = rules.hook.bbcore_ball_bounces_on_landing(ruleset=rules, board=None, square=(0, 0), cause="pass")
    assert result == 2
    answers = {(a.plugin, a.answer): a.used for a in trace.answers() if a.hook == "bbcore_ball_bounces_on_landing"}
    # pluggy asks the last registered first: "twice" answers, so neither "silent" nor the core is asked.
    assert answers == {("twice", "2"): 1}


def test_trace_marks_every_answer_of_a_collecting_hook_used() -> None:
    with tracing() as trace:
        host = PluginHost([("silent", Bounces(None)), ("twice", Bounces(2))], entry_points=False)
        rules = build_ruleset(host=host)
        rules.hook.bbcore_team_checks(ruleset=rules)
    used = {a.plugin: a.used for a in trace.answers() if a.hook == "bbcore_team_checks"}
    assert used == {"core": 1}


def test_answers_are_summarised_by_id() -> None:
    assert summarize(None) == "-"
    assert summarize([bbcore.load_ruleset().table("weather")]) == "weather"
    assert summarize("x" * 200).endswith("...")


def test_a_scaffold_that_cannot_be_written_whole_leaves_nothing_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bbcore.cli.scaffold import write_scaffold

    written: list[Path] = []
    real_write = Path.write_text

    def failing_write(self: Path, text: str, *args: Any, **kwargs: Any) -> int:
        if len(written) == 2:
            raise OSError(36, "File name too long")
        written.append(self)
        return real_write(self, text, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", failing_write)
    with pytest.raises(OSError, match="too long"):
        write_scaffold("half-made", tmp_path / "half")
    assert written  # some files were written before the failure
    assert not (tmp_path / "half").exists()
