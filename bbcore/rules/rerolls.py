"""D6 tests with re-rolls: which source may re-roll a failed test, Loner, and what a turn has already spent.

A procedure describes one test by a ``Judge`` (what a natural roll means, and
whether an optional once-per-turn bonus was spent to reach it) and asks
:func:`take_test` to roll it. A failed roll may be re-rolled once: first by the
player's own skill for that test, if it is unspent this turn and the coach agrees,
otherwise by a source a plugin offers through ``bbcore_test_reroll`` (see
:func:`~bbcore.rules.rerolls.plugin_reroll`), if the coach agrees, otherwise by an
:class:`ExtraReroll` the caller put in the budget for that test (a limited source that
only the caller can count, such as a variant's once-per-match staff), if it has a use
left and the coach agrees, otherwise by a team re-roll, if the team has one and the
coach agrees. A Loner must pass their roll before a team re-roll takes effect; failing
it loses the re-roll.

A caller may also hold an :class:`ExtraBonus`: a limited bonus (a variant's one-use
tool, say) that the coach may add to a failed roll of a usual target test
(:class:`TargetJudge`) when it turns that roll into a pass. It is offered before any
re-roll, and again on a re-rolled die that fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from bbcore.dice import DiceSource, passes, roll_dice
from bbcore.rules.board import PlayerState
from bbcore.rules.decisions import Decisions
from bbcore.rules.events import Event

if TYPE_CHECKING:
    from bbcore.rules.board import Board
    from bbcore.ruleset import Ruleset

#: The source name recorded for a team re-roll in events and in :class:`RerollBudget.spent`.
TEAM_REROLL = "team-reroll"

#: The rolls the core's procedures make as tests, by the name their events carry and a re-roll
#: source, an extra bonus, ``bbcore_test_reroll`` or a barred test names them; ``block`` is the
#: block dice, which a team re-roll rolls again whole. Each activation trait's test (Bone Head...)
#: is named after the trait: :func:`roll_names` adds them.
CORE_ROLLS: Mapping[str, str] = {
    "rush": "a Rush",
    "dodge": "a Dodge",
    "jump": "a jump over a player",
    "stand-up": "standing up (a slow player)",
    "crossing": "crossing a feature that risks a fall",
    "pick-up": "picking up the ball",
    "secure-the-ball": "picking up the ball in a Secure the Ball Action",
    "catch": "catching the ball",
    "pass": "a Passing Ability Test",
    "interception": "an interception",
    "throw": "a Throw Team-mate test",
    "landing": "a thrown player's landing",
    "always-hungry": "Always Hungry, before a team-mate is thrown",
    "squirm-free": "squirming free of an Always Hungry thrower",
    "block": "the block dice",
    "chainsaw": "a Chainsaw's D6 for kick-back",
    "projectile-vomit": "Projectile Vomit's D6",
    "breathe-fire": "Breathe Fire's D6",
    "hypnotic-gaze": "Hypnotic Gaze's D6",
    "chomp": "Monstrous Mouth's Chomp D6",
    "jump-up": "Jump Up's Agility Test, to block from Prone",
}


def roll_names(ruleset: Ruleset) -> frozenset[str]:
    """Every roll name of ``ruleset``: the core's and each activation trait's."""
    return frozenset(CORE_ROLLS) | frozenset(ruleset.parameters.activation.traits)


@frozen
class Verdict:
    """What one natural roll means: passed or not, the result's name, the modifier counted, and any bonus spent."""

    passed: bool
    result: str
    modifier: int = 0
    spent: str | None = None  # a once-per-turn skill used to reach this verdict (Break Tackle)


#: Reads a natural D6 and says what it means for the test.
Judge = Callable[[int], Verdict]

#: Given a failed verdict, names a re-roll source a plugin offers for it, or None.
OfferedReroll = Callable[[Verdict], str | None]


@frozen
class ExtraReroll:
    """A limited re-roll source the caller holds: its name, the tests it may re-roll, and the uses left.

    The core knows no such source; a caller (a variant's procedure) hands them to
    :func:`~bbcore.rules.movement.move` (``extra_rerolls``) or puts them in a
    :class:`RerollBudget`, and reads the uses left back from the budget or the
    ``move-ends`` event. ``source`` is the name asked of ``Decisions.use_skill`` and
    recorded as the test event's ``rerolled_with``; it must not be a skill's or
    ``TEAM_REROLL``.
    """

    source: str
    tests: frozenset[str]
    uses: int = 1


@frozen
class ExtraBonus:
    """A limited bonus the caller holds: its name, the tests it helps, what it adds, and the uses left.

    Like :class:`ExtraReroll`, the core knows no such source: a caller hands them to
    :func:`~bbcore.rules.movement.move` (``extra_bonuses``) or puts them in a
    :class:`RerollBudget`. :func:`take_test` offers one (``Decisions.use_skill`` with its
    name) only on a failed roll of a :class:`TargetJudge` that ``by`` more would pass, and
    records its name as the test event's ``helped_by``. ``source`` must not be a skill's,
    an extra re-roll's or ``TEAM_REROLL``.
    """

    source: str
    tests: frozenset[str]
    by: int
    uses: int = 1


@frozen
class RerollBudget:
    """What the active team may still spend: team re-rolls left, once-per-turn skills already used this turn,
    the caller's :class:`ExtraReroll` and :class:`ExtraBonus` sources with their uses left, and the tests on
    which no team re-roll may be used for now (``barred``: a variant's event that forbids them).

    ``pro`` is (player id, target) when the budget is that player's activation: his Pro may
    then try to re-roll one of his own tests (:func:`pro_for`); nobody else's."""

    team_rerolls: int = 0
    spent: frozenset[str] = frozenset()
    extra: tuple[ExtraReroll, ...] = ()
    bonuses: tuple[ExtraBonus, ...] = ()
    barred: frozenset[str] = frozenset()
    pro: tuple[str, int] | None = None

    def spend(self, source: str) -> RerollBudget:
        if source == TEAM_REROLL:
            return attrs.evolve(self, team_rerolls=self.team_rerolls - 1)
        if any(held.source == source for held in self.extra):
            return attrs.evolve(
                self, extra=tuple(attrs.evolve(held, uses=held.uses - 1) if held.source == source else held for held in self.extra)
            )
        if any(held.source == source for held in self.bonuses):
            return attrs.evolve(
                self, bonuses=tuple(attrs.evolve(held, uses=held.uses - 1) if held.source == source else held for held in self.bonuses)
            )
        return attrs.evolve(self, spent=self.spent | {source})

    def bonus_for(self, test: str) -> ExtraBonus | None:
        """The first extra bonus with a use left that helps ``test``, or None."""
        return next((held for held in self.bonuses if held.uses > 0 and test in held.tests), None)

    def bonuses_left(self) -> dict[str, int]:
        """Each extra bonus's uses left, by name."""
        return {held.source: held.uses for held in self.bonuses}

    def extra_for(self, test: str) -> str | None:
        """The first extra re-roll source with a use left that may re-roll ``test``, or None."""
        return next((held.source for held in self.extra if held.uses > 0 and test in held.tests), None)

    def extra_left(self) -> dict[str, int]:
        """Each extra re-roll source's uses left, by name."""
        return {held.source: held.uses for held in self.extra}


@frozen
class RolledTest:
    """The outcome of a test: the final verdict, every die rolled for it, the re-roll source used and the events."""

    verdict: Verdict
    rolls: tuple[int, ...]
    rerolled_with: str | None
    events: tuple[Event, ...]

    @property
    def passed(self) -> bool:
        return self.verdict.passed


class TargetJudge:
    """The usual test: a natural 1 fails, a natural 6 passes, otherwise roll plus modifier must reach the target.

    A judge (``Judge``); ``helped(by)`` is the same test with a bonus added, which is how
    an :class:`ExtraBonus` is weighed. ``passed`` and ``failed`` name the results (a
    pick-up's ``picked-up`` and ``fumbled``).
    """

    __slots__ = ("failed", "modifier", "passed", "target")

    def __init__(self, target: int, modifier: int, passed: str = "passed", failed: str = "failed") -> None:
        self.target = target
        self.modifier = modifier
        self.passed = passed
        self.failed = failed

    def __call__(self, roll: int) -> Verdict:
        ok = passes(roll, self.target, self.modifier)
        return Verdict(ok, self.passed if ok else self.failed, self.modifier)

    def helped(self, by: int) -> TargetJudge:
        return TargetJudge(self.target, self.modifier + by, self.passed, self.failed)


#: The skill that may try to re-roll one of the player's own dice in his activation.
PRO = "pro"


def pro_for(ruleset: Ruleset, player_id: str) -> tuple[str, int]:
    """The ``pro`` of a :class:`RerollBudget` for ``player_id``'s activation: his id and the ``targets.pro`` number."""
    return player_id, ruleset.parameters.targets.pro


def target_test(target: int, modifier: int) -> Judge:
    """The usual test (:class:`TargetJudge`) for ``target`` with ``modifier``."""
    return TargetJudge(target, modifier)


def spend_team_reroll(player: PlayerState, test: str, dice: DiceSource) -> tuple[bool, tuple[Event, ...]]:
    """Spend a team re-roll on ``player``'s ``test``: whether it takes effect (a Loner must pass his roll) and the events."""
    events = [Event(TEAM_REROLL, player.id, (), "used", {"test": test})]
    loner = player.skill_value("loner")
    if loner is None:
        return True, tuple(events)
    (roll,) = roll_dice(dice, "D6")
    kept = roll >= int(loner)
    events.append(Event("loner", player.id, (roll,), "passed" if kept else "re-roll-lost", {"target": int(loner)}))
    return kept, tuple(events)


def _helped(
    player: PlayerState, test: str, judge: Judge, roll: int, verdict: Verdict, budget: RerollBudget, decisions: Decisions
) -> tuple[Verdict, RerollBudget, str | None]:
    """Offer the budget's bonus for ``test`` on a failed ``roll`` it would turn into a pass."""
    bonus = budget.bonus_for(test)
    if bonus is None or not isinstance(judge, TargetJudge):
        return verdict, budget, None
    helped = judge.helped(bonus.by)(roll)
    if not helped.passed or not decisions.use_skill(player.id, bonus.source, test):
        return verdict, budget, None
    return helped, budget.spend(bonus.source), bonus.source


def plugin_reroll(ruleset: Ruleset, board: Board, player: PlayerState, test: str) -> OfferedReroll:
    """Ask ``bbcore_test_reroll`` whether a plugin offers a re-roll for a failed ``test`` of ``player`` on ``board``."""

    def offered(verdict: Verdict) -> str | None:
        answer: str | None = ruleset.hook.bbcore_test_reroll(ruleset=ruleset, board=board, player=player, test=test, result=verdict.result)
        return answer

    return offered


def pro_attempt(player_id: str, test: str, target: int, dice: DiceSource, **detail: object) -> tuple[bool, Event]:
    """Pro's D6 for one die of ``test``: whether the die may be rolled again (``target`` or more, the ``targets.pro``
    number), and the ``pro`` event saying so (``re-roll`` or ``refused``; ``detail`` added to its own)."""
    (attempt,) = roll_dice(dice, "D6")
    allowed = attempt >= target
    return allowed, Event(PRO, player_id, (attempt,), "re-roll" if allowed else "refused", {"test": test, **detail})


def team_rerolls_left(allowance: int | bool, events: Iterable[Event]) -> int:
    """How many of ``allowance`` team re-rolls (True: one) are left once ``events`` have spent theirs (one per
    ``team-reroll`` event)."""
    return max(0, int(allowance) - sum(1 for e in events if e.kind == TEAM_REROLL))


def pro_untried(pro: bool, events: Iterable[Event]) -> bool:
    """Whether an activation's Pro (``pro``: the player has it to try) is still untried once ``events`` have
    happened: Pro is tried once an activation, and a ``pro`` event says it was."""
    return pro and not any(e.kind == PRO for e in events)


def offer_pro(
    player: PlayerState, test: str, pro: tuple[str, int] | None, dice: DiceSource, decisions: Decisions
) -> tuple[bool, Event | None]:
    """Pro offered on a failed die of ``player``'s ``test`` outside a test of :func:`take_test` (Steady Footing, say):
    ``pro`` is the activation's (player id, target), None once tried. Whether the die may be rolled again, and the
    ``pro`` event (None when Pro was not tried: not his activation, no Pro, or his coach declined)."""
    if pro is None or pro[0] != player.id or not player.has(PRO) or not decisions.use_skill(player.id, PRO, test):
        return False, None
    return pro_attempt(player.id, test, pro[1], dice)


def take_test(
    player: PlayerState,
    test: str,
    judge: Judge,
    dice: DiceSource,
    decisions: Decisions,
    budget: RerollBudget,
    *,
    skill: str | None = None,
    skill_allowed: bool = True,
    skill_once_per_turn: bool = True,
    team_reroll_allowed: bool = True,
    detail: dict[str, object] | None = None,
    offered: OfferedReroll | None = None,
) -> tuple[RolledTest, RerollBudget]:
    """Roll one D6 test for ``player``, offering one re-roll if it fails.

    ``skill`` names the player's re-roll skill for this test; ``skill_allowed`` false
    denies it (a marker with Tackle). A skill used once a turn (Dodge, Sure Feet) is
    marked spent on the budget; one whose text sets no limit (Catch, Sure Hands, Pass:
    ``skill_once_per_turn`` false) may re-roll every such test. Next, in the player's
    own activation (``budget.pro``), Pro is offered: its D6 decides whether the die is
    rolled again, and no other source is asked after it. ``offered`` (see
    :func:`~bbcore.rules.rerolls.plugin_reroll`) is asked about a failure the skill does not re-roll: a source
    it names is used if the coach agrees (``Decisions.use_skill`` with that name), before
    any team re-roll, and is not taken off the budget. Failing that, an
    :class:`ExtraReroll` of the budget for this test, with a use left, is offered the same
    way (``Decisions.use_skill`` with its name) and one use is taken off. Before any
    re-roll, and again on a failed re-roll, an :class:`ExtraBonus` of the budget that
    would turn the failed roll into a pass is offered the same way. The returned
    budget has the re-roll and any bonus the judge spent taken off. The event is
    named ``test`` and carries every die, the target detail given, the modifier and
    the re-roll source (and ``helped_by``, the extra bonus used, if any).
    """
    (first,) = roll_dice(dice, "D6")
    rolls = [first]
    verdict = judge(first)
    if verdict.spent is not None:
        budget = budget.spend(verdict.spent)
    events: list[Event] = []
    source: str | None = None
    helped_by: str | None = None
    if not verdict.passed and budget.bonuses:
        verdict, budget, helped_by = _helped(player, test, judge, first, verdict, budget, decisions)
    if not verdict.passed:
        if (
            skill is not None
            and skill_allowed
            and player.has(skill)
            and skill not in budget.spent
            and decisions.use_skill(player.id, skill, test)
        ):
            source = skill
            if skill_once_per_turn:
                budget = budget.spend(skill)
        elif (
            (pro := budget.pro) is not None
            and pro[0] == player.id
            and player.has(PRO)
            and PRO not in budget.spent
            and decisions.use_skill(player.id, PRO, test)
        ):
            # Once Pro is tried, no other source may re-roll this die, whatever its D6 says.
            budget = budget.spend(PRO)
            allowed, tried = pro_attempt(player.id, test, pro[1], dice)
            events.append(tried)
            source = PRO if allowed else None
        elif offered is not None and (other := offered(verdict)) is not None and decisions.use_skill(player.id, other, test):
            source = other
        elif (extra := budget.extra_for(test)) is not None and decisions.use_skill(player.id, extra, test):
            source = extra
            budget = budget.spend(extra)
        elif team_reroll_allowed and budget.team_rerolls > 0 and test not in budget.barred and decisions.use_team_reroll(player.id, test):
            budget = budget.spend(TEAM_REROLL)
            kept, spent = spend_team_reroll(player, test, dice)
            events.extend(spent)
            source = TEAM_REROLL if kept else None
        if source is not None:
            (again,) = roll_dice(dice, "D6")
            rolls.append(again)
            verdict = judge(again)
            if verdict.spent is not None:
                budget = budget.spend(verdict.spent)
            if not verdict.passed and budget.bonuses:
                verdict, budget, helped_by = _helped(player, test, judge, again, verdict, budget, decisions)
    info: dict[str, object] = dict(detail or {})
    info.update(modifier=verdict.modifier, rerolled_with=source)
    if helped_by is not None:
        info["helped_by"] = helped_by
    if verdict.spent is not None:
        info["used"] = verdict.spent
    test_event = Event(test, player.id, tuple(rolls), verdict.result, info)
    # Re-roll bookkeeping events come after the test's own event, so a reader sees the test first.
    return RolledTest(verdict, tuple(rolls), source, (test_event, *events)), budget
