"""Skurling league play: post-match steps, sponsorship, Headliners, Journeymen, KO recovery, MVP, SPP and the table."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from bbcore_skurling.building_rules import building_rules
from bbcore_skurling.coaching import AdvancementChoice, HireOrder, ScriptedSkurlingDecisions
from bbcore_skurling.league_play import (
    LeagueResult,
    award_spp,
    choose_mvp,
    fielded_problems,
    headliner_skills,
    journeyman_positions,
    league_table,
    position_skills,
    recover_knocked_out,
    spp_award,
    stooge_journeyman_positions,
    substitute,
    take_on_journeymen,
)
from bbcore_skurling.league_rules import league_rules
from bbcore_skurling.match import side_from_team
from bbcore_skurling.postmatch import (
    CasualtyRecord,
    LeagueTeam,
    MatchReport,
    advance_player,
    apply_injuries,
    hire_fire_retire,
    player_advancement,
    record_casualty,
    run_post_match,
    winnings,
)
from bbcore_skurling.sponsorship import Sponsor, end_sponsorship, look_for_sponsor, renew_sponsors, sideline_ids, sponsor_roll
from skurling_league_teams import rovers, strict

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.model.common import SkillRef
from bbcore.model.team import Advancement, TeamPlayer
from bbcore.rules.decisions import DecisionScriptError
from bbcore.ruleset import Ruleset
from bbcore.teams.valuation import player_value, value_team

#: The Skurling ruleset whose numbers these functions read.
SKURLING = bbcore.load_ruleset("skurling")


def league() -> Ruleset:
    return bbcore.load_ruleset("skurling", options={"match": "league"})


def league_team(team_id: str = "rovers", *, fans: int = 1, treasury: int = 0, sponsors: tuple[Sponsor, ...] = ()) -> LeagueTeam:
    return LeagueTeam(team_id, rovers(treasury), fans, sponsors)


FIELDED = ("Bert", "Pip", "Hal", "Gil", "Cat")


# -- 1. winnings ----------------------------------------------------------------------------------


def test_winnings_halve_the_attendance_rounding_up_add_arcs_scored_and_a_win() -> None:
    assert winnings(SKURLING, 7, 3, True)[0] == (4 + 3 + 1) * 10_000
    assert winnings(SKURLING, 7, 2, False)[0] == (4 + 2) * 10_000
    assert winnings(SKURLING, 6, 0, False)[0] == 3 * 10_000


# -- 2 and the whole sequence ---------------------------------------------------------------------


def _post_match(fans: tuple[int, int], rolls: list[int], *, treasury: int = 0) -> tuple[LeagueTeam, LeagueTeam]:
    teams = (LeagueTeam("win", rovers(treasury), fans[0]), LeagueTeam("lose", rovers(treasury), fans[1]))
    reports = (MatchReport("win", 11, 4, 6, FIELDED), MatchReport("lose", 8, 3, 6, FIELDED))
    decisions = ScriptedSkurlingDecisions([("look-for-sponsor", False), ("look-for-sponsor", False)])
    with ScriptedDice([*rolls, 1, 1]) as dice, decisions:  # then each team's MVP: its first fielded miniature
        result = run_post_match(league(), teams, reports, dice, decisions)
    return result.teams[0].team, result.teams[1].team


def test_winner_gains_a_fan_on_a_d6_at_least_its_fans_and_the_loser_loses_one_below() -> None:
    win, lose = _post_match((3, 3), [3, 2])
    assert (win.dedicated_fans, lose.dedicated_fans) == (4, 2)
    win, lose = _post_match((3, 3), [2, 3])
    assert (win.dedicated_fans, lose.dedicated_fans) == (3, 3)


def test_fans_stay_between_1_and_7() -> None:
    win, lose = _post_match((7, 2), [6, 1])
    assert (win.dedicated_fans, lose.dedicated_fans) == (7, 1)


def test_post_match_runs_the_eight_steps_and_rolls_expensive_mistakes_from_100k() -> None:
    teams = (league_team("win", treasury=60_000), league_team("lose", treasury=0))
    reports = (MatchReport("win", 10, 4, 8, FIELDED, spp={"Cat": 2}), MatchReport("lose", 6, 3, 8, FIELDED))
    # fans: 1 and 6; sponsors: win looks (1 + DF 2 + 1 = 4, no offer), lose declines;
    # the MVPs: win's fifth fielded miniature (Cat), lose's first;
    # expensive mistakes: win has 60K + 90K = 150K -> D6 1 = minor incident, lose 1 D3.
    rolls = [1, 6, 1, 5, 1, 1, 2]
    decisions = ScriptedSkurlingDecisions([("look-for-sponsor", True), ("look-for-sponsor", False)])
    with ScriptedDice(rolls) as dice, decisions:
        result = run_post_match(league(), teams, reports, dice, decisions)
    steps = [e.result for e in result.events if e.kind == "postmatch-step"]
    assert steps == [
        "winnings",
        "dedicated-fans",
        "sponsors",
        "injuries",
        "advancement",
        "hire-fire-retire",
        "expensive-mistakes",
        "team-value",
    ]
    win, lose = result.teams
    assert (win.winnings, lose.winnings) == (90_000, 70_000)
    assert win.team.treasury == 150_000 - 20_000
    assert lose.team.treasury == 70_000
    assert next(p.spp for p in win.team.team.players if p.name == "Cat") == 2 + spp_award(league(), "most-valuable-player")
    assert win.team_value == value_team(league(), win.team.team).current_team_value


def test_a_match_must_have_a_winner() -> None:
    teams = (league_team("a"), league_team("b"))
    with pytest.raises(UsageError, match="has a winner"):
        run_post_match(league(), teams, (MatchReport("a", 10, 4, 6), MatchReport("b", 10, 4, 6)), ScriptedDice([]))


# -- 3. sponsorship -------------------------------------------------------------------------------


def test_sponsor_offer_on_8_or_more_with_1_more_for_a_win() -> None:
    assert sponsor_roll(SKURLING, ScriptedDice([5]), 2, won=True)[1:] == (8, True)
    assert sponsor_roll(SKURLING, ScriptedDice([5]), 2, won=False)[1:] == (7, False)


def _search(rolls: list[int], *answers: tuple[str, object], **kwargs: object) -> object:
    options = {"dedicated_fans": 2, "won": True, "sponsors": ()} | kwargs
    with ScriptedDice(rolls) as dice, strict(("look-for-sponsor", True), *answers) as decisions:
        return look_for_sponsor(league(), "rovers", dice=dice, decisions=decisions, **options)  # type: ignore[arg-type]


def test_no_offer_below_8() -> None:
    search = _search([4])
    assert (search.offer, search.sponsor, search.headliner) == (False, None, None)  # type: ignore[attr-defined]


def test_a_six_lends_a_headliner_for_the_next_match() -> None:
    search = _search([6, 6], ("sponsor-gift", "headliner"), ("headliner", "gus-anvil"), ("sponsor-name", "Anvil & Sons"))
    assert (search.offered, search.headliner, search.sponsor) == ("headliner", "gus-anvil", None)  # type: ignore[attr-defined]
    # The lending sponsor is named for the roster sheet, though the team does not keep it as a sponsor.
    lent = next(e for e in search.events if e.kind == "headliner-lent")  # type: ignore[attr-defined]
    assert lent.detail == {"for": "next-match", "sponsor": "Anvil & Sons"}


def test_a_headliner_may_be_downgraded_to_a_sideline_with_a_named_sponsor() -> None:
    answers = (("sponsor-gift", "sideline"), ("sponsored-sideline", "scribe"), ("sponsor-name", "Broom & Gloom"))
    search = _search([6, 6], *answers)
    assert search.sponsor == Sponsor("Broom & Gloom", "sideline", "scribe")  # type: ignore[attr-defined]


def test_a_tool_cannot_be_upgraded() -> None:
    with pytest.raises(DecisionScriptError, match="headliner"):
        _search([6, 1], ("sponsor-gift", "headliner"))


def test_a_tool_is_rolled_on_the_tools_table() -> None:
    search = _search([6, 2, 3], ("sponsor-gift", "tool"), ("sponsor-name", "Mitt Makers"))
    assert search.sponsor == Sponsor("Mitt Makers", "tool", "throwing-gloves")  # type: ignore[attr-defined]


def test_a_sideline_the_team_cannot_take_becomes_a_tool() -> None:
    answers = (("sponsor-gift", "sideline"), ("sponsor-name", "Odd Lot"))
    search = _search([6, 4, 1], *answers, bought_sidelines=sideline_ids(SKURLING))
    assert search.sponsor == Sponsor("Odd Lot", "tool", "spare-broom")  # type: ignore[attr-defined]
    assert any(e.detail.get("reason") == "sideline-unavailable" for e in search.events)  # type: ignore[attr-defined]


def test_sponsored_sidelines_count_as_held() -> None:
    *bought, last = sideline_ids(SKURLING)
    answers = (("sponsor-gift", "sideline"), ("sponsored-sideline", last), ("sponsor-name", "Last One"))
    search = _search([6, 4], *answers, bought_sidelines=bought)
    assert search.sponsor == Sponsor("Last One", "sideline", last)  # type: ignore[attr-defined]
    sponsors = (search.sponsor,)  # type: ignore[attr-defined]
    search = _search([6, 5, 6], ("sponsor-gift", "sideline"), ("sponsor-name", "Late"), bought_sidelines=bought, sponsors=sponsors)
    assert search.sponsor == Sponsor("Late", "tool", "lucky-horseshoe")  # type: ignore[attr-defined]


def test_at_most_two_sponsors_but_a_headliner_takes_no_place() -> None:
    two = (Sponsor("A", "tool", "chalk-bag"), Sponsor("B", "tool", "spare-broom"))
    search = _search([6, 4], sponsors=two)
    assert (search.offer, search.sponsor, search.events[-1].result) == (True, None, "declined")  # type: ignore[attr-defined]
    search = _search(
        [6, 6], ("sponsor-gift", "headliner"), ("headliner", "pip-featherweight"), ("sponsor-name", "Feather Co"), sponsors=two
    )
    assert search.headliner == "pip-featherweight"  # type: ignore[attr-defined]


def test_sponsors_renew_on_8_or_more_between_seasons_and_leave_with_their_gift() -> None:
    sponsors = (Sponsor("Stays", "tool", "chalk-bag"), Sponsor("Goes", "sideline", "skip"))
    with ScriptedDice([5, 4]) as dice:
        kept, gone, events = renew_sponsors(SKURLING, "rovers", sponsors, 3, dice)
    assert (kept, gone) == (sponsors[:1], sponsors[1:])
    assert [e.result for e in events] == ["kept", "gone"]


def test_ending_a_sponsorship_loses_its_gift() -> None:
    sponsors = (Sponsor("A", "tool", "chalk-bag"), Sponsor("B", "sideline", "skip"))
    remaining, event = end_sponsorship("rovers", sponsors, "B")
    assert remaining == sponsors[:1]
    assert event.detail == {"gift": "sideline", "item": "skip"}
    with pytest.raises(UsageError, match="no sponsor named"):
        end_sponsorship("rovers", sponsors, "C")


# -- headliners and the fielded five -------------------------------------------------------------


def test_a_headliner_may_be_the_stooge_of_the_fielded_five() -> None:
    r = league()
    five = {"Pip": headliner_skills(r, "pip-featherweight"), "Bert": position_skills(r, "human/ogre")}
    five |= {name: position_skills(r, "human/human-lineman") for name in ("Hal", "Gil", "Cat")}
    assert fielded_problems(SKURLING, five) == []
    two_stooges = five | {"Cat": position_skills(r, "human/halfling-hopeful")}
    assert any("exactly one" in problem for problem in fielded_problems(SKURLING, two_stooges))


def test_headliner_and_journeymen_earn_no_spp() -> None:
    tally, _ = award_spp(SKURLING, {}, "Cat", "catch", fielded=FIELDED)
    tally, _ = award_spp(SKURLING, tally, "Cat", "ding-dong", fielded=FIELDED)
    assert tally == {"Cat": 3}
    fielded = (*FIELDED[:4], "pip-featherweight")
    tally, event = award_spp(SKURLING, tally, "pip-featherweight", "catch", fielded=fielded, headliner_id="pip-featherweight")
    assert tally == {"Cat": 3}
    assert event.result == "none"
    tally, _ = award_spp(
        SKURLING, tally, "rovers-journeyman-1", "catch", fielded=("rovers-journeyman-1",), journeymen=("rovers-journeyman-1",)
    )
    assert tally == {"Cat": 3}


# -- injuries, advancement, hiring -----------------------------------------------------------------


def test_casualties_are_rolled_when_they_happen_and_applied_after_the_match() -> None:
    r = league()
    with ScriptedDice([14, 1]) as dice:
        record, _ = record_casualty(r, "Hal", dice)
    assert record == CasualtyRecord("Hal", "lasting-injury", "head-injury")
    records = (
        record,
        CasualtyRecord("Ben", "dead"),
        CasualtyRecord("Gil", "seriously-hurt"),
        CasualtyRecord("rovers-journeyman-1", "dead"),
    )
    team = attrs.evolve(
        league_team(), team=attrs.evolve(rovers(), players=tuple(attrs.evolve(p, miss_next_game=p.name == "Cat") for p in rovers().players))
    )
    injured, lasting, _ = apply_injuries(r, team, records, ignored=("rovers-journeyman-1",))
    players = {p.name: p for p in injured.team.players}
    assert "Ben" not in players
    assert players["Gil"].miss_next_game
    assert players["Hal"].miss_next_game
    assert not players["Cat"].miss_next_game  # missed this match, back for the next
    assert lasting == {"Hal": {"av": -1}}
    assert players["Hal"].lasting_injuries == ("head-injury",)  # written into the file: he plays with it
    # He misses the next match (off the side then), and plays the one after with his injury.
    assert f"h-{[p.name for p in injured.team.players].index('Hal') + 1}" not in {
        m.id for m in side_from_team(r, injured.team, "h").players
    }
    back = attrs.evolve(injured.team, players=tuple(attrs.evolve(p, miss_next_game=False) for p in injured.team.players))
    hal = side_from_team(r, back, "h").player(f"h-{[p.name for p in back.players].index('Hal') + 1}")
    unhurt = next(p for p in team.team.players if p.name == "Hal")
    assert hal.player_state(r, "h", (1, 1)).av == r.position(unhurt.position).av - 1
    before = value_team(r, team.team).current_team_value
    after = value_team(r, injured.team).current_team_value
    # Ben (dead), Hal and Gil (miss the next match) leave the TV; Cat (75K) is back in it.
    assert before - after == 3 * 50_000 - 75_000


def test_a_lasting_injury_that_finds_him_at_his_worst_is_only_a_missed_game() -> None:
    r = league()
    with ScriptedDice([14, 1]) as dice:
        record, _ = record_casualty(r, "Hal", dice)
    assert record.lasting == "head-injury"
    hal = next(p for p in rovers().players if p.name == "Hal")
    worst = av_at_worst(r, hal)
    battered = attrs.evolve(rovers(), players=tuple(worst if p.name == "Hal" else p for p in rovers().players))
    injured, lasting, _ = apply_injuries(r, attrs.evolve(league_team(), team=battered), (record,))
    after = next(p for p in injured.team.players if p.name == "Hal")
    assert after.lasting_injuries == worst.lasting_injuries  # nothing more to take: not written
    assert after.miss_next_game
    assert lasting == {}


def av_at_worst(r: Ruleset, player: TeamPlayer) -> TeamPlayer:
    """The player with as many head injuries as it takes to bring his AV as low as it goes."""
    from bbcore.teams.profiles import current_profile

    while True:
        more = attrs.evolve(player, lasting_injuries=(*player.lasting_injuries, "head-injury"))
        if current_profile(r, more).av == current_profile(r, player).av:
            return player
        player = more


def test_a_side_takes_journeymen_from_the_declared_goon_roster() -> None:
    r = league()
    assert side_from_team(r, rovers(), "h").goon_roster == "human"  # the fielded Goon's, none declared
    assert side_from_team(r, attrs.evolve(rovers(), roster="orc"), "h").goon_roster == "orc"


def test_an_advancement_offers_no_skill_the_glossary_forbids_beside_his() -> None:
    # A Jaguar Warrior (Strength is primary) has no Throw Team-mate, which Bullseye needs.
    jaguar = TeamPlayer(name="Jag", position="amazon/jaguar-warrior", spp=20)
    bullseye = ("advancement", AdvancementChoice("chosen-primary", skill="bullseye"))
    with strict(bullseye) as decisions, pytest.raises(UsageError, match="'Jag' cannot choose 'bullseye'"):
        advance_player(league(), jaguar, ScriptedDice([]), decisions)


def test_a_miniature_plays_with_the_advancements_his_team_file_holds() -> None:
    r = league()
    plain = rovers().players[0]
    grown = attrs.evolve(
        plain, advancements=(Advancement("chosen-primary", skill=SkillRef("block")), Advancement("characteristic-st", characteristic="st"))
    )
    team = attrs.evolve(rovers(), players=(grown, *rovers().players[1:]))
    miniature = side_from_team(r, team, "h").players[0]
    on_the_lane = miniature.player_state(r, "h", (1, 1))
    assert on_the_lane.st == r.position(plain.position).st + 1
    assert on_the_lane.has("block")
    assert on_the_lane.position == plain.position  # his keywords still count (Animosity, Hatred...)
    assert "block" in miniature.skill_ids(r)
    assert side_from_team(r, rovers(), "h").players[0].profile is None  # an unchanged player plays his position's profile


def test_spp_go_to_fielded_roster_miniatures_and_buy_advancements_that_raise_tv() -> None:
    r = league()
    team = league_team()
    report = MatchReport(
        "rovers", 10, 4, 6, FIELDED, spp={"Hal": 6, "Ben": 4, "rovers-journeyman-1": 2}, journeymen=("rovers-journeyman-1",)
    )
    answers = [("advancement", AdvancementChoice("chosen-primary", skill="block"))]
    with ScriptedDice([4]) as dice, ScriptedSkurlingDecisions(answers) as decisions:  # the MVP: Gil
        advanced, _ = player_advancement(r, team, report, dice, decisions)
    players = {p.name: p for p in advanced.team.players}
    assert players["Gil"].spp == spp_award(r, "most-valuable-player")
    assert players["Hal"].spp == 0
    assert players["Hal"].advancements[0].skill.id == "block"  # type: ignore[union-attr]
    assert players["Ben"].spp == 0  # not fielded
    value = value_team(r, advanced.team).current_team_value - value_team(r, team.team).current_team_value
    assert value == 30_000  # Block is an elite skill: the core's elite value increase


def test_the_mvp_is_rolled_again_on_a_six_and_a_journeyman_mvp_earns_nothing() -> None:
    r = league()
    fielded = ("Bert", "Pip", "rovers-journeyman-1", "Gil", "Cat")
    report = MatchReport("rovers", 10, 4, 6, fielded, journeymen=("rovers-journeyman-1",))
    with ScriptedDice([6, 3]) as dice, ScriptedSkurlingDecisions([]) as decisions:
        advanced, events = player_advancement(r, league_team(), report, dice, decisions)
    assert [e.result for e in events if e.kind == "mvp"] == ["rolled-again", "rovers-journeyman-1"]
    assert all(p.spp == 0 for p in advanced.team.players)
    with ScriptedDice([2]) as dice, ScriptedSkurlingDecisions([]) as decisions:
        advanced, _ = player_advancement(r, league_team(), report, dice, decisions)
    assert {p.name: p.spp for p in advanced.team.players}["Pip"] == spp_award(r, "most-valuable-player")


def test_rerolls_cost_double_after_building_and_the_roster_holds_ten() -> None:
    r = league()
    team = league_team(treasury=250_000)
    with strict(("hire-and-fire", HireOrder(rerolls=2, sidelines=("skip",)))) as decisions:
        hired, events = hire_fire_retire(r, team, decisions)
    assert hired.team.rerolls == 3
    assert hired.treasury == 250_000 - 2 * 2 * 50_000 - 25_000
    assert events[0].detail["cost"] == 225_000
    five_more = tuple((f"New {n}", "human/human-lineman") for n in range(5))
    with pytest.raises(UsageError, match="at most 10"):
        hire_fire_retire(r, league_team(treasury=1_000_000), strict(("hire-and-fire", HireOrder(hire=five_more))))


def test_two_miniatures_hired_at_once_need_names_of_their_own() -> None:
    twins = (("New", "human/human-lineman"), ("New", "human/human-lineman"))
    with pytest.raises(UsageError, match="two miniatures hired are named 'New'"):
        hire_fire_retire(league(), league_team(treasury=1_000_000), strict(("hire-and-fire", HireOrder(hire=twins))))


def test_an_injured_miniature_may_temporarily_retire_and_leaves_the_team_value() -> None:
    r = league()
    team = league_team()
    hurt = attrs.evolve(
        team,
        team=attrs.evolve(
            team.team, players=tuple(attrs.evolve(p, miss_next_game=True) if p.name == "Hal" else p for p in team.team.players)
        ),
    )
    with strict(("hire-and-fire", HireOrder(retire=("Hal",)))) as decisions:
        retired, events = hire_fire_retire(r, hurt, decisions)
    hal = next(p for p in retired.team.players if p.name == "Hal")
    assert (hal.temporarily_retired, hal.role) == (True, None)
    assert len(retired.team.players) == len(team.team.players)  # still on the roster
    assert events[0].detail["retired"] == ["Hal"]
    healthy = value_team(r, attrs.evolve(hurt.team, players=tuple(attrs.evolve(p, miss_next_game=False) for p in hurt.team.players)))
    assert healthy.current_team_value - value_team(r, retired.team).current_team_value == player_value(r, hal)
    with pytest.raises(UsageError, match="'Pip' is not injured, so may not Temporarily Retire; no miniature named 'Nobody'"):
        hire_fire_retire(r, team, strict(("hire-and-fire", HireOrder(retire=("Pip", "Nobody")))))


# -- journeymen, substitutes, KO recovery ---------------------------------------------------------


def test_journeymen_are_goon_roster_linemen_and_the_stooge_the_cheapest_right_stuff() -> None:
    r = league()
    assert journeyman_positions(r, "human") == ("human/human-lineman",)
    assert journeyman_positions(r, "orc") == ("orc/orc-lineman",)
    assert stooge_journeyman_positions(r) == ("ogre/gnoblar-lineman", "snotling/snotling-lineman", "underworld-denizens/snotling-lineman")
    answers = [("journeyman", "snotling/snotling-lineman"), ("journeyman", "shambling-undead/zombie-lineman")]
    with strict(*answers) as decisions:
        hired, _ = take_on_journeymen(r, "dead", goon_roster="shambling-undead", count=2, stooge=True, decisions=decisions)
    assert [(j.id, j.position, j.stooge) for j in hired] == [
        ("dead-journeyman-1", "snotling/snotling-lineman", True),
        ("dead-journeyman-2", "shambling-undead/zombie-lineman", False),
    ]
    assert (hired[0].skills[0].id, hired[0].skills[0].value) == ("loner", 4)


@pytest.mark.parametrize("goon_roster", ["black-orc", "gnome", "goblin", "halfling", "ogre", "snotling"])
def test_a_goon_roster_whose_linemen_all_have_right_stuff_takes_journeymen_from_the_cheapest_lineman_without_it(
    goon_roster: str,
) -> None:
    r = league()
    stooge = building_rules(r).stooge_skill
    linemen = [p for p in r.roster(goon_roster).positions if r.parameters.journeymen.keyword in p.keywords]
    assert linemen
    assert all(stooge in {ref.id for ref in p.skills} for p in linemen), "the case the reading is for"
    positions = journeyman_positions(r, goon_roster)
    chosen = [r.position(ref) for ref in positions]
    assert chosen
    assert all(stooge not in {ref.id for ref in p.skills} for p in chosen)
    assert len({p.cost for p in chosen}) == 1
    with strict(("journeyman", positions[-1])) as decisions:
        hired, _ = take_on_journeymen(r, "gobbos", goon_roster=goon_roster, count=1, decisions=decisions)
    assert [(j.position, j.stooge) for j in hired] == [(positions[-1], False)]
    assert league_rules(r).league.journeymen.provisional


def test_substitutes_come_from_the_roster_and_a_journeyman_when_nobody_fits() -> None:
    r = league()
    with strict(("substitute", "Ben"), ("journeyman", "snotling/snotling-lineman")) as decisions:
        result = substitute(
            r, "rovers", removed={"Hal": False, "Pip": True}, bench={"Ben": False}, goon_roster="human", decisions=decisions
        )
    assert result.replacements["Hal"] == "Ben"
    assert result.journeymen[0].stooge
    assert result.replacements["Pip"] == result.journeymen[0].id


def test_no_journeyman_while_the_bench_has_a_miniature_who_fits() -> None:
    from bbcore.rules.decisions import IllegalAnswerError

    refused = r"'substitute' question for rovers was answered None; the choices were \['Ben'\]"
    with pytest.raises(IllegalAnswerError, match=refused), strict(("substitute", None)) as decisions:
        substitute(league(), "rovers", removed={"Hal": False}, bench={"Ben": False}, goon_roster="human", decisions=decisions)


def test_ko_recovery_at_the_end_of_an_arc_on_4_or_more() -> None:
    with ScriptedDice([4, 3, 6]) as dice:
        back, out, _ = recover_knocked_out(league(), ["a", "b", "c"], dice, {"c": -3})
    assert (back, out) == (("a", "c"), ("b",))


# -- MVP and the table ----------------------------------------------------------------------------


def test_the_mvp_is_numbered_among_the_five_fielded_at_the_end_not_everyone_who_played() -> None:
    r = league()
    # Hal was hurt and Ben came on for him: six played, five are numbered, Ben fifth in Hal's place.
    played = ("Bert", "Ben", "Cat", "Gil", "Hal", "Pip")
    numbered = ("Bert", "Pip", "Gil", "Cat", "Ben")
    report = MatchReport("rovers", 10, 4, 6, played, numbered=numbered)
    with ScriptedDice([5]) as dice, ScriptedSkurlingDecisions([]) as decisions:
        _, events = player_advancement(r, league_team(), report, dice, decisions)
    assert [e.result for e in events if e.kind == "mvp"] == ["Ben"]
    # A report that numbers nobody numbers everyone who played, in its order.
    with ScriptedDice([5]) as dice, ScriptedSkurlingDecisions([]) as decisions:
        _, events = player_advancement(r, league_team(), attrs.evolve(report, numbered=()), dice, decisions)
    assert [e.result for e in events if e.kind == "mvp"] == ["Hal"]


def test_mvp_numbers_the_five_and_rerolls_a_six() -> None:
    with ScriptedDice([6, 6, 3]) as dice:
        mvp, events = choose_mvp(SKURLING, FIELDED, dice)
    assert mvp == "Hal"
    assert [e.result for e in events] == ["rolled-again", "rolled-again", "Hal"]


def test_league_table_3_for_a_win_and_ties_broken_by_points_difference() -> None:
    results = [LeagueResult("a", "b", 10, 8), LeagueResult("b", "c", 12, 2), LeagueResult("c", "a", 11, 10), LeagueResult("d", "e", 10, 9)]
    table = league_table(league(), results)
    assert [(line.team, line.rank, line.points, line.difference) for line in table] == [
        ("b", 1, 3, 8),
        ("a", 2, 3, 1),
        ("d", 2, 3, 1),
        ("c", 4, 3, -9),
        ("e", 5, 0, -1),
    ]
    with pytest.raises(UsageError, match="drawn"):
        league_table(league(), [LeagueResult("a", "b", 10, 10)])


SKURLING_LEAGUE_FILE = """name: Lane Cup
fixtures:
  - {home: hammers, away: dead-ends, score: [12, 7]}
  - {home: dead-ends, away: crushers, score: [10, 4]}
  - {home: crushers, away: hammers, score: [11, 9]}
"""


def test_the_league_table_command_scores_skurling_matches_without_draws(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bbcore.cli import main

    league_file = tmp_path / "lane-cup.yaml"
    league_file.write_text(SKURLING_LEAGUE_FILE)
    options = ["--variant", "skurling", "--option", "match=league", "--json"]
    assert main(["league", "table", str(league_file), *options]) == 0
    lines = json.loads(capsys.readouterr().out)["divisions"]
    (table,) = lines.values()
    points = bbcore.load_ruleset("skurling", options={"match": "league"}).parameters.league.points
    # One win each: level on league points, then ranked by match points scored less conceded (+3, +1, -4).
    assert [line["team"] for line in table] == ["hammers", "dead-ends", "crushers"]
    assert {line["points"] for line in table} == {points.win}
    league_file.write_text(SKURLING_LEAGUE_FILE + "  - {home: hammers, away: rovers, score: [10, 10]}\n")
    assert main(["league", "table", str(league_file), *options]) == 2
    error = capsys.readouterr().err
    assert f"{league_file}:6:" in error
    assert "$.fixtures[3].score" in error
    assert "'hammers' v 'rovers' is drawn" in error
