"""Foul Appearance, Taunt, Monstrous Mouth, No Ball, Drunkard, Decay, My Ball and Animosity, with scripted dice.

Each test would fail without the rule it names; the numbers come from the parameters.
"""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.odds import block_odds
from bbcore.rules.ball import catch, pick_up
from bbcore.rules.block import block, multiple_block
from bbcore.rules.board import BallState, Board, Square, Status
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.injury import suffer_casualty
from bbcore.rules.movement import MoveProgress, max_rushes, move, pay_for_block
from bbcore.rules.passing import dump_off, hand_off, interception_candidates
from bbcore.rules.special_actions import stab
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.rules.test_block import PLAYER_DOWN, POW, PUSH, duel
from tests.rules.test_more_skills import block_with
from tests.rules.test_movement import east, field, walk
from tests.rules.test_passing import LINEMAN, ORC, SHORT, pitch, throw

NEXT_TO = (6, 7)


# -- Foul Appearance --------------------------------------------------------------------------------


def test_foul_appearance_calls_a_block_off_on_a_low_roll(core: Ruleset) -> None:
    board = duel(core, skills={"d": {"foul-appearance": None}})
    needed = core.parameters.targets.foul_appearance
    called_off = block_with(core, board, [needed - 1], [])
    assert [(e.kind, e.result) for e in called_off.events] == [("foul-appearance", "cancelled")]
    assert called_off.board == board
    assert not called_off.turnover
    braved = block_with(core, board, [needed, PUSH], [("push-square", (12, 7)), ("follow-up", False)])
    assert [e.kind for e in braved.events][:2] == ["foul-appearance", "block"]


def test_foul_appearance_counts_in_the_block_odds(core: Ruleset) -> None:
    plain = block_odds(core, duel(core), "a", "d")
    ugly = block_odds(core, duel(core, skills={"d": {"foul-appearance": None}}), "a", "d")
    called_off = Fraction(core.parameters.targets.foul_appearance - 1, 6)
    assert ugly.results["cancelled"] == called_off
    assert ugly.results["pushed"] == plain.results["pushed"] * (1 - called_off)
    assert sum(ugly.results.values()) == 1


def test_foul_appearance_calls_off_a_special_action_aimed_at_him(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"stab": None}, "d": {"foul-appearance": None}})
    with ScriptedDice([1]) as dice:
        outcome = stab(core, board, "a", "d", dice)
    assert [e.result for e in outcome.events] == ["cancelled"]


# -- Taunt and Monstrous Mouth ----------------------------------------------------------------------


def test_taunt_drags_the_blocker_after_the_pushed_player(core: Ruleset) -> None:
    board = duel(core, skills={"d": {"taunt": None}})
    dragged = block_with(core, board, [PUSH], [("push-square", (12, 7)), ("use-skill", True)])
    assert dragged.board.player("a").square == (11, 7)
    assert [e.result for e in dragged.events if e.kind == "follow-up"] == ["taunted"]
    spared = block_with(core, board, [PUSH], [("push-square", (12, 7)), ("use-skill", False), ("follow-up", False)])
    assert spared.board.player("a").square == (10, 7)


def test_strip_ball_cannot_take_the_ball_from_a_monstrous_mouth(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"strip-ball": None}, "d": {"monstrous-mouth": None}}, ball="d")
    kept = block_with(core, board, [PUSH], [("push-square", (12, 7)), ("follow-up", False)])
    assert kept.board.ball.carrier == "d"


# -- No Ball ----------------------------------------------------------------------------------------


def test_no_ball_never_catches_nor_picks_up_and_rolls_nothing(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, NEXT_TO)}, skills={"r": {"no-ball": None, "catch": None}})
    arriving = board.with_ball(BallState(square=NEXT_TO))
    with ScriptedDice([2]) as dice:  # only the bounce's D8 (up)
        dropped = catch(core, arriving, "r", dice, DefaultDecisions(), team_reroll=1)
    assert dropped.board.ball.square == (6, 6)
    assert [e.detail.get("no_ball") for e in dropped.events if e.kind == "catch"] == [True]
    lying = pitch(core, {"r": ("home", LINEMAN, NEXT_TO)}, skills={"r": {"no-ball": None}}).with_ball(BallState(square=NEXT_TO))
    with ScriptedDice([2]) as dice:
        fumbled = pick_up(core, lying, "r", dice, DefaultDecisions(), team_reroll=1)
    assert fumbled.turnover


def test_no_ball_never_intercepts(core: Ruleset) -> None:
    others = {"o": ("away", ORC, (7, 7)), "r": ("home", LINEMAN, SHORT)}
    board = pitch(core, others, skills={"o": {"no-ball": None}})
    assert interception_candidates(core, board, board.player("p"), SHORT, "accurate") == []
    assert throw(core, board, SHORT, [5, 6]).board.ball.carrier == "r"


# -- Drunkard and Decay -----------------------------------------------------------------------------


def test_a_drunkard_rushes_worse(core: Ruleset) -> None:
    target = core.parameters.targets.rush
    penalty = core.parameters.movement.rush_modifiers["drunkard"]
    ma = field(core).player("m").ma
    sober = walk(core, field(core), east((5, 5), ma + 1), [target])
    assert sober.board.player("m").square == (5 + ma + 1, 5)
    drunk = walk(core, field(core, skills={"m": {"drunkard": None}}), east((5, 5), ma + 1), [target - penalty - 1, 1, 1])
    assert drunk.board.player("m").status is Status.PRONE
    assert drunk.turnover


def test_decay_worsens_every_casualty_roll(core: Ruleset) -> None:
    board = duel(core, skills={"d": {"decay": None}})
    bonus = core.parameters.casualty_modifiers["decay"]
    with ScriptedDice([1]) as dice:
        outcome = suffer_casualty(core, board, "d", dice)
    assert [e.detail["total"] for e in outcome.events if e.kind == "casualty"] == [1 + bonus]


def test_niggling_injuries_carried_into_the_game_worsen_every_casualty_roll(core: Ruleset) -> None:
    board = duel(core)
    two_niggles = board.with_player(attrs.evolve(board.player("d"), modifiers={"casualty": 2}))
    with ScriptedDice([1]) as dice:
        outcome = suffer_casualty(core, two_niggles, "d", dice)
    assert [e.detail["total"] for e in outcome.events if e.kind == "casualty"] == [1 + 2]


# -- My Ball and Animosity --------------------------------------------------------------------------


def test_my_ball_never_gives_the_ball_up(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, NEXT_TO)}, skills={"p": {"my-ball": None}})
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="My Ball"):
        hand_off(core, board, "p", "r", dice, DefaultDecisions())
    with pytest.raises(UsageError, match="My Ball"):
        throw(core, board, SHORT, [])
    # Dump-off would give it up too: a carrier with both keeps the ball, and the coach is not even asked.
    both = pitch(core, {"r": ("home", LINEMAN, NEXT_TO)}, skills={"p": {"my-ball": None, "dump-off": None}})
    with ScriptedDice([]) as dice, ScriptedDecisions([]) as decisions:
        kept = dump_off(core, both, "p", dice, decisions)
    assert (kept.board, kept.events) == (both, ())


@pytest.mark.parametrize(("named", "rolls"), [("All", True), ("Lineman", True), ("Big Guy", False)])
def test_animosity_may_refuse_a_hand_off_to_the_team_mates_it_names(core: Ruleset, named: str, rolls: bool) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, NEXT_TO)}, skills={"p": {"animosity": named}})
    refuse = core.parameters.targets.animosity - 1
    dice = ScriptedDice([refuse, board.player("r").ag])
    outcome = hand_off(core, board, "p", "r", dice, ScriptedDecisions([]))
    if rolls:
        assert [(e.kind, e.result) for e in outcome.events] == [("animosity", "refused")]
        assert outcome.board.ball.carrier == "p"
        assert not outcome.turnover
    else:  # no roll: the first die is the catch, and it fails
        assert outcome.events[0].kind == "hand-off"


def test_animosity_overcome_lets_the_pass_go(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, SHORT)}, skills={"p": {"animosity": "All"}})
    passed = throw(core, board, SHORT, [core.parameters.targets.animosity, 5, 6])
    assert [e.kind for e in passed.events][:2] == ["animosity", "pass-action"]
    assert passed.board.ball.carrier == "r"


# -- Leaving a tackle zone: Tentacles, Diving Tackle, Shadowing, Arm Bar -----------------------------

MARKER = (4, 5)  # marks the mover's square (5, 5), not the square (6, 5) he steps into
USE = ("use-skill", True)


def test_tentacles_hold_a_leaving_player_on_a_natural_six_or_enough_strength(core: Ruleset) -> None:
    board = field(core, opponents=[MARKER], skills={"o0": {"tentacles": None}})
    held = walk(core, board, [(6, 5)], [6], [USE])
    assert held.board.player("m").square == (5, 5)
    assert not held.turnover
    assert [e.result for e in held.events if e.kind == "move-ends"] == ["held"]
    # 5 + ST 3 - ST 3 falls short of the target: he slips away and dodges (a 4).
    slipped = walk(core, board, [(6, 5)], [5, 4], [USE])
    assert slipped.board.player("m").square == (6, 5)
    assert [e.result for e in slipped.events if e.kind == "tentacles"] == ["slipped"]


def test_diving_tackle_turns_a_bare_pass_into_a_fall_and_lies_in_the_square_left(core: Ruleset) -> None:
    board = field(core, opponents=[MARKER], skills={"o0": {"diving-tackle": None}})
    ag = board.player("m").ag
    tackled = walk(core, board, [(6, 5)], [ag, 1, 1], [USE])  # the dodge at exactly AG, then armour that holds
    assert tackled.turnover
    assert tackled.board.player("m").square == (6, 5)
    assert tackled.board.player("m").status is Status.PRONE
    assert tackled.board.player("o0").square == (5, 5)
    assert tackled.board.player("o0").status is Status.PRONE
    # Enough to spare: the tackle would change nothing, so it is not offered.
    spared = walk(core, board, [(6, 5)], [6])
    assert spared.board.player("m").standing
    assert spared.board.player("o0").square == MARKER


def test_shadowing_follows_into_the_square_left(core: Ruleset) -> None:
    board = field(core, opponents=[MARKER], skills={"o0": {"shadowing": None}})
    needed = core.parameters.targets.shadowing
    followed = walk(core, board, [(6, 5)], [4, needed], [USE])
    assert followed.board.player("o0").square == (5, 5)
    lost = walk(core, board, [(6, 5)], [4, needed - 1], [USE])
    assert lost.board.player("o0").square == MARKER


def test_arm_bar_adds_to_the_armour_of_a_player_who_falls_leaving(core: Ruleset) -> None:
    board = field(core, opponents=[MARKER], skills={"o0": {"arm-bar": None}})
    av = board.player("m").av
    low = (av - 1) // 2
    barred = walk(core, board, [(6, 5)], [1, low, av - 1 - low, 1, 2], [USE])
    armour = next(e for e in barred.events if e.kind == "armour")
    assert armour.result == "broken"
    assert armour.detail["mighty_blow"] is True
    assert [e.who for e in barred.events if e.kind == "arm-bar"] == ["o0"]


def test_a_marker_who_made_a_diving_tackle_lies_prone_and_cannot_arm_bar(core: Ruleset) -> None:
    board = field(core, opponents=[MARKER], skills={"o0": {"diving-tackle": None, "arm-bar": None}})
    ag, av = board.player("m").ag, board.player("m").av
    low = (av - 1) // 2
    tackled = walk(core, board, [(6, 5)], [ag, low, av - 1 - low], [USE])  # armour one short: no Arm Bar to break it
    assert [e.kind for e in tackled.events if e.kind in ("diving-tackle", "arm-bar")] == ["diving-tackle"]
    assert next(e for e in tackled.events if e.kind == "armour").result == "held"


# -- Pro and Hatred ---------------------------------------------------------------------------------


def test_pro_rerolls_a_failed_dodge_on_its_number(core: Ruleset) -> None:
    board = field(core, opponents=[MARKER], skills={"m": {"pro": None}})
    needed = core.parameters.targets.pro
    saved = walk(core, board, [(6, 5)], [1, needed, 4], [USE])
    assert saved.board.player("m").square == (6, 5)
    assert saved.board.player("m").standing
    assert [e.result for e in saved.events if e.kind == "pro"] == ["re-roll"]


def test_pro_refused_leaves_no_other_re_roll(core: Ruleset) -> None:
    board = field(core, opponents=[MARKER], skills={"m": {"pro": None}})
    willing = ScriptedDecisions([USE], DefaultDecisions())  # a coach who would spend a team re-roll if asked
    with ScriptedDice([1, core.parameters.targets.pro - 1, 1, 1]) as dice:
        refused = move(core, board, "m", [(6, 5)], dice, willing, team_reroll=1)
    assert refused.turnover
    assert not [e for e in refused.events if e.kind == "team-reroll"]


def test_pro_helps_only_in_the_players_own_activation(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, NEXT_TO)}, skills={"r": {"pro": None}})
    with ScriptedDice([1, 2]) as dice:  # the receiver's miss, then the bounce: no Pro for a catch in another's activation
        outcome = hand_off(core, board, "p", "r", dice, ScriptedDecisions([USE]))
    assert not [e for e in outcome.events if e.kind == "pro"]


@pytest.mark.parametrize(("hated", "rerolls"), [("All", True), ("Lineman", True), ("Big Guy", False)])
def test_hatred_rolls_one_player_down_again_against_those_it_names(core: Ruleset, hated: str, rerolls: bool) -> None:
    board = duel(core, skills={"a": {"hatred": hated}})
    if rerolls:
        outcome = block_with(core, board, [PLAYER_DOWN, PUSH], [USE, ("push-square", (12, 7)), ("follow-up", False)])
        assert [e.detail["rerolled_with"] for e in outcome.events if e.kind == "block"] == ["hatred"]
        assert outcome.board.player("a").standing
    else:
        outcome = block_with(core, board, [PLAYER_DOWN, 1, 1], [])
        assert not outcome.board.player("a").standing


# -- Frenzy -----------------------------------------------------------------------------------------


def test_frenzy_follows_up_and_blocks_a_pushed_target_again(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"frenzy": None}})
    twice = block_with(core, board, [PUSH, PUSH], [("push-square", (12, 7)), ("push-square", (13, 7))])
    assert [e.kind for e in twice.events].count("block") == 2
    assert [e.result for e in twice.events if e.kind == "frenzy"] == ["second-block"]
    assert twice.board.player("a").square == (12, 7)
    assert twice.board.player("d").square == (13, 7)


def test_frenzy_stops_when_the_target_goes_down(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"frenzy": None}})
    once = block_with(core, board, [POW, 1, 1], [("push-square", (12, 7))])
    assert [e.kind for e in once.events].count("block") == 1
    assert not [e for e in once.events if e.kind == "frenzy"]


def test_a_target_who_keeps_his_feet_through_a_pow_takes_frenzys_second_block(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"frenzy": None}, "d": {"steady-footing": None}})
    kept = core.parameters.targets.steady_footing
    twice = block_with(core, board, [POW, kept, PUSH], [("push-square", (12, 7)), ("push-square", (13, 7))])
    assert [e.kind for e in twice.events].count("block") == 2
    assert [e.result for e in twice.events if e.kind == "frenzy"] == ["second-block"]
    assert twice.board.player("d").square == (13, 7)


def test_the_block_odds_count_frenzys_second_block_after_a_pow_the_target_stands_through(core: Ruleset) -> None:
    plain = block_odds(core, duel(core, skills={"a": {"frenzy": None}}), "a", "d")
    steady = block_odds(core, duel(core, skills={"a": {"frenzy": None}, "d": {"steady-footing": None}}), "a", "d")
    kept = Fraction(7 - core.parameters.targets.steady_footing, 6)
    pow_share = plain.faces["pow"] + plain.faces["stumble"]  # a Stumble is a POW against a target without Dodge
    assert steady.second_block == plain.second_block + pow_share * kept
    assert sum(steady.results.values()) == 1


def test_a_trickster_and_a_dump_off_may_be_used_again_against_frenzys_second_block(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"frenzy": None}, "d": {"trickster": None, "dump-off": None}}, ball="d")
    answers = [
        ("square", None),  # no Dump-off before the first block
        ("square", None),  # nor Trickster
        ("push-square", (12, 7)),
        ("square", None),  # no Dump-off before the second either
        ("square", (10, 7)),  # but Trickster: into the square the blocker followed up from
        ("push-square", (9, 7)),
    ]
    with ScriptedDice([PUSH, PUSH]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        twice = block(core, board, "a", "d", dice, decisions)
    assert [e.kind for e in twice.events].count("block") == 2
    assert [e.detail["to"] for e in twice.events if e.kind == "trickster"] == [[10, 7]]
    assert (twice.board.player("a").square, twice.board.player("d").square) == ((10, 7), (9, 7))


def frenzied_blitz(
    core: Ruleset, board: Board, spent: MoveProgress, rolls: list[int], squares: list[Square], *, team_reroll: int = 0
) -> Outcome:
    """A's Blitz on d with Frenzy, the second block paid from what the Blitz has ``spent`` (pay_for_block) less what the
    first block spent."""
    with ScriptedDice(rolls) as dice, ScriptedDecisions([("push-square", square) for square in squares]) as decisions:
        return block(
            core,
            board,
            "a",
            "d",
            dice,
            decisions,
            blitz=True,
            team_reroll=team_reroll,
            pay_second_block=lambda now, so_far: pay_for_block(core, now, "a", spent.less(so_far), dice, decisions),
        )


def test_a_frenzied_blitz_pays_for_its_second_block(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"frenzy": None}})
    ma = board.player("a").ma
    spent = MoveProgress(ma_used=ma)  # the blitzer has walked his whole allowance: the second block needs a Rush
    rush = core.parameters.targets.rush
    paid = frenzied_blitz(core, board, spent, [PUSH, rush, PUSH], [(12, 7), (13, 7)])
    assert [e.kind for e in paid.events].count("block") == 2
    assert [e.kind for e in paid.events].count("rush") == 1
    with ScriptedDice([PUSH]) as dice, ScriptedDecisions([("push-square", (12, 7))]) as decisions:
        unpaid = block(core, board, "a", "d", dice, decisions, blitz=True)
    assert [e.result for e in unpaid.events if e.kind == "frenzy"] == ["unpaid"]


def test_a_frenzied_blitz_does_not_spend_again_on_its_rush_the_team_reroll_its_first_block_spent(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"frenzy": None}})
    spent = MoveProgress(ma_used=board.player("a").ma, team_rerolls=1)  # one team re-roll left as the block begins
    outcome = frenzied_blitz(core, board, spent, [PLAYER_DOWN, PUSH, 1, 1, 1], [(12, 7)], team_reroll=1)
    assert [e.kind for e in outcome.events].count("team-reroll") == 1  # on the block dice, not again on the Rush
    assert [e.result for e in outcome.events if e.kind == "rush"] == ["failed"]
    assert outcome.turnover
    assert not outcome.board.player("a").standing


def test_a_frenzied_blitzer_who_cannot_rush_makes_no_second_block_and_keeps_the_first(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"frenzy": None}})
    limit = max_rushes(core, board.player("a"))
    spent = MoveProgress(ma_used=board.player("a").ma, rushes_used=limit)  # every Rush of the activation used
    outcome = frenzied_blitz(core, board, spent, [PUSH], [(12, 7)])
    assert [e.result for e in outcome.events if e.kind == "frenzy"] == ["no-movement"]
    assert [e.kind for e in outcome.events].count("block") == 1
    assert outcome.board.player("d").square == (12, 7)
    assert not outcome.turnover


# -- Multiple Block ---------------------------------------------------------------------------------


def two_targets(core: Ruleset) -> Board:
    """A Human with Multiple Block marking two Orcs, one beside him, one diagonally."""
    players = {"a": ("home", LINEMAN, (10, 7)), "d": ("away", ORC, (11, 7)), "e": ("away", ORC, (11, 8))}
    return build_board(core, players, skills={"a": {"multiple-block": None}})


def test_multiple_block_blocks_two_at_once_weaker_and_never_follows(core: Ruleset) -> None:
    board = two_targets(core)
    weaker = board.player("a").st + core.parameters.block.multiple_block_strength
    # Less than half each Orc's Strength: three dice each, and the Orcs' coach chooses among pushes.
    answers = [("block-face", 0), ("block-face", 0), ("push-square", (12, 7)), ("push-square", (12, 9))]
    with ScriptedDice([PUSH] * 6) as dice, ScriptedDecisions(answers) as decisions:
        outcome = multiple_block(core, board, "a", ("d", "e"), dice, decisions)
    blocks = [e for e in outcome.events if e.kind == "block"]
    assert [e.detail["defender"] for e in blocks] == ["d", "e"]
    assert {e.detail["attacker_strength"] for e in blocks} == {weaker}
    assert not [e for e in outcome.events if e.kind == "follow-up"]
    assert outcome.board.player("a").square == (10, 7)
    assert outcome.board.player("a").st == board.player("a").st  # his Strength back
    assert not outcome.turnover


def test_both_blocks_resolve_even_when_the_first_puts_the_blocker_down(core: Ruleset) -> None:
    board = two_targets(core)
    answers = [("block-face", 0), ("block-face", 0), ("push-square", (12, 9))]
    with ScriptedDice([PLAYER_DOWN] * 3 + [PUSH] * 3 + [1, 1]) as dice, ScriptedDecisions(answers) as decisions:
        outcome = multiple_block(core, board, "a", ("d", "e"), dice, decisions)
    assert outcome.turnover
    assert not outcome.board.player("a").standing
    assert outcome.board.player("e").square == (12, 9)  # the second block still pushed
    assert [e.kind for e in outcome.events].count("armour") == 1  # knocked down once


@pytest.mark.parametrize("targets", [("d",), ("d", "d")])
def test_a_multiple_block_needs_two_different_targets(core: Ruleset, targets: tuple[str, ...]) -> None:
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="two different players"):
        multiple_block(core, two_targets(core), "a", targets, dice)


def test_each_target_of_a_multiple_block_may_step_aside_with_trickster_first(core: Ruleset) -> None:
    board = two_targets(core)
    board = board.with_player(attrs.evolve(board.player("d"), skills={**board.player("d").skills, "trickster": None}))
    answers = [("square", (10, 6)), ("block-face", 0), ("block-face", 0), ("push-square", (10, 5)), ("push-square", (12, 9))]
    with ScriptedDice([PUSH] * 6) as dice, ScriptedDecisions(answers) as decisions:
        outcome = multiple_block(core, board, "a", ("d", "e"), dice, decisions)
    kinds = [e.kind for e in outcome.events]
    assert kinds.index("trickster") < kinds.index("block")
    assert outcome.board.player("d").square == (10, 5)  # pushed on from the square he stepped to
