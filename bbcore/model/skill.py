"""Skills and traits."""

from __future__ import annotations

from attrs import frozen


@frozen
class Skill:
    """A skill or trait of the glossary."""

    id: str
    name: str
    category: str
    text: str
    elite: bool = False
    compulsory: bool = False
    usage: str | None = None
    parameter: str | None = None
    replaces: str | None = None
    acts_as: str | None = None  # the skill this one is a form of: played as that one (Ruleset.skill_forms)
    provisional: bool = False
    note: str | None = None

    @property
    def trait(self) -> bool:
        return self.category == "trait"

    def display(self, value: int | str | None = None) -> str:
        """The name as printed on a roster: ``Loner (4+)``, ``Dirty Player (+1)``, ``Animosity (All)``."""
        if value is None:
            return self.name
        if self.parameter == "target":
            return f"{self.name} ({value}+)"
        if self.parameter == "modifier" and isinstance(value, int):
            return f"{self.name} ({value:+d})"
        return f"{self.name} ({value})"


@frozen
class SkillList:
    source: str
    skills: tuple[Skill, ...]
