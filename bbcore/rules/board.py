"""The board: squares, zones, features, players and the ball, as immutable state.

Squares are ``(x, y)``: ``x`` runs along the pitch from the home end line (0) to
the away end line, ``y`` across it. The home team defends the end zone at x = 0.
The core knows pitch features only by their properties (does it block movement,
what happens to a player pushed into it...); variants name them in data.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import attrs
from attrs import Factory, field, frozen

from bbcore.errors import UsageError

if TYPE_CHECKING:
    from bbcore.model.pitch import FeatureType, Pitch
    from bbcore.ruleset import Ruleset

Square = tuple[int, int]

#: The eight directions, as (dx, dy).
DIRECTIONS: tuple[Square, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


class Status(StrEnum):
    """Where a player is and in what state."""

    STANDING = "standing"
    PRONE = "prone"
    STUNNED = "stunned"
    RESERVES = "reserves"
    KO = "ko"
    CASUALTY = "casualty"
    SENT_OFF = "sent-off"

    @property
    def on_pitch(self) -> bool:
        return self in _ON_PITCH


#: The statuses of a player on the pitch (a set, since it is asked about every player of every board).
_ON_PITCH = frozenset((Status.STANDING, Status.PRONE, Status.STUNNED))


#: The skill whose Chomp holds an opponent in his square (``PlayerState.chomped_by``); the board lets a Chomp go.
MONSTROUS_MOUTH = "monstrous-mouth"
#: The modifier added to a player's Casualty Rolls: his Niggling Injuries, when a team file is put on the board.
CASUALTY_MODIFIER = "casualty"


def step(square: Square, direction: Square, distance: int = 1) -> Square:
    return (square[0] + direction[0] * distance, square[1] + direction[1] * distance)


def adjacent(a: Square, b: Square) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


#: The base of a player who stands on his square alone: every player but one on a bigger base.
ONE_SQUARE: tuple[Square, ...] = ((0, 0),)


def _offsets(offsets: Iterable[Square], what: str) -> tuple[Square, ...]:
    found = tuple(offsets)
    if not all(isinstance(o, (tuple, list)) and len(o) == 2 and all(type(v) is int for v in o) for o in found):
        raise UsageError(f"a player's {what} is a list of (dx, dy) offsets from his square, whole numbers; got {found!r}")
    return tuple((dx, dy) for dx, dy in found)


def _base(offsets: Iterable[Square]) -> tuple[Square, ...]:
    if offsets is ONE_SQUARE:
        return ONE_SQUARE  # every copy of nearly every player: nothing to check
    base = _offsets(offsets, "base")
    if (0, 0) not in base:
        raise UsageError(f"a player's base covers his own square, the offset (0, 0); got {base!r}")
    # Shared, so that the common case is told by identity on the hot paths.
    return ONE_SQUARE if base == ONE_SQUARE else base


def _reach(offsets: Iterable[Square] | None) -> tuple[Square, ...] | None:
    return None if offsets is None else _offsets(offsets, "reach")


def around(squares: Iterable[Square]) -> tuple[Square, ...]:
    """The squares next to any of ``squares`` and not among them, in order of the first each is next to."""
    ordered = tuple(squares)
    inside = set(ordered)
    found: dict[Square, None] = {}
    for square in ordered:
        for direction in DIRECTIONS:
            neighbour = step(square, direction)
            if neighbour not in inside:
                found.setdefault(neighbour)
    return tuple(found)


def next_to(a: PlayerState, b: PlayerState) -> bool:
    """Whether two players' bases touch: a square of one next to a square of the other (never for a player without a square)."""
    if a.base is ONE_SQUARE and b.base is ONE_SQUARE:
        return a.square is not None and b.square is not None and adjacent(a.square, b.square)
    theirs = b.squares
    return not set(a.squares) & set(theirs) and any(adjacent(mine, other) for mine in a.squares for other in theirs)


def closest_squares(a: PlayerState, b: PlayerState) -> tuple[Square, Square]:
    """A square of ``a``'s base and one of ``b``'s, the nearest (:func:`nearness`; the first such pair in base order).

    For two one-square players, their squares; a push or a follow-up between bigger bases
    is read from this pair.
    """
    pairs = [(mine, theirs) for mine in a.squares for theirs in b.squares]
    if not pairs:
        raise ValueError(f"{a.id} and {b.id} must both be on the pitch")
    return min(pairs, key=lambda pair: nearness(*pair))


def nearest_square(squares: Iterable[Square], to: Square) -> Square:
    """The square of ``squares`` nearest ``to`` (by :func:`nearness`; the first such on a tie)."""
    return min(squares, key=lambda square: nearness(square, to))


def square_towards(player: PlayerState, target: Square) -> Square:
    """The square of the player's base nearest ``target``: his own, or the one of a bigger base that a pass or a throw
    towards ``target`` is measured from."""
    assert player.square is not None, f"{player.id} is not on the pitch"
    return player.square if player.base is ONE_SQUARE else nearest_square(player.squares, target)


def nearness(a: Square, b: Square) -> tuple[int, int]:
    """How near two squares are, for choosing between squares of a base: the squares apart, then side before corner
    (a square beside another is nearer than one diagonally next to it)."""
    return distance(a, b), abs(a[0] - b[0]) + abs(a[1] - b[1])


def distance(a: Square, b: Square) -> int:
    """Squares between two squares counting diagonals as one, as a player moves."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


@frozen
class PitchGeometry:
    """Zones and features of a pitch, indexed for quick lookup."""

    pitch: Pitch
    square_features: Mapping[Square, FeatureType]
    edge_features: Mapping[frozenset[Square], FeatureType]

    @classmethod
    def of(cls, pitch: Pitch) -> PitchGeometry:
        types = {t.id: t for t in pitch.feature_types}
        squares: dict[Square, FeatureType] = {}
        edges: dict[frozenset[Square], FeatureType] = {}
        for feature in pitch.features:
            kind = types[feature.type]
            if feature.area is not None:
                for x in range(feature.area.x, feature.area.x + feature.area.length):
                    for y in range(feature.area.y, feature.area.y + feature.area.width):
                        squares[(x, y)] = kind
            for a, b in feature.edges:
                edges[frozenset({(a[0], a[1]), (b[0], b[1])})] = kind
        return cls(pitch, MappingProxyType(squares), MappingProxyType(edges))

    def on_pitch(self, square: Square) -> bool:
        return 0 <= square[0] < self.pitch.length and 0 <= square[1] < self.pitch.width

    def half_of(self, square: Square) -> str:
        """``home`` or ``away``: the half a square lies in."""
        return "home" if square[0] < self.pitch.half_length else "away"

    def in_end_zone(self, square: Square) -> str | None:
        """Whose end zone the square is in (the team that defends it), or None."""
        if square[0] < self.pitch.end_zone_depth:
            return "home"
        if square[0] >= self.pitch.length - self.pitch.end_zone_depth:
            return "away"
        return None

    def in_wide_zone(self, square: Square) -> bool:
        return square[1] < self.pitch.wide_zone_width or square[1] >= self.pitch.width - self.pitch.wide_zone_width

    def on_line_of_scrimmage(self, square: Square) -> bool:
        """A centre-field square touching the halfway line, on either side."""
        half = self.pitch.half_length
        return square[0] in (half - 1, half) and not self.in_wide_zone(square)

    def zone(self, square: Square) -> str:
        """``end-zone``, ``wide-zone``, ``line-of-scrimmage`` or ``centre-field``."""
        if self.in_end_zone(square):
            return "end-zone"
        if self.in_wide_zone(square):
            return "wide-zone"
        if self.on_line_of_scrimmage(square):
            return "line-of-scrimmage"
        return "centre-field"

    def edge_beyond(self, square: Square) -> str | None:
        """For a square off the pitch: ``sideline`` or ``end-line``, the edge it lies past."""
        if self.on_pitch(square):
            return None
        if 0 <= square[0] < self.pitch.length:
            return "sideline"
        return "end-line"

    def beyond(self, square: Square) -> str | None:
        """What lies past the edge for an off-pitch square: the pitch's ``beyond_*`` (crowd in the core)."""
        edge = self.edge_beyond(square)
        if edge is None:
            return None
        return self.pitch.beyond_sidelines if edge == "sideline" else self.pitch.beyond_end_lines

    def feature_at(self, square: Square) -> FeatureType | None:
        return self.square_features.get(square)

    def filled(self, square: Square) -> bool:
        """Whether a feature fills the square so that nobody may stand or step in it (a wall block, a pit)."""
        feature = self.square_features.get(square)
        return feature is not None and feature.blocks_movement

    def feature_between(self, a: Square, b: Square) -> FeatureType | None:
        """The edge feature between two squares.

        A diagonal step crosses an edge feature only when it stands in the way of both
        orthogonal routes (it runs across the step's corner, or two features meet there); a
        step that only clips the end of one, with the other route open, passes it by.
        """
        if not self.edge_features:
            return None  # most pitches have no edge features: asked at every step, this spares the frozensets
        direct = self.edge_features.get(frozenset({a, b}))
        if direct is not None or a[0] == b[0] or a[1] == b[1]:
            return direct
        crossed = []
        for corner in ((a[0], b[1]), (b[0], a[1])):
            found = self.edge_features.get(frozenset({a, corner})) or self.edge_features.get(frozenset({corner, b}))
            if found is None:
                return None
            crossed.append(found)
        return crossed[0]


def _frozen_modifiers(modifiers: Mapping[str, int]) -> Mapping[str, int]:
    # A read-only view is kept as it is: states are copied often, their mappings never change.
    return modifiers if isinstance(modifiers, MappingProxyType) else MappingProxyType(dict(modifiers))


def _frozen_skills(skills: Mapping[str, int | str | None]) -> Mapping[str, int | str | None]:
    return skills if isinstance(skills, MappingProxyType) else MappingProxyType(dict(skills))


@frozen(slots=False)  # a plain __dict__, for _copy
class PlayerState:
    """A player as the board knows them: characteristics in force, skills, square and status.

    ``tackle_zone`` is False while something takes the player's tackle zone away for a
    time: they then mark nobody, assist nobody and are not ``Board.in_play``.
    ``modifiers`` are test modifiers that go with this player for a time (a helmet, a
    potion), by test name (``rush``, ``dodge``, ``catch``, ``landing``, ``armour``...):
    see :meth:`Board.modifier`. ``rooted`` holds the player to their square (Take Root):
    they may not move, follow up or be pushed back; it ends when they stop standing.
    ``anchored`` marks a player whom no push ever moves, standing or not (a variant's
    ball-that-is-a-player, a figure fixed to the pitch): a chain push that reaches them stops.
    ``gives_assists`` is False while the player may give no Offensive or Defensive Assists
    (pushed back by a player with Eye Gouge); being activated gives them back. ``hired`` marks
    a player hired for this game only (a Mercenary or a Star Player,
    :func:`bbcore.rules.hired_players.hired_players`), whom some inducements do not help;
    ``spp_earned`` what he earns in Star Player Points (``all``; ``mvp``: the MVP award
    alone; ``none``: nothing, never the MVP), as the inducement that hired him says,
    ``star`` whether he is a Star Player, and ``treatable`` False when no Apothecary nor any
    other treatment may be used on him (the inducement's ``treatable: false``).
    ``casualty_counts_as`` names the casualty table row every Casualty he suffers counts as,
    with no Casualty Roll and no treatment (a player a spell turned into a Frog: Badly Hurt);
    None for a roll.
    ``base`` is the squares the player's base covers, as offsets from ``square`` (then
    the base's top-left square, its anchor): :data:`ONE_SQUARE` for nearly everyone, four
    squares for a player on a 2x2 base (a giant an inducement brings). ``reach`` is the
    squares his Tackle Zone covers, as offsets from ``square``; None means every square
    around his base (the eight around one square). A plugin gives a player a bigger base
    or a narrower reach; the core's board, marking, assists and tests read them. ``squares``
    lists the squares of his base where he stands, :meth:`tackle_zone_squares` those of his
    Tackle Zone.
    ``casualty_results`` are the Casualty table results (row ids) standing against the
    player this game, in the order suffered: they stay with him when something sends him
    back to the Reserves for a while (the result still applies after the game) and go
    only with a full recovery (``recovered``). :func:`bbcore.rules.injury.is_dead`
    reads them. ``lasting_injuries`` are the rows of the lasting injury table his casualties
    rolled this game (one characteristic made worse each), kept and cleared with them.
    ``chomped_by`` names the opponents whose Chomp (Monstrous Mouth,
    :func:`bbcore.rules.special_actions.chomp`) holds the player: while one of them still
    Marks him he may not leave his square by any move of his own (:meth:`Board.chompers_of`).
    Each hold ends the moment its chomper no longer Marks him, for whatever reason: the
    board lets it go as soon as either of them changes (:meth:`Board.with_player`).
    ``turn_uses`` counts, by skill id, how often the player has used a skill that may be
    used only so many times a turn (Shadowing, as many times as his MA); the turn's start
    and end clear it (:func:`clear_turn_uses`).
    """

    id: str
    team: str
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: Mapping[str, int | str | None] = field(factory=dict, converter=_frozen_skills)
    square: Square | None = None
    status: Status = Status.STANDING
    position: str | None = None
    tackle_zone: bool = True
    modifiers: Mapping[str, int] = field(factory=dict, converter=_frozen_modifiers)
    rooted: bool = False
    anchored: bool = False
    gives_assists: bool = True
    hired: bool = False
    spp_earned: str = "all"
    star: bool = False
    treatable: bool = True
    casualty_counts_as: str | None = None
    casualty_results: tuple[str, ...] = ()
    lasting_injuries: tuple[str, ...] = ()
    base: tuple[Square, ...] = field(default=ONE_SQUARE, converter=_base)
    reach: tuple[Square, ...] | None = field(default=None, converter=_reach)
    chomped_by: tuple[str, ...] = ()
    turn_uses: Mapping[str, int] = field(factory=dict, converter=_frozen_modifiers)

    def has(self, skill_id: str) -> bool:
        return skill_id in self.skills

    def skill_value(self, skill_id: str) -> int | str | None:
        return self.skills.get(skill_id)

    @property
    def standing(self) -> bool:
        return self.status is Status.STANDING and self.square is not None

    @property
    def alert(self) -> bool:
        """Standing and not Distracted: only such a player uses an Active skill or trait (unless it says otherwise)."""
        return self.standing and self.tackle_zone

    @property
    def on_pitch(self) -> bool:
        return self.square is not None and self.status in _ON_PITCH

    @property
    def squares(self) -> tuple[Square, ...]:
        """The squares his base covers: his square alone, or a bigger base's every square (none without a square)."""
        square = self.square
        if square is None:
            return ()
        if self.base is ONE_SQUARE:
            return (square,)
        x, y = square
        return tuple((x + dx, y + dy) for dx, dy in self.base)

    def tackle_zone_squares(self) -> tuple[Square, ...]:
        """The squares his Tackle Zone would cover where he stands (:meth:`Board.marks` says whether it does now)."""
        square = self.square
        if square is None:
            return ()
        x, y = square
        if self.reach is not None:
            return tuple((x + dx, y + dy) for dx, dy in self.reach)
        if self.base is ONE_SQUARE:
            return tuple((x + dx, y + dy) for dx, dy in DIRECTIONS)
        return around(self.squares)

    def moved(self, square: Square | None) -> PlayerState:
        return self._copy(square, self.status)

    def with_casualty(self, result: str) -> PlayerState:
        """In the Casualty box with one more result against him (a row id of the Casualty table)."""
        return attrs.evolve(self.with_status(Status.CASUALTY), casualty_results=(*self.casualty_results, result))

    def recovered(self, status: Status = Status.RESERVES) -> PlayerState:
        """A full recovery: no casualty result stands against the player any more, and he is in ``status``."""
        return attrs.evolve(self.with_status(status), casualty_results=(), lasting_injuries=())

    def with_status(self, status: Status) -> PlayerState:
        square = self.square if status.on_pitch else None
        return self._copy(square, status)

    def _copy(self, square: Square | None, status: Status) -> PlayerState:
        # The most common changes by hand, taking the fields whole (the class keeps a plain
        # __dict__ for this): players are copied at every step of every move.
        copy = object.__new__(PlayerState)
        fields = copy.__dict__
        fields.update(self.__dict__)
        fields["square"] = square
        fields["status"] = status
        return copy


def position_keywords(ruleset: Ruleset, player: PlayerState) -> tuple[str, ...]:
    """The keywords of the player's position (Lineman, Big Guy...); none for a player from no roster of the
    ruleset (a hired giant, say). Animosity and Hatred name the players they concern by keyword."""
    roster_id, _, position_id = (player.position or "").partition("/")
    roster = ruleset.rosters.get(roster_id)
    position = roster.position(position_id) if roster is not None else None
    return position.keywords if position is not None else ()


#: What joins the keywords of one skill held against several (Hatred (Orc, Elf)).
KEYWORD_SEPARATOR = ", "


def named_by(ruleset: Ruleset, keyword: object, player: PlayerState) -> bool:
    """Whether a skill's bracketed keyword (Animosity (X), Hatred (X)) names the player: ``all``, or a keyword of
    his position, in any case. A skill held against several keywords names them joined by :data:`KEYWORD_SEPARATOR`;
    any one of them will do."""
    wanted = {part.strip().lower() for part in str(keyword).split(KEYWORD_SEPARATOR.strip())}
    return "all" in wanted or bool(wanted & {k.lower() for k in position_keywords(ruleset, player)})


def player_from_position(
    ruleset: Ruleset,
    player_id: str,
    team: str,
    position: str,
    square: Square | None = None,
    status: Status = Status.STANDING,
    extra_skills: Mapping[str, Any] | None = None,
) -> PlayerState:
    """A player with the characteristics and skills of a roster position."""
    profile = ruleset.position(position)
    skills: dict[str, int | str | None] = {ref.id: ref.value for ref in profile.skills}
    skills.update(extra_skills or {})
    return PlayerState(player_id, team, profile.ma, profile.st, profile.ag, profile.pa, profile.av, skills, square, status, position)


@frozen
class BallState:
    """Where the ball is: held by a player, lying on a square, or out of play (None and None)."""

    square: Square | None = None
    carrier: str | None = None


def _frozen_players(players: Mapping[str, PlayerState]) -> Mapping[str, PlayerState]:
    return players if isinstance(players, MappingProxyType) else MappingProxyType(dict(players))


def _frozen_team_modifiers(modifiers: Mapping[str, Mapping[str, int]]) -> Mapping[str, Mapping[str, int]]:
    if isinstance(modifiers, MappingProxyType):
        return modifiers
    return MappingProxyType({team: _frozen_modifiers(by_test) for team, by_test in modifiers.items()})


def _frozen_names(names: Iterable[str]) -> frozenset[str]:
    return names if isinstance(names, frozenset) else frozenset(names)


def _geometry(board: Board) -> PitchGeometry:
    return PitchGeometry.of(board.pitch)


@frozen(slots=False)  # a plain __dict__, for _copy
class Board:
    """Everything on the pitch at one moment. Changes return a new board.

    ``conditions`` are test modifiers in force for everybody on the pitch, by test name
    (the weather's, the state of the ground...), and ``team_conditions`` those in force for
    one team's players, by team id then test name (Moles under the Pitch troubles the
    opponents' Rushes, players added later included): see :meth:`modifier`. ``woken`` names the
    dormant feature types of the pitch that act for the rest of the game (a prayer wakes
    the trapdoors): see :meth:`feature_in_force`. ``open_pass_bands`` are the only
    pass-range bands a Pass Action may be now (a Blizzard's Quick and Short Passes), None
    for all: :func:`bbcore.rules.passing.pass_ball` keeps to them.
    """

    pitch: Pitch
    players: Mapping[str, PlayerState] = field(factory=dict, converter=_frozen_players)
    ball: BallState = BallState()
    home: str = "home"
    away: str = "away"
    conditions: Mapping[str, int] = field(factory=dict, converter=_frozen_modifiers)
    team_conditions: Mapping[str, Mapping[str, int]] = field(factory=dict, converter=_frozen_team_modifiers)
    woken: frozenset[str] = field(default=frozenset(), converter=_frozen_names)
    open_pass_bands: tuple[str, ...] | None = None
    geometry: PitchGeometry = field(default=Factory(_geometry, takes_self=True), eq=False, repr=False)
    # Answers worked out once per board, the first time they are asked (a board never changes).
    _occupants: Mapping[Square, PlayerState] | None = field(default=None, init=False, eq=False, repr=False)
    _zones: dict[str, dict[Square, int]] | None = field(default=None, init=False, eq=False, repr=False)
    _teams: dict[str, tuple[PlayerState, ...]] | None = field(default=None, init=False, eq=False, repr=False)

    @classmethod
    def build(
        cls, pitch: Pitch, players: Iterable[PlayerState], ball: BallState | None = None, home: str = "home", away: str = "away"
    ) -> Board:
        return cls(pitch, {p.id: p for p in players}, ball or BallState(), home, away)

    # -- reading --------------------------------------------------------------------

    def player(self, player_id: str) -> PlayerState:
        return self.players[player_id]

    def at(self, square: Square) -> PlayerState | None:
        """The player in a square, if any."""
        return self.occupants().get(square)

    def occupants(self) -> Mapping[Square, PlayerState]:
        """The players on the pitch by square."""
        occupants = self._occupants
        if occupants is None:
            found: dict[Square, PlayerState] = {}
            for player in self.players.values():
                if player.square is not None and player.status in _ON_PITCH:
                    for square in player.squares:  # every square of a bigger base
                        found.setdefault(square, player)  # the first in order, as a search would find
            occupants = MappingProxyType(found)
            object.__setattr__(self, "_occupants", occupants)
        return occupants

    def modifier(self, test: str, player: PlayerState | None = None) -> int:
        """The modifier in force for ``test``: the board's conditions, his team's and the player's own modifiers.

        The core procedures add it to the tests they roll: ``rush`` and ``dodge``
        (movement), ``catch`` and ``pick-up`` (the ball), ``landing`` and
        ``throw-team-mate`` (a thrown player's, and a throw of them), ``pass`` (every
        Passing Ability Test), ``pass-action`` (a Pass Action's and a bomb's only),
        ``interception``, ``armour``, ``casualty`` and ``block`` (added to the blocker's
        Strength). A player's ``armour`` modifier counts on armour rolls against them, and
        his ``casualty`` modifier on his Casualty Rolls: that is where a player's Niggling
        Injuries go when a team is put on the board.
        """
        total = self.conditions.get(test, 0)
        if player is not None:
            total += player.modifiers.get(test, 0)
            if self.team_conditions:
                total += self.team_conditions.get(player.team, {}).get(test, 0)
        return total

    def end_zone_owner(self, square: Square) -> str | None:
        """The id of the team whose End Zone ``square`` is in (the team that defends it), or None."""
        zone = self.geometry.in_end_zone(square)
        return None if zone is None else (self.home if zone == "home" else self.away)

    def feature_in_force(self, square: Square) -> FeatureType | None:
        """The square's feature, unless it is dormant and not woken (``FeatureType.dormant``, ``Board.woken``)."""
        feature = self.geometry.square_features.get(square)
        if feature is not None and feature.dormant and feature.id not in self.woken:
            return None
        return feature

    def occupied(self, square: Square) -> bool:
        return self.at(square) is not None

    def opponent_of(self, team: str) -> str:
        return self.away if team == self.home else self.home

    def _answers(self, name: str) -> dict[Any, Any]:
        """The board's table of answers kept under ``name``, made the first time it is asked for (a board never changes)."""
        table: dict[Any, Any] | None = getattr(self, name)
        if table is None:
            table = {}
            object.__setattr__(self, name, table)
        return table

    def team_players(self, team: str) -> Iterator[PlayerState]:
        teams: dict[str, tuple[PlayerState, ...]] = self._answers("_teams")
        members = teams.get(team)
        if members is None:
            members = teams[team] = tuple(p for p in self.players.values() if p.team == team)
        return iter(members)

    def ball_square(self) -> Square | None:
        """The ball's square, whether it lies there or is held there."""
        if self.ball.carrier is not None:
            return self.players[self.ball.carrier].square
        return self.ball.square

    def neighbours(self, square: Square) -> list[Square]:
        """The on-pitch squares around a square."""
        return [s for s in (step(square, d) for d in DIRECTIONS) if self.geometry.on_pitch(s)]

    def trapped(self, player: PlayerState) -> bool:
        """Whether the player is inside a feature that takes players out of play (``traps_players``)."""
        if player.square is None:
            return False
        feature = self.geometry.feature_at(player.square)
        return feature is not None and feature.traps_players

    def in_play(self, player: PlayerState) -> bool:
        """Standing, with their tackle zone and not trapped: the player can mark and assist.

        A player out of play can still be marked (unless trapped).
        """
        return player.standing and player.tackle_zone and not self.trapped(player)

    def marks(self, marker: PlayerState, square: Square) -> bool:
        """Whether ``marker`` covers ``square`` with his Tackle Zone: he is in play and the square is in his reach."""
        here = marker.square
        if here is None or not self.in_play(marker):
            return False
        if marker.reach is None and marker.base is ONE_SQUARE:
            return adjacent(here, square)
        return square in marker.tackle_zone_squares()

    def marking(self, marker: PlayerState, player: PlayerState) -> bool:
        """Whether ``marker`` Marks ``player``: his Tackle Zone covers a square of the player's base."""
        return any(self.marks(marker, square) for square in player.squares)

    def markers_on(self, square: Square, team: str) -> list[PlayerState]:
        """The players of the other team whose Tackle Zones cover ``square``, in the board's order."""
        # marks() written out: this is asked for many squares of every board.
        return [
            p
            for p in self.players.values()
            if p.team != team
            and p.square is not None
            and (adjacent(p.square, square) if p.reach is None and p.base is ONE_SQUARE else square in p.tackle_zone_squares())
            and self.in_play(p)
        ]

    def markers_of(self, player: PlayerState) -> list[PlayerState]:
        """Opponents in play whose tackle zones cover a square of the player's base; nobody marks a trapped player."""
        if player.square is None or self.trapped(player):
            return []
        if player.base is ONE_SQUARE:
            return self.markers_on(player.square, player.team)
        return [p for p in self.players.values() if p.team != player.team and self.marking(p, player)]

    def tackle_zones_on(self, square: Square, team: str) -> int:
        """How many players of the other team in play cover a square with their tackle zones."""
        zones: dict[str, dict[Square, int]] = self._answers("_zones")
        covered = zones.get(team)
        if covered is None:
            # Every square's count at once, the first time a team asks: coaches ask about many squares of one board.
            covered = {}
            for p in self.players.values():
                if p.team != team and p.square is not None and self.in_play(p):
                    for reached in p.tackle_zone_squares():
                        covered[reached] = covered.get(reached, 0) + 1
            zones[team] = covered
        return covered.get(square, 0)

    # -- changing -------------------------------------------------------------------

    def with_player(self, player: PlayerState) -> Board:
        """The board with ``player`` in place of the player of his id (or added).

        A player no longer Standing stops being rooted, and drops the ball he held (the
        caller bounces it). A Chomp that involves him (he is held, or he is a player with
        Monstrous Mouth, before or after) is let go once its chomper no longer Marks the
        player it holds (:meth:`chompers_of`).
        """
        players = dict(self.players)
        if player.rooted and not player.standing:
            # Knocked down, placed prone or taken off the pitch: no longer rooted.
            player = attrs.evolve(player, rooted=False)
        before = players.get(player.id)
        players[player.id] = player
        ball = self.ball
        if ball.carrier == player.id and not player.standing:
            # A player who is no longer standing drops the ball where they are (the caller bounces it).
            ball = BallState(square=player.square, carrier=None)
        board = self._copy(MappingProxyType(players), ball)
        # Asked at every step of every move: a dictionary lookup or two, the sweep only where a Chomp may be.
        if player.chomped_by or MONSTROUS_MOUTH in player.skills or (before is not None and MONSTROUS_MOUTH in before.skills):
            return board._released(player.id)
        return board

    def chompers_of(self, player: PlayerState) -> list[PlayerState]:
        """The opponents whose Chomp holds ``player`` in his square now: among his ``chomped_by``, those still on the
        board who Mark him. Empty for a player nobody holds."""
        return [self.players[c] for c in player.chomped_by if self._holds(c, player)]

    def _holds(self, chomper_id: str, held: PlayerState) -> bool:
        chomper = self.players.get(chomper_id)
        return chomper is not None and chomper.team != held.team and held.on_pitch and self.marking(chomper, held)

    def _released(self, changed: str) -> Board:
        """The board with every Chomp that involves player ``changed`` (held, or holding) and no longer holds let go."""
        released = {}
        for held in self.players.values():
            if not held.chomped_by or (held.id != changed and changed not in held.chomped_by):
                continue
            kept = tuple(c for c in held.chomped_by if self._holds(c, held))
            if kept != held.chomped_by:
                released[held.id] = attrs.evolve(held, chomped_by=kept)
        if not released:
            return self
        return self._copy(MappingProxyType({**self.players, **released}), self.ball)

    def without(self, player_id: str) -> Board:
        """The board with a player lifted off it (to ask what lies around them as if they were not there)."""
        return self._copy(MappingProxyType({pid: p for pid, p in self.players.items() if pid != player_id}), self.ball)

    def with_ball(self, ball: BallState) -> Board:
        return self._copy(self.players, ball)

    def _copy(self, players: Mapping[str, PlayerState], ball: BallState) -> Board:
        # By hand rather than attrs.evolve, which is slow for a copy made at every step of a move:
        # the fields whole (the class keeps a plain __dict__ for this), without the old board's answers.
        copy = object.__new__(Board)
        fields = copy.__dict__
        fields.update(self.__dict__)
        fields["players"] = _frozen_players(players)
        fields["ball"] = ball
        fields["_occupants"] = None
        fields["_zones"] = None
        fields["_teams"] = None
        return copy

    def replace_players(self, changed: Iterable[PlayerState]) -> Board:
        board = self
        for player in changed:
            board = board.with_player(player)
        return board


def clear_turn_uses(board: Board) -> Board:
    """The board with every player's ``turn_uses`` cleared: a new turn counts each skill's uses afresh. Called as
    a team turn starts and ends (:func:`bbcore.rules.turns.start_turn`, :func:`bbcore.rules.drive.end_turn`)."""
    return board.replace_players(attrs.evolve(p, turn_uses={}) for p in tuple(board.players.values()) if p.turn_uses)


def build_board(
    ruleset: Ruleset,
    players: Mapping[str, tuple[str, str, tuple[int, int] | None]],
    *,
    skills: Mapping[str, Mapping[str, int | str | None]] | None = None,
    ball: tuple[int, int] | str | None = None,
    statuses: Mapping[str, str] | None = None,
) -> Board:
    """A board from ``{player_id: (team, "roster/position", (x, y))}``: for tests, examples and quick set-ups.

    ``skills`` adds skills per player (``{"lino": {"block": None}}``); ``ball`` is a
    square, or a player id for a carrier; ``statuses`` sets statuses by id.
    """
    placed = []
    for player_id, (team, position, square) in players.items():
        player = player_from_position(ruleset, player_id, team, position, square, extra_skills=(skills or {}).get(player_id))
        if statuses and player_id in statuses:
            player = attrs.evolve(player, status=Status(statuses[player_id]))
        placed.append(player)
    teams = sorted({team for team, _, _ in players.values()})
    home = "home" if "home" in teams or not teams else teams[0]
    away = "away" if "away" in teams else next((t for t in teams if t != home), "away")
    state = BallState(carrier=ball) if isinstance(ball, str) else BallState(square=ball)
    return Board.build(ruleset.pitch, placed, state, home, away)
