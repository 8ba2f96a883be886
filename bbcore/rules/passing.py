"""The Pass Action: the range, the test for accuracy, interceptions, and where the ball comes down; and the Hand-off.

The range is read from the ``pass-range`` table (the same Range Ruler as Throw
Team-mate, :func:`bbcore.rules.ttm.pass_range`); the other numbers are the
``passing`` parameters and the ``ball.catch_modifiers``. Every number a plugin adds
to the Passing Ability Test comes through ``bbcore_pass_modifiers``.

The steps are separate functions so that a variant can build its own kinds of pass
from them (a throw at a wall, say): :func:`measure_range`,
:func:`roll_for_accuracy`, :func:`intercept` and :func:`ball_comes_down`.

Skills handled here: Pass (re-roll), Accurate and Cannoneer (``skill_modifiers``),
Nerves of Steel (markers ignored, for the pass and the catch), Safe Pass, Hail Mary
Pass, Cloud Burster (which Very Long Legs ignores), Disturbing Presence, Extra Arms and
Very Long Legs (interception), Diving Catch,
Catch (through :func:`bbcore.rules.ball.catch`) and Loner on team re-rolls. Strong
Arm helps only a Throw Team-mate Action in Blood Bowl 2025. Not handled: Dump-off
(a Quick Pass out of turn, which its caller would make with this procedure) and the
skills that move players while a pass is declared.

:func:`hand_off` gives the ball to a team-mate alongside, who must catch it (the
``hand_off`` catch modifier, markers, the weather's). As for a pass, the move before it,
the one Hand-off a turn and Give and Go's move after it are the turn's.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from math import hypot
from typing import TYPE_CHECKING

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules import ball
from bbcore.rules.ball import MY_BALL
from bbcore.rules.board import BallState, Board, PlayerState, Square, named_by, next_to, square_towards, step
from bbcore.rules.decisions import Decisions, checked_choice_or_none
from bbcore.rules.events import Event, Outcome
from bbcore.rules.on_the_ball import before_pass
from bbcore.rules.rerolls import PRO, Judge, RerollBudget, RolledTest, Verdict, plugin_reroll, pro_for, take_test, target_test
from bbcore.rules.ttm import pass_range, range_in_squares

if TYPE_CHECKING:
    from bbcore.model.parameters import PassingRules
    from bbcore.model.table import Row
    from bbcore.ruleset import Ruleset

#: The test's name in events and in re-roll questions.
PASS_TEST = "pass"  # noqa: S105 - a test name, not a password
ACCURATE, INACCURATE, WILDLY_INACCURATE, FUMBLED = "accurate", "inaccurate", "wildly-inaccurate", "fumbled"
#: The skill that lets a pass go to any square of the pitch.
HAIL_MARY_PASS = "hail-mary-pass"  # noqa: S105 - a skill id
#: A natural 1 that Safe Pass turns from a fumble into keeping the ball.
SAFE_PASS = "safe-pass"  # noqa: S105 - a result name
#: The catch situations (keys of ``ball.catch_modifiers``) for each kind of pass that reaches its square.
CATCH_SITUATION = {ACCURATE: "accurate_pass", INACCURATE: "inaccurate_pass", WILDLY_INACCURATE: "inaccurate_pass"}

#: Below this the ruler does not overlap a square: it only touches an edge or a corner.
_EPSILON = 1e-9


def under_ruler(origin: Square, target: Square, square: Square, width: float) -> bool:
    """Whether a strip ``width`` squares wide, centred on the line between the centres of ``origin`` and ``target``, overlaps ``square``.

    Each square is a unit square around its centre ``(x, y)``. The strip runs from
    centre to centre: it does not reach past either end. Merely touching a square's
    edge or corner is not overlapping it. With ``width`` 0 the strip is the line
    itself, and the test says whether that line passes through the square's inside.
    The test looks for a separating axis (the two axes of the pitch, the line and its
    normal): the strip and the square overlap when none of them separates their
    projections.
    """
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    length = hypot(dx, dy)
    if length == 0:
        return square == origin
    half = width / 2
    # From the square's centre to the strip's middle.
    rx = (origin[0] + target[0]) / 2 - square[0]
    ry = (origin[1] + target[1]) / 2 - square[1]
    square_across = (abs(dx) + abs(dy)) / (2 * length)  # the square's half-extent along the line, and across it
    return (
        abs(rx) < abs(dx) / 2 + half * abs(dy) / length + 0.5 - _EPSILON
        and abs(ry) < abs(dy) / 2 + half * abs(dx) / length + 0.5 - _EPSILON
        and abs(rx * dx + ry * dy) / length < length / 2 + square_across - _EPSILON
        and abs(ry * dx - rx * dy) / length < half + square_across - _EPSILON
    )


def measure_range(
    ruleset: Ruleset, passer: PlayerState, target: Square, *, hail_mary: bool = False, open_bands: Collection[str] | None = None
) -> Row:
    """The band of the ``pass-range`` table for a pass from ``passer`` to ``target``; ``UsageError`` when no pass is allowed.

    A Hail Mary Pass is tested as the ``hail_mary_band`` whatever the distance.
    ``open_bands`` (the weather's, say) lists the only bands allowed.
    """
    origin = square_towards(passer, target)
    table = ruleset.table("pass-range")
    if hail_mary:
        band = table.row(ruleset.parameters.passing.hail_mary_band)
    else:
        found = pass_range(ruleset, origin, target)
        if found is None:
            raise UsageError(f"{target} is {range_in_squares(origin, target)} squares from {passer.id}: beyond the Range Ruler")
        band = found
    if open_bands is not None and band.id not in open_bands:
        allowed = f"only {', '.join(sorted(open_bands))}" if open_bands else "no pass may be thrown"
        raise UsageError(f"a {band.name} is not allowed now; {allowed}")
    return band


def accuracy_judge(pa: int, modifier: int, rules: PassingRules, *, hail_mary: bool = False) -> Judge:
    """What a Passing Ability roll means for a pass: Accurate, Inaccurate, Wildly Inaccurate or Fumbled.

    A natural 6 is Accurate and a natural 1 Fumbled whatever the modifiers. Otherwise a
    total at or below ``fumble_at_most`` is Fumbled, at or below
    ``wildly_inaccurate_at_most`` (when set) Wildly Inaccurate, reaching ``pa``
    Accurate, and anything else Inaccurate. Only an Accurate Pass passes the test. A
    Hail Mary Pass that would be Accurate is Inaccurate, though the test is passed.
    """

    def judge(roll: int) -> Verdict:
        total = roll + modifier
        if roll == 6 or (roll != 1 and not _at_most(total, rules.fumble_at_most) and total >= pa):
            return Verdict(True, INACCURATE if hail_mary else ACCURATE, modifier)
        if roll == 1 or _at_most(total, rules.fumble_at_most):
            return Verdict(False, FUMBLED, modifier)
        if _at_most(total, rules.wildly_inaccurate_at_most):
            return Verdict(False, WILDLY_INACCURATE, modifier)
        return Verdict(False, INACCURATE, modifier)

    return judge


def _at_most(total: int, limit: int | None) -> bool:
    return limit is not None and total <= limit


def pass_modifier(ruleset: Ruleset, board: Board, passer: PlayerState, target: Square, band: Row, *, weather: int = 0) -> int:
    """The Passing Ability Test modifier.

    The band's ``modifier``; ``pass_modifiers.per_marker`` for each marker unless the
    passer has Nerves of Steel; ``pass_modifiers.disturbing_presence`` for each
    opponent with Disturbing Presence near enough; the ``skill_modifiers`` of the
    passer's skills that cover the band (Accurate, Cannoneer); ``weather``; the ``pass``
    and ``pass-action`` modifiers in force (:meth:`~bbcore.rules.board.Board.modifier`: a
    Throw Team-mate takes the first only); and the sum of ``bbcore_pass_modifiers``.
    """
    rules = ruleset.parameters.passing
    total = int(band.values.get("modifier") or 0) + weather + board.modifier("pass", passer) + board.modifier("pass-action", passer)
    if not passer.has("nerves-of-steel"):
        total += rules.pass_modifiers.get("per_marker", 0) * len(board.markers_of(passer))
    total += rules.pass_modifiers.get("disturbing_presence", 0) * ball.disturbing_presences(ruleset, board, passer)
    total += sum(bonus.by for skill, bonus in rules.skill_modifiers.items() if passer.has(skill) and band.id in bonus.bands)
    answers = ruleset.hook.bbcore_pass_modifiers(ruleset=ruleset, board=board, passer=passer, target=target, band=band)
    return total + sum(int(answer) for answer in answers if answer is not None)


def roll_for_accuracy(
    ruleset: Ruleset,
    board: Board,
    passer_id: str,
    target: Square,
    band: Row,
    dice: DiceSource,
    decisions: Decisions,
    budget: RerollBudget,
    *,
    weather: int = 0,
    hail_mary: bool = False,
) -> tuple[RolledTest, RerollBudget]:
    """The Passing Ability Test of a pass, with the Pass skill's re-roll or a team re-roll for a failure.

    The verdict's ``result`` is ``accurate``, ``inaccurate``, ``wildly-inaccurate`` or
    ``fumbled`` (see :func:`accuracy_judge`); see :func:`safe_pass` for a natural 1 the
    passer survives. The event is named ``pass``.
    """
    passer = board.player(passer_id)
    if passer.pa is None:
        raise UsageError(f"{passer_id} has no Passing Ability and cannot make the Passing Ability Test of a pass")
    modifier = pass_modifier(ruleset, board, passer, target, band, weather=weather)
    judge = accuracy_judge(passer.pa, modifier, ruleset.parameters.passing, hail_mary=hail_mary)
    return take_test(
        passer,
        PASS_TEST,
        judge,
        dice,
        decisions,
        budget,
        skill="pass",
        skill_once_per_turn=False,
        detail={"target": passer.pa, "band": band.id, "square": list(target)},
        offered=plugin_reroll(ruleset, board, passer, PASS_TEST),
    )


def safe_pass(passer: PlayerState, rolled: RolledTest) -> bool:
    """Whether Safe Pass turns this fumble into keeping the ball: the passer has it and the last roll was a natural 1."""
    return rolled.verdict.result == FUMBLED and rolled.rolls[-1] == 1 and passer.has("safe-pass")


def interception_modifier(ruleset: Ruleset, board: Board, player: PlayerState, accuracy: str, *, weather: int = 0) -> int:
    """The interception Agility Test modifier: against this kind of pass, each marker, Extra Arms, Very Long Legs,
    Stunty, Disturbing Presence, the weather (``weather``, or the ``interception`` modifier in force on the board).

    A plugin's ``bbcore_interception_relief`` eases the negative ones together, never past 0."""
    modifiers = ruleset.parameters.passing.interception_modifiers
    parts = (
        modifiers.get(ACCURATE if accuracy == ACCURATE else INACCURATE, 0),
        weather,
        board.modifier("interception", player),
        modifiers.get("per_marker", 0) * len(board.markers_of(player)),
        modifiers.get("extra_arms", 0) if player.has("extra-arms") else 0,
        modifiers.get("very_long_legs", 0) if player.has("very-long-legs") else 0,
        modifiers.get("stunty", 0) if player.has("stunty") else 0,
        modifiers.get("disturbing_presence", 0) * ball.disturbing_presences(ruleset, board, player),
    )
    relief: int | None = ruleset.hook.bbcore_interception_relief(ruleset=ruleset, board=board, player=player)
    if not relief:
        return sum(parts)
    return min(0, sum(p for p in parts if p < 0) + relief) + sum(p for p in parts if p > 0)


def interception_candidates(
    ruleset: Ruleset, board: Board, passer: PlayerState, landing: Square, accuracy: str, *, weather: int = 0
) -> list[PlayerState]:
    """Opponents who may intercept: in play (standing, with a tackle zone) on a square the ruler overlaps.

    The ruler lies from the passer's square (of a bigger base, the one nearest ``landing``) to ``landing`` (see :func:`under_ruler`,
    ``passing.ruler_width``); the passer's and the landing square do not count, and a
    player on a bigger base is under it when any other square of the base is. A
    passer with Cloud Burster leaves only players with Very Long Legs to try. The
    likeliest to succeed come first, then by id. A player with No Ball never intercepts.
    """
    origin = square_towards(passer, landing)
    width = ruleset.parameters.passing.ruler_width
    found = [
        player
        for player in board.players.values()
        if player.team != passer.team
        and board.in_play(player)
        and any(under_ruler(origin, landing, square, width) for square in player.squares if square not in (origin, landing))
        and (not passer.has("cloud-burster") or player.has("very-long-legs"))
        and not ball.holds_no_ball(ruleset, player)
    ]
    return sorted(found, key=lambda p: (p.ag - interception_modifier(ruleset, board, p, accuracy, weather=weather), p.id))


def intercept(
    ruleset: Ruleset,
    board: Board,
    passer_id: str,
    landing: Square,
    accuracy: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    weather: int = 0,
    active: ball.CatchRerolls | None = None,
) -> Outcome | None:
    """The defending coach may send one player under the ruler to intercept; None when nobody can or nobody tries.

    The Agility Test uses :func:`interception_modifier`; no team re-roll may be spent on it in
    the passing team's turn. A pass thrown in the other team's turn (a Dump-off) names that
    team in ``active``: its interceptor may spend its team re-rolls, and the player in his
    activation his Pro. A success gives the interceptor the ball and is a turnover; a failure
    changes nothing but the events.
    """
    tried = try_interception(ruleset, board, passer_id, landing, accuracy, dice, decisions, weather=weather, active=active)
    if tried is None:
        return None
    interceptor, events = tried
    if interceptor is not None:
        return Outcome(board.with_ball(BallState(carrier=interceptor)), events, turnover=True)
    return Outcome(board, events)


def try_interception(
    ruleset: Ruleset,
    board: Board,
    passer_id: str,
    landing: Square,
    accuracy: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    weather: int = 0,
    active: ball.CatchRerolls | None = None,
) -> tuple[str | None, tuple[Event, ...]] | None:
    """:func:`intercept`'s choice and test with nothing moved: None when nobody tries, else (the interceptor's id
    when he succeeds, None when he fails; the events). A thrown bomb is intercepted this way. ``active``: see
    :func:`intercept`."""
    passer = board.player(passer_id)
    candidates = interception_candidates(ruleset, board, passer, landing, accuracy, weather=weather)
    if not candidates:
        return None
    ids = [p.id for p in candidates]
    interceptors = board.opponent_of(passer.team)
    chosen = checked_choice_or_none(decisions.interceptor(interceptors, ids), ids, question="interceptor", who=interceptors)
    if chosen is None:
        return None
    player = board.player(chosen)
    modifier = interception_modifier(ruleset, board, player, accuracy, weather=weather)
    # Only the active team spends team re-rolls: the interceptor's, when a pass is thrown in his team's turn.
    mine = active if active is not None and active.team == player.team else None
    budget = RerollBudget(mine.team_rerolls, pro=mine.pro) if mine is not None else RerollBudget()
    rolled, _ = take_test(
        player,
        "interception",
        target_test(player.ag, modifier),
        dice,
        decisions,
        budget,
        team_reroll_allowed=mine is not None,
        detail={"target": player.ag, "pass": accuracy},
        offered=plugin_reroll(ruleset, board, player, "interception"),
    )
    return (chosen if rolled.passed else None), rolled.events


def ball_comes_down(
    ruleset: Ruleset,
    board: Board,
    square: Square,
    accuracy: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    passing_team: str,
    weather: int = 0,
    team_rerolls: int = 0,
    target: Square | None = None,
    pro: tuple[str, int] | None = None,
    catching: ball.TeamRerolls | None = None,
) -> Outcome:
    """A pass comes down on ``square`` (on the pitch): caught, taken by a feature, or bouncing.

    A standing player there must try to catch it (the catch situation of this kind of
    pass, plus ``weather``; plus ``ball.catch_modifiers.diving_catch`` for a player with
    Diving Catch standing in the pass's ``target`` square). On a square with nobody Standing in it (empty, or a player
    lying there) that no feature takes, a player with
    Diving Catch whose tackle zone covers it may try first, from where they stand (the
    passing team's, then the others', each asked in turn; one standing in the ``target``
    square has the skill's bonus too); a miss bounces from their square as any dropped
    catch does. Otherwise :func:`bbcore.rules.ball.land_ball`.
    A catcher of the passing team may spend one of its ``team_rerolls`` on a miss, and the passer, should it come
    down on him, his Pro (``pro``: not tried yet in his activation; see :func:`bbcore.rules.ball.catch`).
    ``catching`` replaces both for a pass thrown in the other team's turn (a Dump-off): that team's re-rolls.
    """
    situation = CATCH_SITUATION.get(accuracy, "inaccurate_pass")
    held = catching if catching is not None else ball.CatchRerolls(passing_team, team_rerolls, pro)
    dived = ball.diving_catch(
        ruleset,
        board,
        square,
        dice,
        decisions,
        situation=situation,
        reason=PASS_TEST,
        first_team=passing_team,
        modifier=weather,
        team_reroll_for=held,
        target=target,
    )
    if dived is not None:
        return dived
    occupant = board.at(square)
    diving = occupant is not None and square == target and occupant.has("diving-catch") and occupant.alert
    bonus = ruleset.parameters.ball.catch_modifiers.get("diving_catch", 0) if diving else 0
    return ball.land_ball(
        ruleset,
        board,
        square,
        dice,
        decisions,
        cause="pass",
        situation=situation,
        modifier=weather + bonus,
        team_reroll_for=held,
    )


def pass_flight(
    ruleset: Ruleset, board: Board, passer: PlayerState, target: Square, accuracy: str, dice: DiceSource
) -> tuple[Square, Square, Event]:
    """Where the pass is destined to land: (that square, perhaps off the pitch; the last square on the pitch on the way; the event).

    Accurate: the target. Inaccurate: Scatter from the target, stopping at the first
    square off the pitch. Wildly Inaccurate: Deviate from the passer, stopping at the
    edge if the straight line leaves the pitch (a bigger base's from its square nearest the target).
    """
    on_pitch = board.geometry.on_pitch
    if accuracy == ACCURATE:
        return target, target, Event("pass-flight", passer.id, (), "on-target", {"to": list(target)})
    if accuracy == WILDLY_INACCURATE:
        direction, direction_rolls = ball.scatter_direction(ruleset, dice)
        distance_rolls = roll_dice(dice, ruleset.parameters.ball.deviate_distance)
        origin = square = last = square_towards(passer, target)
        for _ in range(sum(distance_rolls)):
            square = step(square, direction)
            if not on_pitch(square):
                break
            last = square
        deviated = direction_rolls + distance_rolls
        return square, last, Event("pass-flight", passer.id, deviated, "deviated", {"from": list(origin), "to": list(square)})
    square = last = target
    rolls: tuple[int, ...] = ()
    for _ in range(ruleset.parameters.passing.inaccurate_scatter):
        direction, rolled = ball.scatter_direction(ruleset, dice)
        rolls += rolled
        square = step(square, direction)
        if not on_pitch(square):
            break
        last = square
    return square, last, Event("pass-flight", passer.id, rolls, "scattered", {"from": list(target), "to": list(square)})


def _check(board: Board, passer: PlayerState, target: Square) -> None:
    if not passer.standing or passer.square is None:
        raise UsageError(f"{passer.id} cannot pass: they are {passer.status.value}")
    if board.ball.carrier != passer.id:
        raise UsageError(f"{passer.id} cannot pass: they do not hold the ball")
    if passer.has(MY_BALL):
        raise UsageError(f"{passer.id} cannot pass: with My Ball he never gives the ball up")
    if not board.geometry.on_pitch(target):
        raise UsageError(f"the target square {target} is off the pitch")


def held_by_team(board: Board, team: str) -> bool:
    """Whether a player of ``team`` holds the ball: what a pass must end in to avoid a turnover."""
    carrier = board.ball.carrier
    return carrier is not None and board.player(carrier).team == team


def fumble(
    ruleset: Ruleset, board: Board, passer: PlayerState, dice: DiceSource, decisions: Decisions, *, active: ball.CatchRerolls | None = None
) -> Outcome:
    """A Fumbled Pass: the ball bounces from the passer's square; a turnover whoever ends up with it. A pass fumbled in
    the other team's turn (a Dump-off's) leaves that team, ``active``, its re-rolls for catching the bounce."""
    assert passer.square is not None
    loose = board.with_ball(BallState(square=passer.square))
    dropped = ball.bounce(ruleset, loose, passer.square, dice, decisions, cause="pass", team_reroll_for=active)
    return Outcome(dropped.board, dropped.events, turnover=True)


#: The skill that lets a carrier about to be blocked (or singled out) throw a Quick Pass first.
DUMP_OFF = "dump-off"
#: The band of the ``pass-range`` table a Dump-off may use.
QUICK_BAND = "quick"


def allowed_bands(board: Board, open_bands: Collection[str] | None) -> tuple[str, ...] | None:
    """The pass-range bands a pass may be: those the caller allows (None: all) that the board's conditions allow too
    (``Board.open_pass_bands``); None when neither limits them."""
    held = board.open_pass_bands
    if open_bands is None:
        return held
    return tuple(band for band in open_bands if held is None or band in held)


def dump_off(
    ruleset: Ruleset, board: Board, player_id: str, dice: DiceSource, decisions: Decisions, *, active: ball.CatchRerolls | None = None
) -> Outcome:
    """Dump-off: ``player_id``, holding the ball, is about to be blocked or singled out by a special action; he may
    first throw a Quick Pass (:func:`pass_ball`, the ``quick`` band only) to a square his coach picks
    (``Decisions.choose_square``, reason ``dump-off``; None: no pass). It causes no turnover, whatever happens to
    the ball; the action against him goes on afterwards. Without the skill or the ball, when Distracted, with My
    Ball, or while no Quick Pass may be thrown (``Board.open_pass_bands``), nothing happens. ``active`` is the team
    whose turn it is, with its team re-rolls left and the acting player's untried Pro (see
    :func:`~bbcore.rules.block.catch_rerolls`): they alone may re-roll an interception or a catch of the pass."""
    player = board.player(player_id)
    if not player.has(DUMP_OFF) or not player.alert or board.ball.carrier != player_id or player.square is None or player.pa is None:
        return Outcome(board)
    if player.has(MY_BALL):
        return Outcome(board)  # he may not give the ball up of his own will, Dump-off or not
    if board.open_pass_bands is not None and QUICK_BAND not in board.open_pass_bands:
        return Outcome(board)  # no Quick Pass may be thrown now (Sticky Sludge, say)
    origin = player.square
    squares = [
        (x, y)
        for x in range(board.geometry.pitch.length)
        for y in range(board.geometry.pitch.width)
        if (x, y) != origin and (band := pass_range(ruleset, origin, (x, y))) is not None and band.id == QUICK_BAND
    ]
    target = decisions.choose_square(player_id, DUMP_OFF, squares) if squares else None
    if target is None:
        return Outcome(board)
    if target not in squares:
        raise UsageError(f"{player_id} cannot Dump-off to {target}: only a Quick Pass is allowed")
    # Thrown in the other team's turn: no team re-roll, and no Pro (it is not his activation).
    passed = pass_ball(ruleset, board, player_id, target, dice, decisions, open_bands=(QUICK_BAND,), spent=frozenset({PRO}), active=active)
    return Outcome(passed.board, (Event(DUMP_OFF, player_id, (), "quick-pass", {"target": list(target)}), *passed.events))


def pass_ball(
    ruleset: Ruleset,
    board: Board,
    passer_id: str,
    target: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll: int | bool = False,
    spent: frozenset[str] = frozenset(),
    weather: Mapping[str, int] | None = None,
    open_bands: Collection[str] | None = None,
    hail_mary: bool = False,
    active: ball.CatchRerolls | None = None,
) -> Outcome:
    """The ball carrier passes to ``target`` (a square on the pitch): measure, test, interceptions, and the ball comes down.

    ``team_reroll`` is how many team re-rolls the team may spend (True: one), on the
    Passing Ability Test and then on its own player's catch where the ball comes down;
    ``spent`` the once-per-turn skills already used. ``weather`` holds more modifiers by
    test (``pass``, ``pass-action``, ``interception``, ``catch``) for a caller that keeps the weather's off the
    board: in a game the core runs, the board's conditions already hold them
    (:mod:`bbcore.rules.conditions`), so leave it empty there; ``open_bands`` the only bands the caller allows (None:
    all), narrowed further by the board's ``open_pass_bands`` (a Blizzard's, in a game the core runs; see
    :func:`allowed_bands`). ``hail_mary``
    makes it a Hail Mary Pass (the passer needs the skill): any square of the pitch,
    tested as ``hail_mary_band``, never Accurate, never intercepted.

    Once the target is declared, opponents with On the Ball may move
    (:func:`bbcore.rules.on_the_ball.before_pass`) before the Passing Ability Test.

    A Fumbled Pass bounces from the passer and is a turnover, unless Safe Pass keeps the
    ball (no turnover; the activation ends). Otherwise the ball is destined for the
    target (Accurate), Scatter (``inaccurate_scatter``) from it (Inaccurate), or a
    Deviate from the passer (Wildly Inaccurate, when the parameters have it). Except
    after a Wildly Inaccurate or a Hail Mary Pass, or from a passer with Cloud
    Burster, one opponent under the ruler may intercept. A ball destined past the
    edge goes out there (``bbcore_ball_leaves_pitch``: the core's throw-in); otherwise
    it comes down (:func:`ball_comes_down`). The outcome is a turnover unless a player
    of the passing team holds the ball at the end.

    A pass thrown in the other team's turn (a Dump-off) names that team in ``active``
    (its team re-rolls left, its active player's untried Pro): only it may re-roll, on an
    interception and on its own players' catches; the passing team spends nothing then.
    """
    passer = board.player(passer_id)
    _check(board, passer, target)
    if hail_mary and not passer.has(HAIL_MARY_PASS):
        raise UsageError(f"{passer_id} cannot make a Hail Mary Pass: they do not have the skill")
    assert passer.square is not None
    receiver = board.at(target)
    refused = animosity_test(ruleset, board, passer, receiver, dice) if receiver is not None else None
    if refused is not None and refused.result == REFUSED:
        return Outcome(board, (refused,))
    weather = weather or {}
    open_bands = allowed_bands(board, open_bands)
    band = measure_range(ruleset, passer, target, hail_mary=hail_mary, open_bands=open_bands)
    declared = Event(
        "pass-action",
        passer_id,
        (),
        band.id,
        {"target": list(target), "range": range_in_squares(square_towards(passer, target), target), "hail_mary": hail_mary},
    )
    # Opponents with On the Ball move once the target is known, before the test.
    on_the_ball = before_pass(ruleset, board, passer_id, dice, decisions)
    board = on_the_ball.board
    budget = RerollBudget(int(team_reroll), frozenset(spent), pro=pro_for(ruleset, passer_id))
    rolled, budget = roll_for_accuracy(
        ruleset,
        board,
        passer_id,
        target,
        band,
        dice,
        decisions,
        budget,
        weather=weather.get("pass", 0) + weather.get("pass-action", 0),
        hail_mary=hail_mary,
    )
    events = (*((refused,) if refused is not None else ()), declared, *on_the_ball.events, *rolled.events)
    accuracy = rolled.verdict.result
    if accuracy == FUMBLED:
        if safe_pass(passer, rolled):
            return Outcome(board, (*events, Event(SAFE_PASS, passer_id, (), "kept", {"square": list(passer.square)})))
        dropped = fumble(ruleset, board, passer, dice, decisions, active=active)
        return Outcome(dropped.board, events + dropped.events, turnover=True)

    landing, last, flight = pass_flight(ruleset, board, passer, target, accuracy, dice)
    outcome = Outcome(board.with_ball(BallState()), (*events, flight))
    untried = None if PRO in budget.spent else budget.pro
    held: ball.TeamRerolls | None = active if active is not None else ball.CatchRerolls(passer.team, budget.team_rerolls, untried)
    if not (hail_mary or accuracy == WILDLY_INACCURATE):
        interception = weather.get("interception", 0)
        stolen = intercept(ruleset, outcome.board, passer_id, landing, accuracy, dice, decisions, weather=interception, active=active)
        if stolen is not None:
            outcome = outcome.then(stolen)
            if stolen.turnover:
                return outcome
            held = ball.catch_rerolls_left(held, stolen.events)
    if not board.geometry.on_pitch(landing):
        down = ball.leave_pitch(ruleset, outcome.board, last, landing, dice, decisions, cause="pass", team_reroll_for=held)
    else:
        down = ball_comes_down(
            ruleset,
            outcome.board,
            landing,
            accuracy,
            dice,
            decisions,
            passing_team=passer.team,
            weather=weather.get("catch", 0),
            target=target,
            catching=held,
        )
    outcome = outcome.then(down)
    return Outcome(outcome.board, outcome.events, turnover=not held_by_team(outcome.board, passer.team))


#: The ``ball.catch_modifiers`` situation of a ball handed off.
HAND_OFF = "hand_off"


def hand_off(
    ruleset: Ruleset,
    board: Board,
    giver_id: str,
    receiver_id: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll: int | bool = False,
    weather: Mapping[str, int] | None = None,
    pro: bool = True,
) -> Outcome:
    """The ball carrier hands the ball to a team-mate alongside, who must catch it.

    The receiver must be a Standing team-mate next to the giver who has his Tackle Zone
    (not Distracted); anything else is a :class:`~bbcore.errors.UsageError`. The catch
    is :func:`bbcore.rules.ball.catch` in the ``hand_off`` situation, with ``weather``'s
    ``catch`` modifier (as for :func:`pass_ball`, empty in a game the core runs) and
    ``team_reroll`` team re-rolls to spend on a miss; a missed ball bounces from the
    receiver's square; should it come back down on the giver, he may try his catch again
    with Pro (``pro``: not tried yet in his activation). Unless a player of the giver's
    team holds the ball at the end, it is a turnover.
    """
    giver, receiver = board.player(giver_id), board.player(receiver_id)
    if board.ball.carrier != giver_id or not giver.standing:
        raise UsageError(f"{giver_id} cannot hand the ball off: only a Standing ball carrier can")
    if giver.has(MY_BALL):
        raise UsageError(f"{giver_id} cannot hand the ball off: with My Ball he never gives the ball up")
    if receiver.team != giver.team or receiver_id == giver_id:
        raise UsageError(f"{giver_id} cannot hand the ball to {receiver_id}: the receiver must be a team-mate")
    if not board.in_play(receiver):
        raise UsageError(f"{giver_id} cannot hand the ball to {receiver_id}: the receiver must be Standing with his Tackle Zone")
    if not next_to(giver, receiver):
        raise UsageError(f"{giver_id} cannot hand the ball to {receiver_id}: the receiver must be next to him")
    refused = animosity_test(ruleset, board, giver, receiver, dice)
    if refused is not None and refused.result == REFUSED:
        return Outcome(board, (refused,))
    handed = Event("hand-off", giver_id, (), receiver_id)
    arriving = board.with_ball(BallState(square=receiver.square))
    caught = ball.catch(
        ruleset,
        arriving,
        receiver_id,
        dice,
        decisions,
        situation=HAND_OFF,
        modifier=(weather or {}).get("catch", 0),
        team_reroll_for=ball.CatchRerolls(giver.team, int(team_reroll), pro_for(ruleset, giver_id) if pro else None),
    )
    braved = (refused,) if refused is not None else ()
    return Outcome(caught.board, (*braved, handed, *caught.events), turnover=not held_by_team(caught.board, giver.team))


#: The trait that may make a player refuse to give the ball (My Ball, which never does, is the ball module's).
ANIMOSITY = "animosity"
REFUSED = "refused"


def animosity_test(ruleset: Ruleset, board: Board, giver: PlayerState, receiver: PlayerState, dice: DiceSource) -> Event | None:
    """The D6 a player with Animosity (X) rolls before passing or handing off to a team-mate X names (a keyword of the
    team-mate's position, or ``all``): None when no roll is due; else the event, ``refused`` when he will not (his
    activation ends, no turnover). The target is the ``targets.animosity`` parameter."""
    named = giver.skills.get(ANIMOSITY) if giver.has(ANIMOSITY) else None
    if named is None or receiver.team != giver.team or receiver.id == giver.id:
        return None
    if not named_by(ruleset, named, receiver):
        return None
    (roll,) = roll_dice(dice, "D6")
    passed = roll >= ruleset.parameters.targets.animosity
    return Event(ANIMOSITY, giver.id, (roll,), "overcome" if passed else REFUSED, {"to": receiver.id, "keyword": str(named)})
