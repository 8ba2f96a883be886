"""What a player may do once an action is over: Hit and Run's free step, Quick Foul and Give and Go's move on,
which Casualties earn Star Player Points (Violent Innovator, Lethal Flight); and Fumblerooski, Plague Ridden."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.activation import activation_goes_on
from bbcore.rules.board import Board, Square, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.league import casualty_earns_spp
from bbcore.rules.movement import hit_and_run, hit_and_run_squares, move
from bbcore.rules.plague_ridden import plague_ridden
from bbcore.rules.sequences import GameState
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.rules.game_states import game, home_team

HUMAN, ORC = "human/human-lineman", "orc/orc-lineman"


def after_a_block(rules: Ruleset, *, skills: dict[str, int | str | None] | None = None, ball: Square | None = None) -> Board:
    """r (home) has just blocked o, who lies Prone beside him; another opponent x stands three squares south."""
    players: dict[str, tuple[str, str, Square | None]] = {
        "r": ("home", HUMAN, (10, 7)),
        "o": ("away", ORC, (11, 7)),
        "x": ("away", ORC, (10, 10)),
    }
    return build_board(
        rules, players, skills={"r": skills if skills is not None else {"hit-and-run": None}}, statuses={"o": "prone"}, ball=ball
    )


def test_hit_and_run_steps_only_where_no_opponent_is_next_to_the_player(core: Ruleset) -> None:
    board = after_a_block(core)
    squares = hit_and_run_squares(board, "r")
    # Around (10, 7), every square of the middle and east columns touches the Prone o at (11, 7).
    assert sorted(squares) == [(9, 6), (9, 7), (9, 8)]
    farther = board.with_player(board.player("x").moved((9, 9)))
    assert sorted(hit_and_run_squares(farther, "r")) == [(9, 6), (9, 7)]  # x now touches (9, 8)
    outcome = hit_and_run(core, board, "r", (9, 6), ScriptedDice([]), ScriptedDecisions([]))
    assert outcome.board.player("r").square == (9, 6)
    assert [(e.kind, e.result) for e in outcome.events] == [("hit-and-run", "stepped")]
    assert not outcome.events[0].rolls  # no Dodge


def test_hit_and_run_refuses_a_square_near_an_opponent_or_holding_the_ball(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="cannot Hit and Run"):
        hit_and_run(core, after_a_block(core), "r", (11, 6), ScriptedDice([]), ScriptedDecisions([]))
    assert (9, 6) not in hit_and_run_squares(after_a_block(core, ball=(9, 6)), "r")


def test_hit_and_run_needs_the_skill_and_a_standing_player(core: Ruleset) -> None:
    assert hit_and_run_squares(after_a_block(core, skills={}), "r") == []
    board = after_a_block(core)
    assert hit_and_run_squares(board.with_player(board.player("r").with_status(Status.PRONE)), "r") == []


@pytest.mark.parametrize(
    ("skill", "action", "pass_range", "goes_on"),
    [
        ("quick-foul", "foul", None, True),
        ("quick-foul", "hand-off", None, False),
        ("give-and-go", "pass", "quick", True),
        ("give-and-go", "pass", "short", False),
        ("give-and-go", "hand-off", None, True),
        (None, "foul", None, False),
    ],
)
def test_an_activation_goes_on_after_the_action_its_skill_names(
    core: Ruleset, skill: str | None, action: str, pass_range: str | None, goes_on: bool
) -> None:
    player = after_a_block(core, skills={skill: None} if skill else {}).player("r")
    assert activation_goes_on(player, action, pass_range=pass_range) is goes_on
    assert activation_goes_on(player, action, pass_range=pass_range, turnover=True) is False


def test_a_sent_off_quick_fouler_goes_no_further(core: Ruleset) -> None:
    player = after_a_block(core, skills={"quick-foul": None}).player("r")
    assert activation_goes_on(player.with_status(Status.SENT_OFF), "foul") is False


def test_which_casualties_earn_star_player_points(core: Ruleset) -> None:
    plain = after_a_block(core, skills={}).player("r")
    innovator = attrs.evolve(plain, skills={"violent-innovator": None})
    flier = attrs.evolve(plain, skills={"lethal-flight": None})
    assert casualty_earns_spp("block", plain)
    assert not casualty_earns_spp("stab", plain)
    assert casualty_earns_spp("stab", innovator)
    assert casualty_earns_spp("chainsaw", innovator)
    assert not casualty_earns_spp("foul", innovator)
    assert casualty_earns_spp("foul", plain, prayers=("fouling-frenzy",))
    assert not casualty_earns_spp("foul", plain, prayers=("under-scrutiny",))
    assert not casualty_earns_spp("stab", plain, prayers=("fouling-frenzy",))
    assert not casualty_earns_spp("crowd", plain)
    assert casualty_earns_spp("crowd", plain, prayers=("fan-interaction",))
    assert not casualty_earns_spp("foul", plain, prayers=("fan-interaction",))
    assert not casualty_earns_spp("crash-landing", plain)
    assert casualty_earns_spp("crash-landing", flier)
    assert not casualty_earns_spp("block", None)


# -- Fumblerooski -----------------------------------------------------------------------------------


def carrier(rules: Ruleset, skills: dict[str, int | str | None]) -> Board:
    return build_board(rules, {"c": ("home", HUMAN, (5, 5)), "o": ("away", ORC, (4, 4))}, skills={"c": skills}, ball="c")


def run(rules: Ruleset, board: Board, rolls: list[int], **options: object) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions([]) as decisions:
        return move(rules, board, "c", [(6, 5), (7, 5), (8, 5)], dice, decisions, **options)  # type: ignore[arg-type]


def test_fumblerooski_leaves_the_ball_in_a_square_moved_out_of(core: Ruleset) -> None:
    board = carrier(core, {"fumblerooski": None})
    dodged = 6
    outcome = run(core, board, [dodged], leave_ball_at=(6, 5))
    assert outcome.board.ball.square == (6, 5)
    assert outcome.board.ball.carrier is None
    assert outcome.board.player("c").square == (8, 5)
    assert [e.result for e in outcome.events if e.kind == "fumblerooski"] == ["ball-left"]
    assert not outcome.turnover
    from_the_start = run(core, board, [dodged], leave_ball_at=(5, 5))
    assert from_the_start.board.ball.square == (5, 5)


def test_fumblerooski_needs_the_skill_the_ball_and_a_square_left(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="no Fumblerooski"):
        run(core, carrier(core, {}), [], leave_ball_at=(6, 5))
    with pytest.raises(UsageError, match="moves out of only"):
        run(core, carrier(core, {"fumblerooski": None}), [], leave_ball_at=(8, 5))
    with pytest.raises(UsageError, match="My Ball"):
        run(core, carrier(core, {"fumblerooski": None, "my-ball": None}), [], leave_ball_at=(6, 5))


# -- Plague Ridden ----------------------------------------------------------------------------------


def plague(rules: Ruleset, victim: str = HUMAN, **changes: object) -> GameState:
    players = {"p": ("home", "nurgle/pestigor", (10, 7)), "v": ("away", victim, None)}
    state = game(rules, players, home=home_team(roster="nurgle"), statuses={"v": "casualty"})
    return attrs.evolve(state, **changes)


def test_a_dead_victim_of_a_plague_ridden_block_becomes_a_new_lineman(core: Ruleset) -> None:
    dead = core.parameters.plague_ridden.casualty
    after, events = plague_ridden(core, plague(core), "p", "v", dead, ScriptedDecisions([]))
    (event,) = events
    new = after.board.player(event.detail["player"])
    assert (new.team, new.position, new.status) == ("home", "nurgle/rotter", Status.RESERVES)
    assert new.id in after.journeymen
    assert after.home.plague_ridden_used
    again, nothing = plague_ridden(core, after, "p", "v", dead, ScriptedDecisions([]))
    assert nothing == ()  # once a game
    assert again == after


def test_plague_ridden_needs_a_death_and_a_victim_it_may_claim(core: Ruleset) -> None:
    dead = core.parameters.plague_ridden.casualty
    assert plague_ridden(core, plague(core), "p", "v", "badly-hurt", ScriptedDecisions([]))[1] == ()
    assert plague_ridden(core, plague(core, victim="human/ogre"), "p", "v", dead, ScriptedDecisions([]))[1] == ()
    assert plague_ridden(core, plague(core, victim="human/halfling-hopeful"), "p", "v", dead, ScriptedDecisions([]))[1] == ()


def blocked_to_death(rules: Ruleset, *, blitz: bool) -> tuple[GameState, Outcome]:
    """p (a Nurgle Pestigor) blocks v (a Human Lineman) beside him: a Pow, armour broken, a Casualty, Dead."""
    from bbcore.rules.block import block

    players = {"p": ("home", "nurgle/pestigor", (10, 7)), "v": ("away", HUMAN, (11, 7))}
    state = game(rules, players, home=home_team(roster="nurgle"))
    # A Pow on one die (ST 3 against ST 3; two with Horns on a Blitz); armour 6+6; injury 6+6; the casualty die 16
    # (the core's Dead row).
    block_dice = [6, 6] if blitz else [6]
    with ScriptedDice([*block_dice, 6, 6, 6, 6, 16]) as dice:
        outcome = block(rules, state.board, "p", "v", dice, ScriptedDecisions([("follow-up", False)]), blitz=blitz)
    return state, outcome


@pytest.mark.parametrize("blitz", [False, True])
def test_plague_ridden_works_through_after_procedure_for_a_block_or_a_blitz(core: Ruleset, blitz: bool) -> None:
    from bbcore.rules.plague_ridden import NEW_LINEMAN, PLAGUE_RIDDEN
    from bbcore.rules.turns import after_procedure

    state, outcome = blocked_to_death(core, blitz=blitz)
    assert core.parameters.plague_ridden.casualty in outcome.board.player("v").casualty_results
    asked: list[tuple[str, str, str]] = []

    class Coach(ScriptedDecisions):
        def use_skill(self, player_id: str, skill: str, situation: str) -> bool:
            asked.append((player_id, skill, situation))
            return True

    with ScriptedDice([]) as dice:
        after, events = after_procedure(core, state, outcome, dice, Coach([]))
    assert asked == [("p", PLAGUE_RIDDEN, NEW_LINEMAN)]
    (event,) = [e for e in events if e.kind == PLAGUE_RIDDEN]
    assert (event.who, event.result, event.detail["victim"]) == ("home", "new-player", "v")
    assert event.detail["player"] in after.journeymen
    # The coach may decline: nothing changes, and the chance stays.
    with ScriptedDice([]) as dice:
        declined, events = after_procedure(core, state, outcome, dice, ScriptedDecisions([("use-skill", False)], strict=False))
    assert not [e for e in events if e.kind == PLAGUE_RIDDEN]
    assert not declined.home.plague_ridden_used
