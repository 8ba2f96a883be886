"""The wizards' spells other than fireballs: Zap!, bolts, lines of fire and hexes, with scripted dice."""

from __future__ import annotations

import attrs
import pytest
from bbcore_inducement_packs.spells import cast_bolt, cast_column, cast_flora, cast_hex, wear_off, zap

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Status, build_board


@pytest.fixture(scope="module")
def bb2020() -> bbcore.Ruleset:
    return bbcore.load_ruleset(packs=["bb2020"])


@pytest.fixture(scope="module")
def classic() -> bbcore.Ruleset:
    return bbcore.load_ruleset(packs=["classic"])


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
    assert frog.has("bb2020/no-hands")
    assert frog.has("titchy")
    assert frog.square == (15, 7)
    assert frog.status is Status.STANDING


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
    assert (frog.ma, frog.st, frog.ag, frog.av) == (5, 1, 3, 5)  # old AG 4 is 3+, old AV 4 is 5+
    assert frog.has("classic/no-hands")


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
    assert outcome.board.player("a").has("bb2020/no-hands")
    assert outcome.board.ball.carrier is None


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
