"""Biased referees' Argue the Call and Get the Ref, the giants' scatter and crowd rule, Bugman's temper: scripted dice."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from bbcore_inducement_packs.bugman import charge_on, charge_squares, temper_roll
from bbcore_inducement_packs.coaching_staff import may_reroll_recovery, send_off_stand_ins
from bbcore_inducement_packs.giants import base_squares, giant_scatter, pushed_into_crowd
from bbcore_inducement_packs.referees import get_the_ref, may_argue

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import BBCoreError, UsageError
from bbcore.rules.board import Square, Status, build_board
from bbcore.rules.decisions import DefaultDecisions, IllegalAnswerError, ScriptedDecisions
from bbcore.rules.drive import free_bribe
from bbcore.rules.events import Outcome
from bbcore.rules.foul import argue_the_call_modifier
from bbcore.rules.injury import Harm, roll_injury
from bbcore.rules.sequences import GameState, TeamState
from bbcore.rules.turns import action_refusals, after_procedure

LINEMAN = "human/human-lineman"
MERCENARY = "bb2020/giant-mercenary"
SLAVE_GIANT = "classic/slave-giant"


#: A ruleset with the packs, for the helpers that read their numbers.
PACKS = bbcore.load_ruleset(packs=["bb2020"])


def game(rules: bbcore.Ruleset, home: dict[str, int], away: dict[str, int] | None = None) -> GameState:
    board = build_board(rules, {"h": ("home", LINEMAN, (5, 5)), "a": ("away", LINEMAN, (20, 5))})
    return GameState(
        TeamState("home", "H", "human", 1, fan_factor=3, inducements=home),
        TeamState("away", "A", "human", 1, fan_factor=2, inducements=away or {}),
        board,
    )


def test_the_biased_referee_adds_one_to_his_teams_argue_the_call(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {"bb2020/biased-referee": 1})
    assert argue_the_call_modifier(PACKS, state, "home") == 1
    assert argue_the_call_modifier(PACKS, state, "away") == 0


@pytest.mark.parametrize("side", ["home", "away"])
def test_nobody_argues_the_call_once_ranulf_is_induced(bb2020: bbcore.Ruleset, side: str) -> None:
    hired = {"bb2020/ranulf-red-hokuli": 1}
    state = game(bb2020, hired if side == "home" else {}, hired if side == "away" else None)
    assert not may_argue(PACKS, state)
    assert may_argue(PACKS, game(bb2020, {"bb2020/biased-referee": 1}))


def test_get_the_ref_without_a_referee_gives_each_team_a_bribe(bb2020: bbcore.Ruleset) -> None:
    state, again, _ = get_the_ref(PACKS, game(bb2020, {}))
    assert not again
    assert [t.inducements.get(free_bribe(bb2020)) for t in state.teams] == [1, 1]


def test_jorm_rampages_instead_of_the_bribes(bb2020: bbcore.Ruleset) -> None:
    state, again, events = get_the_ref(PACKS, game(bb2020, {"bb2020/jorm-the-ogre": 1}))
    assert not again
    assert [t.fan_factor for t in state.teams] == [2, 1]
    assert all(free_bribe(bb2020) not in t.inducements for t in state.teams)
    assert [e.result for e in events] == ["rampage"]


def test_the_triplets_leave_but_the_bribes_stay(bb2020: bbcore.Ruleset) -> None:
    state, again, _ = get_the_ref(PACKS, game(bb2020, {"bb2020/trundlefoot-triplets": 1}))
    assert not again
    assert "bb2020/trundlefoot-triplets" not in state.team("home").inducements
    assert [t.inducements.get(free_bribe(bb2020)) for t in state.teams] == [1, 1]


def test_a_referee_both_coaches_hired_takes_no_part_when_the_ref_is_got(bb2020: bbcore.Ruleset) -> None:
    jorm = {"bb2020/jorm-the-ogre": 1}
    state, again, events = get_the_ref(PACKS, game(bb2020, jorm, jorm))
    assert not again
    assert [t.fan_factor for t in state.teams] == [3, 2]  # no rampage: the Bribes are handed out as without him
    assert [t.inducements.get(free_bribe(bb2020)) for t in state.teams] == [1, 1]
    assert "rampage" not in [e.result for e in events]
    korensson = {"bb2020/thoron-korensson": 1}
    assert get_the_ref(PACKS, game(bb2020, korensson, korensson))[1] is False


def test_korensson_has_the_event_rolled_again(bb2020: bbcore.Ruleset) -> None:
    before = game(bb2020, {}, {"bb2020/thoron-korensson": 1})
    state, again, _ = get_the_ref(PACKS, before)
    assert again
    assert state == before


@pytest.mark.parametrize(
    ("rolls", "anchor"),
    [
        ([1], (9, 4)),  # the corner above-left: one square diagonally
        ([2], (10, 4)),  # either square along the top: one square up
        ([3], (10, 4)),
        ([16, 13, 4], (11, 4)),  # 13 and more are rolled again; 4 is the corner above-right
        ([7], (11, 6)),
        ([12], (9, 5)),
    ],
)
def test_the_mercenary_scatters_on_a_d16_rerolling_13_and_more(rolls: list[int], anchor: tuple[int, int]) -> None:
    with ScriptedDice(rolls) as dice:
        moved, event = giant_scatter(PACKS, MERCENARY, (10, 5), dice)
    assert moved == anchor
    assert event.rolls == tuple(rolls)


def test_the_slave_giant_scatters_on_a_d12_without_rerolls() -> None:
    with ScriptedDice([9]) as dice:
        moved, event = giant_scatter(PACKS, SLAVE_GIANT, (10, 5), dice)
    assert moved == (10, 6)
    assert event.rolls == (9,)


def test_a_giant_half_off_the_pitch_is_in_the_crowd(bb2020: bbcore.Ruleset) -> None:
    geometry = game(bb2020, {}).board.geometry
    length, width = geometry.pitch.length, geometry.pitch.width
    assert base_squares((3, 4)) == ((3, 4), (4, 4), (3, 5), (4, 5))
    assert not pushed_into_crowd(geometry, (length - 2, width - 2))
    assert pushed_into_crowd(geometry, (length - 1, 5))
    assert pushed_into_crowd(geometry, (5, -1))


BUGMAN = "classic/joseph-bugman"


@pytest.mark.parametrize(("roll", "earlier", "lost"), [(6, 0, True), (5, 0, False), (4, 2, True), (3, 2, False)])
def test_bugman_loses_his_temper_on_six_plus_one_per_earlier_roll(roll: int, earlier: int, lost: bool) -> None:
    with ScriptedDice([roll]) as dice:
        charges, event = temper_roll(PACKS, BUGMAN, earlier, dice)
    assert charges is lost
    assert event.detail["total"] == roll + earlier


@pytest.mark.parametrize(("half", "ma", "skill"), [(1, 5, "block"), (2, 4, "frenzy")])
def test_bugman_charges_on_with_the_profile_of_the_half(classic: bbcore.Ruleset, half: int, ma: int, skill: str) -> None:
    state = attrs.evolve(game(classic, {BUGMAN: 1}), half=half)
    state = charge_on(classic, state, "home", BUGMAN, (8, 0), "bugman")
    player = state.board.player("bugman")
    assert (player.team, player.square, player.status) == ("home", (8, 0), Status.STANDING)
    assert (player.ma, player.st, player.ag, player.av) == (ma, 3, 4, 9)  # old AG 2 plays as 4+, a Dwarf's
    assert player.has(skill)


def test_bugman_is_sent_off_when_his_drive_ends_and_coaches_no_more_but_his_beer_stays(classic: bbcore.Ruleset) -> None:
    from bbcore.rules.decisions import DefaultDecisions
    from bbcore.rules.drive import kick_off_event

    charged = charge_on(classic, game(classic, {BUGMAN: 1}), "home", BUGMAN, (8, 0), "bugman")
    board, events = send_off_stand_ins(classic, charged.board)
    assert board.player("bugman").status is Status.SENT_OFF
    assert [e.who for e in events] == ["bugman"]
    later = attrs.evolve(charged, board=board, kicking_team="home")
    # Brilliant Coaching: home 3 + no assistant coaches now, away 3 + none: a tie.
    with ScriptedDice([*kick_off_roll(classic, "brilliant-coaching"), 3, 3]) as dice:
        _, kicked = kick_off_event(classic, later, dice, DefaultDecisions())
    assert next(e for e in kicked if e.kind == "brilliant-coaching").detail["totals"] == {"home": 3, "away": 3}
    assert may_reroll_recovery(classic, 1, later.home.inducements) is True
    with pytest.raises(BBCoreError, match="charged on once already"):
        charge_on(classic, later, "home", BUGMAN, (9, 0), "bugman-again")


@pytest.mark.parametrize(
    "square",
    [
        (8, 5),  # not by a sideline
        (18, 0),  # the other team's half
        (0, 0),  # in an End Zone
        (5, 0),  # fine but for the marker placed below
    ],
)
def test_bugman_only_charges_on_by_his_sideline_out_of_tackle_zones(classic: bbcore.Ruleset, square: tuple[int, int]) -> None:
    state = game(classic, {BUGMAN: 1})
    board = state.board.with_player(attrs.evolve(state.board.player("a"), square=(6, 1)))
    with pytest.raises(UsageError):
        charge_on(classic, attrs.evolve(state, board=board), "home", BUGMAN, square, "bugman")


def kick_off_roll(rules: bbcore.Ruleset, row_id: str) -> list[int]:
    total = rules.table("kick-off-events").row(row_id).min
    assert total is not None
    return [1, total - 1] if total <= 7 else [6, total - 6]


def test_the_core_kick_off_step_follows_the_hired_referees_get_the_ref(bb2020: bbcore.Ruleset) -> None:
    from bbcore.rules.decisions import DefaultDecisions
    from bbcore.rules.drive import kick_off_event

    state = attrs.evolve(game(bb2020, {"bb2020/jorm-the-ogre": 1}), kicking_team="home")
    with ScriptedDice(kick_off_roll(bb2020, "get-the-ref")) as dice:
        after, events = kick_off_event(bb2020, state, dice, DefaultDecisions())
    assert [e.result for e in events if e.kind == "get-the-ref"] == ["rampage"]
    assert all(free_bribe(bb2020) not in t.inducements for t in after.teams)
    plain = attrs.evolve(game(bb2020, {}), kicking_team="home")
    with ScriptedDice(kick_off_roll(bb2020, "get-the-ref")) as dice:
        after, _ = kick_off_event(bb2020, plain, dice, DefaultDecisions())
    assert [t.inducements.get(free_bribe(bb2020)) for t in after.teams] == [1, 1]


def test_korensson_has_the_kick_off_event_rolled_again(bb2020: bbcore.Ruleset) -> None:
    from bbcore.rules.decisions import DefaultDecisions
    from bbcore.rules.drive import kick_off_event

    state = attrs.evolve(game(bb2020, {"bb2020/thoron-korensson": 1}), kicking_team="home")
    with ScriptedDice([*kick_off_roll(bb2020, "get-the-ref"), *kick_off_roll(bb2020, "time-out")]) as dice:
        _, events = kick_off_event(bb2020, state, dice, DefaultDecisions())
    assert [e.result for e in events if e.kind == "kick-off-event"] == ["get-the-ref", "time-out"]
    assert [e.result for e in events if e.kind == "get-the-ref"] == ["roll-again"]


def test_galandrils_team_cheers_with_a_d3_more_cheerleaders_in_the_core_kick_off(bb2020: bbcore.Ruleset) -> None:
    from bbcore.rules.decisions import DefaultDecisions
    from bbcore.rules.drive import kick_off_event

    state = attrs.evolve(game(bb2020, {"bb2020/galandril-silverwater": 1}), kicking_team="home")
    # Galandril's D3 (2) on top of the one cheerleader a team without any counts; then the contest: 1 + 3 against 3 + 0.
    with ScriptedDice([*kick_off_roll(bb2020, "cheering-fans"), 2, 1, 3]) as dice:
        after, events = kick_off_event(bb2020, state, dice, DefaultDecisions())
    cheer = next(e for e in events if e.kind == "go-team")
    assert (cheer.who, cheer.rolls, cheer.result) == ("home", (2,), "3")
    contest = next(e for e in events if e.kind == "cheering-fans")
    assert (contest.detail["totals"], contest.result) == ({"home": 1 + 3, "away": 3}, "home")
    assert after.home.cheerleaders == state.home.cheerleaders  # for this roll only


def test_galandrils_team_gains_a_team_reroll_on_a_natural_fifteen_or_sixteen_prayer(bb2020: bbcore.Ruleset) -> None:
    from bbcore.rules.decisions import DefaultDecisions
    from bbcore.rules.sequences import sequence_steps

    # The bb2020 list sells no prayers; a league that adds the core's lets a team pray under it.
    praying = attrs.evolve(
        bb2020, inducements={**bb2020.inducements, "prayers-to-nuffle": bbcore.load_ruleset().inducement("prayers-to-nuffle")}
    )
    prayers = sequence_steps(praying)["prayers-to-nuffle"]
    state = game(praying, {"bb2020/galandril-silverwater": 1, "prayers-to-nuffle": 2}, {"prayers-to-nuffle": 1})
    # home: 16 (Intensive Training: its one player picked by a D1), 3 (Stiletto, the same); away: 15 (no Galandril)
    with ScriptedDice([16, 1, 3, 1, 15]) as dice:
        after, events = prayers(praying, state, dice, DefaultDecisions())
    assert after.home.rerolls == state.home.rerolls + 1
    assert after.away.rerolls == state.away.rerolls
    assert [(e.kind, e.who, e.detail["rerolls"]) for e in events if e.kind == "go-team"] == [("go-team", "home", 1)]
    # The first half's re-roll step keeps it for the half.
    counted = after.update_team("home", rerolls_per_half=state.home.rerolls)
    kicked_off, _ = sequence_steps(praying)["half-rerolls"](praying, counted, ScriptedDice([]), DefaultDecisions())
    assert kicked_off.home.rerolls == state.home.rerolls + 1


# -- Bugman's temper at its moment: the end of the procedure that carried a player off ---------------

BUGMAN_ID = "home-joseph-bugman"


def carried(rules: bbcore.Ruleset, state: GameState, player_id: str, status: str) -> Outcome:
    """A procedure's outcome that leaves ``player_id`` in ``status`` (off the pitch unless it is a pitch status)."""
    player = state.board.player(player_id)
    return Outcome(state.board.with_player(player.with_status(Status(status))))


@pytest.mark.parametrize(
    ("status", "counts"), [("ko", True), ("casualty", True), ("reserves", True), ("sent-off", False), ("prone", False)]
)
def test_a_player_carried_off_ko_d_hurt_or_into_the_crowd_lets_bugman_s_coach_roll(
    classic: bbcore.Ruleset, status: str, counts: bool
) -> None:
    state = game(classic, {BUGMAN: 1})
    decisions = ScriptedDecisions([("use-inducement", True)] if counts else [])
    with ScriptedDice([5] if counts else []) as dice:
        after, events = after_procedure(classic, state, carried(classic, state, "h", status), dice, decisions)
    assert after.board.player("h").status is Status(status)
    assert [(e.kind, e.result, e.detail.get("for")) for e in events] == ([("temper", "holds", "h")] if counts else [])
    assert after.home.inducement_targets.get(BUGMAN, ()) == (("h",) if counts else ())


def test_bugman_charges_on_where_his_coach_says_and_sits_out_his_team_s_turn_under_way(classic: bbcore.Ruleset) -> None:
    state = game(classic, {BUGMAN: 1})
    state = state.update_team("home", turn=3)
    outcome = roll_injury(classic, state.board, "h", Harm("block"), ScriptedDice([4, 4]))  # Knocked-out
    decisions = ScriptedDecisions([("use-inducement", True), ("square", (8, 0))])
    with ScriptedDice([6]) as dice:
        after, events = after_procedure(classic, state, outcome, dice, decisions)
    bugman = after.board.player(BUGMAN_ID)
    assert (bugman.square, bugman.status, bugman.position) == ((8, 0), Status.STANDING, BUGMAN)
    assert [(e.kind, e.result) for e in events] == [("temper", "charges-on"), ("charge-on", "on-pitch")]
    assert after.barred_activations == {BUGMAN_ID: 3}
    assert action_refusals(classic, after, BUGMAN_ID, "move")
    # He runs on once a game: the next player carried off asks nothing.
    again = after_procedure(classic, after, carried(classic, after, "h", "casualty"), ScriptedDice([]), ScriptedDecisions([]))
    assert again[1] == ()


def test_each_earlier_temper_roll_adds_one_and_a_coach_may_let_it_pass(classic: bbcore.Ruleset) -> None:
    board = build_board(
        classic,
        {"h": ("home", LINEMAN, (5, 5)), "h2": ("home", LINEMAN, (6, 5)), "h3": ("home", LINEMAN, (7, 5)), "a": ("away", LINEMAN, (20, 5))},
    )
    state = attrs.evolve(game(classic, {BUGMAN: 1}), board=board)
    with ScriptedDice([5]) as dice:
        state, first = after_procedure(
            classic, state, carried(classic, state, "h", "ko"), dice, ScriptedDecisions([("use-inducement", True)])
        )
    assert [e.result for e in first] == ["holds"]
    # Not rolled for: the count of earlier rolls stays.
    state, passed = after_procedure(
        classic, state, carried(classic, state, "h2", "ko"), ScriptedDice([]), ScriptedDecisions([("use-inducement", False)])
    )
    assert passed == ()
    # 5 + 1 for the earlier roll: he charges on, where the default coach's silence puts him (the first square offered).
    with ScriptedDice([5]) as dice:
        state, third = after_procedure(classic, state, carried(classic, state, "h3", "casualty"), dice, DefaultDecisions())
    assert [(e.kind, e.result) for e in third] == [("temper", "charges-on"), ("charge-on", "on-pitch")]
    assert third[0].detail["total"] == 6
    assert state.board.player(BUGMAN_ID).square == charge_squares(classic, attrs.evolve(state, board=board), "home", BUGMAN)[0]


def test_an_opposing_player_carried_off_and_a_team_without_bugman_roll_nothing(classic: bbcore.Ruleset) -> None:
    state = game(classic, {BUGMAN: 1})
    assert after_procedure(classic, state, carried(classic, state, "a", "ko"), ScriptedDice([]), ScriptedDecisions([]))[1] == ()
    plain = game(classic, {})
    assert after_procedure(classic, plain, carried(classic, plain, "h", "ko"), ScriptedDice([]), ScriptedDecisions([]))[1] == ()


class MidfieldCoach(DefaultDecisions):
    """Answers every square question with the middle of the pitch."""

    def choose_square(self, player_id: str, reason: str, squares: Sequence[Square]) -> Square | None:
        return (8, 5)


def test_bugman_charges_on_only_by_his_sideline_and_another_answer_is_illegal(classic: bbcore.Ruleset) -> None:
    state = game(classic, {BUGMAN: 1})
    squares = charge_squares(classic, state, "home", BUGMAN)
    assert (8, 0) in squares
    assert (8, 5) not in squares  # not by a sideline
    assert (18, 0) not in squares  # the other half
    assert (0, 0) not in squares  # an End Zone
    with ScriptedDice([6]) as dice, pytest.raises(IllegalAnswerError, match=r"not \(8, 5\)"):
        after_procedure(classic, state, carried(classic, state, "h", "ko"), dice, MidfieldCoach())
