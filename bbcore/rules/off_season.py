"""The Off-season Break (league play): what happens to a team its coach re-drafts for the next season.

As the season ends, :func:`season_end` hands the League Trophy to the champion and counts
the season for each player who took part (``TeamPlayer.seasons``, which the re-draft's
agent's fees read).

Three steps, in order, on the team file (``league.off_season`` gives the figures):

1. :func:`rest_and_relaxation`: players missing their next game recover; each Niggling
   Injury heals on a roll (better with an Apothecary on the team); each Hatred a player
   gained (Getting Even's skill, in ``gained_skills``; never his position's own) may fade;
   each characteristic reduction of a Temporarily Retiring player may heal.
2. :func:`redraft_budget`: a base sum, the Treasury, and gold for the fixtures of the
   season played, won and drawn, up to a cap.
3. Re-draft Team: the coach drafts the team afresh under the draft rules, within that
   budget. Staff and re-rolls carried over cost what they cost at a draft; a player
   re-hired costs his Current Value plus an agent's fee for each season he took part in
   before (``TeamPlayer.seasons``: :func:`rehire_price`), and comes back whole.
   :func:`redraft_problems` checks the new team file against the old one. A Temporarily
   Retiring player who is not re-hired retires for good.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import Problem, UsageError
from bbcore.model.parameters import required
from bbcore.rules.events import Event
from bbcore.teams.checks import (
    DRAFT,
    INDUCEMENTS_NOT_ALLOWED,
    OVER_BUDGET,
    TREASURY_PAST_BUDGET,
    budget_problems,
    check_league_inducements,
    check_team,
    locate_problems,
)
from bbcore.teams.problems import problem
from bbcore.teams.valuation import hiring_fee, player_value, staff_count, value_team

if TYPE_CHECKING:
    from collections.abc import Iterable

    from bbcore.loading.yaml_source import YamlDocument
    from bbcore.model.parameters import OffSeasonRules
    from bbcore.model.team import Team, TeamPlayer
    from bbcore.ruleset import Ruleset

#: The kinds of the events of Rest & Relaxation.
RECOVERED = "recovered"
NIGGLING_INJURY = "niggling-injury"
HATRED_FADES = "hatred-fades"
REDUCTION_HEALS = "reduction-heals"
#: The kind of the event that gives the re-draft budget.
REDRAFT_BUDGET = "redraft-budget"
#: The staff whose presence on the team helps its players heal.
APOTHECARY = "apothecary"


def season_end(team: Team, *, champion: bool, took_part: Iterable[str]) -> Team:
    """The team file as the season ends: the League Trophy held by the champion alone, and one more season for each
    player named in ``took_part`` (by name: those who played a game of it). Raises
    :class:`~bbcore.errors.UsageError` for a name the file does not hold, or given twice."""
    names = list(took_part)
    on_file = {player.name for player in team.players}
    unknown = sorted({name for name in names if name not in on_file})
    if unknown:
        raise UsageError(f"{team.name} has no player named {', '.join(repr(n) for n in unknown)}")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise UsageError(f"a player takes part in a season once; {', '.join(repr(n) for n in twice)} named twice")
    played = set(names)
    players = tuple(attrs.evolve(p, seasons=p.seasons + 1) if p.name in played else p for p in team.players)
    return attrs.evolve(team, players=players, league_trophy=champion)


def off_season_rules(ruleset: Ruleset) -> OffSeasonRules:
    """The league's Off-season Break; a ruleset without it (``league.off_season``) has none."""
    return required(ruleset.parameters.league.off_season, "league.off_season", "Off-season Break")


def rest_and_relaxation(ruleset: Ruleset, team: Team, dice: DiceSource) -> tuple[Team, tuple[Event, ...]]:
    """The team file after Rest & Relaxation (see the module), with an event per player recovered and per roll."""
    rest = off_season_rules(ruleset).rest
    bonus = rest.apothecary_bonus if staff_count(team.staff.get(APOTHECARY)) else 0
    hatred = ruleset.parameters.getting_even.skill
    events: list[Event] = []
    players: list[TeamPlayer] = []

    def heals(who: str, kind: str, what: str) -> bool:
        rolls = roll_dice(dice, rest.dice)
        healed = sum(rolls) + bonus >= rest.heals_on
        events.append(Event(kind, who, rolls, "healed" if healed else "remains", {"injury": what, "modifier": bonus}))
        return healed

    for player in team.players:
        changes: dict[str, Any] = {}
        if player.miss_next_game:
            changes["miss_next_game"] = False
            events.append(Event(RECOVERED, player.name, (), "ready"))
        if player.niggling_injuries:
            changes["niggling_injuries"] = sum(
                1 for _ in range(player.niggling_injuries) if not heals(player.name, NIGGLING_INJURY, "niggling-injury")
            )
        kept = []
        for gained in player.gained_skills:
            if gained.id == hatred:
                rolls = roll_dice(dice, rest.dice)
                fades = sum(rolls) >= rest.fades_on
                events.append(Event(HATRED_FADES, player.name, rolls, "faded" if fades else "kept", {"keyword": gained.value}))
                if fades:
                    continue
            kept.append(gained)
        if len(kept) != len(player.gained_skills):
            changes["gained_skills"] = tuple(kept)
        if player.temporarily_retired and player.lasting_injuries:
            changes["lasting_injuries"] = tuple(
                injury for injury in player.lasting_injuries if not heals(player.name, REDUCTION_HEALS, injury)
            )
        players.append(attrs.evolve(player, **changes) if changes else player)
    return attrs.evolve(team, players=tuple(players)), tuple(events)


def redraft_budget(ruleset: Ruleset, treasury: int, played: int, won: int, drawn: int) -> tuple[int, Event]:
    """Raise Funds: the re-draft budget from the Treasury left and the season's fixtures, held at the cap."""
    funds = off_season_rules(ruleset).funds
    if min(treasury, played, won, drawn) < 0 or won + drawn > played:
        raise UsageError(
            f"no season has {played} fixtures with {won} won and {drawn} drawn, and a Treasury of {treasury}: the fixtures won "
            "and drawn are among those played, and none of them is below 0"
        )
    raised = funds.base + treasury + played * funds.per_fixture + won * funds.per_win + drawn * funds.per_draw
    budget = raised if funds.cap is None else min(raised, funds.cap)
    detail = {"raised": raised, "cap": funds.cap, "treasury": treasury, "played": played, "won": won, "drawn": drawn}
    return budget, Event(REDRAFT_BUDGET, None, (), str(budget), detail)


def rehire_price(ruleset: Ruleset, player: TeamPlayer) -> int:
    """What re-hiring a player at a re-draft costs: his Current Value plus the agent's fee for each earlier season."""
    return player_value(ruleset, player) + player.seasons * off_season_rules(ruleset).agent_fee_per_season


def _career(player: TeamPlayer) -> tuple[object, ...]:
    """What a re-hired player brings back with him, all of it."""
    return (player.advancements, player.spp, player.niggling_injuries, player.lasting_injuries, player.gained_skills, player.captain)


def redraft_cost(ruleset: Ruleset, before: Team, after: Team) -> int:
    """What the re-drafted team file ``after`` costs: a draft's cost, with each player of ``before`` it re-hires
    priced by :func:`rehire_price` instead of his Hiring Fee."""
    cost = value_team(ruleset, after).cost
    for player in after.players:
        if any(player.identity == old.identity for old in before.players):
            cost += rehire_price(ruleset, player) - hiring_fee(ruleset, player)
    return cost


def redraft_problems(ruleset: Ruleset, before: Team, after: Team, budget: int, document: YamlDocument | None = None) -> tuple[Problem, ...]:
    """Everything wrong with a re-drafted team file: the draft's checks (its budget check replaced by ``budget``,
    against :func:`redraft_cost`), a Treasury larger than the budget leaves, and each re-hired player not copied
    whole from ``before``. With the new file's ``document``, each problem gives its file, line and column."""
    budget_codes = (OVER_BUDGET, TREASURY_PAST_BUDGET)
    problems = [found for found in check_team(ruleset, after, stage=DRAFT).problems if found.code not in budget_codes]
    # A re-draft is League Play, whatever the ruleset's kind of play: no inducements come with the team.
    if not any(found.code == INDUCEMENTS_NOT_ALLOWED for found in problems):
        problems.extend(check_league_inducements(ruleset, after))
    cost = redraft_cost(ruleset, before, after)
    problems.extend(budget_problems(cost, budget, after.treasury, team="the re-drafted team", budget_name="the re-draft budget"))
    for index, player in enumerate(after.players):
        old = next((p for p in before.players if p.identity == player.identity), None)
        if old is not None and _career(old) != _career(player):
            message = f"{player.name} is re-hired as he was: advancements, SPP, injuries and gained skills"
            problems.append(problem("changed-on-rehire", message, "players", index))
    return tuple(locate_problems(problems, document))


__all__ = [
    "HATRED_FADES",
    "NIGGLING_INJURY",
    "RECOVERED",
    "REDRAFT_BUDGET",
    "REDUCTION_HEALS",
    "off_season_rules",
    "redraft_budget",
    "redraft_cost",
    "redraft_problems",
    "rehire_price",
    "rest_and_relaxation",
    "season_end",
]
