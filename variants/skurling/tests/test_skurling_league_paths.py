"""League paths the other league tests leave alone: advancement by a characteristic (taken, or skipped for a skill),
random Primary skills kept to the skill glossary, firing and dismissing at the hiring step, the Headliner leaving
after his match, and Regeneration on a casualty in a league match.

The dice are scripted and the coach's answers too, so each test pins what one roll or one answer does.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from bbcore_skurling.arc import ArcState, Touch, apply
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.building_rules import building_rules
from bbcore_skurling.coaching import AdvancementChoice, HireOrder, ScriptedSkurlingDecisions
from bbcore_skurling.match import MatchState, finish_arc, side_from_team, start_match
from bbcore_skurling.postmatch import (
    CasualtyRecord,
    LeagueTeam,
    MatchReport,
    advance_player,
    apply_injuries,
    hire_fire_retire,
    run_post_match,
)
from bbcore_skurling.reporting import match_report
from bbcore_skurling.sidelines import team_sidelines
from bbcore_skurling.sponsorship import Sponsor
from bbcore_skurling.touch import touch_dice
from skurling_league_teams import rovers, strict

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.model.common import SkillRef
from bbcore.model.team import Advancement, Team, TeamPlayer
from bbcore.rules.board import Status, build_board
from bbcore.rules.decisions import DecisionScriptError, ScriptedDecisions
from bbcore.rules.events import Event
from bbcore.rules.league import advancement_cost, value_increase
from bbcore.ruleset import Ruleset
from bbcore.teams.files import load_team_file
from bbcore.teams.profiles import current_profile
from bbcore.teams.valuation import player_value, value_team

TEAMS = Path(__file__).parents[1] / "bbcore_skurling" / "data" / "teams"


@pytest.fixture(scope="module")
def league() -> Ruleset:
    return bbcore.load_ruleset("skurling", options={"match": "league"})


FIELDED = ("Bert", "Pip", "Hal", "Gil", "Cat")


def advance(league: Ruleset, player: TeamPlayer, rolls: list[int], *answers: tuple[str, object]) -> tuple[TeamPlayer, tuple[Event, ...]]:
    """``advance_player`` with every die and every answer scripted, both used up to the last."""
    with ScriptedDice(rolls) as dice, strict(*answers) as decisions:
        return advance_player(league, player, dice, decisions)


# -- 1. a characteristic improvement, taken or skipped -----------------------------------------------


def test_a_characteristic_improvement_rolls_the_d8_and_raises_the_one_the_coach_picks(league: Ruleset) -> None:
    hal = TeamPlayer(name="Hal", position="human/human-lineman", spp=advancement_cost(league, 0, "characteristic"))
    # D8 7: AG or ST; the coach takes ST.
    grown, events = advance(league, hal, [7], ("advancement", AdvancementChoice("characteristic")), ("characteristic", "st"))
    rolled = next(e for e in events if e.kind == "advancement-roll")
    assert (rolled.rolls, rolled.result, rolled.detail["characteristics"]) == ((7,), "ag-or-st", ["ag", "st"])
    assert grown.advancements == (Advancement("characteristic-st", characteristic="st"),)
    assert grown.spp == 0
    assert current_profile(league, grown).st == league.position("human/human-lineman").st + 1
    assert player_value(league, grown) - player_value(league, hal) == value_increase(league, "characteristic-st")


def test_a_player_who_can_pay_for_a_characteristic_must_advance(league: Ruleset) -> None:
    from bbcore_skurling.coaching import DefaultSkurlingDecisions

    cost = advancement_cost(league, 0, "characteristic")
    hal = TeamPlayer(name="Hal", position="human/human-lineman", spp=cost)
    with pytest.raises(UsageError, match=r"'Hal' holds \d+ SPP, enough for a characteristic improvement: he must advance"):
        advance(league, hal, [], ("advancement", None))
    # One short of it, he may save them.
    saving = attrs.evolve(hal, spp=cost - 1)
    assert advance(league, saving, [], ("advancement", None))[0] == saving
    # The default coach rolls for a characteristic then (D8 7: AG or ST, the first offered).
    with ScriptedDice([7]) as dice:
        grown, _ = advance_player(league, hal, dice, DefaultSkurlingDecisions())
    assert grown.advancements == (Advancement("characteristic-ag", characteristic="ag"),)


@pytest.mark.parametrize(("skill", "kind"), [("wrestle", "chosen-primary"), ("sidestep", "chosen-secondary")])
def test_a_skipped_characteristic_buys_a_primary_or_secondary_skill_at_the_characteristic_s_price(
    league: Ruleset, skill: str, kind: str
) -> None:
    # The seed: skipping the characteristic result, the coach may choose a Primary or Secondary skill, but pays the
    # characteristic's SPP. Hal has more than either price so the price paid shows which one was charged.
    price = advancement_cost(league, 0, "characteristic")
    hal = TeamPlayer(name="Hal", position="human/human-lineman", spp=price + 1)
    assert advancement_cost(league, 0, kind) < price
    answers = [("advancement", AdvancementChoice("characteristic")), ("characteristic", None), ("advancement-skill", skill)]
    grown, events = advance(league, hal, [7], *answers)
    assert grown.advancements == (Advancement(kind, skill=SkillRef(skill)),)
    assert grown.spp == 1
    spent = next(e for e in events if e.kind == "advancement")
    assert (spent.result, spent.detail["spp_spent"], spent.detail["skill"]) == (kind, price, skill)
    # Reading (the seed is silent): the skill adds the value of a chosen skill of its category, not a characteristic's.
    assert player_value(league, grown) - player_value(league, hal) == value_increase(league, kind)


@pytest.mark.parametrize("skill", ["claws", "strong-arm"])
def test_a_skipped_characteristic_offers_no_skill_outside_the_categories_nor_one_the_glossary_forbids(league: Ruleset, skill: str) -> None:
    # Claws is a Mutation skill, no category of a Human Lineman's; Strong Arm (Strength, his Secondary) needs
    # Throw Team-mate, which he lacks.
    hal = TeamPlayer(name="Hal", position="human/human-lineman", spp=advancement_cost(league, 0, "characteristic"))
    answers = [("advancement", AdvancementChoice("characteristic")), ("characteristic", None), ("advancement-skill", skill)]
    with pytest.raises(DecisionScriptError, match=f"scripted skill '{skill}' is not among"):
        advance(league, hal, [7], *answers)


def test_a_characteristic_improved_twice_is_not_offered_again(league: Ruleset) -> None:
    # Bug found: the core's roll was made without the characteristics the player may improve no more, so a third
    # ST was offered (and the team file then failed the core's profile check).
    twice = (Advancement("characteristic-st", characteristic="st"),) * league.parameters.league.improvements_per_characteristic
    hal = TeamPlayer(name="Hob", position="human/human-lineman", advancements=twice, spp=advancement_cost(league, 2, "characteristic"))
    with pytest.raises(DecisionScriptError, match=r"scripted characteristic 'st' is not among \['ag'\]"):
        advance(league, hal, [7], ("advancement", AdvancementChoice("characteristic")), ("characteristic", "st"))
    grown, events = advance(league, hal, [7], ("advancement", AdvancementChoice("characteristic")), ("characteristic", "ag"))
    assert next(e for e in events if e.kind == "advancement-roll").detail["characteristics"] == ["ag"]
    assert grown.advancements[-1] == Advancement("characteristic-ag", characteristic="ag")
    assert bbcore.check_team(league, rovers(0, grown), stage="league").problems == ()


def test_a_characteristic_at_its_best_is_not_offered_so_the_coach_takes_a_skill(league: Ruleset) -> None:
    treeman = TeamPlayer(name="Oak", position="gnome/altern-forest-treeman", spp=advancement_cost(league, 0, "characteristic"))
    assert current_profile(league, treeman).av == 11, "the case: his AV is already as good as it gets"
    # D8 1: AV only. Nothing is left to improve: the coach is asked with nothing offered, and takes a skill.
    answers = [("advancement", AdvancementChoice("characteristic")), ("characteristic", None), ("advancement-skill", "guard")]
    grown, events = advance(league, treeman, [1], *answers)
    assert next(e for e in events if e.kind == "advancement-roll").detail["characteristics"] == []
    assert grown.advancements == (Advancement("chosen-primary", skill=SkillRef("guard")),)
    with pytest.raises(DecisionScriptError, match=r"scripted characteristic 'av' is not among \[\]"):
        advance(league, treeman, [1], ("advancement", AdvancementChoice("characteristic")), ("characteristic", "av"))


# -- 2. random Primary skills ------------------------------------------------------------------------


def test_a_random_primary_skill_rolls_again_on_skills_the_glossary_forbids(league: Ruleset) -> None:
    # An Ulfwerener has Frenzy and no Throw Team-mate; Strength is one of his Primary categories.
    ulf = TeamPlayer(name="Ulf", position="norse/ulfwerener", spp=advancement_cost(league, 0, "random-primary"))
    rolls = [
        *(1, 5),  # Grab: Frenzy excludes it, rolled again
        *(1, 4),  # Bullseye: needs Throw Team-mate, rolled again
        *(1, 1),  # Arm Bar: the first skill
        *(4, 3),  # Multiple Block: Frenzy excludes it, rolled again
        *(4, 2),  # Mighty Blow: the second
    ]
    answers = [("advancement", AdvancementChoice("random-primary", category="strength")), ("advancement-skill", "mighty-blow")]
    grown, events = advance(league, ulf, rolls, *answers)
    rolled = [(e.result, e.detail["rolled_again"]) for e in events if e.kind == "random-skill"]
    assert rolled == [("grab", True), ("bullseye", True), ("arm-bar", False), ("multiple-block", True), ("mighty-blow", False)]
    assert grown.advancements == (Advancement("random-primary", skill=SkillRef("mighty-blow")),)
    assert grown.spp == 0
    # The coach keeps one of the two rolled, nothing else.
    with pytest.raises(DecisionScriptError, match=r"scripted skill 'grab' is not among \['arm-bar', 'mighty-blow'\]"):
        advance(league, ulf, rolls, answers[0], ("advancement-skill", "grab"))


def test_a_random_skill_he_already_gained_is_rolled_again_and_the_same_skill_twice_is_the_only_choice(league: Ruleset) -> None:
    ulf = TeamPlayer(
        name="Ulf",
        position="norse/ulfwerener",
        advancements=(Advancement("random-primary", skill=SkillRef("arm-bar")),),
        spp=advancement_cost(league, 1, "random-primary"),
    )
    # Arm Bar, which an earlier advancement gave him: again; then Brawler twice.
    answers = [("advancement", AdvancementChoice("random-primary", category="strength")), ("advancement-skill", "brawler")]
    grown, events = advance(league, ulf, [1, 1, 1, 2, 1, 2], *answers)
    assert [e.result for e in events if e.kind == "random-skill"] == ["arm-bar", "brawler", "brawler"]
    assert grown.advancements[-1] == Advancement("random-primary", skill=SkillRef("brawler"))
    with pytest.raises(DecisionScriptError, match=r"scripted skill 'arm-bar' is not among \['brawler'\]"):
        advance(league, ulf, [1, 1, 1, 2, 1, 2], answers[0], ("advancement-skill", "arm-bar"))


def test_a_random_skill_comes_from_a_primary_category_only(league: Ruleset) -> None:
    ulf = TeamPlayer(name="Ulf", position="norse/ulfwerener", spp=advancement_cost(league, 0, "random-primary"))
    assert "agility" in league.position("norse/ulfwerener").secondary
    with pytest.raises(UsageError, match="'Ulf' rolls a random skill in one of its primary categories, not 'agility'"):
        advance(league, ulf, [], ("advancement", AdvancementChoice("random-primary", category="agility")))


# -- 3. firing and dismissing at the hiring step ---------------------------------------------------


def ten(treasury: int) -> Team:
    """The Rovers with ten on the roster, Hal missing the next match."""
    spares = tuple(TeamPlayer(name=f"Spare {n}", position="human/human-lineman") for n in range(4))
    team = rovers(treasury, *spares)
    return attrs.evolve(team, players=tuple(attrs.evolve(p, miss_next_game=p.name == "Hal") for p in team.players))


def test_fired_miniatures_leave_the_roster_for_nothing_and_free_their_places(league: Ruleset) -> None:
    team = LeagueTeam("rovers", ten(100_000), 2)
    new = (("New", "human/human-lineman"),)
    with pytest.raises(UsageError, match="the roster would hold 11 miniatures; at most 10"):
        hire_fire_retire(league, team, strict(("hire-and-fire", HireOrder(hire=new))))
    # An injured miniature (Hal) and an unwanted one (Ben) are dismissed: the new Lineman has a place.
    with strict(("hire-and-fire", HireOrder(hire=new, fire=("Hal", "Ben")))) as decisions:
        after, events = hire_fire_retire(league, team, decisions)
    names = [p.name for p in after.team.players]
    assert "Hal" not in names
    assert "Ben" not in names
    assert len(names) == 9
    assert names[-1] == "New"
    # Firing pays nothing back: the Treasury loses the new Lineman's price only.
    assert after.treasury == 100_000 - league.position("human/human-lineman").cost
    assert (events[0].detail["fired"], events[0].detail["cost"]) == (["Hal", "Ben"], league.position("human/human-lineman").cost)
    # Ben counted in the Team Value and goes out of it; Hal, missing the next match, did not count.
    ben = next(p for p in team.team.players if p.name == "Ben")
    before = value_team(league, team.team).current_team_value
    assert (
        value_team(league, after.team).current_team_value
        == before - player_value(league, ben) + league.position("human/human-lineman").cost
    )


def test_a_miniature_fired_must_be_on_the_roster_and_cannot_also_retire(league: Ruleset) -> None:
    team = LeagueTeam("rovers", ten(0), 2)
    refused = "no miniature named 'Nobody' to fire; 'Hal' cannot both be fired and retire"
    with pytest.raises(UsageError, match=refused):
        hire_fire_retire(league, team, strict(("hire-and-fire", HireOrder(fire=("Nobody", "Hal"), retire=("Hal",)))))


def test_a_bought_sideline_may_be_dismissed_for_nothing_and_a_sponsored_one_only_by_ending_the_sponsorship(league: Ruleset) -> None:
    key = building_rules(league).sidelines_staff_key
    sponsors = (Sponsor("Broom & Gloom", "sideline", "scribe"),)
    team = LeagueTeam("rovers", rovers(30_000, staff={key: ("skip", "pebbler")}), 2, sponsors)
    with strict(("hire-and-fire", HireOrder(dismiss_sidelines=("skip",)))) as decisions:
        after, events = hire_fire_retire(league, team, decisions)
    assert team_sidelines(league, after.team) == ("pebbler",)
    assert after.treasury == 30_000  # no refund
    assert events[0].detail["dismissed_sidelines"] == ["skip"]
    assert after.sponsors == sponsors
    # Dismissed, the Skip may be hired again, at his price.
    with strict(("hire-and-fire", HireOrder(sidelines=("skip",)))) as decisions:
        again, _ = hire_fire_retire(league, after, decisions)
    assert team_sidelines(league, again.team) == ("pebbler", "skip")
    assert again.treasury == 30_000 - 25_000
    with pytest.raises(UsageError, match="sideline 'scribe' was not bought, so it cannot be dismissed"):
        hire_fire_retire(league, team, strict(("hire-and-fire", HireOrder(dismiss_sidelines=("scribe",)))))


# -- 4. the Headliner leaves after his match --------------------------------------------------------


def headlined(team_id: str, headliner: str | None, fans: int = 3) -> LeagueTeam:
    return LeagueTeam(team_id, rovers(), fans, headliner=headliner, headliner_for="Pip" if headliner else None)


def test_the_headliner_leaves_after_his_match_with_no_spp_and_no_scar(league: Ruleset) -> None:
    # The seed: lent for the next match only, he leaves after it whatever happens; no SPP, his injuries ignored.
    teams = (headlined("win", "gus-anvil"), headlined("lose", None))
    played = ("Bert", "gus-anvil", "Hal", "Gil", "Cat")
    reports = (
        MatchReport("win", 10, 4, 4, played, (CasualtyRecord("gus-anvil", "dead"),), {"gus-anvil": 2}, headliner="gus-anvil"),
        MatchReport("lose", 6, 3, 4, FIELDED),
    )
    # Fans: 1 and 6 (no change). MVPs: win's second fielded (the Headliner), lose's first.
    decisions = ScriptedSkurlingDecisions([("look-for-sponsor", False), ("look-for-sponsor", False)])
    with ScriptedDice([1, 6, 2, 1]) as dice, decisions:
        result = run_post_match(league, teams, reports, dice, decisions)
    win = result.teams[0].team
    assert (win.headliner, win.headliner_for) == (None, None)
    assert [(e.who, e.result) for e in result.events if e.kind == "headliner-leaves"] == [("win", "gus-anvil")]
    assert [e.result for e in result.events if e.kind == "mvp" and e.who == "win"] == ["gus-anvil"]
    assert all(p.spp == 0 for p in win.team.players), "neither his SPP nor the MVP's go to anybody"
    assert [(e.who, e.result) for e in result.events if e.kind == "injury"] == [("gus-anvil", "ignored")]
    assert win.team.players == rovers().players
    assert result.teams[0].team_value == value_team(league, rovers()).current_team_value, "he no longer counts"


def test_a_new_headliner_lent_at_the_sponsor_step_replaces_the_one_leaving(league: Ruleset) -> None:
    teams = (headlined("win", "gus-anvil"), headlined("lose", None))
    reports = (MatchReport("win", 10, 4, 4, FIELDED, headliner="gus-anvil"), MatchReport("lose", 6, 3, 4, FIELDED))
    # Fans: win 3 -> 4 on a 3, lose stays on a 6. Win's search: 6 + 4 + 1 = 11, an offer; the offer 6: a Headliner.
    answers = [
        ("look-for-sponsor", True),
        ("sponsor-gift", "headliner"),
        ("headliner", "pip-featherweight"),
        ("sponsor-name", "Feather Co"),
        ("look-for-sponsor", False),
    ]
    with ScriptedDice([3, 6, 6, 6, 1, 1]) as dice, ScriptedSkurlingDecisions(answers) as decisions:
        result = run_post_match(league, teams, reports, dice, decisions)
    win = result.teams[0].team
    assert (win.headliner, win.headliner_for) == ("pip-featherweight", None), "the new one waits to be declared with the five"
    kinds = [(e.kind, e.result) for e in result.events if e.kind in ("headliner-leaves", "headliner-lent")]
    assert kinds == [("headliner-leaves", "gus-anvil"), ("headliner-lent", "pip-featherweight")]


# -- 5. Regeneration on a casualty in a league match -------------------------------------------------


def howlers() -> Team:
    """The Rovers with a Werewolf (Regeneration) as their second Whacker, ``home-3`` on the lane."""
    team = rovers()
    wolf = TeamPlayer(name="Wolf", position="necromantic-horror/werewolf", role="whacker")
    return attrs.evolve(team, players=tuple(wolf if p.name == "Hal" else p for p in team.players))


def wolf_falls(league: Ruleset, regeneration: int) -> tuple[MatchState, ArcState, list[int]]:
    """A league match whose arc sees the Werewolf Touch the Stooge and roll Player Down: his armour breaks and the
    injury is a casualty, then ``regeneration`` is his Regeneration roll. The arc then ends and is folded in; the
    dice the arc left unrolled come back too."""
    crushers = side_from_team(league, load_team_file(TEAMS / "black-crag-crushers.yaml").team, "away")
    match = start_match(league, side_from_team(league, howlers(), "home"), crushers)
    assert match.injuries_last
    squares = {"home-2": (5, 1), "home-3": (4, 1), "home-5": (25, 1)}
    side = match.sides[0]
    board = build_board(league, {p.id: ("home", p.position, squares[p.id]) for p in side.players if p.id in squares})
    assert board.player("home-3").has("regeneration")
    board = board.with_player(attrs.evolve(board.player("home-2"), status=Status.STUNNED))
    arc = ArcState(
        number=1,
        teams=("home", "away"),
        board=board,
        roles={pid: side.roles[pid] for pid in squares},
        stooge="home-2",
        phase="play",
        state="stunned",
        active="home",
        turns_allowed=arc_rules(league).turns_per_arc,
        landing_events=False,
    )
    faces = [1] * touch_dice(league, board, "home-3", "home-2").count  # Player Down
    # Armour 6 + 6 breaks AV 9+; injury 6 + 6 is a casualty; Regeneration; a casualty roll 9 if it fails.
    dice = ScriptedDice([*faces, 6, 6, 6, 6, regeneration, 9])
    after = apply(league, arc, Touch("home-3"), dice, ScriptedDecisions([("block-face", 0)]))
    return finish_arc(league, match, attrs.evolve(after, phase="over"), ScriptedDice([])), after, dice.remaining


def test_a_werewolf_who_regenerates_goes_to_the_reserves_and_plays_the_next_arc(league: Ruleset) -> None:
    match, arc, unrolled = wolf_falls(league, league.parameters.targets.regeneration)
    assert arc.board.player("home-3").status is Status.RESERVES
    assert [e.result for e in arc.events if e.kind == "regeneration"] == ["regenerated"]
    assert not [e for e in arc.events if e.kind == "casualty"], "Regeneration comes first: no casualty roll"
    assert unrolled == [9]
    assert "home-3" not in match.out_of_play()
    report, _ = match_report(league, match, 0, {"home-3": "Wolf"})
    assert report.casualties == ()
    # The five the coach numbers for the MVP are those fielded, in the order declared, by name.
    assert report.numbered == tuple({"home-3": "Wolf"}.get(pid, pid) for pid in match.sides[0].fielded)
    assert len(report.numbered) == 5
    team = LeagueTeam("howlers", howlers(), 2)
    healed, _, _ = apply_injuries(league, team, report.casualties)
    assert next(p for p in healed.team.players if p.name == "Wolf") == next(p for p in team.team.players if p.name == "Wolf")


def test_a_werewolf_who_fails_to_regenerate_is_a_casualty_for_the_match_and_after_it(league: Ruleset) -> None:
    match, arc, unrolled = wolf_falls(league, league.parameters.targets.regeneration - 1)
    assert arc.board.player("home-3").status is Status.CASUALTY
    assert unrolled == []
    assert [e.result for e in arc.events if e.kind in ("regeneration", "casualty")] == ["failed", "seriously-hurt"]
    assert "home-3" in match.casualties
    report, _ = match_report(league, match, 0, {"home-3": "Wolf"})
    assert [(c.player, c.casualty) for c in report.casualties] == [("Wolf", "seriously-hurt")]
    injured, _, _ = apply_injuries(league, LeagueTeam("howlers", howlers(), 2), report.casualties)
    wolf = next(p for p in injured.team.players if p.name == "Wolf")
    assert (wolf.miss_next_game, wolf.role) == (True, None)
