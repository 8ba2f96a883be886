"""The loading pipeline: safe YAML with positions, schemas, and the shared path dialect."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from bbcore.errors import DataError, format_json_path
from bbcore.loading.schemas import SCHEMA_FILES, validator_for
from bbcore.loading.structure import structure
from bbcore.loading.yaml_source import YamlLoadError, parse_yaml_text
from bbcore.model.roster import Roster
from bbcore.resources import schemas_dir
from bbcore.teams.files import load_team_file


def test_positions_are_one_based_lines_and_columns() -> None:
    document = parse_yaml_text("a:\n  - b: 1\n    c: [1, 2]\n", "f.yaml")
    assert document.locate(("a", 0, "c", 1)).line == 3
    assert document.locate(("a", 0, "c", 1)).col == 12
    assert str(document.locate(("a", 0, "b"))) == "f.yaml:2:5"


def test_a_missing_path_is_located_at_its_nearest_parent() -> None:
    document = parse_yaml_text("a:\n  b: 1\n", "f.yaml")
    location = document.locate(("a", "b", "zz"))
    assert (location.line, location.path) == (2, "$.a.b.zz")


def test_a_key_a_merge_brings_in_is_located_at_the_map_that_merges_it() -> None:
    document = parse_yaml_text("rows:\n  - &r {id: a, name: A}\n  - {<<: *r, id: b}\n", "f.yaml")
    assert document.data["rows"][1] == {"id": "b", "name": "A"}
    assert str(document.locate(("rows", 1, "name"))) == "f.yaml:3:5"  # brought in by the merge, not written here
    assert str(document.locate(("rows", 1, "id"))) == "f.yaml:3:14"


def test_a_team_file_merging_a_player_reports_its_problems_located(tmp_path: Path) -> None:
    team = tmp_path / "merged.yaml"
    team.write_text("name: Merged\nplayers:\n  - &lin {name: L1, position: orc/orc-lineman}\n  - {<<: *lin, name: L2, spp: x}\n")
    with pytest.raises(DataError) as raised:
        load_team_file(team)
    assert "merged.yaml:4:26: $.players[1].spp: 'x' is not of type 'integer'" in str(raised.value)


@pytest.mark.parametrize(
    "text",
    [
        "a: !!python/object/apply:os.system ['touch /tmp/bbcore-pwned']\n",
        "a: !!python/name:os.system\n",
        "a: !!binary aGk=\n",
        "a: !custom x\n",
        "a: !!set {x, y}\n",
    ],
)
def test_tags_that_build_objects_are_rejected_and_never_run(text: str) -> None:
    marker = Path("/tmp/bbcore-pwned")
    marker.unlink(missing_ok=True)
    with pytest.raises(YamlLoadError) as caught:
        parse_yaml_text(text, "evil.yaml")
    assert caught.value.problems[0].code == "unsafe-yaml-tag"
    assert caught.value.problems[0].line == 1
    assert not marker.exists()


def test_duplicate_keys_are_errors() -> None:
    with pytest.raises(YamlLoadError, match="duplicate key"):
        parse_yaml_text("a: 1\na: 2\n", "f.yaml")


def test_dates_are_not_silently_turned_into_objects() -> None:
    with pytest.raises(YamlLoadError, match="a date value is not allowed"):
        parse_yaml_text("when: 2025-01-01\n", "f.yaml")


def test_json_paths_use_jsonschemas_dialect() -> None:
    validator = Draft202012Validator({"type": "object", "properties": {"a": {"type": "array", "items": {"type": "integer"}}}})
    (error,) = validator.iter_errors({"a": [1, "x"]})
    assert format_json_path(error.absolute_path) == error.json_path == "$.a[1]"
    assert format_json_path(["odd key", 0]) == "$['odd key'][0]"


def test_cattrs_errors_use_the_same_dialect_and_positions() -> None:
    # A hand-made document the schema never saw: cattrs reports it itself.
    document = parse_yaml_text(
        "id: x\nname: X\nsource: s\ntier: 1\nreroll_cost: 1\napothecary: true\nleagues: []\nspecial_rules: []\n"
        "positions:\n  - {id: p, name: P, min: 0, max: 1, cost: 1, ma: six, st: 1, ag: 1, pa: 1, av: 1,"
        " skills: [], keywords: [K], primary: [], secondary: [], colour: red}\n",
        "r.yaml",
    )
    model, problems = structure(document, Roster)
    assert model is None
    paths = {p.path for p in problems}
    assert "$.positions[0].colour" in paths or "$.positions[0].ma" in paths
    assert all(p.line == 10 for p in problems)


def walk_objects(schema: Any, where: str = "$") -> list[str]:
    """Object schemas that declare properties but do not forbid others."""
    found = []
    if isinstance(schema, dict):
        if schema.get("type") == "object" and "properties" in schema and "additionalProperties" not in schema:
            found.append(where)
        for key, value in schema.items():
            found.extend(walk_objects(value, f"{where}.{key}"))
    elif isinstance(schema, list):
        for i, value in enumerate(schema):
            found.extend(walk_objects(value, f"{where}[{i}]"))
    return found


@pytest.mark.parametrize("path", sorted(schemas_dir().glob("*.schema.json")), ids=lambda p: p.name)
def test_every_schema_is_valid_and_closed(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert walk_objects(schema) == []


def test_every_data_kind_has_a_schema() -> None:
    for kind in SCHEMA_FILES:
        assert validator_for(kind).schema["title"]


def test_a_data_file_s_folder_says_its_kind_before_its_name() -> None:
    from bbcore.loading.datadir import kind_of

    assert kind_of(Path("data/teams/skills.yaml")) == "team"  # a team named Skills, not the skills file
    assert kind_of(Path("data/skills.yaml")) == "skill"
    assert kind_of(Path("data/tables/weather.yaml")) == "table"


def test_a_data_directory_s_own_name_does_not_change_the_kind_of_its_top_files(tmp_path: Path) -> None:
    from bbcore.loading.datadir import load_directory

    directory = tmp_path / "teams"  # a plugin whose data folder happens to be called teams
    directory.mkdir()
    (directory / "glossary.yaml").write_text("source: a test\nleagues: []\nspecial_rules: []\n", encoding="utf-8")
    loaded, problems = load_directory(directory)
    assert problems == []
    assert [item.kind for item in loaded] == ["glossary"]
