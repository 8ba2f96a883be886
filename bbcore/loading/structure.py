"""Turn validated plain data into frozen attrs models with cattrs.

The schema has already checked shapes, so errors here are rare; when they do
happen (a schema that is looser than its model, a hand-built dict) they are
reported in the same ``$.a[0]`` dialect and mapped to the same file positions.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, TypeVar

import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from bbcore.errors import JsonPath, Problem
from bbcore.loading.yaml_source import YamlDocument
from bbcore.model.common import SkillRef
from bbcore.model.inducement import InducementList
from bbcore.model.roster import RosterRule

T = TypeVar("T")


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)

    def skill_ref(value: Any, _: type) -> SkillRef:
        if isinstance(value, str):
            return SkillRef(value)
        return converter.structure_attrs_fromdict(value, SkillRef)

    def roster_rule(value: Any, _: type) -> RosterRule:
        if isinstance(value, str):
            return RosterRule(rule=value)
        return converter.structure_attrs_fromdict(value, RosterRule)

    def frozen_mapping(value: Any, type_: Any) -> Mapping[Any, Any]:
        args = getattr(type_, "__args__", None)
        value_type = args[1] if args else Any
        if not isinstance(value, dict):
            raise TypeError(f"expected a mapping, got {type(value).__name__}")
        return MappingProxyType({str(k): converter.structure(v, value_type) for k, v in value.items()})

    converter.register_structure_hook(SkillRef, skill_ref)
    converter.register_structure_hook(RosterRule, roster_rule)
    converter.register_structure_hook_func(lambda t: getattr(t, "__origin__", None) is Mapping, frozen_mapping)
    converter.register_unstructure_hook(MappingProxyType, lambda m: {k: converter.unstructure(v) for k, v in m.items()})
    converter.register_structure_hook(
        InducementList,
        make_dict_structure_fn(InducementList, converter, _cattrs_forbid_extra_keys=True, list_id=override(rename="list")),
    )
    converter.register_unstructure_hook(
        InducementList, make_dict_unstructure_fn(InducementList, converter, list_id=override(rename="list"))
    )
    # Scalar unions that cattrs cannot guess: take the value as it is once the schema has passed it.
    for union in (int | str | None, bool | int | tuple[str, ...], int | None, str | None):
        converter.register_structure_hook(union, lambda v, _: tuple(v) if isinstance(v, list) else v)
    return converter


converter = _make_converter()


def _error_paths(error: BaseException, path: JsonPath) -> list[tuple[JsonPath, str]]:
    """Flatten a cattrs exception tree into (path, message) pairs."""
    if isinstance(error, ForbiddenExtraKeysError):
        return [((*path, key), f"unknown key {key!r}") for key in sorted(error.extra_fields)]
    if isinstance(error, ClassValidationError | IterableValidationError):
        found: list[tuple[JsonPath, str]] = []
        for inner in error.exceptions:
            step: JsonPath = ()
            for note in getattr(inner, "__notes__", []):
                name = getattr(note, "name", None)
                index = getattr(note, "index", None)
                if name is not None:
                    step = (name,)
                elif index is not None:
                    step = (index,)
            found.extend(_error_paths(inner, (*path, *step)))
        return found
    if isinstance(error, KeyError):
        return [(path, f"{error.args[0]!r} is required")]
    return [(path, str(error) or type(error).__name__)]


def structure(document: YamlDocument, model: type[T], base: JsonPath = ()) -> tuple[T | None, list[Problem]]:
    """Structure ``document.data`` (or the part at ``base``) into ``model``."""
    data: Any = document.data
    for part in base:
        data = data[part]
    try:
        return converter.structure(data, model), []
    except Exception as error:  # noqa: BLE001 - every cattrs failure becomes a located problem
        problems = [document.problem(p, "structure", m) for p, m in _error_paths(error, base)]
        return None, problems
