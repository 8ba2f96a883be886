"""The street and sewer weather: modifiers read from the tables, and the weather that acts at turn or drive end.

The modifiers (Howling Winds, Sudden Downpour, A Stormy Night, Spilt Sewage, It's
Getting Warm) are the rows' structured effects: the core puts them on the board for every
roll while the weather holds (:mod:`bbcore.rules.conditions`), as it does Sticky Sludge's
+1 to pick-ups while that kick-off event is in force. :func:`weather_modifier` reads one
for a test, and :func:`weather_modifiers` all of them, for a caller that keeps no game
state. Clouds of Smog's pass bands are its row's ``pass_bands`` effect, which the core puts on
the board too (``Board.open_pass_bands``, kept by every pass), and :func:`open_pass_bands`
reads; its roll as a drive starts
is :func:`smog_reinforcements`, which the ``gutterbowl/clouds-of-smog`` step
(:func:`clouds_of_smog_step`, before the set-up) turns into the core's
``GameState.extra_set_up_players``.

A Stormy Night and Unbearable Stench act when a team turn ends, through the
``bbcore_turn_end_effects`` hook and :func:`turn_end_weather`. Underground Heatwave
acts when a drive ends, in the ``gutterbowl/underground-heatwave`` step
(:func:`heatwave_step`, after the end-of-drive effects): a player who passes out stays
where the drive left them (the drive-ends step takes them to the Reserves), and the
step bars them from the next set-up (``GameState.barred_from_set_up``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, pick_at_random, roll_dice
from bbcore.rules import ball
from bbcore.rules.board import Board
from bbcore.rules.conditions import row_conditions, row_pass_bands, weather_row
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import Harm, place_prone, treatment_from
from bbcore_gutterbowl.kick_off_events import _fall_over
from bbcore_gutterbowl.variant_rules import variant_rules

if TYPE_CHECKING:
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

CLOUDS_OF_SMOG = "clouds-of-smog"
CLOUDS_OF_SMOG_STEP = "gutterbowl/clouds-of-smog"
HEATWAVE_STEP = "gutterbowl/underground-heatwave"
STORMY_NIGHT = "a-stormy-night"
UNBEARABLE_STENCH = "unbearable-stench"
UNDERGROUND_HEATWAVE = "underground-heatwave"
PASSED_OUT = "misses-next-drive"


def weather_modifiers(ruleset: Ruleset, weather: str | None) -> Mapping[str, int]:
    """Every modifier the weather row in force gives, by test (``rush``, ``pick-up``, ``catch``, ``pass-action``), from its effects."""
    return row_conditions([weather_row(ruleset, weather)])


def weather_modifier(ruleset: Ruleset, weather: str | None, test: str) -> int:
    """The weather's modifier to one test (0 when it gives none)."""
    return weather_modifiers(ruleset, weather).get(test, 0)


def open_pass_bands(ruleset: Ruleset, weather: str | None) -> tuple[str, ...] | None:
    """The only pass-range bands the weather allows (Clouds of Smog's row effect), or None for all: the core's
    ``open_bands``, for a caller that keeps no game state (in a game the board holds them, ``Board.open_pass_bands``)."""
    return row_pass_bands([weather_row(ruleset, weather)])


def smog_reinforcements(
    ruleset: Ruleset, weather: str | None, teams: tuple[str, ...], dice: DiceSource
) -> tuple[dict[str, int], tuple[Event, ...]]:
    """At the start of a drive in Clouds of Smog: each team's extra players allowed at set-up, and the rolls."""
    rules = variant_rules(ruleset).weather.clouds_of_smog
    if weather != CLOUDS_OF_SMOG:
        return {}, ()
    extra: dict[str, int] = {}
    events = []
    for team in teams:
        rolls = roll_dice(dice, rules.dice)
        extra[team] = rules.extra_players if sum(rolls) >= rules.extra_player_on else 0
        events.append(Event("clouds-of-smog", team, rolls, str(extra[team])))
    return extra, tuple(events)


def clouds_of_smog_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The ``gutterbowl/clouds-of-smog`` step: in Clouds of Smog each team rolls, and a team that rolls high enough
    may field one more player at this set-up (the core's ``set-up`` step reads and then clears the allowance)."""
    extra, events = smog_reinforcements(ruleset, state.weather, tuple(team.id for team in state.teams), dice)
    allowed = {team: count for team, count in extra.items() if count}
    return (attrs.evolve(state, extra_set_up_players=allowed), events) if events else (state, ())


def _standing(board: Board, team: str) -> list[str]:
    return sorted(p.id for p in board.team_players(team) if p.standing)


def turn_end_weather(
    ruleset: Ruleset, board: Board, team: str, dice: DiceSource, weather: str | None, decisions: Decisions | None = None
) -> Outcome:
    """A Stormy Night (a D6; a low roll fells a random player of the team) or Unbearable Stench (a random one Placed
    Prone, as the core places a player prone: a ball he held bounces, and a Ball & Chain has his injury roll).

    Both pick among the team's standing players on the pitch (a provisional reading:
    ``readings.picked_among_standing_players`` in ``variant-rules.yaml``)."""
    if weather == STORMY_NIGHT:
        rules = variant_rules(ruleset).weather.stormy_night
        rolls = roll_dice(dice, rules.dice)
        if sum(rolls) > rules.struck_at_most:
            return Outcome(board, (Event("lightning", team, rolls, "missed"),))
        picked, pick_rolls = pick_at_random(dice, _standing(board, team), 1)
        if not picked:
            return Outcome(board, (Event("lightning", team, rolls, "nobody-standing"),))
        struck = Event("lightning", picked[0], (*rolls, *pick_rolls), "struck")
        return _fall_over(ruleset, board, board.player(picked[0]), dice, decisions, struck)
    if weather == UNBEARABLE_STENCH:
        count = variant_rules(ruleset).weather.unbearable_stench_players
        picked, pick_rolls = pick_at_random(dice, _standing(board, team), count)
        events: list[Event] = [Event("unbearable-stench", team, pick_rolls, str(len(picked)), {"players": list(picked)})]
        for player_id in picked:
            square = board.player(player_id).square
            choose = treatment_from(decisions or DefaultDecisions())
            placed = place_prone(ruleset, board, player_id, Harm(UNBEARABLE_STENCH), dice, choose_treatment=choose)
            if board.ball.carrier == player_id and square is not None:
                # Placed Prone, he drops the ball: it bounces (Safe Pair of Hands may set it down instead).
                placed = placed.then(ball.drop_ball(ruleset, placed.board, player_id, square, dice, decisions or DefaultDecisions()))
            board = placed.board
            events.extend(placed.events)
        return Outcome(board, tuple(events))
    return Outcome(board)


def heatwave_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The ``gutterbowl/underground-heatwave`` step: the players who pass out (:func:`drive_end_weather`) are barred
    from the next set-up (the core's ``set-up`` step checks it, then clears the bar)."""
    heat = drive_end_weather(ruleset, state.board, dice, state.weather)
    passed_out = frozenset(event.who for event in heat.events if event.result == PASSED_OUT and event.who is not None)
    return attrs.evolve(state, board=heat.board, barred_from_set_up=state.barred_from_set_up | passed_out), heat.events


def drive_end_weather(ruleset: Ruleset, board: Board, dice: DiceSource, weather: str | None) -> Outcome:
    """Underground Heatwave: a D6 for every player on the pitch; a low roll and they pass out, missing the next drive."""
    if weather != UNDERGROUND_HEATWAVE:
        return Outcome(board)
    rules = variant_rules(ruleset).weather.heatwave
    events = []
    for player in sorted((p for p in board.players.values() if p.on_pitch), key=lambda p: p.id):
        rolls = roll_dice(dice, rules.dice)
        if sum(rolls) <= rules.passes_out_at_most:
            events.append(Event("passes-out", player.id, rolls, PASSED_OUT))
    return Outcome(board, tuple(events))
