"""The packs' pots, fireballs and spells offered to the coaches as turns start and just after they end."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from bbcore_inducement_packs.acting import BACKWARDS, FORWARDS, offers
from bbcore_inducement_packs.in_game import OPPOSITION_TURN_END, OWN_TURN_START

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.rules.board import Board, build_board
from bbcore.rules.decisions import ActChoice, DefaultDecisions, IllegalAnswerError, InducementAct, ScriptedDecisions, checked_act
from bbcore.rules.drive import end_turn
from bbcore.rules.inducement_uses import uses_left
from bbcore.rules.sequences import GameState, TeamState
from bbcore.rules.turns import TURNOVER_EVENT, start_turn, turn_lost

WIZARD = "bb2020/hireling-sports-wizard"
LINEMAN = "human/human-lineman"


class Recording(DefaultDecisions):
    """Keeps every offer, and answers the first with ``answer`` (None: keeps the inducement)."""

    def __init__(self, answer: ActChoice | None = None) -> None:
        self.asked: list[tuple[str, str, str, tuple[InducementAct, ...]]] = []
        self.answer = answer

    def inducement_act(self, team: str, inducement: str, situation: str, acts: Sequence[InducementAct]) -> ActChoice | None:
        self.asked.append((team, inducement, situation, tuple(acts)))
        return self.answer if len(self.asked) == 1 else None


def game(rules: bbcore.Ruleset, board: Board, home: dict[str, int] | None = None, away: dict[str, int] | None = None) -> GameState:
    return GameState(
        TeamState("home", "H", "human", 1, inducements=home or {}), TeamState("away", "A", "human", 1, inducements=away or {}), board
    )


def two_linemen(rules: bbcore.Ruleset, **kwargs: object) -> Board:
    players = {"h": ("home", LINEMAN, (5, 7)), "a": ("away", LINEMAN, (15, 7))}
    return build_board(rules, players, **kwargs)  # type: ignore[arg-type]


def test_a_wizard_is_offered_his_fireball_as_his_own_turn_starts_and_it_is_cast_where_the_coach_aims(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, two_linemen(bb2020), home={WIZARD: 1})
    coach = Recording(ActChoice("fireball", square=(15, 7)))
    # The Lineman is hit (4), knocked down, and his armour holds (2, 2).
    with ScriptedDice([4, 2, 2]) as dice:
        after, events = start_turn(bb2020, state, "home", dice, coach)
    (team, inducement, situation, acts) = coach.asked[0]
    assert (team, inducement, situation, [a.act for a in acts]) == ("home", WIZARD, OWN_TURN_START, ["fireball"])
    assert (15, 7) in acts[0].squares
    assert len(acts[0].squares) == bb2020.pitch.length * bb2020.pitch.width
    assert len(coach.asked) == 1  # the away coach holds nothing
    assert events[0].kind == "inducement-used"
    assert not after.board.player("a").standing
    assert uses_left(bb2020, after, "home", WIZARD) == 0


def test_the_opposing_wizard_zaps_just_after_a_turn_of_the_other_team_has_ended(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, two_linemen(bb2020), home={WIZARD: 1})
    coach = Recording(ActChoice("zap", players=("a",)))
    with ScriptedDice([3]) as dice:
        after, events = end_turn(bb2020, state, "away", dice, coach)
    (team, _, situation, (act,)) = coach.asked[0]
    assert (team, situation, act.act, act.players, act.count) == ("home", OPPOSITION_TURN_END, "zap", ("a",), 1)
    assert after.board.player("a").st == 1  # the Frog
    assert "a" in after.drive_forms
    assert [e.kind for e in events][:2] == ["inducement-used", "spell"]


def test_a_coach_who_keeps_his_wizard_loses_nothing(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, two_linemen(bb2020), home={WIZARD: 1})
    after, events = start_turn(bb2020, state, "home", ScriptedDice([]), DefaultDecisions())
    assert events == ()
    assert uses_left(bb2020, after, "home", WIZARD) == 1
    # Nor is anything offered when no use is left, or at a moment its data does not name.
    coach = Recording()
    start_turn(bb2020, state, "away", ScriptedDice([]), coach)  # the opposition's turn start: Zap! is for it
    assert [a.act for a in coach.asked[0][3]] == ["zap"]


def test_an_answer_the_offer_did_not_hold_is_refused(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, two_linemen(bb2020), home={WIZARD: 1})
    for wrong in (ActChoice("zap", players=("a",)), ActChoice("fireball"), ActChoice("fireball", players=("a",), square=(15, 7))):
        with pytest.raises(IllegalAnswerError, match="inducement-act"):
            start_turn(bb2020, state, "home", ScriptedDice([]), ScriptedDecisions([("inducement-act", wrong)]))


def test_temporal_distortion_declares_its_way_and_moves_both_markers(bb2020: bbcore.Ruleset) -> None:
    mage = "bb2020/asur-high-mage"
    state = game(bb2020, two_linemen(bb2020), away={mage: 1})
    state = state.update_team("home", turn=3).update_team("away", turn=3)
    (shift,) = [a for a in offers(bb2020, state, "away", mage, OPPOSITION_TURN_END) if a.options]
    assert shift.options == (FORWARDS, BACKWARDS)
    with ScriptedDice([6]) as dice:
        after, _ = end_turn(bb2020, state, "home", dice, ScriptedDecisions([("inducement-act", ActChoice(shift.act, option=BACKWARDS))]))
    assert (after.team("home").turn, after.team("away").turn) == (2, 2)


def test_reality_blinks_names_two_of_the_caster_s_players_and_strange_flora_a_square_and_players_in_order(bb2020: bbcore.Ruleset) -> None:
    slann, nurgle = "bb2020/slann-mage-priest", "bb2020/horticulturalist-of-nurgle"
    players = {"h1": ("home", LINEMAN, (5, 7)), "h2": ("home", LINEMAN, (9, 3)), "a": ("away", LINEMAN, (15, 7))}
    state = game(bb2020, build_board(bb2020, players), home={slann: 1, nurgle: 1})
    blink = next(a for a in offers(bb2020, state, "home", slann, OPPOSITION_TURN_END) if a.act == "reality-blinks")
    assert (blink.players, blink.count) == (("h1", "h2"), 2)
    # The Horticulturalist is offered first (the inducements in order of id) and kept.
    script = ScriptedDecisions([("inducement-act", None), ("inducement-act", ActChoice("reality-blinks", players=("h1", "h2")))])
    with ScriptedDice([5]) as dice:
        after, _ = end_turn(bb2020, state, "away", dice, script)
    assert (after.board.player("h1").square, after.board.player("h2").square) == ((9, 3), (5, 7))
    flora = next(a for a in offers(bb2020, state, "home", nurgle, OPPOSITION_TURN_END) if a.act == "strange-flora")
    assert (flora.count, flora.players) == (None, ("a",))
    assert (15, 7) not in flora.squares


def test_the_foot_of_gork_and_strange_flora_offer_only_pairs_their_casts_accept(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.acting import cast
    from bbcore_inducement_packs.spells import kickable

    shaman, nurgle = "bb2020/night-goblin-shaman", "bb2020/horticulturalist-of-nurgle"
    players = {"h": ("home", LINEMAN, (5, 7)), "a1": ("away", LINEMAN, (15, 7)), "a2": ("away", LINEMAN, (3, 1))}
    state = game(bb2020, build_board(bb2020, players), home={shaman: 1, nurgle: 1})
    stomp = next(a for a in offers(bb2020, state, "home", shaman, OPPOSITION_TURN_END) if a.act == "foot-of-gork-or-mork")
    assert set(stomp.players) == {"a1", "a2"}
    assert all(kickable(bb2020, state.board, state.board.player(p).square, sq) for p, sq in stomp.pairs)  # type: ignore[arg-type]
    far = next(sq for sq in stomp.squares if (("a2", sq) not in stomp.pairs))
    assert far not in stomp.squares_with("a2")
    with pytest.raises(IllegalAnswerError, match="does not allow together"):
        checked_act(ActChoice(stomp.act, ("a2",), far), (stomp,), who="home")
    flora = next(a for a in offers(bb2020, state, "home", nurgle, OPPOSITION_TURN_END) if a.act == "strange-flora")
    assert all(max(abs(sq[0] - x), abs(sq[1] - y)) <= 2 for p, sq in flora.pairs for x, y in [state.board.player(p).square])  # type: ignore[misc]
    # Every pair offered is cast without complaint.
    for act, pair in ((stomp, min(stomp.pairs)), (flora, min(flora.pairs))):
        dice = ScriptedDice([1, 1, 1])  # the stomp misses; the flora's D3 is 1 and its D6 misses
        cast(
            bb2020,
            state,
            "home",
            shaman if act is stomp else nurgle,
            act,
            ActChoice(act.act, (pair[0],), pair[1]),
            dice,
            DefaultDecisions(),
        )


def test_a_fireball_that_fells_its_own_team_s_carrier_as_their_turn_starts_ends_that_turn(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, two_linemen(bb2020, ball="h"), home={WIZARD: 1})
    with ScriptedDice([5, 2, 2, 1]) as dice:  # hit; armour holds; the ball bounces
        _, events = start_turn(bb2020, state, "home", dice, ScriptedDecisions([("inducement-act", ActChoice("fireball", square=(5, 7)))]))
    assert (events[-1].kind, events[-1].who, events[-1].detail) == (TURNOVER_EVENT, "home", {"cause": "fireball"})
    assert turn_lost(events, "home")
    assert not turn_lost(events, "away")


def test_the_same_fireball_just_after_its_team_s_turn_ended_ends_no_turn(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, two_linemen(bb2020, ball="h"), home={WIZARD: 1})
    with ScriptedDice([5, 2, 2, 1]) as dice:  # the same hit, armour and bounce, cast after the home turn
        _, events = end_turn(bb2020, state, "home", dice, ScriptedDecisions([("inducement-act", ActChoice("fireball", square=(5, 7)))]))
    assert [(e.who, e.result) for e in events if e.kind == "fireball-hit"] == [("h", "hit")]
    assert TURNOVER_EVENT not in {e.kind for e in events}
