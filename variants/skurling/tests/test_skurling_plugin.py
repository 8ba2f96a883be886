"""The skurling plugin registers its variant and is listed."""

from __future__ import annotations

import bbcore
from bbcore.plugins import PluginHost


def test_the_skurling_plugin_is_installed_as_a_variant() -> None:
    infos = {info.name: info for info in PluginHost().describe()}
    assert infos["skurling"].kind == "variant"
    assert "skurling" in PluginHost().variants()


def test_the_skurling_ruleset_loads_and_names_its_plugin() -> None:
    rules = bbcore.load_ruleset("skurling")
    assert rules.variant == "skurling"
    assert "skurling" in [plugin.name for plugin in rules.plugins]
