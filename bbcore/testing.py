"""Pytest fixtures for plugin authors (registered through the ``pytest11`` entry point).

In a plugin's own test suite::

    def test_my_table_replaces_weather(make_ruleset):
        rules = make_ruleset(variant="myvariant")
        assert rules.table("weather").id == "myvariant/weather"

    def test_with_a_plugin_object(make_ruleset):
        rules = make_ruleset(plugins=[("mine", MyPlugin())], variant="mine")

``make_ruleset`` builds without the process cache, so each test sees exactly the
plugins it asked for; ``scripted_dice`` checks the script was used up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

import pytest

from bbcore.dice import ScriptedDice
from bbcore.plugins import PluginHost
from bbcore.rules.board import build_board
from bbcore.ruleset import Ruleset, build_ruleset

MakeRuleset = Callable[..., Ruleset]


@pytest.fixture
def make_ruleset() -> MakeRuleset:
    """Build a ruleset from the installed plugins plus any plugin objects given."""

    def make(
        variant: str | None = None,
        packs: Iterable[str] = (),
        options: Mapping[str, str] | None = None,
        plugins: Sequence[tuple[str, object]] = (),
        entry_points: bool = True,
    ) -> Ruleset:
        host = PluginHost(plugins, entry_points=entry_points)
        return build_ruleset(variant, packs, options, host=host)

    return make


@pytest.fixture
def scripted_dice() -> Iterator[Callable[[Iterable[int]], ScriptedDice]]:
    """A factory of scripted dice; every script made must be used up by the end of the test."""
    made: list[ScriptedDice] = []

    def make(rolls: Iterable[int]) -> ScriptedDice:
        dice = ScriptedDice(rolls)
        made.append(dice)
        return dice

    yield make
    for dice in made:
        dice.assert_used_up()


__all__ = ["MakeRuleset", "build_board", "make_ruleset", "scripted_dice"]
