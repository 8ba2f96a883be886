"""The choices a Skurling coach makes before and after a match, asked through one object.

The core's :class:`~bbcore.rules.decisions.Decisions` already asks what both rule sets
share (inducements to buy, a Journeyman's position, an agreed choice such as the
Pebblemuck preparation or the coin). :class:`SkurlingDecisions` adds Skurling's own
questions: attack or defend, whether to use a sideline (the Pebbler's re-roll), sponsors
and their gifts, substitutes, advancement and the post-match hiring. :class:`DefaultSkurlingDecisions` answers as a plain coach
would; :class:`ScriptedSkurlingDecisions` replays answers in tests, as the core's
:class:`~bbcore.rules.decisions.ScriptedDecisions` does (and answers its questions too).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from attrs import frozen

from bbcore.rules.decisions import Decisions, DecisionScriptError, DefaultDecisions, ScriptedDecisions
from bbcore.rules.league import CHARACTERISTIC_KIND

#: What the winner of the first-attacker toss may choose.
ATTACK = "attack"
DEFEND = "defend"


@frozen
class AdvancementChoice:
    """One advancement a coach buys with SPP.

    ``kind`` is a column of the core's advancement costs table (``random-primary``,
    ``chosen-primary``, ``chosen-secondary``, ``characteristic``). A chosen skill names
    ``skill``; a random one names the ``category`` it is rolled in.
    """

    kind: str
    skill: str | None = None
    category: str | None = None


@frozen
class HireOrder:
    """What a coach does in the hire, fire and retire step.

    ``hire`` holds (name, position) pairs (``roster/position``); ``fire`` names players
    leaving the roster; ``retire`` names injured miniatures that Temporarily Retire (they
    stay on the roster but play no more this season and leave the Team Value);
    ``rerolls`` are re-rolls bought; ``sidelines`` are hired and ``dismiss_sidelines`` let go.
    """

    hire: tuple[tuple[str, str], ...] = ()
    fire: tuple[str, ...] = ()
    retire: tuple[str, ...] = ()
    rerolls: int = 0
    sidelines: tuple[str, ...] = ()
    dismiss_sidelines: tuple[str, ...] = ()


class SkurlingDecisions(Decisions, Protocol):
    """The core's questions plus Skurling's own."""

    def attack_or_defend(self, team: str) -> str:
        """What the winner of the first-attacker toss picks for the first arc: ``attack`` or ``defend``."""
        ...

    def use_sideline(self, team: str, sideline: str, situation: str) -> bool:
        """Whether ``team`` uses ``sideline`` now; ``situation`` says what is at stake (the Pebbler: the Attribute rolled)."""
        ...

    def look_for_sponsor(self, team: str) -> bool:
        """Whether the team looks for a sponsor after this match."""
        ...

    def sponsor_gift(self, team: str, offered: str, options: Sequence[str]) -> str:
        """The gift taken from an offer: ``offered`` or anything lesser, one of ``options`` (best first)."""
        ...

    def sponsored_sideline(self, team: str, available: Sequence[str]) -> str:
        """Which sideline a sponsor provides, among those the team does not have."""
        ...

    def headliner(self, team: str, available: Sequence[str]) -> str:
        """Which Headliner a sponsor lends for the next match."""
        ...

    def sponsor_name(self, team: str, gift: str) -> str:
        """The name the coach gives a new sponsor (bad puns recommended)."""
        ...

    def substitute(self, team: str, place: str, candidates: Sequence[str]) -> str | None:
        """Who of ``candidates`` (the bench's fitting miniatures, never empty) fills an empty ``place`` (a role, or a
        player id) at the start of an arc; Journeymen are taken on only when nobody fits, without asking."""
        ...

    def advancement(self, player: str, spp: int, costs: Mapping[str, int]) -> AdvancementChoice | None:
        """What the player buys with its SPP (``costs`` are the kinds it can afford), or None to save them; a player
        who can afford a characteristic improvement must take some advancement, and None is then refused."""
        ...

    def characteristic(self, player: str, offered: Sequence[str], skill_instead: Sequence[str]) -> str | None:
        """The characteristic improved after the roll, or None to take a skill of ``skill_instead`` instead."""
        ...

    def advancement_skill(self, player: str, options: Sequence[str]) -> str:
        """Which skill of ``options`` the player takes (two rolled random skills, or a category's after a skipped characteristic)."""
        ...

    def hire_and_fire(self, team: str, treasury: int, prices: Mapping[str, int]) -> HireOrder:
        """The team's hiring, firing and sidelines; ``prices`` holds the re-roll and sideline prices by id."""
        ...


class DefaultSkurlingDecisions(DefaultDecisions):
    """A plain coach: attacks first, uses a sideline whenever offered, takes every offer as it comes, saves SPP, hires nobody."""

    def attack_or_defend(self, team: str) -> str:
        return ATTACK

    def use_sideline(self, team: str, sideline: str, situation: str) -> bool:
        return True  # a plain coach uses what the team pays for whenever it is offered

    def look_for_sponsor(self, team: str) -> bool:
        return True

    def sponsor_gift(self, team: str, offered: str, options: Sequence[str]) -> str:
        return offered

    def sponsored_sideline(self, team: str, available: Sequence[str]) -> str:
        return available[0]

    def headliner(self, team: str, available: Sequence[str]) -> str:
        return available[0]

    def sponsor_name(self, team: str, gift: str) -> str:
        return f"{team} {gift} sponsor"

    def substitute(self, team: str, place: str, candidates: Sequence[str]) -> str | None:
        return candidates[0] if candidates else None

    def advancement(self, player: str, spp: int, costs: Mapping[str, int]) -> AdvancementChoice | None:
        # Which skill helps depends on the team, so SPP are saved; but a player who can pay for a characteristic
        # improvement must advance (the core's must-advance), and the roll needs no view of the team.
        return AdvancementChoice(CHARACTERISTIC_KIND) if CHARACTERISTIC_KIND in costs else None

    def characteristic(self, player: str, offered: Sequence[str], skill_instead: Sequence[str]) -> str | None:
        return offered[0] if offered else None

    def advancement_skill(self, player: str, options: Sequence[str]) -> str:
        return options[0]

    def hire_and_fire(self, team: str, treasury: int, prices: Mapping[str, int]) -> HireOrder:
        return HireOrder()


class ScriptedSkurlingDecisions(ScriptedDecisions):
    """Answers given in advance as ``(kind, answer)`` pairs, for Skurling's questions and the core's.

    Skurling's kinds: ``attack-or-defend``, ``use-sideline`` and ``look-for-sponsor`` (booleans),
    ``sponsor-gift``, ``sponsored-sideline``, ``headliner``, ``sponsor-name``,
    ``substitute`` (a player id or None), ``advancement`` (an :class:`AdvancementChoice`
    or None), ``characteristic`` (an id or None), ``advancement-skill`` and
    ``hire-and-fire`` (a :class:`HireOrder`). The core's kinds are those of
    :class:`~bbcore.rules.decisions.ScriptedDecisions`. An unscripted question goes to
    ``fallback`` (:class:`DefaultSkurlingDecisions` unless given); with ``strict`` it
    is an error.
    """

    def __init__(self, answers: Iterable[tuple[str, Any]], fallback: SkurlingDecisions | None = None, *, strict: bool = False) -> None:
        chosen = fallback or DefaultSkurlingDecisions()
        super().__init__(answers, chosen, strict=strict)
        self._skurling: SkurlingDecisions | None = None if strict else chosen

    def _take(self, kind: str) -> tuple[bool, Any]:
        """(True, answer) when the script's next answer is of ``kind``; (False, None) to fall back (an error when strict)."""
        if self._answers and self._answers[0][0] == kind:
            return True, self._answers.pop(0)[1]
        if self._skurling is None:
            found = self._answers[0][0] if self._answers else "nothing"
            raise DecisionScriptError(f"a {kind!r} decision was asked for; the script has {found!r}")
        return False, None

    def _one_of(self, kind: str, answer: Any, options: Sequence[str]) -> str:
        if answer not in options:
            raise DecisionScriptError(f"scripted {kind} {answer!r} is not among {list(options)}")
        return str(answer)

    @property
    def _default(self) -> SkurlingDecisions:
        assert self._skurling is not None  # _take raised otherwise
        return self._skurling

    def attack_or_defend(self, team: str) -> str:
        found, answer = self._take("attack-or-defend")
        return self._one_of("attack-or-defend", answer, (ATTACK, DEFEND)) if found else self._default.attack_or_defend(team)

    def use_sideline(self, team: str, sideline: str, situation: str) -> bool:
        found, answer = self._take("use-sideline")
        return bool(answer) if found else self._default.use_sideline(team, sideline, situation)

    def look_for_sponsor(self, team: str) -> bool:
        found, answer = self._take("look-for-sponsor")
        return bool(answer) if found else self._default.look_for_sponsor(team)

    def sponsor_gift(self, team: str, offered: str, options: Sequence[str]) -> str:
        found, answer = self._take("sponsor-gift")
        return self._one_of("sponsor gift", answer, options) if found else self._default.sponsor_gift(team, offered, options)

    def sponsored_sideline(self, team: str, available: Sequence[str]) -> str:
        found, answer = self._take("sponsored-sideline")
        return self._one_of("sideline", answer, available) if found else self._default.sponsored_sideline(team, available)

    def headliner(self, team: str, available: Sequence[str]) -> str:
        found, answer = self._take("headliner")
        return self._one_of("headliner", answer, available) if found else self._default.headliner(team, available)

    def sponsor_name(self, team: str, gift: str) -> str:
        found, answer = self._take("sponsor-name")
        return str(answer) if found else self._default.sponsor_name(team, gift)

    def substitute(self, team: str, place: str, candidates: Sequence[str]) -> str | None:
        found, answer = self._take("substitute")
        if not found:
            return self._default.substitute(team, place, candidates)
        return None if answer is None else self._one_of("substitute", answer, candidates)

    def advancement(self, player: str, spp: int, costs: Mapping[str, int]) -> AdvancementChoice | None:
        found, answer = self._take("advancement")
        if not found:
            return self._default.advancement(player, spp, costs)
        if answer is not None and not isinstance(answer, AdvancementChoice):
            raise DecisionScriptError(f"a scripted advancement is an AdvancementChoice or None, not {answer!r}")
        return answer

    def characteristic(self, player: str, offered: Sequence[str], skill_instead: Sequence[str]) -> str | None:
        found, answer = self._take("characteristic")
        if not found:
            return self._default.characteristic(player, offered, skill_instead)
        return None if answer is None else self._one_of("characteristic", answer, offered)

    def advancement_skill(self, player: str, options: Sequence[str]) -> str:
        found, answer = self._take("advancement-skill")
        return self._one_of("skill", answer, options) if found else self._default.advancement_skill(player, options)

    def hire_and_fire(self, team: str, treasury: int, prices: Mapping[str, int]) -> HireOrder:
        found, answer = self._take("hire-and-fire")
        if not found:
            return self._default.hire_and_fire(team, treasury, prices)
        if not isinstance(answer, HireOrder):
            raise DecisionScriptError(f"a scripted hire-and-fire answer is a HireOrder, not {answer!r}")
        return answer


__all__ = [
    "ATTACK",
    "DEFEND",
    "AdvancementChoice",
    "DefaultSkurlingDecisions",
    "HireOrder",
    "ScriptedSkurlingDecisions",
    "SkurlingDecisions",
]
