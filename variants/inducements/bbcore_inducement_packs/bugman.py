"""Joseph Bugman's temper (classic list): when he loses it and where he comes onto the pitch.

Each time a player of his team leaves the pitch KO'd or as a Casualty, or is pushed into the
crowd, his coach may call :func:`temper_roll` (``tempers`` in ``pack-rules.yaml``): the die
plus one for each earlier roll this game (the caller counts them). On a loss of temper the
caller picks a square and :func:`charge_on` puts him there as a player of the team: next to a
sideline, in his team's half, outside the End Zone and in no opposing Tackle Zone. His profile
is the one for the current half, printed on the old scale and read the way the Frog's is
(AG becomes the target 7 - AG, AV the old total + 1); his ``position`` is his inducement id.
He acts from his team's next turn (the caller's to apply). The referee sends him off at the
end of that drive (the plugin's end-of-drive hook,
:func:`bbcore_inducement_packs.coaching_staff.send_off_stand_ins`), and from then on he
counts as no assistant coaches (:func:`detained_coaching`, the plugin's Brilliant Coaching
row) and cannot charge on again; his beer still helps the team's KO recovery.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules.board import PlayerState, Square
from bbcore.rules.decisions import Decisions
from bbcore.rules.drive import BRILLIANT_COACHING, brilliant_coaching
from bbcore.rules.effects import transform
from bbcore.rules.events import Event
from bbcore.rules.sequences import GameState
from bbcore_inducement_packs.pack_rules import pack_rules, rules_for
from bbcore_inducement_packs.spells import on_new_scale

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset


def temper_roll(ruleset: Ruleset, inducement: str, earlier: int, dice: DiceSource) -> tuple[bool, Event]:
    """The temper roll after ``earlier`` earlier ones this game: whether he charges on, and the event."""
    temper = rules_for(pack_rules(ruleset).tempers, inducement, "staff member with a temper")
    rolls = roll_dice(dice, temper.dice)
    total = sum(rolls) + temper.plus_per_earlier * earlier
    lost = total >= temper.on
    return lost, Event("temper", inducement, rolls, "charges-on" if lost else "holds", {"total": total})


def charge_on(ruleset: Ruleset, state: GameState, team_id: str, inducement: str, square: Square, player_id: str) -> GameState:
    """Put the staff member hired as ``inducement`` on ``square`` as ``player_id`` of ``team_id``; a bad square is a ``UsageError``."""
    temper = rules_for(pack_rules(ruleset).tempers, inducement, "staff member with a temper")
    board = state.board
    geometry = board.geometry
    side = "home" if state.home.id == team_id else "away"
    state.team(team_id)  # an unknown team is a UsageError
    problems = []
    if not geometry.on_pitch(square) or square[1] not in (0, geometry.pitch.width - 1):
        problems.append("not next to a sideline")
    if geometry.half_of(square) != side:
        problems.append("not in his team's half")
    if geometry.in_end_zone(square) is not None:
        problems.append("in an End Zone")
    if any(p.square == square for p in board.players.values()):
        problems.append("taken")
    if any(p.team == team_id and p.position == inducement for p in board.players.values()):
        problems.append("he has charged on once already this game")
    if board.tackle_zones_on(square, team_id):
        problems.append("in an opposing Tackle Zone")
    if problems:
        raise UsageError(f"{inducement!r} cannot charge on at {square}: {', '.join(problems)}")
    wanted = temper.profiles[min(state.half, len(temper.profiles)) - 1]
    profile = next((p for p in ruleset.inducement(inducement).profiles if p.id == wanted), None)
    if profile is None:
        raise UsageError(f"the {inducement!r} inducement has no {wanted!r} profile")
    blank = PlayerState(player_id, team_id, 0, 0, 0, None, 0, square=square, position=inducement)
    player = transform(ruleset, blank, on_new_scale(profile))
    return attrs.evolve(state, board=board.with_player(player))


def detained_coaching(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The Brilliant Coaching kick-off event under a pack: a staff member with a temper who has charged on (and been
    sent off since) counts as none of the assistant coaches his entry gives, for this roll; then the core's contest
    (:func:`bbcore.rules.drive.brilliant_coaching`)."""
    tempers = pack_rules(ruleset).tempers
    counted = state
    for team in state.teams:
        gone = {p.position for p in state.board.team_players(team.id) if p.position is not None and p.position in tempers}
        coaching = sum(
            effect.by or 0
            for inducement in sorted(gone)
            if team.inducements.get(inducement, 0) > 0
            for effect in ruleset.inducement(inducement).effects
            if effect.modifier == BRILLIANT_COACHING
        )
        if coaching:
            counted = counted.update_team(team.id, assistant_coaches=team.assistant_coaches - coaching)
    after, events = brilliant_coaching(ruleset, counted, dice, decisions)
    for team in state.teams:
        after = after.update_team(team.id, assistant_coaches=team.assistant_coaches)
    return after, events


__all__ = ["charge_on", "detained_coaching", "temper_roll"]
