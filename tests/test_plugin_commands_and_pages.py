"""Commands and site pages that plugins add (``bbcore_register_commands``, ``bbcore_register_site_pages``)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import bbcore.plugins
from bbcore.cli import main
from bbcore.cli.plugin_commands import CommandRegistrar, ruleset_for
from bbcore.errors import PluginError
from bbcore.hookspecs import hookimpl
from bbcore.plugins import PluginHost
from bbcore.registry import SitePageRegistrar
from bbcore.sphinxext.plugin_pages import write_plugin_pages


class CommandPlugin:
    """Adds ``bbcore turns``, which prints the turns of a half of the selected ruleset, and ``bbcore crash``."""

    @hookimpl
    def bbcore_register_commands(self, register: CommandRegistrar) -> None:
        register.command("turns", self.turns, "the turns of a half", arguments=self.arguments)
        register.command("crash", self.crash, "always fails", with_rules=False)

    @staticmethod
    def arguments(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--halves", type=int, default=1)

    @staticmethod
    def turns(args: argparse.Namespace) -> int:
        print(ruleset_for(args).parameters.turns_per_half * args.halves)
        return 0

    @staticmethod
    def crash(args: argparse.Namespace) -> None:
        raise ZeroDivisionError("no turns")


class ClashingPlugin:
    def __init__(self, name: str) -> None:
        self.name = name

    @hookimpl
    def bbcore_register_commands(self, register: CommandRegistrar) -> None:
        register.command(self.name, lambda args: 0, "clashes")


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Installs the given plugins (beside the real ones) as the process's plugins, for the command line."""

    def install(*plugins: tuple[str, object], entry_points: bool = True) -> None:
        monkeypatch.setattr(bbcore.plugins, "_default_host", PluginHost(list(plugins), entry_points=entry_points))

    yield install
    bbcore.plugins.reset_default_host()


def test_a_plugins_command_runs_with_its_options_and_the_ruleset_selection(installed: Any, capsys: pytest.CaptureFixture[str]) -> None:
    installed(("counter", CommandPlugin()))
    assert main(["turns", "--halves", "2"]) == 0
    core_turns = bbcore.load_ruleset().parameters.turns_per_half
    assert capsys.readouterr().out.strip() == str(core_turns * 2)
    assert main(["turns", "--variant", "skurling"]) == 0
    assert capsys.readouterr().out.strip() == str(bbcore.load_ruleset("skurling").parameters.turns_per_half)


@pytest.mark.parametrize("argv", [["--help"], ["--help", "table"], ["-h", "turns"]])
def test_the_help_lists_a_plugins_commands(installed: Any, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    installed(("counter", CommandPlugin()))
    with pytest.raises(SystemExit):
        main(argv)
    out = capsys.readouterr().out
    assert "turns" in out
    assert "the turns of a half" in out


def test_what_a_plugins_command_raises_is_reported_by_plugin_name(installed: Any, capsys: pytest.CaptureFixture[str]) -> None:
    installed(("counter", CommandPlugin()))
    assert main(["crash"]) == 2
    err = capsys.readouterr().err
    assert "plugin 'counter' raised in its command 'crash': ZeroDivisionError: no turns" in err
    assert "Traceback" not in err


class CarelessPlugin:
    """A command whose setup clashes with the core's ``--json``, and one whose help has a per cent sign in it."""

    @hookimpl
    def bbcore_register_commands(self, register: CommandRegistrar) -> None:
        register.command("clash", lambda args: 0, "clashes", arguments=lambda parser: parser.add_argument("--json"))
        register.command("share", self.share, "wins 50% of games")

    @staticmethod
    def share(args: argparse.Namespace) -> int:
        raise BrokenPipeError  # what printing into a closed pipe (bbcore share | head -1) raises


def test_a_plugins_careless_command_spoils_neither_the_help_nor_the_other_commands(
    installed: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    installed(("careless", CarelessPlugin()), ("counter", CommandPlugin()))
    with pytest.raises(SystemExit) as helped:
        main(["--help"])
    assert helped.value.code == 0
    assert "wins 50% of games" in capsys.readouterr().out
    assert main(["clash"]) == 2
    assert "plugin 'careless' could not set up its command 'clash': ArgumentError" in capsys.readouterr().err
    assert main(["turns"]) == 0
    capsys.readouterr()
    assert main(["share"]) == 0  # a closed pipe ends the command quietly, as it does a core one
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("plugins", "message"),
    [
        ([("thief", ClashingPlugin("table"))], "plugin 'thief' registers the command 'table', which is bbcore's own"),
        ([("one", ClashingPlugin("twin")), ("two", ClashingPlugin("twin"))], "plugins 'one' and 'two' both register the command 'twin'"),
        ([("shouty", ClashingPlugin("Shout"))], "a command's name is kebab-case"),
    ],
)
def test_a_command_name_taken_or_malformed_is_an_error_naming_the_plugins(
    installed: Any, capsys: pytest.CaptureFixture[str], plugins: list[tuple[str, object]], message: str
) -> None:
    installed(*plugins)
    assert main(["twin"]) == 2
    assert message in capsys.readouterr().err
    assert main(["tables", "--json"]) == 0  # a core command does not even ask the plugins for theirs
    json.loads(capsys.readouterr().out)


def test_the_example_plugin_adds_its_command(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("bbcore_sevens", reason="the example plugin (docs/examples/sevens) is not installed")
    bbcore.plugins.reset_default_host()
    assert main(["sevens", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    sevens = bbcore.load_ruleset("sevens")
    assert summary == {
        "players_on_pitch": sevens.parameters.players_on_pitch,
        "turns_per_half": sevens.parameters.turns_per_half,
        "pitch": {"length": sevens.pitch.length, "width": sevens.pitch.width},
    }


class PagePlugin:
    def __init__(self, *pages: tuple[str, Path]) -> None:
        self.pages = pages

    @hookimpl
    def bbcore_register_site_pages(self, register: SitePageRegistrar) -> None:
        for name, source in self.pages:
            register.page(name, source)


def building(site: Path, *, pages: bool = True) -> Any:
    """What the extension reads of a Sphinx application: the source folder and the ``bbcore_plugin_pages`` setting."""
    return SimpleNamespace(srcdir=str(site), config=SimpleNamespace(bbcore_plugin_pages=pages))


def test_a_site_gets_the_plugins_pages_only_when_it_asks(installed: Any, tmp_path: Path) -> None:
    source = tmp_path / "rules.rst"
    source.write_text("House rules\n===========\n", encoding="utf-8")
    installed(("house", PagePlugin(("rules", source))), entry_points=False)
    write_plugin_pages(building(tmp_path / "site", pages=False))
    assert not (tmp_path / "site" / "plugins").exists()


def test_a_plugins_pages_are_copied_into_the_site_and_listed(installed: Any, tmp_path: Path) -> None:
    source = tmp_path / "rules.rst"
    source.write_text("House rules\n===========\n\nSome words.\n", encoding="utf-8")
    site = tmp_path / "site"
    installed(("house", PagePlugin(("rules", source))), entry_points=False)
    write_plugin_pages(building(site))
    page = site / "plugins" / "house" / "rules.rst"
    assert page.read_text(encoding="utf-8").endswith(source.read_text(encoding="utf-8"))
    index = (site / "plugins" / "index.rst").read_text(encoding="utf-8")
    assert "   house/rules" in index
    # Unchanged, a page is not written again (Sphinx would rebuild it); gone from the plugin, it goes from the site.
    written = page.stat().st_mtime_ns
    write_plugin_pages(building(site))
    assert page.stat().st_mtime_ns == written
    mine = site / "plugins" / "notes.rst"
    mine.write_text("Not the extension's\n", encoding="utf-8")
    installed(entry_points=False)
    write_plugin_pages(building(site))
    assert not page.exists()
    assert mine.exists()  # a file the extension did not write is never removed
    assert "No installed plugin adds a page." in (site / "plugins" / "index.rst").read_text(encoding="utf-8")


def test_a_page_that_is_not_a_file_or_is_named_badly_names_the_plugin(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match=r"plugin 'house' registers the site page 'rules' from .*, which is not a file"):
        PluginHost([("house", PagePlugin(("rules", tmp_path / "missing.rst")))], entry_points=False).site_pages()
    (tmp_path / "a.rst").write_text("A\n=\n", encoding="utf-8")
    with pytest.raises(PluginError, match="a page's name is kebab-case"):
        PluginHost([("house", PagePlugin(("Rules Page", tmp_path / "a.rst")))], entry_points=False).site_pages()
    with pytest.raises(PluginError, match="registers the site page 'a' twice"):
        PluginHost([("house", PagePlugin(("a", tmp_path / "a.rst"), ("a", tmp_path / "a.rst")))], entry_points=False).site_pages()
