"""The Foul action and being Sent-off: assists, the foul skills, the doubles, Arguing the Call and Bribes."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.block import assists
from bbcore.rules.board import Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.foul import ArgueOutcome, FoulCall, foul, foul_assists, pile_driver, send_off
from bbcore.rules.sequences import GameState
from bbcore.ruleset import Ruleset
from bbcore.testing import MakeRuleset
from tests.rules.game_states import AWAY_LINEMAN, HOME_LINEMAN, away_team, game, home_team

#: Orc Lineman's AV is the target the fouls below are rolled against.
FOULER, VICTIM = (10, 7), (11, 7)


def scene(core: Ruleset, extra: dict[str, Any] | None = None, **kwargs: Any) -> GameState:
    """A home Human fouling a Prone away Orc, with ``extra`` players."""
    players = {"fouler": ("home", HOME_LINEMAN, FOULER), "victim": ("away", AWAY_LINEMAN, VICTIM), **(extra or {})}
    statuses = {"victim": "prone", **kwargs.pop("statuses", {})}
    return game(core, players, statuses=statuses, **kwargs)


def av(core: Ruleset) -> int:
    return core.position(AWAY_LINEMAN).av


def pair(total: int) -> list[int]:
    """Two dice making ``total`` that are not a double (which would send the fouler off)."""
    low = total // 2 - (1 if total % 2 == 0 else 0)
    return [low, total - low]


def no_arguing() -> ScriptedDecisions:
    return ScriptedDecisions([("argue-the-call", False), ("bribe", False)])


def test_an_unassisted_foul_breaks_armour_at_the_av_and_rolls_injury(core: Ruleset) -> None:
    state = scene(core)
    held = av(core) - 1
    with ScriptedDice(pair(held)) as dice:
        outcome = foul(core, state, "fouler", "victim", dice)
    assert [e.result for e in outcome.events if e.kind == "armour"] == ["held"]
    assert outcome.state.board.player("victim").status is Status.PRONE
    with ScriptedDice([*pair(av(core)), 2, 3]) as dice:  # broken, then an injury roll of 5: Stunned
        outcome = foul(core, state, "fouler", "victim", dice)
    assert outcome.state.board.player("victim").status is Status.STUNNED
    assert outcome.sent_off is None
    assert not outcome.turnover


def test_assists_count_for_and_against_the_fouler(core: Ruleset) -> None:
    helper = {"helper": ("home", HOME_LINEMAN, (11, 6))}
    spoiler = {"spoiler": ("away", AWAY_LINEMAN, (9, 8))}
    state = scene(core, {**helper, **spoiler, "helper2": ("home", HOME_LINEMAN, (12, 8))})
    offensive, defensive = foul_assists(state.board, state.board.player("fouler"), state.board.player("victim"))
    assert set(offensive) == {"helper", "helper2"}
    assert defensive == ("spoiler",)
    one_short = av(core) - 2  # +2 -1 = +1: still one short
    with ScriptedDice(pair(one_short)) as dice:
        outcome = foul(core, state, "fouler", "victim", dice)
    armour = next(e for e in outcome.events if e.kind == "armour")
    assert armour.result == "held"
    assert armour.detail["total"] == av(core) - 1


def test_a_marked_team_mate_assists_only_with_put_the_boot_in(core: Ruleset) -> None:
    extra = {"helper": ("home", HOME_LINEMAN, (11, 6)), "marker": ("away", AWAY_LINEMAN, (12, 5))}
    plain = scene(core, extra)
    assert foul_assists(plain.board, plain.board.player("fouler"), plain.board.player("victim"))[0] == ()
    booted = scene(core, extra, skills={"helper": {"put-the-boot-in": None}})
    assert foul_assists(booted.board, booted.board.player("fouler"), booted.board.player("victim"))[0] == ("helper",)


def test_guard_is_for_block_actions_and_gives_no_assist_on_a_foul(core: Ruleset) -> None:
    # Each helper is marked by a second opponent: only Guard would let him assist a block.
    extra = {
        "helper": ("home", HOME_LINEMAN, (11, 6)),
        "marker": ("away", AWAY_LINEMAN, (12, 5)),
        "guardian": ("away", AWAY_LINEMAN, (9, 7)),
        "pest": ("home", HOME_LINEMAN, (8, 7)),
    }
    guarded = scene(core, extra, skills={"helper": {"guard": None}, "guardian": {"guard": None}})
    board = guarded.board
    assert foul_assists(board, board.player("fouler"), board.player("victim")) == ((), ())
    standing = board.with_player(board.player("victim").with_status(Status.STANDING))
    assert assists(standing, standing.player("fouler"), standing.player("victim")) == (("helper",), ("guardian",))


def test_dirty_player_breaks_armour_one_short_or_else_adds_to_injury(core: Ruleset) -> None:
    state = scene(core, skills={"fouler": {"dirty-player": None}})
    short = av(core) - 1
    with ScriptedDice([*pair(short), 4, 5]) as dice:  # 9 on injury: KO, the bonus spent on armour
        outcome = foul(core, state, "fouler", "victim", dice)
    armour = next(e for e in outcome.events if e.kind == "armour")
    assert armour.result == "broken"
    assert armour.detail["mighty_blow"] is True
    assert next(e for e in outcome.events if e.kind == "injury").detail["total"] == 9
    with ScriptedDice([*pair(av(core)), 4, 3]) as dice:  # broken unaided: the +1 goes on the injury roll
        outcome = foul(core, state, "fouler", "victim", dice)
    assert next(e for e in outcome.events if e.kind == "injury").detail["total"] == 8


def test_claws_do_not_break_armour_on_a_foul(core: Ruleset) -> None:
    state = scene(core, skills={"fouler": {"claws": None}})
    with ScriptedDice([3, 5]) as dice:
        outcome = foul(core, state, "fouler", "victim", dice)
    assert av(core) > 8
    assert next(e for e in outcome.events if e.kind == "armour").result == "held"


def test_lone_fouler_rolls_a_held_armour_roll_again_only_without_assists(core: Ruleset) -> None:
    lone = scene(core, skills={"fouler": {"lone-fouler": None}})
    with ScriptedDice([1, 2, *pair(av(core)), 1, 2]) as dice:
        outcome = foul(core, lone, "fouler", "victim", dice)
    assert [e.result for e in outcome.events if e.kind == "armour"] == ["held", "broken"]
    helped = scene(core, {"helper": ("home", HOME_LINEMAN, (11, 6))}, skills={"fouler": {"lone-fouler": None}})
    with ScriptedDice([1, 2]) as dice:
        outcome = foul(core, helped, "fouler", "victim", dice)
    assert [e.result for e in outcome.events if e.kind == "armour"] == ["held"]


def test_a_double_on_the_armour_roll_sends_the_fouler_off_and_ends_the_turn(core: Ruleset) -> None:
    with ScriptedDice([2, 2]) as dice:
        outcome = foul(core, scene(core), "fouler", "victim", dice, no_arguing())
    assert outcome.sent_off == "fouler"
    assert outcome.turnover
    assert outcome.state.board.player("fouler").status is Status.SENT_OFF
    assert outcome.state.board.player("fouler").square is None


def test_a_double_on_the_injury_roll_sends_the_fouler_off(core: Ruleset) -> None:
    with ScriptedDice([*pair(av(core)), 4, 4]) as dice:
        outcome = foul(core, scene(core), "fouler", "victim", dice, no_arguing())
    assert outcome.sent_off == "fouler"
    assert outcome.state.board.player("victim").status is Status.KO  # the foul still hurt


def test_sneaky_git_survives_a_double_only_while_the_armour_holds(core: Ruleset) -> None:
    git = scene(core, skills={"fouler": {"sneaky-git": None}})
    with ScriptedDice([2, 2]) as dice:
        assert foul(core, git, "fouler", "victim", dice, no_arguing()).sent_off is None
    with ScriptedDice([5, 5, 1, 3]) as dice:
        assert foul(core, git, "fouler", "victim", dice, no_arguing()).sent_off == "fouler"


def test_arguing_the_call_on_a_six_keeps_the_player_but_not_the_turn(core: Ruleset) -> None:
    with ScriptedDice([2, 2, 6]) as dice:
        outcome = foul(core, scene(core), "fouler", "victim", dice)
    assert outcome.sent_off is None
    assert outcome.turnover
    assert outcome.state.board.player("fouler").square == FOULER
    assert [e.result for e in outcome.events if e.kind == "argue-the-call"] == ["well-when-you-put-it-like-that"]


def test_an_ejected_coach_argues_no_more(core: Ruleset) -> None:
    state = scene(core, {"other": ("home", HOME_LINEMAN, (5, 5))})
    with ScriptedDice([1]) as dice:
        first = send_off(core, state, "other", dice, ScriptedDecisions([("argue-the-call", True), ("bribe", False)]), reason="test")
    assert first.state.team("home").coach_ejected
    assert not first.stays
    with ScriptedDice([]) as dice:  # nothing is rolled: the coach may not argue
        second = send_off(core, first.state, "fouler", dice, reason="test", active_team="home")
    assert not second.stays
    assert second.turnover
    assert not any(e.kind == "argue-the-call" for e in second.events)


def corrupt(core: Ruleset) -> GameState:
    """A home team with Bribery and Corruption, and another home player to send off."""
    terms = core.parameters.fouls.bribery_and_corruption
    assert terms is not None
    return scene(core, {"other": ("home", HOME_LINEMAN, (5, 5))}, home=home_team(special_rules=(terms.special_rule,)))


def test_bribery_and_corruption_argues_again_after_the_roll_it_names_once_a_game(core: Ruleset) -> None:
    terms = core.parameters.fouls.bribery_and_corruption
    assert terms is not None
    best = core.table("argue-the-call").rows[-1]
    script = [("argue-the-call", True), ("use-special-rule", True)]
    with ScriptedDice([terms.reroll_on, 6]) as dice, ScriptedDecisions(script, strict=True) as decisions:
        first = send_off(core, corrupt(core), "other", dice, decisions, reason="test")
    assert first.stays
    assert [e.result for e in first.events if e.kind == "argue-the-call"] == [core.table("argue-the-call").rows[0].id, best.id]
    (used,) = [e for e in first.events if e.kind == terms.special_rule]
    assert (used.who, used.result, used.detail["player"]) == ("home", "re-roll", "other")
    assert first.state.team("home").argue_rerolled
    assert not first.state.team("home").coach_ejected  # the first roll did not stand
    # Spent: the next natural roll of the kind stands, and nobody is asked.
    with ScriptedDice([terms.reroll_on]) as dice, ScriptedDecisions([("argue-the-call", True)], strict=True) as again:
        second = send_off(core, first.state, "fouler", dice, again, reason="test")
    assert not second.stays
    assert second.state.team("home").coach_ejected


def test_bribery_and_corruption_is_the_coachs_choice_and_only_his_teams(core: Ruleset) -> None:
    terms = core.parameters.fouls.bribery_and_corruption
    assert terms is not None
    script = [("argue-the-call", True), ("use-special-rule", False)]
    with ScriptedDice([terms.reroll_on]) as dice, ScriptedDecisions(script, strict=True) as declining:
        kept = send_off(core, corrupt(core), "other", dice, declining, reason="test")
    assert not kept.stays
    assert not kept.state.team("home").argue_rerolled
    plain = scene(core, {"other": ("home", HOME_LINEMAN, (5, 5))})
    with ScriptedDice([terms.reroll_on]) as dice, ScriptedDecisions([("argue-the-call", True)], strict=True) as asked:
        assert not send_off(core, plain, "other", dice, asked, reason="test").stays
    # Another roll is never rolled again.
    with ScriptedDice([terms.reroll_on + 1]) as dice, ScriptedDecisions([("argue-the-call", True)], strict=True) as other:
        assert not send_off(core, corrupt(core), "other", dice, other, reason="test").state.team("home").argue_rerolled


def test_a_bribe_keeps_the_player_and_the_turn_on_two_or_more(core: Ruleset) -> None:
    state = scene(core, home=home_team(inducements={"bribes": 2}))
    target = core.parameters.targets.bribe
    with ScriptedDice([2, 2, target]) as dice:
        outcome = foul(core, state, "fouler", "victim", dice, ScriptedDecisions([("argue-the-call", False), ("bribe", True)]))
    assert outcome.sent_off is None
    assert not outcome.turnover
    assert outcome.state.team("home").inducements["bribes"] == 1
    with ScriptedDice([2, 2, target - 1]) as dice:
        outcome = foul(core, state, "fouler", "victim", dice, ScriptedDecisions([("argue-the-call", False), ("bribe", True)]))
    assert outcome.sent_off == "fouler"
    assert outcome.turnover
    assert [e.result for e in outcome.events if e.kind == "bribe"] == ["wasted"]


def test_a_sent_off_ball_carrier_drops_the_ball(core: Ruleset) -> None:
    state = scene(core, ball="fouler")
    with ScriptedDice([2, 2, 3]) as dice:  # the double, then the ball bounces on a D8
        outcome = foul(core, state, "fouler", "victim", dice, no_arguing())
    assert outcome.state.board.ball.carrier is None
    assert outcome.state.board.ball.square != FOULER


@pytest.mark.parametrize(
    ("statuses", "squares", "message"),
    [
        ({"fouler": "prone"}, {}, "only a Standing player"),
        ({"victim": "standing"}, {}, "must be Prone or Stunned"),
        ({}, {"victim": (13, 7)}, "next to the victim"),
    ],
)
def test_a_foul_that_cannot_be_made_is_refused(core: Ruleset, statuses: Any, squares: Any, message: str) -> None:
    players = {
        "fouler": ("home", HOME_LINEMAN, squares.get("fouler", FOULER)),
        "victim": ("away", AWAY_LINEMAN, squares.get("victim", VICTIM)),
    }
    state = game(core, players, statuses={"victim": "prone", **statuses})
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match=message):
        foul(core, state, "fouler", "victim", dice)


def test_a_team_mate_is_no_victim(core: Ruleset) -> None:
    state = scene(core, {"mate": ("home", HOME_LINEMAN, (9, 7))}, statuses={"mate": "prone"})
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="opposition player"):
        foul(core, state, "fouler", "mate", dice)


class NoReferee:
    @bbcore.hookimpl
    def bbcore_foul_call(self, ruleset: Any, state: Any, report: Any, dice: Any) -> FoulCall:
        return FoulCall()


class SternReferee:
    @bbcore.hookimpl
    def bbcore_argue_the_call(self, ruleset: Any, state: Any, team_id: str, player_id: str, reason: str, dice: Any) -> ArgueOutcome:
        return ArgueOutcome(None, state)


def test_a_plugin_answers_for_the_officials(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(plugins=[("no-referee", NoReferee())], entry_points=False)
    with ScriptedDice([2, 2]) as dice:
        assert foul(rules, scene(rules), "fouler", "victim", dice).sent_off is None
    stern = make_ruleset(plugins=[("stern", SternReferee())], entry_points=False)
    with ScriptedDice([2, 2]) as dice:  # nothing rolled for the argument the referee will not hear
        outcome = foul(stern, scene(stern), "fouler", "victim", dice, ScriptedDecisions([("argue-the-call", True), ("bribe", False)]))
    assert outcome.sent_off == "fouler"


def test_under_scrutiny_sends_off_a_fouler_who_breaks_armour_without_a_double(core: Ruleset) -> None:
    watched = scene(core, away=away_team(prayers=("under-scrutiny",)))
    with ScriptedDice([*pair(av(core)), 2, 3]) as dice:
        assert foul(core, watched, "fouler", "victim", dice, no_arguing()).sent_off == "fouler"
    with ScriptedDice(pair(av(core) - 1)) as dice:  # the armour held: nothing to see
        assert foul(core, watched, "fouler", "victim", dice, no_arguing()).sent_off is None
    with ScriptedDice([*pair(av(core)), 2, 3]) as dice:  # the fouler's own prayer does nothing for the victim
        assert foul(core, scene(core, home=home_team(prayers=("under-scrutiny",))), "fouler", "victim", dice).sent_off is None


def test_friends_with_the_ref_win_the_argument_from_a_five(core: Ruleset) -> None:
    five = core.parameters.fouls.friends_with_the_ref_from
    friendly = scene(core, home=home_team(prayers=("friends-with-the-ref",)))
    argue = ScriptedDecisions([("argue-the-call", True), ("bribe", False)])
    with ScriptedDice([2, 2, five]) as dice:
        assert foul(core, friendly, "fouler", "victim", dice, argue).sent_off is None
    with ScriptedDice([2, 2, five]) as dice:
        assert (
            foul(core, scene(core), "fouler", "victim", dice, ScriptedDecisions([("argue-the-call", True), ("bribe", False)])).sent_off
            == "fouler"
        )


# -- Pile Driver ------------------------------------------------------------------------------------


def test_pile_driver_fouls_the_player_it_knocked_down_then_goes_prone(core: Ruleset) -> None:
    state = scene(core, skills={"fouler": {"pile-driver": None}})
    with ScriptedDice(pair(av(core) - 1)) as dice:
        outcome = pile_driver(core, state, "fouler", "victim", dice, no_arguing())
    board = outcome.state.board
    assert board.player("fouler").status is Status.PRONE
    assert [(e.kind, e.result) for e in outcome.events if e.kind == "pile-driver"] == [
        ("pile-driver", "used"),
        ("pile-driver", "placed-prone"),
    ]
    assert [e.kind for e in outcome.events].count("armour") == 1  # the foul's; none for being placed prone
    assert not outcome.turnover


def test_a_pile_driver_holding_the_ball_drops_it_as_he_goes_prone(core: Ruleset) -> None:
    state = scene(core, skills={"fouler": {"pile-driver": None}}, ball="fouler")
    bounce_west = 4
    with ScriptedDice([*pair(av(core) - 1), bounce_west]) as dice:
        outcome = pile_driver(core, state, "fouler", "victim", dice, no_arguing())
    assert outcome.state.board.ball.square == (FOULER[0] - 1, FOULER[1])


def test_a_pile_driver_sent_off_for_the_foul_leaves_the_pitch(core: Ruleset) -> None:
    state = scene(core, skills={"fouler": {"pile-driver": None}})
    double = [1, 1]
    with ScriptedDice(double) as dice:
        outcome = pile_driver(core, state, "fouler", "victim", dice, no_arguing())
    assert outcome.sent_off == "fouler"
    assert outcome.state.board.player("fouler").status is Status.SENT_OFF
    assert outcome.turnover


def test_pile_driver_needs_the_skill_and_a_player_in_play(core: Ruleset) -> None:
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="no Pile Driver"):
        pile_driver(core, scene(core), "fouler", "victim", dice)
    distracted = scene(core, skills={"fouler": {"pile-driver": None}})
    distracted = attrs.evolve(
        distracted, board=distracted.board.with_player(attrs.evolve(distracted.board.player("fouler"), tackle_zone=False))
    )
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="Standing and Marking"):
        pile_driver(core, distracted, "fouler", "victim", dice)


def test_a_sneaky_git_may_keep_dirty_player_off_a_double_that_would_break_the_armour(core: Ruleset) -> None:
    helper = {"helper": ("home", HOME_LINEMAN, (11, 6))}  # one assist
    state = scene(core, helper, skills={"fouler": {"dirty-player": None, "sneaky-git": None}})
    double = [4, 4]
    assert sum(double) + 1 == av(core) - 1  # with the assist, one short of the Orc Lineman's AV
    with ScriptedDice(double) as dice:
        kept = foul(core, state, "fouler", "victim", dice, ScriptedDecisions([("use-skill", False)], strict=True))
    armour = next(e for e in kept.events if e.kind == "armour")
    assert (armour.result, armour.detail["mighty_blow"]) == ("held", False)
    assert kept.sent_off is None
    assert not kept.turnover
    answers = [("use-skill", True), ("argue-the-call", False), ("bribe", False)]
    with ScriptedDice([*double, 1, 2]) as dice:
        used = foul(core, state, "fouler", "victim", dice, ScriptedDecisions(answers))
    assert used.sent_off == "fouler"


def test_a_chainsaw_s_kick_back_in_a_foul_may_be_rolled_again(core: Ruleset) -> None:
    state = scene(core, skills={"fouler": {"chainsaw": None}})
    kick_back, runs = 1, 4
    held = [1, 2]  # a Chainsaw's bonus or not, these hold
    with ScriptedDice([kick_back, runs, *held]) as dice, ScriptedDecisions([("team-reroll", True)]) as decisions:
        outcome = foul(core, state, "fouler", "victim", dice, decisions, chainsaw=True, team_reroll=1)
    chainsaw = next(e for e in outcome.events if e.kind == "chainsaw")
    assert (chainsaw.rolls, chainsaw.result) == ((kick_back, runs), "runs")
    assert not outcome.turnover


def test_a_coach_not_asked_keeps_dirty_player_off_an_armour_roll_that_would_send_his_sneaky_git_off(core: Ruleset) -> None:
    helper = {"helper": ("home", HOME_LINEMAN, (11, 6))}  # one assist: a double four falls one short
    git = scene(core, helper, skills={"fouler": {"dirty-player": None, "sneaky-git": None}})
    with ScriptedDice([4, 4]) as dice:
        kept = foul(core, git, "fouler", "victim", dice)
    assert (kept.sent_off, kept.turnover) == (None, False)
    plain = scene(core, helper, skills={"fouler": {"dirty-player": None}})  # a double sends him off anyway: use it
    with ScriptedDice([4, 4, 1, 2]) as dice:
        used = foul(core, plain, "fouler", "victim", dice, no_arguing())
    assert next(e for e in used.events if e.kind == "armour").detail["mighty_blow"] is True
