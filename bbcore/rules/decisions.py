"""The choices coaches make during a procedure, asked through one object.

Procedures never guess what a coach wants: they ask a :class:`Decisions` object.
:class:`DefaultDecisions` answers as a sensible coach would (it is what exact odds
and quick simulations use); :class:`ScriptedDecisions` replays answers in tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from attrs import frozen

from bbcore.errors import BBCoreError, UsageError
from bbcore.model.team import InducementOrder, Team
from bbcore.rules.board import Square

if TYPE_CHECKING:
    from bbcore.teams.purchases import InducementOffer

Option = TypeVar("Option")

#: How many of the choices an error message lists before it says how many more there were.
_SHOWN_CHOICES = 12

#: The situation a fouler's skill (Dirty Player) is offered in when breaking the armour with it would get him
#: Sent-off (:func:`bbcore.rules.foul.foul`): :class:`DefaultDecisions` keeps it for the Injury Roll.
ARMOUR_SENDS_OFF = "armour-sends-off"

#: Block faces in the order an attacker likes them; a defender likes them reversed.
ATTACKER_PREFERENCE = ("pow", "stumble", "push-back", "both-down", "player-down")
#: The block faces from the worst for the blocker to the best: the die Pro rolls again when no coach says which
#: (:meth:`DefaultDecisions.pro_die`) is the first of them shown.
WORST_FACES_FIRST = tuple(reversed(ATTACKER_PREFERENCE))

# The moments ``Decisions.inducement_act`` names as its ``situation``, seen from the team holding the
# inducement; plugins that offer inducements aimed on the board share these names.
#: As a turn of the holding team starts, before anyone is activated.
OWN_TURN_START = "own-turn-start"
#: Just after a turn of the holding team has ended (a Turnover included).
OWN_TURN_END = "own-turn-end"
#: As a turn of the opposing team starts, before anyone is activated.
OPPOSITION_TURN_START = "opposition-turn-start"
#: Just after a turn of the opposing team has ended.
OPPOSITION_TURN_END = "opposition-turn-end"
#: Every such moment, in the order a game meets them around one of the holding team's turns.
INDUCEMENT_MOMENTS = (OWN_TURN_START, OWN_TURN_END, OPPOSITION_TURN_START, OPPOSITION_TURN_END)
#: The situation ``Decisions.use_inducement`` names when an inducement may be used as one of its team's turns starts
#: (the core's Weather Mage, the packs' boons).
USE_AT_TURN_START = "turn-start"


@frozen
class InducementAct:
    """Something an inducement may do now (a spell, say), and what the coach names for it.

    ``act`` names it. ``players`` are whom it may name: ``count`` of them (0: it names
    nobody; None: as many as the coach likes, at least one, in the order he gives).
    ``squares`` are where it may be aimed (empty: it is aimed at no square). ``options``
    are the declarations it needs one of (empty: none). ``pairs``, when not empty, are the
    (player, square) pairs it allows together, where which square fits depends on the
    player (a kick that sends its target no further than a throw): each player named must
    be paired with the square named.
    """

    act: str
    players: tuple[str, ...] = ()
    count: int | None = 0
    squares: tuple[Square, ...] = ()
    options: tuple[str, ...] = ()
    pairs: frozenset[tuple[str, Square]] = frozenset()

    def squares_with(self, player_id: str) -> tuple[Square, ...]:
        """The offered squares that may be named with ``player_id`` (all of them when the act pairs nothing)."""
        if not self.pairs:
            return self.squares
        return tuple(square for square in self.squares if (player_id, square) in self.pairs)


@frozen
class ActChoice:
    """A coach's answer to an inducement's offer: the act, and the players, square and option it names."""

    act: str
    players: tuple[str, ...] = ()
    square: Square | None = None
    option: str | None = None


class Decisions(Protocol):
    """Answers to every choice a procedure offers.

    Two questions more are asked of a coach who can answer them, and answered as
    :class:`DefaultDecisions` would for one who cannot: which block die Pro rolls again
    (:class:`ChoosesProDie`, asked through :func:`pro_die_from`) and where the ball goes
    after a touchback with nobody Standing to take it (:class:`PlacesTouchbackBall`,
    through :func:`touchback_square_from`).
    """

    def block_face(self, team: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacking: bool) -> int:
        """Which block die to apply (an index into ``faces``)."""
        ...

    def push_square(self, team: str, squares: Sequence[Square]) -> Square:
        """Where a pushed player goes, among ``squares``."""
        ...

    def follow_up(self, player_id: str) -> bool:
        """Whether the attacker follows up into the vacated square."""
        ...

    def use_skill(self, player_id: str, skill: str, situation: str) -> bool:
        """Whether a player uses an optional skill (Stand Firm, Sidestep, Wrestle, Grab...)."""
        ...

    def use_apothecary(self, player_id: str, injury: str) -> bool:
        """Whether the team spends its apothecary on this knocked-out or injured player."""
        ...

    def use_team_reroll(self, player_id: str, test: str) -> bool:
        """Whether the team spends a team re-roll on the player's failed ``test`` (``dodge``, ``rush``, ``landing``...)."""
        ...

    def reroll_block(
        self, player_id: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacker_chooses: bool
    ) -> bool:
        """Whether the blocker's team spends a team re-roll on the block dice showing ``faces`` (all of them are rolled again).

        Also asked, with or without a team re-roll to spend, of a blocker who may still try Pro: whether he wants the
        dice rolled again at all (``use_skill`` then asks about Pro itself, for one die).
        """
        ...

    def argue_the_call(self, team: str, player_id: str) -> bool:
        """Whether the coach of ``team`` Argues the Call now that ``player_id`` is Sent-off."""
        ...

    def use_bribe(self, team: str, player_id: str) -> bool:
        """Whether ``team`` spends a Bribe to keep ``player_id``, Sent-off, in the game."""
        ...

    def touchback_receiver(self, team: str, candidates: Sequence[str]) -> str:
        """Which standing player receives the ball after a touchback."""
        ...

    def kick_or_receive(self, team: str) -> str:
        """What the team that won the roll-off before the game chooses: ``kick`` or ``receive``."""
        ...

    def journeyman_position(self, team: str, positions: Sequence[str]) -> str:
        """The position (``roster/position``) a Journeyman is taken from, among ``positions``."""
        ...

    def buy_inducements(self, team: str, prices: Mapping[str, int], budget: int) -> Mapping[str, int]:
        """Inducements to buy before the game, as id to count, costing at most ``budget``.

        ``prices`` holds every inducement the team may buy, with its price for this team.
        """
        ...

    def kick_off_target(self, team: str, squares: Sequence[Square]) -> Square:
        """The square the kicking team aims at, among ``squares`` (the receiving half)."""
        ...

    def mvp_nominees(self, team: str, players: Sequence[str], count: int) -> Sequence[str]:
        """Exactly ``count`` of ``players`` (those who took part) nominated for the MVP, in the order they are numbered."""
        ...

    def casualty_treatment(self, player_id: str, casualty: str) -> str | None:
        """The treatment (an inducement id, say) the player's team uses straight after a casualty roll of ``casualty``, or None.

        Name only a treatment the team still has; see ``bbcore_casualty_treatment``. After a
        failed Regeneration roll it is asked with ``regeneration`` as ``casualty``: the answer
        is an inducement that rolls it again (a Mortuary Assistant), or None. For a
        Knocked-out injury result it is asked with the injury table row's id
        (``knocked-out``), before the player leaves the pitch: see
        ``bbcore_knock_out_treatment``. Once every other healing has left a casualty
        result standing, it is asked a last time with ``last-resort:`` and that result's
        row id (``last-resort:serious-injury``): see ``bbcore_last_resort_treatment``.
        :class:`bbcore.rules.treatments.HeldTreatments` keeps the answers to what the team has.
        """
        ...

    def agreed_choice(self, question: str, options: Sequence[str]) -> str | None:
        """What both coaches agree on before the game for ``question`` (a variant's ``pitch``, say), or None to let the dice decide."""
        ...

    def hand_out_inducements(self, team: str, inducements: Mapping[str, int], players: Sequence[str]) -> Sequence[tuple[str, str]]:
        """Which of the team's ``inducements`` (id to count held) to give to which of ``players``, as (player id, inducement id) pairs.

        Asked when inducements are handed to players (a potion before set-up, say); what
        is not handed out is kept.
        """
        ...

    def interceptor(self, team: str, candidates: Sequence[str]) -> str | None:
        """Which of ``candidates`` (the team's players under the Range Ruler, best chance first) tries to intercept, or None.

        At most one player may try for each pass.
        """
        ...

    def choose_square(self, player_id: str, reason: str, squares: Sequence[Square]) -> Square | None:
        """Which of ``squares`` a rule lets ``player_id`` move to, for ``reason``, or None to stay where he is.

        Asked when a skill offers the player a move of his own (``trickster``: away from
        a block or special action, to a square next to the one making it).
        """
        ...

    def free_move(self, team: str, reason: str, moves: Sequence[tuple[str, tuple[Square, ...]]]) -> tuple[str, Sequence[Square]] | None:
        """Which player of ``team`` makes a free move a rule offers, and along which path, or None for nobody.

        ``moves`` offers one path of plain steps to each square each player may reach, as
        (player id, path); the answer may be any legal path of one of those players (the
        procedure checks it). Asked for On the Ball (reason ``pass-declared`` or ``kick-off``);
        after a pass is declared it is asked again after each move, until it says None.
        """
        ...

    def throw_target(self, player_id: str, reason: str, squares: Sequence[Square]) -> Square:
        """Where ``player_id``, who must throw something at once, throws it: one of ``squares`` (listed best first
        for a coach who only wants it away safely).

        Asked of a player who caught or intercepted a bomb (reason ``throw-bomb``).
        """
        ...

    def template_facing(self, player_id: str, reason: str, facings: Sequence[Square]) -> Square | None:
        """Which way (one of ``facings``, unit steps towards an End Zone or a sideline) ``player_id``'s coach turns
        something of his, for ``reason``, or None to stop (or to leave it as it is).

        Asked before each square of a Ball & Chain special action, for the throw-in template
        set over him (reason ``ball-and-chain``); a plugin asks it for a player who faces a
        way (the inducement packs' giants turning after a move or a follow-up, reason
        ``giant-facing``).
        """
        ...

    def place_ball(self, player_id: str, squares: Sequence[Square]) -> Square | None:
        """Where ``player_id``, going down with the ball, sets it (one of ``squares``: the empty ones around him), or None
        to let it bounce. Asked of a player with Safe Pair of Hands."""
        ...

    def swarm(self, team: str, players: Sequence[str], count: int) -> Mapping[str, Square]:
        """Where up to ``count`` of ``players`` (Linemen in the Reserves) stand, once both teams have set up (Swarming).

        Asked of a team with Swarming after the set-up; every usual set-up rule still holds
        for the whole team (with ``count`` more players allowed on the pitch).
        """
        ...

    def set_up_again(self, team: str, reason: str, players: Sequence[str], count: int) -> Mapping[str, Square]:
        """Where up to ``count`` of ``players`` stand once (again) set up for the drive; the others stay as they are.

        ``reason`` says who they are: Solid Defence's ``solid-defence``, Open players of
        ``team`` on the pitch, taken off and set up again; ``dwarven-wisdom``, any of its
        players on the pitch, for Josef Bugman's Dwarven Wisdom; ``stand-in``, a staff member a
        plugin offers to a team short of players, not yet on the board (an empty answer
        leaves him out). The whole team must then be set up legally.
        """
        ...

    def free_block(self, team: str, blocks: Sequence[tuple[str, str]]) -> tuple[str, str] | None:
        """Which free block the team makes, as (attacker id, defender id) among ``blocks``, or None for none.

        Asked when an event lets a team block outside its turn (a variant's kick-off event, say).
        """
        ...

    def weather_modifier(self, team: str, allowed: Sequence[int]) -> int:
        """The modifier, one of ``allowed``, that ``team`` puts on a weather roll it may change (a Weather Mage's, say)."""
        ...

    def team_mate(self, player_id: str, reason: str, candidates: Sequence[str]) -> str:
        """Which of ``candidates`` (team-mates of ``player_id``) a rule of the player's picks, for ``reason``.

        Asked when a trait makes the player turn on a team-mate of the coach's choice
        (``animal-savagery``: the one knocked down).
        """
        ...

    def gained_skills(self, player_id: str, skills: Sequence[str], count: int) -> Sequence[str]:
        """Which ``count`` different skills of ``skills`` the player's coach gives them when a rule lets the coach pick (a spell's)."""
        ...

    def skill_category(self, player_id: str, reason: str, categories: Sequence[str]) -> str:
        """Which of ``categories`` (skill categories, such as ``general``) the random skills a rule gives ``player_id``
        come from, when his coach chooses (``reason`` names the rule: a scout's ``scouted``, say)."""
        ...

    def choose_keyword(self, player_id: str, reason: str, keywords: Sequence[str]) -> str:
        """Which of ``keywords`` (position keywords, such as ``Elf``) a rule names for ``player_id``, when his coach
        picks (``reason`` names the rule: ``getting-even``, the keyword his new Hatred bears)."""
        ...

    def use_prayer(self, team: str, prayer: str) -> bool:
        """Whether the coach of ``team`` calls on ``prayer`` now, a Prayer to Nuffle whose moment is his to choose
        (Throw a Rock, at the start of one of his team's turns)."""
        ...

    def use_special_rule(self, team: str, rule: str, situation: str) -> bool:
        """Whether the coach of ``team`` uses his team's special ``rule`` now, where the rule leaves it to him;
        ``situation`` names the moment (``raise-the-dead``: Masters of Undeath, an opponent just killed;
        ``argue-the-call``: Bribery and Corruption, an argument that went as badly as it can)."""
        ...

    def use_inducement(self, team: str, inducement: str, situation: str) -> bool:
        """Whether the coach of ``team`` spends one use of his ``inducement`` now, an inducement whose use is his to
        time; ``situation`` names the moment (``turn-start``: a Weather Mage, or a pack's Ancient Artifact, at the start
        of one of his turns; ``dwarven-wisdom``: Josef Bugman, once both teams have set up for a drive)."""
        ...

    def inducement_act(self, team: str, inducement: str, situation: str, acts: Sequence[InducementAct]) -> ActChoice | None:
        """What the coach of ``team`` does with his ``inducement`` now, one of ``acts`` with what it names, or None to keep it.

        Asked at the moments the core or a plugin offers an inducement aimed on the board (the
        Sports-Wizard's spells just after a turn ended, a pack's wizard as a turn starts:
        ``situation`` names the moment, one of :data:`INDUCEMENT_MOMENTS`).
        The answer is checked against the offer (:func:`checked_act`).
        """
        ...

    def choose_players(self, team: str, reason: str, candidates: Sequence[str], count: int) -> Sequence[str]:
        """Which ``count`` different players of ``candidates`` the coach of ``team`` picks when a rule lets him
        (``reason`` names the rule: a Prayer to Nuffle's row id, say)."""
        ...

    def team_after_hiring(self, team: str, team_file: Team | None, treasury: int) -> Team | None:
        """The team after the post-game hiring, firing and retiring, or None to leave it as it is.

        ``team_file`` is the team's file with the game's results written in (SPP, injuries,
        the dead gone; see :func:`bbcore.rules.game_results.team_after_game`), None when it
        came without a file; ``treasury`` is the gold the team has now, winnings included.
        The answer is the team as it goes on, its ``treasury`` what is left after the hiring: no
        more than ``treasury``, and a legal team in league play
        (:func:`bbcore.teams.checks.check_team` at the ``league`` stage).
        """
        ...


@runtime_checkable
class ChoosesProDie(Protocol):
    """A coach who says which block die a blocker's Pro rolls again. Not every :class:`Decisions` answers it: one
    that does not is answered as :meth:`DefaultDecisions.pro_die` would (see :func:`pro_die_from`)."""

    def pro_die(
        self, player_id: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacker_chooses: bool
    ) -> int:
        """Which of the block dice showing ``faces`` (an index into them) ``player_id``'s Pro tries to roll again.

        Asked once his coach has chosen to try Pro on the block dice, before its D6, when
        there is more than one die; the arguments are those of ``Decisions.reroll_block``.
        """
        ...


def pro_die_from(
    decisions: Decisions, player_id: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacker_chooses: bool
) -> int:
    """The block die ``player_id``'s Pro tries to roll again, an index into ``faces``: the coach's answer when his
    ``decisions`` answer :class:`ChoosesProDie` (checked: :class:`IllegalAnswerError` for a die not shown), else the
    die :meth:`DefaultDecisions.pro_die` picks."""
    chooser = decisions if isinstance(decisions, ChoosesProDie) else DefaultDecisions()
    answer = chooser.pro_die(player_id, faces, attacker_has_block, defender_has_block, attacker_chooses)
    return checked_index(answer, len(faces), question="pro-die", who=player_id)


@runtime_checkable
class PlacesTouchbackBall(Protocol):
    """A coach who says where the ball goes after a touchback when his team has nobody Standing to take it. Not every
    :class:`Decisions` answers it: one that does not is answered as :meth:`DefaultDecisions.touchback_square` would
    (see :func:`touchback_square_from`)."""

    def touchback_square(self, team: str, squares: Sequence[Square]) -> Square:
        """Which of ``squares`` (the free squares of ``team``'s half) the ball is placed on after a touchback."""
        ...


def touchback_square_from(decisions: Decisions, team: str, squares: Sequence[Square]) -> Square:
    """Where the ball is placed after a touchback with no Standing receiver: the coach's answer when his ``decisions``
    answer :class:`PlacesTouchbackBall` (checked: :class:`IllegalAnswerError` for a square not offered), else the
    square :meth:`DefaultDecisions.touchback_square` picks."""
    chooser = decisions if isinstance(decisions, PlacesTouchbackBall) else DefaultDecisions()
    answer = chooser.touchback_square(team, squares)
    square = (int(answer[0]), int(answer[1])) if isinstance(answer, tuple | list) and len(answer) == 2 else answer
    return checked_choice(square, list(squares), question="touchback-square", who=team)


@runtime_checkable
class KeepsCasualty(Protocol):
    """A coach who says which Casualty result stands when his team's Apothecary had the Casualty Roll made again. Not
    every :class:`Decisions` answers it: one that does not keeps the milder (see :func:`kept_casualty_from`)."""

    def keep_casualty(self, player_id: str, results: Sequence[str]) -> str:
        """Which of ``results`` stands against ``player_id``: the casualty table's row ids of the two rolls, the milder
        first (the earlier row of the table).

        Asked only when the two rolls gave different results. A harsher result can suit a
        coach better (a Lasting Injury rather than a Serious Injury's Niggling Injury, say).
        """
        ...


def kept_casualty_from(decisions: Decisions, player_id: str, results: Sequence[str]) -> str:
    """The Casualty result that stands after an Apothecary's second roll: the coach's answer when his ``decisions``
    answer :class:`KeepsCasualty` (checked: :class:`IllegalAnswerError` for a result not offered), else the milder
    (``results[0]``, as :meth:`DefaultDecisions.keep_casualty` keeps)."""
    chooser = decisions if isinstance(decisions, KeepsCasualty) else DefaultDecisions()
    return checked_choice(chooser.keep_casualty(player_id, results), list(results), question="keep-casualty", who=player_id)


@runtime_checkable
class OrdersInducements(Protocol):
    """A coach who buys his pre-game inducements as orders, which lets him hire players (Mercenaries, Star Players)
    and name a stake. Not every :class:`Decisions` answers it: one that does not buys by count through
    ``Decisions.buy_inducements``, and so hires nobody (see :func:`inducement_orders_from`)."""

    def order_inducements(self, team: str, offers: Sequence[InducementOffer], budget: int) -> Sequence[InducementOrder]:
        """What ``team`` buys before the game, as orders costing at most ``budget`` in all.

        ``offers`` are the inducements the team may buy, each with its limit (what the
        team holds already, ``TeamState.inducements``, counts toward it) and price. An order for one that hires a
        player names the position: the price of each the team may hire is in
        ``positions``; one open to any roster's positions (``hires_player`` with no
        ``positions``) costs ``price`` plus the position's own cost. A skill bought with
        a hired player adds ``skill_cost``. An order for one with a ``stake`` names it,
        and the stake is its price.
        """
        ...


def inducement_orders_from(decisions: Decisions, team: str, offers: Sequence[InducementOffer], budget: int) -> tuple[InducementOrder, ...]:
    """The orders a coach places before the game: his answer when his ``decisions`` answer :class:`OrdersInducements`
    (:class:`IllegalAnswerError` for anything that is not an order), else the counts ``Decisions.buy_inducements`` names
    among the inducements bought by count alone (:func:`~bbcore.teams.purchases.count_prices`), as orders. Whether the
    orders are on offer and affordable is the pre-game step's to check."""
    if isinstance(decisions, OrdersInducements):
        answer = decisions.order_inducements(team, offers, budget)
        if not isinstance(answer, Sequence) or isinstance(answer, str):
            raise IllegalAnswerError(
                f"the 'inducement-orders' question for {team} was answered {answer!r}; a sequence of orders was expected"
            )
        orders = tuple(answer)
        for order in orders:
            if not isinstance(order, InducementOrder):
                raise IllegalAnswerError(
                    f"the 'inducement-orders' question for {team} was answered {order!r}; InducementOrder values were expected"
                )
        return orders
    return _counted_orders(decisions, team, offers, budget)


def _counted_orders(decisions: Decisions, team: str, offers: Sequence[InducementOffer], budget: int) -> tuple[InducementOrder, ...]:
    from bbcore.teams.purchases import count_prices  # noqa: PLC0415 - the team package imports the rules, which import this module

    counts = decisions.buy_inducements(team, count_prices(offers), budget)
    stakes = {offer.id: offer.stake for offer in offers}
    return tuple(InducementOrder.counted(key, count, stakes.get(key)) for key, count in counts.items() if count)


class DefaultDecisions:
    """What a sensible coach does: the best face for the chooser, follow up, use skills, keep the apothecary for casualties."""

    def __init__(self, apothecary: bool = False) -> None:
        self.apothecary = apothecary

    def block_face(self, team: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacking: bool) -> int:
        def rank(face: str) -> float:
            position = float(ATTACKER_PREFERENCE.index(face))
            if face == "both-down":
                # Both Down is good for an attacker with Block facing a defender without it.
                if attacker_has_block and not defender_has_block:
                    position = 1.5
                elif defender_has_block and not attacker_has_block:
                    position = 3.5
            return position if attacking else -position

        return min(range(len(faces)), key=lambda i: (rank(faces[i]), i))

    def push_square(self, team: str, squares: Sequence[Square]) -> Square:
        return squares[0]

    def follow_up(self, player_id: str) -> bool:
        return True

    def use_skill(self, player_id: str, skill: str, situation: str) -> bool:
        return situation != ARMOUR_SENDS_OFF  # keep a fouler on the pitch rather than break the armour with his skill

    def use_apothecary(self, player_id: str, injury: str) -> bool:
        return self.apothecary and injury == "casualty"

    def use_team_reroll(self, player_id: str, test: str) -> bool:
        return True

    def reroll_block(
        self, player_id: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacker_chooses: bool
    ) -> bool:
        """Re-roll when the face that would be chosen knocks the blocker down (Both Down counts unless he has Block)."""
        chosen = faces[self.block_face("", faces, attacker_has_block, defender_has_block, attacker_chooses)]
        return chosen == "player-down" or (chosen == "both-down" and not attacker_has_block)

    def pro_die(
        self, player_id: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacker_chooses: bool
    ) -> int:
        """The die showing the face worst for the blocker (:data:`WORST_FACES_FIRST`; the first such die on a tie; a
        face not listed there counts as the best)."""
        worst = len(WORST_FACES_FIRST)
        return min(range(len(faces)), key=lambda i: WORST_FACES_FIRST.index(faces[i]) if faces[i] in WORST_FACES_FIRST else worst)

    def argue_the_call(self, team: str, player_id: str) -> bool:
        return True  # the worst result only stops later arguments; the player is off anyway

    def use_bribe(self, team: str, player_id: str) -> bool:
        return True  # a Bribe is good for nothing else

    def touchback_receiver(self, team: str, candidates: Sequence[str]) -> str:
        return candidates[0]

    def touchback_square(self, team: str, squares: Sequence[Square]) -> Square:
        """The first square offered (the squares of the team's own end line come first)."""
        return squares[0]

    def keep_casualty(self, player_id: str, results: Sequence[str]) -> str:
        """The milder result (the first offered)."""
        return results[0]

    def kick_or_receive(self, team: str) -> str:
        return "receive"

    def journeyman_position(self, team: str, positions: Sequence[str]) -> str:
        return positions[0]

    def buy_inducements(self, team: str, prices: Mapping[str, int], budget: int) -> Mapping[str, int]:
        return {}  # keep the gold: which inducements help depends on the match-up

    def kick_off_target(self, team: str, squares: Sequence[Square]) -> Square:
        return squares[len(squares) // 2]

    def mvp_nominees(self, team: str, players: Sequence[str], count: int) -> Sequence[str]:
        return players[:count]

    def casualty_treatment(self, player_id: str, casualty: str) -> str | None:
        return None  # like the apothecary: this coach is not told what the team has to treat players with

    def agreed_choice(self, question: str, options: Sequence[str]) -> str | None:
        return None  # let the dice decide

    def hand_out_inducements(self, team: str, inducements: Mapping[str, int], players: Sequence[str]) -> Sequence[tuple[str, str]]:
        return ()  # keep them: whom they help depends on the match-up

    def interceptor(self, team: str, candidates: Sequence[str]) -> str | None:
        return candidates[0] if candidates else None  # a miss costs nothing, so the likeliest always tries

    def place_ball(self, player_id: str, squares: Sequence[Square]) -> Square | None:
        return squares[0] if squares else None  # set down, the ball stays where the coach wants it

    def choose_square(self, player_id: str, reason: str, squares: Sequence[Square]) -> Square | None:
        return None  # where to go needs the board read as a coach would: staying put changes nothing

    def free_move(self, team: str, reason: str, moves: Sequence[tuple[str, tuple[Square, ...]]]) -> tuple[str, Sequence[Square]] | None:
        return None  # the same: where to stand needs the board read as a coach would

    def template_facing(self, player_id: str, reason: str, facings: Sequence[Square]) -> Square | None:
        return None  # a lurch may hit team-mates: staying put risks nothing

    def throw_target(self, player_id: str, reason: str, squares: Sequence[Square]) -> Square:
        return squares[0]  # listed safest first

    def free_block(self, team: str, blocks: Sequence[tuple[str, str]]) -> tuple[str, str] | None:
        return blocks[0] if blocks else None  # a free block risks no turnover

    def swarm(self, team: str, players: Sequence[str], count: int) -> Mapping[str, Square]:
        return {}  # where they could legally stand depends on the whole set-up: this coach adds nobody

    def set_up_again(self, team: str, reason: str, players: Sequence[str], count: int) -> Mapping[str, Square]:
        return {}  # the set-up was the coach's already: this one keeps it

    def weather_modifier(self, team: str, allowed: Sequence[int]) -> int:
        return min(allowed, key=abs)  # which weather helps depends on the match-up: change it least

    def team_mate(self, player_id: str, reason: str, candidates: Sequence[str]) -> str:
        return candidates[0]

    def gained_skills(self, player_id: str, skills: Sequence[str], count: int) -> Sequence[str]:
        return tuple(skills[:count])

    def skill_category(self, player_id: str, reason: str, categories: Sequence[str]) -> str:
        return categories[0]

    def team_after_hiring(self, team: str, team_file: Team | None, treasury: int) -> Team | None:
        return None

    def choose_players(self, team: str, reason: str, candidates: Sequence[str], count: int) -> Sequence[str]:
        return tuple(candidates[:count])

    def choose_keyword(self, player_id: str, reason: str, keywords: Sequence[str]) -> str:
        return keywords[0]

    def use_prayer(self, team: str, prayer: str) -> bool:
        return True  # a once-a-game chance is best taken while there is a game left to help

    def use_special_rule(self, team: str, rule: str, situation: str) -> bool:
        return True  # what a special rule offers costs the team nothing to take

    def use_inducement(self, team: str, inducement: str, situation: str) -> bool:
        return True  # as with a prayer: what is bought for the game is used while the game lasts

    def inducement_act(self, team: str, inducement: str, situation: str, acts: Sequence[InducementAct]) -> ActChoice | None:
        return None  # where to aim needs the board read as a coach would: kept, the use is not lost


class IllegalAnswerError(UsageError):
    """A coach answered a question with something it was not offered.

    Procedures check every answer against what they offered, so a coach with a bug (a user interface,
    a bot, a replay of the wrong log) stops the procedure with this error instead of playing a move the
    rules do not allow.
    """


def _shown(offered: Sequence[object]) -> str:
    listed = ", ".join(repr(option) for option in offered[:_SHOWN_CHOICES])
    more = len(offered) - _SHOWN_CHOICES
    return f"[{listed}{f', and {more} more' if more > 0 else ''}]"


def _matches(answer: object, option: object) -> bool:
    if isinstance(answer, bool) != isinstance(option, bool):
        return False  # True is not the modifier 1, nor 0 the answer "no"
    if isinstance(option, tuple) and isinstance(answer, list):
        answer = tuple(answer)  # a square read from JSON arrives as a list
    return answer == option


def checked_choice(answer: object, offered: Sequence[Option], *, question: str, who: str) -> Option:
    """The offered option a coach's ``answer`` names, as offered (a square given as a list comes back a tuple).

    ``question`` is the kind of question (as :class:`ScriptedDecisions` names it) and ``who`` the player or
    team it was asked for; both go into the :class:`IllegalAnswerError` raised when the answer was not offered.
    """
    for option in offered:
        if _matches(answer, option):
            return option
    raise IllegalAnswerError(f"the {question!r} question for {who} was answered {answer!r}; the choices were {_shown(offered)}")


def checked_choice_or_none(answer: object, offered: Sequence[Option], *, question: str, who: str) -> Option | None:
    """Like :func:`checked_choice`, for a question the coach may decline by answering None."""
    return None if answer is None else checked_choice(answer, offered, question=question, who=who)


def checked_index(answer: object, count: int, *, question: str, who: str) -> int:
    """A coach's answer that picks one of ``count`` things by position (0 is the first)."""
    if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < count:
        raise IllegalAnswerError(f"the {question!r} question for {who} was answered {answer!r}; the choices were 0 to {count - 1}")
    return answer


def checked_choices(
    answer: Iterable[object], offered: Sequence[Option], most: int, *, question: str, who: str, fewest: int = 0
) -> tuple[Option, ...]:
    """A coach's answer that picks from ``fewest`` to ``most`` different options of ``offered``."""
    picked = tuple(checked_choice(one, offered, question=question, who=who) for one in answer)
    if len(set(picked)) != len(picked) or not fewest <= len(picked) <= most:
        span = f"up to {most}" if fewest == 0 else f"exactly {most}" if fewest == most else f"{fewest} to {most}"
        raise IllegalAnswerError(
            f"the {question!r} question for {who} was answered {list(picked)!r}; {span} different choices of {_shown(offered)}"
        )
    return picked


def checked_act(answer: ActChoice | None, offered: Sequence[InducementAct], *, who: str) -> tuple[InducementAct, ActChoice] | None:
    """A coach's answer to :meth:`Decisions.inducement_act`, checked against the offer: the act offered and the answer,
    or None when he kept the inducement. Players, square and option must be ones the act offers, as many as it asks."""
    if answer is None:
        return None
    question = "inducement-act"
    if not isinstance(answer, ActChoice):
        raise IllegalAnswerError(f"the {question!r} question for {who} was answered {answer!r}; an ActChoice or None was expected")
    act = checked_choice(answer.act, [a.act for a in offered], question=question, who=who)
    offer = next(a for a in offered if a.act == act)
    if offer.count is None:
        players = checked_choices(answer.players, offer.players, len(offer.players), question=question, who=who, fewest=1)
    else:
        players = checked_choices(answer.players, offer.players, offer.count, question=question, who=who, fewest=offer.count)
    square = _named(answer.square, offer.squares, who=who, refusal=f"{act} is aimed at no square")
    option = _named(answer.option, offer.options, who=who, refusal=f"{act} needs no declaration")
    unpaired = [player for player in players if offer.pairs and (player, square) not in offer.pairs]
    if unpaired:
        raise IllegalAnswerError(
            f"the {question!r} question for {who} named {', '.join(map(repr, unpaired))} with the square {square}, which {act}"
            " does not allow together"
        )
    return offer, ActChoice(act, players, square, option)


def _named(answer: object, offered: Sequence[Option], *, who: str, refusal: str) -> Option | None:
    """One offered thing an act's answer names, or None where the act offers none of them (and the answer names none)."""
    if offered:
        return checked_choice(answer, offered, question="inducement-act", who=who)
    if answer is not None:
        raise IllegalAnswerError(f"the 'inducement-act' question for {who} named {answer!r}; {refusal}")
    return None


class DecisionScriptError(BBCoreError, AssertionError):
    """A scripted decision was missing, of the wrong kind, or left over."""


class ScriptedDecisions:
    """Answers given in advance as ``(kind, answer)`` pairs, checked in order.

    Kinds: ``block-face`` and ``pro-die`` (indexes), ``push-square`` (a square), ``follow-up``, ``use-skill``, ``apothecary``,
    ``team-reroll``, ``reroll-block``, ``argue-the-call``, ``bribe``, ``use-prayer``, ``use-special-rule`` and
    ``use-inducement`` (booleans),
    ``inducement-act`` (an :class:`ActChoice`, or None to keep the inducement),
    ``touchback`` (a player id), ``touchback-square`` (a square), ``keep-casualty`` (a casualty row id),
    ``kick-or-receive`` (``kick`` or ``receive``),
    ``journeyman`` (a position),
    ``inducements`` (a mapping of id to count), ``inducement-orders`` (a sequence of
    :class:`~bbcore.model.team.InducementOrder`), ``kick-off-target`` (a square), ``mvp-nominees`` and
    ``choose-players`` (player ids), ``casualty-treatment`` (an id, or None for none), ``agreed-choice`` (an
    option), ``hand-out`` ((player id, inducement id) pairs), ``interceptor`` (a player id, or None for
    nobody), ``place-ball`` (a square, or None to let the ball bounce), ``square`` (a square, or None to
    stay), ``free-move`` ((player id, path of squares), or None), ``free-block`` ((blocker, target), or None),
    ``facing`` (a unit step, or None to stop), ``throw-target`` (a square), ``weather-modifier`` (one of the
    allowed modifiers), ``gained-skills`` (skill ids), ``skill-category`` (a category),
    ``keyword`` (a keyword), ``team-mate`` (a player id), ``swarm`` and
    ``set-up-again`` (a mapping of player id to square) and ``team-after-hiring`` (a
    :class:`~bbcore.model.team.Team`, or None). Use it as a context manager to fail when answers are left over.
    A question whose kind is not next in the script goes to ``fallback`` (:class:`DefaultDecisions` unless
    given); with ``strict`` every unscripted question is an error.
    """

    def __init__(self, answers: Iterable[tuple[str, Any]], fallback: Decisions | None = None, *, strict: bool = False) -> None:
        self._answers = list(answers)
        self._fallback: Decisions | None = None if strict else (fallback or DefaultDecisions())

    def _next(self, kind: str) -> Any:
        if self._answers and self._answers[0][0] == kind:
            return self._answers.pop(0)[1]
        if self._fallback is not None:
            return None
        found = self._answers[0][0] if self._answers else "nothing"
        raise DecisionScriptError(f"a {kind!r} decision was asked for; the script has {found!r}")

    def block_face(self, team: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacking: bool) -> int:
        answer = self._next("block-face")
        if answer is None and self._fallback is not None:
            return self._fallback.block_face(team, faces, attacker_has_block, defender_has_block, attacking)
        return int(answer)

    def push_square(self, team: str, squares: Sequence[Square]) -> Square:
        answer = self._next("push-square")
        if answer is None and self._fallback is not None:
            return self._fallback.push_square(team, squares)
        if tuple(answer) not in [tuple(s) for s in squares]:
            raise DecisionScriptError(f"scripted push square {answer} is not among {list(squares)}")
        return (int(answer[0]), int(answer[1]))

    def _flag(self, kind: str, fallback: Any) -> bool:
        answer = self._next(kind)
        return bool(fallback() if answer is None else answer)

    def follow_up(self, player_id: str) -> bool:
        return self._flag("follow-up", lambda: self._fallback.follow_up(player_id) if self._fallback else False)

    def use_skill(self, player_id: str, skill: str, situation: str) -> bool:
        return self._flag("use-skill", lambda: self._fallback.use_skill(player_id, skill, situation) if self._fallback else False)

    def use_apothecary(self, player_id: str, injury: str) -> bool:
        return self._flag("apothecary", lambda: self._fallback.use_apothecary(player_id, injury) if self._fallback else False)

    def use_team_reroll(self, player_id: str, test: str) -> bool:
        return self._flag("team-reroll", lambda: self._fallback.use_team_reroll(player_id, test) if self._fallback else False)

    def reroll_block(
        self, player_id: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacker_chooses: bool
    ) -> bool:
        fallback = self._fallback
        return self._flag(
            "reroll-block",
            lambda: (
                fallback.reroll_block(player_id, faces, attacker_has_block, defender_has_block, attacker_chooses) if fallback else False
            ),
        )

    def pro_die(
        self, player_id: str, faces: Sequence[str], attacker_has_block: bool, defender_has_block: bool, attacker_chooses: bool
    ) -> int:
        answer = self._next("pro-die")
        if answer is None:
            fallback = self._fallback
            return pro_die_from(
                fallback if fallback is not None else DefaultDecisions(),
                player_id,
                faces,
                attacker_has_block,
                defender_has_block,
                attacker_chooses,
            )
        return int(answer)

    def argue_the_call(self, team: str, player_id: str) -> bool:
        return self._flag("argue-the-call", lambda: self._fallback.argue_the_call(team, player_id) if self._fallback else False)

    def use_bribe(self, team: str, player_id: str) -> bool:
        return self._flag("bribe", lambda: self._fallback.use_bribe(team, player_id) if self._fallback else False)

    def touchback_receiver(self, team: str, candidates: Sequence[str]) -> str:
        answer = self._next("touchback")
        if answer is None and self._fallback is not None:
            return self._fallback.touchback_receiver(team, candidates)
        if answer not in candidates:
            raise DecisionScriptError(f"scripted touchback receiver {answer!r} is not among {list(candidates)}")
        return str(answer)

    def touchback_square(self, team: str, squares: Sequence[Square]) -> Square:
        answer = self._next("touchback-square")
        if answer is None:
            fallback = self._fallback
            return touchback_square_from(fallback if fallback is not None else DefaultDecisions(), team, squares)
        return (int(answer[0]), int(answer[1]))

    def keep_casualty(self, player_id: str, results: Sequence[str]) -> str:
        answer = self._next("keep-casualty")
        if answer is None:
            fallback = self._fallback
            return kept_casualty_from(fallback if fallback is not None else DefaultDecisions(), player_id, results)
        return str(answer)

    def kick_or_receive(self, team: str) -> str:
        answer = self._next("kick-or-receive")
        if answer is None and self._fallback is not None:
            return self._fallback.kick_or_receive(team)
        if answer not in ("kick", "receive"):
            raise DecisionScriptError(f"scripted kick-or-receive answer {answer!r} is neither 'kick' nor 'receive'")
        return str(answer)

    def journeyman_position(self, team: str, positions: Sequence[str]) -> str:
        answer = self._next("journeyman")
        if answer is None and self._fallback is not None:
            return self._fallback.journeyman_position(team, positions)
        if answer not in positions:
            raise DecisionScriptError(f"scripted journeyman position {answer!r} is not among {list(positions)}")
        return str(answer)

    def buy_inducements(self, team: str, prices: Mapping[str, int], budget: int) -> Mapping[str, int]:
        answer = self._next("inducements")
        if answer is None and self._fallback is not None:
            return self._fallback.buy_inducements(team, prices, budget)
        return {str(key): int(count) for key, count in dict(answer).items()}

    def order_inducements(self, team: str, offers: Sequence[InducementOffer], budget: int) -> Sequence[InducementOrder]:
        if self._answers and self._answers[0][0] == "inducements":  # counts scripted: bought as a coach who hires nobody
            return _counted_orders(self, team, offers, budget)
        answer = self._next("inducement-orders")
        if answer is None:
            fallback = self._fallback
            return inducement_orders_from(fallback if fallback is not None else DefaultDecisions(), team, offers, budget)
        return answer  # type: ignore[no-any-return]  # checked by inducement_orders_from, the one that asks

    def kick_off_target(self, team: str, squares: Sequence[Square]) -> Square:
        answer = self._next("kick-off-target")
        if answer is None and self._fallback is not None:
            return self._fallback.kick_off_target(team, squares)
        if tuple(answer) not in [tuple(s) for s in squares]:
            raise DecisionScriptError(f"scripted kick-off target {answer} is not in the receiving half")
        return (int(answer[0]), int(answer[1]))

    def mvp_nominees(self, team: str, players: Sequence[str], count: int) -> Sequence[str]:
        answer = self._next("mvp-nominees")
        if answer is None and self._fallback is not None:
            return self._fallback.mvp_nominees(team, players, count)
        return tuple(str(player) for player in answer)

    def casualty_treatment(self, player_id: str, casualty: str) -> str | None:
        if self._answers and self._answers[0][0] == "casualty-treatment":
            answer = self._answers.pop(0)[1]
            return None if answer is None else str(answer)
        self._next("casualty-treatment")  # raises when strict
        return self._fallback.casualty_treatment(player_id, casualty) if self._fallback is not None else None

    def agreed_choice(self, question: str, options: Sequence[str]) -> str | None:
        if self._answers and self._answers[0][0] == "agreed-choice":
            answer = self._answers.pop(0)[1]
            if answer is not None and answer not in options:
                raise DecisionScriptError(f"scripted agreed choice {answer!r} for {question!r} is not among {list(options)}")
            return None if answer is None else str(answer)
        self._next("agreed-choice")  # raises when strict
        return self._fallback.agreed_choice(question, options) if self._fallback is not None else None

    def hand_out_inducements(self, team: str, inducements: Mapping[str, int], players: Sequence[str]) -> Sequence[tuple[str, str]]:
        answer = self._next("hand-out")
        if answer is None and self._fallback is not None:
            return self._fallback.hand_out_inducements(team, inducements, players)
        return tuple((str(player), str(inducement)) for player, inducement in answer)

    def _pick_or_none(self, kind: str, options: Sequence[Any]) -> tuple[bool, Any]:
        """The next answer when it is of ``kind``: (True, None or one of ``options``, as a tuple when it is a pair);
        (False, None) when the script has none (``_next`` raises first when strict)."""
        if self._answers and self._answers[0][0] == kind:
            answer = self._answers.pop(0)[1]
            if answer is None:
                return True, None
            chosen = tuple(answer) if isinstance(answer, (list, tuple)) else answer
            if chosen not in [tuple(o) if isinstance(o, (list, tuple)) else o for o in options]:
                raise DecisionScriptError(f"scripted {kind} {answer!r} is not among {list(options)}")
            return True, chosen
        self._next(kind)  # raises when strict
        return False, None

    def interceptor(self, team: str, candidates: Sequence[str]) -> str | None:
        scripted, answer = self._pick_or_none("interceptor", candidates)
        if scripted or self._fallback is None:
            return None if answer is None else str(answer)
        return self._fallback.interceptor(team, candidates)

    def choose_square(self, player_id: str, reason: str, squares: Sequence[Square]) -> Square | None:
        scripted, answer = self._pick_or_none("square", squares)
        if scripted or self._fallback is None:
            return None if answer is None else (int(answer[0]), int(answer[1]))
        return self._fallback.choose_square(player_id, reason, squares)

    def throw_target(self, player_id: str, reason: str, squares: Sequence[Square]) -> Square:
        scripted, answer = self._pick_or_none("throw-target", squares)
        if scripted and answer is not None:
            return (int(answer[0]), int(answer[1]))
        if scripted or self._fallback is None:
            raise DecisionScriptError("a throw-target must be a square: the player has to throw")
        return self._fallback.throw_target(player_id, reason, squares)

    def template_facing(self, player_id: str, reason: str, facings: Sequence[Square]) -> Square | None:
        scripted, answer = self._pick_or_none("facing", facings)
        if scripted or self._fallback is None:
            return None if answer is None else (int(answer[0]), int(answer[1]))
        return self._fallback.template_facing(player_id, reason, facings)

    def free_move(self, team: str, reason: str, moves: Sequence[tuple[str, tuple[Square, ...]]]) -> tuple[str, Sequence[Square]] | None:
        if self._answers and self._answers[0][0] == "free-move":
            answer = self._answers.pop(0)[1]
            if answer is None:
                return None
            player_id, path = answer
            if player_id not in {mover for mover, _ in moves}:
                raise DecisionScriptError(f"scripted free-move player {player_id!r} is not among those who may move")
            return str(player_id), tuple((int(x), int(y)) for x, y in path)
        self._next("free-move")  # raises when strict
        return self._fallback.free_move(team, reason, moves) if self._fallback is not None else None

    def place_ball(self, player_id: str, squares: Sequence[Square]) -> Square | None:
        scripted, answer = self._pick_or_none("place-ball", squares)
        if scripted or self._fallback is None:
            return None if answer is None else (int(answer[0]), int(answer[1]))
        return self._fallback.place_ball(player_id, squares)

    def swarm(self, team: str, players: Sequence[str], count: int) -> Mapping[str, Square]:
        answer = self._next("swarm")
        if answer is None and self._fallback is not None:
            return self._fallback.swarm(team, players, count)
        return {str(player): (int(square[0]), int(square[1])) for player, square in dict(answer or {}).items()}

    def set_up_again(self, team: str, reason: str, players: Sequence[str], count: int) -> Mapping[str, Square]:
        answer = self._next("set-up-again")
        if answer is None and self._fallback is not None:
            return self._fallback.set_up_again(team, reason, players, count)
        return {str(player): (int(square[0]), int(square[1])) for player, square in dict(answer or {}).items()}

    def free_block(self, team: str, blocks: Sequence[tuple[str, str]]) -> tuple[str, str] | None:
        scripted, answer = self._pick_or_none("free-block", blocks)
        if scripted or self._fallback is None:
            return None if answer is None else (str(answer[0]), str(answer[1]))
        return self._fallback.free_block(team, blocks)

    def weather_modifier(self, team: str, allowed: Sequence[int]) -> int:
        answer = self._next("weather-modifier")
        if answer is None and self._fallback is not None:
            return self._fallback.weather_modifier(team, allowed)
        if answer not in allowed:
            raise DecisionScriptError(f"scripted weather modifier {answer!r} is not among {list(allowed)}")
        return int(answer)

    def gained_skills(self, player_id: str, skills: Sequence[str], count: int) -> Sequence[str]:
        answer = self._next("gained-skills")
        if answer is None and self._fallback is not None:
            return self._fallback.gained_skills(player_id, skills, count)
        chosen = tuple(str(skill) for skill in answer)
        if len(set(chosen)) != len(chosen) or len(chosen) > count or not set(chosen) <= set(skills):
            raise DecisionScriptError(f"scripted skills {list(chosen)} are not up to {count} different ones of {list(skills)}")
        return chosen

    def skill_category(self, player_id: str, reason: str, categories: Sequence[str]) -> str:
        answer = self._next("skill-category")
        if answer is None and self._fallback is not None:
            return self._fallback.skill_category(player_id, reason, categories)
        if answer not in categories:
            raise DecisionScriptError(f"scripted skill category {answer!r} for {reason!r} is not among {list(categories)}")
        return str(answer)

    def choose_keyword(self, player_id: str, reason: str, keywords: Sequence[str]) -> str:
        answer = self._next("keyword")
        if answer is None and self._fallback is not None:
            return self._fallback.choose_keyword(player_id, reason, keywords)
        if answer not in keywords:
            raise DecisionScriptError(f"scripted keyword {answer!r} for {reason!r} is not among {list(keywords)}")
        return str(answer)

    def team_mate(self, player_id: str, reason: str, candidates: Sequence[str]) -> str:
        answer = self._next("team-mate")
        if answer is None and self._fallback is not None:
            return self._fallback.team_mate(player_id, reason, candidates)
        if answer not in candidates:
            raise DecisionScriptError(f"scripted team-mate {answer!r} for {reason!r} is not among {list(candidates)}")
        return str(answer)

    def use_prayer(self, team: str, prayer: str) -> bool:
        return self._flag("use-prayer", lambda: self._fallback.use_prayer(team, prayer) if self._fallback else False)

    def use_special_rule(self, team: str, rule: str, situation: str) -> bool:
        fallback = self._fallback
        return self._flag("use-special-rule", lambda: fallback.use_special_rule(team, rule, situation) if fallback else False)

    def use_inducement(self, team: str, inducement: str, situation: str) -> bool:
        fallback = self._fallback
        return self._flag("use-inducement", lambda: fallback.use_inducement(team, inducement, situation) if fallback else False)

    def inducement_act(self, team: str, inducement: str, situation: str, acts: Sequence[InducementAct]) -> ActChoice | None:
        answer: ActChoice | None = self._next("inducement-act")
        if answer is None and self._fallback is not None:
            return self._fallback.inducement_act(team, inducement, situation, acts)
        return answer

    def choose_players(self, team: str, reason: str, candidates: Sequence[str], count: int) -> Sequence[str]:
        answer = self._next("choose-players")
        if answer is None and self._fallback is not None:
            return self._fallback.choose_players(team, reason, candidates, count)
        return tuple(str(player) for player in answer or ())

    def team_after_hiring(self, team: str, team_file: Team | None, treasury: int) -> Team | None:
        if self._answers and self._answers[0][0] == "team-after-hiring":
            answer = self._answers.pop(0)[1]
            if answer is not None and not isinstance(answer, Team):
                raise DecisionScriptError(f"a scripted team-after-hiring answer is a Team or None, not {answer!r}")
            return answer
        self._next("team-after-hiring")  # raises when strict
        return self._fallback.team_after_hiring(team, team_file, treasury) if self._fallback is not None else None

    def assert_used_up(self) -> None:
        if self._answers:
            raise DecisionScriptError(f"{len(self._answers)} scripted decision(s) were not used: {self._answers}")

    def __enter__(self) -> ScriptedDecisions:
        return self

    def __exit__(self, exc_type: object, *_: object) -> None:
        if exc_type is None:
            self.assert_used_up()
