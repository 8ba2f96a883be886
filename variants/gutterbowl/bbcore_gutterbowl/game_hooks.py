"""Gutter Bowl hooks for drafting, the sequences, secret weapons and the inducements.

Each hook only hands over to the module that holds the rule:

* drafting (:mod:`~bbcore_gutterbowl.drafting`): the Lineman cap as a team check, and
  the core's drafting parameters back for ``teams=existing``;
* the sequences: the pre-game steps ``gutterbowl/pitch`` and ``gutterbowl/sideline-staff``
  (:mod:`~bbcore_gutterbowl.pregame`), the start-of-drive step ``gutterbowl/magic-potions``
  (:mod:`~bbcore_gutterbowl.potions`) and the core's end-of-drive ``secret-weapons``
  step, replaced (:mod:`~bbcore_gutterbowl.secret_weapons`);
* fouls: with no referee nobody is Sent-off nor argues (``bbcore_foul_call`` and
  ``bbcore_argue_the_call``, :mod:`~bbcore_gutterbowl.secret_weapons`);
* casualty rolls: the Sawbones (:mod:`~bbcore_gutterbowl.staff`) and the Frog
  (:mod:`~bbcore_gutterbowl.wizard`);
* just after a team turn: the Novice Wizard offered to its coach
  (:func:`~bbcore_gutterbowl.wizard.wizard_after_turn`); a Frog becomes himself again as
  the drive ends, through the core's ``drive_forms``;
* KO recovery: nothing here; the core adds the Snack Stand's +1 from its ``ko-recovery``
  effect in data, as for any inducement with one;
* passing: the Potion of Accuracy (:mod:`~bbcore_gutterbowl.passing`);
* the kick-off events of both pitches, by row (:mod:`~bbcore_gutterbowl.kick_off_events`),
  and "This round is on us!" at the end of the drive;
* the weather acting at the end of a turn or a drive (:mod:`~bbcore_gutterbowl.weather`).

* the moments of a turn: Swarm of Rats as an activation ends, Loose Dogs' barred team
  re-rolls and Sticky Sludge's refused Pass (:mod:`~bbcore_gutterbowl.kick_off_events`),
  and Warpstone Whiskey's first activation (:mod:`~bbcore_gutterbowl.potions`).

  The Snack Stand's free re-roll as a team re-roll is used (:mod:`~bbcore_gutterbowl.staff`).

  The Restless Fans as a team turn ends, for its players the core found Stalling (the
  core's Crowd Takes Action is off: ``stalling.crowd_takes_action`` in the parameters).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from bbcore import hookimpl
from bbcore_gutterbowl.drafting import NON_LINEMEN_CHECK, existing_team_parameters
from bbcore_gutterbowl.kick_off_events import (
    ROUND_ON_US,
    loose_dogs_barred,
    rats_bite,
    register_kick_off_events,
    round_on_us,
    sludge_refusal,
)
from bbcore_gutterbowl.passing import range_ignored
from bbcore_gutterbowl.potions import MAGIC_POTIONS_STEP, POTION_OF_ENDURANCE, endured, give_magic_potions, whiskey_goes_first
from bbcore_gutterbowl.pregame import PITCH_STEP, SIDELINE_STAFF_STEP, choose_pitch, leave_sideline_staff_at_home
from bbcore_gutterbowl.secret_weapons import SECRET_WEAPONS_STEP, deal_with_secret_weapons, no_argument, no_referee_call, restless_fans
from bbcore_gutterbowl.staff import SAWBONES, sawbones, snack_stand_refund
from bbcore_gutterbowl.variant_rules import RULES_ID, reference_problems
from bbcore_gutterbowl.weather import CLOUDS_OF_SMOG_STEP, HEATWAVE_STEP, clouds_of_smog_step, heatwave_step, turn_end_weather
from bbcore_gutterbowl.wizard import frog_casualty, is_frog, wizard_after_turn

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.model.table import Row
    from bbcore.registry import RowEffectRegistrar, SequenceStepRegistrar
    from bbcore.rules.board import Board, PlayerState, Square
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.events import Event, Outcome
    from bbcore.rules.foul import ArgueOutcome, FoulCall, FoulReport
    from bbcore.rules.injury import CasualtyTreatment
    from bbcore.rules.sequences import GameState
    from bbcore.rules_files import RulesFileProblem
    from bbcore.ruleset import Ruleset
    from bbcore.teams.checks import TeamCheck


@hookimpl
def bbcore_team_checks(ruleset: Ruleset) -> Iterable[TeamCheck]:
    return (NON_LINEMEN_CHECK,)


@hookimpl
def bbcore_foul_call(ruleset: Ruleset, state: GameState, report: FoulReport, dice: DiceSource) -> FoulCall | None:
    return no_referee_call(ruleset, state, report)


@hookimpl
def bbcore_argue_the_call(
    ruleset: Ruleset, state: GameState, team_id: str, player_id: str, reason: str, dice: DiceSource
) -> ArgueOutcome | None:
    return no_argument(ruleset, state, player_id)


@hookimpl
def bbcore_parameter_changes(options: Mapping[str, str], rules_files: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """Existing teams keep Blood Bowl drafting; Changing Weather scatters the ball on the calm row of the pitch in use."""
    changes = dict(existing_team_parameters(options) or {})
    changing = rules_files[RULES_ID].changing_weather
    pitch = options.get("pitch", "street")
    changes["kick_off_events"] = {"calm_weather": getattr(changing.calm_weather, pitch), "calm_weather_scatters": changing.scatters}
    return changes


@hookimpl
def bbcore_register_sequence_steps(register: SequenceStepRegistrar) -> None:
    register.step(PITCH_STEP, choose_pitch)
    register.step(SIDELINE_STAFF_STEP, leave_sideline_staff_at_home)
    register.step(MAGIC_POTIONS_STEP, give_magic_potions)
    register.step(SECRET_WEAPONS_STEP, deal_with_secret_weapons)
    register.step(CLOUDS_OF_SMOG_STEP, clouds_of_smog_step)
    register.step(HEATWAVE_STEP, heatwave_step)


@hookimpl
def bbcore_casualty_treatment(
    ruleset: Ruleset,
    board: Board,
    player: PlayerState,
    casualty: Row,
    treatment: str | None,
    niggling_injuries: int,
    dice: DiceSource,
) -> CasualtyTreatment | None:
    """A Frog's casualty is always Badly Hurt, Sawbones or not; a player who drank the Potion of Endurance is
    Knocked-out instead, once (:func:`~bbcore_gutterbowl.potions.endured`); otherwise the Sawbones when called."""
    if is_frog(ruleset, player):
        return frog_casualty(ruleset, player, casualty, treatment)
    if player.has(POTION_OF_ENDURANCE):
        return endured(player, casualty)
    if treatment == SAWBONES:
        return sawbones(ruleset, player, casualty, niggling_injuries, dice)
    return None


@hookimpl(specname="bbcore_pass_modifiers")
def potion_of_accuracy_ignores_range(ruleset: Ruleset, board: Board, passer: PlayerState, target: Square, band: Row) -> int | None:
    """A passer who drank the Potion of Accuracy takes no modifier for the range (:func:`bbcore_gutterbowl.passing.range_ignored`)."""
    return range_ignored(passer, band)


@hookimpl
def bbcore_register_row_effects(register: RowEffectRegistrar) -> None:
    register_kick_off_events(register)


@hookimpl(specname="bbcore_turn_end_effects")
def weather_at_turn_end(
    ruleset: Ruleset, board: Board, team: str, dice: DiceSource, weather: str | None, decisions: Decisions
) -> tuple[Board, tuple[Event, ...]] | None:
    """A Stormy Night's lightning or Unbearable Stench when a team turn ends (:func:`bbcore_gutterbowl.weather.turn_end_weather`)."""
    outcome = turn_end_weather(ruleset, board, team, dice, weather, decisions)
    return (outcome.board, outcome.events) if outcome.events else None


@hookimpl(specname="bbcore_turn_end_effects")
def restless_fans_at_turn_end(
    ruleset: Ruleset, board: Board, team: str, dice: DiceSource, decisions: Decisions, stalling: frozenset[str]
) -> tuple[Board, tuple[Event, ...]] | None:
    """The Restless Fans' bottles for the players of ``team`` found Stalling in its turn
    (:func:`~bbcore_gutterbowl.secret_weapons.restless_fans`)."""
    stallers = sorted(pid for pid in stalling if pid in board.players and board.player(pid).team == team and board.player(pid).on_pitch)
    if not stallers:
        return None
    outcome = restless_fans(ruleset, board, stallers, dice, decisions)
    return outcome.board, outcome.events


@hookimpl(specname="bbcore_end_of_drive_effects")
def drinks_at_drive_end(
    ruleset: Ruleset, board: Board, dice: DiceSource, drive_effects: frozenset[str], drive_players: frozenset[str]
) -> tuple[Board, tuple[Event, ...]] | None:
    """ "This round is on us!" for the drive's KO'd players (Underground Heatwave follows, as a step of its own)."""
    outcome = round_on_us(ruleset, board, dice, drive_players) if ROUND_ON_US in drive_effects else None
    return (outcome.board, outcome.events) if outcome is not None and outcome.events else None


@hookimpl(specname="bbcore_activation_end_effects")
def rats_at_activation_end(
    ruleset: Ruleset, board: Board, player_id: str, dice: DiceSource, drive_effects: frozenset[str], decisions: Decisions
) -> Outcome | None:
    """Swarm of Rats, for a player ending his activation beside a wall (:func:`~bbcore_gutterbowl.kick_off_events.rats_bite`)."""
    return rats_bite(ruleset, board, player_id, dice, drive_effects, decisions)


@hookimpl(specname="bbcore_barred_team_rerolls")
def loose_dogs_bar_team_rerolls(ruleset: Ruleset, drive_effects: frozenset[str]) -> Iterable[str]:
    """Loose Dogs' tests (:func:`~bbcore_gutterbowl.kick_off_events.loose_dogs_barred`)."""
    return loose_dogs_barred(ruleset, drive_effects)


@hookimpl(specname="bbcore_action_refusal")
def gutter_action_refusals(state: GameState, player_id: str, action: str) -> str | None:
    """Sticky Sludge keeps the ball carrier from passing (:func:`~bbcore_gutterbowl.kick_off_events.sludge_refusal`);
    a Warpstone Whiskey drinker goes first (:func:`~bbcore_gutterbowl.potions.whiskey_goes_first`)."""
    reasons = [r for r in (whiskey_goes_first(state, player_id), sludge_refusal(state, player_id, action)) if r]
    return "; ".join(reasons) or None


@hookimpl(specname="bbcore_team_reroll_used")
def snack_stand_gives_it_back(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, pool: str
) -> tuple[GameState, tuple[Event, ...]] | None:
    """The Snack Stand's free re-roll (:func:`~bbcore_gutterbowl.staff.snack_stand_refund`), back where it came from."""
    return snack_stand_refund(ruleset, state, team, dice, pool)


@hookimpl(specname="bbcore_after_turn_effects")
def wizard_between_turns(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """The Novice Wizard's moment, just after a turn of his team (:func:`~bbcore_gutterbowl.wizard.wizard_after_turn`)."""
    return wizard_after_turn(ruleset, state, team, dice, decisions)


@hookimpl(specname="bbcore_rules_file_problems")
def variant_rules_references(ruleset: Ruleset) -> Iterable[RulesFileProblem]:
    """What ``variant-rules.yaml`` names must exist in the ruleset (a league's amended file too)."""
    return reference_problems(ruleset)


__all__: list[str] = [
    "bbcore_argue_the_call",
    "bbcore_casualty_treatment",
    "bbcore_foul_call",
    "bbcore_parameter_changes",
    "bbcore_register_row_effects",
    "bbcore_register_sequence_steps",
    "bbcore_team_checks",
    "drinks_at_drive_end",
    "gutter_action_refusals",
    "loose_dogs_bar_team_rerolls",
    "potion_of_accuracy_ignores_range",
    "rats_at_activation_end",
    "restless_fans_at_turn_end",
    "snack_stand_gives_it_back",
    "variant_rules_references",
    "weather_at_turn_end",
    "wizard_between_turns",
]
