"""Team files, team checks, and team cost and value."""

from bbcore.teams.checks import TeamCheck, TeamReport, check_team
from bbcore.teams.files import TeamFile, load_team_file, parse_team_text
from bbcore.teams.purchases import InducementOffer, inducement_offers
from bbcore.teams.valuation import TeamValuation, value_team

__all__ = [
    "InducementOffer",
    "TeamCheck",
    "TeamFile",
    "TeamReport",
    "TeamValuation",
    "check_team",
    "inducement_offers",
    "load_team_file",
    "parse_team_text",
    "value_team",
]
