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
    from bbcore.cli.plugin_commands import CommandRegistrar
    from bbcore.dice import DiceSource
    from bbcore.errors import Problem
    from bbcore.model.inducement import Inducement
    from bbcore.model.table import Row, Table
    from bbcore.model.team import Team, TeamPlayer
    from bbcore.registry import DataRegistrar, OptionRegistrar, RowEffectRegistrar, SequenceStepRegistrar, SitePageRegistrar
    from bbcore.rules.ball import BallReentry
    from bbcore.rules.board import Board, PlayerState, Square
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.events import Event, Outcome
    from bbcore.rules.foul import ArgueOutcome, FoulCall, FoulReport
    from bbcore.rules.injury import CasualtyTreatment, KnockOutTreatment
    from bbcore.rules.movement import Crossing
    from bbcore.rules.push import BlockedSquare, PushBlocked
    from bbcore.rules.sequences import GameState
    from bbcore.rules_files import RulesFileProblem
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
        or ``register.pack(name, data_dir, description)`` for an inducement pack,
        and ``register.rules_file(rules_id, path, schema, model, description)`` for a
        file of the plugin's own numbers that later layers may amend (read with
        :meth:`~bbcore.ruleset.Ruleset.rules_model`). A plugin may register several
        packs. Registering a name (or a rules id) another plugin already registered is
        an error that names both plugins.

    The data directory follows the core's layout (``rosters/``, ``tables/``,
    ``teams/``, ``pitches/``, ``skills.yaml``, ``glossary.yaml``,
    ``inducements.yaml``, ``parameters.yaml``, ``sequences.yaml``,
    ``amendments.yaml``); every file in it is
    validated against its schema. An entity with a new id is added; one with
    ``replaces: <id>`` takes the place of that entity.

    **Example.** The Sevens example plugin of the how-to registers its data directory as a game
    variant this way (``docs/examples/sevens``); the inducement packs plugin calls
    ``register.pack`` once for each of its two packs instead.

    .. code-block:: python

        from pathlib import Path

        DATA_DIR = Path(__file__).parent / "data"


        @hookimpl
        def bbcore_register_data(register):
            register.variant("sevens", DATA_DIR, "Sevens: seven players a side on a 20 x 11 pitch, six turns a half.")
    """


@hookspec
def bbcore_register_options(register: OptionRegistrar) -> None:
    """Declare ruleset options (``--option key=value``) with their allowed values and default.

    Called once per plugin when plugins are loaded.

    :param register: call ``register.option(key, values, default, description)``.
        An option is only accepted when the plugin that declared it is active, so a
        variant's options are errors under another variant. Two plugins declaring
        the same key is an error naming both.

    **Example.** The five-a-side variant declares its extra rules this way, so that
    ``--option helmets=on`` is accepted under it and nowhere else.

    .. code-block:: python

        @hookimpl
        def bbcore_register_options(register):
            register.option("helmets", ("off", "on"), "off", "The helmets extra rule.")
            register.option(
                "season",
                ("none", "spring", "summer", "autumn", "winter"),
                "none",
                "Seasonal weather: that season's table replaces the Weather table.",
            )
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

    **Example.** The five-a-side variant lets a season or a ground each replace the
    Weather table, but not both at once; it answers this way (simplified).

    .. code-block:: python

        @hookimpl
        def bbcore_option_problems(options):
            chosen = [f"{key}={options[key]}" for key in ("season", "ground") if options.get(key, "none") != "none"]
            if len(chosen) > 1:
                return [f"only one weather table at a time: {' and '.join(chosen)} cannot both be set"]
            return None
    """


@hookspec
def bbcore_parameter_changes(options: Mapping[str, str], rules_files: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """Change game parameters in code, for changes a data file cannot express.

    Called while a ruleset is built, after the data files' ``parameters.yaml`` have been
    merged and the plugins' rules files amended. Prefer a ``parameters.yaml`` in your
    data directory; use this hook only when the change depends on options in a way
    ``when:`` cannot say.

    :param options: the resolved ruleset options (defaults filled in).
    :param rules_files: the plugins' rules files in force, as this ruleset amends them,
        by rules id (each structured into the model it was registered with): a change
        that follows a plugin's own numbers reads them here, since the ruleset does not
        exist yet. Take it only if you need it. An implementation that takes it is not
        called when some rules file or amendment is broken: the ruleset is refused with
        those problems instead.
    :return: a partial parameters mapping (same keys as ``parameters.yaml``) or None.
        All results are merged key by key; two plugins setting the same key to
        different values is an error naming both.

    **Example.** A five-a-side variant's league play builds teams with a bigger budget, a
    longer roster and no inducements, the numbers taken from its own rules file (so a
    league's amendment of that file changes them too).

    .. code-block:: python

        @hookimpl
        def bbcore_parameter_changes(options, rules_files):
            if options.get("match") != "league":
                return None
            league = rules_files["myvariant/building"].league
            return {"draft_budget": league.budget, "roster": {"max": league.roster_max}, "inducements_in_draft": False}
    """


@hookspec
def bbcore_rules_file_problems(ruleset: Ruleset) -> Iterable[RulesFileProblem] | None:
    """Check your rules files against the rest of the ruleset: the references a schema cannot see.

    Called once each time a ruleset is built, after the core's own cross-file checks, with
    the finished ruleset; all results are gathered. Any problem refuses the ruleset: the
    build raises :class:`~bbcore.errors.DataError` listing it with every other problem
    found. Each :class:`~bbcore.rules_files.RulesFileProblem` names a rules file and a
    JSON path into it as the ruleset amends it; the core places it in the file that set
    that value (a league's ``amendments.yaml``, or else your registered file), so a
    league that amends your file is told where its own mistake is. A problem marked
    ``amended_only`` counts only where an amendment set the value: for an entry your
    own file may leave unused (a row a league's replacement table no longer has).

    :param ruleset: the ruleset just built; read your file with
        :meth:`~bbcore.ruleset.Ruleset.rules_model`.
    :return: the problems found, or None.

    **Example.** A variant's rules file lends guest players, each with a roster for its
    miniatures; a roster that the ruleset does not have is reported where it was written.

    .. code-block:: python

        from bbcore.rules_files import RulesFileProblem


        @hookimpl
        def bbcore_rules_file_problems(ruleset):
            guests = ruleset.rules_model("myvariant/guests", Guests).guests
            return [
                RulesFileProblem("myvariant/guests", ("guests", i, "race"), f"no roster {guest.race!r}")
                for i, guest in enumerate(guests)
                if guest.race not in ruleset.rosters
            ]
    """


@hookspec
def bbcore_modifier_names(ruleset: Ruleset) -> Mapping[str, str] | None:
    """Name the modifiers your procedures read, so effects that give them are accepted.

    Called once per ruleset, when its effects are first checked (each time a ruleset is
    built); all results are merged. An effect ``{modifier: NAME, by: N}`` in a table row
    or an inducement must give a name some active plugin reads: the core's
    (``bbcore.modifiers.CORE_MODIFIERS``: ``rush``, ``catch``, ``armour``...), the id of an
    activation trait, or one a plugin names here. Any other name is refused where it is
    written (``unknown-modifier``), since no rule would ever apply it. An answer that is not
    a mapping of names to text is a :class:`~bbcore.errors.PluginError`.

    :param ruleset: the ruleset being checked.
    :return: each modifier name your code reads, with a few words on the roll it changes,
        worded to follow "+1 to" (the site writes an effect as ``+1 to <your words>``); or None.

    **Example.** A variant whose procedure adds a ``fan-factor`` modifier to a team's
    roll-offs names it, so its tables may use it.

    .. code-block:: python

        @hookimpl
        def bbcore_modifier_names(ruleset):
            return {"fan-factor": "a team's total in the variant's roll-offs"}
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

    **Example.** No shipped plugin needs this hook. A plugin whose own weather table should
    win only when an option asks for it could answer this way.

    .. code-block:: python

        @hookimpl
        def bbcore_active_table_for_role(role, candidates, options):
            if role != "weather" or options.get("weather") != "local":
                return None  # let the layers decide
            for table in candidates:
                if table.id == "myplugin/local-weather":
                    return table
            return None
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

    **Example.** The Sevens example plugin adds a warm-up step to the pre-game sequence in its
    ``sequences.yaml`` and registers its procedure this way (simplified from
    ``docs/examples/sevens``).

    .. code-block:: python

        from bbcore.dice import roll_on_table
        from bbcore.rules.events import Event


        @hookimpl
        def bbcore_register_sequence_steps(register):
            register.step("sevens/warm-up", warm_up)


        def warm_up(ruleset, state, dice, decisions):
            table = ruleset.table("sevens/warm-up")
            events = []
            for team in state.teams:
                rolled = roll_on_table(table, dice)
                events.append(Event("warm-up", team.id, rolled.rolls, rolled.row.id))
            return state, tuple(events)
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

    **Example.** The street variant registers a procedure for each row of its own kick-off
    tables; one of them, simplified, puts a drive effect in force that its other rules
    read until the drive ends.

    .. code-block:: python

        from bbcore.rules.events import Event

        LOOSE_DOGS = "myvariant/kick-off-events/loose-dogs"


        @hookimpl
        def bbcore_register_row_effects(register):
            register.row("myvariant/kick-off-events", "loose-dogs", loose_dogs)


        def loose_dogs(ruleset, state, dice, decisions):
            return state.with_drive_effect(LOOSE_DOGS), (Event("drive-effect", None, result=LOOSE_DOGS),)
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

    **Example.** The five-a-side variant registers its simulator for its own variant name this
    way (the simulator class lives in the plugin).

    .. code-block:: python

        from myvariant.simulate import MyVariantSimulator


        @hookimpl
        def bbcore_register_simulators(register):
            register.simulator("myvariant", MyVariantSimulator())
    """


# -- The command line and the site ----------------------------------------------


@hookspec
def bbcore_register_commands(register: CommandRegistrar) -> None:
    """Add commands to ``bbcore``.

    A registration hook: called for every installed plugin when a command line names a
    command the core does not have, or none (so ``bbcore --help`` lists them); a core
    command never imports the plugins for this. Each command appears beside the core's
    and runs the same way: the library's own errors become one-line messages with exit
    status 2, and anything else it raises is reported by plugin name.

    :param register: call ``register.command(name, handler, help, arguments=None,
        with_rules=True)`` (:class:`~bbcore.cli.plugin_commands.CommandRegistrar`).
        ``handler(args)`` runs the command and returns its exit status (None: 0);
        ``arguments(parser)`` adds its own options to its argparse parser; with
        ``with_rules`` it takes ``--variant``, ``--pack``, ``--option`` and ``--amend``,
        read with :func:`~bbcore.cli.plugin_commands.ruleset_for`. Every command takes
        ``--json``. A name the core uses, or that two plugins both register, is an error
        naming the plugins.

    **Example.** The Sevens example plugin (``docs/examples/sevens``) adds ``bbcore
    sevens``, a summary of its game's numbers:

    .. code-block:: python

        from bbcore.cli import emit_json
        from bbcore.cli.plugin_commands import ruleset_for


        def show_sevens(args):
            ruleset = ruleset_for(args, "sevens")  # --variant, else Sevens
            summary = {"players_on_pitch": ruleset.parameters.players_on_pitch}
            if args.json:
                emit_json(summary)
            else:
                print(f"{summary['players_on_pitch']} players a side")


        @hookimpl
        def bbcore_register_commands(register):
            register.command("sevens", show_sevens, "the numbers of a game of Sevens")
    """


@hookspec
def bbcore_register_site_pages(register: SitePageRegistrar) -> None:
    """Add pages to the rules site.

    A registration hook: called for every installed plugin when a Sphinx site using
    ``bbcore.sphinxext`` with ``bbcore_plugin_pages = True`` in its ``conf.py`` is built
    (this site does). Each page is a reStructuredText file the plugin ships (in its
    package, so a wheel carries it); the site publishes it as ``plugins/<plugin>/<name>``
    and lists it on the page ``plugins/index``, which the site's own toctree includes. The page may use every directive and role of
    ``bbcore.sphinxext`` (``.. bbcore-tables::`` with ``:variant:``, say), so it is
    generated from the plugin's data; paths in it (``literalinclude``, images) are not
    rewritten, so keep it self-contained.

    :param register: call ``register.page(name, source)``
        (:class:`~bbcore.registry.SitePageRegistrar`): ``name`` is kebab-case,
        ``source`` the file. A name used twice by one plugin, or a source that is not
        a file, is an error naming the plugin.

    **Example.** The Sevens example plugin publishes its page this way:

    .. code-block:: python

        @hookimpl
        def bbcore_register_site_pages(register):
            register.page("sevens", Path(__file__).parent / "docs" / "sevens.rst")
    """


# -- Team building ------------------------------------------------------------


@hookspec
def bbcore_team_checks(ruleset: Ruleset) -> Iterable[TeamCheck] | None:
    """Contribute the checks a team must pass under this ruleset.

    Called when a team is checked. Every active plugin's checks are collected. A
    :class:`~bbcore.teams.checks.TeamCheck` whose ``replaces`` names another check's
    id takes its place (replace a core check with one that returns nothing to turn
    it off); two checks replacing the same id is an error naming both. A check runs
    at the stages its ``stages`` names (``draft``, ``league``: both by default); the core
    holds a rule that reads differently at each as two checks under one id, and a
    replacement of that id takes the place of both.

    A problem whose code begins with ``unknown-`` (``unknown-role``, say) says the file names
    something the ruleset does not have: bad data rather than a broken rule, so the commands
    that read a team refuse the file (exit 2) and ``bbcore data check`` reports it
    (:func:`~bbcore.teams.checks.unknown_names`).

    :param ruleset: the ruleset the team is checked under.
    :return: an iterable of TeamCheck objects.

    **Example.** The Sevens example plugin allows at most one Big Guy; its check, simplified
    (``docs/examples/sevens``), is contributed this way. The street variant caps its
    non-Linemen the same way.

    .. code-block:: python

        from bbcore.teams.checks import TeamCheck, problem


        def at_most_one_big_guy(ruleset, team):
            positions = [ruleset.rosters[p.roster_id].position(p.position_id) for p in team.players]
            big_guys = [position for position in positions if "Big Guy" in position.keywords]
            if len(big_guys) > 1:
                yield problem("sevens/too-many-big-guys", f"{len(big_guys)} Big Guys; at most 1", "players")


        @hookimpl
        def bbcore_team_checks(ruleset):
            return [TeamCheck("sevens/big-guys", at_most_one_big_guy, description="At most one Big Guy.")]
    """


@hookspec
def bbcore_hiring_surcharges(
    ruleset: Ruleset, state: GameState, team_id: str, hired: tuple[TeamPlayer, ...]
) -> Iterable[tuple[str, int]] | None:
    """What hiring some of ``hired`` costs on top of their Hiring Fee, as (label, gold) items.

    Called by the post-game hiring step (:func:`bbcore.rules.postgame.hiring_and_firing`)
    for each team whose coach changed its file, with the new file's players hired at their
    Hiring Fee (:func:`bbcore.teams.hiring.hiring_cost`). Every plugin's items are added to
    what the changes cost, and an answer that paid less is refused. Return None or nothing
    for no surcharge.

    :param state: the game as it ends: the board's players (Journeymen included) and each
        team's records, where a plugin kept what it needs to know.
    :param team_id: the team hiring.
    :param hired: the players of the new team file hired at their Hiring Fee.

    **Example.** An inducement that teaches a Journeyman a skill for the game might ask
    more for keeping him with it; simplified:

    .. code-block:: python

        @hookimpl
        def bbcore_hiring_surcharges(ruleset, state, team_id, hired):
            taught = {"lineman-with-dodge"}
            return [(f"{p.name}'s lessons", 10_000) for p in hired if p.name in taught]
    """


@hookspec(firstresult=True)
def bbcore_team_valuation(ruleset: Ruleset, team: Team) -> TeamValuation | None:
    """Compute a team's cost and Team Value.

    Called by :func:`bbcore.teams.value_team`. ``firstresult``: the first non-None
    result wins; the core's implementation runs last (``trylast``), so a variant that
    prices teams differently implements this hook and returns its own valuation.

    :param ruleset: the ruleset in force.
    :param team: the team, already structured.

    **Example.** The five-a-side variant prices its teams its own way; simplified, its
    valuation counts each player at their value unless they miss the next match, and
    leaves everything else out.

    .. code-block:: python

        from bbcore.teams.valuation import CostItem, TeamValuation, player_value


        @hookimpl
        def bbcore_team_valuation(ruleset, team):
            items = []
            for player in team.players:
                value = player_value(ruleset, player)
                items.append(CostItem(player.name, value, 0 if player.miss_next_game else value))
            cost = sum(item.cost for item in items)
            counted = sum(item.value for item in items)
            return TeamValuation(cost, counted, counted, tuple(items))
    """


@hookspec
def bbcore_extra_team_problems(ruleset: Ruleset, team: Team) -> Iterable[Problem] | None:
    """Report problems beyond the registered checks, without replacing any.

    Called after the team checks; all results are concatenated.

    **Example.** No shipped plugin needs this hook. A league plugin that forbids two players
    of one team from sharing a name could report it this way, beside every check
    in force.

    .. code-block:: python

        from bbcore.errors import Problem


        @hookimpl
        def bbcore_extra_team_problems(ruleset, team):
            problems, seen = [], set()
            for index, player in enumerate(team.players):
                if player.name in seen:
                    problems.append(Problem("myleague/same-name", f"two players are called {player.name}", f"$.players[{index}]"))
                seen.add(player.name)
            return problems
    """


# -- Blocks, armour, injuries, re-rolls and treatment --------------------------
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

    **Example.** No shipped plugin implements this hook (the core reads a barricade's bonus
    from the pitch data). A variant played on a sloping pitch could let a blitzer
    charging downhill hit harder this way.

    .. code-block:: python

        @hookimpl
        def bbcore_block_strength_modifier(ruleset, board, player, opponent, attacking, blitz):
            if not (attacking and blitz) or player.square is None or opponent.square is None:
                return None
            downhill = player.square[0] < opponent.square[0]  # the pitch slopes away from the home end
            return 1 if downhill else None
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

    **Example.** The street variant answers for its walls this way: a pushed player slammed
    into a market stall stays in his square, and falls over on a D6 of 4 or more
    (simplified: the real answer also deals with pits and the walls along the
    sidelines).

    .. code-block:: python

        from bbcore.rules.push import PushBlocked


        @hookimpl
        def bbcore_push_blocked_outcome(ruleset, board, pushed, pusher_square, blocked, knocked_down, dice):
            stall = next((b for b in blocked if b.reason == "market-stall"), None)
            if stall is None:
                return None  # the core decides
            if knocked_down:
                return PushBlocked("stays", stall.reason)  # the POW knocks him down where he is
            return PushBlocked("stays", stall.reason, fall_on=4)
    """


@hookspec
def bbcore_armour_modifiers(
    ruleset: Ruleset, board: Board, player: PlayerState, cause: str, attacker: PlayerState | None, fell: bool
) -> int | None:
    """Modifiers to an Armour Roll beyond the core skills (for example +1 for falling on cobbles).

    Called once per Armour Roll. All results are summed. ``cause`` names why the roll is
    made: ``block``, ``fall``, ``arm-bar`` (a fall that Arm Bar made worse), ``foul``,
    ``landing``, ``crowd``, ``feature``... ``fell`` is True when the player has just gone to
    the ground (knocked down, fallen over, landed badly:
    :func:`bbcore.rules.injury.knock_down`), False for a roll against a player who stays on
    his feet or was down already (a Foul, a Stab, a Chainsaw, a bomb on a lying player).

    **Example.** The street variant's cobblestones answer this way: every player who falls
    over or is knocked down lands hard (the real plugin reads the +1 from its rules
    file).

    .. code-block:: python

        @hookimpl
        def bbcore_armour_modifiers(ruleset, board, player, cause, attacker, fell):
            return 1 if fell else None  # only a player who hit the cobbles
    """


@hookspec
def bbcore_injury_modifiers(ruleset: Ruleset, board: Board, player: PlayerState, cause: str, attacker: PlayerState | None) -> int | None:
    """Modifiers to an Injury Roll beyond the core skills. Called once per Injury Roll; summed.

    **Example.** No shipped plugin implements this hook. An extra rule that makes blocks more
    brutal when ``--option brutal=on`` is chosen could answer this way.

    .. code-block:: python

        @hookimpl
        def bbcore_injury_modifiers(ruleset, board, player, cause, attacker):
            if cause != "block" or attacker is None:
                return None
            if ruleset.options.get("brutal") != "on":
                return None
            return 1
    """


@hookspec
def bbcore_ko_recovery_modifiers(ruleset: Ruleset, team: str, player: PlayerState, inducements: Mapping[str, int]) -> int | None:
    """Modifiers to a knocked-out player's recovery roll (kegs, a medic...).

    Called once per knocked-out player at the end of a drive; all results are summed.

    :param team: the id of the player's team.
    :param inducements: that team's inducements in this game (id to count), as the
        caller of :func:`~bbcore.rules.injury.recover_knocked_out` passes them (the
        end-of-drive step passes ``TeamState.inducements``); empty when it passes none.
        An inducement that helps recovery looks for itself here.

    **Example.** The core's built-in plugin adds the modifier of every inducement with a
    ``ko-recovery`` effect in its data, so most inducements need no code. One a plugin
    counts itself looks like this.

    .. code-block:: python

        @hookimpl
        def bbcore_ko_recovery_modifiers(ruleset, team, player, inducements):
            bottles = inducements.get("myplugin/smelling-salts", 0)
            if bottles == 0:
                return None
            return min(bottles, 2)  # +1 a bottle, +2 at most
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

    **Example.** The inducement packs plugin lets a team that hired the famous brewer roll a
    failed recovery of a natural 1 again; simplified (the real plugin reads the
    inducement ids and the rolls from its rules file), it answers this way.

    .. code-block:: python

        @hookimpl
        def bbcore_ko_recovery_rerolls(ruleset, team, player, roll, inducements):
            if roll == 1 and inducements.get("bb2020/josef-bugman", 0) > 0:
                return True
            return None  # leave it to the core: no re-roll
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

    **Example.** The inducement packs plugin lets a hired giant throw a team-mate again after a
    fumble, naming the giant as the source; simplified, it answers this way.

    .. code-block:: python

        @hookimpl
        def bbcore_test_reroll(ruleset, board, player, test, result):
            if test != "throw" or result != "fumbled":
                return None
            if player.position not in ("bb2020/giant-mercenary", "classic/slave-giant"):
                return None
            return player.position
    """


@hookspec(firstresult=True)
def bbcore_inducement_player(ruleset: Ruleset, inducement: Inducement, team: str, player_id: str) -> PlayerState | None:
    """The player an inducement brings to the game when no roster position makes him (a giant with a stat line of its own).

    Called by :func:`bbcore.rules.hired_players.hired_players` for an order of an
    inducement that names no position, once per player the order's count asks for, until
    an answer is None. ``firstresult``: the first non-None answer wins; with none, the
    order brings nobody (most inducements bring no player).

    :param inducement: the inducement ordered.
    :param team: the id of the team that ordered it.
    :param player_id: the id the player must have (``<team>-hired-<n>``).
    :return: the player, in the Reserves and marked ``hired`` (for this game only), or
        None when the inducement brings nobody this plugin knows of.

    **Example.** A plugin whose inducement brings a troll of its own stat line:

    .. code-block:: python

        from bbcore.rules.board import PlayerState, Status


        @hookimpl
        def bbcore_inducement_player(ruleset, inducement, team, player_id):
            if inducement.id != "myplugin/hired-troll":
                return None
            return PlayerState(player_id, team, 4, 5, 5, 6, 10, status=Status.RESERVES, hired=True)
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

    **Example.** The street variant and the inducement packs plugin both answer for a player
    turned into a frog by a wizard: whatever was rolled, the casualty counts as Badly
    Hurt, and any treatment is turned down. Simplified, that reads as follows.

    .. code-block:: python

        from bbcore.rules.board import Status
        from bbcore.rules.events import Event
        from bbcore.rules.injury import CasualtyTreatment


        @hookimpl
        def bbcore_casualty_treatment(ruleset, board, player, casualty, treatment, niggling_injuries, dice):
            if not player.has("myplugin/frog"):
                return None  # the core, or another plugin, decides
            badly_hurt = ruleset.table("casualty").rows[0]
            event = Event("casualty-treatment", player.id, (), badly_hurt.id, {"frog": True})
            return CasualtyTreatment(badly_hurt, Status.CASUALTY, None, (event,))
    """


@hookspec(firstresult=True)
def bbcore_last_resort_treatment(
    ruleset: Ruleset,
    board: Board,
    player: PlayerState,
    casualty: Row,
    treatment: str,
    dice: DiceSource,
) -> CasualtyTreatment | None:
    """What a last resort does for a casualty that every other healing has left standing.

    Called by :func:`~bbcore.rules.injury.suffer_casualty` once Regeneration, the
    treatment straight after the roll and the apothecary are all done and the player is
    still a casualty, when his team names a treatment: the procedure's
    ``choose_treatment`` callback (``Decisions.casualty_treatment``) is asked with
    ``last-resort:`` and the standing row's id (:func:`~bbcore.rules.injury.last_resort`).
    Not called when no treatment is named. ``firstresult``: the first non-None answer
    wins; the core (``trylast``) rejects a treatment no active plugin answered for. A
    variant answers for the last resorts it sells (a salve bought as an inducement).

    :param player: the player, still where he was before the casualty.
    :param casualty: the casualty table row that stands.
    :param treatment: what his team chose to use (an inducement id, say). The caller
        offers only what the team still has, and marks as spent what the answer's events
        name (a ``casualty-treatment`` event with a ``treatment`` detail, as
        :func:`bbcore.rules.treatments.spend_treatments` reads).
    :param dice: for treatments that roll.
    :return: a :class:`~bbcore.rules.injury.CasualtyTreatment`: the result that stands
        against him (it is recorded, and its lasting injury rolled, wherever he goes),
        where he goes (the Casualty box, the KO box or the Reserves) and the events.

    **Example.** A salve that gets a badly hurt player back to the dugout for the rest of
    the game.

    .. code-block:: python

        from bbcore.rules.board import Status
        from bbcore.rules.events import Event
        from bbcore.rules.injury import CasualtyTreatment


        @hookimpl
        def bbcore_last_resort_treatment(ruleset, board, player, casualty, treatment, dice):
            if treatment != "myplugin/salve":
                return None  # another plugin's, or unknown (the core says so)
            event = Event("casualty-treatment", player.id, (), "reserves", {"treatment": treatment})
            return CasualtyTreatment(casualty, Status.RESERVES, treatment, (event,))
    """


@hookspec(firstresult=True)
def bbcore_knock_out_treatment(
    ruleset: Ruleset,
    board: Board,
    player: PlayerState,
    treatment: str,
    dice: DiceSource,
) -> KnockOutTreatment | None:
    """What a treatment makes of a Knocked-out injury result, before the player leaves the pitch.

    Called by :func:`~bbcore.rules.injury.roll_injury` when a player's injury roll comes
    out Knocked-out and his team names a treatment for it: the procedure's
    ``choose_treatment`` callback (``Decisions.casualty_treatment``) is asked with the
    injury table row's id (``knocked-out``), before the apothecary. Not called when no
    treatment is named. ``firstresult``: the first non-None answer wins; the core
    (``trylast``) rejects a treatment no active plugin answered for. A variant answers
    for the treatments it sells (an orc medic bought as an inducement).

    :param player: the player, still where he was knocked down.
    :param treatment: what his team chose to use (an inducement id, say). The caller
        offers only what the team still has, and marks as spent what the events name.
    :param dice: for treatments that roll.
    :return: a :class:`~bbcore.rules.injury.KnockOutTreatment`: Knocked-out as usual
        (the apothecary is then offered), Stunned on the pitch, or a casualty (which
        ``counts_as`` a Casualty table result without a roll, or is rolled), with the
        treatment's events.

    **Example.** A trainer who always gets the player back on his feet, Stunned.

    .. code-block:: python

        from bbcore.rules.board import Status
        from bbcore.rules.events import Event
        from bbcore.rules.injury import KnockOutTreatment


        @hookimpl
        def bbcore_knock_out_treatment(ruleset, board, player, treatment, dice):
            if treatment != "myplugin/trainer":
                return None  # another plugin's, or unknown (the core says so)
            event = Event("trainer", player.id, (), "stunned", {"treatment": treatment})
            return KnockOutTreatment(Status.STUNNED, (event,))
    """


# -- Fouls and the referee -----------------------------------------------------


@hookspec(firstresult=True)
def bbcore_foul_call(ruleset: Ruleset, state: GameState, report: FoulReport, dice: DiceSource) -> FoulCall | None:
    """What the officials make of a Foul, once its Armour and Injury Rolls are made.

    Called by :func:`~bbcore.rules.foul.foul` once per Foul, before anyone is Sent-off.
    ``firstresult``: the first non-None answer wins. The core (``trylast``,
    :func:`~bbcore.rules.foul.core_foul_call`) sends the fouler off on a natural double,
    as Blood Bowl 2025 does (:func:`~bbcore.rules.foul.doubles_call`), and otherwise rolls
    for a Dodgy League Rep the victim's team hired (:func:`~bbcore.rules.foul.close_scrutiny`).
    A variant answers for a game with no referee, or for a referee a team paid for; to keep
    the core's ruling as well, return ``core_foul_call(ruleset, state, report, dice)`` (or
    ``doubles_call(ruleset, state, report)`` for the doubles alone) where it applies.

    :param state: the game after the Foul's rolls (the victim already injured).
    :param report: the fouler, the victim and the natural dice of the Armour and Injury
        Rolls (:class:`~bbcore.rules.foul.FoulReport`).
    :param dice: for officials who roll.
    :return: a :class:`~bbcore.rules.foul.FoulCall`: whom to send off (the core then
        runs :func:`~bbcore.rules.foul.send_off`, with Arguing the Call and a Bribe when
        ``bribe`` allows it), the board if the officials changed it, their events.

    **Example.** A game with no referee: nobody is ever Sent-off for a Foul.

    .. code-block:: python

        from bbcore.rules.foul import FoulCall


        @hookimpl
        def bbcore_foul_call(ruleset, state, report, dice):
            return FoulCall()  # nobody saw a thing
    """


@hookspec(firstresult=True)
def bbcore_argue_the_call(
    ruleset: Ruleset, state: GameState, team_id: str, player_id: str, reason: str, dice: DiceSource
) -> ArgueOutcome | None:
    """A coach Argues the Call after his player was Sent-off.

    Called by :func:`~bbcore.rules.foul.send_off` when the coach chooses to argue
    (``Decisions.argue_the_call``) and has not been ejected. ``firstresult``: the first
    non-None answer wins. The core (``trylast``,
    :func:`~bbcore.rules.foul.core_argue_the_call`) rolls on the ``argue-the-call`` table
    with the ``argue-the-call`` modifiers of the team's inducements. Whatever answers, a
    row whose id is the parameter ``fouls.coach_ejected_by`` bars the coach from arguing
    again this game.

    :param team_id: the arguing coach's team.
    :param player_id: the player Sent-off.
    :param reason: what for: ``foul``, or the ``reason`` of the
        :class:`~bbcore.rules.foul.FoulCall` that sent him off, or what another caller of
        :func:`~bbcore.rules.foul.send_off` named.
    :return: an :class:`~bbcore.rules.foul.ArgueOutcome`: the row (None when nobody may
        argue after all), the state, whether the player stays in the game and whether the
        Turnover still stands, whether a Bribe may follow, the events.

    **Example.** A hired referee in whose games nobody argues.

    .. code-block:: python

        from bbcore.rules.foul import ArgueOutcome


        @hookimpl
        def bbcore_argue_the_call(ruleset, state, team_id, player_id, reason, dice):
            if not any(team.inducements.get("myplugin/stern-referee") for team in state.teams):
                return None  # the usual argument
            return ArgueOutcome(None, state)
    """


# -- The kick, movement, the ball and throws -----------------------------------


@hookspec(firstresult=True)
def bbcore_kick_deviation(
    ruleset: Ruleset, state: GameState, kicking_team: str, target: Square, kicker: str | None, dice: DiceSource, decisions: Decisions
) -> tuple[Square, tuple[Event, ...]] | None:
    """Where a kick-off bound for ``target`` comes down, when something other than the usual deviation decides it.

    Called by the core's ``kick-off`` step (:func:`~bbcore.rules.drive.kick`) once the
    target is chosen, before the ball deviates. ``firstresult``: the first non-None
    answer wins; no answer (the core gives none) means the usual deviation
    (:func:`~bbcore.rules.ball.kick`, shorter for a ``kicker`` using Kick).

    :param state: the game as the kick is taken.
    :param kicking_team: the team kicking.
    :param target: the square aimed at.
    :param kicker: the kicking player when he kicks with Kick, or None (whoever kicks is ``state.kicking_player``).
    :param decisions: the coaches' answers to any choice the deviation offers.
    :return: the square the ball is bound for (perhaps off the pitch) and the events, or None.

    **Example.** A team that paid for a coach of kickers deviates one square less.

    .. code-block:: python

        from bbcore.rules.ball import deviate
        from bbcore.rules.events import Event


        @hookimpl
        def bbcore_kick_deviation(ruleset, state, kicking_team, target, kicker, dice, decisions):
            if state.team(kicking_team).inducements.get("myplugin/kicking-coach", 0) <= 0:
                return None
            landing, rolls = deviate(ruleset, target, dice, distance="D3")
            return landing, (Event("kick", kicking_team, rolls, "deviated", {"target": list(target), "landing": list(landing)}),)
    """


@hookspec(firstresult=True)
def bbcore_bribe_reroll(ruleset: Ruleset, state: GameState, team_id: str, player_id: str) -> str | None:
    """A re-roll for a Bribe's failed D6, from an inducement the team holds (a fixer, say).

    Called by :func:`~bbcore.rules.foul.send_off` each time a Bribe's D6 fails, before the
    player leaves. ``firstresult``: the first non-None answer wins; no answer (the core
    gives none) means no re-roll. The coach is asked (``Decisions.use_skill`` with the
    inducement's id and the situation ``bribe``); if he takes it, the core notes it as a
    use of that inducement (:func:`~bbcore.rules.inducement_uses.use_inducement`, which
    enforces the inducement's ``uses`` from its data) and rolls the D6 again, once.

    :param state: the game as the Bribe fails (the Bribe already spent).
    :param team_id: the team that spent the Bribe.
    :param player_id: the player Sent-off.
    :return: the id of an inducement the team holds, or None. A plugin whose re-roll is
        limited otherwise than by the inducement's ``uses`` counts the earlier ones in
        ``TeamState.inducement_uses``.

    **Example.** A hired fixer who may roll a failed Bribe again once a game.

    .. code-block:: python

        @hookimpl
        def bbcore_bribe_reroll(ruleset, state, team_id, player_id):
            team = state.team(team_id)
            if team.inducements.get("myplugin/fixer", 0) <= 0:
                return None
            used = len(team.inducement_uses.get("myplugin/fixer", ()))
            return "myplugin/fixer" if used < 1 else None
    """


@hookspec(firstresult=True)
def bbcore_crossing(ruleset: Ruleset, board: Board, player: PlayerState, origin: Square, target: Square) -> Crossing | None:
    """The extra movement cost and the risk of stepping from ``origin`` to ``target``.

    Called for every step of a move. ``firstresult``. The core (``trylast``) reads the
    edge feature between the squares from the pitch data: its ``crossing_cost`` and
    ``crossing_risk``; with no feature, stepping is free and safe.

    **Example.** The core's built-in plugin gives the crossing cost and risk of the pitch
    data (``bbcore.core_plugin``). A plugin that lets a player with Leap clear an
    edge feature freely would answer first, this way.

    .. code-block:: python

        from bbcore.rules.movement import Crossing


        @hookimpl
        def bbcore_crossing(ruleset, board, player, origin, target):
            feature = board.geometry.feature_between(origin, target)
            if feature is None or not player.has("leap"):
                return None  # the core reads the pitch data
            return Crossing()  # no extra cost, no risk
    """


@hookspec(firstresult=True)
def bbcore_steps_over(ruleset: Ruleset, board: Board, player: PlayerState, lying: PlayerState) -> bool | None:
    """Whether ``player``, on a base bigger than one square, may step over ``lying`` (a player down on the pitch).

    Called by :func:`bbcore.rules.movement.plan_path` for each square a step of a bigger
    base (``PlayerState.base``) would cover that holds a player who is not Standing.
    ``firstresult``; with no answer (the core gives none) the player is in the way. A
    player stepped over is only passed: a path may never end with the base on him, and
    a mover who falls there pushes him out from under the base
    (:func:`bbcore.rules.movement.fall_over`). A one-square player is never asked: he
    jumps instead. Nor is the hook asked about a ``lying`` player on a bigger base: two
    bases never overlap, so he is always in the way.

    **Example.** The inducement packs let a hired giant stride over Prone and Stunned
    players, the statuses its entry names; simplified, it answers this way.

    .. code-block:: python

        @hookimpl
        def bbcore_steps_over(ruleset, board, player, lying):
            if player.position != "bb2020/giant-mercenary":
                return None
            return lying.status.value in ("prone", "stunned")
    """


@hookspec(firstresult=True)
def bbcore_interception_relief(ruleset: Ruleset, board: Board, player: PlayerState) -> int | None:
    """How much the negative modifiers of ``player``'s interception are eased, together and never past 0.

    Called by :func:`bbcore.rules.passing.interception_modifier` for each player who may
    intercept. ``firstresult``; with no answer (the core gives none) the modifiers stand.

    **Example.** The inducement packs' giants get in the way of passes: their entry's
    ``interference_relief`` (2) eases the negatives; simplified, it answers this way.

    .. code-block:: python

        @hookimpl
        def bbcore_interception_relief(ruleset, board, player):
            return 2 if player.position == "bb2020/giant-mercenary" else None
    """


@hookspec(firstresult=True)
def bbcore_ball_bounces_on_landing(ruleset: Ruleset, board: Board, square: Square, cause: str) -> int | None:
    """How many times a ball bounces when it lands untouched (the core: once).

    ``firstresult``. ``cause`` is ``kick-off``, ``pass``, ``loose``, ``throw-in`` or ``punt``.

    **Example.** The street variant's cobblestones answer this way: a ball that comes down
    untouched bounces twice, as its rules file says.

    .. code-block:: python

        from myvariant.rules import variant_rules


        @hookimpl
        def bbcore_ball_bounces_on_landing(ruleset, board, square, cause):
            return variant_rules(ruleset).bounces_on_landing  # 2 on the cobbles
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

    **Example.** The street variant answers for its market stalls; simplified, a ball rolling
    into a stall comes back to the square it came from, and one falling onto it from
    the air lands on the first free square beside it.

    .. code-block:: python

        from bbcore.rules.ball import BallReentry


        @hookimpl
        def bbcore_ball_reentry(ruleset, board, square, dice, origin):
            feature = board.geometry.feature_at(square)
            if feature is None or feature.id != "market-stall":
                return None  # the core bounces it again
            if origin is not None:
                return BallReentry(origin, bounce=False)  # off the wall, back where it came from
            outside = [s for s in board.neighbours(square) if board.geometry.feature_at(s) is None]
            return BallReentry(outside[0] if outside else None, lands=True)
    """


@hookspec(firstresult=True)
def bbcore_ball_leaves_pitch(ruleset: Ruleset, board: Board, last_square: Square, off_square: Square, cause: str) -> str | None:
    """What happens when the ball would leave the pitch: ``throw-in`` (the core), ``touchback``, or a variant's answer.

    ``firstresult``. For example a variant with walls along the sidelines answers
    ``rebound`` and the ball procedure throws it back in from the wall.

    **Example.** The street variant's walls along the sidelines answer this way; past an
    end line there is no wall, so the core answers.

    .. code-block:: python

        @hookimpl
        def bbcore_ball_leaves_pitch(ruleset, board, last_square, off_square, cause):
            if board.geometry.beyond(off_square) == "wall":
                return "rebound"
            return None
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

    **Example.** The street variant's Potion of Accuracy cancels the range modifier this way
    (its market stalls, in the way of a pass, add a modifier through the same hook).

    .. code-block:: python

        @hookimpl
        def bbcore_pass_modifiers(ruleset, board, passer, target, band):
            if not passer.has("myvariant/potion-of-accuracy"):
                return None
            range_modifier = int(band.values.get("modifier") or 0)
            return -range_modifier or None
    """


@hookspec(firstresult=True)
def bbcore_thrown_player_lands_on_feature(
    ruleset: Ruleset, board: Board, player: PlayerState, square: Square, dice: DiceSource
) -> PushBlocked | None:
    """What a thrown player meets when landing on a feature square in force. ``firstresult``; the core treats it as
    the crowd, except a feature he may fall through, which he lands on as usual and is then rolled for
    (:mod:`bbcore.rules.trapdoors`).

    Also asked, instead of a crash, when the square holds a player out of play inside the
    feature (``traps_players``); ``dice`` is for answers that place the player elsewhere.

    The answers the throw procedure applies: ``crowd`` and ``removed`` (off the pitch, a
    turnover), ``knocked-down`` (falls in the square, with ``armour_modifier``), ``stays``
    with ``fall_on`` (a D6 at or above it makes them fall), ``enters`` (into the feature
    square without a landing roll or an armour roll, a turnover all the same; a ball they
    held comes down there, for a feature that takes the ball to send back); any other
    answer lets them land as usual.

    **Example.** The street variant answers for its pits and its market stalls; simplified, a
    thrown player falls into a pit (a turnover, no armour roll) or crashes into a
    stall and is hurt more easily.

    .. code-block:: python

        from bbcore.rules.push import PushBlocked


        @hookimpl
        def bbcore_thrown_player_lands_on_feature(ruleset, board, player, square, dice):
            feature = board.geometry.feature_at(square)
            if feature is None:
                return None
            if feature.id == "pit":
                return PushBlocked("enters", feature.id)
            if feature.id == "market-stall":
                return PushBlocked("knocked-down", feature.id, armour_modifier=1)
            return None  # the core: as the crowd
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

    **Example.** The street variant's walls along the sidelines answer this way: the player
    crashes into the wall and falls back onto the last square, with +1 to the armour
    roll.

    .. code-block:: python

        from bbcore.rules.push import PushBlocked


        @hookimpl
        def bbcore_thrown_player_leaves_pitch(ruleset, board, player, last_square, off_square):
            if board.geometry.beyond(off_square) != "wall":
                return None  # the core: into the crowd
            return PushBlocked("knocked-down", "wall", armour_modifier=1)
    """


# -- The moments of a turn and a drive -----------------------------------------


@hookspec
def bbcore_turn_end_effects(
    ruleset: Ruleset,
    board: Board,
    team: str,
    dice: DiceSource,
    weather: str | None,
    drive_effects: frozenset[str],
    decisions: Decisions,
    stalling: frozenset[str],
) -> tuple[Board, tuple[Event, ...]] | None:
    """Effects at the end of a team's turn (a creature lurking under the pitch, a storm...).

    Called after each turn. Implementations are called in turn; each returns the new
    board and its events, or None for no change. The board each receives is the
    previous one's result. The core's own (``tryfirst``) plays Pick-me-up
    (:func:`bbcore.rules.turn_end.pick_me_up`).

    :param team: the id of the team whose turn ends.
    :param weather: the id of the weather row in force (``GameState.weather``), None
        before any was rolled.
    :param drive_effects: the table rows in force for the drive (``GameState.drive_effects``).
    :param decisions: the coaches' answers (a push to resolve, a treatment for a casualty...);
        :class:`~bbcore.rules.decisions.DefaultDecisions` when the caller gave none.
    :param stalling: the players found Stalling in the turn that ends (``GameState.stalling``,
        see :mod:`bbcore.rules.stalling`).

    **Example.** The street variant rolls for whatever lurks in its pits at the end of each
    team turn; simplified (its real rule rolls on a table), a player of the team whose
    turn ends, trapped in a pit, is hurt on a 1.

    .. code-block:: python

        from bbcore.rules.board import Status
        from bbcore.rules.events import Event


        @hookimpl
        def bbcore_turn_end_effects(ruleset, board, team, dice, weather, drive_effects, decisions, stalling):
            events = []
            for player in list(board.team_players(team)):
                if player.on_pitch and board.trapped(player):
                    roll = dice.roll(6)
                    events.append(Event("pit-creature", player.id, (roll,), "bitten" if roll == 1 else "nothing"))
                    if roll == 1:
                        board = board.with_player(player.with_status(Status.CASUALTY))
            return (board, tuple(events)) if events else None
    """


@hookspec
def bbcore_turn_start_effects(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """Effects as a team's turn starts, before anyone is activated (a prayer called on, a hazard that wakes...).

    Called by :func:`bbcore.rules.turns.start_turn`, which a match tracker calls as each
    team turn starts, after the core's own (Throw a Rock); the core also answers it, first
    (``tryfirst``: a Weather Mage may be called, :mod:`bbcore.rules.weather_mage`). Implementations are called in
    turn, each on the state the one before returned, and return the new state and their
    events, or None for no change. An effect that ends the turn before anyone is activated
    (the team's own ball carrier knocked down) adds an event of kind
    :data:`bbcore.rules.turns.TURNOVER_EVENT` for ``team``; the tracker sees it through
    :func:`bbcore.rules.turns.turn_lost` and ends the turn.

    :param state: the game, the team's turn marker (``TeamState.turn``) already moved on.
    :param team: the id of the team whose turn starts.
    :param decisions: the coaches' answers; :class:`~bbcore.rules.decisions.DefaultDecisions`
        when the caller gave none.

    **Example.** A variant whose crowd cheers the team on gives it a re-roll for the turn on a
    6; simplified:

    .. code-block:: python

        from bbcore.rules.events import Event


        @hookimpl
        def bbcore_turn_start_effects(ruleset, state, team, dice, decisions):
            roll = dice.roll(6)
            if roll < 6:
                return None
            cheered = state.update_team(team, drive_rerolls=state.team(team).drive_rerolls + 1)
            return cheered, (Event("cheered-on", team, (roll,), "re-roll"),)
    """


@hookspec
def bbcore_after_procedure_effects(
    ruleset: Ruleset, state: GameState, before: Board, events: tuple[Event, ...], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """Effects the moment a procedure ends (a block, a move, a pass, a kick-off event...), on the whole game.

    Called by :func:`bbcore.rules.turns.after_procedure`, which a match tracker calls with
    each procedure's outcome to take it into the game. Implementations are called in turn,
    each on the state the one before returned, and return the new state and their events,
    or None for no change. Where the procedures see the board only, these see the teams'
    records, so they may spend an inducement or remember what happened this game.

    :param state: the game with the procedure's board in it.
    :param before: the board as it was before the procedure: who left the pitch, who
        went down, is the difference.
    :param events: the procedure's events.
    :param decisions: the coaches' answers; :class:`~bbcore.rules.decisions.DefaultDecisions`
        when the caller gave none.

    **Example.** A variant whose fans pay for every player their team loses to the Casualty
    box gives that team a coin for its Treasury each time; simplified:

    .. code-block:: python

        from bbcore.rules.board import Status
        from bbcore.rules.events import Event


        @hookimpl
        def bbcore_after_procedure_effects(ruleset, state, before, events, dice, decisions):
            hurt = [
                p for p in before.players.values()
                if p.on_pitch and state.board.player(p.id).status is Status.CASUALTY
            ]
            for player in hurt:
                team = state.team(player.team)
                state = state.update_team(team.id, treasury=team.treasury + 1000)
            return (state, tuple(Event("fans-pay", p.team, (), "1000") for p in hurt)) if hurt else None
    """


@hookspec
def bbcore_after_turn_effects(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """Effects just after a team's turn has ended, before the next begins (a spell cast between turns, say).

    Called by :func:`bbcore.rules.drive.end_turn` once the turn's board-level effects
    (``bbcore_turn_end_effects``) are done and its records cleared. Where those see the board
    only, these see the whole game, so they may spend an inducement's use or move a turn
    marker. The core answers first (``tryfirst``: the Sports-Wizard is offered to both
    coaches, :mod:`bbcore.rules.sports_wizard`). Implementations are called in turn, each on the state the one before returned,
    and return the new state and their events, or None for no change.

    :param state: the game as the turn left it.
    :param team: the id of the team whose turn has just ended (a Turnover included).
    :param decisions: the coaches' answers; :class:`~bbcore.rules.decisions.DefaultDecisions`
        when the caller gave none.

    **Example.** A variant whose crowd boos a team that ends its turn with nobody standing
    takes that team's re-roll for the drive; simplified:

    .. code-block:: python

        from bbcore.rules.events import Event


        @hookimpl
        def bbcore_after_turn_effects(ruleset, state, team, dice, decisions):
            if any(p.standing for p in state.board.team_players(team)) or not state.team(team).drive_rerolls:
                return None
            booed = state.update_team(team, drive_rerolls=state.team(team).drive_rerolls - 1)
            return booed, (Event("booed", team, (), "re-roll lost"),)
    """


@hookspec
def bbcore_activation_start_effects(
    ruleset: Ruleset, state: GameState, player_id: str, action: str | None, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """Effects as a player's activation starts, once his action is declared (a spell that lets him better a
    characteristic for the turn, say).

    Called by :func:`bbcore.rules.turns.start_activation`, which a match tracker calls as
    each activation starts, after the core's own (the Cheering Fans' assist).
    Implementations are called in turn, each on the state the one before returned, and
    return the new state and their events, or None for no change.

    :param player_id: the player being activated.
    :param action: the action he declared (``move``, ``block``...), None when he forgoes his
        activation.
    :param decisions: the coaches' answers; :class:`~bbcore.rules.decisions.DefaultDecisions`
        when the caller gave none.

    **Example.** A variant whose drummers quicken the first player of a team activated in a
    turn; simplified (no record of who was first, no undoing):

    .. code-block:: python

        import attrs

        from bbcore.rules.events import Event


        @hookimpl
        def bbcore_activation_start_effects(ruleset, state, player_id, action, decisions):
            if state.activated or action != "move":
                return None
            player = state.board.player(player_id)
            quicker = attrs.evolve(player, ma=player.ma + 1)
            state = attrs.evolve(state, board=state.board.with_player(quicker))
            return state, (Event("drums", player_id, (), "quicker"),)
    """


@hookspec
def bbcore_activation_end_effects(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    dice: DiceSource,
    weather: str | None,
    drive_effects: frozenset[str],
    decisions: Decisions,
) -> Outcome | None:
    """Effects when a player's activation ends (rats biting a player left against a wall...).

    Called by :func:`bbcore.rules.turns.end_activation`, which a match tracker calls as
    each activation ends (the core has no turn engine of its own). Implementations are
    called in turn, each on the board the one before left, and return an
    :class:`~bbcore.rules.events.Outcome` (its ``turnover`` set when the effect causes
    one) or None for no change; the outcomes are joined.

    :param player_id: the player whose activation ends.
    :param weather: as for ``bbcore_turn_end_effects``.
    :param drive_effects: the table rows in force for the drive (``GameState.drive_effects``).
    :param decisions: the coaches' answers; :class:`~bbcore.rules.decisions.DefaultDecisions`
        when the caller gave none.

    **Example.** The street variant's Swarm of Rats, while in force, may make a player who
    ends his activation beside a wall fall over; simplified (no wall test, no armour roll):

    .. code-block:: python

        from bbcore.rules.board import Status
        from bbcore.rules.events import Event, Outcome


        @hookimpl
        def bbcore_activation_end_effects(ruleset, board, player_id, dice, weather, drive_effects, decisions):
            player = board.player(player_id)
            if "myvariant/rats" not in drive_effects or not player.standing:
                return None
            roll = dice.roll(6)
            if roll > 1:
                return Outcome(board, (Event("rats", player_id, (roll,), "shook-them-off"),))
            fallen = board.with_player(player.with_status(Status.PRONE))
            return Outcome(fallen, (Event("rats", player_id, (roll,), "falls"),), turnover=True)
    """


@hookspec
def bbcore_barred_team_rerolls(ruleset: Ruleset, weather: str | None, drive_effects: frozenset[str]) -> Iterable[str] | None:
    """Tests on which no team re-roll may be used for now (loose dogs snapping at the players' heels...).

    Called by :func:`bbcore.rules.turns.barred_team_rerolls`; every implementation's
    tests (``pick-up``, ``dodge``, ``rush``, ... as the procedures name them, and
    ``block`` for block dice) are gathered. A match tracker hands them to the procedures that offer a team re-roll
    (``team_reroll_barred`` of :func:`bbcore.rules.movement.move`; no ``team_reroll`` to
    a block when ``block`` is among them).

    :param weather: as for ``bbcore_turn_end_effects``.
    :param drive_effects: the table rows in force for the drive (``GameState.drive_effects``).
    :return: the barred tests, or None for none.

    **Example.** The street variant's Loose Dogs bar team re-rolls on picking up the ball
    and on block dice while the drive lasts:

    .. code-block:: python

        @hookimpl
        def bbcore_barred_team_rerolls(ruleset, weather, drive_effects):
            return ("pick-up", "block") if "myvariant/loose-dogs" in drive_effects else None
    """


@hookspec
def bbcore_action_refusal(ruleset: Ruleset, state: GameState, player_id: str, action: str) -> str | None:
    """Why ``player_id`` may not take ``action`` now, or None when this plugin has no objection.

    Called by :func:`bbcore.rules.turns.action_refusals`, which a match tracker asks before
    a player declares an action; every reason given is gathered (the core's own: a player
    barred from activating in this turn of his team, ``GameState.barred_activations``).

    :param state: the game as it stands.
    :param player_id: the player about to declare.
    :param action: the action declared (``move``, ``block``, ``blitz``, ``pass``,
        ``hand-off``, ``foul``, ``throw-team-mate``, or a special action's id).
    :return: a short reason, or None.

    **Example.** The street variant's Sticky Sludge stops the ball carrier from passing while
    the drive lasts:

    .. code-block:: python

        @hookimpl
        def bbcore_action_refusal(ruleset, state, player_id, action):
            if action == "pass" and "myvariant/sludge" in state.drive_effects and state.board.ball.carrier == player_id:
                return "the sludge holds the ball fast: no Pass action"
            return None
    """


@hookspec
def bbcore_team_reroll_used(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, pool: str
) -> tuple[GameState, tuple[Event, ...]] | None:
    """Something that happens each time a team uses a team re-roll (a snack stall that may give it back...).

    Called by :func:`bbcore.rules.turns.spend_team_rerolls`, once for each team re-roll a
    procedure's events say was used, after it came off the team's record. Implementations
    are called in turn, each on the state the one before returned, and return the new
    state and their events, or None for no change.

    :param state: the game, the re-roll already taken off ``TeamState.drive_rerolls`` or
        ``TeamState.rerolls``; from :func:`bbcore.rules.turns.after_procedure` its board is the
        one the procedure started from (who was on the pitch as the re-roll was used), and a
        change to the board is not kept: the procedure's board follows.
    :param team: the id of the team that used it.
    :param dice: for what is rolled.
    :param pool: where it came from, :data:`~bbcore.rules.sequences.DRIVE_POOL` (a re-roll for
        this drive only) or :data:`~bbcore.rules.sequences.HALF_POOL`; a re-roll given back
        goes there (:meth:`GameState.give_back_reroll
        <bbcore.rules.sequences.GameState.give_back_reroll>`), so a drive's never outlasts it.

    **Example.** The street variant's Snack Stand gives the re-roll back on a 6; simplified:

    .. code-block:: python

        from bbcore.rules.events import Event


        @hookimpl
        def bbcore_team_reroll_used(ruleset, state, team, dice, pool):
            if not state.team(team).inducements.get("myvariant/snack-stand"):
                return None
            roll = dice.roll(6)
            if roll < 6:
                return state, (Event("snack-stand", team, (roll,), "reroll-spent"),)
            back = state.give_back_reroll(team, pool)
            return back, (Event("snack-stand", team, (roll,), "free-reroll"),)
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

    **Example.** The inducement packs plugin takes away again the skills a brew gave for the
    drive, which it recorded as drive effects; simplified, it answers this way.

    .. code-block:: python

        import attrs

        from bbcore.rules.events import Event


        @hookimpl
        def bbcore_end_of_drive_effects(ruleset, board, dice, weather, drive_effects, drive_players):
            events = []
            for effect in sorted(drive_effects):
                kind, _, rest = effect.partition("/")
                player_id, _, skill = rest.partition("/")
                if kind == "myplugin-brew" and player_id in board.players:
                    player = board.player(player_id)
                    skills = {k: v for k, v in player.skills.items() if k != skill}
                    board = board.with_player(attrs.evolve(player, skills=skills))
                    events.append(Event("drive-skill-ends", player_id, (), skill))
            return (board, tuple(events)) if events else None
    """
