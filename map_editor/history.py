"""Undo and redo as a stack of edits, each the before and after values of the keys it changed."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any


class _Absent:
    """Marks a top-level key that was not in the map; survives deepcopy as itself."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Absent:
        return self

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


@dataclass(frozen=True)
class Edit:
    """One undoable step: re-applying `after` redoes it, applying `before` undoes it."""

    label: str
    before: dict[str, Any]
    after: dict[str, Any]

    def merged(self, later: Edit) -> Edit:
        """This edit followed by `later` as one step (a whole mouse drag is one undo)."""
        before = {**later.before, **self.before}
        after = {**self.after, **later.after}
        return Edit(self.label, before, after)

    def changes_nothing(self) -> bool:
        return self.before == self.after


def _put(data: MutableMapping[str, Any], values: dict[str, Any]) -> None:
    for key, value in values.items():
        if value is ABSENT:
            data.pop(key, None)
        else:
            data[key] = copy.deepcopy(value)


Derive = Callable[[Mapping[str, Any], dict[str, Any]], dict[str, Any]]


class History:
    """Unlimited undo/redo over a JSON map object, with a mark for the last saved state.

    `derive(data, values)`, when given, returns an edit's values with the keys that change
    along with them (the same edit, so one undo takes back both)."""

    def __init__(self, data: MutableMapping[str, Any], derive: Derive | None = None) -> None:
        self.data = data
        self._derive = derive
        self._undo: list[Edit] = []
        self._redo: list[Edit] = []
        self._group: Edit | None = None
        self._grouping = False
        self._saved_at: int | None = 0  # undo depth of the saved state; None: unreachable

    def change(self, label: str, values: dict[str, Any]) -> None:
        """Set top-level keys (ABSENT removes one) as one edit, or as part of the open group."""
        if self._derive is not None:
            values = self._derive(self.data, values)
        before = {k: copy.deepcopy(self.data.get(k, ABSENT)) for k in values}
        edit = Edit(label, before, copy.deepcopy(values))
        _put(self.data, values)
        if self._grouping:
            self._group = edit if self._group is None else self._group.merged(edit)
        else:
            self._push(edit)

    def begin_group(self) -> None:
        """Every change until end_group() becomes one undo step, labelled by the first."""
        self.end_group()
        self._grouping, self._group = True, None

    def end_group(self) -> None:
        if self._group is not None:
            self._push(self._group)
        self._grouping, self._group = False, None

    @contextmanager
    def group(self) -> Iterator[None]:
        self.begin_group()
        try:
            yield
        finally:
            self.end_group()

    def _push(self, edit: Edit) -> None:
        if edit.changes_nothing():
            return
        if self._saved_at is not None and self._saved_at > len(self._undo):
            self._saved_at = None  # the saved state was undone and is now replaced
        self._undo.append(edit)
        self._redo.clear()

    def undo(self) -> str | None:
        """Undo the last edit; its label, or None when there is nothing to undo."""
        if not self._undo:
            return None
        edit = self._undo.pop()
        _put(self.data, edit.before)
        self._redo.append(edit)
        return edit.label

    def redo(self) -> str | None:
        """Redo the last undone edit; its label, or None when there is nothing to redo."""
        if not self._redo:
            return None
        edit = self._redo.pop()
        _put(self.data, edit.after)
        self._undo.append(edit)
        return edit.label

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def modified(self) -> bool:
        return self._saved_at != len(self._undo)

    def mark_saved(self) -> None:
        self._saved_at = len(self._undo)

    def mark_unsaved(self) -> None:
        """A map no file holds (a generated one): changed until it is saved."""
        self._saved_at = None
