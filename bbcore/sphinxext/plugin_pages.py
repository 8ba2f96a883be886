"""The pages plugins add to the site (:func:`~bbcore.hookspecs.bbcore_register_site_pages`).

A site asks for them with ``bbcore_plugin_pages = True`` in its ``conf.py`` (off by
default: a site that uses the directives alone gets no pages it did not ask for). As the
build starts, each registered page is then copied into the source tree as
``plugins/<plugin>/<name>.rst`` and listed on ``plugins/index.rst``, which the site's
toctree includes. The folder is the extension's own: pages no plugin registers any more
are taken away, and a file is written only when it changes, so Sphinx rebuilds only what did.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from bbcore.errors import PluginError
from bbcore.registry import SitePage

#: The folder of the source tree the pages go to.
PLUGIN_PAGES_DIR = "plugins"
#: The first line of every file written there: only such files are ever removed.
_MARK = ".. Written by bbcore.sphinxext at each build"


def write_plugin_pages(app: Sphinx) -> None:
    """Copy the installed plugins' pages into ``plugins/`` of the source tree, with their index, when the site's
    ``bbcore_plugin_pages`` asks for them."""
    from bbcore.plugins import default_host  # noqa: PLC0415 - the plugins are imported only for a build

    if not app.config.bbcore_plugin_pages:
        return
    try:
        pages = default_host().site_pages()
    except PluginError as error:
        raise ExtensionError(str(error)) from None
    folder = Path(app.srcdir) / PLUGIN_PAGES_DIR
    wanted = {folder / "index.rst": _index(pages)}
    for page in pages:
        text = page.source.read_text(encoding="utf-8")
        wanted[folder / page.plugin / f"{page.name}.rst"] = f"{_MARK} from {page.source.name} of the plugin {page.plugin!r}.\n\n{text}"
    for path, text in wanted.items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for stale in sorted(folder.rglob("*.rst")):
        if stale not in wanted and stale.read_text(encoding="utf-8").startswith(_MARK):
            stale.unlink()


def _index(pages: list[SitePage]) -> str:
    lines = [
        f"{_MARK}.",
        "",
        "Pages from plugins",
        "==================",
        "",
        "The installed plugins add these pages to the site, each generated from its plugin's data",
        "(:func:`~bbcore.hookspecs.bbcore_register_site_pages`).",
        "",
    ]
    if not pages:
        return "\n".join([*lines, "No installed plugin adds a page.", ""])
    entries = [f"   {page.plugin}/{page.name}" for page in pages]
    return "\n".join([*lines, ".. toctree::", "   :maxdepth: 1", "", *entries, ""])
