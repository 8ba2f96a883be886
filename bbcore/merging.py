"""Data merged key by key across ruleset layers: parameters, and the amendments to rules files."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def deep_merge(base: Mapping[str, Any], change: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``change`` laid over it: a mapping in both is merged key by key, anything else (a list too) replaced."""
    merged = dict(base)
    for key, value in change.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged
