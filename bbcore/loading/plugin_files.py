"""A plugin's own data files: the same pipeline as the core's, with the plugin's schema and model.

A variant often has numbers of its own that fit none of the core's data kinds.
It keeps them in a YAML file beside its data, writes a JSON Schema for it, and
loads it here: safe YAML, every schema violation located, then a frozen model.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from bbcore.errors import DataError
from bbcore.loading.schemas import file_validator, validation_problems
from bbcore.loading.structure import structure
from bbcore.loading.yaml_source import YamlLoadError, read_yaml

T = TypeVar("T")


def load_plugin_file(path: Path, schema_file: Path, model: type[T]) -> T:
    """Read, validate and structure one plugin data file; raise :class:`~bbcore.errors.DataError` listing every problem."""
    try:
        document = read_yaml(path)
    except YamlLoadError as error:
        raise DataError(error.problems) from None
    problems = validation_problems(document, file_validator(schema_file))
    if problems:
        raise DataError(problems)
    loaded, problems = structure(document, model)
    if loaded is None:
        raise DataError(problems)
    return loaded
