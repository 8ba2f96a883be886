"""Team Captain: the choice in the team file, the captain's free skill, the free team re-roll, the set-up and his firing."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.model.team import Team
from bbcore.rules.board import Status
from bbcore.rules.decisions import IllegalAnswerError, ScriptedDecisions
from bbcore.rules.drive import set_up, setup_problems
from bbcore.rules.events import Event
from bbcore.rules.postgame import hiring_and_firing
from bbcore.rules.rerolls import TEAM_REROLL
from bbcore.rules.sequences import GameState, team_state
from bbcore.rules.team_captain import TEAM_CAPTAIN
from bbcore.rules.turns import spend_team_rerolls
from bbcore.ruleset import Ruleset
from bbcore.teams import check_team, value_team
from bbcore.teams.profiles import captain_id, current_profile, game_player_id, game_players
from bbcore.testing import build_board, team_from_positions
from tests.rules.game_states import away_team, formation, home_team

LINEMEN = {"human/human-lineman": 7, "human/human-blitzer": 2, "human/ogre": 1, "human/human-thrower": 1}


def humans(rules: Ruleset, *captains: int) -> Team:
    """A Human team (which has Team Captain) with the players at ``captains`` named captain."""
    team = team_from_positions(LINEMEN, ruleset=rules, rerolls=2)
    players = tuple(attrs.evolve(p, captain=i in captains) for i, p in enumerate(team.players))
    return attrs.evolve(team, players=players)


def codes(rules: Ruleset, team: Team) -> list[tuple[str, str]]:
    return [(p.code, p.path) for p in check_team(rules, team).problems if "captain" in p.code]


def test_a_captain_takes_not_again_the_skill_his_captaincy_gives(core: Ruleset) -> None:
    from bbcore.model.common import SkillRef
    from bbcore.model.team import Advancement

    pro = core.parameters.team_captain.skill
    team = humans(core, 0)
    took = Advancement(
        "chosen-secondary" if core.skills[pro].category in core.position(team.players[0].position).secondary else "chosen-primary",
        skill=SkillRef(pro),
    )
    players = (attrs.evolve(team.players[0], advancements=(took,)), *team.players[1:])
    found = [(p.code, p.path) for p in check_team(core, attrs.evolve(team, players=players), stage="league").problems]
    assert ("skill-already-held", "$.players[0].advancements[0].skill") in found
    # Not the captain, he may take it.
    plain = attrs.evolve(team, players=(attrs.evolve(players[0], captain=False), *players[1:]))
    found = [(p.code, p.path) for p in check_team(core, plain, stage="league").problems]
    assert ("skill-already-held", "$.players[0].advancements[0].skill") not in found


def test_one_captain_in_a_team_with_the_rule_of_a_position_it_allows(core: Ruleset) -> None:
    assert core.parameters.team_captain.special_rule in {rule.rule for rule in core.roster("human").special_rules}
    assert codes(core, humans(core, 0)) == []
    assert codes(core, humans(core, 0, 7)) == [("several-captains", "$.players[7].captain")]
    ogre = next(i for i, p in enumerate(humans(core).players) if p.position == "human/ogre")
    assert codes(core, humans(core, ogre)) == [("captain-barred", f"$.players[{ogre}].captain")]
    dwarfs = team_from_positions({"dwarf/dwarf-lineman": 11}, ruleset=core)
    named = attrs.evolve(dwarfs, players=(attrs.evolve(dwarfs.players[0], captain=True), *dwarfs.players[1:]))
    assert codes(core, named) == [("captain-without-rule", "$.players[0].captain")]


def test_the_captain_has_the_rules_skill_for_nothing(core: Ruleset) -> None:
    skill = core.parameters.team_captain.skill
    team = humans(core, 0)
    captain = team.players[0]
    assert skill in current_profile(core, captain, team).skills
    assert skill not in current_profile(core, captain).skills  # without his team, nobody knows he is captain
    assert skill not in current_profile(core, team.players[1], team).skills
    assert value_team(core, team) == value_team(core, humans(core))
    board_players = {p.id: p for p in game_players(core, team, "home")}
    assert board_players[game_player_id("home", 0)].has(skill)
    assert captain_id(core, team, "home") == "home-1"
    out = attrs.evolve(team, players=(attrs.evolve(captain, miss_next_game=True), *team.players[1:]))
    assert captain_id(core, out, "home") is None
    assert team_state(core, "home", team).captain == "home-1"


def captain_game(rules: Ruleset, *, on_pitch: bool = True) -> GameState:
    players = formation("home", "human/human-lineman")
    if not on_pitch:
        players["home-1"] = ("home", "human/human-lineman", None)
    board = build_board(rules, {**players, **formation("away", "orc/orc-lineman")}, statuses={} if on_pitch else {"home-1": "reserves"})
    return GameState(home_team(captain="home-1"), away_team(), board)


def used(team_player: str) -> tuple[Event, ...]:
    return (Event(TEAM_REROLL, team_player, (), "used"),)


@pytest.mark.parametrize(("die", "back"), [(6, True), (5, False)])
def test_with_the_captain_on_the_pitch_a_used_team_reroll_comes_back_on_the_dice(core: Ruleset, die: int, back: bool) -> None:
    state = captain_game(core)
    with ScriptedDice([die]) as dice:
        after, events = spend_team_rerolls(core, state, used("home-2"), dice)
    assert after.home.rerolls == state.home.rerolls - (0 if back else 1)
    (event,) = events
    assert (event.kind, event.who, event.result) == (TEAM_CAPTAIN, "home-1", "free-reroll" if back else "reroll-spent")


def test_a_drive_s_re_roll_given_back_stays_the_drive_s(core: Ruleset) -> None:
    state = captain_game(core)
    state = state.update_team("home", drive_rerolls=1)
    with ScriptedDice([6]) as dice:
        after, _ = spend_team_rerolls(core, state, used("home-2"), dice)
    assert (after.home.drive_rerolls, after.home.rerolls) == (1, state.home.rerolls)
    with pytest.raises(UsageError, match="unknown re-roll pool 'game'"):
        state.give_back_reroll("home", "game")


def test_without_the_captain_on_the_pitch_nothing_is_rolled(core: Ruleset) -> None:
    state = captain_game(core, on_pitch=False)
    with ScriptedDice([]) as dice:
        after, events = spend_team_rerolls(core, state, used("home-2"), dice)
    assert (after.home.rerolls, events) == (state.home.rerolls - 1, ())


def test_a_captain_knocked_out_by_the_re_rolled_dodge_was_on_the_pitch_when_it_was_used(core: Ruleset) -> None:
    from bbcore.rules.movement import move
    from bbcore.rules.turns import after_procedure

    state = captain_game(core)
    failed, broken, knocked_out, free = [1, 1], [6, 6], [4, 4], 6
    with ScriptedDice([*failed, *broken, *knocked_out, free]) as dice:
        decisions = ScriptedDecisions([("team-reroll", True)])
        moved = move(core, state.board, "home-1", [(11, 4)], dice, decisions, team_reroll=True)
        after, given = after_procedure(core, state, moved, dice, decisions)
    assert after.board.player("home-1").status is Status.KO
    assert [(e.kind, e.result) for e in given] == [(TEAM_CAPTAIN, "free-reroll")]
    assert after.home.rerolls == state.home.rerolls


def test_the_captain_must_be_set_up_when_he_can_play(core: Ruleset) -> None:
    players = {**formation("home", "human/human-lineman"), "home-12": ("home", "human/human-lineman", None)}
    board = build_board(core, {**players, **formation("away", "orc/orc-lineman")}, statuses={"home-12": "reserves"})
    assert [p.code for p in setup_problems(core, board, "home", must_field=("home-12",))] == ["must-be-fielded"]
    assert setup_problems(core, board, "home", must_field=("home-12",), barred=frozenset({"home-12"})) == ()
    state = GameState(home_team(captain="home-12"), away_team(), board, kicking_team="home")
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="home-12 must be set up whenever he can play"):
        set_up(core, state, dice, ScriptedDecisions([]))
    benched = attrs.evolve(state, home=attrs.evolve(state.home, captain="home-1"))
    with ScriptedDice([]) as dice:
        set_up(core, benched, dice, ScriptedDecisions([]))


def hiring_state(rules: Ruleset, team: Team, captain: Status = Status.RESERVES, results: tuple[str, ...] = ()) -> GameState:
    players = {p.id: p for p in game_players(rules, team, "home")}
    board = build_board(rules, {"away-1": ("away", "orc/orc-lineman", (20, 7))})
    board = board.replace_players(players.values())
    home_captain = attrs.evolve(board.player("home-1"), status=captain, casualty_results=results)
    board = board.replace_players([home_captain])
    home = attrs.evolve(team_state(rules, "home", team), treasury=100_000)
    return GameState(home, away_team(treasury=0), board)


def test_the_captain_leaves_the_roster_only_dead_or_after_a_lasting_injury(core: Ruleset) -> None:
    team = humans(core, 0)
    # A twelfth player, so that letting the captain go leaves the eleven no firing may go below.
    team = attrs.evolve(team, players=(*team.players, attrs.evolve(team.players[-1], name="Spare")))
    without = attrs.evolve(team, players=team.players[1:], treasury=100_000)
    rows = {row.id for row in core.table("casualty").rows}
    assert {"dead", "lasting-injury"} <= rows
    with ScriptedDice([]) as dice, pytest.raises(IllegalAnswerError, match="the captain Player 1 may leave only dead"):
        hiring_and_firing(core, hiring_state(core, team), dice, ScriptedDecisions([("team-after-hiring", without)]))
    for results in (("dead",), ("lasting-injury",)):
        state = hiring_state(core, team, Status.CASUALTY, results)
        with ScriptedDice([]) as dice:
            after, _ = hiring_and_firing(core, state, dice, ScriptedDecisions([("team-after-hiring", without)]))
        assert after.home.team == without
    injured = attrs.evolve(team, players=(attrs.evolve(team.players[0], lasting_injuries=("head-injury",)), *team.players[1:]))
    with ScriptedDice([]) as dice:
        hiring_and_firing(core, hiring_state(core, injured), dice, ScriptedDecisions([("team-after-hiring", without)]))


def test_a_captain_who_quits_after_a_concession_leaves_and_one_who_stays_keeps_the_captaincy(core: Ruleset) -> None:
    from bbcore.rules.game_results import team_after_game
    from bbcore.rules.sequences import Concession

    team = humans(core, 0)
    team = attrs.evolve(team, players=(*team.players, attrs.evolve(team.players[-1], name="Spare")), treasury=100_000)
    quitting = attrs.evolve(hiring_state(core, team), conceded=Concession("home", penalty=True, quit=(0,)))
    recorded = team_after_game(core, quitting, "home")
    assert not any(p.captain for p in recorded.players)  # he quit with the concession
    with ScriptedDice([]) as dice:
        after, _ = hiring_and_firing(core, quitting, dice, ScriptedDecisions([("team-after-hiring", recorded)]))
    assert after.home.team == recorded
    # A captain who stays on the roster stays the captain: the captaincy is not passed on, nor dropped.
    first, second = attrs.evolve(team.players[0], captain=False), attrs.evolve(team.players[1], captain=True)
    stays = attrs.evolve(team, players=(first, second, *team.players[2:]))
    dropped = attrs.evolve(team, players=(first, *team.players[1:]))
    for answer in (stays, dropped):
        with ScriptedDice([]) as dice, pytest.raises(IllegalAnswerError, match="stays the captain while he is on the roster"):
            hiring_and_firing(core, hiring_state(core, team), dice, ScriptedDecisions([("team-after-hiring", answer)]))
