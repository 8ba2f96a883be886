"""Every hook a bbcore plugin may implement.

A plugin is a module (or object) registered under the ``bbcore`` entry-point
group. It implements any of the hooks below with :data:`bbcore.hookimpl`::

    from bbcore import hookimpl

    @hookimpl
    def bbcore_register_data(register):
        register.variant("myvariant", data_dir=Path(__file__).parent / "data",
                         description="My variant of Blood Bowl.")

Hooks come in two phases:

* **Registration hooks** run once for every installed plugin when the plugins are
  loaded, whatever ruleset is asked for. They receive a registrar and call it.
* **Ruleset hooks** run while a ruleset is built or used, and only for the plugins
  active in that ruleset: the core, the selected game variant, the selected packs,
  and plugins that register neither a variant nor a pack (extensions).

Unless a hook says ``firstresult``, every active implementation is called and the
results are combined as described.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.errors import Problem
    from bbcore.model.table import Row, Table
    from bbcore.model.team import Team
    from bbcore.registry import DataRegistrar, OptionRegistrar, RowEffectRegistrar, SequenceStepRegistrar
    from bbcore.rules.ball import BallReentry
    from bbcore.rules.board import Board, PlayerState, Square
    from bbcore.rules.events import Event
    from bbcore.rules.injury import CasualtyTreatment
    from bbcore.rules.movement import Crossing
    from bbcore.rules.push import BlockedSquare, PushBlocked
    from bbcore.ruleset import Ruleset
    from bbcore.simulation import SimulatorRegistrar
    from bbcore.teams.checks import TeamCheck
    from bbcore.teams.valuation import TeamValuation

hookspec = pluggy.HookspecMarker("bbcore")
#: Marks a hook implementation; re-exported as ``bbcore.hookimpl``.
hookimpl = pluggy.HookimplMarker("bbcore")


# -- Registration -------------------------------------------------------------


@hookspec
def bbcore_register_data(register: DataRegistrar) -> None:
    """Declare what this plugin provides: core data, a game variant, or inducement packs.

    Called once per plugin when plugins are loaded.

    :param register: call ``register.core(data_dir, description)`` (the built-in core
        only), ``register.variant(name, data_dir, description)`` for a game variant,
        or ``register.pack(name, data_dir, description)`` for an inducement pack.
        A plugin may register several packs. Registering a name another plugin
        already registered is an error that names both plugins.

    The data directory follows the core's layout (``rosters/``, ``tables/``,
    ``teams/``, ``pitches/``, ``skills.yaml``, ``glossary.yaml``,
    ``inducements.yaml``, ``parameters.yaml``, ``sequences.yaml``); every file in it is
    validated against its schema. An entity with a new id is added; one with
    ``replaces: <id>`` takes the place of that entity.
    """


@hookspec
def bbcore_register_options(register: OptionRegistrar) -> None:
    """Declare ruleset options (``--option key=value``) with their allowed values and default.

    Called once per plugin when plugins are loaded.

    :param register: call ``register.option(key, values, default, description)``.
        An option is only accepted when the plugin that declared it is active, so a
        variant's options are errors under another variant. Two plugins declaring
        the same key is an error naming both.
    """


# -- Building a ruleset -------------------------------------------------------


@hookspec
def bbcore_option_problems(options: Mapping[str, str]) -> Iterable[str] | None:
    """Reject combinations of ruleset options that are each allowed alone but not together.

    Called while a ruleset is built, right after the options are resolved (each value
    checked against its allowed values, defaults filled in) and before any data is
    merged. Each option is checked on its own by the core; this hook is for rules that
    tie several together, such as two extra rules that exclude each other.

    :param options: the resolved ruleset options (defaults filled in).
    :return: one plain message for each problem found, or None (or nothing) when the
        options fit together. The messages of every active plugin are collected, and
        if there are any they are raised together as one
        :class:`~bbcore.errors.UsageError`, one message a line.
    """


@hookspec
def bbcore_parameter_changes(options: Mapping[str, str]) -> Mapping[str, Any] | None:
    """Change game parameters in code, for changes a data file cannot express.

    Called while a ruleset is built, after the data files' ``parameters.yaml`` have been
    merged. Prefer a ``parameters.yaml`` in your data directory; use this hook only
    when the change depends on options in a way ``when:`` cannot say.

    :param options: the resolved ruleset options (defaults filled in).
    :return: a partial parameters mapping (same keys as ``parameters.yaml``) or None.
        All results are merged key by key; two plugins setting the same key to
        different values is an error naming both.
    """


@hookspec(firstresult=True)
def bbcore_active_table_for_role(role: str, candidates: tuple[Table, ...], options: Mapping[str, str]) -> Table | None:
    """Choose which table fills a role when more than one active table claims it.

    Called while a ruleset is built, once for each role claimed by several tables
    whose ``when:`` conditions all hold. ``firstresult``: the first non-None answer
    wins. With no answer, the table of the latest layer wins (layers load in the order
    core, game variant, packs, so a pack's beats the variant's, which beats the core's);
    two candidates left in the same layer are an error.

    :param role: the role, e.g. ``weather``.
    :param candidates: the tables claiming it.
    :param options: the resolved ruleset options.
    """


# -- Sequences ------------------------------------------------------------------


@hookspec
def bbcore_register_sequence_steps(register: SequenceStepRegistrar) -> None:
    """Provide the procedures that run the steps of the game sequences, by step id.

    Called for the active plugins each time :func:`bbcore.rules.sequences.run_sequence`
    runs a sequence, so a variant's procedures are used only under that variant. The
    steps themselves and their order are data (``sequences.yaml``); a variant that
    adds a step there registers its procedure here.

    :param register: call ``register.step(step_id, function)``, where ``function`` takes
        ``(ruleset, state, dice, decisions)`` (a :class:`~bbcore.rules.sequences.GameState`
        and a :class:`~bbcore.rules.decisions.Decisions`) and returns the new state
        and a tuple of :class:`~bbcore.rules.events.Event`. The core registers every
        step of its own sequences; a plugin registering one of those ids replaces the
        core's procedure. Two plugins other than the core registering the same id is
        an error naming both. A step with no procedure is an error when it is run.
    """


@hookspec
def bbcore_register_row_effects(register: RowEffectRegistrar) -> None:
    """Provide the procedures that carry out table rows (kick-off events...), by table and row id.

    Called for the active plugins each time a procedure looks a rolled row up (the
    core's ``kick-off-event`` step, through :func:`bbcore.rules.sequences.row_effect`),
    so a variant's procedures are used only under that variant. A row with no procedure
    is recorded only (its event says what was rolled).

    :param register: call ``register.row(table, row_id, function)``. ``table`` is a table
        id (``myvariant/kick-off-events``) or a role (``kick-off-events``); a procedure
        registered for the rolled table's id is preferred to one for its role, so a
        variant whose table reuses a core row id with other wording registers for its
        own table id. ``function`` takes ``(ruleset, state, dice, decisions)`` and returns
        the new :class:`~bbcore.rules.sequences.GameState` and a tuple of
        :class:`~bbcore.rules.events.Event`, as a sequence step does. The core registers
        its kick-off events by role; a plugin registering one of those pairs replaces
        the core's procedure. Two plugins other than the core registering the same pair
        is an error naming both.
    """


# -- Simulation ------------------------------------------------------------------


@hookspec
def bbcore_register_simulators(register: SimulatorRegistrar) -> None:
    """Provide the simulator that plays whole matches of a variant with automatic coaches.

    Called for the active plugins by :func:`bbcore.simulation.simulator_for`, which
    ``bbcore simulate`` and ``bbcore balance`` use; the simulator of the ruleset's
    variant is the one used. The core registers none: Blood Bowl itself has no
    automatic coaches yet.

    :param register: call ``register.simulator(variant, simulator)`` with a
        :class:`~bbcore.simulation.Simulator`: its ``policies``, ``play`` (one match as the
        ``bbcore simulate --json`` document) and ``summary``. Two plugins registering a
        simulator for the same variant is an error naming both.
    """


# -- Team building ------------------------------------------------------------


@hookspec
def bbcore_team_checks(ruleset: Ruleset) -> Iterable[TeamCheck] | None:
    """Contribute the checks a team must pass under this ruleset.

    Called when a team is checked. Every active plugin's checks are collected. A
    :class:`~bbcore.teams.checks.TeamCheck` whose ``replaces`` names another check's
    id takes its place (replace a core check with one that returns nothing to turn
    it off); two checks replacing the same id is an error naming both.

    :param ruleset: the ruleset the team is checked under.
    :return: an iterable of TeamCheck objects.
    """


@hookspec(firstresult=True)
def bbcore_team_valuation(ruleset: Ruleset, team: Team) -> TeamValuation | None:
    """Compute a team's cost and Team Value.

    Called by :func:`bbcore.teams.value_team`. ``firstresult``: the first non-None
    result wins; the core's implementation runs last (``trylast``), so a variant that
    prices teams differently implements this hook and returns its own valuation.

    :param ruleset: the ruleset in force.
    :param team: the team, already structured.
    """


@hookspec
def bbcore_extra_team_problems(ruleset: Ruleset, team: Team) -> Iterable[Problem] | None:
    """Report problems beyond the registered checks, without replacing any.

    Called after the team checks; all results are concatenated.
    """


# -- Board procedures -----------------------------------------------------------
#
# These hooks are asked by the procedures in :mod:`bbcore.rules`. The core's own
# answers come from data (pitch features) or from its built-in plugin, which
# implements the ``firstresult`` hooks with ``trylast`` so that any variant's
# answer comes first.


@hookspec
def bbcore_block_strength_modifier(
    ruleset: Ruleset, board: Board, player: PlayerState, opponent: PlayerState, attacking: bool, blitz: bool
) -> int | None:
    """A change to one side's Strength for one block, from the board (a barricade, a slope...).

    Called twice per block, once for the attacker (``attacking=True``) and once for the
    defender, after assists are counted. All results are summed.

    :param player: the side whose Strength is asked for.
    :param opponent: the other side.
    :param blitz: whether the block is part of a Blitz.
    """


@hookspec(firstresult=True)
def bbcore_push_blocked_outcome(
    ruleset: Ruleset,
    board: Board,
    pushed: PlayerState,
    pusher_square: Square,
    blocked: tuple[BlockedSquare, ...],
    knocked_down: bool,
    dice: DiceSource,
) -> PushBlocked | None:
    """Decide what happens to a pushed player who has no free square to go to.

    Called by the push procedure when every square the player could be pushed into is
    off the pitch, blocked by a feature, or (at the edge) occupied. ``firstresult``:
    the first non-None answer wins. The core (``trylast``) sends the player into the
    crowd when a blocked square is off the pitch, and otherwise leaves the player where
    they are. A variant returns, say, a knock-down with an armour modifier for a wall.

    :param pushed: the player being pushed.
    :param pusher_square: the square the push comes from.
    :param blocked: the candidate squares and why each is unavailable.
    :param knocked_down: the push comes with a knock-down (a POW), resolved after it.
    :param dice: for answers that need a roll (placing a player inside a feature, say).
    :return: a :class:`~bbcore.rules.push.PushBlocked`.
    """


@hookspec
def bbcore_armour_modifiers(ruleset: Ruleset, board: Board, player: PlayerState, cause: str, attacker: PlayerState | None) -> int | None:
    """Modifiers to an Armour Roll beyond the core skills (for example +1 for falling on cobbles).

    Called once per Armour Roll. All results are summed. ``cause`` names why the roll is
    made: ``block``, ``fall``, ``foul``, ``landing``, ``crowd``, ``feature``...
    """


@hookspec
def bbcore_injury_modifiers(ruleset: Ruleset, board: Board, player: PlayerState, cause: str, attacker: PlayerState | None) -> int | None:
    """Modifiers to an Injury Roll beyond the core skills. Called once per Injury Roll; summed."""


@hookspec
def bbcore_ko_recovery_modifiers(ruleset: Ruleset, team: str, player: PlayerState, inducements: Mapping[str, int]) -> int | None:
    """Modifiers to a knocked-out player's recovery roll (kegs, a medic...).

    Called once per knocked-out player at the end of a drive; all results are summed.

    :param team: the id of the player's team.
    :param inducements: that team's inducements in this game (id to count), as the
        caller of :func:`~bbcore.rules.injury.recover_knocked_out` passes them (the
        end-of-drive step passes ``TeamState.inducements``); empty when it passes none.
        An inducement that helps recovery looks for itself here.
    """


@hookspec(firstresult=True)
def bbcore_ko_recovery_rerolls(ruleset: Ruleset, team: str, player: PlayerState, roll: int, inducements: Mapping[str, int]) -> bool | None:
    """Whether a knocked-out player's failed recovery roll may be rolled again (a healer's brew, say).

    Called by :func:`~bbcore.rules.injury.recover_knocked_out` once for each failed
    recovery roll, never for the new roll. ``firstresult``: the first non-None answer
    wins. The core (``trylast``) answers ``False``: no re-roll. A plugin answers ``True``
    for the rolls its inducement lets the team take again (a natural 1, say); the new
    roll stands, whatever it is.

    :param team: the id of the player's team.
    :param roll: the natural D6 that failed.
    :param inducements: that team's inducements in this game (id to count), as for
        :func:`bbcore_ko_recovery_modifiers`.
    """


@hookspec(firstresult=True)
def bbcore_test_reroll(ruleset: Ruleset, board: Board, player: PlayerState, test: str, result: str) -> str | None:
    """A re-roll for a failed D6 test from a source the core does not know (an inducement, a variant's rule).

    Called by :func:`~bbcore.rules.rerolls.take_test` once a test has failed and the
    player's own re-roll skill for it was not used, before a team re-roll is offered, and
    never for the re-rolled die (a die is re-rolled once at most). The procedures that
    ask it: moving (``stand-up``, ``rush``, ``jump``, ``dodge``, ``crossing``), passing
    (``pass``, ``interception``) and Throw Team-mate (``always-hungry``,
    ``squirm-free``, ``throw``, ``landing``). ``firstresult``: the first non-None answer
    wins; no answer (the core gives none) means no such re-roll. The named source is used
    if the coach agrees (``Decisions.use_skill`` is asked with the name), is recorded as
    the test event's ``rerolled_with``, and is not taken off the turn's re-roll budget:
    a plugin whose re-roll is limited keeps its own count.

    :param board: the board as the test is rolled.
    :param player: the player taking the test.
    :param test: the test's name, as in its event (``throw``, ``dodge``...).
    :param result: the failed verdict's result: ``failed`` for a plain test, or the
        procedure's own (``fumbled``, ``subpar``, ``inaccurate``...).
    :return: the name of the re-roll source, or None.
    """


@hookspec(firstresult=True)
def bbcore_casualty_treatment(
    ruleset: Ruleset,
    board: Board,
    player: PlayerState,
    casualty: Row,
    treatment: str | None,
    niggling_injuries: int,
    dice: DiceSource,
) -> CasualtyTreatment | None:
    """What becomes of a casualty roll straight after it is made, before the apothecary or any other healing.

    Called by :func:`~bbcore.rules.injury.suffer_casualty` after every casualty roll
    (not for a casualty a table gives without one), whether or not a treatment was
    chosen. ``firstresult``: the first non-None answer wins. The core (``trylast``)
    lets the roll stand when no treatment is named, and rejects a treatment no
    active plugin answered for. A variant answers for its own treatments (a healer
    bought as an inducement) and for players whose casualties work differently.

    :param player: the player, still where they were before the casualty.
    :param casualty: the row of the casualty table rolled.
    :param treatment: what the player's team chose to use on this result (an inducement
        id, say), asked of the procedure's ``choose_treatment`` callback; None for none.
        The caller offers only what the team still has, and marks as spent what the
        answer's ``treatment`` names.
    :param niggling_injuries: the player's Niggling Injuries, to add to any further
        casualty roll as to the first (see :func:`~bbcore.rules.injury.casualty_roll`).
    :param dice: for treatments that roll.
    :return: a :class:`~bbcore.rules.injury.CasualtyTreatment`: the result that stands,
        the status the player ends in, the treatment used and the events.
    """


@hookspec(firstresult=True)
def bbcore_crossing(ruleset: Ruleset, board: Board, player: PlayerState, origin: Square, target: Square) -> Crossing | None:
    """The extra movement cost and the risk of stepping from ``origin`` to ``target``.

    Called for every step of a move. ``firstresult``. The core (``trylast``) reads the
    edge feature between the squares from the pitch data: its ``crossing_cost`` and
    ``crossing_risk``; with no feature, stepping is free and safe.
    """


@hookspec(firstresult=True)
def bbcore_ball_bounces_on_landing(ruleset: Ruleset, board: Board, square: Square, cause: str) -> int | None:
    """How many times a ball bounces when it lands untouched (the core: once).

    ``firstresult``. ``cause`` is ``kick-off``, ``pass``, ``loose`` or ``throw-in``.
    """


@hookspec(firstresult=True)
def bbcore_ball_reentry(ruleset: Ruleset, board: Board, square: Square, dice: DiceSource, origin: Square | None) -> BallReentry | None:
    """Where a ball that comes down on a square feature goes back into play.

    Called when the ball would come down on a square whose feature has ``ball_lands``
    set, whether from the air (a kick, a throw-in, a pass) or rolling along the ground
    (a bounce); the feature takes the ball before any player inside it could catch it.
    ``firstresult``; the core (``trylast``) bounces it again from that square.

    :param square: the feature square the ball came down on.
    :param dice: for answers that need a roll (a random direction, say).
    :param origin: the square the ball bounced from, or None when it came from the air;
        a feature that acts as a wall can send a bouncing ball back the way it came.
    :return: a :class:`~bbcore.rules.ball.BallReentry`: the square, and whether the ball
        lands there as from the air, bounces from there, or simply arrives there.
    """


@hookspec(firstresult=True)
def bbcore_ball_leaves_pitch(ruleset: Ruleset, board: Board, last_square: Square, off_square: Square, cause: str) -> str | None:
    """What happens when the ball would leave the pitch: ``throw-in`` (the core), ``touchback``, or a variant's answer.

    ``firstresult``. For example a variant with walls along the sidelines answers
    ``rebound`` and the ball procedure throws it back in from the wall.
    """


@hookspec
def bbcore_pass_modifiers(ruleset: Ruleset, board: Board, passer: PlayerState, target: Square, band: Row) -> int | None:
    """Modifiers to the Passing Ability Test of a pass beyond the core's (something under the ruler, a potion...).

    Called once for each test for accuracy, after the range is measured and before the
    die is rolled: by :func:`~bbcore.rules.passing.pass_ball`, by
    :func:`~bbcore.rules.passing.roll_for_accuracy` for a variant's own kinds of pass,
    and so by the pass odds. All results are summed; None adds nothing. The core's
    own modifiers (the band, markers, Disturbing Presence, Accurate, Cannoneer, the
    weather) are counted already.

    :param passer: the player passing, in their square.
    :param target: the declared target square (a variant's throw at a wall may aim
        past the edge of the pitch).
    :param band: the row of the ``pass-range`` table the target is in; its ``modifier``
        value is the range modifier already counted, so a plugin that cancels the range
        returns its negation.
    """


@hookspec(firstresult=True)
def bbcore_thrown_player_lands_on_feature(
    ruleset: Ruleset, board: Board, player: PlayerState, square: Square, dice: DiceSource
) -> PushBlocked | None:
    """What a thrown player meets when landing on a feature square. ``firstresult``; the core treats it as the crowd.

    Also asked, instead of a crash, when the square holds a player out of play inside the
    feature (``traps_players``); ``dice`` is for answers that place the player elsewhere.

    The answers the throw procedure applies: ``crowd`` and ``removed`` (off the pitch, a
    turnover), ``knocked-down`` (falls in the square, with ``armour_modifier``), ``stays``
    with ``fall_on`` (a D6 at or above it makes them fall), ``enters`` (into the feature
    square without a landing roll or an armour roll, a turnover all the same; a ball they
    held comes down there, for a feature that takes the ball to send back); any other
    answer lets them land as usual.
    """


@hookspec(firstresult=True)
def bbcore_thrown_player_leaves_pitch(
    ruleset: Ruleset, board: Board, player: PlayerState, last_square: Square, off_square: Square
) -> PushBlocked | None:
    """What a thrown player meets when they would come down past the edge of the pitch.

    Called by the throw procedure when the thrown player scatters (or bounces off
    another player) over an edge. ``firstresult``: the first non-None answer wins. The
    core (``trylast``) sends them into whatever the pitch says lies past that edge, the
    crowd: an injury roll and a turnover. A variant with walls answers, say, a
    knock-down with an armour modifier: the player falls back onto ``last_square``.

    :param player: the thrown player (in the air: off their square).
    :param last_square: the last square on the pitch on the way out.
    :param off_square: the square past the edge they would have reached.
    :return: a :class:`~bbcore.rules.push.PushBlocked`, read as for
        ``bbcore_thrown_player_lands_on_feature`` on ``last_square``; ``crowd`` and
        ``removed`` take the player off the pitch.
    """


@hookspec
def bbcore_turn_end_effects(
    ruleset: Ruleset, board: Board, team: str, dice: DiceSource, weather: str | None, drive_effects: frozenset[str]
) -> tuple[Board, tuple[Event, ...]] | None:
    """Effects at the end of a team's turn (a creature lurking under the pitch, a storm...).

    Called after each turn. Implementations are called in turn; each returns the new
    board and its events, or None for no change. The board each receives is the
    previous one's result.

    :param team: the id of the team whose turn ends.
    :param weather: the id of the weather row in force (``GameState.weather``), None
        before any was rolled.
    :param drive_effects: the table rows in force for the drive (``GameState.drive_effects``).
    """


@hookspec
def bbcore_end_of_drive_effects(
    ruleset: Ruleset, board: Board, dice: DiceSource, weather: str | None, drive_effects: frozenset[str], drive_players: frozenset[str]
) -> tuple[Board, tuple[Event, ...]] | None:
    """Effects at the end of a drive (secret weapons, the weather...). Called like ``bbcore_turn_end_effects``.

    The ``end-of-drive-effects`` step calls it before knocked-out players try to
    recover and before the pitch is cleared, so the players are still where the drive
    left them. ``weather`` and ``drive_effects`` are as for ``bbcore_turn_end_effects``;
    ``drive_players`` are the players set up for the drive (``GameState.drive_players``).
    """
