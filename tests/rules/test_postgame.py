"""The post-game steps, each feeding the game's figures to the league procedures."""

from __future__ import annotations

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Status
from bbcore.rules.decisions import DefaultDecisions, IllegalAnswerError, ScriptedDecisions
from bbcore.rules.league import casualty_earns_spp, expensive_mistake, spp_for
from bbcore.rules.postgame import (
    MVP_AWARD,
    dedicated_fans,
    expensive_mistakes,
    hiring_and_firing,
    player_advancement,
    prepare_next_fixture,
    record_outcome_and_winnings,
    result_for,
)
from bbcore.rules.sequences import GameState, team_state
from bbcore.ruleset import Ruleset
from bbcore.teams import value_team
from tests.rules.game_states import away_team, game, home_team


def final(core: Ruleset, home_score: int, away_score: int, **changes: object) -> GameState:
    return game(
        core,
        home=home_team(score=home_score, fan_factor=4, dedicated_fans=4),
        away=away_team(score=away_score, fan_factor=3, dedicated_fans=4),
        **changes,
    )


@pytest.mark.parametrize(("home", "away", "expected"), [(2, 1, ("win", "loss")), (1, 1, ("draw", "draw")), (0, 3, ("loss", "win"))])
def test_the_result_comes_from_the_score(core: Ruleset, home: int, away: int, expected: tuple[str, str]) -> None:
    state = final(core, home, away)
    assert (result_for(state, "home"), result_for(state, "away")) == expected


def test_winnings_follow_the_rulebook_example_and_go_to_the_treasury(core: Ruleset) -> None:
    state = game(
        core, home=home_team(score=2, fan_factor=4, treasury=10_000, casualties_caused=3), away=away_team(fan_factor=3, stalled=True)
    )
    after, events = record_outcome_and_winnings(core, state, ScriptedDice([]), DefaultDecisions())
    assert after.home.treasury == 10_000 + 65_000
    assert after.away.treasury == 35_000  # (7 / 2 + 0 touchdowns) x 10,000, no bonus for a staller
    outcome = events[0]
    assert (outcome.kind, outcome.who, outcome.result) == ("outcome", "home", "win")
    assert outcome.detail["league_points"] == core.parameters.league.points.win
    assert outcome.detail["casualties_caused"] == 3
    assert [e.kind for e in events] == ["outcome", "winnings", "outcome", "winnings"]


def test_dedicated_fans_move_with_the_result(core: Ruleset) -> None:
    with ScriptedDice([4, 3]) as dice:  # the winner reaches 4; the loser's 3 is below 4
        after, events = dedicated_fans(core, final(core, 1, 0), dice, DefaultDecisions())
    assert (after.home.dedicated_fans, after.away.dedicated_fans) == (5, 3)
    assert [e.result for e in events] == ["fans-up", "fans-down"]


def test_a_draw_rolls_nothing_for_fans(core: Ruleset) -> None:
    with ScriptedDice([]) as dice:
        after, _ = dedicated_fans(core, final(core, 1, 1), dice, DefaultDecisions())
    assert (after.home.dedicated_fans, after.away.dedicated_fans) == (4, 4)


def test_the_mvp_is_one_of_the_nominated_players_who_took_part(core: Ruleset) -> None:
    played = frozenset({"home-1", "home-2", "home-3", "away-1"})
    state = attrs.evolve(final(core, 1, 0), played=played, spp={"home-2": 3})
    # Three of home took part, fewer than six: all three are nominated, in the coach's order.
    answers = [("mvp-nominees", ["home-3", "home-2", "home-1"]), ("mvp-nominees", ["away-1"])]
    with ScriptedDice([2, 1]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        after, events = player_advancement(core, state, dice, decisions)
    mvp = spp_for(core, "most-valuable-player")
    assert after.spp == {"home-2": 3 + mvp, "away-1": mvp}
    assert [(e.kind, e.who, e.result) for e in events] == [
        ("mvp", "home", "home-2"),
        ("star-player-points", "home-2", str(3 + mvp)),
        ("mvp", "away", "away-1"),
        ("star-player-points", "away-1", str(mvp)),
    ]


def test_a_coach_nominates_six_or_all_who_took_part_never_fewer(core: Ruleset) -> None:
    played = frozenset({f"home-{n}" for n in range(1, 12)} | {"away-1"})
    state = attrs.evolve(final(core, 1, 0), played=played)
    with (
        ScriptedDice([]) as dice,
        ScriptedDecisions([("mvp-nominees", ["home-1"])]) as decisions,
        pytest.raises(IllegalAnswerError, match="exactly 6"),
    ):
        player_advancement(core, state, dice, decisions)


def test_a_team_nobody_played_for_has_no_mvp(core: Ruleset) -> None:
    state = attrs.evolve(final(core, 1, 0), played=frozenset({"home-1"}))
    with ScriptedDice([1]) as dice:
        _, events = player_advancement(core, state, dice, DefaultDecisions())
    assert (events[-1].who, events[-1].result) == ("away", "nobody-took-part")


def test_only_players_who_took_part_may_be_nominated(core: Ruleset) -> None:
    state = attrs.evolve(final(core, 1, 0), played=frozenset({"home-1", "away-1"}))
    with (
        pytest.raises(UsageError, match="the 'mvp-nominees' question for home was answered 'home-2'"),
        ScriptedDecisions([("mvp-nominees", ["home-2"])]) as decisions,
    ):
        player_advancement(core, state, ScriptedDice([]), decisions)


def test_hiring_and_firing_rolls_nothing_and_lists_journeymen_and_casualties(core: Ruleset) -> None:
    state = attrs.evolve(final(core, 0, 0, statuses={"home-4": "casualty"}), journeymen=("home-11",))
    with ScriptedDice([]) as dice:
        after, events = hiring_and_firing(core, state, dice, DefaultDecisions())
    assert after == state
    assert events[0].detail["journeymen"] == ["home-11"]
    assert events[0].detail["casualties"] == ["home-4"]
    assert events[1].detail["journeymen"] == []


def test_hiring_and_firing_lists_the_results_that_stand_and_the_dead(core: Ruleset) -> None:
    state = final(core, 0, 0)
    board = state.board
    board = board.with_player(board.player("home-4").with_casualty("dead"))
    # Back in the Reserves for the game alone: his result still applies.
    board = board.with_player(board.player("home-5").with_casualty("seriously-hurt").with_status(Status.RESERVES))
    board = board.with_player(board.player("away-2").with_casualty("dead").recovered())
    with ScriptedDice([]) as dice:
        _, events = hiring_and_firing(core, attrs.evolve(state, board=board), dice, DefaultDecisions())
    home, away = (event.detail for event in events)
    assert (home["casualties"], home["dead"]) == (["home-4"], ["home-4"])
    assert home["results"] == {"home-4": ["dead"], "home-5": ["seriously-hurt"]}
    assert (away["casualties"], away["results"], away["dead"]) == ([], {}, [])


def test_a_large_treasury_risks_an_expensive_mistake(core: Ruleset) -> None:
    state = game(core, home=home_team(treasury=150_000), away=away_team(treasury=20_000))
    with ScriptedDice([1, 2]) as dice:  # a minor incident: D3 x 10,000 lost
        after, events = expensive_mistakes(core, state, dice, DefaultDecisions())
    assert (after.home.treasury, after.away.treasury) == (130_000, 20_000)
    assert [e.result for e in events] == ["minor-incident", "no-roll"]


def test_the_next_fixture_values_the_team_file_again(core: Ruleset) -> None:
    human = next(ref.team for ref in core.team_files if ref.id == "human-starter")
    grown = attrs.evolve(human, rerolls=human.rerolls + 1)
    home = attrs.evolve(team_state(core, "home", human), team=grown)
    after, events = prepare_next_fixture(core, game(core, home=home), ScriptedDice([]), DefaultDecisions())
    assert after.home.ctv == value_team(core, grown).current_team_value > home.ctv
    assert (events[0].result, events[1].result) == ("revalued", "unchanged")
    assert after.away.ctv == away_team().ctv


def test_gold_spent_hiring_is_gone_before_the_expensive_mistakes(core: Ruleset) -> None:
    human = next(ref.team for ref in core.team_files if ref.id == "human-starter")
    home = attrs.evolve(team_state(core, "home", human), treasury=250_000)
    state = game(core, home=home, away=away_team(treasury=20_000))
    # A team re-roll bought after the draft costs the roster's price times the multiplier.
    reroll = core.roster("human").reroll_cost * core.parameters.rerolls.cost_multiplier_after_draft
    hired = attrs.evolve(human, rerolls=human.rerolls + 1, treasury=250_000 - reroll)
    with ScriptedDice([]) as dice, ScriptedDecisions([("team-after-hiring", hired), ("team-after-hiring", None)]) as decisions:
        after, events = hiring_and_firing(core, state, dice, decisions)
    assert after.home.team is hired
    assert after.home.treasury == 250_000 - reroll
    assert (events[0].result, events[0].detail["spent"], events[0].detail["left"]) == ("changed", reroll, 250_000 - reroll)
    assert events[1].result == "recorded"
    # What the hiring left is what the Expensive Mistakes read; the next fixture values the new team.
    with ScriptedDice([1, 3]) as dice:
        expected, _ = expensive_mistake(core, 250_000 - reroll, dice)
    with ScriptedDice([1, 3]) as dice:
        mistaken, _ = expensive_mistakes(core, after, dice, DefaultDecisions())
    assert mistaken.home.treasury == expected != 250_000 - reroll
    revalued, _ = prepare_next_fixture(core, mistaken, ScriptedDice([]), DefaultDecisions())
    assert revalued.home.ctv == value_team(core, hired).current_team_value


def test_hiring_may_not_spend_gold_the_team_lacks_nor_leave_an_illegal_team(core: Ruleset) -> None:
    human = next(ref.team for ref in core.team_files if ref.id == "human-starter")
    state = game(core, home=attrs.evolve(team_state(core, "home", human), treasury=50_000))
    richer = attrs.evolve(human, treasury=60_000)
    illegal = attrs.evolve(human, rerolls=9, treasury=-10_000)
    with pytest.raises(IllegalAnswerError, match="more than the 50000"):
        hiring_and_firing(core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", richer)]))
    with pytest.raises(IllegalAnswerError, match=r"below 0.*too-many-rerolls|below 0.*re-rolls"):
        hiring_and_firing(core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", illegal)]))


def test_a_star_player_earns_no_spp_and_is_never_the_mvp(core: Ruleset) -> None:
    from bbcore.model.team import InducementOrder
    from bbcore.rules.hired_players import hired_players

    (star,) = hired_players(core, "home", [InducementOrder("star-players", position="human/ogre")])
    (mercenary,) = hired_players(core, "home", [InducementOrder("mercenary-players", position="human/human-blitzer")], taken={star.id})
    assert (star.spp_earned, mercenary.spp_earned) == ("none", "all")
    state = final(core, 1, 0)
    board = state.board.with_player(attrs.evolve(star, square=(5, 5), status=Status.STANDING))
    state = attrs.evolve(state, board=board, played=frozenset({"home-1", star.id}), spp={star.id: 3, "home-1": 3})
    # Only home-1 may be nominated: the star is not offered, and a coach naming him is refused.
    with ScriptedDecisions([("mvp-nominees", [star.id])]) as decisions, pytest.raises(UsageError, match="mvp-nominees"):
        player_advancement(core, state, ScriptedDice([]), decisions)
    with ScriptedDice([1]) as dice:
        after, events = player_advancement(core, state, dice, DefaultDecisions())
    assert star.id not in after.spp
    assert after.spp["home-1"] == 3 + spp_for(core, MVP_AWARD)
    assert [e.who for e in events if e.kind == "star-player-points"] == ["home-1"]


def test_a_hired_player_who_earns_only_the_mvp_award_keeps_no_other_spp() -> None:
    from bbcore.model.team import InducementOrder
    from bbcore.rules.hired_players import hired_players

    rules = bbcore.load_ruleset(packs=["bb2020"])
    (star,) = hired_players(rules, "home", [InducementOrder("bb2020/star-players", position="human/ogre")])
    assert star.spp_earned == "mvp"
    assert not casualty_earns_spp("block", star)
    state = final(rules, 1, 0)
    state = attrs.evolve(
        state,
        board=state.board.with_player(attrs.evolve(star, square=(5, 5), status=Status.STANDING)),
        played=frozenset({star.id}),
        spp={star.id: 2},
    )
    with ScriptedDice([1]) as dice:
        after, _ = player_advancement(rules, state, dice, DefaultDecisions())
    assert after.spp[star.id] == spp_for(rules, MVP_AWARD)


def test_the_hiring_must_pay_for_new_players_rerolls_and_staff(core: Ruleset) -> None:
    from bbcore.model.team import TeamPlayer
    from bbcore.teams.hiring import hiring_cost

    human = next(ref.team for ref in core.team_files if ref.id == "human-starter")
    lineman = TeamPlayer("Rolf", "human/human-lineman")
    fee = core.position("human/human-lineman").cost
    reroll = core.roster("human").reroll_cost * core.parameters.rerolls.cost_multiplier_after_draft
    coach = core.parameters.staff["assistant-coaches"].cost
    staff = {**human.staff, "assistant-coaches": int(human.staff.get("assistant-coaches", 0)) + 1}
    grown = attrs.evolve(human, players=(*human.players, lineman), rerolls=human.rerolls + 1, staff=staff)
    cost = hiring_cost(core, human, grown)
    assert cost.gold == fee + reroll + coach
    assert [label for label, _ in cost.items] == ["Rolf (human/human-lineman)", "1 team re-roll(s)", "1 x Assistant Coaches"]
    # A player raised by Masters of Undeath comes free; one renamed counts as a new hire; letting go brings nothing.
    assert hiring_cost(core, human, attrs.evolve(human, players=(*human.players, lineman)), free_positions=[lineman.position]).gold == 0
    renamed = attrs.evolve(human, players=(attrs.evolve(human.players[0], name="Kurt the Second"), *human.players[1:]))
    assert hiring_cost(core, human, renamed).gold == core.position(human.players[0].position).cost
    assert hiring_cost(core, human, attrs.evolve(human, players=human.players[1:])).gold == 0
    # The post-game step refuses a team that does not pay.
    state = game(core, home=attrs.evolve(team_state(core, "home", human), treasury=200_000))
    cheap = attrs.evolve(grown, treasury=200_000 - fee)
    with pytest.raises(IllegalAnswerError, match="the Treasury went down by 50K only"):
        hiring_and_firing(core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", cheap)]))


def test_a_journeyman_kept_pays_his_fee_and_the_value_of_what_he_learned(core: Ruleset) -> None:
    from bbcore.model.common import SkillRef
    from bbcore.model.team import Advancement, TeamPlayer
    from bbcore.rules.league import value_increase
    from bbcore.teams.hiring import hiring_cost

    human = next(ref.team for ref in core.team_files if ref.id == "human-starter")
    learned = TeamPlayer("Jorg", "human/human-lineman", advancements=(Advancement("chosen-primary", skill=SkillRef("block")),))
    cost = hiring_cost(core, human, attrs.evolve(human, players=(*human.players, learned)))
    elite = core.skills["block"].elite
    assert cost.gold == core.position("human/human-lineman").cost + value_increase(core, "chosen-primary", elite=elite)


def test_re_rolls_are_never_given_up_and_no_firing_goes_below_the_floor(core: Ruleset) -> None:
    human = next(ref.team for ref in core.team_files if ref.id == "human-starter")
    floor = core.parameters.players_on_pitch
    assert sum(p.available for p in human.players) > floor
    state = game(core, home=attrs.evolve(team_state(core, "home", human), treasury=0))
    fewer_rerolls = attrs.evolve(human, rerolls=human.rerolls - 1, treasury=0)
    with pytest.raises(IllegalAnswerError, match="re-rolls are never given up"):
        hiring_and_firing(core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", fewer_rerolls)]))
    # Firing down to the floor is allowed; one more is not.
    keep = human.players[:floor]
    allowed = attrs.evolve(human, players=keep, treasury=0)
    after, _ = hiring_and_firing(
        core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", allowed), ("team-after-hiring", None)])
    )
    assert after.home.team is allowed
    below = attrs.evolve(human, players=keep[:-1], treasury=0)
    fired = ", ".join(sorted(p.name for p in human.players[floor - 1 :]))
    with pytest.raises(IllegalAnswerError, match=f"it fires {fired} with {floor - 1} players eligible"):
        hiring_and_firing(core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", below)]))
    # Letting go a player hurt so that he misses the next game takes nobody eligible away: allowed below the floor.
    short = attrs.evolve(human, players=keep)
    short_state = game(core, home=attrs.evolve(team_state(core, "home", short), treasury=0))
    hurt = attrs.evolve(short_state.board.player("home-1"), status=Status.CASUALTY, casualty_results=("seriously-hurt",))
    short_state = attrs.evolve(short_state, board=short_state.board.with_player(hurt))
    without_him = attrs.evolve(short, players=keep[1:], treasury=0)
    answers = ScriptedDecisions([("team-after-hiring", without_him), ("team-after-hiring", None)])
    assert hiring_and_firing(core, short_state, ScriptedDice([]), answers)[0].home.team is without_him
    # One who missed this game has served it: he is eligible again, and may not be fired below the floor.
    served = attrs.evolve(short, players=(attrs.evolve(keep[0], miss_next_game=True), *keep[1:]))
    served_state = game(core, home=attrs.evolve(team_state(core, "home", served), treasury=0))
    with pytest.raises(IllegalAnswerError, match=f"it fires {keep[0].name} with {floor - 1} players eligible"):
        hiring_and_firing(core, served_state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", without_him)]))


def test_only_a_lasting_injury_in_the_game_lets_a_player_retire_and_he_stays_retired(core: Ruleset) -> None:
    from bbcore.model.team import Team
    from bbcore.teams.profiles import game_players

    human = next(ref.team for ref in core.team_files if ref.id == "human-starter")

    def state_with(results: tuple[str, ...], team: Team = human) -> GameState:
        base = game(core, home=attrs.evolve(team_state(core, "home", team), treasury=0))
        players = list(game_players(core, team, "home"))
        hurt = attrs.evolve(players[0], status=Status.CASUALTY, casualty_results=results)
        return attrs.evolve(base, board=base.board.replace_players([*players[1:], hurt]))

    retired = attrs.evolve(human, players=(attrs.evolve(human.players[0], temporarily_retired=True), *human.players[1:]), treasury=0)
    name = human.players[0].name
    with pytest.raises(IllegalAnswerError, match=f"{name} may retire for the season only after a lasting injury"):
        hiring_and_firing(core, state_with(("seriously-hurt",)), ScriptedDice([]), ScriptedDecisions([("team-after-hiring", retired)]))
    answers = ScriptedDecisions([("team-after-hiring", retired), ("team-after-hiring", None)])
    after, _ = hiring_and_firing(core, state_with(("lasting-injury",)), ScriptedDice([]), answers)
    assert after.home.team is retired
    back = attrs.evolve(retired, players=human.players)
    with pytest.raises(IllegalAnswerError, match=f"{name} retired for the rest of the season"):
        hiring_and_firing(core, state_with((), retired), ScriptedDice([]), ScriptedDecisions([("team-after-hiring", back)]))


class Surcharging:
    def __init__(self, items: object) -> None:
        self.items = items

    @bbcore.hookimpl
    def bbcore_hiring_surcharges(self, ruleset: Ruleset, state: GameState, team_id: str, hired: tuple[object, ...]) -> object:
        return self.items if hired else None


def test_a_plugin_s_hiring_surcharge_is_added_and_a_malformed_one_is_refused(make_ruleset: object) -> None:
    from bbcore.errors import PluginError
    from bbcore.model.team import TeamPlayer

    def hire(items: object, paid: int) -> GameState:
        rules = make_ruleset(plugins=[("surcharging", Surcharging(items))], entry_points=False)  # type: ignore[operator]
        human = next(ref.team for ref in rules.team_files if ref.id == "human-starter")
        state = game(rules, home=attrs.evolve(team_state(rules, "home", human), treasury=200_000))
        grown = attrs.evolve(human, players=(*human.players, TeamPlayer("Rolf", "human/human-lineman")), treasury=200_000 - paid)
        after, _ = hiring_and_firing(rules, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", grown)]))
        return after

    fee = bbcore.load_ruleset().position("human/human-lineman").cost
    assert hire([("Rolf's agent", 5_000)], fee + 5_000).home.treasury == 200_000 - fee - 5_000
    with pytest.raises(IllegalAnswerError, match="Rolf's agent 5K"):
        hire([("Rolf's agent", 5_000)], fee)
    with pytest.raises(PluginError, match="not a \\(label, gold\\) pair"):
        hire([("Rolf's agent", "5K")], fee)
