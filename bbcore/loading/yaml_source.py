"""Read YAML safely, keeping the line and column of every node.

ruamel's round-trip loader never builds arbitrary Python objects: an unknown
tag is kept as a tag on the node. We walk the tree, reject every non-standard
tag (``!!python/object``, ``!foo``, ``!!binary``...), turn the rest into plain
JSON-like data, and remember where each node sits so that an error found later
(by the schema, by cattrs or by a cross-reference check) can name its line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq, CommentedSet, TaggedScalar
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.reader import ReaderError

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


class YamlDocument:
    """Plain data from one YAML file, with the position of every node.

    Positions come from ruamel's round-trip parser, which is several times slower
    than the C safe parser that produced ``data``; they are only needed when
    something is reported, so they are computed on first use.
    """

    __slots__ = ("_positions", "data", "file", "text")

    def __init__(self, file: str, data: Any, text: str, positions: dict[JsonPath, tuple[int, int]] | None = None) -> None:
        self.file = file
        self.data = data
        self.text = text
        self._positions = positions

    @property
    def positions(self) -> dict[JsonPath, tuple[int, int]]:
        if self._positions is None:
            self._positions = _positions_of(self.text, self.file)
        return self._positions

    def locate(self, path: JsonPath) -> Location:
        """The location of ``path``, or of its nearest ancestor that has one."""
        positions = self.positions
        probe = tuple(path)
        while probe and probe not in positions:
            probe = probe[:-1]
        line, col = positions.get(probe, (1, 1))
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


def _key_position(node: CommentedMap, key: object) -> tuple[int, int]:
    """Where ``key`` of ``node`` is written (0-based); a key a merge (``<<: *anchor``) brought in is not written in
    this map, so its place is the map's own."""
    try:
        line, col = node.lc.key(key)
    except KeyError:
        return node.lc.line, node.lc.col
    return line, col


class _Walker:
    def __init__(self, file: str) -> None:
        self.file = file
        self.positions: dict[JsonPath, tuple[int, int]] = {}
        self.problems: list[Problem] = []
        self.data: Any = None
        # How many values were read: aliases may repeat a part many times over, so they count each time.
        self._read = 0

    def _bad_tag(self, path: JsonPath, tag: str) -> None:
        tag = tag.replace("tag:yaml.org,2002:", "!!")
        line, col = self.positions.get(path, (1, 1))
        self.problems.append(
            Problem(
                "unsafe-yaml-tag",
                f"the YAML tag {tag!r} is not allowed: data files hold plain values only, and tags that build objects are never executed",
                format_json_path(path),
                self.file,
                line,
                col,
            )
        )

    def _too_big(self, path: JsonPath) -> None:
        line, col = self.positions.get(path, (1, 1))
        self.problems.append(
            Problem(
                "yaml-too-big",
                f"more than {MAX_VALUES:,} values once its aliases are written out: no rules or team file is that large",
                format_json_path(path),
                self.file,
                line,
                col,
            )
        )

    def plain(self, node: Any, path: JsonPath) -> Any:  # noqa: PLR0911 - one return per YAML node type
        if isinstance(node, TaggedScalar):
            self._bad_tag(path, str(node.tag.value))
            return None
        tag = _explicit_tag(node)
        if tag is not None:
            self._bad_tag(path, tag)
            return None
        self._read += 1
        if self._read > MAX_VALUES:
            if self._read == MAX_VALUES + 1:
                self._too_big(path)
            return None
        if isinstance(node, CommentedMap):
            result: dict[str, Any] = {}
            for key in node:
                child = (*path, str(key))
                line, col = _key_position(node, key)
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
        if isinstance(node, bytes | CommentedSet | set):
            self._bad_tag(path, "!!binary" if isinstance(node, bytes) else "!!set")
            return None
        # Dates and other YAML types have no place in rules data.
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


def _fast_yaml() -> YAML:
    # The C parser when ruamel.yaml.clib is installed; the safe constructor never builds objects.
    yaml = YAML(typ="safe", pure=False)
    yaml.allow_duplicate_keys = False
    return yaml


def _is_plain(node: Any, budget: list[int] | None = None) -> bool:
    """Plain data only, and no more than :data:`MAX_VALUES` values (aliases count each time they are used: a file
    that grows past it, an alias bomb, is left to the slow walk, which says where)."""
    budget = [MAX_VALUES] if budget is None else budget
    budget[0] -= 1
    if budget[0] < 0:
        return False
    if isinstance(node, dict):
        return all(isinstance(k, str) and _is_plain(v, budget) for k, v in node.items())
    if isinstance(node, list):
        return all(_is_plain(v, budget) for v in node)
    return node is None or isinstance(node, bool | int | float | str)


def _walk_round_trip(text: str, file: str) -> _Walker:
    try:
        raw = _new_yaml().load(text)
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        reason = error.problem or error.context or "invalid YAML"
        if error.context and error.problem:
            context = error.context
            opened = error.context_mark
            if opened is not None and (opened.line, opened.column) != (line - 1, col - 1):
                context += f" (started at line {opened.line + 1}, column {opened.column + 1})"
            reason = f"{context}: {error.problem}"
        raise YamlLoadError([Problem("yaml-syntax", f"malformed YAML: {reason}", "$", file, line, col)]) from None
    except ReaderError as error:
        before = text[: error.position]
        line, col = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        character = error.character if isinstance(error.character, int) else ord(str(error.character)[:1] or " ")
        raise YamlLoadError(
            [Problem("yaml-syntax", f"malformed YAML: the character U+{character:04X} is not allowed in YAML", "$", file, line, col)]
        ) from None
    except YAMLError as error:
        raise YamlLoadError([Problem("yaml-syntax", f"malformed YAML: {error}", "$", file, 1, 1)]) from None
    walker = _Walker(file)
    walker.positions[()] = (1, 1)
    walker.data = walker.plain(raw, ())
    return walker


#: How many values a file may hold, counting what its aliases repeat: far beyond any rules or team file,
#: short of what would stall the checks (a few lines of aliases can stand for billions of values).
MAX_VALUES = 200_000
#: How deep flow collections (``[...]``, ``{...}``) may nest: far beyond any rules file, well short of the parser's limits.
MAX_FLOW_DEPTH = 64


def _too_deep(text: str, file: str) -> Problem | None:
    """A first look, before any parser recurses: flow brackets nested past :data:`MAX_FLOW_DEPTH`."""
    depth = 0
    for found in _BRACKET.finditer(text):
        if found.group() in "[{":
            depth += 1
            if depth > MAX_FLOW_DEPTH:
                index = found.start()
                before = text[:index]
                line, col = before.count("\n") + 1, index - before.rfind("\n")
                return Problem("yaml-too-deep", f"brackets nest more than {MAX_FLOW_DEPTH} deep", "$", file, line, col)
        else:
            depth = max(0, depth - 1)
    return None


_BRACKET = re.compile(r"[\[\]{}]")


def parse_yaml_text(text: str, file: str) -> YamlDocument:
    """Parse YAML text; raise :class:`YamlLoadError` with every problem found."""
    # Only a text with more opening brackets than the limit can nest past it.
    deep = _too_deep(text, file) if text.count("[") + text.count("{") > MAX_FLOW_DEPTH else None
    if deep is not None:
        raise YamlLoadError([deep])
    try:
        return _parse(text, file)
    except RecursionError:
        raise YamlLoadError([Problem("yaml-too-deep", "the values nest too deeply to read", "$", file, 1, 1)]) from None


def _positions_of(text: str, file: str) -> dict[JsonPath, tuple[int, int]]:
    """Where each node of a text the C parser read is written. ruamel's round-trip scanner refuses a tab between two
    tokens (``key:<TAB>value``, ``2<TAB># comment``), which YAML allows and the C parser reads: each tab read as a
    space keeps every column, and only the positions are taken from that reading."""
    try:
        return _walk_round_trip(text, file).positions
    except YamlLoadError:
        pass
    try:
        return _walk_round_trip(text.replace("\t", " "), file).positions
    except YamlLoadError:
        return {(): (1, 1)}


def _parse(text: str, file: str) -> YamlDocument:
    try:
        data = _fast_yaml().load(text)
    except YAMLError:
        data = _NOT_PLAIN
    if data is not _NOT_PLAIN and _is_plain(data):
        return YamlDocument(file, data, text)
    # Something is wrong (syntax, a tag, a date...): the round-trip walk says what and where.
    walker = _walk_round_trip(text, file)
    if walker.problems:
        raise YamlLoadError(walker.problems)
    return YamlDocument(file, walker.data, text, walker.positions)


_NOT_PLAIN = object()


def read_text_file(path: Path) -> str:
    """A file's UTF-8 text. Only a regular file is read: a folder, a device or a pipe raises OSError at once
    (reading ``/dev/zero`` or a pipe nobody writes to would never end)."""
    if path.exists() and not path.is_file():
        raise OSError(f"{display_path(path)} is not a file (a folder, a device or a pipe)")
    return path.read_text(encoding="utf-8")


def read_yaml(path: Path) -> YamlDocument:
    """Read and parse one YAML file; the file is named as the user would write it."""
    file = display_path(path)
    try:
        text = read_text_file(path)
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
