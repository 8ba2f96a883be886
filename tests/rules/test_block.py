"""Blocks: dice, assists, who chooses, and each face with the skills that change it."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.rules.block import block, block_dice, dice_for_strengths
from bbcore.rules.board import Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

# Block die faces on the D6, read from the block-dice table in the tests that need them.
PLAYER_DOWN, BOTH_DOWN, PUSH, STUMBLE, POW = 1, 2, 3, 5, 6


def duel(core: Ruleset, *, attacker: str = "human/human-lineman", defender: str = "orc/orc-lineman", **kwargs: object):
    return build_board(core, {"a": ("home", attacker, (10, 7)), "d": ("away", defender, (11, 7))}, **kwargs)  # type: ignore[arg-type]


def test_the_faces_come_from_the_block_dice_table(core: Ruleset) -> None:
    table = core.table("block-dice")
    assert [table.row_for(n).id for n in (PLAYER_DOWN, BOTH_DOWN, PUSH, STUMBLE, POW)] == [
        "player-down",
        "both-down",
        "push-back",
        "stumble",
        "pow",
    ]


@pytest.mark.parametrize(
    ("attacker", "defender", "count", "chooser"),
    [
        (3, 3, 1, "attacker"),
        (4, 3, 2, "attacker"),
        (3, 4, 2, "defender"),
        (7, 3, 3, "attacker"),
        (6, 3, 2, "attacker"),
        (2, 5, 3, "defender"),
    ],
)
def test_dice_follow_the_strengths(core: Ruleset, attacker: int, defender: int, count: int, chooser: str) -> None:
    assert dice_for_strengths(core, attacker, defender) == (count, chooser)


def test_offensive_and_defensive_assists_count(core: Ruleset) -> None:
    board = build_board(
        core,
        {
            "a": ("home", "human/human-lineman", (10, 7)),
            "d": ("away", "orc/orc-lineman", (11, 7)),
            "helper": ("home", "human/human-lineman", (11, 6)),  # marks d, free: assists
            "marked": ("home", "human/human-lineman", (11, 8)),  # marks d but is marked by another orc: no assist
            "orc2": ("away", "orc/orc-lineman", (12, 9)),
            "orc_helper": ("away", "orc/orc-lineman", (9, 8)),  # marks a, free: assists the defence
        },
    )
    plan = block_dice(core, board, "a", "d")
    assert plan.offensive_assists == ("helper",)
    assert plan.defensive_assists == ("orc_helper",)
    assert (plan.attacker_strength, plan.defender_strength) == (4, 4)


def test_guard_assists_while_marked(core: Ruleset) -> None:
    board = build_board(
        core,
        {
            "a": ("home", "human/human-lineman", (10, 7)),
            "d": ("away", "orc/orc-lineman", (11, 7)),
            "guard": ("home", "human/human-lineman", (11, 8)),
            "orc2": ("away", "orc/orc-lineman", (12, 9)),
        },
        skills={"guard": {"guard": None}},
    )
    assert block_dice(core, board, "a", "d").offensive_assists == ("guard",)


def test_horns_add_strength_on_a_blitz_only(core: Ruleset) -> None:
    board = duel(core, skills={"a": {"horns": None}})
    assert block_dice(core, board, "a", "d").attacker_strength == 3
    assert block_dice(core, board, "a", "d", blitz=True).attacker_strength == 4


def test_the_stronger_side_chooses_the_face(core: Ruleset) -> None:
    board = duel(core, attacker="human/human-lineman", defender="orc/troll")
    with ScriptedDice([POW, PLAYER_DOWN, 2, 2]) as dice, ScriptedDecisions([("block-face", 1)]) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions)
    assert outcome.events[0].detail["chooser"] == "defender"
    assert outcome.events[0].result == "player-down"
    assert outcome.turnover
    assert outcome.board.player("a").status is Status.PRONE


def test_player_down_knocks_the_attacker_down(core: Ruleset) -> None:
    with ScriptedDice([PLAYER_DOWN, 1, 2]) as dice:
        outcome = block(core, duel(core), "a", "d", dice)
    assert outcome.turnover
    assert outcome.board.player("a").status is Status.PRONE
    assert outcome.board.player("d").standing


def test_both_down_without_block_knocks_both_down(core: Ruleset) -> None:
    with ScriptedDice([BOTH_DOWN, 1, 1, 1, 1]) as dice:
        outcome = block(core, duel(core), "a", "d", dice)
    assert outcome.board.player("a").status is Status.PRONE
    assert outcome.board.player("d").status is Status.PRONE
    assert outcome.turnover


def test_block_keeps_its_owner_up_on_both_down(core: Ruleset) -> None:
    with ScriptedDice([BOTH_DOWN, 1, 1]) as dice:
        outcome = block(core, duel(core, skills={"a": {"block": None}}), "a", "d", dice)
    assert outcome.board.player("a").standing
    assert outcome.board.player("d").status is Status.PRONE
    assert not outcome.turnover


def test_wrestle_places_both_prone_without_armour_or_turnover(core: Ruleset) -> None:
    with ScriptedDice([BOTH_DOWN]) as dice:
        outcome = block(core, duel(core, skills={"d": {"wrestle": None}}), "a", "d", dice)
    assert outcome.board.player("a").status is Status.PRONE
    assert outcome.board.player("d").status is Status.PRONE
    assert not outcome.turnover
    assert not any(e.kind == "armour" for e in outcome.events)


def test_juggernaut_turns_both_down_into_a_push_on_a_blitz(core: Ruleset) -> None:
    with ScriptedDice([BOTH_DOWN]) as dice:
        outcome = block(core, duel(core, skills={"a": {"juggernaut": None}}), "a", "d", dice, blitz=True)
    assert outcome.board.player("d").square == (12, 7)
    assert outcome.board.player("a").square == (11, 7)


def test_a_juggernaut_may_keep_the_both_down(core: Ruleset) -> None:
    # A blitzer with Block may rather have the Both Down, which floors a target without Block.
    board = duel(core, skills={"a": {"juggernaut": None, "block": None}})
    answers = [("use-skill", False), ("use-skill", True)]  # Juggernaut not used; Block used
    held = [1, 1]
    with ScriptedDice([BOTH_DOWN, *held]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions, blitz=True)
    assert not outcome.board.player("d").standing
    assert outcome.board.player("a").standing
    assert not any(e.kind == "juggernaut" for e in outcome.events)


def test_push_back_moves_the_defender_and_the_attacker_follows(core: Ruleset) -> None:
    with ScriptedDice([PUSH]) as dice:
        outcome = block(core, duel(core), "a", "d", dice)
    assert outcome.board.player("d").square == (12, 7)
    assert outcome.board.player("d").standing
    assert outcome.board.player("a").square == (11, 7)


def test_declining_to_follow_up_stays_put(core: Ruleset) -> None:
    with ScriptedDice([PUSH]) as dice, ScriptedDecisions([("follow-up", False)]) as decisions:
        outcome = block(core, duel(core), "a", "d", dice, decisions)
    assert outcome.board.player("a").square == (10, 7)


def test_fend_prevents_the_follow_up(core: Ruleset) -> None:
    with ScriptedDice([PUSH]) as dice:
        outcome = block(core, duel(core, skills={"d": {"fend": None}}), "a", "d", dice)
    assert outcome.board.player("a").square == (10, 7)


def test_fend_is_the_pushed_player_s_to_use_or_not(core: Ruleset) -> None:
    answers = [("push-square", (12, 7)), ("use-skill", False), ("follow-up", True)]
    with ScriptedDice([PUSH]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        outcome = block(core, duel(core, skills={"d": {"fend": None}}), "a", "d", dice, decisions)
    assert outcome.board.player("a").square == (11, 7)


def test_stumble_is_a_push_against_dodge(core: Ruleset) -> None:
    with ScriptedDice([STUMBLE]) as dice:
        outcome = block(core, duel(core, skills={"d": {"dodge": None}}), "a", "d", dice)
    assert outcome.board.player("d").standing


def test_tackle_cancels_dodge_on_a_stumble(core: Ruleset) -> None:
    with ScriptedDice([STUMBLE, 1, 1]) as dice:
        outcome = block(core, duel(core, skills={"d": {"dodge": None}, "a": {"tackle": None}}), "a", "d", dice)
    assert outcome.board.player("d").status is Status.PRONE


def test_pow_pushes_then_knocks_down(core: Ruleset) -> None:
    with ScriptedDice([POW, 1, 1]) as dice:
        outcome = block(core, duel(core), "a", "d", dice)
    assert outcome.board.player("d").square == (12, 7)
    assert outcome.board.player("d").status is Status.PRONE
    kinds = [e.kind for e in outcome.events]
    assert kinds.index("push") < kinds.index("follow-up") < kinds.index("armour")


def test_mighty_blow_breaks_armour_that_would_hold(core: Ruleset) -> None:
    av = core.position("orc/orc-lineman").av
    first, second = (av - 1) // 2, (av - 1) - (av - 1) // 2
    with ScriptedDice([POW, first, second, 1, 1]) as dice:
        outcome = block(core, duel(core, skills={"a": {"mighty-blow": None}}), "a", "d", dice)
    armour = next(e for e in outcome.events if e.kind == "armour")
    assert armour.result == "broken"
    assert armour.detail["mighty_blow"] is True
    injury = next(e for e in outcome.events if e.kind == "injury")
    assert injury.detail["total"] == 2  # Mighty Blow was spent on the armour, not added again


def test_a_distracted_defender_s_mighty_blow_does_not_count_on_a_player_down(core: Ruleset) -> None:
    board = duel(core, skills={"d": {"mighty-blow": None}})
    av = board.player("a").av
    one_short = [(av - 1) // 2, (av - 1) - (av - 1) // 2]
    distracted = board.with_player(attrs.evolve(board.player("d"), tackle_zone=False))
    for on_board, counted in ((board, True), (distracted, False)):
        with ScriptedDice([PLAYER_DOWN, *one_short, *([1, 1] if counted else [])]) as dice:
            outcome = block(core, on_board, "a", "d", dice)
        armour = next(e for e in outcome.events if e.kind == "armour")
        assert (armour.result, armour.detail["mighty_blow"]) == (("broken", True) if counted else ("held", False))


def test_a_board_strength_hook_changes_the_dice(make_ruleset: object) -> None:
    import bbcore

    class Slope:
        @bbcore.hookimpl
        def bbcore_block_strength_modifier(self, ruleset, board, player, opponent, attacking, blitz):  # type: ignore[no-untyped-def]
            return 1 if attacking else None

    rules = make_ruleset(plugins=[("slope", Slope())], entry_points=False)  # type: ignore[operator]
    plan = block_dice(rules, duel(rules), "a", "d")
    assert (plan.attacker_strength, plan.count, plan.chooser) == (4, 2, "attacker")


def test_the_same_seed_gives_the_same_events(core: Ruleset) -> None:
    from bbcore.dice import SeededDice

    board = build_board(
        core,
        {"a": ("home", "orc/troll", (10, 7)), "d": ("away", "human/human-lineman", (11, 7)), "x": ("away", "human/human-lineman", (12, 7))},
        skills={"a": {"mighty-blow": None}},
    )

    def events(seed: int) -> list[dict[str, object]]:
        dice = SeededDice(seed)
        return [e.to_json() for _ in range(20) for e in block(core, board, "a", "d", dice).events]

    assert events(5) == events(5)
    assert events(5) != events(6)


@pytest.mark.parametrize("skills", [{}, {"a": {"frenzy": None}}])
def test_may_follow_to_bars_a_follow_up_even_for_frenzy(core: Ruleset, skills: dict[str, dict[str, None]]) -> None:
    board = duel(core, skills=skills)
    with ScriptedDice([PUSH]) as dice, ScriptedDecisions([("push-square", (12, 7))]) as decisions:
        outcome = block(core, board, "a", "d", dice, decisions, may_follow_to=lambda square: square != (11, 7))
    assert outcome.board.player("a").square == (10, 7)
    assert outcome.board.player("d").square == (12, 7)
    assert not any(e.kind == "follow-up" for e in outcome.events)
