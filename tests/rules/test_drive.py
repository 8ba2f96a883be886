"""Drives: set-up checks, the kick-off and its events, the end of a drive."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import BallState, Board, Status
from bbcore.rules.decisions import DefaultDecisions, IllegalAnswerError, ScriptedDecisions
from bbcore.rules.drive import (
    ball_lands,
    clear_the_pitch,
    cook,
    end_of_drive_effects,
    kick,
    kick_off_event,
    open_players,
    pick_at_random,
    place_players,
    recover_knocked_out_players,
    send_off_secret_weapons,
    set_up,
    setup_problems,
    starts_a_half,
    swarm,
)
from bbcore.rules.events import Event
from bbcore.rules.sequences import DriveChange, GameState, run_sequence
from bbcore.ruleset import Ruleset
from bbcore.testing import MakeRuleset
from tests.fixtures.plugins import BoardEffectPlugin
from tests.rules.game_states import AWAY_LINEMAN, HOME_LINEMAN, away_team, formation, game, home_team, reserves

# -- set-up --------------------------------------------------------------------------------------------


def codes(core: Ruleset, state: GameState, team: str) -> list[str]:
    return [problem.code for problem in setup_problems(core, state.board, team)]


def test_a_standard_formation_is_legal(core: Ruleset) -> None:
    state = game(core)
    assert codes(core, state, "home") == []
    assert codes(core, state, "away") == []


def test_twelve_players_on_the_pitch_are_too_many(core: Ruleset) -> None:
    state = game(core, {**formation("home", HOME_LINEMAN, 12), **formation("away", AWAY_LINEMAN)})
    assert codes(core, state, "home") == ["too-many-players"]


def test_a_team_must_field_every_player_it_can_up_to_eleven(core: Ruleset) -> None:
    players = {**formation("home", HOME_LINEMAN, 10), "home-reserve": ("home", HOME_LINEMAN, None), **formation("away", AWAY_LINEMAN)}
    assert codes(core, game(core, players), "home") == ["too-few-players"]
    # With only ten players able to play, ten is enough.
    del players["home-reserve"]
    assert codes(core, game(core, players), "home") == []


def test_players_must_stay_in_their_own_half_on_the_pitch_and_one_to_a_square(core: Ruleset) -> None:
    players = formation("home", HOME_LINEMAN) | formation("away", AWAY_LINEMAN)
    players["home-11"] = ("home", HOME_LINEMAN, (14, 7))  # across the halfway line
    players["home-10"] = ("home", HOME_LINEMAN, (-1, 7))  # off the pitch
    players["home-9"] = ("home", HOME_LINEMAN, (10, 5))  # on home-4's square
    assert sorted(codes(core, game(core, players), "home")) == ["off-the-pitch", "shared-square", "shared-square", "wrong-half"]


def test_at_least_three_players_stand_on_the_line_of_scrimmage(core: Ruleset) -> None:
    state = game(core, {**formation("home", HOME_LINEMAN, line=2), **formation("away", AWAY_LINEMAN)})
    (problem,) = setup_problems(core, state.board, "home")
    assert problem.code == "line-of-scrimmage"
    assert problem.path == "$.teams.home"
    assert "at least 3" in problem.message


def test_a_team_of_two_puts_both_on_the_line(core: Ruleset) -> None:
    on_line = game(core, {**formation("home", HOME_LINEMAN, 2), **formation("away", AWAY_LINEMAN)})
    assert codes(core, on_line, "home") == []
    behind = game(core, {**formation("home", HOME_LINEMAN, 2, line=1), **formation("away", AWAY_LINEMAN)})
    assert codes(core, behind, "home") == ["line-of-scrimmage"]


def test_at_most_two_players_in_each_wide_zone(core: Ruleset) -> None:
    players = formation("home", HOME_LINEMAN) | formation("away", AWAY_LINEMAN)
    for n, square in zip((9, 10, 11), ((8, 0), (8, 1), (8, 2)), strict=True):
        players[f"home-{n}"] = ("home", HOME_LINEMAN, square)
    players["away-11"] = ("away", AWAY_LINEMAN, (16, 14))  # one in the other zone is fine
    assert codes(core, game(core, players), "home") == ["wide-zone"]
    assert codes(core, game(core, players), "away") == []


def test_the_set_up_step_notes_who_takes_part(core: Ruleset) -> None:
    state = game(core, {**formation("home", HOME_LINEMAN), **formation("away", AWAY_LINEMAN), "away-12": ("away", AWAY_LINEMAN, None)})
    state = attrs.evolve(state, kicking_team="away", played=frozenset({"home-99"}))
    after, events = set_up(core, state, ScriptedDice([]), DefaultDecisions())
    assert [e.who for e in events] == ["away", "home"]  # the kicking team first
    assert events[0].detail == {"players": 11, "line_of_scrimmage": 3}
    assert len(after.drive_players) == 22
    assert "away-12" not in after.drive_players
    assert after.played == after.drive_players | {"home-99"}


def test_an_extra_player_allowance_lets_a_team_field_one_more_but_does_not_oblige_it(core: Ruleset) -> None:
    twelve = game(core, {**formation("home", HOME_LINEMAN, 12), **formation("away", AWAY_LINEMAN)})
    assert [p.code for p in setup_problems(core, twelve.board, "home", extra_players=1)] == []
    eleven = game(core, {**formation("home", HOME_LINEMAN), "home-12": ("home", HOME_LINEMAN, None), **formation("away", AWAY_LINEMAN)})
    assert [p.code for p in setup_problems(core, eleven.board, "home", extra_players=1)] == []
    thirteen = game(core, {**formation("home", HOME_LINEMAN, 13), **formation("away", AWAY_LINEMAN)})
    assert [p.code for p in setup_problems(core, thirteen.board, "home", extra_players=1)] == ["too-many-players"]


def test_a_barred_player_may_not_be_set_up_and_is_not_counted_as_available(core: Ruleset) -> None:
    players = {**formation("home", HOME_LINEMAN, 10), "home-11": ("home", HOME_LINEMAN, None), **formation("away", AWAY_LINEMAN)}
    state = game(core, players)
    assert codes(core, state, "home") == ["too-few-players"]
    assert [p.code for p in setup_problems(core, state.board, "home", barred=frozenset({"home-11"}))] == []
    (problem,) = setup_problems(core, state.board, "home", barred=frozenset({"home-1"}))
    assert (problem.code, problem.path) == ("barred-from-set-up", "$.teams.home.players['home-1']")


def test_the_set_up_step_reads_the_allowances_and_clears_them(core: Ruleset) -> None:
    state = game(
        core, {**formation("home", HOME_LINEMAN, 12), **formation("away", AWAY_LINEMAN, 10), "away-11": ("away", AWAY_LINEMAN, None)}
    )
    with pytest.raises(UsageError, match=r"home: 12 players on the pitch; at most 11"):
        set_up(core, attrs.evolve(state, kicking_team="away"), ScriptedDice([]), DefaultDecisions())
    allowed = attrs.evolve(state, kicking_team="away", extra_set_up_players={"home": 1}, barred_from_set_up=frozenset({"away-11"}))
    after, events = set_up(core, allowed, ScriptedDice([]), DefaultDecisions())
    assert events[1].detail["players"] == 12
    assert (dict(after.extra_set_up_players), after.barred_from_set_up) == ({}, frozenset())


def test_an_illegal_set_up_lists_every_problem_of_both_teams(core: Ruleset) -> None:
    state = game(core, {**formation("home", HOME_LINEMAN, line=2), **formation("away", AWAY_LINEMAN, 12)})
    with pytest.raises(UsageError, match=r"\$\.teams\.home: 2 players on the line.*\$\.teams\.away: 12 players on the pitch"):
        set_up(core, state, ScriptedDice([]), DefaultDecisions())


def test_placing_players_stands_them_on_their_squares(core: Ruleset) -> None:
    state = game(core, {**reserves("home", HOME_LINEMAN, 2), **reserves("away", AWAY_LINEMAN, 1)})
    board = place_players(state.board, {"home-1": (12, 7), "home-2": (12, 8)})
    assert board.player("home-1").square == (12, 7)
    assert board.player("home-2").status is Status.STANDING
    assert board.player("away-1").status is Status.RESERVES


# -- the kick-off event ------------------------------------------------------------------------------------


def kicked_off(core: Ruleset, **changes: object) -> GameState:
    return attrs.evolve(game(core), kicking_team="home", **changes)


def event_rolls(core: Ruleset, row_id: str) -> list[int]:
    total = core.table("kick-off-events").row(row_id).min
    assert total is not None
    return [1, total - 1] if total <= 7 else [6, total - 6]


def run_event(core: Ruleset, state: GameState, row_id: str, extra: list[int]) -> tuple[GameState, tuple[Event, ...]]:
    with ScriptedDice(event_rolls(core, row_id) + extra) as dice:
        after, events = kick_off_event(core, state, dice, DefaultDecisions())
    assert (events[0].kind, events[0].result, events[0].who) == ("kick-off-event", row_id, state.kicking_team)
    return after, events


def test_get_the_ref_gives_each_team_a_free_bribe(core: Ruleset) -> None:
    state = kicked_off(core, away=away_team(inducements={"bribes": 1}))
    after, events = run_event(core, state, "get-the-ref", [])
    assert (after.home.inducements["bribes"], after.away.inducements["bribes"]) == (1, 2)
    assert [e.kind for e in events[1:]] == ["free-inducement", "free-inducement"]


@pytest.mark.parametrize(("marker", "expected", "direction"), [(0, 1, "forward"), (5, 6, "forward"), (6, 5, "back"), (8, 7, "back")])
def test_time_out_moves_both_turn_markers(core: Ruleset, marker: int, expected: int, direction: str) -> None:
    state = kicked_off(core, home=home_team(turn=marker), away=away_team(turn=marker))
    after, events = run_event(core, state, "time-out", [])
    assert (after.home.turn, after.away.turn) == (expected, expected)
    assert events[1].result == direction


@pytest.mark.parametrize(
    ("row_id", "kind", "team"),
    [("solid-defence", "set-up-again", "home"), ("quick-snap", "step-one-square", "away"), ("charge", "free-activations", "home")],
)
def test_open_player_events_record_how_many_players_may_act(core: Ruleset, row_id: str, kind: str, team: str) -> None:
    state = kicked_off(core)
    after, events = run_event(core, state, row_id, [2])
    assert (events[1].kind, events[1].who, events[1].rolls, events[1].detail["open_players"]) == (kind, team, (2,), 5)
    # A coach who moves nobody leaves the board as it was; a Charge is then under way.
    assert after.board == state.board
    assert (after.charge is not None) == (row_id == "charge")


def test_high_kick_records_the_receiving_teams_chance(core: Ruleset) -> None:
    state = kicked_off(core, board=game(core, ball=(20, 7)).board)
    after, events = run_event(core, state, "high-kick", [])
    assert (events[1].who, events[1].detail["ball"]) == ("away", [20, 7])
    assert after == state


def test_high_kick_names_where_the_ball_in_the_air_will_land(core: Ruleset) -> None:
    # In a drive the ball is still in the air when the event is rolled: only the kick's landing knows where.
    state = attrs.evolve(kicked_off(core), kick_landing=(24, 2))
    assert state.board.ball_square() is None
    _, events = run_event(core, state, "high-kick", [])
    assert events[1].detail["ball"] == [24, 2]


def test_a_team_with_a_mascot_rolls_a_natural_one_again_for_the_cheering_fans(core: Ruleset) -> None:
    mascot = core.parameters.kick_off_events.cheering_fans_reroll_ones[0]
    state = kicked_off(core, home=home_team(inducements={mascot: 1}))
    # home 1, again 5 (+1 cheerleader); away 4 (+0): home wins. Without the mascot home's 1 would stand.
    _, events = run_event(core, state, "cheering-fans", [1, 5, 4])
    assert (events[1].rolls, events[1].result) == ((1, 5, 4), "home")
    _, plain = run_event(core, kicked_off(core), "cheering-fans", [1, 4])
    assert plain[1].result == "away"


@pytest.mark.parametrize(
    ("pack", "cheerleaders"),
    [(None, "temp-agency-cheerleaders"), ("bb2020", "bb2020/temp-agency-cheerleaders"), ("classic", "classic/agency-cheerleaders")],
)
def test_cheering_fans_compare_d6_plus_cheerleaders(core: Ruleset, pack: str | None, cheerleaders: str) -> None:
    rules = core if pack is None else bbcore.load_ruleset(packs=[pack])
    state = kicked_off(rules, away=away_team(cheerleaders=0, inducements={cheerleaders: 2}))
    _, events = run_event(rules, state, "cheering-fans", [3, 2])  # home 3+1, away 2+2: a tie
    assert (events[1].result, events[1].detail["totals"]) == ("tie", {"home": 4, "away": 4})
    _, events = run_event(rules, state, "cheering-fans", [4, 2])
    assert events[1].detail["teams"] == ["home"]


def test_brilliant_coaching_gives_the_higher_total_a_re_roll_for_the_drive(core: Ruleset) -> None:
    state = kicked_off(core)
    after, events = run_event(core, state, "brilliant-coaching", [1, 4])  # home 1+2, away 4+0: away
    assert (after.home.drive_rerolls, after.away.drive_rerolls) == (0, 1)
    assert events[1].result == "away"
    after, events = run_event(core, state, "brilliant-coaching", [1, 3])  # home 1+2, away 3+0: both
    assert (after.home.drive_rerolls, after.away.drive_rerolls) == (1, 1)
    assert events[1].result == "tie"


def test_brilliant_coaching_counts_part_time_assistant_coaches(core: Ruleset) -> None:
    state = kicked_off(core, away=away_team(inducements={"part-time-assistant-coaches": 3}))
    after, _ = run_event(core, state, "brilliant-coaching", [2, 2])  # home 2+2, away 2+3
    assert after.away.drive_rerolls == 1


def test_changing_weather_rolls_new_weather(core: Ruleset) -> None:
    state = kicked_off(core, weather="blizzard")
    after, events = run_event(core, state, "changing-weather", [5, 6])
    assert after.weather == "pouring-rain"
    assert events[1].detail["previous"] == "blizzard"
    assert "ball_scatters" not in events[1].detail


def test_changing_to_calm_weather_makes_the_ball_in_the_air_scatter(core: Ruleset) -> None:
    in_the_air = kicked_off(core, weather="blizzard", kick_landing=(20, 7))
    after, events = run_event(core, in_the_air, "changing-weather", [3, 4])
    scatters = core.parameters.kick_off_events.calm_weather_scatters
    assert after.weather == "perfect-conditions"
    assert events[1].detail["ball_scatters"] == scatters
    assert after.kick_scatters == scatters
    # Three D8s (5: one square towards the away end, each time), then the bounce (7: down).
    with ScriptedDice([5, 5, 5, 7]) as dice:
        landed, landing_events = ball_lands(core, after, dice, DefaultDecisions())
    assert [e.kind for e in landing_events][:2] == ["scatter", "ball-lands"]
    assert landed.board.ball == BallState(square=(23, 8))


def test_the_ball_lands_only_after_a_kick(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="only after a kick"):
        ball_lands(core, kicked_off(core), ScriptedDice([]), DefaultDecisions())


def test_a_dodgy_snack_can_send_a_player_to_the_reserves(core: Ruleset) -> None:
    # Away players by id: away-1, away-10, away-11, ...; the third holds the ball.
    state = kicked_off(core, board=game(core, ball="away-11").board)
    square = state.board.player("away-11").square
    # Home 4, away 2: the away team's snack; a die of eleven faces picks the third; a 1.
    after, events = run_event(core, state, "dodgy-snack", [4, 2, 3, 1])
    assert after.board.player("away-11").status is Status.RESERVES
    assert (events[2].who, events[2].rolls, events[2].result) == ("away-11", (3, 1), "reserves")
    assert after.board.ball == BallState(square=square)  # dropped where the player stood


def test_a_dodgy_snack_weakens_a_player_for_the_drive(core: Ruleset) -> None:
    state = kicked_off(core)
    after, events = run_event(core, state, "dodgy-snack", [3, 3, 1, 4, 2, 6])  # a tie: both teams
    changes = core.parameters.kick_off_events.dodgy_snack_changes
    assert [e.result for e in events[2:]] == ["weakened", "weakened"]
    home = sorted(p.id for p in state.board.team_players("home"))[0]
    away = sorted(p.id for p in state.board.team_players("away"))[1]
    assert after.board.player(home).ma == state.board.player(home).ma + changes["ma"]
    assert after.board.player(away).av == state.board.player(away).av + changes["av"]
    assert {(c.player, c.characteristic) for c in after.drive_changes} == {(pid, name) for pid in (home, away) for name in changes}


def test_a_dodgy_snack_with_nobody_on_the_pitch_does_nothing(core: Ruleset) -> None:
    state = kicked_off(core, board=game(core, {**reserves("home", HOME_LINEMAN, 2), **formation("away", AWAY_LINEMAN)}).board)
    after, events = run_event(core, state, "dodgy-snack", [1, 6])
    assert events[2].result == "nobody-on-the-pitch"
    assert after == state


def test_a_pitch_invasion_stuns_random_players_of_the_lower_total(core: Ruleset) -> None:
    state = kicked_off(core, home=home_team(fan_factor=3), away=away_team(fan_factor=4))
    # Home 4+3, away 4+4: home loses; D3 = 2; picks the 1st, then the 1st of those left.
    after, events = run_event(core, state, "pitch-invasion", [4, 4, 2, 1, 1])
    ids = sorted(p.id for p in state.board.team_players("home"))
    assert events[2].detail["players"] == ids[:2]
    assert all(after.board.player(pid).status is Status.STUNNED for pid in ids[:2])
    assert after.board.player(ids[0]).square == state.board.player(ids[0]).square


def test_a_kick_off_event_row_the_core_does_not_know_is_only_recorded(core: Ruleset) -> None:
    from bbcore.rules import drive

    state = kicked_off(core)
    effects = dict(drive.KICK_OFF_EFFECTS)
    try:
        del drive.KICK_OFF_EFFECTS["time-out"]
        after, events = run_event(core, state, "time-out", [])
    finally:
        drive.KICK_OFF_EFFECTS.update(effects)
    assert (after, len(events)) == (state, 1)


def test_the_kick_off_event_needs_a_kicking_team(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="no kicking team"):
        kick_off_event(core, game(core), ScriptedDice([]), DefaultDecisions())


def test_picking_at_random_takes_each_candidate_once() -> None:
    with ScriptedDice([3, 1, 1]) as dice:
        assert pick_at_random(dice, ["a", "b", "c"], 5) == (("c", "a", "b"), (3, 1, 1))


# -- the end of a drive ----------------------------------------------------------------------------------------


def test_secret_weapons_that_took_part_are_sent_off_wherever_they_are(core: Ruleset) -> None:
    weapon = {"secret-weapon": None}
    state = game(core, skills={"home-1": weapon, "home-2": weapon, "away-1": weapon, "away-2": weapon}, statuses={"home-2": "ko"})
    state = attrs.evolve(state, drive_players=frozenset({"home-1", "home-2", "away-2"}))
    with ScriptedDice([2, 5, 3]) as dice:  # each coach argues each call, and loses
        after, events = send_off_secret_weapons(core, state, dice, DefaultDecisions())
    sent_off = [(e.who, e.detail["was"]) for e in events if e.kind == "sent-off"]
    assert sent_off == [("away-2", "standing"), ("home-1", "standing"), ("home-2", "ko")]
    assert [e.who for e in events if e.kind == "argue-the-call"] == ["away-2", "home-1", "home-2"]
    assert after.board.player("away-1").status is Status.STANDING  # not set up for this drive
    assert after.board.player("home-2").status is Status.SENT_OFF


def test_a_secret_weapon_may_argue_his_way_back_or_be_bribed_back(core: Ruleset) -> None:
    weapon = {"secret-weapon": None}
    state = game(core, skills={"home-1": weapon, "away-1": weapon}, away=away_team(inducements={"bribes": 1}))
    state = attrs.evolve(state, drive_players=frozenset({"home-1", "away-1"}))
    with ScriptedDice([2, core.parameters.targets.bribe, 6]) as dice:  # away: argues and loses, then the Bribe; home: a 6
        after, events = send_off_secret_weapons(core, state, dice, DefaultDecisions())
    assert not [e for e in events if e.kind == "sent-off"]
    assert after.board.player("away-1").status is Status.STANDING
    assert after.board.player("home-1").status is Status.STANDING
    assert after.away.inducements["bribes"] == 0


def test_without_a_set_up_record_the_players_on_the_pitch_took_part(core: Ruleset) -> None:
    weapon = {"secret-weapon": None}
    state = game(core, skills={"home-1": weapon, "home-2": weapon}, statuses={"home-2": "casualty"})
    with ScriptedDice([]) as dice:
        after, events = send_off_secret_weapons(core, state, dice, ScriptedDecisions([("argue-the-call", False)]))
    assert [e.who for e in events] == ["home-1"]
    assert after.board.player("home-2").status is Status.CASUALTY


def _to_reserves(board: Board, label: str, team: str | None) -> tuple[Board, tuple[Event, ...]]:
    first = sorted(p.id for p in board.players.values() if p.on_pitch)[0]
    return board.with_player(board.player(first).with_status(Status.RESERVES)), (Event("fainted", first, result=label),)


def test_end_of_drive_effects_run_in_turn(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(plugins=[("heat", BoardEffectPlugin("heat", _to_reserves)), ("gas", BoardEffectPlugin("gas", _to_reserves))])
    state = game(rules)
    with ScriptedDice([]) as dice:
        after, events = end_of_drive_effects(rules, state, dice, DefaultDecisions())
    assert [e.who for e in events] == ["away-1", "away-10"]  # the second sees the first one's board
    assert sum(1 for p in after.board.players.values() if p.status is Status.RESERVES) == 2


def test_the_weathers_end_of_drive_effect_comes_before_the_plugins(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(plugins=[("gas", BoardEffectPlugin("gas", _to_reserves))])
    state = attrs.evolve(game(rules), weather=rules.parameters.weather.sweltering_heat)
    with ScriptedDice([1, 1, 1]) as dice:  # one player a team, the first of each
        _, events = end_of_drive_effects(rules, state, dice, DefaultDecisions())
    assert [e.kind for e in events] == ["sweltering-heat", "sweltering-heat", "sweltering-heat", "fainted"]


def test_after_a_touchdown_the_scorer_kicks_and_after_half_time_the_first_kicker_receives(core: Ruleset) -> None:
    from bbcore.rules.drive import RESTART

    turns = core.parameters.turns_per_half
    state = attrs.evolve(game(core), kicking_team="away", opening_kicker="away", touchdown="home")
    scored = state.update_team("home", turn=5).update_team("away", turn=4)
    after, events = clear_the_pitch(core, scored, ScriptedDice([]), DefaultDecisions())
    assert (after.kicking_team, after.half, after.touchdown) == ("home", 1, None)
    assert [(e.kind, e.result) for e in events if e.kind == RESTART] == [(RESTART, "touchdown")]
    # The half is over (a touchdown on the last turn too): the second half starts with the first kicker receiving.
    ended = state.update_team("home", turn=turns).update_team("away", turn=turns)
    second, events = clear_the_pitch(core, ended, ScriptedDice([]), DefaultDecisions())
    assert (second.kicking_team, second.half, second.home.turn, second.away.turn) == ("home", 2, 0, 0)
    assert [e.result for e in events if e.kind == RESTART] == ["half-time"]
    # At the end of the last half nothing moves on.
    last = attrs.evolve(ended, half=core.parameters.halves, touchdown=None)
    final, events = clear_the_pitch(core, last, ScriptedDice([]), DefaultDecisions())
    assert (final.kicking_team, final.half) == ("away", core.parameters.halves)
    assert not [e for e in events if e.kind == RESTART]


def test_the_pre_game_remembers_the_first_kicker(core: Ruleset) -> None:
    from bbcore.rules.pregame import choose_kicking_team

    with ScriptedDice([6, 1]) as dice:
        chosen, _ = choose_kicking_team(core, game(core), dice, ScriptedDecisions([("kick-or-receive", "receive")]))
    assert (chosen.kicking_team, chosen.opening_kicker) == ("away", "away")


def test_the_chef_gains_a_reroll_per_success_at_the_start_of_a_half_and_takes_the_opponents(core: Ruleset) -> None:
    chef = core.inducement("halfling-master-chef")
    (cooking,) = (e for e in chef.effects if e.chef is not None)
    assert (cooking.chef, cooking.target, cooking.by) == ("3D6", 4, 1)
    state = game(core, home=home_team(inducements={chef.id: 1}, rerolls=1), away=away_team(rerolls=1))
    assert starts_a_half(state)
    two_succeed = [4, 6, 3]
    with ScriptedDice(two_succeed) as dice:
        after, events = cook(core, state, dice, DefaultDecisions())
    assert (after.home.rerolls, after.away.rerolls) == (3, 0)  # the opponent had only one to lose
    assert (events[0].kind, events[0].detail["gained"], events[0].detail["taken"]) == ("chef", 2, 1)
    # Once the half is under way the chef does nothing.
    under_way = state.update_team("home", turn=3)
    with ScriptedDice([]) as dice:
        assert cook(core, under_way, dice, DefaultDecisions()) == (under_way, ())


SNOTLING = "snotling/snotling-lineman"


def swarming_game(core: Ruleset) -> GameState:
    """Eleven Snotlings set up (three on the line) and three more waiting in the Reserves."""
    snotlings = {**formation("home", SNOTLING), "home-12": ("home", SNOTLING, None), "home-13": ("home", SNOTLING, None)}
    snotlings["home-14"] = ("home", SNOTLING, None)
    players = {**snotlings, **formation("away", AWAY_LINEMAN)}
    rules = core.parameters.setup.swarming_rule
    assert rules is not None
    return game(core, players, home=home_team(roster="snotling", special_rules=(rules,)))


def test_swarming_snotlings_set_up_more_players_once_both_teams_have(core: Ruleset) -> None:
    state = swarming_game(core)
    two = 2
    answers = [("swarm", {"home-12": (10, 10), "home-13": (9, 10)})]
    with ScriptedDice([two]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        after, events = swarm(core, state, dice, decisions)
    assert sum(1 for p in after.board.team_players("home") if p.on_pitch) == core.parameters.players_on_pitch + two
    assert {"home-12", "home-13"} <= after.drive_players
    assert (events[0].kind, events[0].detail) == ("swarming", {"players": ["home-12", "home-13"], "allowed": two})


def test_swarming_keeps_to_the_roll_and_to_the_usual_set_up_rules(core: Ruleset) -> None:
    state = swarming_game(core)
    one = 1
    two_placed = ScriptedDecisions([("swarm", {"home-12": (10, 10), "home-13": (9, 10)})])
    with ScriptedDice([one]) as dice, two_placed as decisions, pytest.raises(IllegalAnswerError, match="at most 1"):
        swarm(core, state, dice, decisions)
    # A third in a wide zone already holding two is no legal set-up.
    wide = attrs.evolve(state, board=place_players(state.board, {"home-1": (12, 0), "home-2": (12, 1)}))
    third = ScriptedDecisions([("swarm", {"home-12": (11, 2)})])
    with ScriptedDice([one]) as dice, third as decisions, pytest.raises(IllegalAnswerError, match="wide zone"):
        swarm(core, wide, dice, decisions)


def test_swarming_brings_on_nobody_kept_out_of_the_drive_s_set_up(core: Ruleset) -> None:
    barred = attrs.evolve(swarming_game(core), barred_from_set_up=frozenset({"home-12"}), kicking_team="home")
    with ScriptedDice([]) as dice:
        state, _ = set_up(core, barred, dice, ScriptedDecisions([]))
    assert (state.barred_from_set_up, state.barred_this_drive) == (frozenset(), frozenset({"home-12"}))
    dice, decisions = ScriptedDice([2]), ScriptedDecisions([("swarm", {"home-12": (10, 10)})])
    with pytest.raises(IllegalAnswerError, match="home-13, home-14, not home-12"):
        swarm(core, state, dice, decisions)


def test_a_team_without_swarming_sets_up_nobody_more(core: Ruleset) -> None:
    with ScriptedDice([]) as dice:
        assert swarm(core, game(core), dice, DefaultDecisions()) == (game(core), ())


def test_the_chef_cooks_before_the_teams_set_up(core: Ruleset) -> None:
    steps = [step.id for step in core.sequences["start-of-drive"].steps]
    assert steps.index("chef") < steps.index("set-up")


def test_sweltering_heat_sends_players_picked_at_random_to_sit_out_the_next_drive(core: Ruleset) -> None:
    state = attrs.evolve(game(core), weather=core.parameters.weather.sweltering_heat)
    on_pitch = {team: sorted(p.id for p in state.board.team_players(team) if p.on_pitch) for team in ("home", "away")}
    two, first, then_first = 2, 1, 1
    with ScriptedDice([two, first, then_first, 3, 1]) as dice:
        after, events = end_of_drive_effects(core, state, dice, DefaultDecisions())
    home_out = [on_pitch["home"][0], on_pitch["home"][1]]
    away_out = [on_pitch["away"][2], on_pitch["away"][0]]
    assert [e.detail.get("players") for e in events if e.result == "to-reserves"] == [home_out, away_out]
    assert after.barred_from_set_up == frozenset(home_out + away_out)
    assert all(after.board.player(p).status is Status.RESERVES for p in home_out + away_out)
    # Any other weather: nothing at all.
    with ScriptedDice([]) as dice:
        calm, quiet = end_of_drive_effects(core, game(core), dice, DefaultDecisions())
    assert (quiet, calm.barred_from_set_up) == ((), frozenset())


def test_knocked_out_players_recover_on_the_dice(core: Ruleset) -> None:
    state = game(core, statuses={"home-1": "ko", "away-1": "ko"})
    with ScriptedDice([4, 3]) as dice:
        after, events = recover_knocked_out_players(core, state, dice, DefaultDecisions())
    assert after.board.player("away-1").status is Status.RESERVES
    assert after.board.player("home-1").status is Status.KO
    assert [e.result for e in events] == ["recovered", "still-out"]


def test_the_drive_ends_with_an_empty_pitch_and_drive_effects_gone(core: Ruleset) -> None:
    state = game(core, statuses={"home-1": "prone", "home-2": "stunned", "away-1": "ko"}, ball="home-3")
    weakened = attrs.evolve(state.board.player("away-2"), ma=state.board.player("away-2").ma - 1)
    state = attrs.evolve(
        state,
        board=state.board.with_player(weakened),
        drive_changes=(DriveChange("away-2", "ma", -1),),
        drive_players=frozenset({"home-1"}),
        home=home_team(drive_rerolls=1),
    )
    after, (event,) = clear_the_pitch(core, state, ScriptedDice([]), DefaultDecisions())
    assert not any(p.on_pitch for p in after.board.players.values())
    assert after.board.player("home-2").status is Status.RESERVES
    assert after.board.player("away-1").status is Status.KO
    assert after.board.ball == BallState()
    assert after.board.player("away-2").ma == core.position(AWAY_LINEMAN).ma
    assert (after.drive_changes, after.drive_players, after.home.drive_rerolls) == ((), frozenset(), 0)
    assert event.detail["drive_rerolls_lost"] == {"home": 1}
    assert len(event.detail["to_reserves"]) == 21


def test_nobody_starts_the_next_drive_distracted_or_unable_to_assist(core: Ruleset) -> None:
    state = game(core, statuses={"away-2": "ko"})
    board = state.board
    bone_headed = attrs.evolve(board.player("home-1"), tackle_zone=False)
    gouged = attrs.evolve(board.player("away-1"), gives_assists=False)
    knocked_out_distracted = attrs.evolve(board.player("away-2"), tackle_zone=False)
    state = attrs.evolve(state, board=board.replace_players((bone_headed, gouged, knocked_out_distracted)))
    after, _ = clear_the_pitch(core, state, ScriptedDice([]), DefaultDecisions())
    assert [(p.tackle_zone, p.gives_assists) for p in map(after.board.player, ("home-1", "away-1", "away-2"))] == [(True, True)] * 3


def test_the_end_of_drive_sequence_runs_its_four_steps(core: Ruleset) -> None:
    state = game(core, statuses={"home-1": "ko"}, skills={"away-1": {"secret-weapon": None}})
    with ScriptedDice([3, 6]) as dice:  # the away coach argues in vain; home-1 comes round
        after, events = run_sequence(core, "end-of-drive", state, dice)
    assert [e.result for e in events if e.kind == "sequence-step"] == [
        "secret-weapons",
        "end-of-drive-effects",
        "ko-recovery",
        "drive-ends",
    ]
    assert after.board.player("away-1").status is Status.SENT_OFF
    assert after.board.player("home-1").status is Status.RESERVES


# -- the kick-off (bbcore.rules.ball.kick_off) ------------------------------------------------------------------


def test_the_kick_lands_where_it_deviates_and_bounces(core: Ruleset) -> None:
    state = kicked_off(core)
    # Aimed at (20, 7); D8 5 is one square towards the away end line, D6 2: lands on (22, 7), empty;
    # it bounces once, D8 7: to (22, 8).
    answers = [("choose-players", ["home-6"]), ("kick-off-target", (20, 7))]
    with ScriptedDice([5, 2]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        in_the_air, events = kick(core, state, dice, decisions)
    assert (events[0].kind, events[0].who, events[0].detail["target"]) == ("kick-off", "home", [20, 7])
    assert events[0].detail["kicking_player"] == in_the_air.kicking_player == "home-6"
    assert events[1].kind == "kick"
    assert in_the_air.kick_landing == (22, 7)
    assert in_the_air.board.ball == state.board.ball  # still in the air
    with ScriptedDice([7]) as dice:
        after, landing = ball_lands(core, in_the_air, dice, DefaultDecisions())
    assert landing[0].kind == "ball-lands"
    assert after.board.ball == BallState(square=(22, 8))


def test_a_nominated_kicker_with_kick_deviates_less(core: Ruleset) -> None:
    state = attrs.evolve(game(core, skills={"home-4": {"kick": None}}), kicking_team="home")  # behind the line, not in a wide zone
    short = core.parameters.ball.kick_deviate_distance
    answers = [("choose-players", ["home-4"]), ("kick-off-target", (20, 7)), ("use-skill", True)]
    with ScriptedDice([5, 3]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        in_the_air, events = kick(core, state, dice, decisions)
    assert events[1].detail["kicker"] == "home-4"
    assert in_the_air.kick_landing == (23, 7)
    assert short != core.parameters.ball.deviate_distance
    declined = [("choose-players", ["home-4"]), ("kick-off-target", (20, 7)), ("use-skill", False)]
    with ScriptedDice([5, 6]) as dice, ScriptedDecisions(declined, strict=True) as decisions:
        in_the_air, events = kick(core, state, dice, decisions)
    assert "kicker" not in events[1].detail
    assert in_the_air.kick_landing == (26, 7)
    # Kick is the kicking player's alone: another nominated, nobody is asked about the skill.
    other = [("choose-players", ["home-5"]), ("kick-off-target", (20, 7))]
    with ScriptedDice([5, 6]) as dice, ScriptedDecisions(other, strict=True) as decisions:
        in_the_air, events = kick(core, state, dice, decisions)
    assert (in_the_air.kicking_player, in_the_air.kick_landing) == ("home-5", (26, 7))


def test_a_kick_out_of_the_receiving_half_is_a_touchback(core: Ruleset) -> None:
    state = kicked_off(core)
    # Aimed at (14, 7); D8 4 goes back towards the kicker's half, D6 3: (11, 7), a touchback.
    answers = [("choose-players", ["home-4"]), ("kick-off-target", (14, 7)), ("touchback", "away-5")]
    with ScriptedDice([4, 3]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        in_the_air, _ = kick(core, state, dice, decisions)
        after, events = ball_lands(core, in_the_air, ScriptedDice([]), decisions)
    assert events[-1].kind == "touchback"
    assert after.board.ball == BallState(carrier="away-5")


def test_the_default_kick_aims_at_the_middle_of_the_receiving_half(core: Ruleset) -> None:
    state = kicked_off(core)
    with ScriptedDice([5, 1]) as dice:
        _, events = kick(core, state, dice, DefaultDecisions())
    x, y = events[0].detail["target"]
    assert state.board.geometry.half_of((x, y)) == "away"
    assert y == core.pitch.width // 2


def test_a_kick_aimed_outside_the_receiving_half_is_refused(core: Ruleset) -> None:
    class Wild(DefaultDecisions):
        def kick_off_target(self, team: str, squares: object) -> tuple[int, int]:
            return (3, 3)

    with pytest.raises(UsageError, match="not open ground in the receiving team's half"):
        kick(core, kicked_off(core), ScriptedDice([]), Wild())


def test_a_player_changed_for_the_drive_gets_his_own_profile_back_when_it_ends(core: Ruleset) -> None:
    state = game(core)
    original = state.board.player("home-1")
    changed = attrs.evolve(original, ma=1, st=1, skills={"titchy": None}, tackle_zone=False)
    state = attrs.evolve(state.with_drive_form(original), board=state.board.with_player(changed))
    assert state.with_drive_form(changed).drive_forms["home-1"] == original  # the first form is kept
    ended, (event,) = clear_the_pitch(core, state, ScriptedDice([]), DefaultDecisions())
    back = ended.board.player("home-1")
    assert (back.ma, back.st, dict(back.skills), back.tackle_zone) == (original.ma, original.st, dict(original.skills), True)
    assert back.status is Status.RESERVES
    assert "home-1" in event.detail["restored"]
    assert dict(ended.drive_forms) == {}


def test_an_effect_for_the_next_drive_starts_when_this_one_ends(core: Ruleset) -> None:
    state = game(core).with_drive_effect("now/ends").with_drive_effect("later/starts", next_drive=True)
    assert state.drive_effects == {"now/ends"}
    with ScriptedDice([]) as dice:
        after, events = clear_the_pitch(core, state, dice, DefaultDecisions())
    assert (after.drive_effects, after.next_drive_effects) == ({"later/starts"}, frozenset())
    assert events[0].detail["drive_effects_ended"] == ["now/ends"]


def test_quick_snap_steps_open_receivers_one_square_as_the_coach_picks(core: Ruleset) -> None:
    # away-1 (13, 5) stands on the line facing home-1 (12, 5): marked, so not Open. away-4 (15, 5) is Open.
    state = kicked_off(core)
    assert "away-1" not in open_players(state.board, "away")
    answers = [("free-move", ("away-4", [(16, 5)])), ("free-move", ("away-5", [(16, 6)])), ("free-move", None)]
    with ScriptedDice([*event_rolls(core, "quick-snap"), 1]) as dice, ScriptedDecisions(answers, strict=True) as coach:
        after, events = kick_off_event(core, state, dice, coach)
    assert (after.board.player("away-4").square, after.board.player("away-5").square) == ((16, 5), (16, 6))
    assert [(e.kind, e.who) for e in events[2:]] == [("stepped", "away-4"), ("stepped", "away-5")]
    assert events[1].detail["board_changed"] is True
    # A marked player, or two squares at once, is refused.
    for bad in (("away-1", ((14, 5),)), ("away-4", ((16, 5), (17, 5)))):
        with pytest.raises(IllegalAnswerError, match="quick-snap"):
            kick_off_event(core, state, ScriptedDice([*event_rolls(core, "quick-snap"), 1]), Mover(bad))


class Mover(DefaultDecisions):
    """Answers every free move with one move, legal or not."""

    def __init__(self, move: tuple[str, tuple[tuple[int, int], ...]]) -> None:
        self.move = move

    def free_move(self, team: str, reason: str, moves: object) -> tuple[str, tuple[tuple[int, int], ...]]:
        return self.move


def test_high_kick_places_an_open_receiver_under_the_ball(core: Ruleset) -> None:
    state = attrs.evolve(kicked_off(core), kick_landing=(22, 7))
    with ScriptedDice(event_rolls(core, "high-kick")) as dice, ScriptedDecisions([("free-move", ("away-4", [(22, 7)]))]) as coach:
        after, events = kick_off_event(core, state, dice, coach)
    assert after.board.player("away-4").square == (22, 7)
    assert (events[-1].kind, events[-1].result) == ("stepped", "high-kick")
    # Nobody may stand anywhere else, and a taken landing square is offered to nobody.
    with pytest.raises(IllegalAnswerError, match="high-kick"):
        kick_off_event(core, state, ScriptedDice(event_rolls(core, "high-kick")), Mover(("away-4", ((21, 7),))))
    taken = attrs.evolve(kicked_off(core), kick_landing=(15, 5))  # away-4 stands there
    with ScriptedDice(event_rolls(core, "high-kick")) as dice, ScriptedDecisions([], strict=True) as coach:
        assert kick_off_event(core, taken, dice, coach)[0] == taken
    # A ball coming down in the kicking team's half is a touchback: nobody is placed under it.
    touchback = attrs.evolve(kicked_off(core), kick_landing=(8, 7))
    with ScriptedDice(event_rolls(core, "high-kick")) as dice, ScriptedDecisions([], strict=True) as coach:
        assert kick_off_event(core, touchback, dice, coach)[0] == touchback


def test_solid_defence_sets_open_kickers_up_again_where_their_coach_says(core: Ruleset) -> None:
    # home-4 (10, 5) and home-5 (10, 6) stand two squares behind the line: Open.
    state = kicked_off(core)
    two = 2
    again = {"home-4": (8, 5), "home-5": (8, 9)}
    with ScriptedDice([*event_rolls(core, "solid-defence"), two]) as dice, ScriptedDecisions([("set-up-again", again)]) as coach:
        after, events = kick_off_event(core, state, dice, coach)
    assert (after.board.player("home-4").square, after.board.player("home-5").square) == ((8, 5), (8, 9))
    assert events[1].detail["players"] == ["home-4", "home-5"]
    # A marked player may not be taken off, and the team must still be set up legally.
    marked = {"home-1": (9, 5)}  # home-1 stands on the line facing away-1
    with pytest.raises(IllegalAnswerError, match="at most"):
        kick_off_event(core, state, ScriptedDice([*event_rolls(core, "solid-defence"), two]), ScriptedDecisions([("set-up-again", marked)]))
    into_the_other_half = {"home-4": (20, 5)}
    with pytest.raises(IllegalAnswerError, match="Solid Defence for home"):
        kick_off_event(
            core,
            state,
            ScriptedDice([*event_rolls(core, "solid-defence"), two]),
            ScriptedDecisions([("set-up-again", into_the_other_half)]),
        )


def test_the_kicking_player_stands_off_the_line_and_out_of_the_wide_zones_when_anyone_can(core: Ruleset) -> None:
    from bbcore.rules.drive import KICKING_PLAYER, kicking_player_candidates

    state = kicked_off(core)
    board = state.board
    behind = kicking_player_candidates(board, "home")
    assert behind == tuple(sorted(f"home-{n}" for n in range(4, 12)))
    assert not any(board.geometry.on_line_of_scrimmage(board.player(pid).square) for pid in behind)  # type: ignore[arg-type]
    # A player on the line may not be named while others can kick.
    seen: list[tuple[str, tuple[str, ...]]] = []

    class Coach(DefaultDecisions):
        def choose_players(self, team: str, reason: str, candidates: Sequence[str], count: int) -> Sequence[str]:
            seen.append((reason, tuple(candidates)))
            return ["home-1"]

    with pytest.raises(IllegalAnswerError, match="kicking-player"):
        kick(core, state, ScriptedDice([]), Coach())
    assert seen == [(KICKING_PLAYER, behind)]
    # Only the line left: one of it kicks; one player left: he kicks, nobody is asked.
    line_only = attrs.evolve(state, board=board.replace_players(board.player(pid).with_status(Status.RESERVES) for pid in behind))
    assert kicking_player_candidates(line_only.board, "home") == ("home-1", "home-2", "home-3")
    alone = attrs.evolve(
        line_only,
        board=line_only.board.replace_players(line_only.board.player(pid).with_status(Status.RESERVES) for pid in ("home-1", "home-2")),
    )
    with ScriptedDice([5, 2]) as dice, ScriptedDecisions([("kick-off-target", (20, 7))], strict=True) as decisions:
        in_the_air, _ = kick(core, alone, dice, decisions)
    assert in_the_air.kicking_player == "home-3"
    # The drive's end forgets him.
    cleared, _ = clear_the_pitch(core, in_the_air, ScriptedDice([]), DefaultDecisions())
    assert cleared.kicking_player is None


def test_kickers_are_listed_first_so_a_coach_who_takes_the_first_kicks_with_one(core: Ruleset) -> None:
    from bbcore.rules.drive import kicking_player_candidates

    state = attrs.evolve(game(core, skills={"home-9": {"kick": None}}), kicking_team="home")
    candidates = kicking_player_candidates(state.board, "home")
    assert candidates[0] == "home-9"
    assert list(candidates[1:]) == sorted(candidates[1:])
    with ScriptedDice([5, 3]) as dice:
        in_the_air, events = kick(core, state, dice, DefaultDecisions())
    assert (in_the_air.kicking_player, events[1].detail.get("kicker")) == ("home-9", "home-9")


def test_a_kick_that_strays_from_the_receiving_half_at_any_point_is_a_touchback(core: Ruleset) -> None:
    from bbcore.rules import ball
    from bbcore.testing import build_board

    board = build_board(core, {"a": ("away", AWAY_LINEMAN, (22, 10)), "h": ("home", HOME_LINEMAN, (12, 7))})
    assert (board.geometry.half_of((12, 7)), board.geometry.half_of((13, 7))) == ("home", "away")
    # Deviated off the pitch, then scattered back on by the kick-off event: a touchback all the same.
    with ScriptedDice([]) as dice:
        off = ball.kick_lands(core, board, (20, -1), dice, DefaultDecisions(), receiving_team="away", scatters=3, origin=(20, 4))
    assert any(e.kind == "touchback" for e in off.events)
    # Down in the receiving half, it bounces over the line into the home half, is dropped there and bounces back.
    with ScriptedDice([4, 1, 5]) as dice:
        back = ball.kick_lands(core, board, (13, 7), dice, DefaultDecisions(), receiving_team="away", origin=(13, 7))
    assert [e.detail["to"] for e in back.events if e.kind == "bounce"] == [[12, 7], [13, 7]]
    assert any(e.kind == "touchback" for e in back.events)
