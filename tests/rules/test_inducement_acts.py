"""The core's question for an inducement aimed on the board, and the moment just after a turn."""

from __future__ import annotations

import pytest

from bbcore import hookimpl
from bbcore.dice import ScriptedDice
from bbcore.rules.board import build_board
from bbcore.rules.decisions import ActChoice, IllegalAnswerError, InducementAct, checked_act
from bbcore.rules.drive import end_turn
from bbcore.rules.events import Event
from bbcore.rules.sequences import GameState, TeamState
from bbcore.testing import plugin_ruleset

OFFERED = (
    InducementAct("bolt", players=("a", "b"), count=1),
    InducementAct("plants", players=("a", "b"), count=None, squares=((3, 3), (4, 4))),
    InducementAct("shift", options=("forwards", "backwards")),
)


def test_an_answer_that_fits_the_offer_comes_back_as_offered() -> None:
    assert checked_act(None, OFFERED, who="home") is None
    offer, choice = checked_act(ActChoice("plants", players=("b", "a"), square=[4, 4]), OFFERED, who="home")  # type: ignore[arg-type, misc]
    assert offer is OFFERED[1]
    assert choice == ActChoice("plants", ("b", "a"), (4, 4))  # the order kept, the square as offered


@pytest.mark.parametrize(
    ("answer", "complaint"),
    [
        (ActChoice("fireball"), "the choices were"),
        (ActChoice("bolt"), "exactly 1 different"),
        (ActChoice("bolt", players=("a", "b")), "exactly 1 different"),
        (ActChoice("bolt", players=("c",)), "the choices were"),
        (ActChoice("plants", square=(3, 3)), "1 to 2 different"),
        (ActChoice("plants", players=("a", "a"), square=(3, 3)), "1 to 2 different"),
        (ActChoice("plants", players=("a",)), "the choices were"),
        (ActChoice("bolt", players=("a",), square=(3, 3)), "aimed at no square"),
        (ActChoice("shift"), "the choices were"),
        (ActChoice("bolt", players=("a",), option="forwards"), "needs no declaration"),
        ("bolt", "an ActChoice or None"),
    ],
)
def test_an_answer_the_offer_does_not_hold_is_refused(answer: object, complaint: str) -> None:
    with pytest.raises(IllegalAnswerError, match=complaint):
        checked_act(answer, OFFERED, who="home")  # type: ignore[arg-type]


def test_an_act_that_pairs_players_with_squares_takes_only_a_pair_it_allows() -> None:
    kick = InducementAct("kick", players=("a", "b"), count=1, squares=((3, 3), (9, 9)), pairs=frozenset({("a", (3, 3)), ("b", (9, 9))}))
    assert kick.squares_with("a") == ((3, 3),)
    assert checked_act(ActChoice("kick", players=("b",), square=(9, 9)), (kick,), who="home") is not None
    with pytest.raises(IllegalAnswerError, match="named 'a' with the square \\(9, 9\\)"):
        checked_act(ActChoice("kick", players=("a",), square=(9, 9)), (kick,), who="home")


class _Booing:
    """A plugin whose crowd boos a team that ends its turn with nobody standing."""

    @hookimpl
    def bbcore_after_turn_effects(self, ruleset: object, state: GameState, team: str, dice: object, decisions: object) -> object:
        if any(p.standing for p in state.board.team_players(team)):
            return None
        return state.update_team(team, drive_rerolls=0), (Event("booed", team, (), "re-roll lost"),)


def test_the_plugins_act_on_the_whole_game_just_after_a_turn_ends() -> None:
    rules = plugin_ruleset(_Booing(), variant=None)
    players = {"h": ("home", "human/human-lineman", (5, 7)), "a": ("away", "human/human-lineman", (15, 7))}
    board = build_board(rules, players, statuses={"h": "prone"})
    state = GameState(TeamState("home", "H", "human", 1, drive_rerolls=1), TeamState("away", "A", "human", 1), board)
    after, events = end_turn(rules, state, "home", ScriptedDice([]))
    assert [e.kind for e in events] == ["booed"]
    assert after.team("home").drive_rerolls == 0
    untouched, nothing = end_turn(rules, state, "away", ScriptedDice([]))
    assert (nothing, untouched.team("home").drive_rerolls) == ((), 1)
