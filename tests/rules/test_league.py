"""League play: winnings, Dedicated Fans, SPP, MVP, advancement, Expensive Mistakes and the league table."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from bbcore.dice import DiceScriptError, ScriptedDice, exact_outcomes
from bbcore.errors import UsageError
from bbcore.model.common import SkillRef
from bbcore.model.team import Advancement, TeamPlayer
from bbcore.rules.league import (
    FixtureRecord,
    advancement_cost,
    bonus_points,
    choose_mvp,
    expensive_mistake,
    league_points,
    must_take_advancement,
    random_skill_options,
    roll_characteristic_improvement,
    roll_random_skill,
    skill_conflict,
    spp_for,
    standings,
    update_dedicated_fans,
    value_increase,
    winnings,
)
from bbcore.ruleset import Ruleset
from bbcore.teams.valuation import player_value
from bbcore.testing import MakeRuleset
from tests.fixtures.plugins import DataPlugin

# -- winnings ----------------------------------------------------------------------------------


def test_winnings_follow_the_rulebook_example(core: Ruleset) -> None:
    gold, events = winnings(core, 4, 3, touchdowns=2, stalled=False, who="jay")
    assert gold == 65_000
    assert events[0].kind == "winnings"
    assert events[0].who == "jay"
    assert events[0].detail["fan_attendance"] == 7


def test_a_team_that_stalled_loses_the_no_stalling_bonus(core: Ruleset) -> None:
    gold, events = winnings(core, 4, 3, touchdowns=2, stalled=True)
    assert gold == 55_000
    assert events[0].result == "stalled"


def test_an_even_attendance_pays_whole_steps(core: Ruleset) -> None:
    assert winnings(core, 2, 2, touchdowns=0, stalled=False)[0] == 30_000


# -- dedicated fans ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fans", "roll", "expected", "outcome"),
    [
        (1, 1, 2, "fans-up"),  # any roll matches 1
        (3, 2, 3, "unchanged"),
        (3, 3, 4, "fans-up"),  # equal is enough
        (6, 6, 7, "fans-up"),
        (7, 6, 7, "unchanged"),  # at the top: no die reaches 7
    ],
)
def test_a_win_gains_fans_when_the_die_reaches_them(core: Ruleset, fans: int, roll: int, expected: int, outcome: str) -> None:
    with ScriptedDice([roll]) as dice:
        new, events = update_dedicated_fans(core, fans, "win", dice, who="home")
    assert new == expected
    assert (events[0].kind, events[0].result, events[0].rolls) == ("dedicated-fans", outcome, (roll,))


@pytest.mark.parametrize(
    ("fans", "roll", "expected", "outcome"),
    [
        (7, 6, 6, "fans-down"),
        (3, 3, 3, "unchanged"),  # equal is not below
        (3, 2, 2, "fans-down"),
        (2, 1, 1, "fans-down"),
        (1, 1, 1, "unchanged"),  # at the bottom: no die is below 1
    ],
)
def test_a_loss_loses_fans_when_the_die_falls_short(core: Ruleset, fans: int, roll: int, expected: int, outcome: str) -> None:
    with ScriptedDice([roll]) as dice:
        new, events = update_dedicated_fans(core, fans, "loss", dice)
    assert new == expected
    assert events[0].result == outcome


def test_a_draw_rolls_nothing_and_keeps_the_fans(core: Ruleset) -> None:
    with ScriptedDice([]) as dice:
        new, events = update_dedicated_fans(core, 4, "draw", dice)
    assert new == 4
    assert events[0].rolls == ()


def test_a_win_at_three_fans_gains_one_two_times_in_three(core: Ruleset) -> None:
    odds = exact_outcomes(lambda dice: update_dedicated_fans(core, 3, "win", dice)[0])
    assert odds == {4: Fraction(2, 3), 3: Fraction(1, 3)}


def test_a_result_must_be_win_draw_or_loss(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="win, draw, loss"):
        update_dedicated_fans(core, 3, "victory", ScriptedDice([]))


# -- star player points ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("achievement", "spp"),
    [("completion", 1), ("throw-team-mate", 1), ("throw-team-mate-safe-landing", 1), ("interception", 2), ("casualty", 2),
     ("touchdown", 3), ("most-valuable-player", 4)],
)  # fmt: skip
def test_standard_spp_awards_come_from_the_table(core: Ruleset, achievement: str, spp: int) -> None:
    assert spp_for(core, achievement) == spp


def test_brawlin_brutes_earn_more_for_casualties_and_less_for_touchdowns(core: Ruleset) -> None:
    brutes = {"brawlin-brutes", "team-captain"}
    assert spp_for(core, "casualty", brutes) == 3
    assert spp_for(core, "touchdown", brutes) == 2
    assert spp_for(core, "completion", brutes) == 1
    assert spp_for(core, "most-valuable-player", brutes) == 4


def test_the_spp_prayers_change_what_their_team_earns(core: Ruleset) -> None:
    assert spp_for(core, "completion") == 1
    assert spp_for(core, "completion", prayers=("perfect-passing",)) == 2
    assert spp_for(core, "completion", prayers=("dazzling-catching",)) == 1
    # A catch earns nothing, unless the team prayed for Dazzling Catching.
    assert spp_for(core, "catch") == 0
    assert spp_for(core, "catch", prayers=("dazzling-catching",)) == 1
    prayers = {row.id for row in core.table("prayers-to-nuffle").rows}
    assert set(core.parameters.league.prayer_awards) <= prayers


def test_other_special_rules_leave_the_awards_alone(core: Ruleset) -> None:
    assert spp_for(core, "casualty", {"bribery-and-corruption"}) == 2


def test_every_spp_award_column_is_a_team_special_rule(core: Ruleset) -> None:
    assert {c.id for c in core.table("spp-awards").columns} <= set(core.special_rules)


def test_an_unknown_achievement_names_the_known_ones(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="completion"):
        spp_for(core, "deflection")


# -- most valuable player -------------------------------------------------------------------------------

SIX = ("p1", "p2", "p3", "p4", "p5", "p6")


@pytest.mark.parametrize("roll", range(1, 7))
def test_the_mvp_is_the_nominee_with_the_number_rolled(core: Ruleset, roll: int) -> None:
    with ScriptedDice([roll]) as dice:
        mvp, events = choose_mvp(core, SIX, dice, who="home")
    assert mvp == SIX[roll - 1]
    assert (events[0].kind, events[0].result, events[0].rolls) == ("mvp", mvp, (roll,))


def test_a_short_team_rolls_a_die_of_as_many_faces_as_nominees(core: Ruleset) -> None:
    with ScriptedDice([3]) as dice:
        assert choose_mvp(core, ("a", "b", "c"), dice)[0] == "c"
    with pytest.raises(DiceScriptError, match="D3"):
        choose_mvp(core, ("a", "b", "c"), ScriptedDice([4]))
    odds = exact_outcomes(lambda dice: choose_mvp(core, ("a", "b", "c", "d"), dice)[0])
    assert odds == dict.fromkeys("abcd", Fraction(1, 4))


@pytest.mark.parametrize("nominees", [(), (*SIX, "p7"), ("p1", "p1")])
def test_mvp_nominations_must_be_one_to_six_different_players(core: Ruleset, nominees: tuple[str, ...]) -> None:
    with pytest.raises(UsageError):
        choose_mvp(core, nominees, ScriptedDice([1]))


# -- advancement costs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("taken", "kind", "cost"),
    [(0, "random-primary", 3), (0, "characteristic", 14), (1, "chosen-primary", 8), (2, "chosen-secondary", 16),
     (4, "characteristic", 28), (5, "chosen-secondary", 34)],
)  # fmt: skip
def test_advancement_costs_rise_with_each_advancement(core: Ruleset, taken: int, kind: str, cost: int) -> None:
    assert advancement_cost(core, taken, kind) == cost


def test_a_legend_can_take_no_seventh_advancement(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="no further"):
        advancement_cost(core, 6, "random-primary")


def test_an_unknown_advancement_kind_lists_the_kinds(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="chosen-secondary"):
        advancement_cost(core, 0, "random-secondary")


def test_a_player_must_advance_once_it_can_afford_a_characteristic(core: Ruleset) -> None:
    assert must_take_advancement(core, 14, 0)
    assert not must_take_advancement(core, 13, 0)
    assert must_take_advancement(core, 16, 1)
    assert not must_take_advancement(core, 100, 6)


# -- characteristic improvements -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "row", "choices"),
    [
        (1, "av", ("av",)),
        (2, "av-or-pa", ("av", "pa")),
        (3, "av-ma-or-pa", ("av", "ma", "pa")),
        (4, "av-ma-or-pa", ("av", "ma", "pa")),
        (5, "ma-or-pa", ("ma", "pa")),
        (6, "ag-or-ma", ("ag", "ma")),
        (7, "ag-or-st", ("ag", "st")),
        (8, "any-characteristic", ("ma", "st", "ag", "pa", "av")),
    ],
)
def test_each_characteristic_improvement_row_offers_its_characteristics(
    core: Ruleset, roll: int, row: str, choices: tuple[str, ...]
) -> None:
    with ScriptedDice([roll]) as dice:
        improvement, events = roll_characteristic_improvement(core, dice, who="p1")
    assert (improvement.roll, improvement.row, improvement.characteristics) == (roll, row, choices)
    assert improvement.skill_instead == ("primary", "secondary")
    assert (events[0].kind, events[0].result, events[0].rolls) == ("advancement-roll", row, (roll,))


def test_characteristics_at_their_limit_drop_out_of_the_choice(core: Ruleset) -> None:
    with ScriptedDice([7]) as dice:
        assert roll_characteristic_improvement(core, dice, unavailable={"st"})[0].characteristics == ("ag",)
    with ScriptedDice([1]) as dice:
        assert roll_characteristic_improvement(core, dice, unavailable={"av"})[0].characteristics == ()


# -- value increases --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "elite", "gold"),
    [("random-primary", False, 20_000), ("chosen-primary", True, 30_000), ("chosen-secondary", False, 40_000),
     ("chosen-secondary", True, 50_000), ("characteristic-av", True, 10_000), ("characteristic-st", False, 60_000)],
)  # fmt: skip
def test_value_increases_come_from_the_table(core: Ruleset, kind: str, elite: bool, gold: int) -> None:
    assert value_increase(core, kind, elite) == gold


def test_a_players_value_adds_each_advancements_increase(core: Ruleset) -> None:
    player = TeamPlayer(
        "Bruno",
        "human/human-blitzer",
        advancements=(
            Advancement("chosen-primary", SkillRef("block")),  # Block is an Elite Skill
            Advancement("characteristic-st", characteristic="st"),
            Advancement("no-such-kind"),  # reported by the team checks; priced at nothing
        ),
    )
    assert player_value(core, player) == core.position("human/human-blitzer").cost + 30_000 + 60_000


def test_an_unknown_value_increase_kind_is_a_usage_error(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="characteristic-ag"):
        value_increase(core, "characteristic-luck")


# -- random skills ---------------------------------------------------------------------------------------------


def test_random_skills_follow_the_rulebook_example(core: Ruleset) -> None:
    with ScriptedDice([4, 2, 3, 5]) as dice:
        options, events = random_skill_options(core, "agility", dice)
    assert options == ("leap", "defensive")
    assert [e.rolls for e in events] == [(4, 2), (3, 5)]


@pytest.mark.parametrize(
    ("category", "first", "second", "skill"),
    [
        ("agility", 1, 1, "catch"),
        ("agility", 3, 6, "hit-and-run"),
        ("agility", 4, 1, "jump-up"),
        ("agility", 6, 6, "sure-feet"),
        ("devious", 2, 4, "lethal-flight"),
        ("general", 5, 3, "sure-hands"),
        ("mutation", 1, 3, "disturbing-presence"),
        ("passing", 4, 4, "pass"),
        ("strength", 5, 2, "mighty-blow"),
    ],
)
def test_the_first_die_picks_the_half_and_the_second_the_row(core: Ruleset, category: str, first: int, second: int, skill: str) -> None:
    # A Right Stuff player, who may have Lethal Flight.
    with ScriptedDice([first, second]) as dice:
        rolled, events = roll_random_skill(core, category, dice, exclude={"right-stuff"}, who="p1")
    assert rolled == skill
    assert (events[0].kind, events[0].result, events[0].detail["category"]) == ("random-skill", skill, category)


def test_a_skill_the_player_has_is_rolled_again(core: Ruleset) -> None:
    with ScriptedDice([2, 1, 5, 4]) as dice:
        skill, events = roll_random_skill(core, "general", dice, exclude={"block"})
    assert skill == "tackle"
    assert [(e.result, e.detail["rolled_again"]) for e in events] == [("block", True), ("tackle", False)]


def test_a_skill_the_glossary_forbids_beside_the_players_is_rolled_again(core: Ruleset) -> None:
    # Strength 1-3 then 5 is Grab, which a Frenzy player may not have; 4-6 then 2 is Mighty Blow.
    with ScriptedDice([1, 5, 4, 2]) as dice:
        skill, events = roll_random_skill(core, "strength", dice, exclude={"frenzy"})
    assert skill == "mighty-blow"
    assert [(e.result, e.detail["rolled_again"]) for e in events] == [("grab", True), ("mighty-blow", False)]
    assert skill_conflict(core, "grab", {"frenzy"}) == "Grab cannot go with Frenzy"
    assert skill_conflict(core, "frenzy", {"grab", "block"}) == "Frenzy cannot go with Grab"
    assert skill_conflict(core, "strong-arm", {"block"}) == "Strong Arm needs Throw Team-mate"
    assert skill_conflict(core, "strong-arm", {"throw-team-mate"}) is None
    # Strong Arm (4-6 then 5) needs Throw Team-mate: rolled again for a player without it, kept for one with it.
    with ScriptedDice([4, 5, 4, 2]) as dice:
        assert roll_random_skill(core, "strength", dice, exclude={"block"})[0] == "mighty-blow"
    with ScriptedDice([4, 5]) as dice:
        assert roll_random_skill(core, "strength", dice, exclude={"throw-team-mate"})[0] == "strong-arm"


def test_the_same_skill_rolled_twice_is_the_only_option(core: Ruleset) -> None:
    with ScriptedDice([1, 1, 2, 1]) as dice:
        assert random_skill_options(core, "agility", dice)[0] == ("catch",)


def test_a_category_with_every_skill_excluded_cannot_be_rolled(core: Ruleset) -> None:
    every = {row.values["strength"] for row in core.table("random-skills").rows}
    with pytest.raises(UsageError, match="excluded"):
        roll_random_skill(core, "strength", ScriptedDice([]), exclude={str(s) for s in every})


def test_an_unknown_skill_category_lists_the_categories(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="mutation"):
        roll_random_skill(core, "sorcery", ScriptedDice([]))


def test_each_skill_table_column_holds_every_skill_of_its_category_once(core: Ruleset) -> None:
    table = core.table("random-skills")
    for column in table.columns:
        listed = [row.values[column.id] for row in table.rows]
        in_category = {s.id for s in core.skills.values() if s.category == column.id}
        assert sorted(map(str, listed)) == sorted(in_category), column.id


# -- expensive mistakes ------------------------------------------------------------------------------------------

_AVERTED, _MINOR, _MAJOR, _CATASTROPHE = "crisis-averted", "minor-incident", "major-incident", "catastrophe"
#: The printed grid: per D6 roll, the outcome in each band from 100,000-195,000 up to 600,000+.
_GRID = {
    1: (_MINOR, _MINOR, _MAJOR, _MAJOR, _CATASTROPHE, _CATASTROPHE),
    2: (_AVERTED, _MINOR, _MINOR, _MAJOR, _MAJOR, _CATASTROPHE),
    3: (_AVERTED, _AVERTED, _MINOR, _MINOR, _MAJOR, _MAJOR),
    4: (_AVERTED, _AVERTED, _AVERTED, _MINOR, _MINOR, _MAJOR),
    5: (_AVERTED, _AVERTED, _AVERTED, _AVERTED, _MINOR, _MINOR),
    6: (_AVERTED, _AVERTED, _AVERTED, _AVERTED, _AVERTED, _MINOR),
}
_AMOUNT_DICE = {_AVERTED: [], _MINOR: [2], _MAJOR: [], _CATASTROPHE: [3, 4]}


@pytest.mark.parametrize("roll", range(1, 7))
@pytest.mark.parametrize("band", range(6))
@pytest.mark.parametrize("edge", ["lowest", "highest"])
def test_each_band_and_roll_gives_the_printed_outcome(core: Ruleset, roll: int, band: int, edge: str) -> None:
    treasury = 100_000 * (band + 1) + (95_000 if edge == "highest" else 0)
    outcome = _GRID[roll][band]
    with ScriptedDice([roll, *_AMOUNT_DICE[outcome]]) as dice:
        _, events = expensive_mistake(core, treasury, dice)
    assert (events[0].kind, events[0].result, events[0].rolls) == ("expensive-mistake", outcome, (roll,))


def test_a_treasury_under_100k_rolls_nothing(core: Ruleset) -> None:
    with ScriptedDice([]) as dice:
        treasury, events = expensive_mistake(core, 95_000, dice, who="home")
    assert treasury == 95_000
    assert events[0].result == "no-roll"


def test_a_crisis_averted_costs_nothing(core: Ruleset) -> None:
    with ScriptedDice([2]) as dice:
        assert expensive_mistake(core, 150_000, dice)[0] == 150_000


@pytest.mark.parametrize(("d3", "left"), [(1, 140_000), (2, 130_000), (3, 120_000)])
def test_a_minor_incident_loses_d3_times_10k(core: Ruleset, d3: int, left: int) -> None:
    with ScriptedDice([1, d3]) as dice:
        treasury, events = expensive_mistake(core, 150_000, dice)
    assert treasury == left
    assert events[0].detail["amount_rolls"] == [d3]
    assert events[0].detail["lost"] == 150_000 - left


@pytest.mark.parametrize(("before", "after"), [(345_000, 170_000), (400_000, 200_000), (590_000, 295_000), (455_000, 225_000)])
def test_a_major_incident_halves_the_treasury_rounded_down_to_5k(core: Ruleset, before: int, after: int) -> None:
    roll = 1 if before < 500_000 else 2
    with ScriptedDice([roll]) as dice:
        treasury, events = expensive_mistake(core, before, dice)
    assert events[0].result == "major-incident"
    assert treasury == after


def test_a_catastrophe_keeps_only_2d6_times_10k(core: Ruleset) -> None:
    with ScriptedDice([1, 3, 4]) as dice:
        treasury, events = expensive_mistake(core, 650_000, dice)
    assert treasury == 70_000
    assert events[0].detail["amount_rolls"] == [3, 4]


def test_a_treasury_between_printed_bands_uses_the_lower_band(core: Ruleset) -> None:
    with ScriptedDice([2]) as dice:
        assert expensive_mistake(core, 197_500, dice)[1][0].detail["band"] == "100k-195k"


def test_events_are_plain_json(core: Ruleset) -> None:
    with ScriptedDice([1, 3, 4]) as dice:
        _, events = expensive_mistake(core, 650_000, dice, who="home")
    assert json.loads(json.dumps(events[0].to_json()))["detail"]["treasury"] == 70_000


# -- league points ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("result", "points"), [("win", 3), ("draw", 1), ("loss", 0)])
def test_league_points_for_the_result(core: Ruleset, result: str, points: int) -> None:
    assert league_points(core, result, 3, 0, 3) == points


@pytest.mark.parametrize(
    ("scored", "conceded", "casualties", "bonus"),
    [(3, 1, 0, 1), (2, 0, 0, 1), (1, 1, 3, 1), (2, 1, 2, 0), (4, 0, 5, 3)],
)
def test_each_bonus_point_has_its_threshold(core: Ruleset, scored: int, conceded: int, casualties: int, bonus: int) -> None:
    assert bonus_points(core, scored, conceded, casualties) == bonus
    assert league_points(core, "win", scored, conceded, casualties, bonus=True) == 3 + bonus


# -- standings --------------------------------------------------------------------------------------------------------


def _fixture(home: str, away: str, home_td: int, away_td: int, home_cas: int = 0, away_cas: int = 0) -> list[FixtureRecord]:
    home_result = "win" if home_td > away_td else "loss" if home_td < away_td else "draw"
    away_result = {"win": "loss", "loss": "win", "draw": "draw"}[home_result]
    return [
        FixtureRecord(home, home_result, home_td, away_td, home_cas),
        FixtureRecord(away, away_result, away_td, home_td, away_cas),
    ]


def test_standings_order_by_points(core: Ruleset) -> None:
    records = [*_fixture("orcs", "elves", 2, 1), *_fixture("elves", "dwarfs", 1, 1), *_fixture("orcs", "dwarfs", 0, 0)]
    table = standings(core, records)
    assert [(s.team, s.points, s.rank) for s in table] == [("orcs", 4, 1), ("dwarfs", 2, 2), ("elves", 1, 3)]
    assert (table[0].played, table[0].won, table[0].drawn, table[0].lost) == (2, 1, 1, 0)


def test_teams_level_on_points_are_split_by_touchdown_difference_first(core: Ruleset) -> None:
    # a and b both win once and lose once: a by +2 overall, b by +1 although it scored more.
    records = [*_fixture("a", "x", 3, 0), *_fixture("a", "y", 0, 1), *_fixture("b", "x", 5, 3), *_fixture("b", "y", 4, 5)]
    table = standings(core, records)
    level = [s for s in table if s.team in ("a", "b")]
    assert [(s.team, s.points, s.touchdown_difference, s.touchdowns_for) for s in level] == [("a", 3, 2, 3), ("b", 3, 1, 9)]
    assert level[0].rank < level[1].rank


def test_then_touchdowns_scored_then_casualties(core: Ruleset) -> None:
    level_difference = [*_fixture("a", "x", 3, 1), *_fixture("b", "y", 2, 0)]
    assert [s.team for s in standings(core, level_difference)][:2] == ["a", "b"]
    level_touchdowns = [*_fixture("a", "x", 2, 0, home_cas=1), *_fixture("b", "y", 2, 0, home_cas=2)]
    assert [s.team for s in standings(core, level_touchdowns)][:2] == ["b", "a"]


def test_teams_level_on_everything_share_a_rank_listed_by_id(core: Ruleset) -> None:
    table = standings(core, [*_fixture("zed", "x", 1, 0), *_fixture("abe", "y", 1, 0)])
    assert [(s.team, s.rank) for s in table] == [("abe", 1), ("zed", 1), ("x", 3), ("y", 3)]


def test_bonus_points_can_be_added_or_only_break_ties(core: Ruleset) -> None:
    # Three wins: a scores three (1 bonus), b keeps a clean sheet with three casualties (2), c keeps a clean sheet (1).
    records = [*_fixture("a", "x", 3, 1), *_fixture("b", "y", 1, 0, home_cas=3), *_fixture("c", "z", 2, 0)]
    tie_broken = standings(core, records, tie_breakers=["bonus-points", "touchdowns-for"])
    assert [(s.team, s.points, s.bonus_points) for s in tie_broken][:3] == [("b", 3, 2), ("a", 3, 1), ("c", 3, 1)]
    added = standings(core, records, bonus=True)
    assert [(s.team, s.points) for s in added][:3] == [("b", 5), ("a", 4), ("c", 4)]


def test_fewer_touchdowns_against_is_better(core: Ruleset) -> None:
    records = [*_fixture("a", "x", 3, 2), *_fixture("b", "y", 1, 0)]
    assert [s.team for s in standings(core, records, tie_breakers=["touchdowns-against"])][:2] == ["b", "a"]


def test_an_unplayed_fixture_is_a_loss_for_both(core: Ruleset) -> None:
    table = standings(core, [FixtureRecord("a", "loss", 0, 0), FixtureRecord("b", "loss", 0, 0)])
    assert [(s.points, s.lost) for s in table] == [(0, 1), (0, 1)]


def test_an_unknown_tie_breaker_is_a_usage_error(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="head-to-head"):
        standings(core, [], tie_breakers=["head-to-head"])


# -- a variant's parameters ---------------------------------------------------------------------------------------------


@pytest.fixture
def house_rules(make_ruleset: MakeRuleset) -> Ruleset:
    return make_ruleset(variant="house", plugins=[("house", DataPlugin("variant", "house", "league-house-rules"))], entry_points=False)


def test_a_variants_parameters_change_league_numbers_key_by_key(house_rules: Ruleset) -> None:
    league = house_rules.parameters.league
    assert (league.points.win, league.points.draw) == (2, 1)  # win overridden, draw kept from the core
    assert league_points(house_rules, "win", 1, 0, 0) == 2
    assert winnings(house_rules, 4, 3, touchdowns=2, stalled=False)[0] == 32_500
    assert league.winnings.attendance_divisor == 2


def test_a_variants_tie_breakers_and_losses_apply(house_rules: Ruleset) -> None:
    records = [*_fixture("a", "x", 3, 1), *_fixture("b", "y", 4, 3)]
    assert [s.team for s in standings(house_rules, records)][:2] == ["b", "a"]  # touchdowns scored first
    with ScriptedDice([1]) as dice:
        assert expensive_mistake(house_rules, 345_000, dice)[0] == 80_000  # a quarter, rounded down to 10K
