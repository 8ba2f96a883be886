"""How often a team may still use an inducement it holds, counted in the game state.

An inducement's data may limit its use (``uses: {count: 1, per: game}``; ``per`` is
``game``, ``half``, ``drive`` or ``turn``). Each use is noted on the team's record
(``TeamState.inducement_uses``) with the moment it happened: the half, the drive
(``GameState.drive``, counted by the ``set-up`` step) and the team's turn. A use counts
against the limit while that moment is in the same period as now. A team holding two of
an inducement may use it twice as often. :func:`use_inducement` spends one use, or says
why none is left; :func:`uses_left` tells how many remain. :func:`inducement_reroll` spends
the use of an inducement whose re-roll must pass a die first (a Team Mascot's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules.events import Event

if TYPE_CHECKING:
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The event of a use, its result the inducement's id.
INDUCEMENT_USED = "inducement-used"

#: When a use happened: (half, drive, the team's turn).
Moment = tuple[int, int, int]


def _moment(state: GameState, team_id: str) -> Moment:
    return (state.half, state.drive, state.team(team_id).turn)


def _same_period(then: Moment, now: Moment, per: str) -> bool:
    half, drive, turn = then
    if per == "game":
        return True
    if per == "half":
        return half == now[0]
    if per == "drive":
        return drive == now[1]
    return (half, turn) == (now[0], now[2])  # per turn: the team's turn of the same half


def uses_left(ruleset: Ruleset, state: GameState, team_id: str, inducement_id: str) -> int | None:
    """How many more times the team may use the inducement in the current period: the uses of each one held, less
    those spent in the period. None when its data sets no limit (and the team holds it); 0 when it holds none."""
    inducement = ruleset.inducement(inducement_id)
    team = state.team(team_id)
    held = team.inducements.get(inducement_id, 0)
    if held <= 0:
        return 0
    if inducement.uses is None:
        return None
    now = _moment(state, team_id)
    spent = sum(1 for then in team.inducement_uses.get(inducement_id, ()) if _same_period(then, now, inducement.uses.per))
    return max(held * inducement.uses.count - spent, 0)


def use_inducement(ruleset: Ruleset, state: GameState, team_id: str, inducement_id: str) -> tuple[GameState, Event]:
    """Spend one use of the team's inducement now (its spell, pot, mage...), before its effect is resolved.

    A :class:`~bbcore.errors.UsageError` when the team holds none, or has used it as often
    as its ``uses`` allow in this period.
    """
    left = uses_left(ruleset, state, team_id, inducement_id)
    if left == 0:
        inducement = ruleset.inducement(inducement_id)
        held = state.team(team_id).inducements.get(inducement_id, 0)
        if held <= 0:
            raise UsageError(f"team {team_id!r} holds no {inducement.name} ({inducement_id})")
        assert inducement.uses is not None  # a limit is the only way to run out of a held one
        raise UsageError(f"team {team_id!r} has used {inducement.name} as often as it may this {inducement.uses.per}")
    team = state.team(team_id)
    spent = {**team.inducement_uses, inducement_id: (*team.inducement_uses.get(inducement_id, ()), _moment(state, team_id))}
    after = state.update_team(team_id, inducement_uses=spent)
    detail = {"left": None if left is None else left - 1, "half": state.half, "drive": state.drive}
    return after, Event(INDUCEMENT_USED, team_id, (), inducement_id, detail)


#: The event of the die an inducement's re-roll needs; its result ``works`` or ``lost``.
INDUCEMENT_REROLL = "inducement-reroll"


def inducement_reroll(
    ruleset: Ruleset, state: GameState, team_id: str, inducement_id: str, dice: DiceSource
) -> tuple[GameState, bool, tuple[Event, ...]]:
    """The team wants the re-roll of an inducement whose ``rerolls`` effect has a ``target`` (the Team Mascot's):
    a use is spent (:func:`use_inducement`) and a D6 rolled; it works on ``target`` or more. Either way the use is
    gone; on a failure the coach may still spend an ordinary team re-roll. Returns the state, whether the re-roll
    works (the caller then re-rolls as with a team re-roll), and the events."""
    inducement = ruleset.inducement(inducement_id)
    effect = next((e for e in inducement.effects if e.rerolls is not None and e.target is not None), None)
    if effect is None or effect.target is None:
        raise UsageError(f"{inducement.name} ({inducement_id}) gives no re-roll that needs a die")
    state, used = use_inducement(ruleset, state, team_id, inducement_id)
    rolls = roll_dice(dice, "D6")
    works = rolls[0] >= effect.target
    die = Event(INDUCEMENT_REROLL, team_id, rolls, "works" if works else "lost", {"inducement": inducement_id, "target": effect.target})
    return state, works, (used, die)
