"""The inducement packs plugin: registers two packs, each a data directory whose list replaces the active one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore import hookimpl
from bbcore_inducement_packs import pack_rules

if TYPE_CHECKING:
    from collections.abc import Mapping

    from bbcore.dice import DiceSource
    from bbcore.model.inducement import Inducement
    from bbcore.model.table import Row
    from bbcore.model.team import TeamPlayer
    from bbcore.registry import DataRegistrar, RowEffectRegistrar, SequenceStepRegistrar
    from bbcore.rules.board import Board, PlayerState, Square
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.events import Event
    from bbcore.rules.foul import ArgueOutcome, FoulCall, FoulReport
    from bbcore.rules.injury import CasualtyTreatment, KnockOutTreatment
    from bbcore.rules.sequences import GameState
    from bbcore.rules_files import RulesFileProblem
    from bbcore.ruleset import Ruleset

PACKS_DIR = pack_rules.PACKS_DIR


@hookimpl
def bbcore_register_data(register: DataRegistrar) -> None:
    register.pack("bb2020", PACKS_DIR / "bb2020", "The Blood Bowl 2020 inducement list.")
    register.pack("classic", PACKS_DIR / "classic", 'The classic "Boosters" inducement list.')
    register.rules_file(
        pack_rules.RULES_ID,
        pack_rules.RULES_FILE,
        pack_rules.SCHEMA_FILE,
        pack_rules.PackRules,
        "The numbers of the packs' inducements in play: dice, targets, distances, by inducement id.",
    )


@hookimpl
def bbcore_register_row_effects(register: RowEffectRegistrar) -> None:
    """Get the Ref under a pack: the hired referees' own rules (:func:`~bbcore_inducement_packs.referees.get_the_ref_event`);
    Cheering Fans: a cheering coach's dice (:func:`~bbcore_inducement_packs.coaching_staff.go_team`)."""
    from bbcore_inducement_packs.bugman import detained_coaching  # noqa: PLC0415 - the procedures import the core's rules
    from bbcore_inducement_packs.coaching_staff import go_team  # noqa: PLC0415 - the procedures import the core's rules
    from bbcore_inducement_packs.referees import get_the_ref_event  # noqa: PLC0415 - the procedures import the core's rules

    register.row("kick-off-events", "get-the-ref", get_the_ref_event)
    register.row("kick-off-events", "cheering-fans", go_team)
    register.row("kick-off-events", "brilliant-coaching", detained_coaching)


@hookimpl
def bbcore_register_sequence_steps(register: SequenceStepRegistrar) -> None:
    """The chef's start-of-drive step, one id per pack (only the active pack's sequence names its own), the
    Prayers to Nuffle with a cheering coach's re-rolls (:func:`~bbcore_inducement_packs.coaching_staff.pray_and_cheer`),
    the 2020 list's swarms of Nurglings before the game and side bets after it
    (:mod:`bbcore_inducement_packs.boons`), and its agent's and professor's picks before the game and their
    verdicts after it, Krot Shockwhisker's experiments as a drive ends, and the staff who stand in for a short-handed team once it
    has set up (:mod:`bbcore_inducement_packs.coaching_staff`)."""
    from bbcore_inducement_packs.boons import NURGLINGS_STEP, SIDE_BET_STEP, nurglings_step, side_bet_step  # noqa: PLC0415 - as above
    from bbcore_inducement_packs.brews import BREW_STEPS, RUNESMITH_STEP, brew_step, runesmith_step  # noqa: PLC0415 - as above
    from bbcore_inducement_packs.coaching_staff import (  # noqa: PLC0415 - as above
        AGENT_STEP,
        KROT_STEP,
        SCOUT_STEP,
        STAFF_VERDICT_STEP,
        STAND_IN_STEP,
        UPGRADE_STEP,
        bless_step,
        clients_step,
        krot_step,
        pray_and_cheer,
        scouting_step,
        stand_ins_step,
        upgrades_step,
        verdict_step,
    )
    from bbcore_inducement_packs.kickoff_aides import DRUMMER_STEP, drum_step  # noqa: PLC0415 - the procedures import the core's rules
    from bbcore_inducement_packs.referees import KIT_ARGUMENT_STEP, kit_argument_step  # noqa: PLC0415 - as above

    register.step(DRUMMER_STEP, drum_step)
    for step_id in BREW_STEPS:
        register.step(step_id, brew_step)
    register.step(RUNESMITH_STEP, runesmith_step)
    register.step("bb2020/papa-skullbones", bless_step)
    register.step(KIT_ARGUMENT_STEP, kit_argument_step)
    register.step("prayers-to-nuffle", pray_and_cheer)
    register.step(NURGLINGS_STEP, nurglings_step)
    register.step(SIDE_BET_STEP, side_bet_step)
    register.step(AGENT_STEP, clients_step)
    register.step(UPGRADE_STEP, upgrades_step)
    register.step(STAFF_VERDICT_STEP, verdict_step)
    register.step(KROT_STEP, krot_step)
    register.step(STAND_IN_STEP, stand_ins_step)
    register.step(SCOUT_STEP, scouting_step)


@hookimpl
def bbcore_end_of_drive_effects(ruleset: Ruleset, board: Board, drive_effects: frozenset[str]) -> tuple[Board, tuple[Event, ...]] | None:
    """Skills a brew or a rune gave for the drive are taken away again (see :mod:`bbcore_inducement_packs.brews`).

    Staff who played the drive (Kari Coldsteel) are Sent-off (see
    :func:`bbcore_inducement_packs.coaching_staff.send_off_stand_ins`).
    """
    from bbcore_inducement_packs.brews import drop_drive_skills  # noqa: PLC0415 - the procedures import the core's rules
    from bbcore_inducement_packs.coaching_staff import send_off_stand_ins  # noqa: PLC0415 - the procedures import the core's rules

    board, dropped = drop_drive_skills(board, drive_effects)
    board, sent_off = send_off_stand_ins(ruleset, board)
    events = dropped + sent_off
    return (board, events) if events else None


@hookimpl
def bbcore_turn_start_effects(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """The Ancient Artifact's moment: its coach may use it as one of his turns starts
    (:func:`bbcore_inducement_packs.boons.artifacts_at_turn_start`); and the weather mages, pots, fireballs and spells
    whose data names the start of this turn are offered to both coaches
    (:func:`bbcore_inducement_packs.effects.mages_at_turn_start`,
    :func:`bbcore_inducement_packs.acting.acts_at_turn_start`)."""
    from bbcore_inducement_packs.acting import acts_at_turn_start  # noqa: PLC0415 - the procedures import the core's rules
    from bbcore_inducement_packs.boons import artifacts_at_turn_start  # noqa: PLC0415 - the procedures import the core's rules
    from bbcore_inducement_packs.effects import mages_at_turn_start  # noqa: PLC0415 - the procedures import the core's rules

    after, events = artifacts_at_turn_start(ruleset, state, team, dice, decisions)
    after, called = mages_at_turn_start(ruleset, after, team, dice, decisions)
    after, acted = acts_at_turn_start(ruleset, after, team, dice, decisions)
    return (after, events + called + acted) if events or called or acted else None


@hookimpl
def bbcore_after_turn_effects(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """The weather mages, pots, fireballs and spells whose data names the moment just after this turn are offered to
    both coaches (:func:`bbcore_inducement_packs.effects.mages_after_turn`,
    :func:`bbcore_inducement_packs.acting.acts_after_turn`)."""
    from bbcore_inducement_packs.acting import acts_after_turn  # noqa: PLC0415 - the procedures import the core's rules
    from bbcore_inducement_packs.effects import mages_after_turn  # noqa: PLC0415 - the procedures import the core's rules

    after, called = mages_after_turn(ruleset, state, team, dice, decisions)
    after, acted = acts_after_turn(ruleset, after, team, dice, decisions)
    events = called + acted
    return (after, events) if events else None


@hookimpl
def bbcore_hiring_surcharges(ruleset: Ruleset, state: GameState, team_id: str, hired: tuple[TeamPlayer, ...]) -> list[tuple[str, int]]:
    """Keeping a Journeyman the scout taught costs more per skill he keeps
    (:func:`bbcore_inducement_packs.coaching_staff.scout_surcharges`)."""
    from bbcore_inducement_packs.coaching_staff import scout_surcharges  # noqa: PLC0415 - the procedures import the core's rules

    return scout_surcharges(ruleset, state, team_id, hired)


@hookimpl
def bbcore_after_procedure_effects(
    ruleset: Ruleset, state: GameState, before: Board, events: tuple[Event, ...], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """A giant that ended a move or followed up may turn (:func:`bbcore_inducement_packs.giants.turn_giants`); a staff
    member with a temper may charge on when a procedure carries one of his team's players off
    (:func:`bbcore_inducement_packs.bugman.tempers_after_procedure`)."""
    from bbcore_inducement_packs.bugman import tempers_after_procedure  # noqa: PLC0415 - the procedures import the core's rules
    from bbcore_inducement_packs.giants import turn_giants  # noqa: PLC0415 - the procedures import the core's rules

    turned, facing = turn_giants(ruleset, state, events, decisions)
    after, charged = tempers_after_procedure(ruleset, turned, before, dice, decisions)
    told = (*facing, *charged)
    return (after, told) if told else None


@hookimpl
def bbcore_activation_start_effects(
    ruleset: Ruleset, state: GameState, player_id: str, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """A Lineman of a team whose Danse Macabre is in force may better a characteristic as he is activated
    (:func:`bbcore_inducement_packs.spells.dance_at_activation`)."""
    from bbcore_inducement_packs.spells import dance_at_activation  # noqa: PLC0415 - the procedures import the core's rules

    after, events = dance_at_activation(ruleset, state, player_id, decisions)
    return (after, events) if events else None


@hookimpl
def bbcore_bribe_reroll(ruleset: Ruleset, state: GameState, team_id: str) -> str | None:
    """A hired fixer rolls a failed Bribe again (:func:`bbcore_inducement_packs.coaching_staff.bribe_reroll`)."""
    from bbcore_inducement_packs.coaching_staff import bribe_reroll  # noqa: PLC0415 - the procedures import the core's rules

    return bribe_reroll(ruleset, state, team_id)


@hookimpl
def bbcore_kick_deviation(
    ruleset: Ruleset, state: GameState, kicking_team: str, target: Square, kicker: str | None, dice: DiceSource, decisions: Decisions
) -> tuple[Square, tuple[Event, ...]] | None:
    """A master of ballistics advises the kicker (:func:`~bbcore_inducement_packs.kickoff_aides.kick_with_advice`)."""
    from bbcore_inducement_packs.kickoff_aides import kick_with_advice  # noqa: PLC0415 - the procedures import the core's rules

    return kick_with_advice(ruleset, state, kicking_team, target, dice, decisions, kicker=kicker)


@hookimpl
def bbcore_test_reroll(ruleset: Ruleset, player: PlayerState, test: str, result: str) -> str | None:
    """A giant may roll a Fumbled team-mate throw again (see :func:`bbcore_inducement_packs.giants.giant_throw_reroll`)."""
    from bbcore_inducement_packs.giants import giant_throw_reroll  # noqa: PLC0415 - the procedures import the core's rules

    return giant_throw_reroll(ruleset, player, test, result)


@hookimpl
def bbcore_steps_over(ruleset: Ruleset, player: PlayerState, lying: PlayerState) -> bool | None:
    """A giant strides over players of the statuses its entry names (see :func:`bbcore_inducement_packs.giants.giant_steps_over`)."""
    from bbcore_inducement_packs.giants import giant_steps_over  # noqa: PLC0415 - the procedures import the core's rules

    return giant_steps_over(ruleset, player, lying)


@hookimpl
def bbcore_interception_relief(ruleset: Ruleset, player: PlayerState) -> int | None:
    """A giant eases the negative modifiers of its interference by its entry's ``interference_relief``."""
    from bbcore_inducement_packs.giants import giant_rules  # noqa: PLC0415 - the procedures import the core's rules

    giant = giant_rules(ruleset, player)
    return None if giant is None else giant.interference_relief


@hookimpl
def bbcore_ko_recovery_rerolls(ruleset: Ruleset, roll: int, inducements: Mapping[str, int]) -> bool | None:
    """Bugman's beer: a failed recovery of a 1 is rolled again (see :func:`bbcore_inducement_packs.coaching_staff.may_reroll_recovery`)."""
    from bbcore_inducement_packs.coaching_staff import may_reroll_recovery  # noqa: PLC0415 - the procedures import the core's rules

    return may_reroll_recovery(ruleset, roll, inducements)


@hookimpl
def bbcore_inducement_player(ruleset: Ruleset, inducement: Inducement, team: str, player_id: str) -> PlayerState | None:
    """A giant hired for the game, made from its own stat line (:func:`bbcore_inducement_packs.giants.hire_giant`)."""
    from bbcore_inducement_packs.giants import hire_giant  # noqa: PLC0415 - the procedures import the core's rules

    return hire_giant(ruleset, inducement.id, player_id, team) if inducement.id in pack_rules.pack_rules(ruleset).giants else None


@hookimpl
def bbcore_last_resort_treatment(ruleset: Ruleset, player: PlayerState, casualty: Row, treatment: str) -> CasualtyTreatment | None:
    """The Medicinal Unguent, once every other healing has failed (see :func:`bbcore_inducement_packs.boons.unguent_treatment`)."""
    from bbcore_inducement_packs.boons import unguent_treatment  # noqa: PLC0415 - the procedures import the core's rules

    return unguent_treatment(ruleset, player, casualty, treatment)


@hookimpl
def bbcore_knock_out_treatment(ruleset: Ruleset, player: PlayerState, treatment: str, dice: DiceSource) -> KnockOutTreatment | None:
    """A medic sees to a Knocked-out player (see :func:`bbcore_inducement_packs.coaching_staff.knock_out_treatment`)."""
    from bbcore_inducement_packs.coaching_staff import knock_out_treatment  # noqa: PLC0415 - the procedures import the core's rules

    return knock_out_treatment(ruleset, player, treatment, dice)


@hookimpl
def bbcore_modifier_names(ruleset: Ruleset) -> dict[str, str]:
    """The modifiers the packs' procedures read from their inducements' effects."""
    from bbcore_inducement_packs.boons import FAN_FACTOR  # noqa: PLC0415 - the procedures import the core's rules

    return {FAN_FACTOR: "each team's Fan Factor (a swarm of Nurglings)"}


@hookimpl
def bbcore_foul_call(ruleset: Ruleset, state: GameState, report: FoulReport, dice: DiceSource) -> FoulCall | None:
    """A biased referee hired by the fouler's opponent watches (see :func:`bbcore_inducement_packs.referees.foul_call`)."""
    from bbcore_inducement_packs.referees import foul_call  # noqa: PLC0415 - the procedures import the core's rules

    return foul_call(ruleset, state, report, dice)


@hookimpl
def bbcore_argue_the_call(
    ruleset: Ruleset, state: GameState, team_id: str, player_id: str, reason: str, dice: DiceSource
) -> ArgueOutcome | None:
    """Ranulf's axe, a referee who forbids arguing, a fixer (see :func:`bbcore_inducement_packs.referees.argue`)."""
    from bbcore_inducement_packs.referees import argue  # noqa: PLC0415 - the procedures import the core's rules

    return argue(ruleset, state, team_id, player_id, reason, dice)


@hookimpl
def bbcore_rules_file_problems(ruleset: Ruleset) -> list[RulesFileProblem]:
    """The packs' numbers must name the inducements, tables and rows of the pack in use.

    See :func:`bbcore_inducement_packs.pack_rules.reference_problems`.
    """
    return pack_rules.reference_problems(ruleset)
