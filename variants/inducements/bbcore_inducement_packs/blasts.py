"""Things thrown at a square: the hot pot (or boiling pot) and the wizards' fireballs.

They are offered to the coach at the moments their data names
(:mod:`bbcore_inducement_packs.acting`), or called by whoever runs the game, with the
square the coach picked; :func:`bbcore_inducement_packs.in_game.use_in_game` runs
either on a game's board and spends one of the inducement's ``uses`` first.
Both return an :class:`Blast`: the outcome, and whether the team that used it
suffers a Turnover (the data says when). The numbers are in
``pack-rules.yaml``; a ball a knocked-down carrier held bounces from their square.
A giant is hit on any of the four squares of its base, once. A target moved off the
pitch hits nobody there; the data's ``off_pitch`` says whether the players beside it on
the pitch are still rolled for (the 2020 Hot Pot, either Horatio: their texts are
silent) or the shot has simply missed (the classic Boiling Pot, as its text says).
"""

from __future__ import annotations

from attrs import frozen

from bbcore.dice import DiceSource, pick_at_random, roll_dice, roll_on_table
from bbcore.rules import ball
from bbcore.rules.board import Board, PlayerState, Square, Status, step
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import Harm, apothecary_from, armour_and_injury, knock_down_with_ball, place_prone, treatment_from
from bbcore.ruleset import Ruleset
from bbcore_inducement_packs.giants import body_squares
from bbcore_inducement_packs.pack_rules import pack_rules, rules_for

#: The cause named in the Armour rolls of players hit.
BLAST = "blast"
#: ``off_pitch`` in the data: a target moved off the pitch is a miss, nobody rolled for.
MISSES = "misses"


@frozen
class Blast:
    """What a blast did, and whether the team that let it off suffers a Turnover."""

    outcome: Outcome
    turnover: bool = False


def _moved(ruleset: Ruleset, square: Square, distance: str, dice: DiceSource) -> tuple[Square, tuple[int, ...]]:
    direction, rolls = ball.scatter_direction(ruleset, dice)
    far = roll_dice(dice, distance)
    return step(square, direction, sum(far)), rolls + far


def _around(board: Board, square: Square) -> list[Square]:
    return [s for s in board.neighbours(square) if board.geometry.on_pitch(s)]


def _covering(ruleset: Ruleset, board: Board, squares: list[Square]) -> list[PlayerState]:
    """The players on the pitch on any of ``squares`` (a giant on any square of its base), by id."""
    wanted = set(squares)
    covering = (p for p in board.players.values() if p.on_pitch and wanted.intersection(body_squares(ruleset, p)))
    return sorted(covering, key=lambda p: p.id)


def _down(ruleset: Ruleset, outcome: Outcome, player_id: str, harm: Harm, dice: DiceSource, decisions: Decisions) -> Outcome:
    return outcome.then(knock_down_with_ball(ruleset, outcome.board, player_id, harm, dice, decisions))


def _placed_prone(ruleset: Ruleset, outcome: Outcome, player_id: str, dice: DiceSource, decisions: Decisions) -> Outcome:
    """Placed Prone by a blast (a Ball & Chain player is hurt as the core says), a ball he held dropping where he lies."""
    square = outcome.board.player(player_id).square
    carried = outcome.board.ball.carrier == player_id
    placed = place_prone(
        ruleset, outcome.board, player_id, Harm(BLAST), dice, apothecary_from(decisions), choose_treatment=treatment_from(decisions)
    )
    outcome = outcome.then(Outcome(placed.board, (Event("placed-prone", player_id, (), "prone", {"cause": BLAST}), *placed.events)))
    if carried and square is not None:
        outcome = outcome.then(ball.drop_ball(ruleset, outcome.board, player_id, square, dice, decisions))
    return outcome


def _turnover(rule: str, team: str, board: Board, player_id: str) -> bool:
    player = board.player(player_id)
    if player.team != team or rule == "never":
        return False
    return rule == "any" or board.ball.carrier == player_id


def cast_fireball(
    ruleset: Ruleset, board: Board, team: str, inducement: str, target: Square, dice: DiceSource, decisions: Decisions | None = None
) -> Blast:
    """A wizard's fireball at ``target``: moved first if the spell says so, then each Standing player on or next to it rolled for."""
    decisions = decisions or DefaultDecisions()
    spell = rules_for(pack_rules(ruleset).fireballs, inducement, "wizard with a fireball")
    events = [Event("spell", team, (), spell.spell, {"inducement": inducement, "target": target})]
    if spell.moves is not None:
        target, rolls = _moved(ruleset, target, spell.moves, dice)
        events.append(Event("target-moves", team, rolls, str(target)))
    outcome = Outcome(board, tuple(events))
    if not board.geometry.on_pitch(target):
        outcome = outcome.then(Outcome(board, (Event("blast-off-pitch", team, (), str(target)),)))
        if spell.off_pitch == MISSES:
            return Blast(outcome)
    turnover = False
    for player in (p for p in _covering(ruleset, board, [target, *_around(board, target)]) if p.standing):
        rolls = roll_dice(dice, spell.dice)
        hit = sum(rolls) >= spell.hit_on
        outcome = outcome.then(Outcome(outcome.board, (Event("fireball-hit", player.id, rolls, "hit" if hit else "dodged"),)))
        if hit:
            turnover = turnover or _turnover("ball-carrier", team, outcome.board, player.id)
            harm = Harm(BLAST, mighty_blow=spell.bonus > 0, blow_bonus=spell.bonus)
            outcome = _down(ruleset, outcome, player.id, harm, dice, decisions)
    return Blast(outcome, turnover)


def throw_pot(
    ruleset: Ruleset, board: Board, team: str, inducement: str, target: Square, dice: DiceSource, decisions: Decisions | None = None
) -> Blast:
    """A pot at ``target``: its table says whether it lands there, moves, or misfires into the team's own Reserves."""
    decisions = decisions or DefaultDecisions()
    pot = rules_for(pack_rules(ruleset).pots, inducement, "pot")
    rolled = roll_on_table(ruleset.table(pot.table), dice)
    outcome = Outcome(board, (Event("pot", team, rolled.rolls, rolled.row.id, {"inducement": inducement, "target": target}),))
    if rolled.row.id == pot.rows.misfire:
        reserves = sorted(p.id for p in board.team_players(team) if p.status is Status.RESERVES)
        count = sum(roll_dice(dice, pot.misfire_players))
        picked, rolls = pick_at_random(dice, reserves, min(count, len(reserves)))
        board = board.replace_players(board.player(pid).with_status(Status.KO) for pid in picked)
        return Blast(outcome.then(Outcome(board, (Event("pot-misfire", team, rolls, str(len(picked)), {"players": list(picked)}),))))
    if rolled.row.id == pot.rows.moves:
        target, rolls = _moved(ruleset, target, pot.distance, dice)
        outcome = outcome.then(Outcome(board, (Event("target-moves", team, rolls, str(target)),)))
    if not board.geometry.on_pitch(target):
        outcome = outcome.then(Outcome(board, (Event("blast-off-pitch", team, (), str(target)),)))
        if pot.off_pitch == MISSES:
            return Blast(outcome)
    turnover = False
    harm = Harm(BLAST, mighty_blow=pot.bonus > 0, blow_bonus=pot.bonus)
    struck = next(iter(_covering(ruleset, board, [target])), None)
    if struck is not None:
        if struck.standing:
            turnover = _turnover(pot.turnover_direct, team, outcome.board, struck.id)
            outcome = _down(ruleset, outcome, struck.id, harm, dice, decisions)
        elif pot.hit_down_players:
            # Down already: an Armour Roll (and, when it breaks, an Injury Roll) where he lies.
            hurt = armour_and_injury(
                ruleset, outcome.board, struck.id, harm, dice, apothecary_from(decisions), choose_treatment=treatment_from(decisions)
            )
            outcome = outcome.then(hurt)
    around = _covering(ruleset, outcome.board, _around(board, target))
    for player in (p for p in around if p.standing and (struck is None or p.id != struck.id)):
        rolls = roll_dice(dice, pot.splash_dice)
        hit = sum(rolls) >= pot.splash_hit_on
        outcome = outcome.then(Outcome(outcome.board, (Event("pot-splash", player.id, rolls, "hit" if hit else "avoided"),)))
        if not hit:
            continue
        turnover = turnover or _turnover(pot.turnover_splash, team, outcome.board, player.id)
        if pot.splash == "knocked-down":
            outcome = _down(ruleset, outcome, player.id, Harm(BLAST), dice, decisions)
        else:
            outcome = _placed_prone(ruleset, outcome, player.id, dice, decisions)
    return Blast(outcome, turnover)


__all__ = ["BLAST", "MISSES", "Blast", "cast_fireball", "throw_pot"]
