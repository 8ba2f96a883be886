"""The post-game sequence of league play, as steps over the game's final state.

After a friendly game (``GameState.friendly``, see :mod:`bbcore.rules.friendly`) the
outcome is recorded without League Points or winnings, the game's SPP are dropped, and
every other step leaves the teams as they were (:func:`left_alone`).

Each step is a procedure ``(ruleset, state, dice, decisions) -> (state, events)``
registered by the core under its step id. The money, fans and Star Player Points
come from :mod:`bbcore.rules.league`; these steps only feed them the game's figures
and keep the results. Teams go in the order home, away.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource
from bbcore.errors import PluginError, UsageError
from bbcore.render.text import money
from bbcore.rules.board import Status
from bbcore.rules.concession import NOT_PLAYED, UNPLAYED
from bbcore.rules.decisions import Decisions, IllegalAnswerError, checked_choices
from bbcore.rules.events import Event
from bbcore.rules.friendly import FRIENDLY
from bbcore.rules.game_results import DEDICATED_FANS, dead_players, quitters, team_after_game
from bbcore.rules.getting_even import getting_even_step
from bbcore.rules.injury import CASUALTY_ROLE, is_dead
from bbcore.rules.league import (
    ADVANCEMENT_COSTS,
    CHARACTERISTIC_KIND,
    advancement_cost,
    choose_mvp,
    expensive_mistake,
    fans_lost_by_conceding,
    league_points,
    spp_for,
    unplayed_winnings,
    update_dedicated_fans,
    winnings,
)
from bbcore.rules.sequences import GameState, StepProcedure
from bbcore.teams.checks import LEAGUE, check_team
from bbcore.teams.hiring import hiring_cost
from bbcore.teams.profiles import LASTING_INJURY, game_player_id, is_captain
from bbcore.teams.valuation import staff_count, value_team

if TYPE_CHECKING:
    from bbcore.model.team import Team, TeamPlayer
    from bbcore.ruleset import Ruleset

#: The row of the SPP awards table for the Most Valuable Player.
MVP_AWARD = "most-valuable-player"

StepResult = tuple[GameState, tuple[Event, ...]]


def left_alone(state: GameState, step: str) -> StepResult:
    """A post-game step after a friendly game (``GameState.friendly``): nothing changes (event ``friendly``, the step's
    id as its result)."""
    return state, (Event(FRIENDLY, None, (), step),)


def result_for(state: GameState, team_id: str) -> str:
    """``win``, ``draw`` or ``loss`` for one team, from the score; a level game settled by a penalty shoot-out
    (``GameState.shoot_out_winner``, see :mod:`bbcore.rules.extra_time`) is won by the shoot-out's winner, and a
    fixture not played (``GameState.not_played``) is lost by both."""
    if state.not_played:
        return "loss"
    own, other = state.team(team_id).score, state.opponent(team_id).score
    if own == other and state.shoot_out_winner is not None:
        return "win" if state.shoot_out_winner == team_id else "loss"
    return "win" if own > other else "loss" if own < other else "draw"


def record_outcome_and_winnings(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Record each team's result, touchdowns, Casualties and League Points, and add its winnings to its Treasury.

    Winnings come from :func:`bbcore.rules.league.winnings` (both Fan Factors, the
    team's touchdowns, whether it stalled), League Points from
    :func:`bbcore.rules.league.league_points`. A team that conceded with the penalty
    (``GameState.conceded``) collects nothing, and its opponent the concession's winnings.
    A friendly game (``GameState.friendly``) earns neither League Points nor winnings. After
    a fixture conceded unplayed, the conceding team collects nothing and its opponent
    :func:`bbcore.rules.league.unplayed_winnings`. A fixture lost by both unplayed
    (``GameState.not_played``) earns neither team any winnings.
    """
    events: list[Event] = []
    penalised, unplayed = _penalised(state), _unplayed(state)
    for team in state.teams:
        other = state.opponent(team.id)
        result = result_for(state, team.id)
        points = 0 if state.friendly else league_points(ruleset, result, team.score, other.score, team.casualties_caused)
        events.append(
            Event(
                "outcome",
                team.id,
                result=result,
                detail={
                    "touchdowns_for": team.score,
                    "touchdowns_against": other.score,
                    "casualties_caused": team.casualties_caused,
                    "league_points": points,
                    "friendly": state.friendly,
                },
            )
        )
        if state.friendly or state.not_played or team.id in (penalised, unplayed):
            reason = FRIENDLY if state.friendly else NOT_PLAYED if state.not_played else "conceded" if penalised == team.id else UNPLAYED
            events.append(Event("winnings", team.id, result=reason, detail={"gold": 0}))
            continue
        if unplayed == other.id:
            gold, gold_events = unplayed_winnings(ruleset, dice, who=team.id)
            events.extend(gold_events)
            state = state.update_team(team.id, treasury=team.treasury + gold)
            continue
        gold, gold_events = winnings(
            ruleset, team.fan_factor, other.fan_factor, team.score, team.stalled, who=team.id, conceded=penalised == other.id
        )
        events.extend(gold_events)
        state = state.update_team(team.id, treasury=team.treasury + gold)
    return state, tuple(events)


def dedicated_fans(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Each team's Dedicated Fans after the result: :func:`bbcore.rules.league.update_dedicated_fans`, or for a team
    that conceded with the penalty :func:`bbcore.rules.league.fans_lost_by_conceding`."""
    if state.friendly:
        return left_alone(state, "dedicated-fans")
    events: list[Event] = []
    for team in state.teams:
        if _penalised(state) == team.id:
            fans, fan_events = fans_lost_by_conceding(ruleset, team.dedicated_fans, dice, who=team.id)
        else:
            fans, fan_events = update_dedicated_fans(ruleset, team.dedicated_fans, result_for(state, team.id), dice, who=team.id)
        events.extend(fan_events)
        state = state.update_team(team.id, dedicated_fans=fans)
    return state, tuple(events)


def player_advancement(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Each team's MVP, then every player's Star Player Points for the game.

    The coach nominates players who took part (``GameState.played``), hired players who
    may never be the MVP left out (``PlayerState.spp_earned``), through
    ``Decisions.mvp_nominees``; :func:`bbcore.rules.league.choose_mvp` picks one, who
    earns the MVP award of the SPP table (:func:`bbcore.rules.league.spp_for`, with the
    team's special rules). A team with no player who took part has no MVP. Spending
    SPP on advancements is the coach's choice, made on the team file: the step records
    each player's SPP for the game and rolls nothing more; a hired player who earns only
    the MVP award, or nothing, keeps no other SPP.

    After a concession with the penalty (``GameState.conceded``) the conceding team
    awards no MVP (event ``mvp``, result ``conceded``) and its opponent awards
    ``league.concession.extra_mvps`` more, each by the same nomination and die. After a
    fixture conceded unplayed, the conceding team names none either, and its opponent
    names ``league.concession.unplayed.mvps`` from all its players, as nobody took part.
    A fixture lost by both unplayed (``GameState.not_played``) names no MVP (result
    :data:`~bbcore.rules.concession.NOT_PLAYED`).
    """
    if state.friendly:
        # No SPP of any kind: the game's are dropped, and nobody is named the MVP.
        return attrs.evolve(state, spp={}), left_alone(state, "player-advancement")[1]
    events: list[Event] = []
    board = state.board
    penalised, unplayed = _penalised(state), _unplayed(state)
    concession = ruleset.parameters.league.concession
    # A hired player who earns only the MVP award, or nothing at all (a Star Player), keeps no other SPP.
    spp = {pid: points for pid, points in state.spp.items() if pid not in board.players or board.player(pid).spp_earned == "all"}
    for team in state.teams:
        other = state.opponent(team.id).id
        took_part = sorted(pid for pid in state.played if pid in board.players and board.player(pid).team == team.id)
        if unplayed == other:
            took_part = sorted(p.id for p in board.team_players(team.id))  # nobody played: every player may be named
        players = [pid for pid in took_part if board.player(pid).spp_earned != "none"]
        awards = 1
        if concession is not None and penalised == other:
            awards += concession.extra_mvps
        elif concession is not None and unplayed == other:
            awards = concession.unplayed.mvps
        if state.not_played:
            events.append(Event("mvp", team.id, result=NOT_PLAYED))
        elif team.id in (penalised, unplayed):
            events.append(Event("mvp", team.id, result="conceded"))
        elif players:
            # Six nominees (the parameter), or everyone who took part when fewer did: no coach narrows the die.
            count = min(ruleset.parameters.league.mvp.nominees, len(players))
            for _ in range(awards):
                answer = decisions.mvp_nominees(team.id, players, count)
                nominees = checked_choices(answer, players, count, question="mvp-nominees", who=team.id, fewest=count)
                mvp, mvp_events = choose_mvp(ruleset, nominees, dice, who=team.id)
                events.extend(mvp_events)
                spp[mvp] = spp.get(mvp, 0) + spp_for(ruleset, MVP_AWARD, team.special_rules)
        else:
            events.append(Event("mvp", team.id, result="nobody-took-part"))
        for pid in took_part:
            if spp.get(pid):
                events.append(Event("star-player-points", pid, result=str(spp[pid]), detail={"team": team.id, "earned": spp[pid]}))
    return attrs.evolve(state, spp=spp), tuple(events)


def hiring_and_firing(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Each coach hires, fires and retires (``Decisions.team_after_hiring``); nothing is rolled.

    The coach is shown his team's file with the game's results written in
    (:func:`bbcore.rules.game_results.team_after_game`: SPP, injuries, the dead and those
    who quit gone, Treasury and Dedicated Fans) and its Treasury now, and answers with the
    team as it goes on (or None: that team as it is). The answer becomes the team's file
    (``TeamState.team``, valued again at the next fixture) and its ``treasury`` the team's
    Treasury, so the Expensive Mistakes that follow see what is left. An answer that
    undoes a result of the game (a missed game, an injury, a skill gained, SPP other than
    those spent on new advancements) or keeps a dead player, that spends more than the
    Treasury, is not a legal team in league play
    (:func:`bbcore.teams.checks.check_team`, ``stage="league"``), or drops the Team
    Captain while he is neither dead nor lowered by a lasting injury, that holds fewer team
    re-rolls than the team had, that fires a player who could play the next game (one left
    off who neither died nor quit) so that fewer than ``players_on_pitch`` are eligible for
    it, that marks a player Temporarily Retiring without a lasting injury in this game
    (or brings back one who retired), or that pays less than its changes cost
    (:func:`bbcore.teams.hiring.hiring_cost`: new players at their Current Value, re-rolls
    at the price after the draft, staff; the players Masters of Undeath raised come free;
    plus any plugin's ``bbcore_hiring_surcharges``), raises
    :class:`~bbcore.rules.decisions.IllegalAnswerError` with every problem. The step runs
    once a game: run again (``GameState.results_written``), it raises
    :class:`~bbcore.errors.UsageError`.

    The event records, for each team, its casualties (those in the Casualty box), the
    casualty results standing against its players (``results``, by player, wherever the
    player ended the game: a result healed for the game alone still applies), the Dead
    among them, who leave the team, the Journeymen who played, whom the team may
    now hire for good, and the players Masters of Undeath raised (``raised``), whom it may
    keep without paying their Hiring Fee. After a concession with the penalty it names the
    team file's players who quit (``quit``), whom the answer may not keep.
    """
    if state.friendly:
        return left_alone(state, "hiring-and-firing")
    done = sorted(state.results_written)
    if done:
        # The checks below match the game's players to the file the team came with: it is gone once written.
        raise UsageError(f"the hiring step has run already for {', '.join(done)}: the team file carries the game's results")
    events: list[Event] = []
    for team in state.teams:
        own = list(state.board.team_players(team.id))
        casualties = sorted(p.id for p in own if p.status is Status.CASUALTY)
        journeymen = sorted(p.id for p in own if p.id in state.journeymen)
        raised = sorted(p.id for p in own if p.id in state.raised)
        gone = quitters(state, team.id)
        hurt = sorted((p for p in own if p.casualty_results), key=lambda p: p.id)
        detail: dict[str, object] = {
            "casualties": casualties,
            "results": {p.id: list(p.casualty_results) for p in hurt},
            "dead": [p.id for p in hurt if is_dead(ruleset, p)],
            "journeymen": journeymen,
            "raised": raised,
            "quit": [player.name for player in gone],
            "treasury": team.treasury,
        }
        recorded = team_after_game(ruleset, state, team.id) if team.team is not None else None
        after = decisions.team_after_hiring(team.id, recorded, team.treasury)
        if after is None:
            if recorded is not None:
                state = attrs.evolve(state.update_team(team.id, team=recorded), results_written=state.results_written | {team.id})
            events.append(Event("hiring-and-firing", team.id, result="recorded", detail=detail))
            continue
        kept = [
            f"{player.name} quit the team when it conceded and may not stay on it"
            for player in gone
            if any(p.identity == player.identity for p in after.players)
        ]
        found = [*_captain_kept(ruleset, state, team.id, after, quit_=gone), *kept]
        cost = None
        if recorded is not None:
            found.extend(_results_undone(ruleset, state, team.id, recorded, after))
            found.extend(_firing_problems(ruleset, state, team.id, recorded, after))
            free = [position for pid in raised if (position := state.board.player(pid).position) is not None]
            cost = hiring_cost(ruleset, recorded, after, free_positions=free)
            cost = cost.plus(_surcharges(ruleset, state, team.id, cost.hired))
            spent = team.treasury - after.treasury
            if spent < cost.gold:
                bought = ", ".join(f"{label} {money(gold)}" for label, gold in cost.items)
                found.append(f"its changes cost {money(cost.gold)} ({bought}); the Treasury went down by {money(spent)} only")
        _check_hiring(ruleset, team.id, after, team.treasury, found)
        state = state.update_team(team.id, team=after, treasury=after.treasury)
        if recorded is not None:
            state = attrs.evolve(state, results_written=state.results_written | {team.id})
        detail.update(spent=team.treasury - after.treasury, left=after.treasury)
        if cost is not None:
            detail["cost"] = cost.gold
        events.append(Event("hiring-and-firing", team.id, result="changed", detail=detail))
    return state, tuple(events)


def _surcharges(ruleset: Ruleset, state: GameState, team_id: str, hired: tuple[TeamPlayer, ...]) -> list[tuple[str, int]]:
    """Every plugin's ``bbcore_hiring_surcharges`` items, each checked to be a label and a whole number of gold."""
    items: list[tuple[str, int]] = []
    for answer in ruleset.hook.bbcore_hiring_surcharges(ruleset=ruleset, state=state, team_id=team_id, hired=hired):
        for item in answer or ():
            if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str) and type(item[1]) is int and item[1] >= 0):
                raise PluginError(
                    f"a plugin's bbcore_hiring_surcharges gave {item!r}, not a (label, gold) pair of a text and a whole number"
                )
            items.append(item)
    return items


def _penalised(state: GameState) -> str | None:
    """The team that conceded the game with the penalty, if one did."""
    conceded = state.conceded
    return conceded.team if conceded is not None and conceded.penalty else None


def _unplayed(state: GameState) -> str | None:
    """The team that conceded the fixture before it was played, if one did."""
    conceded = state.conceded
    return conceded.team if conceded is not None and conceded.unplayed else None


def _results_undone(ruleset: Ruleset, state: GameState, team_id: str, recorded: Team, after: Team) -> list[str]:
    """What the answer undoes of the game's results written in ``recorded``: a dead player kept, or a kept player's
    missed game, injuries or skills gained taken off, or SPP other than those new advancements spent; a new player
    with SPP beyond a kept Journeyman's of the game; or what hiring never buys changed: the Dedicated Fans (only the
    post-game roll moves them) and the League Trophy."""
    dead = dead_players(ruleset, state, team_id)
    found = [f"{player.name} died in the game and leaves the team" for player in after.players if player.identity in dead]
    start = ruleset.parameters.dedicated_fans.start
    fans = [staff_count(team.staff.get(DEDICATED_FANS, start)) for team in (recorded, after)]
    if fans[0] != fans[1]:
        found.append(f"its Dedicated Fans stay at {fans[0]}: only the post-game roll moves them")
    if after.league_trophy != recorded.league_trophy:
        found.append("the League Trophy goes only to the season's champion")
    if set(after.special_rules) != set(recorded.special_rules) or after.league != recorded.league:
        found.append("its league and special-rule choices (an alignment, say) are made at the draft and stay")
    # A new player brings no SPP, but a Journeyman kept may bring those he earned in the game.
    team_players = {p.id for p in state.board.team_players(team_id)}
    earned = max((state.spp.get(pid, 0) for pid in state.journeymen if pid in team_players), default=0)
    identities = {player.identity for player in recorded.players}
    for player in after.players:
        if player.identity not in identities and player.spp > earned:
            found.append(f"{player.name} is new to the team and brings no SPP but a kept Journeyman's of this game ({earned} at most)")
    then = {player.identity: player for player in recorded.players}
    for player in after.players:
        was = then.get(player.identity)
        if was is None:
            continue
        if was.miss_next_game and not (player.miss_next_game or player.temporarily_retired):
            found.append(f"{player.name} misses the next game")
        if player.niggling_injuries < was.niggling_injuries or player.lasting_injuries != was.lasting_injuries:
            found.append(f"{player.name} keeps his injuries: {was.niggling_injuries} Niggling, lasting {list(was.lasting_injuries)}")
        if player.gained_skills[: len(was.gained_skills)] != was.gained_skills:
            found.append(f"{player.name} keeps the skills he gained")
        spent = was.spp - player.spp
        if spent < 0 or spent > _most_spent(ruleset, was, player):
            found.append(f"{player.name} has {was.spp} SPP; only new advancements spend them, at most their price")
    return found


def _most_spent(ruleset: Ruleset, was: TeamPlayer, now: TeamPlayer) -> int:
    """The most SPP the player's new advancements (those ``now`` has beyond ``was``) can cost, each by its kind for
    the advancements he had taken by then: a column of the advancement costs of its name (a Random Primary skill),
    a characteristic improvement's (``characteristic-ma`` and the like), and for a chosen skill the dearer of its
    own and a characteristic improvement's (a skill taken instead of the improvement rolled costs the latter). A
    free one, an inducement's, costs less. A kind no column prices may cost the dearest."""
    columns = [column.id for column in ruleset.table(ADVANCEMENT_COSTS).columns]
    most = 0
    for taken, advancement in enumerate(now.advancements[len(was.advancements) :], start=len(was.advancements)):
        kind = advancement.kind
        if kind.startswith(f"{CHARACTERISTIC_KIND}-") and CHARACTERISTIC_KIND in columns:
            priced = [CHARACTERISTIC_KIND]
        elif kind in columns:
            priced = [kind] if kind.startswith("random-") or CHARACTERISTIC_KIND not in columns else [kind, CHARACTERISTIC_KIND]
        else:
            priced = columns
        try:
            most += max(advancement_cost(ruleset, taken, column) for column in priced)
        except UsageError:
            return was.spp  # past the table (the team checks refuse that): no price to hold him to
    return most


def _firing_problems(ruleset: Ruleset, state: GameState, team_id: str, recorded: Team, after: Team) -> list[str]:
    """What the answer may not do when it lets players go or gives up re-rolls: fire a player eligible for the next
    game (one the ``recorded`` team, the game's results written in, holds and neither misses that game nor retired) so
    that fewer than ``players_on_pitch`` are eligible, hold fewer team re-rolls than the team came with, or retire a
    player (or bring one back) as :func:`_retiring_problems` refuses."""
    before = state.team(team_id).team
    if before is None:
        return []
    found = []
    if after.rerolls < recorded.rerolls:
        found.append(f"it holds {after.rerolls} team re-rolls, fewer than its {recorded.rerolls}: re-rolls are never given up")
    floor = ruleset.parameters.players_on_pitch
    left = Counter(p.identity for p in recorded.players) - Counter(p.identity for p in after.players)
    could_play = {p.identity for p in recorded.players if p.available}
    fired = sorted(name for name, position in left.elements() if (name, position) in could_play)
    # Firing comes before hiring: the players hired in the same answer do not count towards the floor.
    eligible = sum(1 for player in after.players if player.available and player.identity in could_play)
    if fired and eligible < floor:
        found.append(
            f"it fires {', '.join(fired)} with {eligible} players eligible for the next game; no player may be fired below {floor}"
        )
    return [*found, *_retiring_problems(ruleset, state, team_id, before, after)]


def _retiring_problems(ruleset: Ruleset, state: GameState, team_id: str, before: Team, after: Team) -> list[str]:
    """Temporarily Retiring: only a player whose casualty in this game rolled on the lasting injury table may start,
    and one who retired earlier stays retired for the rest of the season."""
    then = {p.identity: (index, p) for index, p in enumerate(before.players)}
    found = []
    for player in after.players:
        index, was = then.get(player.identity, (None, None))
        if was is None or index is None:
            continue
        if was.temporarily_retired and not player.temporarily_retired:
            found.append(f"{player.name} retired for the rest of the season and may not come back before it ends")
        elif player.temporarily_retired and not was.temporarily_retired:
            in_game = state.board.players.get(game_player_id(team_id, index))
            if in_game is None or not _lasting_injury_in(ruleset, in_game.casualty_results):
                found.append(f"{player.name} may retire for the season only after a lasting injury in this game")
    return found


def _captain_kept(ruleset: Ruleset, state: GameState, team_id: str, after: Team, *, quit_: Sequence[TeamPlayer] = ()) -> list[str]:
    """Team Captain: the captain the team came with leaves the roster only dead, with a characteristic lowered by a
    lasting injury (one he had, or one the game gave him), or quitting after his team conceded; while he stays he stays
    the captain, and nobody else is named (a new captain comes only once he has left). What is wrong, if anything."""
    team = state.team(team_id)
    before = team.team
    if before is None:
        return []
    captain = next((p for p in before.players if is_captain(ruleset, p, before)), None)
    if captain is None:
        return []
    staying = next((p for p in after.players if p.identity == captain.identity), None)
    if staying is not None:
        others = [p.name for p in after.players if p.captain and p.identity != captain.identity]
        moved = not staying.captain or others
        return [f"{captain.name} stays the captain while he is on the roster; a new one is named only once he has left"] if moved else []
    in_game = state.board.players.get(team.captain) if team.captain is not None else None
    may_leave = (
        captain.lasting_injuries
        or any(p.identity == captain.identity for p in quit_)
        or (in_game is not None and (is_dead(ruleset, in_game) or _lasting_injury_in(ruleset, in_game.casualty_results)))
    )
    return [] if may_leave else [f"the captain {captain.name} may leave only dead or after a lasting injury lowered a characteristic"]


def _lasting_injury_in(ruleset: Ruleset, results: tuple[str, ...]) -> bool:
    """Whether one of the casualty results (rows of the casualty table) rolls on the lasting injury table."""
    rows = {row.id: row for row in ruleset.table(CASUALTY_ROLE).rows}
    return any(effect.roll_on == LASTING_INJURY for result in results if result in rows for effect in rows[result].effects)


def _check_hiring(ruleset: Ruleset, team_id: str, after: Team, treasury: int, found: list[str]) -> None:
    """The coach's team after hiring: within the Treasury, legal in league play, and with what else was ``found``."""
    problems = [*found, f"its treasury {after.treasury} is below 0"] if after.treasury < 0 else list(found)
    if after.treasury > treasury:
        problems.append(f"its treasury {after.treasury} is more than the {treasury} the team had: hiring and firing bring in no gold")
    problems.extend(str(found) for found in check_team(ruleset, after, stage=LEAGUE).problems)
    if problems:
        raise IllegalAnswerError(f"the team {team_id} after hiring and firing is not allowed: " + "; ".join(problems))


def expensive_mistakes(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Each team's Treasury after :func:`bbcore.rules.league.expensive_mistake` (nothing after a friendly game)."""
    if state.friendly:
        return left_alone(state, "expensive-mistakes")
    events: list[Event] = []
    for team in state.teams:
        treasury, mistake_events = expensive_mistake(ruleset, team.treasury, dice, who=team.id)
        events.extend(mistake_events)
        if team.team is not None and team.team.treasury != treasury:
            state = state.update_team(team.id, team=attrs.evolve(team.team, treasury=treasury))
        state = state.update_team(team.id, treasury=treasury)
    return state, tuple(events)


def prepare_next_fixture(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Each team's Current Team Value for its next fixture.

    A team made from a team file (``TeamState.team``) is valued again through
    :func:`bbcore.teams.value_team`: the coach's hires, fires and advancements belong in
    that file first, and Journeymen not hired are not in it. A team without a file keeps
    its CTV, recorded as unchanged.
    """
    if state.friendly:
        return left_alone(state, "next-fixture")
    events: list[Event] = []
    for team in state.teams:
        if team.team is None:
            events.append(Event("next-fixture", team.id, result="unchanged", detail={"ctv": team.ctv}))
            continue
        valuation = value_team(ruleset, team.team)
        state = state.update_team(team.id, ctv=valuation.current_team_value)
        detail = {"ctv": valuation.current_team_value, "team_value": valuation.team_value, "previous_ctv": team.ctv}
        events.append(Event("next-fixture", team.id, result="revalued", detail=detail))
    return state, tuple(events)


#: The core's procedures for the post-game steps, by step id.
STEPS: dict[str, StepProcedure] = {
    "outcome-and-winnings": record_outcome_and_winnings,
    "dedicated-fans": dedicated_fans,
    "player-advancement": player_advancement,
    "getting-even": getting_even_step,
    "hiring-and-firing": hiring_and_firing,
    "expensive-mistakes": expensive_mistakes,
    "next-fixture": prepare_next_fixture,
}
