"""The inducement packs plugin registers two packs, each replacing the active list."""

from __future__ import annotations

import bbcore
from bbcore.plugins import PluginHost


def test_both_packs_are_registered_by_one_plugin() -> None:
    packs = PluginHost().packs()
    assert packs["bb2020"].plugin == packs["classic"].plugin == "inducement-packs"


def test_selecting_a_pack_replaces_the_core_list() -> None:
    core = bbcore.load_ruleset()
    with_pack = bbcore.load_ruleset(packs=["bb2020"])
    assert "bribes" in core.inducements
    assert "bribes" not in with_pack.inducements  # the pack's list stands in for the core's
    assert "inducement-packs" in [plugin.name for plugin in with_pack.plugins]
