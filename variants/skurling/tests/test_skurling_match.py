"""The match around the arcs: who attacks, the score, the intervals, the end, and a whole match."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from bbcore_skurling.arc import ArcState
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.autoplay import play_match
from bbcore_skurling.match import (
    MatchState,
    default_placements,
    finish_arc,
    match_json,
    match_over,
    side_from_team,
    start_arc,
    start_match,
    start_match_after,
)
from bbcore_skurling.throwback_rules import throwback_rules

import bbcore
from bbcore.dice import ScriptedDice, SeededDice
from bbcore.errors import UsageError
from bbcore.rules.board import Status
from bbcore.rules.conditions import row_conditions
from bbcore.rules.events import Event
from bbcore.ruleset import Ruleset
from bbcore.teams.files import load_team_file

TEAMS = Path(__file__).parents[1] / "bbcore_skurling" / "data" / "teams"

#: The Skurling ruleset whose numbers these functions read.
SKURLING = bbcore.load_ruleset("skurling")


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return bbcore.load_ruleset("skurling")


def new_match(rules: Ruleset) -> MatchState:
    rovers = load_team_file(TEAMS / "old-road-rovers.yaml").team
    crushers = load_team_file(TEAMS / "black-crag-crushers.yaml").team
    return start_match(rules, side_from_team(SKURLING, rovers, "home"), side_from_team(SKURLING, crushers, "away"))


def finished_arc(rules: Ruleset, match: MatchState, points: int, rerolls_left: tuple[int, int] = (0, 0)) -> ArcState:
    """The next arc, set up with each side's own roles, then declared over with ``points``."""
    side = match.sides[match.next_attacker]
    other = match.sides[1 - match.next_attacker]
    defenders = [p.id for p in other.players if other.roles.get(p.id) != "stooge"]
    arc = start_arc(rules, match, side.roles, default_placements(rules, match, side.roles, defenders))
    return attrs.evolve(arc, phase="over", points=points, state="stunned", rerolls=rerolls_left, events=(Event("test", None, (), "over"),))


@pytest.mark.parametrize(
    ("score", "attacks", "over"),
    [
        ((10, 3), (4, 4), True),
        ((10, 3), (5, 4), False),  # the second team has not had its answer
        ((10, 10), (5, 5), False),  # a tie goes on
        ((9, 8), (6, 6), False),  # nobody at ten
        ((12, 10), (7, 7), True),
    ],
)
def test_the_match_ends_after_equal_attacks_with_someone_at_ten_and_no_tie(
    score: tuple[int, int], attacks: tuple[int, int], over: bool
) -> None:
    assert match_over(score, attacks, arc_rules(bbcore.load_ruleset("skurling")).target_points) is over


def test_attackers_alternate_and_arc_points_add_up(rules: Ruleset) -> None:
    match = new_match(rules)
    for points in (3, 0, 5, 1):
        match = finish_arc(rules, match, finished_arc(rules, match, points))
    assert [arc.attacker for arc in match.arcs] == [0, 1, 0, 1]
    assert match.score == (8, 1)
    assert match.attacks == (2, 2)


def test_a_tied_match_plays_pairs_of_arcs_until_broken(rules: Ruleset) -> None:
    match = new_match(rules)
    for points in (5, 5, 5, 5):
        match = finish_arc(rules, match, finished_arc(rules, match, points))
    assert match.score == (10, 10)
    assert not match.over
    match = finish_arc(rules, match, finished_arc(rules, match, 1))
    assert not match.over, "the other team still has its attack in the pair"
    match = finish_arc(rules, match, finished_arc(rules, match, 0))
    assert match.over
    assert match.winner == 0


def test_an_interval_after_every_four_attacks_each_refreshes_the_rerolls(rules: Ruleset) -> None:
    match = new_match(rules)
    every = arc_rules(rules).attacks_between_intervals
    for _ in range(2 * every - 1):
        match = finish_arc(rules, match, finished_arc(rules, match, 0))
    assert match.intervals == ()
    assert match.rerolls == (0, 0), "re-rolls spent stay spent until the interval"
    match = finish_arc(rules, match, finished_arc(rules, match, 0))
    assert match.intervals == (2 * every,)
    assert match.rerolls == (match.sides[0].rerolls, match.sides[1].rerolls)


def test_the_interval_gives_back_spent_inducements_and_the_weather_carries_on(rules: Ruleset) -> None:
    match = new_match(rules)
    padding = "skurling/padding"
    home = attrs.evolve(match.sides[0], inducements={padding: 1})
    match = attrs.evolve(match, sides=(home, match.sides[1]), inducements_left=({padding: 1}, {}))
    assert match.inducements_allowed
    every = arc_rules(rules).attacks_between_intervals
    rain = "pouring-rain"
    for n in range(2 * every):
        arc = finished_arc(rules, match, 0)
        if n == 0:
            assert arc.inducements == {padding: 1}
            arc = attrs.evolve(arc, inducements={padding: 0}, weather=rain)  # spent, and the weather changed
        match = finish_arc(rules, match, arc)
        if n == 0:
            assert match.inducements_left[0] == {padding: 0}
            assert match.weather == rain
            following = finished_arc(rules, match, 0)
            assert following.weather == rain
            assert dict(following.board.conditions) == row_conditions([rules.table("weather").row(rain)])
    assert match.intervals == (2 * every,)
    assert match.inducements_left[0] == {padding: 1}


def test_throwback_nights_play_to_their_own_target_without_intervals(rules: Ruleset) -> None:
    throwback = bbcore.load_ruleset("skurling", options={"match": "throwback"})
    match = new_match(throwback)
    assert match.target == throwback_rules(throwback).match.target_points
    for _ in range(8):
        match = finish_arc(throwback, match, finished_arc(throwback, match, 0))
    assert match.intervals == ()


def test_a_first_match_skips_the_landing_events(rules: Ruleset) -> None:
    first = bbcore.load_ruleset("skurling", options={"match": "first-match"})
    assert not new_match(first).landing_events
    assert new_match(rules).landing_events


def test_no_arc_starts_after_the_match_is_over(rules: Ruleset) -> None:
    match = attrs.evolve(new_match(rules), score=(10, 2), attacks=(3, 3))
    with pytest.raises(UsageError, match="over"):
        start_arc(rules, match, match.sides[0].roles, {})


@pytest.mark.parametrize("seed", [7, 11])
def test_a_whole_match_between_the_ready_teams_is_played_through_the_engine(rules: Ruleset, seed: int) -> None:
    match = play_match(rules, new_match(rules), SeededDice(seed))
    assert match.over
    assert match.winner is not None
    assert sum(arc.points for arc in match.arcs if arc.attacker == 0) == match.score[0]
    assert sum(arc.points for arc in match.arcs if arc.attacker == 1) == match.score[1]
    assert [arc.attacker for arc in match.arcs] == [i % 2 for i in range(len(match.arcs))]
    states = [s.id for s in arc_rules(rules).states]
    for arc in match.arcs:
        assert arc.turns <= arc_rules(rules).turns_per_arc + arc_rules(rules).time_out_turns
        assert arc.stooge_state in states
        if arc.points:
            # Points are the state's, plus the catch or the Ding-Dong bonus.
            assert arc.points - arc_rules(rules).points_for(arc.stooge_state) in (
                0,
                arc_rules(rules).catch_bonus,
                arc_rules(rules).ding_dong_bonus,
            )
    shown = match_json(match)
    assert shown["score"] == list(match.score)
    assert set(shown["arcs"][0]) == {"number", "attacker", "points", "stooge_state", "caught", "ding_dong", "turns", "events"}


def test_the_same_seed_plays_the_same_match(rules: Ruleset) -> None:
    first = match_json(play_match(rules, new_match(rules), SeededDice(3)))
    again = match_json(play_match(rules, new_match(rules), SeededDice(3)))
    assert first == again


# -- the pre-match into the match, and injuries in a league ---------------------------------------


def test_the_pre_match_sets_up_the_match(rules: Ruleset) -> None:
    from bbcore_skurling.prematch import Side as PreMatchSide
    from bbcore_skurling.prematch import run_pre_match

    plain = new_match(rules)
    home, away = plain.sides
    # Pebblemuck 2D6 3 + 4, attribute D6 1; fans D3 1 and 2; weather 6 + 6 (Blizzard); equal TVs;
    # first attacker: the coach agrees to roll, 2D6 each 1 + 1 against 6 + 6, the winner attacks.
    dice = ScriptedDice([3, 4, 1, 1, 2, 6, 6, 1, 1, 6, 6])
    pre = run_pre_match(rules, PreMatchSide("rovers", 395_000), PreMatchSide("crushers", 395_000), dice)
    match = start_match_after(rules, pre, home, away)
    assert match.weather == pre.weather == "blizzard"
    assert match.lane
    assert match.lane[0][1] == pre.attribute
    assert match.first_attacker == [s.id for s in pre.sides].index(pre.first_attacker)
    assert match.fan_factors == (pre.fan_factors["rovers"], pre.fan_factors["crushers"])  # type: ignore[index]


def _arc_with_injuries(rules: Ruleset, match: MatchState, knocked: str, hurt: str) -> ArcState:
    arc = finished_arc(rules, match, 0)
    board = arc.board.with_player(arc.board.player(knocked).with_status(Status.KO))
    board = board.with_player(board.player(hurt).with_status(Status.CASUALTY))
    return attrs.evolve(arc, board=board)


def test_in_a_league_the_injured_stay_out_and_the_knocked_out_roll_to_come_back(rules: Ruleset) -> None:
    league = bbcore.load_ruleset("skurling", options={"match": "league"})
    match = new_match(league)
    arc = _arc_with_injuries(league, match, "away-3", "away-4")
    target = league.parameters.targets.ko_recovery
    after = finish_arc(league, match, arc, ScriptedDice([target - 1]))
    assert after.out_of_play() == {"away-3", "away-4"}
    crushers = after.sides[1]
    with pytest.raises(UsageError, match="out of play"):
        start_arc(league, after, crushers.roles, default_placements(league, after, crushers.roles, []))
    # The next arc ends; the knocked-out Orc passes his roll and may come back, the casualty may not.
    later = finish_arc(league, after, attrs.evolve(arc, number=2), ScriptedDice([target]))
    assert later.out_of_play() == {"away-4"}


def test_in_a_league_a_stooge_hurt_after_the_arc_leaves_the_lane_like_anyone(rules: Ruleset) -> None:
    league = bbcore.load_ruleset("skurling", options={"match": "league"})
    match = new_match(league)
    arc = finished_arc(league, match, 0)
    # The armour roll after a Ding-Dong landing knocked him out; the arc's own state stays "stunned".
    board = arc.board.with_player(arc.board.player(arc.stooge).with_status(Status.KO))
    after = finish_arc(league, match, attrs.evolve(arc, board=board), ScriptedDice([league.parameters.targets.ko_recovery - 1]))
    assert after.out_of_play() == {arc.stooge}
    # At the end of the next arc he rolls to come back, as any knocked-out miniature does.
    later = finish_arc(league, after, finished_arc(league, after, 0), ScriptedDice([league.parameters.targets.ko_recovery]))
    assert later.out_of_play() == frozenset()


def test_the_stooge_s_states_are_no_injuries(rules: Ruleset) -> None:
    league = bbcore.load_ruleset("skurling", options={"match": "league"})
    match = new_match(league)
    arc = attrs.evolve(finished_arc(league, match, 0), state=arc_rules(league).states[-1].id)
    assert finish_arc(league, match, arc, ScriptedDice([])).out_of_play() == frozenset()


def test_an_arc_without_an_opening_throw_has_no_stooge_state(rules: Ruleset) -> None:
    from bbcore_skurling.simulate import summarise

    match = new_match(rules)
    # A league team with every thrower out of play never throws: the arc ends without a state.
    unthrown = attrs.evolve(finished_arc(rules, match, 0), state="")
    after = finish_arc(rules, match, unthrown)
    assert after.arcs[-1].stooge_state is None
    assert match_json(after)["arcs"][-1]["stooge_state"] is None
    thrown = finish_arc(rules, after, finished_arc(rules, after, 3))
    summary = summarise([match_json(thrown)])
    assert summary["stooge_state"] == {"stunned": 1}
    assert summary["not_thrown"] == 1


def test_in_a_one_off_match_everybody_is_back_for_the_next_arc(rules: Ruleset) -> None:
    match = new_match(rules)
    after = finish_arc(rules, match, _arc_with_injuries(rules, match, "away-3", "away-4"))
    assert after.out_of_play() == frozenset()


def test_re_rolls_a_landing_event_gave_are_lost_when_the_arc_ends(rules: Ruleset) -> None:
    match = new_match(rules)
    before = match.rerolls
    # The arc gained a re-roll each from a landing event and spent none.
    arc = finished_arc(rules, match, 0, rerolls_left=(before[0] + 1, before[1] + 1))
    after = finish_arc(rules, match, arc)
    assert after.rerolls == before
    # Spending one leaves the team's own re-rolls whole: the gift is spent first.
    spent = finish_arc(rules, match, finished_arc(rules, match, 0, rerolls_left=(before[0], before[1])))
    assert spent.rerolls == before
