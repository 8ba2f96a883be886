"""The pre-game steps: Fan Factor, weather, Journeymen, inducements with petty cash, Prayers to Nuffle, the kicking team."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.model.common import SkillRef
from bbcore.model.team import InducementOrder, Team, TeamPlayer
from bbcore.rules.board import Status, player_from_position
from bbcore.rules.decisions import DefaultDecisions, IllegalAnswerError, ScriptedDecisions
from bbcore.rules.events import Event
from bbcore.rules.pregame import (
    buy_inducements,
    choose_kicking_team,
    fan_factors,
    inducement_offer,
    journeyman_positions,
    pray_to_nuffle,
    take_on_journeymen,
    weather,
)
from bbcore.rules.sequences import GameState, team_state
from bbcore.ruleset import Ruleset
from bbcore.teams.purchases import InducementOffer
from bbcore.testing import MakeRuleset, build_board
from tests.fixtures.plugins import ParameterPlugin
from tests.rules.game_states import AWAY_LINEMAN, HOME_LINEMAN, away_team, game, home_team, reserves

SNOTLING = "snotling/snotling-lineman"

# -- the fans ----------------------------------------------------------------------------------------


def test_the_fan_factor_is_dedicated_fans_plus_a_d3(core: Ruleset) -> None:
    with ScriptedDice([3, 1]) as dice:
        state, events = fan_factors(core, game(core), dice, DefaultDecisions())
    assert (state.home.fan_factor, state.away.fan_factor) == (2 + 3, 1 + 1)
    assert [(e.kind, e.who, e.rolls) for e in events] == [("fan-factor", "home", (3,)), ("fan-factor", "away", (1,))]


# -- the weather ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rolls", "expected"), [([1, 1], "sweltering-heat"), ([3, 4], "perfect-conditions"), ([6, 6], "blizzard")])
def test_the_weather_is_a_roll_on_the_weather_table(core: Ruleset, rolls: list[int], expected: str) -> None:
    with ScriptedDice(rolls) as dice:
        state, (event,) = weather(core, game(core), dice, DefaultDecisions())
    assert state.weather == expected
    assert (event.kind, event.rolls, event.detail["table"]) == ("weather", tuple(rolls), "weather")


def test_a_variants_weather_table_is_rolled_by_role(make_ruleset: MakeRuleset) -> None:
    from tests.fixtures.plugins import DataPlugin

    rules = make_ruleset(plugins=[("weather-a", DataPlugin("variant", "weather-a", "weather-a"))], variant="weather-a")
    table = rules.table("weather")
    assert table.id != "weather"
    low = table.range[0] if table.range else 1
    faces = [1] * low
    with ScriptedDice(faces) as dice:
        state, (event,) = weather(rules, game(rules), dice, DefaultDecisions())
    assert event.detail["table"] == table.id
    assert state.weather == table.row_for(low).id


# -- journeymen -----------------------------------------------------------------------------------------


def short_handed(core: Ruleset, home: int, away: int) -> GameState:
    return game(core, {**reserves("home", HOME_LINEMAN, home), **reserves("away", AWAY_LINEMAN, away)})


def test_a_short_handed_team_takes_on_loner_linemen_up_to_eleven(core: Ruleset) -> None:
    state = short_handed(core, 9, 11)
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as decisions:
        after, (event,) = take_on_journeymen(core, state, dice, decisions)
    hired = [p for p in after.board.team_players("home") if p.id.startswith("home-journeyman")]
    assert len(hired) == 2
    assert all(p.position == "human/human-lineman" and p.status is Status.RESERVES for p in hired)
    assert all(p.skill_value("loner") == 4 for p in hired)
    assert after.journeymen == ("home-journeyman-1", "home-journeyman-2")
    lineman = core.position("human/human-lineman").cost
    assert after.home.ctv == state.home.ctv + 2 * lineman
    assert event.detail["value"] == 2 * lineman
    assert after.away == state.away


def test_a_full_team_takes_on_no_journeymen(core: Ruleset) -> None:
    state = short_handed(core, 11, 12)
    with ScriptedDice([]) as dice:
        after, events = take_on_journeymen(core, state, dice, DefaultDecisions())
    assert (after, events) == (state, ())


def test_players_out_of_the_game_do_not_count_as_able_to_play(core: Ruleset) -> None:
    state = game(core, reserves("home", HOME_LINEMAN, 11) | reserves("away", AWAY_LINEMAN, 11), statuses={"home-1": "casualty"})
    with ScriptedDice([]) as dice:
        after, _ = take_on_journeymen(core, state, dice, DefaultDecisions())
    assert after.journeymen == ("home-journeyman-1",)


def test_only_lineman_positions_of_zero_to_sixteen_supply_journeymen(core: Ruleset) -> None:
    assert journeyman_positions(core, "human") == ("human/human-lineman",)  # not the 0-3 Halfling Hopefuls
    assert journeyman_positions(core, "shambling-undead") == ("shambling-undead/skeleton-lineman", "shambling-undead/zombie-lineman")


def test_with_several_lineman_positions_the_coach_picks_for_each_journeyman(core: Ruleset) -> None:
    state = game(core, {**reserves("home", "shambling-undead/skeleton-lineman", 9), **reserves("away", AWAY_LINEMAN, 11)})
    state = state.update_team("home", roster="shambling-undead")
    answers = [("journeyman", "shambling-undead/zombie-lineman"), ("journeyman", "shambling-undead/skeleton-lineman")]
    with ScriptedDecisions(answers, strict=True) as decisions:
        after, (event,) = take_on_journeymen(core, state, ScriptedDice([]), decisions)
    assert event.detail["positions"] == ["shambling-undead/zombie-lineman", "shambling-undead/skeleton-lineman"]
    assert after.board.player("home-journeyman-1").position == "shambling-undead/zombie-lineman"


def test_a_journeyman_from_a_position_not_offered_is_refused(core: Ruleset) -> None:
    class Stubborn(DefaultDecisions):
        def journeyman_position(self, team: str, positions: object) -> str:
            return "shambling-undead/ghoul"

    state = game(core, {**reserves("home", "shambling-undead/skeleton-lineman", 10), **reserves("away", AWAY_LINEMAN, 11)})
    state = state.update_team("home", roster="shambling-undead")
    with pytest.raises(UsageError, match="not a Journeyman position"):
        take_on_journeymen(core, state, ScriptedDice([]), Stubborn())


def test_a_roster_without_a_journeyman_position_plays_short(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(plugins=[("strict", ParameterPlugin({"journeymen": {"position_max": 12}}))])
    state = short_handed(rules, 10, 11)
    with ScriptedDice([]) as dice:
        after, (event,) = take_on_journeymen(rules, state, dice, DefaultDecisions())
    assert (event.result, event.detail["missing"]) == ("no-position", 1)
    assert after.board == state.board


# -- inducements ---------------------------------------------------------------------------------------------


def petty_cash_game(core: Ruleset, home_ctv: int, away_ctv: int, home_treasury: int = 0, away_treasury: int = 0) -> GameState:
    return game(core, home=home_team(ctv=home_ctv, treasury=home_treasury), away=away_team(ctv=away_ctv, treasury=away_treasury))


def test_the_rulebook_petty_cash_example(core: Ruleset) -> None:
    # Jay (home, 1,240K) spends 50K of treasury on a keg; Dan (away, 1,160K) gets 80K + 50K and adds 10K.
    state = petty_cash_game(core, 1_240_000, 1_160_000, home_treasury=70_000, away_treasury=100_000)
    dan_buys = {"blitzers-best-kegs": 2, "prayers-to-nuffle": 3, "temp-agency-cheerleaders": 2}
    answers = [("inducements", {"blitzers-best-kegs": 1}), ("inducements", dan_buys)]
    with ScriptedDecisions(answers, strict=True) as decisions:
        after, (jay, dan) = buy_inducements(core, state, ScriptedDice([]), decisions)
    assert (jay.who, jay.detail["from_treasury"], after.home.treasury) == ("home", 50_000, 20_000)
    assert dan.detail["petty_cash"] == 80_000 + 50_000
    assert dan.detail["cost"] == 140_000
    assert (dan.detail["from_treasury"], after.away.treasury) == (10_000, 90_000)
    assert after.away.inducements == dan_buys
    assert after.home.inducements == {"blitzers-best-kegs": 1}


def test_extra_team_training_bought_before_the_game_adds_team_rerolls(core: Ruleset) -> None:
    state = petty_cash_game(core, 1_000_000, 1_200_000)
    answers = [("inducements", {}), ("inducements", {"extra-team-training": 2})]
    with ScriptedDecisions(answers, strict=True) as decisions:
        after, _ = buy_inducements(core, state, ScriptedDice([]), decisions)
    assert after.home.rerolls == state.home.rerolls + 2
    assert after.away.rerolls == state.away.rerolls
    assert (after.home.rerolls_per_half, after.away.rerolls_per_half) == (None, None)  # the hand-made states leave it to the caller
    known = state.update_team("home", rerolls_per_half=state.home.rerolls)
    with ScriptedDecisions(answers, strict=True) as decisions:
        after, _ = buy_inducements(core, known, ScriptedDice([]), decisions)
    assert after.home.rerolls_per_half == state.home.rerolls + 2  # each half starts with the bought ones too


def snotlings_and_humans(core: Ruleset, snotlings: int = 11) -> GameState:
    """A home Snotling team (Low Cost Linemen) of ``snotlings`` in the Reserves, 1,000K against 1,200K of Humans."""
    state = game(
        core,
        {**reserves("home", SNOTLING, snotlings), **reserves("away", AWAY_LINEMAN, 11)},
        home=home_team(ctv=1_000_000),
        away=away_team(ctv=1_200_000),
    )
    return state.update_team("home", roster="snotling", special_rules=tuple(core.roster("snotling").special_rules))


@pytest.mark.parametrize(("pack", "rookies_id"), [(None, "riotous-rookies"), ("bb2020", "bb2020/riotous-rookies")])
def test_riotous_rookies_bring_two_d3_plus_one_more_journeymen_at_once(core: Ruleset, pack: str | None, rookies_id: str) -> None:
    rules = core if pack is None else bbcore.load_ruleset(packs=[pack])
    answers = [("inducements", {}), ("inducements", {rookies_id: 1})]
    with ScriptedDice([2, 3]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        after, events = buy_inducements(rules, snotlings_and_humans(rules), dice, decisions)
    rookies = events[-1]
    assert (rookies.kind, rookies.who, rookies.rolls, rookies.result) == ("journeymen", "home", (2, 3), str(2 + 3 + 1))
    assert len(after.journeymen) == 6
    assert all(after.board.player(pid).position == SNOTLING for pid in after.journeymen)
    assert all(after.board.player(pid).skill_value("loner") == 4 for pid in after.journeymen)
    assert after.home.ctv == 1_000_000  # paid for as an inducement


def test_riotous_rookies_held_from_the_team_file_join_after_the_free_journeymen(core: Ruleset) -> None:
    state = snotlings_and_humans(core, snotlings=10).update_team("home", inducements={"riotous-rookies": 1})
    with ScriptedDice([1, 1]) as dice:
        after, (free, rookies) = take_on_journeymen(core, state, dice, DefaultDecisions())
    assert (free.result, rookies.result, rookies.detail["inducement"]) == ("1", "3", "riotous-rookies")
    assert after.journeymen == tuple(f"home-journeyman-{n}" for n in range(1, 5))


def test_teams_of_equal_ctv_buy_nothing(core: Ruleset) -> None:
    state = petty_cash_game(core, 1_000_000, 1_000_000, 200_000, 200_000)
    with ScriptedDecisions([], strict=True) as decisions:
        after, (event,) = buy_inducements(core, state, ScriptedDice([]), decisions)
    assert (after, event.result) == (state, "even")


def test_unspent_petty_cash_is_lost_and_the_treasury_untouched(core: Ruleset) -> None:
    state = petty_cash_game(core, 1_000_000, 1_100_000, home_treasury=300_000)
    answers = [("inducements", {}), ("inducements", {"prayers-to-nuffle": 1})]
    with ScriptedDecisions(answers, strict=True) as decisions:
        after, (first, second) = buy_inducements(core, state, ScriptedDice([]), decisions)
    assert (first.who, second.who) == ("away", "home")  # the higher CTV goes first
    assert second.detail["petty_cash_lost"] == 100_000 - core.inducement("prayers-to-nuffle").costs[0].cost
    assert after.home.treasury == 300_000


def test_the_treasury_top_up_is_capped(core: Ruleset) -> None:
    cap = core.parameters.petty_cash.treasury_top_up_max
    state = petty_cash_game(core, 1_000_000, 1_010_000, home_treasury=500_000)
    budgets: list[int] = []

    class Shopper(DefaultDecisions):
        def buy_inducements(self, team: str, prices: object, budget: int) -> dict[str, int]:
            budgets.append(budget)
            return {}

    buy_inducements(core, state, ScriptedDice([]), Shopper())
    assert budgets == [0, 10_000 + cap]


@pytest.mark.parametrize(
    ("purchase", "message"),
    [
        ({"bribes": 1}, "cost 100000; the team has 60000"),
        ({"mortuary-assistant": 1}, "not on offer"),
        ({"nothing-like-it": 1}, "not on offer"),
        ({"prayers-to-nuffle": -1}, "cannot be negative"),
        ({"team-mascot": 2}, "at most 1"),
    ],
)
def test_an_impossible_purchase_is_an_error(core: Ruleset, purchase: dict[str, int], message: str) -> None:
    state = petty_cash_game(core, 1_000_000, 1_010_000, home_treasury=500_000)
    answers = [("inducements", {}), ("inducements", purchase)]
    with pytest.raises(UsageError, match=message), ScriptedDecisions(answers, strict=True) as decisions:
        buy_inducements(core, state, ScriptedDice([]), decisions)


def test_the_offer_prices_inducements_for_the_team(core: Ruleset) -> None:
    offer = inducement_offer(core, home_team())
    assert offer["bribes"] == 100_000
    assert "mortuary-assistant" not in offer  # Masters of Undeath teams only
    goblins = inducement_offer(core, home_team(roster="goblin", special_rules=("bribery-and-corruption",)))
    assert goblins["bribes"] == 50_000


def test_the_offer_leaves_out_inducements_that_hire_a_named_player(core: Ruleset) -> None:
    # Their price depends on the position hired, which a purchase by id and count cannot name.
    offer = inducement_offer(core, home_team())
    assert "mercenary-players" not in offer
    assert "star-players" not in offer


# -- players hired before the game ---------------------------------------------------------------------------

MERCENARIES, STARS = "mercenary-players", "star-players"
HUMAN_OGRE = "human/ogre"


def hiring_game(core: Ruleset, linemen: int = 11, **home: Any) -> GameState:
    """Humans (``linemen`` of them in the Reserves) at 1,000K against Orcs at 1,300K: 300K of Petty Cash to spend."""
    players = {**reserves("home", HOME_LINEMAN, linemen), **reserves("away", AWAY_LINEMAN, 11)}
    return game(core, players, home=home_team(ctv=1_000_000, **home), away=away_team(ctv=1_300_000))


def buy(core: Ruleset, state: GameState, *home_orders: InducementOrder) -> tuple[GameState, tuple[Event, ...]]:
    answers = [("inducement-orders", ()), ("inducement-orders", home_orders)]
    with ScriptedDecisions(answers, strict=True) as decisions:
        return buy_inducements(core, state, ScriptedDice([]), decisions)


def test_a_mercenary_bought_before_the_game_joins_the_reserves_with_loner_and_the_skill_paid_for(core: Ruleset) -> None:
    terms = core.inducement(MERCENARIES)
    assert terms.hire is not None
    assert terms.hire.skill is not None
    order = InducementOrder(MERCENARIES, position=HOME_LINEMAN, skill=SkillRef("block"))
    after, events = buy(core, hiring_game(core), order)
    price = terms.costs[0].cost + core.position(HOME_LINEMAN).cost + terms.hire.skill.cost
    bought = next(e for e in events if e.kind == "inducements" and e.who == "home")
    assert (bought.detail["cost"], bought.detail["bought"]) == (price, {MERCENARIES: 1})
    assert bought.detail["orders"] == [{"id": MERCENARIES, "count": 1, "position": HOME_LINEMAN, "skill": "block"}]
    hired = next(e for e in events if e.kind == "hired-players")
    (player_id,) = hired.detail["players"]
    player = after.board.player(player_id)
    assert (player.team, player.position, player.status, player.hired) == ("home", HOME_LINEMAN, Status.RESERVES, True)
    assert player.skill_value("loner") == 4
    assert player.has("block")
    assert after.home.orders == (order,)
    assert after.home.inducements == {MERCENARIES: 1}


def test_the_coach_who_orders_is_offered_the_hires_with_their_prices_and_one_who_counts_is_not(core: Ruleset) -> None:
    seen: dict[str, object] = {}

    class Orderer(DefaultDecisions):
        def order_inducements(self, team: str, offers: Sequence[InducementOffer], budget: int) -> Sequence[InducementOrder]:
            seen.update({offer.id: offer for offer in offers})
            return ()

    buy_inducements(core, hiring_game(core), ScriptedDice([]), Orderer())
    mercenaries, stars = seen[MERCENARIES], seen[STARS]
    assert isinstance(mercenaries, InducementOffer)
    assert isinstance(stars, InducementOffer)
    assert mercenaries.hires_player
    assert stars.hires_player
    surcharge = core.inducement(MERCENARIES).costs[0].cost
    assert mercenaries.positions[HUMAN_OGRE] == core.position(HUMAN_OGRE).cost + surcharge
    assert not stars.positions  # any roster's position, at its own cost

    counted: list[Mapping[str, int]] = []

    class Counter(DefaultDecisions):
        def buy_inducements(self, team: str, prices: Mapping[str, int], budget: int) -> Mapping[str, int]:
            counted.append(prices)
            return {}

    buy_inducements(core, hiring_game(core), ScriptedDice([]), Counter())
    assert counted
    assert all(MERCENARIES not in prices and STARS not in prices for prices in counted)
    assert all("bribes" in prices for prices in counted)


@pytest.mark.parametrize(
    ("orders", "linemen", "message"),
    [
        ((InducementOrder(MERCENARIES, position=AWAY_LINEMAN),), 11, "from the team's own roster"),
        ((InducementOrder(MERCENARIES),), 11, "name the position hired"),
        ((InducementOrder(MERCENARIES, 2, position=HUMAN_OGRE),), 11, "the roster allows at most 1"),
        ((InducementOrder(MERCENARIES, position=HOME_LINEMAN),), 16, "a team may have at most 16"),
        ((InducementOrder(MERCENARIES, 4, position=HOME_LINEMAN),), 11, "at most 3"),
        ((InducementOrder("bribes", position=HOME_LINEMAN),), 11, "hires no player"),
        ((InducementOrder(STARS, 3, position=HUMAN_OGRE),), 11, "the team has 300000 to spend; .*at most 2"),  # every problem at once
    ],
)
def test_a_hire_the_team_may_not_make_is_an_error_naming_why(
    core: Ruleset, orders: tuple[InducementOrder, ...], linemen: int, message: str
) -> None:
    with pytest.raises(UsageError, match=message):
        buy(core, hiring_game(core, linemen), *orders)


def test_a_star_player_of_any_roster_costs_his_own_fee(core: Ruleset) -> None:
    star = InducementOrder(STARS, position=AWAY_LINEMAN)
    after, events = buy(core, hiring_game(core), star)
    bought = next(e for e in events if e.kind == "inducements" and e.who == "home")
    assert bought.detail["cost"] == core.position(AWAY_LINEMAN).cost
    (player,) = [p for p in after.board.team_players("home") if p.hired]
    assert (player.position, player.star, player.spp_earned) == (AWAY_LINEMAN, True, "none")


def test_an_answer_that_is_not_an_order_is_refused(core: Ruleset) -> None:
    answers = [("inducement-orders", ()), ("inducement-orders", [{"id": MERCENARIES}])]
    with pytest.raises(IllegalAnswerError, match="InducementOrder"), ScriptedDecisions(answers, strict=True) as decisions:
        buy_inducements(core, hiring_game(core), ScriptedDice([]), decisions)


# -- prayers to nuffle -----------------------------------------------------------------------------------------


def test_each_prayer_is_a_d16_re_rolling_results_already_drawn(core: Ruleset) -> None:
    state = game(core, home=home_team(inducements={"prayers-to-nuffle": 2}))
    with ScriptedDice([5, 5, 9]) as dice:
        after, events = pray_to_nuffle(core, state, dice, DefaultDecisions())
    assert after.home.prayers == ("knuckle-dusters", "moles-under-the-pitch")
    assert [(e.rolls, e.result, e.detail["rolled_again"]) for e in events if e.kind == "prayer-to-nuffle"] == [
        ((5,), "knuckle-dusters", 0),
        ((5, 9), "moles-under-the-pitch", 1),
    ]
    assert after.away.prayers == ()


def praying(core: Ruleset, **players: tuple[str, str, tuple[int, int] | None]) -> GameState:
    """A game whose home team has one prayer to roll (the D16 that draws a prayer: :func:`d16_for`)."""
    squad = players or {"h1": ("home", HOME_LINEMAN, None), "h2": ("home", HOME_LINEMAN, None), "a1": ("away", AWAY_LINEMAN, None)}
    return game(core, squad, home=home_team(inducements={"prayers-to-nuffle": 1}))


def d16_for(core: Ruleset, prayer: str) -> int:
    row = core.table("prayers-to-nuffle").row(prayer)
    assert row.min is not None
    return row.min


def test_a_chosen_player_takes_the_prayers_effect(core: Ruleset) -> None:
    state = praying(core)
    av = state.board.player("h2").av
    with ScriptedDice([d16_for(core, "iron-man")]) as dice, ScriptedDecisions([("choose-players", ["h2"])], strict=True) as coach:
        after, events = pray_to_nuffle(core, state, dice, coach)
    assert (after.board.player("h2").av, after.board.player("h1").av) == (min(av + 1, 11), av)
    answered = next(e for e in events if e.kind == "prayer-answered")
    assert (answered.result, answered.detail["players"]) == ("iron-man", ["h2"])
    with ScriptedDecisions([("choose-players", ["a1"])]) as wrong, pytest.raises(UsageError, match="choose-players"):
        pray_to_nuffle(core, state, ScriptedDice([d16_for(core, "iron-man")]), wrong)


def test_random_players_are_picked_by_dice_and_opponents_for_an_opposing_prayer(core: Ruleset) -> None:
    state = praying(core)
    second = 2
    with ScriptedDice([d16_for(core, "stiletto"), second]) as dice:
        after, _ = pray_to_nuffle(core, state, dice, DefaultDecisions())
    assert after.board.player("h2").has("stab")
    assert not after.board.player("h1").has("stab")
    three, first = 3, 1  # D3 players for Bad Habits: only one opponent is there to take it
    with ScriptedDice([d16_for(core, "bad-habits"), three, first]) as dice:
        after, _ = pray_to_nuffle(core, praying(core), dice, DefaultDecisions())
    assert after.board.player("a1").skill_value("loner") == 2
    assert not after.board.player("h1").has("loner")


def test_moles_under_the_pitch_trouble_every_opposing_rush(core: Ruleset) -> None:
    with ScriptedDice([d16_for(core, "moles-under-the-pitch")]) as dice:
        after, _ = pray_to_nuffle(core, praying(core), dice, DefaultDecisions())
    board = after.board
    assert board.modifier("rush", board.player("a1")) == -1
    assert board.modifier("rush", board.player("h1")) == 0
    assert board.player("a1").modifiers == {}  # the team's, not the player's
    # A Mercenary the away coach puts on the board after the prayer is troubled too.
    hired = build_board(core, {"m": ("away", AWAY_LINEMAN, None)}).player("m")
    later = board.with_player(hired)
    assert later.modifier("rush", later.player("m")) == -1
    assert later.modifier("dodge", later.player("m")) == 0


def test_intensive_training_gives_a_primary_skill_the_coach_picks(core: Ruleset) -> None:
    first = 1
    with ScriptedDice([d16_for(core, "intensive-training"), first]) as dice, ScriptedDecisions([("gained-skills", ["tackle"])]) as coach:
        after, _ = pray_to_nuffle(core, praying(core), dice, coach)
    assert after.board.player("h1").has("tackle")  # a General skill, the Human Lineman's primary category


def test_intensive_training_offers_no_skill_the_glossary_forbids_beside_his(core: Ruleset) -> None:
    from bbcore.rules.prayers import _chosen_skill

    piranha = player_from_position(core, "p1", "home", "amazon/piranha-warrior", (5, 5), Status.STANDING)  # Hit and Run
    offered: list[str] = []

    class Coach(DefaultDecisions):
        def gained_skills(self, player_id: str, candidates: Sequence[str], count: int) -> Sequence[str]:
            offered.extend(candidates)
            return [candidates[0]]

    _chosen_skill(core, piranha, ("primary",), Coach())
    assert "tackle" in offered
    assert "frenzy" not in offered, "Frenzy cannot go with Hit and Run"


def test_no_prayer_picks_a_star_player(core: Ruleset) -> None:
    state = praying(core)
    star = attrs.evolve(state.board.player("h1"), star=True, hired=True)
    state = attrs.evolve(state, board=state.board.with_player(star))
    only_one = 1  # the die has one face: h2 is the only candidate
    with ScriptedDice([d16_for(core, "stiletto"), only_one]) as dice:
        after, _ = pray_to_nuffle(core, state, dice, DefaultDecisions())
    assert after.board.player("h2").has("stab")
    assert not after.board.player("h1").has("stab")


def test_no_prayers_no_rolls(core: Ruleset) -> None:
    with ScriptedDice([]) as dice:
        state, events = pray_to_nuffle(core, game(core), dice, DefaultDecisions())
    assert (state.home.prayers, state.away.prayers, events) == ((), (), ())


def test_more_prayers_than_results_is_an_error(core: Ruleset) -> None:
    table = core.table("prayers-to-nuffle")
    state = game(core, home=home_team(inducements={"prayers-to-nuffle": 1}, prayers=tuple(row.id for row in table.rows)))
    with pytest.raises(UsageError, match="only 0 results are left"):
        pray_to_nuffle(core, state, ScriptedDice([]), DefaultDecisions())


# -- the kicking team -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("choice", "kicking"), [("kick", "away"), ("receive", "home")])
def test_the_roll_off_winner_chooses_to_kick_or_receive(core: Ruleset, choice: str, kicking: str) -> None:
    with ScriptedDice([3, 3, 2, 5]) as dice, ScriptedDecisions([("kick-or-receive", choice)], strict=True) as decisions:
        state, events = choose_kicking_team(core, game(core), dice, decisions)
    assert state.kicking_team == kicking
    assert [(e.kind, e.result) for e in events] == [("roll-off", "tie"), ("roll-off", "away"), ("kicking-team", choice)]
    assert events[-1].detail["chosen_by"] == "away"


def test_a_choice_other_than_kick_or_receive_is_refused(core: Ruleset) -> None:
    class Confused(DefaultDecisions):
        def kick_or_receive(self, team: str) -> str:
            return "both"

    with pytest.raises(UsageError, match="not 'both'"):
        choose_kicking_team(core, game(core), ScriptedDice([6, 1]), Confused())


def test_two_orders_of_one_inducement_in_the_team_file_both_count_toward_its_limit(core: Ruleset) -> None:
    stars = (InducementOrder(STARS, position=AWAY_LINEMAN), InducementOrder(STARS, position="orc/orc-blitzer"))
    players = tuple(TeamPlayer(name=f"p{n}", position=HOME_LINEMAN) for n in range(11))
    team = team_state(core, "home", Team("Humans", players, roster="human", inducements=stars))
    assert team.inducements == {STARS: 2}
    state = hiring_game(core)
    state = state.with_team(attrs.evolve(team, ctv=1_000_000))
    with pytest.raises(UsageError, match="3 x Star Players; at most 2"):
        buy(core, state, InducementOrder(STARS, position="orc/troll"))


def test_a_single_order_where_a_sequence_is_due_is_refused(core: Ruleset) -> None:
    answers = [("inducement-orders", ()), ("inducement-orders", InducementOrder(MERCENARIES, position=HOME_LINEMAN))]
    with pytest.raises(IllegalAnswerError, match="a sequence of orders"), ScriptedDecisions(answers, strict=True) as decisions:
        buy_inducements(core, hiring_game(core), ScriptedDice([]), decisions)
