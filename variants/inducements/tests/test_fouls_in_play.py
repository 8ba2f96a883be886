"""The packs' referees and fixers inside the core's Foul: the plugin answers ``bbcore_foul_call`` and ``bbcore_argue_the_call``."""

from __future__ import annotations

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.rules.board import Status, build_board
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.foul import foul
from bbcore.rules.sequences import GameState, TeamState

LINEMAN = "human/human-lineman"
PLAYERS = (("f", ("away", LINEMAN, (10, 5))), ("v", ("home", LINEMAN, (9, 5))), ("h2", ("home", LINEMAN, (3, 3))))
HELD = [3, 4]  # an Armour Roll of 7 against AV 9, no double: only a referee can send the fouler off


def game(rules: bbcore.Ruleset, home: dict[str, int], away: dict[str, int] | None = None) -> GameState:
    """The away fouler ``f`` beside the Prone home player ``v``; ``home`` and ``away`` are what each team induced."""
    board = build_board(rules, dict(PLAYERS), statuses={"v": "prone"})
    return GameState(
        TeamState("home", "H", "human", 1, inducements=home), TeamState("away", "A", "human", 1, inducements=away or {}), board
    )


def answers(argue: bool, bribe: bool = False) -> ScriptedDecisions:
    return ScriptedDecisions([("argue-the-call", argue), ("bribe", bribe)])


def test_the_biased_referee_sends_off_on_five_and_his_own_team_argues_at_plus_one(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([*HELD, 5, 5]) as dice:  # spotted on 5; the away coach argues: a 5, no modifier of his
        outcome = foul(bb2020, game(bb2020, {"bb2020/biased-referee": 1}), "f", "v", dice, answers(argue=True))
    assert outcome.sent_off == "f"
    assert outcome.turnover
    with ScriptedDice([*HELD, 4]) as dice:
        assert foul(bb2020, game(bb2020, {"bb2020/biased-referee": 1}), "f", "v", dice).sent_off is None
    # The referee's +1 is for the team that hired him: home's fouler argues a 5 up to 6 and stays.
    state = game(bb2020, {"bb2020/biased-referee": 1})
    swapped = {"f": ("home", LINEMAN, (10, 5)), "v": ("away", LINEMAN, (9, 5))}
    home_fouls = GameState(state.home, state.away, build_board(bb2020, swapped, statuses={"v": "prone"}))
    with ScriptedDice([4, 4, 5]) as dice:  # a double: the usual Sent-off, then the argument
        outcome = foul(bb2020, home_fouls, "f", "v", dice, answers(argue=True))
    assert outcome.sent_off is None
    assert [e.detail["total"] for e in outcome.events if e.kind == "argue-the-call"] == [6]


def test_the_referee_watches_only_the_team_that_did_not_hire_him(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice(HELD) as dice:  # the away fouler's own referee rolls nothing
        assert foul(bb2020, game(bb2020, {}, {"bb2020/biased-referee": 1}), "f", "v", dice).sent_off is None


def test_jorm_knocks_the_fouler_down_instead(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([*HELD, 4, 2, 3]) as dice:  # spotted; Jorm's hit: armour 5 (+1 not enough) holds
        outcome = foul(bb2020, game(bb2020, {"bb2020/jorm-the-ogre": 1}), "f", "v", dice)
    assert outcome.sent_off is None
    assert outcome.state.board.player("f").status is Status.PRONE


def test_the_triplets_may_send_off_the_victim(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([*HELD, 1]) as dice:
        outcome = foul(bb2020, game(bb2020, {"bb2020/trundlefoot-triplets": 1}), "f", "v", dice, answers(argue=False))
    assert outcome.sent_off == "v"
    assert not outcome.turnover  # the fouling team keeps its turn
    assert outcome.state.board.player("v").status is Status.SENT_OFF


def test_the_triplets_send_nobody_off_from_the_casualty_box(bb2020: bbcore.Ruleset) -> None:
    # The Foul breaks the victim's armour (4+4 beats AV 9 with the fouler's +1) and hurts him: injury 5+6, a casualty
    # roll of 8 (seriously hurt); then the triplets' 1 would send the victim off.
    with ScriptedDice([4, 5, 5, 6, 8, 1]) as dice:
        outcome = foul(bb2020, game(bb2020, {"bb2020/trundlefoot-triplets": 1}), "f", "v", dice, answers(argue=False))
    assert outcome.sent_off is None
    assert outcome.state.board.player("v").status is Status.CASUALTY


def test_a_biased_referee_both_coaches_hired_adds_nothing_to_the_argument(bb2020: bbcore.Ruleset) -> None:
    referee = {"bb2020/biased-referee": 1}
    with ScriptedDice([4, 4, 5]) as dice:  # a double: Sent-off; the away coach argues a 5, with no +1 to make it 6
        outcome = foul(bb2020, game(bb2020, referee, referee), "f", "v", dice, answers(argue=True))
    assert [e.detail["total"] for e in outcome.events if e.kind == "argue-the-call"] == [5]
    assert outcome.sent_off == "f"


def test_ranulf_halts_play_and_the_axe_replaces_the_bribe(bb2020: bbcore.Ruleset) -> None:
    hired = {"bb2020/ranulf-red-hokuli": 1}
    with ScriptedDice([*HELD, 4, 3, 3]) as dice:  # halt; the axe: 6 + 2 = 8 holds against AV 9
        outcome = foul(bb2020, game(bb2020, hired, {"bb2020/bribes": 1}), "f", "v", dice, answers(argue=True, bribe=True))
    assert outcome.sent_off == "f"
    assert outcome.turnover
    assert not any(e.kind == "bribe" for e in outcome.events)
    with ScriptedDice([*HELD, 4, 3, 4]) as dice:  # the axe: 7 + 2 = 9, equal to AV 9: no effect, Sent-off
        outcome = foul(bb2020, game(bb2020, hired), "f", "v", dice, answers(argue=True))
    assert outcome.sent_off == "f"
    assert outcome.turnover
    axe = next(e for e in outcome.events if e.kind == "armour" and e.who == "f")
    assert (axe.result, axe.detail["total"]) == ("held", 9)
    with ScriptedDice([*HELD, 4, 4, 4, 2, 2]) as dice:  # the axe: 8 + 2 = 10, higher than AV 9; injury 4, Stunned
        outcome = foul(bb2020, game(bb2020, hired), "f", "v", dice, answers(argue=True))
    assert outcome.sent_off is None
    assert not outcome.turnover
    assert outcome.state.board.player("f").status is Status.STUNNED
    with ScriptedDice([*HELD, 4, 6]) as dice:  # no argument: the Bribe instead
        outcome = foul(bb2020, game(bb2020, hired, {"bb2020/bribes": 1}), "f", "v", dice, answers(argue=False, bribe=True))
    assert outcome.sent_off is None
    assert not outcome.turnover


def test_nobody_argues_while_ranulf_is_hired(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([4, 4]) as dice:  # a double: nothing is rolled for an argument
        outcome = foul(bb2020, game(bb2020, {}, {"bb2020/ranulf-red-hokuli": 1}), "f", "v", dice, answers(argue=True))
    assert outcome.sent_off == "f"
    assert [e.result for e in outcome.events if e.kind == "argue-the-call"] == ["not-allowed"]


def test_fink_argues_on_his_own_terms(bb2020: bbcore.Ruleset) -> None:
    fink = {"bb2020/fink-da-fixer": 1}
    with ScriptedDice([4, 4, 5]) as dice:  # a natural 5 wins the argument with Fink
        outcome = foul(bb2020, game(bb2020, {}, fink), "f", "v", dice, answers(argue=True))
    assert outcome.sent_off is None
    assert [(e.who, e.result) for e in outcome.events if e.kind == "argue-the-call"] == [
        ("bb2020/fink-da-fixer", "well-when-you-put-it-like-that")
    ]
    with ScriptedDice([4, 4, 5]) as dice:  # without him a 5 is just another refusal
        assert foul(bb2020, game(bb2020, {}), "f", "v", dice, answers(argue=True)).sent_off == "f"


def test_fink_argues_with_his_team_s_biased_referee_s_plus_one(bb2020: bbcore.Ruleset) -> None:
    # The away team hired both: its coach's natural 4 becomes a 5, which Fink reads as "well, when you put it like that".
    both = {"bb2020/fink-da-fixer": 1, "bb2020/biased-referee": 1}
    with ScriptedDice([4, 4, 4]) as dice:
        outcome = foul(bb2020, game(bb2020, {}, both), "f", "v", dice, answers(argue=True))
    assert [e.result for e in outcome.events if e.kind == "argue-the-call"] == ["well-when-you-put-it-like-that"]
    # A natural 1 gets the coach ejected (and Fink with him) whatever the modifier, as without Fink.
    with ScriptedDice([4, 4, 1]) as dice:
        outcome = foul(bb2020, game(bb2020, {}, both), "f", "v", dice, answers(argue=True))
    assert [e.result for e in outcome.events if e.kind == "argue-the-call"] == [bb2020.parameters.fouls.coach_ejected_by]
    assert outcome.state.away.coach_ejected


def test_a_referee_both_coaches_hired_does_not_take_part(bb2020: bbcore.Ruleset) -> None:
    for referee in ("bb2020/jorm-the-ogre", "bb2020/ranulf-red-hokuli"):
        with ScriptedDice([*HELD]) as dice:
            outcome = foul(bb2020, game(bb2020, {referee: 1}, {referee: 1}), "f", "v", dice, answers(argue=False))
        assert not any(e.kind == "referee" for e in outcome.events)
        assert outcome.sent_off is None


def test_korensson_sends_off_one_more_when_the_coach_is_ejected(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {"bb2020/thoron-korensson": 1}, {"bb2020/bribes": 1})
    more = {"a2": ("away", LINEMAN, (20, 8)), "a3": ("away", LINEMAN, (20, 10))}
    state = GameState(state.home, state.away, build_board(bb2020, {**dict(PLAYERS), **more}, statuses={"v": "prone"}))
    with ScriptedDice([*HELD, 4, 1, 2]) as dice:  # spotted; the argument: a 1; the D2 picks a3
        outcome = foul(bb2020, state, "f", "v", dice, answers(argue=True, bribe=True))
    assert outcome.sent_off == "f"
    assert outcome.state.away.coach_ejected
    assert outcome.state.board.player("a3").status is Status.SENT_OFF
    assert outcome.state.board.player("a2").status is Status.STANDING
    assert not any(e.kind == "bribe" for e in outcome.events)  # Korensson takes no Bribes
    with ScriptedDice([*HELD, 4, 2]) as dice:  # refused, but nobody else goes
        outcome = foul(bb2020, state, "f", "v", dice, answers(argue=True))
    assert [p for p in outcome.state.board.players.values() if p.status is Status.SENT_OFF] == [outcome.state.board.player("f")]


# -- the packs' own Bribes (the parameters' fouls.bribes) --------------------------------------------


def test_a_bribe_bought_from_the_bb2020_list_keeps_a_sent_off_fouler_on(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([4, 4, 2]) as dice:  # a double: Sent-off; the Bribe: a 2 works
        outcome = foul(bb2020, game(bb2020, {}, {"bb2020/bribes": 1}), "f", "v", dice, answers(argue=False, bribe=True))
    assert outcome.sent_off is None
    assert not outcome.turnover
    assert outcome.state.away.inducements["bb2020/bribes"] == 0


def test_one_bribe_a_call_in_bb2020_and_as_many_as_held_in_the_classic_pack(bb2020: bbcore.Ruleset) -> None:
    two_tries = ScriptedDecisions([("argue-the-call", False), ("bribe", True), ("bribe", True)])
    with ScriptedDice([4, 4, 1]) as dice:  # the first Bribe: a 1, wasted; no second try in bb2020
        outcome = foul(bb2020, game(bb2020, {}, {"bb2020/bribes": 2}), "f", "v", dice, two_tries)
    assert outcome.sent_off == "f"
    assert outcome.state.away.inducements["bb2020/bribes"] == 1
    classic = bbcore.load_ruleset(packs=["classic"])
    two_tries = ScriptedDecisions([("argue-the-call", False), ("bribe", True), ("bribe", True)])
    with ScriptedDice([4, 4, 1, 2]) as dice:  # the first wasted, the second works
        outcome = foul(classic, game(classic, {}, {"classic/bribe": 2}), "f", "v", dice, two_tries)
    assert outcome.sent_off is None
    assert [e.result for e in outcome.events if e.kind == "bribe"] == ["wasted", "worked"]
    assert outcome.state.away.inducements["classic/bribe"] == 0
