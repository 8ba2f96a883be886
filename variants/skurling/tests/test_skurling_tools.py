"""A sponsor's tools on the lane: each acts where its effect says, once a match, for the attacker only.

Dice and answers are scripted; the arcs come from the arc and extras tests' helpers.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from bbcore_skurling.arc import ArcState, KeepTheCatch, Move, Throw, Touch, apply
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.headliners import headliner
from bbcore_skurling.landing import resolve_landing_event
from bbcore_skurling.match import (
    default_placements,
    finish_arc,
    pre_match_side_from_league_team,
    side_from_league_team,
    side_from_team,
    start_arc,
    start_match,
)
from bbcore_skurling.postmatch import LeagueTeam
from bbcore_skurling.prematch import fan_factors
from bbcore_skurling.sidelines import sideline_list
from bbcore_skurling.sponsorship import Sponsor
from bbcore_skurling.tools import (
    BEFORE_THROW,
    CUDDLER_CATCH,
    DING_DONG_THROW,
    LANDING_CONTEST,
    RUSH,
    STOOGE_ARMOUR,
    TOOL_EVENT,
    tool_bonus,
    tool_moments,
    tool_rerolls,
    tools_table,
)
from test_skurling_arc import CUDDLER, LINEMAN, STOOGE, Aim, arc_at, dice_for, ding_dong_arc, faces
from test_skurling_extras import BONE_HEAD_PASSES, OGRE, TEAMS, first_arc, match_for

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Status, build_board
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.ruleset import Ruleset
from bbcore.teams.files import load_team_file

SKURLING = bbcore.load_ruleset("skurling")


def tool_for(moment: str, modifier: str | None = None) -> str:
    """The shipped tool acting at ``moment`` (with an effect on ``modifier``, when given)."""
    for row in tools_table(SKURLING).rows:
        if moment in tool_moments(row) and (modifier is None or any(e.modifier == modifier for e in row.effects)):
            return row.id
    raise AssertionError(f"no shipped tool acts at {moment}")


BROOM = tool_for(RUSH)
GLOVES = tool_for(DING_DONG_THROW)
CUSHION = tool_for(STOOGE_ARMOUR)
HORSESHOE = next(row.id for row in tools_table(SKURLING).rows if tool_rerolls(SKURLING, row.id))
CHALK = tool_for(CUDDLER_CATCH)
BANNER = tool_for(LANDING_CONTEST)


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return bbcore.load_ruleset("skurling")


class Tools(KeepTheCatch):
    """Uses the tools named, declines the others, and remembers what it was asked."""

    def __init__(self, *use: str) -> None:
        self.use = set(use)
        self.asked: list[tuple[str, str]] = []

    def use_tool(self, team: str, tool: str, situation: str) -> bool:
        self.asked.append((tool, situation))
        return tool in self.use


def tool_events(arc: ArcState) -> list[tuple[str, object]]:
    return [(e.result, e.detail["on"]) for e in arc.events if e.kind == TOOL_EVENT]


# -- the data ---------------------------------------------------------------------------------


def test_every_shipped_tool_acts_somewhere_and_each_moment_has_a_tool() -> None:
    rows = tools_table(SKURLING).rows
    assert all(tool_moments(row) for row in rows), [row.id for row in rows if not tool_moments(row)]
    moments = {moment for row in rows for moment in tool_moments(row)}
    assert moments == {BEFORE_THROW, DING_DONG_THROW, CUDDLER_CATCH, LANDING_CONTEST, RUSH, STOOGE_ARMOUR}


# -- a Rush ----------------------------------------------------------------------------------


def rushing_arc(rules: Ruleset, tools: Sequence[str], **changes: object) -> ArcState:
    """The Lineman at (2, 1) on a lane where rushing is one harder, with the attacker's ``tools``."""
    arc = arc_at(rules, {STOOGE: (14, 1), LINEMAN: (2, 1), CUDDLER: (25, 1)})
    return attrs.evolve(arc, board=attrs.evolve(arc.board, conditions={"rush": -1}), tools=tuple(tools), **changes)


def walk_and_rush(rules: Ruleset, arc: ArcState, rolls: list[int], answers: list[tuple[str, object]]) -> ArcState:
    lineman = arc.board.player(LINEMAN)
    path = tuple((2 + n, 1) for n in range(1, lineman.ma + 2))  # the last step is a Rush
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return apply(rules, arc, Move(LINEMAN, path), dice, decisions)


def test_a_tool_saves_a_failed_rush_it_would_turn_into_a_pass_and_is_gone(rules: Ruleset) -> None:
    target = rules.parameters.targets.rush
    arc = rushing_arc(rules, [BROOM])
    saved = walk_and_rush(rules, arc, [target], [("use-skill", True)])
    (rush,) = [e for e in saved.events if e.kind == "rush"]
    assert (rush.result, rush.detail["helped_by"]) == ("passed", BROOM)
    assert saved.board.player(LINEMAN).standing
    assert saved.tools == ()
    assert tool_events(saved) == [(BROOM, "rush")]
    assert tool_bonus(rules, BROOM, "rush") >= 1


def test_without_the_tool_or_when_it_is_declined_the_runner_falls(rules: Ruleset) -> None:
    target = rules.parameters.targets.rush
    fell = walk_and_rush(rules, rushing_arc(rules, []), [target, 1, 1], [])
    assert fell.board.player(LINEMAN).status is not Status.STANDING
    declined = walk_and_rush(rules, rushing_arc(rules, [BROOM]), [target, 1, 1], [("use-skill", False)])
    assert declined.board.player(LINEMAN).status is not Status.STANDING
    assert declined.tools == (BROOM,)


def test_the_defender_never_uses_the_attackers_tool(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (14, 1), CUDDLER: (25, 1)}, defenders={"a-1": ("human/human-lineman", (2, 1))})
    arc = attrs.evolve(arc, board=attrs.evolve(arc.board, conditions={"rush": -1}), tools=(BROOM,), active="away")
    runner = arc.board.player("a-1")
    path = tuple((2 + n, 1) for n in range(1, runner.ma + 2))
    with ScriptedDice([rules.parameters.targets.rush, 1, 1]) as dice, ScriptedDecisions([], strict=True) as decisions:
        after = apply(rules, arc, Move("a-1", path), dice, decisions)
    assert after.board.player("a-1").status is not Status.STANDING
    assert after.tools == (BROOM,)


# -- the opening throw -------------------------------------------------------------------------


def thrown(rules: Ruleset, arc: ArcState, tools: tuple[str, ...]) -> ArcState:
    rolls = [BONE_HEAD_PASSES, 6, 5, 5, 5, 6, 1, 1]
    return apply(rules, arc, Throw(OGRE, (4, 2), tools=tools), ScriptedDice(rolls), ScriptedDecisions([]))


def with_tools(rules: Ruleset, *tools: str) -> ArcState:
    return attrs.evolve(first_arc(rules, match_for(rules)), tools=tools)


def test_a_tool_declared_with_the_opening_throw_helps_the_throw(rules: Ruleset) -> None:
    arc = with_tools(rules, GLOVES)
    plain, helped = thrown(rules, arc, ()), thrown(rules, arc, (GLOVES,))
    throw_modifier = [next(e.detail["modifier"] for e in a.events if e.kind == "throw") for a in (plain, helped)]
    assert throw_modifier[1] == throw_modifier[0] + tool_bonus(rules, GLOVES, "throw-team-mate")
    assert helped.tools == ()
    assert plain.tools == (GLOVES,)
    assert tool_events(helped) == [(GLOVES, BEFORE_THROW)]
    assert "throw-team-mate" not in helped.board.player(OGRE).modifiers, "lent for the throw only"


def test_a_throw_may_not_declare_a_tool_that_acts_on_an_armour_roll(rules: Ruleset) -> None:
    with pytest.raises(UsageError, match="not used on the opening throw"):
        thrown(rules, with_tools(rules, CUSHION), (CUSHION,))


def test_a_re_roll_tool_gives_the_arc_a_team_re_roll_that_the_match_then_drops(rules: Ruleset) -> None:
    match = match_for(rules)
    arc = attrs.evolve(first_arc(rules, match), tools=(HORSESHOE,))
    plain, helped = thrown(rules, arc, ()), thrown(rules, arc, (HORSESHOE,))
    assert helped.rerolls[0] == plain.rerolls[0] + tool_rerolls(rules, HORSESHOE)
    assert tool_events(helped) == [(HORSESHOE, BEFORE_THROW)]
    over = attrs.evolve(helped, phase="over")
    assert finish_arc(rules, match, over).rerolls[0] == match.rerolls[0]


@pytest.mark.parametrize(
    ("tools", "declared", "message"),
    [
        ((), (GLOVES,), "no throwing-gloves left"),
        ((CHALK,), (CHALK,), "not used on the opening throw"),
        ((GLOVES,), (GLOVES, GLOVES), "no throwing-gloves left"),
    ],
)
def test_a_tool_the_team_lacks_or_that_acts_elsewhere_is_refused_before_any_die(
    rules: Ruleset, tools: tuple[str, ...], declared: tuple[str, ...], message: str
) -> None:
    with pytest.raises(UsageError, match=message):
        apply(rules, with_tools(rules, *tools), Throw(OGRE, (4, 2), tools=declared), ScriptedDice([]), ScriptedDecisions([]))


# -- the Cuddler's catch and the Ding-Dong ---------------------------------------------------------


def catching_arc(rules: Ruleset, tools: tuple[str, ...]) -> ArcState:
    arc = arc_at(rules, {STOOGE: (23, 2), LINEMAN: (22, 2), CUDDLER: (25, 2)})
    return attrs.evolve(arc, tools=tools)


def test_a_catch_tool_is_offered_when_the_catch_comes_and_helps_it(rules: Ruleset) -> None:
    ag = build_board(rules, {"c": ("home", "human/human-catcher", (0, 0))}).player("c").ag
    bonus = tool_bonus(rules, CHALK, "catch")
    # Push Back: the Stooge slides into the Cuddler's square; the catch roll misses by the tool's bonus, as does the re-roll.
    rolls = (ag - bonus, ag - bonus)
    coach = Tools(CHALK)
    caught = apply(
        rules, catching_arc(rules, (CHALK,)), Touch(LINEMAN), dice_for(rules, catching_arc(rules, ()), LINEMAN, 3, *rolls), faces(0), coach
    )
    assert coach.asked == [(CHALK, CUDDLER_CATCH)]
    assert caught.caught
    assert caught.tools == ()
    assert tool_events(caught) == [(CHALK, CUDDLER_CATCH)]
    missed = apply(rules, catching_arc(rules, ()), Touch(LINEMAN), dice_for(rules, catching_arc(rules, ()), LINEMAN, 3, *rolls), faces(0))
    assert not missed.caught


def test_a_throw_tool_left_over_helps_the_ding_dong_throw(rules: Ruleset) -> None:
    arc = ding_dong_arc(rules)
    rolls = (6, 6, 4, 4, 4, 1, 1)

    class AimAndGlove(Aim, Tools):
        def __init__(self) -> None:
            Aim.__init__(self, "a-bell")
            Tools.__init__(self, GLOVES)

    plain = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, *rolls), faces(0), Aim("a-bell"))
    coach = AimAndGlove()
    gloved = apply(rules, attrs.evolve(arc, tools=(GLOVES,)), Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 3, *rolls), faces(0), coach)
    modifiers = [next(e.detail["modifier"] for e in a.events if e.kind == "throw") for a in (plain, gloved)]
    assert modifiers[1] == modifiers[0] + tool_bonus(rules, GLOVES, "throw-team-mate")
    assert coach.asked == [(GLOVES, DING_DONG_THROW)]
    assert gloved.tools == ()


# -- an armour roll against the Stooge ------------------------------------------------------------------


def pow_on_the_stooge(rules: Ruleset, coach: Tools, armour: tuple[int, int]) -> ArcState:
    """The Lineman's Touch comes up Pow: the Stooge goes down and rolls ``armour`` against his AV."""
    arc = attrs.evolve(arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1), CUDDLER: (25, 1)}), tools=(CUSHION,))
    return apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 6, *armour), faces(0), coach)


def test_an_armour_tool_is_offered_before_the_stooges_armour_roll_and_counts_for_it(rules: Ruleset) -> None:
    av = arc_at(rules, {STOOGE: (5, 1)}).board.player(STOOGE).av
    just_breaks = (av // 2, av - av // 2)
    assert tool_bonus(rules, CUSHION, "armour") == -1
    coach = Tools(CUSHION)
    held = pow_on_the_stooge(rules, coach, just_breaks)
    assert coach.asked == [(CUSHION, STOOGE_ARMOUR)]
    (armour,) = [e for e in held.events if e.kind == "armour" and e.who == STOOGE]
    assert (armour.result, armour.detail["total"]) == ("held", av - 1)
    assert held.state == "stunned"
    assert held.tools == ()
    assert tool_events(held) == [(CUSHION, STOOGE_ARMOUR)]
    assert "armour" not in held.board.player(STOOGE).modifiers, "for that one roll only"


def test_no_armour_tool_is_offered_when_the_stooge_cannot_get_worse(rules: Ruleset) -> None:
    last = arc_rules(rules).states[-1].id
    arc = attrs.evolve(arc_at(rules, {STOOGE: (5, 1), LINEMAN: (4, 1), CUDDLER: (25, 1)}, state=last), tools=(CUSHION,))
    coach = Tools(CUSHION)
    after = apply(rules, arc, Touch(LINEMAN), dice_for(rules, arc, LINEMAN, 6, 6, 6), faces(0), coach)
    assert any(e.kind == "armour" and e.who == STOOGE for e in after.events), "the roll is still made"
    assert coach.asked == []
    assert after.tools == (CUSHION,)
    assert after.state == last


def test_an_armour_tool_declined_stays_and_the_roll_stands(rules: Ruleset) -> None:
    av = arc_at(rules, {STOOGE: (5, 1)}).board.player(STOOGE).av
    coach = Tools()
    broken = pow_on_the_stooge(rules, coach, (av // 2, av - av // 2))
    assert coach.asked == [(CUSHION, STOOGE_ARMOUR)]
    assert broken.state == "ko"
    assert broken.tools == (CUSHION,)


# -- a landing-event roll-off --------------------------------------------------------------------------


def contest_arc(rules: Ruleset, tools: tuple[str, ...]) -> ArcState:
    arc = arc_at(rules, {STOOGE: (6, 1), LINEMAN: (5, 1), CUDDLER: (25, 1)}, defenders={"a-1": ("human/human-lineman", (10, 1))})
    return attrs.evolve(arc, tools=tools)


def cheering(rules: Ruleset, arc: ArcState, rolls: list[int], coach: Tools) -> ArcState:
    row = next(r for r in rules.table("landing-events").rows if r.id == "cheering-fans")
    with ScriptedDice(rolls) as dice:
        return resolve_landing_event(rules, arc, row, dice, DefaultDecisions(), fan_factors={"home": 0, "away": 0}, arc_choices=coach)


def test_a_roll_off_tool_is_offered_only_when_it_changes_whom_the_event_falls_on(rules: Ruleset) -> None:
    bonus = tool_bonus(rules, BANNER, "fan-factor")
    # Home rolls one short of away: the tool turns a loss into a tie (both get the assist).
    coach = Tools(BANNER)
    helped = cheering(rules, contest_arc(rules, (BANNER,)), [5 - bonus, 5], coach)
    (contest,) = [e for e in helped.events if e.kind == "landing-contest"]
    assert contest.detail["totals"]["home"] == 5
    assert contest.detail["tool"] == BANNER
    assert sorted(contest.detail["teams"]) == ["away", "home"]
    assert helped.tools == ()
    assert tool_events(helped) == [(BANNER, LANDING_CONTEST)]
    # Home already wins: nothing to gain, nothing asked.
    idle = Tools(BANNER)
    kept = cheering(rules, contest_arc(rules, (BANNER,)), [6, 1], idle)
    assert idle.asked == []
    assert kept.tools == (BANNER,)


# -- the match: once a match, never refreshed, none in a first match ------------------------------------


def league_team(sponsors: tuple[Sponsor, ...]) -> LeagueTeam:
    rovers = load_team_file(TEAMS / "old-road-rovers.yaml").team
    return LeagueTeam("rovers", rovers, 3, sponsors)


def test_a_league_sides_sponsors_give_their_sidelines_and_tools_to_the_match(rules: Ruleset) -> None:
    sponsors = (Sponsor("Bell & Co", "sideline", "skip"), Sponsor("Mop Makers", "tool", BROOM))
    side = side_from_league_team(rules, league_team(sponsors), "home")
    bought = side_from_team(rules, league_team(()).team, "home")
    assert side.sidelines == (*bought.sidelines, "skip")
    assert side.tools == (BROOM,)
    crushers = side_from_team(rules, load_team_file(TEAMS / "black-crag-crushers.yaml").team, "away")
    match = start_match(rules, side, crushers)
    assert match.tools_left == ((BROOM,), ())
    assert match.sidelines_left[0]["skip"] == 1


def test_a_lent_headliner_joins_the_side_and_takes_the_field_with_his_own_profile(rules: Ruleset) -> None:
    team = attrs.evolve(league_team(()), headliner="pip-featherweight")
    side = side_from_league_team(rules, team, "home")
    guest = side.player("home-pip-featherweight")
    pip = headliner(rules, "pip-featherweight")
    assert len(side.players) == len(side_from_team(rules, team.team, "home").players) + 1
    assert "right-stuff" in guest.skill_ids(rules)
    # Pip takes the Stooge's place in the fielded five.
    roles = {**{pid: role for pid, role in side.roles.items() if role != "stooge"}, guest.id: "stooge"}
    crushers = side_from_team(rules, load_team_file(TEAMS / "black-crag-crushers.yaml").team, "away")
    match = start_match(rules, side, crushers)
    defenders = [p.id for p in crushers.players if crushers.roles.get(p.id) != "stooge"]
    arc = start_arc(rules, match, roles, default_placements(rules, match, roles, defenders))
    on_board = arc.board.player(guest.id)
    assert (on_board.ma, on_board.st, on_board.ag, on_board.pa, on_board.av) == (pip.ma, pip.st, pip.ag, pip.pa, pip.av)
    assert set(on_board.skills) == {ref.id for ref in pip.skills}
    assert arc.roles[guest.id] == "stooge"


def test_a_sponsored_sideline_works_in_the_pre_match_sequence_too(rules: Ruleset) -> None:
    mob = Sponsor("Loud Lads", "sideline", "mob")
    team = attrs.evolve(league_team((mob,)), headliner=None)
    side = pre_match_side_from_league_team(rules, team, "home", 380_000)
    assert side.held_sidelines(rules)[-1] == "mob"
    assert (side.treasury, side.dedicated_fans, side.team_value) == (team.treasury, team.dedicated_fans, 380_000)
    plain = pre_match_side_from_league_team(rules, league_team(()), "home", 380_000)
    # Not given, the Team Value is the team file's own.
    worked_out = pre_match_side_from_league_team(rules, league_team(()), "home")
    assert worked_out.team_value == bbcore.value_team(rules, league_team(()).team).team_value > 0
    other = pre_match_side_from_league_team(rules, league_team(()), "away", 380_000)
    with ScriptedDice([3, 3]) as dice:
        with_mob, _, _ = fan_factors(rules, (side, other), dice)
    with ScriptedDice([3, 3]) as dice:
        without, _, _ = fan_factors(rules, (plain, other), dice)
    assert with_mob["home"] == without["home"] + sideline_list(rules).by_id["mob"].modifier


def test_a_tool_is_used_once_a_match_and_an_interval_does_not_bring_it_back(rules: Ruleset) -> None:
    crushers = side_from_team(rules, load_team_file(TEAMS / "black-crag-crushers.yaml").team, "away")
    home = attrs.evolve(side_from_team(rules, league_team(()).team, "home"), tools=(GLOVES, BROOM))
    match = start_match(rules, home, crushers)
    arc = first_arc(rules, match)
    assert arc.tools == (GLOVES, BROOM)
    used = attrs.evolve(thrown(rules, arc, (GLOVES,)), phase="over")
    after = finish_arc(rules, match, used)
    assert after.tools_left == ((BROOM,), ())
    at_interval = attrs.evolve(after, attacks=(3, 4), arcs=after.arcs * 8)
    assert at_interval.next_attacker == 0
    assert finish_arc(rules, at_interval, attrs.evolve(used, tools=(BROOM,))).tools_left == ((BROOM,), ())


def test_a_first_match_has_no_tools_and_an_unknown_tool_is_refused(rules: Ruleset) -> None:
    crushers = side_from_team(rules, load_team_file(TEAMS / "black-crag-crushers.yaml").team, "away")
    home = attrs.evolve(side_from_team(rules, league_team(()).team, "home"), tools=(BROOM,))
    first = start_match(bbcore.load_ruleset("skurling", options={"match": "first-match"}), home, crushers)
    assert first.tools_left == ((), ())
    with pytest.raises(UsageError, match="unknown tool"):
        start_match(rules, attrs.evolve(home, tools=("golden-broom",)), crushers)
