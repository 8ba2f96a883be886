"""Every hook is specified once, documented, and asked somewhere in the core."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import textwrap
from pathlib import Path

import pytest

from bbcore import hookspecs

PACKAGE = Path(hookspecs.__file__).resolve().parent
HOOKS = sorted(name for name, value in vars(hookspecs).items() if name.startswith("bbcore_") and callable(value))


def core_sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py") if p.name != "hookspecs.py")


def test_there_are_hooks() -> None:
    assert len(HOOKS) >= 15


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_is_asked_somewhere_in_the_core(name: str) -> None:
    sources = core_sources()
    asked = re.search(rf"\bhook\.{name}\b|[\"']{name}[\"']", sources)
    assert asked, f"{name} is declared but nothing in bbcore calls it"


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_says_when_it_runs_and_how_results_combine(name: str) -> None:
    function = getattr(hookspecs, name)
    doc = inspect.getdoc(function) or ""
    assert len(doc.split()) >= 12, f"{name} needs a docstring saying when it is called and what it returns"
    signature = inspect.signature(function)
    assert all(p.annotation is not inspect.Parameter.empty for p in signature.parameters.values()), name
    assert signature.return_annotation is not inspect.Signature.empty, name
    combine = getattr(function, "bbcore_spec", {}).get("firstresult", False)
    if combine:
        assert "firstresult" in doc, f"{name} is firstresult; its docstring should say so"


def code_blocks(doc: str) -> list[str]:
    """The Python code blocks of a docstring (as ``inspect.getdoc`` gives it), each dedented."""
    blocks = []
    lines = doc.splitlines()
    for index, line in enumerate(lines):
        if line.strip() != ".. code-block:: python":
            continue
        indent = len(line) - len(line.lstrip())
        body = []
        for following in lines[index + 1 :]:
            if following.strip() and len(following) - len(following.lstrip()) <= indent:
                break
            body.append(following)
        blocks.append(textwrap.dedent("\n".join(body)).strip("\n") + "\n")
    return blocks


def example_of(name: str) -> str:
    doc = inspect.getdoc(getattr(hookspecs, name)) or ""
    assert "**Example.**" in doc, f"{name}: the docstring needs an Example paragraph"
    blocks = code_blocks(doc)
    assert blocks, f"{name}: the Example paragraph needs a '.. code-block:: python' after it"
    assert doc.index("**Example.**") < doc.index(".. code-block:: python"), name
    return "\n".join(blocks)


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_has_an_example_implementation_with_its_exact_signature(name: str) -> None:
    source = example_of(name)
    compile(source, f"<example of {name}>", "exec")
    implementations = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.FunctionDef) and node.name == name]
    assert len(implementations) == 1, f"{name}: the example should define exactly one def {name}(...)"
    implementation = implementations[0]
    decorators = [d.func if isinstance(d, ast.Call) else d for d in implementation.decorator_list]
    assert any(isinstance(d, ast.Name) and d.id == "hookimpl" for d in decorators), f"{name}: the example is not marked @hookimpl"
    arguments = implementation.args
    given = [a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs]
    spec = list(inspect.signature(getattr(hookspecs, name)).parameters)
    assert given == spec, f"{name}: the example's parameters {given} drifted from the hookspec's {spec}"
    assert arguments.vararg is None, f"{name}: the example takes *args, which pluggy cannot call"
    assert arguments.kwarg is None, f"{name}: the example takes **kwargs, which pluggy cannot call"


def _bbcore_imports(name: str) -> list[tuple[str, str | None]]:
    """What the hook's example imports from bbcore: (module, name) for ``from m import name``, (module, None) for
    ``import m``."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(example_of(name))):
        if isinstance(node, ast.ImportFrom) and node.module is not None and node.module.split(".")[0] == "bbcore":
            found.extend((node.module, alias.name) for alias in node.names)
        elif isinstance(node, ast.Import):
            found.extend((alias.name, None) for alias in node.names if alias.name.split(".")[0] == "bbcore")
    return found


EXAMPLE_IMPORTS = [(hook, module, imported) for hook in HOOKS for module, imported in _bbcore_imports(hook)]


def test_the_examples_import_from_bbcore() -> None:
    assert len({hook for hook, *_ in EXAMPLE_IMPORTS}) >= len(HOOKS) // 3, "most examples show what they import"


@pytest.mark.parametrize(("name", "module", "imported"), EXAMPLE_IMPORTS)
def test_what_the_examples_import_from_bbcore_exists(name: str, module: str, imported: str | None) -> None:
    found = importlib.import_module(module)
    if imported is not None:
        assert hasattr(found, imported), f"{name}: the example imports {module}.{imported}, which does not exist"
