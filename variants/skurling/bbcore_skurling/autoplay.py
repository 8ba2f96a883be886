"""A plain automatic coach, enough to play a whole match through the arc engine.

:func:`play_turn` plays one team turn the way a cautious coach would: as attacker, each
Whacker and the Goon walks to the square behind the Stooge and Touches him straight on;
as defender, it ends the turn (defenders stand in the Stooge's path where they set up).
:func:`play_match` runs a match from set-up to the final score with the standard
set-up of :func:`bbcore_skurling.match.default_placements`. It is the end-to-end test of
the engine and a worked example of driving it; smarter coaches build on the same calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bbcore.rules.board import Board, Square, Status, adjacent, distance, step
from bbcore.rules.decisions import DefaultDecisions
from bbcore.rules.movement import stand_up_cost
from bbcore_skurling.arc import GOON, STOOGE, WHACKER, ArcState, EndTurn, Move, MoveOn, Throw, Touch, apply
from bbcore_skurling.match import MatchState, default_placements, finish_arc, start_arc

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.rules.decisions import Decisions
    from bbcore.ruleset import Ruleset

#: A match that has not ended after this many arcs is stopped (a guard against endless ties).
MAX_ARCS = 400


def walk_towards(board: Board, start: Square, goal: Square, steps: int) -> tuple[Square, ...]:
    """Up to ``steps`` moves through empty squares, each one closer to ``goal``, stopping next to or on it."""
    path: list[Square] = []
    here = start
    for _ in range(steps):
        if here == goal:
            break
        options = [
            step(here, (dx, dy))
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if (dx, dy) != (0, 0) and board.geometry.on_pitch(step(here, (dx, dy))) and board.at(step(here, (dx, dy))) is None
        ]
        closer = [s for s in options if distance(s, goal) < distance(here, goal)]
        if not closer:
            break
        here = min(closer, key=lambda s: (distance(s, goal), abs(s[1] - goal[1]), s))
        path.append(here)
    return tuple(path)


def opening_throw(ruleset: Ruleset, arc: ArcState) -> Throw:
    """The Whacker with Throw Team-mate throws the Stooge as far straight ahead as a Short throw goes."""
    from bbcore.rules.ttm import pass_range  # noqa: PLC0415 - kept beside its one use

    thrower = next(pid for pid, role in arc.roles.items() if role == WHACKER and arc.board.player(pid).has("throw-team-mate"))
    origin = arc.board.player(thrower).square
    assert origin is not None
    target = origin
    for x in range(origin[0] + 1, arc.board.pitch.length):
        band = pass_range(ruleset, origin, (x, origin[1]))
        if band is None or not band.values.get("throw"):
            break
        target = (x, origin[1])
    return Throw(thrower, target)


class PlainCoach(DefaultDecisions):
    """Blood Bowl's sensible defaults, except that a Touch takes the face that slides the Stooge furthest unharmed."""

    def block_face(self, team: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacking: bool) -> int:
        if attacking and "push-back" in faces:
            return faces.index("push-back")
        return super().block_face(team, faces, attacker_has_block, defender_has_block, attacking)


def play_turn(ruleset: Ruleset, arc: ArcState, dice: DiceSource, decisions: Decisions) -> ArcState:
    """One team turn by the plain coach.

    As attacker: hitters already next to the Stooge Touch him first, then one hitter
    Blitzes to him and follows him with what his Move Allowance has left, then the rest
    walk up beside him for the next turn.
    """
    if arc.phase == "throw" and arc.active == arc.defender:
        return apply(ruleset, arc, EndTurn(), dice, decisions)  # nothing to defend before the throw
    if arc.phase == "throw":
        arc = apply(ruleset, arc, opening_throw(ruleset, arc), dice, decisions)
        if arc.phase == "throw":  # the thrower failed an activation test: try again next turn
            return apply(ruleset, arc, EndTurn(), dice, decisions)
    if arc.active == arc.attacker:
        hitters = [pid for pid, role in arc.roles.items() if role in (WHACKER, GOON)]
        for stage in ("touch", "blitz", "move"):
            for hitter in hitters:
                if arc.over:
                    return arc
                arc = _act(ruleset, arc, hitter, stage, dice, decisions)
    if arc.over:
        return arc
    return apply(ruleset, arc, EndTurn(), dice, decisions)


def beside_the_stooge(arc: ArcState) -> list[Square]:
    """Empty squares next to the Stooge, those behind him (nearer his own end zone) first."""
    stooge = arc.board.player(arc.stooge).square
    if stooge is None:
        return []
    free = [s for s in arc.board.neighbours(stooge) if arc.board.at(s) is None]
    return sorted(free, key=lambda s: (s[0] - stooge[0], abs(s[1] - stooge[1])))


def _act(ruleset: Ruleset, arc: ArcState, hitter: str, stage: str, dice: DiceSource, decisions: Decisions) -> ArcState:
    player = arc.board.player(hitter)
    stooge = arc.board.player(arc.stooge).square
    if hitter in arc.activated or player.square is None or stooge is None or player.status not in (Status.STANDING, Status.PRONE):
        return arc
    if stage == "touch":
        beside = player.standing and adjacent(player.square, stooge)
        return apply(ruleset, arc, Touch(hitter), dice, decisions) if beside else arc
    movement = ruleset.parameters.movement
    allowance = player.ma - (0 if player.standing else stand_up_cost(ruleset, player))
    if stage == "blitz":
        # The Touch costs movement of its own: walk no further than leaves it, so no Rush is needed.
        reaching = _path_beside(arc, player.square, allowance - movement.blitz_block_cost)
        if reaching is None or arc.blitz_used:
            return arc
        arc = apply(ruleset, arc, Touch(hitter, blitz=True, path=reaching), dice, decisions)
        return _follow(ruleset, arc, dice, decisions)
    reaching = _path_beside(arc, player.square, allowance)
    if reaching is None:
        goals = beside_the_stooge(arc) or [stooge]
        reaching = walk_towards(arc.board, player.square, goals[0], allowance)
    if reaching or not player.standing:
        return apply(ruleset, arc, Move(hitter, reaching), dice, decisions)
    return arc


def _follow(ruleset: Ruleset, arc: ArcState, dice: DiceSource, decisions: Decisions) -> ArcState:
    """After the Blitz's Touch, the hitter follows the Stooge with the Move Allowance he has left, if that gets him beside him."""
    moving = arc.moving_on
    if arc.over or moving is None:
        return arc
    player = arc.board.player(moving.player)
    if player.square is None:
        return arc
    path = _path_beside(arc, player.square, player.ma - moving.progress.ma_used)
    return apply(ruleset, arc, MoveOn(moving.player, path), dice, decisions) if path else arc


def _path_beside(arc: ArcState, start: Square, allowance: int) -> tuple[Square, ...] | None:
    """A walk of at most ``allowance`` squares that ends next to the Stooge, if there is one."""
    for goal in beside_the_stooge(arc):
        path = walk_towards(arc.board, start, goal, allowance)
        if path and path[-1] == goal:
            return path
    return None


def play_arc(ruleset: Ruleset, match: MatchState, dice: DiceSource, decisions: Decisions | None = None) -> MatchState:
    """Set up and play the next arc with the side's own roles and the standard set-up."""
    decisions = decisions or PlainCoach()
    attacking = match.sides[match.next_attacker]
    defending = match.sides[1 - match.next_attacker]
    roles = dict(attacking.roles)
    out = match.out_of_play()
    defenders = [
        p.id for p in defending.players if defending.roles.get(p.id) != STOOGE and defending.may_take_the_lane(p.id) and p.id not in out
    ]
    arc = start_arc(ruleset, match, roles, default_placements(ruleset, match, roles, defenders))
    while not arc.over:
        arc = play_turn(ruleset, arc, dice, decisions)
    return finish_arc(ruleset, match, arc, dice)


def play_match(ruleset: Ruleset, match: MatchState, dice: DiceSource, decisions: Decisions | None = None) -> MatchState:
    """Play arcs until the match is over."""
    for _ in range(MAX_ARCS):
        if match.over:
            return match
        match = play_arc(ruleset, match, dice, decisions)
    return match
