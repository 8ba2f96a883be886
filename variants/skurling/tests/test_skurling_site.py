"""The Skurling site extension: data paths, the roles in a small Sphinx build, the diagram and the cheapest team.

The whole site, Skurling pages included, is built once by ``tests/test_docs.py``, which
checks the built pages; the tests here build a one-page project in a temporary folder, so
they are quick and show the extension alone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("sphinx", reason="the docs extra (sphinx, furo) is not installed")

from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.building_rules import building_rules
from bbcore_skurling.sphinxext import arc_flow_svg, cheapest_team, lookup, skurling_ruleset
from bbcore_skurling.throwback_rules import throwback_rules

from bbcore.render.text import money
from bbcore.teams.checks import check_team
from bbcore.testing import build_page


def test_a_path_reads_the_value_in_the_data() -> None:
    rules = arc_rules(skurling_ruleset())
    assert lookup("arc.target_points") == rules.target_points
    assert lookup("arc.states.ko.points") == rules.points_for("ko")
    assert lookup("arc.states.0.id") == rules.states[0].id
    assert lookup("throwback.match.target_points") == throwback_rules(skurling_ruleset()).match.target_points
    assert lookup("building.league.budget") == building_rules(skurling_ruleset()).league.budget
    assert lookup("params.sideline_budget") == skurling_ruleset().parameters.sideline_budget
    assert lookup("params.journeymen.skills.loner.value") == skurling_ruleset().parameters.journeymen.skills[0].value


def test_a_bad_path_names_what_is_missing_and_what_there_is() -> None:
    with pytest.raises(KeyError) as missing:
        lookup("arc.target_pointz")
    assert "arc has no 'target_pointz'" in missing.value.args[0]
    assert "target_points" in missing.value.args[0]
    with pytest.raises(KeyError) as unknown_file:
        lookup("arcs.target_points")
    assert "no data file 'arcs'" in unknown_file.value.args[0]
    with pytest.raises(KeyError) as no_state:
        lookup("arc.states.dead.points")
    assert "stunned, ko, casualty" in no_state.value.args[0]


def build(tmp_path: Path, body: str, *, strict: bool = False) -> tuple[int, str]:
    """Build a one-page project using the extension; return the exit status and the page's text (or the errors)."""
    return build_page(tmp_path, ["bbcore_skurling.sphinxext"], body, strict=strict)


def test_the_roles_render_the_data_values(tmp_path: Path) -> None:
    status, page = build(
        tmp_path,
        "First to :skurling-number:`arc.target_points`, from :skurling-money:`params.draft_budget`, "
        "sponsors on a :skurling-value:`league.league.sponsorship.search_dice`.",
        strict=True,
    )
    assert status == 0, page
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert f"First to {arc_rules(skurling_ruleset()).target_points} , from {money(skurling_ruleset().parameters.draft_budget)} ," in text
    assert "sponsors on a D6" in text


@pytest.mark.parametrize("strict", [True, False])
def test_a_missing_path_fails_the_build_with_a_clear_message(tmp_path: Path, strict: bool) -> None:
    status, errors = build(tmp_path, "Target :skurling-number:`arc.target_pointz`.", strict=strict)
    assert status != 0
    assert "index.rst:4" in errors
    assert ":skurling-number:`arc.target_pointz`: arc has no 'target_pointz'" in errors


def test_a_value_of_the_wrong_kind_fails_the_build(tmp_path: Path) -> None:
    status, errors = build(tmp_path, "Money :skurling-money:`arc.second_hit_state`.")
    assert status != 0
    assert "is not an amount of gold" in errors


def test_an_unknown_team_fails_the_build(tmp_path: Path) -> None:
    status, errors = build(tmp_path, ".. skurling-team:: no-such-team")
    assert status != 0
    assert "no team file 'no-such-team'" in errors
    assert "old-road-rovers" in errors


def test_the_arc_diagram_takes_its_numbers_from_the_data() -> None:
    rules = arc_rules(skurling_ruleset())
    svg = arc_flow_svg(skurling_ruleset(), "flow")
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" id="flow"')
    assert svg.count('class="step"') == 8
    assert f"after turn {rules.turns_per_arc}: no points" in svg
    assert f"has {rules.target_points} or more" in svg
    assert f"every {rules.attacks_between_intervals} attacks each" in svg
    assert f"a catch adds {rules.catch_bonus}" in svg


def test_the_cheapest_team_passes_the_checks_and_beats_the_claim_of_the_seed() -> None:
    ruleset = skurling_ruleset()
    team = cheapest_team(ruleset)
    report = check_team(ruleset, team)
    assert report.valid, report.problems
    assert len(team.players) == ruleset.parameters.players_on_pitch
    # The seed says 250K (a Snotling Stooge, a Troll, three 40K Linemen); No Ball positions make it cheaper.
    assert report.cost < 250_000
    assert {player.role for player in team.players} == set(building_rules(skurling_ruleset()).role_ids)


def test_the_provisional_readings_are_found_with_their_paths() -> None:
    from bbcore.rules_files import provisional_readings as readings

    found = dict(readings(lookup("arc"), "arc"))
    assert found["arc.out_of_bounds"]["note"] == arc_rules(skurling_ruleset()).out_of_bounds.note
    assert found["arc.start_squares"]["note"] == arc_rules(skurling_ruleset()).start_squares.note
    assert "arc.states" not in found
    assert [path for path, _ in readings(lookup("sidelines"), "sidelines")] == ["sidelines"]
