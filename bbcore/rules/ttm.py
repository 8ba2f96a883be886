"""Throw Team-mate: the range, the throw, the flight and the landing.

The range is read from the ``pass-range`` table by the range in squares; only the
bands whose ``throw`` column names a throw are open to a thrown team-mate. The
other numbers are the ``throw_team_mate`` parameters. A thrown player who lands on
a pitch feature is asked about through ``bbcore_thrown_player_lands_on_feature``. A
failed test (the throw's Passing Ability Test among them) may be re-rolled from a
source a plugin names through ``bbcore_test_reroll`` (an inducement's, say). A Chomped
team-mate (held in his square by an opponent who Marks him,
:meth:`bbcore.rules.board.Board.chompers_of`) cannot be thrown or kicked.

Skills handled here: Throw Team-mate, Kick Team-mate and Right Stuff (who may throw or kick and be thrown), Swoop,
Always Hungry, Strong Arm, Bullseye, Lethal Flight, and Loner on team re-rolls.
"""

from __future__ import annotations

from math import isqrt
from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules import ball
from bbcore.rules.board import BallState, Board, PlayerState, Square, Status, next_to, square_towards, step
from bbcore.rules.decisions import Decisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import (
    Apothecary,
    Harm,
    apothecary_from,
    death,
    injury_by_the_crowd,
    knock_down_with_ball,
    roll_injury,
    treatment_from,
)
from bbcore.rules.movement import fall_over
from bbcore.rules.rerolls import PRO, Judge, RerollBudget, Verdict, plugin_reroll, pro_for, take_test, target_test
from bbcore.rules.trapdoors import enter_square, fell_through

if TYPE_CHECKING:
    from bbcore.model.table import Row
    from bbcore.rules.push import PushBlocked
    from bbcore.ruleset import Ruleset

#: A thrown player can crash into player after player; past this many something is wrong with a hook.
_MAX_CRASHES = 64
#: The skill of a thrower who may eat the team-mate he throws (who then dies).
ALWAYS_HUNGRY = "always-hungry"


def range_in_squares(origin: Square, target: Square) -> int:
    """The Range Ruler's reading: the distance between the squares' centres, rounded to the nearest whole square (halves up)."""
    squared = (target[0] - origin[0]) ** 2 + (target[1] - origin[1]) ** 2
    whole = isqrt(squared)
    # sqrt(squared) reaches whole + 1/2 exactly when squared exceeds whole * (whole + 1).
    return whole + 1 if squared > whole * (whole + 1) else whole


def pass_range(ruleset: Ruleset, origin: Square, target: Square) -> Row | None:
    """The Range Ruler band a target square falls in (a row of the ``pass-range`` table), or None when out of reach."""
    table = ruleset.table("pass-range")
    low, high = table.range or (0, 0)
    squares = range_in_squares(origin, target)
    if not low <= squares <= high:
        return None
    return table.row_for(squares)


def throw_quality_judge(pa: int, modifier: int, fumble_at_most: int) -> Judge:
    """What a Passing Ability roll means for a throw: Superb, Subpar or Fumbled.

    A natural 6 is Superb and a natural 1 Fumbled whatever the modifiers; otherwise a
    total at or below ``fumble_at_most`` is Fumbled and a total reaching ``pa`` Superb.
    """

    def judge(roll: int) -> Verdict:
        total = roll + modifier
        if roll == 6 or (roll != 1 and total > fumble_at_most and total >= pa):
            return Verdict(True, "superb", modifier)
        if roll == 1 or total <= fumble_at_most:
            return Verdict(False, "fumbled", modifier)
        return Verdict(False, "subpar", modifier)

    return judge


def throw_modifier(ruleset: Ruleset, board: Board, thrower: PlayerState, band: Row) -> int:
    """The Passing Ability Test modifier: the range band's, each marker on the thrower's, each opponent's Disturbing
    Presence near enough, Strong Arm's, and the ``throw-team-mate`` and ``pass`` modifiers in force for the thrower
    (:meth:`~bbcore.rules.board.Board.modifier`: a weather's on every Passing Ability Test)."""
    modifiers = ruleset.parameters.throw_team_mate.pass_modifiers
    total = int(band.values.get("modifier") or 0) + board.modifier("throw-team-mate", thrower) + board.modifier("pass", thrower)
    total += modifiers.get("per_marker", 0) * len(board.markers_of(thrower))
    total += modifiers.get("disturbing_presence", 0) * ball.disturbing_presences(ruleset, board, thrower)
    if thrower.has("strong-arm"):
        total += modifiers.get("strong_arm", 0)
    return total


def landing_modifier(ruleset: Ruleset, board: Board, thrown: PlayerState, square: Square, quality: str) -> int:
    """The landing Agility Test modifier: a Subpar or Fumbled throw's, each opposition player marking the square,
    and the ``landing`` modifier in force for the thrown player (:meth:`~bbcore.rules.board.Board.modifier`)."""
    modifiers = ruleset.parameters.throw_team_mate.landing_modifiers
    markers = modifiers.get("per_marker", 0) * board.tackle_zones_on(square, thrown.team)
    return modifiers.get(quality, 0) + markers + board.modifier("landing", thrown)


#: The test a thrown player takes to land on his feet (its modifiers and re-rolls go by this name).
LANDING_TEST = "landing"

#: The trait that throws a team-mate, and the one that kicks him instead (a special action played the same way).
THROW_TEAM_MATE, KICK_TEAM_MATE = "throw-team-mate", "kick-team-mate"


def _check(ruleset: Ruleset, board: Board, thrower: PlayerState, thrown: PlayerState, target: Square, skill: str) -> Row:
    if not thrower.alert or not thrower.has(skill):
        # An Active trait: only a Standing player who is not Distracted uses it.
        verb = "kick" if skill == KICK_TEAM_MATE else "throw"
        raise UsageError(
            f"{thrower.id} cannot {verb} a team-mate: they must be Standing, not Distracted, and have {ruleset.skill_display(skill)}"
        )
    if thrower.pa is None:
        raise UsageError(f"{thrower.id} has no Passing Ability and cannot make the Passing Ability Test of a throw")
    if thrown.team != thrower.team or not thrown.has("right-stuff"):
        raise UsageError(f"{thrown.id} cannot be thrown by {thrower.id}: only a team-mate with Right Stuff can")
    if thrower.square is None or not next_to(thrown, thrower):
        raise UsageError(f"{thrown.id} must stand or lie next to {thrower.id} to be thrown")
    if thrown.status not in (Status.STANDING, Status.PRONE):
        raise UsageError(f"{thrown.id} is {thrown.status.value} and cannot be thrown")
    if chompers := board.chompers_of(thrown):
        raise UsageError(f"{thrown.id} cannot be thrown: he is Chomped, held in his square by {', '.join(c.id for c in chompers)}")
    if not board.geometry.on_pitch(target):
        raise UsageError(f"the target square {target} is off the pitch")
    origin = square_towards(thrower, target)
    band = pass_range(ruleset, origin, target)
    if band is None or not band.values.get("throw"):
        raise UsageError(f"{target} is out of throwing range from {origin}: a team-mate goes only as far as a Short Throw")
    return band


def throw_team_mate(
    ruleset: Ruleset,
    board: Board,
    thrower_id: str,
    thrown_id: str,
    target: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll: int | bool = False,
    spent: frozenset[str] = frozenset(),
    kick: bool = False,
    swoop_facing: Square | None = None,
    landing_harm: bool = True,
    fumble_drops: bool = True,
) -> Outcome:
    """Throw a Right Stuff team-mate at ``target`` and resolve the flight and the landing.

    ``kick`` makes it a Kick Team-mate special action (see :func:`kick_team_mate`).
    ``swoop_facing`` (one of :data:`bbcore.rules.ball.TEMPLATE_FACINGS`) is a thrown
    player's Swoop: instead of the Scatter he travels ``swoop_distance`` squares from
    the target in a direction off the throw-in template so faced, and may roll his
    landing again (the skill's re-roll). A Fumbled Throw is not saved by it.

    Always Hungry is rolled first. The Passing Ability Test then says Superb, Subpar
    or Fumbled: Superb and Subpar scatter from the target (Bullseye keeps a Superb
    throw on target), a Fumble drops the player one bounce from the thrower. Where
    they come down decides the rest: off the pitch is the crowd, an occupied square
    a crash landing, a feature square whatever the feature hook says, and otherwise
    a landing test. ``team_reroll`` is how many team re-rolls the team may spend.
    The outcome is a turnover when the rules say: the team-mate eaten or gone off
    the pitch, a ball carrier who does not land on their feet, or one of the
    thrower's own team knocked down by a crash landing.

    Two switches are for a game whose thrown player is not an ordinary team-mate:
    ``landing_harm=False`` spares him the rolls that could hurt him where he comes
    down (no Steady Footing, Armour or Injury roll after a failed or crash landing,
    none by the crowd: he goes to the reserves unhurt; no team re-roll is spent on his
    landing test, which can cost him nothing), while whoever he crashes into
    is hurt as usual; a square that swallows him (a trapdoor) is the square's own
    rule and still rolls. ``fumble_drops=False`` leaves him in his own square on a
    fumbled throw, as he was, with no bounce and no landing test (a
    ``thrown-player-stays`` event says so); a fumbled Kick Team-mate keeps its own rule.
    """
    thrower, thrown = board.player(thrower_id), board.player(thrown_id)
    band = _check(ruleset, board, thrower, thrown, target, KICK_TEAM_MATE if kick else THROW_TEAM_MATE)
    if swoop_facing is not None and (not thrown.has(SWOOP) or swoop_facing not in ball.TEMPLATE_FACINGS):
        raise UsageError(f"{thrown_id} cannot Swoop facing {swoop_facing}: he needs Swoop and a facing of {list(ball.TEMPLATE_FACINGS)}")
    assert thrower.square is not None
    assert thrown.square is not None
    assert thrower.pa is not None
    params = ruleset.parameters.throw_team_mate
    budget = RerollBudget(int(team_reroll), frozenset(spent), pro=pro_for(ruleset, thrower.id))
    squares = range_in_squares(square_towards(thrower, target), target)
    events: list[Event] = [
        Event("throw-team-mate", thrower_id, (), str(band.values["throw"]), {"thrown": thrown_id, "target": list(target), "range": squares})
    ]

    quality: str | None = None
    if thrower.has(ALWAYS_HUNGRY):
        keep_hold = params.always_hungry.get("keep_hold", 0)
        rolled, budget = take_test(
            thrower,
            ALWAYS_HUNGRY,
            target_test(keep_hold, 0),
            dice,
            decisions,
            budget,
            detail={"target": keep_hold},
            offered=plugin_reroll(ruleset, board, thrower, ALWAYS_HUNGRY),
        )
        events.extend(rolled.events)
        if not rolled.passed:
            squirm = params.always_hungry.get("squirm_free", 0)
            escaped, budget = take_test(
                thrower,
                "squirm-free",
                target_test(squirm, 0),
                dice,
                decisions,
                budget,
                detail={"target": squirm},
                offered=plugin_reroll(ruleset, board, thrower, "squirm-free"),
            )
            events.extend(escaped.events)
            if not escaped.passed:
                return _eaten(ruleset, board, thrown, dice, decisions, tuple(events))
            quality = "fumbled"  # the team-mate wriggles free: the throw goes wrong

    if quality is None:
        modifier = throw_modifier(ruleset, board, thrower, band)
        judge = throw_quality_judge(thrower.pa, modifier, params.fumble_at_most)
        rolled, budget = take_test(
            thrower,
            "throw",
            judge,
            dice,
            decisions,
            budget,
            detail={"target": thrower.pa, "band": band.id},
            offered=plugin_reroll(ruleset, board, thrower, "throw"),
        )
        events.extend(rolled.events)
        quality = rolled.verdict.result

    if kick and quality == "fumbled":
        hurt = _kick_fumbled(ruleset, board, thrown, dice, decisions)
        return Outcome(hurt.board, (*events, *hurt.events), hurt.turnover)
    if quality == "fumbled" and not fumble_drops:
        stays = Event("thrown-player-stays", thrown_id, (), "fumbled", {"square": list(thrown.square), "thrower": thrower_id})
        return Outcome(board, (*events, stays))
    in_air = _lift(board, thrown)
    if quality == "fumbled":
        direction, rolls = ball.scatter_direction(ruleset, dice)
        square = step(thrower.square, direction)
        events.append(Event("thrown-player-bounce", thrown_id, rolls, "dropped", {"from": list(thrower.square), "to": list(square)}))
        last = thrower.square
    elif quality == "superb" and thrower.has("bullseye"):
        # Bullseye's Superb Throw does not scatter, so there is no scatter for Swoop to take the place of.
        square, last = target, target
        events.append(Event("scatter", thrown_id, (), "on-target", {"square": list(target), "skill": "bullseye"}))
    elif swoop_facing is not None:
        square, last, rolls = _swoop(ruleset, in_air, target, swoop_facing, dice)
        events.append(Event(SWOOP, thrown_id, rolls, "swooped", {"from": list(target), "to": list(square)}))
    else:
        square, last, rolls = _scatter(ruleset, in_air, target, params.scatter, dice)
        events.append(Event("scatter", thrown_id, rolls, "scattered", {"from": list(target), "to": list(square)}))

    if not landing_harm:
        # A landing that can hurt nobody is not worth a team re-roll.
        budget = attrs.evolve(budget, barred=budget.barred | {LANDING_TEST})
    flight = _Flight(ruleset, dice, decisions, thrown, thrower.team, quality, budget, harmed=landing_harm)
    flight.swooped = swoop_facing is not None and quality != "fumbled"
    landed = flight.come_down(in_air, square, last)
    return Outcome(landed.board, (*events, *landed.events), landed.turnover)


def kick_team_mate(
    ruleset: Ruleset,
    board: Board,
    kicker_id: str,
    kicked_id: str,
    target: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll: int | bool = False,
    spent: frozenset[str] = frozenset(),
) -> Outcome:
    """A Kick Team-mate special action: :func:`throw_team_mate` played by a player with Kick Team-mate, every skill of
    a throw applying, except that a Fumbled kick hurts the kicked team-mate where he stands: an Injury Roll with Stunned
    counted as Knocked Out, a ball he held bouncing from his square (a turnover). It is not the team's Throw
    Team-mate Action of the turn; one Kick Team-mate a turn is the caller's to count."""
    return throw_team_mate(ruleset, board, kicker_id, kicked_id, target, dice, decisions, team_reroll=team_reroll, spent=spent, kick=True)


def _kick_fumbled(ruleset: Ruleset, board: Board, kicked: PlayerState, dice: DiceSource, decisions: Decisions) -> Outcome:
    square = kicked.square
    assert square is not None
    held = board.ball.carrier == kicked.id
    if held:
        board = board.with_ball(BallState(square=square))
    # Stunned counts as Knocked-out before anything treats it, so an Apothecary may patch it up.
    harm = Harm(KICK_TEAM_MATE, stunned_is_ko=True)
    hurt = roll_injury(ruleset, board, kicked.id, harm, dice, apothecary_from(decisions), choose_treatment=treatment_from(decisions))
    outcome = Outcome(hurt.board, (Event(KICK_TEAM_MATE, kicked.id, (), "fumbled-kick", {"square": list(square)}), *hurt.events))
    if held:
        outcome = outcome.then(ball.bounce(ruleset, outcome.board, square, dice, decisions))
    return attrs.evolve(outcome, turnover=held)


def fly(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    target: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    quality: str = "subpar",
    active_team: str | None = None,
) -> Outcome:
    """Send a player on the pitch through the air towards ``target`` and bring them down, as a thrown team-mate.

    Whatever launched them (a throw, a kick, a spell...), they leave their square, scatter
    from ``target`` as a Subpar throw does, and come down as :func:`throw_team_mate`
    lands its players: into the crowd, onto someone (a crash landing), onto a feature, or
    with a landing test taking the modifier of ``quality`` (``superb``, ``subpar`` or
    ``fumbled``). A player lying down cannot land on their feet. ``active_team`` is the
    team whose turn it is, for the Turnover of one of its players knocked down by the
    crash; None when nobody is acting. Lethal Flight does nothing here: it works only
    for a player thrown by a team-mate.
    """
    player = board.player(player_id)
    if not player.on_pitch or player.square is None:
        raise UsageError(f"{player_id} is not on the pitch and cannot be sent flying")
    in_air = _lift(board, player)
    square, last, rolls = _scatter(ruleset, in_air, target, ruleset.parameters.throw_team_mate.scatter, dice)
    events = (
        Event("flight", player_id, (), quality, {"from": list(player.square), "target": list(target)}),
        Event("scatter", player_id, rolls, "scattered", {"from": list(target), "to": list(square)}),
    )
    flight = _Flight(ruleset, dice, decisions, player, active_team, quality, RerollBudget(), by_team_mate=False)
    landed = flight.come_down(in_air, square, last)
    return Outcome(landed.board, (*events, *landed.events), landed.turnover)


def _lift(board: Board, thrown: PlayerState) -> Board:
    """The board while the player is in the air: off their square, still holding any ball they held."""
    # Board.with_player would drop the ball of a player leaving the pitch; a thrown carrier keeps it.
    return attrs.evolve(board, players={**board.players, thrown.id: thrown.moved(None)})


def _scatter(ruleset: Ruleset, board: Board, start: Square, times: int, dice: DiceSource) -> tuple[Square, Square, tuple[int, ...]]:
    """Scatter the thrown player; stop at the first square off the pitch. Returns (square reached, last square on the pitch, rolls)."""
    square, last = start, start
    rolls: tuple[int, ...] = ()
    for _ in range(times):
        direction, rolled = ball.scatter_direction(ruleset, dice)
        rolls += rolled
        square = step(square, direction)
        if not board.geometry.on_pitch(square):
            break
        last = square
    return square, last, rolls


#: The trait that lets a thrown player glide off the template instead of scattering.
SWOOP = "swoop"


def _swoop(ruleset: Ruleset, board: Board, start: Square, facing: Square, dice: DiceSource) -> tuple[Square, Square, tuple[int, ...]]:
    """Swoop from ``start``: a throw-in table direction for the template facing ``facing``, then ``swoop_distance``
    squares; stop at the first square off the pitch. Returns (square reached, last square on the pitch, rolls)."""
    table = ruleset.table("throw-in")
    way = roll_dice(dice, table.dice or "D6")
    direction = ball.template_direction(facing, table.row_for(sum(way)))
    far = roll_dice(dice, ruleset.parameters.throw_team_mate.swoop_distance)
    square, last = start, start
    for _ in range(sum(far)):
        square = step(square, direction)
        if not board.geometry.on_pitch(square):
            break
        last = square
    return square, last, way + far


def _eaten(
    ruleset: Ruleset, board: Board, thrown: PlayerState, dice: DiceSource, decisions: Decisions, events: tuple[Event, ...]
) -> Outcome:
    """The thrower eats the team-mate: gone for good, no apothecary nor Regeneration; a ball they held bounces; a turnover."""
    square = thrown.square
    assert square is not None
    carried = board.ball.carrier == thrown.id
    # Struck from the roster for good: whatever befalls a Dead player befalls him.
    board = board.with_player(thrown.with_casualty(death(ruleset).id))
    outcome = Outcome(board, (*events, Event("eaten", thrown.id, (), "eaten", {"square": list(square)})), turnover=True)
    if carried:
        loose = board.with_ball(BallState(square=square))
        outcome = outcome.then(ball.bounce(ruleset, loose, square, dice, decisions))
    return attrs.evolve(outcome, turnover=True)


class _Flight:
    """Everything about one thrown player on the way down: who, how well thrown, and what the team may still spend."""

    def __init__(
        self,
        ruleset: Ruleset,
        dice: DiceSource,
        decisions: Decisions,
        thrown: PlayerState,
        active_team: str | None,
        quality: str,
        budget: RerollBudget,
        *,
        harmed: bool = True,
        by_team_mate: bool = True,
    ) -> None:
        self.ruleset = ruleset
        self.dice = dice
        self.decisions = decisions
        self.thrown = thrown
        self.active_team = active_team
        self.quality = quality
        self.budget = budget
        self.harmed = harmed  # False: where he comes down nothing may hurt him (``landing_harm``)
        self.by_team_mate = by_team_mate  # thrown as a Throw Team-mate Action: only then does Lethal Flight work
        self.swooped = False  # came down by Swoop: the landing may be rolled again (the skill's re-roll)

    def apothecary(self) -> Apothecary:
        return apothecary_from(self.decisions)

    def carrier(self, board: Board) -> bool:
        return board.ball.carrier == self.thrown.id

    def come_down(self, board: Board, square: Square, last: Square) -> Outcome:
        """Land in ``square`` (``last`` is the last square on the pitch on the way), crashing into whoever is there.

        Past the edge, ``bbcore_thrown_player_leaves_pitch`` says what the player meets:
        the crowd (the core), or something that sends them back onto ``last`` (a wall),
        where its answer is applied as a feature's would be; if someone stands on
        ``last``, the player crashes into them instead. A player out of play inside a
        feature is not crashed into: the feature's hook decides first.
        """
        outcome = Outcome(board)
        crashed = False
        edge: PushBlocked | None = None
        for _ in range(_MAX_CRASHES):
            if not board.geometry.on_pitch(square):
                edge = self.ruleset.hook.bbcore_thrown_player_leaves_pitch(
                    ruleset=self.ruleset, board=outcome.board, player=self.thrown, last_square=last, off_square=square
                )
                if edge is None or edge.outcome == "crowd":
                    return outcome.then(self.into_crowd(outcome.board, last, square))
                square = last
                if edge.outcome == "removed":
                    break
            occupant = outcome.board.at(square)
            if occupant is None:
                break
            if outcome.board.trapped(occupant):
                met = self.feature_decides(outcome.board, square)
                if met is not None:
                    return outcome.then(met)
            edge = None  # a crash into a player is what they meet last
            outcome = outcome.then(self.crash_into(outcome.board, occupant))
            direction, rolls = ball.scatter_direction(self.ruleset, self.dice)
            last, square = square, step(square, direction)
            outcome = outcome.then(
                Outcome(
                    outcome.board,
                    (Event("thrown-player-bounce", self.thrown.id, rolls, "bounced", {"from": list(last), "to": list(square)}),),
                )
            )
            crashed = True
        board = outcome.board
        met = None
        if edge is not None:
            met = self.meet_feature(board, square, edge)
        elif board.feature_in_force(square) is not None:
            met = self.feature_decides(board, square)
        if met is not None:
            return outcome.then(met)
        if crashed:
            return outcome.then(self.fall(board, square, "crash-landing"))
        return outcome.then(self.land(board, square))

    def into_crowd(self, board: Board, last: Square, off: Square) -> Outcome:
        """Off the pitch: injury by the crowd and a turnover; a ball the player held is thrown in from the edge."""
        carried = self.carrier(board)
        if carried:
            board = board.with_ball(BallState(square=last))
        hurt = self.crowd(board)
        outcome = Outcome(hurt.board, (Event("thrown-player-lands", self.thrown.id, (), "off-pitch", {"from": list(last)}), *hurt.events))
        if carried:
            outcome = outcome.then(
                ball.leave_pitch(self.ruleset, outcome.board, last, off, self.dice, self.decisions, cause="thrown-player")
            )
        return attrs.evolve(outcome, turnover=True)

    def crowd(self, board: Board) -> Outcome:
        """Into the crowd: its Injury Roll, or straight to the reserves for a player nothing may hurt here."""
        if self.harmed:
            return injury_by_the_crowd(
                self.ruleset, board, self.thrown.id, self.dice, self.apothecary(), choose_treatment=treatment_from(self.decisions)
            )
        gone = board.with_player(board.player(self.thrown.id).moved(None).with_status(Status.RESERVES))
        return Outcome(gone, (Event("into-the-crowd", self.thrown.id, (), "unhurt"),))

    def crash_into(self, board: Board, occupant: PlayerState) -> Outcome:
        """The player in the landing square is knocked down, whatever their state; Lethal Flight may add to the roll against
        an opponent, and makes the thrown player the one who hurt him (a Casualty earns him the award)."""
        # Lethal Flight is an Active trait: a team-mate thrown while Prone or Distracted does not use it.
        lethal = self.by_team_mate and self.thrown.alert and self.thrown.has("lethal-flight") and occupant.team != self.thrown.team
        harm = Harm(
            "crash-landing",
            attacker=self.thrown if lethal else None,
            mighty_blow=lethal,
            blow_bonus=self.ruleset.parameters.throw_team_mate.lethal_flight,
        )
        assert occupant.square is not None
        events = (Event("crash-landing", self.thrown.id, (), "crashed", {"into": occupant.id, "square": list(occupant.square)}),)
        down = knock_down_with_ball(self.ruleset, board, occupant.id, harm, self.dice, self.decisions, self.apothecary())
        after = down.board.player(occupant.id)
        if occupant.status is Status.STUNNED and after.status is Status.PRONE:
            down = Outcome(down.board.with_player(after.with_status(Status.STUNNED)), down.events)
        return Outcome(down.board, events + down.events, turnover=occupant.team == self.active_team)

    def feature_decides(self, board: Board, square: Square) -> Outcome | None:
        """Ask ``bbcore_thrown_player_lands_on_feature`` about the feature in ``square`` and apply its answer; None: land as usual."""
        answer: PushBlocked | None = self.ruleset.hook.bbcore_thrown_player_lands_on_feature(
            ruleset=self.ruleset, board=board, player=self.thrown, square=square, dice=self.dice
        )
        if answer is None:
            return None
        return self.meet_feature(board, square, answer)

    def meet_feature(self, board: Board, square: Square, answer: PushBlocked) -> Outcome | None:
        """Apply a feature hook's answer; None means land as usual."""
        label = answer.label or answer.outcome
        met = Event(
            "thrown-player-lands", self.thrown.id, (), "feature", {"square": list(square), "label": label, "outcome": answer.outcome}
        )
        if answer.outcome == "enters":
            return self.enter(board, answer.square or square, met)
        if answer.outcome in ("crowd", "removed"):
            carried = self.carrier(board)
            if carried:
                board = board.with_ball(BallState(square=square))
            if answer.outcome == "crowd" or answer.injury_roll:
                gone = self.crowd(board)
            else:
                gone = Outcome(board.with_player(self.thrown.with_status(Status.RESERVES)))
            outcome = Outcome(gone.board, (met, *gone.events), turnover=True)
            if carried:
                outcome = outcome.then(ball.bounce(self.ruleset, outcome.board, square, self.dice, self.decisions))
            return attrs.evolve(outcome, turnover=True)
        # A knock-down lands the player in the square the answer names, if any (beside the feature, say).
        if answer.outcome == "knocked-down":
            fell = self.fall(board, answer.square or square, label, armour_modifier=answer.armour_modifier)
            return Outcome(fell.board, (met, *fell.events), fell.turnover)
        if answer.outcome == "stays" and answer.fall_on is not None:
            (roll,) = roll_dice(self.dice, "D6")
            if roll >= answer.fall_on:
                fell = self.fall(board, answer.square or square, label, armour_modifier=answer.armour_modifier)
                return Outcome(fell.board, (attrs.evolve(met, rolls=(roll,)), *fell.events), fell.turnover)
        return None

    def enter(self, board: Board, square: Square, met: Event) -> Outcome:
        """Into a feature square: no landing roll and no armour roll, but a turnover; a feature that takes the ball takes theirs."""
        carried = self.carrier(board)
        placed = attrs.evolve(board, players={**board.players, self.thrown.id: self.thrown.moved(square)})
        outcome = Outcome(placed, (attrs.evolve(met, detail={**met.detail, "square": list(square)}),), turnover=True)
        feature = placed.geometry.feature_at(square)
        if carried and feature is not None and feature.ball_lands:
            loose = placed.with_ball(BallState(square=square))
            outcome = outcome.then(ball.land_ball(self.ruleset, loose, square, self.dice, self.decisions, cause="loose"))
        return attrs.evolve(outcome, turnover=True)

    def fall(self, board: Board, square: Square, reason: str, *, armour_modifier: int = 0, entry_rolled: bool = False) -> Outcome:
        """The thrown player falls over where they came down (after the roll for a square he may fall through, unless
        ``entry_rolled``); a turnover only if they held the ball."""
        carried = self.carrier(board)
        board = board.with_player(self.thrown.moved(square))
        entered = None if entry_rolled else enter_square(self.ruleset, board, self.thrown.id, self.dice, self.decisions)
        if entered is not None and fell_through(entered, self.thrown.id):
            return entered  # through the square he came down in: the crowd's Injury Roll instead of an Armour Roll
        harm = Harm("landing", armour_modifier=armour_modifier, unhurt=not self.harmed)
        fell = fall_over(
            self.ruleset,
            entered.board if entered else board,
            self.thrown.id,
            square,
            self.dice,
            self.decisions,
            reason=reason,
            harm=harm,
            may_keep_footing=self.harmed,
        )
        if entered is not None:
            fell = Outcome(fell.board, (*entered.events, *fell.events), fell.turnover)
        return attrs.evolve(fell, turnover=carried and fell.board.ball.carrier != self.thrown.id)

    def land(self, board: Board, square: Square) -> Outcome:
        """The landing test; players thrown while Prone, Stunned or Distracted fail it without a roll."""
        thrown = self.thrown
        if not thrown.alert:
            status = "distracted" if thrown.standing else thrown.status.value
            event = Event("landing", thrown.id, (), "failed", {"automatic": True, "status": status})
            fell = self.fall(board, square, "landing")
            return Outcome(fell.board, (event, *fell.events), fell.turnover)
        placed = board.with_player(thrown.moved(square))
        entered = enter_square(self.ruleset, placed, thrown.id, self.dice, self.decisions)
        if entered is not None and fell_through(entered, thrown.id):
            return entered  # through the square before the landing roll: a turnover if he held the ball
        placed = entered.board if entered is not None else placed
        modifier = landing_modifier(self.ruleset, placed, thrown, square, self.quality)
        rolled, self.budget = take_test(
            thrown,
            LANDING_TEST,
            target_test(thrown.ag, modifier),
            self.dice,
            self.decisions,
            self.budget,
            skill=SWOOP if self.swooped else None,
            detail={"target": thrown.ag, "square": list(square), "throw": self.quality},
            offered=plugin_reroll(self.ruleset, placed, thrown, "landing"),
        )
        held = entered.events if entered is not None else ()
        if not rolled.passed:
            fell = self.fall(placed, square, "landing", entry_rolled=True)
            return Outcome(fell.board, (*held, *rolled.events, *fell.events), fell.turnover)
        landed = Event("thrown-player-lands", thrown.id, (), "on-feet", {"square": list(square)})
        outcome = Outcome(placed, (*held, *rolled.events, landed))
        if placed.ball.carrier is None and placed.ball.square == square:
            # Landing on a loose ball is not picking it up: it bounces away, and the throwing team may catch it with
            # what the throw left of its re-rolls (the thrower's Pro among them).
            budget, team = self.budget, self.active_team
            pro = None if PRO in budget.spent else budget.pro
            catching = None if team is None else ball.CatchRerolls(team, budget.team_rerolls, pro)
            outcome = outcome.then(ball.bounce(self.ruleset, placed, square, self.dice, self.decisions, team_reroll_for=catching))
        return outcome
