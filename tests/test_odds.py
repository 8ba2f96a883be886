"""Exact odds: known values, agreement with a seeded Monte Carlo of the real procedures, hooks honoured, and the CLI."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from typing import Any

import attrs
import pytest

import bbcore
from bbcore.cli import main
from bbcore.dice import SeededDice, roll_on_table
from bbcore.errors import UsageError
from bbcore.odds import (
    armour_odds,
    block_odds,
    block_result,
    chain_odds,
    d6_test_chance,
    duel_board,
    foul_board,
    foul_odds,
    table_distribution,
)
from bbcore.rules.block import block
from bbcore.rules.board import BallState, Board, Status
from bbcore.rules.decisions import DefaultDecisions
from bbcore.rules.foul import foul
from bbcore.rules.injury import Harm, knock_down
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

RUNS = 4000


def test_two_dice_for_the_stronger_attacker(core: Ruleset) -> None:
    odds = block_odds(core, duel_board(core, 4, 3), "attacker", "defender")
    assert (odds.dice, odds.chooser) == (2, "attacker")
    # The attacker picks a POW or an unanswered Stumble unless neither die shows one.
    assert odds.results["defender-down"] == 1 - Fraction(4, 6) ** 2
    assert sum(odds.results.values()) == 1


def test_dodge_and_tackle_move_the_stumble(core: Ruleset) -> None:
    plain = block_odds(core, duel_board(core, 3, 3), "attacker", "defender").results["defender-down"]
    dodge = block_odds(core, duel_board(core, 3, 3, defender_skills=["dodge"]), "attacker", "defender").results["defender-down"]
    tackled = block_odds(core, duel_board(core, 3, 3, attacker_skills=["tackle"], defender_skills=["dodge"]), "attacker", "defender")
    assert (plain, dodge, tackled.results["defender-down"]) == (Fraction(2, 6), Fraction(1, 6), Fraction(2, 6))


def _distracted(board: Board, player_id: str) -> Board:
    return board.with_player(attrs.evolve(board.player(player_id), tackle_zone=False))


def test_the_cli_takes_a_skill_s_value_and_asks_for_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "block", "--st", "3", "--vs", "3", "--team-reroll", "--attacker-skills", "loner=4", "--json"]) == 0
    lonely = Fraction(json.loads(capsys.readouterr().out)["exact"]["defender-down"])
    assert main(["odds", "block", "--st", "3", "--vs", "3", "--team-reroll", "--json"]) == 0
    assert lonely < Fraction(json.loads(capsys.readouterr().out)["exact"]["defender-down"])
    assert main(["odds", "block", "--st", "3", "--vs", "3", "--attacker-skills", "loner"]) == 2
    assert "Loner needs its value" in capsys.readouterr().err
    assert main(["odds", "block", "--st", "3", "--vs", "3", "--attacker-skills", "block=2"]) == 2
    assert "Block takes no value" in capsys.readouterr().err


def test_the_cli_rolls_a_stab_s_armour_as_a_stab_unmodified(capsys: pytest.CaptureFixture[str]) -> None:
    # Nothing modifies a Stab's Armour Roll: neither Mighty Blow nor a modifier moves the 5 in 18 of AV 9.
    assert main(["odds", "armour", "--av", "9", "--cause", "stab", "--mighty-blow", "--modifier", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["exact"]["broken"] == "5/18"
    assert main(["odds", "armour", "--av", "9", "--cause", "block", "--modifier", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["exact"]["broken"] == "7/12"  # 7+ on 2D6


@pytest.mark.parametrize(
    "board",
    [
        pytest.param(lambda core: duel_board(core, 4, 3, defender_skills=["dodge"], attacker_skills=["block"]), id="block-dodge"),
        pytest.param(lambda core: duel_board(core, 3, 3, attacker_skills=["pro"]), id="pro"),
        pytest.param(lambda core: duel_board(core, 3, 3, defender_skills=["stand-firm"]), id="stand-firm"),
        pytest.param(lambda core: _distracted(duel_board(core, 3, 3, defender_skills=["block"]), "defender"), id="distracted"),
        pytest.param(
            lambda core: duel_board(core, 3, 4, attacker_skills=["dauntless"], assists=1), id="dauntless-compares-the-unassisted-strength"
        ),
        pytest.param(lambda core: duel_board(core, 3, 3, attacker_skills=["frenzy"], assists=1), id="frenzy"),
        pytest.param(lambda core: duel_board(core, 3, 3, sideline=True, defender_skills=["dodge"]), id="sideline"),
        pytest.param(
            lambda core: duel_board(core, 3, 4, attacker_skills=["frenzy"], defender_skills=["stand-firm"], assists=2, sideline=True),
            id="frenzy-at-the-sideline-against-stand-firm",
        ),
    ],
)
def test_block_odds_agree_with_a_monte_carlo_of_the_block_procedure(core: Ruleset, board: Any) -> None:
    board = board(core)
    exact = block_odds(core, board, "attacker", "defender").results
    dice = SeededDice(2025)
    counts = Counter(block_result(board, block(core, board, "attacker", "defender", dice), "attacker", "defender") for _ in range(RUNS))
    for result, chance in exact.items():
        assert abs(counts[result] / RUNS - float(chance)) < 0.03, result


def test_armour_odds_know_the_av_and_the_injury_table(core: Ruleset) -> None:
    odds = armour_odds(core, duel_board(core, 3, 3, defender_av=9), "defender", Harm("block"))
    assert odds.broken == Fraction(10, 36)
    assert odds.results["casualty"] == Fraction(10, 36) * Fraction(6, 36)


def test_a_ball_and_chain_player_who_falls_has_no_armour_roll(core: Ruleset) -> None:
    board = duel_board(core, 3, 3, defender_skills=["ball-and-chain"], defender_av=12)
    odds = armour_odds(core, board, "defender", Harm("block", fell=True))
    assert odds.results["armour-held"] == 0
    assert odds.broken == 1


def test_a_long_chain_of_tests_is_answered(core: Ruleset) -> None:
    assert chain_odds([2] * 12) == Fraction(5, 6) ** 12
    # With the re-roll: every test passes at once, or exactly one fails and its second roll passes.
    assert chain_odds([2] * 12, team_reroll=True) == Fraction(5, 6) ** 12 + 12 * Fraction(1, 6) * Fraction(5, 6) ** 12


def test_a_duel_board_has_room_for_three_assists_a_side(core: Ruleset) -> None:
    board = duel_board(core, 3, 3, assists=3, defensive_assists=3)
    from bbcore.rules.block import assists

    offensive, defensive = assists(board, board.player("attacker"), board.player("defender"))
    assert (len(offensive), len(defensive)) == (3, 3)
    with pytest.raises(UsageError, match="0 to 3 assists"):
        duel_board(core, 3, 3, assists=4)


def test_mighty_blow_raises_the_odds(core: Ruleset) -> None:
    board = duel_board(core, 3, 3, defender_av=9)
    plain = armour_odds(core, board, "defender", Harm("block")).broken
    strong = armour_odds(core, board, "defender", Harm("block", mighty_blow=True)).broken
    assert strong == Fraction(15, 36) > plain


def test_a_mighty_blow_not_spent_on_the_armour_goes_on_the_injury(core: Ruleset) -> None:
    board = duel_board(core, 3, 3, defender_av=9)
    odds = armour_odds(core, board, "defender", Harm("block", mighty_blow=True))
    # Broken unaided on 9+ (10 in 36): the injury roll then needs 9+ for a casualty (10+ less the blow).
    # Broken by the blow on a natural 8 (5 in 36): the blow is spent, the injury needs 10+ (6 in 36).
    assert odds.results["casualty"] == Fraction(10, 36) * Fraction(10, 36) + Fraction(5, 36) * Fraction(6, 36)


def test_a_bigger_blow_counts_whole_on_the_injury(core: Ruleset) -> None:
    board = duel_board(core, 3, 3, defender_av=12)
    odds = armour_odds(core, board, "defender", Harm("block", mighty_blow=True, blow_bonus=2))
    # Only a natural 12 breaks AV 12 unaided (1 in 36): the injury then needs 8+ for a casualty (15 in 36).
    # A natural 10 or 11 breaks it with the blow (5 in 36), spent: the injury needs 10+ (6 in 36).
    assert odds.results["casualty"] == Fraction(1, 36) * Fraction(15, 36) + Fraction(5, 36) * Fraction(6, 36)


def test_armour_odds_agree_with_a_monte_carlo_of_the_knock_down(core: Ruleset) -> None:
    board = duel_board(core, 3, 3, defender_av=8, defender_skills=["thick-skull"])
    exact = armour_odds(core, board, "defender", Harm("block")).results
    dice = SeededDice(7)
    counts: Counter[str] = Counter()
    for _ in range(RUNS):
        outcome = knock_down(core, board, "defender", Harm("block"), dice)
        injury = next((e.result for e in outcome.events if e.kind == "injury"), "armour-held")
        if outcome.board.player("defender").status is Status.STUNNED and injury != "stunned":
            injury = "stunned"
        counts[injury] += 1
    for result, chance in exact.items():
        assert abs(counts[result] / RUNS - float(chance)) < 0.03, result


def test_table_distribution_agrees_with_rolls(core: Ruleset) -> None:
    exact = table_distribution(core, "weather")
    dice = SeededDice(11)
    counts = Counter(roll_on_table(core.table("weather"), dice).row.id for _ in range(RUNS))
    for row, chance in exact.items():
        assert abs(counts[row] / RUNS - float(chance)) < 0.03


def test_a_chain_of_tests_with_and_without_a_reroll() -> None:
    assert chain_odds([3, 2]) == d6_test_chance(3) * d6_test_chance(2)
    single = d6_test_chance(3)
    assert chain_odds([3], team_reroll=True) == single + (1 - single) * single
    assert d6_test_chance(7) == Fraction(1, 6)  # a natural 6 always passes
    assert d6_test_chance(2, modifier=-5) == Fraction(1, 6)


def test_a_variants_strength_hook_changes_the_odds(make_ruleset: Any) -> None:
    class Barricade:
        @bbcore.hookimpl
        def bbcore_block_strength_modifier(self, ruleset: Any, board: Any, player: Any, opponent: Any, attacking: bool, blitz: bool) -> int:
            return 1 if not attacking else 0

    rules = make_ruleset(plugins=[("barricade", Barricade())], entry_points=False)
    odds = block_odds(rules, duel_board(rules, 3, 3), "attacker", "defender")
    assert (odds.dice, odds.chooser) == (2, "defender")


def test_the_cli_gives_exact_odds_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "block", "--st", "4", "--vs", "3", "--json"]) == 0
    block_json = json.loads(capsys.readouterr().out)
    assert block_json["dice"] == 2
    assert block_json["exact"]["defender-down"] == "5/9"
    assert main(["odds", "block", "--st", "3", "--vs", "3", "--team-reroll", "--json"]) == 0
    rerolled = json.loads(capsys.readouterr().out)["exact"]
    assert Fraction(rerolled["attacker-down"]) < Fraction(1, 6)
    assert main(["odds", "armour", "--av", "9", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["exact"]["broken"] == "5/18"
    assert main(["odds", "table", "weather", "--json"]) == 0
    table_json = json.loads(capsys.readouterr().out)
    assert sum(table_json["rows"].values()) == pytest.approx(1)
    assert main(["odds", "tests", "--target", "3", "--target", "2+", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["exact"]["success"] == "5/9"
    assert main(["odds", "pass", "--pa", "3", "--band", "short", "--markers", "1", "--json"]) == 0
    pass_json = json.loads(capsys.readouterr().out)
    assert (pass_json["band"], pass_json["modifier"]) == ("short", -2)
    assert pass_json["exact"] == {"accurate": "1/3", "inaccurate": "1/6", "fumbled": "1/2"}


def two_d6_chances(core: Ruleset, table_id: str, *, blow: int = 0) -> dict[str, Fraction]:
    """Each row's chance on 2D6 plus ``blow``, read straight from the table's ranges."""
    table = core.table(table_id)
    low, high = table.rows[0].min, table.rows[-1].max
    chances = dict.fromkeys((row.id for row in table.rows), Fraction(0))
    for first in range(1, 7):
        for second in range(1, 7):
            total = min(max(first + second + blow, low), high)
            chances[table.row_for(total).id] += Fraction(1, 36)
    return chances


def test_the_cli_gives_the_injury_rolls_odds_from_the_tables(core: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "injury", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    expected = two_d6_chances(core, "injury")
    assert plain["table"] == "injury"
    assert {k: Fraction(v) for k, v in plain["exact"].items() if ":" not in k} == expected
    assert main(["odds", "injury", "--mighty-blow", "--json"]) == 0
    blown = json.loads(capsys.readouterr().out)["exact"]
    assert {k: Fraction(v) for k, v in blown.items() if ":" not in k} == two_d6_chances(
        core, "injury", blow=core.parameters.block.mighty_blow
    )
    # Thick Skull turns the lowest Knocked-out total into Stunned; the crowd sends a Stunned player to the Reserves.
    assert main(["odds", "injury", "--thick-skull", "--crowd", "--json"]) == 0
    skull = json.loads(capsys.readouterr().out)["exact"]
    knocked_out = core.table("injury").row("knocked-out")
    lowest_ko = Fraction(min(knocked_out.min - 1, 12 - knocked_out.min + 1), 36)  # ways to roll that total on 2D6
    assert Fraction(skull["status:reserves"]) == expected["stunned"] + lowest_ko
    assert Fraction(skull["status:ko"]) == expected["knocked-out"] - lowest_ko
    assert main(["odds", "injury", "--stunty", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["table"] == "stunty-injury"


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "armour", "--av", "x"],
        ["odds", "armour", "--av", "9", "--cause", "blcok"],
        ["odds", "injury", "--crowd", "--mighty-blow"],
        ["odds", "injury", "--skills", "thick-skul"],
        ["odds", "block", "--st", "4"],
        ["odds", "tests", "--target", "9"],
        ["odds", "block", "--st", "4", "--vs", "3", "--attacker-skills", "flying"],
        ["odds", "pass", "--pa", "3", "--band", "longest"],
        ["odds", "pass", "--pa", "3", "--band", "quick", "--markers", "9"],
    ],
)
def test_bad_odds_arguments_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1


def test_block_odds_roll_the_dice_as_the_block_does_brawler_and_a_team_re_roll(core: Ruleset) -> None:
    # One die each (ST 3 against ST 3): Brawler rolls a Both Down again, so it stays only a sixth of a sixth.
    brawler = block_odds(core, duel_board(core, 3, 3, attacker_skills=["brawler"]), "attacker", "defender")
    assert brawler.faces["both-down"] == Fraction(1, 36)
    # The default coach re-rolls a Player Down or a Both Down (no Block): either must come up twice.
    rerolled = block_odds(core, duel_board(core, 3, 3), "attacker", "defender", team_reroll=True)
    assert rerolled.faces["player-down"] == Fraction(2, 6) * Fraction(1, 6)
    assert sum(rerolled.faces.values()) == 1


def test_dauntless_mixes_the_two_blocks_by_the_chance_of_its_roll(core: Ruleset) -> None:
    # ST 3 against ST 4: a D6 + 3 above 4 (five faces in six) makes it ST 4 against ST 4.
    dauntless = block_odds(core, duel_board(core, 3, 4, attacker_skills=["dauntless"]), "attacker", "defender").results
    weaker = block_odds(core, duel_board(core, 3, 4), "attacker", "defender").results
    matched = block_odds(core, duel_board(core, 4, 4), "attacker", "defender").results
    assert all(dauntless[r] == Fraction(1, 6) * weaker[r] + Fraction(5, 6) * matched[r] for r in dauntless)
    assert dauntless["defender-down"] > weaker["defender-down"]


def test_foul_odds_know_the_doubles_and_the_assists(core: Ruleset) -> None:
    plain = foul_odds(core, foul_board(core, 9), "fouler", "victim")
    assert plain.broken == Fraction(10, 36)  # 9+ on 2D6
    # Any double on the Armour Roll, or a double on the Injury Roll after a break without one.
    assert plain.sent_off == Fraction(6, 36) + Fraction(8, 36) * Fraction(6, 36)
    assert plain.results["casualty"] == Fraction(10, 36) * Fraction(6, 36)
    helped = foul_odds(core, foul_board(core, 9, assists=2, defensive_assists=1), "fouler", "victim")
    assert helped.broken == Fraction(15, 36)  # 8+: one assist's worth
    git = foul_odds(core, foul_board(core, 9, fouler_skills=["sneaky-git"]), "fouler", "victim")
    assert git.sent_off == Fraction(2, 36) + Fraction(8, 36) * Fraction(6, 36)  # only 5-5 and 6-6 count


def test_foul_odds_agree_with_a_monte_carlo_of_the_foul(core: Ruleset) -> None:
    state = foul_board(core, 8, assists=1, fouler_skills=["dirty-player"], victim_skills=["thick-skull"])
    exact = foul_odds(core, state, "fouler", "victim")
    decisions = DefaultDecisions()
    dice = SeededDice(11)
    counts: Counter[str] = Counter()
    sent_off = 0
    for _ in range(RUNS):
        outcome = foul(core, state, "fouler", "victim", dice, decisions)
        counts[next((e.result for e in outcome.events if e.kind == "injury"), "armour-held")] += 1
        sent_off += any(e.kind == "referee" and e.result == "sent-off" for e in outcome.events)
    for result, chance in exact.results.items():
        assert abs(counts[result] / RUNS - float(chance)) < 0.03, result
    assert abs(sent_off / RUNS - float(exact.sent_off)) < 0.03


def test_the_cli_gives_foul_odds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "foul", "--av", "9", "--assists", "1", "--json"]) == 0
    odds = json.loads(capsys.readouterr().out)
    assert odds["exact"]["broken"] == "5/12"  # 8+ on 2D6
    assert main(["odds", "foul", "--av", "9", "--variant", "gutterbowl", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["sent_off"] == 0  # no referee
    assert main(["odds", "foul", "--av", "9", "--assists", "4"]) == 2
    assert "0 to 3" in capsys.readouterr().err
    assert main(["odds", "foul", "--av", "9", "--victim-team-prayers", "nope"]) == 2
    assert "unknown prayer 'nope'" in capsys.readouterr().err
    # A biased referee spots a double-free foul on 5+: a third of the fouls he did not see already.
    argv = ["odds", "foul", "--av", "9", "--pack", "bb2020", "--victim-team-inducements", "bb2020/biased-referee", "--json"]
    assert main(argv) == 0
    plain = Fraction(11, 54)
    assert Fraction(json.loads(capsys.readouterr().out)["exact"]["sent_off"]) == plain + (1 - plain) * Fraction(2, 6)
    assert main(["odds", "foul", "--av", "9", "--victim-team-prayers", "under-scrutiny", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["exact"]["sent_off"] == str(Fraction(6, 36) + Fraction(8, 36))


def test_frenzy_s_second_block_follows_a_push_that_leaves_the_target_standing(core: Ruleset) -> None:
    # One die each, no helpers: the push leaves the same duel one square on, so the second block has the first's odds.
    plain = block_odds(core, duel_board(core, 3, 3), "attacker", "defender").results
    frenzy = block_odds(core, duel_board(core, 3, 3, attacker_skills=["frenzy"]), "attacker", "defender")
    pushed = plain["pushed"]
    assert frenzy.second_block == pushed > 0
    for result in ("defender-down", "both-down", "attacker-down"):
        assert frenzy.results[result] == plain[result] * (1 + pushed)
    assert frenzy.results["pushed"] == pushed * pushed
    assert sum(frenzy.results.values()) == 1


def test_a_target_who_stands_firm_still_takes_frenzy_s_second_block(core: Ruleset) -> None:
    firm = block_odds(core, duel_board(core, 3, 3, attacker_skills=["frenzy"], defender_skills=["stand-firm"]), "attacker", "defender")
    unmoved = block_odds(core, duel_board(core, 3, 3, defender_skills=["stand-firm"]), "attacker", "defender").results
    assert firm.second_block == unmoved["both-standing"] > 0
    assert firm.results["both-standing"] == unmoved["both-standing"] ** 2


def test_frenzy_s_second_block_has_the_team_re_roll_the_first_left(core: Ruleset) -> None:
    board = duel_board(core, 3, 3, attacker_skills=["frenzy"])
    exact = block_odds(core, board, "attacker", "defender", team_reroll=True).results
    dice = SeededDice(7)
    counts = Counter(
        block_result(board, block(core, board, "attacker", "defender", dice, team_reroll=True), "attacker", "defender") for _ in range(RUNS)
    )
    for result, chance in exact.items():
        assert abs(counts[result] / RUNS - float(chance)) < 0.03, result
    assert exact["attacker-down"] < block_odds(core, board, "attacker", "defender").results["attacker-down"]


def test_at_the_sideline_every_push_sends_the_target_into_the_crowd(core: Ruleset) -> None:
    middle = block_odds(core, duel_board(core, 3, 3), "attacker", "defender").results
    edge = block_odds(core, duel_board(core, 3, 3, sideline=True), "attacker", "defender").results
    assert edge["off-pitch"] == middle["pushed"] + middle["defender-down"] > 0
    assert edge["pushed"] == edge["defender-down"] == 0
    assert edge["attacker-down"] == middle["attacker-down"]
    # Standing Firm keeps him in; a POW still knocks him down where he stands.
    firm = block_odds(core, duel_board(core, 3, 3, sideline=True, defender_skills=["stand-firm"]), "attacker", "defender").results
    assert firm["off-pitch"] == 0
    assert firm["defender-down"] == middle["defender-down"]


def test_the_cli_puts_the_duel_at_the_sideline(capsys: pytest.CaptureFixture[str]) -> None:
    # One die: Push Back (two faces), Stumble and POW all push him off the edge.
    assert main(["odds", "block", "--st", "3", "--vs", "3", "--sideline", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["exact"]["off-pitch"] == "2/3"
    assert main(["odds", "block", "--st", "3", "--vs", "3", "--attacker-skills", "frenzy"]) == 0
    assert "Frenzy's second block: 33.3%" in capsys.readouterr().out
    assert main(["odds", "block", "--st", "3", "--vs", "3", "--sideline", "--assists", "3"]) == 2
    assert "at the sideline has room for 0 to 2 assists" in capsys.readouterr().err


def test_a_push_onto_a_loose_ball_in_a_crowd_of_catchers_is_reckoned_as_without_the_ball(core: Ruleset) -> None:
    # The only free push square holds the ball, ringed by players who may each miss it back to another: paths without
    # end were once followed (and refused). The ball's flight changes no result of a block without Frenzy.
    players = {
        "a": ("home", "human/human-lineman", (10, 7)),
        "d": ("away", "orc/orc-lineman", (11, 7)),
        "x": ("away", "orc/orc-lineman", (12, 6)),
        "y": ("away", "orc/orc-lineman", (12, 8)),
        "p": ("home", "human/human-lineman", (13, 7)),
        "q": ("home", "human/human-lineman", (13, 6)),
    }
    with_ball = build_board(core, players, ball=(12, 7))
    odds = block_odds(core, with_ball, "a", "d")
    assert odds.results == block_odds(core, with_ball.with_ball(BallState()), "a", "d").results
    assert odds.results["pushed"] > 0
