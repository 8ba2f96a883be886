"""A league match's fielded five: declared before it (a Headliner in the place of one), the only ones on the lane,
and replaced only when one is removed from it (a substitute from the bench, or a Journeyman)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from bbcore_skurling.league_play import Substitution, take_on_journeymen
from bbcore_skurling.match import MatchState, bring_in, default_placements, side_from_league_team, side_from_team, start_arc, start_match
from bbcore_skurling.postmatch import LeagueTeam

import bbcore
from bbcore.errors import UsageError
from bbcore.model.team import Team, TeamPlayer
from bbcore.rules.decisions import DefaultDecisions
from bbcore.ruleset import Ruleset
from bbcore.teams.files import load_team_file

TEAMS = Path(__file__).parents[1] / "bbcore_skurling" / "data" / "teams"


@pytest.fixture(scope="module")
def league() -> Ruleset:
    return bbcore.load_ruleset("skurling", options={"match": "league"})


def rovers_with_a_bench() -> Team:
    """The Old Road Rovers (their five with a role) and a Lineman on the bench, last in the file (``home-6``)."""
    rovers = load_team_file(TEAMS / "old-road-rovers.yaml").team
    return attrs.evolve(rovers, players=(*rovers.players, TeamPlayer(name="Spare", position="human/human-lineman")))


def league_match(league: Ruleset, home: Team | None = None) -> MatchState:
    crushers = side_from_team(league, load_team_file(TEAMS / "black-crag-crushers.yaml").team, "away")
    return start_match(league, side_from_team(league, home or rovers_with_a_bench(), "home"), crushers)


def first_arc(league: Ruleset, match: MatchState, roles: dict[str, str]) -> None:
    defenders = [pid for pid in match.sides[1].fielded if match.sides[1].roles.get(pid) != "stooge"]
    start_arc(league, match, roles, default_placements(league, match, roles, defenders))


def test_a_league_side_fields_the_five_with_a_role_and_no_one_else(league: Ruleset) -> None:
    match = league_match(league)
    home = match.sides[0]
    assert home.fielded == ("home-1", "home-2", "home-3", "home-4", "home-5")
    assert "home-6" in {p.id for p in home.players}, "the bench is on the side, waiting"
    first_arc(league, match, dict(home.roles))
    swapped = {("home-6" if pid == "home-3" else pid): role for pid, role in home.roles.items()}
    with pytest.raises(UsageError, match="not among the miniatures fielded for this match: home-6"):
        first_arc(league, match, swapped)


def test_a_one_off_side_declares_no_five(league: Ruleset) -> None:
    one_off = bbcore.load_ruleset("skurling")
    assert side_from_team(one_off, rovers_with_a_bench(), "home").fielded == ()


def test_a_substitute_comes_in_only_for_a_miniature_removed_from_the_lane(league: Ruleset) -> None:
    match = league_match(league)
    with pytest.raises(UsageError, match="home-3 is not a fielded miniature removed from the lane"):
        bring_in(league, match, 0, Substitution({"home-3": "home-6"}))
    hurt = attrs.evolve(match, casualties=frozenset({"home-3"}))
    with pytest.raises(UsageError, match="home-2 is not a miniature of side 'home' able to come in"):
        bring_in(league, hurt, 0, Substitution({"home-3": "home-2"}))
    two_out = attrs.evolve(match, casualties=frozenset({"home-3", "home-4"}))
    with pytest.raises(UsageError, match="home-6 cannot fill 2 places"):
        bring_in(league, two_out, 0, Substitution({"home-3": "home-6", "home-4": "home-6"}))
    # The Stooge (home-2, Right Stuff) is replaced only by a Right Stuff miniature.
    stooge_out = attrs.evolve(match, casualties=frozenset({"home-2"}))
    with pytest.raises(UsageError, match="home-6 cannot take home-2's place: only a Right Stuff miniature replaces one"):
        bring_in(league, stooge_out, 0, Substitution({"home-2": "home-6"}))
    after = bring_in(league, hurt, 0, Substitution({"home-3": "home-6"}))
    assert after.sides[0].fielded == ("home-1", "home-2", "home-6", "home-4", "home-5")
    roles = {("home-6" if pid == "home-3" else pid): role for pid, role in after.sides[0].roles.items()}
    first_arc(league, after, roles)


def test_a_journeyman_taken_on_joins_the_side_in_the_place_he_fills(league: Ruleset) -> None:
    hurt = attrs.evolve(league_match(league), casualties=frozenset({"home-3"}))
    hired, _ = take_on_journeymen(league, "home", goon_roster="human", count=1, decisions=DefaultDecisions())  # type: ignore[arg-type]
    after = bring_in(league, hurt, 0, Substitution({"home-3": hired[0].id}, hired))
    assert hired[0].id in after.sides[0].fielded
    assert after.sides[0].player(hired[0].id).position == "human/human-lineman"


def lent(league: Ruleset, headliner: str, place: str | None) -> LeagueTeam:
    return LeagueTeam("rovers", rovers_with_a_bench(), 3, headliner=headliner, headliner_for=place)


def test_the_simulator_takes_a_journeyman_stooge_when_the_bench_has_no_right_stuff(league: Ruleset) -> None:
    from bbcore_skurling.policies import PolicyCoach, make_policy
    from bbcore_skurling.simulate import _Match

    from bbcore.dice import ScriptedDice

    coach = PolicyCoach(league, {"home": make_policy("scripted", 1), "away": make_policy("scripted", 2)})
    hurt = attrs.evolve(league_match(league), casualties=frozenset({"home-2"}))  # the Stooge; the bench is a Lineman
    runner = _Match(league, coach, ScriptedDice([]))
    after = runner.substitute(runner.fill_places(hurt, 0), 0)
    home = after.sides[0]
    newcomer = next(pid for pid in home.fielded if pid not in hurt.sides[0].fielded)
    assert "right-stuff" in home.player(newcomer).skill_ids(league)
    assert "home-6" not in home.fielded


def test_the_simulator_asks_the_coach_and_hires_a_journeyman_where_the_bench_does_not_fit(league: Ruleset) -> None:
    from bbcore_skurling.policies import PolicyCoach, make_policy
    from bbcore_skurling.simulate import _Match

    from bbcore.dice import ScriptedDice

    offered: list[list[str]] = []

    class Recording(PolicyCoach):
        def substitute(self, team: str, place: str, candidates: Sequence[str]) -> str:
            offered.append(list(candidates))
            return super().substitute(team, place, candidates)

    # The bench is a spare Stooge (a Halfling with Right Stuff): he may not take a Lineman's place.
    rovers = load_team_file(TEAMS / "old-road-rovers.yaml").team
    spare = TeamPlayer(name="Spare", position=rovers.players[1].position)
    match = league_match(league, attrs.evolve(rovers, players=(*rovers.players, spare)))
    assert "right-stuff" in match.sides[0].player("home-6").skill_ids(league)
    coach = Recording(league, {"home": make_policy("scripted", 1), "away": make_policy("scripted", 2)})
    runner = _Match(league, coach, ScriptedDice([]))
    hurt = attrs.evolve(match, casualties=frozenset({"home-3"}))
    after = runner.substitute(runner.fill_places(hurt, 0), 0)
    home = after.sides[0]
    newcomer = next(pid for pid in home.fielded if pid not in hurt.sides[0].fielded)
    assert newcomer != "home-6", "the spare Stooge stays on the bench"
    assert {"loner", "right-stuff"} & home.player(newcomer).skill_ids(league) == {"loner"}, "a Journeyman, not a Stooge"
    assert offered == [], "nobody on the bench fits, so the coach is not asked"
    # With a fitting bench the coach is asked, and only among those who fit.
    stooge_out = attrs.evolve(match, casualties=frozenset({"home-2"}))
    replaced = runner.substitute(runner.fill_places(stooge_out, 0), 0)
    assert offered == [["home-6"]]
    assert "home-6" in replaced.sides[0].fielded


def test_autoplay_sets_up_only_the_defenders_fielded(league: Ruleset) -> None:
    from bbcore_skurling.autoplay import play_arc

    from bbcore.dice import SeededDice

    crushers = load_team_file(TEAMS / "black-crag-crushers.yaml").team
    spare = TeamPlayer(name="Spare", position=crushers.players[-1].position)
    benched = attrs.evolve(crushers, roster="orc", players=(spare, *crushers.players))
    assert bbcore.check_team(league, benched).problems == ()
    rovers = side_from_team(league, load_team_file(TEAMS / "old-road-rovers.yaml").team, "home")
    played = play_arc(league, start_match(league, rovers, side_from_team(league, benched, "away")), SeededDice(3))
    assert len(played.arcs) == 1
    assert not any(e.who == "away-1" for e in played.arcs[0].events), "the bench miniature listed first stayed on the bench"


def test_a_headliner_declared_in_a_whackers_place_takes_his_role_and_the_whacker_waits(league: Ruleset) -> None:
    # Gorga Longarm has Throw Team-mate; Kurt Stamm (home-3) is the Whacker without it.
    side = side_from_league_team(league, lent(league, "gorga-longarm", "Kurt Stamm"), "home")
    guest = "home-gorga-longarm"
    assert side.fielded == ("home-1", "home-2", guest, "home-4", "home-5")
    assert side.roles[guest] == "whacker"
    assert "home-3" not in side.roles
    crushers = side_from_team(league, load_team_file(TEAMS / "black-crag-crushers.yaml").team, "away")
    first_arc(league, start_match(league, side, crushers), dict(side.roles))


def test_a_headliner_not_declared_waits_on_the_bench(league: Ruleset) -> None:
    side = side_from_league_team(league, lent(league, "gorga-longarm", None), "home")
    assert "home-gorga-longarm" in {p.id for p in side.players}
    assert "home-gorga-longarm" not in side.fielded


@pytest.mark.parametrize(
    ("headliner", "place", "message"),
    [
        ("pip-featherweight", "Kurt Stamm", "exactly one fielded miniature has right-stuff; found 2"),
        ("gorga-longarm", "Spare", "'Spare' is not one of them"),
        ("gorga-longarm", "Nobody", "'Nobody' is not one of them"),
    ],
)
def test_a_headliner_must_leave_the_five_legal(league: Ruleset, headliner: str, place: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        side_from_league_team(league, lent(league, headliner, place), "home")


def test_a_place_named_without_a_headliner_is_refused(league: Ruleset) -> None:
    with pytest.raises(UsageError, match="has no Headliner"):
        side_from_league_team(league, LeagueTeam("rovers", rovers_with_a_bench(), 3, headliner_for="Kurt Stamm"), "home")


def test_a_headliner_not_declared_never_comes_on_as_a_substitute(league: Ruleset) -> None:
    from bbcore_skurling.league_play import Substitution
    from bbcore_skurling.match import bring_in

    side = side_from_league_team(league, lent(league, "gorga-longarm", None), "home")
    crushers = side_from_team(league, load_team_file(TEAMS / "black-crag-crushers.yaml").team, "away")
    match = start_match(league, side, crushers)
    hurt = next(pid for pid, role in side.roles.items() if role == "whacker")
    match = attrs.evolve(match, casualties=match.casualties | {hurt})
    with pytest.raises(UsageError, match="home-gorga-longarm is a Headliner"):
        bring_in(league, match, 0, Substitution({hurt: "home-gorga-longarm"}))
