"""Plugin discovery, blocking, failures and conflicts."""

from __future__ import annotations

from pathlib import Path

import pytest

import bbcore
from bbcore.errors import DataError, PluginError, UsageError
from bbcore.hookspecs import hookimpl
from bbcore.plugins import PluginHost
from bbcore.registry import DataRegistrar
from bbcore.ruleset import build_ruleset
from tests.fixtures.plugins import HERE as FIXTURES
from tests.fixtures.plugins import DataPlugin, RaisingPlugin, WrongHookPlugin


def test_installed_plugins_include_the_core_and_every_variant_distribution() -> None:
    infos = {i.name: i for i in PluginHost().describe()}
    assert infos["core"].kind == "core"
    assert infos["skurling"].kind == "variant"
    assert infos["gutterbowl"].kind == "variant"
    assert infos["inducement-packs"].kind == "pack"
    assert all(i.version for i in infos.values())


def test_the_core_is_found_through_its_entry_point() -> None:
    from importlib import metadata

    names = {ep.name for ep in metadata.entry_points(group="bbcore")}
    assert {"core", "skurling", "gutterbowl", "inducement-packs"} <= names


def test_packs_are_registered_by_name() -> None:
    assert set(PluginHost().packs()) >= {"bb2020", "classic"}


def test_blocking_a_plugin_hides_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BBCORE_DISABLE_PLUGINS", "skurling, gutterbowl")
    names = {i.name for i in PluginHost().describe()}
    assert "skurling" not in names
    assert "gutterbowl" not in names
    assert "core" in names


def test_a_blocked_variant_is_an_unknown_variant(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BBCORE_DISABLE_PLUGINS", "skurling")
    with pytest.raises(UsageError, match="unknown variant 'skurling'"):
        bbcore.load_ruleset("skurling")
    monkeypatch.delenv("BBCORE_DISABLE_PLUGINS")
    assert bbcore.load_ruleset("skurling").variant == "skurling"


def test_the_core_cannot_be_blocked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BBCORE_DISABLE_PLUGINS", "core")
    with pytest.raises(PluginError, match="cannot be disabled"):
        PluginHost()


def test_a_plugin_that_raises_is_named() -> None:
    with pytest.raises(PluginError, match="plugin 'exploding' raised in bbcore_register_data: RuntimeError: boom"):
        PluginHost([("exploding", RaisingPlugin())], entry_points=False)


class MissingDataPlugin:
    """Registers a variant whose data directory is not there, as a wheel built without its data files would."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    @hookimpl
    def bbcore_register_data(self, register: DataRegistrar) -> None:
        register.variant("hollow", self.directory, "data left out")


def test_a_plugin_whose_data_directory_is_missing_is_named(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match=r"plugin 'hollow-plugin' registers the variant 'hollow' with the data directory .*not a"):
        PluginHost([("hollow-plugin", MissingDataPlugin(tmp_path / "data"))], entry_points=False)


def test_a_plugin_with_an_unknown_hook_is_named() -> None:
    with pytest.raises(PluginError, match="'confused'"):
        PluginHost([("confused", WrongHookPlugin())], entry_points=False)


def test_a_plugin_that_fails_to_import_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib import metadata

    broken = metadata.EntryPoint(name="broken", value="no_such_module_for_bbcore.plugin", group="bbcore")
    real = metadata.entry_points

    def fake(**kwargs: str) -> object:
        found = list(real(**kwargs))
        return [*found, broken] if kwargs.get("group") == "bbcore" else found

    monkeypatch.setattr("bbcore.plugins.metadata.entry_points", fake)
    with pytest.raises(PluginError, match=r"plugin 'broken' .* failed to import: ModuleNotFoundError"):
        PluginHost()


def test_two_plugins_registering_the_same_variant_name_are_both_named() -> None:
    with pytest.raises(PluginError, match="'one' and 'two' both register the variant 'street'"):
        PluginHost(
            [("one", DataPlugin("variant", "street", "street")), ("two", DataPlugin("variant", "street", "street"))], entry_points=False
        )


def test_two_plugins_declaring_the_same_option_are_both_named() -> None:
    option = (("ground", ("street", "sewer"), "street"),)
    with pytest.raises(PluginError, match="'one' and 'two' both declare the option 'ground'"):
        PluginHost(
            [("one", DataPlugin("variant", "a", "street", option)), ("two", DataPlugin("variant", "b", "street", option))],
            entry_points=False,
        )


def test_two_plugins_replacing_the_same_table_are_both_located() -> None:
    host = PluginHost([("a", DataPlugin("pack", "a", "weather-a")), ("b", DataPlugin("pack", "b", "weather-b"))], entry_points=False)
    with pytest.raises(DataError) as caught:
        build_ruleset(packs=["a", "b"], host=host)
    message = str(caught.value)
    assert "table 'weather' is replaced twice, by plugins 'a' and 'b'" in message
    assert "weather-a/tables/weather.yaml" in message
    assert "weather-b/tables/weather.yaml" in message
    assert "precedence_over" in message


class PackFromText:
    """A pack whose one table is written in a temporary folder."""

    def __init__(self, name: str, folder: Path, table: str) -> None:
        (folder / "tables").mkdir(parents=True)
        (folder / "tables" / "weather.yaml").write_text(table, encoding="utf-8")
        self.name, self.folder = name, folder

    @hookimpl
    def bbcore_register_data(self, register: DataRegistrar) -> None:
        register.pack(self.name, self.folder, f"test pack {self.name}")


@pytest.mark.parametrize("order", [("a", "b"), ("b", "a")])
@pytest.mark.parametrize("declared_by", ["a", "b"])
def test_a_plugin_that_declares_precedence_wins_the_replacement_in_either_order(
    tmp_path: Path, order: tuple[str, str], declared_by: str
) -> None:
    other = "b" if declared_by == "a" else "a"
    plugins = []
    for name in order:
        fixture = (FIXTURES / f"weather-{name}" / "tables" / "weather.yaml").read_text(encoding="utf-8")
        if name == declared_by:
            fixture = fixture.replace("replaces: weather\n", f"replaces: weather\nprecedence_over: [{other}]\n")
        plugins.append((name, PackFromText(name, tmp_path / name, fixture)))
    ruleset = build_ruleset(packs=list(order), host=PluginHost(plugins, entry_points=False))
    assert ruleset.table("weather").id == f"plugin-{declared_by}/weather"
    assert f"plugin-{other}/weather" not in ruleset.tables


def test_hooks_of_inactive_variants_are_not_called() -> None:
    calls: list[str] = []

    class Spy:
        def __init__(self, name: str) -> None:
            self.name = name

        @bbcore.hookimpl
        def bbcore_register_data(self, register: object) -> None:
            register.variant(self.name, DataPlugin("variant", "x", "weather-a").directory, "spy")  # type: ignore[attr-defined]

        @bbcore.hookimpl
        def bbcore_parameter_changes(self, options: object) -> None:
            calls.append(self.name)

    host = PluginHost([("first", Spy("first")), ("second", Spy("second"))], entry_points=False)
    ruleset = build_ruleset("second", host=host)
    assert calls == ["second"]
    assert ruleset.variant == "second"
    calls.clear()
    build_ruleset(host=host)
    assert calls == []


def test_a_plugin_whose_ruleset_hook_raises_is_named(make_ruleset: object) -> None:
    from tests.fixtures.plugins import FailingCheckPlugin

    ruleset = make_ruleset(plugins=[("clumsy", FailingCheckPlugin())], entry_points=False)  # type: ignore[operator]
    team = ruleset.team_files[0].team
    with pytest.raises(PluginError, match="plugin 'clumsy' raised in bbcore_team_checks: ZeroDivisionError"):
        bbcore.check_team(ruleset, team)


def test_a_hook_answered_straight_by_the_core_hears_a_plugin_registered_later() -> None:
    class Bouncy:
        @bbcore.hookimpl
        def bbcore_ball_bounces_on_landing(self, ruleset: object, board: object, square: object, cause: str) -> int:
            return 2

    host = PluginHost([], entry_points=False)
    ruleset = build_ruleset(host=host)
    ask = {"ruleset": ruleset, "board": None, "square": (0, 0), "cause": "test"}
    assert ruleset.hook.bbcore_ball_bounces_on_landing(**ask) == 1  # the core's answer, called directly
    host.pm.register(Bouncy(), name="bouncy")
    assert ruleset.hook.bbcore_ball_bounces_on_landing(**ask) == 2
    host.pm.unregister(name="bouncy")
    assert ruleset.hook.bbcore_ball_bounces_on_landing(**ask) == 1


def test_a_plugin_raising_in_a_hook_called_straight_is_still_named() -> None:
    class Clumsy:
        @bbcore.hookimpl
        def bbcore_test_reroll(self, ruleset: object, board: object, player: object, test: str, result: str) -> str | None:
            raise KeyError(test)

    host = PluginHost([("clumsy", Clumsy())], entry_points=False)
    ruleset = build_ruleset(host=host)
    with pytest.raises(PluginError, match="plugin 'clumsy' raised in bbcore_test_reroll: KeyError"):
        ruleset.hook.bbcore_test_reroll(ruleset=ruleset, board=None, player=None, test="dodge", result="failed")
    # A hook nobody implements answers as pluggy does: None for a first-result hook, no answers otherwise.
    assert ruleset.hook.bbcore_armour_modifiers(ruleset=ruleset, board=None, player=None, cause="block", attacker=None, fell=True) == []
