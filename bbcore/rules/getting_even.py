"""Getting Even (league play): a player put out of the next game by another player may come back with a grudge.

A player left with a casualty row whose effects make him miss the next game, caused by
another player, rolls ``getting_even.dice``; on ``target`` or more he gains
``getting_even.skill`` (Hatred) bracketing one keyword of that player's position, his coach's
pick, never one of ``barred_keywords``. A player may gain the skill more than once, with
different keywords.

Who caused an injury is in the ``injury`` event (``by``, from the harm's attacker). The core
answers ``bbcore_after_procedure_effects`` with :func:`note_injury_causes`, which keeps the
last cause of each player's injury in ``GameState.injury_causes``; the rules give the roll no
moment of its own, so the post-game step ``getting-even`` (:func:`getting_even_step`, before
the hiring) rolls it for every player it concerns. What is gained is in the step's events
(``getting-even``, result ``gained``, ``detail["skill"]`` and ``["keyword"]``) and in
``GameState.gained_skills``, from which the hiring step writes it into the team file
(``gained_skills``; see :func:`bbcore.rules.game_results.team_after_game`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.dice import roll_dice
from bbcore.model.common import SkillRef
from bbcore.rules.board import position_keywords
from bbcore.rules.decisions import IllegalAnswerError
from bbcore.rules.events import Event
from bbcore.rules.friendly import FRIENDLY
from bbcore.rules.injury import CASUALTY_ROLE

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.rules.board import Board
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The kind of the events of the rule, and the ``reason`` the coach is asked a keyword with.
GETTING_EVEN = "getting-even"


def note_injury_causes(
    ruleset: Ruleset, state: GameState, before: Board, events: tuple[Event, ...], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """Keep who caused each injury the events roll (the last one for each player) in ``GameState.injury_causes``;
    None when they roll none with a cause."""
    causes = {e.who: str(e.detail["by"]) for e in events if e.kind == "injury" and e.who is not None and "by" in e.detail}
    if not causes:
        return None
    return attrs.evolve(state, injury_causes={**state.injury_causes, **causes}), ()


def _misses_next_game(ruleset: Ruleset, results: tuple[str, ...]) -> bool:
    rows = {row.id: row for row in ruleset.table(CASUALTY_ROLE).rows}
    return any(effect.miss_next_game for result in results if result in rows for effect in rows[result].effects)


def grudge_keywords(ruleset: Ruleset, state: GameState, player_id: str) -> tuple[str, ...]:
    """The keywords ``player_id`` may bear a grudge against: those of the position of whoever caused his injury, less
    the barred ones; empty when no casualty of his makes him miss the next game or nobody caused it."""
    player = state.board.player(player_id)
    cause = state.injury_causes.get(player_id)
    if cause is None or cause not in state.board.players or not _misses_next_game(ruleset, player.casualty_results):
        return ()
    barred = {keyword.lower() for keyword in ruleset.parameters.getting_even.barred_keywords}
    return tuple(k for k in position_keywords(ruleset, state.board.player(cause)) if k.lower() not in barred)


def getting_even_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The post-game step: every player with a grudge to bear (:func:`grudge_keywords`), by id, rolls for it.

    A success asks his coach which keyword (``Decisions.choose_keyword``, reason
    :data:`GETTING_EVEN`) when there are several. A player the rule concerns whose
    injurer's position has no keyword left to name rolls nothing (result ``no-keyword``).
    """
    if state.friendly:
        return state, (Event(FRIENDLY, None, (), "getting-even"),)  # a friendly's casualties leave no grudge
    rules = ruleset.parameters.getting_even
    events: list[Event] = []
    for player_id in sorted(state.injury_causes):
        if player_id not in state.board.players:
            continue
        cause = state.injury_causes[player_id]
        player = state.board.player(player_id)
        if not _misses_next_game(ruleset, player.casualty_results) or cause not in state.board.players:
            continue
        keywords = grudge_keywords(ruleset, state, player_id)
        if not keywords:
            events.append(Event(GETTING_EVEN, player_id, (), "no-keyword", {"by": cause}))
            continue
        rolls = roll_dice(dice, rules.dice)
        if sum(rolls) < rules.target:
            events.append(Event(GETTING_EVEN, player_id, rolls, "no-grudge", {"by": cause}))
            continue
        keyword = keywords[0] if len(keywords) == 1 else decisions.choose_keyword(player_id, GETTING_EVEN, keywords)
        if keyword not in keywords:
            raise IllegalAnswerError(f"{player_id} may bear a grudge against one of {', '.join(keywords)}, not {keyword!r}")
        detail = {"by": cause, "skill": rules.skill, "keyword": keyword}
        events.append(Event(GETTING_EVEN, player_id, rolls, "gained", detail))
        grudge = SkillRef(rules.skill, keyword)
        gained = {**state.gained_skills, player_id: (*state.gained_skills.get(player_id, ()), grudge)}
        state = attrs.evolve(state, gained_skills=gained)
    return state, tuple(events)


__all__ = ["GETTING_EVEN", "getting_even_step", "grudge_keywords", "note_injury_causes"]
