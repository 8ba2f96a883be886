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


#: The inducement list as the seed prints it: (least, most or None for no limit, price).
SEED_INDUCEMENTS = {
    "gutterbowl/lesser-magic-potion": (0, None, 50_000),
    "gutterbowl/superior-magic-potion": (0, None, 100_000),
    "gutterbowl/sawbones": (0, 1, 50_000),
    "gutterbowl/snack-stand": (0, 1, 100_000),
    "gutterbowl/novice-wizard": (0, 1, 100_000),
}


def test_the_inducements_are_the_seeds_alone_at_its_prices_and_limits() -> None:
    rules = bbcore.load_ruleset("gutterbowl")
    assert {i.id: (i.min, i.max, [c.cost for c in i.costs]) for i in rules.inducements.values()} == {
        key: (low, high, [price]) for key, (low, high, price) in SEED_INDUCEMENTS.items()
    }
