"""A plugin's rules file of its own numbers, amended per ruleset by later layers (``amendments.yaml``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest
from attrs import frozen

import bbcore
from bbcore.errors import DataError, PluginError, UsageError
from bbcore.plugins import PluginHost
from bbcore.rules_files import RulesFileProblem
from bbcore.ruleset import Ruleset, build_ruleset

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["source", "laps", "pit"],
    "properties": {
        "source": {"type": "string"},
        "laps": {"type": "integer", "minimum": 1},
        "pit": {
            "type": "object",
            "additionalProperties": False,
            "required": ["stops", "crew"],
            "properties": {"stops": {"type": "integer"}, "crew": {"type": "array", "items": {"type": "string"}}},
        },
    },
}


@frozen
class Pit:
    stops: int
    crew: tuple[str, ...]


@frozen
class RaceRules:
    source: str
    laps: int
    pit: Pit


RACE = """\
source: "A test plugin's own numbers"
laps: 3
pit:
  stops: 1
  crew: [ada, bo]
"""


def race_plugin(folder: Path, race: str = RACE) -> object:
    """A plugin with a variant whose numbers live in a rules file of its own."""
    (folder / "rules").mkdir(parents=True, exist_ok=True)
    (folder / "rules" / "race.yaml").write_text(race, encoding="utf-8")
    (folder / "race.schema.json").write_text(json.dumps(SCHEMA), encoding="utf-8")

    class Race:
        @bbcore.hookimpl
        def bbcore_register_data(self, register: object) -> None:
            register.variant("race", folder / "data", "A race.")  # type: ignore[attr-defined]
            register.rules_file("race/laps", folder / "rules" / "race.yaml", folder / "race.schema.json", RaceRules, "Laps.")  # type: ignore[attr-defined]

    (folder / "data").mkdir(exist_ok=True)
    return Race()


def house_pack(folder: Path, amendments: str) -> object:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "amendments.yaml").write_text(amendments, encoding="utf-8")

    class House:
        @bbcore.hookimpl
        def bbcore_register_data(self, register: object) -> None:
            register.pack("house", folder, "House rules.")  # type: ignore[attr-defined]

    return House()


def ruleset(tmp_path: Path, amendments: str | None = None, *, race: str = RACE, variant: str | None = "race") -> Ruleset:
    plugins: list[tuple[str, object]] = [("race", race_plugin(tmp_path / "race", race))]
    packs: list[str] = []
    if amendments is not None:
        plugins.append(("house", house_pack(tmp_path / "house", amendments)))
        packs.append("house")
    return build_ruleset(variant, packs, {}, host=PluginHost(plugins))


def test_the_registered_file_is_structured_into_its_model(tmp_path: Path) -> None:
    rules = ruleset(tmp_path).rules_model("race/laps", RaceRules)
    assert rules == RaceRules("A test plugin's own numbers", 3, Pit(1, ("ada", "bo")))


def test_an_amendment_changes_keys_one_by_one_and_replaces_lists_whole(tmp_path: Path) -> None:
    amendments = """\
source: "House rules"
amend:
  - rules: race/laps
    changes:
      laps: 5
      pit: {crew: [cy]}
"""
    rules = ruleset(tmp_path, amendments)
    assert rules.rules_model("race/laps", RaceRules) == RaceRules("A test plugin's own numbers", 5, Pit(1, ("cy",)))
    assert rules.rules_files["race/laps"]["laps"] == 5


def test_without_its_plugin_the_rules_file_is_not_in_force(tmp_path: Path) -> None:
    rules = ruleset(tmp_path, variant=None)
    assert "race/laps" not in rules.rules_files
    with pytest.raises(UsageError, match="unknown rules file 'race/laps'"):
        rules.rules_model("race/laps", RaceRules)


def test_a_broken_registered_file_is_located_in_it(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        ruleset(tmp_path, race=RACE.replace("laps: 3", "laps: 0"))
    (problem,) = caught.value.problems
    assert str(problem).startswith(f"{tmp_path / 'race' / 'rules' / 'race.yaml'}:2:1: $.laps:")


def test_a_value_an_amendment_breaks_is_located_in_the_amendment_and_the_rest_in_the_plugins_file(tmp_path: Path) -> None:
    amendments = """\
source: "House rules"
amend:
  - rules: race/laps
    changes:
      pit: {stops: lots}
"""
    with pytest.raises(DataError) as caught:
        ruleset(tmp_path, amendments)
    (problem,) = caught.value.problems
    assert str(problem).startswith(f"{tmp_path / 'house' / 'amendments.yaml'}:5:13: $.amend[0].changes.pit.stops:")


def test_two_plugins_registering_one_rules_file_are_both_named(tmp_path: Path) -> None:
    class Copy:
        @bbcore.hookimpl
        def bbcore_register_data(self, register: object) -> None:
            register.rules_file("race/laps", tmp_path / "x.yaml", tmp_path / "x.json", RaceRules, "Again.")  # type: ignore[attr-defined]

    with pytest.raises(PluginError, match="'race' and 'copy' both register the rules file 'race/laps'"):
        PluginHost([("race", race_plugin(tmp_path / "race")), ("copy", Copy())])


def test_the_model_asked_for_must_be_the_registered_one(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="is a RaceRules, not a Pit"):
        ruleset(tmp_path).rules_model("race/laps", Pit)


def test_a_parameter_change_may_follow_the_rules_file_as_amended(tmp_path: Path) -> None:
    class RaceWithTurns:
        """The race plugin, whose halves last as many turns as its laps."""

        def __init__(self, folder: Path) -> None:
            self.inner = race_plugin(folder)

        @bbcore.hookimpl
        def bbcore_register_data(self, register: object) -> None:
            self.inner.bbcore_register_data(register)  # type: ignore[attr-defined]

        @bbcore.hookimpl
        def bbcore_parameter_changes(self, options: object, rules_files: Mapping[str, Any]) -> dict[str, int]:
            return {"turns_per_half": rules_files["race/laps"].laps}

    amendments = 'source: "House rules"\namend:\n  - rules: race/laps\n    changes: {laps: 5}\n'
    plugins: list[tuple[str, object]] = [("race", RaceWithTurns(tmp_path / "race"))]
    plain = build_ruleset("race", [], {}, host=PluginHost(plugins))
    plugins.append(("house", house_pack(tmp_path / "house", amendments)))
    amended = build_ruleset("race", ["house"], {}, host=PluginHost(plugins))
    assert (plain.parameters.turns_per_half, amended.parameters.turns_per_half) == (3, 5)

    # A broken amendment is reported where it is; the change is not asked for from a file that failed.
    broken = 'source: "House rules"\namend:\n  - rules: race/laps\n    changes: {laps: none}\n'
    plugins[-1] = ("house", house_pack(tmp_path / "broken", broken))
    with pytest.raises(DataError) as raised:
        build_ruleset("race", ["house"], {}, host=PluginHost(plugins))
    assert [p.path for p in raised.value.problems] == ["$.amend[0].changes.laps"]


class CheckedRace:
    """The race plugin, whose pit crew must be named after rosters of the ruleset (a reference no schema sees)."""

    def __init__(self, folder: Path, race: str = RACE) -> None:
        self.inner = race_plugin(folder, race)

    @bbcore.hookimpl
    def bbcore_register_data(self, register: object) -> None:
        self.inner.bbcore_register_data(register)  # type: ignore[attr-defined]

    @bbcore.hookimpl
    def bbcore_rules_file_problems(self, ruleset: Ruleset) -> list[RulesFileProblem]:
        crew = ruleset.rules_model("race/laps", RaceRules).pit.crew
        return [
            RulesFileProblem("race/laps", ("pit", "crew", i), f"no roster {name!r} for a crew member")
            for i, name in enumerate(crew)
            if name not in ruleset.rosters
        ]


def checked(tmp_path: Path, race: str, amendments: str | None = None) -> Ruleset:
    plugins: list[tuple[str, object]] = [("race", CheckedRace(tmp_path / "race", race))]
    packs = []
    if amendments is not None:
        plugins.append(("house", house_pack(tmp_path / "house", amendments)))
        packs.append("house")
    return build_ruleset("race", packs, {}, host=PluginHost(plugins))


GOOD_CREW = RACE.replace("crew: [ada, bo]", "crew: [human, dwarf]")


def test_a_plugin_checks_its_rules_file_against_the_built_ruleset(tmp_path: Path) -> None:
    assert checked(tmp_path, GOOD_CREW).rules_model("race/laps", RaceRules).pit.crew == ("human", "dwarf")
    with pytest.raises(DataError) as caught:
        checked(tmp_path / "bad", RACE)
    race_file = tmp_path / "bad" / "race" / "rules" / "race.yaml"
    assert [str(problem) for problem in caught.value.problems] == [
        f"{race_file}:5:10: $.pit.crew[0]: no roster 'ada' for a crew member",
        f"{race_file}:5:15: $.pit.crew[1]: no roster 'bo' for a crew member",
    ]


def test_a_reference_an_amendment_breaks_is_located_in_the_amendment(tmp_path: Path) -> None:
    amendments = 'source: "House rules"\namend:\n  - rules: race/laps\n    changes:\n      pit: {crew: [human, elfs]}\n'
    with pytest.raises(DataError) as caught:
        checked(tmp_path, GOOD_CREW, amendments)
    (problem,) = caught.value.problems
    assert problem.file == str(tmp_path / "house" / "amendments.yaml")
    assert problem.path == "$.amend[0].changes.pit.crew[1]"
    assert "no roster 'elfs'" in problem.message


def test_a_problem_in_a_rules_file_not_in_force_says_so(tmp_path: Path) -> None:
    class Confused:
        @bbcore.hookimpl
        def bbcore_rules_file_problems(self, ruleset: Ruleset) -> list[RulesFileProblem]:
            return [RulesFileProblem("other/file", ("x",), "something is off")]

    plugins: list[tuple[str, object]] = [("race", race_plugin(tmp_path / "race", RACE)), ("confused", Confused())]
    with pytest.raises(DataError, match=r"something is off \(in the rules file 'other/file', not in force here; in force: race/laps\)"):
        build_ruleset("race", [], {}, host=PluginHost(plugins))


def test_a_plugin_answering_with_something_else_is_named(tmp_path: Path) -> None:
    class Careless:
        @bbcore.hookimpl
        def bbcore_rules_file_problems(self, ruleset: Ruleset) -> list[str]:
            return ["the crew is wrong"]

    plugins: list[tuple[str, object]] = [("race", race_plugin(tmp_path / "race", RACE)), ("careless", Careless())]
    with pytest.raises(PluginError, match="gave 'the crew is wrong', which is not a RulesFileProblem"):
        build_ruleset("race", [], {}, host=PluginHost(plugins))


def test_a_problem_marked_amended_only_is_reported_only_where_an_amendment_set_the_value(tmp_path: Path) -> None:
    class Lenient(CheckedRace):
        """The crew check, for names the plugin's own file may leave unused but a league's amendment must not."""

        @bbcore.hookimpl
        def bbcore_rules_file_problems(self, ruleset: Ruleset) -> list[RulesFileProblem]:
            return [attrs.evolve(found, amended_only=True) for found in super().bbcore_rules_file_problems(ruleset)]

    def build(folder: Path, amendments: str | None) -> Ruleset:
        plugins: list[tuple[str, object]] = [("race", Lenient(folder / "race", RACE))]  # crew [ada, bo]: no rosters
        if amendments is not None:
            plugins.append(("house", house_pack(folder / "house", amendments)))
        return build_ruleset("race", ["house"] if amendments else [], {}, host=PluginHost(plugins))

    assert build(tmp_path / "plain", None).rules_model("race/laps", RaceRules).pit.crew == ("ada", "bo")
    amendments = 'source: "House rules"\namend:\n  - rules: race/laps\n    changes:\n      pit: {crew: [human, cy]}\n'
    with pytest.raises(DataError) as caught:
        build(tmp_path / "amended", amendments)
    (problem,) = caught.value.problems
    assert (problem.path, problem.message) == ("$.amend[0].changes.pit.crew[1]", "no roster 'cy' for a crew member")


def test_every_installed_variant_builds_with_every_installed_pack() -> None:
    # A plugin's checks of its own file must hold whatever the ruleset combines it with.
    from bbcore.plugins import default_host

    host = default_host()
    variants = [None, *(source.name for source in host.sources if source.kind == "variant")]
    packs = [(), *((source.name,) for source in host.sources if source.kind == "pack")]
    assert len(variants) > 1, "no variant is installed"
    assert len(packs) > 1, "no pack is installed"
    for variant in variants:
        for chosen in packs:
            assert bbcore.load_ruleset(variant, list(chosen)).variant == variant
