"""Conceding a game: the result handed to the opponent, and the penalty the post-game steps then apply."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.model.team import Advancement, Team
from bbcore.rules.concession import CONCESSION_TOUCHDOWN, concede, may_concede_without_penalty
from bbcore.rules.decisions import DefaultDecisions, IllegalAnswerError, ScriptedDecisions
from bbcore.rules.league import spp_for, update_dedicated_fans, winnings
from bbcore.rules.postgame import (
    MVP_AWARD,
    dedicated_fans,
    hiring_and_firing,
    player_advancement,
    record_outcome_and_winnings,
    result_for,
)
from bbcore.rules.sequences import GameState, TeamState, team_state
from bbcore.ruleset import Ruleset
from tests.rules.game_states import away_team, formation, game, home_team, reserves

HUMAN, ORC = "human/human-lineman", "orc/orc-lineman"


def human_file(core: Ruleset) -> Team:
    return next(ref.team for ref in core.team_files if ref.id == "human-starter")


def veterans(core: Ruleset, advancements: tuple[int, ...]) -> Team:
    """The Human starter team with its first players given these many advancements each."""
    team = human_file(core)
    players = list(team.players)
    for index, count in enumerate(advancements):
        players[index] = attrs.evolve(players[index], advancements=(Advancement("random-primary"),) * count)
    return attrs.evolve(team, players=tuple(players))


def mid_game(core: Ruleset, home_score: int = 0, away_score: int = 1, home: TeamState | None = None, **changes: object) -> GameState:
    """Home (fans 4, Fan Factor 4) against away (fans 4, Fan Factor 3), eleven a side on the pitch."""
    home = home or home_team(fan_factor=4, dedicated_fans=4)
    away = away_team(score=away_score, fan_factor=3, dedicated_fans=4)
    return game(core, home=attrs.evolve(home, score=home_score), away=away, **changes)


def test_the_opponent_is_handed_a_two_nil_win_and_the_spp_of_the_touchdowns(core: Ruleset) -> None:
    # Home is down to two players: it may concede without the penalty.
    players = {**reserves("home", HUMAN, 2), **formation("away", ORC)}
    state = game(core, players, home=home_team(score=1), away=away_team(), spp={"home-1": 3, "away-2": 2})
    answers = [("choose-players", ["away-4"]), ("choose-players", ["away-2"])]
    with ScriptedDice([]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        after, events = concede(core, state, "home", dice, decisions, penalty=False)
    awarded = core.parameters.league.concession
    assert awarded is not None
    assert (after.home.score, after.away.score) == (0, awarded.awarded_touchdowns)
    touchdown = spp_for(core, "touchdown")
    # Without the penalty the conceding team keeps its SPP.
    assert after.spp == {"home-1": 3, "away-2": 2 + touchdown, "away-4": touchdown}
    assert (events[0].kind, events[0].who, events[0].result) == ("concession", "home", "without-penalty")
    assert events[0].detail["awarded_touchdowns"] == 2
    assert [(e.kind, e.who) for e in events[1:]] == [("spp-earned", "away-4"), ("spp-earned", "away-2")]
    assert (result_for(after, "home"), result_for(after, "away")) == ("loss", "win")
    assert after.conceded is not None
    assert not after.conceded.penalty


def test_an_opponent_already_ahead_by_more_keeps_its_touchdowns(core: Ruleset) -> None:
    state = mid_game(core, home_score=2, away_score=3)
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as decisions:
        after, events = concede(core, state, "home", dice, decisions)
    assert (after.home.score, after.away.score) == (0, 3)
    assert events[0].detail["awarded_touchdowns"] == 0


def test_the_penalty_strikes_the_spp_of_the_game_and_veterans_may_quit(core: Ruleset) -> None:
    home = team_state(core, "home", veterans(core, (3, 2, 4)))
    state = attrs.evolve(mid_game(core, home=home), spp={"home-1": 5, "away-1": 2})
    # away is 1-0 up: one touchdown handed, to away-3; then the veterans roll: players 1 and 3.
    with ScriptedDice([3, 4]) as dice, ScriptedDecisions([("choose-players", ["away-3"])], strict=True) as decisions:
        after, events = concede(core, state, "home", dice, decisions)
    assert after.spp == {"away-1": 2, "away-3": spp_for(core, "touchdown")}
    assert events[0].detail["spp_lost"] == 5
    rolls = [(e.detail["index"], e.result) for e in events if e.kind == "veteran-stays"]
    assert rolls == [(0, "quits"), (2, "stays")]
    assert after.conceded is not None
    assert after.conceded.quit == (0,)


def test_a_team_that_can_field_three_may_not_concede_without_the_penalty(core: Ruleset) -> None:
    state = mid_game(core)
    assert not may_concede_without_penalty(core, state, "home")
    with pytest.raises(UsageError, match="only when it cannot set up 3 players"):
        concede(core, state, "home", ScriptedDice([]), penalty=False)
    few = game(core, {**reserves("home", HUMAN, 2), **reserves("away", ORC, 11)})
    assert may_concede_without_penalty(core, few, "home")


def test_a_team_concedes_only_at_the_start_of_its_own_turn(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="only at the start of one of its own turns"):
        concede(core, mid_game(core, active_team="away"), "home", ScriptedDice([]))
    with pytest.raises(UsageError, match="only at the start of one of its own turns"):
        concede(core, mid_game(core, active_team="home", activated=frozenset({"home-1"})), "home", ScriptedDice([]))
    conceded, _ = concede(core, mid_game(core, active_team="home"), "home", ScriptedDice([]))
    with pytest.raises(UsageError, match="conceded already, by 'home'"):
        concede(core, conceded, "away", ScriptedDice([]))


def test_the_handed_touchdowns_go_to_players_of_the_team_only(core: Ruleset) -> None:
    with pytest.raises(IllegalAnswerError, match=CONCESSION_TOUCHDOWN):
        concede(core, mid_game(core), "home", ScriptedDice([]), ScriptedDecisions([("choose-players", ["home-1"])]))


def test_after_a_penalised_concession_the_conceding_team_collects_nothing(core: Ruleset) -> None:
    conceded, _ = concede(core, mid_game(core), "home", ScriptedDice([]))
    after, events = record_outcome_and_winnings(core, conceded, ScriptedDice([]), DefaultDecisions())
    assert after.home.treasury == conceded.home.treasury
    home_gold = next(e for e in events if e.kind == "winnings" and e.who == "home")
    assert home_gold.result == "conceded"
    # The opponent is paid the whole attendance, not half of it, and no no-stalling bonus.
    plain, _ = winnings(core, 3, 4, 2, stalled=False)
    handed, _ = winnings(core, 3, 4, 2, stalled=False, conceded=True)
    assert after.away.treasury - conceded.away.treasury == handed == (7 + 2) * 10_000 != plain
    # Without the penalty both are paid as usual.
    short = game(core, {**reserves("home", HUMAN, 2), **reserves("away", ORC, 11)})
    unpenalised, _ = concede(core, short, "home", ScriptedDice([]), penalty=False)
    _, events = record_outcome_and_winnings(core, unpenalised, ScriptedDice([]), DefaultDecisions())
    assert [e.result for e in events if e.kind == "winnings"] == ["no-stalling", "no-stalling"]


def test_the_conceding_team_loses_fans_by_a_die_in_place_of_the_losers_roll(core: Ruleset) -> None:
    conceded, _ = concede(core, mid_game(core), "home", ScriptedDice([]))
    with ScriptedDice([2, 4]) as dice:  # the D3 shows 2; the winner's roll of 4 reaches its 4 fans
        after, events = dedicated_fans(core, conceded, dice, DefaultDecisions())
    assert (after.home.dedicated_fans, after.away.dedicated_fans) == (2, 5)
    assert [(e.result, e.detail["fixture"]) for e in events] == [("fans-down", "conceded"), ("fans-up", "win")]
    # Never below the least Dedicated Fans.
    low = attrs.evolve(conceded, home=attrs.evolve(conceded.home, dedicated_fans=2))
    with ScriptedDice([3, 1]) as dice:
        floor, _ = dedicated_fans(core, low, dice, DefaultDecisions())
    assert floor.home.dedicated_fans == core.parameters.dedicated_fans.min
    # The usual loser's roll would have kept them.
    with ScriptedDice([5]) as dice:
        assert update_dedicated_fans(core, 4, "loss", dice)[0] == 4


def test_the_conceding_team_names_no_mvp_and_its_opponent_one_more(core: Ruleset) -> None:
    played = frozenset({"home-1", "away-1", "away-2"})
    conceded, _ = concede(core, attrs.evolve(mid_game(core), played=played), "home", ScriptedDice([]))
    answers = [("mvp-nominees", ["away-1", "away-2"]), ("mvp-nominees", ["away-2", "away-1"])]
    with ScriptedDice([1, 1]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        after, events = player_advancement(core, conceded, dice, decisions)
    mvp = spp_for(core, MVP_AWARD)
    assert after.spp.get("away-1", 0) - conceded.spp.get("away-1", 0) == mvp
    assert after.spp.get("away-2", 0) - conceded.spp.get("away-2", 0) == mvp
    assert [(e.who, e.result) for e in events if e.kind == "mvp"] == [("home", "conceded"), ("away", "away-1"), ("away", "away-2")]


def test_a_veteran_who_quit_may_not_stay_on_the_team(core: Ruleset) -> None:
    team = veterans(core, (3,))
    home = attrs.evolve(team_state(core, "home", team), treasury=0)
    with ScriptedDice([1]) as dice:
        conceded, _ = concede(core, mid_game(core, home=home), "home", dice)
    answer = attrs.evolve(team, treasury=0)
    with pytest.raises(IllegalAnswerError, match=f"{team.players[0].name} quit the team"):
        hiring_and_firing(core, conceded, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", answer)]))
    left = attrs.evolve(answer, players=answer.players[1:])
    after, events = hiring_and_firing(core, conceded, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", left)]))
    assert events[0].detail["quit"] == [team.players[0].name]
    assert after.home.team is left


def test_a_fixture_conceded_unplayed_gives_the_opponent_more_mvps_and_winnings_by_a_die(core: Ruleset) -> None:
    from bbcore.rules.concession import UNPLAYED, concede_unplayed

    rules = core.parameters.league.concession
    assert rules is not None
    unplayed = game(core, {**reserves("home", HUMAN, 11), **reserves("away", ORC, 11)}, home=home_team(treasury=10_000))
    handed = [("choose-players", ["away-1"])] * rules.awarded_touchdowns
    with ScriptedDecisions(handed, strict=True) as decisions:
        conceded, events = concede_unplayed(core, unplayed, "home", decisions)
    assert (events[0].kind, events[0].result) == ("concession", UNPLAYED)
    assert (conceded.home.score, conceded.away.score) == (0, rules.awarded_touchdowns)
    assert conceded.conceded is not None
    assert conceded.conceded.unplayed
    with ScriptedDice([4]) as dice:
        paid, events = record_outcome_and_winnings(core, conceded, dice, DefaultDecisions())
    gold = [(e.who, e.result, e.detail["gold"]) for e in events if e.kind == "winnings"]
    assert gold == [("home", UNPLAYED, 0), ("away", "opponent-conceded-unplayed", 4 * core.parameters.league.winnings.gold_per_point)]
    assert paid.home.treasury == 10_000
    # Nobody took part, so the opponent's coach names his MVPs from all his players; the conceding team names none.
    nominees = [f"away-{n}" for n in range(1, core.parameters.league.mvp.nominees + 1)]
    answers = [("mvp-nominees", nominees)] * rules.unplayed.mvps
    with ScriptedDice([1] * rules.unplayed.mvps) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        _, events = player_advancement(core, conceded, dice, decisions)
    assert [(e.who, e.result) for e in events if e.kind == "mvp"] == [("home", "conceded")] + [("away", "away-1")] * rules.unplayed.mvps
    # Only a fixture not yet under way may be conceded so.
    with pytest.raises(UsageError, match="no drive of which was set up"):
        concede_unplayed(core, attrs.evolve(unplayed, drive=1), "home")


def test_a_fixture_not_played_by_the_time_limit_is_lost_by_both_with_no_mvp_or_winnings(core: Ruleset) -> None:
    from bbcore.rules.concession import NOT_PLAYED, concede, concede_unplayed, fixture_not_played
    from bbcore.rules.sequences import run_sequence

    fixture = game(
        core,
        {**reserves("home", HUMAN, 11), **reserves("away", ORC, 11)},
        home=home_team(treasury=10_000, dedicated_fans=3),
        away=away_team(treasury=20_000, dedicated_fans=2),
    )
    lapsed, events = fixture_not_played(fixture)
    assert lapsed.not_played
    assert [(e.kind, e.who, e.result) for e in events] == [("concession", None, NOT_PLAYED)]
    # A loss for each: a Dedicated Fans die each (below the fans, one is lost), and no MVP is named.
    with ScriptedDice([1, 6]) as dice, ScriptedDecisions([("team-after-hiring", None)] * 2, strict=True) as decisions:
        after, events = run_sequence(core, "post-game", lapsed, dice, decisions)
    outcomes = [(e.who, e.result, e.detail["league_points"]) for e in events if e.kind == "outcome"]
    assert outcomes == [("home", "loss", core.parameters.league.points.loss), ("away", "loss", core.parameters.league.points.loss)]
    assert [(e.who, e.result, e.detail["gold"]) for e in events if e.kind == "winnings"] == [
        ("home", NOT_PLAYED, 0),
        ("away", NOT_PLAYED, 0),
    ]
    assert [(e.who, e.result) for e in events if e.kind == "mvp"] == [("home", NOT_PLAYED), ("away", NOT_PLAYED)]
    assert (after.home.dedicated_fans, after.away.dedicated_fans) == (2, 2)
    assert (after.home.treasury, after.away.treasury) == (10_000, 20_000)
    # Settled so, it can be neither conceded nor recorded twice; a fixture under way cannot lapse.
    with pytest.raises(UsageError, match="recorded as not played"):
        concede(core, lapsed, "home", ScriptedDice([]))
    with pytest.raises(UsageError, match="recorded as not played"):
        concede_unplayed(core, lapsed, "away")
    with pytest.raises(UsageError, match="no drive of which was set up"):
        fixture_not_played(attrs.evolve(fixture, drive=1))
