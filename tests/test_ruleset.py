"""Building rulesets: layering, replacement, roles, options, parameters, caching."""

from __future__ import annotations

import attrs
import pytest

import bbcore
from bbcore.errors import DataError, UsageError
from bbcore.ruleset import Ruleset
from bbcore.testing import MakeRuleset
from tests.fixtures.plugins import DataPlugin, ParameterPlugin

STREET = DataPlugin("variant", "street", "street", (("ground", ("street", "sewer"), "street"),))


def test_load_ruleset_is_cached_per_arguments() -> None:
    assert bbcore.load_ruleset() is bbcore.load_ruleset()
    assert bbcore.load_ruleset("skurling") is not bbcore.load_ruleset()


def test_a_ruleset_is_immutable(core: Ruleset) -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        core.variant = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        core.tables["weather"] = core.tables["injury"]  # type: ignore[index]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        core.table("weather").rows[0].name = "x"  # type: ignore[misc]


def test_lookups_by_id_and_role(core: Ruleset) -> None:
    assert core.table("weather").dice == "2D6"
    assert core.position("human/ogre").st == 5
    assert core.skill("mighty-blow").elite
    assert core.pitch.length == 26


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda r: r.table("nope"), "unknown table or role 'nope'"),
        (lambda r: r.position("human/nope"), "unknown position 'human/nope'"),
        (lambda r: r.roster("elves"), "unknown roster 'elves'"),
        (lambda r: r.skill("flying"), "unknown skill 'flying'"),
        (lambda r: r.inducement("cake"), "unknown inducement 'cake'"),
    ],
)
def test_unknown_ids_raise_usage_errors(core: Ruleset, call: object, match: str) -> None:
    with pytest.raises(UsageError, match=match):
        call(core)  # type: ignore[operator]


def test_a_pack_replacing_a_table_takes_its_id_and_role(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(packs=["a"], plugins=[("a", DataPlugin("pack", "a", "weather-a"))], entry_points=False)
    assert "weather" not in rules.tables
    assert rules.table("weather").id == "plugin-a/weather"
    assert rules.table("weather").provisional


def test_a_role_resolves_to_the_table_whose_condition_holds(make_ruleset: MakeRuleset) -> None:
    plugins = [("street", STREET)]
    assert make_ruleset("street", plugins=plugins, entry_points=False).table("weather").id == "street/street-weather"
    sewer = make_ruleset("street", options={"ground": "sewer"}, plugins=plugins, entry_points=False)
    assert sewer.table("weather").id == "street/sewer-weather"
    assert "street/street-weather" in sewer.tables  # still held and listed, just not in force
    assert sewer.table(
        "weather",
    ).roles == ("weather",)
    # The core's weather table still exists by id; the role prefers the variant's.
    assert sewer.table("weather") is not sewer.tables["weather"]


def test_variant_parameters_are_merged_key_by_key(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset("street", plugins=[("street", STREET)], entry_points=False)
    assert rules.parameters.turns_per_half == 6
    assert rules.parameters.draft_budget == 750_000
    assert rules.parameters.rerolls.fixed_cost == 100_000
    assert rules.parameters.rerolls.max == 8  # untouched keys keep the core's value
    assert rules.parameters.players_on_pitch == 11
    # One key of a nested section may change alone; its sibling keys keep the core's values.
    assert rules.parameters.special_actions.chainsaw.armour == 2
    core_chainsaw = bbcore.load_ruleset().parameters.special_actions.chainsaw
    assert rules.parameters.special_actions.chainsaw.kick_back_at_most == core_chainsaw.kick_back_at_most


def test_merged_parameters_that_do_not_fit_are_reported_against_the_core_file(make_ruleset: MakeRuleset) -> None:
    # Each layer may be partial, so the whole is checked once more after merging.
    with pytest.raises(DataError) as caught:
        make_ruleset(plugins=[("odd", ParameterPlugin({"special_actions": {"chainsaw": {"armour": "lots"}}}))], entry_points=False)
    message = str(caught.value)
    assert "bbcore/data/parameters.yaml" in message
    assert "after merging every layer" in message
    assert "$.special_actions.chainsaw.armour" in message


def test_options_are_checked(make_ruleset: MakeRuleset) -> None:
    plugins = [("street", STREET)]
    with pytest.raises(UsageError, match="option 'ground' cannot be 'moon'; allowed values: street, sewer"):
        make_ruleset("street", options={"ground": "moon"}, plugins=plugins, entry_points=False)
    with pytest.raises(UsageError, match="unknown option 'weather'"):
        make_ruleset("street", options={"weather": "x"}, plugins=plugins, entry_points=False)
    # A variant's option is unknown when that variant is not selected.
    with pytest.raises(UsageError, match="unknown option 'ground'"):
        make_ruleset(options={"ground": "street"}, plugins=plugins, entry_points=False)


def test_default_options_are_filled_in(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset("street", plugins=[("street", STREET)], entry_points=False)
    assert dict(rules.options) == {"ground": "street", "play": "any"}  # the core's kind of play too


def test_a_pack_replaces_the_inducement_list(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(packs=["one"], plugins=[("one", DataPlugin("pack", "one", "pack-one"))], entry_points=False)
    assert list(rules.inducements) == ["lucky-charm"]
    assert "bribes" in bbcore.load_ruleset().inducements


def test_a_plugin_adds_a_roster_that_resolves_against_core_skills(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset("more", plugins=[("more", DataPlugin("variant", "more", "extra-roster"))], entry_points=False)
    assert rules.position("gnoblar/gnoblar-lineman").cost == 15_000
    assert len(rules.rosters) == 31


def test_unknown_variant_and_pack_list_what_is_installed() -> None:
    with pytest.raises(UsageError, match="unknown variant 'nope'; installed variants: gutterbowl, sevens, skurling"):
        bbcore.load_ruleset("nope")
    with pytest.raises(UsageError, match="unknown pack 'nope'; installed packs: bb2020, classic"):
        bbcore.load_ruleset(packs=["nope"])


def test_every_installed_variant_and_pack_loads() -> None:
    for variant in ("skurling", "gutterbowl"):
        assert bbcore.load_ruleset(variant).variant == variant
    assert bbcore.load_ruleset(packs=["bb2020", "classic"]).packs == ("bb2020", "classic")


def test_data_errors_are_all_reported_together(make_ruleset: MakeRuleset, tmp_path: object) -> None:
    from pathlib import Path

    root = Path(str(tmp_path))
    (root / "tables").mkdir()
    (root / "tables" / "a.yaml").write_text("id: a\nname: A\nsource: s\ndice: D6\nrows:\n  - {min: 1, max: 5, id: x, name: X, text: t}\n")
    (root / "tables" / "b.yaml").write_text("id: b\nname: B\nsource: s\nrows: 3\n")

    class Dir:
        @bbcore.hookimpl
        def bbcore_register_data(self, register: object) -> None:
            register.variant("dir", root, "tmp")  # type: ignore[attr-defined]

    with pytest.raises(DataError) as caught:
        make_ruleset("dir", plugins=[("dir", Dir())], entry_points=False)
    codes = {p.code for p in caught.value.problems}
    assert codes == {"wrong-type", "range-gap"}


def test_a_variant_lists_its_own_team_files_not_the_cores(make_ruleset: MakeRuleset) -> None:
    core_ids = {ref.id for ref in bbcore.load_ruleset().team_files}
    assert "human-starter" in core_ids
    variant = make_ruleset("street", plugins=[("street", STREET)], entry_points=False)
    assert "human-starter" not in {ref.id for ref in variant.team_files}
