"""The landing events, one test (at least) per row, with scripted dice and scripted coaches.

Boards are built square by square on the lane (x from 0, the attacker's end zone, to 25;
y from 0 to 3). The attacker is ``home``, the defender ``away``. Every test also checks
that the Stooge came out of the event exactly as he went in.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import pytest
from bbcore_skurling.arc import ArcState, Blitz, Move, MoveOn
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.landing import (
    CautiousLanding,
    LandingChoices,
    ScriptedLandingChoices,
    extra_assists_due,
    landing_rerolls,
    lane_candidates,
    resolve_landing_event,
    roll_landing_event,
)
from bbcore_skurling.landing_rules import landing_rules

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.model.table import Row
from bbcore.rules.board import PlayerState, Status, build_board
from bbcore.rules.decisions import DefaultDecisions
from bbcore.rules.events import Event
from bbcore.ruleset import Ruleset

STOOGE, OGRE, LINEMAN, GOON, CUDDLER = "h-stooge", "h-ogre", "h-lineman", "h-goon", "h-cuddler"
FRONT, SECOND, THIRD, FOURTH = "a-1", "a-2", "a-3", "a-4"
ROLES = {STOOGE: "stooge", OGRE: "whacker", LINEMAN: "whacker", GOON: "goon", CUDDLER: "cuddler"}
POSITIONS = {
    STOOGE: "human/halfling-hopeful",
    OGRE: "human/ogre",
    LINEMAN: "human/human-lineman",
    GOON: "human/human-lineman",
    CUDDLER: "human/human-catcher",
}
#: The attackers just after the throw: the Ogre threw from the end zone, the Stooge lies at (6, 1).
ATTACK = {STOOGE: (6, 1), OGRE: (0, 1), LINEMAN: (0, 2), GOON: (13, 1), CUDDLER: (25, 1)}
#: The defenders' set-up: one right in front of the Goon.
DEFENCE = {FRONT: (14, 1), SECOND: (14, 2), THIRD: (15, 0), FOURTH: (17, 3)}


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return bbcore.load_ruleset("skurling")


def arc_at(
    rules: Ruleset,
    attack: Mapping[str, tuple[int, int]] = ATTACK,
    defence: Mapping[str, tuple[int, int]] = DEFENCE,
    *,
    rerolls: tuple[int, int] = (0, 0),
) -> ArcState:
    """An arc just after the opening throw: the Stooge lies Stunned, the thrower has acted."""
    players = {pid: ("home", POSITIONS[pid], square) for pid, square in attack.items()}
    players.update({pid: ("away", "human/human-lineman", square) for pid, square in defence.items()})
    board = build_board(rules, players)
    board = board.with_player(attrs.evolve(board.player(STOOGE), status=Status.STUNNED))
    return ArcState(
        number=1,
        teams=("home", "away"),
        board=board,
        roles={pid: role for pid, role in ROLES.items() if pid in attack},
        stooge=STOOGE,
        phase="play",
        state="stunned",
        active="home",
        activated=frozenset({OGRE}),
        turns_allowed=arc_rules(rules).turns_per_arc,
        rerolls=rerolls,
    )


def row(rules: Ruleset, row_id: str) -> Row:
    return next(r for r in rules.table("landing-events").rows if r.id == row_id)


def resolve(
    rules: Ruleset,
    arc: ArcState,
    row_id: str,
    rolls: list[int],
    choices: LandingChoices | None = None,
    fan_factors: Mapping[str, int] | None = None,
) -> ArcState:
    """Resolve one row with exactly ``rolls``, and check the Stooge was left alone."""
    with ScriptedDice(rolls) as dice:
        after = resolve_landing_event(rules, arc, row(rules, row_id), dice, DefaultDecisions(), choices, fan_factors)
    assert after.board.player(STOOGE) == arc.board.player(STOOGE), f"{row_id} touched the Stooge"
    new = after.events[len(arc.events) :]
    assert new, f"{row_id} recorded nothing"
    assert all(e.detail.get("row") == row_id for e in new)
    return after


def new_events(before: ArcState, after: ArcState, kind: str) -> list[Event]:
    return [e for e in after.events[len(before.events) :] if e.kind == kind]


def player(arc: ArcState, pid: str) -> PlayerState:
    return arc.board.player(pid)


# -- the data ------------------------------------------------------------------------------------


def test_every_row_of_the_table_has_its_procedure_in_the_data(rules: Ruleset) -> None:
    listed = {rule.row for rule in landing_rules(rules).events}
    assert {r.id for r in rules.table("landing-events").rows} == listed
    assert landing_rules(rules).provisional


def test_the_roll_is_recorded_then_resolved(rules: Ruleset) -> None:
    arc = arc_at(rules)
    # 1 + 2 = 3: Time-Out.
    with ScriptedDice([1, 2]) as dice:
        after = roll_landing_event(rules, arc, dice, DefaultDecisions())
    (rolled,) = new_events(arc, after, "landing-event")
    assert (rolled.result, rolled.rolls, rolled.detail["table"]) == ("time-out", (1, 2), "skurling/landing-events")
    assert after.turns_allowed == arc.turns_allowed + arc_rules(rules).time_out_turns


# -- re-rolls, turns, weather ------------------------------------------------------------------


def test_sweepuh_smiles_gives_both_teams_a_reroll_that_lasts_the_arc(rules: Ruleset) -> None:
    arc = arc_at(rules, rerolls=(2, 1))
    after = resolve(rules, arc, "sweepuh-smiles", [])
    assert after.rerolls == (3, 2)
    assert landing_rerolls(after) == (1, 1)
    assert landing_rerolls(arc) == (0, 0)


def test_time_out_gives_the_attacker_one_more_turn(rules: Ruleset) -> None:
    arc = arc_at(rules)
    after = resolve(rules, arc, "time-out", [])
    assert after.turns_allowed == arc_rules(rules).turns_per_arc + arc_rules(rules).time_out_turns


def test_changing_weather_rolls_the_weather_table_again_and_changes_the_lane(rules: Ruleset) -> None:
    arc = attrs.evolve(arc_at(rules), weather="perfect-conditions")
    after = resolve(rules, arc, "changing-weather", [6, 6])
    assert after.weather == "blizzard"
    assert after.board.conditions.get("rush") == -1
    (weather,) = new_events(arc, after, "weather")
    assert weather.rolls == (6, 6)


@pytest.mark.parametrize(("rolls", "gains"), [([5, 2], (1, 0)), ([1, 4], (0, 1)), ([3, 3], (1, 1))])
def test_second_wind_gives_the_higher_d6_a_reroll_for_the_arc(rules: Ruleset, rolls: list[int], gains: tuple[int, int]) -> None:
    arc = arc_at(rules)
    after = resolve(rules, arc, "second-wind", rolls, fan_factors={"home": 5, "away": 0})
    # Fan Factor does not count here: the attacker's 5 would otherwise win every roll.
    assert after.rerolls == gains
    assert landing_rerolls(after) == gains


# -- Cheering Fans ---------------------------------------------------------------------------------


def test_cheering_fans_adds_fan_factor_and_gives_the_winner_an_assist(rules: Ruleset) -> None:
    arc = arc_at(rules)
    # Home 2 + FF 3 = 5 beats away 3 + FF 1 = 4; without Fan Factor the defender would win.
    after = resolve(rules, arc, "cheering-fans", [2, 3], fan_factors={"home": 3, "away": 1})
    (contest,) = new_events(arc, after, "landing-contest")
    assert contest.detail["totals"] == {"home": 5, "away": 4}
    assert extra_assists_due(after, "home") == 1
    assert extra_assists_due(after, "away") == 0


def test_the_extra_assist_is_used_by_the_first_touch_or_lost_at_the_end_of_the_turn(rules: Ruleset) -> None:
    arc = arc_at(rules)
    after = resolve(rules, arc, "cheering-fans", [4, 4], fan_factors={"home": 1, "away": 1})
    assert (extra_assists_due(after, "home"), extra_assists_due(after, "away")) == (1, 1), "a tie gives both teams the assist"
    touched = attrs.evolve(after, events=(*after.events, Event("touch", LINEMAN, (3,), "push-back")))
    assert extra_assists_due(touched, "home") == 0
    assert extra_assists_due(touched, "away") == 1
    ended = attrs.evolve(after, events=(*after.events, Event("turn-ends", "home", (), "ended")))
    assert extra_assists_due(ended, "home") == 0
    blocked = attrs.evolve(ended, events=(*ended.events, Event("turn-ends", "away", (), "ended")))
    assert extra_assists_due(blocked, "away") == 0, "the defender's assist is lost with its first turn"


# -- Dodgy Soup and Bonspiel Brawl: random picks ---------------------------------------------------


def test_dodgy_soup_weakens_a_random_player_of_the_lower_roll_never_the_stooge(rules: Ruleset) -> None:
    arc = arc_at(rules)
    assert lane_candidates(arc, "home") == [CUDDLER, GOON, LINEMAN, OGRE], "sorted by id, without the Stooge"
    # Home 1 is lower than away 4; the D4 pick 4 falls on the fourth candidate, the Ogre.
    after = resolve(rules, arc, "dodgy-soup", [1, 4, 4])
    ogre = player(arc, OGRE)
    assert (player(after, OGRE).ma, player(after, OGRE).av) == (ogre.ma - 1, ogre.av - 1)
    assert all(player(after, pid) == player(arc, pid) for pid in (CUDDLER, GOON, LINEMAN, FRONT))


def test_dodgy_soup_on_a_tie_weakens_one_player_of_each_team(rules: Ruleset) -> None:
    arc = arc_at(rules)
    # 2 and 2: both. Home picks 1 of 4 (the Cuddler), away 2 of 4 (a-2).
    after = resolve(rules, arc, "dodgy-soup", [2, 2, 1, 2])
    assert player(after, CUDDLER).ma == player(arc, CUDDLER).ma - 1
    assert player(after, SECOND).av == player(arc, SECOND).av - 1


def test_bonspiel_brawl_stuns_d3_random_players_of_the_lower_total_with_no_armour_roll(rules: Ruleset) -> None:
    arc = arc_at(rules)
    # Home 2 + FF 1 = 3 loses to away 6 + FF 1 = 7; D3 = 3; picks 1, 1, 1 of 4, 3, 2 left.
    after = resolve(rules, arc, "bonspiel-brawl", [2, 6, 3, 1, 1, 1], fan_factors={"home": 1, "away": 1})
    stunned = {pid for pid in (CUDDLER, GOON, LINEMAN, OGRE) if player(after, pid).status is Status.STUNNED}
    assert stunned == {CUDDLER, GOON, LINEMAN}
    assert player(after, OGRE).status is Status.STANDING
    assert not [e for e in after.events if e.kind == "armour"]


def test_fan_factor_turns_the_bonspiel_brawl_around(rules: Ruleset) -> None:
    arc = arc_at(rules)
    # Home 2 + FF 6 = 8 beats away 5 + FF 1 = 6: the defender loses one player (D3 = 1, pick 3 = a-3).
    after = resolve(rules, arc, "bonspiel-brawl", [2, 5, 1, 3], fan_factors={"home": 6, "away": 1})
    assert [pid for pid in DEFENCE if player(after, pid).status is Status.STUNNED] == [THIRD]


def test_a_random_pick_never_falls_on_the_stooge(rules: Ruleset) -> None:
    alone = arc_at(rules, {STOOGE: (6, 1)})
    # The attacker has only the Stooge on the lane: the brawl finds nobody to pick, and no pick die is rolled.
    after = resolve(rules, alone, "bonspiel-brawl", [1, 6, 3], fan_factors={"home": 1, "away": 1})
    (knocked,) = new_events(alone, after, "landing-knocked-over")
    assert knocked.detail["players"] == []


# -- Eager Whacker ---------------------------------------------------------------------------------


def test_eager_whacker_puts_the_chosen_whacker_next_to_the_stooge(rules: Ruleset) -> None:
    arc = arc_at(rules)
    with ScriptedLandingChoices([("eager-whacker", (LINEMAN, (5, 1)))]) as choices:
        after = resolve(rules, arc, "eager-whacker", [], choices)
    assert player(after, LINEMAN).square == (5, 1)
    assert player(after, LINEMAN).status is Status.STANDING


def test_eager_whacker_by_default_brings_the_whacker_who_has_not_thrown(rules: Ruleset) -> None:
    arc = arc_at(rules)
    after = resolve(rules, arc, "eager-whacker", [], CautiousLanding())
    assert player(after, LINEMAN).square in after.board.neighbours((6, 1))
    assert player(after, OGRE).square == (0, 1)


def test_eager_whacker_refuses_a_square_away_from_the_stooge_or_a_non_whacker(rules: Ruleset) -> None:
    arc = arc_at(rules)
    with pytest.raises(UsageError, match="not a free square next to the Stooge"):
        resolve(rules, arc, "eager-whacker", [], ScriptedLandingChoices([("eager-whacker", (LINEMAN, (9, 1)))]))
    with pytest.raises(UsageError, match="cannot come"):
        resolve(rules, arc, "eager-whacker", [], ScriptedLandingChoices([("eager-whacker", (GOON, (5, 1)))]))


# -- Quick Shuffle -------------------------------------------------------------------------------


def test_quick_shuffle_steps_up_to_d3_attackers_one_square_each(rules: Ruleset) -> None:
    arc = arc_at(rules)
    script = [("quick-shuffle", (GOON, (13, 0))), ("quick-shuffle", (LINEMAN, (1, 2))), ("quick-shuffle", (OGRE, (1, 1)))]
    with ScriptedLandingChoices(script[:2]) as choices:
        after = resolve(rules, arc, "quick-shuffle", [2], choices)
    assert (player(after, GOON).square, player(after, LINEMAN).square) == ((13, 0), (1, 2))
    # D3 = 2: a third step is never asked for.
    leftover = ScriptedLandingChoices(script)
    resolve(rules, arc, "quick-shuffle", [2], leftover)
    with pytest.raises(AssertionError, match="not used"):
        leftover.__exit__(None)


def test_quick_shuffle_never_moves_the_stooge_and_keeps_the_cuddler_in_the_end_zone(rules: Ruleset) -> None:
    arc = arc_at(rules)
    with pytest.raises(UsageError, match="cannot step"):
        resolve(rules, arc, "quick-shuffle", [1], ScriptedLandingChoices([("quick-shuffle", (STOOGE, (7, 1)))]))
    with pytest.raises(UsageError, match="cannot step to"):
        resolve(rules, arc, "quick-shuffle", [1], ScriptedLandingChoices([("quick-shuffle", (CUDDLER, (24, 1)))]))
    with pytest.raises(UsageError, match="cannot step to"):
        resolve(rules, arc, "quick-shuffle", [1], ScriptedLandingChoices([("quick-shuffle", (GOON, (15, 1)))]))
    along = resolve(rules, arc, "quick-shuffle", [1], ScriptedLandingChoices([("quick-shuffle", (CUDDLER, (25, 2)))]))
    assert player(along, CUDDLER).square == (25, 2)


# -- Dig In --------------------------------------------------------------------------------------


def test_dig_in_sets_up_to_d3_defenders_again_on_their_side(rules: Ruleset) -> None:
    arc = arc_at(rules)
    moves = {SECOND: (20, 2), FOURTH: (14, 0)}
    with ScriptedLandingChoices([("dig-in", moves)]) as choices:
        after = resolve(rules, arc, "dig-in", [2], choices)
    assert (player(after, SECOND).square, player(after, FOURTH).square) == ((20, 2), (14, 0))
    assert player(after, FRONT).square == (14, 1)


def test_dig_in_obeys_the_set_up_rules(rules: Ruleset) -> None:
    arc = arc_at(rules)
    cases = [
        ({SECOND: (20, 2), THIRD: (20, 1)}, 1, "at most 1"),
        ({SECOND: (12, 2)}, 3, "defenders' side"),
        ({SECOND: (17, 3)}, 3, "defenders' side"),  # a-4 stays there
        ({FRONT: (20, 1)}, 3, "right in front of the Goon"),
    ]
    for moves, d3, message in cases:
        with pytest.raises(UsageError, match=message):
            resolve(rules, arc, "dig-in", [d3], ScriptedLandingChoices([("dig-in", moves)]))
    # Someone else may take the square in front of the Goon.
    swapped = resolve(rules, arc, "dig-in", [2], ScriptedLandingChoices([("dig-in", {FRONT: (20, 1), SECOND: (14, 1)})]))
    assert player(swapped, SECOND).square == (14, 1)


def test_dig_in_frees_the_square_in_front_of_a_goon_who_has_moved(rules: Ruleset) -> None:
    arc = arc_at(rules, {**ATTACK, GOON: (12, 1)})
    after = resolve(rules, arc, "dig-in", [1], ScriptedLandingChoices([("dig-in", {FRONT: (20, 1)})]))
    assert player(after, FRONT).square == (20, 1)


# -- Charge! -------------------------------------------------------------------------------------


def test_charge_gives_free_moves_and_one_blitz_on_a_hitter(rules: Ruleset) -> None:
    arc = arc_at(rules)
    script = [("charge", Blitz(SECOND, GOON)), ("charge", Move(FOURTH, ((16, 3), (15, 3))))]
    # D3 = 2. The Blitz: a-1 assists, so 2 dice; 6 and 6 are two POWs; the Goon's armour 1 + 1 holds.
    with ScriptedLandingChoices(script) as choices:
        after = resolve(rules, arc, "charge", [2, 6, 6, 1, 1], choices)
    assert player(after, GOON).status is Status.PRONE
    assert player(after, FOURTH).square == (15, 3)
    assert (after.active, after.activated, after.blitz_used) == ("home", frozenset({OGRE}), False)


def test_the_charges_blitzer_may_move_on_after_his_block_without_using_a_charge(rules: Ruleset) -> None:
    arc = arc_at(rules)
    script = [("charge", Blitz(SECOND, GOON)), ("charge", MoveOn(SECOND, ((14, 2),))), ("charge", Move(FOURTH, ((16, 3),)))]
    # D3 = 2. Two POWs push the Goon back and down (armour 1 + 1) and a-2 follows up to (13, 1); he then steps
    # back to (14, 2) with the movement his Blitz left, and a-4 still has his charge.
    with ScriptedLandingChoices(script) as choices:
        after = resolve(rules, arc, "charge", [2, 6, 6, 1, 1], choices)
    assert player(after, SECOND).square == (14, 2)
    assert player(after, FOURTH).square == (16, 3)
    assert after.moving_on is None


def test_the_charge_stops_as_soon_as_a_charger_falls(rules: Ruleset) -> None:
    arc = arc_at(rules)
    # D3 = 3. a-1 dodges away from the Goon and rolls a 1: he falls (armour 1 + 1), and the charge is over.
    script = [("charge", Move(FRONT, ((15, 1),))), ("charge", Move(FOURTH, ((16, 3),)))]
    choices = ScriptedLandingChoices(script)
    after = resolve(rules, arc, "charge", [3, 1, 1, 1], choices)
    assert player(after, FRONT).status is Status.PRONE
    assert player(after, FOURTH).square == (17, 3), "nobody charges after a fall"
    assert [e.result for e in new_events(arc, after, "landing-charge")] == ["3", "stopped"]


def test_the_charge_may_not_blitz_the_stooge_or_twice_or_push_into_him(rules: Ruleset) -> None:
    arc = arc_at(rules)
    with pytest.raises(UsageError, match="may aim at"):
        resolve(rules, arc, "charge", [1], ScriptedLandingChoices([("charge", Blitz(SECOND, STOOGE))]))
    twice = [("charge", Blitz(SECOND, GOON)), ("charge", Blitz(FRONT, GOON))]
    with pytest.raises(UsageError, match="nobody now"):
        resolve(rules, arc, "charge", [2, 3, 3], ScriptedLandingChoices(twice))
    # The Ogre stands between a defender and the Stooge with both side squares taken: a push could only chain into him.
    packed = arc_at(rules, {STOOGE: (6, 1), OGRE: (5, 1), LINEMAN: (6, 0), GOON: (6, 2), CUDDLER: (25, 1)}, {FRONT: (4, 1)})
    with pytest.raises(UsageError, match="could move the Stooge"):
        resolve(rules, packed, "charge", [1], ScriptedLandingChoices([("charge", Blitz(FRONT, OGRE))]))


def test_unlisted_rows_of_a_replacement_table_are_only_recorded(rules: Ruleset) -> None:
    arc = arc_at(rules)
    calm = Row(id="loch-mist", name="Loch Mist", text="Nothing happens.", min=2, max=7)
    with ScriptedDice([]) as dice:
        after = resolve_landing_event(rules, arc, calm, dice, DefaultDecisions())
    assert [e.kind for e in after.events[len(arc.events) :]] == ["landing-nothing"]
    assert attrs.evolve(after, events=arc.events) == arc
