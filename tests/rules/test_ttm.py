"""Throw Team-mate: range, the three kinds of throw, landing, crash landings, the crowd, Always Hungry and features."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Square, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import is_dead
from bbcore.rules.push import PushBlocked
from bbcore.rules.ttm import fly, kick_team_mate, pass_range, range_in_squares, throw_team_mate
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.fixtures.plugins import DataPlugin

OGRE, HALFLING, ORC, LINEMAN = "human/ogre", "human/halfling-hopeful", "orc/orc-lineman", "human/human-lineman"
TROLL, GOBLIN = "black-orc/trained-troll", "black-orc/goblin-bruiser"
HELD = [2, 2]  # an armour roll that breaks nobody's armour
# Random direction D8 faces used below: 2 up, 4 left, 5 right, 7 down.
UP, LEFT, RIGHT, DOWN = 2, 4, 5, 7
QUICK, SHORT = (13, 7), (15, 7)  # from the thrower at (10, 7): 3 and 5 squares


def pitch(
    rules: Ruleset,
    *,
    thrower: str = OGRE,
    thrown: str = HALFLING,
    at: Square = (10, 7),
    beside: Square = (10, 8),
    others: Mapping[str, tuple[str, str, Square]] | None = None,
    skills: Mapping[str, Mapping[str, Any]] | None = None,
    statuses: Mapping[str, str] | None = None,
    ball: Square | str | None = None,
) -> Board:
    """The thrower ``t`` and the thrown team-mate ``h`` of the home team, and anyone else given."""
    players: dict[str, tuple[str, str, Square | None]] = {"t": ("home", thrower, at), "h": ("home", thrown, beside)}
    players.update(others or {})
    return build_board(rules, players, skills=skills, statuses=statuses, ball=ball)


def throw(
    rules: Ruleset, board: Board, target: Square, rolls: Iterable[int], answers: Iterable[tuple[str, Any]] = (), **options: Any
) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return throw_team_mate(rules, board, "t", "h", target, dice, decisions, **options)


def only(outcome: Outcome, kind: str) -> Event:
    (event,) = [e for e in outcome.events if e.kind == kind]
    return event


def bullseye(rules: Ruleset, **kwargs: Any) -> Board:
    skills = {"t": {"bullseye": None}, **kwargs.pop("skills", {})}
    return pitch(rules, skills=skills, **kwargs)


# -- Range ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("offset", "squares"),
    [((1, 0), 1), ((3, 0), 3), ((3, 1), 3), ((2, 2), 3), ((3, 2), 4), ((3, 3), 4), ((5, 5), 7), ((13, 0), 13), ((10, 10), 14)],
)
def test_the_range_in_squares_rounds_the_straight_line_distance(offset: Square, squares: int) -> None:
    assert range_in_squares((0, 0), offset) == squares


@pytest.mark.parametrize(
    ("offset", "band", "modifier"), [((3, 0), "quick", 0), ((6, 0), "short", -1), ((7, 0), "long", -2), ((13, 0), "long-bomb", -3)]
)
def test_the_range_ruler_bands_come_from_the_pass_range_table(core: Ruleset, offset: Square, band: str, modifier: int) -> None:
    row = pass_range(core, (0, 0), offset)
    assert row is not None
    assert (row.id, row.values["modifier"]) == (band, modifier)
    assert pass_range(core, (0, 0), (14, 0)) is None


def test_a_team_mate_goes_no_further_than_a_short_throw(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="out of throwing range"):
        throw(core, pitch(core), (17, 7), [])


@pytest.mark.parametrize(
    ("board_options", "message"),
    [
        ({"thrown": "human/human-lineman"}, "Right Stuff"),
        ({"beside": (10, 10)}, "next to"),
        ({"thrower": "human/human-lineman"}, "Throw Team-mate"),
        ({"statuses": {"h": "stunned"}}, "stunned"),
        ({"statuses": {"t": "prone"}}, "Standing, not Distracted"),
    ],
)
def test_only_a_thrower_with_the_trait_throws_an_adjacent_right_stuff_team_mate(
    core: Ruleset, board_options: dict[str, Any], message: str
) -> None:
    with pytest.raises(UsageError, match=message):
        throw(core, pitch(core, **board_options), QUICK, [])


# -- The throw ----------------------------------------------------------------------


def test_a_superb_throw_scatters_three_times_and_the_team_mate_lands(core: Ruleset) -> None:
    outcome = throw(core, pitch(core), QUICK, [5, RIGHT, LEFT, UP, 3])
    assert only(outcome, "throw").result == "superb"
    assert only(outcome, "scatter").detail["to"] == [13, 6]
    assert only(outcome, "landing").result == "passed"
    assert only(outcome, "landing").detail["modifier"] == 0
    thrown = outcome.board.player("h")
    assert (thrown.square, thrown.status) == ((13, 6), Status.STANDING)
    assert not outcome.turnover


@pytest.mark.parametrize(("roll", "result"), [(6, "superb"), (5, "subpar"), (3, "subpar"), (2, "fumbled"), (1, "fumbled")])
def test_a_short_throw_takes_minus_one_and_a_total_of_one_is_a_fumble(core: Ruleset, roll: int, result: str) -> None:
    rolls = [roll, DOWN, 4] if result == "fumbled" else [roll, RIGHT, RIGHT, RIGHT, 6]
    outcome = throw(core, pitch(core), SHORT, rolls)
    assert only(outcome, "throw").result == result
    assert only(outcome, "throw").detail["modifier"] == -1


def test_markers_on_the_thrower_count_and_a_natural_six_is_still_superb(core: Ruleset) -> None:
    others = {f"o{n}": ("away", ORC, square) for n, square in enumerate([(9, 6), (9, 7), (11, 6)])}
    board = bullseye(core, others=others)
    outcome = throw(core, board, SHORT, [6, 3])
    assert only(outcome, "throw").detail["modifier"] == -4
    assert only(outcome, "throw").result == "superb"
    assert outcome.board.player("h").square == SHORT


def test_strong_arm_adds_one_to_the_throw(core: Ruleset) -> None:
    board = bullseye(core, skills={"t": {"bullseye": None, "strong-arm": None}})
    outcome = throw(core, board, SHORT, [5, 3])
    assert only(outcome, "throw").detail["modifier"] == 0
    assert only(outcome, "throw").result == "superb"


@pytest.mark.parametrize(("roll", "lands"), [(4, True), (3, False)])
def test_a_subpar_throw_makes_landing_harder(core: Ruleset, roll: int, lands: bool) -> None:
    rolls = [4, RIGHT, RIGHT, RIGHT, roll] + ([] if lands else HELD)
    outcome = throw(core, pitch(core), QUICK, rolls)
    assert only(outcome, "throw").result == "subpar"
    assert only(outcome, "landing").detail["modifier"] == -1
    thrown = outcome.board.player("h")
    assert thrown.square == (16, 7)
    assert thrown.status is (Status.STANDING if lands else Status.PRONE)
    assert not outcome.turnover  # falling without the ball is no turnover


def test_a_fumbled_throw_drops_the_team_mate_a_bounce_from_the_thrower(core: Ruleset) -> None:
    outcome = throw(core, pitch(core), QUICK, [1, DOWN, 4])
    assert only(outcome, "throw").result == "fumbled"
    assert only(outcome, "thrown-player-bounce").detail == {"from": [10, 7], "to": [10, 8]}
    assert only(outcome, "landing").detail["modifier"] == -1
    assert outcome.board.player("h").square == (10, 8)
    assert not outcome.turnover


def test_bullseye_keeps_a_superb_throw_on_target_but_not_a_subpar_one(core: Ruleset) -> None:
    superb = throw(core, bullseye(core), QUICK, [5, 3])
    assert superb.board.player("h").square == QUICK
    subpar = throw(core, bullseye(core), QUICK, [4, UP, UP, UP, 4])
    assert subpar.board.player("h").square == (13, 4)


# -- Landing ------------------------------------------------------------------------


@pytest.mark.parametrize(("roll", "lands"), [(5, True), (4, False)])
def test_each_marker_on_the_landing_square_takes_one_off(core: Ruleset, roll: int, lands: bool) -> None:
    others = {"o0": ("away", ORC, (14, 7)), "o1": ("away", ORC, (14, 8))}
    outcome = throw(core, bullseye(core, others=others), QUICK, [5, roll] + ([] if lands else HELD))
    assert only(outcome, "landing").detail["modifier"] == -2
    assert outcome.board.player("h").standing is lands


def test_a_team_mate_thrown_while_prone_cannot_land_on_their_feet(core: Ruleset) -> None:
    outcome = throw(core, bullseye(core, statuses={"h": "prone"}), QUICK, [5, *HELD])
    assert only(outcome, "landing").detail["automatic"] is True
    assert outcome.board.player("h").status is Status.PRONE
    assert outcome.board.player("h").square == QUICK


def test_a_ball_carrier_who_lands_keeps_the_ball(core: Ruleset) -> None:
    outcome = throw(core, bullseye(core, ball="h"), QUICK, [5, 3])
    assert outcome.board.ball.carrier == "h"
    assert outcome.board.ball_square() == QUICK
    assert not outcome.turnover


def test_a_ball_carrier_who_falls_on_landing_drops_it_for_a_turnover(core: Ruleset) -> None:
    outcome = throw(core, bullseye(core, ball="h"), QUICK, [5, 2, *HELD, RIGHT])
    assert outcome.board.ball.carrier is None
    assert outcome.board.ball.square == (14, 7)
    assert outcome.turnover


def test_a_team_re_roll_may_save_a_failed_landing(core: Ruleset) -> None:
    outcome = throw(core, bullseye(core), QUICK, [5, 2, 3], [("team-reroll", True)], team_reroll=True)
    assert only(outcome, "landing").detail["rerolled_with"] == "team-reroll"
    assert outcome.board.player("h").standing


def test_landing_on_a_loose_ball_bounces_it(core: Ruleset) -> None:
    outcome = throw(core, bullseye(core, ball=QUICK), QUICK, [5, 3, RIGHT])
    assert outcome.board.ball.square == (14, 7)
    assert not outcome.turnover


def test_a_team_mate_may_reroll_his_catch_of_the_ball_a_landing_bounced_with_a_team_reroll_left(core: Ruleset) -> None:
    board = bullseye(core, ball=QUICK, others={"mate": ("home", "human/human-lineman", (14, 7))})
    miss, catch_it = 1, 6
    outcome = throw(core, board, QUICK, [5, 3, RIGHT, miss, catch_it], [("team-reroll", True)], team_reroll=1)
    assert outcome.board.ball.carrier == "mate"
    assert [e.kind for e in outcome.events][-2:] == ["catch", "team-reroll"]
    assert not outcome.turnover


# -- Crash landings -----------------------------------------------------------------


def test_a_crash_landing_knocks_the_occupant_down_and_the_thrown_player_bounces_and_falls(core: Ruleset) -> None:
    board = bullseye(core, others={"o": ("away", ORC, QUICK)})
    outcome = throw(core, board, QUICK, [5, *HELD, RIGHT, *HELD])
    assert outcome.board.player("o").status is Status.PRONE
    assert only(outcome, "crash-landing").detail["into"] == "o"
    thrown = outcome.board.player("h")
    assert (thrown.square, thrown.status) == ((14, 7), Status.PRONE)
    assert only(outcome, "fall").result == "crash-landing"
    assert not any(e.kind == "landing" for e in outcome.events)
    assert not outcome.turnover


def test_crashing_into_a_team_mate_is_a_turnover(core: Ruleset) -> None:
    board = bullseye(core, others={"mate": ("home", "human/human-lineman", QUICK)})
    outcome = throw(core, board, QUICK, [5, *HELD, RIGHT, *HELD])
    assert outcome.board.player("mate").status is Status.PRONE
    assert outcome.turnover


def test_a_thrown_player_crashes_again_while_the_bounce_finds_players(core: Ruleset) -> None:
    board = bullseye(core, others={"o": ("away", ORC, QUICK), "p": ("away", ORC, (14, 7))})
    outcome = throw(core, board, QUICK, [5, *HELD, RIGHT, *HELD, RIGHT, *HELD])
    assert [e.detail["into"] for e in outcome.events if e.kind == "crash-landing"] == ["o", "p"]
    assert outcome.board.player("h").square == (15, 7)


def test_a_stunned_occupant_stays_stunned_when_the_armour_holds(core: Ruleset) -> None:
    board = bullseye(core, others={"o": ("away", ORC, QUICK)}, statuses={"o": "stunned"})
    outcome = throw(core, board, QUICK, [5, *HELD, RIGHT, *HELD])
    assert outcome.board.player("o").status is Status.STUNNED


def test_lethal_flight_adds_one_against_an_opponent(core: Ruleset) -> None:
    board = bullseye(core, others={"o": ("away", ORC, QUICK)}, skills={"h": {"lethal-flight": None}})
    outcome = throw(core, board, QUICK, [5, 5, 4, 2, 2, RIGHT, *HELD])
    armour = next(e for e in outcome.events if e.kind == "armour" and e.who == "o")
    assert armour.result == "broken"
    assert armour.detail["mighty_blow"] is True
    # The +1 is the ruleset's: with nothing to add, the same roll leaves the armour whole.
    params = core.parameters
    plain = attrs.evolve(core, parameters=attrs.evolve(params, throw_team_mate=attrs.evolve(params.throw_team_mate, lethal_flight=0)))
    held = throw(plain, board, QUICK, [5, 5, 4, 2, 2, RIGHT, *HELD])
    assert next(e for e in held.events if e.kind == "armour" and e.who == "o").result == "held"


# -- The crowd ----------------------------------------------------------------------


def test_a_team_mate_thrown_off_the_pitch_meets_the_crowd_and_it_is_a_turnover(core: Ruleset) -> None:
    board = pitch(core, at=(10, 1), beside=(10, 2))
    outcome = throw(core, board, (10, 0), [5, UP, 3, 3])
    assert len(only(outcome, "scatter").rolls) == 1  # the flight stops at the edge
    thrown = outcome.board.player("h")
    assert thrown.square is None
    assert thrown.status is Status.RESERVES  # stunned in the crowd means the reserves
    assert outcome.turnover


def test_a_ball_carrier_thrown_into_the_crowd_gives_a_throw_in(core: Ruleset) -> None:
    board = pitch(core, at=(10, 1), beside=(10, 2), ball="h")
    outcome = throw(core, board, (10, 0), [5, UP, 3, 3, 3, 2, 3, RIGHT])
    throw_in = only(outcome, "throw-in")
    assert throw_in.detail["from"] == [10, 0]
    assert outcome.board.ball.carrier is None
    assert outcome.turnover


# -- A thrown player nothing may hurt, one a fumble leaves alone -----------------------


def test_without_landing_harm_a_failed_landing_only_lays_him_down(core: Ruleset) -> None:
    # Superb throw, three scatters, landing 1: no Armour roll follows (the scripted dice would be left over).
    outcome = throw(core, pitch(core), QUICK, [5, RIGHT, LEFT, UP, 1], landing_harm=False)
    thrown = outcome.board.player("h")
    assert (thrown.square, thrown.status) == ((13, 6), Status.PRONE)
    assert only(outcome, "knocked-down").detail["cause"] == "landing"
    assert not any(e.kind in ("armour", "injury", "steady-footing") for e in outcome.events)


def test_without_landing_harm_no_team_re_roll_is_spent_on_the_landing(core: Ruleset) -> None:
    # The same failed landing with a team re-roll to spend: nobody is asked, and none is spent (no dice are left over).
    with ScriptedDice([5, RIGHT, LEFT, UP, 1]) as dice, ScriptedDecisions([], strict=True) as decisions:
        outcome = throw_team_mate(core, pitch(core), "t", "h", QUICK, dice, decisions, team_reroll=1, landing_harm=False)
    assert outcome.board.player("h").status is Status.PRONE
    assert not any(e.kind == "team-reroll" for e in outcome.events)
    # With harm, the same landing may be rolled again.
    with ScriptedDice([5, RIGHT, LEFT, UP, 1, 6]) as dice, ScriptedDecisions([("team-reroll", True)], strict=True) as decisions:
        saved = throw_team_mate(core, pitch(core), "t", "h", QUICK, dice, decisions, team_reroll=1)
    assert saved.board.player("h").status is Status.STANDING


def test_without_landing_harm_a_crash_still_hurts_whoever_he_lands_on(core: Ruleset) -> None:
    board = bullseye(core, others={"o": ("away", ORC, QUICK)})
    outcome = throw(core, board, QUICK, [5, *HELD, RIGHT], landing_harm=False)
    assert [e.who for e in outcome.events if e.kind == "armour"] == ["o"]
    assert outcome.board.player("h").status is Status.PRONE


def test_without_landing_harm_the_crowd_sends_him_to_the_reserves_unrolled(core: Ruleset) -> None:
    board = pitch(core, at=(10, 1), beside=(10, 2))
    outcome = throw(core, board, (10, 0), [5, UP], landing_harm=False)
    thrown = outcome.board.player("h")
    assert (thrown.square, thrown.status, thrown.casualty_results) == (None, Status.RESERVES, ())
    assert only(outcome, "into-the-crowd").result == "unhurt"
    assert outcome.turnover


def test_a_fumble_that_does_not_drop_him_leaves_him_where_he_stood(core: Ruleset) -> None:
    board = pitch(core)
    outcome = throw(core, board, QUICK, [1], fumble_drops=False)
    assert only(outcome, "throw").result == "fumbled"
    assert only(outcome, "thrown-player-stays").detail == {"square": [10, 8], "thrower": "t"}
    assert outcome.board.player("h") == board.player("h")
    assert not any(e.kind in ("thrown-player-bounce", "landing") for e in outcome.events)


# -- Always Hungry ------------------------------------------------------------------


def test_always_hungry_on_a_two_or_more_throws_as_usual(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, thrower=TROLL, thrown=GOBLIN), QUICK, [2, 5, RIGHT, LEFT, UP, 3])
    assert only(outcome, "always-hungry").result == "passed"
    assert only(outcome, "throw").result == "superb"


def test_a_team_mate_who_squirms_free_is_a_fumbled_throw(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, thrower=TROLL, thrown=GOBLIN), QUICK, [1, 2, DOWN, 4])
    assert only(outcome, "squirm-free").result == "passed"
    assert not any(e.kind == "throw" for e in outcome.events)
    assert only(outcome, "landing").detail["modifier"] == -1
    assert outcome.board.player("h").square == (10, 8)
    assert not outcome.turnover


def test_an_eaten_team_mate_is_gone_and_it_is_a_turnover(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, thrower=TROLL, thrown=GOBLIN), QUICK, [1, 1])
    eaten = outcome.board.player("h")
    assert (eaten.square, eaten.status) == (None, Status.CASUALTY)
    assert is_dead(core, eaten)  # struck from the roster: dead to every rule that asks
    assert only(outcome, "eaten").who == "h"
    assert not any(e.kind in ("injury", "regeneration", "apothecary") for e in outcome.events)
    assert outcome.turnover


def test_an_eaten_ball_carrier_drops_the_ball(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, thrower=TROLL, thrown=GOBLIN, ball="h"), QUICK, [1, 1, RIGHT])
    assert outcome.board.ball.square == (11, 8)
    assert outcome.turnover


# -- Features -----------------------------------------------------------------------


class SoftPond:
    """A test plugin: a thrown player landing in a feature square is knocked down there with +1 armour."""

    @bbcore.hookimpl
    def bbcore_thrown_player_lands_on_feature(self, ruleset: Any, board: Any, player: Any, square: Square) -> PushBlocked:
        return PushBlocked("knocked-down", "pond", armour_modifier=1)


POND = (16, 7)  # the hedges pitch's pond, three squares from a thrower at (13, 7)


def pond_board(rules: Ruleset) -> Board:
    return bullseye(rules, at=(13, 7), beside=(13, 8))


def test_the_core_treats_a_feature_landing_like_the_crowd(make_ruleset: Any) -> None:
    rules = make_ruleset(variant="hedges", plugins=[("hedges", DataPlugin("variant", "hedges", "hedges"))], entry_points=False)
    outcome = throw(rules, pond_board(rules), POND, [5, 3, 3])
    assert only(outcome, "thrown-player-lands").detail["label"] == "pond"
    assert outcome.board.player("h").status is Status.RESERVES
    assert outcome.turnover


def test_a_variant_decides_what_a_feature_landing_does(make_ruleset: Any) -> None:
    plugins = [("hedges", DataPlugin("variant", "hedges", "hedges")), ("soft-pond", SoftPond())]
    rules = make_ruleset(variant="hedges", plugins=plugins, entry_points=False)
    outcome = throw(rules, pond_board(rules), POND, [5, 3, 3, 2, 2])
    thrown = outcome.board.player("h")
    assert thrown.square == POND
    armour = next(e for e in outcome.events if e.kind == "armour")
    assert armour.detail["total"] == 7  # 3 + 3 + the pond's +1
    assert not outcome.turnover


class Sewer:
    """A test plugin: a thrown player landing on a feature goes into it."""

    @bbcore.hookimpl
    def bbcore_thrown_player_lands_on_feature(self, ruleset: Any, board: Any, player: Any, square: Square, dice: Any) -> PushBlocked:
        return PushBlocked("enters", "pond")


def test_a_thrown_player_entering_a_feature_takes_no_armour_roll_but_it_is_a_turnover(make_ruleset: Any) -> None:
    plugins = [("hedges", DataPlugin("variant", "hedges", "hedges")), ("sewer", Sewer())]
    rules = make_ruleset(variant="hedges", plugins=plugins, entry_points=False)
    outcome = throw(rules, pond_board(rules), POND, [5])
    assert outcome.board.player("h").square == POND
    assert not any(e.kind in ("armour", "landing") for e in outcome.events)
    assert outcome.turnover


class WalledSidelines:
    """A test plugin: walls stand past the sidelines; a thrown player hitting one falls back with +1 armour."""

    @bbcore.hookimpl
    def bbcore_thrown_player_leaves_pitch(self, ruleset: Any, board: Board, player: Any, last_square: Square, off_square: Square) -> Any:
        if board.geometry.edge_beyond(off_square) != "sideline":
            return None
        return PushBlocked("knocked-down", "wall", armour_modifier=1)


def test_a_variant_decides_what_a_thrown_player_meets_past_the_edge(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("walls", WalledSidelines())], entry_points=False)
    outcome = throw(rules, pitch(rules, at=(10, 1), beside=(10, 2)), (10, 0), [5, UP, *HELD])  # the core: the crowd
    thrown = outcome.board.player("h")
    assert (thrown.square, thrown.status) == ((10, 0), Status.PRONE)
    armour = next(e for e in outcome.events if e.kind == "armour")
    assert armour.detail["total"] == 5  # 2 + 2 + the wall's +1
    assert not outcome.turnover


def test_a_thrown_player_sent_back_onto_an_occupied_square_crashes_into_its_player(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("walls", WalledSidelines())], entry_points=False)
    board = bullseye(rules, at=(10, 2), beside=(10, 3), others={"o": ("away", ORC, (10, 0))})
    # On target onto o at (10, 0): a crash, a bounce up over the sideline; the wall sends him back
    # onto o: a second crash, a bounce right to (11, 0), where he falls.
    outcome = throw(rules, board, (10, 0), [6, *HELD, UP, *HELD, RIGHT, *HELD])
    assert [e.kind for e in outcome.events].count("crash-landing") == 2
    assert outcome.board.player("h").square == (11, 0)


def send_flying(rules: Ruleset, board: Board, target: Square, rolls: Iterable[int], **options: Any) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(()) as decisions:
        return fly(rules, board, "o", target, dice, decisions, **options)


@pytest.mark.parametrize(("roll", "lands"), [(4, True), (3, False)])
def test_any_player_sent_flying_scatters_from_the_target_and_lands_as_thrown(core: Ruleset, roll: int, lands: bool) -> None:
    board = build_board(core, {"o": ("away", ORC, (5, 5))})
    outcome = send_flying(core, board, QUICK, [RIGHT, RIGHT, UP, roll] + ([] if lands else HELD), quality="fumbled")
    assert only(outcome, "flight").detail == {"from": [5, 5], "target": [13, 7]}
    assert only(outcome, "landing").detail["modifier"] == -1
    flown = outcome.board.player("o")
    assert flown.square == (15, 6)
    assert flown.status is (Status.STANDING if lands else Status.PRONE)
    assert outcome.board.at((5, 5)) is None
    assert not outcome.turnover


def test_a_player_sent_flying_crashes_into_whoever_is_there_without_a_turnover_when_nobody_acts(core: Ruleset) -> None:
    board = build_board(core, {"o": ("away", ORC, (5, 5)), "p": ("away", ORC, (16, 7))})
    outcome = send_flying(core, board, QUICK, [RIGHT, RIGHT, RIGHT, *HELD, DOWN, *HELD])
    assert outcome.board.player("p").status is Status.PRONE
    assert only(outcome, "crash-landing").detail["into"] == "p"
    assert (outcome.board.player("o").square, outcome.board.player("o").status) == ((16, 8), Status.PRONE)
    assert not outcome.turnover


def test_lethal_flight_does_nothing_for_a_player_sent_flying_by_anything_but_a_team_mate(core: Ruleset) -> None:
    board = build_board(core, {"o": ("away", ORC, (5, 5)), "p": ("home", ORC, (16, 7))}, skills={"o": {"lethal-flight": None}})
    # Armour 5+4 = 9 against the Orc's AV 10+: Lethal Flight's +1 would break it.
    outcome = send_flying(core, board, QUICK, [RIGHT, RIGHT, RIGHT, 5, 4, DOWN, *HELD])
    armour = next(e for e in outcome.events if e.kind == "armour" and e.who == "p")
    assert (armour.result, armour.detail["mighty_blow"]) == ("held", False)


def test_only_a_player_on_the_pitch_can_be_sent_flying(core: Ruleset) -> None:
    board = build_board(core, {"o": ("away", ORC, None)}, statuses={"o": "reserves"})
    with pytest.raises(UsageError):
        send_flying(core, board, QUICK, [])


# -- A plugin's re-roll (bbcore_test_reroll) ----------------------------------------


class LuckyThrows:
    """A test extension: a thrower with Bullseye may roll a Fumbled throw again, and nothing else."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str]] = []

    @bbcore.hookimpl
    def bbcore_test_reroll(self, ruleset: Ruleset, board: Board, player: Any, test: str, result: str) -> str | None:
        self.asked.append((test, result))
        return "lucky-charm" if test == "throw" and result == "fumbled" and player.has("bullseye") else None


def test_a_plugin_may_offer_a_re_roll_of_a_fumbled_throw(make_ruleset: Any) -> None:
    lucky = LuckyThrows()
    rules = make_ruleset(plugins=[("lucky", lucky)], entry_points=False)
    outcome = throw(rules, bullseye(rules), QUICK, [1, 5, 3], [("use-skill", True)])
    event = only(outcome, "throw")
    assert (event.rolls, event.result, event.detail["rerolled_with"]) == ((1, 5), "superb", "lucky-charm")
    assert outcome.board.player("h").square == QUICK
    assert lucky.asked == [("throw", "fumbled")]


def test_a_declined_or_unoffered_plugin_re_roll_leaves_the_throw_as_rolled(make_ruleset: Any) -> None:
    lucky = LuckyThrows()
    rules = make_ruleset(plugins=[("lucky", lucky)], entry_points=False)
    declined = throw(rules, bullseye(rules), QUICK, [1, DOWN, 4], [("use-skill", False)])
    assert only(declined, "throw").rolls == (1,)
    assert only(declined, "throw").detail["rerolled_with"] is None
    # A Subpar throw is a failed test too, but this plugin offers nothing for it.
    subpar = throw(rules, bullseye(rules), QUICK, [4, UP, UP, UP, 4])
    assert only(subpar, "throw").rolls == (4,)
    assert ("throw", "subpar") in lucky.asked
    # Without Bullseye nobody offers anything, however the throw went.
    plain = throw(rules, pitch(rules), QUICK, [1, DOWN, 4])
    assert only(plain, "throw").rolls == (1,)


# -- Kick Team-mate ---------------------------------------------------------------------------------

KICKER = {"t": {"kick-team-mate": None}}


def kick(rules: Ruleset, board: Board, target: Square, rolls: Iterable[int]) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions([]) as decisions:
        return kick_team_mate(rules, board, "t", "h", target, dice, decisions)


def test_a_kicked_team_mate_flies_and_lands_as_a_thrown_one(core: Ruleset) -> None:
    board = pitch(core, thrower=LINEMAN, skills=KICKER)
    outcome = kick(core, board, QUICK, [6, RIGHT, RIGHT, RIGHT, 6])
    assert only(outcome, "throw").result == "superb"
    assert outcome.board.player("h").square == (QUICK[0] + 3, QUICK[1])
    assert outcome.board.player("h").standing


def test_a_fumbled_kick_hurts_the_team_mate_where_he_stands_stunned_counting_as_knocked_out(core: Ruleset) -> None:
    board = pitch(core, thrower=LINEMAN, skills=KICKER)
    stunned = [2, 3]
    outcome = kick(core, board, QUICK, [1, *stunned])
    assert only(outcome, "kick-team-mate").result == "fumbled-kick"
    assert outcome.board.player("h").status is Status.KO
    assert "thrown-player-bounce" not in [e.kind for e in outcome.events]
    assert not outcome.turnover


def test_a_fumbled_kick_s_stunned_counted_as_knocked_out_may_be_patched_up(core: Ruleset) -> None:
    board = pitch(core, thrower=LINEMAN, skills=KICKER)
    with ScriptedDice([1, 2, 3]) as dice, ScriptedDecisions([("apothecary", True)]) as decisions:
        outcome = kick_team_mate(core, board, "t", "h", QUICK, dice, decisions)
    assert only(outcome, "injury").detail["status"] == "ko"
    assert only(outcome, "apothecary").result == "patched-up"
    assert outcome.board.player("h").status is Status.STUNNED


def test_a_fumbled_kick_of_the_ball_carrier_bounces_the_ball_and_is_a_turnover(core: Ruleset) -> None:
    board = pitch(core, thrower=LINEMAN, skills=KICKER, ball="h")
    outcome = kick(core, board, QUICK, [1, 2, 3, DOWN])
    assert outcome.turnover
    assert outcome.board.ball.square == (10, 9)


def test_only_a_player_with_kick_team_mate_kicks(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="cannot kick a team-mate"):
        kick(core, pitch(core, thrower=LINEMAN), QUICK, [])


def test_a_distracted_thrower_uses_no_active_trait(core: Ruleset) -> None:
    board = bullseye(core)
    distracted = board.with_player(attrs.evolve(board.player("t"), tackle_zone=False))
    with pytest.raises(UsageError, match="Standing, not Distracted"):
        throw(core, distracted, QUICK, [5, 3])


@pytest.mark.parametrize("how", ["prone", "distracted"])
def test_a_team_mate_thrown_prone_or_distracted_adds_no_lethal_flight(core: Ruleset, how: str) -> None:
    board = bullseye(
        core, others={"o": ("away", ORC, QUICK)}, skills={"h": {"lethal-flight": None}}, statuses={"h": "prone"} if how == "prone" else None
    )
    if how == "distracted":
        board = board.with_player(attrs.evolve(board.player("h"), tackle_zone=False))
    # The rolls that break the Orc's armour with Lethal Flight's +1 (see above) leave it whole without it.
    outcome = throw(core, board, QUICK, [5, 5, 4, 2, 2, RIGHT, *HELD])
    armour = next(e for e in outcome.events if e.kind == "armour" and e.who == "o")
    assert (armour.result, armour.detail["mighty_blow"]) == ("held", False)


# -- Swoop ------------------------------------------------------------------------------------------

SWOOPER = {"h": {"swoop": None}}
STRAIGHT = 3  # the throw-in table's straight-ahead roll


def test_a_swooping_team_mate_travels_off_the_template_instead_of_scattering(core: Ruleset) -> None:
    board = pitch(core, skills=SWOOPER)
    outcome = throw(core, board, QUICK, [6, STRAIGHT, 2, 6], swoop_facing=(1, 0))
    swoop = only(outcome, "swoop")
    assert swoop.detail == {"from": list(QUICK), "to": [QUICK[0] + 2, QUICK[1]]}
    assert "scatter" not in [e.kind for e in outcome.events]
    assert outcome.board.player("h").square == (QUICK[0] + 2, QUICK[1])


def test_a_swooping_team_mate_may_roll_the_landing_again(core: Ruleset) -> None:
    board = pitch(core, skills=SWOOPER)
    outcome = throw(core, board, QUICK, [6, STRAIGHT, 2, 1, 6], [("use-skill", True)], swoop_facing=(1, 0))
    landing = only(outcome, "landing")
    assert landing.detail["rerolled_with"] == "swoop"
    assert outcome.board.player("h").standing


def test_a_bullseye_superb_throw_lands_on_target_with_no_swoop(core: Ruleset) -> None:
    board = bullseye(core, skills={"t": {"bullseye": None}, **SWOOPER})
    outcome = throw(core, board, QUICK, [6, 3], swoop_facing=(1, 0))
    assert "swoop" not in [e.kind for e in outcome.events]
    assert outcome.board.player("h").square == QUICK


def test_only_a_swooper_swoops_and_only_facing_an_edge(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="cannot Swoop"):
        throw(core, pitch(core), QUICK, [], swoop_facing=(1, 0))
    with pytest.raises(UsageError, match="cannot Swoop"):
        throw(core, pitch(core, skills=SWOOPER), QUICK, [], swoop_facing=(1, 1))
