"""The wizards' spells other than fireballs: Zap!, bolts, lines of fire, hexes, blinks and stomps, with scripted dice."""

from __future__ import annotations

import attrs
import pytest
from bbcore_inducement_packs.giants import hire_giant
from bbcore_inducement_packs.spells import (
    cast_bolt,
    cast_column,
    cast_flora,
    cast_hex,
    danse_macabre,
    danse_step,
    foot_of_gork,
    rampant_mutation,
    reality_blinks,
    rough_ground,
    rush_modifier,
    temporal_distortion,
    wear_off,
    zap,
)

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Status, build_board
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.rules.injury import Harm, roll_injury, suffer_casualty
from bbcore.rules.movement import move
from bbcore.rules.sequences import GameState, TeamState

#: A ruleset with the packs, for the helpers that read their numbers.
PACKS = bbcore.load_ruleset(packs=["bb2020"])


LINEMAN = "human/human-lineman"  # MA 6, ST 3, AG 3+, PA 4+, AV 9+
WIZARD = "bb2020/hireling-sports-wizard"


def one_away(rules: bbcore.Ruleset, square: tuple[int, int] = (15, 7), **kwargs: object) -> Board:
    return build_board(rules, {"a": ("away", LINEMAN, square), "h": ("home", LINEMAN, (3, 3))}, **kwargs)  # type: ignore[arg-type]


def with_st(board: Board, player_id: str, st: int) -> Board:
    return board.with_player(attrs.evolve(board.player(player_id), st=st))


# ---------------------------------------------------------------- Zap!


def test_zap_at_or_above_strength_turns_the_target_into_the_frog(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([3]) as dice:
        outcome = zap(bb2020, one_away(bb2020), "home", WIZARD, "a", dice)
    frog = outcome.board.player("a")
    assert (frog.ma, frog.st, frog.ag, frog.pa, frog.av) == (5, 1, 2, None, 5)
    assert frog.has("no-ball")
    assert frog.has("titchy")
    assert frog.square == (15, 7)
    assert frog.status is Status.STANDING
    # In play the Frog cannot hold the ball: the core's pick-up fails with no die rolled for it.
    from bbcore.rules.ball import pick_up
    from bbcore.rules.board import BallState
    from bbcore.rules.decisions import DefaultDecisions

    on_the_ball = outcome.board.with_ball(BallState(square=(15, 7)))
    picked = pick_up(bb2020, on_the_ball, "a", ScriptedDice([4, 4]), DefaultDecisions())  # the bounce's D8s
    assert picked.board.ball.carrier is None
    assert picked.turnover


def test_zap_below_strength_only_gives_warts(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([2]) as dice:
        outcome = zap(bb2020, one_away(bb2020), "home", WIZARD, "a", dice)
    assert outcome.board.player("a").st == 3
    assert outcome.events[-1].result == "warts"


def test_a_natural_six_zaps_even_the_strongest(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([6]) as dice:
        outcome = zap(bb2020, with_st(one_away(bb2020), "a", 7), "home", "bb2020/wicked-witch", "a", dice)
    assert outcome.board.player("a").st == 1


def test_the_hireling_zaps_only_opposing_players(bb2020: bbcore.Ruleset) -> None:
    with pytest.raises(UsageError):
        zap(bb2020, one_away(bb2020), "home", WIZARD, "h", ScriptedDice([6]))


def test_a_zapped_carrier_drops_the_ball_and_it_bounces(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([3, 1]) as dice:
        outcome = zap(bb2020, one_away(bb2020, ball="a"), "home", WIZARD, "a", dice)
    assert outcome.board.ball.carrier is None
    assert outcome.board.ball.square not in (None, (15, 7))


def test_the_frog_wears_off_with_the_players_own_profile(bb2020: bbcore.Ruleset) -> None:
    board = one_away(bb2020)
    with ScriptedDice([4]) as dice:
        outcome = zap(bb2020, board, "home", WIZARD, "a", dice)
    moved = outcome.board.with_player(outcome.board.player("a").moved((16, 8)))
    back = wear_off(moved, outcome.events[-1]).player("a")
    assert attrs.evolve(back, square=(15, 7)) == board.player("a")


def test_the_classic_zap_always_fails_on_a_one_and_may_hit_your_own(classic: bbcore.Ruleset) -> None:
    with ScriptedDice([1]) as dice:
        outcome = zap(classic, with_st(one_away(classic), "h", 1), "home", "classic/wizard", "h", dice)
    assert outcome.board.player("h").st == 1
    assert outcome.events[-1].result == "warts"


def test_the_classic_frog_is_read_from_the_old_scale(classic: bbcore.Ruleset) -> None:
    with ScriptedDice([3]) as dice:
        outcome = zap(classic, one_away(classic), "home", "classic/wizard", "a", dice)
    frog = outcome.board.player("a")
    assert (frog.ma, frog.st, frog.ag, frog.av) == (5, 1, 2, 5)  # old AG 4 is 2+ (the 2020 frog's), old AV 4 is 5+
    assert frog.has("no-ball")


# ---------------------------------------------------------------- bolts


@pytest.mark.parametrize(
    ("pack", "wizard"),
    [("bb2020", "bb2020/asur-high-mage"), ("bb2020", "bb2020/chaos-sorcerer"), ("classic", "classic/wizard")],
)
def test_a_bolt_knocks_down_on_three_or_more_with_one_more_on_the_armour(pack: str, wizard: str) -> None:
    rules = bbcore.load_ruleset(packs=[pack])
    # hit (3); armour 4+4 breaks AV 9+ only with the +1; injury 1+1: Stunned
    with ScriptedDice([3, 4, 4, 1, 1]) as dice:
        outcome = cast_bolt(rules, one_away(rules), "home", wizard, "a", dice)
    assert outcome.board.player("a").status is Status.STUNNED


def test_a_bolt_is_dodged_on_two(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([2]) as dice:
        outcome = cast_bolt(bb2020, one_away(bb2020), "home", "bb2020/warlock-engineer", "a", dice)
    assert outcome.board.player("a").status is Status.STANDING


def test_a_bolt_needs_a_standing_opponent(bb2020: bbcore.Ruleset) -> None:
    with pytest.raises(UsageError):
        cast_bolt(bb2020, one_away(bb2020, statuses={"a": "prone"}), "home", "bb2020/asur-high-mage", "a", ScriptedDice([6]))


# ---------------------------------------------------------------- lines of fire


def across(rules: bbcore.Ruleset) -> Board:
    return build_board(
        rules,
        {"near": ("away", LINEMAN, (10, 2)), "mine": ("home", LINEMAN, (10, 9)), "aside": ("away", LINEMAN, (11, 5))},
    )


def test_the_column_of_fire_rolls_for_each_standing_player_on_its_path(bb2020: bbcore.Ruleset) -> None:
    # near: hit (4), armour 1+1; mine: ducks (3); aside is off the path
    with ScriptedDice([4, 1, 1, 3]) as dice:
        outcome = cast_column(bb2020, across(bb2020), "home", "bb2020/ogre-firebelly", (10, 0), dice)
    assert outcome.board.player("near").status is Status.PRONE
    assert outcome.board.player("mine").status is Status.STANDING
    assert [e.who for e in outcome.events if e.kind == "column-hit"] == ["near", "mine"]


def test_a_column_from_the_far_sideline_meets_players_in_the_other_order(bb2020: bbcore.Ruleset) -> None:
    width = bb2020.pitch.width
    with ScriptedDice([1, 1]) as dice:
        outcome = cast_column(bb2020, across(bb2020), "home", "bb2020/ogre-firebelly", (10, width - 1), dice)
    assert [e.who for e in outcome.events if e.kind == "column-hit"] == ["mine", "near"]


def test_a_column_meets_a_giant_once_where_it_crosses_his_base(bb2020: bbcore.Ruleset) -> None:
    giant = hire_giant(bb2020, "bb2020/giant-mercenary", "g", "away", (9, 4))  # its base: (9..10, 4..5)
    board = build_board(bb2020, {"far": ("away", LINEMAN, (10, 9))}).with_player(giant)
    # The column down x = 10 crosses the base's right-hand squares: one roll for the giant (ducks, 3), then far's (3).
    with ScriptedDice([3, 3]) as dice:
        outcome = cast_column(bb2020, board, "home", "bb2020/ogre-firebelly", (10, 0), dice)
    assert [e.who for e in outcome.events if e.kind == "column-hit"] == ["g", "far"]


def test_warp_lightning_is_earthed_through_a_player_on_a_one(bb2020: bbcore.Ruleset) -> None:
    # near: hit (3), armour 1+1, earthed (1): mine is never rolled for
    with ScriptedDice([3, 1, 1, 1]) as dice:
        outcome = cast_column(bb2020, across(bb2020), "home", "bb2020/warlock-engineer", (10, 0), dice)
    assert outcome.board.player("near").status is Status.PRONE
    assert [e.who for e in outcome.events if e.kind == "column-hit"] == ["near"]


def test_warp_lightning_goes_on_after_a_knock_down_on_two_or_more(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([3, 1, 1, 2, 3, 1, 1, 6]) as dice:
        outcome = cast_column(bb2020, across(bb2020), "home", "bb2020/warlock-engineer", (10, 0), dice)
    assert outcome.board.player("mine").status is Status.PRONE


def test_a_line_of_fire_starts_by_a_sideline(bb2020: bbcore.Ruleset) -> None:
    with pytest.raises(UsageError):
        cast_column(bb2020, across(bb2020), "home", "bb2020/ogre-firebelly", (10, 4), ScriptedDice([]))


# ---------------------------------------------------------------- hexes


def test_one_thousand_cuts_lowers_ma_st_and_ag_for_the_drive(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([3]) as dice:
        outcome = cast_hex(bb2020, one_away(bb2020), "home", "bb2020/druchii-sports-sorceress", "a", dice)
    cut = outcome.board.player("a")
    assert (cut.ma, cut.st, cut.ag) == (5, 2, 4)
    assert wear_off(outcome.board, outcome.events[-1]).player("a") == one_away(bb2020).player("a")


@pytest.mark.parametrize("caster", ["bb2020/druchii-sports-sorceress", "bb2020/wicked-witch"])
def test_a_hex_takes_no_characteristic_past_its_limit(bb2020: bbcore.Ruleset, caster: str) -> None:
    # MA and ST no lower than 1, AG no worse than 6+: a player at those limits stays there.
    worst = attrs.evolve(one_away(bb2020).player("a"), ma=1, st=1, ag=6)
    with ScriptedDice([3]) as dice:
        outcome = cast_hex(bb2020, one_away(bb2020).with_player(worst), "home", caster, "a", dice)
    hexed = outcome.board.player("a")
    assert (hexed.ma, hexed.st, hexed.ag) == (1, 1, 6)


def test_plague_of_warts_also_gives_disturbing_presence_and_foul_appearance(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([3]) as dice:
        outcome = cast_hex(bb2020, one_away(bb2020), "home", "bb2020/wicked-witch", "a", dice)
    warty = outcome.board.player("a")
    assert warty.st == 2
    assert warty.has("disturbing-presence")
    assert warty.has("foul-appearance")


def test_a_hex_that_misses_changes_nothing(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([2]) as dice:
        outcome = cast_hex(bb2020, one_away(bb2020), "home", "bb2020/wicked-witch", "a", dice)
    assert outcome.board == one_away(bb2020)


def test_spore_cloud_hits_on_two_with_loner_and_really_stupid(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([2]) as dice:
        outcome = cast_hex(bb2020, one_away(bb2020), "home", "bb2020/night-goblin-shaman", "a", dice)
    spored = outcome.board.player("a")
    assert spored.skill_value("loner") == 5
    assert spored.has("really-stupid")


def test_incorporeal_gives_no_hands_and_drops_the_ball(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([3, 1]) as dice:
        outcome = cast_hex(bb2020, one_away(bb2020, ball="a"), "home", "bb2020/sports-necrotheurge", "a", dice)
    assert outcome.board.player("a").has("no-ball")
    assert outcome.board.ball.carrier is None


def test_incorporeal_takes_the_tackle_zone_until_it_wears_off(bb2020: bbcore.Ruleset) -> None:
    board = one_away(bb2020, square=(3, 4))
    with ScriptedDice([3]) as dice:
        outcome = cast_hex(bb2020, board, "home", "bb2020/sports-necrotheurge", "a", dice)
    ghost = outcome.board.player("a")
    assert not ghost.tackle_zone
    assert outcome.board.markers_of(outcome.board.player("h")) == []
    (hexed,) = [e for e in outcome.events if e.kind == "hexed"]
    back = wear_off(outcome.board, hexed)
    assert back.player("a").tackle_zone
    assert not back.player("a").has("no-ball")
    assert [p.id for p in back.markers_of(back.player("h"))] == ["a"]


def test_other_hexes_leave_the_tackle_zone(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([2]) as dice:
        outcome = cast_hex(bb2020, one_away(bb2020), "home", "bb2020/night-goblin-shaman", "a", dice)
    assert outcome.board.player("a").tackle_zone


# ---------------------------------------------------------------- Reality Blinks

SLANN = "bb2020/slann-mage-priest"


def blinkers(rules: bbcore.Ruleset, **kwargs: object) -> Board:
    """Home players ``p`` and ``q``; the away player ``o`` stands next to ``p``."""
    players = {"p": ("home", LINEMAN, (5, 5)), "q": ("home", LINEMAN, (12, 9)), "o": ("away", LINEMAN, (6, 5))}
    return build_board(rules, players, **kwargs)  # type: ignore[arg-type]


def test_reality_blinks_swaps_the_two_players_on_a_three_or_more(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([3]) as dice:
        outcome = reality_blinks(bb2020, blinkers(bb2020), "home", SLANN, ["p", "q"], dice)
    assert outcome.board.player("p").square == (12, 9)
    assert outcome.board.player("q").square == (5, 5)
    assert outcome.board.player("p").tackle_zone


def test_reality_blinks_on_a_two_leaves_both_without_tackle_zones_or_hands_until_it_wears_off(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([2]) as dice:
        outcome = reality_blinks(bb2020, blinkers(bb2020), "home", SLANN, ["p", "q"], dice)
    board = outcome.board
    assert board.player("p").square == (5, 5)
    for pid in ("p", "q"):
        assert not board.player(pid).tackle_zone
        assert board.player(pid).has("no-ball")
    assert board.markers_of(board.player("o")) == []
    for event in (e for e in outcome.events if e.kind == "blinked"):
        board = wear_off(board, event)
    assert board.player("p").tackle_zone
    assert board.player("q").tackle_zone
    assert not board.player("p").has("no-ball")
    assert [p.id for p in board.markers_of(board.player("o"))] == ["p"]


@pytest.mark.parametrize(
    ("names", "options"),
    [(["p", "o"], {}), (["p", "p"], {}), (["p"], {}), (["p", "q"], {"ball": "q"}), (["p", "q"], {"skills": {"q": {"loner": 4}}})],
)
def test_reality_blinks_needs_two_own_players_without_loner_or_the_ball(
    bb2020: bbcore.Ruleset, names: list[str], options: dict[str, object]
) -> None:
    with ScriptedDice([]) as dice, pytest.raises(UsageError):
        reality_blinks(bb2020, blinkers(bb2020, **options), "home", SLANN, names, dice)


# ---------------------------------------------------------------- Foot of Gork

GOBLIN_SHAMAN = "bb2020/night-goblin-shaman"
RIGHT = 5  # the Random Direction row for one square along the pitch towards the away end


@pytest.mark.parametrize("roll", [1, 2])
def test_the_foot_of_gork_swings_overhead_on_a_one_or_two(bb2020: bbcore.Ruleset, roll: int) -> None:
    with ScriptedDice([roll]) as dice:
        outcome = foot_of_gork(bb2020, one_away(bb2020), "home", GOBLIN_SHAMAN, "a", (17, 7), dice)
    assert outcome.board == one_away(bb2020)


def test_the_foot_of_gork_stomps_on_a_three_to_five_with_a_bonus(bb2020: bbcore.Ruleset) -> None:
    # stomped (3); armour 4+4 = 8, +1 = 9 breaks AV 9+; injury 3+3 = 6 stunned
    with ScriptedDice([3, 4, 4, 3, 3]) as dice:
        outcome = foot_of_gork(bb2020, one_away(bb2020), "home", GOBLIN_SHAMAN, "a", (17, 7), dice)
    assert outcome.board.player("a").status is Status.STUNNED


@pytest.mark.parametrize(("roll", "lands"), [(4, True), (3, False)])
def test_the_foot_of_gork_kicks_on_a_six_and_the_player_lands_after_a_terrible_throw(
    bb2020: bbcore.Ruleset, roll: int, lands: bool
) -> None:
    # kicked (6) towards (17, 7): scatters right three times to (20, 7); landing AG 3+ at -1
    rolls = [6, RIGHT, RIGHT, RIGHT, roll] + ([] if lands else [1, 1, RIGHT])  # a fall: armour held, the ball bounces
    with ScriptedDice(rolls) as dice:
        outcome = foot_of_gork(bb2020, one_away(bb2020, ball="a"), "home", GOBLIN_SHAMAN, "a", (17, 7), dice)
    kicked = outcome.board.player("a")
    assert kicked.square == (20, 7)
    assert kicked.status is (Status.STANDING if lands else Status.PRONE)
    (landing,) = [e for e in outcome.events if e.kind == "landing"]
    assert landing.detail["modifier"] == -1
    assert (outcome.board.ball.carrier == "a") is lands
    assert not outcome.turnover


@pytest.mark.parametrize("kick_to", [(25, 7), (15, 20)])
def test_the_foot_of_gork_kicks_only_as_far_as_a_team_mate_throw(bb2020: bbcore.Ruleset, kick_to: tuple[int, int]) -> None:
    with ScriptedDice([]) as dice, pytest.raises(UsageError):
        foot_of_gork(bb2020, one_away(bb2020), "home", GOBLIN_SHAMAN, "a", kick_to, dice)


# ---------------------------------------------------------------- plants

NURGLE = "bb2020/horticulturalist-of-nurgle"


def garden(rules: bbcore.Ruleset) -> Board:
    return build_board(
        rules,
        {
            "x": ("away", LINEMAN, (12, 7)),
            "y": ("away", LINEMAN, (14, 9)),
            "z": ("away", LINEMAN, (10, 6)),
            "far": ("away", LINEMAN, (16, 7)),
        },
    )


def test_strange_flora_attacks_as_many_named_players_as_the_count_rolled(bb2020: bbcore.Ruleset) -> None:
    # count 2 of three named; x: hit (3), armour 4+4 broken only with the +1, injury 1+1; y: ducks (2)
    with ScriptedDice([2, 3, 4, 4, 1, 1, 2]) as dice:
        outcome = cast_flora(bb2020, garden(bb2020), "home", NURGLE, (12, 8), ["x", "y", "z"], dice)
    assert outcome.board.player("x").status is Status.STUNNED
    assert outcome.board.player("y").status is Status.STANDING
    assert outcome.board.player("z").status is Status.STANDING
    assert [e.who for e in outcome.events if e.kind == "flora-hit"] == ["x", "y"]


def test_strange_flora_reaches_only_two_squares_from_an_empty_square(bb2020: bbcore.Ruleset) -> None:
    with pytest.raises(UsageError):
        cast_flora(bb2020, garden(bb2020), "home", NURGLE, (12, 8), ["far"], ScriptedDice([3]))
    with pytest.raises(UsageError):
        cast_flora(bb2020, garden(bb2020), "home", NURGLE, (12, 7), ["y"], ScriptedDice([3]))


# ---------------------------------------------------------------- rough ground


def rush_once(rules: bbcore.Ruleset, board: Board, modifier: int, roll: int) -> Board:
    """The away lineman walks his 6 squares and rushes one more, with ``roll`` for the rush."""
    path = [(15 - i, 7) for i in range(1, 8)]
    dice = ScriptedDice([roll, 1, 1])  # a fall rolls 1+1 for armour
    return move(rules, board, "a", path, dice, DefaultDecisions(), rush_modifier=modifier).board


@pytest.mark.parametrize(("wizard", "fails_on"), [("bb2020/slann-mage-priest", 2), ("bb2020/horticulturalist-of-nurgle", 3)])
def test_rough_ground_makes_the_opponents_rushes_fail_more(bb2020: bbcore.Ruleset, wizard: str, fails_on: int) -> None:
    board = one_away(bb2020)
    outcome = rough_ground(PACKS, board, "home", wizard)
    assert outcome.board == board
    assert rush_modifier(outcome.events, "home") == 0
    modifier = rush_modifier(outcome.events, "away")
    assert rush_once(bb2020, board, 0, fails_on).player("a").status is Status.STANDING
    assert rush_once(bb2020, board, modifier, fails_on).player("a").status is not Status.STANDING
    assert rush_once(bb2020, board, modifier, fails_on + 1).player("a").status is Status.STANDING


# ---------------------------------------------------------------- Temporal Distortion


def game(rules: bbcore.Ruleset, home_turn: int, away_turn: int) -> GameState:
    return GameState(
        TeamState("home", "Home", "human", 1, turn=home_turn), TeamState("away", "Away", "human", 1, turn=away_turn), one_away(rules)
    )


@pytest.mark.parametrize(("forwards", "turns"), [(True, (4, 5)), (False, (2, 3))])
def test_temporal_distortion_moves_both_turn_markers_on_five(bb2020: bbcore.Ruleset, forwards: bool, turns: tuple[int, int]) -> None:
    with ScriptedDice([5]) as dice:
        state, _ = temporal_distortion(bb2020, game(bb2020, 3, 4), "home", "bb2020/asur-high-mage", forwards, dice)
    assert (state.home.turn, state.away.turn) == turns


def test_temporal_distortion_fails_on_four_and_keeps_markers_on_the_track(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([4]) as dice:
        state, events = temporal_distortion(bb2020, game(bb2020, 3, 4), "home", "bb2020/slann-mage-priest", True, dice)
    assert (state.home.turn, state.away.turn) == (3, 4)
    assert events[-1].result == "no-effect"
    last = bb2020.parameters.turns_per_half
    with ScriptedDice([6]) as dice:
        state, _ = temporal_distortion(bb2020, game(bb2020, last, last - 1), "home", "bb2020/asur-high-mage", True, dice)
    assert (state.home.turn, state.away.turn) == (last, last)


# ---------------------------------------------------------------- Rampant Mutation

CHAOS = "bb2020/chaos-sorcerer"


def test_rampant_mutation_gives_two_mutations_the_coach_picks_for_the_drive(bb2020: bbcore.Ruleset) -> None:
    board = one_away(bb2020)
    with ScriptedDice([2]) as dice, ScriptedDecisions([("gained-skills", ["claws", "horns"])], strict=True) as coach:
        outcome = rampant_mutation(bb2020, board, "home", CHAOS, "h", dice, coach)
    mutant = outcome.board.player("h")
    assert mutant.has("claws")
    assert mutant.has("horns")
    assert wear_off(outcome.board, outcome.events[-1]) == board


def test_rampant_mutation_on_a_one_gives_disturbing_presence(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([1]) as dice:
        outcome = rampant_mutation(bb2020, one_away(bb2020), "home", CHAOS, "h", dice, ScriptedDecisions([], strict=True))
    assert set(outcome.board.player("h").skills) - set(one_away(bb2020).player("h").skills) == {"disturbing-presence"}


def test_rampant_mutation_is_for_the_casters_own_players(bb2020: bbcore.Ruleset) -> None:
    with pytest.raises(UsageError):
        rampant_mutation(bb2020, one_away(bb2020), "home", CHAOS, "a", ScriptedDice([6]))


# ---------------------------------------------------------------- Danse Macabre

NECRO = "bb2020/sports-necrotheurge"


def dancers(rules: bbcore.Ruleset) -> Board:
    return build_board(
        rules,
        {
            "line": ("home", LINEMAN, (5, 5)),
            "blitz": ("home", "human/human-blitzer", (5, 6)),
            "foe": ("away", LINEMAN, (15, 7)),
        },
    )


def test_danse_macabre_lets_each_lineman_better_ma_ag_or_pa_on_three(bb2020: bbcore.Ruleset) -> None:
    board = dancers(bb2020)
    with ScriptedDice([3]) as dice:
        outcome = danse_macabre(bb2020, board, "home", NECRO, dice)
    danse = outcome.events[-1]
    assert danse.detail["players"] == ["line"]
    quicker = danse_step(board, danse, "line", "ag")
    assert quicker.board.player("line").ag == 2
    assert wear_off(quicker.board, quicker.events[-1]) == board
    assert danse_step(board, danse, "line", "ma").board.player("line").ma == 7
    for who, what in (("blitz", "ma"), ("line", "st"), ("foe", "ma")):
        with pytest.raises(UsageError):
            danse_step(board, danse, who, what)


def test_danse_macabre_does_nothing_on_two(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([2]) as dice:
        outcome = danse_macabre(bb2020, dancers(bb2020), "home", NECRO, dice)
    assert outcome.events[-1].detail["players"] == []
    with pytest.raises(UsageError):
        danse_step(outcome.board, outcome.events[-1], "line", "ma")


# ---------------------------------------------------------------- the Frog's casualty


@pytest.mark.parametrize(("pack", "wizard"), [("bb2020", WIZARD), ("classic", "classic/wizard")])
def test_a_frogs_casualty_is_always_badly_hurt_and_beyond_the_apothecary(pack: str, wizard: str) -> None:
    rules = bbcore.load_ruleset(packs=[pack])
    with ScriptedDice([6]) as dice:
        frogged = zap(rules, one_away(rules), "home", wizard, "a", dice).board

    def apothecary(player: object, injury: str) -> bool:
        raise AssertionError("no apothecary for a frog")

    with ScriptedDice([]) as dice:  # no Casualty roll is made for a frog
        outcome = suffer_casualty(rules, frogged, "a", dice, apothecary)
    assert outcome.board.player("a").status is Status.CASUALTY
    assert [(e.kind, e.result, e.detail.get("counts_as")) for e in outcome.events] == [("casualty", "badly-hurt", "badly-hurt")]
    # Knocked-out, the Frog may be patched up as anyone: the texts bar the apothecary from its Casualty alone.
    asked: list[str] = []

    def patch_up(player: object, injury: str) -> bool:
        asked.append(injury)
        return True

    with ScriptedDice([4, 4]) as dice:  # 8 on the injury table: Knocked-out
        knocked = roll_injury(rules, frogged, "a", Harm("block"), dice, patch_up)
    assert asked == ["ko"]
    assert knocked.board.player("a").status is not Status.KO
    # Worn off, the player is treated as before and rolls his own Casualties again.
    (event,) = [e for e in zap(rules, one_away(rules), "home", wizard, "a", ScriptedDice([6])).events if e.kind == "transformed"]
    back = wear_off(frogged, event).player("a")
    assert (back.treatable, back.casualty_counts_as) == (True, None)


def test_a_player_who_is_no_frog_rolls_on_the_casualty_table_as_usual(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([16]) as dice:
        outcome = suffer_casualty(bb2020, one_away(bb2020), "a", dice)
    assert [(e.kind, e.result) for e in outcome.events] == [("casualty", "dead")]


# ---------------------------------------------------------------- in a game


def test_a_zap_in_a_game_spends_the_wizard_and_the_frog_turns_back_when_the_drive_ends(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.in_game import use_in_game

    from bbcore.rules.drive import clear_the_pitch
    from bbcore.rules.inducement_uses import uses_left

    board = one_away(bb2020)
    state = GameState(TeamState("home", "H", "human", 1, inducements={WIZARD: 1}), TeamState("away", "A", "human", 1), board)
    with ScriptedDice([3]) as dice:
        state, used, outcome = use_in_game(bb2020, state, "home", WIZARD, lambda on: zap(bb2020, on, "home", WIZARD, "a", dice))
    assert (used.kind, used.result) == ("inducement-used", WIZARD)
    assert [e.kind for e in outcome.events] == ["spell", "zap", "transformed"]
    assert state.board.player("a").st == 1  # the Frog
    assert uses_left(bb2020, state, "home", WIZARD) == 0
    with pytest.raises(UsageError, match="as often as it may"):
        use_in_game(bb2020, state, "home", WIZARD, lambda on: zap(bb2020, on, "home", WIZARD, "a", ScriptedDice([])))
    ended, (event,) = clear_the_pitch(bb2020, state, ScriptedDice([]), DefaultDecisions())
    back = ended.board.player("a")
    original = board.player("a")
    assert (back.ma, back.st, back.ag, back.av, dict(back.skills)) == (
        original.ma,
        original.st,
        original.ag,
        original.av,
        dict(original.skills),
    )
    assert back.status is Status.RESERVES
    assert event.detail["restored"] == ["a"]


def test_each_spell_is_offered_at_the_moments_its_text_names(bb2020: bbcore.Ruleset, classic: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.in_game import (
        MOMENTS,
        OPPOSITION_TURN_END,
        OPPOSITION_TURN_START,
        OWN_TURN_END,
        OWN_TURN_START,
        POT,
        acts_at,
    )

    # The 2020 Hireling's fireball goes with his own team's turns, his Zap! with the opposition's.
    assert acts_at(bb2020, WIZARD, OWN_TURN_START) == acts_at(bb2020, WIZARD, OWN_TURN_END) == ("fireball",)
    assert acts_at(bb2020, WIZARD, OPPOSITION_TURN_START) == acts_at(bb2020, WIZARD, OPPOSITION_TURN_END) == ("zap",)
    # A Sorceress's Thunderbolt follows either team's turn; One Thousand Cuts opens the opposition's.
    sorceress = "bb2020/druchii-sports-sorceress"
    assert acts_at(bb2020, sorceress, OPPOSITION_TURN_START) == ("one-thousand-cuts",)
    assert acts_at(bb2020, sorceress, OWN_TURN_END) == acts_at(bb2020, sorceress, OPPOSITION_TURN_END) == ("thunderbolt",)
    assert acts_at(bb2020, "bb2020/halfling-hot-pot", OPPOSITION_TURN_END) == (POT,)
    assert [m for m in MOMENTS if acts_at(classic, "classic/boiling-pot", m)] == [OWN_TURN_START]
    assert acts_at(bb2020, "bb2020/bribes", OWN_TURN_START) == ()
    with pytest.raises(UsageError, match="unknown moment 'half-time'"):
        acts_at(bb2020, WIZARD, "half-time")


def test_a_spell_used_at_a_moment_its_text_does_not_name_is_refused_before_the_use_is_spent(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.in_game import OPPOSITION_TURN_START, OWN_TURN_START, use_in_game

    from bbcore.rules.inducement_uses import uses_left

    state = GameState(TeamState("home", "H", "human", 1, inducements={WIZARD: 1}), TeamState("away", "A", "human", 1), one_away(bb2020))
    with pytest.raises(UsageError, match=r"cannot be used for 'zap' at own-turn-start: then it may do fireball"):
        use_in_game(
            bb2020,
            state,
            "home",
            WIZARD,
            lambda on: zap(bb2020, on, "home", WIZARD, "a", ScriptedDice([])),
            moment=OWN_TURN_START,
            spell="zap",
        )
    assert uses_left(bb2020, state, "home", WIZARD) == 1
    with ScriptedDice([3]) as dice:
        after, _, _ = use_in_game(
            bb2020, state, "home", WIZARD, lambda on: zap(bb2020, on, "home", WIZARD, "a", dice), moment=OPPOSITION_TURN_START, spell="zap"
        )
    assert after.board.player("a").st == 1
