"""The sidelines in play: each one works, works only as often as its data says, and only for a team that has it.

Dice and answers are scripted. Arc boards are built square by square on the lane (x from
0, the attacker's end zone, to 25; y from 0 to 3); the attacker is ``home``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs
import pytest
from bbcore_skurling.arc import ArcState, KeepTheCatch, Touch, apply
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.coaching import ScriptedSkurlingDecisions
from bbcore_skurling.landing import roll_landing_event
from bbcore_skurling.match import default_placements, finish_arc, side_from_team, start_arc, start_match
from bbcore_skurling.prematch import Side, fan_factors, pebblemuck
from bbcore_skurling.sidelines import SIDELINE_EVENT, Sideline, load_sideline_list, match_uses, sideline_list
from bbcore_skurling.sponsorship import Sponsor, look_for_sponsor, renew_sponsors
from bbcore_skurling.touch import touch_dice

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import DataError
from bbcore.model.team import Team
from bbcore.rules.board import Status, build_board
from bbcore.rules.decisions import DecisionScriptError, DefaultDecisions, ScriptedDecisions
from bbcore.rules.events import Event
from bbcore.ruleset import Ruleset
from bbcore.teams.files import load_team_file

TEAMS = Path(__file__).parents[1] / "bbcore_skurling" / "data" / "teams"
STOOGE, LINEMAN, GOON, CUDDLER = "h-stooge", "h-lineman", "h-goon", "h-cuddler"
ROLES = {STOOGE: "stooge", LINEMAN: "whacker", GOON: "goon", CUDDLER: "cuddler"}
POSITIONS = {
    STOOGE: "human/halfling-hopeful",
    LINEMAN: "human/human-lineman",
    GOON: "human/human-lineman",
    CUDDLER: "human/human-catcher",
}
HELD = [1, 1]  # an armour roll that breaks nobody

#: The Skurling ruleset whose numbers these functions read.
SKURLING = bbcore.load_ruleset("skurling")


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return bbcore.load_ruleset("skurling")


def sideline(sideline_id: str) -> Sideline:
    return sideline_list(SKURLING).by_id[sideline_id]


def used(events: Sequence[Event], sideline_id: str) -> list[Event]:
    return [e for e in events if e.kind == SIDELINE_EVENT and e.result == sideline_id]


class Refuse(KeepTheCatch):
    """A coach who declines every sideline and remembers being asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str]] = []

    def use_sideline(self, team: str, sideline: str, situation: str) -> bool:
        self.asked.append((sideline, situation))
        return False


class NeverAsked(KeepTheCatch):
    """A coach who must never be asked about a sideline."""

    def use_sideline(self, team: str, sideline: str, situation: str) -> bool:
        raise AssertionError(f"{team} was asked about {sideline} ({situation})")


# -- the data ----------------------------------------------------------------------------------


def test_every_sideline_has_its_effect_in_fields_and_the_text_agrees_with_them() -> None:
    """The effect text repeats the numbers for the site's readers; it must say what the fields say."""
    for entry in sideline_list(SKURLING).sidelines:
        text = entry.effect.lower()
        assert ("once per match" in text) == (entry.uses_per_match == 1), entry.id
        assert (entry.uses_per_match is None) == ("per match" not in text), entry.id
        if entry.does == "modifier":
            assert re.search(rf"\+{entry.modifier}\b", entry.effect), entry.id
        else:
            assert not re.search(r"[+-]\d", entry.effect), entry.id
        if entry.does == "clear-path":
            assert f"{entry.squares} square" in text, entry.id
        if entry.does == "reroll":
            assert "again" in text or "re-roll" in text, entry.id
        for test in entry.tests:
            assert test in text, entry.id
    assert {s.id: s.uses_per_match for s in sideline_list(SKURLING).sidelines if s.uses_per_match} == {
        "pebbler": 1,
        "skip": 1,
        "brushmaster": 1,
        "drillmaster": 1,
    }


def test_a_sideline_whose_fields_do_not_fit_what_it_does_is_refused(tmp_path: Path) -> None:
    broken = tmp_path / "sidelines.yaml"
    broken.write_text(
        "source: test\nsidelines:\n"
        "  - {id: mob, name: Mob, cost: 1, text: t, effect: e, acts_on: [fan-factor], does: modifier}\n"
        "  - {id: skip, name: Skip, cost: 1, text: t, effect: e, acts_on: [fan-factor], does: reroll}\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError) as error:
        load_sideline_list(broken)
    message = str(error.value)
    assert "modifier" in message
    assert "sidelines[1]" in message or "sidelines/1" in message


def test_a_match_counts_only_the_sidelines_limited_per_match() -> None:
    assert match_uses(SKURLING, ["mob", "scribe", "skip", "drillmaster", "nobody"]) == {"skip": 1, "drillmaster": 1}


# -- Pebbler -----------------------------------------------------------------------------------


def muck(dice: list[int], sides: Sequence[Side], *answers: tuple[str, object]) -> tuple[str, tuple[Event, ...]]:
    decisions = ScriptedSkurlingDecisions([("agreed-choice", "raw-ground"), *answers], strict=True)
    with ScriptedDice(dice) as rolled, decisions:
        found, events = pebblemuck(bbcore.load_ruleset("skurling"), rolled, decisions, sides=sides)
    return found.attribute, events


def test_the_pebbler_has_the_attribute_rolled_again_and_the_second_stands() -> None:
    # 5 is Astrogranite; the Pebbler's team has it rolled again: 1, Soft Mud.
    attribute, events = muck([5, 1], (Side("a", 0, sidelines=("pebbler",)), Side("b", 0)), ("use-sideline", True))
    assert attribute == "soft-mud"
    (event,) = used(events, "pebbler")
    assert (event.who, event.detail["discarded"]) == ("a", "astrogranite")
    assert [e.result for e in events if e.kind == "pebblemuck-attribute"] == ["astrogranite", "soft-mud"]


def test_the_attribute_is_rolled_again_once_only_even_when_both_teams_have_a_pebbler() -> None:
    # The strict script holds one answer: the second team is never asked, and no third die is rolled.
    both = (Side("a", 0, sidelines=("pebbler",)), Side("b", 0, sidelines=("pebbler",)))
    attribute, events = muck([5, 6], both, ("use-sideline", True))
    assert attribute == "solid-stone"
    assert len(used(events, "pebbler")) == 1


def test_a_declined_pebbler_leaves_the_choice_to_the_other_team() -> None:
    both = (Side("a", 0, sidelines=("pebbler",)), Side("b", 0, sidelines=("pebbler",)))
    attribute, events = muck([5, 3], both, ("use-sideline", False), ("use-sideline", True))
    assert attribute == "honest-grass"
    assert [e.who for e in used(events, "pebbler")] == ["b"]


def test_without_a_pebbler_the_attribute_stands_and_nobody_is_asked() -> None:
    attribute, events = muck([5], (Side("a", 0, sidelines=("mob", "skip")), Side("b", 0)))
    assert attribute == "astrogranite"
    assert not used(events, "pebbler")


def test_the_pre_match_side_reads_the_sidelines_from_its_team_file() -> None:
    rovers = load_team_file(TEAMS / "old-road-rovers.yaml").team
    staffed = attrs.evolve(rovers, staff={**rovers.staff, "sidelines": ["pebbler"]})
    assert Side("a", 0, team=staffed).held_sidelines(SKURLING) == ("pebbler",)
    assert Side("a", 0, team=rovers).held_sidelines(SKURLING) == ()
    assert Side("a", 0, team=staffed, sidelines=()).held_sidelines(SKURLING) == ()


# -- Mob ---------------------------------------------------------------------------------------


def test_the_mob_adds_its_modifier_to_the_fan_factor() -> None:
    with ScriptedDice([2, 2]) as dice:
        factors, attendance, events = fan_factors(bbcore.load_ruleset("skurling"), (Side("a", 0, sidelines=("mob",)), Side("b", 0)), dice)
    # D3 2 + 1 Dedicated Fan, and the Mob's +1 for team a only.
    assert factors == {"a": 2 + 1 + sideline("mob").modifier, "b": 3}
    assert attendance == factors["a"] + 3
    assert [e.detail["sidelines"] for e in events if e.kind == "fan-factor"] == [sideline("mob").modifier, 0]


# -- Scribe ------------------------------------------------------------------------------------


def search(rolls: list[int], *answers: tuple[str, object], **kwargs: object) -> object:
    options = {"dedicated_fans": 3, "won": False, "sponsors": ()} | kwargs
    decisions = ScriptedSkurlingDecisions([("look-for-sponsor", True), *answers], strict=True)
    with ScriptedDice(rolls) as dice, decisions:
        return look_for_sponsor(
            bbcore.load_ruleset("skurling", options={"match": "league"}), "a", dice=dice, decisions=decisions, **options
        )  # type: ignore[arg-type]


def test_the_scribe_adds_to_the_sponsor_search_by_itself() -> None:
    # 4 + 3 Dedicated Fans = 7: no offer; with the Scribe, 8: an offer (a 1 on the offer table is a tool, 2 the gloves).
    plain = search([4])
    assert (plain.total, plain.offer) == (7, False)  # type: ignore[attr-defined]
    helped = search([4, 1, 2], ("sponsor-gift", "tool"), ("sponsor-name", "Quill & Co"), bought_sidelines=("scribe",))
    assert (helped.total, helped.offer) == (7 + sideline("scribe").modifier, True)  # type: ignore[attr-defined]
    assert helped.events[0].detail["modifier"] == sideline("scribe").modifier  # type: ignore[attr-defined]


def test_a_scribe_a_sponsor_provides_helps_too_and_other_sidelines_do_not() -> None:
    scribe = (Sponsor("Inkwell", "sideline", "scribe"),)
    assert search([4, 1, 2], ("sponsor-gift", "tool"), ("sponsor-name", "Q"), sponsors=scribe).offer  # type: ignore[attr-defined]
    assert not search([4], bought_sidelines=("mob", "skip", "pebbler")).offer  # type: ignore[attr-defined]


def test_the_scribe_adds_to_every_renewal_roll() -> None:
    sponsors = (Sponsor("One", "tool", "chalk-bag"), Sponsor("Two", "tool", "spare-broom"))
    with ScriptedDice([4, 4]) as dice:
        kept, gone, _ = renew_sponsors(SKURLING, "a", sponsors, 3, dice)
    assert (kept, gone) == ((), sponsors)
    with ScriptedDice([4, 4]) as dice:
        kept, gone, events = renew_sponsors(SKURLING, "a", sponsors, 3, dice, bought_sidelines=("scribe",))
    assert (kept, gone) == (sponsors, ())
    assert [e.detail["total"] for e in events] == [8, 8]


# -- Skip --------------------------------------------------------------------------------------


def landing_arc(rules: Ruleset, sidelines: Mapping[str, int]) -> ArcState:
    """An arc just after the opening throw, the Stooge Stunned at (6, 1)."""
    players = {
        STOOGE: ("home", POSITIONS[STOOGE], (6, 1)),
        LINEMAN: ("home", POSITIONS[LINEMAN], (0, 1)),
        GOON: ("home", POSITIONS[GOON], (13, 1)),
        CUDDLER: ("home", POSITIONS[CUDDLER], (25, 1)),
        "a-1": ("away", "human/human-lineman", (14, 1)),
    }
    board = build_board(rules, players)
    board = board.with_player(attrs.evolve(board.player(STOOGE), status=Status.STUNNED))
    return ArcState(
        number=1,
        teams=("home", "away"),
        board=board,
        roles=ROLES,
        stooge=STOOGE,
        phase="play",
        state="stunned",
        active="home",
        turns_allowed=arc_rules(rules).turns_per_arc,
        sidelines=sidelines,
    )


def test_the_skip_re_rolls_the_landing_event_once_and_the_second_roll_stands(rules: Ruleset) -> None:
    arc = landing_arc(rules, {"skip": 1})
    # 1 + 2 is a Time-Out; the Skip has it rolled again: 1 + 1, Sweepuh Smiles (a re-roll each).
    with ScriptedDice([1, 2, 1, 1]) as dice:
        after = roll_landing_event(rules, arc, dice, DefaultDecisions())
    (event,) = used(after.events, "skip")
    assert (event.rolls, event.detail["discarded"]) == ((1, 2), "time-out")
    assert [e.result for e in after.events if e.kind == "landing-event"] == ["sweepuh-smiles"]
    assert after.sidelines["skip"] == 0
    assert after.turns_allowed == arc.turns_allowed
    # Used up: the next landing roll stands as it comes.
    with ScriptedDice([1, 2]) as dice:
        again = roll_landing_event(rules, after, dice, DefaultDecisions(), arc_choices=NeverAsked())
    assert [e.result for e in again.events[len(after.events) :] if e.kind == "landing-event"] == ["time-out"]
    assert len(used(again.events, "skip")) == 1


def test_a_declined_skip_keeps_its_use_and_a_team_without_one_is_not_asked(rules: Ruleset) -> None:
    refuse = Refuse()
    with ScriptedDice([1, 2]) as dice:
        after = roll_landing_event(rules, landing_arc(rules, {"skip": 1}), dice, DefaultDecisions(), arc_choices=refuse)
    assert refuse.asked == [("skip", "time-out")]
    assert after.sidelines["skip"] == 1
    with ScriptedDice([1, 2]) as dice:
        plain = roll_landing_event(rules, landing_arc(rules, {}), dice, DefaultDecisions(), arc_choices=NeverAsked())
    assert [e.result for e in plain.events if e.kind == "landing-event"] == ["time-out"]


def staffed(team: Team, *sidelines: str) -> Team:
    return attrs.evolve(team, staff={**team.staff, "sidelines": list(sidelines)})


def test_the_match_counts_sideline_uses_for_the_whole_match_not_per_interval(rules: Ruleset) -> None:
    rovers = load_team_file(TEAMS / "old-road-rovers.yaml").team
    crushers = load_team_file(TEAMS / "black-crag-crushers.yaml").team
    home, away = side_from_team(SKURLING, staffed(rovers, "skip", "mob"), "home"), side_from_team(SKURLING, crushers, "away")
    assert home.sidelines == ("skip", "mob")
    match = start_match(rules, home, away)
    assert match.sidelines_left == ({"skip": 1}, {})
    defenders = [p.id for p in away.players if away.roles.get(p.id) != "stooge"]
    arc = start_arc(rules, match, home.roles, default_placements(rules, match, home.roles, defenders))
    assert arc.sidelines == {"skip": 1}
    spent = attrs.evolve(arc, sidelines={"skip": 0}, phase="over")
    after = finish_arc(rules, match, spent)
    assert after.sidelines_left == ({"skip": 0}, {})
    # Even an interval leaves the count alone: home's fourth attack levels the attacks at 4 each.
    at_interval = attrs.evolve(match, attacks=(3, 4), arcs=after.arcs * 8)
    assert at_interval.next_attacker == 0
    interval = finish_arc(rules, at_interval, spent)
    assert interval.intervals
    assert interval.sidelines_left[0] == {"skip": 0}
    first_match = start_match(bbcore.load_ruleset("skurling", options={"match": "first-match"}), home, away)
    assert first_match.sidelines_left == ({}, {})


# -- Brushmaster -------------------------------------------------------------------------------


def touch_arc(
    rules: Ruleset, sidelines: Mapping[str, int], defenders: Mapping[str, tuple[int, int]], hitter: tuple[int, int] = (4, 1)
) -> ArcState:
    """The Stooge Stunned at (5, 1), the Lineman Whacker ready to hit him from ``hitter``."""
    players = {
        STOOGE: ("home", POSITIONS[STOOGE], (5, 1)),
        LINEMAN: ("home", POSITIONS[LINEMAN], hitter),
        CUDDLER: ("home", POSITIONS[CUDDLER], (25, 1)),
    }
    players.update({pid: ("away", "human/human-lineman", square) for pid, square in defenders.items()})
    board = build_board(rules, players)
    board = board.with_player(attrs.evolve(board.player(STOOGE), status=Status.STUNNED))
    return ArcState(
        number=1,
        teams=("home", "away"),
        board=board,
        roles={STOOGE: "stooge", LINEMAN: "whacker", CUDDLER: "cuddler"},
        stooge=STOOGE,
        phase="play",
        state="stunned",
        active="home",
        turns_allowed=arc_rules(rules).turns_per_arc,
        landing_events=False,
        sidelines=sidelines,
    )


def push_back(rules: Ruleset, arc: ArcState, *more: int) -> ScriptedDice:
    """Every block die of the Lineman's Touch shows Push Back (3 squares), then ``more``."""
    return ScriptedDice([3] * touch_dice(rules, arc.board, LINEMAN, STOOGE).count + list(more))


def test_the_brushmaster_moves_the_defender_in_the_path_aside_before_the_stooge_slides(rules: Ruleset) -> None:
    arc = touch_arc(rules, {"brushmaster": 1}, {"a-1": (6, 1)})
    with push_back(rules, arc) as dice, ScriptedDecisions([("block-face", 0), ("push-square", (6, 0))]) as decisions:
        after = apply(rules, arc, Touch(LINEMAN), dice, decisions)
    assert after.board.player("a-1").square == (6, 0)
    assert after.board.player(STOOGE).square == (8, 1)
    assert not [e for e in after.events if e.kind == "push"]
    (event,) = used(after.events, "brushmaster")
    assert (event.detail["player"], event.detail["to"]) == ("a-1", [6, 0])
    assert after.sidelines["brushmaster"] == 0


def test_a_used_up_or_missing_brushmaster_leaves_the_defender_to_be_chain_pushed(rules: Ruleset) -> None:
    for sidelines in ({"brushmaster": 0}, {}):
        arc = touch_arc(rules, sidelines, {"a-1": (6, 1)})
        with push_back(rules, arc) as dice:
            after = apply(rules, arc, Touch(LINEMAN), dice, ScriptedDecisions([("block-face", 0)]), NeverAsked())
        assert not used(after.events, "brushmaster")
        assert after.board.player("a-1").square == (9, 1), "pushed along in front of the Stooge"
        assert after.board.player(STOOGE).square == (8, 1)


def test_the_brushmaster_waits_when_no_square_aside_is_free_or_the_stooge_will_not_move(rules: Ruleset) -> None:
    walled = touch_arc(rules, {"brushmaster": 1}, {"a-1": (6, 1), "a-2": (6, 0), "a-3": (6, 2)})
    with push_back(rules, walled) as dice:
        after = apply(rules, walled, Touch(LINEMAN), dice, ScriptedDecisions([("block-face", 0)]), NeverAsked())
    assert after.sidelines["brushmaster"] == 1
    # Player Down: the Stooge stays, so nothing is swept (the hitter falls: armour held).
    arc = touch_arc(rules, {"brushmaster": 1}, {"a-1": (6, 1)})
    count = touch_dice(rules, arc.board, LINEMAN, STOOGE).count
    with ScriptedDice([1] * count + HELD) as dice:
        down = apply(rules, arc, Touch(LINEMAN), dice, ScriptedDecisions([("block-face", 0)]), NeverAsked())
    assert down.sidelines["brushmaster"] == 1
    assert down.board.player("a-1").square == (6, 1)


def test_a_declined_brushmaster_keeps_its_use(rules: Ruleset) -> None:
    arc = touch_arc(rules, {"brushmaster": 1}, {"a-1": (6, 1)})
    refuse = Refuse()
    with push_back(rules, arc) as dice:
        after = apply(rules, arc, Touch(LINEMAN), dice, ScriptedDecisions([("block-face", 0)]), refuse)
    assert refuse.asked == [("brushmaster", "a-1")]
    assert after.sidelines["brushmaster"] == 1


# -- Drillmaster -------------------------------------------------------------------------------


def drill_arc(rules: Ruleset, sidelines: Mapping[str, int]) -> ArcState:
    """The Stooge at (11, 1); the Lineman at (3, 1) needs 7 steps to (10, 1): the seventh is a Rush."""
    players = {
        STOOGE: ("home", POSITIONS[STOOGE], (11, 1)),
        LINEMAN: ("home", POSITIONS[LINEMAN], (3, 1)),
        CUDDLER: ("home", POSITIONS[CUDDLER], (25, 1)),
    }
    board = build_board(rules, players)
    board = board.with_player(attrs.evolve(board.player(STOOGE), status=Status.STUNNED))
    return ArcState(
        number=1,
        teams=("home", "away"),
        board=board,
        roles={STOOGE: "stooge", LINEMAN: "whacker", CUDDLER: "cuddler"},
        stooge=STOOGE,
        phase="play",
        state="stunned",
        active="home",
        turns_allowed=arc_rules(rules).turns_per_arc,
        landing_events=False,
        sidelines=sidelines,
    )


BLITZ = Touch(LINEMAN, blitz=True, path=tuple((x, 1) for x in range(4, 11)))


def test_the_drillmaster_re_rolls_a_failed_rush_on_the_way_to_a_touch(rules: Ruleset) -> None:
    arc = drill_arc(rules, {"drillmaster": 1})
    # The Rush: 1 fails, the Drillmaster's 4 passes; the Touch costs a second Rush (5); then two Push Back dice.
    with ScriptedDice([1, 4, 5, 3, 3]) as dice, ScriptedDecisions([("use-skill", True), ("block-face", 0)]) as decisions:
        after = apply(rules, arc, BLITZ, dice, decisions)
    rush, for_the_touch = [e for e in after.events if e.kind == "rush"]
    assert (rush.result, rush.detail["rerolled_with"]) == ("passed", "drillmaster")
    assert (for_the_touch.result, for_the_touch.detail["for"]) == ("passed", "block")
    assert after.board.player(LINEMAN).square == (10, 1)
    assert after.board.player(STOOGE).square == (14, 1)
    (event,) = used(after.events, "drillmaster")
    assert (event.detail["test"], event.detail["player"]) == ("rush", LINEMAN)
    assert after.sidelines["drillmaster"] == 0


@pytest.mark.parametrize("sidelines", [{"drillmaster": 0}, {}, {"skip": 1}])
def test_without_a_drillmaster_use_a_failed_rush_falls(rules: Ruleset, sidelines: Mapping[str, int]) -> None:
    arc = drill_arc(rules, sidelines)
    # No re-roll is offered (the strict script holds no use-skill answer): the Lineman falls, armour held.
    with ScriptedDice([1, *HELD]) as dice, ScriptedDecisions([], strict=True) as decisions:
        after = apply(rules, arc, BLITZ, dice, decisions)
    assert after.board.player(LINEMAN).status is Status.PRONE
    assert after.board.player(STOOGE).square == (11, 1)
    assert not used(after.events, "drillmaster")


def test_a_declined_drillmaster_keeps_its_use(rules: Ruleset) -> None:
    arc = drill_arc(rules, {"drillmaster": 1})
    with ScriptedDice([1, *HELD]) as dice, ScriptedDecisions([("use-skill", False)]) as decisions:
        after = apply(rules, arc, BLITZ, dice, decisions)
    assert after.sidelines["drillmaster"] == 1
    assert after.board.player(LINEMAN).status is Status.PRONE


def test_a_strict_script_fails_when_the_pebbler_question_is_not_scripted() -> None:
    # The scripted coach checks its Pebbler answer kind like any other question.
    with pytest.raises(DecisionScriptError):
        muck([5], (Side("a", 0, sidelines=("pebbler",)), Side("b", 0)), ("look-for-sponsor", True))
