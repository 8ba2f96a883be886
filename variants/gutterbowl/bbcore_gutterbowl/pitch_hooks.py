"""Gutter Bowl hooks for the pitch: walls, market stalls, sewer pits, barricades, cobblestones and the ball.

Each function implements one core hook, named by ``specname`` so that the function can
say what it decides and so that the game hooks (star-imported into the same plugin
module) may implement the same hooks without a clash. The rules themselves live in
:mod:`bbcore_gutterbowl.walls`, :mod:`bbcore_gutterbowl.sewers`,
:mod:`bbcore_gutterbowl.passing` and :mod:`bbcore_gutterbowl.features`; the numbers in ``data/variant-rules.yaml``.

Barricades need no code: the core reads their crossing cost and risk, their Strength
bonus and (through the wall push here) what a player pushed against one meets, from
the pitch data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore import hookimpl
from bbcore.rules.ball import BallReentry
from bbcore.rules.board import adjacent
from bbcore_gutterbowl import passing, sewers, walls
from bbcore_gutterbowl.features import REENTERS, WALL, is_pit, is_wall, out_of_feature, wall_past
from bbcore_gutterbowl.variant_rules import variant_rules

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.model.table import Row
    from bbcore.rules.board import Board, PlayerState, Square
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.events import Event
    from bbcore.rules.push import BlockedSquare, PushBlocked
    from bbcore.ruleset import Ruleset

__all__ = [
    "ball_bounces_twice_on_cobbles",
    "ball_comes_back_out",
    "ball_rebounds_off_the_sidelines",
    "hard_landing",
    "passing_over_a_market_stall",
    "pushed_into_a_wall_or_a_pit",
    "something_in_the_pit",
    "thrown_player_hits_the_sideline",
    "thrown_player_meets_a_stall_or_a_pit",
]


@hookimpl(specname="bbcore_push_blocked_outcome")
def pushed_into_a_wall_or_a_pit(
    ruleset: Ruleset,
    board: Board,
    pushed: PlayerState,
    pusher_square: Square,
    blocked: tuple[BlockedSquare, ...],
    knocked_down: bool,
    dice: DiceSource,
) -> PushBlocked | None:
    """A pushed player with nowhere free to go meets the pit or the wall behind him.

    The crowd past an end line comes first (the core's answer), then a sewer pit (he
    falls in), then a wall: a sideline, a market stall or a barricade (he stays; a D6
    decides whether he falls, or the POW knocks him down). Team-mates behind him do not
    help: a wall or a pit beats a chain push. With none of these, the core decides.
    """
    if any(b.reason == "off-pitch" and not wall_past(board, b.square) for b in blocked):
        return None
    pit = sewers.pushed_into_a_pit(ruleset, board, blocked, dice)
    if pit is not None:
        return pit
    return walls.pushed_into_a_wall(ruleset, board, pushed.square or pusher_square, blocked, knocked_down)


@hookimpl(specname="bbcore_armour_modifiers")
def hard_landing(ruleset: Ruleset, board: Board, player: PlayerState, fell: bool) -> int | None:
    """Cobblestones: a player who falls over or is knocked down (``fell``) adds ``hard_landing_armour_modifier``; a roll
    against one who stays up or was down already (a Foul, a Chainsaw, falling roof tiles) does not."""
    return variant_rules(ruleset).hard_landing_armour_modifier if fell else None


@hookimpl(specname="bbcore_ball_bounces_on_landing")
def ball_bounces_twice_on_cobbles(ruleset: Ruleset, board: Board, square: Square, cause: str) -> int:
    """Cobblestones: a ball hitting the floor bounces ``bounces_on_landing`` times."""
    return variant_rules(ruleset).bounces_on_landing


@hookimpl(specname="bbcore_ball_reentry")
def ball_comes_back_out(ruleset: Ruleset, board: Board, square: Square, dice: DiceSource, origin: Square | None) -> BallReentry | None:
    """A ball on a market stall or in a sewer pit comes back onto the pitch.

    A ball rolling along the floor into a stall hits a wall: it comes back by the
    throw-in template (:func:`bbcore_gutterbowl.walls.rebound_off_a_feature`). A ball
    coming down on a stall from the air, and any ball in a pit, goes a random direction
    the nearest distance out of the feature, and lands there: a standing player may catch
    it, otherwise it bounces (twice, on the cobbles).
    """
    feature = board.geometry.feature_at(square)
    if feature is None:
        return None
    if is_wall(feature) and origin is not None and adjacent(origin, square):
        return walls.rebound_off_a_feature(ruleset, board, square, origin, dice)
    if feature.ball_lands != REENTERS:
        return None
    found = out_of_feature(ruleset, board, square, dice)
    if found is None:
        return None
    return BallReentry(found[0], lands=True)


@hookimpl(specname="bbcore_ball_leaves_pitch")
def ball_rebounds_off_the_sidelines(ruleset: Ruleset, board: Board, last_square: Square, off_square: Square, cause: str) -> str | None:
    """A ball that would cross a sideline hits the wall there and comes back (``rebound``), a kick included.

    Past an end line the core answers: a throw-in, or a touchback for a kick.
    """
    return "rebound" if wall_past(board, off_square) else None


@hookimpl(specname="bbcore_pass_modifiers")
def passing_over_a_market_stall(ruleset: Ruleset, board: Board, passer: PlayerState, target: Square, band: Row) -> int | None:
    """A pass whose ruler's centre line crosses a market stall takes ``pass_over_stall_modifier``.

    See :func:`bbcore_gutterbowl.passing.over_a_market_stall`; a throw at a wall is tested the same way.
    """
    return passing.over_a_market_stall(ruleset, board, passer, target)


@hookimpl(specname="bbcore_thrown_player_lands_on_feature")
def thrown_player_meets_a_stall_or_a_pit(
    ruleset: Ruleset, board: Board, player: PlayerState, square: Square, dice: DiceSource
) -> PushBlocked | None:
    """A thrown team-mate coming down on a feature square.

    In a sewer pit he lands in it: no armour roll, but a turnover, and a ball he held
    comes back out of the pit. On a market stall he hits a wall: a crash landing with
    ``thrown_into_wall_armour_modifier``, falling onto the nearest free square out of
    the stall in a random direction (where he ends up is our reading, provisional:
    ``readings.thrown_onto_a_stall`` in ``variant-rules.yaml``; the seed says only that
    he hits the wall).
    """
    feature = board.geometry.feature_at(square)
    if is_pit(feature):
        return sewers.thrown_into_a_pit(ruleset, board, square, dice)
    if is_wall(feature):
        assert feature is not None
        found = out_of_feature(ruleset, board, square, dice, free=True)
        return walls.thrown_into_a_wall(ruleset, feature.id, found[0] if found is not None else None)
    return None


@hookimpl(specname="bbcore_thrown_player_leaves_pitch")
def thrown_player_hits_the_sideline(
    ruleset: Ruleset, board: Board, player: PlayerState, last_square: Square, off_square: Square
) -> PushBlocked | None:
    """A thrown team-mate scattering over a sideline hits the wall: a crash landing on the last square, with the wall's modifier."""
    return walls.thrown_into_a_wall(ruleset, WALL) if wall_past(board, off_square) else None


@hookimpl(specname="bbcore_turn_end_effects")
def something_in_the_pit(
    ruleset: Ruleset, board: Board, team: str, dice: DiceSource, decisions: Decisions
) -> tuple[Board, tuple[Event, ...]] | None:
    """At the end of each team turn, the pit-creature roll for each of the active team's players in a sewer pit."""
    outcome = sewers.something_in_the_pit(ruleset, board, team, dice, decisions)
    if not outcome.events:
        return None
    return outcome.board, outcome.events
