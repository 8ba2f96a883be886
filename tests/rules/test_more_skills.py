"""Two Heads, Very Long Legs, Dauntless and Brawler, with scripted dice; their numbers are read from the parameters."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.rules.block import block
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.movement import Jump
from bbcore.ruleset import Ruleset
from tests.rules.test_block import BOTH_DOWN, PLAYER_DOWN, PUSH, duel
from tests.rules.test_movement import field, jump_board, only, slow, walk
from tests.rules.test_passing import LINEMAN, ORC, SHORT, pitch, throw

HELD = [1, 1]  # an armour roll that breaks nobody's armour


def test_two_heads_helps_a_dodge(core: Ruleset) -> None:
    bonus = core.parameters.movement.dodge_modifiers["two_heads"]
    plain = walk(core, field(core, opponents=[(4, 5)]), [(6, 5)], [3])
    heads = walk(core, field(core, opponents=[(4, 5)], skills={"m": {"two-heads": None}}), [(6, 5)], [3])
    assert only(heads, "dodge").detail["modifier"] == only(plain, "dodge").detail["modifier"] + bonus
    assert bonus > 0


@pytest.mark.parametrize("skills", [{}, {"leap": None}, {"pogo": None}])
def test_very_long_legs_help_a_jump_after_leap_or_pogo(core: Ruleset, skills: dict[str, None]) -> None:
    bonus = core.parameters.movement.jump_modifiers["very_long_legs"]
    markers = [(4, 5), (8, 5), (8, 6)]
    plain = walk(core, jump_board(core, opponents=markers, skills={"m": skills}), [Jump((6, 5), (7, 5))], [6])
    legs = walk(core, jump_board(core, opponents=markers, skills={"m": {**skills, "very-long-legs": None}}), [Jump((6, 5), (7, 5))], [6])
    assert only(legs, "jump").detail["modifier"] == only(plain, "jump").detail["modifier"] + bonus


def test_very_long_legs_help_an_interception_and_reach_over_cloud_burster(core: Ruleset) -> None:
    bonus = core.parameters.passing.interception_modifiers["very_long_legs"]
    others = {"o": ("away", ORC, (7, 7)), "r": ("home", LINEMAN, SHORT)}
    plain = throw(core, pitch(core, others), SHORT, [5, 6], [("interceptor", "o")])
    legs = throw(core, pitch(core, others, skills={"o": {"very-long-legs": None}}), SHORT, [5, 6], [("interceptor", "o")])
    modifiers = [next(e.detail["modifier"] for e in o.events if e.kind == "interception") for o in (plain, legs)]
    assert modifiers[1] == modifiers[0] + bonus
    # Against Cloud Burster only Very Long Legs may try.
    burst = pitch(core, others, skills={"p": {"cloud-burster": None}, "o": {"very-long-legs": None}})
    assert throw(core, burst, SHORT, [5, 6], [("interceptor", "o")]).board.ball.carrier == "o"
    nobody = pitch(core, others, skills={"p": {"cloud-burster": None}})
    assert throw(core, nobody, SHORT, [5, 3]).board.ball.carrier == "r"  # strict: no interceptor is asked


# -- the block ---------------------------------------------------------------------------------------


def block_with(core: Ruleset, board: object, rolls: list[int], answers: list[tuple[str, object]], **options: object) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return block(core, board, "a", "d", dice, decisions, **options)  # type: ignore[arg-type]


def test_dauntless_matches_a_stronger_targets_strength_on_a_good_roll(core: Ruleset) -> None:
    # A Human Lineman (ST 3) against an Ogre (ST 5): two dice for the Ogre's coach, or one each way when matched.
    board = duel(core, defender="human/ogre", skills={"a": {"dauntless": None}})
    ogre, lineman = board.player("d").st, board.player("a").st
    matched = block_with(core, board, [ogre - lineman + 1, PUSH], [("use-skill", True)])
    (roll,) = [e for e in matched.events if e.kind == "dauntless"]
    assert roll.result == "matched"
    rolled = next(e for e in matched.events if e.kind == "block")
    assert (len(rolled.rolls), rolled.detail["attacker_strength"]) == (1, ogre)
    failed = block_with(core, board, [ogre - lineman, PUSH, PUSH], [("use-skill", True)])
    assert [e.result for e in failed.events if e.kind == "dauntless"] == ["failed"]
    assert next(e for e in failed.events if e.kind == "block").detail["chooser"] == "defender"
    assert failed.board.player("a").st == lineman


def test_dauntless_is_not_rolled_against_a_player_no_stronger(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"dauntless": None}})
    outcome = block_with(core, board, [PUSH], [])
    assert not [e for e in outcome.events if e.kind == "dauntless"]


def test_brawler_rolls_one_both_down_again_on_a_block(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"brawler": None}})
    outcome = block_with(core, board, [BOTH_DOWN, PUSH], [("use-skill", True)], team_reroll=1)
    rolled = next(e for e in outcome.events if e.kind == "block")
    assert (rolled.rolls, rolled.result, rolled.detail["rerolled_with"]) == ((BOTH_DOWN, PUSH), "push-back", "brawler")
    assert not [e for e in outcome.events if e.kind == "team-reroll"], "the die has had its re-roll"


def test_brawler_does_not_help_a_blitz_or_a_player_down(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"brawler": None}})
    blitz = block_with(core, board, [BOTH_DOWN, *HELD, *HELD], [], blitz=True)
    assert next(e for e in blitz.events if e.kind == "block").detail["rerolled_with"] is None
    down = block_with(core, board, [PLAYER_DOWN, *HELD], [])
    assert next(e for e in down.events if e.kind == "block").detail["rerolled_with"] is None


def test_brawler_does_not_help_a_block_a_rule_makes_happen(core: Ruleset) -> None:
    # A Ball & Chain's block is no declared Block Action: the Both Down stands, both go down.
    from bbcore.rules.block import automatic_block
    from bbcore.rules.decisions import DefaultDecisions

    class EverySkill(DefaultDecisions):
        def use_skill(self, player_id: str, skill: str, reason: str) -> bool:
            return True

    board = duel(core, skills={"a": {"brawler": None}})
    with ScriptedDice([BOTH_DOWN, *HELD, *HELD]) as dice:
        outcome = automatic_block(core, board, "a", "d", dice, EverySkill(), must_follow_up=True)
    assert next(e for e in outcome.events if e.kind == "block").detail["rerolled_with"] is None


def test_jump_up_stands_for_free_and_without_a_roll(core: Ruleset) -> None:
    cost = core.parameters.movement.stand_up_cost
    prone = {"m": "prone"}
    plain = walk(core, field(core, statuses=prone), [(6, 5)], [])
    jumper = walk(core, field(core, statuses=prone, skills={"m": {"jump-up": None}}), [(6, 5)], [])
    assert [e.detail["cost"] for e in (plain, jumper) for e in e.events if e.kind == "stand-up"] == [cost, 0]
    spent = [e.detail["ma_used"] for o in (plain, jumper) for e in o.events if e.kind == "move-ends"]
    assert spent == [cost + 1, 1]
    # A slow player who would roll to stand just stands (a strict script of no dice would fail on a roll).
    board = slow(core)
    leaper = board.with_player(attrs.evolve(board.player("m"), skills={**board.player("m").skills, "jump-up": None}))
    stood = walk(core, leaper, [(6, 5)], [])
    assert stood.board.player("m").square == (6, 5)
    assert not [e for e in stood.events if e.kind == "stand-up" and e.rolls]


# -- Strip Ball --------------------------------------------------------------------------------------


def test_strip_ball_makes_a_pushed_carrier_drop_the_ball_where_he_lands(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"strip-ball": None}}, ball="d")
    # Push Back: the Orc goes to (12, 7) (the first square offered); the ball bounces from there (D8 of 5: one square along x).
    stripped = block_with(core, board, [PUSH, 5], [("push-square", (12, 7)), ("follow-up", False)])
    assert [e.kind for e in stripped.events if e.kind in ("strip-ball", "bounce")][:1] == ["strip-ball"]
    assert stripped.board.ball.carrier is None
    assert stripped.board.ball.square != (12, 7)
    assert stripped.board.player("d").standing


@pytest.mark.parametrize("skills", [{"d": {"sure-hands": None}, "a": {"strip-ball": None}}, {}])
def test_sure_hands_or_no_strip_ball_keeps_the_ball(core: Ruleset, skills: dict[str, dict[str, None]]) -> None:
    board = duel(core, skills=skills, ball="d")
    kept = block_with(core, board, [PUSH], [("push-square", (12, 7)), ("follow-up", False)])
    assert kept.board.ball.carrier == "d"


def test_strip_ball_is_the_blocker_s_to_use_or_not(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"strip-ball": None}}, ball="d")
    kept = block_with(core, board, [PUSH], [("push-square", (12, 7)), ("follow-up", False), ("use-skill", False)])
    assert kept.board.ball.carrier == "d"
    assert "strip-ball" not in [e.kind for e in kept.events]


def test_a_distracted_sure_hands_carrier_is_not_kept_from_strip_ball(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"strip-ball": None}, "d": {"sure-hands": None}}, ball="d")
    board = board.with_player(attrs.evolve(board.player("d"), tackle_zone=False))
    stripped = block_with(core, board, [PUSH, 5], [("push-square", (12, 7)), ("follow-up", False)])
    assert stripped.board.ball.carrier is None


def test_a_stripped_ball_bounces_before_the_pow_knocks_the_carrier_down(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"strip-ball": None}}, ball="d")
    # POW: pushed to (12, 7), the ball bounces (5), then the armour roll (1, 1) holds.
    downed = block_with(core, board, [6, 5, *HELD], [("push-square", (12, 7)), ("follow-up", False)])
    kinds = [e.kind for e in downed.events]
    assert kinds.index("push") < kinds.index("strip-ball") < kinds.index("bounce") < kinds.index("knocked-down")
    assert downed.board.ball.carrier is None
    assert not downed.board.player("d").standing
