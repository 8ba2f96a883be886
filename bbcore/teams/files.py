"""Read, edit and save team files without disturbing what the user wrote.

Saving goes through ruamel's round-trip mode, so comments, key order, quoting
and the untouched lines stay byte for byte as they were.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import attrs
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from bbcore.errors import DataError, Problem, UsageError, display_path
from bbcore.loading.datadir import load_text
from bbcore.loading.yaml_source import YamlDocument, read_text_file
from bbcore.model.common import SkillRef
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

    ``team`` is the validated model; ``data`` is the round-trip tree to edit, read on
    first use; :meth:`save` writes it back, changing only what was changed. A file that
    cannot be edited that way (one whose parts are shared through YAML anchors, aliases
    or merge keys, where one change would change every place sharing it, or one the
    round-trip reader refuses) raises :class:`~bbcore.errors.UsageError` when its tree
    is first asked for.
    """

    def __init__(self, path: Path | None, text: str, document: YamlDocument, team: Team) -> None:
        self.path = path
        self.text = text
        self.document = document
        self.team = team
        self._data: Any = None

    @property
    def data(self) -> Any:
        if self._data is None:
            self._data = _editable_tree(self.text, self.document.file)
        return self._data

    def dumps(self) -> str:
        stream = io.StringIO()
        _round_trip_yaml().dump(self.data, stream)
        return stream.getvalue()

    def update(self, team: Team) -> None:
        """Write ``team`` into the file's YAML where it differs from the file's own team, and make it ``team``.

        Only what changed is written: a player is matched by his name and position
        (``TeamPlayer.identity``), so a kept player keeps his entry
        and its comments, one who left loses it and a new one is added at the end; a list
        that only lost or gained items at its end keeps the rest as written. What is
        written anew takes the plain form of the schema (defaults left out). When the
        players are reordered, a comment on its own line after the last player (which
        the YAML keeps with him) moves with him.
        """
        _merge_mapping(self.data, _plain(self.team), _plain(team), _merge_players)
        self.team = team

    def save(self, path: Path | None = None) -> None:
        target = path or self.path
        if target is None:
            raise ValueError("no path to save to")
        Path(target).write_text(self.dumps(), encoding="utf-8")


def _editable_tree(text: str, file: str) -> Any:
    """The round-trip tree of a team file's text, refused where editing it would go wrong (see :class:`TeamFile`)."""
    try:
        tree = _round_trip_yaml().load(text)
    except YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark is not None else file
        raise UsageError(
            f"{where}: the file cannot be edited in place ({getattr(error, 'problem', None) or 'unreadable'}); "
            "write it with spaces instead of tabs between values"
        ) from None
    shared = _shared_node(tree)
    if shared is not None:
        raise UsageError(
            f"{file}:{shared[0]}:{shared[1]}: the file shares parts through YAML anchors, aliases or merge keys (&, *, <<), "
            "and an edit would change every place that shares them; write those parts out in full to change the file"
        )
    return tree


def _shared_node(tree: Any) -> tuple[int, int] | None:
    """Where (1-based line, column) the first node written once and used in two places (an alias, a merge) is, or None."""
    seen: set[int] = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        if not isinstance(node, Mapping | list):
            continue
        merged = getattr(node, "merge", None)
        if id(node) in seen or merged:
            lc = getattr(node, "lc", None)
            return (lc.line + 1, lc.col + 1) if lc is not None else (1, 1)
        seen.add(id(node))
        stack.extend(node.values() if isinstance(node, Mapping) else node)
    return None


def _plain(value: object) -> Any:
    """A model as a team file writes it: attrs classes as mappings without their defaults, tuples as lists, a skill
    with no parameter as its id."""
    if isinstance(value, SkillRef) and value.value is None:
        return value.id
    if attrs.has(type(value)):
        plain = {}
        for attribute in attrs.fields(cast("type[attrs.AttrsInstance]", type(value))):
            item = getattr(value, attribute.name)
            default = attribute.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                default = default.factory()
            if item is None or item == default:
                continue
            plain[attribute.name] = _plain(item)
        return plain
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


def _merge_mapping(node: Any, old: dict[str, Any], new: dict[str, Any], merge_players: Any = None) -> None:
    """Make the YAML mapping ``node``, written as ``old``, say ``new``, touching only the keys that differ."""
    for key in [key for key in old if key not in new]:
        node.pop(key, None)
    for key, value in new.items():
        was = old.get(key)
        if was == value and key in node:
            continue
        if key == "players" and merge_players is not None and key in node:
            merge_players(node[key], was or [], value)
        elif isinstance(value, dict) and isinstance(was, dict) and isinstance(node.get(key), Mapping):
            _merge_mapping(node[key], was, value)
        elif isinstance(value, list) and isinstance(was, list) and isinstance(node.get(key), list):
            _merge_list(node[key], was, value)
        else:
            node[key] = value


def _merge_list(node: Any, old: list[Any], new: list[Any]) -> None:
    """Items taken out (the others in order) or added at the end change only those items; else the list is new."""
    kept, position = [], 0
    for index, item in enumerate(old):
        if position < len(new) and new[position] == item:
            kept.append(index)
            position += 1
    if len(kept) == len(old) or new == [old[i] for i in kept]:
        for index in reversed([i for i in range(len(old)) if i not in kept]):
            del node[index]
        node.extend(new[len(kept) :])
    else:
        node[:] = new


def _merge_players(node: Any, old: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
    """The players' entries: matched by name and position, each kept one changed in place."""

    def identity(player: dict[str, Any]) -> tuple[object, object]:
        return (player.get("name"), player.get("position"))

    free = list(range(len(old)))
    matches: list[int | None] = []
    for player in new:
        match = next((i for i in free if identity(old[i]) == identity(player)), None)
        if match is not None:
            free.remove(match)
            _merge_mapping(node[match], old[match], player)
        matches.append(match)
    kept = [match for match in matches if match is not None]
    if kept == sorted(kept) and None not in matches[: len(kept)]:
        # Players left and others joined at the end: the other entries, and their comments, stay where they are.
        for index in reversed(free):
            del node[index]
        node.extend(player for player, match in zip(new, matches, strict=True) if match is None)
    else:
        # Reordered: a comment after a one-line entry belongs to its place in the list, so it moves with the entry.
        comments = getattr(node, "ca", None)
        held = dict(comments.items) if comments is not None else {}
        node[:] = [node[match] if match is not None else player for player, match in zip(new, matches, strict=True)]
        if comments is not None:
            comments.items.clear()
            comments.items.update({index: held[match] for index, match in enumerate(matches) if match is not None and match in held})


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
    """Positions a shipped team file names that the ruleset lacks (``bbcore data check`` looks for the rest:
    :func:`named_problems`)."""
    problems = []
    for i, player in enumerate(ref.team.players):
        roster = ruleset.rosters.get(player.roster_id)
        if roster is None or roster.position(player.position_id) is None:
            problems.append(ref.document.problem(("players", i, "position"), "unknown-position", f"unknown position {player.position!r}"))
    return problems


def named_problems(ruleset: Ruleset, ref: TeamFileRef) -> list[Problem]:
    """What a shipped team file names that the ruleset lacks: positions, then (when they all exist) skills, injuries,
    staff and the rest that :func:`~bbcore.teams.checks.unknown_names` finds, through the team checks (and so the
    plugins' hooks). Inducements are left to ``team check``: they may come from a pack the file does not name."""
    from bbcore.teams.checks import check_team, unknown_names  # noqa: PLC0415 - the checks import this module

    problems = position_problems(ruleset, ref)
    if problems:
        return problems
    report = check_team(ruleset, ref.team, ref.document)
    return [found for found in unknown_names(report.problems) if found.code != "unknown-inducement"]
