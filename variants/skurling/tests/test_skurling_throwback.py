"""Throwback Nights: format, pairings, standings, trophies and the end of a match, with scripted dice."""

from __future__ import annotations

import json
import re
from itertools import combinations
from pathlib import Path

import pytest
from bbcore_skurling.throwback import (
    ArcScore,
    Bye,
    MatchResult,
    Pairing,
    final_pairing,
    match_result_on_time,
    round_robin_rounds,
    standings,
    swiss_first_round,
    swiss_pairings,
    throwback_attribute,
    throwback_match_over,
    time_limit_reached,
    tournament_format,
    trophies,
)
from bbcore_skurling.throwback_rules import RULES_FILE, SCHEMA_FILE, load_throwback_rules, throwback_rules

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import DataError, UsageError
from bbcore.loading.yaml_source import read_yaml
from bbcore.model.table import Row, Table

TEAMS = ["Hammers", "Dead Ends", "Rovers", "Crushers", "Bells", "Brooms", "Caps", "Pebbles", "Skips", "Mops"]

# --- the data file -------------------------------------------------------------------------

#: The Skurling ruleset whose Throwback numbers the tests read.
SKURLING = bbcore.load_ruleset("skurling")


def test_the_numbers_come_from_the_data_file_read_once() -> None:
    rules = throwback_rules(SKURLING)
    assert rules is throwback_rules(SKURLING)
    assert rules.match.target_points == 6
    assert (rules.format.round_robin.min_teams, rules.format.round_robin.max_teams) == (4, 8)
    assert (rules.format.swiss_rounds, rules.format.finalists) == (3, 2)
    assert (rules.points.win, rules.points.loss, rules.points.dress_bonus) == (3, 0, 1)
    assert rules.match.time_limit_minutes == 60
    assert rules.match.intervals is False
    assert rules.pebblemuck.rerolled_attributes == ("astrogranite", "solid-stone")
    assert rules.bye.provisional is True
    assert rules.bye.note


def test_the_schema_requires_every_key_of_the_file_and_no_other() -> None:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    keys = set(read_yaml(RULES_FILE).data)
    assert set(schema["required"]) == set(schema["properties"]) == keys
    assert schema["additionalProperties"] is False


def test_a_broken_file_reports_every_problem_with_its_place(tmp_path: Path) -> None:
    text = RULES_FILE.read_text(encoding="utf-8")
    assert "target_points: 6" in text
    path = tmp_path / "throwback.yaml"
    path.write_text(text.replace("target_points: 6", "target_points: six\n  overtime: true"), encoding="utf-8")
    with pytest.raises(DataError) as raised:
        load_throwback_rules(path)
    messages = [str(problem) for problem in raised.value.problems]
    assert len(messages) == 2
    assert all(re.match(r".+throwback\.yaml:\d+:\d+: \$\.match", message) for message in messages)


# --- format --------------------------------------------------------------------------------


def test_fewer_than_four_teams_is_a_clear_error() -> None:
    with pytest.raises(UsageError, match="at least 4 teams; 3 were given"):
        tournament_format(SKURLING, 3)


@pytest.mark.parametrize(("count", "rounds"), [(4, 3), (5, 5), (8, 7)])
def test_four_to_eight_teams_play_a_round_robin(count: int, rounds: int) -> None:
    played = tournament_format(SKURLING, count)
    assert (played.kind, played.rounds, played.final) == ("round-robin", rounds, False)
    assert len(round_robin_rounds(TEAMS[:count])) == rounds


def test_nine_teams_play_three_swiss_rounds_and_a_final() -> None:
    played = tournament_format(SKURLING, 9)
    assert (played.kind, played.rounds, played.final, played.finalists) == ("swiss", 3, True, 2)
    assert played.to_json()["kind"] == "swiss"


# --- round robin ---------------------------------------------------------------------------


@pytest.mark.parametrize("count", [4, 5, 6, 7, 8])
def test_the_round_robin_pairs_everybody_exactly_once(count: int) -> None:
    teams = TEAMS[:count]
    rounds = round_robin_rounds(teams)
    met = [pairing.teams for played in rounds for pairing in played.pairings]
    assert len(met) == len(set(met)) == count * (count - 1) // 2
    assert set(met) == {frozenset(pair) for pair in combinations(teams, 2)}
    for played in rounds:
        busy = [team for pairing in played.pairings for team in pairing.teams]
        busy += [played.bye] if played.bye else []
        assert sorted(busy) == sorted(teams)  # nobody twice in a round, nobody forgotten
    byes = [played.bye for played in rounds if played.bye is not None]
    assert sorted(byes) == (sorted(teams) if count % 2 else [])
    assert [played.number for played in rounds] == list(range(1, len(rounds) + 1))
    assert round_robin_rounds(teams) == rounds  # deterministic


def test_the_round_robin_refuses_repeated_names() -> None:
    with pytest.raises(UsageError, match="repeated: Hammers"):
        round_robin_rounds(["Hammers", "Rovers", "Hammers", "Caps"])


# --- Swiss ---------------------------------------------------------------------------------


def test_swiss_round_one_by_seed_order_pairs_neighbours_and_rests_the_last_seed() -> None:
    first = swiss_first_round(TEAMS[:9])
    assert first.pairings[:2] == (Pairing("Hammers", "Dead Ends"), Pairing("Rovers", "Crushers"))
    assert first.bye == "Skips"


def test_swiss_round_one_by_draw_follows_the_dice() -> None:
    # Shuffle of A B C D: a D4 of 1 swaps D with A (D B C A), a D3 of 3 keeps C, a D2 of 1 swaps B with D.
    with ScriptedDice([1, 3, 1]) as dice:
        drawn = swiss_first_round(["A", "B", "C", "D"], dice)
    assert drawn.pairings == (Pairing("B", "D"), Pairing("C", "A"))


def test_swiss_pairs_down_the_ranking_avoiding_rematches() -> None:
    assert swiss_pairings(["A", "B", "C", "D"], [("A", "B")]).pairings == (Pairing("A", "C"), Pairing("B", "D"))


def test_swiss_backtracks_rather_than_force_a_rematch() -> None:
    # Greedy A-C would leave B-D, already played; A-D and B-C avoid every rematch.
    paired = swiss_pairings(["A", "B", "C", "D"], [("A", "B"), ("B", "D")])
    assert paired.pairings == (Pairing("A", "D"), Pairing("B", "C"))
    assert paired.rematches == 0


def test_swiss_allows_a_rematch_only_when_none_can_be_avoided() -> None:
    paired = swiss_pairings(["A", "B", "C", "D"], [("A", "B"), ("A", "C"), ("A", "D")])
    assert paired.rematches == 1
    assert {pairing.teams for pairing in paired.pairings} == {frozenset("AB"), frozenset("CD")}


def test_the_swiss_bye_goes_to_the_lowest_ranked_team_without_one() -> None:
    results = [
        MatchResult(1, "A", "B", 6, 2, "A"),
        MatchResult(1, "C", "D", 6, 4, "C"),
    ]
    table = standings(SKURLING, results, byes=[Bye(1, "E")], teams=list("ABCDE"))
    # E is level with A and C on points but third on difference; it already rested, so B rests.
    assert table.teams == ("A", "C", "E", "D", "B")
    paired = swiss_pairings(table, results)
    assert paired.bye == "B"
    assert swiss_pairings(table, results, had_bye=["B"]).bye == "D"
    assert paired.pairings == (Pairing("A", "C"), Pairing("E", "D"))
    assert paired.to_json()["bye"] == "B"


def test_a_whole_swiss_night_of_nine_teams_rests_three_teams_repeats_no_match_and_ends_in_a_final() -> None:
    teams = TEAMS[:9]
    plan = tournament_format(SKURLING, len(teams))
    results: list[MatchResult] = []
    byes: list[Bye] = []
    pairings = swiss_first_round(teams)
    for number in range(1, plan.rounds + 1):
        if number > 1:
            pairings = swiss_pairings(standings(SKURLING, results, byes=byes, teams=teams), results)
        assert pairings.bye is not None
        byes.append(Bye(number, pairings.bye))
        for pairing in pairings.pairings:
            # The better seed always wins, 6 to a score that depends on the loser's seed.
            better = min(pairing.first, pairing.second, key=teams.index)
            worse = pairing.second if better == pairing.first else pairing.first
            results.append(MatchResult(number, better, worse, 6, teams.index(worse) % 6, better))
        assert pairings.rematches == 0
    assert [bye.team for bye in byes] == ["Skips", "Pebbles", "Crushers"]
    met = [frozenset((result.first, result.second)) for result in results]
    assert len(met) == len(set(met)) == 12
    table = standings(SKURLING, results, byes=byes, teams=teams)
    assert table.row("Pebbles").points == 6  # one win and one bye
    assert final_pairing(SKURLING, table) == Pairing("Hammers", "Brooms")
    final = MatchResult(plan.rounds + 1, "Brooms", "Hammers", 7, 6, "Brooms")
    assert trophies(SKURLING, table, final).golden_broom == "Brooms"
    assert trophies(SKURLING, table, final).wooden_stooge == table.wooden_stooge == "Skips"


# --- standings -----------------------------------------------------------------------------


def test_standings_count_wins_dress_bonus_and_rank_on_difference() -> None:
    results = [
        MatchResult(1, "Hammers", "Dead Ends", 7, 2, "Hammers"),
        MatchResult(1, "Rovers", "Crushers", 6, 4, "Rovers"),
        MatchResult(2, "Hammers", "Rovers", 6, 5, "Hammers"),
        MatchResult(2, "Dead Ends", "Crushers", 6, 0, "Dead Ends"),
        MatchResult(3, "Hammers", "Crushers", 8, 6, "Hammers"),
        MatchResult(3, "Dead Ends", "Rovers", 6, 3, "Dead Ends"),
    ]
    # Dead Ends in dress every match (the loss included); Rovers in round 1 only.
    dress = [(1, "Dead Ends"), (2, "Dead Ends"), (3, "Dead Ends"), (1, "Rovers")]
    table = standings(SKURLING, results, dress)
    points = {row.team: row.points for row in table.rows}
    assert points == {"Hammers": 9, "Dead Ends": 6 + 3, "Rovers": 3 + 1, "Crushers": 0}
    # Hammers and Dead Ends are level on 9: Hammers +8 against Dead Ends +4.
    assert table.teams == ("Hammers", "Dead Ends", "Rovers", "Crushers")
    assert table.row("Dead Ends").dress_bonus == 3
    assert (table.row("Dead Ends").difference, table.row("Hammers").difference) == (4, 8)
    assert (table.golden_broom, table.wooden_stooge) == ("Hammers", "Crushers")
    assert table.to_json()["golden_broom"] == "Hammers"
    assert trophies(SKURLING, table) == trophies(SKURLING, table, None)
    assert trophies(SKURLING, table).to_json() == {"golden_broom": "Hammers", "wooden_stooge": "Crushers"}


def test_a_level_score_won_on_the_coin_still_counts_as_a_win() -> None:
    table = standings(SKURLING, [MatchResult(1, "Hammers", "Dead Ends", 4, 4, "Dead Ends")])
    assert table.row("Dead Ends").points == 3
    assert table.row("Hammers").points == 0
    assert table.golden_broom == "Dead Ends"


def test_a_swiss_bye_is_worth_a_win_without_match_points() -> None:
    table = standings(SKURLING, [MatchResult(1, "A", "B", 6, 1, "A")], byes=[Bye(1, "C")])
    bye = table.row("C")
    assert (bye.points, bye.scored, bye.conceded, bye.byes, bye.played) == (3, 0, 0, 1, 0)
    assert table.teams == ("A", "C", "B")


def test_bad_results_are_reported_together() -> None:
    results = [
        MatchResult(1, "A", "B", 2, 6, "A"),
        MatchResult(1, "A", "C", 6, 0, "A"),
    ]
    with pytest.raises(UsageError) as raised:
        standings(SKURLING, results, [(2, "B")])
    message = str(raised.value)
    assert "the winner must be the team with more points (B)" in message
    assert "A plays twice in round 1" in message
    assert "dress bonus for B in round 2" in message


def test_the_final_pairs_the_top_two_and_must_be_played_by_them() -> None:
    table = standings(SKURLING, [MatchResult(1, "A", "B", 6, 1, "A"), MatchResult(1, "C", "D", 6, 2, "C")])
    assert final_pairing(SKURLING, table) == Pairing("A", "C")
    with pytest.raises(UsageError, match="the final must be between A and C"):
        trophies(SKURLING, table, MatchResult(2, "A", "B", 6, 0, "A"))


# --- the end of a Throwback match ----------------------------------------------------------


def test_first_to_six_after_equal_attacks_ends_the_match() -> None:
    assert throwback_match_over(SKURLING, (6, 3), (2, 2)) is True
    assert throwback_match_over(SKURLING, (6, 3), (2, 1)) is False  # the other team still has its reply
    assert throwback_match_over(SKURLING, (5, 4), (3, 3)) is False
    assert throwback_match_over(SKURLING, (5, 4), (3, 3), target=5) is True
    assert throwback_match_over(SKURLING, (7, 9), (4, 4), target=10) is False


def test_a_tie_at_six_goes_on_by_pairs_of_arcs_until_broken() -> None:
    assert throwback_match_over(SKURLING, (6, 6), (3, 3)) is False
    assert throwback_match_over(SKURLING, (8, 6), (4, 3)) is False  # first arc of the extra pair
    assert throwback_match_over(SKURLING, (8, 6), (4, 4)) is True  # the pair is complete and the tie broken


def test_impossible_attack_counts_are_refused() -> None:
    with pytest.raises(UsageError, match="never differ by more than 1"):
        throwback_match_over(SKURLING, (6, 0), (3, 1))
    with pytest.raises(UsageError, match="two whole numbers"):
        throwback_match_over(SKURLING, (6,), (1, 1))


def test_the_hour_is_the_data_limit() -> None:
    limit = throwback_rules(SKURLING).match.time_limit_minutes
    assert time_limit_reached(SKURLING, limit - 1) is False
    assert time_limit_reached(SKURLING, limit) is True


def test_on_time_the_last_complete_round_of_arcs_decides() -> None:
    # Team 1 leads 3-2 after two complete rounds; team 0's unanswered 4-point arc does not count.
    arcs = [ArcScore(0, 2), ArcScore(1, 3), ArcScore(0, 0), ArcScore(1, 0), ArcScore(0, 4)]
    with ScriptedDice([]) as dice:
        decision = match_result_on_time(SKURLING, arcs, dice)
    assert (decision.score, decision.winner, decision.arcs_counted, decision.decided_by) == ((2, 3), 1, 4, "points")


def test_a_level_score_on_time_goes_to_the_coin() -> None:
    with ScriptedDice([1]) as dice:
        heads = match_result_on_time(SKURLING, [(0, 3), (1, 3)], dice)
    with ScriptedDice([2]) as dice:
        tails = match_result_on_time(SKURLING, [(0, 3), (1, 3)], dice)
    with ScriptedDice([1]) as dice:
        other_first = match_result_on_time(SKURLING, [(1, 3), (0, 3), (1, 5)], dice)
    assert (heads.winner, heads.decided_by, heads.coin) == (0, "coin", 1)
    assert tails.winner == 1
    assert (other_first.winner, other_first.score) == (1, (3, 3))
    assert heads.to_json()["decided_by"] == "coin"


def test_arcs_must_alternate_attackers() -> None:
    with pytest.raises(UsageError, match=r"arc 2: .*team 0 attacked twice running"):
        match_result_on_time(SKURLING, [(0, 3), (0, 3)], ScriptedDice([]))


# --- the lane ------------------------------------------------------------------------------


def _attribute_table() -> Table:
    names = ["Astrogranite", "Solid Stone", "Soft Turf", "Deep Mud", "Loose Grit", "Puddles"]
    rows = tuple(
        Row(id=name.lower().replace(" ", "-"), name=name, text=f"{name}.", min=face, max=face) for face, name in enumerate(names, start=1)
    )
    return Table(id="test/raw-ground", name="Raw Ground", source="test", rows=rows, dice="D6")


def test_astrogranite_and_solid_stone_are_rolled_again() -> None:
    with ScriptedDice([1, 2, 1, 5]) as dice:
        rolled = throwback_attribute(SKURLING, _attribute_table(), dice)
    assert rolled.result.row.id == "loose-grit"
    assert rolled.rerolled == ("astrogranite", "solid-stone", "astrogranite")
    assert rolled.to_json()["rerolled"] == ["astrogranite", "solid-stone", "astrogranite"]
    with ScriptedDice([3]) as dice:
        assert throwback_attribute(SKURLING, _attribute_table(), dice).rerolled == ()


def test_the_named_preparation_and_attributes_are_rows_of_the_plugin_tables() -> None:
    named = throwback_rules(SKURLING).pebblemuck
    ruleset = bbcore.load_ruleset("skurling")
    assert named.preparation in {row.id for row in ruleset.table("skurling/pebblemuck").rows}
    attributes = ruleset.table(f"skurling/{named.preparation}-attributes")
    faces = {row.id: row.min for row in attributes.rows if row.min is not None}
    assert set(named.rerolled_attributes) <= set(faces)
    kept = next(row for row in attributes.rows if row.id not in named.rerolled_attributes)
    script = [faces[row_id] for row_id in named.rerolled_attributes] + [faces[kept.id]]
    with ScriptedDice(script) as dice:
        rolled = throwback_attribute(SKURLING, attributes, dice)
    assert (rolled.result.row.id, rolled.rerolled) == (kept.id, named.rerolled_attributes)
