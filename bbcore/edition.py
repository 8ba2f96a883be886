"""What the core data is and where it comes from, for ``bbcore --version`` and the site's footer.

The facts live in ``bbcore/data/edition.yaml``; the versions are those of the
installed bbcore and plugins.
"""

from __future__ import annotations

from functools import cache

from attrs import frozen

from bbcore.errors import BBCoreError, DataError
from bbcore.loading.structure import structure
from bbcore.loading.yaml_source import YamlLoadError, read_yaml
from bbcore.resources import CORE_DATA_DIR

EDITION_FILE = CORE_DATA_DIR / "edition.yaml"


@frozen
class Edition:
    """The rules the core data holds (``edition``), its name for people and its provenance."""

    edition: str
    title: str
    provenance: str


@cache
def data_edition() -> Edition:
    """The core data's edition, read once from ``edition.yaml`` (errors located, as for any data file)."""
    try:
        document = read_yaml(EDITION_FILE)
    except YamlLoadError as error:
        raise DataError(error.problems) from None
    edition, problems = structure(document, Edition)
    if edition is None:
        raise DataError(problems)
    return edition


def plugin_versions() -> list[tuple[str, str]]:
    """``(name, version)`` of every installed plugin other than the core, by name."""
    from bbcore.plugins import default_host  # noqa: PLC0415 - discovering plugins imports them; only when asked

    return [(info.name, info.version) for info in default_host().describe() if info.kind != "core"]


def version_lines() -> list[str]:
    """What ``bbcore --version`` prints: bbcore's version, the data edition and provenance, the plugins' versions."""
    import bbcore  # noqa: PLC0415 - bbcore imports this module's neighbours

    edition = data_edition()
    lines = [f"bbcore {bbcore.__version__}", f"{edition.title}, from {edition.provenance}"]
    try:
        plugins = plugin_versions()
    except BBCoreError as error:
        lines.append(f"plugins: cannot be listed: {error}")
    else:
        lines.append("plugins: " + (", ".join(f"{name} {version}" for name, version in plugins) or "none besides the core"))
    return lines
