"""League files: a season's results read and checked, the tables and play-off places worked out from them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bbcore.cli import main
from bbcore.errors import DataError
from bbcore.leagues import WHOLE_LEAGUE, division_notes, fixture_records, league_tables, load_league_file, parse_league_text
from bbcore.model.league import Fixture
from bbcore.rules.league import FixtureRecord
from bbcore.ruleset import Ruleset

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "leagues" / "altdorf-cup.yaml"


def test_a_fixture_gives_both_teams_their_line_and_an_unplayed_one_a_loss_each() -> None:
    played = Fixture("a", "b", score=(2, 1), casualties=(0, 3))
    assert fixture_records(played) == (FixtureRecord("a", "win", 2, 1, 0), FixtureRecord("b", "loss", 1, 2, 3))
    level = fixture_records(Fixture("a", "b", score=(1, 1)))
    assert [record.result for record in level] == ["draw", "draw"]
    home, away = fixture_records(Fixture("a", "b", unplayed=True))
    assert (home.result, away.result, home.unplayed, away.unplayed) == ("loss", "loss", True, True)


def test_the_example_league_has_a_table_per_division_listing_every_team(core: Ruleset) -> None:
    league = load_league_file(EXAMPLE).league
    tables = league_tables(core, league)
    assert set(tables) == set(league.divisions)
    for name, teams in league.divisions.items():
        assert sorted(line.team for line in tables[name]) == sorted(teams)
    reik = {line.team: line for line in tables["reik"]}
    win = core.parameters.league.points.win
    assert (reik["reikland-reavers"].rank, reik["reikland-reavers"].points) == (1, 3 * win)
    # The unplayed fixture is a loss for both, and earns no clean-sheet bonus.
    talabec = {line.team: line for line in tables["talabec"]}
    assert talabec["bright-crusaders"].lost == 1
    assert talabec["bright-crusaders"].bonus_points == 0


def test_a_league_of_one_division_and_a_team_yet_to_play(core: Ruleset) -> None:
    league = parse_league_text("name: Friends\nfixtures:\n  - {home: a, away: b, score: [1, 0]}\n").league
    assert league.divisions == {}
    tables = league_tables(core, league)
    assert [line.team for line in tables[WHOLE_LEAGUE]] == ["a", "b"]
    waiting = parse_league_text("name: Friends\ndivisions: {one: [a, b, c]}\nfixtures:\n  - {home: a, away: b, score: [1, 0]}\n").league
    (one,) = league_tables(core, waiting).values()
    # c, yet to play, is level on points with b, who lost: the touchdown difference puts c ahead.
    assert [(line.team, line.played) for line in one] == [("a", 1), ("c", 0), ("b", 1)]


def test_the_league_table_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["league", "table", str(EXAMPLE), "--playoffs", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["name"] == "Altdorf Cup"
    assert report["divisions"]["reik"][0]["team"] == "reikland-reavers"
    assert report["playoffs"][:2] == ["reikland-reavers", "skavenblight-scramblers"]
    assert len(report["playoffs"]) == 3
    assert main(["league", "table", str(EXAMPLE)]) == 0
    text = capsys.readouterr().out
    assert "reikland-reavers" in text
    assert "play-offs" not in text
    assert main(["league", "table", str(EXAMPLE), "--playoffs", "0"]) == 2
    assert "expected 1 or more play-off places" in capsys.readouterr().err


def test_the_league_table_command_draws_the_first_play_off_round(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["league", "table", str(EXAMPLE), "--playoffs", "4", "--draw", "seeded", "--json"]) == 0
    draw = json.loads(capsys.readouterr().out)["draw"]
    # The two division winners meet the other division's runner-up: the lowest placed left.
    assert draw == {
        "method": "seeded",
        "seed": None,
        "pairs": [["reikland-reavers", "bright-crusaders"], ["skavenblight-scramblers", "middenheim-marauders"]],
    }
    drawn = ["league", "table", str(EXAMPLE), "--playoffs", "4", "--draw", "random", "--seed", "3", "--json"]
    assert main(drawn) == 0
    first = json.loads(capsys.readouterr().out)["draw"]
    assert main(drawn) == 0
    assert json.loads(capsys.readouterr().out)["draw"] == first  # the same seed, the same draw
    assert first["seed"] == 3
    reik = {"reikland-reavers", "middenheim-marauders", "nuln-nobles"}
    assert all(len(reik & set(pair)) == 1 for pair in first["pairs"])  # one team of each division in every pair
    assert main(["league", "table", str(EXAMPLE), "--playoffs", "4", "--draw", "random"]) == 0
    assert "drawn at random, seed " in capsys.readouterr().out
    assert main(["league", "table", str(EXAMPLE), "--draw", "seeded"]) == 2
    assert "--draw needs --playoffs N" in capsys.readouterr().err
    assert main(["league", "table", str(EXAMPLE), "--playoffs", "4", "--draw", "seeded", "--seed", "1"]) == 2
    assert "--seed is for --draw random" in capsys.readouterr().err


def test_data_check_knows_a_league_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["data", "check", str(EXAMPLE)]) == 0
    broken = tmp_path / "league.yaml"
    broken.write_text("name: Broken\nfixtures:\n  - {home: a, away: a}\n", encoding="utf-8")
    assert main(["data", "check", str(broken)]) == 2
    err = capsys.readouterr().err
    assert "$.fixtures[0]: a fixture played needs its score" in err
    assert "$.fixtures[0].away: 'a' cannot play itself" in err


PAIRINGS = """name: Pairings
divisions:
  north: [a, b, c, d]
  south: [e, f, g]
fixtures:
  - {home: a, away: b, score: [1, 0]}
  - {home: b, away: a, score: [2, 2]}
  - {home: c, away: e, score: [0, 0]}
"""


def test_fixtures_stay_within_a_division_and_each_pair_meets_once(core: Ruleset) -> None:
    with pytest.raises(DataError) as raised:
        parse_league_text(PAIRINGS, "pairings.yaml")
    found = {(p.code, p.path, p.line) for p in raised.value.problems}
    assert found == {("repeated-fixture", "$.fixtures[1]", 7), ("across-divisions", "$.fixtures[2]", 8)}
    # Put right, the file loads; a division short of the teams the rules advise is pointed out, not refused.
    least = core.parameters.league.division_min_teams
    assert least == 4
    fixed = PAIRINGS.replace("b, away: a", "c, away: d").replace("c, away: e", "e, away: f")
    league_file = parse_league_text(fixed, "pairings.yaml")
    (note,) = division_notes(core, league_file)
    assert (note.code, note.path, note.line) == ("small-division", "$.divisions.south", 4)
    assert "has 3 teams; the rules advise at least 4" in note.message
    full = parse_league_text(fixed.replace("  south: [e, f, g]", "  south: [e, f, g, h]"))
    assert division_notes(core, full) == ()


def test_the_league_table_command_notes_a_small_division(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "small.yaml"
    path.write_text("name: Small\ndivisions: {one: [a, b, c]}\nfixtures:\n  - {home: a, away: b, score: [1, 0]}\n", encoding="utf-8")
    assert main(["league", "table", str(path)]) == 0
    captured = capsys.readouterr()
    assert "note: " in captured.err
    assert "'one' has 3 teams" in captured.err
    assert main(["league", "table", str(path), "--json"]) == 0
    (note,) = json.loads(capsys.readouterr().out)["notes"]
    assert (note["code"], note["path"]) == ("small-division", "$.divisions.one")
