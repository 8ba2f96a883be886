"""variant-rules.yaml: read safely, validated by its schema, structured, and consistent with the tables it names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import pytest
from bbcore_gutterbowl.variant_rules import RULES_FILE, SCHEMA_FILE, load_variant_rules, reference_problems, variant_rules

import bbcore
from bbcore.errors import DataError
from bbcore.loading.yaml_source import read_yaml
from bbcore.rules.board import build_board
from bbcore.ruleset import Ruleset

GUTTER_BOWL = bbcore.load_ruleset("gutterbowl")


def test_the_file_is_the_rules_file_of_every_gutter_bowl_ruleset() -> None:
    rules = variant_rules(GUTTER_BOWL)
    assert rules == load_variant_rules()
    assert rules is variant_rules(GUTTER_BOWL)  # structured once per ruleset
    assert rules.wall_push.fall_on == 4
    assert rules.bounces_on_landing == 2
    assert variant_rules(bbcore.load_ruleset("gutterbowl", options={"pitch": "sewer"})) == rules


HOUSE_RULES = """\
source: "The Altdorf back-alley league's house rules"
amend:
  - rules: gutterbowl/variant-rules
    changes:
      wall_push:
        fall_on: 5
      bounces_on_landing: 1
      kick_off_events:
        guards:
          arrested_at_most: 1
  - rules: gutterbowl/variant-rules
    when: {pitch: sewer}
    changes:
      changing_weather:
        scatters: 2
"""


def amended(tmp_path: Path, text: str, **options: str) -> Ruleset:
    path = tmp_path / "house-rules.yaml"
    path.write_text(text, encoding="utf-8")
    return bbcore.load_ruleset("gutterbowl", options=options, amendments=[path])


def test_a_league_amends_the_numbers_key_by_key(tmp_path: Path) -> None:
    plain = variant_rules(GUTTER_BOWL)
    street = variant_rules(amended(tmp_path, HOUSE_RULES))
    assert (street.wall_push.fall_on, street.bounces_on_landing, street.kick_off_events.guards.arrested_at_most) == (5, 1, 1)
    # The keys the amendment leaves alone keep the file's values, nested ones too.
    assert street.wall_push.armour_modifier == plain.wall_push.armour_modifier
    assert street.kick_off_events.guards.players == plain.kick_off_events.guards.players
    assert street.changing_weather == plain.changing_weather
    sewer = variant_rules(amended(tmp_path, HOUSE_RULES, pitch="sewer"))
    assert sewer.changing_weather.scatters == 2


def test_the_rules_read_the_amended_numbers(tmp_path: Path) -> None:
    from bbcore_gutterbowl.pitch_hooks import ball_bounces_twice_on_cobbles

    ruleset = amended(tmp_path, HOUSE_RULES)
    board = build_board(ruleset, {})
    assert ball_bounces_twice_on_cobbles(GUTTER_BOWL, board, (5, 5), "pass") == 2
    assert ball_bounces_twice_on_cobbles(ruleset, board, (5, 5), "pass") == 1


def test_changing_weather_follows_an_amended_scatter_count(tmp_path: Path) -> None:
    # The parameters are changed while the ruleset is built, from the amended file.
    sewer = amended(tmp_path, HOUSE_RULES, pitch="sewer")
    assert sewer.parameters.kick_off_events.calm_weather_scatters == 2
    assert GUTTER_BOWL.parameters.kick_off_events.calm_weather_scatters == variant_rules(GUTTER_BOWL).changing_weather.scatters


def test_a_wrong_amendment_is_located_in_the_amendment(tmp_path: Path) -> None:
    with pytest.raises(DataError) as raised:
        amended(tmp_path, HOUSE_RULES.replace("fall_on: 5", "fall_on: five").replace("bounces_on_landing: 1", "bounce_twice: 1"))
    messages = [str(p) for p in raised.value.problems]
    assert len(messages) == 2, messages
    assert all("house-rules.yaml:" in m for m in messages)
    assert any("$.amend[0].changes.wall_push.fall_on" in m and "integer" in m for m in messages)
    assert any("bounce_twice" in m for m in messages)


def test_the_schema_requires_every_key_of_the_file_and_no_other() -> None:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    keys = set(read_yaml(RULES_FILE).data)
    assert set(schema["required"]) == set(schema["properties"]) == keys
    assert schema["additionalProperties"] is False


def test_the_plugins_readings_of_unclear_rules_are_provisional_with_a_note() -> None:
    from bbcore.rules_files import provisional_readings

    rules = variant_rules(bbcore.load_ruleset("gutterbowl"))
    assert {
        "corner_bounce",
        "thrown_onto_a_stall",
        "frog_until_the_drive_ends",
        "wall_rebound_comes_to_rest",
        "one_potion_per_hand_out",
        "picked_among_standing_players",
    } <= set(rules.readings)
    found = dict(provisional_readings(read_yaml(RULES_FILE).data, "gutterbowl/variant-rules"))
    assert {f"gutterbowl/variant-rules.readings.{name}" for name in rules.readings} <= set(found)
    assert all(reading.provisional and reading.note for reading in rules.readings.values())


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


def test_a_free_step_other_than_one_square_is_refused_where_it_is_written(tmp_path: Path) -> None:
    # The core's free step is one square; a league that wants more learns so as the ruleset loads.
    with pytest.raises(DataError) as raised:
        amended(tmp_path, HOUSE_RULES.replace("arrested_at_most: 1", "arrested_at_most: 1\n        get_ready_lads_squares: 2"))
    (message,) = [str(p) for p in raised.value.problems]
    assert "house-rules.yaml:" in message
    assert "$.amend[0].changes.kick_off_events.get_ready_lads_squares" in message


def test_yaml_tags_that_build_objects_are_refused(tmp_path: Path) -> None:
    path = broken(tmp_path, "bounces_on_landing: 2", "bounces_on_landing: !!python/object:os.system 2")
    with pytest.raises(DataError, match="not allowed"):
        load_variant_rules(path)


def test_the_dice_named_are_those_the_rules_roll() -> None:
    # Directions come from the core's tables, read where they are; the file names only the push's die.
    rules = variant_rules(GUTTER_BOWL)
    assert rules.wall_push.dice == "D6"  # the core's push procedure rolls a D6 against fall_on
    assert not {"kick_re_entry_direction", "wall_bounce_dice", "barricade"} & set(attrs.fields_dict(type(rules)))


@pytest.mark.parametrize("pitch", ["street", "sewer"])
def test_what_the_file_names_exists_in_the_ruleset(pitch: str) -> None:
    assert reference_problems(bbcore.load_ruleset("gutterbowl", options={"pitch": pitch})) == []


def test_an_amendment_naming_what_does_not_exist_is_told_where(tmp_path: Path) -> None:
    text = """\
source: "A careless league"
amend:
  - rules: gutterbowl/variant-rules
    changes:
      potion_wakes_knocked_out:
        gutterbowl/lesser-magic-potions: [healing-bairn, healing-bairns]
      potion_random_skills: {potion-of-mutation: mutations}
      changing_weather:
        calm_weather: {sewer: a-normal-day}
      kick_off_events:
        black_market_dealer: {inducement: gutterbowl/greater-magic-potion}
"""
    with pytest.raises(DataError) as caught:
        amended(tmp_path, text, pitch="sewer")
    found = {problem.path: problem.message for problem in caught.value.problems}
    assert all(problem.file == str(tmp_path / "house-rules.yaml") for problem in caught.value.problems)
    changes = "$.amend[0].changes"
    assert found == {
        f"{changes}.potion_wakes_knocked_out['gutterbowl/lesser-magic-potions'][1]": (
            "table 'gutterbowl/lesser-magic-potions' has no row 'healing-bairns'"
        ),
        f"{changes}.potion_random_skills['potion-of-mutation']": (
            "no skill category 'mutations'; there are agility, devious, general, mutation, passing, strength"
        ),
        f"{changes}.changing_weather.calm_weather.sewer": "the weather table 'gutterbowl/sewer-weather' has no row 'a-normal-day'",
        f"{changes}.kick_off_events.black_market_dealer.inducement": "no inducement 'gutterbowl/greater-magic-potion'",
    }
    # On the street the calm row it names is the street table's: only the sewer ruleset minds.
    street_only = text.replace("      potion_random_skills: {potion-of-mutation: mutations}\n", "")
    with pytest.raises(DataError) as street:
        amended(tmp_path, street_only)
    assert not any("calm_weather" in problem.path for problem in street.value.problems)


@pytest.mark.parametrize("pack", ["bb2020", "classic"])
def test_a_pack_may_replace_the_inducement_list_the_file_names_one_of(pack: str) -> None:
    # Black Market Dealer's potion is Gutter Bowl's; under a pack's list it is not on offer, and that is no error.
    ruleset = bbcore.load_ruleset("gutterbowl", [pack], {"pitch": "sewer"})
    assert variant_rules(ruleset).kick_off_events.black_market_dealer.inducement not in ruleset.inducements
    assert reference_problems(ruleset) == []


def test_loose_dogs_may_bar_only_rolls_the_rules_make(tmp_path: Path) -> None:
    text = """\
source: "A league whose dogs bite blocks"
amend:
  - rules: gutterbowl/variant-rules
    changes:
      kick_off_events: {loose_dogs_tests: [pick-up, blok]}
"""
    with pytest.raises(DataError) as caught:
        amended(tmp_path, text)
    (problem,) = caught.value.problems
    assert problem.path == "$.amend[0].changes.kick_off_events.loose_dogs_tests[1]"
    assert problem.message.startswith("no roll is named 'blok'; the rolls: ")
    assert "block" in problem.message
