"""The arc engine: set-up, the opening throw, the Touch faces, scoring, the Ding-Dong, turns.

Boards are built square by square and the dice scripted, so each test pins one rule.
Squares are (x, y) on the lane: x from 0 (the attacker's end zone) to 25 (the
destination end zone), y from 0 to 3.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs
import pytest
from bbcore_skurling.arc import (
    ArcState,
    Blitz,
    Block,
    EndTurn,
    KeepTheCatch,
    Move,
    MoveOn,
    SecondHit,
    Throw,
    Touch,
    apply,
    ding_dong_targets,
    displaced_cuddler,
    reroll_available,
)
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.landing import ASSIST
from bbcore_skurling.legal import Declaration, actions_for, declarations
from bbcore_skurling.match import MatchState, Side
from bbcore_skurling.touch import touch_dice

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Status, build_board, player_from_position
from bbcore.rules.decisions import DefaultDecisions, IllegalAnswerError, ScriptedDecisions
from bbcore.rules.events import Event
from bbcore.ruleset import Ruleset

STOOGE, OGRE, LINEMAN, GOON, CUDDLER = "h-stooge", "h-ogre", "h-lineman", "h-goon", "h-cuddler"
ROLES = {STOOGE: "stooge", OGRE: "whacker", LINEMAN: "whacker", GOON: "goon", CUDDLER: "cuddler"}
POSITIONS = {
    STOOGE: "human/halfling-hopeful",
    OGRE: "human/ogre",
    LINEMAN: "human/human-lineman",
    GOON: "human/human-lineman",
    CUDDLER: "human/human-catcher",
}

#: The Skurling ruleset whose numbers these functions read.
SKURLING = bbcore.load_ruleset("skurling")


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return bbcore.load_ruleset("skurling")


def arc_at(
    rules: Ruleset,
    squares: Mapping[str, tuple[int, int]],
    *,
    defenders: Mapping[str, tuple[str, tuple[int, int]]] | None = None,
    state: str = "stunned",
    rerolls: tuple[int, int] = (0, 0),
    skills: Mapping[str, Mapping[str, int | str | None]] | None = None,
) -> ArcState:
    """An arc past its opening throw: the Stooge lies Stunned, the attacker is to play."""
    players = {pid: ("home", POSITIONS[pid], square) for pid, square in squares.items()}
    for pid, (position, square) in (defenders or {}).items():
        players[pid] = ("away", position, square)
    board = build_board(rules, players, skills=skills)
    board = board.with_player(attrs.evolve(board.player(STOOGE), status=Status.STUNNED))
    roles = {pid: role for pid, role in ROLES.items() if pid in squares}
    return ArcState(
        number=1,
        teams=("home", "away"),
        board=board,
        roles=roles,
        stooge=STOOGE,
        phase="play",
        state=state,
        active="home",
        turns_allowed=arc_rules(rules).turns_per_arc,
        rerolls=rerolls,
        landing_events=False,
    )


def faces(*answers: int) -> ScriptedDecisions:
    return ScriptedDecisions([("block-face", a) for a in answers])


#: The Ogre has Bone Head: a roll that passes his activation test, before anything he does.
BONE_HEAD_PASSES = 6


def dice_for(rules: Ruleset, arc: ArcState, hitter: str, face_roll: int, *more: int) -> ScriptedDice:
    """The Touch's block dice all showing ``face_roll``, then ``more`` (after the Ogre's activation roll)."""
    count = touch_dice(rules, arc.board, hitter, STOOGE).count
    first = [BONE_HEAD_PASSES] if arc.board.player(hitter).has("bone-head") else []
    return ScriptedDice(first + [face_roll] * count + list(more))


def square_of(arc: ArcState, pid: str) -> tuple[int, int] | None:
    return arc.board.player(pid).square


# -- the Touch faces -------------------------------------------------------------------------


@pytest.mark.parametrize(("roll", "moved"), [(3, 3), (4, 3), (5, 2), (6, 1), (2, 1), (1, 0)])
def test_each_face_moves_the_stooge_by_the_touch_table(rules: Ruleset, roll: int, moved: int) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1), CUDDLER: (25, 1)})
    # Armour rolls that hold (2 + 2 against AV 7+ / 9+), for whoever falls.
    dice = dice_for(rules, arc, LINEMAN, roll, 1, 1, 1, 1)
    after = apply(rules, arc, Touch(LINEMAN), dice, faces(0))
    assert square_of(after, STOOGE) == (5 + moved, 1)
    assert after.state == "stunned"


class Heading(KeepTheCatch):
    """Answers the Touch's direction question with ``answer`` and writes down what it was told."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.asked: list[tuple[str, str, int, tuple[str, ...]]] = []

    def touch_direction(self, team: str, hitter: str, face: str, squares: int, directions: Sequence[str], board: Board) -> str:
        self.asked.append((hitter, face, squares, tuple(directions)))
        return self.answer


def test_the_hitter_names_the_direction_once_the_face_is_picked(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 2), LINEMAN: (4, 2), CUDDLER: (25, 1)})
    heading = Heading("left")
    after = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3), faces(0), heading)
    assert heading.asked == [(LINEMAN, "push-back", 3, ("straight", "left", "right"))]
    assert square_of(after, STOOGE) == (7, 0), "one square left, then the edge of the lane stops him"
    kinds = [e.kind for e in after.events]
    assert kinds.index("touch") < kinds.index("touch-direction") < kinds.index("stooge-slides")
    assert next(e for e in after.events if e.kind == "touch-direction").result == "left"


def test_no_direction_is_asked_when_the_face_moves_nothing_or_one_was_named(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 2), LINEMAN: (4, 2), CUDDLER: (25, 1)})
    heading = Heading("left")
    down = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 1, 1, 1), faces(0), heading)
    named = apply(rules, arc, Touch(LINEMAN, "right"), dice_for(rules, arc, LINEMAN, 3), faces(0), heading)
    assert heading.asked == []
    assert square_of(down, STOOGE) == (5, 2)
    assert square_of(named, STOOGE) == (6, 3), "one square right, to the lane's other edge"


def test_a_direction_not_offered_is_refused(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 2), LINEMAN: (4, 2), CUDDLER: (25, 1)})
    with pytest.raises(IllegalAnswerError, match="touch-direction"):
        apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3), faces(0), Heading("backwards"))


def test_push_back_does_no_harm_but_pow_and_stumble_roll_armour(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1)})
    pushed = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3), faces(0))
    assert not [e for e in pushed.events if e.kind == "armour"]
    for roll in (5, 6):
        hit = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, roll, 5, 5), faces(0))
        armour = [e for e in hit.events if e.kind == "armour" and e.who == STOOGE]
        assert len(armour) == 1
        assert hit.state == "ko", "5 + 5 breaks the Halfling's armour: his state worsens one step"


def test_player_down_drops_the_hitter_and_leaves_the_stooge(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1)})
    after = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 1, 1, 1), faces(0))
    assert square_of(after, STOOGE) == (5, 1)
    assert after.board.player(LINEMAN).status is Status.PRONE
    assert [e.who for e in after.events if e.kind == "armour"] == [LINEMAN]


def test_both_down_drops_both_and_moves_the_stooge_one_square(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1)})
    after = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 2, 1, 1, 1, 1), faces(0))
    assert square_of(after, STOOGE) == (6, 1)
    assert after.board.player(LINEMAN).status is Status.PRONE
    assert sorted(e.who or "" for e in after.events if e.kind == "armour") == sorted([LINEMAN, STOOGE])


def test_the_hitter_picks_a_diagonal(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1)})
    after = apply(rules, arc, Touch(LINEMAN, "right"), dice_for(rules, arc, LINEMAN, 3), faces(0))
    # Three squares on the diagonal would cross the lane's edge at y = 4: he stops on the last square inside.
    assert square_of(after, STOOGE) == (7, 3)
    assert any(e.kind == "stooge-at-edge" for e in after.events)


def test_the_goon_moves_the_stooge_exactly_one_square_whatever_the_face(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (14, 1), GOON: (13, 1)})
    after = apply(rules, arc, Touch(GOON), dice_for(rules, arc, GOON, 3), faces(0))
    assert square_of(after, STOOGE) == (15, 1)


def test_a_player_in_the_way_is_chain_pushed_and_at_the_edge_goes_into_the_crowd(rules: Ruleset) -> None:
    defenders = {
        "a-wall": ("orc/orc-lineman", (7, 3)),
        "a-behind": ("orc/orc-lineman", (8, 3)),
        "a-beside": ("orc/orc-lineman", (8, 2)),
    }
    arc = arc_at(rules, {STOOGE: (6, 3), LINEMAN: (5, 3)}, defenders=defenders)
    # Straight on: the Stooge meets the defender on (7, 3), whose only square not taken is off the lane.
    dice = dice_for(rules, arc, LINEMAN, 3, 6, 6, 1, 1, 1)
    after = apply(rules, arc, Touch(LINEMAN), dice, faces(0))
    assert not after.board.player("a-wall").on_pitch
    assert any(e.kind == "push" and e.result == "into-crowd" for e in after.events)
    # He goes on sliding, pushing the next defender aside: three squares in all.
    assert square_of(after, STOOGE) == (9, 3)


def test_only_whackers_and_the_goon_touch_the_stooge(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (24, 1), CUDDLER: (25, 1), LINEMAN: (23, 1)})
    with pytest.raises(UsageError, match="only the attacker's Whackers and Goon"):
        apply(rules, arc, Touch(CUDDLER), ScriptedDice([]), faces())


def test_defenders_never_hit_the_stooge(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (6, 1), LINEMAN: (4, 1)}, defenders={"a-orc": ("orc/orc-lineman", (7, 1))})
    defending = attrs.evolve(arc, active="away")
    with pytest.raises(UsageError, match="nobody blocks the Stooge"):
        apply(rules, defending, Block("a-orc", STOOGE), ScriptedDice([]), faces())


# -- scoring -----------------------------------------------------------------------------------


def test_entering_the_end_zone_scores_the_state_points_mid_push(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (23, 1), LINEMAN: (22, 1)}, state="ko")
    after = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3), faces(0))
    assert after.over
    assert after.scored
    assert after.points == arc_rules(rules).points_for("ko")
    assert square_of(after, STOOGE) == (25, 1), "the push stops the moment he is in"


def test_the_cuddlers_catch_adds_the_bonus_and_a_miss_does_not(rules: Ruleset) -> None:
    squares = {STOOGE: (24, 1), LINEMAN: (23, 1), CUDDLER: (25, 1)}
    arc = arc_at(rules, squares)
    caught = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, 6), faces(0))
    assert caught.caught
    assert caught.points == arc_rules(rules).points_for("stunned") + arc_rules(rules).catch_bonus
    assert caught.board.player(CUDDLER).square == (25, 1), "the Stooge never pushes the Cuddler"
    # The Catcher's Catch skill re-rolls the first miss.
    missed = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, 1, 1), faces(0))
    assert not missed.caught
    assert missed.points == arc_rules(rules).points_for("stunned")


def test_a_defender_in_the_end_zone_who_catches_stops_the_score(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (24, 1), LINEMAN: (23, 1)}, defenders={"a-catcher": ("orc/orc-blitzer", (25, 1))})
    after = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, 6), faces(0))
    assert not after.over
    assert square_of(after, STOOGE) == (24, 1)


def test_a_defender_who_fumbles_lets_the_stooge_score_only_if_he_bounces_into_the_end_zone(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (24, 1), LINEMAN: (23, 1)}, defenders={"a-catcher": ("orc/orc-blitzer", (25, 1))})
    # Catch fails (1); the bounce goes down the end zone (D8 7: y + 1) onto the empty (25, 2).
    into = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, 1, 7), faces(0))
    assert into.over
    assert into.points == arc_rules(rules).points_for("stunned")
    # Bounce back out (D8 4: x - 1) onto the empty (24, 1): no score, the arc goes on.
    out = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, 1, 4), faces(0))
    assert not out.over
    assert square_of(out, STOOGE) == (24, 1)


def test_the_state_only_worsens_and_casualty_is_the_floor(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1)}, state="casualty")
    after = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 6, 6, 6), faces(0))
    assert after.state == "casualty"
    assert [s.id for s in arc_rules(rules).states] == ["stunned", "ko", "casualty"]


# -- the Second Hit ----------------------------------------------------------------------------


def test_the_second_hit_needs_a_casualty_stooge_and_a_fresh_thrower(rules: Ruleset) -> None:
    squares = {STOOGE: (5, 1), OGRE: (4, 1), LINEMAN: (4, 0)}
    stunned = arc_at(rules, squares)
    with pytest.raises(UsageError, match="casualty"):
        apply(rules, stunned, SecondHit(OGRE), ScriptedDice([]), faces())
    hurt = arc_at(rules, squares, state="casualty")
    with pytest.raises(UsageError, match="Throw Team-mate"):
        apply(rules, hurt, SecondHit(LINEMAN), ScriptedDice([]), faces())
    touched = apply(rules, hurt, Touch(LINEMAN), dice_for(rules, hurt, LINEMAN, 1, 1, 1), faces(0))
    second = apply(rules, touched, SecondHit(OGRE), dice_for(rules, touched, OGRE, 3), faces(0))
    assert square_of(second, STOOGE) == (8, 1)
    assert not second.blitz_used, "the Second Hit is not the team's Blitz"
    again = attrs.evolve(second, activated=frozenset())
    with pytest.raises(UsageError, match="has been made"):
        apply(rules, again, SecondHit(OGRE), ScriptedDice([]), faces())


def test_a_player_acts_once_and_a_team_blitzes_once_a_turn(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1), OGRE: (3, 2)})
    once = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 1, 1, 1), faces(0))
    with pytest.raises(UsageError, match="already acted"):
        apply(rules, once, Touch(LINEMAN), ScriptedDice([]), faces())
    blitzed = apply(rules, arc, Touch(OGRE, blitz=True, path=((4, 2),)), dice_for(rules, arc, OGRE, 1, 1, 1), faces(0))
    assert blitzed.blitz_used
    with pytest.raises(UsageError, match="Blitz"):
        apply(rules, blitzed, Touch(LINEMAN, blitz=True), ScriptedDice([]), faces())


def test_a_blitzer_held_by_tentacles_ends_his_activation_without_the_block(rules: Ruleset) -> None:
    defenders = {"a-tentacles": ("human/human-lineman", (4, 0)), "a-target": ("human/human-lineman", (7, 1))}
    arc = arc_at(rules, {STOOGE: (10, 2), LINEMAN: (4, 1)}, defenders=defenders, skills={"a-tentacles": {"tentacles": None}})
    held_fast = 6
    after = apply(rules, arc, Blitz(LINEMAN, "a-target", ((5, 1), (6, 1))), ScriptedDice([held_fast]), faces())
    assert square_of(after, LINEMAN) == (4, 1)
    assert after.blitz_used
    assert LINEMAN in after.activated
    assert not [e for e in after.events if e.kind == "block"]
    touching = arc_at(
        rules,
        {STOOGE: (7, 1), LINEMAN: (4, 1)},
        defenders={"a-tentacles": defenders["a-tentacles"]},
        skills={"a-tentacles": {"tentacles": None}},
    )
    held = apply(rules, touching, Touch(LINEMAN, blitz=True, path=((5, 1), (6, 1))), ScriptedDice([held_fast]), faces())
    assert square_of(held, LINEMAN) == (4, 1)
    assert square_of(held, STOOGE) == (7, 1)


# -- turns ------------------------------------------------------------------------------------------


def test_the_arc_ends_after_the_attackers_eighth_turn_and_a_time_out_gives_a_ninth(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1)})
    for _ in range(2 * arc_rules(rules).turns_per_arc - 1):
        arc = apply(rules, arc, EndTurn(), ScriptedDice([]), faces())
    assert arc.over
    assert arc.points == 0
    assert arc.turn == arc_rules(rules).turns_per_arc
    longer = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1)})
    longer = attrs.evolve(longer, turns_allowed=longer.turns_allowed + arc_rules(rules).time_out_turns)
    for _ in range(2 * arc_rules(rules).turns_per_arc):
        longer = apply(rules, longer, EndTurn(), ScriptedDice([]), faces())
    assert not longer.over
    assert longer.active == "home"
    assert longer.turn == arc_rules(rules).turns_per_arc + 1


def test_uses_counted_per_turn_start_afresh_when_a_turn_ends(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1)})
    shadowed = attrs.evolve(arc.board.player(LINEMAN), turn_uses={"shadowing": 2})
    arc = attrs.evolve(arc, board=arc.board.with_player(shadowed))
    ended = apply(rules, arc, EndTurn(), ScriptedDice([]), faces())
    assert ended.board.player(LINEMAN).turn_uses == {}


def test_one_team_reroll_a_turn(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1), OGRE: (4, 2)}, rerolls=(2, 0))
    # Both dice show Player Down: the default coach re-rolls, with the team re-roll.
    decisions = ScriptedDecisions([("block-face", 0)])
    count = touch_dice(rules, arc.board, LINEMAN, STOOGE).count
    after = apply(rules, arc, Touch(LINEMAN), ScriptedDice([1] * count + [3] * count), decisions)
    assert after.rerolls == (1, 0)
    assert after.reroll_used
    assert square_of(after, STOOGE) == (8, 1)
    assert reroll_available(rules, after) == 0


def test_a_touch_face_that_was_not_rolled_is_refused(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1), OGRE: (4, 2)})
    count = touch_dice(rules, arc.board, LINEMAN, STOOGE).count
    assert count > 1
    with pytest.raises(IllegalAnswerError, match="'block-face' question for home was answered 9; the choices were 0 to"):
        apply(rules, arc, Touch(LINEMAN), ScriptedDice([3] * count), ScriptedDecisions([("block-face", 9)]))


# -- the opening throw and the Ding-Dong ------------------------------------------------------


def test_the_opening_throw_comes_first_and_the_stooge_lands_stunned(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (0, 1), OGRE: (0, 2), LINEMAN: (0, 0)})
    arc = attrs.evolve(
        arc, phase="throw", state="", board=arc.board.with_player(attrs.evolve(arc.board.player(STOOGE), status=Status.STANDING))
    )
    with pytest.raises(UsageError, match="opening throw"):
        apply(rules, arc, Move(LINEMAN, ((1, 0),)), ScriptedDice([]), faces())
    # Throw 6 (superb), scatter 5,5,5 (x + 1 three times), landing 6.
    thrown = apply(rules, arc, Throw(OGRE, (4, 1)), ScriptedDice([BONE_HEAD_PASSES, 6, 5, 5, 5, 6]), faces())
    assert thrown.state == "stunned"
    assert thrown.board.player(STOOGE).status is Status.STUNNED
    assert square_of(thrown, STOOGE) == (7, 1)


def test_a_failed_landing_still_leaves_the_stooge_stunned_and_unhurt_on_the_records(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (0, 1), OGRE: (0, 2), LINEMAN: (0, 0)})
    arc = attrs.evolve(
        arc, phase="throw", state="", board=arc.board.with_player(attrs.evolve(arc.board.player(STOOGE), status=Status.STANDING))
    )
    # Throw 6, scatter 5,5,5, landing 1 (failed): no Armour roll after it, so no more dice than these.
    with ScriptedDice([BONE_HEAD_PASSES, 6, 5, 5, 5, 1]) as dice:
        thrown = apply(rules, arc, Throw(OGRE, (4, 1)), dice, faces())
    assert (thrown.state, thrown.board.player(STOOGE).status) == ("stunned", Status.STUNNED)
    about_him = [(e.kind, e.result) for e in thrown.events if e.who == STOOGE]
    assert ("landing", "failed") in about_him
    assert not {"armour", "injury", "casualty"} & {kind for kind, _ in about_him}
    assert thrown.board.player(STOOGE).casualty_results == ()
    # A crash landing on a defender: the defender rolls armour (1+1 holds); the Stooge bounces (5) and keeps no harm.
    crowded = attrs.evolve(arc, board=arc.board.with_player(player_from_position(rules, "a-d", "away", "orc/orc-lineman", (7, 1))))
    with ScriptedDice([BONE_HEAD_PASSES, 6, 5, 5, 5, 1, 1, 5]) as dice:
        crashed = apply(rules, crowded, Throw(OGRE, (4, 1)), dice, faces())
    assert ("crash-landing", "crashed") in [(e.kind, e.result) for e in crashed.events if e.who == STOOGE]
    assert ("armour", "held") in [(e.kind, e.result) for e in crashed.events if e.who == "a-d"]
    assert not {"armour", "injury", "casualty"} & {e.kind for e in crashed.events if e.who == STOOGE}
    assert (crashed.state, crashed.board.player(STOOGE).status, crashed.board.player(STOOGE).casualty_results) == (
        "stunned",
        Status.STUNNED,
        (),
    )


def test_an_eaten_stooge_drops_beside_the_thrower_as_a_casualty_and_the_arc_goes_on(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (0, 1), OGRE: (0, 2)}, skills={OGRE: {"always-hungry": None}})
    arc = attrs.evolve(
        arc, phase="throw", state="", board=arc.board.with_player(attrs.evolve(arc.board.player(STOOGE), status=Status.STANDING))
    )
    eaten = apply(rules, arc, Throw(OGRE, (4, 1)), ScriptedDice([BONE_HEAD_PASSES, 1, 1]), faces())
    assert eaten.state == "casualty"
    assert not eaten.over
    assert eaten.board.player(STOOGE).on_pitch


class Aim(KeepTheCatch):
    """Aims the Ding-Dong at one defender; everything else as the default coach."""

    def __init__(self, target: str | None) -> None:
        self.target = target
        self.offered: Sequence[str] = ()

    def ding_dong_target(self, team: str, cuddler: str, targets: Sequence[str]) -> str | None:
        self.offered = targets
        return self.target


def ding_dong_arc(rules: Ruleset) -> ArcState:
    defenders = {"a-bell": ("orc/orc-lineman", (22, 1))}
    # The Cuddler here is an Ogre, who has Throw Team-mate.
    squares = {STOOGE: (24, 1), LINEMAN: (23, 1), CUDDLER: (25, 1)}
    return arc_at(rules, squares, defenders=defenders, skills={CUDDLER: {"throw-team-mate": None}})


def test_the_ding_dong_rings_on_a_defender_for_three_instead_of_two(rules: Ruleset) -> None:
    arc = ding_dong_arc(rules)
    assert ding_dong_targets(rules, arc.board, CUDDLER) == ["a-bell"]
    aim = Aim("a-bell")
    # Touch: push-back; catch 6; Passing Ability Test 6 (superb); scatter 4, 4, 4 (x - 1 each) onto the
    # empty (19, 1), where the Stooge, thrown lying down, falls over (armour 1 + 1).
    missed = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, 6, 6, 4, 4, 4, 1, 1), faces(0), aim)
    assert missed.over
    assert not missed.ding_dong
    assert missed.points == arc_rules(rules).points_for("stunned"), "a failed Ding-Dong loses the catch bonus too"
    # Scatter 5, 6, 2 comes back to (22, 1): the defender is hit (armour 1 + 1), the Stooge bounces (D8 1)
    # to (21, 0) and falls (armour 1 + 1).
    rang = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, 6, 6, 5, 6, 2, 1, 1, 1, 1, 1), faces(0), aim)
    assert rang.ding_dong
    assert rang.points == arc_rules(rules).points_for("stunned") + arc_rules(rules).ding_dong_bonus
    assert rang.board.player("a-bell").status is not Status.STANDING


def test_a_fumbled_ding_dong_loses_the_bonus(rules: Ruleset) -> None:
    arc = ding_dong_arc(rules)
    # Touch, catch 6; the Passing Ability Test 1 fumbles: the Stooge drops beside the Cuddler
    # (D8 2: y - 1, onto the empty (25, 0)) and falls (armour 1 + 1).
    fumbled = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, 6, 1, 2, 1, 1), faces(0), Aim("a-bell"))
    assert fumbled.over
    assert not fumbled.ding_dong
    assert fumbled.points == arc_rules(rules).points_for("stunned")


def test_an_eaten_ding_dong_loses_the_bonus(rules: Ruleset) -> None:
    defenders = {"a-bell": ("orc/orc-lineman", (22, 1))}
    squares = {STOOGE: (24, 1), LINEMAN: (23, 1), CUDDLER: (25, 1)}
    arc = arc_at(rules, squares, defenders=defenders, skills={CUDDLER: {"throw-team-mate": None, "always-hungry": None}})
    # Touch, catch 6; Always Hungry 1 and the squirm 1: eaten.
    eaten = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, 6, 1, 1), faces(0), Aim("a-bell"))
    assert eaten.over
    assert not eaten.ding_dong
    assert eaten.points == arc_rules(rules).points_for("stunned")
    assert any(e.kind == "eaten" for e in eaten.events)
    # Eaten once the arc is over: a real casualty (which a league keeps out), not one of his states.
    assert eaten.board.player(STOOGE).status is Status.CASUALTY
    assert eaten.state == "stunned"


def test_declining_the_ding_dong_keeps_the_catch(rules: Ruleset) -> None:
    arc = ding_dong_arc(rules)
    kept = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, 6), faces(0), Aim(None))
    assert kept.caught
    assert not kept.ding_dong
    assert kept.points == arc_rules(rules).points_for("stunned") + arc_rules(rules).catch_bonus


def test_no_target_in_range_means_no_ding_dong(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (24, 1), LINEMAN: (23, 1), CUDDLER: (25, 1)}, skills={CUDDLER: {"throw-team-mate": None}})
    aim = Aim("anyone")
    kept = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, 6), faces(0), aim)
    assert aim.offered == ()
    assert kept.points == arc_rules(rules).points_for("stunned") + arc_rules(rules).catch_bonus


def before_the_throw(rules: Ruleset) -> ArcState:
    """An arc whose Ogre is to make the opening throw, the Goon up the lane, an Orc waiting for him."""
    arc = arc_at(rules, {STOOGE: (0, 1), OGRE: (0, 2), GOON: (3, 1)}, defenders={"a-orc": ("orc/orc-lineman", (10, 1))})
    standing = arc.board.with_player(attrs.evolve(arc.board.player(STOOGE), status=Status.STANDING))
    return attrs.evolve(arc, phase="throw", state="", board=standing)


def test_a_bone_headed_thrower_may_fail_and_the_turn_goes_on_without_the_stooge(rules: Ruleset) -> None:
    arc = before_the_throw(rules)
    for first in (Move(GOON, ((4, 1),)), EndTurn()):
        with pytest.raises(UsageError, match="opens with the opening throw"):
            apply(rules, arc, first, ScriptedDice([]), faces())
    assert {d.kind for d in declarations(rules, arc)} == {"throw"}
    failed = apply(rules, arc, Throw(OGRE, (4, 1)), ScriptedDice([1]), faces())
    assert failed.phase == "throw"
    assert OGRE in failed.activated
    assert not failed.board.player(OGRE).tackle_zone
    kinds = {d.kind for d in declarations(rules, failed) if d.player == GOON}
    assert "move" in kinds
    assert not kinds & {"touch", "touch-blitz", "second-hit"}
    with pytest.raises(UsageError, match="not been thrown"):
        apply(rules, failed, Touch(GOON, blitz=True, path=((2, 1),)), ScriptedDice([]), faces())
    moved = apply(rules, failed, Move(GOON, ((4, 1),)), ScriptedDice([]), faces())
    assert square_of(moved, GOON) == (4, 1)
    defending = apply(rules, moved, EndTurn(), ScriptedDice([]), faces())
    blocked = apply(rules, defending, Move("a-orc", ((9, 1),)), ScriptedDice([]), faces())
    assert square_of(blocked, "a-orc") == (9, 1), "the defender's turn goes on as usual"


def test_an_unmade_throw_opens_the_attackers_next_turn(rules: Ruleset) -> None:
    failed = apply(rules, before_the_throw(rules), Throw(OGRE, (4, 1)), ScriptedDice([1]), faces())
    waited = apply(rules, apply(rules, failed, EndTurn(), ScriptedDice([]), faces()), EndTurn(), ScriptedDice([]), faces())
    assert (waited.active, waited.turn) == ("home", 2)
    with pytest.raises(UsageError, match="opens with the opening throw"):
        apply(rules, waited, Move(GOON, ((4, 1),)), ScriptedDice([]), faces())
    thrown = apply(rules, waited, Throw(OGRE, (4, 1)), ScriptedDice([BONE_HEAD_PASSES, 6, 5, 5, 5, 6]), faces())
    assert thrown.phase == "play"


def test_with_no_thrower_beside_the_stooge_the_turn_opens_with_anything_else(rules: Ruleset) -> None:
    arc = before_the_throw(rules)
    away = arc.board.with_player(arc.board.player(OGRE).moved((2, 3)))
    arc = attrs.evolve(arc, board=away)
    assert not any(d.kind == "throw" for d in declarations(rules, arc))
    walked = apply(rules, arc, Move(GOON, ((4, 1),)), ScriptedDice([]), faces())
    assert square_of(walked, GOON) == (4, 1)


def test_a_bone_headed_hitter_who_fails_does_not_touch(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), OGRE: (4, 1)})
    after = apply(rules, arc, Touch(OGRE), ScriptedDice([1]), faces())
    assert square_of(after, STOOGE) == (5, 1)
    assert OGRE in after.activated
    assert [e.kind for e in after.events if e.who == OGRE] == ["bone-head", "distracted"]
    assert not any(e.kind == "touch" for e in after.events)


def test_cheering_fans_add_an_assist_to_the_teams_first_block(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (8, 2)}, defenders={"a-orc": ("orc/orc-lineman", (9, 2))})
    cheered = attrs.evolve(arc, events=(*arc.events, Event(ASSIST, "home", (), "granted", {"assists": 1})))
    # Human Lineman ST 3 against Orc Lineman ST 3: one die; with the extra assist, two.
    plain = apply(rules, arc, Block(LINEMAN, "a-orc"), ScriptedDice([3, 1]), faces())
    assert len(next(e for e in plain.events if e.kind == "block").rolls) == 1
    helped = apply(rules, cheered, Block(LINEMAN, "a-orc"), ScriptedDice([3, 3, 1]), faces(0))
    assert len(next(e for e in helped.events if e.kind == "block").rolls) == 2
    assert "block" not in helped.board.player(LINEMAN).modifiers, "the assist is lent for that block only"


def test_the_lucky_stone_helps_the_ding_dong_throw(rules: Ruleset) -> None:
    stone = arc_rules(rules).inducements.ding_dong_throw
    arc = attrs.evolve(ding_dong_arc(rules), inducements={stone: 1})
    # Touch, catch 6; the Passing Ability Test 6 and the scatter 4, 4, 4 to an empty square; armour 1 + 1.
    rolls = (6, 6, 4, 4, 4, 1, 1)
    plain = apply(
        rules, attrs.evolve(arc, inducements={}), Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, *rolls), faces(0), Aim("a-bell")
    )
    rung = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, *rolls), faces(0), Aim("a-bell"))
    plain_modifier, rung_modifier = (next(e.detail["modifier"] for e in a.events if e.kind == "throw") for a in (plain, rung))
    bonus = next(e.by for e in rules.inducements[stone].effects if e.modifier == "throw-team-mate")
    assert rung_modifier == plain_modifier + bonus
    assert rung.inducements[stone] == 0
    assert any(e.kind == "inducement" and e.result == stone for e in rung.events)


def test_a_player_who_takes_root_stays_put_and_his_action_ends(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (2, 1)}, skills={LINEMAN: {"take-root": None}})
    # Take Root fails on a 1: the walk to the Stooge and the Blitz-Touch do not happen.
    stuck = apply(rules, arc, Touch(LINEMAN, blitz=True, path=((3, 1), (4, 1))), ScriptedDice([1]), faces())
    assert square_of(stuck, LINEMAN) == (2, 1)
    assert stuck.board.player(LINEMAN).rooted
    assert LINEMAN in stuck.activated
    assert square_of(stuck, STOOGE) == (5, 1)
    walked = apply(rules, arc, Move(LINEMAN, ((3, 1),)), ScriptedDice([1]), faces())
    assert square_of(walked, LINEMAN) == (2, 1)


# -- points the audit asked to pin down -----------------------------------------------------------


def test_a_defenders_block_never_pushes_the_stooge_into_the_crowd(rules: Ruleset) -> None:
    # The Whacker on (6, 2) is hit from (5, 2); behind him the Stooge lies on the lane's edge at (7, 3),
    # and the Whacker's two other squares are taken: the chain would reach the Stooge.
    defenders = {"a-orc": ("orc/orc-lineman", (5, 2)), "a-one": ("orc/orc-lineman", (7, 1)), "a-two": ("orc/orc-lineman", (7, 2))}
    arc = arc_at(rules, {STOOGE: (7, 3), LINEMAN: (6, 2)}, defenders=defenders)
    arc = attrs.evolve(arc, active="away", board=arc.board.with_player(attrs.evolve(arc.board.player(STOOGE), anchored=True)))
    after = apply(rules, arc, Block("a-orc", LINEMAN), ScriptedDice([3, 3]), ScriptedDecisions([("push-square", (7, 3))]))
    assert square_of(after, STOOGE) == (7, 3)
    assert after.board.player(STOOGE).status is Status.STUNNED
    assert any(e.kind == "push" and e.result == "anchored" for e in after.events)


def ready_match(rules: Ruleset) -> MatchState:
    """A match between the two ready teams, the Rovers at home, before its first arc."""
    from bbcore_skurling.match import side_from_team, start_match

    from bbcore.teams.files import load_team_file

    teams = Path(__file__).parents[1] / "bbcore_skurling" / "data" / "teams"
    rovers = load_team_file(teams / "old-road-rovers.yaml").team
    crushers = load_team_file(teams / "black-crag-crushers.yaml").team
    return start_match(rules, side_from_team(SKURLING, rovers, "home"), side_from_team(SKURLING, crushers, "away"))


def defenders_of(side: Side) -> list[str]:
    """The four of a ready side who defend: all but its own Stooge, who waits on the bench."""
    return [p.id for p in side.players if side.roles.get(p.id) != "stooge"]


def test_the_stooge_is_anchored_from_the_set_up(rules: Ruleset) -> None:
    from bbcore_skurling.match import default_placements, start_arc

    match = ready_match(rules)
    side, other = match.sides
    arc = start_arc(rules, match, side.roles, default_placements(rules, match, side.roles, defenders_of(other)))
    assert arc.board.player(arc.stooge).anchored


def test_the_set_up_refuses_a_no_ball_cuddler_and_a_second_right_stuff(rules: Ruleset) -> None:
    from bbcore_skurling.match import default_placements, start_arc

    match = ready_match(rules)
    side, other = match.sides
    cuddler = next(pid for pid, role in side.roles.items() if role == "cuddler")
    goon = next(pid for pid, role in side.roles.items() if role == "goon")
    swapped = {cuddler: "norse/beer-boar", goon: "human/halfling-hopeful"}  # No Ball; a second Right Stuff
    players = tuple(attrs.evolve(p, position=swapped.get(p.id, p.position)) for p in side.players)
    match = attrs.evolve(match, sides=(attrs.evolve(side, players=players), other))
    placements = default_placements(rules, match, side.roles, defenders_of(other))
    with pytest.raises(UsageError) as raised:
        start_arc(rules, match, side.roles, placements)
    assert f"{cuddler} has No Ball and cannot catch, so may not be the Cuddler" in str(raised.value)
    assert "only the Stooge may have Right Stuff, not " in str(raised.value)
    assert goon in str(raised.value)


def test_the_defenders_never_field_their_own_right_stuff_miniature(rules: Ruleset) -> None:
    from bbcore_skurling.match import default_placements, start_arc

    match = ready_match(rules)
    side, other = match.sides
    own_stooge = next(pid for pid, role in other.roles.items() if role == "stooge")
    four = [own_stooge, *[p.id for p in other.players if p.id != own_stooge][:3]]
    placements = default_placements(rules, match, side.roles, four)
    with pytest.raises(UsageError, match=f"the defenders may not field {own_stooge}: Right Stuff"):
        start_arc(rules, match, side.roles, placements)
    assert start_arc(rules, match, side.roles, default_placements(rules, match, side.roles, defenders_of(other))).number == 1


def test_a_touch_counts_unmarked_team_mates_beside_the_stooge_and_defenders_beside_the_hitter(rules: Ruleset) -> None:
    # The Lineman touches the Stooge at (5, 5); the Goon stands beside the Stooge, the Ogre beside it too but
    # marked by a defender; two defenders stand beside the Lineman, whom only he marks.
    arc = arc_at(
        rules,
        {STOOGE: (5, 5), LINEMAN: (4, 5), GOON: (5, 6), OGRE: (6, 4)},
        defenders={"a-free": ("orc/orc-lineman", (3, 4)), "a-held": ("orc/orc-lineman", (3, 6)), "a-marker": ("orc/orc-lineman", (7, 3))},
    )
    plan = touch_dice(rules, arc.board, LINEMAN, STOOGE)
    assert plan.offensive_assists == (GOON,)  # the Ogre is marked by a-marker
    assert sorted(plan.defensive_assists) == ["a-free", "a-held"]  # each marked only by the Lineman himself
    lineman, stooge = arc.board.player(LINEMAN), arc.board.player(STOOGE)
    assert (plan.hitter_strength, plan.stooge_strength) == (lineman.st + 1, stooge.st + 2)
    guarded = arc.board.with_player(attrs.evolve(arc.board.player(OGRE), skills={**arc.board.player(OGRE).skills, "guard": None}))
    assert sorted(touch_dice(rules, guarded, LINEMAN, STOOGE).offensive_assists) == sorted([GOON, OGRE])  # Guard ignores the marker


def test_the_set_up_names_every_misplaced_miniature(rules: Ruleset) -> None:
    from bbcore_skurling.match import default_placements, start_arc

    match = ready_match(rules)
    side, other = match.sides
    placements = dict(default_placements(rules, match, side.roles, defenders_of(other)))
    by_role = {role: pid for pid, role in side.roles.items()}
    defenders = [p.id for p in other.players if p.id in placements]
    setup = arc_rules(rules).setup
    last, half = rules.pitch.length - 1, rules.pitch.length // 2
    goon_at = placements[by_role["goon"]]
    front = (goon_at[0] + setup.in_front_of_goon, goon_at[1])
    in_front = next(pid for pid in defenders if placements[pid] == front)
    placements.update(
        {
            by_role["stooge"]: (1, placements[by_role["stooge"]][1]),  # out of the starting end zone
            by_role["goon"]: (half + 1, goon_at[1]),  # past his square
            by_role["cuddler"]: (last - 1, placements[by_role["cuddler"]][1]),  # short of the far end zone
            in_front: (half - 1, 0),  # on the attacker's side, and no longer in front of the Goon
        }
    )
    with pytest.raises(UsageError) as raised:
        start_arc(rules, match, side.roles, placements)
    said = str(raised.value)
    assert "must start in the starting end zone (x = 0)" in said
    assert f"must start on the first square past the line of scrimmage (x = {half})" in said
    assert f"must start in the destination end zone (x = {last})" in said
    assert f"the defender {in_front} must set up on their side of the line of scrimmage" in said
    assert "a defender must stand right in front of the Goon" in said
    del placements[defenders[-1]]
    with pytest.raises(UsageError, match=f"the defender places {setup.defenders} players, not {setup.defenders - 1}"):
        start_arc(rules, match, side.roles, placements)


def test_the_stooge_never_pushes_a_cuddler_who_cannot_catch_him(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (22, 1), LINEMAN: (21, 1), CUDDLER: (23, 1)})
    # The Cuddler, knocked out of the end zone, lies in the Stooge's path.
    arc = attrs.evolve(arc, board=arc.board.with_player(attrs.evolve(arc.board.player(CUDDLER), status=Status.PRONE)))
    after = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3), faces(0))
    assert square_of(after, CUDDLER) == (23, 1)
    assert square_of(after, STOOGE) == (22, 1)
    assert any(e.kind == "stooge-blocked" for e in after.events)


def test_a_fumbled_opening_throw_leaves_the_stooge_with_the_thrower(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (0, 1), OGRE: (0, 2)})
    standing = arc.board.with_player(attrs.evolve(arc.board.player(STOOGE), status=Status.STANDING))
    arc = attrs.evolve(arc, phase="throw", state="", board=standing)
    # Bone Head passes; the throw's test 1 fumbles. The core's own fumble would drop him one square away
    # and roll his landing; Skurling keeps him with the thrower instead.
    with ScriptedDice([BONE_HEAD_PASSES, 1]) as dice:  # nothing rolled after the fumble
        fumbled = apply(rules, arc, Throw(OGRE, (4, 1)), dice, faces())
    assert square_of(fumbled, STOOGE) == (0, 1)
    assert fumbled.state == "stunned"
    assert fumbled.phase == "play"
    assert any(e.kind == "throw-fumbled" for e in fumbled.events)
    assert not any(e.kind in ("injury", "into-the-crowd") for e in fumbled.events)


def test_loner_may_lose_the_team_reroll_of_a_touch(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1)}, rerolls=(1, 0), skills={LINEMAN: {"loner": 4}})
    count = touch_dice(rules, arc.board, LINEMAN, STOOGE).count
    # Player Down on every die: the default coach re-rolls; Loner 3 fails, so the faces stand.
    lost = apply(rules, arc, Touch(LINEMAN), ScriptedDice([1] * count + [3, 1, 1]), faces(0))
    assert square_of(lost, STOOGE) == (5, 1)
    assert lost.rerolls == (0, 0), "the re-roll is spent even when Loner wastes it"
    assert any(e.kind == "loner" and e.result == "re-roll-lost" for e in lost.events)
    kept = apply(rules, arc, Touch(LINEMAN), ScriptedDice([1] * count + [4] + [3] * count), faces(0))
    assert square_of(kept, STOOGE) == (8, 1)


def test_the_ding_dong_rings_on_any_defender_and_never_changes_the_state_points(rules: Ruleset) -> None:
    defenders = {"a-bell": ("orc/orc-lineman", (22, 1)), "a-other": ("orc/orc-lineman", (21, 2))}
    arc = arc_at(
        rules, {STOOGE: (24, 1), LINEMAN: (23, 1), CUDDLER: (25, 1)}, defenders=defenders, skills={CUDDLER: {"throw-team-mate": None}}
    )
    # Aimed at a-bell on (22, 1); scatter 8, 4, 4 ends on (21, 2): the other defender. Armour rolls that
    # break (6 + 6) and injury rolls on him and the Stooge do not change the points.
    dice = dice_for(rules, arc, LINEMAN, 3, 6, 6, 8, 4, 4, 6, 6, 1, 1, 1, 6, 6, 1, 1)
    rang = apply(rules, arc, Touch(LINEMAN), dice, faces(0), Aim("a-bell"))
    assert rang.ding_dong
    assert rang.state == "stunned"
    assert rang.points == arc_rules(rules).points_for("stunned") + arc_rules(rules).ding_dong_bonus


def test_there_are_no_turnovers(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1), OGRE: (3, 2)})
    # The Lineman's Touch: Player Down, armour 1 + 1; in Blood Bowl his team's turn would end.
    fallen = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 1, 1, 1), faces(0))
    assert fallen.board.player(LINEMAN).status is Status.PRONE
    assert fallen.active == "home"
    more = apply(rules, fallen, Move(OGRE, ((4, 2),)), ScriptedDice([BONE_HEAD_PASSES]), faces())
    assert square_of(more, OGRE) == (4, 2), "the turn goes on"


def test_a_cuddler_pushed_out_of_the_end_zone_must_move_back(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (10, 1), CUDDLER: (23, 1)}, defenders={"a-orc": ("orc/orc-lineman", (23, 2))})
    with pytest.raises(UsageError, match="must move back"):
        apply(rules, arc, Block(CUDDLER, "a-orc"), ScriptedDice([]), faces())
    with pytest.raises(UsageError, match="move back into it"):
        apply(rules, arc, Move(CUDDLER, ((22, 1),)), ScriptedDice([]), faces())
    # Two Dodges (6, 6) out of the Orc's tackle zone.
    back = apply(rules, arc, Move(CUDDLER, ((24, 1), (25, 1))), ScriptedDice([6, 6]), faces())
    assert square_of(back, CUDDLER) == (25, 1)
    inside = attrs.evolve(back, activated=frozenset())
    with pytest.raises(UsageError, match="only along the end zone"):
        apply(rules, inside, Move(CUDDLER, ((24, 1),)), ScriptedDice([]), faces())


def test_the_turn_does_not_end_before_a_displaced_cuddler_has_moved_back(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (10, 1), CUDDLER: (23, 1)})
    assert displaced_cuddler(rules, arc) == CUDDLER
    with pytest.raises(UsageError, match="before the turn ends"):
        apply(rules, arc, EndTurn(), ScriptedDice([]), faces())
    assert not any(d.kind == "end-turn" for d in declarations(rules, arc))
    with pytest.raises(UsageError, match="must end in it"):
        apply(rules, arc, Move(CUDDLER, ((24, 1),)), ScriptedDice([]), faces())
    back = apply(rules, arc, Move(CUDDLER, ((24, 1), (25, 1))), ScriptedDice([]), faces())
    assert displaced_cuddler(rules, back) is None
    assert apply(rules, back, EndTurn(), ScriptedDice([]), faces()).active == "away"


def test_a_cuddler_too_far_to_walk_back_moves_towards_the_end_zone(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), CUDDLER: (15, 1)})
    walk = arc.board.player(CUDDLER).ma
    assert walk < 25 - 15, "only Rushes could take him in"
    moves = actions_for(rules, arc, Declaration(CUDDLER, "move"))
    assert moves, "he may still move towards it"
    assert any(m.path[-1][0] < 25 for m in moves)  # type: ignore[attr-defined]
    closer = apply(rules, arc, Move(CUDDLER, tuple((15 + n, 1) for n in range(1, walk + 1))), ScriptedDice([]), faces())
    assert square_of(closer, CUDDLER) == (15 + walk, 1)
    assert apply(rules, closer, EndTurn(), ScriptedDice([]), faces()).active == "away"


@pytest.mark.parametrize("status", [Status.STANDING, Status.PRONE])
def test_a_displaced_cuddler_who_can_walk_back_is_offered_only_moves_into_the_end_zone(rules: Ruleset, status: Status) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), CUDDLER: (22, 1)})
    arc = attrs.evolve(arc, board=arc.board.with_player(attrs.evolve(arc.board.player(CUDDLER), status=status)))
    moves = actions_for(rules, arc, Declaration(CUDDLER, "move"))
    assert moves
    assert all(m.path[-1][0] == 25 for m in moves)  # type: ignore[attr-defined]


def test_the_defenders_turn_ends_whatever_the_attackers_cuddler(rules: Ruleset) -> None:
    arc = attrs.evolve(arc_at(rules, {STOOGE: (10, 1), CUDDLER: (23, 1)}), active="away")
    assert displaced_cuddler(rules, arc) is None
    assert apply(rules, arc, EndTurn(), ScriptedDice([]), faces()).active == "home"


@pytest.mark.parametrize(("orc", "followed_to"), [((24, 1), (25, 1)), ((25, 2), (25, 2))])
def test_a_cuddler_follows_up_only_within_the_end_zone(rules: Ruleset, orc: tuple[int, int], followed_to: tuple[int, int]) -> None:
    arc = arc_at(rules, {STOOGE: (10, 1), CUDDLER: (25, 1)}, defenders={"a-orc": ("orc/orc-lineman", orc)})
    coach = ScriptedDecisions([("follow-up", True)])  # the coach would follow; out of the end zone the rules say no
    after = apply(rules, arc, Block(CUDDLER, "a-orc"), ScriptedDice([3]), coach)  # one die: Push Back
    assert square_of(after, "a-orc") != orc
    assert square_of(after, CUDDLER) == followed_to


def test_every_legal_action_of_a_cuddler_out_of_the_end_zone_is_one_apply_accepts(rules: Ruleset) -> None:
    from bbcore_skurling.legal import legal_actions

    from bbcore.dice import SeededDice
    from bbcore.rules.decisions import DefaultDecisions

    arc = arc_at(rules, {STOOGE: (10, 1), CUDDLER: (23, 1)}, defenders={"a-orc": ("orc/orc-lineman", (23, 2))})
    listed = legal_actions(rules, arc)
    assert {type(action).__name__ for action in listed if getattr(action, "player", None) == CUDDLER} == {"Move"}
    for action in listed:
        apply(rules, arc, action, SeededDice(1), DefaultDecisions())


def vampire_arc(rules: Ruleset, thrall: tuple[int, int]) -> ArcState:
    """A Vampire at (2, 1) whose Whacker's turn it is, the Stunned Stooge at (5, 1) and a Thrall (the Goon) at ``thrall``."""
    players = {
        STOOGE: ("home", "human/halfling-hopeful", (5, 1)),
        "h-vamp": ("home", "vampire/vampire-blitzer", (2, 1)),
        "h-thrall": ("home", "vampire/thrall-lineman", thrall),
        CUDDLER: ("home", POSITIONS[CUDDLER], (25, 1)),
    }
    board = build_board(rules, players)
    board = board.with_player(attrs.evolve(board.player(STOOGE), status=Status.STUNNED))
    return ArcState(
        number=1,
        teams=("home", "away"),
        board=board,
        roles={STOOGE: "stooge", "h-vamp": "whacker", "h-thrall": "goon", CUDDLER: "cuddler"},
        stooge=STOOGE,
        phase="play",
        state="stunned",
        active="home",
        turns_allowed=arc_rules(rules).turns_per_arc,
        landing_events=False,
    )


def test_a_vampire_who_fails_bloodlust_bites_a_thrall_at_the_end_of_his_action(rules: Ruleset) -> None:
    arc = vampire_arc(rules, (2, 2))
    # Bloodlust fails on a 1 (the walk goes on), then the bite: injury 2D6 of 1 + 1 leaves the Thrall Stunned.
    after = apply(rules, arc, Move("h-vamp", ((3, 1),)), ScriptedDice([1, 1, 1]), ScriptedDecisions([("team-mate", "h-thrall")]))
    assert square_of(after, "h-vamp") == (3, 1)
    assert any(e.kind == "bite" or (e.who == "h-thrall" and e.kind == "injury") for e in after.events)
    assert after.board.player("h-thrall").status is Status.STUNNED
    assert after.active == "home", "no turnover"
    assert after.owed_bite is None


def test_a_bite_on_a_player_who_is_not_a_thrall_next_to_him_is_refused(rules: Ruleset) -> None:
    coach = DefaultDecisions()
    coach.team_mate = lambda *_: STOOGE  # type: ignore[method-assign]
    with pytest.raises(
        IllegalAnswerError, match=r"'team-mate' question for h-vamp was answered 'h-stooge'; the choices were \['h-thrall'\]"
    ):
        apply(rules, vampire_arc(rules, (2, 2)), Move("h-vamp", ((3, 1),)), ScriptedDice([1]), coach)


# -- a Blitz's block costs movement, and the Blitz may move on after it -------------------------


def test_a_touch_by_blitz_after_the_whole_allowance_rushes_for_the_touch(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (10, 1), LINEMAN: (3, 1), CUDDLER: (25, 1)})
    ma = arc.board.player(LINEMAN).ma
    path = tuple((3 + step, 1) for step in range(1, ma + 1))
    # The Rush for the Touch (5), then two Push Back dice.
    with ScriptedDice([5, 3, 3]) as dice:
        after = apply(rules, arc, Touch(LINEMAN, blitz=True, path=path), dice, faces(0))
    (rush,) = [e for e in after.events if e.kind == "rush"]
    assert (rush.result, rush.detail["for"]) == ("passed", "block")
    assert square_of(after, STOOGE) == (13, 1)
    assert after.moving_on is not None
    assert (after.moving_on.progress.ma_used, after.moving_on.progress.rushes_used) == (ma + 1, 1)


def test_a_failed_rush_for_the_touch_drops_the_hitter_and_leaves_the_stooge(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (10, 1), LINEMAN: (3, 1), CUDDLER: (25, 1)})
    ma = arc.board.player(LINEMAN).ma
    path = tuple((3 + step, 1) for step in range(1, ma + 1))
    with ScriptedDice([1, 1, 1]) as dice:  # the Rush fails; his armour holds
        after = apply(rules, arc, Touch(LINEMAN, blitz=True, path=path), dice, faces())
    assert after.board.player(LINEMAN).status is Status.PRONE
    assert square_of(after, LINEMAN) == path[-1]
    assert square_of(after, STOOGE) == (10, 1)
    assert not [e for e in after.events if e.kind == "touch"]
    assert after.moving_on is None


def blitzed(rules: Ruleset) -> ArcState:
    """The Lineman Blitzes two squares to the Stooge and Touches him three squares on (Push Back)."""
    arc = arc_at(rules, {STOOGE: (8, 1), LINEMAN: (5, 1), OGRE: (2, 2), CUDDLER: (25, 1)})
    with ScriptedDice([3, 3]) as dice:
        return apply(rules, arc, Touch(LINEMAN, blitz=True, path=((6, 1), (7, 1))), dice, faces(0))


def test_after_the_touch_the_blitzer_moves_on_with_what_is_left(rules: Ruleset) -> None:
    after = blitzed(rules)
    assert square_of(after, STOOGE) == (11, 1)
    assert after.moving_on is not None
    assert after.moving_on.player == LINEMAN
    ma = after.board.player(LINEMAN).ma
    assert after.moving_on.progress.ma_used == 3  # two squares and the Touch
    walk = tuple((7 + step, 1) for step in range(1, ma - 3 + 1))  # the rest of his MA, no Rush
    with ScriptedDice([]) as dice:
        on = apply(rules, after, MoveOn(LINEMAN, walk), dice, faces())
    assert square_of(on, LINEMAN) == walk[-1]
    assert on.moving_on is None
    # Two more Rushes were his at most: a walk needing three is refused.
    too_far = tuple((x, 0) for x in range(8, 8 + ma - 3 + 3))
    with pytest.raises(UsageError, match="rush"):
        apply(rules, after, MoveOn(LINEMAN, too_far), ScriptedDice([]), faces())


def test_anything_else_ends_the_blitz(rules: Ruleset) -> None:
    after = blitzed(rules)
    with ScriptedDice([BONE_HEAD_PASSES]) as dice:
        moved = apply(rules, after, Move(OGRE, ((3, 2),)), dice, faces())
    assert moved.moving_on is None
    with pytest.raises(UsageError, match="no Blitz to move on from"):
        apply(rules, moved, MoveOn(LINEMAN, ((8, 1),)), ScriptedDice([]), faces())
    assert apply(rules, after, EndTurn(), ScriptedDice([]), faces()).moving_on is None


def test_a_standing_touch_does_not_move_on(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1)})
    after = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3), faces(0))
    assert after.moving_on is None
    with pytest.raises(UsageError, match="no Blitz to move on from"):
        apply(rules, after, MoveOn(LINEMAN, ((5, 1),)), ScriptedDice([]), faces())


def test_blitz_paths_leave_the_movement_the_block_costs(rules: Ruleset) -> None:
    from bbcore_skurling.legal import Declaration, actions_for, allowance, declarations

    lineman = arc_at(rules, {LINEMAN: (2, 1), STOOGE: (20, 1)}).board.player(LINEMAN)
    reach = allowance(rules, lineman) - rules.parameters.movement.blitz_block_cost
    # Just in reach: the square behind the Stooge is the last one the Blitz may walk to.
    arc = arc_at(rules, {STOOGE: (2 + reach + 1, 1), LINEMAN: (2, 1), CUDDLER: (25, 1)})
    paths = [a.path for a in actions_for(rules, arc, Declaration(LINEMAN, "touch-blitz"))]
    assert paths
    assert max(len(p) for p in paths) == reach
    # One square further, he would have to spend on the walk the square the Touch costs.
    assert not actions_for(rules, arc_at(rules, {STOOGE: (2 + reach + 2, 1), LINEMAN: (2, 1)}), Declaration(LINEMAN, "touch-blitz"))
    after = blitzed(rules)
    assert Declaration(LINEMAN, "move-on") in declarations(rules, after)
    walks = actions_for(rules, after, Declaration(LINEMAN, "move-on"))
    left = after.board.player(LINEMAN).ma - 3 + rules.parameters.movement.rushes
    assert walks
    assert all(isinstance(w, MoveOn) for w in walks)
    assert max(len(w.path) for w in walks if isinstance(w, MoveOn)) == left


def vampire_blitzed(rules: Ruleset) -> ArcState:
    """A Vampire who failed Bloodlust Touches the Stooge by Blitz; a Thrall waits further down the lane."""
    arc = vampire_arc(rules, (7, 2))
    # Bloodlust fails on a 1 (the Blitz goes on); two Push Back dice send the Stooge to (8, 1).
    with ScriptedDice([1, 3, 3]) as dice:
        return apply(rules, arc, Touch("h-vamp", blitz=True, path=((3, 1), (4, 1))), dice, faces(0))


def test_a_blitzer_who_owes_a_bite_pays_it_when_his_blitz_ends(rules: Ruleset) -> None:
    after = vampire_blitzed(rules)
    assert square_of(after, STOOGE) == (8, 1)
    assert after.moving_on is not None
    assert after.owed_bite == "h-vamp", "the Blitz may still move on: the bite waits for its end"
    # He moves on next to the Thrall; his activation ends there and he bites (injury 1 + 1: Stunned).
    with ScriptedDice([1, 1]) as dice:
        on = apply(rules, after, MoveOn("h-vamp", ((5, 1), (6, 1))), dice, ScriptedDecisions([("team-mate", "h-thrall")]))
    assert on.owed_bite is None
    assert on.board.player("h-thrall").status is Status.STUNNED
    # Ending the turn instead ends the Blitz where he stands, out of the Thrall's reach: no bite, he is Distracted.
    ended = apply(rules, after, EndTurn(), ScriptedDice([]), faces())
    assert ended.owed_bite is None
    assert any(e.kind == "distracted" and e.who == "h-vamp" for e in ended.events)


def test_a_block_may_spend_the_turns_team_re_roll_on_its_dice(rules: Ruleset) -> None:
    defenders = {"a-orc": ("orc/orc-lineman", (9, 2)), "a-two": ("orc/orc-lineman", (3, 2))}
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (8, 2), GOON: (2, 2)}, defenders=defenders, rerolls=(1, 0))
    # One die each time (ST 3 against ST 3): Player Down, re-rolled into Push Back.
    with ScriptedDice([1, 3]) as dice, ScriptedDecisions([("reroll-block", True)]) as decisions:
        after = apply(rules, arc, Block(LINEMAN, "a-orc"), dice, decisions)
    assert next(e for e in after.events if e.kind == "block").detail["rerolled_with"] == "team-reroll"
    assert after.board.player(LINEMAN).standing
    assert (after.rerolls, after.reroll_used) == ((0, 0), True)
    # The turn's one team re-roll is spent: the next block is not offered one (a strict script would fail).
    with ScriptedDice([1, 1, 1]) as dice, ScriptedDecisions([], strict=True) as decisions:
        again = apply(rules, after, Block(GOON, "a-two"), dice, decisions)
    assert not again.board.player(GOON).standing


def test_the_set_up_puts_a_thrower_beside_the_stooge(rules: Ruleset) -> None:
    from bbcore_skurling.match import default_placements, start_arc

    match = ready_match(rules)
    side, other = match.sides
    placements = dict(default_placements(rules, match, side.roles, defenders_of(other)))
    stooge = next(pid for pid, role in side.roles.items() if role == "stooge")
    throwers = [pid for pid, role in side.roles.items() if role == "whacker" and side.player(pid).has(rules, "throw-team-mate")]
    assert throwers
    assert start_arc(rules, match, side.roles, placements).phase == "throw"  # the default set-up has one beside him
    # Every thrower moved away down the starting end zone, out of reach of the Stooge.
    far = [y for y in range(rules.pitch.width) if abs(y - placements[stooge][1]) > 1 and (0, y) not in placements.values()]
    placements.update({pid: (0, far[n]) for n, pid in enumerate(throwers)})
    with pytest.raises(UsageError, match="a Whacker with Throw Team-mate must start next to the Stooge"):
        start_arc(rules, match, side.roles, placements)
