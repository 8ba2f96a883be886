"""Plugins' rules files as one ruleset sees them: the registered file, amended by later layers.

A plugin registers a file of its own numbers (:meth:`bbcore.registry.DataRegistrar.rules_file`);
a variant or pack changes some of them in its ``amendments.yaml``, key by key, as
``parameters.yaml`` is merged. The result is checked against the plugin's schema and
model, and each problem is located in the file that said the offending value: the
amendment when it set that key, the registered file otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from attrs import frozen

from bbcore.errors import JsonPath, Problem
from bbcore.loading.schemas import file_validator, violations
from bbcore.loading.structure import _error_paths, converter
from bbcore.loading.yaml_source import YamlDocument, YamlLoadError, read_yaml
from bbcore.merging import deep_merge
from bbcore.model.amendment import AmendmentFile
from bbcore.registry import RulesFile


def provisional_readings(node: Any, path: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every provisional part of a rules file's data (a mapping with ``provisional: true`` and a ``note``), with
    its dotted path from ``path``; a list's items are named by their ``id`` where they have one."""
    if isinstance(node, Mapping):
        if node.get("provisional") is True and node.get("note"):
            yield path, node
        for key, item in node.items():
            yield from provisional_readings(item, f"{path}.{key}")
    elif isinstance(node, list | tuple):
        for index, item in enumerate(node):
            part = item["id"] if isinstance(item, Mapping) and "id" in item else str(index)
            yield from provisional_readings(item, f"{path}.{part}")


@frozen
class AmendingFile:
    """One ``amendments.yaml`` of a ruleset layer, with its document for locations."""

    layer: int
    document: YamlDocument
    model: AmendmentFile


@frozen
class RulesFileProblem:
    """A problem a plugin finds in one of its rules files once the ruleset exists (a reference the schema cannot see).

    ``path`` points into the file as the ruleset amends it, in the JSON path form of every
    other problem (``("headliners", 2, "race")``); the core places it in the file that set
    that value, the amendment or else the registered file.
    """

    rules_id: str
    path: JsonPath
    message: str
    code: str = "rules-file-reference"
    #: Report it only when an amendment set the value: for names that a plugin's own file
    #: may leave unused (an entry for a row a league's replacement table no longer has),
    #: but that a league writing them now surely meant to be used.
    amended_only: bool = False


@frozen
class _Said:
    """Who said a rules file's values: the registered file, or one amendment in a layer's file."""

    document: YamlDocument
    base: JsonPath
    changes: Mapping[str, Any] | None  # None for the registered file, which says every key


def _said_by(changes: Mapping[str, Any], path: JsonPath) -> bool:
    """Whether an amendment's changes set the value at ``path``, or a whole value (a number, a list) that holds it."""
    if not path:
        return False  # the file as a whole: the registered file answers for it
    node: Any = changes
    for part in path:
        if not isinstance(node, Mapping) or part not in node:
            return False
        node = node[part]
        if not isinstance(node, Mapping):
            return True
    return True


def _amendment_saying(said: Sequence[_Said], path: JsonPath) -> _Said | None:
    """The latest amendment that set the value at ``path``, or None when the registered file did."""
    return next((source for source in reversed(said[1:]) if source.changes is not None and _said_by(source.changes, path)), None)


def _locate(said: Sequence[_Said], path: JsonPath, code: str, message: str) -> Problem:
    """The problem placed in the latest file that set the value at ``path``: an amendment, or else the registered file."""
    source = _amendment_saying(said, path)
    if source is not None:
        return source.document.problem((*source.base, *path), code, message)
    return said[0].document.problem(path, code, message)


@frozen
class BuiltRulesFiles:
    """Every rules file in force, structured, with the problems found and who said each value (to place later ones)."""

    models: Mapping[str, Any]
    problems: tuple[Problem, ...]
    _sources: Mapping[str, Sequence[_Said]]

    def locate(self, found: RulesFileProblem) -> Problem | None:
        """``found`` placed in the file that set the value it points at; None for an ``amended_only`` one no amendment set."""
        if found.rules_id not in self.models:
            known = ", ".join(sorted(self.models)) or "none"
            return Problem(found.code, f"{found.message} (in the rules file {found.rules_id!r}, not in force here; in force: {known})")
        said = self._sources[found.rules_id]  # every structured file has its sources
        if found.amended_only and _amendment_saying(said, found.path) is None:
            return None
        return _locate(said, found.path, found.code, found.message)


def build_rules_files(
    registered: Mapping[str, RulesFile],
    active: Sequence[str],
    amending: Sequence[AmendingFile],
    options: Mapping[str, str],
) -> BuiltRulesFiles:
    """The structured model of every rules file in force, as amended, and every problem found."""
    problems: list[Problem] = []
    in_force = {rules_id: rules for rules_id, rules in registered.items() if rules.plugin in active}
    sources: dict[str, list[_Said]] = {}
    merged: dict[str, dict[str, Any]] = {}
    for rules_id, rules in sorted(in_force.items()):
        try:
            document = read_yaml(rules.path)
        except YamlLoadError as error:
            problems.extend(error.problems)
            continue
        found = [document.problem(path, code, message) for path, code, message in _violations(rules, document.data)]
        if found:
            problems.extend(found)
            continue
        sources[rules_id] = [_Said(document, (), None)]
        merged[rules_id] = dict(document.data)

    for item in sorted(amending, key=lambda a: a.layer):
        for index, amendment in enumerate(item.model.amend):
            where = ("amend", index)
            if any(options.get(key) != value for key, value in amendment.when.items()):
                continue
            refused = _refusal(amendment.rules, registered, in_force)
            if refused is not None:
                problems.append(item.document.problem((*where, "rules"), *refused))
                continue
            if amendment.rules not in merged:
                continue  # its own file is broken, and said so
            sources[amendment.rules].append(_Said(item.document, (*where, "changes"), amendment.changes))
            merged[amendment.rules] = deep_merge(merged[amendment.rules], amendment.changes)

    models: dict[str, Any] = {}
    for rules_id, data in merged.items():
        said = sources[rules_id]
        found = [_locate(said, path, code, message) for path, code, message in _violations(in_force[rules_id], data)]
        if not found:
            try:
                models[rules_id] = converter.structure(data, in_force[rules_id].model)
            except Exception as error:  # noqa: BLE001 - every cattrs failure becomes a located problem
                found = [_locate(said, path, "structure", message) for path, message in _error_paths(error, ())]
        problems.extend(found)
    return BuiltRulesFiles(models, tuple(problems), sources)


def _refusal(rules_id: str, registered: Mapping[str, RulesFile], in_force: Mapping[str, RulesFile]) -> tuple[str, str] | None:
    """Why an amendment cannot apply to ``rules_id`` in this ruleset (a problem code and message), or None."""
    if rules_id not in registered:
        known = ", ".join(sorted(registered)) or "none are installed"
        return "unknown-rules-file", f"no installed plugin registers the rules file {rules_id!r}; known: {known}"
    if rules_id not in in_force:
        owner = registered[rules_id].plugin
        return (
            "rules-file-not-in-force",
            f"the rules file {rules_id!r} belongs to the plugin {owner!r}, which this ruleset does not include",
        )
    return None


def _violations(rules: RulesFile, data: Any) -> list[tuple[JsonPath, str, str]]:
    return violations(file_validator(rules.schema), data)
