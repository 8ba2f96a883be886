"""Amendments: a later layer's changes to a plugin's rules file (``amendments.yaml``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import field, frozen


@frozen
class Amendment:
    """Changes to one rules file, merged key by key; under ``when``, only with those option values."""

    rules: str
    changes: Mapping[str, Any]
    when: Mapping[str, str] = field(factory=dict)


@frozen
class AmendmentFile:
    source: str
    amend: tuple[Amendment, ...]
