"""Problems with locations, and the exceptions that carry them.

Every error the library reports about data, team files, plugins or arguments is
a :class:`Problem`: a stable ``code``, a message, and where it was found. They
are collected, never raised one at a time, so a user sees every error at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from attrs import frozen

JsonPath = tuple[str | int, ...]


def format_json_path(path: Iterable[str | int]) -> str:
    """Render a path as ``$.a[0].b``, the dialect jsonschema's ``json_path`` uses."""
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isidentifier():
            out += f".{part}"
        else:
            escaped = part.replace("\\", "\\\\").replace("'", "\\'")
            out += f"['{escaped}']"
    return out


@frozen
class Location:
    """Where something was found: a file, a 1-based line and column, and a JSON path."""

    file: str
    line: int | None = None
    col: int | None = None
    path: str = "$"

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return where


@frozen
class Problem:
    """One thing wrong, with a stable code and where it is."""

    code: str
    message: str
    path: str = "$"
    file: str | None = None
    line: int | None = None
    col: int | None = None

    def __str__(self) -> str:
        if self.file is None:
            return f"{self.path}: {self.message}"
        where = self.file
        if self.line is not None:
            where += f":{self.line}:{self.col or 1}"
        return f"{where}: {self.path}: {self.message}"

    @classmethod
    def at(cls, location: Location, code: str, message: str) -> Problem:
        return cls(code, message, location.path, location.file, location.line, location.col)

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"code": self.code, "message": self.message, "path": self.path}
        if self.file is not None:
            data.update(file=self.file, line=self.line, col=self.col)
        return data


class BBCoreError(Exception):
    """Base class of every error bbcore raises on purpose."""


class DataError(BBCoreError):
    """Data files are invalid. ``problems`` lists every one found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class PluginError(BBCoreError):
    """A plugin failed to load or misbehaved; the message names it."""


class UsageError(BBCoreError):
    """A caller asked for something that does not exist (an unknown id, variant or option) or options that do not go together."""


def display_path(path: Path | str) -> str:
    """A path as users should see it: relative to the working directory when inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)
