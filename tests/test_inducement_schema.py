"""The inducement schema's optional parts: uses, eligibility alternatives, incomplete entries and
profiles with tables, effects and old-scale characteristics; their models, JSON and reference checks."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from bbcore.errors import DataError
from bbcore.loading.schemas import validator_for
from bbcore.render.json import inducement_json
from bbcore.testing import MakeRuleset
from tests.fixtures.plugins import HERE, DataPlugin

FIXTURE = "pack-extended"


def _load(make_ruleset: MakeRuleset, directory: str = FIXTURE) -> Any:
    return make_ruleset(packs=["ext"], plugins=[("ext", DataPlugin("pack", "ext", directory))], entry_points=False)


def _minimal(**extra: Any) -> dict[str, Any]:
    entry = {"id": "x", "name": "X", "min": 0, "max": 1, "costs": [{"cost": 10000}], "text": "t", **extra}
    return {"source": "s", "inducements": [entry]}


def _errors(data: dict[str, Any]) -> list[str]:
    return [error.message for error in validator_for("inducement").iter_errors(data)]


def test_the_optional_parts_load_into_the_model(make_ruleset: MakeRuleset) -> None:
    rules = _load(make_ruleset)
    wizard = rules.inducement("ext/hedge-wizard")
    assert wizard.uses is not None
    assert (wizard.uses.count, wizard.uses.per) == (1, "game")
    assert [c.special_rules or c.leagues for c in wizard.eligibility_any] == [("bribery-and-corruption",), ("old-world-classic",)]
    assert wizard.incomplete
    assert wizard.note == "The last spell is cut off."
    spark, toad, fizzle = wizard.profiles
    assert spark.tables == ("ext/sparks",)
    assert spark.effects[0].gain_skills is not None
    assert spark.effects[0].gain_skills[0].id == "ext/glowing"
    assert toad.old_scale is not None
    assert (toad.old_scale.ma, toad.old_scale.st, toad.old_scale.ag, toad.old_scale.av) == (5, 1, 4, 4)
    assert toad.ag is None  # old-scale values are never copied into the target-number fields
    assert fizzle.incomplete
    assert not spark.incomplete


def test_the_json_shows_the_optional_parts(make_ruleset: MakeRuleset) -> None:
    ruleset = _load(make_ruleset)
    data = inducement_json(ruleset, ruleset.inducement("ext/hedge-wizard"))
    assert data["uses"] == {"count": 1, "per": "game"}
    assert data["eligibility_any"] == [{"special_rules": ["bribery-and-corruption"]}, {"leagues": ["old-world-classic"]}]
    assert data["incomplete"] is True
    assert data["note"] == "The last spell is cut off."
    spark, toad, fizzle = data["profiles"]
    assert spark["tables"] == ["ext/sparks"]
    assert spark["effects"] == [{"gain_skills": ["ext/glowing"], "who": "player", "duration": "drive"}]
    assert "incomplete" not in spark
    assert toad["old_scale"] == {"ma": 5, "st": 1, "ag": 4, "av": 4}
    assert toad["skills"] == ["Dodge", "Loner (4+)"]  # the display names, as every skill list in JSON
    assert toad["skill_refs"] == [{"id": "dodge", "value": None}, {"id": "loner", "value": 4}]
    assert fizzle["incomplete"] is True


def test_a_plain_entry_keeps_its_old_json_shape(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(packs=["one"], plugins=[("one", DataPlugin("pack", "one", "pack-one"))], entry_points=False)
    data = inducement_json(rules, rules.inducement("lucky-charm"))
    assert not {"uses", "eligibility_any", "incomplete", "note"} & set(data)


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        ({"uses": {"count": 1, "per": "week"}}, "'week' is not one of"),
        ({"uses": {"count": 0, "per": "game"}}, "less than the minimum"),
        ({"incomplete": True}, "'note' is a dependency of 'incomplete'"),
        ({"eligibility_any": [{"leagues": ["old-world-classic"]}]}, "is too short"),
        ({"profiles": [{"id": "p", "name": "P", "old_scale": {"wisdom": 3}}]}, "Additional properties are not allowed"),
        ({"profiles": [{"id": "p", "name": "P", "incomplete": True}]}, "'note' is a dependency of 'incomplete'"),
        ({"profiles": [{"id": "p", "name": "P", "tables": []}]}, "should be non-empty"),
    ],
)
def test_the_schema_rejects_malformed_optional_parts(extra: dict[str, Any], fragment: str) -> None:
    assert any(fragment in message for message in _errors(_minimal(**extra)))


def test_the_schema_accepts_the_optional_parts() -> None:
    entry = {
        "uses": {"count": 2, "per": "half"},
        "incomplete": True,
        "note": "n",
        "eligibility_any": [{"rosters": ["halfling"]}, {"tiers": [3]}],
        "profiles": [
            {"id": "p", "name": "P", "old_scale": {"ma": 6, "st": 7, "ag": 2, "av": 10}, "tables": ["t"], "effects": [{"rerolls": 1}]},
        ],
    }
    assert _errors(_minimal(**entry)) == []


def _broken_copy(tmp_path: Path, edit: Any) -> str:
    target = tmp_path / "pack"
    shutil.copytree(HERE / FIXTURE, target)
    yaml = YAML()
    path = target / "inducements.yaml"
    data = yaml.load(path)
    edit(data["inducements"][0])
    yaml.dump(data, path)
    return str(target)


@pytest.mark.parametrize(
    ("edit", "code", "where"),
    [
        (
            lambda e: e["profiles"][0].__setitem__("tables", ["ext/no-such-table"]),
            "unknown-table",
            "$.inducements[0].profiles[0].tables[0]",
        ),
        (
            lambda e: e["profiles"][0].__setitem__("effects", [{"gain_skills": ["ext/no-such-skill"]}]),
            "unknown-skill",
            "$.inducements[0].profiles[0].effects[0].gain_skills[0]",
        ),
        (
            lambda e: e["profiles"][0].__setitem__("effects", [{"pass_bands": ["quick", "very-long"]}]),
            "unknown-pass-band",
            "$.inducements[0].profiles[0].effects[0].pass_bands[1]",
        ),
        (
            lambda e: e["eligibility_any"][1].__setitem__("leagues", ["moon-league"]),
            "unknown-league",
            "$.inducements[0].eligibility_any[1].leagues[0]",
        ),
        (lambda e: e["profiles"][1].__setitem__("id", "spark"), "duplicate-id", "$.inducements[0].profiles[1].id"),
    ],
)
def test_references_in_the_optional_parts_are_checked(make_ruleset: MakeRuleset, tmp_path: Path, edit: Any, code: str, where: str) -> None:
    with pytest.raises(DataError) as caught:
        _load(make_ruleset, _broken_copy(tmp_path, edit))
    assert [(p.code, p.path) for p in caught.value.problems] == [(code, where)]
