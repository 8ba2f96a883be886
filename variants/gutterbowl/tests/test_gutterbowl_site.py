"""The Gutter Bowl site extension: data paths, and the roles in a small Sphinx build.

The whole site, Gutter Bowl pages included, is built once by ``tests/test_docs.py``,
which also checks that no variant or pack page types a number by hand; the tests here
build a one-page project in a temporary folder, so they are quick and show the
extension alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("sphinx", reason="the docs extra (sphinx, furo) is not installed")

from bbcore_gutterbowl.sphinxext import gutterbowl_ruleset, lookup
from bbcore_gutterbowl.variant_rules import variant_rules

import bbcore
from bbcore.render.text import money
from bbcore.testing import build_page


def test_a_path_reads_the_value_in_the_data() -> None:
    rules = variant_rules(gutterbowl_ruleset("street"))
    street = gutterbowl_ruleset("street")
    assert lookup("rules.max_non_linemen") == rules.max_non_linemen
    barricade = next(t for t in street.pitch.feature_types if t.id == "barricade")
    assert lookup("street.feature_types.barricade.crossing_cost") == barricade.crossing_cost
    assert lookup("params.draft_budget") == street.parameters.draft_budget
    assert lookup("street.centre_width") == street.pitch.centre_width
    assert lookup("sewer.features.home-sewer-pit-1.area.length") == gutterbowl_ruleset("sewer").pitch.features[0].area.length  # type: ignore[union-attr]
    assert lookup("tables.creature.rows.its-all-quiet-down-here.max") == 3
    assert lookup("inducements.inducements.gutterbowl/sawbones.name") == "Sawbones"


def test_a_bad_path_names_what_is_missing_and_what_there_is() -> None:
    with pytest.raises(KeyError) as missing:
        lookup("rules.max_non_lineman")
    assert "rules has no 'max_non_lineman'" in missing.value.args[0]
    assert "max_non_linemen" in missing.value.args[0]
    with pytest.raises(KeyError) as unknown_root:
        lookup("rulez.max_non_linemen")
    assert "no data 'rulez'" in unknown_root.value.args[0]
    with pytest.raises(KeyError) as unknown_table:
        lookup("tables.critter.rows")
    assert "tables has no 'critter'" in unknown_table.value.args[0]
    assert "creature" in unknown_table.value.args[0]


def build(tmp_path: Path, body: str, *, strict: bool = False) -> tuple[int, str]:
    """Build a one-page project using the extension; return the exit status and the page's text (or the errors)."""
    return build_page(tmp_path, ["bbcore_gutterbowl.sphinxext"], body, strict=strict)


def test_the_roles_render_the_data_values(tmp_path: Path) -> None:
    rules = variant_rules(gutterbowl_ruleset())
    params = gutterbowl_ruleset().parameters
    status, page = build(
        tmp_path,
        "From :gutterbowl-money:`params.draft_budget`, at most :gutterbowl-number:`rules.max_non_linemen`; "
        "sewer on :gutterbowl-range:`rules.pitch_roll.sewer_at_most`, quiet on "
        ":gutterbowl-range:`tables.creature.rows.its-all-quiet-down-here`; stall "
        ":gutterbowl-modifier:`rules.pass_over_stall_modifier`; bounces :gutterbowl-times:`rules.bounces_on_landing`; "
        "pushed with :gutterbowl-value:`rules.wall_push.dice`; barricades "
        ":gutterbowl-count:`street.features.home-barricade-1.edges` long; core "
        ":bbcore-number:`parameters.turns_per_half` turns.",
        strict=True,
    )
    assert status == 0, page
    assert f"From {money(params.draft_budget)} , at most {rules.max_non_linemen} ;" in page
    assert f"sewer on 1-{rules.pitch_roll.sewer_at_most} , quiet on 2-3 ;" in page
    assert f"stall {rules.pass_over_stall_modifier:+d} ; bounces twice ;" in page
    assert f"pushed with {rules.wall_push.dice} ; barricades 3 long;" in page
    assert f"core {bbcore.load_ruleset().parameters.turns_per_half} turns" in page


@pytest.mark.parametrize("strict", [True, False])
def test_a_missing_path_fails_the_build_with_a_clear_message(tmp_path: Path, strict: bool) -> None:
    status, errors = build(tmp_path, "At most :gutterbowl-number:`rules.max_non_lineman`.", strict=strict)
    assert status != 0
    assert "index.rst:4" in errors
    assert ":gutterbowl-number:`rules.max_non_lineman`: rules has no 'max_non_lineman'" in errors


def test_a_value_of_the_wrong_kind_fails_the_build(tmp_path: Path) -> None:
    status, errors = build(tmp_path, "Money :gutterbowl-money:`rules.wall_push.dice`.")
    assert status != 0
    assert "is not an amount of gold" in errors


def test_a_bad_core_path_fails_the_build(tmp_path: Path) -> None:
    status, errors = build(tmp_path, "Turns :bbcore-number:`gutterbowl:parameters.turns_per_halve`.")
    assert status != 0
    assert "parameters has no 'turns_per_halve'" in errors
