"""The core's ``play`` option: where inducements are bought in League Play and in Exhibition (or Matched) Play."""

from __future__ import annotations

import attrs
import pytest

import bbcore
from bbcore.errors import UsageError
from bbcore.model.team import InducementOrder, Team
from bbcore.rules.off_season import redraft_cost, redraft_problems
from bbcore.rules.pregame import inducement_budget
from bbcore.ruleset import Ruleset
from bbcore.teams.checks import DRAFT, INDUCEMENTS_NOT_ALLOWED, LEAGUE, check_team


def starter(ruleset: Ruleset) -> Team:
    return next(ref.team for ref in ruleset.team_files if ref.id == "human-starter")


def codes(ruleset: Ruleset, team: Team, stage: str = DRAFT) -> list[str]:
    return [found.code for found in check_team(ruleset, team, stage=stage).problems]


def with_kegs(team: Team) -> Team:
    return attrs.evolve(team, inducements=(InducementOrder("blitzers-best-kegs", 1),))


def test_exhibition_and_any_buy_inducements_with_the_team_league_play_does_not() -> None:
    for play, allowed in (("any", True), ("exhibition", True), ("league", False)):
        ruleset = bbcore.load_ruleset(options={"play": play})
        assert (INDUCEMENTS_NOT_ALLOWED not in codes(ruleset, with_kegs(starter(ruleset)))) is allowed, play


def test_in_league_play_a_star_player_does_not_make_up_the_eleven() -> None:
    for play, short in (("exhibition", False), ("league", True)):
        ruleset = bbcore.load_ruleset(options={"play": play})
        team = starter(ruleset)
        ten = attrs.evolve(team, players=team.players[: ruleset.parameters.roster.min - 1])
        star = ruleset.inducements["star-players"]
        assert star.hire is not None
        assert ("too-few-players" in codes(ruleset, ten)) is True
        stars = attrs.evolve(ten, inducements=(InducementOrder("star-players", 1),))
        assert ("too-few-players" in codes(ruleset, stars)) is short, play


def test_exhibition_play_gives_no_petty_cash_before_a_game() -> None:
    exhibition = bbcore.load_ruleset(options={"play": "exhibition"})
    league = bbcore.load_ruleset(options={"play": "league"})
    assert inducement_budget(exhibition, 900_000, 100_000, 1_100_000).total == 0
    behind = inducement_budget(league, 900_000, 100_000, 1_100_000)
    assert (behind.petty_cash, behind.treasury) == (200_000, league.parameters.petty_cash.treasury_top_up_max)


def test_a_team_in_league_play_or_re_drafted_holds_no_inducements(core: Ruleset) -> None:
    team = starter(core)
    assert INDUCEMENTS_NOT_ALLOWED not in codes(core, team, LEAGUE)
    assert codes(core, with_kegs(team), LEAGUE).count(INDUCEMENTS_NOT_ALLOWED) == 1
    kegs = with_kegs(team)
    found = [p.code for p in redraft_problems(core, team, kegs, redraft_cost(core, team, kegs) + 100_000)]
    assert found.count(INDUCEMENTS_NOT_ALLOWED) == 1
    league = bbcore.load_ruleset(options={"play": "league"})
    found = [p.code for p in redraft_problems(league, team, kegs, redraft_cost(league, team, kegs) + 100_000)]
    assert found.count(INDUCEMENTS_NOT_ALLOWED) == 1  # said once, not by both checks


def test_skurling_keeps_its_own_match_option() -> None:
    with pytest.raises(UsageError, match="match option"):
        bbcore.load_ruleset("skurling", options={"play": "league"})
