"""Gutter Bowl's game rules: drafting, the pre-game, secret weapons, the missing referee, restless fans and the inducements.

Every test scripts its dice (and its coaches' decisions) and would fail without the rule it names.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from bbcore_gutterbowl.drafting import check_non_linemen
from bbcore_gutterbowl.potions import LESSER_MAGIC_POTION, SUPERIOR_MAGIC_POTION, drink, give_magic_potions
from bbcore_gutterbowl.pregame import choose_pitch, leave_sideline_staff_at_home, pitch_of, run_pre_game
from bbcore_gutterbowl.secret_weapons import deal_with_secret_weapons, restless_fans
from bbcore_gutterbowl.staff import SAWBONES, SNACK_STAND, snack_stand_refunds
from bbcore_gutterbowl.variant_rules import variant_rules
from bbcore_gutterbowl.wizard import NOVICE_WIZARD, cast_spell, end_transmutation, firebolt, is_frog, transmutation
from ruamel.yaml import YAML

import bbcore
from bbcore.cli import main
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.block import apply_block_face
from bbcore.rules.board import BallState, Square, Status
from bbcore.rules.decisions import ActChoice, DefaultDecisions, InducementAct, ScriptedDecisions
from bbcore.rules.drive import clear_the_pitch, end_turn, recover_knocked_out_players
from bbcore.rules.events import Event
from bbcore.rules.foul import foul, send_off
from bbcore.rules.inducement_uses import uses_left
from bbcore.rules.injury import LAST_RESORT, suffer_casualty
from bbcore.rules.pregame import take_on_journeymen
from bbcore.rules.rerolls import TEAM_REROLL, RerollBudget
from bbcore.rules.sequences import GameState, TeamState, run_sequence, sequence_steps
from bbcore.rules.treatments import spend_treatments
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

DATA = Path(__file__).resolve().parent.parent / "bbcore_gutterbowl" / "data"
TEAMS = DATA / "teams"
CORE_TEAM = Path(bbcore.__file__).parent / "data" / "teams" / "human-starter.yaml"

LINEMAN = "human/human-lineman"
CLANRAT = "skaven/skaven-clanrat"

Spec = tuple[str, str, Square | None]


@pytest.fixture(scope="module")
def gb() -> Ruleset:
    return bbcore.load_ruleset("gutterbowl")


def team(team_id: str, roster: str, **changes: Any) -> TeamState:
    return attrs.evolve(TeamState(team_id, team_id.title(), roster, dedicated_fans=1, ctv=700_000), **changes)


def game(
    ruleset: Ruleset,
    players: Mapping[str, Spec],
    *,
    home: TeamState | None = None,
    away: TeamState | None = None,
    statuses: Mapping[str, str] | None = None,
    skills: Mapping[str, Mapping[str, int | str | None]] | None = None,
    ball: Square | str | None = None,
    **changes: Any,
) -> GameState:
    """Players without a square wait in the Reserves unless ``statuses`` says otherwise."""
    all_statuses = {pid: "reserves" for pid, (_, _, square) in players.items() if square is None}
    all_statuses.update(statuses or {})
    board = build_board(ruleset, players, skills=skills, statuses=all_statuses, ball=ball)
    state = GameState(home or team("home", "human"), away or team("away", "skaven"), board)
    return attrs.evolve(state, **changes)


def kinds(events: tuple[Event, ...] | list[Event]) -> list[str]:
    return [event.kind for event in events]


# -- drafting: through `bbcore team check` -------------------------------------------------------------


@pytest.fixture
def team_check(capsys: pytest.CaptureFixture[str]) -> Any:
    """``bbcore team check FILE --variant gutterbowl --json [--option ...]``: the exit status and the report."""

    def run(path: Path, *options: str) -> tuple[int, dict[str, Any]]:
        args = ["team", "check", str(path), "--variant", "gutterbowl", "--json"]
        for option in options:
            args += ["--option", option]
        status = main(args)
        return status, json.loads(capsys.readouterr().out)

    return run


def broken(tmp_path: Path, name: str, change: Any) -> Path:
    yaml = YAML()
    data = yaml.load(TEAMS / name)
    change(data)
    path = tmp_path / name
    yaml.dump(data, path)
    return path


def codes(report: dict[str, Any]) -> list[str]:
    return sorted(problem["code"] for problem in report["problems"])


@pytest.mark.parametrize("name", ["human-cobblestone-crushers.yaml", "skaven-sewer-rats.yaml"])
def test_the_ready_teams_pass_the_gutter_bowl_team_check(name: str, team_check: Any) -> None:
    status, report = team_check(TEAMS / name)
    assert (status, report["problems"]) == (0, [])


def test_a_sixth_player_not_from_the_lineman_position_is_one_too_many(tmp_path: Path, team_check: Any) -> None:
    def swap(data: Any) -> None:
        data["players"][0]["position"] = "human/halfling-hopeful"  # Lineman keyword, but not the Lineman position

    status, report = team_check(broken(tmp_path, "human-cobblestone-crushers.yaml", swap))
    assert (status, codes(report)) == (1, ["too-many-non-linemen"])
    assert "at most 5" in report["problems"][0]["message"]


def test_the_budget_is_750k_and_a_reroll_costs_100k(tmp_path: Path, team_check: Any) -> None:
    status, report = team_check(TEAMS / "skaven-sewer-rats.yaml")
    positions = 150_000 + 2 * 85_000 + 90_000 + 80_000 + 3 * 50_000
    assert report["cost"] == positions + 100_000  # the Skaven roster's own price is lower
    status, report = team_check(broken(tmp_path, "skaven-sewer-rats.yaml", lambda data: data.__setitem__("rerolls", 2)))
    assert (status, codes(report)) == (1, ["over-budget"])
    assert "the budget is 750K" in report["problems"][0]["message"]


def test_seven_players_is_the_least_a_team_may_have(tmp_path: Path, team_check: Any) -> None:
    status, _ = team_check(broken(tmp_path, "skaven-sewer-rats.yaml", lambda data: data["players"].pop(0)))
    assert status == 0  # seven
    status, report = team_check(broken(tmp_path, "skaven-sewer-rats.yaml", lambda data: [data["players"].pop(0) for _ in range(2)]))
    assert (status, codes(report)) == (1, ["too-few-players"])


@pytest.mark.parametrize("staff", ["apothecary", "cheerleaders", "assistant-coaches"])
def test_no_sideline_staff_may_be_hired(tmp_path: Path, staff: str, team_check: Any) -> None:
    def hire(data: Any) -> None:
        data["players"].pop(0)  # room in the budget for the staff
        data["staff"] = {staff: 1}

    status, report = team_check(broken(tmp_path, "human-cobblestone-crushers.yaml", hire))
    assert (status, codes(report)) == (1, ["staff-limit"])


def test_an_existing_blood_bowl_team_is_drafted_under_the_core_rules(team_check: Any) -> None:
    status, report = team_check(CORE_TEAM)
    assert status == 1
    assert {"staff-limit", "over-budget", "too-many-non-linemen"} <= set(codes(report))
    status, report = team_check(CORE_TEAM, "teams=existing")
    assert (status, report["problems"]) == (0, [])


def test_existing_teams_get_the_core_drafting_parameters_but_keep_seven_players_and_six_turns(gb: Ruleset) -> None:
    core = bbcore.load_ruleset().parameters
    existing = bbcore.load_ruleset("gutterbowl", options={"teams": "existing"}).parameters
    assert (existing.draft_budget, existing.roster, existing.rerolls, existing.staff) == (
        core.draft_budget,
        core.roster,
        core.rerolls,
        core.staff,
    )
    assert (existing.players_on_pitch, existing.turns_per_half) == (gb.parameters.players_on_pitch, gb.parameters.turns_per_half)
    assert (gb.parameters.players_on_pitch, gb.parameters.turns_per_half) == (7, 6)
    assert gb.parameters.draft_budget != core.draft_budget


def test_the_lineman_cap_is_not_checked_for_existing_teams() -> None:
    existing = bbcore.load_ruleset("gutterbowl", options={"teams": "existing"})
    core_team = bbcore.load_team_file(CORE_TEAM).team
    assert list(check_non_linemen(existing, core_team)) == []
    assert [p.code for p in check_non_linemen(bbcore.load_ruleset("gutterbowl"), core_team)] == ["too-many-non-linemen"]


# -- the pre-game ---------------------------------------------------------------------------------------


def two_teams(ruleset: Ruleset, home_players: int = 7, away_players: int = 7) -> GameState:
    players = {f"home-{n}": ("home", LINEMAN, None) for n in range(home_players)}
    players |= {f"away-{n}": ("away", CLANRAT, None) for n in range(away_players)}
    return game(ruleset, players)


def test_the_coaches_may_agree_on_the_pitch(gb: Ruleset) -> None:
    with ScriptedDice([]) as dice, ScriptedDecisions([("agreed-choice", "sewer")], strict=True) as decisions:
        _, (event,) = choose_pitch(gb, two_teams(gb), dice, decisions)
    assert (event.kind, event.result, event.detail["chosen_by"]) == ("pitch", "sewer", "coaches")
    assert event.detail["reload"] is True  # this ruleset was loaded for the street


@pytest.mark.parametrize(("roll", "pitch"), [(1, "sewer"), (3, "sewer"), (4, "street"), (6, "street")])
def test_otherwise_a_d6_picks_the_pitch(gb: Ruleset, roll: int, pitch: str) -> None:
    with ScriptedDice([roll]) as dice:
        _, events = choose_pitch(gb, two_teams(gb), dice, DefaultDecisions())
    assert pitch_of(events) == pitch
    assert events[0].rolls == (roll,)


def test_the_pre_game_is_played_under_the_ruleset_of_the_pitch_rolled(gb: Ruleset) -> None:
    # pitch D6, two Fan Factor D3s, the weather 2D6, the kick-off roll-off (CTVs are even: no inducements)
    with ScriptedDice([2, 1, 1, 3, 4, 6, 1]) as dice:
        ruleset, state, events = run_pre_game(two_teams(gb), dice)
    assert ruleset.options["pitch"] == "sewer"
    weather = next(e for e in events if e.kind == "weather")
    assert weather.detail["table"] == "gutterbowl/sewer-weather"
    assert state.weather == weather.result
    steps = [e.result for e in events if e.kind == "sequence-step"]
    assert steps == ["gutterbowl/pitch", "gutterbowl/sideline-staff", "fans", "weather", "journeymen", "inducements", "kicking-team"]


def test_there_are_no_prayers_to_nuffle(gb: Ruleset) -> None:
    assert "prayers-to-nuffle" in [s.id for s in bbcore.load_ruleset().sequence("pre-game").steps]
    assert "prayers-to-nuffle" not in [s.id for s in gb.sequence("pre-game").steps]


def test_journeymen_make_a_team_up_to_seven_not_eleven(gb: Ruleset) -> None:
    with ScriptedDice([]) as dice:
        after, (event,) = take_on_journeymen(gb, two_teams(gb, home_players=5), dice, DefaultDecisions())
    assert event.who == "home"
    assert len(event.detail["players"]) == 2
    assert len(list(after.board.team_players("home"))) == 7
    assert len(list(after.board.team_players("away"))) == 7  # seven is a full side


def test_sideline_staff_of_an_existing_team_stay_at_home(gb: Ruleset) -> None:
    state = two_teams(gb)
    state = state.update_team("home", cheerleaders=2, assistant_coaches=1, apothecary=True)
    with ScriptedDice([]) as dice:
        after, (event,) = leave_sideline_staff_at_home(gb, state, dice, DefaultDecisions())
    assert (after.home.cheerleaders, after.home.assistant_coaches, after.home.apothecary) == (0, 0, False)
    assert (event.who, event.detail["staff"]) == ("home", {"cheerleaders": 2, "assistant_coaches": 1, "apothecary": True})


# -- no referee, and secret weapons ---------------------------------------------------------------------


def bombardier(ruleset: Ruleset, **changes: Any) -> GameState:
    players: dict[str, Spec] = {"bomber": ("home", LINEMAN, (12, 7)), "rat": ("away", CLANRAT, (13, 7))}
    state = game(ruleset, players, skills={"bomber": {"secret-weapon": None}}, **changes)
    return attrs.evolve(state, drive_players=frozenset(players))


def test_there_is_no_referee_and_no_step_that_sends_a_fouler_off(gb: Ruleset) -> None:
    assert variant_rules(gb).referee is False
    step_ids = [step.id for sequence in gb.sequences.values() for step in sequence.steps]
    assert not [s for s in step_ids if any(word in s for word in ("argue", "foul", "referee", "bribe", "sent-off"))]
    assert sequence_steps(gb)["secret-weapons"] is deal_with_secret_weapons


def test_nobody_sees_a_double_on_a_foul(gb: Ruleset) -> None:
    state = game(gb, {"fouler": ("home", LINEMAN, (12, 7)), "rat": ("away", CLANRAT, (13, 7))}, statuses={"rat": "prone"})
    with ScriptedDice([4, 4, 3, 3]) as dice:  # doubles on both rolls: Sent-off twice over anywhere else
        outcome = foul(gb, state, "fouler", "rat", dice)
    assert outcome.sent_off is None
    assert not outcome.turnover
    assert outcome.state.board.player("fouler").status is Status.STANDING
    assert [e.result for e in outcome.events if e.kind == "referee"] == ["none"]


def test_there_is_nobody_to_argue_with(gb: Ruleset) -> None:
    state = bombardier(gb)
    with ScriptedDice([]) as dice:
        off = send_off(gb, state, "bomber", dice, ScriptedDecisions([("argue-the-call", True)]), reason="test")
    assert not off.stays
    assert [e.result for e in off.events if e.kind == "argue-the-call"] == ["no-referee"]


@pytest.mark.parametrize("roll", [4, 6])
def test_a_secret_weapon_who_rolls_four_or_more_stays_in_the_game(gb: Ruleset, roll: int) -> None:
    with ScriptedDice([roll]) as dice:
        after, (event,) = deal_with_secret_weapons(gb, bombardier(gb), dice, DefaultDecisions())
    assert after.board.player("bomber").status is Status.STANDING
    assert event.result == "gets-away-with-it"


def test_on_one_to_three_the_crowd_removes_him_for_the_game(gb: Ruleset) -> None:
    with ScriptedDice([3, 2]) as dice:
        after, events = deal_with_secret_weapons(gb, bombardier(gb), dice, DefaultDecisions())
    assert after.board.player("bomber").status is Status.SENT_OFF
    assert [(e.kind, e.result) for e in events] == [("secret-weapon", "removed-by-the-crowd"), ("crowd-retribution", "spared")]
    assert after.board.player("rat").status is Status.STANDING


def test_a_further_one_makes_him_a_casualty(gb: Ruleset) -> None:
    with ScriptedDice([1, 1, 9]) as dice:  # removed, retribution, casualty roll: Seriously Hurt
        after, events = deal_with_secret_weapons(gb, bombardier(gb), dice, DefaultDecisions())
    assert after.board.player("bomber").status is Status.CASUALTY
    assert kinds(events) == ["secret-weapon", "crowd-retribution", "casualty"]
    assert events[-1].result == "seriously-hurt"


def test_a_sawbones_patching_a_removed_secret_weapon_up_does_not_bring_him_back(gb: Ruleset) -> None:
    decisions = ScriptedDecisions([("casualty-treatment", SAWBONES)])
    with ScriptedDice([2, 1, 10, 4, 3]) as dice, decisions:  # removed, casualty, 10, Sawbones 4, second roll Badly Hurt
        after, events = deal_with_secret_weapons(gb, bombardier(gb), dice, decisions)
    assert after.board.player("bomber").status is Status.SENT_OFF
    assert events[-1].detail["outcome"] == "patched-up"


def test_the_end_of_drive_sequence_uses_the_gutter_bowl_step(gb: Ruleset) -> None:
    state = bombardier(gb)
    with ScriptedDice([5]) as dice:  # the secret weapon's die; nobody is KO'd
        after, _ = run_sequence(gb, "end-of-drive", state, dice)
    assert after.board.player("bomber").status is Status.RESERVES  # cleared off the pitch, not sent off
    core = bbcore.load_ruleset()
    with ScriptedDice([2]) as dice:  # the core sends him off with no roll of the crowd's; his coach argues in vain
        after, events = run_sequence(core, "end-of-drive", bombardier(core), dice)
    assert after.board.player("bomber").status is Status.SENT_OFF
    assert [e.result for e in events if e.kind == "argue-the-call"] == ["i-dont-care"]


# -- restless fans ---------------------------------------------------------------------------------------


def staller(ruleset: Ruleset) -> GameState:
    return game(ruleset, {"runner": ("home", LINEMAN, (13, 7)), "rat": ("away", CLANRAT, (16, 7))}, ball="runner")


def test_a_stalling_player_dodges_the_bottle_on_a_one(gb: Ruleset) -> None:
    with ScriptedDice([1]) as dice:
        outcome = restless_fans(gb, staller(gb).board, ["runner"], dice)
    assert outcome.board.player("runner").status is Status.STANDING
    assert [(e.kind, e.result) for e in outcome.events] == [("restless-fans", "missed")]


def test_on_two_or_more_the_bottle_hits_and_makes_an_injury_roll(gb: Ruleset) -> None:
    # hit, injury 4+5 = KO, then the dropped ball bounces right (D8 5) to (14, 7), and on the cobbles
    # a second time, down (D8 7) to (14, 8)
    with ScriptedDice([2, 4, 5, 5, 7]) as dice:
        outcome = restless_fans(gb, staller(gb).board, ["runner"], dice)
    assert outcome.board.player("runner").status is Status.KO
    assert kinds(outcome.events)[:2] == ["restless-fans", "injury"]
    assert outcome.events[1].detail["total"] == 9
    assert outcome.board.ball == BallState(square=(14, 8))


def test_the_coach_may_call_the_sawbones_for_a_player_a_bottle_hurts(gb: Ruleset) -> None:
    # hit, injury 6+6 (a casualty), the D16 (Dead), the Sawbones 2+, then Badly Hurt; the ball bounces (D8 5, 7)
    decisions = ScriptedDecisions([("casualty-treatment", SAWBONES)])
    with ScriptedDice([2, 6, 6, 16, 2, 4, 5, 7]) as dice, decisions:
        outcome = restless_fans(gb, staller(gb).board, ["runner"], dice, decisions)
    assert outcome.board.player("runner").status is Status.RESERVES
    assert next(e for e in outcome.events if e.kind == "casualty-treatment").detail["results"] == ["dead", "badly-hurt"]


def test_the_core_finds_the_staller_and_the_fans_throw_at_the_end_of_the_turn(gb: Ruleset) -> None:
    from bbcore.rules.drive import end_turn
    from bbcore.rules.turns import end_activation, start_activation

    assert not gb.parameters.stalling.crowd_takes_action
    state = game(gb, {"runner": ("home", LINEMAN, (20, 7)), "rat": ("away", CLANRAT, (5, 7))}, ball="runner")
    state, _ = start_activation(gb, state, "runner")
    with ScriptedDice([]) as dice:  # no Crowd Takes Action in the gutter
        state, outcome = end_activation(gb, state, "runner", dice)
    assert [(e.kind, e.result) for e in outcome.events] == [("stalling", "stalled")]
    assert state.home.stalled
    with ScriptedDice([1]) as dice:  # the bottle misses
        _, events = end_turn(gb, state, "home", dice)
    assert [(e.kind, e.who, e.result) for e in events if e.kind == "restless-fans"] == [("restless-fans", "runner", "missed")]
    with ScriptedDice([]) as dice:
        _, events = end_turn(gb, state, "away", dice)  # not the staller's turn: no bottle
    assert [e for e in events if e.kind == "restless-fans"] == []


def test_only_players_on_the_pitch_can_be_stalling(gb: Ruleset) -> None:
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="on the pitch"):
        restless_fans(gb, staller(gb).board, ["nobody"], dice)


# -- magic potions --------------------------------------------------------------------------------------


def potion_state(ruleset: Ruleset, potions: Mapping[str, int], **statuses: str) -> GameState:
    players: dict[str, Spec] = {"sleepy": ("home", LINEMAN, None), "fresh": ("home", LINEMAN, None), "hurt": ("home", LINEMAN, None)}
    players["rat"] = ("away", CLANRAT, None)
    all_statuses = {"sleepy": "ko", "hurt": "casualty", **statuses}
    return game(ruleset, players, home=team("home", "human", inducements=dict(potions)), statuses=all_statuses)


def test_potions_are_handed_out_before_set_up_and_drunk_at_once(gb: Ruleset) -> None:
    state = potion_state(gb, {LESSER_MAGIC_POTION: 2})
    decisions = ScriptedDecisions([("hand-out", [("sleepy", LESSER_MAGIC_POTION)])], strict=True)
    with ScriptedDice([7]) as dice, decisions:  # Bugman's XXXXXX
        after, events = give_magic_potions(gb, state, dice, decisions)
    sleepy = after.board.player("sleepy")
    assert sleepy.has("pro")
    assert sleepy.status is Status.RESERVES  # a Knocked-out drinker of this row recovers
    assert after.home.inducements == {LESSER_MAGIC_POTION: 1}  # one kept for a later drive
    assert kinds(events) == ["magic-potion", "ko-recovery", "potion-drunk"]
    steps = [step.id for step in gb.sequence("start-of-drive").steps]
    assert steps.index("gutterbowl/magic-potions") < steps.index("set-up")


def test_a_warpstone_whiskey_drinker_must_be_the_first_of_his_team_activated(gb: Ruleset) -> None:
    from bbcore.rules.drive import end_turn
    from bbcore.rules.turns import action_refusals, end_activation

    state = potion_state(gb, {LESSER_MAGIC_POTION: 1})
    with ScriptedDice([6]) as dice:  # Warpstone Whiskey
        after, _ = give_magic_potions(gb, state, dice, ScriptedDecisions([("hand-out", [("fresh", LESSER_MAGIC_POTION)])]))
    assert after.board.player("fresh").has("gutterbowl/warpstone-whiskey")
    on_pitch = after.board.replace_players(
        [
            attrs.evolve(after.board.player(pid), square=square, status=Status.STANDING)
            for pid, square in (("fresh", (5, 5)), ("sleepy", (5, 7)))
        ]
    )
    turn = attrs.evolve(after, board=on_pitch)
    (reason,) = action_refusals(gb, turn, "sleepy", "move")
    assert "fresh drank Warpstone Whiskey" in reason
    assert action_refusals(gb, turn, "fresh", "move") == ()
    assert action_refusals(gb, turn, "rat", "move") == ()  # the other team is not bound by it
    went_first, _ = end_activation(gb, turn, "fresh", ScriptedDice([]))
    assert action_refusals(gb, went_first, "sleepy", "move") == ()
    # The next turn of the team, he must go first again.
    next_turn, _ = end_turn(gb, went_first, "home", ScriptedDice([]))
    assert action_refusals(gb, next_turn, "sleepy", "block") != ()
    # A drinker who cannot act (Stunned) binds nobody.
    stunned = attrs.evolve(next_turn, board=next_turn.board.with_player(next_turn.board.player("fresh").with_status(Status.STUNNED)))
    assert action_refusals(gb, stunned, "sleepy", "block") == ()


def test_a_warpstone_whiskey_drinker_stuck_in_a_sewer_pit_binds_nobody_and_is_not_activated() -> None:
    from bbcore.rules.turns import action_refusals

    sewer = bbcore.load_ruleset("gutterbowl", options={"pitch": "sewer"})
    state = game(sewer, {"fresh": ("home", LINEMAN, (7, 3)), "sleepy": ("home", LINEMAN, (5, 7))})  # (7, 3): a pit
    drunk = attrs.evolve(state.board.player("fresh"), skills={**state.board.player("fresh").skills, "gutterbowl/warpstone-whiskey": None})
    state = attrs.evolve(state, board=state.board.with_player(drunk))
    assert state.board.trapped(state.board.player("fresh"))
    assert action_refusals(sewer, state, "sleepy", "move") == ()
    (reason,) = action_refusals(sewer, state, "fresh", "move")
    assert "trapped in a feature of the pitch" in reason


def test_only_reserves_and_knocked_out_players_may_drink_one_potion_each(gb: Ruleset) -> None:
    state = potion_state(gb, {LESSER_MAGIC_POTION: 3})
    offered: list[list[str]] = []

    class Coach(DefaultDecisions):
        def hand_out_inducements(self, team: str, inducements: Mapping[str, int], players: Any) -> Any:
            offered.append(list(players))
            return [("fresh", LESSER_MAGIC_POTION), ("fresh", LESSER_MAGIC_POTION), ("hurt", LESSER_MAGIC_POTION)]

    with ScriptedDice([]) as dice, pytest.raises(UsageError, match=r"'hurt' cannot be given a potion.*'fresh' is given 2 potions"):
        give_magic_potions(gb, state, dice, Coach())
    assert offered == [["fresh", "sleepy"]]


def test_a_team_cannot_hand_out_potions_it_does_not_hold(gb: Ruleset) -> None:
    state = potion_state(gb, {LESSER_MAGIC_POTION: 1})
    decisions = ScriptedDecisions([("hand-out", [("fresh", SUPERIOR_MAGIC_POTION)])])
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="not a potion the team holds"):
        give_magic_potions(gb, state, dice, decisions)


def test_fresh_water_does_not_wake_a_knocked_out_player(gb: Ruleset) -> None:
    with ScriptedDice([2]) as dice:
        outcome = drink(gb, potion_state(gb, {}).board, "sleepy", LESSER_MAGIC_POTION, dice)
    assert outcome.board.player("sleepy").status is Status.KO


def test_bad_beer_gives_bone_head_and_a_worse_agility(gb: Ruleset) -> None:
    with ScriptedDice([3]) as dice:
        outcome = drink(gb, potion_state(gb, {}).board, "fresh", LESSER_MAGIC_POTION, dice)
    fresh = outcome.board.player("fresh")
    assert fresh.has("bone-head")
    assert fresh.ag == gb.position(LINEMAN).ag + 1  # one step worse: 3+ becomes 4+
    assert outcome.events[-1].detail["before"]["ag"] == gb.position(LINEMAN).ag


def test_the_potion_of_endurance_turns_the_first_casualty_into_a_knock_out(gb: Ruleset) -> None:
    from bbcore.rules.injury import suffer_casualty

    with ScriptedDice([1]) as dice:
        drunk = drink(gb, potion_state(gb, {}).board, "fresh", SUPERIOR_MAGIC_POTION, dice)
    fresh = drunk.board.player("fresh")
    assert fresh.has("gutterbowl/potion-of-endurance")
    assert fresh.av == gb.position(LINEMAN).av + 1
    with ScriptedDice([15]) as dice:  # a Dead result on the casualty roll: knocked out instead
        first = suffer_casualty(gb, drunk.board, "fresh", dice)
    after = first.board.player("fresh")
    assert after.status is Status.KO
    assert not after.has("gutterbowl/potion-of-endurance")
    assert after.av == fresh.av  # the better armour stays
    with ScriptedDice([1]) as dice:  # the next one is a Casualty (Badly Hurt)
        second = suffer_casualty(gb, first.board, "fresh", dice)
    assert second.board.player("fresh").status is Status.CASUALTY


def test_manticore_venom_is_a_casualty_with_a_casualty_roll(gb: Ruleset) -> None:
    with ScriptedDice([1, 15]) as dice:
        outcome = drink(gb, potion_state(gb, {}).board, "fresh", LESSER_MAGIC_POTION, dice)
    assert outcome.board.player("fresh").status is Status.CASUALTY
    assert [(e.kind, e.result) for e in outcome.events] == [("magic-potion", "manticore-venom"), ("casualty", "dead")]


def test_an_actual_potion_rolls_on_the_superior_table(gb: Ruleset) -> None:
    with ScriptedDice([8, 7]) as dice:  # It's an actual Potion!, then Potion of Strength
        outcome = drink(gb, potion_state(gb, {}).board, "sleepy", LESSER_MAGIC_POTION, dice)
    sleepy = outcome.board.player("sleepy")
    assert (sleepy.st, sleepy.has("stand-firm")) == (gb.position(LINEMAN).st + 1, True)
    assert sleepy.status is Status.RESERVES  # every Superior row wakes the player
    assert [e.detail["table"] for e in outcome.events if e.kind == "magic-potion"] == [
        "gutterbowl/lesser-magic-potions",
        "gutterbowl/superior-magic-potions",
    ]


def test_a_superior_potion_better_agility_lowers_the_target_number(gb: Ruleset) -> None:
    with ScriptedDice([5]) as dice:  # Potion of Grace
        outcome = drink(gb, potion_state(gb, {}).board, "fresh", SUPERIOR_MAGIC_POTION, dice)
    assert outcome.board.player("fresh").ag == gb.position(LINEMAN).ag - 1
    assert outcome.board.player("fresh").has("sure-feet")


def test_the_potion_of_mutation_gives_a_random_mutation(gb: Ruleset) -> None:
    with ScriptedDice([2, 1, 2]) as dice:  # Mutation; then 1-3 and 2 on the skill table: Claws
        outcome = drink(gb, potion_state(gb, {}).board, "fresh", SUPERIOR_MAGIC_POTION, dice)
    assert outcome.board.player("fresh").has("claws")
    assert [e.kind for e in outcome.events] == ["magic-potion", "random-skill", "potion-drunk"]


# -- the sawbones -----------------------------------------------------------------------------------------


def casualty_board(ruleset: Ruleset, **skills: Mapping[str, int | str | None]) -> Any:
    return build_board(ruleset, {"p": ("home", LINEMAN, (12, 7)), "o": ("away", CLANRAT, (13, 7))}, skills=skills)


def sawbones_called(player: Any, casualty: str) -> str | None:
    return None if casualty.startswith(LAST_RESORT) else SAWBONES  # he works straight after the roll, not as a last resort


def test_the_sawbones_kills_on_a_one(gb: Ruleset) -> None:
    with ScriptedDice([3, 1]) as dice:  # Badly Hurt, then the Sawbones rolls a 1
        outcome = suffer_casualty(gb, casualty_board(gb), "p", dice, choose_treatment=sawbones_called)
    assert outcome.board.player("p").status is Status.CASUALTY
    assert (outcome.events[-1].kind, outcome.events[-1].result) == ("casualty-treatment", "dead")


def test_the_sawbones_rolls_again_and_a_badly_hurt_player_goes_to_the_reserves(gb: Ruleset) -> None:
    with ScriptedDice([16, 2, 4]) as dice:  # Dead, the Sawbones 2+, then Badly Hurt
        outcome = suffer_casualty(gb, casualty_board(gb), "p", dice, choose_treatment=sawbones_called)
    assert outcome.board.player("p").status is Status.RESERVES
    assert outcome.events[-1].detail["results"] == ["dead", "badly-hurt"]


def test_the_milder_of_the_two_results_stands(gb: Ruleset) -> None:
    with ScriptedDice([9, 6, 16]) as dice:  # Seriously Hurt; the second roll (Dead) is worse
        outcome = suffer_casualty(gb, casualty_board(gb), "p", dice, choose_treatment=sawbones_called)
    assert outcome.board.player("p").status is Status.CASUALTY
    assert outcome.events[-1].result == "seriously-hurt"


def test_the_sawbones_comes_before_the_apothecary(gb: Ruleset) -> None:
    def apothecary(player: Any, injury: str) -> bool:
        raise AssertionError("the apothecary is never reached once the Sawbones patched the player up")

    with ScriptedDice([12, 5, 1]) as dice:
        outcome = suffer_casualty(gb, casualty_board(gb), "p", dice, apothecary, choose_treatment=sawbones_called)
    assert outcome.board.player("p").status is Status.RESERVES


def test_a_block_casualty_can_call_the_sawbones_through_the_coach(gb: Ruleset) -> None:
    decisions = ScriptedDecisions([("casualty-treatment", SAWBONES)])
    # Player Down: armour 6+6, injury 6+6 (a casualty), casualty roll 14, the Sawbones 3, second roll 2
    with ScriptedDice([6, 6, 6, 6, 14, 3, 2]) as dice, decisions:
        outcome = apply_block_face(gb, casualty_board(gb), "p", "o", "player-down", dice, decisions)
    assert outcome.board.player("p").status is Status.RESERVES
    assert outcome.events[-1].detail["results"] == ["lasting-injury", "badly-hurt"]


def test_the_sawbones_comes_before_regeneration(gb: Ruleset) -> None:
    assert bbcore.load_ruleset().parameters.regeneration_first
    assert not gb.parameters.regeneration_first
    board = casualty_board(gb, p={"regeneration": None})
    regenerates = gb.parameters.targets.regeneration
    # The Casualty Roll first (Dead), then the Sawbones (1: fatal), and only then Regeneration, which saves him.
    with ScriptedDice([16, 1, regenerates]) as dice:
        outcome = suffer_casualty(gb, board, "p", dice, choose_treatment=sawbones_called)
    assert [e.kind for e in outcome.events] == ["casualty", "casualty-treatment", "regeneration"]
    assert outcome.board.player("p").status is Status.RESERVES
    # A player the Sawbones patched up rolls no Regeneration.
    with ScriptedDice([16, 2, 4]) as dice:
        patched = suffer_casualty(gb, board, "p", dice, choose_treatment=sawbones_called)
    assert [e.kind for e in patched.events] == ["casualty", "casualty", "casualty-treatment"]
    # Without the Sawbones, a failed Regeneration after the roll leaves the result as rolled.
    with ScriptedDice([9, regenerates - 1]) as dice:
        failed = suffer_casualty(gb, board, "p", dice)
    assert [(e.kind, e.result) for e in failed.events] == [("casualty", "seriously-hurt"), ("regeneration", "failed")]
    assert failed.board.player("p").status is Status.CASUALTY


def test_a_used_sawbones_is_spent(gb: Ruleset) -> None:
    state = game(gb, {"p": ("home", LINEMAN, (12, 7))}, home=team("home", "human", inducements={SAWBONES: 1, SNACK_STAND: 1}))
    with ScriptedDice([16, 2, 4]) as dice:
        outcome = suffer_casualty(gb, state.board, "p", dice, choose_treatment=sawbones_called)
    after = spend_treatments(gb, attrs.evolve(state, board=outcome.board), outcome.events)
    assert uses_left(gb, after, "home", SAWBONES) == 0
    assert uses_left(gb, after, "home", SNACK_STAND) is None


# -- the snack stand ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("inducements", "status"), [({SNACK_STAND: 1}, Status.RESERVES), ({}, Status.KO)])
def test_a_snack_stand_adds_one_to_ko_recovery(gb: Ruleset, inducements: dict[str, int], status: Status) -> None:
    state = game(gb, {"p": ("home", LINEMAN, None)}, statuses={"p": "ko"}, home=team("home", "human", inducements=inducements))
    with ScriptedDice([3]) as dice:
        after, _ = recover_knocked_out_players(gb, state, dice, DefaultDecisions())
    assert after.board.player("p").status is status


@pytest.mark.parametrize(("roll", "left"), [(6, 2), (5, 1)])
def test_a_snack_stand_makes_a_used_team_reroll_free_on_a_six(gb: Ruleset, roll: int, left: int) -> None:
    used = (Event("dodge", "p", (1, 4), "passed"), Event(TEAM_REROLL, "p", (), "used", {"test": "dodge"}))
    with ScriptedDice([roll]) as dice:
        budget, events = snack_stand_refunds(gb, {SNACK_STAND: 1}, used, RerollBudget(1), dice)
    assert budget.team_rerolls == left
    assert kinds(events) == ["snack-stand"]
    with ScriptedDice([]) as dice:
        assert snack_stand_refunds(gb, {}, used, RerollBudget(1), dice) == (RerollBudget(1), ())


def test_a_snack_stand_gives_a_used_team_reroll_back_through_the_core_record(gb: Ruleset) -> None:
    from bbcore.rules.turns import spend_team_rerolls

    state = game(gb, {"p": ("home", LINEMAN, (12, 7))}, home=team("home", "human", rerolls=1, inducements={SNACK_STAND: 1}))
    used = (Event(TEAM_REROLL, "p", (), "used", {"test": "dodge"}),)
    with ScriptedDice([6]) as dice:
        kept, events = spend_team_rerolls(gb, state, used, dice)
    assert (kept.home.rerolls, kinds(events)) == (1, ["snack-stand"])
    with ScriptedDice([5]) as dice:
        spent, _ = spend_team_rerolls(gb, state, used, dice)
    assert spent.home.rerolls == 0
    without = state.update_team("home", inducements={})
    with ScriptedDice([]) as dice:
        assert spend_team_rerolls(gb, without, used, dice) == (without.update_team("home", rerolls=0), ())
    # A re-roll for the drive alone (spent first) comes back for the drive, never for the half.
    with ScriptedDice([6]) as dice:
        drive, _ = spend_team_rerolls(gb, state.update_team("home", drive_rerolls=1), used, dice)
    assert (drive.home.drive_rerolls, drive.home.rerolls) == (1, 1)


def test_a_snack_stand_refund_keeps_the_rest_of_the_budget(gb: Ruleset) -> None:
    used = (Event(TEAM_REROLL, "p", (), "used", {"test": "dodge"}),)
    budget = RerollBudget(0, frozenset({"dodge"}), barred=frozenset({"block"}), pro=("p", 3))
    with ScriptedDice([6]) as dice:
        refunded, _ = snack_stand_refunds(gb, {SNACK_STAND: 1}, used, budget, dice)
    assert refunded == attrs.evolve(budget, team_rerolls=1)


# -- the novice wizard --------------------------------------------------------------------------------------


def spell_board(ruleset: Ruleset, **changes: Any) -> Any:
    players: dict[str, Spec] = {
        "target": ("away", CLANRAT, (13, 7)),
        "near-home": ("home", LINEMAN, (12, 7)),
        "near-away": ("away", CLANRAT, (14, 7)),
        "far": ("away", CLANRAT, (13, 11)),
    }
    return build_board(ruleset, players, **changes)


def test_firebolt_knocks_the_target_down_on_three_or_more(gb: Ruleset) -> None:
    with ScriptedDice([3, 1, 1]) as dice:  # hit; armour 2 holds
        outcome = firebolt(gb, spell_board(gb), "home", "target", dice)
    assert outcome.board.player("target").status is Status.PRONE
    assert [(e.kind, e.result) for e in outcome.events][:3] == [
        ("spell", "firebolt"),
        ("spell-hits", "on-target"),
        ("knocked-down", "prone"),
    ]


def test_a_missed_firebolt_hits_the_closest_player_of_either_team_at_random(gb: Ruleset) -> None:
    with ScriptedDice([2, 1, 1, 1]) as dice:  # miss; two players are one square away: the first of them; armour holds
        outcome = firebolt(gb, spell_board(gb), "home", "target", dice)
    hit = next(e for e in outcome.events if e.kind == "spell-hits")
    assert hit.detail["closest"] == ["near-away", "near-home"]
    assert outcome.board.player("near-away").status is Status.PRONE
    assert outcome.board.player("target").status is Status.STANDING


def test_a_spell_aims_only_at_an_opposition_player(gb: Ruleset) -> None:
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="opposition"):
        firebolt(gb, spell_board(gb), "home", "near-home", dice)


def test_transmutation_makes_a_frog_who_drops_the_ball(gb: Ruleset) -> None:
    board = spell_board(gb, ball="target")
    with ScriptedDice([4, 3, 4]) as dice:  # hit; the ball bounces up-right (D8 3), then left (D8 4) on the cobbles
        outcome, record = transmutation(gb, board, "home", "target", dice)
    frog = outcome.board.player("target")
    assert (frog.ma, frog.st, frog.ag, frog.pa, frog.av) == (5, 1, 2, None, 5)
    assert is_frog(gb, frog)
    assert outcome.board.ball.carrier is None
    assert record is not None
    restored = end_transmutation(outcome.board, record).player("target")
    assert restored == board.player("target").moved(frog.square)


def test_a_frogs_casualty_is_always_badly_hurt_and_the_sawbones_cannot_help(gb: Ruleset) -> None:
    with ScriptedDice([6]) as dice:
        outcome, record = transmutation(gb, spell_board(gb), "home", "target", dice)
    with ScriptedDice([16]) as dice:
        hurt = suffer_casualty(gb, outcome.board, "target", dice, choose_treatment=sawbones_called)
    assert hurt.board.player("target").status is Status.CASUALTY
    assert [(e.kind, e.result) for e in hurt.events] == [("casualty", "dead"), ("casualty-treatment", "badly-hurt")]
    assert hurt.events[-1].detail["turned_down"] == SAWBONES
    state = GameState(team("home", "human"), team("away", "skaven", inducements={SAWBONES: 1}), hurt.board)
    assert uses_left(gb, spend_treatments(gb, state, hurt.events), "away", SAWBONES) == 1
    assert record is not None
    assert end_transmutation(hurt.board, record).player("target").status is Status.CASUALTY


def test_the_wizard_casts_once_per_game(gb: Ruleset) -> None:
    state = game(
        gb,
        {"target": ("away", CLANRAT, (13, 7)), "caster-side": ("home", LINEMAN, (11, 7))},
        home=team("home", "human", inducements={NOVICE_WIZARD: 1}),
    )
    with ScriptedDice([5, 1, 1]) as dice:
        after, events, record = cast_spell(gb, state, "home", "firebolt", "target", dice)
    assert "spell" in kinds(events)
    assert after.board.player("target").status is Status.PRONE
    assert record is None
    assert NOVICE_WIZARD not in after.home.inducements
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="no Novice Wizard left"):
        cast_spell(gb, after, "home", "transmutation", "target", dice)


def test_a_frog_is_himself_again_as_the_drive_ends_but_stays_knocked_out(gb: Ruleset) -> None:
    state = game(
        gb,
        {"target": ("away", CLANRAT, (13, 7)), "caster-side": ("home", LINEMAN, (11, 7))},
        home=team("home", "human", inducements={NOVICE_WIZARD: 1}),
    )
    before = state.board.player("target")
    with ScriptedDice([4]) as dice:
        frogged, _, _ = cast_spell(gb, state, "home", "transmutation", "target", dice)
    assert is_frog(gb, frogged.board.player("target"))
    knocked_out = attrs.evolve(frogged, board=frogged.board.with_player(frogged.board.player("target").with_status(Status.KO)))
    with ScriptedDice([]) as dice:
        ended, _ = clear_the_pitch(gb, knocked_out, dice, DefaultDecisions())
    himself = ended.board.player("target")
    assert (himself.ma, himself.st, himself.ag, himself.av, himself.skills) == (before.ma, before.st, before.ag, before.av, before.skills)
    assert himself.status is Status.KO


def test_the_wizard_is_offered_just_after_his_teams_turn_and_not_after_the_opponents(gb: Ruleset) -> None:
    state = game(
        gb,
        {"target": ("away", CLANRAT, (13, 7)), "caster-side": ("home", LINEMAN, (11, 7))},
        home=team("home", "human", inducements={NOVICE_WIZARD: 1}),
    )
    with ScriptedDice([]) as dice:  # the away coach's turn ends: nobody is asked about the wizard
        after_away, _ = end_turn(gb, state, "away", dice, ScriptedDecisions([]))
    assert after_away.home.inducements == {NOVICE_WIZARD: 1}
    offered: list[tuple[str, ...]] = []

    class Caster(DefaultDecisions):
        def inducement_act(self, team: str, inducement: str, situation: str, acts: Sequence[InducementAct]) -> ActChoice | None:
            offered.extend(act.players for act in acts)
            return ActChoice("firebolt", players=("target",))

    with ScriptedDice([5, 1, 1]) as dice:  # hit; armour 2 holds
        cast, events = end_turn(gb, state, "home", dice, Caster())
    assert offered == [("target",), ("target",)]  # Firebolt, then Transmutation: the one opposition player
    assert cast.board.player("target").status is Status.PRONE
    assert NOVICE_WIZARD not in cast.home.inducements
    assert ("spell", "firebolt") in [(e.kind, e.result) for e in events]


def test_changing_weather_scatters_on_the_calm_row_of_the_pitch_in_use() -> None:
    import bbcore

    for pitch in ("street", "sewer"):
        rules = bbcore.load_ruleset("gutterbowl", options={"pitch": pitch})
        calm = rules.parameters.kick_off_events.calm_weather
        assert calm in {row.id for row in rules.table("weather").rows}
        assert rules.table("weather").id == f"gutterbowl/{pitch}-weather"


def test_a_kick_cannot_be_aimed_into_a_market_stall(gb: Ruleset) -> None:
    from bbcore.rules.drive import kick

    state = game(gb, {"k": ("home", "human/human-lineman", (10, 7)), "r": ("away", "skaven/skaven-clanrat", (15, 7))}, kicking_team="home")
    stall = next(square for square in state.board.geometry.square_features if state.board.geometry.half_of(square) == "away")

    class AimAtStall(DefaultDecisions):
        def kick_off_target(self, team: str, squares: object) -> tuple[int, int]:
            assert stall not in squares  # type: ignore[operator]
            return stall

    with pytest.raises(UsageError, match="not open ground"):
        kick(gb, state, ScriptedDice([]), AimAtStall())


def test_swarming_sets_up_nobody_beyond_the_seven(gb: Ruleset) -> None:
    from bbcore.rules.drive import swarm

    snotlings = {f"s{n}": ("home", "snotling/snotling-lineman", None) for n in range(10)}
    state = game(gb, {**snotlings, "rat": ("away", CLANRAT, None)}, home=team("home", "snotling", special_rules=("swarming",)))
    assert gb.parameters.setup.swarming_rule is None
    with ScriptedDice([]) as dice:
        assert swarm(gb, state, dice, ScriptedDecisions([], strict=True)) == (state, ())
