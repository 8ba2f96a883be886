"""Read YAML safely, keeping the line and column of every node.

ruamel's round-trip loader never builds arbitrary Python objects: an unknown
tag is kept as a tag on the node. We walk the tree, reject every non-standard
tag (``!!python/object``, ``!foo``, ``!!binary``...), turn the rest into plain
JSON-like data, and remember where each node sits so that an error found later
(by the schema, by cattrs or by a cross-reference check) can name its line.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from attrs import frozen
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq, TaggedScalar
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from bbcore.errors import JsonPath, Location, Problem, display_path, format_json_path

_STANDARD_TAGS = {
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}


@frozen
class YamlDocument:
    """Plain data from one YAML file, with the position of every node."""

    file: str
    data: Any
    positions: dict[JsonPath, tuple[int, int]]

    def locate(self, path: JsonPath) -> Location:
        """The location of ``path``, or of its nearest ancestor that has one."""
        probe = tuple(path)
        while probe and probe not in self.positions:
            probe = probe[:-1]
        line, col = self.positions.get(probe, (1, 1))
        return Location(self.file, line, col, format_json_path(path))

    def problem(self, path: JsonPath, code: str, message: str) -> Problem:
        return Problem.at(self.locate(path), code, message)


class YamlLoadError(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(map(str, problems)))


def _new_yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    return yaml


def _explicit_tag(node: object) -> str | None:
    tag = getattr(node, "tag", None)
    value = getattr(tag, "value", None) if tag is not None else None
    if value is None or value in _STANDARD_TAGS:
        return None
    return str(value)


class _Walker:
    def __init__(self, file: str) -> None:
        self.file = file
        self.positions: dict[JsonPath, tuple[int, int]] = {}
        self.problems: list[Problem] = []

    def _bad_tag(self, path: JsonPath, tag: str) -> None:
        tag = tag.replace("tag:yaml.org,2002:", "!!")
        line, col = self.positions.get(path, (1, 1))
        self.problems.append(
            Problem(
                "unsafe-yaml-tag",
                f"the YAML tag {tag!r} is not allowed: data files hold plain values only, "
                "and tags that build objects are never executed",
                format_json_path(path),
                self.file,
                line,
                col,
            )
        )

    def plain(self, node: Any, path: JsonPath) -> Any:
        if isinstance(node, TaggedScalar):
            self._bad_tag(path, str(node.tag.value))
            return None
        tag = _explicit_tag(node)
        if tag is not None:
            self._bad_tag(path, tag)
            return None
        if isinstance(node, CommentedMap):
            result: dict[str, Any] = {}
            for key in node:
                child = (*path, str(key))
                line, col = node.lc.key(key)
                self.positions[child] = (line + 1, col + 1)
                result[str(key)] = self.plain(node[key], child)
            return result
        if isinstance(node, CommentedSeq):
            items = []
            for index, item in enumerate(node):
                child = (*path, index)
                line, col = node.lc.item(index)
                self.positions[child] = (line + 1, col + 1)
                items.append(self.plain(item, child))
            return items
        if isinstance(node, bool) or node is None:
            return node
        if isinstance(node, int):
            return int(node)
        if isinstance(node, float):
            return float(node)
        if isinstance(node, str):
            return str(node)
        # Dates, binary and other YAML types have no place in rules data.
        line, col = self.positions.get(path, (1, 1))
        self.problems.append(
            Problem(
                "unsupported-yaml-value",
                f"a {type(node).__name__} value is not allowed; write it as a quoted string",
                format_json_path(path),
                self.file,
                line,
                col,
            )
        )
        return None


def parse_yaml_text(text: str, file: str) -> YamlDocument:
    """Parse YAML text; raise :class:`YamlLoadError` with every problem found."""
    try:
        raw = _new_yaml().load(text)
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        reason = error.problem or error.context or "invalid YAML"
        if error.context and error.problem:
            reason = f"{error.context}: {error.problem}"
        raise YamlLoadError([Problem("yaml-syntax", f"malformed YAML: {reason}", "$", file, line, col)]) from None
    except YAMLError as error:
        raise YamlLoadError([Problem("yaml-syntax", f"malformed YAML: {error}", "$", file, 1, 1)]) from None
    walker = _Walker(file)
    walker.positions[()] = (1, 1)
    data = walker.plain(raw, ())
    if walker.problems:
        raise YamlLoadError(walker.problems)
    return YamlDocument(file, data, walker.positions)


def read_yaml(path: Path) -> YamlDocument:
    """Read and parse one YAML file; the file is named as the user would write it."""
    file = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise YamlLoadError([Problem("unreadable-file", f"cannot read the file: {error}", "$", file, None, None)]) from None
    return parse_yaml_text(text, file)


def iter_paths(data: Any, prefix: JsonPath = ()) -> Iterator[JsonPath]:
    """Every path in a plain data tree, depth first."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from iter_paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from iter_paths(value, (*prefix, index))
