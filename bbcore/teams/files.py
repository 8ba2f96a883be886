"""Read, edit and save team files without disturbing what the user wrote.

Saving goes through ruamel's round-trip mode, so comments, key order, quoting
and the untouched lines stay byte for byte as they were.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ruamel.yaml import YAML

from bbcore.errors import DataError, Problem, display_path
from bbcore.loading.datadir import load_text
from bbcore.loading.yaml_source import YamlDocument, read_text_file
from bbcore.model.team import Team

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset, TeamFileRef


def _round_trip_yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


class TeamFile:
    """A team file open for reading and editing.

    ``team`` is the validated model; ``data`` is the round-trip tree to edit;
    :meth:`save` writes it back, changing only what was changed.
    """

    def __init__(self, path: Path | None, text: str, document: YamlDocument, team: Team) -> None:
        self.path = path
        self.text = text
        self.document = document
        self.team = team
        self.data: Any = _round_trip_yaml().load(text)

    def dumps(self) -> str:
        stream = io.StringIO()
        _round_trip_yaml().dump(self.data, stream)
        return stream.getvalue()

    def save(self, path: Path | None = None) -> None:
        target = path or self.path
        if target is None:
            raise ValueError("no path to save to")
        Path(target).write_text(self.dumps(), encoding="utf-8")


def parse_team_text(text: str, file: str = "<team>", path: Path | None = None) -> TeamFile:
    """Parse and validate a team file's text; raise DataError with every problem."""
    loaded, problems = load_text(text, file, "team")
    if loaded is None:
        raise DataError(problems)
    return TeamFile(path, text, loaded.document, loaded.model)


def load_team_file(path: Path | str) -> TeamFile:
    """Load a team file (ARCHITECTURE §8)."""
    path = Path(path)
    try:
        text = read_text_file(path)
    except (OSError, UnicodeDecodeError) as error:
        raise DataError([Problem("unreadable-file", f"cannot read the team file: {error}", "$", display_path(path))]) from None
    return parse_team_text(text, display_path(path), path)


def load_team_files(paths: Iterable[Path | str]) -> list[TeamFile]:
    """Load several team files; one :class:`~bbcore.errors.DataError` holds the problems of every broken one."""
    loaded: list[TeamFile] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            loaded.append(load_team_file(path))
        except DataError as error:
            problems.extend(error.problems)
    if problems:
        raise DataError(problems)
    return loaded


def variant_of(team_files: Sequence[TeamFile]) -> str | None:
    """The variant the team files are for (None: the core), to load their ruleset with.

    They must all name the same one, and it must be installed; otherwise a
    :class:`~bbcore.errors.DataError` points at each file's ``variant``.
    """
    from bbcore.plugins import default_host  # noqa: PLC0415 - discovering plugins imports them; only when asked

    named = sorted({f.team.variant or "" for f in team_files})
    if len(named) > 1:
        listed = ", ".join(repr(v) if v else "the core (no variant)" for v in named)
        raise DataError(
            f.document.problem(("variant",), "mixed-variants", f"these team files are for different games: {listed}") for f in team_files
        )
    variant = named[0] if named and named[0] else None
    installed = default_host().variants()
    if variant is not None and variant not in installed:
        known = ", ".join(sorted(installed)) or "none installed"
        raise DataError(
            f.document.problem(("variant",), "unknown-variant", f"unknown variant {variant!r}; installed variants: {known}")
            for f in team_files
        )
    return variant


def position_problems(ruleset: Ruleset, ref: TeamFileRef) -> list[Problem]:
    """Positions a shipped team file names that the ruleset lacks."""
    problems = []
    for i, player in enumerate(ref.team.players):
        roster = ruleset.rosters.get(player.roster_id)
        if roster is None or roster.position(player.position_id) is None:
            problems.append(ref.document.problem(("players", i, "position"), "unknown-position", f"unknown position {player.position!r}"))
    return problems
