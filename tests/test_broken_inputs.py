"""Broken inputs, each with the exact messages the ``bbcore`` command line must print for it.

The corpus lives in ``tests/corpus/``, one directory per case. A case directory holds:

``command``
    One line: the ``bbcore`` arguments to run (split like a shell would), with paths
    relative to the repository root, e.g. ``data check tests/corpus/position-wrong-type/rosters/bad.yaml``.
    Tests run ``bbcore.cli.main`` in-process with the repository root as working directory.
``<name>.expected``
    Beside each broken file (``rosters/bad.yaml`` -> ``rosters/bad.expected``), or beside
    ``command`` for argument errors (``command.expected``): one line per line that stderr
    must show, ``file:LINE:COL: $.json.path: message`` for data, ``bbcore: error: ...`` for
    arguments. Together the ``.expected`` files of a case are the whole of stderr: every
    line must appear, and no other line may.
the broken input itself
    Laid out like a data directory (``rosters/*.yaml``, ``tables/*.yaml``, ``inducements.yaml``,
    ...) because ``bbcore data check`` tells a file's kind from where it sits; a directory
    check also resolves references against the core data. Team files are ``team.yaml``.

Every case must exit with status 2 and never show a traceback. A new case is a new
directory; nothing here needs editing. Cases whose expected lines describe the message the
CLI *should* print, while a known bug makes it print something else, are listed in
``KNOWN_BUGS`` and run as strict xfails.
"""

from __future__ import annotations

import shlex
from collections import Counter
from pathlib import Path

import pytest

from bbcore.cli import main

REPO = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).resolve().parent / "corpus"
EXIT_USAGE = 2

#: Cases whose messages are wrong today; the .expected file holds what they should say.
KNOWN_BUGS: dict[str, str] = {}

#: The case whose file holds three independent errors.
THREE_ERRORS = "roster-three-errors-at-once"
#: The case whose file carries ``!!python/object/apply:os.system``, and what that command would create.
PYTHON_TAG = "yaml-python-tag"
PYTHON_TAG_WITNESS = CORPUS / PYTHON_TAG / "PWNED"


def _cases() -> list[Path]:
    return sorted(path.parent for path in CORPUS.glob("*/command"))


def _params(*, with_bugs: bool) -> list[object]:
    params: list[object] = []
    for case in _cases():
        marks = []
        if with_bugs and case.name in KNOWN_BUGS:
            marks.append(pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[case.name]))
        params.append(pytest.param(case, id=case.name, marks=marks))
    return params


def _expected_lines(case: Path) -> list[str]:
    lines: list[str] = []
    for expected in sorted(case.rglob("*.expected")):
        lines.extend(line for line in expected.read_text(encoding="utf-8").splitlines() if line)
    return lines


def _run(case: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """Run the case's command in-process from the repository root; return status, stdout and stderr."""
    monkeypatch.chdir(REPO)
    argv = shlex.split((case / "command").read_text(encoding="utf-8"))
    capsys.readouterr()
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_corpus_covers_at_least_24_cases_each_with_expected_lines() -> None:
    cases = _cases()
    assert len(cases) >= 24
    for case in cases:
        assert _expected_lines(case), f"{case.name} has no .expected file"
    assert set(KNOWN_BUGS) <= {case.name for case in cases}


@pytest.mark.parametrize("case", _params(with_bugs=False))
def test_a_broken_input_exits_with_status_2_and_no_traceback(
    case: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = _run(case, capsys, monkeypatch)
    assert "Traceback" not in out
    assert "Traceback" not in err
    assert status == EXIT_USAGE, f"exit status {status}; stderr:\n{err}"


@pytest.mark.parametrize("case", _params(with_bugs=True))
def test_a_broken_input_is_reported_by_exactly_the_expected_lines(
    case: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _status, _out, err = _run(case, capsys, monkeypatch)
    expected = _expected_lines(case)
    actual = err.splitlines()
    missing = [line for line in expected if line not in actual]
    unexpected = list((Counter(actual) - Counter(expected)).elements())
    assert not missing, "expected lines missing from stderr:\n" + "\n".join(missing) + f"\nstderr was:\n{err}"
    assert not unexpected, "stderr lines not in the .expected files:\n" + "\n".join(unexpected)


def test_every_error_in_a_file_is_reported_at_once(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, _out, err = _run(CORPUS / THREE_ERRORS, capsys, monkeypatch)
    assert status == EXIT_USAGE
    lines = err.splitlines()
    assert len(lines) == 3, err
    assert [line.split(":")[1] for line in lines] == ["11", "30", "39"]


def test_a_python_tag_in_a_data_file_is_never_executed(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The tag would run `touch tests/corpus/yaml-python-tag/PWNED` from the repository root.
    assert "os.system" in (CORPUS / PYTHON_TAG / "rosters" / "bad.yaml").read_text(encoding="utf-8")
    assert not PYTHON_TAG_WITNESS.exists(), f"remove {PYTHON_TAG_WITNESS} left by an earlier run"
    status, _out, err = _run(CORPUS / PYTHON_TAG, capsys, monkeypatch)
    assert status == EXIT_USAGE
    assert "is not allowed" in err
    assert not PYTHON_TAG_WITNESS.exists()
