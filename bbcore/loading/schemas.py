"""Validate plain data against the JSON Schemas in ``schemas/`` (draft 2020-12)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from jsonschema.exceptions import best_match
from referencing import Registry, Resource

from bbcore.errors import JsonPath, Problem
from bbcore.loading.yaml_source import YamlDocument
from bbcore.resources import schemas_dir

#: Data kinds and the schema file each is validated against.
SCHEMA_FILES = {
    "roster": "roster.schema.json",
    "skill": "skill.schema.json",
    "table": "table.schema.json",
    "inducement": "inducement.schema.json",
    "glossary": "glossary.schema.json",
    "pitch": "pitch.schema.json",
    "parameters": "parameters.schema.json",
    "sequence": "sequence.schema.json",
    "team": "team.schema.json",
    "league": "league.schema.json",
    "amendments": "amendments.schema.json",
}


@cache
def _registry() -> Registry:
    resources = []
    for path in sorted(schemas_dir().glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


@cache
def validator_for(kind: str) -> Draft202012Validator:
    """The validator of one data kind."""
    path = schemas_dir() / SCHEMA_FILES[kind]
    schema = json.loads(path.read_text(encoding="utf-8"))
    return Draft202012Validator(schema, registry=_registry())


def load_schema(kind: str) -> dict[str, Any]:
    return dict(validator_for(kind).schema)


def _short(value: Any) -> str:
    if isinstance(value, str):
        return repr(value if len(value) <= 50 else value[:47] + "...")
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


_EXTRA = re.compile(r"\('(?P<key>[^']+)'(?: was| were) unexpected\)|'(?P<key2>[^']+)' (?:was|were) unexpected")


def _types_refused(error: ValidationError) -> list[str] | None:
    """The types of a ``oneOf``/``anyOf`` whose every alternative refused the value for its type, or None.

    The best single cause would name one alternative's type only ("is not of type
    'boolean'") when the value may be any of several.
    """
    if error.validator not in ("oneOf", "anyOf") or not isinstance(error.validator_value, list):
        return None
    refused: dict[int, ValidationError] = {}
    for cause in error.context or ():
        if cause.validator == "type" and not cause.relative_path and len(cause.relative_schema_path) == 2:
            refused[int(cause.relative_schema_path[0])] = cause
    if len(refused) != len(error.validator_value):
        return None
    types: list[str] = []
    for index in sorted(refused):
        named = refused[index].validator_value
        types.extend(t for t in ([named] if isinstance(named, str) else named) if t not in types)
    return types


def _most_specific(error: ValidationError) -> ValidationError:
    # oneOf/anyOf failures say only "not valid under any of the given schemas";
    # the best match among their causes says what is actually wrong.
    while error.context:
        error = best_match(error.context)
    return error


def _describe(error: ValidationError) -> tuple[list[str | int], str, str]:
    path = list(error.absolute_path)
    validator = error.validator
    if validator == "additionalProperties":
        extras = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        if extras:
            path.append(extras[0])
            allowed = ", ".join(sorted(error.schema.get("properties", {})))
            names = ", ".join(repr(k) for k in extras)
            return path, "unknown-key", f"unknown key {names}; allowed keys: {allowed}"
    if validator == "required":
        return path, "missing-key", error.message.replace("is a required property", "is required")
    if validator == "type":
        return path, "wrong-type", f"{_short(error.instance)} is not of type {error.validator_value!r}"
    if validator == "enum":
        allowed = ", ".join(map(_short, error.validator_value))
        return path, "not-allowed", f"{_short(error.instance)} is not one of {allowed}"
    if validator == "pattern":
        return path, "bad-format", f"{_short(error.instance)} does not match the pattern {error.validator_value!r}"
    message = error.message
    if len(message) > 200:
        message = message[:197] + "..."
    return path, f"schema-{validator}", message


def schema_problems(document: YamlDocument, kind: str) -> list[Problem]:
    """Every schema violation in the document, each located in its file."""
    return validation_problems(document, validator_for(kind))


def validation_problems(document: YamlDocument, validator: Draft202012Validator) -> list[Problem]:
    """Every violation of ``validator``'s schema in the document, located and worded like the core's.

    For plugins that validate files of their own with a schema of their own.
    """
    problems = [document.problem(path, code, message) for path, code, message in violations(validator, document.data)]
    problems.sort(key=lambda p: (p.line or 0, p.col or 0))
    return problems


def violations(validator: Draft202012Validator, data: Any) -> list[tuple[JsonPath, str, str]]:
    """Every violation of ``validator``'s schema in plain data, as (JSON path, problem code, message)."""
    found = []
    for error in validator.iter_errors(data):
        types = _types_refused(error)
        if types is not None:
            quoted = [repr(t) for t in types]
            named = " or ".join([", ".join(quoted[:-1]), quoted[-1]] if len(quoted) > 1 else quoted)
            found.append((tuple(error.absolute_path), "wrong-type", f"{_short(error.instance)} is not of type {named}"))
            continue
        path, code, message = _describe(_most_specific(error))
        found.append((tuple(path), code, message))
    return found


@cache
def file_validator(schema_file: Path) -> Draft202012Validator:
    """The validator of a plugin's own JSON Schema file, read once."""
    return Draft202012Validator(json.loads(schema_file.read_text(encoding="utf-8")))
