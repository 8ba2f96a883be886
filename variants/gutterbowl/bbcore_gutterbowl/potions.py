"""Magic Potions: handed out at the start of a drive, before set-up, and drunk at once.

A potion is an inducement whose ``table`` is the table rolled for it (Lesser or
Superior). The row's structured effects are applied to the player's profile through
:func:`bbcore.rules.effects.apply_effects` and last for the rest of the game: the
board is the game's record, and the ``magic-potion`` event keeps the profile before
and after for anyone who must put it back. What the vocabulary cannot say comes
from ``variant-rules.yaml``: which rows wake a Knocked-out player
(``potion_wakes_knocked_out``) and which give a random skill, of what category
(``potion_random_skills``). A row saying ``status: casualty`` removes the player as a
casualty, with the casualty roll its ``roll_on`` asks for; another ``roll_on`` (It's an
actual Potion!) rolls that table instead.

The Potion of Accuracy's disregard for range cannot be said with a characteristic,
so its row also gives the ``gutterbowl/potion-of-accuracy`` trait, which the
pass-modifier hook looks for (:func:`bbcore_gutterbowl.passing.range_ignored`).

The Potion of Endurance's second effect is the ``gutterbowl/potion-of-endurance``
trait: the casualty-treatment hook turns the first Casualty into a Knock-out and the
player loses the trait (:func:`endured`).

Warpstone Whiskey's order of activation is the ``gutterbowl/warpstone-whiskey`` trait:
:func:`whiskey_goes_first` refuses every team-mate an action while a drinker fit to act
has not been activated, through the core's ``bbcore_action_refusal``
(:func:`bbcore.rules.turns.action_refusals`, which reads the turn's ``GameState.activated``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from bbcore.dice import DiceSource, roll_on_table
from bbcore.errors import UsageError
from bbcore.model.table import Row
from bbcore.rules.board import Board, PlayerState, Status
from bbcore.rules.decisions import Decisions
from bbcore.rules.effects import apply_effects
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import CasualtyTreatment, suffer_casualty
from bbcore.rules.league import roll_random_skill
from bbcore.rules.sequences import GameState
from bbcore.ruleset import Ruleset
from bbcore_gutterbowl.variant_rules import variant_rules

#: The potion inducements, and the start-of-drive step that hands them out.
LESSER_MAGIC_POTION = "gutterbowl/lesser-magic-potion"
SUPERIOR_MAGIC_POTION = "gutterbowl/superior-magic-potion"
POTIONS = (LESSER_MAGIC_POTION, SUPERIOR_MAGIC_POTION)
MAGIC_POTIONS_STEP = "gutterbowl/magic-potions"

#: The trait the Potion of Endurance leaves: the first Casualty becomes a Knock-out.
POTION_OF_ENDURANCE = "gutterbowl/potion-of-endurance"

#: The trait Warpstone Whiskey leaves: the player must be the first of his team activated in each of its turns.
WARPSTONE_WHISKEY = "gutterbowl/warpstone-whiskey"

#: Who may be given a potion before set-up: players waiting in the Reserves, and Knocked-out ones.
MAY_DRINK = (Status.RESERVES, Status.KO)

StepResult = tuple[GameState, tuple[Event, ...]]


def profile(player: PlayerState) -> dict[str, Any]:
    """A player's characteristics and skills, as plain data for an event."""
    return {"ma": player.ma, "st": player.st, "ag": player.ag, "pa": player.pa, "av": player.av, "skills": sorted(player.skills)}


def _is_casualty_table(ruleset: Ruleset, table: str) -> bool:
    return ruleset.table(table).id == ruleset.table("casualty").id


def drink(ruleset: Ruleset, board: Board, player_id: str, potion: str, dice: DiceSource, decisions: Decisions | None = None) -> Outcome:
    """One player drinks one potion: roll its table and apply the row, following any table it sends on to.

    A Knocked-out player who drank a row listed in ``potion_wakes_knocked_out`` recovers
    to the Reserves. A casualty row takes the player out as a casualty (with the casualty
    roll, a treatment offered through ``decisions``) and nothing else applies.
    """
    inducement = ruleset.inducement(potion)
    if inducement.table is None:
        raise UsageError(f"{inducement.name} is not a potion: it names no table to roll on")
    rules = variant_rules(ruleset)
    player = board.player(player_id)
    before = profile(player)
    table = ruleset.table(inducement.table)
    events: list[Event] = []
    wakes = False
    while True:
        rolled = roll_on_table(table, dice)
        row = rolled.row
        applied = apply_effects(ruleset, player, row.effects)
        player = applied.player
        detail: dict[str, Any] = {"table": table.id, "potion": potion}
        if applied.not_applied:
            detail["not_applied"] = [effect.verbs[0] for effect in applied.not_applied if effect.verbs]
        events.append(Event("magic-potion", player_id, rolled.rolls, row.id, detail))
        wakes = wakes or row.id in rules.potion_wakes_knocked_out.get(table.id, ())
        category = rules.potion_random_skills.get(row.id)
        if category is not None:
            skill, skill_events = roll_random_skill(ruleset, category, dice, exclude=set(player.skills), who=player_id)
            player = attrs.evolve(player, skills={**player.skills, skill: None})
            events.extend(skill_events)
        board = board.with_player(player)
        if any(effect.status == "casualty" for effect in applied.not_applied):
            rolls_casualty = any(_is_casualty_table(ruleset, name) for name in applied.roll_on)
            choose = None if decisions is None else (lambda p, casualty: decisions.casualty_treatment(p.id, casualty))
            hurt = suffer_casualty(ruleset, board, player_id, dice, roll=rolls_casualty, choose_treatment=choose)
            return Outcome(hurt.board, (*events, *hurt.events))
        onward = [name for name in applied.roll_on if not _is_casualty_table(ruleset, name)]
        if not onward:
            break
        table = ruleset.table(onward[0])
    if wakes and player.status is Status.KO:
        board = board.with_player(player.with_status(Status.RESERVES))
        events.append(Event("ko-recovery", player_id, (), "recovered", {"by": potion}))
    events.append(Event("potion-drunk", player_id, (), potion, {"before": before, "after": profile(board.player(player_id))}))
    return Outcome(board, tuple(events))


def endured(player: PlayerState, casualty: Row) -> CasualtyTreatment:
    """The Potion of Endurance answering a casualty roll: Knocked-out instead, and the trait is used up."""
    event = Event(POTION_OF_ENDURANCE, player.id, (), Status.KO.value, {"instead_of": casualty.id})
    return CasualtyTreatment(casualty, Status.KO, None, (event,), lost_skills=(POTION_OF_ENDURANCE,))


def _check_hand_out(
    team: str, held: Mapping[str, int], players: Sequence[str], handed: Sequence[tuple[str, str]], per_player: int
) -> list[str]:
    problems = [f"{player!r} cannot be given a potion now" for player, _ in handed if player not in players]
    problems += [f"{potion!r} is not a potion the team holds" for _, potion in handed if potion not in held]
    for potion, count in Counter(potion for _, potion in handed).items():
        if potion in held and count > held[potion]:
            problems.append(f"{count} x {potion!r} handed out; the team holds {held[potion]}")
    for player, count in Counter(player for player, _ in handed).items():
        if count > per_player:
            problems.append(f"{player!r} is given {count} potions; at most {per_player}")
    return problems


def give_magic_potions(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Before set-up, each team (home first) may hand potions it holds to its players, who drink them at once.

    The coach answers ``Decisions.hand_out_inducements`` with (player, potion) pairs,
    among the team's players in the Reserves or Knocked-out, at most
    ``potions_per_player`` each. Potions handed out leave ``TeamState.inducements``;
    the rest are kept for a later drive. A hand-out that breaks a rule is an error
    listing every problem.

    The limit per player is read per hand-out, as the seed states it where potions are
    handed out, so a player may drink again before a later drive (a provisional reading:
    ``readings.one_potion_per_hand_out`` in ``variant-rules.yaml``).
    """
    per_player = variant_rules(ruleset).potions_per_player
    events: list[Event] = []
    for team in state.teams:
        held = {potion: count for potion, count in team.inducements.items() if potion in POTIONS and count > 0}
        if not held:
            continue
        players = sorted(p.id for p in state.board.team_players(team.id) if p.status in MAY_DRINK)
        handed = tuple(decisions.hand_out_inducements(team.id, held, players))
        problems = _check_hand_out(team.id, held, players, handed, per_player)
        if problems:
            raise UsageError(f"team {team.id!r} cannot hand out these potions: " + "; ".join(problems))
        board = state.board
        for player_id, potion in handed:
            drunk = drink(ruleset, board, player_id, potion, dice, decisions)
            board = drunk.board
            events.extend(drunk.events)
        left = dict(team.inducements)
        for potion, count in Counter(potion for _, potion in handed).items():
            left[potion] -= count
        state = state.update_team(team.id, inducements={key: count for key, count in left.items() if count})
        state = attrs.evolve(state, board=board)
    return state, tuple(events)


def whiskey_goes_first(state: GameState, player_id: str) -> str | None:
    """Why ``player_id`` may not be activated yet: a team-mate who drank Warpstone Whiskey must go first this turn.

    Only while nobody of the team has been activated this turn (``GameState.activated``),
    and only for a drinker on the pitch who could be (Standing or Prone, not barred from
    this turn, not stuck in a sewer pit or any feature that traps him); a drinker himself
    is never refused by it. None when nothing stands in the way.
    """
    board = state.board
    player = board.player(player_id)
    if player.has(WARPSTONE_WHISKEY) or any(board.players[pid].team == player.team for pid in state.activated if pid in board.players):
        return None
    turn = state.team(player.team).turn
    drinkers = sorted(
        p.id
        for p in board.team_players(player.team)
        if p.has(WARPSTONE_WHISKEY)
        and p.status in (Status.STANDING, Status.PRONE)
        and state.barred_activations.get(p.id) != turn
        and not board.trapped(p)
    )
    if not drinkers:
        return None
    return f"{' or '.join(drinkers)} drank Warpstone Whiskey and must be the first of the team activated this turn"


__all__ = [
    "LESSER_MAGIC_POTION",
    "MAGIC_POTIONS_STEP",
    "POTIONS",
    "POTION_OF_ENDURANCE",
    "SUPERIOR_MAGIC_POTION",
    "WARPSTONE_WHISKEY",
    "drink",
    "endured",
    "give_magic_potions",
    "profile",
    "whiskey_goes_first",
]
