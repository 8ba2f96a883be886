"""Automatic coaches for Skurling: every decision the rules give a coach, asked as one choice.

A :class:`Choice` names what is asked (``kind``), who answers (``team``) and the legal
answers (``options``); a :class:`Policy` returns the index of its answer. The
:class:`PolicyCoach` stands between the rules and two policies: it is the
``Decisions`` object the core procedures ask (block faces, re-rolls, push squares...),
the :class:`~bbcore_skurling.arc.ArcChoices` and
:class:`~bbcore_skurling.landing.LandingChoices` of the arc, and the
:class:`~bbcore_skurling.coaching.SkurlingDecisions` of the pre-match; the simulator
asks it for the actions too. Every question becomes a :class:`Choice`, and every answer
is written to its ``log``, so a match can be replayed answer for answer
(:class:`Replay`).

Policies shipped:

- ``random``: a uniformly random legal answer, drawn from its own dice;
- ``scripted``: a sensible heuristic coach (:class:`Heuristic`).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from attrs import field, frozen

from bbcore.dice import DiceSource, SeededDice
from bbcore.errors import UsageError
from bbcore.odds import activation_odds
from bbcore.rules.block import BlockDice, block_dice
from bbcore.rules.board import Board, Square, adjacent, distance, step
from bbcore.rules.decisions import ActChoice, DefaultDecisions, InducementAct
from bbcore.rules.movement import rush_modifier, stand_up_cost
from bbcore.rules.ttm import pass_range
from bbcore_skurling.arc import (
    CUDDLER,
    GOON,
    WHACKER,
    Action,
    ArcState,
    Blitz,
    Block,
    EndTurn,
    Move,
    MoveOn,
    SecondHit,
    Throw,
    Touch,
    evolve_arc,
)
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.coaching import ATTACK, DEFEND, AdvancementChoice, DefaultSkurlingDecisions, HireOrder
from bbcore_skurling.legal import END_TURN, MOVE_ON, Declaration, actions_for
from bbcore_skurling.touch import DIRECTIONS, TOUCH_TABLE, TouchDice, destination_row, face_effect, touch_dice

if TYPE_CHECKING:
    from bbcore.model.team import Team
    from bbcore.ruleset import Ruleset
    from bbcore_skurling.match import MatchState

#: Answers to yes-or-no questions, in this order.
NO_YES: tuple[bool, bool] = (False, True)


@frozen
class Choice:
    """One question: what is asked, which team answers, the legal answers, and facts about it."""

    kind: str
    team: str
    options: tuple[Any, ...]
    detail: Mapping[str, Any] = field(factory=dict)


@frozen
class View:
    """What a policy may look at when it answers: the rules, the match and the arc in play (if any)."""

    ruleset: Ruleset
    match: MatchState | None = None
    arc: ArcState | None = None


class Policy(Protocol):
    """An automatic coach: given a question and the state, the index of its answer among ``choice.options``."""

    name: str

    def choose(self, choice: Choice, view: View) -> int: ...


class RandomPolicy:
    """Any legal answer, uniformly at random, from its own dice (so the rules' dice stay the rules')."""

    name = "random"

    def __init__(self, dice: DiceSource) -> None:
        self.dice = dice

    def choose(self, choice: Choice, view: View) -> int:
        count = len(choice.options)
        return 0 if count == 1 else self.dice.roll(count) - 1


class Replay:
    """Answers from a log of earlier answers, in order: replays a match exactly with the same dice."""

    name = "replay"

    def __init__(self, answers: Sequence[tuple[str, int]]) -> None:
        self.answers = list(answers)
        self.position = 0

    def choose(self, choice: Choice, view: View) -> int:
        if self.position >= len(self.answers):
            raise UsageError(f"the replay log ran out at a {choice.kind!r} question")
        kind, index = self.answers[self.position]
        if kind != choice.kind:
            raise UsageError(f"the replay log has a {kind!r} answer where a {choice.kind!r} question was asked")
        self.position += 1
        return index


# -- the heuristic coach -------------------------------------------------------------------------


def touch_face_value(ruleset: Ruleset, face: str, stooge_state: str) -> float:
    """How good a Touch face is for the attacker: squares gained (the Touch table's), less a risk when the Stooge
    must roll armour, and less when the hitter falls."""
    effect = face_effect(ruleset, face)
    at_the_floor = stooge_state == arc_rules(ruleset).states[-1].id
    harm = 0.8 if effect.stooge_falls and not at_the_floor else 0.0
    return effect.squares - harm - (0.5 if effect.hitter_falls else 0.0)


def expected_touch_gain(ruleset: Ruleset, count: int, attacker_chooses: bool, stooge_state: str, *, goon: bool = False) -> float:
    """The worth of a Touch rolling ``count`` block dice, in :func:`touch_face_value` units (about squares).

    Every roll of the dice is counted, each equally likely; the attacker takes the best face
    when he chooses, the worst otherwise. The Goon moves the Stooge his fixed squares whatever
    the face, so only the falls count against him.
    """
    table = ruleset.table("block-dice")
    faces = [table.row_for(side).id for side in range(1, 7)]
    goon_squares = arc_rules(ruleset).goon_squares

    def worth(face: str) -> float:
        value = touch_face_value(ruleset, face, stooge_state)
        return value - face_effect(ruleset, face).squares + goon_squares if goon else value

    values = [worth(face) for face in faces]
    total = 0.0
    for roll in itertools.product(values, repeat=max(1, count)):
        total += max(roll) if attacker_chooses else min(roll)
    return total / float(len(values) ** max(1, count))


def longest_slide(ruleset: Ruleset) -> int:
    """The most squares one Touch can move the Stooge (the Touch table's largest)."""
    return max(face_effect(ruleset, row.id).squares for row in ruleset.table(TOUCH_TABLE).rows)


def throw_holds(ruleset: Ruleset, board: Board, thrower_id: str, aim: Square) -> Fraction:
    """The chance a Throw Team-mate aimed at ``aim`` is not fumbled (nor the team-mate eaten or wriggling free).

    Each face of the Passing Ability roll is judged by the core's own throw rules (its
    modifier, its fumble); Always Hungry is rolled first.
    """
    from bbcore.odds import d6_test_chance  # noqa: PLC0415 - only the heuristic needs the odds
    from bbcore.rules.ttm import throw_modifier, throw_quality_judge  # noqa: PLC0415

    thrower = board.player(thrower_id)
    if thrower.square is None or thrower.pa is None:
        return Fraction(0)
    band = pass_range(ruleset, thrower.square, aim)
    if band is None:
        return Fraction(0)
    params = ruleset.parameters.throw_team_mate
    judge = throw_quality_judge(thrower.pa, throw_modifier(ruleset, board, thrower, band), params.fumble_at_most)
    holds = Fraction(sum(1 for roll in range(1, 7) if judge(roll).result != "fumbled"), 6)
    if thrower.has("always-hungry"):
        holds *= d6_test_chance(params.always_hungry.get("keep_hold", 2))
    return holds


def ding_dong_chance(ruleset: Ruleset, arc: ArcState, cuddler: str, target: str) -> Fraction:
    """The chance a Ding-Dong aimed at ``target`` lands on a defender: the throw not fumbled, then the scatter.

    Every pattern of the scatter dice is counted, each equally likely.
    """
    board = arc.board
    aim = board.player(target).square
    if aim is None:
        return Fraction(0)
    not_fumbled = throw_holds(ruleset, board, cuddler, aim)
    if not not_fumbled:
        return Fraction(0)
    defenders = {p.square for p in board.team_players(arc.defender) if p.on_pitch and p.square}
    times = ruleset.parameters.throw_team_mate.scatter
    directions = [(int(r.values["dx"] or 0), int(r.values["dy"] or 0)) for r in ruleset.table("random-direction").rows]
    landings: dict[Square, int] = {aim: 1}
    for _ in range(times):
        after: dict[Square, int] = {}
        for square, ways in landings.items():
            for direction in directions:
                there = step(square, direction)
                after[there] = after.get(there, 0) + ways
        landings = after
    total = sum(landings.values())
    on_defender = sum(ways for square, ways in landings.items() if square in defenders)
    return not_fumbled * Fraction(on_defender, total)


#: How near the end zone (in squares) the Stooge is when the Cuddler starts lining up with him.
CUDDLER_WATCH = 8

#: What the heuristic coach reckons a player falling on his way costs, on its scale of ten to a square
#: gained: his action lost, the next turn spent getting up, a chance of being hurt.
FALL_COST = 15.0

#: Where each kind of attacking action starts on that scale: any Touch outranks any walk, a
#: standing Touch the Blitz (so the one Blitz of the turn goes after him where he ends up).
THROW_FIRST = 1000.0
TOUCH_FIRST = 300.0
BLITZ_TOUCH = 200.0
WALK = 100.0
CLEAR = 50.0
SHORT_WALK = 20.0

#: What ending a walk beside the Stooge is worth, and what each opponent's tackle zone there costs:
#: a marked hitter is the one the defence blocks next.
BESIDE = 30.0
BEHIND = 3.0
MARKED = 6.0

#: What heading the Stooge into the Cuddler's end-zone square is worth: the catch's points, on the same scale.
CATCH_HEADING = 15.0


@functools.cache
def _test_chance(target: int, modifier: int) -> float:
    from bbcore.odds import d6_test_chance  # noqa: PLC0415 - only the heuristic needs the odds

    return float(d6_test_chance(target, modifier))


def walk_chance(ruleset: Ruleset, arc: ArcState, player_id: str, path: Sequence[Square], *, ma_used: int = 0) -> float:
    """The chance of walking ``path`` on his feet: a Dodge out of each marked square, a Rush for each step past MA
    (of which ``ma_used`` is already spent this activation).

    The Dodge skill's re-roll is counted; team re-rolls are not (they may be wanted later).
    """
    from bbcore.rules.movement import dodge_modifier  # noqa: PLC0415 - only the heuristic needs it

    if not path:
        return 1.0
    board = arc.board
    player = board.player(player_id)
    here = player.square
    assert here is not None
    standing_cost = 0 if player.standing else stand_up_cost(ruleset, player)
    free_steps = max(0, player.ma - standing_cost - ma_used)
    chance = 1.0
    for number, square in enumerate(path, start=1):
        if board.tackle_zones_on(here, player.team):
            modifier = dodge_modifier(ruleset, board, player.moved(here), here, square) + board.modifier("dodge", player)
            passes = _test_chance(player.ag, modifier)
            chance *= 1 - (1 - passes) ** 2 if player.has("dodge") else passes
        if number > free_steps:
            chance *= _test_chance(ruleset.parameters.targets.rush, rush_modifier(ruleset, board, player))
        here = square
    return chance


def walk_risk(ruleset: Ruleset, arc: ArcState, player_id: str, path: Sequence[Square], worth: float, *, ma_used: int = 0) -> float:
    """What a walk loses on average: the worth of arriving times the chance of falling, and the fall itself."""
    falls = 1.0 - walk_chance(ruleset, arc, player_id, path, ma_used=ma_used)
    return falls * (max(worth, 0.0) + FALL_COST)


class Heuristic:
    """A sensible coach (``scripted``).

    As attacker it weighs every declaration by its best action, on one scale (ten to a
    square the Stooge is expected to gain):

    - the throw goes as far as is safe: the squares gained times the chance the throw holds
      (:func:`throw_holds`);
    - a Touch is worth the squares its dice are expected to gain (:func:`expected_touch_gain`,
      counting the assists at the square the hitter strikes from), less the cost of its
      best heading (leaving the lane, a defender waiting in the end zone; the Cuddler's
      square earns the catch); a standing Touch comes before the turn's one Blitz. Once
      the face is picked, the heading is the one that costs least over the squares it
      slides him;
    - a walk is worth ending beside the Stooge, behind him and unmarked, ready for next
      turn's Touch; blocks clear a defender standing in his way when the dice are the
      attacker's;
    - anything that needs a Dodge or a Rush is weighed by its odds (:func:`walk_chance`).

    It picks the face that slides him furthest at least risk, re-rolls only a Touch that
    moves nothing, and goes for the Ding-Dong when 3 points times its chance
    (:func:`ding_dong_chance`) beat the sure 2. As defender: block Whackers and the Goon
    when the dice do not favour the other side, and otherwise stand in the Stooge's path.
    """

    name = "scripted"

    def __init__(self) -> None:
        self.plain = DefaultDecisions()
        self._gains: dict[tuple[int, str, str, bool], float] = {}
        self._memo_board: Board | None = None
        self._memos: dict[tuple[object, ...], Any] = {}
        self._slide: tuple[Ruleset, int] | None = None
        # The best action of each declaration weighed on the arc in play, for the question that follows.
        self._picked_on: ArcState | None = None
        self._picked: dict[Declaration, Action] = {}

    def choose(self, choice: Choice, view: View) -> int:
        chooser: Callable[[Choice, View], int] | None = getattr(self, "_" + choice.kind.replace("-", "_"), None)
        if chooser is not None:
            return chooser(choice, view)
        return 0

    # -- questions with an obvious best answer ----------------------------------------------

    def _yes(self, choice: Choice, view: View) -> int:
        return choice.options.index(True) if True in choice.options else 0

    _follow_up = _yes
    _use_skill = _yes
    _use_inducement = _yes
    _use_sideline = _yes
    _use_tool = _yes
    _team_reroll = _yes
    _argue_the_call = _yes  # the worst result only stops later arguments
    _bribe = _yes

    def _reroll_block(self, choice: Choice, view: View) -> int:
        """The plain coach's rule: re-roll when the face that would be taken puts the blocker down."""
        wanted = self.plain.reroll_block(
            "",
            choice.detail["faces"],
            bool(choice.detail.get("attacker_has_block")),
            bool(choice.detail.get("defender_has_block")),
            bool(choice.detail.get("attacker_chooses")),
        )
        return choice.options.index(wanted) if wanted in choice.options else 0

    def _apothecary(self, choice: Choice, view: View) -> int:
        return choice.options.index(choice.detail.get("injury") == "casualty") if len(choice.options) == 2 else 0

    def _block_face(self, choice: Choice, view: View) -> int:
        faces = list(choice.options)
        if choice.detail.get("touch") and view.arc is not None:
            return max(range(len(faces)), key=lambda i: (touch_face_value(view.ruleset, faces[i], view.arc.state), -i))  # type: ignore[union-attr]
        return self.plain.block_face(
            choice.team, faces, bool(choice.detail.get("attacker_has_block")), False, bool(choice.detail.get("attacking"))
        )

    def _touch_direction(self, choice: Choice, view: View) -> int:
        """The heading that costs least over the squares the picked face slides him (the first of equals), on the board
        as it stands when the face is known."""
        arc = view.arc
        if arc is None:
            return 0
        board = choice.detail.get("board")
        if isinstance(board, Board) and board is not arc.board:
            arc = evolve_arc(arc, board=board)
        stooge = arc.board.player(arc.stooge).square
        if stooge is None:
            return 0
        squares = int(choice.detail.get("squares", 1))
        costs = [self._heading_cost(arc, stooge, direction, squares) for direction in choice.options]
        return min(range(len(costs)), key=lambda i: (costs[i], i))

    def _reroll_touch(self, choice: Choice, view: View) -> int:
        faces = choice.detail.get("faces", ())
        return choice.options.index(all(face == "player-down" for face in faces))

    def _ding_dong(self, choice: Choice, view: View) -> int:
        arc = view.arc
        cuddler = str(choice.detail.get("cuddler"))
        if arc is None:
            return 0
        rules = arc_rules(view.ruleset)
        best, best_gain = 0, Fraction(rules.catch_bonus)
        for index, target in enumerate(choice.options):
            if target is None:
                continue
            gain = rules.ding_dong_bonus * ding_dong_chance(view.ruleset, arc, cuddler, target)
            if gain > best_gain:
                best, best_gain = index, gain
        return best

    def _helmet(self, choice: Choice, view: View) -> int:
        return choice.options.index("roll") if "roll" in choice.options else 0

    def _attack_or_defend(self, choice: Choice, view: View) -> int:
        return choice.options.index(ATTACK)

    # -- actions -----------------------------------------------------------------------------------

    #: The defender's declarations, best first.
    DEFENCE_ORDER = ("block", "blitz", MOVE_ON, "move", "end-turn")

    def _declare(self, choice: Choice, view: View) -> int:
        arc = view.arc
        declarations = list(choice.options)
        if arc is None:
            return len(declarations) - 1
        if arc.active == arc.attacker:
            # Each declaration is worth its best action: the strongest Touch first, then the Blitz, then the walks.
            # A kind whose best can no longer beat the best found is not worked out.
            ceiling = [self._kind_ceiling(view.ruleset, declared.kind) for declared in declarations]
            best, best_index = -math.inf, len(declarations) - 1
            for index in sorted(range(len(declarations)), key=lambda i: (-ceiling[i], i)):
                if ceiling[index] < best:
                    break
                value = self._best_attack(view.ruleset, arc, declarations[index])
                if value > best or (value == best and index < best_index):
                    best, best_index = value, index
            return best_index
        order = self.DEFENCE_ORDER

        def rank(index: int) -> tuple[int, int]:
            declared = declarations[index]
            kind = declared.kind
            if kind not in order:
                return (len(order), index)
            if kind == "block" and not self._favoured(view.ruleset, arc, declared.player):
                return (len(order), index)
            return (order.index(kind), index)

        return min(range(len(declarations)), key=rank)

    def _kind_ceiling(self, ruleset: Ruleset, kind: str) -> float:
        """The most any action of a declared kind can be worth to the attacker (see :meth:`_attack_value`)."""
        touch = 10.0 * self._longest_slide(ruleset) + CATCH_HEADING
        ceilings = {
            END_TURN: 0.0,
            "move": WALK + BESIDE + BEHIND,
            MOVE_ON: WALK + BESIDE + BEHIND,
            "block": CLEAR,
            "blitz": CLEAR,
            "touch": TOUCH_FIRST + touch,
            "second-hit": TOUCH_FIRST + touch,
            "touch-blitz": BLITZ_TOUCH + touch,
        }
        return ceilings.get(kind, math.inf)

    def _longest_slide(self, ruleset: Ruleset) -> int:
        if self._slide is None or self._slide[0] is not ruleset:
            self._slide = (ruleset, longest_slide(ruleset))
        return self._slide[1]

    def _best_attack(self, ruleset: Ruleset, arc: ArcState, declared: Declaration) -> float:
        if declared.kind == END_TURN:
            return 0.0
        actions = actions_for(ruleset, arc, declared)
        if not actions:
            return -100.0
        value, index = self._best_of(ruleset, arc, actions)
        if self._picked_on is not arc:
            self._picked_on, self._picked = arc, {}
        self._picked[declared] = actions[index]
        return value

    def _best_of(self, ruleset: Ruleset, arc: ArcState, actions: Sequence[Action]) -> tuple[float, int]:
        """The best attacking action's value and index (the first of equals).

        Every action's value without the risk of its walk is worked out first: that is as
        much as it can be worth, so the walks' odds are only counted for the actions that
        could still come out on top.
        """
        bounds = [self._attack_value(ruleset, arc, action, risk=False) for action in actions]
        best, best_index = -math.inf, 0
        for index in sorted(range(len(actions)), key=lambda i: (-bounds[i], i)):
            if bounds[index] < best:
                break
            value = self._attack_value(ruleset, arc, actions[index])
            if value > best or (value == best and index < best_index):
                best, best_index = value, index
        return best, best_index

    def _favoured(self, ruleset: Ruleset, arc: ArcState, player: str | None) -> bool:
        """Whether some block open to the player is not the other side's choice."""

        if player is None:
            return False
        me = arc.board.player(player)
        for target in arc.board.team_players(arc.attacker):
            if target.id == arc.stooge or not target.standing or target.square is None or me.square is None:
                continue
            if adjacent(me.square, target.square) and self._block_dice(ruleset, arc, player, target.id).chooser == "attacker":
                return True
        return False

    def _action(self, choice: Choice, view: View) -> int:
        arc = view.arc
        actions: list[Action] = list(choice.options)
        if arc is None:
            return len(actions) - 1
        if arc.active == arc.attacker:
            picked = self._picked.get(choice.detail.get("declaration")) if self._picked_on is arc else None  # type: ignore[arg-type]
            if picked is not None and picked in actions:
                return actions.index(picked)  # worked out when the declaration was weighed
            return self._best_of(view.ruleset, arc, actions)[1]
        scored = [(self._defence_value(view.ruleset, arc, a), -i) for i, a in enumerate(actions)]
        return -max(scored)[1]

    def _attack_value(self, ruleset: Ruleset, arc: ArcState, action: Action, *, risk: bool = True) -> float:
        """An attacking action's worth, ten to a square the Stooge is expected to gain (``risk=False``: before the odds
        of the walk it needs, which can only lower it).

        Touches come first (a standing one before the turn's only Blitz, which may still
        reach him after he moved), then the walks that leave the other hitters beside him
        for the next turn, then blocks that clear his path.
        """
        stooge = arc.board.player(arc.stooge).square
        if isinstance(action, Throw):
            # As far as is safe: the squares gained if the throw holds (a fumble leaves him where he is).
            holds = float(throw_holds(ruleset, arc.board, action.thrower, action.target))
            holds *= self._acts(ruleset, arc, action.thrower, "throw-team-mate")
            return THROW_FIRST + 10.0 * holds * action.target[0] - abs(action.target[1] - (stooge[1] if stooge else 0)) * 0.5
        if isinstance(action, EndTurn) or stooge is None:
            return 0.0
        if isinstance(action, Touch | SecondHit):
            blitz = bool(action.path)
            base = TOUCH_FIRST if not blitz or isinstance(action, SecondHit) else BLITZ_TOUCH
            gain = 10.0 * self._touch_gain(ruleset, arc, action.hitter, action.path[-1] if action.path else None)
            # The direction is named once the face is known: the Touch is weighed by its best heading.
            heading: float = self._memo(arc, ("heading",), lambda: self._best_heading_cost(ruleset, arc, stooge))
            gain -= heading
            gain *= self._acts(ruleset, arc, action.hitter, "blitz" if blitz else "block")
            return base + gain - (walk_risk(ruleset, arc, action.hitter, action.path, gain) if risk else 0.0)
        if isinstance(action, Move | MoveOn):
            return self._walk_value(ruleset, arc, action, stooge, risk=risk)
        if isinstance(action, Block | Blitz):
            return self._clearing_value(ruleset, arc, action, stooge, risk=risk)
        return -5.0

    def _touch_gain(self, ruleset: Ruleset, arc: ArcState, hitter: str, square: Square | None = None) -> float:
        """The squares a Touch by ``hitter`` is expected to move the Stooge, hitting from ``square`` (by default where he
        stands): the dice count the assists there, and the markers who help the Stooge."""

        def count() -> TouchDice:
            board = arc.board
            if square is not None:
                board = board.with_player(board.player(hitter).moved(square))
            return touch_dice(ruleset, board, hitter, arc.stooge)

        dice = self._memo(arc, ("dice", hitter, square), count)
        return self._gain(ruleset, dice.count, dice.chooser, arc.state, goon=arc.role_of(hitter) == GOON)

    def _gain(self, ruleset: Ruleset, count: int, chooser: str, state: str, *, goon: bool) -> float:
        key = (count, chooser, state, goon)
        if key not in self._gains:
            self._gains[key] = expected_touch_gain(ruleset, count, chooser == "attacker", state, goon=goon)
        return self._gains[key]

    def _acts(self, ruleset: Ruleset, arc: ArcState, player: str, action: str) -> float:
        """The chance the player's activation tests (Bone Head, Really Stupid...) let him do ``action``."""
        chance: float = self._memo(arc, ("acts", player, action), lambda: float(activation_odds(ruleset, arc.board, player, action)))
        return chance

    def _block_dice(self, ruleset: Ruleset, arc: ArcState, player: str, target: str, *, blitz: bool = False) -> BlockDice:
        """The block dice ``player`` would roll against ``target`` from where he stands, once per board."""
        dice: BlockDice = self._memo(
            arc, ("block", player, target, blitz), lambda: block_dice(ruleset, arc.board, player, target, blitz=blitz)
        )
        return dice

    def _memo(self, arc: ArcState, key: tuple[object, ...], work: Callable[[], Any]) -> Any:
        """``work()`` done once per board for ``key`` (boards never change, so identity is enough)."""
        if self._memo_board is not arc.board:
            self._memo_board, self._memos = arc.board, {}
        if key not in self._memos:
            self._memos[key] = work()
        return self._memos[key]

    def _best_heading_cost(self, ruleset: Ruleset, arc: ArcState, stooge: Square) -> float:
        """The cost of the best of the three headings over the Touch's longest slide."""
        longest = self._longest_slide(ruleset)
        return min(self._heading_cost(arc, stooge, direction, longest) for direction in DIRECTIONS)

    @staticmethod
    def _heading_cost(arc: ArcState, stooge: Square, direction: str, longest: int) -> float:
        """What sending the Stooge this way costs, following him over ``longest`` squares of slide.

        Leaving the lane wastes the rest of the slide; a defender on the end-zone square he
        would enter may catch him and stop the score; the Cuddler's square there earns the
        catch; anybody else in the way is pushed along and costs a little.
        """
        board, heading = arc.board, DIRECTIONS[direction]
        cost = 0.0 if direction == "straight" else 1.0
        zone = destination_row(board)
        cuddler = next((board.player(pid) for pid, role in arc.roles.items() if role == CUDDLER), None)
        here = stooge
        for ahead in range(1, longest + 1):
            here = step(here, heading)
            if not board.geometry.on_pitch(here):
                return cost + 10.0 * (longest - ahead + 1)
            holder = board.at(here)
            if here[0] >= zone:
                if holder is not None and holder.team != board.player(arc.stooge).team and holder.standing:
                    return cost + 25.0
                if cuddler is not None and holder is not None and holder.id == cuddler.id and holder.standing:
                    return cost - CATCH_HEADING
                return cost
            if holder is not None:
                cost += 3.0 / ahead
        if cuddler is not None and cuddler.square is not None and zone - here[0] <= longest:
            cost += abs(here[1] - cuddler.square[1]) * 2.0  # line him up for the catch on the next Touch
        return cost

    def _walk_value(self, ruleset: Ruleset, arc: ArcState, action: Move | MoveOn, stooge: Square, *, risk: bool = True) -> float:
        """A hitter's walk is worth most when it ends beside the Stooge, behind him and unmarked, without dodging or
        rushing; the Cuddler's, when it puts him in the Stooge's row as the Stooge nears the end zone."""
        role = arc.role_of(action.player)
        here = arc.board.player(action.player).square
        if role == CUDDLER:
            return self._cuddler_walk_value(arc, action, stooge)
        if role not in (WHACKER, GOON):
            return -1.0
        if not action.path:
            return SHORT_WALK  # standing up where he lies
        end = action.path[-1]
        team = arc.board.player(action.player).team
        beside = adjacent(end, stooge)
        if here is not None and adjacent(here, stooge) and not beside:
            return -5.0  # already where the next Touch starts from
        markers = arc.board.tackle_zones_on(end, team)
        if beside:
            # Next turn's standing Touch starts here, if the defence does not knock him down first.
            behind = BEHIND if end[0] < stooge[0] else (1.0 if end[0] == stooge[0] else 0.0)
            base, worth = WALK, BESIDE + behind - markers * MARKED
        else:
            # Nearer, but no Touch from there: worth less than clearing a defender out of the way.
            base, worth = SHORT_WALK, 8.0 - 2.0 * distance(end, stooge) - markers * MARKED / 2
        # Moving on after a Blitz needs no activation test, and the Blitz has spent part of the allowance.
        moving_on = arc.moving_on if isinstance(action, MoveOn) else None
        spent = moving_on.progress.ma_used if moving_on is not None else 0
        acts = 1.0 if moving_on is not None else self._acts(ruleset, arc, action.player, "move")
        worth = worth * acts - len(action.path) * 0.1
        return base + worth - (walk_risk(ruleset, arc, action.player, action.path, worth, ma_used=spent) if risk else 0.0)

    @staticmethod
    def _cuddler_walk_value(arc: ArcState, action: Move | MoveOn, stooge: Square) -> float:
        """The Cuddler's walk along the end zone is worth the rows it brings him nearer the Stooge's, once he is near."""
        here = arc.board.player(action.player).square
        if not action.path or here is None:
            return -1.0
        near_the_end = arc.board.pitch.length - stooge[0] <= CUDDLER_WATCH
        gain = abs(here[1] - stooge[1]) - abs(action.path[-1][1] - stooge[1])
        return WALK + 5.0 * gain - 1.0 if near_the_end and gain > 0 else -1.0

    def _clearing_value(self, ruleset: Ruleset, arc: ArcState, action: Block | Blitz, stooge: Square, *, risk: bool = True) -> float:
        """A block is worth making on a defender around or ahead of the Stooge, when the dice are the attacker's:
        down, he marks nobody on the hitters' way and stands in no one's path."""

        target = arc.board.player(action.target).square
        if target is None or distance(target, stooge) > 2 or target[0] < stooge[0] - 1:
            return -5.0
        plan = self._block_dice(ruleset, arc, action.player, action.target, blitz=isinstance(action, Blitz))
        if plan.chooser != "attacker" or plan.count < 2:
            return -5.0
        if isinstance(action, Blitz):
            # Only when no Touch could use the turn's Blitz (a Touch is always worth more).
            return CLEAR - 10.0 - (walk_risk(ruleset, arc, action.player, action.path, CLEAR) if risk else 0.0)
        return CLEAR

    def _defence_value(self, ruleset: Ruleset, arc: ArcState, action: Action) -> float:
        stooge = arc.board.player(arc.stooge).square
        if isinstance(action, Block | Blitz):
            if isinstance(action, Blitz):
                return 5.0 - len(action.path) * 0.1 if arc.role_of(action.target) in (WHACKER, GOON) else -1.0
            plan = self._block_dice(ruleset, arc, action.player, action.target)
            favoured = plan.chooser == "attacker" or plan.count == 1
            return (30.0 if favoured else -1.0) + (5.0 if arc.role_of(action.target) in (WHACKER, GOON) else 0.0)
        if isinstance(action, Move | MoveOn) and stooge is not None and action.path:
            end = action.path[-1]
            in_path = end[1] == stooge[1] and 0 < end[0] - stooge[0] <= 3
            return (15.0 - (end[0] - stooge[0])) if in_path else -1.0
        if isinstance(action, EndTurn):
            return 0.0
        return -2.0


POLICIES: dict[str, Callable[[int], Policy]] = {
    "random": lambda seed: RandomPolicy(SeededDice(seed)),
    "scripted": lambda seed: Heuristic(),
}


def make_policy(name: str, seed: int) -> Policy:
    """A policy by name (``random`` or ``scripted``); ``seed`` feeds a random policy's own dice."""
    if name not in POLICIES:
        raise UsageError(f"unknown policy {name!r}; the policies are {', '.join(POLICIES)}")
    return POLICIES[name](seed)


# -- the coach between the rules and the policies ----------------------------------------------------


class PolicyCoach:
    """Asks the policies every question the rules ask, and logs each answer.

    ``policies`` maps each team key on the board to its policy. ``view`` is kept up to
    date by the simulator (the match, the arc in play) so that the policies and the
    questions about a player id can tell which team answers; ``touching`` is set while a
    Touch is applied, so that its block face is asked as a Touch's.
    """

    def __init__(self, ruleset: Ruleset, policies: Mapping[str, Policy]) -> None:
        self.ruleset = ruleset
        self.policies = dict(policies)
        self.view = View(ruleset)
        self.log: list[tuple[str, int]] = []
        self.fallback = DefaultDecisions()
        self.touching = False

    # -- asking -----------------------------------------------------------------------------------

    def ask(self, kind: str, team: str, options: Sequence[Any], **detail: Any) -> Any:
        """Put a question to ``team``'s policy and return the option it picks (a single option is not asked)."""
        options = tuple(options)
        if not options:
            raise UsageError(f"a {kind!r} question with no answer to choose from")
        if len(options) == 1:
            return options[0]
        policy = self.policies[team]
        index = policy.choose(Choice(kind, team, options, detail), self.view)
        if not 0 <= index < len(options):
            raise UsageError(f"policy {policy.name!r} answered {index} to a {kind!r} question with {len(options)} options")
        self.log.append((kind, index))
        return options[index]

    def team_of(self, player_id: str) -> str:
        arc = self.view.arc
        if arc is not None and player_id in arc.board.players:
            return arc.board.player(player_id).team
        for key in self.policies:
            if player_id.startswith(key):
                return key
        return next(iter(self.policies))

    def _yes(self, kind: str, player_id: str, **detail: Any) -> bool:
        return bool(self.ask(kind, self.team_of(player_id), NO_YES, player=player_id, **detail))

    # -- the core's questions ---------------------------------------------------------------------

    def block_face(self, team: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacking: bool) -> int:
        arc = self.view.arc
        touch = arc is not None and attacking and team == arc.attacker and self.touching
        picked = self.ask("block-face", team, list(faces), attacker_has_block=attacker_has_block, attacking=attacking, touch=touch)
        return list(faces).index(picked)

    def push_square(self, team: str, squares: Sequence[Square]) -> Square:
        return tuple(self.ask("push-square", team, list(squares)))

    def follow_up(self, player_id: str) -> bool:
        return self._yes("follow-up", player_id)

    def use_skill(self, player_id: str, skill: str, situation: str) -> bool:
        return self._yes("use-skill", player_id, skill=skill, situation=situation)

    def use_apothecary(self, player_id: str, injury: str) -> bool:
        return self._yes("apothecary", player_id, injury=injury)

    def keep_casualty(self, player_id: str, results: Sequence[str]) -> str:
        return str(self.ask("keep-casualty", self.team_of(player_id), list(results), player=player_id))

    def use_team_reroll(self, player_id: str, test: str) -> bool:
        return self._yes("team-reroll", player_id, test=test)

    def reroll_block(
        self, player_id: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacker_chooses: bool
    ) -> bool:
        return self._yes(
            "reroll-block",
            player_id,
            faces=tuple(faces),
            attacker_has_block=attacker_has_block,
            defender_has_block=defender_has_block,
            attacker_chooses=attacker_chooses,
        )

    def argue_the_call(self, team: str, player_id: str) -> bool:
        return bool(self.ask("argue-the-call", team, NO_YES, player=player_id))

    def use_bribe(self, team: str, player_id: str) -> bool:
        return bool(self.ask("bribe", team, NO_YES, player=player_id))

    def touchback_receiver(self, team: str, candidates: Sequence[str]) -> str:
        return str(self.ask("touchback", team, list(candidates)))

    def kick_or_receive(self, team: str) -> str:
        return str(self.ask("kick-or-receive", team, ["kick", "receive"]))

    def journeyman_position(self, team: str, positions: Sequence[str]) -> str:
        return str(self.ask("journeyman", team, list(positions)))

    def buy_inducements(self, team: str, prices: Mapping[str, int], budget: int) -> Mapping[str, int]:
        bought: dict[str, int] = {}
        left = budget
        for inducement, price in sorted(prices.items()):
            if price <= left and self.ask("buy-inducement", team, NO_YES, inducement=inducement, price=price, budget=left):
                bought[inducement] = 1
                left -= price
        return bought

    def kick_off_target(self, team: str, squares: Sequence[Square]) -> Square:
        return tuple(self.ask("kick-off-target", team, list(squares)))

    def mvp_nominees(self, team: str, players: Sequence[str], count: int) -> Sequence[str]:
        return self.fallback.mvp_nominees(team, players, count)

    def casualty_treatment(self, player_id: str, casualty: str) -> str | None:
        return self.fallback.casualty_treatment(player_id, casualty)

    def agreed_choice(self, question: str, options: Sequence[str]) -> str | None:
        team = next(iter(self.policies))
        return self.ask("agreed-" + question, team, [None, *options])  # type: ignore[no-any-return]

    def hand_out_inducements(self, team: str, inducements: Mapping[str, int], players: Sequence[str]) -> Sequence[tuple[str, str]]:
        return self.fallback.hand_out_inducements(team, inducements, players)

    def interceptor(self, team: str, candidates: Sequence[str]) -> str | None:
        return self.ask("interceptor", team, [None, *candidates])  # type: ignore[no-any-return]

    def choose_square(self, player_id: str, reason: str, squares: Sequence[Square]) -> Square | None:
        return self.ask("square", self.team_of(player_id), [None, *squares], reason=reason)  # type: ignore[no-any-return]

    def throw_target(self, player_id: str, reason: str, squares: Sequence[Square]) -> Square:
        return self.ask("throw-target", self.team_of(player_id), list(squares), reason=reason)  # type: ignore[no-any-return]

    def template_facing(self, player_id: str, reason: str, facings: Sequence[Square]) -> Square | None:
        return self.ask("facing", self.team_of(player_id), [None, *facings], reason=reason)  # type: ignore[no-any-return]

    def free_move(self, team: str, reason: str, moves: Sequence[tuple[str, tuple[Square, ...]]]) -> tuple[str, Sequence[Square]] | None:
        return self.ask("free-move", team, [None, *moves], reason=reason)  # type: ignore[no-any-return]

    def place_ball(self, player_id: str, squares: Sequence[Square]) -> Square | None:
        return self.ask("place-ball", self.team_of(player_id), [None, *squares])  # type: ignore[no-any-return]

    def free_block(self, team: str, blocks: Sequence[tuple[str, str]]) -> tuple[str, str] | None:
        return self.ask("free-block", team, [None, *blocks])  # type: ignore[no-any-return]

    def weather_modifier(self, team: str, allowed: Sequence[int]) -> int:
        return int(self.ask("weather-modifier", team, list(allowed)))

    def set_up_again(self, team: str, reason: str, players: Sequence[str], count: int) -> Mapping[str, Square]:
        return self.fallback.set_up_again(team, reason, players, count)  # Skurling has no kick-off

    def swarm(self, team: str, players: Sequence[str], count: int) -> Mapping[str, Square]:
        return self.fallback.swarm(team, players, count)  # Skurling has no drives to swarm into

    def gained_skills(self, player_id: str, skills: Sequence[str], count: int) -> Sequence[str]:
        return self.fallback.gained_skills(player_id, skills, count)

    def skill_category(self, player_id: str, reason: str, categories: Sequence[str]) -> str:
        return self.fallback.skill_category(player_id, reason, categories)  # Skurling gives no random skills

    def choose_players(self, team: str, reason: str, candidates: Sequence[str], count: int) -> Sequence[str]:
        return self.fallback.choose_players(team, reason, candidates, count)

    def use_prayer(self, team: str, prayer: str) -> bool:
        return self.fallback.use_prayer(team, prayer)

    def choose_keyword(self, player_id: str, reason: str, keywords: Sequence[str]) -> str:
        return self.fallback.choose_keyword(player_id, reason, keywords)  # Skurling's league has no grudges to bear

    def use_special_rule(self, team: str, rule: str, situation: str) -> bool:
        return self.fallback.use_special_rule(team, rule, situation)  # Skurling plays no Blood Bowl special rules

    def inducement_act(self, team: str, inducement: str, situation: str, acts: Sequence[InducementAct]) -> ActChoice | None:
        return self.fallback.inducement_act(team, inducement, situation, acts)  # Skurling's inducements aim at nothing

    def team_after_hiring(self, team: str, team_file: Team | None, treasury: int) -> Team | None:
        return self.fallback.team_after_hiring(team, team_file, treasury)  # Skurling's post-match is its own

    def team_mate(self, player_id: str, reason: str, candidates: Sequence[str]) -> str:
        return str(self.ask("team-mate", self.team_of(player_id), list(candidates), reason=reason))

    # -- Skurling's questions: the arc ----------------------------------------------------------------

    def ding_dong_target(self, team: str, cuddler: str, targets: Sequence[str]) -> str | None:
        return self.ask("ding-dong", team, [None, *targets], cuddler=cuddler)  # type: ignore[no-any-return]

    def use_inducement(self, team: str, inducement: str, situation: str) -> bool:
        return bool(self.ask("use-inducement", team, NO_YES, inducement=inducement, situation=situation))

    def use_sideline(self, team: str, sideline: str, situation: str) -> bool:
        return bool(self.ask("use-sideline", team, NO_YES, sideline=sideline, situation=situation))

    def use_tool(self, team: str, tool: str, situation: str) -> bool:
        return bool(self.ask("use-tool", team, NO_YES, tool=tool, situation=situation))

    def reroll_touch(self, team: str, hitter: str, faces: Sequence[str]) -> bool:
        return bool(self.ask("reroll-touch", team, NO_YES, hitter=hitter, faces=tuple(faces)))

    def touch_direction(self, team: str, hitter: str, face: str, squares: int, directions: Sequence[str], board: Board) -> str:
        return str(self.ask("touch-direction", team, list(directions), hitter=hitter, face=face, squares=squares, board=board))

    # -- the landing events ------------------------------------------------------------------------

    def eager_whacker(self, team: str, options: Mapping[str, Sequence[Square]]) -> tuple[str, Square] | None:
        moves = [None, *((pid, tuple(square)) for pid, squares in options.items() for square in squares)]
        return self.ask("eager-whacker", team, moves)  # type: ignore[no-any-return]

    def quick_shuffle(self, team: str, left: int, options: Mapping[str, Sequence[Square]]) -> tuple[str, Square] | None:
        moves = [None, *((pid, tuple(square)) for pid, squares in options.items() for square in squares)]
        return self.ask("quick-shuffle", team, moves, left=left)  # type: ignore[no-any-return]

    def dig_in(
        self,
        team: str,
        count: int,
        players: Sequence[str],
        squares: Sequence[Square],
        hold: Square | None,
        positions: Mapping[str, Square] | None = None,
    ) -> Mapping[str, Square]:
        """One player and one square at a time, up to ``count``, never onto a square a player who stays holds.

        While the square to hold (if any) is empty of a re-placed player, only it is offered,
        so that it is never left empty.
        """
        where = {pid: tuple(square) for pid, square in (positions or {}).items()}
        chosen: dict[str, Square] = {}
        for _ in range(count):
            staying = {square for pid, square in where.items() if pid not in chosen}
            holder_free = hold is None or hold in chosen.values()
            options = [None] + [
                (pid, tuple(square))
                for pid in players
                if pid not in chosen
                for square in squares
                if tuple(square) not in chosen.values()
                and tuple(square) not in staying - {where.get(pid)}
                and (holder_free or tuple(square) == hold)
            ]
            pick = self.ask("dig-in", team, options, left=count - len(chosen))
            if pick is None:
                break
            chosen[pick[0]] = pick[1]
        if hold is not None and chosen and hold not in chosen.values():
            return {}
        return chosen

    def charge(
        self, team: str, left: int, players: Sequence[str], blitz_targets: Sequence[str], options: Sequence[Move | Blitz | MoveOn] = ()
    ) -> Move | Blitz | MoveOn | None:
        return self.ask("charge", team, [None, *options], left=left)  # type: ignore[no-any-return]

    # -- Skurling's questions: before and after the match ---------------------------------------------

    def attack_or_defend(self, team: str) -> str:
        return str(self.ask("attack-or-defend", team, [ATTACK, DEFEND]))

    def look_for_sponsor(self, team: str) -> bool:
        return bool(self.ask("look-for-sponsor", team, NO_YES))

    def sponsor_gift(self, team: str, offered: str, options: Sequence[str]) -> str:
        return str(self.ask("sponsor-gift", team, list(options), offered=offered))

    def sponsored_sideline(self, team: str, available: Sequence[str]) -> str:
        return str(self.ask("sponsored-sideline", team, list(available)))

    def headliner(self, team: str, available: Sequence[str]) -> str:
        return str(self.ask("headliner", team, list(available)))

    def sponsor_name(self, team: str, gift: str) -> str:
        return f"{team} sponsor"

    def substitute(self, team: str, place: str, candidates: Sequence[str]) -> str | None:
        return str(self.ask("substitute", team, list(candidates), place=place))

    def advancement(self, player: str, spp: int, costs: Mapping[str, int]) -> AdvancementChoice | None:
        return DefaultSkurlingDecisions().advancement(player, spp, costs)  # a characteristic roll when he must advance

    def characteristic(self, player: str, offered: Sequence[str], skill_instead: Sequence[str]) -> str | None:
        return offered[0] if offered else None

    def advancement_skill(self, player: str, options: Sequence[str]) -> str:
        return str(self.ask("advancement-skill", self.team_of(player), list(options)))

    def hire_and_fire(self, team: str, treasury: int, prices: Mapping[str, int]) -> HireOrder:
        return HireOrder()


__all__ = ["POLICIES", "Choice", "Heuristic", "Policy", "PolicyCoach", "RandomPolicy", "Replay", "View", "make_policy"]
