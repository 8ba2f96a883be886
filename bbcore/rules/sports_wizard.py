"""The Sports-Wizard: one spell a game, cast just after any turn ends, before the next one starts.

The wizard is an inducement (the parameters' ``inducements.fireball`` and
``inducements.zap`` name it, with the spells' numbers; its entry's ``uses`` say once a
game). Just after each turn the core offers it to the coach whose turn ended, then to
his opponent (:func:`wizard_after_turn`, the core's answer to
``bbcore_after_turn_effects``): ``Decisions.inducement_act`` is asked with the moment
(:data:`~bbcore.rules.decisions.OWN_TURN_END` or
:data:`~bbcore.rules.decisions.OPPOSITION_TURN_END`) and the spells on offer
(:func:`spell_offers`): a :data:`FIREBALL` aimed at any square of the pitch, or a
:data:`ZAP` aimed at any player on it. A tracker that keeps its own turns calls
:func:`cast_spell` at that moment.

- :func:`fireball`: one die for every player whose base is in the target square or next
  to it, either team's, Standing or down. A hit knocks a Standing player down (Steady
  Footing may keep him up, as against any Knock Down); one already Prone or Stunned has an
  Armour Roll where he lies. Both Armour Rolls take the spell's
  bonus, which is not a choice (Iron Hard Skin still refuses it, as it refuses every
  modifier brought against the player). A ball a knocked-down carrier held bounces.
- :func:`zap`: one die against the target's Strength. At or above it, or on the sure
  roll, and never on the roll that always fails, the player becomes the wizard's Frog
  profile (:func:`frog_shape`): he keeps his square and status, a ball he held bounces
  from his square, no Apothecary or other treatment may be used on him
  (``PlayerState.treatable``), and every Casualty he suffers is the parameters' row
  (Badly Hurt) with no Casualty Roll (``PlayerState.casualty_counts_as``).

Through :func:`cast_spell` the use is spent first, and a Frog is remembered as he was
(``GameState.drive_forms``, and his caster's ``TeamState.inducement_targets``). As the
drive ends (the ``end-of-drive-effects`` step, after Sweltering Heat) :func:`frogs_return`
turns every Frog back into himself: one still on the pitch or Knocked-out goes to the
Reserves, ready for the next drive (a Knocked-out Frog rolls no recovery); one who
became a Casualty or was Sent-off as a Frog stays where he is for the rest of the game.

Nobody is acting between turns, so no spell causes a Turnover.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.model.inducement import InducementProfile
from bbcore.model.parameters import FireballRules, ZapRules, required
from bbcore.rules import ball
from bbcore.rules.board import BallState, Board, PlayerState, Square, Status
from bbcore.rules.decisions import (
    OPPOSITION_TURN_END,
    OWN_TURN_END,
    ActChoice,
    Decisions,
    DefaultDecisions,
    InducementAct,
    checked_act,
)
from bbcore.rules.effects import PROFILE_FIELDS, transform
from bbcore.rules.events import Event, Outcome
from bbcore.rules.inducement_uses import use_inducement, uses_left
from bbcore.rules.injury import Harm, apothecary_from, armour_and_injury, knock_down_with_ball, treatment_from

if TYPE_CHECKING:
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The act of a fireball (``InducementAct.act``), and the cause named on its Armour Rolls.
FIREBALL = "fireball"
#: The act of a Zap!.
ZAP = "zap"
#: The event of a Frog turned back into himself as the drive ends.
FROG_RETURNS = "frog-returns"


def _fireball_rules(ruleset: Ruleset) -> FireballRules:
    return required(ruleset.parameters.inducements.fireball, "inducements.fireball", "fireball")


def _zap_rules(ruleset: Ruleset) -> ZapRules:
    return required(ruleset.parameters.inducements.zap, "inducements.zap", "Zap!")


def _in_play(board: Board, player: PlayerState) -> bool:
    """On the pitch and not out of play inside a feature: a spell can reach him."""
    return player.on_pitch and not board.trapped(player)


def fireball_victims(board: Board, target: Square) -> tuple[str, ...]:
    """The players a fireball at ``target`` rolls for: every one in play whose base covers ``target`` or a square
    next to it, by id."""
    area = {target, *board.neighbours(target)}
    return tuple(sorted(p.id for p in board.players.values() if _in_play(board, p) and area.intersection(p.squares)))


def fireball(ruleset: Ruleset, board: Board, target: Square, dice: DiceSource, decisions: Decisions | None = None) -> Outcome:
    """A fireball at ``target``, a square of the pitch: for each player :func:`fireball_victims` names, in that order,
    the spell's die, and on a hit his fall or his Armour Roll (with the spell's bonus) at once.

    The coaches' choices (an Apothecary, a treatment, Safe Pair of Hands) are asked of ``decisions``.
    A square off the pitch is a :class:`~bbcore.errors.UsageError`.
    """
    rules = _fireball_rules(ruleset)
    decisions = decisions or DefaultDecisions()
    if not board.geometry.on_pitch(target):
        raise UsageError(f"a fireball is aimed at a square of the pitch, not {target}")
    outcome = Outcome(board, (Event("spell", None, (), FIREBALL, {"square": list(target)}),))
    harm = Harm(FIREBALL, armour_modifier=rules.armour)
    for player_id in fireball_victims(board, target):
        player = outcome.board.player(player_id)
        rolls = roll_dice(dice, rules.dice)
        hit = sum(rolls) >= rules.hit_on
        outcome = outcome.then(Outcome(outcome.board, (Event("fireball-hit", player_id, rolls, "hit" if hit else "avoided"),)))
        if not hit:
            continue
        if player.standing:
            hurt = knock_down_with_ball(ruleset, outcome.board, player_id, harm, dice, decisions, apothecary_from(decisions))
        else:
            hurt = armour_and_injury(
                ruleset, outcome.board, player_id, harm, dice, apothecary_from(decisions), choose_treatment=treatment_from(decisions)
            )
        outcome = outcome.then(hurt)
    return outcome


def frog_shape(ruleset: Ruleset) -> InducementProfile:
    """The profile Zap! turns a player into: the wizard entry's profile the parameters' ``inducements.zap`` name."""
    rules = _zap_rules(ruleset)
    inducement = ruleset.inducement(rules.inducement)
    for profile in inducement.profiles:
        if profile.id == rules.profile:
            return profile
    raise UsageError(f"the {rules.inducement!r} inducement has no {rules.profile!r} profile for Zap!")


def zap(ruleset: Ruleset, board: Board, target_id: str, dice: DiceSource, decisions: Decisions | None = None) -> Outcome:
    """Zap! at ``target_id``, a player on the pitch: the spell's die against his ST; when it works he becomes the Frog
    (:func:`frog_shape`), untreatable and with every Casualty counting as the parameters' row, and a ball he held
    bounces from his square. Its ``transformed`` event names the profile.

    The board alone changes: :func:`cast_spell` is what remembers him, so that he turns back when the drive ends.
    A player who is not on the pitch is a :class:`~bbcore.errors.UsageError`.
    """
    rules = _zap_rules(ruleset)
    decisions = decisions or DefaultDecisions()
    player = board.players.get(target_id)
    if player is None or not _in_play(board, player):
        raise UsageError(f"{target_id!r} is not a player on the pitch that Zap! can reach")
    shape = frog_shape(ruleset)
    rolls = roll_dice(dice, rules.dice)
    roll = sum(rolls)
    works = roll != rules.never_on and (roll >= player.st or roll >= rules.always_on)
    events = (
        Event("spell", None, (), ZAP, {"player": target_id}),
        Event("zap", target_id, rolls, "transformed" if works else "resisted", {"st": player.st}),
    )
    if not works:
        return Outcome(board, events)
    frog = attrs.evolve(transform(ruleset, player, shape), treatable=False, casualty_counts_as=rules.casualty)
    outcome = Outcome(board.with_player(frog), (*events, Event("transformed", target_id, (), shape.id)))
    square = player.square
    if board.ball.carrier == target_id and square is not None:
        loose = outcome.board.with_ball(BallState(square=square))
        outcome = outcome.then(ball.bounce(ruleset, loose, square, dice, decisions))
    return outcome


def _wizard(ruleset: Ruleset) -> str | None:
    """The inducement the wizard's spells belong to, when the ruleset plays them and its list sells it."""
    named = {rules.inducement for rules in (ruleset.parameters.inducements.fireball, ruleset.parameters.inducements.zap) if rules}
    found = sorted(i for i in named if i in ruleset.inducements)
    return found[0] if found else None


def spell_offers(ruleset: Ruleset, state: GameState, team_id: str) -> tuple[InducementAct, ...]:
    """What ``team_id``'s wizard may cast now: a :data:`FIREBALL` at any square of the pitch, a :data:`ZAP` at any
    player in play (either team's); nothing when the team holds no wizard or has used him up."""
    wizard = _wizard(ruleset)
    if wizard is None or uses_left(ruleset, state, team_id, wizard) == 0:
        return ()
    board = state.board
    offers = []
    fireball_rules, zap_rules = ruleset.parameters.inducements.fireball, ruleset.parameters.inducements.zap
    if fireball_rules is not None and fireball_rules.inducement == wizard:
        pitch = board.geometry.pitch
        offers.append(InducementAct(FIREBALL, squares=tuple((x, y) for x in range(pitch.length) for y in range(pitch.width))))
    if zap_rules is not None and zap_rules.inducement == wizard:
        targets = tuple(sorted(p.id for p in board.players.values() if _in_play(board, p)))
        if targets:
            offers.append(InducementAct(ZAP, players=targets, count=1))
    return tuple(offers)


def cast_spell(
    ruleset: Ruleset, state: GameState, team_id: str, choice: ActChoice, dice: DiceSource, decisions: Decisions | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """``team_id``'s wizard casts the spell ``choice`` names (``fireball`` with its ``square``, ``zap`` with its one
    player), checked against :func:`spell_offers`: one use is spent first
    (:func:`bbcore.rules.inducement_uses.use_inducement`), then the spell goes off on the game's board. A Frog is
    remembered (``GameState.with_drive_form``, and his caster's ``TeamState.inducement_targets``) until
    :func:`frogs_return`.

    A team without a wizard, or whose use is spent, is a :class:`~bbcore.errors.UsageError`; a spell, square or
    player not offered is an :class:`~bbcore.rules.decisions.IllegalAnswerError`.
    """
    decisions = decisions or DefaultDecisions()
    wizard = _wizard(ruleset)
    if wizard is None:
        raise UsageError("this ruleset plays no wizard's spells (inducements.fireball, inducements.zap)")
    if uses_left(ruleset, state, team_id, wizard) == 0:
        use_inducement(ruleset, state, team_id, wizard)  # raises, saying why: none held, or used up
    offered = spell_offers(ruleset, state, team_id)
    checked = checked_act(choice, offered, who=team_id)
    if checked is None:
        raise UsageError(f"team {team_id!r} named no spell to cast")
    _, chosen = checked
    state, used = use_inducement(ruleset, state, team_id, wizard)
    before = state.board
    if chosen.act == FIREBALL:
        assert chosen.square is not None  # checked_act: a fireball's offer has squares
        outcome = fireball(ruleset, before, chosen.square, dice, decisions)
        return attrs.evolve(state, board=outcome.board), (used, *outcome.events)
    (target,) = chosen.players
    outcome = zap(ruleset, before, target, dice, decisions)
    state = attrs.evolve(state, board=outcome.board)
    if any(event.kind == "transformed" and event.who == target for event in outcome.events):
        state = state.with_drive_form(before.player(target))
        targets = state.team(team_id).inducement_targets
        state = state.update_team(team_id, inducement_targets={**targets, wizard: (*targets.get(wizard, ()), target)})
    return state, (used, *outcome.events)


def wizard_after_turn(
    ruleset: Ruleset, state: GameState, team: str, dice: DiceSource, decisions: Decisions | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Just after ``team``'s turn has ended: its coach, then his opponent's, is offered his wizard's spells
    (:func:`spell_offers`) through ``Decisions.inducement_act``, with the moment seen from him; a spell he picks is
    cast (:func:`cast_spell`). A coach who answers None keeps his wizard."""
    decisions = decisions or DefaultDecisions()
    events: list[Event] = []
    for team_id, moment in ((team, OWN_TURN_END), (state.opponent(team).id, OPPOSITION_TURN_END)):
        offered = spell_offers(ruleset, state, team_id)
        if not offered:
            continue
        wizard = _wizard(ruleset)
        assert wizard is not None  # there is an offer
        checked = checked_act(decisions.inducement_act(team_id, wizard, moment, offered), offered, who=team_id)
        if checked is None:
            continue
        state, cast = cast_spell(ruleset, state, team_id, checked[1], dice, decisions)
        events.extend(cast)
    return state, tuple(events)


def frogs(ruleset: Ruleset, state: GameState) -> tuple[str, ...]:
    """The players Zap! has turned into Frogs this drive (still remembered in ``GameState.drive_forms``), by id."""
    rules = ruleset.parameters.inducements.zap
    if rules is None:
        return ()
    zapped = {pid for team in state.teams for pid in team.inducement_targets.get(rules.inducement, ())}
    return tuple(sorted(pid for pid in zapped if pid in state.drive_forms))


#: What a Frog gets back of his own when he turns back: his characteristics, skills, how he is treated, tackle zone.
_SHAPE = (*PROFILE_FIELDS, "tackle_zone")
#: Where a Frog may be at the drive's end and still be ready for the next drive: back to the Reserves.
_BACK_TO_RESERVES = (Status.STANDING, Status.PRONE, Status.STUNNED, Status.KO)


def frogs_return(ruleset: Ruleset, state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """As the drive ends, every Frog (:func:`frogs`) becomes himself again (his own profile, treatable as before,
    his Casualties rolled again) and is no longer remembered. One on the pitch or Knocked-out goes to the
    Reserves; a Casualty or one Sent-off stays where he is. A ``frog-returns`` event each, its result the status he
    ends in."""
    board = state.board
    forms = dict(state.drive_forms)
    events = []
    for player_id in frogs(ruleset, state):
        original = forms.pop(player_id)
        now = board.player(player_id)
        back = attrs.evolve(now, **{name: getattr(original, name) for name in _SHAPE})
        if back.status in _BACK_TO_RESERVES:
            back = back.with_status(Status.RESERVES)
        board = board.with_player(back)
        events.append(Event(FROG_RETURNS, player_id, (), back.status.value, {"was": now.status.value}))
    return attrs.evolve(state, board=board, drive_forms=forms), tuple(events)


__all__ = [
    "FIREBALL",
    "FROG_RETURNS",
    "ZAP",
    "cast_spell",
    "fireball",
    "fireball_victims",
    "frog_shape",
    "frogs",
    "frogs_return",
    "spell_offers",
    "wizard_after_turn",
    "zap",
]
