"""Drafting a team for Gutter Bowl, or bringing an existing Blood Bowl team.

Most drafting rules are plain numbers in ``data/parameters.yaml`` that the core's
own team checks already enforce: the 750K budget, at least 7 players, the fixed
100K price of a team re-roll and no sideline staff (each staff limit is 0). The one
rule with no core parameter is the cap on players who are not Linemen; it is a team
check here, with the cap in ``variant-rules.yaml``.

With the ruleset option ``teams=existing`` both coaches bring teams drafted under
the Blood Bowl rules instead: :func:`existing_team_parameters` puts the core's
budget, roster minimum, re-roll prices and staff limits back, and the Lineman cap
is not checked. Seven players a side and six-turn halves still hold. Cheerleaders,
assistant coaches and apothecaries on such a team do nothing in play: see
:func:`bbcore_gutterbowl.pregame.leave_sideline_staff_at_home`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

import attrs

import bbcore
from bbcore.rules.pregame import journeyman_positions
from bbcore.teams.checks import TeamCheck, problem
from bbcore.teams.valuation import team_roster
from bbcore_gutterbowl.variant_rules import variant_rules

if TYPE_CHECKING:
    from bbcore.errors import Problem
    from bbcore.model.team import Team
    from bbcore.ruleset import Ruleset

#: The ruleset option saying which teams play, and its value for Blood Bowl teams.
TEAMS_OPTION = "teams"
EXISTING_TEAMS = "existing"


def existing_teams(options: Mapping[str, str]) -> bool:
    """Whether the coaches bring Blood Bowl teams drafted as usual (``teams=existing``)."""
    return options.get(TEAMS_OPTION) == EXISTING_TEAMS


def check_non_linemen(ruleset: Ruleset, team: Team) -> Iterator[Problem]:
    """At most ``max_non_linemen`` players who are not from the roster's Lineman position.

    The Lineman position is the one the core takes Journeymen from: the Lineman keyword
    with the roster's open limit (0-16). A position that merely carries the keyword with
    a tighter limit, such as the Human roster's Halfling Hopefuls, is not it. Not
    checked for existing Blood Bowl teams, nor for a team whose roster is unknown (the
    core checks report that).
    """
    if existing_teams(ruleset.options):
        return
    roster = team_roster(ruleset, team)
    if roster is None:
        return
    linemen = set(journeyman_positions(ruleset, roster.id))
    others = [player for player in team.players if player.position not in linemen]
    limit = variant_rules(ruleset).max_non_linemen
    if len(others) > limit:
        names = ", ".join(player.name for player in others)
        yield problem(
            "too-many-non-linemen",
            f"{len(others)} players are not from a Lineman position ({names}); a Gutter Bowl team may have at most {limit}",
            "players",
        )


NON_LINEMEN_CHECK = TeamCheck(
    "gutterbowl/non-linemen",
    check_non_linemen,
    description="At most a few players not from the Lineman position (Gutter Bowl drafting).",
)


def existing_team_parameters(options: Mapping[str, str]) -> Mapping[str, Any] | None:
    """With ``teams=existing``, the core's drafting parameters in place of Gutter Bowl's; otherwise None.

    Read from the core ruleset, never restated: the draft budget, the roster minimum,
    the re-roll pricing and the sideline staff terms. What the game itself changes
    (players on the pitch, turns per half) stays as Gutter Bowl has it.
    """
    if not existing_teams(options):
        return None
    core = bbcore.load_ruleset().parameters
    return {
        "draft_budget": core.draft_budget,
        "roster": {"min": core.roster.min},
        "rerolls": {"fixed_cost": core.rerolls.fixed_cost},
        "staff": {staff_id: attrs.asdict(terms) for staff_id, terms in core.staff.items()},
    }


__all__ = ["NON_LINEMEN_CHECK", "check_non_linemen", "existing_team_parameters", "existing_teams"]
