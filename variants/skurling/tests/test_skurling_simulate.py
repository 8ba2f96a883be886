"""Whole matches with automatic coaches: the invariants of the rules over many seeded matches, replay, and the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import attrs
import pytest
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.match import ArcResult, match_over
from bbcore_skurling.policies import Choice, Heuristic, View
from bbcore_skurling.simulate import Played, events_of, play, replay, summarise

import bbcore
from bbcore.cli import main
from bbcore.model.team import Team
from bbcore.ruleset import Ruleset
from bbcore.teams.files import load_team_file

HERE = Path(__file__).parent
TEAMS = HERE.parent / "bbcore_skurling" / "data" / "teams"
#: How many seeded random matches the invariants are checked over, and how many arcs each plays at most.
RANDOM_MATCHES = 1000
RANDOM_ARCS = 4

#: The Skurling ruleset whose numbers these functions read.
SKURLING = bbcore.load_ruleset("skurling")


def team(path: Path) -> Team:
    return load_team_file(path).team


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return bbcore.load_ruleset("skurling", options={"helmets": "on"})


@pytest.fixture(scope="module")
def random_run(rules: Ruleset) -> list[Played]:
    """Random coaches with every inducement between them, the helmets rule on."""
    hoarders, ringers = team(HERE / "data" / "inducement-hoarders.yaml"), team(HERE / "data" / "bell-ringers.yaml")
    return [play(rules, hoarders, ringers, ("random", "random"), seed, max_arcs=RANDOM_ARCS) for seed in range(RANDOM_MATCHES)]


def check_invariants(played: Played) -> None:
    """Every rule the simulator must never break, for one match."""
    match = played.match
    arcs = match.arcs
    first = arcs[0].attacker
    assert [a.attacker for a in arcs] == [(first + i) % 2 for i in range(len(arcs))], "attackers alternate"
    score, attacks = [0, 0], [0, 0]
    intervals = []
    for number, arc in enumerate(arcs, start=1):
        assert not match_over((score[0], score[1]), (attacks[0], attacks[1]), match.target), "no arc after the end"
        score[arc.attacker] += arc.points
        attacks[arc.attacker] += 1
        if match.interval_every and attacks[0] == attacks[1] and attacks[0] % match.interval_every == 0:
            intervals.append(number)
        check_arc(arc)
    assert tuple(score) == match.score, "the arc points add up to the score"
    assert match.over == match_over(match.score, match.attacks, match.target)
    assert list(match.intervals) == intervals, "an interval after every four attacks each"


def check_arc(arc: ArcResult) -> None:
    """The rules one arc must keep."""
    rules = arc_rules(bbcore.load_ruleset("skurling"))
    time_outs = sum(1 for e in arc.events if e.kind == "landing-event" and e.result == "time-out")
    assert arc.turns <= rules.turns_per_arc + time_outs * rules.time_out_turns
    order = [s.id for s in rules.states]
    seen = [e.result for e in arc.events if e.kind in ("stooge-lands", "stooge-state")]
    assert [order.index(s) for s in seen] == sorted(order.index(s) for s in seen), "the Stooge's state never improves"
    set_up = next(e for e in arc.events if e.kind == "arc-set-up")
    stooge = next(pid for pid, role in set_up.detail["roles"].items() if role == "stooge")  # thrown or not
    attacker = set_up.who
    for event in arc.events:
        if event.kind == "touch":
            assert event.who is not None
            assert event.who.startswith(str(attacker)), "only the attacker touches the Stooge"
        if event.kind == "block":
            assert event.detail.get("defender") != stooge, "nobody blocks the Stooge"
    state_points = rules.points_for(arc.stooge_state)
    rang = any(e.kind == "ding-dong" and e.result == "rang" for e in arc.events)
    missed = any(e.kind == "ding-dong" and e.result == "missed" for e in arc.events)
    assert arc.ding_dong == rang
    if not any(e.kind == "arc-ends" and e.result == "scored" for e in arc.events):
        assert arc.points == 0
    elif rang:
        assert arc.points == state_points + rules.ding_dong_bonus
    elif arc.caught and not missed:
        assert arc.points == state_points + rules.catch_bonus
    else:
        assert arc.points == state_points


def test_the_invariants_hold_over_many_seeded_random_matches(random_run: list[Played]) -> None:
    for played in random_run:
        check_invariants(played)
    assert sum(len(p.match.arcs) for p in random_run) == RANDOM_MATCHES * RANDOM_ARCS


class Bold(Heuristic):
    """The scripted coach, but one that always goes for the Ding-Dong when it may."""

    def _ding_dong(self, choice: Choice, view: View) -> int:
        return 1 if len(choice.options) > 1 else 0


@pytest.fixture(scope="module")
def bold_run(rules: Ruleset) -> list[Played]:
    """Short matches where the Bell Ringers, a bold coach with a throwing Cuddler, reach the catch now and then."""
    hoarders, ringers = team(HERE / "data" / "inducement-hoarders.yaml"), team(HERE / "data" / "bell-ringers.yaml")
    # Ten seeds; a Ding-Dong needs a catch first, and these seeds' matches have some (any ten may not).
    seeds = range(10, 20)
    return [play(rules, ringers, hoarders, ("scripted", "scripted"), seed, max_arcs=10, agents=(Bold(), Heuristic())) for seed in seeds]


def test_every_landing_event_helmet_and_inducement_comes_up(rules: Ruleset, random_run: list[Played], bold_run: list[Played]) -> None:
    events = [e for p in (*random_run, *bold_run) for e in events_of(p)]
    landings = {e.result for e in events if e.kind == "landing-event"}
    assert landings == {row.id for row in rules.table("landing-events").rows}
    helmets = {e.result for e in events if e.kind == "helmet"}
    assert helmets == {row.id for row in rules.table(arc_rules(rules).helmets.table).rows}
    used = Counter(e.result for e in events if e.kind == "inducement")
    assert set(used) == set(rules.inducements), f"never used: {set(rules.inducements) - set(used)}"
    for played in bold_run:
        check_invariants(played)


def test_whole_matches_between_the_ready_teams_end_by_the_rules(rules: Ruleset) -> None:
    rovers, crushers = team(TEAMS / "old-road-rovers.yaml"), team(TEAMS / "black-crag-crushers.yaml")
    played = [play(rules, rovers, crushers, ("scripted", "scripted"), seed) for seed in (1, 2)]
    for one in played:
        assert one.finished
        check_invariants(one)
    summary = summarise(played)
    assert summary["matches"] == 2
    assert summary["finished"] == 2
    assert sum(summary["win_rate"]) == pytest.approx(1.0)
    # Gone through once: a generator of the matches' JSON sums up the same.
    assert summarise(one.to_json() for one in played) == summary
    assert summary["arcs"] == sum(len(one.to_json()["arcs"]) for one in played)


def test_a_replay_of_the_log_reaches_the_same_final_state(rules: Ruleset) -> None:
    rovers, crushers = team(TEAMS / "old-road-rovers.yaml"), team(TEAMS / "black-crag-crushers.yaml")
    for policies in (("random", "random"), ("scripted", "random")):
        played = play(rules, rovers, crushers, policies, 5, max_arcs=6)
        again = replay(rules, rovers, crushers, played)
        assert again.match == played.match
        assert again.answers == played.answers
        assert again.rolls == played.rolls


def test_simulate_prints_a_legal_match_and_the_same_seed_gives_the_same_json() -> None:
    command = [sys.executable, "-m", "bbcore", "simulate", "--variant", "skurling", "--seed", "7", "--json"]
    first = subprocess.run(command, capture_output=True, text=True, check=True)
    second = subprocess.run(command, capture_output=True, text=True, check=True)
    assert first.stdout == second.stdout
    match = json.loads(first.stdout)
    assert set(match) >= {"teams", "score", "winner", "arcs", "intervals"}
    assert {t["name"] for t in match["teams"]} == {"Old Road Rovers", "Black Crag Crushers"}
    assert match["winner"] in (0, 1)
    assert max(match["score"]) >= arc_rules(bbcore.load_ruleset("skurling")).target_points
    assert sum(a["points"] for a in match["arcs"] if a["attacker"] == 0) == match["score"][0]
    arc = match["arcs"][0]
    assert set(arc) == {"number", "attacker", "points", "stooge_state", "caught", "ding_dong", "turns", "events"}
    assert arc["stooge_state"] in {"stunned", "ko", "casualty"}


def test_a_rooted_player_is_offered_no_move() -> None:
    import attrs
    from bbcore_skurling.legal import declarations
    from test_skurling_arc import LINEMAN, STOOGE, arc_at

    rules = bbcore.load_ruleset("skurling")
    arc = arc_at(rules, {STOOGE: (5, 1), LINEMAN: (8, 2)})
    rooted = attrs.evolve(arc, board=arc.board.with_player(attrs.evolve(arc.board.player(LINEMAN), rooted=True)))
    assert any(d.player == LINEMAN and d.kind == "move" for d in declarations(rules, arc))
    assert not any(d.player == LINEMAN and d.kind in ("move", "touch-blitz") for d in declarations(rules, rooted))


def test_a_league_side_fields_its_declared_five_and_its_bench_stands_in() -> None:
    from bbcore_skurling.match import side_from_team
    from bbcore_skurling.simulate import _Match

    from bbcore.model.team import TeamPlayer

    rules = bbcore.load_ruleset("skurling", options={"match": "league"})
    rovers = team(TEAMS / "old-road-rovers.yaml")
    bench = TeamPlayer(name="Spare", position="human/human-lineman")
    roster = attrs.evolve(rovers, players=(bench, *rovers.players))
    side = side_from_team(SKURLING, roster, "home")
    runner = _Match(rules, None, None)  # type: ignore[arg-type]
    declared = runner.fielded_five(side, frozenset())
    assert "home-1" not in declared, "the bench player waits while the declared five are able"
    hurt = next(pid for pid in declared if side.roles.get(pid) == "whacker")
    assert "home-1" in runner.fielded_five(side, frozenset({hurt}))


def test_a_balance_in_two_processes_is_the_same_report(rules: Ruleset) -> None:
    from bbcore.simulation import balance

    rovers, crushers = team(TEAMS / "old-road-rovers.yaml"), team(TEAMS / "black-crag-crushers.yaml")
    plain = bbcore.load_ruleset("skurling")
    alone = balance(plain, [rovers, crushers], matches=2, policies=("scripted", "random"), seed=3)
    shared = balance(plain, [rovers, crushers], matches=2, policies=("scripted", "random"), seed=3, jobs=2)
    assert shared.to_json() == alone.to_json()
    assert alone.matches == 2


def test_simulate_in_two_processes_prints_the_same_summary() -> None:
    command = [sys.executable, "-m", "bbcore", "simulate", "--variant", "skurling", "--seed", "2", "--matches", "2", "--json"]
    alone = subprocess.run(command, capture_output=True, text=True, check=True)
    shared = subprocess.run([*command, "--jobs", "2"], capture_output=True, text=True, check=True)
    assert shared.stdout == alone.stdout
    assert json.loads(alone.stdout)["matches"] == 2


def test_balance_draws_its_chart_as_svg_or_png_by_the_file_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    command = ["balance", "--variant", "skurling", "--matches", "1", "--policy", "random"]
    for name, start in (("chart.svg", b"<svg"), ("chart.png", b"\x89PNG\r\n\x1a\n")):
        assert main([*command, "--plot", str(tmp_path / name)]) == 0
        assert f"chart written to {tmp_path / name}" in capsys.readouterr().out
        assert (tmp_path / name).read_bytes().startswith(start)
    assert main([*command, "--plot", str(tmp_path / "chart.pdf")]) == 2
    assert "--plot draws an SVG or a PNG chart" in capsys.readouterr().err
    assert not (tmp_path / "chart.pdf").exists()
