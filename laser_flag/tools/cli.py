"""Shared command-line plumbing: every tool reports a bad argument as one line, exit status 2."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn, TypeVar

T = TypeVar("T")

MAX_MESSAGE = 300  # characters of an error message shown; a hostile file can make one huge


class UsageError(Exception):
    """A bad command line, map or override: reported as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse that raises instead of printing its usage block, so errors stay one line."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def argument_type(parse: Callable[[str], T]) -> Callable[[str], T]:
    """An argparse `type=` from a parser that raises ValueError: its message becomes the error."""

    def convert(text: str) -> T:
        try:
            return parse(text)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    convert.__name__ = parse.__name__  # argparse names the type in "invalid X value" messages
    return convert


def positive(text: str) -> int:
    """An argparse `type=` for a count (games, jobs, rounds): a whole number of 1 or more."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, not {text!r}")
    return value


def one_line(message: object, limit: int = MAX_MESSAGE) -> str:
    """The message on one line, cut to `limit` characters so a terminal stays readable."""
    text = " ".join(str(message).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fail(prog: str, message: object) -> int:
    """Print `prog: error: message` as one line on stderr; the exit status of a usage error."""
    print(f"{prog}: error: {one_line(message)}", file=sys.stderr)
    return 2


def output_problem(path: Path) -> str | None:
    """Why `path` cannot take a file a tool writes, or None: checked before any work is done.

    Only a regular file is ever replaced: a folder, pipe or device there would make the write
    fail late, block forever, or (renamed over) destroy the device node.
    """
    if path.is_dir():
        return "is a folder, not a file"
    if path.exists() and not path.is_file():
        return "is not a regular file (a pipe or device)"
    if not path.parent.is_dir():
        return f"no folder {str(path.parent)!r}"
    return None


def emit(prog: str, text: str) -> int:
    """Print a tool's report: 0, or 2 with one line when stdout cannot take it (a full disk).

    A reader that stops early (`| head -1`) is not an error: the tool ends quietly.
    """
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        _drop_stdout()
        return 0
    except OSError as err:
        _drop_stdout()
        return fail(prog, f"cannot write the output: {err.strerror or err}")
    return 0


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the exit's own flush does not fail a second time."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
