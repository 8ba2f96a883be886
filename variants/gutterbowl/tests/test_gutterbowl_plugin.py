"""The gutterbowl plugin registers its variant and is listed."""

from __future__ import annotations

import bbcore
from bbcore.plugins import PluginHost


def test_the_gutterbowl_plugin_is_installed_as_a_variant() -> None:
    infos = {info.name: info for info in PluginHost().describe()}
    assert infos["gutterbowl"].kind == "variant"
    assert "gutterbowl" in PluginHost().variants()


def test_the_gutterbowl_ruleset_loads_and_names_its_plugin() -> None:
    rules = bbcore.load_ruleset("gutterbowl")
    assert rules.variant == "gutterbowl"
    assert "gutterbowl" in [plugin.name for plugin in rules.plugins]
