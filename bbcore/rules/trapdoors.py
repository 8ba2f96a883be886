"""Squares a player may fall through: the pitch's trapdoors, once a prayer has woken them.

A square feature whose type has ``falls_through`` (the core pitch's trapdoors) is a risk
to every player who enters it, for any reason: a step of a move, a push, a follow-up, a
landing, a fall. He rolls a D6 as soon as he is in the square, before anything else is
rolled there; at ``falls_through`` or under he drops out of the game as if pushed into
the crowd (an Injury Roll, no Armour Roll), and a ball he held bounces from that square.
A ``dormant`` type (the trapdoors) does this only once woken for the game
(``Board.woken``, :meth:`bbcore.rules.board.Board.feature_in_force`): the Prayer to
Nuffle Treacherous Trapdoor wakes it (:func:`bbcore.rules.prayers.answer_prayer`).

The procedures that move players call :func:`enter_square` after putting a player in a
new square. Setting up is placing, not entering: a player set up on a trapdoor rolls
only when he next enters one (a reading; the rule speaks of players entering). Whether
a fall is a turnover is the caller's to say: the rulebook makes it one when the active
team's ball carrier is forced off the pitch, and the outcome's ``turnover`` says only
whether the player held the ball.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.dice import DiceSource, roll_dice
from bbcore.rules import ball
from bbcore.rules.board import BallState, Board
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import apothecary_from, injury_by_the_crowd, treatment_from

if TYPE_CHECKING:
    from bbcore.rules.decisions import Decisions
    from bbcore.ruleset import Ruleset

#: The event of a roll for a player entering a square he may fall through.
FALL_THROUGH = "fall-through"


def enter_square(ruleset: Ruleset, board: Board, player_id: str, dice: DiceSource, decisions: Decisions) -> Outcome | None:
    """The roll for ``player_id``, just put in his square, if its feature in force may drop him; None when there is none.

    A player on a bigger base rolls for the first square of it that has such a feature.

    The outcome's events start with a ``fall-through`` event (result ``held`` or ``fell``,
    detail: the square, the feature type and whether he ``carried`` the ball). A player who
    fell through is off the pitch with the crowd's Injury Roll made; ``turnover`` is true
    when he held the ball (which then bounced from the square).
    """
    if not board.geometry.square_features:
        return None  # most pitches have no square features: asked at every step, this spares the rest
    player = board.player(player_id)
    # The first square of his base (his only one, for nearly everyone) whose feature may drop him.
    found = next(((s, f) for s in player.squares if (f := board.feature_in_force(s)) is not None and f.falls_through), None)
    if found is None:
        return None
    square, feature = found
    carried = board.ball.carrier == player_id
    rolls = roll_dice(dice, "D6")
    detail: dict[str, object] = {"square": list(square), "feature": feature.id, "carried": carried}
    if rolls[0] > feature.falls_through:
        return Outcome(board, (Event(FALL_THROUGH, player_id, rolls, "held", detail),))
    gone = board.with_player(player.moved(None))
    if carried:
        gone = gone.with_ball(BallState(square=square))
    hurt = injury_by_the_crowd(ruleset, gone, player_id, dice, apothecary_from(decisions), choose_treatment=treatment_from(decisions))
    outcome = Outcome(hurt.board, (Event(FALL_THROUGH, player_id, rolls, "fell", detail), *hurt.events), turnover=carried)
    if carried:
        outcome = outcome.then(ball.bounce(ruleset, outcome.board, square, dice, decisions))
    return outcome


def fell_through(outcome: Outcome, player_id: str) -> bool:
    """Whether ``outcome`` says ``player_id`` fell through a square (see :func:`enter_square`)."""
    return any(e.kind == FALL_THROUGH and e.who == player_id and e.result == "fell" for e in outcome.events)


__all__ = ["FALL_THROUGH", "enter_square", "fell_through"]
