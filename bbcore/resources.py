"""Where the package's own files are, installed or in a checkout."""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
CORE_DATA_DIR = PACKAGE_DIR / "data"


def schemas_dir() -> Path:
    """The JSON Schemas: inside the package when installed from a wheel, beside it in a checkout."""
    shipped = PACKAGE_DIR / "schemas"
    if shipped.is_dir():
        return shipped
    return PACKAGE_DIR.parent / "schemas"
