"""The moments of a team turn, where a match tracker hands over to the plugins.

The core has no turn engine of its own: a tracker runs the turns and calls these as the
moments come, and each active plugin answers through a hook, so the tracker needs to
know no variant's rules:

- :func:`start_turn` as a team's turn starts, before anyone is activated (the core's
  own: the Prayer to Nuffle Throw a Rock; then ``bbcore_turn_start_effects``); when
  :func:`turn_lost` says an effect there ended the turn, the tracker goes straight to
  :func:`bbcore.rules.drive.end_turn`;
- :func:`action_refusals` before a player declares an action (``bbcore_action_refusal``;
  the core's own: a player barred from this turn, ``GameState.barred_activations``);
- :func:`barred_team_rerolls`, the tests on which no team re-roll may be used for now
  (``bbcore_barred_team_rerolls``), to hand to the procedures;
- :func:`start_activation` as each activation starts (it notes whether the player could
  score without a die; then ``bbcore_activation_start_effects``) and :func:`end_activation` as it ends: Stalling
  (:mod:`bbcore.rules.stalling`), then ``bbcore_activation_end_effects``; it keeps the
  turn's record of who was activated (``GameState.activated``);
- :func:`after_procedure` with each procedure's outcome: its board becomes the game's,
  the team re-rolls, Apothecaries and treatments its events say were used come off the
  teams' records (:func:`spend_team_rerolls`, where ``bbcore_team_reroll_used`` may give
  a re-roll back, and :func:`bbcore.rules.treatments.spend_treatments`), and
  ``bbcore_after_procedure_effects`` answers at once for what a variant does the moment
  a procedure ends (a staff member who runs on when a player is carried off);
- :func:`bbcore.rules.drive.end_turn` as the turn ends (``bbcore_turn_end_effects``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource
from bbcore.rules.block import CHEERED_BLOCK, spend_cheer
from bbcore.rules.board import Status, clear_turn_uses
from bbcore.rules.conditions import with_conditions
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.prayers import throw_a_rock
from bbcore.rules.rerolls import TEAM_REROLL
from bbcore.rules.sequences import DRIVE_POOL, HALF_POOL, TURN_STARTS, Charge, GameState, chain_outcome_hook, chain_state_hook
from bbcore.rules.stalling import could_score_without_dice, crowd_takes_action, is_stalling
from bbcore.rules.treatments import spend_treatments
from bbcore.rules.turn_changes import end_turn_changes

if TYPE_CHECKING:
    from bbcore.rules.board import Board
    from bbcore.ruleset import Ruleset


#: The event an effect at the start of a turn reports when it ends that turn before anyone is activated (the
#: team's own ball carrier knocked down, say): ``who`` is the team, ``result`` what ended it.
TURNOVER_EVENT = "turnover"
#: The result of the turnover that ends, at once, the turn a team skips after scoring in its opponent's turn.
CELEBRATING = "celebrating"


def turn_lost(events: Iterable[Event], team: str) -> bool:
    """Whether :func:`start_turn`'s events say ``team``'s turn ended before anyone was activated (a
    :data:`TURNOVER_EVENT` for that team): the tracker then ends the turn at once."""
    return any(event.kind == TURNOVER_EVENT and event.who == team for event in events)


def start_turn(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, decisions: Decisions | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """``team``'s turn starts, before anyone is activated: it becomes ``GameState.active_team``, the turn's records
    start empty (``GameState.activated``, ``GameState.stalling``, a Charge! not yet over: ``GameState.charge``, and the
    players' uses of skills limited per turn: :func:`bbcore.rules.board.clear_turn_uses`), the team's players lying
    Stunned are noted (``GameState.stunned_at_turn_start``: they turn Prone as the turn ends),
    the changes that last until this team's turn starts end (:func:`bbcore.rules.turn_changes.end_turn_changes`).
    A team that scored in its opponent's turn (``GameState.celebrating``) spends this turn celebrating: it ends at
    once (a :data:`TURNOVER_EVENT`, result :data:`CELEBRATING`) and nothing else happens in it. Otherwise the coach
    may call on Throw a Rock
    (:func:`bbcore.rules.prayers.throw_a_rock`), and the active plugins act (``bbcore_turn_start_effects``, which the
    core answers first: a Weather Mage, :mod:`bbcore.rules.weather_mage`), each on the state the one before returned;
    the board's conditions are then those the weather and the drive's effects put
    in force (:func:`bbcore.rules.conditions.with_conditions`). A match tracker calls it as each team turn starts (after moving the team's
    turn marker, ``TeamState.turn``), and ends the turn at once when :func:`turn_lost` finds a
    :data:`TURNOVER_EVENT` among the events."""
    decisions = decisions or DefaultDecisions()
    # Who lies Stunned now turns Prone as this turn ends; whoever is Stunned during it waits for the next.
    stunned = frozenset(p.id for p in state.board.team_players(team) if p.status is Status.STUNNED)
    # A Charge! ends when the first turn starts, whatever it had left.
    state = attrs.evolve(
        state,
        board=clear_turn_uses(state.board),
        activated=frozenset(),
        stunned_at_turn_start=stunned,
        may_stall=None,
        stalling=frozenset(),
        charge=None,
        active_team=team,
    )
    state, ended = end_turn_changes(state, team, TURN_STARTS)
    if state.celebrating == team:
        # Scored in the opponent's turn: this whole turn goes on the celebration.
        return attrs.evolve(state, celebrating=None), (*ended, Event(TURNOVER_EVENT, team, (), CELEBRATING))
    state, rock = throw_a_rock(ruleset, state, team, dice, decisions)
    state, events = chain_state_hook(ruleset, "bbcore_turn_start_effects", state, team=team, dice=dice, decisions=decisions)
    return with_conditions(ruleset, state), (*ended, *rock, *events)


def start_activation(
    ruleset: Ruleset, state: GameState, player_id: str, action: str | None = None, decisions: Decisions | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """``player_id`` is activated to take ``action`` (None: he forgoes his activation). A match tracker calls it as
    each activation starts, once the action is declared; it returns the new state and what happened.

    The state notes whether he could score without a die (``GameState.may_stall``,
    :func:`bbcore.rules.stalling.could_score_without_dice`), for :func:`end_activation` to
    judge Stalling. A player of a team the Cheering Fans favoured this turn
    (``GameState.cheering_fans``) who declares a Block or a Blitz (``activation.block_actions``)
    carries their extra offensive assist (:data:`bbcore.rules.block.CHEERED_BLOCK`,
    ``GameState.cheered_player``): his first block counts it and spends it; if he makes no
    block, :func:`end_activation` gives the favour back to his team. Then the active plugins act
    (``bbcore_activation_start_effects``), each on the state the one before returned;
    ``decisions`` answer what the coaches decide there (the defaults without).

    Being activated (an ``action`` declared) ends a distraction: a Distracted player has his
    tackle zone back (``distraction-ends`` event), and assists Eye Gouge took come back
    (``assists-back``), as :func:`bbcore.rules.activation.activation_test` does for a
    player whose traits roll.
    """
    woken: tuple[Event, ...] = ()
    if action is not None:
        state, woken = _activated(state, player_id)
    could = could_score_without_dice(ruleset, state.board, player_id)
    state = attrs.evolve(state, may_stall=player_id if could else None)
    player = state.board.player(player_id)
    charge = state.charge
    if charge is not None and player_id in charge.players:
        spent = attrs.evolve(charge, left=charge.left - 1, specials=charge.specials - {action})
        state = attrs.evolve(state, charge=spent)
    if action in ruleset.parameters.activation.block_actions and player.team in state.cheering_fans:
        cheered = attrs.evolve(player, modifiers={**player.modifiers, CHEERED_BLOCK: player.modifiers.get(CHEERED_BLOCK, 0) + 1})
        state = attrs.evolve(
            state, board=state.board.with_player(cheered), cheering_fans=state.cheering_fans - {player.team}, cheered_player=player_id
        )
    state, started = chain_state_hook(
        ruleset, "bbcore_activation_start_effects", state, player_id=player_id, action=action, decisions=decisions or DefaultDecisions()
    )
    return state, (*woken, *started)


def _activated(state: GameState, player_id: str) -> tuple[GameState, tuple[Event, ...]]:
    """A player now activated: no longer Distracted, and with any assists Eye Gouge took."""
    player = state.board.player(player_id)
    events: list[Event] = []
    if not player.tackle_zone:
        player = attrs.evolve(player, tackle_zone=True)
        events.append(Event("distraction-ends", player_id, (), "tackle-zone-back"))
    if not player.gives_assists:
        player = attrs.evolve(player, gives_assists=True)
        events.append(Event("assists-back", player_id, (), "activated"))
    return (attrs.evolve(state, board=state.board.with_player(player)) if events else state), tuple(events)


def end_activation(
    ruleset: Ruleset, state: GameState, player_id: str, dice: DiceSource, decisions: Decisions | None = None
) -> tuple[GameState, Outcome]:
    """``player_id``'s activation ends: first Stalling (a player :func:`start_activation` found able to score without
    a die, who still holds the ball outside the opposing End Zone:
    :func:`bbcore.rules.stalling.crowd_takes_action`), then whatever the active plugins do
    (``bbcore_activation_end_effects``), each on the board the one before left.

    Returns the new state and the joined outcome: its events, and ``turnover`` when anything
    caused one. The player joins the turn's ``GameState.activated``. A match tracker calls it
    as each activation ends (also for a player who forgoes his activation).
    """
    decisions = decisions or DefaultDecisions()
    stalled = Outcome(state.board)
    if is_stalling(state, player_id):
        state, stalled = crowd_takes_action(ruleset, state, player_id, dice, decisions)
    outcome = stalled.then(
        chain_outcome_hook(
            ruleset,
            "bbcore_activation_end_effects",
            state.board,
            player_id=player_id,
            dice=dice,
            weather=state.weather,
            drive_effects=state.drive_effects,
            decisions=decisions,
        )
    )
    board, unspent = _uncheered(outcome.board, state.cheered_player)
    if unspent is not None:
        state = attrs.evolve(state, cheering_fans=state.cheering_fans | {unspent})
    outcome = Outcome(board, outcome.events, outcome.turnover)
    charge = state.charge
    if charge is not None and (charge.left <= 0 or outcome.turnover or not board.player(player_id).standing):
        charge = None  # the Charge ends with its last activation, or as soon as one of them goes down
    state = attrs.evolve(state, board=board, activated=state.activated | {player_id}, may_stall=None, cheered_player=None, charge=charge)
    return state, outcome


def _uncheered(board: Board, player_id: str | None) -> tuple[Board, str | None]:
    """The board with a Cheering Fans' assist ``player_id`` never used taken back, and his team (whose favour waits
    for its next block), or None when he used it or is gone."""
    if player_id is None or player_id not in board.players:
        return board, None
    player = board.player(player_id)
    if CHEERED_BLOCK not in player.modifiers:
        return board, None
    return spend_cheer(board, player_id), player.team


def barred_team_rerolls(ruleset: Ruleset, state: GameState) -> frozenset[str]:
    """The tests on which no team re-roll may be used for now, as the active plugins say (``bbcore_barred_team_rerolls``).

    Hand them to the procedures that offer team re-rolls: ``team_reroll_barred`` of
    :func:`bbcore.rules.movement.move`, and no ``team_reroll`` for a block when ``block`` is
    among them.
    """
    barred: set[str] = set()
    for tests in ruleset.hook.bbcore_barred_team_rerolls(ruleset=ruleset, weather=state.weather, drive_effects=state.drive_effects):
        barred.update(tests or ())
    return frozenset(barred)


def action_refusals(ruleset: Ruleset, state: GameState, player_id: str, action: str) -> tuple[str, ...]:
    """Every reason ``player_id`` may not declare ``action`` now; empty when he may.

    The core's: a player not of the team whose turn it is (``GameState.active_team``, when a
    turn is under way), one activated already this turn (``GameState.activated``), a Stunned
    one, a player barred from activating in this turn of his team
    (``GameState.barred_activations``), one trapped in a feature of the pitch (out of play:
    ``Board.trapped``), and during a Charge! (``GameState.charge``) anything
    but a free activation of one of its Open players not yet activated: a Move Action, or
    once each one of its special actions. Then each active plugin's (``bbcore_action_refusal``).
    """
    player = state.board.player(player_id)
    reasons = []
    if state.active_team is not None and player.team != state.active_team and state.charge is None:
        reasons.append(f"{player_id} is not of {state.active_team}, whose turn it is")
    if player_id in state.activated and state.charge is None:
        reasons.append(f"{player_id} has been activated already this turn")
    if player.status is Status.STUNNED:
        reasons.append(f"{player_id} is Stunned and may not be activated")
    barred_turn = state.barred_activations.get(player_id)
    if barred_turn is not None and barred_turn == state.team(player.team).turn:
        reasons.append(f"{player_id} may not be activated in this turn")
    if state.board.trapped(player):
        reasons.append(f"{player_id} is trapped in a feature of the pitch, out of play, and may not be activated")
    if state.charge is not None:
        reasons.extend(_charge_refusals(state, state.charge, player_id, action))
    for reason in ruleset.hook.bbcore_action_refusal(ruleset=ruleset, state=state, player_id=player_id, action=action):
        if reason:
            reasons.append(str(reason))
    return tuple(reasons)


#: The action every free activation of a Charge! may take.
MOVE = "move"


def _charge_refusals(state: GameState, charge: Charge, player_id: str, action: str) -> list[str]:
    if player_id not in charge.players or player_id in state.activated:
        return [f"during the Charge only {charge.team}'s Open players act, once each"]
    if charge.left <= 0:
        return ["the Charge has no free activation left"]
    if action != MOVE and action not in charge.specials:
        return [f"a Charge's free activation is a Move Action, or once each one of {sorted(charge.specials)}"]
    return []


def after_procedure(
    ruleset: Ruleset, state: GameState, outcome: Outcome, dice: DiceSource, decisions: Decisions | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """A procedure's ``outcome`` taken into the game, ``state`` being the game as the procedure found it.

    The outcome's board becomes the game's. The team re-rolls its events say were used
    come off the teams' records (:func:`spend_team_rerolls`), then the Apothecaries and
    treatment inducements (:func:`bbcore.rules.treatments.spend_treatments`). Then
    ``bbcore_after_procedure_effects`` is asked (the core answers it too: a touchdown is
    scored, casualties caused, completions, interceptions and throws earn their awards,
    Masters of Undeath raises the dead, the causes of injuries are noted), each plugin on the state the one before
    left, with the board as it was before the procedure and the procedure's events.
    Returns the new state and the events of the re-roll hook and the plugins (the
    procedure's own are the caller's already).
    """
    # The re-rolls were used while the procedure ran: the hook sees the board it started from (a captain knocked out
    # by the re-rolled dodge was on the pitch when the re-roll was used), then the procedure's board follows.
    spent, given = spend_team_rerolls(ruleset, state, outcome.events, dice)
    after = attrs.evolve(spent, board=outcome.board)
    after = spend_treatments(ruleset, after, outcome.events)
    after, effects = chain_state_hook(
        ruleset,
        "bbcore_after_procedure_effects",
        after,
        before=state.board,
        events=outcome.events,
        dice=dice,
        decisions=decisions or DefaultDecisions(),
    )
    return after, given + effects


def spend_team_rerolls(
    ruleset: Ruleset, state: GameState, events: Iterable[Event], dice: DiceSource
) -> tuple[GameState, tuple[Event, ...]]:
    """Take the team re-rolls the events say were used (``team-reroll`` events, ``used``) off the teams' records.

    Each comes off the team of the player it was used for: a re-roll for the drive
    (``TeamState.drive_rerolls``) first, as it would be lost when the drive ends, then one of
    the half's (``TeamState.rerolls``). Then ``bbcore_team_reroll_used`` is asked, each
    plugin on the state the one before left; one may give the re-roll back (a Snack Stand's
    free re-roll). A used re-roll the team no longer has on its record is passed over: the
    events are a record, and this never fails on them. The hook is told which ``pool`` the re-roll came from, so a
    re-roll given back returns there (:meth:`~bbcore.rules.sequences.GameState.give_back_reroll`): a drive's re-roll
    never becomes one for the half. Returns the state and the plugins' events.
    """
    found: list[Event] = []
    for event in events:
        if event.kind != TEAM_REROLL or event.result != "used" or event.who is None or event.who not in state.board.players:
            continue
        team = state.team(state.board.player(event.who).team)
        if team.drive_rerolls > 0:
            state, pool = state.update_team(team.id, drive_rerolls=team.drive_rerolls - 1), DRIVE_POOL
        elif team.rerolls > 0:
            state, pool = state.update_team(team.id, rerolls=team.rerolls - 1), HALF_POOL
        else:
            continue
        state, given = chain_state_hook(ruleset, "bbcore_team_reroll_used", state, team=team.id, dice=dice, pool=pool)
        found.extend(given)
    return state, tuple(found)


__all__ = [
    "action_refusals",
    "after_procedure",
    "barred_team_rerolls",
    "end_activation",
    "spend_team_rerolls",
    "start_activation",
    "start_turn",
]
