"""Players on a base bigger than one square: the board, marking, blocks, passes and moves read every square."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.block import block
from bbcore.rules.board import Board, PlayerState, Square, Status, next_to, square_towards
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.drive import setup_problems
from bbcore.rules.events import Event, Outcome
from bbcore.rules.movement import Jump, move
from bbcore.rules.passing import interception_candidates, measure_range
from bbcore.rules.sequences import GameState, TeamState
from bbcore.rules.stalling import could_score_without_dice, is_stalling
from bbcore.rules.touchdown import scorer
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

LINEMAN, ORC = "human/human-lineman", "orc/orc-lineman"
TWO_BY_TWO: tuple[Square, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
#: A Tackle Zone facing +x: the twelve squares round a 2x2 base but the four at x - 1.
FRONT_AND_SIDES: tuple[Square, ...] = ((0, -1), (1, -1), (2, -1), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2))
HELD = [2, 2]  # an armour roll that breaks nobody's armour
STUNNED_BY_THE_CROWD = [3, 3]  # an Injury Roll of 6: Stunned, which the crowd makes the Reserves


def pitch(rules: Ruleset, big: Square, others: Mapping[str, tuple[str, Square]], *, reach: Iterable[Square] | None = None) -> Board:
    """A home lineman ``big`` on a 2x2 base at ``big``; ``others``: id -> (team, square), linemen (orcs for away)."""
    players: dict[str, tuple[str, str, Square | None]] = {"big": ("home", LINEMAN, big)}
    players.update({pid: (team, LINEMAN if team == "home" else ORC, square) for pid, (team, square) in others.items()})
    board = build_board(rules, players)
    wide = attrs.evolve(board.player("big"), base=TWO_BY_TWO, reach=None if reach is None else tuple(reach))
    return board.with_player(wide)


def game_with(board: Board) -> GameState:
    return GameState(TeamState("home", "H", "human", 1), TeamState("away", "A", "orc", 1), board)


def down(board: Board, *player_ids: str) -> Board:
    return board.replace_players(board.player(pid).with_status(Status.PRONE) for pid in player_ids)


def test_a_bigger_base_fills_every_square_it_covers(core: Ruleset) -> None:
    board = pitch(core, (5, 5), {})
    big = board.player("big")
    assert big.squares == ((5, 5), (6, 5), (5, 6), (6, 6))
    assert [board.at(s) for s in big.squares] == [big] * 4
    assert board.at((7, 5)) is None
    assert big.moved(None).squares == ()
    with pytest.raises(UsageError, match=r"base is a list of \(dx, dy\) offsets"):
        attrs.evolve(big, base=((0, 0, 1),))
    with pytest.raises(UsageError, match=r"covers his own square"):
        attrs.evolve(big, base=((1, 0), (1, 1)))
    with pytest.raises(UsageError, match=r"reach is a list"):
        attrs.evolve(big, reach=((1, "a"),))


def test_a_bigger_base_is_marked_on_any_square_and_marks_all_round(core: Ruleset) -> None:
    board = pitch(core, (5, 5), {"corner": ("away", (7, 7)), "far": ("away", (8, 5))})
    big = board.player("big")
    assert [p.id for p in board.markers_of(big)] == ["corner"]  # next to (6, 6) only
    assert board.marking(board.player("big"), board.player("corner"))
    # Its Tackle Zone: the twelve squares round the base.
    assert sum(board.tackle_zones_on(s, "away") for s in big.tackle_zone_squares()) == 12
    assert board.tackle_zones_on((4, 4), "away") == 1
    assert board.tackle_zones_on((7, 4), "away") == 1
    assert board.tackle_zones_on((8, 8), "away") == 0
    assert [p.id for p in board.markers_on((4, 7), "away")] == ["big"]


def test_a_narrower_reach_marks_only_its_squares(core: Ruleset) -> None:
    board = pitch(core, (5, 5), {"front": ("away", (7, 6)), "back": ("away", (4, 6))}, reach=FRONT_AND_SIDES)
    big = board.player("big")
    assert board.marks(big, (7, 6))
    assert not board.marks(big, (4, 6))
    assert board.tackle_zones_on((4, 6), "away") == 0
    # Both still mark it: their own Tackle Zones reach a square of its base.
    assert {p.id for p in board.markers_of(big)} == {"front", "back"}


def test_next_to_reads_the_whole_base(core: Ruleset) -> None:
    board = pitch(core, (5, 5), {"beside": ("home", (7, 6)), "apart": ("home", (8, 6))})
    big, beside, apart = (board.player(p) for p in ("big", "beside", "apart"))
    assert next_to(big, beside)
    assert next_to(beside, big)
    assert not next_to(big, apart)
    assert not next_to(big, big)  # a base is not next to itself


def blocked(
    rules: Ruleset, board: Board, attacker: str, defender: str, rolls: Iterable[int], answers: Iterable[tuple[str, Any]]
) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return block(rules, board, attacker, defender, dice, decisions)


def test_a_block_needs_the_target_in_the_blocker_s_reach(core: Ruleset) -> None:
    board = pitch(core, (5, 5), {"front": ("away", (7, 6)), "back": ("away", (4, 6))}, reach=FRONT_AND_SIDES)
    with pytest.raises(UsageError, match="he marks"):
        blocked(core, board, "big", "back", [], [])
    # Two dice, the defender's choice: "back" assists him, marking a base that does not mark him back.
    # Push Back (3s) shoves the target straight on from the base's square beside him.
    outcome = blocked(core, board, "big", "front", [3, 3], [("block-face", 0), ("push-square", (8, 6)), ("follow-up", False)])
    assert outcome.board.player("front").square == (8, 6)


def test_a_player_blocks_a_bigger_base_from_beside_any_square(core: Ruleset) -> None:
    board = pitch(core, (5, 5), {"orc": ("away", (7, 7))})
    assert board.marking(board.player("orc"), board.player("big"))  # next to (6, 6) only
    outcome = blocked(core, board, "orc", "big", [3], [])
    assert (only(outcome, "block").detail["defender"], only(outcome, "block").result) == ("big", "push-back")


def test_a_bigger_base_under_the_ruler_on_any_square_may_intercept(core: Ruleset) -> None:
    # The ruler from (1, 7) to (10, 7) covers the rows 6 to 8: the base's lower row, not its anchor's.
    players: dict[str, tuple[str, str, Square | None]] = {"passer": ("away", ORC, (1, 7)), "big": ("home", LINEMAN, (5, 5))}
    board = build_board(core, players)
    board = board.with_player(attrs.evolve(board.player("big"), base=TWO_BY_TWO))
    passer = board.player("passer")
    assert [p.id for p in interception_candidates(core, board, passer, (10, 7), "accurate")] == ["big"]
    one_square = board.with_player(attrs.evolve(board.player("big"), base=((0, 0),)))
    assert interception_candidates(core, one_square, passer, (10, 7), "accurate") == []


class StepsOverTheDown:
    @bbcore.hookimpl
    def bbcore_steps_over(self, ruleset: Ruleset, board: Board, player: PlayerState, lying: PlayerState) -> bool | None:
        return lying.status in (Status.PRONE, Status.STUNNED)


@pytest.fixture
def striding(make_ruleset: Any) -> Ruleset:
    rules: Ruleset = make_ruleset(plugins=[("striding", StepsOverTheDown())], entry_points=False)
    return rules


def walk(
    rules: Ruleset, board: Board, path: list[Square], rolls: Iterable[int], answers: Iterable[tuple[str, Any]] = (), **kw: Any
) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return move(rules, board, "big", path, dice, decisions, **kw)


def only(outcome: Outcome, kind: str) -> Event:
    (event,) = [e for e in outcome.events if e.kind == kind]
    return event


def test_a_bigger_base_moves_whole_and_never_through_a_standing_player(core: Ruleset) -> None:
    board = pitch(core, (5, 5), {"mate": ("home", (8, 6))})
    outcome = walk(core, board, [(6, 5)], [])
    assert outcome.board.at((7, 6)) == outcome.board.player("big")
    with pytest.raises(UsageError, match="mate is in the way of its base"):
        walk(core, board, [(6, 5), (7, 5)], [])
    with pytest.raises(UsageError, match="leave the pitch"):
        walk(core, pitch(core, (5, 0), {}), [(5, -1)], [])


def test_stepping_over_the_down_is_a_plugin_s_to_allow_and_never_ends_there(core: Ruleset, striding: Ruleset) -> None:
    board = down(pitch(core, (5, 5), {"lying": ("away", (7, 6))}), "lying")
    with pytest.raises(UsageError, match="lying is in the way"):
        walk(core, board, [(6, 5), (7, 5), (8, 5)], [])
    with pytest.raises(UsageError, match="rest on lying"):
        walk(striding, board, [(6, 5)], [])
    outcome = walk(striding, board, [(6, 5), (7, 5), (8, 5)], [])
    assert outcome.board.player("big").squares == ((8, 5), (9, 5), (8, 6), (9, 6))
    assert outcome.board.player("lying").square == (7, 6)
    with pytest.raises(UsageError, match="cannot jump"):
        walk(striding, board, [Jump((7, 6), (8, 6))], [])


def test_a_marked_bigger_base_dodges_against_the_markers_of_its_new_squares(core: Ruleset) -> None:
    # a marks (5, 5) where it stands; b and c mark squares of the base one step east; a does not.
    board = pitch(core, (5, 5), {"a": ("away", (4, 4)), "b": ("away", (8, 7)), "c": ("away", (8, 4))})
    outcome = walk(core, board, [(6, 5)], [5])
    dodge = only(outcome, "dodge")
    assert (dodge.detail["modifier"], dodge.result) == (-2, "passed")
    assert outcome.board.player("big").square == (6, 5)


def test_a_bigger_base_falling_over_the_down_pushes_them_out_from_under_it(striding: Ruleset) -> None:
    board = down(pitch(striding, (5, 5), {"lying": ("away", (7, 6))}), "lying")
    # Its last point of Movement takes it to (6, 5); the Rush to (7, 5) fails (1) over the lying player, who goes
    # to any square next to him outside the base: its coach picks (6, 5), back where the base came from.
    outcome = walk(striding, board, [(6, 5), (7, 5), (8, 5)], [1, *HELD], [("push-square", (6, 5))], ma_used=5)
    assert outcome.turnover
    assert outcome.board.player("big").square == (7, 5)
    assert outcome.board.player("big").status is Status.PRONE
    lying = outcome.board.player("lying")
    assert (lying.square, lying.status) == ((6, 5), Status.PRONE)
    assert not set(outcome.board.player("big").squares) & {lying.square}


# -- Pushes ---------------------------------------------------------------------------------------


def test_a_pushed_bigger_base_moves_whole_and_leaves_its_near_square_to_follow_into(core: Ruleset) -> None:
    board = pitch(core, (5, 5), {"orc": ("away", (4, 5))})
    answers = [("push-square", (6, 4)), ("follow-up", True)]
    outcome = blocked(core, board, "orc", "big", [3], answers)
    assert outcome.board.player("big").squares == ((6, 4), (7, 4), (6, 5), (7, 5))
    assert outcome.board.player("orc").square == (5, 5)


def test_a_bigger_base_offered_only_ways_whose_every_new_square_is_free(core: Ruleset) -> None:
    # Pushed from beside (5, 6), so straight on east; the mate at (7, 6) fills a new square of the straight and the
    # lower way: only the upper one is left, with no question.
    board = pitch(core, (5, 5), {"orc": ("away", (4, 6)), "mate": ("home", (7, 6))})
    outcome = blocked(core, board, "orc", "big", [3], [("follow-up", False)])
    assert outcome.board.player("big").square == (6, 4)


def test_a_walled_bigger_base_chain_pushes_everyone_in_the_way_it_is_pushed(core: Ruleset) -> None:
    wall = {f"w{y}": ("home", (7, y)) for y in range(4, 8)}
    board = pitch(core, (5, 5), {"orc": ("away", (4, 5)), **wall})
    # Straight on: w5 and w6 go on east, never back into the base's new squares.
    answers = [("push-square", (6, 5)), ("push-square", (8, 5)), ("push-square", (8, 6)), ("follow-up", False)]
    outcome = blocked(core, board, "orc", "big", [3], answers)
    assert [outcome.board.player(p).square for p in ("w5", "w6", "big")] == [(8, 5), (8, 6), (6, 5)]
    assert [outcome.board.player(p).square for p in ("w4", "w7")] == [(7, 4), (7, 7)]


def test_a_chain_that_stops_holds_the_bigger_base_where_it_was(core: Ruleset) -> None:
    wall = {f"w{y}": ("home", (7, y)) for y in range(4, 8)}
    beyond = {f"b{y}": ("home", (8, y)) for y in range(3, 9)}
    board = pitch(core, (5, 5), {"orc": ("away", (4, 5)), **wall, **beyond})
    board = board.with_player(attrs.evolve(board.player("w5"), rooted=True))
    outcome = blocked(core, board, "orc", "big", [3], [("push-square", (6, 5))])
    assert outcome.board.player("big").square == (5, 5)
    assert [e.result for e in outcome.events if e.kind == "push" and e.who == "w5"] == ["rooted"]


def test_a_bigger_base_with_any_way_off_the_pitch_goes_into_the_crowd_whole(core: Ruleset) -> None:
    board = pitch(core, (5, 0), {"orc": ("away", (5, 2))})
    outcome = blocked(core, board, "orc", "big", [3, 1, 1], [])
    assert outcome.board.player("big").square is None
    assert [e.result for e in outcome.events if e.kind == "push"] == ["into-crowd"]


def test_a_bigger_blocker_pushes_from_its_nearest_square_and_follows_up_whole(core: Ruleset) -> None:
    board = pitch(core, (5, 5), {"corner": ("away", (7, 7))})
    # One die (ST 3 each); Push Back straight on is diagonal, away from the base's nearest square (6, 6).
    outcome = blocked(core, board, "big", "corner", [3], [("push-square", (8, 8)), ("follow-up", True)])
    assert outcome.board.player("corner").square == (8, 8)
    assert outcome.board.player("big").square == (6, 6)  # one step towards (7, 7): the base covers it
    blocked_in = down(pitch(core, (5, 5), {"corner": ("away", (7, 7)), "mate": ("home", (6, 7))}), "mate")  # no assist
    outcome = blocked(core, blocked_in, "big", "corner", [3], [("push-square", (8, 8))])
    assert outcome.board.player("big").square == (5, 5)  # its new base would cover the mate: no follow-up offered


# -- The ball and the squares under a bigger base ------------------------------------------------


def test_a_bigger_base_stepping_onto_the_ball_with_any_square_tries_to_pick_it_up(core: Ruleset) -> None:
    board = pitch(core, (5, 5), {})
    board = board.with_ball(attrs.evolve(board.ball, square=(7, 6), carrier=None))
    outcome = walk(core, board, [(6, 5)], [6])  # the base now covers (7, 6): a pick-up there, passed
    (picked,) = [e for e in outcome.events if e.kind == "pick-up"]
    assert picked.result == "picked-up"
    assert outcome.board.ball.carrier == "big"
    dropped = walk(core, board, [(6, 5)], [1, 5])  # failed: the ball bounces from (7, 6), one square right (D8 5)
    assert dropped.turnover
    assert (dropped.board.ball.square, dropped.board.ball.carrier) == ((8, 6), None)


def test_a_bigger_base_may_fall_through_a_woken_trapdoor_under_any_square(core: Ruleset) -> None:
    (feature,) = [f for f in core.pitch.features if f.type == "trapdoor" and f.area is not None and f.area.x < core.pitch.half_length]
    assert feature.area is not None
    door = (feature.area.x, feature.area.y)
    # One step east puts a right-hand square of the base on the trapdoor (the lower one, unless it lies on the top row).
    start = (door[0] - 2, door[1] - 1 if door[1] >= 1 else door[1])
    board = attrs.evolve(pitch(core, start, {}), woken={"trapdoor"})
    outcome = walk(core, board, [(start[0] + 1, start[1])], [1, *STUNNED_BY_THE_CROWD])
    assert [(e.kind, e.result, e.detail["square"]) for e in outcome.events if e.kind == "fall-through"] == [
        ("fall-through", "fell", list(door))
    ]
    assert outcome.board.player("big").square is None


def test_a_bigger_base_passes_and_throws_from_its_square_nearest_the_target(core: Ruleset) -> None:
    board = pitch(core, (5, 5), {})
    big = board.player("big")
    anchored = attrs.evolve(big, base=((0, 0),))
    # (12, 6) is six squares from (6, 6), the base's nearest square, and seven from its anchor (5, 5).
    assert (measure_range(core, big, (12, 6)).id, measure_range(core, anchored, (12, 6)).id) == ("short", "long")
    assert square_towards(big, (12, 6)) == (6, 6)
    assert square_towards(big, (0, 0)) == (5, 5)
    # The ruler lies from (6, 6) to (13, 10): over (10, 10), not (11, 7); from the anchor it would be the other way round.
    passer_board = pitch(core, (5, 5), {"under": ("away", (10, 10)), "beside": ("away", (11, 7))})
    passer = passer_board.player("big")
    assert [p.id for p in interception_candidates(core, passer_board, passer, (13, 10), "accurate")] == ["under"]


def test_a_bigger_base_is_set_up_wholly_in_its_own_half_sharing_no_square(core: Ruleset) -> None:
    half = core.pitch.half_length  # the home half's last column is half - 1
    line = {f"l{y}": ("home", (half - 1, y)) for y in (5, 6, 7)}  # three on the line of scrimmage
    clean = pitch(core, (half - 4, 5), line)
    assert setup_problems(core, clean, "home") == ()
    astride = pitch(core, (half - 1, 9), line)  # its right-hand squares in the away half
    assert [p.code for p in setup_problems(core, astride, "home")] == ["wrong-half"]
    shared = pitch(core, (half - 2, 6), line)  # its right-hand squares on l6 and l7
    assert {p.code for p in setup_problems(core, shared, "home")} == {"shared-square"}


def test_a_bigger_base_scores_with_any_square_in_the_opposing_end_zone(core: Ruleset) -> None:
    last = core.pitch.length - 1  # the away End Zone's column
    board = pitch(core, (last - 1, 5), {})  # its right-hand squares in the End Zone, its anchor a column short
    assert board.end_zone_owner((last - 1, 5)) is None
    carrying = board.with_ball(attrs.evolve(board.ball, carrier="big", square=None))
    assert scorer(carrying) == carrying.player("big")
    short = pitch(core, (last - 2, 5), {})
    assert scorer(short.with_ball(attrs.evolve(short.ball, carrier="big", square=None))) is None


def test_a_bigger_base_carrier_could_score_when_its_whole_base_gets_there_unmarked(core: Ruleset) -> None:
    last = core.pitch.length - 1
    board = pitch(core, (last - 3, 5), {})
    carrying = board.with_ball(attrs.evolve(board.ball, carrier="big", square=None))
    assert could_score_without_dice(core, carrying, "big")  # two steps put its right-hand squares in the End Zone
    # Marked on one square of its base where it stands (the Orc beside its lower left corner), it would have to Dodge.
    watched = pitch(core, (last - 3, 5), {"orc": ("away", (last - 4, 7))})
    watched = watched.with_ball(attrs.evolve(watched.ball, carrier="big", square=None))
    assert not could_score_without_dice(core, watched, "big")
    # Standing with a square in the End Zone, a carrier is not Stalling.
    state = game_with(pitch(core, (last - 1, 5), {}))
    state = attrs.evolve(state, board=state.board.with_ball(attrs.evolve(state.board.ball, carrier="big", square=None)), may_stall="big")
    assert not is_stalling(state, "big")
    far = attrs.evolve(state, board=pitch(core, (last - 3, 5), {}).with_ball(attrs.evolve(state.board.ball, carrier="big", square=None)))
    assert is_stalling(far, "big")


def test_a_bigger_base_never_steps_over_another_bigger_base_even_down(striding: Ruleset) -> None:
    board = down(pitch(striding, (5, 5), {"other": ("away", (7, 5))}), "other")
    board = board.with_player(attrs.evolve(board.player("other"), base=TWO_BY_TWO))
    # The other base lies on (7, 5) to (8, 6): one step east would cover two of its squares.
    with pytest.raises(UsageError, match="other is in the way of its base"):
        walk(striding, board, [(6, 5), (7, 5)], [])
    one_square = down(pitch(striding, (5, 5), {"other": ("away", (7, 5))}), "other")
    assert walk(striding, one_square, [(6, 5), (7, 5), (8, 5)], []).board.player("big").square == (8, 5)
