"""One arc of Skurling as a state machine: set-up, the opening throw, turns, the Touch, the score.

A match tracker (or an automatic coach) drives an arc by handing actions to
:func:`apply`, which checks them against the rules, rolls through the injected dice,
asks the coaches' remaining questions through a :class:`~bbcore.rules.decisions.Decisions`
object and :class:`ArcChoices`, and returns the next :class:`ArcState`, its events
appended. States are immutable: keep any of them to look back, or to try another line.

The order of an arc:

1. :func:`set_up` places both teams (the attacker's roles, the defenders' four) and
   checks the set-up rules.
2. The arc opens with a :class:`Throw`: one of the attacker's Whackers hurls the Stooge
   through the core's Throw Team-mate procedure. Wherever he comes down he lies
   Stunned, worth the most points; if the thrower eats him he drops beside the thrower
   as a Casualty. The landing event (2D6) follows at once, unless the match is a first
   match. A thrower who fails first (Bone Head...) leaves the throw for later: the
   turns go on, nobody Touches the Stooge, and each of the attacker's turns opens with
   the throw while a thrower stands beside him (:func:`ready_throwers`).
3. The teams take turns. Actions are :class:`Move`, :class:`Block`, :class:`Blitz`,
   :class:`Touch` (with ``blitz=True`` it is the team's Blitz), :class:`SecondHit` and
   :class:`EndTurn`. There are no turnovers. Each team has one Blitz a turn and may use
   one team re-roll a turn. Nobody but the attacker's Whackers and Goon may hit the Stooge.
4. The arc ends when the Stooge scores (see :mod:`bbcore_skurling.touch`) or when the
   attacker's last turn ends: eight, or nine after a Time-Out.

The attacker's sidelines limited per match come with their uses left
(``ArcState.sidelines``, kept by the match): the one that re-rolls the landing event (the
Skip, :mod:`bbcore_skurling.landing`); the one that clears the Stooge's path before a
Touch (the Brushmaster): a standing defender on the first square the Stooge would enter
is moved aside, perpendicular to the Touch's direction, by its ``squares``, onto a free
square (the coach picks through ``Decisions.push_square`` when there are two); and the
one that re-rolls a failed test of its ``tests`` while the hitter moves for a Touch (the
Drillmaster), offered through the core's extra re-rolls of
:func:`~bbcore.rules.movement.move` (``Decisions.use_skill`` asked with its id). The
Brushmaster is offered only when the face moves the Stooge, and its use is not spent when
no defender is in the way or no square is free. Each use is asked through
:meth:`ArcChoices.use_sideline` (the Drillmaster's through ``use_skill``) and recorded as a
``sideline`` event.

The attacker's sponsors' tools not yet used this match come too (``ArcState.tools``,
:mod:`bbcore_skurling.tools`): those declared with the opening throw (``Throw.tools``:
a modifier to the throw, or a re-roll for the arc), one offered at the Cuddler's catch,
at a Ding-Dong throw or before an armour roll against the Stooge (:meth:`ArcChoices.use_tool`), one
offered on a failed Rush of the attacker's player it would save (the core's extra
bonuses, ``Decisions.use_skill`` asked with its id), and one offered in a landing-event
roll-off (:mod:`bbcore_skurling.landing`). Each is used once and recorded as a ``tool``
event.

The numbers come from ``data/rules/arc.yaml`` (:func:`~bbcore_skurling.arc_rules.arc_rules`)
and the ``skurling/touch`` table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, cast

import attrs
from attrs import field, frozen

from bbcore.dice import roll_dice, roll_on_table
from bbcore.errors import UsageError
from bbcore.rules.activation import activation_test, bite, needs_activation_test, thralls_to_bite
from bbcore.rules.block import block
from bbcore.rules.board import Board, PlayerState, Square, Status, adjacent, clear_turn_uses, player_from_position, step
from bbcore.rules.conditions import table_row
from bbcore.rules.decisions import checked_choice, checked_index
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import Harm, hit_by, knock_down, roll_armour, treatment_from
from bbcore.rules.movement import MoveProgress, max_rushes, move, pay_for_block
from bbcore.rules.rerolls import TEAM_REROLL, ExtraBonus, ExtraReroll
from bbcore.rules.ttm import pass_range, throw_team_mate
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.building_rules import building_rules
from bbcore_skurling.conditions import dress, without
from bbcore_skurling.headliners import Headliner
from bbcore_skurling.reach import allowance, reachable, walking_allowance
from bbcore_skurling.sidelines import BEFORE_TOUCH, CLEAR_PATH, REROLL, SIDELINE_EVENT, TOUCH_MOVE, Sideline, ready_sideline, sidelines_at
from bbcore_skurling.tools import (
    BEFORE_THROW,
    CUDDLER_CATCH,
    DING_DONG_THROW,
    STOOGE_ARMOUR,
    TOOL_EVENT,
    rush_bonuses,
    tool,
    tool_bonus,
    tool_moments,
    tool_rerolls,
    tools_at,
)
from bbcore_skurling.touch import DIRECTIONS, Run, drive_stooge, face_effect, in_destination, lay_down, touch_dice

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.model.common import Effect
    from bbcore.model.table import Row
    from bbcore.rules.decisions import Decisions
    from bbcore.ruleset import Ruleset
    from bbcore.teams.profiles import PlayerProfile

#: The table role of the landing events, and the ids of the rows the arc itself acts on.
LANDING_EVENTS_ROLE = "landing-events"

#: The phases of an arc, in order.
THROW, PLAY, OVER = "throw", "play", "over"

#: The roles the attacker hands out.
STOOGE, WHACKER, GOON, CUDDLER = "stooge", "whacker", "goon", "cuddler"
HITTERS = (WHACKER, GOON)


class ArcChoices(Protocol):
    """The questions of an arc that Blood Bowl never asks."""

    def ding_dong_target(self, team: str, cuddler: str, targets: Sequence[str]) -> str | None:
        """After the Cuddler's catch: the defender to aim the Ding-Dong at, or None to keep the catch bonus."""
        ...

    def use_inducement(self, team: str, inducement: str, situation: str) -> bool:
        """Whether ``team`` spends a use of ``inducement`` now (``situation`` says on what)."""
        ...

    def reroll_touch(self, team: str, hitter: str, faces: Sequence[str]) -> bool:
        """Whether to re-roll the block dice of a Touch showing ``faces`` (a team re-roll, or an inducement's)."""
        ...

    def touch_direction(self, team: str, hitter: str, face: str, squares: int, directions: Sequence[str], board: Board) -> str:
        """Once the Touch's face is picked: which of ``directions`` the hitter sends the Stooge, ``squares`` squares, on
        ``board`` as it stands then (a hitter who moved for the Touch stands where he moved to). Asked only when the
        face moves him and the Touch did not name a direction."""
        ...

    def use_sideline(self, team: str, sideline: str, situation: str) -> bool:
        """Whether ``team`` spends a use of ``sideline`` now; ``situation`` says what is at stake
        (the landing event rolled, for a re-roll of it; the defender in the way, for clearing the Stooge's path)."""
        ...

    def use_tool(self, team: str, tool: str, situation: str) -> bool:
        """Whether ``team`` uses its sponsor's ``tool`` now (``situation`` names the moment: ``cuddler-catch``,
        ``ding-dong-throw``, ``stooge-armour``, ``landing-contest``). Asked only when the team holds that tool."""
        ...


class KeepTheCatch:
    """The cautious default: never go for the Ding-Dong; spend an inducement or a sideline whenever it is offered;
    send the Stooge straight on."""

    def ding_dong_target(self, team: str, cuddler: str, targets: Sequence[str]) -> str | None:
        return None

    def use_inducement(self, team: str, inducement: str, situation: str) -> bool:
        return True

    def reroll_touch(self, team: str, hitter: str, faces: Sequence[str]) -> bool:
        """Re-roll only when no face would move the Stooge and keep the hitter on his feet."""
        return all(face == "player-down" for face in faces)

    def touch_direction(self, team: str, hitter: str, face: str, squares: int, directions: Sequence[str], board: Board) -> str:
        """Straight on."""
        return directions[0]

    def use_sideline(self, team: str, sideline: str, situation: str) -> bool:
        return True

    def use_tool(self, team: str, tool: str, situation: str) -> bool:
        return True


@frozen
class MovingOn:
    """A player whose Blitz (or Second Hit on the move) has made its block and who may still move: what he has spent."""

    player: str
    progress: MoveProgress


def _frozen_map(value: Mapping[str, str]) -> Mapping[str, str]:
    # A read-only view is kept as it is: the arc is copied at every action, its roles never change.
    return value if isinstance(value, MappingProxyType) else MappingProxyType(dict(value))


def _frozen_counts(value: Mapping[str, int]) -> Mapping[str, int]:
    return value if isinstance(value, MappingProxyType) else MappingProxyType(dict(value))


@frozen(slots=False)  # a plain __dict__, for evolve_arc
class ArcState:
    """Everything about an arc in progress.

    ``teams`` are the two team keys on the board, attacker first. ``turn`` counts the
    attacker's turns; ``active`` is the team whose turn it is. ``rerolls`` are the team
    re-rolls each team has left (attacker, defender), carried over from the match.
    ``sidelines`` are the uses the attacker has left of its sidelines limited per match,
    ``tools`` the attacker's sponsors' tools not yet used this match.
    ``state`` is the Stooge's state; ``points`` what the arc scored once it is over.
    ``moving_on`` is set between a Blitz's block and the next action: that player may
    still move on (:class:`MoveOn`) with what his activation has left.
    """

    number: int
    teams: tuple[str, str]
    board: Board
    roles: Mapping[str, str] = field(converter=_frozen_map)
    stooge: str
    phase: str = THROW
    state: str = ""
    turn: int = 1
    active: str = ""
    turns_allowed: int = 0
    activated: frozenset[str] = frozenset()
    blitz_used: bool = False
    reroll_used: bool = False
    second_hits: int = 0
    rerolls: tuple[int, int] = (0, 0)
    landing_events: bool = True
    weather: str | None = None
    inducements: Mapping[str, int] = field(factory=dict, converter=_frozen_counts)
    sidelines: Mapping[str, int] = field(factory=dict, converter=_frozen_counts)
    tools: tuple[str, ...] = ()
    helmet_allowed: bool = False
    helmet: str | None = None
    helmet_rolled: bool = False
    fan_factors: tuple[int, int] = (0, 0)
    owed_bite: str | None = None
    moving_on: MovingOn | None = None
    points: int = 0
    caught: bool = False
    ding_dong: bool = False
    scored: bool = False
    events: tuple[Event, ...] = ()

    @property
    def attacker(self) -> str:
        return self.teams[0]

    @property
    def defender(self) -> str:
        return self.teams[1]

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def role_of(self, player_id: str) -> str | None:
        return self.roles.get(player_id)

    def players_with_role(self, role: str) -> list[str]:
        return [pid for pid, r in self.roles.items() if r == role]

    def rerolls_of(self, team: str) -> int:
        return self.rerolls[self.teams.index(team)]

    def has_inducement(self, inducement: str) -> bool:
        """Whether the attacker has a use of ``inducement`` left (inducements are for attack only)."""
        return self.inducements.get(inducement, 0) > 0

    def ready_sideline(self, ruleset: Ruleset, moment: str, does: str) -> Sideline | None:
        """The attacker's first sideline with a use left that does ``does`` at ``moment``, or None."""
        return ready_sideline(ruleset, self.sidelines, moment, does)


#: The arc's fields that take a converter, with it: a copy runs only those that change.
_CONVERTED: dict[str, Callable[[Any], Any]] = {
    f.name: cast("Callable[[Any], Any]", f.converter) for f in attrs.fields(ArcState) if f.converter
}


def evolve_arc(arc: ArcState, **changes: Any) -> ArcState:
    """``attrs.evolve`` for the arc, made cheap: the arc is copied several times in every action.

    The arc keeps its fields in a plain ``__dict__`` (not slots) for this: the copy takes the
    old one whole and the changes over it, running the converters of the fields that change.
    """
    unknown = changes.keys() - arc.__dict__.keys()
    if unknown:
        raise TypeError(f"ArcState has no field {', '.join(sorted(unknown))}")
    for name in changes.keys() & _CONVERTED.keys():
        changes[name] = _CONVERTED[name](changes[name])
    copy = object.__new__(ArcState)
    state = copy.__dict__
    state.update(arc.__dict__)
    state.update(changes)
    return copy


# -- actions -------------------------------------------------------------------------------


@frozen
class Throw:
    """The opening throw: ``thrower`` throws the Stooge at ``target``.

    Declared with it: a Stooge ``helmet`` (a row id of the helmets table to choose one for
    the arc, or the ``roll`` word of the arc rules to roll one for the match) under the
    helmets extra rule, the inducements ``using`` that are put on before the throw, and the
    sponsors' ``tools`` used on it (those acting ``before-throw``, :mod:`bbcore_skurling.tools`).
    """

    thrower: str
    target: Square
    helmet: str | None = None
    using: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()


@frozen
class Move:
    player: str
    path: tuple[Square, ...]


@frozen
class Block:
    player: str
    target: str


@frozen
class Blitz:
    player: str
    target: str
    path: tuple[Square, ...] = ()


@frozen
class Touch:
    """A Whacker or the Goon hits the Stooge; a Blitz may move first.

    The hitter names the direction (straight, left or right) once the face is picked:
    ``direction`` None asks :meth:`ArcChoices.touch_direction` then. A tracker recording a
    Touch already played at the table may give the direction chosen there.
    """

    hitter: str
    direction: str | None = None
    blitz: bool = False
    path: tuple[Square, ...] = ()


@frozen
class SecondHit:
    """Once an arc, a fresh Whacker with Throw Team-mate hits a Stooge who is a Casualty; not the team's Blitz."""

    hitter: str
    direction: str | None = None
    path: tuple[Square, ...] = ()


@frozen
class MoveOn:
    """After his block, the player who Blitzed moves on with the movement his activation has left."""

    player: str
    path: tuple[Square, ...]


@frozen
class EndTurn:
    pass


Action = Throw | Move | Block | Blitz | Touch | SecondHit | MoveOn | EndTurn


# -- set-up --------------------------------------------------------------------------------


@frozen
class Miniature:
    """A player of a team as the arc places them: id, ``roster/position`` and any skills gained.

    A Headliner plays with his own profile (``headliner``); his ``position`` is then his
    Headliner id, which names no roster position. A league miniature whose advancements,
    lasting injuries or gained skills changed him plays with his ``profile`` as it is now
    (:func:`bbcore.teams.profiles.current_profile`).
    """

    id: str
    position: str
    skills: Mapping[str, int | str | None] = field(factory=dict)
    headliner: Headliner | None = None
    profile: PlayerProfile | None = None

    def skill_ids(self, ruleset: Ruleset) -> frozenset[str]:
        """The skills and traits the miniature plays with: his profile's (his position's, or his Headliner's) and those gained."""
        if self.profile is not None:
            return frozenset(self.profile.skills) | frozenset(self.skills)
        refs = self.headliner.skills if self.headliner is not None else ruleset.position(self.position).skills
        return frozenset(ref.id for ref in refs) | frozenset(self.skills)

    def has(self, ruleset: Ruleset, skill: str) -> bool:
        """Whether the miniature plays with ``skill`` (:meth:`skill_ids`)."""
        return skill in self.skill_ids(ruleset)

    def player_state(self, ruleset: Ruleset, team: str, square: Square | None) -> PlayerState:
        """The miniature on the board, standing on ``square``."""
        own = self.profile
        if own is not None:
            skills = dict(own.skills) | dict(self.skills)
            return PlayerState(self.id, team, own.ma, own.st, own.ag, own.pa, own.av, skills, square, position=self.position)
        guest = self.headliner
        if guest is None:
            return player_from_position(ruleset, self.id, team, self.position, square, extra_skills=self.skills)
        skills = {ref.id: ref.value for ref in guest.skills} | dict(self.skills)
        return PlayerState(self.id, team, guest.ma, guest.st, guest.ag, guest.pa, guest.av, skills, square)


def set_up(
    ruleset: Ruleset,
    number: int,
    attacker: tuple[str, Sequence[Miniature]],
    defender: tuple[str, Sequence[Miniature]],
    roles: Mapping[str, str],
    placements: Mapping[str, Square],
    *,
    rerolls: tuple[int, int] = (0, 0),
    landing_events: bool = True,
    weather: str | None = None,
    conditions: Mapping[str, int] | None = None,
    inducements: Mapping[str, int] | None = None,
    sidelines: Mapping[str, int] | None = None,
    tools: Sequence[str] = (),
    helmet_allowed: bool = False,
    helmet: str | None = None,
    fan_factors: tuple[int, int] = (0, 0),
    require_thrower: bool = True,
) -> ArcState:
    """Place both teams for an arc and check the set-up rules; raise ``UsageError`` listing every fault.

    ``roles`` gives a role to each attacking player; ``placements`` a square to every
    player who takes the field (the attacker's five, the defender's four). The attacker
    plays towards the higher x of the lane. ``conditions`` are the lane's test modifiers
    (:mod:`bbcore_skurling.conditions`); ``inducements`` the attacker's uses left, and
    ``sidelines`` those of its sidelines limited per match, ``tools`` its sponsors' tools not
    yet used; ``helmet_allowed`` whether the
    attacker may still declare a helmet this match, and ``helmet`` a helmet the Stooge
    wears for the whole match (a rolled one). ``require_thrower`` false lets a league team
    whose throwers are all hurt take the field anyway: with nobody to make the opening
    throw its turns pass, and the arc scores nothing.
    """
    rules = arc_rules(ruleset)
    (attack_key, attackers), (defence_key, defenders) = attacker, defender
    faults: list[str] = []
    # Only those who take the field need a role: a league team's others wait on the bench.
    attacking_ids = {m.id for m in attackers if m.id in placements}
    counts = {role: sum(1 for pid in attacking_ids if roles.get(pid) == role) for role in rules.roles.counts()}
    for role, wanted in rules.roles.counts().items():
        if counts[role] != wanted:
            faults.append(f"the attacker needs {wanted} {role}(s), not {counts[role]}")
    for pid in attacking_ids - set(roles):
        faults.append(f"{pid} has no role")
    for pid, role in roles.items():
        if pid not in attacking_ids:
            faults.append(f"{pid} is given a role but is not an attacking player")
        elif role not in rules.roles.counts():
            faults.append(f"{pid}: unknown role {role!r}")
    players: list[PlayerState] = []
    for team, minis in ((attack_key, attackers), (defence_key, defenders)):
        for mini in minis:
            square = placements.get(mini.id)
            if square is None:
                continue
            players.append(mini.player_state(ruleset, team, square))
    board = attrs.evolve(Board.build(ruleset.pitch, players, home=attack_key, away=defence_key), conditions=conditions or {})
    faults.extend(_placement_faults(ruleset, board, roles, attacking_ids, {m.id for m in defenders}, placements))
    building = building_rules(ruleset)
    stooges = [pid for pid, role in roles.items() if role == STOOGE]
    if stooges and not board.players.get(stooges[0], None):
        faults.append(f"the Stooge {stooges[0]} is not placed")
    elif stooges and not board.player(stooges[0]).has(building.stooge_skill):
        faults.append(f"the Stooge {stooges[0]} must have {ruleset.skill_display(building.stooge_skill)}")
    light = sorted(pid for pid in attacking_ids if pid in board.players and board.player(pid).has(building.stooge_skill))
    if len(light) > 1:
        faults.append(f"only the Stooge may have {ruleset.skill_display(building.stooge_skill)}, not {', '.join(light)}")
    # One Right Stuff miniature on the pitch at a time: the defenders' own Stooge waits on the bench.
    benched = sorted(p.id for p in board.team_players(defence_key) if p.has(building.stooge_skill))
    if benched:
        skill = ruleset.skill_display(building.stooge_skill)
        faults.append(f"the defenders may not field {', '.join(benched)}: {skill}, and only the attacker's Stooge may be on the lane")
    for pid, role in roles.items():
        barred = [s for s in building.never_cuddler_skills if role == CUDDLER and pid in board.players and board.player(pid).has(s)]
        if barred:
            faults.append(f"{pid} has {ruleset.skill_display(barred[0])} and cannot catch, so may not be the Cuddler")
    throwers = [
        pid for pid, role in roles.items() if role == WHACKER and pid in board.players and board.player(pid).has(building.thrower_skill)
    ]
    if require_thrower and not throwers:
        faults.append("at least one Whacker must have Throw Team-mate")
    if faults:
        raise UsageError("; ".join(faults))
    placed = sorted(pid for pid in placements if pid in {m.id for m in defenders})
    event = Event(
        "arc-set-up", attack_key, (), "set-up", {"number": number, "roles": dict(roles), "defender": defence_key, "defenders": placed}
    )
    # The Stooge is the ball: no push ever moves him, so a chain push stops at him and never sends him into the crowd.
    board = board.with_player(attrs.evolve(board.player(stooges[0]), anchored=True))
    if helmet is not None:
        board = board.with_player(dress(ruleset, board.player(stooges[0]), helmet_row(ruleset, helmet).effects))
    return ArcState(
        number=number,
        teams=(attack_key, defence_key),
        board=board,
        roles=roles,
        stooge=stooges[0],
        active=attack_key,
        turns_allowed=rules.turns_per_arc,
        rerolls=rerolls,
        landing_events=landing_events,
        weather=weather,
        inducements=inducements or {},
        sidelines=sidelines or {},
        tools=tuple(tools),
        helmet_allowed=helmet_allowed,
        helmet=helmet,
        helmet_rolled=helmet is not None,
        fan_factors=fan_factors,
        events=(event,),
    )


def _placement_faults(
    ruleset: Ruleset, board: Board, roles: Mapping[str, str], attacking: set[str], defending: set[str], placements: Mapping[str, Square]
) -> list[str]:
    rules = arc_rules(ruleset)
    faults: list[str] = []
    last = board.pitch.length - 1
    half = board.pitch.length // 2
    taken: dict[Square, str] = {}
    for pid, placed_on in placements.items():
        if not board.geometry.on_pitch(placed_on):
            faults.append(f"{pid} is placed off the lane at {placed_on}")
        if placed_on in taken:
            faults.append(f"{pid} and {taken[placed_on]} are placed on the same square {placed_on}")
        taken[placed_on] = pid
    for pid in attacking:
        square = placements.get(pid)
        role = roles.get(pid)
        if square is None:
            faults.append(f"the attacking {role or 'player'} {pid} is not placed")
        elif role in (STOOGE, WHACKER) and square[0] != 0:
            faults.append(f"the {role} {pid} must start in the starting end zone (x = 0)")
        elif role == GOON and square[0] != half:  # a provisional reading: arc.yaml's start_squares
            faults.append(f"the Goon {pid} must start on the first square past the line of scrimmage (x = {half})")
        elif role == CUDDLER and square[0] != last:
            faults.append(f"the Cuddler {pid} must start in the destination end zone (x = {last})")
    # The opening throw is the arc's first action, and a team-mate is thrown only from beside him: a set-up without a
    # thrower next to the Stooge could never start.
    stooge = next((placements[pid] for pid in attacking if roles.get(pid) == STOOGE and pid in placements), None)
    throwers = [
        placements[pid]
        for pid in attacking
        if roles.get(pid) == WHACKER and pid in placements and pid in board.players and board.player(pid).has("throw-team-mate")
    ]
    if stooge is not None and throwers and not any(adjacent(square, stooge) for square in throwers):
        faults.append(f"a Whacker with Throw Team-mate must start next to the Stooge (at {stooge}) to make the opening throw")
    placed = [pid for pid in defending if pid in placements]
    if len(placed) != rules.setup.defenders:
        faults.append(f"the defender places {rules.setup.defenders} players, not {len(placed)}")
    for pid in placed:
        if placements[pid][0] < half:
            faults.append(f"the defender {pid} must set up on their side of the line of scrimmage (x >= {half})")
    goons = [pid for pid in attacking if roles.get(pid) == GOON and pid in placements]
    if goons:
        gx, gy = placements[goons[0]]
        front = (gx + rules.setup.in_front_of_goon, gy)
        if not any(placements[pid] == front for pid in placed):
            faults.append(f"a defender must stand right in front of the Goon, at {front}")
    return faults


# -- applying actions ----------------------------------------------------------------------


def apply(
    ruleset: Ruleset,
    arc: ArcState,
    action: Action,
    dice: DiceSource,
    decisions: Decisions,
    choices: ArcChoices | None = None,
) -> ArcState:
    """The arc after ``action``; raise ``UsageError`` if the rules do not allow it now."""
    if arc.over:
        raise UsageError(f"arc {arc.number} is over")
    choices = choices or KeepTheCatch()
    if arc.phase == THROW:
        _check_before_the_throw(arc, action)
    if arc.moving_on is not None and not isinstance(action, MoveOn):
        # Anything else ends the Blitz: its player's activation is over, and a bite he owes is paid now.
        arc = _pay_the_bite(ruleset, evolve_arc(arc, moving_on=None), dice, decisions)
    if isinstance(action, EndTurn):
        owed = displaced_cuddler(ruleset, arc)
        if owed is not None:
            raise UsageError(f"the Cuddler {owed} is out of the end zone: he must move back into it before the turn ends")
        return _end_turn(arc)
    if isinstance(action, MoveOn):
        after = _move_on(ruleset, arc, action, dice, decisions)
    elif isinstance(action, Throw):
        after = _throw(ruleset, arc, action, dice, decisions, choices)
    elif isinstance(action, Move):
        after = _move(ruleset, arc, action, dice, decisions)
    elif isinstance(action, Block | Blitz):
        after = _block(ruleset, arc, action, dice, decisions)
    elif isinstance(action, Touch | SecondHit):
        after = _touch(ruleset, arc, action, dice, decisions, choices)
    else:
        raise UsageError(f"not an arc action: {action!r}")
    if after.moving_on is not None:
        return after  # the Blitz may still move on: its activation, and any bite owed, end later
    return _pay_the_bite(ruleset, after, dice, decisions)


def ready_throwers(arc: ArcState) -> list[str]:
    """The attacker's Whackers who may make the opening throw now: Throw Team-mate, standing beside the Stooge, not
    yet activated this turn (only while the throw has not been made)."""
    if arc.phase != THROW or arc.active != arc.attacker:
        return []
    stooge = arc.board.player(arc.stooge).square
    found = []
    for pid, role in arc.roles.items():
        player = arc.board.player(pid)
        if role != WHACKER or pid in arc.activated or not player.standing or player.square is None or stooge is None:
            continue
        if player.has("throw-team-mate") and adjacent(player.square, stooge):
            found.append(pid)
    return found


def _check_before_the_throw(arc: ArcState, action: Action) -> None:
    """Until the Stooge is thrown nobody Touches him, and each of the attacker's turns opens with the throw while a
    Whacker can make it. Once a thrower has failed (Bone Head...), the turn goes on, and so does the defender's."""
    if isinstance(action, Touch | SecondHit):
        raise UsageError("the Stooge has not been thrown yet: nobody Touches him before the opening throw")
    if isinstance(action, Throw) or arc.activated:
        return  # the End Turn too waits for the throw
    if ready_throwers(arc):
        raise UsageError("the attacker's turn opens with the opening throw while one of his Whackers can make it")


def _pay_the_bite(ruleset: Ruleset, arc: ArcState, dice: DiceSource, decisions: Decisions) -> ArcState:
    """At the end of an activation, a player who failed Bloodlust bites an adjacent Thrall, or becomes Distracted.

    There are no turnovers in Skurling: a bite that would end a Blood Bowl turn does not end this one.
    """
    if arc.owed_bite is None:
        return arc
    biter = arc.owed_bite
    arc = evolve_arc(arc, owed_bite=None)
    if arc.over or biter not in arc.board.players or not arc.board.player(biter).on_pitch:
        return arc
    thralls = thralls_to_bite(ruleset, arc.board, biter)
    bitten = checked_choice(decisions.team_mate(biter, "bite", thralls), thralls, question="team-mate", who=biter) if thralls else None
    return _record(arc, bite(ruleset, arc.board, biter, bitten, dice, decisions))


def _record(arc: ArcState, outcome: Outcome, **changes: object) -> ArcState:
    """Fold an outcome into the arc, spending the team re-rolls and the tools (extra bonuses) its events used."""
    if arc.tools:
        arc = _spend_helping_tools(arc, outcome.events)
    used = sum(1 for e in outcome.events if e.kind == TEAM_REROLL and e.result == "used")
    rerolls = arc.rerolls
    if used:
        index = arc.teams.index(arc.active)
        left = list(rerolls)
        left[index] = max(0, left[index] - used)
        rerolls = (left[0], left[1])
    return evolve_arc(
        arc,
        board=outcome.board,
        events=arc.events + outcome.events,
        rerolls=rerolls,
        reroll_used=arc.reroll_used or bool(used),
        **changes,
    )


def spend_tool(arc: ArcState, tool_id: str, **detail: object) -> ArcState:
    """Take the attacker's ``tool`` off (one of them, if its sponsors gave two) and record a ``tool`` event."""
    left = list(arc.tools)
    left.remove(tool_id)
    return evolve_arc(arc, tools=tuple(left), events=(*arc.events, Event(TOOL_EVENT, arc.attacker, (), tool_id, dict(detail))))


def _spend_helping_tools(arc: ArcState, events: Sequence[Event]) -> ArcState:
    """Spend the tools that the core used as extra bonuses on a roll (``helped_by`` on its test event)."""
    for event in events:
        helper = event.detail.get("helped_by")
        if helper in arc.tools:
            arc = spend_tool(arc, str(helper), on=event.kind, player=event.who)
    return arc


def _rush_bonuses(ruleset: Ruleset, arc: ArcState, player_id: str) -> tuple[ExtraBonus, ...]:
    """The attacker's tools that may save a Rush of ``player_id``: only his own players', on his own turns."""
    if not arc.tools or arc.active != arc.attacker or arc.board.player(player_id).team != arc.attacker:
        return ()
    return rush_bonuses(ruleset, arc.tools)


def reroll_available(ruleset: Ruleset, arc: ArcState) -> int:
    """How many team re-rolls the active team may still spend this turn (the per-turn cap counts)."""
    if arc.reroll_used or arc_rules(ruleset).team_rerolls_per_turn < 1:
        return 0
    return min(arc.rerolls_of(arc.active), arc_rules(ruleset).team_rerolls_per_turn)


def _actor(arc: ArcState, player_id: str) -> PlayerState:
    if player_id not in arc.board.players:
        raise UsageError(f"{player_id} is not on the lane")
    player = arc.board.player(player_id)
    if player.team != arc.active:
        raise UsageError(f"{player_id} cannot act: it is {arc.active}'s turn")
    if player_id in arc.activated:
        raise UsageError(f"{player_id} has already acted this turn")
    if player_id == arc.stooge:
        raise UsageError("the Stooge does not act: he is the ball")
    if not player.on_pitch:
        raise UsageError(f"{player_id} is {player.status.value} and cannot act")
    return player


def _activate(
    ruleset: Ruleset, arc: ArcState, player: PlayerState, kind: str, dice: DiceSource, decisions: Decisions
) -> tuple[ArcState, bool]:
    """The player's activation tests (Bone Head, Really Stupid...) for a declared action of ``kind``.

    Returns the arc after them and whether the action goes on. A player who fails has
    used their activation; there are no turnovers.
    """
    if not needs_activation_test(player, ruleset) and player.tackle_zone:
        return arc, True
    result = activation_test(ruleset, arc.board, player.id, kind, dice, decisions, team_reroll=reroll_available(ruleset, arc))
    arc = _record(arc, result.outcome)
    if "bite" in result.pending:
        arc = evolve_arc(arc, owed_bite=player.id)
    if not result.may_act:
        arc = evolve_arc(arc, activated=arc.activated | {player.id})
    return arc, result.may_act


def _throw(ruleset: Ruleset, arc: ArcState, action: Throw, dice: DiceSource, decisions: Decisions, choices: ArcChoices) -> ArcState:
    if arc.phase != THROW:
        raise UsageError("the opening throw has been made")
    thrower = _actor(arc, action.thrower)
    if arc.role_of(thrower.id) != WHACKER or not thrower.has("throw-team-mate"):
        raise UsageError(f"{thrower.id} cannot make the opening throw: only a Whacker with Throw Team-mate can")
    _check_declarations(ruleset, arc, action)
    arc, goes_on = _activate(ruleset, arc, thrower, "throw-team-mate", dice, decisions)
    if not goes_on:
        return arc
    arc, instant = _before_the_throw(ruleset, arc, action, dice)
    board = _with_throw_modifier(arc.board, thrower.id, arc.board.player(arc.stooge).modifiers.get("throw-team-mate", 0))
    # However the Stooge comes down he starts the arc Stunned, so nothing is rolled to hurt him where he lands,
    # and a fumbled throw leaves him with the thrower.
    outcome = throw_team_mate(
        ruleset,
        board,
        thrower.id,
        arc.stooge,
        action.target,
        dice,
        decisions,
        team_reroll=reroll_available(ruleset, arc),
        landing_harm=False,
        fumble_drops=False,
    )
    outcome = attrs.evolve(outcome, board=_restore_after_throw(outcome.board, thrower.id, arc.stooge, board, arc.board, instant))
    eaten = any(e.kind == "eaten" and e.who == arc.stooge for e in outcome.events)
    fumbled = any(e.kind == "thrown-player-stays" and e.who == arc.stooge for e in outcome.events)
    rules = arc_rules(ruleset)
    state = rules.states[-1].id if eaten else rules.first_state
    if eaten:
        board = lay_down(outcome.board, arc.stooge, thrower.square or action.target)
    elif fumbled:
        board = lay_down(outcome.board, arc.stooge, arc.board.player(arc.stooge).square or action.target)
        stays = Event("throw-fumbled", arc.stooge, (), "stays-with-thrower", {"thrower": thrower.id})
        outcome = Outcome(outcome.board, (*outcome.events, stays))
    else:
        board = lay_down(outcome.board, arc.stooge, _where_he_came_down(outcome, arc.stooge, action.target))
    square = board.player(arc.stooge).square
    landed = Event("stooge-lands", arc.stooge, (), state, {"square": list(square) if square else None, "eaten": eaten})
    arc = _record(arc, Outcome(board, (*outcome.events, landed)), phase=PLAY, state=state, activated=arc.activated | {thrower.id})
    if arc.landing_events:
        arc = _landing_event(ruleset, arc, dice, decisions, choices)
    return arc


def _check_declarations(ruleset: Ruleset, arc: ArcState, action: Throw) -> None:
    """Refuse a helmet or an inducement the throw may not declare, before any die is rolled."""
    rules = arc_rules(ruleset)
    if action.helmet is not None:
        if not arc.helmet_allowed:
            raise UsageError("no helmet now: the helmets extra rule is off, it is a Throwback Night, or this team has had its helmet")
        if action.helmet != rules.helmets.roll:
            helmet_row(ruleset, action.helmet)
    left = dict(arc.inducements)
    for inducement in action.using:
        if inducement not in rules.inducements.before_throw:
            raise UsageError(f"{inducement} is not put on before the opening throw")
        if left.get(inducement, 0) < 1:
            raise UsageError(f"{arc.attacker} has no use of {inducement} left")
        left[inducement] -= 1
    tools = list(arc.tools)
    for tool_id in action.tools:
        if tool_id not in tools:
            raise UsageError(f"{arc.attacker} has no {tool_id} left to use")
        if BEFORE_THROW not in tool_moments(tool(ruleset, tool_id)):
            raise UsageError(f"{tool_id} is not used on the opening throw")
        tools.remove(tool_id)


def _before_the_throw(ruleset: Ruleset, arc: ArcState, action: Throw, dice: DiceSource) -> tuple[ArcState, dict[str, int]]:
    """Put on the declared helmet and the inducements used before the throw.

    Returns the arc and the Stooge's modifiers that last only for the throw (an
    ``instant`` effect), to take off again once he is down.
    """
    rules = arc_rules(ruleset)
    events: list[Event] = []
    stooge = arc.board.player(arc.stooge)
    effects: list[Effect] = []
    changes: dict[str, object] = {}
    # _check_declarations has refused what may not be declared before any die was rolled.
    if action.helmet is not None:
        rolled = action.helmet == rules.helmets.roll
        if rolled:
            result = roll_on_table(ruleset.table(rules.helmets.table), dice)
            row, rolls = result.row, result.rolls
        else:
            row, rolls = helmet_row(ruleset, action.helmet), ()
        effects.extend(row.effects)
        changes.update(helmet=row.id, helmet_rolled=rolled, helmet_allowed=False)
        events.append(Event("helmet", arc.stooge, rolls, row.id, {"rolled": rolled, "lasts": "match" if rolled else "arc"}))
    left = dict(arc.inducements)
    for inducement in action.using:
        left[inducement] -= 1
        effects.extend(ruleset.inducements[inducement].effects)
        events.append(Event("inducement", arc.attacker, (), inducement, {"on": arc.stooge}))
    tools, rerolls = list(arc.tools), list(arc.rerolls)
    for tool_id in action.tools:
        tools.remove(tool_id)
        effects.extend(e for e in tool(ruleset, tool_id).effects if e.modifier is not None)
        # A tool's re-roll is the arc's only: the match drops what is left of it when the arc ends.
        rerolls[0] += tool_rerolls(ruleset, tool_id)
        events.append(Event(TOOL_EVENT, arc.attacker, (), tool_id, {"on": BEFORE_THROW}))
    if action.tools:
        changes.update(tools=tuple(tools), rerolls=(rerolls[0], rerolls[1]))
    instant: dict[str, int] = {}
    for effect in effects:
        if effect.modifier is not None and effect.duration == "instant":
            instant[effect.modifier] = instant.get(effect.modifier, 0) + (effect.by or 0)
    board = arc.board.with_player(dress(ruleset, stooge, effects))
    return evolve_arc(arc, board=board, inducements=left, events=arc.events + tuple(events), **changes), instant


def helmet_row(ruleset: Ruleset, helmet: str) -> Row:
    """A helmet of the helmets table by row id."""
    row = table_row(ruleset, arc_rules(ruleset).helmets.table, helmet)
    if row is None:
        known = ", ".join(r.id for r in ruleset.table(arc_rules(ruleset).helmets.table).rows)
        raise UsageError(f"unknown helmet {helmet!r}; the helmets are {known}, or {arc_rules(ruleset).helmets.roll!r} to roll one")
    return row


def _with_throw_modifier(board: Board, thrower: str, by: int) -> Board:
    """The board with a throw-team-mate modifier lent to the thrower for one throw (the thrown player's, an inducement's)."""
    if not by:
        return board
    player = board.player(thrower)
    modifiers = dict(player.modifiers)
    modifiers["throw-team-mate"] = modifiers.get("throw-team-mate", 0) + by
    return board.with_player(attrs.evolve(player, modifiers=modifiers))


def _restore_after_throw(board: Board, thrower: str, stooge: str, lent: Board, before: Board, instant: Mapping[str, int]) -> Board:
    """Give the thrower back their own modifiers and take the Stooge's one-throw modifiers off."""
    if thrower in board.players and lent.player(thrower).modifiers != before.player(thrower).modifiers:
        board = board.with_player(attrs.evolve(board.player(thrower), modifiers=before.player(thrower).modifiers))
    if instant:
        board = board.with_player(without(board.player(stooge), instant))
    return board


def _where_he_came_down(outcome: Outcome, stooge: str, target: Square) -> Square:
    """The last square on the pitch the thrown Stooge reached, read from the throw's events."""
    square = target
    for event in outcome.events:
        if event.who != stooge:
            continue
        for key in ("to", "square", "from"):
            value = event.detail.get(key)
            if isinstance(value, list) and len(value) == 2 and outcome.board.geometry.on_pitch((value[0], value[1])):
                square = (value[0], value[1])
                break
    return square


def _landing_event(ruleset: Ruleset, arc: ArcState, dice: DiceSource, decisions: Decisions, choices: ArcChoices) -> ArcState:
    """Roll on the landing events and resolve the row (:mod:`bbcore_skurling.landing`)."""
    from bbcore_skurling.landing import LandingChoices, roll_landing_event  # noqa: PLC0415 - landing drives apply

    landing = choices if isinstance(choices, LandingChoices) else None
    fan_factors = dict(zip(arc.teams, arc.fan_factors, strict=True))
    return roll_landing_event(ruleset, arc, dice, decisions, landing, fan_factors, arc_choices=choices)


def _end_turn(arc: ArcState) -> ArcState:
    """End the active team's turn; after the attacker's last turn the arc is over, worth nothing."""
    board = arc.board
    for player in list(board.team_players(arc.active)):
        if player.status is Status.STUNNED and player.id != arc.stooge:
            board = board.with_player(attrs.evolve(player, status=Status.PRONE))
    board = clear_turn_uses(board)  # skills used so many times a turn (Shadowing) count afresh
    ended = Event("turn-ends", arc.active, (), "ended", {"turn": arc.turn})
    fresh = {"activated": frozenset(), "blitz_used": False, "reroll_used": False, "moving_on": None, "board": board}
    if arc.active == arc.attacker:
        if arc.turn >= arc.turns_allowed:
            over = Event("arc-ends", arc.attacker, (), "no-score", {"turns": arc.turn})
            return evolve_arc(arc, phase=OVER, events=(*arc.events, ended, over), **fresh)
        return evolve_arc(arc, active=arc.defender, events=(*arc.events, ended), **fresh)
    return evolve_arc(arc, active=arc.attacker, turn=arc.turn + 1, events=(*arc.events, ended), **fresh)


def displaced_cuddler(ruleset: Ruleset, arc: ArcState) -> str | None:
    """The attacker's Cuddler who was knocked out of the end zone and still owes his move back into it this turn.

    On the attacker's turn, a Cuddler out of the destination end zone who has not acted,
    stands or lies Prone, and has a square to go to must move back before the turn ends
    (:class:`EndTurn` is refused until he has been activated).
    """
    if arc.over or arc.active != arc.attacker:
        return None
    board = arc.board
    for pid, role in arc.roles.items():
        player = board.players.get(pid)
        if role != CUDDLER or player is None or pid in arc.activated or player.square is None or player.rooted:
            continue
        if player.status not in (Status.STANDING, Status.PRONE) or in_destination(board, player.square):
            continue
        if len(reachable(board, player, allowance(ruleset, player), cuddler=True)) > 1:
            return pid
    return None


def _check_cuddler_path(ruleset: Ruleset, arc: ArcState, player: PlayerState, path: Sequence[Square], *, walk: bool = True) -> None:
    """The Cuddler moves only along the destination end zone, or back towards it when knocked out of it; a ``walk`` (a
    Move) that can take him back in without a Rush must end in it."""
    if arc.role_of(player.id) != CUDDLER or player.square is None:
        return
    board = arc.board
    if in_destination(board, player.square):
        if not all(in_destination(board, square) for square in path):
            raise UsageError(f"the Cuddler {player.id} may move only along the end zone")
        return
    x = player.square[0]
    for square in path:
        if square[0] <= x and not in_destination(board, square):
            raise UsageError(f"the Cuddler {player.id} is out of the end zone and must move back into it")
        x = square[0]
    if walk and not in_destination(board, path[-1] if path else player.square):
        within = reachable(board, player, walking_allowance(ruleset, player), cuddler=True)
        if any(in_destination(board, square) for square in within):
            raise UsageError(f"the Cuddler {player.id} can get back into the end zone this turn: his move must end in it")


def _moved(
    ruleset: Ruleset,
    arc: ArcState,
    player: PlayerState,
    path: Sequence[Square],
    dice: DiceSource,
    decisions: Decisions,
    *,
    extra: Sequence[ExtraReroll] = (),
) -> ArcState:
    _check_cuddler_path(ruleset, arc, player, path)
    if path and arc.board.player(player.id).rooted:
        # Rooted by a failed Take Root test on this very activation: the player stays put.
        return evolve_arc(arc, events=(*arc.events, Event("rooted", player.id, (), "cannot-move", {"path": [list(s) for s in path]})))
    outcome = move(
        ruleset,
        arc.board,
        player.id,
        list(path),
        dice,
        decisions,
        team_reroll=reroll_available(ruleset, arc),
        extra_rerolls=extra,
        extra_bonuses=_rush_bonuses(ruleset, arc, player.id),
    )
    return _record(arc, outcome)


def _move(ruleset: Ruleset, arc: ArcState, action: Move, dice: DiceSource, decisions: Decisions) -> ArcState:
    player = _actor(arc, action.player)
    arc, goes_on = _activate(ruleset, arc, player, "move", dice, decisions)
    if not goes_on:
        return arc
    arc = _moved(ruleset, arc, arc.board.player(player.id), action.path, dice, decisions)
    return evolve_arc(arc, activated=arc.activated | {player.id})


def _block(ruleset: Ruleset, arc: ArcState, action: Block | Blitz, dice: DiceSource, decisions: Decisions) -> ArcState:
    player = _actor(arc, action.player)
    if arc.role_of(player.id) == CUDDLER and player.square is not None and not in_destination(arc.board, player.square):
        raise UsageError(f"the Cuddler {player.id} is out of the end zone: he must move back into it, not block")
    if action.target == arc.stooge:
        raise UsageError("nobody blocks the Stooge: his own team Touches him, the defenders may not hit him")
    target = arc.board.players.get(action.target)
    if target is None or target.team == player.team or not target.standing:
        raise UsageError(f"{action.player} cannot block {action.target}: not a standing opponent on the lane")
    blitz = isinstance(action, Blitz)
    if not blitz and (player.square is None or target.square is None or not adjacent(player.square, target.square)):
        raise UsageError(f"{player.id} must stand next to {target.id} to block")
    if isinstance(action, Blitz):
        arc = _use_blitz(ruleset, arc)
    arc, goes_on = _activate(ruleset, arc, player, "blitz" if blitz else "block", dice, decisions)
    if not goes_on:
        return arc
    start = len(arc.events)
    if isinstance(action, Blitz) and action.path:
        arc = _moved(ruleset, arc, arc.board.player(player.id), action.path, dice, decisions)
    player = arc.board.player(player.id)
    target = arc.board.player(action.target)
    arc = evolve_arc(arc, activated=arc.activated | {player.id})
    if not player.standing or _held_fast(arc, start, player.id) or (player.rooted and isinstance(action, Blitz) and action.path):
        return arc  # down on the way, held by Tentacles, or rooted before the first step: the activation ends
    if player.square is None or target.square is None or not adjacent(player.square, target.square):
        raise UsageError(f"{player.id} must stand next to {target.id} to block")
    progress = None
    if blitz:
        arc, progress = _pay_for_block(ruleset, arc, player.id, start, dice, decisions)
        if progress is None:
            return arc  # fell rushing for the block
        player = arc.board.player(player.id)
    # A landing event's extra assist counts on the team's first block of the turn, lent for this block only.
    cheered = _extra_assists(arc, player.team)
    board = arc.board
    if cheered:
        board = board.with_player(attrs.evolve(player, modifiers={**player.modifiers, "block": player.modifiers.get("block", 0) + cheered}))
    paid_from = progress
    # Frenzy's second block on a Blitz costs movement too, paid from what the first left.
    pay_second = None
    if blitz and paid_from:
        pay_second = lambda now, so_far: pay_for_block(ruleset, now, player.id, paid_from.less(so_far), dice, decisions)  # noqa: E731
    outcome = block(
        ruleset,
        board,
        player.id,
        target.id,
        dice,
        decisions,
        blitz=blitz,
        team_reroll=reroll_available(ruleset, arc),
        pay_second_block=pay_second,
        may_follow_to=_end_zone_only(board) if arc.role_of(player.id) == CUDDLER else None,
    )
    if pay_second is not None and any(e.kind == "move-ends" and e.who == player.id for e in outcome.events):
        progress = MoveProgress.after(outcome, player.id)
    if cheered and player.id in outcome.board.players:
        outcome = attrs.evolve(
            outcome, board=outcome.board.with_player(attrs.evolve(outcome.board.player(player.id), modifiers=player.modifiers))
        )
    # No turnovers in Skurling: whatever the block did, the turn goes on.
    return _may_move_on(ruleset, _record(arc, outcome), player.id, progress)


def _held_fast(arc: ArcState, start: int, player_id: str) -> bool:
    """Whether Tentacles held ``player_id`` in his square on a move recorded from event ``start`` on: that ends his
    activation."""
    return any(e.kind == "move-ends" and e.who == player_id and e.result == "held" for e in arc.events[start:])


def _end_zone_only(board: Board) -> Callable[[Square], bool]:
    """Where a Cuddler may follow up: only within the end zone, which he leaves only when displaced."""
    return lambda square: in_destination(board, square)


def _use_blitz(ruleset: Ruleset, arc: ArcState) -> ArcState:
    if arc.blitz_used or arc_rules(ruleset).blitzes_per_turn < 1:
        raise UsageError(f"{arc.active} has already made its Blitz this turn")
    return evolve_arc(arc, blitz_used=True)


def _touch(
    ruleset: Ruleset, arc: ArcState, action: Touch | SecondHit, dice: DiceSource, decisions: Decisions, choices: ArcChoices
) -> ArcState:
    rules = arc_rules(ruleset)
    hitter = _actor(arc, action.hitter)
    role = arc.role_of(hitter.id)
    if arc.active != arc.attacker or role not in HITTERS:
        raise UsageError(f"{hitter.id} cannot Touch the Stooge: only the attacker's Whackers and Goon hit him")
    if action.direction is not None and action.direction not in DIRECTIONS:
        raise UsageError(f"unknown direction {action.direction!r}; choose one of {', '.join(DIRECTIONS)}")
    if isinstance(action, SecondHit):
        if role != WHACKER or not hitter.has("throw-team-mate"):
            raise UsageError("only a Whacker with Throw Team-mate may make the Second Hit")
        if arc.second_hits >= rules.second_hits_per_arc:
            raise UsageError("the Second Hit has been made in this arc")
        if arc.state != rules.second_hit_state:
            raise UsageError(f"the Second Hit needs the Stooge in the {rules.second_hit_state} state, not {arc.state}")
        arc = evolve_arc(arc, second_hits=arc.second_hits + 1)
    elif action.blitz:
        arc = _use_blitz(ruleset, arc)
    elif action.path:
        raise UsageError("a Touch that moves first is a Blitz: set blitz=True")
    stooge_square = arc.board.player(arc.stooge).square
    if not action.path and (hitter.square is None or stooge_square is None or not adjacent(hitter.square, stooge_square)):
        raise UsageError(f"{hitter.id} must stand next to the Stooge to hit him")
    arc, goes_on = _activate(ruleset, arc, hitter, "blitz" if action.path else "block", dice, decisions)
    if not goes_on:
        return arc
    start = len(arc.events)
    if action.path:
        arc = _moved_to_touch(ruleset, arc, arc.board.player(hitter.id), action.path, dice, decisions)
    arc = evolve_arc(arc, activated=arc.activated | {hitter.id})
    hitter = arc.board.player(hitter.id)
    stooge = arc.board.player(arc.stooge)
    if not hitter.standing or _held_fast(arc, start, hitter.id) or (hitter.rooted and action.path):
        return arc  # down on the way, held by Tentacles, or rooted before the first step: the activation ends
    if hitter.square is None or stooge.square is None or not adjacent(hitter.square, stooge.square):
        raise UsageError(f"{hitter.id} must stand next to the Stooge to hit him")
    progress = None
    if action.path:
        # A Touch on the move is a Blitz's block (or the Second Hit's, made the same way): it costs movement.
        arc, progress = _pay_for_block(ruleset, arc, hitter.id, start, dice, decisions, touch=True)
        if progress is None:
            return arc  # fell rushing for the Touch
        hitter = arc.board.player(hitter.id)
    face, events, arc = _touch_face(ruleset, arc, hitter, dice, decisions, choices)
    arc = _record(arc, Outcome(arc.board, events))
    effect = face_effect(ruleset, face)
    squares = rules.goon_squares if role == GOON else effect.squares
    direction = DIRECTIONS[action.direction or "straight"]
    if squares > 0:
        arc, direction = _touch_heading(arc, hitter.id, action.direction, face, squares, choices)
    if effect.hitter_falls:
        down = knock_down(ruleset, arc.board, hitter.id, Harm("touch"), dice, choose_treatment=treatment_from(decisions))
        arc = _record(arc, down)
    if squares > 0:
        arc = _clear_path(ruleset, arc, direction, decisions, choices)
    catch_bonus, answers = _catch_bonus(ruleset, arc, choices)
    run = drive_stooge(
        ruleset,
        arc.board,
        arc.stooge,
        direction,
        squares,
        dice,
        decisions,
        arc.roles,
        catch_bonus=catch_bonus,
        team_reroll=reroll_available(ruleset, arc),
    )
    arc = _record(arc, Outcome(run.board, run.events))
    # The Goon moves the Stooge one square whatever helps him: no inducement slides him further.
    if run.arrival is None and role != GOON and any(e.kind == "stooge-slides" for e in run.events):
        arc, run = _extra_slide(ruleset, arc, run, direction, dice, decisions, choices, catch_bonus)
    arc = _spend_catch_helpers(ruleset, arc, answers)
    if run.arrival == "scored":
        return _score(ruleset, arc, run, dice, decisions, choices)
    if effect.stooge_falls:
        arc = _stooge_armour(ruleset, arc, hitter, dice, choices)
    return _may_move_on(ruleset, arc, hitter.id, progress)


def _touch_heading(arc: ArcState, hitter: str, named: str | None, face: str, squares: int, choices: ArcChoices) -> tuple[ArcState, Square]:
    """The direction the hitter sends the Stooge, named once the face is known, and its ``touch-direction`` event."""
    if named is None:
        options = tuple(DIRECTIONS)
        named = checked_choice(
            choices.touch_direction(arc.attacker, hitter, face, squares, options, arc.board),
            options,
            question="touch-direction",
            who=hitter,
        )
    heading = Event("touch-direction", hitter, (), named, {"face": face, "squares": squares})
    return evolve_arc(arc, events=(*arc.events, heading)), DIRECTIONS[named]


def _pay_for_block(
    ruleset: Ruleset, arc: ArcState, player_id: str, moved_from: int, dice: DiceSource, decisions: Decisions, *, touch: bool = False
) -> tuple[ArcState, MoveProgress | None]:
    """The movement a Blitz's block costs, after the move recorded from event ``moved_from`` on.

    For a ``touch``, a Rush for it is movement for the Touch (the Drillmaster may re-roll
    it). Returns the arc and what the activation has now spent, or None when the player
    fell rushing for the block (no block; no turnover in Skurling).
    """
    # Nothing recorded (a Blitz from where he stands): nothing spent yet. The team re-roll is the turn's, whatever is left.
    moved = attrs.evolve(
        MoveProgress.after(Outcome(arc.board, arc.events[moved_from:]), player_id), team_rerolls=reroll_available(ruleset, arc)
    )
    held, extra = _touch_move_rerolls(ruleset, arc) if touch else ([], ())
    start = len(arc.events)
    outcome = pay_for_block(
        ruleset, arc.board, player_id, moved, dice, decisions, extra_rerolls=extra, extra_bonuses=_rush_bonuses(ruleset, arc, player_id)
    )
    arc = _spend_touch_move_rerolls(_record(arc, outcome), held, start, player_id)
    if outcome.turnover:
        return arc, None
    return arc, MoveProgress.after(outcome, player_id)


def _may_move_on(ruleset: Ruleset, arc: ArcState, player_id: str, progress: MoveProgress | None) -> ArcState:
    """After a Blitz's block: a player still standing with movement left may move on (:class:`MoveOn`)."""
    if progress is None or arc.over or player_id not in arc.board.players:
        return arc
    player = arc.board.player(player_id)
    if not player.standing or player.rooted or player.square is None:
        return arc
    if progress.ma_used >= player.ma and progress.rushes_used >= max_rushes(ruleset, player):
        return arc
    return evolve_arc(arc, moving_on=MovingOn(player_id, progress))


def _move_on(ruleset: Ruleset, arc: ArcState, action: MoveOn, dice: DiceSource, decisions: Decisions) -> ArcState:
    """The rest of a Blitz: the player moves on from where his block left him, with what his activation has left."""
    moving = arc.moving_on
    if moving is None or moving.player != action.player:
        raise UsageError(f"{action.player} has no Blitz to move on from: only the player who just made a Blitz's block may")
    player = arc.board.player(action.player)
    if not player.standing:
        raise UsageError(f"{action.player} is down: his Blitz is over")
    _check_cuddler_path(ruleset, arc, player, action.path, walk=False)
    progress = moving.progress
    outcome = move(
        ruleset,
        arc.board,
        player.id,
        list(action.path),
        dice,
        decisions,
        team_reroll=reroll_available(ruleset, arc),
        ma_used=progress.ma_used,
        rushes_used=progress.rushes_used,
        spent=progress.spent,
        extra_bonuses=_rush_bonuses(ruleset, arc, player.id),
    )
    return evolve_arc(_record(arc, outcome), moving_on=None)


def spend_sideline(arc: ArcState, sideline: Sideline, rolls: tuple[int, ...] = (), **detail: object) -> ArcState:
    """Take one use of the attacker's ``sideline`` off and record a ``sideline`` event (``detail`` says on what)."""
    left = dict(arc.sidelines)
    left[sideline.id] = max(0, left.get(sideline.id, 0) - 1)
    used = Event(SIDELINE_EVENT, arc.attacker, rolls, sideline.id, dict(detail))
    return evolve_arc(arc, sidelines=left, events=(*arc.events, used))


def _moved_to_touch(
    ruleset: Ruleset, arc: ArcState, player: PlayerState, path: Sequence[Square], dice: DiceSource, decisions: Decisions
) -> ArcState:
    """The hitter's move before a Touch, with the attacker's sidelines that re-roll tests on it (the Drillmaster)."""
    held, extra = _touch_move_rerolls(ruleset, arc)
    start = len(arc.events)
    arc = _moved(ruleset, arc, player, path, dice, decisions, extra=extra)
    return _spend_touch_move_rerolls(arc, held, start, player.id)


def _touch_move_rerolls(ruleset: Ruleset, arc: ArcState) -> tuple[list[Sideline], tuple[ExtraReroll, ...]]:
    """The attacker's sidelines with a use left that re-roll tests while a hitter moves for a Touch."""
    held = [s for s in sidelines_at(ruleset, arc.sidelines, TOUCH_MOVE, REROLL) if arc.sidelines.get(s.id, 0) > 0]
    return held, tuple(ExtraReroll(s.id, frozenset(s.tests), arc.sidelines[s.id]) for s in held)


def _spend_touch_move_rerolls(arc: ArcState, held: Sequence[Sideline], start: int, player_id: str) -> ArcState:
    """Count the uses of ``held`` sidelines that the events from ``start`` on record."""
    for sideline in held:
        for event in arc.events[start:]:
            if event.kind in sideline.tests and event.who == player_id and event.detail.get("rerolled_with") == sideline.id:
                arc = spend_sideline(arc, sideline, on=TOUCH_MOVE, test=event.kind, player=player_id)
    return arc


def _clear_path(ruleset: Ruleset, arc: ArcState, direction: Square, decisions: Decisions, choices: ArcChoices) -> ArcState:
    """Before the Stooge moves: a sideline may move the standing defender on his first square aside, onto a free square."""
    sideline = arc.ready_sideline(ruleset, BEFORE_TOUCH, CLEAR_PATH)
    stooge_square = arc.board.player(arc.stooge).square
    if sideline is None or stooge_square is None:
        return arc
    first = step(stooge_square, direction)
    defender = arc.board.at(first) if arc.board.geometry.on_pitch(first) else None
    if defender is None or defender.team != arc.defender or not defender.standing:
        return arc
    dx, dy = direction
    aside = [step(first, (-dy, dx), sideline.squares), step(first, (dy, -dx), sideline.squares)]
    free = [square for square in aside if arc.board.geometry.on_pitch(square) and arc.board.at(square) is None]
    if not free or not choices.use_sideline(arc.attacker, sideline.id, defender.id):
        return arc
    square = free[0] if len(free) == 1 else decisions.push_square(arc.attacker, free)
    if square not in free:
        raise UsageError(f"{defender.id} can be moved aside to {', '.join(map(str, free))}, not {square}")
    arc = evolve_arc(arc, board=arc.board.with_player(defender.moved(square)))
    return spend_sideline(arc, sideline, on=BEFORE_TOUCH, player=defender.id, square=list(first), to=list(square))


def _catch_bonus(ruleset: Ruleset, arc: ArcState, choices: ArcChoices) -> tuple[Callable[[], int], list[str]]:
    """What the Cuddler adds to a catch of the Stooge: an inducement's modifier and a tool's, each offered
    only when the catch comes, and only once.

    Returns the callback for :func:`~bbcore_skurling.touch.drive_stooge` and the list
    where it records what the coach used, so the caller spends them afterwards
    (:func:`_spend_catch_helpers`).
    """
    inducement = arc_rules(ruleset).inducements.cuddler_catch
    used: list[str] = []
    offered: set[str] = set()

    def bonus() -> int:
        total = 0
        if arc.has_inducement(inducement) and inducement not in offered:
            offered.add(inducement)
            if choices.use_inducement(arc.attacker, inducement, CUDDLER_CATCH):
                used.append(inducement)
                total += sum(e.by or 0 for e in ruleset.inducements[inducement].effects if e.modifier == "catch")
        for tool_id in tools_at(ruleset, arc.tools, CUDDLER_CATCH)[:1]:
            if tool_id not in offered:
                offered.add(tool_id)
                if choices.use_tool(arc.attacker, tool_id, CUDDLER_CATCH):
                    used.append(tool_id)
                    total += tool_bonus(ruleset, tool_id, "catch")
        return total

    return bonus, used


def _spend_catch_helpers(ruleset: Ruleset, arc: ArcState, used: Sequence[str]) -> ArcState:
    """Spend what the coach used on the Cuddler's catch: the inducement's use, the tool."""
    for helper in used:
        if helper == arc_rules(ruleset).inducements.cuddler_catch:
            arc = _spend(arc, helper, None, CUDDLER_CATCH) or arc
        else:
            arc = spend_tool(arc, helper, on=CUDDLER_CATCH)
    return arc


def _extra_slide(
    ruleset: Ruleset,
    arc: ArcState,
    run: Run,
    direction: Square,
    dice: DiceSource,
    decisions: Decisions,
    choices: ArcChoices,
    catch_bonus: Callable[[], int],
) -> tuple[ArcState, Run]:
    """After a Touch moved the Stooge: an inducement may slide him on, over free squares only."""
    slide = arc_rules(ruleset).inducements.extra_slide
    square = arc.board.player(arc.stooge).square
    assert square is not None
    ahead = [step(square, direction, n) for n in range(1, slide.squares + 1)]
    if not all(arc.board.geometry.on_pitch(s) and arc.board.at(s) is None for s in ahead):
        return arc, run
    spent = _spend(arc, slide.id, choices, "after-touch")
    if spent is None:
        return arc, run
    more = drive_stooge(
        ruleset,
        spent.board,
        arc.stooge,
        direction,
        slide.squares,
        dice,
        decisions,
        arc.roles,
        catch_bonus=catch_bonus,
        team_reroll=reroll_available(ruleset, spent),
    )
    return _record(spent, Outcome(more.board, more.events)), more


def _extra_assists(arc: ArcState, team: str) -> int:
    """Assists a landing event gave ``team``'s first Block or Touch of its turn."""
    from bbcore_skurling.landing import extra_assists_due  # noqa: PLC0415 - landing drives apply

    return extra_assists_due(arc, team)


def _touch_face(
    ruleset: Ruleset, arc: ArcState, hitter: PlayerState, dice: DiceSource, decisions: Decisions, choices: ArcChoices
) -> tuple[str, tuple[Event, ...], ArcState]:
    """Roll the Touch's block dice, offer a team re-roll (or an inducement's), and let the attacking coach pick a face."""
    plan = touch_dice(ruleset, arc.board, hitter.id, arc.stooge, extra_assists=_extra_assists(arc, arc.attacker))
    faces_table = ruleset.table("block-dice")
    rolls = tuple(dice.roll(6) for _ in range(plan.count))
    events: list[Event] = []
    if choices.reroll_touch(arc.attacker, hitter.id, [faces_table.row_for(r).id for r in rolls]):
        if reroll_available(ruleset, arc):
            events.append(Event(TEAM_REROLL, hitter.id, (), "used", {"test": "touch", "dice": list(rolls)}))
            loner = hitter.skill_value("loner")
            kept = True
            if loner is not None:
                (loner_roll,) = roll_dice(dice, "D6")
                kept = loner_roll >= int(loner)
                events.append(Event("loner", hitter.id, (loner_roll,), "passed" if kept else "re-roll-lost", {"target": int(loner)}))
            if kept:
                rolls = tuple(dice.roll(6) for _ in range(plan.count))
        else:
            blessed = _spend(arc, arc_rules(ruleset).inducements.touch_reroll, None, "touch-dice")
            if blessed is not None:
                arc = blessed
                events.append(Event("touch-reroll", hitter.id, (), "re-rolled", {"dice": list(rolls)}))
                rolls = tuple(dice.roll(6) for _ in range(plan.count))
    faces = [faces_table.row_for(r).id for r in rolls]
    index = (
        0
        if len(faces) == 1
        else checked_index(
            decisions.block_face(arc.attacker, faces, hitter.has("block"), False, True), len(faces), question="block-face", who=arc.attacker
        )
    )
    detail = {
        "faces": faces,
        "offensive_assists": list(plan.offensive_assists),
        "defensive_assists": list(plan.defensive_assists),
        "hitter_strength": plan.hitter_strength,
        "stooge_strength": plan.stooge_strength,
    }
    return faces[index], (Event("touch", hitter.id, rolls, faces[index], detail), *events), arc


def _stooge_armour(ruleset: Ruleset, arc: ArcState, hitter: PlayerState, dice: DiceSource, choices: ArcChoices) -> ArcState:
    """The Stooge goes down and rolls armour: a break worsens his state one step.

    A tool of the attacker's that acts on this roll (an ``armour`` modifier) is offered
    first; used, its modifier counts for this one roll. Neither it nor the Ice Medic is
    offered when his state cannot get worse (a Casualty): the roll changes nothing.
    """
    harm = hit_by(ruleset, "touch", hitter)
    board = arc.board
    at_worst = arc_rules(ruleset).worse(arc.state) == arc.state
    for tool_id in [] if at_worst else tools_at(ruleset, arc.tools, STOOGE_ARMOUR)[:1]:
        if choices.use_tool(arc.attacker, tool_id, STOOGE_ARMOUR):
            arc = spend_tool(arc, tool_id, on=STOOGE_ARMOUR)
            stooge = board.player(arc.stooge)
            padded = {**stooge.modifiers, "armour": stooge.modifiers.get("armour", 0) + tool_bonus(ruleset, tool_id, "armour")}
            board = board.with_player(attrs.evolve(stooge, modifiers=padded))
    broken, _, event = roll_armour(ruleset, board, arc.stooge, harm, dice)
    events: list[Event] = [event]
    if broken and not at_worst:
        saved, arc, save_events = _armour_save(ruleset, arc, dice, choices)
        events.extend(save_events)
        broken = not saved
    state = arc_rules(ruleset).worse(arc.state) if broken else arc.state
    if state != arc.state:
        events.append(Event("stooge-state", arc.stooge, (), state, {"was": arc.state}))
    return evolve_arc(arc, state=state, events=arc.events + tuple(events))


def _spend(arc: ArcState, inducement: str, choices: ArcChoices | None, situation: str) -> ArcState | None:
    """Spend a use of the attacker's ``inducement`` if one is left and the coach wants to (``choices`` None: already agreed)."""
    if not arc.has_inducement(inducement):
        return None
    if choices is not None and not choices.use_inducement(arc.attacker, inducement, situation):
        return None
    left = dict(arc.inducements)
    left[inducement] -= 1
    used = Event("inducement", arc.attacker, (), inducement, {"on": situation})
    return evolve_arc(arc, inducements=left, events=(*arc.events, used))


def _armour_save(ruleset: Ruleset, arc: ArcState, dice: DiceSource, choices: ArcChoices) -> tuple[bool, ArcState, tuple[Event, ...]]:
    """The Ice Medic's roll after the Stooge's armour broke: saved or not."""
    save = arc_rules(ruleset).inducements.armour_save
    spent = _spend(arc, save.id, choices, "armour-broken")
    if spent is None:
        return False, arc, ()
    rolls = roll_dice(dice, save.dice)
    saved = sum(rolls) >= save.saves_on
    return saved, spent, (Event("armour-save", arc.stooge, rolls, "saved" if saved else "failed", {"inducement": save.id}),)


def _score(ruleset: Ruleset, arc: ArcState, run: Run, dice: DiceSource, decisions: Decisions, choices: ArcChoices) -> ArcState:
    """The Stooge is in: his state's points, the catch bonus, or the Ding-Dong's."""
    rules = arc_rules(ruleset)
    points = rules.points_for(arc.state)
    caught = run.caught
    ding_dong = False
    bonus = rules.catch_bonus if caught else 0
    if caught and run.catcher is not None and arc.board.player(run.catcher).has("throw-team-mate"):
        outcome, ding_dong, attempted, arc = _ding_dong(ruleset, arc, run.catcher, dice, decisions, choices)
        arc = _record(arc, outcome)
        if attempted:
            bonus = rules.ding_dong_bonus if ding_dong else 0
    total = points + bonus
    ended = Event("arc-ends", arc.attacker, (), "scored", {"points": total, "state": arc.state, "caught": caught, "ding_dong": ding_dong})
    return evolve_arc(arc, phase=OVER, points=total, caught=caught, ding_dong=ding_dong, scored=True, events=(*arc.events, ended))


def ding_dong_targets(ruleset: Ruleset, board: Board, cuddler: str) -> list[str]:
    """The opposing players within a team-mate throw's range (Quick or Short) of the Cuddler."""
    origin = board.player(cuddler).square
    if origin is None:
        return []
    found = []
    for player in board.team_players(board.opponent_of(board.player(cuddler).team)):
        if player.square is None or not player.on_pitch:
            continue
        band = pass_range(ruleset, origin, player.square)
        if band is not None and band.values.get("throw"):
            found.append(player.id)
    return found


def _ding_dong(
    ruleset: Ruleset, arc: ArcState, cuddler: str, dice: DiceSource, decisions: Decisions, choices: ArcChoices
) -> tuple[Outcome, bool, bool, ArcState]:
    """Offer the Ding-Dong; return the throw's outcome, whether the Stooge rang the bell, whether it was tried,
    and the arc (with any inducement spent on the throw)."""
    targets = ding_dong_targets(ruleset, arc.board, cuddler)
    if not targets:
        return Outcome(arc.board), False, False, arc
    chosen = choices.ding_dong_target(arc.attacker, cuddler, targets)
    if chosen is None:
        return Outcome(arc.board, (Event("ding-dong", cuddler, (), "declined", {}),)), False, False, arc
    if chosen not in targets:
        raise UsageError(f"{chosen} is not a Ding-Dong target; the targets are {', '.join(targets)}")
    board = arc.board
    holder = board.player(cuddler)
    assert holder.square is not None
    # The caught Stooge is in the Cuddler's arms: he lies beside him while the throw is measured from the Cuddler.
    arms = next((s for s in board.neighbours(holder.square)), holder.square)
    board = board.with_player(attrs.evolve(board.player(arc.stooge), status=Status.PRONE, square=arms))
    target_square = board.player(chosen).square
    assert target_square is not None
    bell = arc_rules(ruleset).inducements.ding_dong_throw
    lift = board.player(arc.stooge).modifiers.get("throw-team-mate", 0)
    rung = _spend(arc, bell, choices, DING_DONG_THROW)
    if rung is not None:
        arc = rung
        lift += sum(e.by or 0 for e in ruleset.inducements[bell].effects if e.modifier == "throw-team-mate")
    for tool_id in tools_at(ruleset, arc.tools, DING_DONG_THROW)[:1]:
        if choices.use_tool(arc.attacker, tool_id, DING_DONG_THROW):
            arc = spend_tool(arc, tool_id, on=DING_DONG_THROW)
            lift += tool_bonus(ruleset, tool_id, "throw-team-mate")
    lent = _with_throw_modifier(board, cuddler, lift)
    thrown = throw_team_mate(ruleset, lent, cuddler, arc.stooge, target_square, dice, decisions, team_reroll=reroll_available(ruleset, arc))
    thrown = attrs.evolve(thrown, board=_restore_after_throw(thrown.board, cuddler, arc.stooge, lent, board, {}))
    first_crash = next((e for e in thrown.events if e.kind == "crash-landing" and e.who == arc.stooge), None)
    eaten = any(e.kind == "eaten" for e in thrown.events)
    rang = (
        not eaten
        and first_crash is not None
        and thrown.board.players[str(first_crash.detail["into"])].team == arc.defender
        and not any(e.kind == "thrown-player-bounce" and e.result == "dropped" for e in thrown.events)
    )
    result = Event("ding-dong", cuddler, (), "rang" if rang else "missed", {"target": chosen})
    return Outcome(thrown.board, (*thrown.events, result)), rang, True, arc
