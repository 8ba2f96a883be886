"""(In)Famous Coaching Staff of the 2020 list whose rules are a roll: Papa Skullbones and Mungo Spinecracker.

:func:`bless` is Papa Skullbones at the start of a drive, after set-up and before the
kick-off: a roll on his table for a player the coach names among the team's on the
pitch. A row's ``status`` effect moves the player (Unworthy: the Knocked-out box); its
skills are given until the drive ends through :func:`bbcore_inducement_packs.brews.give_for_drive`
(a player with both skills already gains nothing). After the ``again`` row of the
``blessings`` entry (Overlooked) another player of the team on the pitch is picked at
random and rolled for. ``blessed`` is who has been rolled for earlier in the game (the
caller keeps it across drives): they cannot be named or picked; the ``blessing`` event
lists everyone rolled for this time. Favour of the Gods lets the coach pick two
Mutations: it is left to the caller (the row has no structured effect).

:func:`treat_knock_out` is Mungo Spinecracker, rolled when the coach wishes as one of
the team's players gets a KO'd Injury result, before they leave the pitch: the row's
``status`` effect says where the player goes (a Casualty with Badly Hurt, the
Knocked-out box, or Stunned on the pitch).

:func:`may_reroll_recovery` is Josef (or Joseph) Bugman's beer, the packs' answer to
``bbcore_ko_recovery_rerolls``: a team holding him may roll again a failed KO recovery
roll whose natural D6 the ``ko_rerolls`` entry names (a 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, roll_on_table
from bbcore.errors import UsageError
from bbcore.rules.board import Status
from bbcore.rules.drive import pick_at_random
from bbcore.rules.events import Event
from bbcore.rules.sequences import GameState
from bbcore_inducement_packs.brews import give_for_drive
from bbcore_inducement_packs.pack_rules import pack_rules, rules_for

if TYPE_CHECKING:
    from collections.abc import Mapping

    from bbcore.model.table import Row
    from bbcore.ruleset import Ruleset


def _status(row: Row) -> Status | None:
    return next((Status(effect.status) for effect in row.effects if effect.status), None)


def _need(state: GameState, team_id: str, inducement: str) -> None:
    if state.team(team_id).inducements.get(inducement, 0) <= 0:
        raise UsageError(f"team {team_id!r} has no {inducement!r}")


def bless(
    ruleset: Ruleset,
    state: GameState,
    team_id: str,
    inducement: str,
    player_id: str,
    dice: DiceSource,
    blessed: frozenset[str] = frozenset(),
) -> tuple[GameState, tuple[Event, ...]]:
    """Roll on the blessing table for the team's ``player_id``, and again for a random other while the row says so."""
    blessing = rules_for(pack_rules().coaching_staff.blessings, inducement, "blessing")
    _need(state, team_id, inducement)
    player = state.board.player(player_id)
    if player.team != team_id or not player.on_pitch or player_id in blessed:
        raise UsageError(f"{player_id!r} is not a player of {team_id!r} on the pitch not yet blessed this game")
    table = ruleset.inducement(inducement).table
    assert table is not None
    rolled_for: list[str] = []
    events: list[Event] = []
    chosen: str | None = player_id
    while chosen is not None:
        rolled_for.append(chosen)
        rolled = roll_on_table(ruleset.table(table), dice)
        row = rolled.row
        events.append(Event("blessing", chosen, rolled.rolls, row.id, {"inducement": inducement}))
        if row.id == blessing.again:
            others = sorted(
                p.id for p in state.board.team_players(team_id) if p.on_pitch and p.id not in blessed and p.id not in rolled_for
            )
            picked, picks = pick_at_random(dice, others, 1)
            events.append(Event("overlooked", team_id, picks, picked[0] if picked else "none"))
            chosen = picked[0] if picked else None
            continue
        status = _status(row)
        if status is not None:
            board = state.board
            state = attrs.evolve(state, board=board.with_player(board.player(chosen).with_status(status)))
            events.append(Event(status.value, chosen, (), row.id))
        skills = [effect for effect in row.effects if effect.gain_skills]
        if skills:
            state, gained = give_for_drive(ruleset, state, chosen, skills)
            events.append(Event("blessed", chosen, (), row.id, {"skills": list(gained)}))
        chosen = None
    return state, tuple(events)


def treat_knock_out(
    ruleset: Ruleset, state: GameState, team_id: str, inducement: str, player_id: str, dice: DiceSource
) -> tuple[GameState, tuple[Event, ...]]:
    """Mungo sees to the team's knocked-out ``player_id`` before they leave the pitch: the table's row says where they go."""
    _need(state, team_id, inducement)
    player = state.board.player(player_id)
    if player.team != team_id:
        raise UsageError(f"{player_id!r} is not a player of {team_id!r}")
    table = ruleset.inducement(inducement).table
    assert table is not None
    rolled = roll_on_table(ruleset.table(table), dice)
    status = _status(rolled.row) or Status.KO
    board = state.board.with_player(player.with_status(status))
    detail = {"inducement": inducement, "casualty": "badly-hurt"} if status is Status.CASUALTY else {"inducement": inducement}
    return attrs.evolve(state, board=board), (Event("mungo", player_id, rolled.rolls, status.value, detail),)


def may_reroll_recovery(roll: int, inducements: Mapping[str, int]) -> bool | None:
    """``True`` when an inducement the team holds lets it roll this failed recovery roll again; else no answer."""
    rerolls = pack_rules().coaching_staff.ko_rerolls
    held = any(count > 0 and roll in rerolls[inducement].rerolled_on for inducement, count in inducements.items() if inducement in rerolls)
    return True if held else None


__all__ = ["bless", "may_reroll_recovery", "treat_knock_out"]
