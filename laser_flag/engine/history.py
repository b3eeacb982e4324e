"""The actions applied to a game, in order: an immutable sequence that copies share for free.

A game appends to its history after every action and copies itself once per action (the undo
stack, the replay viewer), so a history that copied its actions would make games quadratic.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import overload

from .actions import Action


class History(Sequence[Action]):
    """The first `len(self)` entries of a list that any number of histories share.

    `appended()` returns a new history and leaves this one as it was. It appends to the shared
    list in place when this history ends where the list ends; when some other history has
    appended first, it copies its own entries into a new list (copy on write, once per fork).
    """

    __slots__ = ("_log", "_len")

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        self._log = list(actions)
        self._len = len(self._log)

    @classmethod
    def _sharing(cls, log: list[Action], length: int) -> History:
        history = cls.__new__(cls)
        history._log, history._len = log, length
        return history

    def appended(self, action: Action) -> History:
        """This history and then `action`, sharing storage with this one where it can."""
        log, end = self._log, self._len
        if len(log) == end:
            log.append(action)
            # Another thread may have appended to the same list between the check and ours:
            # then the entry at `end` is not ours, and this history forks below instead.
            if log[end] is not action:
                log = [*islice(log, end), action]
        else:
            log = [*islice(log, end), action]
        history = History.__new__(History)  # (not _sharing: one call less, once an action)
        history._log, history._len = log, end + 1
        return history

    def shares_storage_with(self, other: History) -> bool:
        """Whether both read one list: copying a game copies none of its actions."""
        return self._log is other._log

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return self._log[: self._len][index]
        if not -self._len <= index < self._len:
            raise IndexError("history index out of range")
        return self._log[index % self._len]

    def __iter__(self) -> Iterator[Action]:
        return islice(self._log, self._len)

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same actions (a list of them included)."""
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which are unhashable

    def __repr__(self) -> str:
        return f"History({list(self)!r})"
