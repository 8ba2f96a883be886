"""The end of a season (play-off places, prizes) and the Off-season Break of a team re-drafted."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.model.common import SkillRef
from bbcore.model.team import Advancement, Team
from bbcore.rules.league import FixtureRecord, Standing, standings
from bbcore.rules.off_season import (
    HATRED_FADES,
    NIGGLING_INJURY,
    RECOVERED,
    REDUCTION_HEALS,
    redraft_budget,
    redraft_cost,
    redraft_problems,
    rehire_price,
    rest_and_relaxation,
    season_end,
)
from bbcore.rules.season import PRIZE, next_round, playoff_draw, playoff_qualifiers, prize_money, third_place_game
from bbcore.ruleset import Ruleset
from bbcore.teams.valuation import hiring_fee, player_value, value_team


def table(core: Ruleset, results: dict[str, tuple[str, ...]]) -> tuple[Standing, ...]:
    """A division's table from each team's results (``win``/``draw``/``loss``, 1-0, 0-0 or 0-1)."""
    score = {"win": (1, 0), "draw": (0, 0), "loss": (0, 1)}
    records = [FixtureRecord(team, result, *score[result]) for team, games in results.items() for result in games]
    return standings(core, records)


def three_divisions(core: Ruleset) -> dict[str, tuple[Standing, ...]]:
    return {
        "north": table(core, {"n1": ("win", "win"), "n2": ("win", "draw"), "n3": ("win", "loss"), "n4": ("loss",)}),
        "south": table(core, {"s1": ("win", "win"), "s2": ("win", "loss"), "s3": ("draw", "draw"), "s4": ("loss",)}),
        "east": table(core, {"e1": ("win", "draw"), "e2": ("draw",), "e3": ("loss", "loss")}),
    }


def test_play_off_places_go_equally_to_each_division_then_to_the_best_of_the_rest(core: Ruleset) -> None:
    divisions = three_divisions(core)
    # Eight places among three divisions: two from each, then the two best third-placed teams.
    qualified = playoff_qualifiers(core, divisions, 8)
    assert qualified[:6] == ("n1", "s1", "e1", "n2", "s2", "e2")
    # n3 (3 points) and s3 (2 points) beat e3 (0 points).
    assert set(qualified[6:]) == {"n3", "s3"}
    assert playoff_qualifiers(core, divisions, 3) == ("n1", "s1", "e1")


def test_a_play_off_place_between_teams_level_on_everything_is_refused(core: Ruleset) -> None:
    divisions = {
        "north": table(core, {"n1": ("win",), "n2": ("draw",), "n3": ("loss",)}),
        "south": table(core, {"s1": ("win",), "s2": ("draw",), "s3": ("loss",)}),
    }
    # Three places: one from each division is clear, and n2 and s2 share the last one exactly.
    with pytest.raises(UsageError, match="n2, s2"):
        playoff_qualifiers(core, divisions, 3)
    level = {"north": table(core, {"n1": ("draw",), "n2": ("draw",), "n3": ("loss",)})}
    with pytest.raises(UsageError, match="n1, n2 are level"):
        playoff_qualifiers(core, level, 1)
    with pytest.raises(UsageError, match="give from 1 to 6"):
        playoff_qualifiers(core, divisions, 7)


def test_level_teams_at_a_division_s_cut_who_both_go_on_are_no_cut(core: Ruleset) -> None:
    divisions = {
        "north": table(core, {"n1": ("draw",), "n2": ("draw",), "n3": ("loss",)}),
        "south": table(core, {"s1": ("win",), "s2": ("loss",), "s3": ("loss", "loss")}),
    }
    # Three places: one from each division, then the best of the rest, n2 (1 point) ahead of s2 (0).
    # n1 and n2 are level at the north's cut, but both go on: nothing to settle.
    assert set(playoff_qualifiers(core, divisions, 3)) == {"n1", "n2", "s1"}
    # With two places only one of them would go on: that is refused.
    with pytest.raises(UsageError, match="n1, n2 are level"):
        playoff_qualifiers(core, divisions, 2)


def test_the_prizes_go_to_the_top_places_from_the_data(core: Ruleset) -> None:
    prizes = core.parameters.league.prizes
    gold, events = prize_money(core, ["champion", "runner-up", "third", "fourth"])
    assert gold == dict(zip(["champion", "runner-up", "third"], prizes, strict=True))
    assert [(e.kind, e.who, e.result) for e in events] == [(PRIZE, "champion", "1"), (PRIZE, "runner-up", "2"), (PRIZE, "third", "3")]
    with pytest.raises(UsageError, match="names one twice"):
        prize_money(core, ["a", "a"])


# -- the Off-season Break ----------------------------------------------------------------------------


def human(core: Ruleset) -> Team:
    return next(ref.team for ref in core.team_files if ref.id == "human-starter")


def worn(core: Ruleset, *, apothecary: bool) -> Team:
    """The Human starter team after a hard season: player 0 misses the next game with two Niggling Injuries, player 1
    holds two Hatreds he gained, player 2 is Temporarily Retiring with two characteristic reductions."""
    team = human(core)
    players = list(team.players)
    players[0] = attrs.evolve(players[0], miss_next_game=True, niggling_injuries=2)
    players[1] = attrs.evolve(players[1], gained_skills=(SkillRef("hatred", "Orc"), SkillRef("hatred", "Elf")))
    players[2] = attrs.evolve(players[2], temporarily_retired=True, lasting_injuries=("smashed-knee", "head-injury"))
    staff = {**team.staff, "apothecary": apothecary}
    return attrs.evolve(team, players=tuple(players), staff=staff)


def test_rest_and_relaxation_heals_what_the_dice_say(core: Ruleset) -> None:
    rest = core.parameters.league.off_season
    assert rest is not None
    heal, stay = rest.rest.heals_on, rest.rest.heals_on - 1
    fade = rest.rest.fades_on
    # Without an Apothecary: niggling heal, stay; Hatred (Orc) fades, (Elf) stays; knee heals, head stays.
    rolls = [heal, stay, fade, fade - 1, heal, stay]
    with ScriptedDice(rolls) as dice:
        rested, events = rest_and_relaxation(core, worn(core, apothecary=False), dice)
    first, second, third = rested.players[:3]
    assert (first.miss_next_game, first.niggling_injuries) == (False, 1)
    assert second.gained_skills == (SkillRef("hatred", "Elf"),)
    assert third.lasting_injuries == ("head-injury",)
    assert third.temporarily_retired  # he retires for good unless the re-draft re-hires him
    assert [(e.kind, e.result) for e in events] == [
        (RECOVERED, "ready"),
        (NIGGLING_INJURY, "healed"),
        (NIGGLING_INJURY, "remains"),
        (HATRED_FADES, "faded"),
        (HATRED_FADES, "kept"),
        (REDUCTION_HEALS, "healed"),
        (REDUCTION_HEALS, "remains"),
    ]
    # An Apothecary on the team turns the same near misses into healing; a Hatred is not helped.
    with ScriptedDice([stay, stay, fade - 1, fade - 1, stay, stay]) as dice:
        helped, _ = rest_and_relaxation(core, worn(core, apothecary=True), dice)
    assert (helped.players[0].niggling_injuries, helped.players[2].lasting_injuries) == (0, ())
    assert len(helped.players[1].gained_skills) == 2


def test_the_redraft_budget_adds_the_season_and_stops_at_the_cap(core: Ruleset) -> None:
    rules = core.parameters.league.off_season
    assert rules is not None
    funds = rules.funds
    budget, event = redraft_budget(core, 40_000, 6, 2, 1)
    assert budget == funds.base + 40_000 + 6 * funds.per_fixture + 2 * funds.per_win + funds.per_draw
    assert event.detail["raised"] == budget
    assert funds.cap is not None
    capped, event = redraft_budget(core, funds.cap, 6, 6, 0)
    assert capped == funds.cap < event.detail["raised"]
    with pytest.raises(UsageError, match="no season has"):
        redraft_budget(core, 0, 2, 2, 1)


def test_a_rehired_player_costs_his_value_and_an_agents_fee_per_season(core: Ruleset) -> None:
    rules = core.parameters.league.off_season
    assert rules is not None
    team = human(core)
    veteran = attrs.evolve(team.players[0], advancements=(Advancement("chosen-primary", SkillRef("block")),), seasons=2)
    before = attrs.evolve(team, players=(veteran, *team.players[1:]))
    assert rehire_price(core, veteran) == player_value(core, veteran) + 2 * rules.agent_fee_per_season
    # Every player kept is a re-hire; only the veteran costs more than his Hiring Fee.
    assert redraft_cost(core, before, before) == value_team(core, before).cost - hiring_fee(core, veteran) + rehire_price(core, veteran)
    # Within a budget that covers it, the same team is a legal re-draft; below it, it is over budget.
    cost = redraft_cost(core, before, before)
    assert redraft_problems(core, before, before, cost) == ()
    (over,) = redraft_problems(core, before, before, cost - 1)
    assert over.code == "over-budget"
    # What the budget leaves may stay in the Treasury, and no more.
    assert redraft_problems(core, before, attrs.evolve(before, treasury=5_000), cost + 5_000) == ()
    (rich,) = redraft_problems(core, before, attrs.evolve(before, treasury=5_001), cost + 5_000)
    assert (rich.code, rich.path) == ("treasury-past-budget", "$.treasury")


def test_a_rehired_player_comes_back_whole(core: Ruleset) -> None:
    team = human(core)
    scarred = attrs.evolve(team.players[0], niggling_injuries=1, spp=7)
    before = attrs.evolve(team, players=(scarred, *team.players[1:]))
    healed = attrs.evolve(before, players=(attrs.evolve(scarred, niggling_injuries=0), *team.players[1:]))
    (found,) = redraft_problems(core, before, healed, 2_000_000)
    assert (found.code, found.path) == ("changed-on-rehire", "$.players[0]")
    # A new player of the same position with another name is a new hire, at his Hiring Fee.
    renamed = attrs.evolve(before, players=(attrs.evolve(scarred, name="Someone Else", niggling_injuries=0, spp=0), *team.players[1:]))
    assert redraft_problems(core, before, renamed, 2_000_000) == ()


def test_the_league_trophy_gives_free_rerolls_that_count_in_the_team_value(core: Ruleset) -> None:
    from bbcore.rules.sequences import team_state

    extra = core.parameters.league.trophy_rerolls
    assert extra > 0
    team = human(core)
    holder = attrs.evolve(team, league_trophy=True)
    plain, held = value_team(core, team), value_team(core, holder)
    reroll = core.roster("human").reroll_cost
    assert (held.cost, held.team_value) == (plain.cost, plain.team_value + extra * reroll)
    assert team_state(core, "home", holder).rerolls == team_state(core, "home", team).rerolls + extra
    assert redraft_cost(core, holder, holder) == redraft_cost(core, team, team)


def test_the_redraft_command_checks_the_new_file_against_the_old(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from bbcore.cli import main

    old = Path(bbcore.__file__).parent / "data" / "teams" / "human-starter.yaml"
    text = old.read_text()
    assert "\nrerolls: " in text
    greedy = tmp_path / "greedy.yaml"
    greedy.write_text(re.sub(r"\nrerolls: \d+", "\nrerolls: 8", text))
    assert main(["team", "redraft", str(old), str(old), "--played", "6", "--won", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["valid"]
    assert report["cost"] <= report["budget"]
    assert len(report["rehired"]) == 12
    # Eight re-rolls at the roster's price break the budget: the problem names the file, line and column.
    assert main(["team", "redraft", str(old), str(greedy), "--played", "0"]) == 1
    out = capsys.readouterr().out
    assert "INVALID re-draft" in out
    assert f"{greedy}:1:1: $: the re-drafted team costs" in out
    # Impossible season figures are refused as a usage error.
    assert main(["team", "redraft", str(old), str(old), "--played", "1", "--won", "2"]) == 2
    assert "no season has" in capsys.readouterr().err
    assert main(["team", "redraft", str(old), str(old), "--played", "-1"]) == 2
    assert "expected 0 or more fixtures" in capsys.readouterr().err


WORN_FILE = """\
name: Worn Out   # a hard season
roster: human
players:
  - name: Ann
    position: human/human-lineman
    miss_next_game: true
    niggling_injuries: 2
  - name: Bea
    position: human/human-lineman
    gained_skills:
      - {id: hatred, value: Orc}   # from the Orc game
      - {id: hatred, value: Elf}
rerolls: 1
"""


def test_the_rest_command_rolls_and_saves_into_the_file_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from bbcore.cli import main
    from bbcore.teams.files import load_team_file

    path = tmp_path / "worn.yaml"
    path.write_text(WORN_FILE, encoding="utf-8")
    assert main(["team", "rest", str(path), "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["seed"], report["saved"]) == (3, False)
    assert path.read_text(encoding="utf-8") == WORN_FILE  # not saved without --save
    by_kind = [(e["kind"], e["who"], e["result"]) for e in report["events"]]
    assert by_kind[0] == (RECOVERED, "Ann", "ready")
    assert main(["team", "rest", str(path), "--seed", "3", "--save"]) == 0
    assert f"saved to {path}" in capsys.readouterr().out
    saved = load_team_file(path).team
    ann, bea = saved.players
    assert not ann.miss_next_game
    healed = sum(1 for kind, who, result in by_kind if (kind, who, result) == (NIGGLING_INJURY, "Ann", "healed"))
    assert ann.niggling_injuries == 2 - healed
    faded = {e["detail"]["keyword"] for e in report["events"] if e["kind"] == HATRED_FADES and e["result"] == "faded"}
    assert [skill.value for skill in bea.gained_skills] == [v for v in ("Orc", "Elf") if v not in faded]
    text = path.read_text(encoding="utf-8")
    assert "# a hard season" in text  # the rest of the file stays as written
    assert ("# from the Orc game" in text) is ("Orc" not in faded)


def test_the_seeded_play_off_draw_meets_the_best_with_the_lowest_of_another_division(core: Ruleset) -> None:
    divisions = three_divisions(core)
    qualified = playoff_qualifiers(core, divisions, 8)
    # n1 meets s3 (the lowest left, of another division); s1 meets n3; e1 would meet e2, its own, so takes s2.
    assert playoff_draw(qualified, divisions) == (("n1", "s3"), ("s1", "n3"), ("e1", "s2"), ("n2", "e2"))
    one = {"north": table(core, {"n1": ("win", "win"), "n2": ("win",), "n3": ("draw",), "n4": ("loss",)})}
    assert playoff_draw(("n1", "n2", "n3", "n4"), one) == (("n1", "n4"), ("n2", "n3"))  # one division: no rule to keep


def test_the_drawn_play_offs_take_the_helmet_s_order_and_keep_divisions_apart(core: Ruleset) -> None:
    divisions = {
        "north": table(core, {"n1": ("win",), "n2": ("draw",)}),
        "south": table(core, {"s1": ("win",), "s2": ("draw",)}),
    }
    with ScriptedDice([1, 1, 1, 1]) as dice:
        assert playoff_draw(("n1", "s1", "n2", "s2"), divisions, dice) == (("n1", "s1"), ("n2", "s2"))
    # Out of the helmet: n2, then n1, s1, s2; n2 passes over n1, its own division's.
    with ScriptedDice([3, 1, 1, 1]) as dice:
        assert playoff_draw(("n1", "s1", "n2", "s2"), divisions, dice) == (("n2", "s1"), ("n1", "s2"))


def test_a_play_off_draw_that_cannot_keep_divisions_apart_is_refused(core: Ruleset) -> None:
    divisions = {
        "north": table(core, {"n1": ("win",), "n2": ("draw",), "n3": ("loss",)}),
        "south": table(core, {"s1": ("win",)}),
    }
    with pytest.raises(UsageError, match="no draw keeps the teams of one division apart"):
        playoff_draw(("n1", "s1", "n2", "n3"), divisions)
    with pytest.raises(UsageError, match="an even number"):
        playoff_draw(("n1", "s1", "n2"), divisions)
    with pytest.raises(UsageError, match="x9 play in no division"):
        playoff_draw(("n1", "x9"), divisions)


def test_each_play_off_round_pairs_the_winners_and_the_semi_finals_losers_play_for_third() -> None:
    quarter_finals = (("a", "h"), ("b", "g"), ("c", "f"), ("d", "e"))
    semi_finals = next_round(quarter_finals, ["a", "g", "f", "d"])
    assert semi_finals == (("a", "g"), ("f", "d"))
    assert next_round(semi_finals, ["g", "d"]) == (("g", "d"),)
    assert third_place_game(semi_finals, ["g", "d"]) == ("a", "f")
    with pytest.raises(UsageError, match="'z' did not play in a v h"):
        next_round(quarter_finals, ["z", "g", "f", "d"])
    with pytest.raises(UsageError, match="4 games need 4 winners"):
        next_round(quarter_finals, ["a", "g"])
    with pytest.raises(UsageError, match="a power of two"):
        next_round((("a", "b"), ("c", "d"), ("e", "f")), ["a", "c", "e"])
    with pytest.raises(UsageError, match="follows two semi-finals"):
        third_place_game(quarter_finals, ["a", "g", "f", "d"])


def test_the_season_s_end_hands_the_trophy_on_and_counts_a_season_for_who_took_part(core: Ruleset) -> None:
    human = next(ref.team for ref in core.team_files if ref.id == "human-starter")
    holder = attrs.evolve(human, league_trophy=True)
    first, second = (p.name for p in human.players[:2])
    ended = season_end(holder, champion=False, took_part=[first])
    assert not ended.league_trophy
    assert [p.seasons for p in ended.players[:2]] == [human.players[0].seasons + 1, human.players[1].seasons]
    assert season_end(human, champion=True, took_part=[]).league_trophy
    with pytest.raises(UsageError, match="no player named 'Nobody'"):
        season_end(human, champion=False, took_part=["Nobody"])
    with pytest.raises(UsageError, match="named twice"):
        season_end(human, champion=False, took_part=[second, second])


def test_the_season_end_command_saves_the_trophy_and_the_seasons_into_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from bbcore.cli import main
    from bbcore.teams.files import load_team_file

    path = tmp_path / "worn.yaml"
    path.write_text(WORN_FILE, encoding="utf-8")
    before = load_team_file(path).team
    assert main(["team", "season-end", str(path), "--champion", "--took-part", "Ann", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"saved": False, "league_trophy": True, "seasons_counted": ["Ann"]}
    assert path.read_text(encoding="utf-8") == WORN_FILE
    assert main(["team", "season-end", str(path), "--all-took-part", "--champion", "--save"]) == 0
    assert "holds the League Trophy; saved to" in capsys.readouterr().out
    saved = load_team_file(path).team
    assert saved.league_trophy
    assert [p.seasons for p in saved.players] == [p.seasons + 1 for p in before.players]
    assert "# a hard season" in path.read_text(encoding="utf-8")
    assert main(["team", "season-end", str(path), "--took-part", "Nobody"]) == 2
    assert "no player named 'Nobody'" in capsys.readouterr().err
    assert main(["team", "season-end", str(path), "--took-part", "Ann", "--all-took-part"]) == 2
