"""The street and sewer kick-off events and weather, each with scripted dice; each test fails without its rule."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import pytest
from bbcore_gutterbowl import kick_off_events as gb_events
from bbcore_gutterbowl import weather as gb_weather
from bbcore_gutterbowl.weather import (
    CLOUDS_OF_SMOG_STEP,
    HEATWAVE_STEP,
    open_pass_bands,
    smog_reinforcements,
    weather_modifier,
    weather_modifiers,
)

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import BallState, Square, Status
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.rules.drive import end_of_drive_effects, end_turn, kick_off_event
from bbcore.rules.events import Event
from bbcore.rules.movement import move
from bbcore.rules.passing import pass_ball
from bbcore.rules.sequences import GameState, TeamState, run_sequence, sequence_steps
from bbcore.rules.turns import action_refusals, barred_team_rerolls, end_activation, start_turn
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

LINEMAN = "human/human-lineman"
CLANRAT = "skaven/skaven-clanrat"


@pytest.fixture(scope="module")
def street() -> Ruleset:
    return bbcore.load_ruleset("gutterbowl", options={"pitch": "street"})


@pytest.fixture(scope="module")
def sewer() -> Ruleset:
    return bbcore.load_ruleset("gutterbowl", options={"pitch": "sewer"})


def team(team_id: str, roster: str, **changes: Any) -> TeamState:
    return attrs.evolve(TeamState(team_id, team_id.title(), roster, dedicated_fans=1, ctv=700_000), **changes)


def game(rules: Ruleset, squares: Mapping[str, Square], **changes: Any) -> GameState:
    """Players named ``h...`` are home Linemen, ``a...`` away Clanrats; home kicks."""
    players = {
        pid: ("home" if pid.startswith("h") else "away", LINEMAN if pid.startswith("h") else CLANRAT, sq) for pid, sq in squares.items()
    }
    board = build_board(rules, players)
    state = GameState(team("home", "human"), team("away", "skaven"), board, kicking_team="home")
    return attrs.evolve(state, **changes)


def event_roll(rules: Ruleset, row_id: str) -> list[int]:
    total = rules.table("kick-off-events").row(row_id).min
    assert total is not None
    return [1, total - 1] if total <= 7 else [6, total - 6]


def run(rules: Ruleset, state: GameState, row_id: str, extra: list[int], decisions: Any = None) -> tuple[GameState, tuple[Event, ...]]:
    with ScriptedDice(event_roll(rules, row_id) + extra) as dice:
        after, events = kick_off_event(rules, state, dice, decisions or DefaultDecisions())
    assert events[0].result == row_id
    assert len(events) > 1, "recorded only: no procedure ran"
    return after, events


def status(state: GameState, pid: str) -> Status:
    return state.board.player(pid).status


# -- both tables --------------------------------------------------------------------------------------


def test_every_row_of_both_tables_has_a_procedure(street: Ruleset, sewer: Ruleset) -> None:
    from bbcore.rules.sequences import row_effect

    for rules in (street, sewer):
        table = rules.table("kick-off-events")
        assert [row.id for row in table.rows if row_effect(rules, table, row.id) is None] == []


@pytest.mark.parametrize("pitch", ["street", "sewer"])
def test_riot_stuns_players_who_roll_a_six(pitch: str) -> None:
    rules = bbcore.load_ruleset("gutterbowl", options={"pitch": pitch})
    state = game(rules, {"h1": (12, 7), "a1": (13, 7)})
    after, _ = run(rules, state, "riot", [6, 5])  # a1 then h1, by id
    assert (status(after, "a1"), status(after, "h1")) == (Status.STUNNED, Status.STANDING)


def test_cheering_fans_gives_the_higher_total_a_reroll_for_the_drive(street: Ruleset) -> None:
    state = game(street, {"h1": (12, 7)}, home=team("home", "human", fan_factor=3), away=team("away", "skaven", fan_factor=1))
    after, _ = run(street, state, "cheering-fans", [2, 3])  # 5 against 4
    assert (after.home.drive_rerolls, after.away.drive_rerolls) == (1, 0)


def test_cheering_fans_gives_nothing_on_a_tie(sewer: Ruleset) -> None:
    state = game(sewer, {"h1": (12, 7)}, home=team("home", "human", fan_factor=2), away=team("away", "skaven", fan_factor=1))
    after, events = run(sewer, state, "cheering-fans", [2, 3])
    assert (after.home.drive_rerolls, after.away.drive_rerolls) == (0, 0)
    assert events[1].result == "tie"


@pytest.mark.parametrize("pitch", ["street", "sewer"])
def test_black_market_dealer_hands_each_team_a_lesser_potion(pitch: str) -> None:
    rules = bbcore.load_ruleset("gutterbowl", options={"pitch": pitch})
    after, _ = run(rules, game(rules, {"h1": (12, 7)}), "black-market-dealer", [])
    assert [t.inducements.get("gutterbowl/lesser-magic-potion") for t in after.teams] == [1, 1]


# -- the street table ---------------------------------------------------------------------------------


def test_falling_roof_tiles_hit_everyone_in_one_wide_zone(street: Ruleset) -> None:
    state = game(street, {"h1": (10, 1), "a1": (14, 2), "h2": (10, 13)})
    # D2 = 1: the low-y zone; a1 armour 6+6 broken, injury 2+2 stunned; h1 armour 1+1 held.
    after, events = run(street, state, "falling-roof-tiles", [1, 6, 6, 2, 2, 1, 1])
    assert status(after, "a1") is Status.STUNNED
    assert (status(after, "h1"), status(after, "h2")) == (Status.STANDING, Status.STANDING)
    assert events[1].detail["players"] == ["a1", "h1"]


def test_quick_attack_lets_a_kicking_player_block(street: Ruleset) -> None:
    state = game(street, {"h1": (12, 7), "a1": (13, 7)})
    decisions = ScriptedDecisions([("free-block", ("h1", "a1")), ("push-square", (14, 7)), ("follow-up", False)])
    with decisions:
        after, events = run(street, state, "quick-attack", [3], decisions)  # one block die: Push Back
    assert events[1].kind == "quick-attack"
    assert after.board.player("a1").square == (14, 7)


def test_quick_attack_may_be_declined(street: Ruleset) -> None:
    state = game(street, {"h1": (12, 7), "a1": (13, 7)})
    after, events = run(street, state, "quick-attack", [], ScriptedDecisions([("free-block", None)]))
    assert (after, events[1].result) == (state, "no-block")


def test_rogue_washing_line_picks_one_player_per_team_who_sits_out_its_next_turn(street: Ruleset) -> None:
    state = game(street, {"h1": (12, 7), "h2": (12, 8), "a1": (13, 7)})
    after, events = run(street, state, "rogue-washing-line", [2, 1])
    assert [(e.who, e.detail["players"]) for e in events[1:]] == [("home", ["h2"]), ("away", ["a1"])]
    assert action_refusals(street, after, "h2", "move") == ()  # the kick-off is not his team's turn yet
    next_turn = after.update_team("home", turn=after.home.turn + 1)
    assert action_refusals(street, next_turn, "h2", "move") == ("h2 may not be activated in this turn",)
    assert action_refusals(street, next_turn, "h1", "move") == ()
    later = next_turn.update_team("home", turn=next_turn.home.turn + 1)
    assert action_refusals(street, later, "h2", "move") == ()


def test_this_round_is_on_us_sends_a_kod_player_to_the_reserves_on_a_four(street: Ruleset) -> None:
    after, _ = run(street, game(street, {"h1": (12, 7), "a1": (13, 7)}), "this-round-is-on-us", [])
    board = after.board.replace_players([after.board.player("h1").with_status(Status.KO), after.board.player("a1").with_status(Status.KO)])
    ended = attrs.evolve(after, board=board, drive_players=frozenset({"h1", "a1"}))
    with ScriptedDice([3, 4]) as dice:  # a1: 3 stays KO'd; h1: 4 to the Reserves
        done, _ = end_of_drive_effects(street, ended, dice, DefaultDecisions())
    assert (status(done, "a1"), status(done, "h1")) == (Status.KO, Status.RESERVES)


def test_loose_dogs_forbid_team_rerolls_on_pick_ups_and_blocks(street: Ruleset) -> None:
    state = game(street, {"h1": (12, 7)})
    assert barred_team_rerolls(street, state) == frozenset()
    after, _ = run(street, state, "loose-dogs", [])
    assert barred_team_rerolls(street, after) == {"pick-up", "block"}


def test_loose_dogs_keep_the_team_re_roll_off_a_pick_up_in_a_move(street: Ruleset) -> None:
    state = game(street, {"h1": (12, 7)})
    board = state.board.with_ball(BallState(square=(13, 7)))
    dogs, _ = run(street, state, "loose-dogs", [])
    barred = barred_team_rerolls(street, dogs)
    assert barred == {"pick-up", "block"}
    # The pick-up fails (1, then the bounces): with the dogs loose no team re-roll is offered (a strict script would fail).
    with ScriptedDecisions([], strict=True) as decisions:
        fumbled = move(street, board, "h1", [(13, 7)], ScriptedDice([1, *[4] * 6]), decisions, team_reroll=1, team_reroll_barred=barred)
    assert fumbled.turnover
    assert [e.detail["rerolled_with"] for e in fumbled.events if e.kind == "pick-up"] == [None]
    # Without them the coach is asked, and the re-roll's 6 holds the ball.
    calm = barred_team_rerolls(street, state)
    with ScriptedDice([1, 6]) as dice, ScriptedDecisions([("team-reroll", True)], strict=True) as decisions:
        held = move(street, board, "h1", [(13, 7)], dice, decisions, team_reroll=1, team_reroll_barred=calm)
    assert held.board.ball.carrier == "h1"


def test_furious_neighbor_knocks_out_a_player_of_the_lower_total(street: Ruleset) -> None:
    state = game(street, {"h1": (12, 7), "a1": (13, 7), "a2": (13, 8)}, away=team("away", "skaven", fan_factor=0))
    after, _ = run(street, state, "furious-neighbor", [5, 4, 2])  # 5 vs 4: away loses; a2 picked
    assert (status(after, "a2"), status(after, "a1")) == (Status.KO, Status.STANDING)


def test_the_guards_arrest_a_player_on_a_low_roll(street: Ruleset) -> None:
    state = game(street, {"h1": (12, 7), "a1": (13, 7)})
    after, _ = run(street, state, "the-guards-are-coming", [1, 2, 1, 3])
    assert (status(after, "h1"), status(after, "a1")) == (Status.SENT_OFF, Status.STANDING)


# -- the sewer table ----------------------------------------------------------------------------------


def test_tentacled_terror_drags_a_player_of_the_lower_roll_under(sewer: Ruleset) -> None:
    state = game(sewer, {"h1": (12, 7), "a1": (13, 7)})
    after, events = run(sewer, state, "tentacled-terror", [2, 5, 1, 3])  # home loses, h1 picked, casualty roll 3
    assert status(after, "h1") is Status.CASUALTY
    assert "casualty" in [e.kind for e in events]


def test_sudden_stink_pushes_the_line_of_scrimmage_back_with_chains(sewer: Ruleset) -> None:
    state = game(sewer, {"h1": (12, 7), "h2": (11, 7), "a1": (13, 8)})
    after, _ = run(sewer, state, "sudden-stink", [])
    squares = {pid: after.board.player(pid).square for pid in ("h1", "h2", "a1")}
    assert squares == {"h1": (11, 7), "h2": (10, 7), "a1": (14, 8)}


def test_bats_stun_a_player_of_the_lower_roll(sewer: Ruleset) -> None:
    state = game(sewer, {"h1": (12, 7), "a1": (13, 7)})
    after, _ = run(sewer, state, "bats", [4, 1, 1])
    assert (status(after, "a1"), status(after, "h1")) == (Status.STUNNED, Status.STANDING)


def test_get_ready_lads_steps_the_open_receiving_players(sewer: Ruleset) -> None:
    state = game(sewer, {"h1": (12, 7), "a1": (13, 7), "a2": (16, 7)})
    _, events = run(sewer, state, "get-ready-lads", [])
    assert (events[1].who, events[1].detail["players"]) == ("away", ["a2"])
    # a1 is marked by h1: only a2 may step; the coach moves him, and nobody else is asked.
    with ScriptedDecisions([("free-move", ("a2", [(17, 7)]))], strict=True) as coach:
        after, events = run(sewer, state, "get-ready-lads", [], coach)
    assert after.board.player("a2").square == (17, 7)
    assert after.board.player("a1").square == (13, 7)
    assert (events[-1].kind, events[-1].result) == ("stepped", "get-ready-lads")


def test_sticky_sludge_helps_pick_ups_and_stops_the_carrier_passing(sewer: Ruleset) -> None:
    state = game(sewer, {"h1": (12, 7), "h2": (12, 8)})
    state = attrs.evolve(state, board=state.board.with_ball(BallState(carrier="h1")))
    assert (gb_events.sludge_pick_up_modifier(sewer, state), action_refusals(sewer, state, "h1", "pass")) == (0, ())
    after, _ = run(sewer, state, "sticky-sludge", [])
    assert gb_events.sludge_pick_up_modifier(sewer, after) == 1
    (reason,) = action_refusals(sewer, after, "h1", "pass")
    assert "Sticky Sludge" in reason
    assert action_refusals(sewer, after, "h1", "hand-off") == ()
    assert action_refusals(sewer, after, "h2", "pass") == ()  # he holds no ball
    # The +1 reaches every pick-up once the turn starts, and the weather's modifiers too.
    warm = attrs.evolve(after, weather="its-getting-warm")
    weather = gb_weather.weather_modifiers(sewer, warm.weather)
    assert weather.get("pick-up"), "a sewer weather with a pick-up modifier"
    with ScriptedDice([]) as dice:
        turn, _ = start_turn(sewer, warm, "home", dice)
    h2 = turn.board.player("h2")
    assert turn.board.modifier("pick-up", h2) == weather["pick-up"] + gb_events.sludge_pick_up_modifier(sewer, turn)
    assert turn.board.modifier("catch", h2) == weather.get("catch", 0)
    # Nobody may throw the sludged ball, even one who declared his Pass before he picked it up.
    assert turn.board.open_pass_bands == ()
    with pytest.raises(UsageError, match="no pass may be thrown"):
        pass_ball(sewer, turn.board, "h1", (14, 7), ScriptedDice([]), DefaultDecisions())


def test_fresh_sewage_knocks_over_players_near_a_pit(sewer: Ruleset) -> None:
    state = game(sewer, {"h1": (11, 7), "h2": (12, 7)})
    after, _ = run(sewer, state, "fresh-sewage", [])
    assert (status(after, "h1"), status(after, "h2")) == (Status.PRONE, Status.STANDING)


def test_swarm_of_rats_fells_a_player_next_to_a_wall_on_a_one(sewer: Ruleset) -> None:
    state = game(sewer, {"h1": (12, 0), "h2": (12, 7)})
    with ScriptedDice([]) as dice:
        assert end_activation(sewer, state, "h1", dice)[1].events == ()  # not in force yet
    after, _ = run(sewer, state, "swarm-of-rats", [])
    with ScriptedDice([]) as dice:
        assert end_activation(sewer, after, "h2", dice)[1].events == ()  # not next to a wall
    with ScriptedDice([1, 1, 1]) as dice:  # the bite, then an armour roll of 2
        bitten, outcome = end_activation(sewer, after, "h1", dice)
    assert bitten.board.player("h1").status is Status.PRONE
    assert not outcome.turnover
    # A carrier who falls drops the ball: a turnover.
    carrying = attrs.evolve(after, board=after.board.with_ball(BallState(carrier="h1")))
    with ScriptedDice([1, 1, 1, 7, 7]) as dice:  # the bite, armour 2, the ball bounces down (twice, off the cobbles)
        _, dropped = end_activation(sewer, carrying, "h1", dice)
    assert dropped.turnover


# -- the weather --------------------------------------------------------------------------------------


def test_howling_winds_hinder_a_pass_action_and_a_bomb_but_not_a_throw_team_mate(street: Ruleset) -> None:
    from bbcore.rules.conditions import row_conditions, weather_row
    from bbcore.rules.passing import pass_modifier
    from bbcore.rules.ttm import throw_modifier

    calm = game(street, {"h1": (5, 5)}).board
    windy = attrs.evolve(calm, conditions=row_conditions([weather_row(street, "howling-winds")]))
    thrower, band = calm.player("h1"), street.table("pass-range").rows[0]
    assert pass_modifier(street, windy, thrower, (7, 5), band) == pass_modifier(street, calm, thrower, (7, 5), band) - 1
    assert throw_modifier(street, windy, thrower, band) == throw_modifier(street, calm, thrower, band)


def test_a_callers_weather_mapping_gives_a_pass_its_pass_action_modifier(street: Ruleset) -> None:
    winds = weather_modifiers(street, "howling-winds")
    board = game(street, {"h1": (5, 5), "h2": (7, 5)}).board.with_ball(BallState(carrier="h1"))
    outcome = pass_ball(street, board, "h1", (7, 5), ScriptedDice([6, 6, 1, 1, 1, 1]), DefaultDecisions(), weather=winds)
    calm = pass_ball(street, board, "h1", (7, 5), ScriptedDice([6, 6, 1, 1, 1, 1]), DefaultDecisions())
    test = next(e for e in outcome.events if e.kind == "pass")
    assert test.detail["modifier"] == next(e for e in calm.events if e.kind == "pass").detail["modifier"] - 1


def test_weather_modifiers_come_from_the_rows_effects(street: Ruleset, sewer: Ruleset) -> None:
    assert weather_modifier(street, "howling-winds", "pass-action") == -1
    assert weather_modifiers(street, "a-stormy-night") == {"rush": -1, "pick-up": -1}
    assert weather_modifier(street, "sudden-downpour", "rush") == -1
    assert weather_modifier(sewer, "spilt-sewage", "rush") == -2
    assert weather_modifiers(sewer, "its-getting-warm") == {"pick-up": -1, "catch": -1}
    assert weather_modifiers(sewer, "no-more-disgusting-than-usual") == {}


def test_clouds_of_smog_limit_passes_and_may_add_a_player(street: Ruleset) -> None:
    assert open_pass_bands(street, "clouds-of-smog") == ("quick", "short")
    assert open_pass_bands(street, "a-normal-day") is None
    # In a game the board keeps to them, with no word from the tracker.
    smoggy = game(street, {"h1": (5, 7), "h2": (15, 7)}, weather="clouds-of-smog")
    with ScriptedDice([]) as dice:
        turn, _ = start_turn(street, attrs.evolve(smoggy, board=smoggy.board.with_ball(BallState(carrier="h1"))), "home", dice)
    with pytest.raises(UsageError, match="Long Pass is not allowed now; only quick, short"):
        pass_ball(street, turn.board, "h1", (15, 7), ScriptedDice([]), DefaultDecisions())
    with ScriptedDice([5, 4]) as dice:
        extra, _ = smog_reinforcements(street, "clouds-of-smog", ("home", "away"), dice)
    assert extra == {"home": 1, "away": 0}


def test_a_stormy_night_fells_a_player_on_a_one(street: Ruleset) -> None:
    state = game(street, {"h1": (12, 7), "h2": (12, 8)}, weather="a-stormy-night")
    with ScriptedDice([1, 2, 1, 1]) as dice:  # struck; h2 picked; armour 1+1
        after, _ = end_turn(street, state, "home", dice)
    assert (status(after, "h1"), status(after, "h2")) == (Status.STANDING, Status.PRONE)
    with ScriptedDice([2]) as dice:
        calm, _ = end_turn(street, state, "home", dice)
    assert calm.board == state.board


def test_unbearable_stench_places_a_random_active_player_prone(sewer: Ruleset) -> None:
    state = game(sewer, {"h1": (12, 7), "a1": (13, 7)}, weather="unbearable-stench")
    with ScriptedDice([1]) as dice:
        after, _ = end_turn(sewer, state, "away", dice)
    assert (status(after, "a1"), status(after, "h1")) == (Status.PRONE, Status.STANDING)


def test_unbearable_stench_on_the_ball_carrier_makes_the_ball_bounce(sewer: Ruleset) -> None:
    state = game(sewer, {"h1": (5, 7), "a1": (13, 7)}, weather="unbearable-stench")
    state = attrs.evolve(state, board=state.board.with_ball(BallState(carrier="a1")))
    with ScriptedDice([1, 5, 5]) as dice:  # a1 picked; the bounce's D8, and again off the cobbles
        after, events = end_turn(sewer, state, "away", dice)
    assert status(after, "a1") is Status.PRONE
    assert after.board.ball == BallState(square=(15, 7))
    assert next(e.detail["from"] for e in events if e.kind == "bounce") == [13, 7]


def step_ids(rules: Ruleset, sequence: str) -> list[str]:
    return [step.id for step in rules.sequence(sequence).steps]


def test_the_smog_is_rolled_before_the_set_up_and_the_heat_after_the_drive_effects(street: Ruleset) -> None:
    start, end = step_ids(street, "start-of-drive"), step_ids(street, "end-of-drive")
    assert start.index(CLOUDS_OF_SMOG_STEP) == start.index("set-up") - 1
    assert end.index(HEATWAVE_STEP) == end.index("end-of-drive-effects") + 1


def eight_home_players(rules: Ruleset, **changes: Any) -> GameState:
    """Eight home players legally placed (three on the line), seven away players; none on a square a feature fills."""
    home = {f"h{n}": (12, 5 + n) for n in range(3)} | {f"h{n}": (10, 3 + n) for n in range(3, 8)}
    away = {f"a{n}": (13, 5 + n) for n in range(3)} | {f"a{n}": (15, 3 + n) for n in range(3, 7)}
    return game(rules, home | away, **changes)


def test_clouds_of_smog_let_a_team_that_rolls_high_set_up_an_eighth_player(street: Ruleset) -> None:
    smog, set_up = sequence_steps(street)[CLOUDS_OF_SMOG_STEP], sequence_steps(street)["set-up"]
    state = eight_home_players(street, weather="clouds-of-smog")
    with ScriptedDice([5, 4]) as dice:  # home then away
        rolled, events = smog(street, state, dice, DefaultDecisions())
    assert [(e.who, e.result) for e in events] == [("home", "1"), ("away", "0")]
    assert dict(rolled.extra_set_up_players) == {"home": 1}
    after, _ = set_up(street, rolled, ScriptedDice([]), DefaultDecisions())
    assert len(after.drive_players) == 15
    assert dict(after.extra_set_up_players) == {}
    with ScriptedDice([4, 6]) as dice:
        unlucky, _ = smog(street, state, dice, DefaultDecisions())
    with pytest.raises(UsageError, match=r"home: 8 players on the pitch; at most 7"):
        set_up(street, unlucky, ScriptedDice([]), DefaultDecisions())


def test_the_smog_step_rolls_nothing_in_other_weather(street: Ruleset) -> None:
    state = eight_home_players(street, weather="a-normal-day")
    assert sequence_steps(street)[CLOUDS_OF_SMOG_STEP](street, state, ScriptedDice([]), DefaultDecisions()) == (state, ())


def test_an_underground_heatwave_makes_players_pass_out_on_a_one(sewer: Ruleset) -> None:
    state = game(sewer, {"h1": (12, 7), "a1": (13, 7)}, weather="underground-heatwave")
    with ScriptedDice([1, 6]) as dice:  # a1 then h1
        after, events = run_sequence(sewer, "end-of-drive", state, dice)
    assert [(e.kind, e.who) for e in events if e.kind == "passes-out"] == [("passes-out", "a1")]
    assert after.barred_from_set_up == {"a1"}
    assert status(after, "a1") is Status.RESERVES


def test_a_player_who_passed_out_sits_out_the_next_drive_only(sewer: Ruleset) -> None:
    set_up = sequence_steps(sewer)["set-up"]
    fielded = eight_home_players(sewer, barred_from_set_up=frozenset({"a3"}))
    with pytest.raises(UsageError, match=r"a3 may not be set up for this drive"):
        set_up(sewer, fielded, ScriptedDice([]), DefaultDecisions())
    without = attrs.evolve(fielded, board=fielded.board.with_player(fielded.board.player("a3").with_status(Status.RESERVES)))
    without = attrs.evolve(without, board=without.board.with_player(without.board.player("h7").with_status(Status.RESERVES)))
    after, events = set_up(sewer, without, ScriptedDice([]), DefaultDecisions())
    assert [e.detail["players"] for e in events] == [7, 6]  # six away players are all it may field
    assert after.barred_from_set_up == frozenset()
