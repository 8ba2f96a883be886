"""Drives: set-up, the kick-off and its event, the end of a drive, and the end of a turn.

The start-of-drive and end-of-drive steps are procedures
``(ruleset, state, dice, decisions) -> (state, events)`` registered by the core under
their step ids. The kick itself is :func:`bbcore.rules.ball.kick_off`; the board
effects at the end of a turn or a drive come from the ``bbcore_turn_end_effects``
and ``bbcore_end_of_drive_effects`` hooks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, pick_at_random, roll_dice, roll_on_table
from bbcore.errors import Problem, UsageError, format_json_path
from bbcore.rules import ball
from bbcore.rules.board import BallState, Board, PlayerState, Square, Status, clear_turn_uses
from bbcore.rules.conditions import with_conditions
from bbcore.rules.decisions import Decisions, DefaultDecisions, IllegalAnswerError, checked_choices
from bbcore.rules.effects import restore
from bbcore.rules.events import Event
from bbcore.rules.foul import send_off
from bbcore.rules.injury import recover_knocked_out
from bbcore.rules.movement import blocking_feature, step_crossing
from bbcore.rules.on_the_ball import kick_off_move
from bbcore.rules.pregame import roll_weather
from bbcore.rules.sequences import (
    TURN_ENDS,
    Charge,
    DriveChange,
    GameState,
    StepProcedure,
    WeatherReturn,
    chain_board_hook,
    chain_state_hook,
    row_effect,
)
from bbcore.rules.sports_wizard import frogs_return
from bbcore.rules.too_many_players import allowance_beyond_usual
from bbcore.rules.trapdoors import enter_square
from bbcore.rules.turn_changes import end_every_turn_change, end_turn_changes

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The table role the kick-off event is rolled on.
KICK_OFF_EVENTS_ROLE = "kick-off-events"
#: The tests named by the inducement effects that count as extra sideline staff for a kick-off
#: event: ``{modifier: brilliant-coaching, by: N}`` counts as N more assistant coaches (each held),
#: ``{modifier: cheering-fans, by: N}`` as N more cheerleaders.
BRILLIANT_COACHING = "brilliant-coaching"
CHEERING_FANS = "cheering-fans"

StepResult = tuple[GameState, tuple[Event, ...]]


# -- set-up ---------------------------------------------------------------------------------------


def _side(board: Board, team: str) -> str:
    """``home`` or ``away``: which half a team defends, in :meth:`~bbcore.rules.board.PitchGeometry.half_of` terms."""
    return "home" if team == board.home else "away"


def _captain(state: GameState, team: str) -> tuple[str, ...]:
    """The team's captain, who must be set up whenever he can play (Team Captain)."""
    captain = state.team(team).captain
    return () if captain is None else (captain,)


def setup_problems(
    ruleset: Ruleset,
    board: Board,
    team: str,
    *,
    extra_players: int = 0,
    barred: frozenset[str] = frozenset(),
    must_field: Collection[str] = (),
) -> tuple[Problem, ...]:
    """Everything wrong with how a team stands on the pitch for a kick-off.

    A team fields as many of its available players (on the pitch or in the Reserves)
    as it can, up to ``players_on_pitch``; all of them in its own half, one to a
    square; at least ``setup.min_on_line_of_scrimmage`` on its side of the line of
    scrimmage (every player, when it fields fewer); and at most
    ``setup.max_per_wide_zone`` in each of the two wide zones.

    ``extra_players`` more may be fielded, but need not be (a set-up allowance such as
    ``GameState.extra_set_up_players``); the ``barred`` players may not be set up at all
    and do not count as available (``GameState.barred_from_set_up``). The ``must_field``
    players (a Team Captain) are set up whenever they wait in the Reserves, unbarred.
    """
    params = ruleset.parameters
    geometry = board.geometry
    side = _side(board, team)
    players = list(board.team_players(team))
    fielded = sorted((p for p in players if p.on_pitch), key=lambda p: p.id)
    available = sum(1 for p in players if (p.on_pitch or p.status is Status.RESERVES) and p.id not in barred)
    most = params.players_on_pitch + extra_players
    problems: list[Problem] = []

    def add(code: str, message: str, *path: str) -> None:
        problems.append(Problem(code, message, format_json_path(("teams", team, *path))))

    if len(fielded) > most:
        add("too-many-players", f"{len(fielded)} players on the pitch; at most {most}")
    elif len(fielded) < min(params.players_on_pitch, available):
        add("too-few-players", f"{len(fielded)} players on the pitch while {available} could play; field {params.players_on_pitch} or all")
    for player_id in sorted(must_field):
        waiting = player_id in board.players and board.player(player_id).status is Status.RESERVES
        if waiting and player_id not in barred:
            add("must-be-fielded", f"{player_id} must be set up whenever he can play", "players", player_id)
    for player in fielded:
        if player.id in barred:
            add("barred-from-set-up", f"{player.id} may not be set up for this drive", "players", player.id)
    for player in fielded:
        filled = next((geometry.feature_at(s) for s in player.squares if geometry.filled(s)), None)
        if filled is not None:
            add("on-a-feature", f"{player.id} stands at {player.square}, on a {filled.name}, where nobody may stand", "players", player.id)
    # Every square of every base: a player on a bigger base stands wholly in his half, sharing none.
    squares = Counter(square for p in fielded for square in p.squares)
    for player in fielded:
        assert player.square is not None  # on the pitch
        if not all(geometry.on_pitch(s) for s in player.squares):
            add("off-the-pitch", f"{player.id} stands at {player.square}, off the pitch", "players", player.id)
        elif any(geometry.half_of(s) != side for s in player.squares):
            add("wrong-half", f"{player.id} stands at {player.square}, in the opposing half", "players", player.id)
        if any(squares[s] > 1 for s in player.squares):
            add("shared-square", f"{player.id} shares the square {player.square} with another player", "players", player.id)
    own = [p for p in fielded if p.squares and all(geometry.on_pitch(s) and geometry.half_of(s) == side for s in p.squares)]
    needed = min(params.setup.min_on_line_of_scrimmage, len(fielded))
    on_line = sum(1 for p in own if any(geometry.on_line_of_scrimmage(s) for s in p.squares))
    if on_line < needed:
        add("line-of-scrimmage", f"{on_line} players on the line of scrimmage; at least {needed}")
    width = board.pitch.wide_zone_width
    zones = Counter(
        "low" if wide[1] < width else "high"
        for p in own
        if (wide := next((s for s in p.squares if geometry.in_wide_zone(s)), None)) is not None
    )
    for zone, count in sorted(zones.items()):
        if count > params.setup.max_per_wide_zone:
            add("wide-zone", f"{count} players in the {zone}-y wide zone; at most {params.setup.max_per_wide_zone}")
    return tuple(problems)


def place_players(board: Board, placements: Mapping[str, Square]) -> Board:
    """Stand players on squares (from the Reserves, or moved); players not named stay as they are."""
    return board.replace_players(
        attrs.evolve(board.player(pid), square=square, status=Status.STANDING) for pid, square in placements.items()
    )


def set_up(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Check both teams' set-up, the kicking team first, and note who takes part in the drive.

    The coaches place their players before the sequence runs (see :func:`place_players`);
    this step only checks the result, with the state's set-up allowances
    (``GameState.extra_set_up_players`` and ``barred_from_set_up``, see
    :func:`setup_problems`), which it then clears. Any problem, for either team, is an
    error listing them all. The players on the pitch become ``GameState.drive_players``
    and are added to ``GameState.played``; ``GameState.drive`` counts one more drive, and
    ``GameState.drive_fielding`` keeps how many each team may field in it (see
    :mod:`bbcore.rules.too_many_players`).
    """
    order = kick_order(state)
    problems = [
        problem
        for team in order
        for problem in setup_problems(
            ruleset,
            state.board,
            team,
            extra_players=state.extra_set_up_players.get(team, 0),
            barred=state.barred_from_set_up,
            must_field=_captain(state, team),
        )
    ]
    if problems:
        raise UsageError("illegal set-up: " + "; ".join(f"{p.path}: {p.message}" for p in problems))
    events = []
    for team in order:
        on_pitch = [p for p in state.board.team_players(team) if p.on_pitch]
        on_line = sum(1 for p in on_pitch if p.square is not None and state.board.geometry.on_line_of_scrimmage(p.square))
        events.append(Event("set-up", team, result="legal", detail={"players": len(on_pitch), "line_of_scrimmage": on_line}))
    taking_part = frozenset(p.id for p in state.board.players.values() if p.on_pitch)
    # What each team fielded, never below the usual number: an allowance it did not use is not kept.
    fielding = {team: max(ruleset.parameters.players_on_pitch, len(_on_pitch(state.board, team))) for team in order}
    state = attrs.evolve(
        state,
        drive=state.drive + 1,
        drive_players=taking_part,
        played=state.played | taking_part,
        drive_fielding=fielding,
        extra_set_up_players={},
        barred_from_set_up=frozenset(),
        barred_this_drive=state.barred_from_set_up,
    )
    return state, tuple(events)


def swarm(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """The ``swarming`` step, once both teams have set up: a team with the ``setup.swarming_rule`` special rule rolls
    ``setup.swarming_players`` and its coach may stand that many more of its players with ``setup.swarming_keyword``
    from the Reserves (``Decisions.swarm``); the whole team must then still set up legally, with that many more
    allowed on the pitch (:func:`setup_problems`). The kicking team first. The new players take part in the drive.
    """
    rules = ruleset.parameters.setup
    if rules.swarming_rule is None:
        return state, ()
    events: list[Event] = []
    for team_id in kick_order(state):
        if rules.swarming_rule not in state.team(team_id).special_rules:
            continue
        rolls = roll_dice(dice, rules.swarming_players)
        count = sum(rolls)
        # Under the usual set-up rules: a player kept out of this drive's set-up (Sweltering Heat) stays out.
        waiting = sorted(
            p.id
            for p in state.board.team_players(team_id)
            if p.status is Status.RESERVES
            and p.id not in state.barred_this_drive
            and p.position is not None
            and rules.swarming_keyword in _keywords(ruleset, p.position)
        )
        placements = dict(decisions.swarm(team_id, waiting, count)) if waiting else {}
        strays = sorted(set(placements) - set(waiting))
        if strays or len(placements) > count:
            raise IllegalAnswerError(
                f"Swarming lets {team_id} set up at most {count} of {', '.join(waiting)}, not {', '.join(sorted(placements))}"
            )
        board = place_players(state.board, placements)
        allowed = state.drive_fielding.get(team_id, ruleset.parameters.players_on_pitch) + count
        problems = setup_problems(ruleset, board, team_id, extra_players=allowed - ruleset.parameters.players_on_pitch)
        if problems:
            raise IllegalAnswerError(f"Swarming for {team_id}: " + "; ".join(f"{p.path}: {p.message}" for p in problems))
        joined = frozenset(placements)
        fielding = {**state.drive_fielding, team_id: max(ruleset.parameters.players_on_pitch, len(_on_pitch(board, team_id)))}
        state = attrs.evolve(
            state, board=board, drive_players=state.drive_players | joined, played=state.played | joined, drive_fielding=fielding
        )
        events.append(Event("swarming", team_id, rolls, "set-up", {"players": sorted(placements), "allowed": count}))
    return state, tuple(events)


def _keywords(ruleset: Ruleset, position: str) -> tuple[str, ...]:
    try:
        return ruleset.position(position).keywords
    except UsageError:
        return ()  # a player of no known position (a giant an inducement brought) has no keyword


def kick_order(state: GameState) -> tuple[str, str]:
    """The two teams' ids, the kicking team first (home first while nobody kicks yet): the order the set-up steps go in."""
    if state.kicking_team is None:
        return (state.home.id, state.away.id)
    return (state.kicking_team, state.opponent(state.kicking_team).id)


# -- the kick-off ---------------------------------------------------------------------------------


def _kicking(state: GameState) -> tuple[str, str]:
    if state.kicking_team is None:
        raise UsageError("no kicking team has been chosen; run the pre-game sequence's kicking-team step first")
    return state.kicking_team, state.opponent(state.kicking_team).id


def _open_ground(board: Board, square: Square) -> bool:
    """A kick may be aimed only where a player could stand: not into a feature that blocks movement."""
    return not board.geometry.filled(square)


def kick(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """The kicking team nominates its kicking player, aims at a square of the receiving half
    (``Decisions.kick_off_target``) and kicks.

    The kicking player (``GameState.kicking_player``, until the drive ends) is one of the
    team's players on the pitch, neither on the line of scrimmage nor in a wide zone; only
    when there is no such player may he stand on the line, and only when all stand in the
    wide zones there. The coach names him (``Decisions.choose_players``, reason
    :data:`KICKING_PLAYER`) when there is a choice. The ball deviates
    (:func:`bbcore.rules.ball.kick`) and stays in the air through the kick-off event; the
    ``ball-lands`` step brings it down. A kicking player with Kick, standing and not
    Distracted, deviates it less when his coach uses the skill (``Decisions.use_skill``). A
    plugin may decide the deviation instead (``bbcore_kick_deviation``), reading the
    kicking player on the state.
    """
    kicking, receiving = _kicking(state)
    kicking_player = _nominate_kicking_player(state, kicking, decisions)
    state = attrs.evolve(state, kicking_player=kicking_player)
    board = state.board
    side = _side(board, receiving)
    squares = [
        (x, y)
        for x in range(board.pitch.length)
        for y in range(board.pitch.width)
        if board.geometry.half_of((x, y)) == side and _open_ground(board, (x, y))
    ]
    target = tuple(decisions.kick_off_target(kicking, squares))
    if target not in squares:
        raise UsageError(f"the kick-off target {target} is not open ground in the receiving team's half")
    aimed = (target[0], target[1])
    kicker = None
    if kicking_player is not None:
        player = board.player(kicking_player)
        if player.alert and player.has("kick") and decisions.use_skill(player.id, "kick", "kick-off"):
            kicker = player.id
    detail: dict[str, object] = {"target": list(aimed), "kicking_player": kicking_player}
    event = Event("kick-off", kicking, result="kicked", detail=detail)
    deviated = ruleset.hook.bbcore_kick_deviation(
        ruleset=ruleset, state=state, kicking_team=kicking, target=aimed, kicker=kicker, dice=dice, decisions=decisions
    )
    if deviated is None:
        landing, flight = ball.kick(ruleset, aimed, dice, receiving_team=receiving, kicker=kicker)
        deviated = (landing, (flight,))
    landing, flights = deviated
    return attrs.evolve(state, kick_target=aimed, kick_landing=landing, kick_scatters=0), (event, *flights)


#: The ``reason`` the kicking team's coach is asked to name its kicking player with.
KICKING_PLAYER = "kicking-player"


def kicking_player_candidates(board: Board, team_id: str) -> tuple[str, ...]:
    """The players of the team who may be nominated to kick off: those on the pitch off the line of scrimmage and out
    of the wide zones; failing any, those on the line; failing those too, any on the pitch. Those with Kick come
    first, then by id (a coach who takes the first takes a kicker when he has one)."""
    on_pitch = sorted(
        (p for p in board.team_players(team_id) if p.on_pitch and p.square is not None), key=lambda p: (not p.has("kick"), p.id)
    )
    geometry = board.geometry
    central = [p for p in on_pitch if p.square is not None and not geometry.in_wide_zone(p.square)]
    behind = [p for p in central if p.square is not None and not geometry.on_line_of_scrimmage(p.square)]
    return tuple(p.id for p in behind or central or on_pitch)


def _nominate_kicking_player(state: GameState, team_id: str, decisions: Decisions) -> str | None:
    """The kicking player the coach names among :func:`kicking_player_candidates` (None when nobody is on the pitch)."""
    candidates = kicking_player_candidates(state.board, team_id)
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    answer = decisions.choose_players(team_id, KICKING_PLAYER, candidates, 1)
    (chosen,) = checked_choices(answer, candidates, 1, question=KICKING_PLAYER, who=team_id, fewest=1)
    return chosen


def ball_lands(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """The kicked ball comes down where it deviated to, after any scatter the kick-off event called for, with the
    board's conditions those of the weather and drive effects now in force (:func:`bbcore.rules.conditions.with_conditions`).

    See :func:`bbcore.rules.ball.kick_lands`.
    """
    _, receiving = _kicking(state)
    landing = state.kick_landing
    if landing is None:
        raise UsageError("the ball lands only after a kick: run the kick-off step first")
    # The kick-off event may have changed the weather or put a drive effect in force: a catch reads them.
    state = with_conditions(ruleset, state)
    outcome = ball.kick_lands(
        ruleset,
        state.board,
        landing,
        dice,
        decisions,
        receiving_team=receiving,
        scatters=state.kick_scatters,
        origin=state.kick_target,
    )
    return attrs.evolve(state, board=outcome.board, kick_landing=None, kick_scatters=0), outcome.events


# -- the kick-off event ---------------------------------------------------------------------------


def kick_off_event(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Roll on the table filling the ``kick-off-events`` role and resolve what the core can.

    Applied: Get the Ref (each team gains a free Bribe), Time-out (both turn markers
    move), Brilliant Coaching (the higher D6 plus assistant coaches gains re-rolls for
    the drive), Changing Weather (a new weather), Dodgy Snack and Pitch Invasion (the
    losing team's players picked at random by the dice), Quick Snap (Open receivers step
    one square each, :func:`step_open_players`) and High Kick (an Open receiver placed
    under the ball), as the coach picks them (``Decisions.free_move``).

    Solid Defence sets up to its number of the kicking team's Open players up again where
    its coach says (``Decisions.set_up_again``).

    Cheering Fans: the winners' next turn's first block takes an extra assist
    (:func:`cheering_fans`).

    Charge: the kicking team's Open players may take that many free activations
    (``GameState.charge``, kept by :mod:`bbcore.rules.turns`).

    Recorded only: a Changing Weather to calm weather (the ball, still in the air, then
    scatters before it lands).

    The procedure for the rolled row is looked up with
    :func:`~bbcore.rules.sequences.row_effect` among those registered through
    ``bbcore_register_row_effects`` (the core registers the ones above by role, from
    ``KICK_OFF_EFFECTS``), so a variant's table brings its own procedures. A row
    with none is recorded only.
    """
    kicking, _ = _kicking(state)
    rolled = roll_on_table(ruleset.table(KICK_OFF_EVENTS_ROLE), dice)
    event = Event("kick-off-event", kicking, rolled.rolls, rolled.row.id, {"table": rolled.table.id})
    effect = row_effect(ruleset, rolled.table, rolled.row.id)
    if effect is None:
        return state, (event,)
    state, more = effect(ruleset, state, dice, decisions)
    return state, (event, *more)


def kick_off_staff(ruleset: Ruleset, state: GameState, team_id: str, test: str, on_roster: int) -> int:
    """The staff a team counts for a kick-off event: ``on_roster`` (its cheerleaders or assistant coaches) plus what
    its inducements' ``test`` modifier effects add (``cheering-fans``, ``brilliant-coaching``), once per inducement held.

    Ids the active list does not know are ignored, as for KO recovery.
    """
    total = on_roster
    for inducement_id, count in state.team(team_id).inducements.items():
        inducement = ruleset.inducements.get(inducement_id)
        if inducement is None or count <= 0:
            continue
        total += count * sum(effect.by or 0 for effect in inducement.effects if effect.modifier == test)
    return total


def contest(
    dice: DiceSource, kind: str, totals_before: Mapping[str, int], *, highest: bool, reroll_ones: Collection[str] = ()
) -> tuple[tuple[str, ...], Event]:
    """Each team rolls a D6 and adds its bonus; the teams with the highest (or lowest) total, every team on a tie.

    A team in ``reroll_ones`` rolls a natural 1 again, once (both dice are in the event's rolls).
    Returns those teams and a ``kind`` event with the rolls, the totals and the result
    (the team, or ``tie``). Kick-off events of variants use it as the core's do.
    """
    rolls: list[int] = []
    totals: dict[str, int] = {}
    for team, bonus in totals_before.items():
        (roll,) = roll_dice(dice, "D6")
        rolls.append(roll)
        if roll == 1 and team in reroll_ones:
            (roll,) = roll_dice(dice, "D6")
            rolls.append(roll)
        totals[team] = roll + bonus
    best = max(totals.values()) if highest else min(totals.values())
    chosen = tuple(team for team, total in totals.items() if total == best)
    result = chosen[0] if len(chosen) == 1 else "tie"
    return chosen, Event(kind, None, tuple(rolls), result, {"totals": totals, "teams": list(chosen)})


def _on_pitch(board: Board, team: str) -> list[str]:
    return sorted(p.id for p in board.team_players(team) if p.on_pitch)


def _open_players(ruleset: Ruleset, dice: DiceSource) -> tuple[int, tuple[int, ...]]:
    rules = ruleset.parameters.kick_off_events
    rolls = roll_dice(dice, rules.open_players_dice)
    return sum(rolls) + rules.open_players_plus, rolls


def _get_the_ref(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    return hand_out_bribes(ruleset, state)


def free_bribe(ruleset: Ruleset) -> str:
    """The inducement a free Bribe is: the first the parameters name in ``fouls.bribes``."""
    return ruleset.parameters.fouls.bribes[0]


def hand_out_bribes(ruleset: Ruleset, state: GameState) -> StepResult:
    """Get the Ref: each team gains one Bribe (:func:`free_bribe`), a ``free-inducement`` event each."""
    bribe = free_bribe(ruleset)
    events = []
    for team in state.teams:
        held = {**team.inducements, bribe: team.inducements.get(bribe, 0) + 1}
        state = state.update_team(team.id, inducements=held)
        events.append(Event("free-inducement", team.id, result=bribe, detail={"count": held[bribe]}))
    return state, tuple(events)


def _time_out(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    rules = ruleset.parameters.kick_off_events
    kicking, _ = _kicking(state)
    back = state.team(kicking).turn >= rules.time_out_back_from_turn
    change = -rules.time_out_moves if back else rules.time_out_moves
    for team in state.teams:
        state = state.update_team(team.id, turn=max(0, team.turn + change))
    markers = {team.id: team.turn for team in state.teams}
    return state, (Event("turn-markers", None, result="back" if back else "forward", detail={"markers": markers}),)


def _open_player_event(kind: str, team: str, count: int, rolls: tuple[int, ...]) -> Event:
    return Event(kind, team, rolls, str(count), {"open_players": count, "board_changed": False})


def _solid_defence(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Solid Defence: up to the event's number of Open players of the kicking team are set up again where the coach
    says (``Decisions.set_up_again``, reason ``solid-defence``); the team must still be set up legally."""
    kicking, _ = _kicking(state)
    count, rolls = _open_players(ruleset, dice)
    movers = open_players(state.board, kicking)
    placements = dict(decisions.set_up_again(kicking, SOLID_DEFENCE, movers, count)) if movers else {}
    strays = sorted(set(placements) - set(movers))
    if strays or len(placements) > count:
        raise IllegalAnswerError(f"Solid Defence lets {kicking} set up again at most {count} of {movers}, not {sorted(placements)}")
    board = place_players(state.board, placements)
    # A team that stood more than the usual number (Swarming) keeps that allowance.
    problems = setup_problems(ruleset, board, kicking, extra_players=allowance_beyond_usual(ruleset, state, kicking))
    if problems:
        raise IllegalAnswerError(f"Solid Defence for {kicking}: " + "; ".join(f"{p.path}: {p.message}" for p in problems))
    event = _open_player_event("set-up-again", kicking, count, rolls)
    detail = {**event.detail, "players": sorted(placements), "board_changed": bool(placements)}
    return attrs.evolve(state, board=board), (attrs.evolve(event, detail=detail),)


def _quick_snap(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    _, receiving = _kicking(state)
    count, rolls = _open_players(ruleset, dice)
    board, moves = step_open_players(ruleset, state.board, receiving, count, QUICK_SNAP, dice, decisions)
    event = _open_player_event("step-one-square", receiving, count, rolls)
    event = attrs.evolve(event, detail={**event.detail, "board_changed": bool(moves)})
    return attrs.evolve(state, board=board), (event, *moves)


#: The reasons the kick-off events give ``Decisions.free_move`` and ``Decisions.set_up_again``.
QUICK_SNAP, HIGH_KICK, SOLID_DEFENCE = "quick-snap", "high-kick", "solid-defence"
#: The other rows of the core's kick-off event table that its procedures and the site's pages name.
TIME_OUT, CHANGING_WEATHER, CHARGE = "time-out", "changing-weather", "charge"
DODGY_SNACK, PITCH_INVASION = "dodgy-snack", "pitch-invasion"


def _offered_step(
    ruleset: Ruleset,
    board: Board,
    team: str,
    reason: str,
    offered: Sequence[tuple[str, tuple[Square, ...]]],
    dice: DiceSource,
    decisions: Decisions,
) -> tuple[Board, tuple[Event, ...]]:
    """Ask ``team``'s coach which of the ``offered`` one-square moves (player id, (square,)) he makes, if any; the
    board with it made and its ``stepped`` event first (then the roll of a square he may fall through), or the board
    as it was and no events. An answer not offered is refused."""
    answer = decisions.free_move(team, reason, offered) if offered else None
    if answer is None:
        return board, ()
    # A square given as a list (read from JSON) is taken as the square offered.
    move = (answer[0], tuple((int(square[0]), int(square[1])) for square in answer[1]))
    if move not in offered:
        raise IllegalAnswerError(f"the {reason!r} move {move[0]} to {list(move[1])} is not one of the moves offered")
    player = board.player(move[0])
    event = Event("stepped", player.id, (), reason, {"from": list(player.square or ()), "to": list(move[1][0])})
    board = board.with_player(player.moved(move[1][0]))
    entered = enter_square(ruleset, board, player.id, dice, decisions)
    return (board, (event,)) if entered is None else (entered.board, (event, *entered.events))


def open_players(board: Board, team: str) -> list[str]:
    """The team's Standing players on the pitch whom no opponent marks, by id."""
    return sorted(p.id for p in board.team_players(team) if p.standing and p.on_pitch and not board.markers_of(p))


def _free_step(ruleset: Ruleset, board: Board, player: PlayerState, square: Square) -> bool:
    """A free step goes into an empty square of the pitch that costs nothing to enter: none a feature fills or walls
    off, and no edge to cross at a cost or a risk (a barricade)."""
    origin = player.square
    if origin is None or not board.geometry.on_pitch(square) or board.occupied(square) or blocking_feature(board, origin, square):
        return False
    crossing = step_crossing(ruleset, board, player, origin, square)
    return not crossing.cost and not crossing.risk


def step_open_players(
    ruleset: Ruleset, board: Board, team: str, count: int, reason: str, dice: DiceSource, decisions: Decisions
) -> tuple[Board, tuple[Event, ...]]:
    """Up to ``count`` Open players of ``team`` each step one square in any direction (into any free square on the
    pitch that a feature neither fills nor walls off, crossing no edge that costs anything), one after another as the
    coach picks them (``Decisions.free_move`` with ``reason``) until he says None. Who is Open is judged as the event
    starts. Returns the board and a ``stepped`` event per player moved (each followed by the roll of a square he may
    fall through, :func:`bbcore.rules.trapdoors.enter_square`)."""
    movers = open_players(board, team)
    events: list[Event] = []
    moved = 0
    while movers and moved < count:
        offered = [
            (pid, (square,))
            for pid in movers
            for square in board.neighbours(board.player(pid).square or (-1, -1))
            if _free_step(ruleset, board, board.player(pid), square)
        ]
        board, stepped = _offered_step(ruleset, board, team, reason, offered, dice, decisions)
        if not stepped:
            break
        events.extend(stepped)
        moved += 1
        movers.remove(str(stepped[0].who))
    return board, tuple(events)


def _charge(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Charge!: the kicking team's Open players may take free activations (``GameState.charge``): the tracker runs
    them through :mod:`bbcore.rules.turns`, which refuses anything the Charge does not allow and ends it when one
    goes down."""
    kicking, _ = _kicking(state)
    count, rolls = _open_players(ruleset, dice)
    movers = frozenset(open_players(state.board, kicking))
    specials = frozenset(ruleset.parameters.kick_off_events.charge_specials)
    charge = Charge(kicking, movers, min(count, len(movers)), specials) if movers else None
    return attrs.evolve(state, charge=charge), (_open_player_event("free-activations", kicking, count, rolls),)


def _high_kick(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """High Kick: one Open player of the receiving team may be placed in the square where the ball will come down
    (``Decisions.free_move``, reason ``high-kick``, each Open player offered that one square), if it is free and in
    the receiving half: a ball coming down anywhere else is a touchback, and nobody waits under it."""
    _, receiving = _kicking(state)
    # The ball is still in the air: where it will land, if the kick has been made.
    square = state.kick_landing if state.kick_landing is not None else state.board.ball_square()
    board, placed = state.board, tuple[Event, ...]()
    half = "home" if receiving == board.home else "away"
    if square is not None and board.geometry.on_pitch(square) and board.geometry.half_of(square) == half and not board.occupied(square):
        offered = [(pid, (square,)) for pid in open_players(board, receiving)]
        board, placed = _offered_step(ruleset, board, receiving, HIGH_KICK, offered, dice, decisions)
    detail = {"ball": list(square) if square is not None else None, "board_changed": bool(placed)}
    event = Event("move-under-the-ball", receiving, result="may-move-one-open-player", detail=detail)
    return attrs.evolve(state, board=board), (event, *placed)


def cheering_fans(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """The Cheering Fans kick-off event: each team rolls a D6 plus its cheerleaders (:func:`kick_off_staff`); the
    highest wins (both on a tie), and the first Block or Blitz of its next turn takes an extra offensive assist
    (``GameState.cheering_fans``, given by :func:`bbcore.rules.turns.start_activation`). A team holding an inducement
    of ``kick_off_events.cheering_fans_reroll_ones`` (a Team Mascot) rolls a natural 1 again. A plugin that changes
    who counts how many registers its own row effect and may call this one."""
    bonuses = {team.id: kick_off_staff(ruleset, state, team.id, CHEERING_FANS, team.cheerleaders) for team in state.teams}
    mascots = ruleset.parameters.kick_off_events.cheering_fans_reroll_ones
    lucky = {team.id for team in state.teams if any(team.inducements.get(i, 0) > 0 for i in mascots)}
    winners, event = contest(dice, "cheering-fans", bonuses, highest=True, reroll_ones=lucky)
    return attrs.evolve(state, cheering_fans=state.cheering_fans | frozenset(winners)), (event,)


def brilliant_coaching(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """The Brilliant Coaching kick-off event: each team rolls a D6 plus its assistant coaches (:func:`kick_off_staff`);
    the highest gains team re-rolls for the drive. A plugin that changes who counts registers its own row effect."""
    bonuses = {team.id: kick_off_staff(ruleset, state, team.id, BRILLIANT_COACHING, team.assistant_coaches) for team in state.teams}
    winners, event = contest(dice, "brilliant-coaching", bonuses, highest=True)
    extra = ruleset.parameters.kick_off_events.brilliant_coaching_rerolls
    for team_id in winners:
        state = state.update_team(team_id, drive_rerolls=state.team(team_id).drive_rerolls + extra)
    return state, (attrs.evolve(event, detail={**event.detail, "drive_rerolls": extra}),)


def _changing_weather(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    rules = ruleset.parameters.kick_off_events
    state, (event,) = roll_weather(ruleset, state, dice)
    if state.weather == rules.calm_weather and state.kick_landing is not None:
        state = attrs.evolve(state, kick_scatters=rules.calm_weather_scatters)
        event = attrs.evolve(event, detail={**event.detail, "ball_scatters": rules.calm_weather_scatters})
    return state, (event,)


def _take_off(board: Board, player: PlayerState, status: Status) -> Board:
    """A player leaves the pitch for ``status``; a ball they held stays in their square (the ball procedure bounces it)."""
    square = player.square
    held = board.ball.carrier == player.id
    board = board.with_player(player.with_status(status))
    return board.with_ball(BallState(square=square)) if held else board


def _dodgy_snack(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    rules = ruleset.parameters.kick_off_events
    losers, rolled = contest(dice, "dodgy-snack", {team.id: 0 for team in state.teams}, highest=False)
    events = [rolled]
    for team_id in losers:
        picked, pick_rolls = pick_at_random(dice, _on_pitch(state.board, team_id), 1)
        if not picked:
            events.append(Event("snack", team_id, result="nobody-on-the-pitch"))
            continue
        player = state.board.player(picked[0])
        (roll,) = roll_dice(dice, "D6")
        if roll <= rules.dodgy_snack_reserves_at_most:
            state = attrs.evolve(state, board=_take_off(state.board, player, Status.RESERVES))
            events.append(Event("snack", player.id, (*pick_rolls, roll), "reserves"))
            continue
        changed = attrs.evolve(player, **{name: getattr(player, name) + by for name, by in rules.dodgy_snack_changes.items()})
        changes = tuple(DriveChange(player.id, name, by) for name, by in rules.dodgy_snack_changes.items())
        state = attrs.evolve(state, board=state.board.with_player(changed), drive_changes=state.drive_changes + changes)
        events.append(Event("snack", player.id, (*pick_rolls, roll), "weakened", {"changes": dict(rules.dodgy_snack_changes)}))
    return state, tuple(events)


def _pitch_invasion(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    rules = ruleset.parameters.kick_off_events
    losers, rolled = contest(dice, "pitch-invasion", {team.id: team.fan_factor for team in state.teams}, highest=False)
    events = [rolled]
    for team_id in losers:
        count_rolls = roll_dice(dice, rules.pitch_invasion_players)
        picked, pick_rolls = pick_at_random(dice, _on_pitch(state.board, team_id), sum(count_rolls))
        board = state.board.replace_players(state.board.player(pid).with_status(Status.STUNNED) for pid in picked)
        state = attrs.evolve(state, board=board)
        events.append(Event("stunned-by-fans", team_id, (*count_rolls, *pick_rolls), str(len(picked)), {"players": list(picked)}))
    return state, tuple(events)


#: What the core does for each row of its kick-off event table, by row id; the core plugin
#: registers them for the ``kick-off-events`` role through ``bbcore_register_row_effects``.
KICK_OFF_EFFECTS: dict[str, StepProcedure] = {
    "get-the-ref": _get_the_ref,
    TIME_OUT: _time_out,
    SOLID_DEFENCE: _solid_defence,
    HIGH_KICK: _high_kick,
    CHEERING_FANS: cheering_fans,
    BRILLIANT_COACHING: brilliant_coaching,
    CHANGING_WEATHER: _changing_weather,
    QUICK_SNAP: _quick_snap,
    CHARGE: _charge,
    DODGY_SNACK: _dodgy_snack,
    PITCH_INVASION: _pitch_invasion,
}


# -- the end of a drive ------------------------------------------------------------------------------


def send_off_secret_weapons(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Send off every player with Secret Weapon who took part in the drive.

    Taking part means being set up for the drive (``GameState.drive_players``, noted by
    the set-up step); without that record, being on the pitch now. Such a player is
    sent off wherever they are, even knocked out, unless already a casualty or sent off.
    Each goes through :func:`~bbcore.rules.foul.send_off`: the coach may Argue the Call
    and spend a Bribe, as for a Foul.
    """
    taking_part = state.drive_players or frozenset(p.id for p in state.board.players.values() if p.on_pitch)
    events: list[Event] = []
    for player_id in sorted(taking_part):
        player = state.board.players.get(player_id)
        if player is None or not player.has("secret-weapon") or player.status in (Status.CASUALTY, Status.SENT_OFF):
            continue
        off = send_off(ruleset, state, player_id, dice, decisions, reason="secret-weapon")
        state = off.state
        events.extend(off.events)
    return state, tuple(events)


def end_of_drive_effects(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """The weather's effect first (:func:`sweltering_heat`), as the rules order them, then whatever the active plugins
    do when a drive ends (``bbcore_end_of_drive_effects``), each on the board the one before left, in plugin order;
    last, the players Zap! made Frogs turn back (:func:`bbcore.rules.sports_wizard.frogs_return`)."""
    state, heat = sweltering_heat(ruleset, state, dice)
    board, events = chain_board_hook(
        ruleset,
        "bbcore_end_of_drive_effects",
        state.board,
        dice=dice,
        weather=state.weather,
        drive_effects=state.drive_effects,
        drive_players=state.drive_players,
    )
    state, frogs = frogs_return(ruleset, attrs.evolve(state, board=board))
    return state, (*heat, *events, *frogs)


def sweltering_heat(ruleset: Ruleset, state: GameState, dice: DiceSource) -> StepResult:
    """Sweltering Heat when a drive ends (the ``weather`` parameters name the row): one coach rolls how many; each
    team sends that many of its players who were on the pitch, picked at random, to the Reserves, and they may not
    be set up for the next drive (``GameState.barred_from_set_up``). Any other weather: nothing."""
    heat = ruleset.parameters.weather
    if heat.sweltering_heat is None or state.weather != heat.sweltering_heat:
        return state, ()
    rolls = roll_dice(dice, heat.sweltering_heat_players)
    count = sum(rolls)
    board, barred = state.board, set(state.barred_from_set_up)
    events = [Event("sweltering-heat", None, rolls, "players", {"count": count})]
    for team in (board.home, board.away):
        picked, picks = pick_at_random(dice, _on_pitch(board, team), count)
        for player_id in picked:
            board = board.with_player(board.player(player_id).with_status(Status.RESERVES))
        barred.update(picked)
        events.append(Event("sweltering-heat", team, picks, "to-reserves", {"players": list(picked)}))
    return attrs.evolve(state, board=board, barred_from_set_up=frozenset(barred)), tuple(events)


def recover_knocked_out_players(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Knocked-out players try to come round: :func:`bbcore.rules.injury.recover_knocked_out`, told each team's inducements."""
    outcome = recover_knocked_out(ruleset, state.board, dice, {team.id: team.inducements for team in state.teams})
    return attrs.evolve(state, board=outcome.board), outcome.events


def clear_the_pitch(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """The drive ends: what lasted for the drive expires, and every player still on the pitch goes to the Reserves.

    Standing, prone and stunned players all go to the Reserves; the ball leaves play. A player
    off the pitch is Distracted no more, and gives assists again (Eye Gouge): those conditions
    hold on the pitch only, so nobody starts the next drive with them.
    Changes waiting for a turn that has not come end now (``GameState.turn_changes``); players
    changed for the drive get their own profile back (``GameState.drive_forms``),
    characteristic changes for the drive are undone, effects for the drive
    (``GameState.drive_effects``) end and those waiting for the next drive
    (``GameState.next_drive_effects``) take their place, re-rolls for the drive are lost, bars on
    activating end (``GameState.barred_activations``, ``GameState.activated``), and the record
    of who took part in the drive is cleared (``played`` keeps it), as is the drive's touchdown
    (``GameState.touchdown``). A weather waiting to
    come back (``GameState.weather_return``) returns if it says so, else the new one stays.
    Who kicks the next drive, and whether a new half begins, is :func:`restart_the_game`'s.
    """
    # Who kicks next is read before the drive's touchdown is forgotten.
    state, restarted = restart_the_game(ruleset, state)
    # Changes that would have ended at a turn end first, so that a drive form below is the player's own.
    state, turn_ended = end_every_turn_change(state)
    board = state.board
    restored = []
    for player_id, original in sorted(state.drive_forms.items()):
        now = board.players.get(player_id)
        if now is not None:
            board = board.with_player(attrs.evolve(restore(now, original), tackle_zone=original.tackle_zone))
            restored.append(player_id)
    for change in state.drive_changes:
        player = board.players.get(change.player)
        if player is not None:
            board = board.with_player(attrs.evolve(player, **{change.characteristic: getattr(player, change.characteristic) - change.by}))
            restored.append(change.player)
    to_reserves = sorted(p.id for p in board.players.values() if p.on_pitch)
    board = board.replace_players(board.player(pid).with_status(Status.RESERVES) for pid in to_reserves).with_ball(BallState())
    # Distracted and "no assists until next activated" are conditions of a player on the pitch: off it, they end.
    lingering = [p for p in board.players.values() if not p.on_pitch and not (p.tackle_zone and p.gives_assists)]
    board = board.replace_players(attrs.evolve(p, tackle_zone=True, gives_assists=True) for p in lingering)
    lost = {team.id: team.drive_rerolls for team in state.teams if team.drive_rerolls}
    for team in state.teams:
        state = state.update_team(team.id, drive_rerolls=0)
    ended = sorted(state.drive_effects)
    state = attrs.evolve(
        state,
        board=board,
        drive_players=frozenset(),
        drive_changes=(),
        drive_effects=state.next_drive_effects,
        next_drive_effects=frozenset(),
        drive_forms={},
        barred_activations={},
        activated=frozenset(),
        may_stall=None,
        stalling=frozenset(),
        cheering_fans=frozenset(),
        cheered_player=None,
        touchdown=None,
        active_team=None,
        kicking_player=None,
        drive_fielding={},
    )
    state = with_conditions(ruleset, state)  # the drive's effects have ended
    detail = {"to_reserves": to_reserves, "restored": sorted(set(restored)), "drive_rerolls_lost": lost, "drive_effects_ended": ended}
    events = [*turn_ended, Event("drive-ends", None, result="pitch-cleared", detail=detail), *restarted]
    waiting = state.weather_return
    if waiting is not None and waiting.at_drive_end:
        state, back = _weather_returns(ruleset, state, waiting)
        events.append(back)
    return attrs.evolve(state, weather_return=None), tuple(events)


#: The event that says who kicks the next drive, and why (``touchdown`` or ``half-time``).
RESTART = "restart"


def restart_the_game(ruleset: Ruleset, state: GameState) -> StepResult:
    """Restarting the game as a drive ends (called by :func:`clear_the_pitch`).

    When both teams have played the half's ``turns_per_half`` turns and a half of the
    game's ``halves`` is still to come, the next half begins: ``GameState.half`` moves on,
    the turn markers go back to 0, and the team that kicked the game's first drive
    (``GameState.opening_kicker``) receives. Otherwise a drive that ended with a
    touchdown has the scoring team kick. Nothing changes at the end of the last half
    (Extra Time starts its own: :mod:`bbcore.rules.extra_time`), nor after a drive that
    ended any other way. The event :data:`RESTART` names the new kicking team.
    """
    turns, halves = ruleset.parameters.turns_per_half, ruleset.parameters.halves
    if all(team.turn >= turns for team in state.teams) and state.half < halves:
        turned = state.update_team(state.home.id, turn=0).update_team(state.away.id, turn=0)
        kicking = state.opponent(state.opening_kicker).id if state.opening_kicker is not None else None
        state = attrs.evolve(turned, half=state.half + 1, kicking_team=kicking or state.kicking_team)
        return state, (Event(RESTART, state.kicking_team, result="half-time", detail={"half": state.half}),)
    if state.touchdown is not None and state.half <= halves:
        state = attrs.evolve(state, kicking_team=state.touchdown)
        return state, (Event(RESTART, state.touchdown, result="touchdown", detail={"half": state.half}),)
    return state, ()


# -- the end of a turn -----------------------------------------------------------------------------


#: The event of a player Stunned since his team's turn started who turns Prone as it ends.
STUNNED_TURN_PRONE = "stunned-turns-prone"


def _stunned_turn_prone(board: Board, team: str, stunned: frozenset[str]) -> tuple[Board, tuple[Event, ...]]:
    """The team's players Stunned since its turn started (and still Stunned) turn Prone, each with an event."""
    players = [p for p in board.team_players(team) if p.id in stunned and p.status is Status.STUNNED]
    board = board.replace_players(p.with_status(Status.PRONE) for p in players)
    return board, tuple(Event(STUNNED_TURN_PRONE, p.id, (), "prone") for p in sorted(players, key=lambda p: p.id))


def end_turn(ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, decisions: Decisions | None = None) -> StepResult:
    """Whatever the active plugins do when ``team``'s turn ends (``bbcore_turn_end_effects``), each on the board the one
    before left; ``decisions`` answer what the coaches decide there (the defaults without). The changes that last until
    this team's turn ends are then undone (:func:`bbcore.rules.turn_changes.end_turn_changes`), and a weather waiting to
    come back after this team's turn (``GameState.weather_return``) returns. The turn's records of who was activated
    and who was Stalling (``GameState.activated``, ``GameState.stalling``) and the players' uses of skills limited per
    turn (:func:`bbcore.rules.board.clear_turn_uses`) are cleared once the hooks have seen them, and no team's turn is
    under way any more (``GameState.active_team``). The team's players who lay Stunned as its turn started
    (``GameState.stunned_at_turn_start``, noted by :func:`bbcore.rules.turns.start_turn`) and still do turn Prone
    (a :data:`STUNNED_TURN_PRONE` event each).
    Last, the plugins act on the whole game just after the turn (``bbcore_after_turn_effects``, which the core answers
    first: the Sports-Wizard, :mod:`bbcore.rules.sports_wizard`)."""
    board, events = chain_board_hook(
        ruleset,
        "bbcore_turn_end_effects",
        state.board,
        team=team,
        dice=dice,
        weather=state.weather,
        drive_effects=state.drive_effects,
        decisions=decisions or DefaultDecisions(),
        stalling=state.stalling,
    )
    board, recovered = _stunned_turn_prone(board, team, state.stunned_at_turn_start)
    events = (*events, *recovered)
    # A Cheering Fans assist not used in the team's own turn is lost.
    state = attrs.evolve(
        state,
        board=clear_turn_uses(board),
        activated=frozenset(),
        stunned_at_turn_start=frozenset(),
        may_stall=None,
        stalling=frozenset(),
        cheering_fans=state.cheering_fans - {team},
        active_team=None,
    )
    state, ended = end_turn_changes(state, team, TURN_ENDS)
    events = (*events, *ended)
    waiting = state.weather_return
    if waiting is not None and waiting.after_turn_of == team:
        state, back = _weather_returns(ruleset, state, waiting)
        events = (*events, back)
    state, after = chain_state_hook(
        ruleset, "bbcore_after_turn_effects", state, team=team, dice=dice, decisions=decisions or DefaultDecisions()
    )
    return state, (*events, *after)


def _weather_returns(ruleset: Ruleset, state: GameState, waiting: WeatherReturn) -> tuple[GameState, Event]:
    event = Event("weather-returns", None, (), str(waiting.weather), {"from": state.weather, "after_turn_of": waiting.after_turn_of})
    return with_conditions(ruleset, attrs.evolve(state, weather=waiting.weather, weather_return=None)), event


# -- the Leader Re-roll ----------------------------------------------------------------------------

#: The skill that gives its team one more team re-roll for a half it starts on the pitch.
LEADER = "leader"


def starts_a_half(state: GameState) -> bool:
    """Whether the coming drive is the first of a half: neither team has played a turn of it."""
    return all(team.turn == 0 for team in state.teams)


def replenish_rerolls(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """The start-of-drive step ``half-rerolls``, first of all: at the start of each half of the game (not of Extra
    Time, a half past ``halves``), every team whose ``TeamState.rerolls_per_half`` is known has its team re-rolls set
    back to that count; those left from the last half are gone. At the first half, team re-rolls a team gained
    before the game (above that count: a prayer's, say) are kept for it. Nothing happens on the other drives."""
    if not starts_a_half(state) or state.half > ruleset.parameters.halves:
        return state, ()
    events = []
    for team in state.teams:
        if team.rerolls_per_half is None:
            continue
        count = max(team.rerolls, team.rerolls_per_half) if state.half == 1 else team.rerolls_per_half
        state = state.update_team(team.id, rerolls=count)
        detail = {"half": state.half, "rerolls": count, "left_before": team.rerolls}
        events.append(Event("team-rerolls", team.id, (), "replenished", detail))
    return state, tuple(events)


def _leader_on_pitch(state: GameState, team_id: str) -> bool:
    return any(p.has(LEADER) and p.on_pitch for p in state.board.team_players(team_id))


def leader_reroll(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """The start-of-drive step ``leader-reroll``, after set-up: at the start of a half (:func:`starts_a_half`), a team
    with a Leader on the pitch gains its Leader Re-roll for the half (``TeamState.leader_reroll``); one without
    loses any left from the last half. Nothing happens on the other drives."""
    if not starts_a_half(state):
        return state, ()
    events = []
    for team in state.teams:
        gained = _leader_on_pitch(state, team.id)
        state = state.update_team(team.id, leader_reroll=gained)
        if gained:
            events.append(Event("leader-reroll", team.id, (), "gained", {"half": state.half}))
    return state, tuple(events)


def may_use_leader_reroll(state: GameState, team_id: str) -> bool:
    """Whether the team may spend its Leader Re-roll now: it has one left and a Leader is still on the pitch
    (with every Leader removed, a Casualty or Sent-off, it cannot be used). It is spent like a team re-roll, and a
    Halfling Master Chef cannot take it: the chefs take from ``TeamState.rerolls`` only."""
    return state.team(team_id).leader_reroll and _leader_on_pitch(state, team_id)


def use_leader_reroll(state: GameState, team_id: str) -> tuple[GameState, tuple[Event, ...]]:
    """Spend the team's Leader Re-roll (the caller then re-rolls as with a team re-roll); a
    :class:`~bbcore.errors.UsageError` when :func:`may_use_leader_reroll` says it may not."""
    if not may_use_leader_reroll(state, team_id):
        raise UsageError(f"team {team_id!r} has no Leader Re-roll it may use: none left this half, or no Leader on the pitch")
    return state.update_team(team_id, leader_reroll=False), (Event("leader-reroll", team_id, (), "used"),)


def cook(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """The ``chef`` step: at the start of each half, each team holding an inducement with a ``chef`` effect (the
    Halfling Master Chef) rolls its dice; every die of the effect's ``target`` or more gains the team ``by`` team
    re-rolls for the half and takes ``by`` from the opponent, as far as the opponent has team re-rolls left (those a
    skill or a Leader gives are not in ``TeamState.rerolls`` and cannot be taken). Any other drive: nothing."""
    if not starts_a_half(state):
        return state, ()
    events = []
    for team in state.teams:
        for inducement_id, held in sorted(team.inducements.items()):
            inducement = ruleset.inducements.get(inducement_id)
            if inducement is None or held <= 0:
                continue
            for effect in (e for e in inducement.effects if e.chef is not None):
                assert effect.chef is not None
                assert effect.target is not None  # the schema asks for target and by with chef
                state, event = chef_cooks(state, team.id, inducement_id, dice, effect.chef, effect.target, effect.by or 0, effect.by or 0)
                events.append(event)
    return state, tuple(events)


def chef_cooks(
    state: GameState, team_id: str, inducement_id: str, dice: DiceSource, chef_dice: str, success_on: int, gain: int, take: int
) -> tuple[GameState, Event]:
    """One chef's cooking: ``chef_dice`` rolled, every die of ``success_on`` or more gains the team ``gain`` team
    re-rolls and takes ``take`` from the opponent, as far as it has any. (:func:`cook` calls it for the core's
    chefs; a plugin with chefs of its own numbers may too.)"""
    rolls = roll_dice(dice, chef_dice)
    successes = sum(1 for roll in rolls if roll >= success_on)
    opponent = state.opponent(team_id)
    gained, taken = successes * gain, min(opponent.rerolls, successes * take)
    state = state.update_team(team_id, rerolls=state.team(team_id).rerolls + gained)
    state = state.update_team(opponent.id, rerolls=opponent.rerolls - taken)
    detail = {"inducement": inducement_id, "gained": gained, "taken": taken, "half": state.half}
    return state, Event("chef", team_id, rolls, f"{successes} successes", detail)


#: The core's procedures for the start-of-drive and end-of-drive steps, by step id.
STEPS: dict[str, StepProcedure] = {
    "half-rerolls": replenish_rerolls,
    "chef": cook,
    "set-up": set_up,
    "swarming": swarm,
    "leader-reroll": leader_reroll,
    "kick-off": kick,
    "on-the-ball": kick_off_move,
    "kick-off-event": kick_off_event,
    "ball-lands": ball_lands,
    "secret-weapons": send_off_secret_weapons,
    "end-of-drive-effects": end_of_drive_effects,
    "ko-recovery": recover_knocked_out_players,
    "drive-ends": clear_the_pitch,
}
