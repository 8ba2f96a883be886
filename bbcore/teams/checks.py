"""The checks a Blood Bowl 2025 team must pass, each with its own problem codes.

Checks are registered through the ``bbcore_team_checks`` hook. A variant that
drafts differently replaces a core check by id (``replaces="core/position-limits"``)
instead of patching it; every check reports all it finds.

A team is checked at a *stage* (:data:`STAGES`): ``draft``, a new team built from its
budget, or ``league``, a team that has played league games, whose value has grown past
the budget, whose Dedicated Fans have moved within the league's limits and who may be
short of players until Journeymen fill the gaps. A check says at which stages it runs;
a rule that reads differently at each is two checks under one id, and a replacement of
that id takes the place of both.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.errors import DataError, JsonPath, PluginError, Problem, UsageError
from bbcore.model.inducement import InducementHire
from bbcore.render.text import counted, either, money
from bbcore.rules.league import (
    ADVANCEMENT_COSTS,
    CHARACTERISTIC_KIND,
    PRIMARY,
    advancement_categories,
    advancement_cost,
    must_take_advancement,
    skill_conflict,
)
from bbcore.teams.problems import problem as problem  # noqa: PLC0414 - re-exported for plugins, as mypy wants
from bbcore.teams.profiles import profile_problems
from bbcore.teams.purchases import eligibility_reason, entity_name, hires_a_player, prices_by_league, stake_problem
from bbcore.teams.valuation import (
    hired_position,
    inducement_limit,
    staff_count,
    team_roster,
    team_special_rules,
    value_team,
)

if TYPE_CHECKING:
    from bbcore.loading.yaml_source import YamlDocument
    from bbcore.model.common import SkillRef
    from bbcore.model.inducement import Inducement
    from bbcore.model.roster import Position
    from bbcore.model.team import Team
    from bbcore.ruleset import Ruleset

CheckFunction = Callable[["Ruleset", "Team"], Iterable[Problem]]

#: The stages a team is checked at: a new team at its draft, and a team in league play after it.
DRAFT, LEAGUE = "draft", "league"
STAGES: tuple[str, ...] = (DRAFT, LEAGUE)


@frozen
class TeamCheck:
    """A named team check; ``replaces`` names a check it takes the place of; ``stages``, when it runs (both by default)."""

    id: str
    check: CheckFunction
    replaces: str | None = None
    description: str = ""
    stages: frozenset[str] = frozenset(STAGES)


@frozen
class TeamReport:
    """The result of checking a team: every problem at once, with cost and value."""

    valid: bool
    cost: int
    team_value: int
    current_team_value: int
    problems: tuple[Problem, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "valid": self.valid,
            "cost": self.cost,
            "team_value": self.team_value,
            "current_team_value": self.current_team_value,
            "problems": [p.to_json() for p in self.problems],
        }


#: The core's team problems that mean the file refers to things that do not exist: bad data, not a broken rule. A
#: plugin's check says the same by a code that begins with :data:`UNKNOWN_PREFIX` (``unknown-role``, say).
REFERENCE_CODES = frozenset(
    {
        "unknown-position",
        "unknown-roster",
        "unknown-inducement",
        "unknown-skill",
        "unknown-staff",
        "unknown-advancement-kind",
        "unknown-lasting-injury",
    }
)


#: The start of a team problem's code that says the file names something the ruleset does not have.
UNKNOWN_PREFIX = "unknown-"


def unknown_names(problems: Iterable[Problem]) -> list[Problem]:
    """The problems that say a team file names something that does not exist (:data:`REFERENCE_CODES`, and any code
    that begins with :data:`UNKNOWN_PREFIX`, a plugin's included)."""
    return [found for found in problems if found.code in REFERENCE_CODES or found.code.startswith(UNKNOWN_PREFIX)]


# -- the core checks ---------------------------------------------------------------


def check_player_names(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """No two players share a name: a team file gives players no ids, so the name is how the commands that change a
    team (the season's end, hiring, the post-game) find a player."""
    first: dict[str, int] = {}
    for i, player in enumerate(team.players):
        if player.name in first:
            yield problem(
                "name-twice",
                f"{player.name!r} is the name of players[{first[player.name]}] too; each player needs his own",
                "players",
                i,
                "name",
            )
        else:
            first[player.name] = i


def check_no_roles(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Blood Bowl gives players no roles: a ``role`` in the file belongs to a variant that has them, and would
    otherwise be ignored without a word. A variant with roles replaces this check with its own."""
    for i, player in enumerate(team.players):
        if player.role is not None:
            yield problem(
                "role-not-used",
                f"{player.name} has the role {player.role!r}, but this ruleset gives players no roles"
                " (is the team for a variant? give --variant or the file's variant key)",
                "players",
                i,
                "role",
            )


def check_positions(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Every position exists, and all come from one roster."""
    roster = team_roster(ruleset, team)
    if team.roster is not None and roster is None:
        yield problem("unknown-roster", f"unknown roster {team.roster!r}", "roster")
    for i, player in enumerate(team.players):
        player_roster = ruleset.rosters.get(player.roster_id)
        if player_roster is None or player_roster.position(player.position_id) is None:
            yield problem("unknown-position", f"unknown position {player.position!r}", "players", i, "position")
        elif roster is not None and player_roster.id != roster.id:
            yield problem(
                "mixed-rosters",
                f"{player.name} is from the {player_roster.name} roster; the team drafts from {roster.name}",
                "players",
                i,
                "position",
            )


def check_roster_size(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """A new team drafts at least the minimum, the Star Players it hires counted where inducements are bought at the
    draft (Exhibition and Matched Play), and never more than the maximum."""
    size = ruleset.parameters.roster
    count = len(team.players)
    stars = _drafted_stars(ruleset, team)
    if count + stars < size.min:
        hired = f" and {counted(stars, 'Star Player')}" if stars else ""
        yield problem("too-few-players", f"{counted(count, 'player')}{hired}; a team needs at least {size.min}", "players")
    yield from check_league_roster_size(ruleset, team)


def _drafted_stars(ruleset: Ruleset, team: Team) -> int:
    """The Star Players the team's draft hires (none where the draft buys no inducements)."""
    if not ruleset.parameters.inducements_in_draft:
        return 0
    found = 0
    for order in team.inducements:
        inducement = ruleset.inducements.get(order.id)
        if inducement is not None and inducement.hire is not None and inducement.hire.star:
            found += order.count
    return found


def check_league_roster_size(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """In league play a team may fall short of the minimum (Journeymen fill the game), never past the maximum."""
    size = ruleset.parameters.roster
    count = len(team.players)
    if count > size.max:
        yield problem("too-many-players", f"{count} players; a team may have at most {size.max}", "players")


def check_position_limits(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    roster = team_roster(ruleset, team)
    if roster is None:
        return
    counts = Counter(p.position_id for p in team.players if p.roster_id == roster.id)
    for position in roster.positions:
        if counts[position.id] > position.max:
            yield problem(
                "position-limit", f"{counts[position.id]} x {position.name}; the roster allows {position.min}-{position.max}", "players"
            )
        if counts[position.id] < position.min:
            yield problem(
                "position-minimum", f"{counts[position.id]} x {position.name}; the roster requires at least {position.min}", "players"
            )
    for limit in roster.position_limits:
        total = sum(counts[p] for p in limit.positions)
        if total > limit.max:
            yield problem(
                "position-group-limit", f"{total} players among {', '.join(limit.positions)}; at most {limit.max} in total", "players"
            )


#: The trait that may not outnumber the players without it on a draft list.
INSIGNIFICANT = "insignificant"


def check_insignificant(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """No more players with Insignificant than players without it."""
    marked = 0
    for player in team.players:
        roster = ruleset.rosters.get(player.roster_id)
        position = roster.position(player.position_id) if roster else None
        if position is not None and any(ref.id == INSIGNIFICANT for ref in position.skills):
            marked += 1
    others = len(team.players) - marked
    if marked > others:
        message = f"{marked} players with Insignificant against {others} without; a team may not have more with it than without"
        yield problem("insignificant-majority", message, "players")


def check_rerolls(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    limit = ruleset.parameters.rerolls.max
    if limit is not None and team.rerolls > limit:
        yield problem("too-many-rerolls", f"{team.rerolls} team re-rolls; at most {limit}", "rerolls")


def check_staff(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    params = ruleset.parameters
    roster = team_roster(ruleset, team)
    for staff_id, amount in team.staff.items():
        if staff_id == "dedicated-fans":
            continue
        terms = params.staff.get(staff_id)
        if terms is None:
            known = ", ".join(["dedicated-fans", *sorted(params.staff)])
            yield problem("unknown-staff", f"unknown sideline staff {staff_id!r}; this ruleset has: {known}", "staff", staff_id)
            continue
        if isinstance(amount, bool) and terms.max > 1:
            yield _not_counted(staff_id, terms.name, 0, terms.max)
            continue
        if isinstance(amount, tuple | list):
            # A list names members (a variant's staff); these are only counted.
            yield problem("staff-not-named", f"{terms.name}: give a number from 0 to {terms.max}, not a list", "staff", staff_id)
            continue
        count = staff_count(amount)
        if count > terms.max:
            yield problem("staff-limit", f"{count} x {terms.name}; at most {terms.max}", "staff", staff_id)
        if staff_id == "apothecary" and count and roster is not None and not roster.apothecary:
            yield problem("apothecary-not-allowed", f"the {roster.name} roster cannot hire an apothecary", "staff", staff_id)


def _not_counted(staff_id: str, name: str, low: int, high: int) -> Problem:
    """A yes or no (or a list) given for staff counted by the number: true could mean one, or as many as the team may have."""
    return problem(
        "staff-not-counted", f"{name} are counted: give a number from {low} to {high}, not true, false or a list", "staff", staff_id
    )


def _fans_within(team: Team, start: int, low: int, high: int, whose: str) -> Iterator[Problem]:
    amount = team.staff.get("dedicated-fans", start)
    if isinstance(amount, bool | tuple | list):
        yield _not_counted("dedicated-fans", "Dedicated Fans", low, high)
        return
    count = staff_count(amount)
    if not low <= count <= high:
        yield problem("dedicated-fans-range", f"{count} Dedicated Fans; {whose} has {low} to {high}", "staff", "dedicated-fans")


def check_dedicated_fans(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    rules = ruleset.parameters.dedicated_fans
    yield from _fans_within(team, rules.start, rules.start, rules.max_at_draft, "a new team")


def check_league_dedicated_fans(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """After the draft the fans move game by game, within the league's limits."""
    rules = ruleset.parameters.dedicated_fans
    yield from _fans_within(team, rules.start, rules.min, rules.max, "a team in league play")


def check_special_rules(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    roster = team_roster(ruleset, team)
    if roster is None:
        return
    offered = {rule_id for rule in roster.special_rules for rule_id in rule.choose}
    for i, chosen in enumerate(team.special_rules):
        if chosen not in offered:
            yield problem("invalid-special-rule-choice", f"the {roster.name} roster offers no choice of {chosen!r}", "special_rules", i)
    for rule in roster.special_rules:
        if rule.choose:
            picked = [r for r in team.special_rules if r in rule.choose]
            if len(picked) != 1:
                yield problem("special-rule-choice", f"choose exactly one of {', '.join(rule.choose)} under special_rules", "special_rules")
    if team.league is not None and team.league not in roster.leagues:
        yield problem(
            "league-not-allowed",
            f"the {roster.name} roster does not play in {team.league!r}; its leagues: {', '.join(roster.leagues)}",
            "league",
        )
    elif team.league is None and len(roster.leagues) > 1:
        # A roster of several leagues is drafted into one of them; prices and what the team may buy can follow from it.
        yield problem(
            LEAGUE_UNNAMED,
            f"the {roster.name} roster plays in several leagues: name one under league: ({either(list(roster.leagues))})",
            "league",
        )


def check_advancements(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Each advancement is a row of the value-increases table; a skill's comes from the categories that row names
    (the position's primary or secondary list); a player takes no more advancements than the advancement table
    prices."""
    increases = ruleset.tables.get(ruleset.roles.get("value-increases", ""))
    rows = {row.id: row for row in increases.rows} if increases else {}
    costs = ruleset.tables.get(ruleset.roles.get(ADVANCEMENT_COSTS, ""))
    most = costs.range[1] + 1 if costs is not None and costs.range is not None else None
    for i, player in enumerate(team.players):
        position = _position_of(ruleset, player.position)
        if most is not None and len(player.advancements) > most:
            yield problem(
                "too-many-advancements",
                f"{player.name} has {len(player.advancements)} advancements; a player may take at most {most}",
                "players",
                i,
                "advancements",
                most,
            )
        for j, advancement in enumerate(player.advancements):
            path = ("players", i, "advancements", j)
            row = rows.get(advancement.kind)
            if row is None:
                kinds = ", ".join(sorted(rows))
                yield problem("unknown-advancement-kind", f"unknown advancement kind {advancement.kind!r}; kinds: {kinds}", *path, "kind")
            if advancement.skill is not None and advancement.skill.id not in ruleset.skills:
                yield problem("unknown-skill", f"unknown skill {advancement.skill.id!r}", *path, "skill")
                continue
            which = advancement_categories(ruleset, advancement.kind)
            if which is None or position is None:
                continue
            if advancement.skill is None:
                yield problem("advancement-without-skill", f"a {row.name if row else advancement.kind} advancement names its skill", *path)
                continue
            skill = ruleset.skills[advancement.skill.id]
            categories = position.primary if which == PRIMARY else position.secondary
            if skill.category not in categories:
                yield problem(
                    "skill-not-in-categories",
                    f"{skill.name} ({skill.category or 'no category'}) is not in the {which} categories of the {position.name}"
                    f" ({', '.join(categories) or 'none'})",
                    *path,
                    "skill",
                )


def check_must_advance(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """In league play a player holding the SPP of his next characteristic improvement must have taken an advancement
    (:func:`bbcore.rules.league.must_take_advancement`): the team file keeps no more than that unspent."""
    for i, player in enumerate(team.players):
        if must_take_advancement(ruleset, player.spp, len(player.advancements)):
            cost = advancement_cost(ruleset, len(player.advancements), CHARACTERISTIC_KIND)
            yield problem(
                "must-advance",
                f"{player.name} holds {player.spp} SPP, at least the {cost} of a characteristic improvement: he must take an advancement",
                "players",
                i,
                "spp",
            )


def _position_of(ruleset: Ruleset, ref: str) -> Position | None:
    """The position a team file names, or None when it names none the ruleset knows (the position check says so)."""
    roster_id, _, position_id = ref.partition("/")
    roster = ruleset.rosters.get(roster_id)
    return roster.position(position_id) if roster is not None and position_id else None


def check_profiles(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    yield from profile_problems(ruleset, team.players, team)


def check_captain(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Team Captain: one captain at most, only in a team with the rule, never of a barred position."""
    rules = ruleset.parameters.team_captain
    has_rule = rules.special_rule in team_special_rules(ruleset, team)
    barred = {keyword.lower() for keyword in rules.barred_keywords}
    named = [i for i, player in enumerate(team.players) if player.captain]
    rule_name = entity_name(ruleset, "special-rule", rules.special_rule)
    for count, i in enumerate(named):
        player = team.players[i]
        if not has_rule:
            yield problem("captain-without-rule", f"only a team with {rule_name} names a captain", "players", i, "captain")
            continue
        if count:
            yield problem("several-captains", f"the team has a captain already, {team.players[named[0]].name}", "players", i, "captain")
        roster = ruleset.rosters.get(player.roster_id)
        position = roster.position(player.position_id) if roster is not None and "/" in player.position else None
        if position is not None and barred & {keyword.lower() for keyword in position.keywords}:
            yield problem("captain-barred", f"no {position.name} may be the captain", "players", i, "captain")


def check_inducements(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    if team.inducements and not ruleset.parameters.inducements_in_draft:
        yield problem(INDUCEMENTS_NOT_ALLOWED, "this ruleset does not buy inducements with the team", "inducements")
        return
    yield from inducement_problems(ruleset, team)


def check_league_inducements(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """A team in league play holds no inducements: they are bought in each game's pre-game sequence."""
    if team.inducements:
        yield problem(
            INDUCEMENTS_NOT_ALLOWED, "a team in league play buys its inducements before each game, not with the team", "inducements"
        )


def inducement_problems(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Everything wrong with a team's inducements under the active list: the choices, then the players hired."""
    yield from inducement_choice_problems(ruleset, team)
    yield from hired_player_problems(ruleset, team)


def inducement_choice_problems(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Whether a team's inducements exist in the active list, are open to it, stay within their limits and group limits,
    and, when the team names no league among its roster's several, whether its league would change any of them."""
    group_counts: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    first_order: dict[str, int] = {}
    for i, order in enumerate(team.inducements):
        inducement = ruleset.inducements.get(order.id)
        if inducement is None:
            yield problem("unknown-inducement", f"unknown inducement {order.id!r} in this ruleset's list", "inducements", i, "id")
            continue
        totals[order.id] += order.count
        first_order.setdefault(order.id, i)
        reason = eligibility_reason(ruleset, team, inducement)
        if reason is not None:
            yield problem("inducement-not-eligible", f"this team may not buy {inducement.name}: {reason}", "inducements", i, "id")
        if inducement.group is not None:
            group_counts[inducement.group] += order.count
        wrong_stake = stake_problem(inducement, order)
        if wrong_stake is not None:
            yield problem("inducement-stake", wrong_stake, "inducements", i, "stake")
    for inducement_id, i in first_order.items():
        inducement = ruleset.inducements[inducement_id]
        limit = inducement_limit(ruleset, team, inducement)
        if limit is not None and totals[inducement_id] > limit:
            yield problem("inducement-limit", f"{totals[inducement_id]} x {inducement.name}; at most {limit}", "inducements", i, "count")
        by_league = prices_by_league(ruleset, team, inducement, team.inducements[i])
        if by_league:
            terms = ", ".join(
                f"{entity_name(ruleset, 'league', league)}: {'not open' if price is None else money(price)}"
                for league, price in by_league.items()
            )
            yield problem(
                "inducement-league-undecided",
                f"{inducement.name} depends on the league ({terms}); say which one the team plays in under league:",
                "inducements",
                i,
                "id",
            )
    for group_id, count in group_counts.items():
        group = ruleset.inducement_groups[group_id]
        if count > group.max:
            yield problem("inducement-group-limit", f"{count} from {group.name}; at most {group.max}", "inducements")


def hired_player_problems(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Orders for inducements that hire a player: each names a position it may hire (and a skill it may buy), and the
    hired players that count toward the team's limits stay within them with the players able to play."""
    roster = team_roster(ruleset, team)
    hired: Counter[str] = Counter()
    positioned: Counter[str] = Counter()
    for i, order in enumerate(team.inducements):
        inducement = ruleset.inducements.get(order.id)
        if inducement is None:
            continue
        if inducement.players:
            hired[inducement.id] += order.count * inducement.players
        if not hires_a_player(inducement):
            if order.position is not None:
                message = f"{inducement.name} hires no player; it takes no position"
                yield problem("inducement-hires-no-player", message, "inducements", i, "position")
            if order.skill is not None:
                yield problem("inducement-offers-no-skill", f"{inducement.name} offers no skill to buy", "inducements", i, "skill")
            continue
        if order.position is None:
            yield problem(
                "inducement-position-missing",
                f"{inducement.name}: name the position hired (position: roster/position); the price depends on it",
                "inducements",
                i,
            )
            continue
        position = hired_position(ruleset, order)
        if position is None:
            yield problem("unknown-position", f"unknown position {order.position!r}", "inducements", i, "position")
            continue
        terms = inducement.hire or InducementHire()
        allowed = terms.positions != "own-roster" or roster is None or order.roster_id == roster.id
        if roster is not None and not allowed:
            yield problem(
                "inducement-position-not-allowed",
                f"{inducement.name} come from the team's own roster ({roster.name}), not {order.position}",
                "inducements",
                i,
                "position",
            )
        if order.skill is not None:
            yield from _hired_skill_problems(ruleset, inducement, position, order.skill, ("inducements", i, "skill"))
        if terms.within_limits and allowed:  # a position it may not hire is reported once, not counted as well
            hired[order.position] += order.count
            if terms.positions == "own-roster":
                # One of the team's own positions; a player named from any roster (a Star) holds none of its places.
                positioned[order.position] += order.count
    if not hired:
        return
    playing = [p for p in team.players if p.available]
    for ref, count in positioned.items():
        position = ruleset.position(ref)
        fielded = sum(1 for p in playing if p.position == ref)
        if fielded + count > position.max:
            yield problem(
                "inducement-position-limit",
                f"{fielded} x {position.name} able to play and {count} hired; the roster allows at most {position.max}",
                "inducements",
            )
    # A hired player counts as his position, so the roster's shared caps (one Big Guy of three, say) hold too.
    if roster is not None:
        for limit in roster.position_limits:
            refs = {f"{roster.id}/{position_id}" for position_id in limit.positions}
            fielded = sum(1 for p in playing if p.position in refs)
            count = sum(n for ref, n in positioned.items() if ref in refs)
            if count and fielded + count > limit.max:
                yield problem(
                    "inducement-position-group-limit",
                    f"{fielded} able to play and {count} hired among {', '.join(limit.positions)}; at most {limit.max} in total",
                    "inducements",
                )
    size = ruleset.parameters.roster.max
    if len(playing) + hired.total() > size:
        yield problem(
            "inducement-roster-size",
            f"{len(playing)} players able to play and {hired.total()} hired; a team may have at most {size}",
            "inducements",
        )


def _hired_skill_problems(ruleset: Ruleset, inducement: Inducement, position: Position, ref: SkillRef, path: JsonPath) -> Iterator[Problem]:
    skill = ruleset.skills.get(ref.id)
    if skill is None:
        yield problem("unknown-skill", f"unknown skill {ref.id!r}", *path)
        return
    offered = inducement.hire.skill if inducement.hire is not None else None
    if offered is None:
        yield problem("inducement-offers-no-skill", f"{inducement.name} offers no skill to buy", *path)
        return
    categories = position.primary if offered.categories == "primary" else position.secondary
    if skill.category not in categories:
        yield problem(
            "inducement-skill-not-allowed",
            f"{skill.name} ({skill.category}) is not in the {offered.categories} categories of the {position.name}"
            f" ({', '.join(categories) or 'none'})",
            *path,
        )
    elif any(s.id == skill.id for s in position.skills):
        yield problem("inducement-skill-not-allowed", f"the {position.name} has {skill.name} already", *path)
    else:
        clash = skill_conflict(ruleset, skill.id, [s.id for s in position.skills])
        if clash is not None:
            yield problem("skill-not-allowed", f"the {position.name} may not take it: {clash}", *path)


#: The codes of the budget check's problems: a team dearer than its budget, a Treasury holding more than it left.
OVER_BUDGET, TREASURY_PAST_BUDGET = "over-budget", "treasury-past-budget"
#: The problem of a team whose roster plays in several leagues and whose file names none of them.
LEAGUE_UNNAMED = "league-unnamed"
#: The problem of inducements a team may not hold: where the ruleset buys none with the team, or in league play.
INDUCEMENTS_NOT_ALLOWED = "inducements-not-allowed"


def budget_problems(cost: int, budget: int, treasury: int, *, team: str = "the team", budget_name: str = "the budget") -> Iterator[Problem]:
    """A team built for ``cost`` out of ``budget`` (``team`` and ``budget_name`` name them in the messages): dearer
    than it, or keeping in its Treasury more than the gold left unspent."""
    if cost > budget:
        yield problem(OVER_BUDGET, f"{team} costs {money(cost)}; {budget_name} is {money(budget)}")
    elif treasury > budget - cost:
        yield problem(TREASURY_PAST_BUDGET, f"a Treasury of {money(treasury)}; {budget_name} leaves {money(budget - cost)}", "treasury")


def check_budget(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """The cost fits the budget, and a new team's Treasury holds no more than the gold it did not spend."""
    budget = team.budget if team.budget is not None else ruleset.parameters.draft_budget
    yield from budget_problems(value_team(ruleset, team).cost, budget, team.treasury)


_DRAFT, _LEAGUE = frozenset({DRAFT}), frozenset({LEAGUE})

CORE_CHECKS: tuple[TeamCheck, ...] = (
    TeamCheck("core/positions", check_positions, description="Every position exists; all from one roster."),
    TeamCheck("core/player-names", check_player_names, description="No two players share a name."),
    TeamCheck("core/roles", check_no_roles, description="No player has a role (a variant with roles replaces this check)."),
    TeamCheck("core/roster-size", check_roster_size, description="Player count within the roster size.", stages=_DRAFT),
    TeamCheck(
        "core/roster-size",
        check_league_roster_size,
        description="In league play, at most the roster size (fewer is allowed: Journeymen fill the game).",
        stages=_LEAGUE,
    ),
    TeamCheck("core/position-limits", check_position_limits, description="Per-position and shared position limits."),
    TeamCheck("core/insignificant", check_insignificant, description="No more players with Insignificant than without."),
    TeamCheck("core/rerolls", check_rerolls, description="Team re-roll limit."),
    TeamCheck("core/staff", check_staff, description="Sideline staff limits and the apothecary rule."),
    TeamCheck("core/dedicated-fans", check_dedicated_fans, description="Dedicated Fans at drafting.", stages=_DRAFT),
    TeamCheck(
        "core/dedicated-fans",
        check_league_dedicated_fans,
        description="In league play, Dedicated Fans within the league's limits.",
        stages=_LEAGUE,
    ),
    TeamCheck("core/special-rules", check_special_rules, description="Special-rule choices and league."),
    TeamCheck(
        "core/advancements",
        check_advancements,
        description="Advancement kinds and skills exist, skills from the position's categories, at most the table's number.",
    ),
    TeamCheck(
        "core/must-advance",
        check_must_advance,
        description="In league play, no player keeps the SPP of a characteristic improvement unspent.",
        stages=_LEAGUE,
    ),
    TeamCheck(
        "core/profiles",
        check_profiles,
        description="Improvements and lasting injuries within the characteristics' limits; gained skills exist.",
    ),
    TeamCheck("core/team-captain", check_captain, description="At most one captain, in a team with Team Captain, of a position it allows."),
    TeamCheck("core/inducements", check_inducements, description="Inducements exist, are allowed and within limits.", stages=_DRAFT),
    TeamCheck(
        "core/inducements",
        check_league_inducements,
        description="In league play, no inducements held with the team (they are bought before each game).",
        stages=_LEAGUE,
    ),
    TeamCheck("core/budget", check_budget, description="The cost fits the budget (at drafting).", stages=_DRAFT),
)


def active_checks(ruleset: Ruleset, stage: str | None = None) -> list[TeamCheck]:
    """The checks in force, after replacements, at ``stage`` (every stage's when None); two replacing one id is an error naming both.

    A replacement takes the place of every check with the id it names (a rule with a
    check per stage is replaced whole), and runs at its own stages.
    """
    if stage is not None and stage not in STAGES:
        raise UsageError(f"unknown team stage {stage!r}; expected one of {', '.join(STAGES)}")
    contributed: list[TeamCheck] = []
    for checks in ruleset.hook.bbcore_team_checks(ruleset=ruleset):
        contributed.extend(checks or ())
    replacements: dict[str, TeamCheck] = {}
    for check in contributed:
        if check.replaces is not None:
            if check.replaces in replacements:
                other = replacements[check.replaces]
                raise DataError(
                    [Problem("conflicting-team-check", f"team checks {other.id!r} and {check.id!r} both replace {check.replaces!r}")]
                )
            replacements[check.replaces] = check
    result: list[TeamCheck] = []
    for check in contributed:
        if check.replaces is not None:
            continue
        replacement = replacements.get(check.id)
        if replacement is None:
            result.append(check)
        elif replacement not in result:
            result.append(replacement)
    # Replacing a check nobody registered just adds it.
    result.extend(r for r in replacements.values() if r not in result)
    return [check for check in result if stage is None or stage in check.stages]


def locate_problems(problems: Iterable[Problem], document: YamlDocument | None) -> list[Problem]:
    """The problems with the file, line and column their JSON paths point to in the team file's ``document``."""
    if document is None:
        return list(problems)
    located = []
    for found in problems:
        path = _parse_path(found.path)
        where = document.locate(path)
        located.append(Problem(found.code, found.message, found.path, where.file, where.line, where.col))
    return located


def _parse_path(path: str) -> JsonPath:
    import re  # noqa: PLC0415

    parts: list[str | int] = []
    for match in re.finditer(r"\.([A-Za-z_][A-Za-z0-9_]*)|\['((?:[^'\\]|\\.)*)'\]|\[(\d+)\]", path):
        name, quoted, index = match.groups()
        if index is not None:
            parts.append(int(index))
        else:
            parts.append(name if name is not None else quoted.replace("\\'", "'"))
    return tuple(parts)


def check_team(ruleset: Ruleset, team: Team, document: YamlDocument | None = None, *, stage: str = DRAFT) -> TeamReport:
    """Check a team under a ruleset at ``stage`` (one of :data:`STAGES`): every problem at once, with cost and Team Value.

    ``draft`` (the default) holds a new team to its budget and the draft's limits;
    ``league``, a team that has played league games, to the limits of league play.
    """
    problems: list[Problem] = []
    for check in active_checks(ruleset, stage):
        problems.extend(check.check(ruleset, team))
    for extra in ruleset.hook.bbcore_extra_team_problems(ruleset=ruleset, team=team):
        for found in extra or ():
            if not isinstance(found, Problem):
                raise PluginError(f"a plugin's bbcore_extra_team_problems gave {found!r}, which is not a Problem")
            problems.append(found)
    valuation = value_team(ruleset, team)
    located = locate_problems(problems, document)
    return TeamReport(not located, valuation.cost, valuation.team_value, valuation.current_team_value, tuple(located))
