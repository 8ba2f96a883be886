"""``.. bbcore-schemas:: DIR``: each JSON Schema in a directory as a section with a table of its properties.

``DIR`` is relative to the page (``/`` at its start: to the documentation root), e.g.
``/../schemas``. Every ``*.schema.json`` becomes a section labelled
``schema-<name>`` (``schema-table`` for ``table.schema.json``) with its title, its
description, a table of its top-level properties (type, whether required, the
schema's own description) and one table per definition under ``$defs``
(labelled ``schema-<name>-<definition>``). A ``$ref`` to another schema's
definition links to that definition's table. The page is rebuilt when a schema
file changes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.parsing import nested_parse_to_nodes

from bbcore.sphinxext.rst import Rst, escape, literal, ref

_SUFFIX = ".schema.json"


def _schema_name(file: str) -> str:
    return file.removesuffix(_SUFFIX)


def _ref_words(target: str, current: str) -> str:
    """``common.schema.json#/$defs/gold`` as a link to that definition's table."""
    file, _, pointer = target.partition("#")
    name = _schema_name(file) if file else current
    parts = [p for p in pointer.split("/") if p]
    if len(parts) == 2 and parts[0] == "$defs":
        return ref(parts[1], f"schema-{name}-{parts[1]}")
    if not parts:
        return ref(name, f"schema-{name}")
    return literal(target)


def type_words(schema: Any, current: str) -> str:
    """A property's type in short words: ``string``, ``array of integer``, ``one of: ...``, a linked ``$ref``."""
    if not isinstance(schema, dict):
        return "any"
    if "$ref" in schema:
        return _ref_words(schema["$ref"], current)
    if "const" in schema:
        return f"the value {literal(json.dumps(schema['const']))}"
    if "enum" in schema:
        return "one of " + ", ".join(literal(json.dumps(v)) for v in schema["enum"])
    for combinator in ("oneOf", "anyOf"):
        if combinator in schema:
            return "either " + " or ".join(type_words(s, current) for s in schema[combinator])
    kind = schema.get("type")
    if isinstance(kind, list):
        words = " or ".join(escape(k) for k in kind)
    elif kind == "array":
        words = "array of " + type_words(schema.get("items", {}), current)
    elif kind == "object" and "properties" in schema:
        words = "object with " + ", ".join(literal(p) for p in schema["properties"])
    elif isinstance(kind, str):
        words = escape(kind)
    else:
        words = "any"
    limits = [
        f"{word} {schema[key]}"
        for key, word in (("minimum", "at least"), ("maximum", "at most"), ("minLength", "length at least"))
        if key in schema
    ]
    if "pattern" in schema:
        limits.append(f"matching {literal(schema['pattern'])}")
    return words + (f" ({', '.join(limits)})" if limits else "")


def properties_table(schema: dict[str, Any], current: str) -> Rst:
    required = set(schema.get("required", ()))
    rows = [
        [literal(name), type_words(spec, current), "yes" if name in required else "", escape(spec.get("description", ""))]
        for name, spec in schema.get("properties", {}).items()
        if isinstance(spec, dict)
    ]
    out = Rst()
    out.list_table(("Property", "Type", "Required", "Description"), rows, widths=(18, 32, 10, 40))
    if rows and schema.get("additionalProperties") is False:
        out.paragraph("No other properties are allowed.")
    return out


def schema_rst(path: Path) -> Rst:
    schema = json.loads(path.read_text(encoding="utf-8"))
    name = _schema_name(path.name)
    out = Rst()
    out.label(f"schema-{name}")
    out.heading(f"{schema.get('title', name)} ({path.name})", 0)
    out.fields([("Id", literal(schema.get("$id", ""))), ("File", literal(f"schemas/{path.name}"))])
    if schema.get("description"):
        out.paragraph(escape(schema["description"]))
    if schema.get("type") and "properties" not in schema:
        out.paragraph(f"A value of type {type_words(schema, name)}.")
    out.extend(properties_table(schema, name))
    for definition, spec in schema.get("$defs", {}).items():
        out.label(f"schema-{name}-{definition}")
        out.heading(f"{definition}", 1)
        if spec.get("description"):
            out.paragraph(escape(spec["description"]))
        if "properties" in spec:
            out.extend(properties_table(spec, name))
        else:
            out.paragraph(f"Type: {type_words(spec, name)}.")
    return out


class SchemasDirective(SphinxDirective):
    """Every ``*.schema.json`` in a directory, in name order, each rendered from the file when the site is built."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, object]] = {}

    def run(self) -> list[Any]:
        _, directory = self.env.relfn2path(self.arguments[0], self.env.docname)
        files = sorted(Path(directory).glob(f"*{_SUFFIX}"))
        if not files:
            raise self.error(f"{self.name}: no *{_SUFFIX} files in {directory}")
        out = Rst()
        for file in files:
            self.env.note_dependency(str(file.resolve()))
            out.extend(schema_rst(file))
        source = f"<{self.name} in {self.env.docname}>"
        return list(nested_parse_to_nodes(self.state, StringList(out.lines, source=source), source=source, allow_section_headings=True))
