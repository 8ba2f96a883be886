"""Helmets, inducements and the lane's conditions in an arc, with scripted dice."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from bbcore_skurling.arc import ArcState, Move, Throw, Touch, apply
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.match import MatchState, default_placements, finish_arc, match_conditions, side_from_team, start_arc, start_match

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.ruleset import Ruleset
from bbcore.teams.files import load_team_file

TEAMS = Path(__file__).parents[1] / "bbcore_skurling" / "data" / "teams"
STOOGE, OGRE, LINEMAN = "home-2", "home-1", "home-3"
USES = arc_rules(bbcore.load_ruleset("skurling")).inducements
#: The Rovers' Ogre has Bone Head: a roll that passes his activation test, before his throw.
BONE_HEAD_PASSES = 6

#: The Skurling ruleset whose numbers these functions read.
SKURLING = bbcore.load_ruleset("skurling")


class Coach:
    """Answers the arc's own questions from a script: inducements by id, no Ding-Dong."""

    def __init__(self, *, use: Sequence[str] = ()) -> None:
        self.use = set(use)
        self.asked: list[tuple[str, str]] = []

    def ding_dong_target(self, team: str, cuddler: str, targets: Sequence[str]) -> str | None:
        return None

    def use_inducement(self, team: str, inducement: str, situation: str) -> bool:
        self.asked.append((inducement, situation))
        return inducement in self.use

    def reroll_touch(self, team: str, hitter: str, faces: Sequence[str]) -> bool:
        return "player-down" in faces

    def touch_direction(self, team: str, hitter: str, face: str, squares: int, directions: Sequence[str], board: Board) -> str:
        return "straight"


def ruleset(**options: str) -> Ruleset:
    return bbcore.load_ruleset("skurling", options=options)


def match_for(rules: Ruleset, inducements: dict[str, int] | None = None, **kwargs: object) -> MatchState:
    rovers = load_team_file(TEAMS / "old-road-rovers.yaml").team
    crushers = load_team_file(TEAMS / "black-crag-crushers.yaml").team
    home = attrs.evolve(side_from_team(SKURLING, rovers, "home"), inducements=inducements or {})
    return start_match(rules, home, side_from_team(SKURLING, crushers, "away"), **kwargs)


def first_arc(rules: Ruleset, match: MatchState) -> ArcState:
    side, other = match.sides[0], match.sides[1]
    defenders = [p.id for p in other.players if other.roles.get(p.id) != "stooge"]
    return start_arc(rules, match, side.roles, default_placements(rules, match, side.roles, defenders))


def in_play(arc: ArcState, stooge_at: tuple[int, int], hitter_at: tuple[int, int]) -> ArcState:
    """The arc after its throw, with the Stooge lying at ``stooge_at`` and the Lineman Whacker beside him."""
    board = arc.board.with_player(attrs.evolve(arc.board.player(STOOGE), square=stooge_at, status=Status.STUNNED))
    board = board.with_player(attrs.evolve(board.player(LINEMAN), square=hitter_at))
    return attrs.evolve(arc, board=board, phase="play", state="stunned", landing_events=False)


# -- helmets -----------------------------------------------------------------------------------------


def _decisions() -> ScriptedDecisions:
    return ScriptedDecisions([])


def test_helmets_need_the_extra_rule() -> None:
    plain = ruleset()
    arc = first_arc(plain, match_for(plain))
    with pytest.raises(UsageError, match="no helmet"):
        apply(plain, arc, Throw(OGRE, (4, 2), helmet="tin-pot"), ScriptedDice([]), _decisions())


@pytest.mark.parametrize(("match", "named"), [("throwback", "a Throwback Night"), ("first-match", "a first match")])
def test_throwback_nights_and_a_first_match_refuse_every_extra_rule(match: str, named: str) -> None:
    for extra in ({"helmets": "on"}, {"season": "winter"}, {"ground": "moor"}):
        with pytest.raises(UsageError, match=f"{named} uses none of the extra rules"):
            ruleset(match=match, **extra)


def test_a_throwback_night_offers_no_helmet() -> None:
    assert not first_arc(ruleset(match="throwback"), match_for(ruleset(match="throwback"))).helmet_allowed


def test_a_chosen_helmet_lasts_the_arc_and_a_rolled_one_the_match() -> None:
    rules = ruleset(helmets="on")
    match = match_for(rules)
    arc = first_arc(rules, match)
    av = arc.board.player(STOOGE).av
    # Tin Pot: AV +1. Throw 6, scatter 5 5 5, landing 6, landing event 1 + 1.
    thrown = apply(rules, arc, Throw(OGRE, (4, 2), helmet="tin-pot"), ScriptedDice([BONE_HEAD_PASSES, 6, 5, 5, 5, 6, 1, 1]), _decisions())
    assert thrown.board.player(STOOGE).av == av + 1
    ended = attrs.evolve(thrown, phase="over")
    after = finish_arc(rules, match, ended)
    assert after.helmet_used == (True, False)
    assert after.rolled_helmets == (None, None), "a chosen helmet comes off when the arc ends"
    # The Crushers attack next; then the Rovers again, with no helmet left to declare.
    after = finish_arc(rules, after, attrs.evolve(first_arc_for(rules, after), phase="over"))
    again = first_arc_for(rules, after)
    assert not again.helmet_allowed
    assert again.board.player(STOOGE).av == av


def first_arc_for(rules: Ruleset, match: MatchState) -> ArcState:
    side, other = match.sides[match.next_attacker], match.sides[1 - match.next_attacker]
    defenders = [p.id for p in other.players if other.roles.get(p.id) != "stooge"]
    return start_arc(rules, match, side.roles, default_placements(rules, match, side.roles, defenders))


def test_a_rolled_helmet_stays_on_for_the_match() -> None:
    rules = ruleset(helmets="on")
    match = match_for(rules)
    arc = first_arc(rules, match)
    # The Ogre's Bone Head roll, D8 1 rolls the first helmet of the table; then the throw as above.
    thrown = apply(rules, arc, Throw(OGRE, (4, 2), helmet="roll"), ScriptedDice([BONE_HEAD_PASSES, 1, 6, 5, 5, 5, 6, 1, 1]), _decisions())
    first_helmet = rules.table(arc_rules(rules).helmets.table).rows[0]
    assert thrown.helmet == first_helmet.id
    assert thrown.helmet_rolled
    after = finish_arc(rules, match, attrs.evolve(thrown, phase="over"))
    after = finish_arc(rules, after, attrs.evolve(first_arc_for(rules, after), phase="over"))
    again = first_arc_for(rules, after)
    assert again.helmet == first_helmet.id
    assert again.board.player(STOOGE).av == thrown.board.player(STOOGE).av


# -- inducements ---------------------------------------------------------------------------------------


def test_padding_is_put_on_before_the_throw_and_used_up() -> None:
    rules = ruleset()
    match = match_for(rules, {"skurling/padding": 1})
    arc = first_arc(rules, match)
    av = arc.board.player(STOOGE).av
    thrown = apply(
        rules, arc, Throw(OGRE, (4, 2), using=("skurling/padding",)), ScriptedDice([BONE_HEAD_PASSES, 6, 5, 5, 5, 6, 1, 1]), _decisions()
    )
    assert thrown.board.player(STOOGE).av == av + 1
    assert thrown.inducements["skurling/padding"] == 0
    with pytest.raises(UsageError, match="no use"):
        apply(
            rules,
            arc,
            Throw(OGRE, (4, 2), using=("skurling/padding", "skurling/padding")),
            ScriptedDice([]),
            _decisions(),
        )


def test_the_ice_medic_may_keep_the_stooges_state() -> None:
    rules = ruleset()
    arc = in_play(first_arc(rules, match_for(rules, {USES.armour_save.id: 1})), (5, 2), (4, 2))
    coach = Coach(use=[USES.armour_save.id])
    count = 2  # Lineman ST 3 against the Halfling's 2
    # POW, armour 6 + 6 breaks, the medic's roll reaches the target.
    saved = apply(rules, arc, Touch(LINEMAN), ScriptedDice([6] * count + [6, 6, USES.armour_save.saves_on]), _decisions(), coach)
    assert saved.state == "stunned"
    assert saved.inducements[USES.armour_save.id] == 0
    failed = apply(rules, arc, Touch(LINEMAN), ScriptedDice([6] * count + [6, 6, USES.armour_save.saves_on - 1]), _decisions(), coach)
    assert failed.state == "ko"


def test_the_sweeping_crew_slides_him_on_over_a_free_square() -> None:
    rules = ruleset()
    arc = in_play(first_arc(rules, match_for(rules, {USES.extra_slide.id: 1})), (5, 2), (4, 2))
    pushed = apply(rules, arc, Touch(LINEMAN), ScriptedDice([3, 3]), _decisions(), Coach(use=[USES.extra_slide.id]))
    assert pushed.board.player(STOOGE).square == (5 + 3 + USES.extra_slide.squares, 2)
    plain = apply(rules, arc, Touch(LINEMAN), ScriptedDice([3, 3]), _decisions(), Coach())
    assert plain.board.player(STOOGE).square == (8, 2)


def test_the_sweeping_crew_never_slides_him_on_after_the_goon_s_touch() -> None:
    rules = ruleset()
    arc = in_play(first_arc(rules, match_for(rules, {USES.extra_slide.id: 1})), (5, 2), (4, 4))
    goon = next(pid for pid, role in arc.roles.items() if role == "goon")
    arc = attrs.evolve(arc, board=arc.board.with_player(attrs.evolve(arc.board.player(goon), square=(4, 2))))
    assert arc.board.player(goon).st == arc.board.player(LINEMAN).st  # two block dice, as for the Lineman
    # Push Back: the Goon moves him one square, whatever the result, and the crew adds nothing.
    pushed = apply(rules, arc, Touch(goon), ScriptedDice([3, 3]), _decisions(), Coach(use=[USES.extra_slide.id]))
    assert pushed.board.player(STOOGE).square == (6, 2)
    assert pushed.inducements[USES.extra_slide.id] == 1


def test_sweepuhs_blessing_rerolls_the_touch_dice() -> None:
    rules = ruleset()
    arc = in_play(first_arc(rules, match_for(rules, {USES.touch_reroll: 1})), (5, 2), (4, 2))
    arc = attrs.evolve(arc, rerolls=(0, 0))
    # Both dice Player Down (1, 1), blessed, then Push Back (3, 3).
    blessed = apply(rules, arc, Touch(LINEMAN), ScriptedDice([1, 1, 3, 3]), _decisions(), Coach(use=[USES.touch_reroll]))
    assert blessed.board.player(STOOGE).square == (8, 2)


def test_sticky_mitts_help_the_cuddler_catch() -> None:
    rules = ruleset()
    arc = in_play(first_arc(rules, match_for(rules, {USES.cuddler_catch: 1})), (23, 2), (22, 2))
    cuddler = next(pid for pid, role in arc.roles.items() if role == "cuddler")
    board = arc.board.with_player(attrs.evolve(arc.board.player(cuddler), square=(25, 2)))
    for pid in list(board.players):
        if board.player(pid).team == "away":
            board = board.with_player(
                attrs.evolve(board.player(pid), square=(14, board.player(pid).square[1] if board.player(pid).square else 0))
            )
    arc = attrs.evolve(arc, board=board)
    ag = board.player(cuddler).ag
    # Push Back 3 -> enters (25, 2); the catch roll is one short of the Catcher's AG, and the Catch skill re-roll misses too.
    caught = apply(rules, arc, Touch(LINEMAN), ScriptedDice([3, 3, ag - 1]), _decisions(), Coach(use=[USES.cuddler_catch]))
    assert caught.caught
    assert caught.inducements[USES.cuddler_catch] == 0


def test_the_cuddler_may_catch_again_with_the_turn_s_team_re_roll() -> None:
    rules = ruleset()
    arc = in_play(first_arc(rules, match_for(rules)), (23, 2), (22, 2))
    cuddler = next(pid for pid, role in arc.roles.items() if role == "cuddler")
    him = arc.board.player(cuddler)
    # Without the Catch skill (whose own re-roll would come first), at the end-zone square the Stooge is pushed into.
    board = arc.board.with_player(attrs.evolve(him, square=(25, 2), skills={k: v for k, v in him.skills.items() if k != "catch"}))
    for pid in [pid for pid in board.players if board.player(pid).team == "away"]:
        board = board.with_player(
            attrs.evolve(board.player(pid), square=(14, board.player(pid).square[1] if board.player(pid).square else 0))
        )
    arc = attrs.evolve(arc, board=board)
    before = arc.rerolls_of(arc.active)
    # Push Back 3 -> enters (25, 2); the catch roll is a 1, the team re-roll a 6.
    caught = apply(rules, arc, Touch(LINEMAN), ScriptedDice([3, 3, 1, 6]), ScriptedDecisions([("team-reroll", True)]), Coach())
    assert caught.caught
    assert (caught.rerolls_of(caught.active), caught.reroll_used) == (before - 1, True)


# -- the lane's conditions -------------------------------------------------------------------------------


def test_the_weather_and_the_preparation_set_the_lanes_conditions() -> None:
    rules = ruleset()
    weather = rules.table("weather")
    blizzard = next(row for row in weather.rows if any(e.modifier == "rush" for e in row.effects))
    attributes = rules.table("skurling/raw-ground-attributes")
    stone = next(row for row in attributes.rows if row.id == "solid-stone")
    match = match_for(rules, weather=blizzard.id, lane=[(attributes.id, stone.id)])
    expected: dict[str, int] = {}
    for row in (blizzard, stone):
        for effect in row.effects:
            if effect.modifier and effect.who in (None, "both"):
                expected[effect.modifier] = expected.get(effect.modifier, 0) + (effect.by or 0)
    assert match_conditions(rules, match) == expected
    arc = first_arc(rules, match)
    assert dict(arc.board.conditions) == expected


def test_a_rush_on_a_slippery_lane_takes_the_condition() -> None:
    rules = ruleset()
    arc = in_play(first_arc(rules, match_for(rules)), (5, 2), (4, 2))
    arc = attrs.evolve(arc, board=attrs.evolve(arc.board, conditions={"rush": -1}), rerolls=(0, 0))
    lineman = arc.board.player(LINEMAN)
    path = tuple((4 + n, 1) if n else (4, 1) for n in range(lineman.ma + 1))[: lineman.ma + 1]
    # Walk MA squares, then rush once: a roll of the rush target fails with the -1.
    target = rules.parameters.targets.rush
    moved = apply(rules, arc, Move(LINEMAN, path), ScriptedDice([target, 1, 1]), _decisions())
    assert moved.board.player(LINEMAN).status is not Status.STANDING
