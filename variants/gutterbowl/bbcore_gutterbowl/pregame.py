"""Gutter Bowl's pre-game steps: where the game is played, and the sideline staff that stay at home.

``sequences.yaml`` inserts both steps before the core's ``fans`` step and removes the
``prayers-to-nuffle`` step. The other pre-game steps are the core's, reading Gutter
Bowl's parameters: Journeymen make a team up to ``players_on_pitch`` (7), and only the
Gutter Bowl inducements are on offer (the variant's list replaces the core's).

The pitch and the ruleset
-------------------------

A :class:`~bbcore.ruleset.Ruleset` is immutable and its ``pitch`` option decides the
pitch, the weather table and the kick-off table. The pitch step can only record
where the game is played (an event of kind ``pitch``); the caller then plays the game
under the ruleset loaded with that result (``--option pitch=<result>`` on the command
line, ``options={"pitch": result}`` in code). :func:`run_pre_game` does exactly that:
it picks the pitch, loads the matching ruleset and runs the rest of the pre-game
sequence under it. Running the whole sequence with :func:`bbcore.rules.sequences.run_sequence`
under a ruleset whose pitch differs from the result still works, but the weather is
then rolled on that ruleset's table; the event says so (``detail["reload"]``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import bbcore
from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.events import Event
from bbcore.rules.sequences import GameState, sequence_steps
from bbcore.ruleset import Ruleset
from bbcore_gutterbowl.variant_rules import variant_rules

#: The variant's name, its pitch option and that option's values.
VARIANT = "gutterbowl"
PITCH_OPTION = "pitch"
STREET = "street"
SEWER = "sewer"
PITCHES = (STREET, SEWER)

#: The step ids of :data:`STEPS`, as in ``sequences.yaml``.
PITCH_STEP = "gutterbowl/pitch"
SIDELINE_STAFF_STEP = "gutterbowl/sideline-staff"

StepResult = tuple[GameState, tuple[Event, ...]]


def choose_pitch(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Where the game is played: the pitch both coaches agree on, or else a die.

    The coaches are asked through ``Decisions.agreed_choice("pitch", ...)``; with no
    agreement the ``pitch_roll`` die of ``variant-rules.yaml`` decides: at most
    ``sewer_at_most`` is the Sewer pitch, anything higher the Street pitch. The state
    does not change: the result is the event's ``result``, and its detail says whether
    the ruleset in use was loaded for another pitch (``reload``).
    """
    agreed = decisions.agreed_choice(PITCH_OPTION, PITCHES)
    rolls: tuple[int, ...] = ()
    if agreed is not None:
        if agreed not in PITCHES:
            raise UsageError(f"the coaches can agree on {' or '.join(PITCHES)}, not {agreed!r}")
        pitch, chosen_by = agreed, "coaches"
    else:
        roll = variant_rules(ruleset).pitch_roll
        rolls = roll_dice(dice, roll.dice)
        pitch, chosen_by = (SEWER if sum(rolls) <= roll.sewer_at_most else STREET), "dice"
    in_use = ruleset.options.get(PITCH_OPTION)
    detail = {"chosen_by": chosen_by, "ruleset_pitch": in_use, "reload": in_use != pitch, "option": f"{PITCH_OPTION}={pitch}"}
    return state, (Event("pitch", None, rolls, pitch, detail),)


def pitch_of(events: Iterable[Event]) -> str | None:
    """The pitch a pre-game's events chose (the last ``pitch`` event), or None."""
    chosen = [event.result for event in events if event.kind == "pitch"]
    return chosen[-1] if chosen else None


def leave_sideline_staff_at_home(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """Cheerleaders, assistant coaches and apothecaries have no part in a Gutter Bowl game.

    A Gutter Bowl team has none (its staff limits are 0), but an existing Blood Bowl team
    (``teams=existing``) may. This step clears them from both teams' game records, so
    the kick-off events that count cheerleaders or assistant coaches count none, and
    ``TeamState.apothecary`` is false. The team files keep their staff (and the CTV
    counts them, as the inducement rules expect). The apothecary itself is offered
    through ``Decisions.use_apothecary``: a caller's Decisions must answer no in
    Gutter Bowl (:class:`~bbcore.rules.decisions.DefaultDecisions` does unless built
    with ``apothecary=True``).
    """
    events = []
    for team in state.teams:
        staff = {"cheerleaders": team.cheerleaders, "assistant_coaches": team.assistant_coaches, "apothecary": team.apothecary}
        if any(staff.values()):
            state = state.update_team(team.id, cheerleaders=0, assistant_coaches=0, apothecary=False)
            events.append(Event("sideline-staff", team.id, result="stay-at-home", detail={"staff": staff}))
    return state, tuple(events)


def run_pre_game(
    state: GameState,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    packs: Iterable[str] = (),
    options: Mapping[str, str] | None = None,
) -> tuple[Ruleset, GameState, tuple[Event, ...]]:
    """The whole Gutter Bowl pre-game: pick the pitch, then run every other step under the ruleset for that pitch.

    Returns that ruleset (play the game under it), the state and the events, with a
    ``sequence-step`` event before each step as :func:`~bbcore.rules.sequences.run_sequence`
    writes them. A ``pitch`` in ``options`` is replaced by the result.
    """
    decisions = decisions or DefaultDecisions()
    chosen = {**(options or {})}
    first = bbcore.load_ruleset(VARIANT, packs, chosen)
    sequence = first.sequence("pre-game")
    name = next((step.name for step in sequence.steps if step.id == PITCH_STEP), PITCH_STEP)
    events: list[Event] = [Event("sequence-step", None, result=PITCH_STEP, detail={"sequence": sequence.id, "name": name})]
    state, picked = choose_pitch(first, state, dice, decisions)
    events.extend(picked)
    ruleset = bbcore.load_ruleset(VARIANT, packs, {**chosen, PITCH_OPTION: picked[-1].result})
    procedures = sequence_steps(ruleset)
    for step in ruleset.sequence("pre-game").steps:
        if step.id == PITCH_STEP:
            continue
        events.append(Event("sequence-step", None, result=step.id, detail={"sequence": sequence.id, "name": step.name}))
        state, step_events = procedures[step.id](ruleset, state, dice, decisions)
        events.extend(step_events)
    return ruleset, state, tuple(events)


__all__ = [
    "PITCHES",
    "PITCH_STEP",
    "SEWER",
    "SIDELINE_STAFF_STEP",
    "STREET",
    "choose_pitch",
    "leave_sideline_staff_at_home",
    "pitch_of",
    "run_pre_game",
]
