"""Buying inducements from an inducement pack: counts, groups, eligibility, prices, mercenaries, the league
that decides, the pre-game budget, and what ``bbcore inducements --team`` lists."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import bbcore
from bbcore.cli import main
from bbcore.loading.structure import converter
from bbcore.model.team import Team
from bbcore.rules.pregame import inducement_budget, team_inducement_budget
from bbcore.ruleset import Ruleset
from bbcore.teams.checks import LEAGUE_UNNAMED
from bbcore.teams.purchases import inducement_offers
from bbcore.teams.valuation import value_team


@pytest.fixture(scope="module")
def bb2020() -> Ruleset:
    return bbcore.load_ruleset(packs=["bb2020"])


@pytest.fixture(scope="module")
def classic() -> Ruleset:
    return bbcore.load_ruleset(packs=["classic"])


def team(position: str, *orders: dict[str, Any], players: int = 11, **extra: Any) -> Team:
    data = {
        "name": "T",
        "players": [{"name": f"P{i}", "position": position} for i in range(players)],
        "budget": 5_000_000,
        "inducements": list(orders),
        **extra,
    }
    return converter.structure(data, Team)


def snotlings(*orders: dict[str, Any]) -> Team:
    """A legal Snotling team: no more Insignificant Snotling Linemen than the others."""
    others = ["snotling/fun-hoppa"] * 2 + ["snotling/stilty-runna"] * 2 + ["snotling/pump-wagon", "snotling/trained-troll"]
    positions = ["snotling/snotling-lineman"] * len(others) + others
    players = [{"name": f"P{i}", "position": position} for i, position in enumerate(positions)]
    return converter.structure({"name": "T", "players": players, "budget": 5_000_000, "inducements": list(orders)}, Team)


def problems(rules: Ruleset, checked: Team) -> dict[str, str]:
    """The team's problems by code, with their messages."""
    return {p.code: p.message for p in bbcore.check_team(rules, checked).problems}


def inducement_cost(rules: Ruleset, checked: Team) -> int:
    """What the team's inducements add to its cost."""
    return value_team(rules, checked).cost - value_team(rules, team(checked.players[0].position, players=len(checked.players))).cost


HUMANS = "human/human-lineman"
HALFLINGS = "halfling/halfling-hopeful"
GOBLINS = "goblin/goblin-lineman"


# -- counts --------------------------------------------------------------------------------------------


def test_three_bb2020_bribes_are_allowed(bb2020: Ruleset) -> None:
    assert problems(bb2020, team(HUMANS, {"id": "bb2020/bribes", "count": 3})) == {}


def test_a_fourth_bb2020_bribe_is_over_the_limit(bb2020: Ruleset) -> None:
    found = problems(bb2020, team(HUMANS, {"id": "bb2020/bribes", "count": 2}, {"id": "bb2020/bribes", "count": 2}))
    assert set(found) == {"inducement-limit"}
    assert "4 x Bribes; at most 3" in found["inducement-limit"]


def test_classic_assistant_coaches_have_no_limit(classic: Ruleset) -> None:
    assert problems(classic, team(HUMANS, {"id": "classic/assistant-coaches", "count": 20})) == {}


def test_a_conditional_limit_applies_to_teams_meeting_its_condition() -> None:
    core = bbcore.load_ruleset()
    # Bribes: 0-3, or 0-6 with Bribery and Corruption.
    assert problems(core, team(GOBLINS, {"id": "bribes", "count": 6}, league=core.roster("goblin").leagues[0])) == {}
    assert "inducement-limit" in problems(core, team(HUMANS, {"id": "bribes", "count": 6}))


# -- groups ---------------------------------------------------------------------------------------------


def test_two_famous_coaches_share_the_group_limit(bb2020: Ruleset) -> None:
    assert problems(bb2020, team(HUMANS, {"id": "bb2020/josef-bugman"}, {"id": "bb2020/ayleen-andar"})) == {}


def test_a_third_famous_coach_breaks_the_group_limit(bb2020: Ruleset) -> None:
    orders = ({"id": "bb2020/josef-bugman"}, {"id": "bb2020/ayleen-andar"}, {"id": "bb2020/schielund-scharlitan"})
    found = problems(bb2020, team(HUMANS, *orders))
    assert set(found) == {"inducement-group-limit"}
    assert "3 from (In)Famous Coaching Staff; at most 2" in found["inducement-group-limit"]


def test_two_wizards_of_different_kinds_are_one_too_many(bb2020: Ruleset) -> None:
    orders = ({"id": "bb2020/hireling-sports-wizard"}, {"id": "bb2020/horatio-x-schottenheim"})
    assert set(problems(bb2020, team(HUMANS, *orders))) == {"inducement-group-limit"}


def test_the_classic_wizard_and_horatio_are_one_wizard_too_many(classic: Ruleset) -> None:
    assert problems(classic, team(HUMANS, {"id": "classic/wizard"})) == {}
    assert problems(classic, team(HUMANS, {"id": "classic/horatio-x-schottenheim"})) == {}
    found = problems(classic, team(HUMANS, {"id": "classic/wizard"}, {"id": "classic/horatio-x-schottenheim"}))
    assert set(found) == {"inducement-group-limit"}
    assert "from Wizards; at most 1" in found["inducement-group-limit"]


# -- eligibility -----------------------------------------------------------------------------------------


def test_a_league_entry_is_open_to_a_team_of_that_league(bb2020: Ruleset) -> None:
    assert problems(bb2020, team(GOBLINS, {"id": "bb2020/krot-shockwhisker"}, league="underworld-challenge")) == {}


def test_a_league_entry_is_closed_to_a_team_of_another_league_and_says_why(bb2020: Ruleset) -> None:
    found = problems(bb2020, team(GOBLINS, {"id": "bb2020/krot-shockwhisker"}, league="badlands-brawl"))
    assert set(found) == {"inducement-not-eligible"}
    assert "only for teams playing in the Underworld Challenge" in found["inducement-not-eligible"]


def test_either_alternative_of_eligibility_any_opens_an_entry(bb2020: Ruleset) -> None:
    order = {"id": "bb2020/horticulturalist-of-nurgle"}
    assert problems(bb2020, team("nurgle/rotter", order)) == {}  # Favoured of Nurgle
    assert problems(bb2020, snotlings(order)) == {}  # Underworld Challenge
    found = problems(bb2020, team(HUMANS, order))
    assert "teams with Favoured of Nurgle or teams playing in the Underworld Challenge" in found["inducement-not-eligible"]


def test_an_apothecary_condition_splits_the_teams(bb2020: Ruleset) -> None:
    assert problems(bb2020, team("nurgle/rotter", {"id": "bb2020/mortuary-assistant"})) == {}
    assert set(problems(bb2020, team(HUMANS, {"id": "bb2020/mortuary-assistant"}))) == {"inducement-not-eligible"}
    assert set(problems(bb2020, team("nurgle/rotter", {"id": "bb2020/wandering-apothecaries"}))) == {"inducement-not-eligible"}


def test_classic_heady_brew_is_for_halfling_and_ogre_teams_only(classic: Ruleset) -> None:
    assert problems(classic, team(HALFLINGS, {"id": "classic/heady-brew", "count": 3}, league="halfling-thimble-cup")) == {}
    assert set(problems(classic, team(HUMANS, {"id": "classic/heady-brew"}))) == {"inducement-not-eligible"}


def test_an_inducement_the_pack_lacks_is_unknown(bb2020: Ruleset) -> None:
    # The core's Prayers to Nuffle are not in the bb2020 list, which replaces the core's.
    found = problems(bb2020, team(HUMANS, {"id": "prayers-to-nuffle"}))
    assert set(found) == {"unknown-inducement"}


# -- prices -----------------------------------------------------------------------------------------------


def test_classic_bribes_cost_goblins_half(classic: Ruleset) -> None:
    assert inducement_cost(classic, team(GOBLINS, {"id": "classic/bribe", "count": 2})) == 2 * 50_000
    assert inducement_cost(classic, team(HUMANS, {"id": "classic/bribe", "count": 2})) == 2 * 100_000


def test_the_classic_chef_costs_halflings_100k_and_others_300k(classic: Ruleset) -> None:
    assert inducement_cost(classic, team(HALFLINGS, {"id": "classic/chef"}, league="woodland-league")) == 100_000
    assert inducement_cost(classic, team(HUMANS, {"id": "classic/chef"})) == 300_000


def test_the_bb2020_chef_price_follows_the_teams_league(bb2020: Ruleset) -> None:
    chef = {"id": "bb2020/halfling-master-chef"}
    assert inducement_cost(bb2020, team(HALFLINGS, chef, league="halfling-thimble-cup")) == 100_000
    assert inducement_cost(bb2020, team(HALFLINGS, chef, league="woodland-league")) == 300_000
    assert inducement_cost(bb2020, team(HUMANS, chef)) == 300_000


def test_a_roster_of_several_leagues_must_say_which_when_the_league_changes_the_price(bb2020: Ruleset) -> None:
    found = problems(bb2020, team(HALFLINGS, {"id": "bb2020/halfling-master-chef"}))
    assert set(found) == {"inducement-league-undecided", LEAGUE_UNNAMED}
    assert "Halfling Thimble Cup: 100K, Woodland League: 300K" in found["inducement-league-undecided"]


def test_an_undecided_league_that_changes_no_inducement_is_no_inducement_problem(bb2020: Ruleset) -> None:
    assert set(problems(bb2020, team(HALFLINGS, {"id": "bb2020/bloodweiser-kegs", "count": 2}))) == {LEAGUE_UNNAMED}


def test_bribery_and_corruption_halves_bb2020_bribes(bb2020: Ruleset) -> None:
    assert inducement_cost(bb2020, team(GOBLINS, {"id": "bb2020/bribes", "count": 3})) == 3 * 50_000


def test_a_price_set_by_league_alone(bb2020: Ruleset) -> None:
    pot = {"id": "bb2020/halfling-hot-pot"}
    assert inducement_cost(bb2020, team(HALFLINGS, pot, league="halfling-thimble-cup")) == 60_000
    assert inducement_cost(bb2020, team(HUMANS, pot)) == 80_000  # Old World Classic


# -- stakes ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("stake", [10_000, 40_000, 100_000])
def test_a_side_bet_costs_its_stake(bb2020: Ruleset, stake: int) -> None:
    bet = team(HUMANS, {"id": "bb2020/side-bet", "stake": stake})
    assert "inducement-stake" not in problems(bb2020, bet)
    assert inducement_cost(bb2020, bet) == stake


@pytest.mark.parametrize("stake", [0, 5_000, 110_000, 25_000])
def test_a_stake_outside_the_terms_is_a_problem(bb2020: Ruleset, stake: int) -> None:
    found = problems(bb2020, team(HUMANS, {"id": "bb2020/side-bet", "stake": stake}))
    assert "10000 to 100000 in steps of 10000" in found["inducement-stake"]


def test_a_side_bet_must_name_its_stake(bb2020: Ruleset) -> None:
    assert "name the stake" in problems(bb2020, team(HUMANS, {"id": "bb2020/side-bet"}))["inducement-stake"]


def test_a_stake_on_an_inducement_that_takes_none_is_a_problem(bb2020: Ruleset) -> None:
    assert "takes no stake" in problems(bb2020, team(HUMANS, {"id": "bb2020/bribes", "stake": 20_000}))["inducement-stake"]


# -- mercenaries ------------------------------------------------------------------------------------------


def test_a_mercenary_costs_its_position_plus_the_surcharge(bb2020: Ruleset) -> None:
    order = {"id": "bb2020/mercenaries", "count": 2, "position": "human/human-blitzer"}
    checked = team(HUMANS, order)
    assert problems(bb2020, checked) == {}
    assert inducement_cost(bb2020, checked) == 2 * (85_000 + 30_000)


def test_a_mercenary_with_a_primary_skill_costs_the_skill_price_more(bb2020: Ruleset) -> None:
    checked = team(HUMANS, {"id": "bb2020/mercenaries", "position": "human/human-lineman", "skill": "sure-hands"})
    assert problems(bb2020, checked) == {}
    assert inducement_cost(bb2020, checked) == 50_000 + 30_000 + 50_000


def test_a_mercenary_may_not_buy_a_skill_the_glossary_forbids_beside_his_own() -> None:
    core = bbcore.load_ruleset()
    order = {"id": "mercenary-players", "position": "amazon/piranha-warrior", "skill": "frenzy"}
    found = problems(core, team("amazon/eagle-warrior", order, players=11))
    assert found == {"skill-not-allowed": "the Piranha Warrior may not take it: Frenzy cannot go with Hit and Run"}


def test_a_mercenary_must_name_its_position(bb2020: Ruleset) -> None:
    assert set(problems(bb2020, team(HUMANS, {"id": "bb2020/mercenaries"}))) == {"inducement-position-missing"}


def test_a_mercenary_comes_from_the_teams_own_roster(bb2020: Ruleset) -> None:
    found = problems(bb2020, team(HUMANS, {"id": "bb2020/mercenaries", "position": "orc/orc-lineman"}))
    assert set(found) == {"inducement-position-not-allowed"}


def test_a_mercenary_position_that_does_not_exist_is_unknown(bb2020: Ruleset) -> None:
    assert set(problems(bb2020, team(HUMANS, {"id": "bb2020/mercenaries", "position": "human/wizard"}))) == {"unknown-position"}


def test_a_mercenary_skill_must_be_primary_and_new(bb2020: Ruleset) -> None:
    secondary = team(HUMANS, {"id": "bb2020/mercenaries", "position": "human/human-lineman", "skill": "dodge"})
    assert (
        "Dodge (agility) is not in the primary categories of the Human Lineman (general)"
        in problems(bb2020, secondary)["inducement-skill-not-allowed"]
    )
    already = team(HUMANS, {"id": "bb2020/mercenaries", "position": "human/human-blitzer", "skill": "block"})
    assert "already" in problems(bb2020, already)["inducement-skill-not-allowed"]


def test_mercenaries_count_toward_the_position_limit(bb2020: Ruleset) -> None:
    players = [{"name": f"P{i}", "position": HUMANS} for i in range(10)] + [{"name": "Big", "position": "human/ogre"}]
    checked = converter.structure(
        {"name": "T", "players": players, "budget": 5_000_000, "inducements": [{"id": "bb2020/mercenaries", "position": "human/ogre"}]},
        Team,
    )
    found = problems(bb2020, checked)
    assert set(found) == {"inducement-position-limit"}
    assert "1 x Ogre able to play and 1 hired; the roster allows at most 1" in found["inducement-position-limit"]


@pytest.mark.parametrize("rules_of", ["core", "bb2020"])
def test_a_star_counts_toward_the_roster_size_but_holds_no_place_of_the_teams_positions(rules_of: str, bb2020: Ruleset) -> None:
    rules = bb2020 if rules_of == "bb2020" else bbcore.load_ruleset()
    star = "bb2020/star-players" if rules_of == "bb2020" else "star-players"
    players = [{"name": f"P{i}", "position": HUMANS} for i in range(10)] + [{"name": "Big", "position": "human/ogre"}]
    order = {"id": star, "position": "human/ogre"}
    checked = converter.structure({"name": "T", "players": players, "budget": 5_000_000, "inducements": [order]}, Team)
    assert problems(rules, checked) == {}
    size = rules.parameters.roster.max
    full = players + [{"name": f"Q{i}", "position": HUMANS} for i in range(size - len(players))]
    crowded = converter.structure({"name": "T", "players": full, "budget": 5_000_000, "inducements": [order]}, Team)
    assert set(problems(rules, crowded)) == {"inducement-roster-size"}


def test_mercenaries_count_toward_a_shared_position_limit(bb2020: Ruleset) -> None:
    lineman = "chaos-chosen/beastman-lineman"
    players = [{"name": f"P{i}", "position": lineman} for i in range(10)] + [{"name": "Big", "position": "chaos-chosen/troll"}]
    hired = [{"id": "bb2020/mercenaries", "position": "chaos-chosen/ogre"}]
    checked = converter.structure({"name": "T", "players": players, "budget": 5_000_000, "inducements": hired}, Team)
    found = problems(bb2020, checked)
    assert "inducement-position-limit" not in found  # each position alone is within its own limit
    assert "1 able to play and 1 hired among troll, ogre, minotaur; at most 1 in total" in found["inducement-position-group-limit"]


def test_mercenaries_keep_the_team_within_the_roster_size(bb2020: Ruleset) -> None:
    assert problems(bb2020, team(HUMANS, {"id": "bb2020/mercenaries", "count": 2, "position": HUMANS}, players=14)) == {}
    blitzers = {"id": "bb2020/mercenaries", "count": 2, "position": "human/human-blitzer"}
    catcher = {"id": "bb2020/mercenaries", "position": "human/human-catcher"}
    too_many = problems(bb2020, team(HUMANS, blitzers, catcher, players=14))
    assert set(too_many) == {"inducement-roster-size"}
    assert "14 players able to play and 3 hired; a team may have at most 16" in too_many["inducement-roster-size"]


@pytest.mark.parametrize("giant", ["bb2020/giant-mercenary", "classic/slave-giant"])
def test_a_giant_counts_toward_the_roster_size(giant: str) -> None:
    rules = bbcore.load_ruleset(packs=[giant.split("/", maxsplit=1)[0]])
    size = rules.parameters.roster.max
    assert problems(rules, team(HUMANS, {"id": giant}, players=size - 1)) == {}
    crowded = problems(rules, team(HUMANS, {"id": giant}, players=size))
    assert set(crowded) == {"inducement-roster-size"}


def test_players_missing_the_game_leave_room_for_mercenaries(bb2020: Ruleset) -> None:
    players = [{"name": f"P{i}", "position": HUMANS, "miss_next_game": i < 2} for i in range(16)]
    order = {"id": "bb2020/mercenaries", "count": 2, "position": "human/human-blitzer"}
    checked = converter.structure({"name": "T", "players": players, "budget": 5_000_000, "inducements": [order]}, Team)
    assert problems(bb2020, checked) == {}


def test_an_inducement_that_hires_no_one_takes_no_position_or_skill(bb2020: Ruleset) -> None:
    found = problems(bb2020, team(HUMANS, {"id": "bb2020/team-mascot", "position": HUMANS, "skill": "block"}))
    assert set(found) == {"inducement-hires-no-player", "inducement-offers-no-skill"}


# -- the pre-game budget ---------------------------------------------------------------------------------


def test_the_higher_ctv_spends_its_treasury_and_the_lower_gets_petty_cash() -> None:
    core = bbcore.load_ruleset()
    cap = core.parameters.petty_cash.treasury_top_up_max
    higher = inducement_budget(core, 1_240_000, 70_000, 1_160_000)
    assert (higher.petty_cash, higher.treasury) == (0, 70_000)
    lower = inducement_budget(core, 1_160_000, 100_000, 1_240_000, opponent_from_treasury=50_000)
    assert (lower.petty_cash, lower.treasury, lower.total) == (80_000 + 50_000, cap, 130_000 + cap)
    assert inducement_budget(core, 1_000_000, 300_000, 1_000_000).total == 0


def test_a_team_files_budget_uses_its_current_team_value_and_treasury(bb2020: Ruleset) -> None:
    checked = team(HUMANS, treasury=20_000)
    ctv = value_team(bb2020, checked).current_team_value
    budget = team_inducement_budget(bb2020, checked, ctv + 150_000)
    assert (budget.petty_cash, budget.treasury) == (150_000, 20_000)


def test_a_team_files_budget_counts_the_journeymen_it_will_take_on(bb2020: Ruleset) -> None:
    short = team(HUMANS, players=9)
    full = team(HUMANS, players=11)
    ctv_full = value_team(bb2020, full).current_team_value
    assert value_team(bb2020, short).current_team_value < ctv_full
    # Two Journeymen bring the nine up to the eleven's value: the same gap, the same Petty Cash.
    assert team_inducement_budget(bb2020, short, ctv_full + 100_000) == team_inducement_budget(bb2020, full, ctv_full + 100_000)


# -- bbcore inducements --team ------------------------------------------------------------------------------


def test_the_offer_lists_closed_entries_with_a_reason(bb2020: Ruleset) -> None:
    offers = {o.id: o for o in inducement_offers(bb2020, team(HUMANS))}
    assert list(offers) == list(bb2020.inducements)
    krot = offers["bb2020/krot-shockwhisker"]
    assert (krot.eligible, krot.price, krot.group) == (False, 70_000, "bb2020/infamous-coaching-staff")
    assert krot.reason == "only for teams playing in the Underworld Challenge"
    assert offers["bb2020/bribes"].reason is None


def test_the_offer_prices_mercenaries_per_position(bb2020: Ruleset) -> None:
    mercenaries = next(o for o in inducement_offers(bb2020, team(HUMANS)) if o.id == "bb2020/mercenaries")
    assert mercenaries.positions["human/human-blitzer"] == 85_000 + 30_000
    assert mercenaries.skill_cost == 50_000
    assert mercenaries.plus_position_cost


def write_team(tmp_path: Path, **extra: Any) -> str:
    path = tmp_path / "team.yaml"
    data = {"name": "Greenfield", "players": [{"name": f"P{i}", "position": HALFLINGS} for i in range(11)], **extra}
    path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML
    return str(path)


def test_the_cli_lists_what_a_team_may_buy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inducements", "--pack", "bb2020", "--team", write_team(tmp_path, league="halfling-thimble-cup"), "--json"]) == 0
    listing = {entry["id"]: entry for entry in json.loads(capsys.readouterr().out)}
    chef = listing["bb2020/halfling-master-chef"]
    assert {k: chef[k] for k in ("name", "min", "max", "price", "eligible", "reason")} == {
        "name": "Halfling Master Chef",
        "min": 0,
        "max": 1,
        "price": 100_000,
        "eligible": True,
        "reason": None,
    }
    assert listing["bb2020/warlock-engineer"]["eligible"] is False
    assert "by_league" not in chef


def test_the_cli_shows_prices_by_league_when_the_team_names_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inducements", "--pack", "bb2020", "--team", write_team(tmp_path), "--json"]) == 0
    listing = {entry["id"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert listing["bb2020/halfling-master-chef"]["by_league"] == {"halfling-thimble-cup": 100_000, "woodland-league": 300_000}
    assert listing["bb2020/halfling-hot-pot"]["by_league"] == {"halfling-thimble-cup": 60_000, "woodland-league": None}


def test_the_cli_shows_a_stakes_bounds_without_a_team_too(capsys: pytest.CaptureFixture[str]) -> None:
    terms = bbcore.load_ruleset(packs=["bb2020"]).inducement("bb2020/side-bet").stake
    assert terms is not None
    assert main(["inducements", "--pack", "bb2020", "--json"]) == 0
    listing = {entry["id"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert listing["bb2020/side-bet"]["stake"] == {"min": terms.min, "max": terms.max, "step": terms.step}


def test_the_cli_says_what_a_team_can_afford(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_team(tmp_path, league="halfling-thimble-cup", treasury=0)
    rules = bbcore.load_ruleset(packs=["bb2020"])
    ctv = value_team(rules, bbcore.load_team_file(path).team).current_team_value
    assert main(["inducements", "--pack", "bb2020", "--team", path, "--opponent-ctv", str(ctv + 60_000), "--json"]) == 0
    listing = {entry["id"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert listing["bb2020/halfling-hot-pot"]["affordable"] is True  # 60K
    assert listing["bb2020/bloodweiser-kegs"]["affordable"] is True  # 50K
    assert listing["bb2020/halfling-master-chef"]["affordable"] is False  # 100K


def test_the_cli_text_marks_closed_entries(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inducements", "--pack", "bb2020", "--team", write_team(tmp_path, league="halfling-thimble-cup")]) == 0
    out = capsys.readouterr().out
    assert "not open: only for teams playing in the Underworld Challenge" in out


def test_the_cli_refuses_a_team_file_it_cannot_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inducements", "--pack", "bb2020", "--team", str(tmp_path / "missing.yaml"), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "missing.yaml" in err


def test_the_cli_wants_a_team_for_an_opponent_ctv(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inducements", "--opponent-ctv", "1000K"]) == 2
    assert "--team" in capsys.readouterr().err


def test_a_team_file_names_its_mercenarys_position_and_skill(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mercenary = {"id": "bb2020/mercenaries", "count": 1, "position": HALFLINGS, "skill": "sure-feet"}
    path = write_team(tmp_path, league="halfling-thimble-cup", inducements=[mercenary, {"id": "bb2020/halfling-master-chef"}])
    assert main(["team", "check", path, "--pack", "bb2020", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == []
    assert report["cost"] == 11 * 30_000 + (30_000 + 30_000 + 50_000) + 100_000
