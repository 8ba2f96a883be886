"""What a team still has to treat its injured players with, counted in the game state.

The procedures ask the coach (``Decisions.use_apothecary``, ``Decisions.casualty_treatment``)
and report what was used in their events; they see the board, not the teams' records.
This module keeps the record:

- :func:`apothecaries_left`: the team's own Apothecary (once a game, ``TeamState.apothecary``
  and ``apothecary_used``) and the uses left of inducements that work as one (an
  ``apothecary`` effect: Wandering Apothecaries);
- :func:`spend_treatments`: after a procedure, notes on the teams' records every Apothecary
  and every treatment inducement (a variant's Sawbones, a Mortuary Assistant's
  Regeneration re-roll) its events say was used;
- :class:`HeldTreatments`: a :class:`~bbcore.rules.decisions.Decisions` that passes the
  coach's answers on, but never uses an Apothecary or a treatment the team no longer has,
  counting those it allowed while it lives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from bbcore.model.common import ANY_INJURY, KNOCKED_OUT
from bbcore.rules.effects import serves_hired
from bbcore.rules.inducement_uses import use_inducement, uses_left
from bbcore.rules.injury import APOTHECARY_EVENT, REGENERATION

if TYPE_CHECKING:
    from bbcore.model.common import Effect
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.events import Event
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The event a treatment (``bbcore_casualty_treatment``) reports; its ``treatment`` detail names it.
TREATMENT_EVENT = "casualty-treatment"


#: The injury ``Decisions.use_apothecary`` names for a Knocked-out player (the other is ``casualty``).
KO = "ko"


def _treats(effect: Effect, injury: str | None, hired: bool) -> bool:
    """Whether an ``apothecary`` effect treats ``injury`` (None: any): ``any`` treats all, ``knocked-out`` a KO only;
    never a ``hired`` player when it says ``for_hired: false``."""
    if hired and effect.for_hired is False:
        return False
    return effect.apothecary == ANY_INJURY or (effect.apothecary == KNOCKED_OUT and injury in (None, KO))


def _hired(state: GameState, player_id: str | None) -> bool:
    player = state.board.players.get(player_id) if player_id is not None else None
    return player is not None and player.hired


def apothecary_inducements(
    ruleset: Ruleset, state: GameState, team_id: str, injury: str | None = None, *, player_id: str | None = None
) -> tuple[str, ...]:
    """The inducements the team holds that work as an Apothecary for ``injury`` (``ko``, ``casualty``; None: any),
    with uses left, by id; for ``player_id``, only those that may treat him (not a Plague Doctor for a Mercenary)."""
    held = state.team(team_id).inducements
    hired = _hired(state, player_id)
    return tuple(
        inducement_id
        for inducement_id in sorted(held)
        if inducement_id in ruleset.inducements
        and any(_treats(effect, injury, hired) for effect in ruleset.inducements[inducement_id].effects)
        and uses_left(ruleset, state, team_id, inducement_id) != 0
    )


def apothecaries_left(ruleset: Ruleset, state: GameState, team_id: str, injury: str | None = None, *, player_id: str | None = None) -> int:
    """How many more times the team may call an Apothecary this game for ``injury`` (``ko`` or ``casualty``; None:
    any): its own (once), then its inducements' (one that treats Knocked-out players only counts for ``ko``); for
    ``player_id``, only the inducements that may treat him, and none at all for a player nothing may treat
    (``PlayerState.treatable``)."""
    player = state.board.players.get(player_id) if player_id is not None else None
    if player is not None and not player.treatable:
        return 0
    team = state.team(team_id)
    own = 1 if team.apothecary and not team.apothecary_used else 0
    spare = apothecary_inducements(ruleset, state, team_id, injury, player_id=player_id)
    return own + sum(uses_left(ruleset, state, team_id, i) or 0 for i in spare)


def treats_hired(ruleset: Ruleset, inducement_id: str) -> bool:
    """Whether a treatment inducement may be used on a player hired for the game (none of its effects says ``for_hired: false``)."""
    inducement = ruleset.inducements.get(inducement_id)
    return inducement is None or serves_hired(inducement.effects)


def spend_treatments(ruleset: Ruleset, state: GameState, events: Iterable[Event]) -> GameState:
    """Note every Apothecary and treatment the events say was used, on the treated player's team.

    An Apothecary is the team's own first, then the first of its inducements that work as
    one. A treatment named in a ``casualty-treatment`` event that is an inducement the team
    holds is one use of it (:func:`~bbcore.rules.inducement_uses.use_inducement`). A player
    no longer on the board, or a use the team no longer has, is passed over: the events are
    a record, and this never fails on them.
    """
    for event in events:
        if event.who is None or event.who not in state.board.players:
            continue
        team_id = state.board.player(event.who).team
        if event.kind == APOTHECARY_EVENT:
            team = state.team(team_id)
            if team.apothecary and not team.apothecary_used:
                state = state.update_team(team_id, apothecary_used=True)
                continue
            injury = KO if event.detail.get("from") == KO else "casualty"
            spare = apothecary_inducements(ruleset, state, team_id, injury, player_id=event.who)
            if spare:
                state, _ = use_inducement(ruleset, state, team_id, spare[0])
        elif event.kind in (TREATMENT_EVENT, REGENERATION):
            treatment = event.detail.get("treatment" if event.kind == TREATMENT_EVENT else "rerolled_with")
            if isinstance(treatment, str) and treatment in ruleset.inducements and uses_left(ruleset, state, team_id, treatment) != 0:
                state, _ = use_inducement(ruleset, state, team_id, treatment)
    return state


class HeldTreatments:
    """The coach's decisions, except that an Apothecary or a treatment the team has no more of is not used.

    ``decisions`` answers; this object checks the answers to ``use_apothecary`` and
    ``casualty_treatment`` against ``state`` (taken as the procedure starts) less what it
    has already allowed, and passes every other question on.
    """

    def __init__(self, ruleset: Ruleset, state: GameState, decisions: Decisions) -> None:
        self._ruleset = ruleset
        self._state = state
        self._decisions = decisions
        self._apothecaries: Counter[str] = Counter()
        self._treatments: Counter[tuple[str, str]] = Counter()

    def _team(self, player_id: str) -> str | None:
        player = self._state.board.players.get(player_id)
        return None if player is None else player.team

    def use_apothecary(self, player_id: str, injury: str) -> bool:
        team = self._team(player_id)
        left = apothecaries_left(self._ruleset, self._state, team, injury, player_id=player_id) if team is not None else 0
        if team is None or left <= self._apothecaries[team]:
            return False
        if not self._decisions.use_apothecary(player_id, injury):
            return False
        self._apothecaries[team] += 1
        return True

    def casualty_treatment(self, player_id: str, casualty: str) -> str | None:
        team = self._team(player_id)
        choice = self._decisions.casualty_treatment(player_id, casualty)
        player = self._state.board.players.get(player_id)
        if choice is not None and player is not None and not player.treatable:
            return None
        if choice is None or team is None or choice not in self._ruleset.inducements:
            return choice
        if _hired(self._state, player_id) and not treats_hired(self._ruleset, choice):
            return None
        left = uses_left(self._ruleset, self._state, team, choice)
        if left is not None and left <= self._treatments[team, choice]:
            return None
        self._treatments[team, choice] += 1
        return choice

    def __getattr__(self, name: str) -> Any:
        return getattr(self._decisions, name)
