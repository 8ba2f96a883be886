"""The moments of a game at which the packs' inducements act, and how long what a spell does lasts.

A moment is seen from the team that holds the inducement: its own turn or the
opposition's, as it starts or just after it has ended. ``moments`` and ``lasts`` in
``pack-rules.yaml`` use these names.
"""

from __future__ import annotations

from bbcore.errors import UsageError
from bbcore.rules.decisions import INDUCEMENT_MOMENTS, OPPOSITION_TURN_END, OPPOSITION_TURN_START, OWN_TURN_END, OWN_TURN_START
from bbcore.rules.decisions import USE_AT_TURN_START as TURN_START
from bbcore.rules.sequences import TURN_ENDS, TURN_STARTS

#: The moments, the core's (:data:`bbcore.rules.decisions.INDUCEMENT_MOMENTS`).
MOMENTS = INDUCEMENT_MOMENTS


#: How long what a spell does lasts (``lasts`` in ``pack-rules.yaml``), seen from the caster: until the drive ends,
LASTS_THE_DRIVE = "drive"
#: until the team turn that comes next ends (the one under way, cast as a turn starts),
LASTS_THE_COMING_TURN = "coming-turn"
#: until the caster's next team turn starts,
UNTIL_OWN_TURN_STARTS = "until-own-turn-starts"
#: or until the opposition's next team turn starts.
UNTIL_OPPOSITION_TURN_STARTS = "until-opposition-turn-starts"


def ends_at(lasts: str, moment: str, caster: str, opponent: str) -> tuple[str, str] | None:
    """When what a spell cast at ``moment`` (one of :data:`MOMENTS`) by ``caster`` ends: the team whose turn
    brings the end and whether it ends as that turn starts or ends
    (:data:`~bbcore.rules.sequences.TURN_STARTS`, :data:`~bbcore.rules.sequences.TURN_ENDS`); None when it
    lasts the drive."""
    if lasts == LASTS_THE_DRIVE:
        return None
    if lasts == UNTIL_OWN_TURN_STARTS:
        return caster, TURN_STARTS
    if lasts == UNTIL_OPPOSITION_TURN_STARTS:
        return opponent, TURN_STARTS
    if lasts != LASTS_THE_COMING_TURN:
        raise UsageError(f"unknown duration {lasts!r}")
    # Cast as a turn starts, that turn is the one; cast just after one, the other team's comes next.
    own_turn_next = moment in (OWN_TURN_START, OPPOSITION_TURN_END)
    return (caster if own_turn_next else opponent), TURN_ENDS


__all__ = [
    "LASTS_THE_COMING_TURN",
    "LASTS_THE_DRIVE",
    "MOMENTS",
    "OPPOSITION_TURN_END",
    "OPPOSITION_TURN_START",
    "OWN_TURN_END",
    "OWN_TURN_START",
    "TURN_START",
    "UNTIL_OPPOSITION_TURN_STARTS",
    "UNTIL_OWN_TURN_STARTS",
    "ends_at",
]
