"""Exact odds, computed through the same procedures and hooks as play.

Every function here enumerates the dice with :func:`bbcore.dice.exact_outcomes`
over the real procedure, so a variant's modifiers (a strength hook, an armour
hook...) change the odds without any code here knowing about them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from bbcore.dice import DiceSource, exact_outcomes, passes, roll_dice, table_odds
from bbcore.errors import UsageError
from bbcore.rules.activation import activation_modifier, activation_target, activation_traits
from bbcore.rules.block import (
    CANCELLED,
    FRENZY,
    PUSH_BACK,
    SABOTEUR,
    apply_block_face,
    block_dice,
    block_push,
    brave_foul_appearance,
    called_off,
    effective_face,
    frenzy_second_block_due,
    roll_block,
)
from bbcore.rules.board import BallState, Board, PlayerState, Square, Status
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.foul import foul
from bbcore.rules.injury import BALL_AND_CHAIN, Harm, injury_result, roll_armour
from bbcore.rules.passing import (
    ACCURATE,
    FUMBLED,
    INACCURATE,
    SAFE_PASS,
    WILDLY_INACCURATE,
    measure_range,
    pass_modifier,
    roll_for_accuracy,
    safe_pass,
)
from bbcore.rules.rerolls import PRO, TEAM_REROLL, RerollBudget, pro_for
from bbcore.rules.sequences import GameState, TeamState

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: A block's target pushed off the pitch: into the crowd, or through a square he fell through.
OFF_PITCH = "off-pitch"

#: What a block can come to, before any armour roll (and ``cancelled``, by Foul Appearance, when it never comes).
BLOCK_RESULTS = ("defender-down", "pushed", "both-down", "attacker-down", "both-standing", OFF_PITCH)


#: Skills for a board of the odds: ids, or ids with their values (``{"loner": 4}``).
Skills = Iterable[str] | Mapping[str, int | str | None]


def _skill_map(skills: Skills) -> dict[str, int | str | None]:
    return dict(skills) if isinstance(skills, Mapping) else dict.fromkeys(skills)


def _player(player_id: str, team: str, st: int, av: int, skills: Skills, square: tuple[int, int]) -> PlayerState:
    return PlayerState(player_id, team, ma=6, st=st, ag=3, pa=4, av=av, skills=_skill_map(skills), square=square)


def duel_board(
    ruleset: Ruleset,
    attacker_st: int,
    defender_st: int,
    *,
    attacker_skills: Skills = (),
    defender_skills: Skills = (),
    defender_av: int = 9,
    attacker_av: int = 9,
    assists: int = 0,
    defensive_assists: int = 0,
    sideline: bool = False,
) -> Board:
    """Two players face to face in the middle of the pitch, for odds.

    ``assists`` team-mates of the attacker stand beyond the defender and
    ``defensive_assists`` of the defender's behind the attacker, each marking only the
    player in front, so each one assists (at most :data:`DUEL_BOARD_ASSISTS` a side).
    They are plain Strength 3 players: the Strengths themselves stay unmodified, as
    Dauntless needs.

    ``sideline``: the defender stands on the pitch's edge with the attacker inside him,
    so a push takes him into the crowd. The attacker's assists then stand on the edge
    either side of the defender (at most :data:`SIDELINE_ASSISTS`).
    """
    most = SIDELINE_ASSISTS if sideline else DUEL_BOARD_ASSISTS
    if not 0 <= assists <= most or not 0 <= defensive_assists <= DUEL_BOARD_ASSISTS:
        where = "at the sideline " if sideline else ""
        raise UsageError(f"a duel board {where}has room for 0 to {most} assists and 0 to {DUEL_BOARD_ASSISTS} defensive assists")
    x = ruleset.pitch.half_length - 2
    if sideline:
        # Across the pitch from the edge: defender on it, attacker inside, the defender's helpers one row further in.
        attacker_at, defender_at = (x, 1), (x, 0)
        helpers = [(x - 1, 0), (x + 1, 0)]
        defenders = [(x, 2), (x - 1, 2), (x + 1, 2)]
    else:
        middle = ruleset.pitch.width // 2
        attacker_at, defender_at = (x, middle), (x + 1, middle)
        # One square beyond the defender (behind the attacker), on his row and the rows either side.
        rows = (middle, middle - 1, middle + 1)
        helpers = [(x + 2, row) for row in rows]
        defenders = [(x - 1, row) for row in rows]
    players = [
        _player("attacker", "home", attacker_st, attacker_av, attacker_skills, attacker_at),
        _player("defender", "away", defender_st, defender_av, defender_skills, defender_at),
    ]
    players += [_player(f"assist-{n + 1}", "home", 3, 9, (), helpers[n]) for n in range(assists)]
    players += [_player(f"defensive-assist-{n + 1}", "away", 3, 9, (), defenders[n]) for n in range(defensive_assists)]
    return Board.build(ruleset.pitch, players)


#: How many assists a duel board can give each side: the squares beyond the defender and behind the attacker.
DUEL_BOARD_ASSISTS = 3

#: How many assists the attacker can have on a duel board at the sideline: the edge squares either side of the defender.
SIDELINE_ASSISTS = 2


@frozen
class BlockOdds:
    """Exact odds of a block: how many dice, whose choice, each face chosen, each result, and Frenzy's second block.

    ``faces`` are the first block's; ``results`` are where the whole block leaves the two players (after Frenzy's
    second block, when there is one); ``second_block`` is the chance that second block is made.
    """

    dice: int
    chooser: str
    faces: Mapping[str, Fraction]
    results: Mapping[str, Fraction]
    second_block: Fraction = Fraction(0)

    def to_json(self) -> dict[str, object]:
        return {
            "dice": self.dice,
            "chooser": self.chooser,
            "faces": {k: float(v) for k, v in self.faces.items()},
            "results": {k: float(v) for k, v in self.results.items()},
            "second_block": float(self.second_block),
            "exact": {
                k: str(v)
                for k, v in {
                    **{f"face:{f}": p for f, p in self.faces.items()},
                    **self.results,
                    "second_block": self.second_block,
                }.items()
            },
        }


def block_result(before: Board, after: Outcome, attacker_id: str, defender_id: str) -> str:
    """Which of :data:`BLOCK_RESULTS` a block played on ``before`` came to, read off its outcome.

    A player who went down (or left the pitch) is down; a target who left the pitch without being knocked down
    was pushed off it (into the crowd, or through a square he fell through): ``off-pitch``. This is how a tracker or
    a test names a real block's result in the words of :func:`block_odds`.
    """
    board = after.board
    attacker, defender = board.player(attacker_id), board.player(defender_id)
    knocked = any(e.kind == "knocked-down" and e.who == defender_id for e in after.events)
    attacker_down, defender_down = not attacker.standing, not defender.standing
    if attacker_down:
        return "both-down" if defender_down else "attacker-down"
    if defender.square is None and not knocked:
        return OFF_PITCH
    if defender_down:
        return "defender-down"
    return "pushed" if defender.square != before.player(defender_id).square else "both-standing"


def _block_result(face: str, attacker: PlayerState, defender: PlayerState, decisions: Decisions, *, blitz: bool) -> str:
    if face == "both-down":
        return _both_down_result(attacker, defender, decisions)
    if face == "push-back" and _stands_firm(attacker, defender, decisions, blitz=blitz):
        return "both-standing"
    return {"player-down": "attacker-down", "pow": "defender-down"}.get(face, "pushed")


def _stands_firm(attacker: PlayerState, defender: PlayerState, decisions: Decisions, *, blitz: bool) -> bool:
    """Whether the target holds his square against a Push Back, as the push does (not against a Juggernaut's Blitz)."""
    juggernaut = blitz and attacker.has("juggernaut")
    return not juggernaut and defender.has("stand-firm") and defender.alert and decisions.use_skill(defender.id, "stand-firm", "pushed")


def _after_steady_footing(
    ruleset: Ruleset, face: str, result: str, attacker: PlayerState, defender: PlayerState, dice: DiceSource, decisions: Decisions
) -> str:
    """The result once Steady Footing has rolled for each player about to be knocked down (defender first, as the block
    does), and a Saboteur knocked down has rolled to bring the blocker down with him."""
    placed_prone = face == "both-down" and _wrestled(attacker, defender, decisions)
    if result not in ("defender-down", "attacker-down", "both-down") or placed_prone:
        return result
    target = ruleset.parameters.targets.steady_footing

    def goes_down(player: PlayerState, knocked: bool) -> bool:
        return knocked and not (player.has("steady-footing") and player.alert and roll_dice(dice, "D6")[0] >= target)

    defender_down = goes_down(defender, result in ("defender-down", "both-down"))
    sabotaged = (
        defender_down and defender.has(SABOTEUR) and defender.alert and roll_dice(dice, "D6")[0] >= ruleset.parameters.targets.saboteur
    )
    # Kept on his feet against the sabotage, a blocker who fell anyway (Both Down) rolls again, as the block does.
    attacker_down = goes_down(attacker, sabotaged) or goes_down(attacker, result in ("attacker-down", "both-down"))
    if defender_down or attacker_down:
        return {(True, True): "both-down", (True, False): "defender-down", (False, True): "attacker-down"}[(defender_down, attacker_down)]
    return "pushed" if face == "pow" else "both-standing"


def _wrestled(attacker: PlayerState, defender: PlayerState, decisions: Decisions) -> bool:
    """Whether a Wrestle turns a Both Down into both placed prone (no knock-down)."""
    return any(w.has("wrestle") and w.alert and decisions.use_skill(w.id, "wrestle", "both-down") for w in (attacker, defender))


def _both_down_result(attacker: PlayerState, defender: PlayerState, decisions: Decisions) -> str:
    if _wrestled(attacker, defender, decisions):
        return "both-down"
    standing = (attacker.has("block") and attacker.alert, defender.has("block") and defender.alert)
    return {(True, True): "both-standing", (True, False): "defender-down", (False, True): "attacker-down"}.get(standing, "both-down")


def block_odds(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    *,
    blitz: bool = False,
    decisions: Decisions | None = None,
    team_reroll: bool = False,
) -> BlockOdds:
    """The chance of each face being chosen and of each result, for a block on a board.

    The dice are rolled as :func:`~bbcore.rules.block.block` rolls them
    (:func:`~bbcore.rules.block.roll_block`): Dauntless, Brawler, Pro and, with
    ``team_reroll``, a team re-roll all count, each used as ``decisions`` say. Against a
    player with Foul Appearance a ``cancelled`` result is added: the block that never
    happened (the faces then add up to what is left). A player with Steady Footing who
    keeps his feet is not counted as down, nor one who Stands Firm as pushed.

    Pushes are made on the board, as the block makes them
    (:func:`~bbcore.rules.block.block_push`, then the follow-up): a target pushed off the
    pitch is ``off-pitch`` (the crowd, or a square he falls through), one slammed down
    by what he was pushed into is down. A blocker with Frenzy makes his second block
    when the push leaves them side by side, with the team re-roll and Pro if the first
    block did not use them; the results are then where both blocks leave the players.
    On a Blitz the second block is counted as made (the blitzer has the movement to pay
    for it). Results are before any armour roll: see :func:`armour_odds`.
    """
    reckoning = _BlockReckoning(ruleset, attacker_id, defender_id, decisions or DefaultDecisions(), blitz)
    plan = block_dice(ruleset, board, attacker_id, defender_id, blitz=blitz)
    faces, results, second = reckoning.reckon(board, team_reroll=team_reroll, pro=True, frenzy=True)
    return BlockOdds(plan.count, plan.chooser, faces, results, second)


class _BlockReckoning:
    """Works out a block's odds on a board; the pushes' outcomes are worked out once per board."""

    def __init__(self, ruleset: Ruleset, attacker_id: str, defender_id: str, decisions: Decisions, blitz: bool) -> None:
        self.ruleset, self.decisions, self.blitz = ruleset, decisions, blitz
        self.attacker_id, self.defender_id = attacker_id, defender_id
        self._pushed_back: dict[int, dict[tuple[str, int | None], Fraction]] = {}
        self._boards: list[Board] = []

    def reckon(
        self, board: Board, *, team_reroll: bool, pro: bool, frenzy: bool
    ) -> tuple[dict[str, Fraction], dict[str, Fraction], Fraction]:
        """The faces, the results and the chance of Frenzy's second block (only with ``frenzy``: the first block)."""
        attacker, defender = board.player(self.attacker_id), board.player(self.defender_id)
        faces: dict[str, Fraction] = {row.id: Fraction(0) for row in self.ruleset.table("block-dice").rows}
        results: dict[str, Fraction] = dict.fromkeys(BLOCK_RESULTS, Fraction(0))
        second = Fraction(0)
        for (raw, result, rerolled, pro_tried), chance in self._one_block(board, team_reroll=team_reroll, pro=pro).items():
            if raw == CANCELLED:
                results[CANCELLED] = chance
                continue
            faces[raw] += chance
            face = effective_face(raw, attacker, defender, blitz=self.blitz)
            # A POW the target keeps his feet through (Steady Footing) leaves the board as a Push Back would, and
            # Frenzy's second block follows it just the same.
            kept_through_pow = frenzy and attacker.has(FRENZY) and face == "pow" and result == "pushed"
            if (face == PUSH_BACK and result in ("pushed", "both-standing")) or kept_through_pow:
                # A target who Stands Firm still takes Frenzy's second block: the push is made on the board, as in play.
                for (pushed, frenzy_board), share in self._push_back(board).items():
                    if frenzy_board is None or not frenzy:
                        results[pushed] += chance * share
                        continue
                    second += chance * share
                    again = self._boards[frenzy_board]
                    _, after_second, _ = self.reckon(
                        again, team_reroll=team_reroll and not rerolled, pro=pro and not pro_tried, frenzy=False
                    )
                    for final, odds in after_second.items():
                        # A second block Foul Appearance calls off leaves the players as the first one did.
                        results[pushed if final == CANCELLED else final] += chance * share * odds
            elif face == "pow" and result in ("defender-down", "pushed"):
                # POW pushes before it knocks down: off the pitch, there is no knock-down to make.
                off = self._pow_off_pitch(board)
                results[OFF_PITCH] += chance * off
                results[result] += chance * (1 - off)
            else:
                results[result] += chance
        return faces, results, second

    def _one_block(self, board: Board, *, team_reroll: bool, pro: bool) -> dict[tuple[str, str, bool, bool], Fraction]:
        """Each path of one block's dice: the face rolled, the result before the push is made, and whether the team
        re-roll and Pro were used."""
        ruleset, decisions, blitz = self.ruleset, self.decisions, self.blitz
        attacker, defender = board.player(self.attacker_id), board.player(self.defender_id)

        def one_block(dice: DiceSource) -> tuple[str, str, bool, bool]:
            braved = brave_foul_appearance(ruleset, board, attacker.id, defender.id, dice, decisions, pro=pro)
            if called_off(braved):
                return CANCELLED, CANCELLED, False, False
            tried = any(e.kind == PRO for e in braved)
            rolled = roll_block(
                ruleset, board, attacker.id, defender.id, dice, decisions, blitz=blitz, team_reroll=team_reroll, pro=pro and not tried
            )
            face = effective_face(rolled.face, attacker, defender, blitz=blitz)
            result = _block_result(face, attacker, defender, decisions, blitz=blitz)
            used = {e.kind for e in (*braved, *rolled.before, *rolled.after)}
            settled = _after_steady_footing(ruleset, face, result, attacker, defender, dice, decisions)
            return rolled.face, settled, TEAM_REROLL in used, PRO in used

        return exact_outcomes(one_block)

    def _push_back(self, board: Board) -> dict[tuple[str, int | None], Fraction]:
        """A Push Back applied on the board, follow-up and all: each result with, when Frenzy's second block is due,
        the board it is made on (an index into ``_boards``)."""
        known = self._pushed_back.get(id(board))
        if known is not None:
            return known
        ruleset, decisions, attacker_id, defender_id = self.ruleset, self.decisions, self.attacker_id, self.defender_id
        boards: dict[tuple[object, ...], int] = {}
        # Where the ball goes after the push changes no result; only a second block (Frenzy's) may read it, a target who
        # caught it dumping it off, say. Without one the push is worked out with the ball set aside, so a ball bouncing
        # back and forth between players (paths without end) is never followed.
        played = board if board.player(attacker_id).has(FRENZY) else board.with_ball(BallState())

        def applied(dice: DiceSource) -> tuple[str, int | None]:
            outcome = apply_block_face(ruleset, played, attacker_id, defender_id, PUSH_BACK, dice, decisions, blitz=self.blitz)
            result = block_result(board, outcome, attacker_id, defender_id)
            if not frenzy_second_block_due(outcome, attacker_id, defender_id, PUSH_BACK):
                return result, None
            key = _positions(outcome.board)
            if key not in boards:
                boards[key] = len(self._boards)
                self._boards.append(outcome.board)
            return result, boards[key]

        self._pushed_back[id(board)] = found = exact_outcomes(applied)
        return found

    def _pow_off_pitch(self, board: Board) -> Fraction:
        """The chance a POW's push takes the target off the pitch (the board does not change it: worked out once)."""
        ruleset, decisions = self.ruleset, self.decisions
        aside = board.with_ball(BallState())  # whether he leaves the pitch does not hang on where a ball he drops goes

        def left(dice: DiceSource) -> bool:
            return block_push(
                ruleset, aside, self.attacker_id, self.defender_id, dice, decisions, blitz=self.blitz, knocked_down=True
            ).left_pitch

        return exact_outcomes(left).get(True, Fraction(0))


def _positions(board: Board) -> tuple[object, ...]:
    """Where everyone and the ball are, and who still gives assists: what a second block reads off a board."""
    players = tuple(sorted((p.id, p.square, p.status, p.gives_assists) for p in board.players.values()))
    return players, board.ball.square, board.ball.carrier


@frozen
class ArmourOdds:
    """Exact odds of an armour roll and the injury roll after it."""

    broken: Fraction
    results: Mapping[str, Fraction]  # "armour-held" and each injury row id

    def to_json(self) -> dict[str, object]:
        return {
            "broken": float(self.broken),
            "results": {k: float(v) for k, v in self.results.items()},
            "exact": {"broken": str(self.broken), **{k: str(v) for k, v in self.results.items()}},
        }


def armour_odds(ruleset: Ruleset, board: Board, player_id: str, harm: Harm) -> ArmourOdds:
    """The chance the armour breaks and of each injury result, for a player down.

    ``harm`` is what the procedure would carry: ``fell`` True for a player just Knocked
    Down or Falling Over (as :func:`~bbcore.rules.injury.knock_down` sets it), False for a
    player hit where he lies (a Foul's victim). A player with Ball & Chain who falls has
    no Armour Roll: his Injury Roll comes at once, as in play.
    """
    no_armour = harm.fell and board.player(player_id).has(BALL_AND_CHAIN)

    def hit(dice: DiceSource) -> str:
        if no_armour:
            return injury_result(ruleset, board, player_id, harm, dice)[0].id
        broken, spent, _ = roll_armour(ruleset, board, player_id, harm, dice)
        if not broken:
            return "armour-held"
        row, _status, _event = injury_result(ruleset, board, player_id, harm.for_injury(spent), dice)
        return row.id

    outcomes = exact_outcomes(hit)
    table = ruleset.table("stunty-injury" if board.player(player_id).has("stunty") else "injury")
    results = {"armour-held": outcomes.get("armour-held", Fraction(0))}
    results.update({row.id: outcomes.get(row.id, Fraction(0)) for row in table.rows})
    return ArmourOdds(1 - results["armour-held"], results)


@frozen
class InjuryOdds:
    """The chance of each row of the injury table a player is rolled on (the Stunty one for a Stunty player), and of the
    status each leaves him in (Thick Skull's Stunned in place of a KO counted; ``reserves``: a Stunned player the
    crowd hurt goes there)."""

    table: str
    results: Mapping[str, Fraction]
    statuses: Mapping[str, Fraction]

    def to_json(self) -> dict[str, object]:
        return {
            "table": self.table,
            "results": {k: float(v) for k, v in self.results.items()},
            "statuses": {k: float(v) for k, v in self.statuses.items()},
            "exact": {**{k: str(v) for k, v in self.results.items()}, **{f"status:{k}": str(v) for k, v in self.statuses.items()}},
        }


def injury_odds(ruleset: Ruleset, board: Board, player_id: str, harm: Harm) -> InjuryOdds:
    """The Injury Roll alone, as :func:`~bbcore.rules.injury.injury_result` makes it for ``harm`` (its Mighty Blow, a
    crowd's push, the ruleset's injury modifier hooks): for a player whose armour is already broken, or who is hurt
    with no Armour Roll (pushed into the crowd, a falling Ball & Chain)."""

    def hurt(dice: DiceSource) -> tuple[str, str]:
        row, status, _event = injury_result(ruleset, board, player_id, harm, dice)
        return row.id, "reserves" if harm.crowd and status is Status.STUNNED else status.value

    outcomes = exact_outcomes(hurt)
    table = ruleset.table("stunty-injury" if board.player(player_id).has("stunty") else "injury")
    results = {row.id: sum((p for (row_id, _), p in outcomes.items() if row_id == row.id), Fraction(0)) for row in table.rows}
    statuses: dict[str, Fraction] = {}
    for (_, status), chance in outcomes.items():
        statuses[status] = statuses.get(status, Fraction(0)) + chance
    return InjuryOdds(table.id, results, dict(sorted(statuses.items())))


#: How many assists a foul board can give each side: the free squares beyond the victim and behind the fouler.
FOUL_BOARD_ASSISTS = 3


def foul_board(
    ruleset: Ruleset,
    av: int,
    *,
    assists: int = 0,
    defensive_assists: int = 0,
    fouler_skills: Skills = (),
    victim_skills: Skills = (),
    victim_status: str = "prone",
    victim_team_inducements: Iterable[str] = (),
    victim_team_prayers: Iterable[str] = (),
) -> GameState:
    """A game in which ``fouler`` (home) stands beside ``victim`` (away, AV ``av``, Prone or Stunned), for odds.

    ``assists`` team-mates stand beyond the victim and ``defensive_assists`` of the
    victim's team-mates behind the fouler, each marking only the player in front, so
    each one assists (at most :data:`FOUL_BOARD_ASSISTS` a side). The victim's team
    holds one of each of ``victim_team_inducements`` (a referee it paid, say) and has
    prayed for ``victim_team_prayers``.
    """
    if not 0 <= assists <= FOUL_BOARD_ASSISTS or not 0 <= defensive_assists <= FOUL_BOARD_ASSISTS:
        raise UsageError(f"a foul board has room for 0 to {FOUL_BOARD_ASSISTS} assists a side")
    x, y = ruleset.pitch.half_length - 2, ruleset.pitch.width // 2
    players = [
        _player("fouler", "home", 3, 9, fouler_skills, (x, y)),
        attrs.evolve(_player("victim", "away", 3, av, victim_skills, (x + 1, y)), status=Status(victim_status)),
    ]
    players += [_player(f"helper-{n}", "home", 3, 9, (), (x + 2, y - 1 + n)) for n in range(assists)]
    players += [_player(f"guard-{n}", "away", 3, 9, (), (x - 1, y - 1 + n)) for n in range(defensive_assists)]
    board = Board.build(ruleset.pitch, players)
    away = TeamState("away", "Away", "", 0, inducements=dict.fromkeys(victim_team_inducements, 1), prayers=tuple(victim_team_prayers))
    return GameState(TeamState("home", "Home", "", 0), away, board)


@frozen
class FoulOdds:
    """Exact odds of a Foul before anyone argues or bribes: the armour breaking, each result, the fouler Sent-off."""

    broken: Fraction
    results: Mapping[str, Fraction]  # "armour-held" and each injury row id
    sent_off: Fraction

    def to_json(self) -> dict[str, object]:
        return {
            "broken": float(self.broken),
            "sent_off": float(self.sent_off),
            "results": {k: float(v) for k, v in self.results.items()},
            "exact": {"broken": str(self.broken), "sent_off": str(self.sent_off), **{k: str(v) for k, v in self.results.items()}},
        }


class _TakesTheCall(DefaultDecisions):
    """A coach who neither argues nor bribes: the odds are of the call itself."""

    def argue_the_call(self, team: str, player_id: str) -> bool:
        return False

    def use_bribe(self, team: str, player_id: str) -> bool:
        return False


def foul_odds(ruleset: Ruleset, state: GameState, fouler_id: str, victim_id: str) -> FoulOdds:
    """The chance a Foul breaks armour, of each injury result, and that the fouler is Sent-off for it.

    :func:`bbcore.rules.foul.foul` is run over every combination of dice, with the
    officials' hook (a variant's or a pack's referee counts) and no argument nor Bribe
    after the call.
    """
    decisions = _TakesTheCall()

    def play(dice: DiceSource) -> tuple[str, bool]:
        outcome = foul(ruleset, state, fouler_id, victim_id, dice, decisions)
        injury = next((e.result for e in outcome.events if e.kind == "injury" and e.who == victim_id), "armour-held")
        return injury, outcome.sent_off == fouler_id

    outcomes = exact_outcomes(play)
    table = ruleset.table("stunty-injury" if state.board.player(victim_id).has("stunty") else "injury")
    results = {key: sum((p for (result, _), p in outcomes.items() if result == key), Fraction(0)) for key in ("armour-held",)}
    results.update({row.id: sum((p for (result, _), p in outcomes.items() if result == row.id), Fraction(0)) for row in table.rows})
    sent_off = sum((p for (_, off), p in outcomes.items() if off), Fraction(0))
    return FoulOdds(1 - results["armour-held"], results, sent_off)


def d6_test_chance(target: int, modifier: int = 0) -> Fraction:
    """The chance of passing one D6 test."""
    return Fraction(sum(1 for roll in range(1, 7) if passes(roll, target, modifier)), 6)


def activation_odds(ruleset: Ruleset, board: Board, player_id: str, action: str, *, adjacent_help: bool | None = None) -> Fraction:
    """The chance that every activation test the player rolls for a declared ``action`` passes, before any re-roll.

    1 for a player with no activation trait. The modifiers are those
    :func:`~bbcore.rules.activation.activation_test` applies on this board (a team-mate
    beside a Really Stupid player, a Block or Blitz for Unchannelled Fury...); a trait
    rolled only while standing counts only then. ``adjacent_help`` true or false says
    whether a team-mate stands by to help, whatever the board shows (to ask what moving
    one next to the player would be worth).
    """
    player = board.player(player_id)
    traits = ruleset.parameters.activation.traits
    chance = Fraction(1)
    for trait_id in activation_traits(ruleset, player):
        trait = traits[trait_id]
        if trait.standing_only and not player.standing:
            continue
        modifier, _ = activation_modifier(ruleset, board, player, trait_id, action, adjacent_help=adjacent_help)
        chance *= d6_test_chance(activation_target(trait_id, trait, player), modifier)
    return chance


def chain_odds(targets: Sequence[int], *, team_reroll: bool = False) -> Fraction:
    """The chance of passing every test in order, with at most one team re-roll for the first failure.

    Worked out test by test (each D6 on its own), so a chain of any length is answered at once.
    """
    # From the last test back: the chance of passing the rest with the re-roll spent, and with it still held.
    spent, held = Fraction(1), Fraction(1)
    for target in reversed(targets):
        chance = d6_test_chance(target)
        spent, held = chance * spent, chance * held + (1 - chance) * chance * spent
    return held if team_reroll else spent


def table_distribution(ruleset: Ruleset, id_or_role: str, modifier: int = 0) -> dict[str, Fraction]:
    """The chance of each row of a rolled table (by id or role) with a modifier."""
    return table_odds(ruleset.table(id_or_role), modifier)


#: Where the passer of :func:`passing_board` stands, and the squares their markers take, in order.
_PASSER_SQUARE: Square = (1, 7)
_MARKER_SQUARES: tuple[Square, ...] = ((2, 6), (2, 8), (1, 6), (1, 8), (0, 6), (0, 8), (0, 7), (2, 7))


def passing_board(ruleset: Ruleset, pa: int, band: str, *, markers: int = 0, skills: Skills = ()) -> tuple[Board, Square]:
    """A passer holding the ball, ``markers`` opponents around them, and a target at the shortest range of ``band``, for odds.

    The passer stands near their own end line, halfway across; the target lies straight
    down the pitch. Returns the board and the target square.
    """
    table = ruleset.table("pass-range")
    row = next((r for r in table.rows if r.id == band), None)
    if row is None:
        raise UsageError(f"unknown Range Ruler band {band!r}; the bands are {', '.join(r.id for r in table.rows)}")
    if not 0 <= markers <= len(_MARKER_SQUARES):
        raise UsageError(f"a passer can be marked by 0 to {len(_MARKER_SQUARES)} players, not {markers}")
    x, y = _PASSER_SQUARE
    y = min(y, ruleset.pitch.width // 2)
    passer = PlayerState("passer", "home", ma=6, st=3, ag=3, pa=pa, av=9, skills=_skill_map(skills), square=(x, y))
    opponents = [
        PlayerState(f"marker-{i + 1}", "away", ma=6, st=3, ag=3, pa=4, av=9, square=(mx, my - _PASSER_SQUARE[1] + y))
        for i, (mx, my) in enumerate(_MARKER_SQUARES[:markers])
    ]
    board = Board.build(ruleset.pitch, [passer, *opponents], BallState(carrier="passer"))
    return board, (x + (row.min if row.min is not None else 1), y)


@frozen
class PassOdds:
    """Exact odds of one test for accuracy: its modifier and the chance of each result."""

    band: str
    modifier: int
    results: Mapping[str, Fraction]

    def to_json(self) -> dict[str, object]:
        return {
            "band": self.band,
            "modifier": self.modifier,
            "results": {k: float(v) for k, v in self.results.items()},
            "exact": {k: str(v) for k, v in self.results.items()},
        }


def pass_results(ruleset: Ruleset, passer: PlayerState) -> tuple[str, ...]:
    """The results a test for accuracy can have under the ruleset, for this passer (Safe Pass adds one)."""
    results = [ACCURATE, INACCURATE]
    if ruleset.parameters.passing.wildly_inaccurate_at_most is not None:
        results.append(WILDLY_INACCURATE)
    results.append(FUMBLED)
    if passer.has("safe-pass"):
        results.append(SAFE_PASS)
    return tuple(results)


def pass_odds(
    ruleset: Ruleset,
    board: Board,
    passer_id: str,
    target: Square,
    *,
    team_reroll: bool = False,
    weather: int = 0,
    decisions: Decisions | None = None,
) -> PassOdds:
    """The chance of each result of the test for accuracy of a pass on a board, through the same roll as play.

    :func:`bbcore.rules.passing.roll_for_accuracy` is enumerated, with the Pass skill's
    re-roll and, with ``team_reroll``, one team re-roll; the ruleset's
    ``bbcore_pass_modifiers`` count. A fumble that Safe Pass saves is ``safe-pass``.
    """
    decisions = decisions or DefaultDecisions()
    passer = board.player(passer_id)
    band = measure_range(ruleset, passer, target)
    budget = RerollBudget(1 if team_reroll else 0, pro=pro_for(ruleset, passer_id))

    def accuracy(dice: DiceSource) -> str:
        rolled, _ = roll_for_accuracy(ruleset, board, passer_id, target, band, dice, decisions, budget, weather=weather)
        return SAFE_PASS if safe_pass(passer, rolled) else rolled.verdict.result

    outcomes = exact_outcomes(accuracy)
    modifier = pass_modifier(ruleset, board, passer, target, band, weather=weather)
    return PassOdds(band.id, modifier, {result: outcomes.get(result, Fraction(0)) for result in pass_results(ruleset, passer)})
