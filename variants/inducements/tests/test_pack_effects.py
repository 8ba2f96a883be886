"""The packs' in-game inducements: kegs, chefs, weather mages, pots and fireballs, with scripted dice."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from bbcore_inducement_packs.blasts import cast_fireball, throw_pot
from bbcore_inducement_packs.effects import call_weather_mage
from bbcore_inducement_packs.giants import hire_giant

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Status, build_board
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.rules.drive import cook
from bbcore.rules.inducement_uses import uses_left
from bbcore.rules.injury import recover_knocked_out
from bbcore.rules.sequences import GameState, TeamState

LINEMAN = "human/human-lineman"


def state(rules: bbcore.Ruleset, board: Board, home: dict[str, int] | None = None, rerolls: int = 2) -> GameState:
    return GameState(
        TeamState("home", "H", "human", 1, rerolls=rerolls, inducements=home or {}),
        TeamState("away", "A", "human", 1, rerolls=rerolls),
        board,
    )


def two_teams(rules: bbcore.Ruleset) -> Board:
    return build_board(rules, {"h": ("home", LINEMAN, (5, 5)), "a": ("away", LINEMAN, (20, 5))})


def knocked_out(rules: bbcore.Ruleset) -> Board:
    return build_board(rules, {"p": ("home", LINEMAN, None)}, statuses={"p": "ko"})


@pytest.mark.parametrize(("pack", "keg"), [("bb2020", "bb2020/bloodweiser-kegs"), ("classic", "classic/bloodweiser-keg")])
def test_each_keg_adds_one_to_ko_recovery(pack: str, keg: str) -> None:
    rules = bbcore.load_ruleset(packs=[pack])
    with ScriptedDice([2]) as dice:
        outcome = recover_knocked_out(rules, knocked_out(rules), dice, {"home": {keg: 2}})
    assert outcome.events[0].detail["modifier"] == 2
    assert outcome.board.player("p").status is Status.RESERVES


def test_the_core_lists_kegs_help_from_data_alone() -> None:
    rules = bbcore.load_ruleset()
    with ScriptedDice([3]) as dice:
        outcome = recover_knocked_out(rules, knocked_out(rules), dice, {"home": {"blitzers-best-kegs": 1}})
    assert outcome.board.player("p").status is Status.RESERVES


@pytest.mark.parametrize(("pack", "chef"), [("bb2020", "bb2020/halfling-master-chef"), ("classic", "classic/chef")])
def test_the_chef_gains_a_reroll_per_success_and_takes_the_opponents(pack: str, chef: str) -> None:
    rules = bbcore.load_ruleset(packs=[pack])
    start = state(rules, two_teams(rules), {chef: 1}, rerolls=1)
    with ScriptedDice([4, 6, 3]) as dice:  # two of three dice at 4 or more; a 3 fails
        after, events = cook(rules, start, dice, ScriptedDecisions([]))
    assert after.home.rerolls == 3
    assert after.away.rerolls == 0  # only one to take
    assert events[0].detail["taken"] == 1


@pytest.mark.parametrize(("pack", "mage"), [("bb2020", "bb2020/weather-mage"), ("classic", "classic/weather-mage")])
def test_the_weather_mage_allows_up_to_two_either_way(pack: str, mage: str) -> None:
    from bbcore.errors import UsageError
    from bbcore.rules.decisions import DefaultDecisions

    class Greedy(DefaultDecisions):
        def weather_modifier(self, team: str, allowed: object) -> int:
            return 3

    rules = bbcore.load_ruleset(packs=[pack])
    start = state(rules, two_teams(rules), {mage: 1})
    with pytest.raises(UsageError, match="3 is not a modifier"):
        call_weather_mage(rules, start, "home", mage, ScriptedDice([]), Greedy())
    with ScriptedDice([3, 4]) as dice:
        _, events = call_weather_mage(rules, start, "home", mage, dice, ScriptedDecisions([("weather-modifier", -2)]))
    assert [(e.kind, e.result) for e in events[:2]] == [("inducement-used", mage), ("weather-mage", "-2")]


@pytest.mark.parametrize("pack", ["bb2020", "classic"])
def test_the_chef_cooks_once_in_the_core_s_step_before_set_up(pack: str) -> None:
    steps = [step.id for step in bbcore.load_ruleset(packs=[pack]).sequence("start-of-drive").steps]
    assert [s for s in steps if s.endswith("chef")] == ["chef"]
    assert steps.index("chef") < steps.index("set-up")


def test_the_chef_does_not_cook_once_the_half_is_under_way(classic: bbcore.Ruleset) -> None:
    start = state(classic, two_teams(classic), {"classic/chef": 1})
    start = start.update_team("home", turn=3)
    with ScriptedDice([]) as dice:
        after, events = cook(classic, start, dice, ScriptedDecisions([]))
    assert events == ()
    assert after.home.rerolls == 2


def test_the_weather_mage_adds_the_chosen_modifier_and_is_spent(bb2020: bbcore.Ruleset) -> None:
    start = state(bb2020, two_teams(bb2020), {"bb2020/weather-mage": 1})
    with ScriptedDice([3, 4]) as dice:
        after, events = call_weather_mage(bb2020, start, "home", "bb2020/weather-mage", dice, ScriptedDecisions([("weather-modifier", 2)]))
    weather = events[-1]
    assert weather.detail["modifier"] == 2
    assert bb2020.table("weather").row_for(9).id == after.weather
    assert uses_left(bb2020, after, "home", "bb2020/weather-mage") == 0
    with pytest.raises(UsageError, match="has used Weather Mage as often as it may this game"):
        call_weather_mage(bb2020, after, "home", "bb2020/weather-mage", ScriptedDice([]), ScriptedDecisions([]))


@pytest.mark.parametrize(("pack", "back_at_drive_end"), [("bb2020", True), ("classic", False)])
def test_the_mages_weather_lasts_until_the_opponents_next_turn_ends(pack: str, back_at_drive_end: bool) -> None:
    from bbcore.rules.drive import clear_the_pitch, end_turn

    rules = bbcore.load_ruleset(packs=[pack])
    mage = f"{pack}/weather-mage"
    start = attrs.evolve(state(rules, two_teams(rules), {mage: 1}), weather="perfect-conditions")
    with ScriptedDice([6, 6]) as dice:
        called, _ = call_weather_mage(rules, start, "home", mage, dice, ScriptedDecisions([("weather-modifier", 2)]))
    stormy = called.weather
    assert stormy != "perfect-conditions"
    own, _ = end_turn(rules, called, "home", ScriptedDice([]))
    assert own.weather == stormy  # the mage's own team's turn ending changes nothing
    theirs, events = end_turn(rules, own, "away", ScriptedDice([]))
    assert (theirs.weather, theirs.weather_return) == ("perfect-conditions", None)
    assert [e.result for e in events if e.kind == "weather-returns"] == ["perfect-conditions"]
    ended, _ = clear_the_pitch(rules, own, ScriptedDice([]), DefaultDecisions())
    assert ended.weather == ("perfect-conditions" if back_at_drive_end else stormy)
    assert ended.weather_return is None


def test_the_weather_mage_refuses_a_modifier_the_data_does_not_allow(classic: bbcore.Ruleset) -> None:
    start = state(classic, two_teams(classic), {"classic/weather-mage": 1})

    class WantsThree(DefaultDecisions):
        def weather_modifier(self, team: str, allowed: Sequence[int]) -> int:
            return 3  # a coach who answers outside the offer (a script would refuse it itself)

    with pytest.raises(UsageError, match="3 is not a modifier"):
        call_weather_mage(classic, start, "home", "classic/weather-mage", ScriptedDice([]), WantsThree())


def test_a_fireball_knocks_down_standing_players_hit_on_four_or_more(bb2020: bbcore.Ruleset) -> None:
    board = build_board(bb2020, {"a": ("away", LINEMAN, (10, 7)), "b": ("away", LINEMAN, (11, 8)), "far": ("away", LINEMAN, (14, 7))})
    # a: hit (4), armour 2+2 held; b: dodges (3)
    with ScriptedDice([4, 2, 2, 3]) as dice:
        blast = cast_fireball(bb2020, board, "home", "bb2020/hireling-sports-wizard", (10, 7), dice)
    assert blast.outcome.board.player("a").status is Status.PRONE
    assert blast.outcome.board.player("b").status is Status.STANDING
    assert blast.outcome.board.player("far").status is Status.STANDING
    assert not blast.turnover


def test_horatios_fireball_moves_its_target_first(bb2020: bbcore.Ruleset) -> None:
    board = build_board(bb2020, {"a": ("away", LINEMAN, (10, 7))})
    direction = next(row for row in bb2020.table("random-direction").rows if (row.values["dx"], row.values["dy"]) == (1, 0))
    # moves 3 squares away from a: nobody left to hit
    with ScriptedDice([direction.min or 0, 3]) as dice:
        blast = cast_fireball(bb2020, board, "home", "bb2020/horatio-x-schottenheim", (10, 7), dice)
    assert blast.outcome.board.player("a").status is Status.STANDING


def test_classic_horatio_deflects_his_fireball_d3_squares_and_only_a_dropped_ball_is_a_turnover(classic: bbcore.Ruleset) -> None:
    players = {
        "a": ("away", LINEMAN, (13, 7)),
        "c": ("home", LINEMAN, (14, 8)),
        "h": ("home", LINEMAN, (14, 6)),
        "o": ("away", LINEMAN, (10, 7)),
    }
    board = build_board(classic, players, ball="c")
    # moved right (5) 3 squares to (13, 7); a, c and h are hit (4, 5, 6), o is far off;
    # each armour roll is 4+4 = 8, +1 (Mighty Blow) = 9 breaks AV 9+, then injury 2+2 = 4
    # (stunned); the ball c held bounces right (5) to (15, 8)
    rolls = [5, 3, 4, 4, 4, 2, 2, 5, 4, 4, 2, 2, 5, 6, 4, 4, 2, 2]
    with ScriptedDice(rolls) as dice:
        blast = cast_fireball(classic, board, "home", "classic/horatio-x-schottenheim", (10, 7), dice)
    after = blast.outcome.board
    assert [after.player(pid).status for pid in ("a", "c", "h")] == [Status.STUNNED] * 3
    assert after.player("o").status is Status.STANDING
    assert after.ball.square == (15, 8)
    assert blast.turnover  # c, a Horatio player, held the ball


def test_classic_horatio_throws_once_a_half(classic: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.in_game import use_in_game

    horatio = "classic/horatio-x-schottenheim"
    board = build_board(classic, {"o": ("away", LINEMAN, (20, 7))})
    first = state(classic, board, {horatio: 1})
    # Moved right 3 squares, far from anybody: nothing more is rolled.
    with ScriptedDice([5, 3]) as dice:
        spent, _, _ = use_in_game(classic, first, "home", horatio, lambda on: cast_fireball(classic, on, "home", horatio, (5, 7), dice))
    assert uses_left(classic, spent, "home", horatio) == 0
    with pytest.raises(UsageError, match="as often as it may this half"):
        use_in_game(classic, spent, "home", horatio, lambda on: cast_fireball(classic, on, "home", horatio, (5, 7), ScriptedDice([])))
    assert uses_left(classic, attrs.evolve(spent, half=2), "home", horatio) == 1


def test_the_hot_pot_on_target_knocks_down_the_player_there_and_lays_the_splashed_prone(bb2020: bbcore.Ruleset) -> None:
    board = build_board(bb2020, {"a": ("away", LINEMAN, (10, 7)), "b": ("away", LINEMAN, (11, 7))})
    # on target (6); a: armour 1+1 held; b: splashed (5) and placed prone with no armour roll
    with ScriptedDice([6, 1, 1, 5]) as dice:
        blast = throw_pot(bb2020, board, "home", "bb2020/halfling-hot-pot", (10, 7), dice)
    assert blast.outcome.board.player("a").status is Status.PRONE
    assert blast.outcome.board.player("b").status is Status.PRONE
    assert [e.kind for e in blast.outcome.events].count("armour") == 1


def test_a_giant_is_hit_on_any_square_of_its_base_and_only_once(classic: bbcore.Ruleset) -> None:
    giant = hire_giant(classic, "classic/slave-giant", "g", "away", (10, 7))  # its base: (10..11, 7..8)
    board = build_board(classic, {"b": ("away", LINEMAN, (13, 9))}).with_player(giant)
    # The pot lands on the base's lower-right square: the giant is struck (armour 1+1 held); b is not next to it.
    with ScriptedDice([6, 1, 1]) as dice:
        pot = throw_pot(classic, board, "home", "classic/boiling-pot", (11, 8), dice)
    assert pot.outcome.board.player("g").status is Status.PRONE
    assert not [e for e in pot.outcome.events if e.kind == "pot-splash"]
    # A fireball next to two squares of the base rolls for b (dodges), and for the giant once (hit, armour 1+1).
    with ScriptedDice([3, 4, 1, 1]) as dice:
        fire = cast_fireball(classic, board, "home", "classic/wizard", (12, 8), dice)
    assert [e.who for e in fire.outcome.events if e.kind == "fireball-hit"] == ["b", "g"]
    assert fire.outcome.board.player("g").status is Status.PRONE


def test_the_hot_pot_on_a_player_already_down_rolls_his_armour_then_his_injury(bb2020: bbcore.Ruleset) -> None:
    board = build_board(bb2020, {"a": ("away", LINEMAN, (10, 7))}, statuses={"a": "prone"})
    # on target (6); armour 5+4 = 9 breaks AV 9+; injury 2+2 = 4: Stunned
    with ScriptedDice([6, 5, 4, 2, 2]) as dice:
        blast = throw_pot(bb2020, board, "home", "bb2020/halfling-hot-pot", (10, 7), dice)
    assert blast.outcome.board.player("a").status is Status.STUNNED
    assert [e.kind for e in blast.outcome.events if e.kind in ("armour", "injury")] == ["armour", "injury"]


def test_a_misfiring_pot_knocks_out_the_throwers_own_reserves(classic: bbcore.Ruleset) -> None:
    board = build_board(classic, {"r": ("home", LINEMAN, None)}, statuses={"r": "reserves"})
    # misfire (1), D3 players (1), the random pick among one (1)
    with ScriptedDice([1, 1, 1]) as dice:
        blast = throw_pot(classic, board, "home", "classic/boiling-pot", (10, 7), dice)
    assert blast.outcome.board.player("r").status is Status.KO


def test_the_boiling_pot_on_your_own_player_is_a_turnover(classic: bbcore.Ruleset) -> None:
    board = build_board(classic, {"mine": ("home", LINEMAN, (10, 7))})
    with ScriptedDice([6, 1, 1]) as dice:
        blast = throw_pot(classic, board, "home", "classic/boiling-pot", (10, 7), dice)
    assert blast.turnover


@pytest.mark.parametrize(
    ("pack", "pot", "rolled_beside"),
    [("bb2020", "bb2020/halfling-hot-pot", True), ("classic", "classic/boiling-pot", False)],
)
def test_a_pot_moved_off_the_pitch_splashes_the_players_beside_it_only_where_its_text_is_silent(
    pack: str, pot: str, rolled_beside: bool
) -> None:
    rules = bbcore.load_ruleset(packs=[pack])
    board = build_board(rules, {"a": ("away", LINEMAN, (10, 0))})
    # Off target (3), moved up (D8 2) 2 squares (D3 2): from (10, 1) to (10, -1), past the sideline by a.
    with ScriptedDice([3, 2, 2, *([4] if rolled_beside else [])]) as dice:
        blast = throw_pot(rules, board, "home", pot, (10, 1), dice)
    assert any(e.kind == "blast-off-pitch" for e in blast.outcome.events)
    assert [e.who for e in blast.outcome.events if e.kind == "pot-splash"] == (["a"] if rolled_beside else [])
    assert blast.outcome.board.player("a").status is (Status.PRONE if rolled_beside else Status.STANDING)


def test_horatios_fireball_moved_off_the_pitch_still_rolls_for_the_players_beside_it(bb2020: bbcore.Ruleset) -> None:
    board = build_board(bb2020, {"a": ("away", LINEMAN, (10, 0))})
    # Moved up (D8 2) 2 squares (D3 2) to (10, -1); a beside it dodges (3).
    with ScriptedDice([2, 2, 3]) as dice:
        blast = cast_fireball(bb2020, board, "home", "bb2020/horatio-x-schottenheim", (10, 1), dice)
    assert [(e.kind, e.who, e.result) for e in blast.outcome.events[-2:]] == [
        ("blast-off-pitch", "home", "(10, -1)"),
        ("fireball-hit", "a", "dodged"),
    ]


@pytest.mark.parametrize("carrier", [False, True])
def test_the_boiling_pots_splash_fells_your_own_player_and_is_a_turnover_only_with_the_ball(classic: bbcore.Ruleset, carrier: bool) -> None:
    board = build_board(classic, {"a": ("away", LINEMAN, (10, 7)), "mine": ("home", LINEMAN, (11, 7))}, ball="mine" if carrier else None)
    # On target (6): a's armour 4+4, +1 as if by Mighty Blow, breaks AV 9+; injury 2+2 (Stunned).
    # The splash on mine (4) knocks him down: armour 1+1 holds; a ball he held bounces (D8 5).
    with ScriptedDice([6, 4, 4, 2, 2, 4, 1, 1, *([5] if carrier else [])]) as dice:
        blast = throw_pot(classic, board, "home", "classic/boiling-pot", (10, 7), dice)
    after = blast.outcome.board
    assert (after.player("a").status, after.player("mine").status) == (Status.STUNNED, Status.PRONE)
    armour = next(e for e in blast.outcome.events if e.kind == "armour" and e.who == "a")
    assert armour.result == "broken"
    assert blast.turnover is carrier


@pytest.mark.parametrize(("pack", "inducement"), [("bb2020", "bb2020/extra-team-training"), ("classic", "classic/extra-training")])
def test_a_packs_extra_training_adds_team_rerolls_for_the_game(pack: str, inducement: str) -> None:
    from bbcore.model.team import InducementOrder
    from bbcore.rules.sequences import team_state

    rules = bbcore.load_ruleset(packs=[pack])
    human = next(ref.team for ref in rules.team_files if ref.id == "human-starter")
    trained = team_state(rules, "home", attrs.evolve(human, inducements=(InducementOrder(inducement, 1),)))
    assert trained.rerolls == human.rerolls + 1


def test_the_weather_mage_is_offered_as_its_team_s_turn_starts_and_not_the_opponent_s(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.moments import OPPOSITION_TURN_END

    from bbcore.rules.turns import start_turn

    mage = "bb2020/weather-mage"
    start = attrs.evolve(state(bb2020, two_teams(bb2020), {mage: 1}), weather="perfect-conditions")
    keeps = ScriptedDecisions([("use-inducement", False)], strict=True)
    kept, events = start_turn(bb2020, start, "home", ScriptedDice([]), keeps)
    assert (kept.weather, events, uses_left(bb2020, kept, "home", mage)) == ("perfect-conditions", (), 1)
    # The opponent's turn start offers nothing (a strict script with nothing in it would fail if asked).
    start_turn(bb2020, start, "away", ScriptedDice([]), ScriptedDecisions([], strict=True))
    calls = ScriptedDecisions([("use-inducement", True), ("weather-modifier", 2)], strict=True)
    with ScriptedDice([6, 6]) as dice:
        called, events = start_turn(bb2020, start, "home", dice, calls)
    assert [e.kind for e in events][:2] == ["inducement-used", "weather-mage"]
    assert called.weather != "perfect-conditions"
    assert uses_left(bb2020, called, "home", mage) == 0
    with pytest.raises(UsageError, match="cannot be called at opposition-turn-end"):
        call_weather_mage(bb2020, start, "home", mage, ScriptedDice([]), DefaultDecisions(), OPPOSITION_TURN_END)


def test_after_both_teams_mages_the_weather_from_before_the_first_comes_back(bb2020: bbcore.Ruleset) -> None:
    from bbcore.rules.drive import end_turn

    mage = "bb2020/weather-mage"
    start = attrs.evolve(state(bb2020, two_teams(bb2020), {mage: 1}), weather="perfect-conditions")
    start = start.update_team("away", inducements={mage: 1})
    with ScriptedDice([6, 6]) as dice:
        home_called, _ = call_weather_mage(bb2020, start, "home", mage, dice, ScriptedDecisions([("weather-modifier", 2)]))
    home_weather = home_called.weather
    home_turn, _ = end_turn(bb2020, home_called, "home", ScriptedDice([]))
    with ScriptedDice([1, 1]) as dice:
        away_called, _ = call_weather_mage(bb2020, home_turn, "away", mage, dice, ScriptedDecisions([("weather-modifier", -2)]))
    away_weather = away_called.weather
    assert len({"perfect-conditions", home_weather, away_weather}) == 3
    # The home mage's time is up as the away turn ends, but the away mage's weather holds until the home turn ends.
    away_turn, _ = end_turn(bb2020, away_called, "away", ScriptedDice([]))
    assert away_turn.weather == away_weather
    back, _ = end_turn(bb2020, away_turn, "home", ScriptedDice([]))
    assert (back.weather, back.weather_return) == ("perfect-conditions", None)


def test_a_league_may_move_the_weather_mage_s_moments_and_his_weather_still_lasts_the_opponent_s_next_turn(
    tmp_path: Path,
) -> None:
    from bbcore_inducement_packs.pack_rules import RULES_ID

    from bbcore.rules.drive import end_turn
    from bbcore.rules.turns import start_turn

    mage = "bb2020/weather-mage"
    house = tmp_path / "house-rules.yaml"
    house.write_text(
        f'source: "A league of late mages"\namend:\n  - rules: {RULES_ID}\n    changes:\n'
        f"      weather_mages:\n        {mage}: {{moments: [own-turn-end, opposition-turn-start]}}\n",
        encoding="utf-8",
    )
    rules = bbcore.load_ruleset(packs=["bb2020"], amendments=[house])
    start = attrs.evolve(state(rules, two_teams(rules), {mage: 1}), weather="perfect-conditions")
    # Not as his own turn starts any more (a strict, empty script fails if asked).
    start_turn(rules, start, "home", ScriptedDice([]), ScriptedDecisions([], strict=True))
    # Just after his own turn: asked with the moment's name, and called.
    calls = ScriptedDecisions([("use-inducement", True), ("weather-modifier", 2)], strict=True)
    with ScriptedDice([6, 6]) as dice:
        called, events = end_turn(rules, start, "home", dice, calls)
    assert [e.kind for e in events if e.kind in ("inducement-used", "weather-mage")] == ["inducement-used", "weather-mage"]
    assert called.weather != "perfect-conditions"
    assert called.weather_return is not None
    assert called.weather_return.after_turn_of == "away"
    # As the opponent's turn starts, the home coach may call him too (asked, and he keeps it).
    with ScriptedDecisions([("use-inducement", False)], strict=True) as keeps:  # fails unless the question was asked
        _, kept = start_turn(rules, start, "away", ScriptedDice([]), keeps)
    assert kept == ()
