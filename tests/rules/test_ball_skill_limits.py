"""Limits on handling the ball: Distracted catchers and thrown players, Stunty interceptors, Big Hand in the rain,
Disturbing Presence and the weather on a team-mate throw, and No Ball on a touchback."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from bbcore.dice import ScriptedDice
from bbcore.rules.ball import touchback
from bbcore.rules.board import Board, build_board
from bbcore.rules.decisions import DefaultDecisions
from bbcore.rules.movement import move
from bbcore.rules.passing import interception_modifier, pass_ball
from bbcore.rules.ttm import pass_range, throw_modifier, throw_team_mate
from bbcore.ruleset import Ruleset

HUMAN, ORC, OGRE, HALFLING = "human/human-lineman", "orc/orc-lineman", "human/ogre", "human/halfling-hopeful"
GOBLIN = "chaos-renegades/renegade-goblin"


def distracted(board: Board, player_id: str) -> Board:
    return board.with_player(attrs.evolve(board.player(player_id), tackle_zone=False))


def test_a_distracted_receiver_cannot_catch_even_an_accurate_pass(core: Ruleset) -> None:
    board = distracted(build_board(core, {"p": ("home", HUMAN, (5, 7)), "r": ("home", HUMAN, (8, 7))}, ball="p"), "r")
    accurate, bounce = 6, 5
    with ScriptedDice([accurate, bounce]) as dice:
        outcome = pass_ball(core, board, "p", (8, 7), dice, DefaultDecisions())
    catch = next(e for e in outcome.events if e.kind == "catch")
    assert (catch.result, catch.detail["status"]) == ("cannot-catch", "distracted")
    assert outcome.board.ball.carrier is None
    assert outcome.turnover


def test_a_distracted_team_mate_thrown_fails_his_landing(core: Ruleset) -> None:
    board = distracted(build_board(core, {"t": ("home", OGRE, (10, 7)), "h": ("home", HALFLING, (10, 8))}), "h")
    superb, right, armour_holds = 6, 5, [1, 1]
    with ScriptedDice([superb, right, right, right, *armour_holds]) as dice:
        outcome = throw_team_mate(core, board, "t", "h", (13, 7), dice, DefaultDecisions())
    landing = next(e for e in outcome.events if e.kind == "landing")
    assert landing.result == "failed"
    assert landing.detail == {"automatic": True, "status": "distracted"}
    assert not outcome.board.player("h").standing


def test_a_stunty_interceptor_takes_its_minus_one(core: Ruleset) -> None:
    assert any(s.id == "stunty" for s in core.position(GOBLIN).skills)
    board = build_board(core, {"g": ("away", GOBLIN, (7, 7)), "o": ("away", ORC, (8, 9))})
    stunty = core.parameters.passing.interception_modifiers["stunty"]
    assert stunty < 0
    goblin = interception_modifier(core, board, board.player("g"), "accurate")
    assert goblin == interception_modifier(core, board, board.player("o"), "accurate") + stunty


def test_the_rain_on_the_board_troubles_an_interception(core: Ruleset) -> None:
    dry = build_board(core, {"o": ("away", ORC, (8, 9))})
    wet = attrs.evolve(dry, conditions={"interception": -1})
    assert (
        interception_modifier(core, wet, wet.player("o"), "accurate") == interception_modifier(core, dry, dry.player("o"), "accurate") - 1
    )


def test_big_hand_ignores_the_rain_on_a_pick_up(core: Ruleset) -> None:
    board = build_board(core, {"m": ("home", HUMAN, (5, 5))}, ball=(6, 5), skills={"m": {"big-hand": None}})
    rain = attrs.evolve(board, conditions={"pick-up": -1})
    agility = board.player("m").ag
    with ScriptedDice([agility]) as dice:
        outcome = move(core, rain, "m", [(6, 5)], dice, DefaultDecisions())
    assert outcome.board.ball.carrier == "m"
    plain = attrs.evolve(rain, players={**rain.players, "m": attrs.evolve(rain.player("m"), skills={})})
    with ScriptedDice([agility, 1]) as dice:
        missed = move(core, plain, "m", [(6, 5)], dice, DefaultDecisions())
    assert missed.board.ball.carrier is None


def test_disturbing_presence_and_the_weather_trouble_a_team_mate_throw(core: Ruleset) -> None:
    calm = build_board(core, {"t": ("home", OGRE, (10, 7)), "h": ("home", HALFLING, (10, 8))})
    band = pass_range(core, (10, 7), (13, 7))
    assert band is not None
    base = throw_modifier(core, calm, calm.player("t"), band)
    # An opponent with Disturbing Presence three squares away, marking nobody.
    haunted = build_board(
        core,
        {"t": ("home", OGRE, (10, 7)), "h": ("home", HALFLING, (10, 8)), "d": ("away", ORC, (13, 4))},
        skills={"d": {"disturbing-presence": None}},
    )
    presence = core.parameters.throw_team_mate.pass_modifiers["disturbing_presence"]
    assert throw_modifier(core, haunted, haunted.player("t"), band) == base + presence
    # Very Sunny's -1 is on every Passing Ability Test.
    sunny = attrs.evolve(calm, conditions={"pass": -1})
    assert throw_modifier(core, sunny, sunny.player("t"), band) == base - 1


def test_a_touchback_never_gives_the_ball_to_a_no_ball_player(core: Ruleset) -> None:
    board = build_board(core, {"n": ("home", HUMAN, (5, 5)), "m": ("home", HUMAN, (6, 6))}, skills={"n": {"no-ball": None}})
    offered: list[str] = []

    class Offered(DefaultDecisions):
        def touchback_receiver(self, team: str, candidates: Sequence[str]) -> str:
            offered.extend(candidates)
            return candidates[0]

    outcome = touchback(board, "home", Offered())
    assert offered == ["m"]
    assert outcome.board.ball.carrier == "m"


def test_a_shadow_following_onto_a_ball_left_behind_makes_it_bounce(core: Ruleset) -> None:
    board = build_board(
        core,
        {"m": ("home", HUMAN, (5, 5)), "s": ("away", ORC, (6, 5))},
        ball="m",
        skills={"m": {"fumblerooski": None}, "s": {"shadowing": None}},
    )
    dodged, follows, bounce_up = 4, 5, 2
    with ScriptedDice([dodged, follows, bounce_up]) as dice:
        outcome = move(core, board, "m", [(4, 5)], dice, DefaultDecisions(), leave_ball_at=(5, 5))
    assert outcome.board.player("s").square == (5, 5)
    assert "bounce" in [e.kind for e in outcome.events]
    assert outcome.board.ball.square != (5, 5)


def test_diving_catch_helps_a_catch_in_the_pass_s_target_square(core: Ruleset) -> None:
    players = {"p": ("home", HUMAN, (5, 7)), "r": ("home", HUMAN, (8, 7)), "o": ("away", ORC, (9, 7))}
    board = build_board(core, players, ball="p", skills={"r": {"diving-catch": None}})
    accurate, just_enough = 6, board.player("r").ag  # the marker's -1 and Diving Catch's +1 cancel out
    with ScriptedDice([accurate, just_enough]) as dice:
        outcome = pass_ball(core, board, "p", (8, 7), dice, DefaultDecisions())
    catch = next(e for e in outcome.events if e.kind == "catch")
    assert catch.detail["modifier"] == -1 + core.parameters.ball.catch_modifiers["diving_catch"]
    assert outcome.board.ball.carrier == "r"


class RerollsForAll(DefaultDecisions):
    """Spends a team re-roll whenever one is offered, and notes who was offered one."""

    def __init__(self) -> None:
        self.offered: list[str] = []

    def use_team_reroll(self, player_id: str, test: str) -> bool:
        self.offered.append(player_id)
        return True


def test_a_team_mate_catching_the_bounce_of_a_dropped_pass_may_use_a_team_reroll(core: Ruleset) -> None:
    players = {"p": ("home", HUMAN, (5, 7)), "r": ("home", HUMAN, (8, 7)), "q": ("home", HUMAN, (9, 7))}
    board = build_board(core, players, ball="p")
    accurate, missed, missed_again, bounce_right, caught = 6, 2, 2, 5, 6
    decisions = RerollsForAll()
    # r drops it and spends the first re-roll, in vain; the bounce reaches q, who misses and spends the second.
    with ScriptedDice([accurate, missed, missed_again, bounce_right, missed, caught]) as dice:
        outcome = pass_ball(core, board, "p", (8, 7), dice, decisions, team_reroll=2)
    assert decisions.offered == ["r", "q"]
    assert outcome.board.ball.carrier == "q"
    assert not outcome.turnover
    # With only one re-roll, spent by r, q has none left.
    decisions = RerollsForAll()
    with ScriptedDice([accurate, missed, missed_again, bounce_right, missed, 1]) as dice:
        outcome = pass_ball(core, board, "p", (8, 7), dice, decisions, team_reroll=1)
    assert decisions.offered == ["r"]
    assert outcome.turnover


def test_diving_catch_reaches_for_a_throw_in_landing_beside_him(core: Ruleset) -> None:
    from bbcore.rules.ball import throw_in

    board = build_board(core, {"r": ("home", HUMAN, (11, 2))}, skills={"r": {"diving-catch": None}})
    straight_in, two_squares, caught = 3, (1, 1), 6  # from (10, 0) two squares in: (10, 1), beside r
    with ScriptedDice([straight_in, *two_squares, caught]) as dice:
        outcome = throw_in(core, board, (10, 0), (10, -1), dice, DefaultDecisions())
    catch = next(e for e in outcome.events if e.kind == "catch")
    assert catch.who == "r"
    assert outcome.board.ball.carrier == "r"
    # A coach who does not use the skill lets the ball land and bounce.
    with ScriptedDice([straight_in, *two_squares, 2]) as dice:
        outcome = throw_in(core, board, (10, 0), (10, -1), dice, Declines())
    assert outcome.board.ball.carrier is None


def test_diving_catch_reaches_for_a_ball_coming_down_on_a_prone_player(core: Ruleset) -> None:
    from bbcore.rules.ball import throw_in

    players = {"r": ("home", HUMAN, (11, 2)), "lying": ("away", HUMAN, (10, 1))}
    board = build_board(core, players, skills={"r": {"diving-catch": None}}, statuses={"lying": "prone"})
    straight_in, two_squares, caught = 3, (1, 1), 6  # onto (10, 1), where the prone player lies, beside r
    with ScriptedDice([straight_in, *two_squares, caught]) as dice:
        outcome = throw_in(core, board, (10, 0), (10, -1), dice, DefaultDecisions())
    assert outcome.board.ball.carrier == "r"
    standing = build_board(core, players, skills={"r": {"diving-catch": None}})
    with ScriptedDice([straight_in, *two_squares, caught]) as dice:
        outcome = throw_in(core, standing, (10, 0), (10, -1), dice, DefaultDecisions())
    assert outcome.board.ball.carrier == "lying"  # a Standing player there catches it himself


class Declines(DefaultDecisions):
    def use_skill(self, player_id: str, skill: str, situation: str) -> bool:
        return False


def test_a_team_mate_catching_the_throw_in_of_a_dropped_pass_may_use_a_team_reroll(core: Ruleset) -> None:
    players = {"p": ("home", HUMAN, (5, 3)), "r": ("home", HUMAN, (8, 0)), "q": ("home", HUMAN, (8, 2))}
    board = build_board(core, players, ball="p")
    accurate, missed, bounce_up = 6, 2, 2
    straight_in, three_squares = 3, (1, 2)  # from (8, 0) three squares in: onto q at (8, 2)
    # r drops it and spends the first re-roll, in vain; the bounce leaves the pitch and the throw-in reaches q.
    script = [accurate, missed, missed, bounce_up, straight_in, *three_squares, missed]
    decisions = RerollsForAll()
    with ScriptedDice([*script, 6]) as dice:
        outcome = pass_ball(core, board, "p", (8, 0), dice, decisions, team_reroll=2)
    assert any(e.kind == "throw-in" for e in outcome.events)
    assert decisions.offered == ["r", "q"]
    assert outcome.board.ball.carrier == "q"
    assert not outcome.turnover
    # With one re-roll, spent by r, the throw-in's catcher has none left.
    decisions = RerollsForAll()
    bounce_up_left = 1
    with ScriptedDice([*script, bounce_up_left]) as dice:
        outcome = pass_ball(core, board, "p", (8, 0), dice, decisions, team_reroll=1)
    assert decisions.offered == ["r"]
    assert outcome.board.ball.carrier is None
    assert outcome.turnover
