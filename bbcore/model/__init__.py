"""Frozen, slotted attrs models of the rules data, one module per entity kind."""

from bbcore.model.common import Condition, Effect, SkillRef
from bbcore.model.glossary import Glossary, GlossaryEntry
from bbcore.model.inducement import Inducement, InducementCost, InducementGroup, InducementList
from bbcore.model.parameters import GameParameters
from bbcore.model.pitch import Pitch
from bbcore.model.roster import Position, Roster, RosterRule
from bbcore.model.sequence import Sequence, SequenceFile, Step
from bbcore.model.skill import Skill, SkillList
from bbcore.model.table import Row, Table
from bbcore.model.team import Team, TeamPlayer

__all__ = [
    "Condition",
    "Effect",
    "GameParameters",
    "Glossary",
    "GlossaryEntry",
    "Inducement",
    "InducementCost",
    "InducementGroup",
    "InducementList",
    "Pitch",
    "Position",
    "Roster",
    "RosterRule",
    "Row",
    "Sequence",
    "SequenceFile",
    "Skill",
    "SkillList",
    "SkillRef",
    "Step",
    "Table",
    "Team",
    "TeamPlayer",
]
