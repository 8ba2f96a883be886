"""The wizards' spells other than fireballs: Zap!, bolts, lines of fire, hexes, blinks, stomps and plants.

As for :mod:`bbcore_inducement_packs.blasts`, the spells are offered to the coach at
the moments their data names (:mod:`bbcore_inducement_packs.acting`), or called by
whoever runs the game, with the target the coach picked.
:func:`bbcore_inducement_packs.in_game.use_in_game` runs a spell on a game's
board, spends the wizard's use first and remembers who the spell changed until the
drive ends, so the core's drive-ends step turns them back. Every spell returns an :class:`Outcome`; the numbers are
in ``pack-rules.yaml`` under ``spells``, the profiles (the Frog, a hex's effects) in
the pack's ``inducements.yaml``.

Spells that last "until the end of the drive" (Zap!, the hexes) change the player on
the board and keep what the player was in the event's ``original`` detail (their
characteristics, skills and how they are treated, JSON-ready; ``tackle_zone_lost`` when the spell took the
player's tackle zone away): :func:`wear_off` turns the player back with that event, as
the drive-ends step does for a spell cast through ``use_in_game``. Nobody on the pitch is acting when a spell goes
off, so no spell here causes a Turnover.

Judgement calls: the classic Frog is printed on the old scale; its AG becomes the
target 6 - AG (old AG 4 plays as 2+, as the 2020 Frog) and its AV the total AV + 1 (an old AV was the total to beat). A
Frog's every Casualty counts as the casualty table's first row (Badly Hurt), with no roll
and no treatment (``PlayerState.casualty_counts_as``, as for the core's Sports-Wizard,
given back when the spell wears off).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from bbcore.dice import DiceSource, roll_dice, roll_on_table
from bbcore.errors import UsageError
from bbcore.model.inducement import InducementProfile
from bbcore.rules import ball
from bbcore.rules.board import Board, PlayerState, Square, distance
from bbcore.rules.decisions import Decisions, DefaultDecisions, InducementAct, checked_act
from bbcore.rules.effects import LOWER_IS_BETTER, PROFILE_FIELDS, apply_effects, changed_characteristic, restore, transform
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import CASUALTY_ROLE, Harm, knock_down_with_ball
from bbcore.rules.sequences import TURN_ENDS, GameState
from bbcore.rules.ttm import fly, pass_range
from bbcore.rules.turn_changes import add_team_modifiers, keep_effect, keep_player_change
from bbcore.ruleset import Ruleset
from bbcore_inducement_packs.brews import picked_skills
from bbcore_inducement_packs.moments import ends_at
from bbcore_inducement_packs.pack_rules import Danse, pack_rules, rules_for

#: The cause named in the Armour rolls of players a spell knocks down.
SPELL = "spell"
#: The test whose modifier rough ground changes (as :meth:`bbcore.rules.board.Board.modifier` names Rush rolls).
RUSH = "rush"


def spell_profile(ruleset: Ruleset, inducement: str, profile_id: str) -> InducementProfile:
    """A profile of the inducement (a spell or the shape it turns a player into)."""
    for profile in ruleset.inducement(inducement).profiles:
        if profile.id == profile_id:
            return profile
    raise UsageError(f"the {inducement!r} inducement has no {profile_id!r} profile")


def on_new_scale(profile: InducementProfile) -> InducementProfile:
    """A profile printed only on the old scale, with AG as a target number and AV as a total to reach.

    The old scale's AG is what its Agility rolls added a +1 to (a Dodge, a catch, a pick-up),
    so old AG 3 plays as 3+ and old AG 4 as 2+; its AV was the total an Armour roll had to
    beat, so old AV 8 is 9+. The old scale has no Passing Ability: a PA the profile gives
    beside its old line is kept (none: the player cannot pass or throw).
    """
    old = profile.old_scale
    if old is None or profile.ma is not None:
        return profile
    ag = None if old.ag is None else min(max(6 - old.ag, 1), 6)
    av = None if old.av is None else old.av + 1
    return attrs.evolve(profile, ma=old.ma, st=old.st, ag=ag, pa=profile.pa, av=av)


def _original(player: PlayerState) -> dict[str, object]:
    return {name: dict(player.skills) if name == "skills" else getattr(player, name) for name in PROFILE_FIELDS}


def wear_off(board: Board, event: Event) -> Board:
    """The player a Zap!, hex or blink changed (``event``, with its ``original`` detail) back in their own profile.

    A tackle zone the spell took away (``tackle_zone_lost``) comes back.
    """
    now = board.player(str(event.who))
    # An ``original`` written before it held how the player is treated: he was treated as anyone.
    kept = {"treatable": True, "casualty_counts_as": None, **event.detail["original"]}
    back = restore(now, attrs.evolve(now, **kept))
    if event.detail.get("tackle_zone_lost"):
        back = attrs.evolve(back, tackle_zone=True)
    return board.with_player(back)


def _target(board: Board, caster_team: str, target_id: str, *, opponents_only: bool, standing_only: bool) -> PlayerState:
    player = board.players.get(target_id)
    if player is None or not player.on_pitch or (opponents_only and player.team == caster_team) or (standing_only and not player.standing):
        whose = "an opposing " if opponents_only else "a "
        state = "Standing " if standing_only else ""
        raise UsageError(f"{target_id!r} is not {whose}{state}player on the pitch that the spell can target")
    return player


def _drop(ruleset: Ruleset, outcome: Outcome, player: PlayerState, dice: DiceSource, decisions: Decisions) -> Outcome:
    """A ball the player held falls in their square and bounces."""
    if outcome.board.ball.carrier != player.id or player.square is None:
        return outcome
    board = outcome.board.with_ball(attrs.evolve(outcome.board.ball, square=player.square, carrier=None))
    return outcome.then(ball.bounce(ruleset, board, player.square, dice, decisions))


def _knock_down(ruleset: Ruleset, outcome: Outcome, player_id: str, bonus: int, dice: DiceSource, decisions: Decisions) -> Outcome:
    harm = Harm(SPELL, mighty_blow=bonus > 0, blow_bonus=bonus)
    return outcome.then(knock_down_with_ball(ruleset, outcome.board, player_id, harm, dice, decisions))


def _cast(caster_team: str, inducement: str, spell: str, target: object) -> Event:
    return Event("spell", caster_team, (), spell, {"inducement": inducement, "target": target})


def zap(
    ruleset: Ruleset, board: Board, caster_team: str, inducement: str, target_id: str, dice: DiceSource, decisions: Decisions | None = None
) -> Outcome:
    """Zap!: one die against the target's Strength; at or above it (or the data's sure roll) the target becomes the Frog.

    The Frog keeps the player's square and status; a ball it held bounces. Every Casualty
    it suffers counts as Badly Hurt, with no roll and beyond any apothecary (a Knock-out is
    treated as anyone's: the texts bar the apothecary from the Casualty alone). The
    ``transformed`` event's ``original`` is what :func:`wear_off` gives back at the end
    of the drive.
    """
    decisions = decisions or DefaultDecisions()
    rules = rules_for(pack_rules(ruleset).spells.zaps, inducement, "wizard with a Zap! spell")
    player = _target(board, caster_team, target_id, opponents_only=rules.opponents_only, standing_only=False)
    outcome = Outcome(board, (_cast(caster_team, inducement, rules.spell, target_id),))
    rolls = roll_dice(dice, rules.dice)
    roll = sum(rolls)
    works = roll != rules.never_on and (roll >= player.st or roll >= rules.always_on)
    outcome = outcome.then(Outcome(board, (Event("zap", target_id, rolls, "frog" if works else "warts"),)))
    if not works:
        return outcome
    badly_hurt = ruleset.table(CASUALTY_ROLE).rows[0].id
    shape = transform(ruleset, player, on_new_scale(spell_profile(ruleset, inducement, rules.profile)))
    frog = attrs.evolve(shape, casualty_counts_as=badly_hurt)
    event = Event("transformed", target_id, (), rules.profile, {"original": _original(player)})
    outcome = outcome.then(Outcome(outcome.board.with_player(frog), (event,)))
    return _drop(ruleset, outcome, player, dice, decisions)


def cast_bolt(
    ruleset: Ruleset, board: Board, caster_team: str, inducement: str, target_id: str, dice: DiceSource, decisions: Decisions | None = None
) -> Outcome:
    """A bolt (Thunderbolt, Lightning Bolt) at one Standing opposing player: Knocked Down on a hit, with the data's bonus."""
    decisions = decisions or DefaultDecisions()
    rules = rules_for(pack_rules(ruleset).spells.bolts, inducement, "wizard with a bolt")
    _target(board, caster_team, target_id, opponents_only=True, standing_only=True)
    rolls = roll_dice(dice, rules.dice)
    hit = sum(rolls) >= rules.hit_on
    events = (_cast(caster_team, inducement, rules.spell, target_id), Event("bolt", target_id, rolls, "hit" if hit else "dodged"))
    outcome = Outcome(board, events)
    return _knock_down(ruleset, outcome, target_id, rules.bonus, dice, decisions) if hit else outcome


def column_path(board: Board, start: Square) -> list[Square]:
    """The squares from ``start`` (on the pitch, by a sideline) straight across to the other sideline, in order."""
    width = board.geometry.pitch.width
    if not board.geometry.on_pitch(start) or start[1] not in (0, width - 1):
        raise UsageError(f"{start} is not a square by a sideline")
    across = range(width) if start[1] == 0 else range(width - 1, -1, -1)
    return [(start[0], y) for y in across]


def cast_column(
    ruleset: Ruleset, board: Board, caster_team: str, inducement: str, start: Square, dice: DiceSource, decisions: Decisions | None = None
) -> Outcome:
    """A line of fire or lightning across the pitch from ``start``: each Standing player on the way may be hit in turn.

    Players of either team are rolled for, nearest the start first (a giant once, where the
    line first meets its base). After each knock-down, a line that can be earthed rolls to
    see whether it stops there.
    """
    from bbcore_inducement_packs.giants import body_squares  # noqa: PLC0415 - the giants module imports this one

    decisions = decisions or DefaultDecisions()
    rules = rules_for(pack_rules(ruleset).spells.columns, inducement, "wizard with a line of fire")
    path = column_path(board, start)
    outcome = Outcome(board, (_cast(caster_team, inducement, rules.spell, start),))
    rolled: set[str] = set()
    for square in path:
        player = next((p for p in outcome.board.players.values() if p.on_pitch and square in body_squares(ruleset, p)), None)
        if player is None or not player.standing or player.id in rolled:
            continue
        rolled.add(player.id)
        rolls = roll_dice(dice, rules.dice)
        hit = sum(rolls) >= rules.hit_on
        outcome = outcome.then(Outcome(outcome.board, (Event("column-hit", player.id, rolls, "hit" if hit else "ducked"),)))
        if not hit:
            continue
        outcome = _knock_down(ruleset, outcome, player.id, rules.bonus, dice, decisions)
        if rules.earthed_on is not None:
            earth = roll_dice(dice, rules.dice)
            earthed = sum(earth) == rules.earthed_on
            outcome = outcome.then(Outcome(outcome.board, (Event("column-earthed", player.id, earth, "stops" if earthed else "goes-on"),)))
            if earthed:
                break
    return outcome


def cast_hex(
    ruleset: Ruleset, board: Board, caster_team: str, inducement: str, target_id: str, dice: DiceSource, decisions: Decisions | None = None
) -> Outcome:
    """A hex on one opposing player: on a hit, the spell profile's effects on that player apply (and a held ball may drop).

    Effects the core cannot put on a player (aimed at someone else, or of another verb)
    are listed in the ``hexed`` event's ``not_applied``; its ``original`` is what
    :func:`wear_off` gives back when the spell ends, with the tackle zone a hex that
    takes it (``takes_tackle_zone``) took away.
    """
    decisions = decisions or DefaultDecisions()
    rules = rules_for(pack_rules(ruleset).spells.hexes, inducement, "wizard with a hex")
    player = _target(board, caster_team, target_id, opponents_only=True, standing_only=rules.standing_only)
    rolls = roll_dice(dice, rules.dice)
    hit = sum(rolls) >= rules.hit_on
    events = (_cast(caster_team, inducement, rules.spell, target_id), Event("hex", target_id, rolls, "hit" if hit else "missed"))
    outcome = Outcome(board, events)
    if not hit:
        return outcome
    applied = apply_effects(ruleset, player, spell_profile(ruleset, inducement, rules.spell).effects)
    hexed = attrs.evolve(applied.player, tackle_zone=False) if rules.takes_tackle_zone else applied.player
    detail = {
        "original": _original(player),
        "not_applied": [attrs.asdict(e) for e in applied.not_applied],
        "tackle_zone_lost": rules.takes_tackle_zone,
    }
    outcome = outcome.then(Outcome(board.with_player(hexed), (Event("hexed", target_id, (), rules.spell, detail),)))
    return _drop(ruleset, outcome, player, dice, decisions) if rules.drops_ball else outcome


def reality_blinks(
    ruleset: Ruleset, board: Board, caster_team: str, inducement: str, player_ids: Sequence[str], dice: DiceSource
) -> Outcome:
    """Two of the caster's Standing players swap squares on a good roll; otherwise both waver out of play.

    Neither may have the data's barred skill (Loner) nor hold the ball. On a low roll
    each loses their tackle zone and takes the spell profile's effects (No Ball, the 2020 No Hands): a
    ``blinked`` event per player carries what :func:`wear_off` gives back.
    """
    rules = rules_for(pack_rules(ruleset).spells.blinks, inducement, "wizard who blinks players")
    players = [_target(board, caster_team, pid, opponents_only=False, standing_only=True) for pid in player_ids]
    if len(players) != 2 or players[0].id == players[1].id:
        raise UsageError(f"the spell needs two different players, not {list(player_ids)}")
    for player in players:
        if player.team != caster_team or player.has(rules.barred_skill) or board.ball.carrier == player.id:
            raise UsageError(f"{player.id!r} must be a player of {caster_team!r} without {rules.barred_skill!r} and without the ball")
    rolls = roll_dice(dice, rules.dice)
    swapped = sum(rolls) >= rules.swap_on
    events = [
        _cast(caster_team, inducement, rules.spell, [p.id for p in players]),
        Event("reality-blinks", caster_team, rolls, "swapped" if swapped else "wavering"),
    ]
    first, second = players
    if swapped:
        return Outcome(board.replace_players((first.moved(second.square), second.moved(first.square))), tuple(events))
    effects = spell_profile(ruleset, inducement, rules.spell).effects
    for player in players:
        wavering = attrs.evolve(apply_effects(ruleset, player, effects).player, tackle_zone=False)
        board = board.with_player(wavering)
        events.append(Event("blinked", player.id, (), rules.spell, {"original": _original(player), "tackle_zone_lost": True}))
    return Outcome(board, tuple(events))


def foot_of_gork(
    ruleset: Ruleset,
    board: Board,
    caster_team: str,
    inducement: str,
    target_id: str,
    kick_to: Square,
    dice: DiceSource,
    decisions: Decisions | None = None,
) -> Outcome:
    """A giant foot at one Standing opposing player: the data's table says it misses, stomps or kicks.

    A stomped player is Knocked Down with the data's bonus. A kicked one flies towards
    ``kick_to`` (named with the spell, within a team-mate throw's range of the player) and
    comes down as a thrown team-mate does after a throw of the data's quality
    (:func:`bbcore.rules.ttm.fly`); a ball they held goes with them.
    """
    decisions = decisions or DefaultDecisions()
    rules = rules_for(pack_rules(ruleset).spells.stomps, inducement, "wizard with a giant foot")
    player = _target(board, caster_team, target_id, opponents_only=True, standing_only=True)
    assert player.square is not None
    if not kickable(ruleset, board, player.square, kick_to):
        raise UsageError(f"{kick_to} is not a square on the pitch within a team-mate throw of {player.square}")
    rolled = roll_on_table(ruleset.table(rules.table), dice)
    outcome = Outcome(
        board, (_cast(caster_team, inducement, rules.spell, target_id), Event("stomp", target_id, rolled.rolls, rolled.row.id))
    )
    if rolled.row.id == rules.rows.stomped:
        return _knock_down(ruleset, outcome, target_id, rules.bonus, dice, decisions)
    if rolled.row.id == rules.rows.kicked:
        flown = fly(ruleset, board, target_id, kick_to, dice, decisions, quality=rules.quality)
        return outcome.then(attrs.evolve(flown, turnover=False))
    return outcome


def kickable(ruleset: Ruleset, board: Board, origin: Square, square: Square) -> bool:
    """Whether a player in ``origin`` may be kicked to ``square``: on the pitch, within a team-mate throw of him."""
    band = pass_range(ruleset, origin, square) if board.geometry.on_pitch(square) else None
    return band is not None and bool(band.values.get("throw"))


def cast_flora(
    ruleset: Ruleset,
    board: Board,
    caster_team: str,
    inducement: str,
    target: Square,
    nominees: Sequence[str],
    dice: DiceSource,
    decisions: Decisions | None = None,
) -> Outcome:
    """Plants burst from an empty ``target``: the caster names players in order, the data's count says how many are rolled for.

    Each named player must be a Standing opponent within reach of the square; only the
    first as many as the count rolled are attacked (fewer names, fewer attacked). A hit
    knocks the player down with the data's bonus.
    """
    decisions = decisions or DefaultDecisions()
    rules = rules_for(pack_rules(ruleset).spells.floras, inducement, "wizard with plants")
    if not board.geometry.on_pitch(target) or board.occupied(target):
        raise UsageError(f"{target} is not an empty square on the pitch")
    for player_id in nominees:
        player = _target(board, caster_team, player_id, opponents_only=True, standing_only=True)
        if player.square is None or distance(player.square, target) > rules.reach:
            raise UsageError(f"{player_id!r} is more than {rules.reach} squares from {target}")
    if len(set(nominees)) != len(nominees):
        raise UsageError("a player can be named only once")
    count = roll_dice(dice, rules.count)
    named = tuple(nominees[: sum(count)])
    events = (
        _cast(caster_team, inducement, rules.spell, target),
        Event("flora-count", caster_team, count, str(sum(count)), {"named": list(named)}),
    )
    outcome = Outcome(board, events)
    for player_id in named:
        rolls = roll_dice(dice, rules.dice)
        hit = sum(rolls) >= rules.hit_on
        outcome = outcome.then(Outcome(outcome.board, (Event("flora-hit", player_id, rolls, "hit" if hit else "ducked"),)))
        if hit:
            outcome = _knock_down(ruleset, outcome, player_id, rules.bonus, dice, decisions)
    return outcome


def rough_ground(ruleset: Ruleset, board: Board, caster_team: str, inducement: str) -> Outcome:
    """Tectonic Shift, Vigorous Growth: the opposing team's Rush rolls take the data's modifier for the coming team turn.

    Nothing on the board changes. The ``rough-ground`` event names the team and its
    ``rush_modifier``; whoever runs that team turn adds :func:`rush_modifier` of the
    events to the ``rush_modifier`` it gives :func:`bbcore.rules.movement.move`, beside
    the weather's, and drops the event when the turn ends.
    """
    rules = rules_for(pack_rules(ruleset).spells.grounds, inducement, "wizard with a spell on the ground")
    team = board.opponent_of(caster_team)
    events = (
        _cast(caster_team, inducement, rules.spell, team),
        Event("rough-ground", team, (), rules.spell, {"rush_modifier": rules.modifier}),
    )
    return Outcome(board, events)


def rush_modifier(events: Sequence[Event], team: str) -> int:
    """The modifier the ``rough-ground`` events in force put on ``team``'s Rush rolls."""
    return sum(int(str(e.detail["rush_modifier"])) for e in events if e.kind == "rough-ground" and e.who == team)


def temporal_distortion(
    ruleset: Ruleset, state: GameState, caster_team: str, inducement: str, forwards: bool, dice: DiceSource
) -> tuple[GameState, tuple[Event, ...]]:
    """Temporal Distortion: on a good roll both teams' turn markers (``TeamState.turn``) move the declared way.

    A marker is kept between 0 and the half's number of turns.
    """
    rules = rules_for(pack_rules(ruleset).spells.time_shifts, inducement, "wizard who bends time")
    rolls = roll_dice(dice, rules.dice)
    works = sum(rolls) >= rules.works_on
    events = (
        _cast(caster_team, inducement, rules.spell, "forwards" if forwards else "backwards"),
        Event("temporal-distortion", caster_team, rolls, "moved" if works else "no-effect"),
    )
    if works:
        last = ruleset.parameters.turns_per_half
        by = rules.steps if forwards else -rules.steps
        for team in state.teams:
            state = state.update_team(team.id, turn=min(max(team.turn + by, 0), last))
    return state, events


def _own_on_pitch(board: Board, caster_team: str, player_id: str) -> PlayerState:
    player = board.players.get(player_id)
    if player is None or player.team != caster_team or not player.on_pitch:
        raise UsageError(f"{player_id!r} is not a player of {caster_team!r} on the pitch")
    return player


def rampant_mutation(
    ruleset: Ruleset, board: Board, caster_team: str, inducement: str, player_id: str, dice: DiceSource, decisions: Decisions | None = None
) -> Outcome:
    """Rampant Mutation: one of the caster's players gains skills of the data's category the coach picks, or the fallback skill.

    The coach is asked through :meth:`~bbcore.rules.decisions.Decisions.gained_skills`,
    among the skills of the category the player lacks. The ``mutated`` event's
    ``original`` is what :func:`wear_off` gives back when the drive ends.
    """
    decisions = decisions or DefaultDecisions()
    rules = rules_for(pack_rules(ruleset).spells.mutations, inducement, "wizard who mutates players")
    player = _own_on_pitch(board, caster_team, player_id)
    rolls = roll_dice(dice, rules.dice)
    works = sum(rolls) >= rules.works_on
    if works:
        chosen = picked_skills(ruleset, player, rules.category, rules.count, decisions)
    else:
        chosen = () if player.has(rules.otherwise) else (rules.otherwise,)
    mutant = attrs.evolve(player, skills={**player.skills, **dict.fromkeys(chosen)})
    events = (
        _cast(caster_team, inducement, rules.spell, player_id),
        Event(
            "mutated", player_id, rolls, "mutations" if works else rules.otherwise, {"skills": list(chosen), "original": _original(player)}
        ),
    )
    return Outcome(board.with_player(mutant), events)


def danse_macabre(ruleset: Ruleset, board: Board, caster_team: str, inducement: str, dice: DiceSource) -> Outcome:
    """Vanhalable's Danse Macabre: on a good roll the caster's Linemen on the pitch may each better one characteristic this turn.

    A Lineman is a player of a position with the journeymen keyword. The ``danse``
    event lists them and the characteristics on offer; as each is activated, the
    caller applies the coach's pick with :func:`danse_step`, once per player.
    """
    rules = rules_for(pack_rules(ruleset).spells.danses, inducement, "wizard who makes players dance")
    rolls = roll_dice(dice, rules.dice)
    works = sum(rolls) >= rules.works_on
    dancers = _linemen(ruleset, board, caster_team) if works else []
    detail = {"players": dancers, "characteristics": list(rules.characteristics), "by": rules.by}
    return Outcome(
        board,
        (_cast(caster_team, inducement, rules.spell, None), Event("danse", caster_team, rolls, "dances" if works else "spasms", detail)),
    )


def _linemen(ruleset: Ruleset, board: Board, team: str) -> list[str]:
    """The team's players on the pitch of a position with the journeymen keyword (its Linemen)."""
    keyword = ruleset.parameters.journeymen.keyword
    return [
        p.id for p in board.team_players(team) if p.on_pitch and p.position is not None and keyword in ruleset.position(p.position).keywords
    ]


def danse_step(board: Board, danse: Event, player_id: str, characteristic: str) -> Outcome:
    """A dancer of ``danse`` (a :func:`danse_macabre` event) bettered in ``characteristic``; :func:`wear_off` ends it with the turn.

    AG and PA do not go below 1+; a Passing Ability of "-" cannot be bettered.
    """
    if player_id not in danse.detail["players"] or characteristic not in danse.detail["characteristics"]:
        raise UsageError(f"{player_id!r} cannot better {characteristic!r} with this dance")
    player = board.player(player_id)
    current = getattr(player, characteristic)
    if current is None:
        raise UsageError(f"{player_id!r} has no {characteristic.upper()} to better")
    limit = 1 if characteristic in LOWER_IS_BETTER else None
    value = changed_characteristic(current, characteristic, int(str(danse.detail["by"])), limit)
    event = Event("danced", player_id, (), characteristic, {"original": _original(player)})
    changes: dict[str, Any] = {characteristic: value}  # one of MA, ST, AG, PA, named at run time
    return Outcome(board.with_player(attrs.evolve(player, **changes)), (event,))


#: The situation in which a dancer's coach is asked which characteristic he betters (``Decisions.inducement_act``).
ACTIVATION_START = "activation-start"


def lasting(
    ruleset: Ruleset,
    state: GameState,
    before: Board,
    events: Sequence[Event],
    caster_team: str,
    inducement: str,
    spell: str,
    moment: str,
) -> GameState:
    """The game after ``inducement``'s ``spell`` (its profile id) cast at ``moment`` (seen from ``caster_team``), with
    what it did kept until its ``lasts`` (``pack-rules.yaml``) ends: undone by the core at that turn's start or end
    (:mod:`bbcore.rules.turn_changes`).

    ``before`` is the board the spell was cast on and ``events`` what it told. A player it
    changed is kept as a change of his; rough ground puts its modifier on the opposing
    team's Rush rolls (``Board.team_conditions``); a Danse Macabre that works is kept as an
    effect in force (``GameState.turn_effects``, named by the inducement) that its team's
    Linemen use as each is activated (:func:`dance_at_activation`). A spell that lasts the
    drive adds nothing here: its casting already kept the players' own forms.
    """
    spells = pack_rules(ruleset).spells
    kinds = (spells.hexes, spells.blinks, spells.grounds, spells.danses)
    entry = next((kind[inducement] for kind in kinds if inducement in kind and kind[inducement].spell == spell), None)
    end = None if entry is None else ends_at(entry.lasts, moment, caster_team, state.opponent(caster_team).id)
    if end is None:
        return state
    team, ends = end
    for event in events:
        if event.kind == "rough-ground":
            modifier = {RUSH: int(str(event.detail["rush_modifier"]))}
            state = add_team_modifiers(state, str(event.who), modifier, team=team, ends=ends, cause=spell)
        elif event.kind == "danse" and event.detail["players"]:
            state = keep_effect(state, inducement, team=team, ends=ends, cause=spell)
        elif "original" in event.detail and str(event.who) in before.players:
            state = keep_player_change(state, before.player(str(event.who)), team=team, ends=ends, cause=spell)
    return state


def _danse_in_force(ruleset: Ruleset, state: GameState, team: str) -> tuple[str, Danse] | None:
    """The inducement whose Danse Macabre is in force for ``team``'s turn, with its numbers."""
    danses = pack_rules(ruleset).spells.danses
    for change in state.turn_changes:
        effect = change.effect
        if effect is not None and effect in danses and change.team == team:
            return effect, danses[effect]
    return None


def _has_danced(state: GameState, player_id: str, rules: Danse) -> bool:
    """Whether the player has bettered a characteristic with this dance already this turn."""
    return any(change.player == player_id and change.cause == rules.spell for change in state.turn_changes)


def dance(ruleset: Ruleset, state: GameState, player_id: str, characteristic: str) -> tuple[GameState, tuple[Event, ...]]:
    """One of the Linemen of a team whose Danse Macabre is in force betters ``characteristic`` until his team's
    turn ends: once in the turn, as he is activated. The core takes it back as the turn ends."""
    player = state.board.player(player_id)
    found = _danse_in_force(ruleset, state, player.team)
    if found is None:
        raise UsageError(f"no Danse Macabre is in force for {player.team!r}")
    _, rules = found
    if _has_danced(state, player_id, rules):
        raise UsageError(f"{player_id!r} has danced already this turn")
    detail = {"players": _linemen(ruleset, state.board, player.team), "characteristics": list(rules.characteristics), "by": rules.by}
    outcome = danse_step(state.board, Event("danse", player.team, (), "dances", detail), player_id, characteristic)
    after = attrs.evolve(state, board=outcome.board)
    return keep_player_change(after, player, team=player.team, ends=TURN_ENDS, cause=rules.spell), outcome.events


def dance_at_activation(ruleset: Ruleset, state: GameState, player_id: str, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """As a player is activated: if his team's Danse Macabre is in force and he is one of its Linemen who has not
    danced yet, his coach is asked (``Decisions.inducement_act``, situation :data:`ACTIVATION_START`) which
    characteristic he betters, among those the player has; he may decline."""
    player = state.board.player(player_id)
    found = _danse_in_force(ruleset, state, player.team)
    if found is None or player_id not in _linemen(ruleset, state.board, player.team):
        return state, ()
    inducement, rules = found
    if _has_danced(state, player_id, rules):
        return state, ()
    options = tuple(name for name in rules.characteristics if getattr(player, name) is not None)
    offered = (InducementAct(rules.spell, (player_id,), 1, options=options),)
    answer = decisions.inducement_act(player.team, inducement, ACTIVATION_START, offered)
    checked = checked_act(answer, offered, who=player.team)
    if checked is None:
        return state, ()
    _, choice = checked
    assert choice.option is not None  # the act offers options, so checked_act insists on one
    return dance(ruleset, state, player_id, choice.option)


__all__ = [
    "ACTIVATION_START",
    "SPELL",
    "cast_bolt",
    "cast_column",
    "cast_flora",
    "cast_hex",
    "column_path",
    "dance",
    "dance_at_activation",
    "danse_macabre",
    "danse_step",
    "foot_of_gork",
    "kickable",
    "lasting",
    "rampant_mutation",
    "reality_blinks",
    "rough_ground",
    "rush_modifier",
    "spell_profile",
    "temporal_distortion",
    "wear_off",
    "zap",
]
