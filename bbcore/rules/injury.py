"""Armour, injury, casualty, lasting injury, regeneration, apothecary and KO recovery.

The numbers come from the tables (``injury``, ``stunty-injury``, ``casualty``,
``lasting-injury``) and the skills from the players; modifiers a variant adds come
through the ``bbcore_armour_modifiers``, ``bbcore_injury_modifiers`` and
``bbcore_ko_recovery_modifiers`` hooks, and what becomes of a casualty roll straight
after it is made (a variant's healer, a player whose casualties work differently)
through ``bbcore_casualty_treatment``, and what a last resort does once every other
healing has failed through ``bbcore_last_resort_treatment``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from bbcore.dice import DiceSource, passes, roll_dice
from bbcore.errors import UsageError
from bbcore.rules import ball
from bbcore.rules.board import CASUALTY_MODIFIER, Board, PlayerState, Status
from bbcore.rules.decisions import Decisions, kept_casualty_from
from bbcore.rules.effects import serves_hired
from bbcore.rules.events import Event, Outcome
from bbcore.rules.skill_forms import held_form

if TYPE_CHECKING:
    from bbcore.model.table import Row, Table
    from bbcore.ruleset import Ruleset

#: Asked whether the team spends its apothecary on a player, for ``ko`` or ``casualty``.
Apothecary = Callable[[PlayerState, str], bool]

#: Asked straight after a casualty roll which treatment, if any, the player's team uses on
#: that result: ``(player, casualty row id) -> treatment id or None``. Offer only what the
#: team still has; see ``bbcore_casualty_treatment``.
TreatmentChoice = Callable[[PlayerState, str], str | None]

#: The trait of a player who is never left lying on the pitch: going down means an Injury Roll at once, with no
#: Armour Roll, and Stunned counts as Knocked-out (see :mod:`bbcore.rules.ball_and_chain` for its action).
BALL_AND_CHAIN = "ball-and-chain"
MIGHTY_BLOW = "mighty-blow"
#: The trait that may bring a Casualty back, its roll's event, and what the treatment choice is asked with after it fails.
REGENERATION = "regeneration"
#: The event a procedure reports when a team's Apothecary treats a player.
APOTHECARY_EVENT = "apothecary"

#: The event of a player Knocked Down (not Placed Prone): his Armour Roll follows, and on his own team's turn a
#: turnover.
KNOCKED_DOWN = "knocked-down"

#: The status effect of the Casualty table's row that kills the player (Dead).
DEAD = "dead"
#: The role of the casualty table in force (a league may fill it with its own).
CASUALTY_ROLE = "casualty"

#: What ``choose_treatment`` is asked with, before the standing row's id, once every other healing has failed.
LAST_RESORT = "last-resort:"


def last_resort(casualty: str) -> str:
    """The treatment question for a last resort on the casualty result ``casualty`` (a row id): ``last-resort:<row id>``."""
    return LAST_RESORT + casualty


#: The injury table rows' status effects, as board statuses.
_STATUS_OF_EFFECT = {"stunned": Status.STUNNED, "ko": Status.KO, "casualty": Status.CASUALTY}


@frozen
class Harm:
    """What an armour roll may carry: who caused it, why, and what can still be added."""

    cause: str
    attacker: PlayerState | None = None
    armour_modifier: int = 0  # from the situation, e.g. what a pushed player was slammed into
    mighty_blow: bool = False  # the attacker may add +1 to the armour or the injury roll
    blow_bonus: int = 1  # what that choice adds: Mighty Blow's 1, more for a blast that says so
    crowd: bool = False  # injury by the crowd: a Stunned player goes to the reserves
    unmodified: bool = False  # an Armour Roll that nothing may modify (a Stab, Projectile Vomit)
    fell: bool = False  # the player has just gone to the ground (knock_down sets it): a pitch may make that hurt more
    by_block: bool = False  # knocked down by a block, or what counts as one (hit_by sets it): the attacker's Claws count
    unhurt: bool = False  # the player goes down and nothing is rolled against him (a variant's thrown ball-player, say)
    blow_on_armour: bool = False  # Mighty Blow goes on the Armour Roll whatever it rolls (an Animal Savagery lash-out)
    stunned_is_ko: bool = False  # a Stunned result counts as Knocked-out (a fumbled Kick Team-mate), as for a Ball & Chain

    def for_injury(self, blow_spent: bool) -> Harm:
        """The harm the injury roll carries after the armour roll: a Mighty Blow spent on the armour is gone."""
        return attrs.evolve(self, mighty_blow=self.mighty_blow and not blow_spent) if blow_spent else self


def hit_by(ruleset: Ruleset, cause: str, hitter: PlayerState, victim: PlayerState | None = None) -> Harm:
    """The harm of a Knock Down that ``hitter`` caused (a Block, a lash-out, a Ball & Chain), his Mighty Blow counted.

    It is a block's knock-down (``by_block``): the hitter's Claws count on the Armour Roll.

    Any form of Mighty Blow counts (:func:`~bbcore.rules.skill_forms.held_form`); it adds
    its own value in brackets when it has one, else ``block.mighty_blow``. Given the
    ``victim`` of a block, Mighty Blow counts only against an opposition player and only
    for a hitter who is not Distracted (an Active skill; he may be down already, as on the
    second block of a Multiple Block, since it counts "even if this player is also
    Knocked Down"); a lash-out, which names no victim, uses it on a team-mate as its trait
    says.
    """
    form = held_form(ruleset, hitter, MIGHTY_BLOW)
    if form is not None and victim is not None and (victim.team == hitter.team or not hitter.tackle_zone):
        form = None
    value = None if form is None else hitter.skill_value(form)
    bonus = value if isinstance(value, int) else ruleset.parameters.block.mighty_blow
    return Harm(cause, attacker=hitter, mighty_blow=form is not None, blow_bonus=bonus, by_block=True)


@frozen
class CasualtyTreatment:
    """What a casualty roll became once treated: the result that stands, where the player goes, and what happened.

    ``status`` stays CASUALTY unless the treatment takes the player out of the Casualty
    box (RESERVES for one patched up, KO for one who is only knocked out). ``treatment``
    names what was used, None when nothing was; the caller marks it as spent (the events
    say so too). ``apothecary`` False puts the result beyond an apothecary: none is
    offered. ``lost_skills`` are skills or traits of the player's that the treatment used
    up (a once-only protection): he loses them.
    """

    row: Row
    status: Status = Status.CASUALTY
    treatment: str | None = None
    events: tuple[Event, ...] = ()
    apothecary: bool = True
    lost_skills: tuple[str, ...] = ()


@frozen
class KnockOutTreatment:
    """What a treatment made of a Knocked-out result before the player left the pitch (``bbcore_knock_out_treatment``).

    ``status``: KO (knocked out as usual: the apothecary is still offered), STUNNED (he
    stays on the pitch, Stunned; in the crowd, the Reserves) or CASUALTY (a casualty,
    with its treatment and apothecary as any other; ``counts_as`` names the Casualty
    table result it counts as, with no casualty roll, None for a roll).
    """

    status: Status
    events: tuple[Event, ...] = ()
    counts_as: str | None = None


#: What the treatment of a Knocked-out result may leave the player as.
_AFTER_KNOCK_OUT = (Status.KO, Status.STUNNED, Status.CASUALTY)
#: Where a last resort may leave a player whose casualty stands: in the Casualty box, or back in the dugout.
_AFTER_LAST_RESORT = (Status.CASUALTY, Status.KO, Status.RESERVES)


def untreated(casualty: Row, treatment: str | None) -> CasualtyTreatment:
    """The core's answer to ``bbcore_casualty_treatment``: the roll stands; a treatment no plugin knows is an error."""
    if treatment is not None:
        raise UsageError(f"no active plugin knows the casualty treatment {treatment!r}")
    return CasualtyTreatment(casualty)


def unknown_knock_out_treatment(treatment: str) -> KnockOutTreatment:
    """The core's answer to ``bbcore_knock_out_treatment``: it knows no treatment, so one named is an error."""
    raise UsageError(f"no active plugin knows the knock-out treatment {treatment!r}")


def unknown_last_resort(treatment: str) -> CasualtyTreatment:
    """The core's answer to ``bbcore_last_resort_treatment``: it knows no last resort, so one named is an error."""
    raise UsageError(f"no active plugin knows the last-resort treatment {treatment!r}")


@frozen(eq=False)
class AskedApothecary:
    """An ``use_apothecary`` callback that asks the coaches (``Decisions.use_apothecary``), and asks them too which
    Casualty result stands after the Apothecary's second roll (:func:`~bbcore.rules.decisions.kept_casualty_from`).
    Any other callback keeps the milder."""

    decisions: Decisions

    def __call__(self, player: PlayerState, injury: str) -> bool:
        return self.decisions.use_apothecary(player.id, injury)

    def keep_casualty(self, player: PlayerState, results: Sequence[str]) -> str:
        """Which of ``results`` (casualty row ids, the milder first) stands against ``player``."""
        return kept_casualty_from(self.decisions, player.id, results)


def apothecary_from(decisions: Decisions) -> Apothecary:
    """The ``use_apothecary`` callback that asks the coaches: an :class:`AskedApothecary`."""
    return AskedApothecary(decisions)


def treatment_from(decisions: Decisions) -> TreatmentChoice:
    """The ``choose_treatment`` callback that asks the coaches (``Decisions.casualty_treatment``)."""
    return lambda player, casualty: decisions.casualty_treatment(player.id, casualty)


def _sum_hook(results: list[int | None]) -> int:
    return sum(r for r in results if r)


def armour_modifier(ruleset: Ruleset, board: Board, player: PlayerState, harm: Harm) -> int:
    """Modifiers from the situation, the ``armour`` modifier in force for the player
    (:meth:`~bbcore.rules.board.Board.modifier`) and hooks; Iron Hard Skin cancels those the opposing side would bring.

    A player with a Chainsaw always takes its ``special_actions.chainsaw.armour`` on his own
    Armour Rolls. An ``unmodified`` roll takes nothing.
    """
    if harm.unmodified:
        return 0
    total = (
        harm.armour_modifier
        + board.modifier("armour", player)
        + _sum_hook(
            ruleset.hook.bbcore_armour_modifiers(
                ruleset=ruleset, board=board, player=player, cause=harm.cause, attacker=harm.attacker, fell=harm.fell
            )
        )
    )
    if player.has("iron-hard-skin"):
        total = min(total, 0)
    # A chainsaw hurts its wielder when he is Knocked Down or Falls Over, not when he is fouled lying down.
    if player.has("chainsaw") and harm.fell:
        total += ruleset.parameters.special_actions.chainsaw.armour
    return total


def roll_armour(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    harm: Harm,
    dice: DiceSource,
    *,
    use_blow: Callable[[tuple[int, ...]], bool] | None = None,
) -> tuple[bool, bool, Event]:
    """Roll 2D6 against the player's AV; return (broken, mighty blow spent, event).

    Armour breaks when the total reaches the AV target number. Claws break armour on a
    natural 8+ whatever the AV (not against Iron Hard Skin). Mighty Blow's +1 is spent
    here only when it turns an unbroken roll into a broken one, unless the harm puts it on
    the Armour Roll whatever it rolls (``blow_on_armour``). ``use_blow``, when given, is
    asked first, with the dice rolled, whether the bonus goes on this roll (False keeps it
    for the Injury Roll: a fouler's Dirty Player, whose broken armour would get him
    Sent-off, say).
    """
    player = board.player(player_id)
    rolls = roll_dice(dice, "2D6")
    natural = sum(rolls)
    total = natural + armour_modifier(ruleset, board, player, harm)
    broken = total >= player.av
    # Claws is for a player knocked down by a block, not by a foul, a fall or a special action.
    claws = (
        harm.by_block
        and not harm.unmodified
        and harm.attacker is not None
        and harm.attacker.has("claws")
        and not player.has("iron-hard-skin")
    )
    if claws and natural >= ruleset.parameters.block.claws_breaks_on:
        broken = True
    spent = False
    bonus = harm.blow_bonus
    blow = harm.mighty_blow and not harm.unmodified and not player.has("iron-hard-skin")
    if blow and harm.blow_on_armour:
        spent, total = True, total + bonus
        broken = broken or total >= player.av
    elif blow and not broken and total + bonus >= player.av and (use_blow is None or use_blow(rolls)):
        broken, spent, total = True, True, total + bonus
    event = Event("armour", player_id, rolls, "broken" if broken else "held", {"total": total, "av": player.av, "mighty_blow": spent})
    return broken, spent, event


def injury_table(ruleset: Ruleset, player: PlayerState) -> Table:
    """The stunty injury table for a Stunty player, the injury table for anyone else (by role)."""
    return ruleset.table("stunty-injury" if player.has("stunty") else "injury")


def _row_status(row: Row) -> Status:
    for effect in row.effects:
        if effect.status in _STATUS_OF_EFFECT:
            return _STATUS_OF_EFFECT[effect.status]
    return Status.CASUALTY


def _rolls_on(row: Row) -> str | None:
    return next((e.roll_on for e in row.effects if e.roll_on), None)


def roll_injury(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    harm: Harm,
    dice: DiceSource,
    use_apothecary: Apothecary | None = None,
    *,
    choose_treatment: TreatmentChoice | None = None,
) -> Outcome:
    """Roll on the injury table and apply the result: stunned, knocked out or a casualty.

    Thick Skull turns the lowest knocked-out result into Stunned; Ball & Chain (and a harm
    with ``stunned_is_ko``) turns Stunned into Knocked-out (except in the crowd, where
    Stunned already means the Reserves), before any treatment or apothecary is offered. A casualty is rolled on
    the casualty table unless the row says otherwise (the stunty Badly Hurt row);
    Regeneration, a treatment (``choose_treatment``, see :func:`suffer_casualty`) and the
    team's apothecary are offered as the rules allow: never to a player who may not be
    treated (``PlayerState.treatable``). A Knocked-out result is offered a treatment
    first, before the apothecary (``choose_treatment`` asked with the row's id; see
    ``bbcore_knock_out_treatment``): it may leave him Stunned or make him a casualty.
    """
    player = board.player(player_id)
    if not player.treatable:
        use_apothecary = choose_treatment = None
    row, status, event = injury_result(ruleset, board, player_id, harm, dice)
    events = [event]
    if status is Status.STUNNED:
        new_status = Status.RESERVES if harm.crowd else Status.STUNNED
        return Outcome(board.with_player(player.with_status(new_status)), tuple(events))
    if status is Status.KO:
        treated = _treat_knock_out(ruleset, board, player, row, dice, choose_treatment)
        if treated is not None:
            events.extend(treated.events)
            if treated.status is Status.STUNNED:
                return Outcome(board.with_player(player.with_status(Status.RESERVES if harm.crowd else Status.STUNNED)), tuple(events))
            if treated.status is Status.CASUALTY:
                casualty = suffer_casualty(
                    ruleset, board, player_id, dice, use_apothecary, choose_treatment=choose_treatment, counts_as=treated.counts_as
                )
                return Outcome(casualty.board, tuple(events) + casualty.events)
        if use_apothecary is not None and use_apothecary(player, "ko"):
            patched = Status.RESERVES if harm.crowd else Status.STUNNED
            events.append(Event(APOTHECARY_EVENT, player_id, (), "patched-up", {"from": "ko", "to": patched.value}))
            return Outcome(board.with_player(player.with_status(patched)), tuple(events))
        return Outcome(board.with_player(player.with_status(Status.KO)), tuple(events))
    casualty = suffer_casualty(
        ruleset, board, player_id, dice, use_apothecary, roll=_rolls_on(row) is not None, choose_treatment=choose_treatment
    )
    return Outcome(casualty.board, tuple(events) + casualty.events)


def _treat_knock_out(
    ruleset: Ruleset, board: Board, player: PlayerState, row: Row, dice: DiceSource, choose_treatment: TreatmentChoice | None
) -> KnockOutTreatment | None:
    """The treatment the team names for a Knocked-out result (asked with the injury row's id), as a plugin works it out."""
    treatment = choose_treatment(player, row.id) if choose_treatment is not None else None
    if treatment is None:
        return None
    treated: KnockOutTreatment = ruleset.hook.bbcore_knock_out_treatment(
        ruleset=ruleset, board=board, player=player, treatment=treatment, dice=dice
    )
    if treated.status not in _AFTER_KNOCK_OUT:
        raise UsageError(
            f"the knock-out treatment {treatment!r} left {player.id!r} {treated.status.value!r}; "
            f"it may leave him only {', '.join(s.value for s in _AFTER_KNOCK_OUT)}"
        )
    return treated


def injury_result(ruleset: Ruleset, board: Board, player_id: str, harm: Harm, dice: DiceSource) -> tuple[Row, Status, Event]:
    """The injury roll alone: the row, the status it means (Thick Skull applied), and the event (its ``cause``: the
    harm's; its ``by``: the player who caused it, when the harm names one)."""
    player = board.player(player_id)
    table = injury_table(ruleset, player)
    rolls = roll_dice(dice, table.dice or "2D6")
    modifier = _sum_hook(
        ruleset.hook.bbcore_injury_modifiers(ruleset=ruleset, board=board, player=player, cause=harm.cause, attacker=harm.attacker)
    )
    if harm.mighty_blow:
        modifier += harm.blow_bonus
    low, high = table.range or (2, 12)
    total = min(max(sum(rolls) + modifier, low), high)
    row = table.row_for(total)
    status = _row_status(row)
    if status is Status.KO and player.has("thick-skull") and total == row.min:
        status = Status.STUNNED
        row = next(r for r in table.rows if _row_status(r) is Status.STUNNED)
    if status is Status.STUNNED and (player.has(BALL_AND_CHAIN) or harm.stunned_is_ko) and not harm.crowd:
        status = Status.KO
        row = next(r for r in table.rows if _row_status(r) is Status.KO)
    detail: dict[str, object] = {"total": total, "table": table.id, "status": status.value, "cause": harm.cause}
    if harm.attacker is not None:
        detail["by"] = harm.attacker.id  # who caused it: Getting Even and the casualty award read it
    return row, status, Event("injury", player_id, rolls, row.id, detail)


def suffer_casualty(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    dice: DiceSource,
    use_apothecary: Apothecary | None = None,
    *,
    roll: bool = True,
    niggling_injuries: int = 0,
    choose_treatment: TreatmentChoice | None = None,
    counts_as: str | None = None,
) -> Outcome:
    """A casualty: Regeneration first, then the casualty roll, its treatment, the apothecary and any lasting injury.

    A failed Regeneration roll may be rolled again once: ``choose_treatment`` is asked with
    ``regeneration`` as the casualty, and may name an inducement with a
    ``regeneration_reroll`` effect (a Mortuary Assistant); the ``regeneration`` event says
    so (``rerolled_with``), for :func:`bbcore.rules.treatments.spend_treatments`. Under
    ``regeneration_first: false`` (a variant whose staff heal first) Regeneration is rolled
    after the casualty roll and its treatment instead, and saves the player from whatever
    result they left him with.

    Straight after the casualty roll, before the apothecary, ``choose_treatment`` is
    asked which treatment the team uses on the result (None: no treatment offered),
    and ``bbcore_casualty_treatment`` says what becomes of the roll, whether or not a
    treatment was chosen. A treatment that moves the player out of the Casualty box
    ends the casualty there. ``counts_as`` names the casualty table row every Casualty
    result counts as (a Bloodlust bite's Badly Hurt): no casualty roll is made, for the
    apothecary either; without it, the player's own ``PlayerState.casualty_counts_as`` (a
    Frog's) does the same, and then no treatment nor apothecary is offered for the Casualty
    (the player's Knock-outs stay treatable). A player who may not be treated (``PlayerState.treatable``) is
    offered neither a treatment, a Regeneration re-roll nor the apothecary.

    Once Regeneration, the treatment and the apothecary have all left a rolled result
    standing, ``choose_treatment`` is asked a last time, with :func:`last_resort` of that
    result's row id (``last-resort:serious-injury``); a treatment named then goes to
    ``bbcore_last_resort_treatment``, which may send the player to the Reserves for the
    rest of the game: the result is recorded against him all the same, and any lasting
    injury rolled (nothing is asked of an untreatable player).
    """
    player = board.player(player_id)
    if not player.treatable:
        use_apothecary = choose_treatment = None
    if counts_as is None and player.casualty_counts_as is not None:
        # A Frog's Casualty: the row he counts as, beyond any treatment (his Knock-outs are treated as anyone's).
        counts_as = player.casualty_counts_as
        use_apothecary = choose_treatment = None
    events: list[Event] = []
    # Decay and the like: added to every casualty roll, as Niggling Injuries are (those the player carries
    # into the game are his ``casualty`` modifier on the board).
    niggling_injuries += sum(by for trait, by in ruleset.parameters.casualty_modifiers.items() if player.has(trait))
    niggling_injuries += board.modifier(CASUALTY_MODIFIER, player)
    regeneration_first = ruleset.parameters.regeneration_first
    if regeneration_first and _regenerates(ruleset, player, dice, choose_treatment, events):
        return Outcome(board.with_player(player.with_status(Status.RESERVES)), tuple(events))
    table = ruleset.table(CASUALTY_ROLE)
    if not roll:
        row = table.rows[0]
        events.append(Event("casualty", player_id, (), row.id, {"automatic": True}))
        if not regeneration_first and _regenerates(ruleset, player, dice, choose_treatment, events):
            return Outcome(board.with_player(player.with_status(Status.RESERVES)), tuple(events))
    else:
        if counts_as is None:
            row, event = _casualty_roll(table, player_id, dice, niggling_injuries)
        else:
            row = table.row(counts_as)
            event = Event("casualty", player_id, (), row.id, {"counts_as": row.id})
        events.append(event)
        treated: CasualtyTreatment = ruleset.hook.bbcore_casualty_treatment(
            ruleset=ruleset,
            board=board,
            player=player,
            casualty=row,
            treatment=choose_treatment(player, row.id) if choose_treatment is not None else None,
            niggling_injuries=niggling_injuries,
            dice=dice,
        )
        events.extend(treated.events)
        row = treated.row
        if treated.lost_skills:
            player = attrs.evolve(player, skills={k: v for k, v in player.skills.items() if k not in treated.lost_skills})
        if treated.status is not Status.CASUALTY:
            return Outcome(board.with_player(player.with_status(treated.status)), tuple(events))
        if not regeneration_first and _regenerates(ruleset, player, dice, choose_treatment, events):
            return Outcome(board.with_player(player.with_status(Status.RESERVES)), tuple(events))
        if treated.apothecary and use_apothecary is not None and use_apothecary(player, "casualty"):
            if counts_as is None:
                second, second_event = _casualty_roll(table, player_id, dice, niggling_injuries)
                events.append(second_event)
            else:
                second = table.row(counts_as)
            if second.id != row.id:
                # The coach keeps either result; one who is not asked keeps the milder, the earlier row of the table.
                results = [r.id for r in sorted((row, second), key=lambda r: r.min or 0)]
                kept = use_apothecary.keep_casualty(player, results) if isinstance(use_apothecary, AskedApothecary) else results[0]
                row = table.row(kept)
            events.append(Event(APOTHECARY_EVENT, player_id, (), row.id, {"chosen": row.id}))
            if row is table.rows[0]:
                return Outcome(board.with_player(player.with_status(Status.RESERVES)), tuple(events))
    status = Status.CASUALTY
    # A casualty the table gives without a roll is not treated, by a last resort either.
    last = _last_resort(ruleset, board, player, row, dice, choose_treatment) if roll else None
    if last is not None:
        events.extend(last.events)
        row, status = last.row, last.status
    player, lasting = with_casualty_result(ruleset, player, row, dice)
    return Outcome(board.with_player(player.with_status(status)), (*events, *lasting))


def with_casualty_result(ruleset: Ruleset, player: PlayerState, row: Row, dice: DiceSource) -> tuple[PlayerState, tuple[Event, ...]]:
    """The player in the Casualty box with one more result standing against him (``row``, of the casualty table),
    and the lasting injury that result rolls, if it rolls one (kept in ``PlayerState.lasting_injuries``)."""
    player = player.with_casualty(row.id)
    table_id = _rolls_on(row)
    if table_id is None:
        return player, ()
    lasting_row, lasting_event = _lasting_injury(ruleset, table_id, player.id, dice)
    return attrs.evolve(player, lasting_injuries=(*player.lasting_injuries, lasting_row.id)), (lasting_event,)


def _last_resort(
    ruleset: Ruleset, board: Board, player: PlayerState, row: Row, dice: DiceSource, choose_treatment: TreatmentChoice | None
) -> CasualtyTreatment | None:
    """The last-resort treatment the team names for a result every other healing left standing, as a plugin works it out."""
    treatment = choose_treatment(player, last_resort(row.id)) if choose_treatment is not None else None
    if treatment is None:
        return None
    treated: CasualtyTreatment = ruleset.hook.bbcore_last_resort_treatment(
        ruleset=ruleset, board=board, player=player, casualty=row, treatment=treatment, dice=dice
    )
    if treated.status not in _AFTER_LAST_RESORT:
        raise UsageError(
            f"the last-resort treatment {treatment!r} left {player.id!r} {treated.status.value!r}; "
            f"it may leave him only {', '.join(s.value for s in _AFTER_LAST_RESORT)}"
        )
    return treated


def _regenerates(
    ruleset: Ruleset, player: PlayerState, dice: DiceSource, choose_treatment: TreatmentChoice | None, events: list[Event]
) -> bool:
    """Whether a player with Regeneration shrugs the casualty off (its event added to ``events``); False without the trait."""
    if not player.has(REGENERATION):
        return False
    rolls = roll_dice(dice, "D6")
    target = ruleset.parameters.targets.regeneration
    detail: dict[str, object] = {}
    source = choose_treatment(player, REGENERATION) if choose_treatment is not None and not passes(rolls[0], target) else None
    if source is not None:
        _check_regeneration_reroll(ruleset, source, player)
        rolls, detail = (*rolls, *roll_dice(dice, "D6")), {"rerolled_with": source}
    regenerated = passes(rolls[-1], target)
    events.append(Event(REGENERATION, player.id, rolls, "regenerated" if regenerated else "failed", detail))
    return regenerated


def _check_regeneration_reroll(ruleset: Ruleset, source: str, player: PlayerState) -> None:
    inducement = ruleset.inducements.get(source)
    rerolls = [effect for effect in inducement.effects if effect.regeneration_reroll] if inducement is not None else []
    if inducement is None or not rerolls:
        raise UsageError(f"{source!r} is not an inducement that re-rolls a failed Regeneration roll")
    if player.hired and not serves_hired(rerolls):
        raise UsageError(f"{inducement.name} cannot re-roll the Regeneration of {player.id}, hired for this game only")


def _deadly_rows(ruleset: Ruleset) -> list[Row]:
    return [row for row in ruleset.table(CASUALTY_ROLE).rows if any(effect.status == DEAD for effect in row.effects)]


def death(ruleset: Ruleset) -> Row:
    """The casualty table's row (by role) that kills the player: the one whose effect is status ``dead``."""
    deadly = _deadly_rows(ruleset)
    if not deadly:
        raise UsageError(f"the casualty table {ruleset.table('casualty').id!r} has no row with the effect 'status: {DEAD}'")
    return deadly[0]


def is_dead(ruleset: Ruleset, player: PlayerState) -> bool:
    """Whether a casualty result standing against the player this game (``PlayerState.casualty_results``) killed him.

    Under a casualty table with no deadly row (a league's own), nobody is."""
    if not player.casualty_results:
        return False
    return any(row.id in player.casualty_results for row in _deadly_rows(ruleset))


def casualty_roll(ruleset: Ruleset, player_id: str, dice: DiceSource, niggling_injuries: int = 0) -> tuple[Row, Event]:
    """One roll on the casualty table (by role), plus Niggling Injuries, kept within the table: the row and the event."""
    return _casualty_roll(ruleset.table(CASUALTY_ROLE), player_id, dice, niggling_injuries)


def _casualty_roll(table: Table, player_id: str, dice: DiceSource, niggling: int) -> tuple[Row, Event]:
    rolls = roll_dice(dice, table.dice or "D16")
    low, high = table.range or (1, 16)
    total = min(max(sum(rolls) + niggling, low), high)
    row = table.row_for(total)
    return row, Event("casualty", player_id, rolls, row.id, {"total": total})


def _lasting_injury(ruleset: Ruleset, table_id: str, player_id: str, dice: DiceSource) -> tuple[Row, Event]:
    table = ruleset.table(table_id)
    rolls = roll_dice(dice, table.dice or "D6")
    row = table.row_for(sum(rolls))
    changes = {e.change: e.by for e in row.effects if e.change is not None}
    return row, Event("lasting-injury", player_id, rolls, row.id, {"changes": changes})


def knock_down(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    harm: Harm,
    dice: DiceSource,
    use_apothecary: Apothecary | None = None,
    *,
    choose_treatment: TreatmentChoice | None = None,
    may_keep_footing: bool = True,
) -> Outcome:
    """Place the player prone and make an armour roll; on a break, an injury roll.

    A standing player with Steady Footing rolls first (:func:`steady_footing`); when he
    keeps his feet the outcome holds only that event and he stands where he was, still
    holding any ball. ``may_keep_footing=False`` skips that roll for a caller who made it.
    A player with Ball & Chain has the injury roll at once, with no armour roll. A
    ``harm`` marked ``unhurt`` only places the player prone: no roll is made against him.
    """
    player = board.player(player_id)
    kept = steady_footing(ruleset, board, player_id, dice) if may_keep_footing else None
    if kept is not None and kept.result == KEPT_FOOTING:
        return Outcome(board, (kept,))
    board = board.with_player(attrs.evolve(player, status=Status.PRONE))
    harm = attrs.evolve(harm, fell=True)
    knocked = Event(KNOCKED_DOWN, player_id, (), "prone", {"cause": harm.cause})
    if harm.unhurt:
        return Outcome(board, (*((kept,) if kept else ()), knocked))
    if player.has(BALL_AND_CHAIN):
        hurt = roll_injury(ruleset, board, player_id, harm, dice, use_apothecary, choose_treatment=choose_treatment)
    else:
        hurt = armour_and_injury(ruleset, board, player_id, harm, dice, use_apothecary, choose_treatment=choose_treatment)
    return Outcome(hurt.board, (*((kept,) if kept else ()), knocked, *hurt.events))


def place_prone(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    harm: Harm,
    dice: DiceSource,
    use_apothecary: Apothecary | None = None,
    *,
    choose_treatment: TreatmentChoice | None = None,
) -> Outcome:
    """Place the player Prone where he stands: no armour roll, and no event of its own (the caller's says why).

    A player with Ball & Chain has an injury roll at once (Stunned counting as Knocked-out). A ball
    he held stays in his square: dropping it is the caller's (:func:`bbcore.rules.ball.drop_ball`).
    """
    player = board.player(player_id)
    board = board.with_player(attrs.evolve(player, status=Status.PRONE))
    if not player.has(BALL_AND_CHAIN):
        return Outcome(board)
    return roll_injury(ruleset, board, player_id, harm, dice, use_apothecary, choose_treatment=choose_treatment)


def knock_down_with_ball(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    harm: Harm,
    dice: DiceSource,
    decisions: Decisions,
    use_apothecary: Apothecary | None = None,
    *,
    may_keep_footing: bool = True,
    team_reroll_for: ball.TeamRerolls | None = None,
) -> Outcome:
    """:func:`knock_down` (the casualty treatment asked of ``decisions``), and then a ball the player held drops in the
    square he went down in (:func:`bbcore.rules.ball.drop_ball`: it bounces, or Safe Pair of Hands sets it down;
    ``team_reroll_for`` goes on with the bounce, see :func:`bbcore.rules.ball.catch`)."""
    square = board.player(player_id).square
    held = board.ball.carrier == player_id
    down = knock_down(
        ruleset, board, player_id, harm, dice, use_apothecary, choose_treatment=treatment_from(decisions), may_keep_footing=may_keep_footing
    )
    if held and square is not None and down.board.ball.carrier != player_id:
        return down.then(ball.drop_ball(ruleset, down.board, player_id, square, dice, decisions, team_reroll_for=team_reroll_for))
    return down


#: The result of a ``steady-footing`` event whose roll kept the player on his feet.
KEPT_FOOTING = "kept-footing"


def steady_footing(ruleset: Ruleset, board: Board, player_id: str, dice: DiceSource) -> Event | None:
    """Steady Footing: a standing player about to be Knocked Down or Fall Over rolls a D6, and on
    ``targets.steady_footing`` or more he does not go down (result ``kept-footing``, else ``fell``).

    None when the player lacks the skill, is not standing or is Distracted. In his own activation a
    player who keeps his feet carries on, and it is no turnover: the callers see him standing.
    """
    player = board.player(player_id)
    if not player.has("steady-footing") or not player.alert:
        return None
    (roll,) = roll_dice(dice, "D6")
    target = ruleset.parameters.targets.steady_footing
    return Event("steady-footing", player_id, (roll,), KEPT_FOOTING if roll >= target else "fell", {"target": target})


def armour_and_injury(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    harm: Harm,
    dice: DiceSource,
    use_apothecary: Apothecary | None = None,
    *,
    choose_treatment: TreatmentChoice | None = None,
) -> Outcome:
    """An armour roll against the player where he is, and on a break an injury roll (a Mighty Blow not spent on the
    armour goes on it). :func:`knock_down` places him prone first; a Stab hits him standing."""
    broken, spent, armour_event = roll_armour(ruleset, board, player_id, harm, dice)
    if not broken:
        return Outcome(board, (armour_event,))
    injury_harm = harm.for_injury(spent)
    injured = roll_injury(ruleset, board, player_id, injury_harm, dice, use_apothecary, choose_treatment=choose_treatment)
    return Outcome(injured.board, (armour_event, *injured.events))


def injury_by_the_crowd(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    dice: DiceSource,
    use_apothecary: Apothecary | None = None,
    *,
    choose_treatment: TreatmentChoice | None = None,
    pushed_by: PlayerState | None = None,
) -> Outcome:
    """A player pushed or thrown into the crowd: an injury roll with no armour roll; Stunned means the reserves.

    ``pushed_by``, the player whose push sent him there, is named as the injury's causer (``by``): the Prayer Fan
    Interaction rewards him for a Casualty, and Getting Even reads it.
    """
    player = board.player(player_id)
    events = (Event("into-the-crowd", player_id, (), "crowd"),)
    harm = Harm("crowd", attacker=pushed_by, crowd=True)
    injured = roll_injury(ruleset, board, player_id, harm, dice, use_apothecary, choose_treatment=choose_treatment)
    placed = injured.board.player(player_id)
    if placed.square is not None:
        injured = Outcome(injured.board.with_player(placed.moved(None)), injured.events)
    del player
    return Outcome(injured.board, events + injured.events)


#: The test named by the inducement effects that change a knocked-out player's recovery roll.
KO_RECOVERY = "ko-recovery"


def inducement_ko_recovery_modifier(ruleset: Ruleset, inducements: Mapping[str, int]) -> int:
    """What a team's inducements add to its KO recovery rolls: each ``{modifier: ko-recovery, by: N}`` effect, times the count held.

    The core answers ``bbcore_ko_recovery_modifiers`` with this, so any list's kegs (or
    any inducement with such an effect) work from data alone. Ids the active list does
    not know are ignored: they belong to a list no longer in force.
    """
    total = 0
    for inducement_id, count in inducements.items():
        inducement = ruleset.inducements.get(inducement_id)
        if inducement is None or count <= 0:
            continue
        total += count * sum(effect.by or 0 for effect in inducement.effects if effect.modifier == KO_RECOVERY)
    return total


def recover_knocked_out(
    ruleset: Ruleset, board: Board, dice: DiceSource, inducements: Mapping[str, Mapping[str, int]] | None = None
) -> Outcome:
    """At the end of a drive each knocked-out player recovers to the reserves on a D6 of 4+, plus modifiers.

    ``inducements`` holds each team's inducements by team id (id to count, as in
    ``TeamState.inducements``); they are passed on to ``bbcore_ko_recovery_modifiers`` so
    that an inducement can help its own team's players, and to ``bbcore_ko_recovery_rerolls``,
    asked once whether a failed roll may be rolled again. A team not named has none.
    """
    events = []
    target = ruleset.parameters.targets.ko_recovery
    for player in sorted(board.players.values(), key=lambda p: p.id):
        if player.status is not Status.KO:
            continue
        held = (inducements or {}).get(player.team, {})
        modifier = _sum_hook(ruleset.hook.bbcore_ko_recovery_modifiers(ruleset=ruleset, team=player.team, player=player, inducements=held))
        (roll,) = roll_dice(dice, "D6")
        rolls: tuple[int, ...] = (roll,)
        recovered = passes(roll, target, modifier)
        again = ruleset.hook.bbcore_ko_recovery_rerolls
        if not recovered and again(ruleset=ruleset, team=player.team, player=player, roll=roll, inducements=held):
            (roll,) = roll_dice(dice, "D6")
            rolls = (*rolls, roll)
            recovered = passes(roll, target, modifier)
        detail = {"modifier": modifier, "rerolled": True} if len(rolls) > 1 else {"modifier": modifier}
        events.append(Event("ko-recovery", player.id, rolls, "recovered" if recovered else "still-out", detail))
        if recovered:
            board = board.with_player(player.with_status(Status.RESERVES))
    return Outcome(board, tuple(events))
