"""The Skurling plugin's hooks about play on the lane: the modifiers its procedures read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore import hookimpl
from bbcore_skurling.prematch import FAN_FACTOR_TEST

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset


@hookimpl
def bbcore_modifier_names(ruleset: Ruleset) -> dict[str, str]:
    """``fan-factor``: a Pebblemuck Attribute's change to each team's Fan Factor, and a tool's bonus in a landing-event roll-off."""
    return {FAN_FACTOR_TEST: "a team's Fan Factor: the Pebblemuck Attribute's change, a tool's bonus in a landing-event roll-off"}


__all__ = ["bbcore_modifier_names"]
