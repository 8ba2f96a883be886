"""Activation tests: Bone Head, Really Stupid, Unchannelled Fury, Animal Savagery, Take Root and Bloodlust."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import attrs
import pytest

from bbcore.dice import ScriptedDice, exact_outcomes
from bbcore.errors import UsageError
from bbcore.odds import activation_odds
from bbcore.rules.activation import ActivationResult, activation_test, bite, needs_activation_test, thralls_to_bite
from bbcore.rules.board import Board, Square, Status
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.movement import move
from bbcore.rules.push import push
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

LINEMAN, ORC, THRALL = "human/human-lineman", "orc/orc-lineman", "vampire/thrall-lineman"
HELD = [2, 2]  # an armour roll that breaks nobody's armour


def field(
    rules: Ruleset,
    trait: Mapping[str, Any],
    *,
    mate: Square | None = None,
    mate_skills: Mapping[str, Any] | None = None,
    statuses: Mapping[str, str] | None = None,
    ball: Square | str | None = None,
) -> Board:
    """``m`` (home, with ``trait``) at (5, 5); a home team-mate ``t`` at ``mate``; an orc ``o`` far away."""
    players: dict[str, tuple[str, str, Square | None]] = {"m": ("home", LINEMAN, (5, 5)), "o": ("away", ORC, (15, 10))}
    skills: dict[str, Mapping[str, Any]] = {"m": trait}
    if mate is not None:
        players["t"] = ("home", LINEMAN, mate)
        skills["t"] = mate_skills or {}
    return build_board(rules, players, skills=skills, statuses=statuses, ball=ball)


def activate(
    rules: Ruleset,
    board: Board,
    action: str,
    rolls: Iterable[int],
    answers: Iterable[tuple[str, Any]] = (),
    **options: Any,
) -> ActivationResult:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        return activation_test(rules, board, "m", action, dice, decisions, **options)


def kinds(result: ActivationResult) -> list[str]:
    return [e.kind for e in result.events]


def only(result: ActivationResult, kind: str) -> Event:
    (event,) = [e for e in result.events if e.kind == kind]
    return event


# -- no trait --------------------------------------------------------------------------


def test_a_player_without_an_activation_trait_passes_without_a_roll(core: Ruleset) -> None:
    board = field(core, {})
    result = activate(core, board, "blitz", [])
    assert (result.passed, result.may_act, result.actions, result.events, result.tested) == (True, True, ("blitz",), (), ())
    assert result.board == board
    assert not needs_activation_test(board.player("m"), core)


def test_being_activated_ends_a_distraction(core: Ruleset) -> None:
    board = field(core, {})
    board = board.with_player(attrs.evolve(board.player("m"), tackle_zone=False))
    result = activate(core, board, "move", [])
    assert result.board.player("m").tackle_zone
    assert kinds(result) == ["distraction-ends"]
    kept = activate(core, board, "move", [], ends_distraction=False)
    assert not kept.board.player("m").tackle_zone


# -- Bone Head ---------------------------------------------------------------------------


def test_bone_head_passes_on_a_two(core: Ruleset) -> None:
    board = field(core, {"bone-head": None})
    assert needs_activation_test(board.player("m"), core)
    result = activate(core, board, "move", [2])
    assert (result.passed, result.may_act, result.actions) == (True, True, ("move",))
    event = only(result, "bone-head")
    assert (event.rolls, event.result, event.detail["target"]) == ((2,), "passed", 2)
    assert result.board.player("m").tackle_zone


def test_bone_head_on_a_one_loses_the_tackle_zone_and_ends_the_activation(core: Ruleset) -> None:
    result = activate(core, field(core, {"bone-head": None}), "block", [1])
    assert (result.passed, result.may_act, result.actions, result.turnover) == (False, False, (), False)
    assert not result.board.player("m").tackle_zone
    assert only(result, "distracted").detail["cause"] == "bone-head"


def test_a_distracted_player_marks_nobody(core: Ruleset) -> None:
    result = activate(core, field(core, {"bone-head": None}), "move", [1])
    assert result.board.tackle_zones_on((6, 6), "away") == 0


# -- Really Stupid -------------------------------------------------------------------------


def test_really_stupid_alone_needs_a_four(core: Ruleset) -> None:
    board = field(core, {"really-stupid": None})
    assert activate(core, board, "move", [4]).passed
    failed = activate(core, board, "move", [3])
    assert (failed.passed, failed.may_act) == (False, False)
    assert not failed.board.player("m").tackle_zone


def test_really_stupid_gets_two_from_an_adjacent_team_mate(core: Ruleset) -> None:
    result = activate(core, field(core, {"really-stupid": None}, mate=(5, 6)), "move", [2])
    assert result.passed
    event = only(result, "really-stupid")
    assert (event.detail["modifier"], event.detail["modifiers"]) == (2, ["team_mate_helps"])


@pytest.mark.parametrize(
    ("mate", "mate_skills", "statuses", "distracted"),
    [
        ((5, 7), {}, None, False),  # not adjacent
        ((5, 6), {"really-stupid": None}, None, False),  # as stupid as the player
        ((5, 6), {}, {"t": "prone"}, False),  # not standing
        ((5, 6), {}, None, True),  # distracted
    ],
)
def test_really_stupid_gets_no_help_from_these_team_mates(
    core: Ruleset, mate: Square, mate_skills: Mapping[str, Any], statuses: Mapping[str, str] | None, distracted: bool
) -> None:
    board = field(core, {"really-stupid": None}, mate=mate, mate_skills=mate_skills, statuses=statuses)
    if distracted:
        board = board.with_player(attrs.evolve(board.player("t"), tackle_zone=False))
    assert not activate(core, board, "move", [3]).passed


def test_really_stupid_help_can_be_given_by_the_caller(core: Ruleset) -> None:
    board = field(core, {"really-stupid": None})
    assert activate(core, board, "move", [2], adjacent_help=True).passed
    helped = field(core, {"really-stupid": None}, mate=(5, 6))
    assert not activate(core, helped, "move", [3], adjacent_help=False).passed


# -- Unchannelled Fury -------------------------------------------------------------------


@pytest.mark.parametrize(("action", "roll", "passed"), [("move", 4, True), ("move", 3, False), ("block", 2, True), ("blitz", 2, True)])
def test_unchannelled_fury_needs_a_four_with_two_for_a_block_or_blitz(core: Ruleset, action: str, roll: int, passed: bool) -> None:
    result = activate(core, field(core, {"unchannelled-fury": None}), action, [roll])
    assert result.passed is passed
    assert only(result, "unchannelled-fury").detail["modifier"] == (2 if action in ("block", "blitz") else 0)


def test_unchannelled_fury_failing_ends_the_activation_but_keeps_the_tackle_zone(core: Ruleset) -> None:
    result = activate(core, field(core, {"unchannelled-fury": None}), "block", [1])
    assert (result.passed, result.may_act, result.actions) == (False, False, ())
    assert result.board.player("m").tackle_zone
    assert "activation-ends" in kinds(result)


# -- Animal Savagery ---------------------------------------------------------------------


def test_animal_savagery_passes_on_two_when_blitzing(core: Ruleset) -> None:
    result = activate(core, field(core, {"animal-savagery": None}, mate=(5, 6)), "blitz", [2])
    assert (result.passed, result.may_act, result.actions) == (True, True, ("blitz",))
    assert result.board.player("t").standing


def test_animal_savagery_lashes_out_at_a_team_mate_then_goes_on(core: Ruleset) -> None:
    board = field(core, {"animal-savagery": None}, mate=(5, 6))
    result = activate(core, board, "move", [3, *HELD], [("team-mate", "t")])
    assert (result.passed, result.may_act, result.actions, result.turnover) == (False, True, ("move",), False)
    assert result.board.player("t").status is Status.PRONE
    assert result.board.player("m").tackle_zone
    assert only(result, "lash-out").detail["team_mate"] == "t"
    assert kinds(result) == ["animal-savagery", "lash-out", "knocked-down", "armour"]


def test_animal_savagery_uses_mighty_blow_on_the_team_mate(core: Ruleset) -> None:
    board = field(core, {"animal-savagery": None, "mighty-blow": None}, mate=(5, 6))
    av = board.player("t").av
    first, second = 4, av - 5  # one short of the armour: Mighty Blow breaks it
    result = activate(core, board, "move", [3, first, second, 1, 1], [("team-mate", "t")])
    armour = only(result, "armour")
    assert (armour.result, armour.detail["mighty_blow"]) == ("broken", True)
    assert only(result, "injury").who == "t"


def test_animal_savagery_spends_mighty_blow_on_armour_that_breaks_anyway(core: Ruleset) -> None:
    board = field(core, {"animal-savagery": None, "mighty-blow": None}, mate=(5, 6))
    av = board.player("t").av
    injury = [4, 3]  # 7: Stunned, unless a Mighty Blow were still to come
    result = activate(core, board, "move", [3, 6, av - 6, *injury], [("team-mate", "t")])
    armour = only(result, "armour")
    assert (armour.result, armour.detail["mighty_blow"], armour.detail["total"]) == ("broken", True, av + 1)
    assert (only(result, "injury").detail["total"], only(result, "injury").result) == (7, "stunned")


def test_animal_savagery_with_nobody_to_hit_becomes_distracted(core: Ruleset) -> None:
    result = activate(core, field(core, {"animal-savagery": None}, mate=(5, 7)), "block", [1])
    assert (result.passed, result.may_act, result.actions) == (False, False, ())
    assert not result.board.player("m").tackle_zone
    assert result.board.player("t").standing


def test_animal_savagery_hitting_the_ball_carrier_is_a_turnover(core: Ruleset) -> None:
    board = field(core, {"animal-savagery": None}, mate=(5, 6), ball="t")
    # the ball bounces from (5, 6): D8 8 sends it to (6, 7), an empty square
    result = activate(core, board, "move", [3, *HELD, 8], [("team-mate", "t")])
    assert (result.may_act, result.turnover) == (False, True)
    assert result.board.ball.carrier is None
    assert "bounce" in kinds(result)


# -- Take Root ---------------------------------------------------------------------------


def test_take_root_passes_on_a_two(core: Ruleset) -> None:
    result = activate(core, field(core, {"take-root": None}), "move", [2])
    assert result.passed
    assert not result.board.player("m").rooted


def test_take_root_on_a_one_roots_the_player(core: Ruleset) -> None:
    result = activate(core, field(core, {"take-root": None}), "block", [1])
    assert (result.passed, result.may_act, result.actions) == (False, True, ("block",))
    rooted = result.board
    assert rooted.player("m").rooted
    assert rooted.player("m").tackle_zone
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="rooted"):
        move(core, rooted, "m", [(6, 5)], dice, ScriptedDecisions([]))
    with ScriptedDice([]) as dice:
        pushed = push(core, rooted, "m", (4, 5), dice, ScriptedDecisions([]), chooser="away")
    assert not pushed.moved
    assert pushed.outcome.board.player("m").square == (5, 5)
    # Knocked down or placed prone: no longer rooted.
    down = rooted.with_player(attrs.evolve(rooted.player("m"), status=Status.PRONE))
    assert not down.player("m").rooted


def test_take_root_is_not_rolled_for_a_prone_player(core: Ruleset) -> None:
    board = field(core, {"take-root": None}, statuses={"m": "prone"})
    assert not needs_activation_test(board.player("m"), core)
    result = activate(core, board, "move", [])
    assert (result.passed, result.tested) == (True, ())
    assert only(result, "take-root").result == "no-test"


# -- Bloodlust -----------------------------------------------------------------------------


def test_bloodlust_takes_its_target_from_the_trait_and_one_for_a_block(core: Ruleset) -> None:
    board = field(core, {"bloodlust": 3})
    assert activate(core, board, "block", [2]).passed
    assert only(activate(core, board, "block", [2]), "bloodlust").detail["target"] == 3
    assert not activate(core, board, "pass", [2]).passed


def test_bloodlust_failing_goes_on_with_a_bite_owed_and_a_move_allowed(core: Ruleset) -> None:
    result = activate(core, field(core, {"bloodlust": 3}), "pass", [2])
    assert (result.passed, result.may_act, result.actions, result.pending) == (False, True, ("pass", "move"), ("bite",))
    assert result.board.player("m").tackle_zone
    assert activate(core, field(core, {"bloodlust": 3}), "move", [1]).actions == ("move",)


def test_bloodlust_fails_on_a_natural_one_whatever_the_modifier(core: Ruleset) -> None:
    assert not activate(core, field(core, {"bloodlust": 2}), "blitz", [1]).passed


# -- the bite owed after a failed Bloodlust test ------------------------------------------------


def vampires(
    rules: Ruleset,
    *,
    thrall: Square | None = (5, 6),
    m: Square = (5, 5),
    statuses: Mapping[str, str] | None = None,
    ball: Square | str | None = None,
) -> Board:
    """``m`` (home, Bloodlust (3+)) at ``m``; a home Thrall ``t`` at ``thrall``; a home lineman ``h`` next to ``m``; an orc far away."""
    players: dict[str, tuple[str, str, Square | None]] = {
        "m": ("home", LINEMAN, m),
        "h": ("home", LINEMAN, (m[0] - 1, m[1])),
        "o": ("away", ORC, (15, 10)),
    }
    if thrall is not None:
        players["t"] = ("home", THRALL, thrall)
    return build_board(rules, players, skills={"m": {"bloodlust": 3}}, statuses=statuses, ball=ball)


def bitten(rules: Ruleset, board: Board, thrall: str | None, rolls: Iterable[int], answers: Iterable[tuple[str, Any]] = ()) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        return bite(rules, board, "m", thrall, dice, decisions)


def event(outcome: Outcome, kind: str) -> Event:
    (found,) = [e for e in outcome.events if e.kind == kind]
    return found


def test_only_adjacent_team_mates_of_the_bitten_positions_may_be_bitten(core: Ruleset) -> None:
    assert thralls_to_bite(core, vampires(core), "m") == ["t"]
    assert thralls_to_bite(core, vampires(core, thrall=(5, 7)), "m") == []
    # Whatever the Thrall's status.
    assert thralls_to_bite(core, vampires(core, statuses={"t": "stunned"}), "m") == ["t"]
    with pytest.raises(UsageError, match="may not bite"):
        bitten(core, vampires(core), "h", [])


@pytest.mark.parametrize(
    ("injury", "status", "kinds_after"),
    [
        ([3, 4], Status.STUNNED, ["bite", "injury"]),
        ([4, 4], Status.KO, ["bite", "injury"]),
        ([6, 6], Status.CASUALTY, ["bite", "injury", "casualty"]),
    ],
)
def test_a_bite_makes_an_injury_roll_for_the_thrall_and_is_no_turnover(
    core: Ruleset, injury: list[int], status: Status, kinds_after: list[str]
) -> None:
    answers: list[tuple[str, Any]] = {
        Status.STUNNED: [],
        Status.KO: [("apothecary", False)],
        Status.CASUALTY: [("casualty-treatment", None), ("apothecary", False), ("casualty-treatment", None)],
    }[status]
    board = vampires(core, statuses={"t": "prone"})
    outcome = bitten(core, board, "t", injury, answers)  # no armour roll, no casualty roll: the script holds only the injury
    assert not outcome.turnover
    assert outcome.board.player("t").status is status
    assert [e.kind for e in outcome.events] == kinds_after
    assert outcome.board.player("m").tackle_zone
    if status is Status.CASUALTY:
        casualty = event(outcome, "casualty")
        assert (casualty.result, casualty.rolls) == ("badly-hurt", ())


def test_a_bitten_thrall_may_be_patched_up_by_the_apothecary(core: Ruleset) -> None:
    outcome = bitten(core, vampires(core), "t", [4, 4], [("apothecary", True)])
    assert outcome.board.player("t").status is Status.STUNNED
    badly_hurt = bitten(core, vampires(core), "t", [6, 6], [("casualty-treatment", None), ("apothecary", True)])
    assert badly_hurt.board.player("t").status is Status.RESERVES


def test_biting_the_thrall_holding_the_ball_is_a_turnover_and_the_ball_bounces(core: Ruleset) -> None:
    # Knocked out: the ball bounces from the Thrall's square (5, 6); D8 8 sends it to (6, 7), an empty square.
    outcome = bitten(core, vampires(core, ball="t"), "t", [4, 4, 8], [("apothecary", False)])
    assert outcome.turnover
    assert outcome.board.player("t").status is Status.KO
    assert (outcome.board.ball.carrier, outcome.board.ball.square) == (None, (6, 7))
    assert event(outcome, "bite").detail["held_ball"]


def test_with_no_thrall_to_bite_the_player_is_distracted_drops_the_ball_and_causes_a_turnover(core: Ruleset) -> None:
    board = vampires(core, thrall=None, ball="m")
    assert thralls_to_bite(core, board, "m") == []
    outcome = bitten(core, board, None, [8])  # the ball bounces from (5, 5) to (6, 6)
    assert outcome.turnover
    assert not outcome.board.player("m").tackle_zone
    assert outcome.board.player("m").standing
    assert (outcome.board.ball.carrier, outcome.board.ball.square) == (None, (6, 6))
    no_bite = event(outcome, "no-bite")
    assert (no_bite.detail["dropped_ball"], no_bite.detail["no_touchdown"]) == (True, False)
    assert "distracted" in [e.kind for e in outcome.events]


def test_declining_to_bite_in_the_opposing_end_zone_scores_no_touchdown(core: Ruleset) -> None:
    end_zone = (core.pitch.length - 1, 5)
    outcome = bitten(core, vampires(core, m=end_zone, thrall=(end_zone[0], 6)), None, [])
    assert outcome.turnover
    assert event(outcome, "no-bite").detail["no_touchdown"]
    assert outcome.board.player("t").standing


def test_whom_to_bite_and_the_casualty_it_means_come_from_the_data(core: Ruleset) -> None:
    bites = core.parameters.activation.traits["bloodlust"].bites
    assert bites is not None
    assert [core.position(ref).name for ref in bites.positions] == ["Thrall Lineman"]
    assert core.table("casualty").row(str(bites.casualty_counts_as)).id == "badly-hurt"
    rules = core.parameters.activation
    lineman_bites = attrs.evolve(bites, positions=(LINEMAN,), casualty_counts_as="seriously-hurt")
    params = attrs.evolve(
        core.parameters,
        activation=attrs.evolve(rules, traits={**rules.traits, "bloodlust": attrs.evolve(rules.traits["bloodlust"], bites=lineman_bites)}),
    )
    changed = attrs.evolve(core, parameters=params)
    board = vampires(core)
    assert thralls_to_bite(changed, board, "m") == ["h"]
    outcome = bitten(changed, board, "h", [6, 6], [("casualty-treatment", None), ("apothecary", False), ("casualty-treatment", None)])
    assert event(outcome, "casualty").result == "seriously-hurt"


# -- re-rolls ------------------------------------------------------------------------------


def test_a_team_reroll_may_save_a_failed_activation_test(core: Ruleset) -> None:
    result = activate(core, field(core, {"bone-head": None}), "move", [1, 2], [("team-reroll", True)], team_reroll=1)
    assert result.passed
    assert result.board.player("m").tackle_zone
    assert (result.team_rerolls_used, result.budget.team_rerolls) == (1, 0)
    assert only(result, "bone-head").detail["rerolled_with"] == "team-reroll"


def test_the_coach_may_keep_the_team_reroll(core: Ruleset) -> None:
    result = activate(core, field(core, {"really-stupid": None}), "move", [1], [("team-reroll", False)], team_reroll=2)
    assert not result.passed
    assert (result.team_rerolls_used, result.budget.team_rerolls) == (0, 2)


def test_no_team_reroll_left_means_no_question(core: Ruleset) -> None:
    result = activate(core, field(core, {"bone-head": None}), "move", [1])
    assert not result.passed
    assert result.team_rerolls_used == 0


@pytest.mark.parametrize(("loner_roll", "passed"), [(3, False), (4, True)])
def test_loner_must_pass_before_the_team_reroll_counts(core: Ruleset, loner_roll: int, passed: bool) -> None:
    board = field(core, {"unchannelled-fury": None, "loner": 4})
    rolls = [2, loner_roll, 5] if passed else [2, loner_roll]
    result = activate(core, board, "move", rolls, [("team-reroll", True)], team_reroll=1)
    assert result.passed is passed
    assert result.team_rerolls_used == 1
    assert only(result, "loner").result == ("passed" if passed else "re-roll-lost")


# -- several traits, and the data ---------------------------------------------------------------


def test_several_traits_roll_in_the_data_order_and_stop_when_the_activation_ends(core: Ruleset) -> None:
    board = field(core, {"take-root": None, "bone-head": None})
    result = activate(core, board, "move", [1])
    assert result.tested == ("bone-head",)
    both = activate(core, board, "move", [2, 1])
    assert both.tested == ("bone-head", "take-root")
    assert both.board.player("m").rooted


def test_the_numbers_come_from_the_parameters(core: Ruleset) -> None:
    rules = core.parameters.activation
    assert rules.traits["bone-head"].target == 2
    assert rules.traits["really-stupid"].modifiers["team_mate_helps"] == 2
    harder = attrs.evolve(rules.traits["bone-head"], target=5)
    params = attrs.evolve(core.parameters, activation=attrs.evolve(rules, traits={**rules.traits, "bone-head": harder}))
    stricter = attrs.evolve(core, parameters=params)
    assert not activate(stricter, field(core, {"bone-head": None}), "move", [4]).passed


def test_needs_activation_test_reads_the_core_parameters_by_default(core: Ruleset) -> None:
    assert needs_activation_test(field(core, {"really-stupid": None}).player("m"))


# -- the odds of passing ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("trait", "mate", "action", "chance"),
    [
        ({}, None, "move", Fraction(1)),  # no trait, no roll
        ({"bone-head": None}, None, "move", Fraction(5, 6)),
        ({"really-stupid": None}, None, "move", Fraction(3, 6)),
        ({"really-stupid": None}, (5, 6), "move", Fraction(5, 6)),  # a team-mate beside him
        ({"unchannelled-fury": None}, None, "move", Fraction(3, 6)),
        ({"unchannelled-fury": None}, None, "blitz", Fraction(5, 6)),
    ],
)
def test_activation_odds_follow_the_test_the_procedure_rolls(
    core: Ruleset, trait: Mapping[str, Any], mate: Square | None, action: str, chance: Fraction
) -> None:
    board = field(core, trait, mate=mate)
    assert activation_odds(core, board, "m", action) == chance
    # Said outright, help counts whatever the board shows.
    assert activation_odds(core, field(core, trait), "m", action, adjacent_help=mate is not None) == chance
    # The same board and action through the procedure, every path of the dice counted, no re-roll on offer.
    through = exact_outcomes(lambda dice: activation_test(core, board, "m", action, dice, DefaultDecisions()).passed)
    assert through.get(True, Fraction(0)) == chance


def test_declining_to_bite_with_any_square_of_a_bigger_base_in_the_end_zone_scores_no_touchdown(core: Ruleset) -> None:
    # The base's own square is one short of the End Zone; its other column lies in it.
    anchor = (core.pitch.length - 2, 5)
    board = vampires(core, m=anchor, thrall=None, ball="m")
    board = board.with_player(attrs.evolve(board.player("m"), base=((0, 0), (1, 0), (0, 1), (1, 1))))
    assert board.end_zone_owner(anchor) is None
    outcome = bitten(core, board, None, [2])
    assert event(outcome, "no-bite").detail["no_touchdown"]
