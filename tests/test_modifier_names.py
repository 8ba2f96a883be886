"""A ``modifier`` effect must name a modifier some rule reads: the core's, an activation trait's, or a plugin's own."""

from __future__ import annotations

from pathlib import Path

import pytest

import bbcore
from bbcore.errors import DataError, PluginError
from bbcore.modifiers import CORE_MODIFIERS, known_modifiers
from bbcore.ruleset import Ruleset
from bbcore.testing import plugin_ruleset

GUSTY = """\
id: windy/gusts
name: Gusts
dice: D6
source: "A test variant"
rows:
  - {min: 1, max: 3, id: calm, name: Calm, text: "Nothing.", effects: [{modifier: catch, by: -1}]}
  - {min: 4, max: 6, id: gale, name: Gale, text: "Kites.", effects: [{modifier: kite-flying, by: 1}]}
"""


def windy(folder: Path, names: object = None) -> object:
    """A variant with one table whose second row gives a modifier of its own, ``kite-flying``."""
    (folder / "tables").mkdir(parents=True)
    (folder / "tables" / "gusts.yaml").write_text(GUSTY, encoding="utf-8")

    class Windy:
        @bbcore.hookimpl
        def bbcore_register_data(self, register: object) -> None:
            register.variant("windy", folder, "Wind.")  # type: ignore[attr-defined]

    if names is not None:

        class NamingWindy(Windy):
            @bbcore.hookimpl
            def bbcore_modifier_names(self, ruleset: Ruleset) -> object:
                return names

        return NamingWindy()
    return Windy()


def test_a_modifier_no_rule_reads_is_refused_where_it_is_written(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        plugin_ruleset(windy(tmp_path), name="windy")
    (problem,) = caught.value.problems
    assert (problem.file, problem.line, problem.path) == (str(tmp_path / "tables" / "gusts.yaml"), 7, "$.rows[1].effects[0].modifier")
    assert problem.code == "unknown-modifier"
    assert problem.message.startswith("unknown modifier 'kite-flying': no rule of this ruleset reads it; the known ones: ")
    assert "rush" in problem.message


def test_a_plugin_that_reads_its_own_modifier_names_it(tmp_path: Path) -> None:
    rules = plugin_ruleset(windy(tmp_path, {"kite-flying": "the wind's pull on a flying kite"}), name="windy")
    known = known_modifiers(rules)
    assert known["kite-flying"] == "the wind's pull on a flying kite"
    assert known["rush"] == CORE_MODIFIERS["rush"]


@pytest.mark.parametrize("answer", [["kite-flying"], {"kite-flying": 3}, "kite-flying"])
def test_a_plugin_answering_with_something_else_is_named(tmp_path: Path, answer: object) -> None:
    with pytest.raises(PluginError, match=r"bbcore_modifier_names gave .*, which is not a mapping of names to descriptions"):
        plugin_ruleset(windy(tmp_path, answer), name="windy")


def test_every_activation_trait_is_a_modifier_name() -> None:
    rules = bbcore.load_ruleset()
    traits = set(rules.parameters.activation.traits)
    assert traits
    assert traits <= set(known_modifiers(rules))


def test_a_variants_own_modifier_is_not_known_without_it() -> None:
    """Skurling reads ``fan-factor``; the core alone does not, so a core table could not use it."""
    assert "fan-factor" in known_modifiers(bbcore.load_ruleset("skurling"))
    assert "fan-factor" not in known_modifiers(bbcore.load_ruleset())
