"""The four core inducements played during a game: the Weather Mage, the Dodgy League Rep, Josef Bugman's Dwarven
Wisdom and the Sports-Wizard's spells."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Status
from bbcore.rules.decisions import (
    OPPOSITION_TURN_END,
    OWN_TURN_END,
    ActChoice,
    DefaultDecisions,
    IllegalAnswerError,
    InducementAct,
    ScriptedDecisions,
)
from bbcore.rules.drive import end_of_drive_effects, end_turn
from bbcore.rules.dwarven_wisdom import DWARVEN_WISDOM, dwarven_wisdom_step
from bbcore.rules.foul import argue_the_call_modifier, foul, send_off
from bbcore.rules.inducement_uses import uses_left
from bbcore.rules.injury import Harm, roll_injury
from bbcore.rules.sequences import GameState, run_sequence
from bbcore.rules.sports_wizard import FIREBALL, ZAP, cast_spell, fireball, fireball_victims, frogs, zap
from bbcore.rules.turns import start_turn
from bbcore.rules.weather_mage import TURN_START, call_weather_mage
from bbcore.ruleset import Ruleset
from tests.rules.game_states import AWAY_LINEMAN, HOME_LINEMAN, away_team, game, home_team

MAGE, REFEREE, STAFF, WIZARD = "weather-mage", "biased-referee", "infamous-coaching-staff", "wizard"


# -- the Weather Mage -----------------------------------------------------------------------------


def mage_game(core: Ruleset, weather: str = "perfect-conditions") -> GameState:
    return game(core, home=home_team(inducements={MAGE: 1}), weather=weather)


def test_the_weather_mages_numbers_are_data(core: Ruleset) -> None:
    mage = core.parameters.inducements.weather_mage
    assert mage is not None
    assert (mage.inducement, mage.modifiers) == (MAGE, (-2, -1, 0, 1, 2))


def test_a_weather_mage_rolls_the_weather_again_with_the_coachs_modifier(core: Ruleset) -> None:
    state = mage_game(core)
    coach = ScriptedDecisions([("use-inducement", True), ("weather-modifier", 2)], strict=True)
    with ScriptedDice([5, 5]) as dice, coach:  # 10 + 2: Blizzard
        after, events = start_turn(core, state, "home", dice, coach)
    assert after.weather == "blizzard"
    assert [(e.kind, e.result) for e in events] == [("inducement-used", MAGE), ("weather-mage", "+2"), ("weather", "blizzard")]
    assert events[-1].detail["modifier"] == 2
    # In force at once: Rush rolls take the Blizzard's -1.
    assert after.board.modifier("rush", after.board.player("home-1")) == -1
    assert uses_left(core, after, "home", MAGE) == 0


def test_a_weather_mages_low_roll_is_held_to_the_table(core: Ruleset) -> None:
    coach = ScriptedDecisions([("use-inducement", True), ("weather-modifier", -2)], strict=True)
    with ScriptedDice([1, 2]) as dice, coach:  # 3 - 2 is below the table: its lowest row
        after, _ = start_turn(core, mage_game(core), "home", dice, coach)
    assert after.weather == "sweltering-heat"


def test_the_weather_mage_is_offered_once_a_game_at_its_own_teams_turns(core: Ruleset) -> None:
    state = mage_game(core)
    # The opponent's turn: the mage's coach is not asked.
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as nobody:
        after, events = start_turn(core, state, "away", dice, nobody)
    assert events == ()
    assert after.weather == "perfect-conditions"
    # Kept: nothing rolled, and still there next time.
    with ScriptedDice([]) as dice, ScriptedDecisions([("use-inducement", False)], strict=True) as keeps:
        after, events = start_turn(core, state, "home", dice, keeps)
    assert events == ()
    assert uses_left(core, after, "home", MAGE) == 1
    with ScriptedDice([3, 4]) as dice, ScriptedDecisions([("use-inducement", True), ("weather-modifier", 0)], strict=True) as calls:
        after, _ = start_turn(core, after, "home", dice, calls)
    # Used: not asked again, and a second call is refused.
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as nobody:
        start_turn(core, after, "home", dice, nobody)
    with pytest.raises(UsageError, match="as often as it may this game"):
        call_weather_mage(core, after, "home", 0, ScriptedDice([3, 4]))


def test_a_weather_mage_modifier_out_of_range_is_refused(core: Ruleset) -> None:
    state = mage_game(core)
    with pytest.raises(UsageError, match="one of -2, -1, 0, \\+1, \\+2, not 3"):
        call_weather_mage(core, state, "home", 3, ScriptedDice([]))

    class Greedy(DefaultDecisions):
        def weather_modifier(self, team: str, allowed: Sequence[int]) -> int:
            return 3

    with pytest.raises(IllegalAnswerError, match="'weather-modifier' question for home was answered 3"):
        start_turn(core, state, "home", ScriptedDice([]), Greedy())
    with pytest.raises(UsageError, match="holds no Weather Mage"):
        call_weather_mage(core, state, "away", 1, ScriptedDice([]))


def test_the_weather_mage_asks_at_the_turn_start_moment(core: Ruleset) -> None:
    asked: list[tuple[str, str, str]] = []

    class Watching(DefaultDecisions):
        def use_inducement(self, team: str, inducement: str, situation: str) -> bool:
            asked.append((team, inducement, situation))
            return False

    start_turn(core, mage_game(core), "home", ScriptedDice([]), Watching())
    assert asked == [("home", MAGE, TURN_START)]


# -- the Dodgy League Rep -------------------------------------------------------------------------

FOULER, VICTIM = (10, 7), (11, 7)


def foul_scene(core: Ruleset, home: dict[str, int] | None = None, away: dict[str, int] | None = None) -> GameState:
    players = {"fouler": ("home", HOME_LINEMAN, FOULER), "victim": ("away", AWAY_LINEMAN, VICTIM)}
    return game(
        core,
        players,
        statuses={"victim": "prone"},
        home=home_team(inducements=home or {}),
        away=away_team(inducements=away or {}),
    )


def held(core: Ruleset) -> list[int]:
    """An Armour Roll against the victim that holds, and is no double."""
    total = core.position(AWAY_LINEMAN).av - 1
    low = total // 2 - (1 if total % 2 == 0 else 0)
    return [low, total - low]


def no_arguing() -> ScriptedDecisions:
    return ScriptedDecisions([("argue-the-call", False), ("bribe", False)])


@pytest.mark.parametrize(("die", "sent_off"), [(4, None), (5, "fouler"), (6, "fouler")])
def test_close_scrutiny_sends_a_fouler_off_on_a_five_or_more(core: Ruleset, die: int, sent_off: str | None) -> None:
    rules = core.parameters.inducements.close_scrutiny
    assert rules is not None
    assert (rules.inducement, rules.dice, rules.sent_off_on) == (REFEREE, "D6", 5)
    state = foul_scene(core, away={REFEREE: 1})
    with ScriptedDice([*held(core), die]) as dice:
        outcome = foul(core, state, "fouler", "victim", dice, no_arguing())
    referee = next(e for e in outcome.events if e.kind == "referee")
    assert (referee.rolls, referee.detail["seen"]) == ((die,), "close-scrutiny")
    assert outcome.sent_off == sent_off
    assert outcome.turnover is (sent_off is not None)
    assert (outcome.state.board.player("fouler").status is Status.SENT_OFF) is (sent_off is not None)


def test_close_scrutiny_watches_only_the_other_teams_fouls_and_only_when_nobody_was_seen(core: Ruleset) -> None:
    # The fouler's own team's referee rolls nothing for him.
    with ScriptedDice(held(core)) as dice:
        outcome = foul(core, foul_scene(core, home={REFEREE: 1}), "fouler", "victim", dice, no_arguing())
    assert outcome.sent_off is None
    assert not any(e.kind == "referee" for e in outcome.events)
    # A double sends him off already: no die for the referee.
    with ScriptedDice([2, 2]) as dice:
        outcome = foul(core, foul_scene(core, away={REFEREE: 1}), "fouler", "victim", dice, no_arguing())
    assert outcome.sent_off == "fouler"
    assert [e.detail["seen"] for e in outcome.events if e.kind == "referee"] == ["double"]


def test_a_fouler_caught_by_close_scrutiny_may_argue_and_bribe(core: Ruleset) -> None:
    state = foul_scene(core, home={"bribes": 1}, away={REFEREE: 1})
    with ScriptedDice([*held(core), 6, 5, 2]) as dice:  # the referee's 6; the argument's 5; the Bribe's 2
        outcome = foul(core, state, "fouler", "victim", dice, ScriptedDecisions([("argue-the-call", True), ("bribe", True)]))
    assert outcome.sent_off is None
    assert [e.kind for e in outcome.events][-2:] == ["argue-the-call", "bribe"]


@pytest.mark.parametrize(
    ("die", "hired", "row"),
    [
        (5, False, "i-dont-care"),
        (5, True, "well-when-you-put-it-like-that"),
        (1, True, "youre-outta-here"),
        (2, True, "i-dont-care"),
    ],
)
def test_the_dodgy_league_rep_adds_one_to_arguments_but_a_natural_one_still_ejects(core: Ruleset, die: int, hired: bool, row: str) -> None:
    assert core.parameters.fouls.ejected_on_natural == 1
    state = foul_scene(core, home={REFEREE: 1} if hired else {})
    assert argue_the_call_modifier(core, state, "home") == (1 if hired else 0)
    with ScriptedDice([die]) as dice:
        off = send_off(core, state, "fouler", dice, ScriptedDecisions([("argue-the-call", True)]), reason="foul", active_team="home")
    argued = next(e for e in off.events if e.kind == "argue-the-call")
    assert argued.result == row
    assert off.stays is (row == "well-when-you-put-it-like-that")
    assert off.state.team("home").coach_ejected is (row == "youre-outta-here")


# -- Josef Bugman's Dwarven Wisdom ---------------------------------------------------------------


def bugman_game(core: Ruleset, **changes: Any) -> GameState:
    return attrs.evolve(game(core, home=home_team(inducements={STAFF: 1})), kicking_team="away", **changes)


def test_dwarven_wisdom_comes_once_both_teams_have_set_up(core: Ruleset) -> None:
    steps = [step.id for step in core.sequence("start-of-drive").steps]
    assert steps.index("set-up") < steps.index("swarming") < steps.index(DWARVEN_WISDOM) < steps.index("kick-off")
    rules = core.parameters.inducements.dwarven_wisdom
    assert rules is not None
    assert (rules.inducement, rules.players) == (STAFF, "D3")


def test_dwarven_wisdom_sets_up_again_up_to_d3_players_where_the_coach_says(core: Ruleset) -> None:
    state = bugman_game(core)
    again = {"home-4": (8, 5), "home-5": (8, 9)}
    coach = ScriptedDecisions([("use-inducement", True), ("set-up-again", again)], strict=True)
    with ScriptedDice([2]) as dice, coach:
        after, events = dwarven_wisdom_step(core, state, dice, coach)
    assert (after.board.player("home-4").square, after.board.player("home-5").square) == ((8, 5), (8, 9))
    assert [(e.kind, e.who, e.rolls) for e in events] == [("inducement-used", "home", ()), (DWARVEN_WISDOM, "home", (2,))]
    assert events[1].detail == {"inducement": STAFF, "allowed": 2, "players": ["home-4", "home-5"]}
    # Once a game: the next drive asks nobody.
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as nobody:
        assert dwarven_wisdom_step(core, after, dice, nobody) == (after, ())


def test_dwarven_wisdom_kept_costs_nothing(core: Ruleset) -> None:
    state = bugman_game(core)
    with ScriptedDice([]) as dice, ScriptedDecisions([("use-inducement", False)], strict=True) as coach:
        after, events = dwarven_wisdom_step(core, state, dice, coach)
    assert (after, events) == (state, ())
    assert uses_left(core, after, "home", STAFF) == 1


@pytest.mark.parametrize(
    ("placements", "complaint"),
    [
        ({"home-4": (8, 5), "home-5": (8, 9)}, "up to 1 different"),  # the D3 came up 1
        ({"away-4": (8, 5)}, "the choices were"),  # not one of his players on the pitch
        ({"home-4": (20, 5)}, "dwarven-wisdom for home: .*opposing half"),
        ({"home-1": (8, 5)}, "line of scrimmage"),  # leaves two on the line
        ({"home-4": "there"}, "not a square"),
    ],
)
def test_dwarven_wisdom_keeps_to_the_set_up_rules(core: Ruleset, placements: dict[str, Any], complaint: str) -> None:
    class Coach(DefaultDecisions):
        def set_up_again(self, team: str, reason: str, players: Sequence[str], count: int) -> Any:
            return placements

    with pytest.raises(IllegalAnswerError, match=complaint):
        dwarven_wisdom_step(core, bugman_game(core), ScriptedDice([1]), Coach())


def test_dwarven_wisdom_runs_in_the_start_of_drive_sequence(core: Ruleset) -> None:
    asked: list[tuple[str, str]] = []

    class Coach(DefaultDecisions):
        def use_inducement(self, team: str, inducement: str, situation: str) -> bool:
            asked.append((team, situation))
            return situation == DWARVEN_WISDOM

    # A drive of the second half that needs no re-rolls, no chef and no Leader.
    state = attrs.evolve(bugman_game(core), half=2, home=home_team(inducements={STAFF: 1}, turn=1))
    dice = ScriptedDice([3, *[2] * 30])  # the D3, then whatever the kick-off needs
    _, events = run_sequence(core, "start-of-drive", state, dice, Coach())
    assert asked == [("home", DWARVEN_WISDOM)]
    assert [e.detail["allowed"] for e in events if e.kind == DWARVEN_WISDOM] == [3]


# -- the Sports-Wizard -----------------------------------------------------------------------------

TARGET = (10, 7)


def dice_for(total: int) -> list[int]:
    """Two D6 making ``total``."""
    return [total - 6, 6] if total > 7 else [1, total - 1]


def wizard_game(core: Ruleset, **kwargs: Any) -> GameState:
    players = {
        "hit-standing": ("away", AWAY_LINEMAN, TARGET),
        "hit-prone": ("home", HOME_LINEMAN, (11, 8)),
        "next-to": ("home", HOME_LINEMAN, (9, 6)),
        "far": ("away", AWAY_LINEMAN, (15, 7)),
        "off": ("home", HOME_LINEMAN, None),
    }
    kwargs.setdefault("statuses", {"hit-prone": "prone"})
    kwargs.setdefault("home", home_team(inducements={WIZARD: 1}))
    return game(core, players, **kwargs)


def test_the_spells_numbers_are_data(core: Ruleset) -> None:
    fire, zapped = core.parameters.inducements.fireball, core.parameters.inducements.zap
    assert fire is not None
    assert (fire.inducement, fire.dice, fire.hit_on, fire.armour) == (WIZARD, "D6", 4, 1)
    assert zapped is not None
    assert (zapped.dice, zapped.never_on, zapped.always_on, zapped.casualty) == ("D6", 1, 6, "badly-hurt")
    frog = next(p for p in core.inducement(WIZARD).profiles if p.id == zapped.profile)
    assert (frog.ma, frog.st, frog.ag, frog.pa, frog.av) == (5, 1, 2, None, 5)
    assert {s.id for s in frog.skills} == {"dodge", "leap", "no-ball", "stunty", "titchy", "very-long-legs"}


def test_a_fireball_rolls_for_everyone_in_or_next_to_its_square(core: Ruleset) -> None:
    state = wizard_game(core)
    assert fireball_victims(state.board, TARGET) == ("hit-prone", "hit-standing", "next-to")
    av_home, av_away = core.position(HOME_LINEMAN).av, core.position(AWAY_LINEMAN).av
    # hit-prone: 4 hits, his Armour Roll one short with the +1; hit-standing: 6 hits, knocked down, his armour holds
    # the same way; next-to: 3 misses.
    rolls = [4, *dice_for(av_home - 2), 6, *dice_for(av_away - 2), 3]
    with ScriptedDice(rolls) as dice:
        outcome = fireball(core, state.board, TARGET, dice)
    hits = [(e.who, e.result) for e in outcome.events if e.kind == "fireball-hit"]
    assert hits == [("hit-prone", "hit"), ("hit-standing", "hit"), ("next-to", "avoided")]
    armour = [(e.who, e.detail["total"]) for e in outcome.events if e.kind == "armour"]
    assert armour == [("hit-prone", av_home - 1), ("hit-standing", av_away - 1)]  # each with the +1
    board = outcome.board
    assert [board.player(p).status for p in ("hit-prone", "hit-standing", "next-to", "far")] == [
        Status.PRONE,
        Status.PRONE,
        Status.STANDING,
        Status.STANDING,
    ]


def test_a_fireballs_plus_one_breaks_armour_a_bare_roll_would_not(core: Ruleset) -> None:
    state = wizard_game(core, statuses={})
    av = core.position(AWAY_LINEMAN).av
    # hit-prone (Standing here) avoids it; hit-standing is hit, av - 1 and the +1 break his armour, an injury roll of 5
    # Stuns him; next-to avoids it.
    with ScriptedDice([1, 5, *dice_for(av - 1), 2, 3, 1]) as dice:
        outcome = fireball(core, state.board, TARGET, dice)
    assert outcome.board.player("hit-standing").status is Status.STUNNED


def test_a_fireball_knocks_the_ball_loose(core: Ruleset) -> None:
    state = wizard_game(core, statuses={}, ball="hit-standing")
    av = core.position(AWAY_LINEMAN).av
    # hit-prone (Standing here) avoids it; hit-standing is hit and falls, his armour holds; the ball bounces (D8 2:
    # straight up) to (10, 6), empty; next-to avoids it.
    with ScriptedDice([1, 6, *dice_for(av - 2), 2, 1]) as dice:
        outcome = fireball(core, state.board, TARGET, dice)
    assert outcome.board.ball.carrier is None
    assert outcome.board.ball.square == (10, 6)
    assert not outcome.turnover


def test_a_fireball_must_land_on_the_pitch(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="a square of the pitch"):
        fireball(core, wizard_game(core).board, (30, 7), ScriptedDice([]))


@pytest.mark.parametrize(("die", "st", "works"), [(3, 3, True), (2, 3, False), (1, 1, False), (6, 7, True), (5, 7, False)])
def test_zap_works_at_or_above_strength_always_on_six_never_on_one(core: Ruleset, die: int, st: int, works: bool) -> None:
    state = wizard_game(core)
    board = state.board.with_player(attrs.evolve(state.board.player("hit-standing"), st=st))
    with ScriptedDice([die]) as dice:
        outcome = zap(core, board, "hit-standing", dice)
    frog = outcome.board.player("hit-standing")
    assert [e.result for e in outcome.events if e.kind == "zap"] == ["transformed" if works else "resisted"]
    if works:
        assert (frog.ma, frog.st, frog.ag, frog.pa, frog.av) == (5, 1, 2, None, 5)
        assert set(frog.skills) == {"dodge", "leap", "no-ball", "stunty", "titchy", "very-long-legs"}
        assert (frog.treatable, frog.casualty_counts_as, frog.square, frog.status) == (False, "badly-hurt", TARGET, Status.STANDING)
    else:
        assert frog == board.player("hit-standing")


def test_a_zapped_ball_carrier_drops_the_ball(core: Ruleset) -> None:
    state = wizard_game(core, ball="hit-standing")
    with ScriptedDice([6, 2]) as dice:  # the frog; the bounce, straight up to (10, 6)
        outcome = zap(core, state.board, "hit-standing", dice)
    assert outcome.board.ball.carrier is None
    assert outcome.board.ball.square == (10, 6)


def test_zap_reaches_only_players_on_the_pitch(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="not a player on the pitch"):
        zap(core, wizard_game(core).board, "off", ScriptedDice([]))


def zapped(core: Ruleset, target: str = "hit-standing", **kwargs: Any) -> GameState:
    state = wizard_game(core, **kwargs)
    with ScriptedDice([6]) as dice:
        after, _ = cast_spell(core, state, "home", ActChoice(ZAP, players=(target,)), dice)
    return after


def test_a_frogs_casualty_is_badly_hurt_with_no_roll_and_no_apothecary(core: Ruleset) -> None:
    state = zapped(core)
    asked: list[str] = []

    def apothecary(player: object, injury: str) -> bool:
        asked.append(injury)
        return True

    # The Frog is Stunty: 5+6 on its injury table is a Casualty, counted Badly Hurt without the D16.
    with ScriptedDice([5, 6]) as dice:
        outcome = roll_injury(core, state.board, "hit-standing", Harm("test"), dice, apothecary)
    frog = outcome.board.player("hit-standing")
    assert (frog.status, frog.casualty_results) == (Status.CASUALTY, ("badly-hurt",))
    assert [(e.kind, e.rolls, e.result) for e in outcome.events if e.kind == "casualty"] == [("casualty", (), "badly-hurt")]
    assert asked == []
    # Knocked out, the Frog is not offered the apothecary either.
    with ScriptedDice([4, 4]) as dice:
        outcome = roll_injury(core, state.board, "hit-standing", Harm("test"), dice, apothecary)
    assert outcome.board.player("hit-standing").status is Status.KO
    assert asked == []


@pytest.mark.parametrize(
    ("status", "ends_as"),
    [
        (Status.STANDING, Status.RESERVES),
        (Status.PRONE, Status.RESERVES),
        (Status.KO, Status.RESERVES),
        (Status.CASUALTY, Status.CASUALTY),
        (Status.SENT_OFF, Status.SENT_OFF),
    ],
)
def test_a_frog_is_himself_again_when_the_drive_ends(core: Ruleset, status: Status, ends_as: Status) -> None:
    state = zapped(core)
    original = wizard_game(core).board.player("hit-standing")
    assert frogs(core, state) == ("hit-standing",)
    board = state.board.with_player(state.board.player("hit-standing").with_status(status))
    with ScriptedDice([]) as dice:
        after, events = end_of_drive_effects(core, attrs.evolve(state, board=board), dice, DefaultDecisions())
    back = after.board.player("hit-standing")
    assert back.status is ends_as
    assert (back.ma, back.st, back.ag, back.pa, back.av, dict(back.skills)) == (
        original.ma,
        original.st,
        original.ag,
        original.pa,
        original.av,
        dict(original.skills),
    )
    assert (back.treatable, back.casualty_counts_as) == (True, None)
    assert [(e.kind, e.result) for e in events] == [("frog-returns", ends_as.value)]
    assert frogs(core, after) == ()
    assert "hit-standing" not in after.drive_forms


def test_a_knocked_out_frog_rolls_no_recovery_at_the_drives_end(core: Ruleset) -> None:
    state = zapped(core)
    board = state.board.with_player(state.board.player("hit-standing").with_status(Status.KO))
    with ScriptedDice([]) as dice:  # no recovery die for him, no Sweltering Heat
        after, _ = run_sequence(core, "end-of-drive", attrs.evolve(state, board=board, weather="perfect-conditions"), dice)
    assert after.board.player("hit-standing").status is Status.RESERVES


def test_the_wizard_is_offered_just_after_each_turn_to_both_coaches(core: Ruleset) -> None:
    offered: list[tuple[str, str, str, tuple[str, ...]]] = []

    class Coach(DefaultDecisions):
        def inducement_act(self, team: str, inducement: str, situation: str, acts: Sequence[InducementAct]) -> ActChoice | None:
            offered.append((team, inducement, situation, tuple(a.act for a in acts)))
            zap_offer = next(a for a in acts if a.act == ZAP)
            assert zap_offer.players == ("far", "hit-prone", "hit-standing", "next-to")  # on the pitch, either team
            assert len(next(a for a in acts if a.act == FIREBALL).squares) == 26 * 15
            return None

    both = wizard_game(core, away=away_team(inducements={WIZARD: 1}))
    end_turn(core, both, "away", ScriptedDice([]), Coach())
    assert offered == [("away", WIZARD, OWN_TURN_END, (FIREBALL, ZAP)), ("home", WIZARD, OPPOSITION_TURN_END, (FIREBALL, ZAP))]


def test_a_spell_cast_after_a_turn_spends_the_wizard(core: Ruleset) -> None:
    state = wizard_game(core)
    coach = ScriptedDecisions([("inducement-act", ActChoice(ZAP, players=("far",)))], strict=True)
    with ScriptedDice([3]) as dice, coach:
        after, events = end_turn(core, state, "home", dice, coach)
    assert after.board.player("far").st == 1
    assert [(e.kind, e.result) for e in events if e.kind in ("inducement-used", "zap")] == [
        ("inducement-used", WIZARD),
        ("zap", "transformed"),
    ]
    assert after.team("home").inducement_targets[WIZARD] == ("far",)
    # Used up: nobody is asked again, and casting again is refused.
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as nobody:
        end_turn(core, after, "away", dice, nobody)
    with pytest.raises(UsageError, match="as often as it may this game"):
        cast_spell(core, after, "home", ActChoice(FIREBALL, square=TARGET), ScriptedDice([]))


@pytest.mark.parametrize(
    ("choice", "complaint"),
    [
        (ActChoice("hex", players=("far",)), "the choices were"),
        (ActChoice(ZAP, players=("off",)), "the choices were"),
        (ActChoice(FIREBALL), "the choices were"),
        (ActChoice(FIREBALL, square=(26, 0)), "the choices were"),
    ],
)
def test_a_spell_the_offer_does_not_hold_is_refused_before_the_use_is_spent(core: Ruleset, choice: ActChoice, complaint: str) -> None:
    state = wizard_game(core)
    with pytest.raises(IllegalAnswerError, match=complaint):
        cast_spell(core, state, "home", choice, ScriptedDice([]))
    with pytest.raises(UsageError, match="holds no Wizard"):
        cast_spell(core, state, "away", ActChoice(FIREBALL, square=TARGET), ScriptedDice([]))


def test_the_inducements_page_says_what_the_core_plays(core: Ruleset) -> None:
    from bbcore.sphinxext.inducements import played_words

    assert "bbcore.rules.weather_mage" in played_words(core, MAGE)
    assert "bbcore.rules.foul" in played_words(core, REFEREE)
    assert "bbcore.rules.dwarven_wisdom" in played_words(core, STAFF)
    assert played_words(core, WIZARD).count("bbcore.rules.sports_wizard") == 1
    assert played_words(core, "bribes") == ""
