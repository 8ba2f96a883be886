"""Josef Bugman's Dwarven Wisdom: once a game, after both teams have set up and before the kick-off, his team may
take some of its players off the pitch and set them up again.

The parameters' ``inducements.dwarven_wisdom`` name the inducement (the Infamous Coaching
Staff, whose one member in the core list is Josef Bugman) and the dice of how many
players; its entry's ``uses`` say once a game. The start-of-drive step
``dwarven-wisdom`` (:func:`dwarven_wisdom_step`, after Swarming) asks each team holding
it with a use left, the kicking team first, whether its coach uses it now
(``Decisions.use_inducement``, situation :data:`DWARVEN_WISDOM`). If he does the use is
spent, the dice rolled, and he names up to that many of his players on the pitch with
the squares they now stand on (``Decisions.set_up_again``, reason :data:`DWARVEN_WISDOM`);
:func:`set_up_again` checks that the whole team is still set up legally, with any extra
players Swarming brought on. A coach who names nobody has still spent the use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, roll_dice
from bbcore.rules.board import Square
from bbcore.rules.decisions import Decisions, IllegalAnswerError, checked_choices
from bbcore.rules.drive import kick_order, place_players, setup_problems
from bbcore.rules.events import Event
from bbcore.rules.inducement_uses import use_inducement, uses_left
from bbcore.rules.too_many_players import allowance_beyond_usual

if TYPE_CHECKING:
    from bbcore.model.parameters import DwarvenWisdomRules
    from bbcore.rules.sequences import GameState, StepProcedure
    from bbcore.ruleset import Ruleset

#: The step's id, the situation ``Decisions.use_inducement`` and the reason ``Decisions.set_up_again`` are asked
#: with, and the kind of the step's event.
DWARVEN_WISDOM = "dwarven-wisdom"


def _wisdom(ruleset: Ruleset) -> DwarvenWisdomRules | None:
    rules = ruleset.parameters.inducements.dwarven_wisdom
    return rules if rules is not None and rules.inducement in ruleset.inducements else None


def _square(answer: object, player_id: str, team_id: str) -> Square:
    if not isinstance(answer, (tuple, list)) or len(answer) != 2 or not all(isinstance(c, int) and not isinstance(c, bool) for c in answer):
        raise IllegalAnswerError(f"the {DWARVEN_WISDOM!r} set-up for {team_id} put {player_id} on {answer!r}, which is not a square")
    return (answer[0], answer[1])


def set_up_again(
    ruleset: Ruleset, state: GameState, team_id: str, placements: Mapping[str, object], count: int
) -> tuple[GameState, tuple[str, ...]]:
    """Up to ``count`` of ``team_id``'s players on the pitch (``placements``' keys) taken off and set up again on the
    squares given: the new state and the players moved, by id. The whole team must then stand legally
    (:func:`bbcore.rules.drive.setup_problems`, keeping a Swarming team's extra players); a player not on the pitch,
    too many of them, or an illegal set-up is an :class:`~bbcore.rules.decisions.IllegalAnswerError`."""
    board = state.board
    fielded = sorted(p.id for p in board.team_players(team_id) if p.on_pitch)
    moved = checked_choices(placements, fielded, count, question="set-up-again", who=team_id)
    squares = {player_id: _square(placements[player_id], player_id, team_id) for player_id in moved}
    after = place_players(board, squares)
    extra = allowance_beyond_usual(ruleset, state, team_id)
    captain = state.team(team_id).captain
    problems = setup_problems(ruleset, after, team_id, extra_players=extra, must_field=() if captain is None else (captain,))
    if problems:
        raise IllegalAnswerError(f"{DWARVEN_WISDOM} for {team_id}: " + "; ".join(f"{p.path}: {p.message}" for p in problems))
    return attrs.evolve(state, board=after), tuple(sorted(moved))


def dwarven_wisdom_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The ``dwarven-wisdom`` start-of-drive step: see the module. Nothing happens for a team without the
    inducement, with its use spent, or with nobody on the pitch."""
    rules = _wisdom(ruleset)
    if rules is None:
        return state, ()
    events: list[Event] = []
    for team_id in kick_order(state):
        if uses_left(ruleset, state, team_id, rules.inducement) == 0:
            continue
        fielded = sorted(p.id for p in state.board.team_players(team_id) if p.on_pitch)
        if not fielded or not decisions.use_inducement(team_id, rules.inducement, DWARVEN_WISDOM):
            continue
        state, used = use_inducement(ruleset, state, team_id, rules.inducement)
        rolls = roll_dice(dice, rules.players)
        count = sum(rolls)
        placements = dict(decisions.set_up_again(team_id, DWARVEN_WISDOM, fielded, count))
        state, moved = set_up_again(ruleset, state, team_id, placements, count)
        detail = {"inducement": rules.inducement, "allowed": count, "players": list(moved)}
        events.extend((used, Event(DWARVEN_WISDOM, team_id, rolls, "set-up-again", detail)))
    return state, tuple(events)


#: The core's procedure for the step, by its id.
STEPS: dict[str, StepProcedure] = {DWARVEN_WISDOM: dwarven_wisdom_step}


__all__ = ["DWARVEN_WISDOM", "STEPS", "dwarven_wisdom_step", "set_up_again"]
