"""The Foul action, and what follows when a player is Sent-off.

:func:`foul` is the Foul itself, once the fouler has finished moving: an Armour Roll for
a Prone or Stunned opponent next to him, helped by assists as a block is (``fouls`` in
the parameters), then an Injury Roll if the armour breaks. The skills that change it:
Dirty Player (its bonus goes on the Armour Roll when that breaks the armour, else on
the Injury Roll, as Mighty Blow's does), Lone Fouler (re-roll a held Armour Roll when
nobody assists either side), Put the Boot In (a team-mate with it assists however
marked), Sneaky Git (a double on an Armour Roll that held sends nobody off).

The officials then judge what they saw, through the ``bbcore_foul_call`` hook: the core
(:func:`core_foul_call`) sends the fouler off when a natural double came up on any Armour
Roll or on the Injury Roll (:func:`doubles_call`), and otherwise lets a referee the other
team hired look closer (:func:`close_scrutiny`, the Dodgy League Rep). A variant with no
referee, or one a team has paid, answers first.

:func:`send_off` is being Sent-off, for a Foul or for any other reason: the coach may
Argue the Call (``bbcore_argue_the_call``; the core rolls on the ``argue-the-call``
table, see :func:`core_argue_the_call`), then spend a Bribe (a D6 of ``targets.bribe``
or more keeps the player in the game and stops the Turnover). A player who stays off
leaves the pitch; a ball he held bounces from his square.

:func:`pile_driver` is the free Foul a blocker with Pile Driver makes against the player
his Block Action knocked down, after which he is Placed Prone.

What a Foul does not settle here belongs to the turn that calls it: one Foul per team
turn, the move before it, and the end of the activation afterwards (unless Quick Foul).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules.ball import bounce, drop_ball
from bbcore.rules.block import assists, marked_by_defensive
from bbcore.rules.board import BallState, Board, PlayerState, Status, next_to
from bbcore.rules.decisions import ARMOUR_SENDS_OFF, Decisions, DefaultDecisions
from bbcore.rules.events import Event
from bbcore.rules.inducement_uses import use_inducement
from bbcore.rules.injury import Harm, apothecary_from, roll_armour, roll_injury, treatment_from
from bbcore.rules.rerolls import RerollBudget, pro_for
from bbcore.rules.sequences import GameState
from bbcore.rules.special_actions import chainsaw_kick_back

if TYPE_CHECKING:
    from bbcore.model.inducement import Inducement
    from bbcore.model.table import Row
    from bbcore.ruleset import Ruleset

#: The cause named on a Foul's Armour and Injury Rolls (hooks such as ``bbcore_armour_modifiers`` see it).
FOUL = "foul"
#: The fouler's skill that adds to the Foul's Armour Roll or, if the coach keeps it, its Injury Roll.
DIRTY_PLAYER = "dirty-player"
#: The role of the table a coach rolls on to Argue the Call.
ARGUE_THE_CALL_ROLE = "argue-the-call"
#: The modifier effect (of an inducement the team holds) added to its Argue the Call rolls.
ARGUE_THE_CALL = "argue-the-call"
#: Prayers to Nuffle (rows of the prayers table) that change a Foul's call and the argument.
UNDER_SCRUTINY = "under-scrutiny"
FRIENDS_WITH_THE_REF = "friends-with-the-ref"


@frozen
class FoulReport:
    """What happened in a Foul, as the officials see it.

    ``armour`` holds the natural dice of every Armour Roll made (two when Lone Fouler
    re-rolled), ``injury`` those of the Injury Roll (empty when the armour held).
    """

    fouler: str
    victim: str
    armour: tuple[tuple[int, ...], ...]
    broken: bool
    injury: tuple[int, ...] = ()

    @property
    def armour_double(self) -> bool:
        """A natural double came up on an Armour Roll."""
        return any(_double(rolls) for rolls in self.armour)

    @property
    def injury_double(self) -> bool:
        return _double(self.injury)


def _double(rolls: tuple[int, ...]) -> bool:
    return len(rolls) > 1 and len(set(rolls)) == 1


@frozen
class FoulCall:
    """What the officials made of a Foul.

    ``sent_off`` is the player to send off (None: nobody), ``bribe`` whether a Bribe may
    still keep him on, ``reason`` what the Sent-off is for (``bbcore_argue_the_call`` is
    told it). ``board`` is the board after whatever the officials did themselves (None:
    they touched nothing), and ``events`` what they did.
    """

    sent_off: str | None = None
    bribe: bool = True
    reason: str = FOUL
    board: Board | None = None
    events: tuple[Event, ...] = ()


@frozen
class ArgueOutcome:
    """An Argue the Call: the row rolled (None when nobody could argue), the state after it, its events.

    ``reversed`` is true when the player stays in the game. ``turnover`` False lifts the
    Turnover a reversed call would still cause; ``bribe`` False offers no Bribe after an
    argument that failed (for an argument a coach makes instead of bribing).
    """

    row: Row | None
    state: GameState
    reversed: bool = False
    events: tuple[Event, ...] = ()
    turnover: bool = True
    bribe: bool = True


@frozen
class SentOff:
    """Being Sent-off, settled: the state after it, what happened, whether the player is still
    in the game (the call reversed or a Bribe taken), and whether his team's turn ends."""

    state: GameState
    events: tuple[Event, ...]
    stays: bool
    turnover: bool


@frozen
class FoulOutcome:
    """A Foul, settled: the state after it, what happened in order, who was Sent-off for it
    (None: nobody, or a Bribe or an argument kept him on) and whether the fouling team's turn ends."""

    state: GameState
    events: tuple[Event, ...]
    sent_off: str | None = None
    turnover: bool = False


def foul_assists(board: Board, fouler: PlayerState, victim: PlayerState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The offensive and defensive assists of a Foul: a block's without Guard (a Block Action's skill), and a
    team-mate with Put the Boot In next to the victim assists however many opponents mark him, unless one of
    them has Defensive."""
    offensive, defensive = assists(board, fouler, victim, guard=False)
    booted = tuple(
        p.id
        for p in board.team_players(fouler.team)
        if p.id != fouler.id
        and p.id not in offensive
        and p.has("put-the-boot-in")
        and p.gives_assists
        and not marked_by_defensive(board, p)
        and board.marking(p, victim)
    )
    return offensive + booted, defensive


def _check_foul(board: Board, fouler_id: str, victim_id: str) -> tuple[PlayerState, PlayerState]:
    fouler, victim = board.player(fouler_id), board.player(victim_id)
    if not fouler.standing:
        raise UsageError(f"{fouler_id} cannot foul: only a Standing player on the pitch fouls (he is {fouler.status.value})")
    if victim.team == fouler.team:
        raise UsageError(f"{fouler_id} cannot foul {victim_id}: a Foul is against an opposition player")
    if victim.status not in (Status.PRONE, Status.STUNNED):
        raise UsageError(f"{fouler_id} cannot foul {victim_id}: the victim must be Prone or Stunned (he is {victim.status.value})")
    if not next_to(fouler, victim):
        raise UsageError(f"{fouler_id} cannot foul {victim_id}: the fouler must be next to the victim")
    for who in (fouler, victim):
        if board.trapped(who):
            raise UsageError(f"{fouler_id} cannot foul {victim_id}: {who.id} is trapped in a feature of the pitch, out of play")
    return fouler, victim


def foul(
    ruleset: Ruleset,
    state: GameState,
    fouler_id: str,
    victim_id: str,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    chainsaw: bool = False,
    team_reroll: int | bool = False,
    pro: bool = True,
) -> FoulOutcome:
    """``fouler_id`` fouls ``victim_id``: the Armour Roll, the Injury Roll, the officials' call and any Sent-off.

    The fouler must be Standing next to the victim, an opposition player who is Prone or
    Stunned; anything else is a :class:`~bbcore.errors.UsageError`. The coach's choices
    (Lone Fouler's re-roll, Dirty Player's bonus on the Armour Roll (``use_skill``, situation
    ``armour``, or :data:`~bbcore.rules.decisions.ARMOUR_SENDS_OFF` when breaking the armour would get the fouler
    Sent-off; declined, it waits for the Injury Roll), an apothecary, Arguing the Call, a
    Bribe) are asked of ``decisions`` (:class:`~bbcore.rules.decisions.DefaultDecisions` when None).
    ``chainsaw`` fouls with the fouler's Chainsaw: its kick-back D6 first (a kick-back
    Knocks him Down instead, a turnover), which may be rolled again with a team re-roll
    (``team_reroll``: how many the team may spend) or his Pro (``pro``: not tried yet in
    this activation); then its bonus on the Armour Roll.
    """
    decisions = decisions or DefaultDecisions()
    board = state.board
    fouler, victim = _check_foul(board, fouler_id, victim_id)
    if chainsaw and not fouler.has("chainsaw"):
        raise UsageError(f"{fouler_id} has no Chainsaw to foul with")
    rules = ruleset.parameters.fouls
    offensive, defensive = foul_assists(board, fouler, victim)
    events: list[Event] = [Event("foul", fouler_id, (), victim_id, {"offensive": list(offensive), "defensive": list(defensive)})]
    bonus = 0
    if chainsaw:
        budget = RerollBudget(int(team_reroll), pro=pro_for(ruleset, fouler_id) if pro else None)
        kicked, started = chainsaw_kick_back(ruleset, board, fouler_id, victim_id, dice, decisions, budget=budget)
        if kicked:
            return FoulOutcome(attrs.evolve(state, board=started.board), (*events, *started.events), None, turnover=True)
        events.extend(started.events)
        bonus = ruleset.parameters.special_actions.chainsaw.armour
    harm = Harm(
        FOUL,
        attacker=fouler,
        armour_modifier=rules.per_assist * (len(offensive) - len(defensive)) + bonus,
        mighty_blow=fouler.has(DIRTY_PLAYER),
        blow_bonus=rules.dirty_player,
    )

    def dirty_player(rolls: tuple[int, ...]) -> bool:
        # The coach is told when breaking the armour would itself get the fouler Sent-off, as the core's officials see
        # it: a Sneaky Git's double, or a victim's team that prayed for Under Scrutiny.
        double = len(set(rolls)) == 1
        watched = UNDER_SCRUTINY in state.team(victim.team).prayers
        costly = (double and fouler.has("sneaky-git")) or watched
        return decisions.use_skill(fouler_id, DIRTY_PLAYER, ARMOUR_SENDS_OFF if costly else "armour")

    broken, spent, armour = roll_armour(ruleset, board, victim_id, harm, dice, use_blow=dirty_player)
    events.append(armour)
    armour_rolls = [armour.rolls]
    lone = not offensive and not defensive and fouler.has("lone-fouler")
    if not broken and lone and decisions.use_skill(fouler_id, "lone-fouler", FOUL):
        events.append(Event("skill", fouler_id, (), "lone-fouler", {"situation": FOUL}))
        broken, spent, armour = roll_armour(ruleset, board, victim_id, harm, dice, use_blow=dirty_player)
        events.append(armour)
        armour_rolls.append(armour.rolls)
    injury: tuple[int, ...] = ()
    if broken:
        injured = roll_injury(
            ruleset,
            board,
            victim_id,
            harm.for_injury(spent),
            dice,
            apothecary_from(decisions),
            choose_treatment=treatment_from(decisions),
        )
        board = injured.board
        events.extend(injured.events)
        injury = next((e.rolls for e in injured.events if e.kind == "injury"), ())
    state = attrs.evolve(state, board=board)
    report = FoulReport(fouler_id, victim_id, tuple(armour_rolls), broken, injury)
    call: FoulCall = ruleset.hook.bbcore_foul_call(ruleset=ruleset, state=state, report=report, dice=dice)
    if call.board is not None:
        state = attrs.evolve(state, board=call.board)
    events.extend(call.events)
    if call.sent_off is None or state.board.player(call.sent_off).status is Status.SENT_OFF:
        # Officials who knocked the fouler down (a plugin's referee) knocked down a player of the active team: a Turnover.
        return FoulOutcome(state, tuple(events), turnover=not state.board.player(fouler_id).standing)
    off = send_off(ruleset, state, call.sent_off, dice, decisions, reason=call.reason, bribe=call.bribe, active_team=fouler.team)
    return FoulOutcome(off.state, (*events, *off.events), None if off.stays else call.sent_off, off.turnover)


#: The skill that lets a blocker foul the player his block knocked down, for free.
PILE_DRIVER = "pile-driver"


def pile_driver(
    ruleset: Ruleset, state: GameState, player_id: str, victim_id: str, dice: DiceSource, decisions: Decisions | None = None
) -> FoulOutcome:
    """Pile Driver: ``player_id``'s Block Action has just knocked ``victim_id`` down; still Standing and Marking him,
    he makes a free Foul against him (:func:`foul`; it is not the team's Foul of the turn), then is Placed Prone (no
    Armour Roll; a ball he held drops, :func:`bbcore.rules.ball.drop_ball`) and his activation ends.

    The caller knows the block knocked the victim down; a player without the skill, not
    in play or not next to the victim raises :class:`~bbcore.errors.UsageError`. A
    pile-driver Sent-off for the Foul leaves the pitch instead of going Prone.
    """
    decisions = decisions or DefaultDecisions()
    player = state.board.player(player_id)
    if not player.has(PILE_DRIVER):
        raise UsageError(f"{player_id} has no Pile Driver")
    if not state.board.in_play(player):
        raise UsageError(f"{player_id} cannot use Pile Driver: he must be Standing and Marking the player he knocked down")
    used = Event(PILE_DRIVER, player_id, (), "used", {"victim": victim_id})
    fouled = foul(ruleset, state, player_id, victim_id, dice, decisions)
    state = fouled.state
    after = state.board.player(player_id)
    if not after.standing:
        return attrs.evolve(fouled, events=(used, *fouled.events))
    held = state.board.ball.carrier == player_id
    board = state.board.with_player(after.with_status(Status.PRONE))
    events = [used, *fouled.events, Event(PILE_DRIVER, player_id, (), "placed-prone")]
    if held and after.square is not None:
        dropped = drop_ball(ruleset, board, player_id, after.square, dice, decisions)
        board = dropped.board
        events.extend(dropped.events)
    # A ball carrier Placed Prone in his own activation is a Turnover.
    return FoulOutcome(attrs.evolve(state, board=board), tuple(events), fouled.sent_off, fouled.turnover or held)


def doubles_call(ruleset: Ruleset, state: GameState, report: FoulReport) -> FoulCall:
    """The core's answer to ``bbcore_foul_call``: a natural double on an Armour Roll or the Injury Roll
    sends the fouler off, except a held Armour Roll's double for a player with Sneaky Git; a foul that
    breaks the armour of a player whose team prayed for Under Scrutiny sends him off, double or not."""
    fouler = state.board.player(report.fouler)
    armour_counts = report.armour_double and (report.broken or not fouler.has("sneaky-git"))
    if armour_counts or report.injury_double:
        return FoulCall(sent_off=report.fouler, events=(Event("referee", report.fouler, (), "sent-off", {"seen": "double"}),))
    victims = state.team(state.board.player(report.victim).team)
    if report.broken and UNDER_SCRUTINY in victims.prayers:
        return FoulCall(sent_off=report.fouler, events=(Event("referee", report.fouler, (), "sent-off", {"seen": UNDER_SCRUTINY}),))
    return FoulCall()


#: The ``seen`` of the referee's event when a hired referee's die sends a fouler off (:func:`close_scrutiny`).
CLOSE_SCRUTINY = "close-scrutiny"


def close_scrutiny(ruleset: Ruleset, state: GameState, report: FoulReport, dice: DiceSource) -> FoulCall:
    """A referee the victim's team hired watches a Foul that sent nobody off: the parameters'
    ``inducements.close_scrutiny`` name him and his die; on ``sent_off_on`` or more the fouler is Sent-off, to
    Argue the Call and bribe as for a double. Nobody is sent off, and nothing rolled, when the victim's team holds no
    such referee (or the active list has none). Each team's referee watches only the other team's Fouls, so when
    both hired him both teams' Fouls are watched."""
    rules = ruleset.parameters.inducements.close_scrutiny
    if rules is None or rules.inducement not in ruleset.inducements:
        return FoulCall()
    victims = state.team(state.board.player(report.victim).team)
    if victims.inducements.get(rules.inducement, 0) <= 0:
        return FoulCall()
    rolls = roll_dice(dice, rules.dice)
    caught = sum(rolls) >= rules.sent_off_on
    detail = {"seen": CLOSE_SCRUTINY, "inducement": rules.inducement, "team": victims.id}
    event = Event("referee", report.fouler, rolls, "sent-off" if caught else "unseen", detail)
    return FoulCall(sent_off=report.fouler if caught else None, events=(event,))


def core_foul_call(ruleset: Ruleset, state: GameState, report: FoulReport, dice: DiceSource) -> FoulCall:
    """The core's answer to ``bbcore_foul_call``: :func:`doubles_call`, and when that sends nobody off,
    :func:`close_scrutiny` (a referee who sees the fouler off already rolls nothing)."""
    call = doubles_call(ruleset, state, report)
    return call if call.sent_off is not None else close_scrutiny(ruleset, state, report, dice)


def send_off(
    ruleset: Ruleset,
    state: GameState,
    player_id: str,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    reason: str,
    bribe: bool = True,
    active_team: str | None = None,
) -> SentOff:
    """Send ``player_id`` off for ``reason``, letting his coach Argue the Call and then spend Bribes.

    A Bribe is any inducement the parameters name in ``fouls.bribes`` (the first the team holds is
    spent first); the coach is asked (``Decisions.use_bribe``) before each, up to
    ``fouls.bribes_per_call`` tries on this call. A Bribe's failed D6 may be rolled again once with
    what the ``bbcore_bribe_reroll`` hook offers. ``bribe`` False: no Bribe may be used. ``active_team`` is the team whose turn it is
    (None: nobody's, as at the end of a drive); a player of that team Sent-off ends its
    turn, even when the argument wins, but not when a Bribe keeps him on. A ball the
    player held bounces from his square during a turn, and stays where it is between
    drives. A player who was off the pitch (knocked out, say) simply becomes Sent-off.
    """
    decisions = decisions or DefaultDecisions()
    player = state.board.player(player_id)
    events: list[Event] = []
    turnover = player.team == active_team
    argued = _argue(ruleset, state, player, dice, decisions, reason)
    state = argued.state
    events.extend(argued.events)
    if argued.reversed:
        return SentOff(state, tuple(events), stays=True, turnover=turnover and argued.turnover)
    rules = ruleset.parameters.fouls
    tries = 0
    while bribe and argued.bribe and (rules.bribes_per_call is None or tries < rules.bribes_per_call):
        held = state.team(player.team).inducements
        spent = next((key for key in rules.bribes if held.get(key, 0) > 0), None)
        if spent is None or not decisions.use_bribe(player.team, player_id):
            break
        tries += 1
        state = state.update_team(player.team, inducements={**held, spent: held[spent] - 1})
        rolls = roll_dice(dice, "D6")
        detail: dict[str, object] = {"left": held[spent] - 1, "inducement": spent}
        if rolls[0] < ruleset.parameters.targets.bribe:
            state, source = _bribe_reroll(ruleset, state, player_id, decisions)
            if source is not None:
                rolls, detail["rerolled_with"] = (*rolls, *roll_dice(dice, "D6")), source
        worked = rolls[-1] >= ruleset.parameters.targets.bribe
        events.append(Event("bribe", player_id, tuple(rolls), "worked" if worked else "wasted", detail))
        if worked:
            return SentOff(state, tuple(events), stays=True, turnover=False)
    board, gone = leave_pitch_sent_off(ruleset, state.board, player, dice, decisions, reason, bounce_ball=active_team is not None)
    return SentOff(attrs.evolve(state, board=board), (*events, *gone), stays=False, turnover=turnover)


def _bribe_reroll(ruleset: Ruleset, state: GameState, player_id: str, decisions: Decisions) -> tuple[GameState, str | None]:
    """What a failed Bribe's D6 may be rolled again with (``bbcore_bribe_reroll``), if the coach takes it:
    the state with that use noted, and the source; None when there is no re-roll."""
    team = state.board.player(player_id).team
    source: str | None = ruleset.hook.bbcore_bribe_reroll(ruleset=ruleset, state=state, team_id=team, player_id=player_id)
    if source is None or not decisions.use_skill(player_id, source, "bribe"):
        return state, None
    state, _ = use_inducement(ruleset, state, team, source)
    return state, source


def _argue(ruleset: Ruleset, state: GameState, player: PlayerState, dice: DiceSource, decisions: Decisions, reason: str) -> ArgueOutcome:
    team = state.team(player.team)
    if team.coach_ejected or not decisions.argue_the_call(player.team, player.id):
        return ArgueOutcome(None, state)
    argued: ArgueOutcome = ruleset.hook.bbcore_argue_the_call(
        ruleset=ruleset, state=state, team_id=player.team, player_id=player.id, reason=reason, dice=dice
    )
    argued = _argue_again(ruleset, state, player, argued, dice, decisions, reason)
    if argued.row is not None and argued.row.id == ruleset.parameters.fouls.coach_ejected_by:
        return attrs.evolve(argued, state=argued.state.update_team(player.team, coach_ejected=True))
    return argued


def _argue_again(
    ruleset: Ruleset, state: GameState, player: PlayerState, argued: ArgueOutcome, dice: DiceSource, decisions: Decisions, reason: str
) -> ArgueOutcome:
    """Bribery and Corruption: once a game, an argument whose natural roll shows ``reroll_on`` may be made again,
    if the coach wants (``Decisions.use_special_rule``, situation :data:`ARGUE_THE_CALL`); the second stands."""
    terms = ruleset.parameters.fouls.bribery_and_corruption
    team = state.team(player.team)
    if terms is None or terms.special_rule not in team.special_rules or team.argue_rerolled or argued.row is None:
        return argued
    natural = next((sum(e.rolls) for e in argued.events if e.kind == ARGUE_THE_CALL and e.rolls), None)
    if natural != terms.reroll_on or not decisions.use_special_rule(player.team, terms.special_rule, ARGUE_THE_CALL):
        return argued
    spent = state.update_team(player.team, argue_rerolled=True)
    again: ArgueOutcome = ruleset.hook.bbcore_argue_the_call(
        ruleset=ruleset, state=spent, team_id=player.team, player_id=player.id, reason=reason, dice=dice
    )
    used = Event(terms.special_rule, player.team, (), "re-roll", {"player": player.id, "first": argued.row.id})
    return attrs.evolve(again, events=(*argued.events, used, *again.events))


def argue_the_call_modifier(ruleset: Ruleset, state: GameState, team_id: str) -> int:
    """What the team's inducements add to its Argue the Call rolls: their ``argue-the-call`` modifier effects, profiles' included."""
    total = 0
    for inducement_id, count in state.team(team_id).inducements.items():
        if count <= 0 or inducement_id not in ruleset.inducements:
            continue
        total += inducement_argue_modifier(ruleset.inducement(inducement_id))
    return total


def inducement_argue_modifier(inducement: Inducement) -> int:
    """What one inducement adds to its team's Argue the Call rolls (its ``argue-the-call`` modifier effects)."""
    effects = [*inducement.effects, *(e for profile in inducement.profiles for e in profile.effects)]
    return sum(effect.by or 0 for effect in effects if effect.modifier == ARGUE_THE_CALL)


def core_argue_the_call(
    ruleset: Ruleset, state: GameState, team_id: str, player_id: str, reason: str, dice: DiceSource, *, modifier: int | None = None
) -> ArgueOutcome:
    """The core's answer to ``bbcore_argue_the_call``: a roll on the ``argue-the-call`` table with the
    team's :func:`argue_the_call_modifier`; the player stays in the game on a row that does not set his
    status to Sent-off. A team that prayed for Friends with the Ref gets the last row on a natural
    ``fouls.friends_with_the_ref_from`` or more. A natural roll of ``fouls.ejected_on_natural`` or less is the
    ``fouls.coach_ejected_by`` row whatever the modifier (a Dodgy League Rep's +1 does not save a natural 1).
    ``modifier`` replaces the inducements' (a plugin's, whose reading leaves one of them out)."""
    table = ruleset.table(ARGUE_THE_CALL_ROLE)
    rolls = roll_dice(dice, table.dice or "D6")
    if modifier is None:
        modifier = argue_the_call_modifier(ruleset, state, team_id)
    low, high = table.range or (1, 6)
    total = min(max(sum(rolls) + modifier, low), high)
    row = table.row_for(total)
    fouls = ruleset.parameters.fouls
    if fouls.ejected_on_natural is not None and sum(rolls) <= fouls.ejected_on_natural:
        row = table.row(fouls.coach_ejected_by)
    elif FRIENDS_WITH_THE_REF in state.team(team_id).prayers and sum(rolls) >= fouls.friends_with_the_ref_from:
        row = table.rows[-1]
    stays = not any(effect.status == Status.SENT_OFF.value for effect in row.effects)
    event = Event("argue-the-call", player_id, rolls, row.id, {"team": team_id, "total": total, "reason": reason})
    return ArgueOutcome(row, state, stays, (event,))


def leave_pitch_sent_off(
    ruleset: Ruleset, board: Board, player: PlayerState, dice: DiceSource, decisions: Decisions, reason: str, *, bounce_ball: bool = True
) -> tuple[Board, tuple[Event, ...]]:
    """The player leaves the pitch Sent-off, with no argument nor Bribe (:func:`send_off` offers those first).

    A ball he held bounces from his square (or lies there, ``bounce_ball`` False).
    """
    square = player.square
    held = square is not None and board.ball.carrier == player.id
    board = board.with_player(player.with_status(Status.SENT_OFF))
    events = (Event("sent-off", player.id, (), reason, {"was": player.status.value}),)
    if not held or square is None:
        return board, events
    if not bounce_ball:
        return board.with_ball(BallState(square=square)), events
    loose = bounce(ruleset, board.with_ball(BallState(square=square)), square, dice, decisions)
    return loose.board, events + loose.events


__all__ = [
    "ARGUE_THE_CALL",
    "ARGUE_THE_CALL_ROLE",
    "CLOSE_SCRUTINY",
    "FOUL",
    "FRIENDS_WITH_THE_REF",
    "UNDER_SCRUTINY",
    "ArgueOutcome",
    "FoulCall",
    "FoulOutcome",
    "FoulReport",
    "SentOff",
    "argue_the_call_modifier",
    "close_scrutiny",
    "core_argue_the_call",
    "core_foul_call",
    "doubles_call",
    "foul",
    "foul_assists",
    "inducement_argue_modifier",
    "leave_pitch_sent_off",
    "send_off",
]
