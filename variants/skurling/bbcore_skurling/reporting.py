"""From a finished match to the league's post-match sequence: each side's :class:`~bbcore_skurling.postmatch.MatchReport`.

The arc engine records everything as events; :func:`match_report` reads them for one
side: the points, the arcs it scored in, the Fan Attendance, who took the field, the
casualties its miniatures suffered (with the casualty and lasting-injury rows the core
rolled when they happened), and the SPP its miniatures earned by the awards of
``data/rules/league.yaml`` (the catch and the Ding-Dong for the Cuddler, and the
provisional others). The MVP is chosen in the post-match sequence's advancement step
(:func:`bbcore_skurling.postmatch.player_advancement`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from bbcore_skurling.league_play import award_spp
from bbcore_skurling.postmatch import CasualtyRecord, MatchReport

if TYPE_CHECKING:
    from bbcore.rules.events import Event
    from bbcore.ruleset import Ruleset
    from bbcore_skurling.match import ArcResult, MatchState


def _awards_of(arc: ArcResult, side_key: str) -> list[tuple[str, str]]:
    """The (player id, award id) pairs one arc earned the side's miniatures."""
    found: list[tuple[str, str]] = []
    events = arc.events
    attacking = next((e.who for e in events if e.kind == "arc-set-up"), None) == side_key
    if attacking:
        stooge = next((e.who for e in events if e.kind == "stooge-lands"), None)
        throw = next((e for e in events if e.kind == "throw-team-mate"), None)
        clean = stooge is not None and not any(e.kind in ("throw-fumbled", "eaten") and e.who == stooge for e in events)
        if throw is not None and throw.who and clean:
            found.append((throw.who, "opening-throw"))
        if arc.points:
            scored = next((e for e in events if e.kind == "stooge-scores"), None)
            hitter = _last_hitter(events)
            if hitter is not None:
                found.append((hitter, "score"))
            if stooge is not None:
                found.append((stooge, "arrival"))
            cuddler = scored.detail.get("cuddler") if scored is not None else None
            if arc.caught and isinstance(cuddler, str):
                found.append((cuddler, "catch"))
                if arc.ding_dong:
                    found.append((cuddler, "ding-dong"))
    else:
        found.extend(
            (str(e.detail["defender"]), "defender-catch")
            for e in events
            if e.kind == "stooge-caught-by-defender" and str(e.detail.get("defender", "")).startswith(side_key)
        )
    found.extend((hitter, "casualty") for hitter in _casualties_caused(events, side_key))
    return found


def _last_hitter(events: Iterable[Event]) -> str | None:
    hitter = None
    for event in events:
        if event.kind == "touch":
            hitter = event.who
    return hitter


def _casualties_caused(events: Iterable[Event], side_key: str) -> list[str]:
    """Miniatures of the side whose block or Touch was the last hit before an opponent's casualty."""
    found: list[str] = []
    last_hit: str | None = None
    for event in events:
        if event.kind in ("block", "touch"):
            last_hit = event.who
        elif event.kind == "casualty" and event.who and not event.who.startswith(side_key) and last_hit and last_hit.startswith(side_key):
            found.append(last_hit)
    return found


def _fielded(events: Iterable[Event], side_key: str) -> set[str]:
    """The side's miniatures that took the field in some arc: its roles when it attacked, its four when it defended."""
    found: set[str] = set()
    for event in events:
        if event.kind != "arc-set-up":
            continue
        if event.who == side_key:
            found.update(event.detail.get("roles", {}))
        elif event.detail.get("defender") == side_key:
            found.update(event.detail.get("defenders", ()))
    return found


def _casualties(events: Iterable[Event], side_key: str, names: Mapping[str, str]) -> list[CasualtyRecord]:
    records: list[CasualtyRecord] = []
    pending: dict[str, int] = {}
    for event in events:
        if event.kind == "casualty" and event.who and event.who.startswith(side_key) and event.result:
            pending[event.who] = len(records)
            records.append(CasualtyRecord(names.get(event.who, event.who), event.result))
        elif event.kind == "lasting-injury" and event.who in pending:
            index = pending.pop(event.who)
            records[index] = CasualtyRecord(records[index].player, records[index].casualty, event.result)
    return records


def match_report(
    ruleset: Ruleset,
    match: MatchState,
    side: int,
    names: Mapping[str, str] | None = None,
    *,
    journeymen: Iterable[str] = (),
    headliner: str | None = None,
) -> tuple[MatchReport, tuple[Event, ...]]:
    """One side's report of a finished match, for :func:`bbcore_skurling.postmatch.run_post_match`.

    ``names`` maps the board's player ids to the names the team file uses (the report
    speaks of names); ids stand for themselves when not given. ``journeymen`` and
    ``headliner`` are the board ids of the miniatures that stood in for the team in this
    match (:func:`bbcore_skurling.league_play.take_on_journeymen`'s, the Headliner lent): the
    report names them so that the post-match sequence gives them no SPP and ignores their
    injuries.
    """
    names = dict(names or {})
    key = match.sides[side].key
    arcs = match.arcs
    everything = [event for arc in arcs for event in arc.events]
    fielded = sorted(_fielded(everything, key))
    tally: dict[str, int] = {}
    events: list[Event] = []
    named = [names.get(pid, pid) for pid in fielded]
    for arc in arcs:
        for player, award in _awards_of(arc, key):
            tally, event = award_spp(ruleset, tally, names.get(player, player), award, fielded=named)
            events.append(event)
    attendance = sum(match.fan_factors) if match.fan_factors else 0
    report = MatchReport(
        team=match.sides[side].name,
        points=match.score[side],
        arcs_scored=sum(1 for arc in arcs if arc.attacker == side and arc.points),
        fan_attendance=attendance,
        fielded=tuple(named),
        casualties=tuple(_casualties(everything, key, names)),
        spp=tally,
        journeymen=tuple(names.get(pid, pid) for pid in journeymen),
        headliner=None if headliner is None else names.get(headliner, headliner),
        numbered=tuple(names.get(pid, pid) for pid in match.sides[side].fielded),
    )
    return report, tuple(events)
