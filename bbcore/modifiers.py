"""The names a ``modifier`` effect may give: each one is read by some rule, or the effect would do nothing.

An effect such as ``{modifier: rush, by: -1}`` helps or hinders the roll its name
stands for. A misspelt name (``rsuh``) would be accepted by the schema and then
silently ignored by every procedure, so a ruleset is checked against the names its
plugins read (:func:`known_modifiers`): the core's below, each plugin's own through
``bbcore_modifier_names``, and the name of every trait whose activation test reads a
modifier named after it (Bone Head, Really Stupid...).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from bbcore.errors import PluginError

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The modifiers the core's procedures read, each with what it changes, worded to follow "+1 to".
CORE_MODIFIERS: Mapping[str, str] = {
    "rush": "the player's Rush rolls",
    "dodge": "the player's Dodge rolls",
    "pick-up": "picking up the ball",
    "catch": "catching the ball",
    "pass": "the passer's Passing Ability tests (a Throw Team-mate's too)",
    "pass-action": "the passer's Passing Ability tests on a Pass Action or with a bomb (not a Throw Team-mate's)",
    "interception": "attempts to intercept a pass",
    "throw-team-mate": "the thrower's Throw Team-mate tests",
    "landing": "a thrown player's landing",
    "armour": "armour rolls against the player",
    "block": "the player's Strength in a block",
    "ko-recovery": "the team's rolls to bring Knocked-out players back",
    "argue-the-call": "the team's Argue the Call rolls",
    "cheering-fans": "the cheerleaders the team counts in the Cheering Fans kick-off event",
    "brilliant-coaching": "the assistant coaches the team counts in the Brilliant Coaching kick-off event",
}

_KNOWN: WeakKeyDictionary[Ruleset, dict[str, str]] = WeakKeyDictionary()


def known_modifiers(ruleset: Ruleset) -> dict[str, str]:
    """Every modifier name some rule of ``ruleset`` reads, with what it changes (worked out once per ruleset)."""
    found = _KNOWN.get(ruleset)
    if found is None:
        found = {}
        for answer in ruleset.hook.bbcore_modifier_names(ruleset=ruleset):
            if answer is None:
                continue
            if not isinstance(answer, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in answer.items()):
                raise PluginError(f"a plugin's bbcore_modifier_names gave {answer!r}, which is not a mapping of names to descriptions")
            for name, reads in answer.items():
                found.setdefault(name, reads)
        for trait in ruleset.parameters.activation.traits:
            skill = ruleset.skills.get(trait)
            found.setdefault(trait, f"the player's {skill.name if skill is not None else trait} test")
        _KNOWN[ruleset] = found
    return found
