"""Joseph Bugman's temper (classic list): when he loses it and where he comes onto the pitch.

Each time a player of his team leaves the pitch KO'd or as a Casualty, or is pushed into the
crowd, his coach may call :func:`temper_roll` (``tempers`` in ``pack-rules.yaml``): the die
plus one for each earlier roll this game. On a loss of temper :func:`charge_on` puts him on a
square as a player of the team: next to a sideline, in his team's half, outside the End Zone
and in no opposing Tackle Zone (:func:`charge_squares`). The plugin does all this the moment
the procedure that carried the player off ends (:func:`tempers_after_procedure`, its answer
to ``bbcore_after_procedure_effects``): the coach is asked whether he rolls
(``Decisions.use_inducement``, situation :data:`TEMPER`) and, if Bugman charges on, where
(``Decisions.choose_square``, reason :data:`TEMPER`; None takes the first square offered);
the players rolled for are remembered (``TeamState.inducement_targets``) to count the
earlier rolls. He plays under the id ``<team>-<name>``
(:func:`bbcore_inducement_packs.coaching_staff.staff_player_id`), with the profile for the current
half, printed on the old scale and read the way the Frog's is (AG becomes the target 6 - AG,
AV the old total + 1); his ``position`` is his inducement id. He acts from his team's next
turn: a turn of his team already under way is barred to him
(``GameState.barred_activations``). The referee sends him off at the
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
from bbcore.rules.board import Board, PlayerState, Square, Status
from bbcore.rules.decisions import Decisions, IllegalAnswerError
from bbcore.rules.drive import BRILLIANT_COACHING, brilliant_coaching
from bbcore.rules.effects import transform
from bbcore.rules.events import Event
from bbcore.rules.sequences import GameState
from bbcore_inducement_packs.coaching_staff import staff_player_id
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


def _charge_problems(state: GameState, team_id: str, square: Square) -> list[str]:
    board = state.board
    geometry = board.geometry
    side = "home" if state.home.id == team_id else "away"
    problems = []
    if not geometry.on_pitch(square) or square[1] not in (0, geometry.pitch.width - 1):
        problems.append("not next to a sideline")
    if geometry.half_of(square) != side:
        problems.append("not in his team's half")
    if geometry.in_end_zone(square) is not None:
        problems.append("in an End Zone")
    if board.at(square) is not None:
        problems.append("taken")
    if board.tackle_zones_on(square, team_id):
        problems.append("in an opposing Tackle Zone")
    return problems


def _has_charged(board: Board, team_id: str, inducement: str) -> bool:
    return any(p.team == team_id and p.position == inducement for p in board.players.values())


def charge_squares(ruleset: Ruleset, state: GameState, team_id: str, inducement: str) -> tuple[Square, ...]:
    """The squares the staff member hired as ``inducement`` may charge on at for ``team_id`` now, in order of ``(x, y)``."""
    rules_for(pack_rules(ruleset).tempers, inducement, "staff member with a temper")
    state.team(team_id)  # an unknown team is a UsageError
    geometry = state.board.geometry
    edges = (0, geometry.pitch.width - 1)
    squares = ((x, y) for x in range(geometry.pitch.length) for y in edges)
    return tuple(square for square in squares if not _charge_problems(state, team_id, square))


def charge_on(ruleset: Ruleset, state: GameState, team_id: str, inducement: str, square: Square, player_id: str) -> GameState:
    """Put the staff member hired as ``inducement`` on ``square`` as ``player_id`` of ``team_id``; a bad square is a ``UsageError``."""
    temper = rules_for(pack_rules(ruleset).tempers, inducement, "staff member with a temper")
    state.team(team_id)  # an unknown team is a UsageError
    problems = _charge_problems(state, team_id, square)
    if _has_charged(state.board, team_id, inducement):
        problems.append("he has charged on once already this game")
    if problems:
        raise UsageError(f"{inducement!r} cannot charge on at {square}: {', '.join(problems)}")
    wanted = temper.profiles[min(state.half, len(temper.profiles)) - 1]
    profile = next((p for p in ruleset.inducement(inducement).profiles if p.id == wanted), None)
    if profile is None:
        raise UsageError(f"the {inducement!r} inducement has no {wanted!r} profile")
    blank = PlayerState(player_id, team_id, 0, 0, 0, None, 0, square=square, position=inducement)
    player = transform(ruleset, blank, on_new_scale(profile))
    return attrs.evolve(state, board=state.board.with_player(player))


#: The situation ``Decisions.use_inducement`` names for a temper roll, and the reason ``Decisions.choose_square`` is
#: asked with for where the staff member charges on.
TEMPER = "temper"

#: Where a player carried off the pitch may be once the procedure ends (the Reserves: pushed into the crowd, unhurt).
_CARRIED_OFF = (Status.KO, Status.CASUALTY, Status.RESERVES)


def carried_off(before: Board, after: Board, team_id: str) -> tuple[str, ...]:
    """The players of ``team_id`` on the pitch on ``before`` who are off it on ``after``, Knocked-out, a Casualty or in
    the Reserves (pushed into the crowd), by id; a player Sent-off does not count."""
    return tuple(
        player.id
        for player in sorted(before.team_players(team_id), key=lambda p: p.id)
        if player.on_pitch and player.id in after.players and after.player(player.id).status in _CARRIED_OFF
    )


def tempers_after_procedure(
    ruleset: Ruleset, state: GameState, before: Board, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """For each player a procedure carried off, a team whose staff member with a temper has not yet charged on may
    roll for it (see the module); the new state and the events."""
    events: list[Event] = []
    for inducement in sorted(pack_rules(ruleset).tempers):
        for team in state.teams:
            if inducement not in ruleset.inducements or team.inducements.get(inducement, 0) <= 0:
                continue
            for player_id in carried_off(before, state.board, team.id):
                if _has_charged(state.board, team.id, inducement) or not decisions.use_inducement(team.id, inducement, TEMPER):
                    continue
                earlier = state.team(team.id).inducement_targets.get(inducement, ())
                lost, event = temper_roll(ruleset, inducement, len(earlier), dice)
                events.append(attrs.evolve(event, detail={**event.detail, "team": team.id, "for": player_id}))
                state = state.update_team(
                    team.id, inducement_targets={**state.team(team.id).inducement_targets, inducement: (*earlier, player_id)}
                )
                if lost:
                    state, charged = _charge(ruleset, state, team.id, inducement, decisions)
                    events.append(charged)
    return state, tuple(events)


def _charge(ruleset: Ruleset, state: GameState, team_id: str, inducement: str, decisions: Decisions) -> tuple[GameState, Event]:
    """He runs on where his coach says (the first square offered when he says nothing), unable to act in a turn of
    his team already under way; with nowhere to stand, he stays where he is this time."""
    squares = charge_squares(ruleset, state, team_id, inducement)
    player_id = staff_player_id(team_id, inducement)
    if not squares:
        return state, Event("charge-on", player_id, (), "no-room", {"inducement": inducement, "team": team_id})
    square = decisions.choose_square(player_id, TEMPER, squares) or squares[0]
    if square not in squares:
        raise IllegalAnswerError(f"{inducement!r} may charge on at {', '.join(map(str, squares))}, not {square}")
    state = charge_on(ruleset, state, team_id, inducement, square, player_id)
    barred = {**state.barred_activations, player_id: state.team(team_id).turn}
    state = attrs.evolve(state, barred_activations=barred)
    return state, Event("charge-on", player_id, (), "on-pitch", {"inducement": inducement, "team": team_id, "square": list(square)})


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


__all__ = [
    "TEMPER",
    "carried_off",
    "charge_on",
    "charge_squares",
    "detained_coaching",
    "temper_roll",
    "tempers_after_procedure",
]
