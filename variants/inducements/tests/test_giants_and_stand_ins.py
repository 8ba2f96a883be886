"""Kari Coldsteel, Professeur Frünkleheim's upgrades, the giant's throw re-roll and four-square body: scripted dice."""

from __future__ import annotations

import attrs
import pytest
from bbcore_inducement_packs.coaching_staff import (
    STAND_IN_STEP,
    may_reroll_recovery,
    may_stand_in,
    send_off_stand_ins,
    staff_cheerleaders,
    staff_player_id,
    stand_in,
    stand_ins_step,
    upgrade,
)
from bbcore_inducement_packs.giant_body import (
    FACINGS,
    GiantBody,
    GiantPitch,
    chain_push_squares,
    facings_after_follow_up,
    fallen_over,
    giant_interference_modifier,
    giant_interferes,
    giant_push,
    giant_steps,
    push_squares_from_giant,
)
from bbcore_inducement_packs.giants import face, facing_of, facings_marking, giant_throw_reroll, hire_giant

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import BBCoreError, UsageError
from bbcore.rules.block import block
from bbcore.rules.board import Board, Square, Status, build_board
from bbcore.rules.decisions import DefaultDecisions, IllegalAnswerError, ScriptedDecisions
from bbcore.rules.movement import move
from bbcore.rules.sequences import GameState, TeamState
from bbcore.rules.ttm import throw_team_mate
from bbcore.rules.turns import after_procedure

LINEMAN, HALFLING, OGRE = "human/human-lineman", "human/halfling-hopeful", "human/ogre"
KARI, PROF, GIANT = "bb2020/kari-coldsteel", "bb2020/professeur-frunkleheim", "bb2020/giant-mercenary"


#: A ruleset with the packs, for the helpers that read their numbers.
PACKS = bbcore.load_ruleset(packs=["bb2020"])


def squad(rules: bbcore.Ruleset, size: int, inducements: dict[str, int], statuses: dict[str, str] | None = None) -> GameState:
    """A home team of ``size`` linemen in the Reserves (``h0``...), holding ``inducements``."""
    players: dict[str, tuple[str, str, tuple[int, int] | None]] = {f"h{i}": ("home", LINEMAN, None) for i in range(size)}
    players["a"] = ("away", LINEMAN, None)
    board = build_board(rules, players, statuses={**dict.fromkeys(players, "reserves"), **(statuses or {})})
    return GameState(TeamState("home", "H", "human", 1, inducements=inducements), TeamState("away", "A", "human", 1), board)


# -- Kari Coldsteel -------------------------------------------------------------------------------


def test_kari_counts_as_two_cheerleaders_until_she_plays(bb2020: bbcore.Ruleset) -> None:
    state = squad(bb2020, 10, {KARI: 1})
    assert staff_cheerleaders(bb2020, state, "home", KARI) == 2
    assert staff_cheerleaders(bb2020, state, "away", KARI) == 0
    joined, _ = stand_in(bb2020, state, "home", KARI, "kari")
    assert staff_cheerleaders(bb2020, joined, "home", KARI) == 0


@pytest.mark.parametrize(("size", "hurt", "allowed"), [(10, 0, True), (11, 0, False), (12, 2, True), (12, 1, False)])
def test_kari_may_play_only_for_a_team_short_of_eleven(bb2020: bbcore.Ruleset, size: int, hurt: int, allowed: bool) -> None:
    state = squad(bb2020, size, {KARI: 1}, {f"h{i}": "casualty" for i in range(hurt)})
    assert may_stand_in(bb2020, state, "home", KARI) is allowed
    assert not may_stand_in(bb2020, squad(bb2020, size, {}), "home", KARI)


def test_kari_joins_in_the_reserves_with_her_profile_once_only(bb2020: bbcore.Ruleset) -> None:
    state, event = stand_in(bb2020, squad(bb2020, 9, {KARI: 1}), "home", KARI, "kari")
    kari = state.board.player("kari")
    assert (kari.team, kari.status, kari.position) == ("home", Status.RESERVES, KARI)
    assert (kari.ma, kari.st, kari.ag, kari.pa, kari.av) == (6, 2, 3, 5, 8)
    assert dict(kari.skills) == {"block": None, "dauntless": None, "frenzy": None, "loner": 4}
    assert KARI not in state.team("home").inducements
    assert event.kind == "stand-in"
    with pytest.raises(UsageError):
        stand_in(bb2020, state, "home", KARI, "kari-again")
    with pytest.raises(UsageError):
        stand_in(bb2020, squad(bb2020, 11, {KARI: 1}), "home", KARI, "kari")


def test_kari_is_sent_off_when_the_drive_ends_without_argue_or_bribe(bb2020: bbcore.Ruleset) -> None:
    state, _ = stand_in(bb2020, squad(bb2020, 9, {KARI: 1}), "home", KARI, "kari")
    board = state.board.with_player(state.board.player("kari").moved((5, 5)).with_status(Status.STANDING))
    board = board.with_player(board.player("h0").moved((6, 6)).with_status(Status.STANDING))
    after, events = send_off_stand_ins(PACKS, board)
    assert after.player("kari").status is Status.SENT_OFF
    assert after.player("h0").status is Status.STANDING
    assert [(e.kind, e.who, e.detail["argue_the_call"], e.detail["bribe"]) for e in events] == [("sent-off", "kari", False, False)]
    # The pack's end-of-drive hook does it in the core's end-of-drive step.
    answers = bb2020.hook.bbcore_end_of_drive_effects(
        ruleset=bb2020, board=board, dice=ScriptedDice([]), weather=None, drive_effects=frozenset(), drive_players=frozenset()
    )
    hooked = [b for b, _ in (a for a in answers if a is not None)]
    assert [b.player("kari").status for b in hooked] == [Status.SENT_OFF]


def test_josef_bugman_plays_one_drive_for_a_short_team_and_his_beer_still_helps(bb2020: bbcore.Ruleset) -> None:
    bugman = "bb2020/josef-bugman"
    state, _ = stand_in(bb2020, squad(bb2020, 9, {bugman: 1}), "home", bugman, "josef")
    josef = state.board.player("josef")
    assert (josef.status, josef.position, josef.skill_value("loner")) == (Status.RESERVES, bugman, 5)
    assert state.team("home").inducements[bugman] == 1  # still held
    assert may_reroll_recovery(bb2020, 1, state.team("home").inducements) is True
    assert not may_stand_in(bb2020, state, "home", bugman)  # he has played for the team
    board = state.board.with_player(josef.moved((5, 5)).with_status(Status.STANDING))
    after, _ = send_off_stand_ins(bb2020, board)
    assert after.player("josef").status is Status.SENT_OFF


def short_handed(rules: bbcore.Ruleset, inducements: dict[str, int], size: int = 9) -> GameState:
    """A home team of ``size`` linemen set up legally (three on the line of scrimmage), holding ``inducements``; the
    away team kicks."""
    squares = [(12, 5), (12, 6), (12, 7), (8, 5), (8, 6), (8, 7), (8, 8), (8, 9), (8, 10), (6, 5), (6, 6)][:size]
    players: dict[str, tuple[str, str, tuple[int, int] | None]] = {f"h{i}": ("home", LINEMAN, sq) for i, sq in enumerate(squares)}
    players["a"] = ("away", LINEMAN, (13, 7))
    home = TeamState("home", "H", "human", 1, inducements=inducements)
    return GameState(home, TeamState("away", "A", "human", 1), build_board(rules, players), kicking_team="away")


def test_the_stand_in_step_comes_once_both_teams_have_set_up(bb2020: bbcore.Ruleset) -> None:
    steps = [step.id for step in bb2020.sequence("start-of-drive").steps]
    assert steps.index(STAND_IN_STEP) == steps.index("set-up") + 1
    assert STAND_IN_STEP not in [step.id for step in bbcore.load_ruleset().sequence("start-of-drive").steps]


def test_kari_joins_a_short_handed_team_where_her_coach_stands_her(bb2020: bbcore.Ruleset) -> None:
    state = short_handed(bb2020, {KARI: 1})
    kari_id = staff_player_id("home", KARI)
    decisions = ScriptedDecisions([("set-up-again", {kari_id: (10, 7)})])
    after, events = stand_ins_step(bb2020, state, ScriptedDice([]), decisions)
    kari = after.board.player(kari_id)
    assert (kari.square, kari.status, kari.position) == ((10, 7), Status.STANDING, KARI)
    assert kari_id in after.drive_players
    assert kari_id in after.played
    assert KARI not in after.home.inducements  # no longer her cheerleaders
    assert [(e.kind, e.who, e.detail["square"]) for e in events] == [("stand-in", kari_id, [10, 7])]


def test_a_coach_may_leave_his_stand_in_out_and_a_full_team_is_not_asked(bb2020: bbcore.Ruleset) -> None:
    state = short_handed(bb2020, {KARI: 1})
    after, events = stand_ins_step(bb2020, state, ScriptedDice([]), ScriptedDecisions([("set-up-again", {})]))
    assert (after, events) == (state, ())
    # The default coach leaves her out too: where she would stand is his to read.
    assert stand_ins_step(bb2020, state, ScriptedDice([]), DefaultDecisions()) == (state, ())
    full = short_handed(bb2020, {KARI: 1}, size=11)
    assert stand_ins_step(bb2020, full, ScriptedDice([]), ScriptedDecisions([])) == (full, ())


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ({"h0": (10, 7)}, "only home-kari-coldsteel may join home's set-up now, not h0"),
        ({"home-kari-coldsteel": (14, 7)}, "stands at \\(14, 7\\), in the opposing half"),
    ],
)
def test_a_stand_in_placed_wrongly_is_an_illegal_answer(bb2020: bbcore.Ruleset, answer: dict[str, Square], message: str) -> None:
    with pytest.raises(IllegalAnswerError, match=message):
        stand_ins_step(bb2020, short_handed(bb2020, {KARI: 1}), ScriptedDice([]), ScriptedDecisions([("set-up-again", answer)]))


# -- Professeur Frünkleheim -----------------------------------------------------------------------


def test_the_professeur_upgrades_d3_random_players_with_a_random_mutation(bb2020: bbcore.Ruleset) -> None:
    state = squad(bb2020, 4, {PROF: 1}, {"h0": "casualty"})
    state = attrs.evolve(state, board=state.board.with_player(attrs.evolve(state.board.player("h2"), skills={"big-hand": None})))
    # D3 = 2; of h1, h2, h3 the 2nd (h2), then of h1, h3 the 1st (h1). h2 lacks one of the 12
    # mutations (Big Hand), so its die has 11 faces: 1 is Claws; h1's 12th is Very Long Legs.
    with ScriptedDice([2, 2, 1, 1, 12]) as dice:
        after, gained, events = upgrade(bb2020, state, "home", PROF, dice)
    assert gained == (("h2", "claws"), ("h1", "very-long-legs"))
    assert after.board.player("h2").has("claws")
    assert after.board.player("h1").has("very-long-legs")
    assert not after.board.player("h3").skills
    assert [e.detail.get("of") for e in events if e.kind == "upgraded"] == [11, 12]
    with pytest.raises(UsageError):
        upgrade(bb2020, squad(bb2020, 4, {}), "home", PROF, ScriptedDice([]))


# -- The giant's throw re-roll --------------------------------------------------------------------


def throw_board(rules: bbcore.Ruleset, thrower: str) -> Board:
    board = build_board(rules, {"h": ("home", HALFLING, (9, 8))})
    if thrower == "giant":
        # The core measures from the anchor: the team-mate must be next to that square.
        return board.with_player(hire_giant(rules, GIANT, "t", "home", (10, 7)))
    return board.with_player(build_board(rules, {"t": ("home", OGRE, (10, 8))}).player("t"))


def test_a_giant_rolls_a_fumbled_team_mate_throw_again(bb2020: bbcore.Ruleset) -> None:
    # Always Hungry 6 holds on; the throw fumbles (1), is rolled again (6: Superb), scatters
    # right three times (D8 5s) and the halfling lands (6).
    with ScriptedDice([6, 1, 6, 5, 5, 5, 6]) as dice, ScriptedDecisions([("use-skill", True)]) as decisions:
        outcome = throw_team_mate(bb2020, throw_board(bb2020, "giant"), "t", "h", (13, 8), dice, decisions)
    assert outcome.board.player("t").square == (10, 7)
    (throw,) = [e for e in outcome.events if e.kind == "throw"]
    assert (throw.rolls, throw.result, throw.detail["rerolled_with"]) == ((1, 6), "superb", GIANT)
    assert outcome.board.player("h").square == (16, 8)


def test_only_a_giants_fumble_is_offered_again(bb2020: bbcore.Ruleset) -> None:
    giant = hire_giant(bb2020, GIANT, "g", "home", (3, 3))
    assert giant_throw_reroll(PACKS, giant, "throw", "subpar") is None
    assert giant_throw_reroll(PACKS, giant, "landing", "fumbled") is None
    ogre = throw_board(bb2020, "ogre").player("t")
    assert giant_throw_reroll(PACKS, ogre, "throw", "fumbled") is None
    # The ogre's fumble stands: the halfling drops a bounce away (D8 7: down) and lands (4).
    with ScriptedDice([1, 7, 4]) as dice, ScriptedDecisions([]) as decisions:
        outcome = throw_team_mate(bb2020, throw_board(bb2020, "ogre"), "t", "h", (13, 7), dice, decisions)
    assert [e.rolls for e in outcome.events if e.kind == "throw"] == [(1,)]


# -- The four-square body -------------------------------------------------------------------------


def giant_pitch(rules: bbcore.Ruleset, anchor: Square, facing: Square, others: dict[str, tuple[str, Square, str]]) -> GiantPitch:
    """A home giant ``g`` on ``anchor`` facing ``facing``; ``others``: id -> (team, square, status), linemen."""
    players: dict[str, tuple[str, str, Square | None]] = {"x": ("away", LINEMAN, None)}
    players.update({pid: (team, LINEMAN, square) for pid, (team, square, _) in others.items()})
    statuses = {"x": "reserves", **{pid: status for pid, (_, _, status) in others.items()}}
    board = build_board(rules, players, statuses=statuses)
    board = board.with_player(hire_giant(rules, GIANT, "g", "home", anchor))
    return GiantPitch(PACKS, board, {"g": GiantBody("g", anchor, facing)})


def test_the_tackle_zone_is_the_front_and_sides_never_the_four_behind(bb2020: bbcore.Ruleset) -> None:
    body = GiantBody("g", (10, 5), (1, 0))
    assert set(body.squares) == {(10, 5), (11, 5), (10, 6), (11, 6)}
    assert set(body.behind()) == {(9, 4), (9, 5), (9, 6), (9, 7)}
    assert len(body.tackle_zone()) == 8
    assert (12, 7) in body.tackle_zone()
    assert (9, 5) not in body.tackle_zone()
    assert set(body.turned((0, -1)).behind()) == {(9, 7), (10, 7), (11, 7), (12, 7)}
    with pytest.raises(UsageError):
        GiantBody("g", (10, 5), (1, 1))


def test_marking_reads_the_whole_base_and_the_facing(bb2020: bbcore.Ruleset) -> None:
    pitch = giant_pitch(bb2020, (10, 5), (1, 0), {"front": ("away", (12, 6), "standing"), "back": ("away", (9, 7), "standing")})
    giant = pitch.board.player("g")
    # Both mark the giant (any base square in their zones); it marks only the one in front.
    assert [p.id for p in pitch.markers_of(giant)] == ["back", "front"]
    assert [p.id for p in pitch.markers_on((12, 6), "away")] == ["g"]
    assert pitch.markers_on((9, 7), "away") == []
    assert pitch.occupant((11, 6)) == giant
    assert pitch.occupant((12, 5)) is None


def test_a_giant_steps_over_downed_players_but_not_through_standing_ones(bb2020: bbcore.Ruleset) -> None:
    others = {"down": ("home", (12, 5), "prone"), "up": ("home", (9, 7), "standing")}
    steps = {s.direction: s for s in giant_steps(bb2020, giant_pitch(bb2020, (10, 5), (1, 0), others), "g")}
    assert steps[(1, 0)].over == ("down",)
    assert not steps[(1, 0)].may_end
    assert steps[(0, -1)].may_end
    assert not steps[(0, -1)].dodge
    assert (-1, 1) not in steps  # the base would cover the Standing player at (9, 7)
    assert {(1, 1), (0, 1)} <= set(steps)
    at_edge = {s.direction for s in giant_steps(bb2020, giant_pitch(bb2020, (10, 0), (1, 0), {}), "g")}
    assert not at_edge & {(-1, -1), (0, -1), (1, -1)}


def test_a_marked_giant_dodges_with_minus_one_per_opponent_marking_the_new_base(bb2020: bbcore.Ruleset) -> None:
    # n marks the giant where it stands (next to (11, 5)); m, o and p only squares it may step into.
    others = {pid: ("away", square, "standing") for pid, square in {"m": (8, 5), "n": (12, 4), "o": (13, 8), "p": (13, 6)}.items()}
    steps = {s.direction: s for s in giant_steps(bb2020, giant_pitch(bb2020, (10, 5), (1, 0), others), "g")}
    assert all(s.dodge for s in steps.values())
    assert steps[(1, 0)].dodge_modifier == -2  # n and p mark (11..12, 5..6)
    assert steps[(1, 1)].dodge_modifier == -2  # o and p mark (11..12, 6..7)
    assert steps[(-1, 0)].dodge_modifier == -1  # m marks (9..10, 5..6)
    assert steps[(0, -1)].dodge_modifier == -1  # n marks (10..11, 4..5)
    unmarked = giant_steps(bb2020, giant_pitch(bb2020, (10, 5), (1, 0), {"m": others["m"]}), "g")
    assert not any(s.dodge or s.dodge_modifier for s in unmarked)


def test_a_pushed_giant_moves_its_whole_base_or_goes_into_the_crowd(bb2020: bbcore.Ruleset) -> None:
    free = giant_push(giant_pitch(bb2020, (10, 5), (1, 0), {}), "g", (9, 5))
    assert free.kind == "free"
    assert [o.anchor for o in free.options] == [(11, 5), (11, 4), (11, 6)]
    # Against the top sideline, pushed from below: every way out puts a square off the pitch.
    crowd = giant_push(giant_pitch(bb2020, (10, 0), (1, 0), {}), "g", (10, 2))
    assert crowd.kind == "crowd"
    walled = {"a": ("away", (12, 5), "standing"), "b": ("away", (12, 3), "standing"), "c": ("away", (12, 7), "prone")}
    pitch = giant_pitch(bb2020, (10, 5), (1, 0), walled)
    chain = giant_push(pitch, "g", (9, 6))
    assert chain.kind == "chain"
    straight = chain.options[0]
    assert (straight.anchor, straight.occupants) == ((11, 5), ("a",))
    assert chain_push_squares(pitch, straight, "a").free == ((13, 5), (13, 4), (13, 6))
    with pytest.raises(UsageError):
        chain_push_squares(pitch, straight, "b")


def test_a_giant_pushes_from_its_base_and_clears_the_players_it_falls_on(bb2020: bbcore.Ruleset) -> None:
    others = {"side": ("away", (12, 6), "standing"), "corner": ("away", (12, 7), "standing"), "wall": ("away", (13, 5), "standing")}
    pitch = giant_pitch(bb2020, (10, 5), (1, 0), others)
    side = push_squares_from_giant(pitch, "g", "side")
    assert (side.free, side.blocked) == (((13, 6), (13, 7)), ((13, 5),))
    assert push_squares_from_giant(pitch, "g", "corner").free == ((13, 8), (13, 7), (12, 8))
    with pytest.raises(UsageError):
        push_squares_from_giant(pitch, "g", "wall")
    fell = giant_pitch(bb2020, (10, 5), (1, 0), {"under": ("away", (11, 5), "prone"), "next": ("away", (12, 4), "standing")})
    squares = fallen_over(fell, "g")["under"]
    assert set(squares.free) == {(10, 4), (11, 4), (12, 5), (12, 6)}
    assert squares.blocked == ((12, 4),)


def test_after_a_follow_up_the_giant_must_face_the_blocked_player_if_it_can(bb2020: bbcore.Ruleset) -> None:
    pitch = giant_pitch(bb2020, (10, 5), (1, 0), {"v": ("away", (12, 6), "prone"), "w": ("away", (20, 6), "standing")})
    assert set(facings_after_follow_up(pitch, "g", "v")) == {(1, 0), (0, 1), (0, -1)}
    assert facings_after_follow_up(pitch, "g", "w") == FACINGS


@pytest.mark.parametrize(("accuracy", "marker", "modifier"), [("inaccurate", False, 0), ("accurate", False, -1), ("accurate", True, -2)])
def test_a_giant_eases_its_interference_modifiers_by_two(bb2020: bbcore.Ruleset, accuracy: str, marker: bool, modifier: int) -> None:
    others = {"p": ("away", (5, 5), "standing")}
    if marker:
        others["m"] = ("away", (12, 7), "standing")
    pitch = giant_pitch(bb2020, (10, 5), (1, 0), others)
    assert giant_interference_modifier(bb2020, pitch, "g", accuracy) == modifier


def test_a_giant_interferes_when_any_base_square_is_under_the_ruler(bb2020: bbcore.Ruleset) -> None:
    pitch = giant_pitch(bb2020, (10, 5), (1, 0), {})
    assert giant_interferes(bb2020, pitch, "g", (5, 6), (15, 6))  # along y = 6: the lower squares, not the anchor's row
    assert not giant_interferes(bb2020, pitch, "g", (5, 10), (15, 10))
    down = GiantPitch(PACKS, pitch.board.with_player(pitch.board.player("g").with_status(Status.PRONE)), pitch.bodies)
    assert not giant_interferes(bb2020, down, "g", (5, 6), (15, 6))


def test_a_giant_ordered_for_the_game_is_hired_with_the_team_s_other_hired_players(bb2020: bbcore.Ruleset) -> None:
    from bbcore.model.team import InducementOrder
    from bbcore.rules.hired_players import hired_players

    (giant,) = hired_players(bb2020, "home", [InducementOrder(GIANT), InducementOrder("bb2020/bribes")])
    assert (giant.id, giant.position, giant.status, giant.hired) == ("home-hired-1", GIANT, Status.RESERVES, True)
    assert giant == hire_giant(bb2020, GIANT, "home-hired-1", "home")


# -- The giant in the core's own procedures -------------------------------------------------------


def test_the_core_board_sees_a_hired_giant_on_all_four_squares_and_by_its_facing(bb2020: bbcore.Ruleset) -> None:
    board = build_board(bb2020, {"front": ("away", LINEMAN, (12, 6)), "back": ("away", LINEMAN, (9, 6))})
    board = board.with_player(hire_giant(bb2020, GIANT, "g", "home", (10, 5)))
    giant = board.player("g")
    assert [board.at(s) for s in ((10, 5), (11, 5), (10, 6), (11, 6))] == [giant] * 4
    assert facing_of(giant) == (1, 0)
    assert board.marks(giant, (12, 6))
    assert not board.marks(giant, (9, 6))
    assert [p.id for p in board.markers_of(giant)] == ["front", "back"]
    turned = board.with_player(face(giant, (-1, 0)))
    assert turned.marks(turned.player("g"), (9, 6))
    assert not turned.marks(turned.player("g"), (12, 6))
    with pytest.raises(UsageError):
        hire_giant(bb2020, GIANT, "g", "home", (10, 5), facing=(1, 1))


def test_a_hired_giant_strides_over_the_down_in_the_core_s_own_move(bb2020: bbcore.Ruleset) -> None:
    board = build_board(bb2020, {"down": ("away", LINEMAN, (12, 6)), "up": ("away", LINEMAN, (15, 9))}, statuses={"down": "prone"})
    board = board.with_player(hire_giant(bb2020, GIANT, "g", "home", (10, 5)))
    with ScriptedDice([]) as dice, ScriptedDecisions([]) as decisions:
        with pytest.raises(BBCoreError, match="rest on down"):
            move(bb2020, board, "g", [(11, 5), (12, 5)], dice, decisions)
        outcome = move(bb2020, board, "g", [(11, 5), (12, 5), (13, 5)], dice, decisions)
    assert outcome.board.player("g").squares == ((13, 5), (14, 5), (13, 6), (14, 6))
    assert outcome.board.player("down").square == (12, 6)
    standing = board.with_player(board.player("down").with_status(Status.STANDING))
    with ScriptedDice([]) as dice, ScriptedDecisions([]) as decisions, pytest.raises(BBCoreError, match="in the way of its base"):
        move(bb2020, standing, "g", [(11, 5), (12, 5), (13, 5)], dice, decisions)


def giant_game(rules: bbcore.Ruleset, others: dict[str, tuple[str, Square, str]]) -> GameState:
    """A game with a home giant ``g`` on (10, 5) facing +x, and linemen ``others``: id -> (team, square, status)."""
    players: dict[str, tuple[str, str, Square | None]] = {pid: (team, LINEMAN, square) for pid, (team, square, _) in others.items()}
    board = build_board(rules, players, statuses={pid: status for pid, (_, _, status) in others.items()})
    board = board.with_player(hire_giant(rules, GIANT, "g", "home", (10, 5)))
    return GameState(TeamState("home", "H", "human", 1), TeamState("away", "A", "human", 1), board)


def test_a_giant_that_ends_a_move_may_turn_any_way(bb2020: bbcore.Ruleset) -> None:
    state = giant_game(bb2020, {})
    with ScriptedDice([]) as dice, ScriptedDecisions([("facing", (0, 1))]) as decisions:
        outcome = move(bb2020, state.board, "g", [(11, 5)], dice, decisions)
        after, events = after_procedure(bb2020, state, outcome, dice, decisions)
    assert facing_of(after.board.player("g")) == (0, 1)
    assert [(e.kind, e.result, e.detail["facing"]) for e in events if e.who == "g"] == [("giant-facing", "turned", [0, 1])]
    with ScriptedDice([]) as dice, ScriptedDecisions([]) as decisions:  # the coach keeps it as it is
        outcome = move(bb2020, state.board, "g", [(11, 5)], dice, decisions)
        kept, events = after_procedure(bb2020, state, outcome, dice, decisions)
    assert facing_of(kept.board.player("g")) == (1, 0)
    assert not [e for e in events if e.kind == "giant-facing"]


def test_a_giant_that_follows_up_must_still_mark_the_player_it_blocked(bb2020: bbcore.Ruleset) -> None:
    # The giant (ST 7) blocks v on its right with one die each way it chooses: a Push Back (3) straight on.
    state = giant_game(bb2020, {"v": ("away", (12, 6), "standing")})
    answers = [("block-face", 0), ("push-square", (13, 6)), ("follow-up", True)]
    with ScriptedDice([3, 3, 3]) as dice, ScriptedDecisions([*answers, ("facing", (-1, 0))]) as decisions:
        outcome = block(bb2020, state.board, "g", "v", dice, decisions)
        assert outcome.board.player("g").square == (11, 5)
        with pytest.raises(BBCoreError, match=r"not among \[\(1, 0\), \(0, 1\), \(0, -1\)\]"):  # facing away leaves v unmarked
            after_procedure(bb2020, state, outcome, dice, decisions)
    with ScriptedDice([3, 3, 3]) as dice, ScriptedDecisions([*answers, ("facing", (0, 1))]) as decisions:
        outcome = block(bb2020, state.board, "g", "v", dice, decisions)
        after, _ = after_procedure(bb2020, state, outcome, dice, decisions)
    assert facing_of(after.board.player("g")) == (0, 1)
    assert after.board.marks(after.board.player("g"), (13, 6))
    assert facings_marking(after.board, after.board.player("g"), "v") == ((1, 0), (0, 1), (0, -1))


def test_the_classic_slave_giant_can_throw_a_team_mate(classic: bbcore.Ruleset) -> None:
    from bbcore.rules.ttm import throw_team_mate

    giant = hire_giant(classic, "classic/slave-giant", "giant", "home", (10, 7))
    assert (giant.ag, giant.pa, giant.av) == (4, 5, 11)  # old AG 2 and AV 10 on the new scale; the provisional PA
    board = build_board(classic, {"h": ("home", "halfling/halfling-hopeful", (9, 8))}).with_player(giant)
    # Always Hungry 6 (not eaten), the throw 6 (superb), scatter 5,5,5, landing 6.
    with ScriptedDice([6, 6, 5, 5, 5, 6]) as dice:
        thrown = throw_team_mate(classic, board, "giant", "h", (13, 8), dice, DefaultDecisions())
    assert [e.result for e in thrown.events if e.kind == "throw"] == ["superb"]
    assert thrown.board.player("h").square != (9, 8)
