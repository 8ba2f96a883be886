"""Building a Skurling team: the checks, the re-roll price and Team Value.

A one-off (and a Throwback Night) team is five miniatures from any Blood Bowl 2025
rosters, mixed freely, at their Blood Bowl cost, bought with team re-rolls and
inducements from one 400K budget; unspent gold is lost and there is no minimum. Every
number comes from data: the core parameters (``data/parameters.yaml``: five players,
400K, the 80K sideline budget, no staff, one Dedicated Fan) and
``data/rules/building.yaml`` (the roles, the skills that decide who may be what, the
league start).

The checks here replace the core's where Skurling drafts differently (one roster, the
per-position limits, the roster size, special-rule choices, sideline staff) and add
the roles. The core's checks for the budget, re-rolls (no cap: ``max`` is null),
Dedicated Fans, advancements and inducements (one of each comes from the inducement
list's data) stay in force.

League play (ruleset option ``match=league``): the parameter hook raises the budget to
the league start and the roster to its league size, and turns inducements at building
off, so the core budget and inducement checks say the rest. The five fielded
miniatures are the players with a role; players without one are reserves, and spare
Right Stuff miniatures may wait among them. Unspent gold goes to the Treasury, so it is
no problem (:func:`unspent_gold`). Star Players are hired as inducements, so a league
team has none at building. The first-match and Throwback options build as one-off.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from bbcore.render.text import money
from bbcore.teams.checks import DRAFT, TeamCheck, check_staff, problem
from bbcore.teams.valuation import CostItem, TeamValuation, order_price, player_value
from bbcore_skurling.building_rules import RULES_ID, building_rules
from bbcore_skurling.sidelines import sideline_cost, sideline_list

if TYPE_CHECKING:
    from bbcore.errors import Problem
    from bbcore.model.roster import Position
    from bbcore.model.team import Team, TeamPlayer
    from bbcore.ruleset import Ruleset

#: The ruleset option that says what kind of match a team is built for, and its league value.
MATCH_OPTION = "match"
LEAGUE = "league"


def is_league(options: Mapping[str, str]) -> bool:
    """Whether teams are built for league play (``match=league``)."""
    return options.get(MATCH_OPTION) == LEAGUE


def player_position(ruleset: Ruleset, player: TeamPlayer) -> Position | None:
    """The player's position, or None when the file names one the ruleset lacks."""
    roster = ruleset.rosters.get(player.roster_id)
    return roster.position(player.position_id) if roster is not None else None


def player_skills(ruleset: Ruleset, player: TeamPlayer) -> set[str]:
    """The skill ids a player has: his position's and those his advancements gave him."""
    position = player_position(ruleset, player)
    skills = {ref.id for ref in position.skills} if position is not None else set()
    skills.update(advancement.skill.id for advancement in player.advancements if advancement.skill is not None)
    return skills


def fielded(ruleset: Ruleset, team: Team) -> list[tuple[int, TeamPlayer]]:
    """The miniatures that play, with their index in the file: every player, or in a league those with a role
    who may play (not missing the next match, not Temporarily Retired)."""
    if is_league(ruleset.options):
        return [(i, player) for i, player in enumerate(team.players) if player.role is not None and player.available]
    return list(enumerate(team.players))


def goon_roster(ruleset: Ruleset, team: Team) -> str | None:
    """The roster the team's Goon was taken from: the one the team file declares (``roster``), else that of the
    position of the miniature holding the Goon's role (the first, with two); None when neither names a known roster.

    The declared roster stays the price of re-rolls in a league when the Goon who set it
    is dead, retired or replaced; :func:`declare_goon_roster` writes it down.
    """
    if team.roster is not None and team.roster in ruleset.rosters:
        return team.roster
    goons = _goons(ruleset, team)
    return goons[0].roster_id if goons else None


def _goons(ruleset: Ruleset, team: Team) -> list[TeamPlayer]:
    """The miniatures holding the role that prices re-rolls, from a known roster, in file order; one who may not
    play the next match still shows which roster the Goon was taken from."""
    role = building_rules(ruleset).reroll_price_role
    return [p for p in team.players if p.role == role and p.roster_id in ruleset.rosters]


def declare_goon_roster(ruleset: Ruleset, team: Team) -> Team:
    """The team with its Goon's roster declared (``roster``), when it has not declared one yet."""
    if team.roster is not None:
        return team
    found = goon_roster(ruleset, team)
    return team if found is None else attrs.evolve(team, roster=found)


def reroll_price(ruleset: Ruleset, team: Team) -> int | None:
    """What one team re-roll costs: the re-roll cost of the roster the Goon was taken from (:func:`goon_roster`).

    None when that roster is not known: then the price cannot be worked out (the checks say why).
    """
    found = goon_roster(ruleset, team)
    return None if found is None else ruleset.rosters[found].reroll_cost


# -- the checks ----------------------------------------------------------------------


def check_positions(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Every position exists. Rosters may be mixed freely (this replaces the core's one-roster rule)."""
    if team.roster is not None and team.roster not in ruleset.rosters:
        yield problem("unknown-roster", f"unknown roster {team.roster!r}", "roster")
    for i, player in enumerate(team.players):
        if player_position(ruleset, player) is None:
            yield problem("unknown-position", f"unknown position {player.position!r}", "players", i, "position")


def no_position_limits(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Blood Bowl's per-position limits do not apply: five of one position is legal."""
    return iter(())


def no_special_rule_choices(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """A mixed team has no one roster, so Blood Bowl's special-rule choices and leagues play no part."""
    return iter(())


def check_miniatures(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """One-off: exactly the roster size (five). League: at most the league roster, and exactly five fielded (with a role)."""
    size = ruleset.parameters.roster
    count = len(team.players)
    if not is_league(ruleset.options):
        if not size.min <= count <= size.max:
            wanted = str(size.min) if size.min == size.max else f"{size.min} to {size.max}"
            yield problem("miniature-count", f"{count} miniatures; a Skurling team has {wanted}", "players")
        return
    if count > size.max:
        yield problem("too-many-players", f"{count} miniatures; a league roster holds at most {size.max}", "players")
    playing = len(fielded(ruleset, team))
    wanted_fielded = ruleset.parameters.players_on_pitch
    if playing != wanted_fielded:
        yield problem(
            "fielded-count",
            f"{playing} miniatures have a role; a league team fields exactly {wanted_fielded} (players without a role are reserves)",
            "players",
        )


def check_banned_positions(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """No position with a banned skill (Secret Weapons); no position with a never-cuddler skill (No Ball) as the Cuddler."""
    rules = building_rules(ruleset)
    for i, player in enumerate(team.players):
        skills = player_skills(ruleset, player)
        for skill_id in rules.banned_skills:
            if skill_id in skills:
                name = ruleset.skill_display(skill_id)
                yield problem(
                    "banned-position",
                    f"{player.name} ({player.position}) has {name}; such positions may not play",
                    "players",
                    i,
                    "position",
                )
        if player.role == rules.cuddler_role:
            for skill_id in rules.never_cuddler_skills:
                if skill_id in skills:
                    name = ruleset.skill_display(skill_id)
                    cuddler = rules.role(rules.cuddler_role).name
                    yield problem(
                        "cannot-be-cuddler", f"{player.name} has {name} and cannot catch, so may not be the {cuddler}", "players", i, "role"
                    )


def check_roles(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Roles are known; in a one-off every miniature has one; the fielded five hold each role as often as it counts."""
    rules = building_rules(ruleset)
    known = rules.role_ids
    league = is_league(ruleset.options)
    for i, player in enumerate(team.players):
        if player.role is None:
            if not league:
                yield problem("role-missing", f"{player.name} has no role; roles: {', '.join(known)}", "players", i)
        elif player.role not in known:
            yield problem("unknown-role", f"unknown role {player.role!r}; roles: {', '.join(known)}", "players", i, "role")
        elif league and not player.available:
            why = "misses the next match" if player.miss_next_game else "is Temporarily Retired"
            message = f"{player.name} {why} and cannot be fielded; give the {player.role} role to a miniature who can play"
            yield problem("cannot-be-fielded", message, "players", i, "role")
    counts = Counter(player.role for _, player in fielded(ruleset, team))
    for role in rules.roles:
        if counts[role.id] != role.count:
            yield problem("role-count", f"{counts[role.id]} x {role.name}; a team fields exactly {role.count}", "players")


def check_stooge_and_thrower(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Exactly one fielded miniature has Right Stuff and he is the Stooge; at least one Whacker has Throw Team-mate."""
    rules = building_rules(ruleset)
    playing = fielded(ruleset, team)
    stooge_skill = ruleset.skill_display(rules.stooge_skill)
    stooge = rules.role(rules.stooge_role).name
    light = [player for _, player in playing if rules.stooge_skill in player_skills(ruleset, player)]
    if len(light) != 1:
        names = f" ({', '.join(p.name for p in light)})" if light else ""
        yield problem(
            "right-stuff-count", f"{len(light)} fielded miniatures have {stooge_skill}{names}; exactly one must, the {stooge}", "players"
        )
    for i, player in playing:
        if player.role == rules.stooge_role and rules.stooge_skill not in player_skills(ruleset, player):
            yield problem("stooge-without-right-stuff", f"{player.name} is the {stooge} but lacks {stooge_skill}", "players", i, "role")
    throwers = [p for _, p in playing if p.role == rules.thrower_role and rules.thrower_skill in player_skills(ruleset, p)]
    if not throwers:
        thrower = rules.role(rules.thrower_role).name
        yield problem(
            "no-throwing-whacker", f"no {thrower} has {ruleset.skill_display(rules.thrower_skill)}; one must throw the {stooge}", "players"
        )


def check_reroll_price(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Team re-rolls need a Goon: his roster's re-roll cost is their price."""
    if team.rerolls and reroll_price(ruleset, team) is None:
        goon = building_rules(ruleset).role(building_rules(ruleset).reroll_price_role).name
        yield problem(
            "reroll-price-unknown",
            f"{team.rerolls} team re-roll(s), but no {goon} from a known roster: re-rolls cost the re-roll price of the {goon}'s roster",
            "rerolls",
        )


def check_declared_roster(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """At building, a declared ``roster`` is the one the Goon is taken from (it prices the team's re-rolls). A league
    team must declare it then: its roles change from arc to arc, and the price may not follow them."""
    if team.roster is None and is_league(ruleset.options):
        goons = _goons(ruleset, team)
        name = building_rules(ruleset).role(building_rules(ruleset).reroll_price_role).name
        hint = f" (its {name}'s is {goons[0].roster_id})" if goons else ""
        yield problem(
            "roster-undeclared",
            f"a league team declares at building the roster its {name} is taken from, which prices its re-rolls: "
            f"add roster: <roster id>{hint}",
            "roster",
        )
        return
    if team.roster is None or team.roster not in ruleset.rosters:
        return  # an unknown one is check_positions' to report
    goons = _goons(ruleset, team)
    if goons and goons[0].roster_id != team.roster:
        name = building_rules(ruleset).role(building_rules(ruleset).reroll_price_role).name
        yield problem(
            "goon-roster",
            f"the team declares the {ruleset.rosters[team.roster].name} roster, but its {name} is taken from the "
            f"{ruleset.rosters[goons[0].roster_id].name} roster: the {name}'s roster is the one declared",
            "roster",
        )


def check_staff_and_sidelines(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """Blood Bowl staff as the parameters allow (none); sidelines known, one of each."""
    key = building_rules(ruleset).sidelines_staff_key
    yield from check_staff(ruleset, attrs.evolve(team, staff={k: v for k, v in team.staff.items() if k != key}))
    if key not in team.staff:
        return
    listed = team.staff[key]
    if not isinstance(listed, tuple | list):
        yield problem("sidelines-not-a-list", f"list the sidelines by id, e.g. {key}: [pebbler, skip]", "staff", key)
        return
    known = sideline_list(ruleset).by_id
    seen: set[str] = set()
    for i, sideline_id in enumerate(listed):
        sideline = known.get(sideline_id)
        if sideline is None:
            yield problem("unknown-sideline", f"unknown sideline {sideline_id!r}; sidelines: {', '.join(known)}", "staff", key, i)
            continue
        if sideline_id in seen:
            yield problem("sideline-twice", f"{sideline.name} is hired twice; a team may have one of each", "staff", key, i)
            continue
        seen.add(sideline_id)


def check_sideline_budget(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """At building, the sidelines cost no more than their budget; later ones are paid from the Treasury."""
    key = building_rules(ruleset).sidelines_staff_key
    budget = ruleset.parameters.sideline_budget
    if budget is None or not isinstance(team.staff.get(key), tuple | list):
        return
    total = sideline_cost(ruleset, team)
    if total > budget:
        yield problem("over-sideline-budget", f"the sidelines cost {money(total)}; the sideline budget is {money(budget)}", "staff", key)


SKURLING_CHECKS: tuple[TeamCheck, ...] = (
    TeamCheck("skurling/positions", check_positions, "core/positions", "Every position exists; rosters may be mixed."),
    TeamCheck("skurling/position-limits", no_position_limits, "core/position-limits", "No per-position limits."),
    TeamCheck("skurling/special-rules", no_special_rule_choices, "core/special-rules", "No roster special-rule choices."),
    TeamCheck("skurling/miniatures", check_miniatures, "core/roster-size", "Five miniatures; in a league up to ten, five fielded."),
    TeamCheck("skurling/staff", check_staff_and_sidelines, "core/staff", "No Blood Bowl staff; sidelines known, one of each."),
    TeamCheck(
        "skurling/sideline-budget",
        check_sideline_budget,
        description="At building, sidelines within their own budget (later ones come from the Treasury).",
        stages=frozenset({DRAFT}),
    ),
    TeamCheck("skurling/banned-positions", check_banned_positions, description="No Secret Weapons; No Ball never the Cuddler."),
    TeamCheck("skurling/roles", check_roles, "core/roles", "Known roles, each as many times as it counts."),
    TeamCheck("skurling/stooge", check_stooge_and_thrower, description="One Right Stuff Stooge; a Whacker with Throw Team-mate."),
    TeamCheck("skurling/reroll-price", check_reroll_price, description="Re-rolls need a Goon, whose roster prices them."),
    TeamCheck(
        "skurling/declared-roster",
        check_declared_roster,
        description="At building, a declared roster is the one the Goon is taken from.",
        stages=frozenset({DRAFT}),
    ),
)


# -- cost and Team Value ---------------------------------------------------------------


def skurling_valuation(ruleset: Ruleset, team: Team) -> TeamValuation:
    """Cost from the team budget, and Team Value.

    Cost: every miniature at its Blood Bowl cost, the team re-rolls at the Goon's
    roster's price (nothing when there is no Goon: the checks report it) and the
    inducements. Sidelines are paid from their own budget (:func:`~bbcore_skurling.sidelines.sideline_cost`)
    and are not part of it.

    Team Value: the miniatures that do not miss the next match, each at its value with
    its advancements, plus the re-rolls. Inducements and sidelines never count. The
    current Team Value is the same number: Skurling's TV already leaves out the
    miniatures that miss the next match.
    """
    items: list[CostItem] = []
    for player in team.players:
        position = player_position(ruleset, player)
        value = player_value(ruleset, player) if player.available else 0
        items.append(CostItem(f"{player.name} ({player.position})", position.cost if position is not None else 0, value))
    if team.rerolls:
        price = reroll_price(ruleset, team)
        label = f"{team.rerolls} team re-roll(s)" + (" (no Goon: price unknown)" if price is None else "")
        total = team.rerolls * (price or 0)
        items.append(CostItem(label, total, total))
    for order in team.inducements:
        inducement = ruleset.inducements.get(order.id)
        if inducement is not None:
            items.append(CostItem(f"{order.count} x {inducement.name}", order.count * order_price(ruleset, team, inducement, order), 0))
    cost = sum(item.cost for item in items)
    team_value = sum(item.value for item in items)
    return TeamValuation(cost, team_value, team_value, tuple(items))


def unspent_gold(ruleset: Ruleset, team: Team) -> int:
    """Gold left from the team budget: lost in a one-off, the starting Treasury in a league (never below 0)."""
    budget = team.budget if team.budget is not None else ruleset.parameters.draft_budget
    return max(0, budget - skurling_valuation(ruleset, team).cost)


#: The kinds of match that buy inducements at building only: no Petty Cash (nor, as in any game outside a league, Treasury).
NO_PETTY_CASH = ("first-match", "throwback")


def league_parameters(options: Mapping[str, str], rules_files: Mapping[str, Any]) -> Mapping[str, object] | None:
    """The parameters a kind of match changes. Under ``match=league``: the league start budget and roster size, no
    inducements at building, and Treasury gold for inducements before a match (the one-off default has no Treasury). At
    a first match or a Throwback Night: no Petty Cash. Else None."""
    if options.get(MATCH_OPTION) in NO_PETTY_CASH:
        return {"petty_cash": {"given": False}}
    if not is_league(options):
        return None
    league = rules_files[RULES_ID].league
    return {
        "draft_budget": league.budget,
        "roster": {"max": league.roster_max},
        "inducements_in_draft": False,
        "petty_cash": {"from_treasury": True},
    }


__all__ = [
    "LEAGUE",
    "MATCH_OPTION",
    "SKURLING_CHECKS",
    "check_banned_positions",
    "check_declared_roster",
    "check_miniatures",
    "check_positions",
    "check_reroll_price",
    "check_roles",
    "check_staff_and_sidelines",
    "check_stooge_and_thrower",
    "declare_goon_roster",
    "fielded",
    "goon_roster",
    "is_league",
    "league_parameters",
    "player_skills",
    "reroll_price",
    "skurling_valuation",
    "unspent_gold",
]
