"""The Blood Bowl 2025 core, registered through the same hooks as any plugin."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from bbcore.hookspecs import hookimpl
from bbcore.resources import CORE_DATA_DIR

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.model.table import Row
    from bbcore.model.team import Team
    from bbcore.registry import DataRegistrar, OptionRegistrar, RowEffectRegistrar, SequenceStepRegistrar
    from bbcore.rules.ball import BallReentry
    from bbcore.rules.board import Board, PlayerState, Square
    from bbcore.rules.decisions import Decisions
    from bbcore.rules.events import Event
    from bbcore.rules.foul import ArgueOutcome, FoulCall, FoulReport
    from bbcore.rules.injury import CasualtyTreatment, KnockOutTreatment
    from bbcore.rules.movement import Crossing
    from bbcore.rules.push import BlockedSquare, PushBlocked
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset
    from bbcore.teams.checks import TeamCheck
    from bbcore.teams.valuation import TeamValuation


@hookimpl
def bbcore_register_data(register: DataRegistrar) -> None:
    register.core(CORE_DATA_DIR, "Blood Bowl 2025: rosters, skills, tables, pitch, parameters and inducements.")


#: The option naming the kind of play, which decides where inducements are bought.
PLAY_OPTION = "play"
#: What each kind of play changes: League Play buys inducements only in the pre-game (Petty Cash and the Treasury);
#: Exhibition and Matched Play buy them with the team, out of its draft budget, and give no Petty Cash.
_PLAY_CHANGES: dict[str, dict[str, object]] = {
    "league": {"inducements_in_draft": False},
    "exhibition": {"petty_cash": {"given": False, "from_treasury": False}},
}


@hookimpl
def bbcore_register_options(register: OptionRegistrar) -> None:
    register.option(
        PLAY_OPTION,
        ("any", "exhibition", "league"),
        "any",
        "exhibition: Exhibition or Matched Play (inducements bought with the team, out of its draft budget; no Petty "
        "Cash before a game); league: League Play (no inducements with the team; Petty Cash and Treasury gold before "
        "each game); any: the kind of play is not said, and both ways are open.",
    )


@hookimpl
def bbcore_parameter_changes(options: Mapping[str, str]) -> Mapping[str, object] | None:
    return _PLAY_CHANGES.get(options.get(PLAY_OPTION, "any"))


@hookimpl
def bbcore_register_sequence_steps(register: SequenceStepRegistrar) -> None:
    from bbcore.rules import drive, dwarven_wisdom, postgame, pregame  # noqa: PLC0415 - the procedures import the teams package

    for steps in (pregame.STEPS, drive.STEPS, dwarven_wisdom.STEPS, postgame.STEPS):
        for step_id, procedure in steps.items():
            register.step(step_id, procedure)


@hookimpl
def bbcore_register_row_effects(register: RowEffectRegistrar) -> None:
    from bbcore.rules import drive  # noqa: PLC0415 - the procedures import the teams package

    for row_id, procedure in drive.KICK_OFF_EFFECTS.items():
        register.row(drive.KICK_OFF_EVENTS_ROLE, row_id, procedure)


@hookimpl
def bbcore_modifier_names(ruleset: Ruleset) -> Mapping[str, str]:
    from bbcore.modifiers import CORE_MODIFIERS  # noqa: PLC0415 - kept beside the other late imports

    return CORE_MODIFIERS


@hookimpl
def bbcore_team_checks(ruleset: Ruleset) -> Iterable[TeamCheck]:
    from bbcore.teams.checks import CORE_CHECKS  # noqa: PLC0415 - the teams package imports the ruleset

    return CORE_CHECKS


@hookimpl(trylast=True)
def bbcore_team_valuation(ruleset: Ruleset, team: Team) -> TeamValuation:
    from bbcore.teams.valuation import core_valuation  # noqa: PLC0415

    return core_valuation(ruleset, team)


@hookimpl(trylast=True)
def bbcore_push_blocked_outcome(
    ruleset: Ruleset, board: Board, pushed: PlayerState, pusher_square: Square, blocked: tuple[BlockedSquare, ...], knocked_down: bool
) -> PushBlocked:
    from bbcore.rules.push import core_push_blocked_outcome  # noqa: PLC0415

    return core_push_blocked_outcome(board, pushed.square or pusher_square, blocked)


@hookimpl(trylast=True)
def bbcore_crossing(ruleset: Ruleset, board: Board, player: PlayerState, origin: Square, target: Square) -> Crossing:
    from bbcore.rules.movement import core_crossing  # noqa: PLC0415

    return core_crossing(board, origin, target)


@hookimpl(trylast=True)
def bbcore_ball_bounces_on_landing(ruleset: Ruleset, board: Board, square: Square, cause: str) -> int:
    return 1


@hookimpl(trylast=True)
def bbcore_ball_reentry(ruleset: Ruleset, board: Board, square: Square, dice: DiceSource) -> BallReentry:
    """The core has no features that catch the ball: it bounces on from where it came down."""
    from bbcore.rules.ball import BallReentry  # noqa: PLC0415

    return BallReentry(square, bounce=True)


@hookimpl(trylast=True)
def bbcore_ball_leaves_pitch(ruleset: Ruleset, board: Board, last_square: Square, off_square: Square, cause: str) -> str:
    """The crowd throws a loose ball back in; a kick that leaves the pitch is a touchback."""
    return "touchback" if cause == "kick-off" else "throw-in"


@hookimpl(trylast=True)
def bbcore_thrown_player_lands_on_feature(ruleset: Ruleset, board: Board, player: PlayerState, square: Square) -> PushBlocked | None:
    """A feature a player may fall through (a trapdoor) is landed on as usual, and then rolled for; any other, a
    variant's, is treated as the crowd unless the variant answers."""
    from bbcore.rules.push import PushBlocked  # noqa: PLC0415

    feature = board.geometry.feature_at(square)
    if feature is not None and feature.falls_through:
        return None
    return PushBlocked("crowd", feature.id if feature is not None else "crowd")


@hookimpl(trylast=True)
def bbcore_thrown_player_leaves_pitch(
    ruleset: Ruleset, board: Board, player: PlayerState, last_square: Square, off_square: Square
) -> PushBlocked:
    """Past the edge is the crowd (or whatever the pitch names there): the thrown player goes into it."""
    from bbcore.rules.push import PushBlocked  # noqa: PLC0415

    return PushBlocked("crowd", board.geometry.beyond(off_square) or "crowd")


@hookimpl
def bbcore_ko_recovery_modifiers(ruleset: Ruleset, team: str, player: PlayerState, inducements: Mapping[str, int]) -> int | None:
    """The ``ko-recovery`` modifier effects of the team's inducements, once per inducement held (kegs)."""
    from bbcore.rules.injury import inducement_ko_recovery_modifier  # noqa: PLC0415

    return inducement_ko_recovery_modifier(ruleset, inducements) or None


@hookimpl(trylast=True)
def bbcore_ko_recovery_rerolls(ruleset: Ruleset, team: str, player: PlayerState, roll: int, inducements: Mapping[str, int]) -> bool:
    """A failed recovery roll stands."""
    return False


@hookimpl(trylast=True)
def bbcore_casualty_treatment(
    ruleset: Ruleset,
    board: Board,
    player: PlayerState,
    casualty: Row,
    treatment: str | None,
    niggling_injuries: int,
    dice: DiceSource,
) -> CasualtyTreatment:
    """The core has no treatment of its own (its apothecary comes after): the roll stands."""
    from bbcore.rules.injury import untreated  # noqa: PLC0415

    return untreated(casualty, treatment)


@hookimpl(trylast=True)
def bbcore_last_resort_treatment(treatment: str) -> CasualtyTreatment:
    """The core has no last resort: one named reaches here only when no plugin knew it."""
    from bbcore.rules.injury import unknown_last_resort  # noqa: PLC0415

    return unknown_last_resort(treatment)


@hookimpl(trylast=True)
def bbcore_knock_out_treatment(treatment: str) -> KnockOutTreatment:
    """The core has no treatment for a Knocked-out result: one named reaches here only when no plugin knew it."""
    from bbcore.rules.injury import unknown_knock_out_treatment  # noqa: PLC0415

    return unknown_knock_out_treatment(treatment)


@hookimpl(tryfirst=True)
def bbcore_turn_end_effects(
    ruleset: Ruleset, board: Board, team: str, dice: DiceSource, weather: str | None, drive_effects: frozenset[str]
) -> tuple[Board, tuple[Event, ...]] | None:
    """Pick-me-up helps the other team's Prone players up."""
    from bbcore.rules.turn_end import pick_me_up  # noqa: PLC0415

    board, events = pick_me_up(ruleset, board, team, dice)
    return (board, events) if events else None


@hookimpl(tryfirst=True)
def bbcore_turn_start_effects(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """A Weather Mage may be called as one of its team's turns starts (:func:`bbcore.rules.weather_mage.mage_at_turn_start`)."""
    from bbcore.rules.weather_mage import mage_at_turn_start  # noqa: PLC0415 - the procedures import the teams package

    state, events = mage_at_turn_start(ruleset, state, team, dice, decisions)
    return (state, events) if events else None


@hookimpl(tryfirst=True)
def bbcore_after_turn_effects(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """A Sports-Wizard may cast his spell just after any turn (:func:`bbcore.rules.sports_wizard.wizard_after_turn`)."""
    from bbcore.rules.sports_wizard import wizard_after_turn  # noqa: PLC0415 - the procedures import the teams package

    state, events = wizard_after_turn(ruleset, state, team, dice, decisions)
    return (state, events) if events else None


@hookimpl(tryfirst=True)
def bbcore_after_procedure_effects(
    ruleset: Ruleset, state: GameState, before: Board, events: tuple[Event, ...], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """In a friendly game every new Casualty first becomes the mild one. A touchdown the procedure left is scored; the
    casualties it caused, its completions, interceptions and throws earn their awards; Plague Ridden and Masters of
    Undeath raise a victim it killed; who caused each injury is noted (Getting Even)."""
    from bbcore.rules.achievements import award_passes_and_throws  # noqa: PLC0415
    from bbcore.rules.casualties_caused import award_casualties  # noqa: PLC0415
    from bbcore.rules.friendly import friendly_casualties  # noqa: PLC0415
    from bbcore.rules.getting_even import note_injury_causes  # noqa: PLC0415
    from bbcore.rules.masters_of_undeath import raised_after_procedure  # noqa: PLC0415
    from bbcore.rules.plague_ridden import plague_after_procedure  # noqa: PLC0415
    from bbcore.rules.touchdown import score_after_procedure  # noqa: PLC0415

    found: list[Event] = []
    changed = False
    for effect in (
        friendly_casualties,
        score_after_procedure,
        award_casualties,
        award_passes_and_throws,
        plague_after_procedure,
        raised_after_procedure,
        note_injury_causes,
    ):
        answer = effect(ruleset, state, before, events, dice, decisions)
        if answer is not None:
            state, told = answer
            found.extend(told)
            changed = True
    return (state, tuple(found)) if changed else None


@hookimpl
def bbcore_team_reroll_used(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, pool: str
) -> tuple[GameState, tuple[Event, ...]] | None:
    """Team Captain: with the captain on the pitch, a used team re-roll may come back, to the pool it came from."""
    from bbcore.rules.team_captain import captain_refund  # noqa: PLC0415

    return captain_refund(ruleset, state, team, dice, pool)


@hookimpl(trylast=True)
def bbcore_foul_call(ruleset: Ruleset, state: GameState, report: FoulReport, dice: DiceSource) -> FoulCall:
    """A natural double sends the fouler off; without one, a referee the victim's team hired may (Close Scrutiny)."""
    from bbcore.rules.foul import core_foul_call  # noqa: PLC0415

    return core_foul_call(ruleset, state, report, dice)


@hookimpl(trylast=True)
def bbcore_argue_the_call(ruleset: Ruleset, state: GameState, team_id: str, player_id: str, reason: str, dice: DiceSource) -> ArgueOutcome:
    """A roll on the Argue the Call table."""
    from bbcore.rules.foul import core_argue_the_call  # noqa: PLC0415

    return core_argue_the_call(ruleset, state, team_id, player_id, reason, dice)
