"""The street and sewer kick-off events, registered by row through ``bbcore_register_row_effects``.

Each procedure is ``(ruleset, state, dice, decisions) -> (state, events)`` like the
core's kick-off effects, and its numbers come from ``kick_off_events`` in
``variant-rules.yaml``. Rows both tables share (Riot!, Cheering Fans, Black Market
Dealer) use one procedure; Cheering Fans is registered for the two Gutter Bowl table
ids so that it takes the place of the core's Cheering Fans (an extra assist) for
those tables only. Changing Weather needs nothing here: the core's procedure rolls
on whatever table fills the ``weather`` role (the pitch's), and
:func:`bbcore_gutterbowl.game_hooks.bbcore_parameter_changes` names the pitch's calm
row, on which the ball scatters.

What lasts for the drive is a row id in ``GameState.drive_effects`` (see
:func:`bbcore.rules.sequences.drive_effect_id`), which the drive-ends step clears:

* "This round is on us!": the ``bbcore_end_of_drive_effects`` hook
  (:func:`round_on_us`) rolls for every player set up for the drive who is KO'd when
  it ends, before the KO recovery. The rule rolls when the player is knocked out; a
  KO'd player cannot come back during the drive anyway, and every KO of the drive
  happens after the kick-off event, so rolling at the end of it changes nothing.
* Loose Dogs: :func:`loose_dogs_barred` names the tests on which no team re-roll may be
  used; the plugin answers the core's ``bbcore_barred_team_rerolls`` with it, so
  :func:`bbcore.rules.turns.barred_team_rerolls` includes them.
* Sticky Sludge: its +1 is the row's structured effect, on the board for every pick-up while the
  event is in force (the core's :mod:`bbcore.rules.conditions`; :func:`sludge_pick_up_modifier` reads it);
  :func:`sludge_refusal` refuses the ball carrier a Pass action, through the core's
  ``bbcore_action_refusal`` (:func:`bbcore.rules.turns.action_refusals`), and the row's
  ``pass_bands`` effect, which opens no band, keeps anyone from throwing the ball (a player
  who declared his Pass before picking it up included: ``Board.open_pass_bands``).
* Swarm of Rats: :func:`rats_bite` answers the core's ``bbcore_activation_end_effects``
  (:func:`bbcore.rules.turns.end_activation`).

Rogue Washing Line bars the players picked from activating in their team's next turn
(``GameState.barred_activations``, read by :func:`bbcore.rules.turns.action_refusals`);
its ``cannot-activate`` event names them.
"Get Ready, Lads!" steps the Open receivers one square each, as the coach picks them, like
the core's Quick Snap (:func:`bbcore.rules.drive.step_open_players`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, pick_at_random, roll_dice
from bbcore.errors import UsageError
from bbcore.rules import ball
from bbcore.rules.block import block
from bbcore.rules.board import BallState, Board, PlayerState, Square, Status, distance, step
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.drive import contest, open_players, step_open_players
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import Harm, knock_down, roll_armour, roll_injury, suffer_casualty, treatment_from
from bbcore.rules.push import push_in_direction
from bbcore.rules.sequences import GameState, drive_effect_id
from bbcore_gutterbowl.features import is_pit, is_wall, wall_past
from bbcore_gutterbowl.variant_rules import variant_rules

if TYPE_CHECKING:
    from bbcore.registry import RowEffectRegistrar
    from bbcore.ruleset import Ruleset

STREET = "gutterbowl/street-kick-off-events"
SEWER = "gutterbowl/sewer-kick-off-events"

#: ``GameState.drive_effects`` entries of the rows that last for the drive.
ROUND_ON_US = drive_effect_id(STREET, "this-round-is-on-us")
LOOSE_DOGS = drive_effect_id(STREET, "loose-dogs")
STICKY_SLUDGE = drive_effect_id(SEWER, "sticky-sludge")
SWARM_OF_RATS = drive_effect_id(SEWER, "swarm-of-rats")

StepResult = tuple[GameState, tuple[Event, ...]]


def _on_pitch(board: Board, team: str | None = None) -> list[str]:
    """Players on the pitch (of one team), in id order: the order the dice go round."""
    return sorted(p.id for p in board.players.values() if p.on_pitch and (team is None or p.team == team))


def _put(board: Board, player: PlayerState, status: Status) -> Board:
    """Change a player's status; a ball they held is left in their square for the ball procedure (at kick-off nobody holds it)."""
    held = board.ball.carrier == player.id
    board = board.with_player(player.with_status(status))
    return board.with_ball(BallState(square=player.square)) if held else board


def _kicking(state: GameState) -> tuple[str, str]:
    assert state.kicking_team is not None  # the kick-off step has run
    return state.kicking_team, state.opponent(state.kicking_team).id


# -- both tables -----------------------------------------------------------------------------------


def riot(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Riot!: a die for every player on the pitch; the high rolls are Placed Prone and Stunned."""
    rules = variant_rules(ruleset).kick_off_events.riot
    board = state.board
    events = []
    for player_id in _on_pitch(board):
        rolls = roll_dice(dice, rules.dice)
        if sum(rolls) >= rules.stunned_on:
            board = _put(board, board.player(player_id), Status.STUNNED)
            events.append(Event("riot", player_id, rolls, "stunned"))
    return attrs.evolve(state, board=board), (Event("riot", None, result=str(len(events))), *events)


def cheering_fans(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Cheering Fans (Gutter Bowl): D6 plus Fan Factor; the higher total gains a team re-roll for the drive, a tie gives none."""
    extra = variant_rules(ruleset).kick_off_events.cheering_fans_rerolls
    winners, event = contest(dice, "cheering-fans", {team.id: team.fan_factor for team in state.teams}, highest=True)
    if len(winners) == 1:
        state = state.update_team(winners[0], drive_rerolls=state.team(winners[0]).drive_rerolls + extra)
    return state, (attrs.evolve(event, detail={**event.detail, "drive_rerolls": extra if len(winners) == 1 else 0}),)


def black_market_dealer(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Black Market Dealer: each team receives the free inducement (a Lesser Magic Potion) among its inducements."""
    gift = variant_rules(ruleset).kick_off_events.black_market_dealer
    events = []
    for team in state.teams:
        held = dict(team.inducements)
        held[gift.inducement] = held.get(gift.inducement, 0) + gift.count
        state = state.update_team(team.id, inducements=held)
        events.append(Event("free-inducement", team.id, result=gift.inducement, detail={"count": held[gift.inducement]}))
    return state, tuple(events)


def _random_victims(state: GameState, dice: DiceSource, teams: Iterable[str], count: int) -> tuple[list[str], list[int]]:
    picked: list[str] = []
    rolls: list[int] = []
    for team in teams:
        chosen, chosen_rolls = pick_at_random(dice, _on_pitch(state.board, team), count)
        picked.extend(chosen)
        rolls.extend(chosen_rolls)
    return picked, rolls


def _lowest_loses(state: GameState, dice: DiceSource, kind: str, *, fans: bool) -> tuple[tuple[str, ...], Event]:
    """The roll-off of Furious Neighbor, Tentacled Terror and Bats!: the lowest total loses (both teams on a tie)."""
    return contest(dice, kind, {team.id: team.fan_factor if fans else 0 for team in state.teams}, highest=False)


# -- the street table ------------------------------------------------------------------------------


def falling_roof_tiles(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Falling Roof Tiles: one Wide Zone at random; an Armour roll for every player in it, an Injury roll if broken."""
    board = state.board
    (side,) = roll_dice(dice, variant_rules(ruleset).kick_off_events.falling_roof_tiles_dice)
    width = board.pitch.wide_zone_width
    in_zone = [
        pid
        for pid in _on_pitch(board)
        if (square := board.player(pid).square) is not None and board.geometry.in_wide_zone(square) and (square[1] < width) == (side == 1)
    ]
    events = [Event("falling-roof-tiles", None, (side,), "low-y" if side == 1 else "high-y", {"players": in_zone})]
    harm = Harm("falling-roof-tiles")
    for player_id in in_zone:
        broken, _, armour = roll_armour(ruleset, board, player_id, harm, dice)
        events.append(armour)
        if broken:
            hurt = roll_injury(ruleset, board, player_id, harm, dice, choose_treatment=treatment_from(decisions))
            board = hurt.board
            events.extend(hurt.events)
    return attrs.evolve(state, board=board), tuple(events)


def quick_attack(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Quick Attack: one standing kicking-team player may block an adjacent opponent now (``Decisions.free_block``)."""
    kicking, _ = _kicking(state)
    board = state.board
    pairs = [
        (attacker.id, defender.id)
        for attacker in sorted(board.team_players(kicking), key=lambda p: p.id)
        if attacker.standing and attacker.square is not None
        for defender in sorted(board.team_players(board.opponent_of(kicking)), key=lambda p: p.id)
        if defender.standing and defender.square is not None and distance(attacker.square, defender.square) == 1
    ]
    chosen = decisions.free_block(kicking, pairs) if pairs else None
    if chosen is None:
        return state, (Event("quick-attack", kicking, result="no-block", detail={"possible": len(pairs)}),)
    if tuple(chosen) not in pairs:
        raise UsageError(f"{kicking} cannot make the free block {chosen}: not a standing player next to a standing opponent")
    outcome = block(ruleset, board, chosen[0], chosen[1], dice, decisions)
    event = Event("quick-attack", chosen[0], result="block", detail={"defender": chosen[1]})
    return attrs.evolve(state, board=outcome.board), (event, *outcome.events)


def rogue_washing_line(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Rogue Washing Line: a player of each team, at random, may not be activated in their team's next turn (an event)."""
    count = variant_rules(ruleset).kick_off_events.rogue_washing_line_players
    events = []
    barred = dict(state.barred_activations)
    for team in state.teams:
        picked, rolls = pick_at_random(dice, _on_pitch(state.board, team.id), count)
        barred.update(dict.fromkeys(picked, team.turn + 1))
        events.append(Event("cannot-activate", team.id, rolls, "next-turn", {"players": list(picked), "turn": team.turn + 1}))
    return attrs.evolve(state, barred_activations=barred), tuple(events)


def this_round_is_on_us(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """ "This round is on us!": until the drive ends a KO'd player may go to the Reserves instead (:func:`round_on_us`)."""
    return state.with_drive_effect(ROUND_ON_US), (Event("drive-effect", None, result=ROUND_ON_US),)


def round_on_us(ruleset: Ruleset, board: Board, dice: DiceSource, drive_players: Iterable[str]) -> Outcome:
    """For each player set up for the drive who is KO'd: a D6, at least ``reserves_on`` sends them to the Reserves."""
    rules = variant_rules(ruleset).kick_off_events.this_round_is_on_us
    events = []
    for player_id in sorted(drive_players):
        player = board.players.get(player_id)
        if player is None or player.status is not Status.KO:
            continue
        rolls = roll_dice(dice, rules.dice)
        sober = sum(rolls) >= rules.reserves_on
        if sober:
            board = board.with_player(player.with_status(Status.RESERVES))
        events.append(Event("this-round-is-on-us", player_id, rolls, "reserves" if sober else "knocked-out"))
    return Outcome(board, tuple(events))


def loose_dogs(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Loose Dogs: no team re-roll on picking up the ball or on a block until the drive ends (:func:`loose_dogs_barred`)."""
    return state.with_drive_effect(LOOSE_DOGS), (Event("drive-effect", None, result=LOOSE_DOGS),)


def loose_dogs_barred(ruleset: Ruleset, drive_effects: frozenset[str]) -> frozenset[str]:
    """The tests on which no team re-roll may be used while Loose Dogs are in force (none otherwise)."""
    if LOOSE_DOGS not in drive_effects:
        return frozenset()
    return frozenset(variant_rules(ruleset).kick_off_events.loose_dogs_tests)


def furious_neighbor(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Furious Neighbor: D6 plus Fan Factor; the lower total's team has a random player on the pitch KO'd."""
    losers, rolled = _lowest_loses(state, dice, "furious-neighbor", fans=True)
    picked, rolls = _random_victims(state, dice, losers, 1)
    board = state.board
    for player_id in picked:
        board = _put(board, board.player(player_id), Status.KO)
    return attrs.evolve(state, board=board), (rolled, Event("knocked-out", None, tuple(rolls), str(len(picked)), {"players": picked}))


def the_guards_are_coming(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """ "The Guards are Coming!": a random player of each team; a low D6 has them arrested for the rest of the game."""
    rules = variant_rules(ruleset).kick_off_events.guards
    board = state.board
    events = []
    for team in state.teams:
        picked, pick_rolls = pick_at_random(dice, _on_pitch(board, team.id), rules.players)
        for player_id in picked:
            rolls = roll_dice(dice, rules.dice)
            arrested = sum(rolls) <= rules.arrested_at_most
            if arrested:
                board = _put(board, board.player(player_id), Status.SENT_OFF)
            events.append(Event("the-guards", player_id, (*pick_rolls, *rolls), "arrested" if arrested else "got-away"))
    return attrs.evolve(state, board=board), tuple(events)


# -- the sewer table -------------------------------------------------------------------------------


def tentacled_terror(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Tentacled Terror: the lower D6's team loses a random player on the pitch as a Casualty, with a Casualty roll."""
    losers, rolled = _lowest_loses(state, dice, "tentacled-terror", fans=False)
    events = [rolled]
    board = state.board
    for team in losers:
        picked, rolls = pick_at_random(dice, _on_pitch(board, team), 1)
        for player_id in picked:
            events.append(Event("dragged-under", player_id, rolls, "casualty"))
            hurt = suffer_casualty(ruleset, board, player_id, dice, choose_treatment=treatment_from(decisions))
            board = hurt.board
            events.extend(hurt.events)
    return attrs.evolve(state, board=board), tuple(events)


def sudden_stink(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Sudden Stink: every Line of Scrimmage player is pushed straight back toward their own end zone, chain-pushing."""
    squares = variant_rules(ruleset).kick_off_events.sudden_stink_squares
    board = state.board
    on_line = [pid for pid in _on_pitch(board) if board.geometry.on_line_of_scrimmage(board.player(pid).square or (-1, -1))]
    outcome = Outcome(board)
    for player_id in on_line:
        player = outcome.board.player(player_id)
        back = (-1, 0) if player.team == board.home else (1, 0)
        outcome = outcome.then(
            push_in_direction(ruleset, outcome.board, player_id, back, squares, dice, decisions, chooser=board.opponent_of(player.team))
        )
    return attrs.evolve(state, board=outcome.board), (
        Event("sudden-stink", None, result=str(len(on_line)), detail={"players": on_line}),
        *outcome.events,
    )


def bats(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Bats!: the lower D6's team has a random player on the pitch Placed Prone and Stunned."""
    losers, rolled = _lowest_loses(state, dice, "bats", fans=False)
    picked, rolls = _random_victims(state, dice, losers, 1)
    board = state.board
    for player_id in picked:
        board = _put(board, board.player(player_id), Status.STUNNED)
    return attrs.evolve(state, board=board), (rolled, Event("stunned-by-bats", None, tuple(rolls), str(len(picked)), {"players": picked}))


def get_ready_lads(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """ "Get Ready, Lads!": every Open receiving player may step one square, one after another as the coach picks
    them (:func:`bbcore.rules.drive.step_open_players`, reason ``get-ready-lads``)."""
    _, receiving = _kicking(state)
    squares = variant_rules(ruleset).kick_off_events.get_ready_lads_squares  # one: the schema allows no other
    movers = open_players(state.board, receiving)
    board, moves = step_open_players(ruleset, state.board, receiving, len(movers), GET_READY_LADS, dice, decisions)
    detail = {"players": movers, "squares": squares, "board_changed": bool(moves)}
    return attrs.evolve(state, board=board), (Event("step-one-square", receiving, result=str(len(movers)), detail=detail), *moves)


#: The reason "Get Ready, Lads!" gives ``Decisions.free_move``.
GET_READY_LADS = "get-ready-lads"


def sticky_sludge(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Sticky Sludge: +1 to pick up the ball and no Pass action by the carrier until the drive ends."""
    return state.with_drive_effect(STICKY_SLUDGE), (Event("drive-effect", None, result=STICKY_SLUDGE),)


def sludge_pick_up_modifier(ruleset: Ruleset, state: GameState) -> int:
    """The pick-up modifier Sticky Sludge gives while in force, read from the row's structured effects."""
    if STICKY_SLUDGE not in state.drive_effects:
        return 0
    row = ruleset.table(SEWER).row("sticky-sludge")
    return sum(e.by or 0 for e in row.effects if e.modifier == "pick-up")


#: The core's name for the action Sticky Sludge refuses the ball carrier.
SLUDGED_ACTION = "pass"


def sludge_refusal(state: GameState, player_id: str, action: str) -> str | None:
    """Why the ball carrier may not make a Pass action while Sticky Sludge holds; None otherwise."""
    if action != SLUDGED_ACTION or STICKY_SLUDGE not in state.drive_effects or state.board.ball.carrier != player_id:
        return None
    return "Sticky Sludge holds the ball fast: the carrier may not make a Pass action this drive"


def fresh_sewage(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """'Fresh' Sewage: every standing player within ``fresh_sewage_distance`` squares of a sewer pit is Placed Prone."""
    reach = variant_rules(ruleset).kick_off_events.fresh_sewage_distance
    board = state.board
    pits = [square for square, feature in board.geometry.square_features.items() if is_pit(feature)]
    soaked = [
        pid
        for pid in _on_pitch(board)
        if board.player(pid).standing and any(distance(board.player(pid).square or (-99, -99), pit) <= reach for pit in pits)
    ]
    for player_id in soaked:
        board = _put(board, board.player(player_id), Status.PRONE)
    return attrs.evolve(state, board=board), (Event("fresh-sewage", None, result=str(len(soaked)), detail={"players": soaked}),)


def swarm_of_rats(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Swarm of Rats: until the drive ends, a player ending an activation next to a wall may fall (:func:`rats_bite`)."""
    return state.with_drive_effect(SWARM_OF_RATS), (Event("drive-effect", None, result=SWARM_OF_RATS),)


def next_to_a_wall(board: Board, square: Square) -> bool:
    """Whether a square touches a wall: a sideline wall past the edge or a wall feature (a market stall) beside it."""
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            near = step(square, (dx, dy))
            if near == square:
                continue
            if not board.geometry.on_pitch(near) and wall_past(board, near):
                return True
            if board.geometry.on_pitch(near) and is_wall(board.geometry.feature_at(near)):
                return True
    return False


def rats_bite(
    ruleset: Ruleset, board: Board, player_id: str, dice: DiceSource, drive_effects: frozenset[str], decisions: Decisions | None = None
) -> Outcome | None:
    """As a player's activation ends: with Swarm of Rats in force and the player standing next to a wall, a D6; at most
    ``falls_at_most`` and they Fall Over (a turnover only if they held the ball, which then bounces). None when no rat
    comes (not in force, not standing, not by a wall)."""
    player = board.player(player_id)
    if SWARM_OF_RATS not in drive_effects or not player.standing or player.square is None or not next_to_a_wall(board, player.square):
        return None
    rules = variant_rules(ruleset).kick_off_events.swarm_of_rats
    rolls = roll_dice(dice, rules.dice)
    if sum(rolls) > rules.falls_at_most:
        return Outcome(board, (Event("swarm-of-rats", player_id, rolls, "shook-them-off"),))
    return _fall_over(ruleset, board, player, dice, decisions, Event("swarm-of-rats", player_id, rolls, "falls"))


def _fall_over(ruleset: Ruleset, board: Board, player: PlayerState, dice: DiceSource, decisions: Decisions | None, cause: Event) -> Outcome:
    """The player Falls Over (prone, an armour roll, the cobbles' +1 from the hook); a ball they held bounces and it is a turnover."""
    held = board.ball.carrier == player.id
    square = player.square
    assert square is not None
    fallen = knock_down(ruleset, board, player.id, Harm("fall"), dice, choose_treatment=treatment_from(decisions or DefaultDecisions()))
    outcome = Outcome(fallen.board, (cause, *fallen.events))
    if held:
        outcome = outcome.then(
            ball.bounce(ruleset, outcome.board.with_ball(BallState(square=square)), square, dice, decisions or DefaultDecisions())
        )
        outcome = Outcome(outcome.board, outcome.events, turnover=True)
    return outcome


def register_kick_off_events(register: RowEffectRegistrar) -> None:
    """Register every row of the two tables the core cannot resolve (Changing Weather is the core's)."""
    both = {"riot": riot, "cheering-fans": cheering_fans, "black-market-dealer": black_market_dealer}
    street = {
        "falling-roof-tiles": falling_roof_tiles,
        "quick-attack": quick_attack,
        "rogue-washing-line": rogue_washing_line,
        "this-round-is-on-us": this_round_is_on_us,
        "loose-dogs": loose_dogs,
        "furious-neighbor": furious_neighbor,
        "the-guards-are-coming": the_guards_are_coming,
    }
    sewer = {
        "tentacled-terror": tentacled_terror,
        "sudden-stink": sudden_stink,
        "bats": bats,
        "get-ready-lads": get_ready_lads,
        "sticky-sludge": sticky_sludge,
        "fresh-sewage": fresh_sewage,
        "swarm-of-rats": swarm_of_rats,
    }
    for table, rows in ((STREET, {**both, **street}), (SEWER, {**both, **sewer})):
        for row_id, procedure in rows.items():
            register.row(table, row_id, procedure)
