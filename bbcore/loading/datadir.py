"""Load one data directory (or single files) by the layout convention.

The kind of a file follows from where it sits, so a plugin author lays out
files the way the core does and needs no manifest:

=========================  ==========
path                       kind
=========================  ==========
``rosters/*.yaml``         roster
``tables/*.yaml``          table
``pitches/*.yaml``         pitch
``teams/*.yaml``           team
``skills.yaml``            skill
``glossary.yaml``          glossary
``inducements.yaml``       inducement
``parameters.yaml``        parameters
``sequences.yaml``         sequence
``amendments.yaml``        amendments
=========================  ==========
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from attrs import frozen

from bbcore.errors import Problem, display_path
from bbcore.loading.schemas import schema_problems
from bbcore.loading.structure import structure
from bbcore.loading.yaml_source import YamlDocument, YamlLoadError, parse_yaml_text, read_text_file
from bbcore.model.amendment import AmendmentFile
from bbcore.model.glossary import Glossary
from bbcore.model.inducement import InducementList
from bbcore.model.league import League
from bbcore.model.pitch import Pitch
from bbcore.model.roster import Roster
from bbcore.model.sequence import SequenceFile
from bbcore.model.skill import SkillList
from bbcore.model.table import Table
from bbcore.model.team import Team

DIRECTORY_KINDS = {"rosters": "roster", "tables": "table", "pitches": "pitch", "teams": "team"}
FILE_KINDS = {
    "skills.yaml": "skill",
    "glossary.yaml": "glossary",
    "inducements.yaml": "inducement",
    "parameters.yaml": "parameters",
    "sequences.yaml": "sequence",
    "amendments.yaml": "amendments",
}
MODELS: dict[str, type[Any] | None] = {
    "roster": Roster,
    "table": Table,
    "pitch": Pitch,
    "team": Team,
    "league": League,
    "skill": SkillList,
    "glossary": Glossary,
    "inducement": InducementList,
    "sequence": SequenceFile,
    "parameters": None,  # merged as plain data across layers, structured once complete
    "amendments": AmendmentFile,
}


@frozen
class LoadedFile:
    """One validated file: its document (for locations), its kind and its model."""

    document: YamlDocument
    kind: str
    model: Any


def kind_of(path: Path) -> str | None:
    """The data kind a path holds by the layout convention, or None, for a file named alone. The folder speaks first:
    ``teams/skills.yaml`` is a team (named Skills), not the skills file. A whole directory is read by
    :func:`load_directory`, which knows which files are at its top."""
    if path.parent.name in DIRECTORY_KINDS:
        return DIRECTORY_KINDS[path.parent.name]
    return FILE_KINDS.get(path.name)


def kind_in(data_dir: Path, path: Path) -> str:
    """The kind of one of :func:`data_files`: its place in the directory says it, whatever the directory is called."""
    return FILE_KINDS[path.name] if path.parent == data_dir else DIRECTORY_KINDS[path.parent.name]


def data_files(data_dir: Path) -> list[Path]:
    """Every data file of a directory, in a stable order."""
    found = [data_dir / name for name in FILE_KINDS if (data_dir / name).is_file()]
    for directory in DIRECTORY_KINDS:
        found.extend(sorted([*(data_dir / directory).glob("*.yaml"), *(data_dir / directory).glob("*.yml")]))
    return found


_loaded_cache: dict[tuple[str, str, str, str], tuple[LoadedFile | None, list[Problem]]] = {}


def load_file(path: Path, kind: str | None = None) -> tuple[LoadedFile | None, list[Problem]]:
    """Read, validate and structure one file; return it with every problem found.

    Results are kept for the life of the process, keyed by the path and a hash of
    the file's content: an edited file is always read again, never served stale.
    """
    kind = kind or kind_of(path)
    if kind is None:
        known = ", ".join([*FILE_KINDS, *(f"{d}/*.yaml" for d in DIRECTORY_KINDS)])
        return None, [
            Problem("unknown-data-file", f"cannot tell what kind of data this is; expected one of {known}", "$", display_path(path))
        ]
    try:
        text = read_text_file(path)
    except (OSError, UnicodeDecodeError) as error:
        return None, [Problem("unreadable-file", f"cannot read the file: {error}", "$", display_path(path))]
    # The working directory is part of the key because messages name files relative to it.
    key = (str(path.resolve()), kind, hashlib.sha256(text.encode()).hexdigest(), os.getcwd())
    if key not in _loaded_cache:
        _loaded_cache[key] = load_text(text, display_path(path), kind)
    loaded, problems = _loaded_cache[key]
    return loaded, list(problems)


def load_text(text: str, file: str, kind: str) -> tuple[LoadedFile | None, list[Problem]]:
    """Parse, validate and structure one file's text as ``kind``, ``file`` naming it in messages; every problem found."""
    try:
        document = parse_yaml_text(text, file)
    except YamlLoadError as error:
        return None, error.problems
    problems = schema_problems(document, kind)
    if problems:
        return None, problems
    model_type = MODELS[kind]
    if model_type is None:
        return LoadedFile(document, kind, document.data), []
    model, problems = structure(document, model_type)
    if model is None:
        return None, problems
    return LoadedFile(document, kind, model), []


def load_directory(data_dir: Path) -> tuple[list[LoadedFile], list[Problem]]:
    """Load every data file of a directory, collecting every problem of every file."""
    loaded: list[LoadedFile] = []
    problems: list[Problem] = []
    for path in data_files(data_dir):
        item, found = load_file(path, kind_in(data_dir, path))
        problems.extend(found)
        if item is not None:
            loaded.append(item)
    return loaded, problems
