"""The Novice Wizard: one spell per game, Firebolt or Transmutation, cast at the end of a friendly team turn.

Just after each of its team's turns, before the opponent's next one, the core asks the
plugins' ``bbcore_after_turn_effects``: :func:`wizard_after_turn` then offers the wizard to
its coach (``Decisions.inducement_act``, situation :data:`~bbcore.rules.decisions.OWN_TURN_END`), with the players
each spell may aim at. A tracker that runs turns its own way calls :func:`cast_spell` at
that moment. Both spells aim at an
opposition player on the pitch (not one out of play in a sewer pit, who cannot be
targeted) and hit on a die of ``hit_on`` or more. Otherwise the spell hits the player
closest to the target, of either team; among several as close, one picked at random.

Firebolt knocks the player hit down (an Armour roll, cause ``spell``). Judgement call:
it aims only at standing players and, when it misses, only a standing player can be
the one closest, since a player already down cannot be Knocked Down.

Transmutation turns the player hit into a Frog: the ``frog`` profile of the Novice
Wizard inducement in ``inducements.yaml``. A ball the player held is dropped and
bounces. A Frog's casualty is always Badly Hurt and no Sawbones can treat it
(:func:`frog_casualty`, answered through ``bbcore_casualty_treatment``). The spell
wears off as the drive ends (a provisional reading of the seed's "next drive":
``readings.frog_until_the_drive_ends`` in ``variant-rules.yaml``): :func:`cast_spell` remembers the player as he was in the
game's ``drive_forms``, and the core's drive-ends step gives him his own profile back;
a KO or casualty suffered as a Frog stays. It also hands back a :class:`Transmutation`
record, for :func:`end_transmutation` on a board kept outside a game.
"""

from __future__ import annotations

from attrs import evolve, frozen

from bbcore.dice import DiceSource, pick_at_random, roll_dice
from bbcore.errors import UsageError
from bbcore.model.inducement import InducementProfile
from bbcore.model.table import Row
from bbcore.rules import ball
from bbcore.rules.board import Board, PlayerState, Status, distance
from bbcore.rules.decisions import OWN_TURN_END, Decisions, DefaultDecisions, InducementAct, checked_act
from bbcore.rules.effects import restore, transform
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import CasualtyTreatment, Harm, knock_down_with_ball
from bbcore.rules.sequences import GameState
from bbcore.rules.treatments import TREATMENT_EVENT
from bbcore.ruleset import Ruleset
from bbcore_gutterbowl.variant_rules import variant_rules

NOVICE_WIZARD = "gutterbowl/novice-wizard"
FIREBOLT = "firebolt"
TRANSMUTATION = "transmutation"
SPELLS = (FIREBOLT, TRANSMUTATION)
#: The profile of the Novice Wizard inducement a transmuted player takes.
FROG = "frog"
#: The cause named in the Armour roll of a player hit by a Firebolt.
SPELL = "spell"


@frozen
class Transmutation:
    """A player turned into a Frog, with the profile to give back when the spell wears off."""

    player: str
    original: PlayerState


def frog_profile(ruleset: Ruleset) -> InducementProfile:
    """The Frog's profile, from the Novice Wizard inducement."""
    for profile in ruleset.inducement(NOVICE_WIZARD).profiles:
        if profile.id == FROG:
            return profile
    raise UsageError(f"the {NOVICE_WIZARD} inducement has no {FROG!r} profile")


def is_frog(ruleset: Ruleset, player: PlayerState) -> bool:
    """Whether the player is a Frog: he has every skill and trait of the Frog's profile (only a Frog has its No Hands)."""
    return all(player.has(ref.id) for ref in frog_profile(ruleset).skills)


def frog_casualty(ruleset: Ruleset, player: PlayerState, casualty: Row, treatment: str | None) -> CasualtyTreatment:
    """A Frog's casualty always counts as Badly Hurt (the casualty table's first row); the Sawbones is turned down, unspent."""
    badly_hurt = ruleset.table("casualty").rows[0]
    detail = {"rolled": casualty.id, "turned_down": treatment}
    events = (Event(TREATMENT_EVENT, player.id, (), badly_hurt.id, {"frog": True, **detail}),)
    return CasualtyTreatment(badly_hurt, Status.CASUALTY, None, events)


def _targetable(board: Board, player: PlayerState, standing_only: bool) -> bool:
    return player.on_pitch and not board.trapped(player) and (player.standing or not standing_only)


def spell_hits(
    ruleset: Ruleset, board: Board, caster_team: str, target_id: str, dice: DiceSource, *, standing_only: bool
) -> tuple[str | None, tuple[Event, ...]]:
    """Who a spell aimed at ``target_id`` hits: the target on ``hit_on`` or more, else the closest other player.

    Returns the player hit (None when nobody else is on the pitch to be hit) and the events.
    """
    target = board.players.get(target_id)
    if target is None or target.team == caster_team or not _targetable(board, target, standing_only):
        kind = "standing " if standing_only else ""
        raise UsageError(f"{target_id!r} is not an opposition {kind}player on the pitch that a spell can aim at")
    rules = variant_rules(ruleset).novice_wizard
    rolls = roll_dice(dice, rules.dice)
    if sum(rolls) >= rules.hit_on:
        return target_id, (Event("spell-hits", target_id, rolls, "on-target"),)
    assert target.square is not None  # on the pitch
    others = [p for p in board.players.values() if p.id != target_id and _targetable(board, p, standing_only)]
    if not others:
        return None, (Event("spell-hits", None, rolls, "missed-everyone", {"aimed_at": target_id}),)
    nearest = min(distance(target.square, p.square) for p in others if p.square is not None)
    closest = sorted(p.id for p in others if p.square is not None and distance(target.square, p.square) == nearest)
    picked, pick_rolls = pick_at_random(dice, closest, 1) if len(closest) > 1 else ((closest[0],), ())
    detail = {"aimed_at": target_id, "closest": closest}
    return picked[0], (Event("spell-hits", picked[0], (*rolls, *pick_rolls), "closest-player", detail),)


def firebolt(
    ruleset: Ruleset, board: Board, caster_team: str, target_id: str, dice: DiceSource, decisions: Decisions | None = None
) -> Outcome:
    """Firebolt: the player hit is Knocked Down (an Armour roll, and an Injury roll if it breaks)."""
    decisions = decisions or DefaultDecisions()
    hit, events = spell_hits(ruleset, board, caster_team, target_id, dice, standing_only=True)
    outcome = Outcome(board, (Event("spell", caster_team, (), FIREBOLT, {"target": target_id}), *events))
    if hit is None:
        return outcome
    return outcome.then(knock_down_with_ball(ruleset, board, hit, Harm(SPELL), dice, decisions))


def transmutation(
    ruleset: Ruleset, board: Board, caster_team: str, target_id: str, dice: DiceSource, decisions: Decisions | None = None
) -> tuple[Outcome, Transmutation | None]:
    """Transmutation: the player hit becomes a Frog, keeping his square and status; a ball he held bounces."""
    decisions = decisions or DefaultDecisions()
    hit, events = spell_hits(ruleset, board, caster_team, target_id, dice, standing_only=False)
    outcome = Outcome(board, (Event("spell", caster_team, (), TRANSMUTATION, {"target": target_id}), *events))
    if hit is None:
        return outcome, None
    player = board.player(hit)
    changed = transform(ruleset, player, frog_profile(ruleset))
    carried = board.ball.carrier == hit
    after = board.with_player(changed)
    if carried:
        after = after.with_ball(evolve(after.ball, carrier=None, square=player.square))
    outcome = outcome.then(Outcome(after, (Event("transmuted", hit, (), FROG),)))
    if carried and player.square is not None:
        outcome = outcome.then(ball.bounce(ruleset, outcome.board, player.square, dice, decisions))
    return outcome, Transmutation(hit, player)


def end_transmutation(board: Board, spell: Transmutation) -> Board:
    """The spell wears off: the player's own characteristics and skills come back; where he is and his state stay."""
    return board.with_player(restore(board.player(spell.player), spell.original))


def cast_spell(
    ruleset: Ruleset, state: GameState, team: str, spell: str, target_id: str, dice: DiceSource, decisions: Decisions | None = None
) -> tuple[GameState, tuple[Event, ...], Transmutation | None]:
    """The team's Novice Wizard casts ``spell`` at ``target_id``; the wizard is then spent.

    The team must hold a Novice Wizard (``TeamState.inducements``); casting takes it off,
    so a wizard casts once per game. Returns the new state,
    the events and, for a Transmutation that hit someone, the record to undo it.
    """
    if spell not in SPELLS:
        raise UsageError(f"a Novice Wizard casts {' or '.join(SPELLS)}, not {spell!r}")
    held = state.team(team).inducements
    if not held.get(NOVICE_WIZARD):
        raise UsageError(f"team {team!r} has no Novice Wizard left to cast a spell this game")
    record: Transmutation | None = None
    if spell == FIREBOLT:
        outcome = firebolt(ruleset, state.board, team, target_id, dice, decisions)
    else:
        outcome, record = transmutation(ruleset, state.board, team, target_id, dice, decisions)
    left = {key: count - (key == NOVICE_WIZARD) for key, count in held.items()}
    state = evolve(state.update_team(team, inducements={key: count for key, count in left.items() if count}), board=outcome.board)
    if record is not None:
        state = state.with_drive_form(record.original)
    return state, outcome.events, record


def spell_offers(state: GameState, team: str) -> tuple[InducementAct, ...]:
    """What the team's Novice Wizard may cast now, each spell with the opposition players it may aim at (none: no
    wizard left, or nobody to aim at)."""
    if not state.team(team).inducements.get(NOVICE_WIZARD):
        return ()
    board = state.board
    opponents = [p for p in board.players.values() if p.team != team]
    offers = []
    for spell, standing_only in ((FIREBOLT, True), (TRANSMUTATION, False)):
        targets = tuple(sorted(p.id for p in opponents if _targetable(board, p, standing_only)))
        if targets:
            offers.append(InducementAct(spell, players=targets, count=1))
    return tuple(offers)


def wizard_after_turn(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]] | None:
    """Just after ``team``'s turn: its coach may have the Novice Wizard cast, or keep him (None: nothing happened)."""
    offered = spell_offers(state, team)
    if not offered:
        return None
    checked = checked_act(decisions.inducement_act(team, NOVICE_WIZARD, OWN_TURN_END, offered), offered, who=team)
    if checked is None:
        return None
    _, answer = checked
    state, events, _ = cast_spell(ruleset, state, team, answer.act, answer.players[0], dice, decisions)
    return state, events


__all__ = [
    "FIREBOLT",
    "FROG",
    "NOVICE_WIZARD",
    "OWN_TURN_END",
    "TRANSMUTATION",
    "Transmutation",
    "cast_spell",
    "end_transmutation",
    "firebolt",
    "frog_casualty",
    "frog_profile",
    "is_frog",
    "spell_hits",
    "spell_offers",
    "transmutation",
    "wizard_after_turn",
]
