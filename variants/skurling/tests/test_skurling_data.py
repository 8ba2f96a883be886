"""Skurling's data: the tables, the inducement list and the Headliners, checked against what the seed fixes.

The core build already rejects tables whose rows miss or overlap their dice range, so
loading the ruleset cleanly covers that; these tests check the Skurling specifics.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bbcore_skurling.headliners import HEADLINERS_FILE, headliner, headliners, load_headliners, reference_problems

import bbcore
from bbcore.errors import DataError
from bbcore.ruleset import Ruleset

PREFIX = "skurling/"


@pytest.fixture(scope="module")
def skurling() -> Ruleset:
    return bbcore.load_ruleset("skurling")


def test_the_ruleset_holds_every_skurling_table(skurling: Ruleset) -> None:
    ours = {table_id for table_id in skurling.tables if table_id.startswith(PREFIX)}
    expected = {
        "pebblemuck",
        "raw-ground-attributes",
        "rushed-pebbling-attributes",
        "gala-pebbling-attributes",
        "mob-pebbling-attributes",
        "landing-events",
        "spring-weather",
        "summer-weather",
        "autumn-weather",
        "winter-weather",
        "loch-weather",
        "moor-weather",
        "helmets",
        "sponsor-offers",
        "tools",
        "touch",
    }
    assert {PREFIX + name for name in expected} <= ours


def test_the_touch_reads_the_block_die_faces_and_moves_the_seed_squares(skurling: Ruleset) -> None:
    touch, block = skurling.table("skurling/touch"), skurling.table("block-dice")
    assert touch.dice == block.dice
    assert [(r.id, r.min, r.max) for r in touch.rows] == [(r.id, r.min, r.max) for r in block.rows]
    squares = {row.id: row.values["squares"] for row in touch.rows}
    assert squares == {"player-down": 0, "both-down": 1, "push-back": 3, "stumble": 2, "pow": 1}
    hitter = {row.id for row in touch.rows if row.values["hitter-falls"] == 1}
    stooge = {row.id for row in touch.rows if row.values["stooge-falls"] == 1}
    assert hitter == {"player-down", "both-down"}
    assert stooge == {"both-down", "stumble", "pow"}
    assert not touch.provisional


def test_each_pebblemuck_row_names_an_attribute_table_that_exists(skurling: Ruleset) -> None:
    pebblemuck = skurling.table("skurling/pebblemuck")
    assert {row.id for row in pebblemuck.rows} == {"raw-ground", "rushed-pebbling", "gala-pebbling", "mob-pebbling"}
    for row in pebblemuck.rows:
        attributes = skurling.table(str(row.values["attributes"]))
        assert attributes.id == f"{PREFIX}{row.id}-attributes"
        assert attributes.dice == "D6"


def test_raw_ground_has_astrogranite_and_solid_stone(skurling: Ruleset) -> None:
    ids = {row.id for row in skurling.table("skurling/raw-ground-attributes").rows}
    assert {"astrogranite", "solid-stone"} <= ids


def test_some_attributes_change_fan_factor(skurling: Ruleset) -> None:
    tables = [skurling.table(str(row.values["attributes"])) for row in skurling.table("skurling/pebblemuck").rows]
    changing = [row.id for table in tables for row in table.rows for e in row.effects if e.modifier == "fan-factor"]
    assert changing


def test_landing_events_hold_the_four_events_the_seed_names(skurling: Ruleset) -> None:
    events = skurling.table("landing-events")
    assert events.id == "skurling/landing-events"
    assert {"changing-weather", "cheering-fans", "bonspiel-brawl", "time-out"} <= {row.id for row in events.rows}
    assert any(e.roll_on == "weather" for e in events.row("changing-weather").effects)
    assert "Stooge" in (events.text or "")


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, "weather"),
        ({"season": "spring"}, "skurling/spring-weather"),
        ({"season": "summer"}, "skurling/summer-weather"),
        ({"season": "autumn"}, "skurling/autumn-weather"),
        ({"season": "winter"}, "skurling/winter-weather"),
        ({"ground": "loch"}, "skurling/loch-weather"),
        ({"ground": "moor"}, "skurling/moor-weather"),
    ],
)
def test_the_weather_role_follows_the_season_or_ground(options: dict[str, str], expected: str) -> None:
    assert bbcore.load_ruleset("skurling", options=options).table("weather").id == expected


def test_replacement_weather_tables_have_a_calm_middle_and_the_seed_names(skurling: Ruleset) -> None:
    names = {
        "spring-weather": "Spring: The Thaw",
        "summer-weather": "Summer: The Dog Days",
        "autumn-weather": "Autumn: The Falling Leaf",
        "winter-weather": "Winter: The Long Frost",
        "loch-weather": "The Loch (Strathcraig)",
        "moor-weather": "The Moor (Dunmoor)",
    }
    for table_id, name in names.items():
        table = skurling.table(PREFIX + table_id)
        assert table.name == name
        assert table.dice == "2D6"
        assert table.row_for(4) is table.row_for(10)
        assert not table.row_for(7).effects


def test_every_provisional_skurling_table_says_what_was_invented(skurling: Ruleset) -> None:
    provisional = [t for t in skurling.tables.values() if t.id.startswith(PREFIX) and t.provisional]
    assert len(provisional) >= 14
    assert [t.id for t in provisional if not (t.note and t.note.strip())] == []


def test_every_helmet_changes_the_stooge(skurling: Ruleset) -> None:
    helmets = skurling.table("skurling/helmets")
    assert helmets.dice == "D8"
    assert len(helmets.rows) == 8
    for row in helmets.rows:
        protective = [e for e in row.effects if (e.change == "av") or (e.modifier == "armour")]
        assert protective, row.id
        assert all(e.who == "player" and e.duration == "arc" for e in row.effects), row.id


def test_no_skurling_effect_touches_the_landing_roll(skurling: Ruleset) -> None:
    # The Stooge lies Stunned however he lands, so a modifier to his landing roll would change nothing.
    tables = [(f"table {t.id} row {row.id}", row.effects) for t in skurling.tables.values() if t.id.startswith(PREFIX) for row in t.rows]
    inducements = [(f"inducement {i.id}", i.effects) for i in skurling.inducements.values()]
    idle = [where for where, effects in tables + inducements if any(e.modifier == "landing" for e in effects)]
    assert idle == []


def test_a_six_on_the_sponsor_offer_is_a_headliner(skurling: Ruleset) -> None:
    offers = skurling.table("skurling/sponsor-offers")
    assert offers.row_for(6).id == "headliner"
    assert {row.id: row.values["gift"] for row in offers.rows} == {"tool": "tool", "sideline": "sideline", "headliner": "headliner"}
    assert len(skurling.table("skurling/tools").rows) == 6


def test_the_skurling_inducements_replace_the_core_list(skurling: Ruleset) -> None:
    assert skurling.inducements
    assert all(i.startswith(PREFIX) for i in skurling.inducements)
    assert {"skurling/padding", "skurling/ice-medic"} <= set(skurling.inducements)
    assert 6 <= len(skurling.inducements) <= 8
    for inducement in skurling.inducements.values():
        assert inducement.max == 1
        assert all(10000 <= cost.cost <= 60000 for cost in inducement.costs)
        assert inducement.provisional
        assert inducement.note
    padding = skurling.inducement("skurling/padding")
    assert [(e.change, e.by, e.duration) for e in padding.effects] == [("av", 1, "arc")]


def test_the_six_headliners_load_with_real_races_and_skills(skurling: Ruleset) -> None:
    listed = headliners(skurling)
    assert listed is headliners(skurling)
    assert listed == load_headliners()
    assert len(listed) == 6
    assert reference_problems(skurling) == []
    assert {h.cost_in_tv for h in listed} == {100000}
    assert all(h.provisional and h.note for h in listed)


def test_headliners_have_the_traits_the_seed_gives_them(skurling: Ruleset) -> None:
    for stooge in ("pip-featherweight", "gus-anvil"):
        assert headliner(skurling, stooge).has_skill("right-stuff")
        assert headliner(skurling, stooge).st <= 2  # light enough to be thrown
    for thrower in ("gorga-longarm", "dolores-safehands"):
        assert headliner(skurling, thrower).has_skill("throw-team-mate")
        assert headliner(skurling, thrower).pa is not None  # a Throw Team-mate action needs a PA
    assert headliner(skurling, "dolores-safehands").has_skill("catch")
    assert headliner(skurling, "gorga-longarm").has_skill("strong-arm")
    with pytest.raises(KeyError, match="pip-featherweight"):
        headliner(skurling, "nobody")


def test_a_headliner_with_an_unknown_race_or_skill_is_named(skurling: Ruleset, tmp_path: Path) -> None:
    text = HEADLINERS_FILE.read_text(encoding="utf-8").replace("race: dwarf", "race: dwarves").replace("grab,", "grabb,")
    path = tmp_path / "headliners.yaml"
    path.write_text(text, encoding="utf-8")
    problems = reference_problems(skurling, load_headliners(path))
    assert [(p.path[2:], p.message) for p in problems] == [
        (("race",), "Headliner 'marge-the-mop-brannock': race 'dwarves' is not a roster"),
        (("skills", 1), "Headliner 'marge-the-mop-brannock': unknown skill 'grabb'"),
    ]
    assert {p.path[:2] for p in problems} == {("headliners", 3)}


def test_a_league_whose_headliner_names_no_roster_is_told_where(tmp_path: Path) -> None:
    # Lists are replaced whole: the league's one Headliner, with a race that is no roster.
    (tmp_path / "guests.yaml").write_text(
        """\
source: "The Strathcraig league's guests"
amend:
  - rules: skurling/headliners
    changes:
      headliners:
        - {id: big-tam, name: Big Tam, race: giants, text: "A tall man.", ma: 5, st: 4, ag: 4, pa: null, av: 10,
           skills: [block, throw-team-mate]}
""",
        encoding="utf-8",
    )
    with pytest.raises(DataError) as caught:
        bbcore.load_ruleset("skurling", amendments=[tmp_path / "guests.yaml"])
    (problem,) = caught.value.problems
    assert problem.file == str(tmp_path / "guests.yaml")
    assert problem.path == "$.amend[0].changes.headliners[0].race"
    assert "'big-tam': race 'giants' is not a roster" in problem.message


def test_a_broken_headliners_file_names_file_line_and_path(tmp_path: Path) -> None:
    text = HEADLINERS_FILE.read_text(encoding="utf-8")
    assert "    ma: 8\n" in text
    path = tmp_path / "headliners.yaml"
    path.write_text(text.replace("    ma: 8\n", "    ma: fast\n    broom: true\n"), encoding="utf-8")
    with pytest.raises(DataError) as raised:
        load_headliners(path)
    messages = [str(p) for p in raised.value.problems]
    assert len(messages) == 2
    assert all(re.match(r".+headliners\.yaml:\d+:\d+: \$\.headliners\[4\]", m) for m in messages)
    assert any("broom" in m for m in messages)
    assert any(".ma" in m for m in messages)
