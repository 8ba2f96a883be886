"""A game's results written into a team file: what one game leaves on a team's record for the next.

A team file (:class:`~bbcore.model.team.Team`) holds a team's league career; a game's
state holds what happened in one game. :func:`team_after_game` carries the one into the
other, as a league commissioner would on the team's roster sheet:

- each player who took part adds the Star Player Points he earned (``GameState.spp``,
  so after the ``player-advancement`` step with the MVP's award); spending them stays the
  coach's choice;
- a player whose casualty results (``PlayerState.casualty_results``) kill him leaves the
  team; the others take what the casualty table's effects say: a missed next game, a
  Niggling Injury, and each lasting injury rolled (``PlayerState.lasting_injuries``),
  unless it finds the characteristic already at its worst, which the rules turn into a
  missed game alone (:func:`bbcore.teams.profiles.with_lasting_injury`);
- skills gained for good after the game (Getting Even's, ``GameState.gained_skills``)
  join the player's ``gained_skills``, and a player told to miss the next game for another
  reason than a Casualty (``GameState.missing_next_game``) misses it;
- a player who missed this game has served it: his ``miss_next_game`` is cleared;
- the players who quit the team when it conceded (:func:`quitters`) leave it;
- the team's Treasury and Dedicated Fans are the game's.

Nothing is hired or fired: Journeymen, players raised by Masters of Undeath or Plague
Ridden, and hired Star Players stay off the file unless the coach hires them at the
``hiring-and-firing`` step, which offers him this team and keeps it when he changes nothing.
After a friendly game the file is left as it was, so a player due to miss a game still
misses the next one (see :mod:`bbcore.rules.friendly`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.errors import UsageError
from bbcore.rules.injury import CASUALTY_ROLE, is_dead
from bbcore.teams.profiles import game_player_id, with_lasting_injury
from bbcore.teams.valuation import staff_count

if TYPE_CHECKING:
    from bbcore.model.common import Effect
    from bbcore.model.team import Team, TeamPlayer
    from bbcore.rules.board import PlayerState
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The staff entry of a team file that holds its Dedicated Fans.
DEDICATED_FANS = "dedicated-fans"


def quitters(state: GameState, team_id: str) -> list[TeamPlayer]:
    """The players of the team's file who quit it when it conceded (see :mod:`bbcore.rules.concession`); none once the
    file carries the game's results (``GameState.results_written``), which took them off."""
    conceded, team_file = state.conceded, state.team(team_id).team
    if conceded is None or conceded.team != team_id or team_file is None or team_id in state.results_written:
        return []
    return [team_file.players[index] for index in conceded.quit if index < len(team_file.players)]


def dead_players(ruleset: Ruleset, state: GameState, team_id: str) -> frozenset[tuple[str, str]]:
    """Who of the team's file, as it came to the game (name and position), died in it."""
    team_file = state.team(team_id).team
    if team_file is None or team_id in state.results_written:
        return frozenset()
    return frozenset(
        player.identity
        for index, player in enumerate(team_file.players)
        if (in_game := state.board.players.get(game_player_id(team_id, index))) is not None and is_dead(ruleset, in_game)
    )


def team_after_game(ruleset: Ruleset, state: GameState, team_id: str) -> Team:
    """The team's file with this game's results written in (see the module); the team must have come with one.

    Call it once the post-game steps that change the results have run (SPP, Dedicated Fans,
    Getting Even); the ``hiring-and-firing`` step does so itself, and notes it
    (``GameState.results_written``): from then on the file is handed back as it is, since
    it carries them already (the players it matches to the game's are those it came with).
    """
    team = state.team(team_id)
    before = team.team
    if before is None:
        raise UsageError(f"team {team_id!r} came to the game without a team file: there is none to write its results into")
    if state.friendly or team_id in state.results_written:
        return before
    gone = {player.identity for player in quitters(state, team_id)} | dead_players(ruleset, state, team_id)
    players: list[TeamPlayer] = []
    for index, player in enumerate(before.players):
        if player.identity in gone:
            continue
        game_id = game_player_id(team_id, index)
        in_game = state.board.players.get(game_id)
        if in_game is None:
            # He sat this game out: a missed game is served (a retired player stays retired).
            players.append(attrs.evolve(player, miss_next_game=False))
            continue
        players.append(_after_game(ruleset, state, player, in_game))
    fans = staff_count(before.staff.get(DEDICATED_FANS, ruleset.parameters.dedicated_fans.start))
    staff = before.staff if fans == team.dedicated_fans else {**before.staff, DEDICATED_FANS: team.dedicated_fans}
    return attrs.evolve(before, players=tuple(players), treasury=team.treasury, staff=staff)


def _after_game(ruleset: Ruleset, state: GameState, player: TeamPlayer, in_game: PlayerState) -> TeamPlayer:
    """One player's record after the game he took part in (or was on the team's roster for)."""
    effects = _casualty_effects(ruleset, in_game.casualty_results)
    player = attrs.evolve(
        player,
        spp=player.spp + state.spp.get(in_game.id, 0),
        miss_next_game=in_game.id in state.missing_next_game or any(effect.miss_next_game for effect in effects),
        niggling_injuries=player.niggling_injuries + sum(1 for effect in effects if effect.niggling_injury),
        gained_skills=(*player.gained_skills, *state.gained_skills.get(in_game.id, ())),
    )
    for injury in in_game.lasting_injuries:
        player = with_lasting_injury(ruleset, player, injury)
    return player


def _casualty_effects(ruleset: Ruleset, results: tuple[str, ...]) -> list[Effect]:
    rows = {row.id: row for row in ruleset.table(CASUALTY_ROLE).rows}
    return [effect for result in results if result in rows for effect in rows[result].effects]


__all__ = ["DEDICATED_FANS", "dead_players", "quitters", "team_after_game"]
