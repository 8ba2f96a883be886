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
    #: With ``replaces``: the plugins whose replacement of the same entry this one wins over.
    precedence_over: tuple[str, ...] = ()
    acts_as: str | None = None  # the skill this one is a form of: played as that one (Ruleset.skill_forms)
    excludes: tuple[str, ...] = ()  # skills a player who has this one may not also have
    requires_one_of: tuple[str, ...] = ()  # a player may have this one only with one of these
    provisional: bool = False
    note: str | None = None

    @property
    def trait(self) -> bool:
        return self.category == "trait"

    def value_problem(self, value: int | str | None) -> str | None:
        """What is wrong with ``value`` as this skill's value in brackets, or None: a target number is 2 to 6 (a
        D6 roll), a modifier a whole number other than 0, a keyword a word; a skill without a value takes none."""
        if self.parameter is None:
            return None if value is None else f"{self.name} takes no value"
        if value is None:
            return f"{self.name} needs its value ({self.parameter})"
        if self.parameter == "target":
            good = isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 6
            return None if good else f"{self.name} takes a target number from 2+ to 6+, not {value!r}"
        if self.parameter == "modifier":
            good = isinstance(value, int) and not isinstance(value, bool) and value != 0
            return None if good else f"{self.name} takes a modifier such as +1, not {value!r}"
        good = isinstance(value, str) and bool(value.strip())
        return None if good else f"{self.name} takes a keyword (such as Dwarf), not {value!r}"

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
