"""The Blood Bowl 2025 core data: every file validates, covers its dice, and resolves its references."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bbcore.loading.datadir import data_files, load_file
from bbcore.model.table import parse_dice
from bbcore.resources import CORE_DATA_DIR
from bbcore.ruleset import Ruleset

CORE_FILES = data_files(CORE_DATA_DIR)
#: The reference rosters' numbers, carried into the repository so that every checkout (CI's included) checks them.
REFERENCE_ROSTERS = Path(__file__).resolve().parent / "reference" / "bb2025-roster-numbers.json"


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(CORE_DATA_DIR)))
def test_every_core_file_validates(path: Path) -> None:
    loaded, problems = load_file(path)
    assert problems == []
    assert loaded is not None


def test_every_core_file_names_its_source() -> None:
    for path in CORE_FILES:
        if path.parent.name == "teams":
            continue  # team files are users' files, not rules
        loaded, _ = load_file(path)
        assert loaded is not None
        assert loaded.document.data.get("source"), f"{path} has no source"


def test_there_are_thirty_rosters(core: Ruleset) -> None:
    assert len(core.rosters) == 30
    assert {"human", "orc", "black-orc", "underworld-denizens", "chaos-chosen", "wood-elf"} <= set(core.rosters)


def test_every_rolled_table_covers_its_dice_exactly_once(core: Ruleset) -> None:
    for table in core.tables.values():
        if table.dice is None and table.index is None:
            continue
        low, high = table.range or (0, 0)
        covered = sorted(n for row in table.rows if row.min is not None and row.max is not None for n in range(row.min, row.max + 1))
        assert covered == list(range(low, high + 1)), table.id


def test_dice_ranges_follow_the_dice(core: Ruleset) -> None:
    assert core.table("casualty").range == (1, 16)
    assert core.table("weather").range == (2, 12)
    assert parse_dice("D3") == (1, 3)


def test_the_core_has_every_table_the_rules_name(core: Ruleset) -> None:
    expected = {
        "weather",
        "kick-off-events",
        "injury",
        "stunty-injury",
        "casualty",
        "lasting-injury",
        "argue-the-call",
        "prayers-to-nuffle",
        "expensive-mistakes",
        "block-dice",
        "random-direction",
        "throw-in",
        "spp-awards",
        "advancement-costs",
        "characteristic-improvement",
        "value-increases",
    }
    assert expected <= set(core.tables)


def test_bb2025_kick_off_events_have_charge_and_dodgy_snack(core: Ruleset) -> None:
    table = core.table("kick-off-events")
    assert table.row_for(10).name.lower().startswith("charge")
    assert "snack" in table.row_for(11).name.lower()


def test_casualty_bands_use_a_d16(core: Ruleset) -> None:
    table = core.table("casualty")
    assert table.dice == "D16"
    assert table.row_for(16).id == "dead"
    assert any(e.roll_on == "lasting-injury" for row in table.rows for e in row.effects)


def test_ids_are_unique_within_each_roster(core: Ruleset) -> None:
    for roster in core.rosters.values():
        ids = [p.id for p in roster.positions]
        assert len(ids) == len(set(ids)), roster.id


def test_every_skill_a_position_names_exists(core: Ruleset) -> None:
    for roster, position in core.positions():
        for ref in position.skills:
            assert ref.id in core.skills, f"{roster.id}/{position.id}: {ref.id}"


def test_skill_display_carries_the_parameter(core: Ruleset) -> None:
    ogre = core.position("human/ogre")
    names = [core.skill_display(s.id, s.value) for s in ogre.skills]
    assert "Loner (3+)" in names
    assert "Mighty Blow" in names
    goblin = core.position("goblin/ooligan") if core.roster("goblin").position("ooligan") else None
    if goblin is not None:
        assert "Dirty Player (+1)" in [core.skill_display(s.id, s.value) for s in goblin.skills]


def test_skills_have_categories_and_elite_flags(core: Ruleset) -> None:
    assert core.skill("block").elite
    assert core.skill("loner").trait
    assert not core.skill("catch").trait
    categories = {s.category for s in core.skills.values()}
    assert categories == {"agility", "devious", "general", "mutation", "passing", "strength", "trait"}


def test_rosters_match_the_reference_numbers(core: Ruleset) -> None:
    reference = json.loads(REFERENCE_ROSTERS.read_text(encoding="utf-8"))["rosters"]
    assert set(reference) == set(core.rosters)
    checked = 0
    for roster_id, rows in reference.items():
        roster = core.roster(roster_id)
        assert len(roster.positions) == len(rows), roster.id
        for row, position in zip(rows, roster.positions, strict=True):
            numbers = [position.min, position.max, position.ma, position.st, position.ag, position.pa, position.av, position.cost]
            assert numbers == row, position.id
            checked += 1
    assert checked == sum(len(r.positions) for r in core.rosters.values())


def test_special_rules_and_leagues_resolve(core: Ruleset) -> None:
    assert core.roster("chaos-renegades").special_rules[0].choose
    norse = core.roster("norse")
    assert any(rule.league == "chaos-clash" for rule in norse.special_rules)
    assert len(core.roster("chaos-dwarf").leagues) == 2


def test_game_parameters_are_the_bb2025_numbers(core: Ruleset) -> None:
    params = core.parameters
    assert (params.players_on_pitch, params.turns_per_half, params.draft_budget) == (11, 8, 1_000_000)
    assert (params.roster.min, params.roster.max) == (11, 16)
    assert params.rerolls.max == 8
    assert params.rerolls.cost_multiplier_after_draft == 2
    assert (params.dedicated_fans.start, params.dedicated_fans.max_at_draft, params.dedicated_fans.max) == (1, 3, 7)


def test_the_pitch_has_the_bb2025_zones(core: Ruleset) -> None:
    pitch = core.pitch
    assert (pitch.length, pitch.width, pitch.wide_zone_width, pitch.centre_width) == (26, 15, 4, 7)
    assert pitch.half_length == 13


def test_inducements_have_costs_limits_and_eligibility(core: Ruleset) -> None:
    bribes = core.inducement("bribes")
    assert bribes.max == 3
    assert any(limit.max == 6 for limit in bribes.limits)
    assert sorted(c.cost for c in bribes.costs) == [50_000, 100_000]
    assert core.inducement("wandering-apothecary").eligibility is not None
