"""The game sequences: the state passed from step to step, and the runner that walks a sequence.

A sequence (pre-game, start of drive, end of drive, post-game) is an ordered list
of steps with ids, in data (``sequences.yaml``), so a variant edits the order by
id. Each step id has a procedure, registered through the
``bbcore_register_sequence_steps`` hook: the core's are in :mod:`bbcore.rules.pregame`,
:mod:`bbcore.rules.drive` and :mod:`bbcore.rules.postgame`, and a plugin may add
procedures for its own steps or replace the core's. A procedure takes the ruleset,
a :class:`GameState`, a dice source and a :class:`~bbcore.rules.decisions.Decisions`
object, and returns the new state with the events that happened.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

import attrs
from attrs import field, frozen

from bbcore.errors import BBCoreError, PluginError, UsageError
from bbcore.model.common import SkillRef
from bbcore.registry import RowEffectRegistrar, SequenceStepRegistrar
from bbcore.rules.board import Board, PlayerState
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.teams.profiles import captain_id
from bbcore.teams.valuation import staff_count, team_roster, team_special_rules, trophy_rerolls, value_team

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.model.table import Table
    from bbcore.model.team import InducementOrder, Team
    from bbcore.ruleset import Ruleset


def _frozen_counts(counts: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(counts))


def _frozen_names(names: Mapping[str, str]) -> Mapping[str, str]:
    return names if isinstance(names, MappingProxyType) else MappingProxyType(dict(names))


def _frozen_forms(forms: Mapping[str, PlayerState]) -> Mapping[str, PlayerState]:
    return forms if isinstance(forms, MappingProxyType) else MappingProxyType(dict(forms))


def _frozen_tuples(uses: Mapping[str, tuple[Any, ...]]) -> Mapping[str, tuple[Any, ...]]:
    return uses if isinstance(uses, MappingProxyType) else MappingProxyType(dict(uses))


@frozen
class TeamState:
    """One team as the sequences see it: what it brings to the game and what it has gained in it.

    ``assistant_coaches`` and ``cheerleaders`` are those on the team roster; inducements
    that count as extra ones are in ``inducements``. ``rerolls`` are the team re-rolls of each half: the
    team's own and those its inducements add (:func:`inducement_rerolls`), as many as are left; ``rerolls_per_half``
    is the count each half starts with (set by :func:`team_state`; None leaves ``rerolls`` to the caller at half-time:
    see :func:`bbcore.rules.drive.replenish_rerolls`). ``drive_rerolls`` are team re-rolls
    that last only until the current drive ends. ``turn`` is the team's turn marker in
    the current half. ``team`` is the team file the state was made from, if any; it is
    what the team is valued from when the next fixture is prepared.
    """

    id: str
    name: str
    roster: str
    dedicated_fans: int
    rerolls: int = 0
    rerolls_per_half: int | None = None
    treasury: int = 0
    apothecary: bool = False
    ctv: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    special_rules: tuple[str, ...] = ()
    league: str | None = None
    fan_factor: int = 0
    inducements: Mapping[str, int] = field(factory=dict, converter=_frozen_counts)
    prayers: tuple[str, ...] = ()
    prayers_used: tuple[str, ...] = ()  # prayers good once in the game, already called on (Throw a Rock)
    drive_rerolls: int = 0
    score: int = 0
    turn: int = 0
    casualties_caused: int = 0
    stalled: bool = False
    coach_ejected: bool = False  # after Argue the Call went that badly: no more arguing this game
    argue_rerolled: bool = False  # the game's one Argue the Call roll again (Bribery and Corruption) is spent
    plague_ridden_used: bool = False  # the game's one new Lineman from Plague Ridden has come
    raised_the_dead: bool = False  # the game's one victim raised by Masters of Undeath has risen
    captain: str | None = None  # the id of the team's captain in this game (Team Captain)
    leader_reroll: bool = False  # the half's Leader Re-roll, not yet used (see bbcore.rules.drive.leader_reroll)
    apothecary_used: bool = False  # the team's own Apothecary has been used this game (see bbcore.rules.treatments)
    #: When each limited inducement was used, by id: (half, drive, the team's turn) per use
    #: (see bbcore.rules.inducement_uses).
    inducement_uses: Mapping[str, tuple[tuple[int, int, int], ...]] = field(factory=dict, converter=_frozen_tuples)
    #: The players each inducement has acted on this game, by id (one that may not pick a player twice reads it).
    inducement_targets: Mapping[str, tuple[str, ...]] = field(factory=dict, converter=_frozen_tuples)
    #: The orders bought in the pre-game sequence (see :func:`bbcore.rules.pregame.buy_inducements`), with what a count
    #: does not hold: the position hired, a skill bought with him, a stake. ``inducements`` counts them too.
    orders: tuple[InducementOrder, ...] = ()
    team: Team | None = field(default=None, eq=False, repr=False)

    @property
    def held_orders(self) -> tuple[InducementOrder, ...]:
        """The orders the team came with, its team file's (when the state was made from one) and those bought before
        the game: where a stake or a hired position is to be read."""
        brought = self.team.inducements if self.team is not None else ()
        return (*brought, *self.orders)


@frozen
class WeatherReturn:
    """The weather to come back after a change that lasts a while (a weather mage's): ``weather`` returns when
    ``after_turn_of``'s next team turn ends; if the drive ends first, it returns then when ``at_drive_end``,
    else the new weather stays."""

    weather: str | None
    after_turn_of: str
    at_drive_end: bool = True


@frozen
class Charge:
    """A Charge! under way: the kicking ``team``'s Open ``players`` (as the event found them) may still take ``left``
    free activations, moving, or once each taking one of the ``specials`` actions (a Blitz...) instead."""

    team: str
    players: frozenset[str]
    left: int
    specials: frozenset[str]


@frozen
class DriveChange:
    """A characteristic change that lasts until the drive ends (a Dodgy Snack), undone when it does."""

    player: str
    characteristic: str
    by: int


#: A :class:`TurnChange` that ends as its team's next turn starts, before anyone is activated.
TURN_STARTS = "turn-starts"
#: A :class:`TurnChange` that ends as its team's turn ends.
TURN_ENDS = "turn-ends"

#: Where a used team re-roll came from, and goes back to if something gives it back: the drive's own
#: (``TeamState.drive_rerolls``, from a kick-off result, lost when the drive ends), spent first...
DRIVE_POOL = "drive"
#: ...or the half's (``TeamState.rerolls``).
HALF_POOL = "half"


def _frozen_changes(changes: Mapping[str, int]) -> Mapping[str, int]:
    return changes if isinstance(changes, MappingProxyType) else MappingProxyType(dict(changes))


@frozen
class TurnChange:
    """Something in force until a moment of a coming team turn (a spell that lasts "until the start of your next
    turn", a modifier "for this team turn"), undone then by :mod:`bbcore.rules.turn_changes`.

    It ends as ``team``'s next turn starts (``ends`` :data:`TURN_STARTS`) or as its turn ends
    (:data:`TURN_ENDS`). What it did: to ``player``, the ``skills`` it gave him, what it
    added to his ``characteristics`` and whether it took his tackle zone (``tackle_zone``);
    to every player of ``modified_team``, what it added to that team's ``modifiers``
    (``Board.team_conditions``). ``effect`` names something in force until then that the
    procedures look for (``GameState.turn_effects``); ``cause`` what made the change.
    """

    team: str
    ends: str
    cause: str
    player: str | None = None
    skills: tuple[str, ...] = ()
    characteristics: Mapping[str, int] = field(factory=dict, converter=_frozen_changes)
    tackle_zone: bool = False
    modified_team: str | None = None
    modifiers: Mapping[str, int] = field(factory=dict, converter=_frozen_changes)
    effect: str | None = None


@frozen
class Concession:
    """A game conceded by ``team`` (see :mod:`bbcore.rules.concession`): with the ``penalty`` or without it, the
    players of its team file (by index in ``Team.players``) who quit in disgust, and whether the fixture was conceded
    before it was ever played (``unplayed``)."""

    team: str
    penalty: bool = True
    quit: tuple[int, ...] = ()
    unplayed: bool = False


@frozen
class GameState:
    """Everything the sequences carry from one step to the next. Steps return a new one.

    ``drive_players`` are the players set up for the current drive (they took part in
    it); ``played`` gathers them over the game. ``spp`` holds the Star Player Points
    earned in this game, by player id. ``drive_changes`` are characteristic changes
    and ``drive_effects`` the ids of table rows (``table/row``, see
    :func:`drive_effect_id`) whose effects last until the drive ends; the procedures
    that the effects change look for them, and the ``drive-ends`` step clears both.

    ``drive_forms`` are players as they were before a change that lasts until the drive
    ends (:meth:`with_drive_form`); the ``drive-ends`` step gives them their profile back.
    ``next_drive_effects`` are drive effects that begin with the next drive (a change made
    as a drive ends that lasts until the end of the next one): the ``drive-ends`` step makes
    them the new drive's ``drive_effects``.

    ``activated`` holds the players activated so far in the current team turn:
    :func:`bbcore.rules.turns.end_activation` adds each, and
    :func:`bbcore.rules.drive.end_turn` and the ``drive-ends`` step clear it.
    ``stunned_at_turn_start`` holds the active team's players who were Stunned as its turn
    started (:func:`bbcore.rules.turns.start_turn`): they turn Prone as it ends. ``may_stall``
    is the player being activated when he could score without a die
    (:func:`bbcore.rules.turns.start_activation`), and ``stalling`` the players found
    Stalling in the current team turn (see :mod:`bbcore.rules.stalling`); ``end_turn`` and
    ``drive-ends`` clear them too.
    ``barred_activations`` maps a player to the turn of his team (``TeamState.turn``) in
    which he may not be activated (a table row that keeps him busy for a turn);
    :func:`bbcore.rules.turns.action_refusals` reads it, and the ``drive-ends`` step clears it.

    ``extra_set_up_players`` (by team id) and ``barred_from_set_up`` (player ids) shape
    the next set-up only: a step before it may let a team field more than
    ``players_on_pitch``, or keep players out of the drive (a weather that makes them
    pass out, say). The ``set-up`` step checks the teams against them and clears both,
    keeping the players it barred in ``barred_this_drive`` for the set-up steps after it
    (Swarming brings none of them on).
    """

    home: TeamState
    away: TeamState
    board: Board
    weather: str | None = None
    weather_return: WeatherReturn | None = None  # a weather to come back (see drive.end_turn, drive.clear_the_pitch)
    kicking_team: str | None = None
    #: The team that kicked the game's first drive; it receives when the second half starts (drive.restart_the_game).
    opening_kicker: str | None = None
    kicking_player: str | None = None  # the player the kicking team nominated to kick off, until the drive ends
    kick_target: tuple[int, int] | None = None  # the square the kick was aimed at
    kick_landing: tuple[int, int] | None = None  # where the kicked ball will come down, while it is in the air
    kick_scatters: int = 0  # extra scatters before it does (a change to calm weather)
    half: int = 1
    drive: int = 0  # the drives set up so far in the game (the set-up step counts them)
    drive_players: frozenset[str] = frozenset()
    played: frozenset[str] = frozenset()
    journeymen: tuple[str, ...] = ()
    #: Of the ``journeymen``, those an inducement brought (Riotous Rookies) rather than taken on to make up numbers.
    induced_journeymen: tuple[str, ...] = ()
    #: New players raised from the dead (Masters of Undeath), whom their team may keep after the game for nothing.
    raised: tuple[str, ...] = ()
    #: The team that has scored a touchdown in the current drive (bbcore.rules.touchdown); drive-ends clears it.
    touchdown: str | None = None
    #: Who caused each player's last injury this game (player id to player id), for Getting Even.
    injury_causes: Mapping[str, str] = field(factory=dict, converter=_frozen_names)
    #: Skills players gained in the post-game for good (Getting Even's Hatred), by player id: the team file takes them.
    gained_skills: Mapping[str, tuple[SkillRef, ...]] = field(factory=dict, converter=_frozen_tuples)
    #: Players who must miss the next game for something other than a Casualty (a post-game roll's result), by id:
    #: the team file takes it.
    missing_next_game: frozenset[str] = frozenset()
    #: Skills players gained for this game only (an inducement's gift before it), by player id: a post-game roll may
    #: let a player keep them (moving them to ``gained_skills``).
    game_gains: Mapping[str, tuple[SkillRef, ...]] = field(factory=dict, converter=_frozen_tuples)
    drive_changes: tuple[DriveChange, ...] = ()
    drive_forms: Mapping[str, PlayerState] = field(factory=dict, converter=_frozen_forms)
    drive_effects: frozenset[str] = frozenset()
    next_drive_effects: frozenset[str] = frozenset()
    spp: Mapping[str, int] = field(factory=dict, converter=_frozen_counts)
    extra_set_up_players: Mapping[str, int] = field(factory=dict, converter=_frozen_counts)
    #: How many players each team may have on the pitch in the current drive: what its set-up (and Swarming) fielded,
    #: never fewer than players_on_pitch (bbcore.rules.too_many_players); the set-up step sets it, the drive's end
    #: clears it.
    drive_fielding: Mapping[str, int] = field(factory=dict, converter=_frozen_counts)
    barred_from_set_up: frozenset[str] = frozenset()
    barred_this_drive: frozenset[str] = frozenset()
    barred_activations: Mapping[str, int] = field(factory=dict, converter=_frozen_counts)
    activated: frozenset[str] = frozenset()
    stunned_at_turn_start: frozenset[str] = frozenset()
    may_stall: str | None = None
    stalling: frozenset[str] = frozenset()
    #: Teams whose next turn's first Block (or Blitz) takes an extra offensive assist (the Cheering Fans kick-off
    #: event); the player making it, while he does (see bbcore.rules.turns.start_activation).
    cheering_fans: frozenset[str] = frozenset()
    cheered_player: str | None = None
    #: The Charge! kick-off event's free activations, while they last (see bbcore.rules.turns).
    charge: Charge | None = None
    #: Changes that end at a moment of a coming team turn (see bbcore.rules.turn_changes).
    turn_changes: tuple[TurnChange, ...] = ()
    #: The team whose turn it is: bbcore.rules.turns.start_turn sets it, bbcore.rules.drive.end_turn and the end
    #: of a drive clear it (None between turns, and for a tracker that does not call them).
    active_team: str | None = None
    #: A team that scored in its opponent's turn and so skips its own next turn (bbcore.rules.turns.start_turn).
    celebrating: str | None = None
    #: The team that won the penalty shoot-out of a game level after Extra Time (bbcore.rules.extra_time).
    shoot_out_winner: str | None = None
    #: A friendly game (bbcore.rules.friendly): no SPP, League Points or winnings, every Casualty a mild one.
    friendly: bool = False
    #: The game was conceded (bbcore.rules.concession); the post-game steps read it.
    conceded: Concession | None = None
    #: The teams whose file (``TeamState.team``) already carries this game's results (bbcore.rules.game_results): the
    #: hiring step adds each team it writes.
    results_written: frozenset[str] = frozenset()
    #: The fixture was not played by the league's time limit and neither coach conceded it: a loss for both, with no
    #: MVP and no winnings (bbcore.rules.concession.fixture_not_played).
    not_played: bool = False

    @property
    def teams(self) -> tuple[TeamState, TeamState]:
        """Both teams, home first: the order in which they roll when both do."""
        return (self.home, self.away)

    def team(self, team_id: str) -> TeamState:
        for team in self.teams:
            if team.id == team_id:
                return team
        raise UsageError(f"no team {team_id!r} in this game; its teams are {self.home.id!r} and {self.away.id!r}")

    def opponent(self, team_id: str) -> TeamState:
        return self.away if self.team(team_id) is self.home else self.home

    @property
    def receiving_team(self) -> str | None:
        return None if self.kicking_team is None else self.opponent(self.kicking_team).id

    def with_team(self, team: TeamState) -> GameState:
        """The state with one team's record replaced (matched by id)."""
        if team.id == self.home.id:
            return attrs.evolve(self, home=team)
        if team.id == self.away.id:
            return attrs.evolve(self, away=team)
        raise UsageError(f"no team {team.id!r} in this game")

    def update_team(self, team_id: str, **changes: Any) -> GameState:
        return self.with_team(attrs.evolve(self.team(team_id), **changes))

    def give_back_reroll(self, team_id: str, pool: str) -> GameState:
        """The state with a team re-roll the team used back in the ``pool`` it came from: :data:`DRIVE_POOL`
        (``TeamState.drive_rerolls``, gone when the drive ends) or :data:`HALF_POOL` (``TeamState.rerolls``)."""
        team = self.team(team_id)
        if pool == DRIVE_POOL:
            return self.update_team(team_id, drive_rerolls=team.drive_rerolls + 1)
        if pool == HALF_POOL:
            return self.update_team(team_id, rerolls=team.rerolls + 1)
        raise UsageError(f"unknown re-roll pool {pool!r}; the pools are {DRIVE_POOL!r} and {HALF_POOL!r}")

    def with_drive_effect(self, effect: str, *, next_drive: bool = False) -> GameState:
        """The state with ``effect`` (a :func:`drive_effect_id`) in force until the drive ends; with ``next_drive``,
        until the next drive ends (it becomes a drive effect when this one ends)."""
        if next_drive:
            return attrs.evolve(self, next_drive_effects=self.next_drive_effects | {effect})
        return attrs.evolve(self, drive_effects=self.drive_effects | {effect})

    @property
    def turn_effects(self) -> frozenset[str]:
        """The effects in force until a moment of a coming team turn: the ``effect`` of each of ``turn_changes``."""
        return frozenset(change.effect for change in self.turn_changes if change.effect is not None)

    def with_drive_form(self, original: PlayerState) -> GameState:
        """The state remembering ``original``, a player as he was before something changed him until the drive ends
        (a spell that turns him into a Frog): the ``drive-ends`` step gives him his own profile back. A player
        already remembered keeps his first form."""
        if original.id in self.drive_forms:
            return self
        return attrs.evolve(self, drive_forms={**self.drive_forms, original.id: original})


def drive_effect_id(table: str, row_id: str) -> str:
    """How ``GameState.drive_effects`` names a table row in force for the drive: ``table/row``."""
    return f"{table}/{row_id}"


#: The ``who`` of an inducement's effect that the whole team gets.
THE_TEAM = "team"


def inducement_rerolls(ruleset: Ruleset, inducements: Mapping[str, int]) -> int:
    """The team re-rolls that inducements add for the game (Extra Team Training): each held inducement's
    ``rerolls`` effects for the team, times how many the team holds. Ids the active list does not have add none
    (the team checks report them). A re-roll that needs a die to work (a mascot's, with a ``target``) is not one of
    them: :func:`bbcore.rules.inducement_uses.inducement_reroll` spends it."""
    total = 0
    for inducement_id, count in inducements.items():
        inducement = ruleset.inducements.get(inducement_id)
        if inducement is not None:
            total += count * sum(effect.rerolls or 0 for effect in inducement.effects if effect.who == THE_TEAM and effect.target is None)
    return total


def team_state(ruleset: Ruleset, team_id: str, team: Team) -> TeamState:
    """A team's record for a game, from its team file: roster, fans, re-rolls (the League Trophy's included), Treasury,
    staff, special rules and CTV.

    The Current Team Value comes from :func:`bbcore.teams.value_team`, so a variant that
    values teams differently is followed.
    """
    roster = team_roster(ruleset, team)
    if roster is None:
        raise UsageError(f"team {team.name!r} names no roster, and has no player to take it from")
    staff = team.staff
    fans = staff.get("dedicated-fans", ruleset.parameters.dedicated_fans.start)
    inducements: dict[str, int] = {}
    for order in team.inducements:  # one inducement may be ordered more than once (two Star Players by position)
        inducements[order.id] = inducements.get(order.id, 0) + order.count
    rerolls = team.rerolls + trophy_rerolls(ruleset, team) + inducement_rerolls(ruleset, inducements)
    return TeamState(
        id=team_id,
        name=team.name,
        roster=roster.id,
        dedicated_fans=staff_count(fans),
        rerolls=rerolls,
        rerolls_per_half=rerolls,
        treasury=team.treasury,
        apothecary=bool(staff_count(staff.get("apothecary", 0))),
        ctv=value_team(ruleset, team).current_team_value,
        assistant_coaches=staff_count(staff.get("assistant-coaches", 0)),
        cheerleaders=staff_count(staff.get("cheerleaders", 0)),
        special_rules=tuple(sorted(team_special_rules(ruleset, team))),
        league=team.league,
        inducements=inducements,
        team=team,
        captain=captain_id(ruleset, team, team_id),
    )


#: A step procedure: ``(ruleset, state, dice, decisions) -> (state, events)``.
StepProcedure = Callable[["Ruleset", GameState, "DiceSource", Decisions], tuple[GameState, tuple[Event, ...]]]


R = TypeVar("R", SequenceStepRegistrar, RowEffectRegistrar)


def _collect(ruleset: Ruleset, hook_name: str, registrar: R) -> R:
    """Call a registrar hook on the ruleset's active plugins, the core's registrations marked as such."""
    core = {info.name for info in ruleset.plugins if info.kind == "core"}
    for impl in getattr(ruleset.hook, hook_name).get_hookimpls():
        try:
            impl.function(registrar.bind(impl.plugin_name, core=impl.plugin_name in core))
        except BBCoreError:
            raise
        except Exception as error:  # noqa: BLE001 - a failing plugin is named, never a traceback
            raise PluginError(f"plugin {impl.plugin_name!r} raised in {hook_name}: {type(error).__name__}: {error}") from None
    return registrar


def sequence_steps(ruleset: Ruleset) -> dict[str, StepProcedure]:
    """The procedure in force for every registered step id, from the ruleset's active plugins.

    The core's procedures come first; a plugin's registration for the same id takes its
    place. Two non-core plugins registering one id is a ``PluginError`` naming both.
    """
    registrar = _collect(ruleset, "bbcore_register_sequence_steps", SequenceStepRegistrar())
    return {step_id: registered.function for step_id, registered in registrar.steps.items()}


def row_effects(ruleset: Ruleset) -> dict[tuple[str, str], StepProcedure]:
    """The procedure in force for every registered (table id or role, row id), from the ruleset's active plugins.

    Collected through ``bbcore_register_row_effects`` as :func:`sequence_steps` collects
    steps: the core's first, a plugin's registration for the same pair in its place, two
    non-core plugins on one pair a ``PluginError`` naming both.
    """
    registrar = _collect(ruleset, "bbcore_register_row_effects", RowEffectRegistrar())
    return {key: registered.function for key, registered in registrar.effects.items()}


def row_effect(ruleset: Ruleset, table: Table, row_id: str) -> StepProcedure | None:
    """What row ``row_id`` of ``table`` does: the procedure registered for the table's id, else for one of its roles, else None."""
    effects = row_effects(ruleset)
    for key in (table.id, *table.roles):
        found = effects.get((key, row_id))
        if found is not None:
            return found
    return None


def run_sequence(
    ruleset: Ruleset,
    sequence_id: str,
    state: GameState,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    start_at: str | None = None,
    stop_after: str | None = None,
) -> tuple[GameState, tuple[Event, ...]]:
    """Run the steps of a sequence, in the ruleset's order, each on the state the one before left.

    Each step's events are preceded by a ``sequence-step`` event naming the step, so a
    log shows what ran. Every step must have a procedure; one without is reported
    (with every other such step) before anything runs.

    ``start_at`` and ``stop_after`` (step ids) run a part of it, so a tracker can play what
    the rules put between two steps: a Charge! (``GameState.charge``) is played after the
    ``kick-off-event`` step and before ``ball-lands``, while the ball is still in the air.
    An id the sequence lacks raises :class:`~bbcore.errors.UsageError` naming its steps.
    """
    sequence = ruleset.sequence(sequence_id)
    procedures = sequence_steps(ruleset)
    missing = [step.id for step in sequence.steps if step.id not in procedures]
    if missing:
        raise PluginError(
            f"sequence {sequence_id!r}: no procedure is registered for the step(s) {', '.join(map(repr, missing))}; "
            "a plugin registers one with the bbcore_register_sequence_steps hook"
        )
    ids = [step.id for step in sequence.steps]
    unknown = [step for step in (start_at, stop_after) if step is not None and step not in ids]
    if unknown:
        raise UsageError(f"sequence {sequence_id!r} has no step {', '.join(map(repr, unknown))}; its steps: {', '.join(ids)}")
    first = ids.index(start_at) if start_at is not None else 0
    last = ids.index(stop_after) if stop_after is not None else len(ids) - 1
    if first > last:
        raise UsageError(f"sequence {sequence_id!r}: step {start_at!r} comes after {stop_after!r}; nothing would run")
    decisions = decisions or DefaultDecisions()
    events: list[Event] = []
    for step in sequence.steps[first : last + 1]:
        events.append(Event("sequence-step", None, result=step.id, detail={"sequence": sequence_id, "name": step.name}))
        state, step_events = procedures[step.id](ruleset, state, dice, decisions)
        events.extend(step_events)
    return state, tuple(events)


def chain_board_hook(ruleset: Ruleset, hook_name: str, board: Board, **arguments: Any) -> tuple[Board, tuple[Event, ...]]:
    """Call each active implementation of a board hook in turn, handing each the board the one before returned.

    For hooks such as ``bbcore_end_of_drive_effects`` whose implementations return
    ``(board, events)`` or None for no change. They are called in pluggy's order
    (``tryfirst`` first, later registrations before earlier ones). An exception
    escaping an implementation becomes a ``PluginError`` naming it.
    """
    outcome = _chain(ruleset, hook_name, board, arguments, pairs=True)
    return outcome.board, outcome.events


def chain_outcome_hook(ruleset: Ruleset, hook_name: str, board: Board, **arguments: Any) -> Outcome:
    """As :func:`chain_board_hook`, for hooks whose implementations return an
    :class:`~bbcore.rules.events.Outcome` (or None): the outcomes are joined, so a turnover
    any of them causes is kept."""
    return _chain(ruleset, hook_name, board, arguments, pairs=False)


def _chain(ruleset: Ruleset, hook_name: str, board: Board, arguments: Mapping[str, Any], *, pairs: bool) -> Outcome:
    outcome = Outcome(board)
    for impl in reversed(getattr(ruleset.hook, hook_name).get_hookimpls()):
        result = _call(impl, hook_name, {"ruleset": ruleset, "board": outcome.board, **arguments})
        if result is not None:
            outcome = outcome.then(Outcome(result[0], tuple(result[1])) if pairs else result)
    return outcome


def chain_state_hook(ruleset: Ruleset, hook_name: str, state: GameState, **arguments: Any) -> tuple[GameState, tuple[Event, ...]]:
    """As :func:`chain_board_hook`, for hooks whose implementations take the game ``state`` and return
    ``(state, events)`` or None: each receives the state the one before returned."""
    events: list[Event] = []
    for impl in reversed(getattr(ruleset.hook, hook_name).get_hookimpls()):
        result = _call(impl, hook_name, {"ruleset": ruleset, "state": state, **arguments})
        if result is not None:
            state, new_events = result
            events.extend(new_events)
    return state, tuple(events)


def _call(impl: Any, hook_name: str, offered: Mapping[str, Any]) -> Any:
    """One implementation called as pluggy would (with only the arguments it takes); an exception names its plugin."""
    try:
        return impl.function(**{name: offered[name] for name in impl.argnames if name in offered})
    except BBCoreError:
        raise
    except Exception as error:
        raise PluginError(f"plugin {impl.plugin_name!r} raised in {hook_name}: {type(error).__name__}: {error}") from error


__all__ = [
    "DRIVE_POOL",
    "HALF_POOL",
    "TURN_ENDS",
    "TURN_STARTS",
    "Charge",
    "DriveChange",
    "GameState",
    "StepProcedure",
    "TeamState",
    "TurnChange",
    "chain_board_hook",
    "chain_outcome_hook",
    "chain_state_hook",
    "drive_effect_id",
    "row_effect",
    "row_effects",
    "run_sequence",
    "sequence_steps",
    "team_state",
]
