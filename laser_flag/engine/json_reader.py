"""Read a JSON file that may be hostile: every failure is one ReadError, never a crash or a hang.

Maps and saves both come from disk and from strangers, so the reader bounds everything the
standard library does not: the kind of file (a FIFO would block forever), its size, the
nesting depth (deep nesting overflows the stack later, in deepcopy or json.dumps), the length
of integers (Python refuses int() past 4,300 digits with a ValueError), non-finite numbers and
lone surrogates (a string that could be read but never written back). A leading BOM is
accepted. The file is only read, never changed.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Iterator
from itertools import accumulate
from typing import Any

from ..i18n import _

MAX_DEPTH = 32  # maps nest 4 deep, saves 6: anything deeper is not one of ours
MAX_INT_DIGITS = 30  # the largest honest number, a 64-bit seed, has 20
MESSAGE_CHARS = 200  # the longest problem text a refusal repeats

# A string, or an unterminated one up to the end: every match attempt succeeds, so it is linear.
_STRING = re.compile(r'"(?:[^"\\]|\\.?)*(?:"|\Z)', re.DOTALL)
_SURROGATE = re.compile("[\ud800-\udfff]")  # a lone half of a pair: not text, cannot be written
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = str.maketrans({"[": "+", "{": "+", "]": "-", "}": "-"})


class ReadError(ValueError):
    """A file that is not acceptable JSON; `place` says where (file, byte, line), `problem` what."""

    def __init__(self, place: str, problem: str) -> None:
        self.place = place
        self.problem = clip(problem)
        super().__init__(f"{place}: {self.problem}")


def clip(text: str, limit: int = MESSAGE_CHARS) -> str:
    """`text` on one line and at most `limit` characters, so a refusal stays readable."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 3] + "..."


def read_bytes(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of a regular file of at most `max_bytes`, checked before any blocking read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise _unreadable(e) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ReadError(_("file"), _("is not a regular file (a folder, pipe or device)"))
        if info.st_size > max_bytes:
            raise _too_large(max_bytes)
        with os.fdopen(os.dup(fd), "rb") as f:
            raw = f.read(max_bytes + 1)
    except OSError as e:
        raise _unreadable(e) from None
    finally:
        os.close(fd)
    if len(raw) > max_bytes:  # it grew while we looked
        raise _too_large(max_bytes)
    return raw


def _unreadable(error: OSError) -> ReadError:
    return ReadError(_("file"), _("cannot be read: {reason}").format(
        reason=error.strerror or error))


def _too_large(max_bytes: int) -> ReadError:
    return ReadError(_("file"), _("larger than {amount}, the limit").format(
        amount=_amount(max_bytes)))


def _amount(size: int) -> str:
    return f"{size / 2**20:g} MiB" if size >= 2**20 else f"{size / 2**10:g} KiB"


def decode(raw: bytes) -> str:
    """The file's UTF-8 text."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ReadError(_("byte {index}").format(index=e.start), _("not valid UTF-8")) from None


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in JSON text, found without parsing it."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_DEPTH_STEP)
    return max(accumulate(1 if b == "+" else -1 for b in brackets), default=0)


def _parse_int(digits: str) -> int:
    count = len(digits.lstrip("-"))
    if count > MAX_INT_DIGITS:
        raise ValueError(_("an integer of {count} digits (at most {most})").format(
            count=count, most=MAX_INT_DIGITS))
    return int(digits)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(_("{value} is too large a number").format(value=clip(text, 40)))
    return value


def _reject_constant(name: str) -> Any:
    raise ValueError(_("{name} is not a JSON number").format(name=name))


def parse(text: str) -> Any:
    """The JSON value of `text` (a leading BOM allowed); ReadError for bad syntax, deep nesting,
    unbounded numbers or strings that are not text."""
    text = text.removeprefix("\ufeff")
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise ReadError(_("top level"), _("nested {depth} deep (at most {most})").format(
            depth=depth, most=MAX_DEPTH))
    try:
        value = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_reject_constant,
        )
    except json.JSONDecodeError as e:
        place = _("line {line} column {column}").format(line=e.lineno, column=e.colno)
        raise ReadError(place, _("not JSON (corrupt or truncated): {reason}").format(
            reason=e.msg)) from None
    except (ValueError, RecursionError) as e:
        raise ReadError(_("top level"), _("not JSON: {reason}").format(reason=e)) from None
    for place, string in _strings(value):
        half = _SURROGATE.search(string)
        if half is not None:
            raise ReadError(place, _("character {index} is U+{code:04X}, a lone surrogate, "
                                     "which no file can hold").format(
                index=half.start() + 1, code=ord(half.group())))
    return value


def _strings(value: Any, place: str = "") -> Iterator[tuple[str, str]]:
    """Every string of a parsed JSON value with its place (`team_names["1"]`, `units[0][1]`),
    keys included (its depth is already bounded)."""
    if isinstance(value, str):
        yield place or "top level", value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield f"{place or 'top level'}: a key", key
            yield from _strings(inner, f"{place}[{json.dumps(key)}]" if place else key)
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _strings(inner, f"{place or 'top level'}[{i}]")


def read_json(path: str | os.PathLike[str], max_bytes: int) -> Any:
    """The JSON value of a file, every step bounded; ReadError says where and what failed."""
    return parse(decode(read_bytes(path, max_bytes)))
