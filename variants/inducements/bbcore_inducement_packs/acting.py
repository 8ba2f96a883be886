"""The packs' spells, pots and fireballs offered to the coaches at the moments their data names.

As a team turn starts (``bbcore_turn_start_effects``) and just after one has ended
(``bbcore_after_turn_effects``), each coach holding a pot, a fireball or a wizard with a
use left is asked what he does with it (``Decisions.inducement_act``): the acts its data
allows at that moment (:func:`bbcore_inducement_packs.in_game.acts_at`, seen from his
team), each with the players, squares or declaration it may name on the board as it
stands. The coach whose turn it is answers first, then his opponent. A coach who keeps
it loses nothing. What he picks is cast through
:func:`bbcore_inducement_packs.in_game.use_in_game`, so the use is spent and a Frog
turns back when the drive ends.

A fireball thrown at the start of its team's own turn may knock down that team's ball
carrier, which ends the turn before it began: a core turnover event
(:data:`bbcore.rules.turns.TURNOVER_EVENT`) says so, and the tracker, asking
:func:`bbcore.rules.turns.turn_lost`, ends the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from attrs import frozen

from bbcore.dice import DiceSource
from bbcore.rules.board import Board, PlayerState, Square, distance
from bbcore.rules.decisions import ActChoice, Decisions, InducementAct, checked_act
from bbcore.rules.events import Event, Outcome
from bbcore.rules.inducement_uses import use_inducement, uses_left
from bbcore.rules.sequences import GameState
from bbcore.rules.turns import TURNOVER_EVENT
from bbcore.ruleset import Ruleset
from bbcore_inducement_packs.blasts import Blast, cast_fireball, throw_pot
from bbcore_inducement_packs.in_game import (
    OPPOSITION_TURN_END,
    OPPOSITION_TURN_START,
    OWN_TURN_END,
    OWN_TURN_START,
    POT,
    acts_at,
    use_in_game,
)
from bbcore_inducement_packs.pack_rules import PackRules, pack_rules
from bbcore_inducement_packs.spells import (
    cast_bolt,
    cast_column,
    cast_flora,
    cast_hex,
    danse_macabre,
    foot_of_gork,
    kickable,
    lasting,
    rampant_mutation,
    reality_blinks,
    rough_ground,
    temporal_distortion,
    zap,
)

#: The declarations Temporal Distortion offers: the way both turn markers move.
FORWARDS, BACKWARDS = "forwards", "backwards"

Cast = Callable[[Ruleset, Board, str, str, ActChoice, DiceSource, Decisions], Outcome | Blast]


def _players(
    board: Board, team: str, *, own: bool, standing: bool = False, allowed: Callable[[PlayerState], bool] | None = None
) -> tuple[str, ...]:
    return tuple(
        sorted(
            p.id
            for p in board.players.values()
            if p.on_pitch and (p.team == team) == own and (p.standing or not standing) and (allowed is None or allowed(p))
        )
    )


def _every_square(board: Board) -> tuple[Square, ...]:
    pitch = board.geometry.pitch
    return tuple((x, y) for x in range(pitch.length) for y in range(pitch.width))


def _sideline_squares(board: Board) -> tuple[Square, ...]:
    pitch = board.geometry.pitch
    return tuple((x, y) for x in range(pitch.length) for y in (0, pitch.width - 1))


def _one(choice: ActChoice) -> str:
    return choice.players[0]


def _aimed(choice: ActChoice) -> Square:
    assert choice.square is not None  # checked_act: an act offered squares is answered with one
    return choice.square


@frozen
class _Kind:
    """A kind of act in the pack's rules: its entries, what it offers on a board, and how it is cast."""

    entries: Callable[[PackRules], Mapping[str, Any]]
    offer: Callable[[Ruleset, Board, str, Any, str], InducementAct | None]
    cast: Cast
    #: The act's name from its entry: the spell's profile id (a pot has none: :data:`POT`).
    act: Callable[[Any], str] = lambda entry: str(entry.spell)


def _kicks(ruleset: Ruleset, board: Board, targets: tuple[str, ...]) -> frozenset[tuple[str, Square]]:
    """Each target with each square he may be kicked to: on the pitch, within a team-mate throw of him (as
    :func:`~bbcore_inducement_packs.spells.foot_of_gork` holds him)."""
    return frozenset(
        (target, square)
        for target in targets
        if (origin := board.player(target).square) is not None
        for square in _every_square(board)
        if square != origin and kickable(ruleset, board, origin, square)
    )


def _within_reach(board: Board, targets: tuple[str, ...], reach: int) -> frozenset[tuple[str, Square]]:
    """Each target with each empty square of the pitch no more than ``reach`` squares from him (as
    :func:`~bbcore_inducement_packs.spells.cast_flora` holds the squares and the players named)."""
    return frozenset(
        (target, square)
        for target in targets
        if (origin := board.player(target).square) is not None
        for square in _every_square(board)
        if not board.occupied(square) and distance(origin, square) <= reach
    )


def _paired(act: str, pairs: frozenset[tuple[str, Square]], count: int | None = 1) -> InducementAct | None:
    """An act whose players and squares go together in ``pairs``: it offers only the players and squares of a pair."""
    if not pairs:
        return None
    players = tuple(sorted({player for player, _ in pairs}))
    squares = tuple(sorted({square for _, square in pairs}))
    return InducementAct(act, players, count, squares, pairs=pairs)


def _offer_players(act: str, players: tuple[str, ...], count: int = 1, squares: tuple[Square, ...] = ()) -> InducementAct | None:
    return InducementAct(act, players, count, squares) if len(players) >= count else None


_KINDS: tuple[_Kind, ...] = (
    _Kind(
        lambda rules: rules.pots,
        lambda ruleset, board, team, entry, act: InducementAct(act, squares=_every_square(board)),
        lambda r, b, team, ind, choice, dice, dec: throw_pot(r, b, team, ind, _aimed(choice), dice, dec),
        act=lambda entry: POT,
    ),
    _Kind(
        lambda rules: rules.fireballs,
        lambda ruleset, board, team, entry, act: InducementAct(act, squares=_every_square(board)),
        lambda r, b, team, ind, choice, dice, dec: cast_fireball(r, b, team, ind, _aimed(choice), dice, dec),
    ),
    _Kind(
        lambda rules: rules.spells.zaps,
        lambda ruleset, board, team, entry, act: _offer_players(
            act,
            _players(board, team, own=False)
            if entry.opponents_only
            else _players(board, team, own=False) + _players(board, team, own=True),
        ),
        lambda r, b, team, ind, choice, dice, dec: zap(r, b, team, ind, _one(choice), dice, dec),
    ),
    _Kind(
        lambda rules: rules.spells.bolts,
        lambda ruleset, board, team, entry, act: _offer_players(act, _players(board, team, own=False, standing=True)),
        lambda r, b, team, ind, choice, dice, dec: cast_bolt(r, b, team, ind, _one(choice), dice, dec),
    ),
    _Kind(
        lambda rules: rules.spells.columns,
        lambda ruleset, board, team, entry, act: InducementAct(act, squares=_sideline_squares(board)),
        lambda r, b, team, ind, choice, dice, dec: cast_column(r, b, team, ind, _aimed(choice), dice, dec),
    ),
    _Kind(
        lambda rules: rules.spells.hexes,
        lambda ruleset, board, team, entry, act: _offer_players(act, _players(board, team, own=False, standing=entry.standing_only)),
        lambda r, b, team, ind, choice, dice, dec: cast_hex(r, b, team, ind, _one(choice), dice, dec),
    ),
    _Kind(
        lambda rules: rules.spells.blinks,
        lambda ruleset, board, team, entry, act: _offer_players(
            act,
            _players(board, team, own=True, standing=True, allowed=lambda p: not p.has(entry.barred_skill) and board.ball.carrier != p.id),
            count=2,
        ),
        lambda r, b, team, ind, choice, dice, dec: reality_blinks(r, b, team, ind, choice.players, dice),
    ),
    _Kind(
        lambda rules: rules.spells.stomps,
        lambda ruleset, board, team, entry, act: _paired(act, _kicks(ruleset, board, _players(board, team, own=False, standing=True))),
        lambda r, b, team, ind, choice, dice, dec: foot_of_gork(r, b, team, ind, _one(choice), _aimed(choice), dice, dec),
    ),
    _Kind(
        lambda rules: rules.spells.floras,
        lambda ruleset, board, team, entry, act: _paired(
            act, _within_reach(board, _players(board, team, own=False, standing=True), entry.reach), count=None
        ),
        lambda r, b, team, ind, choice, dice, dec: cast_flora(r, b, team, ind, _aimed(choice), choice.players, dice, dec),
    ),
    _Kind(
        lambda rules: rules.spells.grounds,
        lambda ruleset, board, team, entry, act: InducementAct(act),
        lambda r, b, team, ind, choice, dice, dec: rough_ground(r, b, team, ind),
    ),
    _Kind(
        lambda rules: rules.spells.mutations,
        lambda ruleset, board, team, entry, act: _offer_players(act, _players(board, team, own=True)),
        lambda r, b, team, ind, choice, dice, dec: rampant_mutation(r, b, team, ind, _one(choice), dice, dec),
    ),
    _Kind(
        lambda rules: rules.spells.danses,
        lambda ruleset, board, team, entry, act: InducementAct(act),
        lambda r, b, team, ind, choice, dice, dec: danse_macabre(r, b, team, ind, dice),
    ),
)


def offers(ruleset: Ruleset, state: GameState, team_id: str, inducement: str, moment: str) -> tuple[InducementAct, ...]:
    """What ``team_id``'s ``inducement`` may do at ``moment`` on the game's board, each act with whom or where it may aim.

    An act that needs players there are not enough of is left out. Temporal Distortion offers
    its two declarations (:data:`FORWARDS`, :data:`BACKWARDS`).
    """
    allowed = acts_at(ruleset, inducement, moment)
    if not allowed:
        return ()
    rules, board = pack_rules(ruleset), state.board
    found: dict[str, InducementAct] = {}
    for kind in _KINDS:
        entry = kind.entries(rules).get(inducement)
        act = None if entry is None else kind.act(entry)
        if act is None or act not in allowed or act in found:
            continue
        offer = kind.offer(ruleset, board, team_id, entry, act)
        if offer is not None:
            found[act] = offer
    shift = rules.spells.time_shifts.get(inducement)
    if shift is not None and shift.spell in allowed:
        found[shift.spell] = InducementAct(shift.spell, options=(FORWARDS, BACKWARDS))
    return tuple(found.values())


def cast(
    ruleset: Ruleset,
    state: GameState,
    team_id: str,
    inducement: str,
    offer: InducementAct,
    choice: ActChoice,
    dice: DiceSource,
    decisions: Decisions,
    moment: str | None = None,
) -> tuple[GameState, tuple[Event, ...]]:
    """Spend one use of the inducement and cast the act the coach chose (checked against ``offer``).

    Cast at the start of the caster's own turn (``moment`` ``own-turn-start``), a blast that
    knocks down his team's ball carrier ends that turn: a turnover event
    (:data:`bbcore.rules.turns.TURNOVER_EVENT`) for his team comes last. At any other
    moment the turn it would end is not under way.

    Given the ``moment``, a spell that lasts less than the drive (its ``lasts``) is kept until
    the turn that ends it (:func:`bbcore_inducement_packs.spells.lasting`): a player wavering
    after Reality Blinks comes back as the caster's next turn starts, rough ground holds for
    the coming turn. Without it, what the spell did lasts until the drive ends (rough ground
    only tells its modifier, for the caller to give the Rush rolls).
    """
    rules = pack_rules(ruleset)
    shift = rules.spells.time_shifts.get(inducement)
    if shift is not None and offer.act == shift.spell:
        state, used = use_inducement(ruleset, state, team_id, inducement)
        state, events = temporal_distortion(ruleset, state, team_id, inducement, choice.option == FORWARDS, dice)
        return state, (used, *events)
    for kind in _KINDS:
        entry = kind.entries(rules).get(inducement)
        if entry is None or kind.act(entry) != offer.act:
            continue
        caster = kind.cast

        def act_on(board: Board, caster: Cast = caster) -> Outcome | Blast:
            return caster(ruleset, board, team_id, inducement, choice, dice, decisions)

        before = state.board
        state, used, result = use_in_game(ruleset, state, team_id, inducement, act_on)
        if isinstance(result, Blast):
            ends_turn = result.turnover and moment == OWN_TURN_START
            ended = (Event(TURNOVER_EVENT, team_id, (), inducement, {"cause": offer.act}),) if ends_turn else ()
            return state, (used, *result.outcome.events, *ended)
        if moment is not None:
            state = lasting(ruleset, state, before, result.events, team_id, inducement, offer.act, moment)
        return state, (used, *result.events)
    raise AssertionError(f"{offer.act!r} was offered for {inducement} but no kind casts it")  # offers() and _KINDS agree


def _offered_at(
    ruleset: Ruleset, state: GameState, order: tuple[tuple[str, str], ...], dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    events: list[Event] = []
    for team_id, moment in order:
        for inducement in sorted(state.team(team_id).inducements):
            if uses_left(ruleset, state, team_id, inducement) == 0:
                continue
            offered = offers(ruleset, state, team_id, inducement, moment)
            if not offered:
                continue
            checked = checked_act(decisions.inducement_act(team_id, inducement, moment, offered), offered, who=team_id)
            if checked is None:
                continue
            state, cast_events = cast(ruleset, state, team_id, inducement, *checked, dice, decisions, moment)
            events.extend(cast_events)
    return state, tuple(events)


def acts_at_turn_start(
    ruleset: Ruleset, state: GameState, team_id: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """As ``team_id``'s turn starts: its coach, then his opponent's, may use what their data allows then."""
    other = state.opponent(team_id).id
    return _offered_at(ruleset, state, ((team_id, OWN_TURN_START), (other, OPPOSITION_TURN_START)), dice, decisions)


def acts_after_turn(
    ruleset: Ruleset, state: GameState, team_id: str, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """Just after ``team_id``'s turn has ended: its coach, then his opponent's, may use what their data allows then."""
    other = state.opponent(team_id).id
    return _offered_at(ruleset, state, ((team_id, OWN_TURN_END), (other, OPPOSITION_TURN_END)), dice, decisions)


__all__ = ["BACKWARDS", "FORWARDS", "acts_after_turn", "acts_at_turn_start", "cast", "offers"]
