"""Options that are each allowed alone may be refused together, by a plugin's ``bbcore_option_problems``.

Also: the general ``sideline_budget`` parameter, null in Blood Bowl and set by a variant.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

import pytest

import bbcore
from bbcore.cli import main
from bbcore.errors import UsageError
from bbcore.testing import MakeRuleset
from tests.fixtures.plugins import DataPlugin

#: A variant with two options; the plugin below refuses one pair of their values and
#: always adds a second complaint for that pair, to show every message is raised at once.
STREET = DataPlugin("variant", "street", "street", (("ground", ("street", "sewer"), "street"),))


class NoSewerWithFog:
    """An extension declaring ``fog`` and refusing ``ground=sewer`` with ``fog=on``."""

    @bbcore.hookimpl
    def bbcore_register_options(self, register: object) -> None:
        register.option("fog", ("off", "on"), "off", "test option fog")  # type: ignore[attr-defined]

    @bbcore.hookimpl
    def bbcore_option_problems(self, options: Mapping[str, str]) -> Iterable[str] | None:
        if options.get("ground") == "sewer" and options.get("fog") == "on":
            return ["no fog in the sewer", "the sewer is dark enough"]
        return None


PLUGINS = [("street", STREET), ("fog", NoSewerWithFog())]


def test_options_that_fit_together_build_a_ruleset(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset("street", options={"ground": "sewer"}, plugins=PLUGINS, entry_points=False)
    assert dict(rules.options) == {"ground": "sewer", "fog": "off", "play": "any"}


def test_options_refused_together_raise_every_message_at_once(make_ruleset: MakeRuleset) -> None:
    with pytest.raises(UsageError) as raised:
        make_ruleset("street", options={"ground": "sewer", "fog": "on"}, plugins=PLUGINS, entry_points=False)
    assert str(raised.value).splitlines() == ["no fog in the sewer", "the sewer is dark enough"]


def test_the_core_sets_no_sideline_budget(core: bbcore.Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    assert core.parameters.sideline_budget is None
    assert main(["ruleset", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["parameters"]["sideline_budget"] is None
