"""The Headliners: guest champions a sponsor lends for one match, read from ``data/rules/headliners.yaml``.

Headliners fit none of the core's data kinds (they are neither roster positions nor
inducements), so the plugin keeps them in a file of its own, registered as the rules
file ``skurling/headliners``. Every ruleset with Skurling reads it the way the core
reads its data (safe YAML with positions, the JSON Schema ``headliners.schema.json``
with no unknown key, cattrs into frozen attrs classes) as its own layers amend it: the
profiles are provisional, and a league may give its own list, or another Team Value, in
an ``amendments.yaml``. A broken file or amendment stops the ruleset from loading with
every problem located. The Team Value a Headliner adds is written once, as the file's
``team_value``, and copied onto every :class:`Headliner` as ``cost_in_tv``. Call
:func:`headliners` with the ruleset wherever the list is needed.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.loading.plugin_files import load_plugin_file
from bbcore.model.common import SkillRef
from bbcore.rules_files import RulesFileProblem

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The data file and the schema it is validated against.
HEADLINERS_FILE = Path(__file__).parent / "data" / "rules" / "headliners.yaml"
SCHEMA_FILE = Path(__file__).parent / "headliners.schema.json"
#: The id the Headliners are registered under, and amended by.
RULES_ID = "skurling/headliners"


@frozen
class HeadlinerEntry:
    """One profile exactly as the file gives it (without the shared Team Value)."""

    id: str
    name: str
    race: str
    text: str
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[SkillRef, ...]
    provisional: bool | None = None
    note: str | None = None


@frozen
class HeadlinerFile:
    """The whole file: its provenance, the Team Value every Headliner adds, and the profiles."""

    source: str
    team_value: int
    headliners: tuple[HeadlinerEntry, ...]
    provisional: bool = False
    note: str | None = None


@frozen
class Headliner:
    """A guest champion: a Blood Bowl profile with a reference race, and the Team Value it adds for its match.

    ``race`` is the id of the Blood Bowl 2025 roster whose miniatures suit it.
    ``provisional`` and ``note`` come from the profile, or else from the file.
    """

    id: str
    name: str
    race: str
    text: str
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[SkillRef, ...]
    cost_in_tv: int
    provisional: bool
    note: str | None

    def has_skill(self, skill_id: str) -> bool:
        """Whether the profile lists this skill or trait (by id, whatever its parameter)."""
        return any(skill.id == skill_id for skill in self.skills)


def load_headliners(path: Path = HEADLINERS_FILE) -> tuple[Headliner, ...]:
    """Read, validate and structure one headliners file; raise DataError listing every problem."""
    return _profiles(load_plugin_file(path, SCHEMA_FILE, HeadlinerFile))


@cache
def _profiles(loaded: HeadlinerFile) -> tuple[Headliner, ...]:
    """Each entry with the file's shared Team Value, and its provenance (its own, else the file's)."""
    return tuple(
        Headliner(
            id=entry.id,
            name=entry.name,
            race=entry.race,
            text=entry.text,
            ma=entry.ma,
            st=entry.st,
            ag=entry.ag,
            pa=entry.pa,
            av=entry.av,
            skills=entry.skills,
            cost_in_tv=loaded.team_value,
            provisional=loaded.provisional if entry.provisional is None else entry.provisional,
            note=entry.note if entry.note is not None else loaded.note,
        )
        for entry in loaded.headliners
    )


def headliners(ruleset: Ruleset) -> tuple[Headliner, ...]:
    """The Headliners in force in a ruleset with Skurling, as its layers amend them."""
    return _profiles(ruleset.rules_model(RULES_ID, HeadlinerFile))


def headliner(ruleset: Ruleset, headliner_id: str) -> Headliner:
    """One Headliner by id; a KeyError names the ids that exist."""
    for found in headliners(ruleset):
        if found.id == headliner_id:
            return found
    known = ", ".join(h.id for h in headliners(ruleset))
    raise KeyError(f"no Headliner {headliner_id!r}; known: {known}")


def reference_problems(ruleset: Ruleset, listed: tuple[Headliner, ...] | None = None) -> list[RulesFileProblem]:
    """Every race that is not a roster and every skill that is not in the ruleset, each at its place in the file.

    The schema cannot see the ruleset, so these cross-references are checked here, each
    time a ruleset with Skurling is built (``bbcore_rules_file_problems``). ``listed``
    checks other profiles than the ruleset's, in the file's order.
    """
    problems: list[RulesFileProblem] = []
    for index, found in enumerate(headliners(ruleset) if listed is None else listed):
        at = ("headliners", index)
        if found.race not in ruleset.rosters:
            problems.append(RulesFileProblem(RULES_ID, (*at, "race"), f"Headliner {found.id!r}: race {found.race!r} is not a roster"))
        problems.extend(
            RulesFileProblem(RULES_ID, (*at, "skills", number), f"Headliner {found.id!r}: unknown skill {skill.id!r}")
            for number, skill in enumerate(found.skills)
            if skill.id not in ruleset.skills
        )
    return problems
