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


class CliUsageError(BBCoreError):
    """Bad command-line arguments."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line, not argparse's usage block: scripts read stderr.
        raise CliUsageError(f"{message} (see '{self.prog} --help')")


def emit_json(document: Any) -> None:
    json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def main(argv: Sequence[str] | None = None) -> int:
    from bbcore.cli.commands import build_parser  # noqa: PLC0415 - keeps `import bbcore.cli` light

    parser = build_parser(_Parser)
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "handler", None):
            parser.print_help()
            return EXIT_USAGE
        result: int = args.handler(args)
        return result
    except DataError as error:
        for problem in error.problems:
            print(str(problem), file=sys.stderr)
        return EXIT_USAGE
    except BBCoreError as error:
        print(f"bbcore: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
