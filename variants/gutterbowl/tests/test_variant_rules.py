"""variant-rules.yaml: read safely, validated by its schema, structured, and consistent with the tables it names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bbcore_gutterbowl.variant_rules import RULES_FILE, SCHEMA_FILE, load_variant_rules, variant_rules

import bbcore
from bbcore.errors import DataError
from bbcore.loading.yaml_source import read_yaml


def test_the_file_loads_and_is_read_once() -> None:
    rules = variant_rules()
    assert rules is variant_rules()
    assert rules.wall_push.fall_on == 4
    assert rules.bounces_on_landing == 2


def test_the_schema_requires_every_key_of_the_file_and_no_other() -> None:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    keys = set(read_yaml(RULES_FILE).data)
    assert set(schema["required"]) == set(schema["properties"]) == keys
    assert schema["additionalProperties"] is False


def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = RULES_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "variant-rules.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_every_problem_is_reported_with_its_line_and_column(tmp_path: Path) -> None:
    path = broken(tmp_path, "bounces_on_landing: 2", "bounces_on_landing: two\nbounce_twice: true")
    with pytest.raises(DataError) as raised:
        load_variant_rules(path)
    messages = [str(p) for p in raised.value.problems]
    assert len(messages) == 2
    assert all(re.match(r".+variant-rules\.yaml:\d+:\d+: \$\.", m) for m in messages)
    assert any("bounce_twice" in m for m in messages)
    assert any("$.bounces_on_landing" in m for m in messages)


def test_yaml_tags_that_build_objects_are_refused(tmp_path: Path) -> None:
    path = broken(tmp_path, "bounces_on_landing: 2", "bounces_on_landing: !!python/object:os.system 2")
    with pytest.raises(DataError, match="not allowed"):
        load_variant_rules(path)


def test_the_dice_named_are_those_of_the_tables_the_rules_roll_on() -> None:
    # The hooks roll on the core's tables; the file names the same dice for the reader.
    rules, ruleset = variant_rules(), bbcore.load_ruleset("gutterbowl")
    direction = ruleset.table("random-direction").dice
    assert rules.kick_re_entry_direction == rules.sewer_pit_placement_direction == direction
    assert rules.wall_bounce_dice == ruleset.table("throw-in").dice
    assert rules.wall_push.dice == "D6"  # the core's push procedure rolls a D6 against fall_on
