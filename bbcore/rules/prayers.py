"""What a Prayer to Nuffle does to the players, as the prayer is rolled.

A row of the prayers table with effects on players (``who: player`` for the praying
team, ``who: opponent`` for the other) says in its values how many players they reach
(``players``: a number or a dice expression) and how they are picked (``picked``:
``random``, or ``chosen`` by the praying coach through ``Decisions.choose_players``).
The candidates are the team's players taking part in the game (in the Reserves or on
the pitch), never a Star Player. Each picked player takes the row's changes and skills
(:func:`bbcore.rules.effects.apply_effects`); a ``choose_skill`` effect lets the coach
pick one skill of those categories of the player's position the player lacks
(``Decisions.gained_skills``). An opponent effect with no ``players`` value, a modifier
(Moles under the Pitch), is in force for the whole opposing team (``Board.team_conditions``,
read by :meth:`bbcore.rules.board.Board.modifier`), players put on the board later included.

A row with a ``wakes`` value (Treacherous Trapdoor) wakes that dormant feature type of the
pitch for the rest of the game (``Board.woken``, read by :meth:`bbcore.rules.board.Board.feature_in_force`): the trapdoors, which
:mod:`bbcore.rules.trapdoors` then rolls for whoever enters one.

Rows without player effects (Friends with the Ref, Under Scrutiny, the SPP prayers...)
change nothing here: the procedures they change read ``TeamState.prayers``. Throw a Rock
is the coach's to call once in the game, at the start of one of his team's turns
(:func:`throw_a_rock`, which :func:`bbcore.rules.turns.start_turn` offers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, pick_at_random, roll_dice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, PlayerState, Status
from bbcore.rules.decisions import Decisions, checked_choices
from bbcore.rules.effects import apply_effects
from bbcore.rules.events import Event
from bbcore.rules.injury import Harm, knock_down_with_ball
from bbcore.rules.league import skill_conflict
from bbcore.rules.sequences import GameState

if TYPE_CHECKING:
    from bbcore.model.common import Effect
    from bbcore.model.table import Row
    from bbcore.ruleset import Ruleset

#: The sides of the game a prayer's effects name: the praying team's players and the others.
OWN, OPPOSING = "player", "opponent"
#: How a row says its players are picked.
RANDOM, CHOSEN = "random", "chosen"


def taking_part(board: Board, team: str) -> list[str]:
    """The team's players who may be picked by a prayer: those taking part in the game (Reserves or the pitch), no Star Player."""
    return sorted(p.id for p in board.team_players(team) if not p.star and (p.status is Status.RESERVES or p.on_pitch))


def answer_prayer(
    ruleset: Ruleset, state: GameState, team_id: str, row: Row, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """Apply prayer ``row`` of ``team_id`` to the players it reaches; the new state and a ``prayer-answered`` event per side."""
    events: list[Event] = []
    wakes = row.values.get("wakes")
    if wakes is not None and not isinstance(wakes, str):
        raise UsageError(f"prayer {row.id!r}: 'wakes' names a feature type of the pitch, not {wakes!r}")
    if wakes is not None:
        state = attrs.evolve(state, board=attrs.evolve(state.board, woken=state.board.woken | frozenset((wakes,))))
        found = sum(1 for f in state.board.pitch.features if f.type == wakes)
        events.append(Event("prayer-answered", team_id, (), row.id, {"wakes": wakes, "features": found}))
    for side, team in ((OWN, team_id), (OPPOSING, state.opponent(team_id).id)):
        effects = [e for e in row.effects if e.who == side]
        if not effects:
            continue
        if side == OPPOSING and row.values.get("players") is None:
            state = _mark_team(state, team, effects)
            events.append(Event("prayer-answered", team_id, (), row.id, {"team": team, "players": "all"}))
            continue
        picked, rolls = _pick(ruleset, state, team_id, team, row, dice, decisions)
        board = state.board
        for player_id in picked:
            board = board.with_player(_blessed(ruleset, board.player(player_id), effects, decisions))
        state = attrs.evolve(state, board=board)
        events.append(Event("prayer-answered", team_id, rolls, row.id, {"team": team, "players": list(picked)}))
    return state, tuple(events)


def _pick(
    ruleset: Ruleset, state: GameState, praying: str, team: str, row: Row, dice: DiceSource, decisions: Decisions
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    count_value = row.values.get("players", 1)
    count_rolls = roll_dice(dice, count_value) if isinstance(count_value, str) else ()
    count = sum(count_rolls) if count_rolls else int(count_value or 1)
    candidates = taking_part(state.board, team)
    how = row.values.get("picked", RANDOM)
    if how == CHOSEN:
        wanted = min(count, len(candidates))
        answer = decisions.choose_players(praying, row.id, candidates, wanted)
        return checked_choices(answer, candidates, wanted, question="choose-players", who=praying, fewest=wanted), count_rolls
    if how != RANDOM:
        raise UsageError(f"prayer {row.id!r}: players are picked 'random' or 'chosen', not {how!r}")
    picked, pick_rolls = pick_at_random(dice, candidates, count)
    return picked, count_rolls + pick_rolls


def _blessed(ruleset: Ruleset, player: PlayerState, effects: list[Effect], decisions: Decisions) -> PlayerState:
    """The player after the row's effects: changes and skills, then any skill his coach picks."""
    applied = apply_effects(ruleset, player, [attrs.evolve(e, who=OWN) for e in effects])
    player = applied.player
    for effect in applied.not_applied:
        if effect.choose_skill is not None:
            player = _chosen_skill(ruleset, player, effect.choose_skill, decisions)
    return player


def _chosen_skill(ruleset: Ruleset, player: PlayerState, kinds: tuple[str, ...], decisions: Decisions) -> PlayerState:
    """One skill the coach picks for the player from his position's ``kinds`` of categories (``primary``...) he lacks,
    none the glossary forbids beside his skills (:func:`bbcore.rules.league.skill_conflict`)."""
    position = ruleset.position(player.position) if player.position else None
    categories = {c for kind in kinds for c in (getattr(position, kind, ()) if position is not None else ())}
    offered = sorted(
        s.id
        for s in ruleset.skills.values()
        if s.category in categories and not player.has(s.id) and skill_conflict(ruleset, s.id, player.skills) is None
    )
    if not offered:
        return player
    answer = decisions.gained_skills(player.id, offered, 1)
    (skill,) = checked_choices(answer, offered, 1, question="gained-skills", who=player.id, fewest=1)
    return attrs.evolve(player, skills={**player.skills, skill: None})


def _mark_team(state: GameState, team: str, effects: list[Effect]) -> GameState:
    """A modifier in force for every player of ``team`` for the game (Moles under the Pitch's Rush -1)."""
    board = state.board
    modifiers = dict(board.team_conditions.get(team, {}))
    for effect in effects:
        if effect.modifier is not None:
            modifiers[effect.modifier] = modifiers.get(effect.modifier, 0) + (effect.by or 0)
    return attrs.evolve(state, board=attrs.evolve(board, team_conditions={**board.team_conditions, team: modifiers}))


#: The Prayer to Nuffle a coach may call on once, at the start of one of his team's turns.
THROW_A_ROCK = "throw-a-rock"


def throw_a_rock(
    ruleset: Ruleset, state: GameState, team_id: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """At the start of ``team_id``'s turn: if it prayed for Throw a Rock, has not used it and its coach calls on it
    (``Decisions.use_prayer``), an opposing player on the pitch picked at random is Knocked Down on a D6 of
    ``targets.throw_a_rock`` or more (a ball he held bounces). The prayer is then spent (``TeamState.prayers_used``)."""
    team = state.team(team_id)
    if THROW_A_ROCK not in team.prayers or THROW_A_ROCK in team.prayers_used or not decisions.use_prayer(team_id, THROW_A_ROCK):
        return state, ()
    state = state.update_team(team_id, prayers_used=(*team.prayers_used, THROW_A_ROCK))
    opponents = sorted(p.id for p in state.board.team_players(state.opponent(team_id).id) if p.on_pitch and not p.star)
    picked, pick_rolls = pick_at_random(dice, opponents, 1)
    if not picked:
        return state, (Event(THROW_A_ROCK, team_id, (), "nobody-there"),)
    (target,) = picked
    (roll,) = roll_dice(dice, "D6")
    hit = roll >= ruleset.parameters.targets.throw_a_rock
    event = Event(THROW_A_ROCK, team_id, (*pick_rolls, roll), "hit" if hit else "missed", {"player": target})
    if not hit:
        return state, (event,)
    down = knock_down_with_ball(ruleset, state.board, target, Harm(THROW_A_ROCK), dice, decisions)
    return attrs.evolve(state, board=down.board), (event, *down.events)


__all__ = ["THROW_A_ROCK", "answer_prayer", "taking_part", "throw_a_rock"]
