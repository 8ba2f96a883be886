"""Skurling's post-match sequence for league play, steps 1 to 8, as pure procedures.

1. winnings: (⌈FA / 2⌉ + arcs the team scored in + 1 if it won) x 10K, to the Treasury;
2. Dedicated Fans: the core's update (winner gains on a D6 at least its DF, loser loses on
   a D6 below it, within the ruleset's 1..7);
3. sponsors: the Headliner that played leaves, then one search (:mod:`bbcore_skurling.sponsorship`);
4. injuries: the casualties recorded during the match take effect (the core's casualty and
   lasting injury tables); Journeymen's and Headliners' are ignored;
5. advancement: SPP earned by fielded miniatures are added and may be spent, with the
   core's costs, characteristic roll, random skills and value increases;
6. hire, fire and retire: miniatures (up to the league roster size), re-rolls at double
   price, sidelines;
7. Expensive Mistakes: the core's table and procedure, as in Blood Bowl;
8. the Team Value, through the core's valuation hook (Skurling's leaves out miniatures
   missing the next match).

Numbers come from ``data/rules/league.yaml``, the ruleset parameters and tables, and
``building.yaml``/``sidelines.yaml``. Each step returns the new :class:`LeagueTeam` and
the events; :func:`run_post_match` runs all eight for both teams.

Step 4 writes a lasting injury into the miniature's ``lasting_injuries`` (unless it finds
the characteristic as bad as it can be: then it is only the missed game), so he plays
with it from the next match on (:func:`bbcore_skurling.match.side_from_team`); it also
reports the characteristic changes (``PostMatchTeam.lasting``, and the event). Judgement
call: a Miss Next Game flag is cleared at step 4 of the match the miniature missed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil
from types import MappingProxyType
from typing import TYPE_CHECKING

import attrs
from attrs import field, frozen

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.model.common import SkillRef
from bbcore.model.team import Advancement, Team, TeamPlayer
from bbcore.rules.events import Event
from bbcore.rules.injury import casualty_roll
from bbcore.rules.league import (
    ADVANCEMENT_COSTS,
    advancement_categories,
    advancement_cost,
    expensive_mistake,
    may_gain,
    must_take_advancement,
    random_skill_options,
    roll_characteristic_improvement,
    update_dedicated_fans,
)
from bbcore.teams.profiles import unimprovable_characteristics, with_lasting_injury
from bbcore.teams.valuation import value_team
from bbcore_skurling.building import declare_goon_roster, player_position, player_skills, reroll_price
from bbcore_skurling.building_rules import building_rules
from bbcore_skurling.coaching import DefaultSkurlingDecisions, SkurlingDecisions
from bbcore_skurling.league_play import choose_mvp, spp_award
from bbcore_skurling.league_rules import league_rules
from bbcore_skurling.sidelines import sideline_list, team_sidelines
from bbcore_skurling.sponsorship import Sponsor, available_sidelines, held_sidelines, look_for_sponsor

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The key of the re-roll's price in the prices offered at the hiring step.
REROLL = "reroll"
#: The award of the SPP list the MVP earns.
MVP_AWARD = "most-valuable-player"
#: The advancement kind rolled at random; the others that give a skill are chosen, from the categories the core's
#: value increase table names for them (:func:`bbcore.rules.league.advancement_categories`).
RANDOM_KIND = "random-primary"
CHARACTERISTIC_KIND = "characteristic"


def _frozen_counts(counts: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(counts))


@frozen
class LeagueTeam:
    """A league team between matches: its team file (players, re-rolls, Treasury, bought sidelines), fans and sponsors.

    ``headliner`` is the Headliner lent for the next match, if any; ``headliner_for`` the name of
    the miniature of the five fielded whose place he takes, declared before that match (None: he
    waits on the bench).
    """

    id: str
    team: Team
    dedicated_fans: int
    sponsors: tuple[Sponsor, ...] = ()
    headliner: str | None = None
    headliner_for: str | None = None

    @property
    def treasury(self) -> int:
        return self.team.treasury

    def with_treasury(self, treasury: int) -> LeagueTeam:
        return attrs.evolve(self, team=attrs.evolve(self.team, treasury=treasury))


@frozen
class CasualtyRecord:
    """A casualty noted during the match: the miniature (by name), the casualty table row and any lasting injury row."""

    player: str
    casualty: str
    lasting: str | None = None


@frozen
class MatchReport:
    """One team's side of a finished league match.

    ``points`` are match points scored; ``arcs_scored`` the arcs it scored in;
    ``fan_attendance`` the match's FA; ``fielded`` the miniatures that played (names,
    Journeymen and Headliner included); ``spp`` the SPP earned, by name. ``numbered`` are
    the five the coach numbers for the MVP: in a league match, those fielded when it ended
    (after any substitution), in the order declared; empty: every one that played.
    """

    team: str
    points: int
    arcs_scored: int
    fan_attendance: int
    fielded: tuple[str, ...] = ()
    casualties: tuple[CasualtyRecord, ...] = ()
    spp: Mapping[str, int] = field(factory=dict, converter=_frozen_counts)
    journeymen: tuple[str, ...] = ()
    headliner: str | None = None
    numbered: tuple[str, ...] = ()


@frozen
class PostMatchTeam:
    """One team after the post-match sequence: the team, its winnings, its new TV and the lasting injuries to record."""

    team: LeagueTeam
    winnings: int
    team_value: int
    lasting: Mapping[str, Mapping[str, int]] = field(factory=dict)


@frozen
class PostMatch:
    """Both teams after the post-match sequence, and everything that happened, in order."""

    teams: tuple[PostMatchTeam, PostMatchTeam]
    events: tuple[Event, ...]


# -- 1. winnings ----------------------------------------------------------------------------------


def winnings(ruleset: Ruleset, fan_attendance: int, arcs_scored: int, won: bool, *, who: str | None = None) -> tuple[int, Event]:
    """(FA halved and rounded up + one step per arc scored in + one if the team won) x the gold per step."""
    rules = league_rules(ruleset).league.winnings
    steps = ceil(fan_attendance / rules.attendance_divisor) + arcs_scored * rules.per_arc_scored + (rules.win_bonus if won else 0)
    gold = steps * rules.gold_per_point
    detail = {"fan_attendance": fan_attendance, "arcs_scored": arcs_scored, "won": won, "steps": steps, "gold": gold}
    return gold, Event("winnings", who, result=str(gold), detail=detail)


# -- 4. injuries ----------------------------------------------------------------------------------


def record_casualty(
    ruleset: Ruleset, player: str, dice: DiceSource, niggling_injuries: int = 0
) -> tuple[CasualtyRecord, tuple[Event, ...]]:
    """During the match: the D16 casualty roll when the casualty happens, and the lasting injury roll if the row asks for one."""
    row, event = casualty_roll(ruleset, player, dice, niggling_injuries)
    events = [event]
    lasting = None
    for effect in row.effects:
        if effect.roll_on:
            table = ruleset.table(effect.roll_on)
            rolls = roll_dice(dice, table.dice or "")
            lasting = table.row_for(sum(rolls)).id
            events.append(Event("lasting-injury", player, rolls, lasting, {"table": table.id}))
    return CasualtyRecord(player, row.id, lasting), tuple(events)


def apply_injuries(
    ruleset: Ruleset, team: LeagueTeam, casualties: Sequence[CasualtyRecord], *, ignored: Sequence[str] = ()
) -> tuple[LeagueTeam, dict[str, dict[str, int]], tuple[Event, ...]]:
    """Step 4: Miss Next Game, Niggling Injuries, lasting injuries and deaths; lasting injuries' characteristic changes
    are also returned.

    Every miniature that missed this match is cleared first. ``ignored`` are the
    Journeymen and the Headliner: their injuries do not count.
    """
    casualty_table = ruleset.table("casualty")
    # A Goon who misses the next match loses his role: write down his roster first, as it prices the re-rolls.
    team = attrs.evolve(team, team=declare_goon_roster(ruleset, team.team))
    players = {p.name: attrs.evolve(p, miss_next_game=False) for p in team.team.players}
    lasting: dict[str, dict[str, int]] = {}
    events: list[Event] = []
    for record in casualties:
        if record.player in ignored:
            events.append(Event("injury", record.player, result="ignored", detail={"casualty": record.casualty}))
            continue
        if record.player not in players:
            raise UsageError(f"{record.player!r} is not on the roster of team {team.id!r}")
        row = casualty_table.row(record.casualty)
        player = players[record.player]
        dead = any(effect.status == "dead" for effect in row.effects)
        if dead:
            del players[record.player]
            events.append(Event("injury", record.player, result="dead", detail={"casualty": row.id}))
            continue
        if any(effect.miss_next_game for effect in row.effects):
            # He cannot be among the next match's five, so his role goes, as a retiring miniature's does.
            player = attrs.evolve(player, miss_next_game=True, role=None)
        if any(effect.niggling_injury for effect in row.effects):
            player = attrs.evolve(player, niggling_injuries=player.niggling_injuries + 1)
        changes: dict[str, int] = {}
        if record.lasting is not None:
            table_id = next((effect.roll_on for effect in row.effects if effect.roll_on), None)
            if table_id is None:
                raise UsageError(f"casualty {row.id!r} has no lasting injury, yet {record.player!r} has {record.lasting!r}")
            lasting_row = ruleset.table(table_id).row(record.lasting)
            changes = {effect.change: effect.by or 0 for effect in lasting_row.effects if effect.change is not None}
            injured = with_lasting_injury(ruleset, player, record.lasting)
            if injured is player:
                changes = {}  # already as bad as can be: the rules make it a missed game, which the casualty gave
            else:
                lasting[record.player] = changes
                player = injured
        players[record.player] = player
        detail = {"casualty": row.id, "miss_next_game": player.miss_next_game, "lasting": record.lasting, "changes": changes}
        events.append(Event("injury", record.player, result=row.id, detail=detail))
    roster = tuple(players.values())
    return attrs.evolve(team, team=attrs.evolve(team.team, players=roster)), lasting, tuple(events)


# -- 5. advancement -------------------------------------------------------------------------------


def _affordable(ruleset: Ruleset, player: TeamPlayer) -> dict[str, int]:
    kinds = [column.id for column in ruleset.table(ADVANCEMENT_COSTS).columns]
    costs: dict[str, int] = {}
    for kind in kinds:
        try:
            cost = advancement_cost(ruleset, len(player.advancements), kind)
        except UsageError:
            return {}  # no further advancement
        if cost <= player.spp:
            costs[kind] = cost
    return costs


def _category_skills(ruleset: Ruleset, player: TeamPlayer, which: str) -> tuple[str, ...]:
    """The skills a player may choose of its position's primary or secondary categories: not held already, and none
    the glossary forbids beside those he has (:func:`bbcore.rules.league.skill_conflict`)."""
    position = player_position(ruleset, player)
    if position is None:
        raise UsageError(f"{player.name!r} has an unknown position {player.position!r}")
    categories = set(position.primary if which == "primary" else position.secondary)
    held = player_skills(ruleset, player)
    return tuple(sorted(s.id for s in ruleset.skills.values() if s.category in categories and may_gain(ruleset, s.id, held)))


def advance_player(
    ruleset: Ruleset, player: TeamPlayer, dice: DiceSource, decisions: SkurlingDecisions
) -> tuple[TeamPlayer, tuple[Event, ...]]:
    """Spend a player's SPP, one advancement at a time, as long as the coach wants and can afford (Blood Bowl costs).

    A chosen skill must be of the position's primary or secondary categories; a random
    one is two rolls on the core's random skills table, the coach keeping one; a
    characteristic is the core's improvement roll, offering none the player may improve no
    more (:func:`bbcore.teams.profiles.unimprovable_characteristics`), and the coach may take a primary or secondary skill
    instead, still at the characteristic's SPP cost. The value increase
    of each advancement is the core's, counted when the team is valued.
    """
    events: list[Event] = []
    while True:
        costs = _affordable(ruleset, player)
        if not costs:
            return player, tuple(events)
        choice = decisions.advancement(player.name, player.spp, costs)
        if choice is None:
            if must_take_advancement(ruleset, player.spp, len(player.advancements)):
                raise UsageError(f"{player.name!r} holds {player.spp} SPP, enough for a characteristic improvement: he must advance")
            return player, tuple(events)
        if choice.kind not in costs:
            raise UsageError(f"{player.name!r} cannot take a {choice.kind!r} advancement; affordable: {', '.join(costs) or 'none'}")
        advancement: Advancement
        chosen_from = advancement_categories(ruleset, choice.kind) if choice.kind != RANDOM_KIND else None
        if chosen_from is not None:
            options = _category_skills(ruleset, player, chosen_from)
            if choice.skill not in options:
                raise UsageError(f"{player.name!r} cannot choose {choice.skill!r} as a {choice.kind} skill")
            advancement = Advancement(choice.kind, skill=SkillRef(choice.skill))
        elif choice.kind == RANDOM_KIND:
            position = player_position(ruleset, player)
            if position is None or choice.category not in position.primary:
                raise UsageError(f"{player.name!r} rolls a random skill in one of its primary categories, not {choice.category!r}")
            options, rolled = random_skill_options(ruleset, choice.category, dice, exclude=player_skills(ruleset, player), who=player.name)
            events.extend(rolled)
            picked = decisions.advancement_skill(player.name, options)
            if picked not in options:
                raise UsageError(f"{player.name!r} keeps one of {', '.join(options)}, not {picked!r}")
            advancement = Advancement(choice.kind, skill=SkillRef(picked))
        else:
            improvement, rolled = roll_characteristic_improvement(
                ruleset, dice, unavailable=unimprovable_characteristics(ruleset, player), who=player.name
            )
            events.extend(rolled)
            characteristic = decisions.characteristic(player.name, improvement.characteristics, improvement.skill_instead)
            if characteristic is not None:
                if characteristic not in improvement.characteristics:
                    raise UsageError(f"{player.name!r} may improve {', '.join(improvement.characteristics)}, not {characteristic!r}")
                advancement = Advancement(f"{CHARACTERISTIC_KIND}-{characteristic}", characteristic=characteristic)
            else:
                options = tuple(s for which in improvement.skill_instead for s in _category_skills(ruleset, player, which))
                picked = decisions.advancement_skill(player.name, options)
                if picked not in options:
                    raise UsageError(f"{player.name!r} may take one of its primary or secondary skills, not {picked!r}")
                primary = picked in _category_skills(ruleset, player, "primary")
                advancement = Advancement("chosen-primary" if primary else "chosen-secondary", skill=SkillRef(picked))
        cost = costs[choice.kind]
        player = attrs.evolve(player, spp=player.spp - cost, advancements=(*player.advancements, advancement))
        detail = {"kind": advancement.kind, "spp_spent": cost, "spp_left": player.spp}
        if advancement.skill:
            detail["skill"] = advancement.skill.id
        events.append(Event("advancement", player.name, result=advancement.kind, detail=detail))


def player_advancement(
    ruleset: Ruleset, team: LeagueTeam, report: MatchReport, dice: DiceSource, decisions: SkurlingDecisions
) -> tuple[LeagueTeam, tuple[Event, ...]]:
    """Step 5: the MVP (:func:`~bbcore_skurling.league_play.choose_mvp` among the report's ``numbered`` five, in
    their order, or every miniature that played when it names none), then the match's SPP added to the fielded
    roster miniatures (not Journeymen or the Headliner, even as the MVP), then spent."""
    events: list[Event] = []
    spp = dict(report.spp)
    if report.numbered or report.fielded:
        mvp, found = choose_mvp(ruleset, report.numbered or report.fielded, dice, team=team.id)
        events.extend(found)
        spp[mvp] = spp.get(mvp, 0) + spp_award(ruleset, MVP_AWARD)
    players = []
    for before in team.team.players:
        player = before
        earned = spp.get(player.name, 0)
        if earned and player.name in report.fielded and player.name not in report.journeymen and player.name != report.headliner:
            player = attrs.evolve(player, spp=player.spp + earned)
            events.append(Event("star-player-points", player.name, result=str(earned), detail={"team": team.id, "spp": player.spp}))
        advanced, spent = advance_player(ruleset, player, dice, decisions)
        events.extend(spent)
        players.append(advanced)
    return attrs.evolve(team, team=attrs.evolve(team.team, players=tuple(players))), tuple(events)


# -- 6. hire, fire and retire ---------------------------------------------------------------------


def hiring_prices(ruleset: Ruleset, team: LeagueTeam) -> dict[str, int]:
    """What the hiring step sells: a re-roll (double its price) and each sideline by id."""
    price = reroll_price(ruleset, team.team)
    prices = {sideline.id: sideline.cost for sideline in sideline_list(ruleset).sidelines}
    if price is not None:
        prices[REROLL] = price * league_rules(ruleset).league.reroll_price_multiplier
    return prices


def hire_fire_retire(ruleset: Ruleset, team: LeagueTeam, decisions: SkurlingDecisions) -> tuple[LeagueTeam, tuple[Event, ...]]:
    """Step 6: the coach's :class:`~bbcore_skurling.coaching.HireOrder`, checked and paid from the Treasury.

    Every problem is reported at once: unknown or banned positions, a roster above the
    league size, a miniature retired that is not injured (missing the next match or with a
    Niggling Injury) or also fired, a sideline already held (bought or sponsored) or not
    bought, the price of a re-roll unknown (no Goon), or more gold than the Treasury holds.
    A miniature that Temporarily Retires keeps his place on the roster, loses his role and
    leaves the Team Value (:attr:`bbcore.model.team.TeamPlayer.available`).
    """
    prices = hiring_prices(ruleset, team)
    order = decisions.hire_and_fire(team.id, team.treasury, prices)
    problems: list[str] = []
    names = [p.name for p in team.team.players]
    problems += [f"no miniature named {name!r} to fire" for name in order.fire if name not in names]
    by_name = {p.name: p for p in team.team.players}
    for name in order.retire:
        player = by_name.get(name)
        if player is None:
            problems.append(f"no miniature named {name!r} to retire")
        elif not (player.miss_next_game or player.niggling_injuries):
            problems.append(f"{name!r} is not injured, so may not Temporarily Retire")
        elif name in order.fire:
            problems.append(f"{name!r} cannot both be fired and retire")
    cost = 0
    banned = set(building_rules(ruleset).banned_skills)
    named_twice: set[str] = set()
    for name, position_ref in order.hire:
        try:
            position = ruleset.position(position_ref)
        except UsageError as error:
            problems.append(str(error))
            continue
        if {ref.id for ref in position.skills} & banned:
            problems.append(f"{position_ref!r} may not play Skurling")
        if name in names:
            problems.append(f"a miniature named {name!r} is already on the roster")
        elif [hired for hired, _ in order.hire].count(name) > 1 and name not in named_twice:
            named_twice.add(name)
            problems.append(f"two miniatures hired are named {name!r}: each needs a name of its own")
        cost += position.cost
    roster_size = len(names) - len(set(order.fire) & set(names)) + len(order.hire)
    limit = building_rules(ruleset).league.roster_max
    if roster_size > limit:
        problems.append(f"the roster would hold {roster_size} miniatures; at most {limit}")
    if order.rerolls:
        if REROLL not in prices:
            problems.append("a re-roll's price is unknown: the team has no Goon")
        cost += order.rerolls * prices.get(REROLL, 0)
    bought = team_sidelines(ruleset, team.team)
    free = available_sidelines(ruleset, held_sidelines(bought, team.sponsors))
    problems += [f"sideline {s!r} cannot be hired (unknown or already held)" for s in order.sidelines if s not in free]
    problems += [f"sideline {s!r} was not bought, so it cannot be dismissed" for s in order.dismiss_sidelines if s not in bought]
    cost += sum(prices.get(s, 0) for s in order.sidelines)
    if cost > team.treasury:
        problems.append(f"the order costs {cost}; the Treasury holds {team.treasury}")
    if problems:
        raise UsageError(f"team {team.id!r} cannot hire and fire this way: " + "; ".join(problems))
    retiring = set(order.retire)
    players = tuple(
        attrs.evolve(p, temporarily_retired=True, role=None) if p.name in retiring else p
        for p in team.team.players
        if p.name not in order.fire
    ) + tuple(TeamPlayer(name=name, position=position) for name, position in order.hire)
    sidelines = [s for s in bought if s not in order.dismiss_sidelines] + list(order.sidelines)
    staff = {**team.team.staff, building_rules(ruleset).sidelines_staff_key: tuple(sidelines)}
    new_team = attrs.evolve(
        team.team, players=players, rerolls=team.team.rerolls + order.rerolls, staff=staff, treasury=team.treasury - cost
    )
    detail = {
        "hired": [list(h) for h in order.hire],
        "fired": list(order.fire),
        "retired": list(order.retire),
        "rerolls": order.rerolls,
        "sidelines": list(order.sidelines),
    }
    detail |= {"dismissed_sidelines": list(order.dismiss_sidelines), "cost": cost}
    return attrs.evolve(team, team=new_team), (Event("hire-fire-retire", team.id, result=str(cost), detail=detail),)


# -- the runner -----------------------------------------------------------------------------------


def _declared(ruleset: Ruleset, team: LeagueTeam) -> LeagueTeam:
    return attrs.evolve(team, team=declare_goon_roster(ruleset, team.team))


def run_post_match(
    ruleset: Ruleset,
    teams: tuple[LeagueTeam, LeagueTeam],
    reports: tuple[MatchReport, MatchReport],
    dice: DiceSource,
    decisions: SkurlingDecisions | None = None,
) -> PostMatch:
    """Steps 1 to 8 for both teams, step by step (each team in the order given within a step).

    ``reports`` are the two teams' sides of the match, in the same order as ``teams``. The
    match must have a winner. A team's sidelines (bought or sponsored) that act on the
    sponsor search (the Scribe) add to its search roll by themselves.
    """
    decisions = decisions or DefaultSkurlingDecisions()
    # The Goon's roster prices the re-rolls for good: written down before this match's injuries can take him away.
    teams = (_declared(ruleset, teams[0]), _declared(ruleset, teams[1]))
    by_report = {report.team: report for report in reports}
    if set(by_report) != {team.id for team in teams} or len(by_report) != len(teams):
        raise UsageError("the match reports must name the two teams, one each")
    first, second = reports
    if first.points == second.points:
        raise UsageError(f"a Skurling match has a winner; {first.team} and {second.team} both have {first.points}")
    winner = first.team if first.points > second.points else second.team
    events: list[Event] = []
    current = {team.id: team for team in teams}
    gold: dict[str, int] = {}
    lasting: dict[str, dict[str, dict[str, int]]] = {team.id: {} for team in teams}

    def step(name: str) -> None:
        events.append(Event("postmatch-step", None, result=name))

    step("winnings")
    for team_id, team in current.items():
        report = by_report[team_id]
        gold[team_id], event = winnings(ruleset, report.fan_attendance, report.arcs_scored, team_id == winner, who=team_id)
        current[team_id] = team.with_treasury(team.treasury + gold[team_id])
        events.append(event)
    step("dedicated-fans")
    for team_id, team in current.items():
        fans, found = update_dedicated_fans(ruleset, team.dedicated_fans, "win" if team_id == winner else "loss", dice, who=team_id)
        current[team_id] = attrs.evolve(team, dedicated_fans=fans)
        events.extend(found)
    step("sponsors")
    for team_id, team in current.items():
        if team.headliner is not None:
            events.append(Event("headliner-leaves", team_id, result=team.headliner))
        search = look_for_sponsor(
            ruleset,
            team_id,
            dedicated_fans=team.dedicated_fans,
            won=team_id == winner,
            sponsors=team.sponsors,
            bought_sidelines=team_sidelines(ruleset, team.team),
            dice=dice,
            decisions=decisions,
        )
        events.extend(search.events)
        sponsors = team.sponsors + ((search.sponsor,) if search.sponsor else ())
        current[team_id] = attrs.evolve(team, sponsors=sponsors, headliner=search.headliner, headliner_for=None)
    step("injuries")
    for team_id, team in current.items():
        report = by_report[team_id]
        ignored = (*report.journeymen, *((report.headliner,) if report.headliner else ()))
        current[team_id], lasting[team_id], found = apply_injuries(ruleset, team, report.casualties, ignored=ignored)
        events.extend(found)
    step("advancement")
    for team_id, team in current.items():
        current[team_id], found = player_advancement(ruleset, team, by_report[team_id], dice, decisions)
        events.extend(found)
    step("hire-fire-retire")
    for team_id, team in current.items():
        current[team_id], found = hire_fire_retire(ruleset, team, decisions)
        events.extend(found)
    step("expensive-mistakes")
    for team_id, team in current.items():
        treasury, found = expensive_mistake(ruleset, team.treasury, dice, who=team_id)
        current[team_id] = team.with_treasury(treasury)
        events.extend(found)
    step("team-value")
    results = []
    for team_id, team in current.items():
        value = value_team(ruleset, team.team).current_team_value
        events.append(Event("team-value", team_id, result=str(value)))
        results.append(PostMatchTeam(team, gold[team_id], value, lasting[team_id]))
    return PostMatch((results[0], results[1]), tuple(events))


__all__ = [
    "CasualtyRecord",
    "LeagueTeam",
    "MatchReport",
    "PostMatch",
    "PostMatchTeam",
    "advance_player",
    "apply_injuries",
    "hire_fire_retire",
    "hiring_prices",
    "player_advancement",
    "record_casualty",
    "run_post_match",
    "winnings",
]
