"""A problem with a team file, at a JSON path of it: what every team check reports."""

from __future__ import annotations

from bbcore.errors import Problem, format_json_path


def problem(code: str, message: str, *path: str | int) -> Problem:
    """A team problem at a JSON path of the team file."""
    return Problem(code, message, format_json_path(path))


__all__ = ["problem"]
