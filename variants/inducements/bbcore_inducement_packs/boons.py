"""One-off boons of the 2020 list: the unguent, the side bet, the Nurglings and the artifact.

(The Team Mascot's re-roll is the core's die-gated inducement re-roll,
:func:`bbcore.rules.inducement_uses.inducement_reroll`: its data says the die it needs.)

- :func:`unguent_treatment` is the unguent as a last resort (the plugin's
  ``bbcore_last_resort_treatment``): once every other healing has left a player with a
  casualty result the ``unguents`` entry names (a Serious Injury), his coach may name it,
  and the player goes from the Casualty box to the Reserves; the result still stands
  against him after the game.
- :func:`settle_side_bet` is Step 1 of the post-game sequence for a team that bet
  (the pack's post-game step :data:`SIDE_BET_STEP`, :func:`side_bet_step`):
  a stake within the ``side_bets`` bounds comes back multiplied by ``payout`` on a win
  and is lost otherwise (it was paid with the inducement).
- :func:`cavort` adds the inducement's ``fan-factor`` effect per swarm to the Fan
  Factor and one Cheerleader per swarm, once the Fan Factor is known and the swarms are
  bought (the pack's pre-game step :data:`NURGLINGS_STEP`, :func:`nurglings_step`).
- :func:`use_artifact` rolls the Ancient Artifact's table; the ``artifacts`` entry
  names its three rows; the trinket's re-rolls are its row's, added to the team re-rolls of the half
  (``TeamState.rerolls``, which the next half's start sets afresh, as the chef's are).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, pick_at_random, roll_on_table
from bbcore.errors import UsageError
from bbcore.rules import ball
from bbcore.rules.board import Status
from bbcore.rules.events import Event
from bbcore.rules.injury import CasualtyTreatment, is_dead
from bbcore.rules.sequences import GameState
from bbcore.rules.treatments import TREATMENT_EVENT
from bbcore_inducement_packs.moments import TURN_START
from bbcore_inducement_packs.pack_rules import pack_rules, rules_for

if TYPE_CHECKING:
    from bbcore.model.table import Row
    from bbcore.rules.board import PlayerState
    from bbcore.rules.decisions import Decisions
    from bbcore.ruleset import Ruleset


def _left(state: GameState, team_id: str, inducement: str) -> int:
    return state.team(team_id).inducements.get(inducement, 0)


def _spend(state: GameState, team_id: str, inducement: str) -> GameState:
    left = dict(state.team(team_id).inducements)
    left[inducement] = left.get(inducement, 0) - 1
    return state.update_team(team_id, inducements={key: count for key, count in left.items() if count > 0})


def _need(state: GameState, team_id: str, inducement: str) -> None:
    if _left(state, team_id, inducement) <= 0:
        raise UsageError(f"team {team_id!r} has no {inducement!r} left to use")


def unguent_treatment(ruleset: Ruleset, player: PlayerState, casualty: Row, treatment: str) -> CasualtyTreatment | None:
    """The unguent named as a last resort: a player whose standing result it covers goes to the Reserves for the rest
    of the game, the result still standing against him; None for a treatment that is no unguent. Named for a result
    it does not cover, it is a ``UsageError``."""
    unguent = pack_rules(ruleset).extras.unguents.get(treatment)
    if unguent is None:
        return None
    if casualty.id not in unguent.casualties:
        raise UsageError(f"the {treatment!r} does not help with {casualty.id!r}; only with {', '.join(unguent.casualties)}")
    detail = {"treatment": treatment, "casualty": casualty.id, "after_game": True}
    event = Event(TREATMENT_EVENT, player.id, (), Status.RESERVES.value, detail)
    return CasualtyTreatment(casualty, Status.RESERVES, treatment, (event,))


def settle_side_bet(ruleset: Ruleset, state: GameState, team_id: str, inducement: str, stake: int) -> tuple[GameState, tuple[Event, ...]]:
    """Step 1 of the post-game sequence: a won bet pays the stake back ``payout`` times into the treasury."""
    bet = rules_for(pack_rules(ruleset).extras.side_bets, inducement, "side bet")
    _need(state, team_id, inducement)
    if not bet.min_stake <= stake <= bet.max_stake:
        raise UsageError(f"a {inducement!r} stake is {bet.min_stake} to {bet.max_stake}, not {stake}")
    team, other = state.team(team_id), state.opponent(team_id)
    won = team.score > other.score
    paid = stake * bet.payout if won else 0
    state = state.update_team(team_id, treasury=team.treasury + paid)
    return state, (Event("side-bet", team_id, (), "won" if won else "lost", {"inducement": inducement, "stake": stake, "paid": paid}),)


#: The modifier a swarm's inducement gives to its team's Fan Factor.
FAN_FACTOR = "fan-factor"


def cavort(ruleset: Ruleset, state: GameState, inducement: str) -> tuple[GameState, tuple[Event, ...]]:
    """Each team's swarms raise its Fan Factor (by the inducement's effect) and its Cheerleaders, one per swarm."""
    per_swarm = sum(e.by or 0 for e in ruleset.inducement(inducement).effects if e.modifier == FAN_FACTOR)
    events = []
    for team in state.teams:
        swarms = team.inducements.get(inducement, 0)
        if swarms <= 0:
            continue
        state = state.update_team(team.id, fan_factor=team.fan_factor + swarms * per_swarm, cheerleaders=team.cheerleaders + swarms)
        events.append(Event("nurglings", team.id, (), str(swarms), {"fan_factor": swarms * per_swarm, "cheerleaders": swarms}))
    return state, tuple(events)


#: The step ids of the pre-game step that lets the swarms cavort and of the post-game step that settles the bets.
NURGLINGS_STEP = "bb2020/cavorting-nurglings"
SIDE_BET_STEP = "bb2020/side-bet"


def nurglings_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The pre-game step :data:`NURGLINGS_STEP`, once the inducements are bought: every inducement with a
    ``fan-factor`` effect that a team holds cavorts (:func:`cavort`)."""
    held = {inducement for team in state.teams for inducement, count in team.inducements.items() if count > 0}
    events: list[Event] = []
    for inducement in sorted(held):
        if any(effect.modifier == FAN_FACTOR for effect in ruleset.inducement(inducement).effects):
            state, cavorted = cavort(ruleset, state, inducement)
            events.extend(cavorted)
    return state, tuple(events)


def side_bet_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The post-game step :data:`SIDE_BET_STEP`, with the winnings: each team's side bet is settled
    (:func:`settle_side_bet`). The stake is the one the team's order named (its team file's, or one bought before the
    game: ``TeamState.held_orders``); a team that came without one staked the least the bet allows, the price it paid."""
    events: list[Event] = []
    for inducement, bet in sorted(pack_rules(ruleset).extras.side_bets.items()):
        for team in state.teams:
            if _left(state, team.id, inducement) <= 0:
                continue
            orders = team.held_orders
            stake = next((order.stake for order in orders if order.id == inducement and order.stake is not None), bet.min_stake)
            state, settled = settle_side_bet(ruleset, state, team.id, inducement, stake)
            events.extend(settled)
    return state, tuple(events)


def use_artifact(
    ruleset: Ruleset,
    state: GameState,
    team_id: str,
    inducement: str,
    dice: DiceSource,
    decisions: Decisions,
) -> tuple[GameState, tuple[Event, ...]]:
    """Roll on the artifact's table: a random player of the team on the pitch is KO'd, a re-roll, or a player healed.

    The healing reaches the team's Knocked-out and Casualty boxes, but not the Dead
    (:func:`bbcore.rules.injury.is_dead`); the coach picks the player with
    ``Decisions.agreed_choice``, and the player recovers fully: no casualty result stands
    against him after the game either.
    """
    artifact = rules_for(pack_rules(ruleset).extras.artifacts, inducement, "artifact")
    _need(state, team_id, inducement)
    state = _spend(state, team_id, inducement)
    table = ruleset.inducement(inducement).table
    assert table is not None
    rolled = roll_on_table(ruleset.table(table), dice)
    row = rolled.row.id
    events = [Event("artifact", team_id, rolled.rolls, row, {"inducement": inducement})]
    board = state.board
    if row == artifact.rows.curse:
        on_pitch = sorted(p.id for p in board.team_players(team_id) if p.on_pitch)
        picked, picks = pick_at_random(dice, on_pitch, 1)
        for player_id in picked:
            square = board.player(player_id).square
            held = board.ball.carrier == player_id
            board = board.with_player(board.player(player_id).with_status(Status.KO))
            events.append(Event("cursed", player_id, picks, "ko"))
            if held and square is not None:
                # No Turnover: the ball bounces from where the player stood.
                board = board.with_ball(attrs.evolve(board.ball, square=square, carrier=None))
                bounced = ball.bounce(ruleset, board, square, dice, decisions)
                board = bounced.board
                events.extend(bounced.events)
        return attrs.evolve(state, board=board), tuple(events)
    if row == artifact.rows.heal:
        boxes = (Status.KO, Status.CASUALTY)
        healable = sorted(p.id for p in board.team_players(team_id) if p.status in boxes and not is_dead(ruleset, p))
        if healable:
            chosen = decisions.agreed_choice(f"{team_id}: player to heal", healable) or healable[0]
            if chosen not in healable:
                raise UsageError(f"{chosen!r} is not in the Knocked-out or Casualty box of {team_id!r} (or is Dead)")
            board = board.with_player(board.player(chosen).recovered())
            events.append(Event("healed", chosen, (), "reserves"))
            return attrs.evolve(state, board=board), tuple(events)
    rerolls = sum(effect.rerolls or 0 for effect in ruleset.table(table).row(artifact.rows.trinket).effects)
    team = state.team(team_id)
    state = state.update_team(team_id, rerolls=team.rerolls + rerolls)
    events.append(Event("artifact-reroll", team_id, (), str(rerolls)))
    return state, tuple(events)


def artifacts_at_turn_start(
    ruleset: Ruleset, state: GameState, team_id: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """As a turn of ``team_id``'s starts: for each kind of artefact the team still holds, its coach is asked whether he
    uses one now (``Decisions.use_inducement``, situation ``turn-start``); each he uses is rolled (:func:`use_artifact`).
    One of each kind at most per turn; an artefact once used is gone for the game."""
    events: list[Event] = []
    for inducement in sorted(pack_rules(ruleset).extras.artifacts):
        if _left(state, team_id, inducement) > 0 and decisions.use_inducement(team_id, inducement, TURN_START):
            state, used = use_artifact(ruleset, state, team_id, inducement, dice, decisions)
            events.extend(used)
    return state, tuple(events)


__all__ = [
    "FAN_FACTOR",
    "NURGLINGS_STEP",
    "SIDE_BET_STEP",
    "TURN_START",
    "artifacts_at_turn_start",
    "cavort",
    "nurglings_step",
    "settle_side_bet",
    "side_bet_step",
    "unguent_treatment",
    "use_artifact",
]
