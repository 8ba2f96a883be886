"""The ``bbcore`` command line (ARCHITECTURE §7).

The CLI is a face: it parses arguments, calls the API and prints. It holds no
rule and no number. Exit status: 0 success, 1 a check found problems, 2 bad
usage or bad data (one message per line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from bbcore.errors import BBCoreError, DataError

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2
#: Stopped by the user (Ctrl-C), as shells report it.
EXIT_INTERRUPTED = 130


class CliUsageError(BBCoreError):
    """Bad command-line arguments."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line, not argparse's usage block: scripts read stderr.
        raise CliUsageError(f"{message} (see '{self.prog} --help')")


def emit_json(document: Any) -> None:
    json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def main(argv: Sequence[str] | None = None) -> int:  # noqa: PLR0911 - one exit status per way a run ends
    from bbcore.cli.commands import build_parser  # noqa: PLC0415 - keeps `import bbcore.cli` light

    _never_fail_to_encode()
    try:
        words = _without_trace_separator(list(sys.argv[1:] if argv is None else argv))
        parser = build_parser(_Parser, words)
        args = parser.parse_args(words)
        if not getattr(args, "handler", None):
            getattr(args, "group_parser", parser).print_help(sys.stderr)
            return EXIT_USAGE
        result: int = args.handler(args)
        return result
    except DataError as error:
        for problem in error.problems:
            print(str(problem), file=sys.stderr)
        return EXIT_USAGE
    except BBCoreError as error:
        # Several things wrong at once come one to a line, each said to be an error.
        for line in str(error).splitlines() or [""]:
            print(f"bbcore: error: {line}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        print("bbcore: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except OSError as error:
        # A file named on the command line that cannot be written or made (a folder that is not there, no
        # permission, a full disk): the user's to mend, so a message rather than a traceback.
        where = f" ({error.filename})" if error.filename else ""
        print(f"bbcore: error: {error.strerror or error}{where}", file=sys.stderr)
        return EXIT_USAGE


def _without_trace_separator(argv: list[str]) -> list[str]:
    """``plugins --trace -- COMMAND``: the ``--`` people write to end bbcore's own options is dropped, as argparse
    would refuse it before a command it keeps whole."""
    if argv[:1] == ["plugins"] and "--trace" in argv:
        at = argv.index("--trace") + 1
        if argv[at : at + 1] == ["--"]:
            return argv[:at] + argv[at + 1 :]
    return argv


def _never_fail_to_encode() -> None:
    """Text the terminal's encoding cannot show (a team's name in another script) is escaped, not a crash."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
