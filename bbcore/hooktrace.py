"""Which plugin answered each hook call: the record behind ``bbcore plugins --trace``.

A :class:`HookTrace` attached to a plugin manager wraps every hook implementation,
so it sees each call whichever way it is made: through pluggy (``ruleset.hook``),
or directly, as bbcore calls the registrar hooks (``register.step(...)`` and the
like). Around pluggy's calls it uses the manager's hook-call monitoring to learn
which answer was used: for a ``firstresult`` hook the first non-None answer, for
the others every non-None answer. A registrar hook's answer is what it registered.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import pluggy
from attrs import define, frozen

#: Longest answer summary kept, in characters.
SUMMARY_WIDTH = 72


@frozen
class Answer:
    """One implementation's answers to one hook, with how often each was given and used."""

    hook: str
    plugin: str
    answer: str
    calls: int
    used: int

    def to_json(self) -> dict[str, Any]:
        return {"hook": self.hook, "plugin": self.plugin, "answer": self.answer, "calls": self.calls, "used": self.used}


@define
class _Invocation:
    hook: str
    plugin: str
    result: Any = None
    registered: list[str] | None = None
    used: bool = False

    @property
    def answered(self) -> bool:
        return self.result is not None or bool(self.registered)


@define
class _Call:
    hook: str
    firstresult: bool
    invocations: list[_Invocation]


def summarize(value: Any) -> str:
    """A short, stable description of a hook's answer: ids where the objects have them."""
    if value is None:
        return "-"
    if isinstance(value, bool | int | float | str):
        text = repr(value)
    elif isinstance(getattr(value, "id", None), str):
        text = value.id
    elif isinstance(value, Mapping):
        text = "{" + ", ".join(f"{k}: {summarize(v)}" for k, v in value.items()) + "}"
    elif isinstance(value, list | tuple | set | frozenset):
        items = list(value)
        if items and all(isinstance(getattr(item, "id", None), str) for item in items):
            text = ", ".join(item.id for item in items)
        else:
            text = f"({', '.join(summarize(item) for item in items[:4])}{', ...' if len(items) > 4 else ''})"
    else:
        text = type(value).__name__
    return text if len(text) <= SUMMARY_WIDTH else text[: SUMMARY_WIDTH - 3] + "..."


class _RecordingRegistrar:
    """Stands in for a registrar: every registration is noted, then passed on."""

    def __init__(self, inner: Any, notes: list[str]) -> None:
        self._inner = inner
        self._notes = notes

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._inner, name)
        if name.startswith("_") or not callable(attribute):
            return attribute

        def register(*args: Any, **kwargs: Any) -> Any:
            # The name registered comes first (a description or a path may follow); a table's row id second.
            named = [a for a in args[:2] if isinstance(a, str) and a and " " not in a and len(a) <= 40]
            self._notes.append(f"{name} {' '.join(named)}".strip())
            return attribute(*args, **kwargs)

        return register


class HookTrace:
    """Records every hook implementation called while attached; :meth:`answers` sums them up."""

    def __init__(self) -> None:
        self._invocations: list[_Invocation] = []
        self._stack: list[_Call] = []
        self._firstresult: dict[str, bool] = {}

    # -- attaching -----------------------------------------------------------------------

    def attach(self, pm: pluggy.PluginManager) -> None:
        """Wrap every implementation registered with ``pm`` and watch its hook calls."""
        for name, caller in vars(pm.hook).items():
            if not isinstance(caller, pluggy.HookCaller):
                continue
            self._firstresult[name] = bool(caller.spec and caller.spec.opts.get("firstresult"))
            for impl in caller.get_hookimpls():
                if not getattr(impl.function, "_bbcore_traced", False):
                    # pluggy types the attribute Final; replacing it is how every way of calling the hook is seen.
                    impl.function = self._wrap(name, impl.plugin_name, impl.function)  # type: ignore[misc]
        pm.add_hookcall_monitoring(self._before, self._after)

    def _wrap(self, hook: str, plugin: str, function: Callable[..., Any]) -> Callable[..., Any]:
        registrar_hook = hook.startswith("bbcore_register_")

        @functools.wraps(function)
        def traced(*args: Any, **kwargs: Any) -> Any:
            invocation = _Invocation(hook, plugin)
            if registrar_hook and args:
                invocation.registered = []
                args = (_RecordingRegistrar(args[0], invocation.registered), *args[1:])
            result = function(*args, **kwargs)
            invocation.result = result
            call = self._stack[-1] if self._stack and self._stack[-1].hook == hook else None
            if call is not None:
                call.invocations.append(invocation)
            else:
                invocation.used = invocation.answered  # called directly: nothing else competes
            self._invocations.append(invocation)
            return result

        traced._bbcore_traced = True  # type: ignore[attr-defined]
        return traced

    def _before(self, hook_name: str, hook_impls: Any, kwargs: Mapping[str, Any]) -> None:
        self._stack.append(_Call(hook_name, self._firstresult.get(hook_name, False), []))

    def _after(self, outcome: Any, hook_name: str, hook_impls: Any, kwargs: Mapping[str, Any]) -> None:
        call = self._stack.pop()
        answered = [inv for inv in call.invocations if inv.result is not None]
        if outcome.exception is not None or not answered:
            return
        if call.firstresult:
            answered[-1].used = True  # pluggy stops at the first non-None answer: the last one recorded
        else:
            for invocation in answered:
                invocation.used = True

    # -- reading -------------------------------------------------------------------------

    def answers(self) -> list[Answer]:
        """Every (hook, plugin, answer) seen, in the order first seen, with counts."""
        totals: dict[tuple[str, str, str], list[int]] = {}
        for inv in self._invocations:
            answer = ("registers " + ", ".join(inv.registered)) if inv.registered else summarize(inv.result)
            if len(answer) > SUMMARY_WIDTH:
                answer = answer[: SUMMARY_WIDTH - 3] + "..."
            counts = totals.setdefault((inv.hook, inv.plugin, answer), [0, 0])
            counts[0] += 1
            counts[1] += inv.used
        return [Answer(hook, plugin, answer, calls, used) for (hook, plugin, answer), (calls, used) in totals.items()]


_active: list[HookTrace] = []


def active_trace() -> HookTrace | None:
    """The trace that newly built plugin hosts attach to, if one is being recorded."""
    return _active[-1] if _active else None


@contextmanager
def tracing() -> Iterator[HookTrace]:
    """Record the hook calls of everything run inside: plugins are discovered afresh, with the trace attached."""
    from bbcore.ruleset import clear_cache  # noqa: PLC0415 - the ruleset module imports the plugin host

    trace = HookTrace()
    clear_cache()  # rulesets built before hold hosts without the trace
    _active.append(trace)
    try:
        yield trace
    finally:
        _active.pop()
        clear_cache()  # and the traced ones must not outlive the trace
