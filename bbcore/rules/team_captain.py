"""Team Captain in play: the free team re-roll, and the captain's place in the set-up.

A team with the special rule named by ``team_captain.special_rule`` may name one player its
captain in its team file (``captain: true``; the ``core/team-captain`` check holds the
choice to the rule). :func:`bbcore.teams.profiles.current_profile` gives him the
``team_captain.skill`` without adding to his value, and
:func:`bbcore.rules.sequences.team_state` notes his game id in ``TeamState.captain`` (the id
:func:`bbcore.teams.profiles.game_players` gives him).

While the captain is on the pitch, each team re-roll his team uses rolls ``dice``; a total of
``free_on`` or more hands it back (:func:`captain_refund`, the core's answer to
``bbcore_team_reroll_used``, so :func:`bbcore.rules.turns.after_procedure` applies it). The
set-up step holds a team to setting its captain up whenever he can play
(:func:`bbcore.rules.drive.setup_problems`, ``must_field``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.dice import roll_dice
from bbcore.rules.events import Event
from bbcore.rules.sequences import HALF_POOL

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The kind of the event of the captain's die.
TEAM_CAPTAIN = "team-captain"


def captain_on_pitch(state: GameState, team: str) -> str | None:
    """The team's captain, when it has one and he is on the pitch now; else None."""
    captain = state.team(team).captain
    if captain is None or captain not in state.board.players:
        return None
    return captain if state.board.player(captain).on_pitch else None


def captain_refund(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, pool: str = HALF_POOL
) -> tuple[GameState, tuple[Event, ...]] | None:
    """A team re-roll ``team`` used has come off its record: with its captain on the pitch, the rule's dice, and on
    ``free_on`` or more the re-roll is back in the ``pool`` it came from. None when the captain is not on the pitch."""
    captain = captain_on_pitch(state, team)
    if captain is None:
        return None
    rules = ruleset.parameters.team_captain
    rolls = roll_dice(dice, rules.dice)
    free = sum(rolls) >= rules.free_on
    if free:
        state = state.give_back_reroll(team, pool)
    return state, (Event(TEAM_CAPTAIN, captain, rolls, "free-reroll" if free else "reroll-spent", {"team": team}),)


__all__ = ["TEAM_CAPTAIN", "captain_on_pitch", "captain_refund"]
