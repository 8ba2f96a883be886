"""League play: the post-game sequence's money, fans and player advancement, and the league table.

Every number comes from data: the ``league`` parameters (winnings, the Dedicated
Fans update, the MVP, League Points, bonus points, tie-breakers, what each Expensive
Mistakes outcome costs) and the tables filling the roles ``spp-awards``,
``advancement-costs``, ``characteristic-improvement``, ``value-increases``,
``random-skills`` and ``expensive-mistakes``. A variant changes any of them through
its ``parameters.yaml`` or by replacing a table.

Procedures that roll dice return ``(value, events)``; the events say what was
rolled and decided, for a match or league tracker to log. Lookups return values.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from bbcore.dice import DiceSource, roll_dice, roll_on_table
from bbcore.errors import UsageError
from bbcore.model.parameters import required
from bbcore.render.text import either
from bbcore.rules.board import PlayerState
from bbcore.rules.events import Event
from bbcore.rules.movement import ARM_BAR
from bbcore.rules.special_actions import HARMFUL

if TYPE_CHECKING:
    from bbcore.model.table import Row, Table
    from bbcore.ruleset import Ruleset

#: A fixture's result, from one team's side.
RESULTS = ("win", "draw", "loss")

#: The statistics a tie-breaker may compare, and whether more is better.
TIE_BREAKERS = MappingProxyType(
    {
        "touchdown-difference": True,
        "touchdowns-for": True,
        "touchdowns-against": False,
        "casualties-caused": True,
        "bonus-points": True,
        "wins": True,
    }
)


def _check_result(result: str) -> None:
    if result not in RESULTS:
        raise UsageError(f"a fixture's result is one of {', '.join(RESULTS)}, not {result!r}")


# -- record outcome and collect winnings -----------------------------------------------


def winnings(
    ruleset: Ruleset,
    fan_factor_own: int,
    fan_factor_other: int,
    touchdowns: int,
    stalled: bool,
    *,
    who: str | None = None,
    conceded: bool = False,
) -> tuple[int, tuple[Event, ...]]:
    """The gold a team collects after a league fixture.

    The fan attendance is both teams' Fan Factors together. A team's share is a
    fraction of that attendance, plus a step for each touchdown it scored and a further
    step when none of its players was stalling; each step is worth a fixed sum of gold.
    Halving an odd attendance gives half a step, which is still paid; a fraction of a
    gold piece (possible only under other parameters) is dropped. For the opponent of a
    team that conceded with the penalty (``conceded``), the fields the concession rules
    name (``league.concession.winnings``) replace the league's.
    """
    rules = ruleset.parameters.league.winnings
    concession = ruleset.parameters.league.concession
    if conceded and concession is not None:
        rules = attrs.evolve(rules, **concession.winnings)
    attendance = fan_factor_own + fan_factor_other
    share = Fraction(attendance, rules.attendance_divisor) + touchdowns * rules.per_touchdown
    if not stalled:
        share += rules.no_stalling_bonus
    gold = int(share * rules.gold_per_point)
    event = Event(
        "winnings",
        who,
        result="opponent-conceded" if conceded else "stalled" if stalled else "no-stalling",
        detail={"fan_attendance": attendance, "touchdowns": touchdowns, "stalled": stalled, "gold": gold},
    )
    return gold, (event,)


# -- update dedicated fans -----------------------------------------------------------------


def update_dedicated_fans(
    ruleset: Ruleset, fans: int, result: str, dice: DiceSource, *, who: str | None = None
) -> tuple[int, tuple[Event, ...]]:
    """A team's Dedicated Fans after a league fixture.

    After a win the team rolls, and gains fans when the die matches or beats its
    current Dedicated Fans. After a loss it rolls, and loses fans when the die falls
    short of them. A draw needs no roll. The result never leaves the parameters'
    Dedicated Fans limits.
    """
    _check_result(result)
    limits = ruleset.parameters.dedicated_fans
    update = ruleset.parameters.league.dedicated_fans_update
    if result == "draw":
        return fans, (Event("dedicated-fans", who, result="unchanged", detail={"fans": fans, "fixture": result}),)
    rolls = roll_dice(dice, update.dice)
    roll = sum(rolls)
    if result == "win" and roll >= fans:
        new = min(fans + update.step, limits.max)
    elif result == "loss" and roll < fans:
        new = max(fans - update.step, limits.min)
    else:
        new = fans
    outcome = "fans-up" if new > fans else "fans-down" if new < fans else "unchanged"
    event = Event("dedicated-fans", who, rolls, outcome, {"fans": new, "before": fans, "fixture": result})
    return new, (event,)


def unplayed_winnings(ruleset: Ruleset, dice: DiceSource, *, who: str | None = None) -> tuple[int, tuple[Event, ...]]:
    """The gold the opponent of a team that conceded a fixture before it was played collects: the concession's
    ``unplayed.winnings`` dice, each pip worth ``league.winnings.gold_per_point``."""
    concession = required(ruleset.parameters.league.concession, "league.concession", "rules for conceding")
    rolls = roll_dice(dice, concession.unplayed.winnings)
    gold = sum(rolls) * ruleset.parameters.league.winnings.gold_per_point
    return gold, (Event("winnings", who, rolls, "opponent-conceded-unplayed", {"gold": gold}),)


def fans_lost_by_conceding(ruleset: Ruleset, fans: int, dice: DiceSource, *, who: str | None = None) -> tuple[int, tuple[Event, ...]]:
    """A team's Dedicated Fans after it conceded with the penalty: it loses the concession's die roll of them (in place
    of the loser's roll), never going below the parameters' least Dedicated Fans."""
    concession = required(ruleset.parameters.league.concession, "league.concession", "rules for conceding")
    rolls = roll_dice(dice, concession.fans_lost)
    new = max(fans - sum(rolls), min(fans, ruleset.parameters.dedicated_fans.min))
    outcome = "fans-down" if new < fans else "unchanged"
    return new, (Event("dedicated-fans", who, rolls, outcome, {"fans": new, "before": fans, "fixture": "conceded"}),)


# -- star player points ----------------------------------------------------------------------


def spp_for(ruleset: Ruleset, achievement: str, special_rules: Collection[str] = (), prayers: Collection[str] = ()) -> int:
    """The Star Player Points one achievement earns a player of a team with these special rules and prayers.

    The standard award is the ``spp`` effect of the achievement's row of the SPP awards
    table. A column of that table named after a team special rule (Brawlin' Brutes, in
    the core) gives the award for teams with that rule where it differs. A prayer the
    team made (``TeamState.prayers``) that ``league.prayer_awards`` names for the
    achievement gives its award instead (Perfect Passing: 2 for a completion); an
    achievement only a prayer rewards (Dazzling Catching's ``catch``) earns 0 without it.
    """
    prayed = ruleset.parameters.league.prayer_awards
    granted = [awards[achievement] for prayer, awards in prayed.items() if prayer in prayers and achievement in awards]
    if granted:
        return max(granted)
    table = ruleset.table("spp-awards")
    if all(row.id != achievement for row in table.rows) and any(achievement in awards for awards in prayed.values()):
        return 0
    row = _row(table, achievement)
    standard = next((effect.spp for effect in row.effects if effect.spp is not None), None)
    changed = {column.id: row.values.get(column.id) for column in table.columns if column.id in special_rules}
    awards = {rule: value for rule, value in changed.items() if isinstance(value, int)}
    if len(set(awards.values())) > 1:
        said = ", ".join(f"{rule} gives {value}" for rule, value in sorted(awards.items()))
        raise UsageError(f"the special rules disagree on the SPP for {achievement!r}: {said}")
    if awards:
        return next(iter(awards.values()))
    if standard is None:
        raise UsageError(f"the row {achievement!r} of table {table.id!r} has no spp effect")
    return standard


#: The skill that earns a player the casualty award for the Casualties his special actions cause.
VIOLENT_INNOVATOR = "violent-innovator"
#: The skill that earns a thrown player the award for an opponent he crashes into.
LETHAL_FLIGHT = "lethal-flight"


#: The Prayer to Nuffle whose team's fouls earn the casualty award.
FOULING_FRENZY = "fouling-frenzy"
#: The Prayer to Nuffle whose team's pushes into the crowd earn the casualty award.
FAN_INTERACTION = "fan-interaction"


def casualty_earns_spp(cause: str, causer: PlayerState | None, *, prayers: Collection[str] = ()) -> bool:
    """Whether a Casualty earns ``causer`` the casualty award (``spp_for(ruleset, "casualty")``), by its cause (the
    ``cause`` of the :class:`~bbcore.rules.injury.Harm` that hurt the victim).

    A Block Action's knock-down (``block``) earns it whoever made the block, even when
    the apothecary or Regeneration saves the victim; a special action's (Stab, Chainsaw,
    Projectile Vomit, Breathe Fire) only for a player with Violent Innovator; a thrown
    player crashing into an opponent (``crash-landing``) only with Lethal Flight; a fall
    leaving the Tackle Zone of a player who used Arm Bar on it (``arm-bar``) to him; a Foul
    (``foul``) only while the Prayer to Nuffle Fouling Frenzy is among ``prayers``, those of
    the causer's team (``TeamState.prayers``); the crowd (``crowd``), to the player who
    pushed the victim there, only while Fan Interaction is. Any other fall and anything
    else earn nobody anything, and a hired player who earns only the MVP award, or nothing
    (``PlayerState.spp_earned``), earns nothing by it. Whether the victim was an opponent
    is :func:`bbcore.rules.casualties_caused.award_casualties`'s to check.
    """
    if causer is None or causer.spp_earned != "all":
        return False  # a Star Player earns nothing for it
    if cause in ("block", ARM_BAR):
        return True
    if cause == "foul":
        return FOULING_FRENZY in prayers
    if cause == "crowd":
        return FAN_INTERACTION in prayers
    if cause in HARMFUL:
        return causer.has(VIOLENT_INNOVATOR)
    return cause == "crash-landing" and causer.has(LETHAL_FLIGHT)


def choose_mvp(ruleset: Ruleset, nominees: Sequence[str], dice: DiceSource, *, who: str | None = None) -> tuple[str, tuple[Event, ...]]:
    """The Most Valuable Player: one of the players a coach nominated, picked by a die.

    The coach numbers up to the parameters' count of players who took part, in the
    order given, and rolls a die with that many faces. With fewer nominees than that
    (a short-handed team), the die has as many faces as there are nominees: every
    nominee keeps the same chance that re-rolling the empty numbers would give.
    """
    allowed = ruleset.parameters.league.mvp.nominees
    if not nominees:
        raise UsageError("choosing an MVP needs at least one player who took part")
    if len(nominees) > allowed:
        raise UsageError(f"a coach nominates at most {allowed} players for the MVP, not {len(nominees)}")
    if len(set(nominees)) != len(nominees):
        raise UsageError("a player is nominated for the MVP more than once")
    roll = dice.roll(len(nominees))
    chosen = nominees[roll - 1]
    return chosen, (Event("mvp", who, (roll,), chosen, {"nominees": list(nominees)}),)


# -- spending star player points --------------------------------------------------------------


#: The table of what each advancement costs in SPP, by how many the player has taken and the kind.
ADVANCEMENT_COSTS = "advancement-costs"


def advancement_cost(ruleset: Ruleset, advancements_taken: int, kind: str) -> int:
    """The SPP a player's next advancement costs, by how many it already has and its kind.

    The kinds are the advancement table's columns (in the core: ``random-primary``,
    ``chosen-primary``, ``chosen-secondary``, ``characteristic``).
    """
    table = ruleset.table(ADVANCEMENT_COSTS)
    columns = [column.id for column in table.columns]
    if kind not in columns:
        raise UsageError(f"unknown kind of advancement {kind!r}; kinds: {', '.join(columns)}")
    try:
        row = table.row_for(advancements_taken)
    except KeyError:
        low, high = table.range or (0, 0)
        raise UsageError(f"a player with {advancements_taken} advancements can take no further one (table covers {low}-{high})") from None
    cost = row.values.get(kind)
    if not isinstance(cost, int):
        raise UsageError(f"the {row.name} row of table {table.id!r} gives no cost for {kind!r}")
    return cost


#: The advancement table's column for a characteristic improvement, whose price is the point a player must advance.
CHARACTERISTIC_KIND = "characteristic"


def must_take_advancement(ruleset: Ruleset, spp: int, advancements_taken: int) -> bool:
    """Whether a player has saved enough SPP that it must now take some advancement.

    That point is the price of its next Characteristic improvement; the advancement
    taken may be of any kind. A player who can take no further advancement never must.
    """
    try:
        return spp >= advancement_cost(ruleset, advancements_taken, CHARACTERISTIC_KIND)
    except UsageError:
        return False


@frozen
class CharacteristicImprovement:
    """A Characteristic improvement roll: the row, and what the coach may choose from.

    ``characteristics`` are those the row offers that the player may still improve;
    ``skill_instead`` are the skill categories the coach may take instead (the SPP
    stay spent either way). With no characteristic left, a skill is the only choice.
    """

    roll: int
    row: str
    characteristics: tuple[str, ...]
    skill_instead: tuple[str, ...]


def roll_characteristic_improvement(
    ruleset: Ruleset, dice: DiceSource, *, unavailable: Collection[str] = (), who: str | None = None
) -> tuple[CharacteristicImprovement, tuple[Event, ...]]:
    """Roll on the characteristic improvement table.

    ``unavailable`` names the characteristics (``ma``, ``st``, ``ag``, ``pa``, ``av``)
    this player may not improve any more, because it has already improved them as
    often as allowed or they are at their maximum; they are left out of the choice.
    """
    rolled = roll_on_table(ruleset.table("characteristic-improvement"), dice)
    offered = [c for effect in rolled.row.effects for c in effect.choose_improvement or ()]
    skills = tuple(category for effect in rolled.row.effects for category in effect.choose_skill or ())
    improvement = CharacteristicImprovement(rolled.total, rolled.row.id, tuple(c for c in offered if c not in unavailable), skills)
    event = Event(
        "advancement-roll",
        who,
        rolled.rolls,
        rolled.row.id,
        {"characteristics": list(improvement.characteristics), "skill_instead": list(skills)},
    )
    return improvement, (event,)


def value_increase(ruleset: Ruleset, kind: str, elite: bool = False) -> int:
    """The gold an advancement adds to a player's Current Value.

    ``kind`` is a row of the value increase table (``chosen-primary``,
    ``characteristic-ag``...). An Elite Skill adds the table's elite figure where the
    row has one; a characteristic improvement has none, so ``elite`` changes nothing.
    """
    table = ruleset.table("value-increases")
    row = _row(table, kind)
    elite_amount = row.values.get("elite-increase")
    amount = elite_amount if elite and isinstance(elite_amount, int) else row.values.get("increase")
    if not isinstance(amount, int):
        raise UsageError(f"the row {kind!r} of table {table.id!r} gives no value increase")
    return amount


#: A skill advancement that draws from the position's primary categories (the value increase table's ``categories``).
PRIMARY = "primary"
#: One that draws from its secondary categories.
SECONDARY = "secondary"


def advancement_categories(ruleset: Ruleset, kind: str) -> str | None:
    """Whose skill categories an advancement of ``kind`` (a row of the value increase table) takes its skill from:
    :data:`PRIMARY` or :data:`SECONDARY`, the row's ``categories``; None for a kind that gives no skill (a
    characteristic improvement) or a row the table lacks (the team checks report it)."""
    table = ruleset.tables.get(ruleset.roles.get("value-increases", "value-increases"))
    row = next((r for r in table.rows if r.id == kind), None) if table is not None else None
    which = row.values.get("categories") if row is not None else None
    return which if which in (PRIMARY, SECONDARY) else None


# -- random skills ----------------------------------------------------------------------------------


def skill_conflict(ruleset: Ruleset, skill_id: str, having: Collection[str]) -> str | None:
    """Why a player who has the skills ``having`` may not have ``skill_id`` as well, or None when he may.

    The glossary says it (``excludes`` and ``requires_one_of`` in ``skills.yaml``): a skill may exclude others (Frenzy and
    Grab), either way round, or need one of some others (Lethal Flight needs Right Stuff). Unknown ids
    are let be: the checks that know the glossary report them.
    """
    skill = ruleset.skills.get(skill_id)
    if skill is None:
        return None
    held = {other for other in having if other != skill_id}
    clashes = sorted(other for other in held if other in skill.excludes or skill_id in _excluded_by(ruleset, other))
    if clashes:
        return f"{skill.name} cannot go with {either([ruleset.skill_display(other) for other in clashes], 'or')}"
    if skill.requires_one_of and not held & set(skill.requires_one_of):
        return f"{skill.name} needs {either([ruleset.skill_display(other) for other in skill.requires_one_of])}"
    return None


def may_gain(ruleset: Ruleset, skill_id: str, having: Collection[str]) -> bool:
    """Whether a player who has the skills ``having`` may gain ``skill_id``: he lacks it, and the glossary lets it
    go with them (:func:`skill_conflict`)."""
    return skill_id not in having and skill_conflict(ruleset, skill_id, having) is None


def _excluded_by(ruleset: Ruleset, skill_id: str) -> tuple[str, ...]:
    other = ruleset.skills.get(skill_id)
    return other.excludes if other is not None else ()


def roll_random_skill(
    ruleset: Ruleset, category: str, dice: DiceSource, *, exclude: Collection[str] = (), who: str | None = None
) -> tuple[str, tuple[Event, ...]]:
    """One randomly selected skill of a category, on the skill table.

    Two dice are rolled one after the other and read separately: the first picks the
    half of the table, the second the row within it. A skill in ``exclude`` (one the
    player already has or could not use), or one he may not have beside those
    (:func:`skill_conflict`), is rolled again, with one event per pair of dice. The
    table's index runs over both halves, each as long as one die has faces.
    """
    table = ruleset.table("random-skills")
    columns = [column.id for column in table.columns]
    if category not in columns:
        raise UsageError(f"unknown skill category {category!r} for table {table.id!r}; categories: {', '.join(columns)}")
    if table.index is None:
        raise UsageError(f"table {table.id!r} must be read by an index (the second die, offset by the first)")
    sides = (table.index.max - table.index.min + 1) // 2
    candidates = {row.values.get(category) for row in table.rows}
    if not {c for c in candidates if isinstance(c, str) and not _barred(ruleset, c, exclude)}:
        raise UsageError(f"every {category} skill on table {table.id!r} is excluded; none can be rolled")
    events: list[Event] = []
    while True:
        first, second = dice.roll(sides), dice.roll(sides)
        half = 0 if first <= sides // 2 else 1
        row = table.row_for(table.index.min - 1 + half * sides + second)
        skill = row.values.get(category)
        if not isinstance(skill, str):
            raise UsageError(f"the row {row.id!r} of table {table.id!r} names no {category} skill")
        again = _barred(ruleset, skill, exclude)
        events.append(Event("random-skill", who, (first, second), skill, {"category": category, "rolled_again": again}))
        if not again:
            return skill, tuple(events)


def _barred(ruleset: Ruleset, skill_id: str, exclude: Collection[str]) -> bool:
    return not may_gain(ruleset, skill_id, exclude)


def random_skill_options(
    ruleset: Ruleset, category: str, dice: DiceSource, *, exclude: Collection[str] = (), who: str | None = None
) -> tuple[tuple[str, ...], tuple[Event, ...]]:
    """The skills a coach chooses between when a player gains a random skill.

    Two skills are rolled and the coach keeps either; when both rolls give the same
    skill, that one is the only option.
    """
    first, first_events = roll_random_skill(ruleset, category, dice, exclude=exclude, who=who)
    second, second_events = roll_random_skill(ruleset, category, dice, exclude=exclude, who=who)
    options = (first,) if first == second else (first, second)
    return options, first_events + second_events


# -- expensive mistakes -----------------------------------------------------------------------------


def expensive_mistake(ruleset: Ruleset, treasury: int, dice: DiceSource, *, who: str | None = None) -> tuple[int, tuple[Event, ...]]:
    """A team's Treasury after the Expensive Mistakes step.

    A Treasury below the table's lowest band rolls nothing. Otherwise the team rolls
    on the table and reads the column of the band its Treasury falls in (the band
    with the highest lower bound it reaches); the outcome there says what is lost, as
    the ``league.expensive_mistakes`` parameters describe it: a share taken away and
    rounded down, a rolled sum lost, or all but a rolled sum lost.
    """
    table = ruleset.table("expensive-mistakes")
    bands = sorted((column for column in table.columns if column.min is not None), key=lambda column: column.min or 0)
    reached = [column for column in bands if treasury >= (column.min or 0)]
    if not reached:
        return treasury, (Event("expensive-mistake", who, result="no-roll", detail={"treasury": treasury}),)
    band = reached[-1]
    rolled = roll_on_table(table, dice)
    outcome = rolled.row.values.get(band.id)
    losses = ruleset.parameters.league.expensive_mistakes
    if not isinstance(outcome, str) or outcome not in losses:
        known = ", ".join(losses)
        raise UsageError(f"the outcome {outcome!r} of table {table.id!r} is not one of the league.expensive_mistakes parameters: {known}")
    loss = losses[outcome]
    after = treasury
    amount_rolls: tuple[int, ...] = ()
    if loss.divide_by is not None:
        after //= loss.divide_by
        if loss.round_down_to:
            after -= after % loss.round_down_to
    if loss.lose_dice is not None:
        lost_rolls = roll_dice(dice, loss.lose_dice)
        amount_rolls += lost_rolls
        after = max(0, after - sum(lost_rolls) * loss.gold_per_pip)
    if loss.keep_dice is not None:
        kept_rolls = roll_dice(dice, loss.keep_dice)
        amount_rolls += kept_rolls
        after = min(after, sum(kept_rolls) * loss.gold_per_pip)
    event = Event(
        "expensive-mistake",
        who,
        rolled.rolls,
        outcome,
        {"band": band.id, "amount_rolls": list(amount_rolls), "before": treasury, "treasury": after, "lost": treasury - after},
    )
    return after, (event,)


# -- league points and standings ---------------------------------------------------------------------


def _measures(touchdowns_for: int, touchdowns_against: int, casualties_caused: int) -> dict[str, int]:
    return {"touchdowns-for": touchdowns_for, "touchdowns-against": touchdowns_against, "casualties-caused": casualties_caused}


def bonus_points(ruleset: Ruleset, touchdowns_for: int, touchdowns_against: int, casualties_caused: int) -> int:
    """The optional extra League Points a team's fixture earns (only Casualties that earned SPP count)."""
    measures = _measures(touchdowns_for, touchdowns_against, casualties_caused)
    return sum(bonus.points for bonus in ruleset.parameters.league.bonus_points.values() if bonus.earned(measures[bonus.measure]))


def league_points(
    ruleset: Ruleset, result: str, touchdowns_for: int, touchdowns_against: int, casualties_caused: int, bonus: bool = False
) -> int:
    """The League Points one team earns from one fixture.

    Points for the result, plus the optional bonus points when the league adds them to
    the total (``bonus=True``); leagues that keep bonus points only to break ties leave
    them out here and name ``bonus-points`` among their tie-breakers. The result is
    given rather than read from the score because an unplayed fixture counts as a loss
    for both teams.
    """
    _check_result(result)
    points = ruleset.parameters.league.points
    if result == "draw" and points.draw is None:
        raise UsageError("a drawn result, where every game of this ruleset has a winner")
    earned: int = {"win": points.win, "draw": points.draw or 0, "loss": points.loss}[result]
    if bonus:
        earned += bonus_points(ruleset, touchdowns_for, touchdowns_against, casualties_caused)
    return earned


@frozen
class FixtureRecord:
    """One team's line for one fixture, as its coach reports it: result, touchdowns, Casualties that earned SPP.
    A fixture not played in time (``unplayed``) is a loss that earns no bonus points."""

    team: str
    result: str
    touchdowns_for: int
    touchdowns_against: int
    casualties_caused: int = 0
    unplayed: bool = False


@frozen
class Standing:
    """A team's line in the league table. Teams level on points and every tie-breaker share a rank."""

    team: str
    rank: int
    played: int
    won: int
    drawn: int
    lost: int
    points: int
    bonus_points: int
    touchdowns_for: int
    touchdowns_against: int
    casualties_caused: int

    @property
    def touchdown_difference(self) -> int:
        return self.touchdowns_for - self.touchdowns_against

    def measure(self, tie_breaker: str) -> int:
        """The statistic a tie-breaker compares."""
        values = {
            "touchdown-difference": self.touchdown_difference,
            "touchdowns-for": self.touchdowns_for,
            "touchdowns-against": self.touchdowns_against,
            "casualties-caused": self.casualties_caused,
            "bonus-points": self.bonus_points,
            "wins": self.won,
        }
        return values[tie_breaker]


def tie_breaker_order(ruleset: Ruleset, tie_breakers: Sequence[str] | None = None) -> tuple[str, ...]:
    """The tie-breakers to apply, in order: those given, or the parameters'; an unknown one is refused."""
    order = tuple(ruleset.parameters.league.tie_breakers if tie_breakers is None else tie_breakers)
    unknown = [name for name in order if name not in TIE_BREAKERS]
    if unknown:
        raise UsageError(f"unknown tie-breaker {unknown[0]!r}; tie-breakers: {', '.join(TIE_BREAKERS)}")
    return order


def standing_key(line: Standing, order: Sequence[str]) -> tuple[int, ...]:
    """What orders lines of a league table, best first: League Points, then each tie-breaker of ``order``."""
    return (-line.points, *(-line.measure(name) if TIE_BREAKERS[name] else line.measure(name) for name in order))


def standings(
    ruleset: Ruleset,
    records: Iterable[FixtureRecord],
    *,
    bonus: bool = False,
    tie_breakers: Sequence[str] | None = None,
    teams: Iterable[str] = (),
) -> tuple[Standing, ...]:
    """The league table: teams by League Points, then by each tie-breaker in turn.

    ``bonus`` adds the bonus points to the League Points, as :func:`league_points`
    does; they are always tallied and may serve as the ``bonus-points`` tie-breaker.
    ``tie_breakers`` defaults to the parameters' order. Teams still level after every
    tie-breaker share a rank and are listed by id. ``teams`` are listed even with no
    fixture yet (all at nothing).
    """
    order = tie_breaker_order(ruleset, tie_breakers)
    tallies: dict[str, dict[str, int]] = {}
    columns = ("played", "win", "draw", "loss", "points", "bonus", "tf", "ta", "cas")
    for team in teams:
        tallies.setdefault(team, dict.fromkeys(columns, 0))
    for record in records:
        _check_result(record.result)
        tally = tallies.setdefault(record.team, dict.fromkeys(columns, 0))
        tally["played"] += 1
        tally[record.result] += 1
        earned = 0 if record.unplayed else bonus_points(ruleset, record.touchdowns_for, record.touchdowns_against, record.casualties_caused)
        tally["points"] += league_points(ruleset, record.result, record.touchdowns_for, record.touchdowns_against, record.casualties_caused)
        tally["points"] += earned if bonus else 0
        tally["bonus"] += earned
        tally["tf"] += record.touchdowns_for
        tally["ta"] += record.touchdowns_against
        tally["cas"] += record.casualties_caused
    lines = [
        Standing(team, 0, t["played"], t["win"], t["draw"], t["loss"], t["points"], t["bonus"], t["tf"], t["ta"], t["cas"])
        for team, t in tallies.items()
    ]

    def key(line: Standing) -> tuple[int, ...]:
        return standing_key(line, order)

    lines.sort(key=lambda line: (key(line), line.team))
    ranked: list[Standing] = []
    for place, line in enumerate(lines, start=1):
        rank = ranked[-1].rank if ranked and key(ranked[-1]) == key(line) else place
        ranked.append(attrs.evolve(line, rank=rank))
    return tuple(ranked)


def _row(table: Table, row_id: str) -> Row:
    try:
        return table.row(row_id)
    except KeyError:
        raise UsageError(f"table {table.id!r} has no row {row_id!r}; rows: {', '.join(row.id for row in table.rows)}") from None


__all__ = [
    "ADVANCEMENT_COSTS",
    "CHARACTERISTIC_KIND",
    "FOULING_FRENZY",
    "LETHAL_FLIGHT",
    "PRIMARY",
    "RESULTS",
    "SECONDARY",
    "TIE_BREAKERS",
    "VIOLENT_INNOVATOR",
    "CharacteristicImprovement",
    "FixtureRecord",
    "Standing",
    "advancement_categories",
    "advancement_cost",
    "bonus_points",
    "casualty_earns_spp",
    "choose_mvp",
    "expensive_mistake",
    "fans_lost_by_conceding",
    "league_points",
    "may_gain",
    "must_take_advancement",
    "random_skill_options",
    "roll_characteristic_improvement",
    "roll_random_skill",
    "skill_conflict",
    "spp_for",
    "standing_key",
    "standings",
    "tie_breaker_order",
    "unplayed_winnings",
    "update_dedicated_fans",
    "value_increase",
    "winnings",
]
