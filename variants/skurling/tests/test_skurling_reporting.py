"""A finished match read back into each side's league report: points, arcs scored, casualties and SPP."""

from __future__ import annotations

import attrs
from bbcore_skurling.league_play import spp_award
from bbcore_skurling.match import ArcResult, MatchState, Side
from bbcore_skurling.reporting import match_report

import bbcore
from bbcore.rules.events import Event

#: The Skurling ruleset whose numbers these functions read.
SKURLING = bbcore.load_ruleset("skurling")


def arc(number: int, attacker: int, points: int, events: list[Event], *, caught: bool = False, ding_dong: bool = False) -> ArcResult:
    return ArcResult(number, attacker, points, "stunned", caught, ding_dong, 3, tuple(events))


def test_the_report_reads_points_scores_casualties_and_spp_from_the_events() -> None:
    home = Side("home", "Rovers", (), 0)
    away = Side("away", "Crushers", (), 0)
    scored = [
        Event(
            "arc-set-up",
            "home",
            (),
            "set-up",
            {"roles": {"home-1": "whacker", "home-2": "stooge", "home-3": "whacker", "home-5": "cuddler"}},
        ),
        Event("throw-team-mate", "home-1", (), "short-throw"),
        Event("stooge-lands", "home-2", (), "stunned"),
        Event("touch", "home-3", (1, 1), "push-back"),
        Event("stooge-scores", "home-2", (), "end-zone", {"cuddler": "home-5"}),
        Event("arc-ends", "home", (), "scored"),
    ]
    hurt = [
        Event("arc-set-up", "away", (), "set-up", {"roles": {"away-1": "whacker"}, "defender": "home", "defenders": ["home-3"]}),
        Event("block", "away-1", (3,), "pow"),
        Event("casualty", "home-3", (12,), "seriously-hurt"),
        Event("lasting-injury", "home-3", (2,), "head-injury"),
        Event("arc-ends", "away", (), "no-score"),
    ]
    match = attrs.evolve(
        MatchState((home, away)),
        score=(8, 0),
        attacks=(1, 1),
        arcs=(arc(1, 0, 8, scored, caught=True, ding_dong=True), arc(2, 1, 0, hurt)),
        fan_factors=(3, 4),
    )
    names = {"home-1": "Big Bert", "home-2": "Pip", "home-3": "Kurt", "home-5": "Greta"}
    report, events = match_report(SKURLING, match, 0, names)
    assert (report.team, report.points, report.arcs_scored, report.fan_attendance) == ("Rovers", 8, 1, 7)
    assert report.casualties[0].player == "Kurt"
    assert report.casualties[0].casualty == "seriously-hurt"
    assert report.casualties[0].lasting == "head-injury"
    assert report.spp["Greta"] == spp_award(SKURLING, "catch") + spp_award(SKURLING, "ding-dong")
    assert report.spp["Kurt"] == spp_award(SKURLING, "score")
    assert report.spp["Pip"] == spp_award(SKURLING, "arrival")
    assert report.spp["Big Bert"] == spp_award(SKURLING, "opening-throw")
    assert all(e.kind == "spp" for e in events)
    crushers, _ = match_report(SKURLING, match, 1)
    assert crushers.spp == {"away-1": spp_award(SKURLING, "casualty")}
    assert crushers.points == 0


def test_a_report_of_a_simulated_match_adds_up() -> None:
    from bbcore_skurling.simulate import play

    rules = bbcore.load_ruleset("skurling", options={"match": "league"})
    home, away = (ref.team for ref in rules.team_files[:2])
    played = play(rules, home, away, ("scripted", "scripted"), 3, max_arcs=12)
    for side in (0, 1):
        report, _ = match_report(SKURLING, played.match, side)
        assert report.points == played.match.score[side]
        assert report.arcs_scored == sum(1 for a in played.match.arcs if a.attacker == side and a.points)


def test_journeymen_and_the_headliner_are_named_so_their_injuries_and_spp_do_not_count() -> None:
    from bbcore_skurling.postmatch import LeagueTeam, apply_injuries

    from bbcore.model.team import Team, TeamPlayer

    home = Side("home", "rovers", (), 0)
    hurt = [
        Event("arc-set-up", "away", (), "set-up", {"roles": {"away-1": "whacker"}, "defender": "home", "defenders": ["home-journeyman-1"]}),
        Event("casualty", "home-journeyman-1", (12,), "seriously-hurt"),
        Event("casualty", "home-star", (12,), "badly-hurt"),
        Event("arc-ends", "away", (), "no-score"),
    ]
    match = attrs.evolve(MatchState((home, Side("away", "crushers", (), 0))), score=(0, 10), attacks=(1, 1), arcs=(arc(1, 1, 0, hurt),))
    report, _ = match_report(SKURLING, match, 0, {"home-1": "Bert"}, journeymen=["home-journeyman-1"], headliner="home-star")
    assert (report.journeymen, report.headliner) == (("home-journeyman-1",), "home-star")
    roster = Team(name="rovers", players=(TeamPlayer(name="Bert", position="human/human-lineman"),))
    _, lasting, events = apply_injuries(
        SKURLING, LeagueTeam("rovers", roster, 1), report.casualties, ignored=(*report.journeymen, str(report.headliner))
    )
    assert lasting == {}
    assert [(e.who, e.result) for e in events] == [("home-journeyman-1", "ignored"), ("home-star", "ignored")]
