"""The biased referees and the coaching staff's rolls, with scripted dice."""

from __future__ import annotations

import attrs
import pytest
from bbcore_inducement_packs.coaching_staff import (
    argue_the_call,
    bless,
    cheering_fans_cheerleaders,
    experiment,
    post_game_roll,
    prayer_rerolls,
    scout_journeymen,
    sign_clients,
)
from bbcore_inducement_packs.referees import argue_with_the_axe, kit_argument, watch_foul

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import BBCoreError, UsageError
from bbcore.rules.activation import activation_traits
from bbcore.rules.board import Board, PlayerState, Status, build_board
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.drive import clear_the_pitch, end_of_drive_effects, free_bribe
from bbcore.rules.events import Outcome
from bbcore.rules.foul import SentOff, send_off
from bbcore.rules.inducement_uses import uses_left
from bbcore.rules.injury import Harm, roll_injury
from bbcore.rules.sequences import GameState, TeamState
from bbcore.rules.treatments import HeldTreatments

LINEMAN = "human/human-lineman"


#: A ruleset with the packs, for the helpers that read their numbers.
PACKS = bbcore.load_ruleset(packs=["bb2020"])


def board(rules: bbcore.Ruleset) -> Board:
    players = {
        "f": ("away", LINEMAN, (10, 5)),
        "v": ("home", LINEMAN, (9, 5)),
        "h2": ("home", LINEMAN, (3, 3)),
        "a2": ("away", LINEMAN, (20, 8)),
    }
    return build_board(rules, players, statuses={"v": "prone"})


def game(rules: bbcore.Ruleset, home: dict[str, int], away: dict[str, int] | None = None) -> GameState:
    away_team = TeamState("away", "A", "human", 1, inducements=away or {})
    return GameState(TeamState("home", "H", "human", 1, inducements=home), away_team, board(rules))


@pytest.mark.parametrize(
    ("inducement", "roll", "sent_off"),
    [("bb2020/biased-referee", 5, "f"), ("bb2020/biased-referee", 4, None), ("bb2020/thoron-korensson", 4, "f")],
)
def test_a_referee_sends_off_an_unlucky_fouler_on_his_number(
    bb2020: bbcore.Ruleset, inducement: str, roll: int, sent_off: str | None
) -> None:
    state = game(bb2020, {inducement: 1})
    with ScriptedDice([roll]) as dice:
        _, call = watch_foul(bb2020, state, inducement, "f", "v", False, dice)
    assert call.sent_off == sent_off
    assert call.bribe is (inducement == "bb2020/biased-referee" and sent_off is not None)


def test_a_referee_adds_nothing_to_a_double(bb2020: bbcore.Ruleset) -> None:
    _, call = watch_foul(bb2020, game(bb2020, {}), "bb2020/biased-referee", "f", "v", True, ScriptedDice([]))
    assert call.sent_off is None
    assert call.events == ()


@pytest.mark.parametrize(("roll", "sent_off"), [(6, "f"), (3, None), (1, "v")])
def test_the_triplets_roll_on_their_table_and_may_send_off_the_victim(bb2020: bbcore.Ruleset, roll: int, sent_off: str | None) -> None:
    with ScriptedDice([roll]) as dice:
        _, call = watch_foul(bb2020, game(bb2020, {}), "bb2020/trundlefoot-triplets", "f", "v", False, dice)
    assert call.sent_off == sent_off


def test_jorm_knocks_the_fouler_down_with_his_bonus(bb2020: bbcore.Ruleset) -> None:
    # 4 spots; armour 4+4 = 8, +1 from Jorm reaches AV 9; injury 2+3 = 5: Stunned.
    with ScriptedDice([4, 4, 4, 2, 3]) as dice:
        after, call = watch_foul(bb2020, game(bb2020, {}), "bb2020/jorm-the-ogre", "f", "v", False, dice)
    assert call.sent_off is None
    assert after.board.player("f").status is Status.STUNNED


def test_ranulf_halts_play_and_his_axe_settles_the_argument(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {})
    with ScriptedDice([4]) as dice:
        _, call = watch_foul(bb2020, state, "bb2020/ranulf-red-hokuli", "f", "v", False, dice)
    assert call.halted
    assert call.sent_off is None
    # 4+4 = 8, +2 = 10, higher than AV 9: Prone, injury 2+2 = 4 Stunned, no Turnover.
    with ScriptedDice([4, 4, 2, 2]) as dice:
        after, turnover, _ = argue_with_the_axe(bb2020, state, "bb2020/ranulf-red-hokuli", "f", dice)
    assert not turnover
    assert after.board.player("f").status is Status.STUNNED
    for held in ([3, 3], [3, 4]):  # 8, and 9 equal to AV 9: neither is higher
        with ScriptedDice(held) as dice:
            after, goes, _ = argue_with_the_axe(bb2020, state, "bb2020/ranulf-red-hokuli", "f", dice)
        assert goes  # the Sent-off procedure sends him off
        assert after.board.player("f").status is Status.STANDING


@pytest.mark.parametrize(("roll", "stunned"), [(6, True), (5, False)])
def test_the_triplets_argue_with_an_unmarked_opponent_on_a_six(bb2020: bbcore.Ruleset, roll: int, stunned: bool) -> None:
    state = game(bb2020, {"bb2020/trundlefoot-triplets": 1})
    # "f" is marked by nobody standing ("v" is Prone), so both away players are candidates.
    with ScriptedDice([roll, 2]) if stunned else ScriptedDice([roll]) as dice:
        after, _ = kit_argument(PACKS, state, "home", "bb2020/trundlefoot-triplets", dice)
    assert (after.board.player("f").status is Status.STUNNED) is stunned


def test_the_triplets_roll_in_a_start_of_drive_step_of_their_own(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.referees import KIT_ARGUMENT_STEP, kit_argument_step

    steps = [step.id for step in bb2020.sequences["start-of-drive"].steps]
    assert steps.index("set-up") < steps.index(KIT_ARGUMENT_STEP) < steps.index("kick-off")
    triplets = "bb2020/trundlefoot-triplets"
    with ScriptedDice([6, 2]) as dice:
        after, events = kit_argument_step(PACKS, game(bb2020, {triplets: 1}), dice, ScriptedDecisions([]))
    assert after.board.player("f").status is Status.STUNNED
    assert events[0].kind == "kit-argument"
    # Hired by both teams, they take no part.
    with ScriptedDice([]) as dice:
        _, none = kit_argument_step(PACKS, game(bb2020, {triplets: 1}, {triplets: 1}), dice, ScriptedDecisions([]))
    assert none == ()


@pytest.mark.parametrize(("roll", "status", "skills"), [(1, Status.KO, ()), (3, Status.PRONE, ("big-hand", "very-long-legs"))])
def test_papa_skullbones_blesses_or_strikes_down(bb2020: bbcore.Ruleset, roll: int, status: Status, skills: tuple[str, ...]) -> None:
    state = game(bb2020, {"bb2020/papa-skullbones": 1})
    with ScriptedDice([roll]) as dice:
        after, _ = bless(bb2020, state, "home", "bb2020/papa-skullbones", "v", dice)
    assert after.board.player("v").status is status
    assert all(after.board.player("v").has(skill) for skill in skills)


def test_the_favour_of_the_gods_gives_the_two_mutations_the_coach_picks_for_the_drive(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {"bb2020/papa-skullbones": 1})
    favour = bb2020.table("bb2020/papa-skullbones").row("favour-of-the-gods")
    assert favour.min is not None
    with ScriptedDice([favour.min]) as dice, ScriptedDecisions([("gained-skills", ["claws", "horns"])]) as coach:
        after, events = bless(bb2020, state, "home", "bb2020/papa-skullbones", "v", dice, decisions=coach)
    assert {"claws", "horns"} <= set(after.board.player("v").skills)
    assert events[-1].detail["skills"] == ["claws", "horns"]
    not_a_mutation = ScriptedDecisions([("gained-skills", ["block"])])
    with pytest.raises(BBCoreError, match="not up to"):
        bless(bb2020, state, "home", "bb2020/papa-skullbones", "v", ScriptedDice([favour.min]), decisions=not_a_mutation)


def test_an_overlooked_player_passes_the_roll_to_another(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {"bb2020/papa-skullbones": 1})
    with ScriptedDice([2, 1, 7]) as dice:
        after, _events = bless(bb2020, state, "home", "bb2020/papa-skullbones", "v", dice)
    assert after.board.player("h2").has("claws")
    assert not after.board.player("v").has("claws")
    with pytest.raises(UsageError):
        bless(bb2020, state, "home", "bb2020/papa-skullbones", "v", ScriptedDice([3]), blessed=frozenset({"v"}))


def test_papa_skullbones_blesses_in_his_step_and_never_rolls_twice_for_a_player(bb2020: bbcore.Ruleset) -> None:
    from bbcore.rules.sequences import sequence_steps

    steps = [step.id for step in bb2020.sequence("start-of-drive").steps]
    assert steps.index("set-up") < steps.index("bb2020/papa-skullbones") < steps.index("kick-off")
    papa = "bb2020/papa-skullbones"
    step = sequence_steps(bb2020)[papa]
    state = game(bb2020, {papa: 1})
    # v is overlooked (2): the roll passes to h2, picked at random (1), who gains Claws and Horns (7).
    with ScriptedDice([2, 1, 7]) as dice, ScriptedDecisions([("agreed-choice", "v")]) as decisions:
        after, events = step(bb2020, state, dice, decisions)
    assert after.home.inducement_targets[papa] == ("v", "h2")
    assert after.board.player("h2").has("claws")
    assert [e.kind for e in events][:2] == ["blessing", "overlooked"]
    # Both have been rolled for: nobody is left to offer, and nothing is asked.
    with ScriptedDecisions([], strict=True) as decisions:
        assert step(bb2020, after, ScriptedDice([]), decisions) == (after, ())


MUNGO = "bb2020/mungo-spinecracker"
KNOCKED_OUT = [4, 4]  # an Injury Roll of 8: Knocked-out


def knocked_out(
    rules: bbcore.Ruleset, mungo_roll: int | None, *, holds_mungo: bool = True, apothecary: bool = False, crowd: bool = False
) -> tuple[Outcome, list[tuple[str, str]]]:
    """The home player "v" Knocked-out by an Injury Roll, his coach calling Mungo (through HeldTreatments)."""
    state = game(rules, {MUNGO: 1} if holds_mungo else {})
    asked: list[tuple[str, str]] = []

    def choose(player: PlayerState, injury: str) -> str | None:
        asked.append((player.id, injury))
        return held.casualty_treatment(player.id, injury)

    held = HeldTreatments(rules, state, ScriptedDecisions([("casualty-treatment", MUNGO)]))
    rolls = [*KNOCKED_OUT, *([] if mungo_roll is None else [mungo_roll])]
    with ScriptedDice(rolls) as dice:
        outcome = roll_injury(
            rules, state.board, "v", Harm("block", crowd=crowd), dice, lambda player, injury: apothecary, choose_treatment=choose
        )
    return outcome, asked


def test_mungo_is_offered_for_a_knocked_out_result_before_the_player_leaves(bb2020: bbcore.Ruleset) -> None:
    outcome, asked = knocked_out(bb2020, 3)
    assert asked == [("v", "knocked-out")]
    assert outcome.board.player("v").status is Status.KO  # Pummelled: the Knocked-out box as usual
    assert [(e.kind, e.result) for e in outcome.events] == [("injury", "knocked-out"), ("medic", "ko")]


def test_mungo_s_treated_row_is_a_badly_hurt_casualty_with_no_casualty_roll(bb2020: bbcore.Ruleset) -> None:
    outcome, _ = knocked_out(bb2020, 1)
    player = outcome.board.player("v")
    assert (player.status, player.casualty_results) == (Status.CASUALTY, ("badly-hurt",))
    casualty = next(e for e in outcome.events if e.kind == "casualty")
    assert (casualty.rolls, casualty.detail["counts_as"]) == ((), "badly-hurt")


def test_a_player_mungo_fails_to_treat_may_still_have_the_apothecary(bb2020: bbcore.Ruleset) -> None:
    outcome, _ = knocked_out(bb2020, 2, apothecary=True)
    assert outcome.board.player("v").status is Status.STUNNED
    assert [e.kind for e in outcome.events] == ["injury", "medic", "apothecary"]


def test_a_player_who_fends_mungo_off_stays_on_the_pitch_stunned(bb2020: bbcore.Ruleset) -> None:
    outcome, _ = knocked_out(bb2020, 6)
    player = outcome.board.player("v")
    assert (player.status, player.square) == (Status.STUNNED, (9, 5))
    # Knocked out by the crowd, there is no pitch to stay on: the Reserves.
    crowd, _ = knocked_out(bb2020, 6, crowd=True)
    assert crowd.board.player("v").status is Status.RESERVES


def test_a_team_without_mungo_cannot_call_him(bb2020: bbcore.Ruleset) -> None:
    outcome, asked = knocked_out(bb2020, None, holds_mungo=False)
    assert asked == [("v", "knocked-out")]
    assert outcome.board.player("v").status is Status.KO
    assert [e.kind for e in outcome.events] == ["injury"]


GALANDRIL = "bb2020/galandril-silverwater"
FINK = "bb2020/fink-da-fixer"
KROT = "bb2020/krot-shockwhisker"


@pytest.mark.parametrize(("cheerleaders", "roll", "total"), [(0, 2, 3), (2, 3, 5)])
def test_galandril_adds_a_d3_to_at_least_one_cheerleader(cheerleaders: int, roll: int, total: int) -> None:
    with ScriptedDice([roll]) as dice:
        counted, _ = cheering_fans_cheerleaders(PACKS, GALANDRIL, cheerleaders, dice)
    assert counted == total


@pytest.mark.parametrize(("dice", "natural", "extra"), [("D16", 15, 1), ("D16", 14, 0), ("D8", 8, 1), ("D8", 7, 0)])
def test_galandril_turns_a_high_prayer_into_a_team_reroll(dice: str, natural: int, extra: int) -> None:
    assert prayer_rerolls(PACKS, {GALANDRIL: 1}, dice, natural) == extra
    assert prayer_rerolls(PACKS, {}, dice, natural) == 0


@pytest.mark.parametrize(
    ("roll", "held", "row", "fink_off"),
    [
        (5, True, "well-when-you-put-it-like-that", False),
        (5, False, "i-dont-care", False),
        (2, True, "i-dont-care", False),
        (1, True, "youre-outta-here", True),
    ],
)
def test_fink_reads_the_argue_the_call_roll_his_way(bb2020: bbcore.Ruleset, roll: int, held: bool, row: str, fink_off: bool) -> None:
    with ScriptedDice([roll]) as dice:
        got, off, _ = argue_the_call(bb2020, {FINK: 1} if held else {}, dice)
    assert (got.id, off) == (row, fink_off)


def test_fink_reads_the_roll_with_his_team_s_modifiers(bb2020: bbcore.Ruleset) -> None:
    # A Biased Referee's +1 turns a natural 4 into a 5, which Fink reads as "well, when you put it like that".
    with ScriptedDice([4]) as dice:
        got, off, _ = argue_the_call(bb2020, {FINK: 1}, dice, 1)
    assert (got.id, off) == ("well-when-you-put-it-like-that", False)
    # A natural 1 still gets the coach ejected, Fink with him.
    with ScriptedDice([1]) as dice:
        got, off, _ = argue_the_call(bb2020, {FINK: 1}, dice, 1)
    assert (got.id, off) == (bb2020.parameters.fouls.coach_ejected_by, True)


def bribed(rules: bbcore.Ruleset, state: GameState, player_id: str, rolls: list[int], *, offered: bool = False) -> SentOff:
    """``player_id`` Sent-off; his coach does not argue (if he still may), spends a Bribe and takes the re-roll ``offered``."""
    may_argue = not state.team(state.board.player(player_id).team).coach_ejected
    answers = [*([("argue-the-call", False)] if may_argue else []), ("bribe", True), *([("use-skill", True)] if offered else [])]
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return send_off(rules, state, player_id, dice, decisions, reason="foul")


def test_fink_rolls_a_failed_bribe_again_once_a_game(bb2020: bbcore.Ruleset) -> None:
    bribes = free_bribe(bb2020)
    state = game(bb2020, {FINK: 1, bribes: 2})
    kept = bribed(bb2020, state, "v", [1, bb2020.parameters.targets.bribe], offered=True)
    assert kept.stays
    event = next(e for e in kept.events if e.kind == "bribe")
    assert (event.rolls, event.result, event.detail["rerolled_with"]) == ((1, bb2020.parameters.targets.bribe), "worked", FINK)
    gone = bribed(bb2020, kept.state, "v", [1])  # his one re-roll is spent
    assert not gone.stays
    assert "rerolled_with" not in next(e for e in gone.events if e.kind == "bribe").detail


def test_no_fixer_no_bribe_re_roll_and_fink_leaves_with_an_ejected_coach(bb2020: bbcore.Ruleset) -> None:
    bribes = free_bribe(bb2020)
    assert not bribed(bb2020, game(bb2020, {bribes: 1}), "v", [1]).stays
    ejected = game(bb2020, {FINK: 1, bribes: 1}).update_team("home", coach_ejected=True)
    assert not bribed(bb2020, ejected, "v", [1]).stays


def test_schielund_picks_d3_players_able_to_play_who_gain_pro(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {"bb2020/schielund-scharlitan": 1})
    # D3 = 1 player; of ["h2", "v"] the second is picked.
    with ScriptedDice([1, 2]) as dice:
        after, picked, _ = sign_clients(bb2020, state, "home", "bb2020/schielund-scharlitan", dice)
    assert picked == ("v",)
    assert after.board.player("v").has("pro")
    assert not after.board.player("h2").has("pro")
    with ScriptedDice([6]) as dice:
        row, _ = post_game_roll(bb2020, "bb2020/schielund-scharlitan", "v", dice)
    assert row.id == "good-exposure"


def test_ayleen_takes_one_off_each_journeyman_after_the_first(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([6, 6, 2]) as dice:
        results, _ = scout_journeymen(bb2020, "bb2020/ayleen-andar", ["j1", "j2", "j3"], dice)
    assert [row.id for _, row in results] == ["real-star-quality", "some-potential", "team-player"]


def krot_game(rules: bbcore.Ruleset, stupid: int | None = None) -> GameState:
    state = game(rules, {KROT: 1})
    player = state.board.player("h2").with_status(Status.CASUALTY)
    if stupid is not None:
        player = attrs.evolve(player, skills={**player.skills, "bb2020/really-stupid": stupid})
    return attrs.evolve(state, board=state.board.with_player(player))


@pytest.mark.parametrize(("roll", "status"), [(6, Status.RESERVES), (4, Status.RESERVES), (3, Status.CASUALTY)])
def test_krot_sends_a_casualty_back_to_the_reserves(bb2020: bbcore.Ruleset, roll: int, status: Status) -> None:
    with ScriptedDice([roll]) as dice:
        after, _ = experiment(bb2020, krot_game(bb2020), "home", KROT, "h2", dice)
    assert after.board.player("h2").status is status
    assert after.board.player("h2").skill_value("bb2020/really-stupid") == (4 if roll == 4 else None)


def test_krot_makes_a_stupid_player_stupider_or_worse(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([5]) as dice:
        after, _ = experiment(bb2020, krot_game(bb2020, 4), "home", KROT, "h2", dice)
    assert after.board.player("h2").skill_value("bb2020/really-stupid") == 5
    with ScriptedDice([1, 16]) as dice:
        after, events = experiment(bb2020, krot_game(bb2020), "home", KROT, "h2", dice)
    assert after.board.player("h2").status is Status.CASUALTY
    assert events[-1].kind == "casualty"
    with pytest.raises(UsageError):
        experiment(bb2020, game(bb2020, {KROT: 1}), "home", KROT, "h2", ScriptedDice([6]))


def test_krot_makes_the_core_really_stupid_one_worse_until_the_next_drive_ends(bb2020: bbcore.Ruleset) -> None:
    state = krot_game(bb2020)
    patient = state.board.player("h2")
    state = attrs.evolve(state, board=state.board.with_player(attrs.evolve(patient, skills={**patient.skills, "really-stupid": None})))
    with ScriptedDice([4]) as dice:  # Flawed Execution
        after, _ = experiment(bb2020, state, "home", KROT, "h2", dice)
    worse = bb2020.parameters.activation.traits["really-stupid"].target + 1  # type: ignore[operator]
    player = after.board.player("h2")
    assert player.skill_value("bb2020/really-stupid") == worse
    assert activation_traits(bb2020, player) == ("bb2020/really-stupid",)  # the worse form replaces the trait
    # Krot works as a drive ends: this drive's end leaves the trait, the next drive's takes it away.
    this_drive, _ = end_of_drive_effects(bb2020, after, ScriptedDice([]), ScriptedDecisions([]))
    assert activation_traits(bb2020, this_drive.board.player("h2")) == ("bb2020/really-stupid",)
    next_drive, _ = clear_the_pitch(bb2020, this_drive, ScriptedDice([]), ScriptedDecisions([]))
    ended, _ = end_of_drive_effects(bb2020, next_drive, ScriptedDice([]), ScriptedDecisions([]))
    assert activation_traits(bb2020, ended.board.player("h2")) == ("really-stupid",)


def test_krot_experiments_once_per_game(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([3]) as dice:  # the patient stays in the Casualty box
        after, _ = experiment(bb2020, krot_game(bb2020), "home", KROT, "h2", dice)
    assert uses_left(bb2020, after, "home", KROT) == 0
    with pytest.raises(UsageError, match="as often as it may this game"):
        experiment(bb2020, after, "home", KROT, "h2", ScriptedDice([6]))


def test_papa_skullbones_and_krot_leave_hired_players_alone(bb2020: bbcore.Ruleset) -> None:
    from collections.abc import Sequence

    from bbcore_inducement_packs.coaching_staff import bless_step

    from bbcore.model.team import InducementOrder
    from bbcore.rules.hired_players import hired_players

    (rotter,) = hired_players(bb2020, "home", [InducementOrder("bb2020/mercenaries", 1, "human/human-lineman")], ())
    assert rotter.hired
    state = game(bb2020, {"bb2020/papa-skullbones": 1, KROT: 1})
    on_pitch = attrs.evolve(rotter, square=(3, 5), status=Status.STANDING)
    blessing = attrs.evolve(state, board=state.board.with_player(on_pitch))
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="not hired for the game"):
        bless(bb2020, blessing, "home", "bb2020/papa-skullbones", rotter.id, dice)
    # The coach is not even offered him before the kick-off.
    asked: list[str] = []

    class Noting(ScriptedDecisions):
        def agreed_choice(self, question: str, options: Sequence[str]) -> str | None:
            asked.extend(options)
            return None

    bless_step(bb2020, blessing, ScriptedDice([]), Noting([]))
    assert asked
    assert rotter.id not in asked
    hurt = attrs.evolve(state, board=state.board.with_player(attrs.evolve(rotter, status=Status.CASUALTY)))
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="hired for the game is not"):
        experiment(bb2020, hurt, "home", KROT, rotter.id, dice)
