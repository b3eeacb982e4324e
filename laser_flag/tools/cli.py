"""Shared command-line plumbing: every tool reports a bad argument as one line, exit status 2."""

from __future__ import annotations

import argparse
from typing import NoReturn


class UsageError(Exception):
    """A bad command line, map or override: reported as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse that raises instead of printing its usage block, so errors stay one line."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)
